r"""The state of a game of ヨネス: the core's zones plus this game's fields — data only.

Every decision is a prompt of the core's flow (core/flow.py) named after its phase (``phase_ids``); priority
windows and the stack of activated forces are the core's plain-data ``Window`` tuples and chain ``Link``\ s.
After every action the step ``proceed`` (flow.py) runs the automatic steps (auto-passes, resolutions,
戦闘処理, 手札補充, the next turn) until somebody must decide, so a clone or a replay resumes anywhere. The
rules live in the chapters above this module and register themselves in ``rules.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from tefuda.core import Rng
from tefuda.core.chain import Link
from tefuda.core.fields import (
    Bool,
    CardField,
    Enum,
    Flags,
    Inst,
    Int,
    Named,
    Opt,
    PerSeat,
    Seat,
    Seq,
    Tup,
)
from tefuda.core.flow import FlowState
from tefuda.core.observe import place
from tefuda.core.priority import Window
from tefuda.core.seats import SeatTable
from tefuda.core.state import shares

from .cards import FORCE, YONESU, matches_discard
from .phase_ids import (
    ATTACKED,
    BATTLE,
    COST,
    DISCARD_DOWN,
    EXCHANGE,
    EXCHANGE_FREE,
    GATHER,
    NONE_T,
    OPENING,
    OVER,
    PAY,
    PHASE_CODES,
    PHASE_NAMES,
    PLAYER_T,
    PROTECTED,
    SETTLE,
    SUMMON,
    TARGET,
    WINDOW,
)
from .phase_ids import FORCE as FORCE_PHASE
from .rules import rules
from .zones import BASE, CFIELD, DECK, DISCARD, HAND, NZ, STACK, YFIELD, zid


class YonesuState(SeatTable):
    seat_zones = NZ
    hand_place = HAND
    zone_base = BASE
    __slots__ = (
        "above",
        "alive",
        "at_once",
        "attacker",
        "battle",
        "below",
        "bonus",
        "discard_down",
        "ex_count",
        "first",
        "first_moved",
        "gathered",
        "life",
        "limit",
        "links",
        "losses_due",
        "main",
        "out_order",
        "phase",
        "refilled",
        "settle_k",
        "settle_paid",
        "teams",
        "turn",
        "turns_taken",
        "used",
        "windows",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "first",
        "attacker",
        "turn",
        "main",
        "battle",
        "pending",
        "ex_count",
        "settle_k",
        "settle_paid",
        "discard_down",
        "teams",
        "first_moved",
        "losses_due",
        "at_once",
        "gathered",
    )
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "life",
        "limit",
        "used",
        "alive",
        "turns_taken",
        "refilled",
        "below",
        "above",
        "bonus",
        "windows",
        "links",
        "out_order",
        "frames",
        "waiting",
    )

    _TYPES: ClassVar = {
        "phase": Enum(PHASE_CODES),
        "first": Seat(),
        "attacker": Seat(),
        "turn": Int(0),
        "main": Enum(PHASE_CODES),
        "battle": Opt(Tup(Seq(Inst(), tuple), TARGET, Bool())),
        "ex_count": Int(0),
        "settle_k": Int(0),
        "settle_paid": Int(0),
        "discard_down": Seq(Seat(), tuple),
        "teams": Bool(),
        "first_moved": Bool(),
        "losses_due": Bool(),
        "at_once": Bool(),
        "gathered": Seq(Inst(), tuple),
        "life": PerSeat(Int()),
        "limit": PerSeat(Int()),
        "used": PerSeat(Int(0)),
        "alive": PerSeat(Bool()),
        "turns_taken": PerSeat(Int(0)),
        "refilled": PerSeat(Bool()),
        "windows": Seq(Named(Window, Seq(Seat(), tuple), Int(0), Int(0))),
        "links": Seq(Named(Link, Seat(), Inst(), Int(0), Seq(TARGET, tuple), Bool())),
        "out_order": Seq(Seat()),
        **FlowState.flow_types(rules),
    }
    _CARD_FIELDS: ClassVar = {
        "below": CardField(Inst(none=True), -1),
        "above": CardField(Inst(none=True), -1),
        "bonus": CardField(Int(), 0),
    }
    _FLAGS: ClassVar = Flags({ATTACKED: "attacked", PROTECTED: "protected"})

    phase: int
    first: int  # 先攻 (the first player)
    attacker: int  # 攻撃側 this turn; everyone else is 防御側
    turn: int
    main: int  # the main phase a closed window returns to (召喚 / 戦闘 / フォース)
    battle: tuple | None  # (attacking instances, target code, cancelled)
    ex_count: int  # cards discarded so far in a free exchange
    settle_k: int  # whose コスト精算 it is: seat = (attacker + settle_k) % n
    settle_paid: int  # コスト value discarded so far by that seat
    discard_down: tuple[int, ...]  # seats that must discard down to a lowered [上限枚数]
    first_moved: bool  # a ファーストヨネス reached a hand: the four-ファーストヨネス win must be checked
    losses_due: bool  # ライフ, [上限枚数] or a card count changed: the 敗北条件 must be checked
    teams: bool  # 4-player team game: seats 0 & 2 against 1 & 3
    gathered: tuple[int, ...]  # the ヨネス gathered so far for a combined attack (phase GATHER)
    at_once: bool  # the holder of the top window has just activated a force and may add more at once
    life: list[int]  # ライフ
    limit: list[int]  # [上限枚数]
    used: list[int]  # リリス used this turn
    alive: list[bool]
    turns_taken: list[int]
    refilled: list[bool]  # since the seat's last 手札補充, no card discarded (the exchange aside): 引き忘れ
    below: list[int]  # the card under this one in an evolution stack, or -1
    above: list[int]  # the card on top of this one, or -1
    bonus: list[int]  # パワー modifiers until the end of the turn
    windows: list  # priority windows (tefuda.core.priority.Window), bottom first
    links: list[Link]  # activated forces not yet resolved (targets: one target code each)
    out_order: list[int]  # seats in the order they lost

    def init_fields(self, options: dict[str, Any]) -> None:
        n = self.nplayers
        ni = len(self.cards)
        self.phase = OPENING
        self.first = 0
        self.attacker = 0
        self.turn = 0
        self.main = SUMMON
        self.battle = None
        self._init_flow()
        self.ex_count = 0
        self.settle_k = 0
        self.settle_paid = 0
        self.discard_down = ()
        self.teams = bool(options.get("teams", False))
        self.first_moved = True
        self.losses_due = True
        self.life = [options["life"]] * n
        self.limit = [options["limit"]] * n
        self.used = [0] * n
        self.alive = [True] * n
        self.turns_taken = [0] * n
        self.refilled = [False] * n
        self.at_once = False
        self.gathered = ()
        self.below = [-1] * ni
        self.above = [-1] * ni
        self.bonus = [0] * ni
        self.windows = []
        self.links = []
        self.out_order = []

    def turn_count(self) -> int:
        return self.turn

    def estimate(self) -> list[float]:
        """Who is ahead: each side's share of the ライフ left (a team's is its partners' together)."""
        life = [max(v, 0) for v in self.life]
        if not self.teams:
            return shares(life)
        team = shares([life[0] + life[2], life[1] + life[3]])
        return [team[p % 2] for p in range(self.nplayers)]

    @property
    def first_player(self) -> int:
        return self.first

    def _on_finish(self) -> None:
        self.phase = OVER

    # ------------------------------------------------------------------ lookups
    def total(self, seat: int) -> int:
        """Hand plus every card on the player's fields: what [上限枚数] limits."""

        b = BASE + seat * NZ  # hand, ヨネスフィールド, コストフィールド lie side by side (hot path)
        zs = self.zones
        return len(zs[b]) + len(zs[b + 1]) + len(zs[b + 2])

    def cost_total(self, seat: int) -> int:
        cost, cards = self.game.tables.cost, self.cards  # a learner's vector reads it every step: a plain
        total = 0  # loop beats sum(map(...)) over method wrappers (0.4 against 0.9 µs for 8 cards)
        for i in self.zones[BASE + seat * NZ + CFIELD]:
            total += cost[cards[i]]
        return total

    def remaining(self, seat: int) -> int:
        """リリス this player may still use this turn: the コストフィールド's value minus what is used."""
        return self.cost_total(seat) - self.used[seat]

    def tops(self, seat: int) -> list[int]:
        """The ヨネス on a player's ヨネスフィールド: the top card of each evolution stack, in field order."""
        above = self.above
        return [i for i in self.zones[BASE + seat * NZ + YFIELD] if above[i] < 0]

    def field_codes(self) -> dict[int, int]:
        """Every card on a ヨネスフィールド -> its target code in actions: its place on the table, counting
        the ヨネスフィールドs one after another in seat order (numbering-free, so an action names no
        instance; fewer than ``PLAYER_T``, as a table holds at most that many cards)."""
        out: dict[int, int] = {}
        code = 0
        zs = self.zones
        for p in range(self.nplayers):
            for i in zs[BASE + p * NZ + YFIELD]:
                out[i] = code
                code += 1
        return out

    def target_code(self, t: int) -> int:
        """A target (a ヨネス on a field) as an action's target code; players and none stay as they are."""
        return t if t >= PLAYER_T else self.field_codes()[t]

    def target_inst(self, code: int) -> int:
        """An action's target code back to the ヨネス it names (players and none as they are); -1 if no
        card lies there."""
        if code >= PLAYER_T:
            return code
        zs = self.zones
        for p in range(self.nplayers):
            z = zs[BASE + p * NZ + YFIELD]
            if code < len(z):
                return z[code]
            code -= len(z)
        return -1

    def stack_of(self, top: int) -> list[int]:
        """An evolution stack, bottom first."""
        out = [top]
        b = self.below[top]
        while b >= 0:
            out.append(b)
            b = self.below[b]
        return out[::-1]

    def field_seat(self, inst: int) -> int:
        """Whose ヨネスフィールド a card lies on (-1: not on one)."""
        spec = self.zone_specs[self.where[inst]]
        return spec.owner if spec.name == "yonesu_field" else -1

    def is_top(self, inst: int) -> bool:
        return self.field_seat(inst) >= 0 and self.above[inst] < 0

    def power(self, inst: int) -> int:
        """パワー of a ヨネス: its top card's printed power plus this turn's modifiers (never below 0)."""
        return max(0, self.game.tables.power[self.cards[inst]] + self.bonus[inst])

    def opponents(self, seat: int, other: int) -> bool:
        """Whether ``other`` is ``seat``'s 相手 (in the team game, partners are not)."""
        if other == seat:
            return False
        return not (self.teams and (other - seat) % 2 == 0)

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def first_count(self, seat: int) -> int:
        """ファーストヨネス in the player's hand and on their fields (evolution stacks included)."""
        first = self.game.tables.first
        cards = self.cards
        b = zid(seat, HAND)
        zs = self.zones
        return sum(first[cards[i]] for k in (0, 1, 2) for i in zs[b + k])

    def draw(self, seat: int, n: int) -> int:
        """Draw ``n`` cards. 山札のカードがなくなった場合 the 捨て札置き場 is shuffled into a new 山札: as
        soon as its last card is drawn (option reshuffle=empty, the default), or when a draw finds it empty
        (reshuffle=draw) — RULES.md. Returns cards drawn."""
        zones = self.zones  # read a zone again after each move: a move replaces it (core/state.py)
        hand = zid(seat, HAND)
        first = self.game.tables.first
        at_empty = self.game.options["reshuffle"] == "empty"
        self.losses_due = True
        got = 0
        for _ in range(n):
            if not zones[DECK]:
                if not zones[DISCARD]:
                    self.emit("deck_empty", seat)
                    break
                self.reshuffle(seat)
            inst = zones[DECK][-1]
            self.move(inst, hand)
            if first[self.cards[inst]]:
                self.first_moved = True
            self.emit("draw", seat, inst)
            got += 1
            if at_empty and not zones[DECK] and zones[DISCARD]:
                self.reshuffle(seat)
        return got

    def reshuffle(self, seat: int) -> None:
        """「捨て札置き場にあるカードをシャッフルし、元の山札の位置にセットします。」"""
        for i in self.zones[DISCARD]:
            self.move(i, DECK)
        self.shuffle(DECK)
        self.emit("reshuffle", seat, count=len(self.zones[DECK]))

    def target_name(self, t: int) -> str:
        """A target as notation: ``p2/クロちん`` (``#2`` for a second one of that name), ``p2`` a player."""
        if t >= PLAYER_T:
            return "" if t == NONE_T else f"p{t - PLAYER_T + 1}"
        if self.field_seat(t) < 0:
            return f"({self.game.cardset[self.cards[t]].name}: gone / 場を離れた)"
        return self.yonesu_name(t)

    def yonesu_name(self, inst: int, lang: str = "ja") -> str:
        seat = self.field_seat(inst)
        cs = self.game.cardset
        c = self.cards[inst]
        name = cs[c].name if lang == "ja" else cs[c].name_en
        same = [i for i in self.tops(seat) if self.cards[i] == c]
        tag = f"#{same.index(inst) + 1}" if len(same) > 1 and inst in same else ""
        return f"p{seat + 1}/{name}{tag}"

    # ------------------------------------------------------------------ the rules
    def _on_chat(self, seat: int, text: str) -> None:
        """What is said is judged by the rule ``said`` (victory.py, a chapter above this module), found in the
        rules table the way the flow finds every rule."""
        self._fns["said"](self, seat, text)

    def paying(self) -> tuple[int, int, int, int] | None:
        """A [捨/…] cost being paid: (payer, force instance, target, cards still to discard)."""
        p = self.pending
        if p is not None and p.what == "pay":
            return (p.seat, *p.args)
        if self.phase == PAY and self.frames and self.frames[-1][0] == "ask_pay":  # between two cards
            return self.frames[-1][1]
        return None

    def in_response(self) -> bool:
        """The top window answers a force (only [Interrupt] forces), rather than being the battle's own."""
        return len(self.windows) > (1 if self.battle is not None else 0)

    # ------------------------------------------------------------------ determinization
    def _constraint(self, inst: int):
        """A player paying a [捨/…] cost is publicly known to hold that many fitting cards."""
        paying = self.paying()
        if paying is None:
            return None
        seat, force, _, left = paying
        hand = self.zones[zid(seat, HAND)]
        if inst in hand[:left] and self.where[inst] == zid(seat, HAND):
            dc = self.game.tables.discard[self.cards[force]]
            tb = self.game.tables
            return lambda c: matches_discard(tb, c, dc)
        return None

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        raise AssertionError("the ヨネス box is public: determinize never needs a prior")

    def _check_game_invariants(self) -> None:
        tb = self.game.tables
        for seat in range(self.nplayers):
            if self.alive[seat]:
                assert self.total(seat) <= self.limit[seat] or seat in self.discard_down, "over the limit"
                assert self.used[seat] <= self.cost_total(seat) or self.phase == SETTLE, "リリス overspent"
            else:
                assert self.total(seat) == 0, "a player who lost still holds cards"
            for i in self.z(seat, YFIELD):
                assert tb.ctype[self.cards[i]] == YONESU
                b = self.below[i]
                if b >= 0:
                    assert self.above[b] == i and self.where[b] == self.where[i]
            for i in self.z(seat, HAND) + self.z(seat, CFIELD):
                assert self.below[i] < 0 and self.above[i] < 0
        for i in self.zones[STACK]:
            assert tb.ctype[self.cards[i]] == FORCE
        assert len(self.zones[STACK]) == len(self.links) + (1 if self.phase == PAY else 0)
        assert (self.battle is None) or self.windows, "a battle without its force window"
        assert not self.at_once or self.links, "forces activated at once without a force"
        assert not self.gathered or self.phase == GATHER or self.result is not None, "a stray combined attack"
        assert self.phase != GATHER or self.gathered, "gathering a combined attack of nobody"
        assert self.result is None or self.to_move == -1

    # ------------------------------------------------------------------ what the table shows
    def phase_info(self) -> tuple[str, str, str]:
        ph = self.phase
        ja, en = PHASE_NAMES[ph]
        if ph == WINDOW and self.windows:
            if self.at_once:
                ja, en = _AT_ONCE_NAMES
            else:
                ja, en = _RESPONSE_NAMES if self.in_response() else _BATTLE_WINDOW_NAMES
        return PHASE_CODES[ph], ja, en

    NOTES_CHANGES = True  # zones and knowledge change only through State's methods (or note_change)
    COUNTERS = (
        ("life", "ライフ", "life"),
        ("limit", "[上限枚数]", "card limit"),
        ("cards", "手札+フィールド", "cards held (hand + fields)"),
        ("cost_total", "コスト計", "cost on the cost field"),
        ("lilith_used", "使用リリス", "lilith used this turn"),
        ("alive", "生存", "in the game"),
    )

    def counter_values(self, player: int, viewer: int) -> list[Any]:
        return [
            self.life[player],
            self.limit[player],
            self.total(player),
            self.cost_total(player),
            self.used[player],
            self.alive[player],
        ]

    def card_view(self, inst: int, viewer: int) -> dict[str, Any]:
        """A ヨネス on a field: its current パワー (the top card of a stack) or ``under`` (a card under an
        evolution); a card laid on another (an evolution) names its base in ``with``. A force on the stack
        that was negated says so."""
        z = self.where[inst]
        if z >= BASE and (z - BASE) % NZ == YFIELD:
            out: dict[str, Any] = (
                {"flags": ["under"]} if self.above[inst] >= 0 else {"stats": {"power": self.power(inst)}}
            )
            if self.below[inst] >= 0:
                out["with"] = place(self, self.below[inst], viewer)
            return out
        if z == STACK and any(link.source == inst and link.negated for link in self.links):
            return {"flags": ["negated"]}
        return {}

    def prompt(self, viewer: int) -> dict[str, Any] | None:
        ph = self.phase
        source = None
        if ph == WINDOW:
            if self.at_once:
                kind, ja, en = _AT_ONCE_PROMPT
                source = place(self, self.links[-1].source, viewer)
            elif self.in_response():
                kind, ja, en = _RESPONSE_PROMPT
                source = place(self, self.links[-1].source, viewer)
            else:
                kind, ja, en = _BATTLE_WINDOW_PROMPT
        elif ph == PAY and (pay := self.paying()) is not None:
            _, inst, _, left = pay
            dja, den = self.game.tables.discard[self.cards[inst]].label()
            kind = "pay_cost"
            ja = f"{dja}の支払い: 見せて捨てるカード (あと{left}枚)"
            en = f"paying {den}: a card to show and discard ({left} to go)"
            source = place(self, inst, viewer)
        elif ph == SETTLE:
            used, paid = self.used[self.to_move], self.settle_paid
            kind = "pay_cost"
            ja = f"コスト精算: 捨てるコストカード (使用リリス{used}、捨てたコスト{paid})"
            en = f"cost settlement: a cost card to discard (lilith used {used}, cost paid {paid})"
        else:
            _, pja, pen = self.phase_info()
            kind, ja, en = _PROMPTS.get(ph, ("action", pja, pen))
        return {"seat": self.to_move, "kind": kind, "ja": ja, "en": en, "min": 1, "max": 1, "source": source}

    def _target_view(self, t: int, viewer: int) -> dict[str, Any] | None:
        """A force's or an attack's target as public facts (RULES.md, "The observation's extra")."""
        if t == NONE_T:
            return None
        if t >= PLAYER_T:
            return {"kind": "player", "seat": t - PLAYER_T}
        if self.is_top(t):
            return {"kind": "yonesu", "place": place(self, t, viewer)}
        return {"kind": "gone", "card": self.visible_id(t, viewer)}

    def extra(self, viewer: int) -> dict[str, Any]:
        """Public facts beyond the zones and counters; the keys are documented in RULES.md."""
        stack = [
            {
                "seat": who,
                "force": place(self, inst, viewer),
                "target": self._target_view(t, viewer),
                "negated": neg,
            }
            for who, inst, t, neg in ((x.seat, x.source, x.targets[0], x.negated) for x in self.links)
        ]
        bt = None
        if self.battle is not None:
            atk, t, cancelled = self.battle
            bt = {
                "attackers": [
                    place(self, i, viewer) if self.is_top(i) and self.field_seat(i) == self.attacker else None
                    for i in atk
                ],
                "target": self._target_view(t, viewer),
                "cancelled": cancelled,
            }
        paying = None
        if (pay := self.paying()) is not None:
            who, inst, _, left = pay
            paying = {"seat": who, "force": place(self, inst, viewer), "left": left}
        settle = None
        if self.phase == SETTLE and self.result is None:
            settle = {"seat": self.to_move, "used": self.used[self.to_move], "paid": self.settle_paid}
        n = self.nplayers
        return {
            "attacker": self.attacker,
            "gathering": [place(self, i, viewer) for i in self.gathered],
            "teams": [[0, 2], [1, 3]] if self.teams else None,
            "stack": stack,
            "battle": bt,
            "paying": paying,
            "settle": settle,
            "discard_down": list(self.discard_down),
            "out": list(self.out_order),
            "first_yonesu": self.first_count(viewer) if viewer < n else None,
        }


