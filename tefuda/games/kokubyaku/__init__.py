"""黒白物語 (kokubyaku): a Yu-Gi-Oh-like homebrew duel of black and white monsters; see RULES.md."""

from .game import KokubyakuGame

__all__ = ["KokubyakuGame"]
