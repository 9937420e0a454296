"""Prompts (選択): every pending choice as a value, and the legal actions derived from it.

A :class:`Prompt` says which seat decides, what kind of choice it is, the options, how many may be picked, and
where the rules resume with the answer (``resume``: a rule of the game's :class:`~tefuda.core.flow.Rules`,
called with ``args`` and the answer). It is plain data — a NamedTuple of ints, strings and tuples — so clone,
replay, positions and renumbering need nothing else, and the UI and agents need nothing else either: the legal
actions are :func:`prompt_actions` of it.

Kinds (``kind``):

- ``pick``  — choose ``min``..``max`` of the options, one action at a time (``pick``), then ``done`` once at
  least ``min`` are chosen; it finishes by itself at ``max``.  Options are card instances (``cards=True``) or
  small public values.
- ``pay``   — a ``pick`` of cards to pay a cost: exactly ``min`` of them, and every bit of ``need`` must be
  covered by the ``tags`` of the chosen cards, each card covering one of its bits (タップするマナの文明: a
  multicolour mana card gives one mana of one of its 文明).  Only picks that can still be completed are
  offered.
- ``order`` — put every option in order, first first (simultaneous triggers ordered by their controller).
- ``act``   — a priority window's menu (優先権): use one of the options (a card to play or whose ability to
  activate; the game says what using it means) or ``pass``.
- ``menu``  — one of the game's own actions (``set-attacker 紅蓮の竜騎士``): the game's *offer* named ``what``
  lists them from the state each time they are asked for (``Rules.offer``), so a determinized world offers
  what its own cards allow, never the true state's.
- ``yesno`` — ``yes`` or ``no`` (a "may" effect: …してもよい).
- ``number`` — a number from ``min`` to ``max``.

How a card option is named in an action never gives an instance id away (docs/hidden-information.md):
a card in a hand-like zone (``mixes``) is named by its card definition — one action per kind of card,
the first copy is taken — and any other card by its place, zone and position from the zone's start.
"""

from __future__ import annotations

from builtins import min as min_
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .actions import Action
from .errors import PositionError
from .fields import Ctx, FieldType, Inst, Seat, _bad

if TYPE_CHECKING:
    from .state import State

PICK: Final = "pick"
PAY: Final = "pay"
ORDER: Final = "order"
ACT: Final = "act"
MENU: Final = "menu"
YESNO: Final = "yesno"
NUMBER: Final = "number"
KINDS: Final = (PICK, PAY, ORDER, ACT, MENU, YESNO, NUMBER)

# action kinds a prompt offers
# (card definition, zone) for a hand-like zone, else (zone, position)  | a value: (value, -1)
A_PICK: Final = "pick"
A_PICK_CARD: Final = "pick-card"
A_DONE: Final = "done"
A_PASS: Final = "pass"
A_YES: Final = "yes"
A_NO: Final = "no"
A_NUMBER: Final = "number"
PROMPT_ACTIONS: Final = (A_PICK, A_PICK_CARD, A_DONE, A_PASS, A_YES, A_NO, A_NUMBER)


class Prompt(NamedTuple):
    """A pending choice. ``options`` are instances when ``cards`` is true, else small public ints (a slot, a
    mode, a seat, an index into something public); ``chosen`` holds what was picked so far, in order;
    ``what`` names the choice for the view layer (a code with ja/en texts); ``source`` the card asking
    (or -1).
    ``resume`` and ``args`` say where the rules go on: the game's rule ``resume`` is called as
    ``rule(state, *args, answer)``, the answer being the tuple of chosen options (pick/pay/order/act),
    the action (menu), a bool (yesno) or an int (number). ``args`` take the first of the types the rule
    was registered with (the answer may be typed last, when the rule is also scheduled as a frame)."""

    seat: int
    kind: str
    what: str
    options: tuple[int, ...]
    resume: str
    args: tuple = ()
    min: int = 1
    max: int = 1
    cards: bool = True
    chosen: tuple[int, ...] = ()
    source: int = -1
    tags: tuple[int, ...] = ()  # pay: a bitmask per option (a civilization …)
    need: int = 0  # pay: bits the chosen options must cover between them

    @property
    def remaining(self) -> tuple[int, ...]:
        chosen = self.chosen
        return tuple(o for o in self.options if o not in chosen)


