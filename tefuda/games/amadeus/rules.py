"""The table of アマデウス's rules by name (the core's flow, core/flow.py): every chapter registers the steps
a decision or a pending effect resumes at, and what each decision offers."""

from __future__ import annotations

from tefuda.core.flow import CORE_RULES, Rules

rules = Rules()
rules.include(CORE_RULES)
