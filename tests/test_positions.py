"""Positions as text (tefuda.core.position): any moment of any game round-trips, bad files get one clear
error, and the CLI saves, shows, analyzes and plays on from them."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import PositionError, Rng, TefudaError
from tefuda.core import position as positions
from tests.conftest import random_game


def _some_states(game_id: str, seeds: int = 4, every: int = 9):
    for seed in range(seeds):
        for n, (state, _) in enumerate(random_game(game_id, seed, record=True)):
            if n % every == 0:
                yield state


def test_any_moment_round_trips_and_plays_on_the_same(game_id):
    """Written as TOML or JSON and read back: the same game (numbering-free hash), the same view for every
    seat, the same actions — and it plays on the same."""
    rng = Rng(3)
    checked = 0
    for state in _some_states(game_id):
        for write in (positions.to_toml, positions.to_json):
            back = positions.load(positions.parse(write(state)))
            assert back.digest() == state.digest()
            for seat in range(state.nplayers + 1):
                assert back.observation(seat) == state.observation(seat)
            a = state.clone()
            for _ in range(8):
                la, lb = a.legal_actions(), back.legal_actions()
                assert [a.notation(x) for x in la] == [back.notation(x) for x in lb]
                if a.is_over:
                    break
                k = rng.below(len(la))
                a.apply(la[k])
                back.apply(lb[k])
                assert a.digest() == back.digest()
        checked += 1
    assert checked >= 4


def _dump(game_id: str) -> dict:
    state = next(s for i, s in enumerate(_some_states(game_id, 1, 3)) if i == 2)
    return positions.dump(state)


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.text(max_size=12),
    st.lists(st.one_of(st.integers(-3, 300), st.text(max_size=6)), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_broken_position_gets_one_clear_error(game_id, data):
    """Any field of a real position replaced by junk: it either still reads (the junk was acceptable) or
    raises a PositionError naming what is wrong — never another exception."""
    body = _dump(game_id)
    section = data.draw(st.sampled_from(["top", "fields", "zones"]))
    junk = data.draw(JUNK)
    if section == "top":
        key = data.draw(st.sampled_from(sorted(body)))
        body[key] = junk
    elif section == "fields":
        key = data.draw(st.sampled_from(sorted(body["fields"])))
        body["fields"][key] = junk
    else:
        key = data.draw(st.sampled_from(sorted(body["zones"])))
        cards = body["zones"][key]
        if cards and data.draw(st.booleans()):
            cards[data.draw(st.integers(0, len(cards) - 1))] = junk
        else:
            body["zones"][key] = junk
    try:
        positions.load(json.loads(json.dumps(body)))
    except PositionError as e:
        assert str(e) and "\n" not in str(e)
    except TefudaError as e:  # pragma: no cover - any other kind of error is a bug in the reader
        pytest.fail(f"{type(e).__name__} instead of PositionError: {e}")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda b: b.update(format="chess"), "'format' must be"),
        (lambda b: b.update(game="nosuchgame"), "no game 'nosuchgame'"),
        (lambda b: b.update(players=9), "'players'"),
        (lambda b: b["zones"].update({"p9.moon": []}), "no zone 'p9.moon'"),
        (lambda b: b["fields"].pop(next(iter(b["fields"]))), "missing"),
        (lambda b: b["fields"].update(bogus=1), "has no field bogus"),
        (lambda b: b.update(to_move="p7"), "is not a seat"),
        (lambda b: b.update(rng="zz"), "'rng' must be a game's stream"),
        (lambda b: b.update(card_set="0000"), "use --force"),
    ],
)
def test_a_position_names_what_is_wrong(game_id, change, says):
    body = copy.deepcopy(_dump(game_id))
    change(body)
    with pytest.raises(PositionError, match=says):
        positions.load(body)


def test_an_unknown_card_is_named(game_id):
    body = _dump(game_id)
    key = next(k for k, v in body["zones"].items() if v)
    body["zones"][key][0] = "存在しないカード"
    with pytest.raises(PositionError, match=r"no card named '存在しないカード'"):
        positions.load(body)


runner = CliRunner()


def test_cli_save_show_analyze_and_play_on(tmp_path):
    rep = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "kirifuda", "--p1", "random", "--p2", "random", "--seed", "9",
                            "--save", str(rep)])  # fmt: skip
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["position", "save", str(rep), "--step", "20"])
    assert r.exit_code == 0, r.output
    pos = tmp_path / "p.toml"
    pos.write_text(r.stdout, encoding="utf-8")
    r = runner.invoke(app, ["position", "show", str(pos)])
    assert r.exit_code == 0 and "P1" in r.output, r.output
    r = runner.invoke(app, ["analyze", str(pos), "--agent", "ismcts:iters=30"])
    assert r.exit_code == 0 and "win rate" in r.output, r.output
    out = tmp_path / "on.json"
    r = runner.invoke(
        app, ["play", "--from", str(pos), "--p1", "random", "--p2", "random", "--save", str(out)]
    )
    assert r.exit_code == 0 and "replay saved" in r.output, r.output
    assert json.loads(out.read_text(encoding="utf-8"))["position"]["game"] == "kirifuda"
    r = runner.invoke(app, ["replay", str(out), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output, r.output
    # mistakes: one line each, exit 1
    r = runner.invoke(app, ["analyze", str(pos), "--step", "3"])
    assert r.exit_code == 1 and "--step is for a replay" in r.output
    r = runner.invoke(app, ["analyze", str(rep)])
    assert r.exit_code == 1 and "say which moment with --step" in r.output
    bad = tmp_path / "bad.toml"
    bad.write_text(
        "format = 'tefuda-position'\nversion = 1\ngame = 'kirifuda'\nplayers = 2\n", encoding="utf-8"
    )
    r = runner.invoke(app, ["position", "show", str(bad)])
    assert r.exit_code == 1 and "fields: missing" in r.output
