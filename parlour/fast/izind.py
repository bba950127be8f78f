"""Izind's rules, the only copy: the deal, the plays that fit a tower, redraws and passes, the end
of a turn and the empty deck, completing towers, in the order of docs/rules/izind.md (seed 001;
GAMES.md's rulings). parlour/games/izind.py is the readable layer on top: action objects, notation,
views and the log, narrated from the events a step emits.

A card is `suit * 10 + number - 1` for the suits in the cycle's order (bat, tapir, snake, shark),
then WHITE, BLACK, DEVIL (the maunwe pack's two copies of a card share its number). A tower is
`owner * lanes + lane`: its cards (bottom first) and its top as the play table reads it, the top
card, EMPTY (a wildcard lane) or CLOSED (complete). Hands are sorted; the piles' tops are last.

Actions, the game's one numbering (Game.action_id, records, search): PASS 0, REDRAW 1, a play
`PLAY + card * towers + tower`. `chances` counts the deal and the reshuffles, the generator's only
draws. A determinized position draws each card at random from its pile (`unordered`), which is the
same as shuffling the pile at once and costs a search only the draws it makes.
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] + 1`, never `xs[i] += 1`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
WHITE: Final = 40
BLACK: Final = 41
DEVIL: Final = 42
CARDS: Final = 43
EMPTY: Final = 43  # a wildcard lane's top
CLOSED: Final = 44  # a complete tower's top
TOPS: Final = 45
BLOCKERS: Final = (BLACK, DEVIL)
HAND_SIZE: Final = 3
REDRAWS: Final = 2  # new hands a turn, at most
PASSES: Final = 3  # passes a game; the next one loses

PASS: Final = 0
REDRAW: Final = 1
PLAY: Final = 2

XUNI: Final = tuple(range(WHITE)) + (WHITE, BLACK)
MAUNWE: Final = tuple(range(WHITE)) * 2 + (WHITE, DEVIL)


def number(card: int) -> int:
    """A numbered card's number, 0 for an elephant or the devil card."""
    return card % 10 + 1 if card < WHITE else 0


