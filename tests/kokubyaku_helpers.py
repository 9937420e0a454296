"""What 黒白物語's rule, audit and card-text tests share: acting by notation and reading the table."""

from __future__ import annotations

from tefuda.games.kokubyaku.zones import M0, NZ
from tests.notation import do, legal

__all__ = ["codes", "do", "legal", "monster", "names"]


def names(s, seat, zone) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + zone]]


def monster(s, seat, k):
    """The card in ``seat``'s モンスターエリア ``k`` (1–5), or None."""
    cards = s.zones[seat * NZ + M0 + k - 1]
    return cards[0] if cards else None


def codes(s) -> list[str]:
    return [e.code for e in s.log]
