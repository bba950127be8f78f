"""The search path: a game's position on integers, for playouts and search.

The readable game (parlour/games/<game>.py) stays the contract: card names, action objects, views
and records. A game may add a twin here, parlour/fast/<game>.py, that holds the same position as
integers (hands as counts or bit masks, actions as ints) with a lean unchecked step. Search
(parlour/fast/search.py) runs on the twin and hands back the readable action.

A twin module defines:

    twin(state, seed) -> FastState | None   the position of a readable state (None: options or a
                                            phase the twin does not cover; search then stays
                                            on the readable game)
    encode(action) -> int                   a readable action's integer
    census(fast) -> list[int]               every card of the position, wherever it lies, as
                                            integers (for the tests of determinize)

and its FastState subclass keeps `legal()` in the order of the readable `legal_actions()`, so that
`legal()[i] == encode(state.legal_actions()[i])`. tests/fast/ plays thousands of random games
through both forms and compares every legal move list, step, estimate and return.

A game may instead hold its rules only here, one form per rule: its readable state then wraps
the core position (`twin` hands out a copy of it), and the core's action ints are the game's
action ids, so the module needs no `encode` and no differential test.

These modules are written for `mypy --strict`, so that `PARLOUR_FAST=1 scripts/setup` (that is,
`pip install -e '.[fast]'`, then `PARLOUR_FAST=1 python setup.py build_ext --inplace`) compiles
them with mypyc. Pure Python stays the default and needs no compiler.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def twin_module(game: Any) -> ModuleType | None:
    """The module of `game`'s twin, if it has one."""
    name = getattr(game, "fast_twin", None)
    if not name:
        return None
    return importlib.import_module(f"parlour.fast.{name}")


def compiled() -> bool:
    """Whether this install runs the mypyc build of the search path."""
    from . import core
    return not core.__file__.endswith(".py")
