"""Loot's table in the room (parlour/core/scene.py): what the scene shows and how each move is
picked on it, from stacked decks (seed 003, Loot; GAMES.md, Loot / Plunder)."""


import parlour
from parlour.core.cards import VIASHI_CARDS
from parlour.core.scene import at_table, scene_cards
from parlour.games.loot import DISCARDS, DRAW, FIRE, PASS, TAKE

H0 = ["1W", "2W", "3W", "4W", "6R", "6P", "6B", "9G", "Lady"]
H1 = ["1R", "2R", "3R", "5W", "5R", "7P", "7B", "8P", "9P"]
H2 = ["1P", "2P", "3P", "4P", "5P", "1B", "2B", "3B", "4B"]


def new(players=3, **options):
    hands = [H0, H1, H2][:players]
    deck = [hand[i] for i in range(9) for hand in hands] + ["7W", "9W", "8W", "7G"]
    deck += [c for c in VIASHI_CARDS if c not in deck]
    game = parlour.load("loot", players=players, **options)
    return game.new_state(seed=1, deck=deck)


def table(state, seat=None):
    """The scene and the table's moves of the seat (the one to act by default), as the room
    sends them."""
    _, scene, _, moves = at_table(state, state.current_player if seat is None else seat)
    return scene, {m["text"]: m["picks"] for m in moves}


def test_draw_and_take_are_taps_on_the_piles():
    """'Each player takes turns taking the top card of either the draw or the discard pile':
    tapping the draw pile draws, tapping the discard pile takes its top card (7W, face up)."""
    state = new()
    scene, moves = table(state)
    assert moves["draw"] == [["@stock"]] and moves["take"] == [["@discard"]]
    stock, discard = scene["centre"]
    assert stock["items"][0]["pick"] == "@stock" and stock["items"][0]["cards"] == [None]
    assert discard["items"][0] == {"cards": ["7W"], "count": 1, "pick": "@discard"}
    assert scene["say"] == "Draw a card or take the top discard"


def test_a_discard_is_the_card_then_the_discard_pile_and_stays_before_its_seat():
    """'... and then discarding one card by placing it on the discard pile': tap 6R, then the
    discard pile; the seat's last discard is then drawn before it."""
    state = new()
    state.apply(DRAW)
    scene, moves = table(state)
    assert moves["discard 6R"] == [["6R"], ["@discard"]]
    drawn = [i for i in scene["hand"]["items"] if i.get("badges") == ["drawn"]]
    assert [i["cards"] for i in drawn] == [["9W"]]
    state.apply(DISCARDS["6R"])
    scene, _ = table(state, seat=1)
    assert scene["seats"][0]["played"]["items"][0]["cards"] == ["6R"]
    assert scene["centre"][1]["items"][0]["cards"] == ["6R"]


def test_no_hidden_card_is_on_another_seats_table_but_a_taken_one_is():
    """A hand is secret until 'all players must immediately reveal their hands' at the firing;
    a card taken from the discard pile was seen by all, and is shown by its taker."""
    state = new()
    state.apply(TAKE)  # seat 0 takes the 7W everyone saw
    state.apply(DISCARDS["9G"])
    scene, _ = table(state, seat=1)
    shown = set(scene_cards(scene))
    assert not shown & (set(H0) - {"9G"})
    assert scene["seats"][0]["zones"][0]["items"][0]["cards"] == ["7W"]


def test_fire_the_village_is_a_button_once_everyone_has_had_a_turn():
    """'After each player has played at least one turn, any player may announce that they have
    fired the village at any time.' Right after another player's discard the seat is asked."""
    state = new()
    for seat in range(3):
        state.apply(DRAW)
        state.apply(DISCARDS[state.hands[seat][-1]])
    asked = []
    while state.phase == "fire":  # seat 2 after its own discard, then seat 1
        scene, moves = table(state)
        assert moves == {"fire": [], "pass": []}
        asked.append(scene["say"])
        state.apply(PASS)
    assert asked == ["Fire the village now, or pass",
                     "Seat 2 discarded 7G: fire the village now, or pass"]
    scene, moves = table(state)
    assert moves["fire"] == [] and FIRE in state.legal_actions()
    assert scene["say"] == "Draw or take the top discard, or fire the village"


def test_the_gods_known_are_shown_in_the_seeds_words():
    """'Any god card that was in hand at the firing of the village effects the scoring ...
    The Lady - runs are worth double points.' Seat 0 holds the Lady; seat 1 does not know it."""
    state = new()
    scene, _ = table(state, seat=0)
    assert {"label": "Lady", "text": "runs are worth double"} in scene["info"]
    assert any(f["label"] == "Your hand scores" for f in scene["info"])
    scene, _ = table(state, seat=1)
    assert not any(f["label"] == "Lady" for f in scene["info"])
