"""アマデウス, issue 23: every rule the audit changed or confirmed, as a scenario built from a position, each
quoting the sentence of the rulebook (docs/sources/rules/amadeus.txt) or of the Duel Masters summary
(docs/sources/reference/duelmasters.md) it follows. The rulebook's own worked examples come first."""

from __future__ import annotations

from pathlib import Path

import pytest

from tefuda.core import load_game
from tefuda.games.amadeus import doubt
from tefuda.games.amadeus.zones import BATTLE, DECK, DOUBT, GRAVE, HAND, NZ, SHIELDS
from tests.amadeus_helpers import act, codes, names, pay_all

GHOUL = "うごめく者ボーン・グール"
SOLDIER = "汚れた者スケルトンソルジャー"
ASSASSIN = "切り裂く者ボーン・アサシン"
GIGAZEAL = "ギガジール"
CLOCK = "終末の時計 ザ・クロック"
DARK6 = [
    ASSASSIN,
    GIGAZEAL,
    "暗黒の騎士ザガーン",
    "嘆きの影ダーク・レイブン",
    "混沌の獅子デスライガー",
    "デス・スモーク",
]
WATER3 = ["アクア・ガード", "狩猟魚", "アクア・ビークル"]
DECKS = Path(__file__).parents[1] / "tefuda" / "games" / "amadeus" / "decks"


@pytest.fixture(scope="module")
def game():
    return load_game("amadeus")


def end_turn(s) -> None:
    """Go on to the end of the turn, declining whatever is offered on the way."""
    while s.result is None and s.pending is not None and s.pending.what in ("charge", "main", "suspicion"):
        act(s, {"charge": "no-charge", "main": "to-attack", "suspicion": "decline"}[s.pending.what])
    act(s, "end-turn")


# ====================================================================== the rulebook's worked examples
def test_the_example_a_player_who_met_the_loss_condition_but_skipped_its_timing_has_not_lost(game):
    """③ 「「特殊敗北条件を満たしたが敗北しなかった」場合(例えば、敗北のタイミングを《終末の時計
    ザ・クロック》などで飛ばし、次の相手のターンのはじめに、ダウトが墓地に見えている場合)」.

    P1 (one doubt point) makes a second doubt — 2 points, the special loss condition met — then summons
    ザ・クロック, whose 「このターンの残りをとばす」 skips the end of the turn: the loss's timing never comes,
    so P1 has not lost (formerly the engine made P1 lose at the next turn's start instead). The doubt's cards
    never went to the ダウトゾーン either: at the start of the opponent's next turn they are still public
    together, ③ again — a new point, the condition met again, and P1 loses at the end of that turn."""
    s = game.position(
        hands=([GHOUL, CLOCK], []),
        mana=(DARK6 + WATER3, []),
        graves=([GHOUL], []),
        points=(1, 0),
    )
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.points == [2, 0] and s.doomed == [0]
    act(s, f"summon {CLOCK}")
    pay_all(s)
    assert s.result is None, "the loss's timing was skipped: 敗北しなかった"
    assert s.active == 1 and s.turn == 4
    assert names(s, 0, DOUBT) == [] and names(s, 0, GRAVE) == [GHOUL]  # ダウトが墓地に見えている
    assert s.points == [3, 0] and s.doomed == [0]  # ③ at the start of the opponent's turn
    end_turn(s)
    assert s.result is not None and s.result.winner == 1 and s.result.code == "doubt"


def test_the_example_a_copy_returned_to_the_hand_is_not_public(game):
    """「特殊敗北条件は、あくまでも「公開領域に同名カードが存在する」ことです。例えば、「《陰謀と計略の手》で
    相手のクリーチャーを戻した後、ランダムハンデスで捨てさせたカードが、イラスト違いの同じクリーチャーだった」
    場合でも、相手は特殊敗北条件を満たしません。」 (confirmed: the hand is no public zone)."""
    s = game.position(
        hands=(["スパイラル・ゲート", "ゴースト・タッチ"], [GHOUL]),
        mana=(["アクア・ハルカス", "アクア・ガード", ASSASSIN, GIGAZEAL], []),
        battle=([], [GHOUL]),
    )
    act(s, "cast スパイラル・ゲート")
    pay_all(s)
    s.apply(s.legal_actions()[0])  # P2's ボーン・グール back to its owner's hand
    act(s, "decline")
    act(s, "cast ゴースト・タッチ")
    pay_all(s)
    assert names(s, 1, GRAVE) == [GHOUL] and s.points == [0, 0] and s.doomed == []


