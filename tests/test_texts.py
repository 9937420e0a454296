"""A game's texts file (texts.toml): read, checked and refused with file, line and entry when broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tefuda.core import load_game
from tefuda.core.texts import TextsFileError, load_texts


@pytest.mark.parametrize("name", ["kirifuda", "yonesu", "genesis"])
def test_each_game_reads_its_texts_from_data(name):
    game = load_game(name)
    assert game.event_text and game.term_labels
    for ja, en in (*game.event_text.values(), *game.term_labels.values()):
        assert isinstance(ja, str) and isinstance(en, str) and ja and en


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "texts.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_reads(tmp_path):
    path = write(
        tmp_path,
        '[events]\ndraw = ["{who} ドロー", "{who} draws"]\n[terms]\nlife = ["ライフ", "life"]\n'
        '[kinds]\n"起動" = "activated"\n',
    )
    texts = load_texts(path)
    assert texts.events == {"draw": ("{who} ドロー", "{who} draws")}
    assert texts.terms == {"life": ("ライフ", "life")}
    assert texts.tables == {"kinds": {"起動": "activated"}}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[events]\ndraw = "ドロー"\n[terms]\n', r"texts.toml:2: \[events\] draw: must be \[Japanese"),
        ('[events]\n\ndraw = ["a", "b", "c"]\n[terms]\n', r"texts.toml:3: \[events\] draw: must be"),
        ('[events]\ndraw = ["{who} ドロー", "draws"]\n[terms]\n', r"texts.toml:2: .*same placeholders"),
        ('[events]\ndraw = ["{who ドロー", "{who"]\n[terms]\n', r"texts.toml:2: .*bad placeholder"),
        ("[terms]\n", r"\[events\] is missing"),
        ("[events]\n[terms]\nx = [1, 2]\n", r"texts.toml:3: \[terms\] x: must be"),
        ("[events]\n[terms]\nkinds = 3\n", r"\[terms\] kinds: must be"),
        ("[events]\n[terms]\n[x\n", r"not valid TOML"),
        ('[events]\n[terms]\n[[more]]\na = "b"\n', r"more must be a table"),
    ],
)
def test_a_broken_file_is_refused_with_where_and_why(tmp_path, text, expected):
    with pytest.raises(TextsFileError, match=expected):
        load_texts(write(tmp_path, text))


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(TextsFileError, match="cannot be read"):
        load_texts(tmp_path / "nope.toml")


def test_more_pair_tables_are_checked_too(tmp_path):
    path = write(tmp_path, '[events]\n[terms]\n[effects]\ndamage = ["{amount}ダメージ", "damage"]\n')
    with pytest.raises(TextsFileError, match=r"texts.toml:4: \[effects\] damage: .*same placeholders"):
        load_texts(path, more_pairs=("effects",))


def test_outcomes_are_read_and_optional(tmp_path):
    texts = load_texts(write(tmp_path, '[events]\n[terms]\n[outcomes]\nlife_zero = ["ライフ0", "life 0"]\n'))
    assert texts.outcomes == {"life_zero": ("ライフ0", "life 0")}
    assert load_texts(write(tmp_path, "[events]\n[terms]\n")).outcomes == {}
