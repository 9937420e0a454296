"""``policy``: a trained policy from a Python module of your own plays a seat, through the same sealed
observation vector and action mask as the research interfaces (``tefuda.rl``; ``pip install 'tefuda[rl]'``).

    policy:module=mypkg.mypolicy                      # the module's act()
    policy:module=mypkg.mypolicy,path=weights.npz     # the module's make_policy(..., path=...)

The protocol: the module (a dotted name, importable from the current directory too, or a ``.py`` file)
defines either

- ``act(observation, mask, info) -> int``, or
- ``make_policy(game_id, nplayers, path=None)`` returning an object with that ``act`` (called once per game
  and player count; ``path`` is the spec's ``path=``, None when not given).

``observation`` is the deciding seat's float32 vector (``tefuda.rl.encode.Encoder.encode``), ``mask`` the
int8 mask of its legal actions over the game's action space, and ``info`` a dict: ``game``, ``seat``,
``nplayers``, ``legal`` (the legal action indices), ``names`` (a name per vector position) and ``rng`` (a
numpy Generator seeded from the agent's seed, for a policy that samples). ``act`` returns an action index
(``game.action_space.index``); one the mask does not allow is an error naming the module, never replaced by
another move. The vector is read off the decision's determinized world, which holds exactly what the seat
knows, so it equals the vector of the true state for that seat: the agent sees no more than any other.
``make_policy`` runs once per module, path, game and player count in a process (the server builds an agent
for every decision), so keep no per-game state in the policy.

A spec names code to import, so the web server (``tefuda serve``, whose room requests name their agents)
loads only the policies its operator lists in ``TEFUDA_POLICY_ALLOW``: full specs separated by ``;``, e.g.
``TEFUDA_POLICY_ALLOW='policy:module=mypkg.mypolicy,path=/srv/weights.npz'``."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Final

from tefuda.core import Action
from tefuda.core.game import cached_game

from .base import Decision, parse_spec

ALLOW_ENV: Final = "TEFUDA_POLICY_ALLOW"
# (module, path, game, players) -> the made policy, and (game, options, cards, players, thread) -> its
# Encoder: shared by every policy agent of the process (the server and the lab build an agent per decision or
# game); an Encoder keeps a memo of each seat's last vector, so each thread has its own
_POLICIES: Final[dict[tuple[str, str | None, str, int], Any]] = {}
_ENCODERS: Final[dict[tuple, Any]] = {}


def allowed(module: str, path: str | None) -> bool:
    """Whether ``TEFUDA_POLICY_ALLOW`` lists this module and weights file."""
    for entry in os.environ.get(ALLOW_ENV, "").split(";"):
        if not entry.strip():
            continue
        try:
            name, opts = parse_spec(entry.strip())
        except ValueError:
            continue
        if name == "policy" and opts.get("module") == module and (opts.get("path") or None) == path:
            return True
    return False


def allowed_spec(spec: str) -> bool:
    """Whether ``TEFUDA_POLICY_ALLOW`` lists this policy spec (its module and weights file): what the web
    server asks before it seats a policy a room request names (tefuda/serve/rooms.py)."""
    try:
        _, opts = parse_spec(spec)
    except ValueError:
        return False
    return allowed(opts.get("module", ""), opts.get("path") or None)


def load_module(name: str) -> ModuleType:
    """Import ``name`` (a dotted name or a ``.py`` file); the current directory counts, as for ``python -m``,
    so ``module=docs.examples.rl_policy`` works from a checkout. Raises ValueError saying what went wrong."""
    if name.endswith(".py"):
        path = Path(name)
        if not path.is_file():
            raise ValueError(f"agent policy: no such file {name!r}")
        spec = importlib.util.spec_from_file_location(f"tefuda_policy_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise ValueError(f"agent policy: cannot import {name!r}")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ValueError(f"agent policy: importing {name} failed: {type(e).__name__}: {e}") from e
        return module
    if not name or not all(part.isidentifier() for part in name.split(".")):
        raise ValueError(f"agent policy: module={name!r} is not a module name (mypkg.mypolicy) or a .py file")
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and name.startswith(e.name) and (len(e.name) == len(name) or name[len(e.name)] == "."):
            raise ValueError(f"agent policy: no module named {name!r} (from here: {cwd})") from None
        raise ValueError(f"agent policy: importing {name} failed: {e}") from e
    except Exception as e:
        raise ValueError(f"agent policy: importing {name} failed: {type(e).__name__}: {e}") from e


class PolicyAgent:
    name = "policy"
    uses = frozenset({"world"})  # the world gives the seat's vector; the legal actions come with it
    OPTIONS: ClassVar[dict[str, type]] = {"module": str, "path": str}

    def __init__(self, seed: int = 0, module: str = "", path: str = "") -> None:
        if not module:
            raise ValueError("agent policy: give the module: policy:module=mypkg.mypolicy")
        self.module_name = module
        self.path = path or None
        self.module = load_module(module)
        has_act = callable(getattr(self.module, "act", None))
        has_factory = callable(getattr(self.module, "make_policy", None))
        if not (has_act or has_factory):
            raise ValueError(
                f"agent policy: {module} defines neither act(observation, mask, info) nor make_policy"
            )
        if self.path and not has_factory:
            raise ValueError(
                f"agent policy: path= given, but {module} has no make_policy(game_id, nplayers, path)"
            )
        if self.path and not Path(self.path).is_file():
            raise ValueError(f"agent policy: path={self.path}: no such file")
        self.seed = seed
        self._rng: Any = None

    def _encoder(self, decision: Decision, game: Any, nplayers: int) -> Any:
        key = (
            decision.game,
            tuple(sorted(decision.options.items())),
            decision.cards_path,
            nplayers,
            threading.get_ident(),
        )
        enc = _ENCODERS.get(key)
        if enc is None:
            from tefuda.rl.encode import Encoder  # numpy: only when a policy plays

            enc = _ENCODERS[key] = Encoder(game, nplayers)
        return enc

    def _policy(self, game_id: str, nplayers: int) -> Any:
        if not callable(getattr(self.module, "make_policy", None)):
            return self.module
        key = (self.module_name, self.path, game_id, nplayers)
        if key not in _POLICIES:
            try:
                made = self.module.make_policy(game_id, nplayers, path=self.path)
            except ValueError as e:
                raise ValueError(f"agent policy: {self.module_name}.make_policy: {e}") from e
            if not callable(getattr(made, "act", None)):
                raise ValueError(
                    f"agent policy: {self.module_name}.make_policy returned no object with act()"
                )
            _POLICIES[key] = made
        return _POLICIES[key]

    def act(self, decision: Decision) -> Action:
        import numpy as np

        if self._rng is None:
            self._rng = np.random.default_rng(self.seed)
        if decision.world is None:
            raise ValueError("agent policy: the decision has no world (it must be built with uses={'world'})")
        game = cached_game(decision.game, decision.options, decision.cards_path)
        world = game.state_class.from_snapshot(game, decision.world)
        n = world.nplayers
        enc = self._encoder(decision, game, n)
        index = game.action_space.index
        legal = [index(a) for a in decision.legal]
        mask = np.zeros(game.action_space.size, dtype=np.int8)
        mask[legal] = 1
        info = {
            "game": decision.game,
            "seat": decision.seat,
            "nplayers": n,
            "legal": legal,
            "names": enc.names,
            "rng": self._rng,
        }
        chosen = self._policy(decision.game, n).act(enc.encode(world, decision.seat), mask, info)
        try:
            i = int(chosen)
        except (TypeError, ValueError):
            raise ValueError(
                f"agent policy: {self.module_name}.act returned {chosen!r}, not an action index"
            ) from None
        if not (0 <= i < len(mask) and mask[i]):
            raise ValueError(
                f"agent policy: {self.module_name}.act chose action index {i}, which is not legal now "
                f"(legal: {sorted(legal)})"
            )
        return decision.legal[legal.index(i)]
