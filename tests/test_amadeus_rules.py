"""アマデウス: scenario tests for the Amadeus rule (ダウト ①②③, ダウトポイント, the special loss and its
timing, the イエロー/レッドカード) and for the base Duel Masters rules it sits on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tefuda.core import DeckListError, load_game
from tefuda.games.amadeus.phase_ids import MARKED, TAPPED
from tefuda.games.amadeus.zones import BATTLE, DECK, DOUBT, GRAVE, HAND, MANA, NZ, SHIELDS, SUSPICION
from tests.amadeus_helpers import act, codes, names, pay_all

DATA = Path(__file__).parent / "data" / "amadeus"
GHOUL = "うごめく者ボーン・グール"
SOLDIER = "汚れた者スケルトンソルジャー"
ASSASSIN = "切り裂く者ボーン・アサシン"


@pytest.fixture(scope="module")
def game():
    return load_game("amadeus")


# ---------------------------------------------------------------------- deck building
def test_the_sample_decks_are_legal_amadeus_decks(game):
    for path in game.sample_decks().values():
        assert game.deck_problems(game.load_deck(path, check=False)) == [], path.name


@pytest.mark.parametrize(
    ("deck", "why"),
    [
        ("no_cheat.txt", "イカサマ① is compulsory"),
        ("five_copies.txt", "5 copies"),
        ("two_premium.txt", "使用禁止②"),  # its ソウル・アドバンテージ is banned (②) before its count matters
        ("hall_three.txt", "殿堂: 2 copies at most"),
        ("banned_lost_soul.txt", "使用禁止②"),
        ("unsupported.txt", "cannot play it yet"),
        ("size_39.txt", "exactly 40"),
        ("base_legal.txt", "使用禁止②"),
    ],
)
def test_each_broken_deck_rule_is_refused_naming_its_line(game, deck, why):
    """「基本的にはハイランダーなので、同じカードは1枚しか入れられません。」, イカサマ① 「殿堂カード、
    プレミアム殿堂カード以外の同種類のカードを5種類以上、2枚~4枚入れること」 (compulsory), ② and ③, the bans (
    「これは上記のイカサマよりも優先されます」) and 「デッキも40枚です」."""
    with pytest.raises(DeckListError) as e:
        game.load_deck(DATA / deck)
    assert why in str(e.value)
    problems = game.deck_problems(game.load_deck(DATA / deck, check=False))
    assert len(problems) == 1, problems  # each bad deck breaks one rule
    if "copies" in why or "禁止" in why or "play it" in why or "殿堂" in why:
        assert problems[0][0] is not None  # the line is named


def test_base_only_uses_the_official_deck_rules():
    base = load_game("amadeus", {"base_only": True})
    assert base.deck_problems(base.load_deck(DATA / "base_legal.txt", check=False)) == []
    assert base.deck_problems(base.load_deck(DATA / "no_cheat.txt", check=False)) == []
    two = base.deck_problems(base.load_deck(DATA / "two_premium.txt", check=False))
    assert len(two) == 2 and all("プレミアム殿堂" in why for _, why in two)
    assert base.deck_problems(base.load_deck(DATA / "unsupported.txt", check=False))


# ---------------------------------------------------------------------- ダウト
def test_doubt_1_a_second_copy_made_public_marks_both_and_scores_one_point(game):
    """① 「…そのカードと同名のカードが既に公開領域にあるとき。」: both cards are given the mark, 「その
    付与されたカードの種類1つにつき…「ダウトポイント」を1獲得します」 — one point for one kind."""
    s = game.position(hands=([GHOUL], []), mana=([ASSASSIN, "ギガジール"], []), graves=([GHOUL], []))
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.points == [1, 0]
    marked = [i for i in range(len(s.cards)) if s.flags[i] & MARKED]
    assert sorted(s.where[i] for i in marked) == [BATTLE, GRAVE]
    assert 0 not in s.doomed
    act(s, "to-attack")
    act(s, "end-turn")
    assert names(s, 0, DOUBT) == [GHOUL, GHOUL]  # ターンの終わりにダウトゾーンへ
    assert s.result is None and s.doomed == []


def test_doubt_2_a_premium_card_in_the_nowhere_zone_is_caught_before_its_effect(game):
    """② 「プレミアム殿堂カードが公開されたとき…」 and 「付与されたカードがプレミアム殿堂カードだった場合、
    1ポイントの代わりに2ポイント獲得します。」 — ソウル・アドバンテージ is in the どこでもないゾーン (public)
    before it does anything (「呪文の効果よりも先に…公開領域(どこでもないゾーン)に置かれる」)."""
    s = game.position(
        hands=(["ソウル・アドバンテージ"], [SOLDIER, GHOUL]),
        mana=([ASSASSIN] * 6, []),
    )
    act(s, "cast ソウル・アドバンテージ")
    pay_all(s)
    log = codes(s)
    assert log.index("doubt") < log.index("discarded")
    assert s.points == [2, 0] and s.doomed == [0]
    assert s.result is None  # not yet: at the end of the turn
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.result is not None and s.result.winner == 1 and s.result.code == "doubt"


def test_doubt_3_two_copies_made_public_together(game):
    """③ 「同時に2枚の同名カードが公開されているとき」: ブラッディ・クロス mills two of the same name at once:
    both marked, one point."""
    s = game.position(
        hands=(["ブラッディ・クロス"], []),
        mana=([ASSASSIN], []),
        decks=([SOLDIER, SOLDIER, GHOUL], [GHOUL, "ギガジール", GHOUL]),
    )
    act(s, "cast ブラッディ・クロス")
    assert s.points == [1, 0]
    assert names(s, 0, GRAVE).count(SOLDIER) == 2
    assert s.points[1] == 0  # the opponent's top two are ボーン・グール and ギガジール: no pair


def test_a_card_shown_for_an_instant_is_a_doubt_but_its_mark_is_lost_in_the_hand(game):
    """ディメンジョン・ゲート shows the creature it finds; its copy in the graveyard makes a doubt. The shown
    card goes to the hand (hidden): only the public copy goes to the ダウトゾーン."""
    s = game.position(
        hands=(["ディメンジョン・ゲート"], []),
        mana=(["白銀の牙"] * 3, []),
        graves=([GHOUL], []),
        decks=(["ギガジール", GHOUL, "ギガジール"], [GHOUL] * 3),
    )
    act(s, "cast ディメンジョン・ゲート")
    pay_all(s)
    assert s.pending.what == "search"
    act(s, f"take {GHOUL}")
    assert s.points == [1, 0]
    assert s.pending.what == "suspicion"  # a card went to its owner's hand: P1's own イエローカード may go
    act(s, "decline")
    act(s, "to-attack")
    act(s, "end-turn")
    assert names(s, 0, DOUBT) == [GHOUL] and GHOUL in names(s, 0, HAND)


def test_a_card_only_its_owner_saw_never_counts(game):
    """Looking through your own deck (ディメンジョン・ゲート) and drawing a second copy are no doubt."""
    s = game.position(
        hands=(["ディメンジョン・ゲート"], []),
        mana=(["白銀の牙"] * 3, []),
        graves=([GHOUL], []),
        decks=([GHOUL, "ギガジール", GHOUL], [GHOUL] * 3),
    )
    act(s, "cast ディメンジョン・ゲート")
    pay_all(s)
    act(s, "take ギガジール")
    assert s.points == [0, 0]


def test_putting_a_card_from_hand_under_a_creature_makes_it_public(game):
    """三界 ブッディ: instead of being destroyed its owner puts a creature from hand under it — into the
    public battle zone, like a hand evolution's base: a second copy there is a doubt."""
    s = game.position(
        hands=(["デーモン・ハンド"], [GHOUL]),
        mana=([ASSASSIN] * 6, []),
        graves=([], [GHOUL]),
        battle=([], ["三界 ブッディ<予言者リュゾル"]),
    )
    act(s, "cast デーモン・ハンド")
    s.apply(s.legal_actions()[0])  # the target: ブッディ
    assert s.pending.what == "substitute" and s.to_move == 1
    assert [a.kind for a in s.legal_actions()] == ["under", "done"]
    act(s, f"under {GHOUL}")
    assert s.points == [0, 1]
    assert len(s.under(s.zones[NZ + BATTLE][0])) == 2


