"""Scenario tests for Viashi, Vashy and Viashilym (shared/seeds/003 and shared/GAMES.md).

Positions come from stacked decks: `dealt()` builds the deck that gives each seat the table and
hand cards asked for (draw k is made by seat k mod n, its j-th draw puts table[j] up and
hand[j] down) and plays the draw through the rules."""

import random
import re
from collections import Counter

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.core.cards import GODS, VIASHI_CARDS
from parlour.games.tricks import CARD_INDEX, ELVISH_STRENGTH, HUMAN_STRENGTH, card_name, read_card
from parlour.games.viashi import FROM_HAND, FROM_TABLE, UP, capture


def suit(letter, numbers=range(1, 10)):
    return [f"{n}{letter}" for n in numbers]


def stack(tables, hands, first=0):
    """The deck (top first) and the draw actions that deal these tables and hands."""
    n = len(tables)
    deck, ups = [], []
    for k in range(9 * n):
        s, j = (first + k) % n, k // n
        deck += [tables[s][j], hands[s][j]]
        ups.append(tables[s][j])
    return deck, ups


def dealt(game_id, tables, hands, **options):
    game = parlour.load(game_id, **options)
    deck, ups = stack(tables, hands)
    state = game.new_state(seed=1, deck=deck)
    for card in ups:
        state.apply(UP[card])
    assert state.phase == "play"
    return state


def play(state, *texts):
    for text in texts:
        state.apply(state.game.parse_action(state, text))


def refused(state, action):
    before = state.clone()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state == before
    return str(error.value)


# Layout S (a sweep): seat 0 holds the gods on his table and the Leaves in his hand.
S_TABLES = [list(GODS), suit("P"), suit("B")]
S_HANDS = [suit("G"), suit("W"), suit("R")]

# Layout R: the Flames split so that captures in Flames can be staged from the hands.
R_HANDS = [["9R"] + suit("G", range(1, 9)), ["5R"] + suit("W", range(1, 9)),
           ["1R", "2R", "3R", "4R", "6R", "7R", "8R", "9W", "9G"]]
R_TABLES = [suit("P"), suit("B"), list(GODS)]

# Layout G: gods spread over the tables so that god captures can be staged from the tables.
G_TABLES = [["Changeling"] + suit("P", range(1, 9)), ["9P"] + suit("B", range(1, 9)),
            list(GODS[:8]) + ["9B"]]
G_HANDS = [suit("G"), suit("W"), suit("R")]


# The deck ---------------------------------------------------------------------------------------
def test_deck_notation_names_and_rank_orders():
    """GAMES.md: "rank digit 1..9 then the suit's color letter: 1W is the Queen of Winds, 9G the
    Fool of Leaves"; the seed: "The "8" rank is sometimes magician, and sometimes scholar"; "The
    elves always have the queen as the highest rank, whereas most humans assume that the king is
    the highest rank (this does not change the order of the god cards)"."""
    assert card_name("1W") == "Queen of Winds" and card_name("9G") == "Fool of Leaves"
    assert card_name("8R") == "Scholar of Flames"
    assert card_name("8R", eights="magician") == "Magician of Flames"
    assert card_name("DarkLord") == "Dark Lord"
    assert read_card("queen of winds") == "1W" and read_card("dark lord") == "DarkLord"
    assert read_card("9g") == "9G" and read_card("LADY") == "Lady"
    with pytest.raises(IllegalAction):
        read_card("10W")
    assert ELVISH_STRENGTH["1W"] > ELVISH_STRENGTH["2W"] > ELVISH_STRENGTH["3W"]
    assert HUMAN_STRENGTH["2W"] > HUMAN_STRENGTH["1W"] > HUMAN_STRENGTH["3W"]
    for strength in (ELVISH_STRENGTH, HUMAN_STRENGTH):
        assert [strength[g] for g in GODS] == sorted((strength[g] for g in GODS), reverse=True)
    assert len(parlour.load("viashilym").deck()) == 108


