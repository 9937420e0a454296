"""A table laid out by seat: every seat has the same places side by side (core/zones.py ``each_seat``), so a
place is ``zone_base + seat * seat_zones + k`` — the lookups every game on such a table needs, once."""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .flow import FlowState


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own classes, compiled or not
class SeatTable(FlowState):
    """A state on the flow whose zones are laid out by seat. One line of classes (State → FlowState →
    SeatTable → TurnOwner), not mixins: a compiled build (mypyc) has single inheritance only, and a line keeps
    every attribute a direct slot."""

    __slots__ = ()
    seat_zones: ClassVar[int]  # places per seat (the game's NZ)
    zone_base: ClassVar[int] = 0  # zones before the first seat's (shared zones)
    hand_place: ClassVar[int] = 1  # which of a seat's places is its hand (手札)

    first: int  # the seat that went first (the game sets it in its setup)

    @property
    def tables(self) -> Any:
        """The game's compiled card tables (its cards.py)."""
        return self.game.tables

    @property
    def second(self) -> int:
        """The seat that did not go first (two-seat games)."""
        return 1 - self.first

    def z(self, seat: int, k: int) -> tuple[int, ...]:
        """The cards in seat's place ``k``."""
        return self.zones[self.zone_base + seat * self.seat_zones + k]

    def seat_of(self, inst: int) -> int:
        """Whose side a card is on now."""
        return (self.where[inst] - self.zone_base) // self.seat_zones

    def place_of(self, inst: int) -> int:
        """Which of its seat's places a card is in."""
        return (self.where[inst] - self.zone_base) % self.seat_zones

    def hand_cards(self, seat: int) -> list[int]:
        """Distinct card definitions in a hand, sorted (one action per kind of card, not per copy)."""
        return self.distinct_cards(self.zone_base + seat * self.seat_zones + self.hand_place)

    def hand_instance(self, seat: int, card: int) -> int:
        """The copy of ``card`` that leaves the hand (the first one held)."""
        return self.first_instance(self.zone_base + seat * self.seat_zones + self.hand_place, card)


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own classes, compiled or not
class TurnOwner(SeatTable):
    """A seat-laid state that keeps whose turn it is in ``active``, who went first in ``first`` and the turns
    begun in ``turn``: the core's turn-player questions answered from them."""

    __slots__ = ()
    active: int
    turn: int

    @property
    def active_player(self) -> int:
        return self.active

    @property
    def first_player(self) -> int:
        return self.first

    def turn_count(self) -> int:
        return self.turn
