"""Two-Faced's rules, the only copy: the deal, the draft, the play of the tricks with the dummies,
the capture and the result, in the order of docs/rules/two_faced.md (the seed's Two-Faced
section). parlour/games/two_faced.py is the readable layer on top: action objects, notation,
views and the log, narrated from the events a step emits here.

Cards. A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G),
45 + the god's rank - 1 for the gods (45 the Lady .. 53 the Changeling): a suit is a run of nine
numbers, the gods the sixth suit, and within a suit a lower number is a stronger card, so the
table order (by suit, strongest first) is ascending order (parlour/fast/tricks.py).

Hands. The four hands by number: 0 the dealer's own, 1 the opponent's own, 2 the dealer's dummy,
3 the opponent's dummy; a seat plays hand s and hand s + 2. Each is a 54-bit mask. `deck` is the
cards as dealt: the dummy piles in 0..17 (the dealer's at the even places), the middle from 18 on,
drawn two at a time from `next`. The discards keep the order they were made in (each player sees
his own so).

Actions, the game's one numbering (Game.action_id, records, search): keeping card c in the draft
is c; playing card c is 54 + c.

The game draws from its generator once, for the deal: `chances` is 1 throughout.
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy
from .tricks import GODS, LOWEST, SUIT_MASK, cards_of, follow, mask_of, trick_card

# For mypyc (as parlour/fast/arschloch.py says): constants and tables are Final, and a list item
# is updated as `xs[i] = xs[i] | bit`, never `xs[i] |= bit`.
N_CARDS: Final = 54
ALL: Final = (1 << N_CARDS) - 1
PLAY: Final = 54  # the action of playing card c is PLAY + c; keeping it is c
ACTIONS: Final = 108
LADY: Final = 45

DEALER: Final = 0
OPPONENT: Final = 1
DEALER_DUMMY: Final = 2
OPPONENT_DUMMY: Final = 3
DUMMY_SIZE: Final = 9
MIDDLE: Final = 18  # the deck's first card of the middle

DRAFT: Final = 0
TRICKS: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("draft", "play", "over")

# "The opponent leads first. Then his dummy plays, then the dealer, then the dealer's dummy."
NEXT: Final[tuple[int, ...]] = (DEALER_DUMMY, OPPONENT_DUMMY, OPPONENT, DEALER)
# Per leading hand: the hands in the order they play to its trick.
ROTATION: Final[tuple[tuple[int, ...], ...]] = tuple(
    (h, NEXT[h], NEXT[NEXT[h]], NEXT[NEXT[NEXT[h]]]) for h in range(4))


def _capture(chunk: int) -> int:
    """The rank that takes a trick among the suit led's ranks in it: the strongest, but "If a
    queen would normally take a trick, but the fool of that suit was also played then the fool
    takes the trick"."""
    if chunk & 1 and chunk & 256:
        return 8
    return LOWEST[chunk]


CAPTURE: Final[list[int]] = [_capture(chunk) for chunk in range(512)]


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
DEALT: Final = 0
KEPT: Final = 1  # seat kept cards[0] and discarded cards[1] face down
FACE_UP: Final = 2  # the draft is over: the dummies are turned face up, the opponent leads
PLAYED: Final = 3  # hand `seat` played cards[0]
TRICK_WON: Final = 4  # hand `seat` took the trick led by hand `other`, cards as played
FOOL: Final = 5  # the Fool took a trick its Queen would have taken
TRUMPED: Final = 6  # a god took a trick led in another suit
GAME_OVER: Final = 7
EVENT_NAMES: Final = ("dealt", "kept", "dummies up", "played", "trick won", "fool takes queen",
                      "god trumps", "game over")



# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
WRONG_KIND: Final = 1  # a play in the draft, a keep in the play
NOT_DRAWN: Final = 2
NOT_HELD: Final = 3
MUST_FOLLOW: Final = 4


