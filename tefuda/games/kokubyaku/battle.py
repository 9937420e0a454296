"""バトル: an attack declaration, the defender's choice to accept the battle or not, and the comparison.

攻撃表示 vs 攻撃表示: the higher AP wins; the lower one's controller takes the difference and it is destroyed
(equal: neither AP is the smaller, so nothing happens; option ``tie = both``). 攻撃表示 vs 守備表示: AP < DP —
the attacker's controller takes the difference, nothing is destroyed; DP < AP — the defender is destroyed, no
damage (equal: nothing). A battle not accepted, or an attack on a player with no monsters, is a direct attack
for the attacker's AP. When the attack is over, however it ended, the attacker's 憑依 go to 屍の森
(「基本的に装備したモンスターが攻撃した場合、屍の森に置く」: their effect counts for that attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import check_losses, damage, destroy, end_attack
from .phase_ids import ATTACKED, BATTLE, DEFENSE, OPP_M
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


def battle_valid(s: KokubyakuState) -> bool:
    """The declared battle can still happen: the attacker is on the field in attack position, and a
    targeted monster is still on the field (else the battle ends with nothing)."""
    assert s.battle is not None
    a, t = s.battle
    if not s.is_monster_on_field(a) or s.defending(a) or s.seat_of(a) != s.active:
        return False
    return t < 0 or s.is_monster_on_field(t)


def direct(s: KokubyakuState) -> None:
    """「攻撃モンスターの攻撃力分相手にダメージを与える。」"""
    assert s.battle is not None
    a, _ = s.battle
    seat = s.seat_of(a)
    s.battle = None
    s.emit("direct_attack", seat, a, at=a, amount=s.ap(a))
    if not damage(s, 1 - seat, s.ap(a)):
        end_attack(s, a)


def fight(s: KokubyakuState) -> None:
    """The battle: damage first, then the loser is destroyed (「…APの差のダメージを負い、そのモンスターを破壊
    する」); a player whose SP is gone has lost before anything is destroyed."""
    assert s.battle is not None
    a, t = s.battle
    seat = s.seat_of(a)
    ap = s.ap(a)
    s.battle = None
    if not s.defending(t):
        vs = s.ap(t)
        s.emit("battle", seat, a, at=a, target=t, mine=ap, theirs=vs, defense=False)
        if ap > vs:
            if damage(s, 1 - seat, ap - vs):
                return
            destroy(s, t)
        elif vs > ap:
            if damage(s, seat, vs - ap):
                return
            destroy(s, a)
        elif s.game.options["tie"] == "both":  # a house rule: the text destroys only the smaller AP
            destroy(s, t)
            destroy(s, a)
    else:
        dp = s.dp(t)
        s.emit("battle", seat, a, at=a, target=t, mine=ap, theirs=dp, defense=True)
        if ap < dp:
            if damage(s, seat, dp - ap):
                return
        elif dp < ap:
            destroy(s, t)
    end_attack(s, a)
    check_losses(s)