def test_loss_waits_for_the_end_of_the_turn_and_the_first_met_loses_first(game):
    s = game.position(
        hands=([GHOUL], []),
        mana=([ASSASSIN, "ギガジール"], []),
        graves=([GHOUL], []),
        points=(1, 1),
        shields=(5, 0),
        battle=(["暗黒の騎士ザガーン"], []),
    )
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.doomed == [0]
    act(s, "to-attack")
    act(s, "attack 1 player")  # a direct attack wins before the end of the turn comes
    assert s.result.winner == 0 and s.result.code == "direct_attack"


def test_both_doomed_at_the_end_of_the_turn_the_turn_player_resolves_first(game):
    """「両者が完全に同じタイミングで特殊敗北条件を満たした場合(ガチンコ・ジャッジ等)、アクティブプレイヤー
    から解決します。」 — both ダウトゾーンs reach two names at one end of turn."""
    s = game.position(
        doubt=(["ギガジール"], ["ギガジール"]),
        graves=([ASSASSIN], [ASSASSIN]),
        battle=([SOLDIER], [SOLDIER]),
    )
    for i in range(len(s.cards)):  # two kinds waiting to go to each doubt zone at the end of the turn
        if s.place_of(i) in (GRAVE, BATTLE):
            s.flags[i] |= MARKED
    s.marked = True
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.doomed == [0, 1]
    assert s.result.winner == 1


