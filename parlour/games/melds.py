"""Melds of the Viashi deck games (Loot, Treasure): runs, sets and colors, and the one exact solver
for the best-scoring arrangement of a hand under a set of effects.

The combinations (seed 003, Loot): a run is four or more cards of consecutive ranks (no wrapping),
a set three or more of one rank, a color four or more of one suit; gods count at their equivalent
rank (Lady 1 .. Changeling 9) and as the sixth color. A card belongs to one combination only, except
that a color holding a run scores the color and the run separately. Six consecutive cards of a run
in six different colors score an extra five.

Everything an effect can change is a field of `Scoring`: points per card by meld kind, by suit and
for fools, the smallest run, set and color, what a card left in the hand costs, and which cards may
change rank or color. Loot and Treasure build a `Scoring` from the gods in play; `solve` knows no
god by name.

The solver, in two exact searches. A hand without cards that may change (all of Loot's, most of
Treasure's) and of at most PLAIN_LIMIT cards is split into the melds it can make: every set,
color (with its best runs within) and run its cards can form is listed, and the best split into
such melds and loose cards is found card by card, remembering the cards left.

Bigger hands and hands with changing cards go rank by rank. Values are additive per card, so an
arrangement is a choice, for each card, of loose, set (of its rank), color (of its suit), run, or
color-and-run-within; all sets of one rank merge into one set and all colors of one suit into one
color without changing the score. What is left to search is the runs. `_Solver` goes up the ranks
1..9 keeping, for every reachable pattern of (color sizes so far, open runs, open runs within
colors, wild cards not yet placed), the best score: an exact dynamic programme whose states stay
few for real hands. Without a six-color bonus in reach a run is only its length, so runs are
counted by length and a rank's cards join them in the one best way (short runs first, then long
ones, then new runs); cards that may change color pick their color at the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product

from ..core.cards import GOD_RANK, GODS, VIASHI_CARDS, is_god, viashi_rank, viashi_suit
from ..core.errors import IllegalAction

SUITS = ("W", "R", "P", "B", "G", "god")  # the sixth color is the gods'
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
GOD = 5
NATURAL = (0, 1, 2, 3, 4)  # the colors a card that may change color can take
GOD_BY_RANK = {rank: god for god, rank in GOD_RANK.items()}
KINDS = ("run", "set", "color")


@dataclass(frozen=True)
class Scoring:
    """How a hand scores: everything the gods in play can change."""

    base: float = 2  # points for each card in a combination (Loot 2, Treasure 4)
    run_min: int = 4
    set_min: int = 3
    color_min: int = 4
    run_mult: float = 1
    set_mult: float = 1
    color_mult: float = 1
    suit_mult: tuple[float, ...] = (1, 1, 1, 1, 1, 1)  # by SUITS
    fool_mult: float = 1  # rank 9, the Changeling included
    hand_zero: bool = False  # loose cards count 0 (Thief)
    hand_nine: bool = False  # loose gods and changing cards count -9 (Treasure)
    rank_wild_suits: frozenset = frozenset()  # suits whose cards may change rank
    color_wild_ranks: frozenset = frozenset()  # ranks whose cards may change color
    bonus: float = 5  # the six-color run of six; 0 for none
    bonus_scaled: bool = True  # the bonus is part of the run's points (run multipliers apply)

    def kind_mult(self, kind: str) -> float:
        return {"run": self.run_mult, "set": self.set_mult, "color": self.color_mult}[kind]

    def minimum(self, kind: str) -> int:
        return {"run": self.run_min, "set": self.set_min, "color": self.color_min}[kind]

    def card_value(self, kind: str, rank: int, suit: str) -> float:
        """Points of one card standing as (rank, suit) in a meld of this kind."""
        value = self.base * self.kind_mult(kind) * self.suit_mult[SUIT_INDEX[suit]]
        return value * self.fool_mult if rank == 9 else value

    def loose_value(self, card: str) -> float:
        """What a card left out of every combination counts (negative, or 0)."""
        if self.hand_zero:
            return 0.0
        rank, suit = viashi_rank(card), viashi_suit(card)
        worth = 9 if self.hand_nine and (is_god(card) or self.rank_wild(card)
                                         or self.color_wild(card)) else rank
        value = -worth * self.suit_mult[SUIT_INDEX[suit]]
        return value * self.fool_mult if rank == 9 else float(value)

    def rank_wild(self, card: str) -> bool:
        return not is_god(card) and card[1] in self.rank_wild_suits

    def color_wild(self, card: str) -> bool:
        return not is_god(card) and int(card[0]) in self.color_wild_ranks


CARD_INDEX = {card: i for i, card in enumerate(VIASHI_CARDS)}
_CARD_NAMES = {card.lower(): card for card in VIASHI_CARDS} | {"dark lord": "DarkLord"}


def read_card(word: str) -> str:
    """A card as a person types it: '7w', 'Lady', 'dark lord'."""
    card = _CARD_NAMES.get(word.strip().lower())
    if card is None:
        raise IllegalAction(f"{word!r} is not a Viashi card; write rank then color (1W .. 9G: "
                            f"W R P B G) or a god by name ({', '.join(GODS)})")
    return card


def sort_cards(cards) -> list[str]:
    """Suit by suit, then the gods, each by rank (the order of the deck)."""
    return sorted(cards, key=CARD_INDEX.__getitem__)


def ident(rank: int, suit: str) -> str:
    """The name of what a card stands for: '9P', or a god's name for the god color."""
    return GOD_BY_RANK[rank] if suit == "god" else f"{rank}{suit}"


