"""Events with per-player visibility (DESIGN.md §4): what happened, and who may know which card it was."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """``card`` is a card definition index or -1; ``mask`` the seats (bit per seat, plus a public bit for
    spectators) that may see it.  ``args`` must only ever hold public facts."""

    kind: str
    seat: int
    card: int
    mask: int
    args: tuple

    def view(self, seat: int) -> dict[str, Any]:
        """The event as ``seat`` may see it (``seat`` = number of players for a spectator)."""
        visible = self.card >= 0 and (self.mask >> seat) & 1
        return {
            "kind": self.kind,
            "seat": self.seat,
            "card": self.card if visible else (None if self.card >= 0 else -1),
            "args": self.args,
        }