# The draw phase ---------------------------------------------------------------------------------
def test_draw_two_one_face_up_one_face_down_and_the_choice_is_the_players():
    """"Each player in turn (moving counterclockwise around the table) picks up two cards, and
    places one face up in front of them, and one face down.\""""
    game = parlour.load("viashi", elvish=False)
    deck = list(VIASHI_CARDS)
    state = game.new_state(seed=1, deck=deck)
    assert state.current_player == 0
    assert state.legal_actions() == [UP["1W"], UP["2W"]]
    assert state.view(0)["drawn"] == ["1W", "2W"]
    assert state.view(1)["drawn"] is None  # nobody else sees the drawn pair
    state.apply(UP["2W"])
    assert state.view(1)["tables"][0] == ["2W"]
    assert state.view(0)["hand"] == ["1W"]
    assert "1W" not in str(state.view(1)) and "1W" not in str(state.view(None))
    assert state.current_player == 1 and state.view(1)["drawn"] == ["3W", "4W"]


def test_nine_each_and_the_last_drawer_leads():
    """"This continues until all cards are drawn" ... "The last person to draw is the first
    person to play, and becomes the leader for the first capture"."""
    state = dealt("viashi", R_TABLES, R_HANDS)
    assert [len(h) for h in state.hands] == [9, 9, 9]
    assert [len(t) for t in state.tables] == [9, 9, 9]
    assert len(state.history) == 27
    assert state.current_player == 2  # 27 draws from seat 0: seat 2 drew last


def test_elvish_rule_hides_the_face_down_cards_from_their_owner_during_the_draw():
    """GAMES.md: "the elvish rule that a player may not look at his face-down cards during the
    draw phase (the UI hides them from their owner; option)"; "Next the face down cards are
    picked up"."""
    deck, ups = stack(R_TABLES, R_HANDS)
    elvish = parlour.load("viashi", elvish=True).new_state(seed=1, deck=deck)
    peeking = parlour.load("viashi", elvish=False).new_state(seed=1, deck=deck)
    for card in ups[:6]:
        elvish.apply(UP[card])
        peeking.apply(UP[card])
    assert elvish.view(0)["hand"] is None and elvish.view(0)["hand_counts"][0] == 2
    assert sorted(peeking.view(0)["hand"]) == sorted(R_HANDS[0][:2])
    # Under the rule a determinization may move the seat's own face-down cards.
    moved = elvish.determinize(0, random.Random(3))
    assert moved.view(0) == elvish.view(0)
    for card in ups[6:]:
        elvish.apply(UP[card])
    assert sorted(elvish.view(0)["hand"]) == sorted(R_HANDS[0])  # picked up after the draw


# The play ---------------------------------------------------------------------------------------
def test_leader_plays_from_hand_or_table_and_the_others_from_the_same_source():
    """"The leader chooses to play a card into the middle of the table, from his hand, or from
    his table cards. The remaining two players, in order (counterclockwise), must choose a card
    from their hands, if the leader played from his hand, or from their table cards if the
    leader played from his table cards.\""""
    state = dealt("viashi", G_TABLES, G_HANDS)
    legal = state.legal_actions()
    assert set(legal) == ({FROM_HAND[c] for c in G_HANDS[2]} | {FROM_TABLE[c] for c in G_TABLES[2]})
    play(state, "table 9B")
    assert state.current_player == 0
    assert all(a.table for a in state.legal_actions())
    assert "from your table" in refused(state, FROM_HAND["1G"])


def test_follow_suit_if_you_can():
    """"They must play the same suit as the leader played if they have that suit\""""
    state = dealt("viashi", R_TABLES, R_HANDS)
    play(state, "hand 2R")
    assert state.legal_actions() == [FROM_HAND["9R"]]  # seat 0's only Flame
    assert "follow suit" in refused(state, FROM_HAND["1G"])


def test_a_god_led_calls_for_a_god_and_the_changeling_takes_the_lady():
    """"if a god card is lead they must also play a god card if they have one" ... "Likewise,
    the Changeling can capture the Lady" (GAMES.md: also when both are in one trick)."""
    state = dealt("viashi", G_TABLES, G_HANDS)
    play(state, "table Lady")
    assert state.legal_actions() == [FROM_TABLE["Changeling"]]
    assert "a god was led" in refused(state, FROM_TABLE["1P"])
    play(state, "table Changeling", "table 1B")
    assert state.tricks == [1, 0, 0] and state.current_player == 0


def test_the_top_god_captures_and_the_changeling_takes_only_the_lady():
    """"unless a god card has been played, in which case the top-ranking god card makes the
    capture\""""
    state = dealt("viashi", G_TABLES, G_HANDS)
    play(state, "table DarkLord", "table Changeling", "table 1B")
    assert state.tricks == [0, 0, 1]
    assert sorted(state.owned[2]) == sorted(["DarkLord", "Changeling", "1B"])


