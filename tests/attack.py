"""An attacker on hidden information, as an outside programmer would write one.

It sits in one seat and keeps every decision, observation and event that seat was ever handed, plus the
public deck lists (in ヨネス, the public box list). At its decisions it names, for every place on the table
whose card its seat cannot know (opponents' hands, decks — its own next draws among them —, life cards,
face-down cards), the card it believes is there. It reads the instance id the handed world shows at that
place and tries, strongest first:

1. *follow the marks*: a card it once knew carried per-card marks (the game's per-card numbers — damage,
   modifiers, "summoned at" — and its flags); a hidden place whose card carries the same marks is that card;
2. *follow the id*: a card it once knew (in any world it was handed) keeps its id; guess the card it knew;
3. *ids in deck-list order*: ids numbered as the public deck lists are read would name every card;
4. the identity the handed world shows there.

Each guess is scored three ways, at the same place:

- **attacker**: the strategy above;
- **control**: the same strategy given a uniformly random id among the places of that group the seat cannot
  know, instead of the id the world shows — "a uniform guess among the cards it could not rule out", made with
  everything the attacker remembers. If ids carry no information, the attacker does no better than this;
- **world**: the world's identity alone, against its *legitimate chance*: the share of that card among the
  copies the seat could not rule out (same owner and public class, unknown to the seat, fitting any public
  constraint). A world sampled from what the seat knows does no better than that.

(The control is needed because a player's memory is worth something legitimately: cards shown on their way
into a hand are likely still there, more often than "uniform among the unknown copies" says. An id that led
to the card would beat the control; memory alone does not.)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tefuda.agents import decision_for
from tefuda.core import Rng, State
from tefuda.core.game import load_case

MARGIN = 0.25  # the stated margin: hits may exceed the baseline by 25 % of it, plus 5 √baseline of noise


def beats(hits: float, baseline: float) -> bool:
    """Whether ``hits`` beat ``baseline`` by more than the stated margin."""
    return hits > baseline * (1 + MARGIN) + 5 * math.sqrt(max(baseline, 1.0))


@dataclass
class Tally:
    guesses: int = 0
    attacker: int = 0
    control: int = 0
    world: int = 0
    expected: float = 0.0  # the world guesses' legitimate chances, summed


@dataclass
class Score:
    kinds: dict[str, Tally] = field(default_factory=dict)

    def add(self, kind: str, attacker: bool, control: bool, world: bool, p: float) -> None:
        for k in (kind, "all"):
            t = self.kinds.setdefault(k, Tally())
            t.guesses += 1
            t.attacker += attacker
            t.control += control
            t.world += world
            t.expected += p

    @property
    def all(self) -> Tally:
        return self.kinds.get("all", Tally())

    def leaks(self) -> list[str]:
        """Every kind of place where a channel beat its baseline by more than the margin."""
        out = []
        for k, t in sorted(self.kinds.items()):
            if beats(t.attacker, t.control):
                out.append(f"{k}: the attacker hit {t.attacker}, the uniform control {t.control}")
            if beats(t.world, t.expected):
                out.append(f"{k}: the world's cards hit {t.world}, their fair chance {t.expected:.1f}")
        return out

    def line(self) -> str:
        return "; ".join(
            f"{k}: {t.guesses} guesses, attacker {t.attacker} / control {t.control}, "
            f"world {t.world} / fair {t.expected:.1f}"
            for k, t in sorted(self.kinds.items())
        )


class Attacker:
    """Everything one seat was handed, and the guesses an outside programmer would make from it."""

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        g = state.game
        n = state.nplayers
        # the public deck lists, numbered as an engine numbering ids in list order would
        decks = [g.default_deck(p) for p in range(n)]
        self.list_order: list[int] = list(g.new_state(decks, 0, players=n, record=False).cards)
        self.remembered: dict[int, int] = {}  # id -> the card it was when the seat knew it
        self.by_marks: dict[tuple, dict[int, int]] = {}  # per-card marks -> the known cards seen with them
        # the per-card numbers a world shows, by name, and its references to other cards (renumbered from
        # world to world: only whether there is one is followed)
        fields = type(state)._CARD_FIELDS
        self.mark_fields = [name for name, cf in fields.items() if not cf.t.has_instances]
        self.ref_fields = [name for name, cf in fields.items() if cf.t.has_instances]
        self.defaults = tuple(fields[name].default for name in self.mark_fields) + tuple(
            fields[name].default != -1 for name in self.ref_fields
        )
        self.decisions: list[Any] = []
        self.events: list[dict[str, Any]] = []
        self.world: dict[str, Any] = {}

    def see_events(self, views: list[dict[str, Any]]) -> None:
        self.events.extend(views)

    def see(self, decision: Any) -> None:
        self.decisions.append(decision)
        w = decision.world
        bit = 1 << self.seat
        self.world = w
        for i, k in enumerate(w["known"]):
            if k & bit:
                self.remembered[i] = w["cards"][i]
                marks = self.marks(i)
                if marks is not None:
                    seen = self.by_marks.setdefault(marks, {})
                    seen[i] = w["cards"][i]

    def marks(self, i: int) -> tuple | None:
        """The per-card marks of id ``i`` in the world (None when it carries none)."""
        w = self.world
        values = tuple(w["fields"][name][i] for name in self.mark_fields) + tuple(
            w["fields"][name][i] != -1 for name in self.ref_fields
        )
        flags = w["flags"][i] & ~1  # the face-up bit is the place's, not the card's
        if values == self.defaults and not flags:
            return None
        return (*values, flags)

    def guess_id(self, i: int, at: int) -> int:
        """The attacker's guess for the place holding id ``i`` in its world (``at``: the id really there)."""
        marks = self.marks(i)
        if marks is not None and marks in self.by_marks:
            # the card most often seen with these marks (a mark shared by a few cards names one of them)
            seen = list(self.by_marks[marks].values())
            return max(set(seen), key=seen.count)
        if i in self.remembered:
            return self.remembered[i]
        if i < len(self.list_order):
            return self.list_order[i]
        return self.world["cards"][at]

    def unknown_ids(self, i: int) -> list[int]:
        """The ids in the world of the places the seat cannot know, in the group of ``i`` (owner, class)."""
        w = self.world
        bit = 1 << self.seat
        key = (w["owner"][i], w["cls"][i])
        owner, cls, known = w["owner"], w["cls"], w["known"]
        return [j for z in w["zones"] for j in z if not known[j] & bit and (owner[j], cls[j]) == key]


