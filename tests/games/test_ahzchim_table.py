"""Ahzchim's table (issue 28): the scene drawn from a seat's view and the taps that make each move,
from stacked decks. Docstrings quote the rule or issue sentence each checks."""


import parlour
from parlour.core.cards import AHZCHIM_CHIPS, FRENCH_52
from parlour.core.scene import as_sent, scene_cards, scene_places, table_moves


def stack(players, hands, pord=(), chips=False):
    """A deck dealing `hands` (other seats get non-hearts in deck order), `pord` on top."""
    deck = AHZCHIM_CHIPS if chips else FRENCH_52
    rest = list(deck.cards)
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for card in [c for h in hands for c in h] + list(pord):
        rest.remove(card)
    for hand in hands:
        while len(hand) < 5:
            card = next(c for c in rest if not (c.startswith("Z") if chips else c.endswith("H")))
            rest.remove(card)
            hand.append(card)
    return [hands[s][k] for k in range(5) for s in range(players)] + list(pord) + rest


def new(players, hands, pord=(), **options):
    game = parlour.load("ahzchim", players=players, **options)
    return game.new_state(seed=1, deck=stack(players, hands, pord, options.get("chips", False)))


def view_of(state, seat):
    return as_sent(state.view(seat))


def moves_of(state):
    seat = state.current_player
    return table_moves(state.game, view_of(state, seat), state.legal_actions())


def fits(move, keys):
    """The page's rule (table.js fit): every key picked fills its own slot of the move."""
    def go(k, used):
        if k == len(keys):
            return True
        return any(keys[k] in slot and go(k + 1, used | {i})
                   for i, slot in enumerate(move["picks"]) if i not in used)
    return go(0, frozenset())


def tapped(state, *keys):
    """The one move these taps complete."""
    done = [m for m in moves_of(state) if len(m["picks"]) == len(keys) and fits(m, keys)]
    assert len(done) == 1, done
    return done[0]["text"]



A = ["9S", "5D", "9C", "7H", "3D"]   # seat 0: 7H laid out
B = ["8H", "4S", "4D", "3C", "6C"]   # seat 1: 8H laid out


def test_attack_is_the_spade_then_the_enemy_zahahnie():
    """"When a player attacks another player's Zahahnie they place the Spade on top of the
    Zahahnie they want to take." The attack is: tap the spade in hand, tap the enemy Zahahnie
    (issue: "an attack is: tap the spade in hand, tap the enemy Zahahnie")."""
    s = new(2, [A, B])
    scene = s.game.scene(view_of(s, 0))
    village = scene["seats"][1]["zones"][0]
    assert village["items"][0]["cards"] == ["8H"] and village["items"][0]["pick"] == "@1:8H"
    assert tapped(s, "9S", "@1:8H", "=attack") == "attack 8H of 1 with 9S"
    # The same two taps with the trade button offer the spade for the Zahahnie instead.
    assert tapped(s, "9S", "@1:8H", "=trade") == "offer 9S for 8H of 1"
    assert tapped(s, "5D", "@1:8H", "=raze") == "raze 8H of 1 with 5D"


def test_buy_is_the_diamond_then_the_pord_and_build_the_club_on_your_zahahnie():
    """"The two through the nine of Diamonds will allow the player to "buy" one card from the Pord
    deck." "To do this the player places the Roke Zibahl face up on his or her Zahahnie." """
    s = new(2, [A, B])
    assert tapped(s, "5D", "@pord") == "buy 5D"
    assert tapped(s, "9C", "@0:7H") == "build 9C on 7H"


def test_first_turn_has_no_dropdown_every_move_in_four_taps():
    """"No list or dropdown of more than 12 moves anywhere; every legal move reachable in at most
    4 taps." (issue 28) The first turn's hundreds of moves are all picked on the table."""
    s = new(4, [A, B])
    moves = moves_of(s)
    assert len(moves) > 100
    assert not [m for m in moves if not m["picks"]]
    assert all(len(m["picks"]) <= 4 for m in moves)
    drawn = set(scene_places(s.game.scene(view_of(s, 0))))
    assert {k for m in moves for slot in m["picks"] for k in slot if k[0] == "@"} <= drawn


