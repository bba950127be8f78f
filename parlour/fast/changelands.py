"""Changelands' rules, the only copy: the field, the corner flames, the seats, the deal, a turn (the
draw, the change, the steps and their landings), a marker on a flame, the win, in the order of
docs/rules/changelands.md. parlour/games/changelands.py is the readable layer on top: actions,
notation, views and the log, narrated from the events a step emits here.

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the suits W R P B G (the flames are
9..17), 45.. the gods. A square is row * 5 + column, row 0 the north edge. Hands are sorted lists;
the piles are lists, their tops last. Actions, the game's one numbering (Game.action_id, records,
search): 0 stop, 1-4 a step north, east, south, west, 5 + card * 25 + square a change.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
N_CARDS: Final = 54
SIZE: Final = 5
SQUARES: Final = SIZE * SIZE
HAND_SIZE: Final = 4
STEPS: Final = 3
STOP: Final = 0
CHANGE: Final = 5  # + card * 25 + square
ACTIONS: Final = CHANGE + N_CARDS * SQUARES
REPLACE: Final = 0
MOVE: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("replace", "move", "over")
# Seats south, north, east, west: each starts on "the rightmost card of the row of cards closest
# to them" and must reach "the leftmost card of the row furthest from them".
STARTS: Final = (24, 0, 4, 20)
GOALS: Final = (0, 24, 20, 4)
CORNERS: Final = (0, 4, 20, 24)
FLAME: Final[list[bool]] = [9 <= c < 18 for c in range(N_CARDS)]
OFFSET: Final = (0, -SIZE, 1, SIZE, -1)  # by step action


def ways(card: int) -> tuple[int, ...]:
    """The steps from a card: wind north, stone east, wave west, leaf south, a god any one way, a
    flame none."""
    return (1, 2, 3, 4) if card >= 45 else ((1,), (), (2,), (4,), (3,))[card // 9]


def beside(square: int, action: int) -> int:
    """The square one step (action 1-4) away, -1 off the grid."""
    row, col = divmod(square, SIZE)
    row += (0, -1, 0, 1, 0)[action]
    col += (0, 0, 1, 0, -1)[action]
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1


# By square * 54 + the card on it: WAYS, the steps that stay on the grid as (action, square), a
# flame there for the caller to leave out; LANDING, OFF where landing there points off the grid,
# else the square it points to (a flame there ends the turn), FREE for a god (or a flame).
WAYS: Final[list[tuple[tuple[int, int], ...]]] = []
LANDING: Final[list[int]] = []
OFF: Final = -2
FREE: Final = -1
# AROUND[q], a mask: q and the squares beside it, whose cards say where a marker on q may go.
AROUND: Final[list[int]] = []
for _q in range(SQUARES):
    for _c in range(N_CARDS):
        _ws = ways(_c)
        WAYS.append(tuple((a, beside(_q, a)) for a in _ws if beside(_q, a) >= 0))
        LANDING.append(FREE if len(_ws) != 1 else OFF if beside(_q, _ws[0]) < 0
                       else beside(_q, _ws[0]))
    AROUND.append(sum(1 << t for t in {_q, *(beside(_q, a) for a in (1, 2, 3, 4))} if t >= 0))
# By square * 25 + square: the steps between them; by goal * 25 + square, how near to the goal.
DISTANCE: Final[list[int]] = [abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)
                              for a in range(SQUARES) for b in range(SQUARES)]
ESTIMATE: Final[list[float]] = [1.0 - d / (2 * (SIZE - 1)) for d in DISTANCE]
# By the squares no change may touch (a mask) << 6 | card: the changes putting card elsewhere.
_CHANGES: dict[int, tuple[int, ...]] = {}


def _changes(blocked: int, card: int) -> tuple[int, ...]:
    if len(_CHANGES) >= 1 << 16:
        _CHANGES.clear()  # four markers wander over many more placings than a search revisits
    row = tuple(CHANGE + card * SQUARES + q for q in range(SQUARES) if not blocked >> q & 1)
    _CHANGES[blocked << 6 | card] = row
    return row


# Events: what a step did, (kind, seat, square, cards, way), for the readable layer's log and the
# lab's counts. Search leaves `events` None and none are made.
CORNERS_SWAPPED: Final = 0  # cards: the flames set aside from the corners
RESHUFFLED: Final = 1  # the discards are the new draw pile
CHANGED: Final = 2  # seat put cards[0] on square for cards[1]
STEPPED: Final = 3  # seat stepped `way` (1-4) to square
STOPPED: Final = 4  # seat stopped on square
WON: Final = 5
SENT_BACK: Final = 6  # cards[0] points off the grid: seat goes back to square, his start
BLOCKED: Final = 7  # cards[0] points to a flame: the turn ends
MENDED: Final = 8  # the flame cards[0] on seat's start corner is discarded for cards[1]
DRAWN: Final = 9  # the round limit is reached
EVENT_NAMES: Final = ("corner flames", "reshuffle", "change", "step", "stop", "win",
                      "back to start", "flame ahead", "start mended", "drawn")
# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
CHANGED_ALREADY: Final = 1
NOT_HELD: Final = 2
MARKED: Final = 3
CHANGE_FIRST: Final = 4
WRONG_WAY: Final = 5
OFF_GRID: Final = 6
ON_FLAME: Final = 7
GAME_OVER: Final = 8


class ChangelandsFast(FastState):
    """A position: the field, the markers, the hands and the piles, whose turn and how far in."""

    limit: int  # the round limit
    actor: int  # NOBODY once over
    phase: int
    steps: int  # taken this turn
    round: int
    winner: int  # -1: none
    drawn: bool
    field: list[int]
    markers: list[int]
    hands: list[list[int]]
    pile: list[int]
    discard: list[int]
    heuristic = True  # heuristic_action below

    def __init__(self, players: int, limit: int, rng: Rng,
                 src: ChangelandsFast | None = None) -> None:
        self.players = players
        self.limit = limit
        self.rng = rng
        self.events = None
        self.chances = 0
        if src is None:
            return  # a new game: deal() sets the rest
        self.chances = src.chances
        self.actor = src.actor
        self.phase = src.phase
        self.steps = src.steps
        self.round = src.round
        self.winner = src.winner
        self.drawn = src.drawn
        self.field = src.field[:]
        self.markers = src.markers[:]
        self.hands = [h[:] for h in src.hands]
        self.pile = src.pile[:]
        self.discard = src.discard[:]

    def copy(self) -> ChangelandsFast:
        return ChangelandsFast(self.players, self.limit, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    # The field, the seats and the deal ---------------------------------------------------------
    def deal(self, cards: list[int] | None) -> None:
        """"The top twenty-five cards are laid out in a five by five grid", row by row from the
        north-west corner; four cards each, one at a time from seat 0; the rest is the draw
        pile, and seat 0 begins. `cards` stacks the deck (top first), else it is shuffled."""
        if cards is None:
            cards = list(range(N_CARDS))
            self.rng.shuffle(cards)
            self.chances += 1
        field, rest = cards[:SQUARES], cards[SQUARES:]
        self.swap_corner_flames(field, rest)
        pile = rest[::-1]
        n = self.players
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            hands[i % n].append(pile.pop())
        for hand in hands:
            hand.sort()
        self.field, self.pile, self.discard, self.hands = field, pile, [], hands
        self.markers = list(STARTS[:n])
        self.round, self.winner, self.drawn = 1, -1, False
        self.start_turn(0)

    def swap_corner_flames(self, field: list[int], rest: list[int]) -> None:
        """"If any of the corner cards are flame cards, those cards are swapped for another card,
        and the flame cards are reshuffled into the deck": the next card that is not a flame."""
        aside: list[int] = []
        for corner in CORNERS:
            if FLAME[field[corner]]:
                aside.append(field[corner])
                while FLAME[rest[0]]:
                    aside.append(rest.pop(0))
                field[corner] = rest.pop(0)
        if aside:
            rest += aside
            self.rng.shuffle(rest)
            self.chances += 1
            self.emit(CORNERS_SWAPPED, -1, -1, tuple(aside))

    # A turn: the draw, the change -------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        """"On a players turn, he draws a card"; an empty draw pile is made again of the
        discards, shuffled (ruling)."""
        self.actor, self.phase, self.steps = seat, REPLACE, 0
        if not self.pile and self.discard:
            pile, self.discard = self.discard, []
            self.rng.shuffle(pile)
            self.pile = pile
            self.chances += 1
            self.emit(RESHUFFLED)
        if self.pile:
            insort(self.hands[seat], self.pile.pop())

    def end_turn(self) -> None:
        """The next seat's turn; a game nobody has won in `round_limit` rounds is drawn."""
        nxt = self.actor + 1
        if nxt == self.players:
            nxt = 0
            self.round += 1
            if self.round > self.limit:
                self.drawn, self.actor, self.phase = True, NOBODY, OVER
                self.emit(DRAWN)
                return
        self.start_turn(nxt)

    def blocked(self, seat: int) -> int:
        """The squares seat may not change, a mask: any with a marker on it, but (ruling) his own
        start corner while only his marker stands there."""
        blocked = 0
        for s in range(self.players):
            at = self.markers[s]
            if s != seat or at != STARTS[s]:
                blocked |= 1 << at
        return blocked

    def change(self, seat: int, card: int, square: int) -> None:
        """"Remove any card from the playing field that does not have a marker on it, putting it
        in the discard pile and replacing it with one from his hand." A flame he puts under his
        own marker (on his start) is a marker on a flame."""
        old = self.field[square]
        self.hands[seat].remove(card)
        self.field[square] = card
        self.discard.append(old)
        self.emit(CHANGED, seat, square, (card, old))
        if self.markers[seat] == square and FLAME[card]:
            self.back_to_start(seat)
        self.phase = MOVE
        if not self.can_step(self.markers[seat]):
            self.end_turn()

    # A turn: the steps -------------------------------------------------------------------------
    def can_step(self, square: int) -> bool:
        """"Markers may not land on flame cards", nor step off the grid."""
        field = self.field
        for _, target in WAYS[square * N_CARDS + field[square]]:
            if not FLAME[field[target]]:
                return True
        return False

    def step_to(self, seat: int, action: int) -> None:
        """Each step is a landing: the goal wins at once; a card that points off the grid sends
        the marker back to start and ends the turn; one that points to a flame ends the turn; so
        does the third step, or one after which no step is possible."""
        target = self.markers[seat] + OFFSET[action]
        self.markers[seat] = target
        self.steps += 1
        self.emit(STEPPED, seat, target, (), (action,))
        if target == GOALS[seat]:
            self.winner, self.actor, self.phase = seat, NOBODY, OVER
            self.emit(WON, seat)
            return
        field = self.field
        land = LANDING[target * N_CARDS + field[target]]
        if land == OFF:
            self.emit(SENT_BACK, seat, STARTS[seat], (field[target],))
            self.back_to_start(seat)
            self.end_turn()
        elif land >= 0 and FLAME[field[land]]:
            self.emit(BLOCKED, seat, target, (field[target],))
            self.end_turn()
        elif self.steps >= STEPS or not self.can_step(target):
            self.end_turn()

    def back_to_start(self, seat: int) -> None:
        """"If the starting corner is a flame card, that card should be discarded and a new card
        randomly drawn from the top of the discard deck": the top card that is not a flame,
        taken before the flame is discarded; from the draw pile if the discards hold none."""
        start = STARTS[seat]
        self.markers[seat] = start
        flame = self.field[start]
        if not FLAME[flame]:
            return
        for pile in (self.discard, self.pile):
            for i in range(len(pile) - 1, -1, -1):
                if not FLAME[pile[i]]:
                    self.field[start] = pile.pop(i)
                    self.discard.append(flame)
                    self.emit(MENDED, seat, start, (flame, self.field[start]))
                    return

    # The contract ----------------------------------------------------------------------------
    def legal(self) -> list[int]:
        seat = self.actor
        if self.phase == MOVE:
            field = self.field
            at = self.markers[seat]
            out = [a for a, t in WAYS[at * N_CARDS + field[at]] if not FLAME[field[t]]]
            out.append(STOP)
            return out
        if self.phase == OVER:
            return []
        blocked = self.blocked(seat) << 6
        out = []
        for card in self.hands[seat]:
            row = _CHANGES.get(blocked | card)
            out += _changes(blocked >> 6, card) if row is None else row
        return out

    def why_not(self, action: int) -> int:
        """Why `action` (any number of the game's) may not be played now, or LEGAL."""
        if self.phase == OVER:
            return GAME_OVER
        seat = self.actor
        at = self.markers[seat]
        if action >= CHANGE:
            card, square = divmod(action - CHANGE, SQUARES)
            if self.phase != REPLACE:
                return CHANGED_ALREADY
            if card not in self.hands[seat]:
                return NOT_HELD
            return MARKED if self.blocked(seat) >> square & 1 else LEGAL
        if self.phase != MOVE:
            return CHANGE_FIRST
        if action == STOP:
            return LEGAL
        if action not in ways(self.field[at]):
            return WRONG_WAY
        if beside(at, action) < 0:
            return OFF_GRID
        return ON_FLAME if FLAME[self.field[beside(at, action)]] else LEGAL

    def step(self, action: int) -> None:
        seat = self.actor
        if action >= CHANGE:
            self.change(seat, (action - CHANGE) // SQUARES, (action - CHANGE) % SQUARES)
        elif action == STOP:
            self.emit(STOPPED, seat, self.markers[seat])
            self.end_turn()
        else:
            self.step_to(seat, action)

    def returns(self) -> list[float]:
        """1 for the winner; a drawn game scores 0 for everyone, as a loss."""
        return [1.0 if s == self.winner else 0.0 for s in range(self.players)]

    def estimate(self) -> list[float] | None:
        """For search that stops early: how near each marker stands to its goal (1 at it)."""
        return [ESTIMATE[GOALS[s] * SQUARES + self.markers[s]] for s in range(self.players)]

    def heuristic_action(self, legal: list[int]) -> int:
        return heuristic_choice(legal, self.field, self.markers, self.actor, self.phase,
                                self.steps)

    def determinize(self, seat: int, rng: Rng) -> ChangelandsFast:
        """The other hands and the draw pile dealt afresh from their cards; the field, the
        markers, the discard pile (face up) and the seat's own hand stay."""
        det = ChangelandsFast(self.players, self.limit, Rng(rng.seed()), self)
        hands, pool = det.hands, det.pile
        others = [s for s in range(self.players) if s != seat]
        for s in others:
            pool += hands[s]
        # Sorted first: where the hidden cards really lie must not steer the deal.
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = len(hands[s])
            hands[s] = sorted(pool[len(pool) - size:])
            del pool[len(pool) - size:]
        return det

    def key(self) -> tuple[object, ...]:
        return (self.players, self.limit, self.chances, self.actor, self.phase, self.steps,
                self.round, self.winner, self.drawn, tuple(self.field), tuple(self.markers),
                tuple(tuple(h) for h in self.hands), tuple(self.pile), tuple(self.discard))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChangelandsFast) and self.key() == other.key()


