"""ジェネシス・ガーデン (genesis): a two-player homebrew card game of 2011; see RULES.md."""

from .game import GenesisGame

__all__ = ["GenesisGame"]
