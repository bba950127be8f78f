"""Scenario tests for Politics (seed 003, "Politics", rev. 3; rulings in GAMES.md).

Most tests stack the deck so the row is known: the deal puts on the table, of each rank, the first
card of that rank in the chosen suits that the deck holds, so a deck that starts with the nine row
cards deals exactly that row. Seats 0, 1, 2 (and 3) choose Winds, Flames, Stones (and Waves)."""

import json
import random
from collections import Counter

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.agents.base import RandomAgent
from parlour.core.cards import GODS, VIASHI_54
from parlour.games.politics import (
    ABILITIES,
    Ability,
    Place,
    Politics,
    PoliticsHeuristic,
    row_points,
)

# Winds at places 1, 2, 5, 9; Flames at 3, 6, 7; Stones at 4, 8.
ROW = ["1W", "2W", "3R", "4P", "5W", "6R", "7R", "8P", "9W"]


def stack(row):
    return list(row) + [c for c in VIASHI_54.cards if c not in row]


def start(row=ROW, players=3, first=0, game=None, **options):
    """A game after the suit choices, on a seed whose die gives `first` the first turn."""
    game = game or parlour.load("politics", players=players, **options)
    for seed in range(200):
        state = game.new_state(seed=seed, deck=stack(row))
        for suit in "WRPB"[:players]:
            act(state, f"choose {suit}")
        if state.first == first:
            return state
    raise AssertionError("no seed gives that first player")


def act(state, *moves):
    for move in moves:
        state.apply(state.game.parse_action(state, move))


def finish_placing(state):
    """Everyone still to place this round is done (with no markers out, that ends the round)."""
    round_now = state.round
    while state.phase == "influence" and state.round == round_now:
        act(state, "done")


def until(state, seat):
    """Everyone before `seat` in the influence phase is done placing."""
    while state.phase == "influence" and state.current_player != seat:
        act(state, "done")


def finish_abilities(state):
    while state.phase == "abilities":
        act(state, "done")


def skip_revolts(state):
    while state.phase in ("cup", "revolt"):
        act(state, "put 0" if state.phase == "cup" else "leave")


def play_round(state):
    finish_placing(state)
    finish_abilities(state)
    skip_revolts(state)


def refused(state, move, match):
    before = state.clone()
    with pytest.raises(IllegalAction, match=match):
        act(state, move)
    assert state == before


# Setup -----------------------------------------------------------------------------------------
def test_suits_chosen_and_the_rest_set_aside():
    """"Each player chooses a suit, and the cards of the remaining suits are removed from the
    deck. The rest of the cards are set aside out of play.\""""
    state = parlour.load("politics", players=3).new_state(seed=4)
    assert state.current_player == 0
    act(state, "choose W")
    assert state.current_player == 1
    refused(state, "choose W", "seat 0 has chosen Winds already")
    act(state, "choose flames", "P")
    assert state.suits == ["W", "R", "P"]
    assert sorted(state.set_aside) == sorted(
        list(GODS) + [c for c in VIASHI_54.cards if c[0].isdigit() and c[1] in "BG"])
    assert sorted(state.card_census()) == sorted(VIASHI_54.cards)


def test_the_row_is_dealt_rank_by_rank_and_the_rest_go_to_the_suits_owners():
    """"The remaining Queens are shuffled, and one of them is drawn and placed on the table, the
    remaining queens are given to the players who have chosen those suits ... Continue until one
    card of each rank is laid out in order on the table. Each player should be holding only cards
    of their chosen suit, and they should be holding all the cards of that suit except for any
    that happen to have been randomly chosen and placed on the table.\""""
    state = start()
    assert state.row == ROW
    assert state.hands == [["3W", "4W", "6W", "7W", "8W"],
                           ["1R", "2R", "4R", "5R", "8R", "9R"],
                           ["1P", "2P", "3P", "5P", "6P", "7P", "9P"]]
    for seed in range(5):  # unstacked: still one card of each rank, in order
        game = parlour.load("politics", players=4)
        random_state = game.new_state(seed=seed)
        act(random_state, "choose G", "choose B", "choose W", "choose R")
        assert [int(c[0]) for c in random_state.row] == list(range(1, 10))
        for seat, suit in enumerate("GBWR"):
            held = random_state.hands[seat] + [c for c in random_state.row if c[1] == suit]
            assert sorted(held) == [f"{r}{suit}" for r in range(1, 10)]


