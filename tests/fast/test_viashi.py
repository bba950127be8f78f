"""The integer twin of Viashi and Vashy (parlour/fast/viashi.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng
from parlour.fast.viashi import ViashiFast, census, encode, twin
from tests.fast.differential import determinize_both, play_both

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
    game = parlour.load("viashi", **options)
    rng = random.Random(3)
    met = splits = 0
    for _ in range(12):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        fast = twin(state, deal)
        while not state.is_terminal:
            legal = state.legal_actions()
            pick = rng.randrange(len(legal))
            before = fast.chances
            hand = fast.hand_no
            fast.step(fast.legal()[pick])
            state.apply(legal[pick])
            again = twin(state, deal)
            if again.chances != before:
                assert _shape(fast) == _shape(again), state.history
                met += 1
                splits += again.chances - before - (again.hand_no - hand)
                fast = again
    assert met > 50 and splits > 20


@pytest.mark.parametrize("game_id,options", [
    ("viashi", {"round": True, "handicap": True}), ("vashy", {"set": True})])
def test_the_twin_plays_whole_matches_on_its_own(game_id, options):
    game = parlour.load(game_id, **options)
    rng = Rng(5)
    for seed in range(30):
        fast = twin(game.new_state(seed=seed), seed)
        steps = 0
        while fast.to_act() != NOBODY:
            legal = fast.legal()
            assert legal and len(set(legal)) == len(legal)
            fast.step(legal[rng.below(len(legal))])
            steps += 1
            if steps % 13 == 0:
                assert sorted(census(fast)) == list(range(54))
        assert fast.hand_no == game.hands_in_match()
        assert sorted(census(fast)) == list(range(54))
        assert fast.legal() == [] and len(fast.returns()) == 3


def test_copy_and_determinize_leave_the_position_alone():
    game = parlour.load("viashi", round=True, handicap=True)
    rng = random.Random(9)
    for seed in range(20):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(1, 160)):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            continue
        fast = twin(state, seed)
        key = fast.key()
        copy = fast.copy()
        assert copy.key() == key
        det = fast.determinize(fast.to_act(), Rng(seed))
        assert fast.key() == key
        assert Counter(census(det)) == Counter(census(fast))
        for move in det.legal()[:1]:
            det.step(move)
            copy.step(move)
        assert fast.key() == key


def test_twin_leaves_the_readable_state_alone():
    game = parlour.load("viashi", round=True, handicap=True)
    state = game.new_state(seed=4)
    for _ in range(100):
        legal = state.legal_actions()
        state.apply(legal[0])
    before = state.clone()
    twin(state, 1)
    assert state == before


def test_actions_are_the_readable_action_ids():
    game = parlour.load("viashi")
    state = game.new_state(seed=2)
    while not state.is_terminal:
        legal = state.legal_actions()
        assert [encode(a) for a in legal] == [game.action_id(a) for a in legal]
        state.apply(legal[-1])


def test_what_the_twin_does_not_cover():
    assert twin(parlour.load("viashilym").new_state(seed=1), 1) is None
    assert twin_module(parlour.load("viashilym")) is not None  # the family's twin, declining
    assert twin(parlour.load("viashi").new_state(seed=1), 1) is not None
    assert twin(parlour.load("vashy").new_state(seed=1), 1) is not None