def test_the_example_soul_advantage_meets_the_condition_before_its_discards(game):
    """「例えば《ソウル・アドバンテージ》を唱えた場合、呪文の効果よりも先に、プレミアム殿堂であるこの呪文が
    公開領域(どこでもないゾーン)に置かれるので、相手よりも先に特殊敗北条件を満たします。」 — the caster
    first, then the opponent whose discarded pair is a doubt too; the first met loses (「先に満たした方から
    解決します」)."""
    s = game.position(
        hands=(["ソウル・アドバンテージ"], [GHOUL, GHOUL]),
        mana=(DARK6, []),
        shields=(2, 5),
        points=(0, 1),
    )
    act(s, "cast ソウル・アドバンテージ")
    pay_all(s)
    assert s.doomed == [0, 1]
    end_turn(s)
    assert s.result.winner == 1


# ====================================================================== ダウト: what counts
def test_cards_in_the_doubt_zone_are_public_and_count_for_a_new_doubt(game):
    """ダウトゾーン: 「これは公開領域です。」 and ① 「…そのカードと同名のカードが既に公開領域にあるとき。」: a
    third copy made public after the first two went to the ダウトゾーン is a doubt (formerly the engine never
    looked there: the same third copy was a doubt in the same turn and not in a later one)."""
    s = game.position(hands=([GHOUL], []), mana=(DARK6[:2], []), doubt=([GHOUL, GHOUL], []), points=(1, 0))
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.points == [2, 0] and s.doomed == [0]
    end_turn(s)
    assert names(s, 0, DOUBT) == [GHOUL] * 3
    assert s.result is not None and s.result.winner == 1


def test_a_pair_already_in_the_doubt_zone_is_no_new_doubt_at_the_next_turn(game):
    """Our reading of ③ 「同時に2枚の同名カードが公開されているとき」: the pair a doubt put in the
    ダウトゾーン does not make that doubt again every turn — 「ダウトは1回まで許されるが2回目はアウト」, and
    the ダウトゾーン's own condition (「違う名前のカードが2種類」) leaves one name there harmless."""
    s = game.position(doubt=([GHOUL, GHOUL], []), points=(1, 0))
    end_turn(s)
    end_turn(s)
    assert s.points == [1, 0] and s.doomed == [] and s.result is None


def test_the_opponents_copy_makes_a_doubt_by_default(game):
    """① 「カードが公開されたとき、または公開領域(後述)にカードが置かれた時、そのカードと同名のカードが既に
    公開領域にあるとき。」 — any same-name card, whoever owns it: both cards are given the mark and each owner
    gets the point (「その付与されたカードの種類1つにつき、その持ち主のプレイヤーは「ダウトポイント」
    を1獲得します」). ``doubt_owner = own`` keeps the other reading (only a second copy of one's own deck:
    「2枚目のカード」)."""
    spec = dict(hands=([GHOUL], []), mana=(DARK6[:2], []), graves=([], [GHOUL]))
    s = game.position(**spec)
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.points == [1, 1]
    end_turn(s)
    assert names(s, 0, DOUBT) == [GHOUL] and names(s, 1, DOUBT) == [GHOUL]
    s = load_game("amadeus", {"doubt_owner": "own"}).position(**spec)
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.points == [0, 0]


def test_a_marked_card_moving_between_public_zones_is_no_new_doubt_but_a_third_copy_is(game):
    """Our reading of ①: the spell caught in the どこでもないゾーン goes on to the graveyard without a second
    point (「ダウトは1回まで許される」), while another copy made public is a new doubt."""
    s = game.position(
        hands=(["デーモン・ハンド", "デーモン・ハンド"], []),
        mana=(DARK6 * 2, []),
        graves=(["デーモン・ハンド"], []),
        battle=([], [SOLDIER, GIGAZEAL]),
    )
    act(s, "cast デーモン・ハンド")
    pay_all(s)
    s.apply(s.legal_actions()[0])
    assert s.points == [1, 0] and names(s, 0, GRAVE) == ["デーモン・ハンド"] * 2
    act(s, "cast デーモン・ハンド")
    pay_all(s)
    assert s.points == [2, 0] and s.doomed == [0]