# Every field of a position but its generator and events: what a pickled readable state keeps (a
# compiled position does not pickle).
FIELDS: Final = ("players", "limit", "chances", "actor", "phase", "steps", "round", "winner",
                 "drawn", "field", "markers", "hands", "pile", "discard")


def start(players: int, limit: int, rng: Rng, cards: list[int] | None,
          events: list[Event] | None = None) -> ChangelandsFast:
    """A new game dealt from `cards` (top first) or a shuffle."""
    position = ChangelandsFast(players, limit, rng)
    position.events = events
    position.deal(cards)
    return position


# The heuristic (medium) ---------------------------------------------------------------------------
def heuristic_choice(legal: list[int], field: list[int], markers: list[int], me: int,
                     phase: int, steps: int) -> int:
    """Change the card that lets you run furthest toward your goal this turn, and spoil the
    field for whoever is closest to winning; then take the steps that end nearest the goal.
    From what every seat sees: the field, the markers and the steps taken this turn."""
    start, goal = STARTS[me], GOALS[me]
    if phase == MOVE:
        at = markers[me]
        best, choice = _ending(field, at, goal), STOP
        for action in legal:
            if action == STOP:
                continue
            target = at + OFFSET[action]
            if target == goal:
                return action
            value = _landed(field, target, STEPS - steps - 1, start, goal, None)
            if value < best - 1e-9:
                best, choice = value, action
        return choice
    judged = judgement(field, markers, me)
    as_is, looked, values = judged.as_is, judged.looked, judged.values
    best_score, choice = 0.0, -1
    for action in legal:
        card, square = divmod(action - CHANGE, SQUARES)
        value = as_is
        if looked >> square & 1:
            kind = card // 9 * SQUARES + square
            cached = values.get(kind)
            if cached is None:
                cached = values[kind] = judged.judge(field, markers, me, card, square)
            value = cached
        if choice < 0 or value > best_score + 1e-9:
            best_score, choice = value, action
    return choice


