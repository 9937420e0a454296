"""Scenario tests for 黒白物語, one per rule of the text (and our decisions next to them); the text's own
examples — 例1, 例2 and the チェーン example — first."""

from __future__ import annotations

import pytest

from tefuda.core import IllegalActionError, PositionError, load_game
from tefuda.games.kokubyaku.phase_ids import BATTLE, DEFENSE, DRAW, MAIN1, MAIN2, STANDBY
from tefuda.games.kokubyaku.zones import GRAVE, HAND, M0, NZ, S0, SOURCE


def game(**options):
    return load_game("kokubyaku", options)


def legal(s) -> list[str]:
    return [s.notation(a) for a in s.legal_actions()]


def do(s, *texts: str) -> None:
    for t in texts:
        s.apply_text(t)


def names(s, seat, zone) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + zone]]


def monster(s, seat, k):
    cards = s.zones[seat * NZ + M0 + k - 1]
    return cards[0] if cards else None


def codes(s) -> list[str]:
    return [e.code for e in s.log]


# ---------------------------------------------------------------------- the text's examples
def test_example_1_a_quick_magic_destroys_after_both_pass():
    """例1: P1 has nothing to do and hands priority over; P2 answers with 《B》 (a quick magic destroying
    《A》) and hands it back; P1 passes; both passed, so the effect is applied: 《A》 is destroyed."""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["白鳩"], ["一閃"]))
    assert s.phase == MAIN1 and s.current_player == 0  # フェイズ開始時にターンプレイヤーが得る
    do(s, "pass")
    assert s.current_player == 1
    do(s, "cast om1 一閃")
    assert s.current_player == 0 and monster(s, 0, 1) is not None  # nothing happens before both pass
    do(s, "pass")
    assert monster(s, 0, 1) is None and names(s, 0, GRAVE) == ["骨の兵士"]
    assert s.phase == MAIN1 and s.current_player == 0  # the turn player holds priority again


def test_example_2_a_summon_keeps_priority_for_its_own_effect():
    """例2: P1 summons 《ならず》 and activates its 起動効果 — only then does priority move; P2 passes and the
    effect is applied."""
    s = game().position(hands=(["ならず"], ["白鳩"]))
    do(s, "summon l-atk ならず")
    assert s.current_player == 0 and s.pending.what == "after_summon"  # 優先権が移らない
    assert legal(s) == ["activate m1#1 -", "pass"]
    do(s, "activate m1#1 -")
    assert s.current_player == 1 and s.sp[1] == 8000
    do(s, "pass")
    assert s.sp[1] == 8000 - 300


def test_the_chain_example_resolves_newest_first():
    """チェーン: P2 answers with 《B》 (destroy 《A》), P1 chains 《C》 (negate a quick magic), P2 passes:
    《C》 resolves first and negates 《B》, so 《A》 stays."""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["封魔"], ["一閃", "白鳩"]))
    do(s, "pass", "cast om1 一閃", "cast - 封魔")
    assert s.current_player == 1 and len(s.links) == 2
    do(s, "pass")
    assert monster(s, 0, 1) is not None
    assert "negated" in codes(s) and names(s, 0, GRAVE) == ["封魔"] and names(s, 1, GRAVE) == ["一閃"]


# ---------------------------------------------------------------------- 優先権
def test_a_summon_without_an_effect_gives_priority_up_and_the_turn_goes_on():
    s = game().position(hands=(["骨の兵士", "白鳩"], ["一閃"]))
    do(s, "summon l-atk 骨の兵士")
    assert s.current_player == 1  # 召喚し…優先権を放棄したとき
    do(s, "pass")
    assert s.phase == MAIN1 and s.current_player == 0  # not an end: P1 did not declare one


def test_the_turn_players_pass_declares_the_end_of_the_phase():
    s = game().position(hands=(["白鳩"], ["白鳩"]))
    do(s, "pass")  # フェイズ終了宣言
    assert s.phase == MAIN1 and s.current_player == 1
    do(s, "pass")
    assert s.phase == BATTLE


def test_a_seat_with_nothing_to_act_with_is_not_asked():
    s = game().position(hands=(["白鳩"], []))
    do(s, "pass")  # P2 has an empty hand and no usable effect: public facts, no question
    assert s.phase == BATTLE


