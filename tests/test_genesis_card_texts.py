"""ジェネシス・ガーデン's card pool, card by card: each card does what its Japanese text says (targets,
counts, 「1体」, timing, where it must be, its cost), in at least one position per card; and each text says
what the card's data does (種類/場所(コスト), 階級, every number).

``CASES`` maps each card of the pool to a scenario; ``test_every_card_has_a_case`` keeps the table whole. In
a スペルフェイズ scenario P2's 竜騎士 may stand in the 前衛 only to stop the rules at its attack (else they
would run on to the next round).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tefuda.core import FACE_UP
from tefuda.games.genesis.game import GenesisGame
from tefuda.games.genesis.phase_ids import DESTROYED, MAIN, SPELL, TAPPED, TRIGGER
from tefuda.games.genesis.zones import FRONT, GRAVE, HAND, NZ, REAR
from tests.notation import do, legal

G = GenesisGame()
CASES: dict[str, Callable[[], None]] = {}


def case(*ids: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        for i in ids:
            CASES[i] = fn
        return fn

    return register


def unit(s, seat, name, k=FRONT) -> int:
    return next(i for i in s.zones[seat * NZ + k] if G.cardset[s.cards[i]].name == name)


def names(s, seat, k) -> list[str]:
    return [G.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def faces(s, seat) -> list[bool]:
    return [bool(s.flags[i] & FACE_UP) for i in s.zones[seat * NZ + GRAVE]]


_QUIET = ("pass", "take", "done", "end", "decline", "bury", "keep")


def to_next_turn(s) -> None:
    """Play on, doing as little as the rules allow, until the next player turn's メインフェイズ."""
    seat, rnd = s.turn_seat, s.round
    while not (s.phase == MAIN and (s.turn_seat, s.round) != (seat, rnd)):
        acts = legal(s)
        s.apply_text(next((a for a in acts if a.split()[0] in _QUIET), acts[-1]))


def activates(s, notation: str) -> None:
    """Pass in the スペルフェイズ until ``notation`` is legal, then take it."""
    while notation not in legal(s):
        assert s.phase == SPELL, f"{notation} never offered"
        do(s, "pass")
    do(s, notation)


# ====================================================================== units without an effect
VANILLA = {
    "dragon_knight": ("竜騎士", "速度4"),  # 「速度4の竜騎兵。」
    "demon_soldier": ("魔兵", ""),
    "bear_warrior": ("熊戦士", ""),
    "wisp": ("鬼火", "召喚0"),  # 「召喚0の小さな精霊。」
    "hill_giant": ("丘巨人", "遅い"),  # 「大きく遅い。」: 速度 1
    "young_giant": ("若巨人", ""),
    "zombie": ("屍人", "遅い"),  # 「ゆっくり歩く屍。」
    "scout_drone": ("偵察ドローン", "速度4"),  # 「素早い偵察機。」
    "foot_soldier": ("歩兵", ""),
    "knight": ("騎士", ""),
}


@case(*VANILLA)
def _vanilla() -> None:
    for cid, (name, says) in VANILLA.items():
        c = G.cardset.find(name)
        assert c.id == cid and G.tables.effect[c.index] is None
        s = G.position(hands=([name], []))
        do(s, f"summon {name} -> 前衛")
        assert s.phase == MAIN and len(s.z(0, GRAVE)) == c.get("summon")  # 召喚コスト, no effect offered
        u = unit(s, 0, name)
        assert (s.attack(u), s.defense(u)) == (c.get("attack"), c.get("defense"))
        if says == "速度4":
            assert s.unit_speed(u) == 4
        elif says == "召喚0":
            assert not s.z(0, GRAVE)
        elif says == "遅い":
            assert s.unit_speed(u) == 1


@case("titan_atra")
def _titan() -> None:
    """「階級1。巨神。」: one 巨人 on the field calls it."""
    assert not any("巨神アトラ" in a for a in legal(G.position(hands=(["巨神アトラ"], []))))
    s = G.position(hands=(["巨神アトラ"], []), rears=(["若巨人"], []))
    do(s, "summon 巨神アトラ -> 前衛")
    assert len(s.z(0, GRAVE)) == 5 and s.attack(unit(s, 0, "巨神アトラ")) == 9


