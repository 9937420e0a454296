"""Playing a test position by notation, as a person types it: the legal actions' notations, and actions
given as text (each refused with the game's own error if it is not legal)."""

from __future__ import annotations


def legal(s) -> list[str]:
    return [s.notation(a) for a in s.legal_actions()]


def do(s, *texts: str) -> None:
    for t in texts:
        s.apply_text(t)
