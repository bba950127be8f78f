"""Random games played through a readable game and its integer twin at once."""

from __future__ import annotations

import random
from collections import Counter

import parlour
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng


def covered(game_id: str, **options) -> bool:
    """Whether the game (with these options, else its defaults) has a twin (a twin module may
    cover only some of the games that share a readable module)."""
    game = parlour.load(game_id, **options)
    module = twin_module(game)
    return module is not None and module.twin(game.new_state(seed=0), 0) is not None


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


def uniform(rng: random.Random, state, legal: list) -> int:
    """play_both's default pick: any legal move, all alike."""
    return rng.randrange(len(legal))


def play_one(module, state, deal: int, rng: random.Random, pick=uniform, watch=None) -> int:
    """Plays one game from `state` to its end through both forms (the twin made with `deal`),
    the move chosen by `pick(rng, state, legal)` (an index into legal), asserting at every move:
    the seat to act, the legal move list (in order), the position after each step while no chance
    event came between (the twin's deals are its own: after one, the readable deal is taken
    over), the chance count, the estimate, and the returns at the end. After each step,
    `watch(state, legal, index, entries, fast, dealt)` sees the position reached, the move made
    (legal[index]), the log entries it added (the whole log where the step began a new one), the
    twin stepped alongside and, where the step met a chance event, the twin made afresh from the
    readable position (that the game goes on with), else None. Returns the moves compared."""
    encode = module.encode
    fast = module.twin(state, deal)
    assert fast is not None, "the twin covers these options"
    moves = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert fast.to_act() == state.current_player, state.history
        assert fast.legal() == [encode(a) for a in legal], state.history
        assert fast.estimate() == state.estimate(), state.history
        index = pick(rng, state, legal)
        before = fast.chances
        log = state.log
        seen = len(log)
        fast.step(fast.legal()[index])
        state.apply(legal[index])
        moves += 1
        again = module.twin(state, deal)
        # Both forms meet the same chance events; the positions are compared only if neither
        # met one in this step: a twin that deals or reshuffles in step counts it as the
        # readable game does, but deals its own cards.
        assert again.chances == fast.chances, state.history
        chance = fast.chances != before
        if not chance:
            assert fast.key() == again.key(), state.history
        if watch is not None:
            entries = list(state.log)[seen:] if state.log is log else list(state.log)
            watch(state, legal, index, entries, fast, again if chance else None)
        if chance:
            fast = again
    assert fast.to_act() == NOBODY
    assert fast.returns() == state.returns()
    return moves


def play_both(game_id: str, games: int, seed: int = 0, pick=uniform, watch=None,
              **options) -> int:
    """Plays `games` games of `game_id` from random deals through both forms, with play_one's
    assertions at every move; `pick` and `watch` as play_one's. Returns the moves compared."""
    game = parlour.load(game_id, **options)
    module = twin_module(game)
    assert module is not None, f"{game_id} has no twin"
    rng = random.Random(seed)
    moves = 0
    for _ in range(games):
        deal = rng.getrandbits(32)
        moves += play_one(module, game.new_state(seed=deal), deal, rng, pick, watch)
    return moves


def play_alone(game, seeds, rng: Rng, every: int = 1):
    """Plays the twin on its own from the deal of each seed, asserting at every move that the
    legal moves are there and distinct, and every `every` moves that it holds the same cards
    (census) as at the start; at the end, that nothing is legal and every seat has a return.
    Yields each twin at its end with the moves it took, for the game's own checks."""
    module = twin_module(game)
    for seed in seeds:
        fast = module.twin(game.new_state(seed=seed), seed)
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
