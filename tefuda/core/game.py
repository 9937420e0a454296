"""A game's metadata, options and entry points, and the registry of games (like OpenSpiel's GameType)."""

from __future__ import annotations

import copyreg
import importlib
import importlib.metadata
import operator
import pkgutil
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, cast

from .actions import Action
from .cards import ADD, CardSchema, CardSet, load_cardset, merge_cardsets
from .decklist import Deck, load_deck, parse_deck
from .errors import DeckListError, OptionError, PositionError
from .events import EVENT_REFS
from .observe import fallback_refs, observe
from .options import OptionSpec, load_options
from .prior import sample_capped as sample_capped  # where games and third parties import it from
from .state import TERMINAL, GameBase, S, State
from .subscriptions import Subscriptions
from .texts import Texts, load_texts


@dataclass(frozen=True)
class Mode:
    """A way to play a game that the conformance suite must cover (player count, team play, …)."""

    label: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


# the events the core itself emits, in every game
CORE_EVENT_TEXT: dict[str, tuple[str, str]] = {
    "game_over": ("ゲーム終了: {code:outcome}", "game over: {code:outcome}"),
    "say": ("{who}: 「{text}」", "{who} says: “{text}”"),
    "created": ("{who} {card} を生成 ({to})", "{who} creates {card} ({to})"),
    "ceased": ("{card} はゲームから消える", "{card} ceases to exist"),
}


class Whose:
    """``{whose:ja}`` / ``{whose:en}`` in an event template: the event's seat as a possessive, for the one
    who reads it — あなたの / ``your`` for the viewer's own event, ``P2 の`` / ``P2's`` for anyone else's
    (``{who}'s`` would read "P1 (you)'s"). Empty for an event of no seat."""

    __slots__ = ("seat", "viewer")

    def __init__(self, seat: int | None, viewer: int) -> None:
        self.seat, self.viewer = seat, viewer

    def __format__(self, spec: str) -> str:
        if self.seat is None or self.seat < 0:
            return ""
        mine = self.seat == self.viewer
        if spec == "en":
            return "your" if mine else f"P{self.seat + 1}'s"
        return "あなたの" if mine else f"P{self.seat + 1} の"


@dataclass(frozen=True)
class GameInfo:
    """What kind of game this is, like OpenSpiel's GameType and GameInfo together (``game.info``)."""

    id: str
    name: str
    name_en: str
    rules_version: str
    min_players: int
    max_players: int
    modes: tuple[str, ...]
    # chance: the engine draws every random event (shuffles, じゃんけん) from the state's own seeded RNG —
    # OpenSpiel's SAMPLED_STOCHASTIC; there is no chance player to act
    chance: str
    information: str  # "imperfect": hidden hands and decks
    dynamics: str  # "sequential": one seat decides at a time (simultaneous choices are sequential prompts)
    utility: str  # "zero_sum" for two sides, "general_sum" otherwise (returns: +1 winners, -1 the others)
    reward_model: str  # "terminal": returns come at the end only
    min_utility: float
    max_utility: float
    max_game_length: int  # actions after which a game counts as stuck (the lab's action cap, a rule hole)
    num_distinct_actions: int  # the size of the action space (RL action masks)
    terminal_player: int  # current_player once the game is over


