"""ヨネス, the audit of issue 23: a scenario test for every rule whose default changed, each quoting the
rulebook's sentence (docs/sources/rules/yonesu.txt), and for the rules the audit confirmed that had no test
yet.
The rules confirmed with tests already (the worked examples of コスト精算 and 特殊なコスト, the battle
window's order, …) are in test_yonesu_rules.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tefuda.games.yonesu.game import YonesuGame
from tefuda.games.yonesu.phase_ids import COST, DISCARD_DOWN, EXCHANGE, EXCHANGE_FREE, SETTLE, SUMMON, WINDOW
from tefuda.games.yonesu.state import YonesuState
from tefuda.games.yonesu.zones import CFIELD, DECK, DISCARD, HAND, zid

RICH = ["レインボーヨネス", "邪神グラジヨネス"]
BASES = ([["ファーストヨネス"]], [["ファーストヨネス"]])
SEVEN = ["補給", "テンソード", "チビヨネス", "見習いヨネス", "火の玉", "回復の泉", "ヨネス戦士"]


def game(**options) -> YonesuGame:
    return YonesuGame(options)


def do(s: YonesuState, *texts: str) -> None:
    for t in texts:
        s.apply_text(t)


def legal(s: YonesuState) -> list[str]:
    return [s.notation(a) for a in s.legal_actions()]


def pass_all(s: YonesuState) -> None:
    while s.phase == WINDOW:
        do(s, "pass")


def names(s: YonesuState, zone: int) -> list[str]:
    return sorted(s.game.cardset[s.cards[i]].name for i in s.zones[zone])


def pile(s: YonesuState) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[DISCARD]]


def codes(s: YonesuState) -> list[str]:
    return [e.code for e in s.log]


# ---------------------------------------------------------------------- 手札交換 and 引き忘れ
def _second_players_first_turn(**options) -> YonesuState:
    """P2's first turn, just after the first refill (the one at the end of P1's first turn)."""
    return game(**options).position(
        hands=(SEVEN, SEVEN),
        fields=BASES,
        attacker=1,
        turns_taken=(1, 0),
        refilled=(True, True),
        start="exchange_free",
    )


def test_the_second_players_free_exchange_may_draw_or_not():
    """5.手札交換フェイズ 「後攻側1ターン目では任意の枚数だけ捨てることができ、その分だけカードを引くことがで
    きます (0枚でも可)。」 and 任意の処理と強制の処理 「ヨネスのルールやカードの効果には「~できる(任意)」、
    「~する(強制)」の 2パターンが存在します。」 — the drawing is 「できます」 too: a choice (default
    exchange_draw=may)."""
    s = _second_players_first_turn()
    assert "exchange-no-draw" not in legal(s)  # nothing discarded: nothing to draw or not
    do(s, "exchange 補給", "exchange テンソード")
    assert {"exchange-done", "exchange-no-draw"} <= set(legal(s))
    do(s, "exchange-done")
    assert s.total(1) == 8 and s.limit[1] == 8 and s.phase == COST
    # option exchange_draw=must: the other reading, drawing as many as were discarded always
    s = _second_players_first_turn(exchange_draw="must")
    do(s, "exchange 補給")
    assert "exchange-no-draw" not in legal(s) and "exchange-done" in legal(s)


def test_not_drawing_after_the_free_exchange_is_forgetting_to_draw():
    """カードを引き忘れた場合のペナルティ 「プレイヤーの手札とフィールドのカードの枚数の合計が[上限枚数]未満に
    なっていた場合、それ以降そのプレイヤーはそのときの枚数を[上限枚数]としてプレイすることになります。ただし、
    このルールが適用されるのは"そのプレイヤーが最後に手札補充フェイズで手札を補充してから次にカードを捨てる
    (手札交換を除く)までの間"のみです。」 — the exchange's discards do not close that window."""
    s = _second_players_first_turn()
    do(s, "exchange 補給", "exchange テンソード")
    assert s.limit[1] == 8  # in the middle of the exchange: its draw may still come
    do(s, "exchange-no-draw")
    assert s.limit[1] == 6 and s.total(1) == 6 and "short_limit" in codes(s)
    do(s, "no-cost", "end-summon", "end-battle", "end-turn")
    assert s.total(1) == 6  # refilled to the new [上限枚数] only


