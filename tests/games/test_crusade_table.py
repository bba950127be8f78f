"""Crusade at the card room's table (parlour/core/scene.py): the scene drawn from a seat's view
and the picks that make each move. Rule text: shared/seeds/003, the Crusade section.

The stacked deck is the Viashi deck in its own order; with four players seat 0 (on the dealer's
left) bids first and holds 1W 5W 9W 4R 8R 3P 7P 2B 6B 1G 5G 9G Thief."""

import parlour
from parlour.core.cards import VIASHI_CARDS
from parlour.core.scene import scene_cards, table_moves


def new():
    game = parlour.load("crusade", players=4)
    return game, game.new_state(deck=list(VIASHI_CARDS))


def act(game, state, *texts):
    for text in texts:
        state.apply(game.parse_action(state, text))



def test_a_bid_lies_face_down_before_its_seat_until_all_have_bid():
    """"The trump bids are played to the table face-down, and then when each player has played,
    they are turned over.\""""
    game, state = new()
    act(game, state, "bid 5W")
    other = game.scene(state.view(1))
    assert other["seats"][0]["played"]["label"] == "Bid"
    assert other["seats"][0]["played"]["items"][0]["cards"] == [None]
    assert "5W" not in list(scene_cards(other))
    mine = game.scene(state.view(0))
    assert mine["seats"][0]["played"]["items"][0]["cards"] == ["5W"]
    act(game, state, "bid 6W", "bid 7W")
    last = game.scene(state.view(3))
    assert last["say"] == "Lay a card face down as your trump bid (not a god)"
    moves = table_moves(game, state.view(3), state.legal_actions())
    # A bid is the card tapped in the hand; gods are never bids.
    assert {"text": "bid 8W", "picks": [["8W"]]} in moves
    assert not any(m["text"] in ("bid Builder", "bid Minion") for m in moves)


def test_the_bids_turned_over_are_set_aside_with_the_winning_card_on_top():
    """"The suit of the lowest numbered card becomes trump" ... "The trump bids are set to one
    side, with the winning card on top." "Play starts with the player winning the trump bid"."""
    game, state = new()
    act(game, state, "bid 9W", "bid 6W", "bid 3W", "bid 8W")
    scene = game.scene(state.view(0))
    assert {"label": "Trump", "text": "Winds", "suit": "W"} in scene["info"]
    bids = scene["centre"][0]
    assert bids["label"] == "Trump bids"
    assert bids["items"][0] == {"cards": ["3W"], "seat": 2, "badges": ["trump"]}
    assert [i["cards"][0] for i in bids["items"]] == ["3W", "9W", "6W", "8W"]
    assert game.scene(state.view(2))["say"] == "Lead any card"


def test_a_tie_is_broken_by_the_holder_of_the_god_picking_a_suit_by_name():
    """"If there is a tie, the player holding the god card that is the same number as the
    disputing cards may reveal that card and pick which of the two suits becomes trump.\""""
    game, state = new()
    # 4R and 4P tie; seat 0 holds the Thief
    act(game, state, "bid 4R", "bid 4P", "bid 8B", "bid 8W")
    view = state.view(0)
    scene = game.scene(view)
    assert scene["say"] == "The bids tie: reveal the Thief and pick a suit, or pass"
    tied = [s["played"]["items"][0] for s in scene["seats"][:2]]
    assert tied == [{"cards": ["4R"], "badges": ["tie"]}, {"cards": ["4P"], "badges": ["tie"]}]
    moves = {m["text"]: m["picks"] for m in table_moves(game, view, state.legal_actions())}
    assert moves == {"pick R": [["=R"]], "pick P": [["=P"]], "pass": []}
    assert game.choice_text("=R") == {"text": "Flames", "suit": "R"}
    act(game, state, "pick P")
    scene = game.scene(state.view(2))
    assert "shows the Thief" in scene["seats"][0]["badges"]
    assert {"label": "Trump", "text": "Stones", "suit": "P"} in scene["info"]


def test_a_seat_without_the_god_is_told_to_pass():
    """"If the god card is not revealed the game is played without a trump suit.\""""
    game, state = new()
    act(game, state, "bid 4R", "bid 4P", "bid 8B", "bid 8W", "pass")
    view = state.view(1)
    assert game.scene(view)["say"] == "The bids tie and you do not hold the Thief: pass"
    assert game.scene(view)["seats"][0]["note"] == "does not reveal"
    act(game, state, "pass", "pass", "pass")
    assert {"label": "Trump", "text": "none: the god was not revealed"} in \
        game.scene(state.view(0))["info"]


def test_follow_suit_or_sluff_or_trump_and_the_last_trick_stays_dimmed():
    """"Players must follow suit if they can." "If a player cannot follow suit, they may "sluff"
    a card of some other suit which cannot take the trick, or they may play a trump.\""""
    game, state = new()
    act(game, state, "bid 5W", "bid 6W", "bid 7W", "bid 8W", "2B")
    view = state.view(1)
    assert game.scene(view)["say"] == "Follow Waves"
    assert {m["text"] for m in table_moves(game, view, state.legal_actions())} == {"3B", "7B"}
    act(game, state, "3B", "4B", "1B")  # the 1 of Waves takes: seat 3 leads
    scene = game.scene(state.view(3))
    played = scene["seats"][3]["played"]
    assert played["dim"] is True and played["items"][0] == {"cards": ["1B"], "badges": ["takes"]}
    assert scene["seats"][0]["zones"] == []
    assert scene["seats"][3]["zones"][0]["label"] == "Tricks"
    act(game, state, "5B", "6B", "7B", "8B", "9B")
    scene = game.scene(state.view(0))
    assert scene["say"] == "No Waves: sluff, or play a trump to take the trick"
    assert scene["seats"][3]["played"].get("dim") is None
