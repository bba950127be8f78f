"""The room's searches (hard computers' moves and hints) in a few processes of their own.

In threads, a search holds the GIL: with every search busy, the event loop waited its turn for
the interpreter at each frame it sent, and a table of quick computers lost its pace. Processes
take the searches off the room's interpreter, and a lower priority lets the loop have the
processor first when the machine is busy."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("parlour.server")

NICENESS = 10


def _give_way() -> None:
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: the searches run at the room's priority
        pass


def choose(agent, state, seat: int):
    """The agent's move, and its random state after it, so that its next move goes on from there
    as it would had it searched in the room's own process."""
    action = agent.choose(state, seat)
    return action, agent.rng.getstate()


class Searches:
    """A pool of `processes`, started on the first search. A process that dies (killed, out of
    memory) fails only the searches under way: the next one starts a new pool."""

    def __init__(self, processes: int):
        self.processes = max(1, processes)
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: the room's process has threads (the store's, uvicorn's), and a fork of
            # a process with threads may inherit a lock held by one of them.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["parlour.agents", "parlour.games"])
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context,
                                             initializer=_give_way)
        return self._pool

    async def run(self, fn, *args):
        pool = self._started()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            log.warning("a search process died; the next search starts new ones")
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
