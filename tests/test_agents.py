"""Mechanics of the computer players over every registered game: levels, specs, ISMCTS budgets
and repeatability, determinizations, hints and the arena. Strength is the arena's business
(docs/strength.md), not these tests'."""

import json
import os
import random
import subprocess
import sys
import time
from importlib import resources

import pytest
from typer.testing import CliRunner

import parlour
from parlour import OptionError
from parlour.agents import HARD_SECONDS, ISMCTSAgent, RandomAgent, ismcts, make_agent, parse_spec
from parlour.agents.arena import entries_of, mean_ci, places_of, run_arena
from parlour.agents.arena_cli import app as arena_app, split_agents
from parlour.agents.hints import format_hints, hints
from parlour.agents.profile import profile_of
from parlour.core.hidden import NoDeal, redeal
from parlour.fast.readable import ReadablePosition
from parlour.fast.rewards import (
    gain_rewards,
    minmax_rewards,
    rank_rewards,
    value_rewards,
    win_shares,
)

GAMES = parlour.games()


def positions(game, seed, count=4):
    """Live positions part-way through a random game, with several legal actions."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    found = []
    while not state.is_terminal and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply(legal[rng.randrange(len(legal))])
    assert found, "a random game offered no choice at all"
    return found


@pytest.fixture(params=GAMES)
def game(request):
    return parlour.load(request.param)


# Specs -------------------------------------------------------------------------------------------
def test_specs_parse():
    assert parse_spec("ismcts:iters=2000") == ("ismcts", {"iters": 2000})
    assert parse_spec(" ISMCTS : seconds=0.5 , rollout=Heuristic") == (
        "ismcts", {"seconds": 0.5, "rollout": "heuristic"})
    assert parse_spec("hard") == ("hard", {})
    assert parse_spec("hard:seconds=2") == ("hard", {"seconds": 2.0})


@pytest.mark.parametrize("spec, words", [
    ("", "agent spec"),
    ("grandmaster", "unknown agent 'grandmaster'"),
    ("ismcts:iterz=5", "no parameter 'iterz'"),
    ("ismcts:iters=lots", "iters='lots' is not allowed"),
    ("ismcts:iters=0", "at least 1"),
    ("ismcts:seconds=-1", "positive"),
    ("ismcts:rollout=psychic", "rollout='psychic'"),
    ("ismcts:reward=money", "reward='money'"),
    ("ismcts:c=-1", "at least 0"),
    ("ismcts:iters", "key=value"),
    ("ismcts:", "no parameters"),
    ("ismcts:iters=5,iters=6", "twice"),
    ("easy:iters=5", "takes no parameters"),
    ("random:x=1", "takes no parameters"),
])
def test_bad_specs_refused_with_a_clear_error(spec, words):
    game = parlour.load(GAMES[0])
    with pytest.raises(OptionError) as error:
        make_agent(spec, game)
    assert words in str(error.value)


def test_a_games_search_settings_are_its_profile_and_nothing_else(tmp_path, monkeypatch):
    """Issue 40: "a game's search settings live in one agent profile per game, not as fields of
    Game": a profile file is named by a registered game, holds only the search's own settings,
    and each is an ismcts parameter that hard is made with; a misspelt setting is refused."""
    from parlour.agents import profile as profiles
    from parlour.core.game import Game

    folder = resources.files("parlour.agents") / "profiles"
    named = sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                   if p.name.endswith(".toml"))
    assert named and set(named) <= set(parlour.games())
    for name in named:
        assert profile_of(parlour.load(name)) != profiles.Profile(), f"{name}'s sets nothing"
    assert not any(name.startswith(("search_", "playout_")) for name in vars(Game))
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "typo.toml").write_text("deepth = 3\n")
    monkeypatch.setattr(profiles.resources, "files", lambda package: tmp_path)
    with pytest.raises(ValueError, match="deepth"):
        profiles._profile("typo")


def test_levels_are_what_they_say(game):
    assert isinstance(make_agent("easy", game), RandomAgent)
    medium = make_agent("medium", game)
    if game.heuristic is None:
        assert isinstance(medium, RandomAgent)
    else:
        assert isinstance(medium, game.heuristic)
    hard = make_agent("hard", game)
    assert isinstance(hard, ISMCTSAgent) and hard.seconds == HARD_SECONDS
    assert hard.depth == profile_of(game).depth and hard.rounds == profile_of(game).rounds
    assert hard.reward == ("gain" if profile_of(game).rounds else profile_of(game).reward or "rank")
    assert hard.floor == (profile_of(game).floor or 0.0)
    assert make_agent("hard:seconds=0.25", game).seconds == 0.25
    spec = make_agent("ismcts:iters=20,rollout=heuristic" if game.heuristic else
                      "ismcts:iters=20", game)
    assert spec.iters == 20 and spec.seconds is None


def test_every_level_plays_every_game_to_the_end(game):
    """easy, medium and hard (a short clock) play a game: each move legal, the game ends.
    After 120 decisions the random player finishes a long game, to keep the test short."""
    specs = ["hard:seconds=0.02", "medium", "easy", "ismcts:iters=10"]
    for first in range(0, len(specs), game.players):  # with few seats, more games
        state = game.new_state(seed=11 + first)
        agents = [make_agent(specs[(first + s) % len(specs)], game, seed=s) for s in game.seats]
        finisher = RandomAgent(seed=1)
        decisions = 0
        while not state.is_terminal:
            seat = state.current_player
            agent = agents[seat] if decisions < 120 else finisher
            state.apply(agent.choose(state, seat), seat)  # apply refuses an illegal move
            decisions += 1
        assert len(state.returns()) == game.players


def test_heuristic_rollouts_work(game):
    if game.heuristic is None:
        pytest.skip("no heuristic for this game")
    state = positions(game, 3, count=1)[0]
    agent = make_agent("ismcts:iters=30,rollout=heuristic", game, seed=1)
    assert agent.choose(state, state.current_player) in state.legal_actions()


# ISMCTS mechanics --------------------------------------------------------------------------------
class Spy:
    """A state that records which of its parts the agent touches and every determinization."""

    ALLOWED = {"determinize", "legal_actions", "current_player", "is_terminal", "game"}

    def __init__(self, state):
        self._state = state
        self.touched = set()
        self.determinizations = []

    def __getattr__(self, name):
        self.touched.add(name)
        value = getattr(self._state, name)
        if name == "determinize":
            def determinize(seat, rng):
                twin = value(seat, rng)
                # The view now: the search plays the twin out afterwards.
                self.determinizations.append((seat, twin, twin.view(seat)))
                return twin
            return determinize
        return value


def test_search_reads_hidden_cards_only_through_determinize(game):
    for state in positions(game, 5, count=2):
        seat = state.current_player
        spy = Spy(state)
        # The readable search; on a game's core the same holds of the core's
        # determinize (tests/fast: a search from a position and from any determinization of it
        # for the seat grows the same tree).
        agent = make_agent("ismcts:iters=25", game, seed=2)
        agent.use_core = False
        agent.choose(spy, seat)
        assert spy.touched <= Spy.ALLOWED, spy.touched - Spy.ALLOWED
        assert len(spy.determinizations) == 25, "a fresh determinization every iteration"
        view = state.view(seat)
        for asked, twin, seen in spy.determinizations:
            assert asked == seat
            assert seen == view, "a determinization must keep what the seat knows"
            assert twin is not state


def test_iteration_budget_is_exact(game):
    state = positions(game, 7, count=1)[0]
    agent = make_agent("ismcts:iters=20", game, seed=3)
    agent.choose(state, state.current_player)
    assert agent.last["iterations"] == 20
    root = agent.last["root"]
    assert sum(child.visits for child in root.children.values()) == 20


class CountingClock:
    """A clock that moves on a fixed tick at every reading: budgets are checked in its time, so
    the test does not depend on how busy the machine is."""

    def __init__(self, tick: float = 5e-5):
        self.time, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.time += self.tick
        return self.time


@pytest.fixture
def clock(monkeypatch):
    counting = CountingClock()
    monkeypatch.setattr(ismcts, "now", counting)
    return counting


def test_time_budget_is_never_exceeded(game, clock):
    for state in positions(game, 9, count=3):
        for seconds in (0.05, 0.3):
            agent = make_agent(f"ismcts:seconds={seconds}", game, seed=4)
            start = clock.time
            action = agent.choose(state, state.current_player)
            spent = clock.time - start
            assert spent <= seconds, f"{spent:.3f} s over a budget of {seconds} s"
            assert action in state.legal_actions()
            # A long game's single playout can outlast the short budget; the long one searches.
            assert agent.last["iterations"] > 0 or seconds < 0.3


def test_hard_level_stays_under_its_second(clock):
    clock.tick = 1e-3
    game = parlour.load(GAMES[0])
    state = positions(game, 13, count=1)[0]
    start = clock.time
    make_agent("hard", game, seed=1).choose(state, state.current_player)
    spent = clock.time - start
    assert 0.5 * HARD_SECONDS < spent <= HARD_SECONDS


def test_same_seed_and_iterations_same_move(game):
    def visits(agent):
        return [(str(k), v.visits) for k, v in agent.last["root"].children.items()]

    for state in positions(game, 15, count=3):
        seat = state.current_player
        a = make_agent("ismcts:iters=15", game, seed=8)
        b = make_agent("ismcts:iters=15", game, seed=8)
        assert a.choose(state, seat) == b.choose(state, seat)
        assert visits(a) == visits(b)


def test_same_seed_same_move_whatever_the_hash_seed():
    """Nothing in the search may hang on set or hash order, which changes between processes."""
    code = ("import parlour, random\n"
            "from parlour.agents import make_agent\n"
            f"g = parlour.load({GAMES[0]!r})\n"
            "s = g.new_state(seed=21)\n"
            "r = random.Random(1)\n"
            "for _ in range(3): s.apply(s.legal_actions()[r.randrange(len(s.legal_actions()))])\n"
            "a = make_agent('ismcts:iters=25', g, seed=5)\n"
            "print(a.choose(s, s.current_player), "
            "sorted((str(k), v.visits) for k, v in a.last['root'].children.items()))\n")
    outs = set()
    for hash_seed in ("1", "2"):
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=path)
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                capture_output=True, text=True).stdout)
    assert len(outs) == 1


def test_the_readable_game_searched_by_action_ids_matches_apply(game):
    """The one search loop plays a readable state by the game's action ids (ReadablePosition):
    the same states as apply, the same seat to act and returns."""
    rng = random.Random(17)
    a = game.new_state(seed=17)
    b = ReadablePosition(a.clone(), None)
    while not a.is_terminal:
        legal = a.legal_actions()
        assert b.legal() == [game.action_id(action) for action in legal]
        action = legal[rng.randrange(len(legal))]
        a.apply(action)
        b.step(game.action_id(action))
        assert a == b.state
        assert b.to_act() == (-1 if a.current_player is None else a.current_player)
    assert b.to_act() < 0 and a.returns() == b.returns()


def test_rewards_are_normalised():
    # Four seats scoring 3, 1, 1, 0: the top beats all three others, the two tied seats beat
    # one and tie one (1.5 of 3), the bottom beats none.
    assert rank_rewards([3, 1, 1, 0]) == [1.0, 0.5, 0.5, 0.0]
    assert rank_rewards([2, 2]) == [0.5, 0.5]
    assert minmax_rewards([10, 0, 5]) == [1.0, 0.0, 0.5]
    assert minmax_rewards([4, 4, 4]) == [0.5, 0.5, 0.5]
    assert win_shares([3, 3, 1]) == [0.5, 0.5, 0.0]
    # gain: the change since the searched position. Seat 0 leads the totals but gained least
    # in between, so it gets 0 where minmax of the totals would give it 1.
    assert gain_rewards([30, 10, 20], [28, 0, 15]) == [0.0, 1.0, 0.375]
    assert gain_rewards([5, 5], [0, 0]) == [0.5, 0.5]


def test_one_legal_action_is_played_at_once(game):
    rng = random.Random(19)
    state = game.new_state(seed=19)
    while not state.is_terminal:
        legal = state.legal_actions()
        if len(legal) == 1:
            agent = make_agent("ismcts:seconds=5", game)
            start = time.perf_counter()
            assert agent.choose(state, state.current_player) == legal[0]
            assert time.perf_counter() - start < 0.5
            return
        state.apply(legal[rng.randrange(len(legal))])
    pytest.skip("no forced move in this game")


# Hints -------------------------------------------------------------------------------------------
def test_hints_are_json_and_repeatable(game):
    state = positions(game, 23, count=1)[0]
    seat = state.current_player
    first = hints(state, seat, iters=25, seed=3, top=3)
    second = hints(state, seat, iters=25, seed=3, top=3)
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    json.dumps(first)
    legal = [str(a) for a in state.legal_actions()]
    moves = [first["best"], *first["alternatives"]]
    assert len(moves) == min(3, len(legal))
    assert len({m["action"] for m in moves}) == len(moves)
    assert all(m["action"] in legal for m in moves)
    # The best is the move hard plays (the heuristic's, kept unless clearly beaten); the others
    # come most searched first.
    rest = [m["visits"] for m in first["alternatives"]]
    assert rest == sorted(rest, reverse=True)
    assert all(m["win"] is None or 0 <= m["win"] <= 1 for m in moves)
    assert first["iterations"] == 25
    assert first["best"]["action"] in format_hints({**first, "seconds": 0.1})


def test_hints_respect_their_time_and_the_seat(game, clock):
    state = positions(game, 25, count=1)[0]
    start = clock.time
    data = hints(state, seconds=0.1)
    assert clock.time - start <= 0.1
    assert data["seat"] == state.current_player
    other = next(s for s in game.seats if s != state.current_player)
    with pytest.raises(ValueError):
        hints(state, other, iters=5)


# Arena -------------------------------------------------------------------------------------------
def test_places_and_intervals():
    assert places_of([3, 1, 1, 0]) == [1.0, 2.5, 2.5, 4.0]
    mean, low, high = mean_ci([1, 2, 3, 4])
    # t(0.975, 3) = 3.182; sd = 1.291; half = 3.182 * 1.291 / 2 = 2.054
    assert mean == 2.5 and abs(low - 0.446) < 0.01 and abs(high - 4.554) < 0.01
    assert [e.label for e in entries_of(["hard", "easy", "easy"])] == ["hard", "easy", "easy#2"]
    assert split_agents("ismcts:iters=5,rollout=heuristic,easy") == [
        "ismcts:iters=5,rollout=heuristic", "easy"]
    assert split_agents("ismcts:iters=5/rollout=heuristic,easy") == [
        "ismcts:iters=5,rollout=heuristic", "easy"]


def test_arena_rotates_seats_and_reports(game):
    n = game.players
    specs = ["medium", "easy"] + ["easy"] * (n - 2)
    result = run_arena(game, specs, games=2 * n, seed=4)
    assert result.returns.shape == (2 * n, n)
    # Every game's places are a full set of places 1..n (ties share their mean).
    assert all(abs(sum(row) - n * (n + 1) / 2) < 1e-9 for row in result.places)
    rows = result.summary()
    assert [r["agent"] for r in rows][:2] == ["medium", "easy"]
    assert result.differences()[0]["better"] == "medium"
    json.dumps(result.to_dict())
    again = run_arena(game, specs, games=2 * n, seed=4)
    assert (again.returns == result.returns).all(), "same seed, same arena"
    with pytest.raises(ValueError):
        run_arena(game, specs[:-1] if n > 1 else specs * 2, games=1)


def test_arena_rotation_puts_each_agent_in_each_seat(monkeypatch):
    """Within a block of n games the same deal is played with each agent in each seat."""
    import parlour.agents.arena as arena

    game = parlour.load(GAMES[0])
    n = game.players
    seats_of = {}  # (deal seed, spec) -> seats that spec sat in

    class Recorder(RandomAgent):
        def choose(self, state, seat):
            seats_of.setdefault((state.seed, self.spec), set()).add(seat)
            return super().choose(state, seat)

    def recording_agent(spec, game, seed=None):
        agent = Recorder(seed)
        agent.spec = spec
        return agent

    monkeypatch.setattr(arena, "make_agent", recording_agent)
    run_arena(game, ["easy"] + ["medium"] * (n - 1), games=n, seed=1)
    deals = {deal for deal, _ in seats_of}
    assert len(deals) == 1
    assert seats_of[deals.pop(), "easy"] == set(game.seats)


def test_arena_command():
    runner = CliRunner()
    game = parlour.load(GAMES[0])
    agents = ",".join(["medium"] + ["easy"] * (game.players - 1))
    result = runner.invoke(arena_app, [GAMES[0], "--agents", agents, "-n", "3", "--seed", "2",
                                       "--markdown"])
    assert result.exit_code == 0, result.output
    assert "medium" in result.output and "openskill" in result.output
    assert "| medium - easy |" in result.output
    bad = runner.invoke(arena_app, [GAMES[0], "--agents", "medium,wizard", "-n", "1"])
    assert bad.exit_code == 2 and "wizard" in bad.output


def test_arena_results_do_not_depend_on_the_number_of_workers():
    """The arena plays its games on worker processes: a game's deal, seating and agents' seeds are
    fixed before any is played, so two workers give exactly one worker's results."""
    game = parlour.load("arschloch")  # quick games: the point is the workers, not the game
    specs = ["ismcts:iters=20", "medium"] + ["easy"] * (game.players - 2)
    alone = run_arena(game, specs, games=game.players, seed=9)
    pooled = run_arena(game, specs, games=game.players, seed=9, jobs=2)
    assert (alone.returns == pooled.returns).all() and (alone.places == pooled.places).all()
    assert alone.decisions == pooled.decisions


