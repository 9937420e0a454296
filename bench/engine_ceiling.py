"""How much faster could a random playout be made by the engine's design alone? (issue 28)

For each game this measures, on one core:

- ``action_us``: one action of a random playout as ``tefuda bench`` runs it (``legal_actions``, a random pick,
  ``apply``);
- ``framework_us``: the same loop on a real mid-game state whose rule and offer are replaced by ones that do
  nothing but ask the same question again (the offer hands back the list it listed once). What is left is the
  engine's own part of an action: the legality check, the dispatch by rule name, the flow's run loop, the
  prompt, the legal-action cache. ``pick_us`` (the benchmark's random pick) is taken out of it;
- ``ceiling``: ``action_us / (action_us - framework_us)``, the speed-up if that part cost nothing at all.
  Everything else an action costs is the game's rules (offers, moves with their knowledge, events).

Then the per-card storage: reading and writing one element, and copying an 80-element array, as a ``list``,
an ``array('q')`` and a ``bytearray`` (compact typed storage makes a copy cheaper and every access dearer).

    .venv/bin/python bench/engine_ceiling.py [seconds]
"""

from __future__ import annotations

import json
import sys
import timeit
from array import array

from tefuda.build import describe
from tefuda.core import Rng, game_ids, load_game
from tefuda.core.prompt import MENU
from tefuda.lab.bench import bench


def framework_us(game_id: str, n: int = 100_000) -> tuple[float, float]:
    """(µs a framework-only action, µs the random pick) on a mid-game state of ``game_id``."""
    game = load_game(game_id)
    decks = [game.default_deck(s) for s in range(game.min_players)]
    s = game.new_state(decks, 1, players=game.min_players, record=False)
    rng = Rng(0)
    while True:  # a menu of more than one action, as most of a playout's decisions are
        legal = s.legal_actions()
        p = s.pending  # type: ignore[attr-defined]
        if p is not None and p.kind == MENU and len(legal) > 1:
            break
        s.apply(legal[rng.below(len(legal))])
    acts = list(legal)
    cls = type(s)
    fns, offers = cls._fns, cls._offers  # type: ignore[attr-defined]
    saved = fns[p.resume], offers[p.what]

    def again(st, *args):  # the rule: ask the same question again
        st.decide(p.seat, p.what, p.resume, *p.args)

    fns[p.resume] = again
    offers[p.what] = lambda st, *args: acts
    try:
        t = timeit.default_timer()
        for _ in range(n):
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        loop = (timeit.default_timer() - t) / n * 1e6
    finally:
        fns[p.resume], offers[p.what] = saved
    t = timeit.default_timer()
    for _ in range(n):
        legal = acts
        legal[rng.below(len(legal))]
    pick = (timeit.default_timer() - t) / n * 1e6
    return loop, pick


def storage() -> dict[str, dict[str, float]]:
    """ns per element read + write, and per copy of 80 elements."""
    values = list(range(80))
    kinds = {"list": values, "array('q')": array("q", values), "bytearray": bytearray(values)}
    out = {}
    for name, v in kinds.items():
        env = {"v": v}
        rw = min(timeit.repeat("x = v[37]; v[41] = x", globals=env, number=1_000_000, repeat=3)) * 1e3
        cp = min(timeit.repeat("v[:]", globals=env, number=1_000_000, repeat=3)) * 1e3
        out[name] = {"read_write_ns": round(rw, 1), "copy80_ns": round(cp, 1)}
    return out


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for gid in game_ids():
        r = bench(gid, seconds)
        action = 1e6 / r["actions_per_s"]
        loop, pick = framework_us(gid)
        fw = loop - pick
        row = {
            "build": describe(),
            "game": gid,
            "action_us": round(action, 2),
            "framework_us": round(fw, 2),
            "pick_us": round(pick, 2),
            "framework_share": round(fw / action, 3),
            "ceiling": round(action / (action - fw), 3),
        }
        print(json.dumps(row, ensure_ascii=False), flush=True)
    print(json.dumps({"build": describe(), "storage": storage()}), flush=True)
