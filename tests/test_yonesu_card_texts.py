"""ヨネス: every card of the box does what its Japanese text says — one case (at least) per card, from a
position. The table is checked to cover the whole pool, so a new card needs its case here."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tefuda.games.yonesu.game import YonesuGame
from tefuda.games.yonesu.phase_ids import ATTACKED, DISCARD_DOWN, PROTECTED, SETTLE, WINDOW
from tefuda.games.yonesu.state import YonesuState
from tefuda.games.yonesu.zones import DISCARD, HAND, zid

G = YonesuGame()
RICH = ["レインボーヨネス", "邪神グラジヨネス"]  # コスト 4 + 4: enough リリス for any one card
BASES = ([["ファーストヨネス"]], [["ファーストヨネス"]])


def pos(hands, fields=BASES, costs=(RICH, []), game: YonesuGame = G, **kw) -> YonesuState:
    return game.position(hands=hands, fields=fields, costs=costs, **kw)


def do(s: YonesuState, *texts: str) -> None:
    for t in texts:
        s.apply_text(t)


def legal(s: YonesuState) -> list[str]:
    return [s.notation(a) for a in s.legal_actions()]


def pass_all(s: YonesuState) -> None:
    while s.phase == WINDOW:
        do(s, "pass")


def activate(s: YonesuState, text: str, *pay: str) -> None:
    """Activate a force (paying its [捨/…] cost with ``pay``) and let everyone pass until it resolves."""
    do(s, text, *(f"pay {p}" for p in pay))
    pass_all(s)


def tops(s: YonesuState, seat: int) -> list[str]:
    return [s.game.cardset[s.cards[t]].name for t in s.tops(seat)]


def hand(s: YonesuState, seat: int) -> list[str]:
    return sorted(s.game.cardset[s.cards[i]].name for i in s.zones[zid(seat, HAND)])


def pile(s: YonesuState) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[DISCARD]]


def power(s: YonesuState, seat: int, name: str = "") -> int:
    """The パワー of the player's ヨネス named ``name`` (the only one, if no name)."""
    found = [t for t in s.tops(seat) if not name or s.game.cardset[s.cards[t]].name == name]
    assert len(found) == 1, found
    return s.power(found[0])


def end_turn(s: YonesuState) -> None:
    """The attacker ends the turn from whatever main phase; everyone settles the least they may."""
    for kind in ("end-summon", "end-battle", "end-turn"):
        if kind in legal(s):
            do(s, kind)
    while s.phase == SETTLE and not s.is_over:
        acts = legal(s)
        do(s, "settle-done" if "settle-done" in acts else acts[0])


# ---------------------------------------------------------------------- ヨネス
def first_yonesu() -> None:
    """ファーストヨネス 「最初のヨネス。手札とフィールドに4体揃えた者が勝つ。」 (LV1, パワー2)."""
    s = pos((["ファーストヨネス", "ファーストヨネス"], ["補給"]), fields=([["ファーストヨネス"]], []))
    assert not s.is_over  # three
    s = pos(
        (["ファーストヨネス", "ファーストヨネス"], ["補給"]),
        fields=([["ファーストヨネス"]], []),
        costs=(["ファーストヨネス"], []),  # the コストフィールド is field too
        advance=True,
    )
    assert s.is_over and s.outcome().winner == 0 and s.outcome().reason == "four ファーストヨネス"
    s = pos((["ファーストヨネス"], ["補給"]), fields=([], []))
    assert "summon ファーストヨネス" in legal(s)
    do(s, "summon ファーストヨネス")
    assert power(s, 0) == 2


def kurochan() -> None:
    """クロちん 「LV1とLV2の複合LVヨネス。LV1として召喚でき、LV1ヨネスから進化もできる。」"""
    s = pos((["クロちん", "クロちん", "レインボーヨネス"], ["補給"]), costs=([*RICH, "ダーク股ー"], []))
    assert {"summon クロちん", "evolve クロちん -> p1/ファーストヨネス"} <= set(legal(s))
    do(s, "summon クロちん")  # as LV1 ...
    assert "evolve レインボーヨネス -> p1/クロちん" in legal(s)  # ... and it is LV2 too: an LV3 may go on it
    do(s, "evolve クロちん -> p1/ファーストヨネス")  # as LV2, on an LV1
    assert tops(s, 0) == ["クロちん", "クロちん"] and [s.power(t) for t in s.tops(0)] == [3, 3]


