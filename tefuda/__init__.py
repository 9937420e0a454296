"""tefuda (手札): a rules engine and playtesting lab for homebrew trading-card games."""

__version__ = "0.1.0"
