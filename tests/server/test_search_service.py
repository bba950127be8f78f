"""The room's searches as a service (issue 41), against a real `parlour serve` on 127.0.0.1: ten
tables of hard computers from one address cannot take another person's table's moves or hints
from it, a medium table keeps its pace beside a CPU burner, and a search worker killed in a search
loses no move."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import sqlite3
import statistics
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from conftest import wait_for

OTHER = "127.0.0.2"  # the other person's address (the whole of 127/8 is this machine)


def open_table(base, seats, address="127.0.0.1"):
    """A table of Arschloch for `seats`, played over many rounds (no game ends mid-test)."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10) as http:
        answer = http.post(base + "/api/tables", json={
            "game": "arschloch", "players": len(seats), "seats": seats,
            "options": {"rounds": 100}})
    assert answer.status_code == 200, answer.text
    return answer.json()


@contextlib.contextmanager
def sit(base, table, token, address="127.0.0.1"):
    url = base.replace("http://", "ws://") + f"/ws/{table}"
    with connect(url, open_timeout=10, source_address=(address, 0)) as ws:
        ws.send(json.dumps({"type": "join", "token": token}))
        yield ws


def until(ws, test, timeout=60.0):
    deadline = time.monotonic() + timeout
    while True:
        frame = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if test(frame):
            return frame


def my_turn(ws, after=-1):
    return until(ws, lambda f: f["type"] == "state" and f["ply"] > after
                 and (f["legal"] or f["status"] == "over"))


def computers_moves(ws, frame, turns):
    """Seconds a computer's move took, over our next `turns` turns from `frame` (our turn): from
    our move to our next turn, over the computers' moves between (our move: the last legal, a
    pass where there is one); and the frame of our turn after them."""
    spent = []
    while len(spent) < turns and frame["status"] != "over":
        started, sent = time.monotonic(), frame["ply"]
        ws.send(json.dumps({"type": "move", "action": frame["legal"][-1], "ply": sent}))
        frame = my_turn(ws, sent)
        computers = frame["ply"] - sent - 1
        if computers:
            spent.append((time.monotonic() - started) / computers)
    return spent, frame


def hint_seconds(ws, frame):
    """Seconds to the hint on our turn at `frame`, or the next with a choice (single moves are
    played); and that turn's frame."""
    while len(frame["legal"]) == 1:
        ws.send(json.dumps({"type": "move", "action": frame["legal"][0], "ply": frame["ply"]}))
        frame = my_turn(ws, frame["ply"])
    started = time.monotonic()
    ws.send(json.dumps({"type": "hint"}))
    until(ws, lambda f: f["type"] == "hint")
    return time.monotonic() - started, frame


HARD = {"kind": "computer", "agent": "hard:seconds=1"}


# "ten tables of hard computers from one address beside one other table: that table's hard move
# takes at most twice its time alone, its hint at most twice"
def test_ten_tables_of_hard_computers_from_one_address_leave_another_table_its_pace(serve):
    base = serve(agent_seconds=1, hint_seconds=1, search_processes=2,
                    tables_per_address=20, creates_per_minute=100)
    mine = open_table(base, [{"kind": "me"}, HARD, HARD], address=OTHER)
    with sit(base, mine["table"], mine["seats"][0]["token"], OTHER) as ws:
        spent, frame = computers_moves(ws, my_turn(ws), 3)
        alone_move = statistics.median(spent)
        alone_hint, frame = hint_seconds(ws, frame)
        for _ in range(10):
            open_table(base, [HARD] * 4)
        time.sleep(2.0)  # every worker is busy with the ten tables
        spent, frame = computers_moves(ws, frame, 3)
        loaded_move = statistics.median(spent)
        loaded_hint, _ = hint_seconds(ws, frame)
    assert loaded_move <= 2 * alone_move, (alone_move, loaded_move)
    assert loaded_hint <= 2 * alone_hint, (alone_hint, loaded_hint)


def burn():
    os.nice(0)
    while True:
        pass


