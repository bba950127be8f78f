"""Scenario tests for Two-Faced (shared/seeds/003, the Two-Faced section; shared/GAMES.md).

Hands: 0 the dealer's (seat 0), 1 the opponent's (seat 1), 2 the dealer's dummy, 3 the
opponent's dummy. The deal puts the first 18 cards on the two dummy piles one at a time (first
to the dealer's left: his dummy); then each draw takes two cards from the middle."""

import random
from collections import Counter

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.fast.core import Rng
from parlour.fast.two_faced import DRAFT, TRICKS, census, position as core_position
from parlour.games.two_faced import KEEP, PLAY

DEALER_HAND = ["2W", "3W", "1R", "9R", "Lady", "1G", "2G", "3G", "4G"]
OPPONENT_HAND = ["1W", "2R", "3R", "4R", "5P", "6P", "7P", "8P", "9P"]
DEALER_DUMMY = ["4W", "5W", "7R", "8R", "Changeling", "5G", "6G", "7G", "8G"]
OPPONENT_DUMMY = ["9W", "5R", "6R", "1B", "2B", "3B", "4B", "5B", "6B"]
DISCARDS = [["6W", "7W", "8W", "1P", "2P", "3P", "4P", "7B", "8B"],
            ["9B", "9G", "DarkLord", "Builder", "Thief", "Protectress", "Seductress", "Minion",
             "Friend"]]


def deck():
    cards = []
    for i in range(9):
        cards += [DEALER_DUMMY[i], OPPONENT_DUMMY[i]]
    hands = [DEALER_HAND, OPPONENT_HAND]
    for k in range(18):
        s, j = k % 2, k // 2
        cards += [hands[s][j], DISCARDS[s][j]]
    return cards


