"""One suite over every registered game and a spread of its options (DESIGN.md, after OpenSpiel's
random-simulation test). A game joins by registering and listing `sample_options`."""

import json
import random
from collections import Counter

import pytest

import parlour
from parlour import IllegalAction

GAMES_PER_CASE = 6  # fully checked games per option set and player count
QUICK_GAMES = 20  # further games per case, checked for cards, length and the end (the golden
# traces replay thousands more exactly)


def cases():
    for game_id in parlour.games():
        cls = parlour.game_class(game_id)
        info = cls.info
        counts = sorted({info.min_players, info.default_players, info.max_players})
        for options in cls.sample_options:
            for players in counts:
                try:
                    game = cls(players, **options)
                except parlour.OptionError:
                    continue  # e.g. an option that needs more players
                yield pytest.param(game, id=f"{game_id}-{players}p-{_label(options)}")


def _label(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


CASES = list(cases())


def random_game(game, seed, check_step=None):
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    deck = Counter(game.deck().cards)
    steps = 0
    while not state.is_terminal:
        assert Counter(state.card_census()) == deck, "a card was lost or made"
        legal = state.legal_actions()
        assert legal, "a live state must offer an action"
        assert len(set(map(str, legal))) == len(legal), "a move is offered twice"
        if check_step:
            check_step(state, legal, rng, steps)
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps <= game.max_decisions(), "the game ran past its cap"
    assert Counter(state.card_census()) == deck
    assert state.current_player is None
    assert state.legal_actions() == []
    assert len(state.returns()) == game.players
    return state


def deep_checks(state, legal, rng, step):
    game = state.game
    seat = state.current_player
    assert seat in game.seats
    assert state.legal_actions() == legal, "legal actions must be stable"
    # Views are JSON and show nothing more after a determinization.
    for s in list(game.seats) + [None]:
        json.dumps(state.view(s))
    if step % 7:
        return
    before = state.clone()
    assert before == state
    det = state.determinize(seat, random.Random(step))
    assert det.view(seat) == state.view(seat), "a determinization must keep what the seat knows"
    assert det.legal_actions() == legal
    for action in legal[:12]:  # a determinization is a real position: every move plays in it
        det.clone().apply(action)
    for other in game.seats:  # and so is one made for a seat that is not to act
        if other != seat:
            twin = state.determinize(other, random.Random(step + other))
            assert twin.view(other) == state.view(other)
            for action in twin.legal_actions()[:6]:
                twin.clone().apply(action)
    # Notation and action ids round-trip for every legal action.
    for action in legal:
        assert game.parse_action(state, str(action)) == action
        number = game.action_id(action)
        assert 0 <= number < game.action_space_size
        assert game.action_from_id(number) == action
    # Illegal input is refused and changes nothing.
    with pytest.raises(IllegalAction):
        state.apply(object())
    with pytest.raises(IllegalAction):
        state.apply(legal[0], seat=(seat + 1) % game.players if game.players > 1 else None)
    for number in random.Random(step).sample(range(game.action_space_size),
                                             min(20, game.action_space_size)):
        action = game.action_from_id(number)
        if action not in legal and state._check(action) is not None:
            with pytest.raises(IllegalAction):
                state.apply(action)
    with pytest.raises(IllegalAction):
        game.parse_action(state, "no such move ~")
    assert state == before, "a refused move changed the state"
    # A clone is independent of its original.
    twin = state.clone()
    twin.apply(legal[-1])
    assert state == before


@pytest.mark.parametrize("game", CASES)
def test_random_games_play_to_the_end_under_every_check(game):
    for seed in range(GAMES_PER_CASE):
        state = random_game(game, seed, deep_checks if seed < 2 else None)
        # Same seed, same game; the record replays to the same state.
        assert random_game(game, seed) == state
        record = json.loads(json.dumps(state.record()))
        assert parlour.replay(record) == state


@pytest.mark.parametrize("game", CASES)
def test_determinizations_play_to_the_end(game):
    """Search plays determinizations out to the end: each must be a position the rules can finish,
    offering a move whenever it is not over (a hand the seat knows to be impossible would not)."""
    rng = random.Random(3)
    state = game.new_state(seed=3)
    playouts = 0
    while not state.is_terminal and playouts < 6:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            seat = rng.choice(game.seats)
            det = state.determinize(seat, rng)
            steps = len(det.history)
            while not det.is_terminal:
                moves = det.legal_actions()
                assert moves, "a determinization reached a live position with no move"
                det.apply(moves[rng.randrange(len(moves))])
                assert len(det.history) - steps <= game.max_decisions()
            playouts += 1
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", CASES)
def test_many_random_games(game):
    for seed in range(100, 100 + QUICK_GAMES):
        random_game(game, seed)


@pytest.mark.parametrize("game", CASES)
def test_stacked_deck_deals_the_given_cards(game):
    cards = list(game.deck().cards)
    random.Random(5).shuffle(cards)
    a = game.new_state(seed=1, deck=cards)
    b = game.new_state(seed=2, deck=cards)
    if game.deck_decides_deal:
        assert a.view(None) == b.view(None)
        assert [a.view(s) for s in game.seats] == [b.view(s) for s in game.seats]
    record = a.record()
    assert record["deck"] == cards
    assert parlour.replay(record) == a


def test_unknown_options_and_games_are_refused_with_the_valid_names():
    for game_id in parlour.games():
        with pytest.raises(parlour.OptionError, match="valid options"):
            parlour.load(game_id, no_such_option=True)
    with pytest.raises(parlour.OptionError, match="the games are"):
        parlour.load("no_such_game")


@pytest.mark.parametrize("game", CASES)
def test_soak(game, soak):
    if not soak:
        pytest.skip("soak mode only: pytest --soak 10000")
    for seed in range(soak):
        random_game(game, 10_000 + seed)


@pytest.mark.parametrize("game", CASES[:: max(1, len(CASES) // 26)])
def test_a_deep_copy_is_a_working_state(game):
    """Tools outside Parlour (OpenSpiel's Python games) copy states with copy.deepcopy."""
    import copy
    state = game.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(15):
        if state.is_terminal:
            break
        twin = copy.deepcopy(state)
        assert twin.view(state.current_player) == state.view(state.current_player)
        for action in twin.legal_actions()[:5]:
            assert game.action_from_id(game.action_id(action)) == action
        twin.apply(twin.legal_actions()[0])
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
