"""House-rule switches (オプション): one :class:`OptionSpec` each, read from a game's ``options.toml`` so a
designer changes a default or adds a choice without touching code.

Each table of the file is one option::

    [tie]
    default = "no_damage"
    en = "equal POW: nobody takes life, or each takes one of the other's"
    ja = "POWが同じとき"
    choices = ["no_damage", "both_damage"]   # or min/max for a whole number; a bool needs neither

The kind (whole number, true/false, one of the choices) follows from the default; the file is checked on
load and every error names the file, the line and the option.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import OptionError, TefudaError


class OptionsFileError(TefudaError, ValueError):
    """An options file that cannot be read: names the file, the line and the option at fault."""


@dataclass(frozen=True)
class OptionSpec:
    """One house-rule switch. ``choices`` for enumerations; otherwise ``kind`` (int, bool) is checked."""

    default: Any
    doc: str
    doc_ja: str = ""
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    min: int | None = None
    max: int | None = None

    def check(self, name: str, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise OptionError(
                    f"option {name}: {value!r} is not one of {', '.join(map(str, self.choices))}"
                )
            return value
        kind = self.kind or type(self.default)
        if kind is bool and isinstance(value, str):
            if value.lower() in ("true", "yes", "on", "1"):
                return True
            if value.lower() in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {name}: {value!r} is not true/false")
        if kind is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise OptionError(f"option {name}: {value!r} is not a whole number") from None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise OptionError(f"option {name}: {value!r} is not a {kind.__name__}")
        number: Any = value  # an int or a float here, by the checks above
        if self.min is not None and number < self.min:
            raise OptionError(f"option {name}: {value} is below the minimum {self.min}")
        if self.max is not None and number > self.max:
            raise OptionError(f"option {name}: {value} is above the maximum {self.max}")
        return value


_KEYS = {"default", "en", "ja", "choices", "min", "max"}


def _line_of(text: str, name: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() in (f"[{name}]", f'["{name}"]'):
            return number
    return 1


def _spec(name: str, raw: Any) -> OptionSpec:
    """One option's table as a spec, or ValueError saying what is wrong with it."""
    if not isinstance(raw, dict):
        raise ValueError("must be a table (default, en, ja, and choices or min/max)")
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(_KEYS))})")
    for key in ("default", "en", "ja"):
        if key not in raw:
            raise ValueError(f"field {key!r} is missing")
    if not (isinstance(raw["en"], str) and isinstance(raw["ja"], str)):
        raise ValueError("en and ja must be strings (what the option means, in English and Japanese)")
    default = raw["default"]
    if not isinstance(default, bool | int | str):
        raise ValueError("default must be a whole number, true/false or a string")
    choices = raw.get("choices")
    if choices is not None:
        if not (isinstance(choices, list) and choices and default in choices):
            raise ValueError("choices must be a list that holds the default")
        if "min" in raw or "max" in raw:
            raise ValueError("an option has choices or a range, not both")
        return OptionSpec(default, raw["en"], raw["ja"], choices=tuple(choices))
    if isinstance(default, str):
        raise ValueError("a string option needs its choices")
    bounds = {k: raw.get(k) for k in ("min", "max")}
    if any(v is not None for v in bounds.values()):
        if isinstance(default, bool) or not all(isinstance(v, int) for v in bounds.values() if v is not None):
            raise ValueError("min and max are whole numbers, for a whole-number option")
        lo, hi = bounds["min"], bounds["max"]
        if (lo is not None and default < lo) or (hi is not None and default > hi):
            raise ValueError(f"the default {default} is outside min..max")
    spec = OptionSpec(default, raw["en"], raw["ja"], kind=type(default), min=bounds["min"], max=bounds["max"])
    return spec


def load_options(path: Path) -> dict[str, OptionSpec]:
    """Read and check a game's ``options.toml``: option name → spec, in file order."""
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise OptionsFileError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise OptionsFileError(f"{path}: not valid TOML: {exc}") from exc
    specs: dict[str, OptionSpec] = {}
    for name, raw in data.items():
        try:
            specs[name] = _spec(name, raw)
        except ValueError as exc:
            raise OptionsFileError(f"{path}:{_line_of(text, name)}: option {name}: {exc}") from None
    return specs