def test_the_die_decides_the_first_player():
    """"Roll the die to see who goes first." (Interpretation: everyone rolls the d10, the
    highest goes first, and those tied for highest roll again.)"""
    game = parlour.load("politics", players=4)
    firsts, ties = set(), 0
    for seed in range(60):
        state = game.new_state(seed=seed)
        assert state.view(0)["rolls"] == [] and state.first is None  # nothing rolled yet
        act(state, "choose W", "choose R", "choose P", "choose B")
        rolls = state.view(0)["rolls"]
        for earlier, later in zip(rolls, rolls[1:]):
            best = max(r for r in earlier if r is not None)
            tied = [s for s, r in enumerate(earlier) if r == best]
            assert len(tied) > 1
            assert [s for s, r in enumerate(later) if r is not None] == tied
            ties += 1
        last = rolls[-1]
        best = max(r for r in last if r is not None)
        assert [s for s, r in enumerate(last) if r == best] == [state.first]
        assert all(1 <= r <= 10 for row in rolls for r in row if r is not None)
        firsts.add(state.first)
        assert state.current_player == state.first  # he places first
    assert firsts == {0, 1, 2, 3} and ties > 0


# Placing influence markers ---------------------------------------------------------------------
def test_each_player_gets_as_many_markers_as_cards_in_hand_and_places_in_turn():
    """"Each player gets as many influence markers as they have cards in their hand ... Then
    starting with the first player and moving clockwise around the table, the players take turns
    placing these to the table.\""""
    state = start(first=1)
    assert state.phase == "influence" and state.current_player == 1
    assert state.view(None)["allotment"] == 6  # seat 1 holds six Flames
    act(state, "place 6 on 3")
    assert state.current_player == 2 and state.view(None)["allotment"] == 7
    act(state, "done")
    assert state.current_player == 0 and state.view(None)["allotment"] == 5
    act(state, "place 5 on 1")
    assert state.phase == "cup"  # no abilities to use: on to the revolts
    assert state.pools == [7, 6, 12]
    assert [state.markers[0][0], state.markers[2][1]] == [5, 6]


def test_a_short_pool_gives_only_the_markers_left():
    """"If they have insufficient markers in their pool, they get all the markers available,
    and lose the rest of their influence for that turn.\""""
    state = start(first=2)
    act(state, "place 7 on 4")  # seat 2: seven Stones in hand, pool 12 -> 5
    finish_placing(state)
    skip_revolts(state)
    assert state.round == 2 and state.current_player == 0  # seat 0 is first in round 2
    until(state, 2)
    assert state.view(None)["allotment"] == 5  # 7 cards in hand, but only 5 in the pool
    refused(state, "place 6 on 4", "only 5 more markers")
    act(state, "place 5 on 8")
    assert state.pools[2] == 0
    skip_revolts(state)
    finish_placing(state)  # round 3: seat 2, with an empty pool, is passed over
    assert state.phase != "influence"
    assert "seat 2 has no markers to place" in state.view(2)["log"]


def test_any_number_of_markers_on_ones_own_cards():
    """"A player can play any number of influence markers on cards of their chosen suit\""""
    state = start(first=2)
    act(state, "place 7 on 8")  # 8P, seat 2's own card: all seven at once
    assert state.markers[7][2] == 7


