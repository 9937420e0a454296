"""Refuse a suspiciously small collection: CI must never pass on a suite that silently lost its tests."""

from __future__ import annotations

from pathlib import Path


def test_the_suite_has_its_test_files():
    names = {p.name for p in Path(__file__).parent.glob("test_*.py")}
    for required in (
        "test_conformance.py",
        "test_kirifuda_rules.py",
        "test_yonesu_rules.py",
        "test_yonesu_box.py",
        "test_genesis_rules.py",
        "test_genesis_cards.py",
        "test_bad_input.py",
        "test_cli.py",
        "test_golden.py",
        "test_agents.py",
    ):
        assert required in names, f"{required} is missing"
