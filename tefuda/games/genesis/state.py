"""The state of a game of ジェネシス・ガーデン: the core's zones plus this game's fields — data only.

A round is 先攻のプレイヤーターン → 後攻のプレイヤーターン → バトルターン. Every decision is a prompt of the
core's flow named after its phase; optional effects wait, in the order they are offered, in the core's
``waiting`` list (speed first). The step ``proceed`` (flow.py) runs everything automatic in between
(スタンバイ, ドロー, 戦闘 comparisons, サイクル, the move from one phase to the next). The rules live in the
chapters above this module and register themselves in ``rules.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from tefuda.core import FACE_UP, Rng
from tefuda.core.fields import Bool, CardField, Enum, Flags, Inst, Int, Opt, PerSeat, Seat, Tup
from tefuda.core.flow import FlowState
from tefuda.core.observe import place
from tefuda.core.seats import SeatTable
from tefuda.core.state import shares
from tefuda.core.triggers import Waiting, collect

from .cards import HERO, Effect
from .phase_ids import (
    ATTACK,
    BATTLE_TURN_STEP,
    BLOCK,
    CARD_T,
    DESTROYED,
    END,
    FIGHT,
    GRAVE_PLACES,
    LAID,
    LEAVE,
    MAIN,
    MAX_INST,
    MOVED,
    MULLIGAN,
    OVER,
    PHASE_CODES,
    PHASE_NAMES,
    ROW_PLACES,
    SPELL,
    TAPPED,
    TRIGGER,
    UNION,
)
from .rules import rules
from .texts import EFFECT_TEXT, KINDS_EN, MILL_CODES
from .zones import DECK, FRONT, GRAVE, HAND, NZ, REAR, REVEAL, SLOTS
from .zones import UNION as UNION_ZONE


class GenesisState(SeatTable):
    seat_zones = NZ
    hand_place = HAND
    __slots__ = (
        "atk_mod",
        "battle",
        "cycles",
        "def_mod",
        "dmg",
        "first",
        "mull_seat",
        "partner",
        "phase",
        "resume",
        "round",
        "serial",
        "side",
        "speed",
        "stats_changed",
        "summoned_at",
        "summons",
        "turn_seat",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "first",
        "round",
        "turn_seat",
        "speed",
        "side",
        "serial",
        "battle",
        "mull_seat",
        "resume",
        "stats_changed",
        "pending",
    )
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "cycles",
        "summons",
        "dmg",
        "atk_mod",
        "def_mod",
        "partner",
        "summoned_at",
        "frames",
        "waiting",
    )

    _TYPES: ClassVar = {
        "phase": Enum(PHASE_CODES),
        "first": Seat(),
        "round": Int(0),
        "turn_seat": Seat(none=True),
        "speed": Int(0, 4),
        "side": Int(0, 2),
        "serial": Int(0),
        "battle": Opt(Tup(Inst(), Inst(none=True))),
        "mull_seat": Seat(),
        "resume": Enum(PHASE_CODES),
        "stats_changed": Bool(),
        "cycles": PerSeat(Int(0, 2)),
        "summons": PerSeat(Int(0, 4)),
        **FlowState.flow_types(rules),
    }
    _CARD_FIELDS: ClassVar = {
        "dmg": CardField(Int(0), 0),
        "atk_mod": CardField(Int(), 0),
        "def_mod": CardField(Int(), 0),
        "partner": CardField(Inst(none=True), -1),
        "summoned_at": CardField(Int(-1), -1),
    }
    _FLAGS: ClassVar = Flags({TAPPED: "tapped", DESTROYED: "destroyed", MOVED: "moved", LAID: "laid"})

    phase: int
    first: int  # 先攻
    round: int
    turn_seat: int  # whose プレイヤーターン it is; -1 in the バトルターン
    speed: int  # スペル/バトルフェイズ: the 速度 whose turn it is (4 → 1)
    side: int  # 0: the first player's units of that speed, 1: the second player's; also ユニオン/リーブ order
    serial: int  # counts phases: a unit summoned in this very phase is 召喚酔い
    battle: tuple[int, int] | None  # (attacking unit, blocking unit or -1)
    mull_seat: int
    resume: int  # the phase an offered effect interrupted
    stats_changed: bool  # 防衛 may have dropped: check for 防衛 0 or less
    cycles: list[int]  # サイクル done per player (0, 1, 2)
    summons: list[int]  # summons this turn per player (4 at most)
    dmg: list[int]  # 蓄積ダメージ per unit
    atk_mod: list[int]  # 攻撃 changes until the end of the turn
    def_mod: list[int]  # 防衛 changes until the end of the turn
    partner: list[int]  # the other card of a union, or -1
    summoned_at: list[int]  # the phase serial a unit was summoned in

    def init_fields(self) -> None:
        ni = len(self.cards)
        self.phase = MULLIGAN
        self.first = 0
        self.round = 0
        self.turn_seat = -1
        self.speed = 4
        self.side = 0
        self.serial = 0
        self.battle = None
        self.mull_seat = 0
        self.resume = MULLIGAN
        self.stats_changed = False
        self.cycles = [0, 0]
        self.summons = [0, 0]
        self.dmg = [0] * ni
        self.atk_mod = [0] * ni
        self.def_mod = [0] * ni
        self.partner = [-1] * ni
        self.summoned_at = [-1] * ni
        self._init_flow()

    def turn_count(self) -> int:
        return self.round

    def estimate(self) -> list[float]:
        """Who is ahead: how many battle turns each player could last — the cards their 本陣 can still lose
        before its third emptying (what is left now, and a refill of the face-up 冥府 cards for each サイクル
        to come), against the 攻撃 the opponent's units on the field could deal each turn."""
        health, pressure = [], []
        tb, cards, flags = self.game.tables, self.cards, self.flags
        for p in (0, 1):
            health.append(len(self.zones[p * NZ + DECK]) + (2 - self.cycles[p]) * face_up_grave(self, p))
            pressure.append(
                sum(
                    tb.attack[cards[i]]
                    for z in (FRONT, REAR)
                    for i in self.zones[p * NZ + z]
                    if not flags[i] & DESTROYED
                )
            )
        return shares([health[p] / (1 + pressure[1 - p]) for p in (0, 1)])

    # ------------------------------------------------------------------ lookups
    def _heard(self, code: str, seat: int, inst: int) -> None:
        """An event some card's optional effect listens to (cards.WHEN): what it set off waits, in 速度
        order."""
        g = self.game
        found = collect(self, g.subscriptions, g.conditions, self.controller, code, seat, inst)
        if found:
            self.waiting += in_speed_order(self, found)

    def units(self, seat: int) -> tuple[int, ...]:
        """The player's units on the field (a union is one unit: its 前衛 card), front first."""

        return self.zones[seat * NZ + FRONT] + self.zones[seat * NZ + REAR]

    def field_cards(self, seat: int) -> int:
        """Cards on the player's field: what ユニットの維持 costs (a union counts 2)."""
        b = seat * NZ
        return len(self.zones[b + FRONT]) + len(self.zones[b + REAR]) + len(self.zones[b + UNION_ZONE])

    def alive_unit(self, inst: int) -> bool:
        """On the field in the 前衛 or 後衛 and not destroyed."""
        return self.place_of(inst) in (FRONT, REAR) and not self.flags[inst] & DESTROYED

    def active(self, inst: int) -> bool:
        return self.alive_unit(inst) and not self.flags[inst] & TAPPED

    def in_union(self, inst: int) -> bool:
        return self.partner[inst] >= 0

    def attack(self, inst: int) -> int:
        """攻撃: printed, plus a union partner's, plus changes this turn and 永続 auras."""
        tb = self.game.tables
        v = tb.attack[self.cards[inst]] + self.atk_mod[inst]
        p = self.partner[inst]
        if p >= 0:
            v += tb.attack[self.cards[p]]
        if self.place_of(inst) == FRONT:
            v += aura_bonus(self, inst)
        return max(0, v)

    def defense(self, inst: int) -> int:
        """防衛 now: printed, plus a union partner's, plus changes, minus 蓄積ダメージ (0 or less is
        destroyed)."""
        tb = self.game.tables
        v = tb.defense[self.cards[inst]] + self.def_mod[inst] - self.dmg[inst]
        p = self.partner[inst]
        if p >= 0:
            v += tb.defense[self.cards[p]]
        return v

    def unit_speed(self, inst: int) -> int:
        """速度 (a union uses its 前衛 card's)."""
        return self.game.tables.speed[self.cards[inst]]

    def race_count(self, seat: int, race: str) -> int:
        """Units of a race on the player's field, not destroyed: what a 英雄's 階級 asks for.

        A union is one unit (2体で1体のユニットとして扱われます) of its cards' race (a union is made of two
        cards of the same 種族), so only its 前衛 card is looked at."""
        tb = self.game.tables
        n = 0
        for k in (FRONT, REAR):
            for i in self.zones[seat * NZ + k]:
                if tb.race[self.cards[i]] == race and not self.flags[i] & DESTROYED:
                    n += 1
        return n

    def can_summon_card(self, seat: int, card: int) -> bool:
        """A 英雄 needs as many units of its race on the field as its 階級 icons."""
        tb = self.game.tables
        return tb.ctype[card] != HERO or self.race_count(seat, tb.race[card]) >= tb.rank[card]

    def place_code(self, inst: int) -> int:
        """How an action names a card: its place (phase_ids.ROW_PLACES, GRAVE_PLACES), never its id."""
        z = self.where[inst]
        seat, k = divmod(z, NZ)
        pos = self.zones[z].index(inst)
        if k == FRONT:
            return seat * 2 * SLOTS + pos
        if k == REAR:
            return seat * 2 * SLOTS + SLOTS + pos
        assert k == GRAVE, "an action names a unit or a 冥府 card"
        return GRAVE_PLACES + seat * MAX_INST + pos

    def at_place(self, code: int) -> int:
        """The card at the place an action names (``place_code``'s inverse)."""
        if code < ROW_PLACES:
            seat, rest = divmod(code, 2 * SLOTS)
            row, pos = divmod(rest, SLOTS)
            return self.zones[seat * NZ + (REAR if row else FRONT)][pos]
        seat, pos = divmod(code - GRAVE_PLACES, MAX_INST)
        return self.zones[seat * NZ + GRAVE][pos]

    def target_code(self, t: int) -> int:
        """An effect target as an action names it: a unit's place; a card to quick-summon or none as is."""
        return t if t >= CARD_T else self.place_code(t)

    def target_at(self, t: int) -> int:
        """``target_code``'s inverse: a unit's instance, or the card code / NONE_T as is."""
        return t if t >= CARD_T else self.at_place(t)

    def unit_name(self, inst: int, lang: str = "ja") -> str:
        """``p2/前衛/竜騎士`` (``#2`` for a second of that name in that row)."""
        seat = self.seat_of(inst)
        place = self.place_of(inst)
        c = self.game.cardset[self.cards[inst]]
        row = {
            FRONT: ("前衛", "front"),
            REAR: ("後衛", "rear"),
            UNION_ZONE: ("ユニオン", "union"),
            GRAVE: ("冥府", "underworld"),
        }.get(place, ("場", "field"))
        name = c.name if lang == "ja" else c.name_en
        same = [i for i in self.zones[self.where[inst]] if self.cards[i] == self.cards[inst]]
        tag = f"#{same.index(inst) + 1}" if len(same) > 1 else ""
        return f"p{seat + 1}/{row[0] if lang == 'ja' else row[1]}/{name}{tag}"

    # ------------------------------------------------------------------ 本陣: draw, mill, サイクル
    def draw(self, seat: int) -> None:
        deck = self.zones[seat * NZ + DECK]
        if not deck:
            return
        inst = deck[-1]
        self.move(inst, seat * NZ + HAND)
        self.emit("draw", seat, inst)
        if not self.zones[seat * NZ + DECK]:  # read again: the move replaced the zone (core/state.py)
            self.cycle(seat)

    def mill(self, seat: int, n: int, why: str) -> None:
        """Send ``n`` cards from the top of the 本陣 face up to the 冥府. ``why``: upkeep, cost, damage,
        penalty, return. Only damage (戦闘ダメージ and effect damage) lets a 術式ユニット fire."""
        zones, deck = self.zones, seat * NZ + DECK  # a zone read again after each move, which replaces it
        grave = seat * NZ + GRAVE
        code = MILL_CODES[why]
        # the hottest loop of the game: no event call at all unless recording, or a 術式 listens
        heard = self.log is not None or code in self.game.listened
        if not heard:  # nothing happens between two cards: what the 本陣 holds goes at once
            while n > 0 and self.result is None and zones[deck]:
                k = min(n, len(zones[deck]))
                self.mill_top(deck, grave, k)
                n -= k
                if not zones[deck]:
                    self.cycle(seat)
            return
        mark = len(self.waiting)
        for _ in range(n):
            if self.result is not None or not zones[deck]:
                break
            self.emit(code, seat, self.move_top_face_up(deck, grave))
            if not zones[deck]:
                self.cycle(seat)
        order_since(self, mark)  # the 術式 cards one damage mills: one batch, by 速度

    def cycle(self, seat: int) -> None:
        """サイクル: an empty 本陣 takes back the face-up 冥府 cards, shuffled; the third emptying loses."""
        deck = seat * NZ + DECK
        while not self.zones[deck] and self.result is None:
            if self.cycles[seat] >= 2:
                self.emit("third_empty", seat)
                self.finish(1 - seat, "third_empty")
                return
            self.cycles[seat] += 1
            back = [i for i in self.zones[seat * NZ + GRAVE] if self.flags[i] & FACE_UP]
            for i in back:
                self.move(i, seat * NZ + DECK)
            self.shuffle(seat * NZ + DECK)
            self.emit("cycle", seat, count=self.cycles[seat], cards=len(back))

    def _on_finish(self) -> None:
        self.phase = OVER

    @property
    def first_player(self) -> int:
        return self.first

    # ------------------------------------------------------------------ determinization
    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        return self.game.sample_unknown(n, known_defs, rng)

    def _check_game_invariants(self) -> None:
        for seat in range(2):
            assert len(self.z(seat, FRONT)) <= 5 and len(self.z(seat, REAR)) <= 5
            assert self.summons[seat] <= 4
            assert 0 <= self.cycles[seat] <= 2
            for i in self.z(seat, UNION_ZONE):
                p = self.partner[i]
                assert p >= 0 and self.partner[p] == i and self.place_of(p) == FRONT, "a loose union card"
                # its 蓄積ダメージ and changes went onto the 前衛 card (the union is one unit)
                assert self.dmg[i] == self.atk_mod[i] == self.def_mod[i] == 0, "a union card keeps damage"
            for i in self.z(seat, HAND) + self.z(seat, DECK):
                assert self.partner[i] < 0 and self.dmg[i] == 0
            assert not self.z(seat, REVEAL) or self.phase == MULLIGAN
            if self.result is None:
                assert self.z(seat, DECK), "an empty 本陣 must cycle at once"
        assert self.result is None or self.phase == OVER

    # ------------------------------------------------------------------ what the table shows
    def phase_info(self) -> tuple[str, str, str]:
        ja, en = PHASE_NAMES[self.phase]
        return PHASE_CODES[self.phase], ja, en

    NOTES_CHANGES = True  # zones and knowledge change only through State's methods (or note_change)
    COUNTERS = (
        ("cycles", "サイクル", "cycles (of 2)"),
        ("summons", "このターンの召喚", "summons this turn (of 4)"),
        ("grave_face_up", "冥府の表向き (転生)", "face-up underworld cards (to pay 転生)"),
        ("upkeep", "ユニットの維持", "upkeep"),
    )

    def counter_values(self, player: int, viewer: int) -> list[Any]:
        return [
            self.cycles[player],
            self.summons[player],
            face_up_grave(self, player),
            self.field_cards(player),
        ]

    def summoning_sick(self, inst: int) -> bool:
        """召喚酔い: summoned during this バトルターン
        (「実はカードは呼び出されたターンでは攻撃を行えません。」), or with summoning_sickness=phase during
        this very バトルフェイズ: it may block but not attack."""
        ph = self.resume if self.phase == TRIGGER else self.phase
        step = BATTLE_TURN_STEP.get(ph)
        at = self.summoned_at[inst]
        if step is None or step > BATTLE_TURN_STEP[ATTACK] or at < 0:
            return False
        if self.game.sick_for_the_turn:
            return at >= self.serial - step
        return ph in (ATTACK, BLOCK, FIGHT) and at == self.serial

    def card_view(self, inst: int, viewer: int) -> dict[str, Any]:
        """A unit's current 攻撃, 防衛 (蓄積ダメージ subtracted) and 速度, its damage and 召喚酔い; a card
        laid on a 前衛 unit (ユニオン) points at that unit."""
        k = self.where[inst] % NZ
        if k in (FRONT, REAR):
            out: dict[str, Any] = {
                "stats": {
                    "attack": self.attack(inst),
                    "defense": self.defense(inst),
                    "speed": self.unit_speed(inst),
                }
            }
            if self.dmg[inst]:
                out["counters"] = {"damage": self.dmg[inst]}
            if self.summoning_sick(inst):
                out["flags"] = ["summoning_sick"]
            return out
        if k == UNION_ZONE and self.partner[inst] >= 0:
            return {"with": place(self, self.partner[inst], viewer)}
        return {}

    def prompt(self, viewer: int) -> dict[str, Any] | None:
        ph = self.phase
        source = None
        if ph == TRIGGER and self.waiting:
            inst = self.waiting[0].source
            e = effect_at(self, inst)
            kind = _TARGET_PROMPT.get(e.target, "choose_target")
            what_ja, what_en = effect_texts(e)
            ja = f"{e.kind}効果を発動するか 〔{e.label()}: {what_ja}〕"
            en = f"use the {KINDS_EN[e.kind]} effect? ({what_en})"
            source = place(self, inst, viewer)
        elif ph in (SPELL, ATTACK):
            kind = "choose"
            if ph == SPELL:
                ja, en = (
                    f"速度{self.speed}: 発動する起動効果",
                    f"speed {self.speed}: an activated effect to use",
                )
            else:
                ja, en = f"速度{self.speed}: 攻撃するユニット", f"speed {self.speed}: a unit to attack with"
        else:
            kind, ja, en = _PROMPTS.get(ph, ("action", *PHASE_NAMES[ph]))
        return {"seat": self.to_move, "kind": kind, "ja": ja, "en": en, "min": 1, "max": 1, "source": source}

    def extra(self, viewer: int) -> dict[str, Any]:
        """Public facts of the round (RULES.md, "The observation's extra"): ``round``, ``turn`` ("player",
        the battle turn "battle", or null before the first round), ``turn_seat``, ``speed`` (the 速度 whose
        turn it is in the スペル and バトル phases, else null), ``battle`` (the attacking and blocking
        units' places, ``direct`` once the attack is taken; or null) and ``interrupted`` (the phase an
        offered effect interrupted, or null)."""
        ph = self.phase
        at = self.resume if ph == TRIGGER else ph
        battle = None
        if self.battle is not None:
            a, b = self.battle
            battle = {
                "attacker": place(self, a, viewer),
                "blocker": None if b < 0 else place(self, b, viewer),
                "direct": b < 0 and at != BLOCK,  # the defender chose to take it (not: is still choosing)
            }
        return {
            "round": self.round,
            "turn": None if self.round == 0 else ("battle" if self.turn_seat < 0 else "player"),
            "turn_seat": None if self.turn_seat < 0 else self.turn_seat,
            "speed": self.speed if at in (SPELL, ATTACK, BLOCK) else None,
            "battle": battle,
            "interrupted": PHASE_CODES[self.resume] if ph == TRIGGER else None,
        }


