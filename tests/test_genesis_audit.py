"""ジェネシス・ガーデン, the audit of issue 23: every rule the page states is enforced as stated, by
default.

Each test quotes the sentence of the rulebook (docs/sources/rules/genesis_garden.txt, the page of
2011-04-08) it enforces, and is built from a position; the rulebook's own worked examples come first.
The first part holds the defaults the audit changed (each with its house-rule option for the other
reading, where players could reasonably disagree), the second the rules it checked and confirmed. The
last test checks that every rulebook quote in these docstrings and in RULES.md is the page's text, word
for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tefuda.core import FACE_UP
from tefuda.games.genesis.game import GenesisGame
from tefuda.games.genesis.phase_ids import ATTACK, DESTROYED, MAIN, TAPPED, TRIGGER, UNION
from tefuda.games.genesis.zones import DECK, FRONT, GRAVE, HAND, NZ, REAR
from tests.notation import do, legal

RULEBOOK = Path(__file__).resolve().parents[1] / "docs" / "sources" / "rules" / "genesis_garden.txt"
RULES_MD = Path(__file__).resolve().parents[1] / "tefuda" / "games" / "genesis" / "RULES.md"


def game(**options) -> GenesisGame:
    return GenesisGame(options)


def zone(s, seat, k) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def unit(s, seat, name, k=FRONT) -> int:
    return next(i for i in s.zones[seat * NZ + k] if s.game.cardset[s.cards[i]].name == name)


def faces(s, seat) -> list[bool]:
    return [bool(s.flags[i] & FACE_UP) for i in s.zones[seat * NZ + GRAVE]]


def offered(s) -> bool:
    return s.phase == TRIGGER


# ====================================================================== defaults the audit changed
def test_a_battle_effect_is_an_activated_effect_used_in_the_spell_phase():
    """「また効果の上面に「戦闘/前衛(3)」という表記があります。」 … 「この戦闘は起動効果である」; 「起動効
    果は、全てのこのスペルフェイズでしか効果を発動できません。」; 「起動効果を発動したカードは縦向き(活動状
    態といいます)から横向き(疲労状態といいます)にします。」

    So a 戦闘 effect is used as the 起動 effects are: in the スペルフェイズ, at its unit's 速度, and the
    unit becomes 疲労. (Before the audit it was offered in the unit's own battle, against 疲労; that
    reading is the option battle_effects=battle.)"""
    s = game().position(
        fronts=(["騎士"], ["歩兵"]),
        rears=(["強襲型アンドロイド"], []),
        graves=(["歩兵"], []),
        start="spell",
    )
    assert s.speed == 3 and s.current_player == 0
    assert "activate p1/後衛/強襲型アンドロイド -> p1/前衛/騎士" in legal(s)
    do(s, "activate p1/後衛/強襲型アンドロイド -> p1/前衛/騎士")
    assert s.attack(unit(s, 0, "騎士")) == 4 + 2
    assert s.flags[unit(s, 0, "強襲型アンドロイド", REAR)] & TAPPED  # it became 疲労
    assert faces(s, 0) == [False]  # 発動コスト (1) by 転生
    # a 前衛 unit that uses it is 疲労 too, and a 疲労 unit cannot attack
    s = game().position(fronts=(["人狼"], []), start="spell")
    do(s, "activate p1/前衛/人狼 -> p1/前衛/人狼")
    assert s.phase != ATTACK or not any(a.startswith("attack p1/前衛/人狼") for a in legal(s))


def test_a_tapped_unit_uses_no_effect_not_even_in_its_own_battle():
    """「疲労状態のカードは効果を使えません。」 — attacking and blocking make a unit 疲労 (「攻撃を宣言し、
    カードを疲労状態にします。」, 「選んだカードは疲労状態になります。」), so nothing is offered in the
    battle. battle_effects=battle keeps the other reading: 戦闘 effects in the unit's own battle."""
    kw = {"fronts": (["幼竜"], ["人狼"]), "graves": (["歩兵"], ["歩兵"]), "start": "battle"}
    s = game().position(**kw)
    do(s, "attack p2/前衛/人狼", "block p1/前衛/幼竜")
    assert not offered(s) and not any(e.code.startswith("effect_") for e in s.log)
    s = game(battle_effects="battle").position(**kw)
    do(s, "attack p2/前衛/人狼", "block p1/前衛/幼竜")
    assert offered(s) and s.current_player == 1  # 人狼 (速度4) first, then 幼竜
    assert "use p2/前衛/人狼 -> p2/前衛/人狼" in legal(s)


