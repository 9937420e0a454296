"""The game state as plain data (DESIGN.md §2) and the machinery every game shares.

A state is a handful of flat containers: ``cards`` (instance -> card definition index), ``known`` (instance
-> bitmask of the seats that know its identity; the bit after the last seat is "public", what a spectator
knows), ``flags`` (instance -> face up, …), ``zones`` (zone -> tuple of instances) and ``where`` (instance ->
zone), plus the game's own small fields.  ``clone()`` copies those lists and nothing else.

A zone's cards are a tuple, replaced (never changed) by ``move`` and the other methods below: a clone shares
every zone with its original at no cost (a table has up to 32 zones, and an AI clones a state for every
world it imagines), and no rule can write into a zone a clone shares, since a tuple cannot be written to.
Read a zone again after a move: a tuple taken before it still holds the cards as they were.

A game subclasses :class:`State`, declares its extra fields in ``__slots__`` and ``_FIELDS`` (lists in
``_LIST_FIELDS`` are copied on clone) with their types (``_TYPES``, ``_CARD_FIELDS``, ``_FLAGS``), and
implements ``_legal_actions``, ``_apply`` and ``phase_info`` plus the optional observation hooks; notation,
labels and parsing are the game object's (docs/game-contract.md). A state reaches its game through
:class:`GameBase`, the part of ``Game`` it calls, declared here so this module imports neither the game
module nor the observation code above it.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType
from typing import Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from .actions import Action, ActionSpace
from .cards import CardSet
from .counters import counter
from .errors import IllegalActionError, NotationError
from .events import CARD, PLACE, CardRef, Event, PlaceRef
from .fields import CardField, FieldType, Flags, Inst
from .frozen import by_constructor
from .rng import Chance, Rng, stream_from, stream_state
from .subscriptions import Subscriptions
from .zones import HIDDEN, PRIVATE, PUBLIC, ZoneSpec

FACE_UP: Final = 1  # flags bit: the card lies face up


TERMINAL: Final = -1  # current_player once the game is over (nobody decides any more)
NOWHERE: Final = -1  # ``where`` of a created instance that has ceased to exist (a token that left the field)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``winner`` is a seat, or None for a draw (引き分け); ``code`` names the reason (one
    of the game's ``outcomes``, e.g. ``life_zero``) and ``reason``/``reason_ja`` are its English and
    Japanese texts; ``team`` lists every seat of a winning team (team games), the winner included."""

    winner: int | None
    code: str
    reason: str = ""  # English, e.g. "life 0"
    reason_ja: str = ""  # 日本語, e.g. "ライフ0"
    team: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        return self.winner is None

    @property
    def winners(self) -> tuple[int, ...]:
        if self.winner is None:
            return ()
        return self.team or (self.winner,)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": self.winner,
            "code": self.code,
            "reason": self.reason,
            "reason_ja": self.reason_ja,
        }
        if self.team:
            out["team"] = list(self.team)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(
            d["winner"], d["code"], d.get("reason", ""), d.get("reason_ja", ""), tuple(d.get("team", ()))
        )

    def returns(self, nplayers: int) -> list[float]:
        """+1 for the winner (every seat of a winning team), -1 for the others; 0 for everyone on a draw."""
        if self.winner is None:
            return [0.0] * nplayers
        won = self.winners
        return [1.0 if s in won else -1.0 for s in range(nplayers)]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


def shares(health: Sequence[float]) -> list[float]:
    """Each seat's share of the table's total "health" (life, cards left …): a simple :meth:`State.estimate`.
    Nobody with any left: everyone even."""
    total = sum(health)
    if total <= 0:
        return [1.0 / len(health)] * len(health)
    return [h / total for h in health]


S = TypeVar("S", bound="State")  # a game's own State subclass (Game is generic in it)


