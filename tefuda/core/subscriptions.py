"""Card data's triggers (誘発効果) indexed by the event codes they listen to: plain data with no state in it.

Apart from ``triggers.py`` (which collects what an event sets off from a state) so that the state's game,
:class:`~tefuda.core.state.GameBase`, can declare its ``subscriptions`` with their concrete type: the state
module imports this one, and ``triggers.py`` imports the state's (no import cycle, issue 28).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple


class Trigger(NamedTuple):
    """``[[card.trigger]]``: when event ``when`` happens, while the card is in ``where``, if ``cond``, its
    ability ``ability`` waits to resolve."""

    when: str
    where: str = ""
    cond: str = ""
    ability: int = 0


class Subscriptions:
    """Card data's triggers indexed by event code: which codes are listened to at all (a set lookup is all an
    event costs when nobody listens), and per code, per card definition, the triggers."""

    def __init__(self, triggers: Mapping[int, Iterable[Trigger]]) -> None:
        self._source = {card: tuple(ts) for card, ts in triggers.items()}  # what it pickles as
        self.by_code: dict[str, dict[int, tuple[Trigger, ...]]] = {}
        self.wheres: dict[str, frozenset[str]] = {}
        for card, ts in self._source.items():
            for t in ts:
                self.by_code.setdefault(t.when, {}).setdefault(card, ())
                self.by_code[t.when][card] += (t,)
        # codes whose every trigger is about the card itself ("when this card …"): only the event's card is
        # looked at, not the table
        self.self_only: frozenset[str] = frozenset(
            code
            for code, cards in self.by_code.items()
            if all(t.cond == "self" for ts in cards.values() for t in ts)
        )
        # for those: which card definitions listen (an event about any other card is not even collected)
        self.self_cards: dict[str, frozenset[int]] = {
            code: frozenset(self.by_code[code]) for code in self.self_only
        }
        # per code, the zones whose cards are looked at (by name, "" = every zone). A "self" trigger is not
        # among them: only the event's own card can set it off, and that card is always looked at
        # (triggers.collect), so a "when this card is summoned, wherever it is" need not scan the decks
        for code, cards in self.by_code.items():
            self.wheres[code] = frozenset(t.where for ts in cards.values() for t in ts if t.cond != "self")
        self.codes = frozenset(self.by_code)
        self.zone_cache: dict[tuple[str, int], tuple[int, ...]] = {}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled by its triggers (a compiled build cannot rebuild it field by field)."""
        return Subscriptions, (self._source,)
