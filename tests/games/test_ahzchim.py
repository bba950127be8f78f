"""Scenario tests for Ahzchim (shared/seeds/000 and the GAMES.md rulings), each from a stacked deck
and the moves written in the game's notation. Docstrings quote the rule they check."""

from collections import Counter
from math import exp

import pytest
from alike import play_asking_both

import parlour
from parlour import IllegalAction
from parlour.agents import make_agent
from parlour.agents.base import RandomAgent
from parlour.agents.profile import profile_of
from parlour.core.cards import AHZCHIM_CHIPS, FRENCH_52
from parlour.games.ahzchim import (
    ACCEPT,
    PASS,
    REFUSE,
    WIN_WEIGHTS,
    YIELD,
    AhzchimHeuristic,
    Attack,
    Draw,
    Offer,
    Spot,
)


# Helpers ----------------------------------------------------------------------------------------
def stack(players, hands, pord=(), chips=False):
    """A deck dealing `hands` (seats not given get non-hearts in deck order) with `pord` on top of
    the Pord deck, top first."""
    deck = AHZCHIM_CHIPS if chips else FRENCH_52
    rest = list(deck.cards)
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for card in [c for h in hands for c in h] + list(pord):
        rest.remove(card)
    def heart(card):
        return card.startswith("Z") if chips else card.endswith("H")
    for hand in hands:
        while len(hand) < 5:
            # Fill with non-hearts while there are any, so a filled hand stays a hand.
            card = next((c for c in rest if not heart(c)), rest[0])
            rest.remove(card)
            hand.append(card)
    cards = [hands[s][k] for k in range(5) for s in range(players)]
    return cards + list(pord) + rest


def new(players, hands, pord=(), **options):
    game = parlour.load("ahzchim", players=players, **options)
    return game.new_state(seed=1, deck=stack(players, hands, pord, options.get("chips", False)))


def play(state, *moves):
    for text in moves:
        state.apply(state.game.parse_action(state, text))
    return state


def idle(state):
    """The player on turn spends his turn on a trade offer that is refused, and draws nothing."""
    seat = state.current_player
    offer = next(a for a in state.legal_actions() if isinstance(a, Offer))
    state.apply(offer)
    state.apply(REFUSE)
    if state.phase == "draw":
        state.apply(Draw(0))
    assert state.turn_seat != seat or state.is_terminal


def move(state, card, where, seat=None, from_pord=False):
    """Carry one card to a place (keeping the census): 'hand', 'zah', 'discard' or 'pord' (top),
    on the core position the state wraps."""
    position, rules = state.core, state.game.rules
    c = rules.number[card]
    if from_pord:
        position.pord.remove(c)
    else:
        hand = next((h for h in position.hands if c in h), None)
        row = next((r for r in position.village if any(rules.zah_of(e) == c for e in r)), None)
        if hand is not None:
            hand.remove(c)
        elif row is not None:
            row.remove(next(e for e in row if rules.zah_of(e) == c))
        else:
            (position.pord if c in position.pord else position.discard).remove(c)
    if where == "hand":
        position.hands[seat].append(c)
        position.hands[seat].sort()
    elif where == "zah":
        position.village[seat].append(rules.entry(c, -1, False))
    elif where == "discard":
        position.discard.append(c)
    else:
        position.pord.append(c)


def census_ok(state):
    return Counter(state.card_census()) == Counter(state.game.deck().cards)


def zah(state, seat):
    return [e[0] for e in state.zah[seat]]


def refused(state, text, reason):
    before = state.clone()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.game.parse_action(state, text))
    assert state == before


# The deal and the Zahahnie ---------------------------------------------------------------------
def test_deal_five_each_hearts_laid_out_rest_is_the_pord():
    """"At the beginning of the game each player is dealt five cards. The remaining cards are left
    in the middle of the table in the Pord deck." "As soon as a Zahahnie is obtained it is placed on
    the table face up in front of the player, this is done immediately and automatically and does
    not take a turn." """
    s = new(2, [["7H", "5D", "9S", "3C", "KH"], ["8S", "TD", "4C", "JS", "6D"]], pord=["AS"])
    assert zah(s, 0) == ["7H", "KH"]
    assert sorted(s.hands[0]) == ["3C", "5D", "9S"]
    assert zah(s, 1) == [] and len(s.hands[1]) == 5
    assert len(s.pord) == 42 and s.pord[-1] == "AS"
    assert s.current_player == 0 and s.phase == "turn"
    assert s.worth(0) == 1 + 3
    assert census_ok(s)


def test_zahahnie_worth_small_medium_large():
    """"A small Zahahnie is worth one. The two of Hearts through the nine of Hearts are small
    Zahahnie. The ten of Hearts through the queen of Hearts are medium Zahahnie, and is worth two.
    The king of Hearts and the ace of Hearts are large Zahahnie, and is worth three." """
    s = new(2, [["2H", "9H", "TH", "QH", "AH"]])
    assert s.worth(0) == 1 + 1 + 2 + 2 + 3


# Buying -------------------------------------------------------------------------------------------
def test_buy_one_two_three_cards_by_the_diamond():
    """"The two through the nine of Diamonds will allow the player to buy one card from the Pord
    deck. The Ten trough the Queen of Diamonds allows the player to buy two cards ... The King and
    the Ace of Diamonds allow the player to buy three cards ... The Diamond card used goes face up
    in the discard." A bought heart is laid out at once."""
    s = new(2, [["9D", "QD", "KD", "3C", "4C"], ["8S"]], pord=["AS", "QH", "4S", "5S", "6S", "7S"])
    play(s, "buy 9D")
    assert "AS" in s.hands[0] and s.discard == ["9D"]
    assert s.phase == "turn" and s.current_player == 1  # no Zahahnie: no draws
    idle(s)
    play(s, "buy QD")
    assert zah(s, 0) == ["QH"] and "4S" in s.hands[0]
    assert s.phase == "draw"  # now holding a Zahahnie
    play(s, "draw 0")
    idle(s)
    play(s, "buy KD", "draw 0")
    assert {"5S", "6S", "7S"} <= set(s.hands[0]) and s.discard[-1] == "KD"
    assert census_ok(s)