def test_forgetting_to_draw_example_1_the_limit_becomes_the_count():
    """引き忘れ (例1) 「[上限枚数]が8枚で、自分のコストフェイズ終了時点で手札に4枚、フィールドに3枚しかカード
    がない場合 →相手に指摘された場合、以降の自分の[上限枚数]は7枚になります。」 (the opponents point it out at
    once: it only helps them)."""
    s = game().position(
        hands=(SEVEN[:4], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー", "見習いヨネス"], []),
        refilled=(True, False),
        start="cost",
    )
    assert s.limit == [7, 8] and s.phase == COST and s.current_player == 0
    assert s.game.render_event(next(e for e in s.log if e.code == "short_limit").view(1), 1, "ja") == (
        "引き忘れ: P1 の[上限枚数] 8 → 7"
    )


def test_forgetting_to_draw_example_2_a_force_activated_closes_the_window():
    """引き忘れ (例2) 「[上限枚数]が8枚で、自分の召喚フェイズで最初にフォースを1つ発動し、手札に2枚、フィール
    ドに 3枚しかカードがない場合 →相手に指摘されても自分の[上限枚数]は変わりません(フォース発動により既にカー
    ドを捨てているため)。」"""
    s = game().position(
        hands=(["テンソード", "補給", "チビヨネス", "見習いヨネス", "回復の泉"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー", "見習いヨネス"], []),
        refilled=(True, False),
    )
    assert s.total(0) == 8 and s.refilled[0]
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    assert s.total(0) == 7 and s.limit[0] == 8 and not s.refilled[0]


def test_a_destroyed_yonesu_is_a_card_discarded_not_a_card_forgotten():
    """「次にカードを捨てる(手札交換を除く)までの間」 — our reading: a card of yours that goes to the 捨て札置
    き場 (a ヨネス destroyed) is a card discarded, so the 防御側 does not lose [上限枚数] by losing a ヨネ
    ス."""
    s = game().position(
        hands=(["破壊神シマダラ"], SEVEN),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(RICH, []),
        refilled=(False, True),
    )
    do(s, "force 破壊神シマダラ -> p2/ファーストヨネス")
    pass_all(s)
    assert s.total(1) == 7 and s.limit[1] == 8


def test_a_refill_with_nothing_left_to_draw_lowers_the_limit():
    """「合計が[上限枚数]未満になっていた場合、それ以降そのプレイヤーはそのときの枚数を[上限枚数]としてプレイ
    することになります」 — after a 手札補充 that found the 山札 and the 捨て札置き場 both empty too (the text
    makes no exception for it)."""
    s = game().position(
        hands=(["テンソード"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"]]),
        costs=(["ダーク股ー"], []),
        deck=[],
        discard=[],
    )
    do(s, "force テンソード -> p1/ファーストヨネス")  # the テンソード is the only card left to draw
    pass_all(s)
    do(s, "end-summon", "end-battle", "end-turn", "settle ダーク股ー", "settle-done")
    assert s.total(0) == 3 and s.total(1) == 2
    assert s.limit == [3, 2] and s.attacker == 1 and s.phase == EXCHANGE


# ---------------------------------------------------------------------- コスト精算
def test_every_player_settles_and_may_discard_more_than_used():
    """10.コスト精算フェイズ 「各プレイヤーはこのフェイズ中に自分のコスト置き場のコストを捨て札置き場に捨てま
    す。この時、捨てるコストのコスト値の合計が、ヨネスの召喚やフォースの発動に使用したリリス分のコストと同じか
    それを上回るようにしなければなりません。」 — every player, the 防御側 with no リリス used too (0 ≥ 0)."""
    s = game().position(
        hands=(["テンソード"], ["補給"]),
        fields=BASES,
        costs=(["ダーク股ー", "見習いヨネス"], ["チビヨネス", "ヨネス戦士"]),
    )
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    do(s, "end-summon", "end-battle", "end-turn")
    assert s.phase == SETTLE and s.current_player == 0
    assert "settle-done" not in legal(s)
    do(s, "settle 見習いヨネス", "settle ダーク股ー", "settle-done")  # 2 + 3 ≥ 1: more than needed is fine
    assert s.phase == SETTLE and s.current_player == 1  # then the 防御側
    assert set(legal(s)) == {"settle チビヨネス", "settle ヨネス戦士", "settle-done"}
    do(s, "settle チビヨネス", "settle-done")
    assert names(s, zid(1, CFIELD)) == ["ヨネス戦士"] and s.total(1) == 8  # refilled in its place
    assert s.attacker == 1


def test_nobody_with_an_empty_cost_field_is_asked_to_settle():
    s = game().position(hands=(["テンソード"], ["補給"]), fields=BASES, costs=([], []))
    do(s, "end-summon", "end-battle", "end-turn")
    assert s.attacker == 1 and s.phase == EXCHANGE


# ---------------------------------------------------------------------- フォース: several at once
def test_the_attacker_may_activate_several_forces_at_once():
    """9.フォースフェイズ 「複数のフォースを何度かに分けて発動しても、一度に複数のフォースを発動してもどちらで
    も構いません。」 (and 7./8.: 「フォースの使用については「9.フォースフェイズ」のルールに準じる」) — right
    after activating, the 攻撃側 may add another force before anyone answers; the others then answer the
    newest first, each in turn (our decision: the text gives no order, the stack's newest-first is the
    [Interrupt] one)."""
    s = game().position(
        hands=(["火の玉", "テンソード"], ["踏ん張り", "打ち消しの印"]),
        fields=BASES,
        costs=(RICH, RICH),
    )
    do(s, "force 火の玉 -> p2/ファーストヨネス")
    obs = s.observation(0)
    assert s.current_player == 0 and obs["phase"]["ja"] == "フォースの同時発動"
    assert obs["prompt"]["source"] == {"zone": "stack", "pos": 0, "card": "hinotama"}
    assert "force テンソード -> p1/ファーストヨネス" in legal(s)
    do(s, "force テンソード -> p1/ファーストヨネス")  # at once (P1's hand is empty now: nothing more)
    assert len(s.links) == 2
    s2 = s.clone()
    # P2 answers the newest (テンソード) first ...
    assert s.current_player == 1 and s.observation(1)["prompt"]["source"]["card"] == "ten_sword"
    do(s, "force 打ち消しの印")
    pass_all_until(s, lambda: len(s.links) == 1)
    # ... then, with the テンソード gone (negated), may still answer the 火の玉
    assert s.current_player == 1 and "force 踏ん張り -> p2/ファーストヨネス" in legal(s)
    do(s, "force 踏ん張り -> p2/ファーストヨネス")
    pass_all(s)
    assert [e.code for e in s.log if e.code in ("negated", "fizzle_power")] == ["negated", "fizzle_power"]
    assert s.tops(1) and s.power(s.tops(0)[0]) == 2 and s.phase == SUMMON
    # nobody answering: the newest resolves first
    while s2.phase == WINDOW:
        do(s2, "pass")
    resolved = [e.view(0, s2.game.card_ids)["card"] for e in s2.log if e.code in ("resolve_on",)]
    assert resolved == ["ten_sword", "hinotama"] and not s2.tops(1)


def pass_all_until(s: YonesuState, done) -> None:
    while not done():
        do(s, "pass")


def test_no_forces_at_once_in_the_battle_window():
    """8.1 「フォースを使う順序は(防御側)→(攻撃側)→(防御側)→…の順です。」 — in the battle's window every
    player acts in turn: one force (or a pass) a turn (our reading), so the next player is asked at once."""
    s = game().position(
        hands=(["テンソード", "踏ん張り"], ["補給"]),
        fields=BASES,
        costs=(RICH, []),
        start="battle",
    )
    do(s, "attack ファーストヨネス -> p2/ファーストヨネス", "pass")  # P2 passes; P1's turn
    do(s, "force テンソード -> p1/ファーストヨネス")
    assert s.current_player == 1 and not s.at_once


# ---------------------------------------------------------------------- 合成攻撃 of any size
def test_a_combined_attack_of_eight_is_gathered_one_yonesu_at_a_time():
    """8.戦闘フェイズ 「このターンにまだ攻撃をしていない自分のヨネスを1体または複数体(合成攻撃)選択して」 —
    any number: with more than seven ready (too many groups to list as actions) the group is gathered one ヨネ
    ス at a time, then declared."""
    eight = [["火吹きヨネス"]] * 8
    s = game().position(hands=([], ["補給"]), fields=(eight, [["神ヨネス"]]), start="battle")
    acts = legal(s)
    assert acts[:8] == [f"gather p1/火吹きヨネス#{k}" for k in range(1, 9)] and "end-battle" in acts
    assert not any(a.startswith("attack ") for a in acts)
    for k in range(1, 9):
        do(s, f"gather p1/火吹きヨネス#{k}")
        assert s.observation(1)["extra"]["gathering"][-1]["pos"] == k - 1
    # all eight gathered: only the target is left (or taking the group back, test_yonesu_review.py)
    assert legal(s) == ["attack-gathered p2/神ヨネス", "gather-cancel"]
    label = s.game.label(s, s.legal_actions()[0])[1]
    assert label.endswith("[power 24 vs 12]")
    do(s, "attack-gathered p2/神ヨネス")
    pass_all(s)
    assert s.tops(1) == [] and len(s.tops(0)) == 8  # 24 > 12
    # with seven or fewer ready, a group is one action, as before
    s = game().position(hands=([], ["補給"]), fields=(eight[:7], [["神ヨネス"]]), start="battle")
    assert "attack 火吹きヨネス#1+火吹きヨネス#2 -> p2/神ヨネス" in legal(s)


# ---------------------------------------------------------------------- [Interrupt]: 相手のフォース
def test_an_interrupt_answers_an_opponents_force_not_a_partners():
    """割り込み可能フォース 「この割り込み可能フォースは相手のフォース発動に対して発動することのできるフォース
    です。」 — in the team game a partner is not a 相手 (as for 相手プレイヤー and 相手1人 elsewhere)."""
    hands = (["テンソード"], ["踏ん張り"], ["踏ん張り"], ["踏ん張り"])
    fields = [[["ファーストヨネス"]] for _ in range(4)]
    costs = [["ダーク股ー"] for _ in range(4)]
    s = game(teams=True).position(hands=hands, fields=fields, costs=costs)
    do(s, "force テンソード -> p1/ファーストヨネス")
    asked = []
    while s.phase == WINDOW:
        asked.append(s.current_player)
        do(s, "pass")
    assert asked == [1, 3]  # P2 and P4; P3, P1's partner, is not asked
    s = game().position(hands=hands, fields=fields, costs=costs)  # サバイバル戦: everyone is a 相手
    do(s, "force テンソード -> p1/ファーストヨネス")
    asked = []
    while s.phase == WINDOW:
        asked.append(s.current_player)
        do(s, "pass")
    assert asked == [1, 2, 3]


# ---------------------------------------------------------------------- 山札のカードがなくなった場合
def test_the_deck_is_rebuilt_as_soon_as_it_runs_out():
    """山札のカードがなくなった場合 「捨て札置き場にあるカードをシャッフルし、元の山札の位置にセットします。」
    — the condition holds the moment its last card is drawn (default reshuffle=empty): what is in the 捨て札置
    き場 then goes into the new 山札, and ヨネス召集 finds no ファーストヨネス there any more."""
    kw = {
        "hands": (["補給", "ヨネス召集"], ["補給"]),
        "fields": BASES,
        "costs": (["ダーク股ー"], []),
        "deck": ["チビヨネス"],
        "discard": ["ファーストヨネス"],
    }
    s = game().position(**kw)
    do(s, "force 補給")
    pass_all(s)
    assert names(s, DECK) == ["ファーストヨネス", "補給"] and pile(s) == []
    assert "reshuffle" in codes(s)
    do(s, "force ヨネス召集")
    pass_all(s)
    assert "fizzle_no_first" in codes(s)
    # reshuffle=draw: only when a draw finds it empty — until then the ファーストヨネス can be taken back
    s = game(reshuffle="draw").position(**kw)
    do(s, "force 補給")
    pass_all(s)
    assert not s.zones[DECK] and "reshuffle" not in codes(s)
    do(s, "force ヨネス召集")
    pass_all(s)
    assert names(s, zid(0, HAND)) == ["チビヨネス", "ファーストヨネス"]


def test_a_card_discarded_while_the_deck_is_empty_becomes_the_deck():
    """「山札のカードがなくなった場合」 still holds while the 山札 stays empty (the 捨て札置き場 was empty
    too)."""
    s = game().position(
        hands=(["テンソード"], ["補給"]), fields=BASES, costs=(["ダーク股ー"], []), deck=[], discard=[]
    )
    do(s, "force テンソード -> p1/ファーストヨネス")
    pass_all(s)
    assert names(s, DECK) == ["テンソード"] and not s.zones[DISCARD]


# ---------------------------------------------------------------------- 勝利/敗北条件
def test_players_who_meet_a_losing_condition_together_lose_together():
    """勝利条件 「自分がどの敗北条件も満たしていない状態で、…自分以外の全てのプレイヤーが敗北条件を満たし
    た。」 — two players whose ライフ reach 0 at once both lose: neither is left to win."""
    s = game().position(hands=(["補給"], ["補給"]), fields=BASES, life=(0, 0), advance=True)
    assert s.is_over and s.outcome().winner is None and s.outcome().reason == "everyone lost"
    s = game().position(
        hands=(["補給"], ["補給"], ["補給"]), fields=[[], [], []], life=(5, 0, 0), advance=True
    )
    assert s.is_over and s.outcome().winner == 0 and s.out_order == [1, 2]


def test_four_first_yonesu_win_once_back_within_the_limit(tmp_path: Path):
    """勝利条件 「自分がどの敗北条件も満たしていない状態で、…自分の手札とフィールドにファーストヨネスが4体存在
    している。」 — a player over the [上限枚数] (discarding down) does not win yet, but does the moment they
    are back within it with four."""
    extra = tmp_path / "gamble.toml"
    extra.write_text(
        '[gamble]\nname = "博打"\nname_en = "Gamble"\ntype = "force"\ncost = 1\nlilith = 0\ncopies = 0\n'
        'target = "none"\neffects = [{ do = "draw", count = 2 }, { do = "limit", amount = -1 }]\n'
        'text = "カードを2枚引き、自分の[上限枚数]を-1する(超えた分は手札から捨てる)。"\n'
        'text_en = "Draw 2 cards; your card limit goes down by 1 (discard down to it)."\n',
        encoding="utf-8",
    )
    g = YonesuGame({}, cards_path=f"+{extra}")
    s = g.position(
        hands=(
            ["博打", "ファーストヨネス", "ファーストヨネス", "補給", "テンソード", "チビヨネス", "回復の泉"],
            ["補給"],
        ),
        fields=BASES,
        deck=["ファーストヨネス", "見習いヨネス"],
    )
    do(s, "force 博打")
    pass_all(s)
    assert s.phase == DISCARD_DOWN and s.first_count(0) == 4 and not s.is_over
    do(s, "discard テンソード")
    assert not s.is_over
    do(s, "discard 回復の泉")
    assert s.is_over and s.outcome().winner == 0 and s.outcome().reason == "four ファーストヨネス"


# ---------------------------------------------------------------------- rules the audit confirmed
def test_the_opening_draw_never_takes_a_hand_past_the_limit():
    """3.初期手札補充 「先攻側が手札の上限枚数を超えない任意の枚数だけ山札からカードを引きます。次に後攻側が先
    攻側の引いた枚数と同じ数だけカードを引きます。手札が([上限枚数]-1)に達しているならば「4.ゲーム開始宣言」へ
    と進み、達していなければ再び先攻側からカードを引いていきます。」 — with the ファーストヨネス on the field,
    a hand of [上限枚数]−1 is the most that keeps hand + field within [上限枚数]."""
    for limit in (5, 8):
        s = game(limit=limit).new_state(None, 4)
        assert [a.a + 1 for a in s.legal_actions()] == list(range(1, limit))
        do(s, "draw 2")
        assert [len(s.zones[zid(p, HAND)]) for p in (0, 1)] == [2, 2]
        assert [a.a + 1 for a in s.legal_actions()] == list(range(1, limit - 2))


def test_the_exchange_is_forced_and_the_cost_is_a_choice():
    """任意の処理と強制の処理 「手札交換フェイズでは「攻撃側は手札を1枚捨て、山札から1枚カードを引きます。」と
    書かれているので、例外として記されたパターンを除きこの処理は絶対に行わなければなりません。一方コストフェイ
    ズでは「攻撃側は手札を1枚だけコストフィールドにセットすることができます。」と書かれているので、この処理を
    行う・行わないを自由に選択することができます。」"""
    s = game().position(hands=(["補給", "テンソード"], ["補給"]), fields=BASES, start="exchange")
    assert set(legal(s)) == {"exchange 補給", "exchange テンソード"}  # no way to skip it
    do(s, "exchange 補給")
    assert s.phase == COST and "no-cost" in legal(s)


def test_evolution_is_onto_your_own_yonesu_one_level_lower():
    """7.召喚フェイズ 「LV1ヨネスを召喚する場合はヨネスフィールドにそのまま置きますが、LV2以上のヨネスを召喚す
    る場合はそれよりLVが1低いヨネスの上に重ねて置きます(進化)。」 — whose ヨネス is not said: your own (our
    decision, the summon is the 攻撃側's own: 「攻撃側プレイヤーは…ヨネスの召喚…ができます」)."""
    s = game().position(hands=(["ガチヨネス"], ["補給"]), fields=BASES, costs=(RICH, []))
    assert [a for a in legal(s) if "ガチヨネス" in a] == ["evolve ガチヨネス -> p1/ファーストヨネス"]


def test_a_combined_attack_and_attacks_on_your_own_yonesu():
    """8.戦闘フェイズ 「攻撃側のプレイヤーは、このターンにまだ攻撃をしていない自分のヨネスを1体または複数体(合
    成攻撃)選択して、フィールド上に存在するヨネス(自分のヨネスでも可)、もしくはプレイヤーに対して攻撃宣言を
    することができます。ただし、プレイヤーに攻撃する場合は、そのプレイヤーのヨネスフィールドにヨネスが存在
    しない場合に限ります。」"""
    s = game().position(
        hands=(["補給"], ["補給"]),
        fields=([["ファーストヨネス"], ["チビヨネス"]], [["ファーストヨネス"]]),
        start="battle",
    )
    acts = set(legal(s))
    assert {
        "attack ファーストヨネス+チビヨネス -> p2/ファーストヨネス",
        "attack ファーストヨネス -> p1/チビヨネス",
    } <= acts
    assert not any(a.endswith("-> p2") for a in acts)  # P2 still has a ヨネス


def test_the_defender_uses_no_force_outside_a_battle_but_an_interrupt_in_answer():
    """9.フォースフェイズ 「防御側がフォースを発動することはできません(割り込み可能フォースは例外)。」 and 割
    り込み「これを使用することにより召喚フェイズやフォースフェイズでも防御側がフォースを発動することができま
    す。また、当然ながら割り込み可能フォースは通常のフォースとしても使用することもできます。」"""
    s = game().position(
        hands=(["テンソード", "踏ん張り"], ["テンソード", "踏ん張り"]), fields=BASES, costs=(RICH, RICH)
    )
    assert "force 踏ん張り -> p1/ファーストヨネス" in legal(s)  # the attacker: as a normal force
    do(s, "force テンソード -> p1/ファーストヨネス", "pass")
    assert s.current_player == 1
    assert {a.split(" -> ")[0] for a in legal(s)} == {"pass", "force 踏ん張り"}


def test_the_exchange_is_not_offered_on_the_first_players_first_turn():
    """5.手札交換フェイズ 「先攻側1ターン目では手札交換はできません。」 (敗北条件: 「先攻側1ターン目において、
    手札交換フェイズで手札を交換した。」 — never offered, so it cannot happen)."""
    s = game().new_state(None, 8)
    do(s, "draw 7")
    assert s.attacker == s.first and s.phase == COST and s.phase != EXCHANGE_FREE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_refill_from_the_attacker_round_the_table(players):
    """11.手札補充フェイズ 「攻撃側のターンエンド宣言時、攻撃側から順番に自分のフィールドと手札のカードの合計
    枚数が[上限枚数]になるように手札を補充していきます。」"""
    s = game().position(
        hands=[["補給"] for _ in range(players)],
        fields=[[["ファーストヨネス"]] for _ in range(players)],
        attacker=players - 1,
        deck=["チビヨネス"] * 40,
    )
    do(s, "end-summon", "end-battle", "end-turn")
    draws = [e.seat for e in s.log if e.code == "draw"]
    order = [(players - 1 + k) % players for k in range(players)]
    assert draws == [p for p in order for _ in range(6)]
    assert all(s.total(p) == 8 for p in range(players))


# ---------------------------------------------------------------------- RULES.md quotes the page verbatim
RULEBOOK = Path(__file__).parents[1] / "docs" / "sources" / "rules" / "yonesu.txt"
RULES_MD = Path(__file__).parents[1] / "tefuda" / "games" / "yonesu" / "RULES.md"


def _squash(text: str) -> str:
    return "".join(ch for ch in text if not ch.isspace() and ch != "•")


def test_every_quote_in_rules_md_is_the_pages_own_words():
    """Each `>` line of RULES.md is the page's text, word for word (whitespace and list bullets aside; `…`
    leaves a part out)."""
    page = _squash(RULEBOOK.read_text(encoding="utf-8"))
    lines = RULES_MD.read_text(encoding="utf-8").splitlines()
    quotes = [line.strip()[1:] for line in lines if line.strip().startswith(">")]
    assert len(quotes) >= 25
    for q in quotes:
        for part in q.split("…"):
            assert _squash(part) in page, part


def _quotes(doc: str) -> list[str]:
    """The outermost 「…」 quotes of a text."""
    depth, cur, out = 0, "", []
    for ch in doc:
        if ch == "「":
            cur += ch if depth else ""
            depth += 1
        elif ch == "」" and depth:
            depth -= 1
            if depth:
                cur += ch
            else:
                out.append(cur)
                cur = ""
        elif depth:
            cur += ch
    return out


def test_every_quote_in_the_tests_and_the_rules_code_is_the_pages_or_a_cards_own_words():
    """The 「…」 quotes in the docstrings of the ヨネス tests and rules code are the page's words or a card's
    text."""
    page = _squash(RULEBOOK.read_text(encoding="utf-8"))
    cards = _squash((RULES_MD.parent / "cards.toml").read_text(encoding="utf-8"))
    here = Path(__file__).parent
    files = [*here.glob("test_yonesu_*.py"), *RULES_MD.parent.glob("*.py")]
    checked = 0
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.Module):
                continue
            for q in _quotes(ast.get_docstring(node) or ""):
                for part in q.split("…"):
                    part = _squash(part)
                    assert part in page or part in cards, f"{path.name}: {part}"
                    checked += 1
    assert checked >= 60
