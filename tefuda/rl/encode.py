"""The fixed-size observation vector of a seat (観測), read generically off any game's table, and the legal
action mask over the game's stable action index.

One encoding for every game, third-party ones included, built only from what the seat may know:

- the player to move, turned so the seat itself comes first (one-hot over the players);
- the phase, as a one-hot over ``PHASE_BUCKETS`` buckets of its id's CRC-32 (the core does not list a
  game's phases; collisions only merge two phases' bits);
- every player's counters, turned so the seat comes first (``State.counter_values(player, seat)``: life,
  mana …, what the table shows that seat, as numbers), side by side so that one write puts them all;
- for each player, turned the same way, for each of its zones the number of cards there (public) and, per
  card definition, how many cards of it lie there **whose identity the seat knows** (``known`` bit);
- the same count and identity counts for the table's shared zones.

Identity counts are a multiset per zone: neither an instance number nor an order inside a zone enters the
vector, so it says nothing a hidden card's place could betray. Per-card marks (damage, flags) are left out.
numpy only: the PettingZoo, Gymnasium and OpenSpiel adapters and a policy agent share it.

Incremental (差分): a step moves a card or two, so the encoder keeps, per seat, the zone part of the last
vector it wrote. An environment's own game is *followed* (``follow``): its game notes each instance whose
zone or knowledge changed (``State.changes``), and only those are moved. Any other state is compared with
a copy of the zones and knowledge last read (at C speed) and only the zones that differ are recounted; a
different one (another world, a created card) is counted whole. So an ``Encoder`` is not for two threads at
once: one per thread (the policy agent keeps one per thread)."""

from __future__ import annotations

