"""The game-agnostic core: states, zones, knowledge, actions, events, cards, decks, replays, registry."""

from .actions import Action, ActionSpace
from .cards import CardDef, CardSchema, CardSet, Field
from .decklist import Deck, DeckEntry
from .errors import (
    CardFileError,
    DeckListError,
    IllegalActionError,
    NotationError,
    OptionError,
    PositionError,
    ReplayError,
    TefudaError,
)
from .events import Event
from .game import Game, OptionSpec, game_class, game_ids, load_game, register
from .rng import Chance, Rng, SeedError, new_secret
from .state import FACE_UP, Outcome, State
from .zones import HIDDEN, PRIVATE, PUBLIC, ZoneSpec, each_seat

__all__ = [
    "FACE_UP",
    "HIDDEN",
    "PRIVATE",
    "PUBLIC",
    "Action",
    "ActionSpace",
    "CardDef",
    "CardFileError",
    "CardSchema",
    "CardSet",
    "Chance",
    "Deck",
    "DeckEntry",
    "DeckListError",
    "Event",
    "Field",
    "Game",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "PositionError",
    "ReplayError",
    "Rng",
    "SeedError",
    "State",
    "TefudaError",
    "ZoneSpec",
    "each_seat",
    "game_class",
    "game_ids",
    "load_game",
    "new_secret",
    "register",
]
