"""Research interfaces (``pip install 'tefuda[rl]'``): every tefuda game as a PettingZoo AEC environment
(:func:`env`), a Gymnasium single-agent environment against built-in agents (:func:`gym_env`) and an
OpenSpiel game (``tefuda.rl.openspiel.register()``), all on one sealed encoding (``tefuda.rl.encode``)."""

from __future__ import annotations

from typing import Any

MISSING = "the research interfaces need their extra: pip install 'tefuda[rl]' ({})"


def env(game: str, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (see :class:`tefuda.rl.aec.TefudaAEC` for the keywords)."""
    try:
        from tefuda.rl.aec import TefudaAEC
    except ImportError as e:  # pragma: no cover - the extra is installed in the tests
        raise ImportError(MISSING.format(e.name)) from None
    return TefudaAEC(game, **kwargs)


def gym_env(game: str, opponent: str = "greedy", seat: int = 0, **kwargs: Any) -> Any:
    """A Gymnasium environment: ``seat`` is the learner's, every other seat plays ``opponent`` (a spec)."""
    try:
        from tefuda.rl.gym import TefudaGym
    except ImportError as e:  # pragma: no cover
        raise ImportError(MISSING.format(e.name)) from None
    return TefudaGym(game, opponent=opponent, seat=seat, **kwargs)


__all__ = ["env", "gym_env"]
