"""The room on the open internet, second round (issue 39): many sockets, slow clients and huge
headers, each attack made again against a real `parlour serve` on 127.0.0.1 from a few loopback
addresses (127.0.0.2, 127.0.0.3, ... are all this machine: a client socket bound to one of them
is another address to the room), and what now holds. Figures measured are printed (pytest -s)."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time

import httpx
import pytest
from websockets.sync.client import connect

from conftest import (
    ROOT,
    free_port,
    fresh_database,
    me_and_computers,
    start,
    stop,
    upgrade,
    wait_for,
)
from test_attack_ws import MB, Peak, closed, pings, rss


@pytest.fixture
def serve(tmp_path):
    """serve(bot_delay, **limits) -> (base URL, port, process); limits as PARLOUR_* variables."""
    servers = []

    def run(bot_delay=0.05, **limits):
        port = free_port()
        env = {"PARLOUR_" + name.upper(): str(value) for name, value in limits.items()}
        server = start(port, f"sqlite:///{tmp_path / f'room{len(servers)}.db'}", bot_delay, env)
        servers.append(server)
        return f"http://127.0.0.1:{port}", port, server

    yield run
    for server in servers:
        server.kill()
        server.wait()


def new_table(base) -> str:
    answer = httpx.post(f"{base}/api/tables", timeout=10, json={
        "game": "arschloch", "seats": me_and_computers(4, agent="easy")})
    assert answer.status_code == 200, answer.text
    return answer.json()["table"]


def raw_socket(address, port, rcvbuf=None) -> socket.socket:
    """A client socket from `address` (any 127.x.y.z) to the room."""
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def open_ws(address, port, table) -> socket.socket:
    """A websocket opened by hand from `address`, whose frames nobody will ever read."""
    sock = raw_socket(address, port, rcvbuf=4096)
    return upgrade(sock, port, table)


class Pinger(threading.Thread):
    """Another person at a table: a room ping every `every` seconds, each round trip kept."""

    def __init__(self, port, table, every=0.05):
        super().__init__(daemon=True)
        self.opened = contextlib.ExitStack()
        self.ws = self.opened.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}",
                                                    open_timeout=10))
        self.every, self.trips, self.failed = every, [], None
        self.done = threading.Event()

    def run(self):
        try:
            while not self.done.is_set():
                began = time.monotonic()
                self.ws.send('{"type":"ping"}')
                while json.loads(self.ws.recv(timeout=30))["type"] != "pong":
                    pass
                self.trips.append(time.monotonic() - began)
                self.done.wait(max(0.0, self.every - (time.monotonic() - began)))
        except Exception as error:  # noqa: BLE001 - reported by stop()
            self.failed = error

    def stop(self):
        self.done.set()
        self.join(35)
        self.opened.close()
        assert self.failed is None, self.failed
        return self.trips


def p99(values) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98] if len(values) > 1 \
        else values[0]


def _flood(port, table, addresses, count, total, seconds, rcvbuf, pipe):
    """In a process of its own (the person's round trips are not slowed by the attacker's
    Python): `count` websockets spread over `addresses`, then pings on all of them, never
    reading, up to `total` bytes or `seconds`. Sends (bytes sent, seconds until the last
    socket was dropped or the flood ended, sockets dropped) after `seconds` in all."""
    sockets = [open_ws(addresses[i % len(addresses)], port, table) for i in range(count)]
    pipe.send("ready")
    pipe.recv()
    blob = memoryview(pings(8000))  # about a megabyte
    offsets = {}
    for sock in sockets:
        sock.setblocking(False)
        offsets[sock] = 0
    sent, began, dropped = 0, time.monotonic(), 0
    with selectors.DefaultSelector() as selector:
        for sock in sockets:
            selector.register(sock, selectors.EVENT_WRITE)
        while sent < total and time.monotonic() - began < seconds and offsets:
            for key, _ in selector.select(timeout=0.5):
                sock = key.fileobj
                try:
                    n = sock.send(blob[offsets[sock]:])
                except BlockingIOError:
                    continue
                except OSError:  # the room dropped it
                    selector.unregister(sock)
                    dropped += 1
                    del offsets[sock]
                    continue
                sent += n
                offsets[sock] = (offsets[sock] + n) % len(blob)
    took = time.monotonic() - began
    # The flood's time is the person's measure, whether or not the room dropped every socket.
    time.sleep(max(1.0, seconds - took))
    for sock in offsets:
        try:
            sock.send(b"\x89\x80" + os.urandom(4))
            sock.send(b"\x89\x80" + os.urandom(4))
        except OSError:
            dropped += 1
    pipe.send((sent, took, dropped))
    for sock in sockets:
        sock.close()


class Flood:
    """The attacker's process (forked before the test starts any thread)."""

    def __init__(self, port, table, addresses, count, total, seconds, rcvbuf=4096):
        here, there = multiprocessing.Pipe()
        self.pipe = here
        self.process = multiprocessing.get_context("fork").Process(
            target=_flood, args=(port, table, addresses, count, total, seconds, rcvbuf, there),
            daemon=True)
        self.process.start()
        assert here.poll(60) and here.recv() == "ready"

    def run(self):
        self.pipe.send("go")
        assert self.pipe.poll(60)
        result = self.pipe.recv()
        self.process.join(10)
        return result


