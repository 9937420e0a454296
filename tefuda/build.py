"""Which build of the engine runs: pure Python (the default, works everywhere) or compiled with mypyc
(``make fast``). The list of compiled modules lives here, so the build (setup.py), ``tefuda bench`` and the
tests agree on it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

# the hot modules: the state, the flow and every game's rules (its 準備 too: a random playout is a few dozen
# actions, and the setup's own took a quarter of a compiled 切り札 game), the agents that search them. Left
# out: what runs once a game or never in the hot path (loading card files, positions, replays, undo, the Game
# classes — which mypyc cannot compile as subclasses of an extension class — and their texts; an agent's
# memory between decisions, once a decision and pickled to a server's worker)
COMPILED_PACKAGES = ("tefuda/core", "tefuda/agents", "tefuda/games/*")
COLD_FILES = (
    "__init__.py", "game.py", "position.py", "rulebook.py", "texts.py", "deck.py", "repetition.py",
)  # fmt: skip
COLD_CORE = (
    "cards", "decklist", "errors", "game", "handmade", "options", "paths", "position", "replay", "texts",
    "undo", "vocabulary",
)  # fmt: skip


def compiled_sources(root: Path) -> list[str]:
    """The source files a compiled build compiles, relative to the project's root."""
    out: list[str] = []
    for pattern in COMPILED_PACKAGES:
        for folder in sorted(root.glob(pattern)):
            for f in sorted(folder.glob("*.py")):
                if f.name in COLD_FILES or (folder.name == "core" and f.stem in COLD_CORE):
                    continue
                out.append(f.relative_to(root).as_posix())
    return out


def module_names(root: Path) -> list[str]:
    return [s[:-3].replace("/", ".") for s in compiled_sources(root)]


def compiled_modules() -> list[str]:
    """The hot modules that run compiled now (empty: pure Python)."""
    root = Path(__file__).resolve().parent.parent
    out = []
    for name in module_names(root):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            out.append(name)
    return out


def stale_modules(root: Path | None = None) -> list[str]:
    """Compiled modules whose source changed after they were compiled: they would run old code."""
    root = root or Path(__file__).resolve().parent.parent
    out = []
    for src in compiled_sources(root):
        py = root / src
        for so in py.parent.glob(py.stem + ".*.so"):
            # 2 s of slack: an installed wheel writes a module's .py and .so one after the other
            if so.stat().st_mtime + 2 < py.stat().st_mtime:
                out.append(src)
    return out


def describe() -> str:
    """``compiled (mypyc): 72 modules`` or ``pure Python``."""
    mods = compiled_modules()
    if not mods:
        return "pure Python"
    total = len(module_names(Path(__file__).resolve().parent.parent))
    return f"compiled (mypyc): {len(mods)} of {total} hot modules"
