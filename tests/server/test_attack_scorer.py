"""A flood of slow hands at the scorer, against a real `parlour serve` process.

The issue: "41 concurrent `POST /api/score` with a slow Treasure hand fill all 40 worker threads:
`/cards/7C.svg` took 21.8 s, every page waits on `/cards/faces.json`."

The scorer now queues a few hands on the event loop and refuses the rest at once (503, busy), so
the card faces answer as fast as ever while it works.
"""

from __future__ import annotations

import statistics
import threading
import time

import httpx

from conftest import free_port, start, stop

FLOOD = 41  # one more than anyio's 40 worker threads
BAR = 0.1  # seconds: the bar for a card face while the scorer is flooded

# Fifteen cards that may all change rank or color: minutes of exact solving (as in
# test_server_cards.py), so every one of them runs into the limit.
SLOW = {"game": "treasure",
        "hand": [f"{r}P" for r in range(1, 10)] + [f"{r}B" for r in range(1, 7)],
        "table": ["Thief:run", "Changeling:set", "Thief:set", "Changeling:color",
                  "Builder:color", "Builder:set"]}


def test_a_flood_of_slow_hands_leaves_the_card_faces_fast(tmp_path):
    port = free_port()
    # A short limit and queue keep the test to a few seconds: two hands are scored, one second
    # each, and the rest are turned away. The clients are all 127.0.0.1: the cap per address is
    # lifted, so that the room's queue is what turns them away.
    server = start(port, f"sqlite:///{tmp_path / 'room.db'}", 0,
                   env={"PARLOUR_SCORE_SECONDS": "1", "PARLOUR_SCORE_QUEUE": "1",
                        "PARLOUR_SCORE_PER_ADDRESS": str(FLOOD)})
    base = f"http://127.0.0.1:{port}"
    try:
        answers: list[httpx.Response] = []
        ready = threading.Barrier(FLOOD)
        # Made before the clock runs: a client's SSL context takes the test's GIL for a while,
        # which would be counted against the server.
        clients = [httpx.Client(base_url=base, timeout=30) for _ in range(FLOOD)]

        def score(client):
            with client:
                ready.wait()
                answers.append(client.post("/api/score", json=SLOW))

        flood = [threading.Thread(target=score, args=(client,)) for client in clients]
        timings: dict[str, list[float]] = {"/cards/7C.svg": [], "/cards/faces.json": []}
        with httpx.Client(base_url=base, timeout=30) as client:
            # The connection is open and the faces made before the clock runs: the bar is for
            # waiting behind the scorer, not for the first drawing.
            for path in timings:
                assert client.get(path).status_code == 200
            for thread in flood:
                thread.start()
            time.sleep(0.2)  # the flood is in
            while any(t.is_alive() for t in flood) or min(map(len, timings.values())) < 5:
                for path, taken in timings.items():
                    began = time.perf_counter()
                    response = client.get(path)
                    taken.append(time.perf_counter() - began)
                    assert response.status_code == 200, response.text
                time.sleep(0.05)
            for thread in flood:
                thread.join()

        for path, taken in timings.items():
            # Nine answers in ten within the bar, all but one within a second: a busy test
            # machine may hold one request up for its processor (seen: 1.1 s at a load of 7 on
            # 2 cores), a queue behind the scorer holds them all.
            ordered = sorted(taken)
            quick = ordered[int(len(taken) * 0.9) - 1]
            assert quick < BAR and ordered[-2] < 1.0, f"{path}: {taken}"

        assert len(answers) == FLOOD
        busy = [a for a in answers if a.status_code == 503]
        slow = [a for a in answers if a.status_code == 400]
        assert len(busy) + len(slow) + sum(a.status_code == 200 for a in answers) == FLOOD, \
            [(a.status_code, a.text) for a in answers]
        assert busy and slow
        for answer in busy:
            assert answer.json() == {"error": "the scorer is busy; try again in a few seconds",
                                     "code": "busy", "field": None}
            assert int(answer.headers["retry-after"]) >= 1
        for answer in slow:
            assert answer.json()["code"] == "too_slow"
            assert "more than 1 s" in answer.json()["error"]

        # The scorer goes on: a quick hand after the flood is scored.
        quick = httpx.post(f"{base}/api/score", timeout=30,
                           json={"game": "loot", "hand": ["1W", "2W", "3W", "4W"]})
        assert quick.status_code == 200 and quick.json()["score"] == 16, quick.text
    finally:
        stop(server)


