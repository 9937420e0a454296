"""Provably fair games (公正の証明): a commitment to the game's secret, given before the first card is dealt
and checked against the secret revealed when the game is over.

At the start every seat and spectator receives ``commitment = SHA-256("tefuda-commit-1" ‖ secret ‖
settings)``, where ``settings`` is a hash of what the game is (game, rules and card set, options, players,
every deck list). The secret is 256 bits from the operating system, so the commitment says nothing of it.
When the game ends the secret is revealed (it is the replay's ``seed``): anyone holding the commitment they
were given at the start can check that the game was dealt from that secret and those settings — that the
deck was not stacked after the game began, nor a shuffle chosen as the game went on.

What it cannot prove: that the secret was not picked, before the commitment, among many tried in secret.
docs/hidden-information.md says so.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

from .rng import secret_key

COMMIT_TAG: Final = "tefuda-commit-1"


def settings_hash(
    game: str, rules_version: str, card_set: str, options: dict[str, Any], players: int, decks: list[str]
) -> str:
    """SHA-256 of the game's settings as canonical JSON (keys sorted, no spaces, UTF-8)."""
    body = {
        "card_set": card_set,
        "decks": list(decks),
        "game": game,
        "options": dict(sorted(options.items())),
        "players": players,
        "rules_version": rules_version,
    }
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commit(seed: int | str, settings: str) -> str:
    """The commitment to a game's secret (``seed``: the secret, or a chosen seed's key) and its settings."""
    key = secret_key(seed).hex()
    return hashlib.sha256(f"{COMMIT_TAG}\n{key}\n{settings}".encode()).hexdigest()


def settings_of(game: Any, players: int, decks: list[str]) -> str:
    """:func:`settings_hash` of a loaded game with these deck list texts."""
    return settings_hash(game.id, game.rules_version, game.cardset.digest, dict(game.options), players, decks)