class Judgement:
    """What the changes are worth to `me` on one field with the markers where they are, as
    heuristic_choice rates them: as_is for a change no marker's best reach looks at, else by
    the card's kind (cards of one suit, or two gods, point alike) and the square, judged when
    first asked and kept in `values`."""

    def __init__(self, field: list[int], markers: list[int], me: int) -> None:
        # A changed square matters to a marker's turn only if its best reach looked at that
        # square's card: every other marker's best reach is what it was.
        seats = range(len(markers))
        depends = [[0] for _ in seats]
        self.unchanged = [best_reach(field, markers[s], STEPS, STARTS[s], GOALS[s], depends[s])
                          for s in seats]
        self.as_is = _spoil(self.unchanged, me)
        self.depends = [seen[0] for seen in depends]
        looked = 0
        for seen in self.depends:
            looked |= seen
        self.looked = looked
        self.values: dict[int, float] = {}

    def judge(self, field: list[int], markers: list[int], me: int, card: int,
              square: int) -> float:
        """The worth of putting `card` on `square` (one the best reaches looked at)."""
        touched = [seen >> square & 1 for seen in self.depends]
        old, field[square] = field[square], card
        value = _spoil([best_reach(field, markers[s], STEPS, STARTS[s], GOALS[s]) if touched[s]
                        else self.unchanged[s] for s in range(len(markers))], me)
        field[square] = old
        return value