def test_no_markers_next_to_ones_own_card():
    """"or they can put markers on any card not adjacent to one of their own cards." Ruling: a
    card adjacent to one of your own takes no markers of yours."""
    state = start(first=2)
    caps = state.view(2)["caps"]
    assert caps == [3, 2, 0, 7, 0, 2, 0, 7, 0]  # Stones at places 4 and 8
    refused(state, "place 1 on 3", "3R lies next to one of your own cards")
    refused(state, "place 1 on 9", "9W lies next to one of your own cards")
    assert not any(isinstance(a, Place) and a.place in (3, 5, 7, 9)
                   for a in state.legal_actions())


def test_markers_elsewhere_limited_to_the_distance_each_round():
    """"They can only place a number of markers equal to the distance from their nearest card
    (if there is one card between the card they are placing on, and their own card, they may
    place two markers, two cards between they can place three markers, etc.)\""""
    state = start(first=2)
    refused(state, "place 4 on 1", "1W is 3 places from your nearest card")
    act(state, "place 2 on 1", "place 1 on 1")  # three on place 1, two cards between
    refused(state, "place 1 on 1", "at most 3 of your markers this round, and you have put 3")
    act(state, "place 2 on 2")  # place 2: one card between it and 4P
    assert state.markers[0][2] == 3 and state.markers[1][2] == 2
    finish_placing(state)
    skip_revolts(state)
    until(state, 2)
    # Interpretation (distance_limit=per_round): the limit is on markers placed this round.
    assert state.view(2)["caps"][0] == 3
    act(state, "place 3 on 1")
    assert state.markers[0][2] == 6


def test_distance_limit_on_card_counts_the_markers_already_there():
    """Option distance_limit=on_card (the other reading of "They can only place a number of
    markers equal to the distance from their nearest card"): the card holds at most that many of
    yours, markers from earlier rounds included."""
    state = start(first=2, distance_limit="on_card")
    act(state, "place 2 on 1")
    finish_placing(state)
    skip_revolts(state)
    until(state, 2)
    assert state.view(2)["caps"][0] == 1
    refused(state, "place 2 on 1", "it holds at most 3 of your markers, and has 2")
    act(state, "place 1 on 1")
    assert state.markers[0][2] == 3


def test_with_no_card_in_the_row_there_is_no_limit():
    """Ruling: "with no card in the row, no limit." Stones has no card in this row."""
    row = ["1W", "2R", "3W", "4R", "5W", "6R", "7W", "8R", "9W"]
    state = start(row, first=2)
    assert state.view(2)["allotment"] == 9
    assert state.view(2)["caps"] == [9] * 9
    act(state, "place 9 on 2")
    assert state.markers[1][2] == 9


def test_unused_markers_go_back_to_the_pool_and_are_not_saved_up():
    """"Once all the players have place their markers (unused markers are returned to the pool,
    not saved up for subsequent turns).\""""
    state = start(first=0)
    act(state, "place 1 on 1", "done")  # seat 0 uses one of his five
    assert state.pools[0] == 11
    finish_placing(state)
    skip_revolts(state)
    assert state.round == 2
    until(state, 0)
    assert state.view(0)["allotment"] == 5  # still as many as his cards, not 5 + 4


def test_place_notation_names_a_place_or_a_card():
    """Notation (rules page): "place 2 on 5" or "place 2 on 5W"."""
    state = start(first=0)
    assert state.game.parse_action(state, "place 2 on 5W") == Place(5, 2)
    assert str(Place(5, 2)) == "place 2 on 5"
    with pytest.raises(IllegalAction, match="neither a place"):
        state.game.parse_action(state, "place 2 on 4G")


def test_placing_refuses_other_moves_and_leaves_the_state_alone():
    """Only placing or "done" in the influence phase; illegal moves change nothing."""
    state = start(first=0)
    refused(state, "put 1", "influence phase")
    refused(state, "swap left", "influence phase")
    refused(state, "place 6 on 1", "only 5 more markers")
    with pytest.raises(IllegalAction):
        state.apply(Place(10, 1))