@mypyc_attr(native_class=False)  # a plain class even when compiled: games subclass it in Python, weakly keyed
class GameBase(ABC):
    """The part of a game (:class:`~tefuda.core.game.Game`) that its states and the observation code call:
    its identity, the card set, how the game can end, the events card triggers listen to, its options,
    zones, action space and notation. ``Game`` is the whole contract and the registry; this base lives
    beside :class:`State` so that the core's state code is written against it without importing
    ``game.py``, which imports this module (no import cycle, issue 28). ``State.game`` itself is typed
    loosely, since each game's state reads its own game's tables. A game subclasses ``Game``, never this;
    code above ``game.py`` that needs the rest of the contract from a state narrows ``state.game`` to
    ``Game``."""

    id: ClassVar[str]
    name: ClassVar[str]  # Japanese
    name_en: ClassVar[str]
    rules_version: ClassVar[str]
    # how a game can end: code -> (Japanese, English); Outcome.code is always one of these
    outcomes: ClassVar[dict[str, tuple[str, str]]] = {}
    # bumped whenever the state's bookkeeping changes shape (its fields): a replay's final hash is only
    # comparable under the same state format (older replays still verify by their actions and outcome)
    state_format: ClassVar[int] = 1
    # event codes some card's triggered ability listens to (set from the game's Subscriptions)
    listened: frozenset[str] = frozenset()
    # "when this card …" codes: the card definitions listening
    listen_only: Mapping[str, frozenset[int]] = MappingProxyType({})
    subscriptions: Subscriptions  # a game whose card data has triggers: set by Game.listen
    # a game on the flow (core/flow.py): its named rules and offers; a game whose card data has conditioned
    # triggers: their conditions by name (core/triggers.py)
    rules: ClassVar[Any] = None
    conditions: ClassVar[Mapping[str, Callable[..., bool]]] = {}
    # kinds of action that use up a right a player has once a game (an overwrite, a trump allowed once): a
    # rules fact, no card's. A search's random playouts spend such a right at random later, so they value
    # keeping it at about nothing; the default AI keeps it when a move that does not spend it looks as good
    # (agents/ismcts.py)
    once_only: ClassVar[frozenset[str]] = frozenset()
    # how many actions of a search's random playout still tell something about the position before the
    # evaluation scores it (the default AI, ``ismcts:depth=auto``): a game whose turns are many small free
    # actions (rearranging, uniting) drifts far in a few of them, one of few big actions does not. Chosen
    # per game on the ladder (docs/ai.md); 48 where none was chosen.
    playout_depth: ClassVar[int] = 48

    # set by Game.__init__: the options in force, the card pool and where it came from, and the names of
    # event arguments that refer to the table (the core's and the game's)
    options: dict[str, Any]
    cards_path: str | None
    cardset: CardSet
    card_ids: list[str]
    event_refs_all: dict[str, str]
    action_space: ActionSpace  # set by _setup: every action the game can ever take, numbered

    @property
    def open_decklists(self) -> bool:
        return bool(self.options.get("open_decklists", False))

    def public_class(self, card: int) -> int:
        """The public class of a card (what everyone knows a face-down one to be, e.g. main deck or trump
        deck): determinization keeps classes apart. 0 for a game with one kind of face-down card."""
        return 0

    @abstractmethod
    def zone_specs(self, nplayers: int) -> tuple[ZoneSpec, ...]:
        """The table's zones for ``nplayers`` players."""

    # ------------------------------------------------------------------ notation and labels
    # (``state`` is a State, typed Any here so that each game's Game names its own State subclass: Game is
    # generic in it, this base is not — a compiled build keeps it a plain class, which cannot be generic)
    @abstractmethod
    def notation(self, state: Any, action: Action, lang: str = "ja") -> str:
        """An action as text: what a player types and a replay stores (``lang="en"``: English names)."""

    @abstractmethod
    def label(self, state: Any, action: Action) -> tuple[str, str]:
        """A menu label for a legal action: (Japanese, English)."""

    def describe(self, state: Any, action: Action) -> str:
        """The label, Japanese and English side by side."""
        ja, en = self.label(state, action)
        return f"{ja} — {en}"

    def parse(self, state: Any, text: str) -> Action:
        """Text -> the legal action whose notation it is (Japanese or English names, any case and spacing);
        anything else raises :class:`NotationError` saying why and what is legal now."""
        text = " ".join(text.split())
        want = text.casefold()
        legal = state.legal_actions()
        for lang in ("ja", "en"):
            for a in legal:
                if self.notation(state, a, lang).casefold() == want:
                    return a
        raise NotationError(self.explain_notation(state, text))

    def explain_notation(self, state: Any, text: str) -> str:
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

    @abstractmethod
    def action_refs(self, state: Any, action: Action, seat: int) -> list[dict[str, Any]]:
        """The zones and cards an action is about (``{"zone", "pos", "card"}`` each), for a UI to make them
        clickable. ``seat`` is the one who may take it: a ref names a card (``card``) only where that seat
        may know it, and a position only where it can see one. A game names exactly what each of its
        actions is about; one that does not gets the core's fallback (``Game.action_refs``), worked out from
        the action by a blindfolded dry run that cannot see what the seat may not know (``core/observe.py
        fallback_refs``)."""

    @abstractmethod
    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of ``state`` (``State.observation``; built by ``core/observe.py``)."""


_COPIERS: Final[dict[type, Callable[[Any, Any], None]]] = {}  # per state class: its fields copied (clone)
_COMPILED: Final = not __file__.endswith(".py")  # this module runs compiled (``make fast``)


def without(zone: tuple[int, ...], inst: int) -> tuple[int, ...]:
    """A zone's cards without ``inst`` (which lies there): what a zone is replaced by when a card leaves."""
    k = zone.index(inst)
    return zone[:k] + zone[k + 1 :]


