"""The room behind nginx, configured as docs/deploy.md says (issue 39: "for those who run it
behind a proxy, docs/deploy.md with a proxy configuration tested by the suite"). The nginx
configuration and the `parlour serve` command are read from the doc itself, so the two cannot
drift apart; nginx listens on a free port of 127.0.0.1 in front of a real `parlour serve`."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time

import httpx
import pytest
from websockets.sync.client import connect

from conftest import ROOT, free_port, me_and_computers, stop, wait_for

DOC = ROOT / "docs" / "deploy.md"


def nginx_binary() -> str:
    """Debian's nginx, installed here if it is missing and we may (scripts/test installs it)."""
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.path.exists(p)), None)
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=300)
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "nginx"],
                       env=env, capture_output=True, timeout=600)
        if os.path.exists("/usr/sbin/nginx"):
            return "/usr/sbin/nginx"
    pytest.skip("nginx is not here and cannot be installed (apt-get install nginx)")


def doc_config() -> str:
    """The nginx block of docs/deploy.md, as written there."""
    found = re.search(r"```nginx\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert found, "docs/deploy.md has no ```nginx block"
    return found.group(1)


def doc_command() -> list[str]:
    """The `parlour serve ...` line of docs/deploy.md, split into arguments after `serve`."""
    found = re.search(r"^parlour serve (.*)$", DOC.read_text(encoding="utf-8"), re.M)
    assert found, "docs/deploy.md has no parlour serve line"
    return shlex.split(found.group(1))


def nginx_conf(folder, proxy_port: int, room_port: int) -> str:
    block = doc_config()
    # The doc's public port and the room's: the only words the test changes.
    assert "listen 80;" in block and "server 127.0.0.1:8000;" in block
    block = block.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")
    block = block.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{room_port};")
    temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in
                    ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    # As root, nginx's workers would be "nobody", who cannot enter the test's folder.
    user = "user root;" if os.geteuid() == 0 else ""
    return (f"{user}\nworker_processes 1;\npid {folder}/nginx.pid;\n"
            f"error_log {folder}/error.log warn;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n  access_log off;\n  {temp}\n{block}\n}}\n")


@pytest.fixture
def behind_nginx(tmp_path):
    """(the proxy's base URL, its port): nginx from the doc in front of the room from the doc."""
    nginx = nginx_binary()
    room_port, proxy_port = free_port(), free_port()
    args = doc_command()
    assert args[args.index("--port") + 1] == "8000"
    args[args.index("--port") + 1] = str(room_port)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PARLOUR_TABLES_PER_ADDRESS="2")
    room = subprocess.Popen(
        [sys.executable, "-m", "parlour.server.cli", *args, "--db",
         f"sqlite:///{tmp_path / 'room.db'}", "--bot-delay", "0.05", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_conf(tmp_path, proxy_port, room_port))
    proxy = None
    try:
        checked = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(conf)],
                                 capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        proxy = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(conf), "-g",
                                  "daemon off;"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{proxy_port}"
        wait_for(lambda: answers(f"http://127.0.0.1:{room_port}") and answers(base),
                 timeout=30, step=0.1)
        yield base, proxy_port
    finally:
        for process in (proxy, room):
            if process is not None:
                stop(process)
        log = tmp_path / "error.log"
        if log.exists() and log.read_text().strip():
            print("nginx's error log:\n" + log.read_text()[-2000:])


def answers(base) -> bool:
    try:
        return httpx.get(base + "/api/tables", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def client_from(address) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


def test_the_room_plays_behind_nginx_and_counts_each_clients_address(behind_nginx):
    base, port = behind_nginx
    with client_from("127.0.0.2") as alice, client_from("127.0.0.3") as bob:
        page = alice.get(base + "/")
        assert page.status_code == 200 and "<html" in page.text
        assert alice.get(base + "/static/room.css").status_code == 200
        made = alice.post(base + "/api/tables", json={
            "game": "arschloch", "seats": me_and_computers(4, agent="easy")})
        assert made.status_code == 200, made.text
        table, token = made.json()["table"], made.json()["seats"][0]["token"]

        # A websocket through the proxy, from the same client: sit down and play a move.
        sock = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
        with connect(f"ws://127.0.0.1:{port}/ws/{table}", sock=sock, open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "token": token}))
            frame = until(ws, lambda f: f["type"] == "state" and f["legal"])
            ws.send(json.dumps({"type": "move", "action": frame["legal"][-1],
                                "ply": frame["ply"]}))
            after = until(ws, lambda f: f["type"] == "state" and f["ply"] > frame["ply"])
            assert after["ply"] > frame["ply"]

        # tables_per_address is 2 here: the room counts Alice's address, not the proxy's,
        # so Bob, behind the same proxy, still opens his.
        assert alice.post(base + "/api/tables", json={"game": "arschloch"}).status_code == 200
        refused = alice.post(base + "/api/tables", json={"game": "arschloch"})
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"
        assert bob.post(base + "/api/tables", json={"game": "arschloch"}).status_code == 200

        # nginx's own bounds, as the doc sets them: a header line past 8 KiB is refused there.
        assert alice.get(base + "/", headers={"X-Big": "a" * 9000}).status_code in (400, 494)


def until(ws, test, timeout=20.0):
    deadline = time.monotonic() + timeout
    while True:
        frame = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if test(frame):
            return frame
