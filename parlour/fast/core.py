"""What every core shares: the generator playouts draw from, the shape of a position and the
events a step reports."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

NOBODY = -1  # to_act() of a finished game


class Rng:
    """Python's generator drawn through random(): randrange is written in Python and cost 5-11% of
    a playout. int(random() * n) is uniform enough for n far below 2**53. Seeding a Mersenne
    Twister costs microseconds, and most determinizations never draw from their own generator:
    it is seeded at its first draw."""

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._random: Callable[[], float] | None = None

    def _started(self) -> Callable[[], float]:
        draw = random.Random(self._seed).random
        self._random = draw
        return draw

    def drawer(self) -> Callable[[], float]:
        """The underlying random(), for loops that draw at every step."""
        draw = self._random
        if draw is None:
            draw = self._started()
        return draw

    def below(self, n: int) -> int:
        draw = self._random
        if draw is None:
            draw = self._started()
        return int(draw() * n)

    def seed(self) -> int:
        """A seed for another generator, drawn from this one."""
        draw = self._random
        if draw is None:
            draw = self._started()
        return int(draw() * 9007199254740992.0)

    def shuffle(self, items: list[int]) -> None:
        draw = self._random
        if draw is None:
            draw = self._started()
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            items[i], items[j] = items[j], items[i]


class FastState:
    """A position on integers. Subclasses copy their own fields in copy() and keep `chances`, the
    count of chance events so far (deals, reshuffles), part of what tells two positions apart."""

    players: int
    chances: int
    rng: Rng
    events: list[Event] | None  # where a step tells what it did; None in search

    def emit(self, kind: int, seat: int = -1, other: int = -1, cards: tuple[int, ...] = (),
             more: tuple[int, ...] = ()) -> None:
        events = self.events
        if events is not None:
            events.append(Event(kind, seat, other, cards, more))

    def to_act(self) -> int:
        raise NotImplementedError

    def legal(self) -> list[int]:
        raise NotImplementedError

    def step(self, action: int) -> None:
        """Play `action`, one of legal(): unchecked."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def copy(self) -> FastState:
        raise NotImplementedError

    def determinize(self, seat: int, rng: Rng) -> FastState:
        """A copy with what `seat` cannot see dealt afresh, consistent with all it knows, and a
        generator that knows nothing of the real one (which would tell the future deals): one
        seeded from `rng`, or `rng` itself, the search's, where the copy draws often enough
        that seeding one a copy would cost more than the rest of determinize."""
        raise NotImplementedError

    def estimate(self) -> list[float] | None:
        """The readable game's estimate() of the returns here, where it makes one."""
        return None

    def heuristic_action(self, legal: list[int]) -> int:
        """The game's heuristic (medium) move among `legal`, this position's legal(), for
        heuristic playouts; a core without one raises (the agent then searches the readable
        game). `heuristic` says whether it has one."""
        raise NotImplementedError

    heuristic: bool = False

    def random_step(self, draw: Callable[[], float]) -> None:
        """A playout's move: one of legal() at random, by `draw` (the generator's random())."""
        legal = self.legal()
        self.step(legal[int(draw() * len(legal))])

    def heuristic_step(self) -> None:
        """A heuristic playout's move: the only legal one, or the heuristic's."""
        legal = self.legal()
        self.step(legal[0] if len(legal) == 1 else self.heuristic_action(legal))

    def round_count(self) -> int:
        """The rounds (hands of a match) begun so far, the one under way counted, as the
        readable state's round_count(); -1 for a core that does not count them (a search with a
        round limit then stays on the readable game)."""
        return -1

    def key(self) -> tuple[object, ...]:
        """Every field of the position but the generator: equal keys, equal positions."""
        raise NotImplementedError


class Event:
    """What a step of a core did, for its readable layer's log and the lab's counts: `kind` one
    of the core's event numbers (its EVENT_NAMES name them), the seat it concerns, another seat or
    a number (a square, a count), cards (outside numbers) and any further numbers (the seats of a
    ranking, a direction). Search leaves a position's `events` None and none are made."""

    def __init__(self, kind: int, seat: int = -1, other: int = -1, cards: tuple[int, ...] = (),
                 more: tuple[int, ...] = ()) -> None:
        self.kind = kind
        self.seat = seat
        self.other = other
        self.cards = cards
        self.more = more

    def __repr__(self) -> str:
        return f"Event({self.kind}, {self.seat}, {self.other}, {self.cards}, {self.more})"


def core_copy(state: Any, kind: type[FastState], seed: int) -> FastState | None:
    """For the search: a copy of the core position a readable state wraps, if it is of `kind`,
    with a generator of its own (seeded with `seed`) for the chances to come."""
    position = getattr(state, "core", None)
    if not isinstance(position, kind):
        return None
    fast = position.copy()
    fast.rng = Rng(seed)
    return fast


class SourceRng(Rng):
    """Draws from the random.Random that `source` hands out at each draw (a readable state's,
    which its clones share until one of them draws) and shuffles as random.shuffle does: a core
    behind a readable game then deals exactly the deals its records and golden traces hold."""

    def __init__(self, source: Callable[[], random.Random]) -> None:
        super().__init__(0)
        self.source = source

    def drawer(self) -> Callable[[], float]:
        return self.source().random

    def below(self, n: int) -> int:
        return int(self.source().random() * n)

    def seed(self) -> int:
        return int(self.source().random() * 9007199254740992.0)

    def shuffle(self, items: list[int]) -> None:
        self.source().shuffle(items)


class ChainRng(Rng):
    """Shuffles with a generator of each shuffle's own, random.Random(chain), and draws the next
    chain from it: a readable game that reshuffled so (it never drew on its own generator after
    the deal, so that its clones could share that one) keeps dealing what its records hold."""

    def __init__(self, chain: int) -> None:
        super().__init__(chain)
        self.chain = chain

    def shuffle(self, items: list[int]) -> None:
        shuffler = random.Random(self.chain)
        shuffler.shuffle(items)
        self.chain = shuffler.getrandbits(64)