def test_continuous_effects_stop_while_their_card_is_tapped():
    """「疲労状態のカードは効果を使えません。」 with 「(効果の使用を「発動」と言います)」 and, of 永続
    effects, 「加えて常に発動している状態として扱われます。」: a 永続 effect is always being used, and a 疲
    労 card uses none. continuous_when_tapped=true keeps them on (「プレイヤーの意志に関係なく発動してくれ
    ます」)."""
    kw = {"fronts": (["古竜", "幼竜"], []), "tapped": (["古竜"], [])}
    s = game().position(**kw)
    assert s.attack(unit(s, 0, "幼竜")) == 2  # 古竜 is 疲労: no +1
    s = game(continuous_when_tapped=True).position(**kw)
    assert s.attack(unit(s, 0, "幼竜")) == 3
    # 石巨人 blocks: blocking makes it 疲労, so its 「ダメージを受けない」 is off in that battle
    for opts, dmg in (({}, 2), ({"continuous_when_tapped": True}, 0)):
        s = game(**opts).position(fronts=(["歩兵"], ["石巨人"]), start="battle")
        do(s, "attack p1/前衛/歩兵", "block p2/前衛/石巨人")
        assert s.dmg[unit(s, 1, "石巨人")] == dmg


def test_a_unit_summoned_in_the_battle_turn_cannot_attack_in_it():
    """「実はカードは呼び出されたターンでは攻撃を行えません。」 — a unit quick-summoned in the スペルフェイ
    ズ was called in this バトルターン. summoning_sickness=phase keeps the other reading: only a unit
    summoned in this very バトルフェイズ (「攻撃を行うには召喚されたカードが1度でも違うフェイズへ飛ばなけれ
    ばなりません。」)."""
    kw = {
        "fronts": (["歩兵"], []),
        "rears": (["死霊術師"], []),
        "graves": (["歩兵", "歩兵", "竜騎士"], []),
        "start": "spell",
    }
    s = game().position(**kw)
    do(s, "activate p1/後衛/死霊術師 -> 竜騎士@前衛")  # 転生 2 (the two 歩兵), then the 速攻召喚
    assert s.phase == ATTACK and s.speed == 2  # 速度 4: the 竜騎士 may not attack
    drone = unit(s, 0, "竜騎士")
    assert "summoning_sick" in next(
        c.get("flags", [])
        for z in s.observation(0)["zones"]
        if z["id"] == "p1.front"
        for c in z["cards"]
        if c["name"] == "竜騎士"
    )
    assert s.flags[drone] & TAPPED == 0
    s = game(summoning_sickness="phase").position(**kw)
    do(s, "activate p1/後衛/死霊術師 -> 竜騎士@前衛")
    assert s.phase == ATTACK and s.speed == 4 and "attack p1/前衛/竜騎士" in legal(s)


def test_rearranging_is_free_a_unit_moved_this_phase_may_take_a_union():
    """「ここでは自軍戦域のカードの配置を好きに変更できます。」 and 「それとこのユニオンフェイズでのみ「ユ
    ニオン」を行えます。」 — moving a unit to the 前衛 and laying a 後衛 card on it in the same phase is
    allowed (before the audit a moved card could not take part in a union). Each card changes row at most
    once and is laid at most once a phase (our decision), so the phase always ends."""
    s = game().position(rears=(["歩兵", "騎士"], []), start="union")
    do(s, "to-front p1/後衛/歩兵")
    assert "union p1/後衛/騎士 -> p1/前衛/歩兵" in legal(s)
    # a 前衛 unit moved to the 後衛 may be laid on another
    s = game().position(fronts=(["歩兵", "騎士"], []), start="union")
    do(s, "to-rear p1/前衛/騎士", "union p1/後衛/騎士 -> p1/前衛/歩兵")
    assert zone(s, 0, FRONT) == ["歩兵"] and s.attack(unit(s, 0, "歩兵")) == 2 + 4
    # released, it is laid no more this phase: no endless union and release
    do(s, "release p1/前衛/歩兵")
    assert not any(a.startswith("union") for a in legal(s))
    # a released card may go to the 前衛
    s = game().position(fronts=(["歩兵"], []), unions=({0: "騎士"}, {}), start="union")
    do(s, "release p1/前衛/歩兵")
    assert "to-front p1/後衛/騎士" in legal(s)


