"""Melds of the Viashi deck on integers: the best score of a hand of runs, sets and colors, exact,
for the games whose cards never change rank or color (Loot; parlour/games/melds.py holds the rules
of the melds in words, and the solver that also names the arrangement).

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods, so that the gods are the sixth suit and a suit is a 9-bit chunk of a
54-bit mask. A hand is a mask.

The solver (`solve`): without a six-color run a run is only its ranks, so every choice of sets and
colors is tried (each taking the cards of its rank or suit that could go nowhere else), and the
best runs of the cards left follow from the counts of their ranks, remembered by those counts.
Where a six-color run is in reach, each such run is tried too, with the rest of the hand solved
again. What the effects in force change (the multipliers, the smallest color, what a loose card
costs, the bonus) is a `Scoring`, which a game builds from its own effects.
"""

from __future__ import annotations

from typing import Final

N_CARDS: Final = 54
# A look-up beats a shift past 30 bits in the compiled build.
CARD_BIT: Final[list[int]] = [1 << c for c in range(N_CARDS)]
# The cards of a suit's 9-bit chunk, in card order.
CHUNK_CARDS: Final[list[list[int]]] = [[r for r in range(9) if m >> r & 1] for m in range(512)]


def cards_of(hand: int) -> list[int]:
    """The cards of a mask, in card order."""
    return [9 * s + r for s in range(6) for r in CHUNK_CARDS[hand >> (9 * s) & 511]]


# Tables of a 9-bit chunk (a suit's ranks, or the ranks present) ---------------------------------
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
    """The gains of one set of effects in force: what each card adds over being left loose, by
    kind, and each kind's sums over a 9-bit chunk of ranks. `base`: the points of a card in a
    meld; the multipliers multiply it (`fool_mult` for rank 9); `hand_zero`: loose cards count 0;
    `bonus`: the six-color run's extra points, as they count."""

    def __init__(self, base: float, run_mult: float, set_mult: float, color_mult: float,
                 fool_mult: float, color_min: int, hand_zero: bool, bonus: float) -> None:
        fool = fool_mult
        self.color_min: int = color_min
        self.bonus: float = bonus
        loose = [0.0 if hand_zero else float(-(r + 1) * (fool if r == 8 else 1))
                 for r in range(9)]
        run = [base * run_mult * (fool if r == 8 else 1) for r in range(9)]
        self.run_points: list[float] = run
        self.run_gain: list[float] = [run[r] - loose[r] for r in range(9)]
        self.set_gain: list[float] = [base * set_mult * (fool if r == 8 else 1) - loose[r]
                                      for r in range(9)]
        color_gain = [base * color_mult * (fool if r == 8 else 1) - loose[r] for r in range(9)]
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
        runs_key = tuple(self.run_gain)
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
_runs_known: dict[tuple[float, ...], dict[int, float]] = {}


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