# Using card abilities --------------------------------------------------------------------------
def test_the_ability_table_is_empty_and_the_phase_passes():
    """Ruling: "the seed names no card abilities: the phase exists as a table of abilities that
    is empty by default, and the rules page says so.\""""
    assert ABILITIES == {} and Politics.ability_table == {}
    state = start(first=0)
    act(state, "place 2 on 1")
    finish_placing(state)
    assert state.phase == "cup"
    assert "no card abilities to use (the rules name none)" in state.view(0)["log"]


def _bonus(state, seat, place, target):
    state.scores[seat] += 1


class Tabled(Politics):
    """Politics with a made-up ability table, to test the phase's machinery."""
    ability_table = {
        1: Ability("Decree", 1, "a point for the Queen's owner", _bonus),
        5: Ability("Muster", 1, "a point for the Warrior's owner, again and again", _bonus),
        "6R": Ability("Trade", 0, "free, aimed at a neighbour", _bonus,
                      targets=lambda state, seat, place: [p for p in (place - 1, place + 1)
                                                          if 1 <= p <= 9]),
    }


def tabled(first=0):
    return start(first=first, game=Tabled(3))


def test_abilities_in_turn_from_the_first_player_paid_from_markers_on_the_card():
    """"Starting with the first player and going around the table clockwise, each player has a
    chance to use the special abilities of the cards of their suit that are played to the table
    ... most of the abilities cost an influence marker. The influence markers must belong to the
    player using the ability, and must come from off the card being used." (GAMES.md: paid from
    markers on that card; spent markers go back to their owner's pool.)"""
    state = tabled(first=1)
    act(state, "done")  # seat 1: no markers on 6R, but Trade is free
    act(state, "place 2 on 1", "done")  # seat 2 puts two on 1W (three places from 4P)
    act(state, "place 1 on 1", "done")  # seat 0 one on his Queen
    assert state.phase == "abilities" and state.current_player == 1
    assert [str(a) for a in state.legal_actions()] == ["use 6 on 5", "use 6 on 7", "done"]
    act(state, "use 6 on 7")
    assert state.scores[1] == 1
    assert state.current_player == 0  # seat 1 has used all he can; seat 2 owns no ability
    assert [str(a) for a in state.legal_actions()] == ["use 1", "done"]
    refused(state, "use 5", "Muster costs 1 of your markers on 5W")
    refused(state, "use 3", "3R is not a card of your suit")
    act(state, "use 1")
    assert state.markers[0] == [0, 0, 2] and state.pools[0] == 12
    assert state.phase == "cup"


def test_each_ability_once_a_turn_but_the_warriors_again():
    """"Each ability can only be used once per turn except for the warriors (5s)\""""
    state = tabled(first=0)
    act(state, "place 2 on 1", "place 3 on 5")  # all five of his markers
    finish_placing(state)
    assert state.phase == "abilities" and state.current_player == 0
    act(state, "use 1")
    refused(state, "use 1", "used this round")
    act(state, "use 5", "use 5")
    assert [str(a) for a in state.legal_actions()] == ["use 5", "done"]
    act(state, "use 5")
    assert state.scores[0] == 4 and state.markers[4][0] == 0 and state.pools[0] == 11
    finish_abilities(state)  # seat 1 lets his free Trade go
    skip_revolts(state)
    assert state.round == 2  # a new turn: the Queen may be used again
    until(state, 0)
    act(state, "place 1 on 1", "done")
    finish_placing(state)
    while state.current_player != 0:
        act(state, "done")
    assert "use 1" in map(str, state.legal_actions())


def test_random_games_with_an_ability_table_keep_the_contract():
    """The abilities phase, when a table has entries, plays to the end like the rest: cards
    kept, clones equal, determinizations keeping the seat's view, every legal move accepted."""
    game = Tabled(4)
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        used = 0
        while not state.is_terminal:
            assert sorted(state.card_census()) == sorted(VIASHI_54.cards)
            legal = state.legal_actions()
            seat = state.current_player
            if state.phase == "abilities":
                used += 1
                twin = state.determinize(seat, random.Random(seed))
                assert twin.view(seat) == state.view(seat) and twin.legal_actions() == legal
                assert state.clone() == state
            state.apply(legal[rng.randrange(len(legal))])
            assert len(state.history) <= game.max_decisions()
        assert used


