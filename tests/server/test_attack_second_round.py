"""The room on the open internet, second round (issue 39): each case the issue found, made again
against a real `parlour serve` on 127.0.0.1, and what now holds. The many-socket, slow-client
and header cases are in test_attack_transport.py, the scorer's in test_attack_scorer.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import statistics
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from test_attack_room import frames, ws_url


def state(frame):
    return frame["type"] == "state"


def post(base, path, body, **kwargs):
    return httpx.post(base + path, json=body, timeout=10, **kwargs)


def table_count(base):
    listing = httpx.get(base + "/api/tables", timeout=10).json()
    return listing["counts"]["open"] + listing["counts"]["playing"]


# 1. "Cross-site requests: a page on any other site can make its visitors' browsers `POST
#    /api/tables` (as text/plain) and `/join`, and open the room's websocket: no Origin,
#    Sec-Fetch-Site or content-type check."
def test_requests_and_sockets_from_other_sites_are_refused(serve):
    base = serve(origins="https://friends.example")
    evil = {"Origin": "https://evil.example"}
    body = {"game": "arschloch"}
    for headers in (evil, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": base.replace("127.0.0.1", "localhost")}):
        refused = post(base, "/api/tables", body, headers=headers)
        assert refused.status_code == 403, headers
        assert refused.json()["code"] == "cross_site" and "other sites" in refused.json()["error"]
    # A cross-site form or fetch can only send text/plain, never application/json.
    as_text = httpx.post(base + "/api/tables", content=json.dumps(body),
                         headers={"Content-Type": "text/plain"}, timeout=10)
    assert as_text.status_code == 415 and as_text.json()["code"] == "not_json"
    assert table_count(base) == 0, "a refused request changed nothing"
    # The room's own pages, a site it was told to trust, and a program that names no site.
    for headers in ({"Origin": base}, {"Origin": "https://friends.example"},
                    {"Sec-Fetch-Site": "same-origin"}, {}):
        assert post(base, "/api/tables", body, headers=headers).status_code == 200, headers
    table = post(base, "/api/tables", {"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]}).json()["table"]
    join = post(base, f"/api/tables/{table}/join", {"name": "x"}, headers=evil)
    assert join.status_code == 403 and join.json()["code"] == "cross_site"
    assert httpx.get(f"{base}/api/tables/{table}").json()["open_seats"] == [1, 2, 3]
    with connect(ws_url(base, table), additional_headers=evil, open_timeout=10) as ws:
        refusal = json.loads(ws.recv(timeout=10))
        assert refusal["type"] == "error" and refusal["code"] == "cross_site"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd.code == 4403
    with connect(ws_url(base, table), additional_headers={"Origin": base}) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"


# 2. "Computer specs: `hard:c=nan` and `hard:widen=inf` are stored as given."
def test_every_number_of_a_computer_spec_is_finite_and_in_its_range(serve):
    base = serve()
    for spec in ("hard:c=nan", "hard:widen=inf", "hard:c=1e400", "hard:trust=-1",
                 "hard:seconds=nan", "hard:floor=2", "medium:depth=5"):
        answer = post(base, "/api/tables", {"game": "arschloch", "seats": [{"kind": "me"}] + [
            {"kind": "computer", "agent": spec}] * 3})
        assert answer.status_code == 400, spec
        assert answer.json()["code"] == "bad_agent", spec
    assert table_count(base) == 0
    assert post(base, "/api/tables", {"game": "arschloch", "seats": [{"kind": "me"}] + [
        {"kind": "computer", "agent": "hard:c=1.2,widen=2"}] * 3}).status_code == 200


# 3. "Watchers: 256 watcher sockets from 4 addresses on one table lock out its seated player
#    reconnecting and its invited friend (`full`): one cap counts watchers and players alike."
def test_the_seated_player_and_the_friend_get_in_past_256_watchers(serve):
    base = serve(watcher_grace=3)
    answer = post(base, "/api/tables", {"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "computer"}, {"kind": "computer"}]}).json()
    table = answer["table"]
    me, friend = answer["seats"][0]["token"], answer["seats"][1]["token"]
    with connect(ws_url(base, table)) as ws:  # the player sits, then his page goes away
        ws.send(json.dumps({"type": "join", "token": me}))
        frames(ws, lambda f: f["type"] == "welcome" and f["seat"] == 0)
    with contextlib.ExitStack() as stack:
        crowd = []
        for i in range(256):
            source = (f"127.0.0.{2 + i % 4}", 0)
            crowd.append(stack.enter_context(connect(ws_url(base, table), open_timeout=10,
                                                     source_address=source)))
        seated = stack.enter_context(connect(ws_url(base, table)))
        seated.send(json.dumps({"type": "join", "token": me}))
        assert frames(seated, lambda f: f["type"] == "welcome" and f["seat"] == 0)
        assert frames(seated, state)["seat"] == 0
        guest = stack.enter_context(connect(ws_url(base, table)))
        guest.send(json.dumps({"type": "join", "token": friend}))
        assert frames(guest, lambda f: f["type"] == "welcome" and f["seat"] == 1)
        assert frames(guest, state)["seat"] == 1
        # Of the crowd, each address watches up to its share; the rest only waited for a seat
        # they never took, were shown no position, and are turned away after the grace time.
        shown, turned_away = 0, 0
        for ws in crowd:
            try:
                first = [json.loads(ws.recv(timeout=10)) for _ in range(2)]
                shown += first[1]["type"] == "state"
                turned_away += first[1]["type"] == "error" and first[1]["code"] == "full"
            except ConnectionClosed:
                turned_away += 1
        assert shown == 4 * 16 and turned_away == 256 - 4 * 16, (shown, turned_away)
        # The seated player still plays.
        seated.send(json.dumps({"type": "ping"}))
        assert frames(seated, lambda f: f["type"] == "pong")


# 8. "A griefer: a person who sends "I'm back" after each time-out gets a full clock every turn
#    ... no time bank, nothing that escalates, no way for the others to give the seat away."
def test_a_griefers_clock_shrinks_and_the_third_time_out_leaves_the_seat(serve):
    base = serve(bot_delay=0.05)
    answer = post(base, "/api/tables", {"game": "arschloch", "clock": 5, "seats": [
        {"kind": "me"}] + [{"kind": "computer", "agent": "easy"}] * 3}).json()
    with connect(ws_url(base, answer["table"]), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "join", "token": answer["seats"][0]["token"]}))
        clocks = []
        for timeouts in (1, 2, 3):
            mine = frames(ws, lambda f: state(f) and f["legal"] and not f["seats"][0]["away"]
                          and f["status"] == "playing", timeout=30)
            clocks.append(mine["clock_left"])
            away = frames(ws, lambda f: state(f) and f["seats"][0]["away"], timeout=15)
            assert away["seats"][0]["timeouts"] == timeouts
            ws.send(json.dumps({"type": "back"}))
        # The time bank: 5 s (the shortest clock), then three quarters of it, then three quarters
        # of that.
        assert 4.5 < clocks[0] <= 5 and 3.25 < clocks[1] <= 3.75 and 2.3 < clocks[2] <= 2.82, \
            clocks
        refusal = frames(ws, lambda f: f["type"] == "error")
        assert refusal["code"] == "left" and "ran out too often" in refusal["message"]
        # The computer keeps the seat, "I'm back" or not...
        left = frames(ws, state)
        assert left["seats"][0]["left"] and left["seats"][0]["away"]
        ws.send(json.dumps({"type": "back"}))
        assert frames(ws, lambda f: f["type"] == "error")["code"] == "left"
        mine = frames(ws, lambda f: state(f) and f["legal"], timeout=30)
        # ...until its person makes a move of their own, in the pause the computer leaves them.
        ws.send(json.dumps({"type": "move", "action": mine["legal"][0], "ply": mine["ply"]}))
        taken = frames(ws, lambda f: state(f) and f["ply"] > mine["ply"])
        assert not taken["seats"][0]["left"] and not taken["seats"][0]["away"]


def test_the_others_may_open_a_left_seat_to_someone_else(serve):
    base = serve(bot_delay=0.05, timeouts_to_leave=1)
    answer = post(base, "/api/tables", {"game": "arschloch", "clock": 5, "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "computer"}, {"kind": "computer"}]}).json()
    table = answer["table"]
    with connect(ws_url(base, table)) as griefer, connect(ws_url(base, table)) as friend:
        griefer.send(json.dumps({"type": "join", "token": answer["seats"][0]["token"]}))
        friend.send(json.dumps({"type": "join", "token": answer["seats"][1]["token"]}))
        frames(friend, lambda f: f["type"] == "welcome" and f["seat"] == 1)
        # Before the seat is left, it is nobody else's to give away.
        friend.send(json.dumps({"type": "open_seat", "seat": 0}))
        assert frames(friend, lambda f: f["type"] == "error")["code"] == "not_left"
        # The friend keeps playing; the griefer does nothing until his seat is left.
        deadline = time.monotonic() + 40
        while True:
            frame = frames(friend, state)
            if frame["seats"][0]["left"]:
                break
            if frame["legal"]:
                friend.send(json.dumps({"type": "move", "action": frame["legal"][-1],
                                        "ply": frame["ply"]}))
            assert time.monotonic() < deadline
        friend.send(json.dumps({"type": "open_seat", "seat": 0}))
        frames(griefer, lambda f: f["type"] == "error" and f["code"] == "bad_token")
        assert httpx.get(f"{base}/api/tables/{table}").json()["open_seats"] == [0]
        newcomer = post(base, f"/api/tables/{table}/join", {"name": "Newcomer"}).json()
        assert newcomer["seat"] == 0
        seat = frames(friend, lambda f: state(f) and f["seats"][0]["name"] == "Newcomer")
        assert not seat["seats"][0]["left"] and seat["seats"][0]["timeouts"] == 0
    # The griefer's old link opens nothing any more.
    with connect(ws_url(base, table)) as ws:
        ws.send(json.dumps({"type": "join", "token": answer["seats"][0]["token"]}))
        assert frames(ws, lambda f: f["type"] == "error")["code"] == "bad_token"


# 10. "A finished game of 2,942 moves is rebuilt for every `GET /api/tables/<id>` (75 ms on the
#     event loop each)."
def test_a_finished_games_second_look_is_served_from_the_cache(serve, tmp_path):
    import parlour
    from parlour.agents import RandomAgent
    from parlour.server.store import Store

    game = parlour.load("arschloch", 4, rounds=60)
    state_ = game.new_state(seed=5)
    agent = RandomAgent(seed=5)
    while not state_.is_terminal:
        state_.apply(agent.choose(state_, state_.current_player))
    actions = state_.record()["actions"]
    assert len(actions) > 1500

    async def store_it():
        store = Store(f"sqlite:///{tmp_path / 'room.db'}")
        await store.open()
        row = {"id": "long", "game": "arschloch", "players": 4, "options": game.options,
               "seed": 5, "deck": None, "host_hash": None, "next_table": None, "clock": 0}
        await store.create_table(row, [{"seat": i, "kind": "computer", "agent": "easy",
                                        "name": f"Computer {i}", "token_hash": None,
                                        "public": False, "claimed": True} for i in range(4)])
        for ply, text in enumerate(actions):
            last = ply == len(actions) - 1
            await store.append_move("long", ply, None, text, "over" if last else "playing",
                                    state_.returns() if last else None)
        await store.close()

    asyncio.run(store_it())
    base = serve()

    client = httpx.Client(timeout=30)

    def look(path="/api/tables/long"):
        started = time.perf_counter()
        answer = client.get(base + path)
        assert answer.status_code == 200
        return time.perf_counter() - started

    look("/api/tables")  # the connection is open before anything is timed
    first = look()
    again = statistics.median(look() for _ in range(9))
    nothing = statistics.median(look("/favicon.ico") for _ in range(9))
    print(f"first look {first * 1000:.0f} ms, again {again * 1000:.1f} ms, a static file "
          f"{nothing * 1000:.1f} ms ({len(actions)} moves)")
    assert client.get(base + "/api/tables/long").json()["status"] == "over"
    assert again < first / 4