def test_a_god_played_on_a_suit_lead_captures():
    """"The highest card of the lead suit captures the other two cards, unless a god card has
    been played\""""
    state = dealt("viashi", G_TABLES, G_HANDS)
    play(state, "table 9B", "table Changeling", "table 1B")
    assert state.tricks == [1, 0, 0]


def test_the_highest_card_of_the_lead_suit_captures_and_leads_next():
    """"The highest card of the lead suit captures the other two cards" ... "The player who
    makes the capture becomes the new leader\""""
    state = dealt("viashi", R_TABLES, R_HANDS)
    play(state, "hand 2R", "hand 9R", "hand 5R")
    assert state.tricks == [0, 0, 1] and state.current_player == 2
    play(state, "hand 9W", "hand 1G", "hand 2W")  # the off-suit 1G does not capture
    assert state.tricks == [0, 1, 1] and state.current_player == 1


def test_the_fool_takes_the_queen_of_the_lead_suit():
    """"if no god card is played, but if the queen and the fool of the lead suit are in play,
    the fool makes the capture, not the queen\""""
    state = dealt("viashi", R_TABLES, R_HANDS)
    play(state, "hand 1R", "hand 9R", "hand 5R")
    assert state.tricks == [1, 0, 0]
    assert capture([(0, "1R"), (1, "9G"), (2, "5R")], ELVISH_STRENGTH, 1, False) == 0
    # Also when the Fool is led and the Queen follows.
    assert capture([(0, "9W"), (1, "1G"), (2, "1W")], ELVISH_STRENGTH, 1, False) == 0


def test_illegal_moves_are_refused_and_change_nothing():
    """The base contract: an illegal action raises IllegalAction with the reason."""
    state = dealt("viashi", R_TABLES, R_HANDS)
    assert "no 1P in your hand" in refused(state, FROM_HAND["1P"])
    assert "it is the play" in refused(state, UP["1R"])
    game = state.game
    with pytest.raises(IllegalAction):
        game.parse_action(state, "table 10W")


def test_notation_round_trips():
    """The notation on docs/rules/viashi.md: 'up CARD', 'down CARD', 'hand CARD', 'table CARD',
    or a bare card where it says enough."""
    game = parlour.load("viashi")
    state = game.new_state(seed=1, deck=list(VIASHI_CARDS))
    assert game.parse_action(state, "up 2w") == UP["2W"]
    assert game.parse_action(state, "down 2W") == UP["1W"]
    assert game.parse_action(state, "1W") == UP["1W"]
    played = dealt("viashi", R_TABLES, R_HANDS)
    assert game.parse_action(played, "lady") == FROM_TABLE["Lady"]
    assert game.parse_action(played, "2R") == FROM_HAND["2R"]
    assert game.parse_action(played, "table Lady") == FROM_TABLE["Lady"]


# Scoring ----------------------------------------------------------------------------------------
def sweep(game_id, **options):
    """Seat 2 leads a Wave from his table; seat 0, void in Waves, plays a god and captures; from
    then on seat 0 leads and every card he leads is either a god nobody can answer or a Leaf
    nobody can follow."""
    state = dealt(game_id, S_TABLES, S_HANDS, **options)
    play(state, "table 1B", "table Friend", "table 1P")
    while not state.is_terminal and state.hand_no == 1:
        play(state, str(state.legal_actions()[0]))
    return state


def test_viashi_scoring_captives_bonus_of_nine_and_scholars():
    """"Each card captured is worth one point. (This works out to two points per three card
    trick for a total of 36 points between the players.) The person who take the most captives
    scores an extra three points, nine if he takes more captives than both his opponents added
    together. Every player scores one point for each magician/scholar that they own."
    Seat 0 takes all 18 captures: 36 captives + 9 + the five Scholars = 50."""
    state = sweep("viashi")
    assert state.tricks == [18, 0, 0]
    assert state.returns() == [50.0, 0.0, 0.0]
    # The table says what made the score, in the option's name for the 8s.
    assert "seat 0 50 (36 captives + 9 bonus + 5 scholars)" in state.view(1)["log"][-2]
    assert re.search(r"tricks 18 \(scholars( 8[WRPBG]){5}\)", state.game.render(state.view(1)))
    magicians = sweep("viashi", eights="magician")
    assert "seat 0 50 = 36 captives + 9 bonus + 5 magicians" in magicians.game.render(
        magicians.view(1))


