"""Zones (置き場): where card instances lie, who may see them, and how knowledge follows a moved card."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .frozen import by_constructor

PUBLIC: Final = 0  # everyone sees identities (discard pile, reveal area)
PRIVATE: Final = 1  # the owner sees identities (hand; face-down set cards); face-up cards there are public
HIDDEN: Final = 2  # nobody sees identities unless they learned them (deck, life)
VISIBILITY: Final = ("public", "private", "hidden")


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of one seat (or, ``shared``, of the table).

    ``mixes``: the owner may hold these cards in any order (a hand), so when one leaves face down nobody
    else can tell which one it was: the other players' knowledge of every card in the zone is forgotten.
    ``ordered``: positions mean something to the rules (deck top/bottom, life card picked by position).
    ``top_first``: the zone's top (where cards are drawn from) is its first card, not its last.
    """

    name: str
    name_ja: str
    owner: int
    visibility: int
    ordered: bool = False
    mixes: bool = False
    capacity: int | None = None
    played: bool = False  # a card moved here from a hand counts as played (simulator statistics)
    shared: bool = False  # the table's, not a seat's (ヨネス's one 山札); ``owner`` is then 0
    name_en: str = ""  # English label (default: the name with spaces)
    top_first: bool = False
    # the observation's unchanging part of this zone's entry, worked out once (observe.zone_entry)
    obs_head: dict[str, Any] = field(init=False, repr=False, compare=False, hash=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "obs_head",
            {
                "id": self.key,
                "name": self.name,
                "ja": self.name_ja,
                "en": self.label_en,
                "owner": None if self.shared else self.owner,
                "visibility": VISIBILITY[self.visibility],
                "ordered": self.ordered,
                "top": "first" if self.top_first else "last",
            },
        )

    @property
    def key(self) -> str:
        """The zone's id in observations, events and positions: ``p1.hand``, or ``deck`` when shared."""
        return self.name if self.shared else f"p{self.owner + 1}.{self.name}"

    @property
    def label_en(self) -> str:
        return self.name_en or self.name.replace("_", " ")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def each_seat(nplayers: int, zones: Iterable[ZoneSpec]) -> tuple[ZoneSpec, ...]:
    """One player's places (written for seat 0) laid out for every seat, seat by seat: zone ``k`` of seat
    ``p`` is at ``p * len(zones) + k``."""
    zones = tuple(zones)
    return tuple(replace(z, owner=seat) for seat in range(nplayers) for z in zones)
