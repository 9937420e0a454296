"""Every tefuda game as an OpenSpiel Python game (``pip install 'tefuda[rl]'``, then :func:`register`).

Names: ``tefuda_<id>`` is a game's first mode, its ``players`` parameter any count the game allows
(``pyspiel.load_game("tefuda_yonesu", {"players": 4})``); a mode that changes house rules gets a name of its
own, for its count only (``tefuda_yonesu_4p_teams``). Other house rules are not parameters. :func:`spiel_game`
maps a conformance case (``yonesu@4p``) to its name and parameters. Every name takes ``seed`` (default -1: a
fresh secret from the OS for each game).

Chance is ``SAMPLED_STOCHASTIC``: a game's shuffles, dice and じゃんけん happen inside ``State.apply`` from
the state's own chance stream, so there are no chance nodes. Each new game draws its seed from the OpenSpiel
game's own stream, seeded by ``seed``: ``pyspiel.load_game(name, {"seed": s})`` deals the same games in the
same order. A state draws its seed when it is first used (asked who moves, observed, cloned, …), not when
OpenSpiel makes one internally to clone or deserialize into, so those never shift the sequence. (OpenSpiel's
C++ tensor-shape functions, which ``random_sim_test`` calls, observe a new state of their own and so do
draw one; the Python ``game.information_state_tensor_shape()`` and its kin here do not.)

Observations: the information-state and observation tensors are both the seat's sealed vector
(:class:`tefuda.rl.encode.Encoder`, the PettingZoo adapter's); the strings are a compact text of the seat's
view (``State.observation``). Both are the seat's *current* view — what the rules let a player consult —
not a perfect-recall history (another player's past actions may name cards the seat never saw).

A game that reaches ``max_game_length`` actions is truncated: it is over, a draw (every return 0).

Serialization: OpenSpiel writes a Python state as its history plus its pickled ``__dict__``; the tefuda state
in it pickles as :meth:`State.snapshot` (plain data: cards, places, knowledge, fields and the chance stream's
position), so a deserialized state is the same game with the same future chance — a resampled world too.
``pyspiel.serialize_game_and_state`` itself cannot write a Python game of sampled chance (it asks the game
for an RNG state the bindings do not forward; so ``random_sim_test`` runs with ``serialize=False``), but
:func:`serialize_game_and_state` here writes the same format, which ``pyspiel.deserialize_game_and_state``
reads (after :func:`register` in that process). ``pickle`` works on games and states.

Search: ``resample_from_infostate`` serves the Python ISMCTS (``open_spiel.python.algorithms.ismcts``); the
C++ ``pyspiel.ISMCTSBot`` cannot call a Python game's resampling (in open_spiel 2.0.2 it crashes the process
on any Python game, ``python_kuhn_poker`` too), so it does not run on these games."""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from tefuda.core import Rng, State, new_secret
from tefuda.core.errors import IllegalActionError, OptionError
from tefuda.core.game import Game, cached_game, game_ids, play_modes
from tefuda.rl.encode import Encoder

PREFIX = "tefuda_"
_RESAMPLE_SALT = 0x9E3779B97F4A7C15  # keeps the resampling stream apart from the deal stream of one seed


@dataclass(frozen=True)
class Spec:
    """One registered name: a game with one mode's house rules, and its player counts."""

    name: str
    game_id: str
    label: str  # the mode's label
    options: tuple[tuple[str, Any], ...]
    players: int  # the default count
    min_players: int
    max_players: int

    @property
    def variable(self) -> bool:
        return self.min_players < self.max_players

    def game(self) -> Game:
        return cached_game(self.game_id, dict(self.options))

    def parameters(self) -> dict[str, Any]:
        # ``players`` on every name, fixed counts too, so a wrong count is the engine's clear message rather
        # than OpenSpiel's "unknown parameter"
        return {"players": self.players, "seed": -1}

    def game_type(self, utility: Any) -> pyspiel.GameType:
        g = self.game()
        mode = "" if self.name == f"{PREFIX}{self.game_id}" else f" ({self.label})"
        return pyspiel.GameType(
            short_name=self.name,
            long_name=f"tefuda {g.name_en}{mode}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=utility,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.max_players,
            min_num_players=self.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=self.parameters(),
        )


