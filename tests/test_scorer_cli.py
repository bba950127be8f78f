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


# The scorer hook (Game.scorer), the one call behind `parlour score` and the room's /api/score.
import pytest  # noqa: E402

import parlour  # noqa: E402
from parlour.core.errors import IllegalAction, OptionError  # noqa: E402


def test_the_hook_gives_the_arrangement_the_cli_prints():
    result = parlour.game_class("loot").scorer.run(["3W", "4R", "5P", "6B", "9G"], ["Lady"])
    assert result["score"] == 7
    assert result["melds"] == [{"kind": "run", "cards": ["3W", "4R", "5P", "6B"],
                                "as": ["3W", "4R", "5P", "6B"], "points": 16, "runs": [],
                                "bonus": False}]
    assert result["loose"] == [{"card": "9G", "points": -9}]
    assert result["notes"] == ["gods in play: Lady"]


def test_a_card_named_more_often_than_the_deck_holds_it_is_refused():
    """Loot is played with one Viashi deck: a card, or a god in the hand and in another hand, is
    there once. Treasure may use two decks."""
    loot = parlour.game_class("loot").scorer
    with pytest.raises(IllegalAction, match="1W is named 2 times; the deck holds one"):
        loot.run(["1W", "1w"])
    with pytest.raises(IllegalAction, match="Lady is named 2 times"):
        loot.run(["1W", "Lady"], ["Lady"])
    treasure = parlour.game_class("treasure").scorer
    assert treasure.run(["1W", "1W", "Lady"], ["Lady:set"])["score"] is not None
    with pytest.raises(IllegalAction, match="Lady is named 3 times; the deck holds 2"):
        treasure.run(["1W", "Lady"], ["Lady:set", "Lady:run"])
    result = runner.invoke(app, ["loot", "2W", "2W"])
    assert result.exit_code == 2 and "the deck holds one" in result.output


def test_table_entries_and_options_are_checked():
    loot = parlour.game_class("loot").scorer
    with pytest.raises(IllegalAction, match="1W cannot be named here"):
        loot.run(["2W"], ["1W"])
    with pytest.raises(IllegalAction, match="without"):
        loot.run(["2W"], ["Lady:set"])
    with pytest.raises(OptionError, match="run_bonus"):
        loot.run(["2W"], [], {"run_bonus": "big"})
    with pytest.raises(OptionError, match="unknown option 'bonus'"):
        loot.run(["2W"], [], {"bonus": True})
    with pytest.raises(IllegalAction, match="pick the cards"):
        loot.run([], ["Lady"])
    treasure = parlour.game_class("treasure").scorer
    with pytest.raises(IllegalAction, match="Lady:set, Lady:run, Lady:color, Lady:color\\+run"):
        treasure.run(["2W"], ["Lady"])
