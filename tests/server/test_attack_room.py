"""The room on the open internet (issue 29): each attack the issue found, made again against a real
`parlour serve` on 127.0.0.1, and what now holds. The scorer flood is in test_attack_scorer.py,
the ping flood in test_attack_ws.py."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time

import httpx
from websockets.sync.client import connect

from conftest import wait_for


def ws_url(base, table):
    return base.replace("http://", "ws://") + f"/ws/{table}"


def frames(ws, until, timeout=20.0):
    """Frames until `until(frame)` holds; the frame that made it hold."""
    deadline = time.monotonic() + timeout
    while True:
        frame = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if until(frame):
            return frame


@contextlib.contextmanager
def sit(base, table, token):
    with connect(ws_url(base, table), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "join", "token": token}))
        yield ws


def post(base, path, body):
    return httpx.post(base + path, json=body, timeout=10)


# 1. "A computer seat accepts any spec: six tables of `hard:seconds=inf` fill the 6 shared search
#    threads; no computer in the room moves again."
def test_a_computer_seat_is_a_level_within_the_rooms_ceilings(serve):
    base = serve(agent_seconds=1)
    for spec, words in [("hard:seconds=inf", "at most 1 seconds"),
                        ("hard:seconds=2", "at most 1 seconds"),
                        ("hard:iters=100000000", "iterations"),
                        ("ismcts:iters=10", "easy, medium, hard"),
                        ("random", "easy, medium, hard"), (7, "easy, medium, hard")]:
        answer = post(base, "/api/tables", {"game": "arschloch", "seats": [
            {"kind": "me"}] + [{"kind": "computer", "agent": spec}] * 3})
        assert answer.status_code == 400, spec
        assert answer.json()["code"] == "bad_agent" and words in answer.json()["error"], spec
    assert post(base, "/api/tables", {"game": "arschloch", "seats": [{"kind": "me"}] + [
        {"kind": "computer", "agent": "hard:seconds=0.5"}] * 3}).status_code == 200


def test_searches_leave_other_tables_computers_their_pace(serve):
    """Six tables of the hardest computers allowed take every search thread; a table of medium
    computers still moves at its delay, and the lobby answers at once."""
    base = serve(bot_delay=0.2, agent_seconds=2)
    for _ in range(6):
        assert post(base, "/api/tables", {"game": "arschloch", "seats": [
            {"kind": "computer", "agent": "hard:seconds=2"}] * 4}).status_code == 200
    answer = post(base, "/api/tables", {"game": "arschloch", "seats": [{"kind": "me"}] + [
        {"kind": "computer", "agent": "medium"}] * 3}).json()
    time.sleep(1.0)  # the hard tables are searching
    with sit(base, answer["table"], answer["seats"][0]["token"]) as ws:
        frame = frames(ws, lambda f: f["type"] == "state" and f["legal"])
        for _ in range(3):
            started, sent = time.monotonic(), frame["ply"]
            ws.send(json.dumps({"type": "move", "action": frame["legal"][-1], "ply": sent}))
            # Our next turn: after the three computers, or at once when our move leaves the turn
            # with us (the test waited for three computers' moves that never came, on CI).
            frame = frames(ws, lambda f, sent=sent: f["type"] == "state" and (
                f["legal"] or f["status"] == "over") and f["ply"] > sent)
            if frame["status"] == "over":
                break
            # The computers' moves at 0.2 s each, never waiting for a search's turn (6 x 2 s);
            # the bound was set when searches ran on threads holding the room's GIL (1.7 s seen
            # on CI), and the searches' workers are processes now.
            computers = frame["ply"] - sent - 1
            assert time.monotonic() - started < computers * 0.2 + 2.4
        lobby = time.monotonic()
        assert httpx.get(base + "/api/tables", timeout=5).status_code == 200
        assert time.monotonic() - lobby < 0.5


def test_a_stored_unbounded_computer_plays_within_the_ceiling_after_a_restart(serve, tmp_path):
    """"...and the tables restart that way after a restart": a seat stored before the ceilings
    (written into the database by hand here) plays its level within them."""
    base = serve(bot_delay=0.0)
    answer = post(base, "/api/tables", {"game": "arschloch", "seats": [{"kind": "me"}] + [
        {"kind": "computer", "agent": "easy"}] * 3}).json()
    with sit(base, answer["table"], answer["seats"][0]["token"]) as ws:
        frames(ws, lambda f: f["type"] == "state" and f["legal"])
    with sqlite3.connect(tmp_path / "room.db") as db:
        db.execute("UPDATE seats SET agent = 'ismcts:seconds=inf' WHERE kind = 'computer'")
    base = serve(bot_delay=0.0, agent_seconds=0.5)
    with sit(base, answer["table"], answer["seats"][0]["token"]) as ws:
        frame = frames(ws, lambda f: f["type"] == "state" and f["legal"])
        # Our moves until a computer is to act: a move may leave the turn with us (the test
        # waited for a computer's move that never came when the deal did that).
        while frame["legal"]:
            ws.send(json.dumps({"type": "move", "action": frame["legal"][-1],
                                "ply": frame["ply"]}))
            frame = frames(ws, lambda f, ply=frame["ply"]: f["type"] == "state"
                           and f["ply"] > ply)
        started = time.monotonic()
        frames(ws, lambda f: f["type"] == "state" and f["ply"] > frame["ply"], timeout=15)
        assert time.monotonic() - started < 10


# 4. "One client made 3,000 tables in 38 s; each stays in memory and the store forever ...
#    300,000 `state` messages on one socket in 1.4 s pushed another table's ping to 364 ms: there
#    is no rate limit."
def test_opening_tables_is_limited_by_rate_per_address_and_in_all(serve):
    base = serve(creates_per_minute=5, tables_per_address=100, max_tables=100)
    answers = [post(base, "/api/tables", {"game": "arschloch"}) for _ in range(7)]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 2
    refused = answers[-1]
    assert refused.json()["code"] == "rate_limited" and "try again in" in refused.json()["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 13


def test_tables_in_play_are_capped_per_address_and_in_the_room(serve):
    base = serve(creates_per_minute=1000, tables_per_address=3, max_tables=1000)
    answers = [post(base, "/api/tables", {"game": "arschloch"}) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[-1].json()["code"] == "too_many_tables"


def test_the_room_refuses_tables_beyond_its_cap(serve):
    base = serve(creates_per_minute=1000, tables_per_address=1000, max_tables=2)
    answers = [post(base, "/api/tables", {"game": "arschloch"}) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 503]
    assert answers[-1].json()["code"] == "room_full" and "Retry-After" in answers[-1].headers


def test_a_message_flood_is_refused_then_closed_and_other_tables_keep_their_pace(serve):
    base = serve(messages_per_second=20, message_burst=60)
    flooded = post(base, "/api/tables", {"game": "arschloch"}).json()["table"]
    quiet = post(base, "/api/tables", {"game": "arschloch"}).json()["table"]
    with connect(ws_url(base, flooded), open_timeout=10) as flood, \
            connect(ws_url(base, quiet), open_timeout=10) as other:
        frames(other, lambda f: f["type"] == "state")
        sent = 0
        with contextlib.suppress(Exception):
            for _ in range(300):  # 300,000 messages, a thousand to a frame burst
                for _ in range(1000):
                    flood.send('{"type":"state"}')
                    sent += 1
        codes = []
        with contextlib.suppress(Exception):
            while True:
                frame = json.loads(flood.recv(timeout=5))
                if frame["type"] == "error":
                    codes.append(frame["code"])
        assert "rate_limited" in codes and codes[-1] == "flood"
        # The other table answers at once.
        worst = 0.0
        for _ in range(20):
            started = time.monotonic()
            other.send('{"type":"ping"}')
            frames(other, lambda f: f["type"] == "pong")
            worst = max(worst, time.monotonic() - started)
        assert worst < 0.1


def test_an_address_holds_a_limited_number_of_sockets(serve):
    base = serve(connections_per_address=3)
    table = post(base, "/api/tables", {"game": "arschloch"}).json()["table"]
    with contextlib.ExitStack() as stack:
        for _ in range(3):
            ws = stack.enter_context(connect(ws_url(base, table), open_timeout=10))
            frames(ws, lambda f: f["type"] == "welcome")
        with connect(ws_url(base, table), open_timeout=10) as extra:
            frame = json.loads(extra.recv(timeout=5))
            assert frame["code"] == "too_many_connections"


def test_idle_tables_are_closed_and_kept_as_records(serve):
    base = serve(idle_close=1)
    answer = post(base, "/api/tables", {"game": "arschloch"}).json()
    table = answer["table"]
    wait_for(lambda: httpx.get(f"{base}/api/tables/{table}").json()["status"] == "closed",
             timeout=10)
    assert table not in {t["id"] for t in httpx.get(base + "/api/tables").json()["playing"]}
    record = httpx.get(f"{base}/api/tables/{table}/replay")
    assert record.status_code == 200 and record.json()["step"] == record.json()["total"]
    with sit(base, table, answer["seats"][0]["token"]) as ws:
        frame = frames(ws, lambda f: f["type"] == "state")
        assert frame["status"] == "closed"
        ws.send(json.dumps({"type": "move", "action": "pass"}))
        assert frames(ws, lambda f: f["type"] == "error")["code"] == "closed"


# 5. "`POST /api/tables/{id}/invite` with `"seat": true` is taken as seat 1 (a bool passes the
#    int check). 4,000 nested `[` gives a RecursionError answered as `server`, not `malformed`."
def test_no_bool_passes_for_a_number_and_deep_json_is_malformed(serve):
    base = serve()
    answer = post(base, "/api/tables", {"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "computer", "agent": "easy"},
        {"kind": "computer", "agent": "easy"}]}).json()
    table, host = answer["table"], answer["host"]
    refused = post(base, f"/api/tables/{table}/invite", {"host": host, "seat": True})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_seat"
    assert post(base, f"/api/tables/{table}/invite", {"host": host, "seat": 1}).status_code == 200
    for bad in ({"game": "arschloch", "players": True}, {"game": "arschloch", "clock": True},
                {"game": True}):
        assert post(base, "/api/tables", bad).status_code in (400, 404), bad
    deep = "[" * 4000 + "]" * 4000
    refused = httpx.post(base + "/api/tables", content=deep, timeout=5)
    assert refused.status_code == 400 and refused.json()["code"] == "malformed"
    with sit(base, table, answer["seats"][0]["token"]) as ws:
        # Seated (whoever is to act: seat 1 is an invite nobody opened, so it may never be us).
        frames(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        ws.send('{"type": "move", "action": "pass", "x": ' + deep + "}")
        assert frames(ws, lambda f: f["type"] == "error")["code"] == "malformed"
        ws.send(json.dumps({"type": "move", "action": "pass", "ply": True}))
        assert frames(ws, lambda f: f["type"] == "error")["code"] == "malformed"
        ws.send(json.dumps({"type": "join", "token": answer["seats"][0]["token"], "seat": False}))
        assert frames(ws, lambda f: f["type"] == "error")["code"] == "malformed"


# 6. "A person who leaves on their turn stalls the table for ever: there is no turn clock."
def test_a_turn_clock_hands_the_seat_to_the_computer_and_back(serve):
    base = serve(bot_delay=0.05)
    answer = post(base, "/api/tables", {"game": "arschloch", "clock": 5, "seats": [
        {"kind": "me"}] + [{"kind": "computer", "agent": "easy"}] * 3}).json()
    with sit(base, answer["table"], answer["seats"][0]["token"]) as ws:
        mine = frames(ws, lambda f: f["type"] == "state" and f["legal"])
        assert mine["clock"] == 5 and 0 < mine["clock_left"] <= 5
        # The person does nothing: after 5 s the computer plays the seat, move after move.
        away = frames(ws, lambda f: f["type"] == "state" and f["seats"][0]["away"], timeout=10)
        played = frames(ws, lambda f: f["type"] == "state" and f["ply"] > away["ply"] + 4 and
                        f["status"] == "playing", timeout=15)
        assert played["seats"][0]["away"]
        # They come back: the seat is theirs again, and its clock starts afresh.
        ws.send(json.dumps({"type": "back"}))
        back = frames(ws, lambda f: f["type"] == "state" and not f["seats"][0]["away"])
        mine = frames(ws, lambda f: f["type"] == "state" and f["legal"] and
                      not f["seats"][0]["away"]) if not back["legal"] else back
        assert mine["clock_left"] > 3
        ws.send(json.dumps({"type": "move", "action": mine["legal"][0], "ply": mine["ply"]}))
        frames(ws, lambda f: f["type"] == "state" and f["ply"] > mine["ply"])


def test_a_table_open_to_anyone_has_a_clock_by_default_and_friends_none(serve):
    base = serve(turn_clock=45)
    public = post(base, "/api/tables", {"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]}).json()
    friends = post(base, "/api/tables", {"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}, {"kind": "invite"}]}).json()
    assert httpx.get(f"{base}/api/tables/{public['table']}").json()["clock"] == 45
    assert httpx.get(f"{base}/api/tables/{friends['table']}").json()["clock"] == 0
    refused = post(base, "/api/tables", {"game": "arschloch", "clock": 2})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_clock"
