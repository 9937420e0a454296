"""Events (DESIGN.md §4b): what happened, as a code and structured arguments, with per-seat visibility.

Rules code emits ``state.emit("draw", seat, inst)`` or ``state.emit("attack", seat, unit, target=At(t))``:
a code, the seat it happened to, the card it is about (an instance: its identity is recorded with the seats
that may know it at that moment), and named arguments that are public facts — numbers, strings, seats — or
references resolved when the event is recorded:

- ``At(inst)``: the place a card lies (zone id and position) and the card, for whoever may know it;
- ``Card(inst)``: another card the event names, for whoever may know it;
- ``Zone(zone)``: a zone, by its id (``p1.support1``).

An event never holds an instance id: ``view(seat)`` turns it into JSON (tefuda/schema/event.schema.json) with
card ids only where that seat may know them. Text in Japanese and English is made from that by the view layer
(``tefuda.view``), never stored in the event.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class At(NamedTuple):
    """Marker: the place of instance ``inst`` (resolved when the event is recorded)."""

    inst: int


class Card(NamedTuple):
    """Marker: the identity of instance ``inst``, for whoever may know it."""

    inst: int


class Zone(NamedTuple):
    """Marker: a zone, by index."""

    zone: int


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
