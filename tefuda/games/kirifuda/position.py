"""Set up a 切り札 position by hand (scenario tests, rule puzzles, bug reports): ``game.position(...)``.

Cards are named (Japanese, English or id); decks and life are listed top first. Deck rules are not checked —
a position is a moment of a game, not a game's start — but the table is: every name must be a card, trump
cards only in a 切り札置き場 and main cards everywhere else, at most two support slots, two players. The
position stops exactly where it is asked to (the first decision of the セット or ドロー phase) or says why it
cannot (``advance=True`` accepts the rules moving on, e.g. past a player with nothing to set).
"""

from __future__ import annotations

from collections.abc import Sequence

from tefuda.core import Game, PositionError

from . import phases
from .cards import MAIN, SUPPORT, TRUMP_A, TRUMP_ATTACKER, TRUMP_S, TRUMP_SUPPORT, TYPE_IDS
from .phase_ids import DRAW, PHASE_NAMES, SET_ATTACKER, UNOPENED_FLAG
from .state import KirifudaState
from .zones import ATTACKER_SLOT, DECK, HAND, LIFE, NZ, SUPPORT_SLOTS, TRUMP, zone_specs

Names = Sequence[str]
_STARTS = {"set": SET_ATTACKER, "draw": DRAW}


def position(
    game: Game,
    *,
    hands: Sequence[Names],
    decks: Sequence[Names] = ((), ()),
    lives: Sequence[Names] = ((), ()),
    supports: Sequence[Sequence[str | None]] = ((), ()),
    attackers: Sequence[str | None] = (None, None),
    trumps: Sequence[Names] = ((), ()),
    first: int = 0,
    start: str = "set",
    round: int = 1,
    seed: int = 0,
    trump_used: Sequence[bool] = (False, False),
    overwrite_used: Sequence[bool] = (False, False),
    record: bool = True,
    advance: bool = False,
) -> KirifudaState:
    """A state at the first decision of the セット (``start="set"``) or ドロー (``"draw"``) phase of
    ``round``. ``attackers``: a support each player left set in the アタッカー置き場 at an earlier attacker
    open (not declared a セットアタッカー; only a support can be there between rounds). Raises
    :class:`PositionError` naming the argument that breaks a rule of the table."""
    cs = game.cardset
    if start not in _STARTS:
        raise PositionError(f"position: start must be one of {', '.join(_STARTS)}, not {start!r}")
    per_player = {
        "hands": hands,
        "decks": decks,
        "lives": lives,
        "supports": supports,
        "attackers": attackers,
        "trumps": trumps,
        "trump_used": trump_used,
        "overwrite_used": overwrite_used,
    }
    for arg, value in per_player.items():
        if len(value) != 2:
            raise PositionError(f"position: {arg} needs one entry per player (2), got {len(value)}")
    if first not in (0, 1):
        raise PositionError(f"position: first must be 0 or 1, not {first!r}")
    if round < 1:
        raise PositionError(f"position: round must be 1 or more, not {round}")

    def card(name: str, where: str, trump: bool) -> int:
        c = cs.find(name) if isinstance(name, str) else None
        if c is None:
            raise PositionError(f"position: {where}: no card named {name!r}")
        is_trump = TYPE_IDS.index(c.type) in (TRUMP_ATTACKER, TRUMP_SUPPORT)
        if trump and not is_trump:
            raise PositionError(
                f"position: {where}: {c.label} is not a trump card (切り札置き場には切り札だけ)"
            )
        if not trump and is_trump:
            raise PositionError(f"position: {where}: {c.label} is a trump card; it lies only in trumps")
        return c.index

    instances: list[tuple[int, int, int, int]] = []
    for seat in range(2):
        for arg, zone, names in (("decks", DECK, decks[seat]), ("hands", HAND, hands[seat]),
                                 ("lives", LIFE, lives[seat])):  # fmt: skip
            for k, name in enumerate(names):
                instances.append((card(name, f"{arg}[{seat}][{k}]", False), seat, MAIN, seat * NZ + zone))
        if len(supports[seat]) > len(SUPPORT_SLOTS):
            raise PositionError(f"position: supports[{seat}]: there are only 2 support slots")
        for k, slot in enumerate(supports[seat]):
            if slot is not None:
                c = card(slot, f"supports[{seat}][{k}]", False)
                instances.append((c, seat, MAIN, seat * NZ + SUPPORT_SLOTS[k]))
        if (attacker := attackers[seat]) is not None:
            c = card(attacker, f"attackers[{seat}]", False)
            if TYPE_IDS.index(cs[c].type) != SUPPORT:
                raise PositionError(
                    f"position: attackers[{seat}]: {cs[c].label} is not a support — an attacker always turns "
                    "face up at the attacker open, so only a support can be left set in the attacker slot"
                )
            instances.append((c, seat, MAIN, seat * NZ + ATTACKER_SLOT))
        kinds = []
        for k, name in enumerate(trumps[seat]):
            c = card(name, f"trumps[{seat}][{k}]", True)
            kinds.append(cs[c].type)
            klass = TRUMP_A if cs[c].type == "trump_attacker" else TRUMP_S
            instances.append((c, seat, klass, seat * NZ + TRUMP))
        if len(kinds) != len(set(kinds)):
            raise PositionError(f"position: trumps[{seat}]: a trump deck holds one card of each kind")
    s = KirifudaState.__new__(KirifudaState)
    s._init_core(game, 2, zone_specs(2), instances, seed, record)
    s.init_fields(first)
    s.round = round
    s.rps_winner = first
    s.overwrite_used = list(overwrite_used)
    s.trump_used = list(trump_used)
    for seat in range(2):
        for inst in s.zones[seat * NZ + ATTACKER_SLOT]:
            s.flags[inst] |= UNOPENED_FLAG  # it stayed face down at the last attacker open: public
    if start == "set":
        phases.begin_set_phase(s)
    else:
        phases.begin_draw_phase(s)
    if s.pending is None and s.result is None:
        s.run()
    try:
        s.check_invariants()
    except AssertionError as e:
        raise PositionError(f"position: {e}") from None
    if (s.phase != _STARTS[start] or s.to_move != first) and not advance:
        got = (
            "the game is over"
            if s.is_over
            else f"the rules move on to P{s.to_move + 1}'s decision in {PHASE_NAMES[s.phase][1]}"
        )
        raise PositionError(
            f"position: the first player (P{first + 1}) has nothing to decide at the start of "
            f"{PHASE_NAMES[_STARTS[start]][1]} here — {got} (pass advance=True to accept)"
        )
    return s