def flood_against_a_person(serve, count, addresses, total, seconds, **limits):
    """The flood, another person pinging at the same table all along, the server's memory
    sampled: (flood's (sent, seconds, dropped), RSS before, peak, after, round trips)."""
    base, port, server = serve(**limits)
    table = new_table(base)
    flood = Flood(port, table, addresses, count, total, seconds)
    time.sleep(0.5)  # the welcome frames written: the baseline is the open, idle sockets
    before = rss(server.pid)
    peak = Peak(server.pid)
    peak.start()
    person = Pinger(port, table)
    person.start()
    time.sleep(0.5)
    result = flood.run()
    trips = person.stop()
    highest = peak.stop()
    after = rss(server.pid)
    # The room still answers: the lobby and a new table.
    assert httpx.get(base + "/api/tables", timeout=5).status_code == 200
    new_table(base)
    return result, before, highest, after, trips


def report(what, result, before, highest, after, trips):
    sent, took, dropped = result
    print(f"\n{what}: sent {sent / MB:.0f} MB of pings in {took:.1f} s, {dropped} sockets "
          f"dropped; server RSS {before / MB:.0f} MB before, {highest / MB:.0f} MB at most "
          f"(+{(highest - before) / MB:.0f}), {after / MB:.0f} MB after; the other person's "
          f"ping: {len(trips)} round trips, p50 {statistics.median(trips) * 1000:.1f} ms, "
          f"p99 {p99(trips) * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms")


ATTACKERS = [f"127.0.0.{i}" for i in range(2, 6)]


# 4. "Many sockets: ping floods from 240 sockets on 4 addresses (750 MB in 9 s) took the server
#    from 87 to 324 MB and another person's ping p99 to 8.4 s: the outbound caps are per
#    connection only."
#    Done when: "server memory grows by less than 60 MB and another person's ping p99 stays
#    under 250 ms during the 240-socket flood".
def test_a_ping_flood_from_240_sockets_on_4_addresses(serve):
    measured = flood_against_a_person(serve, 240, ATTACKERS, 750 * MB, 9)
    report("240 sockets on 4 addresses", *measured)
    (_, _, dropped), before, highest, _, trips = measured
    assert dropped == 240
    assert highest - before < 60 * MB
    assert p99(trips) < 0.25


