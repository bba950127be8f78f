"""Treasure's rules, the only copy: the deal, drawing, taking the discard or the whole pile, tabling
melds card by card and adding to them, discarding, going out, the gods' 27 effects and the scores,
in the order of docs/rules/treasure.md (seed 003; GAMES.md's rulings). parlour/games/treasure.py is
the readable layer on top: action objects, notation, views, the scorer and the log, narrated from
the events a step emits.

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods, so that the gods are the sixth suit and a suit is a 9-bit chunk of a
54-bit mask. What a card stands for in a meld is written the same way. With two decks the second
copy of card c is the physical card c + 54: a hand is a mask of physical cards (bits 0..53 the
first copies, 54..107 the second), and the piles and melds are lists of them; whichever copy lies
where is never seen, so `key()` speaks of cards, not copies.

Where each hand card came from, as everyone saw it, is `tag` by physical card: -1 for a card
taken from the discard pile, else the number of the draw pile it came from (0 the deal's). Of two
copies in a hand the one everyone knew of leaves first, else the one from the earlier pile.

Actions, the game's one numbering (Game.action_id): 0 draw, 1 take, 2 take pile, 3 close, 4 + kind
(run, set, color) open, 7 + card discard, LAY + card * 46 + what it stands for (45: itself), ADD
+ (meld * 54 + card) * 46 + what it stands for.

The effects in force are a 27-bit mask (bit god * 3 + kind) read from the table; each mask's
rules (points by kind and card, loose values, which cards may change) are built once from its
Scoring (parlour/games/melds.py, the solver's). `chances` counts the deals and the reshuffles of
the discard pile.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from ..core.hidden import NoDeal
from ..games.melds import KINDS, SUITS, Scoring, best_score, identities, remember, six_colors, solve
from .core import NOBODY, Event, FastState, Rng, core_copy

N_CARDS = 54
COPY = 54  # the second copy of card c is c + COPY
ALL = (1 << N_CARDS) - 1
HAND_SIZE = 9
# Engine limits, not rules: a hand in which nobody goes out is called after this many rounds of
# turns, and a match stops after this many hands (highest total wins).
ROUND_LIMIT = 50
HAND_LIMIT = 40
MAX_MELDS = 36  # 108 cards make at most 36 melds
KNOWN = -1
NO_HAND = -2  # last_out before any hand has ended

RUN = 0
SET = 1
COLOR = 2
LADY, DARK_LORD, BUILDER, THIEF, PROTECTRESS, SEDUCTRESS, MINION, FRIEND, CHANGELING = range(9)

DRAW = 0
TAKE = 1
TAKE_PILE = 2
CLOSE = 3
OPEN = 4  # + kind
DISCARD = 7  # + card
LAY = 61  # + card * 46 + stands for
ADD = LAY + 54 * 46  # + (meld * 54 + card) * 46 + stands for
ITSELF = 45

DRAWING = 0
PLAYING = 1
BUILDING = 2
OVER = 3
PHASES = ("draw", "play", "build", "over")

# Events ---------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
DEALT: Final = 0  # a hand dealt: seat starts, hand number `other`, cards[0] turned up
DREW: Final = 1  # seat drew (what, only it saw)
TOOK: Final = 2  # seat took cards[0], the top discard
TOOK_PILE: Final = 3  # seat took the whole discard pile, `other` cards
TABLED: Final = 4  # seat tabled a meld of kind `other`: cards, standing for `more`
ADDED: Final = 5  # seat added cards[0], standing for more[0], to meld `other`
DISCARDED: Final = 6  # seat discarded cards[0]
RESHUFFLED: Final = 7  # the discard pile but its top became a new draw pile
ALL_DRAW_THREE: Final = 8  # the Builder tabled in a run
WENT_OUT: Final = 9  # seat emptied its hand: the hand is scored (last_scores)
CALLED: Final = 10  # nobody went out in ROUND_LIMIT rounds: the hand is scored
EVENT_NAMES: Final = ("dealt", "drew", "took", "took pile", "tabled", "added", "discarded",
                      "reshuffled", "all draw three", "went out", "hand called")


def stand_of(rank: int, suit: str) -> int:
    """What a card stands for, (rank, suit) in the readable game, as a card index."""
    return SUITS.index(suit) * 9 + rank - 1


RANK_BITS: list[int] = [sum(1 << (9 * s + r) for s in range(6)) for r in range(9)]
POP: list[int] = [bin(m).count("1") for m in range(512)]
# The cards of a suit's 9-bit chunk, in card order, and their discards.
CHUNK_CARDS: list[list[list[int]]] = [[[9 * s + r for r in range(9) if m >> r & 1]
                                       for m in range(512)] for s in range(6)]
DISCARDS: list[list[list[int]]] = [[[DISCARD + 9 * s + r for r in range(9) if m >> r & 1]
                                    for m in range(512)] for s in range(6)]


# The cards of the ranks (9 bits) or suits (6 bits) of a mask, as a 54-bit mask.
RANK_SPREAD: list[int] = [sum(RANK_BITS[r] for r in range(9) if m >> r & 1) for m in range(512)]
SUIT_SPREAD: list[int] = [sum(511 << (9 * s) for s in range(6) if m >> s & 1) for m in range(64)]
# A suit's 9-bit chunk of cards laid as themselves.
LAYS: list[list[list[int]]] = [[[LAY + (9 * s + r) * 46 + ITSELF for r in range(9) if m >> r & 1]
                                for m in range(512)] for s in range(6)]


def _fewest_missing(run_min: int, ranks: int) -> int:
    """Of the ranks a new run of run_min cards could span, the fewest these ranks leave open."""
    window = (1 << run_min) - 1
    return min(POP[(window << start) & ~ranks & 511] for start in range(10 - run_min))


FEWEST_MISSING: list[list[int]] = [[_fewest_missing(k, m) if k >= 3 else 9 for m in range(512)]
                                   for k in range(5)]


def _ranks(mask: int) -> int:
    """The ranks (9 bits) a 54-bit mask holds in any suit."""
    return (mask | mask >> 9 | mask >> 18 | mask >> 27 | mask >> 36 | mask >> 45) & 511


# The gods' effects ------------------------------------------------------------------------------
def effect(god: int, kind: int) -> int:
    """An effect's bit: a god tabled in a meld of a kind."""
    return god * 3 + kind


# The cancellers: a god tabled in this kind cancels every effect of the named god.
CANCELLERS: Final = ((effect(DARK_LORD, RUN), LADY), (effect(SEDUCTRESS, COLOR), PROTECTRESS),
                     (effect(MINION, SET), FRIEND))
# Other players' melds of a kind may be added to while this effect is in force.
LAY_OFF: Final = (effect(LADY, RUN), effect(FRIEND, SET), effect(PROTECTRESS, COLOR))


def in_force(given: int, odd: int) -> tuple[int, int]:
    """The effects in force and the gods cancelled, from the effects the gods on the table give
    (`given`) and those given by an odd number of gods (`odd`). No effect applies twice; a
    canceller cancels every effect of both copies of the named god, and a second canceller
    cancels the cancellation."""
    cancelled = 0
    off = 0
    for canceller, god in CANCELLERS:
        if odd >> canceller & 1:
            cancelled |= 1 << god
            off |= 7 << (god * 3)
    return given & ~off, cancelled


# Scorings by the effects in force and the bonus (active | bonus << 27): the heuristic asks for
# them at every decision of a playout, and building one costs tens of microseconds. At most 2^28
# keys, a few hundred met: emptied when it holds SCORINGS_MOST.
_scorings: dict[int, Scoring] = {}
SCORINGS_MOST: Final = 4096


def scoring_of(active: int, bonus: bool) -> Scoring:
    key = active | (1 << 27 if bonus else 0)
    sc = _scorings.get(key)
    if sc is None:
        if len(_scorings) >= SCORINGS_MOST:
            _scorings.clear()
        sc = _scorings[key] = new_scoring(active, bonus)
    return sc


