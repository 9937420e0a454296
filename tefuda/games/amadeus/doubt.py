"""The Amadeus rule: ダウト (a second copy or a プレミアム殿堂 card seen), ダウトポイント, the ダウトゾーン
and the special loss (特殊敗北条件). On online tabletops nobody notices a doubt unless a player does; here the
engine looks at every card the moment it is made public (公開: placed in a public zone, turned face up, or
shown) and at nothing else — a card only its owner looked at never counts.

- ① a card made public while a card of the same name (同名 = same name and same effect: the same card
  definition) is already public — in any public zone, the ダウトゾーン too (「これは公開領域です」), or
  shown in a hand (a declared S・トリガー, held shown until it is used), and whoever owns it (option
  ``doubt_owner = own``: only its owner's); ③ two such cards made public at the same
  time (or, at a turn's start, two still public after a skipped end of turn — but never a pair lying in a
  ダウトゾーン already, which has been judged); ② a プレミアム殿堂 card made public.
- Then the card and the public cards of its name are given 「このターンの終わりに、このカードをダウトゾーンに
  表向きにして置く。」 (``MARKED``; a card in a ダウトゾーン is there already), and each owner of a card given
  it gets 1 ダウトポイント per kind (2 for a プレミアム殿堂).
- A player with 2 points, or 2 kinds or a プレミアム殿堂 card in their ダウトゾーン, has met the special loss
  condition and loses at the end of that turn (``loss_turn = next``: of the next turn) — first met, first
  resolved; at once, the turn player first. A turn whose end is skipped (ザ・クロック) has no such moment: the
  loss due then does not happen (the rulebook's 「特殊敗北条件を満たしたが敗北しなかった」).
"""

from __future__ import annotations

from itertools import chain
from operator import countOf
from typing import TYPE_CHECKING, Final

from tefuda.core.observe import FACE_UP

from .phase_ids import MARKED
from .zones import DOUBT, HAND, NZ, PUBLIC_ZONES, SHIELDS

if TYPE_CHECKING:
    from .state import AmadeusState

_SCAN: Final = tuple(sorted(PUBLIC_ZONES))  # the ダウトゾーン too: 「これは公開領域です」
# the zones whose cards may be public, by the seats compared (``_owners``)
_SCANNED: Final[dict[tuple[int, ...], frozenset[int]]] = {
    seats: frozenset(p * NZ + k for p in seats for k in (*_SCAN, SHIELDS)) for seats in ((0,), (1,), (0, 1))
}
_SCANNED_IN_ORDER: Final = {seats: tuple(sorted(zones)) for seats, zones in _SCANNED.items()}
_COMPILED: Final = not __file__.endswith(".py")  # this module runs compiled (``make fast``)


def held_shown(s: AmadeusState) -> list[int]:
    """The declared S・トリガー still waiting in their owner's hand: shown when declared and held shown until
    used (公開 「カードを見せること」), so public for as long as they wait."""
    where, owner_of = s.where, s.owner
    return [i for i in s.declared if where[i] == owner_of[i] * NZ + HAND]


def public_cards(s: AmadeusState, owner: int) -> list[int]:
    """The owner's cards that are public now: every public zone (the ダウトゾーン too), face-up shields, and
    the declared S・トリガー waiting in the hand (``held_shown``)."""
    zs = s.zones
    out: list[int] = []
    for k in _SCAN:
        out += zs[owner * NZ + k]
    flags = s.flags
    out += [i for i in zs[owner * NZ + SHIELDS] if flags[i] & FACE_UP]
    if s.declared:
        out += [i for i in held_shown(s) if s.owner[i] == owner]
    return out


def _at_most_one(s: AmadeusState, seats: tuple[int, ...], card: int, insts: list[int]) -> bool:
    """True when at most one card of definition ``card`` can be among the public cards of ``seats`` and
    ``insts`` — an upper bound (every shield counted, face down too; a declared S・トリガー waiting in the
    hand too) found without building the pool."""
    scanned = _SCANNED[seats]
    zs, cards = s.zones, s.cards
    if _COMPILED:  # a plain loop is C there; interpreted, the iterators below are (and beat it)
        n = count_scanned(zs, cards, _SCANNED_IN_ORDER[seats], card)
    else:
        n = countOf(map(cards.__getitem__, chain.from_iterable(map(zs.__getitem__, scanned))), card)
    if n >= 2:
        return False
    where, owner_of = s.where, s.owner
    if s.declared:  # each card once: a declared trigger may be among ``insts`` (declared together)
        insts = [*insts, *(i for i in held_shown(s) if i not in insts)]
    for i in insts:
        if cards[i] == card and owner_of[i] in seats and where[i] not in scanned:
            n += 1
    return n < 2


def count_scanned(zs: list[tuple[int, ...]], cards: list[int], zones: tuple[int, ...], card: int) -> int:
    """Copies of ``card`` in ``zones``, counted by a plain loop (what the compiled build runs)."""
    n = 0
    for z in zones:
        for i in zs[z]:
            if cards[i] == card:
                n += 1
    return n


def _owners(s: AmadeusState, owner: int) -> tuple[int, ...]:
    """Whose public cards a card of ``owner`` is compared with (``doubt_owner``)."""
    return (0, 1) if s.game.options["doubt_owner"] == "any" else (owner,)


