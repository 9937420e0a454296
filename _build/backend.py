"""The build backend: setuptools', asking for mypy as well when ``TEFUDA_COMPILE=1`` (a compiled build), so
``TEFUDA_COMPILE=1 pip install .`` works in pip's isolated build and a plain install needs nothing more."""

from __future__ import annotations

import os

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F403 - every hook this module does not override

MYPYC = ["mypy>=1.13"]


def _extra() -> list[str]:
    return MYPYC if os.environ.get("TEFUDA_COMPILE") == "1" else []


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _orig.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _orig.get_requires_for_build_editable(config_settings) + _extra()
