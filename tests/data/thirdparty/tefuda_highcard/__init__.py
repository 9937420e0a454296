"""ハイカード (High Card): a game written outside tefuda, found through the ``tefuda.games`` entry point.

It implements exactly the game contract (tefuda.core.game.Game and the State hooks) and nothing else, as a
third party would: each player has the ten cards 1–10, shuffled, and draws 3. Each round both play a card face
down (the round's leader first), then both are shown: the higher card scores a point. Both draw one. First to
3 points wins; when the hands run out, more points wins (equal: a draw).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tefuda.core import (
    HIDDEN,
    PRIVATE,
    PUBLIC,
    Action,
    ActionSpace,
    CardSchema,
    Deck,
    Field,
    Game,
    OptionError,
    Rng,
    State,
    ZoneSpec,
)
from tefuda.core.fields import Enum, Int, PerSeat, Seat
from tefuda.core.game import sample_capped
from tefuda.core.observe import counter

DECK, HAND, PLAY, DISCARD = range(4)
NZ = 4
PLAY_PHASE, OVER = 0, 1
WIN_AT = 99  # no early win: every card is played (longer games for the test suite)


class HighCardState(State):
    __slots__ = ("first", "phase", "points", "round")
    _FIELDS: ClassVar = ("phase", "first", "round")
    _LIST_FIELDS: ClassVar = ("points",)
    _TYPES: ClassVar = {
        "phase": Enum(["play", "over"]),
        "first": Seat(),
        "round": Int(1),
        "points": PerSeat(Int(0)),
    }

    def _legal_actions(self) -> list[Action]:
        hand = self.zones[self.to_move * NZ + HAND]
        return [Action("play", c) for c in sorted({self.cards[i] for i in hand})]

    def _apply(self, action: Action) -> None:
        p = self.to_move
        inst = next(i for i in self.zones[p * NZ + HAND] if self.cards[i] == action.a)
        self.move(inst, p * NZ + PLAY)
        self.emit("play", p, slot=p * NZ + PLAY)
        if p == self.first:
            self.to_move = 1 - p
            return
        self._show()

    def _show(self) -> None:
        value = self.game.cardset
        played = [self.zones[p * NZ + PLAY][0] for p in (0, 1)]
        for p, inst in enumerate(played):
            self.move(inst, p * NZ + DISCARD, face_up=True)
            self.emit("reveal", p, inst, value=value[self.cards[inst]].get("value"))
        a, b = (value[self.cards[i]].get("value") for i in played)
        if a != b:
            w = 0 if a > b else 1
            self.points[w] += 1
            self.emit("point", w, points=self.points[w])
            if self.points[w] >= WIN_AT:
                self.finish(w, "three_points")
                return
        for p in (0, 1):
            deck = self.zones[p * NZ + DECK]
            if deck:
                self.move(deck[-1], p * NZ + HAND)
                self.emit("draw", p, self.zones[p * NZ + HAND][-1])
        if not self.zones[HAND] or not self.zones[NZ + HAND]:
            x, y = self.points
            self.finish(None if x == y else (0 if x > y else 1), "tie" if x == y else "more_points")
            return
        self.round += 1
        self.first = 1 - self.first
        self.to_move = self.first
        self.emit("round", round=self.round)

    def _on_finish(self) -> None:
        self.phase = OVER

    @property
    def first_player(self) -> int:
        return self.first

    def turn_count(self) -> int:
        return self.round

    def phase_info(self) -> tuple[str, str, str]:
        return (
            ("play", "カードを出す", "play a card") if self.phase == PLAY_PHASE else ("over", "終了", "over")
        )

    def counters(self, player: int, viewer: int) -> list[dict[str, Any]]:
        return [counter("points", "得点", "points", self.points[player])]

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        return sample_capped(list(range(len(self.game.cardset))), 1, n, known_defs, rng)


class HighCardGame(Game):
    id = "highcard"
    name = "ハイカード"
    name_en = "High Card"
    rules_version = "test fixture"
    card_schema = CardSchema({"number": "数字"}, {"value": Field(int, "*")})
    package_dir = Path(__file__).parent
    state_class = HighCardState
    outcomes: ClassVar = {
        "three_points": ("3点先取", "three points"),
        "more_points": ("得点が多い", "more points"),
        "tie": ("同点", "equal points"),
    }
    event_text: ClassVar = {
        "play": ("{who} カードを出す", "{who} plays a card face down"),
        "reveal": ("{who} 公開: {card} ({value})", "{who} shows {card} ({value})"),
        "point": ("{who} 1点 (計{points}点)", "{who} scores (now {points})"),
        "draw": ("{who} ドロー: {card}", "{who} draws {card}"),
        "round": ("── 第{round}ラウンド ──", "── round {round} ──"),
    }

    def _setup(self) -> None:
        self.action_space = ActionSpace([("play", len(self.cardset), 0)])

    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        return [] if deck.count() == 10 else [(None, "a deck has the ten cards 1–10")]

    def zone_specs(self, nplayers: int) -> tuple[ZoneSpec, ...]:
        table = (
            ("deck", "山札", HIDDEN, True, False, None),
            ("hand", "手札", PRIVATE, False, True, None),
            ("play", "場", PRIVATE, False, False, 1),
            ("discard", "捨て札", PUBLIC, True, False, None),
        )
        return tuple(
            ZoneSpec(name, ja, seat, vis, ordered=ordered, mixes=mixes, capacity=cap)
            for seat in range(nplayers)
            for name, ja, vis, ordered, mixes, cap in table
        )

    def new_state(self, decks=None, seed=0, *, players=None, record=True) -> HighCardState:
        if (players or 2) != 2:
            raise OptionError("High Card is a game for 2 players")
        decks = decks or [self.default_deck(0), self.default_deck(1)]
        instances = [(c.index, p, 0, p * NZ + DECK) for p, d in enumerate(decks) for c in d.cards()]
        s = HighCardState.__new__(HighCardState)
        s._init_core(self, 2, self.zone_specs(2), instances, seed, record)
        s.phase, s.first, s.round, s.points = PLAY_PHASE, 0, 1, [0, 0]
        for p in (0, 1):
            s.shuffle(p * NZ + DECK)
            for _ in range(3):
                s.move(s.zones[p * NZ + DECK][-1], p * NZ + HAND)
        s.to_move = 0
        return s

    def notation(self, state: State, action: Action, lang: str = "ja") -> str:
        c = self.cardset[action.a]
        return f"play {c.name if lang == 'ja' else c.name_en}"

    def label(self, state: State, action: Action) -> tuple[str, str]:
        c = self.cardset[action.a]
        return f"出す {c.label}", f"play {c.name_en} ({c.name})"
