"""A generic observation encoder: one seat's view as a flat float32 vector of fixed size. It is
every game's `game.observation_encoder()` unless the game gives one of its own; the research
adapters (PettingZoo, OpenSpiel, Gymnasium) observe through it.

It reads nothing but `state.view(seat)`, so it can leak nothing the seat may not know. Every game's
view is JSON-ready data; the encoder walks it (skipping "log", the free text of what happened) and
turns each leaf into a few numbers:

- a list of card names (or a single card name) -> counts over the game's deck, one slot per distinct
  card name of `game.deck().cards` (a double deck counts to 2);
- a number -> itself; a bool -> 0 or 1;
- any other string -> a one-hot over `STRING_BUCKETS` buckets of a stable hash (crc32) of it;
- every leaf also has a presence bit, so None and "absent" read as 0 with the bit off;
- other lists -> their length, then their items by position ("hands[2]").

The views have no declared schema, so the layout is learned once when the encoder is built: it
plays a few seeded random games (always the same ones, so the layout is the same on every machine)
and records every path it sees and the kinds of value found there, in every seat's view at the
deal and then in the views of the seat to act and of one other seat in turn at each move. Paths
seen later but never in those samples (a longer list, a rare phase) are dropped: the vector is
truncated to the layout, never grown. This is an honest, blunt featuriser for research
baselines, not a tuned one.
"""

from __future__ import annotations

import random
import zlib

import numpy as np

STRING_BUCKETS = 8
SAMPLE_GAMES = 3
SAMPLE_STEPS = 300  # views sampled per game at most (long games repeat their shapes)
SKIPPED = frozenset({"log"})

# Kinds a path can hold; a path seen with several kinds gets the slots of each.
NUMBER, STRING, CARDS, LIST = "number", "string", "cards", "list"


class ObservationEncoder:
    """The fixed layout of one loaded game's views, and the encoding of a view into it."""

    def __init__(self, game, sample_games: int = SAMPLE_GAMES, sample_steps: int = SAMPLE_STEPS):
        self.game = game
        self.card_names = sorted(set(game.deck().cards))
        self.card_index = {name: i for i, name in enumerate(self.card_names)}
        kinds: dict[str, set] = {}
        rng = random.Random(f"parlour-observation-{game.info.id}")
        for _ in range(sample_games):
            state = game.new_state(seed=rng.randrange(2**32))
            steps = 0
            while True:
                # the seat to act and one other in turn: every seat's side of the table is
                # seen many times over a game at a fraction of the cost of all of them each step
                to_act = state.current_player if not state.is_terminal else None
                other = game.seats[steps % game.players]
                for seat in ({to_act, other} - {None} if steps else game.seats):
                    self._learn(state.view(seat), "", kinds)
                if state.is_terminal or steps >= sample_steps:
                    break
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
                steps += 1
        self.slots: dict[tuple[str, str], int] = {}  # (path, kind) -> first slot
        size = 0
        for path in sorted(kinds):
            self.slots[(path, "present")] = size
            size += 1
            for kind in sorted(kinds[path]):
                self.slots[(path, kind)] = size
                size += {CARDS: len(self.card_names), STRING: STRING_BUCKETS}.get(kind, 1)
        self.size = size

    def _is_card(self, value) -> bool:
        return isinstance(value, str) and value in self.card_index

    def _kind(self, value) -> str | None:
        if value is None:
            return None
        if isinstance(value, (bool, int, float)):
            return NUMBER
        if isinstance(value, str):
            return CARDS if self._is_card(value) else STRING
        if isinstance(value, list):
            if value and all(map(self._is_card, value)):
                return CARDS
            return LIST
        return "dict"

    def _learn(self, value, path: str, kinds: dict) -> None:
        kind = self._kind(value)
        if kind == "dict":
            for key, item in value.items():
                if not (path == "" and key in SKIPPED):
                    self._learn(item, f"{path}.{key}", kinds)
            return
        kinds.setdefault(path, set())
        if kind is not None:
            kinds[path].add(kind)
        if kind == LIST:
            for i, item in enumerate(value):
                self._learn(item, f"{path}[{i}]", kinds)

    def encode(self, view: dict) -> np.ndarray:
        """The view as a float32 vector of `self.size` numbers."""
        out = np.zeros(self.size, dtype=np.float32)
        self._write(view, "", out)
        return out

    def _write(self, value, path: str, out: np.ndarray) -> None:
        kind = self._kind(value)
        if kind == "dict":
            for key, item in value.items():
                if not (path == "" and key in SKIPPED):
                    self._write(item, f"{path}.{key}", out)
            return
        present = self.slots.get((path, "present"))
        if present is None:
            return  # a path the samples never showed: truncated
        if value is None:
            return
        out[present] = 1.0
        if kind == CARDS and (path, CARDS) in self.slots:
            start = self.slots[(path, CARDS)]
            for card in ([value] if isinstance(value, str) else value):
                out[start + self.card_index[card]] += 1.0
        elif kind == LIST:
            if (path, LIST) in self.slots:
                out[self.slots[(path, LIST)]] = len(value)
            for i, item in enumerate(value):
                self._write(item, f"{path}[{i}]", out)
        elif kind == NUMBER and (path, NUMBER) in self.slots:
            out[self.slots[(path, NUMBER)]] = float(value)
        elif kind == STRING and (path, STRING) in self.slots:
            bucket = zlib.crc32(value.encode("utf-8")) % STRING_BUCKETS
            out[self.slots[(path, STRING)] + bucket] = 1.0


_ENCODERS: dict = {}


def encoder(game) -> ObservationEncoder:
    """The encoder of a loaded game, built once per (game, players, options)."""
    key = (game.info.id, game.players, tuple(sorted(game.options.items(), key=lambda kv: kv[0])))
    try:
        found = _ENCODERS.get(key)
    except TypeError:  # an unhashable option value
        return ObservationEncoder(game)
    if found is None:
        found = _ENCODERS[key] = ObservationEncoder(game)
    return found
