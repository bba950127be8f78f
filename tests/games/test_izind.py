"""Izind scenarios from stacked decks. Each test quotes the rule sentence (seed 001) or the GAMES.md
ruling it checks.

A stacked deck is read the way the game deals it: every 1 starts a tower in deck order (0a, 1a,
0b, 1b, ...), the other cards go to the hands round robin from seat 0 (3 each), then form the
draw pile; after each play the player draws the next card. `stack` builds such a deck from the
cards each seat should draw in turn."""

import random
from collections import Counter

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction, OptionError
from parlour.agents import RandomAgent
from parlour.fast.core import NOBODY, Rng
from parlour.fast.izind import census, position as core_position
from parlour.games.izind import NUMBER, PASS, REDRAW, IzindHeuristic, Play

FILLER = [7, 6, 8, 5, 9, 4, 3, 10, 2, 0, 1]  # 0: the elephants and the devil
BASE_ONES = ["1bat", "1shark", "1tapir", "1snake"]  # 0a 1bat, 1a 1shark, 0b 1tapir, 1b 1snake


def stack(game, seq0=(), seq1=(), ones=BASE_ONES, tail=()):
    """The 1s, then seat 0's and seat 1's draws alternately (the first three of each are the
    hands), then `tail` (the draw pile from there on), then every other card."""
    full = Counter(game.deck().cards)
    seq0, seq1 = list(seq0), list(seq1)
    used = Counter(ones) + Counter(seq0) + Counter(seq1) + Counter(tail)
    assert not used - full, "the stack uses a card the deck does not have"
    # Fillers come from the middle numbers first: they play on the fewest towers early on.
    rest = sorted((full - used).elements(), key=lambda c: FILLER.index(NUMBER.get(c, 0)))
    assert all(NUMBER.get(c) != 1 for c in rest), "every 1 must be placed"
    while len(seq0) < max(3, len(seq1)):
        seq0.append(rest.pop(0))
    while len(seq1) < len(seq0):
        seq1.append(rest.pop(0))
    deck = list(ones) + [c for pair in zip(seq0, seq1) for c in pair] + list(tail) + rest
    assert Counter(deck) == full
    return deck


def play(state, *texts):
    for text in texts:
        state.apply(state.game.parse_action(state, text))


def refused(state, text, reason):
    """The move is refused with a reason naming `reason`, and nothing changes."""
    before = state.clone()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.game.parse_action(state, text))
    assert state == before


def ladder(game, extra0=(), extra1=()):
    """Seat 0 builds 0a with the bats 2..9 and seat 1 builds 1a with the sharks 2..9; then seat 0
    is to play holding extra0[:3] and seat 1 holds extra1[:3]."""
    seq0 = [f"{n}bat" for n in range(2, 10)] + list(extra0)
    seq1 = [f"{n}shark" for n in range(2, 10)] + list(extra1)
    state = game.new_state(deck=stack(game, seq0, seq1))
    for n in range(2, 10):
        play(state, f"{n}bat on 0a", f"{n}shark on 1a")
    assert state.view(0)["towers"][0][0][-1] == "9bat"
    assert state.view(1)["towers"][1][0][-1] == "9shark"
    return state


def plays_of(state):
    return [(a.card, a.owner, a.lane) for a in state.legal_actions() if isinstance(a, Play)]