class Game(GameBase, Generic[S]):
    """A registered game: the contract every game implements, and nothing else (docs/game-contract.md).

    A game sets the class attributes below and implements, on the game object:

    - ``zone_specs(nplayers)``, ``new_state(decks, seed, players=, record=)``, ``deck_problems(deck)``;
    - ``notation(state, action, lang)`` and ``label(state, action)``: the one way an action is written and
      shown (``parse`` and ``describe`` follow from them);

    and on its :class:`~tefuda.core.state.State` subclass (declared as ``state_class``):
    ``_legal_actions``, ``_apply``, ``phase_info``, with the optional observation hooks ``counters``,
    ``card_view``, ``prompt``, ``extra``, and its fields typed (``_TYPES``, ``_CARD_FIELDS``, ``_FLAGS``).
    Everything else — observations, events, determinization, replays, positions, the registry — is the core's.
    """

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_specs: ClassVar[dict[str, OptionSpec]] = {}
    card_schema: ClassVar[CardSchema]
    types_en: ClassVar[dict[str, str]] = {}  # card type -> English name (the schema has the Japanese)
    # a deck in parts: the ``[section]`` names a deck list may use -> the game's name of the part
    deck_sections: ClassVar[dict[str, str]] = {}
    package_dir: ClassVar[Path]
    implemented: ClassVar[bool] = True  # False: the game says loudly which rules are missing
    modes: ClassVar[tuple[Mode, ...]] = ()  # empty: the one mode of min_players players
    state_class: ClassVar[type[State]]
    # how each event reads: code -> (Japanese template, English template), for the view layer (tefuda.view)
    event_text: ClassVar[dict[str, tuple[str, str]]] = {}
    max_game_length: ClassVar[int] = 5000
    # event argument names that refer to the table, beyond the core's (core/events.py EVENT_REFS)
    event_refs: ClassVar[dict[str, str]] = {}
    _cardset_cache: ClassVar[dict[str, CardSet]] = {}
    texts: ClassVar[Texts]  # the game's texts.toml (core/texts.py)

    def __reduce__(self) -> tuple[Any, ...]:
        """A registered game pickles by name — id, options, card file — and a worker process rebuilds it from
        its own cache (``cached_game``) rather than receiving its tables; any other pickles whole."""
        if _REGISTRY.get(self.id) is type(self):
            return cached_game, (self.id, dict(self.options), self.cards_path)
        return copyreg.__newobj__, (type(self),), dict(self.__dict__)  # type: ignore[attr-defined]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's words and house rules are data beside its rules: ``texts.toml`` (event templates, term
        labels, outcomes) and ``options.toml`` in its ``package_dir`` are read once, here, unless the class
        sets them itself."""
        super().__init_subclass__(**kwargs)
        folder = cls.__dict__.get("package_dir")
        if folder is None:
            return
        if "texts" not in cls.__dict__ and (folder / "texts.toml").exists():
            cls.texts = load_texts(folder / "texts.toml")
        texts = cls.__dict__.get("texts")
        if texts is not None:
            for attr, value in (("event_text", texts.events), ("term_labels", texts.terms)):
                if attr not in cls.__dict__:
                    setattr(cls, attr, value)
            if "outcomes" not in cls.__dict__:
                cls.outcomes = texts.outcomes
        if "option_specs" not in cls.__dict__ and (folder / "options.toml").exists():
            cls.option_specs = load_options(folder / "options.toml")

    def __init__(self, options: dict[str, Any] | None = None, cards_path: str | Path | None = None) -> None:
        opts = {k: spec.default for k, spec in self.option_specs.items()}
        for k, v in (options or {}).items():
            spec = self.option_specs.get(k)
            if spec is None:
                known = ", ".join(self.option_specs) or "none"
                raise OptionError(f"{self.id} has no option {k!r} (its options: {known})")
            opts[k] = spec.check(k, v)
        self.options = opts
        # the decks already checked and dealt, by identity and the options in force (``_dealt``)
        self._deals: dict[tuple[int, ...], tuple[tuple[Deck, ...], dict[str, Any], list[Any]]] = {}
        # the card pool: the game's own, a designer's file instead (``path``), or laid over it (``+path``)
        self.cards_path = None if cards_path is None else str(cards_path)
        self.cardset = self.load_cards(self.cards_path)
        self.card_ids = [c.id for c in self.cardset]
        self.event_refs_all = {**EVENT_REFS, **self.event_refs}
        rules = self.rules
        if rules is not None:  # a game on the flow: its state finds rules and offers on its class
            state_class: Any = self.state_class
            state_class._fns = rules.fns
            state_class._offers = rules.offers
        self._setup()

    @classmethod
    def load_cards(cls, cards_path: str | None) -> CardSet:
        """The card set a ``--cards`` value names (None: the game's own pool), loaded once per process."""
        cache = cls._cardset_cache  # shared by every game class: keyed by the game's own file too
        own = str(cls.package_dir / "cards.toml")
        key = f"{own}\0{cards_path or ''}"
        if key not in cache:
            if not cards_path:
                cache[key] = load_cardset(own, cls.card_schema)
            elif cards_path.startswith(ADD):
                cache[key] = merge_cardsets(
                    cls.load_cards(None), load_cardset(cards_path[1:], cls.card_schema)
                )
            else:
                cache[key] = load_cardset(cards_path, cls.card_schema)
        return cache[key]

    def listen(self, subscriptions: Subscriptions) -> None:
        """Let the state hear the events card data's triggers subscribe to (call from ``_setup``)."""
        self.subscriptions = subscriptions
        self.listened = subscriptions.codes
        self.listen_only = subscriptions.self_cards

    def _setup(self) -> None:
        """Per-game precomputation over the card set (compiled tables for the hot paths, the action space)."""

    @property
    def info(self) -> GameInfo:
        modes = self.modes or (Mode(f"{self.min_players}p", self.min_players),)
        two_sided = all(self.sides(m.players) == 2 for m in modes)
        return GameInfo(
            id=self.id,
            name=self.name,
            name_en=self.name_en,
            rules_version=self.rules_version,
            min_players=self.min_players,
            max_players=self.max_players,
            modes=tuple(m.label for m in modes),
            chance="sampled",
            information="imperfect",
            dynamics="sequential",
            utility="zero_sum" if two_sided else "general_sum",
            reward_model="terminal",
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_game_length,
            num_distinct_actions=self.action_space.size,
            terminal_player=TERMINAL,
        )

    def sides(self, nplayers: int) -> int:
        """How many sides play against each other (a team counts once): the fair share of wins is 1/sides."""
        return nplayers

    # ------------------------------------------------------------------ decks
    def parse_deck(self, text: str, source: str = "<deck>", *, check: bool = True) -> Deck:
        deck = parse_deck(text, self.cardset, source, self.deck_sections)
        if check:
            self.check_deck(deck)
        return deck

    def load_deck(self, path: str | Path, *, check: bool = True) -> Deck:
        deck = load_deck(path, self.cardset, self.deck_sections)
        if check:
            self.check_deck(deck)
        return deck

    def check_deck(self, deck: Deck) -> None:
        problems = self.deck_problems(deck)
        if problems:
            raise DeckListError(deck.source, problems)

    @abstractmethod
    def deck_problems(self, deck: Deck) -> list[tuple[int | None, str]]:
        """Every deck rule broken: ``(line or None, message naming the rule)``."""

    def sample_decks(self) -> dict[str, Path]:
        d = self.package_dir / "decks"
        return {p.stem: p for p in sorted(d.glob("*.txt"))}

    def legal_sample_decks(self) -> dict[str, Deck]:
        """The sample decks legal under the options in force (a house rule may allow what a deck rule
        forbids, and a sample deck may need it)."""
        out = {}
        for name, path in self.sample_decks().items():
            deck = self.load_deck(path, check=False)
            if not self.deck_problems(deck):
                out[name] = deck
        return out

    def default_deck(self, seat: int) -> Deck:
        decks = list(self.sample_decks().values())
        return self.load_deck(decks[seat % len(decks)])

    # ------------------------------------------------------------------ states
    def new_state(
        self,
        decks: list[Deck] | None = None,
        seed: Any = 0,
        *,
        players: int | None = None,
        record: bool = True,
    ) -> S:
        """A new game, set up and run to its first decision: the player count checked, a checked deck for
        every seat, every card dealt to its starting zone (:meth:`deal`), then the game's own 準備
        (:meth:`start`). A game with a different setup overrides the hooks, or this whole method."""
        n = players or self.min_players
        problem = self.players_problem(n)
        if problem is not None:
            raise OptionError(problem)
        state = cast(S, self.state_class.__new__(self.state_class))
        state._init_core(self, n, self.zone_specs(n), self._dealt(decks, n), seed, record)
        self.start(state)
        return state

    def players_problem(self, nplayers: int) -> str | None:
        """Why ``nplayers`` cannot play this game (None when they can)."""
        if self.min_players <= nplayers <= self.max_players:
            return None
        game = f"{self.name} ({self.name_en})"
        if self.min_players == self.max_players:
            return f"{game} is a game for exactly {self.min_players} players, not {nplayers}"
        return f"{game} is played by {self.min_players} to {self.max_players} players, not {nplayers}"

    def seat_decks(self, decks: list[Deck] | None, nplayers: int) -> list[Deck]:
        """One checked deck per seat (the sample decks when none are given)."""
        if decks is None:
            decks = [self.default_deck(seat) for seat in range(nplayers)]
        if len(decks) != nplayers:
            raise ValueError(f"need {nplayers} decks, got {len(decks)}")
        for deck in decks:
            self.check_deck(deck)
        return decks

    def _dealt(self, decks: list[Deck] | None, nplayers: int) -> list[tuple[int, int, int, int]]:
        """The checked decks (``seat_decks``) dealt (``deal``). The same deck objects under the same options
        are checked and dealt once: a simulation deals the same decks thousands of times, a Deck never
        changes, and ``_init_core`` only reads the list."""
        if decks is None:
            return self.deal(self.seat_decks(None, nplayers), nplayers)
        key = (nplayers, *map(id, decks))
        seen = self._deals.get(key)
        if seen is not None and seen[1] == self.options and all(map(operator.is_, seen[0], decks)):
            return seen[2]
        dealt = self.deal(self.seat_decks(decks, nplayers), nplayers)
        if len(self._deals) >= 64:
            self._deals.clear()
        self._deals[key] = (tuple(decks), dict(self.options), dealt)  # the decks held: their ids stay theirs
        return dealt

    def deal(self, decks: list[Deck], nplayers: int) -> list[tuple[int, int, int, int]]:
        """Where every card starts: ``(card index, owner seat, public class, zone)`` in each zone's order
        (core/state.py ``_init_core``)."""
        raise NotImplementedError(f"{self.id}: deal() (or new_state) is not implemented")

    def start(self, state: S) -> None:
        """The game's own fields and its 準備 (setup), run to the first decision."""

    def position(self, **spec: Any) -> S:
        """A position set up by hand (scenario tests, puzzles, bug reports): the game documents its keyword
        arguments. Validated — an unknown name, too many cards for a zone or a place that does not exist
        raises :class:`PositionError` naming the argument — and it stops exactly where it is asked to, never
        running the rules past that point unless told to (``advance=True``). Position *files* of any state
        are the core's (``tefuda.core.position``)."""
        raise PositionError(f"{self.id} has no position builder")

    # ------------------------------------------------------------------ the observation and action refs
    def observation(self, state: S, seat: int) -> dict[str, Any]:
        """``state.observation(seat)``: built by the core (``core/observe.py``)."""
        return observe(state, seat)

    def action_refs(self, state: S, action: Action, seat: int) -> list[dict[str, Any]]:
        """By default the core's fallback (``core/observe.py fallback_refs``); a game names exactly what each
        of its actions is about (:meth:`GameBase.action_refs`)."""
        return fallback_refs(state, action, seat)

    # ------------------------------------------------------------------ presentation (the view layer)
    def event_template(self, code: str) -> tuple[str, str] | None:
        """How an event reads: the game's template, or the core's for the events every game has."""
        return self.event_text.get(code) or CORE_EVENT_TEXT.get(code)

    def render_event(self, ev: dict[str, Any], viewer: int, lang: str = "both") -> str:
        """One event, as ``viewer`` sees it (``ev`` = ``Event.view(viewer, game.card_ids)``), in Japanese
        and English (``lang``: ``ja``, ``en`` or ``both``). Besides the event's arguments, ``{who}`` and
        ``{card}``, a template may say ``{whose:ja}`` / ``{whose:en}``: the event's seat as a possessive
        for this viewer (:class:`Whose`)."""
        from tefuda.view.text import render_event

        args = ev.get("args") or {}
        if "whose" not in args:
            ev = {**ev, "args": {**args, "whose": Whose(ev.get("seat"), viewer)}}
        return render_event(self, ev, viewer, lang)

    def render_observation(self, obs: dict[str, Any]) -> Any:
        """A Rich renderable of an observation (the terminal's table)."""
        from tefuda.view.terminal import render_observation

        return render_observation(self, obs)

    def render_extra(self, obs: dict[str, Any]) -> list[str]:
        """Lines for the game's ``extra`` facts in the terminal (a game with ``extra`` says how they read)."""
        return []

    def card_table_row(self, c: Any) -> dict[str, Any]:
        return {**self.card_head(c), **dict(c.data)}

    def card_head(self, c: Any) -> dict[str, Any]:
        """The first columns of every card table: id, names, type and the type's label in both languages
        (``types_en`` gives the English type names)."""
        ja = self.card_schema.types.get(c.type, c.type)
        en = self.types_en.get(c.type, c.type)
        return {
            "id": c.id,
            "name": c.name,
            "name_en": c.name_en,
            "type": c.type,
            "type_label": f"{ja} ({en})",
        }

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
            "info": dict(self.info.__dict__),
        }


