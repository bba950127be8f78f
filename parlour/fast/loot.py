"""Loot on integers (the twin of parlour/games/loot.py), every option and player count.

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods, so that the gods are the sixth suit and a suit is a 9-bit chunk of a
54-bit mask. Hands are masks; the discard and draw piles are lists, their tops last. An action is
the readable game's `action_id`: 0 draw, 1 take, 2 fire, 3 pass, 4 + card a discard.

A draw pile the twin made itself (at a deal, a reshuffle or a determinization) is `loose`: its
cards lie in no particular order and each draw takes one of them at random, which is as good as
the top of a shuffled pile and spares shuffling the cards nobody draws before the hand ends. A
pile read from the readable game keeps its order (and is drawn from the top).

Where each card in a hand came from, as everyone saw it, is `known` (a mask of the cards taken
from the discard pile) and `origin` (by card: the number of the draw pile it came from, 0 for the
deal); determinize resamples within each draw pile's cards as the readable game does.

Hands are scored by an exact solver on masks (`solve`). Without a six-color run a run is only its
ranks: every choice of sets and colors is tried (each taking the cards of its rank or suit that
could go nowhere else), and the best runs of the cards left follow from the counts of their ranks,
remembered by those counts. Where a six-color run is in reach, each such run is tried too, with
the rest of the hand solved again.

`chances` counts the deals (the first included) and the reshuffles of the discard pile: the only
draws of the readable game's generator.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from .core import NOBODY, FastState, Rng

CARD: dict[str, int] = {name: i for i, name in enumerate(VIASHI_CARDS)}
# The constants are Final: mypyc inlines them (or keeps them in C statics), where a plain module
# global is a dictionary look-up at every use.
N_CARDS: Final = 54
HAND_SIZE: Final = 9
ROUND_LIMIT: Final = 40
HAND_LIMIT: Final = 40
ALL_CARDS: Final = (1 << N_CARDS) - 1
# The gods' chunk: bit k is the god of rank k + 1 (the Lady .. the Changeling).
GODS_SHIFT: Final = 45
# A look-up beats a shift past 30 bits in the compiled build.
CARD_BIT: Final[list[int]] = [1 << c for c in range(N_CARDS)]
DECK: Final[list[int]] = list(range(N_CARDS))

DRAW: Final = 0
TAKE: Final = 1
FIRE: Final = 2
PASS: Final = 3
DISCARD: Final = 4  # + card

START: Final = 0
DISCARDING: Final = 1
FIRING: Final = 2
OVER: Final = 3
PHASES: dict[str, int] = {"start": START, "discard": DISCARDING, "fire": FIRING, "over": OVER}


def card_of(name: str) -> int:
    return CARD[name]


# The cards of a suit's 9-bit chunk, in card order.
CHUNK_CARDS: Final[list[list[list[int]]]] = [[[9 * s + r for r in range(9) if m >> r & 1]
                                              for m in range(512)] for s in range(6)]
# The discards of a suit's cards in a hand, in card order.
DISCARDS: Final[list[list[list[int]]]] = [[[DISCARD + c for c in CHUNK_CARDS[s][m]]
                                           for m in range(512)] for s in range(6)]
# By player count and the seat that has just discarded: the seats offered the firing, in order
# (the discarder, then the seats after the next player: his own chance is his turn).
ASK_ORDERS: Final[list[list[list[int]]]] = [[[seat] + [(seat + k) % n for k in range(2, n)]
                                             for seat in range(n)] for n in range(5)]


# The position ------------------------------------------------------------------------------------
class LootFast(FastState):
    """A match of Loot: the hand under way, the totals, and who acts in which phase."""

    def __init__(self, players: int, fire_any: bool, target: float, flat_bonus: bool, rng: Rng,
                 chances: int, totals: list[float], hand_number: int, starter: int,
                 hands: list[int], known: int, origin: list[int], discard: list[int],
                 draw: list[int], loose: bool, pile_number: int, turns: list[int],
                 turns_in_hand: int, asks: list[int], drawn: int, next_player: int, phase: int,
                 actor: int) -> None:
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
        self.loose = loose  # the draw pile is in no order: a draw takes any of its cards
        self.pile_number = pile_number
        self.turns = turns  # turns finished this hand, by seat
        # Turns go round from the starter and a firing ends the hand: every seat has had a turn
        # once turns_in_hand reaches the player count.
        self.turns_in_hand = turns_in_hand
        self.asks = asks  # the seats still to be offered the firing, in order
        self.drawn = drawn  # the card the seat to act has just drawn, or -1
        self.next_player = next_player
        self.phase = phase
        self.actor = actor

    # A hand: the deal ----------------------------------------------------------------------------
    def deal(self) -> None:
        """Nine each and the next card turned up; the rest face down, in a loose pile."""
        n = self.players
        cards = DECK[:]
        draw = self.rng.drawer()
        self.chances += 1
        self.hand_number += 1
        # The first cards of a partial shuffle: only the cards dealt are drawn now.
        hands = [0] * n
        i = 0
        for seat in range(n):
            m = 0
            for _ in range(HAND_SIZE):
                j = i + int(draw() * (N_CARDS - i))
                c = cards[j]
                cards[j] = cards[i]
                cards[i] = c
                m |= CARD_BIT[c]
                i += 1
            hands[seat] = m
        j = i + int(draw() * (N_CARDS - i))
        self.discard = [cards[j]]
        cards[j] = cards[i]
        self.hands = hands
        self.origin = [0] * N_CARDS
        self.known = 0
        self.draw = cards[i + 1:]
        self.loose = True
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
        if phase == DISCARDING:
            h = self.hands[self.actor]
            return [*DISCARDS[0][h & 511], *DISCARDS[1][h >> 9 & 511],
                    *DISCARDS[2][h >> 18 & 511], *DISCARDS[3][h >> 27 & 511],
                    *DISCARDS[4][h >> 36 & 511], *DISCARDS[5][h >> 45]]
        if phase == START:
            everyone_played = self.turns_in_hand >= self.players
            if self.draw or len(self.discard) > 1:
                return [DRAW, TAKE, FIRE] if everyone_played else [DRAW, TAKE]
            return [TAKE, FIRE] if everyone_played else [TAKE]
        if phase == FIRING:
            return [FIRE, PASS]
        return []

    def step(self, action: int) -> None:
        seat = self.actor
        phase = self.phase
        if phase == DISCARDING:
            self.discard_card(seat, action - DISCARD)
        elif phase == START:
            if action == DRAW:
                draw = self.draw
                if not draw:
                    # The discard pile but its top card makes a new draw pile: loose, so that
                    # the draws shuffle it.
                    discard = self.discard
                    draw = self.draw = discard[:-1]
                    self.discard = discard[-1:]
                    self.loose = True
                    self.pile_number += 1
                    self.chances += 1
                if self.loose:
                    j = self.rng.below(len(draw))
                    card = draw[j]
                    draw[j] = draw[-1]
                    draw.pop()
                else:
                    card = draw.pop()
                self.hands[seat] |= CARD_BIT[card]
                self.origin[card] = self.pile_number
                self.drawn = card
                self.phase = DISCARDING
            elif action == TAKE:
                card = self.discard.pop()
                bit = CARD_BIT[card]
                self.hands[seat] |= bit
                self.known |= bit
                self.phase = DISCARDING
            else:
                self.fire()
        elif action == FIRE:
            self.fire()
        else:
            asks = self.asks
            asks.pop(0)
            if asks:
                self.actor = asks[0]
            else:
                self.phase = START
                self.actor = self.next_player

    def discard_card(self, seat: int, card: int) -> None:
        self.drawn = -1
        bit = CARD_BIT[card]
        self.hands[seat] ^= bit
        self.known &= ~bit
        self.discard.append(card)
        self.turns[seat] += 1
        turns_in_hand = self.turns_in_hand + 1
        self.turns_in_hand = turns_in_hand
        n = self.players
        if turns_in_hand >= ROUND_LIMIT * n:
            self.fire()  # nobody fired in the rounds allowed: the hand is called
            return
        nxt = seat + 1 if seat + 1 < n else 0
        self.next_player = nxt
        if self.fire_any and turns_in_hand >= n:
            asks = ASK_ORDERS[n][seat][:]
            self.asks = asks
            self.phase = FIRING
            self.actor = asks[0]
        else:
            self.asks = []
            self.phase = START
            self.actor = nxt

    # Firing and scoring --------------------------------------------------------------------------
    def fire(self) -> None:
        """Every hand scored at its best arrangement with every god in any hand in force."""
        hands = self.hands
        every = 0
        for h in hands:
            every |= h
        sc = scoring_for(every >> GODS_SHIFT, self.flat_bonus)
        totals = self.totals
        for s in range(self.players):
            totals[s] += solve(hands[s], sc)
        target = self.target
        done = target == 0.0 or self.hand_number >= HAND_LIMIT
        if not done:
            for t in totals:
                if t >= target or -t >= target:
                    done = True
                    break
        if done:
            self.phase = OVER
            self.actor = NOBODY
            return
        self.starter = (self.starter + 1) % self.players
        self.deal()

    def returns(self) -> list[float]:
        return self.totals[:]

    def estimate(self) -> list[float] | None:
        """The totals as if the village were fired now; a hand nobody has played yet counts for
        nobody."""
        totals = self.totals
        if self.turns_in_hand == 0 and self.phase == START and self.drawn < 0:
            return totals[:]
        hands = self.hands
        every = 0
        for h in hands:
            every |= h
        sc = scoring_for(every >> GODS_SHIFT, self.flat_bonus)
        out = totals[:]
        for s in range(self.players):
            out[s] += solve(hands[s], sc)
        return out

    # Copies and what a seat may know --------------------------------------------------------------
    def copy(self) -> LootFast:
        return LootFast(self.players, self.fire_any, self.target, self.flat_bonus, self.rng,
                        self.chances, self.totals[:], self.hand_number, self.starter,
                        self.hands[:], self.known, self.origin[:], self.discard[:], self.draw[:],
                        self.loose, self.pile_number, self.turns[:], self.turns_in_hand,
                        self.asks[:], self.drawn, self.next_player, self.phase, self.actor)

    def determinize(self, seat: int, rng: Rng) -> LootFast:
        """Other hands and the draw pile dealt afresh: cards taken from the discard pile stay
        where everyone saw them go; the others are shuffled among the places that drew from the
        same pile (the deal and first pile, or a pile made by a reshuffle).

        The copy draws its deals from the search's own generator, `rng`: that one knows nothing
        of the real deals, and seeding a generator for each determinization cost more than a
        tenth of a search iteration."""
        twin = self.copy()
        twin.rng = rng
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
                    pooled |= CARD_BIT[c]
            else:
                pooled = ALL_CARDS & hidden & ~self.hands[seat]
                for c in self.discard:
                    pooled ^= CARD_BIT[c]
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
                        pooled |= CARD_BIT[c]
                self.deal_hidden(twin, others, sizes, pooled, number, rng)
        if self.actor != seat:
            twin.drawn = -1  # a card of a hand dealt afresh: which one is not known
        return twin

    def deal_hidden(self, twin: LootFast, others: list[int], sizes: list[int], pooled: int,
                    number: int, rng: Rng) -> None:
        """The cards of one draw pile dealt afresh among the other hands (each as many as it
        held from that pile) and, for the last pile, the draw pile (loose: the cards dealt to no
        hand need no order). The pool is gathered in card order: where its cards really lie must
        not steer the deal."""
        pool = [*CHUNK_CARDS[0][pooled & 511], *CHUNK_CARDS[1][pooled >> 9 & 511],
                *CHUNK_CARDS[2][pooled >> 18 & 511], *CHUNK_CARDS[3][pooled >> 27 & 511],
                *CHUNK_CARDS[4][pooled >> 36 & 511], *CHUNK_CARDS[5][pooled >> 45 & 511]]
        size = len(pool)
        draw = rng.drawer()
        hands = twin.hands
        origin = twin.origin
        i = 0
        for k in range(len(others)):
            s = others[k]
            h = hands[s]
            for _ in range(sizes[k]):
                # A partial shuffle: the cards dealt so far are pool[:i].
                j = i + int(draw() * (size - i))
                c = pool[j]
                pool[j] = pool[i]
                pool[i] = c
                h |= CARD_BIT[c]
                origin[c] = number
                i += 1
            hands[s] = h
        if number == self.pile_number:
            twin.draw = pool[i:]
            twin.loose = True

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
                tuple(hidden), tuple(self.discard), tuple(self.draw), self.loose,
                self.pile_number, tuple(self.turns), self.turns_in_hand, tuple(self.asks),
                self.drawn, self.next_player, self.phase, self.actor)


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


LONG_BLOCKS: Final[list[int]] = [_in_long_blocks(m) for m in range(512)]
POPCOUNT: Final[list[int]] = [bin(m).count("1") for m in range(512)]
# The cards of one rank, and of one rank in the suits of a 6-bit mask.
RANK_CARDS: Final[list[int]] = [sum(1 << (9 * s + r) for s in range(6)) for r in range(9)]
SPREAD: Final[list[list[int]]] = [[sum(1 << (9 * s + r) for s in range(6) if m >> s & 1)
                                   for m in range(64)] for r in range(9)]
# The cards of the ranks of a 9-bit chunk, and of the suits of a 6-bit mask.
RANKS_CARDS: Final[list[int]] = [sum(RANK_CARDS[r] for r in range(9) if m >> r & 1)
                                  for m in range(512)]
SUITS_CARDS: Final[list[int]] = [sum(511 << (9 * s) for s in range(6) if m >> s & 1)
                                  for m in range(64)]
# How many cards of each rank, 4 bits a rank: the sum of the SPREAD4 of the suits' chunks.
SPREAD4: Final[list[int]] = [sum(1 << (4 * r) for r in range(9) if m >> r & 1) for m in range(512)]
NIBBLES: Final[list[int]] = [15 * x for x in SPREAD4]  # the counts of the ranks of a chunk
NO_BONUS: Final = -1.0e9  # below any hand's score: no six-color run


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
        self.run_points: list[float] = run
        self.run_gain: list[float] = [run[r] - loose[r] for r in range(9)]
        self.set_gain: list[float] = [2 * set_mult * (fool if r == 8 else 1) - loose[r]
                                      for r in range(9)]
        color_gain = [2 * color_mult * (fool if r == 8 else 1) - loose[r] for r in range(9)]
        self.loose_sum: list[float] = _chunk_sums(loose)
        # The set gains of the ranks of a chunk: sets that nothing else could use are whole.
        self.set_sum: list[float] = _chunk_sums(self.set_gain)
        # A color of these ranks: each card's color gain, and the runs within scored again.
        both = (tuple(color_gain), tuple(run))
        color_sum = _color_sums.get(both)
        if color_sum is None:
            colors = _chunk_sums(color_gain)
            runs = _chunk_sums(run)
            color_sum = [colors[m] + runs[LONG_BLOCKS[m]] for m in range(512)]
            _color_sums[both] = color_sum
        self.color_sum: list[float] = color_sum
        # Runs by the counts of their ranks, shared by the scorings with the same run gains.
        runs_key = (run_mult, fool, thief)
        known = _runs_known.get(runs_key)
        if known is None:
            known = _runs_known[runs_key] = {}
        self.runs_known: dict[int, float] = known


def _chunk_sums(values: list[float]) -> list[float]:
    """The sum of the values of the ranks in each 9-bit chunk (the tables of the few gains
    there are are shared: a search meets hundreds of sets of gods in its first moves)."""
    key = tuple(values)
    sums = _sums.get(key)
    if sums is None:
        sums = [0.0]
        for v in values:
            sums += [t + v for t in sums]  # the chunks with this rank: those without, plus it
        _sums[key] = sums
    return sums


_sums: dict[tuple[float, ...], list[float]] = {}
_color_sums: dict[tuple[tuple[float, ...], tuple[float, ...]], list[float]] = {}
_runs_known: dict[tuple[float, int, int], dict[int, float]] = {}
# By gods | 512 for the flat bonus: a list, as the compiled build indexes it without hashing.
_scorings: Final[list[Scoring | None]] = [None] * 1024


def scoring_for(gods: int, flat_bonus: bool) -> Scoring:
    key = gods | 512 if flat_bonus else gods
    sc = _scorings[key]
    if sc is None:
        sc = Scoring(gods, flat_bonus)
        _scorings[key] = sc
    return sc


def hand_score(hand: int, gods: int, flat_bonus: bool) -> float:
    """The best score of a hand with these gods in play (exact)."""
    return solve(hand, scoring_for(gods, flat_bonus))


def solve(hand: int, sc: Scoring) -> float:
    """The best score of a hand: every card loose, plus the best gains of melds. The gains are
    halves, so that sums of them are exact in any order."""
    c0 = hand & 511
    c1 = hand >> 9 & 511
    c2 = hand >> 18 & 511
    c3 = hand >> 27 & 511
    c4 = hand >> 36 & 511
    c5 = hand >> 45
    ls = sc.loose_sum
    best = ls[c0] + ls[c1] + ls[c2] + ls[c3] + ls[c4] + ls[c5]
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
    # How many suits hold each rank, in binary: the suits' chunks added bit by bit.
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
    sets = fours | (twos & ones)  # the ranks with enough cards for a set
    # The counts of the ranks a run could use: the runs of any cards of the hand follow from
    # those counts alone (no six-color bonus).
    counts = 0
    if runnable:
        counts = (SPREAD4[ones] + 2 * SPREAD4[twos] + 4 * SPREAD4[fours]) & NIBBLES[runnable]
    if not colors and not sets:
        if not runnable:
            return best
        best += _runs_of(counts, sc)
    else:
        set_cards = hand & RANKS_CARDS[sets]
        color_cards = hand & SUITS_CARDS[colors]
        if set_cards & color_cards or hand & RANKS_CARDS[runnable] & (set_cards | color_cards):
            best += _sets_and_colors(hand, runnable, colors, sets, counts, sc)
        else:
            # No card wanted by two kinds of meld: every set and color whole, the runs apart.
            ss = sc.set_sum
            best += ss[sets & ones] + 2.0 * ss[sets & twos] + 4.0 * ss[sets & fours]
            if colors:
                cs = sc.color_sum
                if colors & 1:
                    best += cs[c0]
                if colors & 2:
                    best += cs[c1]
                if colors & 4:
                    best += cs[c2]
                if colors & 8:
                    best += cs[c3]
                if colors & 16:
                    best += cs[c4]
                if colors & 32:
                    best += cs[c5]
            if runnable:
                best += _runs_of(counts, sc)
    if runnable and _six_colors_in_reach(runnable, hand):
        # The best arrangement without the bonus is found above, runs by their ranks; the best
        # with it holds a six-color run, and the rest of the hand at its best.
        for low in range(4):
            if runnable >> low & 63 == 63:
                with_bonus = _bonus_runs(hand, low, 0, 0.0, [], False, sc)
                if with_bonus > best:
                    best = with_bonus
    return best


def _sets_and_colors(hand: int, runnable: int, colors: int, sets: int, counts: int,
                     sc: Scoring) -> float:
    """The gains of the best choice of sets and colors, and of runs of the cards left (`counts`:
    the hand's counts of the ranks a run could use). A set or a color takes every card of its
    rank or suit that could go nowhere else."""
    color_min = sc.color_min
    melds: list[int] = []
    takes: list[int] = []  # each meld's counts of the ranks a run could use
    gains: list[float] = []
    for r in range(9):
        if sets >> r & 1:
            have = 0
            for s in range(6):
                if hand >> (9 * s + r) & 1:
                    have |= 1 << s
            run_rank = runnable >> r & 1
            free = have if run_rank else have & colors
            forced = have ^ free
            spread = SPREAD[r]
            each = sc.set_gain[r]
            sub = free
            while True:  # every subset of the free suits
                k = POPCOUNT[forced | sub]
                if k >= 3:
                    melds.append(spread[forced | sub])
                    takes.append(k << (4 * r) if run_rank else 0)
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
                    takes.append(SPREAD4[(forced | sub) & runnable])
                    gains.append(color_sum[forced | sub])
                if not sub:
                    break
                sub = (sub - 1) & free
    return _choose(0, 0, counts, melds, takes, gains, sc)


def _choose(k: int, used: int, counts: int, melds: list[int], takes: list[int],
            gains: list[float], sc: Scoring) -> float:
    """The best of the sets and colors from the k-th on beside those `used`, and the runs of
    the cards left (`counts`)."""
    best = _runs_of(counts, sc) if counts else 0.0
    for j in range(k, len(melds)):
        m = melds[j]
        if not m & used:
            v = gains[j] + _choose(j + 1, used | m, counts - takes[j], melds, takes, gains, sc)
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


def _bonus_runs(hand: int, rank: int, run: int, points: float, suits: list[int], six: bool,
                sc: Scoring) -> float:
    """The best score of the hand with a six-color run that goes on from `run` (its cards, of
    the ranks below `rank`; `suits`, theirs in rank order; `points`, theirs as a run; `six`,
    whether six in a row are of six colors), NO_BONUS if there is none."""
    best = NO_BONUS
    if six:
        best = points + sc.bonus + solve(hand ^ run, sc)
    if rank == 9:
        return best
    points += sc.run_points[rank]
    for s in range(6):
        bit = CARD_BIT[9 * s + rank]
        if hand & bit:
            suits.append(s)
            now = six
            if not now and len(suits) >= 6:
                seen = 0
                for t in suits[-6:]:
                    seen |= 1 << t
                now = seen == 63
            v = _bonus_runs(hand, rank + 1, run | bit, points, suits, now, sc)
            suits.pop()
            if v > best:
                best = v
    return best


def _runs_of(counts: int, sc: Scoring) -> float:
    """The gains of the best runs of cards of these counts by rank (4 bits a rank), a run
    counted as only its ranks (no six-color bonus); remembered by the counts, and on a first
    look-up by the counts of the ranks in four or more in a row (the others add nothing)."""
    known = sc.runs_known
    value = known.get(counts)
    if value is not None:
        return value
    ranks = 0
    for r in range(9):
        if counts >> (4 * r) & 15:
            ranks |= 1 << r
    live = counts & NIBBLES[LONG_BLOCKS[ranks]]
    value = known.get(live)
    if value is None:
        value = _best_runs(live, sc.run_gain) if live else 0.0
        known[live] = value
    known[counts] = value
    return value


def _best_runs(counts: int, run_gain: list[float]) -> float:
    """Going up the ranks, the open runs are counted by length (1, 2, 3, 4 or more); a rank's
    cards go first to the short runs (which must go on), then to the long ones, then start new
    runs."""
    # The open runs, 4 bits a count: n1 | n2 << 4 | n3 << 8 | n4 << 12.
    layer: dict[int, float] = {0: 0.0}
    low = 0
    while not counts >> (4 * low) & 15:
        low += 1  # (counts is never 0 here)
    top = 9
    while not counts >> (4 * top - 4) & 15:
        top -= 1
    for r in range(low, top + 1):
        c = counts >> (4 * r) & 15
        g = run_gain[r] if r < 9 else 0.0
        grown: dict[int, float] = {}
        for state, v in layer.items():
            n1 = state & 15
            n2 = state >> 4 & 15
            n3 = state >> 8 & 15
            n4 = state >> 12
            short = n1 + n2 + n3
            for k in range(short, c + 1):
                extra = k - short
                ext = extra if extra < n4 else n4
                after = (extra - ext) | n1 << 4 | n2 << 8 | (n3 + ext) << 12
                value = v + k * g
                prior = grown.get(after)
                if prior is None or value > prior:
                    grown[after] = value
        layer = grown
    return layer[0]


# From the readable game ---------------------------------------------------------------------------
def twin(state: Any, seed: int) -> LootFast | None:
    game = state.game
    if game.info.id != "loot":
        return None
    options = game.options
    points = options["points"]
    n = game.players
    # The deals so far and the reshuffles of every hand.
    reshuffles = state.reshuffles
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
                    [card_of(c) for c in state.draw], False, state.pile_number, list(state.turns),
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
