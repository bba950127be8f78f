"""Crusade on integers (the twin of parlour/games/crusade.py), for 3 to 5 players, one hand or a
match, either name for the eights.

A card is its index in VIASHI_CARDS: suit * 9 + number - 1 for the five suits (W R P B G), 45 +
the god's number - 1 for the gods (45 the Lady .. 53 the Changeling), so that a card's suit is
card // 9 (the gods are suit 5) and its number is card % 9 + 1. The readable game sorts hands
lowest number first, suit by suit, gods last: that is ascending card order, so a hand is a 54-bit
mask and its legal moves are read off 9-bit chunks (one a suit) in ascending order.

An action is the readable game's `action_id`: the card laid as the trump bid, 54 + the card
played, 108 + the suit picked at the tie (W R P B G), 113 the pass.

A seat is asked at the tie in bid order (from the dealer's left), so the tie keeps only the count
of passes so far. `chances` counts the deals, the only draws of the readable game's generator.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] | bit`, never `xs[i] |= bit`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
N_CARDS: Final = 54
PLAY_BASE: Final = 54  # action of a play: PLAY_BASE + card
PICK_BASE: Final = 108  # action of picking a suit at the tie: PICK_BASE + suit
PASS: Final = 113
GOD: Final = 5  # the gods' suit
FIRST_GOD: Final = 45
SUITS_ONLY: Final = (1 << FIRST_GOD) - 1  # the cards a bid may be
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(VIASHI_CARDS)}
SUIT_LETTERS: Final = "WRPBG"

PLAY: Final = 0
BID: Final = 1
TIE: Final = 2
OVER: Final = 3


def card_of(name: str) -> int:
    return CARD[name]


def _chunk_tables() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[int]]:
    """Per suit * 512 + chunk of that suit: its cards ascending, the same as plays, and the bit
    of the card that takes a trick whose cards of the deciding suit are that chunk (the lowest
    number, but the Fool over its Queen; a god trick to the lowest god)."""
    cards: list[tuple[int, ...]] = []
    plays: list[tuple[int, ...]] = []
    takes: list[int] = []
    for suit in range(6):
        for chunk in range(512):
            bits = tuple(bit for bit in range(9) if chunk >> bit & 1)
            cards.append(tuple(suit * 9 + bit for bit in bits))
            plays.append(tuple(PLAY_BASE + suit * 9 + bit for bit in bits))
            best = bits[0] if bits else -1
            if suit != GOD and best == 0 and chunk >> 8 & 1:
                best = 8
            takes.append(suit * 9 + best)
    return cards, plays, takes


_TABLES: Final = _chunk_tables()
CARDS: Final[list[tuple[int, ...]]] = _TABLES[0]
PLAYS: Final[list[tuple[int, ...]]] = _TABLES[1]
TAKES: Final[list[int]] = _TABLES[2]


def _all(mask: int, table: list[tuple[int, ...]]) -> list[int]:
    """Every card of `mask` through `table` (CARDS or PLAYS), ascending."""
    return [*table[mask & 511], *table[512 + (mask >> 9 & 511)],
            *table[1024 + (mask >> 18 & 511)], *table[1536 + (mask >> 27 & 511)],
            *table[2048 + (mask >> 36 & 511)], *table[2560 + (mask >> 45)]]


class CrusadeFast(FastState):
    players: int
    chances: int
    rng: Rng

    def __init__(self, players: int, hands_total: int, rng: Rng, chances: int, phase: int,
                 actor: int, hand_no: int, dealer: int, hands: list[int], extras: int,
                 bids: list[int], tied: list[int], tie_god: int, passes: int, revealed: int,
                 trump: int, bid_winner: int, trick: list[int], leader: int,
                 tricks: list[int], taken: list[int], scores: list[int]) -> None:
        self.players = players
        self.hands_total = hands_total  # 1, or one hand per dealer in a match
        self.rng = rng
        self.chances = chances
        self.phase = phase
        self.actor = actor  # the seat to act, NOBODY when over
        self.hand_no = hand_no  # hands dealt
        self.dealer = dealer
        self.hands = hands  # masks
        self.extras = extras  # out unseen
        self.bids = bids  # per seat, -1 before it bids; set aside face up once all have bid
        self.tied = tied  # the seats of the disputing bids, in bid order
        self.tie_god = tie_god  # the god of the tied number (-1: no tie)
        self.passes = passes  # seats that passed at the tie so far
        self.revealed = revealed  # the seat that showed the tie god (-1: none)
        self.trump = trump  # a suit, -1 for none
        self.bid_winner = bid_winner
        self.trick = trick  # its cards, the leader's first
        self.leader = leader
        self.tricks = tricks  # taken this hand
        self.taken = taken  # masks of the cards of those tricks
        self.scores = scores

    # The deal --------------------------------------------------------------------------------
    def _deal(self) -> None:
        """The twin's own shuffle, dealt one card at a time from the dealer's left."""
        n = self.players
        cards = list(range(N_CARDS))
        self.rng.shuffle(cards)
        self.chances += 1
        self.hand_no += 1
        self.dealer = (self.hand_no - 2 + n) % n
        first = (self.dealer + 1) % n
        per = N_CARDS // n
        hands = [0] * n
        seat = first
        for card in cards[:per * n]:
            hands[seat] = hands[seat] | 1 << card
            seat += 1
            if seat == n:
                seat = 0
        extras = 0
        for card in cards[per * n:]:
            extras |= 1 << card
        self.hands = hands
        self.extras = extras
        self.bids = [-1] * n
        self.tied = []
        self.tie_god = -1
        self.passes = 0
        self.revealed = -1
        self.trump = -1
        self.bid_winner = -1
        self.trick = []
        self.leader = -1
        self.tricks = [0] * n
        self.taken = [0] * n
        self.phase = BID
        self.actor = first

    # The bid ---------------------------------------------------------------------------------
    def _reveal_bids(self) -> None:
        """The lowest number names trump, a Fool showing beats a Queen; a tie goes to the
        holder of the god of that number."""
        n = self.players
        first = (self.dealer + 1) % n
        order = [(first + k) % n for k in range(n)]
        numbers = [self.bids[s] % 9 for s in order]  # number - 1
        low = min(numbers)
        if low == 0 and 8 in numbers:
            low = 8
        tied = [s for s, number in zip(order, numbers) if number == low]
        if len(tied) == 1:
            self._start_play(tied[0], self.bids[tied[0]] // 9)
            return
        self.tied = tied
        self.tie_god = FIRST_GOD + low
        self.passes = 0
        self.phase = TIE
        self.actor = first

    def _start_play(self, leader: int, trump: int) -> None:
        self.trump = trump
        self.bid_winner = leader
        self.leader = self.actor = leader
        self.passes = 0
        self.phase = PLAY

    # The contract ----------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        if self.phase == PLAY:
            hand = self.hands[self.actor]
            trick = self.trick
            if trick:
                suit = trick[0] // 9
                chunk = hand >> (suit * 9) & 511
                if chunk:
                    return list(PLAYS[suit * 512 + chunk])
            t = PLAYS
            return [*t[hand & 511], *t[512 + (hand >> 9 & 511)],
                    *t[1024 + (hand >> 18 & 511)], *t[1536 + (hand >> 27 & 511)],
                    *t[2048 + (hand >> 36 & 511)], *t[2560 + (hand >> 45)]]
        if self.phase == BID:
            return _all(self.hands[self.actor] & SUITS_ONLY, CARDS)
        if self.phase == TIE:
            if self.hands[self.actor] >> self.tie_god & 1:
                bids = self.bids
                return [PICK_BASE + bids[s] // 9 for s in self.tied] + [PASS]
            return [PASS]
        return []

    def step(self, action: int) -> None:
        seat = self.actor
        if self.phase == PLAY:
            card = action - PLAY_BASE
            hands = self.hands
            hands[seat] = hands[seat] ^ 1 << card
            trick = self.trick
            trick.append(card)
            if len(trick) < self.players:
                seat += 1
                self.actor = 0 if seat == self.players else seat
                return
            self._end_trick()
            return
        if self.phase == BID:
            hands = self.hands
            hands[seat] = hands[seat] ^ 1 << action
            self.bids[seat] = action
            if seat == self.dealer:  # the dealer bids last
                self._reveal_bids()
            else:
                seat += 1
                self.actor = 0 if seat == self.players else seat
            return
        if action == PASS:
            self.passes += 1
            if self.passes < self.players:
                seat += 1
                self.actor = 0 if seat == self.players else seat
            else:
                # The god not revealed: no trump, the first tied bidder leads.
                self._start_play(self.tied[0], -1)
            return
        suit = action - PICK_BASE
        self.revealed = seat
        bids = self.bids
        for s in self.tied:
            if bids[s] // 9 == suit:
                self._start_play(s, suit)  # the bidder of the picked suit leads
                return

    # The tricks ------------------------------------------------------------------------------
    def _end_trick(self) -> None:
        trick = self.trick
        cards = 0
        for card in trick:
            cards |= 1 << card
        suit = trick[0] // 9
        trump = self.trump
        # A trump played takes over, unless gods were led (they are immune to trump).
        if suit != GOD and trump >= 0 and cards >> (trump * 9) & 511:
            suit = trump
        best = TAKES[suit * 512 + (cards >> (suit * 9) & 511)]
        winner = (self.leader + trick.index(best)) % self.players
        tricks, taken = self.tricks, self.taken
        tricks[winner] = tricks[winner] + 1
        taken[winner] = taken[winner] | cards
        self.trick = []
        self.leader = self.actor = winner
        if not self.hands[winner]:
            self._end_hand()

    def _end_hand(self) -> None:
        """A trick is a point."""
        scores = self.scores
        tricks = self.tricks
        for s in range(self.players):
            scores[s] = scores[s] + tricks[s]
        if self.hand_no >= self.hands_total:
            self.phase = OVER
            self.actor = NOBODY
            return
        self._deal()

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # Search ------------------------------------------------------------------------------------
    def copy(self) -> CrusadeFast:
        return CrusadeFast(self.players, self.hands_total, self.rng, self.chances, self.phase,
                           self.actor, self.hand_no, self.dealer, self.hands[:], self.extras,
                           self.bids[:], self.tied[:], self.tie_god, self.passes, self.revealed,
                           self.trump, self.bid_winner, self.trick[:], self.leader,
                           self.tricks[:], self.taken[:], self.scores[:])

    def determinize(self, seat: int, rng: Rng) -> CrusadeFast:
        """The other hands and the extras dealt afresh, and while the bid lasts the others'
        face-down bids (never a god); a god shown at the tie stays with its holder."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hands = twin.hands
        n = self.players
        shown = 0
        if self.revealed >= 0 and self.revealed != seat:
            shown = hands[self.revealed] & (1 << self.tie_god)
        unknown = self.extras
        for s in range(n):
            if s != seat:
                unknown |= hands[s]
        unknown ^= shown
        bids = twin.bids
        hidden_bids = self.phase == BID
        if hidden_bids:
            for s in range(n):
                if s != seat and bids[s] >= 0:
                    unknown |= 1 << bids[s]
        # Drawn from the unknown cards in card order: where they really lie must not steer it.
        pool = _all(unknown, CARDS)
        if hidden_bids:
            for s in range(n):
                if s != seat and bids[s] >= 0:
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
                size = hands[s].bit_count()
                if s == self.revealed:
                    size -= shown.bit_count()
                mask = 0
                for card in pool[i:i + size]:
                    mask |= 1 << card
                i += size
                hands[s] = mask | (shown if s == self.revealed else 0)
        mask = 0
        for card in pool[i:]:
            mask |= 1 << card
        twin.extras = mask
        return twin

    def key(self) -> tuple[object, ...]:
        return (self.players, self.hands_total, self.chances, self.phase, self.actor,
                self.hand_no, self.dealer, tuple(self.hands), self.extras, tuple(self.bids),
                tuple(self.tied), self.tie_god, self.passes, self.revealed, self.trump,
                self.bid_winner, tuple(self.trick), self.leader, tuple(self.tricks),
                tuple(self.taken), tuple(self.scores))