def test_only_a_diamond_buys():
    """"The Diamonds are Pelmeahe ... will allow the player to buy." A spade does not."""
    s = new(2, [["9S", "3C", "4C", "5C", "6C"]])
    refused(s, "buy 9S", "not a Pelmeahe")
    refused(s, "buy 9D", "do not hold")


# Draws at the end of the turn ---------------------------------------------------------------------
def test_one_zahahnie_draws_one_and_the_draw_is_optional():
    """"As long as a player has one Zahahnie he or she may draw a card at the end of their turn
    from the Pord deck ... Players do not have to take their cards if they do not wish to."
    Ruling: each draw optional (the player chooses 0..n)."""
    s = new(2, [["7H", "5D", "9S", "3C", "4C"]], pord=["8C", "9C"])
    play(s, "buy 5D")
    assert s.phase == "draw" and s.legal_actions() == [Draw(0), Draw(1)]
    refused(s, "draw 2", "0 to 1")
    play(s, "draw 1")
    assert "9C" in s.hands[0] and s.current_player == 1


def test_nine_worth_draws_two_twelve_draws_three():
    """"If a player has nine Zahahnie, they may draw two cards at the end of their turn. And if the
    player has twelve Zahahnie, they may draw three cards." Ruling: the thresholds 9 and 12 count
    Zahahnie worth."""
    s = new(2, [["KH", "AH", "QH", "2H", "5D"], ["KD", "JH", "TH", "AD", "QD"]])
    assert s.worth(0) == 9 and s.worth(1) == 4
    play(s, "buy 5D")
    assert s.legal_actions()[-1] == Draw(2)
    play(s, "draw 2")
    move(s, "9H", "zah", 1)
    move(s, "8H", "zah", 1)
    move(s, "7H", "zah", 1)
    move(s, "6H", "zah", 1)
    move(s, "5H", "zah", 1)
    assert s.worth(1) == 2 + 2 + 5
    play(s, "buy KD")
    assert s.legal_actions()[-1] == Draw(2)
    play(s, "draw 0")
    idle(s)
    move(s, "4H", "zah", 1)
    move(s, "3H", "zah", 1)
    move(s, "9D", "hand", 1)
    play(s, "buy 9D")
    assert s.worth(1) == 11 and s.legal_actions()[-1] == Draw(2)
    play(s, "draw 0")
    idle(s)
    move(s, "QH", "zah", 1)
    play(s, "buy AD")
    assert s.worth(1) == 13 and s.legal_actions()[-1] == Draw(3)
    assert census_ok(s)


def test_count_by_cards_counts_zahahnie_not_worth():
    """Option count_by=cards: the thresholds 9 and 12 count Zahahnie cards (the seed's "has nine
    Zahahnie" read literally)."""
    s = new(2, [["KH", "AH", "QH", "2H", "5D"]], count_by="cards")
    play(s, "buy 5D")
    assert s.legal_actions()[-1] == Draw(1)  # worth 9 but only four cards
    play(s, "draw 0")
    for card in ("3H", "4H", "5H", "6H", "7H"):
        move(s, card, "zah", 0)
    idle(s)
    move(s, "9D", "hand", 0)
    play(s, "buy 9D")
    assert len(s.zah[0]) == 9 and s.legal_actions()[-1] == Draw(2)


def test_players_without_zahahnie_do_not_draw():
    """"Players without Zahahnie do not draw from the deck at the end of their turn, and so must
    use Diamonds to buy cards." """
    s = new(2, [["5D", "9S", "3C", "4C", "6C"], ["7H"]])
    play(s, "buy 5D")
    assert s.phase == "turn" and s.current_player == 1


# Attack and defence ------------------------------------------------------------------------------
def test_attack_yielded_the_attacker_wins_the_zahahnie():
    """"When a player attacks another player's Zahahnie they place the Spade on top of the Zahahnie
    they want to take ... If the attacking Rahziembiz cannot be defeated, the attacker wins the
    Zahahnie and places it in front of him or her. Any Rahziembiz ... go in the discard pile." The
    defender answers out of turn."""
    s = new(2, [["9S", "3C", "4C", "5C", "6C"], ["7H", "8S"]])
    play(s, "attack 7H of 1 with 9S")
    assert s.phase == "answer" and s.current_player == 1
    assert s.legal_actions() == [YIELD]  # 8S is not higher than 9S
    refused(s, "defend with 8S", "not higher")
    play(s, "yield")
    assert zah(s, 0) == ["7H"] and zah(s, 1) == [] and s.discard == ["9S"]
    assert s.phase == "draw" and s.current_player == 0  # the attacker now draws by his Zahahnie
    assert census_ok(s)


def test_attack_defended_with_a_higher_spade():
    """"the Zahahnie may be defended by placing a larger Rahziembiz on the attacking Rahziembiz ...
    If the Zahahnie is defended ... the defender keeps the Zahahnie." Ruling: values compare by rank
    (the attacker must be strictly beaten)."""
    s = new(2, [["9S", "3C", "4C", "5C", "6C"], ["7H", "9D", "TS", "AS"]])
    play(s, "attack 7H of 1 with 9S")
    assert [str(a) for a in s.legal_actions()] == ["defend with TS", "defend with AS", "yield"]
    refused(s, "rebuild with 9D", "against an attack only a spade")
    play(s, "defend with TS")
    assert zah(s, 1) == ["7H"] and sorted(s.discard) == ["9S", "TS"]
    assert s.current_player == 1 and s.phase == "turn"  # attacker has no Zahahnie: no draw


