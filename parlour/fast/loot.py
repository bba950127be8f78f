"""Loot on integers (the twin of parlour/games/loot.py), every option and player count.

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods, so that the gods are the sixth suit and a suit is a 9-bit chunk of a
54-bit mask. Hands are masks; the discard and draw piles are lists, their tops last. An action is
the readable game's `action_id`: 0 draw, 1 take, 2 fire, 3 pass, 4 + card a discard.

Where each card in a hand came from, as everyone saw it, is `known` (a mask of the cards taken
from the discard pile) and `origin` (by card: the number of the draw pile it came from, 0 for the
deal); determinize resamples within each draw pile's cards as the readable game does.

Hands are scored by an exact solver on masks (`solve`). Without a six-color run in reach a run is
only its ranks: every choice of sets and colors is tried (each taking the cards of its rank or
suit that could go nowhere else), and the best runs of the cards left follow from the counts of
their ranks, remembered by those counts. With one in reach, the hand is split into melds lowest
card first, remembering the best of the cards left, as the readable solver does.

`chances` counts the deals (the first included) and the reshuffles of the discard pile: the only
draws of the readable game's generator.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import VIASHI_CARDS
from .core import NOBODY, FastState, Rng

CARD: dict[str, int] = {name: i for i, name in enumerate(VIASHI_CARDS)}
N_CARDS = 54
HAND_SIZE = 9
ROUND_LIMIT = 40
HAND_LIMIT = 40
ALL_CARDS = (1 << N_CARDS) - 1
GODS_SHIFT = 45  # the gods' chunk: bit k is the god of rank k + 1 (the Lady .. the Changeling)

DRAW = 0
TAKE = 1
FIRE = 2
PASS = 3
DISCARD = 4  # + card

START = 0
DISCARDING = 1
FIRING = 2
OVER = 3
PHASES = {"start": START, "discard": DISCARDING, "fire": FIRING, "over": OVER}


def card_of(name: str) -> int:
    return CARD[name]


# The cards of a suit's 9-bit chunk, in card order.
CHUNK_CARDS: list[list[list[int]]] = [[[9 * s + r for r in range(9) if m >> r & 1]
                                       for m in range(512)] for s in range(6)]
# The discards of a suit's cards in a hand, in card order.
DISCARDS: list[list[list[int]]] = [[[DISCARD + c for c in CHUNK_CARDS[s][m]] for m in range(512)]
                                   for s in range(6)]


# The position ------------------------------------------------------------------------------------
class LootFast(FastState):
    """A match of Loot: the hand under way, the totals, and who acts in which phase."""

    def __init__(self, players: int, fire_any: bool, target: float, flat_bonus: bool, rng: Rng,
                 chances: int, totals: list[float], hand_number: int, starter: int,
                 hands: list[int], known: int, origin: list[int], discard: list[int],
                 draw: list[int], pile_number: int, turns: list[int], turns_in_hand: int,
                 asks: list[int], drawn: int, next_player: int, phase: int, actor: int) -> None:
        self.players = players
        self.fire_any = fire_any  # "any": firing is offered right after each discard too
        self.target = target  # the points that end the match; 0: a single hand
        self.flat_bonus = flat_bonus
        self.rng = rng
        self.chances = chances
        self.totals = totals
        self.hand_number = hand_number
        self.starter = starter
        self.hands = hands
        self.known = known  # the cards in hands everyone saw taken from the discard pile
        self.origin = origin  # by card in a hand: the number of the draw pile it came from
        self.discard = discard
        self.draw = draw
        self.pile_number = pile_number
        self.turns = turns  # turns finished this hand, by seat
        self.turns_in_hand = turns_in_hand
        self.asks = asks  # the seats still to be offered the firing, in order
        self.drawn = drawn  # the card the seat to act has just drawn, or -1
        self.next_player = next_player
        self.phase = phase
        self.actor = actor

    # A hand: the deal ----------------------------------------------------------------------------
    def deal(self) -> None:
        """Nine each, the next card turned up, the rest face down."""
        n = self.players
        cards = list(range(N_CARDS))
        self.rng.shuffle(cards)
        self.chances += 1
        self.hand_number += 1
        # Nine cards in a row of a shuffled deck are as good as nine dealt round robin.
        hands = [0] * n
        for seat in range(n):
            m = 0
            for c in cards[HAND_SIZE * seat:HAND_SIZE * (seat + 1)]:
                m |= 1 << c
            hands[seat] = m
        dealt = HAND_SIZE * n
        self.hands = hands
        self.origin = [0] * N_CARDS
        self.known = 0
        self.discard = [cards[dealt]]
        self.draw = cards[dealt + 1:]  # in random order already: no need to turn it over
        self.pile_number = 0
        self.turns = [0] * n
        self.turns_in_hand = 0
        self.asks = []
        self.drawn = -1
        self.next_player = self.starter
        self.phase = START
        self.actor = self.starter

    # The contract --------------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == START:
            actions = [DRAW, TAKE] if self.draw or len(self.discard) > 1 else [TAKE]
            if min(self.turns) >= 1:
                actions.append(FIRE)
            return actions
        if phase == DISCARDING:
            h = self.hands[self.actor]
            return (DISCARDS[0][h & 511] + DISCARDS[1][h >> 9 & 511] + DISCARDS[2][h >> 18 & 511]
                    + DISCARDS[3][h >> 27 & 511] + DISCARDS[4][h >> 36 & 511]
                    + DISCARDS[5][h >> 45])
        if phase == FIRING:
            return [FIRE, PASS]
        return []

    def step(self, action: int) -> None:
        seat = self.actor
        phase = self.phase
        if phase == START:
            if action == DRAW:
                draw = self.draw
                if not draw:
                    # The discard pile but its top card, shuffled into a new draw pile.
                    discard = self.discard
                    draw = self.draw = discard[:-1]
                    self.discard = discard[-1:]
                    self.rng.shuffle(draw)
                    self.pile_number += 1
                    self.chances += 1
                card = draw.pop()
                self.hands[seat] |= 1 << card
                self.origin[card] = self.pile_number
                self.drawn = card
                self.phase = DISCARDING
            elif action == TAKE:
                card = self.discard.pop()
                self.hands[seat] |= 1 << card
                self.known |= 1 << card
                self.phase = DISCARDING
            else:
                self.fire()
        elif phase == DISCARDING:
            self.discard_card(seat, action - DISCARD)
        elif action == FIRE:
            self.fire()
        else:
            self.asks.pop(0)
            self.next_ask()

    def discard_card(self, seat: int, card: int) -> None:
        self.drawn = -1
        bit = 1 << card
        self.hands[seat] ^= bit
        self.known &= ~bit
        self.discard.append(card)
        turns = self.turns
        turns[seat] += 1
        self.turns_in_hand += 1
        n = self.players
        if self.turns_in_hand >= ROUND_LIMIT * n:
            self.fire()  # nobody fired in the rounds allowed: the hand is called
            return
        nxt = seat + 1 if seat + 1 < n else 0
        if self.fire_any and min(turns) >= 1:
            # The discarder, then the seats after the next player: his own chance is his turn.
            self.asks = [seat] + [(seat + k) % n for k in range(2, n)]
        else:
            self.asks = []
        self.next_player = nxt
        self.next_ask()

    def next_ask(self) -> None:
        if self.asks:
            self.phase = FIRING
            self.actor = self.asks[0]
        else:
            self.phase = START
            self.actor = self.next_player

    # Firing and scoring --------------------------------------------------------------------------
    def gods_in_play(self) -> int:
        every = 0
        for h in self.hands:
            every |= h
        return every >> GODS_SHIFT

    def fire(self) -> None:
        """Every hand scored at its best arrangement with every god in any hand in force."""
        sc = scoring_for(self.gods_in_play(), self.flat_bonus)
        totals = self.totals
        for s in range(self.players):
            totals[s] += solve(self.hands[s], sc)
        target = self.target
        done = target == 0.0 or self.hand_number >= HAND_LIMIT
        if not done:
            for t in totals:
                if abs(t) >= target:
                    done = True
                    break
        if done:
            self.phase = OVER
            self.actor = NOBODY
            return
        self.starter = (self.starter + 1) % self.players
        self.deal()

    def returns(self) -> list[float]:
        return list(self.totals)

    def estimate(self) -> list[float] | None:
        """The totals as if the village were fired now; a hand nobody has played yet counts for
        nobody."""
        if self.turns_in_hand == 0 and self.phase == START and self.drawn < 0:
            return list(self.totals)
        sc = scoring_for(self.gods_in_play(), self.flat_bonus)
        return [t + solve(h, sc) for t, h in zip(self.totals, self.hands)]

    # Copies and what a seat may know ---------------------------------------------------------------
    def copy(self) -> LootFast:
        return LootFast(self.players, self.fire_any, self.target, self.flat_bonus, self.rng,
                        self.chances, self.totals[:], self.hand_number, self.starter,
                        self.hands[:], self.known, self.origin[:], self.discard[:], self.draw[:],
                        self.pile_number, self.turns[:], self.turns_in_hand, self.asks[:],
                        self.drawn, self.next_player, self.phase, self.actor)

    def determinize(self, seat: int, rng: Rng) -> LootFast:
        """Other hands and the draw pile dealt afresh: cards taken from the discard pile stay
        where everyone saw them go; the others are shuffled among the places that drew from the
        same pile (the deal and first pile, or a pile made by a reshuffle)."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hands = twin.hands
        pile = self.pile_number
        hidden = ~self.known
        others = [s for s in range(self.players) if s != seat]
        if pile == 0:
            # Every hidden card came from the deal or the first pile: one pool, every card not in
            # the seat's hand, taken or on the discard pile.
            twin.origin = [0] * N_CARDS
            sizes: list[int] = []
            for s in others:
                sizes.append((hands[s] & hidden).bit_count())
                hands[s] &= ~hidden
            draw = self.draw
            if len(draw) <= len(self.discard):
                pooled = 0
                for s in others:
                    pooled |= self.hands[s]
                pooled &= hidden
                for c in draw:
                    pooled |= 1 << c
            else:
                pooled = ALL_CARDS & hidden & ~self.hands[seat]
                for c in self.discard:
                    pooled ^= 1 << c
            self.deal_hidden(twin, others, sizes, pooled, 0, rng)
        else:
            origin = twin.origin
            for number in range(pile + 1):
                pooled = 0
                sizes = []
                for s in others:
                    m = hands[s] & hidden
                    rest = m
                    while rest:
                        low = rest & -rest
                        if origin[low.bit_length() - 1] != number:
                            m ^= low
                        rest ^= low
                    hands[s] ^= m
                    pooled |= m
                    sizes.append(m.bit_count())
                if number == pile:
                    for c in self.draw:
                        pooled |= 1 << c
                self.deal_hidden(twin, others, sizes, pooled, number, rng)
        if self.actor != seat:
            twin.drawn = -1  # a card of a hand dealt afresh: which one is not known
        return twin

    def deal_hidden(self, twin: LootFast, others: list[int], sizes: list[int], pooled: int,
                    number: int, rng: Rng) -> None:
        """The cards of one draw pile dealt afresh among the other hands (each as many as it
        held from that pile) and, for the last pile, the draw pile. The pool is shuffled from
        card order: where its cards really lie must not steer the deal."""
        pool: list[int] = []
        for s in range(6):
            pool.extend(CHUNK_CARDS[s][pooled >> (9 * s) & 511])
        rng.shuffle(pool)
        hands = twin.hands
        origin = twin.origin
        k = 0
        for s, size in zip(others, sizes):
            h = hands[s]
            for c in pool[k:k + size]:
                h |= 1 << c
                origin[c] = number
            hands[s] = h
            k += size
        if number == self.pile_number:
            twin.draw = pool[k:]

    def key(self) -> tuple[object, ...]:
        hidden = []
        for h in self.hands:
            m = h & ~self.known
            while m:
                low = m & -m
                c = low.bit_length() - 1
                hidden.append((c, self.origin[c]))
                m ^= low
        return (self.players, self.fire_any, self.target, self.flat_bonus, self.chances,
                tuple(self.totals), self.hand_number, self.starter, tuple(self.hands), self.known,
                tuple(hidden), tuple(self.discard), tuple(self.draw), self.pile_number,
                tuple(self.turns), self.turns_in_hand, tuple(self.asks), self.drawn,
                self.next_player, self.phase, self.actor)


