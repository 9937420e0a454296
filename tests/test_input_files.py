"""Files from outside — replays, deck lists, card files — are checked before anything runs: whatever is
wrong with them (any field of a replay given any JSON value, odd encodings, NUL bytes, huge inputs), the
command ends with a clear error naming the file and a nonzero exit, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import load_game
from tefuda.core.replay import record
from tests.conftest import play_out

runner = CliRunner()


def _replay(case: str, seed: int) -> dict:
    from tefuda.core.game import load_case

    game, mode = load_case(case)
    state = None
    actions = []
    state = game.new_state(None, seed, players=mode.players)
    from tefuda.core import Rng

    rng = Rng(seed)
    while not state.is_over and len(actions) < 60:
        legal = state.legal_actions()
        a = legal[rng.below(len(legal))]
        actions.append(state.notation(a))
        state.apply(a)
    decks = [game.default_deck(i).to_text() for i in range(mode.players)]
    return json.loads(record(state, actions, decks, seed, ["random"] * mode.players).to_json())


REAL = {"kirifuda": _replay("kirifuda", 3), "yonesu@3p": _replay("yonesu@3p", 4)}
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)


FIELDS = [
    *("format", "format_version", "tefuda", "game", "rules_version", "card_set", "options", "seed"),
    *("players", "agents", "decks", "actions", "outcome", "final_hash", "state_format", "note", "position"),
    *("cards", "decks[0]", "actions[0]", "agents[0]", "options.life", "outcome.winner", "unknown_key"),
]


def _one_line_error(r, printed: bool = False) -> None:
    """A clean failure: exit 1 and one ``error:`` line (last, after what was printed, with ``printed``)."""
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    if r.exit_code != 0:
        assert r.exit_code == 1
        lines = [ln for ln in r.output.splitlines() if ln.strip()]
        errors = [ln for ln in lines if ln.startswith("error: ")]
        assert errors == [lines[-1]] and (printed or len(lines) == 1), r.output


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    which=st.sampled_from(sorted(REAL)),
    field=st.sampled_from(FIELDS),
    how=st.sampled_from(["replace", "delete"]),
    value=json_values,
)
def test_any_field_of_a_replay_given_any_value_gets_a_one_line_error(
    tmp_path_factory, which, field, how, value
):
    body = json.loads(json.dumps(REAL[which]))
    name, _, index = field.partition("[")
    key, _, sub = name.partition(".")
    target, k = body, key
    if index:
        target, k = body[key], int(index.rstrip("]"))
    elif sub:
        if not isinstance(body.get(key), dict):
            body[key] = {}
        target, k = body[key], sub
    if how == "delete":
        if isinstance(target, dict):
            target.pop(k, None)
        elif k < len(target):
            target.pop(k)
    elif isinstance(target, dict) or k < len(target):
        target[k] = value
    path = tmp_path_factory.mktemp("rep") / "r.json"
    path.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    _one_line_error(runner.invoke(app, ["replay", "--verify", str(path)]))
    _one_line_error(runner.invoke(app, ["replay", str(path)]), printed=True)


def test_the_replay_errors_the_issue_found_name_the_field(tmp_path):
    body = REAL["kirifuda"]
    cases = [
        ("agents", 5, "field 'agents'"),
        ("agents", None, "field 'agents'"),
        ("agents", True, "field 'agents'"),
        ("decks", [], "field 'decks': one deck list per player (2), got 0"),
        ("seed", 1e23, "field 'seed'"),
        ("players", 0, "field 'players'"),
        ("actions", "go", "field 'actions'"),
    ]
    for key, value, needle in cases:
        p = tmp_path / f"{key}.json"
        p.write_text(json.dumps({**body, key: value}), encoding="utf-8")
        r = runner.invoke(app, ["replay", "--verify", str(p)])
        assert r.exit_code == 1 and needle in r.output, (key, value, r.output)
        _one_line_error(r)
    no_hash = {k: v for k, v in body.items() if k != "final_hash"}
    p = tmp_path / "nohash.json"
    p.write_text(json.dumps(no_hash), encoding="utf-8")
    r = runner.invoke(app, ["replay", "--verify", str(p)])
    assert r.exit_code == 1 and "OK" not in r.output and "no final_hash" in r.output, r.output


def test_odd_encodings_of_a_replay(tmp_path):
    text = json.dumps(REAL["kirifuda"], ensure_ascii=False)
    p = tmp_path / "r.json"
    p.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))  # a BOM: fine
    assert runner.invoke(app, ["replay", "--verify", str(p)]).exit_code == 0
    for data in (text.encode("utf-16"), b"\x00" * 10 + text.encode(), ("[" * 3000 + "]" * 3000).encode()):
        p.write_bytes(data)
        r = runner.invoke(app, ["replay", "--verify", str(p)])
        assert r.exit_code == 1
        _one_line_error(r)


def _deck_text() -> str:
    return load_game("kirifuda").default_deck(0).to_text()


def test_odd_encodings_of_a_deck_list(tmp_path):
    p = tmp_path / "d.txt"
    text = _deck_text()
    p.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))  # BOM and CRLF: fine
    r = runner.invoke(app, ["deck", "check", "kirifuda", str(p)])
    assert r.exit_code == 0 and "OK" in r.output, r.output
    p.write_bytes(text.encode("shift_jis", errors="replace"))
    r = runner.invoke(app, ["deck", "check", "kirifuda", str(p)])
    assert r.exit_code == 1 and "not UTF-8" in r.output and "Shift_JIS" in r.output
    p.write_bytes(text.encode("utf-8").replace(b"\n", b"\x00\n", 1))
    r = runner.invoke(app, ["deck", "check", "kirifuda", str(p)])
    assert r.exit_code == 1 and ":1" in r.output and "NUL" in r.output
    p.write_text("3 " + "あ" * 5000 + "\n", encoding="utf-8")
    r = runner.invoke(app, ["deck", "check", "kirifuda", str(p)])
    assert r.exit_code == 1 and "at most 500" in r.output


def test_a_huge_deck_list_is_refused_up_front_and_errors_are_capped(tmp_path):
    p = tmp_path / "huge.txt"
    p.write_text("3 no such card\n" * 2_000_000, encoding="utf-8")  # 30 MB
    r = runner.invoke(app, ["deck", "check", "kirifuda", str(p)])
    assert r.exit_code == 1 and "not a deck list" in r.output and len(r.output.splitlines()) <= 3
    p.write_text("3 no such card\n" * 5000, encoding="utf-8")
    r = runner.invoke(app, ["deck", "check", "kirifuda", str(p)])
    assert r.exit_code == 1 and "more problems not shown" in r.output and len(r.output.splitlines()) < 40


def test_odd_encodings_of_a_card_file(tmp_path):
    src = (Path(load_game("kirifuda").package_dir) / "cards.toml").read_text(encoding="utf-8")
    p = tmp_path / "c.toml"
    p.write_bytes(b"\xef\xbb\xbf" + src.replace("\n", "\r\n").encode("utf-8"))
    r = runner.invoke(app, ["cards", "check", str(p), "--game", "kirifuda"])
    assert r.exit_code == 0, r.output
    p.write_bytes(src.encode("shift_jis", errors="replace"))
    r = runner.invoke(app, ["cards", "check", str(p), "--game", "kirifuda"])
    assert r.exit_code == 1 and "not UTF-8" in r.output
    p.write_bytes(src.encode("utf-8").replace(b"\n", b"\n\x00", 3))
    r = runner.invoke(app, ["cards", "check", str(p), "--game", "kirifuda"])
    assert r.exit_code == 1 and "NUL" in r.output and f"{p}:2" in r.output, r.output
    deep = "x = " + "[" * 3000 + "]" * 3000 + "\n"
    p.write_text(deep, encoding="utf-8")
    r = runner.invoke(app, ["cards", "check", str(p), "--game", "kirifuda"])
    assert r.exit_code == 1 and "nested too deeply" in r.output, r.output
    _one_line_error(r)


def test_play_out_still_works():  # the fixtures above did not disturb a plain game
    assert play_out("kirifuda", 2).is_over


def test_a_line_break_in_a_replay_key_stays_on_the_error_line(tmp_path):
    """A key of the file is named in the error; one holding a line break is shown escaped, one line."""
    body = json.loads(json.dumps(REAL["kirifuda"]))
    body["options"] = {"\n": {"str": ["x"]}}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    r = runner.invoke(app, ["replay", "--verify", str(path)])
    assert r.exit_code == 1 and "\\n" in r.output
    _one_line_error(r)