def test_the_mark_is_lost_in_a_hidden_zone_but_the_point_stays(game):
    """「ただしそのターン中に非公開領域に移動した場合、この効果は失われます」 and 「実際にダウトゾーンに
    送られたかどうかは関係しません。」: the caught creature bounced to its owner's hand never reaches the
    ダウトゾーン; its point stays."""
    s = game.position(
        hands=([GHOUL, "スパイラル・ゲート"], []),
        mana=(DARK6[:2] + WATER3, []),
        graves=([GHOUL], []),
    )
    act(s, f"summon {GHOUL}")
    pay_all(s)
    act(s, "cast スパイラル・ゲート")
    pay_all(s)
    act(s, "pick p1.battle#1")
    act(s, "decline")
    end_turn(s)
    assert names(s, 0, DOUBT) == [GHOUL] and GHOUL in names(s, 0, HAND) and s.points == [1, 0]


def test_a_card_with_any_number_allowed_is_never_a_doubt(tmp_path):
    """「「このカードは4枚以上デッキに入れることができる」とテキストに書かれているカードは、2枚以上入れても
    イカサマにはなりません。《あたりポンの助》で能力が消えても同様です。」 — the second clause is about the
    game (an ability lost in play), so such a card is no cheat there either: its copies make no doubt."""
    from tefuda.games.amadeus.game import AmadeusGame

    extra = """
[test_many]
name = "試験用無制限"
name_en = "Test Any Number"
type = "creature"
civ = ["darkness"]
cost = 2
power = 1000
race = ["ヒューマノイド"]
many = true
text = "このカードは4枚以上デッキに入れることができる。"
text_en = "You may have 4 or more of this card in a deck."
"""
    path = tmp_path / "cards.toml"
    path.write_text((Path(AmadeusGame.package_dir) / "cards.toml").read_text("utf-8") + extra, "utf-8")
    g = load_game("amadeus", cards_path=path)
    s = g.position(hands=(["試験用無制限"], []), mana=(DARK6[:2], []), graves=(["試験用無制限"], []))
    act(s, "summon 試験用無制限")
    pay_all(s)
    assert s.points == [0, 0]


# ====================================================================== the special loss and its timing
def test_both_met_in_one_turn_the_first_met_loses(game):
    """「同一ターンに両者が特殊敗北条件を満たした場合、先に満たした方から解決します。」 — P1's
    ゴースト・タッチ throws away P2's copy first (P2's second point), then P1 makes a doubt of its own
    (P1's second point): P2 met it first and loses, though P1 is the turn player."""
    s = game.position(
        hands=(["ゴースト・タッチ", GHOUL], [SOLDIER]),
        mana=(DARK6[:4], []),
        graves=([GHOUL], [SOLDIER]),
        points=(1, 1),
    )
    act(s, "cast ゴースト・タッチ")
    pay_all(s)
    assert s.doomed == [1]
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.doomed == [1, 0]
    end_turn(s)
    assert s.result.winner == 0 and s.result.code == "doubt"


def test_both_met_at_the_same_moment_the_active_player_resolves_first(game):
    """「両者が完全に同じタイミングで特殊敗北条件を満たした場合(ガチンコ・ジャッジ等)、アクティブプレイヤー
    から解決します。」 — one doubt of two owners' copies (``doubt_owner = any``) gives both their second point
    at once: the turn player loses."""
    s = game.position(hands=([GHOUL], []), mana=(DARK6[:2], []), graves=([], [GHOUL]), points=(1, 1))
    act(s, f"summon {GHOUL}")
    pay_all(s)
    assert s.doomed == [0, 1]
    end_turn(s)
    assert s.result.winner == 1


def test_the_loss_comes_at_the_end_of_the_turn_in_which_it_was_met(game):
    """「次のターンのはじめに、このターンの終了時、自分はゲームに敗北する。」 read with the rulebook's example
    (the loss's timing and the doubt's placement skipped together by one ザ・クロック: both belong to the turn
    the condition was met in): the loss at the end of that turn. ``loss_turn = next`` reads the phrase
    literally — at the start of the next turn, "at the end of this turn" — and the loss comes a turn later."""
    spec = dict(hands=([GHOUL], []), mana=(DARK6[:2], []), graves=([GHOUL], []), points=(1, 0))
    s = game.position(**spec)
    act(s, f"summon {GHOUL}")
    pay_all(s)
    end_turn(s)
    assert s.result is not None and s.result.winner == 1
    s = load_game("amadeus", {"loss_turn": "next"}).position(**spec)
    act(s, f"summon {GHOUL}")
    pay_all(s)
    end_turn(s)
    assert s.result is None and s.active == 1 and s.doomed == [0]
    end_turn(s)
    assert s.result is not None and s.result.winner == 1 and s.turn == 4