def chibi_yonesu() -> None:
    """チビヨネス 「リリス0で召喚できる小さなヨネス。」 — with nothing on the コストフィールド."""
    s = pos((["チビヨネス"], ["補給"]), costs=([], []))
    assert s.remaining(0) == 0 and "summon チビヨネス" in legal(s)
    do(s, "summon チビヨネス")
    assert tops(s, 0) == ["ファーストヨネス", "チビヨネス"] and s.used[0] == 0


def minarai_yonesu() -> None:
    """見習いヨネス 「コストとして使いやすい見習い。」 — コスト2 for リリス1: on the コストフィールド it pays
    2."""
    s = pos((["見習いヨネス", "クロちん"], ["補給"]), costs=([], []), start="cost")
    do(s, "cost 見習いヨネス")
    assert s.remaining(0) == 2 and "summon クロちん" in legal(s)  # クロちん: リリス2


def hifuki_yonesu() -> None:
    """火吹きヨネス 「LV1にしては力持ち。」 — LV1 with パワー3: it beats a ファーストヨネス (2)."""
    s = pos((["補給"], ["補給"]), fields=([["火吹きヨネス"]], [["ファーストヨネス"]]), start="battle")
    do(s, "attack 火吹きヨネス -> p2/ファーストヨネス")
    pass_all(s)
    assert tops(s, 0) == ["火吹きヨネス"] and tops(s, 1) == []


def ishiatama_yonesu() -> None:
    """石頭ヨネス 「硬い頭で攻撃を受け止める。」 — LV1 with パワー4: a パワー3 attack breaks on it."""
    s = pos((["補給"], ["補給"]), fields=([["火吹きヨネス"]], [["石頭ヨネス"]]), start="battle")
    do(s, "attack 火吹きヨネス -> p2/石頭ヨネス")
    pass_all(s)
    assert tops(s, 0) == [] and tops(s, 1) == ["石頭ヨネス"]


def gachi_yonesu() -> None:
    """ガチヨネス 「本気のヨネス。LV1ヨネスから進化する。」 — LV2: only by evolution, from an LV1."""
    s = pos((["ガチヨネス"], ["補給"]), fields=([["ファーストヨネス"], ["クロちん", "ヨネス戦士"]], []))
    assert [a for a in legal(s) if "ガチヨネス" in a] == [
        "evolve ガチヨネス -> p1/ファーストヨネス"
    ]  # not summoned, not onto an LV2
    do(s, "evolve ガチヨネス -> p1/ファーストヨネス")
    assert s.used[0] == 3 and power(s, 0, "ガチヨネス") == 5


def dark_mata() -> None:
    """ダーク股ー 「闇の股ー。コスト3。」 — worth 3 on the コストフィールド (the rulebook's [捨/コスト3以上]
    example)."""
    s = pos((["ダーク股ー", "ガチヨネス"], ["補給"]), costs=([], []), start="cost")
    do(s, "cost ダーク股ー")
    assert s.cost_total(0) == 3 and "evolve ガチヨネス -> p1/ファーストヨネス" in legal(s)


def yonesu_senshi() -> None:
    """ヨネス戦士 「戦うヨネス。」 — LV2, パワー4, リリス2."""
    s = pos((["ヨネス戦士"], ["補給"]))
    do(s, "evolve ヨネス戦士 -> p1/ファーストヨネス")
    assert power(s, 0) == 4 and s.used[0] == 2


def yonesu_ninja() -> None:
    """ヨネス忍者 「安く進化できる忍者。」 — LV2 for リリス1."""
    s = pos((["ヨネス忍者"], ["補給"]), costs=(["ファーストヨネス"], []))  # コスト1
    do(s, "evolve ヨネス忍者 -> p1/ファーストヨネス")
    assert power(s, 0) == 3 and s.remaining(0) == 0


