"""The core contract every game implements and everything else builds on (DESIGN.md).

A game module defines a `Game` subclass (metadata, options, notation) and a `State` subclass (the
rules). Interfaces only ever touch what is defined here: they never reach into a game's insides.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from .cards import CARD_NAMES, DECKS, Deck
from .errors import IllegalAction, OptionError

_MISSING = object()


@dataclass(frozen=True)
class Option:
    """One rule option of a game: its name, default, and what values it takes."""

    name: str
    default: Any
    doc: str
    choices: tuple | None = None  # the only values allowed, if given
    minimum: int | None = None  # for whole-number options
    maximum: int | None = None
    allow_none: bool = False  # None means "off" (e.g. no points target)

    @property
    def kind(self) -> type:
        if self.choices:
            return type(self.choices[0])
        if self.default is None:
            return int
        return type(self.default)

    def describe_values(self) -> str:
        if self.choices:
            text = ", ".join(map(_show, self.choices))
        elif self.kind is bool:
            text = "true, false"
        elif self.kind is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            text = f"a whole number {low}..{high}".replace(" ..", " up to ").rstrip(".")
        else:
            text = f"a {self.kind.__name__}"
        return text + (", or none (off)" if self.allow_none else "")

    def validate(self, value: Any) -> Any:
        if value is None and self.allow_none:
            return None
        kind = self.kind
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if ok and self.choices is not None:
            ok = value in self.choices
        if ok and kind is int:
            ok = (self.minimum is None or value >= self.minimum) and (
                self.maximum is None or value <= self.maximum)
        if not ok:
            raise OptionError(f"option {self.name}={value!r} is not allowed; "
                              f"valid values: {self.describe_values()}")
        return value

    def parse(self, text: str) -> Any:
        """Read a value typed by a person (`--option points=15`)."""
        word = text.strip().lower()
        if self.allow_none and word in ("none", "off", ""):
            return None
        kind = self.kind
        try:
            if kind is bool:
                if word in ("1", "true", "yes", "on"):
                    return True
                if word in ("0", "false", "no", "off"):
                    return False
                raise ValueError
            if kind is int:
                return self.validate(int(word))
        except ValueError:
            raise OptionError(f"option {self.name}={text!r} is not allowed; "
                              f"valid values: {self.describe_values()}") from None
        return self.validate(text.strip())

    def to_dict(self) -> dict:
        return {"name": self.name, "default": self.default, "doc": self.doc,
                "kind": self.kind.__name__, "choices": list(self.choices) if self.choices else None,
                "minimum": self.minimum, "maximum": self.maximum, "allow_none": self.allow_none}


def _show(value: Any) -> str:
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    deck: str  # name in parlour.core.cards.DECKS (the deck of the default options)
    summary: str = ""
    options: tuple[Option, ...] = ()
    # Peer engines' nearest games, for bench/ only: {"open_spiel": [...], "rlcard": [...]}.
    peers: dict = field(default_factory=dict)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise OptionError(f"unknown option {name!r} for {self.id}; valid options: "
                          + (", ".join(o.name for o in self.options) or "none"))

    def to_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "summary": self.summary,
                "min_players": self.min_players, "max_players": self.max_players,
                "default_players": self.default_players, "deck": self.deck,
                "options": [o.to_dict() for o in self.options]}


class Game:
    """A game loaded with its number of players and options. Immutable once made."""

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    heuristic: ClassVar[type | None] = None  # the game's own heuristic agent class
    # Option sets the conformance suite plays (every variant should appear in one).
    sample_options: ClassVar[tuple[dict, ...]] = ({},)
    # The least and the most `returns()` can give a seat, where the game bounds them.
    return_bounds: ClassVar[tuple[float, float] | None] = None
    # True when a stacked deck alone fixes the opening position (no die, cup or other draw).
    deck_decides_deal: ClassVar[bool] = True
    # The module of the game's core under parlour/fast/, its rules on integers, which the search
    # plays on (None: search runs on this readable game).
    core_module: ClassVar[str | None] = None
    # The room's "How to play" panel: the goal in a sentence and a turn in at most five lines.
    how_to_play: ClassVar[dict | None] = None

    def __init__(self, players: int | None = None, **options: Any):
        info = self.info
        if players is None:
            players = info.default_players
        if isinstance(players, bool) or not isinstance(players, int) or not (
                info.min_players <= players <= info.max_players):
            count = str(info.min_players) if info.min_players == info.max_players else \
                f"{info.min_players} to {info.max_players}"
            raise OptionError(f"{info.title} takes {count} players, not {players!r}")
        chosen = {}
        for name, value in options.items():
            chosen[name] = info.option(name).validate(value)
        self.players = players
        self.seats = tuple(range(players))
        self.options = {o.name: chosen.get(o.name, o.default) for o in info.options}
        self.check_options()

    def check_options(self) -> None:
        """Refuse combinations of options that do not go together (raise OptionError)."""

    # Cards -----------------------------------------------------------------------------------
    def deck(self) -> Deck:
        """Every card this game is played with (the conformance suite checks none is lost)."""
        return DECKS[self.info.deck]

    # States ----------------------------------------------------------------------------------
    def new_state(self, seed: int | None = None, deck: Sequence[str] | None = None) -> State:
        """A new game. Same seed and options give the same game on every machine; `deck` stacks
        the cards (top first) for tests and for dealing real cards."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if deck is not None:
            deck = list(deck)
            if sorted(deck) != sorted(self.deck().cards):
                raise OptionError(f"a stacked deck must hold exactly the {len(self.deck())} "
                                  f"cards of the {self.deck().title} deck")
        return self.state_class(self, seed, deck)

    def max_decisions(self) -> int:
        """A bound on the number of actions in one game; a longer game is a bug or a draw."""
        return 10_000

    # Notation --------------------------------------------------------------------------------
    def parse_action(self, state: State, text: str):
        """Read an action in the game's notation (what `str(action)` prints). The default matches
        the text against the legal actions; games override it to accept more spellings."""
        wanted = " ".join(text.split()).lower()
        for action in state.legal_actions():
            if str(action).lower() == wanted:
                return action
        raise IllegalAction(f"{text!r} is not a legal move now; legal: "
                            + ", ".join(map(str, state.legal_actions())))

    # The terminal ----------------------------------------------------------------------------
    def render(self, view: dict) -> str:
        """A seat's view as text for terminal play. Games override it to draw their table
        (towers, rows, grids); the default lists the view's fields."""
        lines = []
        for key, value in view.items():
            if key in ("game", "log"):
                continue
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                value = " ".join(value)
            lines.append(f"{key}: {value}")
        return "\n".join(lines)

    # The card room (parlour/core/scene.py) --------------------------------------------------
    def scene(self, view: dict) -> dict:
        """What the table page draws of a seat's view. Games override it with their table."""
        from .scene import default_scene
        return default_scene(view, self.players)

    def move_picks(self, view: dict, action) -> list[list[str]]:
        """The slots a player fills on the table to make `action` (scene.py says how)."""
        from .scene import default_picks
        return default_picks(view, action, CARD_NAMES)

    def send_cards(self, action) -> bool:
        """True where the move is sent as the cards picked (any card of a rank will do)."""
        return False

    def choice_text(self, key: str) -> dict:
        """How the table names a choice key ("=W"): its text, and a suit to colour it by."""
        return {"text": key[1:]}

    # A fixed-size vector of a seat's view, for learning agents (the research adapters): by
    # default the generic encoder, which learns the layout of this game's views; a game may
    # return its own object with the same `size` and `encode(view)`.
    def observation_encoder(self):
        from .observation import encoder
        return encoder(self)

    # A fixed integer action space, for adapters and for bots' tables.
    @property
    def action_space_size(self) -> int:
        raise NotImplementedError

    def action_id(self, action) -> int:
        raise NotImplementedError

    def action_from_id(self, number: int):
        raise NotImplementedError

    def changed_options(self) -> dict:
        """The options set away from their defaults: what `parlour.load` needs to make it again."""
        return {k: v for k, v in self.options.items() if v != self.info.option(k).default}

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.changed_options().items())
        return f"parlour.load({self.info.id!r}, players={self.players}{args})"


