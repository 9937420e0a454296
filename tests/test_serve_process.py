"""The real server as a process: played over real WebSockets on 127.0.0.1, killed with SIGKILL halfway,
restarted on the same database; the game finishes with no acknowledged action lost (the seats' sessions and
the game's secret were kept), and its final state equals an offline replay of the same actions, whose secret
opens the commitment given at the start. With TEFUDA_TEST_PG set (a PostgreSQL URL), the same runs against
PostgreSQL too."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
from websockets.sync.client import connect  # noqa: E402

from tefuda.core import Rng  # noqa: E402
from tefuda.core.replay import parse_replay, verify  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tefuda_command() -> list[str]:
    exe = Path(sys.executable).with_name("tefuda")
    return [str(exe)] if exe.exists() else [shutil.which("tefuda") or "tefuda"]


class ServerProcess:
    def __init__(self, db: str, port: int, *args: str) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        cmd = [*tefuda_command(), "serve", "--port", str(port), "--db", db, "--ai-workers", "1", *args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                out = self.proc.stdout.read().decode() if self.proc.stdout else ""
                raise AssertionError(f"the server exited: {out}")
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not come up in 60 s"
            time.sleep(0.2)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """A seat over a real WebSocket: opened with its invite (``claim``: the session it is then given is
    kept in ``session``) or with a session given before."""

    def __init__(
        self, ws_url: str, room: str, claim: str | None = None, *, session: str | None = None
    ) -> None:
        self.ws = connect(f"{ws_url}/ws/{room}", open_timeout=10).__enter__()
        hello = {
            "type": "hello",
            **({"claim": claim} if claim else {}),
            **({"session": session} if session else {}),
        }
        self.ws.send(json.dumps(hello))
        self.session = session
        msg = self.recv()
        if msg["type"] == "claimed":
            self.session = msg["session"]
            msg = self.recv()
        assert msg["type"] == "welcome", msg
        self.welcome = msg
        state = self.recv()
        self.obs, self.decision = state["observation"], state["decision"]

    def recv(self) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=30))
        if msg["type"] in ("state", "update"):
            self.obs, self.decision = msg["observation"], msg["decision"]
        return msg

    def close(self) -> None:
        self.ws.close()


def act(me: Client, index: int) -> dict[str, Any]:
    """Sends one action as a polite client does: told to slow down (the server's per-connection rate limit,
    which a compiled build of the engine reaches at full speed), it waits and sends the same action again."""
    for _ in range(50):
        me.ws.send(json.dumps({"type": "act", "decision": me.decision, "action": index}))
        ack = me.recv()
        if ack.get("en") != "too many messages: slow down":
            return ack
        time.sleep(0.1)
    raise AssertionError("still told to slow down after 5 s")


def play(clients: list[Client], rng: Rng, steps: int, acked: list[str]) -> None:
    for _ in range(steps):
        mover = clients[0].obs["to_move"]
        if mover < 0:
            return
        me = clients[mover]
        pick = me.obs["legal"][rng.below(len(me.obs["legal"]))]
        ack = act(me, pick["index"])
        assert ack["type"] == "ack", ack
        acked.append(pick["notation"])
        for c in clients:
            assert c.recv()["type"] == "update"
            if c.obs["outcome"] is not None:
                assert c.recv()["type"] == "reveal"


def crash_and_recover(db: str) -> None:
    port = free_port()
    srv = ServerProcess(db, port)
    try:
        r = httpx.post(
            srv.url + "/api/rooms",
            json={"game": "kirifuda", "seats": [{"kind": "human"}, {"kind": "human"}]},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        made = r.json()
        room = made["room"]
        clients = [Client(srv.ws, room, s["claim"]) for s in made["seats"]]
        sessions = [c.session for c in clients]
        commitment = clients[0].welcome["commitment"]
        rng, acked = Rng(5), []
        play(clients, rng, 15, acked)
        assert len(acked) == 15
        srv.kill()  # no goodbye, no flush
        for c in clients:
            c.ws.close()
        srv = ServerProcess(db, port)
        clients = [Client(srv.ws, room, session=s) for s in sessions]
        assert clients[0].decision == len(acked), "an acknowledged action was lost"
        assert clients[0].welcome["commitment"] == commitment, "the restarted room is another game"
        play(clients, rng, 10_000, acked)
        assert clients[0].obs["outcome"] is not None
        rep = parse_replay(httpx.get(f"{srv.url}/api/rooms/{room}/replay", timeout=10).text)
        assert rep.actions == acked
        assert isinstance(rep.seed, str) and len(rep.seed) == 64  # the secret, kept as text
        # re-simulated from the secret and the actions, here, with no server; the secret opens the commitment
        offline = verify(rep, commitment=commitment)
        assert offline.digest() == rep.final_hash
        for c in clients:
            c.close()
    finally:
        srv.stop()


def test_a_killed_server_loses_no_acknowledged_action(tmp_path):
    crash_and_recover(f"sqlite:///{tmp_path / 'serve.db'}")


@pytest.mark.skipif(
    not os.environ.get("TEFUDA_TEST_PG"), reason="TEFUDA_TEST_PG (a PostgreSQL URL) is not set"
)
def test_a_killed_server_loses_no_acknowledged_action_on_postgresql():
    from tests.conftest import pg_schema_url

    crash_and_recover(pg_schema_url())


def test_allow_seed_is_a_testing_flag_of_tefuda_serve(tmp_path):
    """`tefuda serve` refuses a chosen seed; `tefuda serve --allow-seed` (testing only) takes it."""
    body = {"game": "kirifuda", "seats": [{"kind": "human"}] * 2, "seed": 7}
    for args, status in (((), 400), (("--allow-seed",), 200)):
        srv = ServerProcess(f"sqlite:///{tmp_path / f'seed{len(args)}.db'}", free_port(), *args)
        try:
            r = httpx.post(srv.url + "/api/rooms", json=body, timeout=10)
            assert r.status_code == status, (args, r.text)
            if status == 400:
                assert "start the server with --allow-seed" in r.json()["error"]
        finally:
            srv.stop()
