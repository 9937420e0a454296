"""Set up a position by hand (for scenario tests, rule puzzles and bug reports).

Cards are named (Japanese, English or id); decks and life are listed top first. Deck rules are not
checked: a position is a moment of a game, not a game's start.
"""

from __future__ import annotations

from collections.abc import Sequence

from tefuda.core import Game

from . import phases
from .game import MAIN, TRUMP_A, TRUMP_S
from .state import KirifudaState
from .zones import DECK, HAND, LIFE, NZ, SUPPORT_SLOTS, TRUMP, zone_specs

Names = Sequence[str]


def position(
    game: Game,
    *,
    hands: Sequence[Names],
    decks: Sequence[Names] = ((), ()),
    lives: Sequence[Names] = ((), ()),
    supports: Sequence[Sequence[str | None]] = ((), ()),
    trumps: Sequence[Names] = ((), ()),
    first: int = 0,
    start: str = "set",
    round: int = 1,
    seed: int = 0,
    trump_used: Sequence[bool] = (False, False),
    overwrite_used: Sequence[bool] = (False, False),
    record: bool = True,
) -> KirifudaState:
    """A state at the start of the セット (``start="set"``) or ドロー (``"draw"``) phase of ``round``."""
    cs = game.cardset

    def card(name: str) -> int:
        c = cs.find(name)
        if c is None:
            raise ValueError(f"position: no card named {name!r}")
        return c.index

    instances: list[tuple[int, int, int, int]] = []
    for seat in range(2):
        for name in decks[seat]:
            instances.append((card(name), seat, MAIN, seat * NZ + DECK))
        for name in hands[seat]:
            instances.append((card(name), seat, MAIN, seat * NZ + HAND))
        for name in lives[seat]:
            instances.append((card(name), seat, MAIN, seat * NZ + LIFE))
        for k, name in enumerate(supports[seat] if seat < len(supports) else ()):
            if name is not None:
                instances.append((card(name), seat, MAIN, seat * NZ + SUPPORT_SLOTS[k]))
        for name in trumps[seat]:
            c = card(name)
            klass = TRUMP_A if cs[c].type == "trump_attacker" else TRUMP_S
            instances.append((c, seat, klass, seat * NZ + TRUMP))
    s = KirifudaState.__new__(KirifudaState)
    s._init_core(game, 2, zone_specs(2), instances, seed, record)
    s.init_fields(first)
    s.round = round
    s.rps_winner = first
    s.overwrite_used = list(overwrite_used)
    s.trump_used = list(trump_used)
    if start == "set":
        phases.begin_set_phase(s)
    elif start == "draw":
        phases.begin_draw_phase(s)
    else:
        raise ValueError("start must be 'set' or 'draw'")
    return s
