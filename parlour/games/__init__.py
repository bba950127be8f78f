"""One module per game; helpers shared by several games live beside them.

`parlour.games()` is the contract's list of game ids, and `parlour.games` is also this package once
a game module is imported; so the package itself answers the call."""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from ..core.registry import games
        return games()


sys.modules[__name__].__class__ = _GamesPackage