def legit_chance(state: State, seat: int, inst: int, guess: int) -> float:
    """The chance that ``guess`` is right for a card ``seat`` cannot know, from what it could not rule out."""
    bit = 1 << seat
    key = (state.owner[inst], state.cls[inst])
    ok = state._constraint(inst)
    pool = [
        state.cards[i]
        for i in range(len(state.cards))
        if (state.owner[i], state.cls[i]) == key and not state.known[i] & bit
    ]
    if ok is not None:
        pool = [c for c in pool if ok(c)]
    return pool.count(guess) / len(pool) if pool else 0.0


def kind_of(state: State, seat: int, zone: int) -> str:
    spec = state.zone_specs[zone]
    if spec.mixes:
        return "own hand" if spec.owner == seat else "opponent hand"
    return spec.name


def attack(
    case: str,
    seat: int,
    games: int,
    *,
    seed: int = 0,
    every: int = 2,
    build: Callable[[State], Any] = decision_for,
) -> Score:
    """Play ``games`` seeded random games of ``case``; at every ``every``-th decision of ``seat`` the attacker
    takes the decision (built by ``build``) and guesses every card its seat cannot know."""
    game, mode = load_case(case)
    score = Score()
    rng = Rng(seed * 31 + seat)
    pick = Rng(seed * 17 + seat + 1)  # the control's uniform ids
    bit = 1 << seat
    for k in range(games):
        state = game.new_state(None, seed * 1000 + k, players=mode.players, record=True)
        attacker = Attacker(state, seat)
        shown = 0
        turn = 0
        while not state.is_over:
            attacker.see_events([e.view(seat) for e in state.log[shown:]])
            shown = len(state.log)
            if state.current_player == seat:
                turn += 1
                if turn % every == 0:
                    attacker.see(build(state))
                    w = attacker.world
                    for z, insts in enumerate(state.zones):
                        for pos, inst in enumerate(insts):
                            if state.known[inst] & bit:
                                continue
                            i = w["zones"][z][pos]
                            others = attacker.unknown_ids(i)
                            j = others[pick.below(len(others))]
                            truth = state.cards[inst]
                            wg = w["cards"][i]
                            kind = kind_of(state, seat, z)
                            if attacker.marks(i) is not None:
                                kind += " (marked)"  # scored apart: a mark would name few cards, and surely
                            score.add(
                                kind,
                                attacker.guess_id(i, i) == truth,
                                attacker.guess_id(j, j) == truth,
                                wg == truth,
                                legit_chance(state, seat, inst, wg),
                            )
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    return score
