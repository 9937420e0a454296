"""Scenario tests for 黒白物語, one per rule of the text (and our decisions next to them), each quoting the
sentence of docs/sources/rules/kokubyaku.txt it checks;
the text's own examples — 例1, 例2 and the チェーン example
— first. The rules the audit of issue 23 changed have their own tests in test_kokubyaku_audit.py."""

from __future__ import annotations

import pytest

from tefuda.core import IllegalActionError, PositionError, load_game
from tefuda.games.kokubyaku.phase_ids import BATTLE, DEFENSE, DRAW, MAIN1, MAIN2, STANDBY
from tefuda.games.kokubyaku.zones import GRAVE, HAND, M0, NZ, S0, SOURCE
from tests.kokubyaku_helpers import codes, do, legal, monster, names


def game(**options):
    return load_game("kokubyaku", options)


# ---------------------------------------------------------------------- the text's examples
def test_example_1_a_quick_magic_destroys_after_both_pass():
    """例1: 「自分はやることがなかったため、優先権を相手に渡しました。相手は《A》に対し《B》というモンスターを
    破壊するクイック・マジックを発動し、優先権を渡しました。自分はやることがなかったので優先権をパスしました。
    お互いが優先権をパスしたため、効果の処理が始まります。《B》に効果が適用されます。よって《A》が破壊されまし
    た。」"""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["白鳩"], ["一閃"]))
    assert s.phase == MAIN1 and s.current_player == 0  # 「フェイズ開始時にターンプレイヤーが得る。」
    do(s, "pass")
    assert s.current_player == 1
    do(s, "cast om1 一閃")
    assert s.current_player == 0 and monster(s, 0, 1) is not None  # nothing happens before both pass
    do(s, "pass")
    assert monster(s, 0, 1) is None and names(s, 0, GRAVE) == ["骨の兵士"]
    assert s.phase == MAIN1 and s.current_player == 0  # the turn player holds priority again


def test_example_2_a_summon_keeps_priority_for_its_own_effect():
    """例2: 「メインフェイズ1開始時、《ならず》を召喚し、起動効果を発動しました。ここで初めて優先権が相手に移
    ります。相手はやることがないので優先権をパスしました。お互いが優先権をパスしたため、効果の処理が始まりま
    す。」"""
    s = game().position(hands=(["ならず"], ["白鳩"]))
    do(s, "summon l-atk ならず")
    assert s.current_player == 0 and s.pending.what == "after_summon"  # 優先権が移らない
    assert legal(s) == ["activate m1#1 -", "pass"]
    do(s, "activate m1#1 -")
    assert s.current_player == 1 and s.sp[1] == 8000
    do(s, "pass")
    assert s.sp[1] == 8000 - 300


def test_the_chain_example_resolves_newest_first():
    """チェーン: 「自分は《A》が破壊されたくないので、《C》というクイック・マジックを無効にする
    クイック・マジックを発動しました。…チェーンは逆順処理なので、まず《C》を処理します。《B》の効果を無効にし
    ました。…よって《A》が残りました。」"""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["封魔"], ["一閃", "白鳩"]))
    do(s, "pass", "cast om1 一閃", "cast - 封魔")
    assert s.current_player == 1 and len(s.links) == 2
    do(s, "pass")
    assert monster(s, 0, 1) is not None
    assert "negated" in codes(s) and names(s, 0, GRAVE) == ["封魔"] and names(s, 1, GRAVE) == ["一閃"]


# ---------------------------------------------------------------------- 優先権
def test_a_summon_without_an_effect_gives_priority_up_and_the_turn_goes_on():
    """「○モンスターの召喚、特殊召喚、表示形式変更し、起動効果を発動、または優先権を放棄したとき」 priority
    moves; the opponent's pass then gives it back to the turn player, in the same phase (no end was
    declared)."""
    s = game().position(hands=(["骨の兵士", "白鳩"], ["一閃"]))
    do(s, "summon l-atk 骨の兵士")
    assert s.current_player == 1  # 召喚し…優先権を放棄したとき
    do(s, "pass")
    assert s.phase == MAIN1 and s.current_player == 0  # not an end: P1 did not declare one


