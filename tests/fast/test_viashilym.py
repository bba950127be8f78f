"""The integer twin of Viashilym (parlour/fast/viashilym.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.core.cards import VIASHI_CARDS
from parlour.fast import twin_module
from parlour.fast.core import Rng
from parlour.fast.viashilym import _taker, card_of, census, encode, twin
from parlour.games.viashi import ELVISH_STRENGTH, capture
from tests.fast.differential import determinize_both, play_alone, play_both

# Every option set the twin covers (six players only), with the games each plays: a hand is
# 162 moves (54 draws, 18 captures of six).
COVERED = [({}, 200), ({"elvish": False, "eights": "magician"}, 80)]
DECK = sorted(card_of(c) for c in VIASHI_CARDS * 2)


def _rules_met(games: int, seed: int, **options) -> Counter:
    """The rules met by play_both's games (the same draws, replayed on the readable game)."""
    game = parlour.load("viashilym", **options)
    rng = random.Random(seed)
    met = Counter()
    for _ in range(games):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.phase == "draw":
                a, b = state.drawn
                met["twin pair" if a == b else "shown pair" if state.drawn_public
                    else "one may go up" if len(legal) == 1 else "either may go up"] += 1
            elif state.trick and len(legal) > 1 and not any(
                    encode(a) % 54 // 9 == card_of(state.trick[0][1]) // 9 for a in legal):
                met["void"] += 1
            state.apply(legal[rng.randrange(len(legal))])
        for record in state.history_tricks:
            cards = [card for _, card in record.plays]
            met["dead capture" if record.winner is None else "capture"] += 1
            if len(set(cards)) < len(cards):
                met["twins cancel"] += 1
        met[f"bonus {max(parts['bonus'] for parts in state.last_parts)}"] += 1
        met["twin sets"] += state.last_parts[0]["twin sets"]
    return met


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("viashilym", games, seed=7, **options)
    assert moves == 162 * games


def test_the_games_meet_every_rule():
    met = _rules_met(COVERED[0][1], 7, **COVERED[0][0])
    for rule in ("twin pair", "shown pair", "one may go up", "either may go up", "void",
                 "dead capture", "capture", "twins cancel", "bonus 0", "bonus 5", "bonus 10",
                 "twin sets"):
        assert met[rule] > 0, rule


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(options, games):
    determinize_both("viashilym", 4 * 162 + 40, seed=11, **options)


def test_the_capture_is_the_readable_one():
    """Random captures from the double deck, and captures made to meet the special cases
    (twins, the Fool and the Queen, the Lady and the Changeling), against the readable rule."""
    rng = random.Random(5)
    specials = [["1W", "9W"], ["Lady", "Changeling"], ["1R", "1R", "9R"], ["Lady", "Lady"],
                ["Changeling", "Changeling", "Lady"], ["1P", "9P", "9P"], ["3B", "3B"]]
    for n in range(20000):
        cards = rng.sample(VIASHI_CARDS * 2, 6)
        if n % 2:
            special = specials[n // 2 % len(specials)]
            cards[:len(special)] = special
            rng.shuffle(cards)
        plays = list(enumerate(cards))
        expected = capture(plays, ELVISH_STRENGTH, 1, True)
        ints = [card_of(c) for c in cards]
        live = 0
        for c in ints:
            if ints.count(c) == 1:
                live |= 1 << c
        best = _taker(ints[0], live)
        assert (ints.index(best) if best >= 0 else None) == expected, cards


def test_the_twin_plays_whole_games_on_its_own():
    """Alone, the twin plays the 162 moves of a hand on one deal; partners share their score."""
    game = parlour.load("viashilym")
    for fast, steps in play_alone(game, range(30), Rng(5), every=13):
        assert steps == 162 and fast.chances == 1
        assert sorted(census(fast)) == DECK
        returns = fast.returns()
        assert returns[:3] == returns[3:]


def test_what_the_twin_does_not_cover():
    game = parlour.load("viashilym")
    assert twin_module(game).__name__ == "parlour.fast.viashilym"
    assert twin_module(parlour.load("viashi")).__name__ == "parlour.fast.viashi"
    assert twin(game.new_state(seed=1), 1) is not None