def test_attack_that_does_not_pass_the_fort_fails_at_once():
    """"If the Zahahnie has a Roke Zibahl on it The value of the Roke Zibahl must be lower than the
    attacking card or the attack automatically fails ... If the Roke Zibahl is not defeated the
    attacking Rahziembiz goes in the discard pile." "any Rahziembiz of equal or lesser face value is
    automatically defeated" """
    s = new(2, [["9S", "TS", "4C", "5C", "6C"], ["7H", "9C"]])
    idle(s)
    play(s, "build 9C on 7H", "draw 0")
    play(s, "attack 7H of 1 with 9S")  # equal: defeated by the fort
    assert s.phase == "turn" and s.current_player == 1 and s.discard[-1] == "9S"
    assert s.zah[1] == [("7H", "9C", False)]
    assert census_ok(s)


def test_attack_passing_the_fort_then_yielded_takes_the_zahahnie_and_discards_the_fort():
    """"If the attacking Rahziembiz overcomes the Roke Zibahl, the Zahahnie may be defended ... If
    the attacking Rahziembiz cannot be defeated, the attacker wins the Zahahnie ... Any Rahziembiz
    and Roke Zibahls go in the discard pile face up." """
    s = new(2, [["TS", "4C", "5C", "6C", "7C"], ["7H", "9C"]])
    idle(s)
    play(s, "build 9C on 7H", "draw 0")
    play(s, "attack 7H of 1 with TS")
    assert s.current_player == 1 and s.phase == "answer"
    play(s, "yield")
    assert s.zah[0] == [("7H", None, False)] and zah(s, 1) == []
    assert sorted(s.discard[-2:]) == ["9C", "TS"]


def test_fort_beaten_but_attack_defended_discards_both_spades_and_the_fort():
    """"If the Roke Zibahl is defeated, but the attacking Rahziembiz is defeated both Rahziembiz and
    the Roke Zibahl are placed in the discard pile face up." The defender keeps the Zahahnie."""
    s = new(2, [["TS", "4C", "5C", "6C", "7C"], ["7H", "9C", "KS"]])
    idle(s)
    play(s, "build 9C on 7H", "draw 0")
    play(s, "attack 7H of 1 with TS", "defend with KS")
    assert s.zah[1] == [("7H", None, False)]
    assert sorted(s.discard[-3:]) == ["9C", "KS", "TS"]


def test_the_spy_beats_any_fort_but_no_spade():
    """"The two of Spades however is the Gieth Bek (Spy) card, it cannot defeat any Rahziembiz but
    can destroy any Roke Zibahl (Safehouse) reguardless of it's face value." Ruling: A+2 = 16, only
    the spy beats it."""
    s = new(2, [["2S", "AS", "4C", "5C", "6C"], ["7H", "AC", "2C", "4D"]])
    idle(s)
    play(s, "build AC on 7H", "draw 0")
    idle(s)
    play(s, "reshpel on 7H", "draw 0")
    assert s.game.pieces.fort_value(s.zah[1][0]) == 16
    play(s, "attack 7H of 1 with AS")  # the ace cannot pass A+Reshpel
    assert s.phase == "turn" and s.current_player == 1 and s.discard == ["AS"]
    idle(s)
    play(s, "attack 7H of 1 with 2S")
    assert s.phase == "answer" and s.current_player == 1
    play(s, "yield")
    assert s.zah[0] == [("7H", None, False)]
    assert sorted(s.discard) == ["2C", "2S", "AC", "AS"]
    assert census_ok(s)


def test_spy_attack_can_be_defended_by_any_spade():
    """"it cannot defeat any Rahziembiz": once the spy has destroyed the fort, any spade defends;
    and the spy itself never defends."""
    s = new(2, [["2S", "4C", "5C", "6C", "7C"], ["7H", "AC", "3S", "9D"]])
    idle(s)
    play(s, "build AC on 7H", "draw 0")
    play(s, "attack 7H of 1 with 2S")
    assert [str(a) for a in s.legal_actions()] == ["defend with 3S", "yield"]
    play(s, "defend with 3S")
    assert s.zah[1] == [("7H", None, False)]
    assert sorted(s.discard[-3:]) == ["2S", "3S", "AC"]
    s2 = new(2, [["AS", "4C", "5C", "6C", "7C"], ["7H", "2S"]])
    play(s2, "attack 7H of 1 with AS")
    refused(s2, "defend with 2S", "spy cannot defeat")


# Roke Zibahl --------------------------------------------------------------------------------------
def test_build_one_fort_then_exchange_it_the_old_one_goes_back_to_hand():
    """"Only one Roke Zibahl may be built on a Zahahnie ... After a Roke Zibahl is built on a
    Zahahnie, it cannot be moved. It can however be exchanged for a higher or lower Roke Zibahl
    that is in the players hand." Ruling: an exchanged fort goes back to hand."""
    s = new(2, [["7H", "9C", "5C", "JC", "4S"]])
    play(s, "build 9C on 7H", "draw 0")
    assert s.zah[0] == [("7H", "9C", False)]
    idle(s)
    refused(s, "build JC on 7H", "only one Roke Zibahl")
    play(s, "exchange 5C on 7H", "draw 0")
    assert s.zah[0] == [("7H", "5C", False)] and "9C" in s.hands[0]
    assert s.view(1)["known_cards"][0] == ["9C"]  # everyone saw it come back
    idle(s)
    play(s, "exchange JC on 7H", "draw 0")
    assert s.zah[0] == [("7H", "JC", False)] and "5C" in s.hands[0]
    assert census_ok(s)


