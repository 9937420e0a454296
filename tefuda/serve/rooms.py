"""A room: one game, its seats (people, or agents), its spectators and its history.

The room is the only place that holds the true state; everything it hands out is a seat's observation or
a seat's view of the events, the same the terminal shows. Its history is the replay's: the secret, the decks
and every entry (an action in notation, or a chat line), so a room is rebuilt exactly from its rows.

A room's chance comes from a secret of 256 bits from the operating system (``core.rng.new_secret``); every
viewer is given a commitment to it at the start (``core.fair``) and the secret itself once the game is over.

A person's seat is opened by a one-time invite (a claim token in the link's fragment): the first connection
that presents it claims the seat and is given a session secret of its own; the invite is spent. Only hashes
of invites and sessions are kept (here and in the database), never the tokens themselves.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from tefuda.agents import DEFAULT_AGENT, make_agent, parse_spec
from tefuda.agents.policy import ALLOW_ENV as POLICY_ALLOW_ENV
from tefuda.agents.policy import allowed_spec as policy_allowed
from tefuda.core import IllegalActionError, TefudaError
from tefuda.core.fair import commit, settings_of
from tefuda.core.game import Game, load_game
from tefuda.core.replay import Replay, cards_file, chat_entry, parse_chat, record
from tefuda.core.rng import new_secret, secret_key
from tefuda.core.state import State
from tefuda.core.undo import UndoLog, UndoRefused

from .words import shared_deck

HUMAN = "human"
AGENT = "agent"
MAX_CHAT = 500  # characters in one chat line
LOG_ON_JOIN = 300  # events a (re)joining client is shown
SPENT_KEPT = 8  # spent invites a seat remembers (to say "seat taken" rather than "not this room's link")


class RoomError(TefudaError):
    """A request the room refuses (bad settings, an illegal action, a seat that is not to move)."""


class Stale(RoomError):
    """A submission that answers a decision already answered: ignored, nothing changes."""


class AccessError(RoomError):
    """A link or session that opens no seat; ``code`` tells the page which (it words it in both languages):
    ``seat_taken`` (an invite already used or replaced), ``session_ended`` (a session that was released or
    replaced), ``bad_link`` (nothing of this room)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def new_token() -> str:
    """An invite, a session or a maker token: 192 bits from the operating system."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256 (a token has 192 random bits, so a plain hash is enough)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same(a: str, b: str) -> bool:
    return bool(a) and bool(b) and secrets.compare_digest(a, b)


@dataclass
class Seat:
    kind: str  # human | agent
    spec: str = ""  # the agent spec (ai, ismcts:seconds=1 …) for an agent seat
    claim: str = ""  # hash of the seat's open invite token; "" once it is used (or none was issued)
    session: str = ""  # hash of the session secret of whoever claimed the seat; "" while unclaimed
    spent: list[str] = field(default_factory=list)  # hashes of invites used or replaced, latest last

    def public(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": seat, "kind": self.kind, "spec": self.spec}
        if self.kind == HUMAN:
            out["claimed"] = bool(self.session)
        return out

    def row(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "spec": self.spec,
            "claim": self.claim,
            "session": self.session,
            "spent": self.spent,
        }

    @classmethod
    def of_row(cls, d: dict[str, Any]) -> Seat:
        return cls(
            d["kind"], d.get("spec", ""), d.get("claim", ""), d.get("session", ""), list(d.get("spent", []))
        )


@dataclass
class RoomConfig:
    """What a room is made of (a row of the rooms table)."""

    game: str
    options: dict[str, Any]
    players: int
    seed: int | str  # the game's secret (64 hex digits); a whole number only when chosen (--allow-seed)
    decks: list[str]  # deck list texts, one per seat (the replay's "decks")
    seats: list[Seat]
    created: float = field(default_factory=time.time)
    client: str = ""  # the address that created it (rooms-per-address limit)
    parent: str | None = None  # the room this one is a rematch of
    cards: dict[str, str] | None = None  # a designer's card file: {"mode": "replace" | "add", "toml": text}
    maker: str = ""  # hash of the maker's token (releases seats); "" for none

    def load_game(self) -> Game:
        cards_path = cards_file(self.cards) if self.cards is not None else None
        return load_game(self.game, self.options, cards_path=cards_path)


SEED_REFUSED = (
    "field 'seed': chosen seeds are for testing: start the server with --allow-seed "
    "(a chosen seed is not secret: whoever knows it knows every card)"
)


def chosen_seed(seed: Any) -> int | str:
    """A seed a test chose (``--allow-seed``): a whole number, or a secret's 64 hexadecimal digits."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 63:
        return seed
    if isinstance(seed, str):
        try:
            return secret_key(seed).hex()
        except ValueError:
            pass
    raise RoomError("field 'seed': a whole number from 0, or a secret of 64 hexadecimal digits")


