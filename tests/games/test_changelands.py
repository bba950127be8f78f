"""Changelands scenarios from stacked decks. Each test quotes the rule sentence (seed 003,
Changelands) or the GAMES.md ruling it checks.

A stacked deck is read the way the game deals it: the top 25 cards make the field row by row
from the north-west corner (a5 b5 .. e5, then a4 .. e4, down to e1), then four cards to each
seat round robin from seat 0, then the draw pile (seat 0 draws its top card at once). Squares
are named as on a chess board: files a-e west to east, ranks 1-5 south to north."""

import random
from collections import Counter

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.agents import RandomAgent
from parlour.core.cards import VIASHI_CARDS
from parlour.games.changelands import (
    STEP,
    STOP,
    ChangelandsHeuristic,
    Replace,
    is_flame,
    parse_cell,
)


def stacked(squares=None, hands=(), pile=(), players=2):
    """A deck whose field holds `squares` (name -> card; other squares get cards that are not
    flames), whose hands start with `hands` and whose draw pile starts with `pile`."""
    squares = {parse_cell(name): card for name, card in (squares or {}).items()}
    used = list(squares.values()) + [c for h in hands for c in h] + list(pile)
    assert len(set(used)) == len(used)
    free = [c for c in VIASHI_CARDS if c not in used]
    field = []
    for square in range(25):
        if square in squares:
            field.append(squares[square])
        else:
            card = next(c for c in free if not is_flame(c))
            free.remove(card)
            field.append(card)
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for hand in hands:
        while len(hand) < 4:
            hand.append(free.pop())
    deck = field + [hands[s][i] for i in range(4) for s in range(players)] + list(pile) + free
    assert Counter(deck) == Counter(VIASHI_CARDS)
    return deck


def new(squares=None, hands=(), pile=(), players=2, **options):
    game = parlour.load("changelands", players=players, **options)
    return game.new_state(seed=1, deck=stacked(squares, hands, pile, players))


def play(state, *texts):
    for text in texts:
        state.apply(state.game.parse_action(state, text))


def refused(state, text, reason):
    before = state.clone()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.game.parse_action(state, text))
    assert state == before


def at(state, square):
    return state.view(None)["field"][5 - int(square[1])]["abcde".index(square[0])]


HAND0 = ["9W", "9G", "9P", "9B"]  # seat 0's cards to change a far square with
HAND1 = ["8W", "8G", "8P", "8B"]


# The field and the seats -----------------------------------------------------------------------
def test_the_top_twenty_five_cards_make_a_five_by_five_field_aligned_to_the_compass():
    """Seed: "the top twenty-five cards are laid out in a five by five grid. The grid is either
    aligned to the compass points, or best guess directions are assigned to each side of the
    grid, N,E,S,W." North is the first row dealt and the top of the drawing."""
    game = parlour.load("changelands")
    deck = stacked({"a5": "Lady", "e5": "1W", "a1": "2G", "e1": "3P", "c3": "4B"})
    state = game.new_state(seed=1, deck=deck)
    field = state.view(0)["field"]
    assert [c for row in field for c in row] == deck[:25]
    assert (at(state, "a5"), at(state, "e5"), at(state, "a1"), at(state, "e1")) == (
        "Lady", "1W", "2G", "3P")
    lines = game.render(state.view(0)).splitlines()
    north = next(i for i, line in enumerate(lines) if "Lady" in line)
    south = next(i for i, line in enumerate(lines) if "3P" in line and "2G" in line)
    assert lines.index(next(line for line in lines if "north" in line)) < north < south
    assert "5" in lines[north].split("[")[0] and "1" in lines[south].split("[")[0]


def test_flames_on_the_corners_are_swapped_and_shuffled_into_the_deck():
    """Seed: "If any of the corner cards are flame cards, those cards are swapped for another
    card, and the flame cards are reshuffled into the deck." The replacement is the next card
    of the deck that is not a flame."""
    game = parlour.load("changelands")
    squares = {"a5": "1R", "e1": "2R"}
    deck = stacked(squares)
    # The first cards after the field: a flame, then two others.
    rest = deck[25:]
    rest.remove("3R")
    rest.remove("5G")
    rest.remove("6G")
    deck = deck[:25] + ["3R", "5G", "6G"] + rest
    state = game.new_state(seed=4, deck=deck)
    assert at(state, "a5") == "5G" and at(state, "e1") == "6G"
    hidden = state.pile + [c for h in state.hands for c in h]
    assert {"1R", "2R", "3R"} <= set(hidden)
    assert Counter(state.card_census()) == Counter(VIASHI_CARDS)
    for seed in range(40):
        field = game.new_state(seed=seed).view(None)["field"]
        assert not any(is_flame(field[r][c]) for r in (0, 4) for c in (0, 4))