def identities(card: str, scoring: Scoring, rank: int | None = None,
               suit: str | None = None) -> list[tuple[int, str]]:
    """Every (rank, suit) a card may stand for, optionally with the rank or suit fixed."""
    ranks = range(1, 10) if scoring.rank_wild(card) else (viashi_rank(card),)
    suits = [SUITS[i] for i in NATURAL] if scoring.color_wild(card) else [viashi_suit(card)]
    return [(r, s) for r in ranks for s in suits
            if (rank is None or r == rank) and (suit is None or s == suit)]


# Checking one meld (the games use these for tabling; the solver does not need them) -------------
def is_run(idents: Sequence[tuple[int, str]], minimum: int) -> bool:
    ranks = sorted(r for r, _ in idents)
    return (len(ranks) >= minimum and len(set(ranks)) == len(ranks)
            and ranks[-1] - ranks[0] == len(ranks) - 1)


def is_set(idents: Sequence[tuple[int, str]], minimum: int) -> bool:
    return len(idents) >= minimum and len({r for r, _ in idents}) == 1


def is_color(idents: Sequence[tuple[int, str]], minimum: int) -> bool:
    return len(idents) >= minimum and len({s for _, s in idents}) == 1


def valid(kind: str, idents: Sequence[tuple[int, str]], scoring: Scoring) -> bool:
    check = {"run": is_run, "set": is_set, "color": is_color}[kind]
    return check(idents, scoring.minimum(kind))


def six_colors(idents: Sequence[tuple[int, str]]) -> bool:
    """Six consecutively ranked cards of the run, each of a different one of the six colors."""
    cards = sorted(idents)
    return any(len({s for _, s in cards[i:i + 6]}) == 6 for i in range(len(cards) - 5))


# The answer -----------------------------------------------------------------------------------
@dataclass
class Meld:
    kind: str  # "run", "set" or "color"
    cards: tuple[str, ...]
    idents: tuple[str, ...]  # what each card stands for (its own name unless it changed)
    points: float
    runs: tuple[tuple[str, ...], ...] = ()  # a color's runs within (cards), scored again
    bonus: bool = False  # a run with six colors in a row

    def describe(self) -> str:
        shown = " ".join(c if c == i else f"{c}={i}" for c, i in zip(self.cards, self.idents))
        extra = ""
        if self.runs:
            extra = " holding the run" + "s" * (len(self.runs) > 1) + " " + ", ".join(
                " ".join(run) for run in self.runs)
        if self.bonus:
            extra += " (six colors: +bonus)"
        return f"{self.kind}: {shown}{extra}"


@dataclass
class Arrangement:
    score: float
    melds: list[Meld] = field(default_factory=list)
    loose: tuple[str, ...] = ()
    loose_points: tuple[float, ...] = ()


# The solver -----------------------------------------------------------------------------------
U, S, C, R, CR, D = range(6)  # loose, set, color, run, color and run within, color later


def _card_facts(card: str, scoring: Scoring):
    """(rank, suit index, may change rank, may change color)."""
    return (viashi_rank(card), SUIT_INDEX[viashi_suit(card)],
            scoring.rank_wild(card), scoring.color_wild(card))


def solve(cards: Sequence[str], scoring: Scoring) -> Arrangement:
    """The best-scoring arrangement of a hand (exact)."""
    cards = tuple(cards)
    if _plain(cards, scoring):
        return _solve_plain(cards, scoring, True)
    return _Solver(cards, scoring).run(True)


# Bots ask about the same hands again and again, so scores are remembered, in plain dicts of
# strings to numbers: the garbage collector does not track those, where an lru_cache's links are
# walked by every full collection (with 200,000 hands remembered that took 0.4 s, and it landed
# inside one move of a search's playout, past the search's time margin).
CACHE_MOST = 200_000
_scores: dict[Scoring, dict[str, float]] = {}
_remembered = 0


def best_score(cards: Iterable[str], scoring: Scoring) -> float:
    """The best score of a hand, remembered."""
    global _remembered
    hand = tuple(sorted(cards))
    key = ",".join(hand)
    known = _scores.get(scoring)
    if known is None:
        known = _scores[scoring] = {}
    value = known.get(key)
    if value is None:
        if _remembered >= CACHE_MOST:
            _scores.clear()
            _remembered = 0
            known = _scores[scoring] = {}
        value = known[key] = score(hand, scoring)
        _remembered += 1
    return value


def remember(cards: Iterable[str], scoring: Scoring, value: float) -> None:
    """Tell best_score the best score of a hand, found some other exact way (Treasure's heuristic
    knows the score of a hand less a card its best arrangement leaves loose)."""
    global _remembered
    key = ",".join(sorted(cards))
    known = _scores.get(scoring)
    if known is None:
        known = _scores[scoring] = {}
    if key not in known:
        if _remembered >= CACHE_MOST:
            _scores.clear()
            _remembered = 0
            known = _scores[scoring] = {}
        known[key] = value
        _remembered += 1


def score(cards: Sequence[str], scoring: Scoring) -> float:
    """The best score of a hand asked about once (not remembered)."""
    cards = tuple(cards)
    if _plain(cards, scoring):
        return _solve_plain(cards, scoring, False)
    return _Solver(cards, scoring).run(False)