# Scoring a hand at its best arrangement ---------------------------------------------------------
# Tables of a 9-bit chunk (a suit's ranks, or the ranks present).
def _in_long_blocks(ranks: int) -> int:
    """The ranks lying in four or more ranks in a row: the ones a run can use."""
    out = 0
    r = 0
    while r < 9:
        if ranks >> r & 1:
            start = r
            while r < 9 and ranks >> r & 1:
                r += 1
            if r - start >= 4:
                out |= ((1 << (r - start)) - 1) << start
        else:
            r += 1
    return out


LONG_BLOCKS: list[int] = [_in_long_blocks(m) for m in range(512)]
POPCOUNT: list[int] = [bin(m).count("1") for m in range(512)]
# The cards of one rank, and of one rank in the suits of a 6-bit mask.
RANK_CARDS: list[int] = [sum(1 << (9 * s + r) for s in range(6)) for r in range(9)]
SPREAD: list[list[int]] = [[sum(1 << (9 * s + r) for s in range(6) if m >> s & 1)
                            for m in range(64)] for r in range(9)]


class Scoring:
    """The gains of one set of gods in play: what each card adds over being left loose, by kind,
    and each kind's sums over a 9-bit chunk of ranks."""

    def __init__(self, gods: int, flat_bonus: bool) -> None:
        lady, dark, builder, thief = gods & 1, gods >> 1 & 1, gods >> 2 & 1, gods >> 3 & 1
        protectress, seductress = gods >> 4 & 1, gods >> 5 & 1
        minion, friend, changeling = gods >> 6 & 1, gods >> 7 & 1, gods >> 8 & 1
        run_mult = (2.0 if lady else 1.0) * (0.5 if dark else 1.0)
        color_mult = (2 if protectress else 1) * (0.5 if seductress else 1)
        set_mult = (0.5 if minion else 1) * (2 if friend else 1)
        fool = 2 if changeling else 1
        self.color_min: int = 3 if builder else 4
        self.bonus: float = 5.0 * (1.0 if flat_bonus else run_mult)
        loose = [0.0 if thief else float(-(r + 1) * (fool if r == 8 else 1)) for r in range(9)]
        run = [2 * run_mult * (fool if r == 8 else 1) for r in range(9)]
        self.run_gain: list[float] = [run[r] - loose[r] for r in range(9)]
        self.set_gain: list[float] = [2 * set_mult * (fool if r == 8 else 1) - loose[r]
                                      for r in range(9)]
        color_gain = [2 * color_mult * (fool if r == 8 else 1) - loose[r] for r in range(9)]
        self.loose_sum: list[float] = _chunk_sums(loose)
        # A color of these ranks: each card's color gain, and the runs within scored again.
        color_sum = _chunk_sums(color_gain)
        run_sum = _chunk_sums(run)
        self.color_sum: list[float] = [color_sum[m] + run_sum[LONG_BLOCKS[m]] for m in range(512)]
        # Runs by the counts of their ranks, shared by the scorings with the same run gains.
        runs_key = (run_mult, fool, thief)
        known = _runs_known.get(runs_key)
        if known is None:
            known = _runs_known[runs_key] = {}
        self.runs_known: dict[int, float] = known


