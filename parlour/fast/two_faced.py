"""Two-Faced on integers (the twin of parlour/games/two_faced.py).

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods (45 the Lady .. 53 the Changeling). So a suit is a run of nine
numbers, the gods are the sixth suit and trump, and within every suit a lower number is a
stronger card: the readable table order (suits W R P B G then the gods, strongest first) is
plain ascending order.

The four hands keep the readable numbering: 0 the dealer's own, 1 the opponent's own, 2 the
dealer's dummy, 3 the opponent's dummy; a seat plays hand s and hand s + 2. Each hand is a list
of cards, kept ascending once the play begins, so that a legal list is a slice: the whole hand to
lead or when void, the run of the suit led (two bisects) to follow. The discards are lists too
(determinize deals them), the cards taken a bit mask; the middle pile is a list, its top last.

An action is the card itself, kept in the draft or played in the tricks: the two kinds are never
legal in the same position.

The readable game draws from its generator once, for the deal: `chances` is 1 throughout, and the
twin never meets a chance event in `step`.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] + 1`, never `xs[i] += 1`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
N_CARDS: Final = 54
DEALER: Final = 0
OPPONENT: Final = 1
DEALER_DUMMY: Final = 2
OPPONENT_DUMMY: Final = 3
LADY: Final = 45  # the first god: trump, and the strongest of them
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(VIASHI_CARDS)}


def card_of(name: str) -> int:
    return CARD[name]


# The first card of each card's suit.
SUIT_BASE: Final[tuple[int, ...]] = tuple(card // 9 * 9 for card in range(N_CARDS))
# "The opponent leads first. Then his dummy plays, then the dealer, then the dealer's dummy."
NEXT: Final[tuple[int, ...]] = (DEALER_DUMMY, OPPONENT_DUMMY, OPPONENT, DEALER)
# Per leading hand: the hands in the order they play to its trick.
ROTATION: Final[tuple[tuple[int, ...], ...]] = tuple(
    (h, NEXT[h], NEXT[NEXT[h]], NEXT[NEXT[NEXT[h]]]) for h in range(4))


def _capture(chunk: int) -> int:
    """The rank (0-based) that takes a trick without gods, from the suit led's ranks in it: the
    strongest, but the Fool (8) takes the Queen (0)."""
    if chunk & 1 and chunk & 256:
        return 8
    return (chunk & -chunk).bit_length() - 1


CAPTURE: Final[tuple[int, ...]] = tuple(_capture(chunk) for chunk in range(512))

DRAFT: Final = 0
PLAY: Final = 1
OVER: Final = 2


class TwoFacedFast(FastState):
    players: int
    chances: int
    rng: Rng

    def __init__(self, rng: Rng, chances: int, phase: int, actor: int, hands: list[list[int]],
                 pile: list[int], drawn_a: int, drawn_b: int, discards: list[list[int]],
                 trick: list[int], to_play: int, leader: int, tricks: list[int],
                 taken: int) -> None:
        self.players = 2
        self.rng = rng
        self.chances = chances
        self.phase = phase
        self.actor = actor  # the seat to act, NOBODY when over
        self.hands = hands
        self.pile = pile
        self.drawn_a = drawn_a  # the drafting seat's two cards, drawn in this order (-1: none)
        self.drawn_b = drawn_b
        self.discards = discards  # per seat, face down
        self.trick = trick  # the cards played to it, the leading hand's first
        self.to_play = to_play  # the hand whose turn it is (-1: the draft, or over)
        self.leader = leader  # the hand leading the trick (-1: the draft)
        self.tricks = tricks  # per hand
        self.taken = taken  # the cards of the finished tricks

    # The contract ----------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        if self.phase == PLAY:
            cards = self.hands[self.to_play]
            trick = self.trick
            if trick:
                low = SUIT_BASE[trick[0]]
                i = bisect_left(cards, low)
                j = bisect_left(cards, low + 9, i)
                if i < j:
                    return cards[i:j]
            return cards[:]
        if self.phase == DRAFT:
            return [self.drawn_a, self.drawn_b]
        return []

    def step(self, action: int) -> None:
        if self.phase == PLAY:
            hand = self.to_play
            self.hands[hand].remove(action)
            trick = self.trick
            trick.append(action)
            if len(trick) < 4:
                hand = NEXT[hand]
                self.to_play = hand
                self.actor = hand & 1  # the dummy on his left is played by its player
            else:
                self._end_trick()
            return
        self._keep(action)

    # The draft -------------------------------------------------------------------------------
    def _keep(self, card: int) -> None:
        seat = self.actor
        drop = self.drawn_b if card == self.drawn_a else self.drawn_a
        self.hands[seat].append(card)
        self.discards[seat].append(drop)
        pile = self.pile
        if pile:
            self.actor = 1 - seat
            self.drawn_a = pile.pop()
            self.drawn_b = pile.pop()
        else:
            self._start_play()

    def _start_play(self) -> None:
        """The dummies turn face up, every hand is arranged by suit, the opponent leads."""
        self.drawn_a = self.drawn_b = -1
        self.phase = PLAY
        for cards in self.hands:
            cards.sort()
        self.leader = self.to_play = OPPONENT
        self.actor = OPPONENT

    # The tricks ------------------------------------------------------------------------------
    def _end_trick(self) -> None:
        trick = self.trick
        a, b, c, d = trick
        cards = (1 << a) | (1 << b) | (1 << c) | (1 << d)
        gods = cards >> LADY
        if gods:
            best = LADY + (gods & -gods).bit_length() - 1
        else:
            base = SUIT_BASE[a]
            best = base + CAPTURE[(cards >> base) & 511]
        # Whichever hand takes it leads the next, a dummy too.
        winner = ROTATION[self.leader][trick.index(best)]
        tricks = self.tricks
        tricks[winner] = tricks[winner] + 1
        self.taken |= cards
        self.trick = []
        self.leader = winner
        if self.hands[winner]:
            self.to_play = winner
            self.actor = winner & 1
        else:
            self.phase = OVER
            self.actor = NOBODY
            self.to_play = -1

    def returns(self) -> list[float]:
        """Only the players' own hands' tricks count: more wins, equal is a draw."""
        a = self.tricks[DEALER]
        b = self.tricks[OPPONENT]
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    # Search ------------------------------------------------------------------------------------
    def copy(self) -> TwoFacedFast:
        hands = self.hands
        return TwoFacedFast(self.rng, self.chances, self.phase, self.actor,
                            [hands[0][:], hands[1][:], hands[2][:], hands[3][:]], self.pile[:],
                            self.drawn_a, self.drawn_b,
                            [self.discards[0][:], self.discards[1][:]], self.trick[:],
                            self.to_play, self.leader, self.tricks[:], self.taken)

    def determinize(self, seat: int, rng: Rng) -> TwoFacedFast:
        """The other player's hand and discards dealt afresh; during the draft also the pile, the
        face-down dummies and the other player's drawn pair."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        other = 1 - seat
        hands = twin.hands
        pool = hands[other] + self.discards[other]
        if self.phase != DRAFT:
            # Which of these cards are in the hand is all that is hidden: n draws decide it.
            pool.sort()
            n = len(hands[other])
            cut = len(pool) - n
            _draw_to_end(pool, n, rng)
            fresh = pool[cut:]
            fresh.sort()
            hands[other] = fresh
            twin.discards[other] = pool[:cut]
            return twin
        pair = self.actor != seat
        pool += hands[DEALER_DUMMY]
        pool += hands[OPPONENT_DUMMY]
        pool += self.pile
        if pair:
            pool.append(self.drawn_a)
            pool.append(self.drawn_b)
        # In a fixed order before the deal: where the hidden cards really lie must not steer it,
        # or two positions the seat cannot tell apart would be searched differently.
        pool.sort()
        # Dealt from the end: the pair, the pile (in order), the hand, the discards, the dealer's
        # dummy; what is left is the opponent's dummy and needs no draws.
        end = len(pool)
        _draw_to_end(pool, end - len(hands[OPPONENT_DUMMY]), rng)
        if pair:
            twin.drawn_a = pool[end - 1]
            twin.drawn_b = pool[end - 2]
            end -= 2
        start = end - len(self.pile)
        twin.pile = pool[start:end]
        end = start
        start = end - len(hands[other])
        hands[other] = pool[start:end]
        end = start
        start = end - len(self.discards[other])
        twin.discards[other] = pool[start:end]
        end = start
        start = end - len(hands[DEALER_DUMMY])
        hands[DEALER_DUMMY] = pool[start:end]
        hands[OPPONENT_DUMMY] = pool[:start]
        return twin

    def key(self) -> tuple[object, ...]:
        # The order of a hand in the draft, or of the discards, matters to nobody (the readable
        # one keeps the keeping order, a determinized one the dealing order): compared sorted.
        return (self.chances, self.phase, self.actor, tuple(tuple(sorted(h)) for h in self.hands),
                tuple(self.pile), self.drawn_a, self.drawn_b,
                tuple(tuple(sorted(d)) for d in self.discards),
                tuple(self.trick), self.to_play, self.leader, tuple(self.tricks), self.taken)


