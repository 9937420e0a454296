"""The audit of issue 23 for 黒白物語: where the rulebook (docs/sources/rules/kokubyaku.txt) speaks, the
default follows it. One scenario test per default the audit changed, each quoting the sentence it follows,
with the other reading kept as an option where players could reasonably disagree (RULES.md, "Audit")."""

from __future__ import annotations

from tefuda.core import load_game
from tefuda.games.kokubyaku.phase_ids import DRAW, MAIN1
from tefuda.games.kokubyaku.zones import GRAVE, HAND, M0, NZ, S0
from tests.kokubyaku_helpers import codes, do, legal, monster, names


def game(**options):
    return load_game("kokubyaku", options)


# ---------------------------------------------------------------------- ターン進行
def test_the_first_player_draws_in_the_first_draw_phase():
    """ドローフェイズ: 「カードを一枚ドローする。」 — no first-turn exception; ``first_draw = false`` keeps
    Yu-Gi-Oh's custom as a house rule."""
    s = game().new_state(None, 3)
    do(s, "go-first")
    assert s.phase == DRAW and s.turn == 1 and "no_first_draw" not in codes(s)
    assert len(s.zones[s.first * NZ + HAND]) == 6 + 1
    s = game(first_draw=False).new_state(None, 3)
    do(s, "go-first")
    assert len(s.zones[s.first * NZ + HAND]) == 6 and "no_first_draw" in codes(s)


# ---------------------------------------------------------------------- 概要: losing
def test_a_deck_that_runs_out_loses_at_once():
    """「デッキが無くなったら負け。」: the moment the deck is gone — drawing the last card loses (before the
    audit only a later draw from the empty deck did); ``deck_out = draw`` keeps that Yu-Gi-Oh reading."""
    s = game().position(hands=(["叡智"], ["白鳩"]), decks=(["骨の兵士", "黒狼"], ["骨の兵士"] * 5))
    do(s, "cast - 叡智", "pass")  # draws the last two cards
    assert s.is_over and s.result.code == "deck_out" and s.result.winner == 1
    assert len(s.zones[HAND]) == 2
    s = game(deck_out="draw").position(
        hands=(["叡智"], ["白鳩"]), decks=(["骨の兵士", "黒狼"], ["骨の兵士"] * 5)
    )
    do(s, "cast - 叡智", "pass")
    assert not s.is_over and len(s.zones[HAND]) == 2 and not s.zones[0]
    while not s.is_over:  # to P2's turn and back: P1's next draw finds nothing
        do(s, "pass")
    assert s.result.code == "deck_out" and s.result.winner == 1 and s.active == 0 and s.turn == 4


def test_a_search_that_empties_the_deck_loses_at_once():
    """「デッキが無くなったら負け。」: however the deck runs out — here 召喚の巻物 takes its last card."""
    s = game().position(hands=(["召喚の巻物"], ["白鳩"]), decks=(["黒狼"], ["骨の兵士"] * 5))
    do(s, "cast - 召喚の巻物", "pass", "take 黒狼")
    assert s.is_over and s.result.code == "deck_out" and s.result.winner == 1


def test_sp_gone_loses_at_once_even_in_the_middle_of_a_chain():
    """「SPが無くなったり…負け。」: the moment SP is gone. 《ならず》's 300 resolves first and takes P2 to 0;
    the 命の泉 below it never resolves (before the audit the chain went on and P2 was saved)."""
    s = game().position(monsters=({1: "ならず"}, {}), hands=(["白鳩"], ["命の泉"]), sp=(8000, 200))
    do(s, "pass", "cast - 命の泉", "activate m1#1 -")  # P2, its hand empty, passes: the chain resolves
    assert "healed" not in codes(s) and len(s.links) == 1  # 命の泉 is still on the chain: it never resolved
    assert s.is_over and s.result.winner == 0 and s.result.code == "sp_zero" and s.sp[1] == -100


