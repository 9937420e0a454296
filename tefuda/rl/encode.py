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
numpy only: the PettingZoo, Gymnasium and OpenSpiel adapters and a policy agent share it."""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Iterable
from typing import Any

import numpy as np

from tefuda.core import State

PHASE_BUCKETS = 16


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
        self._phase_bucket: dict[str, int] = {}
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

        Written into a copy of a zeroed ``array('f')`` (a memcpy), item by item at Python speed, and handed
        to numpy without a copy (``np.frombuffer``): numpy's own item writes cost several times more."""
        n = self.nplayers
        bit = 1 << seat
        known, cards = state.known, state.cards
        out = self._zeros[:]  # a memcpy
        for insts, z, b in zip(state.zones, self.zone_base[seat], self.card_base[seat], strict=True):
            out[z] = len(insts)
            for i in insts:
                if known[i] & bit:
                    out[b + cards[i]] += 1.0
        mover = state.to_move
        if 0 <= mover < n:
            out[(mover - seat) % n] = 1.0
        phase = state.phase_info()[0]
        bucket = self._phase_bucket.get(phase)
        if bucket is None:
            bucket = self._phase_bucket[phase] = n + zlib.crc32(phase.encode()) % PHASE_BUCKETS
        out[bucket] = 1.0
        cbase = self.counter_base[seat]
        per = self.per_counters
        for p in range(n):
            j = cbase[p]
            for v in state.counter_values(p, seat)[:per]:
                if isinstance(v, int | float):  # bools too; None and words stay 0
                    out[j] = v
                j += 1
        return np.frombuffer(out, dtype=np.float32)

    def legal_indices(self, state: State) -> list[int]:
        """The legal actions' indices (in the order the game lists them; none once the game is over)."""
        if state.is_over:
            return []
        index = self.game.action_space.index
        return [index(a) for a in state.legal_actions()]

    def mask(self, state: State, legal: Iterable[int] | None = None) -> np.ndarray:
        """1 at the index of every legal action of the player to move (int8, the action space's size);
        ``legal``: those indices when the caller has them already."""
        m = np.zeros(self.game.action_space.size, dtype=np.int8)  # calloc: cheap for the largest spaces too
        for i in self.legal_indices(state) if legal is None else legal:
            m[i] = 1
        return m
