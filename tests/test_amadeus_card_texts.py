"""アマデウス: every card of the pool does what its Japanese text says (issue 23). One table, at least one row
per card: the card, a fragment of its text (``text`` in cards.toml) the row checks, and the check — a scenario
built from a position that plays the card and looks at what happened. Cards the engine cannot play are checked
to be refused by deck check and never offered; the 疑心ゾーン's two cards are played from their zone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tefuda.core import load_game
from tefuda.games.amadeus.phase_ids import TAPPED
from tefuda.games.amadeus.zones import BATTLE, DECK, GRAVE, HAND, MANA, NZ, SHIELDS, SUSPICION
from tests.amadeus_helpers import act, codes, names, pay_all

GAME = load_game("amadeus")
CS = GAME.cardset
FILLER = "汚れた者スケルトンソルジャー"  # 3000, no ability
BIG = "光輪の精霊シャウナ"  # 9500
# mana that pays for anything of one 文明 (spells: no same-name copy of a creature under test comes public)
CIV_MANA = {
    "light": ["ホーリー・スパーク", "ソーラー・レイ"],
    "water": ["テレポーテーション", "スパイラル・ゲート"],
    "darkness": ["デス・スモーク", "ゴースト・タッチ"],
    "fire": ["マグマ・ゲイザー", "クリムゾン・ハンマー"],
    "nature": ["アルティメット・フォース", "ナチュラル・トラップ"],
}


def mana_for(name: str, n: int = 0) -> list[str]:
    """Untapped mana enough for the card (at least one card of each of its 文明), none of its name."""
    c = CS.find(name)
    civs = c.get("civ")
    cost = max(n, c.get("cost"))
    out = []
    for k in range(cost):
        civ = civs[k % len(civs)]
        pick = [m for m in CIV_MANA[civ] if m != name]
        out.append(pick[(k // len(civs)) % len(pick)])
    return out


def play(s, name: str) -> None:
    """Summon or cast a card from P1's hand and pay for it."""
    kind = "cast" if CS.find(name).type == "spell" else "summon"
    act(s, f"{kind} {name}")
    pay_all(s)


def entered(name: str, **kw: Any):
    """P1 plays the card from the hand with exactly enough mana."""
    spec: dict[str, Any] = dict(hands=([name], []), mana=(mana_for(name), []))
    spec.update(kw)
    s = GAME.position(**spec)
    play(s, name)
    return s


def attacking(name: str, target: str = "player", **kw: Any):
    """P1's card (in the battle zone since last turn) attacks."""
    spec: dict[str, Any] = dict(battle=([name], []), step="attack")
    spec.update(kw)
    s = GAME.position(**spec)
    act(s, f"attack 1 {target}")
    if s.pending is not None and s.pending.what == "invasion":
        act(s, "no-invasion")
    return s


def power_in_battle(s) -> int:
    return dict(next(e for e in s.log if e.code == "battle").args)["power"]


# ---------------------------------------------------------------------- checks (each takes the card's name)
def vanilla(name: str) -> None:
    """(能力なし): it enters, nothing else happens, it is summoning sick; its パワー is the printed one."""
    s = entered(name)
    assert names(s, 0, BATTLE) == [name] and s.pending.what == "main"
    assert [c for c in codes(s) if c not in ("play", "summon")] == []
    inst = s.zones[BATTLE][0]
    assert s.power(inst) == CS.find(name).get("power") and s.sick(inst)


def blocker(name: str) -> None:
    """ブロッカー: when the opponent's creature attacks, it may tap to become the target."""
    s = GAME.position(battle=([FILLER], [name]), step="attack")
    act(s, "attack 1 player")
    assert s.pending.what == "block" and s.to_move == 1
    act(s, "block 1")
    assert "battle" in codes(s) and len(s.zones[NZ + SHIELDS]) == 5


def no_attack_players(name: str) -> None:
    """プレイヤーを攻撃できない: only the opponent's tapped creatures are its targets."""
    s = GAME.position(battle=([name], [f"~{FILLER}"]), step="attack")
    attacks = [a for a in s.legal_actions() if a.kind == "attack"]
    assert [s.notation(a) for a in attacks] == ["attack 1 1"]


def no_attack(name: str) -> None:
    """攻撃できない: never offered as an attacker."""
    s = GAME.position(battle=([name], [f"~{FILLER}"]), step="attack")
    assert [a.kind for a in s.legal_actions()] == ["end-turn"]


