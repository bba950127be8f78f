"""The service that runs the computer players' searches: hard computers' moves, stand-ins and
hints, in worker processes apart from the room's (pool.py), taken table by table in fair turns
(queue.py). It knows no game: a search is a picklable function of its budget (jobs.py)."""

from .pool import SearchFailed, SearchPool
from .queue import HINT, MOVE

__all__ = ["HINT", "MOVE", "SearchFailed", "SearchPool"]