def new_scoring(active: int, bonus: bool) -> Scoring:
    """What the effects in force make of the points, the melds' lengths and the cards that may
    change (seed 003's list of the 27, in the solver's terms); `bonus`: Loot's six-color bonus
    counts on the table."""
    def on(god: int, kind: int) -> bool:
        return bool(active >> effect(god, kind) & 1)

    def mult(double: int, half: int, kind: int) -> float:
        return (2 if on(double, kind) else 1) * (0.5 if on(half, kind) else 1)

    return Scoring(
        base=4,
        run_min=3 if on(BUILDER, COLOR) else 4,
        color_min=3 if on(BUILDER, SET) else 4,
        run_mult=mult(LADY, DARK_LORD, SET),
        color_mult=mult(PROTECTRESS, SEDUCTRESS, RUN),
        set_mult=mult(FRIEND, MINION, COLOR),
        suit_mult=(mult(LADY, DARK_LORD, COLOR), mult(FRIEND, MINION, RUN), 1, 1,
                   mult(PROTECTRESS, SEDUCTRESS, SET), 1),
        fool_mult=2 if on(CHANGELING, RUN) else 1,
        hand_zero=on(THIEF, COLOR),
        hand_nine=True,
        rank_wild_suits=frozenset(suit for suit, god, kind in (("P", THIEF, RUN),
                                                               ("B", CHANGELING, SET))
                                  if on(god, kind)),
        color_wild_ranks=frozenset(rank for rank, god, kind in ((5, THIEF, SET),
                                                                (1, CHANGELING, COLOR))
                                   if on(god, kind)),
        bonus=5 if bonus else 0)