def breaker(n: int) -> Callable[[str], None]:
    def check(name: str) -> None:
        """W・ブレイカー (2) / T・ブレイカー (3): one unblocked hit breaks that many shields."""
        s = attacking(name)
        assert s.pending.what == "shields" and s.pending.min == s.pending.max == n

    return check


def single_breaker(name: str) -> None:
    """No breaker: one hit breaks one shield."""
    s = attacking(name)
    assert s.pending.what == "shields" and s.pending.max == 1


def power_attacker(n: int) -> Callable[[str], None]:
    def check(name: str) -> None:
        """パワーアタッカー+N: +N while attacking (a battle with a tapped creature shows it)."""
        s = attacking(name, "1", battle=([name], [f"~{BIG}"]))
        assert power_in_battle(s) == CS.find(name).get("power") + n

    return check


def slayer(name: str) -> None:
    """スレイヤー: after its battle the other creature is destroyed, even when it loses."""
    s = attacking(name, "1", battle=([name], [f"~{BIG}"]))
    assert names(s, 0, GRAVE) == [name] and names(s, 1, GRAVE) == [BIG]


def unblockable(name: str) -> None:
    """ブロックされない: the defender is never asked to block it."""
    s = attacking(name, battle=([name], ["翡翠樹"]))
    assert s.pending is None or s.pending.what != "block"
    assert "block" not in codes(s)


def unblockable_by_3000(name: str) -> None:
    """パワー3000以下のクリーチャーにブロックされない: a 3000 blocker may not, a 4000 one may."""
    s = attacking(name, battle=([name], ["狩猟魚"]))  # 3000
    assert s.pending is None or s.pending.what != "block"
    s = attacking(name, battle=([name], ["翡翠樹"]))  # 4000
    assert s.pending.what == "block"


def attack_untapped(name: str) -> None:
    """アンタップしているクリーチャーを攻撃できる."""
    s = GAME.position(battle=([name], [FILLER]), step="attack")
    assert "attack 1 1" in [s.notation(a) for a in s.legal_actions()]


def must_attack(name: str) -> None:
    """各ターン可能であれば攻撃する: the turn cannot end while it can attack; once it has, it can."""
    s = GAME.position(battle=([name], []), step="attack")
    assert "end-turn" not in [a.kind for a in s.legal_actions()]
    act(s, "attack 1 player")
    s.apply(s.legal_actions()[0])  # the shield
    act(s, "done")
    assert "end-turn" in [a.kind for a in s.legal_actions()]


def to_mana_on_destroy(name: str) -> None:
    """破壊された時、墓地に置くかわりにマナゾーンに置く."""
    s = GAME.position(
        hands=(["デーモン・ハンド"], []), mana=(mana_for("デーモン・ハンド"), []), battle=([], [name])
    )
    play(s, "デーモン・ハンド")
    act(s, "pick p2.battle#1")
    assert names(s, 1, MANA) == [name] and names(s, 1, GRAVE) == []


def untap_at_end(name: str) -> None:
    """自分のターンの終わりに、このクリーチャーをアンタップしてもよい."""
    s = attacking(name)
    while s.pending.what == "shields":
        s.apply(s.legal_actions()[0])
    act(s, "done")
    act(s, "end-turn")
    assert s.pending.what == "untap"
    act(s, "yes")
    assert not s.flags[s.zones[BATTLE][0]] & TAPPED


def grave_bonus(name: str) -> None:
    """攻撃中、自分の墓地にある火のカード1枚につき、パワー+1000 (a non-fire card does not count)."""
    s = attacking(
        name, "1", battle=([name], [f"~{BIG}"]), graves=(["不死身男爵ボーグ", "マグマ・ゲイザー", FILLER], [])
    )
    assert power_in_battle(s) == 6000 + 2000


def shields_to_grave(name: str) -> None:
    """ブレイクした相手のシールドは、手札ではなく墓地に置かれる (no S・トリガー check)."""
    s = attacking(name, shields=(5, ["デーモン・ハンド", FILLER]))
    assert sorted(names(s, 1, GRAVE)) == sorted(["デーモン・ハンド", FILLER]) and names(s, 1, HAND) == []


