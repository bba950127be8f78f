"""Loot scenarios from stacked decks (seed 003, Loot; GAMES.md, Loot / Plunder)."""

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.core.cards import GODS, VIASHI_CARDS
from parlour.games.loot import (
    DISCARDS,
    DRAW,
    FIRE,
    PASS,
    TAKE,
    LootHeuristic,
    loot_scoring,
    score_hand,
)
from parlour.games.melds import solve


def stacked(hands, up, pile=()):
    """A deck dealing these hands round robin (first card to seat 0), then the card turned up,
    then the draw pile top first, then every other card."""
    deck = [hand[i] for i in range(9) for hand in hands]
    deck += [up, *pile]
    return deck + [c for c in VIASHI_CARDS if c not in deck]


H0 = ["1W", "2W", "3W", "4W", "6R", "6P", "6B", "9G", "8G"]
H1 = ["1R", "2R", "3R", "5W", "5R", "7P", "7B", "8P", "9P"]
H2 = ["1P", "2P", "3P", "4P", "5P", "1B", "2B", "3B", "4B"]


def new(players=3, **options):
    game = parlour.load("loot", players=players, **options)
    hands = [H0, H1, H2][:players]
    return game, game.new_state(seed=1, deck=stacked(hands, "7W", ["9W", "8W", "7G"]))


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def round_of_turns(state, players=3):
    """Every seat draws and throws the card it drew (passing on every chance to fire)."""
    for _ in range(players):
        while state.phase == "fire":
            state.apply(PASS)
        seat = state.current_player
        before = set(state.hands[seat])
        state.apply(DRAW)
        drawn = (set(state.hands[seat]) - before).pop()
        state.apply(DISCARDS[drawn])
    return state


# The deal and the turn ---------------------------------------------------------------------------
def test_deal_nine_each_and_turn_up_the_top_of_the_pile():
    """'Shuffle the deck and deal nine cards to each player. The remaining cards are placed face
    down ... to form a draw pile. The top card of the draw pile is removed and placed face
    upwards to create a discard pile.'"""
    game, state = new()
    assert [sorted(h) for h in state.hands] == [sorted(H0), sorted(H1), sorted(H2)]
    assert state.discard == ["7W"]
    assert len(state.draw) == 54 - 27 - 1
    assert state.current_player == 0


def test_a_turn_is_draw_or_take_then_discard_one():
    """'Each player takes turns taking the top card of either the draw or the discard pile, and
    then discarding one card by placing it on the discard pile.'"""
    game, state = new()
    assert state.legal_actions() == [DRAW, TAKE]  # no firing before everyone has had a turn
    play(state, TAKE)
    assert "7W" in state.hands[0] and state.discard == []
    play(state, DISCARDS["9G"])
    assert state.discard == ["9G"] and state.current_player == 1
    play(state, DRAW)
    assert "9W" in state.hands[1]
    play(state, DISCARDS["1R"])
    assert state.discard == ["9G", "1R"] and state.current_player == 2


def test_empty_draw_pile_is_made_from_all_but_the_top_discard():
    """'If you run out of cards in the draw pile, remove all but the top card of the discard
    pile, shuffle those cards, and place them face down to create a new draw pile.'"""
    game, state = new(players=2)
    while state.draw:
        seat = state.current_player
        if state.phase == "fire":
            state.apply(PASS)
            continue
        state.apply(DRAW)
        state.apply(DISCARDS[state.hands[seat][-1]])
    pile = list(state.discard)
    while state.phase == "fire":
        state.apply(PASS)
    play(state, DRAW)
    assert state.discard == pile[-1:]
    assert sorted(state.draw + [state.hands[state.current_player][-1]]) == sorted(pile[:-1])


