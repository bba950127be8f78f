"""The playtest lab: runs stream and resume, the figures match values worked out by hand, A/B
pairs the seeds, the report embeds its plots, Ray plays the same games as the process pool."""

import importlib.util
import json

import pytest
import typer
from typer.testing import CliRunner

from parlour.lab import report, run as lab_run, stats
from parlour.lab.cli import lab
from parlour.lab.run import Plan

GAME = "izind"  # a short two-seat game keeps these tests quick; the lab code names none


def _game(arm, index, returns, win, places, decisions, cap, hands, agents):
    return {"arm": arm, "index": index, "seed": index, "agents": agents, "returns": returns,
            "places": places, "win": win, "decisions": decisions, "rounds": None,
            "reached_cap": cap, "hands": hands}


# Four two-seat games: seat 0 wins two, seat 1 one, one is tied (the win is split).
CRAFTED = [
    _game("A", 0, [1, 0], [1, 0], [0, 1], 10, False, [["X", "Y"], ["Z", "W"]], ["h", "r"]),
    _game("A", 1, [1, 0], [1, 0], [0, 1], 20, False, [["X", "Z"], ["Y", "W"]], ["r", "h"]),
    _game("A", 2, [0, 1], [0, 1], [1, 0], 30, True, [["Y", "W"], ["X", "Z"]], ["h", "r"]),
    _game("A", 3, [.5, .5], [.5, .5], [0, 0], 40, False, [["X", "W"], ["Y", "Z"]], ["r", "h"]),
]


def test_seat_figures_match_hand_count():
    """Seat 0 won 2.5 of 4 games; chi-square against 2 each: 2 * 0.5**2 / 2 = 0.25 on one
    degree of freedom, p = 2 * (1 - Phi(0.5)) = 0.617."""
    seats = stats.seat_table(CRAFTED)
    assert seats["seats"][0]["win"]["rate"] == pytest.approx(0.625)
    assert seats["seats"][1]["win"]["rate"] == pytest.approx(0.375)
    assert seats["chi2"] == pytest.approx(0.25)
    assert seats["p"] == pytest.approx(0.6171, abs=1e-4)
    assert seats["seats"][1]["places"] == [2, 2]  # first in games 2 and 3 (tied), second twice
    assert seats["seats"][0]["place"]["mean"] == pytest.approx(0.25)


def test_length_spread_and_cap_match_hand_count():
    """Lengths 10, 20, 30, 40: mean 25, lower quartile 17.5 (linear); spreads 1, 1, 1, 0; one
    cap in four, Wilson interval (0.0456, 0.6994)."""
    figs = stats.arm_figures(CRAFTED)
    assert figs["decisions"]["mean"] == 25
    assert figs["decisions"]["quantiles"]["0.25"] == pytest.approx(17.5)
    assert figs["decisions"]["quantiles"]["0.5"] == pytest.approx(25)
    assert figs["score_spread"]["mean"] == pytest.approx(0.75)
    assert figs["cap"]["rate"] == 0.25
    assert figs["cap"]["low"] == pytest.approx(0.0456, abs=1e-4)
    assert figs["cap"]["high"] == pytest.approx(0.6994, abs=1e-4)
    assert figs["rounds"] is None


def test_card_influence_matches_hand_count():
    """X is in four starting hands that won 1 + 1 + 1 + 0.5 = 3.5; the other four hands won
    0.5: gap 0.875 - 0.125 = 0.75. W is the mirror (-0.75); Y -0.25, Z +0.25."""
    cards = stats.card_influence(CRAFTED, least=1)
    assert [c["card"] for c in cards] == ["W", "X", "Y", "Z"]
    gaps = {c["card"]: c["gap"] for c in cards}
    assert gaps == pytest.approx({"W": -0.75, "X": 0.75, "Y": -0.25, "Z": 0.25})
    x = next(c for c in cards if c["card"] == "X")
    assert x["with"]["rate"] == pytest.approx(0.875)
    assert x["without"]["rate"] == pytest.approx(0.125)


def test_agent_gap_matches_hand_count():
    """Agent r won 1 + 1 + 0.5 = 2.5 of its 4 seats: (0.625 - 0.5) / (1 - 0.5) = 0.25. Its
    interval is r's Wilson interval for 2 of 4 (0.150, 0.850) on the same scale: -0.70 to 0.70."""
    agents = stats.agent_table(CRAFTED)
    assert agents["best"] == "r"
    assert agents["skill"] == pytest.approx(0.25)
    assert agents["skill_low"] == pytest.approx(-0.700, abs=1e-3)
    assert agents["skill_high"] == pytest.approx(0.700, abs=1e-3)


