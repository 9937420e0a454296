"""The types of a game's state fields, declared once and used three ways.

Every field a game adds to :class:`~tefuda.core.state.State` is plain data, but an int may be a seat, a phase,
a card definition or a card *instance* — and only the declaration says which. From it the core can

- **relabel** instances (``remap``): determinization renumbers the cards a seat does not know, so an
  instance id never lets anyone follow a card through a shuffle (docs/hidden-information.md);
- **write a position** (``dump``): a readable, numbering-free form — instances become places (``p1.hand#3``),
  card definitions their ids, phases their names — for position files and the canonical state hash;
- **read a position** (``load``): the same form back, every value checked, errors naming the field.

A field's type is a small value such as ``Opt(Tup(Str(), Seat(), Inst()))``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from .errors import PositionError


class Ctx:
    """What reading or writing a value needs: the number of players, the card set, and the translation
    between instances and the places they lie (``p1.hand#3``)."""

    def __init__(
        self,
        nplayers: int,
        card_ids: Sequence[str],
        inst_to_ref: Callable[[int], str] | None = None,
        ref_to_inst: Callable[[str], int] | None = None,
        find_card: Callable[[str], int | None] | None = None,
    ) -> None:
        self.nplayers = nplayers
        self.card_ids = card_ids
        self.inst_to_ref = inst_to_ref
        self.ref_to_inst = ref_to_inst
        self.find_card = find_card


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own classes, compiled or not
class FieldType:
    """A field's type. ``remap`` maps instance ids (``m[old] = new``); ``dump``/``load`` convert to and from
    the readable, numbering-free form of position files."""

    doc = "value"

    def remap(self, v: Any, m: Sequence[int]) -> Any:
        return v

    def dump(self, v: Any, ctx: Ctx) -> Any:
        return v

    def load(self, x: Any, ctx: Ctx, path: str) -> Any:
        return x

    @property
    def has_instances(self) -> bool:
        return False


def _bad(path: str, x: Any, want: str) -> PositionError:
    return PositionError(f"{path}: {x!r} is not {want}")


class Int(FieldType):
    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi
        self.doc = "a whole number" + (f" ≥ {lo}" if lo is not None and hi is None else "")
        if lo is not None and hi is not None:
            self.doc = f"a whole number {lo}–{hi}"

    def load(self, x: Any, ctx: Ctx, path: str) -> int:
        if not isinstance(x, int) or isinstance(x, bool):
            raise _bad(path, x, self.doc)
        if (self.lo is not None and x < self.lo) or (self.hi is not None and x > self.hi):
            raise _bad(path, x, self.doc)
        return x


class Bool(FieldType):
    doc = "true or false"

    def load(self, x: Any, ctx: Ctx, path: str) -> bool:
        if not isinstance(x, bool):
            raise _bad(path, x, self.doc)
        return x


class Str(FieldType):
    def __init__(self, *choices: str) -> None:
        self.choices = choices
        self.doc = f"one of {', '.join(choices)}" if choices else "a string"

    def load(self, x: Any, ctx: Ctx, path: str) -> str:
        if not isinstance(x, str) or (self.choices and x not in self.choices):
            raise _bad(path, x, self.doc)
        return x


class Seat(FieldType):
    """A seat (0-based inside, written ``p1``…); ``none`` allows -1 (written ``none``)."""

    def __init__(self, none: bool = False) -> None:
        self.none = none
        self.doc = "a seat (p1, p2, …)" + (" or none" if none else "")

    def dump(self, v: int, ctx: Ctx) -> str:
        return "none" if v < 0 else f"p{v + 1}"

    def load(self, x: Any, ctx: Ctx, path: str) -> int:
        if self.none and x == "none":
            return -1
        if isinstance(x, str) and x[:1].lower() == "p" and x[1:].isdigit():
            v = int(x[1:]) - 1
            if 0 <= v < ctx.nplayers:
                return v
        raise _bad(path, x, self.doc + f" of {ctx.nplayers} players")


class Enum(FieldType):
    """An int with names (a phase): written by name."""

    def __init__(self, names: Mapping[int, str] | Sequence[str]) -> None:
        self.names = dict(names) if isinstance(names, Mapping) else dict(enumerate(names))
        self.values = {n: v for v, n in self.names.items()}
        self.doc = f"one of {', '.join(self.values)}"

    def dump(self, v: int, ctx: Ctx) -> str:
        return self.names[v]

    def load(self, x: Any, ctx: Ctx, path: str) -> int:
        if not isinstance(x, str) or x not in self.values:
            raise _bad(path, x, self.doc)
        return self.values[x]


class Card(FieldType):
    """A card definition (an index into the card set inside; its id in a position)."""

    doc = "a card id or name"

    def dump(self, v: int, ctx: Ctx) -> str:
        return ctx.card_ids[v]

    def load(self, x: Any, ctx: Ctx, path: str) -> int:
        c = ctx.find_card(x) if isinstance(x, str) and ctx.find_card else None
        if c is None:
            raise PositionError(f"{path}: no card named {x!r}")
        return c


class Inst(FieldType):
    """A card instance, written as the place it lies: ``p1.hand#3`` (1-based, from the zone's start)."""

    def __init__(self, none: bool = False) -> None:
        self.none = none
        self.doc = "a card's place (e.g. p1.front#2)" + (" or none" if none else "")

    @property
    def has_instances(self) -> bool:
        return True

    def remap(self, v: int, m: Sequence[int]) -> int:
        return v if v < 0 else m[v]

    def dump(self, v: int, ctx: Ctx) -> str:
        if v < 0:
            return "none"
        assert ctx.inst_to_ref is not None
        return ctx.inst_to_ref(v)

    def load(self, x: Any, ctx: Ctx, path: str) -> int:
        if self.none and x == "none":
            return -1
        if not isinstance(x, str) or ctx.ref_to_inst is None:
            raise _bad(path, x, self.doc)
        try:
            return ctx.ref_to_inst(x)
        except PositionError as e:
            raise PositionError(f"{path}: {e}") from None


class Code(FieldType):
    """An int that is an instance below ``limit`` and something else from ``limit`` on (a target code: a unit,
    a player, nothing). ``names`` writes the other values: ``{limit + k: "p1", …}`` or a function."""

    def __init__(self, limit: int, other: Callable[[int, Ctx], str], parse: Callable[[str, Ctx], int | None]):
        self.limit = limit
        self.other = other
        self.parse = parse
        self.doc = "a card's place or a target name"

    @property
    def has_instances(self) -> bool:
        return True

    def remap(self, v: int, m: Sequence[int]) -> int:
        return m[v] if 0 <= v < self.limit else v

    def dump(self, v: int, ctx: Ctx) -> str:
        if 0 <= v < self.limit:
            assert ctx.inst_to_ref is not None
            return ctx.inst_to_ref(v)
        return self.other(v, ctx)

    def load(self, x: Any, ctx: Ctx, path: str) -> int:
        if not isinstance(x, str):
            raise _bad(path, x, self.doc)
        v = self.parse(x, ctx)
        if v is not None:
            return v
        return Inst().load(x, ctx, path)


class Opt(FieldType):
    """None or a value of type ``t``."""

    def __init__(self, t: FieldType) -> None:
        self.t = t
        self.doc = f"none or {t.doc}"

    @property
    def has_instances(self) -> bool:
        return self.t.has_instances

    def remap(self, v: Any, m: Sequence[int]) -> Any:
        return None if v is None else self.t.remap(v, m)

    def dump(self, v: Any, ctx: Ctx) -> Any:
        return "none" if v is None else self.t.dump(v, ctx)

    def load(self, x: Any, ctx: Ctx, path: str) -> Any:
        return None if x == "none" else self.t.load(x, ctx, path)


class Tup(FieldType):
    """A fixed tuple ``(t1, t2, …)``."""

    def __init__(self, *ts: FieldType) -> None:
        self.ts = ts
        self.doc = f"a list of {len(ts)}: [{', '.join(t.doc for t in ts)}]"

    @property
    def has_instances(self) -> bool:
        return any(t.has_instances for t in self.ts)

    def remap(self, v: tuple, m: Sequence[int]) -> tuple:
        if not self.has_instances:
            return v
        return tuple(t.remap(x, m) for t, x in zip(self.ts, v, strict=True))

    def dump(self, v: tuple, ctx: Ctx) -> list:
        return [t.dump(x, ctx) for t, x in zip(self.ts, v, strict=True)]

    def load(self, x: Any, ctx: Ctx, path: str) -> tuple:
        if not isinstance(x, list | tuple) or len(x) != len(self.ts):
            raise _bad(path, x, self.doc)
        return tuple(t.load(v, ctx, f"{path}[{i}]") for i, (t, v) in enumerate(zip(self.ts, x, strict=True)))


class Named(Tup):
    """A NamedTuple class with typed fields (e.g. a priority window)."""

    def __init__(self, cls: type, *ts: FieldType) -> None:
        super().__init__(*ts)
        self.cls = cls

    def remap(self, v: Any, m: Sequence[int]) -> Any:
        return self.cls(*super().remap(tuple(v), m)) if self.has_instances else v

    def load(self, x: Any, ctx: Ctx, path: str) -> Any:
        return self.cls(*super().load(x, ctx, path))


class Tagged(FieldType):
    """A tuple whose first element, a string, says the types of the rest: ``("card", seat, inst)``."""

    def __init__(self, forms: Mapping[str, Sequence[FieldType]]) -> None:
        self.forms = {k: Tup(Str(k), *ts) for k, ts in forms.items()}
        self.doc = " or ".join(f"[{k!r}, …]" for k in forms)

    @property
    def has_instances(self) -> bool:
        return any(t.has_instances for t in self.forms.values())

    def remap(self, v: tuple, m: Sequence[int]) -> tuple:
        return self.forms[v[0]].remap(v, m)

    def dump(self, v: tuple, ctx: Ctx) -> list:
        return self.forms[v[0]].dump(v, ctx)

    def load(self, x: Any, ctx: Ctx, path: str) -> tuple:
        if not isinstance(x, list | tuple) or not x or not isinstance(x[0], str) or x[0] not in self.forms:
            raise _bad(path, x, self.doc)
        return self.forms[x[0]].load(x, ctx, path)


class Seq(FieldType):
    """A sequence of ``t``: a list (``kind=list``, copied on clone) or a tuple; ``length`` may be a number or
    ``"players"``."""

    def __init__(self, t: FieldType, kind: type = list, length: int | str | None = None) -> None:
        self.t = t
        self.kind = kind
        self.length = length
        n = "one per player" if length == "players" else (f"{length}" if length is not None else "any number")
        self.doc = f"a list ({n}) of {t.doc}"

    @property
    def has_instances(self) -> bool:
        return self.t.has_instances

    def remap(self, v: Any, m: Sequence[int]) -> Any:
        if not self.t.has_instances:
            return v
        return self.kind(self.t.remap(x, m) for x in v)

    def dump(self, v: Any, ctx: Ctx) -> list:
        return [self.t.dump(x, ctx) for x in v]

    def load(self, x: Any, ctx: Ctx, path: str) -> Any:
        if not isinstance(x, list | tuple):
            raise _bad(path, x, self.doc)
        want = ctx.nplayers if self.length == "players" else self.length
        if want is not None and len(x) != want:
            raise PositionError(f"{path}: needs {want} entries, got {len(x)}")
        return self.kind(self.t.load(v, ctx, f"{path}[{i}]") for i, v in enumerate(x))


def PerSeat(t: FieldType) -> Seq:
    """A list with one ``t`` per player."""
    return Seq(t, list, "players")


class CardField:
    """A per-card list (indexed by instance): its type and the value of a card that carries nothing."""

    def __init__(self, t: FieldType, default: Any) -> None:
        self.t = t
        self.default = default


class Flags:
    """Names of a game's instance flag bits (bit 0 is the core's face-up)."""

    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = dict(names)
        self.bits = {n: b for b, n in self.names.items()}
        self._order = sorted(self.names.items())
        self._dumped: dict[int, tuple[str, ...]] = {0: ()}

    def dump(self, v: int) -> list[str]:
        """The names of the bits set in ``v``, lowest bit first (each combination worked out once)."""
        got = self._dumped.get(v)
        if got is None:
            got = self._dumped[v] = tuple(n for b, n in self._order if v & b)
        return list(got)

    def load(self, x: Any, path: str) -> int:
        if not isinstance(x, list):
            raise _bad(path, x, f"a list of flags ({', '.join(self.bits)})")
        v = 0
        for i, n in enumerate(x):
            if not isinstance(n, str) or n not in self.bits:
                raise PositionError(f"{path}[{i}]: unknown flag {n!r} (flags: {', '.join(self.bits)})")
            v |= self.bits[n]
        return v
