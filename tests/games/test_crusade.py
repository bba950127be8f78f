"""Scenario tests for Crusade (shared/seeds/003, the Crusade section; rulings in shared/GAMES.md).

Hands are stacked: the deal goes one card at a time from the dealer's left (seat 0 in the first
hand, the dealer being the last seat), and the cards left over are the extras."""

import random
from collections import Counter

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.core.cards import VIASHI_CARDS
from parlour.fast.core import NOBODY, Rng
from parlour.fast.crusade import FIRST_GOD, census, start
from parlour.games.crusade import BID, CARD, PASS, PICK, PLAY, trick_winner

# Three hands of 18. Seat 2 holds no Flames; seat 0 holds the Fool of Flames, seat 1 its Queen.
HANDS = [
    ["1W", "3W", "5W", "7W", "9W", "2R", "4R", "9R", "1P", "2P", "3P", "1B", "2B", "1G", "2G",
     "Lady", "DarkLord", "Builder"],
    ["2W", "4W", "1R", "3R", "5R", "6R", "7R", "8R", "4P", "5P", "6P", "3B", "4B", "3G", "4G",
     "Protectress", "Seductress", "Thief"],
    ["6W", "8W", "7P", "8P", "9P", "5B", "6B", "7B", "8B", "9B", "5G", "6G", "7G", "8G", "9G",
     "Minion", "Friend", "Changeling"],
]


