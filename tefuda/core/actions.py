"""Actions: small immutable values with a readable notation and a stable integer index.

An action is ``Action(kind, a, b)``: a kind name and up to two small int arguments (a card definition index,
a slot, a position, …).  Its notation (``set-attacker 紅蓮の竜騎士``) is the game's to write and parse, since
only the game knows what its arguments mean; its index comes from the game's :class:`ActionSpace`, for
RL-style action masks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from .errors import IllegalActionError, NotationError


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1


class ActionSpace:
    """Mixed-radix numbering of every action a game can ever take: ``(kind, a, b) -> int`` and back.

    ``kinds`` lists ``(kind, size_a, size_b)``; a size of 0 means the argument is unused (always -1).
    """

    def __init__(self, kinds: list[tuple[str, int, int]]) -> None:
        self._kinds = kinds
        self._base: dict[str, tuple[int, int, int]] = {}
        self._starts: list[tuple[int, str]] = []
        n = 0
        for kind, sa, sb in kinds:
            self._base[kind] = (n, sa, sb)
            self._starts.append((n, kind))
            n += max(sa, 1) * max(sb, 1)
        self.size = n
        self._index: dict[Action, int] = {}  # only actions inside the space are kept

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled by its kinds (a compiled build cannot rebuild it field by field; the cache starts over)."""
        return ActionSpace, (self._kinds,)

    @property
    def kinds(self) -> list[str]:
        return [k for k, _, _ in self._kinds]

    def count(self, kind: str) -> int:
        """How many actions of ``kind`` there are."""
        _, sa, sb = self._base[kind]
        return max(sa, 1) * max(sb, 1)

    def table(self, kind: str) -> list[Any]:
        """Every action of ``kind``, made once: ``table(kind)[a][b]``, or ``table(kind)[a]`` for a kind of one
        argument. Offers that list many actions a step take them from here rather than building a tuple
        each time."""
        _, sa, sb = self._base[kind]
        if not sb:
            return [Action(kind, a if sa else -1) for a in range(max(sa, 1))]
        return [[Action(kind, a if sa else -1, b) for b in range(sb)] for a in range(max(sa, 1))]

    def index(self, action: Action) -> int:
        """The action's number (cached: observations and learners ask for the same few actions again)."""
        i = self._index.get(action)
        if i is None:
            i = self._index[action] = self._number(action)
        return i

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """``index`` of each action, in order (the cached ones looked up at C speed)."""
        out = list(map(self._index.get, actions))
        if None in out:
            return [self.index(a) for a in actions]
        return cast(list[int], out)  # no None left

    def _number(self, action: Action) -> int:
        try:
            base, sa, sb = self._base[action.kind]
        except KeyError:
            raise IllegalActionError(f"unknown action kind {action.kind!r}") from None
        a = 0 if sa == 0 else action.a
        b = 0 if sb == 0 else action.b
        if (
            (sa and not 0 <= a < sa)
            or (sb and not 0 <= b < sb)
            or (not sa and action.a != -1)
            or (not sb and action.b != -1)
        ):
            raise IllegalActionError(f"action {action} is outside this game's action space")
        return base + a * max(sb, 1) + b

    def action(self, index: int) -> Action:
        if not 0 <= index < self.size:
            raise IllegalActionError(f"action index {index} is outside 0..{self.size - 1}")
        kind = ""
        base = 0
        for start, k in self._starts:
            if start > index:
                break
            base, kind = start, k
        _, sa, sb = self._base[kind]
        off = index - base
        a, b = divmod(off, max(sb, 1))
        return Action(kind, a if sa else -1, b if sb else -1)


class ActionKinds:
    """A game's table of action kinds: ``(kind, argument pattern, Japanese label, English label)`` rows.

    The pattern has one letter per argument, in the game's own code (``c`` a card definition, ``s`` a slot,
    …); :meth:`space` numbers every action from the size of each letter, and the game's notation reads the
    letters to write and parse arguments. Kept in one place so that the action space, the notation and the
    menus can never disagree about a kind.
    """

    def __init__(self, rows: list[tuple[str, str, str, str]]) -> None:
        self.rows = rows
        self.pattern: dict[str, str] = {kind: pat for kind, pat, _, _ in rows}
        self.labels: dict[str, tuple[str, str]] = {kind: (ja, en) for kind, _, ja, en in rows}

    def __contains__(self, kind: object) -> bool:
        return kind in self.pattern

    def space(self, sizes: dict[str, int]) -> ActionSpace:
        """Every action numbered: ``sizes`` says how many values each pattern letter takes."""
        kinds = []
        for kind, pat, _, _ in self.rows:
            sz = [sizes[ch] for ch in pat] + [0] * (2 - len(pat))
            kinds.append((kind, sz[0], sz[1]))
        return ActionSpace(kinds)

    def unknown(self, word: str) -> NotationError:
        """The error for a typed kind that is not one of these (lists the kinds)."""
        return NotationError(f"unknown action {word!r} (actions: {', '.join(self.pattern)})")