def test_building_takes_a_turn_then_draws():
    """"Building a Roke Zibahl takes a turn, if a player builds a Roke Zibahl he or she then may
    draw cards according to their Zahahnie, and play continues on to the next player." """
    s = new(2, [["7H", "9C", "5C", "JC", "4S"]], pord=["8D"])
    play(s, "build 9C on 7H")
    assert s.phase == "draw" and s.current_player == 0
    play(s, "draw 1")
    assert "8D" in s.hands[0] and s.current_player == 1


def test_exchange_needs_a_fort_and_a_club_builds_only_on_ones_own_zahahnie():
    """Exchange replaces a fort that is there; a Roke Zibahl goes "face up on his or her
    Zahahnie"."""
    s = new(2, [["7H", "9C", "5D", "JC", "4S"], ["8H"]])
    refused(s, "exchange 9C on 7H", "no Roke Zibahl")
    refused(s, "build 9C on 8H", "have no Zahahnie")
    refused(s, "build 5D on 7H", "not a Roke Zibahl")


def test_reshpel_adds_two_and_stays_on_an_exchanged_fort():
    """"The Two of Clubs is a Reshpel (helper) card, it is the only card that can add on a Roke
    Zibahl. The Roke Zibahl with a two of clubs on it is considered to be two points higher, thus a
    three becomes a five, a nine a Jack". Ruling: a Reshpel on an exchanged fort stays on the new
    one."""
    s = new(2, [["JS", "QS", "4D", "5D", "6D"], ["7H", "9C", "2C", "3C"]])
    idle(s)
    refused(s, "reshpel on 7H", "build one there first")
    refused(s, "build 2C on 7H", "Reshpel is not a Roke Zibahl")
    play(s, "build 9C on 7H", "draw 0")
    idle(s)
    play(s, "reshpel on 7H", "draw 0")
    assert s.zah[1] == [("7H", "9C", True)]
    play(s, "attack 7H of 1 with JS")  # J = 11 = 9 + 2: the fort holds
    assert s.phase == "turn" and s.discard[-1] == "JS"
    play(s, "exchange 3C on 7H", "draw 0")
    assert s.zah[1] == [("7H", "3C", True)] and "9C" in s.hands[1]
    assert s.game.pieces.fort_value(s.zah[1][0]) == 5  # "a three becomes a five"
    play(s, "attack 7H of 1 with QS", "yield")
    assert zah(s, 0) == ["7H"]
    assert {"3C", "2C", "QS"} <= set(s.discard)
    assert census_ok(s)


# Raze ---------------------------------------------------------------------------------------------
def test_raze_yielded_zahahnie_and_diamond_to_the_discard():
    """"Secondly the Diamonds can be used to Raze an opponent's Zahahnie if it does not have a Roke
    Zibahl ... If the Zahahnie is destroyed, then the Pelmeahe and the Zahahnie go in the discard
    pile face up." Ruling: Raze is a turn action; a razed Zahahnie goes to the discard pile."""
    s = new(2, [["5D", "4C", "6C", "7C", "8C"], ["7H", "KH"]])
    play(s, "raze 7H of 1 with 5D")
    assert s.phase == "answer" and s.current_player == 1
    play(s, "yield")
    assert zah(s, 1) == ["KH"] and s.discard == ["5D", "7H"]
    assert s.current_player == 1 and s.phase == "turn"  # the razer had no Zahahnie to draw by


def test_razed_to_pord_option():
    """Option razed_to=pord: "If the ransackers cannot be defeated, the Zahahnie is placed in the
    Pord Deck." """
    s = new(2, [["5D", "4C", "6C", "7C", "8C"], ["7H", "KH"]], razed_to="pord")
    pord = len(s.pord)
    play(s, "raze 7H of 1 with 5D", "yield")
    assert "7H" in s.pord and len(s.pord) == pord + 1 and s.discard == ["5D"]
    assert census_ok(s)


def test_a_fortified_zahahnie_cannot_be_razed():
    """"If the Zahahnie has a Roke Zibahl on it (see Clubs = Roke Zibahl) it cannot be Razed." """
    s = new(2, [["5D", "4C", "6C", "7C", "8C"], ["7H", "9C"]])
    idle(s)
    play(s, "build 9C on 7H", "draw 0")
    refused(s, "raze 7H of 1 with 5D", "cannot be razed")
    assert not any(str(a).startswith("raze") for a in s.legal_actions())


def test_raze_defended_with_a_higher_spade_or_rebuilt_with_a_higher_diamond():
    """"The Zahahnie may be defended by placing an Rahziembiz with a value higher than the
    attacker's Pelmeahe card, or the Zahahnie can be Rebuilt by placing a Pelmeahe card with a
    higher value than the attacker's Pelmeahe card ... Any Rahziembiz and Pelmeahe go in the
    discard pile face up. If the Zahahnie is defended or rebuilt, the defender keeps the
    Zahahnie." """
    s = new(2, [["8D", "9D", "6C", "7C", "5C"], ["7H", "8S", "9S", "7D", "TD"]])
    play(s, "raze 7H of 1 with 8D")
    assert [str(a) for a in s.legal_actions()] == ["defend with 9S", "rebuild with TD", "yield"]
    refused(s, "rebuild with 7D", "not higher")
    refused(s, "defend with 8S", "not higher")
    play(s, "rebuild with TD")
    assert zah(s, 1) == ["7H"] and s.discard == ["8D", "TD"]
    assert s.current_player == 1 and s.phase == "turn"  # the razer has no Zahahnie to draw by
    idle(s)
    play(s, "raze 7H of 1 with 9D")
    assert s.legal_actions() == [YIELD]  # 9S only equals the 9D
    play(s, "yield")
    assert zah(s, 1) == []