def test_rearranging_moves_destroyed_cards_too_but_they_take_no_union():
    """「ここでは自軍戦域のカードの配置を好きに変更できます。」: a destroyed card is still a card of the 戦
    域 (it stays until its player's エンド / リーブ), so it may change row. Our decision: it lends or takes
    no union — 「ユニオンとは後衛のカードの力を前衛のカードに与える行為です。」 says nothing of destroyed
    cards."""
    s = game().position(fronts=(["歩兵"], []), rears=(["騎士"], []), destroyed=(["歩兵"], []), start="union")
    acts = legal(s)
    assert "to-rear p1/前衛/歩兵" in acts and not any(a.startswith("union") for a in acts)


def test_the_union_phase_always_ends():
    """Our decision (each card changes row once and is laid once a phase): any sequence of arrangements
    ends — here every action but ``done`` is taken until none is left."""
    s = game().position(
        fronts=(["歩兵", "魔術師"], []),
        rears=(["騎士", "弓兵", "伝令"], []),
        unions=({0: "将軍グラン"}, {}),
        start="union",
    )
    for _ in range(100):
        acts = [a for a in s.legal_actions() if a.kind != "done"]
        if not acts:
            break
        s.apply(acts[-1])
    else:
        pytest.fail("the union phase did not end")
    assert s.phase == UNION and legal(s) == ["done"]


def test_summons_are_counted_per_turn_for_each_player():
    """「また速攻召喚も召喚の一種なので1ターンに4体までの制約があります。」 — every turn starts each
    player's count afresh (before the audit the player who was not in turn kept the count of the バトルター
    ン)."""
    s = game().position(
        fronts=(["歩兵"], []),
        rears=([], ["死霊術師"]),
        graves=([], ["歩兵", "歩兵", "竜騎士"]),
        start="spell",
    )
    do(s, "activate p2/後衛/死霊術師 -> 竜騎士@前衛")
    assert s.phase == ATTACK and s.summons == [0, 1]
    while s.phase != MAIN:
        do(s, legal(s)[-1])
    assert s.round == 2 and s.turn_seat == 0
    assert s.summons == [0, 0]


def test_a_ritual_turns_itself_face_down_and_pays_its_cost_with_other_cards():
    """「しかしダメージによって本陣から冥府に送られた時だけ、自身を表向きから裏向きにする事で効果を発動でき
    ます。」 and 「これは「発動コスト」といい、上の条件を満たしている状態で発動コストを支払い、初めて効果は
    発動できます。」: turning itself face down is how a 術式 fires; its 発動コスト is paid besides, by 転生
    of other cards."""
    kw = {
        "fronts": (["猫斥候"], ["歩兵"]),
        "tapped": ([], ["歩兵"]),
        "decks": (["歩兵"] * 10, ["獣の祭壇"] + ["歩兵"] * 10),
        "start": "battle",
    }
    s = game().position(**kw)
    do(s, "attack p1/前衛/猫斥候", "take")  # 1 damage mills 獣の祭壇 (発動コスト 1)
    assert not offered(s)  # no other face-up 冥府 card to pay (1) with
    s = game().position(**kw, graves=([], ["騎士"]))
    do(s, "attack p1/前衛/猫斥候", "take")
    assert offered(s) and "use p2/冥府/獣の祭壇 -> p2/前衛/歩兵" in legal(s)
    do(s, "use p2/冥府/獣の祭壇 -> p2/前衛/歩兵")
    assert faces(s, 1) == [False, False]  # 騎士 paid the (1); 獣の祭壇 turned itself face down
    assert not s.flags[unit(s, 1, "歩兵")] & TAPPED


