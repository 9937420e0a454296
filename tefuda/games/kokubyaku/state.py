"""The state of a game of 黒白物語: the core's zones plus this game's fields — data and lookups only.

Every decision is a prompt of the core's flow named after what is decided (優先権 ``priority``, a battle's
``accept``, an optional trigger ``trigger``, 転生's ``sacrifice``, the hand limit ``discard``); priority
windows and the チェーン are the core's chain in its CHAIN style (core/chain.py). The rules live in the
chapters above this module and register themselves in ``rules.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from tefuda.core import Rng
from tefuda.core.chain import LINKS, WINDOWS, Link
from tefuda.core.fields import Bool, CardField, Enum, Flags, Inst, Int, Opt, PerSeat, Seat, Tup
from tefuda.core.flow import FlowState
from tefuda.core.observe import place
from tefuda.core.priority import Window
from tefuda.core.seats import TurnOwner
from tefuda.core.state import shares

from .cards import CHAOS, EQUIP, FIELD, MONSTER, POSSESS
from .phase_ids import (
    ATTACKED,
    CHANGED,
    DEFENSE,
    NONE,
    OPP_F,
    OPP_M,
    OPP_S,
    OVER,
    OWN_F,
    OWN_M,
    OWN_S,
    PHASE_CODES,
    PHASE_NAMES,
    USED,
)
from .rules import rules
from .zones import FIELD_ZONE, HAND, M0, MONSTER_ZONES, NZ, S0, SPELL_ZONES


class KokubyakuState(TurnOwner):
    seat_zones = NZ
    hand_place = HAND
    __slots__ = (
        "active",
        "ap_mod",
        "battle",
        "dp_mod",
        "end_declared",
        "equipped_to",
        "first",
        "links",
        "normal_done",
        "phase",
        "source_done",
        "sources",
        "sp",
        "special",
        "summoned_turn",
        "turn",
        "windows",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "first",
        "active",
        "turn",
        "normal_done",
        "source_done",
        "end_declared",
        "battle",
        "special",
        "pending",
    )
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "sp",
        "sources",
        "ap_mod",
        "dp_mod",
        "equipped_to",
        "summoned_turn",
        "windows",
        "links",
        "frames",
        "waiting",
    )
    _TYPES: ClassVar = {
        "phase": Enum(PHASE_CODES),
        "first": Seat(),
        "active": Seat(),
        "turn": Int(0),
        "normal_done": Bool(),
        "source_done": Bool(),
        "end_declared": Bool(),
        "battle": Opt(Tup(Inst(), Inst(none=True))),
        "special": Opt(Tup(Seat(), Inst())),
        "sp": PerSeat(Int()),
        "sources": PerSeat(Int(0)),
        "windows": WINDOWS,
        "links": LINKS,
        **FlowState.flow_types(rules),
    }
    _CARD_FIELDS: ClassVar = {
        "ap_mod": CardField(Int(), 0),
        "dp_mod": CardField(Int(), 0),
        "equipped_to": CardField(Inst(none=True), -1),
        "summoned_turn": CardField(Int(-1), -1),
    }
    _FLAGS: ClassVar = Flags({DEFENSE: "defense", ATTACKED: "attacked", CHANGED: "changed", USED: "used"})

    phase: int
    first: int  # 先攻
    active: int  # the turn player (ターンプレイヤー)
    turn: int  # turns begun so far (the first player's first turn is 1)
    normal_done: bool  # this turn's 通常召喚 (or 転生) is used
    source_done: bool  # a card was put in the ソース置き場 this turn
    end_declared: bool  # the turn player declared the end of the phase (the opponent may still answer)
    battle: tuple[int, int] | None  # (attacking monster, target monster or -1 for a direct attack)
    # (seat, monster) of the newest 特殊召喚 of the chain resolving now: a 特殊召喚 moves 優先権 (flow.py)
    special: tuple[int, int] | None
    sp: list[int]  # SP (ソウル・ポイント)
    sources: list[int]  # ソースカウンター
    ap_mod: list[int]  # AP changes until the end of the turn
    dp_mod: list[int]  # DP changes until the end of the turn
    equipped_to: list[int]  # a 魔器 / 憑依: the monster it is equipped to
    summoned_turn: list[int]  # the turn a monster came onto the field
    windows: list[Window]
    links: list[Link]

    def init_fields(self, options: dict[str, Any]) -> None:
        ni = len(self.cards)
        self.phase = 0
        self.first = 0
        self.active = 0
        self.turn = 0
        self.normal_done = False
        self.source_done = False
        self.end_declared = False
        self.battle = None
        self.special = None
        self.sp = [8000, 8000]
        self.sources = [3, 3]
        self.ap_mod = [0] * ni
        self.dp_mod = [0] * ni
        self.equipped_to = [-1] * ni
        self.summoned_turn = [-1] * ni
        self.windows = []
        self.links = []
        self._init_flow()

    def _on_finish(self) -> None:
        self.phase = OVER

    # ------------------------------------------------------------------ lookups
    def ctype(self, inst: int) -> int:
        return self.game.tables.ctype[self.cards[inst]]

    def monsters(self, seat: int) -> list[int]:
        """The player's monsters on the field, left to right."""
        zs = self.zones
        return [zs[seat * NZ + z][0] for z in MONSTER_ZONES if zs[seat * NZ + z]]

    def spells(self, seat: int) -> list[int]:
        """The player's spells and field on the table (spell zones left to right, then the field zone)."""
        zs = self.zones
        out = [zs[seat * NZ + z][0] for z in SPELL_ZONES if zs[seat * NZ + z]]
        if zs[seat * NZ + FIELD_ZONE]:
            out.append(zs[seat * NZ + FIELD_ZONE][0])
        return out

    def on_field(self, inst: int) -> bool:
        k = self.place_of(inst)
        return k in MONSTER_ZONES or k in SPELL_ZONES or k == FIELD_ZONE

    def is_monster_on_field(self, inst: int) -> bool:
        return inst >= 0 and self.place_of(inst) in MONSTER_ZONES

    def place_code(self, seat: int, inst: int) -> int:
        """How ``seat``'s actions name a card on the table: by its zone, own or the opponent's."""
        k = self.place_of(inst)
        own = self.seat_of(inst) == seat
        if k in MONSTER_ZONES:
            return (OWN_M if own else OPP_M) + k - M0
        if k in SPELL_ZONES:
            return (OWN_S if own else OPP_S) + k - S0
        return OWN_F if own else OPP_F

    def at_code(self, seat: int, code: int) -> int:
        """The card a place code of ``seat``'s names (-1: empty or no target)."""
        if code == NONE:
            return -1
        if code < OPP_M:
            z = seat * NZ + M0 + code
        elif code < OWN_S:
            z = (1 - seat) * NZ + M0 + code - OPP_M
        elif code < OPP_S:
            z = seat * NZ + S0 + code - OWN_S
        elif code < OWN_F:
            z = (1 - seat) * NZ + S0 + code - OPP_S
        else:
            z = (seat if code == OWN_F else 1 - seat) * NZ + FIELD_ZONE
        cards = self.zones[z]
        return cards[0] if cards else -1

    def activating(self) -> set[int]:
        """The cards on the table whose own activation is still on the チェーン (an オーラ, フィールド, 魔器
        or 憑依 cast and not yet resolved): 「効果処理がなされて初めて呪文、効果が意味を成す。」 — until it
        resolves such a card gives no 永続 boost and offers no 起動効果."""
        return {ln.source for ln in self.links if ln.ability == 0}

    # ------------------------------------------------------------------ AP and DP (永続 effects included)
    def _boost(self, inst: int, stat: str) -> int:
        """What 永続 boosts give a monster now: its equips, its owner's auras and monsters, every field —
        a card whose activation has not resolved yet gives nothing (:meth:`activating`)."""
        tb = self.game.tables
        cards, seat = self.cards, self.seat_of(inst)
        race = tb.race[cards[inst]]
        unresolved = self.activating() if self.links else ()
        total = 0
        for p in (0, 1):
            for src in self.spells(p) + self.monsters(p):
                if src in unresolved:
                    continue
                for e in tb.effects[cards[src]]:
                    if e.kind != "永続" or e.stat != stat:
                        continue
                    if e.target == "equipped":
                        hit = self.equipped_to[src] == inst
                    elif e.target == "own_monster":
                        hit = p == seat
                    else:  # "monster": a field's, both players'
                        hit = True
                    if hit and (not e.race or e.race == race):
                        total += e.amount
        return total

    def ap(self, inst: int) -> int:
        return max(0, self.game.tables.ap[self.cards[inst]] + self.ap_mod[inst] + self._boost(inst, "ap"))

    def dp(self, inst: int) -> int:
        return max(0, self.game.tables.dp[self.cards[inst]] + self.dp_mod[inst] + self._boost(inst, "dp"))

    def defending(self, inst: int) -> bool:
        return bool(self.flags[inst] & DEFENSE)

    # ------------------------------------------------------------------ AI and determinization
    def estimate(self) -> list[float]:
        """Who is ahead: SP left, each player's monsters' AP counting as SP they may take."""
        health = []
        for p in (0, 1):
            power = sum(self.ap(i) for i in self.monsters(p))
            health.append(max(self.sp[p], 0) + power // 2)
        return shares(health)

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        return self.game.sample_unknown(klass, n, known_defs, rng)

    def _check_game_invariants(self) -> None:
        tb = self.game.tables
        for seat in (0, 1):
            for z in MONSTER_ZONES:
                for i in self.zones[seat * NZ + z]:
                    assert tb.ctype[self.cards[i]] in (MONSTER, CHAOS), "a non-monster in a monster zone"
            for z in SPELL_ZONES:
                for i in self.zones[seat * NZ + z]:
                    if tb.ctype[self.cards[i]] in (EQUIP, POSSESS):
                        on_chain = any(ln.source == i for ln in self.links)
                        assert self.equipped_to[i] >= 0 or on_chain, "an equip spell equipped to nothing"
            for i in self.zones[seat * NZ + FIELD_ZONE]:
                assert tb.ctype[self.cards[i]] == FIELD
            assert self.sources[seat] >= 0
        assert self.phase == OVER or self.result is None

    # ------------------------------------------------------------------ what the table shows
    def phase_info(self) -> tuple[str, str, str]:
        ja, en = PHASE_NAMES[self.phase]
        return PHASE_CODES[self.phase], ja, en

    def card_view(self, inst: int, viewer: int) -> dict[str, Any]:
        """A monster's AP and DP now (永続 effects and changes included); an equip spell points at its
        monster. Position and the turn's marks are the card's flags."""
        if self.is_monster_on_field(inst):
            return {"stats": {"ap": self.ap(inst), "dp": self.dp(inst)}}
        if self.equipped_to[inst] >= 0 and self.on_field(inst):
            return {"with": place(self, self.equipped_to[inst], viewer)}
        return {}

    NOTES_CHANGES = True  # zones and knowledge change only through State's methods (or note_change)
    COUNTERS = (
        ("sp", "SP", "SP"),
        ("source", "ソースカウンター", "source counters"),
        ("normal_done", "通常召喚済", "normal summon used"),
    )

    def counter_values(self, player: int, viewer: int) -> list[Any]:
        return [self.sp[player], self.sources[player], self.normal_done and player == self.active]

    def prompt(self, viewer: int) -> dict[str, Any] | None:
        p = self.pending
        if p is None:
            return None
        what = p.what
        ja, en = PROMPTS.get(what, ("選択", "a choice"))
        return {"seat": self.to_move, "kind": "action", "ja": ja, "en": en, "min": 1, "max": 1}

    def extra(self, viewer: int) -> dict[str, Any]:
        # each link's card as far as the viewer may know it (every link of our pool is public; a future
        # face-down one must not show)
        chain = [
            {"seat": ln.seat, "card": self.visible_id(ln.source, viewer), "negated": ln.negated}
            for ln in self.links
        ]
        return {"chain": chain, "priority": self.windows[-1].seat if self.windows else None}


PROMPTS: Final = {
    "seat": ("先攻か後攻かを選ぶ", "go first or second"),
    "priority": ("優先権: 発動・召喚・パス", "priority: activate, summon, or pass"),
    "after_summon": ("起動効果を発動するか、優先権を渡す", "activate its effect, or hand priority over"),
    "accept": ("バトルを受けるか", "accept the battle?"),
    "trigger": ("誘発効果を発動するか", "activate the triggered effect?"),
    "sacrifice": ("生贄にするモンスター", "a monster to sacrifice, or done"),
    "discard": ("手札を8枚まで捨てる", "discard down to 8 cards"),
    "search": ("デッキから手札に加えるモンスター", "the monster to add from the deck"),
    "revive": ("特殊召喚するモンスターと場所", "the monster to special summon, and where"),
}
