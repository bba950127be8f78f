"""The `parlour` command as a person uses it (issue: CLI with Typer and Rich)."""

import json

from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()


def test_games_lists_every_game():
    import parlour
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for game_id in parlour.games():
        assert game_id in result.output


def test_rules_renders_the_rules_page():
    result = runner.invoke(app, ["rules", "arschloch"])
    assert result.exit_code == 0 and "Interpretations" in result.output
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2 and "unknown game" in result.output


def test_play_re_asks_with_the_reason_and_plays_to_the_end(tmp_path):
    record = tmp_path / "game.json"
    moves = "\n".join(["ZZ", "99", "help"] + ["0"] * 200) + "\n"
    result = runner.invoke(app, ["play", "arschloch", "--seed", "3", "--seat", "0",
                                 "--pace", "0", "--save", str(record)], input=moves)
    assert result.exit_code == 0, result.output
    assert "'ZZ' is not a card" in result.output
    assert "no such move number" in result.output
    assert "your hand:" in result.output and "game over" in result.output
    data = json.loads(record.read_text())
    assert data["game"] == "arschloch" and data["seed"] == 3
    replayed = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert replayed.exit_code == 0 and "end of record" in replayed.output


def test_play_refuses_bad_options_naming_the_valid_ones():
    result = runner.invoke(app, ["play", "arschloch", "-o", "deck=36"])
    assert result.exit_code == 2 and "valid values: 32, 52" in result.output
    result = runner.invoke(app, ["play", "arschloch", "-o", "tens=true"])
    assert result.exit_code == 2 and "valid options" in result.output
    result = runner.invoke(app, ["play", "arschloch", "--opponents", "genius"])
    assert result.exit_code == 2 and "unknown agent" in result.output


def test_simulate_prints_placements_and_length_as_json():
    result = runner.invoke(app, ["simulate", "arschloch", "-n", "20", "--agents",
                                 "heuristic,random", "--seed", "1", "--json", "-"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["agents"] == ["heuristic", "random", "random", "random"]
    assert all(sum(row) == 20 for row in data["placements"])
    assert data["mean_length"] > 0


def test_replay_refuses_a_forged_record(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "arschloch", "players": 4, "options": {}, "seed": 3,
                               "actions": ["AS AH AD AC"]}))
    result = runner.invoke(app, ["replay", str(bad), "--no-step"])
    assert result.exit_code == 2 and "does not replay" in result.output


def test_play_with_hints_shows_the_best_move_on_request():
    moves = "hint\nquit\n"
    result = runner.invoke(app, ["play", "arschloch", "--seed", "3", "--hints"], input=moves)
    assert result.exit_code == 0, result.output
    assert "'hint'" in result.output and "win" in result.output.lower()
    off = runner.invoke(app, ["play", "arschloch", "--seed", "3"], input=moves)
    assert "hints are off" in off.output


def test_arena_is_a_command_of_parlour():
    result = runner.invoke(app, ["arena", "arschloch", "--agents", "medium,easy,easy", "-n", "3",
                                 "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "medium" in result.output and "easy" in result.output


def test_score_is_a_command_of_parlour():
    result = runner.invoke(app, ["score", "loot", "1W", "2W", "3W", "4W", "5R", "5P", "5B"])
    assert result.exit_code == 0, result.output
    assert "+22" in result.output or "22" in result.output


def test_lab_is_a_command_of_parlour(tmp_path):
    result = runner.invoke(app, ["lab", "arschloch", "-n", "8", "--agents", "heuristic,random",
                                 "--seed", "1", "--out", str(tmp_path / "lab")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "lab" / "report.html").exists()
    assert len((tmp_path / "lab" / "games.jsonl").read_text().splitlines()) == 8