# ====================================================================== ドラゴン
@case("baby_dragon")
def _baby_dragon() -> None:
    """「戦闘/戦域(1): 自軍ユニット1体の攻撃をこのターン+2。」 — a 戦闘 effect is an 起動 one: the
    スペルフェイズ, the unit becomes 疲労."""
    s = G.position(fronts=(["幼竜", "歩兵"], ["騎士"]), graves=(["歩兵"], []), start="spell")
    acts = [a for a in legal(s) if a.startswith("activate")]
    assert acts == [
        "activate p1/前衛/幼竜 -> p1/前衛/幼竜",
        "activate p1/前衛/幼竜 -> p1/前衛/歩兵",
    ]  # 自軍, 1体
    do(s, "activate p1/前衛/幼竜 -> p1/前衛/歩兵")
    soldier = unit(s, 0, "歩兵")
    assert s.attack(soldier) == 4 and s.flags[unit(s, 0, "幼竜")] & TAPPED and faces(s, 0) == [False]
    to_next_turn(s)
    assert s.attack(soldier) == 2  # このターン


@case("fire_drake")
def _fire_drake() -> None:
    """「起動/前衛(2): 敵軍のユニット1体に2ダメージ。」"""
    s = G.position(
        fronts=(["火竜"], ["熊戦士"]), rears=([], ["歩兵"]), graves=(["歩兵"] * 2, []), start="spell"
    )
    assert {a for a in legal(s) if a.startswith("activate")} == {
        "activate p1/前衛/火竜 -> p2/前衛/熊戦士",
        "activate p1/前衛/火竜 -> p2/後衛/歩兵",
    }
    do(s, "activate p1/前衛/火竜 -> p2/前衛/熊戦士")
    bear = unit(s, 1, "熊戦士")
    assert s.dmg[bear] == 2 and s.defense(bear) == 3 and faces(s, 0) == [False, False]
    s = G.position(rears=(["火竜"], ["熊戦士"]), graves=(["歩兵"] * 2, []), start="spell", advance=True)
    assert s.phase != SPELL  # 前衛 only


@case("elder_dragon")
def _elder_dragon() -> None:
    """「永続/前衛(0): 自軍前衛の他のドラゴンの攻撃+1。」 — every other ドラゴン of your 前衛, none in the
    後衛."""
    s = G.position(fronts=(["古竜", "幼竜", "竜騎士", "歩兵"], ["火竜"]), rears=(["火竜"], []))
    assert [s.attack(i) for i in s.z(0, FRONT)] == [6, 3, 4, 2]
    assert s.attack(s.z(0, REAR)[0]) == 4 and s.attack(s.z(1, FRONT)[0]) == 4
    s = G.position(fronts=(["幼竜"], []), rears=(["古竜"], []))
    assert s.attack(unit(s, 0, "幼竜")) == 2


@case("dragon_king_baham")
def _baham() -> None:
    """「階級2。召喚/前衛(3): 防衛4以下の敵軍ユニット1体を破壊。」"""
    s = G.position(hands=(["竜王バハム"], []), fronts=(["幼竜"], []))
    assert not any("竜王バハム" in a for a in legal(s))
    kw = {
        "hands": (["竜王バハム"], []),
        "fronts": (["幼竜", "竜騎士"], ["騎士", "熊戦士"]),
        "graves": (["歩兵"] * 3, []),
    }
    s = G.position(**kw)
    do(s, "summon 竜王バハム -> 前衛")
    assert legal(s) == ["use p1/前衛/竜王バハム -> p2/前衛/騎士", "decline p1/前衛/竜王バハム"]
    do(s, "use p1/前衛/竜王バハム -> p2/前衛/騎士")
    assert s.flags[unit(s, 1, "騎士")] & DESTROYED and not s.flags[unit(s, 1, "熊戦士")] & DESTROYED
    s = G.position(**kw)
    do(s, "summon 竜王バハム -> 後衛")
    assert s.phase == MAIN  # 前衛 only