# Revolts and rumpuses --------------------------------------------------------------------------
def test_revolts_run_from_the_fools_end_to_the_queens():
    """"Start at the lowest card (where the fool started) and work towards the highest card.
    Everyone with markers on each card can chose as many markers as they desire into the cup."
    Cards nobody has markers on are passed over."""
    state = start(first=0)
    act(state, "place 1 on 1", "place 1 on 9", "done")
    act(state, "place 2 on 9", "done")  # seat 1: 9W is two from 7R
    act(state, "place 2 on 8", "place 1 on 1", "done")
    order = []
    while state.phase in ("cup", "revolt"):
        if state.phase == "cup":
            order.append((state.at + 1, state.current_player))
            act(state, "put 0")
    assert order == [(9, 0), (9, 1), (8, 2), (1, 0), (1, 2)]


def test_only_markers_on_the_card_go_in_the_cup():
    """"Everyone with markers on each card can chose as many markers as they desire into the
    cup.\""""
    state = start(first=2)
    act(state, "place 3 on 4")
    finish_placing(state)
    assert state.phase == "cup" and state.at == 3 and state.current_player == 2
    assert [str(a) for a in state.legal_actions()] == ["put 0", "put 1", "put 2", "put 3"]
    refused(state, "put 4", "you have 3 markers on 4P")
    refused(state, "leave", "put some of your markers")


def test_the_drawn_marker_owner_decides_and_the_cup_goes_back_to_the_pools():
    """"One marker is drawn, and the player that owns that marker decides ... The remaining
    markers in the cup are returned to their owner's pool." (Ruling: the drawn one too.)"""
    state = start(first=2)
    act(state, "place 3 on 4")
    finish_placing(state)
    act(state, "put 2")
    assert state.markers[3][2] == 1
    assert state.phase == "revolt" and state.current_player == 2
    assert state.pools[2] == 12 - 3 + 2
    assert state.view(0)["revolt"]["cup"] == [0, 0, 2]
    # His own card: no takeover; a neighbour either side, or leave it.
    assert [str(a) for a in state.legal_actions()] == ["swap left", "swap right", "leave"]


def test_the_draw_is_from_the_markers_in_the_cup():
    """"One marker is drawn": each marker in the cup is as likely as any other, and what the
    cup will draw is in no view before it happens."""
    state = start(first=0)
    act(state, "place 3 on 1", "done")
    act(state, "done")
    act(state, "place 1 on 1", "done")  # seat 2: 1W is three from 4P
    act(state, "put 3")
    assert state.current_player == 2
    drawn = []
    for i in range(400):
        twin = state.determinize(2, random.Random(i))
        assert twin.view(2) == state.view(2)
        twin.apply(twin.game.parse_action(twin, "put 1"))
        drawn.append(twin.drawn)
    assert set(drawn) == {0, 2}
    assert 0.65 < drawn.count(0) / len(drawn) < 0.85  # three markers of four are seat 0's


def test_take_over_swaps_in_the_same_rank_from_hand_and_moves_the_markers():
    """"decides to take over that card (swap the current card with one of the same rank from
    that player's hand -- all markers still on the card are moved to the new card)". Ruling:
    the card replaced in a takeover goes back to its suit's owner."""
    state = start(first=2)
    act(state, "place 2 on 2", "done")  # seat 2 on 2W, two cards from his 4P
    act(state, "place 2 on 2", "done")  # seat 0 on his own 2W
    act(state, "done")
    assert (state.at, state.current_player) == (1, 2)
    act(state, "put 1")
    act(state, "put 0")
    assert state.drawn == 2
    act(state, "take over")
    assert state.row[1] == "2P"
    assert "2P" not in state.hands[2] and "2W" in state.hands[0]
    assert state.markers[1] == [2, 0, 1]  # the markers left on the card are on 2P now
    assert sorted(state.card_census()) == sorted(VIASHI_54.cards)