@lru_cache(maxsize=512)
def _tables(sc: Scoring):
    """Points by kind, rank and suit, and each card's facts and loose value, for one Scoring."""
    # Treasure's effects make hundreds of Scorings that differ in a field or two: each part is
    # built once for the fields it reads (by their repr, so that 1 and 1.0 stay apart), and
    # shared (read only).
    val = _part(repr(("val", sc.base, sc.run_mult, sc.set_mult, sc.color_mult, sc.suit_mult,
                      sc.fool_mult)),
                lambda: {k: tuple(tuple(sc.card_value(k, r, SUITS[s]) if r else 0.0
                                        for s in range(6)) for r in range(10)) for k in KINDS})
    facts = _part(repr(("facts", sorted(sc.rank_wild_suits), sorted(sc.color_wild_ranks))),
                  lambda: {c: _card_facts(c, sc) for c in VIASHI_CARDS})
    loose = _part(repr(("loose", sc.hand_zero, sc.hand_nine, sorted(sc.rank_wild_suits),
                        sorted(sc.color_wild_ranks), sc.suit_mult, sc.fool_mult)),
                  lambda: {c: sc.loose_value(c) for c in VIASHI_CARDS})
    return val, facts, loose


_parts: dict[str, dict] = {}
PARTS_MOST = 4096


def _part(key: str, build) -> dict:
    part = _parts.get(key)
    if part is None:
        if len(_parts) >= PARTS_MOST:
            _parts.clear()
        part = _parts[key] = build()
    return part


# Hands without changing cards ------------------------------------------------------------------
# Loot never has a card that may change, and most Treasure hands hold none. For these every meld
# the hand can make is listed (each set, color and run its cards can form, a color with the best
# runs within it), and the best arrangement is the best split of the hand into such melds and
# loose cards: the first card left is either loose or in one of the melds it can start, and
# what remains is the same question again (remembered by the bit mask of the cards left).
PLAIN_LIMIT = 12  # bigger hands go to the search by ranks below, whose work grows more slowly


def _plain(cards: tuple[str, ...], sc: Scoring) -> bool:
    if len(cards) > PLAIN_LIMIT:
        return False
    if not sc.rank_wild_suits and not sc.color_wild_ranks:
        return True
    return not any(sc.rank_wild(c) or sc.color_wild(c) for c in cards)


def _solve_plain(cards: tuple[str, ...], sc: Scoring, want: bool):
    val, facts, loose_of = _tables(sc)
    val_s, val_c, val_r = val["set"], val["color"], val["run"]
    n = len(cards)
    rank, suit, loose = [], [], []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for i, card in enumerate(cards):
        r, s = facts[card][:2]
        rank.append(r)
        suit.append(s)
        loose.append(loose_of[card])
        if r in by_rank:
            by_rank[r].append(i)
        else:
            by_rank[r] = [i]
        if s in by_suit:
            by_suit[s].append(i)
        else:
            by_suit[s] = [i]
    melds: list[list] = [[] for _ in range(n)]  # by their first card: (mask, points, meld)

    def add(kind, members, points, runs=(), bonus=False):
        mask = 0
        for i in members:
            mask |= 1 << i
        melds[min(members)].append((mask, points, (kind, members, runs, bonus)))

    set_min, color_min = sc.set_min, sc.color_min
    for r, group in by_rank.items():
        if len(group) < set_min:
            continue
        for size in range(set_min, len(group) + 1):
            for members in combinations(group, size):
                add("set", members, sum(val_s[r][suit[i]] for i in members))
    for s, group in by_suit.items():
        if len(group) < color_min:
            continue
        for size in range(color_min, len(group) + 1):
            for members in combinations(group, size):
                inner, runs = _runs_inside(sorted(members, key=rank.__getitem__), rank,
                                           val_r, s, sc.run_min)
                add("color", members, sum(val_c[rank[i]][s] for i in members) + inner, runs)
    bonus = sc.bonus * (sc.run_mult if sc.bonus_scaled else 1) if sc.bonus else 0.0
    run_min = sc.run_min

    def runs_from(members, mask, points):
        """Every run going on from these cards (one card of each next rank)."""
        if len(members) >= run_min:
            six = bool(bonus) and len(members) >= 6 and any(
                len({suit[i] for i in members[k:k + 6]}) == 6 for k in range(len(members) - 5))
            melds[min(members)].append((mask, points + (bonus if six else 0.0),
                                      ("run", members, (), six)))
        for i in by_rank.get(rank[members[-1]] + 1, ()):
            runs_from(members + (i,), mask | 1 << i, points + val_r[rank[i]][suit[i]])

    reach = [0] * 11  # how many ranks in a row the hand holds from this one up
    for r in range(9, 0, -1):
        reach[r] = reach[r + 1] + 1 if r in by_rank else 0
    for r, group in by_rank.items():
        if reach[r] >= run_min:
            for i in group:
                runs_from((i,), 1 << i, val_r[r][suit[i]])

    memo: dict[int, float] = {0: 0.0}  # the best score of the cards left
    choice: dict[int, tuple] = {}  # the meld their first card goes into (none: loose)

    def best(mask: int) -> float:
        got = memo.get(mask)
        if got is not None:
            return got
        low = (mask & -mask).bit_length() - 1
        top = loose[low] + best(mask ^ (1 << low))
        for m, points, meld in melds[low]:
            if m & mask == m:
                v = points + best(mask ^ m)
                if v > top:
                    top = v
                    choice[mask] = (m, points, meld)
        memo[mask] = top
        return top

    # Cards in no meld at all are loose whatever else happens: they are left out of the search.
    live = 0
    for listed in melds:
        for m, _, _ in listed:
            live |= m
    dead = [i for i in range(n) if not live >> i & 1]
    score = best(live) + sum(loose[i] for i in dead)
    if not want:
        return score
    chosen, left, mask = [], dead, live
    while mask:
        meld = choice.get(mask)
        if meld is None:
            low = (mask & -mask).bit_length() - 1
            left.append(low)
            mask ^= 1 << low
        else:
            chosen.append(meld)
            mask ^= meld[0]
    # Sets of one rank, or colors of one suit, found apart score the same merged: show them so.
    merged: dict[tuple, list] = {}
    runs_found = []
    for _, points, (kind, members, runs, six) in chosen:
        if kind == "run":
            runs_found.append((members, points, six))
            continue
        key = (kind, rank[members[0]] if kind == "set" else suit[members[0]])
        entry = merged.setdefault(key, [[], 0.0, []])
        entry[0].extend(members)
        entry[1] += points
        entry[2].extend(runs)

    def meld(kind, members, points, runs=(), six=False):
        members = sorted(members, key=lambda i: (rank[i], i)) if kind != "set" else members
        named = tuple(cards[i] for i in members)
        within = tuple(tuple(cards[i] for i in run) for run in runs)
        return Meld(kind, named, named, points, within, six)

    out = [meld(kind, members, points, runs)
           for (kind, _), (members, points, runs) in sorted(merged.items(), key=_meld_order)]
    out += [meld("run", members, points, six=six) for members, points, six in runs_found]
    left.sort()
    return Arrangement(score, out, tuple(cards[i] for i in left), tuple(loose[i] for i in left))


