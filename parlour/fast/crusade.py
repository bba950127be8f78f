"""Crusade's rules, the only copy: the deal, the trump bid, the tie-break, the tricks and the
scoring, for 3 to 5 players, one hand or a match, in the order of docs/rules/crusade.md (the
seed's Crusade section; the scoring is GAMES.md's). parlour/games/crusade.py is the readable layer
on top: action objects, notation, views and the log, narrated from the events a step emits here.

Cards. A card is its index in VIASHI_CARDS: suit * 9 + number - 1 for the five suits (W R P B G),
45 + the god's number - 1 for the gods (45 the Lady .. 53 the Changeling), so a card's suit is
card // 9 (the gods are suit 5) and its number card % 9 + 1: "the lowest number" is the lowest
card of a suit, and a hand in the table order (suit by suit, lowest number first) is ascending
(parlour/fast/tricks.py). A hand is a 54-bit mask; the extras keep the order they were dealt in.

Actions, the game's one numbering (Game.action_id, records, search): bidding card c is c; playing
it is 54 + c; picking suit s (W R P B G) at the tie is 108 + s; the pass is 113.

A seat is asked at the tie in bid order (from the dealer's left), so the tie keeps only the count
of passes so far. The game draws from its generator for each deal only: `chances` counts them.
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy
from .tricks import GODS, LOWEST, SUIT_MASK, cards_of, follow, mask_of, trick_card

# For mypyc (as parlour/fast/arschloch.py says): constants and tables are Final, and a list item
# is updated as `xs[i] = xs[i] | bit`, never `xs[i] |= bit`.
N_CARDS: Final = 54
ALL: Final = (1 << N_CARDS) - 1
PLAY: Final = 54  # the action of playing card c is PLAY + c; bidding it is c
PICK: Final = 108  # the action of picking suit s at the tie is PICK + s
PASS: Final = 113
ACTIONS: Final = 114
FIRST_GOD: Final = 45
SUIT_CARDS: Final = (1 << FIRST_GOD) - 1  # the cards a bid may be

PLAYING: Final = 0
BIDDING: Final = 1
TIE: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("play", "bid", "tie", "over")

# The rank (bit) that takes a trick among a suit's ranks in it: "The card with the lowest number
# takes the trick, unless that card is a Queen (1), and a Fool (9) was played" (of that suit: a
# Fool of another suit was a sluff). A god trick goes to the lowest god (GAMES.md): LOWEST.
CAPTURE: Final[list[int]] = [8 if chunk & 1 and chunk & 256 else LOWEST[chunk]
                             for chunk in range(512)]


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
DEALT: Final = 0  # seat dealt hand number `other`; cards: the extras, out unseen
BID: Final = 1  # seat laid its bid face down
BIDS_UP: Final = 2  # the bids turned over: cards, by the seats in more (bid order)
TIED: Final = 3  # cards tie; `other` is the god whose holder may pick
PICKED: Final = 4  # seat revealed the god cards[0] and picked suit `other`
PASSED: Final = 5  # seat did not reveal the god
TRUMP: Final = 6  # `other` is trump (-1: none), seat leads
PLAYED: Final = 7  # seat played cards[0]
TRICK_WON: Final = 8  # seat took the trick led by `other`, cards as played
FOOL: Final = 9  # a Fool took a trick its Queen would have taken
TRUMPED: Final = 10  # a trump took a trick led in another suit
SCORED: Final = 11  # the hand is over: more, the tricks each seat took
GAME_OVER: Final = 12
EVENT_NAMES: Final = ("dealt", "bid", "bids up", "tie", "god picks", "pass", "trump", "played",
                      "trick won", "fool takes queen", "trumped", "hand scored", "game over")

# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
WRONG_KIND: Final = 1  # not a move of this phase
NOT_HELD: Final = 2
GOD_BID: Final = 3
NOT_HOLDER: Final = 4  # a pick by a seat without the tie's god
NOT_TIED: Final = 5  # a pick of a suit no tied bid is of
MUST_FOLLOW: Final = 6


class CrusadeFast(FastState):
    """A position: the deal, the bid, the tie, the tricks of each hand of the match."""

    hands_total: int  # 1, or one hand per dealer in a match
    phase: int
    actor: int  # the seat to act, NOBODY when over
    hand_no: int  # hands dealt
    dealer: int
    hands: list[int]
    extras: tuple[int, ...]  # out unseen, as dealt
    bids: list[int]  # per seat, -1 before it bids; set aside face up once all have bid
    tied: list[int]  # the seats of the disputing bids, in bid order
    tie_god: int  # the god of the tied number (-1: no tie)
    passes: int  # seats that passed at the tie so far
    revealed: int  # the seat that showed the tie's god (-1: none)
    trump: int  # a suit, -1 for none
    bid_winner: int
    trick: list[int]  # its cards, the leader's first
    leader: int
    tricks: list[int]  # taken this hand
    taken: list[int]  # masks of the cards of those tricks
    scores: list[int]
    heuristic = True  # heuristic_action below

    def __init__(self, players: int, hands_total: int, rng: Rng,
                 src: CrusadeFast | None = None) -> None:
        self.players = players
        self.hands_total = hands_total
        self.rng = rng
        self.events = None
        if src is None:
            self.chances = self.hand_no = 0
            self.scores = [0] * players
            return
        self.chances = src.chances
        self.phase = src.phase
        self.actor = src.actor
        self.hand_no = src.hand_no
        self.dealer = src.dealer
        self.hands = src.hands[:]
        self.extras = src.extras
        self.bids = src.bids[:]
        self.tied = src.tied[:]
        self.tie_god = src.tie_god
        self.passes = src.passes
        self.revealed = src.revealed
        self.trump = src.trump
        self.bid_winner = src.bid_winner
        self.trick = src.trick[:]
        self.leader = src.leader
        self.tricks = src.tricks[:]
        self.taken = src.taken[:]
        self.scores = src.scores[:]

    def copy(self) -> CrusadeFast:
        return CrusadeFast(self.players, self.hands_total, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    # The deal ---------------------------------------------------------------------------------
    def deal(self, cards: list[int] | None) -> None:
        """"The cards are shuffled and dealt to all players. Extra cards are removed from play
        without being looked at": one card at a time from the dealer's left, the extras the
        last of the deck. `cards` stacks the deck (top first)."""
        if cards is None:
            cards = list(range(N_CARDS))
            self.rng.shuffle(cards)
        n = self.players
        self.chances += 1
        self.hand_no += 1
        # Seat 0 sits on the first dealer's left, so the first dealer is the last seat; the deal
        # moves one seat to the left each hand.
        self.dealer = (self.hand_no - 2 + n) % n
        first = (self.dealer + 1) % n
        per = N_CARDS // n
        hands = [0] * n
        for k in range(n):  # the k-th player from the dealer's left gets cards k, k + n, ...
            hands[(first + k) % n] = mask_of(cards[k:per * n:n])
        self.hands = hands
        self.extras = tuple(cards[per * n:])
        self.bids = [-1] * n
        self.tied = []
        self.tie_god = self.revealed = self.trump = self.bid_winner = self.leader = -1
        self.passes = 0
        self.trick = []
        self.tricks = [0] * n
        self.taken = [0] * n
        self.phase = BIDDING
        self.actor = first
        self.emit(DEALT, self.dealer, self.hand_no, self.extras)

    def next_seat(self, seat: int) -> int:
        seat += 1
        return 0 if seat == self.players else seat

    def bid_order(self) -> list[int]:
        """The seats from the dealer's left: the order of the bid and of the tie."""
        n = self.players
        return [(self.dealer + 1 + k) % n for k in range(n)]

    # The trump bid ----------------------------------------------------------------------------
    def bid(self, seat: int, card: int) -> None:
        """"Each player picks a card to use as the trump bid ... The trump bids are played to the
        table face-down, and then when each player has played, they are turned over.\""""
        self.hands[seat] = self.hands[seat] ^ 1 << card
        self.bids[seat] = card
        self.emit(BID, seat)
        if seat == self.dealer:  # the dealer bids last
            self.reveal_bids()
        else:
            self.actor = self.next_seat(seat)

    def reveal_bids(self) -> None:
        """"The suit of the lowest numbered card becomes trump, unless that card is a Queen (1)
        card, and there is a Fool (9) card showing, in which case the Fool's suit becomes trump."
        A tie goes to the holder of the god of that number, who may reveal it and pick."""
        order = self.bid_order()
        bids = [self.bids[s] for s in order]
        self.emit(BIDS_UP, -1, -1, tuple(bids), tuple(order))
        numbers = [card % 9 for card in bids]  # number - 1
        low = min(numbers)
        if low == 0 and 8 in numbers:
            low = 8
        tied = [s for s, number in zip(order, numbers) if number == low]
        if len(tied) == 1:
            self.start_play(tied[0], self.bids[tied[0]] // 9)
            return
        self.tied = tied
        self.tie_god = FIRST_GOD + low
        self.emit(TIED, -1, self.tie_god, tuple(self.bids[s] for s in tied))
        # Every seat is asked in turn from the dealer's left, so that passing does not tell who
        # holds the god (it may also be out with the extras).
        self.passes = 0
        self.phase = TIE
        self.actor = order[0]

    def tie_suits(self) -> list[int]:
        return [self.bids[s] // 9 for s in self.tied]

    def pick(self, seat: int, suit: int) -> None:
        """GAMES.md: the player who bid the picked suit leads."""
        self.revealed = seat
        self.emit(PICKED, seat, suit, (self.tie_god,))
        self.start_play(self.tied[self.tie_suits().index(suit)], suit)

    def pass_tie(self, seat: int) -> None:
        self.emit(PASSED, seat)
        self.passes += 1
        if self.passes < self.players:
            self.actor = self.next_seat(seat)
        else:
            # "If the god card is not revealed the game is played without a trump suit";
            # GAMES.md: the first tied bidder from the dealer's left leads.
            self.start_play(self.tied[0], -1)

    def start_play(self, leader: int, trump: int) -> None:
        """"Play starts with the player winning the trump bid and proceeds around the table.\""""
        self.trump = trump
        self.bid_winner = leader
        self.leader = self.actor = leader
        self.passes = 0
        self.phase = PLAYING
        self.emit(TRUMP, leader, trump)

    # The contract ----------------------------------------------------------------------------
    def legal(self) -> list[int]:
        phase = self.phase
        if phase == PLAYING:
            hand = self.hands[self.actor]
            if self.trick:
                # "Players must follow suit if they can."
                hand = follow(hand, self.trick[0] // 9)
            return cards_of(hand, PLAY)
        if phase == BIDDING:
            return cards_of(self.hands[self.actor] & SUIT_CARDS)  # "cannot be a god card"
        if phase == TIE:
            if self.hands[self.actor] >> self.tie_god & 1:
                return [PICK + suit for suit in self.tie_suits()] + [PASS]
            return [PASS]
        return []

    def why_not(self, action: int) -> int:
        """Why `action` (any number, -1 for a move of no kind) may not be made now, or LEGAL."""
        phase = self.phase
        hand = self.hands[self.actor] if self.actor >= 0 else 0
        if phase == BIDDING:
            if not 0 <= action < PLAY:
                return WRONG_KIND
            if not hand >> action & 1:
                return NOT_HELD
            return GOD_BID if action >= FIRST_GOD else LEGAL
        if phase == TIE:
            if action == PASS:
                return LEGAL
            if not PICK <= action < PASS:
                return WRONG_KIND
            if not hand >> self.tie_god & 1:
                return NOT_HOLDER
            return LEGAL if action - PICK in self.tie_suits() else NOT_TIED
        if phase != PLAYING or not PLAY <= action < PICK:
            return WRONG_KIND
        if not hand >> (action - PLAY) & 1:
            return NOT_HELD
        return LEGAL if action in self.legal() else MUST_FOLLOW

    def step(self, action: int) -> None:
        seat = self.actor
        phase = self.phase
        if phase == PLAYING:
            card = action - PLAY
            self.hands[seat] = self.hands[seat] ^ 1 << card
            trick = self.trick
            trick.append(card)
            if self.events is not None:
                self.emit(PLAYED, seat, -1, (card,))
            if len(trick) < self.players:
                self.actor = self.next_seat(seat)
            else:
                self.end_trick()
        elif phase == BIDDING:
            self.bid(seat, action)
        elif action == PASS:
            self.pass_tie(seat)
        else:
            self.pick(seat, action - PICK)

    # The tricks ------------------------------------------------------------------------------
    def end_trick(self) -> None:
        """"If a player cannot follow suit, they may "sluff" a card of some other suit which
        cannot take the trick, or they may play a trump. Cards of the trump suit will take the
        trick, unless a lower numbered trump was played, a Fool of trump was played on the Queen
        of trump, or the lead suit was god cards." The winner leads the next."""
        trick = self.trick
        best = taker(trick, self.trump)
        leader = self.leader
        winner = (leader + trick.index(best)) % self.players
        if self.events is not None:
            lead = trick[0] // 9
            if best // 9 != lead:
                self.emit(TRUMPED, winner)
            elif best % 9 == 8 and lead != GODS and 1 << (lead * 9) & mask_of(trick):
                self.emit(FOOL, winner)
            self.emit(TRICK_WON, winner, leader, tuple(trick))
        self.tricks[winner] = self.tricks[winner] + 1
        self.taken[winner] = self.taken[winner] | mask_of(trick)
        self.trick = []
        self.leader = self.actor = winner
        if not self.hands[winner]:
            self.end_hand()

    def end_hand(self) -> None:
        """GAMES.md: a trick is a point; the hand goes to the most tricks; a match is one hand
        per player as dealer, the points added up."""
        scores, tricks = self.scores, self.tricks
        for s in range(self.players):
            scores[s] = scores[s] + tricks[s]
        self.emit(SCORED, -1, -1, (), tuple(tricks))
        if self.hand_no >= self.hands_total:
            self.phase = OVER
            self.actor = NOBODY
            self.emit(GAME_OVER)
        else:
            self.deal(None)

    def returns(self) -> list[float]:
        """Each seat's points: a trick is a point (GAMES.md)."""
        return [float(s) for s in self.scores]

    # The heuristic (medium) -------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        hand = self.hands[self.actor]
        seen = hand | mask_of(self.trick)
        for s in range(self.players):
            seen |= self.taken[s]
            if self.bids[s] >= 0:
                seen |= 1 << self.bids[s]
        return heuristic_choice(legal, hand, self.trick, self.trump, self.players, ALL ^ seen)

    # What a seat may know ---------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> CrusadeFast:
        """The other hands and the extras dealt afresh, and while the bid lasts the others'
        face-down bids (never a god); a god shown at the tie stays with its holder."""
        det = CrusadeFast(self.players, self.hands_total, Rng(rng.seed()), self)
        hands, bids, n = det.hands, det.bids, self.players
        shown = 0
        if self.revealed >= 0 and self.revealed != seat:
            shown = hands[self.revealed] & 1 << self.tie_god
        unknown = mask_of(self.extras)
        for s in range(n):
            if s != seat:
                unknown |= hands[s]
        unknown ^= shown
        hidden_bids = [s for s in range(n)
                       if self.phase == BIDDING and s != seat and bids[s] >= 0]
        for s in hidden_bids:
            unknown |= 1 << bids[s]
        # Drawn from the unknown cards in card order: where they really lie must not steer it.
        pool = cards_of(unknown)
        for s in hidden_bids:
            # A non-god drawn uniformly from the pool, the rest shuffled below.
            i = rng.below(len(pool))
            while pool[i] >= FIRST_GOD:
                i = rng.below(len(pool))
            bids[s] = pool[i]
            pool[i] = pool[-1]
            pool.pop()
        rng.shuffle(pool)
        i = 0
        for s in range(n):
            if s != seat:
                mine = shown if s == self.revealed else 0
                size = hands[s].bit_count() - mine.bit_count()
                hands[s] = mask_of(pool[i:i + size]) | mine
                i += size
        det.extras = tuple(pool[i:])
        return det

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CrusadeFast) and self.key() == other.key()


# Every field of a position but its generator and events: what equal positions share, and what a
# pickled readable state keeps (a compiled position does not pickle).
FIELDS: Final = ("players", "hands_total", "chances", "phase", "actor", "hand_no", "dealer",
                 "hands", "extras", "bids", "tied", "tie_god", "passes", "revealed", "trump",
                 "bid_winner", "trick", "leader", "tricks", "taken", "scores")


def start(players: int, hands_total: int, rng: Rng, cards: list[int] | None,
          events: list[Event] | None = None) -> CrusadeFast:
    """A new game, its first hand dealt from `cards` (top first) or a shuffle."""
    position = CrusadeFast(players, hands_total, rng)
    position.events = events
    position.deal(cards)
    return position


def taker(trick: list[int], trump: int) -> int:
    """The card that takes a trick of these cards (the lead first): "God cards are immune to
    trump", so a god lead is taken by the lowest god."""
    lead = trick[0] // 9
    return trick_card(mask_of(trick), lead, LOWEST if lead == GODS else CAPTURE,
                      -1 if lead == GODS else trump, CAPTURE)


# The heuristic (medium) -----------------------------------------------------------------------
def worth(card: int, trump: int) -> int:
    """How much a card is worth keeping: trumps above plain cards, low numbers above high."""
    return 9 - card % 9 + (10 if card // 9 == trump else 0) + (5 if card >= FIRST_GOD else 0)


def suit_worth(hand: int, suit: int) -> int:
    return sum(19 - card % 9 for card in cards_of(hand & SUIT_MASK[suit]))


def _holds(plays: list[int], trump: int, unseen: int) -> bool:
    """Whether the last play, which takes the trick so far, stays the winner against any one
    unseen card of the suit led (a god on a god lead) added. Trumping in by a void player is a
    risk it takes."""
    mine = plays[-1]
    for card in cards_of(unseen & SUIT_MASK[plays[0] // 9]):
        if taker(plays + [card], trump) != mine:
            return False
    return True


def heuristic_choice(legal: list[int], hand: int, trick: list[int], trump: int, players: int,
                     unseen: int) -> int:
    """Bids for trump in its longest suit (keeping the Queen to rule the trumps); picks the tied
    suit it holds most of; leads a card nobody can beat when it has one, else its weakest;
    follows with the cheapest card that takes the trick when that card will hold (or it plays
    last), else with its weakest; trumps in when void and the trump will hold."""
    first = legal[0]
    if first < PLAY:  # the bid
        suit = max(range(5), key=lambda s: suit_worth(hand, s))
        mine = [a for a in legal if a // 9 == suit]
        if not mine:
            return max(legal, key=lambda a: a % 9)
        return mine[1] if len(mine) > 2 and mine[0] % 9 == 0 else mine[0]
    if first >= PICK:  # the tie
        picks = [a for a in legal if a != PASS]
        return max(picks, key=lambda a: suit_worth(hand, a - PICK)) if picks else PASS
    if not trick:
        safe = [a for a in legal if _holds([a - PLAY], trump, unseen)]
        return min(safe or legal, key=lambda a: worth(a - PLAY, trump))
    last = len(trick) == players - 1
    takers = [a for a in legal if taker(trick + [a - PLAY], trump) == a - PLAY]
    for a in sorted(takers, key=lambda a: worth(a - PLAY, trump)):
        if last or _holds(trick + [a - PLAY], trump, unseen):
            return a
    return min(legal, key=lambda a: worth(a - PLAY, trump))


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, CrusadeFast, seed)


def census(fast: CrusadeFast) -> list[int]:
    """Every card of the position: hands, extras, bids, the trick and the tricks taken."""
    cards = list(fast.extras) + [c for c in fast.bids if c >= 0] + fast.trick
    for s in range(fast.players):
        cards += cards_of(fast.hands[s]) + cards_of(fast.taken[s])
    return cards
