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
        self._memo: list[_Memo | None] = [None] * n  # per seat: its last vector without the head
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
        return np.frombuffer(out, dtype=np.float32)

    def _memo_part(self, state: State, seat: int) -> array:
        """``seat``'s vector without its head (zeros there): the counters, the zone counts and the known
        identity counts.

        Recounted only where something changed since this seat's last vector: a zone whose list differs
        (a card came, left or moved inside it), or that holds a card whose ``known`` bit for this seat
        changed (a peek, a card turned face up). A state with other identities (``cards`` is another list:
        another world, a created instance) is counted whole."""
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
            memo.zones[z] = insts[:]
        memo.known = known[:]
        cbase = self.counter_base[seat]
        per = self.per_counters
        last = memo.counters
        for p in range(self.nplayers):
            values = state.counter_values(p, seat)[:per]
            if values != last[p]:
                j = cbase[p]
                if len(values) != len(last[p] or ()):
                    out[j : j + per] = array("f", bytes(4 * per))
                last[p] = values
                try:  # None and False count 0, True 1
                    out[j : j + len(values)] = array("f", [v or 0 for v in values])
                except TypeError:  # a word among them: it stays 0 (its slot is reset first)
                    for v in values:
                        out[j] = v if isinstance(v, _NUMBER) else 0
                        j += 1
        return out

    def encode_whole(self, state: State, seat: int) -> np.ndarray:
        """The same vector counted whole, without the memo (what the memo is tested against)."""
        memo = self._memo[seat]
        self._memo[seat] = None
        try:
            return self.encode(state, seat)
        finally:
            self._memo[seat] = memo

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
            m = np.zeros(self.game.action_space.size, dtype=np.int8)  # calloc: cheap for small spaces
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