# ====================================================================== 悪魔
@case("imp")
def _imp() -> None:
    """「起動/後衛(1): 敵軍ユニット1体の攻撃と防衛をこのターン-1(ダメージではない)。」"""
    s = G.position(rears=(["小悪魔"], []), fronts=([], ["石巨人"]), graves=(["歩兵"], []), start="spell")
    do(s, "activate p1/後衛/小悪魔 -> p2/前衛/石巨人")
    giant = unit(s, 1, "石巨人")
    assert (s.attack(giant), s.defense(giant), s.dmg[giant]) == (2, 6, 0)  # not damage: 石巨人 takes it
    to_next_turn(s)
    assert (s.attack(giant), s.defense(giant)) == (3, 7)


@case("succubus")
def _succubus() -> None:
    """「対応/前衛(1): 敵軍ユニットの攻撃宣言時、そのユニットの攻撃と防衛をこのターン-2(ダメージではな
    い)。」"""
    s = G.position(fronts=(["騎士"], ["夢魔"]), graves=([], ["歩兵"]), start="battle")
    do(s, "attack p1/前衛/騎士")
    assert s.phase == TRIGGER and legal(s) == ["use p2/前衛/夢魔 -> p1/前衛/騎士", "decline p2/前衛/夢魔"]
    do(s, "use p2/前衛/夢魔 -> p1/前衛/騎士")
    knight = unit(s, 0, "騎士")
    assert (s.attack(knight), s.defense(knight), s.dmg[knight]) == (2, 2, 0)
    s = G.position(rears=([], ["夢魔"]), fronts=(["騎士"], []), graves=([], ["歩兵"]), start="battle")
    do(s, "attack p1/前衛/騎士")
    assert s.phase != TRIGGER  # 前衛 only


@case("archdemon_zebul")
def _zebul() -> None:
    """「階級2。起動/前衛(3): 相手に3ダメージ(本陣の上から3枚を冥府へ)。」"""
    s = G.position(hands=(["魔将ゼブル"], []), fronts=(["魔兵"], []))
    assert not any("魔将ゼブル" in a for a in legal(s))
    s = G.position(fronts=(["魔将ゼブル"], []), graves=(["歩兵"] * 3, []), start="spell")
    do(s, "activate p1/前衛/魔将ゼブル")
    assert len(s.z(1, GRAVE)) == 3 and [e.code for e in s.log].count("mill_damage") == 3


@case("demon_circle")
def _demon_circle() -> None:
    """「術式/冥府(0): 自軍にユニット2体以上。冥府の召喚3以下の悪魔1体を速攻召喚。」"""
    kw = {
        "fronts": ([], ["竜騎士"]),
        "graves": (["騎士", "夢魔", "小悪魔", "~魔兵"], []),
        "decks": (["魔界召喚陣"] + ["歩兵"] * 10, ["歩兵"] * 10),
        "start": "battle",
    }
    s = G.position(**kw, rears=(["歩兵"], []))
    do(s, "attack p2/前衛/竜騎士", "take")
    assert s.phase != TRIGGER  # one unit is not enough
    s = G.position(**kw, rears=(["歩兵", "騎士"], []))
    do(s, "attack p2/前衛/竜騎士", "take")
    uses = {a.split(" -> ")[1] for a in legal(s) if a.startswith("use")}
    assert uses == {"夢魔@前衛", "夢魔@後衛", "小悪魔@前衛", "小悪魔@後衛"}  # face-up 悪魔 of the 冥府
    do(s, "use p1/冥府/魔界召喚陣 -> 夢魔@前衛")
    assert names(s, 0, FRONT) == ["夢魔"] and not any(e.code == "mill_cost" for e in s.log)  # no 召喚コスト