def shield_trigger(name: str) -> None:
    """S・トリガー: broken from a shield, it may be used for free (no mana tapped)."""
    s = GAME.position(
        battle=([FILLER, "~" + FILLER], []), shields=(5, [name]), step="attack", mana=([], ["デス・スモーク"])
    )
    act(s, "attack 1 player")
    assert f"use {name}" in [s.notation(a) for a in s.legal_actions()]
    act(s, f"use {name}")
    act(s, "done")
    while s.pending is not None and s.pending.kind != "menu":
        s.apply(s.legal_actions()[0])  # its target, if any
    if s.pending is not None and s.pending.what == "search":
        act(s, "done")
    assert name not in names(s, 1, HAND) and not s.flags[s.zones[NZ + MANA][0]] & TAPPED


# spells and "enters" effects -------------------------------------------------
def tap_one(name: str) -> None:
    """相手のクリーチャーを1体選び、タップする."""
    s = entered(name, battle=([], [FILLER, BIG]))
    act(s, "pick p2.battle#2")
    assert [s.tapped(i) for i in s.zones[NZ + BATTLE]] == [False, True]


def tap_all(name: str) -> None:
    """相手のクリーチャーをすべてタップする."""
    s = entered(name, battle=([FILLER], [FILLER, BIG]))
    assert all(s.tapped(i) for i in s.zones[NZ + BATTLE]) and not s.tapped(s.zones[BATTLE][0])


def draw_may(name: str) -> None:
    """バトルゾーンに出した時、カードを1枚引いてもよい."""
    s = entered(name)
    assert s.pending.what == "may"
    act(s, "yes")
    assert len(s.zones[HAND]) == 1
    s = entered(name)
    act(s, "no")
    assert len(s.zones[HAND]) == 0


def bounce_one(name: str) -> None:
    """バトルゾーンのクリーチャーを1体選び、持ち主の手札に戻す (either player's)."""
    s = entered(name, battle=([FILLER], [BIG]))
    assert s.pending.what == "target" and s.pending.min == s.pending.max == 1
    act(s, "pick p1.battle#1")
    assert names(s, 0, HAND) == [FILLER]


def bounce_two(name: str) -> None:
    """バトルゾーンのクリーチャーを2体まで選び、持ち主の手札に戻す (0 to 2)."""
    s = entered(name, battle=([FILLER], [BIG, "翡翠樹"]))
    assert s.pending.min == 0 and s.pending.max == 2
    act(s, "pick p1.battle#1")
    act(s, "pick p2.battle#1")  # the second: the most it may choose
    assert names(s, 0, HAND) == [FILLER] and names(s, 1, HAND) == [BIG]


def discard_random_1(name: str) -> None:
    """相手の手札を1枚ランダムに選び、捨てさせる."""
    s = entered(name, hands=([name], [FILLER, BIG, "翡翠樹"]))
    assert len(s.zones[NZ + HAND]) == 2 and len(s.zones[NZ + GRAVE]) == 1


def discard_per_shield(name: str) -> None:
    """自分のシールド1枚につき、相手の手札を1枚ランダムに選び、捨てさせる."""
    s = entered(name, hands=([name], [FILLER, BIG, "翡翠樹", "狩猟魚"]), shields=(3, 5))
    assert len(s.zones[NZ + HAND]) == 1 and len(s.zones[NZ + GRAVE]) == 3


def discard_all(name: str) -> None:
    """相手は自分の手札をすべて捨てる."""
    s = entered(name, hands=([name], [FILLER, BIG]))
    assert names(s, 1, HAND) == [] and sorted(names(s, 1, GRAVE)) == sorted([FILLER, BIG])


def destroy_untapped(name: str) -> None:
    """相手のアンタップしているクリーチャーを1体選び、破壊する (a tapped one is no target)."""
    s = entered(name, battle=([], [f"~{BIG}", FILLER]))
    assert s.pending.options == (s.zones[NZ + BATTLE][1],)
    act(s, "pick p2.battle#2")
    assert names(s, 1, GRAVE) == [FILLER]


def destroy_enemy(name: str) -> None:
    """相手のクリーチャーを1体選び、破壊する (not one's own)."""
    s = entered(name, battle=([FILLER], [f"~{BIG}"]))
    assert s.pending.options == tuple(s.zones[NZ + BATTLE])
    act(s, "pick p2.battle#1")
    assert names(s, 1, GRAVE) == [BIG]


