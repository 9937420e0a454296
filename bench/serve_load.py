"""Load on the online server: N concurrent rooms of random-agent clients over WebSockets on 127.0.0.1.

Starts `tefuda serve` as a subprocess on a fresh SQLite file, opens N two-seat rooms (both seats human,
played by this script's random clients), and plays them for a bounded time, starting a new room whenever a
game ends. Reports actions/s served, p50/p99 latency from a submission to the acting seat's update, errors,
and lost actions (an acknowledged action missing from the server's room afterwards).

    .venv/bin/python bench/serve_load.py --rooms 100 --seconds 30 [--game kirifuda] [--db URL]

Takes about --seconds plus ~10 s to start and stop; prints progress every 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.games = 0
        self.acked: dict[str, int] = {}


async def seat_loop(
    url: str, room: str, claim: str, stats: Stats, stop: float, rng: random.Random, think: float
) -> None:
    async with websockets.connect(f"{url}/ws/{room}", max_size=2**24) as ws:
        await ws.send(
            json.dumps({"type": "hello", "claim": claim})
        )  # each seat claimed once, by its own client
        obs = decision = None
        sent_at: float | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            msg = orjson.loads(raw)
            t = msg["type"]
            if t in ("state", "update"):
                obs, decision = msg["observation"], msg["decision"]
                if t == "update" and sent_at is not None:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
            elif t == "ack":
                stats.actions += 1
                stats.acked[room] = stats.acked.get(room, 0) + 1
                continue
            elif t in ("error", "ignored"):
                stats.errors += 1
                print("error:", msg, file=sys.stderr)
                continue
            else:
                continue
            if obs["outcome"] is not None:
                stats.games += 1
                return
            if obs["legal"] and sent_at is None:
                if think > 0:  # a player's thinking time: uniform in [0, 2 × think]
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                pick = rng.choice(obs["legal"])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "decision": decision, "action": pick["index"]}))


async def room_loop(
    http: httpx.AsyncClient, url: str, game: str, stats: Stats, stop: float, seed: int, think: float
) -> None:
    rng = random.Random(seed)
    while time.monotonic() < stop:
        try:
            r = await http.post("/api/rooms", json={"game": game, "seats": [{"kind": "human"}] * 2})
        except httpx.HTTPError as e:
            stats.errors += 1
            print("error creating a room:", repr(e), file=sys.stderr)
            await asyncio.sleep(0.5)
            continue
        if r.status_code != 200:
            stats.errors += 1
            print("error creating a room:", r.text, file=sys.stderr)
            await asyncio.sleep(0.5)
            continue
        made = r.json()
        await asyncio.gather(
            *(seat_loop(url, made["room"], s["claim"], stats, stop, rng, think) for s in made["seats"])
        )


async def lost_actions(http: httpx.AsyncClient, stats: Stats) -> int:
    lost = 0
    for room, acked in stats.acked.items():
        info = (await http.get(f"/api/rooms/{room}")).json()
        if info["decision"] < acked:
            lost += acked - info["decision"]
    return lost


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    tmp = tempfile.mkdtemp()
    db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
    exe = Path(sys.executable).with_name("tefuda")
    cmd = [str(exe), "serve", "--port", str(port), "--db", db, "--ai-workers", "1"]
    cmd += ["--rate", "1000", "--rooms-per-address", str(args.rooms * 4)]
    if args.prefix:
        cmd = [*args.prefix.split(), *cmd]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(300):
                try:
                    if (await http.get("/api/games")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.2)
            stats = Stats()
            start = time.monotonic()
            stop = start + args.seconds

            async def progress() -> None:
                while time.monotonic() < stop:
                    await asyncio.sleep(5)
                    el = time.monotonic() - start
                    print(
                        f"  {el:5.0f} s: {stats.actions} actions ({stats.actions / el:.0f}/s), "
                        f"{stats.games} games"
                    )

            ticker = asyncio.create_task(progress())
            await asyncio.gather(
                *(
                    room_loop(http, f"ws://127.0.0.1:{port}", args.game, stats, stop, i, args.think)
                    for i in range(args.rooms)
                )
            )
            ticker.cancel()
            elapsed = time.monotonic() - start
            lost = await lost_actions(http, stats)
        lat = sorted(stats.latencies)
        p = (lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000) if lat else (lambda q: float("nan"))
        print(
            f"{args.rooms} rooms of {args.game}, think {args.think:g} s, {elapsed:.0f} s: "
            f"{stats.actions} actions "
            f"({stats.actions / elapsed:.0f}/s), {stats.games} games finished; latency p50 {p(0.5):.1f} ms, "
            f"p99 {p(0.99):.1f} ms, mean {statistics.fmean(lat) * 1000 if lat else float('nan'):.1f} ms; "
            f"errors {stats.errors}, lost actions {lost}"
        )
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default="kirifuda")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before acting (0: act at once, the server's saturation)",
    )
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--prefix", default="", help="run the server under this command (e.g. a profiler)")
    args = ap.parse_args()
    if args.rooms < 1 or not 0 < args.seconds < 3600:
        ap.error("--rooms ≥ 1 and 0 < --seconds < 3600")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
