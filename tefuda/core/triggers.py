"""Triggered abilities (誘発効果) and replacement effects (置換効果), declared in card data.

A card's triggered ability subscribes to an event code (``when``): while the card lies in a zone named
``where`` ("" = wherever it is; the card an event is about is always looked at, so "when this card is
destroyed" sees it in the graveyard), and its condition holds, the event makes it *wait* (:class:`Waiting`).
Simultaneous waiting triggers are put in order before anything else happens: by default the active player's
first, then the others' round the table (APNAP), each player ordering their own (an ORDER prompt when they
differ); a game may order them otherwise (``Game.order_triggers``: genesis orders by speed).

A replacement effect (``…する代わりに``) is not queued: it changes the event itself before it happens
(:func:`replacement_for`). Each replacement applies at most once to one event.

Conditions are names: ``""`` (always), ``self`` (the event is about this card), ``mine`` / ``theirs`` (the
event concerns this card's controller / an opponent); a game adds its own in ``Game.conditions``.

Card data's :class:`~tefuda.core.subscriptions.Trigger` and their index by event code,
:class:`~tefuda.core.subscriptions.Subscriptions`, are plain data in ``subscriptions.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .fields import Inst, Int, Named, Seat, Seq
from .subscriptions import Subscriptions

if TYPE_CHECKING:
    from .state import State


class Replacement(NamedTuple):
    """``[[card.replace]]``: event ``event`` happening to a card, while this card is in ``where``, if
    ``cond``, does ``instead`` (a verb of the game's vocabulary, ``""``: nothing happens) with ``arg``."""

    event: str
    where: str = ""
    cond: str = ""
    instead: str = ""
    arg: int = 0


class Waiting(NamedTuple):
    """A triggered ability that went off: its controller, source card, ability, and the card the event was
    about (-1: none)."""

    seat: int
    source: int
    ability: int
    subject: int = -1


WAITING: Final = Named(Waiting, Seat(), Inst(), Int(0), Inst(none=True))
WAITINGS: Final = Seq(WAITING)

Condition = Callable[["State", int, int, int, int], bool]  # (state, source, controller, event seat, subject)

CORE_CONDITIONS: Final[dict[str, Condition]] = {
    "": lambda s, src, ctl, seat, subj: True,
    "self": lambda s, src, ctl, seat, subj: subj == src,
    "mine": lambda s, src, ctl, seat, subj: seat == ctl,
    "theirs": lambda s, src, ctl, seat, subj: seat >= 0 and seat != ctl,
}


def collect(
    s: State,
    subs: Subscriptions,
    conditions: Mapping[str, Condition],
    controller: Callable[[int], int],
    code: str,
    seat: int,
    subject: int,
) -> list[Waiting]:
    """The triggers event ``code`` (about ``seat`` and card ``subject``) sets off, in place order."""
    cards_by = subs.by_code.get(code)
    if not cards_by:
        return []
    cards = s.cards
    specs = s.zone_specs
    if code in subs.self_only:  # "when this card …": only the event's card can answer
        if subject < 0 or cards[subject] not in cards_by:
            return []
        z = s.where[subject]
        places: Iterable[tuple[int, Any]] = ((z, (subject,)),)
    else:
        key = (code, len(specs))
        zs = subs.zone_cache.get(key)
        if zs is None:  # the zones this code's listeners may lie in, once per table size
            wheres = subs.wheres[code]
            zs = subs.zone_cache[key] = tuple(
                z for z, spec in enumerate(specs) if "" in wheres or spec.name in wheres
            )
        zones = s.zones
        places = [(z, zones[z]) for z in zs]
        if subject >= 0 and (zs_subject := s.where[subject]) not in zs and zs_subject >= 0:
            # the event's own card is looked at wherever it went ("when this card is destroyed")
            places.append((zs_subject, zones[zs_subject]))
            places.sort()
    out: list[Waiting] = []
    fired: set[tuple[int, int]] = set()  # an ability goes off once per event, whatever matched it
    for z, insts in places:
        name = specs[z].name
        for i in insts:
            ts = cards_by.get(cards[i])
            if not ts:
                continue
            for t in ts:
                if t.where and t.where != name and i != subject:
                    continue
                ctl = controller(i)
                cond = conditions.get(t.cond)
                if cond is None:
                    raise KeyError(f"unknown trigger condition {t.cond!r}")
                if (i, t.ability) not in fired and cond(s, i, ctl, seat, subject):
                    fired.add((i, t.ability))
                    out.append(Waiting(ctl, i, t.ability, subject))
    return out


def apnap(waiting: Iterable[Waiting], active: int, nplayers: int) -> list[list[Waiting]]:
    """Group waiting triggers by controller: the active player's first, then round the table."""
    groups: list[list[Waiting]] = [[] for _ in range(nplayers)]
    for w in waiting:
        groups[w.seat].append(w)
    return [g for k in range(nplayers) if (g := groups[(active + k) % nplayers])]


def replacement_for(
    s: State,
    replacements: Mapping[int, Iterable[Replacement]],
    conditions: Mapping[str, Condition],
    controller: Callable[[int], int],
    event: str,
    seat: int,
    subject: int,
    applied: frozenset[int] = frozenset(),
) -> tuple[int, Replacement] | None:
    """The replacement effect that changes event ``event`` (about ``seat`` and card ``subject``), if any: the
    source card and the effect. Sources in ``applied`` already changed this event and are skipped; among
    several, the subject's controller's own come first, then place order (our decision, docs)."""
    found: list[tuple[int, int, Replacement]] = []
    ctl_subject = controller(subject) if subject >= 0 else seat
    for z, spec in enumerate(s.zone_specs):
        for i in s.zones[z]:
            rs = replacements.get(s.cards[i])
            if not rs or i in applied:
                continue
            for r in rs:
                if r.event != event or (r.where and r.where != spec.name):
                    continue
                ctl = controller(i)
                if conditions[r.cond](s, i, ctl, seat, subject):
                    found.append((0 if ctl == ctl_subject else 1, i, r))
                    break
    if not found:
        return None
    found.sort(key=lambda f: f[0])  # stable: place order within each
    return found[0][1], found[0][2]
