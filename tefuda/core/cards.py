"""Card definitions (immutable, shared) and card files (TOML, one table per card).

A card *definition* is what is printed on the card; a card *instance* in a game is just an int that maps to
one.  Each game describes its card fields with a :class:`CardSchema`; loading checks every card against it and
reports the file, line, card and field of the first problem.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import CardFileError

_HEADER_RE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]")
_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as printed. ``index`` is its position in the card set (stable within a set)."""

    index: int
    id: str
    name: str  # Japanese name, as players read it
    name_en: str
    type: str
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def label(self) -> str:
        """Japanese and English side by side: ``テンソード (Ten Sword)``."""
        return f"{self.name} ({self.name_en})"

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a card table.

    ``types``: card types that must have it (``"*"`` = all); ``allowed``: types that may have it (None = all).
    ``check`` returns an error message or None.
    """

    kind: type | tuple[type, ...]
    required: frozenset[str] | str = frozenset()
    allowed: frozenset[str] | None = None
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = None
    doc: str = ""


@dataclass(frozen=True)
class CardSchema:
    types: Mapping[str, str]  # type id -> Japanese name of the type
    fields: Mapping[str, Field]
    # a whole-card check: (type, table) -> (field, message) or None
    card_check: Callable[[str, Mapping[str, Any]], tuple[str, str] | None] | None = None


_BASE_FIELDS = ("name", "name_en", "type")

# every card's printed text, in both languages (a game's schema spreads these into its fields)
TEXT_FIELDS: dict[str, Field] = {
    "text": Field(str, required="*", doc="card text, Japanese"),
    "text_en": Field(str, required="*", doc="card text, English"),
}


class CardSet:
    """The cards of one game, loaded from a TOML file; looks cards up by id, Japanese or English name."""

    def __init__(
        self, cards: list[CardDef], digest: str, source: str, lines: dict[str, int] | None = None
    ) -> None:
        self.cards = cards
        self.ids = [c.id for c in cards]  # by index: what a state's hash names a card by
        self.digest = digest
        self.source = source
        self.lines = lines or {}  # card id -> the line of its table in the file (for errors)
        self.text = ""  # the file's text (what a replay embeds when the set is not a game's own)
        self._lookup: dict[str, CardDef] = {}
        for c in cards:
            for key in (c.id, c.name, c.name_en):
                self._lookup[_norm(key)] = c

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __getitem__(self, index: int) -> CardDef:
        return self.cards[index]

    def find(self, name: str) -> CardDef | None:
        """By id, Japanese name or English name (case and surrounding space ignored)."""
        return self._lookup.get(_norm(name))


def int_range(lo: int, hi: int, what: str) -> Callable[[Any], str | None]:
    """A :class:`Field` check: a whole number from ``lo`` to ``hi``, named ``what`` in the error."""

    def check(value: Any) -> str | None:
        return None if lo <= value <= hi else f"{what} must be {lo} to {hi}"

    return check


def _norm(s: str) -> str:
    return " ".join(s.split()).casefold()


def _type_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def load_cardset(path: str | Path, schema: CardSchema) -> CardSet:
    """Load and validate a card file. Raises :class:`CardFileError` naming file, line, card and field."""
    p = Path(path)
    label = str(path)
    try:
        with p.open("rb") as f:
            raw = f.read(MAX_CARD_FILE + 1)
    except OSError as e:
        raise CardFileError(label, f"cannot read the file ({e.strerror})") from None
    if len(raw) > MAX_CARD_FILE:
        raise CardFileError(label, f"over {MAX_CARD_FILE // 1_000_000} MB: too big for a card file")
    return parse_cardset(raw, schema, label)


MAX_CARD_FILE = 200_000_000  # bytes (tens of thousands of cards are a few MB)


def parse_cardset(raw: bytes, schema: CardSchema, label: str = "<cards>") -> CardSet:
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as Windows editors write it, is fine
    except UnicodeDecodeError as e:
        raise CardFileError(label, f"not UTF-8 text (byte {e.start}; Shift_JIS? save it as UTF-8)") from None
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise CardFileError(label, "holds a NUL byte: is this a text file?", line=line)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardFileError(label, f"not valid TOML: {e}") from None
    except RecursionError:
        raise CardFileError(label, "not a card file: its values are nested too deeply") from None
    # each table header's line, found in one pass (a file of tens of thousands of cards loads in linear time)
    header_lines: dict[str, int] = {}
    for i, text_line in enumerate(text.splitlines(), 1):
        m = _HEADER_RE.match(text_line)
        if m is not None:
            header_lines.setdefault(m.group(1).strip().strip('"'), i)
    line_of = header_lines.get

    if not doc:
        raise CardFileError(label, "no cards in the file")
    cards: list[CardDef] = []
    seen_names: dict[str, str] = {}
    for card_id, table in doc.items():
        ln = line_of(card_id)

        def err(msg: str, fld: str | None = None, _id: str = card_id, _ln: int | None = ln) -> CardFileError:
            return CardFileError(label, msg, card=_id, field=fld, line=_ln)

        if not isinstance(table, dict):
            raise err("each card must be a table like [card_id]")
        if not _ID_RE.match(card_id):
            raise err("card ids must be ASCII snake_case (a-z, 0-9, _), starting with a letter")
        for key in _BASE_FIELDS:
            if key not in table:
                raise err("missing required field", key)
            if not isinstance(table[key], str) or not table[key].strip():
                raise err("must be a non-empty string", key)
        ctype = table["type"]
        if ctype not in schema.types:
            raise err(f"unknown type '{ctype}' (expected one of: {', '.join(schema.types)})", "type")
        for key in table:
            if key in _BASE_FIELDS:
                continue
            spec = schema.fields.get(key)
            if spec is None:
                known = ", ".join([*_BASE_FIELDS, *schema.fields])
                raise err(f"unknown field (this game's cards take: {known})", key)
            if spec.allowed is not None and ctype not in spec.allowed:
                raise err(f"not allowed on a card of type '{ctype}'", key)
            value = table[key]
            if isinstance(value, bool) and spec.kind is int:
                raise err("must be an integer, not true/false", key)
            if not isinstance(value, spec.kind):
                raise err(f"must be {_type_name(spec.kind)}, got {type(value).__name__}", key)
            if spec.choices is not None and value not in spec.choices:
                raise err(f"must be one of {', '.join(map(str, spec.choices))}, got {value!r}", key)
            if spec.check is not None:
                msg = spec.check(value)
                if msg:
                    raise err(msg, key)
        for key, spec in schema.fields.items():
            need = spec.required == "*" or (isinstance(spec.required, frozenset) and ctype in spec.required)
            if need and key not in table:
                raise err(f"missing (required on a card of type '{ctype}')", key)
        if schema.card_check is not None:
            problem = schema.card_check(ctype, table)
            if problem is not None:
                raise err(problem[1], problem[0])
        for key in ("name", "name_en"):
            n = _norm(table[key])
            if n in seen_names:
                raise err(f"name {table[key]!r} is already used by card [{seen_names[n]}]", key)
            seen_names[n] = card_id
        data = {k: v for k, v in table.items() if k not in _BASE_FIELDS}
        cards.append(
            CardDef(len(cards), card_id, table["name"].strip(), table["name_en"].strip(), ctype, data)
        )
    digest = hashlib.sha256(raw).hexdigest()[:16]
    out = CardSet(cards, digest, label, {c.id: header_lines[c.id] for c in cards if c.id in header_lines})
    out.text = text
    return out


ADD = "+"  # ``--cards +FILE``: the file's cards added to the game's own pool (same id: replaced)


def merge_cardsets(base: CardSet, extra: CardSet) -> CardSet:
    """The game's pool with a designer's file laid over it: each card of ``extra`` replaces the pool's card
    of the same id in its place, or is added after the pool. Names stay unique across the whole set."""
    over = {c.id: c for c in extra}
    cards: list[CardDef] = []
    for c in base:
        cards.append(replace(over.pop(c.id, c), index=len(cards)))
    for c in extra:
        if c.id in over:
            cards.append(replace(c, index=len(cards)))
    seen: dict[str, str] = {}
    for c in cards:
        for key, n in (("name", c.name), ("name_en", c.name_en)):
            k = _norm(n)
            if k in seen and seen[k] != c.id:
                first, second = (seen[k], c.id)
                bad = second if second in extra.lines or first not in extra.lines else first
                raise CardFileError(
                    extra.source,
                    f"name {n!r} is already used by card [{first if bad == second else second}] of "
                    f"{base.source}",
                    card=bad,
                    field=key,
                    line=extra.lines.get(bad),
                )
            seen[k] = c.id
    digest = hashlib.sha256(f"{base.digest}+{extra.digest}".encode()).hexdigest()[:16]
    out = CardSet(cards, digest, f"{base.source} {ADD} {extra.source}", dict(extra.lines))
    out.text = extra.text
    return out