def test_a_skipped_end_of_turn_carries_the_loss_and_the_doubt_over(game):
    """終末の時計 ザ・クロック: the rest of the turn (and its end) is skipped — the marked cards stay in the
    graveyard, the special loss waits for the next turn's start, and the two copies still public there are
    a doubt again (③)."""
    s = game.position(
        hands=([GHOUL], []),
        mana=([ASSASSIN, "ギガジール"], []),
        graves=([GHOUL], []),
        shields=(5, ["終末の時計 ザ・クロック"]),
        battle=(["暗黒の騎士ザガーン"], []),
    )
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.points == [1, 0]
    act(s, "to-attack")
    act(s, "attack 1 player")
    act(s, "use 終末の時計 ザ・クロック")
    act(s, "done")
    assert s.active == 1 and s.turn == 4
    assert names(s, 0, DOUBT) == []  # the end of turn 3 never came
    assert s.points == [2, 0] and s.doomed == [0]  # ③ at the start of turn 4


# ---------------------------------------------------------------------- 疑心ゾーン
def test_the_yellow_card_looks_without_punishing_and_costs_a_card_when_it_finds_nothing(game):
    """イエローカード: 「自分のマナゾーンにカードが3枚以上あり、このカードが表向きであれば…プレイしてもよい」,
    「相手は手札をすべて見せる。」 and, no doubt found, 「自分の山札の上から1枚を、自分の疑心ゾーンに
    表向きにして置く。」"""
    s = game.position(
        active=1,
        mana=(["白銀の牙", "炎のたてがみ", "青銅の鎧"], []),
        hands=([], ["ギガジール"]),
        decks=([SOLDIER, GHOUL], [GHOUL, SOLDIER]),
        step="main",
    )
    act(s, "to-attack")
    act(s, "end-turn")  # P1's turn: the draw adds a card to P1's hand, P1 has 3 mana
    assert s.pending.what == "suspicion" and s.to_move == 0
    act(s, "play")
    assert GHOUL in names(s, 0, SUSPICION)  # no doubt in P2's hand: P1's top card goes face up
    assert s.points == [0, 0]
    yellow = next(i for i in s.zones[SUSPICION] if s.game.cardset[s.cards[i]].type == "yellow")
    assert not s.flags[yellow] & 1


