"""Scenario tests for 切り札's rules, each built from a hand-made position (tests/data scenario cards)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tefuda.core import FACE_UP, Action, IllegalActionError, Rng
from tefuda.games.kirifuda import phases
from tefuda.games.kirifuda.game import KirifudaGame
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
FILLER = ["弓兵"] * 6


def game(**options) -> KirifudaGame:
    return KirifudaGame(options, cards_path=CARDS)


def names(s, seat, k) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[seat * NZ + k]]


def seen(s, viewer: int, zone: str) -> list[tuple[str | None, bool]]:
    """What ``viewer``'s observation shows of a zone: (card id or None, face up) per card."""
    z = next(z for z in s.observation(viewer)["zones"] if z["id"] == zone)
    return [(e["card"], e["face_up"]) for e in z["cards"]]


def basic(g=None, pad: bool = True, **kw):
    """Both players hold a few cards (plus a spare archer, so hands do not run out and every "done" is
    asked for); 3 life each; decks of archers."""
    kw.setdefault("hands", (["剣士", "盾", "強化"], ["弓兵", "盾", "強化"]))
    if pad:
        kw["hands"] = tuple([*h, "弓兵"] for h in kw["hands"])
    kw.setdefault("decks", (FILLER, FILLER))
    kw.setdefault("lives", (["弓兵"] * 3, ["弓兵"] * 3))
    kw.setdefault("trumps", (["王", "秘策"], ["王", "秘策"]))
    return (g or game()).position(**kw)


# ---------------------------------------------------------------------- セットフェイズ
def test_set_phase_order_first_player_first_then_supports():
    s = basic(first=1)
    assert s.current_player == 1
    do(s, "set-attacker 弓兵")
    assert s.current_player == 0
    do(s, "set-attacker 剣士")
    # support set: first player (seat 1) first
    assert s.current_player == 1
    assert Action("done") in s.legal_actions()