def futago_yonesu() -> None:
    """双子ヨネス 「LV2とLV3の複合LVヨネス。」 — it evolves from an LV1 (as LV2) and from an LV2 (as LV3)."""
    s = pos(
        (["双子ヨネス", "双子ヨネス"], ["補給"]),
        fields=([["ファーストヨネス"], ["クロちん", "ガチヨネス"]], []),
    )
    acts = legal(s)
    assert "evolve 双子ヨネス -> p1/ファーストヨネス" in acts and "evolve 双子ヨネス -> p1/ガチヨネス" in acts
    assert "summon 双子ヨネス" not in acts


def rainbow_yonesu() -> None:
    """レインボーヨネス 「七色に輝くLV3ヨネス。コスト4。」 — LV3 on an LV2; コスト4 (the rulebook's 例2)."""
    s = pos((["レインボーヨネス"], ["補給"]), fields=([["ファーストヨネス"], ["クロちん", "ガチヨネス"]], []))
    assert [a for a in legal(s) if "レインボーヨネス" in a] == ["evolve レインボーヨネス -> p1/ガチヨネス"]
    assert G.tables.cost[G.cardset.find("レインボーヨネス").index] == 4


def jashin_grajiyonesu() -> None:
    """邪神グラジヨネス 「その名を口にした者は敗北する。」 — saying it at the table loses; playing it does
    not."""
    fields = ([["ファーストヨネス"]], [["クロちん", "ガチヨネス"]])
    s = pos((["補給"], ["邪神グラジヨネス"]), fields=fields, costs=([], RICH), attacker=1)
    do(s, "evolve 邪神グラジヨネス -> p2/ガチヨネス")
    assert not s.is_over and tops(s, 1) == ["邪神グラジヨネス"]
    s.say(1, "いけ、邪神グラジヨネス!")
    assert s.is_over and s.outcome().winner == 0


def seikishi_yonesu() -> None:
    """聖騎士ヨネス 「聖なる騎士。」 — LV3, パワー7, リリス3."""
    s = pos(
        (["聖騎士ヨネス"], ["補給"]), fields=([["ファーストヨネス", "ヨネス戦士"]], [["ファーストヨネス"]])
    )
    do(s, "evolve 聖騎士ヨネス -> p1/ヨネス戦士")
    assert power(s, 0) == 7 and s.used[0] == 3


def mecha_yonesu() -> None:
    """メカヨネス 「重いが強い機械のヨネス。」 — リリス5 (heavy), パワー8 (strong)."""
    s = pos((["メカヨネス"], ["補給"]), fields=([["ヨネス戦士"]], []), costs=(["レインボーヨネス"], []))
    assert not any("メカヨネス" in a for a in legal(s))  # コスト4 < リリス5
    s = pos((["メカヨネス"], ["補給"]), fields=([["ヨネス戦士"]], []))
    do(s, "evolve メカヨネス -> p1/ヨネス戦士")
    assert power(s, 0) == 8


def kami_yonesu() -> None:
    """神ヨネス 「LV3ヨネスから進化するLV4ヨネス。」"""
    s = pos((["神ヨネス"], ["補給"]), fields=([["ヨネス戦士"], ["聖騎士ヨネス"], ["双子ヨネス"]], []))
    got = [a for a in legal(s) if "神ヨネス" in a]
    assert got == ["evolve 神ヨネス -> p1/聖騎士ヨネス", "evolve 神ヨネス -> p1/双子ヨネス"]
    do(s, "evolve 神ヨネス -> p1/聖騎士ヨネス")
    assert power(s, 0, "神ヨネス") == 12


# ---------------------------------------------------------------------- フォース
def ten_sword() -> None:
    """テンソード 「ヨネス1体のパワーをこのターン+3する。」 — any one ヨネス (either side), until the turn
    ends."""
    s = pos((["テンソード"], ["補給"]))
    assert {a for a in legal(s) if a.startswith("force テンソード")} == {
        "force テンソード -> p1/ファーストヨネス",
        "force テンソード -> p2/ファーストヨネス",
    }
    activate(s, "force テンソード -> p2/ファーストヨネス")
    assert power(s, 1) == 5 and power(s, 0) == 2
    end_turn(s)
    assert power(s, 1) == 2