def _chunk_sums(values: list[float]) -> list[float]:
    """The sum of the values of the ranks in each 9-bit chunk."""
    sums = [0.0] * 512
    for m in range(1, 512):
        low = m & -m
        sums[m] = sums[m ^ low] + values[low.bit_length() - 1]
    return sums


_runs_known: dict[tuple[float, int, int], dict[int, float]] = {}
_scorings: dict[int, Scoring] = {}


def scoring_for(gods: int, flat_bonus: bool) -> Scoring:
    key = gods | (512 if flat_bonus else 0)
    sc = _scorings.get(key)
    if sc is None:
        sc = _scorings[key] = Scoring(gods, flat_bonus)
    return sc


def hand_score(hand: int, gods: int, flat_bonus: bool) -> float:
    """The best score of a hand with these gods in play (exact)."""
    return solve(hand, scoring_for(gods, flat_bonus))


def solve(hand: int, sc: Scoring) -> float:
    c0 = hand & 511
    c1 = hand >> 9 & 511
    c2 = hand >> 18 & 511
    c3 = hand >> 27 & 511
    c4 = hand >> 36 & 511
    c5 = hand >> 45
    ls = sc.loose_sum
    loose_total = ls[c0] + ls[c1] + ls[c2] + ls[c3] + ls[c4] + ls[c5]
    runnable = LONG_BLOCKS[c0 | c1 | c2 | c3 | c4 | c5]
    cm = sc.color_min
    colors = 0  # the suits with enough cards for a color
    if POPCOUNT[c0] >= cm:
        colors |= 1
    if POPCOUNT[c1] >= cm:
        colors |= 2
    if POPCOUNT[c2] >= cm:
        colors |= 4
    if POPCOUNT[c3] >= cm:
        colors |= 8
    if POPCOUNT[c4] >= cm:
        colors |= 16
    if POPCOUNT[c5] >= cm:
        colors |= 32
    sets = _three_or_more(c0, c1, c2, c3, c4, c5)  # the ranks with enough cards for a set
    if not colors and not sets:
        if not runnable:
            return loose_total
        if not _six_colors_in_reach(runnable, hand):
            return loose_total + _runs_left(hand, runnable, sc)
    elif not runnable or not _six_colors_in_reach(runnable, hand):
        return loose_total + _sets_and_colors(hand, runnable, colors, sets, sc)
    chunks = [c0, c1, c2, c3, c4, c5]
    rank_suits = [0] * 9
    for r in range(9):
        for s in range(6):
            if chunks[s] >> r & 1:
                rank_suits[r] |= 1 << s
    return loose_total + _search(runnable, colors, sets, rank_suits, sc)


