"""Changelands' table in the room (issue 28): the scene each seat sees and the picks that make its
moves, from stacked decks. Each test quotes the rule sentence or the issue sentence it checks.

A stacked deck is read the way the game deals it: the top 25 cards make the field row by row from
the north-west corner (a5 b5 .. e5, then a4 .. e4, down to e1), then four cards to each seat round
robin from seat 0, then the draw pile (seat 0 draws its top card at once)."""

from collections import Counter

import parlour
from parlour.core.cards import VIASHI_CARDS
from parlour.core.scene import as_sent, table_moves
from parlour.games.changelands import LOG_SHOWN, is_flame, parse_cell


def new(squares=None, players=2):
    """A game whose field holds `squares` (name -> card; the other squares no flames)."""
    squares = {parse_cell(name): card for name, card in (squares or {}).items()}
    free = [c for c in VIASHI_CARDS if c not in squares.values()]
    field = []
    for square in range(25):
        card = squares.get(square) or next(c for c in free if not is_flame(c))
        if card in free:
            free.remove(card)
        field.append(card)
    deck = field + free
    assert Counter(deck) == Counter(VIASHI_CARDS)
    game = parlour.load("changelands", players=players)
    return game, game.new_state(seed=1, deck=deck)


def scene_of(game, state, seat):
    view = as_sent(state.view(seat))
    return view, game.scene(view)


def moves_of(game, state):
    view = as_sent(state.view(state.current_player))
    return {m["text"]: m["picks"] for m in table_moves(game, view, state.legal_actions())}


def test_the_field_is_one_grid_with_the_far_row_at_the_top():
    """"The grid is aligned to the compass, with north at the top of the drawing. Squares are
    named like a chess board: files a-e from west to east, ranks 1-5 from south to north"
    (docs/rules/changelands.md): 25 cells in 5 columns, a5 first and e1 last, the markers on their
    start corners and the goals marked."""
    game, state = new()
    view, scene = scene_of(game, state, 0)
    (field,) = [z for z in scene["centre"] if z["kind"] == "grid"]
    assert field["columns"] == 5 and len(field["items"]) == 25
    picks = [it["pick"] for it in field["items"]]
    assert picks[:5] == ["@a5", "@b5", "@c5", "@d5", "@e5"] and picks[-1] == "@e1"
    assert [it["cards"] for it in field["items"]] == [[c] for r in view["field"] for c in r]
    marks = {it["pick"]: it.get("marks", []) for it in field["items"]}
    # Seat 0 sits south: start e1, goal a5; seat 1 north: start a5, goal e1.
    assert {"seat": 0, "kind": "marker"} in marks["@e1"]
    assert {"seat": 1, "kind": "goal"} in marks["@e1"]
    assert {"seat": 0, "kind": "goal"} in marks["@a5"]
    assert {"seat": 1, "kind": "marker"} in marks["@a5"]
    assert [s["note"] for s in scene["seats"]] == ["sits south", "sits north"]


def test_the_field_carries_its_square_names_along_its_edges():
    """"Squares are named like a chess board: files a-e from west to east, ranks 1-5 from south to
    north" (docs/rules/changelands.md): the seats' notes say "on c1", so the drawn field names its
    files along the top and its ranks down the side, each cell under the names it is picked by."""
    game, state = new()
    _, scene = scene_of(game, state, 0)
    (field,) = [z for z in scene["centre"] if z["kind"] == "grid"]
    files, ranks = field["axes"]["columns"], field["axes"]["rows"]
    assert files == list("abcde") and ranks == list("54321")
    for k, it in enumerate(field["items"]):
        assert it["pick"] == "@" + files[k % 5] + ranks[k // 5]


def test_a_change_is_the_card_then_the_square():
    """"Replace one card of the field that has no marker on it with a card from the hand"
    (changelands.py); the brief: "a replace move '1R a5' = tap the card, tap the cell": every
    change is two picks, no buttons, and no change names seat 1's square a5."""
    game, state = new()
    view, scene = scene_of(game, state, 0)
    moves = moves_of(game, state)
    card = view["hand"][0]
    assert moves[f"{card} c3"] == [[card], ["@c3"]]
    assert all(len(picks) == 2 for picks in moves.values())
    assert not any(picks[1] == ["@a5"] for picks in moves.values())
    assert scene["say"] == "Put a card from your hand on a square without a marker"


def test_a_step_is_picked_on_the_square_the_marker_steps_to():
    """"Each step in the direction of the card stood on (wind north, leaf south, stone east, wave
    west, god any one)" (GAMES.md): seat 0 on a god at e1 may step north to e2 or west to d1;
    each step is a tap on that square, and stop is a button."""
    game, state = new({"e1": "Lady", "e2": "5G", "d1": "5P"})
    card = state.view(0)["hand"][0]
    state.apply(game.parse_action(state, f"{card} c3"))
    moves = moves_of(game, state)
    assert moves == {"n": [["@e2"]], "w": [["@d1"]], "stop": []}
    _, scene = scene_of(game, state, 0)
    assert scene["say"] == "Step your marker up to 3 times, or stop"
    # The change is kept before the seat until it changes a card again.
    assert scene["seats"][0]["played"]["items"][0] == {"cards": [card], "label": "on c3"}


def test_other_hands_are_never_drawn():
    """"What a seat may know: the whole field, the markers, the discard pile (face up); its own
    hand only" (changelands.py): seat 1's cards are a count, and a spectator sees no hand."""
    game, state = new()
    _, scene = scene_of(game, state, 0)
    drawn = set()

    def walk(value):
        if isinstance(value, dict):
            drawn.update(c for c in value.get("cards", []) if c)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(scene)
    assert not drawn & set(state.hands[1])
    assert scene["seats"][1]["count"] == 4
    _, watched = scene_of(game, state, None)
    assert watched["hand"] is None and watched["say"] is None


def test_a_seats_last_change_stays_on_the_table_after_the_log_has_moved_on():
    """"Every turn, each player changes one card of the field" (docs/rules/changelands.md): seat
    0's change is still shown before him when his turn comes round again, though the other three
    seats' changes and steps have pushed it out of the log's last lines."""
    # Each start corner points along its side: seat 0 (e1) west, seat 1 (a5) east, seat 2 (e5)
    # south, seat 3 (a1) north, for three steps each, onto cards that point on into the field.
    sides = {"e1": "1B", "d1": "2B", "c1": "3B", "b1": "4W", "a5": "1P", "b5": "2P", "c5": "3P",
             "d5": "4G", "e5": "1G", "e4": "2G", "e3": "3G", "e2": "4B", "a1": "1W", "a2": "2W",
             "a3": "3W", "a4": "4P"}
    game, state = new(sides, players=4)
    for text in ["7B c3", "w", "w", "w", "9P c4", "e", "e", "e", "5B c2", "s", "s", "s",
                 "6B b3", "n", "n", "n"]:
        state.apply(game.parse_action(state, text))
    view, scene = scene_of(game, state, 0)
    assert state.current_player == 0 and view["phase"] == "replace"
    assert len(view["log"]) == LOG_SHOWN and not any("7B" in line for line in view["log"])
    played = [s["played"]["items"][0] for s in scene["seats"]]
    assert [(p["cards"], p["label"]) for p in played] == [
        (["7B"], "on c3"), (["9P"], "on c4"), (["5B"], "on c2"), (["6B"], "on b3")]
    # Every seat and the onlooker see the same changes.
    assert all(state.view(s)["last_changes"] == view["last_changes"] for s in (1, 2, 3, None))