def test_a_stopped_arena_goes_on_from_its_journal(tmp_path, monkeypatch):
    """Issue 7 asks for arenas of 500 games; on two cores some take hours. With a journal, the
    games already played are read back, not played again, and the results are the same as one
    run's."""
    import parlour.agents.arena as arena

    game = parlour.load("arschloch")
    specs = ["ismcts:iters=10", "medium"] + ["easy"] * (game.players - 2)
    whole = run_arena(game, specs, games=6, seed=3)
    journal = tmp_path / "arena.jsonl"
    run_arena(game, specs, games=4, seed=3, journal=journal)  # stopped after 4 of the 6
    with open(journal, "a") as f:
        f.write('{"g": 4, "returns": [1')  # the line being written when the run was stopped
    played = []
    real = arena.play_game
    monkeypatch.setattr(arena, "play_game", lambda *a: played.append(a) or real(*a))
    resumed = run_arena(game, specs, games=6, seed=3, journal=journal)
    assert len(played) == 2, "only the two games missing are played"
    assert (resumed.returns == whole.returns).all() and (resumed.places == whole.places).all()
    assert resumed.decisions == whole.decisions and resumed.resumed == 4
    assert resumed.to_dict()["resumed"] == 4
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + 6 and all(json.loads(line) for line in lines)


