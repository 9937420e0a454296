"""A room: one game, its seats (people with a secret token, or agents), its spectators and its history.

The room is the only place that holds the true state; everything it hands out is a seat's observation or
a seat's view of the events, the same the terminal shows. Its history is the replay's: the seed, the decks
and every entry (an action in notation, or a chat line), so a room is rebuilt exactly from its rows.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from tefuda.agents import make_agent
from tefuda.core import IllegalActionError, TefudaError
from tefuda.core.game import Game, load_game
from tefuda.core.replay import Replay, cards_file, chat_entry, parse_chat, record
from tefuda.core.state import State
from tefuda.core.undo import UndoLog, UndoRefused

HUMAN = "human"
AGENT = "agent"
MAX_CHAT = 500  # characters in one chat line
LOG_ON_JOIN = 300  # events a (re)joining client is shown


class RoomError(TefudaError):
    """A request the room refuses (bad settings, an illegal action, a seat that is not to move)."""


class Stale(RoomError):
    """A submission that answers a decision already answered: ignored, nothing changes."""


@dataclass
class Seat:
    kind: str  # human | agent
    spec: str = ""  # the agent spec (ismcts:seconds=1) for an agent seat
    token: str = ""  # a human seat's secret; empty for an agent

    def public(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "kind": self.kind, "spec": self.spec}


@dataclass
class RoomConfig:
    """What a room is made of (a row of the rooms table)."""

    game: str
    options: dict[str, Any]
    players: int
    seed: int
    decks: list[str]  # deck list texts, one per seat (the replay's "decks")
    seats: list[Seat]
    created: float = field(default_factory=time.time)
    client: str = ""  # the address that created it (rooms-per-address limit)
    parent: str | None = None  # the room this one is a rematch of
    cards: dict[str, str] | None = None  # a designer's card file: {"mode": "replace" | "add", "toml": text}

    def load_game(self) -> Game:
        cards_path = cards_file(self.cards) if self.cards is not None else None
        return load_game(self.game, self.options, cards_path=cards_path)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def make_config(
    body: dict[str, Any], *, seed: int | None = None, client: str = ""
) -> tuple[Game, RoomConfig, list[Any]]:
    """Check a room request (the lobby's form) and turn it into a config: the game and its options, the
    number of players, each seat (a human, or an agent spec that must parse), each deck (a list's text, a
    sample deck's name, or the game's default), with the same errors ``tefuda deck check`` gives."""
    if not isinstance(body, dict):
        raise RoomError("a room request is a JSON object")
    game_id = body.get("game")
    if not isinstance(game_id, str) or not game_id:
        raise RoomError("field 'game': the game's id, e.g. kirifuda")
    options = body.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RoomError("field 'options': an object of house-rule key/value pairs")
    options = {k: v for k, v in options.items() if v is not None and v != ""}
    cards = body.get("cards")
    if cards is not None and not (
        isinstance(cards, dict)
        and cards.get("mode", "add") in ("add", "replace")
        and isinstance(cards.get("toml"), str)
        and set(cards) <= {"mode", "toml"}
    ):
        raise RoomError('field \'cards\': {"mode": "add" | "replace", "toml": a card file\'s text}')
    if cards is not None:
        cards = {"mode": cards.get("mode", "add"), "toml": cards["toml"]}
    try:
        g = load_game(game_id, options, cards_path=cards_file(cards) if cards else None)
    except TefudaError as e:
        raise RoomError(
            str(e).replace(str(cards_file(cards)).lstrip("+") if cards else "\0", "cards")
        ) from None
    seats_in = body.get("seats")
    players = body.get("players")
    if players is None:
        players = len(seats_in) if isinstance(seats_in, list) and seats_in else g.min_players
    if not isinstance(players, int) or isinstance(players, bool):
        raise RoomError("field 'players': a whole number")
    if not g.min_players <= players <= g.max_players:
        raise RoomError(f"{g.id} is played by {g.min_players}–{g.max_players} players, not {players}")
    if seats_in is None:
        seats_in = [{"kind": HUMAN}] + [{"kind": AGENT, "spec": "ismcts:seconds=1"}] * (players - 1)
    if not isinstance(seats_in, list) or len(seats_in) != players:
        raise RoomError(f"field 'seats': one entry per player ({players})")
    seats: list[Seat] = []
    for i, s in enumerate(seats_in):
        if not isinstance(s, dict):
            raise RoomError(f"seats[{i}]: {{kind: human}} or {{kind: agent, spec: ...}}")
        kind = s.get("kind", HUMAN)
        if kind == HUMAN:
            seats.append(Seat(HUMAN, "", new_token()))
        elif kind == AGENT:
            spec = s.get("spec") or "ismcts:seconds=1"
            if not isinstance(spec, str) or len(spec) > 100:
                raise RoomError(f"seats[{i}].spec: an agent spec such as ismcts:seconds=1")
            try:
                make_agent(spec, 0)
            except ValueError as e:
                raise RoomError(f"seats[{i}].spec: {e}") from None
            seats.append(Seat(AGENT, spec, ""))
        else:
            raise RoomError(f"seats[{i}].kind: 'human' or 'agent', not {kind!r}")
    decks_in = body.get("decks") or [None] * players
    if not isinstance(decks_in, list) or len(decks_in) > players:
        raise RoomError(f"field 'decks': at most one deck per player ({players})")
    decks_in = decks_in + [None] * (players - len(decks_in))
    samples = g.sample_decks()
    decks = []
    for i, d in enumerate(decks_in):
        label = f"P{i + 1}'s deck"
        try:
            if d is None or d == "":
                decks.append(g.default_deck(i))
            elif not isinstance(d, str):
                raise RoomError(f"decks[{i}]: a deck list's text or a sample deck's name")
            elif d in samples:
                decks.append(g.load_deck(samples[d]))
            else:
                decks.append(g.parse_deck(d, label))
        except RoomError:
            raise
        except TefudaError as e:
            raise RoomError(str(e)) from None
    if seed is None:
        seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(1 << 31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 63:
        raise RoomError("field 'seed': a whole number from 0")
    cfg = RoomConfig(
        game=g.id,
        options=dict(g.options),
        players=players,
        seed=seed,
        decks=[d.to_text() for d in decks],
        seats=seats,
        client=client,
        cards=cards,
    )
    return g, cfg, decks


class Room:
    """One game being played. Not thread-safe: the server serialises everything a room does."""

    def __init__(self, room_id: str, cfg: RoomConfig, game: Game | None = None, decks: list | None = None):
        self.id = room_id
        self.cfg = cfg
        self.game = game or cfg.load_game()
        if decks is None:
            decks = self._decks()
        try:
            self.state: State = self.game.new_state(decks, cfg.seed, players=cfg.players)
        except TefudaError as e:
            raise RoomError(str(e)) from None
        self.entries: list[str] = []  # actions in notation and chat entries, in order (the replay's actions)
        self.chat: list[dict[str, Any]] = []
        self.next_room: str | None = None  # the rematch, once asked for
        self.next_tokens: list[str] = []
        self.undo_log = UndoLog()
        self.epoch = 0  # bumped by each undo: an AI's answer to an earlier epoch is dropped

    def _decks(self) -> list[Any]:
        return [
            self.game.parse_deck(t, f"room {self.id}: P{i + 1}'s deck") for i, t in enumerate(self.cfg.decks)
        ]

    # ------------------------------------------------------------------ facts
    @property
    def decision(self) -> int:
        """The number of game actions taken: what a submission says it answers."""
        return self.state.steps

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def to_move(self) -> int:
        return -1 if self.state.is_over else self.state.current_player

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None: a spectator). A wrong token raises."""
        if not token:
            return None
        for i, s in enumerate(self.cfg.seats):
            if s.kind == HUMAN and secrets.compare_digest(s.token, token):
                return i
        raise RoomError("this link's seat token does not belong to this room")

    def summary(self) -> dict[str, Any]:
        g = self.game
        res = self.state.outcome()
        return {
            "room": self.id,
            "game": g.id,
            "name": g.name,
            "name_en": g.name_en,
            "players": self.cfg.players,
            "options": self.cfg.options,
            "seats": [s.public(i) for i, s in enumerate(self.cfg.seats)],
            "status": "over" if res is not None else "playing",
            "outcome": None if res is None else res.as_dict(),
            "created": self.cfg.created,
            "decision": self.decision,
            "to_move": self.to_move,
            "rematch": self.next_room,
        }

    # ------------------------------------------------------------------ what a seat sees
    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.state.observation(self.cfg.players if seat is None else seat)

    def render(
        self, events: list[Any], seat: int | None, texts: dict[Any, dict[str, str]] | None = None
    ) -> list[dict[str, str]]:
        """Events as ``seat`` may see them, in Japanese and English. ``texts`` shares the work between the
        viewers of one update: a text is reused only for exactly the same view of the event (and the same
        "(you)"), so no viewer ever gets text made from another's view."""
        viewer = self.cfg.players if seat is None else seat
        g = self.game
        out = []
        for ev in events:
            v = ev.view(viewer, g.card_ids)
            key = None
            if texts is not None:
                key = (orjson.dumps(v, option=orjson.OPT_SORT_KEYS), ev.seat == viewer)
                hit = texts.get(key)
                if hit is not None:
                    out.append(hit)
                    continue
            line = {
                "code": ev.code,
                "ja": g.render_event(v, viewer, "ja"),
                "en": g.render_event(v, viewer, "en"),
            }
            if key is not None:
                texts[key] = line
            out.append(line)
        return out

    def recent_log(self, seat: int | None) -> list[dict[str, str]]:
        log = self.state.log or []
        return self.render(log[-LOG_ON_JOIN:], seat)

    # ------------------------------------------------------------------ changes
    def check_action(self, seat: int, decision: Any, action: Any):
        """The legal action a seat's submission names, or an error; changes nothing."""
        if isinstance(decision, bool) or not isinstance(decision, int):
            raise RoomError("field 'decision': the decision number you answer (a whole number)")
        if self.over:
            if decision < self.decision:
                raise Stale(f"decision {decision} was already answered; the game is over")
            raise RoomError("the game is over")
        if decision < self.decision:
            raise Stale(f"decision {decision} was already answered (now at {self.decision}): ignored")
        if decision > self.decision:
            raise RoomError(f"decision {decision} has not come yet (now at {self.decision})")
        if self.to_move != seat:
            raise RoomError(f"it is P{self.to_move + 1}'s decision, not yours (P{seat + 1})")
        legal = self.state.legal_actions()
        if isinstance(action, int) and not isinstance(action, bool):
            space = self.game.action_space
            for a in legal:
                if space.index(a) == action:
                    return a
            raise RoomError(f"action {action} is not one of your legal actions now")
        if isinstance(action, str) and action.strip():
            if len(action) > 300:
                raise RoomError("field 'action': too long for an action's notation")
            try:
                a = self.state.parse_action(action)
            except TefudaError as e:
                raise RoomError(str(e)) from None
            if a not in legal:
                raise RoomError(f"{action!r} is not legal now")
            return a
        raise RoomError("field 'action': a legal action's index or its notation")

    def apply(self, action) -> list[Any]:
        """Apply an action already checked (and committed): its events."""
        entry = self.state.notation(action)
        seat = self.state.current_player
        before = self.undo_log.before(self.state)
        events = self.state.apply(action)
        self.undo_log.after(self.state, before, seat)
        self.entries.append(entry)
        return events

    def undo_target(self, seat: int) -> int:
        """How many entries to keep to take back ``seat``'s last action (core.undo: never past a reveal, a
        chat line or another person's action); raises RoomError with the reason."""
        if self.over:
            raise RoomError("the game is over: nothing to undo")
        agents = [None if s.kind == HUMAN else s for s in self.cfg.seats]
        try:
            return self.undo_log.target(seat, agents)
        except UndoRefused as e:
            raise RoomError(str(e)) from None

    def rewind(self, keep: int) -> None:
        """The room as it was after its first ``keep`` entries (rebuilt from the seed: the same game)."""
        entries = self.entries[:keep]
        self.state = self.game.new_state(self._decks(), self.cfg.seed, players=self.cfg.players)
        self.entries, self.chat, self.undo_log = [], [], UndoLog()
        for e in entries:
            self.replay_entry(e)
        self.epoch += 1

    def chat_line(self, seat: int, text: Any) -> str:
        if not isinstance(text, str) or not text.strip():
            raise RoomError("field 'text': something to say")
        text = " ".join(text.split())
        if len(text) > MAX_CHAT:
            raise RoomError(f"a chat line holds at most {MAX_CHAT} characters")
        if self.over:
            raise RoomError("the game is over: chat is closed")
        return chat_entry(seat, text)

    def say(self, entry: str) -> list[Any]:
        chat = parse_chat(entry)
        assert chat is not None
        events = self.state.say(*chat)
        self.entries.append(entry)
        self.undo_log.chat()
        self.chat.append({"seat": chat[0], "text": chat[1]})
        return events

    def replay_entry(self, entry: str) -> None:
        """Rebuild: one stored entry applied again (a restarted server)."""
        try:
            if parse_chat(entry) is not None:
                self.say(entry)
            else:
                self.apply(self.state.parse_action(entry))
        except IllegalActionError as e:
            raise RoomError(f"room {self.id}: stored entry {len(self.entries)} {entry!r}: {e}") from None

    def replay(self) -> Replay:
        return record(
            self.state,
            list(self.entries),
            list(self.cfg.decks),
            self.cfg.seed,
            [s.spec if s.kind == AGENT else HUMAN for s in self.cfg.seats],
            note=f"tefuda serve room {self.id}",
        )
