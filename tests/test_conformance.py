"""The conformance suite, run over every registered game (pgx api_test / OpenSpiel random_sim_test)."""

from __future__ import annotations

import io
import itertools
from itertools import zip_longest

import pytest

from tefuda.core import Action, IllegalActionError, Rng
from tefuda.core.game import load_case
from tests.conftest import LONG, play_out, random_game, soak, swap_hidden

N_GAMES = len(soak(200, 60))


def test_random_games_complete_with_invariants(game_id):
    """≥200 seeded random games to the end; invariants after every action; every game has an outcome."""
    ends = {}
    for seed in range(N_GAMES):
        state = None
        for state, _ in random_game(game_id, seed):
            state.check_invariants()
        assert state is not None
        # the generator applied the last action: check the final state too
        final = state
        final.check_invariants()
        assert final.is_over and final.outcome() is not None
        assert final.legal_actions() == ()
        ends[final.outcome().reason] = ends.get(final.outcome().reason, 0) + 1
    assert sum(ends.values()) == N_GAMES


def test_same_seed_same_actions_same_game(game_id):
    for seed in range(10):
        a = [(s.digest(), act) for s, act in random_game(game_id, seed)]
        b = [(s.digest(), act) for s, act in random_game(game_id, seed)]
        assert a == b


def test_clone_is_independent(game_id):
    rng = Rng(5)
    for seed in soak(20):
        for state, _ in random_game(game_id, seed):
            if rng.below(6):
                continue
            before = state.digest()
            twin = state.clone()
            assert twin.digest() == before
            # play the clone to the end; the original must not move
            while not twin.is_over:
                legal = twin.legal_actions()
                twin.apply(legal[rng.below(len(legal))])
            assert state.digest() == before
            # and the original still plays the same as a fresh clone
            again = state.clone()
            assert again.legal_actions() == state.legal_actions()


def test_zones_are_tuples_a_clone_shares(game_id):
    """Every zone is a tuple at every moment (a rule replaces it, never writes into it), so a clone shares
    them all and no move in one reaches the other (core/state.py)."""
    for seed in soak(10):
        for state, _ in random_game(game_id, seed):
            assert all(type(z) is tuple for z in state.zones), [type(z) for z in state.zones]
            twin = state.clone()
            assert twin.zones is not state.zones
            assert all(a is b for a, b in zip(twin.zones, state.zones, strict=True))
            world = state.determinize(0, Rng(seed))
            assert all(type(z) is tuple for z in world.zones)


def test_a_clone_copies_each_field_by_a_written_function():
    """``clone`` copies a game's fields with a function written once per class (plain attribute statements):
    lists copied, the rest shared; a field whose name is not a plain attribute name is refused."""
    from tefuda.core.state import _field_copier

    class Box:
        pass

    old, new = Box(), Box()
    old.a, old.b = (1, 2), [3]  # type: ignore[attr-defined]
    _field_copier(("a",), ("b",))(new, old)
    assert new.a is old.a and new.b == [3] and new.b is not old.b  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="plain attribute name"):
        _field_copier(("a; import os",), ())


def test_illegal_actions_are_refused_and_change_nothing(game_id):
    game, _ = load_case(game_id)
    space = game.action_space
    rng = Rng(9)
    for seed in soak(15):
        for state, _ in random_game(game_id, seed):
            legal = set(state.legal_actions())
            before = state.digest()
            tried = 0
            while tried < 3:
                cand = space.action(rng.below(space.size))
                if cand in legal:
                    continue
                tried += 1
                with pytest.raises(IllegalActionError):
                    state.apply(cand)
                assert state.digest() == before
            with pytest.raises(IllegalActionError):
                state.apply(Action("no-such-action"))
            with pytest.raises(IllegalActionError):
                state.apply_text("no-such-action 3")
            assert state.digest() == before
            assert set(state.legal_actions()) == legal


def test_finished_game_refuses_actions(game_id):
    state = play_out(game_id, 3)
    assert state is not None and state.is_over
    with pytest.raises(IllegalActionError):
        state.apply(Action("pass"))