def effect_texts(e: Any) -> tuple[str, str]:
    """What an effect does, in Japanese and English (``2ダメージ`` / ``2 damage``)."""
    ja, en = EFFECT_TEXT[e.do]
    return ja.format(amount=e.amount), en.format(amount=e.amount)


# the kind of choice an offered effect asks, by its target
_TARGET_PROMPT: Final = {
    "none": "yes_no",
    "self": "yes_no",
    "attacker": "yes_no",
    "card": "choose_card",
    "ally": "choose_target",
    "enemy": "choose_target",
}
_PROMPTS: Final = {
    MULLIGAN: ("yes_no", "マリガンするか (手札5枚を引き直す)", "mulligan (a new hand of 5)?"),
    MAIN: ("choose", "召喚するカードと場所、またはターン終了", "a card to summon and where, or end the turn"),
    END: (
        "choose",
        "破壊されたユニットを手札に戻すか冥府に送るか",
        "return a destroyed unit to hand, or send it to the underworld",
    ),
    LEAVE: (
        "choose",
        "破壊されたユニットを手札に戻すか冥府に送るか",
        "return a destroyed unit to hand, or send it to the underworld",
    ),
    UNION: (
        "choose",
        "配置: 前衛と後衛の移動・入れ替え、ユニオン、解除、または終了",
        "arrange: move or swap between front and rear, union, release, or done",
    ),
    BLOCK: (
        "choose_target",
        "攻撃を受けるユニット、または受けない",
        "a unit to block with, or take the attack",
    ),
}


