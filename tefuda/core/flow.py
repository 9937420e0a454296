"""The flow of the rules as plain data: named rules, a stack of frames still to run, and the pending prompt.

Rules code never waits: when it needs a choice it sets a :class:`~tefuda.core.prompt.Prompt` and
returns. What is left to do afterwards is a stack of :class:`Frame` values — a rule's name and its
arguments — that :func:`run` pops and calls, newest first, until a rule asks for a choice or nothing is
left. A game's rules are registered by name in a :class:`Rules` table with the types of their arguments,
so a state holds nothing but strings and ints (clone and replay stay trivial) and the core can renumber
instances in frames and prompts, and write them in positions, without knowing the game.

A state that uses the flow is a :class:`FlowState`: it keeps ``pending`` (the prompt) and ``frames`` and
derives its legal actions from the prompt; its ``_apply`` is :func:`answer`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from .actions import Action
from .errors import PositionError
from .fields import Ctx, FieldType, Seq, _bad
from .prompt import MENU, ORDER, Prompt, PromptField, ask, prompt_actions
from .prompt import answer as answer_prompt
from .state import State
from .triggers import WAITING, WAITINGS, Waiting, apnap, collect


class Frame(NamedTuple):
    """A rule still to run: its name in the game's :class:`Rules` and its arguments."""

    rule: str
    args: tuple = ()


class Rules:
    """A game's rules by name, each with the types of its arguments (fields.py): what frames and prompts may
    resume at."""

    def __init__(self) -> None:
        self.fns: dict[str, Callable[..., None]] = {}
        self.types: dict[str, tuple[FieldType, ...]] = {}
        self.offers: dict[str, Callable[..., list[Action]]] = {}

    def offer(self, name: str) -> Callable[[Callable[..., list[Action]]], Callable[..., list[Action]]]:
        """Register ``fn(state, *args) -> actions``: what a ``menu`` prompt named ``name`` offers."""

        def deco(fn: Callable[..., list[Action]]) -> Callable[..., list[Action]]:
            if name in self.offers:
                raise ValueError(f"offer {name!r} is registered twice")
            self.offers[name] = fn
            return fn

        return deco

    def rule(
        self, *types: FieldType, name: str | None = None
    ) -> Callable[[Callable[..., None]], Callable[..., None]]:
        """Register ``fn(state, *args)`` under its name; ``types`` are the types of ``args`` (a rule resumed
        by a prompt gets the answer after them, untyped)."""

        def deco(fn: Callable[..., None]) -> Callable[..., None]:
            key = name or fn.__name__
            if key in self.fns:
                raise ValueError(f"rule {key!r} is registered twice")
            self.fns[key] = fn
            self.types[key] = types
            return fn

        return deco

    def decisions(
        self,
        table: dict[str, tuple[Callable[..., list[Action]], Callable[..., None]]],
        then: Callable[[Any], None],
    ) -> None:
        """Register a game's decisions by name: ``name: (actions, apply)``. Asked with
        ``state.decide(seat, name, name)``, the seat chooses among ``actions(state, seat)``; the action taken
        goes to ``apply(state, action)`` and then ``then(state)`` runs (the game's automatic steps)."""
        for name, (actions, apply) in table.items():

            def offer(s: Any, actions: Callable[..., list[Action]] = actions) -> list[Action]:
                return actions(s, s.to_move)

            def resume(s: Any, action: Action, apply: Callable[..., None] = apply) -> None:
                apply(s, action)
                then(s)

            self.offer(name)(offer)
            self.rule(name=name)(resume)

    def arg_types(self, name: str) -> tuple[FieldType, ...]:
        try:
            return self.types[name]
        except KeyError:
            raise PositionError(f"there is no rule named {name!r}") from None

    def include(self, other: Rules) -> None:
        """Take every rule of ``other`` (a shared module's rules: the chain's, the triggers')."""
        for k, fn in other.fns.items():
            if k in self.fns and self.fns[k] is not fn:
                raise ValueError(f"rule {k!r} is registered twice")
            self.fns[k] = fn
            self.types[k] = other.types[k]
        for k, off in other.offers.items():
            if k in self.offers and self.offers[k] is not off:
                raise ValueError(f"offer {k!r} is registered twice")
            self.offers[k] = off