# ---------------------------------------------------------------------- 召喚
def test_one_normal_summon_a_turn_and_colour_zones():
    s = game().position(hands=(["影の小鬼", "見習い騎士", "流浪の剣士"], ["白鳩"]), sources=(5, 3))
    assert "summon l-atk 影の小鬼" in legal(s) and "summon r-atk 影の小鬼" not in legal(s)  # 黒: left
    assert "summon r-atk 見習い騎士" in legal(s) and "summon l-atk 見習い騎士" not in legal(s)  # 白: right
    assert {"summon l-atk 流浪の剣士", "summon r-atk 流浪の剣士"} <= set(legal(s))  # 灰: either
    do(s, "summon l-def 影の小鬼", "pass")
    assert s.flags[monster(s, 0, 1)] & DEFENSE
    assert not any(a.startswith("summon") for a in legal(s))  # 1ターンに一体のみ
    assert s.sources[0] == 5 - 1  # レベルの数カウンターを取り除く


def test_a_colour_with_both_zones_full_cannot_be_summoned():
    s = game().position(hands=(["影の小鬼"], ["白鳩"]), monsters=({1: "骨の兵士", 2: "黒狼"}, {}))
    assert not any(a.startswith("summon") for a in legal(s))


def test_level_4_and_up_only_by_tribute_and_its_cost_is_the_difference():
    s = game().position(hands=(["屍騎士"], ["白鳩"]), monsters=({1: "骨の兵士"}, {}), sources=(2, 3))
    assert "summon l-atk 屍騎士" not in legal(s)
    do(s, "tribute l-atk 屍騎士")
    assert legal(s) == ["sacrifice m1"]
    do(s, "sacrifice m1", "done")
    assert names(s, 0, GRAVE) == ["骨の兵士"] and s.sources[0] == 2 - (4 - 2)
    assert s.normal_done  # これは通常召喚に含む


def test_a_summon_rule_effect_summons_without_sacrifices():
    s = game().position(hands=(["鉄の巨人"], ["白鳩"]), sources=(4, 3))
    assert "summon r-atk 鉄の巨人" in legal(s)  # 召喚ルール効果: 生贄なし (full cost)


def test_merge_sacrifices_a_black_and_a_white_monster_of_the_recipe():
    s = game().position(
        monsters=({1: "深淵竜", 4: "智天使"}, {}),
        chaos=(["黄昏竜"], []),
        hands=([], ["白鳩"]),
        sources=(0, 3),
    )
    assert "merge m1+m4 黄昏竜" in legal(s)  # 黒の竜族 + 白の天使族, cost 6 - (5 + 2) → 0
    do(s, "merge m1+m4 黄昏竜")
    assert names(s, 0, M0 + 2) == ["黄昏竜"] and sorted(names(s, 0, GRAVE)) == sorted(["深淵竜", "智天使"])


def test_a_grey_monster_is_no_part_of_a_recipe():
    s = game().position(monsters=({1: "灰竜", 4: "智天使"}, {}), chaos=(["黄昏竜"], []), sources=(9, 3))
    assert not any(a.startswith("merge") for a in legal(s))