def test_card_influence_adjusts_for_many_cards():
    """Benjamini-Hochberg over the four cards tested: the smallest p of m tests is multiplied
    by m (here X and W tie at the smallest p, so both become 4 * p / 2)."""
    cards = {c["card"]: c for c in stats.card_influence(CRAFTED, least=1)}
    assert cards["X"]["p"] == pytest.approx(cards["W"]["p"])
    assert cards["X"]["q"] == pytest.approx(min(1.0, 2 * cards["X"]["p"]))
    assert all(c["q"] >= c["p"] for c in cards.values())


def test_paired_difference_matches_hand_count():
    """B is longer by 2, 4, 6, 8 on the same seeds: mean 5, sd 2.582, t(0.975, 3) = 3.182,
    interval 5 +- 3.182 * 2.582 / 2 = (0.892, 9.108)."""
    b = [dict(s, arm="B", decisions=s["decisions"] + 2 * (s["index"] + 1)) for s in CRAFTED]
    figs = stats.figures(CRAFTED + b)
    row = figs["compare"]["decisions"]
    assert row["mean"] == pytest.approx(5)
    assert row["low"] == pytest.approx(0.892, abs=1e-3)
    assert row["high"] == pytest.approx(9.108, abs=1e-3)
    assert figs["compare"]["seat 0 win"]["mean"] == 0
    assert figs["compare"]["r win"]["mean"] == 0


def test_ab_compares_each_agents_win():
    """Issue: "reports every figure side by side" -- the agents' win rates too. In B, agent r
    (seat 1) also wins game 0: r's mean win goes from 2.5/4 to 3.5/4 of its games, +0.25."""
    b = [dict(s, arm="B") for s in CRAFTED]
    b[0] = dict(b[0], win=[0, 1], returns=[0, 1], places=[1, 0])
    row = stats.figures(CRAFTED + b)["compare"]["r win"]
    assert (row["a"], row["b"], row["mean"]) == pytest.approx((0.625, 0.875, 0.25))
    assert stats.figures(CRAFTED + b)["compare"]["h win"]["mean"] == pytest.approx(-0.25)


class Stop(Exception):
    pass