# Issue 39, case 7: "one address holds the single scoring process (one hand and four waiting, 10 s
# each) for as long as it likes; another address's 3-card hands got 0 of 12 scored. And while 20
# clients flood it with slow Treasure hands, pages answer in 3 ms at the median but the worst took
# 704, 1,123 and 1,476 ms in three runs."
ATTACKER, PLAYER, READER = "127.0.0.2", "127.0.0.3", "127.0.0.4"


def client(address, base):
    return httpx.Client(base_url=base, timeout=30,
                        transport=httpx.HTTPTransport(local_address=address))


def test_another_addresss_hands_are_scored_during_a_flood_and_pages_stay_quick(tmp_path):
    port = free_port()
    # The room's own limits (4 waiting, 2 an address) but for the seconds a slow hand has: 3
    # instead of 10 alone, 0.5 instead of 2 once another address waits, to keep the test short.
    server = start(port, f"sqlite:///{tmp_path / 'room.db'}", 0,
                   env={"PARLOUR_SCORE_SECONDS": "3", "PARLOUR_SCORE_SHARED_SECONDS": "0.5"})
    base = f"http://127.0.0.1:{port}"
    flooding = threading.Event()
    flooding.set()
    refused: list[int] = []

    def flood(index):
        with client(ATTACKER, base) as attacker:
            while flooding.is_set():
                answer = attacker.post("/api/score", json=SLOW)
                if answer.status_code == 429:
                    refused.append(index)
                    assert answer.json()["code"] == "busy"
                    time.sleep(0.2)  # and again, never minding Retry-After

    try:
        with client(READER, base) as reader:
            pages = ["/", "/cards/faces.json", "/cards/7C.svg", "/api/tables"]
            for path in pages:  # the first drawing of each is not what is timed
                assert reader.get(path).status_code == 200
            attackers = [threading.Thread(target=flood, args=(i,)) for i in range(20)]
            for thread in attackers:
                thread.start()
            time.sleep(1.0)  # the attacker's hands hold the scorer
            taken: list[float] = []
            finished = threading.Event()

            def read():
                while not finished.is_set():
                    for path in pages:
                        began = time.perf_counter()
                        assert reader.get(path).status_code == 200
                        taken.append(time.perf_counter() - began)
                    time.sleep(0.05)

            reading = threading.Thread(target=read)
            reading.start()
            scored = []
            began = time.monotonic()
            with client(PLAYER, base) as player:
                for hand in range(12):
                    answer = player.post("/api/score", json={
                        "game": "loot", "hand": ["1W", "2W", f"{3 + hand % 4}W"]})
                    assert answer.status_code == 200, answer.text
                    scored.append(answer.json()["score"])
            spent = time.monotonic() - began
            finished.set()
            reading.join()
            flooding.clear()
            for thread in attackers:
                thread.join()
        print(f"\n12 hands of {PLAYER} scored during {ATTACKER}'s flood in {spent:.1f} s; "
              f"{len(refused)} of its hands refused at once; pages: median "
              f"{statistics.median(taken) * 1000:.0f} ms, worst {max(taken) * 1000:.0f} ms")
        # "another address's hands are scored during a flood"
        assert len(scored) == 12
        # The attacker was held to its two hands at a time: the others were refused at once.
        assert refused
        # "and no page takes over 500 ms while it lasts": none but one that a busy test machine
        # held up for its processor (seen: 1.1 s at a load of 7 on 2 cores); a queue behind the
        # scorer would hold many.
        assert len(taken) >= 20 and sorted(taken)[-2] < 0.5, sorted(taken)[-5:]
    finally:
        flooding.clear()
        stop(server)
