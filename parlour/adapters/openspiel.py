"""Every Parlour game as an OpenSpiel Python game: `import parlour.adapters.openspiel` registers
"parlour_<id>" for each one (e.g. `pyspiel.load_game("parlour_arschloch", {"players": 5})`).

How a Parlour game maps onto OpenSpiel's model:

- Chance. A Parlour state draws all its randomness (the deal, reshuffles, dice) from its own
  generator, seeded when the game starts. OpenSpiel sees this as ONE initial chance node with
  `deals` equally likely outcomes (a parameter, 1000 by default): outcome i starts the game with
  seed i. Everything random after that follows from the seed, so the game is deterministic given
  the chance outcome, and nothing after the first node is a chance node. This is exact for
  sampling-based tools (simulation, evaluate_bots, MCTS, outcome sampling) but it makes the chance
  distribution `deals` seeds rather than every possible deal: a tree-walking algorithm sees only
  those deals.
- Imperfect information. A seat observes exactly `state.view(seat)`: the observation string is
  that view as JSON (without "log") and the observation tensor is the generic encoder's vector of
  it (parlour.adapters.observation). The views are the seat's current knowledge, not its full
  history, so this module provides observations only, not perfect-recall information states.
- Actions are the game's fixed integer space (`game.action_space_size`); legal actions are sorted
  ids. Returns are the game's `returns()` at the end (scores or placements), so the game type is
  general-sum; the utility bounds are loose (the contract does not bound scores).
- Parameters: "players", "deals", and every option of the game whose default is not None.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

import parlour

from .observation import encoder

DEALS = 1000
_LOADED: dict = {}  # (game id, players, options) -> the loaded Parlour game
UTILITY_BOUND = 1e6


def _view_text(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True)


def _parameters(info) -> dict:
    params = {"players": info.default_players, "deals": DEALS}
    for option in info.options:
        if isinstance(option.default, (bool, int, float, str)):
            params[option.name] = option.default
    return params


def _game_type(game_id: str) -> pyspiel.GameType:
    info = parlour.game_class(game_id).info
    return pyspiel.GameType(
        short_name=f"parlour_{game_id}",
        long_name=f"Parlour {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(info))


class ParlourGame(pyspiel.Game):
    """One Parlour game as loaded with the given parameters."""

    game_id: str  # set on each registered subclass

    def __init__(self, params=None):
        params = dict(params or {})
        defaults = _parameters(parlour.game_class(self.game_id).info)
        chosen = {**defaults, **params}
        self.deals = int(chosen.pop("deals"))
        players = int(chosen.pop("players"))
        options = {k: v for k, v in chosen.items() if defaults.get(k) != v}
        self._key = (self.game_id, players, tuple(sorted(options.items())))
        if self._key not in _LOADED:
            _LOADED[self._key] = parlour.load(self.game_id, players, **options)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.parlour_game.action_space_size,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=None,
            max_game_length=self.parlour_game.max_decisions() + 1)  # + the deal
        super().__init__(_game_type(self.game_id), game_info, params)

    # pyspiel may copy the Python game object; the loaded Parlour game lives outside it so that
    # every copy shares the one loaded game (some games' action codecs key on its tables).
    @property
    def parlour_game(self):
        return _LOADED[self._key]

    @property
    def encoder(self):
        return encoder(self.parlour_game)

    def new_initial_state(self):
        return ParlourState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("Parlour games provide observations (a seat's current view), "
                             "not perfect-recall information states")
        return ParlourObserver(self)


class ParlourState(pyspiel.State):
    """The first node deals (chooses the seed); then the Parlour state decides everything."""

    def __init__(self, game: ParlourGame):
        super().__init__(game)
        self._key = game._key
        self.deals = game.deals
        self._box = _Box(None)

    # pyspiel clones a Python state by deep-copying its __dict__: the loaded game must stay
    # shared (some games' action codecs key on its tables), and the Parlour state is copied by
    # its own cheap clone(), which shares the game.
    @property
    def parlour_game(self):
        return _LOADED[self._key]

    @property
    def inner(self):
        """The Parlour state, once dealt (None before the chance node)."""
        return self._box.state

    def current_player(self):
        if self.inner is None:
            return pyspiel.PlayerId.CHANCE
        if self.inner.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        return self.inner.current_player

    def _legal_actions(self, player):
        # set: a double deck can offer the same move twice (two equal cards)
        return sorted({self.parlour_game.action_id(a) for a in self.inner.legal_actions()})

    def chance_outcomes(self):
        p = 1.0 / self.deals
        return [(i, p) for i in range(self.deals)]

    def _apply_action(self, action):
        if self.inner is None:
            self._box.state = self.parlour_game.new_state(seed=int(action))
        else:
            self.inner.apply(self.parlour_game.action_from_id(int(action)))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self.parlour_game.action_from_id(int(action)))

    def is_terminal(self):
        return self.inner is not None and self.inner.is_terminal

    def returns(self):
        if self.inner is None or not self.inner.is_terminal:
            return [0.0] * self.parlour_game.players
        return [float(r) for r in self.inner.returns()]

    def __str__(self):
        if self.inner is None:
            return "before the deal"
        return _view_text(self.inner.view(None))


class _Box:
    """Holds the Parlour state; deep-copied through the state's own clone()."""

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Box(None if self.state is None else self.state.clone())


class ParlourObserver:
    """A seat's view: the encoder's vector as the tensor, the view's JSON as the string."""

    def __init__(self, game: ParlourGame):
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ParlourState, player: int):
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode(state.inner.view(player))

    def string_from(self, state: ParlourState, player: int):
        if state.inner is None:
            return "before the deal"
        return _view_text(state.inner.view(player))


def register_all() -> list[str]:
    """Register every Parlour game with pyspiel (idempotent); returns the OpenSpiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in parlour.games():
        name = f"parlour_{game_id}"
        if name not in registered:
            cls = type(f"Parlour_{game_id}", (ParlourGame,), {"game_id": game_id})
            pyspiel.register_game(_game_type(game_id), cls)
        names.append(name)
    return names


GAMES = register_all()
