"""The order searches wait in: fair between tables and between the addresses that opened them.

A job waits in its table's queue. When a worker is free it takes, of every table's first job:
  1. a job of an address below its fair share of the workers (the workers over the addresses
     with a job waiting or running, rounded up), while another address waits;
  2. then a computer's move before a hint, unless the hint has waited as long as its own search
     takes: then it waits only for its table's turn, so a busy room still answers hints;
  3. then the table served longest ago.
A table served goes to the back of the turn, so ten tables of one address take ten turns while
another table takes one; and with workers free and nobody else waiting, one address may have
them all.
"""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MOVE, HINT = 0, 1  # a job's kind: a computer's move (stand-ins' too) comes before a hint


@dataclass(eq=False)
class Job:
    kind: int
    table: str
    address: str | None
    fn: Callable[..., Any]  # fn(seconds, *args) in a worker: what the search is
    args: tuple
    seconds: float  # its budget when nobody waits
    future: Any  # the asyncio future its answer settles
    tries: int = 0  # starts that a worker's death cut short
    since: float = field(default_factory=time.monotonic)  # when it was queued


@dataclass
class FairQueue:
    _tables: OrderedDict[str, list[Job]] = field(default_factory=OrderedDict)  # in turn order
    running: Counter[str | None] = field(default_factory=Counter)  # jobs under way, by address

    def __len__(self) -> int:
        return sum(len(jobs) for jobs in self._tables.values())

    def put(self, job: Job, again: bool = False) -> None:
        """Queue `job`; `again`: one a dead worker lost, first in its table's turn."""
        jobs = self._tables.setdefault(job.table, [])
        if again:
            jobs.insert(0, job)
            self._tables.move_to_end(job.table, last=False)
        else:
            jobs.append(job)

    def waiting_moves(self) -> int:
        return sum(1 for jobs in self._tables.values() for job in jobs if job.kind == MOVE)

    def take(self, workers: int, now: float | None = None) -> Job | None:
        """The next job for a free worker, counted as running until `done`; None: none waits."""
        if not self._tables:
            return None
        now = time.monotonic() if now is None else now
        waiting = {job.address for jobs in self._tables.values() for job in jobs}
        active = waiting | {address for address, n in self.running.items() if n > 0}
        share = math.ceil(workers / len(active))
        best: tuple[tuple[bool, int, int], str, Job] | None = None
        for turn, (table, jobs) in enumerate(self._tables.items()):
            job = min(jobs, key=lambda j: j.kind)
            over = self.running[job.address] >= share and len(waiting) > 1
            kind = MOVE if now - job.since >= job.seconds else job.kind
            key = (over, kind, turn)
            if best is None or key < best[0]:
                best = (key, table, job)
        assert best is not None
        _, table, job = best
        jobs = self._tables[table]
        jobs.remove(job)
        if jobs:
            self._tables.move_to_end(table)
        else:
            del self._tables[table]
        self.running[job.address] += 1
        return job

    def done(self, job: Job) -> None:
        self.running[job.address] -= 1
        if self.running[job.address] <= 0:
            del self.running[job.address]

    def drop(self, table: str) -> list[Job]:
        """Take a closed table's waiting jobs out; they are returned, for their futures."""
        return self._tables.pop(table, [])
