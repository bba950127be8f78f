"""The research adapters, checked by PettingZoo's and OpenSpiel's own test suites on every game.

Skipped when the `research` extra (pettingzoo, gymnasium, open_spiel) is not installed."""

import warnings

import numpy as np
import pytest

import parlour
from parlour.core.observation import encoder

GAMES = parlour.games()


def _spread(game_id):
    """The game's last sample options (the richest spread) at its fewest and most players."""
    cls = parlour.game_class(game_id)
    options = cls.sample_options[-1]
    return [(players, options) for players in sorted({cls.info.min_players, cls.info.max_players})]


# The encoder ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_encoder_fixed_size_and_from_the_view_only(game_id):
    """A seat's vector has the game's fixed size at every step, and depends only on view(seat):
    a determinized copy (hidden cards resampled for that seat) encodes the same."""
    import random
    game = parlour.load(game_id)
    enc = encoder(game)
    state = game.new_state(seed=11)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal:
            break
        seat = state.current_player
        vector = enc.encode(state.view(seat))
        assert vector.shape == (enc.size,) and vector.dtype == np.float32
        assert np.array_equal(vector, enc.encode(state.determinize(seat, rng).view(seat)))
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_encoder_counts_the_hand():
    """A list of card names is a count over the deck's distinct names: the hand's slots sum to
    the number of cards in the hand."""
    game = parlour.load("arschloch")
    enc = encoder(game)
    state = game.new_state(seed=2)
    view = state.view(0)
    start = enc.slots[(".hand", "cards")]
    vector = enc.encode(view)
    assert vector[start:start + len(enc.card_names)].sum() == len(view["hand"])


def test_every_adapter_observes_through_the_games_encoder(monkeypatch):
    """The encoder is part of the game contract (`game.observation_encoder()`, by default the
    generic one): a game that gives its own is observed through it by every adapter."""
    pytest.importorskip("pettingzoo")
    spiel = pytest.importorskip("pyspiel")
    from parlour.adapters import gymnasium, openspiel, pettingzoo
    game = parlour.load("izind")
    assert game.observation_encoder() is encoder(game)

    class HandSize:
        size = 2

        def encode(self, view):
            return np.array([len(view.get("hand") or []), 1], np.float32)

    monkeypatch.setattr(parlour.game_class("izind"), "observation_encoder",
                        lambda self: HandSize())
    env = pettingzoo.env("izind")
    env.reset(seed=1)
    assert env.last()[0]["observation"].tolist() == [3, 1]  # "each player ... gets 3 cards"
    obs, _ = gymnasium.env("izind").reset(seed=1)
    assert obs["observation"].tolist() == [3, 1]
    assert openspiel.GAMES
    state = spiel.load_game("parlour_izind", {"deals": 17}).new_initial_state()
    state.apply_action(1)
    assert state.observation_tensor(0) == [3, 1]


# PettingZoo -----------------------------------------------------------------------------------
@pytest.fixture
def pz():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from parlour.adapters import pettingzoo
    return pettingzoo


@pytest.fixture
def endings(pz, monkeypatch):
    """The number of moves of every game the raw environment plays to its end."""
    seen = []
    step = pz.raw_env.step

    def counting(self, action):
        live = self.state is not None and not self.state.is_terminal
        step(self, action)
        if live and self.state.is_terminal:
            seen.append(len(self.state.history))
    monkeypatch.setattr(pz.raw_env, "step", counting)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_and_seed(pz, endings, game_id):
    """PettingZoo's own api_test and seed_test, each playing whole games (their default cycles
    are enough for every game), on the game's first option set of the conformance suite."""
    from pettingzoo.test import api_test, seed_test
    options = parlour.game_class(game_id).sample_options[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz.env(game_id, **options))
        assert endings, "api_test played no game to its end"
        del endings[:]
        seed_test(lambda: pz.env(game_id, **options))
        assert endings, "seed_test played no game to its end"


@pytest.mark.parametrize("game_id,players,options",
                         [(g, p, o) for g in GAMES for p, o in _spread(g)])
