"""A game's metadata, options and entry points, and the registry of games (like OpenSpiel's GameType)."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from .actions import ActionSpace
from .cards import CardSchema, CardSet, load_cardset
from .decklist import Deck, load_deck, parse_deck
from .errors import DeckListError, OptionError
from .state import State
from .zones import ZoneSpec


@dataclass(frozen=True)
class OptionSpec:
    """One house-rule switch. ``choices`` for enumerations; otherwise ``kind`` (int, bool) is checked."""

    default: Any
    doc: str
    doc_ja: str = ""
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    min: int | None = None
    max: int | None = None

    def check(self, name: str, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise OptionError(
                    f"option {name}: {value!r} is not one of {', '.join(map(str, self.choices))}"
                )
            return value
        kind = self.kind or type(self.default)
        if kind is bool and isinstance(value, str):
            if value.lower() in ("true", "yes", "on", "1"):
                return True
            if value.lower() in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {name}: {value!r} is not true/false")
        if kind is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise OptionError(f"option {name}: {value!r} is not a whole number") from None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise OptionError(f"option {name}: {value!r} is not a {kind.__name__}")
        if self.min is not None and value < self.min:
            raise OptionError(f"option {name}: {value} is below the minimum {self.min}")
        if self.max is not None and value > self.max:
            raise OptionError(f"option {name}: {value} is above the maximum {self.max}")
        return value


@dataclass(frozen=True)
class Mode:
    """A way to play a game that the conformance suite must cover (player count, team play, …)."""

    label: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


class Game:
    """A registered game: its cards, options, deck rules and a factory for initial states.

    Subclasses set the ClassVars and implement ``new_state`` and ``deck_problems``.
    """

    id: ClassVar[str]
    name: ClassVar[str]  # Japanese
    name_en: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_specs: ClassVar[dict[str, OptionSpec]] = {}
    card_schema: ClassVar[CardSchema]
    package_dir: ClassVar[Path]
    action_space: ClassVar[ActionSpace]
    implemented: ClassVar[bool] = True  # False: the game says loudly which rules are missing
    modes: ClassVar[tuple[Mode, ...]] = ()  # empty: the one mode of min_players players
    state_class: ClassVar[type[State]]
    # how a game can end: code -> (Japanese, English); Outcome.code is always one of these
    outcomes: ClassVar[dict[str, tuple[str, str]]] = {}
    _cardset_cache: ClassVar[dict[str, CardSet]] = {}

    def __init__(self, options: dict[str, Any] | None = None, cards_path: str | Path | None = None) -> None:
        opts = {k: spec.default for k, spec in self.option_specs.items()}
        for k, v in (options or {}).items():
            spec = self.option_specs.get(k)
            if spec is None:
                known = ", ".join(self.option_specs) or "none"
                raise OptionError(f"{self.id} has no option {k!r} (its options: {known})")
            opts[k] = spec.check(k, v)
        self.options = opts
        self.cards_path = None if cards_path is None else str(cards_path)
        path = str(cards_path or self.package_dir / "cards.toml")
        cache = type(self)._cardset_cache
        if path not in cache:
            cache[path] = load_cardset(path, self.card_schema)
        self.cardset: CardSet = cache[path]
        self._setup()

    def _setup(self) -> None:
        """Per-game precomputation over the card set (compiled tables for the hot paths)."""

    def sides(self, nplayers: int) -> int:
        """How many sides play against each other (a team counts once): the fair share of wins is 1/sides."""
        return nplayers

    @property
    def open_decklists(self) -> bool:
        return bool(self.options.get("open_decklists", False))

    # ------------------------------------------------------------------ decks
    def parse_deck(self, text: str, source: str = "<deck>", *, check: bool = True) -> Deck:
        deck = parse_deck(text, self.cardset, source)
        if check:
            self.check_deck(deck)
        return deck

    def load_deck(self, path: str | Path, *, check: bool = True) -> Deck:
        deck = load_deck(path, self.cardset)
        if check:
            self.check_deck(deck)
        return deck

    def check_deck(self, deck: Deck) -> None:
        problems = self.deck_problems(deck)
        if problems:
            raise DeckListError(deck.source, problems)

    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        """Every deck rule broken: ``(line or None, message naming the rule)``."""
        raise NotImplementedError

    def sample_decks(self) -> dict[str, Path]:
        d = self.package_dir / "decks"
        return {p.stem: p for p in sorted(d.glob("*.txt"))}

    def default_deck(self, seat: int) -> Deck:
        decks = list(self.sample_decks().values())
        return self.load_deck(decks[seat % len(decks)])

    # ------------------------------------------------------------------ states
    def zone_specs(self, nplayers: int) -> tuple[ZoneSpec, ...]:
        """The table's zones for ``nplayers`` players."""
        raise NotImplementedError

    def new_state(
        self,
        decks: list[Deck] | None = None,
        seed: int = 0,
        *,
        players: int | None = None,
        record: bool = True,
    ) -> State:
        raise NotImplementedError

    # ------------------------------------------------------------------ presentation (overridden per game)
    def describe(self, action: Any) -> str:
        """A menu label for an action (Japanese and English where the game provides them)."""
        return " ".join(str(x) for x in action if x != -1)

    def render_event(self, ev: dict[str, Any], viewer: int) -> str:
        """One event, as ``viewer`` sees it (``ev`` = ``Event.view(viewer)``)."""
        card = ev["card"]
        name = "?" if card is None else ("" if card < 0 else self.cardset[card].label)
        return f"P{ev['seat'] + 1} {ev['kind']} {name} {' '.join(map(str, ev['args']))}".strip()

    def render_observation(self, obs: dict[str, Any]) -> Any:
        """A Rich renderable of an observation."""
        from rich.pretty import Pretty

        return Pretty(obs)

    def explain_notation(self, state: State, text: str) -> str:
        """Why typed text is not a legal action now: empty, an unknown kind of action, the game is over, or
        not legal at this moment — with what is legal."""
        words = text.split()
        legal = [state.notation(a) for a in state.legal_actions()]
        shown = ", ".join(legal[:12]) + (", …" if len(legal) > 12 else "")
        if not words:
            return "empty action"
        kinds = self.action_space.kinds
        if words[0].lower() not in kinds:
            return f"unknown action {words[0]!r} (actions: {', '.join(kinds)}); legal now: {shown}"
        if not legal:
            return f"{text!r}: the game is over"
        return f"{text!r} is not legal now (P{state.to_move + 1} may: {shown})"

    def card_table_row(self, c: Any) -> dict[str, Any]:
        return {"id": c.id, "name": c.name, "name_en": c.name_en, "type": c.type, **dict(c.data)}

    def metadata(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_en": self.name_en,
            "rules_version": self.rules_version,
            "players": [self.min_players, self.max_players],
            "options": {
                k: {
                    "default": s.default,
                    "doc": s.doc,
                    "doc_ja": s.doc_ja,
                    "choices": list(s.choices) if s.choices else None,
                }
                for k, s in self.option_specs.items()
            },
            "cards": len(self.cardset),
            "card_set": self.cardset.digest,
            "implemented": self.implemented,
        }


