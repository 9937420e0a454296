"""The state of a game of 切り札: the core's zones plus this game's few fields — data only.

Phases (フェイズ) follow the rulebook's order: ドロー → セット → 切り札 → オープン → バトル → エンド; the
preparation (準備) comes first. Every decision is a prompt of the core's flow (core/flow.py), and what is
left to do after it (effects still to resolve, the オープン window to go back to) its frames — plain data,
so a clone or a replay resumes anywhere. The rules live in the modules above this one (setup, phases,
effects, battle) and register themselves in ``rules.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from tefuda.core import FACE_UP, Rng
from tefuda.core.fields import Bool, Enum, Flags, Int, PerSeat, Seat, Seq, Tup
from tefuda.core.flow import FlowState
from tefuda.core.observe import place
from tefuda.core.seats import SeatTable
from tefuda.core.state import shares

from .cards import ATTACKER, SUPPORT, TRUMP_ATTACKER, TRUMP_SUPPORT
from .phase_ids import (  # noqa: F401 - re-exported for callers
    ATTACKER_OPEN,
    CHOICE,
    DONE,
    DRAW,
    MAX_POS,
    NO_REVEAL,
    NO_TRUMP,
    OPEN_SUPPORT_ACTS,
    OVER,
    PASS,
    PHASE_NAMES,
    REDRAW,
    REVEAL_ACT,
    SEAT,
    SET_ATTACKER,
    SET_ATTACKER_FLAG,
    SET_SUPPORT,
    SUPPORT_OPEN,
    TAKE_LIFE,
    TRUMP_ATTACKER_ACT,
    TRUMP_PHASE,
    TRUMP_SUPPORT_ACTS,
    UNOPENED_FLAG,
)
from .rules import rules
from .zones import DECK, HAND, LIFE, NZ, REVEAL, SUPPORT_SLOTS, TRUMP

PHASE_EN: Final = (
    "choosing first or second",
    "redraw",
    "draw phase",
    "attacker set phase",
    "support set phase",
    "trump phase",
    "support open phase",
    "effect choice",
    "battle phase (taking a life card)",
    "game over",
    "attacker open phase",
)
_PROMPTS: Final = {
    SEAT: ("choose", "先攻か後攻かを選ぶ", "choose to go first or second"),
    REDRAW: ("yes_no", "公開した3枚を引き直すか", "redraw the three shown cards?"),
    DRAW: ("yes_no", "引いたカードを公開するか", "show the drawn card (and draw one more)?"),
    SET_ATTACKER: (
        "choose_card",
        "アタッカー置き場にセットするカード",
        "the card to set in the attacker slot",
    ),
    SET_SUPPORT: (
        "choose_card",
        "サポート置き場にセットするカード",
        "a card to set in a support slot, or done",
    ),
    TRUMP_PHASE: ("yes_no", "切り札を使うかどうか", "use a trump?"),
    ATTACKER_OPEN: (
        "yes_no",
        "アタッカー置き場のサポートをセットアタッカーとしてオープンするか",
        "open the support in your attacker slot as a set attacker?",
    ),
    SUPPORT_OPEN: ("choose", "オープンするサポート", "a support to open, or pass"),
    TAKE_LIFE: ("choose_target", "相手のライフを1枚選ぶ", "choose one of the opponent's life cards"),
}
_CHOICE_PROMPTS: Final = {
    "cost": ("pay_cost", "コストを払うか", "pay the cost?"),
    "scry": (
        "choose",
        "山札の一番上を上に残すか下に置くか",
        "keep the top card on top, or put it at the bottom",
    ),
    "peek_support": ("choose_target", "見る相手のサポート", "the opponent's support to look at"),
    "discard_support": ("choose_target", "捨てる相手のサポート", "the opponent's support to discard"),
    "peek_life": ("choose_target", "見る相手のライフ", "the opponent's life card to look at"),
    "swap_life": ("choose_card", "入れ替えるライフと手札", "a life card and a hand card to swap"),
}


class KirifudaState(SeatTable):
    seat_zones = NZ
    hand_place = HAND
    __slots__ = (
        "attr",
        "first",
        "guard",
        "hits",
        "overwrite_used",
        "passes",
        "phase",
        "pow",
        "protect",
        "round",
        "rps_winner",
        "trump_used",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "first",
        "round",
        "pending",
        "passes",
        "rps_winner",
    )
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "pow",
        "attr",
        "overwrite_used",
        "trump_used",
        "protect",
        "guard",
        "frames",
        "waiting",
        "hits",
    )

    _TYPES: ClassVar = {
        "phase": Enum([name for name, _ in PHASE_NAMES]),
        "first": Seat(),
        "round": Int(0),
        "passes": Int(0, 2),
        "rps_winner": Seat(),
        "pow": PerSeat(Int(-1)),
        "attr": PerSeat(Int(0)),
        "overwrite_used": PerSeat(Bool()),
        "trump_used": PerSeat(Bool()),
        "protect": PerSeat(Bool()),
        "guard": PerSeat(Bool()),
        "hits": Seq(Tup(Seat(), Seat())),
        **FlowState.flow_types(rules),
    }
    _FLAGS: ClassVar = Flags({SET_ATTACKER_FLAG: "set_attacker", UNOPENED_FLAG: "unopened"})

    phase: int
    first: int
    round: int
    passes: int
    rps_winner: int
    pow: list[int]  # current POW of each attacker; -1 = no attacker this round
    attr: list[int]  # attribute bits of each attacker
    overwrite_used: list[bool]  # カードの上書き: once per player per game
    trump_used: list[bool]  # 切り札: once per player per game
    protect: list[bool]
    guard: list[bool]
    hits: list[tuple[int, int]]  # battle damage still to take: (taker, victim)

    def init_fields(self, first: int = 0) -> None:
        """This game's fields at the start of a game (before 準備)."""

        self.phase = 0
        self.first = first
        self.round = 0
        self._init_flow()
        self.passes = 0
        self.rps_winner = 0
        self.pow = [-1, -1]
        self.attr = [0, 0]
        self.overwrite_used = [False, False]
        self.trump_used = [False, False]
        self.protect = [False, False]
        self.guard = [False, False]
        self.hits = []

    def turn_count(self) -> int:
        return self.round

    def estimate(self) -> list[float]:
        """Who is ahead: each player's share of the life cards left (ライフ0 loses)."""
        return shares([len(self.zones[p * NZ + LIFE]) for p in (0, 1)])

    # ------------------------------------------------------------------ helpers
    def ctype(self, inst: int) -> int:
        return self.game.tables.ctype[self.cards[inst]]

    def face_down_supports(self, seat: int) -> list[int]:
        """Slots (0, 1) holding a face-down set card."""
        out = []
        for k, zk in enumerate(SUPPORT_SLOTS):
            z = self.zones[seat * NZ + zk]
            if z and not self.flags[z[0]] & FACE_UP:
                out.append(k)
        return out

    def openable_supports(self, seat: int) -> list[int]:
        """Slots whose face-down card may be opened: supports and a set 切り札サポート, never an attacker."""
        out = []
        ctype = self.game.tables.ctype
        for k in self.face_down_supports(seat):
            if ctype[self.cards[self.zones[seat * NZ + SUPPORT_SLOTS[k]][0]]] in (SUPPORT, TRUMP_SUPPORT):
                out.append(k)
        return out

    def _on_finish(self) -> None:
        self.phase = OVER

    @property
    def first_player(self) -> int:
        return self.first

    # ------------------------------------------------------------------ determinization
    def _constraint(self, inst: int):
        if self.flags[inst] & (SET_ATTACKER_FLAG | UNOPENED_FLAG):
            ctype = self.game.tables.ctype
            # a set attacker, or a card that stayed face down at the attacker open, is known to be a support
            return lambda c: ctype[c] == SUPPORT
        return None

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        return self.game.sample_unknown(klass, n, known_defs, rng)

    def _check_game_invariants(self) -> None:
        tb = self.game.tables
        for seat in range(self.nplayers):
            trumps = self.zones[seat * NZ + TRUMP]
            assert len(trumps) <= 2
            for i in trumps:
                assert tb.ctype[self.cards[i]] in (TRUMP_ATTACKER, TRUMP_SUPPORT)
            for i in (
                self.zones[seat * NZ + HAND] + self.zones[seat * NZ + DECK] + self.zones[seat * NZ + LIFE]
            ):
                assert tb.ctype[self.cards[i]] in (ATTACKER, SUPPORT), (
                    "a trump card left the trump/slot zones"
                )
            assert self.pow[seat] >= -1
            if self.phase != REDRAW:
                assert not self.zones[seat * NZ + REVEAL], "cards left in the 公開エリア"
        assert self.phase == OVER or self.result is None

    # ------------------------------------------------------------------ what the table shows
    def phase_info(self) -> tuple[str, str, str]:
        code, ja = PHASE_NAMES[self.phase]
        return code, ja, PHASE_EN[self.phase]

    NOTES_CHANGES = True  # zones and knowledge change only through State's methods (or note_change)
    COUNTERS = (
        ("life", "ライフ", "life"),
        ("pow", "POW", "POW"),
        ("attributes", "属性", "attributes"),
        ("trump_used", "切り札使用済", "trump used"),
        ("overwrite_used", "上書き済", "overwrite used"),
        ("protect", "ライフ守り", "life protected"),
        ("guard", "POW守り", "POW guarded"),
    )

    def counter_values(self, player: int, viewer: int) -> list[Any]:
        """The player's part of ``counter_table`` (the same to every viewer)."""
        return self.counter_table(player)[: len(self.COUNTERS)]

    def counter_table(self, viewer: int) -> list[Any]:
        """Both players' counter values, the viewer's first (a spectator: P1's), in one list — one call a
        step where State's own makes two, since a learner's vector reads it every step. Numbers: no POW
        yet is 0, the 属性 are their bits (火 1, 水 2, 風 4, 土 8); ``counters`` shows those two as the table
        words them."""
        p = 1 if viewer == 1 else 0
        q = 1 - p
        z, pw, at = self.zones, self.pow, self.attr
        tu, ou, pr, gu = self.trump_used, self.overwrite_used, self.protect, self.guard
        a, b = pw[p], pw[q]
        return [  # written out, not looped over the two: a learner's whole step about 1 % faster
            len(z[p * NZ + LIFE]),
            a if a >= 0 else 0,
            at[p] if a >= 0 else 0,
            tu[p],
            ou[p],
            pr[p],
            gu[p],
            len(z[q * NZ + LIFE]),
            b if b >= 0 else 0,
            at[q] if b >= 0 else 0,
            tu[q],
            ou[q],
            pr[q],
            gu[q],
        ]

    def counters(self, player: int, viewer: int) -> list[dict[str, Any]]:
        """As the table shows them: POW and 属性 are blank (None) before the player has a POW, and the 属性
        are named (火水)."""
        out = super().counters(player, viewer)
        if self.pow[player] < 0:
            out[1]["value"] = out[2]["value"] = None
        else:
            out[2]["value"] = "".join(self.game.attr_names(self.attr[player]))
        return out

    def prompt(self, viewer: int) -> dict[str, Any] | None:
        ph = self.phase
        kind, ja, en = _PROMPTS.get(ph, ("action", PHASE_NAMES[ph][1], PHASE_EN[ph]))
        source = None
        p = self.pending
        if ph == CHOICE and p is not None and p.what == "choice":
            what, _, inst = p.args
            kind, ja, en = _CHOICE_PROMPTS[what]
            source = place(self, inst, viewer)
        elif p is not None and p.what == "trump_set":
            kind, ja, en = "choose", "セットする切り札と場所", "the trump to set, and where"
        return {"seat": self.to_move, "kind": kind, "ja": ja, "en": en, "min": 1, "max": 1, "source": source}

    def extra(self, viewer: int) -> dict[str, Any]:
        """``decklists``: the viewer's own deck list (and everyone's when deck lists are open)."""
        lists = {
            f"p{p + 1}": self.game.decklist_view(self, p)
            for p in range(self.nplayers)
            if p == viewer or self.game.open_decklists
        }
        return {"decklists": lists}