def test_no_take_over_of_ones_own_card():
    """A takeover swaps in "one of the same rank from that player's hand": a player holds no
    other card of the rank of his own card in the row."""
    state = start(first=2)
    act(state, "place 1 on 4")
    finish_placing(state)
    act(state, "put 1")
    refused(state, "take over", "4P is your own card")


def test_swap_with_a_neighbour_the_markers_stay_on_their_cards():
    """"to swap the card with either one of it's neighbors (markers stay on the card when it
    swaps)\""""
    state = start(first=2)
    act(state, "place 2 on 4", "done")  # seat 2 on his 4P
    act(state, "place 1 on 5", "done")  # seat 0 on his 5W
    act(state, "done")
    assert state.at == 4  # 5W revolts first: it lies nearer the Fool's end
    act(state, "put 1", "swap left")
    assert state.row[3:5] == ["5W", "4P"]
    assert state.markers[3] == [0, 0, 0] and state.markers[4] == [0, 0, 2]
    assert state.phase == "cup" and state.at == 4  # 4P's revolt, at its new place
    act(state, "put 1", "swap right")
    assert state.row == ["1W", "2W", "3R", "5W", "6R", "4P", "7R", "8P", "9W"]
    assert state.markers[4] == [0, 0, 0] and state.markers[5] == [0, 0, 1]


def test_swap_off_the_end_of_the_row_is_refused():
    """A card swaps with "either one of it's neighbors": the Queen's end has none to its left."""
    state = start(first=0)
    act(state, "place 1 on 1", "done")
    finish_placing(state)
    act(state, "put 1")
    assert [str(a) for a in state.legal_actions()] == ["swap right", "leave"]
    refused(state, "swap left", "no card to the left of place 1")


def test_leave_it_where_it_is():
    """"or to leave it where it is.\""""
    state = start(first=0)
    act(state, "place 1 on 9", "done")
    finish_placing(state)
    act(state, "put 1", "leave")
    assert state.row == ROW and state.pools[0] == 12 and state.phase == "influence"


def test_an_empty_cup_draws_nothing():
    """Interpretation: if nobody puts a marker in the cup, there is nothing to draw and the card
    stays where it is."""
    state = start(first=0)
    act(state, "place 1 on 9", "done")
    finish_placing(state)
    act(state, "put 0")
    assert state.phase == "influence" and state.row == ROW and state.markers[8][0] == 1


def test_every_card_revolts_once():
    """Interpretation (revolt_by=card): "Start at the lowest card (where the fool started) and
    work towards the highest card": each card revolts once, in the order the row lay when the
    revolts began, wherever a swap has moved it."""
    state = start(first=0)
    act(state, "place 2 on 5", "done")
    finish_placing(state)
    act(state, "put 1", "swap left")  # 5W moves to place 4, 4P to place 5
    assert state.row[3:5] == ["5W", "4P"]
    assert state.phase == "influence"  # 5W's revolt is over; nobody has markers elsewhere


def test_revolt_by_place_visits_each_place_once():
    """Option revolt_by=place (the other reading of "Start at the lowest card ... and work
    towards the highest card"): each place revolts once, with whatever card lies there."""
    state = start(first=0, revolt_by="place")
    act(state, "place 3 on 5", "done")
    finish_placing(state)
    act(state, "put 1", "swap left")
    assert state.phase == "cup" and state.at == 3 and state.row[3] == "5W"  # again, at place 4
    act(state, "put 1", "swap left")
    assert state.row[2:5] == ["5W", "3R", "4P"] and state.phase == "cup" and state.at == 2


