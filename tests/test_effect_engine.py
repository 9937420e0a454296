"""The core's effect engine on its own: prompts, the flow, both chain styles, negation, triggers in APNAP
order, replacement effects and created instances — and 黒白物語's worked examples of 優先権 and チェーン
(kokubyaku.txt) played on ミニチェーン, a test game built on the core alone (tests/data/minichain)."""

from __future__ import annotations

import functools
import itertools
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tefuda.core import Rng
from tefuda.core.actions import Action
from tefuda.core.chain import (
    CHAIN,
    EACH,
    Link,
    activate,
    can_respond,
    negate,
    open_window,
    pass_priority,
    pop_link,
)
from tefuda.core.game import load_case
from tefuda.core.prompt import ACT, ORDER, PAY, PICK, ask, prompt_actions
from tefuda.core.prompt import answer as answer_prompt
from tefuda.core.state import NOWHERE
from tefuda.core.triggers import Waiting, apnap

sys.path.insert(0, str(Path(__file__).parent / "data"))
from minichain import DECK, FIELD, GRAVE, HAND, NZ, game


def do(s, text: str) -> None:
    """Apply the legal action written ``text`` (its notation)."""
    by_text = {s.notation(a, "en"): a for a in s.legal_actions()}
    assert text in by_text, f"{text!r} is not legal; legal: {sorted(by_text)}"
    s.apply(by_text[text])


def names(s, zone: int) -> list[str]:
    return [s.game.cardset[s.cards[i]].name for i in s.zones[zone]]


def codes(s) -> list[str]:
    return [e.code for e in s.log]


# ---------------------------------------- 黒白物語's examples
def test_kokubyaku_priority_example_1_a_quick_magic_destroys_a_once_both_passed():
    """例1: 自分は《A》をコントロール…優先権を相手に渡しました。
    相手は《A》に対し《B》…を発動し、優先権を渡しました。自分は…パスしました。お互いが優先権をパスしたため、効果の処理が始まります。…《A》が破壊されました。"""
    s = game().scenario(hands=([], ["クイック・マジックB"]), fields=(["モンスターA"], []))
    assert s.to_move == 0  # the turn player holds priority at the start of the phase
    do(s, "pass")
    assert s.to_move == 1
    do(s, "pick Quick Magic B")  # activate B …
    do(s, "pick p1.field#1")  # … targeting A
    assert s.to_move == 0 and len(s.links) == 1  # activating handed priority over
    assert names(s, FIELD) == ["モンスターA"]  # nothing happens before everyone passed
    do(s, "pass")  # 自分はパス: with the opponent's activation, everyone has passed — B resolves
    assert names(s, FIELD) == [] and names(s, GRAVE) == ["モンスターA"]
    assert names(s, NZ + GRAVE) == ["クイック・マジックB"]
    assert not s.links and s.to_move == 0  # the turn player holds priority again


def test_kokubyaku_priority_example_2_summon_keeps_priority_until_the_ignition_effect():
    """例2: 《ならず》を召喚し、起動効果を発動しました。ここで初めて優先権が相手に移ります。
    相手は…パスしました。…《ならず》の効果が適用されました。"""
    s = game().scenario(hands=(["ならず"], []), fields=([], []))
    do(s, "pick Narazu")  # 召喚
    assert s.to_move == 0  # 直後にそのカードの起動効果を発動できるタイミング: priority does not move
    hand = len(s.zones[HAND])
    do(s, "pick p1.field#1")  # its 起動効果
    assert s.to_move == 1  # ここで初めて優先権が相手に移ります
    do(s, "pass")
    assert len(s.zones[HAND]) == hand + 1  # the effect (draw one) applied
    assert codes(s)[-2:] == ["pass", "draw"]


