"""Two-Faced at the card room's table (parlour/core/scene.py): the scene drawn from a seat's view
and the picks that make each move. Rule text: shared/seeds/003, the Two-Faced section.

Hands: 0 the dealer's (seat 0), 1 the opponent's (seat 1), 2 the dealer's dummy, 3 the
opponent's dummy; the stacked deck is the one of tests/games/test_two_faced.py."""

from test_two_faced import OPPONENT_HAND, deck, drafted

import parlour
from parlour.core.scene import scene_cards, table_moves
from parlour.games.two_faced import KEEP, PLAY

GAME = parlour.load("two_faced")



def moves(state):
    view = state.view(state.current_player)
    return {m["text"]: m["picks"] for m in table_moves(GAME, view, state.legal_actions())}


def test_the_draft_keeps_the_card_tapped_and_hides_the_other_players_draw():
    """"The dealer draws two cards--keeping one and discarding the other face down.\""""
    state = GAME.new_state(seed=1, deck=deck())
    scene = GAME.scene(state.view(0))
    drawn = scene["centre"][0]
    assert drawn["label"] == "Drawn"
    assert drawn["items"] == [{"cards": ["2W"], "pick": "@keep-2W"},
                              {"cards": ["6W"], "pick": "@keep-6W"}]
    assert moves(state) == {"keep 2W": [["@keep-2W"]], "keep 6W": [["@keep-6W"]]}
    assert scene["say"] == "Tap the card to keep; the other is discarded face down"
    # The opponent sees neither drawn card, and both dummies lie face down.
    other = GAME.scene(state.view(1))
    assert not {"2W", "6W"} & set(scene_cards(other))
    assert other["seats"][0]["zones"][0]["items"] == [{"cards": [None], "count": 9}]
    state.apply(KEEP["2W"])
    # "discarding the other face down": only its discarder sees it.
    assert "6W" in scene_cards(GAME.scene(state.view(0)))
    assert "6W" not in scene_cards(GAME.scene(state.view(1)))


def test_each_player_plays_the_dummy_on_his_left_from_his_own_box():
    """"Then the two piles of 9 cards are turned face up and the cards are arranged by suit.
    These are now dummy hands. Each player controls the dummy hand to their left." "The oppent
    leads first. Then his dummy plays, then the dealer, then the dealer's dummy.\""""
    state = drafted()
    scene = GAME.scene(state.view(1))
    assert scene["say"] == "Lead from your hand"
    dummy = scene["seats"][1]["zones"][0]
    assert dummy["label"] == "Dummy"
    assert [i["cards"] for i in dummy["items"]] == [["9W"], ["5R", "6R"],
                                                    ["1B", "2B", "3B", "4B", "5B", "6B"]]
    state.apply(PLAY["1W"])
    scene = GAME.scene(state.view(1))
    assert scene["say"] == "Follow Winds from your dummy"
    assert moves(state) == {"9W": [["9W"]]}
    state.apply(PLAY["9W"])
    state.apply(PLAY["2W"])
    scene = GAME.scene(state.view(0))
    assert scene["say"] == "Follow Winds from your dummy"
    assert moves(state) == {"4W": [["4W"]], "5W": [["5W"]]}
    assert "4W" in scene_cards(scene["seats"][0]["zones"])
    played = scene["seats"][1]["played"]["items"]
    assert played == [{"cards": ["1W"]}, {"cards": ["9W"], "label": "dummy"}]


def test_the_last_trick_stays_before_its_players_dimmed_and_the_fool_takes():
    """"If a queen would normally take a trick, but the fool of that suit was also played then
    the fool takes the trick." "After the first trick, the hand taking the trick leads, whether
    it is a player hand, or a dummy hand.\""""
    state = drafted()
    for card in ("1W", "9W", "2W", "4W"):
        state.apply(PLAY[card])
    scene = GAME.scene(state.view(1))
    assert scene["say"] == "Lead from your dummy"
    mine = scene["seats"][1]["played"]
    assert mine["dim"] is True
    assert mine["items"][1] == {"cards": ["9W"], "label": "dummy", "badges": ["takes"]}
    assert scene["seats"][1]["zones"][1] == {
        "kind": "pile", "label": "Tricks",
        "items": [{"cards": [None], "count": 1, "label": "dummy"}]}


def test_no_card_of_the_suit_led_in_the_hand_to_play():
    """"Players must follow suit if possible.\""""
    state = drafted()
    for card in ("1W", "9W", "2W", "4W", "5R"):
        state.apply(PLAY[card])
    assert GAME.scene(state.view(0))["say"] == "Follow Flames from your hand"
    for card in ("1R", "7R", "2R"):  # the dealer's Queen of Flames takes: he leads
        state.apply(PLAY[card])
    assert GAME.scene(state.view(0))["say"] == "Lead from your hand"
    state.apply(PLAY["1G"])
    state.apply(PLAY["5G"])
    scene = GAME.scene(state.view(1))  # the opponent holds no Leaves
    assert scene["say"] == "No Leaves in your hand: play any card"
    assert set(moves(state)) == set(OPPONENT_HAND) - {"1W", "2R"}
