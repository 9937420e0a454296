"""The fixed-size observation vector of a seat (観測), read generically off any game's table, and the legal
action mask over the game's stable action index.

One encoding for every game, third-party ones included, built only from what the seat may know:

- the player to move, turned so the seat itself comes first (one-hot over the players);
- the phase, as a one-hot over ``PHASE_BUCKETS`` buckets of its id's CRC-32 (the core does not list a
  game's phases; collisions only merge two phases' bits);
- for each player, turned so the seat comes first: its counters (``State.counters(player, seat)``: life,
  mana …, what the table shows that seat), then for each of its zones the number of cards there (public) and,
  per card definition, how many cards of it lie there **whose identity the seat knows** (``known`` bit);
- the same count and identity counts for the table's shared zones.

Identity counts are a multiset per zone: neither an instance number nor an order inside a zone enters the
vector, so it says nothing a hidden card's place could betray. Per-card marks (damage, flags) are left out.
numpy only: the PettingZoo, Gymnasium and OpenSpiel adapters and a policy agent share it.

Incremental (差分): a step moves a card or two, so the encoder keeps, per seat, the zone part of the last
vector it wrote with a copy of the zones and knowledge it read, finds what changed by comparing lists at C
speed, and recounts only those zones. It depends on nothing the engine does (no hook on its hot path): any
state may be given at any time, and a different one (another world, a created card) is counted whole. So an
``Encoder`` is not for two threads at once: one per thread (the policy agent keeps one per thread)."""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Iterable
from itertools import compress
from operator import ne
from sys import getrefcount
from typing import Any

import numpy as np

from tefuda.core import State

PHASE_BUCKETS = 16
POOL = 4  # large masks kept for reuse (a learner may hold the last few)
LARGE = 32_768  # an action space this large gets its masks from the pool (a fresh one costs more)
_F32, _I8 = np.dtype(np.float32), np.dtype(np.int8)
_NUMBER = (int, float)  # a tuple: ``int | float`` written in the loop would build a union at every counter