# "a medium table keeps its pace with a CPU burner beside the room"
def test_a_medium_table_keeps_its_pace_beside_hard_tables_and_a_cpu_burner(serve):
    base = serve(agent_seconds=1, search_processes=2, bot_delay=0.2,
                    tables_per_address=20, creates_per_minute=100)
    burner = multiprocessing.get_context("spawn").Process(target=burn, daemon=True)
    burner.start()
    try:
        for _ in range(4):
            open_table(base, [HARD] * 4)
        mine = open_table(base, [{"kind": "me"}] + [{"kind": "computer", "agent": "medium"}] * 3,
                          address=OTHER)
        time.sleep(1.0)
        with sit(base, mine["table"], mine["seats"][0]["token"], OTHER) as ws:
            spent, _ = computers_moves(ws, my_turn(ws), 3)
    finally:
        burner.kill()
        burner.join()
    # Each medium move: its 0.2 s delay and a few milliseconds of heuristic, the searches in
    # processes of their own at a lower priority (in threads, 1.7 s was seen on CI).
    assert statistics.median(spent) < 0.2 + 0.5, spent


def search_workers(server) -> list[int]:
    """The room's search workers: its children whose command line is multiprocessing's."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if ppid == server.pid and b"multiprocessing" in command and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def on_processor(pids: list[int], seconds: float = 0.5) -> int | None:
    """The process of `pids` seen running (or runnable) within `seconds`, if one is: a searching
    worker, however little processor a loaded machine lends it; an idle one sleeps on its pipe."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state == "R":
                return pid
        time.sleep(0.005)
    return None


def a_search_under_way(ws, server, frame, timeout=60.0):
    """Play our turns (from `frame`, our turn) until a computer's move is being searched: the
    worker searching, and the frame of our last turn. A computer with a single move makes it at
    once, so the turn may come back to us before any search starts."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ws.send(json.dumps({"type": "move", "action": frame["legal"][-1], "ply": frame["ply"]}))
        while time.monotonic() < deadline:
            searching = on_processor(search_workers(server), 0.1)
            if searching:
                return searching, frame
            try:
                found = json.loads(ws.recv(timeout=0.01))
            except TimeoutError:
                continue
            if found["type"] == "state" and found["ply"] > frame["ply"] and found["legal"]:
                frame = found
                break
    raise AssertionError("no computer's move was searched")


def stored_plies(db, table: str) -> list[int]:
    with sqlite3.connect(db) as connection:
        return [ply for (ply,) in connection.execute(
            "SELECT ply FROM moves WHERE table_id = ? ORDER BY ply", (table,))]


# "kill -9 of a search worker in a search: the move is searched again by another within 5 s,
# nothing lost or doubled"
def test_a_search_worker_killed_in_a_search_loses_no_move(serve):
    base = serve(agent_seconds=2, search_processes=2)
    server = serve.servers[-1]
    hard = {"kind": "computer", "agent": "hard:seconds=2"}
    mine = open_table(base, [{"kind": "me"}, hard, hard])
    with sit(base, mine["table"], mine["seats"][0]["token"]) as ws:
        frame = my_turn(ws)
        assert frame["status"] == "playing"
        # Both workers warm and idle (on a loaded machine their imports take a while).
        wait_for(lambda: len(search_workers(server)) == 2
                 and on_processor(search_workers(server)) is None, timeout=90)
        searching, frame = a_search_under_way(ws, server, frame)
        before = len(stored_plies(serve.db, mine["table"]))
        os.kill(searching, signal.SIGKILL)
        killed = time.monotonic()
        # The move, from a search started again at once on the other worker (2 s).
        wait_for(lambda: len(stored_plies(serve.db, mine["table"])) > before, timeout=30)
        assert time.monotonic() - killed < 5.0 + 2.0
        frame = my_turn(ws, frame["ply"])
    plies = stored_plies(serve.db, mine["table"])
    assert plies == list(range(frame["ply"])), "every move stored once, none lost"
    assert len(search_workers(server)) == 2 and searching not in search_workers(server), \
        "the dead worker was replaced"
