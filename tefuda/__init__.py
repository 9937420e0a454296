"""tefuda (手札): a rules engine and playtesting lab for homebrew trading-card games."""

__version__ = "0.1.0"


def _refuse_stale_build() -> None:
    """A compiled build (``make fast``) whose sources changed since would run the old rules: say so loudly
    rather than play a game the sources do not describe."""
    from pathlib import Path

    here = Path(__file__).parent
    if not any(here.glob("core/state.*.so")):
        return  # pure Python: nothing compiled
    from .build import stale_modules

    stale = stale_modules()
    if stale:
        raise ImportError(
            f"tefuda: the compiled build is older than its sources ({', '.join(stale[:3])}"
            f"{' …' if len(stale) > 3 else ''}): run `make fast` again, or `make pure` to run pure Python"
        )


_refuse_stale_build()
