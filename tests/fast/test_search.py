"""ISMCTS on a game's core, under the agent the room and the lab already use."""

import math
import random
import time

import pytest

import parlour
from parlour.agents import ISMCTSAgent, make_agent
from parlour.agents.profile import profile_of
from parlour.fast import core_of
from parlour.fast.core import Rng
from parlour.fast.rewards import rank_rewards
from parlour.fast.search import Search
from tests.fast.along import covered

WITH_CORE = [g for g in parlour.games() if covered(g)]


def positions(game_id, count, seed=0):
    """Positions with a real choice, along random games."""
    game = parlour.load(game_id)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal and len(found) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                found.append(state.clone())
            state.apply(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_the_search_runs_on_the_core_and_answers_a_readable_legal_move(game_id):
    """"A search path per game on integer cards and actions ... under the same public contract:
    card names, action objects ... at the boundary stay as they are" (issue 31)."""
    for state in positions(game_id, 6):
        seat = state.current_player
        agent = ISMCTSAgent(seed=1, iters=60, depth=profile_of(parlour.load(game_id)).depth)
        before = state.clone()
        action = agent.choose(state, seat)
        assert agent.last["core"] is True
        assert state == before, "the search does not touch the real position"
        assert action in state.legal_actions()
        root = agent.last["root"]
        assert set(root.children) <= set(state.legal_actions())
        assert sum(child.visits for child in root.children.values()) == 60
        state.apply(action, seat=seat)  # through the checked contract


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_the_same_seed_and_iterations_give_the_same_move_on_the_core(game_id):
    """ISMCTSAgent: "Same seed and an iteration budget: the same move." """
    for state in positions(game_id, 4, seed=1):
        depth = profile_of(parlour.load(game_id)).depth
        moves = {str(ISMCTSAgent(seed=7, iters=40, depth=depth).choose(state,
                                                                      state.current_player))
                 for _ in range(2)}
        assert len(moves) == 1


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_off_the_core_and_with_heuristic_playouts_the_search_stays_readable(game_id):
    """`use_core=False` keeps any search on the readable game; hard's heuristic playouts stay there
    too unless the integer form offers the game's heuristic (FastState.heuristic: Arschloch's,
    the pilot of one form per rule), where they run on the integers."""
    state = positions(game_id, 1, seed=2)[0]
    agent = ISMCTSAgent(seed=1, iters=20, use_core=False,
                        depth=profile_of(parlour.load(game_id)).depth)
    agent.choose(state, state.current_player)
    assert "core" not in agent.last
    game = parlour.load(game_id)
    if game.heuristic is not None:
        hard = make_agent("hard:iters=10", game, seed=1)
        hard.choose(state, state.current_player)
        module = core_of(game)
        fast = module.position(state, 1) if module is not None else None
        if fast is not None and fast.heuristic:
            assert hard.last.get("core")
        else:
            assert "core" not in hard.last


@pytest.mark.parametrize("game_id", WITH_CORE)
def test_the_core_values_each_move_as_the_readable_search_does(game_id):
    """Both searches estimate the same thing: the mean reward of each root move over the
    determinizations and random playouts from it. With the tree cut at the root and wide
    exploration, every move's mean from the core lies within 4.5 standard errors of the
    readable one's (a core whose rules, returns or deals differ moves the means apart)."""
    compared = 0
    depth = profile_of(parlour.load(game_id)).depth  # where the game's estimate cuts playouts
    for state in positions(game_id, 4, seed=3):
        seat = state.current_player
        roots = []
        for use_core, seed in ((True, 1), (False, 2)):
            agent = ISMCTSAgent(seed=seed, iters=500, tree=1, c=4.0, use_core=use_core, depth=depth)
            agent.choose(state, seat)
            roots.append(agent.last["root"])
        fast, slow = roots
        for action, a in fast.children.items():
            b = slow.children.get(action)
            if b is None or a.visits < 20 or b.visits < 20:
                continue
            error = math.sqrt(variance(a) / a.visits + variance(b) / b.visits)
            gap = abs(a.reward / a.visits - b.reward / b.visits)
            assert gap <= 4.5 * error + 1e-9, (state.history, str(action), gap, error)
            compared += 1
    assert compared >= 4


def variance(node) -> float:
    mean = node.reward / node.visits
    return max(0.0, (node.squares - node.visits * mean * mean) / (node.visits - 1))


@pytest.mark.parametrize("game_id", [g for g in WITH_CORE if profile_of(parlour.load(g)).depth])
def test_a_playout_on_the_core_stops_at_the_depth_and_takes_the_estimate(game_id):
    """ISMCTS `depth`: "playout moves before the game's estimate() is taken": the core's
    playout plays exactly that many random moves, then answers the core's estimate there."""
    game = parlour.load(game_id)
    module = core_of(game)
    for state in positions(game_id, 5, seed=4):
        for depth in (0, 3):
            # Two copies of one position, each with its own generator for the game's chances.
            search = Search(0.7, 0.0, -1, depth, rank_rewards, False, time.perf_counter)
            found = search.play_out(module.position(state, 1), Rng(5), -1.0)
            again, draw, moves = module.position(state, 1), Rng(5).drawer(), 0
            while again.to_act() >= 0:
                if moves == depth and again.estimate() is not None:
                    assert found == again.estimate()
                    break
                legal = again.legal()
                again.step(legal[int(draw() * len(legal))])
                moves += 1
            else:
                assert found == again.returns()


def test_a_round_limit_searches_on_a_core_that_counts_rounds():
    """ISMCTSAgent: "rounds=k: a playout stops once k rounds ... have ended" — on the integer core
    too where it counts the rounds as the readable state does (Arschloch's match of rounds), and
    each playout then stops in the first position of the next round or at the end."""
    game = parlour.load("arschloch", rounds=3)
    rng = random.Random(4)
    for seed in range(3):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(40)):
            state.apply(rng.choice(state.legal_actions()))
        while len(state.legal_actions()) == 1:  # a real choice, which the agent searches
            state.apply(state.legal_actions()[0])
        fast = core_of(game).position(state, 1)
        assert fast.round_count() == state.round_count()
        agent = ISMCTSAgent(seed=1, iters=30, rounds=1)
        agent.choose(state, state.current_player)
        assert agent.last.get("core")
        last = state.round_count()
        search = Search(0.7, 0.0, 1, -1, rank_rewards, False, time.perf_counter,
                        last_round=last)
        for _ in range(5):
            det = fast.determinize(fast.to_act(), Rng(seed))
            search.play_out(det, Rng(seed), -1.0)
            assert det.to_act() < 0 or (det.round_count() == last + 1
                                        and det.estimate() is not None)
