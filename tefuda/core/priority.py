"""Priority windows (優先権), as plain data for any number of seats; the chain they guard is core/chain.py.

A *window* gives seats, in a fixed order, the right to act or pass; it closes when every seat has passed in a
row.  A *stack* holds activated effects that have not resolved yet.  Activating something puts it on the
stack and opens a response window above the current one, starting with the next seat; when that window
closes, the top item resolves (last in, first out) and the window below goes on where it was.  When the
bottom window (the phase's own, e.g. a battle's force window) closes with an empty stack, the phase is over.

Everything here is immutable tuples and plain lists the game keeps in its state, so clone and replay stay
trivial.  Games decide who may act in a window (e.g. only [Interrupt] forces in a response window); this
module only keeps the order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Window(NamedTuple):
    """Seats in the order they get priority; ``pos`` is whose turn it is; ``passes`` in a row so far."""

    order: tuple[int, ...]
    pos: int = 0
    passes: int = 0

    @property
    def seat(self) -> int:
        return self.order[self.pos]

    def passed(self) -> Window | None:
        """The window after the current seat passes, or None when every seat has now passed in a row."""
        passes = self.passes + 1
        if passes >= len(self.order):
            return None
        return Window(self.order, (self.pos + 1) % len(self.order), passes)

    def acted(self) -> Window:
        """The window after the current seat acted: the next seat's turn, the pass count starts again."""
        return Window(self.order, (self.pos + 1) % len(self.order), 0)


def window_from(order: Sequence[int], first: int) -> Window:
    """A window over ``order`` (a cyclic seating) whose first turn is ``first``'s."""
    order = tuple(order)
    return Window(order, order.index(first), 0)


def clockwise_from(nplayers: int, seat: int) -> tuple[int, ...]:
    """All seats, starting with ``seat`` and going round the table (seat + 1 is on its left)."""
    return tuple((seat + k) % nplayers for k in range(nplayers))
