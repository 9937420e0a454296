"""The places on a ヨネス table (置き場): one shared 山札 and 捨て札置き場, and three places per player."""

from __future__ import annotations

from functools import cache
from typing import Final

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec, each_seat

# shared: 山札, 捨て札置き場, forces being activated (発動中のフォース)
DECK: Final = 0
DISCARD: Final = 1
STACK: Final = 2
# per player: 手札, ヨネスフィールド, コストフィールド
HAND: Final = 0
YFIELD: Final = 1
CFIELD: Final = 2
NZ: Final = 3  # zones per player
BASE: Final = 3  # first per-player zone


def zid(seat: int, k: int) -> int:
    return BASE + seat * NZ + k


@cache
def zone_specs(nplayers: int) -> tuple[ZoneSpec, ...]:
    shared = (
        ZoneSpec("deck", "山札", 0, HIDDEN, ordered=True, shared=True),
        ZoneSpec("discard", "捨て札置き場", 0, PUBLIC, ordered=True, shared=True, name_en="discard pile"),
        ZoneSpec(
            "stack",
            "発動中のフォース",
            0,
            PUBLIC,
            ordered=True,
            played=True,
            shared=True,
            name_en="forces activated",
        ),
    )
    per_seat = each_seat(
        nplayers,
        (
            ZoneSpec("hand", "手札", 0, PRIVATE, mixes=True),
            ZoneSpec(
                "yonesu_field",
                "ヨネスフィールド",
                0,
                PUBLIC,
                ordered=True,
                played=True,
                name_en="Yonesu field",
            ),
            ZoneSpec("cost_field", "コストフィールド", 0, PUBLIC, ordered=True),
        ),
    )
    return shared + per_seat
