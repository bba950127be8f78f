"""Arschloch on integers.

Cards. Inside a position a card is `rank * 4 + suit`: the rank counted 0, 1, ... from the lowest in
the normal order of the options (so "higher" is a comparison of numbers, and a revolution only turns
it round), the suit 0..3 for C D H S. Outside (actions, `census`) a card is `french * 4 + suit`,
`french` its index in 23456789TJQKA, so that the integers do not depend on the options.

Hands. `hands[seat * R + rank]` is a nibble: the suits of that rank the seat holds. The readable
game plays the first cards of a rank in suit order, so a play is a rank and the low bits of its
nibble.

Actions. 0 is a pass; a play is `french_rank * 16 + suits` (1..207); a give is `256 + card`; a swap
is `512 + take * 64 + put`.

Fields that change only in the swap and the exchange, or a few times a round (extras, who took and
gave what, places), are tuples replaced whole, so that `copy` shares them.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.hidden import NoDeal
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] | bit`, never `xs[i] |= bit`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
RANKS: Final = "23456789TJQKA"
SUITS: Final = "CDHS"


def card_code(name: str) -> int:
    """The integer of a card name outside a position: 'TH' -> 8 * 4 + 2."""
    return RANKS.index(name[0]) * 4 + SUITS.index(name[1])


PASS: Final = 0
GIVE: Final = 256
SWAP: Final = 512

PLAY: Final = 0
EXCHANGE: Final = 1
SWAPPING: Final = 2
OVER: Final = 3
PHASES: Final[dict[str, int]] = {"play": PLAY, "exchange": EXCHANGE, "swap": SWAPPING,
                                 "over": OVER}

POP: Final[list[int]] = [bin(m).count("1") for m in range(16)]
SUIT_BITS: Final[list[tuple[int, ...]]] = [tuple(s for s in range(4) if m >> s & 1)
                                           for m in range(16)]
HIGH_SUIT: Final[list[int]] = [m.bit_length() - 1 for m in range(16)]


def _low_bits(mask: int, k: int) -> int:
    """The k lowest set bits of mask: the first k cards of a rank."""
    out = 0
    for s in range(4):
        if k and mask >> s & 1:
            out |= 1 << s
            k -= 1
    return out


class Rules:
    """What the options and the player count fix: shared by every position of one game."""

    def __init__(self, players: int, ranks: str, options: dict[str, Any]) -> None:
        self.n = players
        self.ranks = ranks
        self.R = len(ranks)
        self.deck_size = len(ranks) * 4
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
        self.rank_of_french = [-1] * 13
        for r, f in enumerate(french):
            self.rank_of_french[f] = r
        # Inside -> outside card and back.
        self.outside = [french[c >> 2] * 4 + (c & 3) for c in range(self.deck_size)]
        self.inside = [-1] * 52
        for c, o in enumerate(self.outside):
            self.inside[o] = c
        # runs[r][m]: the plays of the first one, two, ... cards of nibble m of rank r.
        self.runs: list[list[tuple[int, ...]]] = [
            [tuple(french[r] * 16 + _low_bits(m, k) for k in range(1, POP[m] + 1))
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
            [tuple(GIVE + french[r] * 4 + s for s in SUIT_BITS[m]) for m in range(16)]
            for r in range(self.R)]


_RULES: dict[tuple[object, ...], Rules] = {}


def rules_of(game: Any) -> Rules:
    key = (game.players, tuple(sorted(game.options.items())))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules(game.players, game.ranks, dict(game.options))
    return rules


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
    beat_count: int
    passes: int
    active: int  # players still holding cards

    def __init__(self, rules: Rules, rng: Rng, src: ArschlochFast | None = None) -> None:
        self.rules = rules
        self.players = rules.n
        self.rng = rng
        if src is None:
            n = rules.n
            self.chances = 0
            self.phase = PLAY
            self.turn = 0
            self.round = 0
            self.order = tuple(range(n))
            self.left = tuple((s + 1) % n for s in range(n))
            self.scores = (0,) * n
            self.ranking = ()
            self.hands = [0] * (n * rules.R)
            self.sizes = [0] * n
            self.held = [0] * rules.R
            self.out = 0
            self.extras = ()
            self.extras_up = ()
            self.put_by = ()
            self.taken = ()
            self.gave = ((),) * n
            self.swaps = ()
            self.owed = ()
            self.revolution = False
            self.top = rules.R - 1
            self.finished = ()
            self.stuck = ()
            self.beat_seat = -1
            self.beat_rank = 0
            self.beat_count = 0
            self.passes = 0
            self.active = 0
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
        self.beat_count = src.beat_count
        self.passes = src.passes
        self.active = src.active

    def copy(self) -> ArschlochFast:
        return ArschlochFast(self.rules, self.rng, self)

    def to_act(self) -> int:
        return self.turn

    # Deal -------------------------------------------------------------------------------------
    def deal(self) -> None:
        """One by one clockwise from the dealer's left; the rest are the extras."""
        rules = self.rules
        n, R, per = rules.n, rules.R, rules.per
        cards = list(range(rules.deck_size))
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
        # Round 1 the extras stay face down; later rounds of the Skat deal they lie face up.
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
        self.beat_count = 0
        self.passes = 0
        self.active = n
        self.out = 0
        if not self.ranking:
            # The holder of the lowest club in play opens round 1.
            for r in range(R):
                for s in range(n):
                    if hands[s * R + r] & 1:
                        self.phase = PLAY
                        self.turn = s
                        return
        if skat_extras and n >= 5:
            # 3rd place swaps with the face-up extras first, then 4th place.
            self.swaps = (self.ranking[2], self.ranking[3])
            self.phase = SWAPPING
            self.turn = self.swaps[0]
        else:
            self.start_exchange()

    # Swap and exchange (round 2 on) -------------------------------------------------------------
    def swap(self, action: int) -> None:
        """Take a face-up extra and put a card face down in its place (maybe the one taken)."""
        rules = self.rules
        seat = self.turn
        take = rules.inside[(action - SWAP) >> 6]
        put = rules.inside[(action - SWAP) & 63]
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
        self.swaps = self.swaps[1:]
        if self.swaps:
            self.turn = self.swaps[0]
        else:
            self.start_exchange()

    def start_exchange(self) -> None:
        """The Arschloch hands the President his two highest cards, the Vice-Arschloch the
        Vice-President one (with 3 players one card only); they give as many back, by choice."""
        r, n = self.ranking, self.rules.n
        pairs = [(r[-1], r[0], 1 if n == 3 else 2)]
        if n >= 4:
            pairs.append((r[-2], r[1], 1))
        R = self.rules.R
        hands = self.hands
        for low, high, count in pairs:
            for _ in range(count):
                # The highest card, the last in the hand.
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
            self.phase = PLAY  # the Arschloch opens from round 2
            self.turn = self.ranking[-1]

    # Play -------------------------------------------------------------------------------------
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
                need = self.beat_count
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
                plays.append(PASS)
            size = self.sizes[seat]
            if POP[hands[base + self.top]] == size:
                # Only a position set up by hand holds only top cards here: it may not go out.
                plays = [a for a in plays if a == PASS or POP[a & 15] < size]
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
                    swaps.append(SWAP + take * 65)
                    swaps += [SWAP + take * 64 + put for put in hand]
            return swaps
        return []

    def plays_and_bombs(self, plays: list[int], base: int, need: int, floor: int) -> None:
        """Under bomb a four-of-a-kind beats any play (a four only with bomb_on_bomb=any)."""
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
            self.passes += 1
            if self.passes >= self.active - (1 if sizes[self.beat_seat] else 0):
                self.end_trick()
            else:
                nxt = left[seat]
                while not sizes[nxt] and nxt != seat:
                    nxt = left[nxt]
                self.turn = nxt
            return
        rules = self.rules
        R = rules.R
        rank = rules.rank_of_french[action >> 4]
        suits = action & 15
        count = POP[suits]
        hands, held = self.hands, self.held
        at = seat * R + rank
        hands[at] = hands[at] ^ suits
        sizes[seat] = sizes[seat] - count
        held[rank] = held[rank] - count
        self.out |= suits << (rank * 4)
        equal = rules.equality and self.beat_seat >= 0 and rank == self.beat_rank
        self.beat_seat = seat
        self.beat_rank = rank
        self.beat_count = count
        self.passes = 0
        if count == 4 and rules.revolution:
            self.revolution = not self.revolution
            self.top = R - 1 - self.top
            if not sizes[seat]:
                self.finished += (seat,)
                self.active -= 1
            # Anyone may now hold only the new top rank: placed in turn from the one who made it.
            order = self.order
            i = order.index(seat)
            for s in order[i:] + order[:i]:
                self.settle_stuck(s)
        elif not sizes[seat]:
            self.finished += (seat,)
            self.active -= 1
        else:
            tops = hands[seat * R + self.top]
            if tops and POP[tops] == sizes[seat]:
                self.settle_stuck(seat)
        if self.active <= 1:
            self.end_round()
            return
        if rules.top_ends_trick:
            # The highest card still in a hand was played: nobody can answer it.
            if not any(held[:rank] if self.revolution else held[rank + 1:]):
                self.end_trick()
                return
        nxt = left[seat]
        while not sizes[nxt] and nxt != seat:
            nxt = left[nxt]
        if equal:
            # The next player is skipped, as if he passed.
            self.passes = 1
            if 1 >= self.active - (1 if sizes[seat] else 0):
                self.end_trick()
            else:
                self.turn = self.next_active(nxt)
        else:
            self.turn = nxt

    def settle_stuck(self, seat: int) -> None:
        """A hand of only top cards is placed last at once and its cards leave play."""
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

    def next_active(self, seat: int) -> int:
        left, sizes = self.left, self.sizes
        candidate = left[seat]
        while not sizes[candidate] and candidate != seat:
            candidate = left[candidate]
        return candidate

    def end_trick(self) -> None:
        """The last to play leads, or the next player on his left with cards if he is out."""
        owner = self.beat_seat
        self.beat_seat = -1
        self.beat_rank = 0
        self.beat_count = 0
        self.passes = 0
        self.turn = owner if self.sizes[owner] else self.next_active(owner)

    # Ranking and points -------------------------------------------------------------------------
    def end_round(self) -> None:
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
        # As the readable game: the count of passes is left as it was.
        self.beat_seat = -1
        self.beat_rank = 0
        self.beat_count = 0
        self.finished = ranking
        self.stuck = ()
        self.active = 0
        scores = list(self.scores)
        for place, seat in enumerate(ranking):
            scores[seat] = scores[seat] + (n - 1 - place)
        self.scores = tuple(scores)
        self.ranking = ranking
        if rules.points >= 0:
            over = max(scores) >= rules.points or (rules.rounds >= 0 and self.round >= rules.rounds)
        else:
            over = rules.rounds < 0 or self.round >= rules.rounds
        if over:
            self.phase = OVER
            self.turn = NOBODY
            return
        if rules.seat_change:
            self.order = ranking
        self.deal()

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # What a seat may know -------------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> ArschlochFast:
        """Other hands and face-down extras dealt afresh; cards the seat gave stay with their
        receiver, taken face-up extras with their taker, the extras it saw or put down in place."""
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
        # not it is really there. (The readable determinize keeps it only where it really is,
        # which tells the seat where the card went.)
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
        return (self.chances, self.phase, self.turn, self.round, self.order, self.left,
                self.scores, self.ranking, tuple(self.hands), tuple(self.sizes),
                tuple(self.held), self.out, self.extras, self.extras_up, self.put_by, self.taken,
                self.gave, self.swaps, self.owed, self.revolution, self.top, self.finished,
                self.stuck, self.beat_seat, self.beat_rank, self.beat_count, self.passes,
                self.active)


