"""The search workers as Ray actors, for searches beyond one machine: the same pool, the same fair
queue and budgets (pool.py), each worker an actor of a Ray cluster instead of a process here.

    --search ray                a Ray of the room's own on this machine, one actor a core
    --search ray://HOST:PORT    a Ray cluster (Ray Client: pip install 'ray[client]'); every
                                machine of it has Parlour installed, as the actors import it
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

_actor_class: Any = None


def _actor() -> Any:
    """The actor class, made once Ray is imported (the room imports Ray only when asked)."""
    global _actor_class
    if _actor_class is None:
        import ray

        @ray.remote(num_cpus=1)
        class SearchActor:
            def __init__(self, niceness: int):
                from . import worker
                worker.warm()
                worker.give_way(niceness)

            def pid(self) -> int:
                return os.getpid()

            def run(self, fn: Any, seconds: float, args: tuple) -> Any:
                return fn(seconds, *args)

        _actor_class = SearchActor
    return _actor_class


def connect(address: str | None, processes: int) -> bool:
    """Join the cluster at `address`, or start a Ray here with `processes` cores (None);
    whether this call started it (and so stops it)."""
    import ray
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address:
        ray.init(address=address, logging_level="WARNING", log_to_driver=False)
    else:
        ray.init(num_cpus=processes, include_dashboard=False, logging_level="WARNING",
                 log_to_driver=False, _temp_dir=tempfile.mkdtemp(prefix="parlour-ray-"))
    return True


def disconnect() -> None:
    import ray
    ray.shutdown()


class RayWorker:
    """A worker of the pool's (pool.py's _Worker, on Ray): blocking calls, from the pool's
    threads."""

    def __init__(self, niceness: int):
        self.actor = _actor().remote(niceness)
        self.pid: int | None = None
        self.job = None
        self.searches = 0

    def ready(self, timeout: float) -> None:
        import ray
        self.pid = ray.get(self.actor.pid.remote(), timeout=timeout)

    def call(self, message: tuple) -> tuple:
        import ray
        fn, seconds, args = message
        try:
            return ("ok", ray.get(self.actor.run.remote(fn, seconds, args)))
        except ray.exceptions.RayActorError as error:  # the actor died: the pool tries again
            raise EOFError(str(error)) from error
        except ray.exceptions.RayTaskError as error:
            cause = error.cause if error.cause is not None else error
            return ("error", f"{type(cause).__name__}: {cause}", str(error))

    def stop(self) -> None:
        import ray
        try:
            ray.kill(self.actor)
        except Exception:  # already gone, or Ray is
            pass