def test_position_changes_once_a_turn_not_after_attacking():
    s = game().position(monsters=({1: "骨の兵士", 2: "黒狼"}, {}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 -", "pass")  # no monsters on P2's side: a direct attack, once P2 passes
    assert s.sp[1] == 8000 - 1000
    do(s, "pass", "pass")  # end the battle phase
    assert s.phase == MAIN2
    assert legal(s).count("position m1") == 0 and "position m2" in legal(s)


# ---------------------------------------------------------------------- バトル
@pytest.mark.parametrize(
    ("mine", "theirs", "defense", "sp", "left"),
    [
        ("深淵竜", "骨の兵士", False, (8000, 8000 - 1300), (True, False)),  # 2300 vs 1000
        ("骨の兵士", "深淵竜", False, (8000 - 1300, 8000), (False, True)),
        ("骨の兵士", "盾の騎士", True, (8000 - 600, 8000), (True, True)),  # AP 1000 < DP 1600
        ("深淵竜", "盾の騎士", True, (8000, 8000), (True, False)),  # DP lower: destroyed, no damage
        ("骨の兵士", "石の獣", True, (8000 - 800, 8000), (True, True)),
    ],
)
def test_battle_outcomes(mine, theirs, defense, sp, left):
    zone = 4 if theirs in ("盾の騎士",) else 1
    opp = {zone: ("~" if defense else "") + theirs}
    s = game().position(monsters=({1: mine}, opp), phase="battle", hands=([], ["白鳩"]))
    do(s, f"attack m1 om{zone}", "pass")
    assert s.current_player == 1 and legal(s) == ["accept", "refuse"]
    do(s, "accept")
    assert tuple(s.sp) == sp
    assert (monster(s, 0, 1) is not None, monster(s, 1, zone) is not None) == left


def test_equal_attack_points_destroy_both_by_default_or_neither():
    for tie, left in (("both", (False, False)), ("none", (True, True))):
        s = game(tie=tie).position(
            monsters=({1: "骨の兵士"}, {1: "骨の兵士"}), phase="battle", hands=([], ["白鳩"])
        )
        do(s, "attack m1 om1", "pass", "accept")
        assert (monster(s, 0, 1) is not None, monster(s, 1, 1) is not None) == left


def test_a_refused_battle_is_a_direct_attack():
    s = game().position(monsters=({1: "骨の兵士"}, {1: "深淵竜"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1", "pass", "refuse")
    assert s.sp[1] == 8000 - 1000 and monster(s, 1, 1) is not None


def test_each_monster_attacks_once_and_only_in_attack_position():
    s = game().position(monsters=({1: "骨の兵士", 2: "~黒狼"}, {}), phase="battle", hands=([], ["白鳩"]))
    assert legal(s) == ["attack m1 -", "pass"]
    do(s, "attack m1 -", "pass")
    assert legal(s) == ["pass"]


# ---------------------------------------------------------------------- 呪文
def test_a_single_spell_resolves_then_goes_to_the_graveyard():
    s = game().position(hands=(["火球"], ["白鳩"]))
    do(s, "cast - 火球")
    assert names(s, 0, S0) == ["火球"]  # it stands in the leftmost spell zone while it waits
    do(s, "pass")
    assert s.sp[1] == 8000 - 800 and names(s, 0, GRAVE) == ["火球"]


def test_spells_need_a_free_zone_of_their_kind():
    s = game().position(hands=(["火球"], ["白鳩"]), spells=({1: "戦旗", 5: "聖なる結界"}, {}))
    assert "cast - 火球" not in legal(s)  # 単発: leftmost or rightmost, both full


def test_an_equip_gives_its_monster_the_bonus_and_a_second_maki_replaces_the_first():
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["黒剣", "竜の牙"], ["白鳩"]))
    do(s, "cast m1 黒剣", "pass")
    m = monster(s, 0, 1)
    assert s.ap(m) == 1000 + 700
    do(s, "cast m1 竜の牙", "pass")
    assert s.ap(m) == 1000 + 1000 and names(s, 0, GRAVE) == ["黒剣"]  # 一体に装備できる魔器は一枚のみ


def test_a_possession_leaves_when_its_monster_attacks():
    s = game().position(
        monsters=({1: "骨の兵士"}, {}),
        spells=({2: "魔の契約"}, {}),
        equips=({2: "m1"}, {}),
        phase="battle",
        hands=([], ["白鳩"]),
    )
    assert s.ap(monster(s, 0, 1)) == 1500
    do(s, "attack m1 -")
    assert names(s, 0, GRAVE) == ["魔の契約"]


def test_a_field_cannot_be_overwritten_and_is_never_a_source():
    s = game().position(hands=(["聖都", "竜の谷"], ["白鳩"]), fields=("古の書庫", None))
    assert not any(a.startswith("cast") for a in legal(s))
    assert not any(a.startswith("source") for a in legal(s))


def test_quick_magic_in_the_opponents_turn_other_spells_only_in_your_main_phase():
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["白鳩"], ["一閃", "火球"]))
    do(s, "pass")
    assert legal(s) == ["cast om1 一閃", "pass"]


# ---------------------------------------------------------------------- ソース
def test_a_card_in_the_source_pile_gives_a_counter_once_a_turn():
    s = game().position(hands=(["骨の兵士", "火球"], ["白鳩"]), sources=(0, 3))
    do(s, "source 火球")
    assert s.sources[0] == 1 and names(s, 0, SOURCE) == ["火球"]
    assert not any(a.startswith("source") for a in legal(s))


def test_standby_adds_a_counter_and_the_first_player_skips_the_first_draw():
    s = game().new_state(None, 3)
    do(s, "go-first")
    assert s.phase == DRAW and "no_first_draw" in codes(s)  # 優先権 at the start of the ドローフェイズ too
    assert len(s.zones[s.first * NZ + HAND]) == 6
    do(s, "pass", "pass")
    assert s.phase == STANDBY and s.sources[s.first] == 3 + 1


# ---------------------------------------------------------------------- losing
def test_sp_zero_loses():
    s = game().position(monsters=({1: "深淵竜"}, {}), phase="battle", sp=(8000, 2000), hands=([], ["白鳩"]))
    do(s, "attack m1 -", "pass")
    assert s.is_over and s.result.winner == 0 and s.result.code == "sp_zero"


def test_a_position_names_what_breaks_the_table():
    with pytest.raises(
        PositionError, match=r"monsters\[0\]\[4\]: 影の小鬼 \(Shadow Imp\) cannot stand in zone 4"
    ):
        game().position(monsters=({4: "影の小鬼"}, {}))
    with pytest.raises(PositionError, match=r"hands\[0\]\[0\]: no card named"):
        game().position(hands=(["ない"], []))


def test_illegal_actions_change_nothing():
    s = game().position(hands=(["屍騎士"], ["白鳩"]))
    before = s.digest()
    with pytest.raises(IllegalActionError):
        s.apply_text("summon l-atk 屍騎士")
    assert s.digest() == before


# ---------------------------------------------------------------------- 誘発 / 誘発即時 and the verbs
def test_a_quick_trigger_negates_an_attack_in_the_opponents_turn():
    """熾天使: 【誘発即時】 when an opponent's monster declares an attack, negate — the attack ends."""
    s = game().position(monsters=({1: "深淵竜"}, {4: "熾天使"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om4")
    assert s.current_player == 1 and legal(s) == ["use -", "decline"]
    do(s, "use -")  # on the chain: priority to P1
    do(s, "pass")
    assert "attack_negated" in codes(s) and s.battle is None
    assert s.sp == [8000, 8000] and monster(s, 1, 4) is not None


def test_a_trigger_is_only_for_its_own_turn_and_a_quick_trigger_for_either():
    # 影の小鬼's 誘発 (draw when destroyed) does not fire in the opponent's turn
    s = game().position(monsters=({1: "深淵竜"}, {1: "影の小鬼"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1", "pass", "accept")
    assert "declined" not in codes(s) and len(s.zones[1 * NZ + HAND]) == 1
    # 幽霊船's 誘発即時 (damage when the opponent summons) does
    s = game().position(monsters=({}, {1: "幽霊船"}), hands=(["骨の兵士"], ["白鳩"]))
    do(s, "summon l-atk 骨の兵士")
    assert s.current_player == 1 and legal(s) == ["use -", "decline"]
    do(s, "use -", "pass")
    assert s.sp[0] == 8000 - 300


def test_a_summon_trigger_chains_and_resolves():
    s = game().position(hands=(["夜の魔女"], ["白鳩"]))
    do(s, "summon l-atk 夜の魔女")
    assert legal(s) == ["use -", "decline"]  # 【誘発】 when summoned: 500 damage
    do(s, "use -")
    assert s.current_player == 1
    do(s, "pass")
    assert s.sp[1] == 8000 - 500


def test_revive_search_and_bounce():
    s = game().position(hands=(["死者の呼び声", "影渡り"], ["白鳩"]), graves=(["骨の兵士", "深淵竜"], []))
    do(s, "cast - 死者の呼び声", "pass")  # level 4 or lower: 深淵竜 (5) cannot come back
    assert names(s, 0, M0) == ["骨の兵士"]
    do(s, "cast m1 影渡り", "pass")
    assert "骨の兵士" in names(s, 0, HAND)
    s = game().position(
        hands=(["召喚の巻物"], ["白鳩"]), decks=(["火球", "夜の魔女", "火球"], ["骨の兵士"] * 5)
    )
    do(s, "cast - 召喚の巻物", "pass")
    assert "夜の魔女" in names(s, 0, HAND) and "searched" in codes(s)


def test_auras_help_their_owner_only_and_fields_both_players():
    s = game().position(
        monsters=({1: "骨の兵士"}, {1: "黒狼"}), spells=({1: "戦旗"}, {}), fields=(None, "竜の谷")
    )
    assert s.ap(monster(s, 0, 1)) == 1000 + 300 and s.ap(monster(s, 1, 1)) == 800
    s = game().position(monsters=({1: "熾火の飛竜"}, {1: "深淵竜"}), fields=(None, "竜の谷"))
    assert s.ap(monster(s, 0, 1)) == 1600 + 300 and s.ap(monster(s, 1, 1)) == 2300 + 300


def test_either_player_may_use_a_fields_activated_effect():
    s = game().position(fields=(None, "古の書庫"), hands=(["白鳩"], ["白鳩"]))
    assert "activate of#1 -" in legal(s)  # the opponent's field, in your own main phase


def test_the_hand_limit_is_checked_at_the_end_of_the_turn():
    nine = ["白鳩"] * 3 + ["骨の兵士"] * 3 + ["黒狼"] * 3
    s = game().position(hands=(nine, []), phase="main2")
    do(s, "pass", "pass")  # main 2 ends, then the end phase (P2, with no cards, is not asked)
    assert legal(s) == ["discard 骨の兵士", "discard 黒狼", "discard 白鳩"]
    do(s, "discard 白鳩")
    assert len(s.zones[HAND]) == 8 and s.active == 1


def test_deck_out_options():
    """`deck_out = draw`: you lose when you must draw from an empty deck; `empty`: when the last one goes."""
    for option, lost_on_turn in (("draw", 6), ("empty", 4)):
        s = game(deck_out=option).position(
            decks=(["骨の兵士"], ["骨の兵士"] * 9), phase="main2", hands=([], [])
        )
        p1_draws = 0
        for _ in range(40):
            if s.is_over:
                break
            before = len(s.zones[0])
            do(s, "pass")
            p1_draws += before - len(s.zones[0])
        assert s.is_over and s.result.code == "deck_out" and s.result.winner == 1
        assert p1_draws == 1  # the one card was drawn; with `draw` the next draw lost, with `empty` at once
        assert s.turn == lost_on_turn  # P1 draws its one card on turn 4 (the position starts on turn 2)


def test_a_source_card_option_standby_counts_each_standby():
    s = game(source_card="standby").position(hands=(["火球"], []), sources=(0, 3))
    do(s, "source 火球")
    assert s.sources[0] == 0  # nothing at once
    while s.active == 0:
        do(s, "pass")
    while not (s.active == 0 and s.phase == MAIN1):
        do(s, "pass")
    assert s.sources[0] == 0 + 1 + 1  # the standby's +1 and one for the card in the source pile


def test_a_negated_effect_of_an_aura_leaves_the_aura_where_it_is():
    """Negating an オーラ's 起動効果 negates the effect, not the card: the aura stays (only a negated
    activation of the card itself sends it to 屍の森)."""
    s = game().position(spells=({1: "魔力の泉"}, {}), hands=(["白鳩"], ["封魔"]), sources=(0, 3))
    do(s, "activate s1#1 -", "cast - 封魔", "pass")
    assert "negated" in codes(s) and names(s, 0, S0) == ["魔力の泉"] and s.sources[0] == 0


def test_revive_is_offered_only_with_a_zone_of_the_monsters_colour():
    """死者の呼び声 could only fizzle when the one fitting monster's zones are full."""
    full = {1: "骨の兵士", 2: "黒狼"}
    s = game().position(monsters=(full, {}), hands=(["死者の呼び声"], ["白鳩"]), graves=(["影の小鬼"], []))
    assert "cast - 死者の呼び声" not in legal(s)  # 影の小鬼 is black: both black zones are taken
    s = game().position(monsters=(full, {}), hands=(["死者の呼び声"], ["白鳩"]), graves=(["白鳩"], []))
    assert "cast - 死者の呼び声" in legal(s)  # a white one has its zones free
