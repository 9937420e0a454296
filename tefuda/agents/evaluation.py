"""A learned evaluation (評価関数): who is ahead, read generically off any game's table and fitted to
game outcomes — what a search scores a playout it cuts short with.

Features come from what a seat may see of the table, the same way for every game (a third-party
game included): for each player, turned so the evaluating seat comes first, its counters
(``State.counters``: life, SP, mana …) and, for each of its zones, the number of cards and the
sums of every number the game's cards carry (POW, power, cost, AP …) over the cards there whose
identity the seat knows; the same for the table's shared zones; and the game's own hand-written
guess (``State.estimate``), as log-odds, so the fit starts from it (weight 1 on it alone is the
guess itself) and can only add to it. A logistic model on those features gives each seat's
chance of winning.

The weights are plain data (``eval-<players>p.json`` in the game's folder for its own cards; the
data directory for a designer's card set), versioned by the card set's hash: weights fitted to
other cards are refused with a clear error. ``tefuda train GAME`` fits them
(tefuda/lab/train.py)."""

from __future__ import annotations

import json
import math
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from tefuda.core import State, TefudaError
from tefuda.core.paths import data_dir

FORMAT: Final = "tefuda-eval"
VERSION: Final = 2  # 2: the guess enters as log-odds


class EvalError(TefudaError):
    """Weights that do not fit the game (another card set, another layout) or a broken weights file."""


class Layout:
    """Where each feature comes from, worked out once per game and number of players."""

    def __init__(self, game: Any, nplayers: int) -> None:
        self.game_id = game.id
        self.nplayers = nplayers
        specs = game.zone_specs(nplayers)
        self.specs = specs
        fields: set[str] = set()
        for c in game.cardset:
            for k, v in c.data.items():
                if isinstance(v, int | float) and not isinstance(v, bool):
                    fields.add(k)
        self.fields = sorted(fields)
        ncards = len(game.cardset.cards)
        # per field, each card definition's value (0 when the card has none)
        self.values = [
            [float(c.data.get(f, 0)) if not isinstance(c.data.get(f, 0), bool) else 0.0 for c in game.cardset]
            for f in self.fields
        ]
        assert all(len(v) == ncards for v in self.values)
        self.ncards = ncards
        self.shared = [z for z, s in enumerate(specs) if s.shared]
        self.own = [
            [z for z, s in enumerate(specs) if not s.shared and s.owner == p] for p in range(nplayers)
        ]
        names = ["estimate"]
        # counters: their ids, read off a state of the game (the same list for every state)
        probe = game.new_state(None, 0, players=nplayers, record=False)
        self.counter_ids = [c["id"] for c in probe.counters(0, 0)]
        for k in range(nplayers):
            who = "me" if k == 0 else f"next{k}"
            names += [f"{who}.counter.{cid}" for cid in self.counter_ids]
            for z in self.own[0]:
                zname = specs[z].name
                names.append(f"{who}.{zname}.count")
                names += [f"{who}.{zname}.{f}" for f in self.fields]
        for z in self.shared:
            names.append(f"table.{specs[z].name}.count")
            names += [f"table.{specs[z].name}.{f}" for f in self.fields]
        self.names = names

    def features(self, state: State, seat: int) -> list[float]:
        """The feature vector of ``state`` for ``seat`` (only what the seat knows of identities)."""
        n = self.nplayers
        bit = 1 << seat
        known, cards, zones = state.known, state.cards, state.zones
        values = self.values
        est = state.estimate()
        out = [0.0 if est is None else logit(float(est[seat]))]
        nf = len(values)
        for k in range(n):
            p = (seat + k) % n
            for ctr in state.counters(p, seat):
                v = ctr["value"]
                out.append(float(v) if isinstance(v, int | float) else 0.0)
            for z in self.own[p]:
                insts = zones[z]
                out.append(float(len(insts)))
                sums = [0.0] * nf
                for i in insts:
                    if known[i] & bit:
                        c = cards[i]
                        for f in range(nf):
                            sums[f] += values[f][c]
                out += sums
        for z in self.shared:
            insts = zones[z]
            out.append(float(len(insts)))
            sums = [0.0] * nf
            for i in insts:
                if known[i] & bit:
                    c = cards[i]
                    for f in range(nf):
                        sums[f] += values[f][c]
            out += sums
        return out


