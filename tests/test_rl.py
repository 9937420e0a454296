"""The research interfaces (issue 27): every game and mode as a PettingZoo AEC environment and a Gymnasium
environment, checked by the libraries' own test suites; observations that never show a hidden identity
(the vector is the same in every world the seat cannot tell apart); illegal actions refused."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tefuda.rl as rl
from tefuda.core import Rng
from tefuda.core.game import game_ids, load_case, mode_cases
from tefuda.rl.encode import Encoder, _Memo
from tests.conftest import random_game, swap_hidden

CASES = mode_cases()


def env_of(case: str, **kw):
    game, mode = load_case(case)
    return rl.env(game.id, players=mode.players, **{**mode.options, **kw})


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", CASES)
def test_pettingzoo_api_test(case):
    api_test(env_of(case), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("case", CASES)
def test_pettingzoo_seed_test(case):
    seed_test(lambda: env_of(case), num_cycles=40)


def test_reset_with_a_seed_seeds_the_action_space_samples():
    """``reset(seed=…)`` makes ``action_space(agent).sample()`` repeat (its generator is made only at the
    first sample); a seed given to the space itself wins; without a seed the samples differ."""
    env = env_of("kirifuda")

    def draws(seed: int | None) -> list[int]:
        env.reset(seed=seed)
        return [int(env.action_space("player_0").sample()) for _ in range(8)]

    assert draws(4) == draws(4) != draws(5)
    assert draws(None) != draws(None)
    env.reset(seed=4)
    env.action_space("player_0").seed(9)
    first = [int(env.action_space("player_0").sample()) for _ in range(8)]
    env.action_space("player_0").seed(9)
    assert first == [int(env.action_space("player_0").sample()) for _ in range(8)] != draws(4)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("gid", game_ids())
def test_gymnasium_check_env(gid):
    check_env(rl.gym_env(gid, opponent="random"), skip_render_check=True)


def test_gymnasium_a_game_the_others_end_before_the_seat_moves():
    """A ヨネス opening hand can hold four ファーストヨネス: the other seat wins before ours moves (seed 15).
    reset cannot say so, so the first step reports the end and its reward, without playing the action, and the
    step after it asks for reset (check_env failed on such a draw in CI)."""
    env = rl.gym_env("yonesu", opponent="random")
    _obs, _info = env.reset(seed=15)
    st = env.state
    assert st.is_over and st.to_move != env.seat
    steps = st.steps
    _obs, reward, term, trunc, info = env.step(0)
    assert term and not trunc and reward == -1.0 and "ended_before_move" in info
    assert env.state.steps == steps
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    env.reset(seed=1)
    assert not env.state.is_over and env.state.to_move == env.seat


@pytest.mark.parametrize("case", CASES)
def test_a_whole_game_by_the_mask_ends_with_its_rewards(case):
    env = env_of(case, labels=True)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(info["legal"]) and set(legal) == {e["index"] for e in info["legal"]}
        assert all(e["ja"] and e["en"] and e["notation"] for e in info["legal"])
        env.step(int(rng.choice(legal)))
        steps += 1
    st = env.state
    assert st.is_over or st.steps >= env.max_actions
    rewards = env._cumulative_rewards if env.agents else None
    res = st.result
    if res is not None and res.winners and rewards is not None:
        for p, a in enumerate(env.possible_agents):
            if a in rewards:
                assert rewards[a] == (1.0 if p in res.winners else -1.0)


def test_team_mates_share_the_reward():
    env = rl.env("yonesu", players=4, teams=True, labels=False)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    got: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            got[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    res = env.state.result
    assert res is not None and len(res.winners) == 2
    assert {got[f"player_{p}"] for p in res.winners} == {1.0}
    assert {got[a] for a in got if int(a[-1]) not in res.winners} == {-1.0}


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = rl.env("kirifuda")
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.digest()
    with pytest.raises(ValueError, match="not legal now"):
        env.step(bad)
    with pytest.raises(ValueError, match="outside"):
        env.step(10**9)
    assert env.state.digest() == before
    g = rl.gym_env("kirifuda", opponent="random")
    obs, _ = g.reset(seed=5)
    before = g.state.digest()
    _, reward, term, trunc, info = g.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, term, trunc) == (-1.0, True, False) and "not legal now" in info["illegal"]
    assert g.state.digest() == before
    with pytest.raises(RuntimeError, match="reset"):
        g.step(0)
    strict = rl.gym_env("kirifuda", opponent="random", illegal="raise")
    obs, _ = strict.reset(seed=5)
    with pytest.raises(ValueError, match="not legal now"):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_bad_settings_are_named():
    with pytest.raises(ValueError, match="exactly 4 players"):
        rl.env("yonesu", players=2, teams=True)
    with pytest.raises(ValueError, match="seat 2"):
        rl.gym_env("kirifuda", seat=2)
    with pytest.raises(ValueError, match="unknown agent"):
        rl.gym_env("kirifuda", opponent="nobody")


def test_render_shows_the_table_in_both_languages():
    env = rl.env("kirifuda", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "ライフ" in text and "life" in text


# ---------------------------------------------------------------------- sealed
@pytest.mark.parametrize("case", CASES)
def test_the_vector_is_the_same_in_every_world_the_seat_cannot_tell_apart(case):
    """The swap test (hidden identities and their per-card marks permuted) and a stronger one: the vector
    of the true state equals that of worlds determinized for the seat (every unknown identity and instance
    number resampled). So it is a function of what the seat knows, whatever an attacker does with it."""
    game, mode = load_case(case)
    enc = Encoder(game, mode.players)
    rng = Rng(9)
    checked = 0
    for seed in (1, 2):
        for k, (state, _) in enumerate(random_game(case, seed)):
            if k % 5:
                continue
            for seat in range(state.nplayers):
                v = enc.encode(state, seat)
                assert np.array_equal(v, enc.encode(swap_hidden(state, seat, rng), seat)), (case, k, seat)
                world = state.determinize(seat, rng)
                assert np.array_equal(v, enc.encode(world, seat)), (case, k, seat)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("case", CASES)
def test_the_vector_changes_when_what_the_seat_knows_changes(case):
    """Not a constant: the seat's own hand is in it (a vector showing nothing would pass the test above)."""
    game, mode = load_case(case)
    enc = Encoder(game, mode.players)
    vectors = {enc.encode(s, s.to_move).tobytes() for s, _ in random_game(case, 4) if s.to_move >= 0}
    assert len(vectors) > 5


