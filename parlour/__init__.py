"""Parlour: an engine and card room for rare card games. The public contract is here."""

from .core import (
    DECKS,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    OptionError,
    ParlourError,
    State,
    game_class,
    games,
    load,
    register,
    replay,
)

__all__ = ["DECKS", "Game", "GameInfo", "IllegalAction", "Option", "OptionError", "ParlourError",
           "State", "game_class", "games", "load", "register", "replay"]
