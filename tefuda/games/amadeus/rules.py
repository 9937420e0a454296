"""The table of アマデウス's rules by name (the core's flow, core/flow.py): every chapter registers the steps
a decision or a pending effect resumes at, and what each decision offers."""

from __future__ import annotations

from typing import Any

from tefuda.core.flow import CORE_RULES, Rules

rules = Rules()
rules.include(CORE_RULES)


def go_on(s: Any) -> None:
    """Back to the automatic steps of the turn (turn.py's ``proceed``), unless a decision is asked for."""
    if s.pending is None and s.result is None:
        s.push("proceed")
