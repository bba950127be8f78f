"""The Mages Wild table (issue 28): the scene drawn from a seat's view and the picks of its moves.
Positions come from stacked decks as in test_mages_wild.py: nine cards each dealt round robin from
seat 0, then the turned-up card, then the draw pile."""

import json

from test_mages_wild import deal

from parlour.core.cards import CARD_NAMES
from parlour.core.scene import as_sent, scene_cards, table_moves
from parlour.games.mages_wild import LOG_SHOWN


def act(state, *moves):
    for text in moves:
        state.apply(state.game.parse_action(state, text))


def seen(state, seat):
    view = as_sent(state.view(seat))
    game = state.game
    return game.scene(view), {m["text"]: m for m in table_moves(game, view,
                                                                 state.legal_actions())}


def test_a_mage_names_its_suit_by_a_choice_and_may_be_played_alone():
    """"After a mage (8) is played, the player who plays it can declare which suit it has
    become" (seed): tap 8W, then "Flames" makes "8W R"; 8W alone (keeping Winds) is the card
    with no choice, played with "Play"."""
    state = deal(2, [["8W", "3R"], ["4G"]], "3B")
    scene, moves = seen(state, 0)
    assert moves["8W R"]["picks"] == [["8W"], ["=R"]]
    assert moves["8W"]["picks"] == [["8W"]]
    assert state.game.choice_text("=R") == {"text": "Flames", "suit": "R"}
    assert scene["say"] == "Play a Waves card, a 3, a mage or a god"
    act(state, "8W R")
    scene, _ = seen(state, 1)
    named = next(f for f in scene["info"] if f["label"] == "Suit named")
    assert named == {"label": "Suit named", "text": "Flames", "suit": "R"}
    assert scene["seats"][0]["played"]["items"][0]["cards"] == ["8W"]
    assert scene["seats"][0]["note"] == "named Flames"


def test_no_card_fits_the_draw_pile_is_tapped():
    """"If none of his cards can be played he draws one card from the top of the draw pile
    instead" (seed): the say line tells so and the draw is a tap on the draw pile."""
    hand = ["1W", "2W", "3W", "4W", "5W", "6W", "7W", "9W", "1R"]
    state = deal(2, [hand], "8G")
    scene, moves = seen(state, 0)
    assert list(moves) == ["draw"] and moves["draw"]["picks"] == [["@stock"]]
    assert scene["say"] == "No card fits: draw from the pile"
    stock = scene["centre"][0]["items"][0]
    assert stock["pick"] == "@stock" and stock["cards"] == [None]
    assert stock["count"] == state.view(0)["draw_count"]


def test_the_king_makes_the_next_player_draw_two_and_says_so():
    """"After a king (2) is played, the next player to play must pick up two cards before taking
    his regular turn" (seed): his say line names the King's two cards, his seat note too."""
    state = deal(3, [["2B"], ["4G"]], "3B")
    act(state, "2B")
    scene, _ = seen(state, 1)
    assert scene["say"].startswith("The King made you draw two cards. ")
    assert scene["seats"][1]["note"] == "drew 2 for the King"
    assert scene["seats"][1]["count"] == 11


def test_other_hands_stay_hidden_and_the_turn_limit_is_not_shown():
    """"Players may not conceal how many cards are remaining in their hands" (seed): counts are
    shown, the cards not; the engine's turn limit (not in the seed) is not on the table."""
    winds = ["1W", "2W", "3W", "4W", "5W", "6W", "7W", "9W", "1R"]
    state = deal(3, [["8W"], winds], "3B", turn_limit=50)
    act(state, "8W P", "draw")
    scene, _ = seen(state, 2)
    mine = set(state.view(2)["hand"])
    faces = [c for c in scene_cards(scene) if c is not None]
    others = set(state.hand(0)) | set(state.hand(1))
    assert not others & set(faces)
    assert mine <= set(faces)
    assert [e["count"] for e in scene["seats"]] == [8, 10, 9]
    text = json.dumps(scene).lower()
    assert "limit" not in text and "50" not in text
    assert {c for c in faces} <= set(CARD_NAMES)
    assert any(f["text"] == "clockwise" for f in scene["info"])


def test_the_fool_turns_play_round():
    """"When a fool (9) is played the order of play reverses" (seed): the direction in words."""
    state = deal(3, [["9B"], ["4G"]], "3B")
    act(state, "9B")
    scene, _ = seen(state, 1)
    assert {"label": "Play goes", "text": "counterclockwise (reversed by a Fool)"} in scene["info"]


def test_a_seats_last_card_stays_on_the_table_after_the_log_has_moved_on():
    """"Cannot play? Draw one card from the draw pile; the turn passes to the next player"
    (docs/rules/mages_wild.md): after seat 0's mage names Flames, neither seat holds a Flames
    card, a mage or a god, and thirteen draws push the mage out of the log's last lines; the
    table still shows it before seat 0, dimmed, with what he did since."""
    winds = ["8W", "1W", "2W", "3W", "4W", "5W", "6W", "7W", "9W"]
    stones = ["1P", "2P", "3P", "4P", "5P", "6P", "7P", "9P", "1B"]
    draws = ["2B", "4B", "5B", "6B", "7B", "9B", "1G", "2G", "3G", "4G", "5G", "6G", "7G", "9G"]
    state = deal(2, [winds, stones], "3B", draws)
    act(state, "8W R", *["draw"] * 13)
    view = state.view(0)
    assert len(view["log"]) == LOG_SHOWN and not any("8W" in line for line in view["log"])
    scene, _ = seen(state, 0)
    mine, theirs = scene["seats"]
    assert mine["played"]["items"][0]["cards"] == ["8W"] and mine["played"]["dim"]
    assert mine["note"] == "drew 1" and theirs["note"] == "drew 1"
    assert theirs["played"] is None  # seat 1 has played no card yet
    assert all(state.view(s)["last_plays"] == view["last_plays"] for s in (1, None))
