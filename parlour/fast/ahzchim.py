"""Ahzchim on integers (the twin of parlour/games/ahzchim.py, played with the 52 cards; the chips
are not covered).

A card is suit * 13 + rank, suits in the readable order of kinds (hearts the Zahahnie 0-12,
diamonds the Pelmeahe 13-25, spades the Rahziembiz 26-38, clubs the Roke Zibahl 39-51) and rank
0 the deuce, so that a card's value is rank + 2, the spy is 26 and the Reshpel 39, and ascending
integers are the readable sort order. A heart is unique, so it names its own place on the table:
a seat's village is a 13-bit mask of hearts, and the Roke Zibahl on a heart (`fort`) and the
Reshpel (`resh`, a mask) are kept per heart. Hands and the cards known to be in them are 52-bit
masks; the Pord deck (top last) and the discard pile are lists, in the readable order.

An action packs its fields into one int (owner below 16: up to ten players):

    0 pass, 1 yield, 2 accept, 3 refuse, 4 + k draw k
    BUY / DEFEND / REBUILD + card, RESHPEL + heart
    BUILD / EXCHANGE + (club << 4) + heart
    ATTACK / RAZE + (card << 8) + (owner << 4) + heart
    OFFER + (give << 10) + (owner << 6) + take   (a heart given or taken is the Zahahnie)

`chances` counts the deal, the reshuffles of a Pord deck that has cards to shuffle and the razed
Zahahnie shuffled into the Pord (option razed_to = pord): the readable game's only draws of its
generator (the readable state counts them in `chances_since_deal`).
"""

from __future__ import annotations

from collections.abc import Callable
from math import exp
from operator import itemgetter
from typing import Any, Final

from ..core.cards import FRENCH_RANKS
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A mask in a list is updated as `masks[s] = masks[s] | bit`, never `masks[s] |= bit`: mypyc
# compiles the augmented form to generic arithmetic on boxed ints.
SUITS: Final = "HDSC"
CARD: Final[dict[str, int]] = {rank + suit: s * 13 + r for s, suit in enumerate(SUITS)
                               for r, rank in enumerate(FRENCH_RANKS)}


def card_of(name: str) -> int:
    """The integer of a readable card name ("7H", "TD")."""
    return CARD[name]


M13: Final = (1 << 13) - 1
HEARTS: Final = M13
DIAMONDS: Final = M13 << 13
SPADES: Final = M13 << 26
CLUBS: Final = M13 << 39
NONHEART: Final = DIAMONDS | SPADES | CLUBS
SPY: Final = 26
RESHPEL_CARD: Final = 39
RESHPEL_BIT: Final = 1 << RESHPEL_CARD
# Worth 1 (2-9), 2 (10-Q), 3 (K-A), as masks of ranks within a suit.
LOW: Final = (1 << 8) - 1
MID: Final = 7 << 8
HIGH: Final = 3 << 11
# The win model of the game's estimate() (the readable game's comment says how it was fitted),
# written once: the readable game reads WIN_WEIGHTS from here.
W0: Final = 0.431
W1: Final = 0.115
W2: Final = -0.054
W3: Final = 0.346
W4: Final = 0.148
W5: Final = -0.097
WIN_WEIGHTS: Final = (W0, W1, W2, W3, W4, W5)

PASS: Final = 0
YIELD: Final = 1
ACCEPT: Final = 2
REFUSE: Final = 3
DRAW: Final = 4
BUY: Final = 64
DEFEND: Final = 128
REBUILD: Final = 192
RESHPEL: Final = 256
BUILD: Final = 1024
EXCHANGE: Final = 2048
ATTACK: Final = 16384
RAZE: Final = 32768
OFFER: Final = 65536

TURN: Final = 0
ANSWER: Final = 1
OFFERED: Final = 2
DRAWING: Final = 3
OVER: Final = 4
# What is pending.
NONE: Final = 0
ATTACKED: Final = 1
RAZED: Final = 2
TRADE: Final = 3

# The bits of a 13-bit chunk, ascending; a chunk of each suit as cards.
BITS: Final[list[tuple[int, ...]]] = [tuple(b for b in range(13) if m >> b & 1)
                                      for m in range(1 << 13)]