def test_a_journal_damaged_before_its_last_line_is_refused_and_kept(tmp_path):
    """Only the last line can be cut short by a stop; a bad line before it means the file is not
    a journal this arena wrote, and cutting there would throw the games after it away."""
    game = parlour.load("arschloch")
    specs = ["medium"] + ["easy"] * (game.players - 1)
    journal = tmp_path / "arena.jsonl"
    run_arena(game, specs, games=3, seed=3, journal=journal)
    lines = journal.read_text().splitlines(keepends=True)
    lines[2] = lines[2][:20] + "\n"
    journal.write_text("".join(lines))
    with pytest.raises(ValueError, match="line 3"):
        run_arena(game, specs, games=4, seed=3, journal=journal)
    assert journal.read_text() == "".join(lines)
    whole = journal.read_text().splitlines(keepends=True)
    del whole[2]
    journal.write_text("".join(whole).rstrip("\n"))  # stopped before the newline
    assert run_arena(game, specs, games=3, seed=3, journal=journal).resumed == 2
    assert journal.read_text().count("\n") == 1 + 3


def test_a_journal_of_another_arena_is_refused(tmp_path):
    game = parlour.load("arschloch")
    specs = ["medium"] + ["easy"] * (game.players - 1)
    journal = tmp_path / "arena.jsonl"
    run_arena(game, specs, games=2, seed=3, journal=journal)
    before = journal.read_text()
    with pytest.raises(ValueError, match="another arena"):
        run_arena(game, specs, games=4, seed=4, journal=journal)
    with pytest.raises(ValueError, match="another arena"):
        run_arena(game, ["easy"] * game.players, games=4, seed=3, journal=journal)
    assert journal.read_text() == before, "a refused journal is left as it was"