def hakaishin_shimadara() -> None:
    """破壊神シマダラ 「ヨネス1体を破壊する。」 — any one ヨネス, your own too; the others stay."""
    s = pos(
        (["破壊神シマダラ"], ["補給"]),
        fields=([["ファーストヨネス"]], [["ファーストヨネス"], ["チビヨネス"]]),
    )
    assert "force 破壊神シマダラ -> p1/ファーストヨネス" in legal(s)
    activate(s, "force 破壊神シマダラ -> p2/チビヨネス")
    assert tops(s, 1) == ["ファーストヨネス"] and "チビヨネス" in pile(s) and s.used[0] == 4


def shugoshin_sanmishin() -> None:
    """守護神サンミシーン 「[捨/コスト3以上1枚] 戦闘中のみ。その攻撃を無効にする。」"""
    hands = (["補給"], ["守護神サンミシーン", "ダーク股ー"])
    s = pos(hands, fields=([["ガチヨネス"]], []), costs=([], RICH), start="battle")
    do(s, "attack ガチヨネス -> p2")
    assert s.current_player == 1 and "force 守護神サンミシーン" in legal(s)
    activate(s, "force 守護神サンミシーン", "ダーク股ー")
    assert s.life[1] == 10 and tops(s, 0) == ["ガチヨネス"]  # no battle resolution at all
    # not outside a battle
    s = pos((["守護神サンミシーン", "ダーク股ー"], ["補給"]))
    assert not any("守護神サンミシーン" in a for a in legal(s))


def kuke_ha() -> None:
    """くけー波 「[捨/LV2以上ヨネス1枚] 相手1人のライフを4減らす。」 — one opponent, not yourself."""
    s = pos((["くけー波", "ガチヨネス"], ["補給"], ["補給"]), fields=([], [], []), costs=(RICH, [], []))
    assert {a for a in legal(s) if a.startswith("force くけー波")} == {
        "force くけー波 -> p2",
        "force くけー波 -> p3",
    }
    activate(s, "force くけー波 -> p3", "ガチヨネス")
    assert s.life == [10, 10, 6]


def uchikeshi_no_in() -> None:
    """打ち消しの印 「[Interrupt] 相手のフォース発動に対して使う。そのフォースを無効にする。」"""
    s = pos((["打ち消しの印", "テンソード"], ["補給"]))
    assert not any("打ち消しの印" in a for a in legal(s))  # only in answer to a force
    s = pos((["テンソード"], ["打ち消しの印"]), costs=(RICH, RICH))
    do(s, "force テンソード -> p1/ファーストヨネス")
    assert s.current_player == 1 and "force 打ち消しの印" in legal(s)
    activate(s, "force 打ち消しの印")
    assert power(s, 0) == 2 and s.used == [1, 2]  # no effect; the テンソード's リリス stays used


def kinkyu_kaihi() -> None:
    """緊急回避 「[Interrupt] 自分のヨネス1体はこのターン破壊されない。」 — your own, this turn, any
    destruction."""
    s = pos((["破壊神シマダラ"], ["緊急回避"]), costs=(RICH, RICH))
    do(s, "force 破壊神シマダラ -> p2/ファーストヨネス")  # P1's hand is empty: nothing more at once
    assert set(legal(s)) == {"pass", "force 緊急回避 -> p2/ファーストヨネス"}  # only P2's own ヨネス
    activate(s, "force 緊急回避 -> p2/ファーストヨネス")
    assert tops(s, 1) == ["ファーストヨネス"]
    # as a normal force by the attacker; a battle it loses does not destroy it either, until the turn ends
    s = pos((["緊急回避"], ["補給"]), fields=([["ファーストヨネス"]], [["ガチヨネス"]]), start="battle")
    activate(s, "force 緊急回避 -> p1/ファーストヨネス")
    do(s, "attack ファーストヨネス -> p2/ガチヨネス")
    pass_all(s)
    assert tops(s, 0) == ["ファーストヨネス"] and s.flags[s.tops(0)[0]] & PROTECTED
    end_turn(s)
    assert not s.flags[s.tops(0)[0]] & PROTECTED