# The readable game's positions and actions --------------------------------------------------------
def twin(state: Any, seed: int) -> ArschlochFast | None:
    game = state.game
    if game.info.id != "arschloch":
        return None
    rules = rules_of(game)
    rank_of = game.rank_of
    R = rules.R

    def inside(name: str) -> int:
        return int(rank_of[name]) * 4 + SUITS.index(name[1])

    fast = ArschlochFast(rules, Rng(seed))
    fast.chances = state.round
    fast.phase = PHASES[state.phase]
    fast.turn = NOBODY if state.phase == "over" else state.to_act
    fast.round = state.round
    fast.order = tuple(state.order)
    fast.left = tuple(state.left)
    fast.scores = tuple(state.scores)
    fast.ranking = tuple(state.ranking) if state.ranking is not None else ()
    hands = [0] * (rules.n * R)
    for s, hand in enumerate(state.hands):
        for r, same in enumerate(hand):
            for name in same:
                hands[s * R + r] |= 1 << SUITS.index(name[1])
    fast.hands = hands
    fast.sizes = list(state.sizes)
    fast.held = list(state.held)
    out = 0
    for name in state.out_of_play:
        out |= 1 << inside(name)
    fast.out = out
    fast.extras = tuple(inside(c) for c in state.extras)
    fast.extras_up = tuple(bool(up) for up in state.extras_up)
    fast.put_by = tuple(-1 if by is None else by for by in state.extras_put_by)
    fast.taken = tuple((inside(c), s) for c, s in state.taken.items())
    fast.gave = tuple(tuple((inside(c), r) for c, r in g.items()) for g in state.gave)
    fast.swaps = tuple(state.swaps)
    fast.owed = tuple(tuple(g) for g in state.gives)
    fast.revolution = bool(state.revolution)
    fast.top = state.top
    fast.finished = tuple(state.finished)
    fast.stuck = tuple(state.stuck)
    if state.beat is None:
        fast.beat_seat, fast.beat_rank, fast.beat_count = -1, 0, 0
    else:
        seat, play = state.beat
        fast.beat_seat, fast.beat_rank, fast.beat_count = seat, rank_of[play.cards[0]], len(
            play.cards)
    fast.passes = state.passes
    fast.active = rules.n - len(state.finished) - len(state.stuck)
    return fast


def encode(action: Any) -> int:
    kind = type(action).__name__
    if kind == "Pass":
        return PASS
    if kind == "Play":
        suits = 0
        for name in action.cards:
            suits |= 1 << SUITS.index(name[1])
        return RANKS.index(action.cards[0][0]) * 16 + suits
    if kind == "Give":
        return GIVE + card_code(action.card)
    if kind == "Swap":
        return SWAP + card_code(action.take) * 64 + card_code(action.put)
    raise ValueError(f"{action!r} is not an Arschloch action")


def census(fast: ArschlochFast) -> list[int]:
    rules = fast.rules
    R, outside = rules.R, rules.outside
    cards = [outside[r * 4 + s] for i, m in enumerate(fast.hands) for r in (i % R,)
             for s in SUIT_BITS[m]]
    cards += [outside[c] for c in fast.extras]
    cards += [outside[c] for c in range(rules.deck_size) if fast.out >> c & 1]
    return cards
