"""バトル: an attack declaration, the defender's choice to accept the battle or not, and the comparison.

攻撃表示 vs 攻撃表示: the higher AP wins; the lower one's controller takes the difference and it is destroyed
(equal: our decision, option ``tie``). 攻撃表示 vs 守備表示: AP < DP — the attacker's controller takes the
difference, nothing is destroyed; DP < AP — the defender is destroyed, no damage (equal: nothing). A battle
not accepted, or an attack on a player with no monsters, is a direct attack for the attacker's AP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import POSSESS
from .effects import check_sp, damage, destroy
from .phase_ids import ATTACKED, BATTLE, DEFENSE, OPP_M
from .table import unequip
from .zones import M0, NZ

if TYPE_CHECKING:
    from .state import KokubyakuState


def attacks(s: KokubyakuState, seat: int) -> list[tuple[int, int]]:
    """(own monster zone, target code) pairs: a monster in attack position that has not attacked, at any
    of the opponent's monsters, or at the player when they have none (target -1)."""
    if seat != s.active or s.phase != BATTLE or s.links or s.battle is not None:
        return []
    theirs = s.monsters(1 - seat)
    out = []
    for i in s.monsters(seat):
        if s.flags[i] & (DEFENSE | ATTACKED):
            continue
        k = s.place_of(i) - M0
        if theirs:
            out += [(k, OPP_M + s.place_of(t) - M0) for t in theirs]
        else:
            out.append((k, -1))
    return out


def declare(s: KokubyakuState, seat: int, k: int, code: int) -> None:
    attacker = s.zones[seat * NZ + M0 + k][0]
    target = -1 if code < 0 else s.zones[(1 - seat) * NZ + M0 + code - OPP_M][0]
    s.flags[attacker] |= ATTACKED
    s.battle = (attacker, target)
    s.emit("attack", seat, attacker, at=attacker, target=target)
    # 憑依: 基本的に装備したモンスターが攻撃した場合、屍の森に置く
    for sp in s.spells(0) + s.spells(1):
        if s.equipped_to[sp] == attacker and s.ctype(sp) == POSSESS:
            unequip(s, sp)


def battle_valid(s: KokubyakuState) -> bool:
    """The declared battle can still happen: the attacker is on the field in attack position, and a
    targeted monster is still on the field (else the battle ends with nothing)."""
    a, t = s.battle
    if not s.is_monster_on_field(a) or s.defending(a) or s.seat_of(a) != s.active:
        return False
    return t < 0 or s.is_monster_on_field(t)


def direct(s: KokubyakuState) -> None:
    a, _ = s.battle
    seat = s.seat_of(a)
    s.emit("direct_attack", seat, a, at=a, amount=s.ap(a))
    damage(s, 1 - seat, s.ap(a))
    s.battle = None
    check_sp(s)


def fight(s: KokubyakuState) -> None:
    a, t = s.battle
    seat = s.seat_of(a)
    ap = s.ap(a)
    s.battle = None
    if not s.defending(t):
        vs = s.ap(t)
        s.emit("battle", seat, a, at=a, target=t, mine=ap, theirs=vs, defense=False)
        if ap > vs:
            damage(s, 1 - seat, ap - vs)
            destroy(s, t)
        elif vs > ap:
            damage(s, seat, vs - ap)
            destroy(s, a)
        elif s.game.options["tie"] == "both":
            destroy(s, t)
            destroy(s, a)
    else:
        dp = s.dp(t)
        s.emit("battle", seat, a, at=a, target=t, mine=ap, theirs=dp, defense=True)
        if ap < dp:
            damage(s, seat, dp - ap)
        elif dp < ap:
            destroy(s, t)
    check_sp(s)
