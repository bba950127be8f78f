"""The room beyond one process (issue 30): two and three `parlour serve` processes on one real
PostgreSQL, as a load balancer would spread people over them. A move is one guarded transaction,
every process with watchers learns of it by NOTIFY, and the computers of a table are played by
exactly one process, the holder of its lease, which another takes over when the holder dies."""

from __future__ import annotations

import contextlib
import json
import random
import signal
import time

import httpx
import pytest
from websockets.sync.client import connect

import parlour
from conftest import free_port, fresh_database, query, start


@pytest.fixture
def rooms(postgresql):
    """rooms(n, bot_delay) -> n room processes on one fresh database: their base URLs."""
    servers = []

    def run(n, bot_delay=0.05):
        url = fresh_database(postgresql)
        bases = []
        for _ in range(n):
            port = free_port()
            servers.append(start(port, url, bot_delay))
            bases.append(f"http://127.0.0.1:{port}")
        return url, bases, servers[-n:]

    yield run
    for server in servers:
        server.kill()
        server.wait()
        # What a process logged, shown with a failure.
        print(server.stderr.read().decode(errors="replace")[-3000:])


class Person:
    """A seat's websocket on one process: its frames, its moves."""

    def __init__(self, stack, base, table, token=None):
        self.ws = stack.enter_context(connect(base.replace("http", "ws") + f"/ws/{table}",
                                              open_timeout=10))
        self.frames = []
        self.seat = None
        self.last = None  # the newest state frame
        self.sent = None  # (ply, move) of the move on its way
        if token:
            self.ws.send(json.dumps({"type": "join", "token": token}))

    def read(self, timeout):
        """One frame within `timeout` seconds (None if none came)."""
        try:
            frame = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return None
        if frame["type"] == "welcome" and frame["seat"] is not None:
            self.seat = frame["seat"]
        if frame["type"] == "error":
            if frame["code"] not in ("stale", "not_your_turn"):
                raise AssertionError(frame)
            self.sent = None  # refused: the position it was chosen in had passed
        if frame["type"] == "state":
            self.frames.append(frame)
            self.last = frame
        return frame

    def next_state(self, test=lambda f: True, timeout=20, seen=False):
        """The next state frame that passes `test` (with `seen`: or the newest already read)."""
        if seen and self.last is not None and test(self.last):
            return self.last
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such frame")
            frame = self.read(left)
            if frame is not None and frame["type"] == "state" and test(frame):
                return frame


def replayed(record_url, table):
    record = httpx.get(record_url + f"/api/tables/{table}/record", timeout=10).json()
    return record, parlour.replay(record)


def check_views(person, record):
    """Every frame this person saw is exactly view(seat) of the stored game at that move."""
    game = parlour.load(record["game"], record["players"], **record["options"])
    for frame in person.frames:
        state = game.new_state(seed=record["seed"], deck=record.get("deck"))
        for text in record["actions"][:frame["ply"]]:
            state.apply(game.parse_action(state, text))
        assert frame["view"] == json.loads(json.dumps(state.view(frame["seat"]))), frame["ply"]


def play(people, until, rng, made, timeout=60):
    """Each person moves at random when it is their turn, on their own process, until
    `until(frame)` holds for the newest frame of the first person; that frame. `made` gets
    (ply, move) of every move a person made that the room took."""
    first = people[min(people)]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for person in people.values():
            while person.read(0.01) is not None:
                pass
        frame = first.last
        if frame is not None and (until(frame) or frame["status"] == "over"):
            return frame
        for person in people.values():
            mine = person.last
            if mine is None or not mine["legal"] or (person.sent and person.sent[0] >= mine["ply"]):
                continue
            if person.sent:
                made.append(person.sent)  # the room took it: the game has moved past it
            choice = rng.choice(mine["legal"])
            person.ws.send(json.dumps({"type": "move", "action": choice, "ply": mine["ply"]}))
            person.sent = (mine["ply"], choice)
    raise AssertionError("the game did not get there")


def settle(people, made):
    """The moves still on their way when the game ended were taken."""
    for person in people.values():
        if person.sent:
            made.append(person.sent)
            person.sent = None