# ---------------------------------------------------------------------- バトル
def test_equal_ap_destroys_neither_monster():
    """攻撃表示VS攻撃表示: 「APの大きいほうがバトルに勝利する。APが小さかったモンスターのコントローラーは、AP
    の差のダメージを負い、そのモンスターを破壊する。」 — with equal AP neither is the smaller: nothing happens
    (as AP = DP, where neither value is smaller, does nothing). ``tie = both`` destroys both (Yu-Gi-Oh's
    rule)."""
    for options, left in (({}, (True, True)), ({"tie": "both"}, (False, False))):
        s = game(**options).position(
            monsters=({1: "骨の兵士"}, {1: "骨の兵士"}), phase="battle", hands=([], ["白鳩"])
        )
        do(s, "attack m1 om1", "pass", "accept")
        assert (monster(s, 0, 1) is not None, monster(s, 1, 1) is not None) == left
        assert s.sp == [8000, 8000]


def test_an_attack_declaration_keeps_priority_with_the_attacker():
    """優先権が移る行動: 「○呪文、効果、フィールドの発動したとき ○モンスターの召喚、特殊召喚、表示形式変更し、
    起動効果を発動、または優先権を放棄したとき ○フェイズ終了宣言をしたとき ○優先権のパスをしたとき」 — an
    attack declaration is none of them: the attacker keeps priority (and may answer first); its pass hands it
    to the defender."""
    s = game().position(
        monsters=({1: "骨の兵士"}, {1: "黒狼"}), phase="battle", hands=(["急成長"], ["白鳩", "一閃"])
    )
    do(s, "attack m1 om1")
    assert s.current_player == 0 and legal(s) == ["cast m1 急成長", "pass"]
    do(s, "cast m1 急成長")
    assert s.current_player == 1 and "cast om1 一閃" in legal(s)
    do(s, "pass", "accept")
    assert monster(s, 1, 1) is None and s.sp[1] == 8000 - (1000 + 800 - 800)


def test_a_possession_counts_for_its_monsters_attack_then_goes():
    """憑依: 「装備されたモンスターはその効果を得る。…基本的に装備したモンスターが攻撃した場合、屍の森に置
    く。」 — 「攻撃した」: once the attack is made; the AP it gave counts for that attack (before the audit it
    left at the declaration and never helped an attack)."""
    equipped = {"spells": ({2: "魔の契約"}, {}), "equips": ({2: "m1"}, {})}
    # a battle: 骨の兵士 1000 + 500 beats 夜の魔女 1300
    s = game().position(
        monsters=({1: "骨の兵士"}, {1: "夜の魔女"}), phase="battle", hands=([], ["白鳩"]), **equipped
    )
    do(s, "attack m1 om1")
    assert names(s, 0, S0 + 1) == ["魔の契約"]  # still there while the attack is made
    do(s, "pass", "accept")
    assert monster(s, 1, 1) is None and s.sp[1] == 8000 - 200
    assert names(s, 0, GRAVE) == ["魔の契約"] and s.ap(monster(s, 0, 1)) == 1000
    # a direct attack: 1500 damage
    s = game().position(monsters=({1: "骨の兵士"}, {}), phase="battle", hands=([], ["白鳩"]), **equipped)
    do(s, "attack m1 -", "pass")
    assert s.sp[1] == 8000 - 1500 and names(s, 0, GRAVE) == ["魔の契約"]
    # a negated attack still was one (our decision): the possession goes all the same
    s = game().position(
        monsters=({1: "骨の兵士"}, {4: "熾天使"}), phase="battle", hands=([], ["白鳩"]), **equipped
    )
    do(s, "attack m1 om4", "use -", "pass")
    assert "attack_negated" in codes(s) and names(s, 0, GRAVE) == ["魔の契約"]


# ---------------------------------------------------------------------- 効果処理
def test_any_spell_or_field_answers_a_chain_in_your_own_main_phase():
    """「優先権を持つプレイヤーは呪文、モンスター効果、フィールドを発動したできる。」 and チェーン:
    「お互いが優先権をパスするまで対応して呪文、効果を発動できる。」 — in your own main phase a 単発呪文 or a
    フィールド may answer (before the audit only a クイック・マジック could); in the opponent's turn only a
    クイック・マジック (「相手ターンでも発動できる」)."""
    s = game().position(
        monsters=({1: "骨の兵士"}, {1: "黒狼"}), hands=(["闇の穴", "竜の谷"], ["一閃", "火球"])
    )
    do(s, "pass", "cast om1 一閃")  # P2 answers P1's end declaration
    assert {"cast om1 闇の穴", "cast - 竜の谷"} <= set(legal(s))
    do(s, "cast om1 闇の穴")
    assert s.current_player == 1 and legal(s) == [
        "pass"
    ]  # P2's 火球 is no クイック・マジック: not in P1's turn
    do(s, "pass")
    assert monster(s, 0, 1) is None and monster(s, 1, 1) is None and s.phase == MAIN1


