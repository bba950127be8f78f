"""What every twin shares: the generator playouts draw from and the shape of a position."""

from __future__ import annotations

import random
from typing import Callable

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
    count of chance events so far (deals, reshuffles): between two positions with the same count
    the twin and the readable game must agree exactly."""

    players: int
    chances: int
    rng: Rng

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

    def key(self) -> tuple[object, ...]:
        """Every field of the position but the generator: equal keys, equal positions."""
        raise NotImplementedError
