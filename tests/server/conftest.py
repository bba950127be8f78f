"""Fixtures of the server tests: an in-process room (FastAPI TestClient) on a fresh SQLite file,
and helpers to read websocket frames."""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import anyio
import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

import httpx  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from parlour.server import Settings, create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import pg_throwaway  # noqa: E402  (scripts/: the throwaway PostgreSQL the tests share)


def start(port, db, bot_delay, env=None):
    """`parlour serve` as a real process on 127.0.0.1:port; `env`: PARLOUR_* limits to set."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour.server.cli", "--host", "127.0.0.1", "--port", str(port),
         "--db", db, "--bot-delay", str(bot_delay), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
        if process.poll() is not None:
            raise AssertionError(process.stderr.read().decode())
    process.kill()
    raise AssertionError("the server did not start")


def stop(server) -> None:
    """End a room started by `start`: SIGTERM first, so that its exit ends its scorer worker
    (a SIGKILL would leave one solving a slow hand for minutes with nobody to answer)."""
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@pytest.fixture
def serve(tmp_path):
    """serve(bot_delay=0, **settings) -> the base URL of a real `parlour serve` on 127.0.0.1,
    stored in serve.db; settings as PARLOUR_* variables; serve.servers: its processes."""
    def run(bot_delay=0.0, **settings):
        port = free_port()
        env = {"PARLOUR_" + name.upper(): str(value) for name, value in settings.items()}
        run.servers.append(start(port, f"sqlite:///{run.db}", bot_delay, env))
        return f"http://127.0.0.1:{port}"

    run.db, run.servers = tmp_path / "room.db", []
    yield run
    for server in run.servers:
        stop(server)


def upgrade(sock, port, table) -> socket.socket:
    """Open the websocket of `table` on a connected socket by hand, reading the answer's head a
    byte at a time so that the frames after it stay unread."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    sock.settimeout(10)
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def docs(tmp_path) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    return folder


UNLIMITED = {"messages_per_second": 1e6, "message_burst": 10**6,
             "address_messages_per_second": 1e6, "address_message_burst": 10**6,
             "creates_per_minute": 1e6, "tables_per_address": 10**6}


@pytest.fixture(scope="session")
def postgresql():
    """A PostgreSQL server's URL: $PARLOUR_TEST_PG (scripts/test starts one), else one started
    here from Debian's binaries for this run; skipped where there is none."""
    url = os.environ.get("PARLOUR_TEST_PG")
    if url:
        yield url
        return
    if pg_throwaway.binaries() is None:
        pytest.skip("no PostgreSQL here (scripts/test installs Debian's postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    try:
        yield pg_throwaway.start(folder)
    finally:
        pg_throwaway.stop(folder)


def fresh_database(base: str) -> str:
    """A database of its own for one test on the shared server: a new schema in it."""
    return pg_throwaway.fresh_schema(base)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The room's store: SQLite (the embedded default) and PostgreSQL, each test on both."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'room.db'}"
    return fresh_database(request.getfixturevalue("postgresql"))


def query(url: str, sql: str, **params) -> list[tuple]:
    """Rows of the store at `url`, read straight from the database."""
    from sqlalchemy import create_engine, text
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.execute(text(sql), params)]
    finally:
        engine.dispose()


@pytest.fixture
def make_client(store_url, docs):
    """make_client(bot_delay=0) -> a TestClient on a room stored at store_url; the same
    database every call, so a second client is the room restarted."""
    clients = []

    def make(bot_delay: float = 0.0, **settings):
        # These tests play faster than any person; the limits have tests of their own.
        settings = {**UNLIMITED, **settings}
        app = create_app(Settings(db=store_url, bot_delay=bot_delay, docs=docs, **settings))
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        try:
            client.__exit__(None, None, None)
        except Exception:
            pass


@pytest.fixture
def client(make_client):
    return make_client()


def create(client, game="arschloch", seats=None, players=None, options=None, expect=200):
    body = {"game": game, "options": options or {}}
    if players is not None:
        body["players"] = players
    if seats is not None:
        body["seats"] = seats
    response = client.post("/api/tables", json=body)
    assert response.status_code == expect, response.text
    return response.json()


def me_and_computers(n, agent="easy"):
    return [{"kind": "me"}] + [{"kind": "computer", "agent": agent}] * (n - 1)


async def _receive_within(stream, timeout):
    with anyio.fail_after(timeout):
        return await stream.receive()


class Socket:
    """A websocket of the TestClient with frame helpers."""

    def __init__(self, ws):
        self.ws = ws
        self.welcome = None
        self.state = None

    def send(self, message):
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def next(self, timeout=15.0):
        # A frame that never comes fails the test instead of hanging it.
        message = self.ws.portal.call(_receive_within, self.ws._send_rx, timeout)
        self.ws._raise_on_close(message)
        frame = json.loads(message["text"])
        if frame["type"] == "welcome":
            self.welcome = frame
        elif frame["type"] == "state":
            self.state = frame
        return frame

    def until(self, test, limit=5000):
        for _ in range(limit):
            frame = self.next()
            if test(frame):
                return frame
        raise AssertionError("no such frame")

    def expect_error(self, code):
        frame = self.until(lambda f: f["type"] == "error")
        assert frame["code"] == code, frame
        return frame

    def join(self, token, **extra):
        self.send({"type": "join", "token": token, **extra})
        return self.until(lambda f: f["type"] == "error" or (
            f["type"] == "welcome" and f["seat"] is not None))

    def my_turn(self):
        """The next state frame in which this seat has moves (or the end)."""
        return self.until(lambda f: f["type"] == "state" and (f["legal"] or f["status"] == "over"))

    def alive(self):
        self.send({"type": "ping"})
        return self.until(lambda f: f["type"] == "pong")


def wait_for(predicate, timeout=20.0, step=0.02):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out")


# Browser tests: Debian's chromium driven by Playwright (never `playwright install`). ------------
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.skip("browser tests need Debian's chromium: run scripts/install_chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # No card slides or glows: a click need not wait for a card to come to rest.
    return {**browser_context_args, "reduced_motion": "reduce"}


def pytest_configure(config):
    # pytest-playwright's own base_url fixture trips a pytest deprecation; not ours to fix.
    config.addinivalue_line("filterwarnings",
                            "ignore:Session-scoped fixtures defined as instance methods")