def funbari() -> None:
    """踏ん張り 「[Interrupt] ヨネス1体のパワーをこのターン+2する。」 — in answer, or as a normal force."""
    s = pos((["踏ん張り"], ["補給"]))
    activate(s, "force 踏ん張り -> p1/ファーストヨネス")
    assert power(s, 0) == 4
    s = pos((["火の玉"], ["踏ん張り"]), costs=(RICH, RICH))
    do(s, "force 火の玉 -> p2/ファーストヨネス")
    activate(s, "force 踏ん張り -> p2/ファーストヨネス")
    assert power(s, 1) == 4 and tops(s, 1) == ["ファーストヨネス"]


def kaifuku_no_izumi() -> None:
    """回復の泉 「自分のライフを3回復する。」"""
    s = pos((["回復の泉"], ["補給"]), life=(4, 4))
    activate(s, "force 回復の泉")
    assert s.life == [7, 4]


def oomori() -> None:
    """大盛り 「自分の[上限枚数]を+1し、カードを1枚引く。」"""
    s = pos((["大盛り"], ["補給"]), deck=["チビヨネス", "補給"])
    activate(s, "force 大盛り")
    assert s.limit == [9, 8] and hand(s, 0) == ["チビヨネス"]


def juuatsu() -> None:
    """重圧 「相手1人の[上限枚数]を-1する(超えた分は手札から捨てる)。」 — the player discards, choosing."""
    hand2 = ["補給", "テンソード", "チビヨネス", "火の玉", "踏ん張り", "回復の泉", "大盛り"]
    s = pos((["重圧"], hand2), costs=(RICH, []))
    assert {a for a in legal(s) if a.startswith("force 重圧")} == {"force 重圧 -> p2"}
    do(s, "force 重圧 -> p2")
    pass_all(s)
    assert s.limit == [8, 7] and s.phase == DISCARD_DOWN and s.current_player == 1
    assert set(legal(s)) == {f"discard {c}" for c in hand2}
    do(s, "discard 回復の泉")
    assert s.total(1) == 7 and not s.is_over and "回復の泉" in pile(s)


def yonesu_shoshu() -> None:
    """ヨネス召集 「捨て札置き場のファーストヨネス1枚を手札に加える。」 — one; none there: nothing."""
    s = pos((["ヨネス召集"], ["補給"]), discard=["ファーストヨネス", "ファーストヨネス", "チビヨネス"])
    activate(s, "force ヨネス召集")
    assert hand(s, 0) == ["ファーストヨネス"] and pile(s).count("ファーストヨネス") == 1
    s = pos((["ヨネス召集"], ["補給"]), discard=["チビヨネス"])
    activate(s, "force ヨネス召集")
    assert hand(s, 0) == [] and any(e.code == "fizzle_no_first" for e in s.log)


def saikido() -> None:
    """再起動 「攻撃済みの自分のヨネス1体は、このターンもう一度攻撃できる。」 — only one that has attacked."""
    s = pos(
        (["再起動"], ["補給"]),
        fields=([["ガチヨネス"], ["チビヨネス"]], [["ファーストヨネス"]]),
        start="battle",
    )
    assert not any(a.startswith("force 再起動") for a in legal(s))  # nobody has attacked yet
    do(s, "attack ガチヨネス -> p2/ファーストヨネス")
    pass_all(s)
    assert {a for a in legal(s) if a.startswith("force 再起動")} == {"force 再起動 -> p1/ガチヨネス"}
    activate(s, "force 再起動 -> p1/ガチヨネス")
    assert not s.flags[s.tops(0)[0]] & ATTACKED
    assert any(a.startswith("attack ガチヨネス ->") for a in legal(s))  # once more