def test_seats_south_north_east_west_start_right_and_finish_left():
    """Seed: "Each player's marker is placed on the rightmost card of the row of cards closest
    to them. To win the game a player's marker must reach the leftmost card of the row furthest
    from then". GAMES.md ruling: "seats south, north, east, west in that order"."""
    state = new(players=4)
    view = state.view(None)
    assert view["sides"] == ["south", "north", "east", "west"]
    assert view["starts"] == ["e1", "a5", "e5", "a1"]
    assert view["goals"] == ["a5", "e1", "a1", "e5"]
    assert view["markers"] == view["starts"]
    assert parlour.load("changelands", players=3).new_state(seed=2).view(None)["sides"] == [
        "south", "north", "east"]


def test_four_cards_each_and_a_card_drawn_at_the_start_of_a_turn():
    """Seed: "Each player is dealt four cards. On a players turn, he draws a card"."""
    state = new({"e1": "1W"}, hands=[HAND0, HAND1], pile=["7W", "7G"], players=3)
    view = state.view(0)
    assert view["hand"] == sorted(HAND0 + ["7W"], key=VIASHI_CARDS.index)
    assert view["hand_counts"] == [5, 4, 4]
    play(state, "9W c3", "stop")
    assert state.current_player == 1
    assert state.view(1)["hand"] == sorted(HAND1 + ["7G"], key=VIASHI_CARDS.index)
    assert state.view(1)["hand_counts"] == [4, 5, 4]
    play(state, "8W c2")  # seat 1 on a5 has no step left: a filler wind points off the grid
    assert state.current_player == 2


# Changing a card ---------------------------------------------------------------------------------
def test_replace_one_card_without_a_marker_from_the_hand():
    """Seed: "he must then remove any card from the playing field that does not have a marker on
    it, putting it in the discard pile and replacing it with one from his hand." """
    state = new({"e1": "1W", "c3": "5W"}, hands=[HAND0, HAND1], pile=["7W"])
    refused(state, "n", "first replace")
    refused(state, "stop", "first replace")
    refused(state, "9W a5", "marker")  # seat 1 stands there
    refused(state, "8W c3", "do not hold")
    assert all(a.square != parse_cell("a5") for a in state.legal_actions())
    assert isinstance(state.legal_actions()[0], Replace)
    play(state, "9G c3")
    assert at(state, "c3") == "9G"
    assert state.view(0)["discard"] == ["5W"]
    assert "9G" not in state.view(0)["hand"]
    refused(state, "9W c2", "changed a card already")


def test_the_owner_may_replace_his_own_start_corner_while_on_it():
    """GAMES.md ruling: "a marker on its own start corner may have that card replaced by its
    owner (else a card pointing off the grid strands it)". Nobody else may."""
    state = new({"e1": "1P", "a5": "2P"}, hands=[HAND0, HAND1], pile=["7W", "7G"])
    assert Replace("9W", parse_cell("e1")) in state.legal_actions()
    play(state, "9W e1")
    assert at(state, "e1") == "9W"
    assert [a for a in state.legal_actions()] == [STEP["n"], STOP]
    play(state, "stop")
    assert all(a.square != parse_cell("e1") for a in state.legal_actions())
    refused(state, "8W e1", "marker")


# Movement ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat, square, card, way, target", [
    (0, "e1", "1W", "n", "e2"), (0, "e1", "1B", "w", "d1"), (1, "a5", "1G", "s", "a4"),
    (1, "a5", "1P", "e", "b5")])
def test_each_suit_points_one_way(seat, square, card, way, target):
    """Seed: "A marker sitting on a wind card (white) may only move to the card to the North. A
    marker sitting on a leaf card (green) may only move to the card to the South. A marker
    sitting on a rock card (purple) may only move to the card to the East. A marker sitting on
    a wave card (blue) may only move to the card to the West." """
    # The square stepped to points on along the grid, so the marker stays there.
    squares = {square: card, target: "6" + card[1], "c3": "5W", "e1" if seat else "a5": "5B"}
    state = new(squares, hands=[HAND0, HAND1])
    if seat == 1:
        play(state, "9W c3")  # seat 0 on e1 (a wave) may step west
        play(state, "stop")
    play(state, f"{'8W' if seat else '9W'} c2")
    assert state.legal_actions() == [STEP[way], STOP]
    other = next(d for d in "nesw" if d != way)
    refused(state, other, "may only step")
    play(state, way)
    assert state.view(None)["markers"][seat] == target


