"""Izind's table in the room (issue 28): the scene each seat sees and the picks that make its moves,
from stacked decks. Each test quotes the rule sentence or the issue sentence it checks.

A stacked deck is dealt the way the game deals it: every 1 starts a tower in deck order (0a, 1a,
0b, 1b), then three cards to each seat alternately from seat 0, then the draw pile, top first."""

from collections import Counter

import parlour
from parlour.core.scene import as_sent, scene_cards, table_moves

ONES = ["1bat", "1shark", "1tapir", "1snake"]  # 0a, 1a, 0b, 1b; 0c and 1c are the wildcards


def new(hand0, hand1, pile=(), **options):
    game = parlour.load("izind", **options)
    used = ONES + list(hand0) + list(hand1) + list(pile)
    rest = [c for c in game.deck().cards if c not in used]
    deck = ONES + [c for pair in zip(hand0, hand1) for c in pair] + list(pile) + rest
    assert Counter(deck) == Counter(game.deck().cards)
    return game, game.new_state(deck=deck)


def scene_of(game, state, seat):
    view = as_sent(state.view(seat))
    return view, game.scene(view)



def towers(scene, seat):
    (lanes,) = [z for z in scene["seats"][seat]["zones"] if z["kind"] == "lanes"]
    return {it["pick"]: it for it in lanes["items"]}


def test_a_play_is_the_card_then_the_tower_it_goes_on():
    """"Each turn: play one card on any tower, yours or the opponent's" (GAMES.md); "a play =
    tap the card in hand, tap the tower" (the brief): 2bat goes on 0a (1bat) or either wildcard,
    and each of those moves is its card and then that tower's place."""
    game, state = new(["2bat", "5shark", "7snake"], ["3tapir", "4tapir", "6tapir"])
    view, scene = scene_of(game, state, 0)
    moves = {m["text"]: m["picks"] for m in table_moves(game, view, state.legal_actions())}
    assert moves["2bat on 0a"] == [["2bat"], ["@0a"]]
    assert moves["2bat on 1c"] == [["2bat"], ["@1c"]]
    # The towers are in their owners' boxes, labelled as the notation names their lanes.
    mine, theirs = towers(scene, 0), towers(scene, 1)
    assert mine["@0a"]["cards"] == ["1bat"] and mine["@0a"]["label"] == "a"
    assert theirs["@1c"]["cards"] == [] and theirs["@1c"]["badges"] == ["wildcard"]
    assert scene["say"] == "Play a card on a tower, yours or your opponent's"
    assert scene["family"] == "lanes"


def test_the_tower_cascades_with_its_top_card_last_and_the_last_play_is_shown():
    """"+1 number and same or next suit in the cycle" (GAMES.md): 2bat then 3tapir on 0a make
    the tower 1bat 2bat 3tapir, top card last; each seat's last play lies before it."""
    game, state = new(["2bat", "5shark", "7snake"], ["3tapir", "4tapir", "6tapir"])
    state.apply(game.parse_action(state, "2bat on 0a"))
    state.apply(game.parse_action(state, "3tapir on 0a"))
    view, scene = scene_of(game, state, 0)
    assert towers(scene, 0)["@0a"]["cards"] == ["1bat", "2bat", "3tapir"]
    played = scene["seats"][1]["played"]
    assert played["items"][0]["cards"] == ["3tapir"]
    assert played["items"][0]["label"] == "on seat 0's a"
    assert scene["seats"][0]["played"]["items"][0]["label"] == "on a"


def test_no_card_fits_says_redraw_or_pass_and_both_are_buttons():
    """"No valid play: the player may discard the hand and draw a new one, at most twice a turn;
    still none: pass" (GAMES.md); the brief: "When no card fits: say 'No card fits: redraw or
    pass' with redraw/pass as buttons"."""
    game, state = new(["5bat", "6snake", "7shark"], ["3tapir", "4tapir", "6tapir"])
    view, scene = scene_of(game, state, 0)
    assert scene["say"] == "No card fits: redraw or pass"
    moves = table_moves(game, view, state.legal_actions())
    assert sorted(m["text"] for m in moves) == ["pass", "redraw"]
    assert all(m["picks"] == [] for m in moves)
    # The deck lies face down, the discard pile face up, in the centre.
    deck, discard = scene["centre"]
    assert deck["kind"] == "pile" and deck["items"][0]["cards"] == [None]
    assert deck["items"][0]["count"] == view["deck_count"]
    assert discard["label"] == "Discard pile" and discard["items"][0]["count"] == 0


def test_passes_are_counted_under_the_seat():
    """"Pass; a fourth pass loses" (GAMES.md): after seat 0's first pass its box says so, and the
    seat not to act is asked nothing."""
    game, state = new(["5bat", "6snake", "7shark"], ["3tapir", "4tapir", "6tapir"])
    state.apply(game.parse_action(state, "pass"))
    view, scene = scene_of(game, state, 0)
    assert scene["seats"][0]["note"] == "1 pass of 3"
    assert scene["seats"][1]["note"] is None
    assert scene["say"] is None


def test_the_opponents_hand_is_never_drawn():
    """"What a seat may know: towers, the discard pile (face up), counts; its own hand only"
    (izind.py): seat 1's cards are backs with a count, and a spectator sees no hand at all."""
    game, state = new(["5bat", "6snake", "7shark"], ["3tapir", "4tapir", "9tapir"])
    view, scene = scene_of(game, state, 0)
    shown = set(scene_cards(scene))
    assert not shown & {"3tapir", "4tapir", "9tapir"}
    assert scene["seats"][1]["count"] == 3
    assert sorted(c["cards"][0] for c in scene["hand"]["items"]) == ["5bat", "6snake", "7shark"]
    _, watched = scene_of(game, state, None)
    assert watched["hand"] is None and watched["say"] is None
    assert not set(scene_cards(watched)) & {"5bat", "6snake", "7shark", "3tapir", "4tapir"}


def test_a_seats_last_play_is_kept_through_redraws_and_gone_after_a_pass():
    """"No valid play: the player may discard the hand and draw a new one, at most twice a turn;
    still none: pass" (GAMES.md): seat 0's 2bat stays before him while seat 1 redraws twice and
    passes and he redraws twice himself, kept in the view, not read from the log; his own pass
    then leaves him no last play. (Izind's log keeps more lines than can come between a play and
    the same seat's next play or pass, but for a run of reshuffles no seeded game has reached.)"""
    nothing_fits = ["8snake", "5tapir", "6bat", "7tapir", "8bat", "9shark", "4bat", "9bat",
                    "6shark", "8tapir", "4shark", "5snake", "9tapir"]
    game, state = new(["2bat", "5shark", "7snake"], ["5bat", "6snake", "7shark"], nothing_fits)
    for text in ["2bat on 0a", "redraw", "redraw", "pass", "redraw", "redraw"]:
        state.apply(game.parse_action(state, text))
    view, scene = scene_of(game, state, 0)
    assert view["last_plays"] == [{"card": "2bat", "owner": 0, "lane": 0}, None]
    assert all(state.view(s)["last_plays"] == view["last_plays"] for s in (1, None))
    assert scene["seats"][0]["played"]["items"] == [{"cards": ["2bat"], "label": "on a"}]
    assert scene["seats"][1]["played"] is None
    state.apply(game.parse_action(state, "pass"))
    view, scene = scene_of(game, state, 1)
    assert view["last_plays"] == [None, None] and scene["seats"][0]["played"] is None