def scored(game_id, tricks, owned=None, **options):
    """A hand's score from given capture counts (the position after the last capture)."""
    state = dealt(game_id, R_TABLES, R_HANDS, **options) if game_id != "viashilym" else None
    if state is None:
        state = parlour.load("viashilym").new_state(seed=1)
    # The core's fields: a place holds a card at least once (`owned1`) or twice (`owned2`).
    position = state.core
    position.tricks = list(tricks)
    position.owned1, position.owned2 = [0] * len(tricks), [0] * len(tricks)
    for s, cards in enumerate(owned or []):
        for card in cards:
            bit = 1 << CARD_INDEX[card]
            if position.owned1[s] & bit:
                position.owned2[s] |= bit
            position.owned1[s] |= bit
    return state.hand_score()


def test_viashi_bonus_of_three_and_a_tie_gives_no_bonus():
    """"The person who take the most captives scores an extra three points, nine if he takes
    more captives than both his opponents added together" (GAMES.md: "a tie for most gives no
    bonus"; "the Friend is not one" of the Scholars). 8, 6, 4 captures are 16, 12, 8 captives:
    16 is the most but not more than 20, so +3; 7, 7, 4 tie and get nothing."""
    assert scored("viashi", [8, 6, 4]) == [19, 12, 8]
    assert scored("viashi", [7, 7, 4]) == [14, 14, 8]
    assert scored("viashi", [7, 7, 4], [["8W", "8R", "Friend"], ["9W"], ["8G"]]) == [16, 14, 9]


def test_vashy_scoring_by_trick_with_two_for_the_most():
    """Vashy: "the scoring is by trick rather than by capture, a simple bonus of two for most
    tricks is used (for a total 20 points), the magician/scholar bonuses are not used"."""
    state = sweep("vashy")
    assert state.returns() == [20.0, 0.0, 0.0]
    assert "seat 0 20 (18 tricks + 2 bonus)" in state.view(1)["log"][-2]
    assert scored("vashy", [8, 6, 4], [["8W", "8R"], [], []]) == [10, 6, 4]
    assert scored("vashy", [7, 7, 4]) == [7, 7, 4]  # a tie for most: no bonus


@pytest.mark.parametrize("tie_bonus, two_tie, three_tie", [
    ("none", [7, 7, 4], [6, 6, 6]),
    ("each", [9, 9, 4], [8, 8, 8]),
    ("shared", [8, 8, 4], [6, 6, 6]),
])
def test_vashy_tie_for_most_tricks(tie_bonus, two_tie, three_tie):
    """Vashy: "a simple bonus of two for most tricks is used (for a total 20 points)". Open
    reading (rules page): after a tie for most, `tie_bonus=none` (default, the Viashi ruling
    carried over) gives it to nobody, `each` to every tied player, `shared` splits the two in
    whole points. A hand with one leader is scored alike under all three."""
    assert scored("vashy", [7, 7, 4], tie_bonus=tie_bonus) == two_tie
    assert scored("vashy", [6, 6, 6], tie_bonus=tie_bonus) == three_tie
    assert scored("vashy", [8, 6, 4], tie_bonus=tie_bonus) == [10, 6, 4]
    if tie_bonus == "shared":
        assert sum(two_tie) == 20, "shared keeps the seed's total of 20 when two tie"


# Matches ----------------------------------------------------------------------------------------
def first_legal_to_the_end(state):
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return state


def test_a_round_of_nine_hands_with_a_running_score_and_the_first_drawer_rotating():
    """"Elves usually play Viashi in "rounds" which in typical card playing parlance would be
    nine hands worth of the above rules, with each player drawing first three times, and a
    running score kept.\""""
    state = parlour.load("viashi", round=True).new_state(seed=4)
    firsts = []
    while not state.is_terminal:
        if state.phase == "draw" and len(state.pile) == 52:
            firsts.append(state.first_drawer)
        state.apply(state.legal_actions()[0])
    assert firsts == [0, 1, 2] * 3
    assert len(state.hand_scores) == 9
    assert state.returns() == [float(sum(h[s] for h in state.hand_scores)) for s in range(3)]
    text = state.game.render(state.view(0))
    assert "hand by hand: " + " | ".join(
        f"#{k} {a} {b} {c}" for k, (a, b, c) in enumerate(state.hand_scores, start=1)) in text
    top = max(state.scores)
    if state.scores.count(top) == 1:
        assert f"seat {state.scores.index(top)} wins with {top}" in text
    single = first_legal_to_the_end(parlour.load("viashi").new_state(seed=4))
    assert len(single.hand_scores) == 1