def drafted():
    state = parlour.load("two_faced").new_state(seed=1, deck=deck())
    hands = [DEALER_HAND, OPPONENT_HAND]
    for k in range(18):
        state.apply(KEEP[hands[k % 2][k // 2]])
    return state


def play(state, *cards):
    for card in cards:
        state.apply(PLAY[card])


def refused(state, action):
    before = state.clone()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state == before
    return str(error.value)


def test_the_dummy_piles_and_the_draft():
    """"Start by dealing out two piles of nine cards each, on to the left and one to the right of
    the dealer. Place the rest of the cards in the middle of the table. The dealer draws two
    cards--keeping one and discarding the other face down. His oppenent then draws two cards --
    keeping one and discarding the other face down. They take turns doing this until each has a
    hand of 9 cards and 18 cards have been discarded.\""""
    state = parlour.load("two_faced").new_state(seed=1, deck=deck())
    assert state.hands[2] == DEALER_DUMMY and state.hands[3] == OPPONENT_DUMMY
    assert state.current_player == 0
    assert state.legal_actions() == [KEEP["2W"], KEEP["6W"]]
    assert state.view(0)["drawn"] == ["2W", "6W"] and state.view(1)["drawn"] is None
    state.apply(KEEP["2W"])
    assert state.discards[0] == ["6W"]
    assert state.view(0)["discards"] == ["6W"]
    assert "6W" not in str(state.view(1)) and "2W" not in str(state.view(1))
    assert state.view(1)["discard_counts"] == [1, 0]
    assert state.current_player == 1
    assert "you drew" in refused(state, KEEP["2W"])
    full = drafted()
    assert [len(h) for h in full.hands] == [9, 9, 9, 9]
    assert sorted(full.discards[0] + full.discards[1]) == sorted(DISCARDS[0] + DISCARDS[1])


def test_the_dummies_are_face_down_in_the_draft_then_face_up_to_all():
    """"Then the two piles of 9 cards are turned face up and the cards are arranged by suit.
    These are now dummy hands.\""""
    state = parlour.load("two_faced").new_state(seed=1, deck=deck())
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["dummies"] is None
        assert "Changeling" not in str(view) and "9W" not in str(view)
    full = drafted()
    for seat in (0, 1, None):
        dummies = full.view(seat)["dummies"]
        assert sorted(dummies[0]) == sorted(DEALER_DUMMY)
        assert sorted(dummies[1]) == sorted(OPPONENT_DUMMY)


def test_each_player_controls_the_dummy_on_his_left_and_the_opponent_leads():
    """"Each player controls the dummy hand to their left." "The oppent leads first. Then his
    dummy plays, then the dealer, then the dealer's dummy.\""""
    state = drafted()
    assert state.to_play == 1 and state.current_player == 1
    play(state, "1W")
    assert state.to_play == 3 and state.current_player == 1  # the opponent plays his dummy
    play(state, "9W")
    assert state.to_play == 0 and state.current_player == 0
    play(state, "2W")
    assert state.to_play == 2 and state.current_player == 0
    assert "has no 2B" in refused(state, PLAY["2B"])


def test_a_full_hand_follow_suit_gods_trump_fool_takes_queen_and_the_result():
    """"After the first trick, the hand taking the trick leads, whether it is a player hand, or
    a dummy hand. Players must follow suit if possible. The god cards act as trump. If a queen
    would normally take a trick, but the fool of that suit was also played then the fool takes
    the trick. The player who takes the most tricks wins. Tricks taken by the dummy hands do not
    count towards their player's win.\""""
    state = drafted()
    play(state, "1W", "9W", "2W")
    assert "follow suit" in refused(state, PLAY["5G"])
    play(state, "4W")  # the Fool of Winds takes the Queen: the opponent's dummy
    assert state.tricks == [0, 0, 0, 1] and state.to_play == 3
    play(state, "5R", "1R", "7R", "2R")  # the dealer's Queen, with no Fool of Flames out
    assert state.tricks == [1, 0, 0, 1] and state.to_play == 0
    play(state, "1G", "5G", "5P", "1B")
    play(state, "3W", "5W", "6P", "2B")
    play(state, "9R", "8R", "3R", "6R")  # the 3 of Flames is the highest Flame played
    assert state.tricks == [3, 1, 0, 1] and state.to_play == 1
    play(state, "7P", "3B", "Lady", "Changeling")  # gods trump; the Lady is the highest
    assert state.tricks == [4, 1, 0, 1] and state.to_play == 0
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    # The dealer leads 2G, 3G, 4G; his dummy follows, the others have no Leaves and no gods.
    assert state.tricks == [7, 1, 0, 1]
    assert state.returns() == [1.0, -1.0]


def test_dummy_tricks_do_not_count_and_equal_tricks_draw():
    """"Tricks taken by the dummy hands do not count towards their player's win." GAMES.md:
    "most tricks in his own hand wins (equal: draw)"."""
    state = drafted()
    state.tricks = [2, 3, 4, 0]
    assert state.returns() == [-1.0, 1.0]
    state.tricks = [3, 3, 2, 1]
    assert state.returns() == [0.0, 0.0]


def test_notation():
    """The notation on docs/rules/two_faced.md: 'keep CARD' in the draft (a bare card too), a
    card to play."""
    state = parlour.load("two_faced").new_state(seed=1, deck=deck())
    game = state.game
    assert game.parse_action(state, "keep 6w") == KEEP["6W"]
    assert game.parse_action(state, "2W") == KEEP["2W"]
    full = drafted()
    assert game.parse_action(full, "1w") == PLAY["1W"]
    with pytest.raises(IllegalAction):
        game.parse_action(full, "keep")


def test_heuristic_beats_random():
    """The heuristic wins most games against a random player."""
    game = parlour.load("two_faced")
    score = 0.0
    for k in range(30):
        agent = game.heuristic(seed=k)
        rng = random.Random(k)
        seat = k % 2
        state = game.new_state(seed=k)
        while not state.is_terminal:
            s = state.current_player
            legal = state.legal_actions()
            state.apply(agent.choose(state, s) if s == seat else legal[rng.randrange(len(legal))])
        score += state.returns()[seat]
    assert score > 10  # of 30: wins minus losses


def test_views_never_show_hidden_cards():
    """Hidden cards stay hidden: no view, log included, names the other player's hand or
    discards, the middle, the other's drawn pair, or a dummy card during the draft."""
    import json
    game = parlour.load("two_faced")
    for seed in range(4):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            for seat in (0, 1, None):
                text = json.dumps(state.view(seat))
                hidden = list(state.pile)
                for s in (0, 1):
                    if s != seat:
                        hidden += state.hands[s] + state.discards[s]
                if state.phase == "draft":
                    hidden += state.hands[2] + state.hands[3]
                    if state.to_act != seat:
                        hidden += state.drawn
                for card in hidden:
                    assert f'"{card}"' not in text and f" {card}" not in text, (seat, card)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_eights_are_scholars_or_magicians_by_name_only():
    """The seed: "The "8" rank is sometimes magician, and sometimes scholar ... the change has no
    effect on game play." (option `eights`)"""
    records = []
    for eights in ("scholar", "magician"):
        state = parlour.load("two_faced", eights=eights).new_state(seed=1, deck=deck())
        assert f"8 {eights.capitalize()}" in state.game.render(state.view(0))
        while not state.is_terminal:
            state.apply(state.legal_actions()[0])
        records.append((state.record()["actions"], state.returns()))
    assert records[0] == records[1]
    with pytest.raises(parlour.OptionError):
        parlour.load("two_faced", eights="wizard")


def test_random_games_meet_every_rule():
    """Random games meet the god trumps, the Fool taking the Queen, a dummy taking a trick and
    leading the next, and all three outcomes."""
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


def test_determinize_keeps_what_each_seat_sees():
    """The core's determinization for a seat keeps its hand, its discards (in their order), the
    trick and tricks taken, the dummies once face up, and in the draft the choices it has; it
    deals the other player's hand afresh, and in the draft the face-down dummies too."""
    game = parlour.load("two_faced")
    rng = random.Random(9)
    changed = {DRAFT: 0, TRICKS: 0}
    for seed in range(60):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 54)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        fast = core_position(state, seed)
        for seat in (0, 1):
            det = fast.determinize(seat, Rng(seed * 2 + seat))
            assert det.hands[seat] == fast.hands[seat]
            assert det.discards[seat] == fast.discards[seat]
            assert det.trick == fast.trick and det.tricks == fast.tricks
            assert det.taken == fast.taken and det.next == fast.next
            assert Counter(census(det)) == Counter(census(fast))
            assert [bin(d).count("1") for d in det.hands] == \
                   [bin(h).count("1") for h in fast.hands]
            if fast.phase == TRICKS:
                assert det.hands[2:] == fast.hands[2:]
            if fast.phase == DRAFT and fast.to_act() == seat:
                assert det.legal() == fast.legal()
            if fast.phase != 2:
                changed[fast.phase] += det.hands[1 - seat] != fast.hands[1 - seat]
    assert changed[DRAFT] > 20 and changed[TRICKS] > 20


def test_the_heuristic_chooses_alike_from_the_core_and_from_the_view():
    """The heuristic agent asks the core's heuristic from the position (choose) and from what the
    view shows (act): both see the same and choose the same."""
    game = parlour.load("two_faced")
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        state = game.new_state(seed=seed)
        checked += play_asking_both(state, game.heuristic(seed=seed), rng, 0.5)[1]
    assert checked > 1500
