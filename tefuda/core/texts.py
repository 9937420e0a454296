"""A game's words as data: ``texts.toml`` beside its rules holds how its events and table terms read in
Japanese and English, so a designer (or a translator) edits text without touching code, and every game
loads it the same way.

The file has the tables ``[events]`` (event code → ``["日本語", "English"]``, the templates of
tefuda/view/text.py), ``[terms]`` (a counter or flag of the table → its two labels), ``[outcomes]`` (how a
game can end) and whatever further tables the game keeps (read as they are, through :attr:`Texts.tables`).
Every pair is checked when the file is read: two strings, and the same placeholders in both languages, so a
template can never fail at run time for want of a name the other language uses.
"""

from __future__ import annotations

import re
import string
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import TefudaError

Pair = tuple[str, str]

# the tables whose values are [Japanese, English] pairs of templates (``outcomes`` may be left out); any
# other table is passed through
PAIR_TABLES = ("events", "terms", "outcomes")


class TextsFileError(TefudaError, ValueError):
    """A texts file that cannot be read: names the file, the line and the entry at fault."""


@dataclass(frozen=True)
class Texts:
    """A game's texts: event templates, term labels and the game's own further tables."""

    events: dict[str, Pair]
    terms: dict[str, Pair]
    outcomes: dict[str, Pair] = field(default_factory=dict)
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)


def _names(template: str) -> set[str]:
    """The placeholder names a template uses (``{who}``, ``{x:seat}`` → ``who``, ``x``)."""
    try:
        return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError as exc:  # an unmatched brace
        raise ValueError(f"bad placeholder: {exc}") from exc


def _line_of(text: str, table: str, key: str) -> int:
    """The line of ``key`` inside ``[table]`` (1 when it cannot be found, e.g. a table missing)."""
    in_table = False
    key_re = re.compile(rf'^\s*(?:"{re.escape(key)}"|{re.escape(key)})\s*=')
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            in_table = stripped == f"[{table}]"
            if in_table and not key:
                return number
        elif in_table and key and key_re.match(line):
            return number
    return 1


def _pairs(data: dict[str, Any], table: str, path: Path, text: str) -> dict[str, Pair]:
    raw = data.get(table, {} if table == "outcomes" else None)
    if not isinstance(raw, dict):
        raise TextsFileError(f"{path}:1: [{table}] is missing (a table of code = [Japanese, English])")
    pairs: dict[str, Pair] = {}
    for key, value in raw.items():
        where = f"{path}:{_line_of(text, table, key)}: [{table}] {key}"
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            raise TextsFileError(f"{where}: must be [Japanese, English], two strings")
        ja, en = value
        try:
            ja_names, en_names = _names(ja), _names(en)
        except ValueError as exc:
            raise TextsFileError(f"{where}: {exc}") from exc
        if ja_names != en_names:
            raise TextsFileError(
                f"{where}: the two languages must use the same placeholders "
                f"(Japanese {sorted(ja_names)}, English {sorted(en_names)})"
            )
        pairs[key] = (ja, en)
    return pairs


def load_texts(path: Path, *, more_pairs: tuple[str, ...] = ()) -> Texts:
    """Read and check a game's ``texts.toml``; ``more_pairs`` names the game's own tables of pairs."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TextsFileError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TextsFileError(f"{path}: not valid TOML: {exc}") from exc
    events, terms, outcomes = (_pairs(data, table, path, text) for table in PAIR_TABLES)
    tables: dict[str, dict[str, Any]] = {name: _pairs(data, name, path, text) for name in more_pairs}
    for name, value in data.items():
        if name in PAIR_TABLES or name in more_pairs:
            continue
        if not isinstance(value, dict):
            raise TextsFileError(f"{path}:{_line_of(text, name, '')}: {name} must be a table")
        tables[name] = value
    return Texts(events=events, terms=terms, outcomes=outcomes, tables=tables)