def test_the_handicap_splits_a_winners_first_draws_at_random():
    """"Viashi tournaments are also frequently handicapped by requiring that winning players use
    a random distribution between hand and table for the first one to three draws in following
    hands (one if they won the last hand, two if they won the last two hands, and three if they
    won the last three or more hands)." Ruling: every seat with the hand's top score won it."""
    game = parlour.load("viashi", round=True, handicap=True)
    heuristic = game.heuristic(seed=1)
    state = game.new_state(seed=11)
    shown = 0
    while not state.is_terminal:
        seat = state.current_player
        if any(state.random_draws):  # the table tells everyone who is handicapped
            text = game.render(state.view(seat))
            assert all(f"seat {s} {k}" in text for s, k in enumerate(state.random_draws) if k)
            shown += 1
        action = heuristic.choose(state, seat) if seat == 0 else state.legal_actions()[0]
        state.apply(action)
    assert shown
    assert 3 in handicaps_kept(state, "each")
    with pytest.raises(parlour.OptionError):
        parlour.load("viashi", handicap=True)  # the handicap needs a round


def split_draws(state):
    """From the log: for each hand, each seat's draws in order, True where split at random."""
    hand, draws = 0, {}
    for entry in state.log:
        if entry[0] == "hand":
            hand = entry[1]
            draws[hand] = [[], [], []]
        if entry[0] == "draw":
            draws[hand][entry[1]].append(entry[4])
    return draws


def handicaps_kept(state, tie):
    """Check every hand of a finished round against the handicap: a seat's first k draws split
    at random, k its hands won in a row (at most 3); after a tie for the top score every tied
    seat won (tie "each") or none did ("none"). Returns every k seen."""
    draws = split_draws(state)
    streak, seen = [0, 0, 0], set()
    for h in range(1, 10):
        for s in range(3):
            k = min(streak[s], 3)
            seen.add(k)
            assert draws[h][s] == [True] * k + [False] * (9 - k), (h, s)
        points = state.hand_scores[h - 1]
        won = [p == max(points) for p in points]
        if tie == "none" and sum(won) > 1:
            won = [False] * 3
        streak = [streak[s] + 1 if won[s] else 0 for s in range(3)]
    return seen


@pytest.mark.parametrize("handicap_tie, split_in_hand_two", [
    ("each", [False, True, True]),
    ("none", [False, False, False]),
])
def test_the_handicap_after_a_tie_for_the_top_score(handicap_tie, split_in_hand_two):
    """"requiring that winning players use a random distribution between hand and table for the
    first one to three draws in following hands (one if they won the last hand, ...)". Open
    reading (rules page): after a tie for a hand's top score, `handicap_tie=each` (default)
    counts every tied player as a winner, `handicap_tie=none` counts none of them. Seed 9 played
    with the first legal move: seats 1 and 2 tie at 14 in hand 1."""
    game = parlour.load("viashi", round=True, handicap=True, handicap_tie=handicap_tie)
    state = first_legal_to_the_end(game.new_state(seed=9))
    assert state.hand_scores[0] == [13, 14, 14]
    assert [draws[0] for draws in split_draws(state)[2]] == split_in_hand_two
    handicaps_kept(state, handicap_tie)
    with pytest.raises(parlour.OptionError, match="set handicap=true"):
        parlour.load("viashi", round=True, handicap_tie="none")


def test_vashy_sets_of_three_and_single_hands():
    """Vashy: "either each hand is scored as a separate game, or for more serious gamers, the
    play is in "sets" of three hands each"; "the turn play travels clockwise"; "Humans tend also
    not to protest when players look at their hand cards during the draw phase"."""
    game = parlour.load("vashy", set=True)
    state = first_legal_to_the_end(game.new_state(seed=2))
    assert len(state.hand_scores) == 3
    assert state.returns() == [float(sum(h[s] for h in state.hand_scores)) for s in range(3)]
    assert state.view(0)["direction"] == "clockwise"
    fresh = parlour.load("vashy").new_state(seed=2)
    fresh.apply(fresh.legal_actions()[0])
    assert fresh.view(0)["hand"] is not None  # looking allowed by default
    strict = parlour.load("vashy", elvish=True).new_state(seed=2)
    strict.apply(strict.legal_actions()[0])
    assert strict.view(0)["hand"] is None  # the elvish rule, as an option


