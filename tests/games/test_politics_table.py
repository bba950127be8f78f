"""The Politics table (issue 28): the scene drawn from a seat's view and the picks of its moves.
Positions are stacked as in test_politics.py: the deck starts with the nine row cards, seats 0, 1,
2 choose Winds, Flames, Stones."""


from test_politics import ROW, act, start

import parlour
from parlour.core.scene import as_sent, table_moves


def seen(state, seat):
    view = as_sent(state.view(seat))
    game = state.game
    return game.scene(view), {m["text"]: m for m in table_moves(game, view,
                                                                 state.legal_actions())}


def row_zone(scene):
    return next(z for z in scene["centre"] if z.get("label") == "The row")


def test_the_row_is_one_zone_of_nine_places_with_owners_and_markers():
    """"Continue until one card of each rank is laid out in order on the table" (seed): one
    zone of nine cards picked as places 1..9 (the notation's "place 3 on 5"), each in its
    owner's colour, with every seat's markers on it."""
    state = start()
    act(state, "place 2 on 1", "place 1 on 7")
    scene, _ = seen(state, 1)
    items = row_zone(scene)["items"]
    assert [i["cards"] for i in items] == [[c] for c in ROW]
    assert [i["pick"] for i in items] == [f"@{p}" for p in range(1, 10)]
    assert [i["seat"] for i in items] == [0, 0, 1, 2, 0, 1, 1, 2, 0]
    assert items[0]["marks"] == [{"seat": 0, "kind": "marker"}] and items[0]["badges"] == ["2"]
    assert items[6]["badges"] == ["1"] and "marks" not in items[1]
    assert scene["family"] == "row"
    assert [e["score"] for e in scene["seats"]] == ["0", "0", "0"]
    assert "Winds" in scene["seats"][0]["badges"] and "9 in pool" in scene["seats"][0]["badges"]


def test_placing_markers_is_the_card_then_how_many():
    """"1. Placing Influence Markers" (seed); "a card adjacent to one of your own takes no
    markers of yours; other cards take at most their distance to your nearest card"
    (GAMES.md): tap place 7 then "2 markers" makes "place 2 on 7"; place 3, next to the
    Winds King, is dimmed and has no move."""
    state = start()
    scene, moves = seen(state, 0)
    assert moves["place 2 on 7"]["picks"] == [["@7"], ["=2"]]
    assert state.game.choice_text("=2") == {"text": "2 markers"}
    assert not any(m["picks"][0] == ["@3"] for m in moves.values() if m["picks"])
    assert row_zone(scene)["items"][2].get("dim") is True
    assert moves["done"]["picks"] == []
    assert scene["say"].startswith("Tap a card to place markers on it")


def test_the_cup_is_tapped_to_put_markers_in_and_revolt_choices_are_buttons():
    """"Everyone with markers on the card may put as many of them as he likes in the cup"
    (GAMES.md): tap the cup, then how many ("none" for 0). The drawn owner "takes over the card
    ..., swaps it with a neighbour, or leaves it": buttons."""
    state = start()
    act(state, "place 3 on 9", "done", "done", "done")
    assert state.phase == "cup" and state.current_player == 0
    scene, moves = seen(state, 0)
    cup = next(z for z in scene["centre"] if z.get("label") == "Cup")
    assert cup["kind"] == "pile" and cup["items"][0]["pick"] == "@cup"
    assert moves["put 3"]["picks"] == [["@cup"], ["=3"]]
    assert state.game.choice_text("=0") == {"text": "none"}
    assert "Revolt at 9W" in scene["say"]
    act(state, "put 3")
    assert state.phase == "revolt" and state.current_player == 0
    scene, moves = seen(state, 0)
    assert all(moves[m]["picks"] == [] for m in ("swap left", "leave"))
    assert "swap right" not in moves  # place 9 has no right neighbour
    assert scene["seats"][0]["note"] == "marker drawn"


def test_the_suits_are_chosen_by_name_and_no_engine_counter_is_shown():
    """"Each player chooses a suit" (seed): the free suits are named places; the round cap
    (the engine's guard, not in the seed) is not shown."""
    game = parlour.load("politics", players=3, round_cap=12)
    state = game.new_state(seed=1)
    act(state, "choose R")
    scene, moves = seen(state, 1)
    suits = scene["centre"][0]["items"]
    assert [i["badges"] for i in suits] == [["Winds"], ["Flames"], ["Stones"], ["Waves"],
                                            ["Leaves"]]
    assert suits[1]["seat"] == 0 and suits[1]["dim"] and suits[1]["label"] == "seat 0"
    assert moves["choose W"]["picks"] == [["@W"]] and "choose R" not in moves
    assert not any("12" in str(f["text"]) or "cap" in f["label"].lower()
                   for f in scene["info"])
