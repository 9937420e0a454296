"""切り札 (kirifuda): an unnamed set-and-open duel from a 2019 blog; see RULES.md."""

from .game import KirifudaGame

__all__ = ["KirifudaGame"]
