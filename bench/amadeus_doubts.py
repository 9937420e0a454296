"""アマデウス for its designer: how often is a cheating deck caught, by how much it cheats?

Both players play a deck with ``kinds`` names (neither 殿堂 nor プレミアム殿堂) in ``copies`` copies each and
singletons for the rest (the compulsory イカサマ① asks for kinds ≥ 5), drawn from the fire / nature / darkness
cards of the pool, under two ISMCTS agents. Reported per setting: the share of players given at least one
ダウトポイント, the share of games lost to the special loss (ダウト), and the mean points per player.

    .venv/bin/python bench/amadeus_doubts.py [games per setting, default 40] [seconds per decision, 0.03]

About 40 games a minute per setting on this 2-core machine at the defaults; progress is printed.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from tefuda.agents import make_agent
from tefuda.core import load_game
from tefuda.lab.runner import play_game

SETTINGS = [(5, 2), (5, 4), (8, 2), (8, 3), (10, 2)]  # (kinds, copies)
CIVS = ("fire", "nature", "darkness")


def deck_text(kinds: int, copies: int) -> str:
    g = load_game("amadeus")
    pool = [
        c
        for c in g.cardset
        if c.type in ("creature", "spell")
        and g.tables.supported[c.index]
        and not c.get("hall")
        and not c.get("banned")
        and c.get("civ", [None])[0] in CIVS
        and len(c.get("civ", [])) == 1
    ]
    pool.sort(key=lambda c: (c.get("cost", 0), c.id))
    cheats = pool[:kinds]
    singles = pool[kinds : kinds + 40 - kinds * copies]
    lines = [f"{copies} {c.name}" for c in cheats] + [f"1 {c.name}" for c in singles]
    return f"# {kinds} kinds x {copies}\n" + "\n".join(lines) + "\n"


def one(args: tuple[int, int, int, float]) -> tuple[list[int], str, int | None]:
    kinds, copies, seed, seconds = args
    g = load_game("amadeus")
    deck = g.parse_deck(deck_text(kinds, copies))
    agents = [make_agent(f"ismcts:seconds={seconds}", seed * 2 + k) for k in (0, 1)]
    state, _ = play_game(g, [deck, deck], agents, seed)
    res = state.result
    return list(state.points), res.code if res else "stuck", res.winner if res else None


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.03
    print("kinds copies games  caught(≥1 point)  lost to doubt  mean points", flush=True)
    with ProcessPoolExecutor() as pool:
        for kinds, copies in SETTINGS:
            results = list(pool.map(one, [(kinds, copies, s, seconds) for s in range(games)]))
            caught = sum(1 for pts, _, _ in results for p in pts if p >= 1)
            doubt = sum(1 for _, code, _ in results if code == "doubt")
            points = sum(sum(pts) for pts, _, _ in results)
            print(
                f"{kinds:5d} {copies:6d} {games:5d}  {caught / (2 * games):16.0%}  {doubt / games:13.0%}"
                f"  {points / (2 * games):11.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
