"""The places of ジェネシス・ガーデン, per player: 本陣, 手札, 冥府, 前衛, 後衛, union cards,
the reveal area."""

from __future__ import annotations

from functools import cache
from typing import Final

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec, each_seat

DECK: Final = 0
HAND: Final = 1
GRAVE: Final = 2
FRONT: Final = 3
REAR: Final = 4
UNION: Final = 5
REVEAL: Final = 6
NZ: Final = 7
SLOTS: Final = 5  # 前衛5箇所, 後衛5箇所

_ZONES: Final = (  # a player's places (a 本陣's top is its last card)
    ZoneSpec("deck", "本陣", 0, HIDDEN, ordered=True, name_en="deck"),
    ZoneSpec("hand", "手札", 0, PRIVATE, mixes=True, name_en="hand"),
    ZoneSpec("grave", "冥府", 0, PUBLIC, ordered=True, name_en="underworld"),  # index 0: the bottom (転生)
    ZoneSpec("front", "前衛", 0, PUBLIC, ordered=True, capacity=SLOTS, played=True, name_en="front"),
    ZoneSpec("rear", "後衛", 0, PUBLIC, ordered=True, capacity=SLOTS, played=True, name_en="rear"),
    ZoneSpec("union", "ユニオン", 0, PUBLIC, ordered=True, capacity=SLOTS, name_en="union"),  # laid sideways
    ZoneSpec("reveal", "公開", 0, PUBLIC, ordered=True, name_en="shown"),
)


@cache
def zone_specs(nplayers: int) -> tuple[ZoneSpec, ...]:
    return each_seat(nplayers, _ZONES)


def zid(seat: int, k: int) -> int:
    return seat * NZ + k