def reference_vector(enc: Encoder, state, seat: int) -> np.ndarray:
    """The encoding as docs/rl.md words it, one position at a time (the bulk encoder must equal it)."""
    import zlib

    n = enc.nplayers
    out = np.zeros(enc.size, dtype=np.float32)
    if 0 <= state.to_move < n:
        out[(state.to_move - seat) % n] = 1.0
    out[n + zlib.crc32(state.phase_info()[0].encode()) % 16] = 1.0
    for p in range(n):
        for j, v in enumerate(state.counter_values(p, seat)[: enc.per_counters]):
            if isinstance(v, int | float):
                out[enc.counter_base[seat][p] + j] = float(v)
    for z, insts in enumerate(state.zones):
        b = enc.zone_base[seat][z]
        out[b] = len(insts)
        for i in insts:
            if state.known[i] >> seat & 1:
                out[b + 1 + state.cards[i]] += 1.0
    return out


@pytest.mark.parametrize("case", CASES)
def test_the_bulk_encoder_equals_the_reference_and_the_mask_the_legal_actions(case):
    """The vector (written into an ``array('f')``, handed to numpy without a copy) equals one written with
    numpy position by position, for every seat at every step of random games; the mask's ones are exactly
    the legal actions' indices."""
    game, mode = load_case(case)
    enc = Encoder(game, mode.players)
    index = game.action_space.index
    steps = 0
    for state, _ in random_game(case, 3):
        for seat in range(state.nplayers):
            v = enc.encode(state, seat)
            assert v.dtype == np.float32 and v.shape == (enc.size,)
            assert np.array_equal(v, reference_vector(enc, state, seat)), (case, seat)
        m = enc.mask(state)
        legal = {index(a) for a in state.legal_actions()}
        assert set(np.flatnonzero(m).tolist()) == legal
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("gid", game_ids())
def test_a_kept_mask_is_never_written_and_a_reused_one_holds_only_the_movers_actions(gid):
    """Masks come from a pool (a fresh one a step costs more: ジェネシス・ガーデン's is 703 KiB). A mask the
    learner keeps — itself or a view of it — is never handed out again, so it still shows the legal actions
    of its own step at the end of the game; a mask it let go is reused with the last mover's ones cleared, so
    a seat's mask never shows another seat's actions."""
    env = rl.env(gid, labels=False)
    index = env.game.action_space.index
    rng = Rng(5)
    env.reset(seed=3)
    kept: list[tuple[np.ndarray, set[int]]] = []
    views: list[tuple[np.ndarray, set[int]]] = []
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        st = env.state
        legal = {index(a) for a in st.legal_actions()}
        mask = obs["action_mask"]
        assert set(np.flatnonzero(mask).tolist()) == legal, steps  # also when it was reused
        if steps % 5 == 0:
            kept.append((mask, legal))
        elif steps % 5 == 1:
            views.append((mask[:], legal))  # a view holds the array too
        del obs, mask
        env.step(sorted(legal)[rng.below(len(legal))])
        steps += 1
    assert steps > 30
    for mask, legal in kept + views:
        assert set(np.flatnonzero(mask).tolist()) == legal
    assert len(env.encoder._pool) <= 4