def test_pettingzoo_option_spread(pz, endings, game_id, players, options):
    """api_test to the end of a game, and the seed test, at the fewest and most players with
    the richest option set."""
    from pettingzoo.test import api_test, seed_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz.env(game_id, players=players, **options))
        assert endings, "api_test played no game to its end"
        seed_test(lambda: pz.env(game_id, players=players, **options), num_cycles=10)


@pytest.mark.parametrize("game_id", ["arschloch", "izind", "two_faced"])
def test_pettingzoo_plays_to_the_end_with_returns(pz, game_id):
    """Played to the end with masked random moves, the rewards summed over the game are the
    game's own returns() for each seat."""
    env = pz.env(game_id)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = env.unwrapped.state
    assert state.is_terminal
    assert [totals[a] for a in env.possible_agents] == [float(r) for r in state.returns()]


def test_pettingzoo_illegal_move_ends_the_game(pz):
    """An illegal id is not replaced: as PettingZoo's TerminateIllegalWrapper does, the game ends
    with the offender at -1 and the others at 0, and the Parlour state is unchanged."""
    env = pz.env("arschloch")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    offender = env.agent_selection
    before = len(env.unwrapped.state.history)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1
    assert all(r == 0 for a, r in env.rewards.items() if a != offender)
    assert len(env.unwrapped.state.history) == before


# OpenSpiel ------------------------------------------------------------------------------------
@pytest.fixture
def spiel():
    pyspiel = pytest.importorskip("pyspiel")
    import parlour.adapters.openspiel  # noqa: F401  (importing it registers the games)
    return pyspiel


# Ahzchim's random games run to its round cap (about 1,800 moves): a shorter cap keeps the
# simulation test, which clones and re-checks at every move, within the suite's time.
SIM_PARAMS = {"ahzchim": {"round_cap": 10}}


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_sim(spiel, game_id):
    game = spiel.load_game(f"parlour_{game_id}", SIM_PARAMS.get(game_id, {}))
    spiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_parameters(spiel):
    """Players and options pass through OpenSpiel's parameters; 0 turns off an option that can
    be off (an OpenSpiel parameter cannot be None)."""
    game = spiel.load_game("parlour_arschloch", {"players": 5, "bomb": True, "revolution": True,
                                                 "points": 6})
    assert game.num_players() == 5
    assert game.parlour_game.options["bomb"] is True and game.parlour_game.options["points"] == 6
    spiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert spiel.load_game("parlour_loot", {"points": 0}).parlour_game.options["points"] is None
    with pytest.raises(parlour.OptionError):
        spiel.load_game("parlour_loot", {"points": -3})


def test_openspiel_information_state_is_perfect_recall(spiel):
    """OpenSpiel: an information state "must allow the observing player to reconstruct their
    history of actions and observations". Each move adds to a seat's string and takes nothing
    away; the seat's own move is in it, another seat's hidden move is not (Two-faced: "keeps a
    card and discards one face down"); a state rebuilt from its serialisation answers the same
    as the one that was asked at every move."""
    game = spiel.load_game("parlour_two_faced")
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.default_rng(0)
    before = [state.information_state_string(p) for p in range(2)]
    for _ in range(12):
        mover = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        text = state.action_to_string(mover, action)
        state.apply_action(action)
        now = [state.information_state_string(p) for p in range(2)]
        for p in range(2):
            assert now[p].startswith(before[p] + "\n")
            line = now[p].rsplit("\n", 1)[1]
            assert line.startswith(f"seat {mover} {text}:" if p == mover else f"seat {mover}:")
        before = now
    rebuilt = game.deserialize_state(state.serialize())
    for p in range(2):
        assert rebuilt.information_state_string(p) == before[p]
        assert rebuilt.information_state_tensor(p) == state.information_state_tensor(p)
    tensor = np.asarray(state.information_state_tensor(0), np.float32)
    size = game.observation_tensor_size()
    assert tensor.shape == (2 * size + 1,) and tensor[-1] == 12
    assert np.array_equal(tensor[:size], np.asarray(state.observation_tensor(0), np.float32))


