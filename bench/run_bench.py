"""Run `tefuda bench` for every registered game and print one JSON object per game."""

from __future__ import annotations

import json
import sys

from tefuda.build import describe
from tefuda.core import game_ids
from tefuda.core.game import play_modes
from tefuda.lab.bench import bench

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for gid in game_ids():
        for mode in play_modes(gid):
            if mode.options:
                continue  # same engine paths as the plain mode of that player count
            print(json.dumps({"build": describe(), **bench(gid, seconds, players=mode.players)}), flush=True)