def stacked(hands, extras=(), **options):
    n = len(hands)
    deck = [hands[i % n][i // n] for i in range(n * len(hands[0]))] + list(extras)
    game = parlour.load("crusade", players=n, **options)
    return game.new_state(seed=1, deck=deck)


def bid(state, *cards):
    for card in cards:
        state.apply(BID[card])


def play(state, *cards):
    for card in cards:
        state.apply(PLAY[card])


def refused(state, action):
    before = state.clone()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state == before
    return str(error.value)


def four_hands(extras):
    cards = [c for c in VIASHI_CARDS if c not in extras]
    return [cards[s::4] for s in range(4)]


def test_deal_all_extras_out_unseen():
    """"The cards are shuffled and dealt to all players. Extra cards are removed from play
    without being looked at.\""""
    extras = ["DarkLord", "9G"]
    state = stacked(four_hands(extras), extras)
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert state.extras == extras
    for seat in [0, 1, 2, 3, None]:
        view = state.view(seat)
        assert view["extras_count"] == 2
        assert "9G" not in str(view) and "DarkLord" not in str(view)


def test_bids_are_hidden_until_all_have_bid_and_never_a_god():
    """"Each player picks a card to use as the trump bid. This card cannot be a god card. The
    trump bids are played to the table face-down, and then when each player has played, they
    are turned over." (The issue: no seat's view shows another's bid before all have bid.)"""
    state = stacked(HANDS)
    assert BID["Lady"] not in state.legal_actions()
    assert "cannot be the trump bid" in refused(state, BID["Lady"])
    assert "do not hold" in refused(state, BID["2W"])
    bid(state, "3W")
    assert state.view(0)["bids"] == ["3W", None, None]
    for seat in (1, 2, None):
        assert state.view(seat)["bids"] == [None, None, None]
        assert "3W" not in str(state.view(seat))
    assert state.view(1)["has_bid"] == [True, False, False]
    bid(state, "5R", "7P")
    assert state.view(1)["bids"] == ["3W", "5R", "7P"]
    assert "3W" not in state.hands[0]  # the bid leaves the hand, set aside


def test_the_lowest_number_names_trump_and_its_bidder_leads():
    """"The suit of the lowest numbered card becomes trump" ... "Play starts with the player
    winning the trump bid and proceeds around the table.\""""
    state = stacked(HANDS)
    bid(state, "7W", "5R", "7P")
    assert state.trump == "R" and state.current_player == 1 and state.phase == "play"


def test_a_queen_bid_loses_to_a_fool_showing():
    """"unless that card is a Queen (1) card, and there is a Fool (9) card showing, in which case
    the Fool's suit becomes trump.\""""
    state = stacked(HANDS)
    bid(state, "9R", "1R", "7P")
    assert state.trump == "R" and state.bid_winner == 0
    state = stacked(HANDS)
    bid(state, "1W", "5R", "9P")
    assert state.trump == "P" and state.bid_winner == 2


def test_a_tie_goes_to_the_holder_of_the_god_of_that_number():
    """"If there is a tie, the player holding the god card that is the same number as the
    disputing cards may reveal that card and pick which of the two suits becomes trump."
    GAMES.md: "after a god holder picks among tied suits, the player who bid that suit" leads."""
    state = stacked(HANDS)
    bid(state, "2R", "2W", "7P")
    assert state.phase == "tie" and state.current_player == 0  # seat 0 holds the Dark Lord
    assert state.legal_actions() == [PICK["R"], PICK["W"], PASS]
    assert "tied suits" in refused(state, PICK["P"])
    state.apply(PICK["W"])
    assert state.trump == "W" and state.current_player == 1
    assert state.view(2)["revealed"] == [0, "DarkLord"]


def test_every_seat_answers_the_tie_so_a_pass_tells_nothing():
    """A seat without the god can only pass; asking every seat in turn from the dealer's left
    keeps the holder hidden if he does not reveal (rules page, Interpretations)."""
    state = stacked(HANDS)
    bid(state, "9R", "1R", "9P")  # two Fools beside a Queen: the Changeling (9) decides
    assert state.tie_god == "Changeling"
    assert state.legal_actions() == [PASS]
    assert "only the holder" in refused(state, PICK["R"])
    state.apply(PASS)
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.legal_actions() == [PICK["R"], PICK["P"], PASS]
    state.apply(PICK["P"])
    assert state.trump == "P" and state.current_player == 2


def test_an_unrevealed_god_means_no_trump():
    """"If the god card is not revealed the game is played without a trump suit." GAMES.md: "an
    unresolved tie: the first tied bidder from the dealer's left" leads."""
    state = stacked(HANDS)
    bid(state, "2R", "2W", "7P")
    state.apply(PASS)
    state.apply(PASS)
    state.apply(PASS)
    assert state.trump is None and state.current_player == 0
    extras = ["DarkLord", "9G"]  # the god is out with the extras: nobody can reveal it
    state = stacked(four_hands(extras), extras)
    hands = state.hands
    twos = [next(c for c in hands[s] if c[0] == "2") for s in (0, 1)]
    bid(state, twos[0], twos[1], next(c for c in hands[2] if c[0] in "56789"),
        next(c for c in hands[3] if c[0] in "56789"))
    for _ in range(4):
        assert state.legal_actions() == [PASS]
        state.apply(PASS)
    assert state.trump is None and state.current_player == 0


def test_follow_suit_lowest_number_takes_sluffs_trumps_and_the_fool():
    """"Players must follow suit if they can. The card with the lowest number takes the trick,
    unless that card is a Queen (1), and a Fool (9) was played. If a player cannot follow suit,
    they may "sluff" a card of some other suit which cannot take the trick, or they may play a
    trump.\""""
    state = stacked(HANDS)
    bid(state, "3W", "5R", "7P")  # Winds are trump; seat 0 leads
    play(state, "4R")
    assert "follow suit" in refused(state, PLAY["2W"])
    play(state, "3R", "8W")  # seat 2 has no Flames and trumps
    assert state.tricks == [0, 0, 1] and state.current_player == 2
    play(state, "5B", "2B", "3B")  # the lowest number takes
    assert state.tricks == [1, 0, 1] and state.current_player == 0
    play(state, "9R", "1R", "9G")  # the Fool takes the Queen; the 9G sluffed takes nothing
    assert state.tricks == [2, 0, 1]
    play(state, "Lady", "Protectress", "Changeling")  # a god led calls for gods
    assert state.tricks == [3, 0, 1]


def test_trump_rules_and_gods_immune_to_trump():
    """"Cards of the trump suit will take the trick, unless a lower numbered trump was played, a
    Fool of trump was played on the Queen of trump, or the lead suit was god cards. God cards
    are immune to trump." GAMES.md: "a god trick goes to the lowest-numbered god"."""
    assert trick_winner([(0, "3W"), (1, "5R"), (2, "2R")], "R") == 2
    assert trick_winner([(0, "3W"), (1, "1R"), (2, "9R")], "R") == 2
    assert trick_winner([(0, "Builder"), (1, "1R"), (2, "DarkLord")], "R") == 2
    assert trick_winner([(0, "Changeling"), (1, "Lady"), (2, "5W")], None) == 1
    assert trick_winner([(0, "1W"), (1, "9R"), (2, "5W")], None) == 0  # a Fool of another suit
    assert trick_winner([(0, "1W"), (1, "9W"), (2, "5W")], None) == 1
    assert trick_winner([(0, "5W"), (1, "Lady"), (2, "6W")], "R") == 0  # a god sluffed


def test_a_trick_is_a_point_and_a_match_is_one_hand_per_dealer():
    """GAMES.md: "a trick is a point; the hand goes to most tricks; a match is one hand per
    player as dealer"."""
    state = stacked(HANDS)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert sum(state.tricks) == 17 and state.returns() == [float(t) for t in state.tricks]
    best = max(state.tricks)
    assert state.view(0)["hand_leaders"] == [s for s in range(3) if state.tricks[s] == best]
    leaders = [s for s in range(3) if state.tricks[s] == best]
    said = " and ".join(f"seat {s}" for s in leaders)
    assert f"the hand goes to {said} with {best} points" in state.game.render(state.view(1))
    game = parlour.load("crusade", players=3, match=True)
    state = game.new_state(seed=3)
    dealers = []
    while not state.is_terminal:
        if state.phase == "bid" and not any(state.bids):
            dealers.append(state.dealer)
            assert state.current_player == (state.dealer + 1) % 3  # the dealer's left starts
        state.apply(state.legal_actions()[0])
    assert dealers == [2, 0, 1]
    assert state.returns() == [float(sum(r[s] for r in state.hand_results)) for s in range(3)]


def test_notation():
    """The notation on docs/rules/crusade.md: 'bid CARD', 'pick SUIT', 'pass', a card to play."""
    state = stacked(HANDS)
    game = state.game
    assert game.parse_action(state, "bid 3w") == BID["3W"]
    assert game.parse_action(state, "3W") == BID["3W"]
    assert game.parse_action(state, "pick winds") == PICK["W"]
    assert game.parse_action(state, "pass") == PASS
    bid(state, "3W", "5R", "7P")
    assert game.parse_action(state, "lady") == PLAY["Lady"]
    with pytest.raises(IllegalAction):
        game.parse_action(state, "pick X")


def test_heuristic_beats_random():
    """The heuristic takes more tricks than random players over a few dozen hands."""
    import random
    for players in (3, 4, 5):
        game = parlour.load("crusade", players=players)
        mine = theirs = 0.0
        for k in range(16):
            agent = game.heuristic(seed=k)
            rng = random.Random(k)
            state = game.new_state(seed=k)
            seat = k % players
            while not state.is_terminal:
                s = state.current_player
                legal = state.legal_actions()
                state.apply(agent.choose(state, s) if s == seat
                            else legal[rng.randrange(len(legal))])
            r = state.returns()
            mine += r[seat]
            theirs += (sum(r) - r[seat]) / (players - 1)
        assert mine > 1.2 * theirs, players


def test_views_never_show_hidden_cards():
    """Hidden cards stay hidden: no seat's view, log included, names a card in another hand, in
    the extras, or another seat's bid before all have bid."""
    import json
    import random
    for players in (3, 4, 5):
        game = parlour.load("crusade", players=players)
        for seed in range(3):
            state = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                for seat in list(range(players)) + [None]:
                    text = json.dumps(state.view(seat))
                    hidden = list(state.extras)
                    for s in range(players):
                        if s != seat:
                            hidden += [c for c in state.hands[s]
                                       if not (state.revealed and state.revealed == (s, c))]
                            if state.phase == "bid" and state.bids[s]:
                                hidden.append(state.bids[s])
                    for card in hidden:
                        if card == state.tie_god:
                            continue  # the god a tie calls for is named, not who holds it
                        assert f'"{card}"' not in text and f" {card}" not in text, (seat, card)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])