# ---------------------------------------------------------------------- effect lookups the state itself needs
# (攻撃 with auras, the 転生 counter, the 速度 order of optional effects): here rather than in effects.py, the
# chapter above this module that uses them too, so the state never imports a chapter (no import cycle)
PLACE_ZONES: Final = {"前衛": (FRONT,), "後衛": (REAR,), "戦域": (FRONT, REAR), "冥府": (GRAVE,)}


def effect_of(s: GenesisState, inst: int) -> Effect | None:
    return s.game.tables.effect[s.cards[inst]]


def effect_at(s: GenesisState, inst: int) -> Effect:
    """The effect of a card known to have one (a waiting trigger, a unit offered a 起動 effect)."""
    e = s.game.tables.effect[s.cards[inst]]
    assert e is not None, "this card has no effect"
    return e


def continuous(s: GenesisState, inst: int, verb: str) -> Effect | None:
    """A 永続 effect applies while its card is where its 場所 says, not destroyed, not in a union, and not
    疲労: 「疲労状態のカードは効果を使えません。」, and a 永続 effect is always in use
    (「加えて常に発動している状態として扱われます。」) — unless continuous_when_tapped."""
    e = effect_of(s, inst)
    if e is None or e.do != verb:
        return None
    off = DESTROYED if s.game.continuous_when_tapped else DESTROYED | TAPPED
    if s.place_of(inst) not in PLACE_ZONES[e.place] or s.flags[inst] & off or s.partner[inst] >= 0:
        return None
    return e