def fits(card: int, top: int, elephants_complete: bool, white_completes: bool) -> int:
    """0: `card` may not go on a tower showing `top`; 1: it may; 2: it may and completes it."""
    if top == CLOSED or top in BLOCKERS:
        return 0  # a complete tower takes no more cards; nothing goes on the black elephant
    if card >= WHITE:
        # An elephant goes on any card and on a wildcard lane; on a 9 it completes the tower
        # only under one of the options.
        return 2 if number(top) == 9 and (elephants_complete or (
            white_completes and card == WHITE)) else 1
    # Anything goes on the white elephant, a 2 of any suit on a wildcard lane; else "one number
    # higher" and "the same suit, or the next in the order bat → tapir → snake → shark → bat".
    if not (top == WHITE or (top == EMPTY and number(card) == 2) or (
            top < WHITE and number(card) == number(top) + 1
            and card // 10 in (top // 10, (top // 10 + 1) % 4))):
        return 0
    return 2 if number(card) == 10 else 1


class Rules:
    """What the options fix, shared by every position of a game: the pack, the lanes, the play
    table, who a complete tower counts for and how many win."""

    def __init__(self, maunwe: bool, owner_credited: bool, elephants_complete: bool,
                 white_completes: bool) -> None:
        # With maunwe: 5 lanes each, four on a 1, and 3 complete towers of 5 win.
        lanes = 5 if maunwe else 3
        self.lanes = lanes
        self.towers = 2 * lanes
        self.need = 3 if maunwe else 1
        self.deck = MAUNWE if maunwe else XUNI
        self.owner_credited = owner_credited
        self.actions = PLAY + CARDS * self.towers
        # By seat: its own towers, then its opponent's (the order legal moves list them).
        self.order = [tuple(range(self.towers)), tuple(range(lanes, self.towers))
                      + tuple(range(lanes))]
        # By card, then top: fits().
        self.rows: list[list[int]] = [
            [fits(card, top, elephants_complete, white_completes) for top in range(TOPS)]
            for card in range(CARDS)]
        # The same as translation tables of the towers' tops: one bytes.translate tells a card's
        # fit on every tower at once, and most cards fit nowhere.
        self.fit_codes: list[bytes] = [bytes(row + [0] * (256 - TOPS)) for row in self.rows]
        self.nowhere = bytes(self.towers)
        self.play_card = [-1] * PLAY + [(a - PLAY) // self.towers
                                        for a in range(PLAY, self.actions)]
        self.play_tower = [-1] * PLAY + [(a - PLAY) % self.towers
                                         for a in range(PLAY, self.actions)]


_RULES: dict[tuple[object, ...], Rules] = {}


def rules_of(options: dict[str, Any]) -> Rules:
    key = (options["maunwe"], options["ten_wins"], options["elephants_complete"],
           options["white_completes"])
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules(bool(options["maunwe"]), options["ten_wins"] == "owner",
                                    bool(options["elephants_complete"]),
                                    bool(options["white_completes"]))
    return rules


def valid_plays(rules: Rules, seat: int, hand: list[int], tops: bytearray,
                plays: list[int]) -> bool:
    """Appends the seat's valid plays, its own towers first, to `plays`; True if one of them must
    be made: any but a play that completes the opponent's tower, which is never compulsory."""
    fit_codes, nowhere = rules.fit_codes, rules.nowhere
    towers, lanes = rules.towers, rules.lanes
    must = False
    last = -1
    for card in hand:
        if card == last:
            continue  # the maunwe pack's second copy: the same plays
        last = card
        codes = tops.translate(fit_codes[card])
        if codes == nowhere:
            continue
        base = PLAY + card * towers
        for t in rules.order[seat]:
            code = codes[t]
            if code:
                plays.append(base + t)
                if code == 1 or t // lanes == seat:
                    must = True
    return must


def may_redraw(redraws: int, cards: int) -> bool:
    """At most twice a turn, and only while there are cards (`cards`: in the hand and the two
    piles) to discard and draw."""
    return redraws < REDRAWS and cards > 0


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
PLAYED: Final = 0  # seat played cards[0] on tower `other`
COMPLETED: Final = 1  # tower `other` is complete, counted for seat
WON: Final = 2
REDREW: Final = 3  # seat discarded cards and drew a new hand
RESHUFFLED: Final = 4  # the discard pile became the deck
PASSED: Final = 5  # seat passed, its other-th pass
LOST_BY_PASSES: Final = 6  # seat passed a fourth time
EVENT_NAMES: Final = ("played", "completed", "won", "redrew", "reshuffled", "passed",
                      "lost by passes")


# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
NOT_HELD: Final = 1
COMPLETE: Final = 2
BLOCKED: Final = 3
WILDCARD: Final = 4
NOT_ONE_HIGHER: Final = 5
NOT_THE_SUIT: Final = 6
MUST_PLAY: Final = 7
REDRAWN_ENOUGH: Final = 8
NOTHING_TO_DRAW: Final = 9


class IzindFast(FastState):
    """A position: the towers, the hands, the two piles, the passes and redraws, the winner."""

    rules: Rules
    actor: int  # NOBODY when over
    winner: int  # -1 while the game goes on
    lost_by_passes: bool
    hands: list[list[int]]
    towers: list[tuple[int, ...]]
    tops: bytearray
    completed: list[int]  # the seat a complete tower counts for, -1 if not complete
    credits: list[int]
    passes: list[int]
    redraws: int  # new hands drawn this turn
    pile: list[int]
    discard: list[int]
    unordered: bool
    heuristic = True  # heuristic_action below

    def __init__(self, rules: Rules, rng: Rng, src: IzindFast | None = None) -> None:
        self.rules = rules
        self.players = 2
        self.rng = rng
        self.events = None
        if src is None:
            return  # deal() or a saved position sets the fields
        hands = src.hands
        self.chances = src.chances
        self.actor = src.actor
        self.winner = src.winner
        self.lost_by_passes = src.lost_by_passes
        self.hands = [hands[0][:], hands[1][:]]
        self.towers = src.towers[:]
        self.tops = src.tops[:]
        self.completed = src.completed[:]
        self.credits = src.credits[:]
        self.passes = src.passes[:]
        self.redraws = src.redraws
        self.pile = src.pile[:]
        self.discard = src.discard[:]
        self.unordered = src.unordered

    def copy(self) -> IzindFast:
        return IzindFast(self.rules, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    # The deal -----------------------------------------------------------------------------------
    def deal(self, cards: list[int] | None = None) -> None:
        """"Two lanes hold the 1 of some suit (dealt randomly), the third a wildcard": every 1
        starts a tower, in deck order round robin from lane 0a, the last lane of each is the
        wildcard; then 3 cards each from seat 0, and the rest is the draw pile. `cards` stacks
        the deck (top first); without it the pack is shuffled."""
        rules = self.rules
        if cards is None:
            cards = list(rules.deck)
            self.rng.shuffle(cards)
        self.chances = 1
        lanes, towers = rules.lanes, rules.towers
        self.towers = [()] * towers
        self.tops = bytearray([EMPTY] * towers)
        ones = 0
        pile: list[int] = []
        for card in cards:
            if number(card) == 1:
                t = (ones % 2) * lanes + ones // 2
                self.towers[t] = (card,)
                self.tops[t] = card
                ones += 1
            else:
                pile.append(card)
        pile.reverse()
        self.hands = [sorted(pile[-1:-7:-2]), sorted(pile[-2:-7:-2])]
        del pile[-2 * HAND_SIZE:]
        self.pile = pile
        self.discard = []
        self.completed = [-1] * towers
        self.credits = [0, 0]
        self.passes = [0, 0]
        self.redraws = 0
        self.actor = 0
        self.winner = -1
        self.lost_by_passes = False
        self.unordered = False

    # A turn: what may be played -------------------------------------------------------------------
    def legal(self) -> list[int]:
        """"Players must play a card on one of the towers, either theirs or their opponents";
        "if a player has no valid plays, then they may discard their hand and draw a new hand"
        or pass."""
        seat = self.actor
        if seat < 0:
            return []
        hand = self.hands[seat]
        plays: list[int] = []
        if valid_plays(self.rules, seat, hand, self.tops, plays):
            return plays
        if may_redraw(self.redraws, len(hand) + len(self.pile) + len(self.discard)):
            plays.append(REDRAW)
        plays.append(PASS)
        return plays

    def compulsory(self) -> int:
        """The first valid play the seat to act must make (any but one completing the
        opponent's tower), -1 if none."""
        rules, seat, plays = self.rules, self.actor, self.legal()
        for a in plays:
            t = rules.play_tower[a]
            if a >= PLAY and (t // rules.lanes == seat
                              or rules.rows[rules.play_card[a]][self.tops[t]] != 2):
                return a
        return -1

    def why_not(self, action: int) -> int:
        """Why `action` (any number of the game's) may not be made now, or LEGAL. Only names the
        rule it breaks, for the readable layer's words."""
        rules = self.rules
        seat = self.actor
        if action >= PLAY:
            card, t = rules.play_card[action], rules.play_tower[action]
            if card not in self.hands[seat]:
                return NOT_HELD
            top = self.tops[t]
            if rules.rows[card][top]:
                return LEGAL
            if top == CLOSED:
                return COMPLETE
            if top in BLOCKERS:
                return BLOCKED
            if top == EMPTY:
                return WILDCARD
            return NOT_THE_SUIT if number(card) == number(top) + 1 else NOT_ONE_HIGHER
        if self.compulsory() >= 0:
            return MUST_PLAY
        if action == REDRAW and self.redraws >= REDRAWS:
            return REDRAWN_ENOUGH
        if action == REDRAW and not (self.hands[seat] or self.pile or self.discard):
            return NOTHING_TO_DRAW
        return LEGAL

    # A turn: a step -------------------------------------------------------------------------------
    def step(self, action: int) -> None:
        seat = self.actor
        if action >= PLAY:
            rules = self.rules
            card, t = rules.play_card[action], rules.play_tower[action]
            self.hands[seat].remove(card)
            self.towers[t] = self.towers[t] + (card,)
            if self.events is not None:
                self.emit(PLAYED, seat, t, (card,))
            if rules.rows[card][self.tops[t]] == 2:
                if self.complete(t, seat):
                    return
            else:
                self.tops[t] = card
            self.end_turn(seat)
        elif action == REDRAW:
            self.redraw(seat)
        else:
            self.pass_turn(seat)

    def redraw(self, seat: int) -> None:
        """"Discard their hand and draw a new hand": the old hand goes face up on the discard
        pile, where this very redraw may already shuffle it back into the deck."""
        hand = self.hands[seat]
        self.emit(REDREW, seat, -1, tuple(hand))
        self.discard += hand
        hand.clear()
        self.redraws += 1
        self.refill(hand)

    def pass_turn(self, seat: int) -> None:
        """"A player may pass 3 times per game; if they pass a 4th time, they automatically
        lose.\""""
        passes = self.passes
        passes[seat] = passes[seat] + 1
        if passes[seat] > PASSES:
            self.lost_by_passes = True
            self.emit(LOST_BY_PASSES, seat)
            self.end(1 - seat)
            return
        self.emit(PASSED, seat, passes[seat])
        self.end_turn(seat)

    # The end of a turn and the empty deck ---------------------------------------------------------
    def end_turn(self, seat: int) -> None:
        """After a play or a pass the hand is refilled to 3; the redraws start again."""
        self.refill(self.hands[seat])
        self.redraws = 0
        self.actor = 1 - seat

    def draw(self, hand: list[int]) -> None:
        """"When the deck is empty, the entire discard pile is shuffled and becomes the new deck"
        (never the towers): when a draw finds it empty. With both empty the hand stays short."""
        pile = self.pile
        if not pile:
            if not self.discard:
                return
            pile = self.pile = self.discard
            self.discard = []
            self.chances += 1
            if not self.unordered:
                self.rng.shuffle(pile)
            self.emit(RESHUFFLED)
        if self.unordered:
            i = self.rng.below(len(pile))
            pile[i], pile[-1] = pile[-1], pile[i]
        hand.append(pile.pop())

    def refill(self, hand: list[int]) -> None:
        """Draws the hand up to 3 cards, one at a time from the top, and sorts it."""
        while len(hand) < HAND_SIZE and (self.pile or self.discard):
            self.draw(hand)
        hand.sort()

    # Completing a tower -----------------------------------------------------------------------
    def complete(self, t: int, seat: int) -> bool:
        """A complete tower takes no more cards and counts for its owner (ten_wins=player: for
        the player who completed it); the first wins, with maunwe the third. True if it won."""
        rules = self.rules
        credit = t // rules.lanes if rules.owner_credited else seat
        self.completed[t] = credit
        self.tops[t] = CLOSED
        credits = self.credits
        credits[credit] = credits[credit] + 1
        self.emit(COMPLETED, credit, t)
        if credits[credit] >= rules.need:
            self.end(credit)
            return True
        return False

    def end(self, winner: int) -> None:
        self.winner = winner
        self.actor = NOBODY
        self.emit(WON, winner)

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, 0.0] if self.winner == 0 else [0.0, 1.0]

    # The heuristic (medium) ---------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        return heuristic_choice(legal, self.rules, self.actor, self.tops,
                                self.credits[self.actor])

    # What a seat may know -----------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> IzindFast:
        """The opponent's hand dealt afresh from it and the deck, the deck left unordered; the
        towers and the discard pile are face up."""
        det = self.copy()
        det.rng = Rng(rng.seed())
        det.unordered = True
        other = det.hands[1 - seat]
        k = len(other)
        # Sorted first: from any deal the seat cannot tell from this one, the same draws deal the
        # same (where the hidden cards really lie must not steer the deal).
        pool = det.pile
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
        return det

    def key(self) -> tuple[object, ...]:
        return (self.chances, self.actor, self.winner, self.lost_by_passes,
                tuple(self.hands[0]), tuple(self.hands[1]), tuple(self.towers),
                bytes(self.tops), tuple(self.completed), tuple(self.credits),
                tuple(self.passes), self.redraws, tuple(self.pile), tuple(self.discard),
                self.unordered)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IzindFast) and self.key() == other.key()


