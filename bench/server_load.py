"""Load on the card room: N tables, each one person played by a scripted websocket client on
loopback and computer seats for the rest; prints moves per second and the p50/p99 round trip of a
person's move (sent -> the position after it received).

    PYTHONPATH=. python bench/server_load.py                       # short: 50 tables, 8 s
    PYTHONPATH=. python bench/server_load.py --tables 500 --seconds 30

The server runs as its own process (python -m parlour.server.cli, computers without delay) on a
fresh SQLite file, unless --url points at a running room. Clients think --think seconds on
average between moves, as people do; every move is a random legal one. A finished game goes on
at the same seats through "play again".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


class Stats:
    def __init__(self):
        self.measuring = False
        self.rtts: list[float] = []
        self.person_moves = 0
        self.first_ply: dict[str, int] = {}
        self.last_ply: dict[str, int] = {}
        self.errors = 0
        self.games_finished = 0

    def seen(self, table: str, ply: int) -> None:
        if self.measuring:
            self.first_ply.setdefault(table, ply)
            self.last_ply[table] = ply

    def moves(self) -> int:
        return sum(self.last_ply[t] - self.first_ply[t] for t in self.last_ply)


async def client(url: str, table: str, token: str, think: float, stats: Stats, stop: asyncio.Event,
                 rng: random.Random) -> None:
    ws_url = url.replace("http", "ws", 1)
    while not stop.is_set():
        async with connect(f"{ws_url}/ws/{table}", max_size=1 << 22) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            sent_at, sent_ply = None, None
            nxt = None
            while not stop.is_set():
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
                except asyncio.TimeoutError:
                    continue
                kind = frame["type"]
                if kind == "error":
                    stats.errors += 1
                    sent_at = None
                    continue
                if kind == "rematch":
                    nxt = frame["table"]
                    break
                if kind != "state":
                    continue
                stats.seen(table, frame["ply"])
                if sent_at is not None and frame["ply"] > sent_ply:
                    if stats.measuring:
                        stats.rtts.append(time.perf_counter() - sent_at)
                        stats.person_moves += 1
                    sent_at = None
                if frame["status"] == "over":
                    stats.games_finished += 1
                    await ws.send(json.dumps({"type": "rematch"}))
                    continue
                if frame["legal"] and sent_at is None:
                    if think:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    if stop.is_set():
                        break
                    sent_ply = frame["ply"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "action": rng.choice(frame["legal"]),
                                              "ply": sent_ply}))
            if nxt is None:
                return
            table = nxt


async def run(args) -> None:
    server = None
    url = args.url
    folder = None
    if url is None:
        folder = tempfile.mkdtemp(prefix="parlour-bench-")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        # Every table is opened and played from this one address, faster than the room lets one
        # address go (docs/server.md, Limits): the load is many players', so lift those limits.
        env = dict(os.environ, PYTHONPATH=str(ROOT), PARLOUR_CREATES_PER_MINUTE="1000000",
                   PARLOUR_TABLES_PER_ADDRESS="1000000", PARLOUR_CONNECTIONS_PER_ADDRESS="100000",
                   PARLOUR_ADDRESS_MESSAGES_PER_SECOND="1000000",
                   PARLOUR_ADDRESS_MESSAGE_BURST="1000000")
        server = subprocess.Popen(
            [sys.executable, "-m", "parlour.server.cli", "--port", str(port), "--db",
             f"sqlite:///{folder}/bench.db", "--bot-delay", "0", "--log-level", "warning"],
            cwd=ROOT, env=env)
    try:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            for _ in range(300):
                try:
                    await http.get("/api/tables")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            seats = [{"kind": "me"}] + [{"kind": "computer", "agent": args.agent}] * (
                args.players - 1)
            body = {"game": args.game, "players": args.players, "seats": seats,
                    "options": json.loads(args.options)}
            started = time.perf_counter()
            tables = []
            for _ in range(args.tables):
                answer = (await http.post("/api/tables", json=body)).json()
                if "table" not in answer:
                    raise SystemExit(f"the room refused the table: {answer}")
                tables.append((answer["table"], answer["seats"][0]["token"]))
            print(f"{args.tables} tables of {args.game} ({args.players} seats, computers: "
                  f"{args.agent}) created in {time.perf_counter() - started:.1f} s")
        stats, stop = Stats(), asyncio.Event()
        rng = random.Random(args.seed)
        tasks = [asyncio.create_task(client(url, t, tok, args.think, stats, stop,
                                            random.Random(rng.random())))
                 for t, tok in tables]
        await asyncio.sleep(args.warmup)
        cpu0 = cpu_seconds(server.pid) if server else float("nan")
        stats.measuring = True
        began = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - began
        cpu1 = cpu_seconds(server.pid) if server else float("nan")
        stop.set()
        await asyncio.wait(tasks, timeout=5)
        rtts = sorted(stats.rtts)
        if not rtts:
            raise SystemExit("no move was measured")
        p50 = statistics.median(rtts) * 1000
        p99 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000
        moves = stats.moves()
        print(f"measured {elapsed:.1f} s after {args.warmup:.0f} s warm-up; think time "
              f"{args.think:.2f} s on average")
        print(f"moves stored:  {moves} ({moves / elapsed:.0f} moves/s, person and computer)")
        print(f"person moves:  {stats.person_moves} ({stats.person_moves / elapsed:.0f}/s)")
        print(f"round trip:    p50 {p50:.1f} ms  p99 {p99:.1f} ms  max {rtts[-1] * 1000:.1f} ms")
        if server:
            print(f"server CPU:    {(cpu1 - cpu0) / elapsed * 100:.0f}% of one core")
        print(f"games finished: {stats.games_finished}, error frames: {stats.errors}")
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a client waits before its move (uniform 0..2x)")
    parser.add_argument("--game", default="arschloch")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="easy", help="the computers: easy, medium or hard (hard:seconds=..)")
    parser.add_argument("--options", default='{"rounds": 1000}',
                        help="the game's options as JSON")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="a running room instead of a fresh one")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