def _field_copier(fields: tuple[str, ...], lists: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """A function that copies a game's own fields onto a clone, one plain attribute statement each (written
    once per class, as ``dataclasses`` writes its methods): ``setattr``/``getattr`` by name cost three times
    as much, and a state of thirty fields is cloned in every playout."""
    for name in (*fields, *lists):
        if not name.isidentifier() or name.startswith("__"):
            raise TypeError(f"state field {name!r}: a field's name must be a plain attribute name")
    if _COMPILED:  # compiled by mypyc, this loop is C and beats an interpreted function of statements

        def loop(new: Any, old: Any) -> None:
            for f in fields:
                setattr(new, f, getattr(old, f))
            for f in lists:
                setattr(new, f, getattr(old, f)[:])

        return loop
    # ``.copy()``, not ``[:]``: no slice object to make (20 ns a list on CPython 3.11, a dozen lists a clone)
    body = [f"    new.{f} = old.{f}" for f in fields] + [f"    new.{f} = old.{f}.copy()" for f in lists]
    scope: dict[str, Any] = {}
    exec("def copy(new, old):\n" + ("\n".join(body) or "    pass"), scope)  # the names were checked above
    copy: Callable[[Any, Any], None] = scope["copy"]
    return copy


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own classes, compiled or not
class State:
    """The shared state machinery; see the module docstring."""

    __slots__ = (
        "_legal",
        "cards",
        "changes",
        "cls",
        "flags",
        "game",
        "known",
        "log",
        "nplayers",
        "owner",
        "result",
        "rng",
        "steps",
        "to_move",
        "track",
        "where",
        "zone_specs",
        "zones",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = ()  # the game's scalar / tuple fields (shared on clone)
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = ()  # the game's flat lists of immutables (copied on clone)
    # The type of every field above (fields.py): what lets the core renumber instances, write positions and
    # hash a state without knowing the game. Per-card lists (indexed by instance) are declared apart.
    _TYPES: ClassVar[dict[str, FieldType]] = {}
    _CARD_FIELDS: ClassVar[dict[str, CardField]] = {}
    _FLAGS: ClassVar[Flags] = Flags({})  # names of the game's instance flag bits (bit 0: face up)
    # flags that may stay on a card in a hand or deck because they are public facts about that very card (a
    # mark given to a card everyone saw shown from the hand): every other mark is cleared as a card enters
    # a place some seat may not see into, and the conformance suite checks none is left there
    _PUBLIC_MARKS: ClassVar[int] = 0
    _card_defaults: ClassVar[tuple[tuple[str, Any], ...]] = ()  # (per-card list, its blank value), derived

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._card_defaults = tuple((name, cf.default) for name, cf in cls._CARD_FIELDS.items())

    # the game (a GameBase); typed Any so that each game's own state reads its own game's tables and options
    # (a game's module imports its state, so the state cannot name the game's class)
    game: Any
    rng: Chance | Rng  # Chance in a real game; an agent's Rng in a world it imagines
    cards: list[int]
    cls: tuple[int, ...]
    owner: tuple[int, ...]
    known: list[int]
    flags: list[int]
    zones: list[tuple[int, ...]]  # zone -> its instances in order (a tuple: shared by clones, see above)
    where: list[int]
    zone_specs: tuple[ZoneSpec, ...]
    log: list[Event] | None
    nplayers: int
    to_move: int
    result: Outcome | None
    steps: int
    _legal: tuple[Action, ...] | None
    track: dict[int, list[int]] | None  # card statistics for sims: card -> [seats that drew it, played it]
    # 変化の記録: while an observer follows this state (a learner's encoder, ``Encoder.follow``), each
    # instance whose zone or knowledge changed (one may be noted twice)
    changes: list[int] | None
    # a game whose rules change zones and knowledge only through the methods below (or say so with
    # ``note_change``) sets this: an observer may then trust ``changes`` instead of comparing the lists
    NOTES_CHANGES: ClassVar[bool] = False

    # ------------------------------------------------------------------ construction
    def _init_core(
        self,
        game: GameBase,
        nplayers: int,
        zone_specs: tuple[ZoneSpec, ...],
        instances: list[tuple[int, int, int, int]],
        seed: int | str | bytes | Rng,
        record: bool,
    ) -> list[int]:
        """``instances``: ``(card index, owner seat, public class, starting zone)`` per instance, each zone's
        cards in order. Returns the id each entry got.

        Instance ids are dealt in a seeded random order, so an id says nothing about which card it is (the
        deck lists are often public, and ids numbered in list order would name every card).

        ``seed``: the game's secret (64 hex digits, from :func:`~tefuda.core.rng.new_secret`) or a chosen
        whole number (a reproducible game); every random outcome is drawn from it (``Chance``)."""
        self.game = game
        self.nplayers = nplayers
        self.zone_specs = zone_specs
        # an Rng: an old replay's stream (format 2, splitmix64 over its seed), re-simulated as it was dealt
        self.rng = seed.copy() if isinstance(seed, Rng) else Chance.of(seed)
        n = len(instances)
        ids = self.rng.permutation(n)
        cards = [0] * n
        owner = [0] * n
        cls = [0] * n
        self.known = [0] * n
        self.flags = [0] * n
        zones: list[list[int]] = [[] for _ in zone_specs]
        where = [0] * n
        self.where = where
        known = self.known
        entry = [self._entry_knowledge(0, z, -1) for z in range(len(zone_specs))]  # who sees each zone
        for i, (c, o, k, z) in zip(ids, instances, strict=True):
            cards[i], owner[i], cls[i] = c, o, k
            zones[z].append(i)
            where[i] = z
            known[i] = entry[z]
        self.zones = [tuple(z) for z in zones]
        self.cards = cards
        self.owner = tuple(owner)
        self.cls = tuple(cls)
        self.log = [] if record else None
        self.to_move = 0
        self.result = None
        self.steps = 0
        self._legal = None
        self.track = None
        self.changes = None
        return ids

    def start_tracking(self) -> None:
        """Record, per card definition, which seats drew it (it entered their hand) and played it (it went
        from their hand to a zone marked ``played``): the simulator's per-card statistics."""
        self.track = {}

    @property
    def all_mask(self) -> int:
        """Every seat and the public bit."""
        return (1 << (self.nplayers + 1)) - 1

    @property
    def public_bit(self) -> int:
        return 1 << self.nplayers

    # ------------------------------------------------------------------ the API every game shares
    @property
    def current_player(self) -> int:
        """The seat that decides next; :data:`TERMINAL` (-1) once the game is over."""
        return TERMINAL if self.result is not None else self.to_move

    @property
    def first_player(self) -> int:
        """The seat that went first (先攻), for the lab's first-player statistics; games that choose it
        override this."""
        return 0

    def finish(self, winner: int | None, code: str, team: tuple[int, ...] = ()) -> None:
        """End the game: ``code`` is one of the game's ``outcomes`` (its ja/en texts come from there)."""
        ja, en = self.game.outcomes[code]
        self.result = Outcome(winner, code, en, ja, tuple(team))
        self.to_move = TERMINAL
        self._on_finish()
        self.emit("game_over", -1 if winner is None else winner, code=code)

    def _on_finish(self) -> None:
        """A game's own clean-up when it ends (its phase, its queues)."""

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the actions the rules allow now (empty once the game is over)."""
        if self._legal is None:
            self._legal = () if self.result is not None else tuple(self._legal_actions())
        return self._legal

    def offer_legal(self, actions: Iterable[Action]) -> None:
        """A game that listed the legal actions while finding who decides next hands them over, so
        ``legal_actions`` does not list them again. They must be exactly ``_legal_actions()``."""
        self._legal = tuple(actions)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; anything else raises :class:`IllegalActionError` and changes nothing.

        Returns the events this action caused (empty when events are not recorded)."""
        if self.result is not None:
            raise IllegalActionError("the game is over")
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self._why_illegal(action))
        start = len(self.log) if self.log is not None else 0
        self._legal = None
        self.steps += 1
        self._apply(action)
        return self.log[start:] if self.log is not None else []

    def say(self, seat: int, text: str) -> list[Event]:
        """A player says something to the table (chat). It is public, and some games have rules about it
        (ヨネス: saying 邪神グラジヨネス loses); the game's ``_on_chat`` applies them."""
        if self.result is not None:
            raise IllegalActionError("the game is over")
        if not 0 <= seat < self.nplayers:
            raise IllegalActionError(f"there is no seat P{seat + 1}")
        start = len(self.log) if self.log is not None else 0
        self._legal = None
        self.emit("say", seat, text=text)
        self._on_chat(seat, text)
        self._legal = None
        return self.log[start:] if self.log is not None else []

    def _on_chat(self, seat: int, text: str) -> None:
        """A game's rules about what players say (none by default)."""

    def apply_text(self, text: str) -> list[Event]:
        return self.apply(self.parse_action(text))

    def clone(self) -> State:
        """An independent copy: flat containers copied, card definitions and specs shared."""
        cls = type(self)
        new = cls.__new__(cls)  # not object.__new__: a compiled (mypyc) class refuses it
        new.game = self.game
        new.nplayers = self.nplayers
        new.zone_specs = self.zone_specs
        new.rng = self.rng.copy()
        new.cards = self.cards  # identities never change in play; determinize() makes a new list
        new.owner = self.owner
        new.cls = self.cls
        new.known = self.known.copy()
        new.flags = self.flags.copy()
        new.zones = self.zones.copy()  # the zones themselves are tuples, shared
        new.where = self.where.copy()
        new.log = None if self.log is None else self.log.copy()
        new.to_move = self.to_move
        new.result = self.result
        new.steps = self.steps
        new._legal = self._legal
        new.track = None  # searches and determinized worlds keep no statistics
        new.changes = None  # nobody follows a copy yet
        copier = _COPIERS.get(cls)
        if copier is None:
            copier = _COPIERS[cls] = _field_copier(cls._FIELDS, cls._LIST_FIELDS)
        copier(new, self)
        return new

    # ------------------------------------------------------------------ moving cards and knowledge
    def _entry_knowledge(self, known: int, zone: int, inst: int) -> int:
        spec = self.zone_specs[zone]
        if spec.visibility == PUBLIC:
            return self.all_mask
        if spec.visibility == PRIVATE:
            return known | (1 << spec.owner)
        return known

    def move(self, inst: int, dst: int, *, bottom: bool = True, face_up: bool = False) -> None:
        """Move an instance to the end (``bottom``) or the front of zone ``dst``.

        Knowledge follows the card: entering a public zone (or face up) makes it public; entering the
        owner's private zone tells the owner; leaving a hand-like zone (``mixes``) face down makes everyone
        else forget which cards remain there."""
        where, zones, known, specs = self.where, self.zones, self.known, self.zone_specs
        src = where[inst]
        zone = zones[src]
        # the top of a deck, the newest card: no scan
        zones[src] = zone = zone[:-1] if zone[-1] == inst else without(zone, inst)
        sspec = specs[src]
        dspec = specs[dst]
        changes = self.changes
        if changes is not None:
            changes.append(inst)
        if sspec.mixes and not face_up and dspec.visibility != PUBLIC:
            keep = 1 << sspec.owner
            flags = self.flags
            marks = self._PUBLIC_MARKS
            for other in zone:
                if flags[other] & marks:
                    continue  # a card with a public mark is followed by everyone: they still know it
                k = known[other]
                if k & ~keep:
                    known[other] = k & keep
                    if changes is not None:
                        changes.append(other)
                flags[other] &= ~FACE_UP  # shown as it came in, forgotten now: nothing marks it any more
            known[inst] &= keep
        if bottom:
            zones[dst] += (inst,)
        else:
            zones[dst] = (inst, *zones[dst])
        where[inst] = dst
        if self.track is not None:
            self._track_move(inst, sspec, dspec)
        vis = dspec.visibility
        if vis != PUBLIC:
            # a place where some seat may not see the card (a hand, a deck, face down): it leaves every
            # per-card mark behind (damage, modifiers, "summoned at", tapped …), so that none can be followed
            # into the hand or the deck, even once everyone has forgotten which card it is. A card from a
            # hand or a deck has no per-card number left to clear (check_invariants): a draw skips the loop
            self.flags[inst] = 0
            if not (sspec.mixes or sspec.visibility == HIDDEN):
                for name, default in self._card_defaults:
                    getattr(self, name)[inst] = default
        if face_up:
            self.flags[inst] |= FACE_UP
            known[inst] = (1 << (self.nplayers + 1)) - 1
        else:
            self.flags[inst] &= ~FACE_UP
            if vis == PUBLIC:
                known[inst] = (1 << (self.nplayers + 1)) - 1
            elif vis == PRIVATE:
                known[inst] |= 1 << dspec.owner

    def _track_move(self, inst: int, sspec: ZoneSpec, dspec: ZoneSpec) -> None:
        track = self.track
        assert track is not None  # called only while the state tracks cards
        entry = track.setdefault(self.cards[inst], [0, 0])
        if dspec.mixes and not sspec.mixes:
            entry[0] |= 1 << dspec.owner
        elif sspec.mixes and dspec.played:
            entry[1] |= 1 << sspec.owner

    # ------------------------------------------------------------------ created instances
    def create(self, card: int, owner: int, zone: int, *, klass: int = 0, face_up: bool = True) -> int:
        """A new instance of ``card`` that started in no deck (a token, a card brought in from outside the
        game), put at the end of ``zone``. It gets the next id — the order things are created in is public —
        and every per-card list a default entry; clone, digest, positions and replays see an ordinary card."""
        i = len(self.cards)
        self.cards = [*self.cards, card]  # shared between clones until now: never appended in place
        self.owner = (*self.owner, owner)
        self.cls = (*self.cls, klass)
        self.known.append(0)
        self.flags.append(0)
        self.where.append(zone)
        for name, cf in self._CARD_FIELDS.items():
            getattr(self, name).append(cf.default)
        self.zones[zone] += (i,)
        if face_up:
            self.turn_face_up(i)
        else:
            self.known[i] = self._entry_knowledge(0, zone, i)
        self.emit("created", owner, i, to=zone)
        return i

    def cease(self, inst: int) -> None:
        """A created instance leaves the game for good (a token leaving the field): it lies in no zone any
        more (``where`` is :data:`NOWHERE`) and its identity stays public."""
        z = self.where[inst]
        self.zones[z] = without(self.zones[z], inst)
        self.where[inst] = NOWHERE
        self.known[inst] = self.all_mask
        self.note_change(inst)
        self.emit("ceased", self.owner[inst], inst)

    def distinct_cards(self, zone: int) -> list[int]:
        """Distinct card definitions in a zone, sorted: one action per kind of card, not per copy."""
        cards = self.cards
        return sorted({cards[i] for i in self.zones[zone]})

    def first_instance(self, zone: int, card: int) -> int:
        """The copy of ``card`` that leaves a zone (the first one there)."""
        cards = self.cards
        for i in self.zones[zone]:
            if cards[i] == card:
                return i
        raise AssertionError(f"card {card} is not in zone {self.zone_specs[zone].name}")

    def turn_count(self) -> int:
        """Turns (or rounds) played so far, in the game's own sense; 0 if the game does not count them."""
        return 0

    def estimate(self) -> list[float] | None:
        """Each seat's chance of winning guessed from the table alone, in [0, 1]: what an AI's playout that
        was cut short is scored by (``ismcts:depth=…``). Card-agnostic, from the game's own measure of who
        is ahead (life, cards left …); None: no guess, such a playout counts as even. An agent calls it on
        its own determinized world, never on the true state."""
        return None

    def move_top_face_up(self, src: int, dst: int) -> int:
        """Move the last card of ``src`` (a deck's top) face up to the end of ``dst`` — a mill; the fast
        path of ``move(inst, dst, face_up=True)``. Returns the card."""
        zones = self.zones
        deck = zones[src]
        inst = deck[-1]
        zones[src] = deck[:-1]
        zones[dst] += (inst,)
        self.where[inst] = dst
        self.flags[inst] |= FACE_UP
        self.known[inst] = (1 << (self.nplayers + 1)) - 1
        if self.changes is not None:
            self.changes.append(inst)
        return inst

    def place_at(self, inst: int, pos: int) -> None:
        """Put ``inst`` at position ``pos`` of the zone it lies in, the others keeping their order: a card
        that takes another's place (a life card swapped for a hand card, an evolution on its base)."""
        z = self.where[inst]
        rest = without(self.zones[z], inst)
        self.zones[z] = (*rest[:pos], inst, *rest[pos:])

    def mill_top(self, src: int, dst: int, n: int) -> None:
        """``n`` times ``move_top_face_up(src, dst)`` (``n`` at most the cards in ``src``), each zone replaced
        once instead of once per card."""
        zones, where, flags, known = self.zones, self.where, self.flags, self.known
        deck = zones[src]
        k = len(deck) - n
        moved = deck[k:][::-1]  # the top first
        zones[src] = deck[:k]
        zones[dst] += moved
        everyone = (1 << (self.nplayers + 1)) - 1
        for inst in moved:
            where[inst] = dst
            flags[inst] |= FACE_UP
            known[inst] = everyone
        if self.changes is not None:
            self.changes += moved

    def turn_face_up(self, inst: int) -> None:
        self.flags[inst] |= FACE_UP
        self.known[inst] = self.all_mask
        if self.changes is not None:
            self.changes.append(inst)

    def tell(self, inst: int, seat: int) -> None:
        """``seat`` learns this card's identity (a peek)."""
        self.known[inst] |= 1 << seat
        if self.changes is not None:
            self.changes.append(inst)

    def note_change(self, inst: int) -> None:
        """Say that ``inst`` changed zone or knowledge by a write of the game's own (not through ``move``,
        ``tell`` …), for whoever follows ``changes``. (``move``, a mill, ``tell`` and ``turn_face_up`` write
        the same two lines inline: they run in every playout, and a call would cost more than the test.)"""
        if self.changes is not None:
            self.changes.append(inst)

    def shuffle(self, zone: int) -> None:
        """Shuffle a zone; nobody knows any position in it afterwards, and no card keeps a per-card mark
        (one would say which card it is)."""
        cards = list(self.zones[zone])
        self.rng.shuffle(cards)
        self.zones[zone] = tuple(cards)
        known, flags = self.known, self.flags
        if self.changes is not None:  # those someone knew (an order is not counted)
            self.changes += [i for i in cards if known[i]]
        for i in cards:
            known[i] = 0
            flags[i] = 0
        for name, default in self._card_defaults:
            values = getattr(self, name)
            for i in cards:
                values[i] = default

    def knows(self, seat: int, inst: int) -> bool:
        return bool((self.known[inst] >> seat) & 1)

    # (positional-only under names no event argument takes: a compiled build binds a keyword argument
    # named like a parameter to that parameter, so ``code=`` of a lose event would be lost)
    def emit(self, event_code: str, event_seat: int = -1, event_inst: int = -1, /, **args: Any) -> None:
        """Record an event (only when this state records events): ``code``, the seat it concerns, the card
        instance it is about (its identity goes to whoever may know it now), and named public arguments —
        numbers, strings, or ``At``/``Card``/``Zone`` references resolved here (core/events.py)."""
        g = self.game
        if event_code in g.listened:
            only = g.listen_only.get(event_code)  # "when this card …": only those cards' events are collected
            if only is None or (event_inst >= 0 and self.cards[event_inst] in only):
                self._heard(event_code, event_seat, event_inst)
        log = self.log
        if log is None:
            return
        refs = g.event_refs_all
        resolved = tuple((k, self._resolve(refs.get(k), v)) for k, v in args.items()) if args else ()
        if event_inst >= 0:
            log.append(
                Event(event_code, event_seat, self.cards[event_inst], self.known[event_inst], resolved)
            )
        else:
            log.append(Event(event_code, event_seat, -1, 0, resolved))

    def _heard(self, code: str, seat: int, inst: int) -> None:
        """An event some card's triggered ability listens to happened (the flow's states collect them)."""

    def _resolve(self, kind: str | None, v: Any) -> Any:
        """An argument as recorded: a reference (by its name's kind) resolved now, a public fact as is."""
        if kind is None:
            return tuple(v) if isinstance(v, list) else v
        if isinstance(v, list | tuple):
            return tuple(self._resolve(kind, x) for x in v)
        if not isinstance(v, int) or v < 0:
            return None  # no such card or zone (e.g. no blocker)
        if kind == PLACE:
            z = self.where[v]
            return PlaceRef(self.zone_specs[z].key, self.zones[z].index(v), self.cards[v], self.known[v])
        if kind == CARD:
            return CardRef(self.cards[v], self.known[v])
        return PlaceRef(self.zone_specs[v].key, None, -1, 0)

    # ------------------------------------------------------------------ views
    def card_of(self, inst: int):
        return self.game.cardset[self.cards[inst]]

    def visible_id(self, inst: int, seat: int) -> str | None:
        """The card id of ``inst`` if ``seat`` may know it, else None."""
        if (self.known[inst] >> seat) & 1:
            return self.game.cardset[self.cards[inst]].id
        return None

    def zone_view(self, zone: int, seat: int) -> Any:
        """What ``seat`` sees of a zone: identities only where known, counts otherwise, never instance ids.

        Public zones: list of ids. Hand-like zones: ``{"count", "known": sorted ids}``. Ordered hidden
        zones: ``{"count", "known": [[position from the top, id], ...]}``. Slots: list of
        ``{"card": id or None, "face_up": bool}``."""
        spec = self.zone_specs[zone]
        insts = self.zones[zone]
        if spec.visibility == PUBLIC:
            return [self.game.cardset[self.cards[i]].id for i in insts]
        if spec.capacity is not None and not spec.ordered and not spec.mixes:
            return [
                {"card": self.visible_id(i, seat), "face_up": bool(self.flags[i] & FACE_UP)} for i in insts
            ]
        if spec.mixes:
            known = sorted(v for v in (self.visible_id(i, seat) for i in insts) if v is not None)
            return {"count": len(insts), "known": known}
        known_pos = [[p, v] for p, i in enumerate(insts) if (v := self.visible_id(i, seat)) is not None]
        return {"count": len(insts), "known": known_pos}

    def events_for(self, seat: int, events: Iterable[Event] | None = None) -> list[dict[str, Any]]:
        return [e.view(seat) for e in (self.log or [] if events is None else events)]

    # ------------------------------------------------------------------ determinization
    def determinize(self, seat: int, rng: Rng, *, renumber: bool = True) -> State:
        """A full state consistent with everything ``seat`` knows, every unknowable identity resampled and
        every unknowable *instance* renumbered.

        Unknown cards are grouped by owner and public class (e.g. main deck vs trump deck). For the seat's
        own cards, and for everyone's when the game's decklists are open, the group's identities are the
        deck list minus what ``seat`` knows, reshuffled; otherwise they are drawn from the game's prior over
        its card pool. Then the ids of the group's unknown cards are dealt out again at random, so a card
        the seat once knew cannot be followed by its id into a hidden zone, through a shuffle, or from one
        world to the next. The RNG is reseeded, so nothing of the true future leaks either.

        Everything here runs in *place order* (zone by zone), never in id order, and draws only on what the
        seat knows: two states that differ only in what the seat cannot know give the same world.

        ``renumber=False`` keeps the true ids (identities still resampled): only to show what renumbering
        protects against (the attack test's planted engine) — never hand such a world to a seat."""
        return self.determinizer(seat, renumber=renumber)(rng)

    def determinizer(self, seat: int, *, renumber: bool = True) -> Callable[[Rng], State]:
        """:meth:`determinize` for many worlds of one state: what depends only on the state and the seat
        (which cards are unknown, their groups, the fixed pools, public constraints) is worked out once,
        the rest for each world — the same draws, in the same order, as ``determinize``."""
        bit = 1 << seat
        known = self.known
        owner, cls, cards0 = self.owner, self.cls, self.cards
        groups: dict[tuple[int, int], list[int]] = {}
        for z in self.zones:
            for i in z:
                if not known[i] & bit:
                    groups.setdefault((owner[i], cls[i]), []).append(i)
        keys = sorted(groups)
        n = len(cards0)
        plans = []
        for own, klass in keys:
            unknown = groups[own, klass]
            if own == seat or self.game.open_decklists:
                pool = sorted(
                    cards0[i] for i in range(n) if owner[i] == own and cls[i] == klass and not known[i] & bit
                )
                known_defs = None
            else:
                pool = None
                known_defs = sorted(
                    cards0[i] for i in range(n) if owner[i] == own and cls[i] == klass and known[i] & bit
                )
            checks = [(i, self._constraint(i)) for i in unknown]
            constrained = [(i, ok) for i, ok in checks if ok is not None]
            rest = [i for i, ok in checks if ok is None]
            plans.append((own, klass, len(unknown), pool, known_defs, constrained, rest))
        regroup = [(groups[key], sorted(groups[key])) for key in keys]

        def world(rng: Rng) -> State:
            new = self.clone()
            new.log = None
            new._legal = None  # legal actions may depend on the identities about to change
            new.rng = Rng(rng.next64())
            if not keys:
                return new
            cards = cards0[:]
            for own, klass, count, fixed, known_defs, constrained, rest in plans:
                pool = (
                    fixed[:]
                    if fixed is not None
                    else self._sample_prior(own, klass, count, known_defs or [], rng)
                )
                rng.shuffle(pool)
                # instances whose identity is constrained by public facts take a fitting card first
                for i, ok in constrained:
                    pick = next((j for j, c in enumerate(pool) if ok(c)), 0)
                    cards[i] = pool.pop(pick)
                for i, c in zip(rest, pool, strict=True):
                    cards[i] = c
            new.cards = cards
            m = list(range(n))
            for unknown, ids in regroup:
                ids = ids[:]
                rng.shuffle(ids)
                for i, j in zip(unknown, ids, strict=True):
                    m[i] = j
            if renumber:
                new.relabel(m)
            return new

        return world

    def relabel(self, m: list[int]) -> None:
        """Renumber the instances in place: instance ``i`` becomes ``m[i]`` (a permutation). Every per-card
        list moves with its card and every field that holds an instance is mapped (the game's ``_TYPES`` and
        ``_CARD_FIELDS`` say which): the same game under other numbers."""
        n = len(m)
        inv = [0] * n
        for i, j in enumerate(m):
            inv[j] = i
        # interpreted, an itemgetter takes the values in C, a list (tuple) at a time: every world an AI
        # imagines is relabelled, and this made clone + relabel a quarter cheaper. Compiled, the typed loops
        # are C and beat a call into operator. (An itemgetter of one index would give no tuple.)
        get: Callable[[Any], Any] | None = None if _COMPILED or n < 2 else itemgetter(*inv)

        def perm(values: list) -> list:
            return [values[k] for k in inv] if get is None else list(get(values))

        if get is None:
            self.owner = tuple(perm(list(self.owner)))
            self.cls = tuple(perm(list(self.cls)))
            self.zones = [tuple([m[i] for i in z]) for z in self.zones]
        else:
            self.owner = get(self.owner)
            self.cls = get(self.cls)
            self.zones = [(itemgetter(*z)(m) if len(z) > 1 else (m[z[0]],)) if z else z for z in self.zones]
        self.cards = perm(self.cards)
        self.known = perm(self.known)
        self.flags = perm(self.flags)
        self.where = perm(self.where)
        for name, cf in self._CARD_FIELDS.items():
            values = getattr(self, name)
            if type(cf.t) is Inst:  # the common case, inline
                values = [v if v < 0 else m[v] for v in values]
            elif cf.t.has_instances:
                values = [cf.t.remap(v, m) for v in values]
            setattr(self, name, perm(values))
        for name, t in self._TYPES.items():
            if t.has_instances:
                setattr(self, name, t.remap(getattr(self, name), m))
        self._legal = None

    def place_order(self) -> list[int]:
        """Every instance, zone by zone, each zone from its start, then the created instances that ceased to
        exist, in the order they were made: the numbering-free order of the cards."""
        order = [i for z in self.zones for i in z]
        if len(order) < len(self.cards):
            order += [i for i, w in enumerate(self.where) if w == NOWHERE]
        return order

    # ------------------------------------------------------------------ plain data
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (ints, strings, lists, tuples, dicts): what a determinized world is
        handed to an agent as, and rebuilt from by :meth:`from_snapshot` — no object that reaches a state."""
        g = self.game
        fields: dict[str, Any] = {}
        for f in self._FIELDS:
            fields[f] = getattr(self, f)
        for f in self._LIST_FIELDS:
            fields[f] = list(getattr(self, f))
        res = self.result
        return {
            "game": g.id,
            "options": dict(g.options),
            "cards_path": g.cards_path,
            "nplayers": self.nplayers,
            "cards": list(self.cards),
            "owner": list(self.owner),
            "cls": list(self.cls),
            "known": list(self.known),
            "flags": list(self.flags),
            "zones": [list(z) for z in self.zones],
            "rng": stream_state(self.rng),
            "to_move": self.to_move,
            "steps": self.steps,
            "result": None if res is None else res.as_dict(),
            "fields": fields,
        }

    @classmethod
    def from_snapshot(cls, game: GameBase, snap: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`snapshot` (events are not recorded)."""
        new = cls.__new__(cls)
        new.game = game
        n = snap["nplayers"]
        new.nplayers = n
        new.zone_specs = game.zone_specs(n)
        new.rng = stream_from(snap["rng"])
        new.cards = list(snap["cards"])
        new.owner = tuple(snap["owner"])
        new.cls = tuple(snap["cls"])
        new.known = list(snap["known"])
        new.flags = list(snap["flags"])
        new.zones = [tuple(z) for z in snap["zones"]]
        where = [NOWHERE] * len(new.cards)
        for z, insts in enumerate(new.zones):
            for i in insts:
                where[i] = z
        new.where = where
        new.log = None
        new.to_move = snap["to_move"]
        new.steps = snap["steps"]
        new.result = None if snap["result"] is None else Outcome.from_dict(snap["result"])
        new._legal = None
        new.track = None
        new.changes = None
        fields = snap["fields"]
        for f in cls._FIELDS:
            setattr(new, f, fields[f])
        for f in cls._LIST_FIELDS:
            setattr(new, f, list(fields[f]))
        return new

    def _constraint(self, inst: int):  # -> Callable[[int], bool] | None
        """A public fact that limits what an unknown instance can be (e.g. "it is a support card")."""
        return None

    def _sample_prior(self, owner: int, klass: int, n: int, known_defs: list[int], rng: Rng) -> list[int]:
        """Identities for ``n`` unknown cards of an opponent's group when decklists are closed."""
        raise NotImplementedError

    # ------------------------------------------------------------------ integrity and hashing
    def check_invariants(self) -> None:
        """Raise AssertionError if the state is inconsistent (used by the conformance suite)."""
        n = len(self.cards)
        seen = [0] * n
        for z, insts in enumerate(self.zones):
            spec = self.zone_specs[z]
            assert spec.capacity is None or len(insts) <= spec.capacity, f"zone {spec.name} over capacity"
            for i in insts:
                seen[i] += 1
                assert self.where[i] == z, f"instance {i} is in {spec.name} but where says {self.where[i]}"
        for i, k in enumerate(seen):
            if self.where[i] == NOWHERE:
                assert k == 0, f"instance {i} ceased to exist but lies in a zone"
            else:
                assert k == 1, "a card was created, lost or duplicated"
        assert all(0 <= k <= self.all_mask for k in self.known)
        # a hand, a deck, life or shields hold cards with no per-card mark (it would name the card)
        for z, insts in enumerate(self.zones):
            spec = self.zone_specs[z]
            if spec.mixes or spec.visibility == HIDDEN:
                for i in insts:
                    left = self.flags[i] & ~(FACE_UP | self._PUBLIC_MARKS)
                    assert not left, f"a card in {spec.name} keeps flags {self._FLAGS.dump(left)}"
                    if self.flags[i] & FACE_UP:
                        assert self.known[i] == self.all_mask, f"a face-up card in {spec.name} nobody knows"
                    for name, default in self._card_defaults:
                        v = getattr(self, name)[i]
                        assert v == default, f"a card in {spec.name} keeps {name}={v!r}"
        self._check_game_invariants()

    def _check_game_invariants(self) -> None:
        pass

    def digest(self) -> str:
        """A hash of everything that matters to the rules (identities, places, knowledge, fields, RNG), the
        same whatever the instances are numbered: two states that are the same game hash the same. It hashes
        what ``relabel`` by the place order would make, computed without a clone (a third of a soak's time
        went to the clone)."""
        order = self.place_order()
        m = [0] * len(order)
        for k, i in enumerate(order):
            m[i] = k
        ids = self.game.cardset.ids
        cards = self.cards
        placed = itemgetter(*order) if len(order) > 1 else (lambda v: tuple(v[i] for i in order))
        card_fields, types, lists = self._CARD_FIELDS, self._TYPES, self._LIST_FIELDS
        fields = []
        for f in (*self._FIELDS, *lists):
            v = getattr(self, f)
            cf = card_fields.get(f)
            if cf is not None:  # a per-card list: remapped, then put in the place order (as relabel does)
                if type(cf.t) is Inst:
                    v = [x if x < 0 else m[x] for x in v]
                elif cf.t.has_instances:
                    v = [cf.t.remap(x, m) for x in v]
                v = placed(v)
            t = types.get(f)
            if t is not None and t.has_instances:
                v = t.remap(v, m)
            fields.append((f, tuple(v) if f in lists else v))
        body = repr(
            (
                tuple([tuple([ids[cards[i]] for i in z]) for z in self.zones]),
                placed(self.known),
                placed(self.flags),
                self.to_move,
                None if self.result is None else self.result.as_dict(),
                stream_state(self.rng),
                tuple(fields),
            )
        )
        return hashlib.sha256(body.encode()).hexdigest()[:32]

    # ------------------------------------------------------------------ to be written by each game
    def _legal_actions(self) -> list[Action]:
        """Exactly the actions the rules allow now (only called while the game is not over)."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action, then every automatic step, until someone must decide or the game ends."""
        raise NotImplementedError

    def phase_info(self) -> tuple[str, str, str]:
        """The current phase (or step): its id and its Japanese and English names."""
        raise NotImplementedError

    #: the names of a player's counters, ``(id, 日本語, English)`` each, in the order of ``counter_values``
    COUNTERS: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    def counter_values(self, player: int, viewer: int) -> list[Any]:
        """A player's public numbers alone, in the order of ``COUNTERS`` (what a learner's vector reads at
        every step, so no names are built): numbers and truth values only. A game that lists ``COUNTERS``
        writes this, and may override ``counters`` to show a number as a word (切り札's 属性 bits as
        火水); one that writes only ``counters`` gets its values from there (a vector reads a word as 0)."""
        return [c["value"] for c in self.counters(player, viewer)]

    def counter_table(self, viewer: int) -> list[Any]:
        """Every player's ``counter_values`` as ``viewer`` sees them, in one list, turned so the viewer's come
        first (a spectator's: player 0's first): what a learner's vector reads at every step. A game that
        lists ``COUNTERS`` may write it out in one go; it must equal this."""
        n = self.nplayers
        first = viewer if 0 <= viewer < n else 0
        out: list[Any] = []
        for k in range(n):
            out += self.counter_values((first + k) % n, viewer)
        return out

    def counters(self, player: int, viewer: int) -> list[dict[str, Any]]:
        """A player's named public numbers (life, SP, cards in the 本陣 …): ``counters.counter(...)`` each;
        by default ``COUNTERS`` named beside ``counter_values``."""
        if not self.COUNTERS:
            return []
        values = self.counter_values(player, viewer)
        return [counter(*names, v) for names, v in zip(self.COUNTERS, values, strict=True)]

    def card_view(self, inst: int, viewer: int) -> dict[str, Any]:
        """What the table shows of a card beyond its identity and face: ``counters`` (damage …), ``stats``
        (current power …), ``with`` (the card it lies on or is paired with). Public facts only."""
        return {}

    def prompt(self, viewer: int) -> dict[str, Any] | None:
        """What kind of choice the player to move faces (public: who, what kind, how many picks). By default
        one action of the legal ones, named by the phase."""
        _, ja, en = self.phase_info()
        return {
            "seat": self.to_move,
            "kind": "action",
            "ja": ja,
            "en": en,
            "min": 1,
            "max": 1,
            "source": None,
        }

    def extra(self, viewer: int) -> dict[str, Any]:
        """Game-specific public facts for the observation's ``extra`` (documented in the game's RULES.md)."""
        return {}

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (``seat`` = number of players: a spectator), in the one observation schema
        of every game (tefuda/schema/observation.schema.json), built by the core (``core/observe.py``, through
        the game: the observation code sits above the state)."""
        return self.game.observation(self, seat)

    def _why_illegal(self, action: Action) -> str:
        try:
            shown = self.notation(action)
        except Exception:
            shown = repr(action)
        legal = ", ".join(self.notation(a) for a in self.legal_actions()[:12])
        more = "" if len(self.legal_actions()) <= 12 else ", …"
        return f"'{shown}' is not legal now (P{self.to_move + 1} may: {legal}{more})"

    # ------------------------------------------------------------------ notation (the game writes it)
    def notation(self, action: Action, lang: str = "ja") -> str:
        """The action as text (``set-attacker 紅蓮の竜騎士``); English names with ``lang="en"``."""
        return self.game.notation(self, action, lang)

    def label(self, action: Action) -> tuple[str, str]:
        """A menu label for a legal action: (Japanese, English)."""
        return self.game.label(self, action)

    def describe(self, action: Action) -> str:
        """A menu label, Japanese and English side by side."""
        return self.game.describe(self, action)

    def parse_action(self, text: str) -> Action:
        """Notation (Japanese or English names) -> a legal action; raises :class:`NotationError` (a kind of
        IllegalActionError) that says what is legal now."""
        return self.game.parse(self, text)
