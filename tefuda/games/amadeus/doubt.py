"""The Amadeus rule: ダウト (a second copy or a プレミアム殿堂 card seen), ダウトポイント, the ダウトゾーン
and the special loss (特殊敗北条件). On online tabletops nobody notices a doubt unless a player does; here the
engine looks at every card the moment it is made public (公開: placed in a public zone, turned face up, or
shown) and at nothing else — a card only its owner looked at never counts.

- ① a card made public while a card of the same name (同名 = same name and same effect: the same card
  definition) of the same owner is already public; ③ two such cards made public at the same time (or, at a
  turn's start, two still public after a skipped end of turn); ② a プレミアム殿堂 card made public.
- Then the card and the public cards of its name are given 「このターンの終わりに、このカードをダウトゾーンに
  表向きにして置く。」 (``MARKED``), and their owner gets 1 ダウトポイント per kind (2 for a プレミアム殿堂).
- A player with 2 points, or 2 kinds or a プレミアム殿堂 card in their ダウトゾーン, has met the special loss
  condition and loses at the end of the turn (first met, first resolved; at once, the turn player first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core.observe import FACE_UP

from .phase_ids import MARKED
from .zones import DOUBT, NZ, PUBLIC_ZONES, SHIELDS

if TYPE_CHECKING:
    from .state import AmadeusState

_SCAN = tuple(sorted(PUBLIC_ZONES - {DOUBT}))  # the ダウトゾーン's cards were judged already


def public_cards(s: AmadeusState, owner: int) -> list[int]:
    """The owner's cards that are public now and not already judged (the ダウトゾーン's are)."""
    zs = s.zones
    out: list[int] = []
    for k in _SCAN:
        out += zs[owner * NZ + k]
    flags = s.flags
    out += [i for i in zs[owner * NZ + SHIELDS] if flags[i] & FACE_UP]
    return out


def publish(s: AmadeusState, insts: list[int], *, guard: int = -1) -> bool:
    """Cards were made public together: give the marks and points their ダウト earns. ``guard``: the player
    a イエローカード is being played against (no marks, no points for them). True when a doubt was found."""
    if s.game.base_only or not insts or s.result is not None:
        return False
    cards, flags = s.cards, s.flags
    hall, counted = s.game.tables.hall, s.game.tables.counted
    any_owner = s.game.options["doubt_owner"] == "any"
    found = False
    done: set[tuple[int, int]] = set()
    for x in insts:
        card = cards[x]
        if not counted[card] or flags[x] & MARKED:
            continue  # already caught this turn: moving it on is no new doubt
        owner = s.owner[x]
        key = (-1 if any_owner else owner, card)
        if key in done:
            continue
        pool = public_cards(s, owner) if not any_owner else public_cards(s, 0) + public_cards(s, 1)
        group = [i for i in {*pool, *insts} if cards[i] == card]
        premium = hall[card] == 2
        if len(group) < 2 and not premium:
            continue
        done.add(key)
        found = True
        # both owners at once (doubt_owner = any): the turn player first
        owners = sorted({s.owner[i] for i in group}, key=lambda p: p != s.active)
        if guard in owners:
            s.emit("doubt_unpunished", guard, x)
            continue
        for i in sorted(group):
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
    """③ at a turn's start: two cards of one name (of one owner) still public together — a skipped end of
    turn left a doubt in the graveyard — are a doubt again."""
    if s.game.base_only:
        return
    any_owner = s.game.options["doubt_owner"] == "any"
    counted, cards, flags = s.game.tables.counted, s.cards, s.flags
    seen: set[tuple[int, int]] = set()
    twice: list[int] = []
    for p in (s.active, 1 - s.active):
        for i in public_cards(s, p):
            key = (-1 if any_owner else p, cards[i])
            if counted[cards[i]] and not flags[i] & MARKED:
                if key in seen:
                    twice.append(i)
                seen.add(key)
    if twice:
        publish(s, twice)


def doom(s: AmadeusState, seat: int, why: str) -> None:
    """「このターンの終了時、自分はゲームに敗北する。」 — like a standing effect: nothing avoids it."""
    if seat not in s.doomed:
        s.doomed.append(seat)
        s.emit("doomed", seat, why=why)


def check_doubt_zones(s: AmadeusState) -> None:
    """The ダウトゾーン's own loss condition: 2 names, or a プレミアム殿堂 card, face up there (the turn
    player's looked at first)."""
    if s.game.base_only:
        return
    tb, cards, flags = s.game.tables, s.cards, s.flags
    counted = tb.counted
    for p in (s.active, 1 - s.active):
        shown = [i for i in s.zones[p * NZ + DOUBT] if flags[i] & FACE_UP and counted[cards[i]]]
        if len({cards[i] for i in shown}) >= 2 or any(tb.hall[cards[i]] == 2 for i in shown):
            doom(s, p, "doubt_zone")


def clear_marks(s: AmadeusState) -> None:
    """A turn whose end was skipped: its 「このターンの終わりに」 never came; the marks lapse."""
    s.marked = False
    flags = s.flags
    for i in range(len(flags)):
        flags[i] &= ~MARKED


def resolve_loss(s: AmadeusState) -> bool:
    """Who met the special loss condition first loses now. True when the game ended."""
    if s.doomed and s.result is None:
        loser = s.doomed[0]
        s.finish(1 - loser, "doubt")
        return True
    return False
