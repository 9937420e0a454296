"""Deck lists: plain text, one ``3 カード名`` per line, ``#`` comments, and ``[section]`` lines for games
whose decks come in parts (黒白物語's カオスデッキ beside the main deck): what follows a section line belongs
to it, what comes before any to the main deck.

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
_SECTION_RE = re.compile(r"^\[\s*(.+?)\s*\]$")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    count: int
    card: CardDef
    line: int
    section: str = ""  # "" = the main deck; else the game's name of the part (``Game.deck_sections``)


@dataclass(frozen=True)
class Deck:
    """A parsed deck list. ``name`` is the first comment line, if any."""

    entries: tuple[DeckEntry, ...]
    source: str = "<deck>"
    name: str = ""

    def cards(self, section: str | None = None) -> list[CardDef]:
        """Every copy, in list order (of one section only, when named: "" is the main deck)."""
        return [
            e.card for e in self.entries if section is None or e.section == section for _ in range(e.count)
        ]

    @property
    def label(self) -> str:
        """What a report calls the deck: its name up to any " — " description, else its file's stem."""
        return self.name.split(" — ")[0].strip() or Path(self.source).stem

    def count(self, section: str | None = None) -> int:
        return sum(e.count for e in self.entries if section is None or e.section == section)

    def to_text(self) -> str:
        lines = [f"# {self.name}"] if self.name else []
        current = ""
        for e in sorted(self.entries, key=lambda e: e.section != ""):  # the main deck first, then the parts
            if e.section != current:
                lines.append(f"[{e.section}]")
                current = e.section
            lines.append(f"{e.count} {e.card.name}")
        return "".join(line + "\n" for line in lines)


MAX_CHARS = 200_000  # characters in a deck list (a real one is a few hundred)
MAX_LINE = 500  # characters in one line
MAX_PROBLEMS = 25  # problems reported before the rest are summed up


def parse_deck(
    text: str, cardset: CardSet, source: str = "<deck>", sections: dict[str, str] | None = None
) -> Deck:
    """Parse a deck list. Unknown cards and malformed lines raise :class:`DeckListError` naming each line.
    ``sections`` maps the section names a game accepts (Japanese, English) to its own name of the part; a
    game without sections refuses any ``[…]`` line."""
    problems: list[tuple[int | None, str]] = []
    entries: list[DeckEntry] = []
    name = ""
    section = ""
    sections = sections or {}
    by_card: dict[tuple[str, int], int] = {}
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors write it
    if len(text) > MAX_CHARS:
        raise DeckListError(source, [(None, f"over {MAX_CHARS // 1000} kB: this is not a deck list")])
    for ln, raw in enumerate(text.splitlines(), 1):
        if len(problems) >= MAX_PROBLEMS:
            problems.append((None, f"… more problems not shown (the first {MAX_PROBLEMS} are above)"))
            break
        if "\x00" in raw:
            problems.append((ln, "holds a NUL byte: is this a text file?"))
            continue
        if len(raw) > MAX_LINE:
            problems.append((ln, f"a line of {len(raw)} characters (a deck list line is at most {MAX_LINE})"))
            continue
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if raw.lstrip().startswith("#"):
            if not name and not entries:
                name = raw.lstrip()[1:].strip()
            continue
        if not line:
            continue
        head = _SECTION_RE.match(line)
        if head:
            key = head.group(1)
            if key not in sections and key.lower() not in sections:
                known = ", ".join(f"[{k}]" for k in sections) or "none: this game's deck is one list"
                problems.append((ln, f"unknown section [{key}] (sections: {known})"))
                continue
            section = sections.get(key, sections.get(key.lower(), ""))
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
        if (section, card.index) in by_card:
            first = by_card[section, card.index]
            problems.append((ln, f"{card.label} is already listed on line {first}; list each card once"))
            continue
        by_card[section, card.index] = ln
        entries.append(DeckEntry(count, card, ln, section))
    if not entries and not problems:
        problems.append((None, "the deck list has no cards"))
    if problems:
        raise DeckListError(source, problems)
    return Deck(tuple(entries), source, name)


def load_deck(path: str | Path, cardset: CardSet, sections: dict[str, str] | None = None) -> Deck:
    p = Path(path)
    try:
        with p.open("rb") as f:
            raw = f.read(MAX_CHARS * 4 + 1)  # never more than a deck list could be
    except OSError as e:
        raise DeckListError(str(path), [(None, f"cannot read the file ({e.strerror})")]) from None
    if len(raw) > MAX_CHARS * 4:
        raise DeckListError(str(path), [(None, f"over {MAX_CHARS * 4 // 1000} kB: this is not a deck list")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DeckListError(
            str(path), [(None, f"not UTF-8 text (byte {e.start}; Shift_JIS? save it as UTF-8)")]
        ) from None
    return parse_deck(text, cardset, str(path), sections)
