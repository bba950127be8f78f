"""Screenshots of every game's table, at 1280x800 and 390x844, in English and Arabic, for
docs/screens/ (linked from docs/server.md). Starts its own room on 127.0.0.1, sits a person at
seat 0 against computers, plays some random moves for the person, then photographs the table on
the person's turn.

    .venv/bin/python scripts/screens.py [--games arschloch,izind] [--out docs/screens] [--moves 6]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

import parlour

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_room(folder: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour.server", "--port", str(port), "--db",
         f"sqlite:///{folder / 'room.db'}", "--bot-delay", "0.05"],
        # One address opens a table for every game and screen: more than the room lets an address.
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT), PARLOUR_CREATES_PER_MINUTE="100000",
                           PARLOUR_TABLES_PER_ADDRESS="100000"),
        stdout=subprocess.DEVNULL, stderr=open(folder / "server.log", "w"))
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        try:
            httpx.get(url + "/api/games", timeout=1)
            return process, url
        except httpx.HTTPError:
            if time.time() > deadline or process.poll() is not None:
                process.kill()
                raise SystemExit((folder / "server.log").read_text()) from None
            time.sleep(0.1)


async def advance(url: str, table: str, token: str, moves: int, seed: int) -> None:
    """Play `moves` random moves for seat 0, then leave it on its turn."""
    rng = random.Random(seed)
    async with websockets.connect(url.replace("http", "ws") + f"/ws/{table}") as ws:
        await ws.send(json.dumps({"type": "join", "token": token, "name": "Nadia"}))
        made = 0
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] != "state":
                continue
            if frame["status"] == "over":
                return
            if frame["legal"]:
                if made >= moves:
                    return
                await ws.send(json.dumps({"type": "move", "action": rng.choice(frame["legal"]),
                                          "ply": frame["ply"]}))
                made += 1


def table_for(url: str, game_id: str, players: int | None) -> tuple[str, str]:
    game = parlour.load(game_id)
    n = players or game.info.default_players
    seats = [{"kind": "me", "name": "Nadia"}] + [{"kind": "computer", "agent": "easy"}] * (n - 1)
    answer = httpx.post(url + "/api/tables", json={"game": game_id, "players": n,
                                                   "seats": seats}).json()
    return answer["table"], answer["seats"][0]["token"]


def shoot(url: str, games: list[str], out: Path, moves: int) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    made = []
    tables = {}
    for game_id in games:
        table, token = tables[game_id] = table_for(url, game_id, None)
        asyncio.run(advance(url, table, token, moves, seed=len(game_id)))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for game_id in games:
            table, token = tables[game_id]
            for lang in ("en", "ar"):
                for size, (width, height) in SIZES.items():
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  reduced_motion="reduce")
                    page = context.new_page()
                    page.goto(f"{url}/t/{table}?lang={lang}#seat=0&token={token}")
                    page.wait_for_function("window.parlour && window.parlour.frame && "
                                           "window.parlour.frame.scene")
                    page.wait_for_timeout(400)
                    path = out / f"{game_id}-{lang}-{size}.png"
                    page.screenshot(path=str(path))
                    made.append(path)
                    context.close()
        browser.close()
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(parlour.games()))
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--moves", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_room(Path(folder))
        try:
            for path in shoot(url, args.games.split(","), Path(args.out), args.moves):
                print(path)
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
