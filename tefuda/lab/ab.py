"""A/B tests of a card change — the designer's question "did my nerf work?".

The same seeds are played under both card sets (A: before, B: after), per deck matchup, so each game under B
has a twin under A that differs only by the change (same deal where the decks allow, same agents' seeds).
Deltas are paired by seed: the mean of the per-seed differences with a normal 95 % interval, far narrower
than comparing two independent samples. A card's win rate (of the seats that played it) is conditional on
its being played, which pairs poorly, so its delta takes Newcombe's interval for two independent rates.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import permutations
from pathlib import Path
from typing import Any

from tefuda.core import load_game
from tefuda.core.cards import CardSet

from .runner import GameResult, Interrupted, run_games
from .stats import Z95, wilson


def paired(xs: list[float], ys: list[float]) -> dict[str, Any]:
    """A (``xs``) against B (``ys``), seed by seed: the mean difference B − A and its 95 % interval."""
    n = len(xs)
    if n == 0:
        return {"a": None, "b": None, "delta": None, "ci": [None, None], "n": 0, "significant": False}
    d = [y - x for x, y in zip(xs, ys, strict=True)]
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else float("inf")
    lo, hi = mean - half, mean + half
    return {
        "a": sum(xs) / n,
        "b": sum(ys) / n,
        "delta": mean,
        "ci": [lo, hi],
        "n": n,
        "significant": lo > 0 or hi < 0,
    }


def unpaired(wa: int, na: int, wb: int, nb: int) -> dict[str, Any]:
    """Two independent rates: B − A with Newcombe's (hybrid Wilson) 95 % interval."""
    if not na or not nb:
        return {"a": wa / na if na else None, "b": wb / nb if nb else None, "delta": None, "ci": [None, None],
                "n": [na, nb], "significant": False}  # fmt: skip
    pa, pb = wa / na, wb / nb
    la, ua = wilson(wa, na)
    lb, ub = wilson(wb, nb)
    d = pb - pa
    lo = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    hi = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return {"a": pa, "b": pb, "delta": d, "ci": [lo, hi], "n": [na, nb], "significant": lo > 0 or hi < 0}


def changed_cards(a: CardSet, b: CardSet) -> list[dict[str, Any]]:
    """Every card whose definition differs between the sets (changed, added or removed), by id."""
    ia, ib = {c.id: c for c in a}, {c.id: c for c in b}
    out = []
    for cid in [*ia, *(k for k in ib if k not in ia)]:
        ca, cb = ia.get(cid), ib.get(cid)
        if ca is not None and cb is not None:
            if (ca.name, ca.name_en, ca.type, dict(ca.data)) == (cb.name, cb.name_en, cb.type, dict(cb.data)):
                continue
            change = "changed"
        else:
            change = "added" if ca is None else "removed"
        c = cb or ca
        assert c is not None
        fields = sorted(
            k
            for k in {*(ca.data if ca else {}), *(cb.data if cb else {})}
            if (ca and ca.data.get(k)) != (cb and cb.data.get(k))
        )
        out.append({"card": cid, "name": c.name, "name_en": c.name_en, "change": change, "fields": fields})
    return out


def _score(r: GameResult, seat: int) -> float | None:
    """1 for a win of ``seat``, ½ for a draw, 0 for a loss; None for a game that did not finish."""
    if r.error is not None or r.aborted:
        return None
    won = r.winners or (() if r.winner is None else (r.winner,))
    if not won:
        return 0.5
    return 1.0 if seat in won else 0.0


def ab_test(
    game_id: str,
    specs: list[str],
    n: int,
    *,
    cards_a: str | None,
    cards_b: str | None,
    decks: list[str] | None = None,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    max_actions: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every matchup ``n`` times under card set A and again under B, on the same seeds, and report
    the deltas: per matchup, P1's score; per changed card, its play rate (paired) and the win rate of the
    seats that played it."""
    ga = load_game(game_id, options, cards_path=cards_a)
    gb = load_game(game_id, options, cards_path=cards_b)
    changed = changed_cards(ga.cardset, gb.cardset)
    if len(specs) != 2 and decks:
        raise ValueError("--decks plays a two-player grid")
    pairs: list[tuple[str | None, str | None]] = [(None, None)]
    if decks:
        pairs = [(decks[i], decks[j]) for i, j in permutations(range(len(decks)), 2)]
    label = {None: "default"} | {d: Path(d).stem for d in decks or []}
    matchups = []
    card_rows: dict[str, dict[str, list]] = {
        c["card"]: {"play_a": [], "play_b": [], "win": [0, 0, 0, 0]} for c in changed
    }
    unfinished = 0
    for k, (d1, d2) in enumerate(pairs):
        s = seed + 7919 * (k + 1) if decks else seed
        paths = [d1, d2] if decks else None
        runs = []
        for cards in (cards_a, cards_b):
            try:
                _, results, _ = run_games(
                    game_id, specs, n, seed=s, jobs=jobs, options=options, deck_paths=paths,
                    max_actions=max_actions, progress=progress, cards=cards,
                )  # fmt: skip
            except Interrupted:  # Ctrl-C or SIGTERM: a stop, not a broken card set
                raise
            except Exception as e:
                which = "A" if cards is cards_a else "B"
                raise ValueError(f"card set {which} ({cards or 'the game’s own'}): {e}") from None
            runs.append(results)
        xs, ys = [], []
        for ra, rb in zip(*runs, strict=True):
            sa, sb = _score(ra, 0), _score(rb, 0)
            if sa is None or sb is None:
                unfinished += 1
                continue
            xs.append(sa)
            ys.append(sb)
            for c in changed:
                row = card_rows[c["card"]]
                for which, (r, game) in enumerate(((ra, ga), (rb, gb))):
                    card = game.cardset.find(c["card"])
                    masks = r.cards.get(card.index) if card is not None else None
                    played = masks[1] if masks else 0
                    row["play_b" if which else "play_a"].append(1.0 if played else 0.0)
                    for seat in range(len(specs)):
                        if played >> seat & 1:
                            row["win"][2 * which + 1] += 1
                            row["win"][2 * which] += _score(r, seat) == 1.0
        matchups.append({"p1_deck": label[d1], "p2_deck": label[d2], "p1_score": paired(xs, ys)})
    cards_out = []
    for c in changed:
        row = card_rows[c["card"]]
        wa, na, wb, nb = row["win"]
        cards_out.append(
            {**c, "play_rate": paired(row["play_a"], row["play_b"]), "win_rate": unpaired(wa, na, wb, nb)}
        )
    return {
        "game": game_id,
        "agents": {f"p{i + 1}": sp for i, sp in enumerate(specs)},
        "cards_a": cards_a or "(the game's own pool)",
        "cards_b": cards_b or "(the game's own pool)",
        "card_set_a": ga.cardset.digest,
        "card_set_b": gb.cardset.digest,
        "games_per_matchup": n,
        "seed": seed,
        "changed": changed,
        "matchups": matchups,
        "cards": cards_out,
        "unfinished": unfinished,
    }