def test_a_ritual_counts_the_units_that_are_not_destroyed():
    """Our decision, as for a 英雄's 階級: 「自軍にユニット2体以上」 (死の儀式) counts units that are not
    destroyed — a destroyed unit (破壊状態) waits to leave the field."""
    kw = {
        "fronts": (["猫斥候"], ["歩兵", "騎士"]),
        "decks": (["歩兵"] * 10, ["死の儀式"] + ["歩兵"] * 10),
        "start": "battle",
    }
    s = game().position(**kw, tapped=([], ["歩兵"]), destroyed=([], ["騎士"]))
    do(s, "attack p1/前衛/猫斥候", "take")
    assert not offered(s)
    s = game().position(**kw, tapped=([], ["歩兵", "騎士"]))
    do(s, "attack p1/前衛/猫斥候", "take")
    assert offered(s) and "use p2/冥府/死の儀式 -> p1/前衛/猫斥候" in legal(s)


RITES = """
[slow_rite]
name = "遅い儀式"
name_en = "Slow Rite"
type = "ritual"
race = "人間"
summon = 1
speed = 1
attack = 0
defense = 1
effect = { kind = "術式", place = "冥府", cost = 0, do = "draw", amount = 1 }
text = "術式/冥府(0): カードを1枚ドロー。"
text_en = "Ritual (0): draw a card."

[fast_rite]
name = "速い儀式"
name_en = "Fast Rite"
type = "ritual"
race = "人間"
summon = 1
speed = 3
attack = 0
defense = 1
effect = { kind = "術式", place = "冥府", cost = 0, do = "draw", amount = 1 }
text = "術式/冥府(0): カードを1枚ドロー。"
text_en = "Ritual (0): draw a card."
"""


def test_rituals_milled_by_one_damage_are_offered_by_speed(tmp_path):
    """Our decision for effects usable at the same moment
    (「また発動は速度の高いカードから先に発動できます。」, the page's order for 起動 effects): the 術式
    cards one damage mills are offered by 速度 as one batch, not in the order they were milled."""
    path = tmp_path / "rites.toml"
    path.write_text(RITES, encoding="utf-8")
    g = GenesisGame(cards_path=f"+{path}")
    s = g.position(
        fronts=(["騎士"], []), decks=(["歩兵"] * 10, ["遅い儀式", "速い儀式"] + ["歩兵"] * 10), start="battle"
    )
    do(s, "attack p1/前衛/騎士", "take")
    assert offered(s) and legal(s)[-1] == "decline p2/冥府/速い儀式"


# ====================================================================== rules confirmed
def test_worked_example_accumulated_damage():
    """The page's example: 「例として防衛が5のユニットが2ダメージ受けても破壊はされません。」「しかし防衛は
    ダメージ分減少します。5から3に減少します。」「例では防衛が3に低下しているので次に3ダメージを受ければ破
    壊されてしまいます。」"""
    s = game().position(
        fronts=(["火竜"], ["熊戦士", "竜騎士"]),
        rears=(["歩兵"], []),
        graves=(["歩兵"] * 2, []),
        decks=(["死の儀式"] + ["歩兵"] * 10, ["歩兵"] * 10),
        start="spell",
    )
    bear = unit(s, 1, "熊戦士")
    do(s, "activate p1/前衛/火竜 -> p2/前衛/熊戦士")
    assert s.defense(bear) == 3 and not s.flags[bear] & DESTROYED
    while s.phase != ATTACK:
        do(s, "pass")
    do(s, "attack p2/前衛/竜騎士", "take")  # 3 damage mills P1's 死の儀式 (P1 has 2 units)
    do(s, "use p1/冥府/死の儀式 -> p2/前衛/熊戦士")  # 3 damage
    assert s.flags[bear] & DESTROYED