def test_openspiel_public_observation_is_the_spectators_view(spiel):
    """An observer of public information only sees what `view(None)` shows."""
    game = spiel.load_game("parlour_izind")
    state = game.new_initial_state()
    state.apply_action(3)
    public = spiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=spiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    observer.set_from(state, 0)
    spectator = state.inner.view(None)
    assert observer.string_from(state, 0) == spiel_string(spectator) == \
        observer.string_from(state, 1)
    assert np.array_equal(observer.tensor, game.parlour_game.observation_encoder().encode(
        spectator))


def test_openspiel_mccfr_on_information_states(spiel):
    """OpenSpiel's outcome-sampling MCCFR keys its regret tables on information-state strings
    and requires every history in one to offer the same legal moves; it runs on a Parlour game
    and gives a policy over the legal moves."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr
    game = spiel.load_game("parlour_izind", {"deals": 4})
    np.random.seed(0)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probabilities = policy.action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions()
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_openspiel_chance_node_is_the_seed(spiel):
    """The only chance node is the first: outcome i deals the game Parlour deals with seed i."""
    game = spiel.load_game("parlour_izind")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(7)
    assert not state.is_chance_node()
    direct = parlour.load("izind").new_state(seed=7)
    assert state.observation_string(0) == spiel_string(direct.view(0))
    assert np.array_equal(np.asarray(state.observation_tensor(0), np.float32),
                          encoder(direct.game).encode(direct.view(0)))


def spiel_string(view):
    from parlour.adapters.openspiel import _view_text
    return _view_text(view)


def test_openspiel_evaluate_bots(spiel):
    """OpenSpiel's evaluate_bots plays uniform random bots to the end of a Parlour game."""
    from open_spiel.python.algorithms import evaluate_bots
    game = spiel.load_game("parlour_arschloch")
    bots = [spiel.make_uniform_random_bot(p, p + 1) for p in range(game.num_players())]
    results = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert sorted(results) == [0.0, 1.0, 2.0, 3.0]  # Arschloch's returns are the four places


# Gymnasium and the example -------------------------------------------------------------------
@pytest.fixture
def gym_adapter():
    pytest.importorskip("gymnasium")
    from parlour.adapters import gymnasium
    return gymnasium


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env(gym_adapter, game_id):
    from gymnasium.utils.env_checker import check_env
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_adapter.env(game_id, opponents="medium"), skip_render_check=True)


def test_gymnasium_episode_reward_is_the_seats_return(gym_adapter):
    """The others play by themselves; the episode ends with the learner's returns() value."""
    env = gym_adapter.env("arschloch", seat=2, opponents="medium")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        assert env.state.current_player == 2
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, _ = env.step(action)
    assert reward == env.state.returns()[2]


def test_gymnasium_illegal_action_ends_the_episode(gym_adapter):
    """An illegal id is not replaced: the episode ends at -1 and the game is unchanged."""
    env = gym_adapter.env("izind")
    obs, _ = env.reset(seed=0)
    before = len(env.state.history)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, reward, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, done, info) == (-1.0, True, {"illegal": True})
    assert len(env.state.history) == before


def test_research_example_learns():
    """docs/research.md's training example runs as printed and its trained policy beats its
    untrained one against random players."""
    pytest.importorskip("gymnasium")
    import pathlib
    import re
    text = (pathlib.Path(__file__).parent.parent / "docs" / "research.md").read_text()
    code = re.findall(r"```python\n(.*?)```", text, re.S)[-1]
    scope = {"__name__": "research_example"}
    exec(compile(code, "docs/research.md", "exec"), scope)
    before, after = scope["train"](episodes=200, test_games=100)  # the docs train 500
    assert after > before + 0.2


def test_openspiel_mcts_beats_random(spiel):
    """OpenSpiel's own MCTS runs on a Parlour game and beats a uniform random bot (its search
    clones the true state, hidden cards included: a check of the plumbing, not fair play)."""
    from open_spiel.python.algorithms import evaluate_bots, mcts
    game = spiel.load_game("parlour_izind")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    wins = 0.0
    for i in range(8):
        bots = [mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=rng),
                spiel.make_uniform_random_bot(1, i)]
        wins += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[0]
    # random against random wins about half of Izind's games: 7 of 8 by chance is 1 in 28
    assert wins >= 7