def test_a_god_card_moves_one_card_any_way():
    """Seed: "A marker sitting on a god card can move one card North, South, East or West."
    GAMES.md: "god any one"; never off the grid."""
    state = new({"e1": "1W", "e2": "Lady", "e3": "5W", "d2": "6W"}, hands=[HAND0, HAND1])
    play(state, "9W c3", "n")
    assert state.view(None)["markers"][0] == "e2"
    assert state.legal_actions() == [STEP["n"], STEP["s"], STEP["w"], STOP]
    refused(state, "e", "off the grid")
    play(state, "w")
    assert state.view(None)["markers"][0] == "d2"


def test_up_to_three_steps_and_the_marker_may_stop_sooner():
    """Seed: "Next the player may move his marker up to three cards"."""
    squares = {"e1": "1W", "e2": "2W", "e3": "3W", "e4": "4W", "e5": "5B"}
    state = new(squares, hands=[HAND0, HAND1])
    play(state, "9W c3", "n", "n", "n")
    assert state.view(None)["markers"][0] == "e4"
    assert state.current_player == 1, "the third step ends the turn"
    state = new(squares, hands=[HAND0, HAND1])
    play(state, "9W c3", "n", "stop")
    assert state.view(None)["markers"][0] == "e2" and state.current_player == 1
    state = new(squares, hands=[HAND0, HAND1])
    play(state, "9W c3", "stop")
    assert state.view(None)["markers"][0] == "e1" and state.current_player == 1


def test_a_step_may_not_leave_the_grid():
    """Seed: "as long as he does not land off the five by five grid." GAMES.md: "a step may not
    leave the grid". A marker whose card points off the grid has no step: its turn ends."""
    state = new({"e1": "1G"}, hands=[HAND0, HAND1])
    play(state, "9W c3")
    assert state.current_player == 1 and state.view(None)["markers"][0] == "e1"
    state = new({"e1": "Lady", "e2": "5W", "d1": "6W"}, hands=[HAND0, HAND1])
    play(state, "9W c3")
    assert state.legal_actions() == [STEP["n"], STEP["w"], STOP]
    refused(state, "s", "off the grid")
    refused(state, "e", "off the grid")


def test_landing_on_a_card_that_leads_off_the_grid_goes_back_to_start():
    """Seed: "If a marker moves to a spot that leads off the edge of the grid, he must return
    to his starting corner and his turn ends." """
    state = new({"e1": "1W", "e2": "2W", "e3": "3P"}, hands=[HAND0, HAND1])
    play(state, "9W c3", "n")
    assert state.view(None)["markers"][0] == "e2" and state.current_player == 0
    play(state, "n")
    assert state.view(None)["markers"][0] == "e1"
    assert state.current_player == 1


def test_markers_may_not_land_on_flame_cards():
    """Seed: "Markers may not land on flame cards"."""
    state = new({"e1": "Lady", "e2": "1R", "d1": "6W"}, hands=[HAND0, HAND1])
    play(state, "9W c3")
    assert state.legal_actions() == [STEP["w"], STOP]
    refused(state, "n", "flame")
    state = new({"e1": "1W", "e2": "1R"}, hands=[HAND0, HAND1])
    play(state, "9W c3")
    assert state.current_player == 1, "no step is left: the turn ends"


def test_landing_on_a_card_that_leads_to_a_flame_ends_the_turn():
    """Seed: "if a marker lands on a card that leads to a flame card, his turn ends." """
    state = new({"e1": "1W", "e2": "2W", "e3": "1R"}, hands=[HAND0, HAND1])
    play(state, "9W c3", "n")
    assert state.view(None)["markers"][0] == "e2"
    assert state.current_player == 1


def test_reaching_the_goal_corner_wins():
    """Seed: "To win the game a player's marker must reach the leftmost card of the row furthest
    from then before the other players markers do." Reaching it wins even though its card
    points off the grid (docs/rules/changelands.md, interpretations)."""
    squares = {"e1": "1W", "e2": "2W", "e3": "3W", "e4": "4W", "e5": "1B", "d5": "2B",
               "c5": "3B", "b5": "4B", "a5": "5B"}
    state = new(squares, hands=[HAND0, HAND1])
    play(state, "9W c3", "n", "n", "n")
    play(state, "8W c2")  # seat 1 on a5: its wave points off the grid, no step
    play(state, "9G b3", "n", "w", "w")
    assert state.view(None)["markers"][0] == "c5"
    play(state, "8G b2")
    play(state, "9P c1", "w")
    assert not state.is_terminal
    play(state, "w")
    assert state.is_terminal and state.returns() == [1.0, 0.0]
    assert state.current_player is None and state.legal_actions() == []