def test_kokubyaku_chain_example_resolves_newest_first_and_c_negates_b():
    """チェーン: 相手は《A》に対し《B》を発動…自分は《B》を無効にする《C》を発動…相手はパス…
    チェーンは逆順処理なので、まず《C》を処理します。《B》の効果を無効にしました。…《A》が残りました。"""
    s = game().scenario(
        hands=(["クイック・マジックC"], ["クイック・マジックB"]), fields=(["モンスターA"], [])
    )
    do(s, "pass")
    do(s, "pick Quick Magic B")
    do(s, "pick p1.field#1")
    assert s.to_move == 0
    do(s, "pick Quick Magic C")
    do(s, "pick p2.field#1")  # C targets B (its link) on the chain
    assert [s.game.cardset[s.cards[x.source]].name for x in s.links] == [
        "クイック・マジックB",
        "クイック・マジックC",
    ]
    assert s.to_move == 1
    do(s, "pass")  # 相手はパス → everyone passed: C, then B
    order = [e.code for e in s.log if e.code in ("negate", "negated", "destroyed")]
    assert order == ["negate", "negated"]
    assert names(s, FIELD) == ["モンスターA"]  # 《A》が残りました
    assert names(s, GRAVE) == ["クイック・マジックC"] and names(s, NZ + GRAVE) == ["クイック・マジックB"]


def test_a_pass_without_a_chain_hands_priority_on_and_two_passes_end_the_turn():
    s = game().scenario(hands=([], []), fields=([], []), decks=(("モンスターA",) * 3,) * 2)
    do(s, "pass")
    assert s.to_move == 1 and s.turn == 0
    do(s, "pass")
    assert s.turn == 1 and s.to_move == 1 and len(s.zones[NZ + HAND]) == 1  # the next turn drew


def test_only_legal_uses_are_offered_and_anything_else_is_refused_untouched():
    s = game().scenario(hands=(["クイック・マジックC"], []), fields=([], []))
    # C negates a link: with nothing on the chain it cannot be activated
    assert [s.notation(a, "en") for a in s.legal_actions()] == ["pass"]
    before = s.digest()
    with pytest.raises(Exception, match="not legal"):
        s.apply(Action("pick-card", s.cards[s.zones[HAND][0]], HAND))
    assert s.digest() == before


# ---------------------------------------- chains (core alone)
def test_each_style_resolves_the_top_item_and_the_window_below_goes_on():
    """ヨネス's style: every activation opens a response window; when it closes only the top item resolves."""
    windows, links = [], []
    open_window(windows, links, (0, 1), 0)
    activate(windows, links, Link(0, 10, 0), EACH)  # P1 activates X
    assert windows[-1].seat == 1
    activate(windows, links, Link(1, 11, 0), EACH)  # P2 responds with Y
    assert pass_priority(windows, links, EACH) == "continue"  # P1 passes
    assert pass_priority(windows, links, EACH) == "resolve"  # P2 passes too (the activator must pass)
    assert pop_link(links).source == 11  # Y first; X's window goes on, P1 to act
    assert windows[-1].seat == 0
    assert pass_priority(windows, links, EACH) == "continue"
    assert pass_priority(windows, links, EACH) == "resolve" and pop_link(links).source == 10
    assert windows[-1].seat == 1  # the phase's window: after P1's activation, P2's turn
    assert pass_priority(windows, links, EACH) == "continue"
    assert pass_priority(windows, links, EACH) == "closed" and not windows


def test_chain_style_counts_the_activation_as_a_pass_and_negation_sticks():
    windows, links = [], []
    open_window(windows, links, (0, 1, 2), 0)
    activate(windows, links, Link(0, 5, 0), CHAIN)
    activate(windows, links, Link(1, 6, 0, (5,)), CHAIN)
    assert pass_priority(windows, links, CHAIN) == "continue"  # P3
    assert pass_priority(windows, links, CHAIN) == "resolve"  # P1: P2's activation + two passes = all
    negate(links, 0)
    assert [(x.source, x.negated) for x in links] == [(5, True), (6, False)]
    assert [pop_link(links).source, pop_link(links).source] == [6, 5]


def test_spell_speed_only_chains_equal_or_faster():
    assert can_respond([], 1, [])
    assert can_respond([Link(0, 1, 0)], 2, [1]) and not can_respond([Link(0, 1, 0)], 1, [2])


