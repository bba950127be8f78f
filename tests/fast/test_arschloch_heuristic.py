"""The heuristic (medium) on Arschloch's integers makes the readable heuristic's choice in every
position, so hard's heuristic playouts on the integers play the games the readable ones would."""

import random

import pytest

import parlour
from parlour.fast import core_of
from parlour.games.arschloch import ArschlochHeuristic

CASES = [(3, {}), (4, {"deck": 52}), (5, {"revolution": True}), (6, {"points": 15}),
         (4, {"bomb": True, "equality": True}), (5, {"deck": 52, "two_high": True,
                                                     "revolution": True, "rounds": 2})]


@pytest.mark.parametrize("players,options", CASES)
def test_the_integer_heuristic_chooses_as_the_readable_one(players, options):
    game = parlour.load("arschloch", players=players, **options)
    module = core_of(game)
    heuristic = ArschlochHeuristic(seed=1)
    checked = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            want = heuristic.act(state.view(seat), legal)
            if len(legal) > 1:
                fast = module.position(state, 1)
                assert fast.heuristic_action(fast.legal()) == game.action_id(want)
                checked += 1
            state.apply(legal[rng.randrange(len(legal))] if rng.random() < 0.5 else want)
    assert checked > 50
