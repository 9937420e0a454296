"""Undo for people (取り消し): a player may take back their own actions, but never past the last moment
hidden information was revealed to anyone — a draw, a card shown or turned face up, a shuffle or any other
chance — nor over a stretch in which they learned anything about a card they could not see. Undo restores
the game exactly as it was (it is rebuilt from the secret and the actions before), so nothing random can be
dealt again and nothing learned can be used: undo cannot be used to peek or to re-roll.

Both are read off the state and the views, not listed per game: a reveal is an action after which any seat
(or the table) knows an identity it did not know before, or after which the game's random stream moved on;
a lesson is anything the seat was shown during the stretch that would have been different in some world it
could not tell apart from the one it was in (:func:`taught`) — a support opening as a セットアタッカー shows
it is a support without showing which.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, TefudaError
from .replay import parse_chat
from .rng import Rng, stream_state
from .state import State

CHAT = -1  # an entry that is a chat line, not an action


class UndoRefused(TefudaError):
    """Nothing to take back, or taking it back would cross a reveal or another person's action."""


@dataclass
class UndoLog:
    """Who took each entry of a game, and the earliest entry undo may still go back to (``floor``)."""

    actors: list[int] = field(default_factory=list)
    floor: int = 0

    @staticmethod
    def before(state: State) -> tuple[int | str, list[int]]:
        """What the state shows of chance and knowledge now (taken just before an action)."""
        return stream_state(state.rng), state.known[:]

    def after(self, state: State, before: tuple[int | str, list[int]], actor: int) -> bool:
        """Record an action by ``actor``; True if it revealed something (undo stops here from now on)."""
        self.actors.append(actor)
        rng, known = before
        revealed = stream_state(state.rng) != rng or len(state.known) != len(known)
        if not revealed:
            revealed = any(now & ~was for now, was in zip(state.known, known, strict=True))
        if revealed:
            self.floor = len(self.actors)
        return revealed

    def chat(self) -> None:
        """A chat line is said to everyone: it cannot be unsaid, so undo stops there too."""
        self.actors.append(CHAT)
        self.floor = len(self.actors)

    def target(
        self,
        seat: int,
        agents: list[Any],
        rebuild: Callable[[int], State] | None = None,
        entries: list[str] | None = None,
    ) -> int:
        """How many entries to keep so that ``seat``'s last action is taken back (with any AI actions after
        it). Raises :class:`UndoRefused` with the reason when it may not. Given ``rebuild`` (the game after
        its first k entries) and the ``entries`` themselves, it also refuses a stretch that taught ``seat``
        anything about a card it could not see (:func:`taught`)."""
        mine = [i for i in range(self.floor, len(self.actors)) if self.actors[i] == seat]
        if not mine:
            if any(a == seat for a in self.actors[: self.floor]):
                raise UndoRefused(
                    "cannot undo past a reveal (a draw, a card shown or turned up, a shuffle) or a chat "
                    "line: 取り消せません(公開された情報があります)"
                )
            raise UndoRefused("nothing of yours to undo — 取り消す行動がありません")
        j = mine[-1]
        for i in range(j + 1, len(self.actors)):
            a = self.actors[i]
            if a != CHAT and a != seat and agents[a] is None:
                raise UndoRefused(f"P{a + 1} has acted since — P{a + 1} が行動済みです")
        if (
            rebuild is not None
            and entries is not None
            and taught(rebuild(j), entries[j:], self.actors[j:], seat)
        ):
            raise UndoRefused(
                "cannot undo: since then you have seen something about a card you could not see (a type, a "
                "stat, a count …) — 取り消せません(見えないカードについて分かったことがあります)"
            )
        return j

    def cut(self, keep: int) -> None:
        del self.actors[keep:]


# ---------------------------------------------------------------------------------- undo that teaches nothing
RANDOM_WORLDS = 16  # worlds drawn from the seat's knowledge, besides the one-card swaps
_BASE_SEED = 0xBA5E  # the world the others are built from: seeded from public facts only (and the step)