def test_a_flame_put_under_a_marker_on_its_start_is_discarded_and_replaced():
    """Seed: "If somehow a marker ends up on a flame card the marker should be moved to its
    starting corner. If the starting corner is a flame card, that card should be discarded and
    a new card randomly drawn from the top of the discard deck." GAMES.md: "a flame on a start
    corner is discarded and replaced from the top of the discard pile"."""
    state = new({"e1": "1W"}, hands=[["1R", "9G", "9P", "9B"], HAND1])
    play(state, "1R e1")
    assert at(state, "e1") == "1W"
    assert state.view(0)["discard"] == ["1R"]
    assert state.view(None)["markers"][0] == "e1"
    assert state.legal_actions() == [STEP["n"], STOP]


def test_sent_back_to_a_start_corner_that_holds_a_flame():
    """Seed: "If the starting corner is a flame card, that card should be discarded and a new
    card randomly drawn from the top of the discard deck." Another player may put a flame on an
    empty corner; the marker sent back there finds it replaced."""
    squares = {"e1": "1W", "e2": "2W", "e3": "3P", "c3": "5W", "c2": "6W", "a5": "5B"}
    state = new(squares, hands=[HAND0, ["2R", "8G", "8P", "8B"]])
    play(state, "9W c3", "n", "stop")
    play(state, "2R e1")  # seat 1's marker on a5 cannot step: its turn ends
    assert at(state, "e1") == "2R"
    play(state, "9G c2", "n")  # e3 points east, off the grid: back to e1
    assert state.view(None)["markers"][0] == "e1"
    assert at(state, "e1") == "6W"  # the top of the discard pile: the card c2 gave up
    assert state.view(None)["discard"] == ["5W", "1W", "2R"]
    assert state.current_player == 1


def test_sent_back_to_a_flame_when_the_discards_are_all_flames():
    """docs/rules/changelands.md: the flame is replaced by "the top card of the discard pile that
    is not a flame; if the discard pile has none, the top such card of the draw pile is used"."""
    squares = {"e1": "1W", "e2": "2W", "e3": "3P", "c3": "5W", "b4": "4R", "a5": "5B"}
    state = new(squares, hands=[HAND0, ["2R", "8G", "8P", "8B"]])
    play(state, "9W c3", "n", "stop")
    play(state, "2R e1")
    position = state.core
    position.pile[:0] = position.discard  # the discards so far go under the draw pile
    position.discard = []
    cards = Counter(state.card_census())
    play(state, "9G b4")  # the flame 4R is the only card discarded
    assert state.discard == ["4R"]
    top = next(c for c in reversed(state.pile) if not is_flame(c))
    play(state, "n")  # e3 points east, off the grid: back to e1
    assert state.markers[0] == parse_cell("e1") and at(state, "e1") == top
    assert state.discard == ["4R", "2R"] and top not in state.pile
    assert Counter(state.card_census()) == cards


def test_an_empty_draw_pile_is_made_of_the_shuffled_discards():
    """GAMES.md ruling: "empty draw pile: shuffle the discards". Turns of one change each (no
    marker moves) until a turn starts with the draw pile empty: its draw comes from the whole
    discard pile, shuffled into a new draw pile."""
    state = parlour.load("changelands").new_state(seed=8)
    starts = {parse_cell(s) for s in state.view(None)["starts"]}
    while True:
        seat = state.current_player
        nxt = 1 - seat
        waiting = list(state.hands[nxt])
        empty = state.view(None)["draw_count"] == 0
        change = next(a for a in state.legal_actions()
                      if not is_flame(a.card) and a.square not in starts)
        discard = state.discard + [state.field[change.square]]
        state.apply(change)
        if state.current_player == seat:
            play(state, "stop")
        if empty:
            break
        assert state.view(None)["discard"] == discard
    drawn = Counter(state.hands[nxt]) - Counter(waiting)
    assert sum(drawn.values()) == 1
    assert state.view(None)["discard"] == []
    assert Counter(state.pile) + drawn == Counter(discard)
    assert len(discard) > 10


def test_the_round_limit_draws_the_game():
    """Option round_limit (docs/rules/changelands.md): a game nobody has won after that many
    rounds is drawn, and nobody scores."""
    state = new({"e1": "1G", "a5": "5B"}, hands=[HAND0, HAND1], round_limit=1)
    play(state, "9W c3")
    assert not state.is_terminal
    play(state, "8W c2")
    assert state.is_terminal and state.returns() == [0.0, 0.0]
    assert state.view(None)["drawn"]
    assert "drawn" in state.game.render(state.view(0))


