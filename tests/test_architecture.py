"""The package layout is the architecture: the core never names a game, and no package imports in a circle
(state data at the bottom, rule modules above it, front ends — CLI, lab — over the core).

Module-level imports only: an import inside a function runs when it is called (a deliberate late binding)
and ``if TYPE_CHECKING:`` imports never run. tests/test_import_cycles.py counts those as well, across all of
tefuda: no two modules import each other in any way (issue 28).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_import_cycles import strong_components

ROOT = Path(__file__).parent.parent / "tefuda"
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())
# packages whose modules must not import each other in a circle; a game joins once it runs on the core's flow
ACYCLIC = ["core", "lab", "cli", "agents", "view", "games.kirifuda", "games.yonesu", "games.genesis"]


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Modules imported at module level (not in functions, not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mod = _module_name(path)
    package = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    out: set[str] = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target != package:  # `from . import phases` imports the module, not the package anew
                    out.add(target)
                for a in node.names:
                    out.add(f"{target}.{a.name}")
            elif isinstance(node, ast.If | ast.Try):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for h in getattr(node, "handlers", []):
                    visit(h.body)

    visit(tree.body)
    return out


def _graph(package: str) -> dict[str, set[str]]:
    files = sorted((ROOT / package.replace(".", "/")).rglob("*.py"))
    mods = {_module_name(f): f for f in files}
    return {m: {t for t in _imports(f) if t in mods and t != m} for m, f in mods.items()}


def test_the_cycle_finder_finds_a_cycle():
    assert strong_components({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert strong_components({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", ACYCLIC)
def test_no_import_circle(package):
    assert strong_components(_graph(package)) == []


def test_the_core_never_names_a_game():
    for f in sorted((ROOT / "core").rglob("*.py")):
        for target in _imports(f):
            assert not target.startswith("tefuda.games"), f"{f.name} imports {target}"
        text = f.read_text(encoding="utf-8")
        for game in GAMES:
            assert f"games.{game}" not in text, f"{f.name} names the game {game}"


def test_front_ends_sit_over_the_core_and_the_lab_never_over_a_front_end():
    for package in ("core", "lab", "agents", "view"):
        for f in sorted((ROOT / package).rglob("*.py")):
            for target in _imports(f):
                assert not target.startswith("tefuda.cli"), f"{package}/{f.name} imports the CLI ({target})"
