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
    assert x["with"]["rate"] == pytest.approx(0.875) and x["without"]["rate"] == pytest.approx(0.125)


def test_agent_gap_matches_hand_count():
    """Agent r won 1 + 1 + 0.5 = 2.5 of its 4 seats: (0.625 - 0.5) / (1 - 0.5) = 0.25."""
    agents = stats.agent_table(CRAFTED)
    assert agents["best"] == "r"
    assert agents["skill"] == pytest.approx(0.25)


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


def test_seats_rotate_and_records_replay(tmp_path):
    import parlour
    lab_run.run(Plan(GAME, 4, ["heuristic", "random"]), tmp_path)
    lines = lab_run.read(tmp_path, with_records=True)
    assert [line["summary"]["agents"] for line in lines] == [
        ["heuristic", "random"], ["random", "heuristic"]] * 2
    for line in lines:
        state = parlour.replay(line["record"])
        assert state.is_terminal and state.returns() == line["summary"]["returns"]


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
