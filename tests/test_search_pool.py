"""The search service (issue 41): searches in worker processes apart from the room's, taken table
by table in fair turns, a budget that shrinks as the queue grows, and a worker's death that loses
no search. The room's own tests of it, against a real `parlour serve`, are in
tests/server/test_search_service.py."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import time

import pytest

import parlour
from parlour.agents import make_agent
from parlour.search import HINT, MOVE, SearchPool, jobs
from parlour.search.queue import FairQueue, Job


def job(table, address, kind=MOVE):
    return Job(kind, table, address, max, (0,), 1.0, None)


def taken(queue, workers, count):
    """The tables of the next `count` jobs taken, each finished before the next is taken."""
    order = []
    for _ in range(count):
        found = queue.take(workers)
        order.append(found.table)
        queue.done(found)
    return order


# "Fair scheduling: a queue per table; workers take tables in turn"
def test_tables_are_served_in_turn():
    queue = FairQueue()
    for table in "abc":
        queue.put(job(table, "A"))
        queue.put(job(table, "A"))
    assert taken(queue, 2, 6) == ["a", "b", "c", "a", "b", "c"]
    assert queue.take(2) is None


# "one address's tables get at most their fair share of the workers while others wait"
def test_an_address_gets_its_share_of_the_workers_while_another_waits():
    queue = FairQueue()
    for table in range(10):
        queue.put(job(f"a{table}", "A"))
    first = queue.take(2)
    assert first.address == "A"
    queue.put(job("b", "B"))  # another address's table comes while A's search runs
    assert queue.take(2).table == "b", "A has its share (one of two workers): B goes first"
    # With nobody else waiting, A may have every free worker.
    assert queue.take(2).address == "A" and queue.take(2).address == "A"


# "computer moves before hints"
def test_moves_go_before_hints():
    queue = FairQueue()
    queue.put(job("a", "A", HINT))
    queue.put(job("b", "A", MOVE))
    queue.put(job("a", "A", MOVE))
    assert [queue.take(4).kind for _ in range(3)] == [MOVE, MOVE, HINT]


# "computer moves before hints" must not mean "a hint never, while computers keep moving": a hint
# that has waited its own search's time takes its table's turn.
def test_a_hint_waits_behind_moves_only_for_the_time_of_its_search():
    queue = FairQueue()
    hint = job("h", "A", HINT)
    queue.put(hint)
    for table in "abc":
        queue.put(job(table, "A", MOVE))
    soon, later = hint.since + 0.5, hint.since + hint.seconds
    assert queue.take(1, now=soon).kind == MOVE, "a fresh hint waits for the moves"
    assert queue.take(1, now=later) is hint, "its table's turn came first, so now it goes"
    assert taken(queue, 1, 2) == ["b", "c"]


def test_a_search_a_dead_worker_lost_goes_first():
    queue = FairQueue()
    queue.put(job("a", "A"))
    lost = job("b", "A")
    queue.put(lost, again=True)
    assert queue.take(2) is lost


def run(coroutine):
    return asyncio.run(coroutine)


def burn():
    while True:
        pass


@pytest.fixture
def burners():
    """A CPU burner for every core, at the room's own priority: the loaded machine."""
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=burn, daemon=True) for _ in range(os.cpu_count() or 2)]
    for process in processes:
        process.start()
    yield
    for process in processes:
        process.kill()
        process.join()


def hard_move(game_id="viashi", seed=1):
    game = parlour.load(game_id)
    state = game.new_state(seed=seed)
    return make_agent("hard:seconds=0.2", game, seed=seed), state