class State:
    """One position of a game. Plain data, its own random generator, no I/O."""

    def __init__(self, game: Game, seed: int, deck: list[str] | None):
        self.game = game
        self.seed = seed
        self.stacked = deck
        self.rng = random.Random(seed)
        self.history: list = []

    def __init_subclass__(cls, **kwargs):
        # Remember the list each legal_actions() call hands out: apply() then accepts one of those
        # very objects without checking it again. Search and playouts live on this path.
        super().__init_subclass__(**kwargs)
        raw = cls.__dict__.get("legal_actions")
        if raw is not None and not getattr(raw, "remembers_offer", False):
            @functools.wraps(raw)
            def legal_actions(self, _raw=raw):
                actions = _raw(self)
                self._offered = (id(self), actions)
                return actions
            legal_actions.remembers_offer = True
            cls.legal_actions = legal_actions

    # The generator is shared between a state and its clones until one of them draws from it:
    # copying a Mersenne Twister costs more than the rest of a clone.
    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            twin = random.Random()
            twin.setstate(self._rng.getstate())
            self._rng, self._rng_shared = twin, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    # The rules: every game defines these --------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> list:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def legal_action_ids(self) -> list[int]:
        """The legal actions as the game's action ids, for the adapters (a game on a core has
        them already: its moves are those numbers)."""
        return [self.game.action_id(a) for a in self.legal_actions()]

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> State:
        raise NotImplementedError

    def estimate(self) -> list[float] | None:
        """A guess at each seat's final return from this position, on the scale of `returns()`,
        for search that stops its playouts early (a game whose playouts are long or slow says how
        early by the depth in its search profile, parlour/agents/profiles/). None where the game
        makes no guess."""
        return None

    # A game that stops at its own cap (a round or turn limit) sets this; the lab and bench/
    # report how often that happens.
    reached_cap = False

    # The lab's card influence compares seats by the cards they hold when play proper begins.
    # A game whose hands are drawn or drafted during play sets this, and answers None until then.
    hand_forms_in_play: ClassVar[bool] = False

    def opening_hand(self, seat: int) -> list[str] | None:
        """The cards `seat` holds as play proper begins; None if not yet (or no hands of cards).
        By default the hand its view shows at the start."""
        hand = self.view(seat).get("hand")
        if isinstance(hand, list) and all(isinstance(card, str) for card in hand):
            return list(hand)
        return None

    def event_counts(self) -> dict[str, int] | None:
        """How often each of the game's named events (a trick won, a bomb, a god's effect, an
        end condition) has happened so far, where the game's core emits them; None otherwise.
        The lab reports them as what the rules did."""
        return None

    def round_count(self) -> int | None:
        """How many rounds (deals, hands of a match) have been played so far, counting the one
        under way; None for a game without rounds. The lab reports it as a game's length in
        rounds. By default the `round` counter of the public view."""
        rounds = self.view(None).get("round")
        if isinstance(rounds, int) and not isinstance(rounds, bool):
            return rounds
        return None

    def card_census(self) -> list[str]:
        """Every card of the game wherever it lies now (hands, table, piles, set aside)."""
        raise NotImplementedError

    def _apply(self, action) -> None:
        raise NotImplementedError

    def _check(self, action) -> str | None:
        """Why `action` is illegal now, or None. Games override it with reasons of their own."""
        return None if action in self.legal_actions() else f"{action} is not a legal move now"

    # Given ------------------------------------------------------------------------------------
    def apply(self, action, seat: int | None = None) -> None:
        """Play `action` (for `seat`, if given: a seat may only act when it is to act).
        An illegal action raises IllegalAction with the reason and changes nothing."""
        # One of the very actions legal_actions() just offered in this position is legal (and the
        # game is not over, or none would have been offered): search and playouts live here.
        offered = self.__dict__.get("_offered")
        if not (offered and offered[0] == id(self) and any(map(is_, offered[1], repeat(action)))
                and (seat is None or seat == self.current_player)):
            self._refuse_if_illegal(action, seat)
        self._offered = None
        self._apply(action)
        self.history.append(action)

    def _refuse_if_illegal(self, action, seat: int | None) -> None:
        if self.is_terminal:
            raise IllegalAction("the game is over")
        if seat is not None and seat != self.current_player:
            raise IllegalAction(f"seat {seat} is not to act; seat {self.current_player} is")
        try:
            reason = self._check(action)
        except (TypeError, AttributeError, KeyError, ValueError, IndexError):
            reason = f"{action!r} is not a move of this game"
        if reason:
            raise IllegalAction(reason)

    def clone(self) -> State:
        return copy.deepcopy(self)

    def _clone_base(self) -> State:
        """A shallow copy sharing the generator (copied on its next draw) and with its own
        history: a game's clone() starts here and copies its own mutable fields."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.history = list(self.history)
        twin._offered = None
        self._rng_shared = twin._rng_shared = True
        return twin

    def _fresh_rng(self, rng: random.Random) -> random.Random:
        """A generator for a determinized copy: the real one would tell the future deals."""
        return random.Random(rng.getrandbits(64))

    def record(self) -> dict:
        record = {"game": self.game.info.id, "players": self.game.players,
                  "options": dict(self.game.options), "seed": self.seed,
                  "actions": [str(a) for a in self.history]}
        if self.stacked is not None:
            record["deck"] = list(self.stacked)
        return record

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _comparable(self) == _comparable(other)

    __hash__ = None  # states are mutable


class PhasedState(State):
    """The common shape of a game's state: a `phase` that is "over" at the end, and `to_act`, the
    seat whose move it is."""
    phase: str
    to_act: int

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"


def _comparable(state: State) -> dict:
    # Fields named with a leading underscore are caches (and the generator, compared by state).
    fields = {k: v for k, v in vars(state).items() if not k.startswith("_")}
    fields["rng"] = state.rng.getstate()
    fields["game"] = (state.game.info.id, state.game.players, state.game.options)
    return fields
