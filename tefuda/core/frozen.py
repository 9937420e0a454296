"""How a frozen dataclass pickles in a compiled build: by its constructor. pickle's default sets each field
on a blank object, which a compiled (mypyc) frozen class refuses; the AI's worker processes and the lab's
receive decisions, worlds and card tables pickled. Pure Python pickles the same values either way."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_constructor(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` for a dataclass: its constructor's fields, in order (the others it works out again)."""
    return type(obj), tuple([getattr(obj, f.name) for f in fields(obj) if f.init])
