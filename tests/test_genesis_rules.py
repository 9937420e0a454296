"""Scenario tests for ジェネシス・ガーデン, one per rule of the rulebook (and our decisions next to them)."""

from __future__ import annotations

import re

import pytest

from tefuda.core import FACE_UP, IllegalActionError, PositionError
from tefuda.games.genesis import setup
from tefuda.games.genesis.game import GenesisGame
from tefuda.games.genesis.phase_ids import ATTACK, DESTROYED, MAIN, MULLIGAN, SPELL, TAPPED, TRIGGER, UNION
from tefuda.games.genesis.zones import DECK, FRONT, GRAVE, HAND, NZ, REAR
from tests.notation import do, legal


def game(**options) -> GenesisGame:
    return GenesisGame(options)


def zone(s, seat, k) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def grave_faces(s, seat) -> list[bool]:
    return [bool(s.flags[i] & FACE_UP) for i in s.zones[seat * NZ + GRAVE]]


# ---------------------------------------------------------------------- ゲームの準備
def test_setup_five_cards_one_mulligan_each_then_breakout():
    s = game().new_state(None, 3)
    assert s.phase == MULLIGAN and s.current_player == 0
    assert [len(s.z(p, HAND)) for p in (0, 1)] == [5, 5]
    assert [len(s.z(p, DECK)) for p in (0, 1)] == [35, 35]
    do(s, "mulligan")
    assert len(s.z(0, HAND)) == 5 and s.current_player == 1  # once: the turn passes on
    do(s, "keep")
    kinds = [e.code for e in s.log]
    assert kinds.index("bow") < kinds.index("mulligan") < kinds.index("breakout")
    assert "first_player" in kinds
    # round 1: the first player's turn went through スタンバイ (nothing to upkeep) and ドロー
    assert s.phase == MAIN and s.current_player == s.first
    assert len(s.z(s.first, HAND)) == 6


def test_first_player_by_reveal_summon_plus_rank_then_speed_then_again():
    g = game()

    def reveal(top0, top1):
        s = g.position(decks=([*top0, *["歩兵"] * 10], [*top1, *["歩兵"] * 10]))
        setup.decide_first(s)
        return s

    s = reveal(["騎士"], ["竜騎士"])  # 召喚 3 against 2
    assert s.first == 0
    s = reveal(["弓兵"], ["竜騎士"])  # 2 against 2; 速度 3 against 4
    assert s.first == 1
    s = reveal(["竜王バハム"], ["巨神アトラ"])  # 4 + 2 階級 = 6 against 5 + 1 = 6; 速度 4 against 1
    assert s.first == 0
    s = reveal(["歩兵", "歩兵"], ["幼竜", "騎士"])  # 1/速2 each: tied, shown again: 1 against 3
    assert s.first == 1
    assert sum(1 for e in s.log if e.code == "reveal") == 4
    # shown cards went to the bottom of their 本陣, where everyone knows them
    assert zone(s, 1, DECK)[:2] == ["騎士", "幼竜"]
    assert s.knows(0, s.z(1, DECK)[0])


# ---------------------------------------------------------------------- プレイヤーターン
def test_standby_untaps_heals_and_pays_upkeep_union_counting_two():
    s = game().position(
        fronts=(["歩兵"], ["騎士"]),
        unions=({0: "騎士"}, {}),
        rears=(["弓兵"], []),
        tapped=(["歩兵"], []),
        damage=({"歩兵": 1}, {"騎士": 2}),
        start="standby",
    )
    front = s.z(0, FRONT)[0]
    assert not s.flags[front] & TAPPED and s.dmg[front] == 0  # 回復 and healed
    assert s.dmg[s.z(1, FRONT)[0]] == 2  # the opponent's damage heals at their own スタンバイ only
    assert len(s.z(0, GRAVE)) == 3  # 歩兵 + its union 騎士 + 弓兵
    assert all(grave_faces(s, 0))
    assert len(s.z(0, DECK)) == 20 - 3 - 1  # upkeep, then the mandatory draw
    assert s.phase == MAIN


def test_at_most_four_summons_and_their_cost_is_paid_from_the_deck():
    s = game().position(hands=(["鬼火"] * 5 + ["騎士"], []))
    for _ in range(3):
        do(s, "summon 鬼火 -> 前衛")
    do(s, "summon 騎士 -> 後衛")
    assert len(s.z(0, GRAVE)) == 3  # 騎士: 召喚 3
    assert not any(a.startswith("summon") for a in legal(s))
    assert legal(s) == ["end"]