class Evaluation:
    """Fitted weights for one game, card set and number of players."""

    def __init__(self, layout: Layout, data: dict[str, Any]) -> None:
        self.layout = layout
        self.mean = [float(x) for x in data["mean"]]
        self.scale = [float(x) for x in data["scale"]]
        self.weights = [float(x) for x in data["weights"]]
        self.bias = float(data["bias"])
        self.data = data
        # folded: w·((x - mean) / scale) + b = (w/scale)·x + (b - Σ w·mean/scale)
        self._w = [w / s for w, s in zip(self.weights, self.scale, strict=True)]
        self._b = self.bias - sum(
            w * m / s for w, m, s in zip(self.weights, self.mean, self.scale, strict=True)
        )
        self._fold()

    def _fold(self) -> None:
        """The model is linear, so a zone's card-stat sums need not be built: each card's weighted stats
        are summed once here into one number per zone block (``Layout.features``' order), and a search's
        cut playout adds a number per known card instead of a vector (the same value, summed in another
        order)."""
        lay, w = self.layout, self._w
        nc = len(lay.counter_ids)
        i = 1  # after the guess
        self._counters: list[list[float]] = []
        self._zones: list[list[tuple[float, list[float]]]] = []  # per seat, per zone (``_block``)
        for _ in range(lay.nplayers):
            self._counters.append(w[i : i + nc])
            i += nc
            self._zones.append([])
            for _ in lay.own[0]:
                self._zones[-1].append(self._block(i))
                i += 1 + len(lay.values)
        self._shared: list[tuple[float, list[float]]] = []
        for _ in lay.shared:
            self._shared.append(self._block(i))
            i += 1 + len(lay.values)
        assert i == len(w), "the folded weights cover every feature"

    def _block(self, i: int) -> tuple[float, list[float]]:
        """A zone's folded weights, its features starting at ``i``: the count's, then each card's stats."""
        values, w = self.layout.values, self._w
        per_card = [
            sum([w[i + 1 + f] * values[f][c] for f in range(len(values))]) for c in range(self.layout.ncards)
        ]
        return w[i], per_card

    def win_chance(self, state: State, seat: int, est: list[float] | None = None) -> float:
        """``seat``'s chance of winning (``est``: the game's guess, when the caller has it already)."""
        lay = self.layout
        n = lay.nplayers
        bit = 1 << seat
        known, cards, zones = state.known, state.cards, state.zones
        if est is None:
            est = state.estimate()
        z = self._b + (0.0 if est is None else self._w[0] * logit(float(est[seat])))
        for k in range(n):
            p = (seat + k) % n
            for wc, ctr in zip(self._counters[k], state.counters(p, seat), strict=True):
                v = ctr["value"]
                if isinstance(v, (int, float)):
                    z += wc * v
            for zone, (wn, per_card) in zip(lay.own[p], self._zones[k], strict=True):
                insts = zones[zone]
                z += wn * len(insts)
                for i in insts:
                    if known[i] & bit:
                        z += per_card[cards[i]]
        for zone, (wn, per_card) in zip(lay.shared, self._shared, strict=True):
            insts = zones[zone]
            z += wn * len(insts)
            for i in insts:
                if known[i] & bit:
                    z += per_card[cards[i]]
        if z < -30:
            return 0.0
        if z > 30:
            return 1.0
        return 1.0 / (1.0 + math.exp(-z))

    def estimate(self, state: State) -> list[float]:
        """Each seat's chance of winning, summing to 1."""
        est = state.estimate()
        p = [max(1e-6, self.win_chance(state, s, est)) for s in range(state.nplayers)]
        total = sum(p)
        return [x / total for x in p]


def logit(p: float) -> float:
    """Log-odds of a chance, kept within ±4.6 (1 % – 99 %): a sure-looking guess is still only a guess."""
    p = min(0.99, max(0.01, p))
    return math.log(p / (1.0 - p))


