"""Viashi and Vashy on integers (the twin of parlour/games/viashi.py; Viashilym's double deck is
not covered).

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods (45 the Lady .. 53 the Changeling), so that a card's suit is card // 9
and the gods are the sixth suit. Hands, tables and owned cards are 54-bit masks; a suit is a
9-bit chunk of a mask. The pile is a list, its top last. An action is the readable game's
`action_id`: the card put face up in the draw, 54 + card played from the hand, 108 + card played
from the table.

Within a suit the readable game sorts hands and tables strongest first (Viashi: Queen first;
Vashy: King, then Queen), and offers moves in that order: the per-chunk tables below hold each
suit's cards in that order, so a legal list is a few table lookups.

`chances` counts the deals (one per hand, the first included) and the handicapped draws split at
random: the only draws of the readable game's generator.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.cards import VIASHI_CARDS
from ..games.viashi import _bonus  # the scoring of captives, once
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A mask in a list is updated as `masks[s] = masks[s] | bit`, never `masks[s] |= bit`: mypyc
# compiles the augmented form to generic arithmetic on boxed ints.
N_CARDS: Final = 54
ALL: Final = (1 << N_CARDS) - 1
HAND: Final = 54  # action offset of a play from the hand
TABLE: Final = 108  # action offset of a play from the table
GOD: Final = 5  # the gods' suit
LADY: Final = 45
CHANGELING: Final = 53
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(VIASHI_CARDS)}
SCHOLARS: Final = sum(1 << (suit * 9 + 7) for suit in range(5))  # the 8s, a point each in Viashi

DRAW: Final = 0
PLAY: Final = 1
OVER: Final = 2


def card_of(name: str) -> int:
    """The integer of a readable card name ("1W", "Lady")."""
    return CARD[name]


def _power(rank: int, king_high: bool) -> int:
    """A suit card's power within its suit (higher is stronger), as tricks.strength_table."""
    if king_high and rank <= 2:
        return 9 if rank == 2 else 8
    return 10 - rank


def _suit_order(suit: int, king_high: bool) -> list[int]:
    """The ranks (0-based bit numbers) of a suit strongest first: the readable sort order."""
    if suit == GOD:
        return list(range(9))  # the Lady first, whatever the suits' order
    return sorted(range(9), key=lambda bit: -_power(bit + 1, king_high))


class Rules:
    """What a game id and its options fix: built once per option set, shared by every position."""

    def __init__(self, king_high: bool, fool_takes: int, vashy: bool, hands_total: int,
                 elvish: bool, handicap: bool, handicap_tie_none: bool, tie_bonus: str) -> None:
        self.vashy = vashy
        self.hands_total = hands_total
        self.elvish = elvish
        self.handicap = handicap
        self.handicap_tie_none = handicap_tie_none
        self.tie_bonus = tie_bonus
        # Per suit * 512 + chunk: the chunk's cards in the readable order, as cards and as plays.
        self.cards: list[tuple[int, ...]] = []
        self.from_hand: list[tuple[int, ...]] = []
        self.from_table: list[tuple[int, ...]] = []
        # Per suit * 512 + chunk of a trick's cards of the lead suit: the card that captures,
        # the Fool's taking of the Queen (Vashy: the King) included.
        self.best: list[int] = []
        for suit in range(6):
            order = _suit_order(suit, king_high)
            for chunk in range(512):
                cards = tuple(suit * 9 + bit for bit in order if chunk >> bit & 1)
                self.cards.append(cards)
                self.from_hand.append(tuple(HAND + c for c in cards))
                self.from_table.append(tuple(TABLE + c for c in cards))
                best = cards[0] if cards else -1
                if suit != GOD and cards and best % 9 == fool_takes - 1 and chunk >> 8 & 1:
                    best = suit * 9 + 8
                self.best.append(best)


_RULES: dict[tuple[object, ...], Rules] = {}


