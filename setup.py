"""The build: pure Python by default; ``TEFUDA_COMPILE=1`` compiles the hot modules with mypyc (``make fast``,
tefuda/build.py lists them) when a C compiler is present. Everything else is in pyproject.toml."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent


def ext_modules() -> list:
    if os.environ.get("TEFUDA_COMPILE") != "1":
        return []
    if not any(shutil.which(cc) for cc in (os.environ.get("CC", "cc"), "gcc", "clang")):
        print("tefuda: TEFUDA_COMPILE=1 but no C compiler was found: building pure Python", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip asks what the build needs (setup.py runs once before mypy is installed: _build/backend.py then
        # asks for it); a build without mypy at all says so and stays pure Python
        print("tefuda: TEFUDA_COMPILE=1 without mypy (mypyc): building pure Python", file=sys.stderr)
        return []

    sys.path.insert(0, str(ROOT))
    from tefuda.build import compiled_sources

    os.chdir(ROOT)  # mypyc takes paths relative to the project
    # separate=True: one extension per module, no shared library at the top level (an editable install
    # finds only the tefuda package)
    return mypycify(compiled_sources(ROOT), opt_level="3", separate=True)


setup(ext_modules=ext_modules())
