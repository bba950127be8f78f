"""The integer twin of Changelands (parlour/fast/changelands.py) against the readable game."""

from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.core import Rng
from parlour.fast.changelands import census, encode, twin
from parlour.games.changelands import DISTANCE, Step
from tests.fast.differential import determinize_both, play_alone, play_both

# Every player count, and a round limit short enough that most games are drawn. A random game
# runs to the limit in about 500 moves (two players) and meets a dozen reshuffles of the discard
# pile, several returns to start and, now and then, a flame on a start corner mended.
COVERED = [
    ({}, 8),
    ({"players": 3}, 6),
    ({"players": 4}, 5),
    ({"round_limit": 20}, 20),
    ({"players": 4, "round_limit": 7}, 15),
]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("changelands", games, seed=7, **options)
    assert moves >= 40 * games


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 4}])
def test_determinize_keeps_what_the_seat_knows(options):
    determinize_both("changelands", 400, seed=11, **options)


def _racer(rng, state, legal):
    """Mostly steps toward the goal (random play seldom reaches one with two players): a step
    that gains ground if there is one, else any move at random."""
    seat = state.current_player
    goal, at = state.goals[seat], state.markers[seat]
    better = [i for i, a in enumerate(legal) if isinstance(a, Step)
              and DISTANCE[goal][at + (-5, 1, 5, -1)["nesw".index(a.direction)]]
              < DISTANCE[goal][at]]
    if better and rng.random() < 0.9:
        return rng.choice(better)
    return rng.randrange(len(legal))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_races_to_the_goal_agree(players):
    """play_both's checks, under a player who races: the wins, their returns and estimates."""
    wins = []

    def watch(state, legal, index, entries, fast, dealt):
        if state.is_terminal:
            wins.append(state.winner is not None)

    play_both("changelands", 10, seed=players, pick=_racer, watch=watch, players=players)
    assert sum(wins) >= 3


def test_a_flame_put_under_the_own_marker_on_its_start_is_mended():
    """The old card, just discarded, is the top card that is not a flame: it comes back."""
    game = parlour.load("changelands")
    met = 0
    for seed in range(40):
        state = game.new_state(seed=seed)
        seat = state.current_player
        start = state.starts[seat]
        flames = [c for c in state.hands[seat] if c.endswith("R") and c[0].isdigit()]
        if not flames:
            continue
        fast = twin(state, seed)
        action = next(a for a in state.legal_actions()
                      if getattr(a, "card", None) == flames[0] and a.square == start)
        old = state.field[start]
        fast.step(encode(action))
        state.apply(action)
        assert state.field[start] == old and state.discard[-1] == flames[0]
        assert fast.key() == twin(state, seed).key()
        met += 1
    assert met >= 5


def _flame_on_start(state, seat: int, discard_flames: int):
    """The readable state laid out afresh with its own cards: seat's marker away from its
    start, a flame on the start, the other flames on top of three other cards in the discard
    pile (`discard_flames` of them) and on the draw pile."""
    every = state.card_census()
    flames = [c for c in every if c.endswith("R") and c[0].isdigit()]
    others = [c for c in every if c not in flames]
    start = state.starts[seat]
    field = others[:24]
    field.insert(start, flames[0])
    others = others[24:]
    hands = []
    for hand in state.hands:
        hands.append(sorted(others[:len(hand)], key=every.index))
        others = others[len(hand):]
    if discard_flames == len(flames) - 1:
        discard = flames[1:]
        pile = others
    else:
        discard = others[:3] + flames[1:1 + discard_flames]
        pile = others[3:] + flames[1 + discard_flames:]
    state.field, state.discard, state.pile, state.hands = field, discard, pile, hands
    state.markers[seat] = 12
    assert Counter(state.card_census()) == Counter(every)
    return state


@pytest.mark.parametrize("discard_flames", [0, 3, 8])
def test_back_to_a_start_under_a_flame(discard_flames):
    """The flame is swapped for the top card of the discard pile that is not one, else of the
    draw pile (there are too many other cards for none to be left anywhere)."""
    game = parlour.load("changelands")
    state = _flame_on_start(game.new_state(seed=3), 0, discard_flames)
    fast = twin(state, 3)
    assert fast.key() == twin(state, 3).key()
    fast._back_to_start(0)
    state._back_to_start(0)
    assert fast.key() == twin(state, 3).key()
    assert state.markers[0] == state.starts[0]
    assert not state.field[state.starts[0]].endswith("R")


def test_the_twin_plays_whole_games_on_its_own():
    """Alone, the twin plays to a win or to the round limit's draw."""
    for players in (2, 3, 4):
        game = parlour.load("changelands", players=players, round_limit=60)
        for fast, _ in play_alone(game, range(10), Rng(5), every=17):
            assert sorted(census(fast)) == list(range(54))
            assert sum(fast.returns()) == (0.0 if fast.drawn else 1.0)
            assert fast.drawn == (fast.round == 61)


def test_what_the_twin_does_not_cover():
    game = parlour.load("changelands")
    assert twin_module(game) is not None
    assert twin(game.new_state(seed=1), 1) is not None
