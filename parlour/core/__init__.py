from .cards import DECKS, Deck
from .errors import IllegalAction, OptionError, ParlourError
from .game import Game, GameInfo, Option, State
from .registry import game_class, games, load, register, replay

__all__ = ["DECKS", "Deck", "Game", "GameInfo", "IllegalAction", "Option", "OptionError",
           "ParlourError", "State", "game_class", "games", "load", "register", "replay"]
