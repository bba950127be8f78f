"""The integer twin of Viashi and Vashy (parlour/fast/viashi.py) against the readable game."""

from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.core import Rng
from parlour.fast.viashi import ViashiFast, census, twin
from tests.fast.differential import determinize_both, play_alone, play_both

# Every option set the twin covers, with the games each plays (a hand is 81 moves; a round of
# Viashi is nine hands, a set of Vashy three).
COVERED = [
    ("viashi", {}, 200),
    ("viashi", {"elvish": False, "eights": "magician"}, 100),
    ("viashi", {"round": True}, 12),
    ("viashi", {"round": True, "handicap": True}, 25),
    ("viashi", {"round": True, "handicap": True, "handicap_tie": "none",
                "eights": "magician"}, 25),
    ("viashi", {"round": True, "elvish": False}, 12),
    ("vashy", {}, 120),
    ("vashy", {"tie_bonus": "each"}, 100),
    ("vashy", {"tie_bonus": "shared"}, 100),
    ("vashy", {"set": True, "tie_bonus": "shared", "elvish": True, "eights": "magician"}, 40),
]


@pytest.mark.parametrize("game_id,options,games", COVERED)
def test_random_games_agree_move_by_move(game_id, options, games):
    moves = play_both(game_id, games, seed=7, **options)
    assert moves >= 81 * games * 0.9


@pytest.mark.parametrize("game_id,options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(game_id, options, games):
    determinize_both(game_id, 4 * 81, seed=11, **options)


def _shape(fast: ViashiFast) -> tuple:
    """What a new deal leaves the same whatever the cards: scores, streaks, handicap, counts."""
    return (fast.chances, fast.phase, fast.to_act(), fast.hand_no, fast.drawer, fast.leader,
            tuple(fast.scores), tuple(fast.streak), tuple(fast.random_draws),
            tuple(h.bit_count() for h in fast.hands), tuple(t.bit_count() for t in fast.tables),
            tuple(fast.tricks), len(fast.pile), len(fast.trick))


@pytest.mark.parametrize("options", [
    {"round": True, "handicap": True},
    {"round": True, "handicap": True, "handicap_tie": "none"},
])
def test_the_twins_own_deals_and_random_splits_count_as_the_readable_ones(options):
    """Across a deal (and the handicap's random splits) the two forms hold different cards but
    the same scores, streaks, handicap draws left, card counts and chance count."""
    met = Counter()

    def watch(state, legal, index, entries, fast, dealt):
        if dealt is not None:
            assert _shape(fast) == _shape(dealt), state.history
            met["deals"] += 1
        if state.is_terminal:
            # The chances are one deal a hand and the handicap's random splits.
            met["splits"] += fast.chances - fast.hand_no

    play_both("viashi", 12, seed=3, watch=watch, **options)
    assert met["deals"] > 50 and met["splits"] > 20


@pytest.mark.parametrize("game_id,options", [
    ("viashi", {"round": True, "handicap": True}), ("vashy", {"set": True})])
def test_the_twin_plays_whole_matches_on_its_own(game_id, options):
    """Alone, the twin plays every hand of the match with all 54 cards."""
    game = parlour.load(game_id, **options)
    for fast, _ in play_alone(game, range(30), Rng(5), every=13):
        assert fast.hand_no == game.hands_in_match()
        assert sorted(census(fast)) == list(range(54)) and len(fast.returns()) == 3


def test_what_the_twin_does_not_cover():
    assert twin(parlour.load("viashilym").new_state(seed=1), 1) is None
    assert twin_module(parlour.load("viashilym")) is not None  # the family's twin, declining
    assert twin(parlour.load("viashi").new_state(seed=1), 1) is not None
    assert twin(parlour.load("vashy").new_state(seed=1), 1) is not None