# The readable game's side ------------------------------------------------------------------------
_PHASES: Final = {"play": PLAY, "bid": BID, "tie": TIE, "over": OVER}


def twin(state: Any, seed: int) -> CrusadeFast | None:
    game = state.game
    if game.info.id != "crusade":
        return None
    n = game.players
    phase = _PHASES[state.phase]
    revealed = state.revealed
    return CrusadeFast(
        n, n if game.options["match"] else 1, Rng(seed), state.hand_no, phase,
        NOBODY if phase == OVER else state.to_act, state.hand_no, state.dealer,
        [_mask(h) for h in state.hands], _mask(state.extras),
        [-1 if c is None else CARD[c] for c in state.bids], [s for s, _ in state.tied],
        -1 if state.tie_god is None else CARD[state.tie_god],
        n - len(state.asked) if phase == TIE else 0, -1 if revealed is None else revealed[0],
        -1 if state.trump is None else SUIT_LETTERS.index(state.trump),
        -1 if state.bid_winner is None else state.bid_winner,
        [CARD[c] for _, c in state.trick], -1 if state.leader is None else state.leader,
        list(state.tricks), [_mask(t) for t in state.taken], list(state.scores))


def _mask(cards: list[str]) -> int:
    mask = 0
    for name in cards:
        mask |= 1 << CARD[name]
    return mask


def encode(action: Any) -> int:
    kind = type(action).__name__
    if kind == "Play":
        return PLAY_BASE + CARD[action.card]
    if kind == "Bid":
        return CARD[action.card]
    if kind == "Pick":
        return PICK_BASE + SUIT_LETTERS.index(action.suit)
    return PASS


def census(fast: CrusadeFast) -> list[int]:
    cards = _all(fast.extras, CARDS) + [c for c in fast.bids if c >= 0] + list(fast.trick)
    for s in range(fast.players):
        cards += _all(fast.hands[s], CARDS) + _all(fast.taken[s], CARDS)
    return cards
