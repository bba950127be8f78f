"""Izind on integers (the twin of parlour/games/izind.py), every option.

A card is its index in the readable CARDS: (suit * 10 + number - 1) for the Xuni suits in the
cycle's order (bat, tapir, snake, shark), 40 the white elephant, 41 the black, 42 the devil. The
maunwe pack's two copies of a card share its integer, as they share its name.

A tower is numbered `owner * 8 + lane`. Each tower keeps its cards (a tuple, bottom first) and
its top as a code the play rules read: the top card, EMPTY (the wildcard) or CLOSED (completed).
`completed` holds the seat a completed tower is credited to (-1: not complete). Hands are sorted
lists, as the readable hands are; the draw pile and the discard pile are lists, their tops last.

An action is PASS (0), REDRAW (1) or a play, `card << 4 | tower`. The 1s never leave the towers,
so the codes of a 1bat play are free for pass and redraw.

`chances` counts the deal (1) and the reshuffles of the discard pile into the deck: the only
draws of the readable game's generator. A determinized position does not hold its draw pile in
an order: it draws each card at random from it (`unordered`), which is the same as shuffling
the pile at once and costs a search only the draws it makes.
"""

from __future__ import annotations

from typing import Any, Final

from ..games.izind import CARDS, Pass, Play, Redraw
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] + 1`, never `xs[i] += 1`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(CARDS)}
WHITE: Final = 40
BLACK: Final = 41
DEVIL: Final = 42
EMPTY: Final = 43  # the wildcard lane's top
CLOSED: Final = 44  # a completed tower's top: it takes no more cards
TOPS: Final = 45
HAND_SIZE: Final = 3
REDRAWS: Final = 2
PASSES: Final = 3

PASS: Final = 0
REDRAW: Final = 1

NOWHERE: Final = bytes(16)  # a card's codes on the 16 tower slots where it fits none

# The readable log's line:
RESHUFFLE: Final = "the discard pile is shuffled and becomes the new deck"


def card_of(name: str) -> int:
    return CARD[name]


def _number(card: int) -> int:
    """The number of a numbered card, 0 for an elephant or the devil."""
    return card % 10 + 1 if card < WHITE else 0


class Rules:
    """What the options fix, shared by every position of a game: the play table, the towers in
    the order legal moves list them, the credit for a completed tower and the towers to win."""

    def __init__(self, lanes: int, need: int, owner_credited: bool, elephants_complete: bool,
                 white_completes: bool) -> None:
        self.lanes = lanes
        self.need = need
        self.owner_credited = owner_credited
        # By seat: its own towers, then its opponent's (the readable order of plays).
        self.mine: list[tuple[int, ...]] = [tuple(s * 8 + lane for lane in range(lanes))
                                            for s in range(2)]
        self.theirs: list[tuple[int, ...]] = [self.mine[1], self.mine[0]]
        self.towers: tuple[int, ...] = self.mine[0] + self.mine[1]
        # By card, then top: 0 the card does not go there, 1 it does, 2 it does and completes.
        self.rows: list[list[int]] = [
            [_fit(card, top, elephants_complete, white_completes) for top in range(TOPS)]
            for card in range(DEVIL + 1)]
        # The same as translation tables of the towers' tops (a bytearray, 16 slots).
        self.fits: list[bytes] = [bytes(row + [0] * (256 - TOPS)) for row in self.rows]


def _fit(card: int, top: int, elephants_complete: bool, white_completes: bool) -> int:
    if top in (BLACK, DEVIL, CLOSED):
        return 0
    number = _number(card)
    if card >= WHITE:
        # Only on a 9 may an elephant complete a tower, and only under one of the options.
        if _number(top) == 9 and top < WHITE and (
                elephants_complete or (white_completes and card == WHITE)):
            return 2
        return 1
    if top == WHITE:
        return 2 if number == 10 else 1
    if top == EMPTY:
        return 1 if number == 2 else 0
    if number != _number(top) + 1:
        return 0
    suit = top // 10
    if card // 10 not in (suit, (suit + 1) % 4):
        return 0
    return 2 if number == 10 else 1


_RULES: dict[tuple[object, ...], Rules] = {}


def _rules(game: Any) -> Rules | None:
    if game.info.id != "izind" or game.players != 2:
        return None
    options = game.options
    key: tuple[object, ...] = (options["maunwe"], options["ten_wins"],
                               options["elephants_complete"], options["white_completes"])
    rules = _RULES.get(key)
    if rules is None:
        maunwe = bool(options["maunwe"])
        rules = _RULES[key] = Rules(5 if maunwe else 3, 3 if maunwe else 1,
                                    options["ten_wins"] == "owner",
                                    bool(options["elephants_complete"]),
                                    bool(options["white_completes"]))
    return rules


class IzindFast(FastState):
    players: int
    chances: int
    rng: Rng

    def __init__(self, rules: Rules, rng: Rng, chances: int, actor: int, winner: int,
                 lost_by_passes: bool, hands: list[list[int]], towers: list[tuple[int, ...]],
                 tops: bytearray, completed: list[int], credits: list[int], passes: list[int],
                 redraws: int, pile: list[int], discard: list[int], unordered: bool) -> None:
        self.rules = rules
        self.players = 2
        self.rng = rng
        self.chances = chances
        self.actor = actor  # NOBODY when over
        self.winner = winner  # -1 while the game goes on
        self.lost_by_passes = lost_by_passes
        self.hands = hands
        self.towers = towers  # by tower number, 16 slots
        self.tops = tops
        self.completed = completed
        self.credits = credits
        self.passes = passes
        self.redraws = redraws  # new hands drawn this turn
        self.pile = pile
        self.discard = discard
        self.unordered = unordered

    # A turn ------------------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        seat = self.actor
        if seat < 0:
            return []
        rules = self.rules
        fits = rules.fits
        tops = self.tops
        hand = self.hands[seat]
        plays: list[int] = []
        must_play = False  # a valid play that does not complete the opponent's tower
        last = -1
        for card in hand:
            if card == last:
                continue  # the maunwe pack's second copy: the same plays
            last = card
            # Each tower's code for this card at once; most cards fit nowhere.
            codes = tops.translate(fits[card])
            if codes == NOWHERE:
                continue
            code = card << 4
            for t in rules.mine[seat]:
                if codes[t]:
                    plays.append(code | t)
                    must_play = True
            for t in rules.theirs[seat]:
                v = codes[t]
                if v:
                    plays.append(code | t)
                    if v == 1:
                        must_play = True
        if must_play:
            return plays
        if self.redraws < REDRAWS and (hand or self.pile or self.discard):
            plays.append(REDRAW)
        plays.append(PASS)
        return plays

    def step(self, action: int) -> None:
        seat = self.actor
        if action > REDRAW:
            card = action >> 4
            t = action & 15
            self.hands[seat].remove(card)
            rules = self.rules
            self.towers[t] = self.towers[t] + (card,)
            if rules.rows[card][self.tops[t]] == 2:
                credit = t >> 3 if rules.owner_credited else seat
                self.completed[t] = credit
                self.tops[t] = CLOSED
                credits = self.credits
                credits[credit] = credits[credit] + 1
                if credits[credit] >= rules.need:
                    self._end(credit)
                    return
            else:
                self.tops[t] = card
            self._end_turn(seat)
        elif action == REDRAW:
            hand = self.hands[seat]
            self.discard += hand
            hand.clear()
            self.redraws += 1
            self._refill(hand)
        else:
            passes = self.passes
            passes[seat] = passes[seat] + 1
            if passes[seat] > PASSES:
                self.lost_by_passes = True
                self._end(1 - seat)
                return
            self._end_turn(seat)

    def _draw(self, hand: list[int]) -> None:
        pile = self.pile
        if not pile:
            if not self.discard:
                return
            # The empty deck is replaced by the whole discard pile, shuffled.
            pile = self.pile = self.discard
            self.discard = []
            self.chances += 1
            if not self.unordered:
                self.rng.shuffle(pile)
        if self.unordered:
            i = self.rng.below(len(pile))
            pile[i], pile[-1] = pile[-1], pile[i]
        hand.append(pile.pop())

    def _refill(self, hand: list[int]) -> None:
        """Draws the hand up to 3 cards (while there are cards to draw) and sorts it."""
        wanted = HAND_SIZE - len(hand)
        if wanted > 0:
            pile = self.pile
            if len(pile) < wanted:
                while len(hand) < HAND_SIZE and (self.pile or self.discard):
                    self._draw(hand)
            elif self.unordered:
                below = self.rng.below
                for _ in range(wanted):
                    i = below(len(pile))
                    hand.append(pile[i])
                    pile[i] = pile[-1]
                    pile.pop()
            else:
                hand += pile[-wanted:]
                del pile[-wanted:]
        hand.sort()

    def _end_turn(self, seat: int) -> None:
        self._refill(self.hands[seat])
        self.redraws = 0
        self.actor = 1 - seat

    def _end(self, winner: int) -> None:
        self.winner = winner
        self.actor = NOBODY

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, 0.0] if self.winner == 0 else [0.0, 1.0]

    # Search ------------------------------------------------------------------------------------
    def copy(self) -> IzindFast:
        hands = self.hands
        return IzindFast(self.rules, self.rng, self.chances, self.actor, self.winner,
                         self.lost_by_passes, [hands[0][:], hands[1][:]], self.towers[:],
                         self.tops[:], self.completed[:], self.credits[:], self.passes[:],
                         self.redraws, self.pile[:], self.discard[:], self.unordered)

    def determinize(self, seat: int, rng: Rng) -> IzindFast:
        """The opponent's hand dealt afresh from it and the deck; the deck left unordered. The
        towers and the discard pile are face up."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        twin.unordered = True
        other = twin.hands[1 - seat]
        k = len(other)
        # Sorted first: where the hidden cards really lie must not steer the deal.
        pool = twin.pile
        pool += other
        pool.sort()
        n = len(pool)
        # The opponent's cards: the last k of a shuffle begun from the end, enough to draw them.
        for i in range(n - 1, n - 1 - k, -1):
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        if k:
            other[:] = pool[n - k:]
            del pool[n - k:]
            other.sort()
        return twin

    def key(self) -> tuple[object, ...]:
        return (self.chances, self.actor, self.winner, self.lost_by_passes,
                tuple(self.hands[0]), tuple(self.hands[1]), tuple(self.towers),
                tuple(self.tops), tuple(self.completed), tuple(self.credits),
                tuple(self.passes), self.redraws, tuple(self.pile), tuple(self.discard),
                self.unordered)


# The readable game's side ------------------------------------------------------------------------
def twin(state: Any, seed: int) -> IzindFast | None:
    rules = _rules(state.game)
    if rules is None:
        return None
    towers: list[tuple[int, ...]] = [() for _ in range(16)]
    tops = bytearray([CLOSED] * 16)
    completed = [-1] * 16
    for owner in range(2):
        for lane in range(rules.lanes):
            t = owner * 8 + lane
            cards = tuple(card_of(c) for c in state.towers[owner][lane])
            towers[t] = cards
            credit = state.completed[owner][lane]
            if credit is not None:
                completed[t] = credit
            else:
                tops[t] = cards[-1] if cards else EMPTY
    chances = 1 + sum(1 for line in state.log if line == RESHUFFLE)
    return IzindFast(
        rules, Rng(seed), chances, NOBODY if state.to_act is None else state.to_act,
        -1 if state.winner is None else state.winner, bool(state.lost_by_passes),
        [[card_of(c) for c in h] for h in state.hands], towers, tops, completed,
        list(state.credits), list(state.passes), state.redraws,
        [card_of(c) for c in state.pile], [card_of(c) for c in state.discard], False)


def encode(action: Any) -> int:
    if isinstance(action, Play):
        return card_of(action.card) << 4 | action.owner << 3 | action.lane
    if isinstance(action, Redraw):
        return REDRAW
    assert isinstance(action, Pass), action
    return PASS


def census(fast: IzindFast) -> list[int]:
    cards: list[int] = []
    for t in fast.rules.towers:
        cards += fast.towers[t]
    return cards + fast.hands[0] + fast.hands[1] + fast.pile + fast.discard