def kyosei_sokan() -> None:
    """強制送還 「ヨネス1体の一番上のカードを持ち主の手札に戻す。」 — only the top card; the one under it is
    the ヨネス now, and keeps this turn's changes (テンソード's 「このターン」)."""
    s = pos((["強制送還", "テンソード"], ["補給"]), fields=(BASES[0], [["ファーストヨネス", "ガチヨネス"]]))
    activate(s, "force テンソード -> p2/ガチヨネス")
    activate(s, "force 強制送還 -> p2/ガチヨネス")
    assert tops(s, 1) == ["ファーストヨネス"] and hand(s, 1) == ["ガチヨネス", "補給"]
    assert power(s, 1) == 2 + 3 and s.total(1) == 3


def hinotama() -> None:
    """火の玉 「パワー3以下のヨネス1体を破壊する。」 — a ヨネス grown past 3 before it resolves is not one."""
    s = pos((["火の玉"], ["補給"]), fields=(BASES[0], [["ファーストヨネス"], ["ガチヨネス"]]))
    assert {a for a in legal(s) if a.startswith("force 火の玉")} == {
        "force 火の玉 -> p1/ファーストヨネス",
        "force 火の玉 -> p2/ファーストヨネス",
    }  # ガチヨネス has パワー5
    activate(s, "force 火の玉 -> p2/ファーストヨネス")
    assert tops(s, 1) == ["ガチヨネス"]
    s = pos((["火の玉"], ["踏ん張り"]), costs=(RICH, RICH))
    do(s, "force 火の玉 -> p2/ファーストヨネス", "force 踏ん張り -> p2/ファーストヨネス")
    pass_all(s)
    assert tops(s, 1) == ["ファーストヨネス"] and any(e.code == "fizzle_power" for e in s.log)


def raigeki() -> None:
    """雷撃 「[Interrupt] パワー4以下の相手のヨネス1体を破壊する。」 — an opponent's, パワー ≤ 4, also in
    answer."""
    fields = ([["ファーストヨネス"], ["ガチヨネス"]], [["ファーストヨネス"]])
    s = pos((["テンソード"], ["雷撃"]), fields=fields, costs=(RICH, RICH))
    do(s, "force テンソード -> p2/ファーストヨネス")
    assert set(legal(s)) == {"pass", "force 雷撃 -> p1/ファーストヨネス"}  # not its own, not ガチヨネス (5)
    activate(s, "force 雷撃 -> p1/ファーストヨネス")
    assert tops(s, 0) == ["ガチヨネス"]


def sutemi_no_ichigeki() -> None:
    """捨て身の一撃 「[捨/ヨネス1枚] 自分のヨネス1体のパワーをこのターン+5する。」"""
    s = pos((["捨て身の一撃", "テンソード"], ["補給"]))
    assert not any("捨て身の一撃" in a for a in legal(s))  # a フォース cannot pay [捨/ヨネス1枚]
    s = pos((["捨て身の一撃", "チビヨネス", "テンソード"], ["補給"]))
    assert {a for a in legal(s) if a.startswith("force 捨て身")} == {
        "force 捨て身の一撃 -> p1/ファーストヨネス"
    }
    do(s, "force 捨て身の一撃 -> p1/ファーストヨネス")
    assert legal(s) == ["pay チビヨネス"]
    do(s, "pay チビヨネス")
    pass_all(s)
    assert power(s, 0) == 7


def kenjou() -> None:
    """献上 「[捨/コスト2以上2枚] 自分のライフを5回復する。」 — two cards of コスト2+, リリス0."""
    s = pos((["献上", "ダーク股ー", "チビヨネス"], ["補給"]), costs=([], []), life=(3, 10))
    assert not any("献上" in a for a in legal(s))  # one fitting card only
    s = pos((["献上", "ダーク股ー", "見習いヨネス", "チビヨネス"], ["補給"]), costs=([], []), life=(3, 10))
    do(s, "force 献上")
    assert set(legal(s)) == {"pay ダーク股ー", "pay 見習いヨネス"}
    do(s, "pay ダーク股ー", "pay 見習いヨネス")
    pass_all(s)
    assert s.life == [8, 10] and hand(s, 0) == ["チビヨネス"]