# ---------------------------------------- triggers
def test_a_players_simultaneous_triggers_are_ordered_by_that_player():
    s = game().scenario(
        hands=([], ["クイック・マジックB"]),
        fields=(["モンスターA", "弔いの僧", "弔いの尼"], []),
        decks=(("モンスターA",) * 5, ("モンスターA",) * 5),
    )
    do(s, "pass")
    do(s, "pick Quick Magic B")
    do(s, "pick p1.field#1")
    do(s, "pass")  # B resolves: A destroyed; both of P1's mourners trigger
    assert s.pending.kind == ORDER and s.to_move == 0
    do(s, "pick 1")  # the nun (second on the field) first
    fired = [s.game.cardset[e.card].name for e in s.log if e.code == "trigger"]
    assert fired == ["弔いの尼", "弔いの僧"]
    assert codes(s).count("draw") == 2


def test_apnap_puts_the_active_players_triggers_first():
    w = [Waiting(1, 7, 0), Waiting(0, 3, 0), Waiting(2, 9, 0), Waiting(0, 4, 0)]
    assert apnap(w, 2, 3) == [[w[2]], [w[1], w[3]], [w[0]]]
    assert apnap(w, 0, 3) == [[w[1], w[3]], [w[0]], [w[2]]]


def test_triggers_listen_only_where_the_card_lies_and_to_their_condition():
    s = game().scenario(
        hands=(["弔いの僧"], ["クイック・マジックB"]),  # a mourner in the hand does not listen
        fields=(["モンスターA"], ["弔いの尼"]),  # the opponent's nun hears P1's loss: not 'mine'
    )
    do(s, "pass")
    do(s, "pick Quick Magic B")
    do(s, "pick p1.field#1")
    do(s, "pass")
    assert "trigger" not in codes(s) and "destroyed" in codes(s)


# ---------------------------------------- replacement effects
def test_a_replacement_changes_the_event_itself_and_nothing_triggers():
    s = game().scenario(hands=([], ["クイック・マジックB"]), fields=(["身代わりの騎士", "弔いの僧"], []))
    do(s, "pass")
    do(s, "pick Quick Magic B")
    do(s, "pick p1.field#1")
    do(s, "pass")
    assert "replaced" in codes(s) and "destroyed" not in codes(s) and "trigger" not in codes(s)
    assert names(s, HAND) == ["身代わりの騎士"] and names(s, FIELD) == ["弔いの僧"]
    knight = s.zones[HAND][0]
    assert s.knows(1, knight)  # it went back in plain sight


# ---------------------------------------- created instances
def _with_token():
    s = game().scenario(hands=(["トークン生成"], ["クイック・マジックB"]), fields=(["モンスターA"], []))
    do(s, "pick Make a Token")
    do(s, "pass")
    return s


def test_a_token_is_created_public_and_clone_keeps_the_original_untouched():
    s = _with_token()
    assert names(s, FIELD) == ["モンスターA", "トークン"] and len(s.cards) == 14  # 10 in decks, 3, 1 new
    token = s.zones[FIELD][1]
    assert all(s.knows(p, token) for p in (0, 1, 2))
    assert "created" in codes(s)
    c = s.clone()
    c.create(s.game.token, 1, NZ + FIELD)
    assert len(s.cards) == 14 and len(c.cards) == 15 and names(s, NZ + FIELD) == []
    s.check_invariants()
    c.check_invariants()


def test_a_destroyed_token_ceases_to_exist_and_the_state_stays_whole():
    s = _with_token()
    token = s.zones[FIELD][1]
    do(s, "pass")  # P2 passes: the turn ends, P2's turn
    do(s, "pick Quick Magic B")
    do(s, "pick p1.field#2")
    do(s, "pass")
    assert s.where[token] == NOWHERE and names(s, FIELD) == ["モンスターA"]
    assert codes(s)[-4:-1] == ["destroyed", "ceased", "pass"] or "ceased" in codes(s)
    s.check_invariants()
    w = s.determinize(0, Rng(3))
    w.check_invariants()
    assert w.cards[w.place_order()[-1]] == s.game.token  # the ceased one keeps its (public) identity


