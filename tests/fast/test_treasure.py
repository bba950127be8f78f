"""Treasure's integer twin (parlour/fast/treasure.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.core.hidden import NoDeal
from parlour.fast import treasure as fast_treasure
from parlour.fast.core import Rng
from parlour.games.melds import six_colors
from parlour.games.treasure import EFFECTS, OPENS
from tests.fast.differential import determinize_both, play_both


def test_default_options():
    assert play_both("treasure", 80, seed=1) > 15000


@pytest.mark.parametrize("players", [2, 4])
def test_other_player_counts(players):
    assert play_both("treasure", 25, seed=players, players=players) > 4000


@pytest.mark.parametrize("games, seed, options", [
    (6, 7, {"points": 100, "six_color_bonus": True}),
    (20, 9, {"six_color_bonus": True}),
    (20, 7, {"decks": 2}),
    (6, 7, {"decks": 2, "players": 8}),
    (10, 7, {"decks": 2, "second_gods": False, "players": 5}),
])
def test_other_options(games, seed, options):
    assert play_both("treasure", games, seed=seed, **options) > 500


def _met(game_id, games, seed, **options):
    """What the random games of play_both(game_id, games, seed) meet, from the readable log and
    table: the effects in force, cancellations, cards that may change, reshuffles, hands called
    after the rounds allowed, the Builder's draw, and gods in colors holding runs."""
    game = parlour.load(game_id, **options)
    rng = random.Random(seed)
    met = Counter()
    for _ in range(games):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal:
            met.update(state.active)
            met["cancelled"] += bool(state.cancelled)
            met["changing"] += bool(state._rank_wild or state._color_wild)
            met["lay off"] += any(m.owners[-1] != m.owner for m in state.table)
            met["six colors"] += any(m.kind == "run" and six_colors(m.stands)
                                     for m in state.table)
            legal = state.legal_actions()
            met["as"] += any(getattr(a, "as_", None) for a in legal)
            state.apply(legal[rng.randrange(len(legal))])
        for line in state.log:
            met["reshuffle"] += line.startswith("the discard pile is shuffled")
            met["called"] += "nobody went out" in line
            met["builder draws"] += "every player draws three" in line
        met["hands"] += state.hand_number
    return met


def test_the_random_games_meet_every_rule():
    """The games of test_default_options and test_other_options meet every effect, their
    cancellations, cards standing for others, lay-offs, reshuffles and called hands."""
    met = _met("treasure", 80, 1) + _met("treasure", 20, 7, decks=2)
    assert set(EFFECTS) <= set(met), set(EFFECTS) - set(met)
    for what in ("cancelled", "changing", "lay off", "as", "reshuffle", "called",
                 "builder draws"):
        assert met[what], what
    assert _met("treasure", 6, 7, points=100, six_color_bonus=True)["hands"] >= 12
    assert _met("treasure", 20, 9, six_color_bonus=True)["six colors"]


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"players": 4, "decks": 2}])
def test_determinize(options):
    determinize_both("treasure", 500, seed=3, **options)


def _building(game, seed):
    """A position in which the seat to act is tabling a meld."""
    rng = random.Random(seed)
    while True:
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal:
            legal = state.legal_actions()
            opens = [a for a in legal if a in OPENS.values()]
            action = opens[0] if opens else legal[rng.randrange(len(legal))]
            state.apply(action)
            if state.phase == "build" and rng.random() < 0.5:
                return state


@pytest.mark.parametrize("options", [{}, {"decks": 2, "players": 5}])
def test_another_seat_deals_the_builder_a_hand_that_finishes_his_meld(options):
    """The readable determinize redeals until a player part-way through tabling a meld holds the
    cards to finish it; so does the twin's."""
    game = parlour.load("treasure", **options)
    dealt = 0
    for seed in range(20):
        state = _building(game, seed)
        fast = fast_treasure.twin(state, seed)
        builder = state.current_player
        seat = (builder + 1) % game.players
        hands = fast.key()[9]
        for draw in range(5):
            try:
                det = fast.determinize(seat, Rng(draw))
            except NoDeal:
                continue
            dealt += 1
            assert det.to_act() == builder and det.legal(), state.history
            assert Counter(fast_treasure.census(det)) == Counter(fast_treasure.census(fast))
            again = det.key()[9]
            assert again[seat] == hands[seat]
            for s in range(game.players):
                # Cards everyone saw taken stay; as many cards from each pile as before.
                assert [c for c, t in again[s] if t < 0] == [c for c, t in hands[s] if t < 0]
                assert Counter(t for _, t in again[s]) == Counter(t for _, t in hands[s])
    assert dealt > 80


def test_two_copies_the_known_one_leaves_first():
    """Of two copies of a card in a hand, the one everyone saw taken leaves first, else the one
    from the earlier draw pile."""
    game = parlour.load("treasure", decks=2, players=5)
    state = game.new_state(seed=4)
    fast = fast_treasure.twin(state, 4)
    c = fast_treasure.card_of("3W")
    fast.hands[0] |= 1 << c | 1 << (c + 54)
    fast.tag[c], fast.tag[c + 54] = 0, fast_treasure.KNOWN
    assert fast.take_from_hand(0, c) == c + 54
    fast.hands[0] |= 1 << (c + 54)
    fast.tag[c], fast.tag[c + 54] = 2, 1
    assert fast.take_from_hand(0, c) == c + 54


def test_six_colors():
    rng = random.Random(2)
    for _ in range(500):
        low = rng.randrange(1, 5)
        length = rng.randrange(4, 10 - low + 1)
        suits = [rng.choice(("W", "R", "P", "B", "G", "god")) for _ in range(length)]
        stands = [(low + k, s) for k, s in enumerate(suits)]
        rng.shuffle(stands)
        ints = [fast_treasure.stand_of(r, s) for r, s in stands]
        assert fast_treasure.six_colors(ints) == six_colors(stands)


def test_actions_are_the_readable_action_ids():
    game = parlour.load("treasure", decks=2)
    rng = random.Random(1)
    state = game.new_state(seed=1)
    for _ in range(300):
        if state.is_terminal:
            state = game.new_state(seed=rng.getrandbits(32))
        legal = state.legal_actions()
        assert [fast_treasure.encode(a) for a in legal] == [game.action_id(a) for a in legal]
        state.apply(legal[rng.randrange(len(legal))])


def test_no_twin_for_other_games():
    state = parlour.load("loot").new_state(seed=1)
    assert fast_treasure.twin(state, 1) is None
