"""The core's priority windows and the chain in its EACH style (core/chain.py): the machinery ヨネス's
[Interrupt] forces use (黒白物語's CHAIN style is tested in test_effect_engine.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tefuda.core.chain import EACH, Link, activate, holder, open_window, pass_priority, pop_link
from tefuda.core.priority import Window, clockwise_from, window_from


def _link(source: int) -> Link:
    """A chain item standing for the effect of card ``source`` (the chain keeps Links, nothing else)."""
    return Link(seat=0, source=source, ability=0)


def _pass(windows, items):
    """The holder passes: what happens, and the card of the item that resolves (if one does)."""
    what = pass_priority(windows, items, EACH)
    return what, pop_link(items).source if what == "resolve" else None


def test_window_closes_when_everyone_passed_in_a_row():
    w = window_from((1, 0), 1)  # defender (1) first, then attacker (0)
    assert w.seat == 1
    w = w.passed()
    assert w is not None and w.seat == 0
    assert w.passed() is None


def test_acting_resets_the_pass_count():
    w = window_from((1, 0), 1).passed()
    w = w.acted()  # the attacker acts: the defender may act again, and both must pass again
    assert w.seat == 1 and w.passes == 0
    assert w.passed().passed() is None


def test_four_players_from_the_attackers_left():
    order = clockwise_from(4, 3)  # attacker is seat 2: its left neighbour (seat 3) starts
    assert order == (3, 0, 1, 2)
    w = window_from(order, 3)
    seen = []
    while w is not None:
        seen.append(w.seat)
        w = w.passed()
    assert seen == [3, 0, 1, 2]


def test_responses_resolve_before_what_they_answer():
    windows: list[Window] = []
    items: list[Link] = []
    a, b = 1, 2  # the cards of A and B
    open_window(windows, items, (1, 0), 1)
    activate(windows, items, _link(a), EACH)  # seat 1 activates A
    assert holder(windows) == 0
    activate(windows, items, _link(b), EACH)  # seat 0 answers with B
    assert holder(windows) == 1
    assert _pass(windows, items) == ("continue", None)  # seat 1 passes
    # seat 0 passes too: two passes in a row close B's window, and B resolves first
    assert _pass(windows, items) == ("resolve", b)
    # A's window goes on where it was: seat 1 (after seat 0 acted)
    assert holder(windows) == 1
    assert _pass(windows, items) == ("continue", None)
    assert _pass(windows, items) == ("resolve", a)
    # the phase window goes on after seat 1, who activated A there: seat 0 is next
    assert holder(windows) == 0
    assert _pass(windows, items) == ("continue", None)
    assert _pass(windows, items) == ("closed", None)
    assert not windows and not items


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 4), st.lists(st.booleans(), max_size=40), st.integers(0, 3))
def test_any_sequence_ends_and_resolves_everything_in_lifo_order(n, moves, start):
    windows: list[Window] = []
    items: list[Link] = []
    open_window(windows, items, clockwise_from(n, start % n), start % n)
    activated: list[int] = []
    resolved: list[int] = []
    nxt = 0
    moves = list(moves)
    for _ in range(10_000):
        act = moves.pop(0) if moves else False
        if act:
            activated.append(nxt)
            activate(windows, items, _link(nxt), EACH)
            nxt += 1
            continue
        what, item = _pass(windows, items)
        if what == "resolve":
            assert item == max(set(activated) - set(resolved))  # the newest unresolved item
            resolved.append(item)
        elif what == "closed":
            break
    else:
        raise AssertionError("the windows never closed")
    assert sorted(resolved) == activated
    assert not windows and not items