def test_attacker_must_be_set_when_the_hand_has_cards():
    s = basic()
    assert all(a.kind == "set-attacker" for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(Action("done"))


def test_up_to_two_supports_then_only_overwrite_or_done():
    """With ``support_set_limit=slots`` (the older reading) the overwrite may be a third card set in one
    phase; the default allows two (test_kirifuda_audit)."""
    s = basic(game(support_set_limit="slots"), hands=(["剣士", "盾", "強化", "閃き"], ["弓兵", "盾"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 盾", "set-support 強化")
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"overwrite", "done"}
    assert names(s, 0, SUPPORT_1) == ["盾"] and names(s, 0, SUPPORT_2) == ["強化"]


def test_overwrite_once_per_game_and_overwritten_card_is_discarded():
    s = basic(hands=(["剣士", "盾", "閃き", "強化"], ["弓兵", "盾"]), supports=(["密偵"], []))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "overwrite 1 閃き")
    assert s.overwrite_used[0]
    assert names(s, 0, SUPPORT_1) == ["閃き"]
    assert names(s, 0, DISCARD) == ["密偵"]
    assert s.flags[s.zones[DISCARD][0]] & FACE_UP
    do(s, "set-support 盾")
    assert not any(a.kind == "overwrite" for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply_text("overwrite 2 強化")


def test_overwrite_to_hand_option():
    s = basic(game(overwrite_to="hand"), hands=(["剣士", "閃き"], ["弓兵"]), supports=(["密偵"], []))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "overwrite 1 閃き")
    assert "密偵" in names(s, 0, HAND)


def test_set_cards_are_hidden_from_the_opponent():
    s = basic()
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 盾")
    assert seen(s, 1, "p1.attacker") == [(None, False)]
    assert seen(s, 1, "p1.support1") == [(None, False)]
    assert seen(s, 0, "p1.attacker") == [("swordsman", False)]


# ---------------------------------------------------------------------- 切り札フェイズ
def _to_trump_phase(s):
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done")


def test_trump_attacker_displaces_the_set_attacker_to_the_deck_bottom():
    s = basic()
    _to_trump_phase(s)
    assert s.current_player == 0
    do(s, "use-trump", "no-trump", "trump-attacker")
    assert names(s, 0, ATTACKER_SLOT) == ["王"]
    assert names(s, 0, DECK)[-1] == "剣士"
    bottom = s.zones[DECK][-1]
    assert s.knows(0, bottom) and not s.knows(1, bottom)
    assert s.trump_used[0]


def test_trump_once_per_game_and_only_one_of_the_two():
    s = basic(hands=(["剣士", "盾", "強化", "閃き"], ["弓兵", "盾", "弓兵", "弓兵"]))
    _to_trump_phase(s)
    do(s, "use-trump", "no-trump", "trump-attacker")
    # finish the round: the opened trump attacker (POW 1000) beats the archer
    while s.phase != 3:  # back at the set phase of round 2
        legal = s.legal_actions()
        s.apply(legal[0])
    assert s.round == 2
    do(s, "set-attacker 盾", "set-attacker 弓兵", "done", "done")
    # seat 0 used a trump: the 切り札フェイズ asks only seat 1
    assert s.current_player == 1
    assert {a.kind for a in s.legal_actions()} == {"no-trump", "use-trump"}
    do(s, "no-trump")
    assert s.phase != 5


def test_trump_support_goes_to_a_support_slot_and_is_discarded_if_never_opened():
    s = basic(hands=(["剣士", "盾"], ["弓兵"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "set-support 盾", "done", "done")
    do(s, "use-trump", "no-trump", "trump-support 1")
    assert names(s, 0, SUPPORT_1) == ["秘策"]
    assert names(s, 0, DECK)[-1] == "盾"
    # seat 0 passes without opening the trump support, seat 1 has no set card
    do(s, "pass")
    # battle: 500 vs 400 -> seat 0 picks a life card of seat 1
    do(s, "take-life 1")
    assert "秘策" in names(s, 0, DISCARD)


def test_trump_phase_offers_only_the_kinds_in_the_trump_deck():
    """A trump deck without a 切り札アタッカー is never offered one, and nothing crashes."""
    s = basic(trumps=(["秘策"], ["王"]))
    _to_trump_phase(s)
    assert s.current_player == 0
    do(s, "use-trump", "use-trump")
    assert s.current_player == 0
    assert sorted(s.notation(a) for a in s.legal_actions()) == ["trump-support 1", "trump-support 2"]
    before = s.digest()
    with pytest.raises(IllegalActionError):
        do(s, "trump-attacker")
    assert s.digest() == before
    do(s, "trump-support 2")
    assert names(s, 0, SUPPORT_2) == ["秘策"]
    assert s.current_player == 1
    assert sorted(s.notation(a) for a in s.legal_actions()) == ["trump-attacker"]
    with pytest.raises(IllegalActionError):
        do(s, "trump-support 1")
    do(s, "trump-attacker")
    assert names(s, 1, ATTACKER_SLOT) == ["王"]


def test_one_kind_trump_decks_play_out_without_crashing():
    for seed in range(20):
        s = basic(trumps=(["秘策"], ["王"]) if seed % 2 else (["王"], []), seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            s.check_invariants()


# ---------------------------------------------------------------------- オープンフェイズ
def test_set_attacker_is_pow_200_every_attribute_face_down_then_discarded():
    s = basic(hands=(["盾", "強化"], ["弓兵"]), lives=(["弓兵"] * 3, ["弓兵"] * 3))
    do(s, "set-attacker 盾", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump")
    assert s.pow == [-1, 400]  # the support did not turn face up; its owner declares it (test_kirifuda_audit)
    do(s, "open-set-attacker")
    assert s.pow == [200, 400]
    att = s.zones[ATTACKER_SLOT][0]
    assert not s.flags[att] & FACE_UP and not s.knows(1, att)
    slot = next(z for z in s.observation(1)["zones"] if z["id"] == "p1.attacker")
    assert slot["cards"][0]["flags"] == ["set_attacker"] and slot["cards"][0]["card"] is None
    assert s.game.attr_names(s.attr[0]) == ["火", "水", "風", "土"]
    # seat 1 wins with 400 > 200 (seat 0 has no set support, the window closes at once)
    assert s.phase == 8  # take_life
    do(s, "take-life 2")
    assert "盾" in names(s, 0, DISCARD)


def test_attacker_in_support_slot_cannot_open_but_pays_a_cost():
    s = basic(hands=(["剣士", "巨人", "代償"], ["弓兵"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 巨人",
        "set-support 代償",
        "done",
        "no-trump",
        "no-trump",
    )
    assert s.current_player == 0
    opens = [a for a in s.legal_actions() if a.kind == "open-support"]
    assert opens == [Action("open-support", 1)]  # slot 2 (代償); the giant in slot 1 cannot open
    do(s, "open-support 2")
    assert {a.kind for a in s.legal_actions()} == {"pay-set", "decline"}
    do(s, "pay-set 1")
    assert "巨人" in names(s, 0, DISCARD)
    assert s.pow[1] == 0  # 400 - 500, never below 0


def test_cost_declined_means_no_effect():
    s = basic(hands=(["剣士", "巨人", "代償"], ["弓兵"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 巨人",
        "set-support 代償",
        "done",
        "no-trump",
        "no-trump",
        "open-support 2",
        "decline",
    )
    assert s.pow[1] == 400


def test_cost_that_cannot_be_paid_skips_the_effect():
    s = basic(hands=(["剣士", "代償"], ["弓兵"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 代償",
        "done",
        "done",
        "no-trump",
        "no-trump",
        "open-support 1",
    )
    assert s.pow[1] == 400


def test_open_effects_first_player_first():
    # both attackers are hexers (-300 to the opponent): the first player's effect resolves first
    s = basic(hands=(["呪術師"], ["呪術師"]), first=1)
    do(s, "set-attacker 呪術師", "set-attacker 呪術師", "done", "done", "no-trump", "no-trump")
    pows = [(e.seat, e.arg("change"), e.arg("pow")) for e in s.log if e.code == "pow"]
    assert pows == [(0, -300, 300), (1, -300, 300)]  # seat 1 (first) lowered seat 0 first
    assert any(e.code == "battle_tie" for e in s.log)


def test_support_window_alternates_and_closes_after_two_passes_in_a_row():
    s = basic(hands=(["剣士", "強化", "盾"], ["弓兵", "強化", "盾"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 強化",
        "set-support 盾",
        "set-support 強化",
        "set-support 盾",
        "no-trump",
        "no-trump",
    )
    assert s.current_player == 0
    do(s, "pass")
    assert s.current_player == 1
    do(s, "open-support 1")  # +300: 700 vs 500
    assert s.pow == [500, 700]
    assert s.current_player == 0  # a pass is not final: seat 0 may still open
    do(s, "open-support 1")
    assert s.pow == [800, 700]
    do(s, "pass", "pass")
    assert s.phase == 8 and s.current_player == 0  # battle: seat 0 (800) picks a life card


# ---------------------------------------------------------------------- バトルフェイズ
def test_winner_picks_a_life_card_loser_adds_it_to_hand():
    s = basic(lives=(["弓兵"] * 3, ["盾", "強化", "閃き"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump")
    assert s.current_player == 0
    taken = s.zones[NZ + LIFE][1]
    assert not s.knows(0, taken)
    do(s, "take-life 2")
    assert taken in s.zones[NZ + HAND]
    assert s.knows(1, taken) and not s.knows(0, taken)
    assert len(s.zones[NZ + LIFE]) == 2


def test_life_zero_loses():
    s = basic(lives=(["弓兵"] * 3, ["盾"]))
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump")
    assert s.is_over
    assert s.outcome().winner == 0 and s.outcome().reason == "life 0"
    assert s.legal_actions() == ()


def test_equal_pow_no_damage_by_default():
    s = basic(hands=(["剣士"], ["剣士"]))
    do(s, "set-attacker 剣士", "set-attacker 剣士", "done", "done", "no-trump", "no-trump")
    assert len(s.zones[LIFE]) == 3 and len(s.zones[NZ + LIFE]) == 3
    assert s.round == 2


def test_equal_pow_both_damage_option():
    s = basic(game(tie="both_damage"), hands=(["剣士"], ["剣士"]))
    do(s, "set-attacker 剣士", "set-attacker 剣士", "done", "done", "no-trump", "no-trump")
    assert s.current_player == 0  # first player picks first
    do(s, "take-life 1", "take-life 1")
    assert len(s.zones[LIFE]) == 2 and len(s.zones[NZ + LIFE]) == 2


def test_both_lives_zero_is_a_draw():
    s = basic(game(tie="both_damage"), hands=(["剣士"], ["剣士"]), lives=(["弓兵"], ["弓兵"]))
    do(s, "set-attacker 剣士", "set-attacker 剣士", "done", "done", "no-trump", "no-trump")
    assert s.is_over and s.outcome().winner is None


def test_protect_keeps_life_when_losing():
    s = basic(hands=(["剣士"], ["弓兵", "盾"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "done",
        "set-support 盾",
        "done",
        "no-trump",
        "no-trump",
        "open-support 1",
    )
    assert len(s.zones[NZ + LIFE]) == 3 and s.round == 2


def test_no_attacker_loses_the_battle():
    s = basic(pad=False, hands=([], ["弓兵"]), advance=True)
    assert s.current_player == 1  # seat 0 has nothing to set
    do(s, "set-attacker 弓兵", "no-trump", "no-trump")
    assert s.pow == [-1, 400]
    assert s.current_player == 1 and s.phase == 8


# ---------------------------------------------------------------------- エンドフェイズ
def test_face_down_supports_stay_face_up_cards_go():
    s = basic(hands=(["剣士", "強化", "盾"], ["弓兵"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 強化",
        "set-support 盾",
        "done",
        "no-trump",
        "no-trump",
        "open-support 1",
        "pass",
        "take-life 1",
    )
    assert s.round == 2
    assert names(s, 0, SUPPORT_2) == ["盾"]  # still set, face down
    assert not s.flags[s.zones[SUPPORT_2][0]] & FACE_UP
    assert "強化" in names(s, 0, DISCARD) and "剣士" in names(s, 0, DISCARD)
    assert names(s, 0, SUPPORT_1) == [] and names(s, 0, ATTACKER_SLOT) == []


# ---------------------------------------------------------------------- ドローフェイズ
def test_round_one_has_no_draw_phase_and_round_two_does():
    s = basic(hands=(["剣士"], ["弓兵"]))
    assert s.phase == 3
    do(s, "set-attacker 剣士", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump", "take-life 1")
    assert s.round == 2 and s.phase == 2  # ドローフェイズ, first player decides
    assert s.current_player == 0
    assert {a.kind for a in s.legal_actions()} == {"reveal", "no-reveal"}


def test_reveal_draws_two_known_to_the_opponent_no_reveal_draws_one():
    s = basic(start="draw", pad=False, hands=([], []), decks=(["強化", "盾", "閃き"], ["盾", "強化"]))
    assert names(s, 0, HAND) == ["強化"]
    do(s, "reveal")
    assert names(s, 0, HAND) == ["強化", "盾"]
    assert all(s.knows(1, i) for i in s.zones[HAND])
    assert s.current_player == 1
    do(s, "no-reveal")
    assert len(s.zones[NZ + HAND]) == 1 and not s.knows(0, s.zones[NZ + HAND][0])


def test_reveal_needs_a_second_card():
    s = basic(start="draw", pad=False, hands=([], []), decks=(["強化"], ["盾", "強化"]))
    assert s.legal_actions() == (Action("no-reveal"),)


def test_deck_out_loses_by_default():
    s = basic(start="draw", hands=(["剣士"], ["弓兵"]), decks=([], ["盾"]), advance=True)
    assert s.is_over and s.outcome().winner == 1 and s.outcome().code == "deck_out"


def test_deck_out_reshuffle_option():
    s = basic(
        game(deck_out="reshuffle"), start="draw", hands=(["剣士"], ["弓兵"]), decks=([], ["盾"]), advance=True
    )
    assert not s.is_over
    assert s.current_player == 1 or s.phase == 3


def test_deck_out_reshuffle_leaves_a_used_trump_in_the_discard_pile():
    """A used 切り札 lies in the discard pile with the main deck's cards; the reshuffle takes only those (a
    切り札 drawn and set again would break 「※切り札が使えるのは1回だけ!」; RULES.md §2.1)."""
    s = basic(game(deck_out="reshuffle"), pad=False, hands=(["剣士"], ["弓兵"]), decks=([], ["盾"]))
    king = next(i for i in s.zones[TRUMP] if s.game.cardset[s.cards[i]].name == "王")
    s.move(king, DISCARD, face_up=True)
    s.move(s.zones[HAND][0], DISCARD, face_up=True)
    assert sorted(names(s, 0, DISCARD)) == ["剣士", "王"]
    phases.begin_draw_phase(s)
    assert names(s, 0, DISCARD) == ["王"] and names(s, 0, HAND) == ["剣士"] and not s.zones[DECK]
    s.check_invariants()


def test_knowledge_of_a_hand_is_forgotten_when_a_card_leaves_it_face_down():
    s = basic(start="draw", pad=False, hands=(["剣士"], []), decks=(["強化", "盾", "閃き"], ["盾", "強化"]))
    do(s, "reveal", "no-reveal")
    known = [i for i in s.zones[HAND] if s.knows(1, i)]
    assert len(known) == 2
    do(s, "set-attacker 強化")
    assert not any(s.knows(1, i) for i in s.zones[HAND])
    assert not s.knows(1, s.zones[ATTACKER_SLOT][0])


# ---------------------------------------------------------------------- 【オープン】 effects
def _open_one(support: str, *, them: str = "弓兵", me: str = "剣士", extra=(), their_supports=(), **kw):
    s = basic(hands=([me, support, *extra], [them, *their_supports]), **kw)
    do(s, f"set-attacker {me}", f"set-attacker {them}", f"set-support {support}", "done")
    for name in their_supports:
        do(s, f"set-support {name}")
    if len(their_supports) < 2:  # a second set card ends the phase by itself (2 per phase)
        do(s, "done")
    do(s, "no-trump", "no-trump", "open-support 1")
    return s


def test_guard_blocks_opponent_pow_reduction():
    s = basic(hands=(["剣士", "代償", "盾"], ["弓兵", "護り"]))
    do(
        s,
        "set-attacker 剣士",
        "set-attacker 弓兵",
        "set-support 代償",
        "set-support 盾",
        "set-support 護り",
        "done",
        "no-trump",
        "no-trump",
        "pass",
        "open-support 1",
        "open-support 1",
        "pay-set 2",
    )
    assert s.pow[1] == 400 and s.guard[1]


def test_conditional_effect_checks_attribute():
    s = _open_one("火炎")
    assert s.pow[0] == 800
    s = _open_one("火炎", me="巨人")
    assert s.pow[0] == 900


def test_if_behind_and_if_life_le():
    s = _open_one("逆転", me="弓兵", them="剣士")
    assert s.pow[0] == 800
    s = _open_one("逆転", me="剣士", them="弓兵")
    assert s.pow[0] == 500
    s = _open_one("背水", lives=(["弓兵"], ["弓兵"] * 3))
    assert s.pow[0] == 1100


def test_swap_pow_and_set_pow():
    s = _open_one("鏡", me="弓兵", them="巨人")
    assert s.pow == [900, 400]
    s = _open_one("枷", them="巨人")
    assert s.pow[1] == 300


def test_peek_support_tells_only_the_peeker():
    s = _open_one("密偵", their_supports=["盾"])
    target = s.zones[NZ + SUPPORT_1][0]
    assert s.knows(0, target) and not s.knows(2, target)
    assert seen(s, 0, "p2.support1") == [("shield", False)]
    assert seen(s, 1 - 1 + 2, "p2.support1") == [(None, False)]  # the spectator does not


def test_discard_support_with_a_choice():
    s = _open_one("破壊工作", their_supports=["盾", "強化"])
    assert {a.kind for a in s.legal_actions()} == {"discard-support"}
    do(s, "discard-support 2")
    assert names(s, 1, DISCARD) == ["強化"]


def test_peek_life_and_swap_life():
    s = _open_one("予見", lives=(["弓兵"] * 3, ["盾", "強化", "閃き"]))
    do(s, "peek-life 3")
    assert s.knows(0, s.zones[NZ + LIFE][2]) and not s.knows(1, s.zones[NZ + LIFE][2])
    s = _open_one("命綱", extra=["巨人"], lives=(["盾", "強化", "閃き"], ["弓兵"] * 3))
    do(s, "swap-life 2 巨人")
    assert names(s, 0, LIFE) == ["盾", "巨人", "閃き"] and "強化" in names(s, 0, HAND)
    assert s.knows(0, s.zones[LIFE][1]) and not s.knows(1, s.zones[LIFE][1])


def test_scry_draw_add_life():
    s = _open_one("占い", decks=(["盾", "強化"], FILLER))
    assert s.knows(0, s.zones[DECK][0])
    do(s, "scry-bottom")
    assert names(s, 0, DECK) == ["強化", "盾"]
    s = _open_one("閃き", decks=(["盾", "強化"], FILLER))
    assert "盾" in names(s, 0, HAND)
    s = _open_one("再生", decks=(["盾", "強化"], FILLER))
    assert len(s.zones[LIFE]) == 4


# ---------------------------------------------------------------------- 準備
def test_setup_shown_cards_redraw_hand_and_life(kirifuda):
    s = kirifuda.new_state(None, seed=4)
    assert s.phase == 0 and s.current_player == s.rps_winner
    do(s, "go-second")
    assert s.first == 1 - s.rps_winner
    for p in (0, 1):
        assert len(s.zones[p * NZ + 4]) == 3 and all(s.knows(1 - p, i) for i in s.zones[p * NZ + 4])
    assert s.current_player == s.first
    shown_before = s.zones[s.first * NZ + 4]
    do(s, "redraw")
    assert s.zones[s.first * NZ + 4] != shown_before
    assert not any(s.knows(s.second, i) for i in s.zones[s.first * NZ + DECK])  # shuffled: nobody knows
    do(s, "keep-hand")
    for p in (0, 1):
        hand = s.zones[p * NZ + HAND]
        assert len(hand) == 5
        assert sum(s.knows(1 - p, i) for i in hand) == 3
        assert len(s.zones[p * NZ + LIFE]) == 3
    assert s.round == 1 and s.phase == 3 and s.current_player == s.first


def test_rps_is_fair_over_seeds(kirifuda):
    winners = [kirifuda.new_state(None, seed=i, record=False).rps_winner for i in range(400)]
    assert 150 < sum(winners) < 250


def test_determinize_keeps_a_set_attacker_a_support():
    s = basic(hands=(["盾", "強化"], ["弓兵", "盾"]))
    do(s, "set-attacker 盾", "set-attacker 弓兵", "done", "done", "no-trump", "no-trump", "open-set-attacker")
    rng = Rng(3)
    for _ in range(30):
        w = s.determinize(1, rng)
        att = w.zones[ATTACKER_SLOT][0]
        assert w.game.cardset[w.cards[att]].type == "support"


# ---------------------------------------------------------------------- positions by hand
@pytest.mark.parametrize(
    ("kw", "says"),
    [
        ({"hands": (["無名"], [])}, "hands[0][0]: no card named '無名'"),
        ({"hands": (["王"], [])}, "is a trump card"),
        ({"trumps": (["剣士"], [])}, "is not a trump card"),
        ({"trumps": (["王", "王"], [])}, "one card of each kind"),
        ({"supports": (["盾", "盾", "盾"], [])}, "only 2 support slots"),
        ({"hands": (["剣士"],)}, "one entry per player"),
        ({"start": "battle"}, "start must be one of"),
        ({"first": 2}, "first must be 0 or 1"),
    ],
)
def test_a_position_names_what_breaks_the_table(kw, says):
    from tefuda.core import PositionError

    kw.setdefault("hands", (["剣士"], ["弓兵"]))
    with pytest.raises(PositionError, match=re.escape(says)):
        game().position(**kw)


def test_a_position_stops_where_it_is_asked_or_says_why():
    """The first player has nothing to set: the set phase has no decision for them, so asking for it is
    refused unless the rules may move on (advance=True)."""
    from tefuda.core import PositionError

    with pytest.raises(PositionError, match="nothing to decide"):
        game().position(hands=([], ["弓兵"]), decks=(FILLER, FILLER), lives=(["弓兵"], ["弓兵"]))
    s = game().position(
        hands=([], ["弓兵"]), decks=(FILLER, FILLER), lives=(["弓兵"], ["弓兵"]), advance=True
    )
    assert s.current_player == 1
