"""Viashilym (Double-Viashi) on integers: the twin of the readable game in
parlour/games/viashi.py for six players, both values of `elvish` (`eights` only names cards).

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods (45 the Lady .. 53 the Changeling), so that the gods are the sixth
suit and a suit is a 9-bit chunk of a 54-bit mask. The deck holds every card twice, so a place
that may hold both copies (a hand, a table, a seat's owned cards, the dead cards) is two masks:
`...1` the cards it holds at least once, `...2` those it holds twice (always within `...1`).
The pile is a list, its top last. An action is the readable game's `action_id`: the card put
face up in the draw, 54 + card played from the hand, 108 + card played from the table.

Elvish strength sorts a suit Queen first and the gods Lady first, so the readable order of a
hand or table is card order; a double deck's two copies are one move, so a legal list is the
`...1` mask's cards, a few lookups per suit chunk.

A match is one hand: the readable generator is drawn once, by the deal, so `chances` is 1 from
the start and the twin meets no chance event in `step`.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from ..games.viashi import _bonus  # the scoring of captives, once
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
SEATS: Final = 6
TEAMS: Final = 3  # partners sit opposite: seats t and t + 3
N_CARDS: Final = 54
ALL: Final = (1 << N_CARDS) - 1
HAND: Final = 54  # action offset of a play from the hand
TABLE: Final = 108  # action offset of a play from the table
GODS: Final = 45  # the gods' chunk: bit k is the god of rank k + 1
LADY_AND_CHANGELING: Final = 1 | 1 << 8  # within the gods' chunk
CHANGELING: Final = 53
OVER_ACTOR: Final[int] = NOBODY
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(VIASHI_CARDS)}

DRAW: Final = 0
PLAY: Final = 1
OVER: Final = 2
PHASES: Final[dict[str, int]] = {"draw": DRAW, "play": PLAY, "over": OVER}


def card_of(name: str) -> int:
    """The integer of a readable card name ("1W", "Lady")."""
    return CARD[name]


# Per suit * 512 + chunk: the chunk's cards in card order, and as plays from hand and table.
CARDS: Final[list[tuple[int, ...]]] = [tuple(suit * 9 + bit for bit in range(9) if chunk >> bit & 1)
                                for suit in range(6) for chunk in range(512)]
FROM_HAND: Final[list[tuple[int, ...]]] = [tuple(HAND + c for c in cards) for cards in CARDS]
FROM_TABLE: Final[list[tuple[int, ...]]] = [tuple(TABLE + c for c in cards) for cards in CARDS]
# Per suit * 512 + chunk of the live cards of the lead suit: the card that captures (-1: none),
# the strongest, or the Fool when the strongest is the Queen.
BEST: Final[list[int]] = []
for _suit in range(6):
    for _chunk in range(512):
        _cards = CARDS[_suit * 512 + _chunk]
        _best = _cards[0] if _cards else -1
        if _suit < 5 and _chunk & 1 and _chunk >> 8 & 1:
            _best = _suit * 9 + 8
        BEST.append(_best)
NEXT: Final[list[int]] = [(s + 1) % SEATS for s in range(SEATS)]


def _add(out: list[int], mask: int, table: list[tuple[int, ...]]) -> None:
    """Appends every card of `mask` to `out` as `table` lists it (a card or a play), in card
    order. (Unrolled over the six chunks it is 3% faster in pure Python but as much slower
    compiled, where extending by an empty chunk is not free.)"""
    base = 0
    while mask:
        chunk = mask & 511
        if chunk:
            out.extend(table[base + chunk])
        mask >>= 9
        base += 512


def _all(mask: int, table: list[tuple[int, ...]]) -> list[int]:
    """Every card of `mask` as `table` lists it, in card order."""
    out: list[int] = []
    _add(out, mask, table)
    return out


def _leads(hand: int, table: int) -> list[int]:
    """Every play that may lead a capture: the hand's then the table's, in one list."""
    out: list[int] = []
    _add(out, hand, FROM_HAND)
    _add(out, table, FROM_TABLE)
    return out


def _taker(lead: int, live: int) -> int:
    """The card that makes the capture among the `live` cards of a capture led with `lead`
    (-1: none can). Two identical cards cancel: only cards played once are live."""
    gods = live >> GODS
    if gods:
        # The top god captures; the Changeling captures the Lady.
        if gods & LADY_AND_CHANGELING == LADY_AND_CHANGELING:
            return CHANGELING
        return GODS + (gods & -gods).bit_length() - 1
    suit = lead // 9
    return BEST[suit * 512 + (live >> suit * 9 & 511)]


def _fill(cards: list[int]) -> tuple[int, int]:
    """The two masks of a list of cards."""
    once = twice = 0
    for card in cards:
        bit = 1 << card
        if once & bit:
            twice |= bit
        else:
            once |= bit
    return once, twice


class ViashilymFast(FastState):
    """A hand of Viashilym: the draw (two cards a turn, one up to the table, one down to the
    hand, never a card already tabled unless both are), the play (18 captures, twins in one
    cancelling), the team scoring."""

    def __init__(self, elvish: bool, rng: Rng, chances: int, phase: int, actor: int,
                 drawer: int, drawn_a: int, drawn_b: int, drawn_public: bool, pile: list[int],
                 tabled: int, hand1: list[int], hand2: list[int], table1: list[int],
                 table2: list[int], revealed: list[int], owned1: list[int], owned2: list[int],
                 tricks: list[int], dead1: int, dead2: int, trick: list[int], leader: int,
                 from_table: bool, scores: list[int]) -> None:
        self.players = SEATS
        self.elvish = elvish  # nobody looks at his own hand until the draw ends
        self.rng = rng
        self.chances = chances
        self.phase = phase
        self.actor = actor  # the seat to act, NOBODY when over
        self.drawer = drawer
        self.drawn_a = drawn_a  # the drawer's two cards, in the order drawn (-1: none)
        self.drawn_b = drawn_b
        self.drawn_public = drawn_public  # both already tabled: shown, and either may go up
        self.pile = pile
        self.tabled = tabled  # every card put on a table this hand
        self.hand1 = hand1  # face down
        self.hand2 = hand2
        self.table1 = table1  # face up
        self.table2 = table2
        self.revealed = revealed  # hand cards shown to all in a public draw
        self.owned1 = owned1  # cards of the captures made
        self.owned2 = owned2
        self.tricks = tricks
        self.dead1 = dead1  # cards of the captures nobody could make
        self.dead2 = dead2
        self.trick = trick  # the capture's cards, the leader's first
        self.suit = trick[0] // 9 if trick else -1  # the led suit's (kept for legal)
        self.leader = leader  # -1 during the draw
        self.from_table = from_table  # where the capture is played from
        self.scores = scores

    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        if self.phase == PLAY:
            seat = self.actor
            suit = self.suit
            if suit >= 0:
                if self.from_table:
                    mask = self.table1[seat]
                    plays = FROM_TABLE
                else:
                    mask = self.hand1[seat]
                    plays = FROM_HAND
                chunk = mask >> suit * 9 & 511
                if chunk:
                    return list(plays[suit * 512 + chunk])  # follow suit (a god calls a god)
                return _all(mask, plays)
            return _leads(self.hand1[seat], self.table1[seat])
        if self.phase == DRAW:
            a = self.drawn_a
            b = self.drawn_b
            if a == b:
                return [a]
            if not self.drawn_public:
                # Never a card to the table that is already on one.
                tabled = self.tabled
                if tabled >> a & 1:
                    return [b]
                if tabled >> b & 1:
                    return [a]
            return [a, b]
        return []

    # A mask in a list is updated as `masks[seat] = mask | bit`, never `masks[seat] |= bit`:
    # mypyc compiles the augmented form to a generic operation on boxed ints.
    def step(self, action: int) -> None:
        seat = self.actor
        if action < HAND:
            # The draw: `action` goes up to the table, the other card down to the hand.
            a = self.drawn_a
            down = self.drawn_b if action == a else a
            bit = 1 << action
            tabled = self.tabled | bit
            self.tabled = tabled
            once = self.table1
            held = once[seat]
            if held & bit:
                twice = self.table2
                twice[seat] = twice[seat] | bit
            else:
                once[seat] = held | bit
            bit = 1 << down
            once = self.hand1
            held = once[seat]
            if held & bit:
                twice = self.hand2
                twice[seat] = twice[seat] | bit
            else:
                once[seat] = held | bit
            if self.drawn_public:
                shown = self.revealed
                shown[seat] = shown[seat] | bit
            seat = seat + 1 if seat < SEATS - 1 else 0
            self.drawer = seat
            pile = self.pile
            if pile:
                a = pile.pop()
                b = pile.pop()
                self.drawn_a = a
                self.drawn_b = b
                self.drawn_public = a != b and tabled >> a & 1 == 1 and tabled >> b & 1 == 1
                self.actor = seat
                return
            # "The last person to draw is the first person to play."
            self.phase = PLAY
            self.drawn_a = self.drawn_b = -1
            self.drawn_public = False
            self.leader = self.actor = seat - 1 if seat else SEATS - 1
            return
        # The play: one copy of the card leaves the hand or the table.
        trick = self.trick
        if action >= TABLE:
            card = action - TABLE
            bit = 1 << card
            twice = self.table2
            held = twice[seat]
            if held & bit:
                twice[seat] = held ^ bit
            else:
                once = self.table1
                once[seat] = once[seat] ^ bit
            if not trick:
                self.from_table = True
                self.suit = card // 9
        else:
            card = action - HAND
            bit = 1 << card
            twice = self.hand2
            held = twice[seat]
            if held & bit:
                twice[seat] = held ^ bit
            else:
                once = self.hand1
                once[seat] = once[seat] ^ bit
            shown = self.revealed
            held = shown[seat]
            if held & bit:
                shown[seat] = held ^ bit  # shown cards are those still in the hand
            if not trick:
                self.from_table = False
                self.suit = card // 9
        trick.append(card)
        if len(trick) < SEATS:
            self.actor = seat + 1 if seat < SEATS - 1 else 0
            return
        self._end_trick()

    # The play ----------------------------------------------------------------------------------
    def _end_trick(self) -> None:
        trick = self.trick
        once = twice = 0
        for card in trick:
            bit = 1 << card
            if once & bit:
                twice |= bit
            else:
                once |= bit
        best = _taker(trick[0], once ^ twice)
        leader = self.leader
        if best < 0:
            # Nobody can take it: the cards leave play unscored and the leader leads again.
            dead1 = self.dead1
            self.dead2 |= twice | (dead1 & once)
            self.dead1 = dead1 | once
        else:
            leader = (leader + trick.index(best)) % SEATS
            self.leader = leader
            owned1 = self.owned1
            had = owned1[leader]
            owned2 = self.owned2
            owned2[leader] = owned2[leader] | twice | (had & once)
            owned1[leader] = had | once
            tricks = self.tricks
            tricks[leader] = tricks[leader] + 1
        self.actor = leader
        self.trick = []
        self.suit = -1
        if not self.hand1[leader] and not self.table1[leader]:
            self._end_hand()

    # Scoring -----------------------------------------------------------------------------------
    def hand_points(self) -> list[int]:
        """Each seat's team's points: five a trick, 5 for the most captives or 10 for more than
        both other teams together, one per twin set owned."""
        tricks = [self.tricks[t] + self.tricks[t + TEAMS] for t in range(TEAMS)]
        # Captives are five a trick: comparing tricks compares captives.
        bonus: list[int] = _bonus(tricks, 5, 10)
        owned1 = self.owned1
        owned2 = self.owned2
        points = []
        for t in range(TEAMS):
            pairs = owned2[t] | owned2[t + TEAMS] | (owned1[t] & owned1[t + TEAMS])
            points.append(5 * tricks[t] + bonus[t] + pairs.bit_count())
        return points + points

    def _end_hand(self) -> None:
        points = self.hand_points()
        for s in range(SEATS):
            self.scores[s] += points[s]
        self.phase = OVER
        self.actor = OVER_ACTOR

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # Search ------------------------------------------------------------------------------------
    def copy(self) -> ViashilymFast:
        return ViashilymFast(self.elvish, self.rng, self.chances, self.phase, self.actor,
                             self.drawer, self.drawn_a, self.drawn_b, self.drawn_public,
                             self.pile[:], self.tabled, self.hand1[:], self.hand2[:],
                             self.table1[:], self.table2[:], self.revealed[:], self.owned1[:],
                             self.owned2[:], self.tricks[:], self.dead1, self.dead2,
                             self.trick[:], self.leader, self.from_table, self.scores[:])

    def determinize(self, seat: int, rng: Rng) -> ViashilymFast:
        """The pile, the other hands (their shown cards kept) and another drawer's hidden pair
        dealt afresh; under the elvish rule, while the draw lasts, the seat's own hand too."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hand1 = twin.hand1
        hand2 = twin.hand2
        revealed = self.revealed
        draw = self.phase == DRAW
        own_too = draw and self.elvish
        pair = self.drawn_a >= 0 and self.drawer != seat and not self.drawn_public
        # The unseen cards as a multiset (`once`, `twice`), so that where they really lie
        # cannot steer the deal.
        if draw:
            # All but the tables, the shown cards, the seat's own hand (unless elvish) and a
            # pair it sees: nothing is owned or dead yet.
            seen1 = seen2 = 0
            for s in range(SEATS):
                a1 = self.table1[s]
                a2 = self.table2[s]
                seen2 |= a2 | (seen1 & a1)
                seen1 |= a1
                a1 = revealed[s]
                seen2 |= seen1 & a1
                seen1 |= a1
            if not own_too:
                a1 = hand1[seat] ^ revealed[seat]
                seen2 |= hand2[seat] | (seen1 & a1)
                seen1 |= a1
            if not pair and self.drawn_a >= 0:
                a1, a2 = _fill([self.drawn_a, self.drawn_b])
                seen2 |= a2 | (seen1 & a1)
                seen1 |= a1
            once = ALL ^ seen2
            twice = ALL ^ seen1
        else:
            once = twice = 0
            for s in range(SEATS):
                if s != seat:
                    a1 = hand1[s] ^ revealed[s]
                    twice |= hand2[s] | (once & a1)
                    once |= a1
        pool = _all(once, CARDS) + _all(twice, CARDS)
        rng.shuffle(pool)
        i = 0
        for s in range(SEATS):
            if s != seat or own_too:
                shown = revealed[s]
                end = i + hand1[s].bit_count() + hand2[s].bit_count() - shown.bit_count()
                a1, a2 = _fill(pool[i:end])
                # A shown card's twin is on a table or played: never also in the pool.
                hand1[s] = a1 | shown
                hand2[s] = a2
                i = end
        if pair:
            twin.drawn_a = pool[i]
            twin.drawn_b = pool[i + 1]
            i += 2
        twin.pile = pool[i:]
        return twin

    def key(self) -> tuple[object, ...]:
        return (self.elvish, self.chances, self.phase, self.actor, self.drawer, self.drawn_a,
                self.drawn_b, self.drawn_public, tuple(self.pile), self.tabled,
                tuple(self.hand1), tuple(self.hand2), tuple(self.table1), tuple(self.table2),
                tuple(self.revealed), tuple(self.owned1), tuple(self.owned2),
                tuple(self.tricks), self.dead1, self.dead2, tuple(self.trick), self.leader,
                self.from_table, tuple(self.scores))