def _rules(game: Any) -> Rules | None:
    gid = game.info.id
    options = game.options
    if gid == "viashi":
        key: tuple[object, ...] = (gid, options["round"], options["handicap"],
                                   options["handicap_tie"], options["elvish"])
    elif gid == "vashy":
        key = (gid, options["set"], options["tie_bonus"], options["elvish"])
    else:
        return None
    if game.players != 3:
        return None
    rules = _RULES.get(key)
    if rules is None:
        if gid == "viashi":
            rules = Rules(False, 1, False, 9 if options["round"] else 1, bool(options["elvish"]),
                          bool(options["handicap"]), options["handicap_tie"] == "none", "none")
        else:
            rules = Rules(True, 2, True, 3 if options["set"] else 1, bool(options["elvish"]),
                          False, False, str(options["tie_bonus"]))
        _RULES[key] = rules
    return rules


class ViashiFast(FastState):
    """A hand of Viashi or Vashy: the draw (two cards a turn, one up to the table, one down to
    the hand), the play (captures led from hand or table), the scoring, the next deal."""

    def __init__(self, rules: Rules, rng: Rng, chances: int, phase: int, actor: int,
                 hand_no: int, drawer: int, drawn_a: int, drawn_b: int, pile: list[int],
                 hands: list[int], tables: list[int], owned: list[int], tricks: list[int],
                 trick: list[int], leader: int, from_table: bool, scores: list[int],
                 streak: list[int], random_draws: list[int]) -> None:
        self.rules = rules
        self.players = 3
        self.rng = rng
        self.chances = chances
        self.phase = phase
        self.actor = actor  # the seat to act, NOBODY when over
        self.hand_no = hand_no  # hands dealt
        self.drawer = drawer
        self.drawn_a = drawn_a  # the drawer's two cards (-1: none drawn)
        self.drawn_b = drawn_b
        self.pile = pile
        self.hands = hands  # face down
        self.tables = tables  # face up
        self.owned = owned  # cards of the captures made
        self.tricks = tricks
        self.trick = trick  # the capture's cards, the leader's first
        self.leader = leader  # -1 during the draw
        self.from_table = from_table  # where the capture is played from
        self.scores = scores
        self.streak = streak  # hands won in a row (the handicap)
        self.random_draws = random_draws  # handicapped draws still to split at random

    # The draw ------------------------------------------------------------------------------
    def _deal(self) -> None:
        pile = list(range(N_CARDS))
        self.rng.shuffle(pile)
        self.chances += 1
        self.hand_no += 1
        self.pile = pile
        self.drawer = (self.hand_no - 1) % 3
        self.drawn_a = self.drawn_b = -1
        self.hands = [0, 0, 0]
        self.tables = [0, 0, 0]
        self.owned = [0, 0, 0]
        self.tricks = [0, 0, 0]
        self.trick = []
        self.from_table = False
        self.leader = self.actor = -1
        self.phase = DRAW
        if self.rules.handicap:
            self.random_draws = [min(s, 3) for s in self.streak]
        else:
            self.random_draws = [0, 0, 0]
        self._next_draw()

    def _next_draw(self) -> None:
        pile = self.pile
        while pile:
            seat = self.drawer
            a = pile.pop()
            b = pile.pop()
            random_draws = self.random_draws
            if random_draws[seat] > 0:
                # The handicap: this draw is split by chance, not by the drawer.
                random_draws[seat] = random_draws[seat] - 1
                self.chances += 1
                if self.rng.below(2):
                    a, b = b, a
                tables, hands = self.tables, self.hands
                tables[seat] = tables[seat] | 1 << a
                hands[seat] = hands[seat] | 1 << b
                self.drawer = (seat + 1) % 3
                continue
            self.drawn_a = a
            self.drawn_b = b
            self.actor = seat
            return
        # "The last person to draw is the first person to play."
        self.phase = PLAY
        self.drawn_a = self.drawn_b = -1
        self.leader = self.actor = (self.drawer + 2) % 3

    # The contract ----------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        if self.phase == PLAY:
            seat = self.actor
            trick = self.trick
            if trick:
                if self.from_table:
                    mask = self.tables[seat]
                    plays = self.rules.from_table
                else:
                    mask = self.hands[seat]
                    plays = self.rules.from_hand
                suit = trick[0] // 9
                chunk = (mask >> (suit * 9)) & 511
                if chunk:
                    return list(plays[suit * 512 + chunk])  # follow suit (a god calls a god)
                return _all(mask, plays)
            rules = self.rules
            return _all(self.hands[seat], rules.from_hand) + _all(self.tables[seat],
                                                                 rules.from_table)
        if self.phase == DRAW:
            a = self.drawn_a
            b = self.drawn_b
            return [a] if a == b else [a, b]
        return []

    def step(self, action: int) -> None:
        seat = self.actor
        if self.phase == DRAW:
            down = self.drawn_b if action == self.drawn_a else self.drawn_a
            tables, hands = self.tables, self.hands
            tables[seat] = tables[seat] | 1 << action
            hands[seat] = hands[seat] | 1 << down
            self.drawer = (seat + 1) % 3
            self._next_draw()
            return
        trick = self.trick
        if action >= TABLE:
            card = action - TABLE
            tables = self.tables
            tables[seat] = tables[seat] ^ 1 << card
            if not trick:
                self.from_table = True
        else:
            card = action - HAND
            hands = self.hands
            hands[seat] = hands[seat] ^ 1 << card
            if not trick:
                self.from_table = False
        trick.append(card)
        if len(trick) < 3:
            self.actor = (seat + 1) % 3
            return
        self._end_trick()

    def _end_trick(self) -> None:
        trick = self.trick
        a, b, c = trick
        cards = (1 << a) | (1 << b) | (1 << c)
        gods = cards >> LADY
        if gods:
            # The top god captures; the Changeling captures the Lady.
            if gods & 1 and gods & 256:
                best = CHANGELING
            else:
                best = LADY + (gods & -gods).bit_length() - 1
        else:
            suit = a // 9
            best = self.rules.best[suit * 512 + ((cards >> (suit * 9)) & 511)]
        winner = (self.leader + trick.index(best)) % 3
        owned, tricks = self.owned, self.tricks
        owned[winner] = owned[winner] | cards
        tricks[winner] = tricks[winner] + 1
        self.leader = self.actor = winner
        self.trick = []
        if not self.hands[winner] and not self.tables[winner]:
            self._end_hand()

    # Scoring ---------------------------------------------------------------------------------
    def hand_points(self) -> list[int]:
        rules = self.rules
        tricks = self.tricks
        if rules.vashy:
            bonus = _bonus(tricks, 2, 2, rules.tie_bonus)
            return [tricks[s] + bonus[s] for s in range(3)]
        captives = [2 * t for t in tricks]
        bonus = _bonus(captives, 3, 9, "none")
        owned = self.owned
        return [captives[s] + bonus[s] + (owned[s] & SCHOLARS).bit_count() for s in range(3)]

    def _end_hand(self) -> None:
        points = self.hand_points()
        top = max(points)
        won = [p == top for p in points]
        if self.rules.handicap_tie_none and sum(won) > 1:
            won = [False, False, False]  # a tie is nobody's win
        scores = self.scores
        for s in range(3):
            scores[s] = scores[s] + points[s]
            self.streak[s] = self.streak[s] + 1 if won[s] else 0
        if self.hand_no >= self.rules.hands_total:
            self.phase = OVER
            self.actor = NOBODY
            return
        self._deal()

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # Search ------------------------------------------------------------------------------------
    def copy(self) -> ViashiFast:
        return ViashiFast(self.rules, self.rng, self.chances, self.phase, self.actor,
                          self.hand_no, self.drawer, self.drawn_a, self.drawn_b, self.pile[:],
                          self.hands[:], self.tables[:], self.owned[:], self.tricks[:],
                          self.trick[:], self.leader, self.from_table, self.scores[:],
                          self.streak[:], self.random_draws[:])

    def determinize(self, seat: int, rng: Rng) -> ViashiFast:
        """The pile, the other hands and another drawer's pair dealt afresh; under the elvish
        rule, while the draw lasts, the seat's own hand too (he has not looked at it)."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hands = twin.hands
        own_too = self.phase == DRAW and self.rules.elvish
        pair = self.drawn_a >= 0 and self.drawer != seat
        if self.phase == DRAW:
            # Unseen: all but the tables, the seat's own hand (unless elvish) and its own pair.
            tables = self.tables
            seen = tables[0] | tables[1] | tables[2]
            if not own_too:
                seen |= hands[seat]
            if not pair and self.drawn_a >= 0:
                seen |= (1 << self.drawn_a) | (1 << self.drawn_b)
            unknown = ALL ^ seen
        else:
            unknown = 0
            for s in range(3):
                if s != seat:
                    unknown |= hands[s]
        # Gathered as a set, so that where the unseen cards really lie cannot steer the deal.
        pool = _all(unknown, self.rules.cards)
        rng.shuffle(pool)
        i = 0
        for s in range(3):
            if s != seat or own_too:
                end = i + hands[s].bit_count()
                mask = 0
                for card in pool[i:end]:
                    mask |= 1 << card
                hands[s] = mask
                i = end
        if pair:
            twin.drawn_a = pool[i]
            twin.drawn_b = pool[i + 1]
            i += 2
        twin.pile = pool[i:]
        return twin

    def key(self) -> tuple[object, ...]:
        return (self.chances, self.phase, self.actor, self.hand_no, self.drawer, self.drawn_a,
                self.drawn_b, tuple(self.pile), tuple(self.hands), tuple(self.tables),
                tuple(self.owned), tuple(self.tricks), tuple(self.trick), self.leader,
                self.from_table, tuple(self.scores), tuple(self.streak),
                tuple(self.random_draws))


def _all(mask: int, table: list[tuple[int, ...]]) -> list[int]:
    """Every card of `mask` as `table` lists it (a card or a play), suit by suit in the readable
    order."""
    out: list[int] = []
    base = 0
    while mask:
        chunk = mask & 511
        if chunk:
            out += table[base + chunk]
        mask >>= 9
        base += 512
    return out


# The readable game's side ------------------------------------------------------------------------
def twin(state: Any, seed: int) -> ViashiFast | None:
    rules = _rules(state.game)
    if rules is None:
        return None
    phase = {"draw": DRAW, "play": PLAY, "over": OVER}[state.phase]
    # Deals and random splits so far, from the hands' scores (the streaks follow from them).
    streak = [0, 0, 0]
    splits = 0
    for points in state.hand_scores:
        if rules.handicap:
            splits += sum(min(s, 3) for s in streak)
        top = max(points)
        won = [p == top for p in points]
        if rules.handicap_tie_none and sum(won) > 1:
            won = [False, False, False]
        streak = [streak[s] + 1 if won[s] else 0 for s in range(3)]
    if phase != OVER and rules.handicap:
        splits += sum(min(s, 3) for s in streak) - sum(state.random_draws)
    drawn = state.drawn
    return ViashiFast(
        rules, Rng(seed), state.hand_no + splits, phase,
        NOBODY if phase == OVER else state.to_act, state.hand_no, state.drawer,
        card_of(drawn[0]) if drawn is not None else -1,
        card_of(drawn[1]) if drawn is not None else -1, [card_of(c) for c in state.pile],
        [_mask(h) for h in state.hands], [_mask(t) for t in state.tables],
        [_mask(o) for o in state.owned], list(state.tricks),
        [card_of(c) for _, c in state.trick], -1 if state.leader is None else state.leader,
        bool(state.source_table), list(state.scores), list(state.streak),
        list(state.random_draws))


def _mask(cards: list[str]) -> int:
    mask = 0
    for name in cards:
        mask |= 1 << card_of(name)
    return mask


def encode(action: Any) -> int:
    card = card_of(action.card)
    if hasattr(action, "table"):
        return card + (TABLE if action.table else HAND)
    return card


def census(fast: ViashiFast) -> list[int]:
    cards = list(fast.pile) + list(fast.trick)
    if fast.drawn_a >= 0:
        cards += [fast.drawn_a, fast.drawn_b]
    every = fast.rules.cards
    for s in range(3):
        cards += _all(fast.hands[s], every) + _all(fast.tables[s], every)
        cards += _all(fast.owned[s], every)
    return cards
