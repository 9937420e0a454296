"""The error types every part of tefuda raises: each one says what was wrong and where."""

from __future__ import annotations


class TefudaError(Exception):
    """Base of every error tefuda raises on purpose."""


class IllegalActionError(TefudaError, ValueError):
    """An action the rules do not allow now (the state is left untouched)."""


class NotationError(IllegalActionError):
    """Text that does not parse as an action of this game."""


class CardFileError(TefudaError, ValueError):
    """A card file (TOML) that breaks the game's card schema."""

    def __init__(
        self,
        path: str,
        message: str,
        *,
        card: str | None = None,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        self.path, self.card, self.field, self.line = path, card, field, line
        where = path if line is None else f"{path}:{line}"
        if card is not None:
            where += f": card [{card}]"
        if field is not None:
            where += f" field '{field}'"
        super().__init__(f"{where}: {message}")


class DeckListError(TefudaError, ValueError):
    """A deck list that cannot be read or breaks a deck rule; lists every problem found."""

    def __init__(self, path: str, problems: list[tuple[int | None, str]]) -> None:
        self.path = path
        self.problems = problems
        lines = [f"{path}:{ln}: {msg}" if ln is not None else f"{path}: {msg}" for ln, msg in problems]
        super().__init__("\n".join(lines))


class ReplayError(TefudaError, ValueError):
    """A replay file that cannot be read, does not match this tefuda, or does not re-simulate."""


class OptionError(TefudaError, ValueError):
    """A game option that does not exist or has a value the game does not take."""


class PositionError(TefudaError, ValueError):
    """A position (a state written as data) that cannot be read or breaks a rule; names the field."""