def test_the_eights_are_scholars_or_magicians_by_name_only():
    """The seed: "The "8" rank is sometimes magician, and sometimes scholar, with different card
    names depending on which is used. The same rank symbol is used for both, and the change has
    no effect on game play." (option `eights`)"""
    records = []
    for eights in ("scholar", "magician"):
        state = stacked(HANDS, eights=eights)
        assert f"8 {eights.capitalize()}" in state.game.render(state.view(0))
        while not state.is_terminal:
            state.apply(state.legal_actions()[0])
        records.append((state.record()["actions"], state.returns()))
    assert records[0] == records[1]
    with pytest.raises(parlour.OptionError):
        parlour.load("crusade", eights="wizard")


# The core (parlour/fast/crusade.py): what the search sees --------------------------------------
def test_a_tie_picked_and_the_god_shown_stays_with_its_holder():
    """Determinizing after a pick keeps the revealed god in its holder's hand ("the god, once
    revealed, stays in his hand, known to all"), the seat's own hand and the bids turned up."""
    state = stacked(HANDS)
    bid(state, "2R", "2W", "7P")
    state.apply(PICK["W"])
    fast = state.core
    assert fast.trump == 0 and fast.to_act() == 1 and fast.revealed == 0
    for seed in range(30):
        det = fast.determinize(1, Rng(seed))
        assert det.hands[0] >> CARD["DarkLord"] & 1
        assert det.hands[1] == fast.hands[1] and det.bids == fast.bids
        assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in fast.hands]


