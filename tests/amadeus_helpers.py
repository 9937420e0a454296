"""What アマデウス's rule, audit and card-text tests share: acting by notation, reading zones, paying."""

from __future__ import annotations

from tefuda.games.amadeus.zones import NZ


def act(s, text: str) -> None:
    s.apply(s.game.parse(s, text))


def names(s, seat: int, k: int) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def codes(s) -> list[str]:
    return [e.code for e in s.log]


def pay_all(s) -> None:
    """Answer a payment with the first way offered."""
    while s.pending is not None and s.pending.what == "pay":
        s.apply(s.legal_actions()[0])