class TwoFacedFast(FastState):
    """A position: the deal, the draft, the nine tricks."""

    phase: int
    actor: int  # the seat to act, NOBODY when over
    hands: list[int]
    deck: tuple[int, ...]
    next: int  # the deck's next card to draw
    drawn_a: int  # the drafting seat's two cards, drawn in this order (-1: none)
    drawn_b: int
    discards: list[tuple[int, ...]]  # per seat, face down, in the order discarded
    trick: list[int]  # the cards played to it, the leading hand's first
    leader: int  # the hand leading the trick (-1: the draft)
    to_play: int  # the hand whose turn it is (-1: the draft, or over)
    tricks: list[int]  # per hand
    taken: int  # the cards of the finished tricks
    heuristic = True  # heuristic_action below

    def __init__(self, rng: Rng, src: TwoFacedFast | None = None) -> None:
        self.players = 2
        self.rng = rng
        self.events = None
        if src is None:
            return
        self.chances = src.chances
        self.phase = src.phase
        self.actor = src.actor
        self.hands = src.hands[:]
        self.deck = src.deck
        self.next = src.next
        self.drawn_a = src.drawn_a
        self.drawn_b = src.drawn_b
        self.discards = src.discards[:]
        self.trick = src.trick[:]
        self.leader = src.leader
        self.to_play = src.to_play
        self.tricks = src.tricks[:]
        self.taken = src.taken

    def copy(self) -> TwoFacedFast:
        return TwoFacedFast(self.rng, self)

    def to_act(self) -> int:
        return self.actor

    # The deal ---------------------------------------------------------------------------------
    def deal(self, cards: list[int] | None) -> None:
        """"Start by dealing out two piles of nine cards each, on to the left and one to the
        right of the dealer. Place the rest of the cards in the middle": one card at a time,
        the first to his left (his dummy). `cards` stacks the deck (top first)."""
        if cards is None:
            cards = list(range(N_CARDS))
            self.rng.shuffle(cards)
        self.chances = 1
        self.deck = tuple(cards)
        self.hands = [0, 0, mask_of(cards[0:MIDDLE:2]), mask_of(cards[1:MIDDLE:2])]
        self.next = MIDDLE
        self.discards = [(), ()]
        self.trick = []
        self.leader = self.to_play = -1
        self.tricks = [0, 0, 0, 0]
        self.taken = 0
        self.phase = DRAFT
        self.emit(DEALT)
        self.draw(DEALER)  # "The dealer draws two cards"

    # The draft --------------------------------------------------------------------------------
    def draw(self, seat: int) -> None:
        deck, at = self.deck, self.next
        self.actor = seat
        self.drawn_a = deck[at]
        self.drawn_b = deck[at + 1]
        self.next = at + 2

    def keep(self, card: int) -> None:
        """"keeping one and discarding the other face down. His oppenent then draws two cards
        ... They take turns doing this until each has a hand of 9 cards and 18 cards have been
        discarded.\""""
        seat = self.actor
        drop = self.drawn_b if card == self.drawn_a else self.drawn_a
        self.hands[seat] = self.hands[seat] | 1 << card
        self.discards[seat] = self.discards[seat] + (drop,)
        self.emit(KEPT, seat, -1, (card, drop))
        if self.next < N_CARDS:
            self.draw(1 - seat)
        else:
            self.turn_face_up()

    def turn_face_up(self) -> None:
        """"Then the two piles of 9 cards are turned face up and the cards are arranged by suit.
        These are now dummy hands." "The oppent leads first.\""""
        self.drawn_a = self.drawn_b = -1
        self.phase = TRICKS
        self.emit(FACE_UP)
        self.leader = OPPONENT
        self.turn(OPPONENT)

    def turn(self, hand: int) -> None:
        """"Each player controls the dummy hand to their left.\""""
        self.to_play = hand
        self.actor = hand & 1

    # The play ---------------------------------------------------------------------------------
    def legal(self) -> list[int]:
        if self.phase == TRICKS:
            hand = self.hands[self.to_play]
            if self.trick:
                # "Players must follow suit if possible."
                hand = follow(hand, self.trick[0] // 9)
            return cards_of(hand, PLAY)
        if self.phase == DRAFT:
            return [self.drawn_a, self.drawn_b]
        return []

    def why_not(self, action: int) -> int:
        """Why `action` (any number, -1 for a move of neither kind) may not be made now, or
        LEGAL."""
        if self.phase == DRAFT:
            if not 0 <= action < PLAY:
                return WRONG_KIND
            return LEGAL if action in (self.drawn_a, self.drawn_b) else NOT_DRAWN
        if self.phase != TRICKS or not PLAY <= action < ACTIONS:
            return WRONG_KIND
        hand = self.hands[self.to_play]
        if not hand >> (action - PLAY) & 1:
            return NOT_HELD
        return LEGAL if action in self.legal() else MUST_FOLLOW

    def step(self, action: int) -> None:
        if self.phase != TRICKS:
            self.keep(action)
            return
        card = action - PLAY
        hand = self.to_play
        self.hands[hand] = self.hands[hand] ^ 1 << card
        trick = self.trick
        trick.append(card)
        if self.events is not None:
            self.emit(PLAYED, hand, -1, (card,))
        if len(trick) < 4:
            self.turn(NEXT[hand])
        else:
            self.end_trick()

    def end_trick(self) -> None:
        """"The god cards act as trump" (the Lady highest); "After the first trick, the hand
        taking the trick leads, whether it is a player hand, or a dummy hand.\""""
        trick = self.trick
        cards = mask_of(trick)
        lead = trick[0] // 9
        best = trick_card(cards, lead, CAPTURE, GODS, LOWEST)
        leader = self.leader
        winner = ROTATION[leader][trick.index(best)]
        if self.events is not None:
            if best // 9 != lead:
                self.emit(TRUMPED, winner)
            elif best % 9 == 8 and cards >> (lead * 9) & 1:
                self.emit(FOOL, winner)
            self.emit(TRICK_WON, winner, leader, tuple(trick))
        self.tricks[winner] = self.tricks[winner] + 1
        self.taken |= cards
        self.trick = []
        self.leader = winner
        if self.hands[winner]:
            self.turn(winner)
        else:
            self.phase = OVER
            self.actor = NOBODY
            self.to_play = -1
            self.emit(GAME_OVER)

    def returns(self) -> list[float]:
        """"The player who takes the most tricks wins. Tricks taken by the dummy hands do not
        count towards their player's win." Win 1, loss -1, equal tricks a draw (GAMES.md)."""
        a = self.tricks[DEALER]
        b = self.tricks[OPPONENT]
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    # The heuristic (medium) -------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        seat = self.actor
        trick = self.trick
        seen = (self.hands[seat] | mask_of(self.discards[seat]) | self.hands[DEALER_DUMMY]
                | self.hands[OPPONENT_DUMMY] | self.taken | mask_of(trick))
        return heuristic_choice(legal, seat, self.to_play, self.leader if trick else self.to_play,
                                trick, self.hands, ALL ^ seen)

    # What a seat may know ---------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> TwoFacedFast:
        """The other player's hand and discards dealt afresh; during the draft also the middle,
        the face-down dummies and the other player's drawn pair."""
        det = TwoFacedFast(Rng(rng.seed()), self)
        other = 1 - seat
        hands = det.hands
        n = len(self.discards[other])
        size = bin(hands[other]).count("1")
        drafting = self.phase == DRAFT
        at = self.next
        hidden = hands[other] | mask_of(self.discards[other])
        if drafting:
            hidden |= hands[DEALER_DUMMY] | hands[OPPONENT_DUMMY] | mask_of(self.deck[at:])
            if self.actor != seat:
                at -= 2  # the other's drawn pair, which lies at the deck's at - 2 and at - 1
                hidden |= 1 << self.drawn_a | 1 << self.drawn_b
        # In card order before the deal: where the hidden cards really lie must not steer it, or
        # two positions the seat cannot tell apart would be searched differently. Dealt from the
        # end; the first places (the opponent's dummy in the draft, else the discards) need no
        # draws.
        pool = cards_of(hidden)
        _draw_to_end(pool, len(pool) - (DUMMY_SIZE if drafting else n), rng)
        if drafting:
            deck = list(self.deck)
            deck[1:MIDDLE:2] = pool[:DUMMY_SIZE]
            deck[0:MIDDLE:2] = pool[DUMMY_SIZE:MIDDLE]
            del pool[:MIDDLE]
            deck[at:] = pool[n + size:]
            det.deck = tuple(deck)
            det.drawn_a = deck[self.next - 2]
            det.drawn_b = deck[self.next - 1]
            hands[DEALER_DUMMY] = mask_of(deck[0:MIDDLE:2])
            hands[OPPONENT_DUMMY] = mask_of(deck[1:MIDDLE:2])
        hands[other] = mask_of(pool[n:n + size])
        det.discards[other] = tuple(pool[:n])
        return det

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TwoFacedFast) and self.key() == other.key()