# Search for games with many moves or long playouts ------------------------------------------------
def widest_position():
    """A live position with many legal moves, from the game that offers the most."""
    best = None
    for game_id in GAMES:
        game = parlour.load(game_id)
        for state in positions(game, 3, count=6):
            if best is None or len(state.legal_actions()) > len(best.legal_actions()):
                best = state
    return best


def test_widening_keeps_few_children_at_a_node():
    """widen=w: a node holds at most 1 + w * sqrt(visits) children, so with hundreds of moves a
    few are sampled well rather than each seen once."""
    state = widest_position()
    legal = state.legal_actions()
    assert len(legal) > 30, "some game should offer many moves (trade offers, placements)"
    depth = profile_of(state.game).depth
    agent = ISMCTSAgent(seed=1, iters=64, widen=1.0, depth=depth)
    root = agent.search(state, state.current_player)
    assert 1 < len(root.children) <= 1 + 1.0 * 64 ** 0.5
    wide = ISMCTSAgent(seed=1, iters=64, depth=depth).search(state, state.current_player)
    assert len(wide.children) > len(root.children), "without widening every iteration adds one"


def test_tree_holds_only_the_moves_it_is_allowed(game):
    """tree=k: the tree holds the first k moves from the root and playouts go on from there; hard
    takes the game's `search_tree` as its limit."""
    state = positions(game, 11, count=1)[0]
    seat = state.current_player

    def deepest(node):
        return 1 + max((deepest(child) for child in node.children.values()), default=0) - (
            node.seat is None)

    flat = ISMCTSAgent(seed=4, iters=60, tree=1, depth=profile_of(game).depth)
    root = flat.search(state, seat)
    assert root.children and deepest(root) == 1
    assert sum(child.visits for child in root.children.values()) == 60
    assert deepest(ISMCTSAgent(seed=4, iters=60, tree=2, depth=profile_of(game).depth)
                   .search(state, seat)) <= 2
    hard = make_agent("hard", game)
    assert hard.tree == profile_of(game).tree
    assert make_agent("hard:tree=3", game).tree == 3
    with pytest.raises(OptionError):
        make_agent("ismcts:tree=0", game)