# A seat's changes judged on a field, kept: a playout through a position of the tree asks again
# what the last one asked there (the field and the markers are the same in every
# determinization; only the hidden hands differ, and with them which changes are offered), and
# judging a turn's changes is dozens of best_reach searches. Keyed by the seat, the markers and
# the field: public and complete inputs of pure judgements, so an answer is the same whichever
# position asks and tells it nothing. Bounded: emptied when full.
JUDGED: Final = 1 << 11
_JUDGEMENTS: dict[tuple[int, ...], Judgement] = {}


def judgement(field: list[int], markers: list[int], me: int) -> Judgement:
    key = (me, *markers, *field)
    found = _JUDGEMENTS.get(key)
    if found is None:
        if len(_JUDGEMENTS) >= JUDGED:
            _JUDGEMENTS.clear()
        found = _JUDGEMENTS[key] = Judgement(field, markers, me)
    return found


def _spoil(reaches: list[float], me: int) -> float:
    """Mine near, the best of the others' far, and above all no other who reaches his goal."""
    theirs = min(reaches[s] for s in range(len(reaches)) if s != me)
    return -reaches[me] + 0.5 * min(theirs, 4.0) + (30.0 if theirs > -100 else 0.0)


def best_reach(field: list[int], at: int, left: int, start: int, goal: int,
               seen: list[int] | None = None) -> float:
    """The best a marker on `at` can end this turn with `left` steps (stopping is allowed), as
    _ending rates it; -100 for reaching the goal. `seen`, if given, gets in seen[0] (a mask)
    every square whose card the answer depends on."""
    if seen is not None:
        seen[0] = seen[0] | AROUND[at]
    best = _ending(field, at, goal)
    if left > 0:
        for _, target in WAYS[at * N_CARDS + field[at]]:
            if not FLAME[field[target]]:
                if target == goal:
                    return -100.0
                value = _landed(field, target, left - 1, start, goal, seen)
                if value < best:
                    best = value
    return best