# The deal ------------------------------------------------------------------------------------
def test_each_player_has_three_lanes_two_on_a_one_and_a_wildcard():
    """Seed: "At the start, each player has 3 lanes, two of which hold the 1 of some suit (dealt
    randomly at the start of the game) and the third of which holds a wildcard." GAMES.md:
    "two start on a random 1 (all four 1s are dealt this way), one on the wildcard." And
    "Players draw hands of 3 cards from the deck"."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["3bat", "4bat", "5bat"],
                                      ["3shark", "4shark", "5shark"],
                                      ones=["1snake", "1bat", "1shark", "1tapir"]))
    view = state.view(0)
    assert view["towers"] == [[["1snake"], ["1shark"], []], [["1bat"], ["1tapir"], []]]
    assert view["hand"] == ["3bat", "4bat", "5bat"]
    assert state.view(1)["hand"] == ["3shark", "4shark", "5shark"]
    assert view["hand_counts"] == [3, 3]
    assert view["deck_count"] == 42 - 4 - 6
    firsts = set()
    for seed in range(40):
        towers = game.new_state(seed=seed).view(None)["towers"]
        ones = sorted(towers[p][lane][0] for p in (0, 1) for lane in (0, 1))
        assert ones == sorted(BASE_ONES)
        assert towers[0][2] == [] and towers[1][2] == []
        firsts.add(towers[0][0][0])
    assert len(firsts) == 4, "the 1s are dealt at random"


def test_maunwe_five_lanes_four_on_a_one_and_one_wildcard():
    """GAMES.md: "`maunwe` (5 lanes, four on a 1 and one wildcard, complete 3 of 5, the maunwe
    pack of the deck table, devil card = black elephant)"; the pack is "two copies of the Xuni
    suits 1..10, one white elephant and one devil card"."""
    game = parlour.load("izind", maunwe=True)
    assert len(game.deck()) == 82
    state = game.new_state(seed=3)
    towers = state.view(None)["towers"]
    assert [len(t) for t in towers] == [5, 5]
    ones = [t[0] for p in (0, 1) for t in towers[p][:4]]
    assert sorted(ones) == sorted(BASE_ONES * 2)
    assert towers[0][4] == [] and towers[1][4] == []
    assert state.view(None)["need"] == 3


# Plays -----------------------------------------------------------------------------------------
def test_one_higher_and_the_same_or_next_suit():
    """Seed: "the card must be one number higher than the card currently at the top of the tower,
    and must have either the same suit, or the next suit in the order bat → tapir → snake →
    shark → bat." Towers: 0a 1bat, 0b 1tapir, 1a 1shark, 1b 1snake, wildcards 0c and 1c."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2tapir", "2snake", "3bat"]))
    assert plays_of(state) == [
        ("2tapir", 0, 0), ("2tapir", 0, 1), ("2tapir", 0, 2), ("2tapir", 1, 2),
        ("2snake", 0, 1), ("2snake", 0, 2), ("2snake", 1, 1), ("2snake", 1, 2)]
    refused(state, "2snake on 0a", "next in the cycle, tapir")
    refused(state, "2tapir on 1b", "snake or the next in the cycle, shark")
    refused(state, "3bat on 0a", "one number higher")
    play(state, "2tapir on 0a")
    assert state.view(0)["towers"][0][0] == ["1bat", "2tapir"]


def test_the_cycle_wraps_from_shark_to_bat():
    """Seed: "the next suit in the order bat → tapir → snake → shark → bat": a bat follows a
    shark."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2bat", "2shark", "3bat"]))
    assert plays_of(state) == [
        ("2bat", 0, 0), ("2bat", 0, 2), ("2bat", 1, 0), ("2bat", 1, 2),
        ("2shark", 0, 2), ("2shark", 1, 0), ("2shark", 1, 1), ("2shark", 1, 2)]
    play(state, "2bat on 1a")
    assert state.view(0)["towers"][1][0] == ["1shark", "2bat"]


def test_a_two_of_any_suit_on_the_wildcard():
    """Seed: "A 2 of any suit may be played on top of the wildcard." Nothing else but an
    elephant goes there; the tower then follows its 2."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2snake", "3snake", "5bat"],
                                      ["2shark", "9bat", "9tapir"]))
    refused(state, "3snake on 0c", "only a 2")
    play(state, "2snake on 0c", "2shark on 1a")
    play(state, "3snake on 0c")
    assert state.view(0)["towers"][0][2] == ["2snake", "3snake"]


def test_cards_may_go_on_the_opponents_towers():
    """Seed: "must play a card on one of the towers, either theirs or their opponents"."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2shark", "5bat", "5tapir"]))
    play(state, "2shark on 1a")
    assert state.view(None)["towers"][1][0] == ["1shark", "2shark"]
    assert state.current_player == 1


