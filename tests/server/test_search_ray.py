"""The search pool on Ray (issue 41): "A room on a local Ray cluster plays a whole game of hard
computers, with moves searched on both Ray workers", against a real `parlour serve --search ray`."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from conftest import ROOT, free_port, stop

pytest.importorskip("ray")


def descendants(pid: int) -> dict[int, bytes]:
    """Every process under `pid`, with its command line."""
    children: dict[int, list[int]] = {}
    lines: dict[int, bytes] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            lines[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = {}, [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = lines.get(child, b"")
            todo.append(child)
    return found


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_room_on_ray_plays_a_whole_game_of_hard_computers_on_both_workers(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), RAY_USAGE_STATS_ENABLED="0",
               PARLOUR_SEARCH_PROCESSES="2")
    server = subprocess.Popen(
        [sys.executable, "-m", "parlour.server.cli", "--port", str(port), "--db",
         f"sqlite:///{tmp_path / 'room.db'}", "--bot-delay", "0", "--log-level", "warning",
         "--search", "ray"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/api/tables", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and server.poll() is None, "no room"
            time.sleep(0.2)
        def actors():
            return [pid for pid, line in descendants(server.pid).items()
                    if b"SearchActor" in line]
        while len(actors()) < 2:  # warm: they import every game before their first search
            assert time.monotonic() < deadline, descendants(server.pid)
            time.sleep(0.2)
        time.sleep(1.0)
        warm = {pid: cpu_seconds(pid) for pid in actors()}
        hard = {"kind": "computer", "agent": "hard:seconds=0.1"}
        table = httpx.post(base + "/api/tables", timeout=10, json={
            "game": "arschloch", "players": 4, "seats": [hard] * 4}).json()["table"]
        deadline = time.monotonic() + 240
        while httpx.get(base + f"/api/tables/{table}", timeout=10).json()["status"] != "over":
            assert time.monotonic() < deadline, "the game did not end"
            time.sleep(0.5)
        assert set(actors()) == set(warm), "the same two workers throughout"
        # Each worker searched, about half of the game's searches of 0.1 s each (an idle actor
        # spends next to nothing; on a loaded machine a search gets less than its 0.1 s).
        spent = [cpu_seconds(pid) - warm[pid] for pid in warm]
        assert min(spent) > 0.25 and min(spent) > max(spent) / 4, spent
    finally:
        stop(server)
