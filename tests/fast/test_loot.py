"""Loot's integer twin (parlour/fast/loot.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.core.cards import GODS, VIASHI_CARDS
from parlour.fast import loot as fast_loot
from parlour.games.loot import loot_scoring
from parlour.games.melds import score
from tests.fast.differential import determinize_both, play_both


def test_default_options():
    assert play_both("loot", 30, seed=1) > 3000


@pytest.mark.parametrize("players", [2, 4])
def test_other_player_counts(players):
    assert play_both("loot", 12, seed=players, players=players) > 800


@pytest.mark.parametrize("games, options", [
    (15, {"fire": "own_turn"}),
    (100, {"points": None, "run_bonus": "flat"}),
    (25, {"points": 30, "fire": "own_turn"}),
])
def test_other_options(games, options):
    assert play_both("loot", games, seed=7, **options) > 500


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hands_nobody_fires(players):
    """Random games where nobody fires until late: the discard pile is reshuffled into new draw
    piles (their cards determinized apart), and some hands are called after the rounds
    allowed."""
    met = Counter()

    def pick(rng, state, legal):
        # A turn is a draw, a discard and a chance to fire for each other seat: nobody fires
        # in the first game, nor in the others until a patience drawn at random runs out.
        if not state.history:
            met["games"] += 1
            met["patience"] = 10 ** 6 if met["games"] == 1 else rng.randrange(
                20 * players, 40 * players * (players + 1))
        choices = [i for i, a in enumerate(legal) if str(a) != "fire"] \
            if len(state.history) < met["patience"] else range(len(legal))
        return rng.choice(list(choices))

    def watch(state, legal, index, entries, fast, dealt):
        if len(state.history) % 7 == 0 and not state.is_terminal:
            fast = fast if dealt is None else dealt  # the twin the game goes on with
            seat = state.current_player
            det = fast.determinize(seat, fast_loot.Rng(len(state.history)))
            real = fast_loot.twin(state.determinize(seat, random.Random(seat)), 0)
            assert sorted(fast_loot.census(det)) == list(range(54))
            assert det.legal() == fast.legal()
            for number in range(fast.pile_number + 1):
                assert _from_pile(det, number) == _from_pile(real, number)
        if dealt is not None:
            met["reshuffled"] += dealt.pile_number > 0
        if state.is_terminal:
            met["called"] += "nobody fired" in state.results[-1]["how"]

    play_both("loot", 3, seed=players, pick=pick, watch=watch, players=players, points=None)
    assert met["reshuffled"] and met["called"]


def _from_pile(fast, number):
    """How many hidden cards each hand holds from this draw pile."""
    return [sum(1 for c in range(54) if h >> c & 1 and not fast.known >> c & 1
                and fast.origin[c] == number) for h in fast.hands]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize(players):
    determinize_both("loot", 400, seed=players, players=players)


@pytest.mark.parametrize("six_colors", [False, True])
def test_hand_scores_match_the_readable_solver(six_colors):
    """Any hand with any gods in play; and hands holding a run of six colors (the bonus)."""
    rng = random.Random(5 + six_colors)
    for _ in range(800):
        cards = rng.sample(range(54), rng.choice((9, 9, 10, 6, 12)))
        if six_colors:
            low = rng.randrange(4)
            suits = rng.sample(range(6), 6)
            cards = list({9 * suit + low + i for i, suit in enumerate(suits)} | set(cards[:4]))
        gods = rng.getrandbits(9)
        flat = rng.random() < 0.3
        mask = sum(1 << c for c in cards)
        scoring = loot_scoring([g for k, g in enumerate(GODS) if gods >> k & 1],
                               "flat" if flat else "scaled")
        assert fast_loot.hand_score(mask, gods, flat) == \
            score([VIASHI_CARDS[c] for c in cards], scoring), cards


def test_no_twin_for_other_games():
    state = parlour.load("viashi").new_state(seed=1)
    assert fast_loot.twin(state, 1) is None