@pytest.mark.parametrize("game_id", [g for g in GAMES if parlour.load(g).heuristic])
def test_heuristic_prior_tries_the_heuristic_move_first(game_id):
    """prior=heuristic: the first iteration of a search expands the game's heuristic move at the
    root (the move the medium player would make, seeded the same way)."""
    game = parlour.load(game_id)
    state = positions(game, 5, count=1)[0]
    seat = state.current_player
    agent = ISMCTSAgent(seed=2, iters=1, prior="heuristic", heuristic=game.heuristic)
    root = agent.search(state, seat)
    assert len(root.children) == 1
    (only,) = root.children
    rng = random.Random(random.Random(2).getrandbits(64))
    expected = game.heuristic(seed=rng.getrandbits(32)).choose(state, seat)
    assert str(only) == str(expected)
    with pytest.raises(OptionError):
        ISMCTSAgent(seed=2, iters=1, prior="oracle", heuristic=game.heuristic)


def test_playouts_stop_at_the_depth_where_the_game_estimates(monkeypatch):
    """depth=d: a playout plays d moves, then takes the state's estimate() of the returns instead
    of playing on; where the game makes no estimate (None) it plays to the end."""
    game = parlour.load(GAMES[0])
    state = positions(game, 7, count=1)[0]
    seat = state.current_player
    cls = type(state)
    moves = []  # where each estimate was asked: moves played since the searched position

    def estimate(self):
        moves.append(len(self.history) - len(state.history))
        return [0.0] * self.game.players

    monkeypatch.setattr(cls, "estimate", estimate, raising=False)
    # The readable search, whose moves its history counts; the core's cut is tested in tests/fast.
    ISMCTSAgent(seed=3, iters=1, depth=2, use_core=False).search(state, seat)
    assert moves == [1 + 2], "one tree move, then two playout moves"
    monkeypatch.setattr(cls, "estimate", lambda self: moves.append(None), raising=False)
    moves.clear()
    ISMCTSAgent(seed=3, iters=1, depth=2, use_core=False).search(state, seat)
    assert moves == [None], "asked once at the depth, it played on to the end"
    with pytest.raises(OptionError):
        ISMCTSAgent(seed=3, iters=1, depth=0)


