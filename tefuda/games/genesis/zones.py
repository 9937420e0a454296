"""The places of ジェネシス・ガーデン, per player: 本陣, 手札, 冥府, 前衛, 後衛, union cards,
the reveal area."""

from __future__ import annotations

from functools import cache

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec

DECK, HAND, GRAVE, FRONT, REAR, UNION, REVEAL = range(7)
NZ = 7
SLOTS = 5  # 前衛5箇所, 後衛5箇所
PLAYED = ("front", "rear")  # a card summoned here counts as played (simulator statistics)

_ZONES = (  # name, 日本語, English, visibility, ordered, mixes, capacity (a 本陣's top is its last card)
    ("deck", "本陣", "deck", HIDDEN, True, False, None),
    ("hand", "手札", "hand", PRIVATE, False, True, None),
    ("grave", "冥府", "underworld", PUBLIC, True, False, None),  # index 0 is the bottom (転生 starts there)
    ("front", "前衛", "front", PUBLIC, True, False, SLOTS),
    ("rear", "後衛", "rear", PUBLIC, True, False, SLOTS),
    ("union", "ユニオン", "union", PUBLIC, True, False, SLOTS),  # rear cards laid sideways on front units
    ("reveal", "公開", "shown", PUBLIC, True, False, None),
)


@cache
def zone_specs(nplayers: int) -> tuple[ZoneSpec, ...]:
    return tuple(
        ZoneSpec(
            name,
            ja,
            seat,
            vis,
            ordered=ordered,
            mixes=mixes,
            capacity=cap,
            played=name in PLAYED,
            name_en=en,
        )
        for seat in range(nplayers)
        for (name, ja, en, vis, ordered, mixes, cap) in _ZONES
    )


def zid(seat: int, k: int) -> int:
    return seat * NZ + k
