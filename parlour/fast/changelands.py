"""Changelands on integers (the twin of parlour/games/changelands.py), every round limit and
player count (2-4).

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods, so the flames are 9..17 and the gods 45..53. A square is row * 5 +
column, row 0 the north edge, as in the readable game. The field is a list of 25 cards; each hand
is a list of cards sorted as the readable hands are (by card index); the draw pile and the discard
pile are lists, their tops last. Markers, starts and goals are squares.

An action is the readable game's `action_id`: 0 stop, 1-4 a step north, east, south, west, and
5 + card * 25 + square the change putting `card` on `square`.

The tables below hold, for a square and the card on it, the steps a marker there may take (before
the flames around are looked at) and what landing there does, so that a step is a few lookups.

`chances` counts the draws of the readable game's generator: the deal (with the shuffle of corner
flames back into the deck when it happens) and each reshuffle of the discard pile into a new draw
pile.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(VIASHI_CARDS)}
N_CARDS: Final = 54
SIZE: Final = 5
SQUARES: Final = SIZE * SIZE
HAND_SIZE: Final = 4
STEPS: Final = 3

STOP: Final = 0
CHANGE: Final = 5  # + card * 25 + square

REPLACE: Final = 0
MOVE: Final = 1
OVER: Final = 2

# Seats south, north, east, west: starts and goals as squares.
STARTS: Final = (24, 0, 4, 20)
GOALS: Final = (0, 24, 20, 4)
CORNERS: Final = (0, 4, 20, 24)

RESHUFFLE_LOG: Final = "the discard pile is shuffled into a new draw pile"
CORNER_LOG: Final = "flames on the corners"


def card_of(name: str) -> int:
    return CARD[name]


def _is_flame(card: int) -> bool:
    return 9 <= card < 18


# By card: whether it is a flame (never landed on).
FLAME: Final[list[bool]] = [_is_flame(c) for c in range(N_CARDS)]
# The step actions 1-4 as (row, column) offsets and square offsets.
_DELTA: Final = ((0, 0), (-1, 0), (0, 1), (1, 0), (0, -1))
OFFSET: Final = (0, -SIZE, 1, SIZE, -1)


def _ways(card: int) -> tuple[int, ...]:
    """The step actions a card allows: its suit's way, any for a god, none for a flame."""
    if card >= 45:
        return (1, 2, 3, 4)
    return ((1,), (), (2,), (4,), (3,))[card // 9]


def _target(square: int, action: int) -> int:
    row, col = divmod(square, SIZE)
    dr, dc = _DELTA[action]
    row += dr
    col += dc
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1


# By square * 54 + the card on it: the steps on the grid as (action, square stepped to), in the
# readable order (n e s w); flames among the squares are for the caller to leave out.
WAYS: Final[list[tuple[tuple[int, int], ...]]] = []
# By square * 54 + card: OFF if landing there sends the marker back to start, else the square its
# card points to (a flame there ends the turn), or FREE for a god (and a flame, never landed on).
LANDING: Final[list[int]] = []
OFF: Final = -2
FREE: Final = -1
for _q in range(SQUARES):
    for _c in range(N_CARDS):
        _ws = _ways(_c)
        WAYS.append(tuple((a, _target(_q, a)) for a in _ws if _target(_q, a) >= 0))
        if len(_ws) != 1:
            LANDING.append(FREE)
        else:
            _t = _target(_q, _ws[0])
            LANDING.append(OFF if _t < 0 else _t)

# By goal * 25 + square: the readable estimate, 1 at the goal, as it computes it.
_FAR: Final = 2 * (SIZE - 1)
ESTIMATE: Final[list[float]] = [
    1.0 - (abs(g // SIZE - q // SIZE) + abs(g % SIZE - q % SIZE)) / _FAR
    for g in range(SQUARES) for q in range(SQUARES)]

# By blocked squares (a mask) * 64 + card: the changes putting that card on each other square.
_CHANGES: dict[int, tuple[int, ...]] = {}


def _changes(blocked: int, card: int) -> tuple[int, ...]:
    if len(_CHANGES) >= 1 << 16:
        _CHANGES.clear()  # four markers wander over many more placings than a search revisits
    row = tuple(CHANGE + card * SQUARES + q for q in range(SQUARES) if not blocked >> q & 1)
    _CHANGES[blocked << 6 | card] = row
    return row


class ChangelandsFast(FastState):
    players: int
    chances: int
    rng: Rng

    def __init__(self, players: int, limit: int, rng: Rng, chances: int, actor: int, phase: int,
                 steps: int, round_: int, winner: int, drawn: bool, field: list[int],
                 markers: list[int], hands: list[list[int]], pile: list[int],
                 discard: list[int]) -> None:
        self.players = players
        self.limit = limit  # the round limit
        self.rng = rng
        self.chances = chances
        self.actor = actor  # NOBODY once over
        self.phase = phase
        self.steps = steps  # taken this turn
        self.round = round_
        self.winner = winner  # -1: none
        self.drawn = drawn
        self.field = field
        self.markers = markers
        self.hands = hands
        self.pile = pile
        self.discard = discard

    # A turn: the draw --------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.actor = seat
        self.phase = REPLACE
        self.steps = 0
        if not self.pile and self.discard:
            pile = self.discard
            self.discard = []
            self.rng.shuffle(pile)
            self.pile = pile
            self.chances += 1
        if self.pile:
            insort(self.hands[seat], self.pile.pop())

    def _end_turn(self) -> None:
        nxt = self.actor + 1
        if nxt == self.players:
            nxt = 0
            self.round += 1
            if self.round > self.limit:
                self.drawn = True
                self.actor = NOBODY
                self.phase = OVER
                return
        self._start_turn(nxt)

    def _back_to_start(self, seat: int) -> None:
        start = STARTS[seat]
        self.markers[seat] = start
        field = self.field
        flame = field[start]
        if not FLAME[flame]:
            return
        # A flame under the marker on its start: the top card that is not a flame replaces it,
        # from the discard pile, else from the draw pile.
        for pile in (self.discard, self.pile):
            for i in range(len(pile) - 1, -1, -1):
                if not FLAME[pile[i]]:
                    field[start] = pile.pop(i)
                    self.discard.append(flame)
                    return

    def _can_step(self, square: int) -> bool:
        field = self.field
        for _, target in WAYS[square * N_CARDS + field[square]]:
            if not FLAME[field[target]]:
                return True
        return False

    # The contract ----------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        seat = self.actor
        phase = self.phase
        if phase == MOVE:
            field = self.field
            at = self.markers[seat]
            out = [a for a, t in WAYS[at * N_CARDS + field[at]] if not FLAME[field[t]]]
            out.append(STOP)
            return out
        if phase == OVER:
            return []
        # The change: any square but one another marker stands on, or the seat's own unless it
        # stands on its start.
        blocked = 0
        markers = self.markers
        for s in range(self.players):
            at = markers[s]
            if s != seat or at != STARTS[s]:
                blocked |= 1 << at
        blocked <<= 6
        changes = _CHANGES
        out = []
        for card in self.hands[seat]:
            row = changes.get(blocked | card)
            if row is None:
                row = _changes(blocked >> 6, card)
            out += row
        return out

    def step(self, action: int) -> None:
        seat = self.actor
        if action >= CHANGE:
            card, square = divmod(action - CHANGE, SQUARES)
            field = self.field
            old = field[square]
            self.hands[seat].remove(card)
            field[square] = card
            self.discard.append(old)
            if self.markers[seat] == square and FLAME[card]:
                self._back_to_start(seat)
            self.phase = MOVE
            if not self._can_step(self.markers[seat]):
                self._end_turn()
            return
        if action == STOP:
            self._end_turn()
            return
        target = self.markers[seat] + OFFSET[action]
        self.markers[seat] = target
        self.steps += 1
        if target == GOALS[seat]:
            self.winner = seat
            self.actor = NOBODY
            self.phase = OVER
            return
        field = self.field
        land = LANDING[target * N_CARDS + field[target]]
        if land == OFF:
            self._back_to_start(seat)
            self._end_turn()
        elif land >= 0 and FLAME[field[land]]:
            self._end_turn()
        elif self.steps >= STEPS or not self._can_step(target):
            self._end_turn()

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.players)]

    def estimate(self) -> list[float] | None:
        markers = self.markers
        return [ESTIMATE[GOALS[s] * SQUARES + markers[s]] for s in range(self.players)]

    def copy(self) -> ChangelandsFast:
        return ChangelandsFast(self.players, self.limit, self.rng, self.chances, self.actor,
                               self.phase, self.steps, self.round, self.winner, self.drawn,
                               self.field[:], self.markers[:], [h[:] for h in self.hands],
                               self.pile[:], self.discard[:])

    def determinize(self, seat: int, rng: Rng) -> ChangelandsFast:
        """The other hands and the draw pile dealt afresh from their cards; the field, the
        markers and the discard pile are face up."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hands = twin.hands
        pool = twin.pile
        for s in range(self.players):
            if s != seat:
                pool += hands[s]
        # Sorted first: where the hidden cards really lie must not steer the deal.
        pool.sort()
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                size = len(hands[s])
                hand = pool[len(pool) - size:]
                del pool[len(pool) - size:]
                hand.sort()
                hands[s] = hand
        return twin

    def key(self) -> tuple[object, ...]:
        return (self.players, self.limit, self.chances, self.actor, self.phase, self.steps,
                self.round, self.winner, self.drawn, tuple(self.field), tuple(self.markers),
                tuple(tuple(h) for h in self.hands), tuple(self.pile), tuple(self.discard))


def twin(state: Any, seed: int) -> ChangelandsFast | None:
    """The integer position of a readable Changelands state (None for another game, or a deck
    stacked with cards the Viashi deck has not, or twice)."""
    game = state.game
    if game.info.id != "changelands" or not 2 <= game.players <= 4:
        return None
    names = state.card_census()
    if len(set(names)) != len(names) or any(name not in CARD for name in names):
        return None
    log = state.log
    chances = (1 if state.stacked is None else 0) + log.count(RESHUFFLE_LOG)
    if log and log[0].startswith(CORNER_LOG):
        chances += 1
    phase = {"replace": REPLACE, "move": MOVE, "over": OVER}[state.phase]
    actor = NOBODY if state.to_act is None else int(state.to_act)
    return ChangelandsFast(
        game.players, int(game.options["round_limit"]), Rng(seed), chances, actor, phase,
        int(state.steps), int(state.round), -1 if state.winner is None else int(state.winner),
        bool(state.drawn), [CARD[c] for c in state.field], list(state.markers),
        [sorted(CARD[c] for c in h) for h in state.hands], [CARD[c] for c in state.pile],
        [CARD[c] for c in state.discard])


def encode(action: Any) -> int:
    card = getattr(action, "card", None)
    if card is not None:
        return CHANGE + CARD[card] * SQUARES + int(action.square)
    direction = getattr(action, "direction", None)
    if direction is not None:
        return 1 + "nesw".index(direction)
    return STOP


def census(fast: ChangelandsFast) -> list[int]:
    cards = fast.field + fast.pile + fast.discard
    for hand in fast.hands:
        cards += hand
    return cards