def test_the_white_elephant_on_anything_and_anything_on_it():
    """Seed: "The white elephant can be played on any card, and any card can be played on it
    (including cards of a lower number than cards already played in the tower)." The tower then
    follows the card played on the elephant."""
    game = parlour.load("izind")
    seq0 = ["2bat", "3bat", "white", "2tapir", "9snake", "7bat", "3snake"]
    seq1 = ["2shark", "3shark", "4shark", "5shark", "6shark", "7shark", "8shark"]
    state = game.new_state(deck=stack(game, seq0, seq1))
    play(state, "2bat on 0a", "2shark on 1a", "3bat on 0a", "3shark on 1a")
    whites = [(o, lane) for card, o, lane in plays_of(state) if card == "white"]
    assert whites == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    play(state, "white on 0a", "4shark on 1a")
    on_white = {card for card, o, lane in plays_of(state) if (o, lane) == (0, 0)}
    assert on_white == {"2tapir", "9snake", "7bat"}  # the whole hand, the 2 below the 3bat too
    play(state, "2tapir on 0a", "5shark on 1a")
    assert state.view(0)["towers"][0][0] == ["1bat", "2bat", "3bat", "white", "2tapir"]
    assert ("3snake", 0, 0) in plays_of(state)
    refused(state, "9snake on 0a", "one number higher")


def test_the_black_elephant_on_anything_and_nothing_on_it():
    """Seed: "The black elephant can be played on any card, however, no cards may be played on
    it." Not even the white elephant."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["black", "2bat", "2tapir"],
                                      ["2shark", "2snake", "white"]))
    blacks = [(o, lane) for card, o, lane in plays_of(state) if card == "black"]
    assert blacks == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    play(state, "black on 1a")
    assert all((o, lane) != (1, 0) for _, o, lane in plays_of(state))
    refused(state, "2shark on 1a", "nothing may be played on the black elephant")
    refused(state, "white on 1a", "nothing may be played on the black elephant")


def test_an_elephant_may_go_on_a_wildcard_lane():
    """GAMES.md ruling: "an elephant may go on a wildcard lane"; then any card goes on the white
    one, and none on the black one."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["white", "7snake", "8snake"],
                                      ["black", "5bat", "5tapir"]))
    play(state, "white on 0c", "black on 1c")
    assert state.view(None)["towers"][0][2] == ["white"]
    assert state.view(None)["towers"][1][2] == ["black"]
    play(state, "7snake on 0c")
    assert state.view(None)["towers"][0][2] == ["white", "7snake"]
    refused(state, "5bat on 1c", "black elephant")


def test_a_valid_play_must_be_made():
    """Seed: "[players] must play a card on one of the towers"; only "If a player has no valid
    plays" may he redraw, and only then pass."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2bat", "5snake", "6snake"]))
    assert REDRAW not in state.legal_actions() and PASS not in state.legal_actions()
    refused(state, "redraw", "must play")
    refused(state, "pass", "must play")


def test_hands_are_refilled_to_three_at_the_end_of_every_turn():
    """GAMES.md: "Hands of 3, refilled to 3 at the end of every turn." After a play the player
    draws the top card of the deck."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2bat", "5snake", "6snake", "8tapir"],
                                      ["2shark", "5bat", "5tapir", "9tapir"]))
    play(state, "2bat on 0a")
    assert state.view(0)["hand"] == ["8tapir", "5snake", "6snake"]
    assert state.view(0)["deck_count"] == 32 - 1
    play(state, "2shark on 1a")
    assert state.view(1)["hand"] == ["5bat", "5tapir", "9tapir"]


# No valid play: redraw and pass ----------------------------------------------------------------
def test_no_valid_play_discard_the_hand_and_draw_a_new_one_at_most_twice():
    """Seed: "If a player has no valid plays, then they may discard their hand and draw a new
    hand up to 2 times per turn." The old hand goes to the discard pile; the count starts again
    next turn."""
    game = parlour.load("izind")
    tail = ["6bat", "6tapir", "6snake", "7bat", "7tapir", "7snake", "9bat"]
    state = game.new_state(deck=stack(game, ["5bat", "5tapir", "5snake"],
                                      ["2shark", "8bat", "8tapir"], tail=tail))
    assert state.legal_actions() == [REDRAW, PASS]
    play(state, "redraw")
    view = state.view(0)
    assert view["discard"] == ["5bat", "5tapir", "5snake"]
    assert view["hand"] == ["6bat", "6tapir", "6snake"]
    assert view["redraws"] == 1 and state.current_player == 0
    play(state, "redraw")
    assert state.view(0)["hand"] == ["7bat", "7tapir", "7snake"]
    assert state.view(0)["discard"] == ["5bat", "5tapir", "5snake", "6bat", "6tapir", "6snake"]
    refused(state, "redraw", "2 times")
    play(state, "pass")
    assert state.current_player == 1 and state.view(1)["redraws"] == 0