_SPECS: dict[str, Spec] = {}


def _slug(label: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", label.lower()).strip("_")


def specs() -> list[Spec]:
    """Every name :func:`register` registers, worked out from the game registry (third-party games too)."""
    out = []
    for gid in game_ids():
        modes = play_modes(gid)
        base = modes[0]
        g = cached_game(gid, dict(base.options))
        out.append(
            Spec(
                f"{PREFIX}{gid}",
                gid,
                base.label,
                tuple(sorted(base.options.items())),
                base.players,
                g.min_players,
                g.max_players,
            )
        )
        for m in modes[1:]:
            if m.options == base.options:  # only the player count differs: the ``players`` parameter
                continue
            opts = tuple(sorted(m.options.items()))
            out.append(
                Spec(f"{PREFIX}{gid}_{_slug(m.label)}", gid, m.label, opts, m.players, m.players, m.players)
            )
    seen: dict[str, Spec] = {}
    for spec in out:
        other = seen.setdefault(spec.name, spec)
        if other is not spec:
            raise ValueError(
                f"{other.game_id}@{other.label} and {spec.game_id}@{spec.label} both make {spec.name}"
            )
    return out


def _utility(sides: int) -> Any:
    # two sides (a team counts once): one side's +1 is the other's -1, and a draw is 0 for all
    return pyspiel.GameType.Utility.ZERO_SUM if sides == 2 else pyspiel.GameType.Utility.GENERAL_SUM


def register() -> list[str]:
    """Register every tefuda game and mode with OpenSpiel (idempotent); returns the names."""
    names = []
    for spec in specs():
        if spec.name not in _SPECS:
            g = spec.game()
            two = all(g.sides(n) == 2 for n in range(spec.min_players, spec.max_players + 1))
            game_type = spec.game_type(_utility(2 if two else 0))
            # a class, not a closure, as the factory: OpenSpiel's registry outlives the interpreter, and a
            # function freed by it at exit aborts the process (a class is never freed that late)
            cls = type(
                f"TefudaGame_{_slug(spec.name.removeprefix(PREFIX))}",
                (TefudaGame,),
                {"SPEC": spec, "__module__": __name__},
            )
            pyspiel.register_game(game_type, cls)
            _SPECS[spec.name] = spec
        names.append(spec.name)
    return names


def spiel_game(case: str) -> tuple[str, dict[str, Any]]:
    """A conformance case (``kirifuda``, ``yonesu@4p``, ``yonesu@4p-teams``) -> ``(name, parameters)`` for
    ``pyspiel.load_game``."""
    gid, _, label = case.partition("@")
    try:
        modes = play_modes(gid)
    except OptionError as e:
        raise ValueError(str(e)) from None
    mode = next((m for m in modes if m.label == label), None) if label else modes[0]
    if mode is None:
        raise ValueError(f"{gid} has no mode {label!r} (modes: {', '.join(m.label for m in modes)})")
    for spec in specs():
        if spec.game_id != gid:
            continue
        if spec.label == mode.label or (spec.variable and dict(spec.options) == mode.options):
            return spec.name, {"players": mode.players}
    raise ValueError(f"no OpenSpiel name for {case}")  # pragma: no cover - specs() covers every mode


def load(case: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of a conformance case (registering first); ``params``: e.g. ``seed=7``."""
    register()
    name, base = spiel_game(case)
    return pyspiel.load_game(name, {**base, **params})


@cache
def _encoder(game_id: str, options: tuple[tuple[str, Any], ...], players: int) -> Encoder:
    return Encoder(cached_game(game_id, dict(options)), players)


class TefudaGame(pyspiel.Game):
    """One tefuda game with a fixed player count, as OpenSpiel sees it."""

    SPEC: Spec | None = None  # set on each registered subclass

    def __init__(self, params: dict[str, Any] | None = None, spec: Spec | None = None) -> None:
        spec = spec or type(self).SPEC
        if spec is None:
            raise ValueError(
                "TefudaGame needs a Spec: load a registered name (tefuda.rl.openspiel.register())"
            )
        params = {**spec.parameters(), **(params or {})}
        unknown = sorted(set(params) - set(spec.parameters()))
        if unknown:
            raise ValueError(f"{spec.name}: unknown parameter(s) {', '.join(unknown)} (has: players, seed)")
        n = params["players"]
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"{spec.name}: players must be a whole number, not {n!r}")
        tgame = spec.game()
        problem = tgame.players_problem(n)
        if problem is None and not spec.min_players <= n <= spec.max_players:
            problem = f"this mode ({spec.label}) is for {spec.players} players, not {n}"
        if problem is not None:
            raise ValueError(f"{spec.name}: {problem}")
        seed = params["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < -1:
            raise ValueError(f"{spec.name}: seed must be a whole number from 0, or -1 for a random one")
        sides = tgame.sides(n)
        info = pyspiel.GameInfo(
            num_distinct_actions=tgame.action_space.size,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if sides == 2 else None,
            max_game_length=tgame.max_game_length,
        )
        super().__init__(spec.game_type(_utility(sides)), info, params)
        self.spec = spec
        self.tgame = tgame
        self.nplayers = n
        self.encoder = _encoder(spec.game_id, spec.options, n)
        self.limit = tgame.max_game_length
        self._deals = Rng(seed) if seed >= 0 else None
        self._resamples = Rng(seed ^ _RESAMPLE_SALT if seed >= 0 else secrets.randbits(64))

    # ------------------------------------------------------------------ states
    def new_initial_state(self, *args: Any) -> TefudaState:
        """A new game, dealt from the next seed of this game's stream when first used."""
        if args:
            raise ValueError(f"{self.spec.name} has no named initial states (got {args[0]!r})")
        return TefudaState(self)

    def _deal(self) -> State:
        seed: int | str = self._deals.next64() if self._deals is not None else new_secret()
        return self.tgame.new_state(None, seed, players=self.nplayers, record=False)

    def wrap(self, state: State) -> TefudaState:
        """An OpenSpiel state around a tefuda state of this game (its history empty)."""
        g = state.game
        if g.id != self.tgame.id or g.options != self.tgame.options or state.nplayers != self.nplayers:
            raise ValueError(
                f"a {g.id} state for {state.nplayers} players (other rules?) is not one of {self}"
            )
        return TefudaState(self, _Box(state))

    def _resample_seed(self, sampler: Any) -> int:
        """A world's seed: this game's resampling stream mixed with ``sampler()`` when it gives a number (the
        ISMCTS bot makes a fresh, identically seeded sampler for each world, so it alone would repeat)."""
        word = self._resamples.next64()
        if callable(sampler):
            try:
                u = float(sampler())
            except (TypeError, ValueError):
                return word
            word ^= int(u * (1 << 53)) & ((1 << 64) - 1)
        return word

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # OpenSpiel pickles a game through Game::Serialize, which a Python game of sampled chance can't answer
        return _load_game, (self.to_string(),)

    # ------------------------------------------------------------------ observations
    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        return Observer(self, iig_obs_type, params)

    # the shapes without dealing a game (OpenSpiel's own would make and observe a state to learn them)
    def information_state_tensor_shape(self) -> list[int]:
        return [self.encoder.size]

    def information_state_tensor_size(self) -> int:
        return self.encoder.size

    def observation_tensor_shape(self) -> list[int]:
        return [self.encoder.size]

    def observation_tensor_size(self) -> int:
        return self.encoder.size


class _Box:
    """The tefuda state behind an OpenSpiel state, dealt on first use. OpenSpiel clones a Python state by
    deep-copying its ``__dict__`` into a fresh state and serializes it by pickling it: the box answers with
    ``State.clone`` and ``State.snapshot``, never copying the game."""

    __slots__ = ("_make", "_st")

    def __init__(self, st: State | None = None, make: Any = None) -> None:
        self._st = st
        self._make = make

    def get(self) -> State:
        if self._st is None:
            self._st = self._make()
            self._make = None
        return self._st

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.get().clone())

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return _unbox, (self.get().snapshot(),)


def _unbox(snap: dict[str, Any]) -> _Box:
    g = cached_game(snap["game"], snap["options"], snap["cards_path"])
    return _Box(g.state_class.from_snapshot(g, snap))


class TefudaState(pyspiel.State):
    """An OpenSpiel state around a tefuda state (``tefuda_state``: the true state, hidden cards included)."""

    def __init__(self, game: TefudaGame, box: _Box | None = None) -> None:
        super().__init__(game)
        self._box = box if box is not None else _Box(make=game._deal)
        self._limit = game.limit

    @property
    def tefuda_state(self) -> State:
        return self._box.get()

    def _over(self, st: State) -> bool:
        return st.is_over or st.steps >= self._limit

    def current_player(self) -> int:
        st = self._box.get()
        return int(pyspiel.PlayerId.TERMINAL) if self._over(st) else st.to_move

    def _legal_actions(self, player: int) -> list[int]:
        st = self._box.get()
        if self._over(st) or player != st.to_move:
            return []
        index = st.game.action_space.index
        return sorted(index(a) for a in st.legal_actions())

    def _apply_action(self, action: int) -> None:
        st = self._box.get()
        if self._over(st):
            raise ValueError("the game is over: no action applies")
        try:
            chosen = st.game.action_space.action(int(action))
            st.apply(chosen)
        except IllegalActionError as e:
            raise ValueError(f"action {action}: {e}") from None

    def _action_to_string(self, player: int, action: int) -> str:
        st = self._box.get()
        try:
            a = st.game.action_space.action(int(action))
        except IllegalActionError:
            return f"#{action} (outside the action space)"
        if not self._over(st) and player == st.to_move and a in st.legal_actions():
            return f"{st.game.notation(st, a)} | {st.describe(a)}"
        return " ".join(str(x) for x in (a.kind, a.a, a.b) if x != -1)  # not legal here: no names to give

    def is_terminal(self) -> bool:
        return self._over(self._box.get())

    def returns(self) -> list[float]:
        st = self._box.get()
        if st.result is None:  # still playing, or truncated: a draw
            return [0.0] * st.nplayers
        return st.result.returns(st.nplayers)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> TefudaState:
        """A copy of this state (same history) whose tefuda state is ``determinize(player_id, Rng(seed))``:
        every identity ``player_id`` cannot know resampled, the chance stream reseeded. ``seed`` mixes the
        game's resampling stream (from ``seed``) with ``probability_sampler()``; the ISMCTS bot's default
        sampler is unseeded, so for a reproducible search give the bot a resampler
        (``bot.set_resampler(lambda s, p: s.resample_from_infostate(p, None))``)."""
        st = self._box.get()
        if not 0 <= player_id < st.nplayers:
            raise ValueError(f"player {player_id}: the players are 0..{st.nplayers - 1}")
        seed = self.get_game()._resample_seed(probability_sampler)
        new = self.clone()
        new._box = _Box(st.determinize(player_id, Rng(seed)))
        return new

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _load_state, (serialize_game_and_state(self.get_game(), self),)

    def __str__(self) -> str:
        st = self._box.get()
        head = f"{st.game.id} {st.nplayers}p step {st.steps}: "
        if st.result is not None:
            res = st.result
            won = ",".join(f"P{p + 1}" for p in res.winners) or "draw"
            head += f"over ({res.code}, {won})"
        elif st.steps >= self._limit:
            head += "truncated (a draw)"
        else:
            head += f"P{st.to_move + 1} to move ({st.phase_info()[0]})"
        return f"{head} digest {st.digest()}"


def serialize_game_and_state(game: pyspiel.Game, state: pyspiel.State) -> str:
    """``pyspiel.serialize_game_and_state`` for a tefuda game: the same text, which
    ``pyspiel.deserialize_game_and_state`` reads back into an equal state. OpenSpiel's own cannot write it:
    for a game of sampled chance it asks the game for its RNG state, which the Python bindings do not pass on
    to a Python game. Without that section the deserialized game restarts its deal stream from ``seed``."""
    return (
        "# Automatically generated by tefuda.rl.openspiel.serialize_game_and_state\n"
        f"[Meta]\nVersion: 1\n\n[Game]\n{game.to_string()}\n[State]\n{state.serialize()}\n"
    )


def deserialize_game_and_state(text: str) -> tuple[pyspiel.Game, pyspiel.State]:
    """``pyspiel.deserialize_game_and_state`` after :func:`register` (the names must be known first)."""
    register()
    return pyspiel.deserialize_game_and_state(text)


def _load_game(text: str) -> pyspiel.Game:
    register()
    return pyspiel.load_game(text)


def _load_state(text: str) -> pyspiel.State:
    return deserialize_game_and_state(text)[1]


def view_text(obs: dict[str, Any]) -> str:
    """A compact text of one observation (``State.observation``): counters, each zone's count and the cards
    the seat can see (``?`` an unknown one, ``^`` face up, ``@n`` a position when the zone lists only some),
    the prompt and the game's public extras. The constant deck lists and the legal actions' labels are left
    out. Built from the observation alone, so it can hold nothing the seat may not see."""
    mover = obs["to_move"]
    who = f"P{mover + 1}" if mover >= 0 else "nobody"
    lines = [f"P{obs['seat'] + 1} sees: {who} to move, phase {obs['phase']['id']}, turn {obs['turn']}"]
    for p in obs["players"]:
        cs = " ".join(f"{c['id']}={_value(c.get('value'))}" for c in p["counters"])
        lines.append(f"{p['name']}: {cs}")
    for z in obs["zones"]:
        cards = z["cards"]
        partial = len(cards) < z["count"]
        shown = []
        for k, c in enumerate(cards):
            t = ("^" if c.get("face_up") else "") + (c.get("card") or "?")
            if c.get("pos") is not None and (partial or c["pos"] != k):
                t += f"@{c['pos']}"
            more = {k2: v for k2, v in c.items() if k2 not in ("pos", "card", "name", "name_en", "face_up")}
            if more:
                t += _json(more)
            shown.append(t)
        lines.append(f"{z['id']} {z['count']}: {' '.join(shown)}")
    prompt = obs.get("prompt")
    if prompt:
        lines.append("prompt " + _json({k: v for k, v in prompt.items() if k not in ("ja", "seat")}))
    if obs.get("outcome"):
        lines.append("outcome " + _json(obs["outcome"]))
    extra = {k: v for k, v in (obs.get("extra") or {}).items() if k != "decklists"}
    if extra:
        lines.append("extra " + _json(extra))
    return "\n".join(lines)


def _value(v: Any) -> str:
    return "-" if v is None else str(v)


def _json(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``) over one seat's
    sealed view; information state and observation are the same (see the module docstring)."""

    def __init__(
        self, game: TefudaGame, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only a player's own view is offered (public info plus that player's private info)"
            )
        self.encoder = game.encoder
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: TefudaState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state._box.get(), player)

    def string_from(self, state: TefudaState, player: int) -> str:
        return view_text(state._box.get().observation(player))


__all__ = [
    "Observer",
    "Spec",
    "TefudaGame",
    "TefudaState",
    "deserialize_game_and_state",
    "load",
    "register",
    "serialize_game_and_state",
    "specs",
    "spiel_game",
    "view_text",
]
