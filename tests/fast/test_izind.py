"""The integer twin of Izind (parlour/fast/izind.py) against the readable game."""

import random
from collections import Counter

import pytest

import parlour
from parlour.fast import twin_module
from parlour.fast.core import NOBODY, Rng
from parlour.fast.izind import (CLOSED, EMPTY, IzindFast, Rules, card_of, census, encode,
                                twin)
from parlour.games.izind import (CARDS, ELEPHANTS, NUMBER, PASS, REDRAW, Play, completes,
                                 why_not)
from tests.fast.differential import determinize_both, play_both

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
    rng = random.Random(seed)
    seen: Counter = Counter()
    for _ in range(games):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        fast = twin(state, deal)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert fast.to_act() == state.current_player
            assert fast.legal() == [encode(a) for a in legal], state.history
            assert fast.estimate() == state.estimate()
            plays = [i for i, a in enumerate(legal) if isinstance(a, Play)]
            # Elephants kept for the 9s, towers completed when they can be.
            done = [i for i in plays if completes(legal[i].card, _tower(state, legal[i]),
                                                  game.options)]
            kept = [i for i in plays if legal[i].card not in ELEPHANTS or i in done]
            if done and rng.random() < 0.7:
                pick = rng.choice(done)
            elif kept and rng.random() < 0.95:
                pick = rng.choice(kept)
            elif plays and rng.random() < 0.95:
                pick = rng.choice(plays)
            elif legal[-2:] == [REDRAW, PASS] and rng.random() < 0.9:
                pick = len(legal) - 2
            else:
                pick = rng.randrange(len(legal))
            action = legal[pick]
            if isinstance(action, Play):
                if completes(action.card, _tower(state, action), game.options):
                    seen["elephant completes" if action.card in ELEPHANTS else "ten completes"] += 1
                    seen["for the player" if action.owner != state.current_player
                         and game.options["ten_wins"] == "player" else "for the owner"] += 1
            else:
                seen[str(action)] += 1
            before = fast.chances
            fast.step(fast.legal()[pick])
            state.apply(action)
            again = twin(state, deal)
            if again.chances == fast.chances == before:
                assert fast.key() == again.key(), state.history
            else:
                seen["reshuffle"] += 1
                fast = again
        assert fast.to_act() == NOBODY
        assert fast.returns() == state.returns()
        seen["lost by passes" if state.lost_by_passes else "won by towers"] += 1
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
    game = parlour.load("izind")
    rng = random.Random(5)
    met = 0
    for _ in range(150):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        fast = twin(state, deal)
        while not state.is_terminal:
            legal = state.legal_actions()
            pick = rng.randrange(len(legal))
            fast.step(fast.legal()[pick])
            state.apply(legal[pick])
            again = twin(state, deal)
            assert fast.chances == again.chances, state.history
            if fast.key() != again.key():
                assert (fast.towers, fast.discard, fast.passes, fast.to_act()) == (
                    again.towers, again.discard, again.passes, again.to_act())
                assert [len(h) for h in fast.hands] == [len(h) for h in again.hands]
                assert Counter(census(fast)) == Counter(census(again))
                met += 1
                fast = again
    assert met > 10


@pytest.mark.parametrize("options", [{}, {"maunwe": True, "elephants_complete": True}])
def test_the_twin_plays_whole_games_on_its_own(options):
    game = parlour.load("izind", **options)
    deck = Counter(card_of(c) for c in game.deck().cards)
    rng = Rng(5)
    for seed in range(150):
        fast = twin(game.new_state(seed=seed), seed)
        if seed % 2:
            fast = fast.determinize(0, Rng(seed))  # its deck unordered, drawn at random
        while fast.to_act() != NOBODY:
            legal = fast.legal()
            assert legal and len(set(legal)) == len(legal)
            fast.step(legal[rng.below(len(legal))])
            assert Counter(census(fast)) == deck
        assert fast.legal() == [] and sorted(fast.returns()) == [0.0, 1.0]


def test_copy_and_determinize_leave_the_position_alone():
    game = parlour.load("izind")
    rng = random.Random(9)
    for seed in range(60):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(1, 30)):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            continue
        fast = twin(state, seed)
        key = fast.key()
        copy = fast.copy()
        assert copy.key() == key
        seat = fast.to_act()
        det = fast.determinize(seat, Rng(seed))
        assert fast.key() == key
        assert Counter(census(det)) == Counter(census(fast))
        assert det.hands[seat] == fast.hands[seat] and det.discard == fast.discard
        for move in det.legal()[:1]:
            det.step(move)
            copy.step(move)
        assert fast.key() == key


def test_twin_leaves_the_readable_state_alone():
    game = parlour.load("izind")
    state = game.new_state(seed=4)
    for _ in range(12):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[-1])
    before = state.clone()
    twin(state, 1)
    assert state == before


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
    assert twin(parlour.load("viashi").new_state(seed=1), 1) is None
    assert twin_module(parlour.load("izind")) is not None
    for options, _ in COVERED:
        assert isinstance(twin(parlour.load("izind", **options).new_state(seed=1), 1), IzindFast)
