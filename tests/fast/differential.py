"""Random games played through a readable game and its integer twin at once."""

from __future__ import annotations

import random
from collections import Counter

import parlour
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng


def play_both(game_id: str, games: int, seed: int = 0, **options) -> int:
    """Plays `games` random games of `game_id` through both forms, asserting at every move: the
    seat to act, the legal move list (in order), the position after each step while no chance
    event came between (the twin's deals are its own: after one, the readable deal is taken
    over), the estimate, and the returns at the end. Returns the moves compared."""
    game = parlour.load(game_id, **options)
    module = twin_module(game)
    assert module is not None, f"{game_id} has no twin"
    encode = module.encode
    rng = random.Random(seed)
    moves = 0
    for _ in range(games):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        fast = module.twin(state, deal)
        assert fast is not None, "the twin covers these options"
        while not state.is_terminal:
            legal = state.legal_actions()
            assert fast.to_act() == state.current_player, state.history
            assert fast.legal() == [encode(a) for a in legal], state.history
            assert fast.estimate() == state.estimate(), state.history
            pick = rng.randrange(len(legal))
            before = fast.chances
            fast.step(fast.legal()[pick])
            state.apply(legal[pick])
            moves += 1
            again = module.twin(state, deal)
            # Both forms meet the same chance events; the positions are compared only if neither
            # met one in this step: a twin that deals or reshuffles in step counts it as the
            # readable game does, but deals its own cards.
            assert again.chances == fast.chances, state.history
            if fast.chances == before:
                assert fast.key() == again.key(), state.history
            else:
                fast = again
        assert fast.to_act() == NOBODY
        assert fast.returns() == state.returns()
    return moves


def determinize_both(game_id: str, positions: int, seed: int = 0, **options) -> None:
    """At positions along random games: the twin's determinization for the seat to act leaves that
    seat the same moves, and deals the same cards as the readable one, wherever they lie."""
    game = parlour.load(game_id, **options)
    module = twin_module(game)
    rng = random.Random(seed)
    seen = 0
    while seen < positions:
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        while not state.is_terminal and seen < positions:
            seat = state.current_player
            fast = module.twin(state, deal)
            det = fast.determinize(seat, Rng(rng.getrandbits(32)))
            readable = module.twin(state.determinize(seat, random.Random(deal)), deal)
            assert det.to_act() == seat and det.legal() == fast.legal(), state.history
            assert Counter(module.census(det)) == Counter(module.census(readable))
            # The seat's search sees hidden cards only through determinize: from the real
            # position and from another deal the seat cannot tell from it, the same draws
            # give the same determinization (so the twin's determinize must not let where the
            # hidden cards really lie, or their order, steer the deal).
            draw = rng.getrandbits(32)
            from_real = fast.determinize(seat, Rng(draw))
            from_other = readable.determinize(seat, Rng(draw))
            assert from_real.key() == from_other.key(), state.history
            seen += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
