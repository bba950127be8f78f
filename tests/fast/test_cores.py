"""What every game's core owes, whatever its game: a search's copy of it leaves the readable
state alone, copies and determinizations leave its own position alone, it plays whole games on
its own, and it declines the states of games that are not its own. (Its moves are the action ids
themselves; the golden traces and each game's scenario tests check its rules.)"""

from collections import Counter

import pytest

import parlour
from parlour.core.hidden import NoDeal
from parlour.fast import core_of
from parlour.fast.core import NOBODY, Rng
from tests.fast.along import covered, play_alone, positions

WITH_CORE = [g for g in parlour.games() if covered(g)]

# Options where a game's defaults would miss what a core may get wrong (a match of several
# hands or rounds, where more is carried from deal to deal), and how many random moves into a
# game the positions below go at most (about one game's length, so the ends are met).
SETUP = {
    "ahzchim": ({"players": 3, "round_cap": 30}, 200),
    "arschloch": ({"players": 5, "rounds": 2}, 150),
    "changelands": ({"players": 3}, 400),
    "crusade": ({"match": True}, 200),
    "izind": ({}, 30),
    "loot": ({}, 300),
    "mages_wild": ({"players": 3}, 120),
    "politics": ({}, 200),
    "treasure": ({}, 300),
    "two_faced": ({}, 54),
    "vashy": ({"set": True}, 250),
    "viashi": ({"round": True, "handicap": True}, 160),
    "viashilym": ({}, 160),
}


def test_the_table_names_every_game_with_a_core():
    assert sorted(SETUP) == WITH_CORE


def along(game_id: str, count: int, seed: int = 9):
    """positions() along `count` games of the game's SETUP, within its span."""
    options, span = SETUP[game_id]
    return positions(parlour.load(game_id, **options), count, span, seed)


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_copy_and_determinize_leave_the_position_alone(game_id):
    """A copy has the same key; determinizing for any seat, and stepping the copy and the
    determinization, leave the core's key as it was; a determinization holds the same cards."""
    module = core_of(parlour.load(game_id))
    for state, deal in along(game_id, 20):
        fast = module.position(state, deal)
        key = fast.key()
        copy = fast.copy()
        assert copy.key() == key
        for seat in range(state.game.players):
            try:
                det = fast.determinize(seat, Rng(deal))
            except NoDeal:  # (Treasure: no deal finishes the meld being tabled; as readable)
                continue
            assert fast.key() == key
            assert Counter(module.census(det)) == Counter(module.census(fast))
            for move in det.legal()[:1]:
                det.step(move)
            assert fast.key() == key
        for move in copy.legal()[:1]:
            copy.step(move)
        assert fast.key() == key


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_core_leaves_the_readable_state_alone(game_id):
    """Neither making the core nor determinizing and playing it to the end touches the readable
    state it was made from (its log included): the core shares nothing it changes."""
    module = core_of(parlour.load(game_id))
    for state, deal in along(game_id, 12, seed=4):
        before = state.clone()
        log = list(state.log)
        fast = module.position(state, deal)
        try:
            fast.determinize(fast.to_act(), Rng(1))
        except NoDeal:
            pass
        rng = Rng(deal)
        while fast.to_act() != NOBODY:
            legal = fast.legal()
            fast.step(legal[rng.below(len(legal))])
        assert state == before and list(state.log) == log


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_the_core_plays_whole_games_on_its_own(game_id):
    """play_alone's checks (distinct legal moves, the same cards throughout, a return for every
    seat) over whole games of the core alone."""
    options, _ = SETUP[game_id]
    game = parlour.load(game_id, **options)
    assert len(list(play_alone(game, range(10), Rng(5)))) == 10


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_the_core_declines_other_games(game_id):
    """A core module makes positions of its own games only: another module's game gives None (a
    module may be shared, as Viashi's is by Vashy)."""
    module = core_of(parlour.load(game_id))
    for other in WITH_CORE:
        if core_of(parlour.load(other)) is not module:
            assert module.position(parlour.load(other).new_state(seed=1), 1) is None, other
