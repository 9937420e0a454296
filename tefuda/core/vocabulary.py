"""The effect vocabulary of card data: what ``do = "…"`` may say, with which parameters, aimed at what.

Games share the ideas they share — :data:`SHARED` names them once (draw, destroy, move to a zone, change a
stat until the end of the turn, search a deck, reveal) — and add their own verbs; a game may refine a shared
verb's parameter (its range, say) without renaming it. :class:`Vocabulary` checks an effect table against
the verbs and says what is wrong in the words a card file's author needs: ``effect 2 (draw): count must be
1 to 3``. What a verb *does* stays the game's (drawing from an empty deck is a different rule in each
rulebook); the vocabulary is the part of card data every game reads alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

Check = Callable[[Any], str | None]  # a value's problem, or None


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: its type, an optional check of its value, whether it must be given."""

    kind: type
    check: Check | None = None
    required: bool = True

    def problem(self, key: str, value: Any) -> str | None:
        if not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool)):
            return f"{key} must be {self.kind.__name__}"
        return None if self.check is None else self.check(value)


@dataclass(frozen=True)
class Verb:
    """One thing an effect can do: its parameters, what it may aim at (``target``; empty: the game's
    own way), and what it means in Japanese and English."""

    params: Mapping[str, Param] = field(default_factory=dict)
    targets: tuple[str, ...] = ()
    ja: str = ""
    en: str = ""

    def refine(self, **params: Param) -> Verb:
        """The same verb with some parameters checked more strictly (or added) by a game."""
        return replace(self, params={**self.params, **params})

    def aimed(self, *targets: str) -> Verb:
        """The same verb with the targets a game allows (the first is the default)."""
        return replace(self, targets=targets)


SHARED: dict[str, Verb] = {
    "draw": Verb({"count": Param(int)}, ja="カードを引く", en="draw cards"),
    "destroy": Verb(ja="破壊する", en="destroy"),
    "move": Verb({"to": Param(str)}, ja="別の場所へ移す", en="move to another zone"),
    "modify": Verb(
        {"stat": Param(str), "amount": Param(int)},
        ja="ターン終了時まで数値を変える",
        en="change a stat until the end of the turn",
    ),
    "search": Verb({"count": Param(int, required=False)}, ja="デッキから探す", en="search the deck"),
    "reveal": Verb(ja="公開する", en="reveal"),
}


def shared(*names: str) -> dict[str, Verb]:
    """The shared verbs a game uses, by name (a typo is a programming error, caught at import)."""
    return {name: SHARED[name] for name in names}


def int_between(lo: int, hi: int, *, nonzero: bool = False, step: int = 1) -> Check:
    """A :class:`Param` check: a whole number from ``lo`` to ``hi`` (not 0, a multiple of ``step``)."""

    def check(value: int) -> str | None:
        if nonzero and value == 0:
            return f"must be a non-zero number from {lo} to {hi}"
        if not lo <= value <= hi:
            return f"must be {lo} to {hi}"
        if value % step:
            return f"must be a multiple of {step}"
        return None

    return check


def one_of(*choices: str) -> Check:
    return lambda value: None if value in choices else f"must be one of {', '.join(choices)}"


class Vocabulary:
    """A game's verbs, and the check of one effect table: ``do`` known, every key a parameter of the verb
    (or one of ``modifiers``, which any verb may carry: conditions, say), values of the right type and
    range, the required ones present, the target one the verb allows."""

    def __init__(
        self,
        verbs: Mapping[str, Verb],
        *,
        modifiers: Mapping[str, Param] | None = None,
        fixed: tuple[str, ...] = ("do",),
    ) -> None:
        self.verbs = dict(verbs)
        self.modifiers = dict(modifiers or {})
        self.fixed = fixed  # keys the game checks itself (``do`` always; genesis: kind, place, cost)

    def __contains__(self, do: object) -> bool:
        return do in self.verbs

    def problem(self, effect: Mapping[str, Any]) -> str | None:
        """What is wrong with one effect table, or None: ``draw: count must be 1 to 3``."""
        found = self._problem(effect)
        return None if found is None else (f"{found[0]}: {found[1]}" if found[0] else found[1])

    def check_list(self, value: Any, example: str, *, non_empty: bool = False) -> str | None:
        """A card field holding an array of effect tables: the first problem, naming the effect."""
        if not isinstance(value, list) or (non_empty and not value):
            return f"must be {'a non-empty' if non_empty else 'an'} array of effect tables like [{example}]"
        for n, effect in enumerate(value, 1):
            if not isinstance(effect, dict):
                return f"effect {n}: must be a table like {example}"
            found = self._problem(effect)
            if found is not None:
                return f"effect {n} ({found[0]}): {found[1]}" if found[0] else f"effect {n}: {found[1]}"
        return None

    def _problem(self, effect: Mapping[str, Any]) -> tuple[str, str] | None:
        """``(verb, what is wrong)``; the verb is "" when ``do`` itself is wrong."""
        raw = effect.get("do")
        verb = self.verbs.get(raw) if isinstance(raw, str) else None
        if verb is None or not isinstance(raw, str):
            return "", f"'do' must be one of {', '.join(self.verbs)}, got {raw!r}"
        do = raw
        for key, value in effect.items():
            if key in self.fixed:
                continue
            if key == "target" and verb.targets:
                if value not in verb.targets:
                    return do, f"target must be one of {', '.join(verb.targets)}, got {value!r}"
                continue
            param = verb.params.get(key) or self.modifiers.get(key)
            if param is None:
                allowed = ", ".join([*verb.params, *self.modifiers, *(("target",) if verb.targets else ())])
                return do, f"unknown key {key!r} (allowed: {allowed or 'none'})"
            why = param.problem(key, value)
            if why is not None:
                return do, why if why.startswith(key) else f"{key} {why}"
        for key, param in verb.params.items():
            if param.required and key not in effect:
                return do, f"missing {key!r}"
        return None