def test_playouts_stop_where_the_round_ends(monkeypatch):
    """rounds=1: a playout stops at the first position of the next round (a new hand of the
    match) and takes the estimate there, rather than play the new hand's luck into the
    result."""
    for game_id in GAMES:
        game = parlour.load(game_id)
        found = [s for s in positions(game, 11, count=6) if s.round_count() is not None]
        if found:
            break
    else:
        pytest.skip("no registered game counts rounds")
    state = found[0]
    start = state.round_count()
    seen = []

    def estimate(self):
        seen.append(self.round_count())
        return [0.0] * self.game.players

    monkeypatch.setattr(type(state), "estimate", estimate, raising=False)
    agent = ISMCTSAgent(seed=5, iters=12, rounds=1)
    agent.search(state, state.current_player)
    assert seen and set(seen) == {start + 1}, "estimates only once the next round has begun"
    seen.clear()
    ISMCTSAgent(seed=5, iters=12, rounds=2).search(state, state.current_player)
    assert set(seen) <= {start + 2}
    with pytest.raises(OptionError):
        ISMCTSAgent(iters=1, rounds=0)


def test_trust_keeps_the_heuristic_move_unless_clearly_beaten():
    """trust=z: the search plays its heuristic's move unless its own choice has a mean reward
    higher by z standard errors; with trust off it plays its most visited move."""
    root = ismcts.Node(None)
    lucky, steady = ismcts.Node(0), ismcts.Node(0)
    for node, rewards in ((lucky, [1, 0, 1, 1, 0, 1, 1, 1]), (steady, [1, 0, 0, 1, 1, 0])):
        node.visits = len(rewards)
        node.reward = float(sum(rewards))
        node.squares = float(sum(r * r for r in rewards))
    root.children = {"lucky": lucky, "steady": steady}
    legal = ["lucky", "steady"]
    heuristic = parlour.load(GAMES[0]).heuristic
    careful = ISMCTSAgent(iters=1, prior="heuristic", trust=1.0, heuristic=heuristic)
    assert careful.best_action(root, legal, "steady") == "steady", "0.75 vs 0.5 is not 1 s.e."
    assert ISMCTSAgent(iters=1).best_action(root, legal, "steady") == "lucky"
    lucky.visits, lucky.reward, lucky.squares = 400, 300.0, 300.0
    steady.visits, steady.reward, steady.squares = 300, 150.0, 150.0
    assert careful.best_action(root, legal, "steady") == "lucky", "now the gain is clear"
    with pytest.raises(OptionError):
        ISMCTSAgent(iters=1, trust=1.0)