def _meld_order(item):
    (kind, key), _ = item
    return (kind != "set", key)


def _runs_inside(members: list[int], rank: list[int], val_r, s: int, run_min: int):
    """The best runs within one color's cards (sorted by rank): (points, runs as card lists).
    The lowest card is either in no run, or starts one of some length."""
    if len(members) < run_min:
        return 0.0, []
    first, rest = members[0], members[1:]
    best, runs = _runs_inside(rest, rank, val_r, s, run_min)
    run, left = [first], list(rest)
    while True:
        want = rank[run[-1]] + 1
        nxt = next((i for i in left if rank[i] == want), None)
        if nxt is None:
            break
        run.append(nxt)
        left.remove(nxt)
        if len(run) >= run_min:
            points, more = _runs_inside(left, rank, val_r, s, run_min)
            points += sum(val_r[rank[i]][s] for i in run)
            if points > best:
                best, runs = points, [list(run)] + more
    return best, runs


class _Solver:
    def __init__(self, cards: tuple[str, ...], sc: Scoring):
        self.cards, self.sc = cards, sc
        val, facts, loose = _tables(sc)
        self.val = val
        self.facts = [facts[c] for c in cards]
        self.loose = [loose[c] for c in cards]
        self.bonus = sc.bonus * (sc.run_mult if sc.bonus_scaled else 1) if sc.bonus else 0.0
        self.bonus_on = bool(sc.bonus)
        # Cards that can be in no combination at all are loose from the start; dropping them can
        # leave others with no combination either, so repeat.
        live = list(range(len(cards)))
        while True:
            self._plan(live)
            still = [i for i in live if self._can_meld(i)]
            if len(still) == len(live):
                break
            live = still
        self.live = live
        self.dead = [i for i in range(len(cards)) if i not in set(live)]
        if self.bonus_on:
            # Six colors in a run need a god and the five suits (changing cards fill gaps).
            natural = {self.facts[i][1] for i in live if not self.facts[i][3]} - {GOD}
            changing = sum(1 for i in live if self.facts[i][3])
            gods = any(self.facts[i][1] == GOD for i in live)
            self.bonus_on = gods and len(natural) + changing >= 5
        # Without the bonus a run is only its length: runs are kept as counts by length.
        self.counting = not self.bonus_on
        self._delta_memo: dict = {}
        self._adv: dict = {}
        # Cards that may change color put in a color wait for the end to pick their suit (with
        # many colors open that saves the search from following every suit at every rank).
        # Their numbers by rank ride at the end of the `left` part of the state.
        self.deferring = sorted(sc.color_wild_ranks) if self.counting else []
        self.G = len(self.groups)

    def _can_meld(self, i: int) -> bool:
        rank, suit, rw, cw = self.facts[i]
        suits = NATURAL if cw else (suit,)
        if any(self.color_ok[s] for s in suits):
            return True
        if rw:
            return any(self.any_ok)
        return self.any_ok[rank]

    def _plan(self, live: list[int]) -> None:
        """Which choices can ever be part of a meld: the search only tries those."""
        sc, facts = self.sc, self.facts
        self.fixed = [[] for _ in range(10)]  # card indices by rank, rank-changing cards apart
        groups: dict[tuple, list[int]] = {}
        for i in live:
            rank, suit, rw, cw = facts[i]
            if rw:
                groups.setdefault((suit, cw, self.loose[i]), []).append(i)
            else:
                self.fixed[rank].append(i)
        self.groups = list(groups.items())  # rank-changing cards alike in every way that counts
        wild = sum(len(g) for _, g in self.groups)
        self.set_ok = [len(self.fixed[r]) + wild >= sc.set_min for r in range(10)]
        suit_count = [0] * 6
        for i in live:
            for s in (NATURAL if facts[i][3] else (facts[i][1],)):
                suit_count[s] += 1
        self.color_ok = [n >= sc.color_min for n in suit_count]
        L = sc.run_min

        def windows(has, spare):
            ok, start = [False] * 11, [False] * 11
            for a in range(1, 11 - L):
                if sum(1 for r in range(a, a + L) if not has[r]) <= spare:
                    start[a] = True
                    for r in range(a, a + L):
                        ok[r] = True
            return ok, start

        self.has = [bool(self.fixed[r]) or wild > 0 for r in range(10)]
        self.run_ok, self.run_start = windows(self.has, wild)
        # A run within a color: every rank of the window held in that suit.
        self.cr_ok, self.cr_start = [], []
        for s in range(6):
            has, spare = [False] * 11, 0
            for i in live:
                rank, suit, rw, cw = facts[i]
                if s == suit or (cw and s in NATURAL):
                    if rw:
                        spare += 1
                    else:
                        has[rank] = True
            ok, start = windows(has, spare) if self.color_ok[s] else ([False] * 11,) * 2
            self.cr_ok.append(ok)
            self.cr_start.append(start)
        self.any_ok = [self.set_ok[r] or self.run_ok[r] or any(self.cr_ok[s][r] for s in range(6))
                       for r in range(10)]

    # Runs: (length capped at the minimum,) or, with the bonus, (length, done, colors in a row).
    def _start(self, chi: int) -> tuple:
        return (1, False, (chi,)) if self.bonus_on else (1,)

    def _extend(self, run: tuple, chi: int) -> tuple[tuple, float]:
        L = self.sc.run_min
        if not self.bonus_on:
            return (min(run[0] + 1, L),), 0.0
        n, done, row = run
        n = min(n + 1, L)
        if done:
            return (n, True, ()), 0.0
        row = row[row.index(chi) + 1:] + (chi,) if chi in row else row + (chi,)
        if len(row) == 6:
            return (n, True, ()), self.bonus
        return (n, False, row), 0.0

    def run(self, want_arrangement: bool):
        sc = self.sc
        L, cap = sc.run_min, sc.color_min
        start = sum(self.loose[i] for i in self.dead)
        wild_left = tuple(len(g) for _, g in self.groups) + (0,) * len(self.deferring)
        if self.counting:
            start_key = ((0,) * 6, (0,) * (L + 1), ((0,) * (L + 1),) * 6, wild_left)
            step = self._rank_step_counts
        else:
            start_key = ((0,) * 6, (), ((),) * 6, wild_left)
            step = self._rank_step
        layer = {start_key: (start, None)}
        for rank in range(1, 10):
            layer = step(rank, layer, want_arrangement)
        best, best_trace = None, None
        for (colcnt, runs, crs, left), (value, trace) in layer.items():
            if not self._closed(runs, crs):
                continue
            for extra, colcnt2, decisions in self._leftovers(colcnt, left):
                if any(0 < n < cap for n in colcnt2):
                    continue
                total = value + extra
                if best is None or total > best:
                    best, best_trace = total, (trace, decisions)
        if not want_arrangement:
            return best
        return self._rebuild(best, best_trace)

    def _closed(self, runs, crs) -> bool:
        """No open run is still too short to end."""
        L = self.sc.run_min
        if self.counting:
            return not any(runs[1:L]) and not any(any(cr[1:L]) for cr in crs)
        return not any(run[0] < L for run in runs) and not any(n < L for cr in crs for n in cr)

    def _advance(self, runs: tuple, k: int, can_start: bool):
        """Open runs (counts by length) after k cards of the next rank join runs: every short
        run must take one, then long runs continue (a long run can do all a new one can), and
        only then do new runs start. None if that cannot be done."""
        L = self.sc.run_min
        short = sum(runs[1:L])
        if k < short:
            return None
        extra = k - short
        go_on = min(extra, runs[L])
        fresh = extra - go_on
        if fresh and not can_start:
            return None
        new = [0] * (L + 1)
        for n in range(1, L):
            new[min(n + 1, L)] += runs[n]
        new[L] += go_on
        new[1] += fresh
        return tuple(new)

    def _deltas(self, rank: int, place: tuple, want: bool) -> list:
        """Every way the cards of one rank (with the changing cards placed there) can go, as
        what they add: (color sizes, cards joining runs, cards joining runs within each color,
        points, decisions), the best points kept for each. It does not depend on the state."""
        memo = self._delta_memo.get((rank, place))
        if memo is not None:
            return memo
        sc = self.sc
        smin = sc.set_min
        set_ok, run_ok = self.set_ok[rank], self.run_ok[rank]
        val_s, val_c, val_r = self.val["set"][rank], self.val["color"][rank], self.val["run"][rank]
        color_ok = self.color_ok
        cr_ok = [color_ok[s] and self.cr_ok[s][rank] for s in range(6)]
        cards = [(i, i, False) for i in self.fixed[rank]]
        for g, ((_, group), n) in enumerate(zip(self.groups, place)):
            cards.extend((group[0], -1 - g, True) for _ in range(n))  # which one: see _rebuild
        zero6 = (0,) * 6
        defer = rank in self.deferring and any(color_ok[s] for s in NATURAL)
        partial = {(zero6, 0, zero6, 0, 0): (0.0, ())}
        for i, ref, placed in cards:
            _, suit, rw, cw = self.facts[i]
            suits = NATURAL if cw else (suit,)
            loose = self.loose[i]
            grown: dict = {}
            get = grown.get

            def keep(k, nv, dec, d):
                o = get(k)  # noqa: B023 - keep runs only within this card's pass
                if o is None or nv > o[0]:
                    grown[k] = (nv, dec + (d,) if want else None)  # noqa: B023 - as get

            for pkey, (v, dec) in partial.items():
                cc, nr, ncr, nset, ndef = pkey
                if not placed:
                    keep(pkey, v + loose, dec, (ref, U, None, None, rank))
                    if cw and defer:
                        keep((cc, nr, ncr, nset, ndef + 1), v, dec, (ref, D, None, None, rank))
                    else:
                        for s in suits:
                            if color_ok[s]:
                                keep((cc[:s] + (cc[s] + 1,) + cc[s + 1:], nr, ncr, nset, ndef),
                                     v + val_c[s], dec, (ref, C, s, None, rank))
                if set_ok:
                    s = max(suits, key=val_s.__getitem__)
                    keep((cc, nr, ncr, nset + 1, ndef), v + val_s[s], dec,
                         (ref, S, s, None, rank))
                if run_ok:
                    s = max(suits, key=val_r.__getitem__)
                    keep((cc, nr + 1, ncr, nset, ndef), v + val_r[s], dec,
                         (ref, R, s, None, rank))
                for s in suits:
                    if cr_ok[s]:
                        keep((cc[:s] + (cc[s] + 1,) + cc[s + 1:], nr,
                              ncr[:s] + (ncr[s] + 1,) + ncr[s + 1:], nset, ndef),
                             v + val_c[s] + val_r[s], dec, (ref, CR, s, None, rank))
            partial = grown
        best: dict = {}
        for (cc, nr, ncr, nset, ndef), (v, dec) in partial.items():
            if 0 < nset < smin:
                continue
            k = (cc, nr, ncr, ndef)
            if k not in best or v > best[k][0]:
                best[k] = (v, dec)
        memo = [(cc, nr, ncr, ndef, v, dec) for (cc, nr, ncr, ndef), (v, dec) in best.items()]
        self._delta_memo[(rank, place)] = memo
        return memo

    def _rank_step_counts(self, rank: int, layer: dict, want: bool) -> dict:
        """One rank up, runs as counts (no bonus to follow)."""
        cap = self.sc.color_min
        run_start = self.run_start[rank]
        cr_start = [self.color_ok[s] and self.cr_start[s][rank] for s in range(6)]
        placeable = self.any_ok[rank] and self.groups
        advance = self._advance_memo
        out: dict = {}
        get = out.get
        for (colcnt, runs, crs, left), (value, trace) in layer.items():
            waiting = left[self.G:]
            if placeable:
                placements = product(*(range(n + 1) for n in left[:self.G]))
            else:
                placements = ((0,) * self.G,)
            for place in placements:
                left2 = tuple(n - p for n, p in zip(left, place))
                for dcc, nr, ncr, ndef, dv, dec in self._deltas(rank, place, want):
                    runs2 = advance(runs, nr, run_start)
                    if runs2 is None:
                        continue
                    crs2 = []
                    for s in range(6):
                        cr = crs[s] if not ncr[s] and not any(crs[s]) else \
                            advance(crs[s], ncr[s], cr_start[s])
                        if cr is None:
                            break
                        crs2.append(cr)
                    else:
                        if dcc == (0, 0, 0, 0, 0, 0):
                            cc = colcnt
                        else:
                            cc = tuple(min(a + b, cap) for a, b in zip(colcnt, dcc))
                        if ndef:
                            j = self.deferring.index(rank)
                            later = waiting[:j] + (waiting[j] + ndef,) + waiting[j + 1:]
                        else:
                            later = waiting
                        key = (cc, runs2, tuple(crs2), left2 + later)
                        v = value + dv
                        prior = get(key)
                        if prior is None or v > prior[0]:
                            out[key] = (v, (trace, dec) if want else None)
        return out

    def _advance_memo(self, runs, k, can_start):
        key = (runs, k, can_start)
        memo = self._adv
        if key in memo:
            return memo[key]
        result = memo[key] = self._advance(runs, k, can_start)
        return result

    def _leftovers(self, colcnt, left):
        """Rank-changing cards never placed at a rank: loose, or in a color at any rank."""
        options = [(0.0, colcnt, ())]
        cap = self.sc.color_min
        val_c = self.val["color"]
        for ((suit, cw, loose), group), count in zip(self.groups, left):
            suits = NATURAL if cw else (suit,)
            colors = []
            for s in suits:
                if self.color_ok[s]:
                    r = max(range(1, 10), key=lambda r: val_c[r][s])
                    colors.append((s, val_c[r][s], r))
            for i in group[len(group) - count:]:
                merged: dict = {}
                for value, cc, dec in options:
                    grown = [(value + loose, cc, dec + ((i, U, None, None, None),))]
                    for s, v, r in colors:
                        cc2 = cc[:s] + (min(cc[s] + 1, cap),) + cc[s + 1:]
                        grown.append((value + v, cc2, dec + ((i, C, s, None, r),)))
                    for item in grown:  # the same sizes reached two ways: keep the better
                        if item[1] not in merged or item[0] > merged[item[1]][0]:
                            merged[item[1]] = item
                options = list(merged.values())
        for rank, count in zip(self.deferring, left[self.G:]):
            colors = [(s, val_c[rank][s]) for s in NATURAL if self.color_ok[s]]
            for _ in range(count):
                merged = {}
                for value, cc, dec in options:
                    for s, v in colors:
                        cc2 = cc[:s] + (min(cc[s] + 1, cap),) + cc[s + 1:]
                        item = (value + v, cc2, dec + (((D, rank), C, s, None, rank),))
                        if cc2 not in merged or item[0] > merged[cc2][0]:
                            merged[cc2] = item
                options = list(merged.values())
        return options

    def _rank_step(self, rank: int, layer: dict, want: bool) -> dict:
        sc = self.sc
        L, cap, smin = sc.run_min, sc.color_min, sc.set_min
        fixed = self.fixed[rank]
        placeable = self.any_ok[rank] and self.groups
        out: dict = {}
        no_cr = ((),) * 6
        if not fixed and not placeable:
            # Nothing at this rank: every open run ends here.
            for (cc, runs, crs, left), (v, trace) in layer.items():
                if any(run[0] < L for run in runs) or any(n < L for cr in crs for n in cr):
                    continue
                key = (cc, (), no_cr, left)
                prior = out.get(key)
                if prior is None or v > prior[0]:
                    out[key] = (v, (trace, ()) if want else None)
            return out
        set_ok, run_ok, run_start = self.set_ok[rank], self.run_ok[rank], self.run_start[rank]
        val_s, val_c, val_r = self.val["set"][rank], self.val["color"][rank], self.val["run"][rank]
        color_ok = self.color_ok
        cr_ok = [color_ok[s] and self.cr_ok[s][rank] for s in range(6)]
        cr_start = [color_ok[s] and self.cr_start[s][rank] for s in range(6)]
        bonus_on = self.bonus_on
        for (colcnt, runs, crs, left), (value, trace) in layer.items():
            waiting = left[self.G:]
            if placeable:
                placements = product(*(range(n + 1) for n in left[:self.G]))
            else:
                placements = ((0,) * self.G,)
            for place in placements:
                cards = [(i, False) for i in fixed]
                for (_, group), n_left, n in zip(self.groups, left, place):
                    used = len(group) - n_left
                    cards.extend((i, True) for i in group[used:used + n])
                # Partial states: (colcnt, old runs, new runs, old crs, new crs, set count)
                partial = {(colcnt, runs, (), crs, no_cr, 0): (value, ())}
                for i, placed in cards:
                    _, suit, rw, cw = self.facts[i]
                    suits = NATURAL if cw else (suit,)
                    loose = self.loose[i]
                    grown: dict = {}
                    get = grown.get
                    for pkey, (v, dec) in partial.items():
                        cc, old, new, ocr, ncr, nset = pkey
                        if not placed:
                            k, nv = pkey, v + loose
                            o = get(k)
                            if o is None or nv > o[0]:
                                grown[k] = (nv, dec + ((i, U, None, None, rank),) if want else None)
                            for s in suits:
                                if color_ok[s]:
                                    k = (cc[:s] + (min(cc[s] + 1, cap),) + cc[s + 1:],
                                         old, new, ocr, ncr, nset)
                                    nv = v + val_c[s]
                                    o = get(k)
                                    if o is None or nv > o[0]:
                                        grown[k] = (nv, dec + ((i, C, s, None, rank),)
                                                    if want else None)
                        if set_ok:
                            s = max(suits, key=val_s.__getitem__)
                            k, nv = (cc, old, new, ocr, ncr, nset + 1), v + val_s[s]
                            o = get(k)
                            if o is None or nv > o[0]:
                                grown[k] = (nv, dec + ((i, S, s, None, rank),) if want else None)
                        if run_ok:
                            colors = suits if bonus_on else (max(suits, key=val_r.__getitem__),)
                            for chi in colors:
                                vr = v + val_r[chi]
                                if run_start:
                                    k = (cc, old, tuple(sorted(new + (self._start(chi),))),
                                         ocr, ncr, nset)
                                    o = get(k)
                                    if o is None or vr > o[0]:
                                        grown[k] = (vr, dec + ((i, R, chi, None, rank),)
                                                    if want else None)
                                for j, run in enumerate(old):
                                    if j and old[j - 1] == run:
                                        continue  # the same run state twice: one is enough
                                    ext, bonus = self._extend(run, chi)
                                    k = (cc, old[:j] + old[j + 1:], tuple(sorted(new + (ext,))),
                                         ocr, ncr, nset)
                                    nv = vr + bonus
                                    o = get(k)
                                    if o is None or nv > o[0]:
                                        grown[k] = (nv, dec + ((i, R, chi, run, rank),)
                                                    if want else None)
                        for s in suits:
                            if not cr_ok[s]:
                                continue
                            vcr = v + val_c[s] + val_r[s]
                            cc2 = cc[:s] + (min(cc[s] + 1, cap),) + cc[s + 1:]
                            mine = ncr[s]
                            if cr_start[s]:
                                k = (cc2, old, new, ocr,
                                     ncr[:s] + (tuple(sorted(mine + (1,))),) + ncr[s + 1:], nset)
                                o = get(k)
                                if o is None or vcr > o[0]:
                                    grown[k] = (vcr, dec + ((i, CR, s, None, rank),)
                                                if want else None)
                            theirs = ocr[s]
                            for j, n in enumerate(theirs):
                                if j and theirs[j - 1] == n:
                                    continue
                                k = (cc2, old, new,
                                     ocr[:s] + (theirs[:j] + theirs[j + 1:],) + ocr[s + 1:],
                                     ncr[:s] + (tuple(sorted(mine + (min(n + 1, L),))),)
                                     + ncr[s + 1:], nset)
                                o = get(k)
                                if o is None or vcr > o[0]:
                                    grown[k] = (vcr, dec + ((i, CR, s, n, rank),)
                                                if want else None)
                    partial = grown
                left2 = tuple(n - p for n, p in zip(left, place)) + waiting
                for (cc, old, new, ocr, ncr, nset), (v, dec) in partial.items():
                    if 0 < nset < smin:
                        continue
                    if any(run[0] < L for run in old) or any(n < L for cr in ocr for n in cr):
                        continue  # a run left behind too short
                    key = (cc, new, ncr, left2)
                    prior = out.get(key)
                    if prior is None or v > prior[0]:
                        out[key] = (v, (trace, dec) if want else None)
        return out

    # Turning the winning trace back into melds ---------------------------------------------
    def _rebuild(self, best: float, trace) -> Arrangement:
        layers = []
        trace, last = trace
        while trace is not None:
            trace, dec = trace
            layers.append(dec)
        layers.reverse()
        layers.append(last)
        sc, cards = self.sc, self.cards
        sets: dict[int, list[int]] = {}
        colors: dict[int, list[int]] = {}
        color_runs: dict[int, list[list[int]]] = {}
        runs_done: list[tuple[list[int], bool]] = []
        stand: dict[int, tuple[int, int]] = {}  # card -> (rank, suit index) it stands for
        loose: list[int] = []
        open_runs: list[list] = []  # [state, cards, bonus]
        open_cr: dict[int, list[list]] = {}  # suit -> [[length, cards]]
        taken = [0] * len(self.groups)
        waiting: dict[int, list[int]] = {}
        for dec in layers:
            old_runs, open_runs = open_runs, []
            old_cr, open_cr = open_cr, {}
            joining: list[int] = []
            joining_cr: dict[int, list[int]] = {}
            for i, cat, s, detail, rank in dec:
                if cat == D:
                    waiting.setdefault(rank, []).append(i)
                    continue
                if isinstance(i, tuple):  # a card that waited for its color: in order
                    i = waiting[i[1]].pop(0)
                elif i < 0:  # a changing card placed by group: the groups' cards go in order
                    g = -1 - i
                    i = self.groups[g][1][taken[g]]
                    taken[g] += 1
                if cat == U:
                    loose.append(i)
                    continue
                if cat == C:
                    colors.setdefault(s, []).append(i)
                    stand[i] = (rank if rank is not None else self.facts[i][0], s)
                elif cat == S:
                    sets.setdefault(rank, []).append(i)
                    stand[i] = (rank, s)
                elif cat == R and self.counting:
                    stand[i] = (rank, s)
                    joining.append(i)
                elif cat == CR and self.counting:
                    stand[i] = (rank, s)
                    colors.setdefault(s, []).append(i)
                    joining_cr.setdefault(s, []).append(i)
                elif cat == R:
                    stand[i] = (rank, s)
                    if detail is None:
                        open_runs.append([self._start(s), [i], False])
                    else:
                        k = next(k for k, r in enumerate(old_runs) if r[0] == detail)
                        state, members, bonus = old_runs.pop(k)
                        state, got = self._extend(state, s)
                        open_runs.append([state, members + [i], bonus or bool(got)])
                elif cat == CR:
                    stand[i] = (rank, s)
                    colors.setdefault(s, []).append(i)
                    mine = open_cr.setdefault(s, [])
                    if detail is None:
                        mine.append([1, [i]])
                    else:
                        theirs = old_cr[s]
                        k = next(k for k, r in enumerate(theirs) if r[0] == detail)
                        n, members = theirs.pop(k)
                        mine.append([min(n + 1, sc.run_min), members + [i]])
            if self.counting:
                # As the search did: short runs take a card first, then long ones, then new.
                L = sc.run_min
                old_runs.sort(key=lambda run: len(run[1]) >= L)
                for i in joining:
                    if old_runs:
                        state, members, bonus = old_runs.pop(0)
                        open_runs.append([state, members + [i], False])
                    else:
                        open_runs.append([None, [i], False])
                for s, members_here in joining_cr.items():
                    theirs = sorted(old_cr.get(s, []), key=lambda run: len(run[1]) >= L)
                    mine = open_cr.setdefault(s, [])
                    for i in members_here:
                        if theirs:
                            n, members = theirs.pop(0)
                            mine.append([n, members + [i]])
                        else:
                            mine.append([1, [i]])
                    old_cr[s] = theirs
            runs_done.extend((members, bonus) for _, members, bonus in old_runs)
            for s, closed in old_cr.items():
                color_runs.setdefault(s, []).extend(members for _, members in closed)
        runs_done.extend((members, bonus) for _, members, bonus in open_runs)
        for s, still in open_cr.items():
            color_runs.setdefault(s, []).extend(members for _, members in still)

        def name(i):
            r, s = stand[i]
            return cards[i], ident(r, SUITS[s])

        melds = []
        for rank, members in sorted(sets.items()):
            points = sum(self.val["set"][rank][stand[i][1]] for i in members)
            melds.append(_meld("set", [name(i) for i in members], points))
        for s, members in sorted(colors.items()):
            members.sort(key=lambda i: stand[i][0])
            inner = color_runs.get(s, [])
            points = sum(self.val["color"][stand[i][0]][s] for i in members)
            points += sum(self.val["run"][stand[i][0]][s] for run in inner for i in run)
            within = tuple(tuple(cards[i] for i in sorted(run, key=lambda i: stand[i][0]))
                           for run in inner)
            melds.append(_meld("color", [name(i) for i in members], points, within))
        for members, bonus in runs_done:
            members.sort(key=lambda i: stand[i][0])
            points = sum(self.val["run"][stand[i][0]][stand[i][1]] for i in members)
            points += self.bonus if bonus else 0.0
            melds.append(_meld("run", [name(i) for i in members], points, bonus=bonus))
        loose.extend(self.dead)
        loose.sort()
        total = sum(m.points for m in melds) + sum(self.loose[i] for i in loose)
        assert abs(total - best) < 1e-9, (total, best)
        return Arrangement(best, melds, tuple(cards[i] for i in loose),
                           tuple(self.loose[i] for i in loose))


def _meld(kind, named, points, runs=(), bonus=False) -> Meld:
    return Meld(kind, tuple(c for c, _ in named), tuple(i for _, i in named), points, runs, bonus)
