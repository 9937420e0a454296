"""Zones (置き場): where card instances lie, who may see them, and how knowledge follows a moved card."""

from __future__ import annotations

from dataclasses import dataclass

PUBLIC = 0  # everyone sees identities (discard pile, reveal area)
PRIVATE = 1  # the owner sees identities (hand; face-down set cards); face-up cards there are public
HIDDEN = 2  # nobody sees identities unless they learned them (deck, life)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of one seat.

    ``mixes``: the owner may hold these cards in any order (a hand), so when one leaves face down nobody
    else can tell which one it was: the other players' knowledge of every card in the zone is forgotten.
    ``ordered``: positions mean something to the rules (deck top/bottom, life card picked by position).
    """

    name: str
    name_ja: str
    owner: int
    visibility: int
    ordered: bool = False
    mixes: bool = False
    capacity: int | None = None
    played: bool = False  # a card moved here from a hand counts as played (simulator statistics)
