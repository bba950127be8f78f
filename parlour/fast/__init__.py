"""Each game's rules, once: a core on integers, parlour/fast/<game>.py (cards as ints, hands as
masks or counts, moves as the game's action ids), which the readable module
(parlour/games/<game>.py) wraps and only names, words and narrates (parlour/core/wrapped.py), and
which search (parlour/fast/search.py, the one ISMCTS loop) plays on.

A core module defines:

    position(state, seed) -> FastState | None   a copy of the core position a readable state wraps,
                                            with a generator of its own for the chances to come
                                            (None: another game's state)
    census(fast) -> list[int]               every card of the position, wherever it lies, as
                                            integers (for the tests of determinize)

and its FastState subclass lists `legal()` in the order of the readable `legal_actions()`, emits
named events from `step` for the log and the lab, and has the game's one determinize and its
heuristic. The golden traces (tests/golden/, scripts/golden.py) keep every game exact.

These modules are written for `mypy --strict`, so that `PARLOUR_FAST=1 scripts/setup` (that is,
`pip install -e '.[fast]'`, then `PARLOUR_FAST=1 python setup.py build_ext --inplace`) compiles
them with mypyc. Pure Python stays the default and needs no compiler.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def core_of(game: Any) -> ModuleType | None:
    """The module of `game`'s core, if it has one."""
    name = getattr(game, "core_module", None)
    if not name:
        return None
    return importlib.import_module(f"parlour.fast.{name}")


def compiled() -> bool:
    """Whether this install runs the mypyc build of the search path."""
    from . import core
    return not core.__file__.endswith(".py")
