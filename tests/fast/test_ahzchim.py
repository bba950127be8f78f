"""The integer twin of Ahzchim (parlour/fast/ahzchim.py) against the readable game."""

from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.ahzchim import AhzchimFast, census, twin
from parlour.fast.core import Rng
from tests.fast.differential import determinize_both, play_alone, play_both

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
    met = Counter()

    def pick(rng, state, legal):
        plain = [i for i, a in enumerate(legal) if type(a).__name__ != "Offer"]
        if plain and rng.random() < bias:
            return plain[rng.randrange(len(plain))]
        return rng.randrange(len(legal))

    def watch(state, legal, index, entries, fast, dealt):
        met[type(legal[index]).__name__] += 1
        for public, _, _ in entries:
            for word in ("holds:", "overcomes", "shuffles", "waits another", "out of play",
                         "razed into", "holds every", "last in play", "together", "no winner"):
                if word in public:
                    met[word] += 1

    play_both("ahzchim", games, seed=seed, pick=pick, watch=watch, **options)
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
    """Every card of the 52 stays in play to the end, with and without razing to the Pord."""
    for options in ({}, {"players": 2, "razed_to": "pord", "round_cap": 50}):
        game = parlour.load("ahzchim", **options)
        for fast, _ in play_alone(game, range(6), Rng(5), every=17):
            assert sorted(census(fast)) == list(range(52))


def test_what_the_twin_does_not_cover():
    assert twin_module(parlour.load("ahzchim")) is not None
    assert isinstance(twin(parlour.load("ahzchim").new_state(seed=1), 1), AhzchimFast)
    for options in ({"chips": True}, {"chips": True, "count_by": "cards", "razed_to": "pord"}):
        assert twin(parlour.load("ahzchim", **options).new_state(seed=1), 1) is None