def test_the_turn_players_pass_declares_the_end_of_the_phase():
    """「○フェイズ終了宣言をしたとき」 priority moves to the opponent, who may still answer; when they pass
    too, the phase ends (our reading: the turn player's pass over an empty chain is that declaration)."""
    s = game().position(hands=(["白鳩"], ["白鳩"]))
    do(s, "pass")  # フェイズ終了宣言
    assert s.phase == MAIN1 and s.current_player == 1
    do(s, "pass")
    assert s.phase == BATTLE


def test_a_seat_with_nothing_to_act_with_is_not_asked():
    """Our decision: a seat is given 優先権 only when public facts say it could act (here P2 has no card in
    hand and no usable effect, so its pass is taken for it)."""
    s = game().position(hands=(["白鳩"], []))
    do(s, "pass")
    assert s.phase == BATTLE


def test_a_special_summon_moves_priority_as_a_summon_does():
    """「優先権が移る行動 ○モンスターの召喚、特殊召喚、表示形式変更し、起動効果を発動、または優先権を放棄した
    とき」 and 「優先権が移らない行動 …○直後にそのカードの起動効果を発動できるタイミング」: once the chain
    that special-summoned has resolved, priority moves to the opponent (who may answer) as after a 通常召喚 —
    its player keeping it only for that monster's own 起動効果."""
    # no 起動効果: priority moves at once, and P2 may answer the new monster
    s = game().position(hands=(["死者の呼び声", "骨の兵士"], ["一閃"]), graves=(["黒狼"], []))
    do(s, "cast - 死者の呼び声", "pass", "revive m1-atk 黒狼")
    assert names(s, 0, M0) == ["黒狼"] and not s.links
    assert s.current_player == 1 and legal(s) == ["cast om1 一閃", "pass"]
    do(s, "pass")  # P2 passes it back: the turn goes on (no end was declared)
    assert s.phase == MAIN1 and s.current_player == 0 and "summon l-atk 骨の兵士" in legal(s)
    # with an 起動効果: 例2's timing — that effect or nothing, then priority moves
    s = game().position(hands=(["死者の呼び声", "骨の兵士"], ["白鳩"]), graves=(["ならず"], []))
    do(s, "cast - 死者の呼び声", "pass", "revive m1-atk ならず")
    assert s.current_player == 0 and s.pending.what == "after_summon"
    assert legal(s) == ["activate m1#1 -", "pass"]  # no summon, position, source or other spell
    do(s, "activate m1#1 -")
    assert s.current_player == 1 and s.sp[1] == 8000
    do(s, "pass")
    assert s.sp[1] == 8000 - 300 and s.current_player == 0 and s.phase == MAIN1
    # given up: the same as after a 通常召喚 of ならず
    s = game().position(hands=(["死者の呼び声", "骨の兵士"], ["白鳩"]), graves=(["ならず"], []))
    do(s, "cast - 死者の呼び声", "pass", "revive m1-atk ならず", "pass")
    assert s.current_player == 1 and s.phase == MAIN1 and "end_declared" not in codes(s)
    # リッチ's 起動効果 special-summons too
    s = game().position(monsters=({3: "リッチ"}, {}), hands=(["白鳩"], ["白鳩"]), graves=(["骨の兵士"], []))
    do(s, "activate m3#1 -", "pass", "revive m1-atk 骨の兵士")
    assert s.current_player == 1 and legal(s) == ["pass"]


