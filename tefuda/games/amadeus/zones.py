"""The places on an アマデウス table, per player: Duel Masters' six zones, the どこでもないゾーン a spell
resolves in, the cards under an evolution creature, and the Amadeus rule's ダウトゾーン and 疑心ゾーン.

Public (公開領域, as the Amadeus text lists them): the battle zone with the cards under its creatures, mana,
graveyard, the どこでもないゾーン, the ダウトゾーン and the 疑心ゾーン. Hidden: the deck and the shields (face
down, unknown even to their owner) and the hand (its owner's).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from tefuda.core import HIDDEN, PRIVATE, PUBLIC, ZoneSpec, each_seat

DECK: Final = 0
HAND: Final = 1
SHIELDS: Final = 2
MANA: Final = 3
BATTLE: Final = 4
GRAVE: Final = 5
UNDER: Final = 6
NOWHERE: Final = 7
DOUBT: Final = 8
SUSPICION: Final = 9
NZ: Final = 10
PUBLIC_ZONES: Final = frozenset({MANA, BATTLE, GRAVE, UNDER, NOWHERE, DOUBT, SUSPICION})

_ZONES: Final = (
    ZoneSpec("deck", "山札", 0, HIDDEN, ordered=True),
    ZoneSpec("hand", "手札", 0, PRIVATE, mixes=True),
    ZoneSpec("shields", "シールドゾーン", 0, HIDDEN, ordered=True, name_en="shield zone"),
    ZoneSpec("mana", "マナゾーン", 0, PUBLIC, played=True, name_en="mana zone"),
    ZoneSpec("battle", "バトルゾーン", 0, PUBLIC, ordered=True, played=True, name_en="battle zone"),
    ZoneSpec("grave", "墓地", 0, PUBLIC, ordered=True, name_en="graveyard"),
    ZoneSpec("under", "進化元 (カードの下)", 0, PUBLIC, name_en="under evolution creatures"),
    ZoneSpec("nowhere", "どこでもないゾーン", 0, PUBLIC, played=True, name_en="nowhere (resolving)"),
    ZoneSpec("doubt", "ダウトゾーン", 0, PUBLIC, ordered=True, name_en="doubt zone"),
    ZoneSpec("suspicion", "疑心ゾーン", 0, PUBLIC, ordered=True, name_en="suspicion zone"),
)


@cache
def zone_specs(nplayers: int) -> tuple[ZoneSpec, ...]:
    return each_seat(nplayers, _ZONES)