def test_two_people_on_two_processes_play_a_whole_game_a_third_watches(rooms):
    url, (a, b, c), _ = rooms(3, bot_delay=0.1)
    answer = httpx.post(a + "/api/tables", json={"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "computer", "agent": "easy"},
        {"kind": "computer", "agent": "easy"}]}).json()
    table = answer["table"]
    rng = random.Random(3)
    with contextlib.ExitStack() as stack:
        ann = Person(stack, a, table, answer["seats"][0]["token"])
        bea = Person(stack, b, table, answer["seats"][1]["token"])
        watcher = Person(stack, c, table)
        frame = play({0: ann, 1: bea}, lambda f: False, rng, [])
        assert frame["status"] == "over"
        total = frame["ply"]
        end = bea.next_state(lambda f: f["status"] == "over", seen=True)
        seen = watcher.next_state(lambda f: f["status"] == "over", seen=True)
        assert end["ply"] == seen["ply"] == total
    # The watcher on the third process followed the game move by move once its process had the
    # table (moves made while it loaded arrive together), in order and to the end. A socket's
    # frames are the position now, so two moves that come before its writer runs share a frame
    # (seen on a loaded machine): most moves, not every one, have a frame of their own.
    order = [f["ply"] for f in watcher.frames]
    assert order == sorted(order) and order[-1] == total
    plies = sorted(set(order))
    assert len(plies) >= 0.8 * (total - plies[1]), plies
    record, state = replayed(c, table)
    assert len(record["actions"]) == total and state.is_terminal
    assert [row[0] for row in query(url, "select count(*) from moves where table_id = :t",
                                    t=table)] == [total]
    # Nobody saw more than their seat may: each frame is exactly their view at that move.
    for person in (ann, bea):
        check_views(person, record)
    assert all(f["seat"] is None and not f["legal"] for f in watcher.frames)


def test_killing_the_process_that_plays_the_computers_hands_them_to_another(rooms):
    url, (a, b), (server_a, _) = rooms(2, bot_delay=0.3)
    answer = httpx.post(a + "/api/tables", json={"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "computer", "agent": "easy"},
        {"kind": "computer", "agent": "easy"}]}).json()
    table, tokens = answer["table"], [s["token"] for s in answer["seats"][:2]]
    rng, made = random.Random(5), []

    def computers_moved_since(ply):
        return lambda f: any(seat >= 2 for (seat,) in query(
            url, "select seat from moves where table_id = :t and ply >= :p", t=table, p=ply))

    with contextlib.ExitStack() as stack:
        # Ann sits on the process that made the table (and plays its computers); Bea on the other.
        ann = Person(stack, a, table, tokens[0])
        bea = Person(stack, b, table, tokens[1])
        start_ply = play({0: ann, 1: bea}, lambda f: f["ply"] >= 6, rng, made)["ply"]
        # The computers' process dies mid-game, kill -9; Ann comes back on the other process
        # with her token, as a load balancer would send her.
        server_a.send_signal(signal.SIGKILL)
        server_a.wait()
        killed = time.monotonic()
        stored = len(query(url, "select ply from moves where table_id = :t", t=table))
        ann = Person(stack, b, table, tokens[0])
        people = {0: ann, 1: bea}
        # Another process takes the table over: its computers move again within 5 s.
        play(people, computers_moved_since(stored), rng, made)
        assert time.monotonic() - killed < 5 + 2 * 0.3
        assert ann.seat == 0 and start_ply >= 6
        end = play(people, lambda f: False, rng, made)
        assert end["status"] == "over"
        settle(people, made)
    # No move lost or doubled: one stored move a ply, every person's move at the ply it was
    # made, and the record replays to the end.
    record, state = replayed(b, table)
    stored = query(url, "select ply from moves where table_id = :t order by ply", t=table)
    assert [p for (p,) in stored] == list(range(len(record["actions"]))) and state.is_terminal
    for ply, action in made:
        assert record["actions"][ply] == action


def test_no_process_lets_a_forged_token_or_a_watcher_act(rooms):
    """The room's authority holds on every process: a seat opens only with its token, wherever
    the table was made, and a move needs that seat, its turn and the position now."""
    url, (a, b), _ = rooms(2)
    answer = httpx.post(a + "/api/tables", json={"game": "arschloch", "seats": [
        {"kind": "me"}, {"kind": "invite"}, {"kind": "computer", "agent": "easy"},
        {"kind": "computer", "agent": "easy"}]}).json()
    table = answer["table"]
    with connect(b.replace("http", "ws") + f"/ws/{table}", open_timeout=10) as ws:
        def error():
            while True:
                frame = json.loads(ws.recv(timeout=10))
                if frame["type"] == "error":
                    return frame["code"]
        ws.send(json.dumps({"type": "move", "action": "pass"}))
        assert error() == "not_seated"
        ws.send(json.dumps({"type": "join", "token": answer["seats"][1]["token"][:-2] + "xx"}))
        assert error() == "bad_token"
        ws.send(json.dumps({"type": "join", "token": answer["seats"][1]["token"]}))
        frame = json.loads(ws.recv(timeout=10))
        while frame["type"] != "welcome" or frame["seat"] is None:
            frame = json.loads(ws.recv(timeout=10))
        assert frame["seat"] == 1
        ws.send(json.dumps({"type": "move", "action": "pass", "ply": 10**6}))
        assert error() in ("stale", "not_your_turn")
    assert query(url, "select count(*) from seats where table_id = :t and claimed and "
                      "kind = 'person'", t=table) \
        == [(2,)]