def _landed(field: list[int], target: int, left: int, start: int, goal: int,
            seen: list[int] | None) -> float:
    """The best end of a turn for a marker just stepped to `target` with `left` steps to go."""
    land = LANDING[target * N_CARDS + field[target]]
    end = start if land == OFF else target
    if land == OFF or (land >= 0 and FLAME[field[land]]) or left == 0:
        if seen is not None:
            seen[0] = seen[0] | AROUND[end]
        return _ending(field, end, goal)
    return best_reach(field, target, left, start, goal, seen)


def _ending(field: list[int], at: int, goal: int) -> float:
    """How good a square is to end a turn on: its distance to the goal, adjusted for the way
    its card points (a marker's own card cannot be changed, so it decides the next step): less
    0.4 if a step from it leads nearer (next turn starts with a step the right way), 0.6 more if
    its steps lead no nearer, 1.5 more if it has none (stuck: a turn's change is spent freeing
    it), a step onto a flame being none. By the tables below."""
    i = goal * SQUARES + at
    nearer, others = ENDING_WAYS[i * N_CARDS + field[at]]
    for target in nearer:
        if not FLAME[field[target]]:
            return ENDING_NEARER[i]
    for target in others:
        if not FLAME[field[target]]:
            return ENDING_NO_NEARER[i]
    return ENDING_STUCK[i]


