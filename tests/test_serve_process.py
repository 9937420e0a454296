"""The real server as a process: played over real WebSockets on 127.0.0.1, killed with SIGKILL halfway,
restarted on the same database; the game finishes with no acknowledged action lost, and its final state
equals an offline replay of the same actions. With TEFUDA_TEST_PG set (a PostgreSQL URL), the same runs
against PostgreSQL too."""

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
    def __init__(self, db: str, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        cmd = [*tefuda_command(), "serve", "--port", str(port), "--db", db, "--ai-workers", "1"]
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
    def __init__(self, ws_url: str, room: str, token: str) -> None:
        self.ws = connect(f"{ws_url}/ws/{room}", open_timeout=10).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        assert self.recv()["type"] == "welcome"
        state = self.recv()
        self.obs, self.decision = state["observation"], state["decision"]

    def recv(self) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=30))
        if msg["type"] in ("state", "update"):
            self.obs, self.decision = msg["observation"], msg["decision"]
        return msg

    def close(self) -> None:
        self.ws.close()


def play(clients: list[Client], rng: Rng, steps: int, acked: list[str]) -> None:
    for _ in range(steps):
        mover = clients[0].obs["to_move"]
        if mover < 0:
            return
        me = clients[mover]
        pick = me.obs["legal"][rng.below(len(me.obs["legal"]))]
        me.ws.send(json.dumps({"type": "act", "decision": me.decision, "action": pick["index"]}))
        ack = me.recv()
        assert ack["type"] == "ack", ack
        acked.append(pick["notation"])
        for c in clients:
            assert c.recv()["type"] == "update"


def crash_and_recover(db: str) -> None:
    port = free_port()
    srv = ServerProcess(db, port)
    try:
        r = httpx.post(
            srv.url + "/api/rooms",
            json={"game": "kirifuda", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 21},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        made = r.json()
        room, tokens = made["room"], [s["token"] for s in made["seats"]]
        clients = [Client(srv.ws, room, t) for t in tokens]
        rng, acked = Rng(5), []
        play(clients, rng, 15, acked)
        assert len(acked) == 15
        srv.kill()  # no goodbye, no flush
        for c in clients:
            c.ws.close()
        srv = ServerProcess(db, port)
        clients = [Client(srv.ws, room, t) for t in tokens]
        assert clients[0].decision == len(acked), "an acknowledged action was lost"
        play(clients, rng, 10_000, acked)
        assert clients[0].obs["outcome"] is not None
        rep = parse_replay(httpx.get(f"{srv.url}/api/rooms/{room}/replay", timeout=10).text)
        assert rep.actions == acked
        offline = verify(rep)  # re-simulated from seed + actions, here, with no server
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
