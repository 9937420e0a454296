"""アマデウス (amadeus): Duel Masters with the Amadeus house rule (a highlander in which every deck must
cheat); see RULES.md."""

from .game import AmadeusGame

__all__ = ["AmadeusGame"]