_AT_ONCE_NAMES: Final = ("フォースの同時発動", "activating forces at once")
_AT_ONCE_PROMPT: Final = (
    "choose",
    "一度に発動するフォースを加えるか、相手の割り込みへ",
    "activate another force at once, or let the others answer",
)
_RESPONSE_NAMES: Final = ("割り込みの順番", "answering a force ([Interrupt])")
_BATTLE_WINDOW_NAMES: Final = ("戦闘時フォースフェイズ", "battle force window")
_RESPONSE_PROMPT: Final = (
    "choose",
    "[Interrupt]フォースで応じるか",
    "answer with an [Interrupt] force, or pass",
)
_BATTLE_WINDOW_PROMPT: Final = ("choose", "戦闘時フォース: 発動するか", "battle: activate a force, or pass")
_PROMPTS: Final = {
    OPENING: ("number", "初期手札補充: みんなが引く枚数", "opening draw: how many cards everyone draws"),
    EXCHANGE: (
        "choose_card",
        "手札交換: 捨てるカード (1枚捨てて1枚引く)",
        "hand exchange: a card to discard (then draw one)",
    ),
    EXCHANGE_FREE: (
        "choose_card",
        "手札交換: 捨てるカード (何枚でも)、または交換を終える",
        "hand exchange: a card to discard (any number), or finish",
    ),
    COST: ("choose_card", "コストフィールドにセットするカード (任意)", "a card to set as cost, or none"),
    SUMMON: (
        "action",
        "召喚・進化・フォース発動、または召喚フェイズを終える",
        "summon, evolve or activate a force, or end the summon phase",
    ),
    BATTLE: (
        "action",
        "攻撃宣言・フォース発動、または戦闘フェイズを終える",
        "declare an attack or activate a force, or end the battle phase",
    ),
    FORCE_PHASE: ("action", "フォース発動、またはターンエンド宣言", "activate a force, or end the turn"),
    DISCARD_DOWN: ("choose_card", "[上限枚数]まで捨てるカード", "a card to discard down to the card limit"),
    GATHER: (
        "action",
        "合成攻撃: 加えるヨネス、または攻撃対象",
        "combined attack: another Yonesu to add, or the target",
    ),
}