# ---------------------------------------------------------------------- 召喚
def test_one_normal_summon_a_turn_and_colour_zones():
    """「黒は左から2マス、白は右から2マスにのみ出せる。」 「1ターンに一体のみ通常召喚(場に出す)することができ
    る。」「黒と白どちらのエリアにも置くことができる以外は通常モンスターと同じ。」 (灰)
    「モンスターのレベルの数カウンターを取り除き、召喚。」"""
    s = game().position(hands=(["影の小鬼", "見習い騎士", "流浪の剣士"], ["白鳩"]), sources=(5, 3))
    assert "summon l-atk 影の小鬼" in legal(s) and "summon r-atk 影の小鬼" not in legal(s)  # 黒: left
    assert "summon r-atk 見習い騎士" in legal(s) and "summon l-atk 見習い騎士" not in legal(s)  # 白: right
    assert {"summon l-atk 流浪の剣士", "summon r-atk 流浪の剣士"} <= set(legal(s))  # 灰: either
    do(s, "summon l-def 影の小鬼", "pass")
    assert s.flags[monster(s, 0, 1)] & DEFENSE
    assert not any(a.startswith("summon") for a in legal(s))  # 1ターンに一体のみ
    assert s.sources[0] == 5 - 1  # レベルの数カウンターを取り除く


def test_a_colour_with_both_zones_full_cannot_be_summoned():
    """「黒は左から2マス…にのみ出せる。」: with both black zones taken there is nowhere to put a black
    monster."""
    s = game().position(hands=(["影の小鬼"], ["白鳩"]), monsters=({1: "骨の兵士", 2: "黒狼"}, {}))
    assert not any(a.startswith("summon") for a in legal(s))


def test_level_4_and_up_only_by_tribute_and_its_cost_is_the_difference():
    """「レベル4以上のモンスターは、モンスターを生贄(屍の森に置く)に転生(場に出す)しなければ場に出せない。これ
    は通常召喚に含む。」 「転生する場合は、転生するモンスターのレベル−生贄にするモンスターのレベルの数
    カウンターを取り除く。」"""
    s = game().position(hands=(["屍騎士"], ["白鳩"]), monsters=({1: "骨の兵士"}, {}), sources=(2, 3))
    assert "summon l-atk 屍騎士" not in legal(s)
    do(s, "tribute l-atk 屍騎士")
    assert legal(s) == ["sacrifice m1"]
    do(s, "sacrifice m1", "done")
    assert names(s, 0, GRAVE) == ["骨の兵士"] and s.sources[0] == 2 - (4 - 2)
    assert s.normal_done  # これは通常召喚に含む


def test_a_summon_rule_effect_summons_without_sacrifices():
    """召喚ルール効果 「チェーンを組まない。」: 鉄の巨人 【召喚ルール】このカードは生贄なしで転生できる — for
    its full level (4 counters)."""
    s = game().position(hands=(["鉄の巨人"], ["白鳩"]), sources=(4, 3))
    assert "summon r-atk 鉄の巨人" in legal(s)
    do(s, "summon r-atk 鉄の巨人")
    assert s.sources[0] == 0 and s.normal_done and not s.links


def test_merge_sacrifices_a_black_and_a_white_monster_of_the_recipe():
    """「黒属性のモンスターと白属性の決められた種族、カード名のモンスターを生贄にすることで混成(場に出す)でき
    る。」「モンスターエリアの真ん中のマスに出せる。」 — paying the chaos monster's level
    (test_kokubyaku_audit.py)."""
    s = game().position(
        monsters=({1: "深淵竜", 4: "智天使"}, {}),
        chaos=(["黄昏竜"], []),
        hands=([], ["白鳩"]),
        sources=(6, 3),
    )
    assert "merge m1+m4 黄昏竜" in legal(s)  # 黒の竜族 + 白の天使族
    do(s, "merge m1+m4 黄昏竜")
    assert names(s, 0, M0 + 2) == ["黄昏竜"] and sorted(names(s, 0, GRAVE)) == sorted(["深淵竜", "智天使"])
    assert s.sources[0] == 0 and not s.normal_done  # 混成 is no 通常召喚: only 転生 「通常召喚に含む」


def test_a_grey_monster_is_no_part_of_a_recipe():
    """「黒属性のモンスターと白属性の…モンスターを生贄に」: a 灰属性 monster is neither (「灰属性モンスター」
    is its own attribute)."""
    s = game().position(monsters=({1: "灰竜", 4: "智天使"}, {}), chaos=(["黄昏竜"], []), sources=(9, 3))
    assert not any(a.startswith("merge") for a in legal(s))