class Encoder:
    """The layout of one game's vector for a number of players, worked out once."""

    def __init__(self, game: Any, nplayers: int) -> None:
        self.game = game
        self.nplayers = n = nplayers
        specs = game.zone_specs(n)
        self.ncards = nc = len(game.cardset.cards)
        probe = game.new_state(None, 0, players=n, record=False)
        self.counter_ids = [[c["id"] for c in probe.counters(p, p)] for p in range(n)]
        own = [[z for z, s in enumerate(specs) if not s.shared and s.owner == p] for p in range(n)]
        shared = [z for z, s in enumerate(specs) if s.shared]
        per_zones = max((len(o) for o in own), default=0)
        per_counters = max((len(c) for c in self.counter_ids), default=0)
        block = per_counters + per_zones * (1 + nc)  # one player's part
        head = n + PHASE_BUCKETS
        self.size = head + n * block + len(shared) * (1 + nc)
        # where each zone's count sits, for each seat (players turned so the seat comes first)
        self.zone_base: list[list[int]] = []
        self.counter_base: list[list[int]] = []
        for seat in range(n):
            base = [0] * len(specs)
            cbase = [0] * n
            for k in range(n):
                p = (seat + k) % n
                start = head + k * block
                cbase[p] = start
                for j, z in enumerate(own[p]):
                    base[z] = start + per_counters + j * (1 + nc)
            for j, z in enumerate(shared):
                base[z] = head + n * block + j * (1 + nc)
            self.zone_base.append(base)
            self.counter_base.append(cbase)
        self.per_counters = per_counters
        self.card_base = [[b + 1 for b in bs] for bs in self.zone_base]  # where identity counts start
        self._zeros = array("f", bytes(4 * self.size))
        self._segment_zeros = array("f", bytes(4 * (1 + nc)))
        self._counter_zeros = array("f", bytes(4 * per_counters))
        self._words = False  # whether a counter was ever a word or None (then no fast path is tried)
        self._memo: list[_Memo | None] = [None] * n  # per seat: its last vector without the head
        self._followed: State | None = None  # the state whose noted changes are trusted (follow())
        self._follow_memo: list[_Follow | None] = [None] * n
        self._phase_bucket: dict[str, int] = {}
        self._pool: list[_Slot] | None = [] if game.action_space.size >= LARGE else None
        self.names = self._names(specs, own, shared, per_counters, per_zones)
        assert len(self.names) == self.size

    def _names(self, specs: Any, own: list, shared: list, per_counters: int, per_zones: int) -> list[str]:
        """A name per position (for people reading a vector; the seat is ``me``, then ``next1`` …)."""
        cards = [c.id for c in self.game.cardset.cards]
        n = self.nplayers
        names = [f"to_move.{'me' if k == 0 else f'next{k}'}" for k in range(n)]
        names += [f"phase.{b}" for b in range(PHASE_BUCKETS)]
        for k in range(n):
            who = "me" if k == 0 else f"next{k}"
            ids = self.counter_ids[k % n]
            names += [f"{who}.counter.{ids[j] if j < len(ids) else j}" for j in range(per_counters)]
            zs = own[k]  # the zones' names read off player k's own (every player has the same kinds)
            for j in range(per_zones):
                zname = specs[zs[j]].name if j < len(zs) else f"zone{j}"
                names.append(f"{who}.{zname}.count")
                names += [f"{who}.{zname}.{c}" for c in cards]
        for z in shared:
            names.append(f"table.{specs[z].name}.count")
            names += [f"table.{specs[z].name}.{c}" for c in cards]
        return names

    def encode(self, state: State, seat: int) -> np.ndarray:
        """The seat's vector (float32, ``self.size`` long): only what ``seat`` may see.

        The zones and counters come from the seat's memo, brought up to date (``_memo_part``); the mover and
        the phase are written into a copy of it (a memcpy), and the array is handed to numpy without a copy
        (``np.frombuffer``): numpy's own item writes cost several times more."""
        n = self.nplayers
        out = self._memo_part(state, seat)[:]  # a memcpy
        mover = state.to_move
        if 0 <= mover < n:
            out[(mover - seat) % n] = 1.0
        phase = state.phase_info()[0]
        bucket = self._phase_bucket.get(phase)
        if bucket is None:
            bucket = self._phase_bucket[phase] = n + zlib.crc32(phase.encode()) % PHASE_BUCKETS
        out[bucket] = 1.0
        return np.frombuffer(out, _F32)  # a dtype made once: the keyword and the type cost 0.3 µs a call

    def follow(self, state: State) -> None:
        """Follow ``state`` (an environment's own game) from now on: if its game notes every change of zone
        and knowledge (``State.NOTES_CHANGES``), each of its vectors is brought up to date from the
        instances noted since that seat's last one (``State.changes``) instead of by comparing every zone
        and every knowledge bit; any other state is still read by comparison."""
        self._followed = None
        self._follow_memo = [None] * self.nplayers
        if type(state).NOTES_CHANGES:
            if state.changes is None:
                state.changes = []
            self._followed = state

    def _memo_part(self, state: State, seat: int) -> array:
        """``seat``'s vector without its head (zeros there): the counters, the zone counts and the known
        identity counts."""
        if state is self._followed:
            memo = self._follow_memo[seat]
            if (
                memo is not None
                and memo.changes is state.changes
                and memo.cards is state.cards
                and memo.zones is state.zones
                and memo.known is state.known
                and memo.where is state.where
            ):
                changes = memo.changes
                assert changes is not None
                if memo.pos != len(changes):
                    self._catch_up(memo, state, seat, changes)
            else:
                memo = self._follow_memo[seat] = self._followed_whole(state, seat)
            out = memo.out
            self._write_counters(out, memo.counters, state, seat)
            return out
        return self._compared_part(state, seat)

    def _followed_whole(self, state: State, seat: int) -> _Follow:
        """A followed state counted whole: the vector, and what each instance adds to it."""
        out = self._zeros[:]
        self._recount(out, state, seat, range(len(state.zones)))
        bit = 1 << seat
        return _Follow(state, out, [k & bit for k in state.known], self.nplayers)

    def _catch_up(self, memo: _Follow, state: State, seat: int, changes: list[int]) -> None:
        """Move each noted instance's part of the vector from where it was counted to where it is now
        (the zone it lies in, whether this seat knows it); ``~z`` notes every card of zone ``z``."""
        pos = memo.pos
        memo.pos = len(changes)
        touched: set[int] = set()
        zones = state.zones
        for e in changes[pos:]:
            if e >= 0:
                touched.add(e)
            else:
                touched.update(zones[~e])
        where, known, cards = state.where, state.known, state.cards
        zone_of, knew, out = memo.zone_of, memo.knew, memo.out
        card_base = self.card_base[seat]
        bit = 1 << seat
        for i in touched:
            z = where[i]
            k = known[i] & bit
            oz = zone_of[i]
            ok = knew[i]
            if z == oz:
                if k == ok:
                    continue
                out[card_base[z] + cards[i]] += 1.0 if k else -1.0
            else:
                if oz >= 0:
                    b = card_base[oz]
                    out[b - 1] -= 1.0
                    if ok:
                        out[b + cards[i]] -= 1.0
                if z >= 0:
                    b = card_base[z]
                    out[b - 1] += 1.0
                    if k:
                        out[b + cards[i]] += 1.0
                zone_of[i] = z
            knew[i] = k

    def _compared_part(self, state: State, seat: int) -> array:
        """The vector of a state not followed, recounted only where something changed since this seat's last
        vector: a zone whose list differs (a card came, left or moved inside it), or that holds a card whose
        ``known`` bit for this seat changed (a peek, a card turned face up). A state with other identities
        (``cards`` is another list: another world, a created instance) is counted whole."""
        zones, known, cards = state.zones, state.known, state.cards
        memo = self._memo[seat]
        if memo is None or memo.cards is not cards or len(memo.zones) != len(zones):
            memo = self._memo[seat] = _Memo(cards, self._zeros[:], len(zones), self.nplayers)
            dirty: Iterable[int] = range(len(zones))
        else:
            seen = memo.zones
            changed = set(compress(range(len(zones)), map(ne, zones, seen))) if zones != seen else set()
            was = memo.known
            if known != was:
                bit = 1 << seat
                where = state.where
                # (a created card brings another ``cards`` list, counted whole above: same lengths here)
                for i in compress(range(len(known)), map(ne, known, was)):
                    if (known[i] ^ was[i]) & bit:
                        z = where[i]
                        if z >= 0:
                            changed.add(z)
            dirty = changed
        out = memo.out
        self._recount(out, state, seat, dirty)
        for z in dirty:
            memo.zones[z] = zones[z][:]
        memo.known = known[:]
        self._write_counters(out, memo.counters, state, seat)
        return out

    def _recount(self, out: array, state: State, seat: int, dirty: Iterable[int]) -> None:
        """Count zones ``dirty`` again: each one's cards (public), those of them the seat knows by card."""
        zones, known, cards = state.zones, state.known, state.cards
        bit = 1 << seat
        blank = self._segment_zeros
        card_base = self.card_base[seat]  # a zone's count sits just before its identity counts
        for z in dirty:
            insts = zones[z]
            b = card_base[z]
            out[b - 1 : b + len(blank) - 1] = blank
            out[b - 1] = len(insts)
            for i in insts:
                if known[i] & bit:
                    out[b + cards[i]] += 1.0

    def _write_counters(self, out: array, last: list[list[Any] | None], state: State, seat: int) -> None:
        """Each player's counters as the seat sees them, written where they changed since ``last``: a
        number as it is (True 1, False 0), a word or None as 0."""
        cbase = self.counter_base[seat]
        per = self.per_counters
        for p in range(self.nplayers):
            values = state.counter_values(p, seat)
            if len(values) > per:
                values = values[:per]
            old = last[p]
            if values == old:
                continue
            last[p] = values[:]  # a copy: a game may hand out a list it changes later
            j = cbase[p]
            if self._words:
                out[j : j + len(values)] = _numbers(values)
            else:
                try:
                    out[j : j + len(values)] = array("f", values)
                except TypeError:  # a word or None among them: this game's counters hold some
                    self._words = True
                    out[j : j + len(values)] = _numbers(values)
            if old is None or len(old) != len(values):
                out[j + len(values) : j + per] = self._counter_zeros[: per - len(values)]

    def encode_whole(self, state: State, seat: int) -> np.ndarray:
        """The same vector counted whole, without the memo (what the memo is tested against)."""
        memo, followed = self._memo[seat], self._followed
        self._memo[seat], self._followed = None, None
        try:
            return self.encode(state, seat)
        finally:
            self._memo[seat], self._followed = memo, followed

    def legal_indices(self, state: State) -> list[int]:
        """The legal actions' indices (in the order the game lists them; none once the game is over)."""
        if state.is_over:
            return []
        index = self.game.action_space.index
        return [index(a) for a in state.legal_actions()]

    def mask(self, state: State, legal: Iterable[int] | None = None) -> np.ndarray:
        """1 at the index of every legal action of the player to move (int8, the action space's size);
        ``legal``: those indices when the caller has them already.

        Always an array nobody else holds. A small one is made afresh (calloc). A large one (an action
        space of ``LARGE`` and more: ヨネス, ジェネシス・ガーデン's 719 906; a fresh one costs page faults)
        comes from a few kept ones that no caller holds any more — no reference to it, or to a view of it,
        left outside the pool (``sys.getrefcount``) — its last ones cleared. A mask a learner keeps is never
        written again."""
        ones = self.legal_indices(state) if legal is None else legal
        if self._pool is None:
            m = np.zeros(self.game.action_space.size, _I8)  # calloc: cheap for small spaces
            for i in ones:
                m[i] = 1
            return m
        for slot in self._pool:
            # a reference from the slot, one from ``m`` and getrefcount's own: nobody else has it
            m = slot.array
            if getrefcount(m) == 3:
                for i in slot.ones:
                    m[i] = 0
                break
        else:
            m = np.zeros(self.game.action_space.size, dtype=np.int8)
            slot = _Slot(m)
            if len(self._pool) < POOL:
                self._pool.append(slot)
        slot.ones = list(ones)
        for i in slot.ones:
            m[i] = 1
        return m