# Firing the village ------------------------------------------------------------------------------
def test_no_firing_until_every_player_has_had_a_turn():
    """'After each player has played at least one turn, any player may announce that they have
    fired the village at any time.'"""
    game, state = new()
    assert FIRE not in state.legal_actions()
    with pytest.raises(IllegalAction, match="every player has had a turn"):
        state.apply(FIRE)
    play(state, DRAW, DISCARDS["9G"], DRAW, DISCARDS["1R"], DRAW)
    assert FIRE not in state.legal_actions()
    play(state, DISCARDS["1B"])
    # Seat 2 has just finished the first round: now he may fire, then seat 1 out of turn.
    assert state.phase == "fire" and state.current_player == 2
    assert state.legal_actions() == [FIRE, PASS]


def test_firing_is_offered_after_ones_discard_after_each_other_discard_and_at_turn_start():
    """GAMES.md: 'in the engine, at his own turn's start, after his discard, and right after any
    other player's discard (each other seat in order gets the choice)'. The next player's chance
    is the start of his turn, a moment later."""
    game, state = new(players=4)
    for _ in range(4):
        seat = state.current_player
        state.apply(DRAW)
        state.apply(DISCARDS[state.hands[seat][-1]])
    asked = []
    while state.phase == "fire":
        asked.append(state.current_player)
        state.apply(PASS)
    assert asked == [3, 1, 2]
    assert state.phase == "start" and state.current_player == 0
    assert FIRE in state.legal_actions()


def test_another_player_may_fire_right_after_a_discard():
    """'any player may announce that they have fired the village at any time'; GAMES.md: 'right
    after any other player's discard (each other seat in order gets the choice)'. Seat 2 fires
    out of turn, right after seat 0's discard; seat 1, next to play, would have his chance at
    the start of his turn."""
    game, state = new(points=None)
    round_of_turns(state)
    while state.phase == "fire":
        play(state, PASS)
    play(state, DRAW, DISCARDS[state.hands[0][-1]])
    assert (state.phase, state.current_player) == ("fire", 0)
    play(state, PASS)
    assert (state.phase, state.current_player) == ("fire", 2)
    play(state, FIRE)
    assert state.is_terminal and state.results[-1]["fired_by"] == 2
    assert "seat 2 fired the village" in state.results[-1]["how"]


def test_fire_own_turn_offers_firing_only_at_the_start_of_ones_turn():
    """GAMES.md: 'option fire=own_turn for the lighter reading'."""
    game, state = new(fire="own_turn")
    round_of_turns(state)
    assert state.phase == "start" and state.current_player == 0
    assert FIRE in state.legal_actions()
    play(state, DRAW, DISCARDS[state.hands[0][-1]])
    assert state.phase == "start" and state.current_player == 1


def test_firing_reveals_and_scores_every_hand_at_its_best():
    """'When the village is fired, all players must immediately reveal their hands ... Each card
    in a valid combination scores as two points, and each card not yet in a valid combination
    ... counts as negative it's rank number.'"""
    game, state = new(points=None)
    round_of_turns(state)
    play(state, FIRE)
    assert state.is_terminal
    result = state.results[-1]
    # No god in any hand: plain scoring. Seat 0: run 1W-4W in the wind color (both count),
    # set of sixes, 9G 8G loose.
    assert result["scores"][0] == 8 + 8 + 6 - 17
    # Seat 1: no run (no 4, no 6), no set of three; the red color 1R 2R 3R 5R, the rest loose.
    assert result["scores"][1] == 8 - (5 + 7 + 7 + 8 + 9)
    # Seat 2: purple 1-5 (color of five holding the run 1-5) and blue 1-4 (color and run).
    assert result["scores"][2] == (10 + 10) + (8 + 8)
    assert state.returns() == result["scores"]
    assert state.view(1)["last_hand"]["hands"][0] == sorted(H0, key=VIASHI_CARDS.index)


