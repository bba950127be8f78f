"""A websocket client that sends pings and never reads, against a real `parlour serve` on loopback.

From the issue: "With `PARLOUR_WS=websockets-sansio`, websocket PINGs from a client that never
reads are answered without back-pressure: 210 MB of pings took the server from 79 to 272 MB."

The room stops reading from such a client while its pongs wait (TCP then slows the client down)
and closes it once more than ws_outbound bytes are queued for it; everyone else is served."""

import json
import os
import socket
import threading
import time

import httpx
from websockets.sync.client import connect

from conftest import free_port, me_and_computers, start, upgrade

MB = 1 << 20
FLOOD = 210 * MB


def rss(pid) -> int:
    """The process's resident memory in bytes."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


class Peak(threading.Thread):
    """The highest RSS of a process, sampled until stopped."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, rss(pid), threading.Event()

    def run(self):
        while not self.done.wait(0.02):
            self.peak = max(self.peak, rss(self.pid))

    def stop(self):
        self.done.set()
        self.join()
        return self.peak


def open_raw(port, table) -> socket.socket:
    """A websocket opened by hand, so nothing ever reads from it again."""
    sock = socket.socket()
    # A small receive window: what the server sends stays with the server, as with a client
    # that stopped reading long ago.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    return upgrade(sock, port, table)


def pings(count) -> bytes:
    """`count` masked PINGs with the largest payload a control frame may carry (125 bytes)."""
    mask = os.urandom(4)
    payload = bytes(i % 256 for i in range(125))
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return (b"\x89" + bytes([0x80 | 125]) + mask + masked) * count


def flood(sock, total, seconds) -> tuple[int, str]:
    """Send up to `total` bytes of pings; stop when a send blocks for a second (throttled), the
    server drops us (closed), or `seconds` pass (neither). -> (bytes sent, how it ended)."""
    blob = memoryview(pings(8000))  # about a megabyte
    sock.settimeout(1.0)
    sent, deadline = 0, time.time() + seconds
    while sent < total:
        if time.time() > deadline:
            return sent, "neither"
        try:
            sent += sock.send(blob[sent % len(blob):])
        except TimeoutError:
            return sent, "throttled"
        except (ConnectionResetError, BrokenPipeError):
            return sent, "closed"
    return sent, "neither"


def closed(sock) -> bool:
    """Whether the server has dropped this socket (a reset or an end, after whatever it sent)."""
    sock.settimeout(2.0)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return False
    return True


def new_table(base) -> str:
    answer = httpx.post(f"{base}/api/tables", json={
        "game": "arschloch", "seats": me_and_computers(4, agent="easy")})
    assert answer.status_code == 200, answer.text
    return answer.json()["table"]


def room_answers(base, port, table):
    began = time.time()
    assert httpx.get(f"{base}/api/tables", timeout=5).status_code == 200
    assert time.time() - began < 2.0
    with connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=5) as ws:
        ws.send(json.dumps({"type": "ping"}))
        deadline = time.time() + 5
        while json.loads(ws.recv(timeout=max(0.01, deadline - time.time())))["type"] != "pong":
            pass


# Pings at any rate here: the back-pressure and the cap are what these tests check, not the ping
# limit (ws_pings_per_second), which would close the client first (test_attack_transport.py).
ANY_PINGS = {"PARLOUR_WS_PINGS_PER_SECOND": "1e9", "PARLOUR_WS_PING_BURST": str(10**9)}


def test_ping_flood_from_a_client_that_never_reads(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(port, f"sqlite:///{tmp_path / 'room.db'}", bot_delay=0.05, env=ANY_PINGS)
    attacker = None
    try:
        table = new_table(base)
        attacker = open_raw(port, table)
        time.sleep(0.3)  # the welcome frames written: the baseline is an open, idle socket
        before = rss(server.pid)
        peak = Peak(server.pid)
        peak.start()
        sent, ended = flood(attacker, FLOOD, seconds=10)
        room_answers(base, port, table)
        highest = peak.stop()
        after = rss(server.pid)
        print(f"sent {sent / MB:.0f} MB of pings ({ended}); server RSS {before / MB:.0f} MB "
              f"before, {highest / MB:.0f} MB at most, {after / MB:.0f} MB after")
        assert ended in ("throttled", "closed"), f"{sent / MB:.0f} MB of pings taken in"
        assert highest - before < 50 * MB
        assert after - before < 50 * MB
    finally:
        if attacker is not None:
            attacker.close()
        server.kill()
        server.wait()


def test_a_slow_consumer_past_the_cap_is_closed(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # A cap below the point where reading pauses (64 KiB queued): the flood passes it first.
    server = start(port, f"sqlite:///{tmp_path / 'room.db'}", bot_delay=0.05,
                   env={"PARLOUR_WS_OUTBOUND": str(16 * 1024), **ANY_PINGS})
    attacker = None
    try:
        table = new_table(base)
        attacker = open_raw(port, table)
        sent, ended = flood(attacker, FLOOD, seconds=10)
        assert ended == "closed" or closed(attacker), f"{sent / MB:.0f} MB sent, {ended}"
        room_answers(base, port, table)
    finally:
        if attacker is not None:
            attacker.close()
        server.kill()
        server.wait()
