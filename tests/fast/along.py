"""Positions along random games, and whole games played on a core alone, for the checks every
core owes (test_cores.py) and its search (test_search.py)."""

from __future__ import annotations

import random

import parlour
from parlour.fast import core_of
from parlour.fast.core import NOBODY, Rng


def covered(game_id: str, **options) -> bool:
    """Whether the game (with these options, else its defaults) has a core (a core module may
    cover only some of the games that share a readable module)."""
    game = parlour.load(game_id, **options)
    module = core_of(game)
    return module is not None and module.position(game.new_state(seed=0), 0) is not None


def positions(game, count: int, span: int, seed: int = 9):
    """Positions (none at the end) from the deals of seeds 0 to count - 1, each a random number
    of random moves short of `span` in, with its deal's seed."""
    rng = random.Random(seed)
    for deal in range(count):
        state = game.new_state(seed=deal)
        for _ in range(rng.randrange(0, span)):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_terminal:
            yield state, deal


def play_alone(game, seeds, rng: Rng, every: int = 1):
    """Plays the core on its own from the deal of each seed, asserting at every move that the
    legal moves are there and distinct, and every `every` moves that it holds the same cards
    (census) as at the start; at the end, that nothing is legal and every seat has a return.
    Yields each core at its end with the moves it took, for the game's own checks."""
    module = core_of(game)
    for seed in seeds:
        fast = module.position(game.new_state(seed=seed), seed)
        cards = sorted(module.census(fast))
        steps = 0
        while fast.to_act() != NOBODY:
            legal = fast.legal()
            assert legal and len(set(legal)) == len(legal)
            fast.step(legal[rng.below(len(legal))])
            steps += 1
            if steps % every == 0:
                assert sorted(module.census(fast)) == cards
        assert sorted(module.census(fast)) == cards
        assert fast.legal() == [] and len(fast.returns()) == game.players
        yield fast, steps
