"""Deck lists: plain text, one ``3 カード名`` per line, ``#`` comments.

Parsing resolves names against the game's card set and reports every bad line at once; the deck rules
themselves (size, copies, …) are each game's, checked by ``Game.check_deck``, which also names lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .cards import CardDef, CardSet
from .errors import DeckListError

_LINE_RE = re.compile(r"^(\d+)\s*[xX×]?\s+(.+?)\s*$")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    card: CardDef
    line: int


@dataclass(frozen=True)
class Deck:
    """A parsed deck list. ``name`` is the first comment line, if any."""

    entries: tuple[DeckEntry, ...]
    source: str = "<deck>"
    name: str = ""

    def cards(self) -> list[CardDef]:
        """Every copy, in list order."""
        return [e.card for e in self.entries for _ in range(e.count)]

    def count(self) -> int:
        return sum(e.count for e in self.entries)

    def to_text(self) -> str:
        head = f"# {self.name}\n" if self.name else ""
        return head + "".join(f"{e.count} {e.card.name}\n" for e in self.entries)


def parse_deck(text: str, cardset: CardSet, source: str = "<deck>") -> Deck:
    """Parse a deck list. Unknown cards and malformed lines raise :class:`DeckListError` naming each line."""
    problems: list[tuple[int | None, str]] = []
    entries: list[DeckEntry] = []
    name = ""
    by_card: dict[int, int] = {}
    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if raw.lstrip().startswith("#"):
            if not name and not entries:
                name = raw.lstrip()[1:].strip()
            continue
        if not line:
            continue
        m = _LINE_RE.match(line)
        if not m:
            problems.append((ln, f"expected '<count> <card name>', e.g. '3 テンソード', got {line!r}"))
            continue
        count = int(m.group(1))
        if count <= 0:
            problems.append((ln, f"the count must be at least 1, got {count}"))
            continue
        card = cardset.find(m.group(2))
        if card is None:
            problems.append((ln, f"no card named {m.group(2)!r} in this game's card set"))
            continue
        if card.index in by_card:
            first = by_card[card.index]
            problems.append((ln, f"{card.label} is already listed on line {first}; list each card once"))
            continue
        by_card[card.index] = ln
        entries.append(DeckEntry(count, card, ln))
    if not entries and not problems:
        problems.append((None, "the deck list has no cards"))
    if problems:
        raise DeckListError(source, problems)
    return Deck(tuple(entries), source, name)


def load_deck(path: str | Path, cardset: CardSet) -> Deck:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DeckListError(str(path), [(None, "not UTF-8 text")]) from None
    except OSError as e:
        raise DeckListError(str(path), [(None, f"cannot read the file ({e.strerror})")]) from None
    return parse_deck(text, cardset, str(path))
