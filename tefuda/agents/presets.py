"""Named settings of an agent (``ai``), apart from the agents themselves so that what reads them (the lab,
the evaluation's note) needs no agent module."""

from __future__ import annotations

from typing import Final

# ``ai`` is the default opponent of play and the server (sim keeps random): the search with the budget
# the ladder chose and each game's own cut-off (``Game.playout_depth``, docs/ai.md), capped at one second a
# decision. ``ai:iters=500`` and the like override a setting.
PRESETS: Final[dict[str, tuple[str, dict[str, str]]]] = {
    "ai": (
        "ismcts",
        {"iters": "1500", "depth": "auto", "max_seconds": "1", "mast": "0.5", "keep": "2", "repeat": "2"},
    ),
}
DEFAULT_AGENT: Final = "ai"
