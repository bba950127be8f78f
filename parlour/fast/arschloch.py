"""Arschloch's rules, the only copy: the deal, the extra cards, the exchange, the play, the end of a
trick, going out, the end of a round and its points, in the order of docs/rules/arschloch.md (the
seed's sections 3 to 5). parlour/games/arschloch.py is the readable layer on top: action objects,
notation, views and the log, narrated from the events a step emits here.

Cards. Inside a position a card is `rank * 4 + suit`: the rank counted 0, 1, ... from the lowest in
the normal order of the options (so "higher" is a comparison of numbers, and a revolution only turns
it round), the suit 0..3 for C D H S. Outside (actions, events, `census`) a card is its index in the
52-card deck, `suit * 13 + french`, `french` its rank's index in 23456789TJQKA, so that the
integers do not depend on the options.

Hands. `hands[seat * R + rank]` is a nibble: the suits of that rank the seat holds. A play offered
is the first cards of a rank in suit order, so it is a rank and the low bits of its nibble.

Actions, the game's one numbering (Game.action_id, records, search): 0 is a pass; a play is
`french * 15 + suits` (1..195); a give is `196 + card`; a swap is `248 + take * 52 + put`.

Fields that change only in the swap and the exchange, or a few times a round (extras, who took and
gave what, places), are tuples replaced whole, so that `copy` shares them.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.hidden import NoDeal
from .core import NOBODY, Event, FastState, Rng, core_copy

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] | bit`, never `xs[i] |= bit`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
RANKS: Final = "23456789TJQKA"
SUITS: Final = "CDHS"

PASS: Final = 0
GIVE: Final = 196
SWAP: Final = 248
ACTIONS: Final = SWAP + 52 * 52

PLAY: Final = 0
EXCHANGE: Final = 1
SWAPPING: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("play", "exchange", "swap", "over")

POP: Final[list[int]] = [bin(m).count("1") for m in range(16)]
SUIT_BITS: Final[list[tuple[int, ...]]] = [tuple(s for s in range(4) if m >> s & 1)
                                           for m in range(16)]
HIGH_SUIT: Final[list[int]] = [m.bit_length() - 1 for m in range(16)]
# A play's rank (french) and suits, by its number.
PLAY_FRENCH: Final[list[int]] = [-1] + [(a - 1) // 15 for a in range(1, GIVE)]
PLAY_SUITS: Final[list[int]] = [0] + [(a - 1) % 15 + 1 for a in range(1, GIVE)]


def play_number(french: int, suits: int) -> int:
    return french * 15 + suits


def _low_bits(mask: int, k: int) -> int:
    """The k lowest set bits of mask: the first k cards of a rank."""
    out = 0
    for s in range(4):
        if k and mask >> s & 1:
            out |= 1 << s
            k -= 1
    return out


# The cards ----------------------------------------------------------------------------------------
def normal_order(deck: int, ten_high: bool, two_high: bool) -> str:
    """The ranks from lowest to highest before any revolution: 7..A (Skat) or 2..A, with the 10 or
    the 2 moved to the top by ten_high and two_high."""
    ranks = "23456789TJQKA" if deck == 52 else "789TJQKA"
    if ten_high:
        ranks = ranks.replace("T", "") + "T"
    if two_high:
        ranks = ranks.replace("2", "") + "2"
    return ranks


class Rules:
    """What the options and the player count fix: shared by every position of one game."""

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        ranks = normal_order(int(options["deck"]), bool(options["ten_high"]),
                             bool(options["two_high"]))
        self.n = players
        self.ranks = ranks
        self.R = len(ranks)
        self.deck_size = len(ranks) * 4
        # Dealt one by one until all hold the same number; the rest are the extras.
        self.per = self.deck_size // players
        self.skat = options["deck"] == 32
        self.equality = bool(options["equality"])
        self.bomb = bool(options["bomb"])
        self.bomb_any = options["bomb_on_bomb"] == "any"
        self.revolution = bool(options["revolution"])
        self.seat_change = bool(options["seat_change"])
        points = options["points"]
        rounds = options["rounds"]
        self.points = -1 if points is None else int(points)
        self.rounds = -1 if rounds is None else int(rounds)
        # With neither equality nor bomb nothing answers the highest card in play: the trick ends.
        self.top_ends_trick = not (self.equality or self.bomb)
        french = [RANKS.index(r) for r in ranks]
        self.french = french
        self.rank_of_french = [-1] * 13
        for r, f in enumerate(french):
            self.rank_of_french[f] = r
        # Inside -> outside card and back.
        self.outside = [(c & 3) * 13 + french[c >> 2] for c in range(self.deck_size)]
        self.inside = [-1] * 52
        for c, o in enumerate(self.outside):
            self.inside[o] = c
        # The deck in its own order (suit by suit, ranks as in 23456789TJQKA), which a shuffle
        # permutes: the same draws deal the same cards as the readable game always dealt.
        self.deck = tuple(self.inside[o] for o in range(52) if self.inside[o] >= 0)
        # play_rank[a]: the inside rank of play a (-1: a rank not in this deck).
        self.play_rank = [-1] + [self.rank_of_french[(a - 1) // 15] for a in range(1, GIVE)]
        # runs[r][m]: the plays of the first one, two, ... cards of nibble m of rank r.
        self.runs: list[list[tuple[int, ...]]] = [
            [tuple(play_number(french[r], _low_bits(m, k)) for k in range(1, POP[m] + 1))
             for m in range(16)] for r in range(self.R)]
        # follow[k][r][m]: the play of k + 1 cards of nibble m of rank r, 0 if it has fewer.
        self.follow: list[list[list[int]]] = [
            [[run[k] if len(run) > k else 0 for run in runs] for runs in self.runs]
            for k in range(4)]
        # cards[r][m]: the inside cards of nibble m of rank r.
        self.cards: list[list[tuple[int, ...]]] = [
            [tuple(r * 4 + s for s in SUIT_BITS[m]) for m in range(16)] for r in range(self.R)]
        self.all_cards = (1 << self.deck_size) - 1
        self.no_hand = [0] * self.R
        # gives[r][m]: the gives of the cards of nibble m of rank r, in suit order.
        self.gives: list[list[tuple[int, ...]]] = [
            [tuple(GIVE + s * 13 + french[r] for s in SUIT_BITS[m]) for m in range(16)]
            for r in range(self.R)]


_RULES: dict[tuple[object, ...], Rules] = {}


def rules_of(players: int, options: dict[str, Any]) -> Rules:
    key = (players, tuple(sorted(options.items())))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules(players, options)
    return rules


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
DEALT: Final = 0  # seat: the dealer (-1 in round 1), other: the round
OPENS: Final = 1  # round 1: seat holds cards[0], the lowest club, and leads
SWAPPED: Final = 2  # seat took cards[0], a face-up extra, and put cards[1] face down
GAVE: Final = 3  # seat gave cards[0] to other
EXCHANGED: Final = 4  # the exchange is over: seat, the Arschloch, leads
PLAYED: Final = 5  # seat played cards
PASSED: Final = 6
REVOLUTION: Final = 7  # seat's four turned the rank order round
WENT_OUT: Final = 8  # seat has no cards left and takes the next place
STUCK: Final = 9  # seat held only top cards (cards) and is placed last
UNBEATABLE: Final = 10  # the highest card still in play was played: the trick ends
SKIPPED: Final = 11  # seat is skipped after an equal play
TRICK_WON: Final = 12  # seat won the trick, other leads
ROUND_OVER: Final = 13  # more: the ranking, President first
MATCH_OVER: Final = 14
EVENT_NAMES: Final = ("dealt", "opens", "swapped", "gave", "exchanged", "played", "passed",
                      "revolution", "went out", "stuck", "unbeatable", "skipped", "trick won",
                      "round over", "match over")


# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
NOT_HELD: Final = 1
NOT_FACE_UP: Final = 2
MUST_LEAD: Final = 3
TOP_OUT: Final = 4
WRONG_COUNT: Final = 5
EQUAL_RANK: Final = 6
NOT_HIGHER: Final = 7
WRONG_KIND: Final = 8


class ArschlochFast(FastState):
    """A position: the deal, the swap of the extras and the exchange (round 2 on), the play, the
    ranking and points; a match deals again until its points or rounds are reached."""

    rules: Rules
    phase: int
    turn: int
    round: int
    order: tuple[int, ...]
    left: tuple[int, ...]  # each seat's left-hand neighbour, who plays after him
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # last round's places, President first; () in round 1
    hands: list[int]
    sizes: list[int]
    held: list[int]  # cards of each rank in the players' hands: "still in play"
    out: int  # inside-card bits of every card played, and of stuck and last hands
    extras: tuple[int, ...]
    extras_up: tuple[bool, ...]
    put_by: tuple[int, ...]  # who put each extra face down (-1: nobody)
    taken: tuple[tuple[int, int], ...]  # (card, seat): face-up extras taken, public
    gave: tuple[tuple[tuple[int, int], ...], ...]  # per giver (card, receiver), private
    swaps: tuple[int, ...]
    owed: tuple[tuple[int, int, int], ...]  # (giver, receiver, cards still owed)
    revolution: bool
    top: int  # the top rank of the order in force
    finished: tuple[int, ...]  # out, from the President down
    stuck: tuple[int, ...]  # placed last for holding only top cards, from the bottom up
    beat_seat: int  # -1: a new trick is to be led
    beat_rank: int
    beat_suits: int
    passes: int
    active: int  # players still holding cards
    heuristic = True  # heuristic_action below

    def __init__(self, rules: Rules, rng: Rng, src: ArschlochFast | None = None) -> None:
        self.rules = rules
        self.players = rules.n
        self.rng = rng
        self.events = None
        if src is None:
            # A new game: what the first deal reads. deal() sets the rest.
            self.chances = 0
            self.round = 0
            self.phase = PLAY
            self.turn = 0
            self.order = tuple(range(rules.n))
            self.scores = (0,) * rules.n
            self.ranking = ()
            return
        self.chances = src.chances
        self.phase = src.phase
        self.turn = src.turn
        self.round = src.round
        self.order = src.order
        self.left = src.left
        self.scores = src.scores
        self.ranking = src.ranking
        self.hands = src.hands[:]
        self.sizes = src.sizes[:]
        self.held = src.held[:]
        self.out = src.out
        self.extras = src.extras
        self.extras_up = src.extras_up
        self.put_by = src.put_by
        self.taken = src.taken
        self.gave = src.gave
        self.swaps = src.swaps
        self.owed = src.owed
        self.revolution = src.revolution
        self.top = src.top
        self.finished = src.finished
        self.stuck = src.stuck
        self.beat_seat = src.beat_seat
        self.beat_rank = src.beat_rank
        self.beat_suits = src.beat_suits
        self.passes = src.passes
        self.active = src.active

    def copy(self) -> ArschlochFast:
        return ArschlochFast(self.rules, self.rng, self)

    def to_act(self) -> int:
        return self.turn

    def outside_cards(self, rank: int, suits: int) -> tuple[int, ...]:
        outside = self.rules.outside
        return tuple(outside[c] for c in self.rules.cards[rank][suits])

    # The deal ---------------------------------------------------------------------------------
    def deal(self, cards: list[int] | None = None) -> None:
        """"Dealt one by one clockwise until everyone has the same number": round 1 from seat 0,
        later rounds by the Arschloch, from his left. The rest are the extras. `cards` stacks the
        deck (inside cards, top first); without it the deck is shuffled."""
        rules = self.rules
        n, R, per = rules.n, rules.R, rules.per
        if cards is None:
            cards = list(rules.deck)
            self.rng.shuffle(cards)
        self.chances += 1
        self.round += 1
        order = self.order
        first = 0 if not self.ranking else (order.index(self.ranking[-1]) + 1) % n
        seats = order[first:] + order[:first]
        self.left = tuple(order[(order.index(s) + 1) % n] for s in range(n))
        hands = [0] * (n * R)
        held = [0] * R
        for i in range(per * n):
            c = cards[i]
            at = seats[i % n] * R + (c >> 2)
            hands[at] = hands[at] | 1 << (c & 3)
            held[c >> 2] = held[c >> 2] + 1
        self.hands = hands
        self.held = held
        self.sizes = [per] * n
        extras = tuple(cards[per * n:])
        skat_extras = rules.skat and len(extras) > 0
        self.extras = extras
        # Round 1 the extras stay face down; later rounds of the Skat deal they lie face up. The
        # 52-card deal's rest stays face down and nobody takes it (GAMES.md).
        self.extras_up = (skat_extras and len(self.ranking) > 0,) * len(extras)
        self.put_by = (-1,) * len(extras)
        self.taken = ()
        self.gave = ((),) * n
        self.swaps = ()
        self.owed = ()
        self.revolution = False
        self.top = R - 1
        self.finished = ()
        self.stuck = ()
        self.beat_seat = -1
        self.beat_rank = 0
        self.beat_suits = 0
        self.passes = 0
        self.active = n
        self.out = 0
        self.emit(DEALT, self.ranking[-1] if self.ranking else -1, self.round)
        if not self.ranking:
            self.round_one_opener()
        elif skat_extras and n >= 5:
            # 3rd place takes a face-up extra first, then 4th place the other.
            self.swaps = (self.ranking[2], self.ranking[3])
            self.phase = SWAPPING
            self.turn = self.swaps[0]
        else:
            self.start_exchange()

    def round_one_opener(self) -> None:
        """"Round 1 the holder of the 7 of clubs opens": if it lies among the extras, the holder
        of the lowest club in play (GAMES.md); with 52 cards the lowest club."""
        rules = self.rules
        n, R = rules.n, rules.R
        hands = self.hands
        for r in range(R):
            for s in range(n):
                if hands[s * R + r] & 1:
                    self.phase = PLAY
                    self.turn = s
                    self.emit(OPENS, s, -1, (rules.outside[r * 4],))
                    return

    # The extra cards (round 2 on) --------------------------------------------------------------
    def swap(self, action: int) -> None:
        """Take a face-up extra and put a card of the hand face down in its place (it may be the
        one just taken)."""
        rules = self.rules
        seat = self.turn
        take = rules.inside[(action - SWAP) // 52]
        put = rules.inside[(action - SWAP) % 52]
        i = 0
        while self.extras[i] != take or not self.extras_up[i]:
            i += 1
        R = rules.R
        hands, held = self.hands, self.held
        at = seat * R + (take >> 2)
        hands[at] = hands[at] | 1 << (take & 3)
        held[take >> 2] = held[take >> 2] + 1
        at = seat * R + (put >> 2)
        hands[at] = hands[at] & ~(1 << (put & 3))
        held[put >> 2] = held[put >> 2] - 1
        self.extras = self.extras[:i] + (put,) + self.extras[i + 1:]
        self.extras_up = self.extras_up[:i] + (False,) + self.extras_up[i + 1:]
        self.put_by = self.put_by[:i] + (seat,) + self.put_by[i + 1:]
        self.taken = self.taken + ((take, seat),)
        self.emit(SWAPPED, seat, -1, (rules.outside[take], rules.outside[put]))
        self.swaps = self.swaps[1:]
        if self.swaps:
            self.turn = self.swaps[0]
        else:
            self.start_exchange()

    # The exchange (round 2 on) -------------------------------------------------------------------
    def start_exchange(self) -> None:
        """The Arschloch hands the President his two highest cards, the Vice-Arschloch the
        Vice-President his highest (with 3 players one card only); the rule leaves them no
        choice, so it is done for them. The others give as many back, of their choice."""
        r, n = self.ranking, self.rules.n
        pairs = [(r[-1], r[0], 1 if n == 3 else 2)]
        if n >= 4:
            pairs.append((r[-2], r[1], 1))
        R = self.rules.R
        hands = self.hands
        for low, high, count in pairs:
            for _ in range(count):
                # Between cards of the highest rank the suit does not matter: the highest suit.
                rank = R - 1
                while not hands[low * R + rank]:
                    rank -= 1
                self.hand_over(low, high, rank * 4 + HIGH_SUIT[hands[low * R + rank]])
        self.owed = tuple((high, low, count) for low, high, count in pairs)
        self.phase = EXCHANGE
        self.turn = self.owed[0][0]

    def hand_over(self, giver: int, receiver: int, card: int) -> None:
        R = self.rules.R
        rank, bit = card >> 2, 1 << (card & 3)
        hands, sizes = self.hands, self.sizes
        at = giver * R + rank
        hands[at] = hands[at] & ~bit
        at = receiver * R + rank
        hands[at] = hands[at] | bit
        sizes[giver] = sizes[giver] - 1
        sizes[receiver] = sizes[receiver] + 1
        gave = list(self.gave)
        gave[giver] = gave[giver] + ((card, receiver),)
        self.gave = tuple(gave)
        self.emit(GAVE, giver, receiver, (self.rules.outside[card],))

    def give(self, action: int) -> None:
        giver, receiver, count = self.owed[0]
        self.hand_over(giver, receiver, self.rules.inside[action - GIVE])
        if count > 1:
            self.owed = ((giver, receiver, count - 1),) + self.owed[1:]
        else:
            self.owed = self.owed[1:]
        if self.owed:
            self.turn = self.owed[0][0]
        else:
            # "From round 2 the Arschloch opens."
            self.phase = PLAY
            self.turn = self.ranking[-1]
            self.emit(EXCHANGED, self.turn)

    # Play: what may be played ---------------------------------------------------------------------
    def legal(self) -> list[int]:
        phase = self.phase
        rules = self.rules
        R = rules.R
        seat = self.turn
        base = seat * R
        hands = self.hands
        if phase == PLAY:
            plays: list[int] = []
            if self.beat_seat < 0:
                # The leader puts down one card or several of one rank, weakest first.
                runs = rules.runs
                if self.revolution:
                    for r in range(R - 1, -1, -1):
                        m = hands[base + r]
                        if m:
                            plays += runs[r][m]
                else:
                    for run, m in zip(runs, hands[base:base + R]):
                        if m:
                            plays += run[m]
            else:
                # Exactly the same number of a strictly higher rank (or equal, under equality).
                need = POP[self.beat_suits]
                floor = self.beat_rank
                if rules.bomb and (need != 4 or rules.bomb_any):
                    self.plays_and_bombs(plays, base, need, floor)
                else:
                    follow = rules.follow[need - 1]
                    if self.revolution:
                        ranks = range(floor - 1 + rules.equality, -1, -1)
                    else:
                        ranks = range(floor + 1 - rules.equality, R)
                    for r in ranks:
                        c = follow[r][hands[base + r]]
                        if c:
                            plays.append(c)
                # Passing is always allowed, even when you could play; but a trick is opened.
                plays.append(PASS)
            size = self.sizes[seat]
            if POP[hands[base + self.top]] == size:
                # "You may not go out on an ace." Such a hand has left play already
                # (settle_stuck); only a position set up by hand holds one here.
                plays = [a for a in plays if a == PASS or POP[PLAY_SUITS[a]] < size]
            return plays
        if phase == EXCHANGE:
            gives: list[int] = []
            for give, m in zip(rules.gives, hands[base:base + R]):
                if m:
                    gives += give[m]
            return gives
        if phase == SWAPPING:
            outside = rules.outside
            hand = [outside[r * 4 + s] for r in range(R) for s in SUIT_BITS[hands[base + r]]]
            swaps: list[int] = []
            for card, up in zip(self.extras, self.extras_up):
                if up:
                    take = outside[card]
                    swaps.append(SWAP + take * 53)
                    swaps += [SWAP + take * 52 + put for put in hand]
            return swaps
        return []

    def plays_and_bombs(self, plays: list[int], base: int, need: int, floor: int) -> None:
        """Under bomb "a four-of-a-kind beats any play": a single, a pair or a triple whatever
        their ranks; a four only with bomb_on_bomb=any (by default a four is beaten as any play
        is, by a higher four)."""
        rules = self.rules
        hands = self.hands
        runs = rules.runs
        revolution = self.revolution
        for r in range(rules.R - 1, -1, -1) if revolution else range(rules.R):
            m = hands[base + r]
            run = runs[r][m]
            if need != 4 and len(run) >= need:
                if r == floor:
                    if rules.equality:
                        plays.append(run[need - 1])
                elif (r > floor) != revolution:
                    plays.append(run[need - 1])
            if m == 15:
                plays.append(run[3])

    def why_not(self, action: int) -> int:
        """Why `action` (any number of the game's, a play of any held suits included) may not
        be played now, or LEGAL. legal() alone decides; this only names the rule it breaks."""
        rules = self.rules
        R = rules.R
        phase = self.phase
        base = self.turn * R
        if phase == PLAY:
            if action == PASS:
                return LEGAL if self.beat_seat >= 0 else MUST_LEAD
            if not 0 < action < GIVE or rules.play_rank[action] < 0:
                return WRONG_KIND if action >= GIVE else NOT_HELD
            rank, suits = rules.play_rank[action], PLAY_SUITS[action]
            mask = self.hands[base + rank]
            if suits & mask != suits:
                return NOT_HELD
            # Suits do not matter: the play of as many first cards of the rank decides.
            if rules.runs[rank][mask][POP[suits] - 1] in self.legal():
                return LEGAL
            if POP[suits] == self.sizes[self.turn] and rank == self.top:
                return TOP_OUT
            if POP[suits] != POP[self.beat_suits] and not (rules.bomb and POP[suits] == 4):
                return WRONG_COUNT
            return EQUAL_RANK if rank == self.beat_rank else NOT_HIGHER
        if phase == EXCHANGE:
            if not GIVE <= action < SWAP:
                return WRONG_KIND
            card = rules.inside[action - GIVE]
            return LEGAL if card >= 0 and self.hands[base + (card >> 2)] >> (card & 3) & 1 \
                else NOT_HELD
        if phase == SWAPPING:
            if action < SWAP:
                return WRONG_KIND
            if action in self.legal():
                return LEGAL
            take = rules.inside[(action - SWAP) // 52]
            for card, up in zip(self.extras, self.extras_up):
                if up and card == take:
                    return NOT_HELD
            return NOT_FACE_UP
        return WRONG_KIND

    # Play: a step --------------------------------------------------------------------------------
    def step(self, action: int) -> None:
        if self.phase != PLAY:
            if self.phase == EXCHANGE:
                self.give(action)
            else:
                self.swap(action)
            return
        seat = self.turn
        sizes = self.sizes
        left = self.left
        if not action:
            # A pass: the trick ends when all the others have passed in a row.
            if self.events is not None:
                self.emit(PASSED, seat)
            self.passes += 1
            if self.passes >= self.active - (1 if sizes[self.beat_seat] else 0):
                self.end_trick()
            else:
                nxt = left[seat]
                while not sizes[nxt] and nxt != seat:
                    nxt = left[nxt]
                self.turn = nxt
            return
        # A play (one step, not a helper: this is the hot path of every playout).
        rules = self.rules
        R = rules.R
        rank = rules.play_rank[action]
        suits = PLAY_SUITS[action]
        count = POP[suits]
        hands, held = self.hands, self.held
        at = seat * R + rank
        hands[at] = hands[at] ^ suits
        sizes[seat] = sizes[seat] - count
        held[rank] = held[rank] - count
        self.out |= suits << (rank * 4)
        if self.events is not None:
            self.emit(PLAYED, seat, -1, self.outside_cards(rank, suits))
        equal = rules.equality and self.beat_seat >= 0 and rank == self.beat_rank
        self.beat_seat = seat
        self.beat_rank = rank
        self.beat_suits = suits
        self.passes = 0
        if count == 4 and rules.revolution:
            self.turn_order_round(seat)
        elif not sizes[seat]:
            self.go_out(seat)
        else:
            tops = hands[seat * R + self.top]
            if tops and POP[tops] == sizes[seat]:
                self.settle_stuck(seat)
        if self.active <= 1:
            self.end_round()
            return
        if rules.top_ends_trick:
            # The highest card still in play (in a hand: the extras are out of play) was played:
            # nobody can beat it and the trick ends at once.
            if not any(held[:rank] if self.revolution else held[rank + 1:]):
                self.emit(UNBEATABLE, seat)
                self.end_trick()
                return
        nxt = left[seat]
        while not sizes[nxt] and nxt != seat:
            nxt = left[nxt]
        if equal:
            # "Equal ranks may be played; the next player is then skipped": as if he passed.
            self.emit(SKIPPED, nxt)
            self.passes = 1
            if 1 >= self.active - (1 if sizes[seat] else 0):
                self.end_trick()
            else:
                self.turn = self.next_active(nxt)
        else:
            self.turn = nxt

    def turn_order_round(self, seat: int) -> None:
        """Under revolution a four reverses the rank order until the round ends or the next
        revolution. Anyone may now hold only the new top rank: it happens to them in turn from
        the player who made it, the first one met placed lowest."""
        self.revolution = not self.revolution
        self.top = self.rules.R - 1 - self.top
        self.emit(REVOLUTION, seat)
        if not self.sizes[seat]:
            self.go_out(seat)
        order = self.order
        i = order.index(seat)
        for s in order[i:] + order[:i]:
            self.settle_stuck(s)

    def next_active(self, seat: int) -> int:
        """The next player on the left who still holds cards."""
        left, sizes = self.left, self.sizes
        candidate = left[seat]
        while not sizes[candidate] and candidate != seat:
            candidate = left[candidate]
        return candidate

    # The end of a trick ---------------------------------------------------------------------------
    def end_trick(self) -> None:
        """The cards leave play and the last to play leads, or, if he has gone out, the next
        player on his left who still has cards."""
        owner = self.beat_seat
        self.beat_seat = -1
        self.beat_rank = 0
        self.beat_suits = 0
        self.passes = 0
        self.turn = owner if self.sizes[owner] else self.next_active(owner)
        if self.events is not None:
            self.emit(TRICK_WON, owner, self.turn)

    # Going out ---------------------------------------------------------------------------------
    def go_out(self, seat: int) -> None:
        """A player who runs out of cards gets the next place, from the President down."""
        self.finished += (seat,)
        self.active -= 1
        self.emit(WENT_OUT, seat)

    def settle_stuck(self, seat: int) -> None:
        """A player left holding only top cards may not go out on them: he is placed last at once
        (a second one just above him) and his cards leave play."""
        top = self.top
        at = seat * self.rules.R + top
        tops = self.hands[at]
        if tops and POP[tops] == self.sizes[seat]:
            self.stuck += (seat,)
            self.active -= 1
            self.out |= tops << (top * 4)
            self.hands[at] = 0
            self.sizes[seat] = 0
            held = self.held
            held[top] = held[top] - POP[tops]
            self.emit(STUCK, seat, -1, self.outside_cards(top, tops))

    # The end of a round, ranks and points --------------------------------------------------------
    def end_round(self) -> None:
        """The round ends when only one player has cards: he is the Arschloch, or takes the place
        left between those out and those stuck with top cards. Every player scores a point for
        every player who finished after him."""
        rules = self.rules
        n, R = rules.n, rules.R
        sizes, hands = self.sizes, self.hands
        rest = tuple(s for s in self.order if sizes[s])
        ranking = self.finished + rest + self.stuck[::-1]
        for s in rest:
            for r in range(R):
                self.out |= hands[s * R + r] << (r * 4)
                hands[s * R + r] = 0
            sizes[s] = 0
        self.held = [0] * R
        # The count of passes is left as it was: a new deal resets it.
        self.beat_seat = -1
        self.beat_rank = 0
        self.beat_suits = 0
        self.finished = ranking
        self.stuck = ()
        self.active = 0
        scores = list(self.scores)
        for place, seat in enumerate(ranking):
            scores[seat] = scores[seat] + (n - 1 - place)
        self.scores = tuple(scores)
        self.ranking = ranking
        self.emit(ROUND_OVER, -1, -1, (), ranking)
        # A match to points ends with the round in which someone reaches them, one of rounds
        # after that many, with both at whichever comes first; without either it is one round.
        if rules.points >= 0:
            over = max(scores) >= rules.points or (rules.rounds >= 0 and self.round >= rules.rounds)
        else:
            over = rules.rounds < 0 or self.round >= rules.rounds
        if over:
            self.phase = OVER
            self.turn = NOBODY
            self.emit(MATCH_OVER)
            return
        if rules.seat_change:
            self.order = ranking  # clockwise in rank order from the President
        self.deal()

    def round_count(self) -> int:
        return self.round

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # The heuristic (medium) -----------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        rules = self.rules
        return heuristic_choice(legal, rules.rank_of_french, self.hands, self.turn * rules.R,
                                rules.R, self.revolution, self.beat_seat < 0,
                                self.sizes[self.turn])

    # What a seat may know ----------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> ArschlochFast:
        """Other hands and face-down extras dealt afresh, as docs/rules/arschloch.md "What the
        computer knows" says: cards the seat gave stay with their receiver, taken face-up extras
        with their taker, the extras it saw or put down in place."""
        det = ArschlochFast(self.rules, Rng(rng.seed()), self)
        rules = self.rules
        n, R = rules.n, rules.R
        sizes = self.sizes
        own = seat * R
        hands = [0] * (n * R)
        hands[own:own + R] = self.hands[own:own + R]
        det.hands = hands
        # The cards the seat cannot see: all but its hand, those out of play and the extras face
        # up or put down by itself.
        seen = self.out
        for r in range(R):
            seen |= hands[own + r] << (r * 4)
        extras = list(self.extras)
        hidden: list[int] = []  # the extras dealt afresh
        for i, up in enumerate(self.extras_up):
            if up or self.put_by[i] == seat:
                seen |= 1 << extras[i]
            else:
                hidden.append(i)
        unseen = rules.all_cards ^ seen
        # Of those, a card the seat gave is with its receiver (who can only give it back to
        # him), a taken extra with its taker. Whether a taker put the very card back face down
        # or handed it on in the exchange he cannot see: so it is kept with the taker whether or
        # not it is really there (keeping it only where it is would tell the seat where it went).
        slots = list(sizes)
        kept: list[int] = []
        if self.taken or self.gave[seat]:
            kept = [0] * n
            for card, holder in self.gave[seat] + self.taken:
                if holder != seat and unseen >> card & 1 and slots[holder]:
                    kept[holder] = kept[holder] | 1 << card
                    unseen ^= 1 << card
                    slots[holder] = slots[holder] - 1
            if self.phase == PLAY:
                # Taken extras that would fill a hand with top cards are not all there: that
                # player would have been placed last. They go back to the pool.
                top = self.top
                for card, holder in self.taken:
                    if (kept[holder] >> card & 1 and not slots[holder]
                            and POP[(kept[holder] >> (top * 4)) & 15] == sizes[holder]):
                        kept[holder] = kept[holder] ^ 1 << card
                        unseen |= 1 << card
                        slots[holder] = slots[holder] + 1
        # The pool in card order, not in the order of where the cards lie: from any deal the
        # seat cannot tell from this one, the same draws deal the same.
        pool: list[int] = []
        cards = rules.cards
        for r in range(R):
            pool += cards[r][(unseen >> (r * 4)) & 15]
        check = self.phase == PLAY
        top = self.top
        tries = 0
        while True:
            rng.shuffle(pool)
            at = 0
            stuck = False
            for s in range(n):
                fresh = slots[s]
                if s == seat or not sizes[s]:
                    continue
                base = s * R
                if kept:
                    keep = kept[s]
                    for r in range(R):
                        hands[base + r] = (keep >> (r * 4)) & 15
                for c in pool[at:at + fresh]:
                    i = base + (c >> 2)
                    hands[i] = hands[i] | 1 << (c & 3)
                at += fresh
                # The seat knows no one still playing holds only top cards: he would be placed
                # last at once.
                if check and POP[hands[base + top]] == sizes[s]:
                    stuck = True
            if not stuck:
                break
            tries += 1
            if tries >= 1000:
                raise NoDeal("no deal fitting the seat's knowledge in 1000 tries")
            for s in range(n):
                if s != seat:
                    hands[s * R:s * R + R] = rules.no_hand
        if hidden:
            # Extras are out of play: a card dealt there leaves the count of its rank in play.
            held = det.held
            for i in hidden:
                r = extras[i] >> 2
                held[r] = held[r] + 1
                extras[i] = pool[at]
                r = pool[at] >> 2
                held[r] = held[r] - 1
                at += 1
            det.extras = tuple(extras)
        return det

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArschlochFast) and self.key() == other.key()


# Every field of a position but its rules, generator and events: what equal positions share, and
# what a pickled readable state keeps (a compiled position does not pickle).
FIELDS: Final = ("chances", "phase", "turn", "round", "order", "left", "scores", "ranking", "hands",
                 "sizes", "held", "out", "extras", "extras_up", "put_by", "taken", "gave", "swaps",
                 "owed", "revolution", "top", "finished", "stuck", "beat_seat", "beat_rank",
                 "beat_suits", "passes", "active")


def start(rules: Rules, rng: Rng, cards: list[int] | None,
          events: list[Event] | None = None) -> ArschlochFast:
    """A new game: round 1 dealt from `cards` (inside cards, top first) or a shuffle."""
    position = ArschlochFast(rules, rng)
    position.events = events
    position.deal(cards)
    return position


# The heuristic (medium), after the seed's beginner tips ---------------------------------------
def _place(rank: int, R: int, revolution: bool) -> int:
    """A rank's place in the order in force, 0 the weakest."""
    return R - 1 - rank if revolution else rank


def heuristic_choice(legal: list[int], of_french: list[int], hands: list[int], base: int,
                     R: int, revolution: bool, leading: bool, size: int) -> int:
    """Shed low cards early, as whole sets when leading; do not break up sets; play the top cards
    in time, since a hand of only top cards is placed last (seed section 9). From what the seat
    to act sees: its hand (`hands[base + rank]`, the nibbles of its R ranks, and its size), the
    order in force and whether it leads; `of_french` gives a french rank's inside rank."""
    top = 0 if revolution else R - 1
    first = legal[0]
    if first >= SWAP:  # take the better extra, put down the weakest card (rare: no hurry)
        return max(legal, key=lambda a: _place(of_french[(a - SWAP) // 52 % 13], R, revolution)
                   - _place(of_french[(a - SWAP) % 52 % 13], R, revolution))
    if first >= GIVE:  # return the lowest cards
        return min(legal, key=lambda a: _place(of_french[(a - GIVE) % 13], R, revolution))
    plays = [a for a in legal if a != PASS]
    if not plays:
        return PASS
    # Top cards win a trick at once; play them before they are all that is left.
    tops = [a for a in plays if of_french[PLAY_FRENCH[a]] == top]
    others = 0
    for r in range(R):
        if r != top and hands[base + r]:
            others += 1
    if tops and others <= POP[hands[base + top]] + 1:
        best = tops[0]
        for a in tops:
            if POP[PLAY_SUITS[a]] > POP[PLAY_SUITS[best]]:
                best = a
        return best
    whole = [a for a in plays
             if POP[PLAY_SUITS[a]] == POP[hands[base + of_french[PLAY_FRENCH[a]]]]]
    if leading:
        if not whole:
            return plays[0]
        # Lead the lowest rank, all of it (a pair or triple is hard to beat).
        best = whole[0]
        for a in whole:
            o = _place(of_french[PLAY_FRENCH[a]], R, revolution)
            b = _place(of_french[PLAY_FRENCH[best]], R, revolution)
            if o < b or (o == b and POP[PLAY_SUITS[a]] > POP[PLAY_SUITS[best]]):
                best = a
        return best
    if whole:
        best = whole[0]
        for a in whole:
            if (_place(of_french[PLAY_FRENCH[a]], R, revolution)
                    < _place(of_french[PLAY_FRENCH[best]], R, revolution)):
                best = a
        # Do not spend a top card on a trick of low cards early in the round.
        if of_french[PLAY_FRENCH[best]] != top or size <= 4:
            return best
    return PASS


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, ArschlochFast, seed)


def census(fast: ArschlochFast) -> list[int]:
    """Every card of the position as outside cards: hands, extras and out of play."""
    rules = fast.rules
    R, outside = rules.R, rules.outside
    cards = [outside[(i % R) * 4 + s] for i, m in enumerate(fast.hands) for s in SUIT_BITS[m]]
    cards += [outside[c] for c in fast.extras]
    cards += [outside[c] for c in range(rules.deck_size) if fast.out >> c & 1]
    return cards