def test_secret_cup_hides_the_shares_until_the_draw():
    """Option secret_cup: how many markers each player put in the cup is not seen until the
    draw; a determinization resamples only those hidden shares."""
    state = start(first=0, secret_cup=True)
    act(state, "place 3 on 1", "done")
    act(state, "done")
    act(state, "place 2 on 1", "done")
    act(state, "put 2")
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view["revolt"]["cup"] == [None, 0, 0]
        assert view["markers"][0] == [3, 0, 2]  # as if still on the card
        assert "seat 0 puts markers in the cup" in view["log"]
    assert state.view(0)["revolt"]["cup"] == [2, 0, 0]
    assert state.view(0)["markers"][0] == [1, 0, 2]
    shares = set()
    for i in range(20):
        twin = state.determinize(2, random.Random(i))
        assert twin.view(2) == state.view(2)
        shares.add(twin.cup[0])
    assert len(shares) > 1
    act(state, "put 1")
    assert state.view(1)["revolt"]["cup"] == [2, 0, 1]
    assert any("the cup holds seat 0 2, seat 2 1" in line for line in state.view(1)["log"])


# Scoring ---------------------------------------------------------------------------------------
def test_points_are_the_rank_difference_of_same_suit_neighbours():
    """"Points are scored when two cards of the same suit lie next to eachother. The amount of
    points scored is equal to the difference between the two ranks. So a princess (4) and a
    warrior (5) sitting next to each other score 1, but a king (2) and a worker (7) score 5. A
    combination of a queen (1), merchant (6), and prince (3) in a row would score 8\""""
    owner = {"W": 0, "R": 1, "P": 2}
    assert row_points(["4W", "5W"], owner, 3) == [1, 0, 0]
    assert row_points(["2R", "7R"], owner, 3) == [0, 5, 0]
    assert row_points(["1P", "6P", "3P"], owner, 3) == [0, 0, 8]
    assert row_points(["1P", "6W", "3P"], owner, 3) == [0, 0, 0]
    assert row_points(ROW, owner, 3) == [1, 1, 0]


def test_the_first_round_is_not_scored():
    """"The first turn is a non-scoring round.\""""
    state = start(first=0)
    play_round(state)
    assert state.round == 2 and state.scores == [0, 0, 0]
    play_round(state)
    assert state.scores == [1, 1, 0]  # 1W-2W for Winds, 6R-7R for Flames


def test_the_next_first_player_is_on_the_left():
    """"At the end of the scoring phase the player to the left of the first player is designated
    the new "first player" and next round begins with everyone collecting their influence
    markers." (Ruling: markers stay on their cards between rounds.)"""
    state = start(first=2)
    act(state, "place 3 on 4")
    finish_placing(state)
    skip_revolts(state)
    assert state.first == 0 and state.current_player == 0 and state.round == 2
    assert state.markers[3][2] == 3
    play_round(state)
    assert state.first == 1 and state.current_player == 1


def test_twenty_points_win_with_three_players():
    """"The first player to reach 20 points in a three player game, or twelve points in a four
    player game wins." Winds here score 4 a round (1W 2W 3W 4W 5W)."""
    row = ["1W", "2W", "3W", "4W", "5W", "6R", "7P", "8R", "9P"]
    state = start(row, first=0)
    assert state.game.target() == 20
    for _ in range(5):
        play_round(state)
    assert state.scores == [16, 0, 0] and not state.is_terminal
    play_round(state)
    assert state.scores == [20, 0, 0] and state.is_terminal
    assert state.view(None)["winners"] == [0] and state.returns() == [20.0, 0.0, 0.0]
    assert state.current_player is None and state.legal_actions() == []
    refused(state, "done", "the game is over")


def test_twelve_points_win_with_four_players():
    """"or twelve points in a four player game wins." Winds score 4 a round, from round 2."""
    row = ["1W", "2W", "3W", "4W", "5W", "6R", "7P", "8B", "9R"]
    state = start(row, players=4, first=0)
    assert state.game.target() == 12
    for _ in range(3):
        play_round(state)
    assert state.scores == [8, 0, 0, 0] and not state.is_terminal
    play_round(state)
    assert state.is_terminal and state.view(None)["winners"] == [0]


