"""OpenSpiel's own ISMCTSBot as an agent, the anchor of issue 40's arenas: "hard against
OpenSpiel's own ISMCTSBot (its search unchanged, random rollouts, on the game through the adapter,
resampled from the seat's view) at the same time a move"."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.agents import RandomAgent, make_agent

pytest.importorskip("pyspiel")


def position(game, seed, moves):
    """A position `moves` random moves into a seeded game."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


# "resampled from the seat's view": every world the bot searches shows the seat what it sees.
def test_each_world_is_one_the_seat_cannot_tell_from_the_real_one():
    game = parlour.load("arschloch", 4)
    agent = make_agent("openspiel:seconds=0.01", game, seed=3)
    state = position(game, 11, 5)
    seat = state.current_player
    mirror = agent._mirror(state)
    others = set()
    for _ in range(20):
        world = agent._resample(mirror, seat)
        assert world.inner.view(seat) == state.view(seat)
        assert world.information_state_string(seat) == mirror.information_state_string(seat)
        others.add(tuple(world.inner.view((seat + 1) % 4)["hand"]))
    assert len(others) > 1, "the other seats' hidden cards are dealt afresh"


def test_another_seats_key_tells_its_hands_apart_in_the_worlds():
    """Two worlds in which the next seat holds different cards are two positions of its own in
    the tree: its moves there differ (OpenSpiel's bot assumes one set of moves a key)."""
    game = parlour.load("arschloch", 4)
    agent = make_agent("openspiel:seconds=0.01", game, seed=4)
    state = position(game, 12, 3)
    seat = state.current_player
    mirror = agent._mirror(state)
    other = (seat + 1) % 4
    keys = {}
    for _ in range(20):
        world = agent._resample(mirror, seat)
        keys.setdefault(tuple(world.inner.view(other)["hand"]),
                        set()).add(world.information_state_string(other))
    assert len(keys) > 1
    every = [key for found in keys.values() for key in found]
    assert len(set(every)) == len(keys), "one key a hand, another for each other hand"


@pytest.mark.parametrize("game_id", ["arschloch", "two_faced", "izind"])
def test_the_bot_plays_whole_games_with_legal_moves(game_id):
    game = parlour.load(game_id)
    bot = make_agent("openspiel:seconds=0.005", game, seed=1)
    others = RandomAgent(seed=2)
    state = game.new_state(seed=7)
    searched = 0
    while not state.is_terminal:
        seat = state.current_player
        agent = bot if seat == 0 else others
        action = agent.choose(state.clone(), seat)
        assert action in state.legal_actions()
        if seat == 0 and len(state.legal_actions()) > 1:
            searched += 1
            assert bot.last["simulations"] >= 2, "a move comes from a search through the root"
        state.apply(action)
    assert searched > 0


def test_the_spec_takes_seconds_and_c_only():
    game = parlour.load("arschloch")
    with pytest.raises(parlour.OptionError, match="no parameter 'iters'"):
        make_agent("openspiel:iters=10", game)
    with pytest.raises(parlour.OptionError, match="seconds"):
        make_agent("openspiel:seconds=0", game)
    assert make_agent("openspiel:seconds=0.5,c=1.5", game).bot.seconds == 0.5


def test_a_game_with_options_is_the_same_game_in_openspiel():
    game = parlour.load("arschloch", 5, bomb=True, points=6)
    agent = make_agent("openspiel:seconds=0.01", game)
    assert agent.os_game.parlour_game.options == game.options
    assert agent.os_game.num_players() == 5