def test_bids_stay_hidden_and_never_become_gods():
    """While the bid lasts, the others' face-down bids are dealt afresh, never as a god; the
    seat's own hand and the seats yet to bid are left as they are."""
    game = parlour.load("crusade", players=5)
    for seed in range(40):
        state = game.new_state(seed=seed)
        for _ in range(3):
            state.apply(state.legal_actions()[-1])
        fast = state.core
        det = fast.determinize(3, Rng(seed))
        assert all(0 <= det.bids[s] < FIRST_GOD for s in range(3))
        assert det.bids[3:] == [-1, -1] and det.hands[3] == fast.hands[3]
        assert Counter(census(det)) == Counter(census(fast))


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 5, "match": True}, {}])
def test_determinize_keeps_what_the_seat_sees_and_leaks_nothing(options):
    """The determinization for the seat to act leaves its view (log included) and its moves as
    they were and holds the same cards; and from a position the seat cannot tell from the real
    one, the same draws deal the same: where the hidden cards really lie does not steer it."""
    game = parlour.load("crusade", **options)
    rng = random.Random(11)
    changed = 0
    for seed in range(12):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            seat = state.current_player
            det = state.determinize(seat, random.Random(seed))
            assert det.view(seat) == state.view(seat)
            assert det.core.legal() == state.core.legal()
            assert Counter(census(det.core)) == Counter(census(state.core))
            changed += det.core.hands != state.core.hands
            draw = rng.getrandbits(32)
            assert state.core.determinize(seat, Rng(draw)).key() == \
                det.core.determinize(seat, Rng(draw)).key(), state.history
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert changed > 300


def test_the_core_plays_whole_matches_on_its_own():
    """Alone, the core plays a hand per player, each one deal from its own generator, every trick
    scored but the last, with the same cards throughout."""
    rng = Rng(5)
    for players in (3, 4, 5):
        for seed in range(12):
            fast = start(players, players, Rng(seed), None)
            while fast.to_act() != NOBODY:
                legal = fast.legal()
                assert legal and len(set(legal)) == len(legal)
                fast.step(legal[rng.below(len(legal))])
                assert sorted(census(fast)) == list(range(54))
            assert fast.hand_no == players and fast.chances == players
            assert sum(fast.scores) == players * (54 // players - 1)


def test_random_games_meet_every_rule():
    """Random games meet every phase and rule the core tells of: ties picked and passed out,
    tricks taken by the lowest card, by the Fool over its Queen, by a trump."""
    counts: Counter = Counter()
    rng = random.Random(7)
    for players in (3, 4, 5):
        game = parlour.load("crusade", players=players)
        for seed in range(40):
            state = game.new_state(seed=seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            counts.update(state.event_counts())
    for name in ("tie", "god picks", "pass", "fool takes queen", "trumped", "trick won"):
        assert counts[name] >= 5, (name, counts)


def test_the_heuristic_chooses_alike_from_the_core_and_from_the_view():
    """The heuristic agent asks the core's heuristic from the position (choose) and from what the
    view shows (act): both see the same and choose the same."""
    checked = 0
    for players in (3, 4, 5):
        game = parlour.load("crusade", players=players, match=players == 4)
        rng = random.Random(players)
        for seed in range(12):
            state = game.new_state(seed=seed)
            checked += play_asking_both(state, game.heuristic(seed=seed), rng, 0.5)[1]
    assert checked > 2000
