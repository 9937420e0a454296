"""ミニチェーン (Mini Chain): a small duel written on the core's effect engine alone — flow, prompts, a
黒白物語-style chain, triggers, a replacement effect and tokens — so the core's machinery is tested without
any of tefuda's games.

Each turn the turn player draws (an empty deck loses), then both hold priority (優先権) in turn, starting
with the turn player. Holding it you may summon a monster from your hand (your turn, empty chain), use a
monster's 起動効果 (your turn, empty chain, once per turn), activate a quick magic from your hand (any time),
or pass. Activating adds a link to the chain and hands priority over (it counts as your pass); when everyone
has passed in a row the chain resolves newest first (逆順処理) and the turn player gets priority again; when
everyone passes over an empty chain the turn ends. After 10 turns the game is a draw.
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
from tefuda.core.chain import (
    CHAIN,
    LINK,
    LINKS,
    WINDOWS,
    Link,
    activate,
    negate,
    open_window,
    pass_priority,
    pop_link,
)
from tefuda.core.fields import Bool, Card, Inst, Int, Seat, Seq
from tefuda.core.flow import CORE_RULES, FlowState, Rules
from tefuda.core.game import sample_capped
from tefuda.core.priority import Window
from tefuda.core.prompt import ACT, PICK, PROMPT_ACTIONS, action_text, ask
from tefuda.core.subscriptions import Subscriptions, Trigger
from tefuda.core.triggers import (
    CORE_CONDITIONS,
    WAITING,
    Replacement,
    Waiting,
    replacement_for,
)

DECK, HAND, FIELD, GRAVE = range(4)
NZ = 4
USED = 2  # flag bit: this monster's 起動効果 was used this turn
MAX_TURNS = 10

rules = Rules()
rules.include(CORE_RULES)


class MiniState(FlowState):
    __slots__ = ("links", "turn", "turns", "windows")
    _FIELDS: ClassVar = ("pending", "turn", "turns")
    _LIST_FIELDS: ClassVar = ("frames", "waiting", "windows", "links")
    _TYPES: ClassVar = {
        **FlowState.flow_types(rules),
        "turn": Seat(),
        "turns": Int(0),
        "windows": WINDOWS,
        "links": LINKS,
    }
    turn: int
    turns: int
    windows: list[Window]
    links: list[Link]

    @property
    def active_player(self) -> int:
        return self.turn

    def phase_info(self) -> tuple[str, str, str]:
        return ("main", "メインフェイズ", "main phase")

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        pool = [c.index for c in self.game.cardset if c.type != "token"]
        return sample_capped(pool, 4, n, known_defs, rng)


# ------------------------------------------------------------------------------------------ helpers
def card(s: MiniState, inst: int):
    return s.game.cardset[s.cards[inst]]


def draw(s: MiniState, seat: int) -> None:
    deck = s.zones[seat * NZ + DECK]
    if not deck:
        s.finish(1 - seat, "deck_out")
        return
    s.move(deck[-1], seat * NZ + HAND)
    s.emit("draw", seat, s.zones[seat * NZ + HAND][-1])


def destroy(s: MiniState, inst: int, by: int) -> None:
    """破壊: a replacement effect changes the event itself; otherwise the card goes to the grave (a token
    ceases to exist) and 'destroyed' is heard by the triggers."""
    g = s.game
    owner = s.owner[inst]
    r = replacement_for(s, g.replacements, g.conditions, s.controller, "destroy", owner, inst)
    if r is not None:
        src, rep = r
        s.emit("replaced", owner, inst, source=src)
        if rep.instead == "return_hand":
            s.move(inst, owner * NZ + HAND, face_up=False)
        return
    if card(s, inst).type == "token":
        s.emit("destroyed", owner, inst, by=by)
        s.cease(inst)
        return
    s.move(inst, owner * NZ + GRAVE, face_up=True)
    s.emit("destroyed", owner, inst, by=by)


def usable(s: MiniState, seat: int) -> list[int]:
    """What ``seat`` may use while holding priority."""
    out = []
    mine = seat == s.turn and not s.links
    for i in s.zones[seat * NZ + HAND]:
        c = card(s, i)
        if (c.type == "monster" and mine) or (c.type == "quick" and targets(s, i) is not None):
            out.append(i)
    if mine:
        out += [i for i in s.zones[seat * NZ + FIELD] if card(s, i).get("ignition") and not s.flags[i] & USED]
    return out


def targets(s: MiniState, inst: int) -> list[int] | None:
    """The legal targets of a quick magic ([] = it needs none), or None when it cannot be activated."""
    effect = card(s, inst).get("effect")
    if effect == "destroy":
        return [
            i for p in range(s.nplayers) for i in s.zones[p * NZ + FIELD] if card(s, i).type != "quick"
        ] or None
    if effect == "negate":
        return [
            link.source for link in s.links if not link.negated and card(s, link.source).type == "quick"
        ] or None
    return []


# ------------------------------------------------------------------------------------------ the rules
@rules.rule()
def begin_turn(s: MiniState) -> None:
    for i in s.zones[s.turn * NZ + FIELD]:
        s.flags[i] &= ~USED
    draw(s, s.turn)
    if s.result is None:
        open_window(s.windows, s.links, (0, 1), s.turn)
        s.push("priority")


@rules.rule()
def priority(s: MiniState) -> None:
    if s.waiting:
        s.push("priority")
        s.push("core.triggers")
        return
    seat = s.windows[-1].seat
    s.ask(ask(seat, ACT, "priority", usable(s, seat), "used"))


@rules.rule()
def used(s: MiniState, answer: tuple[int, ...]) -> None:
    if not answer:
        outcome = pass_priority(s.windows, s.links, CHAIN)
        s.emit("pass", s.to_move)
        if outcome == "continue":
            s.push("priority")
        elif outcome == "resolve":
            s.push("resolve_chain")
        else:
            s.turns += 1
            if s.turns >= MAX_TURNS:
                s.finish(None, "time")
                return
            s.turn = 1 - s.turn
            s.push("begin_turn")
        return
    inst = answer[0]
    seat = s.to_move
    c = card(s, inst)
    if s.where[inst] == seat * NZ + FIELD:  # 起動効果
        s.flags[inst] |= USED
        s.push("activated", inst, ())
    elif c.type == "monster":  # 召喚: priority stays only if its 起動効果 can follow at once
        s.move(inst, seat * NZ + FIELD, face_up=True)
        s.emit("summon", seat, inst)
        top = s.windows[-1]
        s.windows[-1] = Window(top.order, top.pos, 0) if c.get("ignition") else top.acted()
        s.push("priority")
    else:
        ts = targets(s, inst) or []
        if ts:
            s.ask(ask(seat, PICK, "target", ts, "activated", (inst,), source=inst))
        else:
            s.push("activated", inst, ())


@rules.rule(Inst(), Seq(Inst(), tuple))
def activated(s: MiniState, inst: int, chosen: tuple[int, ...]) -> None:
    seat = s.owner[inst]
    if s.where[inst] == seat * NZ + HAND:
        s.move(inst, seat * NZ + FIELD, face_up=True)
    s.emit("activate", seat, inst, targets=list(chosen))
    activate(s.windows, s.links, Link(seat, inst, 0, tuple(chosen)), CHAIN)
    s.push("priority")


@rules.rule()
def resolve_chain(s: MiniState) -> None:
    if not s.links:
        open_window(s.windows, s.links, (0, 1), s.turn)
        s.push("priority")
        return
    link = pop_link(s.links)
    s.push("resolve_chain")
    s.push("core.triggers")
    s.push("resolve", link)


@rules.rule(LINK)
def resolve(s: MiniState, link: Link) -> None:
    c = card(s, link.source)
    if link.negated:
        s.emit("negated", link.seat, link.source)
    else:
        do = c.get("effect") if c.type == "quick" else c.get("ignition")
        if do == "destroy":
            t = link.targets[0]
            if s.where[t] in (FIELD, NZ + FIELD):
                destroy(s, t, link.source)
        elif do == "negate":
            k = next((k for k, x in enumerate(s.links) if x.source == link.targets[0]), None)
            if k is not None:
                negate(s.links, k)
                s.emit("negate", link.seat, s.links[k].source)
        elif do == "token":
            s.create(s.game.token, link.seat, link.seat * NZ + FIELD)
        elif do == "draw":
            draw(s, link.seat)
    if c.type == "quick" and s.where[link.source] == link.seat * NZ + FIELD:
        s.move(link.source, link.seat * NZ + GRAVE, face_up=True)


@rules.rule(Seq(WAITING, tuple))
def triggered(s: MiniState, group: tuple[Waiting, ...]) -> None:
    s.then(*(("trigger", w) for w in group))


@rules.rule(WAITING)
def trigger(s: MiniState, w: Waiting) -> None:
    s.emit("trigger", w.seat, w.source)
    if card(s, w.source).get("trigger_do") == "draw" and s.result is None:
        draw(s, w.seat)


# ------------------------------------------------------------------------------------------ the game
class MiniChainGame(Game):
    id = "minichain"
    name = "ミニチェーン"
    name_en = "Mini Chain"
    rules_version = "test fixture"
    card_schema = CardSchema(
        {"monster": "モンスター", "quick": "クイック・マジック", "token": "トークン"},
        {
            "effect": Field(str, frozenset({"quick"}), frozenset({"quick"})),
            "ignition": Field(str, frozenset(), frozenset({"monster"})),
            "replace": Field(str, frozenset(), frozenset({"monster"})),
            "instead": Field(str, frozenset(), frozenset({"monster"})),
            "trigger": Field(str, frozenset(), frozenset({"monster"})),
            "trigger_cond": Field(str, frozenset(), frozenset({"monster"})),
            "trigger_do": Field(str, frozenset(), frozenset({"monster"})),
        },
    )
    package_dir = Path(__file__).parent
    state_class = MiniState
    rules = rules
    conditions = CORE_CONDITIONS
    outcomes: ClassVar = {"deck_out": ("山札切れ", "deck out"), "time": ("時間切れ", "time")}
    event_text: ClassVar = {
        "draw": ("{who} ドロー {card}", "{who} draws {card}"),
        "pass": ("{who} パス", "{who} passes"),
        "summon": ("{who} 召喚 {card}", "{who} summons {card}"),
        "activate": ("{who} 発動 {card}", "{who} activates {card}"),
        "negate": ("{who} {card} を無効", "{who} negates {card}"),
        "negated": ("{card} は無効", "{card} is negated"),
        "destroyed": ("{card} 破壊", "{card} is destroyed"),
        "replaced": ("{card} 破壊の代わりに手札へ", "{card} returns to hand instead"),
        "trigger": ("{who} 誘発 {card}", "{who}: {card} triggers"),
    }

    def _setup(self) -> None:
        self.action_space = ActionSpace(
            [
                (k, 64, 64) if k in ("pick", "pick-card") else (k, 64 if k == "number" else 0, 0)
                for k in PROMPT_ACTIONS
            ]
        )
        self.token = next(c.index for c in self.cardset if c.type == "token")
        trig: dict[int, list[Trigger]] = {}
        rep: dict[int, list[Replacement]] = {}
        for c in self.cardset:
            if c.get("trigger"):
                trig.setdefault(c.index, []).append(
                    Trigger(c.get("trigger"), "field", c.get("trigger_cond", ""))
                )
            if c.get("replace"):
                rep.setdefault(c.index, []).append(
                    Replacement(c.get("replace"), "field", "self", c.get("instead"))
                )
        self.listen(Subscriptions(trig))
        self.replacements = rep

    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        return (
            [(None, "トークン (Token) cannot be put in a deck")]
            if any(c.type == "token" for c in deck.cards())
            else []
        )

    def zone_specs(self, nplayers: int) -> tuple[ZoneSpec, ...]:
        table = (
            ("deck", "山札", HIDDEN, True, False),
            ("hand", "手札", PRIVATE, False, True),
            ("field", "場", PUBLIC, True, False),
            ("grave", "墓地", PUBLIC, True, False),
        )
        return tuple(
            ZoneSpec(name, ja, seat, vis, ordered=ordered, mixes=mixes)
            for seat in range(nplayers)
            for name, ja, vis, ordered, mixes in table
        )

    def new_state(self, decks=None, seed=0, *, players=None, record=True) -> MiniState:
        if (players or 2) != 2:
            raise OptionError("Mini Chain is a game for 2 players")
        decks = decks or [self.default_deck(0), self.default_deck(1)]
        s = self._build([[c.index for c in d.cards()] for d in decks], [[], []], [[], []], seed, record)
        for p in (0, 1):
            s.shuffle(p * NZ + DECK)
            for _ in range(4):
                draw(s, p)
        s.push("begin_turn")
        s.run()
        return s

    def scenario(self, hands, fields, decks=(("モンスターA",) * 5,) * 2, seed=0, turn=0) -> MiniState:
        """A position at the start of ``turn``'s main phase: the cards named in each zone, nobody drew."""
        find = self.cardset.find
        s = self._build(
            [[find(n).index for n in z] for z in decks],
            [[find(n).index for n in z] for z in hands],
            [[find(n).index for n in z] for z in fields],
            seed,
            True,
        )
        s.turn = turn
        open_window(s.windows, s.links, (0, 1), turn)
        s.push("priority")
        s.run()
        return s

    def _build(self, decks, hands, fields, seed, record) -> MiniState:
        inst = [
            (c, p, 0, p * NZ + z)
            for z, zs in ((DECK, decks), (HAND, hands), (FIELD, fields))
            for p in (0, 1)
            for c in zs[p]
        ]
        s = MiniState.__new__(MiniState)
        s._init_core(self, 2, self.zone_specs(2), inst, seed, record)
        s._init_flow()
        s.turn, s.turns, s.windows, s.links = 0, 0, [], []
        for i in s.zones[FIELD] + s.zones[NZ + FIELD]:
            s.turn_face_up(i)
        return s

    def notation(self, state: State, action: Action, lang: str = "ja") -> str:
        return action_text(state, state.pending, action, lang)

    def label(self, state: State, action: Action) -> tuple[str, str]:
        return self.notation(state, action, "ja"), self.notation(state, action, "en")


def game() -> MiniChainGame:
    return MiniChainGame()


_ = (Bool, Card, Any)
