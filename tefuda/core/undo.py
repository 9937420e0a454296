"""Undo for people (取り消し): a player may take back their own actions, but never past the last moment
hidden information was revealed to anyone — a draw, a card shown or turned face up, a shuffle or any other
chance. Undo restores the game exactly as it was (it is rebuilt from the seed and the actions before), so
nothing anyone saw can be seen differently, and nothing random can be dealt again: undo cannot be used to
peek or to re-roll.

What counts as a reveal is read off the state, not listed per game: an action after which any seat (or
the table) knows an identity it did not know before, or after which the game's random stream moved on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import TefudaError
from .state import State

CHAT = -1  # an entry that is a chat line, not an action


class UndoRefused(TefudaError):
    """Nothing to take back, or taking it back would cross a reveal or another person's action."""


@dataclass
class UndoLog:
    """Who took each entry of a game, and the earliest entry undo may still go back to (``floor``)."""

    actors: list[int] = field(default_factory=list)
    floor: int = 0

    @staticmethod
    def before(state: State) -> tuple[int, list[int]]:
        """What the state shows of chance and knowledge now (taken just before an action)."""
        return state.rng.s, state.known[:]

    def after(self, state: State, before: tuple[int, list[int]], actor: int) -> bool:
        """Record an action by ``actor``; True if it revealed something (undo stops here from now on)."""
        self.actors.append(actor)
        rng, known = before
        revealed = state.rng.s != rng or len(state.known) != len(known)
        if not revealed:
            revealed = any(now & ~was for now, was in zip(state.known, known, strict=True))
        if revealed:
            self.floor = len(self.actors)
        return revealed

    def chat(self) -> None:
        """A chat line is said to everyone: it cannot be unsaid, so undo stops there too."""
        self.actors.append(CHAT)
        self.floor = len(self.actors)

    def target(self, seat: int, agents: list[Any]) -> int:
        """How many entries to keep so that ``seat``'s last action is taken back (with any AI actions after
        it). Raises :class:`UndoRefused` with the reason when it may not."""
        mine = [i for i in range(self.floor, len(self.actors)) if self.actors[i] == seat]
        if not mine:
            if any(a == seat for a in self.actors[: self.floor]):
                raise UndoRefused(
                    "cannot undo past a reveal (a draw, a card shown or turned up, a shuffle) or a chat "
                    "line: 取り消せません(公開された情報があります)"
                )
            raise UndoRefused("nothing of yours to undo — 取り消す行動がありません")
        j = mine[-1]
        for i in range(j + 1, len(self.actors)):
            a = self.actors[i]
            if a != CHAT and a != seat and agents[a] is None:
                raise UndoRefused(f"P{a + 1} has acted since — P{a + 1} が行動済みです")
        return j

    def cut(self, keep: int) -> None:
        del self.actors[keep:]
