"""The crash test: the room as a real process on loopback, some moves played, kill -9, a restart on
the same database; every table is exactly where it was and its computers carry on."""

import contextlib
import json
import signal
import subprocess
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from conftest import free_port, me_and_computers, start

ROOT = Path(__file__).resolve().parents[2]


class Player:
    def __init__(self, stack, port, table, token):
        self.ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}",
                                              open_timeout=10))
        self.frame = None
        if token:
            self.ws.send(json.dumps({"type": "join", "token": token}))

    def turn(self):
        """The next position in which this seat is to move (or the end)."""
        while True:
            frame = json.loads(self.ws.recv(timeout=20))
            if frame["type"] == "error":
                raise AssertionError(frame)
            if frame["type"] == "state":
                self.frame = frame
                if frame["legal"] or frame["status"] == "over":
                    return frame

    def latest(self, window=0.3):
        """The newest state frame received within `window` seconds."""
        deadline = time.time() + window
        while time.time() < deadline or self.frame is None:
            try:
                frame = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.time())))
            except TimeoutError:
                continue
            if frame["type"] == "state":
                self.frame = frame
        return self.frame


def test_kill_9_and_restart_resumes_every_table(tmp_path):
    port = free_port()
    db = f"sqlite:///{tmp_path / 'room.db'}"
    base = f"http://127.0.0.1:{port}"
    server = start(port, db, bot_delay=0.05)
    stack = contextlib.ExitStack()
    try:
        answer = httpx.post(f"{base}/api/tables", json={
            "game": "arschloch", "seats": me_and_computers(4)}).json()
        table, token = answer["table"], answer["seats"][0]["token"]
        # Computers only, playing a long match: it is mid-game when the server dies.
        busy = httpx.post(f"{base}/api/tables", json={
            "game": "arschloch", "options": {"rounds": 30},
            "seats": [{"kind": "computer"}] * 4}).json()["table"]
        player = Player(stack, port, table, token)
        for _ in range(4):
            frame = player.turn()
            if frame["status"] == "over":
                break
            player.ws.send(json.dumps({"type": "move", "action": frame["legal"][0],
                                       "ply": frame["ply"]}))
        frame = player.turn()
        watcher = Player(stack, port, busy, None)
        seen = watcher.latest()
        assert seen["ply"] > 0 and seen["status"] == "playing"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        stack.close()

    server = start(port, db, bot_delay=0.05)
    stack = contextlib.ExitStack()
    try:
        # The person's table: exactly the position it was in, the same moves to choose from.
        player = Player(stack, port, table, token)
        again = player.turn()
        assert again["ply"] == frame["ply"]
        assert again["view"] == frame["view"] and again["legal"] == frame["legal"]
        # The computers' table: no accepted move lost, and the computers carry on.
        watcher = Player(stack, port, busy, None)
        first = watcher.latest(window=0.01)
        assert first["ply"] >= seen["ply"]
        later = watcher.latest(window=0.5)
        assert later["ply"] > first["ply"] or later["status"] == "over"
    finally:
        stack.close()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
