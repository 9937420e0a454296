"""The rulebook audit of 切り札 (issue 23): a scenario per rule the audit changed or confirmed, each quoting
the rulebook's sentence (docs/sources/rules/kirifuda.txt) in its docstring and built from a hand-made
position.

The rulebook has no worked examples; these positions are the smallest that show each sentence at work.
Scenario cards (tests/data/kirifuda_scenario_cards.toml): 剣士 500 火, 弓兵 400 水, 巨人 900 土 (attackers, no
effect), 呪術師 600 風 (−300 to the opponent's attacker); supports 盾 (protect), 強化 (+300), 閃き (draw 1),代
償 (cost: another set card; −500); trumps 王 (切り札アタッカー 1000) and 秘策 (切り札サポート, +700)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tefuda.core import FACE_UP, Action, IllegalActionError, Rng
from tefuda.games.kirifuda.game import KirifudaGame
from tefuda.games.kirifuda.phase_ids import ATTACKER_OPEN, SET_ATTACKER, SUPPORT_OPEN, TAKE_LIFE
from tefuda.games.kirifuda.zones import (
    ATTACKER_SLOT,
    DECK,
    DISCARD,
    HAND,
    LIFE,
    NZ,
    SUPPORT_1,
    SUPPORT_2,
    TRUMP,
)
from tests.notation import do

CARDS = Path(__file__).parent / "data" / "kirifuda_scenario_cards.toml"
RULEBOOK = Path(__file__).resolve().parents[1] / "docs" / "sources" / "rules" / "kirifuda.txt"
RULES_MD = Path(__file__).resolve().parents[1] / "tefuda" / "games" / "kirifuda" / "RULES.md"
FILLER = ["弓兵"] * 6


def game(**options) -> KirifudaGame:
    return KirifudaGame(options, cards_path=CARDS)


def names(s, seat, k) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def kinds(s) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def seen(s, viewer: int, zone: str) -> list[tuple[str | None, bool, list[str]]]:
    z = next(z for z in s.observation(viewer)["zones"] if z["id"] == zone)
    return [(e["card"], e["face_up"], e.get("flags", [])) for e in z["cards"]]


def pos(g=None, **kw):
    """Both players hold what is given plus a spare archer (so every "done" is asked for); 3 life each."""
    kw.setdefault("hands", (["剣士"], ["弓兵"]))
    kw["hands"] = tuple([*h, "弓兵"] for h in kw["hands"])
    kw.setdefault("decks", (FILLER, FILLER))
    kw.setdefault("lives", (["弓兵"] * 3, ["弓兵"] * 3))
    kw.setdefault("trumps", (["王", "秘策"], ["王", "秘策"]))
    return (g or game()).position(**kw)


# ====================================================================== changed: 切り札フェイズ
def test_trump_declarations_come_first_and_the_cards_are_set_after_both_declared():
    """「①まず「ファーストプレイヤー」が「切り札を使うかどうか」を宣言します。②次に「セカンドプレイヤー」が「切
    り札を使うかどうか」を宣言します。」 … 「「切り札を使用する」と宣言したプレイヤーは、次の手順で切り札デッ
    キのカードを場にセットしてください。」 … 「「切り札を使用する」と宣言したプレイヤーすべてが、カードのセッ
    トを終えたらオープンフェイズに移ります。」 — the second player declares knowing only *that* the first uses
    a trump, not which one: the trump is set only once both have declared (first player first)."""
    s = pos()
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done")
    assert s.current_player == 0 and kinds(s) == {"no-trump", "use-trump"}
    do(s, "use-trump")
    # P2 declares now; nothing of P1's has moved, and P2 is told only the declaration
    assert s.current_player == 1 and kinds(s) == {"no-trump", "use-trump"}
    assert names(s, 0, ATTACKER_SLOT) == ["剣士"] and len(s.zones[TRUMP]) == 2
    assert [e.code for e in s.log[-1:]] == ["trump_declared"]
    do(s, "use-trump")
    # both declared: now P1 chooses which trump, then P2 (who has seen where P1 set it)
    assert s.current_player == 0 and kinds(s) == {"trump-attacker", "trump-support"}
    do(s, "trump-attacker")
    assert s.current_player == 1 and kinds(s) == {"trump-attacker", "trump-support"}
    do(s, "trump-support 2")
    assert names(s, 0, ATTACKER_SLOT) == ["王"] and names(s, 1, SUPPORT_2) == ["秘策"]
    assert names(s, 0, DECK)[-1] == "剣士"  # 「山札の1番下に戻し」
    assert s.trump_used == [True, True]


def test_no_trump_from_both_goes_straight_to_the_open_phase():
    """「お互いに切り札を使わない場合は、オープンフェイズに移ります。」"""
    s = pos()
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump")
    assert s.phase == TAKE_LIFE and not any(e.code == "trump" for e in s.log)


def test_only_the_second_player_declared():
    """Only a player who declared sets a trump: the first player said no, the second sets right away."""
    s = pos()
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "use-trump")
    assert s.current_player == 1 and kinds(s) == {"trump-attacker", "trump-support"}
    do(s, "trump-attacker")
    assert s.pow == [500, 1000]


def test_trump_once_per_game_one_of_the_two():
    """「※切り札が使えるのは1回だけ!」「2枚のうち、どちらか1種類しか使えません」 — a player who has used a
    trump is not asked again (that is public), the other one still is."""
    s = pos(trump_used=(True, False))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done")
    assert s.current_player == 1 and kinds(s) == {"no-trump", "use-trump"}


# ====================================================================== changed: セットアタッカー is declared
def _support_in_attacker_slot(g=None, **kw):
    kw.setdefault("hands", (["盾", "強化"], ["剣士"]))
    s = pos(g, **kw)
    do(s, "set-attacker 盾", "set-attacker 剣士", "done", "done", "no-trump", "no-trump")
    return s


def test_a_support_in_the_attacker_slot_is_a_set_attacker_only_if_declared():
    """「また、手札にアタッカーが1枚もない場合などに、「アタッカーの代用」として使用することもできます。その場
    合は、アタッカーオープンフェイズ(後述)に、「セットアタッカーとしてオープンします」と宣言し、カードを裏向き
    のまま「セットアタッカー」として扱います。」 — 「できます」 and 「宣言し」: the owner chooses, after the
    attackers turn face up at once (「両プレイヤー同時に、セットされている自分のアタッカーを表に向けます」):
    the support did not turn, which everyone sees."""
    s = _support_in_attacker_slot()
    assert s.phase == ATTACKER_OPEN and s.current_player == 0
    assert kinds(s) == {"open-set-attacker", "keep-set"}
    assert s.pow == [-1, 500]
    assert seen(s, 1, "p1.attacker") == [(None, False, ["unopened"])]  # a support; which one, unknown
    do(s, "open-set-attacker")
    assert s.pow == [200, 500] and s.game.attr_names(s.attr[0]) == ["火", "水", "風", "土"]
    assert seen(s, 1, "p1.attacker") == [(None, False, ["set_attacker"])]


def test_a_support_left_set_is_no_attacker_and_stays_through_the_end_phase():
    """「セット状態(裏向き)のまま残っているカードがある場合は、そのまま場に置いておきます。」 — a support its
    owner did not declare a セットアタッカー is still a set card: no attacker this round (the battle is lost
    to any attacker), and it stays in the アタッカー置き場."""
    s = _support_in_attacker_slot()
    do(s, "keep-set")
    assert s.pow == [-1, 500]
    assert s.phase == TAKE_LIFE and s.current_player == 1  # P2 won the battle
    do(s, "take-life 1")
    assert s.round == 2
    assert names(s, 0, ATTACKER_SLOT) == ["盾"] and not s.flags[s.zones[ATTACKER_SLOT][0]] & FACE_UP


def test_neither_player_has_an_attacker_no_battle():
    """「より数値の高いアタッカーを出しているプレイヤーがバトルに勝利します。」 — with one attacker out,
    its player wins (above); with none out on either side the text names no winner: our decision, no
    battle — nobody takes a life card and the round goes on to the end phase."""
    s = pos(hands=(["盾"], ["盾"]))
    do(s, "set-attacker 盾", "set-attacker 盾", "done", "done", "no-trump", "no-trump")
    do(s, "keep-set", "keep-set")
    log = [e.code for e in s.log]
    assert "no_battle" in log and "battle_won" not in log and "battle_tie" not in log
    assert s.round == 2 and [len(s.zones[p * NZ + LIFE]) for p in (0, 1)] == [3, 3]


def test_a_slot_still_holding_a_set_card_takes_no_new_attacker_except_by_the_overwrite():
    """「※すでにセットカードが置かれている場所に、新たに自分のカードを置くこと(以下「カードの上書き」)はできま
    せん。ただし、各プレイヤー1ゲーム中1回に限り、カードの上書きをしても構いません」 — the sentence names
    any place (場所): a support left set in the attacker slot can be overwritten once per game, or stays."""
    s = pos(hands=(["剣士", "閃き"], ["弓兵"]), attackers=("盾", None))
    assert kinds(s) == {"overwrite-attacker", "done"}
    do(s, "overwrite-attacker 剣士")
    assert names(s, 0, ATTACKER_SLOT) == ["剣士"] and names(s, 0, DISCARD) == ["盾"] and s.overwrite_used[0]
    assert not s.flags[s.zones[DISCARD][0]] & ~FACE_UP  # no mark left on the discarded card
    s = pos(hands=(["剣士"], ["弓兵"]), attackers=("盾", None), overwrite_used=(True, False), advance=True)
    assert s.current_player == 1 and s.phase == SET_ATTACKER  # P1 has nothing to decide: it stays
    assert names(s, 0, ATTACKER_SLOT) == ["盾"]


def test_a_support_left_set_is_what_a_trump_attacker_sends_to_the_deck():
    """「アタッカー置き場にサポートカードをセットした場合。→切り札を使用する際に、山札の下に置くカードとして使
    用しできます。」 — kept set a round, it is still there for the 切り札アタッカー."""
    s = pos(hands=(["閃き"], ["弓兵"]), attackers=("盾", None))
    do(s, "done", "set-attacker 弓兵", "done", "done", "use-trump", "no-trump", "trump-attacker")
    assert names(s, 0, ATTACKER_SLOT) == ["王"] and names(s, 0, DECK)[-1] == "盾"
    assert s.pow == [1000, 400]


def test_a_support_left_set_can_pay_a_set_card_cost():
    """the card text 「自分の他のセットカードを1枚捨てる」 (a コスト of our pool) — a support left set in the
    attacker slot is a セットカード (「セットされている状態のカードを“セットカード”と呼びます」), so it can
    pay."""
    s = pos(hands=(["代償"], ["巨人"]), attackers=("盾", None))
    do(s, "done", "set-attacker 巨人", "set-support 代償", "done", "done", "no-trump", "no-trump", "keep-set")
    do(s, "open-support 1")
    assert kinds(s) == {"pay-set-attacker", "decline"}
    do(s, "pay-set-attacker")
    assert s.pow[1] == 400 and names(s, 0, DISCARD) == ["盾"] and not s.zones[ATTACKER_SLOT]


def test_a_support_that_stayed_face_down_is_known_to_be_a_support_and_nothing_more():
    """Hidden information: everyone saw the card stay face down at the attacker open, so everyone knows it is
    a support (the AI's worlds keep it one), and nobody but its owner knows which."""
    s = _support_in_attacker_slot()
    do(s, "keep-set")
    att = s.zones[ATTACKER_SLOT][0]
    assert s.knows(0, att) and not s.knows(1, att) and not s.knows(2, att)
    rng = Rng(5)
    for _ in range(30):
        w = s.determinize(1, rng)
        assert w.game.cardset[w.cards[w.zones[ATTACKER_SLOT][0]]].type == "support"


def test_declarations_first_player_first_after_the_flip():
    """Our reading: the declaration is made once the attackers have turned (the flip is what
    「両プレイヤー同時に」 governs), first player first (「特に指定がない限り、各フェイズの行動は両プレイヤー
    同時にではなく、『ファーストプレイヤー』→『セカンドプレイヤー』の順番で行ってください。」)."""
    s = pos(hands=(["盾"], ["強化"]))
    do(s, "set-attacker 盾", "set-attacker 強化", "done", "done", "no-trump", "no-trump")
    assert s.current_player == 0 and s.phase == ATTACKER_OPEN
    do(s, "keep-set")
    assert s.current_player == 1 and s.phase == ATTACKER_OPEN
    do(s, "open-set-attacker")
    assert s.pow == [-1, 200]


def test_option_set_attacker_always_declares_it():
    """Option ``set_attacker=always`` (the older reading): a support in the attacker slot is always a set
    attacker, nobody is asked."""
    s = _support_in_attacker_slot(game(set_attacker="always"))
    assert s.pow == [200, 500]


def test_an_attacker_always_turns_face_up():
    """「【1】両プレイヤー同時に、セットされている自分のアタッカーを表に向けます。」 — no choice for an
    attacker."""
    s = pos(hands=(["剣士", "強化"], ["弓兵"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 強化",
        "done",
        "done",
        "no-trump",
        "no-trump",
    )
    assert s.flags[s.zones[ATTACKER_SLOT][0]] & FACE_UP and s.phase == SUPPORT_OPEN


# ====================================================================== changed: 2 supports per set phase
def test_at_most_two_support_cards_set_in_one_phase_the_overwrite_included():
    """「セットできるサポートカードは2枚まで です。」 — two cards set fills the quota: no overwrite on top (a
    third card set in the same phase)."""
    s = pos(hands=(["剣士", "盾", "強化", "閃き"], ["弓兵"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 盾")
    assert kinds(s) == {"set-support", "overwrite", "done"}
    do(s, "set-support 強化")
    assert s.current_player == 1  # P1's two are set: done
    assert names(s, 0, SUPPORT_1) == ["盾"] and names(s, 0, SUPPORT_2) == ["強化"]


def test_a_card_left_from_an_earlier_round_one_set_and_one_overwrite_is_two():
    """「セットできるサポートカードは2枚まで」 counts the cards set this phase: one into the empty slot and
    one overwrite make two."""
    s = pos(hands=(["剣士", "盾", "強化"], ["弓兵"]), supports=(["閃き"], []))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 盾")
    assert kinds(s) == {"overwrite", "done"}
    do(s, "overwrite 1 強化")
    assert s.current_player == 1 and names(s, 0, SUPPORT_1) == ["強化"]


def test_option_support_set_limit_slots():
    """Option ``support_set_limit=slots`` (reading 「2枚まで」 as the two places): the overwrite may come on
    top."""
    s = pos(game(support_set_limit="slots"), hands=(["剣士", "盾", "強化", "閃き"], ["弓兵"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 盾", "set-support 強化")
    assert kinds(s) == {"overwrite", "done"}
    do(s, "overwrite 2 閃き")
    assert names(s, 0, SUPPORT_2) == ["閃き"]


# ====================================================================== confirmed
def test_round_one_has_no_draw_phase():
    """「※最初の第1ラウンドは両プレイヤーともドローフェイズを行いません」
    「第1ラウンドのみ セットフェイズ から開始して下さい。」"""
    s = pos()
    assert s.round == 1 and s.phase == SET_ATTACKER
    assert len(s.zones[HAND]) == 2 and len(s.zones[DECK]) == len(FILLER)  # nothing drawn


def test_draw_shown_gives_two_known_cards_hidden_gives_one():
    """「①山札からカードを1枚引いて確認し、それを「相手に公開するかどうか」宣言します。」「引いたカードを「公
    開エリア」に置き、さらに山札から1枚をめくって「公開エリア」に置きます。相手がカードを確認したら、公開エリ
    アにある2枚のカードを手札に加えます。」「引いたカードを相手に見せず、そのまま手札に加えます。」"""
    s = pos(start="draw", hands=([], []), decks=(["強化", "盾", "閃き"], ["盾", "強化"]))
    assert kinds(s) == {"reveal", "no-reveal"}
    do(s, "reveal")
    assert names(s, 0, HAND)[-2:] == ["強化", "盾"] and all(s.knows(1, i) for i in s.zones[HAND][-2:])
    do(s, "no-reveal")
    assert len(s.zones[NZ + HAND]) == 2 and not s.knows(0, s.zones[NZ + HAND][-1])


def test_each_player_does_the_phase_in_turn_first_player_first():
    """「※特に指定がない限り、各フェイズの行動は両プレイヤー同時にではなく、『ファーストプレイヤー』→『セカン
    ドプレイヤー』の順番で行ってください。」「各フェイズ内の①~②を両プレイヤーが順番に行います」 — the first
    player does ①–② of the draw, then the second."""
    s = pos(start="draw", first=1, hands=([], []), decks=(["強化", "盾"], ["盾", "強化", "閃き"]))
    assert s.current_player == 1
    do(s, "reveal")
    assert s.current_player == 0 and len(s.zones[NZ + HAND]) == 3  # P2's draw is over before P1 draws


def test_setting_the_attacker_is_mandatory():
    """「①手札から戦わせたいアタッカーを1枚選んで、「アタッカー置き場」に裏向きで置きます。」「②セットが終わっ
    たら「セットしました。」と宣言します。」 — the attacker set has no 「セットしません。」 (the support set
    has), so a player with cards in hand sets one."""
    s = pos()
    assert kinds(s) == {"set-attacker"}
    with pytest.raises(IllegalActionError):
        s.apply(Action("done"))


def test_any_card_may_be_set_in_any_slot():
    """「【アタッカー置き場とサポート置き場に別の種類のカードを置いてもOK!】」"""
    s = pos(hands=(["強化", "巨人"], ["弓兵"]))
    assert Action("set-attacker", s.game.cardset.find("強化").index) in s.legal_actions()
    do(s, "set-attacker 強化", "set-attacker 弓兵", "set-support 巨人")
    assert names(s, 0, SUPPORT_1) == ["巨人"]


def test_an_attacker_in_a_support_slot_cannot_be_opened():
    """(an attacker in a support slot) 「→そのカードはオープンできません。切り札の使用やコス
    トの支払いに活用することができます。」"""
    s = pos(hands=(["剣士", "巨人"], ["弓兵", "強化"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 巨人", "done", "set-support 強化", "done")
    do(s, "use-trump", "no-trump", "trump-support 1")  # 「切り札の使用…に活用」: it goes to the deck bottom
    assert names(s, 0, DECK)[-1] == "巨人" and names(s, 0, SUPPORT_1) == ["秘策"]
    s = pos(hands=(["剣士", "巨人"], ["弓兵", "強化"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 巨人", "done", "set-support 強化", "done")
    do(s, "no-trump", "no-trump")
    assert s.current_player == 0 and kinds(s) == {"pass"}  # asked (no tells), but it cannot open


def test_attacker_open_effects_first_player_first():
    """「両プレイヤーのアタッカーが【オープン】効果をもっている場合、「ファーストプレイヤー」から先にカードの
    効果を使用します。効果の解決が終わったら、「セカンドプレイヤー」が【オープン】効果を使用します。」"""
    s = pos(hands=(["呪術師"], ["呪術師"]), first=1)
    do(s, "set-attacker 呪術師", "set-attacker 呪術師", "done", "done", "no-trump", "no-trump")
    assert [e.seat for e in s.log if e.code == "pow"] == [0, 1]  # P2 (first) lowered P1's attacker first


def test_support_open_alternates_and_ends_on_two_passes_in_a_row():
    """「①「ファーストプレイヤー」からサポートを使うかどうか宣言します。」 … 「②「セカンドプレイヤー」がサポー
    トを使うかどうか宣言します。」 … 「※お互いに使用するサポートがなくなった場合、もしくは両プレイヤーが続けて
    「サポートを使わない」と宣言した場合は、セットカードの残り枚数にかかわらず、バトルフェイズへ移ります。」"""
    s = pos(hands=(["剣士", "強化", "閃き"], ["弓兵", "強化", "盾"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 強化", "set-support 閃き")
    do(s, "set-support 強化", "set-support 盾", "no-trump", "no-trump")
    do(s, "pass", "open-support 1")  # P1 passes, P2 opens: the pass was not final
    assert s.current_player == 0 and s.pow == [500, 700]
    do(s, "open-support 1", "pass", "pass")  # two passes in a row, set cards still there
    assert s.phase == TAKE_LIFE and names(s, 0, SUPPORT_2) == ["閃き"] and names(s, 1, SUPPORT_2) == ["盾"]


def test_the_higher_pow_wins_the_winner_picks_the_loser_adds_it_to_hand():
    """「より数値の高いアタッカーを出しているプレイヤーがバトルに勝利します。」「バトルに勝ったプレイヤーは、負けた
    プレイヤーの「ライフ置き場」のカードを1枚選びます」「負けたプレイヤーは、選ばれたカードを手札に加えます」"""
    s = pos(lives=(["弓兵"] * 3, ["盾", "強化", "閃き"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump")
    assert s.current_player == 0 and kinds(s) == {"take-life"}
    do(s, "take-life 3")
    assert "閃き" in names(s, 1, HAND) and len(s.zones[NZ + LIFE]) == 2


def test_equal_pow_has_no_winner_so_no_damage():
    """「より数値の高いアタッカーを出しているプレイヤーがバトルに勝利します。」 — at equal POW neither
    attacker is higher: nobody wins, and only 「バトルに勝ったプレイヤー」 takes a life card (option
    ``tie=both_damage`` is a house rule: the lost setup page may have said more)."""
    s = pos(hands=(["剣士"], ["剣士"]))
    do(s, "set-attacker 剣士", "set-attacker 剣士", "done", "done", "no-trump", "no-trump")
    assert len(s.zones[LIFE]) == 3 and len(s.zones[NZ + LIFE]) == 3 and s.round == 2


def test_life_zero_loses_at_once():
    """「この時、どちらかのライフが0枚になったら、そのプレイヤーの敗北が決定し、ゲーム終了です。」"""
    s = pos(lives=(["弓兵"] * 3, ["盾"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump")
    assert s.is_over and s.outcome().winner == 0


def test_end_phase_face_up_cards_go_set_cards_stay_a_set_trump_support_goes():
    """「アタッカー置き場とサポート置き場に表向きで置かれているカードを、すべて捨て札置き場」に置きます。」
    「セット状態(裏向き)のまま残っているカードがある場合は、そのまま場に置いておきます。」 — but a set
    切り札サポート: 「セット状態であっても捨て札にします」"""
    s = pos(hands=(["剣士", "強化", "盾"], ["弓兵"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 強化", "set-support 盾", "done")
    do(s, "use-trump", "no-trump", "trump-support 2", "open-support 1", "pass", "take-life 1")
    assert s.round == 2
    assert sorted(names(s, 0, DISCARD)) == sorted(["剣士", "強化", "秘策"])
    assert not s.zones[SUPPORT_1] and not s.zones[SUPPORT_2] and names(s, 0, DECK)[-1] == "盾"


def test_a_set_attacker_counts_as_open_and_is_discarded():
    """「POW 200 / 効果なし / 全ての属性をもつ」「(※裏向きですが、オープン状態とみなします)。」— our reading
    of the end phase: 「オープン状態」 is what 「表向き」 means there, so it goes to the discard pile."""
    s = _support_in_attacker_slot()
    do(s, "open-set-attacker", "take-life 1")
    assert s.round == 2 and names(s, 0, DISCARD) == ["盾"] and not s.zones[ATTACKER_SLOT]


def test_deck_out_is_our_decision():
    """The rulebook never says what an empty deck does: 「①山札からカードを1枚引いて確認し」 assumes a card,
    and the only loss it names is 「どちらかのライフが0枚になったら、そのプレイヤーの敗北が決定し」. Our
    decision (option ``deck_out``, default ``lose``): a player who must draw at the ドローフェイズ from an
    empty deck loses."""
    s = pos(start="draw", decks=([], ["盾"]), advance=True)
    assert s.is_over and s.outcome().winner == 1


def test_random_games_under_every_new_option_end_and_keep_the_invariants():
    for opts in ({}, {"set_attacker": "always"}, {"support_set_limit": "slots"}):
        for seed in range(8):
            s = pos(game(**opts), seed=seed, hands=(["剣士", "盾", "強化"], ["弓兵", "閃き", "盾"]))
            rng = Rng(seed)
            while not s.is_over:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
                s.check_invariants()


# ====================================================================== the quotes themselves
def _spans(text: str) -> list[str]:
    """The outermost 「…」 spans of a line (a quote may hold 「」 of its own)."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "「":
            if depth == 0:
                start = i + 1
            depth += 1
        elif c == "」" and depth:
            depth -= 1
            if depth == 0:
                out.append(text[start:i])
    return out


def test_every_quote_in_rules_md_is_the_rulebooks_own_words():
    """RULES.md quotes the rulebook on lines starting with ``>``: each quote (its parts, where 「…」 leaves
    something out) is in kirifuda.txt as written — line breaks and spaces aside."""
    book = re.sub(r"\s+", "", RULEBOOK.read_text(encoding="utf-8"))
    quotes = 0
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        if not line.lstrip().startswith(">"):
            continue
        for q in _spans(line):
            quotes += 1
            for part in q.split("…"):
                part = re.sub(r"\s+", "", part)
                assert part in book, f"RULES.md quotes what the rulebook does not say: 「{q}」"
    assert quotes >= 40
