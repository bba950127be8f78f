"""The store shared by several room processes (issue 30): "a move is one transaction guarded by
the table's move number", and every process with watchers learns of it by NOTIFY."""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest

from conftest import fresh_database
from parlour.server.store import Conflict, Store


def run(coroutine):
    # On a thread of its own: the browser tests' Playwright may hold this thread's event loop.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


SEATS = [{"seat": 0, "kind": "person", "agent": None, "name": "Ann", "token_hash": None,
          "public": False, "claimed": True}]


def test_two_processes_moving_at_one_position_store_one_move(postgresql):
    url = fresh_database(postgresql)

    async def scenario():
        first, second = Store(url), Store(url)
        await first.open()
        await second.open()
        first.origin, second.origin = "first", "second"
        heard = []
        second.listen(heard.append)
        try:
            await first.create_table({"id": "T1", "game": "arschloch", "players": 4,
                                      "options": {}, "seed": 1, "deck": None, "host_hash": None,
                                      "next_table": None, "clock": 0}, SEATS)
            await asyncio.sleep(0.3)  # the listener is on
            results = await asyncio.gather(
                first.append_move("T1", 0, 0, "7C", "playing"),
                second.append_move("T1", 0, 0, "8C", "playing"), return_exceptions=True)
            # The next move is stored at its own number, by either process.
            await first.append_move("T1", 1, 1, "pass", "playing")
            with pytest.raises(Conflict):
                await second.append_move("T1", 1, 1, "pass", "playing")
            await asyncio.sleep(0.3)
            rows = await first.load_tables(table_id="T1")
            return results, rows[0], heard
        finally:
            await first.close()
            await second.close()

    results, row, heard = run(scenario())
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
    winner = "7C" if results[0] is None else "8C"
    assert row["actions"] == [winner, "pass"] and row["moves"] == 2
    moves = [(m["p"], m["a"]) for m in heard if m["k"] == "move"]
    # The second process heard the first's moves (its own are not told back to it).
    assert (1, "pass") in moves and all(m.get("o") == "first" for m in heard if m["k"] == "move")
