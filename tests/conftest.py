"""Shared helpers: seeded random play, hidden-identity swaps."""

from __future__ import annotations

import os

import pytest

from tefuda.core import FACE_UP, Rng, State, load_game
from tefuda.core.game import load_case, mode_cases

# `make test` runs every test with short soaks; `make test-long` (and CI) runs the long ones in full
LONG = bool(os.environ.get("TEFUDA_TEST_LONG"))


def soak(n: int, quick: int | None = None) -> range:
    """Seeds for a soak test: all ``n`` under `make test-long` (and in CI), ``quick`` (default a quarter,
    at least 2) in the everyday suite."""
    return range(n if LONG else (quick if quick is not None else max(2, n // 4)))


def random_game(
    game_id: str, seed: int, *, record: bool = False, options: dict | None = None, max_actions: int = 5000
):
    """Yield ``(state before, action)`` for every step of a seeded random game; the state is live.
    ``game_id`` may name a mode: ``yonesu@4p``."""
    game, mode = load_case(game_id)
    if options:
        game = load_game(game.id, {**mode.options, **options})
    state = game.new_state(None, seed, players=mode.players, record=record)
    rng = Rng(seed * 7 + 1)
    n = 0
    while not state.is_over:
        assert n < max_actions, f"{game_id} seed {seed}: no end after {max_actions} actions"
        legal = state.legal_actions()
        assert legal, f"{game_id} seed {seed}: a decision with no legal action"
        action = legal[rng.below(len(legal))]
        yield state, action
        state.apply(action)
        n += 1


def play_out(game_id: str, seed: int, **kw):
    """The final state of a seeded random game."""
    state = None
    for state, _ in random_game(game_id, seed, **kw):  # noqa: B007 - the generator's state is live
        pass
    return state


def swap_hidden(state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` in which every identity ``seat`` cannot know is permuted among the instances of
    the same owner and public class (so deck lists still hold; public constraints are respected), and the ids
    of all those unknown instances are dealt out again (a card the seat cannot know may be any of them)."""
    new = state.clone()
    cards = state.cards[:]
    bit = 1 << seat
    groups: dict[tuple[int, int], list[int]] = {}
    unknown: dict[tuple[int, int], list[int]] = {}
    for i, k in enumerate(state.known):
        if not k & bit:
            unknown.setdefault((state.owner[i], state.cls[i]), []).append(i)
            if state._constraint(i) is None:
                groups.setdefault((state.owner[i], state.cls[i]), []).append(i)
    # every per-card mark (the game's per-card lists and its flags) moves with the identity it belongs to:
    # a mark left behind in a hidden place would name the card, and only moving it shows that
    card_lists = [(name, getattr(state, name)) for name in state._CARD_FIELDS]
    moved = {name: getattr(new, name) for name in state._CARD_FIELDS}
    for members in groups.values():
        src = members[:]
        rng.shuffle(src)
        for i, j in zip(members, src, strict=True):
            cards[i] = state.cards[j]
            new.flags[i] = (state.flags[j] & ~FACE_UP) | (state.flags[i] & FACE_UP)
            for name, values in card_lists:
                moved[name][i] = values[j]
    new.cards = cards
    m = list(range(len(cards)))
    for members in unknown.values():
        ids = members[:]
        rng.shuffle(ids)
        for i, j in zip(members, ids, strict=True):
            m[i] = j
    new.relabel(m)
    return new


def pytest_generate_tests(metafunc):
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", mode_cases())


@pytest.fixture
def kirifuda():
    return load_game("kirifuda")


def pg_schema_url() -> str | None:
    """A PostgreSQL URL (from TEFUDA_TEST_PG) whose tables live in a fresh schema of their own, so tests
    running side by side (pytest-xdist) never share a table; None when no PostgreSQL is given."""
    import os
    import uuid
    from urllib.parse import quote

    from sqlalchemy import create_engine, text

    url = os.environ.get("TEFUDA_TEST_PG")
    if not url:
        return None
    schema = f"t_{uuid.uuid4().hex[:12]}"
    eng = create_engine(url)
    with eng.begin() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    eng.dispose()
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options={quote(f'-csearch_path={schema}')}"


# ---------------------------------------------------------------------------------------- the server's tests
@pytest.fixture
def db(tmp_path) -> str:
    """A fresh SQLite database for the server (tests/test_serve*.py)."""
    return f"sqlite:///{tmp_path / 'serve.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request, tmp_path) -> str:
    """The server's persistence tests run on SQLite, and on a real PostgreSQL when TEFUDA_TEST_PG names
    one."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'serve.db'}"
    url = pg_schema_url()  # a schema of its own: a clean slate, whatever runs beside it
    if url is None:
        pytest.skip("TEFUDA_TEST_PG (a PostgreSQL URL) is not set")
    return url