import struct
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
POOL = 4  # masks kept for reuse (a learner may hold the last few)
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
        block = per_zones * (1 + nc)  # one player's zones
        head = n + PHASE_BUCKETS
        self.size = head + n * (per_counters + block) + len(shared) * (1 + nc)
        # every player's counters side by side after the head (one write a step), then their zones; where
        # each sits, for each seat (players turned so the seat comes first)
        self.counter_start = head
        self.counter_end = head + n * per_counters
        self.zone_base: list[list[int]] = []
        self.counter_base: list[list[int]] = []
        for seat in range(n):
            base = [0] * len(specs)
            cbase = [0] * n
            for k in range(n):
                p = (seat + k) % n
                cbase[p] = head + k * per_counters
                start = self.counter_end + k * block
                for j, z in enumerate(own[p]):
                    base[z] = start + j * (1 + nc)
            for j, z in enumerate(shared):
                base[z] = self.counter_end + n * block + j * (1 + nc)
            self.zone_base.append(base)
            self.counter_base.append(cbase)
        self.per_counters = per_counters
        self._pack_counters = struct.Struct(f"={n * per_counters}f").pack_into
        self._counter_offset = 4 * self.counter_start  # in bytes
        self._turned = [[(seat + k) % n for k in range(n)] for seat in range(n)]
        listed = len(type(probe).COUNTERS)
        self._by_table = listed > 0 and all(len(c) == listed for c in self.counter_ids)
        self.card_base = [[b + 1 for b in bs] for bs in self.zone_base]  # where identity counts start
        self._zeros = array("f", bytes(4 * self.size))
        self._segment_zeros = array("f", bytes(4 * (1 + nc)))
        self._words = False  # whether a counter was ever a word or None (then no fast path is tried)
        self._memo: list[_Memo | None] = [None] * n  # per seat: its last vector without the head
        self._followed: State | None = None  # the state whose noted changes are trusted (follow())
        self._follow_memo: list[_Follow | None] = [None] * n
        self._phase_bucket: dict[str, int] = {}
        self._mask_size = game.action_space.size
        self._pool: list[_Slot] = []  # masks kept for reuse
        self.names = self._names(specs, own, shared, per_counters, per_zones)
        assert len(self.names) == self.size

    def _names(self, specs: Any, own: list, shared: list, per_counters: int, per_zones: int) -> list[str]:
        """A name per position (for people reading a vector; the seat is ``me``, then ``next1`` …)."""
        cards = [c.id for c in self.game.cardset.cards]
        n = self.nplayers
        whos = ["me" if k == 0 else f"next{k}" for k in range(n)]
        names = [f"to_move.{who}" for who in whos]
        names += [f"phase.{b}" for b in range(PHASE_BUCKETS)]
        for k, who in enumerate(whos):
            ids = self.counter_ids[k]
            names += [f"{who}.counter.{ids[j] if j < len(ids) else j}" for j in range(per_counters)]
        for k, who in enumerate(whos):
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

        The zones and counters come from the seat's memo, brought up to date: an environment's own game
        from its noted changes (``follow``), any other state by comparison (``_compared_memo``). The mover
        and the phase are set in the memo while a numpy copy of it is taken, then cleared (an ``array``'s
        item writes cost a quarter of numpy's)."""
        n = self.nplayers
        if state is self._followed:
            changes = state.changes
            assert changes is not None  # follow() gave it one
            fm = self._follow_memo[seat]
            if (
                fm is None
                or fm.changes is not changes
                or fm.cards is not state.cards
                or fm.zones is not state.zones
                or fm.known is not state.known
                or fm.where is not state.where
            ):
                fm = self._follow_memo[seat] = self._followed_whole(state, seat)
            elif fm.pos != len(changes):
                self._catch_up(fm, state, seat, changes)
            self._write_counters(fm, state, seat)
            part, view = fm.out, fm.view
        else:
            cm = self._compared_memo(state, seat)
            part, view = cm.out, cm.view
        mover = state.to_move
        who = (mover - seat) % n if 0 <= mover < n else -1
        phase = state.phase_info()[0]
        bucket = self._phase_bucket.get(phase)
        if bucket is None:
            bucket = self._phase_bucket[phase] = n + zlib.crc32(phase.encode()) % PHASE_BUCKETS
        part[bucket] = 1.0
        if who >= 0:
            part[who] = 1.0
            out = view.copy()
            part[who] = 0.0
        else:
            out = view.copy()
        part[bucket] = 0.0
        return out

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

    def _followed_whole(self, state: State, seat: int) -> _Follow:
        """A followed state counted whole: the vector, and what each instance adds to it."""
        out = self._zeros[:]
        self._recount(out, state, seat, range(len(state.zones)), fresh=True)
        bit = 1 << seat
        return _Follow(state, out, [k & bit for k in state.known])

    def _catch_up(self, memo: _Follow, state: State, seat: int, changes: list[int]) -> None:
        """Move each noted instance's part of the vector from where it was counted to where it is now
        (the zone it lies in, whether this seat knows it). One noted twice is moved once: the second time
        it is where it was counted."""
        pos = memo.pos
        memo.pos = len(changes)
        where, known, cards = state.where, state.known, state.cards
        zone_of, knew, out = memo.zone_of, memo.knew, memo.out
        card_base = self.card_base[seat]
        bit = 1 << seat
        for i in changes[pos:]:
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

    def _compared_memo(self, state: State, seat: int) -> _Memo:
        """The vector of a state not followed, recounted only where something changed since this seat's last
        vector: a zone whose list differs (a card came, left or moved inside it), or that holds a card whose
        ``known`` bit for this seat changed (a peek, a card turned face up). A state with other identities
        (``cards`` is another list: another world, a created instance) is counted whole."""
        zones, known, cards = state.zones, state.known, state.cards
        memo = self._memo[seat]
        if memo is None or memo.cards is not cards or len(memo.zones) != len(zones):
            memo = self._memo[seat] = _Memo(cards, self._zeros[:], len(zones))
            dirty: Iterable[int] = range(len(zones))
            fresh = True
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
            fresh = False
        out = memo.out
        self._recount(out, state, seat, dirty, fresh)
        for z in dirty:
            memo.zones[z] = zones[z]  # a tuple: the state replaces it, never changes it
        memo.known = known[:]
        self._write_counters(memo, state, seat)
        return memo

    def _recount(
        self, out: array, state: State, seat: int, dirty: Iterable[int], fresh: bool = False
    ) -> None:
        """Count zones ``dirty`` again: each one's cards (public), those of them the seat knows by card
        (``fresh``: ``out`` is all zeros, so nothing is cleared first)."""
        zones, known, cards = state.zones, state.known, state.cards
        bit = 1 << seat
        blank = self._segment_zeros
        card_base = self.card_base[seat]  # a zone's count sits just before its identity counts
        for z in dirty:
            insts = zones[z]
            b = card_base[z]
            if not fresh:
                out[b - 1 : b + len(blank) - 1] = blank
            out[b - 1] = len(insts)
            for i in insts:
                if known[i] & bit:
                    out[b + cards[i]] += 1.0

    def _write_counters(self, memo: _Memo | _Follow, state: State, seat: int) -> None:
        """Every player's counters as the seat sees them, written at once when any changed since the
        memo's last (cheaper than finding which): a number as it is (True 1, False 0), a word or None as 0;
        a player with fewer than the most has zeros after its own."""
        if self._by_table:  # every player has the game's COUNTERS: its table is the vector's part
            flat = state.counter_table(seat)
        else:
            per = self.per_counters
            flat = []
            for p in self._turned[seat]:
                values = state.counter_values(p, seat)
                if len(values) != per:  # a player with fewer counters (or more than the game listed first)
                    values = values[:per] + [0] * (per - len(values))
                flat += values
        if flat == memo.counters:
            return
        memo.counters = flat[:]  # a copy: a game may hand out a list it changes later
        out = memo.out
        if not self._words:
            try:
                self._pack_counters(out, self._counter_offset, *flat)  # straight into the array's bytes
                return
            except struct.error:  # a word or None among them: this game's counters hold some
                self._words = True
        out[self.counter_start : self.counter_end] = _numbers(flat)

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

        Always an array nobody else holds: it comes from a few kept ones that no caller holds any more — no
        reference to it, or to a view of it, left outside the pool (``sys.getrefcount``) — its last ones
        cleared, or is made when all are held. A fresh one a step costs more (切り札's 1 612 bytes: about
        0.3 µs more a step; ジェネシス・ガーデン's 719 906: page faults). A mask a learner keeps is never
        written again."""
        ones = self.legal_indices(state) if legal is None else legal
        pool = self._pool
        for slot in pool:
            # a reference from the slot, one from ``m`` and getrefcount's own: nobody else has it
            m = slot.array
            if getrefcount(m) == 3:
                buf = slot.buf
                for i in slot.ones:
                    buf[i] = 0
                break
        else:
            slot = _Slot(bytearray(self._mask_size))  # a bytearray's item write is numpy's ÷5
            m = slot.array
            if len(pool) < POOL:
                pool.append(slot)
        slot.ones = list(ones)
        buf = slot.buf
        for i in slot.ones:
            buf[i] = 1
        return m


def _numbers(values: list[Any]) -> array:
    """Counters as the vector holds them: a number as it is, a word or None 0."""
    return array("f", [v if isinstance(v, _NUMBER) else 0 for v in values])


class _Slot:
    """A kept mask (its bytes, written through, and the array over them) and the ones it holds (to clear
    them before it is handed out again)."""

    __slots__ = ("array", "buf", "ones")

    def __init__(self, buf: bytearray) -> None:
        self.buf = buf
        self.array = np.frombuffer(buf, _I8)
        self.ones: list[int] = []


class _Memo:
    """One seat's last vector (its head left zero) and the lists it was counted from (``known`` a copy: the
    state changes it in place; its zones are tuples, replaced, never changed)."""

    __slots__ = ("cards", "counters", "known", "out", "view", "zones")

    def __init__(self, cards: list[int], out: array, nzones: int) -> None:
        self.cards = cards
        self.out = out
        self.view = np.frombuffer(out, _F32)  # the same memory (the array is never resized)
        self.counters: list[Any] | None = None  # the counters last written (see _write_counters)
        self.known: list[int] = []
        self.zones: list[tuple[int, ...]] = [() for _ in range(nzones)]


class _Follow:
    """One seat's last vector of the followed state (its head left zero), what each instance added to it
    (the zone it was counted in, its knowledge bit then) and how far into ``State.changes`` it has read; the
    state's lists, to notice one replaced."""

    __slots__ = (
        "cards",
        "changes",
        "counters",
        "knew",
        "known",
        "out",
        "pos",
        "view",
        "where",
        "zone_of",
        "zones",
    )

    def __init__(self, state: State, out: array, knew: list[int]) -> None:
        changes = state.changes
        assert changes is not None  # follow() gave it one
        self.changes = changes
        self.cards = state.cards
        self.zones = state.zones
        self.known = state.known
        self.where = state.where
        self.out = out
        self.view = np.frombuffer(out, _F32)  # the same memory (the array is never resized)
        self.counters: list[Any] | None = None  # the counters last written (see _write_counters)
        self.pos = len(changes)  # read up to here
        self.zone_of = state.where[:]  # where each instance was counted
        self.knew = knew  # whether the seat knew it then (its bit)