class Queues(threading.Thread):
    """The bytes the kernel holds for the server's clients (tx_queue in /proc/net/tcp: sent and
    not acknowledged, or not sent; the room's own buffers are in its RSS), by client address,
    sampled until stopped: the highest for one address and in all."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.local = f"0100007F:{port:04X}"
        self.address, self.total, self.done = 0, 0, threading.Event()

    def sample(self):
        by = {}
        with open("/proc/net/tcp") as table:
            next(table)
            for line in table:
                fields = line.split()
                if fields[1] == self.local and fields[3] == "01":  # established, from the room
                    queued = int(fields[4].split(":")[0], 16)
                    by[fields[2].split(":")[0]] = by.get(fields[2].split(":")[0], 0) + queued
        return by

    def run(self):
        while not self.done.wait(0.01):
            by = self.sample()
            self.address = max([self.address, *by.values()])
            self.total = max(self.total, sum(by.values()))

    def stop(self):
        self.done.set()
        self.join()
        return self.address, self.total


def test_the_outbound_budgets_bound_many_sockets_as_one(serve):
    """"A room-wide and a per-address budget for queued outbound bytes, so that many sockets are
    bounded as one is": pings let through at any rate (so the ping limit does not close them
    first), 240 sockets that never read, each under its own cap (1 MiB), never hold more than
    the address's budget (4 MiB) for one address nor the room's (here 8 MiB) in all. (The pings
    parsed before the budgets close them cost the event loop seconds: the ping limit is what
    keeps the other person's round trips short, in the test above.)"""
    base, port, server = serve(ws_pings_per_second=1e9, ws_ping_burst=10**9,
                               room_outbound=8 * MB)
    table = new_table(base)
    flood = Flood(port, table, ATTACKERS, 240, 750 * MB, 6)
    time.sleep(0.5)
    before = rss(server.pid)
    peak, queues = Peak(server.pid), Queues(port)
    peak.start()
    queues.start()
    sent, took, dropped = flood.run()
    address, total = queues.stop()
    highest = peak.stop()
    print(f"\npings at any rate, 240 sockets on 4 addresses: sent {sent / MB:.0f} MB in "
          f"{took:.1f} s, {dropped} sockets dropped; queued for clients at most "
          f"{address / MB:.2f} MB for one address, {total / MB:.2f} MB in all; server RSS "
          f"{before / MB:.0f} MB before, {highest / MB:.0f} MB at most")
    slack = 256 * 1024  # what one turn of the event loop may write before a check
    assert address <= 4 * MB + slack
    assert total <= 8 * MB + slack
    assert highest - before < 60 * MB
    assert httpx.get(base + "/api/tables", timeout=5).status_code == 200


def open_files(pid) -> tuple[int, int]:
    """A process's (soft, hard) limit on open files."""
    with open(f"/proc/{pid}/limits") as limits:
        for line in limits:
            if line.startswith("Max open files"):
                soft, hard = line.split()[3:5]
                return int(soft), int(hard)
    raise AssertionError("no open-file limit")


@pytest.fixture
def many_files():
    """This test process may open 4,096 files (its sockets); the room it starts begins with
    1,024, as on the machine where the issue was found, and raises its own."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 4096:
        pytest.skip(f"the hard limit on open files is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    yield lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (4096, hard))
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def closed_now(sock) -> bool:
    """Whether the room has closed this socket (what it answered is read and dropped)."""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


# 5. "Slow clients: 1,100 half-sent requests from one address held the process's 1,024 open
#    files; a newcomer's request failed; none were dropped after 20 s (no header or body
#    timeout, and no per-address cap on HTTP connections)."
#    Done when: "a newcomer's request succeeds during 1,100 slow connections, which are dropped
#    within 30 s".
def test_1100_slow_requests_from_one_address(serve, many_files):
    base, port, server = serve()
    many_files()
    soft, hard = open_files(server.pid)
    assert soft == hard, (soft, hard)  # "a raised open-file limit"
    began = time.monotonic()
    slow = []
    for _ in range(1100):
        sock = raw_socket("127.0.0.2", port)
        sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        sock.setblocking(False)
        slow.append(sock)
    opened = time.monotonic() - began
    # A newcomer, from another address and from this one's neighbour, while they are open.
    newcomer = []
    for address in ("127.0.0.1", "127.0.0.3"):
        asked = time.monotonic()
        with httpx.Client(transport=httpx.HTTPTransport(local_address=address)) as client:
            assert client.get(base + "/api/tables", timeout=5).status_code == 200
            assert client.get(base + "/", timeout=5).status_code == 200
        newcomer.append(time.monotonic() - asked)
    # The slow ones trickle a byte every 2 s (each byte once reset uvicorn's only timer).
    dropped_at = {}
    while len(dropped_at) < len(slow) and time.monotonic() - began < 35:
        for sock in slow:
            if sock not in dropped_at and closed_now(sock):
                dropped_at[sock] = time.monotonic() - began
        for sock in slow:
            if sock not in dropped_at:
                try:
                    sock.send(b"a")
                except OSError:
                    dropped_at[sock] = time.monotonic() - began
        time.sleep(2.0 if len(dropped_at) < len(slow) else 0)
    times = sorted(dropped_at.values())
    at_once = sum(t < opened + 1 for t in times)
    print(f"\n1,100 slow requests from 127.0.0.2 opened in {opened:.1f} s; {at_once} refused at "
          f"once, the rest dropped after {times[at_once] if at_once < len(times) else 0:.1f} "
          f"to {times[-1] if times else 0:.1f} s; {len(times)} dropped in all; the newcomers' "
          f"two requests took {newcomer[0] * 1000:.0f} and {newcomer[1] * 1000:.0f} ms; the "
          f"room's open-file limit {soft}")
    for sock in slow:
        sock.close()
    assert len(times) == 1100 and times[-1] < 30
    assert at_once >= 1100 - 64  # past http_per_address, closed before being read
    assert httpx.get(base + "/api/tables", timeout=5).status_code == 200


def test_a_trickling_body_is_dropped_and_a_whole_one_served(serve):
    """"A body that trickles is bounded too": a POST whose 1,000 bytes come one a second."""
    base, port, _ = serve(body_timeout=3)
    sock = raw_socket("127.0.0.2", port)
    sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                 b"application/json\r\nContent-Length: 1000\r\n\r\n{")
    began, ended = time.monotonic(), None
    sock.settimeout(0.5)
    while time.monotonic() - began < 10:
        try:
            sock.send(b" ")
            if sock.recv(65536) == b"":
                ended = time.monotonic() - began
                break
        except TimeoutError:
            continue
        except OSError:
            ended = time.monotonic() - began
            break
    sock.close()
    print(f"\na trickling body dropped after {ended:.1f} s (body_timeout 3 s)")
    assert ended is not None and 2.5 < ended < 6
    assert httpx.post(base + "/api/tables", json={"game": "arschloch"},
                      timeout=5).status_code == 200


def test_http_connections_in_all_are_capped(serve):
    """"...a cap on HTTP connections per address and in all": past http_connections, a new
    connection from any address is answered 503 at once, before it is read."""
    base, port, _ = serve(http_connections=40)
    idle = [raw_socket(f"127.0.0.{2 + i % 4}", port) for i in range(40)]
    try:
        time.sleep(0.3)
        extra = raw_socket("127.0.0.6", port)
        extra.settimeout(5)
        answer = extra.recv(1000)
        assert answer.startswith(b"HTTP/1.1 503") and b"retry-after: 10" in answer
        extra.close()
    finally:
        for sock in idle:
            sock.close()
    time.sleep(0.3)
    assert httpx.get(base + "/api/tables", timeout=5).status_code == 200


def send_headers(address, port, size, line=8000, name=b"X-Pad"):
    """A GET whose headers are `size` bytes (lines of `line`), sent until the room stops
    taking them: (bytes sent, what the room answered, seconds)."""
    sock = raw_socket(address, port)
    sock.settimeout(5)
    began = time.monotonic()
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    lines = max(1, min(size // line, 65536 // line))
    chunk = memoryview((name + b": " + b"a" * (line - len(name) - 4) + b"\r\n") * lines)
    sent = 0
    try:
        while sent < size:
            sent += sock.send(chunk[sent % len(chunk):])
    except OSError:  # reset: the room closed it with our bytes unread
        pass
    answer = b""
    try:
        answer = sock.recv(200)
    except OSError:
        pass
    sock.close()
    return sent, answer.split(b"\r\n")[0].decode(), time.monotonic() - began


# 6. "Huge headers: 200 MB of request headers took the server from 82 to 283 MB; an 11 MB
#    Accept-Language header is parsed on the event loop and froze every table for 1.8 s."
#    Done when: "200 MB of headers are refused early".
def test_200_mb_of_headers_are_refused_early(serve):
    base, port, server = serve()
    table = new_table(base)
    before = rss(server.pid)
    peak = Peak(server.pid)
    peak.start()
    person = Pinger(port, table)
    person.start()
    results = [None] * 20
    threads = [threading.Thread(target=lambda i=i: results.__setitem__(i, send_headers(
        ATTACKERS[i % 4], port, 10 * MB))) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    trips = person.stop()
    highest = peak.stop()
    sent = sum(r[0] for r in results)
    answers = {r[1] for r in results}
    print(f"\n20 requests of 10 MB of headers from 4 addresses: {sent / MB:.1f} MB taken before "
          f"refused ({max(r[0] for r in results) / MB:.2f} MB at most for one), answers "
          f"{answers}, each in {max(r[2] for r in results):.2f} s at most; server RSS "
          f"{before / MB:.0f} MB before, {highest / MB:.0f} MB at most; the other person's "
          f"ping: p99 {p99(trips) * 1000:.1f} ms, max {max(trips) * 1000:.1f} ms")
    assert sent < 0.5 * 200 * MB  # refused long before the whole was sent
    assert answers <= {"HTTP/1.1 431 Request Header Fields Too Large", ""}
    assert highest - before < 20 * MB
    answer = httpx.get(base + "/", headers={"X-Big": "a" * 20000}, timeout=5)
    assert answer.status_code == 431
    assert httpx.get(base + "/", timeout=5).status_code == 200


def forked(attack):
    """`attack()` in a process of its own (its Python does not hold up the people's threads
    here), returning what it returns."""
    here, there = multiprocessing.Pipe()
    process = multiprocessing.get_context("fork").Process(
        target=lambda: there.send(attack()), daemon=True)
    process.start()
    assert here.poll(60)
    result = here.recv()
    process.join(10)
    return result


def stall(base, port, table, attack):
    """The other tables' cost of `attack()` (run in a process of its own): three people at a
    table ping in turn, one every 17 ms in all (each connection within its 20 messages a
    second) -> (what the attack returned, the longest round trip during the attack, the
    longest in a second before it, the attack's seconds)."""
    people = []
    for _ in range(3):
        people.append(Pinger(port, table, every=0.05))
        people[-1].start()
        time.sleep(0.017)
    time.sleep(1.0)
    quiet = [len(person.trips) for person in people]
    began = time.monotonic()
    result = forked(attack)
    took = time.monotonic() - began
    time.sleep(max(0.3, 1.0 - took))
    trips = [person.stop() for person in people]
    during = [t for person, n in zip(trips, quiet) for t in person[n:]]
    before = [t for person, n in zip(trips, quiet) for t in person[:n]]
    return result, max(during), max(before), took


#    Done when: "an 11 MB header costs other tables under 50 ms".
def test_an_11_mb_accept_language_costs_other_tables_little(serve):
    base, port, _ = serve()
    table = new_table(base)
    (sent, answer, _), worst, quiet, took = stall(base, port, table, lambda: send_headers(
        "127.0.0.2", port, 11 * MB, line=11 * MB + 40, name=b"Accept-Language"))
    print(f"\nan 11 MB Accept-Language: {sent / MB:.2f} MB taken in {took:.2f} s, answered "
          f"{answer!r}; the other person's longest round trip {worst * 1000:.1f} ms during it, "
          f"{quiet * 1000:.1f} ms in the second before")
    assert answer in ("HTTP/1.1 431 Request Header Fields Too Large", "")
    assert worst < 0.05


def test_accept_language_is_read_within_a_bound_even_when_headers_may_be_large(serve):
    """"Accept-Language and every other header parsed with a bound on its length": a room whose
    operator allows 16 MB of headers still reads only the first 256 characters of an 11 MB
    Accept-Language (and keeps 8 KiB of a 2 MB Cookie header, which FastAPI parses for every
    request), and answers in the language it names first. What the other tables still wait
    is httptools taking in the 11 MB (it joins a long header's pieces as they come, about
    0.2 s here): the reason for the 16 KiB default."""
    base, port, _ = serve(max_header_bytes=16 * MB)
    table = new_table(base)
    padding = "ar," + "x-pad;q=0.5," * (11 * MB // 12)
    # The room's first page in Arabic loads the catalogue (a second or more): not this test's.
    assert 'lang="ar"' in httpx.get(base + "/", headers={"Accept-Language": "ar"}).text

    def attack():
        page = httpx.get(base + "/", timeout=30, headers={
            "Accept-Language": padding, "Cookie": "a=b; " * (2 * MB // 5) + "c=d"})
        return page.status_code, page.text

    (status, text), worst, quiet, took = stall(base, port, table, attack)
    print(f"\nan 11 MB Accept-Language and a 2 MB Cookie let in: answered {status} in "
          f"{took:.2f} s; the other person's longest round trip {worst * 1000:.1f} ms during "
          f"it, {quiet * 1000:.1f} ms in the second before")
    assert status == 200 and '<html lang="ar" dir="rtl">' in text
    assert worst < 0.6  # 1.8 s before, parsing the header and the cookies on the event loop


def test_several_room_processes_have_the_same_bounds(postgresql, tmp_path):
    """`parlour serve --workers 2` (its processes build the app and the protocols from the
    environment): the header cap and timeout, and the ping limit, hold there too."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), PARLOUR_HEADER_TIMEOUT="1",
               PARLOUR_MAX_HEADER_BYTES="4096")
    server = subprocess.Popen(
        [sys.executable, "-m", "parlour.server.cli", "--port", str(port), "--workers", "2",
         "--db", fresh_database(postgresql), "--bot-delay", "0.05", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _answers(base), timeout=30)
        for _ in range(4):  # whichever process takes the connection
            assert httpx.get(base + "/", headers={"X-Big": "a" * 5000},
                             timeout=5).status_code == 431
            silent = raw_socket("127.0.0.2", port)
            silent.settimeout(5)
            began = time.monotonic()
            assert silent.recv(100).startswith(b"HTTP/1.1 408")
            assert time.monotonic() - began < 3
            silent.close()
        table = new_table(base)
        sock = open_ws("127.0.0.2", port, table)
        sock.settimeout(1)
        with contextlib.suppress(OSError):
            sock.sendall(pings(100))
        assert closed(sock)
        sock.close()
    finally:
        stop(server)


def _answers(base) -> bool:
    try:
        return httpx.get(base + "/api/tables", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_a_trusted_proxys_sockets_count_for_the_clients_it_names():
    """Behind a proxy (docs/deploy.md) every socket comes from the proxy: the websockets'
    budgets count the client a trusted proxy names, as the room's other limits do, and a
    client that is not a trusted proxy cannot name another address."""
    from uvicorn.middleware.proxy_headers import _TrustedHosts

    from parlour.server.limits import forwarded_client

    trusted = _TrustedHosts("127.0.0.1")
    assert forwarded_client(trusted, "127.0.0.1", ["203.0.113.5"]) == "203.0.113.5"
    assert forwarded_client(trusted, "127.0.0.1", ["198.51.100.7, 203.0.113.5"]) == \
        "203.0.113.5"
    assert forwarded_client(trusted, "127.0.0.2", ["203.0.113.5"]) == "127.0.0.2"
    assert forwarded_client(trusted, "127.0.0.1", []) == "127.0.0.1"
    assert forwarded_client(None, "127.0.0.1", ["203.0.113.5"]) == "127.0.0.1"


TRANSPORT = ["address_outbound", "room_outbound", "ws_pings_per_second", "ws_ping_burst",
             "header_timeout", "body_timeout", "max_header_bytes", "http_per_address",
             "http_connections"]


def test_docs_list_every_transport_limit_with_its_default():
    """"docs/server.md lists every new limit with its default and its PARLOUR_* variable" (the
    table's first column is the field, read as PARLOUR_ and the field in capitals)."""
    from dataclasses import fields

    from parlour.server import Settings

    rows = [line for line in (ROOT / "docs" / "server.md").read_text().splitlines()
            if line.startswith("| `")]
    defaults = {spec.name: spec.default for spec in fields(Settings)}
    for name in TRANSPORT:
        row = next((r for r in rows if f"`{name}`" in r.split("|")[1]), None)
        assert row, f"docs/server.md has no row for {name}"
        default = defaults[name]
        shown = row.split("|")[2]
        values = [v.strip() for v in shown.split("(")[0].split(",")]
        assert any(float(v) == default for v in values), (name, default, shown)
        assert Settings.from_env({f"PARLOUR_{name.upper()}": "7"}).__dict__[name] == 7