def _three_or_more(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """The ranks held in three or more suits: the suits' chunks added bit by bit."""
    ones = c0 ^ c1
    twos = c0 & c1
    carry = ones & c2
    ones ^= c2
    fours = twos & carry
    twos ^= carry
    carry = ones & c3
    ones ^= c3
    fours |= twos & carry
    twos ^= carry
    carry = ones & c4
    ones ^= c4
    fours |= twos & carry
    twos ^= carry
    carry = ones & c5
    ones ^= c5
    fours |= twos & carry
    twos ^= carry
    return fours | (twos & ones)


def _sets_and_colors(hand: int, runnable: int, colors: int, sets: int, sc: Scoring) -> float:
    """No bonus in reach: every choice of sets and colors, the runs of the cards left by counts.
    A set or a color takes every card of its rank or suit that could go nowhere else."""
    color_min = sc.color_min
    # No bonus in reach: every choice of sets and colors, the runs of the cards left by counts.
    # A set or a color takes every card of its rank or suit that could go nowhere else.
    melds: list[int] = []
    gains: list[float] = []
    for r in range(9):
        if sets >> r & 1:
            have = 0
            for s in range(6):
                if hand >> (9 * s + r) & 1:
                    have |= 1 << s
            free = have if runnable >> r & 1 else have & colors
            forced = have ^ free
            spread = SPREAD[r]
            each = sc.set_gain[r]
            sub = free
            while True:  # every subset of the free suits
                k = POPCOUNT[forced | sub]
                if k >= 3:
                    melds.append(spread[forced | sub])
                    gains.append(each * k)
                if not sub:
                    break
                sub = (sub - 1) & free
    contested = runnable | sets
    color_sum = sc.color_sum
    for s in range(6):
        if colors >> s & 1:
            have = hand >> (9 * s) & 511
            free = have & contested
            forced = have ^ free
            sub = free
            while True:
                if POPCOUNT[forced | sub] >= color_min:
                    melds.append((forced | sub) << (9 * s))
                    gains.append(color_sum[forced | sub])
                if not sub:
                    break
                sub = (sub - 1) & free
    return _choose(0, 0, hand, runnable, melds, gains, sc)


def _choose(k: int, used: int, hand: int, runnable: int, melds: list[int], gains: list[float],
            sc: Scoring) -> float:
    """The best of the sets and colors from the k-th on beside those `used`, and runs."""
    best = _runs_left(hand & ~used, runnable, sc) if runnable else 0.0
    for j in range(k, len(melds)):
        m = melds[j]
        if not m & used:
            v = gains[j] + _choose(j + 1, used | m, hand, runnable, melds, gains, sc)
            if v > best:
                best = v
    return best


def _six_colors_in_reach(runnable: int, hand: int) -> bool:
    """Whether some six ranks in a row could hold a run of six colors."""
    for a in range(4):
        if runnable >> a & 63 == 63:
            window = 63 << a
            seen = 0
            for s in range(6):
                if hand >> (9 * s) & window:
                    seen |= 1 << s
            if seen == 63:
                return True
    return False


def _runs_left(cards: int, runnable: int, sc: Scoring) -> float:
    """The best runs of these cards when no six-color bonus is in reach: a run is then only its
    ranks, so only how many cards of each rank there are matters (remembered by those counts).
    Going up the ranks, the open runs are counted by length (1, 2, 3, 4 or more); a rank's
    cards go first to the short runs (which must go on), then to the long ones, then start new
    runs."""
    c0 = cards & 511
    c1 = cards >> 9 & 511
    c2 = cards >> 18 & 511
    c3 = cards >> 27 & 511
    c4 = cards >> 36 & 511
    c5 = cards >> 45
    live = LONG_BLOCKS[(c0 | c1 | c2 | c3 | c4 | c5) & runnable]
    if not live:
        return 0.0
    ones = c0 ^ c1
    twos = c0 & c1
    carry = ones & c2
    ones ^= c2
    fours = twos & carry
    twos ^= carry
    carry = ones & c3
    ones ^= c3
    fours |= twos & carry
    twos ^= carry
    carry = ones & c4
    ones ^= c4
    fours |= twos & carry
    twos ^= carry
    carry = ones & c5
    ones ^= c5
    fours |= twos & carry
    twos ^= carry
    key = (ones & live) | (twos & live) << 9 | (fours & live) << 18
    known = sc.runs_known.get(key)
    if known is not None:
        return known
    counts = [(key >> r & 1) + 2 * (key >> (9 + r) & 1) + 4 * (key >> (18 + r) & 1)
              for r in range(9)] + [0]
    run_gain = sc.run_gain
    layer: dict[tuple[int, int, int, int], float] = {(0, 0, 0, 0): 0.0}
    for r in range(10):
        c = counts[r]
        g = run_gain[r] if r < 9 else 0.0
        grown: dict[tuple[int, int, int, int], float] = {}
        for (n1, n2, n3, n4), v in layer.items():
            short = n1 + n2 + n3
            for k in range(short, c + 1):
                extra = k - short
                ext = extra if extra < n4 else n4
                state = (extra - ext, n1, n2, n3 + ext)
                value = v + k * g
                prior = grown.get(state)
                if prior is None or value > prior:
                    grown[state] = value
        layer = grown
    best = layer[(0, 0, 0, 0)]
    sc.runs_known[key] = best
    return best


def _search(runnable: int, colors: int, sets: int, rank_suits: list[int], sc: Scoring) -> float:
    """The best split of the cards that may join a meld into melds and loose cards."""
    ranks: list[int] = []
    suits: list[int] = []
    # Cards by rank then suit, so that a run's first card is its lowest.
    for r in range(9):
        m = rank_suits[r]
        if runnable >> r & 1 or sets >> r & 1:
            for s in range(6):
                if m >> s & 1:
                    ranks.append(r)
                    suits.append(s)
        elif m & colors:
            for s in range(6):
                if (m & colors) >> s & 1:
                    ranks.append(r)
                    suits.append(s)
    n = len(ranks)
    melds: list[list[int]] = [[] for _ in range(n)]  # by lowest card: masks
    gains: list[list[float]] = [[] for _ in range(n)]
    # A set or a color takes every card of its rank or suit that could go nowhere else: only the
    # cards another meld could use are left out of some of them.
    if sets:
        set_gain = sc.set_gain
        for r in range(9):
            if not sets >> r & 1:
                continue
            forced = 0
            free: list[int] = []
            for i in range(n):
                if ranks[i] == r:
                    if runnable >> r & 1 or colors >> suits[i] & 1:
                        free.append(i)
                    else:
                        forced |= 1 << i
            _add_groups(forced, free, 3, melds, gains, ranks, set_gain[r], None)
    if colors:
        for s in range(6):
            if not colors >> s & 1:
                continue
            forced = 0
            free = []
            for i in range(n):
                if suits[i] == s:
                    if runnable >> ranks[i] & 1 or sets >> ranks[i] & 1:
                        free.append(i)
                    else:
                        forced |= 1 << i
            _add_groups(forced, free, sc.color_min, melds, gains, ranks, 0.0, sc.color_sum)
    if runnable:
        run_gain = sc.run_gain
        starts = [0] * 10  # the first card of each rank, and the end
        nxt = 0
        for r in range(10):
            while nxt < n and ranks[nxt] < r:
                nxt += 1
            starts[r] = nxt
        for i in range(n):
            if runnable >> ranks[i] & 1:
                _runs_from(1 << i, ranks[i], run_gain[ranks[i]], [suits[i]], False, ranks, suits,
                           starts, run_gain, sc.bonus, melds[i], gains[i])
    memo: dict[int, float] = {0: 0.0}
    return _best((1 << n) - 1, melds, gains, memo)


def _add_groups(forced: int, free: list[int], least: int, melds: list[list[int]],
                gains: list[list[float]], ranks: list[int], each: float,
                color_sum: list[float] | None) -> None:
    """The sets (`each` a card) or colors (`color_sum` by ranks) of the forced cards and any of
    the free ones, of at least `least` cards."""
    base = forced.bit_count()
    for sub in range(1 << len(free)):
        if base + sub.bit_count() < least:
            continue
        mask = forced
        for b in range(len(free)):
            if sub >> b & 1:
                mask |= 1 << free[b]
        low = (mask & -mask).bit_length() - 1
        if color_sum is None:
            gain = each * (base + sub.bit_count())
        else:
            rk = 0
            m = mask
            while m:
                bit = m & -m
                rk |= 1 << ranks[bit.bit_length() - 1]
                m ^= bit
            gain = color_sum[rk]
        melds[low].append(mask)
        gains[low].append(gain)


def _runs_from(mask: int, rank: int, gain: float, tail: list[int], six: bool,
               ranks: list[int], suits: list[int], starts: list[int], run_gain: list[float],
               bonus: float, out: list[int], out_gain: list[float]) -> None:
    """Every run going on from these cards (`tail`: their suits in rank order)."""
    if len(tail) >= 4:
        out.append(mask)
        out_gain.append(gain + bonus if six else gain)
    if rank == 8:
        return
    r = rank + 1
    g = gain + run_gain[r]
    for j in range(starts[r], starts[r + 1]):
        tail.append(suits[j])
        now = six
        if not now and len(tail) >= 6:
            seen = 0
            for s in tail[-6:]:
                seen |= 1 << s
            now = seen == 63
        _runs_from(mask | 1 << j, r, g, tail, now, ranks, suits, starts, run_gain, bonus, out,
                   out_gain)
        tail.pop()


def _best(mask: int, melds: list[list[int]], gains: list[list[float]],
          memo: dict[int, float]) -> float:
    got = memo.get(mask)
    if got is not None:
        return got
    low = (mask & -mask).bit_length() - 1
    rest = mask ^ (1 << low)
    top = _best(rest, melds, gains, memo)
    ms = melds[low]
    gs = gains[low]
    for k in range(len(ms)):
        m = ms[k]
        if m & mask == m:
            v = gs[k] + _best(mask ^ m, melds, gains, memo)
            if v > top:
                top = v
    memo[mask] = top
    return top


# From the readable game ----------------------------------------------------------------------------
def twin(state: Any, seed: int) -> LootFast | None:
    game = state.game
    if game.info.id != "loot":
        return None
    options = game.options
    points = options["points"]
    n = game.players
    # The deals so far and the reshuffles of every hand (the log tells the earlier hands').
    reshuffles = sum(1 for line in state.log if line.startswith("the discard pile is shuffled"))
    hands = [0] * n
    known = 0
    origin = [0] * N_CARDS
    for s in range(n):
        for name in state.hands[s]:
            hands[s] |= 1 << card_of(name)
        for name, tag in state.tags[s].items():
            c = card_of(name)
            if tag < 0:
                known |= 1 << c
            else:
                origin[c] = tag
    phase = PHASES[state.phase]
    return LootFast(n, options["fire"] == "any", 0.0 if points is None else float(points),
                    options["run_bonus"] == "flat", Rng(seed), state.hand_number + reshuffles,
                    [float(t) for t in state.totals], state.hand_number, state.starter, hands,
                    known, origin, [card_of(c) for c in state.discard],
                    [card_of(c) for c in state.draw], state.pile_number, list(state.turns),
                    state.turns_in_hand, list(state.asks),
                    -1 if state.drawn is None else card_of(state.drawn), state.next_player, phase,
                    NOBODY if phase == OVER else state.to_act)


def encode(action: Any) -> int:
    card = getattr(action, "card", None)
    if card is not None:
        return DISCARD + card_of(card)
    return {"draw": DRAW, "take": TAKE, "fire": FIRE, "pass": PASS}[str(action)]


def census(fast: LootFast) -> list[int]:
    cards = list(fast.discard) + list(fast.draw)
    for h in fast.hands:
        m = h
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
    return cards
