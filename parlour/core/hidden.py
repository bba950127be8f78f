"""Resampling hidden cards, for `State.determinize`: one helper every game uses."""

from __future__ import annotations

import random


def redeal(places: list[list[str]], known: list[set[str]], rng: random.Random) -> list[list[str]]:
    """New contents for places a seat cannot see (other hands, face-down piles).

    Each place keeps its size and the cards of `known[i]` it holds (cards the seat saw go there);
    every other card is shuffled among the free slots. Place order within a list is kept for kept
    cards; resampled cards fill the rest."""
    pool: list[str] = []
    for place, keep in zip(places, known):
        pool.extend(card for card in place if card not in keep)
    rng.shuffle(pool)
    result = []
    for place, keep in zip(places, known):
        fresh = [card if card in keep else None for card in place]
        for i, card in enumerate(fresh):
            if card is None:
                fresh[i] = pool.pop()
        result.append(fresh)
    return result