def test_position_cannot_change_after_attacking():
    """「そのモンスターはエンドフェイズまで表示形式を変更できない(カードの効果によっての変更は可能。)。」"""
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
    """攻撃表示VS攻撃表示: 「APが小さかったモンスターのコントローラーは、APの差のダメージを負い、その
    モンスターを破壊する。」 攻撃表示VS守備表示: 「APの数値が小さかった場合、差のダメージを受け、その
    モンスターは破壊されない。DPの数値が小さかった場合、守備モンスターは破壊され、ダメージは発生しない。」"""
    zone = 4 if theirs in ("盾の騎士",) else 1
    opp = {zone: ("~" if defense else "") + theirs}
    s = game().position(monsters=({1: mine}, opp), phase="battle", hands=([], ["白鳩"]))
    do(s, f"attack m1 om{zone}", "pass")
    assert s.current_player == 1 and legal(s) == ["accept", "refuse"]
    do(s, "accept")
    assert tuple(s.sp) == sp
    assert (monster(s, 0, 1) is not None, monster(s, 1, zone) is not None) == left


def test_a_refused_battle_is_a_direct_attack():
    """「相手プレイヤーはそのバトルを受けるかどうかを選択できる。バトルを受けなかった場合、攻撃モンスターの
    攻撃は直接攻撃となる。」"""
    s = game().position(monsters=({1: "骨の兵士"}, {1: "深淵竜"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1", "pass", "refuse")
    assert s.sp[1] == 8000 - 1000 and monster(s, 1, 1) is not None


def test_each_monster_attacks_once_and_only_in_attack_position():
    """「自分の攻撃モンスター(攻撃表示のモンスター)…を選択し、バトルできる。」 「バトルは何度でも行える。」
    and 「バトルを行えるモンスターがいなくなったり、止めたくなったらフェイズを終了する。」: any number of
    battles, each monster once (our reading: a monster that battled can no longer battle — else
    「いなくなったり」 could not happen while one stands, and one monster could attack an empty side without
    end)."""
    s = game().position(monsters=({1: "骨の兵士", 2: "~黒狼"}, {}), phase="battle", hands=([], ["白鳩"]))
    assert legal(s) == ["attack m1 -", "pass"]
    do(s, "attack m1 -", "pass")
    assert legal(s) == ["pass"]


def test_the_first_player_may_attack_on_the_first_turn():
    """「相手モンスターがいない場合、プレイヤーへ直接攻撃できる。」: no first-turn exception in the text."""
    s = game().position(monsters=({1: "骨の兵士"}, {}), phase="battle", turn=1, hands=([], ["白鳩"]))
    assert "attack m1 -" in legal(s)


# ---------------------------------------------------------------------- 呪文
def test_a_single_spell_resolves_then_goes_to_the_graveyard():
    """単発呪文: 「基本的に発動すると効果を発揮する。使ったら屍の森へ置く。呪文エリアの一番左と一番右に出せ
    る。」"""
    s = game().position(hands=(["火球"], ["白鳩"]))
    do(s, "cast - 火球")
    assert names(s, 0, S0) == ["火球"]  # it stands in the leftmost spell zone while it waits
    do(s, "pass")
    assert s.sp[1] == 8000 - 800 and names(s, 0, GRAVE) == ["火球"]


def test_spells_need_a_free_zone_of_their_kind():
    """「呪文エリアの一番左と一番右に出せる。そのマスが埋まっていた場合使えない。」"""
    s = game().position(hands=(["火球"], ["白鳩"]), spells=({1: "戦旗", 5: "聖なる結界"}, {}))
    assert "cast - 火球" not in legal(s)  # 単発: leftmost or rightmost, both full


def test_an_equip_gives_its_monster_the_bonus_and_a_second_maki_replaces_the_first():
    """魔器: 「発動後モンスターに装備される。装備されたモンスターはその効果を得る。一体に装備できる魔器は一枚
    のみ。既に装備されている場合、装備カードを屍の森に置き、新たに装備できる。呪文エリアの真ん中3マスに出せ
    る。」"""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["黒剣", "竜の牙"], ["白鳩"]))
    do(s, "cast m1 黒剣", "pass")
    m = monster(s, 0, 1)
    assert s.ap(m) == 1000 + 700
    assert names(s, 0, S0 + 1) == ["黒剣"]
    do(s, "cast m1 竜の牙", "pass")
    assert s.ap(m) == 1000 + 1000 and names(s, 0, GRAVE) == ["黒剣"]  # 一体に装備できる魔器は一枚のみ


def test_any_number_of_possessions_on_one_monster():
    """憑依: 「発動後モンスターに装備させる。装備されたモンスターはその効果を得る。一体に何枚でも装備でき
    る。」"""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["魔の契約", "霊の絆"], ["白鳩"]))
    do(s, "cast m1 魔の契約", "pass", "cast m1 霊の絆", "pass")
    assert s.ap(monster(s, 0, 1)) == 1000 + 500 + 400 and names(s, 0, GRAVE) == []