def test_a_premium_card_in_the_doubt_zone_or_two_names_there_meet_the_condition(game):
    """「自分のダウトゾーンに、違う名前のカードが2種類、またはプレミアム殿堂カードが1枚ある場合。」 — a second
    name arriving at the end of the turn: the condition is met then, and its loss comes at that same end."""
    s = game.position(
        hands=([SOLDIER], []), mana=(DARK6[:4], []), graves=([SOLDIER], []), doubt=([GHOUL] * 2, [])
    )
    act(s, f"summon {SOLDIER}")
    pay_all(s)
    assert s.points == [1, 0] and s.doomed == []
    end_turn(s)
    assert s.result is not None and s.result.winner == 1


# ====================================================================== S・トリガー
def test_shield_triggers_broken_together_are_all_declared_then_resolved(game):
    """duelmasters.md §1.4 24: 「All shields broken by one hit are checked together: the defender declares
    every trigger to use, then resolves them.」 and 「The attack step then continues, unless an effect such as
    ザ・クロック ends the turn.」 — P2 declares ザ・クロック and デーモン・ハンド, resolves ザ・クロック
    first: the declared デーモン・ハンド still resolves (formerly it was no longer offered), then the turn is
    skipped."""
    s = game.position(
        battle=(["暗黒の騎士ザガーン", SOLDIER], []),
        shields=(5, [CLOCK, "デーモン・ハンド"]),
        step="attack",
    )
    act(s, "attack 1 player")
    act(s, "no-invasion") if s.pending.what == "invasion" else None
    assert s.pending.what == "trigger" and s.to_move == 1
    act(s, f"use {CLOCK}")
    act(s, "use デーモン・ハンド")
    act(s, "done")
    assert s.pending.what == "trigger_order"
    act(s, f"use {CLOCK}")
    act(s, "pick p1.battle#1")  # デーモン・ハンド: ザガーン
    assert names(s, 0, GRAVE) == ["暗黒の騎士ザガーン"]
    assert s.active == 1 and s.turn == 4  # the rest of P1's turn was skipped


def test_two_copies_declared_together_are_shown_together(game):
    """③ 「同時に2枚の同名カードが公開されているとき(これは、「同時にカードを2枚見せる」…)」: two declared
    S・トリガー are shown as they are declared, together — a doubt before either resolves."""
    s = game.position(
        battle=(["暗黒の騎士ザガーン"], []),
        shields=(5, ["ゴースト・タッチ", "ゴースト・タッチ"]),
        hands=([GHOUL], []),
        step="attack",
    )
    act(s, "attack 1 player")
    act(s, "no-invasion")
    act(s, "use ゴースト・タッチ")
    act(s, "use ゴースト・タッチ")
    act(s, "done")
    log = codes(s)
    assert log.index("doubt") < log.index("shield_trigger")
    assert s.points == [0, 1]


def test_a_declared_trigger_waiting_in_the_hand_is_compared_with_a_card_shown_later(game):
    """公開 「カードを見せること」 and 「呪文の効果等で一瞬だけカードを相手に見せるような場合でも、それが
    ダウトであれば特殊敗北条件を満たします。」: a declared S・トリガー is shown and held shown until it is
    used, so a copy shown meanwhile makes two shown at once (③ 「同時に2枚の同名カードが公開されている
    とき」). P2's ザガーン breaks P1's ディメンジョン・ゲート and ザ・クロック; P1 declares both and resolves
    the Gate first, whose search shows a second ザ・クロック while the first still waits in the hand — a
    doubt, P1's point (formerly the hand was never looked at: no doubt)."""
    s = game.position(
        battle=([], ["暗黒の騎士ザガーン"]),
        shields=(["ディメンジョン・ゲート", CLOCK], 5),
        decks=([SOLDIER] * 5 + [CLOCK], [GHOUL] * 20),
        active=1,
        step="attack",
    )
    act(s, "attack 1 player")
    act(s, "no-invasion") if s.pending.what == "invasion" else None
    act(s, "use ディメンジョン・ゲート")
    act(s, f"use {CLOCK}")
    waiting = [i for i in s.zones[HAND] if names_of(s, i) == CLOCK]
    assert len(waiting) == 1 and waiting[0] in doubt.public_cards(s, 0)  # shown, though in the hand
    in_deck = next(i for i in s.zones[DECK] if names_of(s, i) == CLOCK)
    assert not doubt._at_most_one(s, (0, 1), s.cards[in_deck], [in_deck])
    assert not doubt._at_most_one(s, (0,), s.cards[in_deck], [in_deck, *waiting])
    act(s, "done")
    act(s, "use ディメンジョン・ゲート")
    act(s, f"take {CLOCK}")  # shown (「相手に見せてから」) while the declared ザ・クロック waits
    log = codes(s)
    assert log.index("searched") < log.index("doubt") < log.index("shield_trigger_creature")
    assert s.points == [1, 0]