def test_still_no_valid_play_must_pass_and_a_new_hand_with_a_play_must_be_played():
    """Seed: "If they still have no valid plays, they must pass." A new hand that holds a valid
    play must be played from."""
    game = parlour.load("izind")
    tail = ["6bat", "6tapir", "6snake", "7bat", "2tapir", "7snake"]
    state = game.new_state(deck=stack(game, ["5bat", "5tapir", "5snake"],
                                      ["2shark", "8bat", "8tapir"], tail=tail))
    play(state, "redraw")
    assert state.legal_actions() == [REDRAW, PASS]
    play(state, "redraw")
    assert state.view(0)["hand"] == ["7bat", "2tapir", "7snake"]
    assert PASS not in state.legal_actions()
    refused(state, "pass", "must play")


def test_three_passes_allowed_the_fourth_loses():
    """Seed: "A player may pass 3 times per game; if they pass a 4th time, they automatically
    lose." """
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["5bat", "5tapir", "5snake"],
                                      ["2shark", "3shark", "2snake"],
                                      tail=["9bat", "9tapir", "9snake"]))
    for answer in ("2shark on 1a", "3shark on 1a", "2snake on 1c"):
        assert state.legal_actions() == [REDRAW, PASS]
        play(state, "pass")
        assert not state.is_terminal
        play(state, answer)
    assert state.view(None)["passes"] == [3, 0]
    play(state, "pass")
    assert state.is_terminal and state.view(None)["lost_by_passes"]
    assert state.returns() == [0.0, 1.0]


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_is_empty():
    """Seed: "When the deck is empty, the entire discard pile is shuffled and becomes the new
    deck." GAMES.md: "(not the towers)". Checked at every draw of many games: the discard pile
    moves into the deck only when a draw finds the deck empty, all of it, and nothing else
    does."""
    reshuffles = 0
    for options in ({}, {"maunwe": True}):
        game = parlour.load("izind", **options)
        for seed in range(60):
            state = game.new_state(seed=seed)
            agents = [IzindHeuristic(seed=seed), IzindHeuristic(seed=seed + 1)]
            while not state.is_terminal:
                seat = state.current_player
                action = agents[seat].choose(state, seat)
                pile, discard = list(state.pile), list(state.discard)
                hand, towers = list(state.hands[seat]), state.view(None)["towers"]
                state.apply(action)
                if state.is_terminal:
                    break
                new_hand, new_pile, new_discard = state.hands[seat], state.pile, state.discard
                if isinstance(action, Play):
                    hand.remove(action.card)
                    towers[action.owner][action.lane].append(action.card)
                assert state.view(None)["towers"] == towers
                if action == REDRAW:
                    discard += hand
                    hand = []
                need = 3 - len(hand)
                if need > len(pile) and discard:
                    reshuffles += 1
                    assert new_discard == []
                    assert Counter(new_pile + new_hand) == Counter(pile + discard + hand)
                else:
                    assert new_discard == discard
                    assert new_pile == pile[:max(0, len(pile) - need)]
    assert reshuffles > 0


# Completing a tower ----------------------------------------------------------------------------
def test_a_ten_completes_the_tower_and_its_owner_wins():
    """Seed: "A player wins when they have completed a tower, by playing a 10 on top of it."
    GAMES.md ruling: "a 10 on a tower completes it and the tower's owner wins"."""
    game = parlour.load("izind")
    state = ladder(game, ["10bat", "5snake", "6snake"])
    assert not state.is_terminal
    play(state, "10bat on 0a")
    assert state.is_terminal and state.returns() == [1.0, 0.0]
    assert state.view(None)["completed"][0] == [0, None, None]


