"""Events (DESIGN.md §4b): what happened, as a code and structured arguments, with per-seat visibility.

Rules code emits ``state.emit("draw", seat, inst)`` or ``state.emit("attack", seat, unit, at=unit,
target=other)``: a code, the seat it happened to, the card it is about (an instance: its identity is
recorded with the seats that may know it at that moment), and named arguments that are public facts —
numbers, strings, seats. Arguments whose *name* says they refer to the table hold instance or zone numbers,
resolved when the event is recorded (never held as numbers):

- a **place** (``at``, ``target``, ``attacker``, ``blocker``, …): where a card lies — zone id and position —
  and the card, for whoever may know it;
- a **card** (``source``, ``by``, ``under``, ``gone``, …): another card's identity, for whoever may know it;
- a **zone** (``slot``, ``to``, ``paid_from``): a zone, by its id (``p1.support1``).

``EVENT_REFS`` lists the core's names; a game adds its own in ``Game.event_refs``. Passing plain ints costs
rules code nothing when events are not recorded (simulations, searches), unlike wrapper objects.

An event never holds an instance id: ``view(seat)`` turns it into JSON (tefuda/schema/event.schema.json) with
card ids only where that seat may know them. Text in Japanese and English is made from that by the view layer
(``tefuda.view``), never stored in the event.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

PLACE: Final = "place"
CARD: Final = "card"
ZONE: Final = "zone"

# argument names that refer to the table: name -> what its int (or list of ints) is
EVENT_REFS: Final[dict[str, str]] = {
    "at": PLACE,
    "target": PLACE,
    "attacker": PLACE,
    "attackers": PLACE,
    "blocker": PLACE,
    "onto": PLACE,
    "unit": PLACE,
    "base": PLACE,
    "source": CARD,
    "by": CARD,
    "force": CARD,
    "under": CARD,
    "gone": CARD,
    "slot": ZONE,
    "to": ZONE,
    "paid_from": ZONE,
}


class PlaceRef(NamedTuple):
    """A recorded place: zone id, position (None for a whole zone), card definition (-1: none) and who may
    know it."""

    zone: str
    pos: int | None
    card: int
    mask: int


class CardRef(NamedTuple):
    card: int
    mask: int


def _view(v: Any, seat: int, ids: Any) -> Any:
    if isinstance(v, PlaceRef):
        shown = ids[v.card] if v.card >= 0 and (seat < 0 or (v.mask >> seat) & 1) else None
        return {"zone": v.zone, "pos": v.pos, "card": shown}
    if isinstance(v, CardRef):
        return {"card": ids[v.card] if seat < 0 or (v.mask >> seat) & 1 else None}
    if isinstance(v, tuple | list):
        return [_view(x, seat, ids) for x in v]
    return v


class Event(NamedTuple):
    """``card`` is a card definition index or -1; ``mask`` the seats (bit per seat, plus a public bit for
    spectators) that may see it; ``args`` the named arguments, ``((name, value), ...)`` — public facts, places
    and cards already resolved."""

    code: str
    seat: int
    card: int
    mask: int
    args: tuple

    def view(self, seat: int, ids: Any = None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``seat`` = number of players: a spectator; -1: everything, for
        an omniscient replay), as JSON. ``ids`` maps card definition indices to card ids (the game's
        ``card_ids``); without it, indices are given."""
        ids = ids if ids is not None else _Identity
        out: dict[str, Any] = {"code": self.code, "seat": None if self.seat < 0 else self.seat}
        if self.card >= 0:
            out["card"] = ids[self.card] if seat < 0 or (self.mask >> seat) & 1 else None
        out["args"] = {k: _view(v, seat, ids) for k, v in self.args}
        return out

    def arg(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default


class _IdentityMap:
    def __getitem__(self, i: int) -> int:
        return i


_Identity = _IdentityMap()