def _bits(mask: int) -> list[int]:
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _draw_to_end(pool: list[int], k: int, rng: Rng) -> None:
    """Fisher-Yates from the end, k steps: the last k places of `pool` hold a uniform ordered
    sample of its cards."""
    below = rng.below
    for i in range(len(pool) - 1, len(pool) - 1 - k, -1):
        j = below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# The readable game's side ------------------------------------------------------------------------
def twin(state: Any, seed: int) -> TwoFacedFast | None:
    game = state.game
    if game.info.id != "two_faced" or game.players != 2:
        return None
    phase = {"draft": DRAFT, "play": PLAY, "over": OVER}[state.phase]
    hands = [[CARD[c] for c in h] for h in state.hands]
    if phase != DRAFT:
        for cards in hands:
            cards.sort()
    drawn = state.drawn
    return TwoFacedFast(
        Rng(seed), 1, phase, NOBODY if phase == OVER else state.to_act, hands,
        [CARD[c] for c in state.pile],
        CARD[drawn[0]] if drawn is not None else -1, CARD[drawn[1]] if drawn is not None else -1,
        [[CARD[c] for c in d] for d in state.discards],
        [CARD[c] for _, c in state.trick],
        -1 if state.to_play is None else state.to_play,
        -1 if state.leader is None else state.leader,
        list(state.tricks), _mask([CARD[c] for c in state.taken]))


def encode(action: Any) -> int:
    return CARD[action.card]


def census(fast: TwoFacedFast) -> list[int]:
    cards = [c for h in fast.hands for c in h] + list(fast.pile) + list(fast.trick)
    if fast.drawn_a >= 0:
        cards += [fast.drawn_a, fast.drawn_b]
    return cards + fast.discards[0] + fast.discards[1] + _bits(fast.taken)