# ---------------------------------------------------------------------- registry
_REGISTRY: dict[str, type[Game]] = {}
_LOADED = False
ENTRY_POINT_GROUP = "tefuda.games"


def register(cls: type[Game]) -> type[Game]:
    """Add a game class to the registry (its module calls this, or an entry point names it)."""
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{cls!r} is not a tefuda Game class")
    if cls.id in _REGISTRY and _REGISTRY[cls.id] is not cls:
        raise ValueError(
            f"game id {cls.id!r} registered twice ({_REGISTRY[cls.id].__module__}, {cls.__module__})"
        )
    _REGISTRY[cls.id] = cls
    return cls


def _load_all() -> None:
    """Find every game once: the packages under ``tefuda.games`` and every entry point of the group
    ``tefuda.games`` (``[project.entry-points."tefuda.games"] mygame = "mypkg:MyGame"`` in a third party's
    pyproject.toml) — the core itself names no game."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import tefuda.games as games

    for mod in pkgutil.iter_modules(games.__path__):
        if mod.ispkg:
            importlib.import_module(f"{games.__name__}.{mod.name}")
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            cls = ep.load()
        except Exception as e:  # a broken plug-in must not take the built-in games down with it
            _BROKEN[ep.name] = f"{type(e).__name__}: {e}"
            continue
        if cls.id != ep.name:
            _BROKEN[ep.name] = f"entry point {ep.name!r} names a game whose id is {cls.id!r}"
            continue
        register(cls)


_BROKEN: dict[str, str] = {}  # entry points that failed to load: name -> why


def broken_games() -> dict[str, str]:
    """Games offered by an entry point that could not be loaded, and why."""
    _load_all()
    return dict(_BROKEN)


def game_ids() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def game_class(game_id: str) -> type[Game]:
    _load_all()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        why = f"; {game_id} could not be loaded: {_BROKEN[game_id]}" if game_id in _BROKEN else ""
        raise OptionError(f"no game {game_id!r} (games: {', '.join(sorted(_REGISTRY))}){why}") from None


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
