"""The integer twin of Ahzchim (parlour/fast/ahzchim.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.ahzchim import AhzchimFast, census, encode, twin
from parlour.fast.core import NOBODY, Rng
from tests.fast.differential import determinize_both, play_both

# Every option set the twin covers, with the games each plays. Random games are mostly trade
# offers (a turn offers about a thousand) and end at the round cap.
COVERED = [
    ({}, 3),
    ({"count_by": "cards", "razed_to": "pord", "round_cap": 25, "players": 3}, 8),
    ({"players": 2, "round_cap": 40}, 10),
    ({"players": 2, "count_by": "cards", "round_cap": 30}, 8),
    ({"players": 6, "round_cap": 12, "razed_to": "pord"}, 4),
    ({"players": 10, "round_cap": 6}, 3),
]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("ahzchim", games, seed=7, **options)
    assert moves >= 100 * games


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(options, games):
    determinize_both("ahzchim", 300, seed=11, **options)


def play_warlike(games, seed, bias, **options):
    """play_both's comparisons along games that mostly buy, attack, raze and fortify (a uniform
    pick is a trade offer nearly always): the answers, forts, the Reshpel, exchanges, razes,
    players going out and wins are met often. Returns what the log told of, counted."""
    game = parlour.load("ahzchim", **options)
    rng = random.Random(seed)
    met = Counter()
    for _ in range(games):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        fast = twin(state, deal)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert fast.to_act() == state.current_player, state.history
            assert fast.legal() == [encode(a) for a in legal], state.history
            assert fast.estimate() == state.estimate(), state.history
            plain = [i for i, a in enumerate(legal) if type(a).__name__ != "Offer"]
            if plain and rng.random() < bias:
                pick = plain[rng.randrange(len(plain))]
            else:
                pick = rng.randrange(len(legal))
            met[type(legal[pick]).__name__] += 1
            before = fast.chances
            seen = len(state.log)
            fast.step(fast.legal()[pick])
            state.apply(legal[pick])
            for public, _, _ in state.log[seen:]:
                for word in ("holds:", "overcomes", "shuffles", "waits another", "out of play",
                             "razed into", "holds every", "last in play", "together",
                             "no winner"):
                    if word in public:
                        met[word] += 1
            again = twin(state, deal)
            assert again.chances == fast.chances, state.history
            if fast.chances == before:
                assert fast.key() == again.key(), state.history
            else:
                fast = again
        assert fast.to_act() == NOBODY
        assert fast.returns() == state.returns()
    return met


def test_warlike_games_meet_every_rule():
    met = Counter()
    met += play_warlike(40, 3, 0.9, round_cap=30)
    met += play_warlike(40, 4, 0.95, players=2, round_cap=60, razed_to="pord")
    met += play_warlike(30, 5, 0.9, players=3, round_cap=40, count_by="cards")
    met += play_warlike(30, 6, 0.97, players=2, round_cap=100, count_by="cards",
                        razed_to="pord")
    met += play_warlike(10, 8, 0.9, players=7, round_cap=15)
    for what in ("Buy", "Attack", "Raze", "Build", "Exchange", "AddReshpel", "Offer", "Defend",
                 "Rebuild", "Draw", "holds:", "overcomes", "shuffles", "out of play",
                 "razed into", "holds every", "last in play", "no winner"):
        assert met[what] > 0, what


def test_the_twin_plays_whole_games_on_its_own():
    for options in ({}, {"players": 2, "razed_to": "pord", "round_cap": 50}):
        game = parlour.load("ahzchim", **options)
        rng = Rng(5)
        for seed in range(6):
            fast = twin(game.new_state(seed=seed), seed)
            steps = 0
            while fast.to_act() != NOBODY:
                legal = fast.legal()
                assert legal and len(set(legal)) == len(legal)
                fast.step(legal[rng.below(len(legal))])
                steps += 1
                if steps % 17 == 0:
                    assert sorted(census(fast)) == list(range(52))
                    assert fast.estimate() is not None
            assert sorted(census(fast)) == list(range(52))
            assert fast.legal() == [] and len(fast.returns()) == game.players


def test_copy_and_determinize_leave_the_position_alone():
    game = parlour.load("ahzchim", players=3, round_cap=30)
    rng = random.Random(9)
    for seed in range(20):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(1, 200)):
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
    game = parlour.load("ahzchim", razed_to="pord")
    state = game.new_state(seed=4)
    for _ in range(150):
        legal = state.legal_actions()
        state.apply(legal[0])
    before = state.clone()
    twin(state, 1)
    assert state == before


def test_what_the_twin_does_not_cover():
    assert twin_module(parlour.load("ahzchim")) is not None
    assert isinstance(twin(parlour.load("ahzchim").new_state(seed=1), 1), AhzchimFast)
    for options in ({"chips": True}, {"chips": True, "count_by": "cards", "razed_to": "pord"}):
        assert twin(parlour.load("ahzchim", **options).new_state(seed=1), 1) is None