def _views(state: State, seat: int, events: list[Any]) -> tuple[Any, ...]:
    """What ``seat`` was shown after one entry: the entry's events as it sees them, then its observation
    (the table, and its legal actions when it is to move)."""
    return (tuple(repr(e.view(seat)) for e in events), repr(state.observation(seat)))


def _take(state: State, entry: str) -> list[Any]:
    chat = parse_chat(entry)
    if chat is not None:
        return state.say(*chat)
    return state.apply(state.parse_action(entry))


class _Reads(list):
    """A state's identities (``State.cards``) that note which instances' identities the rules read: a
    card whose identity was never read cannot have changed what anyone was shown. Any read it cannot
    place (iterating, slicing, searching) counts as reading every card."""

    __slots__ = ("everything", "paused", "read")

    def __init__(self, cards: list[int]) -> None:
        super().__init__(cards)
        self.read: set[int] = set()
        self.everything = False
        self.paused = False

    def __getitem__(self, k):  # type: ignore[override]
        if not self.paused:
            if type(k) is int:
                self.read.add(k if k >= 0 else k + len(self))
            else:
                self.everything = True
        return list.__getitem__(self, k)

    def _all(self) -> None:
        if not self.paused:
            self.everything = True

    def __iter__(self):
        self._all()
        return list.__iter__(self)

    def __reversed__(self):
        self._all()
        return list.__reversed__(self)

    def __contains__(self, x: object) -> bool:
        self._all()
        return list.__contains__(self, x)

    def index(self, *a):  # type: ignore[override]
        self._all()
        return list.index(self, *a)

    def count(self, x):  # type: ignore[override]
        self._all()
        return list.count(self, x)

    def copy(self):  # type: ignore[override]
        self._all()
        return list.copy(self)


def _worlds(before: State, seat: int, read: set[int] | None) -> list[State]:
    """Worlds ``seat`` cannot tell from ``before``: every pair of cards it cannot see whose identities could
    be swapped (same owner and public class, each fitting the other's public constraints, different
    cards; at least one of them read by the rules during the stretch — ``read``, None: any) — one world per
    pair and per kind of card —, per kind of card a world in which every such card read is of that kind (as
    far as the seat's knowledge allows: an opponent's cards that come from no public list may all be), and
    a few worlds drawn whole from its knowledge."""
    bit = 1 << seat
    known, cards = before.known, before.cards
    groups: dict[tuple[int, int], list[int]] = {}
    for z in before.zones:
        for i in z:
            if not known[i] & bit:
                groups.setdefault((before.owner[i], before.cls[i]), []).append(i)
    out: list[State] = []
    done: set[tuple[int, int]] = set()
    for members in groups.values():
        checks = {i: before._constraint(i) for i in members}
        for i in members:
            seen_defs = {cards[i]}
            for j in members:
                c = cards[j]
                if c in seen_defs:
                    continue
                seen_defs.add(c)
                oki, okj = checks[i], checks[j]
                if (oki is not None and not oki(c)) or (okj is not None and not okj(cards[i])):
                    continue
                pair = (min(i, j), max(i, j))
                if pair in done or (read is not None and i not in read and j not in read):
                    continue
                done.add(pair)
                w = before.clone()
                w.cards = cards[:]
                w.cards[i], w.cards[j] = cards[j], cards[i]
                w._legal = None
                out.append(w)
    # worlds in which the cards the rules read are all of one kind, as far as the seat's knowledge allows: a
    # lesson drawn from several cards together (another seat's choice shows it held some support) shows in
    # them, where swapping one card at a time cannot show it
    for (own, _klass), members in groups.items():
        touched = [i for i in members if read is None or i in read]
        if not touched:
            continue
        closed = own != seat and not before.game.open_decklists  # its cards come from a prior, not a list
        checks = {i: before._constraint(i) for i in touched}
        for c in sorted({cards[i] for i in members}):
            w = before.clone()
            w.cards = new = cards[:]
            holders = [j for j in members if cards[j] == c and j not in checks]
            changed = False
            for i in touched:
                ok = checks[i]
                if new[i] == c or (ok is not None and not ok(c)):
                    continue
                if holders:
                    j = holders.pop()
                    okj = before._constraint(j)
                    if okj is not None and not okj(new[i]):
                        continue
                    new[i], new[j] = c, new[i]
                elif closed:
                    new[i] = c
                else:
                    break
                changed = True
            if changed:
                w._legal = None
                out.append(w)
    rng = Rng(0x0DD0 ^ before.steps)
    for _ in range(RANDOM_WORLDS):
        w = before.determinize(seat, rng)
        w.log = []
        out.append(w)
    return out


