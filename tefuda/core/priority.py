"""Priority windows and a LIFO stack (優先権と割り込み), as plain data for any number of seats.

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
from typing import Any, NamedTuple


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


class PriorityStack:
    """A stack of windows with the stack of pending items beside it: both plain lists in the state.

    ``windows[0]`` is the phase's window; ``windows[k]`` (k ≥ 1) is the response window of ``items[k - 1]``.
    """

    __slots__ = ()

    @staticmethod
    def open(windows: list[Window], items: list[Any], window: Window) -> None:
        """Start the phase's window (the stack must be empty)."""
        if windows or items:
            raise ValueError("a priority window is already open")
        windows.append(window)

    @staticmethod
    def holder(windows: list[Window]) -> int:
        """The seat that may act or pass now."""
        return windows[-1].seat

    @staticmethod
    def activate(windows: list[Window], items: list[Any], item: Any) -> None:
        """The holder activates ``item``: it goes on the stack and everyone may respond, next seat first."""
        top = windows[-1]
        windows[-1] = top.acted()
        items.append(item)
        windows.append(Window(top.order, (top.pos + 1) % len(top.order), 0))

    @staticmethod
    def pass_(windows: list[Window], items: list[Any]) -> tuple[str, Any]:
        """The holder passes. Returns ``("continue", None)``, ``("resolve", item)`` — the top item leaves the
        stack and must be resolved now; the window below goes on — or ``("closed", None)``: the phase's
        window closed with nothing on the stack."""
        nxt = windows[-1].passed()
        if nxt is not None:
            windows[-1] = nxt
            return "continue", None
        windows.pop()
        if items:
            return "resolve", items.pop()
        return "closed", None

    @staticmethod
    def depth(items: list[Any]) -> int:
        return len(items)