# The hang that stopped the first move to processes: a search pool started on the first search,
# its workers lowered in priority before their imports, left a table's computers waiting 15-20 s
# for a 0.2 s move on a loaded machine (measured again here: its first search 3 s idle, 5 s
# beside two burners). Workers warm before they give way, started with the room, answer in the
# search's time.
def test_a_first_search_on_a_loaded_machine_takes_its_budget_not_the_workers_start(burners):
    async def first_search():
        pool = SearchPool(2)
        await pool.start()  # the room starts its workers when it opens
        try:
            agent, state = hard_move()
            started = time.monotonic()
            action, _ = await pool.run(MOVE, "t", "A", jobs.choose,
                                       (agent, state, state.current_player), 0.2)
            return time.monotonic() - started, action, state
        finally:
            pool.stop()
    spent, action, state = run(first_search())
    assert action in state.legal_actions()
    # Measured here beside the burners: 0.20-0.22 s; workers started cold and lowered before
    # their imports (the pool that was reverted), 2.2 s.
    assert spent < 1.0, f"a 0.2 s search answered in {spent:.1f} s"


def test_a_search_runs_in_a_worker_and_answers_as_the_agent_would():
    """The worker's move is the agent's own: the same seed and iterations give the same move,
    and the agent's generator goes on from where the worker left it."""
    async def both():
        pool = SearchPool(1)
        await pool.start()
        try:
            game = parlour.load("arschloch")
            state = game.new_state(seed=4)
            agent = make_agent("hard:iters=200", game, seed=7)
            here = make_agent("hard:iters=200", game, seed=7)
            # No seconds: the budget given is the room's ceiling, and iterations end it first.
            action, after = await pool.run(MOVE, "t", "A", jobs.choose,
                                           (agent, state, state.current_player), 30.0)
            assert pool.pids() and os.getpid() not in pool.pids()
            return action, after, here.choose(state, state.current_player), here.rng.getstate()
        finally:
            pool.stop()
    action, after, expected, expected_after = run(both())
    assert action == expected and after == expected_after


# "Under load hard thinks less before anyone waits long: a move's budget shrinks as the queue
# grows, down to a floor"
def test_the_budget_shrinks_as_the_queue_grows_down_to_the_floor():
    async def budgets():
        pool = SearchPool(2, floor=0.3)
        await pool.start()
        try:
            alone = await pool.run(MOVE, "a", "A", max, (0,), 2.0)
            crowd = await asyncio.gather(*(pool.run(MOVE, f"t{i}", "A", max, (0,), 1.0)
                                           for i in range(12)))
            return alone, crowd
        finally:
            pool.stop()
    alone, crowd = run(budgets())
    assert alone == 2.0, "nobody waits: the whole budget"
    # Taken in turn: the first with eleven more under way or waiting, the last alone.
    assert crowd[0] == 0.3, "twelve searches of 1 s on two workers: 1/6 s each, under the floor"
    assert crowd == sorted(crowd) and crowd[-1] == 1.0


# "kill -9 of a search worker in a search: the move is searched again by another within 5 s,
# nothing lost or doubled"
def test_a_search_whose_worker_is_killed_is_searched_again_once():
    async def killed():
        pool = SearchPool(2)
        await pool.start()
        try:
            search = asyncio.ensure_future(pool.run(MOVE, "t", "A", time.sleep, (), 1.5))
            await asyncio.sleep(0.3)
            [busy] = [w for w in pool.workers if w.job is not None]
            os.kill(busy.pid, signal.SIGKILL)
            killed_at = time.monotonic()
            await asyncio.sleep(0.1)
            again = [w for w in pool.workers if w.job is not None]
            answer = await search
            return answer, killed_at, time.monotonic(), again, busy.pid, pool
        finally:
            pool.stop()
    answer, killed_at, answered, again, dead, pool = run(killed())
    assert answer is None  # time.sleep's
    assert len(again) == 1 and again[0].pid != dead, "another worker took it at once"
    assert answered - killed_at < 5.0
    assert pool.searched == 1, "answered once"


def test_a_search_that_fails_in_the_worker_fails_for_its_table_only():
    async def failing():
        pool = SearchPool(1)
        await pool.start()
        try:
            with pytest.raises(Exception, match="TypeError"):
                await pool.run(MOVE, "t", "A", divmod, ("x",), 1.0)
            return await pool.run(HINT, "u", "A", max, (0,), 1.0)
        finally:
            pool.stop()
    assert run(failing()) == 1.0
