"""Loot's rules, the only copy: the deal, the turn of draw or take and discard, the reshuffle of
the discard pile, firing the village, the scoring with the gods' effects and the match, in the
order of docs/rules/loot.md (seed 003; GAMES.md, Loot / Plunder). parlour/games/loot.py is the
readable layer on top: action objects, notation, views, scenes and the log, narrated from the
events a step emits. The best score of a hand is parlour/fast/melds.py's.

A card is its index in VIASHI_CARDS: suit * 9 + rank - 1 for the five suits (W R P B G), 45 + the
god's rank - 1 for the gods (the sixth suit). Hands are masks; the discard and draw piles are
lists, their tops last. Actions, the game's one numbering (Game.action_id, records, search): 0
draw, 1 take, 2 fire, 3 pass, DISCARD + card.

Where each card in a hand came from, as everyone saw it, is `known` (a mask of the cards taken
from the discard pile) and `origin` (by card: the number of the draw pile it came from, 0 for the
deal; each reshuffle starts a new one): determinize deals afresh within each. A determinized draw
pile is `loose`: its cards lie in no order and each draw takes one of them at random, which is as
good as the top of a shuffled pile and spares shuffling the cards nobody draws.

`chances` counts the deals (the first included) and the reshuffles of the discard pile, the
generator's only draws but a loose pile's.
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy
from .melds import CARD_BIT, N_CARDS, Scoring, cards_of, solve

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup at every use.
HAND_SIZE: Final = 9
# Engine limits, not rules: a hand nobody fires is called after this many rounds of turns, and a
# match stops after this many hands (highest total wins), so that every game ends.
ROUND_LIMIT: Final = 40
HAND_LIMIT: Final = 40
ALL_CARDS: Final = (1 << N_CARDS) - 1
GODS_SHIFT: Final = 45  # the gods' chunk: bit k is the god of rank k + 1
DECK: Final[list[int]] = list(range(N_CARDS))

DRAW: Final = 0
TAKE: Final = 1
FIRE: Final = 2
PASS: Final = 3
DISCARD: Final = 4  # + card
ACTIONS: Final = DISCARD + N_CARDS

START: Final = 0  # a turn begins: draw, take, or fire
DISCARDING: Final = 1
FIRING: Final = 2  # right after a discard: fire or pass
OVER: Final = 3

# By suit and a suit's 9-bit chunk of a hand: the discards of its cards, in card order.
DISCARDS: Final[list[list[list[int]]]] = [[[DISCARD + 9 * s + r for r in range(9) if m >> r & 1]
                                           for m in range(512)] for s in range(6)]
# By player count and the seat that has just discarded: the seats offered the firing, in order
# (the discarder, then the seats after the next player: his own chance is his turn).
ASK_ORDERS: Final[list[list[list[int]]]] = [[[seat] + [(seat + k) % n for k in range(2, n)]
                                             for seat in range(n)] for n in range(5)]


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
DEALT: Final = 0  # hand `other` dealt, seat starts; cards[0] is turned up
DREW: Final = 1  # seat drew cards[0] (only it sees which)
TOOK: Final = 2  # seat took cards[0] from the discard pile
DISCARDED: Final = 3  # seat discarded cards[0]
RESHUFFLED: Final = 4  # the discard pile but its top card became the draw pile
PASSED: Final = 5  # seat did not fire
REVEALED: Final = 6  # seat's hand at the firing, cards; more[0]: its score in halves
FIRED: Final = 7  # seat fired (-1: nobody did, the hand is called); other: the gods in play;
# more[0]: the hand's number
MATCH_OVER: Final = 8  # more: the winners
EVENT_NAMES: Final = ("dealt", "drew", "took", "discarded", "reshuffled", "passed", "revealed",
                      "fired", "match over")

# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
NOTHING_TO_DRAW: Final = 1
NOT_EVERYONE_PLAYED: Final = 2
DRAW_FIRST: Final = 3
YOUR_TURN: Final = 4  # a pass at the start of a turn
NOT_HELD: Final = 5
DISCARD_NOW: Final = 6
FIRE_OR_PASS: Final = 7
GAME_OVER: Final = 8


# Scoring: the gods' effects ("Any god card that was in hand at the firing of the village effects
# the scoring of the cards ... applied to everyone's cards") --------------------------------------
LADY: Final = 1  # runs are worth double
DARK_LORD: Final = 2  # runs are worth half
BUILDER: Final = 4  # colors may be only three cards
THIEF: Final = 8  # uncombined cards count 0
PROTECTRESS: Final = 16  # colors are worth double
SEDUCTRESS: Final = 32  # colors are worth half
MINION: Final = 64  # sets are worth half
FRIEND: Final = 128  # sets are worth double
CHANGELING: Final = 256  # fools (rank 9) are worth double
BASE: Final = 2.0  # each card in a combination
BONUS: Final = 5.0  # a run with six consecutive cards of six colors


class Effects:
    """What the gods in play (a 9-bit mask, the Lady first) change. Multipliers multiply: the
    Lady and the Dark Lord together leave runs at x1."""

    def __init__(self, gods: int, flat_bonus: bool) -> None:
        self.run_mult: float = (2 if gods & LADY else 1) * (0.5 if gods & DARK_LORD else 1)
        self.color_min: int = 3 if gods & BUILDER else 4
        self.hand_zero: bool = bool(gods & THIEF)
        self.color_mult: float = ((2 if gods & PROTECTRESS else 1)
                                  * (0.5 if gods & SEDUCTRESS else 1))
        self.set_mult: float = (0.5 if gods & MINION else 1) * (2 if gods & FRIEND else 1)
        self.fool_mult: float = 2.0 if gods & CHANGELING else 1.0
        # run_bonus=scaled: the bonus is part of the run's points, so the run multipliers apply.
        self.bonus_scaled: bool = not flat_bonus
        self.bonus: float = BONUS * (1.0 if flat_bonus else self.run_mult)


# By gods | 512 for the flat bonus: a list, as the compiled build indexes it without hashing.
_scorings: Final[list[Scoring | None]] = [None] * 1024


def scoring_for(gods: int, flat_bonus: bool) -> Scoring:
    key = gods | 512 if flat_bonus else gods
    sc = _scorings[key]
    if sc is None:
        e = Effects(gods, flat_bonus)
        sc = Scoring(BASE, e.run_mult, e.set_mult, e.color_mult, e.fool_mult, e.color_min,
                     e.hand_zero, e.bonus)
        _scorings[key] = sc
    return sc


def gods_in(cards: int) -> int:
    return cards >> GODS_SHIFT


def best_nine(hand: int, sc: Scoring) -> float:
    """The best score of a hand, or, of one holding a card more before its discard, of the best
    nine it can keep."""
    if hand.bit_count() <= HAND_SIZE:
        return solve(hand, sc)
    best = -1.0e9
    m = hand
    while m:
        low = m & -m
        v = solve(hand ^ low, sc)
        if v > best:
            best = v
        m ^= low
    return best


# The position ------------------------------------------------------------------------------------
class LootFast(FastState):
    """A match of Loot: the hand under way, the totals, and who acts in which phase."""

    fire_any: bool  # fire=any: firing is offered right after each discard too
    target: float  # the points that end the match; 0: a single hand
    flat_bonus: bool
    totals: list[float]
    hand_number: int
    starter: int
    hands: list[int]
    known: int  # the cards in hands everyone saw taken from the discard pile
    origin: list[int]  # by card in a hand: the number of the draw pile it came from
    discard: list[int]
    draw: list[int]
    loose: bool  # the draw pile is in no order: a draw takes any of its cards
    pile_number: int
    turns: list[int]  # turns finished this hand, by seat
    # Turns go round from the starter and a firing ends the hand: every seat has had a turn once
    # turns_in_hand reaches the player count.
    turns_in_hand: int
    asks: list[int]  # the seats still to be offered the firing, in order
    drawn: int  # the card the seat to act has just drawn, or -1
    next_player: int
    phase: int
    actor: int  # NOBODY when over
    heuristic = True  # heuristic_action below

    def __init__(self, players: int, fire_any: bool, target: float, flat_bonus: bool, rng: Rng,
                 src: LootFast | None = None) -> None:
        self.players = players
        self.fire_any = fire_any
        self.target = target
        self.flat_bonus = flat_bonus
        self.rng = rng
        self.events = None
        if src is None:
            return  # start() or a saved position sets the fields
        self.chances = src.chances
        self.totals = src.totals[:]
        self.hand_number = src.hand_number
        self.starter = src.starter
        self.hands = src.hands[:]
        self.known = src.known
        self.origin = src.origin[:]
        self.discard = src.discard[:]
        self.draw = src.draw[:]
        self.loose = src.loose
        self.pile_number = src.pile_number
        self.turns = src.turns[:]
        self.turns_in_hand = src.turns_in_hand
        self.asks = src.asks[:]
        self.drawn = src.drawn
        self.next_player = src.next_player
        self.phase = src.phase
        self.actor = src.actor

    def copy(self) -> LootFast:
        return LootFast(self.players, self.fire_any, self.target, self.flat_bonus, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    # A hand: the deal ----------------------------------------------------------------------------
    def deal(self, cards: list[int] | None = None) -> None:
        """"Shuffle the deck and deal nine cards to each player", one at a time from the starter;
        the rest is the draw pile, its top card turned up to start the discard pile. `cards`
        stacks the deck (top first)."""
        n = self.players
        if cards is None:
            cards = DECK[:]
            self.rng.shuffle(cards)
        self.chances += 1
        self.hand_number += 1
        hands = [0] * n
        for i in range(HAND_SIZE * n):
            seat = (self.starter + i) % n
            hands[seat] |= CARD_BIT[cards[i]]
        self.hands = hands
        self.origin = [0] * N_CARDS
        self.known = 0
        up = cards[HAND_SIZE * n]
        self.discard = [up]
        self.draw = cards[HAND_SIZE * n + 1:][::-1]
        self.loose = False
        self.pile_number = 0
        self.turns = [0] * n
        self.turns_in_hand = 0
        self.asks = []
        self.drawn = -1
        self.next_player = self.starter
        self.phase = START
        self.actor = self.starter
        self.emit(DEALT, self.starter, self.hand_number, (up,))

    # The turn ------------------------------------------------------------------------------------
    def may_draw(self) -> bool:
        """A draw needs a draw pile, or a discard pile of more than its top card to make one."""
        return len(self.draw) > 0 or len(self.discard) > 1

    def everyone_played(self) -> bool:
        """"After each player has played at least one turn" the village may be fired."""
        return self.turns_in_hand >= self.players

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == DISCARDING:
            h = self.hands[self.actor]
            return [*DISCARDS[0][h & 511], *DISCARDS[1][h >> 9 & 511],
                    *DISCARDS[2][h >> 18 & 511], *DISCARDS[3][h >> 27 & 511],
                    *DISCARDS[4][h >> 36 & 511], *DISCARDS[5][h >> 45]]
        if phase == START:
            if self.may_draw():
                return [DRAW, TAKE, FIRE] if self.everyone_played() else [DRAW, TAKE]
            return [TAKE, FIRE] if self.everyone_played() else [TAKE]
        if phase == FIRING:
            return [FIRE, PASS]
        return []

    def why_not(self, action: int) -> int:
        """Why `action` (any number of the game's) may not be made now, or LEGAL. Only names the
        rule it breaks, for the readable layer's words."""
        phase = self.phase
        if phase == START:
            if action == DRAW:
                return LEGAL if self.may_draw() else NOTHING_TO_DRAW
            if action == TAKE:
                return LEGAL
            if action == FIRE:
                return LEGAL if self.everyone_played() else NOT_EVERYONE_PLAYED
            return DRAW_FIRST if action >= DISCARD else YOUR_TURN
        if phase == DISCARDING:
            if action >= DISCARD:
                return LEGAL if self.hands[self.actor] & CARD_BIT[action - DISCARD] else NOT_HELD
            return DISCARD_NOW
        if phase == FIRING:
            return LEGAL if action in (FIRE, PASS) else FIRE_OR_PASS
        return GAME_OVER

    def step(self, action: int) -> None:
        seat = self.actor
        phase = self.phase
        if phase == DISCARDING:
            self.throw(seat, action - DISCARD)
        elif phase == START:
            if action == DRAW:
                self.draw_card(seat)
            elif action == TAKE:
                self.take(seat)
            else:
                self.fire(seat)
        elif action == FIRE:
            self.fire(seat)
        else:
            self.emit(PASSED, seat)
            asks = self.asks
            asks.pop(0)
            if asks:
                self.actor = asks[0]
            else:
                self.phase = START
                self.actor = self.next_player

    def draw_card(self, seat: int) -> None:
        """"Taking the top card of ... the draw pile"; "if you run out of cards in the draw pile,
        remove all but the top card of the discard pile, shuffle those cards, and place them face
        down to create a new draw pile.\""""
        draw = self.draw
        if not draw:
            discard = self.discard
            draw = self.draw = discard[:-1]
            self.discard = discard[-1:]
            self.rng.shuffle(draw)
            self.loose = False
            self.pile_number += 1
            self.chances += 1
            self.emit(RESHUFFLED)
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
        self.emit(DREW, seat, -1, (card,))

    def take(self, seat: int) -> None:
        """Taking the top card of the discard pile, where everyone sees it go."""
        card = self.discard.pop()
        bit = CARD_BIT[card]
        self.hands[seat] |= bit
        self.known |= bit
        self.phase = DISCARDING
        self.emit(TOOK, seat, -1, (card,))

    def throw(self, seat: int, card: int) -> None:
        """"Then discarding one card by placing it on the discard pile"; then the firing is
        offered (fire=any): to the discarder, then each other seat in order."""
        self.drawn = -1
        bit = CARD_BIT[card]
        self.hands[seat] ^= bit
        self.known &= ~bit
        self.discard.append(card)
        self.emit(DISCARDED, seat, -1, (card,))
        self.turns[seat] += 1
        turns_in_hand = self.turns_in_hand + 1
        self.turns_in_hand = turns_in_hand
        n = self.players
        if turns_in_hand >= ROUND_LIMIT * n:
            self.fire(-1)  # nobody fired in the rounds allowed: the hand is called
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
    def gods_in_play(self) -> int:
        every = 0
        for h in self.hands:
            every |= h
        return gods_in(every)

    def fire(self, seat: int) -> None:
        """"When the village is fired, all players must immediately reveal their hands": each
        scored at its best arrangement with the effects of every god in any hand. `seat`: who
        fired, -1 for a hand called."""
        hands = self.hands
        gods = self.gods_in_play()
        sc = scoring_for(gods, self.flat_bonus)
        totals = self.totals
        for s in range(self.players):
            points = solve(hands[s], sc)
            totals[s] += points
            if self.events is not None:
                self.emit(REVEALED, s, -1, tuple(cards_of(hands[s])), (int(2 * points),))
        self.emit(FIRED, seat, gods, (), (self.hand_number,))
        if self.match_over():
            self.phase = OVER
            self.actor = NOBODY
            self.emit(MATCH_OVER, -1, -1, (), tuple(self.winners()))
            return
        self.starter = (self.starter + 1) % self.players
        self.deal()

    # The match -----------------------------------------------------------------------------------
    def match_over(self) -> bool:
        """"A game ends when a player reaches either 100 points, or -100 points" (the target
        `points`; none: one hand), after the hand."""
        target = self.target
        if target == 0.0 or self.hand_number >= HAND_LIMIT:
            return True
        for t in self.totals:
            if t >= target or -t >= target:
                return True
        return False

    def winners(self) -> list[int]:
        """The highest total wins; ties share the win."""
        best = max(self.totals)
        return [s for s in range(self.players) if self.totals[s] == best]

    def returns(self) -> list[float]:
        return self.totals[:]

    def round_count(self) -> int:
        return self.hand_number  # a match is hands played to the points target

    def estimate(self) -> list[float] | None:
        """For search that stops early: the totals as if the village were fired now. A hand
        nobody has played yet is worth the same to everyone, so its dealt scores (luck, not
        anything done) are left out."""
        totals = self.totals
        if self.turns_in_hand == 0 and self.phase == START and self.drawn < 0:
            return totals[:]
        hands = self.hands
        sc = scoring_for(self.gods_in_play(), self.flat_bonus)
        out = totals[:]
        for s in range(self.players):
            out[s] += solve(hands[s], sc)
        return out

    # The heuristic (medium) ----------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        seat = self.actor
        hand = self.hands[seat]
        return heuristic_choice(legal, hand, gods_in(hand | self.known), self.flat_bonus,
                                self.discard[-1] if self.discard else -1, self.turns)

    # What a seat may know ------------------------------------------------------------------------
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
        pool = cards_of(pooled)
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
            for c in cards_of(h & ~self.known):
                hidden.append((c, self.origin[c]))
        return (self.players, self.fire_any, self.target, self.flat_bonus, self.chances,
                tuple(self.totals), self.hand_number, self.starter, tuple(self.hands), self.known,
                tuple(hidden), tuple(self.discard), tuple(self.draw), self.loose,
                self.pile_number, tuple(self.turns), self.turns_in_hand, tuple(self.asks),
                self.drawn, self.next_player, self.phase, self.actor)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LootFast) and self.key() == other.key()