def mode_key(game: Any, nplayers: int) -> str:
    """``2p``, or ``4p-teams=true``: the number of players and the house rules that differ from the game's
    defaults (a team game is another game to evaluate)."""
    defaults = {k: spec.default for k, spec in game.option_specs.items()}
    changed = [f"{k}={v}" for k, v in sorted(game.options.items()) if defaults.get(k) != v]
    return "-".join([f"{nplayers}p", *changed]).lower()


def weights_path(game: Any, nplayers: int) -> Path:
    """Where the weights for this game's card set live: the game's folder for its own cards, else the data
    directory (a designer's card set, by its hash); ``TEFUDA_EVAL_WEIGHTS`` names one file instead (trying a
    freshly trained file before it goes in its place)."""
    chosen = os.environ.get("TEFUDA_EVAL_WEIGHTS")
    if chosen:
        return Path(chosen)
    key = mode_key(game, nplayers)
    if not game.cards_path:
        return Path(type(game).package_dir) / f"eval-{key}.json"
    return data_dir() / "eval" / f"{game.id}-{game.cardset.digest}-{key}.json"


def load_weights(game: Any, nplayers: int, path: Path | None = None) -> Evaluation:
    """The fitted evaluation of ``game`` for ``nplayers``; :class:`EvalError` when there is none or it was
    fitted to another card set or layout."""
    path = path or weights_path(game, nplayers)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EvalError(f"no fitted evaluation for {game.id} ({nplayers} players) at {path}") from None
    except (OSError, json.JSONDecodeError) as e:
        raise EvalError(f"{path}: not a weights file ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EvalError(f"{path}: not a tefuda evaluation (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise EvalError(
            f"{path}: evaluation version {data.get('version')}, this tefuda reads version {VERSION}: "
            f"run `tefuda train {game.id}` to fit it again"
        )
    if data.get("game") != game.id or data.get("players") != nplayers:
        raise EvalError(f"{path}: weights for {data.get('game')} with {data.get('players')} players")
    if data.get("card_set") != game.cardset.digest:
        raise EvalError(
            f"{path}: fitted to card set {data.get('card_set')}, but {game.id}'s cards are now "
            f"{game.cardset.digest}: run `tefuda train {game.id}` to fit them again"
        )
    layout = Layout(game, nplayers)
    if data.get("features") != layout.names:
        raise EvalError(f"{path}: its features are not this game's (run `tefuda train {game.id}` again)")
    for key in ("mean", "scale", "weights"):
        if not isinstance(data.get(key), list) or len(data[key]) != len(layout.names):
            raise EvalError(f"{path}: field {key!r} must list one number per feature")
    return Evaluation(layout, data)


@lru_cache(maxsize=64)
def cached_evaluation(
    game_id: str, options: tuple, cards_path: str | None, nplayers: int
) -> Evaluation | None:
    """The fitted evaluation for a decision's game, or None when there is none that fits (the search then
    uses the game's hand-written guess)."""
    from tefuda.core.game import cached_game

    game = cached_game(game_id, dict(options), cards_path)
    try:
        return load_weights(game, nplayers)
    except EvalError:
        return None


def evaluation_note(game: Any, nplayers: int, specs: list[str]) -> str | None:
    """What the searching agents among ``specs`` score cut playouts with, for the lab to say: the fitted
    evaluation for this card set (and where it lies), or the game's own guess and how to fit one. None when
    no agent searches."""
    from .base import parse_spec
    from .presets import PRESETS

    searching = []
    for spec in specs:
        name, opts = parse_spec(spec)
        if name in PRESETS:
            name, opts = PRESETS[name][0], {**PRESETS[name][1], **opts}
        if name == "ismcts" and opts.get("eval", "auto") != "estimate" and opts.get("depth", "1") != "0":
            searching.append(spec)
    if not searching:
        return None
    who = ", ".join(dict.fromkeys(searching))
    try:
        load_weights(game, nplayers)
    except EvalError:
        return (
            f"評価関数 evaluation ({who}): the game's own guess — no fitted evaluation for card set "
            f"{game.cardset.digest} with {nplayers} players (tefuda train {game.id} fits one)"
        )
    return (
        f"評価関数 evaluation ({who}): fitted to card set {game.cardset.digest} "
        f"({weights_path(game, nplayers)})"
    )