def test_notation_and_index_round_trip(game_id):
    game, _ = load_case(game_id)
    for seed in range(10):
        for state, _ in random_game(game_id, seed):
            for a in state.legal_actions():
                assert state.parse_action(state.notation(a)) == a
                i = game.action_space.index(a)
                assert game.action_space.action(i) == a
    space = game.action_space
    for kind in space.kinds:  # the actions an offer picks from a table (ActionSpace.table) are the same
        rows = space.table(kind)
        for a in itertools.chain.from_iterable(r if isinstance(r, list) else [r] for r in rows):
            assert a.kind == kind and space.action(space.index(a)) == a
        assert len(rows) * (len(rows[0]) if isinstance(rows[0], list) else 1) == space.count(kind)


@pytest.mark.parametrize("seat_kind", ["player0", "player1", "last_player", "spectator"])
def test_hidden_identities_do_not_change_what_a_seat_sees(game_id, seat_kind):
    """Swap every identity a seat cannot know: its observation, its legal actions (when it moves), its
    view of the next action's events and its determinizations must not change."""
    rng = Rng(17)
    checked_events = steps = 0
    for seed in soak(25, 8):
        for state, action in random_game(game_id, seed, record=True):
            steps += 1
            seat = {
                "player0": 0,
                "player1": 1,
                "last_player": state.nplayers - 1,
                "spectator": state.nplayers,
            }[seat_kind]
            twin = swap_hidden(state, seat, rng)
            assert twin.observation(seat) == state.observation(seat)
            assert twin.current_player == state.current_player
            if seat == state.current_player:
                assert twin.legal_actions() == state.legal_actions()
            if seat < state.nplayers and rng.below(4) == 0:
                d1 = state.determinize(seat, Rng(seed))
                d2 = twin.determinize(seat, Rng(seed))
                assert d1.digest() == d2.digest()
            if action in twin.legal_actions():
                a = state.clone()
                b = twin.clone()
                ea, eb = a.apply(action), b.apply(action)
                _same_until_a_reveal(ea, eb, seat)
                checked_events += 1
    assert checked_events > 100 and checked_events > steps // 2


def _same_until_a_reveal(ea, eb, seat) -> None:
    """The two event streams must look the same to ``seat`` until the rules reveal a card to it (then the
    worlds may rightly part: a face-up card, or a support opening as a set attacker, shows what it is)."""

    def reveals(e) -> bool:
        return e.card >= 0 and bool((e.mask >> seat) & 1)

    for x, y in zip_longest(ea, eb):
        if (x is not None and reveals(x)) or (y is not None and reveals(y)):
            return
        assert x is not None and y is not None, f"one world's events run on, unrevealed: {x or y}"
        assert x.view(seat) == y.view(seat), (x, y)


def test_determinize_is_consistent_and_playable(game_id):
    rng = Rng(23)
    for seed in soak(20):
        for state, _ in random_game(game_id, seed):
            if rng.below(5):
                continue
            for seat in range(state.nplayers):
                world = state.determinize(seat, rng)
                world.check_invariants()
                assert world.observation(seat) == state.observation(seat)
                if seat == state.current_player:
                    assert world.legal_actions() == state.legal_actions()
                assert world.log is None
                # the original is untouched and the world plays on to an end
                n = 0
                while not world.is_over and n < 5000:
                    legal = world.legal_actions()
                    world.apply(legal[rng.below(len(legal))])
                    n += 1
                assert world.is_over


def test_spectator_sees_only_public_cards(game_id):
    for seed in range(10):
        for state, _ in random_game(game_id, seed):
            spectator = state.nplayers
            obs = state.observation(spectator)
            public = {
                state.game.cardset[state.cards[i]].id
                for i, k in enumerate(state.known)
                if k & state.public_bit
            }
            assert _card_ids(obs, state) <= public


def _card_ids(obs, state) -> set[str]:
    ids = {c.id for c in state.game.cardset}
    found: set[str] = set()

    def walk(x):
        if isinstance(x, str) and x in ids:
            found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k != "decklist":
                    walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(obs)
    return found


