"""バトルフェイズ: attack rights by 速度 (4 → 1, the first player's first on a tie), blocks, and the battle.

攻撃 > 防衛: the blocker is destroyed and its player takes 攻撃 − 防衛 戦闘ダメージ (cards from the top of the
本陣 to the 冥府). 攻撃 < 防衛: the blocker keeps 攻撃 as 蓄積ダメージ and the attacker's player pays the
攻撃失敗 penalty (2 cards, not damage). Equal: the blocker is destroyed and the attacker pays the penalty.
Unblocked: 攻撃 as 戦闘ダメージ, which is not a won battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from . import effects
from .phase_ids import ATTACK, BATTLE_TURN_STEP, BLOCK, DESTROYED, FIGHT, PASS, TAKE, TAPPED
from .state import order_since
from .zones import FRONT, NZ, SLOTS

if TYPE_CHECKING:
    from .state import GenesisState

PENALTY: Final = 2


def attack_speeds(s: GenesisState, seat: int) -> set[int]:
    """速度 of the player's active 前衛 units."""
    speed = s.game.tables.speed
    cards, flags = s.cards, s.flags
    return {speed[cards[u]] for u in s.zones[seat * NZ + FRONT] if not flags[u] & (TAPPED | DESTROYED)}


def attack_actions(s: GenesisState, seat: int) -> list[Action]:
    """Attacks with active 前衛 units of the current 速度, not 召喚酔い, and ``pass``; none at all if there is
    no such unit. 召喚酔い: summoned in this バトルターン
    (「実はカードは呼び出されたターンでは攻撃を行えません。」), or with summoning_sickness=phase in this very
    バトルフェイズ."""
    flags, speed, cards, at = s.flags, s.game.tables.speed, s.cards, s.summoned_at
    sp, serial = s.speed, s.serial
    # summoned at a phase serial in lo..serial: this turn (its ユニオン, スペル, バトル phases) or this phase
    lo = max(0, serial - BATTLE_TURN_STEP[ATTACK]) if s.game.sick_for_the_turn else serial
    base = seat * 2 * SLOTS  # actions name units by place (phase_ids.ROW_PLACES)
    acts = s.game.attack_acts
    out = [
        acts[base + k]
        for k, u in enumerate(s.zones[seat * NZ + FRONT])
        if not flags[u] & (TAPPED | DESTROYED) and speed[cards[u]] == sp and not lo <= at[u] <= serial
    ]
    return [*out, PASS] if out else []


def apply_attack(s: GenesisState, action: Action) -> None:
    seat = s.to_move
    if action.kind == "pass":
        s.emit("attack_pass", seat, speed=s.speed)
        effects.advance_speed(s)
        return
    u = s.at_place(action.a)
    s.flags[u] |= TAPPED
    s.battle = (u, -1)
    # 対応 enemy_attack listens; 攻撃 works out auras: only for a recorded game
    s.emit("attack", seat, u, at=u, attack=s.attack(u) if s.log is not None else 0)
    s.phase = BLOCK


def block_actions(s: GenesisState, seat: int) -> list[Action]:
    flags = s.flags
    base = seat * 2 * SLOTS  # actions name units by place (phase_ids.ROW_PLACES)
    acts = s.game.block_acts
    front = s.zones[seat * NZ + FRONT]
    return [*(acts[base + k] for k, u in enumerate(front) if not flags[u] & (TAPPED | DESTROYED)), TAKE]


def apply_block(s: GenesisState, action: Action) -> None:
    seat = s.to_move
    assert s.battle is not None
    a = s.battle[0]
    if action.kind == "block":
        b = s.at_place(action.a)
        s.flags[b] |= TAPPED
        s.battle = (a, b)
        s.emit("block", seat, b, at=b, defense=s.defense(b))
    else:
        s.emit("take", seat)  # 戦闘 effects listen to the block or the take
    s.phase = FIGHT


def fight(s: GenesisState) -> None:
    """The battle is compared; what its outcome sets off (a destroyed unit's responses, the 術式 cards its
    damage mills) became usable at one moment and waits as one batch, in 速度 order."""
    mark = len(s.waiting)
    _compare(s)
    order_since(s, mark)


def _compare(s: GenesisState) -> None:
    assert s.battle is not None
    a, b = s.battle
    s.battle = None
    s.phase = ATTACK
    if not s.alive_unit(a):
        s.emit("battle_no_attacker", s.seat_of(a), a)
        return
    attacker_seat = s.seat_of(a)
    defender = 1 - attacker_seat
    atk = s.attack(a)
    if b < 0:
        s.emit("direct_attack", defender, attacker=a, amount=atk)
        s.mill(defender, atk, "damage")
        return
    if not s.alive_unit(b):
        s.emit("battle_no_blocker", defender, b)
        return
    d = s.defense(b)
    s.emit("battle", attacker_seat, attacker=a, attack=atk, blocker=b, defense=d)
    if atk > d:
        effects.destroy(s, b)
        s.mill(defender, atk - d, "damage")
    elif atk < d:
        if effects.immune(s, b):
            s.emit("immune", defender, b, at=b)
        else:
            s.dmg[b] += atk
            s.stats_changed = True
            s.emit("damaged", defender, b, at=b, amount=atk, defense=s.defense(b))
        s.emit("penalty", attacker_seat, count=PENALTY)
        s.mill(attacker_seat, PENALTY, "penalty")
    else:
        effects.destroy(s, b)
        s.emit("penalty", attacker_seat, count=PENALTY)
        s.mill(attacker_seat, PENALTY, "penalty")