def test_raze_answered_by_a_spade():
    """"The Zahahnie may be defended by placing an Rahziembiz with a value higher than the
    attacker's Pelmeahe card"."""
    s = new(2, [["8D", "6C", "7C", "5C", "4C"], ["7H", "9S"]])
    play(s, "raze 7H of 1 with 8D", "defend with 9S")
    assert zah(s, 1) == ["7H"] and s.discard == ["8D", "9S"]


def test_attack_and_raze_only_other_players_with_the_right_suit():
    """Spades attack, diamonds raze, an opponent's Zahahnie."""
    s = new(2, [["7H", "8D", "9S", "5C", "4C"], ["6H"]])
    refused(s, "attack 7H of 0 with 9S", "your own")
    refused(s, "attack 6H of 1 with 8D", "not a Rahziembiz")
    refused(s, "raze 6H of 1 with 9S", "not a Pelmeahe")
    refused(s, "attack 5H of 1 with 9S", "no Zahahnie")


# Trading ------------------------------------------------------------------------------------------
def test_trade_accepted_one_card_for_one_and_the_turn_is_used():
    """"Players may trade cards on their turn with other players, this can be done in any way as
    long as both parties agree to the trade. Any card may be traded for any card but only one pair
    of cards may be exchanged." Ruling: the player on turn names both cards, the other accepts or
    refuses, the proposal uses the turn either way."""
    s = new(2, [["7H", "3C", "4C", "5C", "6C"], ["9S", "8D"]], pord=["2D"])
    play(s, "offer 3C for 9S of 1")
    assert s.phase == "offer" and s.current_player == 1
    assert s.legal_actions() == [ACCEPT, REFUSE]
    play(s, "accept")
    assert "9S" in s.hands[0] and "3C" in s.hands[1]
    assert s.view(None)["known_cards"] == [["9S"], ["3C"]]
    assert s.phase == "draw" and s.current_player == 0
    play(s, "draw 1")
    assert s.current_player == 1


def test_trade_refused_changes_nothing_but_uses_the_turn():
    """"as long as both parties agree to the trade": a refused offer moves no card; the proposal
    uses the turn either way (Ruling)."""
    s = new(2, [["3C", "4C", "5C", "6C", "7C"], ["9S"]])
    hands = [list(h) for h in s.hands]
    play(s, "offer 3C for 9S of 1", "refuse")
    assert s.hands == hands and s.current_player == 1 and s.phase == "turn"


def test_a_card_the_partner_does_not_hold_can_only_be_refused():
    """The proposer names a card he cannot see; if the partner does not hold it he cannot agree."""
    s = new(2, [["3C", "4C", "5C", "6C", "7C"], ["9S", "8S", "7S", "6S", "5S"]])
    play(s, "offer 3C for AS of 1")
    assert s.legal_actions() == [REFUSE]
    refused(s, "accept", "do not hold AS")
    # A card the proposer can see elsewhere cannot be asked for.
    play(s, "refuse")
    refused(s, "offer 9S for 8S of 0", "cannot be holding")  # 8S is in his own hand


def test_trade_of_a_zahahnie_discards_its_fort_and_the_heart_is_laid_out():
    """Ruling: each side's card from his hand or his Zahahnie on the table (a fort on a traded
    Zahahnie is discarded); a heart received is laid out at once."""
    s = new(2, [["7H", "9C", "4D", "5D", "6D"], ["KS", "KH"]])
    play(s, "build 9C on 7H", "draw 0")
    idle(s)
    play(s, "offer 7H for KS of 1", "accept")
    assert zah(s, 1) == ["7H", "KH"] and s.zah[1][0] == ("7H", None, False)
    assert "KS" in s.hands[0] and "9C" in s.discard
    assert s.current_player == 1 and s.phase == "turn"  # seat 0 has no Zahahnie left to draw by
    play(s, "offer KH for 4D of 0", "accept")
    assert zah(s, 0) == ["KH"] and "4D" in s.hands[1]
    assert census_ok(s)


# The Pord deck ------------------------------------------------------------------------------------
def test_exhausted_pord_no_draws_no_buys_reshuffle_after_the_takers_next_turn():
    """"When this happens no more cards are taken from Zahahnie and players cannot buy until the
    next round. The player who took the last card must wait until his or her next turn. When that
    turn is over, then he or she shuffles the discard pile and places it face down on the table.
    This becomes the Pord deck" """
    s = new(10, [["KD", "7H", "9D", "4C", "5C"], ["8D", "8H"]])
    assert len(s.pord) == 2
    play(s, "buy KD")  # three to buy, two there: he takes the last card
    assert s.pord == [] and s.exhausted == (0, 1)
    assert s.phase == "turn" and s.current_player == 1  # no draws for seat 0
    assert not any(str(a).startswith("buy") for a in s.legal_actions())
    refused(s, "buy 8D", "exhausted")
    idle(s)  # seat 1 has a Zahahnie but draws nothing: no draw phase, straight to seat 2
    assert s.history[-1] == REFUSE and s.phase == "turn" and s.current_player == 2
    for _ in range(8):
        idle(s)
    assert s.current_player == 0 and s.pord == []  # the waiting turn: still no buys
    assert not any(str(a).startswith("buy") for a in s.legal_actions())
    discard = sorted(s.discard)
    idle(s)
    assert sorted(s.pord) == discard and s.discard == [] and s.exhausted is None
    assert any(str(a).startswith("buy") for a in s.legal_actions())
    assert census_ok(s)