# God effects: 'Each god-card effect is applied to everyone's cards, regardless of whose hand the
# god card came from.' --------------------------------------------------------------------------
def test_a_god_in_another_hand_changes_everyones_scoring():
    """'Each god-card effect is applied to everyone's cards, regardless of whose hand the god
    card came from.' Seat 1 holds the Lady: seat 0's run counts double."""
    hands = [["1W", "2W", "3R", "4G", "5B", "6P", "7R", "8G", "9G"],
             ["Lady", "2R", "5W", "7P", "7B", "8P", "9P", "3G", "1G"],
             H2]
    game = parlour.load("loot", players=3, points=None)
    state = game.new_state(seed=1, deck=stacked(hands, "7W", ["9W", "8W", "7G"]))
    round_of_turns(state)
    play(state, FIRE)
    scores = state.results[-1]["scores"]
    assert state.results[-1]["gods"] == ["Lady"]
    # Seat 0 holds ranks 1 to 9: one run of nine (no god in it: no six-color bonus).
    assert scores[0] == 9 * 2 * 2


RUN_SET_FOOLS = ["3W", "4R", "5P", "6B", "1G", "1R", "1P", "9W", "9R"]  # run 8, set 6, -18
COLOR_SET = ["1W", "3W", "6W", "9W", "2R", "2P", "2B", "5G", "7G"]  # color 8, set 6, -12
THREES = ["1W", "3W", "5W", "2R", "2P", "2B", "7G", "8G", "9G"]  # set 6, -33


@pytest.mark.parametrize("god,hand,without,with_god", [
    ("Lady", RUN_SET_FOOLS, -4, 16 + 6 - 18),  # 'runs are worth double points'
    ("DarkLord", RUN_SET_FOOLS, -4, 4 + 6 - 18),  # 'runs are worth half points'
    ("Builder", THREES, -27, 6 + 6 + 6),  # 'colors can be only three cards'
    ("Thief", RUN_SET_FOOLS, -4, 8 + 6),  # 'uncombined cards count as 0'
    ("Protectress", COLOR_SET, 2, 16 + 6 - 12),  # 'colors are worth double points'
    ("Seductress", COLOR_SET, 2, 4 + 6 - 12),  # 'colors are worth half points'
    ("Minion", RUN_SET_FOOLS, -4, 8 + 3 - 18),  # 'sets are worth half points'
    ("Friend", RUN_SET_FOOLS, -4, 8 + 12 - 18),  # 'sets are worth double points'
    ("Changeling", RUN_SET_FOOLS, -4, 8 + 6 - 36),  # 'all fools (rank 9) are worth double'
])
def test_every_god_in_any_hand_at_the_firing_changes_everyones_scoring(god, hand, without,
                                                                       with_god):
    """'Any god card that was in hand at the firing of the village effects the scoring of the
    cards. Each god-card effect is applied to everyone's cards, regardless of whose hand the god
    card came from.' Seat 1 holds the god; seat 0's hand scores differently for it."""
    fillers = [c for c in VIASHI_CARDS if c not in hand and c not in GODS]
    for holder in (None, god):
        others = [([holder] if holder else []) + fillers[:9 - bool(holder)], fillers[9:18]]
        game = parlour.load("loot", players=3, points=None)
        state = game.new_state(seed=1, deck=stacked([hand, *others], fillers[18],
                                                    fillers[19:22]))
        round_of_turns(state)
        while state.phase == "fire":
            play(state, PASS)
        play(state, FIRE)
        assert state.results[-1]["gods"] == ([holder] if holder else [])
        assert state.results[-1]["scores"][0] == (with_god if holder else without)


def test_lady_runs_are_worth_double():
    """'The Lady - runs are worth double points.'"""
    assert score_hand(["3W", "4R", "5P", "6B"], ["Lady"]).score == 16


def test_dark_lord_runs_are_worth_half():
    """'The Dark Lord -runs are worth half points.'"""
    assert score_hand(["3W", "4R", "5P", "6B"], ["DarkLord"]).score == 4


def test_lady_and_dark_lord_together_leave_runs_as_they_are():
    """GAMES.md: 'multipliers multiply'; the issue: 'Lady and Dark Lord together cancel to x1'."""
    assert score_hand(["3W", "4R", "5P", "6B"], ["Lady", "DarkLord"]).score == 8