@pytest.mark.parametrize("case", CASES)
def test_the_memo_gives_the_vector_counted_whole_whatever_it_saw_before(case):
    """The encoder recounts only what changed since a seat's last vector: asked at random moments (several
    steps apart), about clones that share the identities list, about a determinized world and back, and
    after a change of knowledge alone (a peek, a card turned face up in place), it still equals the
    reference, and ``encode_whole``."""
    game, mode = load_case(case)
    enc = Encoder(game, mode.players)
    rng = Rng(17)
    checked = peeks = 0
    for state, _ in random_game(case, 6):
        if rng.below(3):
            continue
        seat = rng.below(state.nplayers)
        subject = state
        roll = rng.below(6)
        if roll == 0:
            subject = state.clone()  # the same ``cards`` list: the memo diffs it
            hidden = [i for i in range(len(subject.cards)) if not subject.known[i] >> seat & 1]
            hidden = [i for i in hidden if subject.where[i] >= 0]
            if hidden:
                i = hidden[rng.below(len(hidden))]
                before = enc.encode(subject, seat)
                if rng.below(2):
                    subject.tell(i, seat)  # knowledge alone changes: no list differs
                else:
                    subject.turn_face_up(i)
                after = enc.encode(subject, seat)
                assert not np.array_equal(before, after), (case, "the peeked card is not counted")
                peeks += 1
        elif roll == 1:
            subject = state.determinize(seat, rng)
        v = enc.encode(subject, seat)
        assert np.array_equal(v, reference_vector(enc, subject, seat)), (case, seat, roll)
        assert np.array_equal(v, enc.encode_whole(subject, seat)), (case, seat, roll)
        checked += 1
    assert checked > 5 and peeks > 0, (checked, peeks)


