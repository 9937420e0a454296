"""The places on a 切り札 table (置き場), per player."""

from __future__ import annotations

from functools import cache

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec

DECK, HAND, LIFE, DISCARD, REVEAL, ATTACKER_SLOT, SUPPORT_1, SUPPORT_2, TRUMP = range(9)
NZ = 9
SUPPORT_SLOTS = (SUPPORT_1, SUPPORT_2)
PLAYED = ("attacker", "support1", "support2")  # set from hand: played (simulator statistics)

_ZONES = (  # name, 日本語, visibility, ordered, mixes, capacity (a deck's and life's top is their first card)
    ("deck", "山札置き場", HIDDEN, True, False, None),
    ("hand", "手札", PRIVATE, False, True, None),
    ("life", "ライフ置き場", HIDDEN, True, False, None),
    ("discard", "捨て札置き場", PUBLIC, True, False, None),
    ("reveal", "公開エリア", PUBLIC, True, False, None),
    ("attacker", "アタッカー置き場", PRIVATE, False, False, 1),
    ("support1", "サポート置き場1", PRIVATE, False, False, 1),
    ("support2", "サポート置き場2", PRIVATE, False, False, 1),
    ("trump", "切り札置き場", PRIVATE, True, False, None),
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
            top_first=name in ("deck", "life"),
        )
        for seat in range(nplayers)
        for (name, ja, vis, ordered, mixes, cap) in _ZONES
    )


def zid(seat: int, k: int) -> int:
    return seat * NZ + k