def test_the_red_card_catches_a_doubt_in_the_hand_and_sends_it_to_the_doubt_zone(game):
    """レッドカード: 「自分のシールドが2枚以下かつ、自分のイエローカードが裏向きになっているならば」; the
    doubt its reveal finds is real and the shown cards keep their mark in the hand: 「2回目のみに使える
    レッドカードで初めて、相手のダウトゾーンにカードを置くことが出来ます。」"""
    s = game.position(
        active=1,
        shields=(2, 5),
        suspicion_used=(True, False),
        hands=([], [GHOUL, GHOUL]),
        decks=([SOLDIER, SOLDIER], [GHOUL, SOLDIER]),
        step="main",
    )
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.pending.what == "suspicion" and s.to_move == 0
    act(s, "play")
    assert s.points == [0, 1]
    assert names(s, 0, SUSPICION).count(SOLDIER) == 0
    while s.pending.what in ("charge",):
        act(s, "no-charge")
    act(s, "to-attack")
    act(s, "end-turn")
    assert names(s, 1, DOUBT) == [GHOUL, GHOUL]


# ---------------------------------------------------------------------- the base game
def test_paying_needs_a_card_of_each_civilization(game):
    """DM §1.2 9: the payment 「must include at least one card of each civilization of the card played.」"""
    s = game.position(hands=(["デーモン・ハンド"], []), mana=(["白銀の牙"] * 6, []))
    assert [a.kind for a in s.legal_actions()] == ["to-attack"]
    s = game.position(hands=(["デーモン・ハンド"], []), mana=(["白銀の牙"] * 5 + [GHOUL], []))
    assert "cast" in [a.kind for a in s.legal_actions()]


def test_a_multicolour_card_enters_the_mana_zone_tapped(game):
    """DM §1.2 8: 「multicolour cards enter tapped」."""
    s = game.position(hands=(["腐敗麗姫ベラ"], []), step="charge")
    act(s, "charge 腐敗麗姫ベラ")
    assert s.flags[s.zones[MANA][0]] & TAPPED


def test_the_first_player_skips_the_first_draw(game):
    """DM §1.2 7: 「The first player skips this draw on their first turn.」; §1.1 4: 5 shields, 5 cards."""
    s = game.new_state(None, 3)
    s.apply(s.legal_actions()[0])
    first = s.first
    assert len(s.zones[first * NZ + HAND]) == 5 and "no_first_draw" in codes(s)
    assert len(s.zones[first * NZ + SHIELDS]) == 5 and len(s.zones[first * NZ + DECK]) == 30


def test_blockers_battle_slayer_and_breakers(game):
    """DM §1.3 18 スレイヤー「the other creature is destroyed whatever the result」; §1.4 22 「equal power
    destroys both」; 19 W・ブレイカー; 23 「the attacking player chooses which shields」."""
    s = game.position(
        battle=(["暗黒の騎士ザガーン", "切り裂く者ボーン・アサシン"], ["翡翠樹", "~ギガジール"]),
        step="attack",
    )
    act(s, "attack 2 2")  # ボーン・アサシン (2000, slayer) at the tapped ギガジール (3000, slayer)
    assert s.pending.what == "block"
    act(s, "no-block")
    assert names(s, 0, GRAVE) == ["切り裂く者ボーン・アサシン"] and names(s, 1, GRAVE) == ["ギガジール"]
    act(s, "attack 1 player")  # ザガーン: W・ブレイカー
    act(s, "no-block")
    assert s.pending.what == "shields"
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.zones[NZ + SHIELDS]) == 3 and s.pending.what == "trigger"


def test_a_shield_trigger_is_used_for_free(game):
    """DM §1.4 24: 「A broken shield with S・トリガー may be revealed and used for free」."""
    s = game.position(battle=(["暗黒の騎士ザガーン"], []), shields=(5, ["デーモン・ハンド"]), step="attack")
    act(s, "attack 1 player")
    assert [a.kind for a in s.legal_actions()] == ["use", "done"]
    act(s, "use デーモン・ハンド")
    act(s, "done")
    s.apply(s.legal_actions()[0])
    assert names(s, 0, GRAVE) == ["暗黒の騎士ザガーン"] and names(s, 1, GRAVE) == ["デーモン・ハンド"]


