"""A search worker: a process of its own that runs one search at a time, sent over its pipe.

It imports every registered game, its core and the agents before it takes a search, and only
then lowers its priority. That order is the fix for the waits that stopped the first move to
processes: a worker started on the first search, already at a low priority, spent its imports (a
second of processor) starved by the busy machine, and a table's computers waited 15-20 s for a
0.2 s move (tests/test_search_pool.py reproduces it with CPU burners).
"""

from __future__ import annotations

import os
import traceback
from typing import Any


def warm() -> None:
    """Everything a search may import, imported now."""
    import parlour
    import parlour.agents.hints  # noqa: F401  (the hints' search)
    from parlour.fast import core_of

    for game_id in parlour.games():
        core_of(parlour.load(game_id))


def give_way(niceness: int) -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, 0, min(19, os.getpriority(os.PRIO_PROCESS, 0) + niceness))
    except OSError:  # not allowed here: the searches run at the room's priority
        pass


def main(conn: Any, niceness: int, warm_first: bool = True) -> None:
    """Answer ("ok", fn(seconds, *args)) or ("error", the traceback's last line) for each
    (fn, seconds, args) received, until the pipe closes (the room stopped or died)."""
    if warm_first:
        warm()
    give_way(niceness)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            fn, seconds, args = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            answer: tuple = ("ok", fn(seconds, *args))
        except Exception as error:
            answer = ("error", f"{type(error).__name__}: {error}",
                      traceback.format_exc(limit=8))
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