# _ending's tables, made once: a playout's heuristic rates hundreds of squares a move. By goal *
# 25 + square, the three ratings; by (goal * 25 + square) * 54 + the card on it, the squares its
# steps lead to, those nearer the goal and the others (cards of one kind share one pair).
ENDING_NEARER: Final[list[float]] = [float(d) - 0.4 for d in DISTANCE]
ENDING_NO_NEARER: Final[list[float]] = [float(d) + 0.6 for d in DISTANCE]
ENDING_STUCK: Final[list[float]] = [float(d) + 1.5 for d in DISTANCE]
ENDING_WAYS: Final[list[tuple[tuple[int, ...], tuple[int, ...]]]] = []
_KINDS: Final = [min(c // 9, 5) for c in range(N_CARDS)]  # the suit; 5 a god
for _g in range(SQUARES):
    for _q in range(SQUARES):
        _d = DISTANCE[_g * SQUARES + _q]
        _pairs = []
        for _c in (0, 9, 18, 27, 36, 45):  # a card of each kind
            _to = [t for _, t in WAYS[_q * N_CARDS + _c]]
            _pairs.append((tuple(t for t in _to if DISTANCE[_g * SQUARES + t] < _d),
                           tuple(t for t in _to if DISTANCE[_g * SQUARES + t] >= _d)))
        ENDING_WAYS.extend([_pairs[k] for k in _KINDS])


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, ChangelandsFast, seed)


def census(fast: ChangelandsFast) -> list[int]:
    """Every card of the position: the field, the piles and the hands."""
    return fast.field + fast.pile + fast.discard + [c for h in fast.hands for c in h]
