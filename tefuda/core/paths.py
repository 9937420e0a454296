"""Where tefuda keeps what it writes on its own (not what a command was told to write): the server's
database and the replays of simulated games that failed. ``$TEFUDA_DATA`` if set, else the XDG data
directory (``~/.local/share/tefuda``) — never the current directory, silently."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    return Path(
        os.environ.get("TEFUDA_DATA")
        or Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "tefuda"
    )