def destroy_enemy_max(n: int) -> Callable[[str], None]:
    def check(name: str) -> None:
        """相手のパワーN以下のクリーチャーを1体選び、破壊する."""
        small = {2000: "アクア・ガード", 4000: "翡翠樹"}[n]
        s = entered(name, battle=([FILLER], [small, BIG]))
        assert s.pending.options == (s.zones[NZ + BATTLE][0],)
        act(s, "pick p2.battle#1")
        assert names(s, 1, GRAVE) == [small]

    return check


def destroy_any_2000_may(name: str) -> None:
    """パワー2000以下のクリーチャーを1体選び、破壊してもよい (either side's, itself included)."""
    s = entered(name, battle=(["アクア・ガード", FILLER], ["予言者リュゾル", BIG]))
    assert s.pending.what == "may"
    act(s, "yes")
    assert s.pending.min == s.pending.max == 1 and len(s.pending.options) == 3  # guard, itself, リュゾル
    act(s, "pick p2.battle#1")
    assert names(s, 1, GRAVE) == ["予言者リュゾル"]
    s = entered(name, battle=([], ["予言者リュゾル"]))
    act(s, "no")
    assert names(s, 1, BATTLE) == ["予言者リュゾル"]


def mana_to_grave(n: int) -> Callable[[str], None]:
    def check(name: str) -> None:
        """自分のマナゾーンのカードをN枚選び、墓地に置く (compulsory)."""
        s = entered(name, mana=(mana_for(name, len(mana_for(name)) + n + 1), []))
        assert s.pending.what == "target" and s.pending.min == s.pending.max == n
        for k in range(n):
            act(s, f"pick p1.mana#{k + 1}")
        if s.pending.what == "target":
            act(s, "done")
        assert len(s.zones[GRAVE]) == n

    return check


def top_to_mana(n: int) -> Callable[[str], None]:
    def check(name: str) -> None:
        """自分の山札の上からN枚をマナゾーンに置く."""
        s = entered(name, decks=(["翡翠樹", "狩猟魚", FILLER], [FILLER]))
        assert names(s, 0, MANA)[-n:] == ["翡翠樹", "狩猟魚"][:n]

    return check


def search(name: str) -> None:
    """自分の山札からクリーチャーを1枚探し、相手に見せてから手札に加える。その後、山札をシャッフルする."""
    s = entered(name, decks=(["デーモン・ハンド", "翡翠樹", FILLER], [FILLER]))
    assert sorted(s.notation(a) for a in s.legal_actions()) == sorted(
        ["take 翡翠樹", f"take {FILLER}", "done"]
    )
    act(s, "take 翡翠樹")
    assert "翡翠樹" in names(s, 0, HAND) and s.knows(1, s.zones[HAND][-1]) and len(s.zones[DECK]) == 2


def to_mana_enemy(name: str) -> None:
    """相手のクリーチャーを1体選び、持ち主のマナゾーンに置く."""
    s = entered(name, battle=([FILLER], [BIG]))
    act(s, "pick p2.battle#1")
    assert names(s, 1, MANA) == [BIG]


def grant(name: str) -> None:
    """自分のクリーチャーを1体選ぶ。このターン、そのクリーチャーはパワーアタッカー+4000とW・ブレイカーを得る
    ."""
    s = entered(name, battle=([FILLER], [f"~{BIG}"]))
    act(s, "pick p1.battle#1")
    att = s.zones[BATTLE][0]
    assert s.power(att, attacking=True) == 7000 and s.breaks(att) == 2
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.power(att, attacking=True) == 3000 and s.breaks(att) == 1  # このターン only


def mill(name: str) -> None:
    """自分の山札の上から2枚を墓地に置く。その後、相手の山札の上から2枚を墓地に置く."""
    s = entered(name, decks=(["翡翠樹", "狩猟魚", FILLER], ["予言者リュゾル", BIG, FILLER]))
    assert names(s, 0, GRAVE)[:2] == ["翡翠樹", "狩猟魚"] and names(s, 1, GRAVE) == ["予言者リュゾル", BIG]
    log = codes(s)
    assert log.index("milled") < len(log) - 1 - log[::-1].index("milled")  # the caster's first


def skip_turn(name: str) -> None:
    """バトルゾーンに出した時、このターンの残りをとばす (its end too)."""
    s = entered(name)
    assert s.active == 1 and "turn_skipped" in codes(s)


