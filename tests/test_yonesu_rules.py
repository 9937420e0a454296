"""Scenario tests for ヨネス: every worked example of the rulebook and the rules around them."""

from __future__ import annotations

import re

import pytest

from tefuda.core import Action, IllegalActionError, PositionError, Rng
from tefuda.games.yonesu.game import YonesuGame
from tefuda.games.yonesu.phase_ids import (
    COST,
    EXCHANGE,
    EXCHANGE_FREE,
    OPENING,
    SETTLE,
    SUMMON,
    WINDOW,
)
from tefuda.games.yonesu.zones import CFIELD, DECK, DISCARD, HAND, YFIELD, zid
from tests.notation import do, legal


def game(**options) -> YonesuGame:
    return YonesuGame(options)


def names(s, seat, k) -> list[str]:
    return sorted(s.game.cardset[s.cards[i]].name for i in s.zones[zid(seat, k)])


def pile(s) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[DISCARD]]


def zone(obs: dict, zone_id: str) -> dict:
    """A zone of an observation by its id (``p1.hand``, ``deck``, …)."""
    return next(z for z in obs["zones"] if z["id"] == zone_id)


def counters(obs: dict, seat: int) -> dict:
    return {c["id"]: c["value"] for c in obs["players"][seat]["counters"]}


def pass_all(s) -> None:
    """Everyone passes until the windows close (the forces on the stack resolve)."""
    while s.phase == WINDOW:
        do(s, "pass")


# ---------------------------------------------------------------------- 準備 / 初期手札補充 / 開始宣言
def test_setup_one_first_yonesu_each_rest_shuffled_into_the_shared_deck():
    """1.準備 「各プレイヤーのヨネスフィールドに「ファーストヨネス」を1体ずつセットします。その後余った
    「ファーストヨネス」を山札に加えてよくシャッフルします。」"""
    g = game()
    box = g.box().count()
    for n in (2, 3, 4):
        s = g.new_state(None, 5, players=n)
        for p in range(n):
            assert names(s, p, YFIELD) == ["ファーストヨネス"]
            assert s.life[p] == 10 and s.limit[p] == 8
        assert len(s.zones[DECK]) == box - n
        firsts_in_deck = sum(g.tables.first[s.cards[i]] for i in s.zones[DECK])
        assert firsts_in_deck == 10 - n


def test_first_player_is_a_fair_random_choice():
    """2.先攻後攻の決定 「ジャンケン等で先攻後攻を決定します。」"""
    g = game()
    firsts = [g.new_state(None, seed, players=3).first for seed in range(60)]
    assert set(firsts) == {0, 1, 2}


def test_opening_draw_first_player_chooses_others_match_until_limit_minus_one():
    """3.初期手札補充 「先攻側が手札の上限枚数を超えない任意の枚数だけ山札からカードを引きます。次に後攻側が先
    攻側の引いた枚数と同じ数だけカードを引きます。」 and 4. 「お互いの声を合わせて(せーの、)「ヨネス」と言いま
    す。」"""
    s = game().new_state(None, 3, players=3)
    f = s.first
    assert s.phase == OPENING and s.current_player == f
    assert legal(s) == [f"draw {k}" for k in range(1, 8)]  # not past [上限枚数] − 1 = 7
    do(s, "draw 3")
    assert [len(s.zones[zid(p, HAND)]) for p in range(3)] == [3, 3, 3]
    assert s.phase == OPENING and legal(s) == [f"draw {k}" for k in range(1, 5)]
    do(s, "draw 4")
    assert [len(s.zones[zid(p, HAND)]) for p in range(3)] == [7, 7, 7]
    kinds = [e.code for e in s.log]
    assert "start" in kinds  # ゲーム開始宣言, done for everyone
    assert all(s.total(p) == 8 for p in range(3))


# ---------------------------------------------------------------------- 手札交換フェイズ
def _through_opening(s) -> None:
    do(s, "draw 7")


def _end_turn(s) -> None:
    """End the current player's turn with no cost, summon, attack or force; settle nothing."""
    if s.phase == EXCHANGE_FREE:
        do(s, "exchange-done")
    if s.phase == EXCHANGE:
        s.apply(next(a for a in s.legal_actions() if a.kind == "exchange"))
    do(s, "no-cost", "end-summon", "end-battle", "end-turn")
    assert s.phase != SETTLE


def test_first_turn_exchange_rules():
    """5.手札交換フェイズ 「攻撃側は手札を1枚捨て、山札から1枚カードを引きます。先攻側1ターン目では手札交換は
    できません。後攻側1ターン目では任意の枚数だけ捨てることができ、その分だけカードを引くことができます(0枚で
    も可)。」"""
    s = game().new_state(None, 11)
    _through_opening(s)
    f, second = s.first, 1 - s.first
    # 先攻側1ターン目: no exchange at all
    assert s.attacker == f and s.phase == COST
    assert not any(a.kind.startswith("exchange") for a in s.legal_actions())
    _end_turn(s)
    # 後攻側1ターン目: any number, 0 included
    assert s.attacker == second and s.phase == EXCHANGE_FREE
    assert "exchange-done" in legal(s)
    hand_before = len(s.zones[zid(second, HAND)])
    ex = [a for a in s.legal_actions() if a.kind == "exchange"]
    s.apply(ex[0])
    s.apply(next(a for a in s.legal_actions() if a.kind == "exchange"))
    assert len(s.zones[zid(second, HAND)]) == hand_before - 2
    do(s, "exchange-done")
    assert len(s.zones[zid(second, HAND)]) == hand_before and s.phase == COST
    do(s, "no-cost", "end-summon", "end-battle", "end-turn")
    # from then on: exactly one, mandatory (no way to skip it)
    assert s.attacker == f and s.phase == EXCHANGE
    assert all(a.kind == "exchange" for a in s.legal_actions())
    size = len(s.zones[zid(f, HAND)])
    s.apply(s.legal_actions()[0])
    assert len(s.zones[zid(f, HAND)]) == size and s.phase == COST