def hokyu() -> None:
    """補給 「カードを1枚引く。」 — リリス0."""
    s = pos((["補給"], ["補給"]), costs=([], []), deck=["チビヨネス", "テンソード"])
    activate(s, "force 補給")
    assert hand(s, 0) == ["チビヨネス"]


def gyakuten_no_noroshi() -> None:
    """逆転の狼煙 「相手全員のライフを2減らす。」 — every opponent, not yourself (nor a partner)."""
    s = pos((["逆転の狼煙"], ["補給"], ["補給"]), fields=([], [], []), costs=(RICH, [], []))
    activate(s, "force 逆転の狼煙")
    assert s.life == [10, 8, 8]


def gekkou() -> None:
    """激昂 「戦闘中のみ。ヨネス1体のパワーをこのターン+4する。」"""
    s = pos((["激昂"], ["補給"]), start="battle")
    assert not any("激昂" in a for a in legal(s))
    do(s, "attack ファーストヨネス -> p2/ファーストヨネス")
    do(s, "pass")  # P2
    assert "force 激昂 -> p1/ファーストヨネス" in legal(s)
    activate(s, "force 激昂 -> p1/ファーストヨネス")
    assert tops(s, 1) == [] and tops(s, 0) == ["ファーストヨネス"]  # 6 against 2


CASES: dict[str, Callable[[], None]] = {
    "ファーストヨネス": first_yonesu,
    "クロちん": kurochan,
    "チビヨネス": chibi_yonesu,
    "見習いヨネス": minarai_yonesu,
    "火吹きヨネス": hifuki_yonesu,
    "石頭ヨネス": ishiatama_yonesu,
    "ガチヨネス": gachi_yonesu,
    "ダーク股ー": dark_mata,
    "ヨネス戦士": yonesu_senshi,
    "ヨネス忍者": yonesu_ninja,
    "双子ヨネス": futago_yonesu,
    "レインボーヨネス": rainbow_yonesu,
    "邪神グラジヨネス": jashin_grajiyonesu,
    "聖騎士ヨネス": seikishi_yonesu,
    "メカヨネス": mecha_yonesu,
    "神ヨネス": kami_yonesu,
    "テンソード": ten_sword,
    "破壊神シマダラ": hakaishin_shimadara,
    "守護神サンミシーン": shugoshin_sanmishin,
    "くけー波": kuke_ha,
    "打ち消しの印": uchikeshi_no_in,
    "緊急回避": kinkyu_kaihi,
    "踏ん張り": funbari,
    "回復の泉": kaifuku_no_izumi,
    "大盛り": oomori,
    "重圧": juuatsu,
    "ヨネス召集": yonesu_shoshu,
    "再起動": saikido,
    "強制送還": kyosei_sokan,
    "火の玉": hinotama,
    "雷撃": raigeki,
    "捨て身の一撃": sutemi_no_ichigeki,
    "献上": kenjou,
    "補給": hokyu,
    "逆転の狼煙": gyakuten_no_noroshi,
    "激昂": gekkou,
}


def test_every_card_of_the_box_has_a_case():
    assert set(CASES) == {c.name for c in G.cardset}


@pytest.mark.parametrize("name", list(CASES))
def test_the_card_does_what_its_text_says(name):
    card = G.cardset.find(name)
    check = CASES[name]
    quoted = check.__doc__ or ""
    assert card.get("text") in quoted, f"{name}: the case must quote the card's text"
    check()


def test_card_texts_have_no_stray_typos():
    """Every text names its numbers as the card data has them (リリス, パワー, LV, [捨/…])."""
    tb = G.tables
    for c in G.cardset:
        text = c.get("text")
        if c.type == "force":
            dc = tb.discard[c.index]
            if dc is not None:
                assert text.startswith(dc.label()[0]), (c.name, text)
            assert ("[Interrupt]" in text) == tb.interrupt[c.index], (c.name, text)
            assert ("戦闘中のみ" in text) == tb.battle_only[c.index], (c.name, text)
            cap = tb.max_power[c.index]
            assert (cap < 0) == ("以下" not in text) and (cap < 0 or f"パワー{cap}以下" in text), (
                c.name,
                text,
            )
        assert "  " not in text and text.endswith("。"), (c.name, text)