def test_a_trigger_effect_is_activated_not_offered():
    """誘発効果: 「自分のターンのみ、決められたタイミングで発動する効果。」 — 「発動する」, where the others
    say 「発動できる」: it is not optional. With one way to use it, it goes on the chain by itself; with a
    choice of target, the player chooses a target but cannot decline. A 誘発即時効果 (「…発動できる効果」) may
    be declined."""
    s = game().position(hands=(["夜の魔女"], ["白鳩"]))
    do(s, "summon l-atk 夜の魔女")
    assert len(s.links) == 1 and s.current_player == 1  # nobody was asked
    s = game().position(
        hands=(["深淵竜"], ["白鳩"]), monsters=({1: "骨の兵士"}, {1: "黒狼", 4: "白鳩"}), sources=(9, 3)
    )
    do(s, "tribute l-atk 深淵竜", "sacrifice m1", "done")
    assert legal(s) == ["use om1", "use om4"]  # no "decline"
    s = game().position(monsters=({1: "骨の兵士"}, {1: "怨霊"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1")
    assert legal(s) == ["use om1", "decline"]


# ---------------------------------------------------------------------- 召喚
def test_merge_costs_the_chaos_monsters_level():
    """モンスターカードのコスト: 「モンスターのレベルの数カウンターを取り除き、召喚。転生する場合は、転生する
    モンスターのレベル−生贄にするモンスターのレベルの数カウンターを取り除く。」 — the exception is 転生's
    alone: 混成 pays the chaos monster's level. ``merge_cost = tribute`` counts the two sacrifices as 転生
    does."""
    board = {"monsters": ({1: "深淵竜", 4: "智天使"}, {}), "chaos": (["黄昏竜"], []), "hands": ([], ["白鳩"])}
    s = game().position(sources=(5, 3), **board)
    assert not any(a.startswith("merge") for a in legal(s))  # level 6: 5 counters are not enough
    s = game().position(sources=(6, 3), **board)
    do(s, "merge m1+m4 黄昏竜")
    assert s.sources[0] == 0 and names(s, 0, M0 + 2) == ["黄昏竜"]
    s = game(merge_cost="tribute").position(sources=(0, 3), **board)
    do(s, "merge m1+m4 黄昏竜")  # 6 - (5 + 2) → 0
    assert s.sources[0] == 0 and names(s, 0, M0 + 2) == ["黄昏竜"]


def test_a_merge_is_no_special_summon():
    """「カードの効果による召喚を特殊召喚という。」: 混成 is a summon by the rules, not by a card's effect."""
    s = game().position(
        monsters=({1: "深淵竜", 4: "智天使"}, {}),
        chaos=(["黄昏竜"], []),
        hands=([], ["白鳩"]),
        sources=(6, 3),
    )
    do(s, "merge m1+m4 黄昏竜")
    assert "summon" in codes(s) and "special_summon" not in codes(s)


def test_a_position_may_be_changed_at_will_but_not_after_attacking():
    """メインフェイズ1: 「・モンスターの表示形式を変更する。」 — no number and no wait is given; only
    「そのモンスターはエンドフェイズまで表示形式を変更できない」 after it attacked. ``position_change = once``
    keeps Yu-Gi-Oh's custom (once a turn, not on the turn it came out)."""
    s = game().position(hands=(["骨の兵士"], ["白鳩"]))
    do(s, "summon l-def 骨の兵士", "pass")
    assert "position m1" in legal(s)  # the turn it came out
    do(s, "position m1", "pass", "position m1", "pass")  # and again
    assert s.defending(monster(s, 0, 1))
    s = game(position_change="once").position(hands=(["骨の兵士"], ["白鳩"]), monsters=({2: "黒狼"}, {}))
    do(s, "summon l-def 骨の兵士", "pass")
    assert "position m1" not in legal(s) and "position m2" in legal(s)
    do(s, "position m2", "pass")
    assert "position m2" not in legal(s)