def test_a_direct_attack_on_a_player_without_shields_wins(game):
    """DM §1.4 25 (a): 「attack an opponent who has no shields, unblocked and not stopped.」"""
    s = game.position(battle=([SOLDIER], []), shields=(5, 0), step="attack")
    act(s, "attack 1 player")
    assert s.result.winner == 0 and s.result.code == "direct_attack"


def test_a_summoned_creature_cannot_attack_that_turn(game):
    """DM §1.3 12: 「a creature cannot attack on the turn it enters the battle zone, however it entered.」"""
    s = game.position(battle=([SOLDIER], []), sick=[(0, 0)], step="attack")
    assert [a.kind for a in s.legal_actions()] == ["end-turn"]


def test_must_attack_removes_the_end_of_turn(game):
    """凶戦士ブレイズ・クロー: 「このクリーチャーは、各ターン可能であれば攻撃する。」"""
    s = game.position(battle=(["凶戦士ブレイズ・クロー"], []), step="attack")
    assert "end-turn" not in [a.kind for a in s.legal_actions()]


def test_the_substitute_question_tells_the_opponent_nothing_about_the_hand(game):
    """ブッディ's owner is asked whenever their hand holds a card — creature or not."""
    s = game.position(
        hands=(["デーモン・ハンド"], ["ソーラー・レイ"]),
        mana=([ASSASSIN] * 6, []),
        battle=([], ["三界 ブッディ<予言者リュゾル"]),
    )
    act(s, "cast デーモン・ハンド")
    s.apply(s.legal_actions()[0])
    assert s.pending.what == "substitute" and [a.kind for a in s.legal_actions()] == ["done"]
    act(s, "done")
    assert sorted(names(s, 1, GRAVE)) == sorted(["三界 ブッディ", "予言者リュゾル"])  # the stack leaves whole


def test_buddi_stays_with_three_cards_under_it(game):
    """三界 ブッディ: 「下にカードが3枚以上あれば、バトルゾーンを離れない。」"""
    s = game.position(
        hands=(["デーモン・ハンド"], []),
        mana=([ASSASSIN] * 6, []),
        battle=([], ["三界 ブッディ<予言者リュゾル<弾丸の使徒イーレ<追跡の使徒ローク"]),
    )
    act(s, "cast デーモン・ハンド")
    s.apply(s.legal_actions()[0])
    assert names(s, 1, BATTLE) == ["三界 ブッディ"] and "stays" in codes(s)


def test_the_top_card_leaving_for_the_doubt_zone_leaves_the_newest_card_under_it(game):
    """「この効果は、すべてのテキストより優先されます(《三界 ブッディ》など)。」 — the marked top goes
    alone."""
    s = game.position(
        hands=(["三界 ブッディ"], []),
        mana=(["予言者リュゾル"] * 5, []),
        graves=(["三界 ブッディ"], []),
        battle=(["弾丸の使徒イーレ"], []),
    )
    act(s, "evolve 三界 ブッディ 1")
    pay_all(s)
    assert s.points == [1, 0]
    act(s, "to-attack")
    act(s, "end-turn")
    assert names(s, 0, BATTLE) == ["弾丸の使徒イーレ"] and names(s, 0, DOUBT) == ["三界 ブッディ"] * 2


# ---------------------------------------------------------------------- hidden information
def _view(s, seat: int):
    return s.observation(seat), [s.notation(a) for a in s.legal_actions()] if s.to_move == seat else None


