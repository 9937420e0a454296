"""The state of a game of アマデウス: the core's zones plus this game's fields — data and lookups only.

Every decision is a prompt of the core's flow named after what is decided (``charge``, ``main``, ``attack``,
``block``, ``trigger`` for S・トリガー, ``suspicion`` for the イエロー/レッドカード); payments are the core's
``pay`` prompt (at least one card of each of the card's 文明), targets its ``pick`` prompt. The rules live in
the chapters above this module and register themselves in ``rules.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from tefuda.core import Rng
from tefuda.core.fields import Bool, CardField, Enum, Flags, Inst, Int, Opt, PerSeat, Seat, Seq, Tup
from tefuda.core.flow import FlowState
from tefuda.core.observe import place
from tefuda.core.seats import TurnOwner
from tefuda.core.state import shares

from .cards import CREATURE, EVOLUTION
from .phase_ids import MARKED, OVER, STEP_CODES, STEP_NAMES, TAPPED
from .rules import rules
from .zones import BATTLE, DECK, DOUBT, GRAVE, HAND, MANA, NZ, PUBLIC_ZONES, SHIELDS, UNDER


class AmadeusState(TurnOwner):
    seat_zones = NZ
    hand_place = HAND
    __slots__ = (
        "active",
        "attack",
        "broken",
        "declared",
        "doomed",
        "entered",
        "first",
        "grant_breaker",
        "grant_pa",
        "hand_added",
        "lose_at",
        "marked",
        "points",
        "skip",
        "step",
        "turn",
        "under_of",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "step",
        "first",
        "active",
        "turn",
        "attack",
        "hand_added",
        "marked",
        "skip",
        "pending",
        "broken",
        "declared",
    )
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "points",
        "doomed",
        "lose_at",
        "entered",
        "under_of",
        "grant_pa",
        "grant_breaker",
        "frames",
        "waiting",
    )
    _TYPES: ClassVar = {
        "step": Enum(STEP_CODES),
        "first": Seat(),
        "active": Seat(),
        "turn": Int(0),
        "attack": Opt(Tup(Inst(), Inst(none=True))),
        "hand_added": Bool(),
        "marked": Bool(),
        "skip": Bool(),
        "broken": Seq(Inst(), tuple),
        "declared": Seq(Inst(), tuple),
        "points": PerSeat(Int(0)),
        "doomed": Seq(Seat()),
        "lose_at": PerSeat(Int(0)),
        **FlowState.flow_types(rules),
    }
    _CARD_FIELDS: ClassVar = {
        "entered": CardField(Int(-1), -1),
        "under_of": CardField(Inst(none=True), -1),
        "grant_pa": CardField(Int(0), 0),
        "grant_breaker": CardField(Int(0), 0),
    }
    _FLAGS: ClassVar = Flags({TAPPED: "tapped", MARKED: "doubt"})
    # a card shown from the hand (イエロー/レッドカード) may be marked there: everyone saw which card it is
    _PUBLIC_MARKS: ClassVar = MARKED

    step: int
    first: int  # 先攻
    active: int  # the turn player (ターン・プレイヤー)
    turn: int  # turns begun so far (the first player's first turn is 1)
    attack: tuple[int, int] | None  # (attacking creature, its target creature or -1: the player)
    hand_added: bool  # a card went to its owner's hand since the 疑心ゾーン's cards were last offered
    marked: bool  # some card was given the doubt mark this turn
    skip: bool  # the rest of this turn is skipped (終末の時計 ザ・クロック)
    broken: tuple[int, ...]  # shields just broken into the hand, waiting for the S・トリガー check
    declared: tuple[int, ...]  # S・トリガー declared in this check, not yet resolved
    points: list[int]  # ダウトポイント
    doomed: list[int]  # players who met the special loss condition, first met first
    lose_at: list[int]  # per seat: the turn at whose end that player loses (0: none)
    entered: list[int]  # the turn a creature entered the battle zone (召喚酔い)
    under_of: list[int]  # a card under an evolution creature: that creature
    grant_pa: list[int]  # power attacker given this turn (マグマ・ゲイザー)
    grant_breaker: list[int]  # a breaker given this turn

    def init_fields(self, options: dict[str, Any]) -> None:
        ni = len(self.cards)
        self.step = 0
        self.first = 0
        self.active = 0
        self.turn = 0
        self.attack = None
        self.hand_added = False
        self.marked = False
        self.skip = False
        self.broken = ()
        self.declared = ()
        self.points = [0, 0]
        self.doomed = []
        self.lose_at = [0, 0]
        self.entered = [-1] * ni
        self.under_of = [-1] * ni
        self.grant_pa = [0] * ni
        self.grant_breaker = [0] * ni
        self._init_flow()

    def _on_finish(self) -> None:
        self.step = OVER

    # ------------------------------------------------------------------ lookups
    def creatures(self, seat: int) -> tuple[int, ...]:
        """The player's creatures in the battle zone, in the order they came (an evolution counts once)."""
        return self.zones[seat * NZ + BATTLE]

    def untapped_mana(self, seat: int) -> list[int]:
        flags = self.flags
        return [i for i in self.zones[seat * NZ + MANA] if not flags[i] & TAPPED]

    def tapped(self, inst: int) -> bool:
        return bool(self.flags[inst] & TAPPED)

    def kw(self, inst: int, key: str) -> Any:
        return self.game.tables.kw[self.cards[inst]].get(key)

    def is_creature(self, inst: int) -> bool:
        return self.game.tables.ctype[self.cards[inst]] in (CREATURE, EVOLUTION)

    def sick(self, inst: int) -> bool:
        """召喚酔い: it came this turn (a スピードアタッカー and an evolution creature are never sick)."""
        if self.entered[inst] != self.turn:
            return False
        tb = self.game.tables
        card = self.cards[inst]
        return tb.ctype[card] != EVOLUTION and not tb.kw[card].get("speed_attacker")

    def under(self, inst: int) -> list[int]:
        """The cards under a creature (進化元), bottom first."""
        under_of = self.under_of
        return [i for i in self.zones[self.seat_of(inst) * NZ + UNDER] if under_of[i] == inst]

    def power(self, inst: int, attacking: bool = False) -> int:
        """Its パワー now; attacking adds パワーアタッカー (printed and given) and ボルシャック's graveyard
        count."""
        tb = self.game.tables
        card = self.cards[inst]
        p = tb.power[card]
        if attacking:
            kw = tb.kw[card]
            p += kw.get("power_attacker", 0) + self.grant_pa[inst]
            per = kw.get("grave_bonus", 0)
            if per:
                civ, cards = tb.civ[card], self.cards
                grave = self.zones[self.seat_of(inst) * NZ + GRAVE]
                p += per * sum(1 for i in grave if tb.civ[cards[i]] & civ)
        return p

    def breaks(self, inst: int) -> int:
        """Shields one hit breaks: 1, W・ブレイカー 2, T・ブレイカー 3 (a given breaker counts too)."""
        return max(1, self.kw(inst, "breaker") or 0, self.grant_breaker[inst])

    # ------------------------------------------------------------------ AI and determinization
    def estimate(self) -> list[float]:
        """Who is ahead: shields most (a player without any is one attack from losing), then creatures
        (each, and their power), mana (up to 8: what lets cards be played) and cards in hand; a player who
        met the special loss condition has all but lost, one with a doubt point is one doubt from it."""
        health = []
        z = self.zones
        for p in (0, 1):
            battle = z[p * NZ + BATTLE]
            power = sum(self.power(i) for i in battle) / 3000
            h = (
                3 * len(z[p * NZ + SHIELDS])
                + len(battle)
                + power
                + 1.2 * min(len(z[p * NZ + MANA]), 8)
                + len(z[p * NZ + HAND])
                + 1
            )
            if p in self.doomed:
                h *= 0.02
            elif self.points[p]:
                h *= 0.4
            h *= 0.9 ** self._liabilities(p)
            health.append(h)
        return shares(health)

    def _liabilities(self, p: int) -> int:
        """Cards in the hand that would be a doubt if they came out: a second copy held, or a copy of a
        public card (the player's own, or anyone's with ``doubt_owner = any``)."""
        if self.game.base_only:
            return 0
        cards, counted = self.cards, self.game.tables.counted
        z = self.zones
        seats = (0, 1) if self.game.options["doubt_owner"] == "any" else (p,)
        public = {cards[i] for q in seats for k in PUBLIC_ZONES for i in z[q * NZ + k]}
        seen: set[int] = set()
        n = 0
        for i in z[p * NZ + HAND]:
            c = cards[i]
            if counted[c] and (c in public or c in seen):
                n += 1
            seen.add(c)
        return n

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        return self.game.sample_unknown(n, known_defs, rng)

    def _check_game_invariants(self) -> None:
        for seat in (0, 1):
            for i in self.zones[seat * NZ + BATTLE]:
                assert self.is_creature(i), "a non-creature in the battle zone"
            for i in self.zones[seat * NZ + UNDER]:
                top = self.under_of[i]
                assert top >= 0 and self.where[top] == seat * NZ + BATTLE, "a card under nothing"
        assert self.step == OVER or self.result is None
        assert self.marked or not any(f & MARKED for f in self.flags), "a doubt mark nobody will carry out"
        for p in (0, 1):
            assert (p in self.doomed) == (self.lose_at[p] > 0), "a special loss without its turn"
            assert self.result is not None or self.lose_at[p] == 0 or self.lose_at[p] >= self.turn
        for i in self.declared:  # a declared S・トリガー waits in its owner's hand, shown to all
            assert self.where[i] != self.owner[i] * NZ + HAND or self.known[i] == self.all_mask

    # ------------------------------------------------------------------ what the table shows
    def phase_info(self) -> tuple[str, str, str]:
        ja, en = STEP_NAMES[self.step]
        return STEP_CODES[self.step], ja, en

    def card_view(self, inst: int, viewer: int) -> dict[str, Any]:
        """A creature's power now and its summoning sickness; a card under an evolution points at it."""
        z = self.place_of(inst)
        if z == BATTLE:
            out: dict[str, Any] = {"stats": {"power": self.power(inst)}}
            if self.sick(inst):
                out["flags"] = ["sick"]
            return out
        if z == UNDER and self.under_of[inst] >= 0:
            return {"with": place(self, self.under_of[inst], viewer)}
        return {}

    NOTES_CHANGES = True  # zones and knowledge change only through State's methods (or note_change)
    COUNTERS = (
        ("shields", "シールド", "shields"),
        ("deck", "山札", "deck"),
        ("mana", "アンタップのマナ", "untapped mana"),
        ("doubt_points", "ダウトポイント", "doubt points"),
        ("doubt", "ダウトゾーン", "doubt zone"),
        ("doomed", "特殊敗北条件", "special loss met"),
    )

    def counter_values(self, player: int, viewer: int) -> list[Any]:
        z = self.zones
        return [
            len(z[player * NZ + SHIELDS]),
            len(z[player * NZ + DECK]),
            len(self.untapped_mana(player)),
            self.points[player],
            len(z[player * NZ + DOUBT]),
            player in self.doomed,
        ]

    def prompt(self, viewer: int) -> dict[str, Any] | None:
        p = self.pending
        if p is None:
            return None
        ja, en = PROMPTS.get(p.what, ("選択", "a choice"))
        out: dict[str, Any] = {"seat": self.to_move, "kind": p.kind, "ja": ja, "en": en}
        out.update(min=p.min, max=p.max)
        return out

    def extra(self, viewer: int) -> dict[str, Any]:
        att = self.attack
        return {
            "attack": None
            if att is None
            else {
                "attacker": place(self, att[0], viewer),
                "target": None if att[1] < 0 else place(self, att[1], viewer),
            }
        }


