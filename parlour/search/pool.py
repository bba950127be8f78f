"""The room's searches in worker processes, taken in the fair order of queue.py.

Each worker is a process started with the pool (spawned: the room's process has threads, and a
fork may inherit a lock one of them holds), warm before it takes a search and at a lower priority
than the room. A search's pipe is worked from a thread of the pool's, so the room's loop never
waits on a worker. A worker that dies in a search (killed, out of memory) is started again, and
its search goes back to the front of its table's turn for the next free worker: the move is
searched once more, never lost and never answered twice.

Under load a search thinks less, not later: its budget is its seconds shared by the workers over
the searches under way and waiting, down to `floor`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from . import worker as worker_main
from .queue import FairQueue, Job

log = logging.getLogger("parlour.search")

# A search a worker died in is tried this many times in all before its table is told it failed
# (a position that kills every worker must not take them all down in turn for ever).
TRIES = 3


class SearchFailed(RuntimeError):
    pass


class _Worker:
    def __init__(self, context: Any, niceness: int, warm: bool):
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=worker_main.main, args=(theirs, niceness, warm),
                                       name="parlour-search", daemon=True)
        self.process.start()
        theirs.close()
        self.pid: int | None = None
        self.job: Job | None = None
        self.searches = 0  # answered

    def ready(self, timeout: float) -> None:
        """Block until the worker is warm (on a thread of the pool's)."""
        if not self.conn.poll(timeout):
            raise SearchFailed(f"a search worker was not ready in {timeout:g} s")
        _, self.pid = self.conn.recv()

    def call(self, message: tuple) -> tuple:
        """One search, blocking (on a thread of the pool's); EOFError or OSError: it died."""
        self.conn.send(message)
        return self.conn.recv()

    def stop(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1)


def where(on: str) -> str:
    """`on`, if it names where searches may run; else ValueError, saying where they may."""
    if on in ("local", "ray") or (on.startswith("ray://") and len(on) > len("ray://")):
        return on
    raise ValueError(f"searches run 'local', on 'ray' or on 'ray://HOST:PORT', not {on!r}")


class SearchPool:
    """`processes` workers: processes of this machine's, or with `on` "ray" actors of a Ray of
    the pool's own here, with "ray://HOST:PORT" actors of that Ray cluster (on_ray.py)."""

    def __init__(self, processes: int, floor: float = 0.3, niceness: int = 10,
                 warm: bool = True, ready_timeout: float = 120.0, on: str = "local"):
        self.on = where(on)
        self._ray_started = False
        self.processes = max(1, processes)
        self.floor = floor
        self.niceness = niceness
        self.warm = warm
        self.ready_timeout = ready_timeout
        self.queue = FairQueue()
        self.workers: list[Any] = []  # _Worker or on_ray.RayWorker
        self._idle: list[Any] = []
        self._context = multiprocessing.get_context("spawn")
        # A thread a worker's search and one a worker starting: never one waiting for another.
        self._pipes = ThreadPoolExecutor(2 * self.processes, thread_name_prefix="parlour-search")
        self._tasks: set[asyncio.Task] = set()
        self._stopped = False
        self.searched = 0  # searches answered, for the tests and the benches

    # Starting and stopping ---------------------------------------------------------------------
    async def start(self) -> None:
        """Start every worker; each takes searches once it is warm. Returns when each is in
        service or could not be started."""
        if self.on != "local":
            from . import on_ray
            self._ray_started = await asyncio.get_running_loop().run_in_executor(
                self._pipes, on_ray.connect, self.on if self.on != "ray" else None,
                self.processes)
        await asyncio.gather(*(self._bring_up() for _ in range(self.processes)))

    def _new_worker(self) -> Any:
        if self.on != "local":
            from .on_ray import RayWorker
            return RayWorker(self.niceness)
        return _Worker(self._context, self.niceness, self.warm)

    async def _bring_up(self) -> None:
        """A new worker, in service once warm; one that dies warming (killed, out of memory)
        is started again, TRIES times in all."""
        for _ in range(TRIES):
            if self._stopped:
                return
            worker = self._new_worker()
            self.workers.append(worker)
            try:
                await asyncio.get_running_loop().run_in_executor(
                    self._pipes, worker.ready, self.ready_timeout)
            except Exception as error:
                log.warning("a search worker did not start: %s", error)
                self.workers.remove(worker)
                worker.stop()
                continue
            if self._stopped:
                worker.stop()
                return
            self._idle.append(worker)
            self._dispatch()
            return
        log.error("a search worker could not be started in %d tries", TRIES)

    async def _replace(self, dead: Any) -> None:
        dead.stop()
        self.workers.remove(dead)
        await self._bring_up()

    def stop(self) -> None:
        self._stopped = True
        for task in self._tasks:
            task.cancel()
        for worker in self.workers:
            worker.stop()
        self.workers, self._idle = [], []
        if self._ray_started:
            from . import on_ray
            on_ray.disconnect()
            self._ray_started = False
        for table in list(self.queue._tables):
            for job in self.queue.drop(table):
                if not job.future.done():
                    job.future.cancel()
        self._pipes.shutdown(wait=False, cancel_futures=True)

    # Searching --------------------------------------------------------------------------------
    async def run(self, kind: int, table: str, address: str | None, fn: Callable[..., Any],
                  args: tuple, seconds: float) -> Any:
        """fn(budget, *args) in a worker, in `table`'s fair turn; its answer."""
        if self._stopped:
            raise SearchFailed("the room is stopping")
        job = Job(kind, table, address, fn, args, seconds,
                  asyncio.get_running_loop().create_future())
        self.queue.put(job)
        self._dispatch()
        return await job.future

    def budget(self, job: Job) -> float:
        """The job's seconds shared by the workers over the searches under way and waiting (it
        among them), never below the floor (nor above its own seconds)."""
        busy = len(self.workers) - len(self._idle) + len(self.queue)
        shared = job.seconds * self.processes / max(self.processes, busy)
        return max(min(job.seconds, self.floor), shared)

    def _dispatch(self) -> None:
        while self._idle and not self._stopped:
            job = self.queue.take(self.processes)
            if job is None:
                return
            if job.future.done():  # its table stopped waiting for it
                self.queue.done(job)
                continue
            worker = self._idle.pop(0)  # the longest idle: every worker takes its turn
            worker.job = job
            task = asyncio.get_running_loop().create_task(self._search(worker, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _search(self, worker: Any, job: Job) -> None:
        loop = asyncio.get_running_loop()
        seconds = self.budget(job)
        died = False
        try:
            answer = await loop.run_in_executor(self._pipes, worker.call,
                                                (job.fn, seconds, job.args))
        except (EOFError, OSError):
            died = True
        except Exception as error:  # the job could not be sent (it does not pickle)
            answer = ("error", f"{type(error).__name__}: {error}", "")
        finally:
            self.queue.done(job)
            worker.job = None
        if died:
            job.tries += 1
            log.warning("search worker %s died in a search of table %s (start %d of %d)",
                        worker.pid, job.table, job.tries, TRIES)
            if job.tries < TRIES and not job.future.done():
                self.queue.put(job, again=True)
                self._dispatch()  # to another worker now, if one is free
            elif not job.future.done():
                job.future.set_exception(SearchFailed("every search worker it met died"))
            await self._replace(worker)
            return
        if not job.future.done():
            if answer[0] == "ok":
                self.searched += 1
                worker.searches += 1
                job.future.set_result(answer[1])
            else:
                log.error("a search of table %s failed: %s", job.table, answer[2] or answer[1])
                job.future.set_exception(SearchFailed(answer[1]))
        self._idle.append(worker)
        self._dispatch()

    # What the room shows ------------------------------------------------------------------------
    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.pid is not None]