DIAMOND_CARDS: Final[list[tuple[int, ...]]] = [tuple(13 + b for b in bits) for bits in BITS]
SPADE_CARDS: Final[list[tuple[int, ...]]] = [tuple(26 + b for b in bits) for bits in BITS]
CLUB_CARDS: Final[list[tuple[int, ...]]] = [tuple(39 + b for b in bits) for bits in BITS]
BUYS: Final[list[tuple[int, ...]]] = [tuple(BUY + 13 + b for b in bits) for bits in BITS]
DRAWS: Final[list[list[int]]] = [list(range(DRAW, DRAW + k + 1)) for k in range(4)]
# Every attack, raze and offer of a card or item given, made once: a turn offers over a thousand
# trades, and taking them from these rows (an itemgetter, in C) makes no new int objects.
ATTACKS: Final[list[list[int]]] = [[ATTACK + (c << 8) + k for k in range(256)]
                                   for c in range(52)]
RAZES: Final[list[list[int]]] = [[RAZE + (c << 8) + k for k in range(256)] for c in range(52)]
OFFERS: Final[list[list[int]]] = [[OFFER + (g << 10) + k for k in range(1024)]
                                  for g in range(52)]


def worth(ranks: int) -> int:
    """The worth of a 13-bit mask of ranks (Zahahnie or Pelmeahe): 1, 2 or 3 a card."""
    return ((ranks & LOW).bit_count() + 2 * (ranks & MID).bit_count()
            + 3 * (ranks & HIGH).bit_count())


def cards(mask: int) -> list[int]:
    """The non-heart cards of a mask, ascending."""
    return [*DIAMOND_CARDS[mask >> 13 & M13], *SPADE_CARDS[mask >> 26 & M13],
            *CLUB_CARDS[mask >> 39]]


# A partner's places in a row of OFFERS: his number, then a card or Zahahnie asked for.
ASKS: Final[list[list[int]]] = [[o << 6 | t for t in range(64)] for o in range(16)]
HEART_ASKS: dict[int, tuple[int, ...]] = {}  # by partner << 13 | his Zahahnie (made as met)


_TARGETS: dict[int, tuple[int, ...]] = {}  # the same for attacks and razes: owner << 4 | heart


def _heart_asks(owner: int, hearts: int) -> tuple[int, ...]:
    key = owner << 13 | hearts
    got = HEART_ASKS.get(key)
    if got is None:
        got = HEART_ASKS[key] = tuple(owner << 6 | h for h in BITS[hearts])
    return got


def _targets(owner: int, hearts: int) -> tuple[int, ...]:
    key = owner << 13 | hearts
    got = _TARGETS.get(key)
    if got is None:
        got = _TARGETS[key] = tuple(owner << 4 | h for h in BITS[hearts])
    return got


def _none(row: list[int]) -> tuple[int, ...]:
    return ()