@pytest.mark.parametrize(
    ("blocker", "destroyed", "damage"),
    [("熊戦士", False, 2), ("幼竜", True, 0)],
    ids=["the defender wins", "a draw"],
)
def test_worked_example_the_battle_lists(blocker, destroyed, damage):
    """○戦闘 — 「防御側の勝利」: 「攻撃側は破壊されない。」 「防御側の防衛は攻撃側の攻撃の値だけ減少する(こ
    れを蓄積ダメージという)。」 「攻撃側は本陣の上から2枚を冥府に送るが、これはダメージではない。」 — 「引
    き分け」: 「防御側は破壊される。」 「攻撃側は本陣の上から2枚を冥府に送る。これもダメージではない。」"""
    s = game().position(
        fronts=(["歩兵"], [blocker]),
        decks=(["死の儀式", "死の儀式"] + ["歩兵"] * 10, ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/歩兵", f"block p2/前衛/{blocker}")
    b, a = unit(s, 1, blocker), unit(s, 0, "歩兵")
    assert not s.flags[a] & DESTROYED
    assert bool(s.flags[b] & DESTROYED) == destroyed and s.dmg[b] == damage
    assert zone(s, 0, GRAVE)[:2] == ["死の儀式", "死の儀式"]  # 2 cards, and no 術式 offered: not damage
    assert not any(e.code in ("ritual", "decline") for e in s.log)


def test_a_direct_attack_is_battle_damage():
    """「直接攻撃の場合は攻撃を受けたプレイヤーの本陣から攻撃側の攻撃の数値だけ本陣の上からカードを冥府に表
    向きで送らなければなりません。このダメージは戦闘ダメージですが、戦闘に勝利したという事にはなりません。」
    """
    s = game().position(fronts=(["騎士"], []), start="battle")
    do(s, "attack p1/前衛/騎士")
    assert legal(s) == ["take"]  # 「または防御できるカードが無かった場合」
    do(s, "take")
    assert len(s.z(1, GRAVE)) == 4 and all(faces(s, 1))


def test_upkeep_counts_every_card_on_the_field_a_union_two_a_destroyed_one_too():
    """「その後に自分の場(自軍と呼びます)に出ているカードの枚数だけ本陣の上からカードを表向きで冥府に送りま
    す。」「ただし維持コストは1体分にはならず、2体分必要になります。」 A destroyed card is still on the
    field."""
    s = game().position(
        fronts=(["歩兵"], []),
        unions=({0: "騎士"}, {}),
        rears=(["弓兵"], []),
        destroyed=(["弓兵"], []),
        start="standby",
    )
    assert [e.arg("count") for e in s.log if e.code == "upkeep"] == [3]
    assert zone(s, 0, GRAVE) == ["歩兵"] * 3


def test_the_third_empty_deck_loses_at_that_moment_even_in_a_payment():
    """「2回サイクルしている状態で本陣にカードが無くなった時点で、負けです。」 — in the middle of a summon
    cost, the unit is never placed."""
    s = game().position(hands=(["騎士"], []), decks=(["歩兵", "歩兵"], ["歩兵"] * 10), cycles=(2, 0))
    do(s, "summon 騎士 -> 前衛")
    assert s.is_over and s.outcome().winner == 1
    assert not any(e.code == "summon" for e in s.log)


def test_a_cycle_takes_back_only_the_face_up_underworld_cards():
    """「自分の本陣にカードが無くなった時、自分の冥府で表向きになっているカードを本陣に戻せます。」 — at
    once (a player cannot go on without a 本陣: our reading of 「戻せます」)."""
    s = game().position(
        hands=(["騎士"], []), decks=(["歩兵", "歩兵"], ["歩兵"] * 10), graves=(["~弓兵", "魔術師"], [])
    )
    do(s, "summon 騎士 -> 前衛")  # 召喚 3: two cards, the サイクル, then one more from the new 本陣
    assert s.cycles[0] == 1 and zone(s, 0, GRAVE)[0] == "弓兵" and len(s.z(0, DECK)) == 2
    assert sorted(zone(s, 0, GRAVE)[1:] + zone(s, 0, DECK)) == ["歩兵", "歩兵", "魔術師"]


def test_every_effect_but_a_continuous_one_is_optional():
    """「召喚効果は召喚効果を持つユニットを召喚した時に発動できます。」 「対応効果は条件が揃った時に好きな
    タイミングで発動できます。」 「起動効果の発動は任意なので発動しないという事もできます。」 「なお術式ユ
    ニットが冥府に送られてたから効果は絶対発動しなければならない、というわけではありません。」"""
    s = game().position(hands=(["風精"], []), graves=(["歩兵"], []))
    do(s, "summon 風精 -> 前衛")
    assert legal(s)[-1] == "decline p1/前衛/風精"
    do(s, "decline p1/前衛/風精")
    assert s.phase == MAIN
    s = game().position(fronts=(["騎士"], ["夢魔"]), graves=([], ["歩兵"]), start="battle")
    do(s, "attack p1/前衛/騎士", "decline p2/前衛/夢魔")
    assert s.attack(unit(s, 0, "騎士")) == 4
    s = game().position(fronts=(["火竜"], ["歩兵"]), graves=(["歩兵"] * 2, []), start="spell")
    assert "pass" in legal(s)
    s = game().position(
        fronts=(["騎士"], ["歩兵", "歩兵"]),
        decks=(["歩兵"] * 10, ["死の儀式"] + ["歩兵"] * 10),
        tapped=([], ["歩兵"]),
        start="battle",
    )
    do(s, "attack p1/前衛/騎士", "take", "decline p2/冥府/死の儀式")
    assert faces(s, 1)[0]  # it stays face up


def test_a_quick_summon_skips_only_the_cost_a_hero_still_needs_its_rank():
    """「この速攻召喚とは召喚コストが不要な召喚です。」 「普通の召喚で必要な召喚コストを無視して、戦域にカ
    ードを呼び出す事ができるのです。」 — only the cost: a 英雄 still needs its 階級 (「ただし、特定のカード
    は召喚コストに加えて特定の条件で召喚できるものがいます。」)."""
    kw = {
        "graves": (["魔将ゼブル", "小悪魔"], []),
        "decks": (["魔界召喚陣"] + ["歩兵"] * 10, ["歩兵"] * 10),
        "fronts": ([], ["竜騎士"]),
        "start": "battle",
    }
    s = game().position(**kw, rears=(["歩兵", "騎士"], []))
    do(s, "attack p2/前衛/竜騎士", "take")
    assert offered(s)
    assert {a for a in legal(s) if a.startswith("use")} == {
        "use p1/冥府/魔界召喚陣 -> 小悪魔@前衛",
        "use p1/冥府/魔界召喚陣 -> 小悪魔@後衛",
    }
    s = game().position(**kw, rears=(["魔兵", "夢魔"], []))
    do(s, "attack p2/前衛/竜騎士", "take")
    assert "use p1/冥府/魔界召喚陣 -> 魔将ゼブル@前衛" in legal(s)
    do(s, "use p1/冥府/魔界召喚陣 -> 魔将ゼブル@前衛")
    assert zone(s, 0, FRONT) == ["魔将ゼブル"]
    assert [e.code for e in s.log].count("quick_summon") == 1


def test_the_end_phase_deals_with_the_turn_players_destroyed_units():
    """Our reading of 「またこの時に破壊状態となっているカードを手札に戻すか、戻さずに冥府に表向きで送るか
    を選択します。」 with 「手札に戻す事を選択した場合、本陣の上から1枚を冥府に表向きで送らなければなりませ
    ん。」: the player who ends the turn chooses for their own cards (their hand, their 本陣); the other's
    wait for their own エンド / リーブフェイズ."""
    s = game().position(fronts=([], ["歩兵"]), destroyed=([], ["歩兵"]))
    do(s, "end")
    assert s.turn_seat == 1 and s.phase == MAIN  # P1 was not asked about P2's card
    do(s, "end")
    assert set(legal(s)) == {"return p2/前衛/歩兵", "bury p2/前衛/歩兵"}


def test_neither_card_of_a_union_uses_effects():
    """「ユニオン状態のカードは効果と技能が使えません。」 — the cards in the union, the 前衛 card as much
    as the one laid on it (the next sentence says 「ユニオン状態の後衛」 where it means the laid card
    alone)."""
    s = game().position(
        fronts=(["火精"], ["歩兵"]),
        unions=({0: "風精"}, {}),
        graves=(["歩兵"] * 2, []),
        start="spell",
        advance=True,
    )
    assert s.phase == ATTACK  # 火精 (起動/前衛) in a union: no spell decision at all


def test_a_tapped_or_destroyed_unit_cannot_respond():
    """「疲労状態のカードは効果を使えません。」; our decision: a destroyed unit (破壊状態) uses no effect
    either."""
    s = game().position(
        fronts=(["騎士"], ["夢魔"]), tapped=([], ["夢魔"]), graves=([], ["歩兵"]), start="battle"
    )
    do(s, "attack p1/前衛/騎士")
    assert not offered(s) and legal(s) == ["take"]
    s = game().position(
        fronts=(["騎士"], ["歩兵"]), rears=([], ["骸骨兵"]), destroyed=([], ["骸骨兵"]), start="battle"
    )
    do(s, "attack p1/前衛/騎士", "block p2/前衛/歩兵")
    assert s.flags[unit(s, 1, "歩兵")] & DESTROYED and not offered(s)


def test_a_quick_summon_in_the_battle_phase_may_block():
    """「なんらかの方法でバトルフェイズ中にカードが召喚された場合、そのカードは防御こそできますが攻撃はでき
    ません。」"""
    s = game().position(
        fronts=(["竜騎士", "騎士"], ["歩兵"]),
        tapped=([], ["歩兵"]),
        hands=([], ["偵察ドローン"]),
        decks=(["歩兵"] * 10, ["起動回路", "歩兵", "歩兵"] + ["歩兵"] * 10),
        start="battle",
    )
    do(s, "attack p1/前衛/竜騎士", "take", "use p2/冥府/起動回路 -> 偵察ドローン@前衛")
    assert s.speed == 3 and s.current_player == 0  # the drone (速度4) may not attack
    do(s, "attack p1/前衛/騎士")
    assert "block p2/前衛/偵察ドローン" in legal(s)


def test_drawing_is_mandatory():
    """「本陣から1枚ドローしてください。」
    「これは強制です。引きたくないから引かない、というのは駄目です。」"""
    s = game().position(start="standby")
    assert len(s.z(0, HAND)) == 1 and s.phase == MAIN


# ====================================================================== the union audit
def test_a_damaged_rear_card_lends_its_defense_less_its_damage():
    """「代わりにユニオン状態の後衛の攻撃・防衛の数値を重ねている前衛の攻撃・防衛にプラスします。」 and
    「しかし防衛はダメージ分減少します。」 — a 後衛 card with 蓄積ダメージ lends its 防衛 less the damage: the
    damage goes onto the 前衛 card with it (the union is one unit), and stays there when the union is
    released."""
    s = game().position(
        fronts=(["魔兵"], []), rears=(["小悪魔"], []), damage=({"小悪魔": 1}, {}), start="union"
    )
    imp, soldier = unit(s, 0, "小悪魔", REAR), unit(s, 0, "魔兵")
    assert "防衛+1" in s.game.label(s, next(a for a in s.legal_actions() if a.kind == "union"))[0]
    do(s, "union p1/後衛/小悪魔 -> p1/前衛/魔兵")
    assert (s.attack(soldier), s.defense(soldier)) == (3 + 1, 3 + 2 - 1)
    assert s.dmg[soldier] == 1 and s.dmg[imp] == 0
    do(s, "release p1/前衛/魔兵")
    assert (s.defense(soldier), s.defense(imp)) == (3 - 1, 2)
    # a damaged union that loses the released card's 防衛 can be left at 0: destroyed
    s = game().position(
        fronts=(["魔兵"], []), rears=(["小悪魔"], []), damage=({"小悪魔": 1, "魔兵": 2}, {}), start="union"
    )
    soldier = unit(s, 0, "魔兵")
    do(s, "union p1/後衛/小悪魔 -> p1/前衛/魔兵")
    assert s.defense(soldier) == 2 and not s.flags[soldier] & DESTROYED
    do(s, "release p1/前衛/魔兵")
    assert s.flags[soldier] & DESTROYED


FULL = {
    "fronts": (["歩兵", "騎士", "弓兵", "魔術師", "伝令"], []),
    "rears": (["屍人", "骸骨兵", "亡霊", "若巨人", "将軍グラン"], []),
}


def test_with_both_rows_full_a_front_and_a_rear_unit_swap():
    """「ここでは自軍戦域のカードの配置を好きに変更できます。」
    「前衛を後衛に、後衛を前衛に移動させられます。」 — with five units in each row no unit can move alone
    (「それぞれ5体までしか置けないので配置には注意してください。」), so a 前衛 unit and a 後衛 unit change
    places in one action (swap). Each changes row once a phase, as with a move."""
    s = game().position(**FULL, start="union")
    acts = legal(s)
    assert not any(a.startswith(("to-front", "to-rear")) for a in acts)
    assert sum(a.startswith("swap") for a in acts) == 25
    do(s, "swap p1/前衛/騎士 -> p1/後衛/将軍グラン")
    assert sorted(zone(s, 0, FRONT)) == sorted(["歩兵", "将軍グラン", "弓兵", "魔術師", "伝令"])
    assert sorted(zone(s, 0, REAR)) == sorted(["屍人", "骸骨兵", "亡霊", "若巨人", "騎士"])
    acts = legal(s)
    assert not any("騎士" in a or "将軍グラン" in a for a in acts if a.startswith("swap"))
    assert sum(a.startswith("swap") for a in acts) == 16
    # a 前衛 card brought to the 後衛 by a swap may be laid on a slower 前衛 unit of its 種族
    do(s, "union p1/後衛/騎士 -> p1/前衛/歩兵")
    assert zone(s, 0, FRONT)[0] == "歩兵" and s.attack(unit(s, 0, "歩兵")) == 2 + 4 + 1  # + 将軍グラン's aura
    # with a place free again, units move alone: no swap
    assert not any(a.startswith("swap") for a in legal(s))
    # a union does not swap (it goes to the 後衛 only after it is released), a destroyed card does
    s = game().position(**FULL, unions=({0: "騎士"}, {}), destroyed=(["弓兵"], []), start="union")
    acts = legal(s)
    assert not any(a.startswith("swap p1/前衛/歩兵") for a in acts)
    assert "swap p1/前衛/弓兵 -> p1/後衛/屍人" in acts
    # and the phase still ends
    for _ in range(100):
        acts2 = [a for a in s.legal_actions() if a.kind != "done"]
        if not acts2:
            break
        s.apply(acts2[-1])
    else:
        pytest.fail("the union phase did not end")


def test_a_destroyed_union_is_not_released():
    """「またユニオンユニットは2体で1体のユニットとして扱われます。」 「どちらかが冥府に送られたり効果を受け
    ると、両方に同じ効果が適用されます。」 — a destroyed union is destroyed whole and leaves the field whole:
    releasing it would split it into a destroyed card and one that is not."""
    kw = {"fronts": (["歩兵"], []), "unions": ({0: "騎士"}, {})}
    s = game().position(**kw, destroyed=(["歩兵"], []), start="union")
    assert legal(s) == ["done"]
    s = game().position(**kw, start="union")
    assert "release p1/前衛/歩兵" in legal(s)


# ====================================================================== the quotes are the page's
def _quotes(text: str) -> list[str]:
    """Top-level 「…」 quotes (a quote may hold quotes of its own)."""
    out, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch == "「":
            if depth == 0:
                start = k + 1
            depth += 1
        elif ch == "」" and depth:
            depth -= 1
            if depth == 0:
                out.append(text[start:k])
    return out


def _pieces(quote: str) -> list[str]:
    """A quote may leave words out with …: each piece must be the page's text."""
    return [p.strip() for p in re.split("…", quote) if p.strip()]


def test_every_rulebook_quote_is_the_pages_text():
    # a quote may run over the page's lines (one sentence a line): compared with the lines joined
    page = re.sub(r"\s*\n\s*", "", RULEBOOK.read_text(encoding="utf-8"))
    cards = GenesisGame().cardset
    card_texts = " ".join(str(c.get("text", "")) for c in cards)
    ours = {"種類/場所(コスト)"}  # how RULES.md names the format of an effect's label, not a quote
    checked = 0
    wrong: list[str] = []
    sources = [
        (f.__name__, f.__doc__ or "")
        for f in globals().values()
        if callable(f) and f.__name__.startswith("test_")
    ]
    sources.append(("RULES.md", RULES_MD.read_text(encoding="utf-8")))
    for where, text in sources:
        for q in _quotes(text):
            for piece in _pieces(re.sub(r"\s*\n\s*", "", q)):
                if piece in ours or piece in card_texts or not re.search(r"[ぁ-んァ-ン一-龥]", piece):
                    continue
                if piece not in page:
                    wrong.append(f"{where}: 「{piece}」")
                checked += 1
    assert not wrong, "not the rulebook's text:\n" + "\n".join(wrong)
    assert checked > 40
