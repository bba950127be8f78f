"""The integer twin of Mages Wild (parlour/fast/mages_wild.py) against the readable game: random
games through both forms, every legal list, step and return compared, for each option and player
count; then what determinize keeps and deals, the chance count, and what the twin leaves alone."""

import random
from collections import Counter
from types import SimpleNamespace

import pytest

import parlour
from parlour.core.cards import VIASHI_54
from parlour.fast import mages_wild as fast_mw
from parlour.fast.core import NOBODY, Rng
from parlour.games.mages_wild import CARD_OF, MOVE_OF, MOVES, NAMED
from tests.fast.differential import determinize_both, play_both, play_one

COVERED = [
    ({}, 250),                                           # four players, the default
    ({"god_effects": True}, 200),
    ({"turn_limit": 30}, 150),                           # the cap, shared wins
    ({"players": 2}, 150),                               # the Fool changes nothing
    ({"players": 3, "god_effects": True}, 150),
    ({"players": 5}, 150),                               # the draw pile runs out: reshuffles
    ({"players": 5, "god_effects": True, "turn_limit": 60}, 150),
]


def test_cards_and_moves_are_numbered_as_the_readable_game_numbers_them():
    assert fast_mw.CARD_NAMES == tuple(VIASHI_54.cards)
    assert fast_mw.MOVES == len(MOVES)
    for move in MOVES[2:]:
        assert fast_mw.CARD_NAMES[fast_mw.MOVE_CARD[move]] == CARD_OF[move]
        named = fast_mw.MOVE_NAMED[move]
        assert (None if named < 0 else fast_mw.SUIT_LETTERS[named]) == NAMED[move]


@pytest.mark.parametrize("options,games", COVERED)
def test_random_games_agree_move_by_move(options, games):
    assert play_both("mages_wild", games, seed=len(str(options)), **options) > 20 * games


@pytest.mark.parametrize("options,games", COVERED)
def test_determinize_deals_the_cards_the_readable_one_deals(options, games):
    determinize_both("mages_wild", games, seed=7, **options)


def _random_positions(count, seed, **options):
    """Readable positions along random games, with the twin played alongside."""
    game = parlour.load("mages_wild", **options)
    rng = random.Random(seed)
    found = 0
    while found < count:
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        while not state.is_terminal and found < count:
            yield state, deal
            found += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("options", [{}, {"players": 5}, {"players": 2, "god_effects": True}])
def test_chances_count_the_readable_reshuffles(options):
    """The twin reshuffles exactly when the readable game does (with cards of its own), so the
    counts agree after every step (play_both's check), and a reshuffle is met in these games."""
    reshuffles = []

    def watch(state, legal, index, entries, fast, dealt):
        if dealt is not None:
            reshuffles.append(state.history)

    play_both("mages_wild", 60, seed=3, watch=watch, **options)
    assert reshuffles


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"players": 5, "god_effects": True}])
def test_determinize_keeps_what_the_seat_knows(options):
    """The seat's own hand, the discard pile, every hand's size and the draw pile's stay; a seat
    seen to lack cards is dealt no more of them than it has taken in since, as the readable
    shortages() reads the log; the generator is a new one."""
    checked = constrained = 0
    for state, deal in _random_positions(1500, 11, **options):
        seat = state.current_player
        fast = fast_mw.twin(state, deal)
        assert list(zip(fast.lacked, fast.since)) == state.clone().shortages()
        det = fast.determinize(seat, Rng(checked))
        assert det.rng is not fast.rng
        assert det.hands[seat] == fast.hands[seat] and det.discard == fast.discard
        assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in fast.hands]
        assert len(det.draw) == len(fast.draw)
        assert sorted(fast_mw.census(det)) == list(range(54))
        assert det.legal() == fast.legal() and det.to_act() == seat
        # Only the dealt cards changed: every other field is the same.
        same = lambda f: (f.top, f.playable, f.direction, f.current, f.turn, f.lacked,  # noqa
                          f.since, f.chances, f.winners)
        assert same(det) == same(fast)
        for s in range(fast.players):
            if s != seat and fast.lacked[s]:
                constrained += 1
                assert (det.hands[s] & fast.lacked[s]).bit_count() <= fast.since[s]
        checked += 1
    assert constrained > 100