def test_a_field_cannot_be_overwritten_and_is_never_a_source():
    """フィールド: 「ソースにできない。遊戯王と違い、上書きはない。」"""
    s = game().position(hands=(["聖都", "竜の谷"], ["白鳩"]), fields=("古の書庫", None))
    assert not any(a.startswith("cast") for a in legal(s))
    assert not any(a.startswith("source") for a in legal(s))


def test_an_aura_or_field_means_nothing_until_its_activation_resolves():
    """チェーン: 「効果処理がなされて初めて呪文、効果が意味を成す。」 — an オーラ or フィールド lies in its
    zone from its activation on (its cost), but gives no 永続 boost and offers no 起動効果 while that
    activation is still on the chain; once it has resolved, it does (オーラ 「発動後場に残る。場に存在し続ける
    間…」)."""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["戦旗"], ["白鳩"]))
    do(s, "cast - 戦旗")
    assert names(s, 0, S0) == ["戦旗"] and len(s.links) == 1
    assert s.ap(monster(s, 0, 1)) == 1000  # not yet 1300
    do(s, "pass")
    assert not s.links and s.ap(monster(s, 0, 1)) == 1300
    s = game().position(monsters=({1: "熾火の飛竜"}, {}), hands=(["竜の谷"], ["白鳩"]))
    do(s, "cast - 竜の谷")
    assert s.ap(monster(s, 0, 1)) == 1600  # a field: the same
    do(s, "pass")
    assert s.ap(monster(s, 0, 1)) == 1600 + 300
    # an aura's 起動効果: not offered while the aura's activation waits below 命の泉
    s = game().position(hands=(["魔力の泉", "白鳩"], ["命の泉"]), sources=(0, 3))
    do(s, "cast - 魔力の泉", "cast - 命の泉")
    assert s.current_player == 0 and legal(s) == ["pass"]
    do(s, "pass")
    assert not s.links and s.current_player == 0 and "activate s1#1 -" in legal(s)
    do(s, "activate s1#1 -")
    assert s.sources[0] == 1
    # negated, it never means anything: 封魔 answers 戦旗, which goes to 屍の森
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["戦旗"], ["封魔"]))
    do(s, "cast - 戦旗", "cast - 封魔")
    assert s.ap(monster(s, 0, 1)) == 1000 and names(s, 0, GRAVE) == ["戦旗"]


def test_the_chain_shown_names_a_card_only_to_who_may_know_it():
    """The observation's ``extra.chain``: who activated what. Every link of our pool is a public card (a spell
    in its zone or 屍の森, a card on the table), but the card is named only to a viewer who may know it, so
    that a face-down link of a future card cannot leak."""
    s = game().position(hands=(["戦旗"], ["白鳩"]))
    do(s, "cast - 戦旗")
    want = [{"seat": 0, "card": "war_banner", "negated": False}]
    assert [s.extra(v)["chain"] for v in (0, 1, 2)] == [want] * 3  # both players and a spectator
    assert s.observation(1)["extra"]["chain"] == want
    src = s.links[0].source
    s.known[src] = 1 << 0  # as if it lay face down: only P1 knows it
    assert s.extra(0)["chain"] == want
    assert s.extra(1)["chain"] == s.extra(2)["chain"] == [{"seat": 0, "card": None, "negated": False}]