def test_renumbering_with_prompts_frames_links_and_tokens_is_the_same_game():
    s = game().scenario(
        hands=(["トークン生成", "クイック・マジックC"], ["クイック・マジックB"]), fields=(["モンスターA"], [])
    )
    do(s, "pick Make a Token")
    do(s, "pick Quick Magic B")  # P2 chains B …
    do(s, "pick p1.field#1")  # … on A: a target prompt answered, links hold instances
    assert s.links and s.pending is not None
    rng = Rng(5)
    for _ in range(5):
        m = rng.permutation(len(s.cards))
        r = s.clone()
        r.relabel(m)
        assert r.digest() == s.digest()
        assert [r.notation(a, "en") for a in r.legal_actions()] == [
            s.notation(a, "en") for a in s.legal_actions()
        ]
        a = s.clone()
        b = r.clone()
        a.apply(a.legal_actions()[1])
        b.apply(b.legal_actions()[1])
        assert a.digest() == b.digest()


def test_random_games_keep_every_invariant_and_replay_exactly():
    g = game()
    for seed in range(12):
        s = g.new_state(None, seed)
        rng = Rng(seed)
        taken = []
        while not s.is_over:
            legal = s.legal_actions()
            a = legal[rng.below(len(legal))]
            taken.append(a)
            s.apply(a)
            s.check_invariants()
        again = g.new_state(None, seed)
        for a in taken:
            again.apply(a)
        assert again.digest() == s.digest() and again.result == s.result


def test_a_snapshot_of_a_flow_state_is_plain_data_and_rebuilds_it():
    import pickle

    s = _with_token()
    do(s, "pass")
    do(s, "pick Quick Magic B")  # a target prompt is pending
    snap = s.snapshot()
    pickle.dumps(snap)
    back = type(s).from_snapshot(s.game, snap)
    assert back.digest() == s.digest()
    assert back.legal_actions() == s.legal_actions()


# ---------------------------------------- prompts (hypothesis)
def _walk(p, state, rng):
    while True:
        legal = prompt_actions(state, p)
        assert legal, "a prompt must always offer an answer"
        nxt, ans = answer_prompt(state, p, legal[rng.below(len(legal))])
        if nxt is None:
            return ans
        p = nxt


@functools.cache
def _value_state():
    """Prompts over plain values read nothing of the table: any real state will do (a compiled build checks
    the type)."""
    return load_case("kirifuda")[0].new_state(None, 1)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 7), st.data())
def test_every_walk_through_a_pick_prompt_ends_with_a_valid_answer(n, data):
    lo = data.draw(st.integers(0, n))
    hi = data.draw(st.integers(max(lo, 1), n))
    p = ask(0, PICK, "t", range(10, 10 + n), "r", min=lo, max=hi, cards=False)
    ans = _walk(p, _value_state(), Rng(data.draw(st.integers(0, 999))))
    assert lo <= len(ans) <= hi and len(set(ans)) == len(ans) and all(10 <= x < 10 + n for x in ans)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.data())
def test_an_order_prompt_ends_with_every_item_once(items, data):
    p = ask(1, ORDER, "t", range(len(items)), "r", cards=False)
    ans = _walk(p, _value_state(), Rng(data.draw(st.integers(0, 999))))
    assert sorted(ans) == list(range(len(items)))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=6), st.integers(0, 7), st.data())
def test_a_pay_prompt_offers_exactly_the_payments_that_cover_the_need(tags, need, data):
    """タップするマナ: k of n cards whose tags (文明) cover ``need``, each card paying for one of its tags;
    every walk ends covering it, and every covering payment is reachable."""
    n = len(tags)
    k = data.draw(st.integers(1, n))
    opts = tuple(range(100, 100 + n))
    covering = {
        frozenset(c) for c in itertools.combinations(opts, k) if _one_each(need, [tags[o - 100] for o in c])
    }
    p = ask(0, PAY, "t", opts, "r", min=k, max=k, cards=False, tags=tags, need=need)
    if not covering:
        assert prompt_actions(_value_state(), p) == []
        return
    ans = _walk(p, _value_state(), Rng(data.draw(st.integers(0, 999))))
    assert frozenset(ans) in covering
    reached = set()
    for c in covering:  # every covering set can be picked in some order
        q = p
        for o in sorted(c):
            assert Action("pick", o) in prompt_actions(_value_state(), q)
            q, fin = answer_prompt(_value_state(), q, Action("pick", o))
        reached.add(frozenset(fin))
    assert reached == covering


