"""戦闘: attack declarations (合成攻撃 included), the 戦闘時フォースフェイズ, and 戦闘処理.

The rulebook's 8.2 (戦闘処理) is empty; the resolution here is our design (RULES.md, options ``tie``,
``repel`` and ``destroy``): the attackers' パワー added together against the target's パワー; the weaker side
is destroyed, an evolution stack as a whole; an attack on a player with an empty ヨネスフィールド takes the
attack's total パワー from their ライフ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.priority import Window, clockwise_from

from .phase_ids import ATTACKED, GATHER, GATHER_CANCEL, MAX_ATTACKERS, PLAYER_T, PROTECTED, WINDOW
from .zones import DISCARD, HAND, zid

if TYPE_CHECKING:
    from .state import YonesuState


def all_ready(s: YonesuState, seat: int) -> list[int]:
    """The player's ヨネス that have not attacked this turn (このターンにまだ攻撃をしていない)."""
    flags = s.flags
    return [t for t in s.tops(seat) if not flags[t] & ATTACKED]


def ready_yonesu(s: YonesuState, seat: int) -> list[int]:
    """The ready ヨネス an ``attack`` action's group (a bit mask) counts in: all of them, up to
    MAX_ATTACKERS."""
    return all_ready(s, seat)[:MAX_ATTACKERS]


def attack_targets(s: YonesuState, seat: int) -> list[int]:
    """Any ヨネス on the field (your own too), or an opponent whose ヨネスフィールド is empty."""
    out: list[int] = []
    for p in range(s.nplayers):
        if not s.alive[p]:
            continue
        tops = s.tops(p)
        if tops:
            out.extend(tops)
        elif s.opponents(seat, p):
            out.append(PLAYER_T + p)
    return out


def attack_actions(s: YonesuState, seat: int) -> list[Action]:
    """「1体または複数体(合成攻撃)」: every group of ready ヨネス against every target, one action each — or,
    with more than MAX_ATTACKERS ready (too many groups to list), the first ヨネス of a group to gather."""
    ready = all_ready(s, seat)
    if not ready:
        return []
    codes = s.field_codes()
    if len(ready) > MAX_ATTACKERS:
        return [Action("gather", codes[t]) for t in ready]
    tgts = attack_targets(s, seat)
    coded = [(t, codes[t] if t < PLAYER_T else t) for t in tgts]
    out: list[Action] = []
    for mask in range(1, 1 << len(ready)):
        group = {ready[k] for k in range(len(ready)) if mask >> k & 1}
        out.extend(Action("attack", mask, code) for t, code in coded if t not in group)
    return out


def gather_actions(s: YonesuState, seat: int) -> list[Action]:
    """Gathering a combined attack: another ready ヨネス joins, or the group attacks a target — or the
    gathering is taken back: choosing the group is not yet the 攻撃宣言, and the page leaves the battle
    phase's choices open until it (「…攻撃宣言をすることができます。」,
    「なお、フォースの発動と攻撃宣言の順序は問いません。」)."""
    group = set(s.gathered)
    codes = s.field_codes()
    out = [Action("gather", codes[t]) for t in all_ready(s, seat) if t not in group]
    out.extend(
        Action("attack-gathered", codes[t] if t < PLAYER_T else t)
        for t in attack_targets(s, seat)
        if t not in group
    )
    out.append(GATHER_CANCEL)
    return out


def gather(s: YonesuState, inst: int) -> None:
    s.gathered = (*s.gathered, inst)
    s.phase = GATHER
    s.emit("gather", s.attacker, inst, at=inst)


def cancel_gathering(s: YonesuState) -> None:
    """The gathered ヨネス are let go (none has attacked) and the battle phase's choices are back: another
    group, a force, or the end of the phase."""
    count = len(s.gathered)
    s.gathered = ()
    s.phase = s.main
    s.emit("gather_cancel", s.attacker, count=count)


def declare(s: YonesuState, mask: int, target: int) -> None:
    """攻撃宣言 with the group of ready ヨネス a bit mask names."""
    ready = ready_yonesu(s, s.attacker)
    declare_group(s, tuple(ready[k] for k in range(len(ready)) if mask >> k & 1), target)


def declare_gathered(s: YonesuState, target: int) -> None:
    group, s.gathered = s.gathered, ()
    declare_group(s, group, target)