def test_quick_magic_in_the_opponents_turn_other_spells_only_in_your_main_phase():
    """クイック・マジック: 「手札から直接墓地に送ることで効果を発動する。相手ターンでも発動できる。」 — the
    others are activated in your own main phase (「・呪文を発動する。」 is one of メインフェイズ1's
    actions)."""
    s = game().position(monsters=({1: "骨の兵士"}, {}), hands=(["白鳩"], ["一閃", "火球"]))
    do(s, "pass")
    assert legal(s) == ["cast om1 一閃", "pass"]
    do(s, "cast om1 一閃")
    assert names(s, 1, GRAVE) == ["一閃"]  # straight to 屍の森 on activation


# ---------------------------------------------------------------------- ソース
def test_a_card_in_the_source_pile_gives_a_counter_once_a_turn():
    """「・ソース置き場にモンスター・呪文を置ける。」 (our decision, option source_card: one counter at once;
    once a turn: 「ソース(一般に言うマナ)を貯めることで、強いモンスターを出すことができる。」)"""
    s = game().position(hands=(["骨の兵士", "火球"], ["白鳩"]), sources=(0, 3))
    do(s, "source 火球")
    assert s.sources[0] == 1 and names(s, 0, SOURCE) == ["火球"]
    assert not any(a.startswith("source") for a in legal(s))
    assert s.current_player == 0  # no 「優先権が移る行動」: P1 keeps priority


def test_standby_adds_a_counter():
    """スタンバイフェイズ: 「開始時にソースカウンターを一つ追加する。」 (and 「最初にカウンターは3つ置かれてい
    て」)"""
    s = game().new_state(None, 3)
    do(s, "go-first")
    assert s.phase == DRAW and s.sources == [3, 3]  # 優先権 at the start of the ドローフェイズ too
    do(s, "pass", "pass")
    assert s.phase == STANDBY and s.sources[s.first] == 3 + 1


def test_the_opening_hands_and_sp():
    """概要: 「デッキ枚数40枚」 「手札6枚 (上限8枚まで)」 「SP(ソウル・ポイント)8000」."""
    s = game().new_state(None, 3)
    do(s, "go-second")
    second = 1 - s.first
    assert len(s.zones[second * NZ + HAND]) == 6 and len(s.zones[second * NZ]) == 40 - 6
    assert s.sp == [8000, 8000]


