"""The registry of games: a game module registers its Game class; nothing else lists games."""

from __future__ import annotations

import importlib
import pkgutil

from .errors import OptionError
from .game import Game, State

_GAMES: dict[str, type[Game]] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    _GAMES[cls.info.id] = cls
    return cls


def _discover() -> None:
    global _discovered
    if not _discovered:
        import parlour.games as package
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
        _discovered = True


def games() -> list[str]:
    """Ids of every registered game."""
    _discover()
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise OptionError(f"unknown game {game_id!r}; the games are: "
                          + ", ".join(sorted(_GAMES))) from None


def load(game_id: str, players: int | None = None, **options) -> Game:
    """A game with its players and options, validated: parlour.load("arschloch", players=4)."""
    return game_class(game_id)(players, **options)


def replay(record: dict) -> State:
    """The state a record describes, rebuilt action by action through the rules."""
    game = load(record["game"], record.get("players"), **record.get("options", {}))
    state = game.new_state(seed=record["seed"], deck=record.get("deck"))
    for text in record.get("actions", []):
        state.apply(game.parse_action(state, text))
    return state