def declare_group(s: YonesuState, group: tuple[int, ...], target: int) -> None:
    """攻撃宣言, then the 戦闘時フォースフェイズ: from the attacker's left, clockwise (with two players:
    防御側 → 攻撃側 → 防御側 …); it closes when everyone has passed in a row."""
    seat = s.attacker
    for t in group:
        s.flags[t] |= ATTACKED
    attackers = list(group)
    if target >= PLAYER_T:
        s.emit("attack_player", seat, attackers=attackers, player=target - PLAYER_T)
    else:
        s.emit("attack", seat, attackers=attackers, target=target)
    s.battle = (group, target, False)
    order = clockwise_from(s.nplayers, (seat + 1) % s.nplayers)
    s.windows.append(Window(order, 0, 0))
    s.phase = WINDOW


def resolve_battle(s: YonesuState) -> None:
    """戦闘処理 (our design, RULES.md §8.2)."""
    assert s.battle is not None
    group, target, cancelled = s.battle
    s.battle = None
    s.losses_due = True
    seat = s.attacker
    if cancelled:
        s.emit("battle_cancelled", seat)
        return
    attackers = [t for t in group if s.is_top(t) and s.field_seat(t) == seat]
    if not attackers:
        s.emit("battle_no_attacker", seat)
        return
    total = sum(s.power(t) for t in attackers)
    if target >= PLAYER_T:
        p = target - PLAYER_T
        if not s.alive[p] or s.tops(p):
            s.emit("battle_no_player", seat, player=p)
            return
        s.life[p] -= total
        s.emit("direct_hit", p, damage=total, life=s.life[p])
        return
    if not s.is_top(target):
        s.emit("battle_target_gone", seat)
        return
    defence = s.power(target)
    opts = s.game.options
    s.emit("battle", seat, attack=total, defence=defence, target=target)
    lose_target = total > defence or (total == defence and opts["tie"] == "both")
    lose_attackers = (total < defence and opts["repel"] == "destroy") or (
        total == defence and opts["tie"] == "both"
    )
    if lose_target:
        destroy_unless_protected(s, target)
    if lose_attackers:
        for t in attackers:
            if s.is_top(t):
                destroy_unless_protected(s, t)


def destroy_unless_protected(s: YonesuState, top: int) -> None:
    if s.flags[top] & PROTECTED:
        s.emit("protected", s.field_seat(top), top)
    else:
        destroy(s, top)


def destroy(s: YonesuState, top: int) -> None:
    """破壊: the whole evolution stack goes to the 捨て札置き場 (option destroy=top: only its top card)."""
    seat = s.field_seat(top)
    s.refilled[seat] = False  # a card of theirs went to the 捨て札置き場: 「カードを捨てる」 (引き忘れ)
    if s.game.options["destroy"] == "top" and s.below[top] >= 0:
        under = s.below[top]
        s.emit("destroy_top", seat, top, at=top, under=under)
        _pass_down(s, top, under)
        _leave(s, top, DISCARD)
        return
    stack = s.stack_of(top)
    if len(stack) > 1:
        s.emit("destroy_stack", seat, top, at=top, under=stack[:-1])
    else:
        s.emit("destroy", seat, top, at=top)
    for inst in stack:
        _leave(s, inst, DISCARD)


def bounce(s: YonesuState, top: int) -> None:
    """The top card returns to its player's hand; the card under it (if any) is the ヨネス now."""
    seat = s.field_seat(top)
    s.emit("bounce", seat, top, at=top)
    under = s.below[top]
    if under >= 0:
        _pass_down(s, top, under)
    _leave(s, top, zid(seat, HAND))
    s.first_moved = True


def _pass_down(s: YonesuState, top: int, under: int) -> None:
    """The card under a top card that leaves is the ヨネス now — the same ヨネス, as an evolution is: it keeps
    this turn's changes (パワー, 破壊されない, 攻撃済), as テンソード's 「このターン」 and 緊急回避's say."""
    s.above[under] = -1
    s.flags[under] |= s.flags[top] & (ATTACKED | PROTECTED)
    s.bonus[under] = s.bonus[top]


def _leave(s: YonesuState, inst: int, dst: int) -> None:
    s.below[inst] = -1
    s.above[inst] = -1
    s.bonus[inst] = 0
    s.flags[inst] &= ~(ATTACKED | PROTECTED)
    s.move(inst, dst, face_up=True)
