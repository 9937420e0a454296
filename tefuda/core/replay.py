"""Replays (DESIGN.md §6): a header, the actions in notation, the outcome and a hash of the final state.

A replay names the card set's hash, so it cannot silently change meaning when the cards change:
``verify`` refuses a replay recorded with other cards unless told to go on anyway.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .. import __version__
from .cards import ADD
from .errors import IllegalActionError, ReplayError, TefudaError
from .fair import commit, settings_hash, settings_of
from .game import Game, load_game
from .rng import Rng
from .state import State

FORMAT = "tefuda-replay"
FORMAT_VERSION = 3  # 3: chance from the game's secret (keyed BLAKE2b), a commitment to it
# 2: instance ids dealt at random, outcome codes, a numbering-free final hash; chance from splitmix64 over
# the seed — still read, and re-simulated with that old stream (core.rng.Rng)
OLDEST_READ = 2


@dataclass
class Replay:
    game: str
    seed: int | str  # the game's secret (64 hex digits), or a chosen whole number
    decks: list[str]
    actions: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    agents: list[str] = field(default_factory=list)
    players: int = 2
    rules_version: str = ""
    card_set: str = ""
    tefuda: str = __version__
    outcome: dict[str, Any] | None = None
    final_hash: str = ""
    state_format: int = 1  # the game's state bookkeeping the final hash was taken of (Game.state_format)
    note: str = ""
    position: dict[str, Any] | None = None  # a game started from a position (tefuda.core.position) instead
    # a designer's card file the game was played with: {"mode": "replace" | "add", "toml": its text}, so the
    # replay verifies on a machine without the file (absent: the game's own pool)
    cards: dict[str, str] | None = None
    # the commitment every seat was given at the start (core.fair): SHA-256 of the secret and the settings
    commitment: str = ""
    format_version: int = FORMAT_VERSION  # 2: an old replay whose chance was splitmix64 over the seed

    def settings(self) -> str:
        """The hash of the game's settings the commitment covers (core.fair.settings_hash)."""
        return settings_hash(
            self.game, self.rules_version, self.card_set, self.options, self.players, self.decks
        )

    def to_json(self) -> str:
        body = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "tefuda": self.tefuda,
            "game": self.game,
            "rules_version": self.rules_version,
            "card_set": self.card_set,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "agents": self.agents,
            "decks": self.decks,
            "actions": self.actions,
            "outcome": self.outcome,
            "final_hash": self.final_hash,
            "state_format": self.state_format,
        }
        if self.note:
            body["note"] = self.note
        if self.position is not None:
            body["position"] = self.position
        if self.cards is not None:
            body["cards"] = self.cards
        if self.commitment:
            body["commitment"] = self.commitment
        return json.dumps(body, ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")


def record(
    state: State,
    actions: list[str],
    decks: list[str],
    seed: int | str,
    agents: list[str],
    note: str = "",
    position: dict[str, Any] | None = None,
) -> Replay:
    """The replay of a game that started from ``decks`` and ``seed`` — or from ``position`` (its data) —
    with the commitment to its secret (a game from a position has none: its stream is in the position)."""
    g = state.game
    res = state.outcome()
    cards = None
    if g.cards_path:
        cards = {"mode": "add" if g.cards_path.startswith(ADD) else "replace", "toml": g.cardset.text}
    commitment = "" if position is not None else commit(seed, settings_of(g, state.nplayers, decks))
    return Replay(
        commitment=commitment,
        cards=cards,
        position=position,
        game=g.id,
        seed=seed,
        decks=decks,
        actions=actions,
        options=dict(g.options),
        agents=agents,
        players=state.nplayers,
        rules_version=g.rules_version,
        card_set=g.cardset.digest,
        outcome=None if res is None else res.as_dict(),
        final_hash=state.digest(),
        state_format=g.state_format,
        note=note,
    )


MAX_TEXT = 4_000_000  # characters in one deck list, card file or note of a replay


class _Cards(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    mode: Literal["replace", "add"]
    toml: str = Field(max_length=MAX_TEXT)


class _Outcome(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    winner: int | None = Field(default=None, ge=0, le=15)
    winners: list[Annotated[int, Field(ge=0, le=15)]] = Field(default_factory=list, max_length=16)
    code: str = Field(default="", max_length=200)


class _Header(BaseModel):
    """Every field of a replay, its type and range, checked before anything runs (one schema, not scattered
    checks): a bad file gets one line naming the field, never a traceback."""

    model_config = ConfigDict(extra="forbid", strict=True)
    format: str
    format_version: int
    tefuda: str = Field(default="", max_length=100)
    game: str = Field(min_length=1, max_length=100)
    rules_version: str = Field(default="", max_length=1000)
    card_set: str = Field(default="", max_length=100)
    options: dict[str, str | bool | int | float | None] = Field(default_factory=dict, max_length=200)
    seed: Any  # checked by _seed: a whole number (a chosen seed) or the game's secret (64 hex digits)
    players: int = Field(default=2, ge=1, le=16)
    agents: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=16)
    decks: list[Annotated[str, Field(max_length=MAX_TEXT)]] = Field(max_length=16)
    actions: list[Annotated[str, Field(max_length=10_000)]] = Field(max_length=5_000_000)
    outcome: _Outcome | None = None
    final_hash: str = Field(default="", max_length=200)
    state_format: int = Field(default=1, ge=1, le=1_000_000)
    note: str = Field(default="", max_length=MAX_TEXT)
    position: dict[str, Any] | None = None
    cards: _Cards | None = None
    commitment: str = Field(default="", pattern="^([0-9a-f]{64})?$")

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, v: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1 << 64:
            return v
        if isinstance(v, str) and len(v) == 64 and all(c in "0123456789abcdef" for c in v):
            return v
        raise ValueError(
            "a whole number from 0 below 2**64 (a chosen seed) or the game's secret (64 hex digits)"
        )

    @model_validator(mode="after")
    def _per_player(self) -> _Header:
        if self.position is None and len(self.decks) != self.players:
            raise ValueError(f"decks: one deck list per player ({self.players}), got {len(self.decks)}")
        if self.agents and len(self.agents) != self.players:
            raise ValueError(f"agents: one agent per player ({self.players}), got {len(self.agents)}")
        return self


def _first_error(e: ValidationError) -> str:
    """The first problem, on one line: a key or value from the file may hold a line break (escaped)."""
    message = _first_problem(e)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def _first_problem(e: ValidationError) -> str:
    err = e.errors()[0]
    loc = ".".join(str(x) for x in err["loc"])
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "extra_forbidden":
        return f"unknown field '{loc}'"
    if err["type"] == "missing":
        return f"missing field '{loc}'"
    if not loc:  # a check across fields names its field itself
        field, _, rest = msg.partition(": ")
        return f"field '{field}': {rest}"
    got = err.get("input")
    shown = type(got).__name__ if isinstance(got, dict | list) else repr(got)[:60]
    return f"field '{loc}': {msg} (got {shown})"


def parse_replay(text: str, label: str = "<replay>") -> Replay:
    try:
        body = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReplayError(f"{label}:{e.lineno}: not valid JSON ({e.msg})") from None
    except RecursionError:
        raise ReplayError(f"{label}: not a replay (JSON nested too deeply)") from None
    if not isinstance(body, dict):
        raise ReplayError(f"{label}: a replay is a JSON object")
    if body.get("format") != FORMAT:
        raise ReplayError(f"{label}: field 'format' must be {FORMAT!r} (is this a tefuda replay?)")
    fv = body.get("format_version")
    if not isinstance(fv, int) or isinstance(fv, bool):
        raise ReplayError(f"{label}: field 'format_version' must be a whole number")
    if fv > FORMAT_VERSION:
        raise ReplayError(f"{label}: format_version {fv} is newer than this tefuda reads ({FORMAT_VERSION})")
    if fv < OLDEST_READ:
        raise ReplayError(
            f"{label}: format_version {fv} was written by an older tefuda, which dealt its games "
            f"differently; this version ({FORMAT_VERSION}) cannot re-simulate it"
        )
    if fv < FORMAT_VERSION and not isinstance(body.get("seed"), int):
        raise ReplayError(f"{label}: field 'seed': a format_version {fv} replay's seed is a whole number")
    try:
        h = _Header.model_validate(body)
    except ValidationError as e:
        raise ReplayError(f"{label}: {_first_error(e)}") from None
    except RecursionError:
        raise ReplayError(f"{label}: not a replay (nested too deeply)") from None
    return Replay(
        game=h.game,
        seed=h.seed,
        decks=h.decks,
        actions=h.actions,
        options=h.options,
        agents=h.agents,
        players=h.players,
        rules_version=h.rules_version,
        card_set=h.card_set,
        tefuda=h.tefuda,
        outcome=body.get("outcome"),
        final_hash=h.final_hash,
        state_format=h.state_format,
        note=h.note,
        position=h.position,
        cards=None if h.cards is None else h.cards.model_dump(),
        commitment=h.commitment,
        format_version=fv,
    )


def cards_file(cards: dict[str, str]) -> str:
    """Where a replay's embedded card file is put to be read (a cache file named by its content), as the
    ``cards_path`` the game is loaded with: ``+path`` when it was laid over the game's own pool."""
    data = cards["toml"].encode("utf-8")
    folder = Path(tempfile.gettempdir()) / "tefuda-cards"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{hashlib.sha256(data).hexdigest()[:24]}.toml"
    if not path.exists() or path.read_bytes() != data:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    return (ADD if cards["mode"] == "add" else "") + str(path)


def load_replay(path: str | Path) -> Replay:
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise ReplayError(f"{path}: cannot read the file ({e.strerror})") from None
    return parse_replay(text, str(path))


def initial_state(
    rep: Replay, label: str = "<replay>", *, record_events: bool = True, allow_other_cards: bool = False
) -> tuple[Game, State]:
    if rep.position is not None:
        from .position import load as load_position

        try:
            state = load_position(
                rep.position, f"{label}: position", record=record_events, allow_other_cards=allow_other_cards
            )
        except TefudaError as e:
            raise ReplayError(str(e)) from None
        game = state.game
        assert isinstance(game, Game)  # a state's game is a Game; state.game is typed by the part states call
        return game, state
    try:
        cards_path = cards_file(rep.cards) if rep.cards is not None else None
        game = load_game(rep.game, rep.options, cards_path=cards_path)
    except TefudaError as e:
        raise ReplayError(f"{label}: {e}") from None
    except OSError as e:
        raise ReplayError(f"{label}: cannot write the replay's card file ({e.strerror})") from None
    if rep.card_set and rep.card_set != game.cardset.digest and not allow_other_cards:
        raise ReplayError(
            f"{label}: recorded with card set {rep.card_set}, but {rep.game}'s cards are now "
            f"{game.cardset.digest}: the replay may mean something else (use --force to try anyway)"
        )
    decks = []
    for i, text in enumerate(rep.decks):
        try:
            decks.append(game.parse_deck(text, f"{label}: decks[{i}]"))
        except TefudaError as e:
            raise ReplayError(str(e)) from None
    # a format 2 replay was dealt by the old stream (splitmix64 over its seed): it is re-simulated with it
    seed: Any = Rng(rep.seed) if rep.format_version < 3 and isinstance(rep.seed, int) else rep.seed
    try:
        state = game.new_state(decks, seed, players=rep.players, record=record_events)
    except (TefudaError, ValueError) as e:  # a game's own check of players or decks, in one line
        raise ReplayError(f"{label}: {e}") from None
    return game, state


CHAT_PREFIX = "!say "


def chat_entry(seat: int, text: str) -> str:
    """How a chat line is kept among a replay's actions: ``!say 2 hello`` (seat numbers from 1)."""
    return f"{CHAT_PREFIX}{seat + 1} {' '.join(text.split())}"


def parse_chat(entry: str) -> tuple[int, str] | None:
    """``(seat, text)`` for a chat entry, None for an action; a malformed chat entry raises."""
    if not entry.startswith(CHAT_PREFIX):
        return None
    rest = entry[len(CHAT_PREFIX) :]
    num, _, text = rest.partition(" ")
    if not num.isdigit() or int(num) < 1:
        raise IllegalActionError(f"chat entry {entry!r} must read '!say <seat number> <text>'")
    return int(num) - 1, text


def replay_steps(rep: Replay, label: str = "<replay>", **kw: Any):
    """Yield ``(step, action text, state after, events)``; the first yield is step 0 with no action."""
    _, state = initial_state(rep, label, **kw)
    yield 0, None, state, list(state.log or [])
    for n, text in enumerate(rep.actions, 1):
        if state.is_over:
            raise ReplayError(f"{label}: actions[{n - 1}] {text!r}: the game was already over")
        try:
            chat = parse_chat(text)
            events = state.say(*chat) if chat is not None else state.apply(state.parse_action(text))
        except IllegalActionError as e:
            raise ReplayError(f"{label}: actions[{n - 1}] (step {n}) {text!r}: {e}") from None
        yield n, text, state, events


def check_commitment(rep: Replay, label: str = "<replay>", expected: str | None = None) -> str | None:
    """Check the replay's secret against its commitment (and against ``expected``, the commitment a player
    was given at the start and kept). Returns the commitment checked, None if there is none to check."""
    if rep.position is not None or rep.format_version < 3:
        if expected:
            raise ReplayError(
                f"{label}: a game from a position, or an old replay, has no commitment to check"
            )
        return None
    got = commit(rep.seed, rep.settings())
    if rep.commitment and got != rep.commitment:
        raise ReplayError(
            f"{label}: the secret and settings give commitment {got[:16]}…, not the recorded "
            f"{rep.commitment[:16]}…: the game is not the one committed to at the start"
        )
    if expected:
        want = expected.strip().lower()
        if got != want:
            raise ReplayError(
                f"{label}: the secret and settings give commitment {got[:16]}…, not {want[:16]}… — the one "
                "you were given at the start: this is not the game that was promised"
            )
    return got if (rep.commitment or expected) else None


def verify(rep: Replay, label: str = "<replay>", commitment: str | None = None, **kw: Any) -> State:
    """Re-simulate; raise :class:`ReplayError` if the secret does not match its commitment, an action is not
    legal where it was taken, or the outcome or the final hash differ. A replay recorded before its game's
    state bookkeeping changed (``Game.state_format``) cannot have the same hash: it is verified by its
    actions and outcome only."""
    steps = replay_steps(rep, label, record_events=False, **kw)
    last = next(steps)  # the game set up: a card set or deck that is not the replay's is named first
    check_commitment(rep, label, commitment)
    for last in steps:  # noqa: B007 — the last step is the final state
        pass
    state = last[2]
    if rep.final_hash and rep.state_format == state.game.state_format and state.digest() != rep.final_hash:
        raise ReplayError(f"{label}: final state hash {state.digest()} != recorded {rep.final_hash}")
    res = state.outcome()
    got = None if res is None else res.as_dict()
    if rep.outcome != got:
        raise ReplayError(f"{label}: outcome {got} != recorded {rep.outcome}")
    if not rep.final_hash:
        raise ReplayError(
            f"{label}: no final_hash recorded, so the final state cannot be checked (its actions are legal "
            "and its outcome matches)"
        )
    return state