PROMPTS: Final = {
    "seat": ("先攻か後攻かを選ぶ", "go first or second"),
    "charge": ("マナチャージ (1枚まで)", "mana charge (at most one card)"),
    "main": ("召喚・呪文・進化、または攻撃へ", "summon, cast, evolve, or go to the attack step"),
    "attack": ("攻撃するクリーチャーと対象、またはターン終了", "attack with a creature, or end the turn"),
    "invasion": ("侵略するか", "invade?"),
    "block": ("ブロックするか", "block?"),
    "trigger": ("使うS・トリガーを宣言する", "declare the shield triggers to use"),
    "trigger_order": ("次に使うS・トリガー", "the shield trigger to use next"),
    "suspicion": ("疑心ゾーンのカードをプレイするか", "play your suspicion-zone card?"),
    "pay": ("タップするマナ (各文明1枚以上)", "mana to tap (one of each civilization at least)"),
    "target": ("対象を選ぶ", "choose the target"),
    "shields": ("ブレイクするシールド", "shields to break"),
    "may": ("効果を使うか", "use the effect?"),
    "discard": ("捨てるカード", "a card to discard"),
    "search": ("手札に加えるクリーチャー", "a creature to add to your hand"),
    "substitute": ("かわりに下に置くクリーチャー", "a creature to put under it instead"),
    "untap": ("アンタップするか", "untap it?"),
}