def shields_face_up(name: str) -> None:
    """自分のクリーチャー1体につき、シールドを1枚表向きにする (アマデウスでは自分のシールドのみ; itself
    counts)."""
    s = entered(name, battle=([FILLER], []), shields=(5, 5))
    assert s.pending.what == "target" and s.pending.min == 2
    assert all(s.owner[i] == 0 for i in s.pending.options)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert sum(1 for i in s.zones[SHIELDS] if s.flags[i] & 1) == 2


def reshuffle_shields(name: str) -> None:
    """自分のシールドをすべて山札に加えてシャッフルし、山札の上から同じ枚数をシールドにする."""
    s = entered(name, shields=(3, 5), decks=([FILLER] * 4, [FILLER]))
    assert len(s.zones[SHIELDS]) == 3 and len(s.zones[DECK]) == 4 and len(s.zones[NZ + SHIELDS]) == 5
    assert "reshuffled_shields" in codes(s)


def peek_discard(name: str) -> None:
    """相手の手札を見て1枚選び、捨てさせる."""
    s = entered(name, hands=([name], [FILLER, BIG]))
    assert all(s.knows(0, i) for i in s.zones[NZ + HAND])
    act(s, f"pick {BIG}")
    assert names(s, 1, GRAVE) == [BIG]


def evolution_civ(civ: str) -> Callable[[str], None]:
    def check(name: str) -> None:
        """進化-<文明>のクリーチャー1体の上に置く: only on such a creature; never summoning sick."""
        other = {"darkness": "予言者リュゾル", "light": FILLER}[civ]
        base = {"darkness": FILLER, "light": "予言者リュゾル"}[civ]
        s = GAME.position(hands=([name], []), mana=(mana_for(name), []), battle=([other, base], []))
        assert [s.notation(a) for a in s.legal_actions() if a.kind == "evolve"] == [f"evolve {name} 2"]
        act(s, f"evolve {name} 2")
        pay_all(s)
        while s.pending is not None and s.pending.what != "main":
            s.apply(s.legal_actions()[0])
        top = s.zones[BATTLE][1]
        assert CS[s.cards[top]].name == name and not s.sick(top) and names(s, 0, 6) == [base]

    return check


def invasion(civ: str) -> Callable[[str], None]:
    def check(name: str) -> None:
        """侵略-<文明>のコマンド: when one's Command of that 文明 attacks, free from the hand on top of it."""
        command = {"darkness": "暗黒の騎士ザガーン", "light": "浄化の精霊ウルス"}[civ]
        s = GAME.position(hands=([name], [FILLER, BIG]), battle=([command], []), step="attack")
        act(s, "attack 1 player")
        assert f"invade {name}" in [s.notation(a) for a in s.legal_actions()]
        act(s, f"invade {name}")
        while s.pending is not None and s.pending.what not in ("shields", "block"):
            s.apply(s.legal_actions()[0])
        assert names(s, 0, BATTLE) == [name] and s.attack is not None and s.attack[0] == s.zones[BATTLE][0]

    return check


def discard_random_2(name: str) -> None:
    """バトルゾーンに出た時、相手の手札を2枚ランダムに選び、捨てさせる."""
    s = GAME.position(
        hands=([name], [FILLER, BIG, "翡翠樹"]), mana=(mana_for(name), []), battle=([FILLER], [])
    )
    act(s, f"evolve {name} 1")
    pay_all(s)
    assert len(s.zones[NZ + HAND]) == 1 and len(s.zones[NZ + GRAVE]) == 2


def substitute(name: str) -> None:
    """破壊される時、かわりに手札のクリーチャーを1枚この下に置いてもよい."""
    s = GAME.position(
        hands=(["デーモン・ハンド"], [FILLER]),
        mana=(mana_for("デーモン・ハンド"), []),
        battle=([], [f"{name}<予言者リュゾル"]),
    )
    play(s, "デーモン・ハンド")
    act(s, "pick p2.battle#1")
    act(s, f"under {FILLER}")
    assert names(s, 1, BATTLE) == [name] and len(s.under(s.zones[NZ + BATTLE][0])) == 2


def stays_with_3(name: str) -> None:
    """下にカードが3枚以上あれば、バトルゾーンを離れない (destroyed, returned or put into mana)."""
    for spell in ("デーモン・ハンド", "スパイラル・ゲート", "ナチュラル・トラップ"):
        s = GAME.position(
            hands=([spell], []),
            mana=(mana_for(spell), []),
            battle=([], [f"{name}<予言者リュゾル<弾丸の使徒イーレ<追跡の使徒ローク"]),
        )
        play(s, spell)
        if s.pending.what == "target":
            act(s, "pick p2.battle#1")
        assert names(s, 1, BATTLE) == [name], spell