def test_builder_colors_of_three():
    """'The Builder - colors can be only three cards, instead of four.'"""
    assert score_hand(["1G", "4G", "8G"], ["Builder"]).score == 6
    assert score_hand(["1G", "4G", "8G"]).score == -13


def test_thief_uncombined_cards_count_zero():
    """'The Thief - uncombined cards count as 0 instead of minus their rank.'"""
    assert score_hand(["3W", "4R", "5P", "6B", "9G"], ["Thief"]).score == 8
    # The Thief in one's own hand is in play too, and counts 0 loose.
    assert score_hand(["Thief", "9G"]).score == 0


def test_protectress_colors_double():
    """'The Protectress - colors are worth double points'"""
    assert score_hand(["1W", "3W", "6W", "9W"], ["Protectress"]).score == 16


def test_seductress_colors_half():
    """'The Seductress - colors are worth half points'"""
    assert score_hand(["1W", "3W", "6W", "9W"], ["Seductress"]).score == 4


def test_minion_sets_half():
    """'The Minion - sets are worth half points'"""
    assert score_hand(["2W", "2R", "2P"], ["Minion"]).score == 3


def test_friend_sets_double():
    """'The Friend - sets are worth double points'"""
    assert score_hand(["2W", "2R", "2P"], ["Friend"]).score == 12


def test_changeling_fools_double_and_an_uncombined_changeling_is_minus_eighteen():
    """'The Changeling - all fools (rank 9) are worth double points. (God cards count as
    equivalent rank, so the Changeling doubles itself.)' and 'An uncombined Changeling counts as
    -18'."""
    assert score_hand(["Changeling"]).score == -18
    assert score_hand(["9W"], ["Changeling"]).score == -18
    # Fools in a combination: 4 each. Set of fools 9W 9R Changeling: 3 x 4.
    assert score_hand(["9W", "9R", "Changeling"]).score == 12


def test_halves_are_kept():
    """GAMES.md: 'halves stay halves'. The six-color bonus under the Dark Lord is 2.5
    (run_bonus=scaled)."""
    hand = ["2W", "3R", "4P", "Protectress", "6B", "7G"]
    assert score_hand(hand, ["DarkLord"]).score == 6 + 2.5
    assert score_hand(hand, ["DarkLord"], run_bonus="flat").score == 6 + 5


def test_color_holding_a_run_under_both_multipliers():
    """'a color combination of cards also contains a run within it, in which case the color and
    the run are scored as two separate combinations': with the Lady the run part doubles, with
    the Seductress the color part halves."""
    hand = ["2B", "3B", "4B", "5B"]
    assert score_hand(hand, ["Lady", "Seductress"]).score == 4 * 2 * 2 + 4 * 2 * 0.5


# The match ---------------------------------------------------------------------------------------
def test_the_match_ends_when_someone_reaches_100_or_minus_100():
    """'A game ends when a player reaches either 100 points, or -100 points.' GAMES.md: 'The
    match ends after the hand in which someone reaches +100 or -100; highest total wins.'"""
    game, state = new(points=30)
    round_of_turns(state)
    play(state, FIRE)
    # Seat 2 scored 36 in the first hand: the match is over and seat 2 wins.
    assert state.is_terminal and state.winners == [2]
    game, state = new(points=40)
    round_of_turns(state)
    play(state, FIRE)
    assert not state.is_terminal and state.hand_number == 2
    assert state.starter == 1 and state.current_player == 1
    assert state.totals[2] == 36


@pytest.mark.parametrize("before,over", [([0, -90, 0], True), ([0, 0, 70], True),
                                         ([0, -70, 60], False)])