def publish(s: AmadeusState, insts: list[int], *, guard: int = -1) -> bool:
    """Cards were made public together: give the marks and points their ダウト earns. ``guard``: the player a
    イエローカード is being played against (its doubt gives nobody a mark or a point: 「見るだけであり、何も
    起こしません」). True when a doubt was found."""
    if s.game.base_only or not insts or s.result is not None:
        return False
    cards, flags, owner_of = s.cards, s.flags, s.owner
    hall, counted = s.game.tables.hall, s.game.tables.counted
    any_owner = s.game.options["doubt_owner"] == "any"
    found = False
    done: set[tuple[int, int]] = set()
    for x in insts:
        card = cards[x]
        if not counted[card] or flags[x] & MARKED:
            continue  # already caught this turn: moving it on is no new doubt
        owner = owner_of[x]
        key = (-1 if any_owner else owner, card)
        if key in done:
            continue
        seats = _owners(s, owner)
        premium = hall[card] == 2
        if not premium and _at_most_one(s, seats, card, insts):
            continue  # the common case, told at C speed: no second card of the name is public
        pool = [i for p in seats for i in public_cards(s, p)]
        group = [i for i in {*pool, *insts} if cards[i] == card and owner_of[i] in seats]
        if len(group) < 2 and not premium:
            continue
        done.add(key)
        found = True
        # both owners at once (doubt_owner = any): the turn player first
        owners = sorted({owner_of[i] for i in group}, key=lambda p: p != s.active)
        if guard in owners:
            s.emit("doubt_unpunished", guard, x)
            continue
        for i in sorted(group):
            if s.place_of(i) != DOUBT:  # a card in a ダウトゾーン lies where the effect would put it
                flags[i] |= MARKED
        s.marked = True
        for p in owners:
            gain = 2 if premium else 1
            s.points[p] += gain
            s.emit("doubt", p, x, points=gain, total=s.points[p])
            if s.points[p] >= 2:
                doom(s, p, "points")
    return found


def state_check(s: AmadeusState) -> None:
    """③ at a turn's start: a card of a name (whose doubts count for its owner: ``doubt_owner``) still public
    together with another of that name — a skipped end of turn left a doubt in the graveyard — is a doubt
    again. A pair lying in a ダウトゾーン already is not: it was judged (「ダウトは1回まで許される」)."""
    if s.game.base_only:
        return
    any_owner = s.game.options["doubt_owner"] == "any"
    counted, cards, flags = s.game.tables.counted, s.cards, s.flags
    public: dict[tuple[int, int], list[int]] = {}
    for p in (s.active, 1 - s.active):
        for i in public_cards(s, p):
            if counted[cards[i]]:
                public.setdefault((-1 if any_owner else p, cards[i]), []).append(i)
    again = [
        i
        for group in public.values()
        if len(group) >= 2
        for i in group
        if s.place_of(i) != DOUBT and not flags[i] & MARKED
    ]
    if again:
        publish(s, again)


def doom(s: AmadeusState, seat: int, why: str) -> None:
    """「次のターンのはじめに、このターンの終了時、自分はゲームに敗北する。」 — like a standing effect:
    nothing avoids it. The loss comes at the end of this turn, as ③'s ザ・クロック example has it, not the
    literal words (RULES.md; ``loss_turn = next``: of the next one, word by word)."""
    if seat not in s.doomed:
        s.doomed.append(seat)
        s.lose_at[seat] = s.turn + (1 if s.game.options["loss_turn"] == "next" else 0)
        s.emit("doomed", seat, why=why)


def check_doubt_zones(s: AmadeusState, seats: tuple[int, ...] = (0, 1)) -> None:
    """The ダウトゾーン's own loss condition, for the players whose ダウトゾーン just received cards: 2 names,
    or a プレミアム殿堂 card, face up there (the turn player's looked at first)."""
    if s.game.base_only:
        return
    tb, cards, flags = s.game.tables, s.cards, s.flags
    counted = tb.counted
    for p in (s.active, 1 - s.active):
        if p not in seats:
            continue
        shown = [i for i in s.zones[p * NZ + DOUBT] if flags[i] & FACE_UP and counted[cards[i]]]
        if len({cards[i] for i in shown}) >= 2 or any(tb.hall[cards[i]] == 2 for i in shown):
            doom(s, p, "doubt_zone")


def clear_marks(s: AmadeusState) -> None:
    """A turn whose end was skipped: its 「このターンの終わりに」 never came; the marks lapse, and so does a
    loss due at that end — 「特殊敗北条件を満たしたが敗北しなかった」: that player may meet the condition
    again."""
    s.marked = False
    flags = s.flags
    for i in range(len(flags)):
        flags[i] &= ~MARKED
    for p in [p for p in s.doomed if s.lose_at[p] == s.turn]:
        s.doomed.remove(p)
        s.lose_at[p] = 0
        s.emit("loss_skipped", p)


def resolve_loss(s: AmadeusState) -> bool:
    """At the end of the turn: of the players whose loss is due now, the one who met the condition first
    loses. True when the game ended."""
    if s.result is None:
        for p in s.doomed:
            if s.lose_at[p] == s.turn:
                s.finish(1 - p, "doubt")
                return True
    return False