def _seen(world: State, seat: int, events: list[Any]) -> tuple[Any, ...]:
    """:func:`_views`, with the world's identity reads paused: an observation is sealed by itself (the
    conformance suite swaps every hidden identity under it), so only what the rules read as they play can
    make the worlds part."""
    reads = world.cards
    if isinstance(reads, _Reads):
        reads.paused, was = True, reads.paused
        try:
            return _views(world, seat, events)
        finally:
            reads.paused = was
    return _views(world, seat, events)


def _replays_alike(world: State, entries: list[str], actors: list[int], seat: int, seen: list[Any]) -> bool:
    """Whether ``world`` can show ``seat`` exactly what it was shown: its own entries taken as they were,
    each other seat's answered by some legal action of that world that looks the same to it."""
    for entry, actor, want in zip(entries, actors, seen, strict=True):
        if actor in (seat, CHAT):
            try:
                events = _take(world, entry)
            except IllegalActionError:
                return False
            if _seen(world, seat, events) != want:
                return False
            continue
        # another seat (an AI answering): its own choice may rest on cards the seat cannot see, so any of its
        # legal actions that shows the same will do — the one taken first
        try:
            first = world.parse_action(entry)
        except IllegalActionError:
            first = None
        legal = world.legal_actions()
        tries = ([first] if first in legal else []) + [a for a in legal if a != first]
        for a in tries:
            trial = world.clone()
            if _seen(trial, seat, trial.apply(a)) == want:
                world = trial
                break
        else:
            return False
    return True


def taught(before: State, entries: list[str], actors: list[int], seat: int) -> bool:
    """Whether taking back ``entries`` (taken from ``before`` by ``actors``; ``CHAT`` for a chat line) would
    undo a stretch in which ``seat`` learned something about a card it could not see — an identity, a type,
    a stat, a count, a face, whether a slot is empty: anything that differs between the worlds it could not
    tell apart at ``before``. Read off the views, not listed per game: the stretch is played again in worlds
    that differ only in what ``seat`` could not see; if any of them shows it something else, it learned
    something.

    The worlds are built from a world drawn from the seat's knowledge alone (``determinize``), never from
    the true cards: the answer — refused or not — depends on nothing but what the seat knew and saw, so it
    tells nothing either. From that world: the stretch itself (noting which identities the rules read as they
    play), every swap of two unseen cards one of which was read, per kind of card a world where every card
    read is of that kind, and 16 more worlds drawn whole."""
    true = before.clone()
    if true.log is None:
        true.log = []
    seen = [_views(true, seat, _take(true, entry)) for entry in entries]
    base = before.determinize(seat, Rng(_BASE_SEED ^ before.steps))
    base.log = []
    reads = base.cards = _Reads(base.cards)
    if not _replays_alike(base.clone(), entries, actors, seat, seen):
        return True
    reads.paused = True
    read = None if reads.everything else reads.read
    for world in _worlds(base, seat, read):
        if world.log is None:
            world.log = []
        if not _replays_alike(world, entries, actors, seat, seen):
            return True
    return False