# ====================================================================== 獣人
@case("werewolf")
def _werewolf() -> None:
    """「戦闘/戦域(0): 自軍ユニット1体の攻撃をこのターン+1。」"""
    s = G.position(fronts=(["歩兵"], []), rears=(["人狼"], []), start="spell")
    do(s, "activate p1/後衛/人狼 -> p1/前衛/歩兵")
    assert s.attack(unit(s, 0, "歩兵")) == 3 and s.flags[unit(s, 0, "人狼", REAR)] & TAPPED


@case("cat_scout")
def _cat_scout() -> None:
    """「起動/後衛(1): カードを1枚ドロー。」"""
    s = G.position(rears=(["猫斥候"], []), fronts=([], ["竜騎士"]), graves=(["歩兵"], []), start="spell")
    do(s, "activate p1/後衛/猫斥候")
    assert len(s.z(0, HAND)) == 1
    s = G.position(fronts=(["猫斥候"], []), graves=(["歩兵"], []), start="spell", advance=True)
    assert s.phase != SPELL


@case("leon_lion_king")
def _leon() -> None:
    """「階級2。永続/前衛(0): 自軍前衛の他の獣人の攻撃+2。」"""
    s = G.position(hands=(["獅子王レオン"], []), fronts=(["人狼"], []))
    assert not any("獅子王レオン" in a for a in legal(s))
    s = G.position(fronts=(["獅子王レオン", "人狼", "歩兵"], []), rears=(["熊戦士"], []))
    assert [s.attack(i) for i in s.z(0, FRONT)] == [5, 5, 2] and s.attack(s.z(0, REAR)[0]) == 4


