"""ヨネス (yonesu): a homebrew card game for 2 to 4 players played from one shared box; see RULES.md."""

from .game import YonesuGame

__all__ = ["YonesuGame"]