# Every field of a position but its rules, generator and events: what a pickled readable state
# keeps (a compiled position does not pickle).
FIELDS: Final = ("chances", "actor", "winner", "lost_by_passes", "hands", "towers", "tops",
                 "completed", "credits", "passes", "redraws", "pile", "discard", "unordered")


def start(rules: Rules, rng: Rng, cards: list[int] | None,
          events: list[Event] | None = None) -> IzindFast:
    """A new game dealt from `cards` (top first) or a shuffle."""
    position = IzindFast(rules, rng)
    position.events = events
    position.deal(cards)
    return position


# The heuristic (medium) -------------------------------------------------------------------------
WHITE_WORTH: Final = 7  # a white elephant on top: the next card may be anything


def height(top: int) -> int:
    """How far a tower has come: its top card's number, the wildcard 1, blocked -1."""
    if top == CLOSED:
        return 10
    if top == EMPTY:
        return 1
    if top in BLOCKERS:
        return -1
    if top == WHITE:
        return WHITE_WORTH
    return number(top)


def worth(tower_height: int) -> int:
    # Squared, so that raising a tall tower counts for more than a short one.
    return 0 if tower_height < 0 else tower_height * tower_height


def heuristic_choice(legal: list[int], rules: Rules, seat: int, tops: bytearray,
                     credits: int) -> int:
    """Raise your own tallest towers, advance the opponent's only when you must (and then his
    shortest), block his tallest with the black elephant, never hand him a complete tower, and
    redraw before passing; with ten_wins=player, never leave a tower one card from done. From
    what the seat to act sees: the towers' tops and its count of complete towers."""
    best, best_score = -1, 0
    for action in legal:
        if action < PLAY:
            continue
        card, t = rules.play_card[action], rules.play_tower[action]
        top = tops[t]
        owner = t // rules.lanes
        if rules.rows[card][top] == 2:
            credit = owner if rules.owner_credited else seat
            if credit == seat:
                score = 1000 + (1000 if credits + 1 >= rules.need else 0)
            else:
                score = -1000
        else:
            before = height(top)
            gain = worth(height(card)) - worth(before)
            score = gain if owner == seat else -gain
            if not rules.owner_credited and (card == WHITE or number(card) == 9):
                score -= 60  # whoever plays the 10 wins: do not set it up for him
            # Keep the white elephant for a tower that needs it.
            if card == WHITE and owner == seat and before >= WHITE_WORTH:
                score -= 5
        if best < 0 or score > best_score:
            best, best_score = action, score
    if legal[-1] == PASS:
        # Only plays that complete the opponent's tower are left: take one only if it wins
        # for us (ten_wins=player), else look for a better hand.
        if best >= 0 and best_score >= 1000:
            return best
        return REDRAW if REDRAW in legal else PASS
    return best


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, IzindFast, seed)


def census(fast: IzindFast) -> list[int]:
    """Every card of the position: towers, hands and the two piles."""
    cards: list[int] = []
    for tower in fast.towers:
        cards += tower
    return cards + fast.hands[0] + fast.hands[1] + fast.pile + fast.discard