# ---------------------------------------------------------------------- losing
def test_sp_zero_loses():
    """「SPが無くなったり…負け。」"""
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
    """誘発即時効果: 「決められたタイミングならば相手ターンでも発動できる効果。必ずチェーンを組む。」 — 熾天使
    【誘発即時】相手のモンスターが攻撃宣言した時、その攻撃を無効にする: the attack ends."""
    s = game().position(monsters=({1: "深淵竜"}, {4: "熾天使"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om4")
    assert s.current_player == 1 and legal(s) == ["use -", "decline"]
    do(s, "use -")  # on the chain: priority to P1
    do(s, "pass")
    assert "attack_negated" in codes(s) and s.battle is None
    assert s.sp == [8000, 8000] and monster(s, 1, 4) is not None


def test_a_trigger_is_only_for_its_own_turn_and_a_quick_trigger_for_either():
    """誘発効果: 「自分のターンのみ、決められたタイミングで発動する効果。」 誘発即時効果:
    「決められたタイミングならば相手ターンでも発動できる効果。」"""
    # 影の小鬼's 誘発 (draw when destroyed) does not fire in the opponent's turn
    s = game().position(monsters=({1: "深淵竜"}, {1: "影の小鬼"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1", "pass", "accept")
    assert "activate" not in codes(s) and len(s.zones[1 * NZ + HAND]) == 1
    # 幽霊船's 誘発即時 (damage when the opponent summons) does
    s = game().position(monsters=({}, {1: "幽霊船"}), hands=(["骨の兵士"], ["白鳩"]))
    do(s, "summon l-atk 骨の兵士")
    assert s.current_player == 1 and legal(s) == ["use -", "decline"]
    do(s, "use -", "pass")
    assert s.sp[0] == 8000 - 300


def test_a_summon_trigger_chains_and_resolves():
    """誘発効果 「必ずチェーンを組む。」: 夜の魔女's goes on the chain (by itself: it is 「発動する」, not
    「発動できる」, test_kokubyaku_audit.py) and priority moves to the opponent, whose pass resolves it."""
    s = game().position(hands=(["夜の魔女"], ["白鳩"]))
    do(s, "summon l-atk 夜の魔女")
    assert len(s.links) == 1 and s.current_player == 1
    do(s, "pass")
    assert s.sp[1] == 8000 - 500


def test_a_special_summon_is_a_summon_and_no_normal_summon():
    """「また、カードの効果による召喚を特殊召喚という。」: it is a 召喚 (「召喚された時」 effects go off), and
    not the turn's 通常召喚 (「1ターンに一体のみ通常召喚…することができる」)."""
    s = game().position(hands=(["死者の呼び声", "骨の兵士"], ["白鳩"]), graves=(["夜の魔女"], []))
    do(s, "cast - 死者の呼び声", "pass", "revive m1-atk 夜の魔女")
    assert names(s, 0, M0) == ["夜の魔女"] and "special_summon" in codes(s)
    do(s, "pass")  # 夜の魔女's 誘発 went on the chain by itself; P2 passes, it resolves
    assert s.sp[1] == 8000 - 500
    assert "summon l-atk 骨の兵士" in legal(s)  # the 通常召喚 is still there


def test_a_sacrifice_is_not_a_destruction():
    """「モンスターを生贄(屍の森に置く)に転生」: a sacrifice is put in 屍の森, not 破壊 — its 「破壊された時」
    effect does not go off."""
    s = game().position(hands=(["屍騎士"], ["白鳩"]), monsters=({1: "影の小鬼"}, {}), sources=(9, 3))
    do(s, "tribute l-atk 屍騎士", "sacrifice m1", "done")
    assert names(s, 0, GRAVE) == ["影の小鬼"] and "destroyed" not in codes(s)
    assert len(s.zones[HAND]) == 0  # no draw


def test_revive_search_and_bounce():
    """死者の呼び声 「自分の屍の森からレベル4以下のモンスター1体を特殊召喚する。」 (the player chooses),
    影渡り 「モンスター1体を持ち主の手札に戻す」, 召喚の巻物 「デッキからモンスター1体を手札に加える。」 (the
    player chooses)."""
    s = game().position(hands=(["死者の呼び声", "影渡り"], ["白鳩"]), graves=(["骨の兵士", "深淵竜"], []))
    do(s, "cast - 死者の呼び声", "pass")  # level 4 or lower: 深淵竜 (5) cannot come back
    assert legal(s) == ["revive m1-atk 骨の兵士", "revive m1-def 骨の兵士", "revive m2-atk 骨の兵士",
                        "revive m2-def 骨の兵士"]  # fmt: skip
    do(s, "revive m2-def 骨の兵士")
    assert names(s, 0, M0 + 1) == ["骨の兵士"] and s.defending(monster(s, 0, 2))
    do(s, "pass")  # the 特殊召喚 moved priority to P2 (「○モンスターの召喚、特殊召喚…」); P2 passes it back
    do(s, "cast m2 影渡り", "pass")
    assert "骨の兵士" in names(s, 0, HAND)
    s = game().position(
        hands=(["召喚の巻物"], ["白鳩"]), decks=(["火球", "夜の魔女", "火球", "黒狼"], ["骨の兵士"] * 5)
    )
    do(s, "cast - 召喚の巻物", "pass")
    assert legal(s) == ["take 夜の魔女", "take 黒狼"]
    do(s, "take 黒狼")
    assert "黒狼" in names(s, 0, HAND) and "searched" in codes(s) and len(s.zones[0]) == 3


def test_auras_help_their_owner_only_and_fields_both_players():
    """オーラ呪文: 「場に存在し続ける間、自分のみに効果を適用し続けたり」; フィールド:
    「お互いに効果を使用できる。」"""
    s = game().position(
        monsters=({1: "骨の兵士"}, {1: "黒狼"}), spells=({1: "戦旗"}, {}), fields=(None, "竜の谷")
    )
    assert s.ap(monster(s, 0, 1)) == 1000 + 300 and s.ap(monster(s, 1, 1)) == 800
    s = game().position(monsters=({1: "熾火の飛竜"}, {1: "深淵竜"}), fields=(None, "竜の谷"))
    assert s.ap(monster(s, 0, 1)) == 1600 + 300 and s.ap(monster(s, 1, 1)) == 2300 + 300


def test_either_player_may_use_a_fields_activated_effect():
    """フィールド: 「お互いに効果を使用できる。」 — an 起動効果 still in the user's own main phase
    (「自分のメインフェイズのみ、任意のタイミングで発動できる効果。」)."""
    s = game().position(fields=(None, "古の書庫"), hands=(["白鳩"], ["白鳩"]))
    assert "activate of#1 -" in legal(s)  # the opponent's field, in your own main phase


def test_the_hand_limit_is_checked_at_the_end_of_the_turn():
    """「手札6枚 (上限8枚まで)」: our decision, the text says not when — at the end of your own
    エンドフェイズ, discard down to 8."""
    nine = ["白鳩"] * 3 + ["骨の兵士"] * 3 + ["黒狼"] * 3
    s = game().position(hands=(nine, []), phase="main2")
    do(s, "pass", "pass")  # main 2 ends, then the end phase (P2, with no cards, is not asked)
    assert legal(s) == ["discard 骨の兵士", "discard 黒狼", "discard 白鳩"]
    do(s, "discard 白鳩")
    assert len(s.zones[HAND]) == 8 and s.active == 1


def test_a_source_card_option_standby_counts_each_standby():
    """Option ``source_card = standby`` (our decision, the text never says what a source card gives)."""
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


def test_effects_of_one_moment_go_on_the_chain_turn_player_first():
    """Our decision (the text says nothing of several effects at one moment: 「呪文、効果が発動し、それに対応
    して呪文、効果が発動されたとき、チェーンを組む。」): the turn player's first, so the opponent's resolves
    first (「一番新しい呪文、効果から効果を処理する(逆順処理)」). P1 summons 夜の魔女 (its 誘発), P2's 幽霊船
    (誘発即時) answers the same summon."""
    s = game().position(hands=(["夜の魔女"], ["白鳩"]), monsters=({}, {1: "幽霊船"}))
    do(s, "summon l-atk 夜の魔女")
    assert [ln.seat for ln in s.links] == [0] and legal(s) == ["use -", "decline"]
    do(s, "use -")  # P1, its hand empty, passes; P2's activation counted as its pass: the chain resolves
    damages = [dict(e.args)["amount"] for e in s.log if e.code == "damage"]
    assert damages == [300, 500] and s.sp == [7700, 7500]


def test_an_equip_whose_monster_left_goes_to_the_graveyard_and_equips_leave_with_their_monster():
    """Our decision (「発動後モンスターに装備される。」 says nothing of a monster that is gone): a 魔器 whose
    monster left before it resolved goes to 屍の森, and a monster leaving the field takes its equips with
    it."""
    s = game().position(monsters=({}, {1: "黒狼"}), hands=(["黒剣"], ["影渡り"]))
    do(s, "cast om1 黒剣", "cast m1 影渡り", "pass")  # P2 returns its own 黒狼 before the 黒剣 resolves
    assert names(s, 0, GRAVE) == ["黒剣"] and names(s, 1, HAND) == ["黒狼"]
    s = game().position(
        monsters=({1: "骨の兵士"}, {}),
        spells=({2: "黒剣", 3: "魔の契約"}, {}),
        equips=({2: "m1", 3: "m1"}, {}),
        hands=(["闇の穴"], []),
    )
    do(s, "cast m1 闇の穴")
    assert sorted(names(s, 0, GRAVE)) == sorted(["黒剣", "魔の契約", "骨の兵士", "闇の穴"])
