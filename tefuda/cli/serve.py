"""``tefuda serve``: online play in the browser (docs/serve.md)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer

from .app import app, console, fail


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="port"),
    db: str | None = typer.Option(
        None, help="database URL (SQLAlchemy), e.g. postgresql+psycopg://user@host/db (default: SQLite)"
    ),
    data: Path | None = typer.Option(
        None,
        help="data directory for the default SQLite file (default: $TEFUDA_DATA or ~/.local/share/tefuda)",
    ),
    ai_workers: int | None = typer.Option(None, help="processes AI seats think in (default: the cores, ≤ 4)"),
    ai_timeout: float = typer.Option(60.0, help="seconds an AI seat may think before a random legal move"),
    rate: float = typer.Option(
        20.0, help="messages a second one connection may send (a burst of twice that)"
    ),
    rooms_per_address: int = typer.Option(20, help="open rooms one address may have created"),
    allow_seed: bool = typer.Option(
        False,
        "--allow-seed",
        help="testing only: let a room request choose its seed (a chosen seed is not secret: whoever "
        "knows it knows every card)",
    ),
) -> None:
    """Serve rooms in the browser: open http://HOST:PORT/, make a room, send each player their link."""
    try:
        import uvicorn

        from tefuda.serve.app import create_app
        from tefuda.serve.limits import Limits
        from tefuda.serve.store import default_url
    except ImportError as e:  # pragma: no cover - the serve extra is part of the install
        fail(f"online play needs the server's packages ({e.name}): pip install 'tefuda[serve]'")
    if not 0 < port < 65536:
        fail(f"--port {port}: a port number 1–65535")
    if ai_workers is not None and ai_workers < 1:
        fail(f"--ai-workers {ai_workers}: at least 1")
    if not 0 < ai_timeout < float("inf"):
        fail(f"--ai-timeout {ai_timeout}: a positive number of seconds")
    if not (rate > 0 and rate < float("inf")):
        fail(f"--rate {rate}: a positive number of messages a second")
    if rooms_per_address < 1:
        fail(f"--rooms-per-address {rooms_per_address}: at least 1")
    try:
        url = db or default_url(data)
    except OSError as e:
        fail(f"--data {data}: cannot use it ({e.strerror})")
    try:
        limits = Limits(rate=rate, burst=max(1, int(rate * 2)), rooms_per_address=rooms_per_address)
        application = create_app(
            url, ai_workers=ai_workers, ai_timeout=ai_timeout, limits=limits, allow_seed=allow_seed
        )
    except Exception as e:  # a bad URL or an unreachable database: one line, not a traceback
        fail(f"--db: cannot open the database ({type(e).__name__}: {str(e).splitlines()[0]})")
    console.print(f"tefuda serve — http://{host}:{port}/  (database: {url.split('@')[-1]})", highlight=False)
    if allow_seed:
        console.print(
            "--allow-seed: rooms may be made with a chosen seed — testing only: such games are not secret",
            highlight=False,
        )
    # no per-message deflate: observations are a few kilobytes, and compressing each one cost a server on
    # two cores more time than sending it (bench/serve_load.py)
    with _stop_cleanly():
        uvicorn.run(
            application,
            host=host,
            port=port,
            ws_max_size=64 * 1024,
            ws_per_message_deflate=False,
            log_level="warning",
        )


class _Stop(Exception):
    """SIGTERM or Ctrl-C, handed back by uvicorn once it has shut the server down."""


@contextlib.contextmanager
def _stop_cleanly() -> Iterator[None]:
    """SIGTERM and Ctrl-C stop the server cleanly, with exit status 0. uvicorn catches either, shuts down (the
    rooms' drivers, the AI workers, the database), then puts the handlers it found back and raises the signal
    again; with the default handlers that killed the process before Python's exit hooks ran, so the AI pool's
    semaphores were never unlinked ("leaked semaphore objects") and its workers never joined. Here the signal
    raised again becomes an ordinary return, and the interpreter ends as it should."""

    def stop(signum: int, frame: Any) -> None:
        raise _Stop(signal.Signals(signum).name)

    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig, handler in before.items():
        if handler is not signal.SIG_IGN:
            signal.signal(sig, stop)
    try:
        yield
    except _Stop:
        pass
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
