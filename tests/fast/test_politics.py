"""The integer twin of Politics (parlour/fast/politics.py) against the readable game."""

import dataclasses
import random
from collections import Counter

import pytest

import parlour
from parlour.core.cards import VIASHI_54
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng
from parlour.fast.politics import CARD, CUP, DONE, PUT_BASE, PoliticsFast, census, encode, twin
from parlour.games.politics import Ability, Politics
from tests.fast.differential import determinize_both, play_both

# Every option the twin covers, with both player counts: a game is some 200 moves (fewer with a
# low target, more with four players).
COVERED = [
    ({}, 100),
    ({"players": 4}, 60),
    ({"secret_cup": True, "revolt_by": "place", "points": 10}, 80),
    ({"distance_limit": "on_card", "round_cap": 12}, 60),
    ({"players": 4, "revolt_by": "place", "distance_limit": "on_card", "secret_cup": True}, 60),
    ({"players": 3, "points": 200, "round_cap": 4}, 40),
]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("politics", games, seed=7, **options)
    assert moves >= 50 * games


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(options, games):
    determinize_both("politics", 400, seed=11, **options)


def test_the_random_games_meet_every_rule():
    """The games played above (the same draws as play_both's) meet every phase and rule: seats
    with no markers to place, a distance limit cutting a placement short, empty cups, every
    outcome of a revolt, a win and the round cap."""
    met: Counter = Counter()
    for options, games in COVERED:
        game = parlour.load("politics", **options)
        rng = random.Random(7)
        for _ in range(games):
            state = game.new_state(seed=rng.getrandbits(32))
            while not state.is_terminal:
                legal = state.legal_actions()
                if state.phase == "influence":
                    caps = state.caps(state.current_player)
                    if any(0 < c < state.allot for c in caps):
                        met["limited"] += 1
                seen = len(state.log)
                state.apply(legal[rng.randrange(len(legal))])
                for public, _, _ in state.log[seen:]:
                    for words, rule in (("no markers to place", "no markers"),
                                        ("nobody puts a marker", "empty cup"),
                                        ("takes over", "take over"), ("swaps", "swap"),
                                        ("leaves", "leave"), ("winner:", "win"),
                                        ("round cap", "cap"), ("scores", "scored")):
                        if words in public:
                            met[rule] += 1
    for rule in ("no markers", "limited", "empty cup", "take over", "swap", "leave", "win",
                 "cap", "scored"):
        assert met[rule] >= 5, (rule, met)


def test_actions_are_the_readable_action_ids():
    game = parlour.load("politics")
    for number in range(game.action_space_size):
        action = game.action_from_id(number)
        if type(action).__name__ != "Use":  # no abilities: the twin never meets one
            assert encode(action) == number


def test_the_twins_own_deal_counts_as_the_readable_one():
    """The last suit chosen deals (the twin with its own generator): a row of one card of each
    rank in the chosen suits, every card somewhere, and the first player's markers to place."""
    game = parlour.load("politics", players=4)
    firsts = Counter()
    for seed in range(200):
        state = game.new_state(seed=seed)
        fast = twin(state, seed)
        for _ in range(4):
            fast.step(fast.legal()[-1])
        assert fast.chances == 1 and fast.round_no == 1
        assert sorted(code & 15 for code in fast.row) == list(range(1, 10))
        assert sorted(census(fast)) == list(range(54))
        assert fast.to_act() == fast.first and fast.legal()[-1] == DONE
        firsts[fast.first] += 1
    assert len(firsts) == 4  # the die makes every seat first


def test_census_names_the_readable_cards():
    game = parlour.load("politics")
    rng = random.Random(5)
    for seed in range(20):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            fast = twin(state, seed)
            assert Counter(census(fast)) == Counter(CARD[c] for c in state.card_census())
            assert Counter(census(fast)) == Counter(CARD[c] for c in VIASHI_54.cards)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_a_secret_cup_share_is_dealt_afresh_but_the_seats_own_is_kept():
    game = parlour.load("politics", secret_cup=True)
    rng = random.Random(2)
    checked = 0
    while checked < 40:
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal:
            seat = state.current_player
            if state.phase == "cup" and [s for s in state.put_in if s != seat]:
                fast = twin(state, 0)
                at = fast.at
                n = fast.players
                for draw in range(20):
                    det = fast.determinize(seat, Rng(draw))
                    for s in range(n):
                        whole = det.cup[s] + det.markers[at * n + s]
                        assert whole == fast.cup[s] + fast.markers[at * n + s]
                        if s == seat or s not in fast.put_in:
                            assert det.cup[s] == fast.cup[s]
                    assert det.legal() == fast.legal()
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_a_cup_with_no_marker_in_it_draws_nothing():
    """Nobody puts a marker in: no draw, no chance event, the row stays as dealt."""
    game = parlour.load("politics")
    rng = random.Random(3)
    for seed in range(10):
        fast = twin(game.new_state(seed=seed), seed)
        dealt: list[int] = []
        while fast.to_act() != NOBODY:
            if fast.phase == CUP:
                fast.step(PUT_BASE)  # put none
            else:
                legal = fast.legal()
                fast.step(legal[rng.randrange(len(legal))])
            if fast.row and not dealt:
                dealt = fast.row[:]
            assert fast.chances == (1 if dealt else 0) and fast.row == dealt
        points = sum(abs(a - b) for a, b in zip(dealt, dealt[1:]) if (a ^ b) < 16)
        assert sum(fast.scores) == points * (fast.round_no - 1)


def _nothing(state, seat, place, target):
    pass


class WithAbilities(Politics):
    ability_table = {5: Ability("Muster", 1, "nothing", _nothing)}


class Other(Politics):
    info = dataclasses.replace(Politics.info, id="politics_other")


def test_what_the_twin_does_not_cover():
    """A table of abilities (the twin has no ability phase) and other games built on Politics."""
    for game in (WithAbilities(3), Other(3)):
        assert twin_module(game) is not None
        assert twin(game.new_state(seed=1), 1) is None
    assert isinstance(twin(parlour.load("politics").new_state(seed=1), 1), PoliticsFast)
