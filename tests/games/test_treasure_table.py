"""Treasure's table in the room (parlour/core/scene.py): the melds before their owners, the
gods' effects on them, and how each move is picked, from stacked decks (seed 003, Treasure;
GAMES.md, Treasure)."""

from collections import Counter

from test_treasure import start

from parlour.core.scene import at_table
from parlour.games.treasure import CLOSE, DISCARDS, OPENS, Lay


def table(state, seat=None):
    """The scene and the table's moves of the seat (the one to act by default), as the room
    sends them."""
    _, scene, _, moves = at_table(state, state.current_player if seat is None else seat)
    return scene, {m["text"]: m["picks"] for m in moves}


def tabled(state, kind, *cards):
    state.apply(OPENS[kind])
    for card in cards:
        name, _, as_ = card.partition("=")
        state.apply(Lay(name, as_ or None))
    state.apply(CLOSE)


def melds_of(scene, seat):
    return [i for z in scene["seats"][seat]["zones"] for i in z["items"] if "pick" in i]


def test_the_discard_pile_is_tapped_then_the_top_card_or_the_whole_pile_chosen():
    """'A player may pick up the entire discard pile instead of only the top card.' Tapping
    the discard pile offers both; every card of the pile is shown, since all of it may be
    taken."""
    state = start(["1W"], ["2W"], up="9G")
    state.apply(DISCARDS["1W"])
    scene, moves = table(state)
    assert moves["take"] == [["@discard"], ["=top"]]
    assert moves["take pile"] == [["@discard"], ["=pile"]]
    assert moves["draw"] == [["@stock"]]
    assert state.game.choice_text("=pile") == {"text": "the whole pile"}
    assert scene["centre"][1]["items"][0]["cards"] == ["9G", "1W"]


def test_adding_to_a_meld_is_the_card_then_the_meld_and_a_discard_the_card_then_the_pile():
    """'A player may also remove cards from their hand, that can be combined with their tabled
    cards, and add them to those combinations.' 4G goes onto the run by tapping 4G then the
    run (meld 1); the same card onto the discard pile is a move of its own."""
    state = start(["5W", "6R", "7P", "8B", "4G", "9W"])
    tabled(state, "run", "5W", "6R", "7P", "8B")
    scene, moves = table(state)
    assert moves["add 4G to 1"] == [["4G"], ["@meld1"]]
    assert moves["discard 4G"] == [["4G"], ["@discard"]]
    (run,) = melds_of(scene, 0)
    assert run["pick"] == "@meld1" and run["label"] == "run"
    assert run["cards"] == ["5W", "6R", "7P", "8B"]
    assert {"open run", "open set", "open color", "close"} >= {
        text for text, picks in moves.items() if not picks}


def test_a_meld_being_tabled_is_laid_card_by_card_onto_it():
    """'if a player has three cards the same rank (a set) ... they may place them on the
    table': open the set (a button), tap each card then the new set, then close it."""
    state = start(["3W", "3R", "3B", "9G"])
    state.apply(OPENS["set"])
    scene, moves = table(state)
    assert moves["lay 3W"] == [["3W"], ["@new"]]
    assert scene["say"] == "Lay 3 more cards into your new set: tap a card, then the set"
    (new,) = melds_of(scene, 0)
    assert new["pick"] == "@new" and new["label"] == "new set" and new["cards"] == []
    for card in ("3W", "3R", "3B"):
        state.apply(Lay(card))
    scene, moves = table(state)
    assert moves["close"] == []
    assert scene["say"] == "Lay more cards into your new set, or close it"


def test_a_gods_effect_is_a_badge_on_its_meld():
    """'If the Lady is played in a set, all runs are worth double points.'"""
    state = start(["Lady", "1W", "1R", "5W", "6R", "7P", "8B"])
    tabled(state, "set", "Lady", "1W", "1R")
    scene, _ = table(state, seat=1)
    (lady_set,) = melds_of(scene, 0)
    assert lady_set["badges"] == ["Lady: runs double"]
    assert scene["seats"][0]["score"] == "12"  # 'cards on the table are worth 4 points each'


def test_a_changing_card_is_laid_with_a_choice_of_what_it_stands_for():
    """'If the Thief is played in a run, rock cards (purple) may change rank.' Laying 3P into a
    set of nines: tap 3P, the new set, then the choice "as 9P"."""
    state = start(["Thief", "5R", "6B", "7W", "9W", "9R", "3P"])
    tabled(state, "run", "Thief", "5R", "6B", "7W")
    state.apply(OPENS["set"])
    state.apply(Lay("9W"))
    state.apply(Lay("9R"))
    scene, moves = table(state)
    assert moves["lay 3P=9P"] == [["3P"], ["@new"], ["=9P"]]
    assert state.game.choice_text("=9P") == {"text": "as 9P", "suit": "P"}
    (run, _) = melds_of(scene, 0)
    assert run["badges"] == ["Thief: stones change rank"]
    assert run["cards"] == ["Thief", "5R", "6B", "7W"]  # the Thief stands for a 4


def test_no_hidden_card_is_on_another_seats_table():
    """Hands are secret until play ends ('Cards in the hand ... are worth negative their rank
    number' is counted then): seat 1 sees seat 0's tabled cards, never its hand."""
    state = start(["5W", "6R", "7P", "8B", "4G", "9W", "2R", "3B", "1G"])
    tabled(state, "run", "5W", "6R", "7P", "8B")
    scene, _ = table(state, seat=1)
    shown = Counter()
    for zone in scene["seats"][0]["zones"]:
        for it in zone["items"]:
            shown.update(it["cards"])
    assert set(shown) == {"5W", "6R", "7P", "8B"}
    assert scene["hand"]["items"] and not {"4G", "9W", "2R", "3B", "1G"} & {
        c for i in scene["hand"]["items"] for c in i["cards"]}