def test_heroes_need_units_of_their_race():
    s = game().position(hands=(["竜王バハム"], []), fronts=(["幼竜"], []))
    assert not any("竜王バハム" in a for a in legal(s))  # 階級2: one ドラゴン is not enough
    s = game().position(hands=(["竜王バハム"], []), fronts=(["幼竜"], []), rears=(["竜騎士"], []))
    assert "summon 竜王バハム -> 前衛" in legal(s)


def test_a_union_counts_as_one_unit_for_a_heros_rank():
    """2体で1体のユニットとして扱われます: two ドラゴン cards in one union are one ドラゴン unit."""
    s = game().position(hands=(["竜王バハム"], []), fronts=(["幼竜"], []), unions=({0: "火竜"}, {}))
    assert s.race_count(0, "ドラゴン") == 1
    assert not any("竜王バハム" in a for a in legal(s))  # 階級2: one unit, though two cards
    s = game().position(
        hands=(["竜王バハム"], []),
        fronts=(["幼竜"], []),
        unions=({0: "火竜"}, {}),
        rears=(["竜騎士"], []),
    )
    assert s.race_count(0, "ドラゴン") == 2  # the union and 竜騎士
    assert "summon 竜王バハム -> 前衛" in legal(s)
    assert s.field_cards(0) == 3  # ユニットの維持 still counts both cards of the union


def test_five_slots_per_row():
    s = game().position(hands=(["鬼火"], []), fronts=(["歩兵"] * 5, []))
    assert legal(s) == ["summon 鬼火 -> 後衛", "end"]


def test_end_phase_destroyed_cards_return_for_one_card_or_go_to_the_underworld():
    s = game().position(fronts=(["騎士", "歩兵"], []), destroyed=(["騎士", "歩兵"], []))
    do(s, "end")
    assert set(legal(s)) == {
        "return p1/前衛/騎士",
        "bury p1/前衛/騎士",
        "return p1/前衛/歩兵",
        "bury p1/前衛/歩兵",
    }
    deck = len(s.z(0, DECK))
    do(s, "return p1/前衛/騎士")
    assert "騎士" in zone(s, 0, HAND) and len(s.z(0, DECK)) == deck - 1
    do(s, "bury p1/前衛/歩兵")
    assert zone(s, 0, GRAVE)[-1] == "歩兵"
    assert s.turn_seat == 1  # then the second player's turn


# ---------------------------------------------------------------------- バトルターン: ユニオン
def test_union_same_race_slower_front_one_each_and_release_needs_room():
    s = game().position(
        fronts=(["歩兵", "竜騎士"], ["歩兵"]),
        rears=(["騎士", "弓兵"], []),
        start="union",
    )
    acts = legal(s)
    assert "union p1/後衛/騎士 -> p1/前衛/歩兵" in acts  # 人間, 速度 3 onto 速度 2
    assert not any("-> p1/前衛/竜騎士" in a for a in acts if a.startswith("union"))  # ドラゴン
    do(s, "union p1/後衛/騎士 -> p1/前衛/歩兵")
    u = s.z(0, FRONT)[0]
    assert s.attack(u) == 2 + 4 and s.defense(u) == 2 + 4 and s.unit_speed(u) == 2
    assert not any(a.startswith("union p1/後衛/弓兵 -> p1/前衛/歩兵") for a in legal(s))  # one per front
    assert s.field_cards(0) == 4  # upkeep still counts both cards
    do(s, "done")
    assert s.current_player == 1  # then the second player arranges
    do(s, "done")
    assert s.phase in (SPELL, ATTACK)


def test_union_effects_are_off():
    """火竜 (起動/前衛) laid on 幼竜 uses no effect: the スペルフェイズ has no decision, so a position asked
    to stop there says so, and with advance=True the rules move on to the バトルフェイズ."""
    kw = {"fronts": (["幼竜"], ["歩兵"]), "unions": ({0: "火竜"}, {}), "graves": (["歩兵"] * 3, [])}
    with pytest.raises(PositionError, match="no decision in the スペルフェイズ"):
        game().position(**kw, start="spell")
    s = game().position(**kw, start="spell", advance=True)
    assert s.phase == ATTACK and not any(a.startswith("activate") for a in legal(s))