def test_a_ten_on_the_opponents_tower_wins_for_him_or_with_ten_wins_player_for_the_player():
    """GAMES.md ruling: "a 10 on a tower completes it and the tower's owner wins (option
    `ten_wins=player`: the player who played it)"."""
    for ten_wins, returns in (("owner", [0.0, 1.0]), ("player", [1.0, 0.0])):
        game = parlour.load("izind", ten_wins=ten_wins)
        state = ladder(game, ["10shark", "5snake", "6snake"])
        play(state, "10shark on 1a")
        assert state.is_terminal and state.returns() == returns


def test_a_play_that_completes_the_opponents_tower_is_never_compulsory():
    """GAMES.md ruling: "a play that would complete the opponent's tower is never compulsory (a
    player whose only valid plays do that may redraw or pass)"."""
    for ten_wins in ("owner", "player"):
        state = ladder(parlour.load("izind", ten_wins=ten_wins), ["10shark", "5snake", "6snake"])
        assert state.legal_actions() == [Play("10shark", 1, 0), REDRAW, PASS]
        play(state, "pass")
        assert not state.is_terminal and state.current_player == 1


def test_an_elephant_on_a_nine_does_not_complete_but_a_ten_on_the_white_one_does():
    """Seed: "A player wins when they have completed a tower, by playing a 10 on top of it"; by
    default elephants do not complete ("Some rules allow elephants to complete a tower as well"
    is the option). Any card goes on the white elephant, a 10 too."""
    game = parlour.load("izind")
    state = ladder(game, ["white", "10snake", "5snake"], ["2snake", "5tapir", "6tapir"])
    play(state, "white on 0a")
    assert not state.is_terminal and state.view(None)["completed"][0][0] is None
    play(state, "2snake on 1b", "10snake on 0a")
    assert state.is_terminal and state.returns() == [1.0, 0.0]


def test_option_elephants_complete():
    """Seed: "Some rules allow elephants to complete a tower as well". GAMES.md:
    "`elephants_complete` (an elephant on a 9 completes)" - either elephant, the owner wins."""
    game = parlour.load("izind", elephants_complete=True)
    state = ladder(game, ["black", "5snake", "6snake"])
    play(state, "black on 0a")
    assert state.is_terminal and state.returns() == [1.0, 0.0]
    state = ladder(game, ["white", "5snake", "6snake"])
    play(state, "white on 1a")
    assert state.is_terminal and state.returns() == [0.0, 1.0]


def test_option_white_completes():
    """Seed: "there are also rule variants in which the white elephant completes a tower but the
    black elephant does not." GAMES.md: "`white_completes` (only the white one)"."""
    game = parlour.load("izind", white_completes=True)
    state = ladder(game, ["white", "5snake", "6snake"])
    play(state, "white on 0a")
    assert state.is_terminal and state.returns() == [1.0, 0.0]
    state = ladder(game, ["black", "10bat", "6snake"], ["2snake", "5tapir", "6tapir"])
    play(state, "black on 0a")
    assert not state.is_terminal
    play(state, "2snake on 1b")
    refused(state, "10bat on 0a", "black elephant")


def test_elephants_complete_and_white_completes_exclude_each_other():
    """GAMES.md: `elephants_complete` (both elephants) and `white_completes` ("only the white
    one") are two readings of one rule: they cannot both be chosen."""
    with pytest.raises(OptionError):
        parlour.load("izind", elephants_complete=True, white_completes=True)


def test_maunwe_three_of_five_and_a_completed_tower_takes_no_more_cards():
    """Seed (variant): "players have 5 lanes and must complete 3 out of their 5 towers."
    GAMES.md ruling: "a completed tower takes no more cards". Seat 0 completes 0a, 0b, 0c; seat 1
    completes 1a and 1b meanwhile; the game goes on until seat 0's third."""
    game = parlour.load("izind", maunwe=True)
    ones = ["1bat", "1shark", "1bat", "1shark", "1tapir", "1snake", "1tapir", "1snake"]
    bats = [f"{n}bat" for n in range(2, 11)]
    sharks = [f"{n}shark" for n in range(2, 11)]
    seq0 = bats + bats + [f"{n}tapir" for n in range(2, 11)]
    seq1 = sharks + sharks + [f"{n}snake" for n in range(2, 10)]
    state = game.new_state(deck=stack(game, seq0, seq1, ones=ones))
    lanes0 = "a" * 9 + "b" * 9 + "c" * 9
    lanes1 = "a" * 9 + "b" * 9 + "c" * 8
    for turn in range(27):
        if turn == 9:
            assert state.view(None)["credits"] == [1, 1]
            refused(state, "2bat on 0a", "complete")
        play(state, f"{seq0[turn]} on 0{lanes0[turn]}")
        if turn < 26:
            assert not state.is_terminal
            play(state, f"{seq1[turn]} on 1{lanes1[turn]}")
    assert state.is_terminal and state.returns() == [1.0, 0.0]
    assert state.view(None)["credits"] == [3, 2]


