"""The simulation lab (the designer's bench): run many AI games (``runner``), measure them (``stats``),
report them (``reports``: tables, the deck-vs-deck grid, HTML) and time the engine (``bench``). A front end —
the CLI today, a server next — calls into here; nothing here prints."""

from .runner import game_seed, play_game, simulate
from .stats import describe, wilson

__all__ = ["describe", "game_seed", "play_game", "simulate", "wilson"]