def test_viashilym_keeps_the_elvish_rule_as_an_option():
    """The elvish rule ("a practice much despised among elves") holds in Viashilym, the elves'
    six-player game, unless `elvish=false`."""
    for elvish, hidden in ((True, True), (False, False)):
        state = parlour.load("viashilym", elvish=elvish).new_state(seed=2)
        state.apply(state.legal_actions()[0])
        assert (state.view(0)["hand"] is None) == hidden
        assert ("hidden: the elvish rule" in state.game.render(state.view(0))) == hidden


# Vashy captures ---------------------------------------------------------------------------------
def test_vashy_king_high_taken_by_the_fool():
    """Vashy: "the king is high, rather than the queen (and is taken by the fool instead)"."""
    state = dealt("vashy", R_TABLES, R_HANDS)
    play(state, "hand 1R", "hand 9R", "hand 5R")
    assert state.tricks == [0, 0, 1]  # the Fool does not take the Queen in Vashy
    state = dealt("vashy", R_TABLES, R_HANDS)
    play(state, "hand 2R", "hand 9R", "hand 5R")
    assert state.tricks == [1, 0, 0]  # it takes the King
    assert capture([(0, "1R"), (1, "2R"), (2, "5R")], HUMAN_STRENGTH, 2, False) == 1
    assert capture([(0, "1R"), (1, "2R"), (2, "9R")], HUMAN_STRENGTH, 2, False) == 2


# Viashilym --------------------------------------------------------------------------------------
def test_viashilym_no_card_to_the_table_that_is_already_there_unless_both_are_shown():
    """Viashilym: "a player may never play to the table any card that is already on the table,
    unless both of his drawn cards are already on the table, in which case he must prove this by
    revealing both, and then may place them as desired.\""""
    game = parlour.load("viashilym", elvish=False)
    top = ["1W", "2W", "1W", "3W", "4W", "5W", "2W", "4W"]
    rest = list(VIASHI_CARDS) * 2
    for card in top:
        rest.remove(card)
    state = game.new_state(seed=1, deck=top + rest)
    state.apply(UP["1W"])  # seat 0: 1W up, 2W down
    assert state.legal_actions() == [UP["3W"]]  # seat 1 drew 1W and 3W
    assert "already on the table" in refused(state, UP["1W"])
    state.apply(UP["3W"])
    state.apply(UP["4W"])  # seat 2: 4W up, 5W down
    # Seat 3 drew 2W and 4W: 4W is on the table, 2W is not (it is in seat 0's hand).
    assert state.legal_actions() == [UP["2W"]]
    state.apply(UP["2W"])
    assert state.view(5)["drawn"] is None  # seat 4 draws now, seen by him alone


def test_viashilym_the_reveal_when_both_drawn_cards_are_on_the_table():
    """Viashilym: "unless both of his drawn cards are already on the table, in which case he
    must prove this by revealing both, and then may place them as desired.\""""
    game = parlour.load("viashilym")
    top = ["1W", "9G", "2W", "9R", "1W", "2W"]
    rest = list(VIASHI_CARDS) * 2
    for card in top:
        rest.remove(card)
    state = game.new_state(seed=1, deck=top + rest)
    state.apply(UP["1W"])
    state.apply(UP["2W"])
    assert state.current_player == 2
    assert state.legal_actions() == [UP["1W"], UP["2W"]]
    assert state.view(5)["drawn"] == ["1W", "2W"] and state.view(5)["drawn_revealed"]
    state.apply(UP["1W"])
    assert state.view(4)["revealed"][2] == ["2W"]
    assert state.view(2)["revealed"][2] == ["2W"]  # shown to all, its owner too