def test_empty_discard_means_the_wait_repeats():
    """"Then the process of waiting a round and reshuffling is repeated until someone wins": with
    nothing in the discard pile there is nothing to shuffle, and the wait starts again."""
    s = new(10, [["KD", "7H", "9D", "4C", "5C"]])
    play(s, "buy KD")
    move(s, "KD", "hand", 1)  # a position where the discard pile is empty at the reshuffle
    for _ in range(10):
        idle(s)
    assert s.pord == [] and s.discard == []
    assert s.exhausted == (0, 11) and s.turns == 12  # seat 0 waits again from his turn 11
    assert not any(str(a).startswith("buy") for a in s.legal_actions())


# Going out and winning ----------------------------------------------------------------------------
def test_player_without_zahahnie_and_cards_goes_out_and_is_skipped():
    """"Without Zahahnie the player will soon run out of cards. When this happens, the player is
    out of play." Ruling: out once his hand is empty."""
    s = new(3, [["7H", "TS", "4C", "5C", "6C"], ["8H", "4D"], ["9S", "3D", "3S", "5S", "6S"]])
    for card in ("3D", "3S", "5S", "6S"):
        move(s, card, "discard")
    idle(s)
    idle(s)
    assert s.current_player == 2
    play(s, "attack 7H of 0 with 9S", "defend with TS")
    assert s.in_play == [True, True, False]
    assert s.current_player == 0
    idle(s)
    assert s.current_player == 1
    idle(s)
    assert s.current_player == 0
    assert census_ok(s)


def test_last_player_in_play_wins():
    """"The player who obtains all the Zahahnie wins" ... Ruling: Win: hold all 13 Zahahnie, or be
    the last player in play."""
    s = new(2, [["9S", "4C", "5C", "6C", "7C"], ["7H", "3D", "4D", "5D", "6D"]])
    for card in ("3D", "4D", "5D", "6D"):
        move(s, card, "discard")
    play(s, "attack 7H of 1 with 9S", "yield")
    assert s.is_terminal and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert s.current_player is None and s.legal_actions() == []


def test_holding_all_thirteen_zahahnie_wins():
    """"It is a strategy game with the objective of obtaining all the Zahahnie in the deck." """
    s = new(3, [["9S", "4C", "5C", "6C", "7C"], ["7H", "3D"], ["2D"]])
    for card in [r + "H" for r in "23456789TJQKA" if r != "7"]:
        move(s, card, "zah", 0)
    assert len(s.zah[0]) == 12 and not s.is_terminal
    play(s, "attack 7H of 1 with 9S", "yield")
    assert s.is_terminal and s.winner == 0 and s.result == "holds every Zahahnie"
    assert s.returns() == [1.0, -1.0, -1.0]


def test_last_players_going_out_together_is_a_draw():
    """Chosen (the seed does not say): if the last players in play go out on the same move, the
    game is a draw between them."""
    s = new(2, [["5D", "4H", "3H", "2H", "6H"], ["7H", "3D", "4D", "8D", "6D"]])
    for card in ("2H", "3H", "4H", "6H", "3D", "4D", "8D", "6D"):
        move(s, card, "discard")  # seat 1 keeps only his 7H, seat 0 only the 5D
    assert s.hands == [["5D"], []] and zah(s, 1) == ["7H"]
    play(s, "raze 7H of 1 with 5D", "yield")
    assert s.is_terminal and s.winner is None and sorted(s.drawn) == [0, 1]
    assert s.returns() == [0.0, 0.0]


def test_turn_cap_is_a_draw_for_those_in_play():
    """Ruling: a game that reaches the turn cap without a winner is a draw. Chosen: 0 to each
    player still in play, -1 to any already out."""
    s = new(2, [["3C", "4C", "5C", "6C", "7C"]], round_cap=2)
    for _ in range(3):
        idle(s)
    assert not s.is_terminal and s.round == 2
    idle(s)
    assert s.is_terminal and s.reached_cap and s.winner is None
    assert s.returns() == [0.0, 0.0]
    t = new(3, [["7H", "TS", "4C", "5C", "6C"], ["8H"], ["9S", "3D", "3S", "5S", "6S"]],
            round_cap=1)
    for card in ("3D", "3S", "5S", "6S"):
        move(t, card, "discard")
    idle(t)
    idle(t)
    play(t, "attack 7H of 0 with 9S", "defend with TS")
    assert t.is_terminal and t.reached_cap and t.returns() == [0.0, 0.0, -1.0]


def test_pass_only_when_nothing_is_possible():
    """Ruling: a player with no possible action passes (never otherwise)."""
    s = new(2, [["3C", "4C", "5C", "6C", "7C"]])
    assert PASS not in s.legal_actions()
    refused(s, "pass", "only when you have no possible action")


def test_out_of_turn_and_wrong_phase_moves_are_refused():
    """The defender answers out of turn; nobody else acts then, and no turn action is taken."""
    s = new(2, [["9S", "8S", "4C", "5C", "6C"], ["7H", "TS"]])
    play(s, "attack 7H of 1 with 9S")
    before = s.clone()
    with pytest.raises(IllegalAction):
        s.apply(YIELD, seat=0)
    refused(s, "attack 7H of 1 with 8S", "defend")
    refused(s, "draw 1", "defend")
    assert s == before