def test_the_match_is_played_to_plus_or_minus_100(before, over):
    """'A game ends when a player reaches either 100 points, or -100 points.' (the default
    target). In this hand seat 1 scores -28 and seat 2 +36."""
    game, state = new()
    state.core.totals = [float(t) for t in before]  # the totals before this hand, on the core
    round_of_turns(state)
    play(state, FIRE)
    assert state.totals == [before[0] + 5, before[1] - 28, before[2] + 36]
    assert state.is_terminal == over
    if over:
        assert state.winners == [2] and state.returns() == state.totals
    else:
        assert state.hand_number == 2


def test_search_estimate_leaves_out_a_hand_nobody_has_played():
    """What search scores a cut playout by (State.estimate): the totals plus each hand as if
    fired now, but for a hand just dealt the totals alone: its dealt scores are luck alike for
    every seat, not anything a move did."""
    game, state = new(points=40)
    round_of_turns(state)
    play(state, FIRE)
    assert state.hand_number == 2 and state.totals == [5, -28, 36]
    assert state.estimate() == state.totals
    state.apply(DRAW)
    scoring = loot_scoring(state.gods_in_play(), "scaled")
    hands = [solve(hand, scoring).score for hand in state.hands]
    assert state.estimate() == [t + h for t, h in zip(state.totals, hands)]
    assert hands != [0, 0, 0]


def test_illegal_moves_are_refused_and_change_nothing():
    game, state = new()
    before = state.clone()
    for action, reason in [(DISCARDS["1W"], "draw or take"), (FIRE, "every player"),
                           (PASS, "draw, take")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action)
    assert state == before
    play(state, DRAW)
    after_draw = state.clone()
    with pytest.raises(IllegalAction, match="you do not hold 1R"):
        state.apply(DISCARDS["1R"])
    with pytest.raises(IllegalAction, match="discard a card"):
        state.apply(TAKE)
    assert state == after_draw


def test_determinize_keeps_the_cards_everyone_saw_taken():
    """Cards taken from the discard pile are public: a determinized copy keeps them in place."""
    import random
    game, state = new()
    play(state, TAKE, DISCARDS["9G"])  # seat 0 took 7W
    twin = state.determinize(1, random.Random(3))
    assert "7W" in twin.hands[0]
    assert twin.hands[1] == state.hands[1]
    assert twin.view(1) == state.view(1)


def test_notation():
    game, state = new()
    assert game.parse_action(state, "draw") == DRAW
    assert game.parse_action(state, "TAKE") == TAKE
    assert game.parse_action(state, "discard 7w") == DISCARDS["7W"]
    assert game.parse_action(state, "dark lord") == DISCARDS["DarkLord"]
    with pytest.raises(IllegalAction):
        game.parse_action(state, "discard 0Q")


def test_solver_matches_the_scoring_for_gods_in_play():
    """The scorer uses the same scoring as the game."""
    hand = H2
    assert score_hand(hand).score == solve(hand, loot_scoring([])).score


def test_heuristic_fires_a_strong_hand_and_discards_its_worst_card():
    game, state = new()
    round_of_turns(state)
    bot = LootHeuristic(seed=1)
    assert state.current_player == 2 and bot.choose(state, 2) == FIRE  # 36 points in hand
    while state.phase == "fire":
        state.apply(PASS)
    play(state, TAKE)  # seat 0 takes the 7G seat 2 threw: 6 7G 8G 9G is now a run
    assert state.hands[0][-1] == "7G"
    # Keeping 1W-4W (color and run, 16) and 6P/6B 7G 8G 9G (8) with one six loose (-6) beats
    # keeping the set of sixes (16 + 6 - 15).
    assert bot.choose(state, 0).card in ("6R", "6B")


def test_render_shows_the_hand_the_pile_and_the_last_hand():
    game, state = new(points=None)
    text = game.render(state.view(0))
    assert "your hand: 1W 2W 3W 4W 6R" in text and "top: 7W" in text
    assert "to act: you (seat 0): draw or take the top discard" in text
    _, drawing = new(points=None)
    play(drawing, DRAW)
    text = game.render(drawing.view(0))
    assert "(drew 9W): discard a card" in text and "best after your discard" in text
    assert "drew" not in game.render(drawing.view(1))  # only the drawer saw the card
    round_of_turns(state)
    play(state, FIRE)
    text = game.render(state.view(None))
    assert "seat 2 fired the village" in text and "winners: seat 2" in text