def test_interrupted_run_resumes(tmp_path):
    """A run killed after 3 games (with a torn line left behind) ends, when called again, with
    exactly the games an uninterrupted run writes."""
    plan = Plan(GAME, 6, ["heuristic", "random"], seed=5)

    def stop_after_three(done, total):
        if done == 3:
            raise Stop

    with pytest.raises(Stop):
        lab_run.run(plan, tmp_path / "cut", progress=stop_after_three)
    with (tmp_path / "cut" / "games.jsonl").open("a") as handle:
        handle.write('{"summary": {"arm": "A", "ind')
    seen = []
    lab_run.run(plan, tmp_path / "cut", progress=lambda done, total: seen.append(done))
    assert seen[0] == 3 and seen[-1] == 6
    lab_run.run(plan, tmp_path / "whole")
    assert lab_run.read(tmp_path / "cut") == lab_run.read(tmp_path / "whole")
    lines = (tmp_path / "cut" / "games.jsonl").read_text().splitlines()
    assert len(lines) == 6 and all(json.loads(line)["record"]["game"] == GAME for line in lines)
    with pytest.raises(ValueError):
        lab_run.run(Plan(GAME, 6, ["random"], seed=5), tmp_path / "cut")
    # a larger n adds the games it lacks
    seen.clear()
    lab_run.run(Plan(GAME, 8, ["heuristic", "random"], seed=5), tmp_path / "cut",
                progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (6, 8) and seen[-1] == (8, 8)
    assert [s["index"] for s in lab_run.read(tmp_path / "cut")] == list(range(8))


def test_a_games_file_damaged_before_its_last_line_is_refused_and_kept(tmp_path):
    """Only the last line can be torn by a kill; a bad line before it is refused, not taken for a
    torn end (which would cut every game after it)."""
    plan = Plan(GAME, 3, ["heuristic", "random"], seed=5)
    lab_run.run(plan, tmp_path)
    path = tmp_path / "games.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = "not json\n"
    path.write_text("".join(lines))
    with pytest.raises(ValueError, match="line 2"):
        lab_run.run(plan, tmp_path)
    assert path.read_text() == "".join(lines)


def test_seats_rotate_and_records_replay(tmp_path):
    import parlour
    lab_run.run(Plan(GAME, 4, ["heuristic", "random"]), tmp_path)
    lines = lab_run.read(tmp_path, with_records=True)
    assert [line["summary"]["agents"] for line in lines] == [
        ["heuristic", "random"], ["random", "heuristic"]] * 2
    for line in lines:
        state = parlour.replay(line["record"])
        assert state.is_terminal and state.returns() == line["summary"]["returns"]


def test_quick_games_go_to_workers_in_batches():
    """A worker call costs about a millisecond: games far quicker than that go in batches of up
    to MAX_BATCH, while a game that takes seconds goes alone."""
    batches = lab_run._Batches([()] * 500)
    assert len(batches.take()) == 1
    batches.learn(1, 0.00001)
    assert len(batches.take()) == lab_run.MAX_BATCH
    batches.learn(100, 0.05)  # half a millisecond a game: 0.2 s of play is 400 games
    assert batches.size == lab_run.MAX_BATCH
    batches.learn(2, 3.0)
    assert len(batches.take()) == 1


def test_a_game_that_never_ends_is_stopped_as_capped(monkeypatch):
    """Issue: "how often the turn cap is hit (games that do not end)". A game still going at the
    engine's bound on its length is stopped there, a draw, counted with the capped games."""
    import parlour
    cls = parlour.game_class(GAME)
    monkeypatch.setattr(cls, "max_decisions", lambda self: 3)
    lab_run._GAMES.clear()
    try:
        summary = lab_run.play_one(GAME, None, {}, ["random"] * 2, 0, 0, "A")["summary"]
    finally:
        lab_run._GAMES.clear()
    assert summary["decisions"] == 3 and summary["reached_cap"]
    assert summary["returns"] == [0.0, 0.0] and summary["win"] == [0.5, 0.5]


def test_rounds_are_the_games_own_count():
    """Length in rounds is the game's `round_count()`. Ahzchim: "A game with no winner after
    `round_cap` rounds ... is a draw" -- a capped game lasted exactly round_cap rounds. Loot: a
    match is hands played until a seat reaches the points target -- one round per hand scored."""
    import parlour
    capped = [lab_run.play_one("ahzchim", None, {"round_cap": 3}, ["random"] * 4, 0, i, "A")
              for i in range(3)]
    assert any(line["summary"]["reached_cap"] for line in capped)
    for line in capped:
        if line["summary"]["reached_cap"]:
            assert line["summary"]["rounds"] == 3
    line = lab_run.play_one("loot", None, {}, ["random"] * 3, 4, 0, "A")
    assert line["summary"]["rounds"] == len(parlour.replay(line["record"]).results) > 1


def test_processes_equal_one_loop(tmp_path):
    plan = Plan(GAME, 6, ["heuristic", "random"], seed=2)
    lab_run.run(plan, tmp_path / "one")
    lab_run.run(plan, tmp_path / "two", jobs=2)
    assert lab_run.read(tmp_path / "one", True) == lab_run.read(tmp_path / "two", True)


def _option_to_flip():
    """Some boolean option of the test game, so the A/B test does not name one."""
    import parlour
    info = parlour.game_class(GAME).info
    option = next(o for o in info.options if isinstance(o.default, bool))
    return option.name, not option.default


def test_ab_run_and_report(tmp_path):
    """Both arms play the same seeds; the report has every file and the HTML carries its plots
    inside it (no links to the PNG files)."""
    name, value = _option_to_flip()
    plan = Plan(GAME, 8, ["heuristic", "random"], compare={name: value})
    lab_run.run(plan, tmp_path)
    summaries = lab_run.read(tmp_path)
    arms = {arm: [s["seed"] for s in summaries if s["arm"] == arm] for arm in ("A", "B")}
    assert arms["A"] == arms["B"] == list(range(8))
    figs = report.write(tmp_path)
    assert "decisions" in figs["compare"] and "seat 0 win" in figs["compare"]
    for name_ in ("report.md", "report.html", "plots/seats.png", "plots/compare.png",
                  "replays/longest.json", "replays/shortest.json"):
        assert (tmp_path / name_).exists(), name_
    page = (tmp_path / "report.html").read_text()
    pngs = list((tmp_path / "plots").glob("*.png"))
    assert page.count("data:image/png;base64,") == len(pngs) >= 4
    assert 'src="plots/' not in page
    md = (tmp_path / "report.md").read_text()
    assert "parlour replay" in md and "Chi-square" in md
    assert '<a href="http://127.0.0.1:8000/replay/lab-longest">' in page


def test_extreme_games_open_in_the_web_room(tmp_path):
    """Issue: "links to replay the extreme games ... in the web room": the report's room.db,
    served by the room, replays the longest game on its replay page, move for move."""
    import warnings
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

    from parlour.server import Settings, create_app
    lab_run.run(Plan(GAME, 4, ["heuristic", "random"]), tmp_path)
    report.write(tmp_path)
    md = (tmp_path / "report.md").read_text()
    assert f"parlour serve --db sqlite:///{tmp_path / 'room.db'}" in md
    longest = json.loads((tmp_path / "replays" / "longest.json").read_text())
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'room.db'}", bot_delay=0))
    with TestClient(app) as client:
        assert client.get("/replay/lab-longest").status_code == 200
        end = client.get("/api/tables/lab-longest/replay").json()
        assert end["terminal"] and end["total"] == len(longest["actions"])
        assert client.get("/api/tables/lab-longest/record").json()["actions"] == \
            longest["actions"]
        assert [s["agent"] for s in end["seats"]] in (["heuristic", "random"],
                                                     ["random", "heuristic"])