# ---------------------------------------------------------------------- registry
_REGISTRY: dict[str, type[Game]] = {}
_GAME_MODULES = ("tefuda.games.kirifuda", "tefuda.games.yonesu", "tefuda.games.genesis")


def register(cls: type[Game]) -> type[Game]:
    if cls.id in _REGISTRY and _REGISTRY[cls.id] is not cls:
        raise ValueError(f"game id {cls.id!r} registered twice")
    _REGISTRY[cls.id] = cls
    return cls


def _load_all() -> None:
    for mod in _GAME_MODULES:
        importlib.import_module(mod)


def game_ids() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def game_class(game_id: str) -> type[Game]:
    _load_all()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise OptionError(f"no game {game_id!r} (games: {', '.join(sorted(_REGISTRY))})") from None


def load_game(game_id: str, options: dict[str, Any] | None = None, **kw: Any) -> Game:
    return game_class(game_id)(options, **kw)


_GAME_CACHE: dict[tuple, Game] = {}


def cached_game(game_id: str, options: dict[str, Any], cards_path: str | None = None) -> Game:
    """The same game object for the same id, options and card file: what an agent rebuilds a world with (a
    decision names its game by these plain values rather than holding an object)."""
    key = (game_id, tuple(sorted(options.items())), cards_path)
    g = _GAME_CACHE.get(key)
    if g is None:
        g = _GAME_CACHE[key] = load_game(game_id, options, cards_path=cards_path)
    return g


def play_modes(game_id: str) -> tuple[Mode, ...]:
    cls = game_class(game_id)
    return cls.modes or (Mode(f"{cls.min_players}p", cls.min_players),)


def mode_cases() -> list[str]:
    """Every (game, mode) the conformance suite runs: ``id`` for a one-mode game, else ``id@label``."""
    out = []
    for gid in game_ids():
        modes = play_modes(gid)
        out.extend([gid] if len(modes) == 1 else [f"{gid}@{m.label}" for m in modes])
    return out


def load_case(case: str) -> tuple[Game, Mode]:
    """``id`` or ``id@label`` -> the game (with the mode's options) and the mode."""
    gid, _, label = case.partition("@")
    modes = play_modes(gid)
    mode = next((m for m in modes if m.label == label), None) if label else modes[0]
    if mode is None:
        raise OptionError(f"{gid} has no mode {label!r} (modes: {', '.join(m.label for m in modes)})")
    return load_game(gid, mode.options), mode


GameFactory = Callable[..., Game]


def sample_capped(pool: list[int], cap: int, n: int, known_defs: list[int], rng: Any) -> list[int]:
    """``n`` card definitions from ``pool``, no more than ``cap`` copies of one counting the known ones (a
    prior over an opponent's unseen cards when deck lists are closed)."""
    used = Counter(known_defs)
    out: list[int] = []
    for _ in range(n):
        choices = [c for c in pool if used[c] < cap] or pool
        c = rng.choice(choices)
        used[c] += 1
        out.append(c)
    return out