def names_of(s, inst: int) -> str:
    return s.game.cardset[s.cards[inst]].name


def test_the_trigger_check_is_always_asked_and_declaring_nothing_is_allowed(game):
    """S・トリガー 「may be revealed and used」 (optional), and the defender is asked after every break so the
    attacker learns nothing from the question."""
    s = game.position(battle=([SOLDIER], []), shields=(5, [GHOUL]), step="attack")
    act(s, "attack 1 player")
    assert s.pending.what == "trigger" and [a.kind for a in s.legal_actions()] == ["done"]
    s = game.position(battle=([SOLDIER], []), shields=(5, ["デーモン・ハンド"]), step="attack")
    act(s, "attack 1 player")
    act(s, "done")
    assert names(s, 1, HAND) == ["デーモン・ハンド"] and names(s, 0, BATTLE) == [SOLDIER]


# ====================================================================== deck building
def _deck_a(game, changes: dict[str, int]):
    counts: dict[str, int] = {}
    for row in (DECKS / "light_water_dark.txt").read_text("utf-8").splitlines():
        if row.strip() and not row.startswith("#"):
            n, name = row.split(maxsplit=1)
            counts[name] = int(n)
    counts.update(changes)
    return game.deck_problems(
        game.parse_deck("\n".join(f"{n} {k}" for k, n in counts.items() if n), check=False)
    )


def test_soul_advantage_is_banned_by_use_ban_2(game):
    """使用禁止 ② 「相手の手札を、同一効果内で2枚以上同時にハンデスする可能性のあるカード」 —
    ソウル・アドバンテージ discards one card at random per shield of its caster, all in one effect: banned, 「
    これは上記のイカサマよりも優先されます」, though it is the プレミアム殿堂 card ③ would allow. Plain Duel
    Masters bans it as プレミアム殿堂."""
    problems = _deck_a(game, {"ソウル・アドバンテージ": 1, "ソーラー・レイ": 0})
    assert len(problems) == 1 and "使用禁止②" in problems[0][1] and problems[0][0] is not None
    base = load_game("amadeus", {"base_only": True})
    assert any(
        "プレミアム殿堂" in why
        for _, why in _deck_a(base, {"ソウル・アドバンテージ": 1, "ソーラー・レイ": 0})
    )


def test_one_premium_card_is_allowed_and_only_one(game):
    """イカサマ ③ 「プレミアム殿堂カードを1枚だけ入れること。ただし1種類のみ。」 (confirmed;
    アクア・パトロール is the pool's playable プレミアム殿堂 card)."""
    assert _deck_a(game, {"アクア・パトロール": 1, "ソーラー・レイ": 0}) == []
    two = _deck_a(game, {"アクア・パトロール": 2, "ソーラー・レイ": 0, "ホーリー・スパーク": 0})
    assert len(two) == 1 and "one copy at most" in two[0][1]


# ====================================================================== the base game
def test_a_player_loses_the_moment_the_last_card_leaves_the_deck(game):
    """duelmasters.md §1.4 25: 「A player loses when their deck reaches 0 cards, at the moment the last card
    leaves, not when drawing from an empty deck」 — here in the middle of the opponent's spell
    (ブラッディ・クロス mills the caster's own top two first: 「自分の山札の上から2枚を墓地に置く。その後、
    相手の山札の上から 2枚」)."""
    s = game.position(
        hands=(["ブラッディ・クロス"], []), mana=([ASSASSIN], []), decks=([SOLDIER] * 3, [GHOUL] * 2)
    )
    act(s, "cast ブラッディ・クロス")
    assert s.result is not None and s.result.winner == 0 and s.result.code == "deck_out"
    assert len(s.zones[DECK]) == 1