# Every field of a position but its generator and events: what equal positions share, and what a
# pickled readable state keeps (a compiled position does not pickle).
FIELDS: Final = ("chances", "phase", "actor", "hands", "deck", "next", "drawn_a", "drawn_b",
                 "discards", "trick", "leader", "to_play", "tricks", "taken")


def _draw_to_end(pool: list[int], k: int, rng: Rng) -> None:
    """Fisher-Yates from the end, k steps: the last k places of `pool` hold a uniform ordered
    sample of its cards."""
    below = rng.below
    for i in range(len(pool) - 1, len(pool) - 1 - k, -1):
        j = below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]


def start(rng: Rng, cards: list[int] | None, events: list[Event] | None = None) -> TwoFacedFast:
    """A new game, dealt from `cards` (top first) or a shuffle."""
    position = TwoFacedFast(rng)
    position.events = events
    position.deal(cards)
    return position


# The heuristic (medium) -----------------------------------------------------------------------
def worth(action: int) -> int:
    """What the card of a keep or a play is worth keeping or spending: its strength in its suit,
    a god above any."""
    return 9 - action % 9 + (10 if action % PLAY >= LADY else 0)


def taker(plays: list[int]) -> int:
    """The index of the play taking a trick of `plays` so far (cards, the lead first)."""
    return plays.index(trick_card(mask_of(plays), plays[0] // 9, CAPTURE, GODS, LOWEST))


def _holds(plays: list[int], leader: int, hand: int, ignore: int, hands: list[int],
           unseen: int) -> bool:
    """Whether the play just made keeps the trick against every card the hands still to play
    might answer with (a dummy's cards are in sight; the other player's are not)."""
    lead = plays[0] // 9
    index = len(plays) - 1
    order = ROTATION[leader]
    for h in order[order.index(hand) + 1:]:
        if h == ignore:
            continue
        # A void player might trump in with a god: a risk worth taking.
        answers = follow(hands[h], lead) if h >= 2 else unseen & SUIT_MASK[lead]
        for card in cards_of(answers):
            if taker(plays + [card]) != index:
                return False
    return True


def heuristic_choice(legal: list[int], me: int, hand: int, leader: int, trick: list[int],
                     hands: list[int], unseen: int) -> int:
    """Drafts the stronger card. In play it wants its own hand to take tricks and the opponent's
    own hand not to: its own hand takes with the cheapest card that will hold; its dummy beats
    the opponent's hand when it can and otherwise keeps out of its own hand's way; the rest is
    played as cheaply as possible. From what seat `me` sees: the hand to play, the trick's
    leading hand and cards, the dummies (hands[2:]) and the cards it has not seen."""
    if legal[0] < PLAY:
        return max(legal, key=worth)
    if not trick:
        safe = [a for a in legal if hand == me and _holds([a - PLAY], hand, hand, -1, hands,
                                                          unseen)]
        return min(safe or legal, key=worth)
    rival = 1 - me
    index = len(trick)
    takes = [taker(trick + [a - PLAY]) == index for a in legal]
    holder = ROTATION[leader][taker(trick)]
    if hand != me and holder == me:  # the dummy never overtakes its own player's hand
        return min([a for a, t in zip(legal, takes) if not t] or legal, key=worth)
    order = ROTATION[leader]
    if hand == me or holder == rival or rival in order[order.index(hand) + 1:]:
        for a in sorted((a for a, t in zip(legal, takes) if t), key=worth):
            if _holds(trick + [a - PLAY], leader, hand, -1 if hand == me else me, hands, unseen):
                return a
    return min(legal, key=worth)


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, TwoFacedFast, seed)


def census(fast: TwoFacedFast) -> list[int]:
    """Every card of the position: hands, the middle, the drawn pair, discards, trick, taken."""
    cards = cards_of(fast.hands[0] | fast.hands[1] | fast.hands[2] | fast.hands[3])
    cards += fast.deck[fast.next:]
    if fast.drawn_a >= 0:
        cards += [fast.drawn_a, fast.drawn_b]
    return cards + list(fast.discards[0] + fast.discards[1]) + fast.trick + cards_of(fast.taken)