# The readable game's side ------------------------------------------------------------------------
def twin(state: Any, seed: int) -> ViashilymFast | None:
    game = state.game
    if game.info.id != "viashilym" or game.players != SEATS:
        return None
    phase = PHASES[state.phase]
    drawn = state.drawn
    hands = [_fill([card_of(c) for c in h]) for h in state.hands]
    tables = [_fill([card_of(c) for c in t]) for t in state.tables]
    owned = [_fill([card_of(c) for c in o]) for o in state.owned]
    dead1, dead2 = _fill([card_of(c) for c in state.dead])
    tabled = 0
    for name in state.tabled:
        tabled |= 1 << card_of(name)
    revealed = []
    for shown in state.revealed:
        mask = 0
        for name in shown:
            mask |= 1 << card_of(name)
        revealed.append(mask)
    return ViashilymFast(
        bool(game.options["elvish"]), Rng(seed), state.hand_no, phase,
        NOBODY if phase == OVER else state.to_act, state.drawer,
        card_of(drawn[0]) if drawn is not None else -1,
        card_of(drawn[1]) if drawn is not None else -1, bool(state.drawn_public),
        [card_of(c) for c in state.pile], tabled, [h[0] for h in hands], [h[1] for h in hands],
        [t[0] for t in tables], [t[1] for t in tables], revealed, [o[0] for o in owned],
        [o[1] for o in owned], list(state.tricks), dead1, dead2,
        [card_of(c) for _, c in state.trick], -1 if state.leader is None else state.leader,
        bool(state.source_table), list(state.scores))


def encode(action: Any) -> int:
    card = card_of(action.card)
    if hasattr(action, "table"):
        return card + (TABLE if action.table else HAND)
    return card


def census(fast: ViashilymFast) -> list[int]:
    cards = list(fast.pile) + list(fast.trick)
    if fast.drawn_a >= 0:
        cards += [fast.drawn_a, fast.drawn_b]
    masks = [fast.dead1, fast.dead2]
    masks += fast.hand1 + fast.hand2 + fast.table1 + fast.table2 + fast.owned1 + fast.owned2
    for mask in masks:
        cards += _all(mask, CARDS)
    return cards
