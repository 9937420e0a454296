"""Observations: what one seat may see, in one shape for every game (tefuda/schema/observation.schema.json).

The core builds the whole observation from the zones and the knowledge masks; a game adds only what is its
own, through small hooks on its state: ``phase_info`` (the phase's id and names), ``counters`` (each player's
named public numbers), ``card_view`` (a card's public flags, counters, current stats, what it lies on),
``prompt`` (what kind of choice is pending) and ``extra`` (anything else, documented in its RULES.md).
Card identities appear only where the viewer may know them.

Each legal action carries ``refs``: the places and cards it is about, for a UI to make them clickable. A game
says exactly what its actions name (``Game.action_refs``, helped by :func:`card_ref`, :func:`zone_ref` and
:func:`prompt_refs`); a game that does not gets :func:`fallback_refs`, worked out from the action itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from .actions import Action
from .counters import counter  # noqa: F401 - kept here too: the name a third party's game imports
from .prompt import A_PICK, A_PICK_CARD, MENU
from .rng import Rng
from .zones import HIDDEN, PUBLIC

if TYPE_CHECKING:
    from .state import State

SCHEMA: Final = "tefuda/observation/1"
FACE_UP: Final = 1


def place(state: State, inst: int, seat: int) -> dict[str, Any]:
    """A reference to where a card lies (and which card, if ``seat`` may know it)."""
    z = state.where[inst]
    return {
        "zone": state.zone_specs[z].key,
        "pos": state.zones[z].index(inst),
        "card": state.game.card_ids[state.cards[inst]] if (state.known[inst] >> seat) & 1 else None,
    }


def card_ref(state: State, inst: int, seat: int) -> dict[str, Any]:
    """A reference to where a card lies, for an action's ``refs``: like :func:`place`, but a card in a
    hand-like zone (``mixes``) has no position (its order tells nothing; the card is named by what it is),
    and the card's id only if ``seat`` may know it."""
    z = state.where[inst]
    spec = state.zone_specs[z]
    return {
        "zone": spec.key,
        "pos": None if spec.mixes else state.zones[z].index(inst),
        "card": state.game.card_ids[state.cards[inst]] if (state.known[inst] >> seat) & 1 else None,
    }


def zone_ref(state: State, zone: int) -> dict[str, Any]:
    """A reference to a whole zone (where a card goes, a player's side): no position, no card."""
    return {"zone": state.zone_specs[zone].key, "pos": None, "card": None}


def prompt_refs(state: State, action: Action, seat: int) -> list[dict[str, Any]] | None:
    """The refs of the core's own prompt actions (core/prompt.py), exact from the action itself: ``pick``
    of a card names its zone and position (the card's id only if ``seat`` may know it), ``pick-card`` a
    kind of card in a hand-like zone. None when ``action`` answers no card prompt (a game's own action)."""
    p = getattr(state, "pending", None)
    if p is None or p.kind == MENU or not p.cards or action.kind not in (A_PICK, A_PICK_CARD):
        return None
    if action.kind == A_PICK_CARD:
        key = state.zone_specs[action.b].key
        return [{"zone": key, "pos": None, "card": state.game.card_ids[action.a]}]
    zone = state.zones[action.a]
    if not 0 <= action.b < len(zone):
        return []
    return [card_ref(state, zone[action.b], seat)]


# ---------------------------------------------------------------------- refs for a game that writes none
# a dry run's card identity for every card the seat may not know: indexes no card table (a rule that looks
# the card up stops the run), equals no card (a rule that compares it goes the same way in every world)
BLIND: Final = 1 << 40


class _DryRunStop(Exception):
    """A dry run reached what the acting seat may not know: a chance draw."""


T = TypeVar("T")


class _NoChance(Rng):
    """The chance stream of a dry run: whatever the rules draw from it stops the run (a shuffle, a random
    discard, a die) — its outcome is not drawn yet, so nothing may depend on it. A stream by type (a
    compiled build checks it), every draw refused."""

    __slots__ = ()

    def copy(self) -> Rng:
        raise _DryRunStop("copy")

    def next64(self) -> int:
        raise _DryRunStop("next64")

    def below(self, n: int) -> int:
        raise _DryRunStop("below")

    def choice(self, seq: Sequence[T]) -> T:
        raise _DryRunStop("choice")

    def shuffle(self, seq: MutableSequence[T]) -> None:
        raise _DryRunStop("shuffle")

    def permutation(self, n: int) -> list[int]:
        raise _DryRunStop("permutation")

    def fork(self) -> Rng:
        raise _DryRunStop("fork")