@pytest.mark.parametrize("options", [{}, {"chips": True, "razed_to": "pord"}])
def test_check_agrees_with_legal_actions(options):
    """Every action id is either legal now or refused with a reason, across random positions."""
    import random
    game = parlour.load("ahzchim", players=3, round_cap=15, **options)
    for seed in range(2):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if step % 6 == 0:
                assert all(state._check(a) is None for a in legal)
                offered = set(legal)
                for number in rng.sample(range(game.action_space_size), 300):
                    action = game.action_from_id(number)
                    assert (state._check(action) is None) == (action in offered), str(action)
            state.apply(legal[rng.randrange(len(legal))])
            step += 1


# Chips --------------------------------------------------------------------------------------------
def test_chips_values_come_from_the_chips():
    """Chip variant: "same rules, values from the chips, spy and Reshpel as the special chips,
    thresholds by worth." Rahziembiz and Roke Zibahl numbered 1-20."""
    s = new(2, [["R5", "R8", "P3", "spy", "K1"], ["Z1", "K5", "reshpel", "R2", "P1"]], chips=True,
            pord=["K9", "K10", "K11", "K12"])
    idle(s)
    play(s, "build K5 on Z1", "draw 0")
    play(s, "attack Z1/K5 of 1 with R5")  # 5 does not beat 5
    assert s.phase == "turn" and s.discard[-1] == "R5"
    play(s, "reshpel on Z1/K5", "draw 0")
    assert s.game.pieces.fort_value(s.zah[1][0]) == 7
    # With chips the Reshpel is part of the name: Z1/K5 is no longer on the table.
    refused(s, "attack Z1/K5 of 1 with R8", "has no Zahahnie Z1/K5")
    play(s, "buy P3")  # three chips
    assert {"K9", "K10", "K11"} <= set(s.hands[0])
    idle(s)
    play(s, "attack Z1/K5+ of 1 with spy")
    assert [str(a) for a in s.legal_actions()] == ["defend with R2", "yield"]
    play(s, "yield")
    assert s.zah[0] == [("Z1", None, False)]
    assert census_ok(s)


def test_chips_thresholds_by_worth_and_twenty_zahahnie():
    """Chip variant: Zahahnie 17 worth 1, 2 worth 2, 1 worth 3; thresholds by worth; the win is all
    the Zahahnie (twenty)."""
    s = new(2, [["Z3", "Z2", "Z2", "Z1", "P1"], ["Z1", "R9"]], chips=True, pord=["R1", "R3"])
    assert s.worth(0) == 3 + 2 + 2 + 1
    play(s, "buy P1")
    assert s.legal_actions()[-1] == Draw(1)  # worth 8
    play(s, "draw 1")
    idle(s)
    move(s, "Z1", "zah", 0, from_pord=True)
    assert s.worth(0) == 9
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Offer)))
    s.apply(REFUSE)
    assert s.legal_actions()[-1] == Draw(2)
    assert s.game.pieces.zahahnie_total == 20


# Notation, views and the terminal ---------------------------------------------------------------
def test_notation_reads_what_a_person_types():
    """Docs notation: cards as GAMES.md writes them; 'of N' may be left out when the heart says
    whose it is."""
    s = new(2, [["9S", "5D", "3C", "4C", "6C"], ["TH", "8S"]])
    parse = s.game.parse_action
    a = parse(s, "attack 10h with 9s")
    assert a == Attack("9S", 1, Spot("TH")) and str(a) == "attack TH of 1 with 9S"
    assert parse(s, "offer 3C for TH") == Offer("3C", 1, Spot("TH"))
    with pytest.raises(IllegalAction, match="say whose"):
        parse(s, "offer 3C for 8S")
    with pytest.raises(IllegalAction, match="not a card"):
        parse(s, "buy 1Z")
    for action in s.legal_actions():
        assert parse(s, str(action)) == action
        assert s.game.action_from_id(s.game.action_id(action)) == action


def test_view_hides_hands_and_the_pord_and_determinize_keeps_hearts_out_of_hands():
    """The Pord deck is face down and hands are hidden; hearts are never in a hand (laid out at
    once), so a determinization puts none there."""
    import random
    s = new(3, [["9S", "5D", "3C", "4C", "6C"], ["TH", "8S"]])
    v = s.view(1)
    assert v["hand"] == s.hands[1] and "pord" not in v and v["pord_count"] == len(s.pord)
    assert v["hand_counts"] == [5, 4, 5]
    d = s.determinize(0, random.Random(3))
    assert d.view(0) == s.view(0)
    assert all(not c.endswith("H") for h in d.hands for c in h)
    assert Counter(d.card_census()) == Counter(s.card_census())


def test_render_shows_zahahnie_forts_hand_pord_discard_and_the_defender_prompt():
    """render(): each player's Zahahnie with forts, the seat's hand, the Pord deck and discard."""
    s = new(2, [["9S", "TS", "4C", "5C", "6C"], ["7H", "9C", "2C"]])
    idle(s)
    play(s, "build 9C on 7H", "draw 0")
    play(s, "attack 7H of 1 with TS")
    text = s.game.render(s.view(1))
    assert "7H/9C" in text and "Your hand: 2C" in text and "Pord deck: 42" in text
    assert "Discard pile (0)" in text
    assert "defend with a higher spade, or yield" in text