def unsupported(name: str) -> None:
    """A card the engine cannot play: deck check refuses it (either deck rule: under アマデウス a banned one
    is refused as banned first), it is never offered."""
    base = load_game("amadeus", {"base_only": True})
    problems = base.deck_problems(base.parse_deck(f"1 {name}", check=False))
    assert any("cannot play it yet" in why for _, why in problems)
    problems = GAME.deck_problems(GAME.parse_deck(f"1 {name}", check=False))
    assert any(line == 1 and ("cannot play it yet" in why or "banned" in why) for line, why in problems)
    s = GAME.position(hands=([name], []), mana=(mana_for(name), []))
    assert [a.kind for a in s.legal_actions()] == ["to-attack"]


def banned(ban: str) -> Callable[[str], None]:
    def check(name: str) -> None:
        """Banned under アマデウス (使用禁止 / 禁止カード): deck check refuses it whatever its count."""
        problems = GAME.deck_problems(GAME.parse_deck(f"1 {name}", check=False))
        assert any(ban in why and "banned in アマデウス" in why for _, why in problems), problems

    return check


def yellow(name: str) -> None:
    """自分のマナゾーンにカードが3枚以上あり…プレイしてよい。相手は手札をすべて見せる…ダウトが無ければ、自分の
    山札の上から1枚を自分の疑心ゾーンに表向きで置く."""
    s = GAME.position(
        active=1, mana=(mana_for(BIG, 3), []), hands=([], [BIG]), decks=([FILLER, "翡翠樹"], [FILLER])
    )
    act(s, "to-attack")
    act(s, "end-turn")
    act(s, "play")
    assert s.knows(0, s.zones[NZ + HAND][0]) and names(s, 0, SUSPICION)[-1] == "翡翠樹"


def red(name: str) -> None:
    """自分のシールドが2枚以下、かつ自分のイエローカードが裏向きならプレイしてよい…ダウトが無ければ、自分の
    山札の上から2枚を自分の疑心ゾーンに表向きで置く."""
    s = GAME.position(
        active=1,
        shields=(2, 5),
        suspicion_used=(True, False),
        hands=([], [BIG]),
        decks=([FILLER, "翡翠樹", "狩猟魚"], [FILLER]),
    )
    act(s, "to-attack")
    act(s, "end-turn")
    act(s, "play")
    assert names(s, 0, SUSPICION)[-2:] == ["翡翠樹", "狩猟魚"]