def viashilym_twins_deal():
    """Tables hold every card once, except 5W, on two tables (seat 5's first draw and seat 0's
    last), and 6W, on none. Seat 0 may table the second 5W only by the reveal: he draws it with
    a 1W while the other 1W already lies on seat 5's table (his second draw)."""
    tables = [["7W", "8W", "9W", "1P", "2P", "3P", "4P", "5P", "5W"],
              ["6P", "7P", "8P", "9P", "1B", "2B", "3B", "4B", "5B"],
              ["6B", "7B", "8B", "9B", "1G", "2G", "3G", "4G", "5G"],
              ["6G", "7G", "8G", "9G", "1R", "2R", "3R", "4R", "5R"],
              ["6R", "7R", "8R", "9R", "Lady", "DarkLord", "Builder", "Thief", "Protectress"],
              ["5W", "1W", "2W", "3W", "4W", "Seductress", "Minion", "Friend", "Changeling"]]
    pool = list(VIASHI_CARDS) * 2
    for cards in tables:
        for card in cards:
            pool.remove(card)
    pool.remove("1W")
    hands = [pool[:8] + ["1W"]] + [pool[8 + 9 * s:17 + 9 * s] for s in range(5)]
    return tables, hands


def test_viashilym_a_card_shown_at_the_reveal_stays_known_until_it_is_played():
    """Viashilym: "he must prove this by revealing both": the card he then puts face down is
    known to all while it is in his hand, and no longer listed once he has played it."""
    tables, hands = viashilym_twins_deal()
    state = dealt("viashilym", tables, hands)
    assert state.view(1)["revealed"][0] == ["1W"]
    assert "shown 1W" in state.game.render(state.view(1))
    play(state, "hand Lady", "hand 1W")
    assert state.view(1)["revealed"][0] == []
    assert "shown" not in state.game.render(state.view(1))


def test_viashilym_twins_cancel_and_the_dead_lead_trick_is_removed_unscored():
    """Viashilym: "When two identical cards are played as part of the same trick they cancel
    themselves out and become dead cards that cannot take captives themselves" ... "If one of
    the dead cards was lead, and no other cards of that suit besides it's twin were played, nor
    any god cards, then no other card can make the capture either. All cards from that trick
    are removed from play, and not scored for that game." GAMES.md: "the same leader leads
    again"."""
    tables, hands = viashilym_twins_deal()
    state = dealt("viashilym", tables, hands)
    assert state.current_player == 5
    play(state, "table 5W", "table 5W", "table 6P", "table 6B", "table 6G", "table 6R")
    assert state.dead == ["5W", "5W", "6P", "6B", "6G", "6R"]
    assert state.tricks == [0] * 6 and state.current_player == 5
    assert state.view(1)["tricks_played"][-1]["winner"] is None


def test_viashilym_dead_cards_can_still_be_taken():
    """Viashilym: dead cards "cannot take captives themselves, although they can still be
    taken"."""
    tables, hands = viashilym_twins_deal()
    state = dealt("viashilym", tables, hands)
    play(state, "table 5W", "table 5W", "table 6P", "table 6B", "table 6G", "table Lady")
    assert state.tricks == [0, 0, 0, 0, 1, 0]
    assert state.owned[4].count("5W") == 2
    # A live card of the lead suit beside the twins takes them too.
    plays = [(0, "2W"), (1, "2W"), (2, "5W"), (3, "1P"), (4, "1B"), (5, "1G")]
    assert capture(plays, ELVISH_STRENGTH, 1, True) == 2


def test_viashilym_twins_trigger_neither_fool_over_queen_nor_changeling_over_lady():
    """GAMES.md: twins are "dead cards; they trigger neither Fool-over-Queen nor
    Changeling-over-Lady"."""
    plays = [(0, "1W"), (1, "9W"), (2, "9W"), (3, "5W"), (4, "1P"), (5, "1B")]
    assert capture(plays, ELVISH_STRENGTH, 1, True) == 0
    plays = [(0, "Lady"), (1, "Changeling"), (2, "Changeling"), (3, "5W"), (4, "1P"), (5, "1B")]
    assert capture(plays, ELVISH_STRENGTH, 1, True) == 0
    plays = [(0, "Lady"), (1, "Lady"), (2, "Changeling"), (3, "DarkLord"), (4, "1P"), (5, "1B")]
    assert capture(plays, ELVISH_STRENGTH, 1, True) == 3  # the Changeling has no live Lady