def fallback_refs(state: State, action: Action, seat: int) -> list[dict[str, Any]]:
    """The refs of an action, for a game that writes no ``action_refs`` (a third party's): worked out from
    the action itself, never from anything ``seat`` may not know.

    1. The core's prompt actions (``pick``, ``pick-card``) name their card exactly (:func:`prompt_refs`).
    2. Otherwise the action is tried on a **blindfolded** copy of the state (a dry run): every card ``seat``
       may not know has no identity there (:data:`BLIND`, with none of its per-card marks), and the chance
       stream is gone (:class:`_NoChance`). The rules run as they would, and stop — silently — the moment
       they need what the seat may not know: looking a hidden card up raises (it indexes nothing), any draw
       of chance raises. Comparing a hidden card with another goes the same way whatever it is. So the run
       is a function of what the seat knows alone: two worlds that differ in hidden cards, their ids, or the
       secret of the chance stream give the same run — a random discard, a shuffle, the card a draw finds,
       a battle against a face-down card are never reached, let alone shown.
    3. From the run: an action whose arguments name a kind of card (an argument that is a card whose name is
       in its notation — "play 7") is about that card: the places of the seat's known copies the run moved
       or changed, and the zones they went to; if the run changed none, the places where the seat sees that
       card (in its own zones first). An action naming no card is about what it changes: every card the
       seat knew that the run moved or changed (its place before), then every zone that received a card.
       Refs go in place order (zone by zone), never in instance-id order, so renumbering changes nothing.

    Why a dry run rather than a declaration of what each argument letter means: a third party gets refs
    without writing a line, and the refs follow what the rules really do. Its limits: a rule that stops
    early leaves refs out (never wrong ones in); a game with its own words for places writes
    ``action_refs`` itself, as every game in tefuda does. It rests on the contract's rule that hidden
    information lives in card identities and the chance stream only (what determinization resamples)."""
    refs = prompt_refs(state, action, seat)
    if refs is not None:
        return refs
    after = _dry_run(state, action, seat)
    g = state.game
    bit = 1 << seat
    known = state.known
    ncards = len(g.cardset)
    text = g.notation(state, action, "ja")
    named = {v for v in (action.a, action.b) if 0 <= v < ncards and g.cardset[v].name in text}
    fields = [name for name, _ in state._card_defaults]
    out: list[dict[str, Any]] = []
    gained: list[int] = []  # zones that received a card, in place order

    def changed(i: int) -> bool:
        if after.where[i] != state.where[i] or after.flags[i] != state.flags[i]:
            return True
        return any(getattr(after, f)[i] != getattr(state, f)[i] for f in fields)

    for z, insts in enumerate(state.zones):
        for i in insts:
            if named and state.cards[i] not in named:
                continue
            if known[i] & bit and changed(i):
                out.append(card_ref(state, i, seat))
            dst = after.where[i]
            if dst != z and dst >= 0 and (known[i] & bit or not named) and dst not in gained:
                gained.append(dst)
    if not named:
        for i in range(len(state.cards), len(after.cards)):  # cards the run created (tokens)
            if after.where[i] >= 0 and after.where[i] not in gained:
                gained.append(after.where[i])
    if named and not out:
        out = _seen(state, named, seat)
    out += [zone_ref(state, z) for z in sorted(gained)]
    unique: list[dict[str, Any]] = []
    for r in out:
        if r not in unique:
            unique.append(r)
    return unique


def _dry_run(state: State, action: Action, seat: int) -> State:
    """``action`` applied to a blindfolded copy of ``state`` (see :func:`fallback_refs`), as far as it goes
    on what ``seat`` knows."""
    w = state.clone()
    bit = 1 << seat
    cards = list(state.cards)
    flags = w.flags
    lists = {name: list(getattr(w, name)) for name, _ in state._card_defaults}
    for name, values in lists.items():
        setattr(w, name, values)
    for i, k in enumerate(state.known):
        if not k & bit:
            cards[i] = BLIND
            flags[i] &= FACE_UP
            for name, default in state._card_defaults:
                lists[name][i] = default
    w.cards = cards
    w.rng = _NoChance()
    w.log = None
    w.track = None
    w._legal = None
    w.steps += 1
    with contextlib.suppress(Exception):  # where the rules need what the seat may not know, the run ends
        w._apply(action)
    return w


