"""The places on a 黒白物語 table, per player (the text's 「フィールドの説明」 is empty: read from the rest).

Five モンスターエリア zones left to right — 黒 only in the two leftmost, カオス only in the middle, 白 only in
the two rightmost, 灰 in any of the four — and five 呪文エリア zones: 単発/オーラ only in the leftmost and
rightmost, 魔器/憑依 only in the middle three. One フィールドエリア each (our decision: the text never says
how many; RULES.md, "The table"). Each zone holds one card.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec, each_seat

DECK: Final = 0
HAND: Final = 1
GRAVE: Final = 2
SOURCE: Final = 3
CHAOS_DECK: Final = 4
FIELD_ZONE: Final = 5
M0: Final = 6  # monster zones M0 … M0 + 4, left to right
S0: Final = 11  # spell zones S0 … S0 + 4, left to right
NZ: Final = 16
MONSTER_ZONES: Final = tuple(range(M0, M0 + 5))
SPELL_ZONES: Final = tuple(range(S0, S0 + 5))
BLACK_ZONES: Final = (M0, M0 + 1)
CHAOS_ZONE: Final = M0 + 2
WHITE_ZONES: Final = (M0 + 3, M0 + 4)
EDGE_SPELL_ZONES: Final = (S0, S0 + 4)  # 単発 and オーラ
MIDDLE_SPELL_ZONES: Final = (S0 + 1, S0 + 2, S0 + 3)  # 魔器 and 憑依


def _slot(name: str, ja: str, en: str) -> ZoneSpec:
    return ZoneSpec(name, ja, 0, PUBLIC, capacity=1, played=True, name_en=en)


_ZONES: Final = (
    ZoneSpec("deck", "デッキ", 0, HIDDEN, ordered=True),
    ZoneSpec("hand", "手札", 0, PRIVATE, mixes=True),
    ZoneSpec("grave", "屍の森", 0, PUBLIC, ordered=True, name_en="graveyard"),
    ZoneSpec("source", "ソース置き場", 0, PUBLIC, ordered=True, played=True, name_en="source pile"),
    ZoneSpec("chaos", "カオスデッキ", 0, PRIVATE, mixes=True, name_en="chaos deck"),
    ZoneSpec("field", "フィールドエリア", 0, PUBLIC, capacity=1, played=True, name_en="field zone"),
    *(_slot(f"m{k}", f"モンスターエリア{k}", f"monster {k}") for k in range(1, 6)),
    *(_slot(f"s{k}", f"呪文エリア{k}", f"spell {k}") for k in range(1, 6)),
)


@cache
def zone_specs(nplayers: int) -> tuple[ZoneSpec, ...]:
    return each_seat(nplayers, _ZONES)


def zid(seat: int, k: int) -> int:
    return seat * NZ + k