def test_viashilym_team_scoring():
    """Viashilym: "the players form three teams, each player being seated directly opposite his
    or her teammate" ... "Scoring is by team, five points per "trick", plus five for the most
    captives and ten for taking more than both opposing teams combined. Each team also scores
    one point for every set of twins (two copies of the same card) they own."
    Seat 0 holds all 18 gods (one copy of each on his table, one in his hand), so every trick is
    his: 18 x 5 = 90, +10, and all 54 twin sets: 154 for seats 0 and 3."""
    tables = [list(GODS)] + [[] for _ in range(5)]
    hands = [list(GODS)] + [[] for _ in range(5)]
    suits = [c for c in VIASHI_CARDS if c not in GODS]
    for i, card in enumerate(suits):
        tables[1 + i // 9].append(card)
        hands[1 + i % 5].append(card)
    state = dealt("viashilym", tables, hands)
    first_legal_to_the_end(state)
    assert state.tricks[0] == 18
    assert state.returns() == [154.0, 0.0, 0.0, 154.0, 0.0, 0.0]
    assert "seat 0 and seat 3 win with 154" in state.game.render(state.view(4))
    assert ("seat 0 and seat 3 154 = 90 for tricks + 10 bonus + 54 twin sets; "
            "seat 1 and seat 4 0 = nothing" in state.game.render(state.view(4)))
    # Team 0 (seats 0+3) 8 tricks, team 1 (1+4) 6, team 2 (2+5) 3: 8 is the most but not more
    # than 9, so +5; a twin set owned by seat 4 counts for team 1; 7, 7, 3 tie: no bonus.
    assert scored("viashilym", [5, 4, 3, 3, 2, 0],
                  [[], ["5W"], [], [], ["5W", "Lady"], []]) == [45, 31, 15, 45, 31, 15]
    assert scored("viashilym", [4, 4, 3, 3, 3, 0]) == [35, 35, 15, 35, 35, 15]


def test_heuristic_beats_random():
    """The heuristic plays sensibly: over a few dozen hands it outscores random players."""
    for game_id, seats in (("viashi", (0,)), ("vashy", (0,)), ("viashilym", (0, 3))):
        game = parlour.load(game_id)
        mine = theirs = 0.0
        for k in range(12):
            agent = game.heuristic(seed=k)
            rng = random.Random(k)
            state = game.new_state(seed=k)
            while not state.is_terminal:
                seat = state.current_player
                legal = state.legal_actions()
                action = (agent.choose(state, seat) if seat in seats
                          else legal[rng.randrange(len(legal))])
                state.apply(action)
            r = state.returns()
            mine += sum(r[s] for s in seats) / len(seats)
            theirs += sum(r[s] for s in range(game.players) if s not in seats) / (
                game.players - len(seats))
        assert mine > 1.2 * theirs, game_id


def test_the_heuristic_chooses_alike_from_the_position_and_from_the_view():
    """The medium player is the core's heuristic (parlour/fast/viashi.py): asked from the position,
    as the search's playouts ask it, and from the seat's view alone, it makes one choice."""
    checked = 0
    for game_id, options in (("viashi", {"round": True, "handicap": True}), ("vashy", {}),
                             ("viashilym", {}), ("viashilym", {"elvish": False})):
        game = parlour.load(game_id, **options)
        rng = random.Random(7)
        for seed in range(3):
            state = game.new_state(seed=seed)
            checked += play_asking_both(state, game.heuristic(seed=seed), rng, 0.3)[1]
    assert checked > 1500


def test_the_lab_counts_the_exceptions_of_the_capture():
    """The core's events name the capture's exceptions: the Fool over the Queen, the Changeling
    over the Lady, Viashilym's twins cancelling and the dead trick nobody takes."""
    counts = Counter()
    game = parlour.load("viashilym")
    for seed in range(30):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        counts.update(state.event_counts())
    for name in ("fool captures", "changeling takes lady", "twins cancel", "dead trick"):
        assert counts[name] >= 2, (name, counts)


def test_views_never_show_hidden_cards():
    """Hidden cards stay hidden (the contract's `view`): no seat's view, log included, names a
    card in another seat's hand, in another drawer's pair, or in the pile; under the elvish rule,
    not even his own face-down cards during the draw."""
    import json
    for elvish in (False, True):
        game = parlour.load("viashi", elvish=elvish)
        for seed in range(3):
            state = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                for seat in (0, 1, 2, None):
                    text = json.dumps(state.view(seat))
                    hidden = list(state.pile)
                    for s in range(3):
                        if s != seat or (elvish and state.phase == "draw"):
                            hidden += state.hands[s]
                    if state.drawn and state.drawer != seat:
                        hidden += state.drawn
                    for card in hidden:
                        assert f'"{card}"' not in text and f" {card}" not in text, (seat, card)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
