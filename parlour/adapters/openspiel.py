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
  it (`game.observation_encoder()`). A public observation (private_info NONE) is the spectator's
  view, `state.view(None)`.
- Information states (perfect recall) are what the seat has seen move by move: the string is its
  view after the deal, then for every move the mover's seat, the move itself when the seat made
  it, and what changed in the seat's view; two histories the seat cannot tell apart give the same
  string. The tensor has a fixed size, so it cannot hold a history of any length: it is the
  current view's vector, the mean of the vectors of every view the seat has had (history
  features), and the number of moves so far. Both are built on demand by replaying the game
  from the deal, extended from where the state's last answer stopped.
- Actions are the game's fixed integer space (`game.action_space_size`); legal actions are sorted
  ids. Returns are the game's `returns()` at the end (scores or placements), so the game type is
  general-sum; the utility bounds are loose (the contract does not bound scores).
- Parameters: "players", "deals", and every option of the game whose default is not None, and
  the whole-number options that can be off (a points target of none): 0 is off.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

import parlour
from parlour.core.errors import OptionError

DEALS = 1000
_LOADED: dict = {}  # (game id, players, options) -> the loaded Parlour game
UTILITY_BOUND = 1e6


def _view_text(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True)


def _parameters(info) -> dict:
    params = {"players": info.default_players, "deals": DEALS}
    for option in info.options:
        if _off_is_zero(option):
            # an OpenSpiel parameter cannot be None: 0, below the option's least value, is off
            params[option.name] = 0 if option.default is None else option.default
        elif isinstance(option.default, (bool, int, float, str)):
            params[option.name] = option.default
    return params


def parameters_of(game) -> dict:
    """The OpenSpiel parameters that load this very Parlour game (the inverse of ParlourGame's
    reading of them: 0 for an option that is off)."""
    spec = _parameters(game.info)
    params: dict = {"players": game.players}
    for key, value in game.changed_options().items():
        if key not in spec:
            raise OptionError(f"the OpenSpiel adapter has no parameter for {key}={value!r}")
        params[key] = 0 if value is None else value
    return params


def _off_is_zero(option) -> bool:
    """A whole-number option that can be off (None) and never takes 0 stands for off by 0."""
    return option.allow_none and option.kind is int and (option.minimum or 0) > 0


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
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
        info = parlour.game_class(self.game_id).info
        options = {k: None if v == 0 and _off_is_zero(info.option(k)) else v
                   for k, v in chosen.items() if defaults.get(k) != v}
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
        return self.parlour_game.observation_encoder()

    def new_initial_state(self):
        return ParlourState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        if iig_obs_type is None:
            return ParlourObserver(self, public=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a Parlour seat sees only its own hidden cards")
        public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        if iig_obs_type.perfect_recall:
            if public:
                raise ValueError("perfect recall is offered for a seat, not for the public")
            return ParlourInfoStateObserver(self)
        return ParlourObserver(self, public=public)


class ParlourState(pyspiel.State):
    """The first node deals (chooses the seed); then the Parlour state decides everything."""

    def __init__(self, game: ParlourGame):
        super().__init__(game)
        self._key = game._key
        self.deals = game.deals
        self._box = _Box(None)
        self._trail = None  # what each seat has seen, once an information state is asked for

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
        return sorted(set(self.inner.legal_action_ids()))

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

    def trail(self) -> _Trail:
        """What each seat has seen up to now (the state must be dealt)."""
        moves = len(self.inner.history)
        tip = self._trail
        if tip is None:
            tip = _Trail.deal(self.parlour_game.new_state(seed=self.inner.seed),
                              self.parlour_game)
        if tip.length < moves:
            tip = tip.extend(self.inner.history[tip.length:moves], self.parlour_game)
        self._trail = tip
        return tip


class _Box:
    """Holds the Parlour state; deep-copied through the state's own clone()."""

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Box(None if self.state is None else self.state.clone())


class _Trail:
    """One move of a game as every seat saw it, linked to the moves before. The node a state
    points to also keeps the Parlour state at that move, each seat's view and the sum of the
    vectors of its views so far, so a state dealt from it extends it without replaying the game.
    Shared by clones, never changed once made."""

    __slots__ = ("parent", "length", "texts", "state", "views", "sums")

    def __init__(self, parent, length, texts, state=None, views=None, sums=None):
        self.parent, self.length, self.texts = parent, length, texts
        self.state, self.views, self.sums = state, views, sums

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        # a pickled state leaves its cache behind (the chain is as long as the game) and
        # builds it again when asked
        return _no_trail, ()

    @classmethod
    def deal(cls, state, game) -> _Trail:
        views = [_without_log(state.view(seat)) for seat in game.seats]
        encode = game.observation_encoder().encode
        return cls(None, 0, tuple(json.dumps(v, sort_keys=True) for v in views), state.clone(),
                   views, [encode(v) for v in views])

    def extend(self, actions, game) -> _Trail:
        encode = game.observation_encoder().encode
        state, views, sums = self.state.clone(), self.views, [s.copy() for s in self.sums]
        node = self
        for action in actions:
            mover = state.current_player
            state.apply(action)
            now = [_without_log(state.view(seat)) for seat in game.seats]
            texts = tuple(_move_text(mover, action if seat == mover else None, before, after)
                          for seat, (before, after) in enumerate(zip(views, now)))
            for seat, view in enumerate(now):
                sums[seat] += encode(view)
            node, views = _Trail(node, node.length + 1, texts), now
        node.state, node.views, node.sums = state, views, sums
        return node

    def string(self, seat: int) -> str:
        texts, node = [], self
        while node is not None:
            texts.append(node.texts[seat])
            node = node.parent
        return "\n".join(reversed(texts))


def _no_trail():
    return None


def _without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


def _move_text(mover, action, before: dict, after: dict) -> str:
    """One move as a seat saw it: who moved, the move if it was the seat's own, and the fields
    of its view that changed (a field gone reads null)."""
    changed = {k: after.get(k) for k in sorted(set(before) | set(after))
               if before.get(k) != after.get(k)}
    own = "" if action is None else f" {action}"
    return f"seat {mover}{own}: {json.dumps(changed, sort_keys=True)}"


class ParlourObserver:
    """A seat's view (or the public one): the encoder's vector as the tensor, the view's JSON as
    the string."""

    def __init__(self, game: ParlourGame, public: bool = False):
        self.encoder = game.encoder
        self.public = public
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ParlourState, player: int):
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode(state.inner.view(None if self.public
                                                                  else player))

    def string_from(self, state: ParlourState, player: int):
        if state.inner is None:
            return "before the deal"
        return _view_text(state.inner.view(None if self.public else player))


class ParlourInfoStateObserver:
    """A seat's information state: its views move by move as the string; as the tensor, the
    current view's vector, the mean vector of its views so far and the number of moves."""

    def __init__(self, game: ParlourGame):
        self.encoder = game.encoder
        size = self.encoder.size
        self.tensor = np.zeros(2 * size + 1, np.float32)
        self.dict = {"observation": self.tensor[:size], "history": self.tensor[size:2 * size],
                     "moves": self.tensor[2 * size:]}

    def set_from(self, state: ParlourState, player: int):
        if state.inner is None:
            self.tensor.fill(0.0)
            return
        tip = state.trail()
        self.dict["observation"][:] = self.encoder.encode(tip.views[player])
        self.dict["history"][:] = tip.sums[player] / (tip.length + 1)
        self.dict["moves"][0] = tip.length

    def string_from(self, state: ParlourState, player: int):
        if state.inner is None:
            return "before the deal"
        return state.trail().string(player)


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