def test_heuristic_plays_whole_matches():
    from parlour.agents.base import RandomAgent
    game = parlour.load("loot", players=3)
    for seed in range(2):
        state = game.new_state(seed=seed)
        agents = [LootHeuristic(seed), RandomAgent(seed), LootHeuristic(seed + 1)]
        while not state.is_terminal:
            seat = state.current_player
            state.apply(agents[seat].choose(state, seat))
        assert max(abs(t) for t in state.totals) >= 100 or state.hand_number == 40


def test_hards_playouts_end_with_the_hand_under_way(monkeypatch):
    """Hard in a match searches the hand under way: a playout does not go on into the next hand
    (docs/strength.md: "for games that set `search_rounds`, playouts that end with the hand under
    way, each seat scored by its gain since the searched position (Loot: 1)")."""
    from parlour.agents import make_agent
    game = parlour.load("loot", players=3)
    state = round_of_turns(game.new_state(seed=4))  # so that firing is among the moves searched
    while state.phase == "fire":
        state.apply(PASS)
    hand = state.hand_number
    ends = []  # where each playout stopped and took the estimate
    real = type(state).estimate

    def estimate(det):
        ends.append((hand, det.hand_number, det.turns_in_hand))
        return real(det)

    monkeypatch.setattr(type(state), "estimate", estimate)
    hard = make_agent("hard:iters=60", game, seed=2)
    assert hard.rounds == 1 and hard.reward == "gain"
    hard.use_core = False  # the readable game's estimate is what is watched here (the core's
    # round limit: tests/fast/test_search.py)
    hard.choose(state, state.current_player)
    in_hand = [(number, turns) for began, number, turns in ends if began == hand]
    assert any(number == hand + 1 for number, _ in in_hand), "no playout reached the firing"
    # Where one fired, it stopped as the next hand was dealt, before anyone played in it.
    assert all(number == hand or (number, turns) == (hand + 1, 0) for number, turns in in_hand)


def test_the_core_heuristic_chooses_alike_from_the_position_and_from_the_view():
    """The medium player is the core's (parlour/fast/loot.py, heuristic_choice): asked from the
    position, as hard's playouts ask it, and from the seat's view alone it makes one choice; and
    the core counts the hands as the readable state does, for a search with a round limit."""
    import random
    from collections import Counter
    rng = random.Random(5)
    for options in ({}, {"fire": "own_turn", "points": 30}, {"points": None, "run_bonus": "flat"}):
        for players in (2, 3, 4):
            game = parlour.load("loot", players=players, **options)
            for seed in range(3):
                state = game.new_state(seed=seed)
                while not state.is_terminal:
                    assert state.core.round_count() == state.round_count() == state.hand_number
                    play_asking_both(state, LootHeuristic(seed), rng, 0.3, moves=25)
                counts = state.event_counts()
                kinds = Counter(str(a).split()[0] for a in state.history)
                assert counts["dealt"] == state.hand_number == len(state.results)
                assert counts["drew"] == kinds["draw"] and counts["took"] == kinds["take"]
                assert counts["discarded"] == kinds["discard"] and counts["passed"] == kinds["pass"]
                assert state.core.chances == state.hand_number + counts["reshuffled"]


def test_a_pickled_state_goes_on_as_the_original():
    """A readable state keeps its core's fields when pickled (a compiled position does not
    pickle), and goes on with the same deals."""
    import pickle
    game = parlour.load("loot", players=3)
    state = game.new_state(seed=11)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.view(1) == state.view(1)
    for _ in range(200):
        if state.is_terminal:
            break
        state.apply(state.legal_actions()[-1])
        copy.apply(copy.legal_actions()[-1])
        assert copy.view(None) == state.view(None)