def test_determinize_deals_afresh():
    """The hidden cards do move: over a few determinizations another hand changes."""
    state = parlour.load("mages_wild").new_state(seed=5)
    fast = fast_mw.twin(state, 5)
    rng = Rng(1)
    assert len({tuple(fast.determinize(0, rng).hands) for _ in range(10)}) > 1
    assert len({tuple(fast.determinize(0, rng).draw) for _ in range(10)}) > 1


def test_copy_is_independent():
    state = parlour.load("mages_wild").new_state(seed=9)
    fast = fast_mw.twin(state, 9)
    key = fast.key()
    other = fast.copy()
    rng = Rng(2)
    while other.to_act() != NOBODY:
        legal = other.legal()
        other.step(legal[rng.below(len(legal))])
    assert fast.key() == key and other.key() != key


def test_twin_covers_mages_wild_only():
    """Every option value and player count of Mages Wild is covered; another game, or options
    this twin does not know, are not."""
    for options in ({}, {"players": 2, "god_effects": True, "turn_limit": 20}):
        state = parlour.load("mages_wild", **options).new_state(seed=1)
        assert fast_mw.twin(state, 1) is not None
    other = SimpleNamespace(game=SimpleNamespace(info=SimpleNamespace(id="mages_wild_variant"),
                                                 options={}))
    assert fast_mw.twin(other, 1) is None
    unknown = SimpleNamespace(game=SimpleNamespace(info=SimpleNamespace(id="mages_wild"),
                                                   options={"god_effects": False,
                                                            "turn_limit": 1000,
                                                            "draw_until_playable": True}))
    assert fast_mw.twin(unknown, 1) is None


def test_a_terminal_position_twins_to_nobody_with_the_same_returns():
    for options in ({}, {"turn_limit": 20}):
        game = parlour.load("mages_wild", **options)
        state = game.new_state(seed=4)
        rng = random.Random(4)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        fast = fast_mw.twin(state, 4)
        assert fast.to_act() == NOBODY and fast.legal() == []
        assert fast.returns() == state.returns() and fast.estimate() is None
        assert Counter(fast_mw.census(fast)) == Counter(range(54))


def _nothing_left_to_draw(god_effects):
    """A readable two-player position random games almost never reach: every card but the top
    card (the Friend, on which only a mage goes) is in a hand and the draw pile is empty. Seat 0
    holds no mage, no god and no Leaves, so it must pass now, and draw on a mage naming Leaves."""
    from parlour.games.mages_wild import PLAYABLE, mask_of, requirement
    state = parlour.load("mages_wild", players=2, god_effects=god_effects).new_state(seed=1)
    seat0 = [c for c in VIASHI_54.cards if c[1:] in ("W", "R", "P") and c[0] != "8"]
    seat0 += ["1B", "3B", "4B"]
    seat1 = [c for c in VIASHI_54.cards if c not in seat0 and c != "Friend"]
    state.hands = [mask_of(seat0), mask_of(seat1)]
    state.draw, state.discard = [], ["Friend"]
    state.need = requirement("Friend")
    state.playable = PLAYABLE[state.need]
    state.log = [(None, "top", "Friend")]
    return state


@pytest.mark.parametrize("god_effects", [False, True])
def test_a_pass_and_a_short_draw_for_the_king_agree(god_effects):
    """"If none of his cards can be played he draws one card": with nothing to draw he passes;
    the King's two are as many as there are. From the position above: seat 0 passes, seat 1
    names Leaves, seat 0 draws the one card under the mage, seat 1 plays the King of Leaves with
    one card to draw; then random games on, through both forms."""
    for seed in range(30):
        state = _nothing_left_to_draw(god_effects)
        script = ["pass", "8W G", "draw", "2G"]

        def pick(rng, state, legal):
            if script:
                return legal.index(state.game.parse_action(state, script.pop(0)))
            return rng.randrange(len(legal))

        play_one(fast_mw, state, seed, random.Random(seed), pick)
        mage, king = MOVE_OF["8W", "G"], MOVE_OF["2G", None]
        log = [entry[1:] for entry in state.log if entry[1] != "reshuffle"]
        assert log[1:6] == [("pass", None), ("play", mage), ("draw", 1), ("play", king),
                            ("draw", 1)]