# Every field of a position but its options, generator and events: what a pickled readable state
# keeps (a compiled position does not pickle).
FIELDS: Final = ("chances", "totals", "hand_number", "starter", "hands", "known", "origin",
                 "discard", "draw", "loose", "pile_number", "turns", "turns_in_hand", "asks",
                 "drawn", "next_player", "phase", "actor")


def start(players: int, fire_any: bool, target: float, flat_bonus: bool, rng: Rng,
          cards: list[int] | None, events: list[Event] | None = None) -> LootFast:
    """A new match, its first hand dealt from `cards` (top first) or a shuffle."""
    position = LootFast(players, fire_any, target, flat_bonus, rng)
    position.chances = 0
    position.totals = [0.0] * players
    position.hand_number = 0
    position.starter = 0
    position.events = events
    position.deal(cards)
    return position


# The heuristic (medium) -------------------------------------------------------------------------
MARGIN: Final = 6.0


def heuristic_choice(legal: list[int], hand: int, gods: int, flat_bonus: bool, top: int,
                     turns: list[int]) -> int:
    """Keep the nine cards with the best arrangement, take the discard when it improves the hand,
    and fire the village when the hand's best score beats what the others are likely to hold by
    then (they improve by about a point a turn from a poor start). From what the seat to act
    sees: its hand, the gods it knows of (its own and those seen taken), the top discard and the
    turns played."""
    sc = scoring_for(gods, flat_bonus)
    first = legal[0]
    if first >= DISCARD:
        # The discard that leaves the best nine; between equals, the higher rank.
        best, best_score, best_rank = first, -1.0e9, -1
        for a in legal:
            bit = CARD_BIT[a - DISCARD]
            v = solve(hand ^ bit, sc)
            rank = (a - DISCARD) % 9
            if v > best_score or (v == best_score and rank > best_rank):
                best, best_score, best_rank = a, v, rank
        return best
    if FIRE in legal and fire_now(best_nine(hand, sc), turns):
        return FIRE
    if PASS in legal:
        return PASS
    if TAKE in legal and DRAW in legal:
        now = solve(hand, sc)
        with_top = hand | CARD_BIT[top]
        m = hand
        while m:
            low = m & -m
            if solve(with_top ^ low, sc) > now:
                return TAKE
            m ^= low
        return DRAW
    return first


def fire_now(mine: float, turns: list[int]) -> bool:
    """A player drawing well gains a few points a turn; fire when ahead of that by a margin. The
    base of -25 for a dealt hand was a guess: with the default options a dealt hand averages about
    -11 as its holder can score it (the gods he sees) and about 0 with every god in play. So for
    the first five turns the bar is below 0 and only `mine > 0` decides. Left so: every Loot
    figure for medium and hard was measured with it."""
    expected = -25 + 4 * (sum(turns) / max(1, len(turns)))
    return mine >= expected + MARGIN and mine > 0


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, LootFast, seed)


def census(fast: LootFast) -> list[int]:
    """Every card of the position: the piles and the hands."""
    cards = fast.discard + fast.draw
    for h in fast.hands:
        cards += cards_of(h)
    return cards
