"""Observations: what one seat may see, in one shape for every game (tefuda/schema/observation.schema.json).

The core builds the whole observation from the zones and the knowledge masks; a game adds only what is its
own, through small hooks on its state: ``phase_info`` (the phase's id and names), ``counters`` (each player's
named public numbers), ``card_view`` (a card's public flags, counters, current stats, what it lies on),
``prompt`` (what kind of choice is pending) and ``extra`` (anything else, documented in its RULES.md).
Card identities appear only where the viewer may know them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .zones import HIDDEN, PUBLIC

if TYPE_CHECKING:
    from .state import State

SCHEMA = "tefuda/observation/1"
FACE_UP = 1


def counter(cid: str, ja: str, en: str, value: Any) -> dict[str, Any]:
    """One named public number of a player (life, SP, cards in the 本陣, …)."""
    return {"id": cid, "ja": ja, "en": en, "value": value}


def place(state: State, inst: int, seat: int) -> dict[str, Any]:
    """A reference to where a card lies (and which card, if ``seat`` may know it)."""
    z = state.where[inst]
    return {
        "zone": state.zone_specs[z].key,
        "pos": state.zones[z].index(inst),
        "card": state.game.card_ids[state.cards[inst]] if (state.known[inst] >> seat) & 1 else None,
    }


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