def _picker(indices: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """Takes those places of a row, as a tuple."""
    if len(indices) > 1:
        return itemgetter(*indices)
    only = indices[0]
    return lambda row: (row[only],)


class Rules:
    """What the options and player count fix: shared by every position."""

    def __init__(self, players: int, count_by_cards: bool, razed_to_pord: bool,
                 round_cap: int) -> None:
        self.players = players
        self.count_by_cards = count_by_cards
        self.razed_to_pord = razed_to_pord
        self.round_cap = round_cap


_RULES: dict[tuple[int, bool, bool, int], Rules] = {}


class AhzchimFast(FastState):
    """A game of Ahzchim: the turn's action, the defender's or trade partner's answer, the draw by
    Zahahnie worth, the Pord deck's reshuffle, until one holds every Zahahnie, is the last in
    play, or the round cap."""

    def __init__(self, rules: Rules, rng: Rng, chances: int, phase: int, actor: int,
                 turn_seat: int, round_no: int, turns: int, hands: list[int], known: list[int],
                 village: list[int], fort: list[int], forted: int, resh: int, tabled: int,
                 in_play: list[bool], discard: list[int], dmask: int, pord: list[int],
                 pending: int, by: int, card: int, owner: int, target: int, taker: int,
                 when: int, winner: int, drawn: list[int], reached_cap: bool) -> None:
        self.rules = rules
        self.players = rules.players
        self.rng = rng
        self.chances = chances
        self.phase = phase
        self.actor = actor  # NOBODY when over
        self.turn_seat = turn_seat
        self.round_no = round_no
        self.turns = turns
        self.hands = hands
        self.known = known  # cards everybody knows to be in a hand
        self.village = village  # each seat's Zahahnie
        self.fort = fort  # per heart: its Roke Zibahl, or -1
        self.forted = forted  # hearts with a Roke Zibahl
        self.resh = resh  # hearts whose Roke Zibahl has the Reshpel
        self.tabled = tabled  # the Roke Zibahl and the Reshpel on the table, as cards
        self.in_play = in_play
        self.discard = discard
        self.dmask = dmask  # the discard pile as a mask
        self.pord = pord
        self.pending = pending  # NONE, ATTACKED, RAZED or TRADE, then:
        self.by = by  # the attacker or proposer
        self.card = card  # the attacking card, or the item given
        self.owner = owner  # who answers
        self.target = target  # the heart attacked or razed, or the item asked for
        self.taker = taker  # who took the Pord's last card (-1: not exhausted)
        self.when = when  # on which turn
        self.winner = winner
        self.drawn = drawn
        self.reached_cap = reached_cap

    # The turn ---------------------------------------------------------------------------------
    def _turn_legal(self) -> list[int]:
        seat = self.turn_seat
        hand = self.hands[seat]
        village = self.village
        forted = self.forted
        in_play = self.in_play
        others = [o for o in range(self.players) if o != seat and in_play[o]]
        out: list[int] = []
        dia = hand >> 13 & M13
        spa = hand >> 26 & M13
        clu = hand >> 39
        if dia and self.taker < 0 and self.pord:
            out += BUYS[dia]
        if others:
            if spa:
                targets: list[int] = []
                for o in others:
                    targets += _targets(o, village[o])
                if targets:
                    pick = _picker(targets)
                    for c in SPADE_CARDS[spa]:
                        out += pick(ATTACKS[c])
            if dia:
                targets = []
                for o in others:
                    targets += _targets(o, village[o] & ~forted)
                if targets:
                    pick = _picker(targets)
                    for c in DIAMOND_CARDS[dia]:
                        out += pick(RAZES[c])
        own = village[seat]
        if clu and own:
            bare = BITS[own & ~forted]
            built = BITS[own & forted]
            forts = CLUB_CARDS[clu & ~1]  # the Reshpel is no Roke Zibahl
            if bare:
                for c in forts:
                    base = BUILD + (c << 4)
                    out += [base + h for h in bare]
            if built:
                fort = self.fort
                for c in forts:
                    out += [EXCHANGE + (c << 4) + h for h in built if fort[h] != c]
                if clu & 1:
                    out += [RESHPEL + h for h in BITS[own & forted & ~self.resh]]
        if others:
            # Asked for: any hand card the seat cannot see, then the partner's Zahahnie.
            unseen = cards(NONHEART & ~(hand | self.dmask | self.tabled))
            asks: list[int] = []
            pick = _picker(unseen) if unseen else _none
            for o in others:
                asks += pick(ASKS[o])
                asks += _heart_asks(o, village[o])
            if asks:
                pick = _picker(asks)
                for g in cards(hand):
                    out += pick(OFFERS[g])
                for g in BITS[own]:
                    out += pick(OFFERS[g])
        return out or [PASS]

    def _act(self, action: int) -> None:
        seat = self.turn_seat
        if action >= OFFER:
            action -= OFFER
            self.pending = TRADE
            self.by = seat
            self.card = action >> 10
            self.owner = owner = action >> 6 & 15
            self.target = action & 63
            self.phase = OFFERED
            self.actor = owner
            return
        if action >= ATTACK:
            raze = action >= RAZE
            action -= RAZE if raze else ATTACK
            card = action >> 8
            owner = action >> 4 & 15
            heart = action & 15
            self._lose(seat, card)
            if not raze:
                fort = self.fort[heart]
                if fort >= 0 and card != SPY and card % 13 <= fort % 13 + (
                        2 if self.resh >> heart & 1 else 0):
                    self._discard(card)  # the Roke Zibahl holds
                    self._after_action()
                    return
            self.pending = RAZED if raze else ATTACKED
            self.by = seat
            self.card = card
            self.owner = owner
            self.target = heart
            self.phase = ANSWER
            self.actor = owner
            return
        if action >= EXCHANGE:
            action -= EXCHANGE
            card = action >> 4
            heart = action & 15
            self._lose(seat, card)
            old = self.fort[heart]
            self.fort[heart] = card
            self.tabled ^= (1 << old) | (1 << card)
            hands, known = self.hands, self.known
            hands[seat] = hands[seat] | 1 << old
            known[seat] = known[seat] | 1 << old  # the fort taken back was seen
        elif action >= BUILD:
            action -= BUILD
            card = action >> 4
            heart = action & 15
            self._lose(seat, card)
            self.fort[heart] = card
            self.forted |= 1 << heart
            self.tabled |= 1 << card
        elif action >= RESHPEL:
            self._lose(seat, RESHPEL_CARD)
            self.resh |= 1 << (action - RESHPEL)
            self.tabled |= RESHPEL_BIT
        elif action >= BUY:
            card = action - BUY
            self._lose(seat, card)
            self._discard(card)
            self._take_from_pord(seat, min(worth(1 << card % 13), len(self.pord)))
        self._after_action()

    # Pieces moving ------------------------------------------------------------------------------
    def _lose(self, seat: int, card: int) -> None:
        bit = 1 << card
        hands, known = self.hands, self.known
        hands[seat] = hands[seat] ^ bit
        known[seat] = known[seat] & ~bit

    def _gain(self, seat: int, card: int) -> None:
        # A Zahahnie is laid out at once.
        if card < 13:
            village = self.village
            village[seat] = village[seat] | 1 << card
        else:
            hands = self.hands
            hands[seat] = hands[seat] | 1 << card

    def _discard(self, card: int) -> None:
        self.discard.append(card)
        self.dmask |= 1 << card

    def _take_from_pord(self, seat: int, count: int) -> None:
        pord = self.pord
        for _ in range(count):
            self._gain(seat, pord.pop())
        if not pord:
            self.taker = seat
            self.when = self.turns

    def _remove_entry(self, seat: int, heart: int) -> None:
        """The Zahahnie leaves the table; its fort and Reshpel go to the discard pile."""
        bit = 1 << heart
        village = self.village
        village[seat] = village[seat] ^ bit
        if self.forted & bit:
            self._clear_fort(heart)

    def _clear_fort(self, heart: int) -> None:
        bit = 1 << heart
        fort = self.fort[heart]
        self.fort[heart] = -1
        self.forted ^= bit
        self.tabled ^= 1 << fort
        self._discard(fort)
        if self.resh & bit:
            self.resh ^= bit
            self.tabled ^= RESHPEL_BIT
            self._discard(RESHPEL_CARD)

    # The answer -------------------------------------------------------------------------------
    def _answers(self) -> list[int]:
        hand = self.hands[self.owner]
        above = self.card % 13 + 1  # the ranks that beat the card (the spy, rank 0, never does)
        out = [DEFEND + c for c in SPADE_CARDS[(hand >> 26 & M13) >> above << above]]
        if self.pending == RAZED:
            out += [REBUILD + c for c in DIAMOND_CARDS[(hand >> 13 & M13) >> above << above]]
        out.append(YIELD)
        return out

    def _answer(self, action: int) -> None:
        kind = self.pending
        card = self.card
        owner = self.owner
        heart = self.target
        self.pending = NONE
        self._discard(card)
        if action == YIELD:
            self._remove_entry(owner, heart)
            if kind == ATTACKED:
                village = self.village
                village[self.by] = village[self.by] | 1 << heart
            elif self.rules.razed_to_pord:
                self.chances += 1
                pord = self.pord
                pord.insert(self.rng.below(len(pord) + 1), heart)
            else:
                self._discard(heart)
        else:
            answer = action - (REBUILD if action >= REBUILD else DEFEND)
            self._lose(owner, answer)
            self._discard(answer)
            if kind == ATTACKED and self.forted >> heart & 1:
                self._clear_fort(heart)  # beaten before the defence
        self._after_action()

    def _answer_offer(self, action: int) -> None:
        self.pending = NONE
        if action == ACCEPT:
            proposer = self.by
            owner = self.owner
            give = self.card
            take = self.target
            self._hand_over(proposer, give)
            self._hand_over(owner, take)
            self._gain(owner, give)
            self._gain(proposer, take)
            known = self.known
            if give >= 13:
                known[owner] = known[owner] | 1 << give
            if take >= 13:
                known[proposer] = known[proposer] | 1 << take
        self._after_action()

    def _hand_over(self, seat: int, item: int) -> None:
        if item < 13:
            self._remove_entry(seat, item)
        else:
            self._lose(seat, item)

    # The draw and the end of the turn ---------------------------------------------------------
    def _draw_limit(self) -> int:
        if self.taker >= 0:
            return 0
        own = self.village[self.turn_seat]
        if not own:
            return 0
        count = own.bit_count() if self.rules.count_by_cards else worth(own)
        allowance = 3 if count >= 12 else 2 if count >= 9 else 1
        return min(allowance, len(self.pord))

    def _after_action(self) -> None:
        if self._settle():
            return
        if self.in_play[self.turn_seat] and self._draw_limit() > 0:
            self.phase = DRAWING
            self.actor = self.turn_seat
            return
        self._end_turn()

    def _settle(self) -> bool:
        """Players without Zahahnie and cards go out; True if the game is over."""
        in_play = self.in_play
        village = self.village
        hands = self.hands
        gone: list[int] = []
        alive = 0
        last = -1
        for s in range(self.players):
            if in_play[s]:
                if not village[s] and not hands[s]:
                    in_play[s] = False
                    gone.append(s)
                else:
                    alive += 1
                    last = s
        for s in range(self.players):
            if village[s] == HEARTS:
                self._finish(s)
                return True
        if alive == 1:
            self._finish(last)
            return True
        if not alive:
            self.drawn = gone
            self._finish(NOBODY)
            return True
        return False

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = OVER
        self.actor = NOBODY
        self.pending = NONE

    def _end_turn(self) -> None:
        n = self.players
        seat = self.turn_seat
        in_play = self.in_play
        taker = self.taker
        if taker >= 0 and ((seat == taker and self.turns > self.when) or not in_play[taker]):
            self._reshuffle(taker)
        nxt = seat
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if in_play[nxt]:
                break
        if nxt <= seat:
            self.round_no += 1
            if self.round_no > self.rules.round_cap:
                self.reached_cap = True
                self.drawn = [s for s in range(n) if in_play[s]]
                self._finish(NOBODY)
                return
        self.turns += 1
        self.turn_seat = self.actor = nxt
        self.phase = TURN

    def _reshuffle(self, taker: int) -> None:
        pile = self.discard + self.pord
        self.discard = []
        self.dmask = 0
        self.pord = pile
        if pile:
            self.chances += 1
            self.rng.shuffle(pile)
            self.taker = -1
        else:
            # Nothing to shuffle: the wait starts again.
            self.taker = taker
            self.when = self.turns

    # The contract ----------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return self._turn_legal()
        if phase == OFFERED:
            take = self.target
            if take < 13 or self.hands[self.owner] >> take & 1:
                return [ACCEPT, REFUSE]
            return [REFUSE]
        if phase == DRAWING:
            return DRAWS[self._draw_limit()][:]
        if phase == ANSWER:
            return self._answers()
        return []

    def step(self, action: int) -> None:
        phase = self.phase
        if phase == TURN:
            self._act(action)
        elif phase == OFFERED:
            self._answer_offer(action)
        elif phase == DRAWING:
            if action > DRAW:
                self._take_from_pord(self.turn_seat, action - DRAW)
            if not self._settle():
                self._end_turn()
        else:
            self._answer(action)

    def returns(self) -> list[float]:
        n = self.players
        winner = self.winner
        if winner >= 0:
            return [1.0 if s == winner else -1.0 for s in range(n)]
        if self.phase == OVER:
            drawn = self.drawn
            return [0.0 if s in drawn else -1.0 for s in range(n)]
        return [0.0] * n

    def estimate(self) -> list[float] | None:
        """The readable win model: exp of the weighted features, shared out over the seats in
        play, as a return in [-1, 1]."""
        odds: list[float] = []
        hands = self.hands
        village = self.village
        in_play = self.in_play
        for s in range(self.players):
            if not in_play[s]:
                odds.append(0.0)
                continue
            row = village[s]
            hand = hands[s]
            w = worth(row)
            odds.append(exp(W0 * row.bit_count() + W1 * (w * w / 20.0)
                            + W2 * hand.bit_count() + W3 * (hand & SPADES).bit_count()
                            + W4 * worth(hand >> 13 & M13) + W5 * (hand & CLUBS).bit_count()))
        total = sum(odds)
        return [2.0 * o / total - 1.0 for o in odds]

    def copy(self) -> AhzchimFast:
        return AhzchimFast(
            self.rules, self.rng, self.chances, self.phase, self.actor, self.turn_seat,
            self.round_no, self.turns, self.hands[:], self.known[:], self.village[:],
            self.fort[:], self.forted, self.resh, self.tabled, self.in_play[:],
            self.discard[:], self.dmask, self.pord[:], self.pending, self.by, self.card,
            self.owner, self.target, self.taker, self.when, self.winner, self.drawn[:],
            self.reached_cap)

    def determinize(self, seat: int, rng: Rng) -> AhzchimFast:
        """The other hands and the Pord dealt afresh. Cards known in a hand stay there (and a card
        offered in a pending trade, which was shown); a Zahahnie in the Pord stays in the Pord;
        the Pord is shuffled."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hands = twin.hands
        keep = self.known[:]
        if self.pending == TRADE and self.card >= 13 and self.by != seat:
            keep[self.by] = keep[self.by] | 1 << self.card
        pool = 0
        for s in range(self.players):
            if s != seat:
                keep[s] = keep[s] & hands[s]
                pool |= hands[s] ^ keep[s]
        pord_hearts = 0
        for c in self.pord:
            if c < 13:
                pord_hearts |= 1 << c
            else:
                pool |= 1 << c
        # Gathered as a set, so that where the unseen cards really lie cannot steer the deal.
        fresh = cards(pool)
        rng.shuffle(fresh)
        i = 0
        for s in range(self.players):
            if s != seat:
                end = i + hands[s].bit_count() - keep[s].bit_count()
                mask = keep[s]
                for c in fresh[i:end]:
                    mask |= 1 << c
                hands[s] = mask
                i = end
        pord = fresh[i:]
        pord += BITS[pord_hearts]
        rng.shuffle(pord)
        twin.pord = pord
        return twin

    def key(self) -> tuple[object, ...]:
        # The fields of a pending answer and of the exhausted Pord only while they hold.
        pending = (self.pending, self.by, self.card, self.owner, self.target) \
            if self.pending != NONE else (NONE,)
        exhausted = (self.taker, self.when) if self.taker >= 0 else (-1,)
        return (self.chances, self.phase, self.actor, self.turn_seat, self.round_no, self.turns,
                tuple(self.hands), tuple(self.known), tuple(self.village), tuple(self.fort),
                self.forted, self.resh, self.tabled, tuple(self.in_play), tuple(self.discard),
                self.dmask, tuple(self.pord), pending, exhausted, self.winner,
                tuple(self.drawn), self.reached_cap)


# The readable game's side ------------------------------------------------------------------------
def _rules(game: Any) -> Rules | None:
    options = game.options
    if game.info.id != "ahzchim" or options["chips"] or not 2 <= game.players <= 10:
        return None
    key = (game.players, options["count_by"] == "cards", options["razed_to"] == "pord",
           int(options["round_cap"]))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules(*key)
    return rules




def _mask(names: list[str]) -> int:
    mask = 0
    for name in names:
        mask |= 1 << card_of(name)
    return mask


def _item(item: Any) -> int:
    """A trade's item: a hand card, or a Zahahnie (a Spot) as its heart."""
    return card_of(item if isinstance(item, str) else item.zah)


def twin(state: Any, seed: int) -> AhzchimFast | None:
    rules = _rules(state.game)
    if rules is None:
        return None
    n = rules.players
    village = [0] * n
    fort = [-1] * 13
    forted = resh = tabled = 0
    for s, row in enumerate(state.zah):
        for zah, on, reshpel in row:
            heart = card_of(zah)
            village[s] |= 1 << heart
            if on:
                fort[heart] = card_of(on)
                forted |= 1 << heart
                tabled |= 1 << card_of(on)
            if reshpel:
                resh |= 1 << heart
                tabled |= RESHPEL_BIT
    phase = {"turn": TURN, "answer": ANSWER, "offer": OFFERED, "draw": DRAWING,
             "over": OVER}[state.phase]
    pending = NONE
    by = card = owner = target = -1
    if state.pending is not None:
        if state.pending[0] == "offer":
            _, by, give, owner, take = state.pending
            pending, card, target = TRADE, _item(give), _item(take)
        else:
            kind, by, name, owner, index = state.pending
            pending = ATTACKED if kind == "attack" else RAZED
            card = card_of(name)
            target = card_of(state.zah[owner][index][0])
    taker, when = state.exhausted if state.exhausted is not None else (-1, 0)
    chances = 1 + state.chances_since_deal  # the deal, then the generator's draws
    discard = [card_of(c) for c in state.discard]
    return AhzchimFast(
        rules, Rng(seed), chances, phase, NOBODY if phase == OVER else state.to_act,
        state.turn_seat, state.round, state.turns, [_mask(h) for h in state.hands],
        [_mask(k) for k in state.known], village, fort, forted, resh, tabled,
        list(state.in_play), discard, _mask(state.discard), [card_of(c) for c in state.pord],
        pending, by, card, owner, target, taker, when,
        NOBODY if state.winner is None else state.winner, list(state.drawn),
        bool(state.reached_cap))


# By identity: the readable game hands out the same action objects again and again, and an
# Offer hashes slowly. The entry holds the object, so its id is not reused while it is here.
_ENCODED: dict[int, tuple[Any, int]] = {}


def encode(action: Any) -> int:
    entry = _ENCODED.get(id(action))
    if entry is not None and entry[0] is action:
        return entry[1]
    number = _encode(action)
    if len(_ENCODED) > 200_000:
        _ENCODED.clear()
    _ENCODED[id(action)] = (action, number)
    return number


def _encode(action: Any) -> int:
    kind = type(action).__name__
    if kind == "Word":
        return ("pass", "yield", "accept", "refuse").index(action.word)
    if kind == "Draw":
        return DRAW + int(action.count)
    if kind == "Buy":
        return BUY + card_of(action.card)
    if kind == "Defend":
        return DEFEND + card_of(action.card)
    if kind == "Rebuild":
        return REBUILD + card_of(action.card)
    if kind == "AddReshpel":
        return RESHPEL + card_of(action.spot.zah)
    if kind in ("Build", "Exchange"):
        base = BUILD if kind == "Build" else EXCHANGE
        return base + (card_of(action.card) << 4) + card_of(action.spot.zah)
    if kind in ("Attack", "Raze"):
        base = ATTACK if kind == "Attack" else RAZE
        return base + (card_of(action.card) << 8) + (int(action.owner) << 4) + \
            card_of(action.spot.zah)
    if kind == "Offer":
        return OFFER + (_item(action.give) << 10) + (int(action.owner) << 6) + _item(action.take)
    raise ValueError(f"{action!r} is not an Ahzchim action")


def census(fast: AhzchimFast) -> list[int]:
    out = list(fast.pord) + list(fast.discard)
    for s in range(fast.players):
        out += cards(fast.hands[s])
        out += BITS[fast.village[s]]
    for h in BITS[fast.forted]:
        out.append(fast.fort[h])
    if fast.resh:
        out.append(RESHPEL_CARD)
    if fast.pending in (ATTACKED, RAZED):
        out.append(fast.card)  # the attacking card, on the table until answered
    return out