class FramesField(FieldType):
    """The type of the frame stack: each frame's arguments typed by its rule."""

    doc = "a list of [rule, arguments…]"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    @property
    def has_instances(self) -> bool:
        return True

    def remap(self, v: list[Frame], m: Sequence[int]) -> list[Frame]:
        out = []
        for f in v:
            rule, args = f
            types = self.rules.arg_types(rule)
            out.append(Frame(rule, tuple(t.remap(a, m) for t, a in zip(types, args, strict=True))))
        return out

    def dump(self, v: list[Frame], ctx: Ctx) -> list:
        return [
            [f[0], *(t.dump(a, ctx) for t, a in zip(self.rules.arg_types(f[0]), f[1], strict=True))]
            for f in v
        ]

    def load(self, x: Any, ctx: Ctx, path: str) -> list[Frame]:
        if not isinstance(x, list):
            raise _bad(path, x, self.doc)
        out = []
        for i, f in enumerate(x):
            if not isinstance(f, list) or not f or not isinstance(f[0], str):
                raise _bad(f"{path}[{i}]", f, "[rule, arguments…]")
            types = self.rules.arg_types(f[0])
            if len(f) - 1 != len(types):
                raise PositionError(
                    f"{path}[{i}]: rule {f[0]} takes {len(types)} arguments, got {len(f) - 1}"
                )
            out.append(
                Frame(
                    f[0],
                    tuple(
                        t.load(a, ctx, f"{path}[{i}][{k + 1}]")
                        for k, (t, a) in enumerate(zip(types, f[1:], strict=True))
                    ),
                )
            )
        return out


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own classes, compiled or not
class FlowState(State):
    """A state whose rules run on the flow: ``pending`` (the prompt waiting for an answer, or None),
    ``frames`` (what is left to do, the last one next) and ``waiting`` (triggered abilities that went off
    and wait to be put in order). The game's :class:`Rules` is ``self.game.rules``; its triggers
    ``self.game.subscriptions``."""

    __slots__ = ("frames", "pending", "waiting")
    frames: list[tuple[str, tuple[Any, ...]]]  # Frame values, or plain tuples of their shape (cheaper)
    pending: Prompt | None
    waiting: list[Waiting]

    # the game's rules and offers (set on the class by ``Game.__init__`` from ``game.rules``), looked up on
    # the class rather than through ``self.game.rules`` on every action
    _fns: ClassVar[dict[str, Callable[..., None]]] = {}
    _offers: ClassVar[dict[str, Callable[..., list[Action]]]] = {}

    FLOW_FIELDS: ClassVar[tuple[str, ...]] = ("pending",)
    FLOW_LIST_FIELDS: ClassVar[tuple[str, ...]] = ("frames", "waiting")

    @staticmethod
    def flow_types(rules: Rules) -> dict[str, FieldType]:
        """The ``_TYPES`` entries of the flow's fields, for a game's state class."""
        return {"pending": PromptField(rules.arg_types), "frames": FramesField(rules), "waiting": WAITINGS}

    def _init_flow(self) -> None:
        self.frames = []
        self.pending = None
        self.waiting = []

    def finish(self, winner: int | None, code: str, team: tuple[int, ...] = ()) -> None:
        """The game is over: nothing is asked and nothing is left to do."""
        self.pending = None
        self.frames.clear()
        self.waiting.clear()
        super().finish(winner, code, team)

    @property
    def active_player(self) -> int:
        """The turn player (ターンプレイヤー), whose triggers are ordered first (APNAP)."""
        return self.to_move

    def controller(self, inst: int) -> int:
        """Who controls a card (its owner unless the game says otherwise)."""
        return self.owner[inst]

    # the State API
    def _legal_actions(self) -> list[Action]:
        p = self.pending
        if p is None:
            raise AssertionError("nobody is asked anything and the game is not over")
        if p.kind == MENU:  # the common case, inline: simulations spend their time here
            return self._offers[p.what](self, *p.args)
        return prompt_actions(self, p)

    def _apply(self, action: Action) -> None:
        p = self.pending
        if p is not None and p.kind == MENU:  # the common case of answer(), inline
            self.pending = None
            self._fns[p.resume](self, *p.args, action)
            run(self)
            return
        answer(self, action)

    def _heard(self, code: str, seat: int, inst: int) -> None:
        g = self.game
        self.waiting += collect(self, g.subscriptions, g.conditions, self.controller, code, seat, inst)

    # the flow
    def push(self, rule: str, *args: Any) -> None:
        """Run ``rule(*args)`` next (before whatever was scheduled earlier)."""
        self.frames.append((rule, args))  # a Frame's shape; a plain tuple is cheaper to make

    def then(self, *frames: tuple) -> None:
        """Schedule several rules to run in the order given: ``then(("a", x), ("b",))``."""
        append = self.frames.append
        for k in range(len(frames) - 1, -1, -1):  # last first (not reversed(): mypyc cannot compile it here)
            f = frames[k]
            append((f[0], f[1:]))

    def ask(self, prompt: Prompt) -> None:
        """Stop and ask: the flow goes on with the prompt's ``resume`` rule once it is answered."""
        self.pending = prompt
        self.to_move = prompt.seat

    def decide(self, seat: int, what: str, resume: str | None = None, *args: Any) -> None:
        """Stop for one of the game's own actions: the offer ``what`` lists them, the rule ``resume`` (by
        default the one named like the offer: ``Rules.decisions``) gets the one taken, after ``args``."""
        if resume is None:
            resume = what
        if args:
            fields = (seat, MENU, what, (), resume, args, 1, 1, False, (), -1, (), 0)
            self.pending = _new_prompt(Prompt, fields)
        else:
            key = (seat, what, resume)
            p = _MENUS.get(key)
            if p is None:
                p = _MENUS[key] = Prompt(seat, MENU, what, (), resume, (), 1, 1, False)
            self.pending = p
        self.to_move = seat

    def run(self) -> None:
        """Run the frames until someone must choose or the game ends."""
        run(self)