@pytest.mark.parametrize("twin", [SOLDIER, GHOUL])
def test_a_copy_held_in_the_hand_is_invisible_to_the_opponent_until_it_is_made_public(game, twin):
    """Two worlds: P1 holds a second ボーン・グール (a doubt waiting to happen) or a harmless card. P2's
    observations and events are the same in both through a summon of another card, an attack that breaks
    shields (copies among them, into P2's hand) and the turn's end: nothing public tells them apart."""
    worlds = []
    for held in (SOLDIER, twin):
        s = game.position(
            hands=([held, "ギガジール"], []),
            mana=(
                [
                    ASSASSIN,
                    "嘆きの影ダーク・レイブン",
                    "暗黒の騎士ザガーン",
                    "ゴースト・タッチ",
                    "デス・スモーク",
                ],
                [],
            ),
            graves=([GHOUL], []),
            battle=(["混沌の獅子デスライガー"], []),
            shields=(5, [SOLDIER, GHOUL, "ギガジール"]),
        )
        worlds.append(s)
    a, b = worlds
    for text in ("summon ギガジール", "to-attack", "attack 1 player", "end-turn"):
        for s in worlds:
            act(s, text)
            while s.pending is not None and s.pending.what in (
                "pay",
                "shields",
                "trigger",
                "suspicion",
                "invasion",
            ):
                s.apply(
                    s.legal_actions()[-1 if s.pending.what in ("trigger", "suspicion", "invasion") else 0]
                )
        assert [e.view(1) for e in a.log] == [e.view(1) for e in b.log]
        assert a.observation(1) == b.observation(1)
        assert a.points == b.points == [0, 0]
    assert a.active == 1  # the turn passed with the copy still unseen


def test_a_broken_shield_that_is_a_copy_makes_no_doubt_in_the_hand(game):
    """A broken shield goes to the hand unseen by the attacker: a copy of a public card there is no doubt."""
    s = game.position(
        battle=(["暗黒の騎士ザガーン"], []),
        graves=([], [GHOUL]),
        shields=(5, [GHOUL, GHOUL]),
        step="attack",
    )
    act(s, "attack 1 player")
    assert s.pending.what == "trigger" and s.points == [0, 0]
    hand = s.observation(0)["zones"][NZ + HAND]
    assert all(c["card"] is None for c in hand["cards"])  # the attacker sees two unknown cards


# ---------------------------------------------------------------- deck rules on a card file of one's own
EXTRA_CARDS = """
[test_hall_two]
name = "試験用殿堂"
name_en = "Test Hall Card"
type = "creature"
civ = ["fire"]
cost = 2
power = 1000
race = ["ヒューマノイド"]
hall = "殿堂"
text = "(能力なし)"
text_en = "(no abilities)"

[test_premium]
name = "試験用プレ殿"
name_en = "Test Premium Card"
type = "creature"
civ = ["fire"]
cost = 2
power = 1000
race = ["ヒューマノイド"]
hall = "プレミアム殿堂"
text = "(能力なし)"
text_en = "(no abilities)"

[test_many]
name = "試験用無制限"
name_en = "Test Any Number"
type = "creature"
civ = ["fire"]
cost = 2
power = 1000
race = ["ヒューマノイド"]
many = true
text = "このカードは4枚以上デッキに入れることができる。"
text_en = "You may have 4 or more of this card in a deck."
"""


@pytest.fixture(scope="module")
def own_cards(tmp_path_factory):
    from tefuda.games.amadeus.game import AmadeusGame

    path = tmp_path_factory.mktemp("cards") / "cards.toml"
    path.write_text(
        (Path(AmadeusGame.package_dir) / "cards.toml").read_text(encoding="utf-8") + EXTRA_CARDS,
        encoding="utf-8",
    )
    return load_game("amadeus", cards_path=path)


def _deck_a(game, changes: dict[str, int]):
    """Deck A (5 names × 4, 20 singletons) with some counts changed (0 removes a name); the problems."""
    path = DATA.parent.parent.parent / "tefuda/games/amadeus/decks/light_water_dark.txt"
    counts: dict[str, int] = {}
    for row in path.read_text("utf-8").splitlines():
        if row.strip() and not row.startswith("#"):
            n, name = row.split(maxsplit=1)
            counts[name] = int(n)
    counts.update(changes)
    text = "\n".join(f"{n} {name}" for name, n in counts.items() if n)
    return game.deck_problems(game.parse_deck(text, check=False))


SINGLES = [
    "ソーラー・レイ",
    "ホーリー・スパーク",
    "アクア・ガード",
    "アクア・ビークル",
    "狩猟魚",
    "フェアリー・チャイルド",
]


