"""No two of tefuda's modules import each other, even lazily or only for the type checker (issue 28).

tests/test_architecture.py checks the imports that run when a module loads. This test counts every import
wherever it is written — at module level, inside a function (a late import) and under ``if TYPE_CHECKING:`` —
because a compiled build (mypyc) and a reader both need the modules in one order: state data at the bottom,
the rules above it, front ends on top. A cycle fails with the modules in it and the import lines that close
it. An import of ``a.b.c`` counts as an import of that module only, not of its parent packages.
"""

from __future__ import annotations

import ast
from collections import deque
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).parent.parent / "tefuda"

MODULE, LAZY, TYPING = "module level", "in a function", "under TYPE_CHECKING"


def _modules(root: Path) -> dict[str, Path]:
    """Module name -> file, for every ``.py`` under ``root`` (a package's name for its ``__init__.py``)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


class _Imports(ast.NodeVisitor):
    """Every import of one module, with where it is written (module level, a function, TYPE_CHECKING)."""

    def __init__(self, module: str, package: str, known: dict[str, Path]) -> None:
        self.module, self.package, self.known = module, package, known
        self.context = MODULE
        self.found: list[tuple[str, str, int]] = []  # (imported module, context, line)

    def _within(self, context: str, nodes: list[ast.stmt]) -> None:
        outer = self.context
        if outer != TYPING:  # TYPE_CHECKING is the stronger fact: it never runs
            self.context = context
        for n in nodes:
            self.visit(n)
        self.context = outer

    def visit_If(self, node: ast.If) -> None:
        self.visit(node.test)
        typing_only = "TYPE_CHECKING" in ast.unparse(node.test)
        self._within(TYPING if typing_only else self.context, node.body)
        self._within(self.context, node.orelse)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._within(LAZY, node.body)

    visit_AsyncFunctionDef = visit_FunctionDef

    def _add(self, target: str, line: int) -> None:
        if target in self.known and target != self.module:
            self.found.append((target, self.context, line))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            base = base[: len(base) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            self._add(sub if sub in self.known else source, node.lineno)  # a submodule, or a name in one


def import_graph(root: Path) -> dict[str, dict[str, tuple[str, int]]]:
    """Module -> {imported module: (where the first such import is written, its line)}."""
    known = _modules(root)
    graph: dict[str, dict[str, tuple[str, int]]] = {}
    for module, path in known.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        visitor = _Imports(module, package, known)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        edges: dict[str, tuple[str, int]] = {}
        for target, context, line in visitor.found:
            edges.setdefault(target, (context, line))
        graph[module] = edges
    return graph


def strong_components(graph: dict[str, dict[str, tuple[str, int]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def explain(graph: dict[str, dict[str, tuple[str, int]]], component: list[str]) -> str:
    """One cycle through a component, import by import: ``a -> b (in a function, line 12)``."""
    members = set(component)
    start = component[0]
    came: dict[str, str] = {}
    queue = deque([start])
    while queue:  # the shortest way from start back to start
        v = queue.popleft()
        for w in sorted(graph[v]):
            if w in members and w not in came:
                came[w] = v
                queue.append(w)
        if start in came:
            break
    path = [start]
    while True:
        path.append(came[path[-1]])
        if path[-1] == start:
            break
    path.reverse()
    steps = []
    for a, b in pairwise(path):
        context, line = graph[a][b]
        steps.append(f"  {a} -> {b}  ({context}, line {line} of {a})")
    return f"{', '.join(component)}:\n" + "\n".join(steps)


def test_the_cycle_finder_finds_a_cycle():
    g = {"a": {"b": (MODULE, 1)}, "b": {"c": (LAZY, 2)}, "c": {"a": (TYPING, 3)}, "d": {"a": (MODULE, 4)}}
    assert strong_components(g) == [["a", "b", "c"]]
    assert "c -> a  (under TYPE_CHECKING, line 3 of c)" in explain(g, ["a", "b", "c"])
    assert strong_components({"a": {"b": (MODULE, 1)}, "b": {}}) == []


def test_late_and_type_checking_imports_count(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .high import High\n"
    )
    (pkg / "high.py").write_text("from . import low\n\n\ndef f():\n    from pkg import mid\n")
    (pkg / "mid.py").write_text("import pkg.high\n")
    g = import_graph(pkg)
    assert g["pkg.low"] == {"pkg.high": (TYPING, 3)}
    assert g["pkg.high"] == {"pkg.low": (MODULE, 1), "pkg.mid": (LAZY, 5)}
    assert g["pkg.mid"] == {"pkg.high": (MODULE, 1)}
    assert strong_components(g) == [["pkg.high", "pkg.low", "pkg.mid"]]


def test_no_import_cycle_among_tefuda_modules():
    graph = import_graph(ROOT)
    cycles = strong_components(graph)
    assert not cycles, "modules that import each other (move code so the dependency points one way):\n" + (
        "\n".join(explain(graph, c) for c in cycles)
    )