def test_every_event_and_observation_renders_for_every_seat(game_id):
    """The terminal views (Japanese and English) never fail on anything a game can produce."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=100)
    game, _ = load_case(game_id)
    for seed in range(3):
        state = play_out(game_id, seed, record=True)
        for seat in range(state.nplayers + 1):
            for ev in state.log:
                text = game.render_event(ev.view(seat, game.card_ids), seat)
                assert isinstance(text, str) and text
            console.print(game.render_observation(state.observation(seat)))
    for state, _ in random_game(game_id, 7):
        console.print(game.render_observation(state.observation(state.current_player)))


def test_offered_legal_actions_are_the_listed_ones(game_id):
    """Where a game hands over the legal actions it found while choosing who moves, they are exactly what
    listing them afresh gives."""
    for seed in range(5):
        for state, _ in random_game(game_id, seed):
            fresh = state.clone()
            fresh._legal = None
            assert fresh.legal_actions() == state.legal_actions()


def test_every_state_field_is_typed(game_id):
    """The core renumbers instances, writes positions and hashes states from the field declarations, so every
    field a game adds must be declared: its type (``_TYPES``) or, for a per-card list, ``_CARD_FIELDS``."""
    game, _ = load_case(game_id)
    cls = game.state_class
    typed, per_card = set(cls._TYPES), set(cls._CARD_FIELDS)
    fields = set(cls._FIELDS) | set(cls._LIST_FIELDS)
    assert not typed & per_card
    assert typed | per_card == fields, f"untyped: {fields - typed - per_card}, unknown: {typed - fields}"
    assert per_card <= set(cls._LIST_FIELDS), "per-card lists are copied on clone"
    from tefuda.core import State

    slots = {s for k in cls.__mro__ if k is not State for s in getattr(k, "__slots__", ())}
    assert slots <= fields, f"slots that are not declared fields: {slots - fields}"


def test_renumbering_instances_changes_nothing(game_id):
    """Any renumbering of the instances is the same game: same hash, same view for every seat, same actions in
    notation, and it plays on the same — so every field that holds an instance is declared as one."""
    rng = Rng(41)
    checked = 0
    for seed in soak(12, 3):
        for state, _ in random_game(game_id, seed, record=True):
            if rng.below(6):
                continue
            m = list(range(len(state.cards)))
            rng.shuffle(m)
            twin = state.clone()
            twin.relabel(m)
            twin.check_invariants()
            assert twin.digest() == state.digest()
            a = state.clone()
            for _ in range(25):
                for seat in range(a.nplayers + 1):
                    assert twin.observation(seat) == a.observation(seat)
                la, lb = a.legal_actions(), twin.legal_actions()
                assert [a.notation(x) for x in la] == [twin.notation(x) for x in lb]
                assert [a.describe(x) for x in la] == [twin.describe(x) for x in lb]
                if a.is_over:
                    break
                k = rng.below(len(la))
                ea, eb = a.apply(la[k]), twin.apply(lb[k])
                for seat in range(a.nplayers + 1):
                    assert [e.view(seat) for e in ea] == [e.view(seat) for e in eb]
                assert a.digest() == twin.digest()
            checked += 1
    assert checked > (20 if LONG else 5)


def _validators():
    import json
    from importlib.resources import files

    from jsonschema import Draft202012Validator

    root = files("tefuda") / "schema"
    obs = json.loads((root / "observation.schema.json").read_text(encoding="utf-8"))
    ev = json.loads((root / "event.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(obs)
    Draft202012Validator.check_schema(ev)
    return Draft202012Validator(obs), Draft202012Validator(ev)


def test_every_observation_and_event_fits_the_schema(game_id):
    """One documented shape for every game (tefuda/schema/*.schema.json): every observation of every seat
    and the spectator, and every event as every one of them sees it, over whole games; JSON round-trips."""
    import json

    obs_v, ev_v = _validators()
    game, _ = load_case(game_id)
    seen_codes: set[str] = set()
    for seed in soak(4, 2):
        state = None
        for n, (state, _) in enumerate(random_game(game_id, seed, record=True)):
            if n % 3:
                continue
            for seat in range(state.nplayers + 1):
                obs = state.observation(seat)
                obs_v.validate(obs)
                assert json.loads(json.dumps(obs)) == obs
                assert obs["legal"] == [] or seat == state.current_player
        final = state
        for seat in range(final.nplayers + 1):
            obs_v.validate(final.observation(seat))
            for e in final.log:
                view = e.view(seat, game.card_ids)
                ev_v.validate(view)
                assert json.loads(json.dumps(view)) == view
                seen_codes.add(e.code)
    assert "game_over" in seen_codes


def test_every_event_code_has_its_texts(game_id):
    """Every event a game emits reads in Japanese and English (its ``event_text`` has the code), and every
    outcome code has its texts."""
    game, _ = load_case(game_id)
    for seed in range(6):
        state = play_out(game_id, seed, record=True)
        for e in state.log:
            assert game.event_template(e.code) is not None, f"no text for event {e.code!r}"
        assert state.outcome().code in game.outcomes