def test_asking_for_a_card_unseen_in_a_hand():
    """Trade: "each side's card from his hand or his Zahahnie on the table; the player on turn
    names both cards" (GAMES.md). A card asked from a hand: your card, the other's hand, the
    rank asked for, then the kind."""
    s = new(2, [A, B])
    assert tapped(s, "9S", "@1:hand", "@ask:J", "=kind:R") == "offer 9S for JS of 1"
    assert tapped(s, "@0:7H", "@1:hand", "@ask:2", "=kind:R") == "offer 7H for 2S of 1"


def test_the_defender_is_told_what_attacks_what_and_defends_on_his_zahahnie():
    """"If the attacking Rahziembiz overcomes the Roke Zibahl, the Zahahnie may be defended by
    placing a larger Rahziembiz on the attacking Rahziembiz." The say line names the attack; the
    defence is the higher spade tapped, then the attacked Zahahnie."""
    s = new(2, [["5S", "5D", "9C", "7H", "3D"], ["8H", "JS", "4D", "3C", "6C"]])
    s.apply(s.game.parse_action(s, "attack 8H of 1 with 5S"))
    scene = s.game.scene(view_of(s, 1))
    assert scene["say"].startswith("Seat 0 attacks your 8H with 5S")
    assert scene["seats"][0]["played"]["items"][0]["cards"] == ["5S"]
    target = scene["seats"][1]["zones"][0]["items"][0]
    assert target["marks"] == [{"seat": 0, "kind": "marker"}]
    assert tapped(s, "JS", "@1:8H") == "defend with JS"
    assert [m["text"] for m in moves_of(s) if not m["picks"]] == ["yield"]
    assert s.game.scene(view_of(s, 0))["say"] is None


def test_no_hidden_card_on_the_table():
    """"Built from the view dict alone (the JSON the seat may see)" (issue 28): seat 0 never sees
    seat 1's hand or the Pord on the table."""
    s = new(2, [A, B])
    drawn = (set(scene_cards(s.game.scene(view_of(s, 0))))
             | set(scene_cards(s.game.scene(view_of(s, None)))))
    assert not drawn & (set(s.hands[1]) | set(s.pord))


def test_chips_forts_are_shown_on_their_zahahnie_and_attacked_there():
    """Chip variant: "same rules, values from the chips" (GAMES.md); a Zahahnie is told by its fort
    ("attack Z1/K5+ of 2 with R9"), and the item shows the fort with its value."""
    s = new(2, [["R9", "P1", "K5", "Z1", "P2"], ["Z2", "R4", "P3", "K3", "K6"]], chips=True)
    s.apply(s.game.parse_action(s, "build K5 on Z1"))
    if s.phase == "draw":
        s.apply(s.game.parse_action(s, "draw 0"))
    scene = s.game.scene(view_of(s, 1))
    mine = scene["seats"][0]["zones"][0]["items"][0]
    assert mine["cards"] == ["Z1", "K5"] and mine["badges"] == ["fort 5"]
    assert mine["pick"] == "@0:Z1/K5"
    assert tapped(s, "K6", "@1:Z2") == "build K6 on Z2"
    assert tapped(s, "R4", "@0:Z1/K5", "=attack") == "attack Z1/K5 of 0 with R4"


def test_draw_by_tapping_the_pord():
    """"As long as a player has one Zahahnie he or she may draw a card at the end of their turn
    from the Pord deck." "Players do not have to take their cards": tap the Pord, or draw 0."""
    s = new(2, [A, B])
    s.apply(s.game.parse_action(s, "build 9C on 7H"))
    assert s.phase == "draw"
    assert tapped(s, "@pord") == "draw 1"
    assert [m["text"] for m in moves_of(s) if not m["picks"]] == ["draw 0"]
    assert "draw" in s.game.scene(view_of(s, 0))["say"]