def test_turns_go_round_in_seat_order():
    """GAMES.md: "Seats are numbered from 0 in the order of play"; Changelands' seats are south,
    north, east, west in that order."""
    state = new({"e1": "1G", "a5": "5B", "e5": "5W", "a1": "5G"}, players=4,
                hands=[HAND0, HAND1])
    order = []
    for _ in range(8):
        order.append(state.current_player)
        play(state, str(state.legal_actions()[0]))
        if state.phase == "move" and state.current_player == order[-1]:
            play(state, "stop")
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


# Hidden cards, notation, the terminal, the computer player --------------------------------------
def test_views_hide_other_hands_and_determinize_resamples_only_them_and_the_pile():
    """The hands and the draw pile's order are the only hidden cards; the field and the
    discard pile lie face up."""
    state = parlour.load("changelands", players=3).new_state(seed=5)
    play(state, str(state.legal_actions()[3]))
    view = state.view(0)
    assert view["hand"] == state.hands[0] and state.view(None)["hand"] is None
    seen = set()
    for i in range(20):
        twin = state.determinize(0, random.Random(i))
        assert twin.view(0) == view
        seen.add(tuple(twin.hands[1]))
    assert len(seen) > 1


def test_determinize_deals_alike_wherever_the_hidden_cards_lie():
    """The hands a seat cannot see and the draw pile's order are dealt afresh from those very
    cards: two positions that differ only in where they lie give the same deal, so the real
    places steer nothing the search sees."""
    state = parlour.load("changelands", players=3).new_state(seed=5)
    other = state.clone()
    hands, pile = other.core.hands, other.core.pile
    hands[1][0], pile[0] = pile[0], hands[1][0]
    hands[1].sort()
    assert other.view(0) == state.view(0) and other.hands != state.hands
    for i in range(5):
        one, two = state.determinize(0, random.Random(i)), other.determinize(0, random.Random(i))
        assert one.hands == two.hands and one.pile == two.pile
        assert one.hands[0] == state.hands[0] and one.view(0) == state.view(0)


def test_notation_reads_what_it_prints_and_refuses_nonsense():
    """docs/rules/changelands.md, notation: "9W c3", "put 9W on c3", "n", "north", "step",
    "stop"."""
    state = new({"e1": "1W"}, hands=[HAND0, HAND1])
    game = state.game
    for text in ("9W c3", "put 9W on c3", "9w at C3"):
        assert game.parse_action(state, text) == Replace("9W", parse_cell("c3"))
    for text in ("9W f3", "9W c6", "10W c3", "fly"):
        with pytest.raises(IllegalAction):
            game.parse_action(state, text)
    play(state, "9W c3")
    for text in ("n", "north", "step", "step n", "move north"):
        assert game.parse_action(state, text) == STEP["n"]
    assert game.parse_action(state, "stop") == STOP
    for number in range(game.action_space_size):
        assert game.action_id(game.action_from_id(number)) == number


def test_render_draws_the_grid_with_markers():
    """The terminal draws the 5x5 field, each card with the way it points, and the markers."""
    state = new({"e1": "1W", "e2": "1R", "a5": "Lady"}, hands=[HAND0, HAND1])
    text = state.game.render(state.view(0))
    assert text.count("[") == 50, "two text lines for each of the 25 squares"
    assert "##" in text and "+ 1" in text and "^ 0" in text
    assert "your hand: " + " ".join(state.view(0)["hand"]) in text
    assert "goal a5" in text


def test_the_heuristic_beats_random():
    """The heuristic computer player plainly beats random players, from any seat."""
    wins = 0
    for players in (2, 3):
        game = parlour.load("changelands", players=players)
        for seed in range(10):
            seat = seed % players
            agents = [RandomAgent(seed + s) for s in range(players)]
            agents[seat] = ChangelandsHeuristic(seed)
            state = game.new_state(seed=seed)
            while not state.is_terminal:
                s = state.current_player
                state.apply(agents[s].choose(state, s))
            wins += state.returns()[seat] == 1.0
    assert wins >= 17


def test_the_heuristic_chooses_alike_from_the_view_and_from_the_position():
    """The heuristic is the core's (parlour/fast/changelands.py): asked with a seat's view (as
    the readable playouts do) or with the position (as the search's do), it makes one choice."""
    rng = random.Random(2)
    checked = 0
    for players in (2, 3, 4):
        game = parlour.load("changelands", players=players)
        for seed in range(4):
            state = game.new_state(seed=seed)
            checked += play_asking_both(state, ChangelandsHeuristic(seed), rng, 0.3, moves=60)[0]
    assert checked > 500