def test_the_first_player_skips_the_first_draw_only(game):
    """duelmasters.md §1.2 7: 「Draw: 1 card. The first player skips this draw on their first turn.」"""
    s = game.new_state(None, 5)
    s.apply(s.legal_actions()[0])
    first = s.first
    assert len(s.zones[first * NZ + HAND]) == 5
    end_turn(s)
    assert len(s.zones[(1 - first) * NZ + HAND]) == 6


def test_marks_of_a_skipped_turn_lapse_and_nothing_reaches_the_doubt_zone(game):
    """「このターンの終わりに、このカードをダウトゾーンに表向きにして置く。」 — a turn whose end is skipped
    has no such moment: the marked cards stay where they are (the example's 「ダウトが墓地に見えている」)."""
    s = game.position(hands=([GHOUL, CLOCK], []), mana=(DARK6 + WATER3, []), graves=([GHOUL], []))
    act(s, f"summon {GHOUL}")
    pay_all(s)
    act(s, f"summon {CLOCK}")
    pay_all(s)
    assert names(s, 0, DOUBT) == [] and names(s, 0, GRAVE) == [GHOUL] and GHOUL in names(s, 0, BATTLE)
    assert "to_doubt" not in codes(s)


def test_shields_face_up_are_public(game):
    """公開: 「カードを表向きにすること」 — ウラルス turns its owner's shields face up (例6: 「
    表向きにできるのは自分のシールドのみ」); a copy of a public card among them is a doubt."""
    s = game.position(
        hands=(["処罰の精霊ウラルス"], []),
        mana=(["予言者リュゾル"] * 5, []),
        graves=([GHOUL], []),
        shields=([GHOUL], 5),
    )
    act(s, "summon 処罰の精霊ウラルス")
    pay_all(s)
    assert s.points == [1, 0]
    assert all(s.owner[i] == 0 for i in range(len(s.cards)) if s.where[i] == SHIELDS and s.flags[i] & 1)


def test_at_most_one_mana_charge(game):
    """DM §1.2 8: 「Mana charge: optionally put at most one card from hand into mana, only in this step.」"""
    s = game.position(hands=([GHOUL, SOLDIER], []), step="charge")
    assert sorted(s.notation(a) for a in s.legal_actions()) == sorted(
        [f"charge {GHOUL}", f"charge {SOLDIER}", "no-charge"]
    )
    act(s, f"charge {GHOUL}")
    assert s.pending.what == "main" and all(a.kind != "charge" for a in s.legal_actions())


def test_a_declared_trigger_is_shown_to_the_attacker(game):
    """公開 「カードを見せること」: an S・トリガー is 「revealed and used」 — the attacker sees which card was
    declared, and nothing of the other broken shield."""
    s = game.position(
        battle=(["暗黒の騎士ザガーン"], []), shields=(5, ["デーモン・ハンド", GHOUL]), step="attack"
    )
    act(s, "attack 1 player")
    act(s, "use デーモン・ハンド")
    hand = s.zones[NZ + HAND]
    assert [s.knows(0, i) for i in hand] == [s.cards[i] == CS_DEMON_HAND for i in hand]


CS_DEMON_HAND = load_game("amadeus").cardset.find("デーモン・ハンド").index


def test_the_compiled_builds_count_of_public_copies_is_the_interpreted_one(game):
    """``_at_most_one`` counts a name's copies in the scanned zones two ways, a plain loop where the module
    runs compiled and C iterators where it runs interpreted: both give the same count at every moment of
    random games, for every seat group and card."""
    from itertools import chain
    from operator import countOf

    from tefuda.core import Rng

    rng = Rng(5)
    decks = [game.default_deck(s) for s in range(2)]
    checked = 0
    for seed in range(4):
        s = game.new_state(decks, seed, record=False)
        while not s.is_over:
            for seats, order in doubt._SCANNED_IN_ORDER.items():
                assert set(order) == doubt._SCANNED[seats]
                for card in {s.cards[i] for z in order for i in s.zones[z]}:
                    plain = doubt.count_scanned(s.zones, s.cards, order, card)
                    fast = countOf(
                        map(s.cards.__getitem__, chain.from_iterable(map(s.zones.__getitem__, order))), card
                    )
                    assert plain == fast
                    checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    assert checked > 100
