"""The integer twin of Two-Faced (parlour/fast/two_faced.py) against the readable game."""

import random

import pytest

import parlour
from parlour.core.cards import VIASHI_CARDS
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng
from parlour.fast.two_faced import DRAFT, PLAY, ROTATION, TwoFacedFast, census, encode, twin
from parlour.games.two_faced import trick_winner
from tests.fast.differential import determinize_both, play_alone, play_both

# Every option set the twin covers (the eights' name only), with the games each plays: a game is
# 18 draft decisions and 36 plays.
COVERED = [({}, 600), ({"eights": "magician"}, 150)]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("two_faced", games, seed=7, **options)
    assert moves == 54 * games


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(options, games):
    determinize_both("two_faced", 20 * 54, seed=11, **options)


def test_random_games_meet_every_rule():
    """Random games like those above meet the god trumps, the Fool taking the Queen, a dummy taking a
    trick and leading the next, and all three outcomes."""
    game = parlour.load("two_faced")
    rng = random.Random(7)
    fools = trumps = dummy_leads = 0
    outcomes = set()
    for _ in range(250):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for record in state.history_tricks:
            cards = [c for _, c in record.plays]
            if any(not c[0].isdigit() for c in cards):
                trumps += 1
            winner = [c for h, c in record.plays if h == record.winner][0]
            if winner.startswith("9") and f"1{winner[1]}" in cards:
                fools += 1
            dummy_leads += record.winner >= 2
        outcomes.add(tuple(state.returns()))
    assert fools > 20 and trumps > 500 and dummy_leads > 1000
    assert outcomes == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


def test_the_trick_goes_where_the_readable_rule_sends_it():
    """Any four cards, any leading hand: the twin's capture (gods trump, the Lady highest, the
    Fool over its Queen) against the readable trick_winner."""
    rng = random.Random(5)
    for n in range(6000):
        cards = rng.sample(range(54), 4)
        if n % 3 == 0:  # tricks of one suit, where the Fool and the Queen meet often
            suit = rng.randrange(6)
            cards = [suit * 9 + r for r in rng.sample(range(9), 4)]
        leader = rng.randrange(4)
        order = ROTATION[leader]
        hands = [[], [], [], []]
        for hand, card in zip(order, cards):
            hands[hand].append(card)
        fast = TwoFacedFast(Rng(0), 1, PLAY, leader % 2, hands, [], -1, -1, [[], []], [],
                            leader, leader, [0, 0, 0, 0], 0)
        for card in cards:
            fast.step(card)
        plays = [(hand, VIASHI_CARDS[card]) for hand, card in zip(order, cards)]
        winner = plays[trick_winner(plays)][0]
        assert fast.tricks == [int(h == winner) for h in range(4)], plays
        assert fast.phase == 2 and fast.to_act() == NOBODY


def test_the_twin_plays_whole_games_on_its_own():
    """Alone, the twin plays the 18 draft decisions and 36 plays on the one deal: nine tricks."""
    game = parlour.load("two_faced")
    for fast, steps in play_alone(game, range(60), Rng(5)):
        assert sorted(census(fast)) == list(range(54))
        assert steps == 54 and sum(fast.tricks) == 9 and fast.chances == 1


def test_determinize_keeps_what_each_seat_sees():
    """Its hand, its discards, the trick and tricks taken, the dummies once face up, and in the
    draft the choices it has."""
    game = parlour.load("two_faced")
    rng = random.Random(9)
    for seed in range(40):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 54)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        fast = twin(state, seed)
        for seat in (0, 1):
            det = fast.determinize(seat, Rng(seed))
            assert sorted(det.hands[seat]) == sorted(fast.hands[seat])
            assert sorted(det.discards[seat]) == sorted(fast.discards[seat])
            assert det.trick == fast.trick and det.tricks == fast.tricks
            if fast.phase == PLAY:
                assert det.hands[2:] == fast.hands[2:]
            if fast.phase == DRAFT and fast.to_act() == seat:
                assert det.legal() == fast.legal()


def test_actions_are_the_cards():
    game = parlour.load("two_faced")
    state = game.new_state(seed=2)
    while not state.is_terminal:
        legal = state.legal_actions()
        codes = [encode(a) for a in legal]
        assert codes == [game.action_id(a) % 54 for a in legal]
        assert len(set(codes)) == len(codes)
        state.apply(legal[-1])


def test_what_the_twin_does_not_cover():
    # Two-Faced is for two only, and the eights option only renames: every Two-Faced game is
    # covered.
    assert twin(parlour.load("two_faced").new_state(seed=1), 1) is not None
    assert twin(parlour.load("two_faced", eights="magician").new_state(seed=1), 1) is not None
    assert twin_module(parlour.load("two_faced")) is not None
