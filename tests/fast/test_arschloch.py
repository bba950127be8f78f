"""The integer twin of Arschloch (parlour/fast/arschloch.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.arschloch import ArschlochFast, census, encode, twin
from parlour.fast.core import Rng
from parlour.games.arschloch import Play
from tests.fast.differential import determinize_both, play_both

# (players, options, games): every option, player counts 3 to 10, matches of several rounds so
# that the swap of the extras (5 and 6 players, Skat deck), the exchange and seat changes are met.
COVERED = [
    (4, {}, 120),
    (3, {"rounds": 4}, 25),
    (5, {"rounds": 4}, 25),
    (6, {"rounds": 3, "seat_change": True}, 25),
    (4, {"ten_high": True, "equality": True, "rounds": 3}, 25),
    (4, {"bomb": True, "revolution": True, "rounds": 3}, 25),
    (5, {"bomb": True, "bomb_on_bomb": "any", "revolution": True, "rounds": 2}, 25),
    (4, {"deck": 52, "bomb": True, "bomb_on_bomb": "any", "equality": True, "rounds": 2}, 15),
    (3, {"deck": 52, "two_high": True, "bomb": True, "revolution": True}, 25),
    (4, {"points": 8, "revolution": True, "equality": True}, 15),
    (6, {"deck": 52, "ten_high": True, "rounds": 2}, 10),
    (8, {"deck": 52, "seat_change": True, "points": 12}, 4),
    (10, {"deck": 52, "two_high": True, "equality": True, "rounds": 2}, 8),
]


@pytest.mark.parametrize("players,options,games", COVERED)
def test_random_games_agree_move_by_move(players, options, games):
    moves = play_both("arschloch", games, seed=7, players=players, **options)
    assert moves >= 30 * games


@pytest.mark.parametrize("players,options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(players, options, games):
    determinize_both("arschloch", 150, seed=11, players=players, **options)


@pytest.mark.parametrize("players,options", [
    (3, {"bomb": True, "revolution": True, "rounds": 3}),
    (3, {"bomb": True, "bomb_on_bomb": "any", "revolution": True, "equality": True,
         "rounds": 3}),
    (3, {"deck": 52, "bomb": True, "bomb_on_bomb": "any", "two_high": True, "rounds": 2}),
    (4, {"deck": 52, "revolution": True, "equality": True, "rounds": 2}),
])
def test_fours_bombs_and_revolutions_agree(players, options):
    """play_both's checks under a player that plays every four it may: bombs, a four on a four
    (lower ones too with bomb_on_bomb=any), revolutions and players stuck with the new top."""
    met = Counter()
    last = {}

    def pick(rng, state, legal):
        """Mostly random, but a four-of-a-kind whenever there is one: random play almost
        never meets bombs on bombs, revolutions and the hands they leave stuck."""
        fours = [i for i, a in enumerate(legal) if isinstance(a, Play) and len(a.cards) == 4]
        index = rng.choice(fours) if fours and rng.random() < 0.9 else rng.randrange(len(legal))
        if index in fours:
            met["four on a four" if state.beat and len(state.beat[1].cards) == 4 else
                "four on less" if state.beat else "four led"] += 1
        # What the move changes is seen in watch, against the position it was chosen in (the
        # log is too short to keep every line).
        last["stuck"], last["revolution"] = len(state.stuck), state.revolution
        return index

    def watch(state, legal, index, entries, fast, dealt):
        if state.phase == "play":
            met["stuck"] += len(state.stuck) > last["stuck"]
            met["revolution"] += state.revolution != last["revolution"]

    play_both("arschloch", 40, seed=5, pick=pick, watch=watch, players=players, **options)
    wanted = {"four on less", "four led"} if options.get("bomb") else {"four led"}
    if options.get("bomb_on_bomb") == "any":
        wanted |= {"four on a four"}
    if options.get("revolution"):
        wanted |= {"revolution", "stuck"}
    assert wanted <= set(met), met


def _shape(fast: ArschlochFast) -> tuple:
    """What a new deal leaves the same whatever the cards."""
    return (fast.chances, fast.phase, fast.to_act(), fast.round, fast.order, fast.left,
            fast.scores, fast.ranking, tuple(fast.sizes), sum(fast.held), len(fast.extras),
            fast.extras_up, fast.put_by, fast.swaps, fast.owed,
            tuple(len(g) for g in fast.gave), fast.finished, fast.stuck, fast.active,
            fast.revolution, fast.top, fast.beat_seat, fast.passes)


@pytest.mark.parametrize("players,options", [
    (3, {"rounds": 3}), (4, {"rounds": 3, "seat_change": True}), (5, {"points": 10}),
    (6, {"rounds": 3}), (7, {"deck": 52, "rounds": 2}),
])
def test_the_twins_own_deals_count_as_the_readable_ones(players, options):
    """Across a new deal the two forms hold different cards but the same round, dealer, seats,
    scores, extras face up or down, swaps and gives owed, and chance count."""
    game = parlour.load("arschloch", players=players, **options)
    first = twin(game.new_state(seed=0), 0).chances
    deals = Counter()

    def watch(state, legal, index, entries, fast, dealt):
        if dealt is not None:
            assert _shape(fast) == _shape(dealt)
            assert sorted(census(fast)) == sorted(census(dealt))
            deals["game"] += 1
        if state.is_terminal:
            # Each step that dealt counted one chance: the first deal's and one a new deal.
            assert fast.chances == first + deals["game"]
            deals["all"] += deals.pop("game", 0)

    play_both("arschloch", 10, seed=3, watch=watch, players=players, **options)
    assert deals["all"] >= 10


def test_determinize_keeps_given_and_taken_cards_and_seen_extras():
    """Round 2 with five players: a seat's determinization keeps its own hand, the cards it gave
    with their receiver, a taken extra with its taker and the face-up extras in place; it deals
    the other cards afresh (the face-down extras too, which leaves the counts in play changed)."""
    game = parlour.load("arschloch", players=5, rounds=2)
    rng = random.Random(1)
    checked = changed = 0
    for _ in range(12):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        while not state.is_terminal and state.round == 1:
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal:
            fast = twin(state, deal)
            seat = state.current_player
            det = fast.determinize(seat, Rng(rng.getrandbits(32)))
            R = fast.rules.R
            assert det.hands[seat * R:(seat + 1) * R] == fast.hands[seat * R:(seat + 1) * R]
            assert det.sizes == fast.sizes and det.out == fast.out
            for card, receiver in fast.gave[seat]:
                holds = fast.hands[receiver * R + (card >> 2)] >> (card & 3) & 1
                assert det.hands[receiver * R + (card >> 2)] >> (card & 3) & 1 == holds
            for card, taker in fast.taken:
                if taker != seat and fast.hands[taker * R + (card >> 2)] >> (card & 3) & 1:
                    assert det.hands[taker * R + (card >> 2)] >> (card & 3) & 1
            for i, up in enumerate(fast.extras_up):
                if up or fast.put_by[i] == seat:
                    assert det.extras[i] == fast.extras[i]
            assert Counter(census(det)) == Counter(census(fast))
            assert det.held == [sum(bin(det.hands[s * R + r]).count("1") for s in range(5))
                                for r in range(R)]
            assert det.legal() == fast.legal()
            changed += det.hands != fast.hands
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 100 and changed >= checked // 2


def test_encode_is_injective_on_every_position_met():
    game = parlour.load("arschloch", players=5, rounds=3)
    rng = random.Random(9)
    for _ in range(5):
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal:
            legal = state.legal_actions()
            assert len({encode(a) for a in legal}) == len(legal)
            state.apply(rng.choice(legal))


def test_twin_covers_arschloch_only():
    assert twin_module(parlour.load("arschloch")).twin is twin