def aura_bonus(s: GenesisState, inst: int) -> int:
    """The 永続 auras of the unit's own race on its side (another unit's, not its own)."""
    tb = s.game.tables
    seat = s.seat_of(inst)
    race = tb.race[s.cards[inst]]
    bonus = 0
    for other in s.units(seat):
        if other != inst and tb.race[s.cards[other]] == race:
            e = continuous(s, other, "aura")
            if e is not None:
                bonus += e.amount
    return bonus


def face_up_grave(s: GenesisState, seat: int) -> int:
    """Face-up cards in the 冥府: what 転生 can pay (a learner's vector reads it every step: a plain loop
    beats ``sum(map(...))`` over method wrappers, 0.7 against 1.3 µs for 15 cards)."""
    flags = s.flags
    n = 0
    for i in s.zones[seat * NZ + GRAVE]:
        if flags[i] & FACE_UP:
            n += 1
    return n


def in_speed_order(s: GenesisState, items: list[Waiting]) -> list[Waiting]:
    """Optional effects one event set off: 速度 high to low; equal speed: the first player's first (our
    decision for simultaneous effects, RULES.md)."""
    return sorted(items, key=lambda w: (-s.unit_speed(w.source), w.seat != s.first))


def order_since(s: GenesisState, mark: int) -> None:
    """The optional effects set off since ``mark`` (the length of the waiting list when one step began:
    a damage milling several 術式 cards, several units destroyed at once, a battle's outcome) became usable
    at the same moment: they wait as one batch, in 速度 order."""
    if len(s.waiting) - mark > 1:
        s.waiting[mark:] = in_speed_order(s, s.waiting[mark:])
