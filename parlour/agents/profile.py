"""How the computer players search a game: its search profile, one file a game in profiles/, named
by the game's id, beside the agents and apart from the game's rules. A game without a file is
searched with the defaults below. The settings are the ismcts parameters of the same names
(docs/strength.md says what each does); a spec's own parameters override them.

    depth   playout moves before the game's State.estimate() is taken (every search)
    tree    moves from the root hard's tree holds before its playouts take over
    rounds  hands after which hard's playouts stop, each seat then scored by its gain
    floor   a floor under the spreads of hard's trust test, as a share of all the root's
    reward  how hard turns returns into rewards ("value": the estimate's expected returns)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Profile:
    depth: int | None = None
    tree: int | None = None
    rounds: int | None = None
    floor: float | None = None
    reward: str | None = None


SETTINGS = {f.name: f for f in fields(Profile)}


@cache
def _profile(game_id: str) -> Profile:
    path = resources.files(__package__) / "profiles" / f"{game_id}.toml"
    if not path.is_file():
        return Profile()
    settings = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = sorted(set(settings) - set(SETTINGS))
    if unknown:
        raise ValueError(f"{path}: no search setting is called {', '.join(unknown)}; "
                         f"the settings are {', '.join(SETTINGS)}")
    return Profile(**settings)


def profile_of(game) -> Profile:
    """`game`'s search profile (a loaded game or its class)."""
    return _profile(game.info.id)