def test_maunwe_ten_wins_player_credits_the_player_who_completes():
    """GAMES.md ruling `ten_wins=player` ("the player who played it") with maunwe: a tower
    completed counts toward the 3 of the player who completed it."""
    game = parlour.load("izind", maunwe=True, ten_wins="player")
    ones = ["1bat", "1shark", "1bat", "1shark", "1tapir", "1snake", "1tapir", "1snake"]
    seq0 = [f"{n}bat" for n in range(2, 10)] + ["10shark", "5snake", "6snake"]
    seq1 = [f"{n}shark" for n in range(2, 10)] + ["5tapir", "6tapir", "7tapir"]
    state = game.new_state(deck=stack(game, seq0, seq1, ones=ones))
    for n in range(2, 10):
        play(state, f"{n}bat on 0a", f"{n}shark on 1a")
    play(state, "10shark on 1a")
    assert not state.is_terminal
    assert state.view(None)["credits"] == [1, 0]
    assert state.view(None)["completed"][1][0] == 0


def test_maunwe_devil_card_plays_the_black_elephants_role():
    """Seed (variant): "The devil card has the same role as the black elephant; it can be
    played on any card but cannot be played upon." """
    game = parlour.load("izind", maunwe=True)
    ones = ["1bat", "1shark", "1bat", "1shark", "1tapir", "1snake", "1tapir", "1snake"]
    state = game.new_state(deck=stack(game, ["devil", "5bat", "5tapir"],
                                      ["2shark", "white", "2snake"], ones=ones))
    devils = [(o, lane) for card, o, lane in plays_of(state) if card == "devil"]
    assert devils == [(o, lane) for o in (0, 1) for lane in range(5)]
    play(state, "devil on 1a")
    refused(state, "2shark on 1a", "devil card")
    refused(state, "white on 1a", "devil card")


# Hidden cards, notation, the terminal, the computer player --------------------------------------
def test_views_hide_the_opponents_hand_and_determinize_resamples_only_it_and_the_deck():
    """The hands are the only hidden cards beside the deck's order; towers and the discard pile
    lie face up."""
    game = parlour.load("izind")
    state = game.new_state(seed=11)
    play(state, str(state.legal_actions()[0]))
    view = state.view(0)
    assert view["hand"] == state.hands[0] and "hands" not in view
    assert state.view(None)["hand"] is None
    seen = set()
    for i in range(20):
        twin = state.determinize(0, random.Random(i))
        assert twin.view(0) == view
        assert Counter(twin.hands[1] + twin.pile) == Counter(state.hands[1] + state.pile)
        seen.add(tuple(twin.hands[1]))
    assert len(seen) > 1


def test_determinize_keeps_what_the_seat_sees_and_not_where_the_hidden_cards_lie():
    """The core's determinization for the seat to act keeps its hand, the towers and the discard
    pile, deals the opponent's hand afresh from the same cards, and, from another position the
    seat cannot tell from this one, the same draws deal the same (so where the hidden cards
    really lie does not steer it); from there the core plays to a win drawing at random, every
    card kept."""
    rng = random.Random(11)
    for options in ({}, {"maunwe": True, "elephants_complete": True}):
        game = parlour.load("izind", **options)
        checked = changed = 0
        for seed in range(30):
            state = game.new_state(seed=seed)
            for _ in range(rng.randrange(20)):
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            if state.is_terminal:
                continue
            fast = core_position(state, seed)
            seat = fast.to_act()
            cards = Counter(census(fast))
            draw = rng.getrandbits(32)
            det = fast.determinize(seat, Rng(draw))
            assert det.hands[seat] == fast.hands[seat] and det.discard == fast.discard
            assert det.towers == fast.towers and det.legal() == fast.legal()
            assert Counter(census(det)) == cards
            other = fast.determinize(seat, Rng(rng.getrandbits(32)))
            assert other.determinize(seat, Rng(draw)).key() == det.key()
            changed += det.hands != fast.hands
            checked += 1
            while det.to_act() != NOBODY:
                det.step(rng.choice(det.legal()))
                assert Counter(census(det)) == cards
            assert sorted(det.returns()) == [0.0, 1.0]
        assert checked > 20 and changed > checked // 2, (checked, changed)


