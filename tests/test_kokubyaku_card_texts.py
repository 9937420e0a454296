"""Every card of 黒白物語's pool does what its Japanese text says (issue 23): one scenario per card, built
from a position, each quoting the card's text; plus table checks over the whole pool (numbers, 効果の種類,
1ターンに1度, 混成 recipes read off the text)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tefuda.core import load_game
from tefuda.games.kokubyaku.zones import CHAOS_DECK, DECK, GRAVE, HAND, M0, S0
from tests.kokubyaku_helpers import codes, do, legal, names
from tests.kokubyaku_helpers import monster as m

GAME = load_game("kokubyaku")
POOL = {c.name: c for c in GAME.cardset}


def P(**kw):
    """A position of P1's main phase 1 (P2 with no cards in hand unless given: its passes are taken for
    it)."""
    kw.setdefault("hands", ([], []))
    return GAME.position(**kw)


CASES: dict[str, Callable[[], None]] = {}


def case(*card_names: str):
    def deco(fn: Callable[[], None]) -> Callable[[], None]:
        for n in card_names:
            assert n in POOL, n
            CASES[n] = fn
        return fn

    return deco


# ---------------------------------------------------------------------- monsters without an effect
PLAIN = [
    "骨の兵士",
    "熾火の飛竜",
    "黒狼",
    "盾の騎士",
    "歯車兵",
    "流浪の剣士",
    "石の獣",
    "キマイラ",
    "灰色の巨像",
]


@case(*PLAIN)
def _plain() -> None:
    """「(効果なし)」: summoned (転生 from level 4), it stands with its own AP and DP and nothing goes on the
    chain."""
    for name in PLAIN:
        c = POOL[name]
        assert c.get("text") == "(効果なし)" and not c.get("effects")
        side = "r" if c.get("color") == "white" else "l"
        if c.get("level") <= 3:
            s = P(hands=([name], []), sources=(9, 3))
            do(s, f"summon {side}-atk {name}")
        else:
            s = P(
                hands=([name], []),
                monsters=({1: "骨の兵士"} if side == "l" else {4: "盾の騎士"}, {}),
                sources=(9, 3),
            )
            do(s, f"tribute {side}-atk {name}", f"sacrifice m{1 if side == 'l' else 4}", "done")
        inst = next(i for i in s.monsters(0) if s.game.cardset[s.cards[i]].name == name)
        assert (s.ap(inst), s.dp(inst)) == (c.get("ap"), c.get("dp"))
        assert not s.links and s.sp == [8000, 8000] and "activate" not in codes(s)


# ---------------------------------------------------------------------- black monsters
@case("ならず")
def _narazu() -> None:
    """ならず 【起動】(1ターンに1度)相手に300ダメージを与える。"""
    s = P(monsters=({1: "ならず"}, {}))
    do(s, "activate m1#1 -")
    assert s.sp == [8000, 7700] and "activate m1#1 -" not in legal(s)


@case("影の小鬼")
def _shadow_imp() -> None:
    """影の小鬼 【誘発】このモンスターが破壊された時、カードを1枚ドローする。"""
    s = P(monsters=({1: "影の小鬼"}, {1: "深淵竜"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1", "pass", "accept", "pass")  # the trigger goes on the chain by itself; P2 passes
    assert names(s, 0, GRAVE) == ["影の小鬼"] and names(s, 0, HAND) == ["骨の兵士"]


@case("墓守の猟犬")
def _grave_hound() -> None:
    """墓守の猟犬 【誘発】このモンスターが召喚された時、デッキから死霊族のモンスター1体を手札に加える。"""
    s = P(hands=(["墓守の猟犬"], []), decks=(["火球", "夜の魔女", "怨霊", "骨の兵士"], ["黒狼"] * 5))
    do(s, "summon l-atk 墓守の猟犬")
    assert legal(s) == ["take 骨の兵士", "take 怨霊"]  # 死霊族 only, the player's choice
    do(s, "take 怨霊")
    assert names(s, 0, HAND) == ["怨霊"] and s.known[s.zones[HAND][0]] & 2  # shown to P2


@case("夜の魔女")
def _night_witch() -> None:
    """夜の魔女 【誘発】このモンスターが召喚された時、相手に500ダメージを与える。"""
    s = P(hands=(["夜の魔女"], []))
    do(s, "summon l-atk 夜の魔女")
    assert s.sp == [8000, 7500]


@case("屍騎士")
def _ghoul_knight() -> None:
    """屍騎士 【誘発】このモンスターが破壊された時、自分の屍の森からレベル3以下のモンスター1体を特殊召喚す
    る。"""
    s = P(
        monsters=({1: "屍騎士"}, {1: "深淵竜"}),
        graves=(["深淵竜", "夜の魔女"], []),
        phase="battle",
        hands=([], ["白鳩"]),
    )
    do(s, "attack m1 om1", "pass", "accept", "pass")
    assert {a.split()[-1] for a in legal(s)} == {"夜の魔女"}  # level 3 or lower (屍騎士 4, 深淵竜 5 are not)
    do(s, "revive m2-def 夜の魔女")
    assert names(s, 0, M0 + 1) == ["夜の魔女"] and s.defending(m(s, 0, 2))


@case("深淵竜")
def _abyss_dragon() -> None:
    """深淵竜 【誘発】このモンスターが召喚された時、相手のモンスター1体を破壊する。"""
    s = P(hands=(["深淵竜"], []), monsters=({1: "骨の兵士"}, {1: "黒狼", 4: "白鳩"}), sources=(9, 3))
    do(s, "tribute l-atk 深淵竜", "sacrifice m1", "done")
    assert legal(s) == ["use om1", "use om4"]
    do(s, "use om4")
    assert names(s, 1, GRAVE) == ["白鳩"] and m(s, 1, 1) is not None


@case("魔族の君主")
def _fiend_lord() -> None:
    """魔族の君主 【永続】自分の魔族のモンスター全てのAP+200。 (itself and every other; not the opponent's)"""
    s = P(monsters=({1: "魔族の君主", 2: "ならず"}, {1: "ならず", 2: "骨の兵士"}))
    assert (s.ap(m(s, 0, 1)), s.ap(m(s, 0, 2))) == (2500 + 200, 1200 + 200)
    assert (s.ap(m(s, 1, 1)), s.ap(m(s, 1, 2))) == (1200, 1000)


@case("怨霊")
def _wraith() -> None:
    """怨霊 【誘発即時】相手のモンスターが攻撃宣言した時、ターン終了時まで相手のモンスター1体のAP−500。"""
    s = P(monsters=({1: "深淵竜", 2: "骨の兵士"}, {1: "怨霊"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1")
    assert s.current_player == 1 and legal(s) == ["use om1", "use om2", "decline"]
    do(s, "use om2")  # any of the attacker's side, 1体; P1, with nothing in hand, passes
    assert s.ap(m(s, 0, 2)) == 500 and s.ap(m(s, 0, 1)) == 2300
    while s.active == 0:
        do(s, "pass" if "pass" in legal(s) else "accept")
    assert s.ap(m(s, 0, 2)) == 1000  # ターン終了時まで


@case("終焉の黒竜")
def _doom_dragon() -> None:
    """終焉の黒竜 【召喚ルール】このカードの召喚コストは2少なくなる。 (8 − 2 − the sacrifice's 2)"""
    s = P(hands=(["終焉の黒竜"], []), monsters=({1: "骨の兵士"}, {}), sources=(4, 3))
    do(s, "tribute l-atk 終焉の黒竜", "sacrifice m1", "done")
    assert names(s, 0, M0) == ["終焉の黒竜"] and s.sources[0] == 0 and not s.links


# ---------------------------------------------------------------------- white monsters
@case("見習い騎士")
def _squire() -> None:
    """見習い騎士 【誘発】このモンスターが召喚された時、ソースカウンターを1つ得る。"""
    s = P(hands=(["見習い騎士"], []), sources=(1, 3))
    do(s, "summon r-atk 見習い騎士")
    assert s.sources[0] == 1 - 1 + 1


@case("智天使")
def _cherub() -> None:
    """智天使 【誘発】このモンスターが召喚された時、自分のSPを500回復する。"""
    s = P(hands=(["智天使"], []), sp=(5000, 8000))
    do(s, "summon r-atk 智天使")
    assert s.sp == [5500, 8000]


@case("槍騎士")
def _lance_knight() -> None:
    """槍騎士 【起動】(1ターンに1度)ターン終了時まで自分のモンスター1体のAP+400。"""
    s = P(monsters=({1: "骨の兵士", 4: "槍騎士"}, {1: "黒狼"}))
    assert "activate m4#1 om1" not in legal(s)  # 自分のモンスター only
    do(s, "activate m4#1 m1")
    assert s.ap(m(s, 0, 1)) == 1400 and s.ap(m(s, 0, 4)) == 1700
    assert not any(a.startswith("activate m4") for a in legal(s))  # 1ターンに1度
    do(s, "pass", "pass", "pass", "pass", "pass")  # through battle, main 2, the end phase
    assert s.active == 1 and s.ap(m(s, 0, 1)) == 1000


@case("白の魔導師")
def _white_mage() -> None:
    """白の魔導師 【起動】(1ターンに1度)カードを1枚ドローする。"""
    s = P(monsters=({4: "白の魔導師"}, {}))
    do(s, "activate m4#1 -")
    assert len(s.zones[HAND]) == 1 and not any(a.startswith("activate") for a in legal(s))


@case("鉄の巨人")
def _iron_golem() -> None:
    """鉄の巨人 【召喚ルール】このカードは生贄なしで転生できる。 (its level, 4, in counters; it is the
    通常召喚)"""
    s = P(hands=(["鉄の巨人", "見習い騎士"], []), sources=(5, 3))
    do(s, "summon r-atk 鉄の巨人")
    assert names(s, 0, M0 + 3) == ["鉄の巨人"] and s.sources[0] == 1 and s.normal_done
    assert not any(a.startswith("summon") for a in legal(s))


@case("熾天使", "聖竜")
def _seraph() -> None:
    """熾天使 / 聖竜 【誘発即時】相手のモンスターが攻撃宣言した時、その攻撃を無効にする。 — the attack, not
    another activation: with 怨霊's effect chained first, the attack is still what is negated."""
    for name, zone in (("熾天使", 4), ("聖竜", 3)):
        s = P(monsters=({1: "深淵竜"}, {1: "怨霊", zone: name}), phase="battle", hands=([], ["白鳩"]))
        do(s, "attack m1 om1", "use om1", "use -", "pass")
        assert "attack_negated" in codes(s) and "negated" not in codes(s)
        assert s.ap(m(s, 0, 1)) == 2300 - 500  # 怨霊's effect was not negated
        assert s.sp == [8000, 8000] and m(s, 1, 1) is not None and s.battle is None


@case("聖騎士")
def _paladin() -> None:
    """聖騎士 【永続】自分の騎士族のモンスター全てのDP+300。"""
    s = P(monsters=({4: "聖騎士", 5: "盾の騎士", 1: "流浪の剣士"}, {4: "盾の騎士"}))
    assert (s.dp(m(s, 0, 4)), s.dp(m(s, 0, 5)), s.dp(m(s, 0, 1))) == (2600, 1900, 800)
    assert s.dp(m(s, 1, 4)) == 1600


@case("戦機")
def _war_machine() -> None:
    """戦機 【誘発】このモンスターが召喚された時、相手の呪文・フィールド1枚を破壊する。"""
    s = P(
        hands=(["戦機"], []),
        monsters=({4: "盾の騎士"}, {}),
        spells=({1: "戦旗"}, {1: "戦旗"}),
        fields=(None, "聖都"),
        sources=(9, 3),
    )
    do(s, "tribute r-atk 戦機", "sacrifice m4", "done")
    assert legal(s) == ["use os1", "use of"]
    do(s, "use of")
    assert names(s, 1, GRAVE) == ["聖都"] and names(s, 0, S0) == ["戦旗"]


@case("白鳩")
def _dove() -> None:
    """白鳩 【誘発】このモンスターが破壊された時、自分のSPを300回復する。"""
    s = P(monsters=({4: "白鳩"}, {1: "深淵竜"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m4 om1", "pass", "accept", "pass")
    assert s.sp == [8000 - 2000 + 300, 8000]


@case("大天使")
def _archangel() -> None:
    """大天使 【誘発】このモンスターが召喚された時、相手のモンスター1体を持ち主の手札に戻す(カオスモンスターは
    カオスデッキに戻す)。"""
    s = P(hands=(["大天使"], []), monsters=({4: "盾の騎士"}, {1: "黒狼", 3: "黄昏竜"}), sources=(9, 3))
    do(s, "tribute r-atk 大天使", "sacrifice m4", "done")
    assert legal(s) == ["use om1", "use om3"]
    do(s, "use om3")
    assert names(s, 1, CHAOS_DECK) == ["黄昏竜"] and names(s, 1, HAND) == []
    s = P(hands=(["大天使"], []), monsters=({4: "盾の騎士"}, {1: "黒狼"}), sources=(9, 3))
    do(s, "tribute r-atk 大天使", "sacrifice m4", "done")
    assert names(s, 1, HAND) == ["黒狼"]


# ---------------------------------------------------------------------- grey monsters
@case("霧の狐")
def _mist_fox() -> None:
    """霧の狐 【誘発即時】相手のモンスターが攻撃宣言した時、相手のモンスター1体の表示形式を変更する。 — the
    attacker turned to defence: the battle does not happen."""
    s = P(monsters=({1: "深淵竜"}, {1: "霧の狐"}), phase="battle", hands=([], ["白鳩"]))
    do(s, "attack m1 om1", "use om1", "pass")
    assert s.defending(m(s, 0, 1)) and "battle_ended" in codes(s) and s.sp == [8000, 8000]


@case("時計仕掛けの梟")
def _clock_owl() -> None:
    """時計仕掛けの梟 【誘発】自分のスタンバイフェイズ開始時、ソースカウンターを1つ得る。 (not in the
    opponent's)"""
    s = P(monsters=({1: "時計仕掛けの梟"}, {}), phase="main2", sources=(0, 0))
    while not (s.active == 1 and s.phase > 2):
        do(s, "pass")
    assert s.sources == [0, 1]  # P2's standby: the standby's one only
    while not (s.active == 0 and s.phase > 2):
        do(s, "pass")
    assert s.sources == [2, 1]  # P1's standby: one for the phase, one for the owl


@case("黄昏の魔術師")
def _twilight_mage() -> None:
    """黄昏の魔術師 【起動】(1ターンに1度)モンスター1体の表示形式を変更する。 (any monster, by its effect even
    one that attacked)"""
    s = P(monsters=({1: "黄昏の魔術師"}, {1: "~黒狼"}))
    assert {"activate m1#1 m1", "activate m1#1 om1"} <= set(legal(s))
    do(s, "activate m1#1 om1")
    assert not s.defending(m(s, 1, 1)) and not any(a.startswith("activate") for a in legal(s))


@case("灰竜")
def _grey_dragon() -> None:
    """灰竜 【誘発】このモンスターが召喚された時、カードを1枚ドローする。"""
    s = P(hands=(["灰竜"], []), monsters=({1: "骨の兵士"}, {}))
    do(s, "tribute r-atk 灰竜", "sacrifice m1", "done")
    assert names(s, 0, HAND) == ["骨の兵士"]


@case("幽霊船")
def _ghost_ship() -> None:
    """幽霊船 【誘発即時】相手がモンスターを召喚した時、相手に300ダメージを与える。 (a special summon and a
    混成 are 召喚 too: 「カードの効果による召喚を特殊召喚という」)"""
    s = P(monsters=({}, {1: "幽霊船"}), hands=(["骨の兵士"], ["白鳩"]))
    do(s, "summon l-atk 骨の兵士", "use -", "pass")
    assert s.sp == [7700, 8000]
    s = P(
        monsters=({1: "深淵竜", 4: "智天使"}, {1: "幽霊船"}),
        chaos=(["黄昏竜"], []),
        hands=([], ["白鳩"]),
        sources=(6, 3),
    )
    do(s, "merge m1+m4 黄昏竜")
    assert legal(s) == ["use -", "decline"]


@case("審判者")
def _judge() -> None:
    """審判者 【起動】(1ターンに1度)相手のモンスター1体を破壊する。"""
    s = P(monsters=({1: "審判者", 2: "骨の兵士"}, {1: "黒狼"}))
    assert [a for a in legal(s) if a.startswith("activate")] == ["activate m1#1 om1"]
    do(s, "activate m1#1 om1")
    assert names(s, 1, GRAVE) == ["黒狼"]


@case("老賢者")
def _old_sage() -> None:
    """老賢者 【誘発】このモンスターが召喚された時、デッキからモンスター1体を手札に加える。"""
    s = P(hands=(["老賢者"], []), decks=(["火球", "夜の魔女", "怨霊", "聖都"], ["黒狼"] * 5))
    do(s, "summon l-atk 老賢者")
    assert legal(s) == ["take 夜の魔女", "take 怨霊"]  # monsters only
    do(s, "take 夜の魔女")
    assert names(s, 0, HAND) == ["夜の魔女"] and len(s.zones[DECK]) == 3


@case("双剣士")
def _twin_blade() -> None:
    """双剣士 【召喚ルール】このカードの召喚コストは1少なくなる。 (4 − 1 − the sacrifice's 2)"""
    s = P(hands=(["双剣士"], []), monsters=({1: "骨の兵士"}, {}), sources=(1, 3))
    do(s, "tribute l-atk 双剣士", "sacrifice m1", "done")
    assert names(s, 0, M0) == ["双剣士"] and s.sources[0] == 0


# ---------------------------------------------------------------------- 単発呪文
@case("火球")
def _fireball() -> None:
    """火球 相手に800ダメージを与える。"""
    s = P(hands=(["火球"], []))
    do(s, "cast - 火球")
    assert s.sp == [8000, 7200] and names(s, 0, GRAVE) == ["火球"]


@case("闇の穴")
def _dark_hole() -> None:
    """闇の穴 モンスター1体を破壊する。 (yours or the opponent's)"""
    s = P(hands=(["闇の穴"], []), monsters=({1: "骨の兵士"}, {1: "黒狼"}))
    assert {"cast m1 闇の穴", "cast om1 闇の穴"} <= set(legal(s))
    do(s, "cast m1 闇の穴")
    assert names(s, 0, GRAVE) == ["骨の兵士", "闇の穴"] and m(s, 1, 1) is not None


@case("叡智")
def _insight() -> None:
    """叡智 カードを2枚ドローする。"""
    s = P(hands=(["叡智"], []))
    do(s, "cast - 叡智")
    assert len(s.zones[HAND]) == 2


@case("死者の呼び声")
def _recall() -> None:
    """死者の呼び声 自分の屍の森からレベル4以下のモンスター1体を特殊召喚する。 (a カオスモンスター is a
    モンスター: to the middle zone; never the opponent's 屍の森)"""
    s = P(hands=(["死者の呼び声"], []), graves=(["混沌獣", "深淵竜", "屍騎士"], ["黒狼"]))
    do(s, "cast - 死者の呼び声")
    assert {a.split()[-1] for a in legal(s)} == {"混沌獣", "屍騎士"}
    assert "revive m3-atk 混沌獣" in legal(s)
    do(s, "revive m3-atk 混沌獣")
    assert names(s, 0, M0 + 2) == ["混沌獣"] and "special_summon" in codes(s)


@case("召喚の巻物")
def _summon_scroll() -> None:
    """召喚の巻物 デッキからモンスター1体を手札に加える。"""
    s = P(hands=(["召喚の巻物"], []), decks=(["火球", "黒狼", "夜の魔女"], ["黒狼"] * 5))
    do(s, "cast - 召喚の巻物")
    assert legal(s) == ["take 夜の魔女", "take 黒狼"]
    do(s, "take 黒狼")
    assert names(s, 0, HAND) == ["黒狼"]


# ---------------------------------------------------------------------- オーラ呪文
@case("戦旗")
def _war_banner() -> None:
    """戦旗 【永続】自分のモンスター全てのAP+300。 (オーラ: 「自分のみに効果を適用し続け」)"""
    s = P(spells=({1: "戦旗"}, {}), monsters=({1: "骨の兵士", 4: "盾の騎士"}, {1: "黒狼"}))
    assert (s.ap(m(s, 0, 1)), s.ap(m(s, 0, 4)), s.ap(m(s, 1, 1))) == (1300, 900, 800)


@case("聖なる結界")
def _holy_ward() -> None:
    """聖なる結界 【永続】自分のモンスター全てのDP+400。"""
    s = P(spells=({5: "聖なる結界"}, {}), monsters=({1: "骨の兵士", 4: "盾の騎士"}, {1: "黒狼"}))
    assert (s.dp(m(s, 0, 1)), s.dp(m(s, 0, 4)), s.dp(m(s, 1, 1))) == (1400, 2000, 300)


@case("魔力の泉")
def _mana_well() -> None:
    """魔力の泉 【起動】(1ターンに1度)ソースカウンターを1つ得る。"""
    s = P(spells=({1: "魔力の泉"}, {}), sources=(0, 3))
    do(s, "activate s1#1 -")
    assert s.sources[0] == 1 and not any(a.startswith("activate") for a in legal(s))


@case("呪いの偶像")
def _cursed_idol() -> None:
    """呪いの偶像 【起動】(1ターンに1度)相手に200ダメージを与える。"""
    s = P(spells=({5: "呪いの偶像"}, {}))
    do(s, "activate s5#1 -")
    assert s.sp == [8000, 7800] and not any(a.startswith("activate") for a in legal(s))


# ---------------------------------------------------------------------- 魔器 and 憑依
EQUIPS = {
    "黒剣": (700, 0),
    "白盾": (0, 800),
    "竜の牙": (1000, 0),
    "霊鎧": (300, 500),
    "魔の契約": (500, 0),
    "霊の絆": (400, 0),
    "獣の魂": (600, 0),
    "守護霊": (0, 600),
}


@case(*EQUIPS)
def _equips() -> None:
    """魔器 黒剣 【永続】装備モンスターのAP+700。 白盾 DP+800。 竜の牙 AP+1000。 霊鎧 DP+500, AP+300。 憑依
    魔の契約 AP+500。 霊の絆 AP+400。 獣の魂 AP+600。 守護霊 DP+600。 — the equipped monster only, any monster
    (the opponent's too); a 憑依 goes to 屍の森 once its monster has attacked."""
    for name, (ap, dp) in EQUIPS.items():
        s = P(hands=([name], []), monsters=({1: "骨の兵士", 2: "黒狼"}, {1: "黒狼"}))
        assert {f"cast m1 {name}", f"cast om1 {name}"} <= set(legal(s))
        do(s, f"cast m1 {name}")
        assert (s.ap(m(s, 0, 1)), s.dp(m(s, 0, 1))) == (1000 + ap, 1000 + dp), name
        assert (s.ap(m(s, 0, 2)), s.ap(m(s, 1, 1))) == (800, 800)
        do(s, "pass", "attack m1 om1", "refuse")
        assert (names(s, 0, GRAVE) == [name]) == (POOL[name].type == "possess"), name


# ---------------------------------------------------------------------- クイック・マジック
@case("一閃")
def _quick_strike() -> None:
    """一閃 相手のモンスター1体を破壊する。 (クイック・マジック: in the opponent's turn too)"""
    s = P(monsters=({1: "骨の兵士"}, {1: "黒狼"}), hands=(["白鳩"], ["一閃"]))
    do(s, "pass")
    assert legal(s) == ["cast om1 一閃", "pass"]
    do(s, "cast om1 一閃", "pass")
    assert names(s, 0, GRAVE) == ["骨の兵士"] and m(s, 1, 1) is not None


@case("封魔")
def _seal_magic() -> None:
    """封魔 呪文・効果の発動に対応して発動できる。その発動を無効にする。 — never without an activation to
    answer (an attack is none)."""
    s = P(hands=(["白鳩"], ["封魔"]))
    do(s, "pass")
    assert legal(s) == ["pass"]
    s = P(monsters=({1: "骨の兵士"}, {}), phase="battle", hands=(["白鳩"], ["封魔"]))
    do(s, "attack m1 -")
    if s.current_player == 0:
        do(s, "pass")
    assert s.current_player == 1 and legal(s) == ["pass"]
    s = P(hands=(["火球"], ["封魔"]))
    do(s, "cast - 火球", "cast - 封魔", "pass")
    assert s.sp == [8000, 8000] and "negated" in codes(s) and names(s, 0, GRAVE) == ["火球"]


@case("影渡り")
def _shadow_step() -> None:
    """影渡り モンスター1体を持ち主の手札に戻す(カオスモンスターはカオスデッキに戻す)。"""
    s = P(hands=(["影渡り"], []), monsters=({1: "骨の兵士", 3: "黄昏竜"}, {1: "黒狼"}))
    assert {"cast m1 影渡り", "cast m3 影渡り", "cast om1 影渡り"} <= set(legal(s))
    do(s, "cast m3 影渡り")
    assert names(s, 0, CHAOS_DECK) == ["黄昏竜"] and names(s, 0, HAND) == []
    s = P(hands=(["影渡り"], []), monsters=({}, {1: "黒狼"}))
    do(s, "cast om1 影渡り")
    assert names(s, 1, HAND) == ["黒狼"]


@case("急成長")
def _sudden_growth() -> None:
    """急成長 ターン終了時まで自分のモンスター1体のAP+800。"""
    s = P(hands=(["急成長"], []), monsters=({1: "骨の兵士"}, {1: "黒狼"}))
    assert [a for a in legal(s) if a.startswith("cast")] == ["cast m1 急成長"]
    do(s, "cast m1 急成長")
    assert s.ap(m(s, 0, 1)) == 1800
    while s.active == 0:
        do(s, "pass")
    assert s.ap(m(s, 0, 1)) == 1000


@case("命の泉")
def _life_spring() -> None:
    """命の泉 自分のSPを1000回復する。"""
    s = P(hands=(["命の泉"], []), sp=(3000, 8000))
    do(s, "cast - 命の泉")
    assert s.sp == [4000, 8000]


# ---------------------------------------------------------------------- フィールド
@case("竜の谷")
def _dragon_valley() -> None:
    """竜の谷 【永続】お互いの竜族のモンスター全てのAP+300。"""
    s = P(fields=("竜の谷", None), monsters=({1: "熾火の飛竜", 2: "骨の兵士"}, {1: "深淵竜"}))
    assert (s.ap(m(s, 0, 1)), s.ap(m(s, 0, 2)), s.ap(m(s, 1, 1))) == (1900, 1000, 2600)


@case("聖都")
def _holy_city() -> None:
    """聖都 【永続】お互いの天使族のモンスター全てのDP+300。"""
    s = P(fields=(None, "聖都"), monsters=({4: "智天使", 5: "盾の騎士"}, {4: "白鳩"}))
    assert (s.dp(m(s, 0, 4)), s.dp(m(s, 0, 5)), s.dp(m(s, 1, 4))) == (1300, 1600, 1200)


@case("古の書庫")
def _ancient_library() -> None:
    """古の書庫 【起動】(1ターンに1度)カードを1枚ドローする。 (either player: 「お互いに効果を使用できる」)"""
    s = P(fields=(None, "古の書庫"))
    do(s, "activate of#1 -")
    assert len(s.zones[HAND]) == 1 and not any(a.startswith("activate") for a in legal(s))


# ---------------------------------------------------------------------- カオスモンスター
@case("灰の騎士王")
def _grey_knight() -> None:
    """灰の騎士王 【永続】自分の騎士族のモンスター全てのAP+300。"""
    s = P(monsters=({3: "灰の騎士王", 4: "盾の騎士", 1: "骨の兵士"}, {4: "盾の騎士"}))
    assert (s.ap(m(s, 0, 3)), s.ap(m(s, 0, 4)), s.ap(m(s, 0, 1)), s.ap(m(s, 1, 4))) == (2700, 900, 1000, 600)


@case("堕天使")
def _fallen_angel() -> None:
    """堕天使 【誘発】このモンスターが召喚された時、相手のモンスター1体を破壊する。"""
    s = P(
        monsters=({1: "ならず", 4: "智天使"}, {1: "黒狼", 4: "白鳩"}), chaos=(["堕天使"], []), sources=(6, 3)
    )
    do(s, "merge m1+m4 堕天使")
    assert legal(s) == ["use om1", "use om4"]
    do(s, "use om1")
    assert names(s, 1, GRAVE) == ["黒狼"]


@case("リッチ")
def _lich() -> None:
    """リッチ 【起動】(1ターンに1度)自分の屍の森からレベル4以下のモンスター1体を特殊召喚する。"""
    s = P(monsters=({3: "リッチ"}, {}), graves=(["屍騎士", "深淵竜"], []))
    do(s, "activate m3#1 -")
    assert {a.split()[-1] for a in legal(s)} == {"屍騎士"}
    do(s, "revive m1-atk 屍騎士")
    assert names(s, 0, M0) == ["屍騎士"] and not any(a.startswith("activate m3") for a in legal(s))


@case("大魔導師")
def _archmage() -> None:
    """大魔導師 【起動】(1ターンに1度)カードを1枚ドローする。"""
    s = P(monsters=({3: "大魔導師"}, {}))
    do(s, "activate m3#1 -")
    assert len(s.zones[HAND]) == 1 and not any(a.startswith("activate") for a in legal(s))


@case("ならず王")
def _narazu_king() -> None:
    """ならず王 【起動】(1ターンに1度)相手に600ダメージを与える。"""
    s = P(monsters=({3: "ならず王"}, {}))
    do(s, "activate m3#1 -")
    assert s.sp == [8000, 7400] and not any(a.startswith("activate") for a in legal(s))


@case("嵐のグリフォン")
def _storm_griffin() -> None:
    """嵐のグリフォン 【誘発】このモンスターが召喚された時、相手のモンスター1体を持ち主の手札に戻す
    (カオスモンスターはカオスデッキに戻す)。"""
    s = P(monsters=({1: "黒狼", 4: "白鳩"}, {1: "骨の兵士"}), chaos=(["嵐のグリフォン"], []), sources=(5, 3))
    do(s, "merge m1+m4 嵐のグリフォン")
    assert names(s, 1, HAND) == ["骨の兵士"]


@case("日蝕の魔人")
def _eclipse() -> None:
    """日蝕の魔人 【誘発】このモンスターが召喚された時、相手に1000ダメージを与える。"""
    s = P(monsters=({1: "ならず", 4: "智天使"}, {}), chaos=(["日蝕の魔人"], []), sources=(8, 3))
    do(s, "merge m1+m4 日蝕の魔人")
    assert s.sp == [8000, 7000]


@case("狼騎兵")
def _wolf_rider() -> None:
    """狼騎兵 【永続】自分の獣族のモンスター全てのAP+200。 (not itself: a 騎士)"""
    s = P(monsters=({3: "狼騎兵", 1: "黒狼", 4: "流浪の剣士"}, {1: "黒狼"}))
    assert (s.ap(m(s, 0, 3)), s.ap(m(s, 0, 1)), s.ap(m(s, 0, 4)), s.ap(m(s, 1, 1))) == (2000, 1000, 900, 800)


@case("聖女")
def _saint() -> None:
    """聖女 【誘発】このモンスターが召喚された時、自分のSPを1500回復する。"""
    s = P(monsters=({1: "骨の兵士", 4: "智天使"}, {}), chaos=(["聖女"], []), sources=(4, 3), sp=(1000, 8000))
    do(s, "merge m1+m4 聖女")
    assert s.sp == [2500, 8000]


@case("悪夢")
def _nightmare() -> None:
    """悪夢 【誘発】このモンスターが召喚された時、カードを2枚ドローする。"""
    s = P(monsters=({1: "夜の魔女", 4: "白の魔導師"}, {}), chaos=(["悪夢"], []), sources=(5, 3))
    do(s, "merge m1+m4 悪夢")
    assert len(s.zones[HAND]) == 2


@case("黄昏竜", "混沌獣", "鋼の魔神", "骨の巨像", "機竜")
def _recipes_only() -> None:
    """黄昏竜 / 混沌獣 / 鋼の魔神 / 骨の巨像 / 機竜: 混成 by their recipe (test_every_recipe_is_its_text),
    with the AP and DP of the card and no effect."""
    for name in ("黄昏竜", "混沌獣", "鋼の魔神", "骨の巨像", "機竜"):
        c = POOL[name]
        assert not c.get("effects")
        s = P(monsters=({3: name}, {}))
        assert (s.ap(m(s, 0, 3)), s.dp(m(s, 0, 3))) == (c.get("ap"), c.get("dp"))


# ---------------------------------------------------------------------- the tests
def test_every_card_of_the_pool_has_a_case():
    assert set(CASES) == set(POOL)


@pytest.mark.parametrize("name", sorted(POOL))
def test_the_card_does_what_its_text_says(name):
    CASES[name]()


_RECIPE = re.compile(r"混成: 黒属性の(?P<black>[^+]+)\+白属性の(?P<white>\S+)")
RACES = {c.get("race") for c in GAME.cardset if c.get("race")}


def _part(word: str) -> dict[str, str | None]:
    """「《骨の兵士》」 names a card; 「竜族」, 「魔族」 a 種族 (「魔族」 is the race itself, never
    「魔族族」)."""
    if word.startswith("《"):
        return {"name": word.strip("《》"), "race": None}
    race = word if word in RACES else word.removesuffix("族")
    assert race in RACES, word
    return {"name": None, "race": race}


def _one(color: str, *, name: str | None = None, race: str | None = None, not_race: str | None = None) -> str:
    for c in GAME.cardset:
        if c.type != "monster" or c.get("color") != color:
            continue
        if name is not None and c.name == name:
            return c.name
        if race is not None and c.get("race") == race and name is None:
            return c.name
        if not_race is not None and c.get("race") != not_race and name is None and race is None:
            return c.name
    raise AssertionError((color, name, race, not_race))


@pytest.mark.parametrize("name", sorted(n for n, c in POOL.items() if c.type == "chaos"))
def test_every_recipe_is_its_text(name):
    """「黒属性のモンスターと白属性の決められた種族、カード名のモンスターを生贄にすることで混成(場に出す)でき
    る。」: the recipe read off the card's text (「混成: 黒属性の竜族+白属性の《熾天使》」) is the one the
    engine takes — a fitting pair merges, a black monster of another race does not."""
    text = POOL[name].get("text")
    got = _RECIPE.match(text)
    assert got, text
    bpart, wpart = _part(got["black"]), _part(got["white"])
    black = _one("black", **bpart)
    white = _one("white", **wpart)
    s = P(monsters=({1: black, 4: white}, {}), chaos=([name], []), sources=(8, 3))
    assert f"merge m1+m4 {name}" in legal(s), (black, white)
    other = _one("black", not_race=GAME.cardset[s.cards[m(s, 0, 1)]].get("race"))
    if bpart["name"] is None:
        s = P(monsters=({1: other, 4: white}, {}), chaos=([name], []), sources=(8, 3))
        assert f"merge m1+m4 {name}" not in legal(s), other


_KIND = {
    "起動": "【起動】",
    "永続": "【永続】",
    "誘発": "【誘発】",
    "誘発即時": "【誘発即時】",
    "召喚ルール": "【召喚ルール】",
}


@pytest.mark.parametrize("name", sorted(POOL))
def test_the_text_names_each_effects_kind_numbers_and_once(name):
    """Every effect's 効果の種類 tag, its number and 「(1ターンに1度)」 appear in the card's Japanese text, no
    「1体」 of a 永続 boost (which gives all its monsters), and no 「魔族族」."""
    c = POOL[name]
    text = c.get("text")
    assert "魔族族" not in text
    for e in c.get("effects", []):
        if e["kind"] != "発動":
            assert _KIND[e["kind"]] in text, (name, e)
        n = e.get("amount", e.get("count"))
        if n:
            assert str(abs(n)) in text, (name, e)
        if e.get("max_level"):
            assert f"レベル{e['max_level']}以下" in text, (name, e)
        assert ("(1ターンに1度)" in text) == any(x.get("once") for x in c.get("effects", [])), name
        if e["do"] == "boost" and e["target"] != "equipped":
            assert "1体" not in text and "全て" in text, name
        if e.get("race"):
            assert e["race"] in text, name