# ---------------------------------------------------------------------- スペルフェイズ
def test_spell_phase_speed_order_and_reincarnation_from_the_bottom():
    s = game().position(
        fronts=(["火竜"], ["騎士", "歩兵"]),
        rears=(["小悪魔"], ["弓兵"]),
        graves=(["歩兵", "~騎士", "弓兵", "幼竜"], ["歩兵", "歩兵"]),
        first=1,
        start="spell",
    )
    # 速度 3: 先攻 (P2)'s 弓兵 first, then P1's 火竜 and 小悪魔 in P1's chosen order
    assert s.current_player == 1 and s.speed == 3
    do(s, "pass")
    assert s.current_player == 0
    do(s, "activate p1/前衛/火竜 -> p2/前衛/騎士")
    assert grave_faces(s, 0) == [False, False, False, True]  # the two lowest face-up cards, not chosen
    assert s.defense(s.z(1, FRONT)[0]) == 4 - 2
    assert s.flags[s.z(0, FRONT)[0]] & TAPPED  # 起動 made it 疲労
    assert "activate p1/後衛/小悪魔 -> p2/前衛/騎士" in legal(s)
    with pytest.raises(IllegalActionError):
        do(s, "activate p1/前衛/火竜 -> p2/前衛/歩兵")


def test_damage_and_reduction_are_different():
    s = game().position(
        fronts=(["火竜"], ["石巨人"]),
        rears=(["魔術師"], []),
        graves=(["歩兵"] * 6, []),
        start="spell",
    )
    giant = s.z(1, FRONT)[0]
    do(s, "activate p1/前衛/火竜 -> p2/前衛/石巨人")
    assert s.dmg[giant] == 0 and s.defense(giant) == 7  # ダメージを受けない
    while s.phase == SPELL and not any(a.startswith("activate p1/後衛/魔術師") for a in legal(s)):
        do(s, "pass")
    do(s, "activate p1/後衛/魔術師 -> p2/前衛/石巨人")
    assert s.defense(giant) == 5 and s.attack(giant) == 1  # 減少 still applies


# ---------------------------------------------------------------------- バトルフェイズ
def _battle(att, blk, **kw):
    s = game().position(fronts=([att], [blk] if blk else []), start="battle", **kw)
    assert s.phase == ATTACK and s.current_player == 0
    do(s, f"attack p1/前衛/{att}")
    return s


def test_attack_wins_blocker_destroyed_and_the_difference_is_battle_damage():
    s = _battle("騎士", "歩兵")
    do(s, "block p2/前衛/歩兵")
    blk = s.z(1, FRONT)[0]
    assert s.flags[blk] & DESTROYED
    assert len(s.z(1, GRAVE)) == 4 - 2


def test_attack_fails_blocker_keeps_damage_and_attacker_pays_two_not_damage():
    s = _battle("歩兵", "熊戦士", decks=(["死の儀式", "死の儀式"] + ["歩兵"] * 10, ["歩兵"] * 10))
    do(s, "block p2/前衛/熊戦士")
    blk, att = s.z(1, FRONT)[0], s.z(0, FRONT)[0]
    assert s.dmg[blk] == 2 and s.defense(blk) == 5 - 2 and not s.flags[blk] & DESTROYED
    assert not s.flags[att] & DESTROYED
    assert zone(s, 0, GRAVE)[:2] == ["死の儀式", "死の儀式"]  # the penalty (then the battle turn ended)
    assert not any(e.code in ("ritual", "decline") for e in s.log)  # not damage: no 術式 was offered


def test_equal_blocker_destroyed_and_attacker_pays_the_penalty():
    s = _battle("歩兵", "幼竜")
    do(s, "block p2/前衛/幼竜")
    assert s.flags[s.z(1, FRONT)[0]] & DESTROYED
    assert len(s.z(0, GRAVE)) == 2 and len(s.z(1, GRAVE)) == 0


