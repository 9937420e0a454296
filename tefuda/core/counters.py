"""A player's named public numbers (life, SP, cards in the 本陣 …) as the observation shows them.

Apart from ``observe.py`` so that the state's default ``counters()`` can build them without importing the
observation code, which sits above the state (no import cycle, issue 28)."""

from __future__ import annotations

from typing import Any


def counter(cid: str, ja: str, en: str, value: Any) -> dict[str, Any]:
    """One named public number of a player (life, SP, cards in the 本陣, …)."""
    return {"id": cid, "ja": ja, "en": en, "value": value}
