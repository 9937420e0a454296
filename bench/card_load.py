"""How long a big card file takes to load and a deck to check against it (issue: a 20 000-card file must
load and check a deck in < 2 s). Builds a file of N cards for a game from its own pool (each card copied
under new ids and names), then times `load_game(..., cards_path=...)` and `deck check` of a sample deck.

    .venv/bin/python bench/card_load.py [--game kirifuda] [--cards 1000 2000 20000]
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import tomllib
from pathlib import Path

from tefuda.core.game import load_game


def big_file(game_id: str, n: int, out: Path) -> Path:
    g = load_game(game_id)
    src = (g.package_dir / "cards.toml").read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=\[[a-z][a-z0-9_]*\]\s*$)", src)
    head, cards = blocks[0], [b for b in blocks[1:] if b.strip()]
    parts = [head, *cards]  # the pool itself first, so the sample decks still hold
    i = 0
    while len(parts) - 1 < n:
        b = cards[i % len(cards)]
        k = i // len(cards)
        cid = re.match(r"\[([a-z0-9_]+)\]", b).group(1)
        b = b.replace(f"[{cid}]", f"[{cid}_x{k}]", 1)
        b = re.sub(r'(?m)^name = "(.*)"$', lambda m, k=k: f'name = "{m.group(1)}・{k}"', b, count=1)
        b = re.sub(r'(?m)^name_en = "(.*)"$', lambda m, k=k: f'name_en = "{m.group(1)} {k}"', b, count=1)
        parts.append(b)
        i += 1
    out.write_text("".join(parts), encoding="utf-8")
    tomllib.loads(out.read_text(encoding="utf-8"))  # it is still TOML
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="kirifuda")
    ap.add_argument("--cards", type=int, nargs="+", default=[1000, 2000, 20000])
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    for n in args.cards:
        path = big_file(args.game, n, tmp / f"{args.game}-{n}.toml")
        t0 = time.perf_counter()
        g = load_game(args.game, cards_path=path)
        t1 = time.perf_counter()
        deck = next(iter(g.sample_decks().values()))
        g.load_deck(deck)
        t2 = time.perf_counter()
        print(
            f"{args.game}: {len(g.cardset)} cards — load {t1 - t0:.2f} s, deck check {t2 - t1:.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