def ask(
    seat: int,
    kind: str,
    what: str,
    options: Sequence[int],
    resume: str,
    args: tuple = (),
    *,
    min: int = 1,
    max: int | None = None,
    cards: bool = True,
    source: int = -1,
    tags: Sequence[int] = (),
    need: int = 0,
) -> Prompt:
    """A new prompt, its bounds checked (a rule that asks the impossible is a bug, caught here)."""
    if kind not in KINDS:
        raise ValueError(f"unknown prompt kind {kind!r}")
    options = tuple(options)
    if kind == MENU:
        min, max, cards = 1, 1, False
    elif kind == ORDER:
        min = max = len(options)
    elif kind == ACT:
        min, max = 0, min_(1, len(options))
    elif kind == YESNO:
        min, max, cards = 0, 1, False
    hi = min if max is None else max
    if kind == NUMBER:
        cards = False
        if min > hi:
            raise ValueError(f"prompt {what}: number range {min}..{hi} is empty")
    elif kind in (PICK, PAY) and hi < 1:
        raise ValueError(f"prompt {what}: a choice of nothing (max {hi})")
    elif not 0 <= min <= hi <= len(options) and kind not in (YESNO, MENU):
        raise ValueError(f"prompt {what}: cannot pick {min}..{hi} of {len(options)} options")
    if kind == PAY and len(tags) != len(options):
        raise ValueError(f"prompt {what}: a pay prompt needs one tag per option")
    return Prompt(
        seat, kind, what, options, resume, tuple(args), min, hi, cards, (), source, tuple(tags), need
    )


# ---------------------------------------------------------------------------------------- legal actions
def option_action(state: State, inst: int) -> Action:
    """The action that picks card ``inst``: by kind of card in a hand-like zone, by place elsewhere."""
    z = state.where[inst]
    if state.zone_specs[z].mixes:
        return Action(A_PICK_CARD, state.cards[inst], z)
    return Action(A_PICK, z, state.zones[z].index(inst))


def prompt_actions(state: State, p: Prompt) -> list[Action]:
    """Exactly the actions that answer (or go on answering) ``p``."""
    kind = p.kind
    if kind == MENU:
        return state.game.rules.offers[p.what](state, *p.args)
    if kind == YESNO:
        return [Action(A_YES), Action(A_NO)]
    if kind == NUMBER:
        return [Action(A_NUMBER, n) for n in range(p.min, p.max + 1)]
    out: list[Action] = []
    rest = p.remaining
    if len(p.chosen) < p.max:
        if kind == PAY:
            rest = tuple(o for o in rest if _payable(p, (*p.chosen, o)))
        if p.cards:
            seen: set[Action] = set()
            for o in rest:
                a = option_action(state, o)
                if a not in seen:
                    seen.add(a)
                    out.append(a)
        else:
            out.extend(Action(A_PICK, o) for o in rest)
    if kind == PICK and len(p.chosen) >= p.min and len(p.chosen) < p.max:
        out.append(Action(A_DONE))
    elif kind == ACT:
        out.append(Action(A_PASS))
    return out


def _payable(p: Prompt, chosen: tuple[int, ...]) -> bool:
    """Can ``chosen`` still be completed to ``p.min`` cards covering ``p.need``, one bit per card?"""
    left = p.min - len(chosen)
    if left < 0:
        return False
    need = p.need
    if not need:
        return True
    index = {o: k for k, o in enumerate(p.options)}
    mine = tuple(sorted(p.tags[index[o]] & need for o in chosen))
    rest = tuple(sorted(t for o in p.options if o not in chosen and (t := p.tags[index[o]] & need)))
    return _cover_with(need, mine, rest, left)


@cache
def _cover_with(missing: int, mine: tuple[int, ...], rest: tuple[int, ...], left: int) -> bool:
    """Can every bit of ``missing`` get its own card — one of ``mine`` (already chosen) or at most ``left``
    of ``rest`` — each card covering one bit of its tag set?"""
    if not missing:
        return True
    low = missing & -missing  # some card must cover the lowest missing bit
    for k, t in enumerate(mine):
        fresh = k == 0 or mine[k - 1] != t  # the same tag set twice: tried once
        if t & low and fresh and _cover_with(missing & ~low, mine[:k] + mine[k + 1 :], rest, left):
            return True
    if left:
        for k, t in enumerate(rest):
            fresh = k == 0 or rest[k - 1] != t
            if t & low and fresh and _cover_with(missing & ~low, mine, rest[:k] + rest[k + 1 :], left - 1):
                return True
    return False


def can_cover(missing: int, tags: tuple[int, ...], left: int) -> bool:
    """Can ``left`` cards with these tag sets (sorted; one bit per card) cover every bit of ``missing``? (A
    game listing whole payments asks this too: アマデウス's mana.)"""
    return _cover_with(missing, (), tags, left)


def answer(state: State, p: Prompt, action: Action) -> tuple[Prompt | None, Any]:
    """Apply one answering action. Returns ``(prompt, None)`` while the choice goes on, or ``(None, answer)``
    when it is complete. ``action`` must be one of :func:`prompt_actions` (``State.apply`` checks it)."""
    if p.kind == MENU:
        return None, action
    k = action.kind
    if k == A_YES:
        return None, True
    if k == A_NO:
        return None, False
    if k == A_NUMBER:
        return None, action.a
    if k in (A_DONE, A_PASS):
        return None, p.chosen
    if k == A_PICK_CARD:
        o = next(i for i in p.remaining if state.cards[i] == action.a and state.where[i] == action.b)
    elif k == A_PICK and p.cards:
        o = state.zones[action.a][action.b]
    else:
        o = action.a
    chosen = (*p.chosen, o)
    if len(chosen) >= p.max:
        return None, chosen
    if p.kind == ORDER and len(chosen) == len(p.options) - 1:  # the last one has no choice left
        return None, chosen + tuple(x for x in p.options if x not in chosen)
    return p._replace(chosen=chosen), None


