"""The table's own moves, below every chapter: where a monster may stand, putting one on the field,
and a card leaving it (its equips go with it, its marks are lost)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CHAOS
from .phase_ids import ATTACKED, CHANGED, DEFENSE, USED
from .zones import BLACK_ZONES, CHAOS_ZONE, GRAVE, NZ, WHITE_ZONES

if TYPE_CHECKING:
    from .state import KokubyakuState


def allowed_zones(tables, card: int, side: int | None = None) -> tuple[int, ...]:
    """The monster zones a card may stand in (黒: the 2 leftmost, 白: the 2 rightmost, 灰: either side,
    カオス: the middle); ``side`` picks a grey monster's side (0 left, 1 right)."""
    if tables.ctype[card] == CHAOS:
        return (CHAOS_ZONE,)
    color = tables.color[card]
    if color == "black":
        return BLACK_ZONES
    if color == "white":
        return WHITE_ZONES
    if side is None:
        return BLACK_ZONES + WHITE_ZONES
    return BLACK_ZONES if side == 0 else WHITE_ZONES


def free_zones(s: KokubyakuState, seat: int, card: int, side: int | None = None) -> list[int]:
    return [z for z in allowed_zones(s.game.tables, card, side) if not s.zones[seat * NZ + z]]


def put_monster(
    s: KokubyakuState, seat: int, inst: int, zone: int, *, defense: bool, special: bool = False
) -> None:
    s.move(inst, seat * NZ + zone, face_up=True)
    s.flags[inst] = (s.flags[inst] & ~(DEFENSE | ATTACKED | CHANGED)) | (DEFENSE if defense else 0)
    s.summoned_turn[inst] = s.turn
    s.emit("special_summon" if special else "summon", seat, inst, at=inst, defense=defense)


def leave_field(s: KokubyakuState, inst: int, dst: int) -> None:
    """A card leaves the table: its equips go to 屍の森 with it."""
    if s.is_monster_on_field(inst):
        for other in s.spells(0) + s.spells(1):
            if s.equipped_to[other] == inst:
                unequip(s, other)
    s.equipped_to[inst] = -1
    s.ap_mod[inst] = 0
    s.dp_mod[inst] = 0
    s.flags[inst] &= ~(DEFENSE | ATTACKED | CHANGED | USED)  # a card that leaves the table loses its marks
    s.move(inst, dst, face_up=dst % NZ == GRAVE)


def unequip(s: KokubyakuState, spell: int) -> None:
    s.equipped_to[spell] = -1
    s.move(spell, s.seat_of(spell) * NZ + GRAVE, face_up=True)
    s.emit("to_grave", s.owner[spell], spell)