def test_command_line(tmp_path):
    app = typer.Typer()
    app.command("lab")(lab)
    app.command("other")(lambda: None)
    result = CliRunner().invoke(app, ["lab", GAME, "-n", "4", "--agents", "heuristic,random",
                                      "--seed", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report.html").exists()
    bad = CliRunner().invoke(app, ["lab", GAME, "-n", "2", "--option", "nosuch=1",
                                   "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_equals_local(tmp_path, monkeypatch):
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    plan = Plan(GAME, 6, ["heuristic", "random"], seed=11)
    lab_run.run(plan, tmp_path / "local", jobs=2)
    lab_run.run(plan, tmp_path / "ray", jobs=2, backend="ray")
    assert lab_run.read(tmp_path / "ray", True) == lab_run.read(tmp_path / "local", True)


@pytest.mark.parametrize("game_id", ["arschloch", "viashi"])
def test_card_influence_uses_the_hand_held_as_play_begins(game_id):
    """Issue: "per-card or per-god influence where the game has such cards (win rate when holding
    it at the start vs not)". Arschloch's hand is dealt; Viashi's is drawn ("one to the table face
    up, one to the hand face down"): the lab takes each seat's cards once the first card is led."""
    import parlour
    seats = parlour.game_class(game_id).info.default_players
    line = lab_run.play_one(game_id, None, {}, ["random"] * seats, 3, 0, "A")
    state = parlour.replay({**line["record"], "actions": []})
    for action in line["record"]["actions"]:
        if getattr(state, "phase", "play") == "play":
            break
        state.apply(state.game.parse_action(state, action))
    hands = line["summary"]["hands"]
    assert all(hands) and len(hands) == len(state.game.seats)
    for seat, hand in enumerate(hands):
        assert sorted(hand) == sorted(state.opening_hand(seat))
    if game_id == "viashi":
        # drawn, not dealt: held in hand and on the table
        assert sorted(hands[0]) == sorted(state.hands[0] + state.tables[0])


def test_the_rules_events_are_counted_where_the_core_emits_them(tmp_path, monkeypatch):
    """DESIGN.md: a core's `step` "also emits named events (a trick won, a bomb, a god's effect,
    an end condition) ... and the lab counts them". Arschloch's core emits them: every play and
    pass of a game's record is one, each round ends in one "round over", and the report has them.
    A game whose rules emit none has no such table (every registered game's core emits them now:
    one that does not is made here by its state's event_counts answering None)."""
    import parlour
    from parlour.games.arschloch import Pass, Play
    from parlour.games.treasure import TreasureState
    plan = Plan("arschloch", 4, ["heuristic", "random", "random", "random"],
                options={"rounds": 2})
    lab_run.run(plan, tmp_path)
    for line in lab_run.read(tmp_path, with_records=True):
        events, state = line["summary"]["events"], parlour.replay(line["record"])
        kinds = [type(action) for action in state.history]
        assert events["passed"] == kinds.count(Pass) and events["played"] == kinds.count(Play)
        assert events["round over"] == state.round_count() == 2
    figs = report.write(tmp_path)
    rows = {r["event"]: r for r in figs["arms"]["A"]["events"]}
    assert rows["round over"]["per_game"]["mean"] == 2 and rows["round over"]["games"]["rate"] == 1
    assert "What the rules did" in (tmp_path / "report.md").read_text()
    monkeypatch.setattr(TreasureState, "event_counts", lambda self: None)
    lab_run.run(Plan("treasure", 2, ["heuristic"]), tmp_path / "treasure")
    assert report.write(tmp_path / "treasure")["arms"]["A"]["events"] is None
