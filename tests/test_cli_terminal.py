"""The terminal as a new user meets it (issue 32): help, quitting, pacing, replays, options and
messages."""

import contextlib
import json
import re

import pytest
from typer.testing import CliRunner

import parlour
from parlour import cli
from parlour.agents.hints import format_hints, hints
from parlour.cli import app

runner = CliRunner()

COMMANDS = [["play"], ["simulate"], ["replay"], ["arena"], ["lab"], ["serve"], ["rules"],
            ["deck"], ["games"], ["score"], ["score", "loot"], ["score", "treasure"], []]


def play(*args, input="quit\n"):
    return runner.invoke(app, ["play", *args, "--pace", "0"], input=input)


def flat(text: str) -> str:
    """The words of the output, whatever the width of the terminal folded into lines or boxes."""
    return " ".join(text.replace("│", " ").split())


# Options and help ---------------------------------------------------------------------------
def test_version_prints_the_package_version():
    from importlib.metadata import version
    for flag in ("--version", "-V"):
        result = runner.invoke(app, [flag])
        assert result.exit_code == 0 and result.output.strip() == f"parlour {version('parlour')}"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "parlour")
def test_every_command_takes_h_and_its_help_shows_no_placeholders(command):
    result = runner.invoke(app, [*command, "-h"], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and "--help" in result.output
    for placeholder in ("{", "<bool>", "<str>", "<int>", "<path>", "list[str]"):
        assert placeholder not in result.output, placeholder


def test_simulate_refuses_no_games_and_a_negative_count():
    for count in ("0", "-3"):
        result = runner.invoke(app, ["simulate", "arschloch", "-n", count])
        assert result.exit_code == 2
        assert "Traceback" not in result.output and "ZeroDivision" not in result.output
        assert "greater than or equal to 1" in flat(result.output)


def test_the_same_short_options_mean_the_same_in_every_command(tmp_path):
    """-n games, -s seed, -p players, -o option, -a agents; --json PATH writes the results."""
    out = tmp_path / "simulate.json"
    result = runner.invoke(app, ["simulate", "arschloch", "-n", "2", "-s", "4", "-p", "3",
                                 "-o", "deck=52", "-a", "heuristic,random", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["games"] == 2 and data["seed"] == 4
    assert data["agents"] == ["heuristic", "random", "random"]
    arena_out = tmp_path / "arena.json"
    result = runner.invoke(app, ["arena", "arschloch", "-n", "3", "-s", "4", "-p", "3",
                                 "-o", "deck=52", "-a", "medium,easy,easy",
                                 "--json", str(arena_out)])
    assert result.exit_code == 0, result.output
    assert json.loads(arena_out.read_text())["games"] == 3
    # '-' prints the JSON alone, in both.
    for command in (["simulate", "arschloch", "-n", "2", "-a", "random"],
                    ["arena", "arschloch", "-n", "2", "-a", "easy,easy,easy"]):
        result = runner.invoke(app, [*command, "--json", "-"])
        assert result.exit_code == 0, result.output
        assert isinstance(json.loads(result.output), dict)
    result = play("arschloch", "-s", "3", "-p", "5", "-o", "deck=52", "-a", "easy")
    assert result.exit_code == 0 and "you left the game" in result.output


def test_a_file_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    nowhere = str(tmp_path / "no-such-folder" / "out.json")
    for command in (["play", "arschloch", "--save", nowhere],
                    ["simulate", "arschloch", "-n", "1", "--json", nowhere],
                    ["arena", "arschloch", "-n", "1", "-a", "easy,easy,easy", "--json", nowhere]):
        result = runner.invoke(app, command, input="0\n" * 5)
        assert result.exit_code == 2 and "there is no folder" in flat(result.output), command
        assert "your move" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_game_for_a_fixed_number_of_players_says_so():
    result = play("izind", "-p", "3")
    assert result.exit_code == 2
    assert "Izind takes 2 players, not 3" in result.output and "2 to 2" not in result.output


# Playing ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", parlour.games())
def test_help_gives_the_games_own_moves_and_every_command(game_id):
    result = play(game_id, "--seed", "1", input="help\nmoves\nquit\n")
    assert result.exit_code == 0, result.output
    for word in ("moves", "hint", "help", "quit"):
        assert re.search(rf"^\s+{word}\s", result.output, re.M), word
    out = flat(result.output)
    examples = re.findall(r"'([^']+)'", out.split("e.g.", 1)[1].split("or its number")[0])
    every_move = out.split("your move>")[-2]  # what 'moves' listed
    assert examples and all(f" {example} " in f"{every_move} " for example in examples)
    if game_id != "arschloch":
        assert "8H 8D" not in out


def test_quit_with_save_writes_the_game_so_far(tmp_path):
    record = tmp_path / "so-far.json"
    result = play("arschloch", "--seed", "3", "--save", str(record), input="0\nquit\n")
    assert result.exit_code == 0, result.output
    assert "the game so far written to" in result.output
    data = json.loads(record.read_text())
    state = parlour.replay(data)
    assert not state.is_terminal and data["actions"][0] == "7C"  # seat 0 led its 7C
    # The end of the input leaves the game the same way.
    record.unlink()
    result = play("arschloch", "--seed", "3", "--save", str(record), input="0\n")
    assert result.exit_code == 0 and json.loads(record.read_text())["actions"][0] == "7C"


def test_your_move_shows_before_the_computers_think(monkeypatch):
    events = []
    printed = cli.console.print

    def print_(*args, **kwargs):
        events.append(("print", str(args[0]) if args else ""))
        printed(*args, **kwargs)

    @contextlib.contextmanager
    def status(message, *args, **kwargs):
        events.append(("status", message))
        yield

    monkeypatch.setattr(cli.console, "print", print_)
    monkeypatch.setattr(cli.console, "status", status)
    result = play("arschloch", "--seed", "3", input="0\nquit\n")
    assert result.exit_code == 0, result.output
    mine = next(i for i, (kind, text) in enumerate(events) if "seat 0 plays 7C" in text)
    thinking = [i for i, (kind, text) in enumerate(events)
                if kind == "status" and "seat 1 is thinking" in text]
    assert thinking and mine < thinking[0]


def test_pace_pauses_between_computer_moves(monkeypatch):
    slept = []
    monkeypatch.setattr(cli.time, "sleep", slept.append)
    result = runner.invoke(app, ["play", "arschloch", "--seed", "3", "-a", "random",
                                 "--pace", "0.25"], input="0\nquit\n")
    assert result.exit_code == 0, result.output
    # Seats 1 to 3 answer the lead of seat 0 before it is asked again: a pause before each.
    assert len(slept) >= 3 and all(0 < pause <= 0.25 for pause in slept)
    slept.clear()
    for pace in (["--pace", "0"], []):  # none asked for; none by default when piped
        result = runner.invoke(app, ["play", "arschloch", "--seed", "3", *pace],
                               input="0\nquit\n")
        assert result.exit_code == 0 and not slept


def test_a_refusal_shows_what_was_typed_even_in_brackets():
    # Rich reads "[red]" as a colour: the terminal must print the person's words as they are.
    result = play("mages_wild", "--seed", "2", input="[red]x\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'[red]x' is not a card" in result.output


# Replays ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "game.json"
    state = parlour.load("arschloch").new_state(seed=3)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    path.write_text(json.dumps(state.record()))
    return path


def test_replay_draws_the_table_after_every_move(record):
    result = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert result.exit_code == 0, result.output
    for number in range(1, 7):
        assert f"move {number} of 6" in result.output
    assert result.output.count("ranks low to high") == 7  # the start and each move
    assert "your hand" not in result.output  # an onlooker sees no hand


def test_replay_with_a_seat_shows_its_hidden_cards_and_q_stops(record):
    result = runner.invoke(app, ["replay", str(record), "--seat", "0"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "your hand: 7C" in result.output
    assert "move 2 of 6, seat 1" in result.output and "move 3 of 6, seat" not in result.output
    assert "stopped before move 3 of 6" in result.output
    bad = runner.invoke(app, ["replay", str(record), "--seat", "4", "--no-step"])
    assert bad.exit_code == 2 and "seat must be 0..3" in bad.output


# Hints and rules pages ----------------------------------------------------------------------
def test_hints_say_why_an_alternative_with_a_higher_win_share_is_not_the_best():
    data = {"seat": 0, "iterations": 900, "seconds": 1.0,
            "best": {"action": "8H 8D", "win": 0.41, "value": 0.6, "visits": 500, "kept": True},
            "alternatives": [
                {"action": "9C", "win": 0.45, "value": 0.55, "visits": 300},
                {"action": "pass", "win": 0.30, "value": 0.5, "visits": 100}]}
    lines = format_hints(data).splitlines()
    assert "own choice" in lines[1]
    assert "9C" in lines[2] and "higher win share, but a lower mean result and fewer " \
                                 "playouts" in lines[2]
    assert "pass" in lines[3] and "higher" not in lines[3]


def test_hints_mark_the_best_kept_only_when_it_is_not_the_most_searched():
    game = parlour.load("arschloch")
    state = game.new_state(seed=3)
    data = hints(state, iters=60, seed=1)
    visits = [m["visits"] for m in data["alternatives"]]
    if data["best"]["kept"]:
        assert visits and max(visits) >= data["best"]["visits"]
    else:
        assert all(v <= data["best"]["visits"] for v in visits)


def test_rules_pages_show_players_the_rules_only():
    page = runner.invoke(app, ["rules", "mages_wild"], terminal_width=200).output
    for note in ("Action ids", "MagesWildHeuristic", "bit masks", "parlour/", "determinize"):
        assert note not in page, note
    assert "gods carry no rank effect; the option god effects" in page
    page = runner.invoke(app, ["rules", "izind"], terminal_width=200).output
    for note in ("parlour/games", "tests/", "max_decisions", "returns()"):
        assert note not in page, note
    assert "Interpretations" in page and "Completing a tower" in page