def _seen(state: State, named: set[int], seat: int) -> list[dict[str, Any]]:
    """The places where ``seat`` knows a card of these kinds: its own zones first (a hand-like zone once)."""
    bit = 1 << seat
    own: list[dict[str, Any]] = []
    other: list[dict[str, Any]] = []
    for z, insts in enumerate(state.zones):
        spec = state.zone_specs[z]
        for i in insts:
            if state.cards[i] in named and state.known[i] & bit:
                ref = card_ref(state, i, seat)
                bucket = own if spec.owner == seat and not spec.shared else other
                if ref not in bucket:
                    bucket.append(ref)
    return own or other


def card_entry(state: State, inst: int, seat: int, pos: int | None) -> dict[str, Any]:
    cs = state.game.cardset
    known = (state.known[inst] >> seat) & 1
    c = cs[state.cards[inst]] if known else None
    flags = state.flags[inst]
    e: dict[str, Any] = {
        "pos": pos,
        "card": c.id if c else None,
        "name": c.name if c else None,
        "name_en": c.name_en if c else None,
        "face_up": bool(flags & FACE_UP),
    }
    named = state._FLAGS.dump(flags & ~FACE_UP)
    extra = state.card_view(inst, seat)
    if extra:
        named += extra.pop("flags", [])  # states the game works out (e.g. summoning sickness)
        e.update(extra)
    if named:
        e["flags"] = named
    return e


def zone_entry(state: State, z: int, seat: int) -> dict[str, Any]:
    """A zone as ``seat`` sees it. A deck, life cards or another player's hand list only the cards the viewer
    knows (a hand without positions: its order tells nothing); every other zone lists each card, an unknown
    one as a face-down placeholder."""
    spec = state.zone_specs[z]
    insts = state.zones[z]
    known = state.known
    if spec.mixes and spec.owner != seat and spec.visibility != PUBLIC:
        cards = [card_entry(state, i, seat, None) for i in insts if (known[i] >> seat) & 1]
        cards.sort(key=lambda e: e["card"])
    elif spec.mixes or spec.visibility == HIDDEN:
        cards = [card_entry(state, i, seat, p) for p, i in enumerate(insts) if (known[i] >> seat) & 1]
    else:
        cards = [card_entry(state, i, seat, p) for p, i in enumerate(insts)]
    return {**spec.obs_head, "count": len(insts), "cards": cards}


def observe(state: State, seat: int) -> dict[str, Any]:
    """The observation of ``seat`` (the number of players: a spectator)."""
    g = state.game
    n = state.nplayers
    pid, pja, pen = state.phase_info()
    legal: list[dict[str, Any]] = []
    if seat == state.current_player:
        space = g.action_space
        for a in state.legal_actions():
            ja, en = g.label(state, a)
            legal.append(
                {
                    "index": space.index(a),
                    "notation": g.notation(state, a),
                    "ja": ja,
                    "en": en,
                    "refs": g.action_refs(state, a, seat),
                }
            )
    res = state.result
    outcome = None
    if res is not None:
        outcome = {
            "winner": res.winner,
            "winners": list(res.winners),
            "code": res.code,
            "ja": res.reason_ja,
            "en": res.reason,
        }
    return {
        "schema": SCHEMA,
        "game": g.id,
        "seat": seat,
        "spectator": seat == n,
        "players": [{"seat": p, "name": f"P{p + 1}", "counters": state.counters(p, seat)} for p in range(n)],
        "zones": [zone_entry(state, z, seat) for z in range(len(state.zone_specs))],
        "phase": {"id": pid, "ja": pja, "en": pen},
        "turn": state.turn_count(),
        "first_player": state.first_player,
        "to_move": state.current_player,
        "prompt": None if res is not None else state.prompt(seat),
        "legal": legal,
        "outcome": outcome,
        "extra": state.extra(seat),
    }
