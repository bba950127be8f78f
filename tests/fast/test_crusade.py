"""The integer twin of Crusade (parlour/fast/crusade.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.core import Rng
from parlour.fast.crusade import (CARD, FIRST_GOD, PASS, PICK_BASE, PLAY_BASE, CrusadeFast,
                                  census, encode, twin)
from parlour.games.crusade import BID, PICK, PLAY
from parlour.games.crusade import PASS as READABLE_PASS
from tests.fast.differential import determinize_both, play_alone, play_both

# Every player count, one hand and a match (the eights' name changes nothing in play), with the
# games each plays: a hand is 35 to 54 moves, a match one hand per player.
COVERED = [
    ({}, 240),
    ({"players": 3}, 160),
    ({"players": 5}, 160),
    ({"eights": "magician"}, 40),
    ({"match": True}, 30),
    ({"players": 3, "match": True, "eights": "magician"}, 30),
    ({"players": 5, "match": True}, 20),
]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("crusade", games, seed=7, **options)
    per_hand = 54 // parlour.load("crusade", **options).players
    assert moves >= per_hand * games


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(options, games):
    determinize_both("crusade", 300, seed=11, **options)


def test_the_random_games_meet_every_rule():
    """The games played above (the same draws as play_both's) meet every phase and rule: a bid
    won outright, a Fool's bid over a Queen, ties picked and passed out, tricks taken by the
    lowest card, by the Fool over its Queen, by a trump, and god tricks."""
    met: Counter = Counter()
    for options, games in COVERED:
        game = parlour.load("crusade", **options)
        rng = random.Random(7)
        for _ in range(games):
            state = game.new_state(seed=rng.getrandbits(32))
            while not state.is_terminal:
                legal = state.legal_actions()
                log, seen, trump = state.log, len(state.log), state.trump
                state.apply(legal[rng.randrange(len(legal))])
                if state.log is not log:
                    met["deal"] += 1
                    continue
                for entry in state.log[seen:]:
                    _count(entry, trump, met)
    for rule in ("deal", "outright", "fool bid", "tie", "pick", "passed out", "lowest",
                 "fool trick", "trump", "god trick"):
        assert met[rule] >= 5, (rule, met)


def _count(entry: tuple, trump: str | None, met: Counter) -> None:
    kind = entry[0]
    if kind == "bids":
        numbers = [int(c[0]) for _, c in entry[1]]
        if 1 in numbers and 9 in numbers:
            met["fool bid"] += 1
    elif kind == "tie":
        met["tie"] += 1
    elif kind == "pick":
        met["pick"] += 1
    elif kind == "trump":
        met["passed out" if entry[1] is None else "outright"] += 1
    elif kind == "take":
        cards = entry[2]
        lead = cards[0]
        if lead[0] not in "123456789":
            met["god trick"] += 1
        elif trump is not None and lead[1] != trump and any(c[1:] == trump for c in cards):
            met["trump"] += 1
        elif "1" + lead[1] in cards and "9" + lead[1] in cards:
            met["fool trick"] += 1
        else:
            met["lowest"] += 1


# Three hands of 18 (tests/games/test_crusade.py): seat 0 holds the Dark Lord, seat 2 the
# Changeling.
HANDS = [
    ["1W", "3W", "5W", "7W", "9W", "2R", "4R", "9R", "1P", "2P", "3P", "1B", "2B", "1G", "2G",
     "Lady", "DarkLord", "Builder"],
    ["2W", "4W", "1R", "3R", "5R", "6R", "7R", "8R", "4P", "5P", "6P", "3B", "4B", "3G", "4G",
     "Protectress", "Seductress", "Thief"],
    ["6W", "8W", "7P", "8P", "9P", "5B", "6B", "7B", "8B", "9B", "5G", "6G", "7G", "8G", "9G",
     "Minion", "Friend", "Changeling"],
]


def _stacked(**options):
    deck = [HANDS[i % 3][i // 3] for i in range(54)]
    return parlour.load("crusade", players=3, **options).new_state(seed=1, deck=deck)


def test_a_tie_picked_and_the_god_shown_stays_with_its_holder():
    state = _stacked()
    for card in ("2R", "2W", "7P"):
        state.apply(BID[card])
    fast = twin(state, 1)
    assert fast.legal() == [PICK_BASE + 1, PICK_BASE + 0, PASS]
    fast.step(PICK_BASE + 0)
    state.apply(PICK["W"])
    assert fast.key() == twin(state, 1).key()
    assert fast.trump == 0 and fast.to_act() == 1 and fast.revealed == 0
    for seed in range(30):
        det = fast.determinize(1, Rng(seed))
        assert det.hands[0] >> CARD["DarkLord"] & 1
        assert det.hands[1] == fast.hands[1] and det.bids == fast.bids
        assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in fast.hands]


def test_a_tie_passed_out_is_played_without_trump():
    state = _stacked()
    for card in ("9R", "1R", "9P"):  # two Fools beside a Queen: the Changeling decides
        state.apply(BID[card])
    fast = twin(state, 1)
    for _ in range(3):
        assert fast.legal() == ([PICK_BASE + 1, PICK_BASE + 2, PASS] if fast.to_act() == 2
                                else [PASS])
        fast.step(PASS)
        state.apply(READABLE_PASS)
        assert fast.key() == twin(state, 1).key()
    assert fast.trump == -1 and fast.to_act() == 0


def test_bids_stay_hidden_and_never_become_gods():
    game = parlour.load("crusade", players=5)
    for seed in range(40):
        state = game.new_state(seed=seed)
        for _ in range(3):
            state.apply(state.legal_actions()[-1])
        fast = twin(state, seed)
        det = fast.determinize(3, Rng(seed))
        assert all(0 <= det.bids[s] < FIRST_GOD for s in range(3))
        assert det.bids[3:] == [-1, -1] and det.hands[3] == fast.hands[3]
        assert Counter(census(det)) == Counter(census(fast))


def test_the_twin_plays_whole_matches_on_its_own():
    """Alone, the twin plays a hand per player, each one deal, every trick scored but the last."""
    rng = Rng(5)
    for players in (3, 4, 5):
        game = parlour.load("crusade", players=players, match=True)
        for fast, _ in play_alone(game, range(12), rng, every=7):
            assert sorted(census(fast)) == list(range(54))
            assert fast.hand_no == players and fast.chances == players
            assert sum(fast.scores) == players * (54 // players - 1)


def test_play_and_pass_are_numbered_as_the_readable_ids():
    assert encode(PLAY["Lady"]) == PLAY_BASE + CARD["Lady"] and encode(READABLE_PASS) == PASS


def test_what_the_twin_does_not_cover():
    # The twin covers every option and player count of Crusade.
    assert twin_module(parlour.load("crusade")) is not None
    for players in (3, 4, 5):
        for match in (False, True):
            state = parlour.load("crusade", players=players, match=match).new_state(seed=1)
            assert isinstance(twin(state, 1), CrusadeFast)