def _numbers(values: list[Any]) -> array:
    """Counters as the vector holds them: a number as it is, a word or None 0."""
    return array("f", [v if isinstance(v, _NUMBER) else 0 for v in values])


class _Slot:
    """A kept mask and the ones it holds (to clear them before it is handed out again)."""

    __slots__ = ("array", "ones")

    def __init__(self, array: np.ndarray) -> None:
        self.array = array
        self.ones: list[int] = []


class _Memo:
    """One seat's last vector (its head left zero) and the lists it was counted from (copies: the state
    changes in place)."""

    __slots__ = ("cards", "counters", "known", "out", "zones")

    def __init__(self, cards: list[int], out: array, nzones: int, nplayers: int) -> None:
        self.cards = cards
        self.out = out
        self.known: list[int] = []
        self.zones: list[list[int]] = [[] for _ in range(nzones)]
        self.counters: list[list[Any] | None] = [None] * nplayers


class _Follow:
    """One seat's last vector of the followed state (its head left zero), what each instance added to it
    (the zone it was counted in, its knowledge bit then) and how far into ``State.changes`` it has read; the
    state's lists, to notice one replaced."""

    __slots__ = ("cards", "changes", "counters", "knew", "known", "out", "pos", "where", "zone_of", "zones")

    def __init__(self, state: State, out: array, knew: list[int], nplayers: int) -> None:
        changes = state.changes
        assert changes is not None  # follow() gave it one
        self.changes = changes
        self.cards = state.cards
        self.zones = state.zones
        self.known = state.known
        self.where = state.where
        self.out = out
        self.pos = len(changes)  # read up to here
        self.zone_of = state.where[:]  # where each instance was counted
        self.knew = knew  # whether the seat knew it then (its bit)
        self.counters: list[list[Any] | None] = [None] * nplayers