# ---------------------------------------------------------------------- the table: card, text fragment, check
ROWS: list[tuple[str, str, Callable[[str], None]]] = [
    # 光
    ("蒼天の守護者ラ・ウラ・ギガ", "ブロッカー", blocker),
    ("蒼天の守護者ラ・ウラ・ギガ", "プレイヤーを攻撃できない", no_attack_players),
    ("予言者リュゾル", "能力なし", vanilla),
    ("弾丸の使徒イーレ", "能力なし", vanilla),
    ("翡翠樹", "ブロッカー", blocker),
    ("翡翠樹", "プレイヤーを攻撃できない", no_attack_players),
    ("追跡の使徒ローク", "能力なし", vanilla),
    ("粛清の伝道師ラー", "能力なし", vanilla),
    ("浄化の精霊ウルス", "W・ブレイカー", breaker(2)),
    ("浄化の精霊ウルス", "アンタップしてもよい", untap_at_end),
    ("光輪の精霊シャウナ", "W・ブレイカー", breaker(2)),
    ("ソーラー・レイ", "相手のクリーチャーを1体選び、タップする", tap_one),
    ("ソーラー・レイ", "S・トリガー", shield_trigger),
    ("ホーリー・スパーク", "相手のクリーチャーをすべてタップする", tap_all),
    ("ホーリー・スパーク", "S・トリガー", shield_trigger),
    # 水
    ("アクア・ガード", "ブロッカー", blocker),
    ("アクア・ガード", "攻撃できない", no_attack),
    ("アクア・ビークル", "能力なし", vanilla),
    ("狩猟魚", "ブロッカー", blocker),
    ("狩猟魚", "攻撃できない", no_attack),
    ("キング・クラーケン", "ブロッカー", blocker),
    ("アクア・ハルカス", "カードを1枚引いてもよい", draw_may),
    ("フェアリー・チャイルド", "ブロックされない", unblockable),
    ("フェアリー・チャイルド", "ブロックされない", single_breaker),
    ("キング・オリオン", "W・ブレイカー", breaker(2)),
    ("キング・オリオン", "ブロックされない", unblockable),
    ("スパイラル・ゲート", "バトルゾーンのクリーチャーを1体選び、持ち主の手札に戻す", bounce_one),
    ("スパイラル・ゲート", "S・トリガー", shield_trigger),
    ("テレポーテーション", "2体まで選び、持ち主の手札に戻す", bounce_two),
    # 闇
    ("うごめく者ボーン・グール", "能力なし", vanilla),
    ("嘆きの影ダーク・レイブン", "ブロッカー", blocker),
    ("切り裂く者ボーン・アサシン", "スレイヤー", slayer),
    ("汚れた者スケルトンソルジャー", "能力なし", vanilla),
    ("ギガジール", "スレイヤー", slayer),
    ("暗黒の騎士ザガーン", "W・ブレイカー", breaker(2)),
    ("混沌の獅子デスライガー", "W・ブレイカー", breaker(2)),
    ("ゴースト・タッチ", "相手の手札を1枚ランダムに選び、捨てさせる", discard_random_1),
    ("ゴースト・タッチ", "S・トリガー", shield_trigger),
    ("デス・スモーク", "相手のアンタップしているクリーチャーを1体選び、破壊する", destroy_untapped),
    ("デーモン・ハンド", "相手のクリーチャーを1体選び、破壊する", destroy_enemy),
    ("デーモン・ハンド", "S・トリガー", shield_trigger),
    # 火
    ("凶戦士ブレイズ・クロー", "各ターン可能であれば攻撃する", must_attack),
    ("喧嘩屋タイラー", "パワーアタッカー+2000", power_attacker(2000)),
    ("不死身男爵ボーグ", "能力なし", vanilla),
    ("強襲兵ギガントス", "マナゾーンのカードを1枚選び、墓地に置く", mana_to_grave(1)),
    ("超砲手ボルカノドン", "パワーアタッカー+4000", power_attacker(4000)),
    ("掃討兵バーニング・ヘル", "パワーアタッカー+2000", power_attacker(2000)),
    ("メテオザウルス", "パワー2000以下のクリーチャーを1体選び、破壊してもよい", destroy_any_2000_may),
    ("ストーンザウルス", "パワーアタッカー+2000", power_attacker(2000)),
    ("爆勇士ユーカーン", "W・ブレイカー", breaker(2)),
    ("爆勇士ユーカーン", "マナゾーンのカードを2枚選び、墓地に置く", mana_to_grave(2)),
    ("ボルシャック・ドラゴン", "W・ブレイカー", breaker(2)),
    ("ボルシャック・ドラゴン", "火のカード1枚につき", grave_bonus),
    ("メテオ・ドラゴン", "W・ブレイカー", breaker(2)),
    ("メテオ・ドラゴン", "パワーアタッカー+4000", power_attacker(4000)),
    ("ガトリング・ワイバーン", "W・ブレイカー", breaker(2)),
    ("ガトリング・ワイバーン", "アンタップしているクリーチャーを攻撃できる", attack_untapped),
    (
        "クリムゾン・ハンマー",
        "相手のパワー2000以下のクリーチャーを1体選び、破壊する",
        destroy_enemy_max(2000),
    ),
    ("マグマ・ゲイザー", "パワーアタッカー+4000とW・ブレイカーを得る", grant),
    (
        "トルネード・フレーム",
        "相手のパワー4000以下のクリーチャーを1体選び、破壊する",
        destroy_enemy_max(4000),
    ),
    ("トルネード・フレーム", "S・トリガー", shield_trigger),
    # 自然
    ("炎のたてがみ", "能力なし", vanilla),
    ("青銅の鎧", "山札の上から1枚目をマナゾーンに置く", top_to_mana(1)),
    ("無敵の咆哮", "墓地に置くかわりにマナゾーンに置く", to_mana_on_destroy),
    ("黄金の翼", "パワーアタッカー+2000", power_attacker(2000)),
    ("白銀の牙", "能力なし", vanilla),
    ("からみカズラ", "墓地に置くかわりにマナゾーンに置く", to_mana_on_destroy),
    ("フォレスト・ホーネット", "能力なし", vanilla),
    ("群れを守るトライ・ホーン", "能力なし", vanilla),
    ("暴走するロング・ホーン", "パワー3000以下のクリーチャーにブロックされない", unblockable_by_3000),
    ("デスブレード・ビートル", "W・ブレイカー", breaker(2)),
    ("デスブレード・ビートル", "パワーアタッカー+4000", power_attacker(4000)),
    ("咆哮するグレート・ホーン", "W・ブレイカー", breaker(2)),
    ("咆哮するグレート・ホーン", "パワーアタッカー+2000", power_attacker(2000)),
    ("ディメンジョン・ゲート", "山札からクリーチャーを1枚探し、相手に見せてから手札に加える", search),
    ("ディメンジョン・ゲート", "S・トリガー", shield_trigger),
    ("アルティメット・フォース", "山札の上から2枚をマナゾーンに置く", top_to_mana(2)),
    ("ナチュラル・トラップ", "相手のクリーチャーを1体選び、持ち主のマナゾーンに置く", to_mana_enemy),
    ("ナチュラル・トラップ", "S・トリガー", shield_trigger),
    # named by the rulebook, playable
    ("ブラッディ・クロス", "その後、相手の山札の上から2枚を墓地に置く", mill),
    ("ボルメテウス・ホワイト・ドラゴン", "W・ブレイカー", breaker(2)),
    ("ボルメテウス・ホワイト・ドラゴン", "手札ではなく墓地に置かれる", shields_to_grave),
    ("ソウル・アドバンテージ", "自分のシールド1枚につき", discard_per_shield),
    ("ソウル・アドバンテージ", "", banned("使用禁止②")),
    ("アクア・パトロール", "自分のシールドをすべて山札に加えてシャッフルし", reshuffle_shields),
    ("終末の時計 ザ・クロック", "このターンの残りをとばす", skip_turn),
    ("終末の時計 ザ・クロック", "S・トリガー", shield_trigger),
    ("処罰の精霊ウラルス", "自分のクリーチャー1体につき、シールドを1枚表向きにする", shields_face_up),
    ("ロスト・ソウル", "相手は自分の手札をすべて捨てる", discard_all),
    ("ロスト・ソウル", "", banned("使用禁止②")),
    ("解体人形ジェニー", "相手の手札を見て1枚選び、捨てさせる", peek_discard),
    ("解体人形ジェニー", "", banned("使用禁止①")),
    ("復讐 ブラックサイコ", "進化-闇のクリーチャー", evolution_civ("darkness")),
    ("復讐 ブラックサイコ", "侵略-闇のコマンド", invasion("darkness")),
    ("復讐 ブラックサイコ", "相手の手札を2枚ランダムに選び、捨てさせる", discard_random_2),
    ("復讐 ブラックサイコ", "", banned("使用禁止②")),
    ("三界 ブッディ", "進化-光のクリーチャー", evolution_civ("light")),
    ("三界 ブッディ", "侵略-光のコマンド", invasion("light")),
    ("三界 ブッディ", "かわりに手札のクリーチャーを1枚この下に置いてもよい", substitute),
    ("三界 ブッディ", "下にカードが3枚以上あれば、バトルゾーンを離れない", stays_with_3),
    # the 疑心ゾーン
    ("イエローカード", "自分の山札の上から1枚を自分の疑心ゾーンに表向きで置く", yellow),
    ("レッドカード", "自分の山札の上から2枚を自分の疑心ゾーンに表向きで置く", red),
]
UNSUPPORTED = [c.name for c in CS if c.get("supported", True) is False]
ROWS += [(name, "", unsupported) for name in UNSUPPORTED]
ROWS += [
    (
        c.name,
        "",
        banned(
            {"A": "Aタイプ", "B": "Bタイプ", "C": "Cタイプ", "D": "Dタイプ", "E": "Eタイプ"}[c.get("banned")]
        ),
    )
    for c in CS
    if c.get("banned") in ("A", "B", "C", "D", "E")
]


def test_every_card_has_a_row():
    assert {c.name for c in CS} == {name for name, _, _ in ROWS}


@pytest.mark.parametrize(("name", "says", "check"), ROWS, ids=[f"{n}-{c.__name__}" for n, _, c in ROWS])
def test_the_card_does_what_its_text_says(name, says, check):
    card = CS.find(name)
    assert card is not None and says in card.get("text"), f"{name}: its text does not say {says!r}"
    check(name)