# menu prompts without arguments, made once (immutable)
_MENUS: Final[dict[tuple[int, str, str], Prompt]] = {}
_new_prompt: Final = tuple.__new__  # a NamedTuple's own __new__ is a Python function: this skips it


def run(s: FlowState) -> None:
    fns = s._fns
    frames = s.frames
    while s.pending is None and s.result is None:
        if not frames:
            raise AssertionError("the rules ran out of things to do without ending the game or asking anyone")
        rule, args = frames.pop()
        fns[rule](s, *args)


def answer(s: FlowState, action: Action) -> None:
    """One answering action: the prompt goes on, or is complete and its ``resume`` rule gets the answer."""
    p = s.pending
    assert p is not None
    nxt, ans = answer_prompt(s, p, action)
    if nxt is not None:
        s.pending = nxt
        return
    s.pending = None
    s._fns[p.resume](s, *p.args, ans)
    run(s)


# ---------------------------------------------------------------------------------------- triggers
CORE_RULES: Final = Rules()
GROUPS: Final = Seq(Seq(WAITING, tuple), tuple)


@CORE_RULES.rule(name="core.triggers")
def put_triggers_in_order(s: FlowState) -> None:
    """Every waiting trigger, grouped (APNAP unless the game orders otherwise: ``Game.order_triggers``);
    each group is ordered by its controller and handed to the game's ``triggered`` rule, first group
    first."""
    if not s.waiting:
        return
    items = list(s.waiting)
    s.waiting.clear()
    order = getattr(s.game, "order_triggers", None)
    groups = order(s, items) if order else apnap(items, s.active_player, s.nplayers)
    s.push("core.trigger_groups", tuple(tuple(g) for g in groups))


@CORE_RULES.rule(GROUPS, name="core.trigger_groups")
def order_next_group(s: FlowState, groups: tuple[tuple[Waiting, ...], ...]) -> None:
    if not groups:
        return
    first, rest = groups[0], groups[1:]
    if len({(s.cards[w.source], w.ability) for w in first}) > 1:
        s.ask(
            ask(
                first[0].seat,
                ORDER,
                "order_triggers",
                range(len(first)),
                "core.triggers_ordered",
                (first, rest),
                cards=False,
            )
        )
        return
    s.push("core.trigger_groups", rest)
    s.push("triggered", first)


@CORE_RULES.rule(Seq(WAITING, tuple), GROUPS, name="core.triggers_ordered")
def triggers_ordered(s: FlowState, group: tuple[Waiting, ...], rest: tuple, order: tuple[int, ...]) -> None:
    s.push("core.trigger_groups", rest)
    s.push("triggered", tuple(group[k] for k in order))
