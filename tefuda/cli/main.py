"""The ``tefuda`` command: games, cards, decks, play, sim, ladder, replay, analyze, positions, bench.

One module per command group (catalog, play, sim, replays, bench) over the same core and lab; a server is
another front end beside this one. Every error a user can cause ends in one clear line and a non-zero exit,
never a traceback.
"""

from __future__ import annotations

from .app import app

# each module registers its commands on the app; the order here is the order of `tefuda --help`
# isort: off
from . import catalog  # noqa: F401
from . import play  # noqa: F401
from . import sim  # noqa: F401
from . import ladder  # noqa: F401
from . import replays  # noqa: F401
from . import bench  # noqa: F401
from . import serve  # noqa: F401
# isort: on

__all__ = ["app", "main"]


def main() -> None:  # pragma: no cover
    app()