def test_the_heuristic_chooses_alike_from_the_position_and_from_the_view():
    """The computer player's choice is the core's (heuristic_choice), whether it reads the
    position or only what the seat's view shows; the events count every play and pass, and a
    reshuffle is the core's one chance event after the deal."""
    rng = random.Random(3)
    for options in ({}, {"ten_wins": "player", "white_completes": True}, {"maunwe": True}):
        game = parlour.load("izind", **options)
        for seed in range(15):
            state = game.new_state(seed=seed)
            play_asking_both(state, IzindHeuristic(seed), rng, 0.2)
            counts = state.event_counts()
            kinds = Counter(type(a) for a in state.history)
            assert counts["played"] == kinds[Play] and counts["redrew"] == kinds[type(REDRAW)]
            assert counts["passed"] + counts["lost by passes"] == kinds[type(PASS)]
            assert counts["won"] == 1 and state.core.chances == 1 + counts["reshuffled"]


def test_notation_reads_what_it_prints_and_refuses_nonsense():
    """docs/rules/izind.md, notation: "3bat on 1a", "3bat 1a", "play 3bat on 1a", "redraw",
    "pass"."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2bat", "5snake", "6snake"]))
    for text in ("2bat on 0a", "2bat 0a", "play 2bat on 0a", "2BAT ON 0A"):
        assert game.parse_action(state, text) == Play("2bat", 0, 0)
    assert game.parse_action(state, "redraw") == REDRAW
    assert game.parse_action(state, "pass") == PASS
    for text in ("2bat on 2a", "2bat on 0d", "11bat on 0a", "hello"):
        with pytest.raises(IllegalAction):
            game.parse_action(state, text)
    for number in range(game.action_space_size):
        assert game.action_id(game.action_from_id(number)) == number


def test_render_draws_the_towers():
    """The terminal shows both players' towers upright, the hand and the piles."""
    game = parlour.load("izind")
    state = game.new_state(deck=stack(game, ["2bat", "black", "6snake"],
                                      ["2shark", "5bat", "5tapir"]))
    play(state, "2bat on 0a", "2shark on 1a", "black on 1b")
    text = game.render(state.view(0))
    lines = text.splitlines()
    assert "your hand:" in text and "6snake" in text
    assert any("0a" in line and "0b" in line and "0c" in line for line in lines)
    assert any("1bx" in line for line in lines), "a blocked tower is marked"
    two = next(i for i, line in enumerate(lines) if "2bat" in line and "on 0a" not in line)
    assert "1bat" in lines[two + 1], "a tower is drawn upright, its 1 below its 2"


def test_render_marks_a_tower_an_elephant_completed_for_seat_0_complete():
    """Seed: "Some rules allow elephants to complete a tower as well": such a tower, topped by
    the black elephant and credited to seat 0 (a seat number that is falsy), is drawn complete
    (*), not blocked (x); an open tower topped by the black elephant is blocked."""
    from parlour.games.izind import _draw_towers
    done_tower = [f"{n}bat" for n in range(1, 10)] + ["black"]
    rows = _draw_towers(1, [done_tower, ["1snake", "black"], ["2shark"]], [0, None, None])
    labels = rows[-1].split()
    assert labels[:3] == ["1a*", "1bx", "1c"]


def test_the_heuristic_beats_random():
    """The heuristic computer player plainly beats the random one, from either seat."""
    game = parlour.load("izind")
    wins = 0
    for seed in range(40):
        seat = seed % 2
        agents = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = IzindHeuristic(seed)
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            s = state.current_player
            state.apply(agents[s].choose(state, s))
        wins += state.returns()[seat] == 1.0
    assert wins >= 34