def test_render_puts_the_defenders_prompt_and_the_trade_offer_before_the_right_seat():
    """The defender answers out of turn, and a trade needs the other player's consent: the
    terminal asks exactly that seat (render of his view), and tells the others what is pending."""
    s = new(3, [["5D", "9S", "3C", "4C", "6C"], ["7H", "TD", "8S"]])
    play(s, "raze 7H of 1 with 5D")
    defender, attacker, bystander = (s.game.render(s.view(k)) for k in (1, 0, 2))
    assert ("seat 0 razes your 7H with 5D - defend with a higher spade, rebuild with a higher "
            "diamond, or yield") in defender and "Your move." in defender
    for text in (attacker, bystander, s.game.render(s.view(None))):
        assert "seat 0 razes seat 1's 7H with 5D" in text
        assert "or yield" not in text and "Your move." not in text
    play(s, "yield")
    t = new(3, [["3C", "4C", "5C", "6C", "7C"], ["9S", "8D"]])
    play(t, "offer 3C for 9S of 1")
    partner, proposer, bystander = (t.game.render(t.view(k)) for k in (1, 0, 2))
    assert "seat 0 offers 3C for your 9S - accept or refuse" in partner
    assert "Your move." in partner
    for text in (proposer, bystander):
        assert "seat 0 offers 3C for seat 1's 9S" in text
        assert "accept or refuse" not in text and "Your move." not in text


# The computer player ------------------------------------------------------------------------------
def test_heuristic_beats_random():
    """The heuristic agent wins plainly more than its share against random play."""
    game = parlour.load("ahzchim", players=2)
    wins = 0
    for seed in range(8):
        state = game.new_state(seed=seed)
        me = seed % 2
        agents = {me: AhzchimHeuristic(seed), 1 - me: RandomAgent(seed)}
        while not state.is_terminal:
            seat = state.current_player
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
        wins += state.winner == me
    assert wins >= 7


def test_the_heuristic_chooses_alike_from_the_position_and_from_the_view():
    """The heuristic is the core's: asked from the position (as hard's playouts ask it) and from
    the seat's view alone it makes one choice, with the cards and the chips; and the core's events
    count what the moves did."""
    import random
    rng = random.Random(5)
    for options in ({}, {"chips": True}, {"chips": True, "razed_to": "pord", "count_by": "cards"}):
        game = parlour.load("ahzchim", players=3, round_cap=20, **options)
        for seed in range(3):
            state = game.new_state(seed=seed)
            play_asking_both(state, AhzchimHeuristic(seed), rng, 0.2)
            counts = state.event_counts()
            kinds = Counter(type(a).__name__ for a in state.history)
            assert counts["offered"] == kinds["Offer"] and counts["bought"] == kinds["Buy"]
            assert counts["won"] + counts["drawn"] == 1
            assert state.core.chances == 1 + counts["reshuffled"] + counts["razed into the Pord"]


def test_a_card_offered_in_trade_stays_in_the_proposers_hand_when_determinized():
    """Ruling (GAMES.md, Trade): "the player on turn names both cards, the other accepts or refuses"
    — the offered card is named aloud, so every determinization keeps it in the proposer's hand."""
    import random

    from parlour.games.ahzchim import Offer
    game = parlour.load("ahzchim", players=2)
    for seed in range(40):
        state = game.new_state(seed=seed)
        offers = [a for a in state.legal_actions()
                  if isinstance(a, Offer) and isinstance(a.give, str)]
        if not offers:
            continue
        proposer = state.current_player
        state.apply(offers[0])
        answerer = state.current_player
        for k in range(10):
            twin = state.determinize(answerer, random.Random(k))
            assert offers[0].give in twin.hands[proposer]
            for action in twin.legal_actions():
                twin.clone().apply(action)
        return
    raise AssertionError("no trade offer found to test")


# What hard's search stops at --------------------------------------------------------------------
def test_estimate_is_each_seats_expected_return_by_the_win_model():
    """"The player who obtains all the Zahahnie wins": a win is +1, a loss -1. Hard's playouts stop
    after a few moves and take estimate(): each seat's expected return, so the seats' chances add
    up to one win, a seat out of play is at -1, and more Zahahnie or a spade more in hand make a
    seat likelier to win."""
    s = new(4, [["7H", "8H", "9H", "9S", "4C"], ["2H", "3D", "4D", "5D", "6D"],
                ["3H", "TS", "6C", "7C", "8C"], ["4H", "JS", "9C", "TC", "JC"]])
    guess = s.estimate()
    assert sum((g + 1) / 2 for g in guess) == pytest.approx(1.0)
    assert guess[0] == max(guess), "three Zahahnie against one"
    before = s.estimate()[2]
    move(s, "QS", "hand", seat=2, from_pord=True)
    assert s.estimate()[2] > before, "a spade more in hand"
    s.core.in_play[3] = False
    guess = s.estimate()
    assert guess[3] == -1.0 and sum((g + 1) / 2 for g in guess) == pytest.approx(1.0)


def test_win_model_weighs_what_the_fit_found():
    """The estimate's odds are exp(WIN_WEIGHTS . win_features): a seat's Zahahnie held, their
    worth squared / 20, its hand's size, the spades, the diamonds' worth and the clubs in it."""
    s = new(2, [["KH", "2H", "9S", "KD", "4C"], ["3H", "3D", "4D", "5D", "6D"]])
    assert s.win_features(0) == (2, (3 + 1) ** 2 / 20, 3, 1, 3, 1)
    assert s.win_features(1) == (1, 1 / 20, 4, 0, 4, 0)
    odds = [exp(sum(w * f for w, f in zip(WIN_WEIGHTS, s.win_features(seat)))) for seat in (0, 1)]
    assert s.estimate() == pytest.approx([2 * o / sum(odds) - 1 for o in odds])


def test_hard_judges_playouts_by_the_win_chance_not_the_place():
    """Hard for Ahzchim adds up the estimate's chances as they are (reward=value): a spade spent or
    a Zahahnie taken seldom changes any seat's place among four."""
    game = parlour.load("ahzchim")
    hard = make_agent("hard", game)
    assert hard.reward == "value" and hard.depth == profile_of(game).depth
    state = game.new_state(seed=4)
    chosen = make_agent("hard:iters=30", game, seed=1).choose(state, 0)
    assert chosen in state.legal_actions()