@pytest.mark.parametrize("case", CASES)
def test_counter_values_are_the_counters_values(case):
    """``counter_values`` (what the vector reads) gives numbers only, one per counter ``counters`` names, in
    order, and the same number wherever the table shows a number (切り札 shows its 属性 bits as words)."""
    worded = 0
    for state, _ in random_game(case, 5):
        for p in range(state.nplayers):
            for seat in range(state.nplayers + 1):
                named = [c["value"] for c in state.counters(p, seat)]
                values = state.counter_values(p, seat)
                assert len(values) == len(named)
                for v, shown in zip(values, named, strict=True):
                    assert type(v) in (int, float, bool), (case, v)
                    if isinstance(shown, int | float):
                        assert v == shown
                    else:
                        worded += 1
    assert (worded > 0) == (case.partition("@")[0] == "kirifuda"), case  # only 切り札 words a counter


@pytest.mark.parametrize("case", CASES)
def test_the_counter_table_is_every_players_counter_values_the_viewers_first(case):
    """``counter_table`` (what the vector reads; 切り札 writes its own out) equals each player's
    ``counter_values`` in turn from the viewer (a spectator: from player 0), at every moment of a game."""
    for state, _ in random_game(case, 5):
        n = state.nplayers
        for viewer in range(n + 1):
            first = viewer if viewer < n else 0
            turned = [v for k in range(n) for v in state.counter_values((first + k) % n, viewer)]
            assert state.counter_table(viewer) == turned, (case, viewer)


def test_counters_of_words_or_uneven_lengths_are_written_as_numbers_in_place():
    """A third party's counters may hold a word or None (0 in the vector), or one player may have fewer
    counters than another (zeros after its own) or more than the game listed (cut): every player's block
    still starts at its place, the seat's first."""
    game, _ = load_case("kirifuda")
    enc = Encoder(game, 2)
    per = enc.per_counters
    assert per == 7 and enc._by_table
    enc._by_table = False  # as for a game that lists no COUNTERS: each player's counter_values, padded or cut

    class Table:
        def counter_values(self, player: int, viewer: int) -> list:
            return [3, "火水", None, True, 2.5, 0, 1, 9] if player == 0 else [4]

    for seat in (0, 1):
        memo = _Memo([], enc._zeros[:], 0)
        enc._write_counters(memo, Table(), seat)  # type: ignore[arg-type]
        out = memo.out
        mine, theirs = [3, 0, 0, 1, 2.5, 0, 1], [4, 0, 0, 0, 0, 0, 0]
        first, second = (mine, theirs) if seat == 0 else (theirs, mine)
        assert list(out[enc.counter_start : enc.counter_end]) == first + second
        assert enc.counter_base[seat][0] == enc.counter_start + (0 if seat == 0 else per)
        assert not any(out[: enc.counter_start]) and not any(out[enc.counter_end :])
    assert enc._words


# ---------------------------------------------------------------------- a followed game (State.changes)
@pytest.mark.parametrize("case", CASES)
def test_a_followed_game_is_counted_from_its_noted_changes_exactly(case):
    """The environment's own game is followed (``Encoder.follow``): each vector is brought up to date from
    the instances the state noted (``State.changes``), never by comparing lists. Asked for random seats at
    random moments (several steps apart), it equals the vector counted whole: no rule changes a zone or a
    card's knowledge without a note (one that wrote ``known`` or ``zones`` itself would show here)."""
    game, mode = load_case(case)
    enc = Encoder(game, mode.players)
    rng = Rng(23)
    checked = 0
    for seed in (2, 3):
        state = None
        for k, (state, _) in enumerate(random_game(case, seed)):
            if k == 0:
                enc.follow(state)
                assert state.changes == [], case  # every game of ours notes its changes
            for seat in range(state.nplayers):
                if rng.below(3) == 0:
                    v = enc.encode(state, seat)
                    assert enc._follow_memo[seat] is not None  # the followed path, not the compared one
                    assert np.array_equal(v, enc.encode_whole(state, seat)), (case, seed, k, seat)
                    checked += 1
        assert state is not None and state.changes, case
        for seat in range(state.nplayers):  # the end
            assert np.array_equal(enc.encode(state, seat), reference_vector(enc, state, seat)), case
    assert checked > 20


