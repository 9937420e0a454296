"""A ladder's journal (``tefuda ladder … --resume FILE``): each finished game written down as it ends, so a
long ladder — n=100 a seat between two searches is hours here — survives being stopped and goes on where it
stopped.

The file is JSON lines: first the ladder it belongs to (game, options, card set, players, agents, n, seed,
decks, action cap), then one game a line. Run again with the same command, the ladder plays only the games the
journal lacks and rates them all; a journal of another ladder is refused, naming what differs. A last line
cut short (the process killed while writing it) is dropped; any other bad line is an error naming the line.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

FORMAT = 1


def header(
    game: Any,
    nplayers: int,
    specs: list[str],
    n: int,
    seed: int,
    deck_texts: list[str] | None,
    max_actions: int | None,
) -> dict[str, Any]:
    """What makes two ladders the same ladder: the same games, played by the same agents."""
    return {
        "tefuda_ladder_journal": FORMAT,
        "game": game.id,
        "options": {k: game.options[k] for k in sorted(game.options)},
        "card_set": game.cardset.digest,
        "players": nplayers,
        "agents": list(specs),
        "n": n,
        "seed": seed,
        "decks": [hashlib.sha256(t.encode()).hexdigest()[:16] for t in deck_texts] if deck_texts else None,
        "max_actions": max_actions,
    }


class Journal:
    """Opens (or starts) ``path`` for the ladder ``head``; ``done`` holds the games already played (each a
    JSON object, as the ladder wrote it); ``add`` writes finished games down at once."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        self.path = path
        head = json.loads(json.dumps(head))  # as it reads back (tuples as lists)
        self.done: list[tuple[int, Any]] = []  # (line number, the game)
        if path.exists() and path.stat().st_size > 0:
            self._read(head)
        else:
            path.write_text(json.dumps(head, ensure_ascii=False) + "\n", encoding="utf-8")

    def _read(self, head: dict[str, Any]) -> None:
        raw = self.path.read_bytes()
        lines = raw.split(b"\n")
        good = len(raw)
        if lines and lines[-1] == b"":
            lines.pop()
        elif lines:  # no newline after the last line: cut short while being written
            good = len(raw) - len(lines[-1])
            lines.pop()
        if not lines:
            raise ValueError(f"{self.path}: not a ladder journal (empty first line)")
        try:
            first = json.loads(lines[0])
        except ValueError:
            first = None
        if not isinstance(first, dict) or first.get("tefuda_ladder_journal") != FORMAT:
            raise ValueError(f"{self.path}:1: not a ladder journal (tefuda ladder --resume writes one)")
        for field, now in head.items():
            if first.get(field) != now:
                raise ValueError(
                    f"{self.path}: the journal is of another ladder ({field}: {first.get(field)!r} there, "
                    f"{now!r} now) — run the same command, or give another file"
                )
        for no, line in enumerate(lines[1:], start=2):
            try:
                self.done.append((no, json.loads(line)))
            except ValueError as e:
                raise ValueError(f"{self.path}:{no}: not JSON ({e})") from None
        if good < len(raw):
            with self.path.open("r+b") as f:
                f.truncate(good)

    def add(self, games: list[dict[str, Any]]) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            for g in games:
                f.write(json.dumps(g, ensure_ascii=False) + "\n")