def test_unblocked_attack_is_battle_damage_and_fires_rituals():
    s = game().position(
        fronts=(["騎士"], ["歩兵", "幼竜"]),
        tapped=([], ["歩兵", "幼竜"]),
        decks=(["歩兵"] * 10, ["死の儀式", "歩兵", "歩兵", "歩兵"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/騎士")
    assert legal(s) == ["take"]  # no active unit to block with
    do(s, "take")
    assert len(s.z(1, GRAVE)) == 4 and zone(s, 1, GRAVE)[0] == "死の儀式"  # the top card went first
    assert s.phase == TRIGGER and s.current_player == 1
    assert "use p2/冥府/死の儀式 -> p1/前衛/騎士" in legal(s)
    do(s, "use p2/冥府/死の儀式 -> p1/前衛/騎士")
    assert not s.flags[s.z(1, GRAVE)[0]] & FACE_UP  # the 術式 card turned itself face down
    assert [e.arg("amount") for e in s.log if e.code == "damaged"] == [3]


def test_attack_rights_by_speed_first_player_first_on_ties():
    s = game().position(fronts=(["竜騎士", "歩兵"], ["騎士", "弓兵"]), first=1, start="battle")
    order = []
    while s.phase == ATTACK:
        seat = s.current_player
        attacks = [a for a in legal(s) if a.startswith("attack")]
        order.append((s.speed, seat, attacks))
        do(s, "pass")
    assert [(sp, seat) for sp, seat, _ in order] == [(4, 0), (3, 1), (2, 0)]


def test_quick_summon_in_the_battle_phase_blocks_but_cannot_attack():
    s = game().position(
        fronts=(["竜騎士", "騎士"], ["歩兵"]),
        tapped=([], ["歩兵"]),
        hands=([], ["偵察ドローン"]),
        decks=(["歩兵"] * 10, ["起動回路", "歩兵", "歩兵"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/竜騎士", "take")
    assert s.phase == TRIGGER and s.current_player == 1
    do(s, "use p2/冥府/起動回路 -> 偵察ドローン@前衛")  # 術式: 速攻召喚 from hand, no 召喚 cost
    drone = next(i for i in s.z(1, FRONT) if s.game.cardset[s.cards[i]].name == "偵察ドローン")
    assert s.summons[1] == 1 and s.summoned_at[drone] == s.serial
    # 速度 4 goes on to P2, whose 速度 4 drone is 召喚酔い: nothing to attack with, so on to 速度 3
    assert s.speed == 3 and s.current_player == 0
    do(s, "attack p1/前衛/騎士")
    assert "block p2/前衛/偵察ドローン" in legal(s)


def test_accumulated_damage_lasts_until_its_owners_standby():
    s = game().position(fronts=(["歩兵"], ["騎士"]), damage=({}, {"騎士": 3}), start="main", turn_seat=0)
    knight = s.z(1, FRONT)[0]
    assert s.defense(knight) == 1
    do(s, "end")
    assert s.turn_seat == 1 and s.dmg[knight] == 0  # P2's スタンバイ healed it


# ---------------------------------------------------------------------- サイクル and the end
def test_cycle_returns_face_up_underworld_cards_and_the_third_emptying_loses():
    s = game().position(
        fronts=(["歩兵"], []),
        decks=(["騎士", "騎士"], ["歩兵"] * 10),
        graves=(["弓兵", "~火竜", "幼竜"], []),
        start="standby",
    )
    # upkeep 1 and the draw emptied the 本陣: the face-up 弓兵, 幼竜 and the milled 騎士 came back
    assert s.cycles[0] == 1 and sorted(zone(s, 0, DECK)) == ["幼竜", "弓兵", "騎士"]
    assert zone(s, 0, GRAVE) == ["火竜"]  # 転生 cards stay
    s = game().position(
        fronts=(["歩兵"], []), decks=(["騎士"], ["歩兵"] * 10), cycles=(2, 0), start="standby", advance=True
    )
    assert s.is_over and s.outcome().winner == 1 and s.outcome().reason_ja == "本陣が3回0になった"


def test_mulligan_only_once_and_illegal_actions_change_nothing():
    s = game().new_state(None, 9)
    before = s.digest()
    for bad in ("attack", "summon 歩兵 -> 前衛", "end"):
        with pytest.raises(IllegalActionError):
            s.apply_text(bad)
    assert s.digest() == before
    do(s, "mulligan")
    assert s.current_player == 1  # P1 is not asked again
    do(s, "mulligan")
    assert s.phase == MAIN and [len(s.z(p, HAND)) for p in (0, 1)].count(5) == 1


# ---------------------------------------------------------------------- the other effect kinds
def test_summon_effect_offered_on_summon_and_quick_summon_counts_toward_four():
    s = game().position(
        hands=(["伝令", "歩兵", "鬼火", "鬼火", "鬼火"], []),
        graves=(["騎士"], []),
    )
    do(s, "summon 伝令 -> 前衛")
    assert s.phase == TRIGGER and "use p1/前衛/伝令 -> 歩兵@後衛" in legal(s)
    do(s, "use p1/前衛/伝令 -> 歩兵@後衛")  # 速攻召喚: no 召喚 cost
    assert "歩兵" in zone(s, 0, REAR) and s.summons[0] == 2
    do(s, "summon 鬼火 -> 前衛", "summon 鬼火 -> 前衛")
    assert legal(s) == ["end"]  # the quick summon was one of the four


def test_hero_summon_effect_destroys_a_weak_enemy():
    s = game().position(
        hands=(["竜王バハム"], []),
        fronts=(["幼竜", "竜騎士"], ["騎士", "熊戦士"]),
        graves=(["歩兵"] * 3, []),
    )
    do(s, "summon 竜王バハム -> 前衛")
    assert set(legal(s)) == {
        "use p1/前衛/竜王バハム -> p2/前衛/騎士",
        "decline p1/前衛/竜王バハム",
    }  # 防衛4以下
    do(s, "use p1/前衛/竜王バハム -> p2/前衛/騎士")
    assert s.flags[s.z(1, FRONT)[0]] & DESTROYED
    assert grave_faces(s, 0) == [False] * 3 + [True] * 4  # 転生 3 of the old cards; the 召喚 cost is new


def test_response_effects_fire_on_their_moment():
    s = game().position(
        fronts=(["騎士"], ["夢魔"]),
        rears=([], ["骸骨兵"]),
        graves=([], ["歩兵", "歩兵"]),
        start="battle",
    )
    do(s, "attack p1/前衛/騎士")
    assert s.phase == TRIGGER and s.current_player == 1  # 対応: an enemy unit declared an attack
    do(s, "use p2/前衛/夢魔 -> p1/前衛/騎士")
    knight = s.z(0, FRONT)[0]
    assert s.attack(knight) == 2
    hand = len(s.z(1, HAND))
    do(s, "block p2/前衛/夢魔")  # 2 against 3: the attack fails
    assert not s.flags[s.z(1, FRONT)[0]] & DESTROYED
    assert [e.arg("count") for e in s.log if e.code == "penalty"] == [2]
    assert len(s.z(1, HAND)) == hand


def test_ally_destroyed_response_and_continuous_aura():
    s = game().position(
        fronts=(["騎士"], ["歩兵", "古竜", "幼竜"]),
        rears=([], ["骸骨兵"]),
        tapped=([], ["幼竜"]),
        start="battle",
    )
    whelp = s.z(1, FRONT)[2]
    assert s.attack(whelp) == 2 + 1  # 古竜: 永続 +1 to the other ドラゴン in the 前衛
    do(s, "attack p1/前衛/騎士", "block p2/前衛/歩兵")
    assert s.phase == TRIGGER and s.current_player == 1  # 骸骨兵: one of your units was destroyed
    hand = len(s.z(1, HAND))
    do(s, "use p2/後衛/骸骨兵")
    assert len(s.z(1, HAND)) == hand + 1


def test_release_a_union_needs_a_free_rear_slot():
    s = game().position(
        fronts=(["歩兵"], []),
        unions=({0: "騎士"}, {}),
        rears=(["鬼火"] * 5, []),
        start="union",
    )
    assert not any(a.startswith("release") for a in legal(s))
    s = game().position(fronts=(["歩兵"], []), unions=({0: "騎士"}, {}), start="union")
    do(s, "release p1/前衛/歩兵")
    assert zone(s, 0, REAR) == ["騎士"] and s.partner[s.z(0, FRONT)[0]] == -1


def _destroyed_union():
    """P1's union 歩兵+騎士 (攻撃 6, 防衛 6) blocks 巨神アトラ (攻撃 9), is destroyed; then the リーブ."""
    s = game().position(
        fronts=(["歩兵"], ["巨神アトラ"]),
        unions=({0: "騎士"}, {}),
        decks=(["歩兵"] * 20, ["歩兵"] * 20),
        start="battle",
    )
    do(s, "pass")  # P1's union at 速度 2
    do(s, "attack p2/前衛/巨神アトラ", "block p1/前衛/歩兵")
    front = s.z(0, FRONT)[0]
    assert s.flags[front] & DESTROYED and s.flags[s.partner[front]] & DESTROYED  # a union is destroyed whole
    assert s.current_player == 0
    return s


def test_a_destroyed_union_is_one_decision_and_returns_whole_for_one_card():
    """どちらかが冥府に送られたり…両方に同じ効果が適用されます; 手札に戻す: 本陣の上から1枚を冥府へ."""
    s = _destroyed_union()
    assert set(legal(s)) == {"return p1/前衛/歩兵", "bury p1/前衛/歩兵"}  # one unit, one choice
    grave = len(s.z(0, GRAVE))
    do(s, "return p1/前衛/歩兵")
    assert sorted(zone(s, 0, HAND)[:2]) == ["歩兵", "騎士"]  # both cards (then the next round's draw)
    assert [e.code for e in s.log].count("mill_return") == 1
    assert len(s.z(0, GRAVE)) == grave + 1  # one card of cost (the next round's upkeep is 0)
    assert not s.units(0) and not s.field_cards(0)


def test_a_destroyed_union_goes_whole_to_the_underworld():
    s = _destroyed_union()
    grave = len(s.z(0, GRAVE))
    do(s, "bury p1/前衛/歩兵")
    assert zone(s, 0, GRAVE)[grave:] == ["歩兵", "騎士"]
    assert all(grave_faces(s, 0)[grave:])
    assert not s.field_cards(0)
    # the position helper destroys a union whole too
    s = game().position(fronts=(["歩兵"], []), unions=({0: "騎士"}, {}), destroyed=(["歩兵"], []))
    assert all(s.flags[i] & DESTROYED for i in (s.z(0, FRONT)[0], s.partner[s.z(0, FRONT)[0]]))


# ---------------------------------------------------------------------- positions by hand
@pytest.mark.parametrize(
    ("kw", "says"),
    [
        ({"hands": (["無名"], [])}, "hands[0][0]: no card named '無名'"),
        ({"decks": (["歩兵", "謎"], ["歩兵"])}, "decks[0][1]: no card named '謎'"),
        ({"graves": ([], ["~謎"])}, "graves[1][0]: no card named '~謎'"),
        ({"fronts": (["歩兵"] * 6, [])}, "fronts[0]: the 前衛 has 5 places, got 6 units"),
        ({"rears": ([], ["歩兵"] * 6)}, "rears[1]: the 後衛 has 5 places, got 6 units"),
        ({"fronts": (["歩兵"], []), "unions": ({1: "騎士"}, {})}, "unions[0]: no front unit at index 1"),
        ({"fronts": (["歩兵"], []), "unions": ({0: "幼竜"}, {})}, "a union is two cards of the same 種族"),
        ({"fronts": (["騎士"], []), "unions": ({0: "歩兵"}, {})}, "the front card must have the lower 速度"),
        ({"fronts": (["歩兵"], []), "unions": ({0: "無名"}, {})}, "unions[0][0]: no card named '無名'"),
        ({"unions": (["騎士"], {})}, "unions[0]: must map a front unit's index to a card name"),
        ({"tapped": (["竜騎士"], [])}, "tapped[0]: '竜騎士' is not a unit on P1's field"),
        (
            {"fronts": (["竜騎士"], []), "destroyed": ([], ["竜騎士"])},
            "destroyed[1]: '竜騎士' is not a unit on P2's",
        ),
        ({"damage": ({"歩兵": 2}, {})}, "damage[0]: '歩兵' is not a unit on P1's field"),
        ({"fronts": (["歩兵"], []), "damage": ({"歩兵": -1}, {})}, "蓄積ダメージ is a whole number ≥ 0"),
        ({"cycles": (3, 0)}, "cycles[0]: must be 0, 1 or 2"),
        ({"cycles": (0,)}, "cycles: needs one entry per player (2), got 1"),
        ({"hands": (["歩兵"], [], [])}, "hands: needs one entry per player (2), got 3"),
        ({"hands": ("歩兵", [])}, "hands[0]: must be a list of card names"),
        ({"decks": ([], ["歩兵"])}, "decks[0]: a 本陣 cannot be empty"),
        ({"decks": (["歩兵"] * 100, ["歩兵"] * 30)}, "130 in all; a game holds at most 128"),
        ({"start": "draw"}, "start: must be one of standby, main, union, spell, battle"),
        ({"first": 2}, "first: must be 0 or 1"),
        ({"turn_seat": -1}, "turn_seat: must be 0 or 1"),
    ],
)
def test_a_position_names_what_breaks_the_table(kw, says):
    with pytest.raises(PositionError, match=re.escape(says)):
        game().position(**kw)


def test_a_position_stops_at_the_first_decision_of_the_phase_asked_for():
    g = game()
    s = g.position(start="standby", fronts=(["歩兵"], []))
    assert s.phase == MAIN and s.current_player == 0 and len(s.z(0, GRAVE)) == 1  # upkeep ran, then the draw
    s = g.position(start="main", turn_seat=1)
    assert s.phase == MAIN and s.current_player == 1
    s = g.position(start="union", first=1)
    assert s.phase == UNION and s.current_player == 1
    s = g.position(fronts=(["火竜"], ["歩兵"]), graves=(["歩兵"] * 2, []), start="spell")
    assert s.phase == SPELL and s.current_player == 0 and s.speed == 3
    s = g.position(fronts=(["歩兵"], []), start="battle")
    assert s.phase == ATTACK and s.current_player == 0 and s.speed == 2


@pytest.mark.parametrize(
    ("kw", "says", "then"),
    [
        # nobody can attack: the バトルフェイズ and the リーブフェイズ pass, the next round begins
        ({"start": "battle"}, "the rules move on to P1's decision in the メインフェイズ", MAIN),
        # 骸骨兵's 対応 is offered the moment the damaged 騎士 is destroyed
        (
            {"fronts": (["騎士"], []), "rears": (["骸骨兵"], []), "damage": ({"騎士": 4}, {})},
            "the rules move on to P1's decision in the 効果の発動",
            TRIGGER,
        ),
        # the upkeep empties the 本陣 a third time
        (
            {"fronts": (["歩兵"], []), "decks": (["騎士"], ["歩兵"]), "cycles": (2, 0), "start": "standby"},
            "the game is over",
            None,
        ),
    ],
)
def test_a_position_says_where_the_rules_went_unless_told_to_advance(kw, says, then):
    with pytest.raises(PositionError, match=re.escape(says)) as e:
        game().position(**kw)
    assert "advance=True" in str(e.value)
    s = game().position(**kw, advance=True)
    assert s.is_over if then is None else s.phase == then


def test_battle_effects_of_both_units_are_offered_by_speed():
    """With battle_effects=battle (the other reading of 戦闘 effects), they listen to the block (card data,
    cards.WHEN); both go off at once, so our decision for simultaneous effects orders them: the faster unit's
    first, whoever attacked."""
    s = game(battle_effects="battle").position(
        fronts=(["幼竜"], ["人狼"]), graves=(["歩兵"], []), start="battle"
    )
    assert s.current_player == 1  # 速度4: 人狼 may attack first
    do(s, "pass", "attack p1/前衛/幼竜", "block p2/前衛/人狼")
    assert s.phase == TRIGGER and s.current_player == 1  # 人狼 (速度4) before 幼竜 (速度2)
    assert legal(s) == ["use p2/前衛/人狼 -> p2/前衛/人狼", "decline p2/前衛/人狼"]
    do(s, "decline p2/前衛/人狼")
    assert s.phase == TRIGGER and s.current_player == 0
    assert legal(s) == ["use p1/前衛/幼竜 -> p1/前衛/幼竜", "decline p1/前衛/幼竜"]


def test_optional_effects_subscribe_from_card_data():
    """Which events the cards listen to follows from their 種類 alone: no rule calls them by hand. A 戦闘
    effect is an 起動 effect by default (used in the スペルフェイズ: it listens to nothing); with
    battle_effects=battle it listens to its unit's block or take."""
    assert game().listened == {"summon", "quick_summon", "attack", "destroyed", "mill_damage"}
    g = game(battle_effects="battle")
    assert g.listened == {"summon", "quick_summon", "attack", "destroyed", "block", "take", "mill_damage"}
    knight = g.cardset.find("幼竜").index
    assert {t.when for t in g.subscriptions.by_code["block"].get(knight, ())} == {"block"}
    assert knight not in g.subscriptions.by_code["attack"]