def test_a_player_who_cannot_exchange_loses():
    """敗北条件 「手札交換フェイズで手札を交換していない(1ターン目を除く)。」"""
    s = game().position(
        hands=([], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        start="exchange",
        advance=True,
    )
    assert s.is_over
    assert s.outcome().winner == 1
    assert "手札交換" in s.outcome().reason_ja


# ---------------------------------------------------------------------- コスト / 召喚
def test_cost_phase_sets_at_most_one_card():
    """6.コストフェイズ 「攻撃側は手札を1枚だけコストフィールドにセットすることができます。」"""
    s = game().position(hands=(["テンソード", "ダーク股ー"], ["テンソード"]), start="cost")
    assert set(legal(s)) == {"cost テンソード", "cost ダーク股ー", "no-cost"}
    do(s, "cost ダーク股ー")
    assert names(s, 0, CFIELD) == ["ダーク股ー"] and s.phase == SUMMON
    assert not any(a.kind == "cost" for a in s.legal_actions())


def test_summon_lv1_and_evolve_one_level_up_composite_levels_count_as_each():
    """7.召喚フェイズ 「LV1ヨネスを召喚する場合はヨネスフィールドにそのまま置きますが、LV2以上のヨネスを召喚す
    る場合はそれよりLVが1低いヨネスの上に重ねて置きます(進化)。」 (複合LV: our reading, 「クロちん(LV1&LV2の複
    合LVヨネス)」)."""
    s = game().position(
        hands=(["クロちん", "ガチヨネス", "レインボーヨネス", "チビヨネス"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["邪神グラジヨネス", "レインボーヨネス", "メカヨネス"], []),  # コスト 4+4+2 = 10
    )
    acts = legal(s)
    assert "summon クロちん" in acts  # LV1&LV2: may come in as LV1
    assert "summon チビヨネス" in acts
    assert "evolve クロちん -> p1/ファーストヨネス" in acts  # ... or evolve as LV2 from LV1
    assert "evolve ガチヨネス -> p1/ファーストヨネス" in acts
    assert "summon ガチヨネス" not in acts  # LV2 only by evolution
    assert not any(a.startswith("evolve レインボーヨネス") for a in acts)  # LV3 needs an LV2
    assert not any("p2/" in a for a in acts if a.startswith("evolve"))  # only onto your own
    count = s.total(0)
    do(s, "summon クロちん")
    assert s.total(0) == count  # hand to field: the card count (for [上限枚数]) does not change
    assert "evolve レインボーヨネス -> p1/クロちん" in legal(s)  # クロちん counts as LV2 too
    do(s, "evolve ガチヨネス -> p1/クロちん")  # and as LV1
    top = s.tops(0)[-1]
    assert [s.game.cardset[s.cards[i]].name for i in s.stack_of(top)] == ["クロちん", "ガチヨネス"]
    assert s.used[0] == 2 + 3


def test_engine_never_uses_more_lilith_than_the_cost_field_covers():
    """7. 「攻撃側プレイヤーはリリス分のコストを使用し」 and 10. 「捨てるコストのコスト値の合計が、…使用した
    リリス分のコストと同じかそれを上回るようにしなければなりません。」"""
    s = game().position(
        hands=(["ガチヨネス", "破壊神シマダラ", "テンソード"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),  # コスト 3
    )
    acts = legal(s)
    assert "evolve ガチヨネス -> p1/ファーストヨネス" in acts  # リリス 3
    assert not any(a.startswith("force 破壊神シマダラ") for a in acts)  # リリス 4 > 3
    do(s, "evolve ガチヨネス -> p1/ファーストヨネス")
    assert s.remaining(0) == 0
    assert not any(a.startswith("force テンソード") for a in legal(s))
    with pytest.raises(IllegalActionError):
        s.apply(Action("force", s.game.cardset.find("テンソード").index, s.target_code(s.tops(0)[0])))


# ---------------------------------------------------------------------- コスト精算: the rulebook's examples
def test_settlement_example_1_two_ten_swords_paid_with_shimadara():
    """(例1) テンソード(リリス1)を2枚発動 (総使用リリス2) → 破壊神シマダラ(コスト2)を捨てた."""
    s = game().position(
        hands=(["テンソード", "テンソード"], []),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["破壊神シマダラ", "ダーク股ー"], []),
    )
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    assert s.used[0] == 2 and s.power(s.tops(0)[0]) == 2 + 6
    do(s, "end-summon", "end-battle", "end-turn")
    assert s.phase == SETTLE and s.current_player == 0
    assert "settle-done" not in legal(s)
    do(s, "settle 破壊神シマダラ")
    assert "settle-done" in legal(s)  # 2 ≥ 2
    do(s, "settle-done")
    assert names(s, 0, CFIELD) == ["ダーク股ー"]


def test_settlement_example_2_gachi_and_shimadara_paid_with_two_cost_4_cards():
    """(例2) ガチヨネス(リリス3)を召喚後、破壊神シマダラ(リリス4)で相手のヨネスを破壊 (総使用リリス7) →
    レインボーヨネス(コスト4)と邪神グラジヨネス(コスト4)を捨てた (4+4=8)."""
    s = game().position(
        hands=(["ガチヨネス", "破壊神シマダラ"], []),
        fields=([["ファーストヨネス"]], [["ヨネス戦士"]]),
        costs=(["レインボーヨネス", "邪神グラジヨネス"], []),
    )
    do(s, "evolve ガチヨネス -> p1/ファーストヨネス", "force 破壊神シマダラ -> p2/ヨネス戦士")
    pass_all(s)
    assert s.tops(1) == [] and s.used[0] == 7
    do(s, "end-summon", "end-battle", "end-turn")
    do(s, "settle レインボーヨネス")
    assert "settle-done" not in legal(s)  # 4 < 7
    do(s, "settle 邪神グラジヨネス")
    do(s, "settle-done")
    assert names(s, 0, CFIELD) == []
    assert {"レインボーヨネス", "邪神グラジヨネス"} <= set(pile(s))


def test_settlement_then_refill_brings_everyone_to_the_limit_and_roles_pass_on():
    """11.手札補充フェイズ 「攻撃側から順番に自分のフィールドと手札のカードの合計枚数が[上限枚数]になるように
    手札を補充していきます。補充後、攻撃側と防御側を交代して手札交換フェイズへと戻ります。」"""
    s = game().position(
        hands=(["テンソード", "補給"], ["回復の泉"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["破壊神シマダラ"], []),
    )
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    do(s, "end-summon", "end-battle", "end-turn", "settle 破壊神シマダラ", "settle-done")
    assert s.total(0) == 8 and s.total(1) == 8
    assert s.attacker == 1 and s.phase == EXCHANGE
    assert s.power(s.tops(0)[0]) == 2  # the テンソード bonus ended with the turn


def test_cost_cards_may_stay_when_no_lilith_was_used():
    """「各プレイヤーはこのフェイズ中に自分のコスト置き場のコストを捨て札置き場に捨てます。この時、捨てるコス
    トのコスト値の合計が…使用したリリス分のコストと同じかそれを上回るようにしなければなりません。」 — with no
    リリス used, nothing (0 ≥ 0) is enough: the player is asked, and may keep every cost card."""
    s = game().position(hands=(["テンソード"], ["テンソード"]), costs=(["ダーク股ー"], []))
    do(s, "end-summon", "end-battle", "end-turn")
    assert s.phase == SETTLE and s.current_player == 0
    assert set(legal(s)) == {"settle ダーク股ー", "settle-done"}
    do(s, "settle-done")
    assert names(s, 0, CFIELD) == ["ダーク股ー"] and s.attacker == 1


# ---------------------------------------------------------------------- 特殊なコスト [捨/…]: the examples
def test_special_cost_example_1_sanmishin_shows_and_discards_dark_matah():
    """(例1) 相手の攻撃に対し守護神サンミシーン([捨/コスト3以上1枚]) → ダーク股ー(コスト3)を見せて捨てた."""
    s = game().position(
        hands=(["テンソード"], ["守護神サンミシーン", "ダーク股ー", "テンソード"]),
        fields=([["ファーストヨネス", "ガチヨネス"]], [["ファーストヨネス"]]),
        costs=([], ["破壊神シマダラ"]),
        start="battle",
    )
    do(s, "attack ガチヨネス -> p2/ファーストヨネス")
    assert s.current_player == 1  # 防御側 first
    assert "force 守護神サンミシーン" in legal(s)
    do(s, "force 守護神サンミシーン")
    assert legal(s) == ["pay ダーク股ー"]  # テンソード is cost 1: it cannot pay [捨/コスト3以上1枚]
    do(s, "pay ダーク股ー")
    shown = [e for e in s.log if e.code == "pay"][-1]
    assert shown.view(0, s.game.card_ids)["card"] == "dark_mata"  # 相手に見せてから捨てた
    pass_all(s)
    assert s.tops(1) != [] and s.life[1] == 10  # the attack was cancelled: nothing destroyed
    assert s.used[1] == 2


def test_special_cost_example_2_kuke_wave_with_kuro_chan_as_an_lv2_yonesu():
    """(例2) くけー波([捨/LV2以上ヨネス1枚]) → クロちん(LV1&LV2の複合LVヨネス)を見せて捨てた."""
    s = game().position(
        hands=(["くけー波", "クロちん", "ファーストヨネス"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
    )
    do(s, "force くけー波 -> p2")
    assert legal(s) == ["pay クロちん"]  # ファーストヨネス is LV1 only
    do(s, "pay クロちん")
    pass_all(s)
    assert s.life[1] == 6
    assert "クロちん" in pile(s)


def test_a_force_whose_special_cost_cannot_be_paid_is_not_offered():
    """特殊なコスト 「カードに[捨/〇〇X枚]と記述されているフォースは、発動時に指定されたカードを手札から捨てる
    必要があります。」"""
    s = game().position(
        hands=(["くけー波", "ファーストヨネス"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
    )
    assert not any(a.startswith("force くけー波") for a in legal(s))


# ---------------------------------------------------------------------- 戦闘時フォースフェイズ: order
def _order_of_window(s) -> list[int]:
    seen = []
    while s.phase == WINDOW:
        seen.append(s.current_player)
        do(s, "pass")
    return seen


def test_battle_window_order_two_players_defender_then_attacker_until_both_pass():
    """8.1 「全てのプレイヤーにフォースを使う権利が与えられます。このとき、フォースを使う順序は(防御側)→(攻撃
    側)→(防御側)→…の順です。」 「すべてのプレイヤーがフォースを発動せずに番が1周したとき、攻撃前
    フォースフェイズは終了します。」"""
    s = game().position(
        hands=(["テンソード", "踏ん張り"], ["テンソード", "踏ん張り"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], ["ダーク股ー"]),
        start="battle",
    )
    do(s, "attack ファーストヨネス -> p2/ファーストヨネス")
    assert s.current_player == 1  # (防御側) first
    do(s, "force テンソード -> p2/ファーストヨネス")
    assert s.current_player == 0  # P1 may answer with an [Interrupt] only
    assert set(legal(s)) == {
        "pass",
        "force 踏ん張り -> p1/ファーストヨネス",
        "force 踏ん張り -> p2/ファーストヨネス",
    }
    do(s, "pass")
    # the テンソード resolved; the battle window goes on with the attacker (防御側 → 攻撃側 → …)
    assert s.power(s.tops(1)[0]) == 5 and s.current_player == 0
    assert "force テンソード -> p1/ファーストヨネス" in legal(s)  # in the battle window, any force
    assert _order_of_window(s) == [0, 1]  # both pass in a row: the window closes
    # 戦闘処理: 2 against 5, the attacker is destroyed (repel=destroy)
    assert s.tops(0) == [] and s.tops(1) != []


def test_battle_window_order_four_players_from_the_attackers_left_clockwise():
    """8.1 「3人以上の場合は攻撃側プレイヤーの左隣のプレイヤーから時計回りの順で行います。」"""
    hands = [["テンソード"] for _ in range(4)]
    s = game().position(
        hands=hands,
        fields=[[["ファーストヨネス"]] for _ in range(4)],
        costs=[["ダーク股ー"] for _ in range(4)],
        attacker=2,
        start="battle",
    )
    do(s, "attack ファーストヨネス -> p1/ファーストヨネス")
    assert _order_of_window(s) == [3, 0, 1, 2]


def test_players_who_publicly_cannot_act_are_skipped():
    """8.1 「自分がフォースを発動できる番になってもフォースを使わない場合は「フォースは使いません」等、相手に
    その旨を伝える必要があります。」 — our decision: said for a player who publicly cannot act."""
    # P2 has no cards in hand: nobody waits for a pass that could not be anything else
    s = game().position(
        hands=(["テンソード"], []),
        fields=([["ガチヨネス"]], [["ファーストヨネス"]]),
        start="battle",
    )
    do(s, "attack ガチヨネス -> p2/ファーストヨネス")
    assert _order_of_window(s) == [0]


# ---------------------------------------------------------------------- 戦闘処理 (our design)
def _battle(fields, attack, options=None, hands=(["補給"], ["補給"])):
    s = game(**(options or {})).position(hands=hands, fields=fields, start="battle")
    do(s, attack)
    pass_all(s)
    return s


def test_combined_attack_adds_power_and_destroys_the_whole_evolution_stack():
    """8. 「…自分のヨネスを1体または複数体(合成攻撃)選択して」; 8.2 is empty (「8.2戦闘処理について」): the
    sum of パワー and destroy=stack are our design."""
    s = _battle(
        ([["ファーストヨネス"], ["ヨネス戦士"]], [["ファーストヨネス", "ガチヨネス"]]),
        "attack ファーストヨネス+ヨネス戦士 -> p2/ガチヨネス",
    )
    assert s.tops(1) == []  # 2 + 4 > 5: the stack (ファーストヨネス under ガチヨネス) is destroyed
    assert pile(s).count("ファーストヨネス") == 1 and "ガチヨネス" in pile(s)
    assert len(s.tops(0)) == 2


def test_destroy_top_option_devolves_instead():
    """8.2 (empty: our design) — option destroy=top."""
    s = _battle(
        ([["ファーストヨネス"], ["ヨネス戦士"]], [["ファーストヨネス", "ガチヨネス"]]),
        "attack ファーストヨネス+ヨネス戦士 -> p2/ガチヨネス",
        {"destroy": "top"},
    )
    assert [s.game.cardset[s.cards[t]].name for t in s.tops(1)] == ["ファーストヨネス"]


def test_weaker_attack_loses_its_attackers_and_tie_destroys_both():
    """8.2 (empty: our design) — options repel and tie."""
    s = _battle(([["ファーストヨネス"]], [["ヨネス戦士"]]), "attack ファーストヨネス -> p2/ヨネス戦士")
    assert s.tops(0) == [] and len(s.tops(1)) == 1
    s = _battle(
        ([["ファーストヨネス"]], [["ファーストヨネス"]]), "attack ファーストヨネス -> p2/ファーストヨネス"
    )
    assert s.tops(0) == [] and s.tops(1) == []
    s = _battle(
        ([["ファーストヨネス"]], [["ファーストヨネス"]]),
        "attack ファーストヨネス -> p2/ファーストヨネス",
        {"tie": "none", "repel": "none"},
    )
    assert len(s.tops(0)) == 1 and len(s.tops(1)) == 1


def test_attacking_your_own_yonesu_is_allowed():
    """8. 「フィールド上に存在するヨネス(自分のヨネスでも可)」"""
    s = _battle(
        ([["ガチヨネス"], ["ファーストヨネス"]], [["ファーストヨネス"]]),
        "attack ガチヨネス -> p1/ファーストヨネス",
    )
    assert [s.game.cardset[s.cards[t]].name for t in s.tops(0)] == ["ガチヨネス"]


def test_a_player_may_be_attacked_only_with_an_empty_yonesu_field():
    """8. 「ただし、プレイヤーに攻撃する場合は、そのプレイヤーのヨネスフィールドにヨネスが存在しない場合に限り
    ます。」"""
    s = game().position(
        hands=(["補給"], ["補給"]), fields=([["ガチヨネス"]], [["ファーストヨネス"]]), start="battle"
    )
    assert not any(a.endswith("-> p2") for a in legal(s))
    s = _battle(([["ガチヨネス"], ["ファーストヨネス"]], []), "attack ガチヨネス+ファーストヨネス -> p2")
    assert s.life[1] == 10 - 7
    assert all(s.flags[t] & 2 for t in s.tops(0))  # both have attacked this turn
    assert not any(a.kind == "attack" for a in s.legal_actions())


# ---------------------------------------------------------------------- [Interrupt]
def test_interrupt_answers_a_force_and_resolves_first():
    """割り込み可能フォース 「この割り込み可能フォースは相手のフォース発動に対して発動することのできるフォース
    です。これを使用することにより召喚フェイズやフォースフェイズでも防御側がフォースを発動することができま
    す。」"""
    s = game().position(
        hands=(["破壊神シマダラ", "緊急回避"], ["打ち消しの印", "テンソード"]),
        fields=([["ファーストヨネス"]], [["ガチヨネス"]]),
        costs=(["邪神グラジヨネス", "ダーク股ー"], ["ダーク股ー"]),
    )
    do(s, "force 破壊神シマダラ -> p2/ガチヨネス")
    assert s.current_player == 0 and s.at_once  # P1 might add another force at once: P1 does not
    do(s, "pass")
    # the 防御側 may answer in the summon phase, but only with an [Interrupt]
    assert s.current_player == 1 and set(legal(s)) == {"pass", "force 打ち消しの印"}
    do(s, "force 打ち消しの印")
    assert s.current_player == 0  # P1 may answer P2's force; 打ち消しの印 is on top of シマダラ
    do(s, "pass")
    # 打ち消しの印 resolved first: シマダラ will have no effect
    assert s.links and s.links[-1].negated is True
    pass_all(s)
    assert len(s.tops(1)) == 1
    assert [e.code for e in s.log].count("negated") == 1
    assert s.used == [4, 2] and s.phase == SUMMON


def test_normal_forces_are_not_offered_to_the_defender_outside_a_battle():
    """9. 「防御側がフォースを発動することはできません(割り込み可能フォースは例外)。」"""
    s = game().position(
        hands=(["テンソード"], ["テンソード", "踏ん張り"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], ["ダーク股ー"]),
    )
    do(s, "force テンソード -> p1/ファーストヨネス")
    assert s.current_player == 1
    assert all(not a.startswith("force テンソード") for a in legal(s))


# ---------------------------------------------------------------------- 勝利/敗北条件
def test_four_first_yonesu_in_hand_and_field_win_and_are_shown():
    """勝利条件 「自分の手札とフィールドにファーストヨネスが4体存在している。」"""
    s = game().position(
        hands=(["ファーストヨネス", "ファーストヨネス", "ヨネス召集"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        discard=["ファーストヨネス"],
    )
    assert not s.is_over  # three
    do(s, "force ヨネス召集")
    pass_all(s)
    assert s.is_over and s.outcome().winner == 0 and s.outcome().reason == "four ファーストヨネス"
    shows = [e for e in s.log if e.code == "show"]
    assert len(shows) == 3 and all(e.view(1)["card"] is not None for e in shows)


def test_four_first_yonesu_under_an_evolution_count_too():
    """勝利条件 「自分の手札とフィールドにファーストヨネスが4体存在している。」 — under an evolution is on the
    field (our reading)."""
    s = game().position(
        hands=(["ファーストヨネス", "ファーストヨネス"], ["テンソード"]),
        fields=([["ファーストヨネス", "ガチヨネス"], ["ファーストヨネス"]], [["ファーストヨネス"]]),
        advance=True,
    )
    assert s.is_over and s.outcome().winner == 0


def test_life_zero_loses_and_three_player_survival_goes_on():
    """敗北条件 「自分のライフが0以下になった。」; 参加人数 「3人の場合 1vs1vs1のサバイバル戦を行います。」"""
    s = game().position(
        hands=(["補給"], ["補給"], ["補給"]),
        fields=([["ガチヨネス"]], [], [["ファーストヨネス"]]),
        life=(10, 5, 10),
        start="battle",
    )
    do(s, "attack ガチヨネス -> p2")
    pass_all(s)
    assert not s.alive[1] and not s.is_over
    assert s.total(1) == 0  # the loser's cards went to the 捨て札置き場
    do(s, "end-battle", "end-turn")
    assert s.attacker == 2  # P2 is skipped


def test_last_survivor_wins():
    """勝利条件 「自分以外の全てのプレイヤーが敗北条件を満たした。」"""
    s = game().position(
        hands=(["くけー波", "ガチヨネス"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        life=(10, 3),
    )
    do(s, "force くけー波 -> p2", "pay ガチヨネス")
    pass_all(s)
    assert s.is_over and s.outcome().winner == 0 and s.outcome().reason_ja == "ライフが0以下になった"


def test_team_game_partners_win_together():
    """参加人数 「向かい合った人同士の組でチーム戦」"""
    s = game(teams=True).position(
        hands=(["逆転の狼煙"], ["補給"], ["補給"], ["補給"]),
        fields=(
            [["ファーストヨネス"]],
            [["ファーストヨネス"]],
            [["ファーストヨネス"]],
            [["ファーストヨネス"]],
        ),
        costs=(["ダーク股ー"], [], [], []),
        life=(10, 2, 1, 2),
    )
    do(s, "force 逆転の狼煙")
    pass_all(s)
    res = s.outcome()
    assert s.life[2] == 1  # a partner is not an opponent (相手)
    assert res is not None and res.team == (0, 2) and res.returns(4) == [1.0, -1.0, 1.0, -1.0]


def test_over_the_card_limit_loses():
    """敗北条件 「自分の手札とフィールドのカードの枚数の合計が[上限枚数]を超えている。」"""
    # [上限枚数] lowered below what is on the field, with no hand to discard from
    s = game().position(
        hands=(["重圧"], []),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"], ["チビヨネス"]]),
        costs=(["ダーク股ー"], []),
        limit=(8, 2),
    )
    do(s, "force 重圧 -> p2")
    pass_all(s)
    assert s.is_over and s.outcome().winner == 0 and s.outcome().reason == "over the card limit"


def test_lowered_limit_is_met_by_discarding_from_hand():
    """重圧 「相手1人の[上限枚数]を-1する(超えた分は手札から捨てる)。」"""
    s = game().position(
        hands=(["重圧"], ["テンソード", "補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        limit=(8, 3),
    )
    do(s, "force 重圧 -> p2")  # P2 has no コスト to answer with: not asked
    assert s.current_player == 1 and set(legal(s)) == {"discard テンソード", "discard 補給"}
    do(s, "discard 補給")
    assert not s.is_over and s.total(1) == 2 == s.limit[1]


def test_raised_limit_is_refilled():
    """[上限枚数] 「その後の展開により、[上限枚数]は変化します。」 (大盛り)"""
    s = game().position(hands=(["大盛り"], ["補給"]), costs=(["ダーク股ー"], []))
    do(s, "force 大盛り")
    pass_all(s)
    do(s, "end-summon", "end-battle", "end-turn", "settle ダーク股ー", "settle-done")
    assert s.limit[0] == 9 and s.total(0) == 9


def test_saying_the_evil_gods_name_loses():
    """敗北条件 「「邪神グラジヨネス」のカード名を宣言した。」"""
    s = game().new_state(None, 1)
    s.say(0, "ヨネス!")
    assert not s.is_over
    s.say(1, "さあ行け、邪神 グラジヨネス!")
    assert s.is_over and s.outcome().winner == 0
    s = game().new_state(None, 1)
    s.say(0, "I summon grajiyonesu the evil god")  # the English name too, spaces and case ignored
    assert s.outcome().winner == 1
    s = game(forbidden_name=False).new_state(None, 1)
    s.say(0, "邪神グラジヨネス")
    assert not s.is_over


def test_refill_reshuffles_the_discard_pile_when_the_deck_runs_out():
    """山札のカードがなくなった場合 「捨て札置き場にあるカードをシャッフルし、元の山札の位置にセットしま
    す。」"""
    s = game().position(
        hands=(["テンソード"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        deck=["補給"],
        discard=["チビヨネス"] * 10,
    )
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    do(s, "end-summon", "end-battle", "end-turn", "settle ダーク股ー", "settle-done")
    assert any(e.code == "reshuffle" for e in s.log)
    assert s.total(0) == 8


def test_the_deck_is_reshuffled_at_the_next_draw_not_when_it_runs_out():
    """山札のカードがなくなった場合: 捨て札置き場にあるカードをシャッフルし、元の山札の位置にセットします. Our
    option reshuffle=draw: at the draw that finds the 山札 empty, so cards discarded since go into the new
    山札 too (the default, reshuffle=empty, rebuilds it as soon as it is empty: test_yonesu_audit)."""
    s = game(reshuffle="draw").position(
        hands=(["見習いヨネス", "テンソード"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        deck=["補給"],
        discard=["チビヨネス"] * 3,
        start="exchange",
    )
    do(s, "exchange 見習いヨネス")  # draws the last card of the 山札
    assert not s.zones[DECK] and pile(s) == ["チビヨネス"] * 3 + ["見習いヨネス"]
    do(s, "no-cost", "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    do(s, "end-summon", "end-battle", "end-turn", "settle ダーク股ー")
    assert not s.zones[DECK] and not any(e.code == "reshuffle" for e in s.log)  # still empty, no draw yet
    do(s, "settle-done")  # 手札補充: the first draw from the empty 山札 reshuffles the whole 捨て札置き場
    reshuffles = [e for e in s.log if e.code == "reshuffle"]
    assert len(reshuffles) == 1 and reshuffles[0].seat == 0
    assert reshuffles[0].arg("count") == 6  # 3 チビヨネス, the exchanged card, テンソード and its cost


def test_an_illegal_action_leaves_the_state_untouched():
    s = game().new_state(None, 2)
    before = s.digest()
    for bad in ("draw 8", "attack ファーストヨネス -> p2", "force テンソード", "say hello"):
        with pytest.raises(IllegalActionError):
            s.apply_text(bad)
    assert s.digest() == before


def test_random_positions_keep_their_invariants_in_every_mode():
    for players in (2, 3, 4):
        g = game()
        for seed in range(10):
            s = g.new_state(None, seed, players=players)
            rng = Rng(seed)
            while not s.is_over:
                s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
                s.check_invariants()
                assert all(
                    s.total(p) <= s.limit[p] or p in s.discard_down for p in range(players) if s.alive[p]
                )


def test_saying_the_name_during_the_opening_draw_of_a_survival_game():
    s = game().new_state(None, 3, players=4)
    loser = (s.first + 1) % 4
    s.say(loser, "邪神グラジヨネス")
    assert not s.is_over and not s.alive[loser]
    first = s.first
    s.say(first, "ごめん、邪神グラジヨネスって言っちゃった")
    assert not s.is_over and s.current_player == (first + 2) % 4  # the next player left chooses
    do(s, "draw 7")
    assert s.total(loser) == 0 and s.total(first) == 0
    assert all(s.total(p) == 8 for p in range(4) if s.alive[p])
    s.check_invariants()


def test_a_win_by_four_first_yonesu_makes_every_other_player_lose_in_survival():
    """敗北条件 「他のプレイヤーの誰かが勝利条件を満たした。」"""
    s = game().position(
        hands=(["ファーストヨネス", "ファーストヨネス", "ヨネス召集"], ["補給"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], [], []),
        discard=["ファーストヨネス"],
    )
    do(s, "force ヨネス召集")
    pass_all(s)
    res = s.outcome()
    assert res.winner == 0 and res.returns(3) == [1.0, -1.0, -1.0]


# ---------------------------------------------------------------------- what a player sees
def test_the_table_shows_power_evolution_stacks_and_counters():
    s = game().position(
        hands=(["テンソード"], ["補給", "回復の泉"]),
        fields=([["ファーストヨネス", "ガチヨネス"], ["チビヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        life=(10, 7),
        start="battle",
    )
    do(s, "attack ガチヨネス -> p2/ファーストヨネス")
    obs = s.observation(2)  # a spectator
    field = zone(obs, "p1.yonesu_field")["cards"]
    base, gachi, chibi = field
    assert base["card"] == "first_yonesu" and base["flags"] == ["under"] and "stats" not in base
    assert gachi["stats"] == {"power": 5} and gachi["flags"] == ["attacked"]
    assert gachi["with"] == {"zone": "p1.yonesu_field", "pos": 0, "card": "first_yonesu"}
    assert chibi["stats"] == {"power": 1} and "with" not in chibi
    assert counters(obs, 0) == {
        "life": 10,
        "limit": 8,
        "cards": 5,
        "cost_total": 3,
        "lilith_used": 0,
        "alive": True,
    }
    assert counters(obs, 1)["life"] == 7
    assert zone(obs, "deck")["owner"] is None and zone(obs, "p2.hand")["count"] == 2
    assert zone(obs, "p2.hand")["cards"] == []  # the spectator knows none of them
    battle = obs["extra"]["battle"]
    assert battle == {
        "attackers": [{"zone": "p1.yonesu_field", "pos": 1, "card": "gachi_yonesu"}],
        "target": {"kind": "yonesu", "place": {"zone": "p2.yonesu_field", "pos": 0, "card": "first_yonesu"}},
        "cancelled": False,
    }
    assert obs["phase"]["id"] == "window" and obs["phase"]["ja"] == "戦闘時フォースフェイズ"
    assert obs["extra"]["first_yonesu"] is None  # only a player's own count, never the spectator's
    assert s.observation(0)["extra"]["first_yonesu"] == 1  # P1: the one under ガチヨネス counts


def test_the_force_stack_and_a_special_cost_are_shown_with_their_targets():
    s = game().position(
        hands=(["破壊神シマダラ", "緊急回避"], ["打ち消しの印", "テンソード"]),
        fields=([["ファーストヨネス"]], [["ガチヨネス"]]),
        costs=(["邪神グラジヨネス", "ダーク股ー"], ["ダーク股ー"]),
    )
    do(s, "force 破壊神シマダラ -> p2/ガチヨネス")
    assert s.observation(0)["phase"]["ja"] == "フォースの同時発動"
    do(s, "pass")  # nothing more at once
    obs = s.observation(1)
    assert obs["phase"]["ja"] == "割り込みの順番"
    assert obs["prompt"]["kind"] == "choose"
    assert obs["prompt"]["source"] == {"zone": "stack", "pos": 0, "card": "hakaishin_shimadara"}
    assert obs["extra"]["stack"] == [
        {
            "seat": 0,
            "force": {"zone": "stack", "pos": 0, "card": "hakaishin_shimadara"},
            "target": {
                "kind": "yonesu",
                "place": {"zone": "p2.yonesu_field", "pos": 0, "card": "gachi_yonesu"},
            },
            "negated": False,
        }
    ]
    do(s, "force 打ち消しの印", "pass")
    obs = s.observation(0)
    shimadara = zone(obs, "stack")["cards"][0]
    assert shimadara["flags"] == ["negated"] and obs["extra"]["stack"][0]["negated"] is True
    # a [捨/…] cost: the prompt names the force being paid for
    s = game().position(
        hands=(["くけー波", "クロちん"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
    )
    do(s, "force くけー波 -> p2")
    obs = s.observation(0)
    assert obs["prompt"]["kind"] == "pay_cost" and "[捨/LV2以上ヨネス1枚]" in obs["prompt"]["ja"]
    assert obs["prompt"]["source"] == {"zone": "stack", "pos": 0, "card": "kuke_ha"}
    assert obs["extra"]["paying"] == {"seat": 0, "force": obs["prompt"]["source"], "left": 1}
    assert obs["legal"][0]["refs"] == [
        {"zone": "p1.hand", "pos": None, "card": "kurochan"},
        {"zone": "stack", "pos": 0, "card": "kuke_ha"},
    ]


def test_events_are_codes_with_public_arguments_and_read_in_both_languages():
    s = game().position(
        hands=(["補給"], ["補給"]),
        fields=([["ガチヨネス"], ["ファーストヨネス"]], []),
        start="battle",
    )
    do(s, "attack ガチヨネス+ファーストヨネス -> p2")
    pass_all(s)
    g = s.game
    attack = next(e for e in s.log if e.code == "attack_player")
    view = attack.view(1, g.card_ids)
    assert view["seat"] == 0 and view["args"]["player"] == 1
    assert [a["card"] for a in view["args"]["attackers"]] == ["gachi_yonesu", "first_yonesu"]
    hit = next(e for e in s.log if e.code == "direct_hit")
    assert hit.seat == 1 and hit.arg("damage") == 7 and hit.arg("life") == 3
    assert g.render_event(hit.view(1, g.card_ids), 1, "ja") == "P2(あなた) に直接攻撃: ライフ -7 → 3"
    assert g.render_event(hit.view(0, g.card_ids), 0, "en") == "direct attack on P2: life -7 → 3"
    text = g.render_event(view, 1, "en")
    assert text == (
        "P1 attacks P2 directly with Gachi Yonesu (ガチヨネス) [P1 Yonesu field]"
        "+First Yonesu (ファーストヨネス) [P1 Yonesu field]"
    )


def test_labels_keep_the_numbers_and_both_languages():
    s = game().position(
        hands=(["クロちん", "破壊神シマダラ"], ["テンソード"]),
        fields=([["ファーストヨネス"]], [["ガチヨネス"]]),
        costs=(["邪神グラジヨネス", "ダーク股ー"], []),
    )
    g = s.game
    by_notation = {s.notation(a): a for a in s.legal_actions()}
    ja, en = g.label(s, by_notation["summon クロちん"])
    assert ja == "召喚 クロちん (Kuro-chan) [LV1&LV2 パワー3 リリス2]"
    assert en == "summon Kuro-chan (クロちん) [LV1&LV2, power 3, lilith 2]"
    ja, en = g.label(s, by_notation["force 破壊神シマダラ -> p2/ガチヨネス"])
    ja_name, en_name = (
        "破壊神シマダラ (Shimadara the Destroyer God)",
        "Shimadara the Destroyer God (破壊神シマダラ)",
    )
    assert ja == f"フォース発動 {ja_name} [リリス4] → P2 の ガチヨネス (Gachi Yonesu)"
    assert en == f"activate force {en_name} [lilith 4] → P2's Gachi Yonesu (ガチヨネス)"
    ja, en = g.label(s, by_notation["evolve クロちん -> p1/ファーストヨネス"])
    assert ja == "進化 P1 の ファーストヨネス (First Yonesu) → クロちん (Kuro-chan) [LV1&LV2 パワー3 リリス2]"
    refs = g.action_refs(s, by_notation["force 破壊神シマダラ -> p2/ガチヨネス"], 0)
    assert refs == [
        {"zone": "p1.hand", "pos": None, "card": "hakaishin_shimadara"},
        {"zone": "p2.yonesu_field", "pos": 0, "card": "gachi_yonesu"},
    ]
    assert s.describe(by_notation["end-summon"]) == "召喚フェイズを終える  — end the summon phase"


def test_actions_name_yonesu_by_place_not_by_instance():
    """A target is a place on the table: the same action whatever the instances are numbered."""
    s = game().position(
        hands=(["テンソード"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"], ["チビヨネス"]]),
        costs=(["ダーク股ー"], []),
    )
    twin = s.clone()
    m = list(range(len(s.cards)))
    Rng(3).shuffle(m)
    twin.relabel(m)
    assert s.legal_actions() == twin.legal_actions()
    a = next(a for a in s.legal_actions() if s.notation(a) == "force テンソード -> p2/チビヨネス")
    assert a.b == 2  # P1's field holds one card, P2's チビヨネス is the second of theirs


# ---------------------------------------------------------------------- positions by hand
@pytest.mark.parametrize(
    ("kw", "says"),
    [
        ({"hands": (["無名"], [])}, "hands[0][0]: no card named '無名'"),
        ({"deck": ["テンソード", "謎"]}, "deck[1]: no card named '謎'"),
        ({"fields": ([["テンソード"]], [])}, "fields[0][0][0]: テンソード (Ten Sword) is not a ヨネス"),
        (
            {"fields": ([["ファーストヨネス", "レインボーヨネス"]], [])},
            "each card of a stack is one LV above",
        ),
        ({"fields": ([[]], [])}, "fields[0][0]: an evolution stack needs at least one ヨネス"),
        ({"fields": ([],)}, "fields needs one entry per player (2), got 1"),
        ({"costs": ([], [], [])}, "costs needs one entry per player (2), got 3"),
        ({"hands": ([],) * 5}, "hands needs one entry per player, 2 to 4 players; got 5"),
        ({"hands": ([],)}, "2 to 4 players; got 1"),
        ({"life": (10,)}, "life needs one entry per player (2), got 1"),
        ({"limit": (8, "8")}, "limit[1]: '8' is not a whole number"),
        ({"used": (1, 0)}, "used: more リリス used than the コストフィールド covers"),
        (
            {"limit": (1, 8), "fields": ([["ファーストヨネス"], ["チビヨネス"]], [])},
            "limit: hand + fields over",
        ),
        (
            {"start": "draw"},
            "start must be one of exchange, exchange_free, cost, summon, battle, force, settle",
        ),
        ({"attacker": 2}, "attacker must be a seat 0–1 (P1–P2), not 2"),
        ({"first": -1}, "first must be a seat 0–1"),
        ({"turns_taken": (1, 1, 1)}, "turns_taken needs one entry per player (2), got 3"),
        ({"hand": ([], [])}, "unknown argument 'hand'"),
    ],
)
def test_a_position_names_what_breaks_the_table(kw, says):
    kw.setdefault("hands", (["テンソード"], ["補給"]))
    if "hand" in kw:
        kw.pop("hands")
    with pytest.raises(PositionError, match=re.escape(says)):
        game().position(**kw)


def test_a_team_position_needs_four_players():
    with pytest.raises(PositionError, match="exactly 4 players"):
        game(teams=True).position(hands=([], [], []))


def test_a_position_stops_where_it_is_asked_or_says_where_the_rules_went():
    kw = {"hands": ([], ["テンソード"]), "fields": ([["ファーストヨネス"]], [["ファーストヨネス"]])}
    with pytest.raises(PositionError, match=r"the game is over at once \(P2 wins: 手札交換をしていない"):
        game().position(start="exchange", **kw)
    assert game().position(start="exchange", advance=True, **kw).is_over
    # nobody used リリス: the settlement has nothing to ask, the refill and the next turn follow
    kw = {"hands": (["テンソード"], ["補給"])}
    with pytest.raises(PositionError, match="the rules move on to P2's decision in 手札交換フェイズ"):
        game().position(start="settle", **kw)
    s = game().position(start="settle", advance=True, **kw)
    assert s.attacker == 1 and s.phase == EXCHANGE
    # ... and where there is something to settle, it stops there with the attacker to move
    s = game().position(start="settle", used=(1, 0), costs=(["ダーク股ー"], []), attacker=0, **kw)
    assert s.phase == SETTLE and s.current_player == 0
    for start, phase in (("cost", COST), ("summon", SUMMON), ("exchange_free", EXCHANGE_FREE)):
        s = game().position(start=start, attacker=1, **kw)
        assert s.phase == phase and s.current_player == 1 and not s.log