def test_floor_keeps_a_few_alike_playouts_from_looking_certain():
    """floor=f: in the trust test a move's spread is at least f times the spread of all the
    root's playouts, so a better mean over a few playouts that scored alike is not taken as
    certain; with floor off it is."""
    root = ismcts.Node(None)
    alike, steady, wide = ismcts.Node(0), ismcts.Node(0), ismcts.Node(0)
    for node, rewards in ((alike, [0.5] * 9), (steady, [1 / 3] * 4), (wide, [0, 1, 0, 1, 1, 0])):
        node.visits = len(rewards)
        node.reward = float(sum(rewards))
        node.squares = float(sum(r * r for r in rewards))
    root.children = {"alike": alike, "steady": steady, "wide": wide}
    legal = ["alike", "steady", "wide"]
    heuristic = parlour.load(GAMES[0]).heuristic
    bare = ISMCTSAgent(iters=1, prior="heuristic", trust=1.0, heuristic=heuristic)
    floored = ISMCTSAgent(iters=1, prior="heuristic", trust=1.0, floor=1.0, heuristic=heuristic)
    assert bare.best_action(root, legal, "steady") == "alike", "no spread: any gain is certain"
    assert floored.best_action(root, legal, "steady") == "steady", "1/6 is not 1 s.e. of 0.5"
    alike.visits, alike.reward, alike.squares = 900, 450.0, 225.0
    steady.visits, steady.reward, steady.squares = 400, 400 / 3, 400 / 9
    assert floored.best_action(root, legal, "steady") == "alike", "many playouts: clear again"
    with pytest.raises(OptionError):
        ISMCTSAgent(iters=1, prior="heuristic", floor=1.0, heuristic=heuristic)
    with pytest.raises(OptionError):
        ISMCTSAgent(iters=1, prior="heuristic", trust=1.0, floor=-1, heuristic=heuristic)