def test_one_hall_name_may_come_twice_but_only_one(own_cards):
    """イカサマ②: 「同種類の殿堂カードを2枚入れること。ただし2枚入れることのできるカードは1種類のみ」."""
    assert _deck_a(own_cards, {"試験用殿堂": 2, SINGLES[0]: 0, SINGLES[1]: 0}) == []
    assert _deck_a(own_cards, {"スパイラル・ゲート": 2, SINGLES[0]: 0}) == []
    both = _deck_a(own_cards, {"スパイラル・ゲート": 2, "試験用殿堂": 2, **dict.fromkeys(SINGLES[:3], 0)})
    assert len(both) == 1 and "only one 殿堂 name may be in 2 copies" in both[0][1] and both[0][0] is not None


def test_only_one_premium_card_may_come(own_cards):
    """イカサマ③: 「プレミアム殿堂カードを1枚だけ入れること。ただし1種類のみ。」 — two names refused, the
    second line named."""
    assert _deck_a(own_cards, {"試験用プレ殿": 1, SINGLES[0]: 0}) == []
    two = _deck_a(own_cards, {"試験用プレ殿": 1, "アクア・パトロール": 1, SINGLES[0]: 0, SINGLES[1]: 0})
    assert len(two) == 1 and "only one プレミアム殿堂 card" in two[0][1] and two[0][0] is not None


def test_a_card_allowed_in_any_number_is_no_cheat(own_cards):
    """「このカードは4枚以上デッキに入れることができる」: any number, and not one of ①'s five."""
    assert _deck_a(own_cards, {"試験用無制限": 6, **dict.fromkeys(SINGLES, 0)}) == []
    four = _deck_a(own_cards, {"試験用無制限": 10, "予言者リュゾル": 0, **dict.fromkeys(SINGLES, 0)})
    assert len(four) == 1 and "イカサマ① is compulsory" in four[0][1] and "has 4" in four[0][1]


def test_the_suspicion_cards_wait_for_their_conditions(game):
    """イエローカード: 3 mana or more; レッドカード: 2 shields or fewer, the イエローカード face down."""
    spec = dict(active=1, hands=([], ["ギガジール"]), decks=([SOLDIER, GHOUL], [GHOUL, SOLDIER]))
    s = game.position(mana=(["白銀の牙", "炎のたてがみ"], []), **spec)  # 2 mana: no yellow
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.pending.what == "charge"
    s = game.position(shields=(2, 5), **spec)  # red, but the yellow is still face up (and 0 mana)
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.pending.what == "charge"
    s = game.position(shields=(3, 5), suspicion_used=(True, False), **spec)  # 3 shields: no red
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.pending.what == "charge"


def test_the_yellow_card_that_finds_a_doubt_costs_nothing_and_punishes_nobody(game):
    s = game.position(
        active=1,
        mana=(["白銀の牙", "炎のたてがみ", "青銅の鎧"], []),
        hands=([], [GHOUL, GHOUL]),
        decks=([SOLDIER, "ギガジール"], [SOLDIER]),
    )
    act(s, "to-attack")
    act(s, "end-turn")
    act(s, "play")
    assert s.points == [0, 0] and "doubt_unpunished" in codes(s) and "suspicion_found" in codes(s)
    assert names(s, 0, SUSPICION) == ["イエローカード", "レッドカード"]  # nothing milled
    assert all(s.knows(0, i) for i in s.zones[NZ + HAND])  # P2's hand was shown


def test_a_search_is_asked_even_when_the_deck_holds_no_creature(game):
    """ディメンジョン・ゲート: the question is the same whatever the deck holds (only its owner looks)."""
    s = game.position(
        hands=(["ディメンジョン・ゲート"], []),
        mana=(["白銀の牙", "炎のたてがみ", "青銅の鎧"], []),
        decks=(["ゴースト・タッチ", "デーモン・ハンド"], [GHOUL]),
    )
    act(s, "cast ディメンジョン・ゲート")
    assert s.pending.what == "search" and [a.kind for a in s.legal_actions()] == ["done"]
    act(s, "done")
    assert "search_failed" in codes(s)