# The rules in force ----------------------------------------------------------------------------
class Tables:
    """The tables of one readable Scoring (many sets of effects score alike). A search meets
    hundreds of Scorings, and building every table from the Scoring's methods costs about a
    millisecond: each part is shared between the Scorings whose fields it reads (Scoring's
    card_value, loose_value, rank_wild, color_wild and identities)."""

    def __init__(self, sc: Any) -> None:
        self.run_min: int = sc.run_min
        self.color_min: int = sc.color_min
        self.hand_zero: bool = sc.hand_zero
        wild_key = (sc.rank_wild_suits, sc.color_wild_ranks)
        wild = _wilds.get(wild_key)
        if wild is None:
            wild = _wilds[wild_key] = Wilds(sc)
        self.rank_wild = wild.rank_wild
        self.color_wild = wild.color_wild
        # What each card that may change may stand for, in the readable game's order.
        self.stands: list[list[int]] = wild.stands
        # Points of a card standing for ident i in a meld of kind k: value[k * 54 + i].
        value_key = (sc.base, sc.run_mult, sc.set_mult, sc.color_mult, sc.suit_mult,
                     sc.fool_mult)
        value = _values.get(value_key)
        if value is None:
            value = _values[value_key] = [
                float(sc.card_value(KINDS[k], i % 9 + 1, SUITS[i // 9]))
                for k in range(3) for i in range(N_CARDS)]
        self.value: list[float] = value
        loose_key = (sc.hand_zero, sc.hand_nine, sc.rank_wild_suits, sc.color_wild_ranks,
                     sc.suit_mult, sc.fool_mult)
        loose = _looses.get(loose_key)
        if loose is None:
            loose = _looses[loose_key] = Loose(sc)
        self.loose: list[float] = loose.values
        # The loose points of each suit's 9-bit chunk of a hand, at suit * 512 + chunk.
        self.loose_chunks: list[float] = loose.chunks
        self.bonus = float(sc.bonus * sc.run_mult) if sc.bonus else 0.0


class Wilds:
    """The cards that may change rank or color under a Scoring, and what each may stand for."""

    def __init__(self, sc: Any) -> None:
        rank_wild = 0
        color_wild = 0
        for c, name in enumerate(VIASHI_CARDS):
            if sc.rank_wild(name):
                rank_wild |= 1 << c
            if sc.color_wild(name):
                color_wild |= 1 << c
        self.rank_wild = rank_wild
        self.color_wild = color_wild
        changing = rank_wild | color_wild
        self.stands: list[list[int]] = [
            [stand_of(r, s) for r, s in identities(name, sc)] if changing >> c & 1 else [c]
            for c, name in enumerate(VIASHI_CARDS)]


class Loose:
    """What each card left in hand counts under a Scoring, and each suit's chunk of a hand (the
    values are halves: sums in any order are exact)."""

    def __init__(self, sc: Any) -> None:
        values = [float(sc.loose_value(name)) for name in VIASHI_CARDS]
        chunks: list[float] = []
        for s in range(6):
            chunks += suit_chunks(tuple(values[9 * s:9 * s + 9]))
        self.values = values
        self.chunks = chunks


_suit_chunks: dict[tuple[float, ...], list[float]] = {}


def suit_chunks(values: tuple[float, ...]) -> list[float]:
    """The sums of each subset (9 bits) of one suit's nine loose values."""
    sums = _suit_chunks.get(values)
    if sums is None:
        sums = [0.0] * 512
        for m in range(1, 512):
            low = m & -m
            sums[m] = sums[m ^ low] + values[low.bit_length() - 1]
        _suit_chunks[values] = sums
    return sums


_tables: dict[Any, Tables] = {}
_wilds: dict[Any, Wilds] = {}
_values: dict[Any, list[float]] = {}
_looses: dict[Any, Loose] = {}


class Rules:
    """What a set of effects makes of the game, in tables."""

    def __init__(self, active: int, bonus: bool) -> None:
        sc = scoring_of(active, bonus)
        self.scoring = sc
        tables = _tables.get(sc)
        if tables is None:
            tables = _tables[sc] = Tables(sc)
        self.run_min = tables.run_min
        self.color_min = tables.color_min
        self.hand_zero = tables.hand_zero
        self.value = tables.value
        self.loose = tables.loose
        self.rank_wild = tables.rank_wild
        self.color_wild = tables.color_wild
        self.changing = tables.rank_wild | tables.color_wild
        self.stands = tables.stands
        self.bonus = tables.bonus
        self.tables = tables
        # The kinds of other players' melds a card may be added to.
        self.lay_off = 0
        for kind in range(3):
            if active >> LAY_OFF[kind] & 1:
                self.lay_off |= 1 << kind
        self.builder_run = bool(active >> effect(BUILDER, RUN) & 1)


_rules: dict[int, Rules] = {}


def rules_for(active: int, bonus: bool) -> Rules:
    key = active | (1 << 27 if bonus else 0)
    rules = _rules.get(key)
    if rules is None:
        rules = _rules[key] = Rules(active, bonus)
    return rules


# The cards of a tabled color that lie in runs within it, by its stands and the shortest run (the
# most cards such runs can hold; with two copies of a card, the one tabled first): the solver's
# answer, which of two equal arrangements counts deciding whose card scores.
_within: dict[tuple[int, ...], tuple[int, ...]] = {}
WITHIN_MOST = 100_000
_runs_only: dict[int, Scoring] = {}


def runs_within(stands: list[int], run_min: int) -> tuple[int, ...]:
    if len(stands) < run_min:
        return ()
    key = tuple(stands) + (run_min,)
    inside = _within.get(key)
    if inside is None:
        if len(_within) >= WITHIN_MOST:
            _within.clear()
        inside = _within[key] = _inside_runs(tuple(VIASHI_CARDS[i] for i in stands), run_min)
    return inside


def _inside_runs(names: tuple[str, ...], run_min: int) -> tuple[int, ...]:
    scoring = _runs_only.get(run_min)
    if scoring is None:
        scoring = _runs_only[run_min] = Scoring(base=1, run_min=run_min, set_min=99,
                                                color_min=99, hand_zero=True, bonus=0)
    inside: set[int] = set()
    for run in solve(names, scoring).melds:
        for name in run.cards:
            inside.add(next(j for j, n in enumerate(names) if n == name and j not in inside))
    return tuple(sorted(inside))


class Meld:
    """A meld on the table or being tabled. Never changed once made: a card added makes a new
    one, so that copies of a position share their melds (and its points, cached below)."""

    def __init__(self, owner: int, kind: int, cards: list[int], stands: list[int],
                 owners: list[int], held: int, gods: list[int]) -> None:
        self.owner = owner
        self.kind = kind
        self.cards = cards  # physical cards
        self.stands = stands  # what each stands for
        self.owners = owners  # who laid each (it scores for him)
        self.held = held  # the ranks it holds
        # The effect (god * 3 + kind) each god card in it gives by its place; kept as cards are
        # added, so that effects() need not look at every card of the table.
        self.gods = gods
        # The cards that may be added as themselves: a set takes its rank, a color its suit, a
        # run the rank just below or above its ends.
        fit = 0
        if stands:
            if kind == SET:
                fit = RANK_BITS[stands[0] % 9]
            elif kind == COLOR:
                fit = 511 << (9 * (stands[0] // 9))
            else:
                low = (held & -held).bit_length() - 1
                high = held.bit_length() - 1
                if low > 0:
                    fit = RANK_BITS[low - 1]
                if high < 8:
                    fit |= RANK_BITS[high + 1]
        self.fit = fit
        # Its points by seat under the tables last asked (estimates score the same table many
        # times over: the melds are shared by every determinization of a search).
        self.scored_by: Tables | None = None
        self.points = NO_POINTS

    def grown(self, card: int, stand: int, seat: int) -> Meld:
        c = card if card < COPY else card - COPY
        gods = self.gods + [(c - 45) * 3 + self.kind] if c >= 45 else self.gods
        return Meld(self.owner, self.kind, self.cards + [card], self.stands + [stand],
                    self.owners + [seat], self.held | 1 << (stand % 9), gods)


def make_meld(owner: int, kind: int, cards: list[int], stands: list[int],
              owners: list[int]) -> Meld:
    held = 0
    for i in stands:
        held |= 1 << (i % 9)
    gods = [(p % COPY - 45) * 3 + kind for p in cards if p % COPY >= 45]
    return Meld(owner, kind, cards, stands, owners, held, gods)


NO_GODS: list[int] = []  # a new meld's gods (never changed: grown() makes a new list)
NO_POINTS: list[float] = []  # a meld's points before it is scored (replaced, never changed)


def ranks_held(lo: int, hi: int) -> tuple[int, int, int]:
    """The ranks (9 bits each) these cards (first copies, second copies) hold once or more,
    twice or more, three times or more."""
    a1 = a2 = a3 = 0
    for m in (lo, hi):
        while m:
            x = m & 511
            a3 |= a2 & x
            a2 |= a1 & x
            a1 |= x
            m >>= 9
    return a1, a2, a3


NO_STANDS: Final[list[int]] = []  # a meld not yet opened (never changed)


def can_complete(kind: int, stands: list[int], held: int, hand: int, rules: Rules) -> bool:
    """Can a meld of this kind standing as `stands` (ranks `held`) grow from this hand (physical
    mask) into a valid one? A meld is only opened, and a card only laid, if it can."""
    lo = hand & ALL
    hi = hand >> COPY
    n = len(stands)
    if kind == SET:
        rw = rules.rank_wild
        wild = (lo & rw).bit_count() + (hi & rw).bit_count()
        need = 3 - n
        if n:
            bits = RANK_BITS[stands[0] % 9] & ~rw
            return (lo & bits).bit_count() + (hi & bits).bit_count() + wild >= need
        if wild >= need:
            return True
        return bool(ranks_held(lo & ~rw, hi & ~rw)[need - wild - 1])
    if kind == COLOR:
        cw = rules.color_wild
        wild = (lo & cw).bit_count() + (hi & cw).bit_count()
        need = rules.color_min - n
        lo &= ~cw
        hi &= ~cw
        gods = POP[lo >> 45] + POP[hi >> 45]
        if n:
            suit = stands[0] // 9
            if suit == 5:
                return gods >= need
            return POP[lo >> (9 * suit) & 511] + POP[hi >> (9 * suit) & 511] + wild >= need
        most = 0
        for s in range(5):
            k = POP[lo >> (9 * s) & 511] + POP[hi >> (9 * s) & 511]
            if k > most:
                most = k
        return gods >= need or most + wild >= need
    rw = rules.rank_wild
    wild = (lo & rw).bit_count() + (hi & rw).bit_count()
    fixed = _ranks((lo | hi) & ~rw)
    if not n:
        return FEWEST_MISSING[rules.run_min][fixed] <= wild
    return run_can_grow(held, fixed, wild, rules.run_min)


def run_can_grow(held: int, fixed: int, wild: int, run_min: int) -> bool:
    """Can a run holding these ranks be completed from a hand holding the `fixed` ranks and
    `wild` cards that may change rank? Each span of the run's length that covers it is tried."""
    low = (held & -held).bit_length() - 1
    high = held.bit_length() - 1
    length = run_min if run_min > high - low + 1 else high - low + 1
    if length > 9:
        return False
    first = high - length + 1 if high - length + 1 > 0 else 0
    last = low if low < 9 - length else 9 - length
    open_ranks = ~held & ~fixed & 511
    window = (1 << length) - 1
    for start in range(first, last + 1):
        if POP[(window << start) & open_ranks] <= wild:
            return True
    return False


# The ranks a card may be laid as into a run being tabled (the hand left can still finish it),
# by the run's ranks, the hand's fixed ranks and its cards that may change rank: bits 0..8 for a
# card of fixed rank, 9..17 for one that may change rank (one fewer such card is left). Tabling
# meets the same few runs and hands again and again: each answer costs up to 18 run_can_grow.
_run_lays: dict[int, int] = {}
RUN_LAYS_MOST = 200_000


def run_lays(held: int, fixed: int, wild: int, run_min: int) -> int:
    fixed &= ~held
    if wild > 10:
        wild = 10  # no span of 9 ranks leaves more than 9 open
    key = (((wild << 4 | run_min) << 9 | held) << 9) | fixed
    found = _run_lays.get(key)
    if found is not None:
        return found
    ok = 0
    for r in range(9):
        if not held >> r & 1:
            if run_can_grow(held | 1 << r, fixed, wild, run_min):
                ok |= 1 << r
            if wild and run_can_grow(held | 1 << r, fixed, wild - 1, run_min):
                ok |= 1 << (9 + r)
    if len(_run_lays) >= RUN_LAYS_MOST:
        _run_lays.clear()
    _run_lays[key] = ok
    return ok


def meld_points(meld: Meld, tables: Tables) -> list[float]:
    """A tabled meld's points by seat (up to the last that laid a card in it) under `tables`."""
    value = tables.value
    owners = meld.owners
    stands = meld.stands
    seats = meld.owner
    for o in owners:
        if o > seats:
            seats = o
    points = [0.0] * (seats + 1)
    base = meld.kind * 54
    for j in range(len(stands)):
        points[owners[j]] += value[base + stands[j]]
    if meld.kind == COLOR:
        for j in runs_within(stands, tables.run_min):
            points[owners[j]] += value[stands[j]]
    elif meld.kind == RUN and tables.bonus and six_colors(
            [(i % 9 + 1, SUITS[i // 9]) for i in stands]):
        points[meld.owner] += tables.bonus
    return points


# The position ------------------------------------------------------------------------------------
class TreasureFast(FastState):
    """A match of Treasure: the hand under way, the totals, and who acts in which phase."""

    hidden: Hidden | None

    def __init__(self, players: int, decks: int, second_gods: bool, target: float, bonus: bool,
                 rng: Rng, src: TreasureFast | None = None) -> None:
        self.players = players
        self.decks = decks
        self.second_gods = second_gods
        self.target = target  # the points that end the match; 0: a single hand
        self.bonus = bonus  # the six-color bonus counts on the table
        self.rng = rng
        self.events = None
        self.hidden = None  # determinize's work for one seat, until a step
        if src is None:  # deal() or a saved position sets the rest
            self.chances = 0
            self.totals = [0.0] * players
            self.hand_number = 0
            self.starter = 0
            self.tag = [0] * (2 * N_CARDS)
            self.last_out = NO_HAND
            self.last_hands: list[int] = []
            self.last_table: list[float] = []
            self.last_scores: list[float] = []
            self.hands = [0] * players
            self.discard: list[int] = []
            self.draw: list[int] = []
            self.pile_number = 0
            self.table: list[Meld] = []
            self.pending: Meld | None = None
            self.builder_drawn = False
            self.drawn = -1
            self.active = 0
            self.cancelled = 0
            self.rules = rules_for(0, bonus)
            self.turns_in_hand = 0
            self.phase = DRAWING
            self.actor = 0
            return
        self.chances = src.chances
        self.totals = src.totals[:]
        self.hand_number = src.hand_number
        self.starter = src.starter
        self.tag = src.tag[:]  # by physical card in a hand: KNOWN or the draw pile it came from
        # The hand last ended: who went out (-1: it was called), the hands left, the points.
        self.last_out = src.last_out
        self.last_hands = src.last_hands  # (never changed: end_hand makes new lists)
        self.last_table = src.last_table
        self.last_scores = src.last_scores
        self.hands = src.hands[:]
        self.discard = src.discard[:]
        self.draw = src.draw[:]  # top last
        self.pile_number = src.pile_number
        self.table = src.table[:]
        self.pending = src.pending  # the meld the seat to act is tabling
        self.builder_drawn = src.builder_drawn
        self.drawn = src.drawn  # the card the seat to act drew this turn, or -1
        self.active = src.active  # the effects in force, bit god * 3 + kind
        self.cancelled = src.cancelled  # the gods whose effects are cancelled, bit by god
        self.rules = src.rules
        self.turns_in_hand = src.turns_in_hand
        self.phase = src.phase
        self.actor = src.actor

    # A hand: the deal ----------------------------------------------------------------------------
    def deck(self) -> list[int]:
        """The pack in the readable deck's order (a shuffle of it deals what the records hold):
        one Viashi deck, or two (the second copy of card c is c + COPY), or two without the
        second set of gods (the suit cards twice, then the gods)."""
        if self.decks == 1:
            return list(range(N_CARDS))
        if self.second_gods:
            return list(range(2 * N_CARDS))
        return list(range(45)) + list(range(COPY, COPY + 45)) + list(range(45, N_CARDS))

    def deal(self, cards: list[int] | None = None) -> None:
        """Nine each, one at a time from the starter, the next card turned up, the rest face
        down. `cards` stacks the deck (top first); without it the pack is shuffled."""
        n = self.players
        if cards is None:
            cards = self.deck()
            self.rng.shuffle(cards)
        self.chances += 1
        self.hand_number += 1
        tag = self.tag
        hands = [0] * n
        dealt = HAND_SIZE * n
        for i in range(dealt):
            p = cards[i]
            seat = (self.starter + i) % n
            hands[seat] |= 1 << p
            tag[p] = 0
        self.hands = hands
        self.discard = [cards[dealt]]
        self.draw = cards[dealt + 1:][::-1]
        self.pile_number = 0
        self.table = []
        self.pending = None
        self.builder_drawn = False
        self.drawn = -1
        self.active = 0
        self.cancelled = 0
        self.rules = rules_for(0, self.bonus)
        self.turns_in_hand = 0
        self.phase = DRAWING
        self.actor = self.starter
        self.emit(DEALT, self.starter, self.hand_number, (cards[dealt] % COPY,))

    # The contract --------------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == PLAYING:
            return self.plays()
        if phase == DRAWING:
            many = len(self.discard) > 1
            actions = [DRAW] if self.draw or many else []
            if self.discard:
                actions.append(TAKE)
            if many:
                actions.append(TAKE_PILE)
            return actions
        if phase == BUILDING:
            return self.lays()
        return []

    def plays(self) -> list[int]:
        """Open a meld, add a card to one, or discard."""
        seat = self.actor
        hand = self.hands[seat]
        rules = self.rules
        actions: list[int] = []
        lo = hand & ALL
        hi = hand >> COPY
        cards = lo | hi
        # A meld is opened only if the hand can complete it.
        for kind in (RUN, SET, COLOR):
            if can_complete(kind, NO_STANDS, 0, hand, rules):
                actions.append(OPEN + kind)
        changing = rules.changing
        lay_off = rules.lay_off
        base = ADD
        for meld in self.table:
            if meld.owner == seat or lay_off >> meld.kind & 1:
                if changing & cards:
                    self.changing_adds(meld, cards, cards & meld.fit, base, actions)
                else:
                    fits = cards & meld.fit
                    while fits:
                        low = fits & -fits
                        actions.append(base + (low.bit_length() - 1) * 46 + ITSELF)
                        fits ^= low
            base += 54 * 46
        for suit in range(6):
            actions += DISCARDS[suit][cards >> (9 * suit) & 511]
        return actions

    def changing_adds(self, meld: Meld, cards: int, fits: int, base: int,
                      actions: list[int]) -> None:
        """The adds to a meld when cards that may change are in hand: each such card as every
        card it may stand for that fits, in the order the readable game offers them."""
        rules = self.rules
        changing = rules.changing
        kind = meld.kind
        first = meld.stands[0]
        held = meld.held
        ends = ((held & -held) >> 1) | (1 << held.bit_length())
        m = (fits & ~changing) | (cards & changing)
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if not changing >> c & 1:
                actions.append(base + c * 46 + ITSELF)
                continue
            for i in rules.stands[c]:
                if kind == SET:
                    ok = i % 9 == first % 9
                elif kind == COLOR:
                    ok = i // 9 == first // 9
                else:
                    ok = bool(ends >> (i % 9) & 1)
                if ok:
                    actions.append(base + c * 46 + (ITSELF if i == c else i))

    def lays(self) -> list[int]:
        """The cards that may go into the meld being tabled (each as what it may stand for, the
        card itself first), then close if it is complete."""
        pending = self.pending
        assert pending is not None
        hand = self.hands[self.actor]
        rules = self.rules
        kind = pending.kind
        stands = pending.stands
        held = pending.held
        n = len(stands)
        lo = hand & ALL
        hi = hand >> COPY
        cards = lo | hi
        # Whichever card is laid as a given one, the hand left can finish the meld or not
        # alike, but for a run, where a card that may change rank leaves one fewer such card.
        # `ok` holds the ranks (set, run) or suits (color) a card may be laid as, and `fitting`
        # the cards that may be laid as themselves.
        if kind == SET:
            rw = rules.rank_wild
            need = 3 - n
            if rw:  # (bit_count is no primitive of mypyc's: a call, where most hands need none)
                need -= (lo & rw).bit_count() + (hi & rw).bit_count()
            if need <= 0:
                ok = 511
            else:
                ok = ranks_held(lo & ~rw, hi & ~rw)[need - 1]
            if n:
                ok &= 1 << (stands[0] % 9)
            fitting = RANK_SPREAD[ok]
        elif kind == COLOR:
            cw = rules.color_wild
            wild = 0
            if cw:
                wild = (lo & cw).bit_count() + (hi & cw).bit_count()
                lo &= ~cw
                hi &= ~cw
            need = rules.color_min - n
            ok = 0
            for s in range(5):
                if POP[lo >> (9 * s) & 511] + POP[hi >> (9 * s) & 511] + wild >= need:
                    ok |= 1 << s
            if POP[lo >> 45] + POP[hi >> 45] >= need:
                ok |= 32  # no card changes into a god's color
            if n:
                ok &= 1 << (stands[0] // 9)
            fitting = SUIT_SPREAD[ok]
        else:
            rw = rules.rank_wild
            wild = (lo & rw).bit_count() + (hi & rw).bit_count() if rw else 0
            ok = run_lays(held, _ranks((lo | hi) & ~rw), wild, rules.run_min)
            fitting = RANK_SPREAD[ok & 511]
        changing = rules.changing
        if not changing & cards:
            m = cards & fitting
            actions = []
            for suit in range(6):
                actions += LAYS[suit][m >> (9 * suit) & 511]
        else:
            actions = []
            rank_wild = rules.rank_wild
            m = cards
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                if not changing >> c & 1:
                    if fitting & low:
                        actions.append(LAY + c * 46 + ITSELF)
                    continue
                ok_c = ok >> 9 if kind == RUN and rank_wild >> c & 1 else ok
                mine: list[int] = []
                for i in rules.stands[c]:
                    if ok_c >> (i // 9 if kind == COLOR else i % 9) & 1:
                        mine.append(i)
                if mine:
                    base = LAY + c * 46
                    if c in mine:
                        actions.append(base + ITSELF)
                    for i in sorted(mine):
                        if i != c:
                            actions.append(base + i)
        if kind == SET:
            done = n >= 3
        elif kind == COLOR:
            done = n >= rules.color_min
        else:
            low_rank = (held & -held).bit_length() - 1
            done = n >= rules.run_min and held >> low_rank == (1 << n) - 1
        if done:
            actions.append(CLOSE)
        return actions

    def step(self, action: int) -> None:
        self.hidden = None
        seat = self.actor
        phase = self.phase
        events = self.events
        if phase == DRAWING:
            # Draw, take the top discard, or take the whole discard pile.
            if action == DRAW:
                p = self.draw_one(seat)
                self.drawn = p if p < COPY else p - COPY
                if events is not None:
                    events.append(Event(DREW, seat))
            elif action == TAKE:
                p = self.discard.pop()
                self.hands[seat] |= 1 << p
                self.tag[p] = KNOWN
                if events is not None:
                    events.append(Event(TOOK, seat, -1, (p % COPY,)))
            else:
                h = self.hands[seat]
                tag = self.tag
                for p in self.discard:
                    h |= 1 << p
                    tag[p] = KNOWN
                self.hands[seat] = h
                if events is not None:
                    events.append(Event(TOOK_PILE, seat, len(self.discard)))
                self.discard = []
            self.phase = PLAYING
        elif phase == PLAYING:
            if action >= ADD:
                # (// and % rather than divmod: mypyc makes a call and a tuple of divmod)
                rest = (action - ADD) // 46
                stand = (action - ADD) % 46
                number = rest // 54
                c = rest % 54
                p = self.take_from_hand(seat, c)
                meld = self.table[number]
                stand = c if stand == ITSELF else stand
                self.table[number] = meld.grown(p, stand, seat)
                if events is not None:
                    events.append(Event(ADDED, seat, number, (c,), (stand,)))
                self.table_changed(c >= 45 or (meld.kind == COLOR and meld.stands[0] >= 45))
                if not self.hands[seat]:
                    self.end_hand(seat)
            elif action >= DISCARD:
                self.drawn = -1
                c = action - DISCARD
                h = self.hands[seat]
                if h >> COPY:
                    p = self.take_from_hand(seat, c)
                    h = self.hands[seat]
                else:
                    p = c  # one deck held: no copy to choose (saves a call)
                    h ^= 1 << c
                    self.hands[seat] = h
                self.discard.append(p)
                if events is not None:
                    events.append(Event(DISCARDED, seat, -1, (c,)))
                if not h:
                    self.end_hand(seat)  # "play ends when one player empties his hand"
                    return
                self.turns_in_hand += 1
                if self.turns_in_hand >= ROUND_LIMIT * self.players:
                    self.end_hand(-1)
                else:
                    self.actor = seat + 1 if seat + 1 < self.players else 0
                    self.phase = DRAWING
            else:
                self.pending = Meld(seat, action - OPEN, [], [], [], 0, NO_GODS)
                self.phase = BUILDING
        elif action == CLOSE:
            pending = self.pending
            assert pending is not None
            self.table.append(pending)
            self.pending = None
            if events is not None:
                events.append(Event(TABLED, seat, pending.kind,
                                    tuple([p % COPY for p in pending.cards]),
                                    tuple(pending.stands)))
            self.table_changed(bool(pending.gods)
                               or (pending.kind == COLOR and pending.stands[0] >= 45))
            self.phase = PLAYING
            if not self.hands[seat]:
                self.end_hand(seat)
        else:
            c = (action - LAY) // 46
            stand = (action - LAY) % 46
            h = self.hands[seat]
            if h >> COPY:
                p = self.take_from_hand(seat, c)
            else:
                p = c  # as for a discard
                self.hands[seat] = h ^ 1 << c
            pending = self.pending
            assert pending is not None
            self.pending = pending.grown(p, c if stand == ITSELF else stand, seat)

    # Cards moving --------------------------------------------------------------------------------
    def draw_one(self, seat: int) -> int:
        """The physical card drawn, or -1 if there is none to draw."""
        draw = self.draw
        if not draw:
            discard = self.discard
            if len(discard) <= 1:
                return -1
            # The discard pile but its top card, shuffled into a new draw pile.
            draw = self.draw = discard[:-1]
            self.discard = discard[-1:]
            self.rng.shuffle(draw)
            self.pile_number += 1
            self.chances += 1
            self.emit(RESHUFFLED)
        p = draw.pop()
        self.hands[seat] |= 1 << p
        self.tag[p] = self.pile_number
        return p

    def take_from_hand(self, seat: int, c: int) -> int:
        """One copy of card c leaves the hand: the one everyone knew of, else the earlier one."""
        h = self.hands[seat]
        p = c
        if h >> (c + COPY) & 1:
            if not h >> c & 1:
                p = c + COPY
            else:
                t0 = self.tag[c]
                t1 = self.tag[c + COPY]
                if t0 != KNOWN and (t1 == KNOWN or t1 < t0):
                    p = c + COPY
        self.hands[seat] = h ^ (1 << p)
        return p

    # The effects in force -------------------------------------------------------------------------
    def table_changed(self, gods: bool) -> None:
        """A meld was tabled or grown; `gods`: it has a god, or is a color of gods (where a
        card standing for a god may make a run within it). Else the effects stay as they were:
        they come only from the gods on the table."""
        if gods:
            self.effects()
        if self.rules.builder_run and not self.builder_drawn:
            # Every player draws three, once: no effect applies twice.
            self.builder_drawn = True
            self.emit(ALL_DRAW_THREE)
            n = self.players
            for k in range(n):
                seat = (self.actor + k) % n
                for _ in range(3):
                    if self.draw_one(seat) < 0:
                        break

    def effects(self) -> None:
        """The effects from the gods on the table; a god in a color of gods that lies in a run
        within it has the run's effect too (with the Builder in a color, runs of three)."""
        run_min = 4
        while True:
            given = 0  # bit god * 3 + kind: given by some god on the table
            odd = 0  # ... by an odd number of them (a canceller cancels if its count is odd)
            for meld in self.table:
                for k in meld.gods:
                    given |= 1 << k
                    odd ^= 1 << k
                if meld.kind == COLOR and meld.stands[0] >= 45:
                    cards = meld.cards
                    for j in runs_within(meld.stands, run_min):
                        c = cards[j]
                        if c >= COPY:
                            c -= COPY
                        if c >= 45:
                            k = effect(c - 45, RUN)
                            given |= 1 << k
                            odd ^= 1 << k
            active, cancelled = in_force(given, odd)
            rules = rules_for(active, self.bonus)
            if rules.run_min == run_min:
                break
            run_min = rules.run_min
        self.active = active
        self.cancelled = cancelled
        self.rules = rules

    # Scoring --------------------------------------------------------------------------------------
    def table_points(self) -> list[float]:
        """"Cards on the table score 4 points each" (a color holding a run: 4 in each), under
        the effects in force, for the player who laid each card."""
        tables = self.rules.tables
        points = [0.0] * self.players
        for meld in self.table:
            if meld.scored_by is not tables:
                meld.points = meld_points(meld, tables)
                meld.scored_by = tables
            mp = meld.points
            for s in range(len(mp)):
                points[s] += mp[s]
        return points

    def hand_points(self, seat: int) -> float:
        """"Cards in the hand (whether they can be combined or not!) are worth negative their
        rank number, unless they are changing cards or god cards, in which case they are worth
        -9" (each card's value under the effects in force)."""
        chunks = self.rules.tables.loose_chunks
        h = self.hands[seat]
        lost = 0.0
        for m in (h & ALL, h >> COPY):  # the second copies: with two decks
            if m:
                lost += (chunks[m & 511] + chunks[512 + (m >> 9 & 511)]
                         + chunks[1024 + (m >> 18 & 511)] + chunks[1536 + (m >> 27 & 511)]
                         + chunks[2048 + (m >> 36 & 511)] + chunks[2560 + (m >> 45)])
        return lost

    def scores(self) -> list[float]:
        """Each seat's table points and hand points as if the hand ended now."""
        points = self.table_points()
        if not self.rules.hand_zero:
            for s in range(self.players):
                points[s] += self.hand_points(s)
        return points

    def end_hand(self, out: int) -> None:
        """The hand is scored (`out`: who emptied his hand, -1 if it was called); a match
        goes on to its points target (as many below zero also ends it), a single hand ends."""
        table = self.table_points()
        scores = self.scores()
        self.last_out = out
        self.last_hands = self.hands[:]
        self.last_table = table
        self.last_scores = scores
        self.emit(WENT_OUT if out >= 0 else CALLED, out)
        totals = self.totals
        for s in range(self.players):
            totals[s] += scores[s]
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

    def round_count(self) -> int:
        return self.hand_number  # a match is hands played to the points target

    def returns(self) -> list[float]:
        return list(self.totals)

    def estimate(self) -> list[float] | None:
        """The totals as if the hand ended now."""
        scores = self.scores()
        totals = self.totals
        for s in range(len(scores)):
            scores[s] = totals[s] + scores[s]
        return scores

    # The heuristic (medium) ---------------------------------------------------------------------
    heuristic = True

    def heuristic_action(self, legal: list[int]) -> int:
        seat = self.actor
        pending = self.pending
        return heuristic_choice(
            legal, seat, sorted([p % COPY for p in _cards(self.hands[seat])]),
            [p % COPY for p in self.discard], [(m.kind, m.stands, m.owners) for m in self.table],
            None if pending is None else (pending.kind, [p % COPY for p in pending.cards],
                                          pending.stands),
            self.active, self.bonus, self.players)

    # Copies and what a seat may know --------------------------------------------------------------
    def copy(self) -> TreasureFast:
        return TreasureFast(self.players, self.decks, self.second_gods, self.target, self.bonus,
                            self.rng, self)

    def determinize(self, seat: int, rng: Rng) -> TreasureFast:
        """Other hands and the draw pile dealt afresh: cards taken from the discard pile stay
        where everyone saw them go; the others are shuffled among the places that drew from the
        same pile. A player part-way through tabling a meld is dealt a hand that can finish it."""
        # A search determinizes the same position for the same seat at every iteration: what
        # is to be dealt is worked out once (step() forgets it).
        hidden = self.hidden
        if hidden is None or hidden.seat != seat:
            hidden = self.hidden = Hidden(self, seat)
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        twin.hands = hidden.hands[:]
        others = hidden.others
        builder = hidden.builder
        piles = hidden.piles
        for j in range(len(piles)):
            self.deal_hidden(twin, others, hidden.sizes[j], hidden.pools[j][:], piles[j],
                             builder, rng)
        if self.actor != seat:
            twin.drawn = -1  # a card of a hand dealt afresh: which one is not known
        return twin

    def deal_hidden(self, twin: TreasureFast, others: list[int], sizes: list[int],
                    pool: list[int], number: int, builder: int, rng: Rng) -> None:
        """The cards of one draw pile dealt afresh among the other hands (each as many as it
        held from that pile) and, for the last pile, the draw pile."""
        order = pool[:] if builder >= 0 else pool
        hands = twin.hands
        pending = twin.pending
        for _ in range(1000):
            rng.shuffle(pool)
            if builder < 0 or pending is None:
                break
            k = 0
            for j in range(len(others)):
                s = others[j]
                size = sizes[j]
                if s == builder:
                    h = hands[s]
                    for p in pool[k:k + size]:
                        h |= 1 << p
                    if can_complete(pending.kind, pending.stands, pending.held, h, twin.rules):
                        builder = -1
                    break
                k += size
            if builder < 0:
                break
            pool = order[:]
        else:
            raise NoDeal("no deal fitting the seat's knowledge in 1000 tries")
        tag = twin.tag
        k = 0
        for j in range(len(others)):
            s = others[j]
            size = sizes[j]
            if size:
                h = hands[s]
                for p in pool[k:k + size]:
                    h |= 1 << p
                    tag[p] = number
                hands[s] = h
                k += size
        if number == self.pile_number:
            twin.draw = pool[k:]

    def key(self) -> tuple[object, ...]:
        hands = []
        for h in self.hands:
            held = []
            while h:
                low = h & -h
                p = low.bit_length() - 1
                held.append((p % COPY, self.tag[p]))
                h ^= low
            hands.append(tuple(sorted(held)))

        def meld_key(meld: Meld | None) -> object:
            if meld is None:
                return None
            return (meld.owner, meld.kind, tuple(p % COPY for p in meld.cards),
                    tuple(meld.stands), tuple(meld.owners))
        return (self.players, self.decks, self.second_gods, self.target, self.bonus,
                self.chances, tuple(self.totals), self.hand_number, self.starter, tuple(hands),
                tuple(p % COPY for p in self.discard), tuple(p % COPY for p in self.draw),
                self.pile_number, tuple(meld_key(m) for m in self.table),
                meld_key(self.pending), self.builder_drawn, self.drawn, self.active,
                self.cancelled, self.turns_in_hand, self.phase, self.actor, self.last_out,
                tuple(self.last_hands), tuple(self.last_table), tuple(self.last_scores))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TreasureFast) and self.key() == other.key()


class Hidden:
    """What `seat` cannot see of a position, to be dealt afresh by determinize: the hands left
    when the hidden cards are taken out, and for each draw pile they came from (`piles`) how
    many each other hand holds and the cards to deal (those and, for the last pile, the draw
    pile)."""

    def __init__(self, state: TreasureFast, seat: int) -> None:
        self.seat = seat
        hands = state.hands[:]
        tag = state.tag
        pile = state.pile_number
        others = [s for s in range(state.players) if s != seat]
        # The hidden cards of each other hand, by the draw pile they came from.
        hidden = [[0] * len(others) for _ in range(pile + 1)]
        for k in range(len(others)):
            h = hands[others[k]]
            while h:
                low = h & -h
                t = tag[low.bit_length() - 1]
                if t != KNOWN:
                    hidden[t][k] |= low
                h ^= low
        self.builder = state.actor if state.phase == BUILDING and state.actor != seat else -1
        self.others = others
        self.piles: list[int] = []
        self.sizes: list[list[int]] = []
        self.pools: list[list[int]] = []
        for number in range(pile + 1):
            masks = hidden[number]
            pooled = 0
            sizes: list[int] = []
            for k in range(len(others)):
                m = masks[k]
                pooled |= m
                hands[others[k]] ^= m
                sizes.append(m.bit_count())
            if number == pile:
                for p in state.draw:
                    pooled |= 1 << p
            elif not pooled:
                continue
            # In card order, first copies before second: where the cards really lie must not
            # steer the deal.
            pool: list[int] = []
            lo = pooled & ALL
            hi = pooled >> COPY
            if hi:
                m = lo | hi
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    if lo & low:
                        pool.append(c)
                    if hi & low:
                        pool.append(c + COPY)
                    m ^= low
            else:
                for s in range(6):
                    pool.extend(CHUNK_CARDS[s][lo >> (9 * s) & 511])
            self.piles.append(number)
            self.sizes.append(sizes)
            self.pools.append(pool)
        self.hands = hands


# The heuristic (medium) -------------------------------------------------------------------------
# It plans with the meld solver: takes the discard (or the pile) when it improves the hand's best
# arrangement, tables a meld of that arrangement when doing so pays (the effects of its gods cost
# the others at least as much as they cost it), adds loose cards to melds, and discards the card
# it misses least. From what the seat to act sees, so that its player can ask it of a view.
WILD_PLAN: Final = 9  # hands above this plan as if no card could change rank or color
WILD_MOST: Final = 2  # and so do hands with more changing cards than this
# The solver's time grows steeply past this many cards (under a millisecond at 12, seconds at 24,
# and search asks the heuristic at every move of its playouts): the pile is taken only into a
# hand of at most CORE cards, and a bigger hand is planned from its CORE best-connected cards and
# discards from the rest.
CORE: Final = 12
NAMES: Final = VIASHI_CARDS

# What the heuristic asks of the solver, remembered. Search asks the heuristic at every move of
# its playouts, and its determinizations and playouts meet the same hands under the same effects
# again and again (and a meld being tabled asks for the same plan at every card it lays). An
# answer depends on its whole key only (the cards, in the order asked, and the Scoring, which is
# frozen), so what one seat's question left tells another nothing. Plans are kept as tuples of
# strings and numbers, which the garbage collector stops tracking (see best_score's note), and
# the table is emptied when it holds PLANS_MOST hands (about a kilobyte each: some 20 MB at
# most; a search adds a few thousand a second).
PLANS_MOST: Final = 20_000
# A meld of a plan: kind, cards, what each stands for, whether it is a color holding runs.
PlanMeld = tuple[int, tuple[str, ...], tuple[str, ...], bool]
# A hand's best arrangement (solve's): score, melds, loose cards and their points.
Plan = tuple[float, tuple[PlanMeld, ...], tuple[str, ...], tuple[float, ...]]
_plans: dict[Scoring, dict[tuple[str, ...], Plan]] = {}
_planned = 0


def _plan(hand: list[str], sc: Scoring) -> Plan:
    """solve(hand, sc), remembered."""
    global _planned
    known = _plans.get(sc)
    if known is None:
        known = _plans[sc] = {}
    key = tuple(hand)
    plan = known.get(key)
    if plan is None:
        if _planned >= PLANS_MOST:
            _plans.clear()
            _planned = 0
            known = _plans[sc] = {}
        found = solve(key, sc)
        melds: list[PlanMeld] = [(KINDS.index(m.kind), tuple(m.cards), tuple(m.idents),
                                  bool(m.runs)) for m in found.melds]
        plan = known[key] = (float(found.score), tuple(melds), tuple(found.loose),
                             tuple([float(v) for v in found.loose_points]))
        _planned += 1
    return plan


# A card's points standing for ident i in a meld of kind k, at k * 54 + i, by Scoring (the
# heuristic weighs every card of the table under two Scorings whenever a god might be tabled).
_stand_values: dict[Scoring, list[float]] = {}
# A Scoring as if no card could change, and the cards that may change (_plannable), by Scoring.
_unchanging: dict[Scoring, tuple[Scoring, frozenset[str]]] = {}


def _values_of(sc: Scoring) -> list[float]:
    values = _stand_values.get(sc)
    if values is None:
        if len(_stand_values) >= SCORINGS_MOST:
            _stand_values.clear()
        # (the points read only these fields: Tables' lists, shared by many Scorings)
        key = (sc.base, sc.run_mult, sc.set_mult, sc.color_mult, sc.suit_mult, sc.fool_mult)
        values = _values.get(key)
        if values is None:
            values = _values[key] = [float(sc.card_value(KINDS[k], i % 9 + 1, SUITS[i // 9]))
                                     for k in range(3) for i in range(N_CARDS)]
        _stand_values[sc] = values
    return values


def _cards(mask: int) -> list[int]:
    cards: list[int] = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def _without(hand: list[str], cards: list[str]) -> list[str]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def _partners(card: str, hand: list[str]) -> int:
    """How many other cards of the hand could meld with this one: the same rank, or the same
    suit within two ranks."""
    c = CARD_NUMBER[card]
    rank, suit = c % 9, c // 9
    count = -1
    for other in hand:
        o = CARD_NUMBER[other]
        if o % 9 == rank or (o // 9 == suit and abs(o % 9 - rank) <= 2):
            count += 1
    return count


CARD_NUMBER: Final = {name: c for c, name in enumerate(VIASHI_CARDS)}


def _best_connected(hand: list[str], size: int) -> tuple[list[str], list[str]]:
    """The `size` cards of a big hand with the most partners, and the rest."""
    order = sorted(range(len(hand)), key=lambda i: -_partners(hand[i], hand))
    keep = set(order[:size])
    return ([c for i, c in enumerate(hand) if i in keep],
            [c for i, c in enumerate(hand) if i not in keep])


def _plannable(sc: Scoring, hand: list[str]) -> Scoring:
    """The scoring to plan this hand with. Changing cards multiply the solver's work (a third in
    a hand of nine: up to tens of ms a solve, a fourth: hundreds): a big hand, or one with many of
    them, is planned as if no card could change (the moves offered still allow them)."""
    if not sc.rank_wild_suits and not sc.color_wild_ranks:
        return sc
    found = _unchanging.get(sc)
    if found is None:
        if len(_unchanging) >= SCORINGS_MOST:
            _unchanging.clear()
        found = _unchanging[sc] = (
            replace(sc, rank_wild_suits=frozenset(), color_wild_ranks=frozenset()),
            frozenset(c for c in NAMES if sc.rank_wild(c) or sc.color_wild(c)))
    plain, changing = found
    if len(hand) > WILD_PLAN or sum(1 for c in hand if c in changing) > WILD_MOST:
        return plain
    return sc


# The best score of a hand less some cards, from the hand's best arrangement: the solver is exact
# and a meld's points are its own cards', so a card left loose in that arrangement leaves exactly
# its loose points behind when it goes, and no card can leave less (the hand's best with the card
# loose again is an arrangement of the whole hand). Such scores are sums of halves: exact.
def _loose_value(sc: Scoring, card: str, plan: Plan) -> float:
    loose = plan[2]
    for j in range(len(loose)):
        if loose[j] == card:
            return plan[3][j]
    return float(sc.loose_value(card))


def heuristic_choice(legal: list[int], seat: int, held: list[int], pile: list[int],
                     melds: list[tuple[int, list[int], list[int]]],
                     pending: tuple[int, list[int], list[int]] | None, active: int, bonus: bool,
                     players: int) -> int:
    """The medium player's move among `legal`, from what the seat to act sees: its hand (cards
    in card order), the discard pile, the melds on the table (kind, what each card stands for,
    who laid it), the meld it is tabling (kind, cards, stands), the effects in force."""
    hand = [NAMES[c] for c in held]
    sc = _plannable(scoring_of(active, bonus), hand)
    if legal[0] < CLOSE or TAKE in legal:
        if len(hand) >= CORE:
            return DRAW if DRAW in legal else legal[0]
        return _draw(legal, hand, [NAMES[c] for c in pile], sc)
    if pending is not None:
        return _lay(legal, seat, hand, pending, melds, active, bonus, players)
    spare: list[str] = []
    if len(hand) > CORE:
        hand, spare = _best_connected(hand, CORE)
    plan = _plan(hand, sc)
    now = plan[0]  # best_score(hand, sc): the solver scores alike whether asked for the melds
    # Add a card to a meld when it is worth more there than in the hand's best plan.
    values: list[float] | None = None
    for action in legal:
        if action >= ADD:
            rest, stand = divmod(action - ADD, 46)
            number, c = divmod(rest, 54)
            name = NAMES[c]
            if name in hand:
                if values is None:
                    values = _values_of(sc)
                worth = values[melds[number][0] * 54 + (c if stand == ITSELF else stand)]
                most = now - _loose_value(sc, name, plan)  # the hand's best without it, at most
                if worth + most <= now:
                    continue
                if name in plan[2]:
                    return action
                if worth + best_score(_without(hand, [name]), sc) > now:
                    return action
    opens = [action - OPEN for action in legal if OPEN <= action < DISCARD]
    if opens:
        meld = _meld_to_table(hand, opens, sc, seat, melds, active, bonus, players)
        if meld is not None:
            return OPEN + meld[0]
    discards = [action for action in legal if DISCARD <= action < LAY]
    if spare:
        return max((a for a in discards if NAMES[a - DISCARD] in spare),
                   key=lambda a: (-_partners(NAMES[a - DISCARD], spare + hand), (a - DISCARD) % 9))
    return _discard(discards, hand, sc, now, plan)


def _discard(discards: list[int], hand: list[str], sc: Scoring, now: float, plan: Plan) -> int:
    """The first discard of those that keep the best hand, the highest rank among equals:
    max(discards, key=(best score of the hand without it, its rank)). A card loose in the
    hand's plan is scored from the plan; the others at most as much, and are solved only while
    that could beat the best found."""
    keys: list[tuple[float, int] | None] = [None] * len(discards)
    bounds: list[tuple[tuple[float, int], int]] = []
    best: tuple[float, int] | None = None
    for j in range(len(discards)):
        c = discards[j] - DISCARD
        name = NAMES[c]
        key = (now - _loose_value(sc, name, plan), c % 9)
        if name in plan[2]:
            keys[j] = key
            if best is None or key > best:
                best = key
        else:
            bounds.append((key, j))
    bounds.sort(reverse=True)
    for bound, j in bounds:
        if best is not None and bound < best:
            break
        c = discards[j] - DISCARD
        key = (best_score(_without(hand, [NAMES[c]]), sc), c % 9)
        keys[j] = key
        if best is None or key > best:
            best = key
    for j in range(len(discards)):
        if keys[j] == best:
            if best is not None and NAMES[discards[j] - DISCARD] in plan[2]:
                # The hand left, as the next draw will ask of it (when the Scoring is the same).
                remember(_without(hand, [NAMES[discards[j] - DISCARD]]), sc, best[0])
            return discards[j]
    raise ValueError("no discard")


def _draw(legal: list[int], hand: list[str], pile: list[str], sc: Scoring) -> int:
    with_top: list[str] = []
    plan: Plan | None = None
    if TAKE in legal and pile:
        # The hand with the top discard, in card order (as it is planned if taken). Its best
        # arrangement, if it leaves the top loose, also scores the hand without it.
        with_top = sorted(hand + [pile[-1]], key=CARD_NUMBER.__getitem__)
        plan = _plan(with_top, sc)
    if plan is not None and pile[-1] in plan[2]:
        now = plan[0] - _loose_value(sc, pile[-1], plan)
    else:
        now = best_score(hand, sc)
    if TAKE_PILE in legal and len(hand) + len(pile) <= CORE:
        # The pile brings its worst cards too: take it for a clear gain only.
        if best_score(hand + pile, sc) - now > 4 + len(pile):
            return TAKE_PILE
    if plan is not None and _top_helps(hand, with_top, plan, sc, now):
        return TAKE
    return DRAW if DRAW in legal else legal[0]


def _top_helps(hand: list[str], with_top: list[str], plan: Plan, sc: Scoring,
               now: float) -> bool:
    """Does the top discard, kept instead of some card of the hand (every copy of it), make a
    hand better than this one's `now`? From the best arrangement of the hand with the top
    (`plan`): a card loose in it leaves its loose points when it goes, any other at most that."""
    whole = plan[0]
    for out in set(hand):
        copies = with_top.count(out)
        most = whole - copies * _loose_value(sc, out, plan)
        if most <= now:
            continue
        if plan[2].count(out) == copies:
            return True
        if best_score([c for c in with_top if c != out], sc) > now:
            return True
    return False


def _meld_to_table(hand: list[str], kinds: list[int], sc: Scoring, seat: int,
                   melds: list[tuple[int, list[int], list[int]]], active: int, bonus: bool,
                   players: int) -> PlanMeld | None:
    """The first meld of the hand's best arrangement, of a kind that may be opened, whose
    tabling pays; None if none does."""
    for meld in _plan(hand, sc)[1]:
        if meld[0] in kinds and _pays(meld, hand, seat, melds, active, bonus, players):
            return meld
    return None


def _lay(legal: list[int], seat: int, now: list[str], pending: tuple[int, list[int], list[int]],
         melds: list[tuple[int, list[int], list[int]]], active: int, bonus: bool,
         players: int) -> int:
    """The next card of the meld the heuristic chose to table: the hand it chose from is the
    hand now and the cards laid, and the same choice is made again from it."""
    kind, laid, stands = pending
    hand = sorted(now + [NAMES[c] for c in laid], key=CARD_NUMBER.__getitem__)
    sc = _plannable(scoring_of(active, bonus), hand)
    if len(hand) > CORE:
        hand = _best_connected(hand, CORE)[0]
    plan: list[int] = []
    meld = _meld_to_table(hand, [kind], sc, seat, melds, active, bonus, players)
    if meld is not None:
        plan = [LAY + CARD_NUMBER[c] * 46 + (ITSELF if c == i else CARD_NUMBER[i])
                for c, i in zip(meld[1], meld[2])]
        for c, stand in zip(laid, stands):
            done = LAY + c * 46 + (ITSELF if c == stand else stand)
            if done in plan:
                plan.remove(done)
    for lay in plan:
        if lay in legal:
            return lay
    return CLOSE if CLOSE in legal else legal[0]


def _pays(meld: PlanMeld, hand: list[str], seat: int,
          melds: list[tuple[int, list[int], list[int]]], active: int, bonus: bool,
          players: int) -> bool:
    """Tabling this meld pays unless the effects of its gods help the others' tables more than
    they help our table and hand."""
    kind, cards, idents, runs = meld
    gods = [CARD_NUMBER[c] - 45 for c in cards if CARD_NUMBER[c] >= 45]
    if not gods:
        return True
    kinds = (kind, RUN) if kind == COLOR and runs else (kind,)
    given = odd = active
    for god in gods:
        for k in kinds:
            given |= 1 << effect(god, k)
            odd ^= 1 << effect(god, k)
    after = in_force(given, odd)[0]
    mine = _tabling_gain(meld, hand, active, after, bonus)
    # What the effects change of each seat's cards on the table.
    gain = _gains(active, after, bonus)
    change = [0.0] * players
    for k, meld_stands, owners in melds:
        base = k * 54
        for j in range(len(meld_stands)):
            change[owners[j]] += gain[base + meld_stands[j]]
    mine += change[seat]
    theirs = [change[s] for s in range(players) if s != seat]
    return mine >= max(theirs, default=0.0) - 2


# What tabling a meld does to its player's own hand and points (_tabling_gain), by the effects
# before and after, the bonus, the meld and the hand: the heuristic asks again at every card of
# the meld it lays, and of every god meld of the plan at every move where one could be opened.
# Keyed by all it reads; emptied when it holds PLANS_MOST.
_tablings: dict[tuple[int, int, bool, PlanMeld, tuple[str, ...]], float] = {}
# What each card standing for ident i in a meld of kind k gains (k * 54 + i) when the effects
# go from `active` to `after`, by (active, after, bonus).
_gain_lists: dict[tuple[int, int, bool], list[float]] = {}


def _tabling_gain(meld: PlanMeld, hand: list[str], active: int, after: int,
                  bonus: bool) -> float:
    key = (active, after, bonus, meld, tuple(hand))
    gain = _tablings.get(key)
    if gain is None:
        kind, cards, idents, _ = meld
        before_sc, after_sc = scoring_of(active, bonus), scoring_of(after, bonus)
        after_v = _values_of(after_sc)
        rest = _without(hand, list(cards))
        tabled = sum(after_v[kind * 54 + CARD_NUMBER[i]] for i in idents)
        # (the hand's own plan, which the heuristic made already, scores it as best_score)
        gain = (best_score(rest, _plannable(after_sc, rest)) + tabled
                - _plan(hand, _plannable(before_sc, hand))[0])
        if len(_tablings) >= PLANS_MOST:
            _tablings.clear()
        _tablings[key] = gain
    return gain


def _gains(active: int, after: int, bonus: bool) -> list[float]:
    key = (active, after, bonus)
    gain = _gain_lists.get(key)
    if gain is None:
        before_v = _values_of(scoring_of(active, bonus))
        after_v = _values_of(scoring_of(after, bonus))
        gain = [after_v[i] - before_v[i] for i in range(3 * N_CARDS)]
        if len(_gain_lists) >= SCORINGS_MOST:
            _gain_lists.clear()
        _gain_lists[key] = gain
    return gain


# Every field of a position but its options, generator, events and the rules the effects make:
# what a pickled readable state keeps (a compiled position does not pickle; its melds are kept
# as meld_fields()).
FIELDS: Final = ("chances", "totals", "hand_number", "starter", "tag", "last_out", "last_hands",
                 "last_table", "last_scores", "hands", "discard", "draw", "pile_number",
                 "table", "pending", "builder_drawn", "drawn", "turns_in_hand", "phase", "actor")


def meld_fields(meld: Meld) -> tuple[int, int, list[int], list[int], list[int]]:
    return meld.owner, meld.kind, meld.cards, meld.stands, meld.owners


def start(players: int, decks: int, second_gods: bool, target: float, bonus: bool, rng: Rng,
          cards: list[int] | None, events: list[Event] | None = None) -> TreasureFast:
    """A new match dealt from `cards` (physical cards, top first) or a shuffle."""
    position = TreasureFast(players, decks, second_gods, target, bonus, rng)
    position.events = events
    position.deal(cards)
    return position


def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, TreasureFast, seed)


def census(fast: TreasureFast) -> list[int]:
    cards = [p % COPY for p in fast.discard + fast.draw]
    for h in fast.hands:
        m = h
        while m:
            low = m & -m
            cards.append((low.bit_length() - 1) % COPY)
            m ^= low
    for meld in fast.table:
        cards.extend(p % COPY for p in meld.cards)
    if fast.pending is not None:
        cards.extend(p % COPY for p in fast.pending.cards)
    return cards