def test_every_method_that_moves_or_shows_a_card_notes_it():
    """Each of the State's own ways to change a zone or a card's knowledge — move (and what leaving a hand
    face down makes everyone forget), a mill, a peek, turning face up, a shuffle, a created card and its
    ceasing — leaves the followed vector equal to the one counted whole, for every seat."""
    from tefuda.games.kirifuda.zones import DECK, DISCARD, HAND

    game, _ = load_case("kirifuda")
    state = game.new_state(None, 8)
    enc = Encoder(game, 2)
    enc.follow(state)

    def same(what: str) -> None:
        for seat in (0, 1):
            assert np.array_equal(enc.encode(state, seat), enc.encode_whole(state, seat)), (what, seat)

    same("start")
    hand, deck, grave = HAND, DECK, DISCARD
    for _ in range(3):
        state.move(state.zones[deck][-1], hand)
    same("draw")
    cards = state.zones[hand][-3:]
    state.tell(cards[0], 1)
    same("peek")
    state.turn_face_up(cards[1])
    same("face up")
    state.move(cards[2], deck, bottom=False)  # leaving the hand: the others forget the rest of it
    same("hand to deck")
    assert state.known[cards[0]] == 1 and state.known[cards[2]] == 1  # the owner's alone now
    state.move_top_face_up(deck, grave)
    same("mill")
    state.tell(state.zones[deck][0], 1)
    same("peek into the deck")
    state.shuffle(deck)  # the peeked card is forgotten
    same("shuffle")
    token = state.create(state.cards[0], 0, hand)
    same("created")
    state.cease(token)
    same("ceased")
    assert state.changes


def test_a_game_that_does_not_note_its_changes_is_compared_instead():
    """A third party's game that does not set ``NOTES_CHANGES`` (ハイカード) is not trusted: following it
    attaches nothing, and its vectors are read by comparing lists — still the whole count."""
    import sys
    from pathlib import Path

    third = Path(__file__).parent / "data" / "thirdparty"
    sys.path.insert(0, str(third))
    try:
        import tefuda_highcard
    finally:
        sys.path.remove(str(third))
    game = tefuda_highcard.HighCardGame()
    state = game.new_state(None, 3)
    assert not type(state).NOTES_CHANGES
    enc = Encoder(game, state.nplayers)
    enc.follow(state)
    assert state.changes is None
    rng = Rng(3)
    while not state.is_over:
        for seat in range(state.nplayers):
            assert np.array_equal(enc.encode(state, seat), enc.encode_whole(state, seat))
        assert enc._follow_memo == [None] * state.nplayers
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_an_evolution_top_leaving_alone_is_noted():
    """アマデウス moves cards by hand in one place: an evolution's top marked for the ダウトゾーン leaves
    alone and the card under it becomes the creature (``table._leave_top``). Followed, the vectors stay
    the whole count."""
    from tefuda.core import load_game
    from tefuda.games.amadeus import table
    from tefuda.games.amadeus.phase_ids import MARKED
    from tefuda.games.amadeus.zones import BATTLE, NZ

    game = load_game("amadeus")
    s = game.position(battle=([], ["三界 ブッディ<予言者リュゾル"]))
    enc = Encoder(game, 2)
    enc.follow(s)
    for seat in (0, 1):
        enc.encode(s, seat)
    top = s.zones[NZ + BATTLE][0]
    under = s.under(top)
    assert under
    s.flags[top] |= MARKED
    s.marked = True
    table.place_doubts(s)
    assert list(s.zones[NZ + BATTLE]) == under[-1:]  # the card under it is the creature now
    for seat in (0, 1):
        assert np.array_equal(enc.encode(s, seat), enc.encode_whole(s, seat)), seat
