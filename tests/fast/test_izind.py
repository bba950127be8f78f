"""The integer twin of Izind (parlour/fast/izind.py) against the readable game."""

from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng
from parlour.fast.izind import (CLOSED, EMPTY, IzindFast, Rules, card_of, census, encode,
                                twin)
from parlour.games.izind import (CARDS, ELEPHANTS, NUMBER, PASS, REDRAW, Play, completes,
                                 why_not)
from tests.fast.differential import determinize_both, play_both, positions

# Every option set the twin covers (the game's sample options), with the games each plays:
# random games run about 19 moves, most of them ended by a fourth pass.
COVERED = [
    ({}, 300),
    ({"ten_wins": "player", "elephants_complete": True}, 200),
    ({"white_completes": True}, 200),
    ({"maunwe": True}, 200),
    ({"maunwe": True, "ten_wins": "player", "white_completes": True}, 200),
    ({"maunwe": True, "elephants_complete": True}, 200),
]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    moves = play_both("izind", games, seed=7, **options)
    assert moves >= 15 * games


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_keeps_what_the_seat_knows(options, games):
    determinize_both("izind", 400, seed=11, **options)


def _eager_games(options: dict, games: int, seed: int) -> Counter:
    """play_both's comparisons on games where a play is nearly always taken when there is one,
    so that towers grow to 10, elephants land on 9s and the maunwe games are won by three
    towers (random games mostly end by passes). Returns what happened, for the test to check."""
    game = parlour.load("izind", **options)
    seen: Counter = Counter()

    def pick(rng, state, legal):
        plays = [i for i, a in enumerate(legal) if isinstance(a, Play)]
        # Elephants kept for the 9s, towers completed when they can be.
        done = [i for i in plays if completes(legal[i].card, _tower(state, legal[i]),
                                              game.options)]
        kept = [i for i in plays if legal[i].card not in ELEPHANTS or i in done]
        if done and rng.random() < 0.7:
            index = rng.choice(done)
        elif kept and rng.random() < 0.95:
            index = rng.choice(kept)
        elif plays and rng.random() < 0.95:
            index = rng.choice(plays)
        elif legal[-2:] == [REDRAW, PASS] and rng.random() < 0.9:
            index = len(legal) - 2
        else:
            index = rng.randrange(len(legal))
        # What the move does is counted here, where the tower it goes on is still as it was.
        action = legal[index]
        if isinstance(action, Play):
            if index in done:
                seen["elephant completes" if action.card in ELEPHANTS else "ten completes"] += 1
                seen["for the player" if action.owner != state.current_player
                     and game.options["ten_wins"] == "player" else "for the owner"] += 1
        else:
            seen[str(action)] += 1
        return index

    def watch(state, legal, index, entries, fast, dealt):
        seen["reshuffle"] += dealt is not None
        if state.is_terminal:
            seen["lost by passes" if state.lost_by_passes else "won by towers"] += 1

    play_both("izind", games, seed=seed, pick=pick, watch=watch, **options)
    return seen


def _tower(state, play: Play) -> list:
    return state.towers[play.owner][play.lane]


@pytest.mark.parametrize("options,games", [(options, games // 2) for options, games in COVERED])
def test_games_that_build_the_towers_agree_move_by_move(options, games):
    seen = _eager_games(options, games, seed=3)
    assert seen["won by towers"] > games // 2 and seen["ten completes"] > games // 2
    assert seen["redraw"] and seen["pass"]  # (random games mostly end by a fourth pass)
    if options.get("elephants_complete") or options.get("white_completes"):
        assert seen["elephant completes"]
    if options.get("ten_wins") == "player":
        assert seen["for the player"]
    if not options.get("maunwe"):
        assert seen["reshuffle"]


@pytest.mark.parametrize("options,_", COVERED)
def test_the_play_table_is_the_readable_rule(options, _):
    """Every card on every top a tower can show: fits as why_not says, completes as completes
    says."""
    game = parlour.load("izind", **options)
    rules = Rules(game.lanes, 3 if options.get("maunwe") else 1,
                  game.options["ten_wins"] == "owner", game.options["elephants_complete"],
                  game.options["white_completes"])
    towers = [([], EMPTY, False), (["1bat"], CLOSED, True)]
    towers += [(["1bat", card], card_of(card), False) for card in CARDS if NUMBER.get(card) != 1]
    towers += [(["1bat", card], card_of(card), False) for card in CARDS if NUMBER.get(card) == 1]
    for card in CARDS:
        if NUMBER.get(card) == 1:
            continue
        for tower, top, done in towers:
            fits = why_not(card, tower, done) is None
            want = (2 if completes(card, tower, game.options) else 1) if fits else 0
            assert rules.rows[card_of(card)][top] == want, (card, tower)
            assert rules.fits[card_of(card)][top] == want


def test_reshuffles_are_the_chances_the_readable_game_counts():
    """Across a reshuffle the two forms hold the deck in different orders but the same towers,
    hands' sizes, discard pile and chance count."""
    met = []

    def watch(state, legal, index, entries, fast, dealt):
        if dealt is not None:
            assert (fast.towers, fast.discard, fast.passes, fast.to_act()) == (
                dealt.towers, dealt.discard, dealt.passes, dealt.to_act())
            assert [len(h) for h in fast.hands] == [len(h) for h in dealt.hands]
            assert Counter(census(fast)) == Counter(census(dealt))
            met.append(state.history)

    play_both("izind", 150, seed=5, watch=watch)
    assert len(met) > 10


@pytest.mark.parametrize("options", [{}, {"maunwe": True, "elephants_complete": True}])
def test_the_twin_plays_whole_games_on_its_own(options):
    """Alone, from the deal or from a determinization (its deck unordered, drawn at random),
    the twin plays to a win with every card of the deck kept."""
    game = parlour.load("izind", **options)
    deck = Counter(card_of(c) for c in game.deck().cards)
    rng = Rng(5)
    for seed in range(150):
        fast = twin(game.new_state(seed=seed), seed)
        if seed % 2:
            fast = fast.determinize(0, Rng(seed))
        while fast.to_act() != NOBODY:
            legal = fast.legal()
            assert legal and len(set(legal)) == len(legal)
            fast.step(legal[rng.below(len(legal))])
            assert Counter(census(fast)) == deck
        assert fast.legal() == [] and sorted(fast.returns()) == [0.0, 1.0]


def test_determinize_keeps_the_seats_hand_and_the_discard_pile():
    for state, deal in positions(parlour.load("izind"), 60, 30):
        fast = twin(state, deal)
        seat = fast.to_act()
        det = fast.determinize(seat, Rng(deal))
        assert det.hands[seat] == fast.hands[seat] and det.discard == fast.discard


def test_actions_are_distinct_and_name_card_and_tower():
    game = parlour.load("izind", maunwe=True)
    state = game.new_state(seed=2)
    while not state.is_terminal:
        legal = state.legal_actions()
        codes = [encode(a) for a in legal]
        assert len(set(codes)) == len(codes)
        for action, code in zip(legal, codes):
            if isinstance(action, Play):
                assert (code >> 4, code >> 3 & 1, code & 7) == (
                    card_of(action.card), action.owner, action.lane)
        state.apply(legal[0])


def test_what_the_twin_does_not_cover():
    assert twin_module(parlour.load("izind")) is not None
    for options, _ in COVERED:
        assert isinstance(twin(parlour.load("izind", **options).new_state(seed=1), 1), IzindFast)
