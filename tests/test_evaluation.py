"""The learned evaluation (issue 25): fitted deterministically for a seed, refused for another card set, read
only from what a seat may see, and used by the search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tefuda.agents import decision_for, make_agent
from tefuda.agents.evaluation import EvalError, Layout, load_weights, weights_path
from tefuda.core import Rng
from tefuda.core.game import load_case, mode_cases
from tefuda.lab.train import train
from tests.conftest import random_game, swap_hidden


def test_fitting_a_tiny_self_play_set_repeats_for_a_seed(tmp_path):
    a = train("kirifuda", games=4, seed=5, jobs=1, spec="ismcts:iters=10", out=str(tmp_path / "a.json"))
    b = train("kirifuda", games=4, seed=5, jobs=1, spec="ismcts:iters=10", out=str(tmp_path / "b.json"))
    for key in ("weights", "bias", "mean", "scale", "features"):
        assert a[key] == b[key]
    c = train("kirifuda", games=4, seed=6, jobs=1, spec="ismcts:iters=10", out=str(tmp_path / "c.json"))
    assert c["weights"] != a["weights"]


def test_weights_load_and_are_refused_for_another_card_set(tmp_path):
    from tefuda.core import load_game

    path = tmp_path / "w.json"
    train("kirifuda", games=3, seed=1, jobs=1, spec="ismcts:iters=10", out=str(path))
    game = load_game("kirifuda")
    ev = load_weights(game, 2, path)
    state = game.new_state(None, 3)
    est = ev.estimate(state)
    assert len(est) == 2 and abs(sum(est) - 1) < 1e-9 and all(0 < x < 1 for x in est)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["card_set"] = "0000000000000000"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EvalError, match=r"fitted to card set 0000000000000000.*tefuda train kirifuda"):
        load_weights(game, 2, path)
    with pytest.raises(EvalError, match="no fitted evaluation"):
        load_weights(game, 2, tmp_path / "none.json")
    data["card_set"] = game.cardset.digest
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EvalError, match="features"):
        load_weights(game, 2, path)


def test_a_designer_card_set_keeps_its_weights_in_the_data_directory(tmp_path, monkeypatch):
    from tefuda.core import load_game

    monkeypatch.setenv("TEFUDA_DATA", str(tmp_path))
    nerf = tmp_path / "nerf.toml"
    nerf.write_text(
        '[crimson_dragoon]\nname = "紅蓮の竜騎士"\nname_en = "Crimson Dragoon"\ntype = "attacker"\n'
        'pow = 100\nattributes = ["火"]\ntext = "弱体化。"\ntext_en = "Nerfed."\neffects = []\n',
        encoding="utf-8",
    )
    game = load_game("kirifuda", cards_path=f"+{nerf}")
    path = weights_path(game, 2)
    assert str(path).startswith(str(tmp_path)) and game.cardset.digest in path.name
    from tefuda.agents.evaluation import evaluation_note

    specs = ["ai", "random"]
    assert "the game's own guess" in evaluation_note(game, 2, specs)  # nothing fitted yet: the lab says so
    assert evaluation_note(game, 2, ["random", "greedy", "ai:eval=estimate"]) is None  # nobody uses one
    res = train("kirifuda", cards=f"+{nerf}", games=3, seed=2, jobs=1, spec="ismcts:iters=10")
    assert res["path"] == str(path) and load_weights(game, 2).data["card_set"] == game.cardset.digest
    assert f"fitted to card set {game.cardset.digest}" in evaluation_note(game, 2, specs)


@pytest.mark.parametrize("case", mode_cases())
def test_the_features_read_nothing_a_seat_may_not_see(case):
    """Swap every identity a seat cannot know (and the marks on it): its features do not change — but the
    first, the game's own guess (``State.estimate``), which may read every card of the state it is given: in
    a search that state is the agent's own world, drawn from its knowledge, and the fit is trained on such
    worlds too."""
    game, mode = load_case(case)
    layout = Layout(game, mode.players)
    rng = Rng(9)
    checked = 0
    for seed in range(2):
        for n, (state, _) in enumerate(random_game(case, seed)):
            if n % 6:
                continue
            for seat in range(state.nplayers):
                twin = swap_hidden(state, seat, rng)
                assert layout.features(twin, seat)[1:] == layout.features(state, seat)[1:]
                checked += 1
    assert checked >= 10
    assert len(layout.names) == len(layout.features(game.new_state(None, 0, players=mode.players), 0))


def test_the_search_with_the_learned_evaluation_acts_on_the_decision_alone(tmp_path, monkeypatch):
    """The new agent is handed the sealed decision only: two states that differ in what the seat cannot know
    give the same decision, hence the same action (the attacker's view of it holds nothing more)."""
    from tefuda.agents import evaluation

    path = tmp_path / "w.json"
    train("kirifuda", games=3, seed=1, jobs=1, spec="ismcts:iters=10", out=str(path))
    monkeypatch.setenv("TEFUDA_EVAL_WEIGHTS", str(path))
    evaluation.cached_evaluation.cache_clear()
    try:
        rng = Rng(4)
        for n, (state, _) in enumerate(random_game("kirifuda", 7)):
            if n % 5 or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player
            twin = swap_hidden(state, seat, rng)
            a = make_agent("ismcts:iters=30,eval=learned", 11).act(decision_for(state))
            b = make_agent("ismcts:iters=30,eval=learned", 11).act(decision_for(twin))
            assert a == b
    finally:
        evaluation.cached_evaluation.cache_clear()


def test_eval_learned_without_weights_says_how_to_get_them(monkeypatch, tmp_path):
    from tefuda.agents import evaluation

    monkeypatch.setenv("TEFUDA_EVAL_WEIGHTS", str(tmp_path / "none.json"))
    evaluation.cached_evaluation.cache_clear()
    try:
        state = load_case("kirifuda")[0].new_state(None, 1)
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        with pytest.raises(ValueError, match="tefuda train kirifuda"):
            make_agent("ismcts:iters=5,eval=learned").act(decision_for(state))
        make_agent("ismcts:iters=5").act(decision_for(state))  # auto: the game's own guess
    finally:
        evaluation.cached_evaluation.cache_clear()


def test_weights_worse_than_the_guess_are_not_written(tmp_path, monkeypatch):
    """A fit that predicts the held-out games worse than the game's own guess would make the search worse:
    it is not written (the search keeps the guess) unless forced."""
    import numpy as np

    import tefuda.lab.train as tr

    monkeypatch.setattr(tr, "fit_logistic", lambda x, y, **kw: (np.zeros(x.shape[1]), 25.0))  # "always wins"
    out = tmp_path / "w.json"
    res = train("kirifuda", games=10, seed=5, jobs=1, spec="ismcts:iters=10", out=str(out))
    assert res["trained"]["log_loss"] > res["trained"]["log_loss_estimate"]
    assert res["written"] is False and not out.exists()
    res = train("kirifuda", games=10, seed=5, jobs=1, spec="ismcts:iters=10", out=str(out), force=True)
    assert res["written"] is True and out.exists()


def test_every_shipped_evaluation_fits_its_games_own_cards():
    """Each ``eval-<mode>.json`` in a game's folder loads for that game, mode and card set — a card change
    that forgets ``tefuda train`` fails here, not at play (where the search would fall back to the guess)."""
    from tefuda.agents.evaluation import mode_key
    from tefuda.core import load_game
    from tefuda.core.game import game_ids

    shipped = 0
    for gid in game_ids():
        folder = Path(load_game(gid).package_dir)
        for path in sorted(folder.glob("eval-*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            game = load_game(gid, data["options"])
            assert path.name == f"eval-{mode_key(game, data['players'])}.json"
            ev = load_weights(game, data["players"], path)
            state = game.new_state(None, 1, players=data["players"])
            assert len(ev.estimate(state)) == data["players"]
            shipped += 1
    assert shipped >= 6  # 2p of four games, 3p and 4p of ヨネス


def test_training_over_every_deck_pair_deals_them_in_turn(tmp_path):
    """``train(decks=…)``: game k self-plays the decks' ordered pair k mod d² — a run that repeats, other
    games than the default matchup's, the decks named in the weights; bad deck sets refused in one line."""
    from tefuda.core import load_game

    game = load_game("kirifuda")
    names = sorted(game.sample_decks())[:2]
    a = train(
        "kirifuda", games=4, seed=5, jobs=1, spec="ismcts:iters=8", out=str(tmp_path / "a.json"), decks=names
    )
    b = train(
        "kirifuda", games=4, seed=5, jobs=2, spec="ismcts:iters=8", out=str(tmp_path / "b.json"), decks=names
    )
    assert a["weights"] == b["weights"] and a["trained"]["positions"] == b["trained"]["positions"]
    assert a["trained"]["decks"] == [game.load_deck(game.sample_decks()[n]).label for n in names]
    plain = train("kirifuda", games=4, seed=5, jobs=1, spec="ismcts:iters=8", out=str(tmp_path / "c.json"))
    assert "decks" not in plain["trained"] and plain["weights"] != a["weights"]
    with pytest.raises(ValueError, match="at least two deck lists"):
        train("kirifuda", games=4, jobs=1, out=str(tmp_path / "d.json"), decks=names[:1])
    with pytest.raises(ValueError, match="no such deck list file"):
        train("kirifuda", games=4, jobs=1, out=str(tmp_path / "d.json"), decks=[names[0], "nosuch"])
    with pytest.raises(ValueError, match="for two players"):
        train("yonesu", players=3, games=4, jobs=1, out=str(tmp_path / "d.json"), decks=names)


def test_the_cli_trains_over_every_sample_deck(tmp_path):
    from typer.testing import CliRunner

    from tefuda.cli.main import app

    out = tmp_path / "w.json"
    r = CliRunner().invoke(
        app,
        [
            "train",
            "kirifuda",
            "--games",
            "2",
            "--jobs",
            "1",
            "--all-decks",
            "--force",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.output)["decks"]) == 3 and out.exists()
    r = CliRunner().invoke(app, ["train", "yonesu", "--games", "2", "--all-decks", "--out", str(out)])
    assert r.exit_code != 0 and "fewer than two sample decks" in r.output


@pytest.mark.parametrize("case", mode_cases())
def test_the_folded_evaluation_is_the_fitted_model(case):
    """The search's evaluation sums one folded number per known card (``Evaluation._fold``) instead of
    building the feature vector: the same chance as the fit's dot product over ``Layout.features``, and — the
    game's guess held fixed — nothing a seat may not see changes it."""
    import math

    game, mode = load_case(case)
    try:
        ev = load_weights(game, mode.players)
    except EvalError:
        pytest.skip(f"no fitted evaluation ships for {case}")
    rng = Rng(3)
    checked = 0
    for n, (state, _) in enumerate(random_game(case, 5)):
        if n % 4:
            continue
        for seat in range(state.nplayers):
            x = ev.layout.features(state, seat)
            z = ev._b + sum(w * v for w, v in zip(ev._w, x, strict=True))
            want = 0.0 if z < -30 else 1.0 if z > 30 else 1.0 / (1.0 + math.exp(-z))
            assert ev.win_chance(state, seat) == pytest.approx(want, rel=1e-9, abs=1e-12)
            even = [0.5] * state.nplayers
            twin = swap_hidden(state, seat, rng)
            blind = ev.win_chance(state, seat, even)
            assert ev.win_chance(twin, seat, even) == pytest.approx(blind, abs=1e-12)
            checked += 1
    assert checked >= 10