def _one_each(need: int, tags: list[int]) -> bool:
    """Each bit of ``need`` gets a card of its own whose tag holds it (brute force, the definition)."""
    bits = [b for b in range(3) if need >> b & 1]
    return any(
        all(tags[c] >> b & 1 for b, c in zip(bits, cards, strict=True))
        for cards in itertools.permutations(range(len(tags)), len(bits))
    )


def test_an_act_prompt_with_nothing_to_use_offers_only_pass():
    p = ask(0, ACT, "priority", [], "r")
    assert prompt_actions(_value_state(), p) == [Action("pass")]


def test_a_prompt_that_asks_the_impossible_is_refused_when_made():
    with pytest.raises(ValueError):
        ask(0, PICK, "t", [1, 2], "r", min=3, max=3, cards=False)
    with pytest.raises(ValueError):
        ask(0, PAY, "t", [1, 2], "r", min=1, max=1, cards=False, tags=[1])


def test_cards_in_a_hand_are_picked_by_kind_never_by_id():
    s = game().scenario(hands=(["モンスターA", "モンスターA", "ならず"], []), fields=([], []))
    acts = s.legal_actions()
    assert sorted(s.notation(a, "en") for a in acts) == ["pass", "pick Monster A", "pick Narazu"]
    assert all(a.a in (s.cards[i] for i in s.zones[HAND]) or a.kind == "pass" for a in acts)
    assert DECK == 0


def test_hand_to_counts_the_pass_of_the_seat_before():
    """A hand-over with no link (an attack declared, a trigger of a seat not holding priority): the other
    seat holds priority, and its pass closes the window."""
    from tefuda.core.chain import CHAIN, hand_to, open_window, pass_priority

    windows: list = []
    hand_to(windows, (0, 1), 1)
    assert len(windows) == 1 and windows[0].seat == 1
    windows.clear()
    open_window(windows, [], (0, 1), 0)
    hand_to(windows, (0, 1), 1)
    assert len(windows) == 1 and windows[-1].seat == 1
    assert pass_priority(windows, [], CHAIN) == "closed"


def test_a_self_trigger_anywhere_looks_at_its_own_card_only():
    """「このカードが召喚された時」 wherever the card is: only the event's own card can set it off, so the
    zones scanned for the code are those of the other triggers (not every deck), and it still fires from
    any zone; a card of the same definition elsewhere does not."""
    from tefuda.core import HIDDEN, PUBLIC, State, ZoneSpec
    from tefuda.core.subscriptions import Subscriptions, Trigger
    from tefuda.core.triggers import CORE_CONDITIONS, Waiting, collect

    subs = Subscriptions({1: [Trigger("summon", "", "self", 1)], 2: [Trigger("summon", "field", "mine", 2)]})
    assert subs.wheres["summon"] == frozenset({"field"})
    names = ("deck", "hand", "field", "grave")
    # instances: 0 and 1 are card 1 (one in the deck, one on the field), 2 is card 2 on the field. A bare
    # State with only what ``collect`` reads (the compiled build checks that it is one)
    s = State.__new__(State)
    s.cards = [1, 1, 2]
    s.zone_specs = tuple(ZoneSpec(n, n, 0, HIDDEN if n == "deck" else PUBLIC) for n in names)
    s.zones = [(0,), (), (1, 2), ()]
    s.where = [0, 2, 2]

    def fired(subject: int) -> list[Waiting]:
        return collect(s, subs, CORE_CONDITIONS, lambda i: 0, "summon", 0, subject)

    assert fired(1) == [Waiting(0, 1, 1, 1), Waiting(0, 2, 2, 1)]
    assert fired(2) == [Waiting(0, 2, 2, 2)]
    assert fired(0) == [Waiting(0, 0, 1, 0), Waiting(0, 2, 2, 0)]  # from the deck too: its own card
