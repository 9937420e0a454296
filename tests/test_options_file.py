"""A game's house rules as data (options.toml): read, checked, and refused with file, line and option."""

from __future__ import annotations

from pathlib import Path

import pytest

from tefuda.core import OptionError, load_game
from tefuda.core.options import OptionsFileError, load_options


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "options.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_three_kinds_read_and_check_values(tmp_path):
    specs = load_options(
        write(
            tmp_path,
            '[life]\ndefault = 3\nen = "life"\nja = "ライフ"\nmin = 1\nmax = 10\n\n'
            '[tie]\ndefault = "a"\nen = "tie"\nja = "同じ"\nchoices = ["a", "b"]\n\n'
            '[open]\ndefault = false\nen = "open"\nja = "公開"\n',
        )
    )
    assert list(specs) == ["life", "tie", "open"]
    assert specs["life"].check("life", "4") == 4
    assert specs["open"].check("open", "yes") is True
    with pytest.raises(OptionError, match="above the maximum 10"):
        specs["life"].check("life", 11)
    with pytest.raises(OptionError, match="not one of a, b"):
        specs["tie"].check("tie", "c")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x = 1\n", r"options.toml:1: option x: must be a table"),
        ('\n[life]\ndefault = 3\nen = "l"\n', r"options.toml:2: option life: field 'ja' is missing"),
        ('[life]\ndefault = 3\nen = "l"\nja = "ラ"\nmax = 2\n', r"option life: the default 3 is outside"),
        ('[t]\ndefault = "a"\nen = "t"\nja = "t"\n', r"option t: a string option needs its choices"),
        ('[t]\ndefault = "a"\nen = "t"\nja = "t"\nchoices = ["b"]\n', r"choices must be a list that holds"),
        ('[t]\ndefault = 1\nen = "t"\nja = "t"\nmn = 0\n', r"option t: unknown field 'mn'"),
        ('[t]\ndefault = true\nen = "t"\nja = "t"\nmin = 0\n', r"min and max are whole numbers"),
        ('[t]\ndefault = 1.5\nen = "t"\nja = "t"\n', r"default must be a whole number"),
        ("[t\n", r"not valid TOML"),
    ],
)
def test_a_broken_options_file_is_refused_with_where_and_why(tmp_path, text, expected):
    with pytest.raises(OptionsFileError, match=expected):
        load_options(write(tmp_path, text))


@pytest.mark.parametrize("name", ["kirifuda", "yonesu", "genesis"])
def test_each_game_reads_its_house_rules_from_data(name):
    game = load_game(name)
    assert game.option_specs
    for key, spec in game.option_specs.items():
        assert spec.doc and spec.doc_ja
        assert game.options[key] == spec.default
