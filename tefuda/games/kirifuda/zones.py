"""The places on a 切り札 table (置き場), per player."""

from __future__ import annotations

from functools import cache
from typing import Final

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec, each_seat

DECK: Final = 0
HAND: Final = 1
LIFE: Final = 2
DISCARD: Final = 3
REVEAL: Final = 4
ATTACKER_SLOT: Final = 5
SUPPORT_1: Final = 6
SUPPORT_2: Final = 7
TRUMP: Final = 8
NZ: Final = 9
SUPPORT_SLOTS: Final = (SUPPORT_1, SUPPORT_2)

_ZONES: Final = (  # a player's places (a deck's and life's top is their first card)
    ZoneSpec("deck", "山札置き場", 0, HIDDEN, ordered=True, top_first=True),
    ZoneSpec("hand", "手札", 0, PRIVATE, mixes=True),
    ZoneSpec("life", "ライフ置き場", 0, HIDDEN, ordered=True, top_first=True),
    ZoneSpec("discard", "捨て札置き場", 0, PUBLIC, ordered=True),
    ZoneSpec("reveal", "公開エリア", 0, PUBLIC, ordered=True),
    ZoneSpec("attacker", "アタッカー置き場", 0, PRIVATE, capacity=1, played=True),  # set from hand: played
    ZoneSpec("support1", "サポート置き場1", 0, PRIVATE, capacity=1, played=True),
    ZoneSpec("support2", "サポート置き場2", 0, PRIVATE, capacity=1, played=True),
    ZoneSpec("trump", "切り札置き場", 0, PRIVATE, ordered=True),
)


@cache
def zone_specs(nplayers: int) -> tuple[ZoneSpec, ...]:
    return each_seat(nplayers, _ZONES)


def zid(seat: int, k: int) -> int:
    return seat * NZ + k
