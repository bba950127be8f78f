"""The table of Viashi, Vashy and Viashilym (issue 28): the scene each seat sees and the picks that
make its moves, from positions dealt by stacked decks (shared/seeds/003, shared/GAMES.md)."""


from test_viashi import dealt, stack, suit

import parlour
from parlour.core.cards import GODS
from parlour.core.scene import as_sent, scene_cards, table_moves
from parlour.games.viashi import UP

# Seat 0 holds the gods on his table and the Leaves in his hand.
S_TABLES = [list(GODS), suit("P"), suit("B")]
S_HANDS = [suit("G"), suit("W"), suit("R")]


def view_of(state, seat):
    return as_sent(state.view(seat))


def moves_by_text(game, view, state):
    return {m["text"]: m for m in table_moves(game, view, state.legal_actions())}



def test_the_drawer_taps_the_drawn_card_that_goes_face_up():
    """"Each player in turn ... picks up two cards, and places one face up in front of them, and
    one face down." The two drawn cards lie in the middle for the drawer; tapping one puts it up."""
    deck, _ = stack(S_TABLES, S_HANDS)
    game = parlour.load("viashi", elvish=False)
    state = game.new_state(seed=1, deck=deck)
    view = view_of(state, 0)
    scene = game.scene(view)
    drawn = [z for z in scene["centre"] if z.get("label") == "Drawn"]
    assert drawn and [i["cards"] for i in drawn[0]["items"]] == [["Lady"], ["1G"]]
    moves = moves_by_text(game, view, state)
    assert moves["up Lady"]["picks"] == [["@up-Lady"]]
    assert moves["up 1G"]["picks"] == [["@up-1G"]]
    assert scene["say"].startswith("Tap the card to put face up")
    # The next seat sees two backs, not the cards seat 0 drew.
    other = game.scene(view_of(state, 1))
    assert "Lady" not in list(scene_cards(other)) and "1G" not in list(scene_cards(other))


def test_the_elvish_rule_hides_the_secret_cards_from_their_owner_during_the_draw():
    """"the elvish rule that a player may not look at his face-down cards during the draw phase
    (the UI hides them from their owner; option)": the hand is drawn as backs until the play."""
    deck, ups = stack(S_TABLES, S_HANDS)
    game = parlour.load("viashi", elvish=True)
    state = game.new_state(seed=1, deck=deck)
    for card in ups[:6]:
        state.apply(UP[card])
    scene = game.scene(view_of(state, 0))
    assert scene["hand"]["items"] == [{"cards": [None]}, {"cards": [None]}]
    assert "1G" not in list(scene_cards(scene)) and "2G" not in list(scene_cards(scene))
    assert any(f["label"] == "Elvish rule" for f in scene["info"])


def test_a_lead_is_picked_from_the_hand_or_from_the_table():
    """"The leader chooses to play a card into the middle of the table, from his hand, or from
    his table cards": the card tapped in the hand plays it from the hand, on the table from it."""
    state = dealt("viashi", S_TABLES, S_HANDS)
    leader = state.current_player
    assert leader == 2  # the last to draw
    view = view_of(state, leader)
    moves = moves_by_text(state.game, view, state)
    assert moves["hand 1R"]["picks"] == [["1R"]]
    assert moves["table 1B"]["picks"] == [["1B"]]
    scene = state.game.scene(view)
    assert scene["say"] == "Lead a card from your hand or from your table"
    assert scene["seats"][leader]["zones"][0] == {
        "kind": "row", "label": "Table", "items": [{"cards": [c]} for c in suit("B")]}


def test_no_card_of_the_suit_led_says_so_and_the_capture_is_shown_dim_after():
    """"They must play the same suit as the leader played if they have that suit": seat 0 has no
    Flames in his hand and is told he may play any card from it. After the capture each seat's
    card stays before it, dim, the capturer's marked."""
    state = dealt("viashi", S_TABLES, S_HANDS)
    state.apply(state.game.parse_action(state, "hand 1R"))
    view = view_of(state, 0)
    scene = state.game.scene(view)
    assert scene["say"] == "No Flames in your hand: play any card from it"
    facts = {f["label"]: f for f in scene["info"]}
    assert facts["Capture from"]["text"] == "the hands"
    assert facts["Lead suit"] == {"label": "Lead suit", "text": "Flames", "suit": "R"}
    assert scene["seats"][2]["played"]["items"] == [{"cards": ["1R"]}]
    for text in ("hand 9G", "hand 9W"):
        state.apply(state.game.parse_action(state, text))
    scene = state.game.scene(view_of(state, 2))
    played = [seat["played"] for seat in scene["seats"]]
    assert all(p["dim"] for p in played)
    assert played[2]["items"] == [{"cards": ["1R"], "label": "took"}]
    assert "1 trick" in scene["seats"][2]["badges"]
    owned = scene["seats"][2]["zones"][-1]
    assert owned["label"] == "Owned" and owned["items"][0]["count"] == 3


def test_viashilym_teams_and_a_table_card_whose_twin_is_in_the_hand():
    """"the players form three teams, each player being seated directly opposite his or her
    teammate" (teams of seats i and i+3). With two decks a card may lie on a seat's table while its
    twin is in his hand: the table card is picked as its place, the hand card as the card."""
    cards = suit("W") + suit("R") + suit("P") + suit("B") + suit("G") + list(GODS)
    tables = [cards[9 * s:9 * s + 9] for s in range(6)]
    state = dealt("viashilym", tables, tables)
    seat = state.current_player
    assert seat == 5
    view = view_of(state, seat)
    scene = state.game.scene(view)
    assert "team with seat 2" in scene["seats"][5]["badges"]
    assert "team with seat 3" in scene["seats"][0]["badges"]
    table = scene["seats"][5]["zones"][0]
    assert [i["pick"] for i in table["items"]] == [f"@table-{c}" for c in GODS]
    moves = moves_by_text(state.game, view, state)
    assert moves["table Lady"]["picks"] == [["@table-Lady"]]
    assert moves["hand Lady"]["picks"] == [["Lady"]]