@case("beast_altar")
def _beast_altar() -> None:
    """「術式/冥府(1): 自軍にユニット1体以上。自軍ユニット1体を活動状態にする。」"""
    s = G.position(
        fronts=(["猫斥候"], ["歩兵"]),
        tapped=([], ["歩兵"]),
        graves=([], ["騎士"]),
        decks=(["歩兵"] * 10, ["獣の祭壇"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/猫斥候", "take")
    assert legal(s) == ["use p2/冥府/獣の祭壇 -> p2/前衛/歩兵", "decline p2/冥府/獣の祭壇"]
    do(s, "use p2/冥府/獣の祭壇 -> p2/前衛/歩兵")
    assert not s.flags[unit(s, 1, "歩兵")] & TAPPED and faces(s, 1) == [False, False]


# ====================================================================== 精霊
@case("sylph")
def _sylph() -> None:
    """「召喚/戦域(1): カードを1枚ドロー。」"""
    s = G.position(hands=(["風精"], []), graves=(["歩兵"], []))
    do(s, "summon 風精 -> 後衛", "use p1/後衛/風精")
    assert len(s.z(0, HAND)) == 1 and faces(s, 0)[0] is False


@case("undine")
def _undine() -> None:
    """「起動/後衛(1): 自軍ユニット1体の蓄積ダメージを回復。」"""
    s = G.position(
        rears=(["水精"], []),
        fronts=(["騎士"], ["騎士"]),
        damage=({"騎士": 2}, {"騎士": 1}),
        graves=(["歩兵"], []),
        start="spell",
    )
    assert {a for a in legal(s) if a.startswith("activate")} == {
        "activate p1/後衛/水精 -> p1/前衛/騎士",
        "activate p1/後衛/水精 -> p1/後衛/水精",
    }  # 自軍 only
    do(s, "activate p1/後衛/水精 -> p1/前衛/騎士")
    assert s.dmg[unit(s, 0, "騎士")] == 0 and s.dmg[unit(s, 1, "騎士")] == 1


@case("salamander")
def _salamander() -> None:
    """「起動/前衛(1): 敵軍ユニット1体に1ダメージ。」"""
    s = G.position(fronts=(["火精"], ["騎士"]), graves=(["歩兵"], []), start="spell")
    do(s, "activate p1/前衛/火精 -> p2/前衛/騎士")
    assert s.dmg[unit(s, 1, "騎士")] == 1


@case("spirit_queen_tita")
def _tita() -> None:
    """「階級3。起動/戦域(2): 手札の召喚3以下の精霊1体を速攻召喚。」"""
    s = G.position(hands=(["精霊女王ティタ"], []), rears=(["鬼火", "水精"], []))
    assert not any("精霊女王ティタ" in a for a in legal(s))
    s = G.position(hands=(["精霊女王ティタ"], []), rears=(["鬼火", "水精", "風精"], []))
    assert "summon 精霊女王ティタ -> 前衛" in legal(s)
    s = G.position(
        fronts=(["精霊女王ティタ"], ["竜騎士"]),
        hands=(["風精", "騎士", "巨神アトラ"], []),
        graves=(["歩兵"] * 2, []),
        start="spell",
    )
    calls = {a.split(" -> ")[1] for a in legal(s) if a.startswith("activate")}
    assert calls == {"風精@前衛", "風精@後衛"}  # 精霊 only, from the hand
    do(s, "activate p1/前衛/精霊女王ティタ -> 風精@後衛")
    assert names(s, 0, REAR) == ["風精"] and s.summons[0] == 1 and len(s.z(0, GRAVE)) == 2  # no 召喚コスト


# ====================================================================== 巨人
@case("stone_giant", "ghost")
def _no_damage() -> None:
    """石巨人 「永続/前衛(0): このユニットはダメージを受けない(攻撃・防衛の減少は受ける)。」, 亡霊
    「永続/前衛(0): このユニットはダメージを受けない。」 — in the 後衛 they take it."""
    for name in ("石巨人", "亡霊"):
        s = G.position(fronts=(["火竜"], [name]), graves=(["歩兵"] * 2, []), start="spell")
        do(s, f"activate p1/前衛/火竜 -> p2/前衛/{name}")
        assert s.dmg[unit(s, 1, name)] == 0
        s = G.position(fronts=(["火竜"], []), rears=([], [name]), graves=(["歩兵"] * 2, []), start="spell")
        do(s, f"activate p1/前衛/火竜 -> p2/後衛/{name}")
        assert s.dmg[unit(s, 1, name, REAR)] == 2


@case("frost_giant")
def _frost_giant() -> None:
    """「戦闘/戦域(2): 自軍ユニット1体の防衛をこのターン+3。」"""
    s = G.position(fronts=(["歩兵"], []), rears=(["霜巨人"], []), graves=(["歩兵"] * 2, []), start="spell")
    do(s, "activate p1/後衛/霜巨人 -> p1/前衛/歩兵")
    soldier = unit(s, 0, "歩兵")
    assert s.defense(soldier) == 5 and s.attack(soldier) == 2
    to_next_turn(s)
    assert s.defense(soldier) == 2


# ====================================================================== アンデッド
@case("skeleton")
def _skeleton() -> None:
    """「対応/戦域(0): 自軍ユニットが破壊された時、カードを1枚ドロー。」"""
    s = G.position(fronts=(["騎士"], ["歩兵"]), rears=([], ["骸骨兵"]), start="battle")
    do(s, "attack p1/前衛/騎士", "block p2/前衛/歩兵")
    assert legal(s) == ["use p2/後衛/骸骨兵", "decline p2/後衛/骸骨兵"]
    do(s, "use p2/後衛/骸骨兵")
    assert len(s.z(1, HAND)) == 1
    s = G.position(fronts=(["騎士"], ["骸骨兵"]), start="battle")  # itself destroyed: it is no longer usable
    do(s, "attack p1/前衛/騎士", "block p2/前衛/骸骨兵")
    assert s.phase != TRIGGER


@case("necromancer")
def _necromancer() -> None:
    """「起動/後衛(2): 冥府の召喚2以下のユニット1体を速攻召喚。」 — its 転生 (2) is paid first, from the
    bottom."""
    s = G.position(
        rears=(["死霊術師"], []),
        fronts=([], ["竜騎士"]),
        graves=(["若巨人", "歩兵", "騎士", "竜騎士", "鬼火"], []),
        start="spell",
    )
    calls = {a.split(" -> ")[1] for a in legal(s) if a.startswith("activate")}
    assert calls == {
        "竜騎士@前衛",
        "竜騎士@後衛",
        "鬼火@前衛",
        "鬼火@後衛",
    }  # 若巨人, 歩兵 pay; 騎士 is 召喚3
    do(s, "activate p1/後衛/死霊術師 -> 竜騎士@前衛")
    assert names(s, 0, FRONT) == ["竜騎士"] and faces(s, 0) == [False, False, True, True]


@case("rite_of_death")
def _rite_of_death() -> None:
    """「術式/冥府(0): 自軍にユニット2体以上。敵軍ユニット1体に3ダメージ。」"""
    s = G.position(
        fronts=(["騎士", "歩兵"], ["歩兵", "弓兵"]),
        tapped=([], ["歩兵", "弓兵"]),
        decks=(["歩兵"] * 10, ["死の儀式"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/騎士", "take")
    assert legal(s) == [
        "use p2/冥府/死の儀式 -> p1/前衛/騎士",
        "use p2/冥府/死の儀式 -> p1/前衛/歩兵",
        "decline p2/冥府/死の儀式",
    ]  # any enemy unit, 1体
    do(s, "use p2/冥府/死の儀式 -> p1/前衛/騎士")
    assert s.dmg[unit(s, 0, "騎士")] == 3 and not s.flags[s.z(1, GRAVE)[0]] & FACE_UP


# ====================================================================== アンドロイド
@case("guardian_android")
def _guardian_android() -> None:
    """「起動/後衛(1): 自軍ユニット1体の防衛をこのターン+2。」"""
    s = G.position(
        fronts=(["歩兵"], ["騎士"]), rears=(["防衛型アンドロイド"], []), graves=(["歩兵"], []), start="spell"
    )
    assert "activate p1/後衛/防衛型アンドロイド -> p2/前衛/騎士" not in legal(s)
    do(s, "activate p1/後衛/防衛型アンドロイド -> p1/前衛/歩兵")
    assert s.defense(unit(s, 0, "歩兵")) == 4


@case("assault_android")
def _assault_android() -> None:
    """「戦闘/戦域(1): 自軍ユニット1体の攻撃をこのターン+2。」"""
    s = G.position(
        fronts=(["騎士"], []), rears=(["強襲型アンドロイド"], []), graves=(["歩兵"], []), start="spell"
    )
    do(s, "activate p1/後衛/強襲型アンドロイド -> p1/前衛/騎士")
    assert s.attack(unit(s, 0, "騎士")) == 6


@case("mother_ai")
def _mother_ai() -> None:
    """「階級2。起動/戦域(2): カードを2枚ドロー。」"""
    s = G.position(hands=(["統合AIマザー"], []), rears=(["偵察ドローン"], []))
    assert not any("統合AIマザー" in a for a in legal(s))
    s = G.position(
        rears=(["統合AIマザー"], []), fronts=([], ["竜騎士"]), graves=(["歩兵"] * 2, []), start="spell"
    )
    do(s, "activate p1/後衛/統合AIマザー")
    assert len(s.z(0, HAND)) == 2


@case("boot_circuit")
def _boot_circuit() -> None:
    """「術式/冥府(0): 自軍にユニット1体以上。手札の召喚2以下のアンドロイド1体を速攻召喚。」"""
    s = G.position(
        fronts=(["騎士"], ["歩兵"]),
        tapped=([], ["歩兵"]),
        hands=([], ["偵察ドローン", "強襲型アンドロイド", "歩兵"]),
        decks=(["歩兵"] * 10, ["起動回路"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/騎士", "take")
    calls = {a.split(" -> ")[1] for a in legal(s) if a.startswith("use")}
    assert calls == {"偵察ドローン@前衛", "偵察ドローン@後衛"}  # 強襲型 is 召喚3, 歩兵 no アンドロイド
    do(s, "use p2/冥府/起動回路 -> 偵察ドローン@後衛")
    assert names(s, 1, REAR) == ["偵察ドローン"]


# ====================================================================== 天使
@case("cherub")
def _cherub() -> None:
    """「召喚/戦域(0): 自軍ユニット1体の蓄積ダメージを回復。」"""
    s = G.position(hands=(["天使見習い"], []), fronts=(["騎士"], ["騎士"]), damage=({"騎士": 3}, {"騎士": 3}))
    do(s, "summon 天使見習い -> 後衛")
    assert "use p1/後衛/天使見習い -> p2/前衛/騎士" not in legal(s)
    do(s, "use p1/後衛/天使見習い -> p1/前衛/騎士")
    assert s.dmg[unit(s, 0, "騎士")] == 0 and s.dmg[unit(s, 1, "騎士")] == 3


@case("valkyrie")
def _valkyrie() -> None:
    """「戦闘/戦域(1): 自軍ユニット1体の防衛をこのターン+2。」"""
    s = G.position(fronts=(["戦乙女", "歩兵"], []), graves=(["歩兵"], []), start="spell")
    do(s, "activate p1/前衛/戦乙女 -> p1/前衛/歩兵")
    assert s.defense(unit(s, 0, "歩兵")) == 4 and s.flags[unit(s, 0, "戦乙女")] & TAPPED


@case("guardian_angel")
def _guardian_angel() -> None:
    """「対応/前衛(1): 敵軍ユニットの攻撃宣言時、そのユニットの攻撃と防衛をこのターン-1(ダメージではな
    い)。」"""
    s = G.position(fronts=(["騎士"], ["守護天使"]), graves=([], ["歩兵"]), start="battle")
    do(s, "attack p1/前衛/騎士", "use p2/前衛/守護天使 -> p1/前衛/騎士")
    knight = unit(s, 0, "騎士")
    assert (s.attack(knight), s.defense(knight), s.dmg[knight]) == (3, 3, 0)


@case("seraph_sera")
def _seraph() -> None:
    """「階級2。起動/前衛(3): 敵軍ユニット1体を破壊。」 — whatever its 防衛."""
    s = G.position(hands=(["熾天使セラ"], []), fronts=(["戦乙女"], []))
    assert not any("熾天使セラ" in a for a in legal(s))
    s = G.position(fronts=(["熾天使セラ"], ["巨神アトラ"]), graves=(["歩兵"] * 3, []), start="spell")
    do(s, "activate p1/前衛/熾天使セラ -> p2/前衛/巨神アトラ")
    assert s.flags[unit(s, 1, "巨神アトラ")] & DESTROYED


@case("heavens_judgement")
def _heavens_judgement() -> None:
    """「術式/冥府(1): 自軍にユニット2体以上。相手に3ダメージ。」"""
    s = G.position(
        fronts=(["騎士"], ["歩兵", "弓兵"]),
        tapped=([], ["歩兵", "弓兵"]),
        graves=([], ["騎士"]),
        decks=(["歩兵"] * 10, ["天の審判"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/騎士", "take")
    assert legal(s) == ["use p2/冥府/天の審判", "decline p2/冥府/天の審判"]
    mark = len(s.log)
    do(s, "use p2/冥府/天の審判")
    milled = [(e.code, e.seat) for e in s.log[mark:] if e.code.startswith("mill")]
    assert milled[:4] == [("mill_damage", 0)] * 3 + [("mill_upkeep", 0)]  # 3, then the next round's upkeep


# ====================================================================== 人間
@case("archer")
def _archer() -> None:
    """「起動/後衛(1): 敵軍ユニット1体に1ダメージ。」"""
    s = G.position(rears=(["弓兵"], []), fronts=([], ["騎士"]), graves=(["歩兵"], []), start="spell")
    do(s, "activate p1/後衛/弓兵 -> p2/前衛/騎士")
    assert s.dmg[unit(s, 1, "騎士")] == 1


@case("mage")
def _mage() -> None:
    """「起動/後衛(2): 敵軍ユニット1体の攻撃と防衛をこのターン-2。」 — 防衛 0 destroys."""
    s = G.position(
        rears=(["魔術師"], []), fronts=([], ["歩兵", "騎士"]), graves=(["歩兵"] * 2, []), start="spell"
    )
    do(s, "activate p1/後衛/魔術師 -> p2/前衛/歩兵")
    assert s.flags[unit(s, 1, "歩兵")] & DESTROYED and s.dmg[unit(s, 1, "歩兵")] == 0
    assert s.attack(unit(s, 1, "騎士")) == 4


@case("general_gran")
def _gran() -> None:
    """「階級3。永続/前衛(0): 自軍前衛の他の人間の攻撃+1。」"""
    s = G.position(hands=(["将軍グラン"], []), rears=(["歩兵", "弓兵"], []))
    assert not any("将軍グラン" in a for a in legal(s))
    s = G.position(fronts=(["将軍グラン", "歩兵", "幼竜"], []), rears=(["騎士"], []))
    assert [s.attack(i) for i in s.z(0, FRONT)] == [6, 3, 2] and s.attack(s.z(0, REAR)[0]) == 4


@case("messenger")
def _messenger() -> None:
    """「召喚/戦域(1): 手札の召喚2以下の人間1体を速攻召喚。」"""
    s = G.position(hands=(["伝令", "歩兵", "騎士", "幼竜"], []), graves=(["歩兵"], []))
    do(s, "summon 伝令 -> 前衛")
    calls = {a.split(" -> ")[1] for a in legal(s) if a.startswith("use")}
    assert calls == {"歩兵@前衛", "歩兵@後衛"}  # 騎士 is 召喚3, 幼竜 no 人間
    do(s, "use p1/前衛/伝令 -> 歩兵@前衛")
    assert names(s, 0, FRONT) == ["伝令", "歩兵"] and s.summons[0] == 2


# ====================================================================== the table
def test_every_card_has_a_case():
    assert set(CASES) == set(G.card_ids)


@pytest.mark.parametrize("card_id", sorted({c.id for c in G.cardset}))
def test_the_card_does_what_its_text_says(card_id):
    CASES[card_id]()


KIND_OF_TARGET = {"enemy": "敵軍", "ally": "自軍ユニット1体", "attacker": "そのユニット"}


@pytest.mark.parametrize("card_id", sorted({c.id for c in G.cardset}))
def test_the_text_says_what_the_data_does(card_id):
    """The text's 「種類/場所(コスト)」, 「階級N。」 and every number are the card's data; a change of
    攻撃/防衛 says 「このターン」 (it lasts the turn: our decision); a single target says 「1体」."""
    c = G.cardset.find(card_id)
    text = c.get("text")
    rank = G.tables.rank[c.index]
    assert text.startswith(f"階級{rank}。") == (rank > 0) and (rank == 0 or c.type == "hero")
    e = G.tables.effect[c.index]
    if e is None:
        assert not re.search(r"[^/]+/[^(]+\(\d\)", text)
        return
    assert f"{e.kind}/{e.place}({e.cost}):" in text
    n = e.amount
    said = {
        "damage": f"{n}ダメージ",
        "reduce": f"攻撃と防衛をこのターン-{n}",
        "boost": f"攻撃をこのターン+{n}",
        "fortify": f"防衛をこのターン+{n}",
        "destroy": "破壊",
        "mill": f"相手に{n}ダメージ",
        "draw": f"{n}枚ドロー",
        "heal": "蓄積ダメージを回復",
        "untap": "活動状態にする",
        "quick_summon": f"召喚{n}以下",
        "immune_damage": "ダメージを受けない",
        "aura": f"他の{c.get('race')}の攻撃+{n}",
    }[e.do]
    assert said in text, (said, text)
    if e.do == "quick_summon":
        assert ("冥府の" if e.source == "grave" else "手札の") in text and "1体を速攻召喚" in text
        assert (e.race or "ユニット") in text
    if e.target in KIND_OF_TARGET:
        assert KIND_OF_TARGET[e.target] in text
    if e.target in ("enemy", "ally"):
        assert "1体" in text
    if e.need_units:
        assert f"自軍にユニット{e.need_units}体以上" in text
    if e.max_def >= 0:
        assert f"防衛{e.max_def}以下" in text
    if e.kind == "対応":
        assert {"enemy_attack": "敵軍ユニットの攻撃宣言時", "ally_destroyed": "自軍ユニットが破壊された時"}[
            e.on
        ] in text