def test_a_copy_known_to_be_in_the_hand_is_not_public(game):
    """The rulebook's example: a creature returned to its owner's hand, then a random discard that throws away
    another copy of it — 「相手は特殊敗北条件を満たしません」: the returned one is in the hand, not public."""
    s = game.position(
        hands=(["スパイラル・ゲート", "ゴースト・タッチ"], [GHOUL]),
        mana=(["アクア・ハルカス", "アクア・ガード", ASSASSIN, "ギガジール"], []),
        battle=([], [GHOUL]),
    )
    act(s, "cast スパイラル・ゲート")
    pay_all(s)
    s.apply(s.legal_actions()[0])  # the only creature: P2's ボーン・グール, back to the hand
    assert names(s, 1, HAND) == [GHOUL, GHOUL]
    act(s, "decline")  # a card went to its owner's hand: P1's イエローカード is offered
    act(s, "cast ゴースト・タッチ")
    pay_all(s)
    assert names(s, 1, GRAVE) == [GHOUL] and s.points == [0, 0]


def test_invasion_puts_the_card_on_the_attacking_command_for_free(game):
    """侵略—光のコマンド: 三界 ブッディ from the hand on top of the attacking 浄化の精霊ウルス; the attack
    goes on with it (W・ブレイカー), and the card is public as it comes."""
    s = game.position(
        hands=(["三界 ブッディ"], []),
        graves=(["三界 ブッディ"], []),
        battle=(["浄化の精霊ウルス"], []),
        step="attack",
    )
    act(s, "attack 1 player")
    assert s.pending.what == "invasion"
    assert [s.notation(a) for a in s.legal_actions()] == ["invade 三界 ブッディ", "no-invasion"]
    act(s, "invade 三界 ブッディ")
    assert names(s, 0, BATTLE) == ["三界 ブッディ"] and s.points == [1, 0]  # its copy in the graveyard
    top = s.zones[BATTLE][0]
    assert s.flags[top] & TAPPED and s.attack[0] == top
    assert s.pending.what == "shields" and s.pending.max == 2


def test_invasion_is_asked_of_any_command_whatever_the_hand_holds(game):
    s = game.position(hands=([GHOUL], []), battle=(["暗黒の騎士ザガーン", SOLDIER], []), step="attack")
    act(s, "attack 1 player")
    assert s.pending.what == "invasion" and [a.kind for a in s.legal_actions()] == ["no-invasion"]
    act(s, "no-invasion")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])  # two shields (W・ブレイカー)
    if s.pending.what == "trigger":
        act(s, "done")
    act(s, "attack 2 player")  # スケルトンソルジャー is no Command: nobody is asked
    assert s.pending.what != "invasion"


def test_the_options_for_the_yellow_cards_place_and_the_deck_out():
    """yellow_zone=doubt: the played イエローカード lies face down in the ダウトゾーン and never counts there;
    deck_out=draw: an empty deck loses only when its owner must draw."""
    g = load_game("amadeus", {"yellow_zone": "doubt"})
    s = g.position(
        active=1,
        mana=(["白銀の牙", "炎のたてがみ", "青銅の鎧"], []),
        hands=([], ["ギガジール"]),
        decks=([SOLDIER, GHOUL, "ギガジール"], [GHOUL, SOLDIER]),
    )
    act(s, "to-attack")
    act(s, "end-turn")
    act(s, "play")
    assert names(s, 0, DOUBT) == ["イエローカード"] and not s.flags[s.zones[DOUBT][0]] & 1
    act(s, "no-charge")
    act(s, "to-attack")
    act(s, "end-turn")
    assert s.doomed == [] and s.result is None
    g = load_game("amadeus", {"deck_out": "draw"})
    s = g.position(decks=([SOLDIER], [GHOUL]), active=1)
    act(s, "to-attack")
    act(s, "end-turn")  # P1 draws its last card: no loss yet
    assert s.result is None and not s.zones[DECK]
    s = load_game("amadeus").position(decks=([SOLDIER], [GHOUL]), active=1)
    act(s, "to-attack")
    act(s, "end-turn")  # deck_out=empty: the last card leaving loses at once
    assert s.result is not None and s.result.winner == 1 and s.result.code == "deck_out"