def action_text(state: State, p: Prompt, action: Action, lang: str = "ja") -> str:
    """Notation for a prompt's action: ``pick p1.front#2``, ``pick 紅蓮の竜騎士``, ``pick 3``, ``done``,
    ``yes``, ``number 2`` — the game only names cards (``state.game.card_name``)."""
    k = action.kind
    if k == A_PICK_CARD:
        card = state.game.cardset[action.a]
        return f"pick {card.name if lang == 'ja' else card.name_en}"
    if k == A_PICK and p.cards:
        spec = state.zone_specs[action.a]
        return f"pick {spec.key}#{action.b + 1}"
    if k in (A_PICK, A_NUMBER):
        return f"{k} {action.a}"
    return k


# ---------------------------------------------------------------------------------------- the field type
class PromptField(FieldType):
    """The type of a state field holding a prompt (or None): instances are renumbered, and a position writes
    them as places. ``arg_types`` maps a rule name to the types of its ``args``."""

    doc = "none or a prompt"

    def __init__(self, arg_types: Any) -> None:
        self.arg_types = arg_types  # rule name -> tuple of FieldType

    @property
    def has_instances(self) -> bool:
        return True

    def remap(self, v: Prompt | None, m: Sequence[int]) -> Prompt | None:
        if v is None:
            return None
        f = (lambda x: m[x]) if v.cards else (lambda x: x)
        args = tuple(
            t.remap(a, m) for t, a in zip(self.arg_types(v.resume)[: len(v.args)], v.args, strict=True)
        )
        return v._replace(
            options=tuple(f(o) for o in v.options),
            chosen=tuple(f(o) for o in v.chosen),
            source=v.source if v.source < 0 else m[v.source],
            args=args,
        )

    def dump(self, v: Prompt | None, ctx: Ctx) -> Any:
        if v is None:
            return "none"
        ref = ctx.inst_to_ref
        assert ref is not None
        f = ref if v.cards else (lambda x: x)
        out: dict[str, Any] = {"seat": f"p{v.seat + 1}", "kind": v.kind, "what": v.what}
        if v.options:
            out["options"] = [f(o) for o in v.options]
        out["resume"] = v.resume
        if v.args:
            out["args"] = [
                t.dump(a, ctx) for t, a in zip(self.arg_types(v.resume)[: len(v.args)], v.args, strict=True)
            ]
        if v.kind not in (MENU, YESNO):  # what those kinds always are, left out
            out.update(min=v.min, max=v.max, cards=v.cards)
        if v.chosen:
            out["chosen"] = [f(o) for o in v.chosen]
        if v.source >= 0:
            out["source"] = ref(v.source)
        if v.kind == PAY:
            out["tags"] = list(v.tags)
            out["need"] = v.need
        return out

    def load(self, x: Any, ctx: Ctx, path: str) -> Prompt | None:
        if x == "none":
            return None
        if not isinstance(x, dict):
            raise _bad(path, x, self.doc)
        try:
            kind = str(x["kind"])
            if kind not in KINDS:
                raise PositionError(f"{path}.kind: {kind!r} is not one of {', '.join(KINDS)}")
            cards = bool(x.get("cards", kind not in (MENU, YESNO, NUMBER)))
            f = (lambda v, q: Inst().load(v, ctx, q)) if cards else (lambda v, q: int(v))
            resume = str(x["resume"])
            types = self.arg_types(resume)
            args = x.get("args", [])
            if not isinstance(args, list) or len(args) > len(types):
                raise PositionError(f"{path}.args: rule {resume} takes {len(types)} arguments")
            types = types[: len(args)]
            return Prompt(
                Seat().load(x["seat"], ctx, f"{path}.seat"),
                kind,
                str(x["what"]),
                tuple(f(o, f"{path}.options") for o in x.get("options", [])),
                resume,
                tuple(
                    t.load(a, ctx, f"{path}.args[{i}]")
                    for i, (t, a) in enumerate(zip(types, args, strict=True))
                ),
                int(x.get("min", 0 if kind == YESNO else 1)),
                int(x.get("max", 1)),
                cards,
                tuple(f(o, f"{path}.chosen") for o in x.get("chosen", [])),
                -1 if x.get("source", "none") == "none" else Inst().load(x["source"], ctx, f"{path}.source"),
                tuple(int(t) for t in x.get("tags", [])),
                int(x.get("need", 0)),
            )
        except KeyError as e:
            raise PositionError(f"{path}: a prompt needs {e.args[0]}") from None
        except (TypeError, ValueError) as e:
            raise PositionError(f"{path}: {e}") from None