def test_value_rewards_keep_the_chances_a_place_would_hide():
    """reward=value: returns as they are, put on 0..1 by the game's bounds on them, so that a
    likelier win counts where no seat's place changes; a game that does not bound its returns
    is refused at the table."""
    assert value_rewards([-1.0, 1.0, -0.5, 0.0], -1.0, 1.0) == [0.0, 1.0, 0.25, 0.5]
    likelier, less = [0.2, -0.4, -0.8, -1.0], [0.1, -0.3, -0.8, -1.0]
    assert rank_rewards(likelier) == rank_rewards(less)
    assert value_rewards(likelier, -1.0, 1.0)[0] > value_rewards(less, -1.0, 1.0)[0]
    unbounded = next(parlour.load(g) for g in GAMES if parlour.load(g).return_bounds is None)
    with pytest.raises(OptionError, match="bounds its returns"):
        make_agent("ismcts:iters=5,reward=value", unbounded)


def test_a_redeal_that_finds_no_fit_never_falls_back_on_the_real_cards():
    """A redeal with `accept` deals until a deal fits what the seat knows; when none turns up in
    the tries allowed it says so, rather than keep the places as they are, which would show the
    search (and a hint built on it) the real hands."""
    places = [["2c", "3c", "4c", "5c"], ["6c", "7c", "8c", "9c"]]
    with pytest.raises(NoDeal):  # only the real deal fits: 1 in 40,320
        redeal(places, [set(), set()], random.Random(4), accept=lambda deal: deal == places)
    fits = redeal(places, [{"3c"}, set()], random.Random(4), accept=lambda deal: "9c" in deal[0])
    assert [len(p) for p in fits] == [4, 4] and fits[0][1] == "3c" and "9c" in fits[0]
    assert sorted(fits[0] + fits[1]) == sorted(places[0] + places[1])


def test_search_and_hints_spend_iterations_without_a_deal_and_learn_nothing(game):
    """An iteration whose determinization finds no deal is spent, not searched on the real
    state: the budget still ends the search and the move is a legal one."""
    state = positions(game, 7, count=1)[0]
    real = state.determinize
    calls = []

    def every_other(seat, rng):
        calls.append(seat)
        if len(calls) % 2:
            raise NoDeal("none fits")
        return real(seat, rng)
    state.determinize = every_other
    agent = make_agent("ismcts:iters=20", game, seed=3)
    agent.use_core = False  # the readable determinize is the one replaced here
    move = agent.choose(state, state.current_player)
    assert move in state.legal_actions()
    assert len(calls) == 20 and agent.last["iterations"] == 10
    assert sum(child.visits for child in agent.last["root"].children.values()) == 10

    def never(seat, rng):
        raise NoDeal("none fits")
    state.determinize = never
    agent = make_agent("hard:iters=15", game, seed=3)
    assert agent.choose(state, state.current_player) in state.legal_actions()
    assert agent.last["iterations"] == 0
    data = hints(state, iters=15, seed=1)
    assert data["iterations"] == 0 and data["best"]["win"] is None
