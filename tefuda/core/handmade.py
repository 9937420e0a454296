"""Helpers for a game's position builder (``game.position(...)``, positions set up by hand for scenario
tests and puzzles): the argument checks every builder makes, with the same errors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import CardSet
from .errors import PositionError


def arg_error(arg: str, why: str) -> PositionError:
    """The error for a bad argument: ``position: <arg>: <why>``."""
    return PositionError(f"position: {arg}: {why}")


def per_player(arg: str, value: Any, nplayers: int = 2) -> None:
    """A per-player argument has one entry per player."""
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != nplayers:
        raise arg_error(arg, f"needs one entry per player ({nplayers}), got {value!r}")


def named_card(cardset: CardSet, name: Any, where: str, marks: str = "~") -> int:
    """A card named by Japanese name, English name or id (leading ``marks`` ignored: a builder's own
    notation, e.g. ``~`` for face down or defence position)."""
    c = cardset.find(name.lstrip(marks)) if isinstance(name, str) else None
    if c is None:
        raise arg_error(where, f"no card named {name!r}")
    return c.index