def make_config(
    body: dict[str, Any], *, client: str = "", allow_seed: bool = False
) -> tuple[Game, RoomConfig, list[Any]]:
    """Check a room request (the lobby's form) and turn it into a config: the game and its options, the
    number of players, each seat (a human, or an agent spec that must parse), each deck (a list's text, a
    sample deck's name, or the game's default), with the same errors ``tefuda deck check`` gives. The game's
    secret is new from the operating system; a seed chosen in the request is refused unless the server
    allows it (``allow_seed``: testing only). Invites are issued by the caller (:func:`issue_invites`)."""
    if not isinstance(body, dict):
        raise RoomError("a room request is a JSON object")
    if body.get("seed") is not None:
        if not allow_seed:
            raise RoomError(SEED_REFUSED)
        seed: int | str = chosen_seed(body["seed"])
    else:
        seed = new_secret()
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
        seats_in = [{"kind": HUMAN}] + [{"kind": AGENT, "spec": DEFAULT_AGENT}] * (players - 1)
    if not isinstance(seats_in, list) or len(seats_in) != players:
        raise RoomError(f"field 'seats': one entry per player ({players})")
    seats: list[Seat] = []
    for i, s in enumerate(seats_in):
        if not isinstance(s, dict):
            raise RoomError(f"seats[{i}]: {{kind: human}} or {{kind: agent, spec: ...}}")
        kind = s.get("kind", HUMAN)
        if kind == HUMAN:
            seats.append(Seat(HUMAN))
        elif kind == AGENT:
            spec = s.get("spec") or DEFAULT_AGENT
            if not isinstance(spec, str) or len(spec) > 100:
                raise RoomError(f"seats[{i}].spec: an agent spec such as ai or ismcts:seconds=1")
            try:
                if parse_spec(spec)[0] == "policy" and not policy_allowed(spec):
                    # a policy names code to import: only what the operator lists, never a request's choice
                    raise ValueError(
                        f"this server loads only the policies its operator lists in {POLICY_ALLOW_ENV}"
                    )
                make_agent(spec, 0)
            except ValueError as e:
                raise RoomError(f"seats[{i}].spec: {e}") from None
            seats.append(Seat(AGENT, spec))
        else:
            raise RoomError(f"seats[{i}].kind: 'human' or 'agent', not {kind!r}")
    decks_in = body.get("decks") or [None] * players
    if not isinstance(decks_in, list) or len(decks_in) > players:
        raise RoomError(f"field 'decks': at most one deck per player ({players})")
    decks_in = decks_in + [None] * (players - len(decks_in))
    if shared_deck(g):  # one shared set (ヨネス一式): the one named serves every seat that names none
        named = next((d for d in decks_in if d is not None), None)
        decks_in = [named if d is None else d for d in decks_in]
    samples = g.sample_decks()
    decks = []
    for i, d in enumerate(decks_in):
        label = f"P{i + 1}'s deck"
        try:
            if isinstance(d, str) and not d.strip():  # a pasted list left empty: never the default silently
                raise RoomError(
                    f"decks[{i}]: an empty deck list (name a sample deck, or null for the default)"
                )
            if d is None:
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
        self.notices: list[dict[str, Any]] = []  # the server's own lines (a seat released), in both languages
        self.next_room: str | None = None  # the rematch, once asked for
        self.undo_log = UndoLog()
        self.epoch = 0  # bumped by each undo: an AI's answer to an earlier epoch is dropped
        # what every viewer is given at the start: a commitment to the secret and these settings (core.fair)
        self.settings = settings_of(self.game, cfg.players, cfg.decks)
        self.commitment = commit(cfg.seed, self.settings)

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

    # ------------------------------------------------------------------ who may act for a seat
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.cfg.seats) if s.kind == HUMAN]

    def issue_invite(self, seat: int) -> str:
        """A new invite for ``seat`` (its hash kept, the token returned once): any earlier invite and any
        session of the seat stop working. The caller persists the seats."""
        s = self.cfg.seats[seat]
        if s.kind != HUMAN:
            raise RoomError(f"P{seat + 1} is an AI seat: it has no link")
        token = new_token()
        if s.claim:
            s.spent = [*s.spent, s.claim][-SPENT_KEPT:]
        s.claim, s.session = token_hash(token), ""
        return token

    def claim(self, token: Any) -> tuple[int, str]:
        """Spend an invite: ``(seat, session secret)``. The invite opens nothing afterwards; the session is
        the claimer's own (only its hash is kept). Raises :class:`AccessError`. No await in here: the check
        and the change happen at once, so two connections can never both claim one invite."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise AccessError("bad_link", "field 'claim': the invite token from the seat's link")
        h = token_hash(token)
        for i, s in enumerate(self.cfg.seats):
            if s.kind == HUMAN and same(s.claim, h):
                session = new_token()
                s.claim, s.session = "", token_hash(session)
                s.spent = [*s.spent, h][-SPENT_KEPT:]
                return i, session
        for i, s in enumerate(self.cfg.seats):
            if s.kind == HUMAN and any(same(x, h) for x in s.spent):
                raise AccessError(
                    "seat_taken",
                    f"this invite link was already used (or replaced): P{i + 1}'s seat is taken — "
                    "ask the room's maker for a new link",
                )
        raise AccessError("bad_link", "this link does not belong to this room")

    def seat_of_session(self, session: Any) -> int:
        """The seat a session secret acts for; raises :class:`AccessError`."""
        if not isinstance(session, str) or not session or len(session) > 200:
            raise AccessError("bad_link", "field 'session': the session secret this browser was given")
        h = token_hash(session)
        for i, s in enumerate(self.cfg.seats):
            if s.kind == HUMAN and same(s.session, h):
                return i
        raise AccessError(
            "session_ended",
            "this session no longer opens a seat here (the seat was released, or the room is another one)",
        )

    def check_maker(self, token: Any) -> None:
        if not (isinstance(token, str) and token and same(self.cfg.maker, token_hash(token))):
            raise AccessError("not_maker", "field 'maker': not this room's maker token")

    # ------------------------------------------------------------------ fairness (core.fair)
    def fair(self) -> dict[str, Any]:
        """What everyone is given at the start: the commitment and the settings hash it covers."""
        return {"commitment": self.commitment, "settings": self.settings}

    def reveal(self) -> dict[str, Any]:
        """The secret, once the game is over: with it anyone checks the commitment they were given."""
        if not self.over:
            raise RoomError("the secret is revealed when the game is over")
        seed = self.cfg.seed
        return {"seed": seed, "key": secret_key(seed).hex(), **self.fair()}

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
            **self.fair(),
            **({"reveal": self.reveal()} if self.over else {}),
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
        chat line or another person's action, nor over a stretch that taught ``seat`` anything about a card it
        could not see); raises RoomError with the reason. It replays the stretch in other worlds (up to a
        fraction of a second): the server calls it off the event loop."""
        if self.over:
            raise RoomError("the game is over: nothing to undo")
        agents = [None if s.kind == HUMAN else s for s in self.cfg.seats]
        entries = list(self.entries)
        try:
            return self.undo_log.target(seat, agents, self._state_after, entries)
        except UndoRefused as e:
            raise RoomError(str(e)) from None

    def _state_after(self, keep: int) -> State:
        """The game after its first ``keep`` entries, rebuilt apart (the room's own state is not touched)."""
        state = self.game.new_state(self._decks(), self.cfg.seed, players=self.cfg.players)
        for entry in self.entries[:keep]:
            chat = parse_chat(entry)
            if chat is not None:
                state.say(*chat)
            else:
                state.apply(state.parse_action(entry))
        return state

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
