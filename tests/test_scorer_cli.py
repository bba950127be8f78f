"""`parlour score loot|treasure`: the scorer for real cards, through Typer's test runner."""

from typer.testing import CliRunner

from parlour.scorer_cli import app

runner = CliRunner()


def test_score_loot_prints_the_best_arrangement_and_score():
    result = runner.invoke(app, ["loot", "3W", "4R", "5P", "6B", "9G", "--gods", "Lady"])
    assert result.exit_code == 0, result.output
    # The run doubled by the Lady (16), the fool loose (-9).
    assert "run" in result.output and "+16" in result.output and "+7" in result.output
    assert "gods in play: Lady" in result.output


def test_score_loot_counts_the_hands_own_gods_and_commas():
    result = runner.invoke(app, ["loot", "Changeling,9W", "--gods", "Thief,Minion"])
    assert result.exit_code == 0, result.output
    assert "Thief, Minion, Changeling" in result.output and "+0" in result.output


def test_score_treasure_with_effects_by_meld_kind():
    result = runner.invoke(app, ["treasure", "5W", "6R", "7P", "8B", "1G",
                                 "-g", "Lady:set", "-g", "DarkLord:run"])
    assert result.exit_code == 0, result.output
    # The Dark Lord in a run cancels the Lady: the run at 4 a card, the queen -1.
    assert "+15" in result.output and "cancelled: Lady" in result.output


def test_score_treasure_changing_cards_shown_with_what_they_stand_for():
    result = runner.invoke(app, ["treasure", "9W", "9R", "3P", "-g", "Thief:run"])
    assert result.exit_code == 0, result.output
    assert "3P (as 9P)" in result.output


def test_bad_cards_are_refused_with_a_reason():
    result = runner.invoke(app, ["loot", "0Q"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["treasure", "1W", "-g", "Lady"])
    assert result.exit_code == 2