def test_players_reaching_the_target_together():
    """Interpretation: if several reach the target in the same scoring, the highest score wins;
    equal highest scores share the win. Winds and Stones score 2 a round each here."""
    row = ["1W", "2W", "3W", "4R", "5P", "6P", "7P", "8R", "9W"]
    state = start(row, first=0, points=4)
    for _ in range(3):
        play_round(state)
    assert state.scores == [4, 0, 4] and state.is_terminal
    assert state.view(None)["winners"] == [0, 2]


def test_the_points_and_round_cap_options():
    """Options: points (a target of one's own) and round_cap (the engine's guard: the game
    stops drawn when nobody has won by then)."""
    state = start(first=0, points=1)
    play_round(state)
    play_round(state)
    assert state.is_terminal and state.view(None)["winners"] == [0, 1]
    row = ["1W", "2R", "3P", "4W", "5R", "6P", "7W", "8R", "9P"]  # no neighbours of a suit
    state = start(row, first=0, round_cap=3)
    for _ in range(3):
        play_round(state)
    assert state.is_terminal and state.round == 3 and state.view(None)["winners"] == []
    with pytest.raises(parlour.OptionError):
        parlour.load("politics", round_cap=1)


# Views, terminal and the computer player -------------------------------------------------------
def test_views_show_the_whole_table_and_nothing_to_come():
    """Every card is open once dealt (a hand is its suit less the row); the view never holds
    the generator, so no cup draw or die roll shows before it happens."""
    state = start(first=0)
    view = state.view(1)
    json.dumps(view)
    assert view["hands"] == state.hands and view["row"] == ROW
    twin = state.determinize(1, random.Random(3))
    assert twin.view(1) == view and twin.row == state.row and twin.hands == state.hands
    assert twin.rng.getstate() != state.rng.getstate()


def test_render_shows_the_row_markers_pools_and_scores():
    """The terminal shows the row with each seat's markers on every card, and each player's
    pool and score."""
    state = start(first=0)
    act(state, "place 3 on 1", "done")
    text = state.game.render(state.view(1))
    lines = text.splitlines()
    assert any(line.split() == ["card", *ROW] for line in lines)
    assert any(line.split() == ["seat", "0", "3"] + ["."] * 8 for line in lines)
    assert "seat 0: Winds (W)     pool  9  score   0" in text
    assert "seat 1 may still place 6 markers this round" in text


def test_the_heuristic_beats_random_players():
    """The heuristic agent (one seat, the rest random) wins far more than its share."""
    game = parlour.load("politics", players=3)
    wins = 0
    for k in range(12):
        seat = k % 3
        agents = [PoliticsHeuristic(seed=k) if s == seat else RandomAgent(seed=100 * k + s)
                  for s in range(3)]
        state = game.new_state(seed=k)
        while not state.is_terminal:
            player = state.current_player
            state.apply(agents[player].choose(state, player))
        wins += state.view(None)["winners"] == [seat]
    assert wins >= 8


def test_the_heuristic_chooses_alike_from_the_position_and_from_the_view():
    """The computer player's choice is the core's (heuristic_choice), whether it reads the
    position or only what the seat's view shows; the events count every placement, and every
    marker drawn from the cup (the core's chances after the deal) ends in one revolt outcome."""
    rng = random.Random(3)
    for options in ({}, {"secret_cup": True, "revolt_by": "place"},
                    {"distance_limit": "on_card", "players": 4}):
        game = parlour.load("politics", **options)
        for seed in range(4):
            state = game.new_state(seed=seed)
            play_asking_both(state, PoliticsHeuristic(seed), rng, 0.2)
            counts = state.event_counts()
            assert counts["placed"] == Counter(type(a) for a in state.history)[Place]
            outcomes = counts["took over"] + counts["swapped"] + counts["left"]
            assert outcomes == counts["drawn"] == state.core.chances - 1
