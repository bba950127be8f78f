"""Meld solver speed: hands solved per second (uncached, CPU time), for the hands bots meet.

    PYTHONPATH=. python bench/melds.py [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import random
import time

from parlour.core.cards import VIASHI_CARDS, VIASHI_DOUBLE
from parlour.games.loot import loot_scoring
from parlour.games.melds import score, solve
from parlour.games.treasure import treasure_scoring


def rate(label: str, deck, size: int, scoring, seconds: float, arrangement: bool = False):
    rng = random.Random(size)
    hands = [tuple(rng.sample(deck, size)) for _ in range(2000)]
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds and done < len(hands):
        if arrangement:
            solve(hands[done], scoring)
        else:
            score(hands[done], scoring)  # the score alone, not remembered
        done += 1
    per_second = done / (time.process_time() - start)
    print(f"{label:<52} {per_second:>9.0f} hands/s")
    return per_second


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    t = parser.parse_args().seconds
    deck = list(VIASHI_CARDS)
    plain = loot_scoring([])
    rate("Loot, 9 cards, no gods in play (score only)", deck, 9, plain, t)
    rate("Loot, 9 cards, with the arrangement", deck, 9, plain, t, True)
    rate("Loot, 10 cards (a bot choosing its discard)", deck, 10, plain, t)
    rate("Loot, 9 cards, Lady Builder Changeling in play", deck, 9,
         loot_scoring(["Lady", "Builder", "Changeling"]), t)
    treasure = treasure_scoring(frozenset())
    rate("Treasure, 12 cards, no effects", deck, 12, treasure, t)
    rate("Treasure, 15 cards, no effects", deck, 15, treasure, t)
    for size in (9, 12):
        for effects, label in ((("Thief", "set"),), "warriors change color"), \
                ((("Thief", "run"),), "stones change rank"), \
                ((("Thief", "set"), ("Thief", "run"), ("Builder", "set")),
                 "both, colors of three"):
            rate(f"Treasure, {size} cards, {label}", deck, size,
                 treasure_scoring(frozenset(effects)), t / 2)
    rate("Treasure, two decks, 15 cards", list(VIASHI_DOUBLE.cards), 15, treasure, t)


if __name__ == "__main__":
    main()
