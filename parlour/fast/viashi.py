"""Viashi's rules, the only copy, for its three games: Viashi, the elves' game for three; Vashy,
the humans' (King high, scored by tricks); and Viashilym (Double-Viashi), for six in three teams
with two decks (no duplicate to the table, twins in a trick cancel). One trick game: the other two
are options of it (`Rules`). In the order of docs/rules/viashi.md: the draw, the play (captures),
the scoring, the rounds and the handicap. parlour/games/viashi.py is the readable layer on top:
action objects, notation, views, and the log narrated from the events a step emits here.

Cards. A card is its index in VIASHI_CARDS, suit * 9 + number - 1 (the gods the sixth suit, 45
the Lady .. 53 the Changeling; parlour/fast/tricks.py). A place that holds cards (a hand, a table,
a seat's owned cards, the dead cards) is two masks: `...1` the cards it holds at least once,
`...2` those it holds twice (only Viashilym's double deck has any). The pile is a list, its top
last. Within a suit the table order is strongest first: Queen first for the elves (card order),
King then Queen in Vashy; the gods Lady first.

Actions, the game's one numbering (Game.action_id): putting card c face up in the draw is c;
playing it from the hand is 54 + c, from the table 108 + c. A double deck's two copies of a card
in one place are one move.

`chances` counts the deals and the handicapped draws split at random: the only draws.
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy
from .tricks import CHUNK, GODS, LOWEST, RANKS, SUIT_MASK, SUITS, follow, trick_card

# For mypyc (as parlour/fast/arschloch.py says): constants and tables are Final, and a list item
# is updated as `xs[i] = xs[i] | bit`, never `xs[i] |= bit`.
N_CARDS: Final = 54
HAND: Final = 54  # playing card c from the hand is HAND + c; putting it face up is c
TABLE: Final = 108
ACTIONS: Final = 162
FIRST_GOD: Final = 45
SCHOLARS: Final = sum(1 << (suit * 9 + 7) for suit in range(5))  # the 8s

VIASHI: Final = 0
VASHY: Final = 1
VIASHILYM: Final = 2

DRAW: Final = 0
PLAY: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("draw", "play", "over")

# The rank (bit) of a suit's chunk that captures: the highest ("Queen" first, bit 0), "unless the
# queen and the fool of the lead suit are in play", when the Fool (bit 8) does. The same table
# serves the gods: the Lady (bit 0) is the top god, and "the Changeling (bit 8) can capture the
# Lady" (GAMES.md: also when other gods are in the trick).
CAPTURE: Final[list[int]] = [8 if chunk & 1 and chunk & 256 else LOWEST[chunk]
                             for chunk in range(512)]
# Vashy: "the king is high, rather than the queen (and is taken by the fool instead)".
KING_FIRST: Final[list[tuple[int, ...]]] = [
    ((1,) + tuple(r for r in RANKS[chunk] if r != 1)) if chunk & 2 else RANKS[chunk]
    for chunk in range(512)]
KING_CAPTURE: Final[list[int]] = [8 if chunk & 2 and chunk & 256 else
                                  (KING_FIRST[chunk] + (-1,))[0] for chunk in range(512)]


def _ordered(king_high: bool) -> list[tuple[int, ...]]:
    """Per suit * 512 + chunk: the chunk's cards in the table order."""
    return [tuple(suit * 9 + r
                  for r in (KING_FIRST if king_high and suit != GODS else RANKS)[chunk])
            for suit in range(SUITS) for chunk in range(512)]


ORDER: Final[list[list[tuple[int, ...]]]] = [_ordered(False), _ordered(True)]

# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
DEALT: Final = 0  # hand number `other` is piled; seat draws first
TABLED: Final = 1  # seat put cards[0] face up, cards[1] face down; other 1: both shown first
SPLIT: Final = 2  # the handicap split seat's draw at random: cards[0] up, cards[1] down
LEAD: Final = 3  # the draw is over: seat, the last to draw, leads
PLAYED: Final = 4  # seat played cards[0]; other 1: from the table
TAKEN: Final = 5  # seat captured the trick led by `other`, cards as played
DEAD: Final = 6  # nobody can take the trick led by `other` (twins cancelled): cards leave play
SCORED: Final = 7  # the hand's points by what earned them: `other` parts a seat, more seat by seat
GAME_OVER: Final = 8
FOOL: Final = 9  # seat's Fool captured over the Queen (Vashy: the King) of its suit
CHANGELING_TAKES: Final = 10  # seat's Changeling captured the Lady
TWINS: Final = 11  # Viashilym: cards, each played twice in the trick, cancelled
EVENT_NAMES: Final = ("dealt", "tabled", "split at random", "lead", "played", "captured",
                      "dead trick", "hand scored", "game over", "fool captures",
                      "changeling takes lady", "twins cancel")

# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
WRONG_KIND: Final = 1  # not a move of this phase
NOT_DRAWN: Final = 2
ALREADY_TABLED: Final = 3
WRONG_SOURCE: Final = 4  # not from where the leader played
NOT_HELD: Final = 5
MUST_FOLLOW: Final = 6


class Rules:
    """What a game and its options fix, shared by every position of them."""

    def __init__(self, variant: int, players: int, hands_total: int, elvish: bool,
                 handicap: bool, handicap_tie_none: bool, tie_bonus: str) -> None:
        self.variant = variant
        self.players = players
        self.twins = variant == VIASHILYM  # two decks
        self.king_high = variant == VASHY
        self.hands_total = hands_total
        self.elvish = elvish  # nobody looks at his own face-down cards until the draw ends
        self.handicap = handicap
        self.handicap_tie_none = handicap_tie_none
        self.tie_bonus = tie_bonus
        self.order = ORDER[1 if self.king_high else 0]
        self.best = KING_CAPTURE if self.king_high else CAPTURE

    def taker(self, cards: list[int]) -> int:
        """The card of a trick (the lead first) that captures it, -1 when none can. "The highest
        card of the lead suit captures the other two cards, unless a god card has been played, in
        which case the top-ranking god card makes the capture." Viashilym: "When two identical
        cards are played as part of the same trick they cancel themselves out and become dead
        cards that cannot take captives themselves" (GAMES.md: they trigger neither the Fool nor
        the Changeling); with only dead cards of the lead suit and no god, none can."""
        once, twice = _copies(cards)
        return self.captures(cards[0] // 9, once ^ twice)

    def captures(self, lead: int, live: int) -> int:
        """The card that captures a trick led in suit `lead` whose live cards are `live`."""
        if not live & (SUIT_MASK[lead] | SUIT_MASK[GODS]):
            return -1
        return trick_card(live, lead, self.best, GODS, CAPTURE)


def _copies(cards: list[int]) -> tuple[int, int]:
    """The cards at least once and twice among `cards`, as masks."""
    once = twice = 0
    for card in cards:
        bit = 1 << card
        if once & bit:
            twice |= bit
        else:
            once |= bit
    return once, twice


_RULES: dict[tuple[object, ...], Rules] = {}


def rules_for(variant: int, players: int, hands_total: int = 1, elvish: bool = False,
              handicap: bool = False, handicap_tie_none: bool = False,
              tie_bonus: str = "none") -> Rules:
    key = (variant, players, hands_total, elvish, handicap, handicap_tie_none, tie_bonus)
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = Rules(variant, players, hands_total, elvish, handicap,
                                    handicap_tie_none, tie_bonus)
    return found


def listed(mask: int, order: list[tuple[int, ...]], offset: int) -> list[int]:
    """The cards of `mask` in the table order, each plus `offset` (an action's)."""
    out: list[int] = []
    for suit in range(SUITS):
        chunk = (mask >> (suit * 9)) & CHUNK
        if chunk:
            for card in order[suit * 512 + chunk]:
                out.append(offset + card)
    return out


def _put(once: list[int], twice: list[int], seat: int, bit: int) -> None:
    held = once[seat]
    if held & bit:
        twice[seat] = twice[seat] | bit
    else:
        once[seat] = held | bit


def _take(once: list[int], twice: list[int], seat: int, bit: int) -> None:
    held = twice[seat]
    if held & bit:
        twice[seat] = held ^ bit
    else:
        once[seat] = once[seat] ^ bit


class ViashiFast(FastState):
    """A position: the pile and the draw, the hands and tables, the captures, the scores of the
    hands of the round (or set)."""

    phase: int
    actor: int  # the seat to act, NOBODY when over
    hand_no: int  # hands dealt
    drawer: int
    drawn_a: int  # the drawer's two cards in the order drawn (-1: none)
    drawn_b: int
    shown: bool  # Viashilym: both drawn cards are on a table, shown to prove it
    pile: list[int]
    tabled: int  # every card put on a table this hand
    hand1: list[int]  # face down
    hand2: list[int]
    table1: list[int]  # face up
    table2: list[int]
    revealed: list[int]  # hand cards shown to all (put down after a shown draw)
    owned1: list[int]  # the cards of the captures made
    owned2: list[int]
    dead1: int  # Viashilym: the cards of the tricks nobody could take
    dead2: int
    tricks: list[int]
    trick: list[int]  # its cards, the leader's first
    leader: int  # -1 during the draw
    from_table: bool  # where the capture is played from
    scores: list[int]
    streak: list[int]  # hands won in a row (the handicap)
    random_draws: list[int]  # handicapped draws still to split at random this hand
    heuristic = True  # heuristic_action below

    def __init__(self, rules: Rules, rng: Rng, src: ViashiFast | None = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.rng = rng
        self.events = None
        if src is None:
            self.chances = self.hand_no = 0
            self.scores = [0] * rules.players
            self.streak = [0] * rules.players
            return
        self.chances = src.chances
        self.phase = src.phase
        self.actor = src.actor
        self.hand_no = src.hand_no
        self.drawer = src.drawer
        self.drawn_a = src.drawn_a
        self.drawn_b = src.drawn_b
        self.shown = src.shown
        self.pile = src.pile[:]
        self.tabled = src.tabled
        self.hand1 = src.hand1[:]
        self.hand2 = src.hand2[:]
        self.table1 = src.table1[:]
        self.table2 = src.table2[:]
        self.revealed = src.revealed[:]
        self.owned1 = src.owned1[:]
        self.owned2 = src.owned2[:]
        self.dead1 = src.dead1
        self.dead2 = src.dead2
        self.tricks = src.tricks[:]
        self.trick = src.trick[:]
        self.leader = src.leader
        self.from_table = src.from_table
        self.scores = src.scores[:]
        self.streak = src.streak[:]
        self.random_draws = src.random_draws[:]

    def copy(self) -> ViashiFast:
        return ViashiFast(self.rules, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    def next_seat(self, seat: int) -> int:
        """The next seat in the order of play (Viashi's counterclockwise, Vashy's clockwise)."""
        seat += 1
        return 0 if seat == self.players else seat

    # The draw ---------------------------------------------------------------------------------
    def deal(self, cards: list[int] | None) -> None:
        """The cards are shuffled and piled (`cards` stacks them, top first); the first drawer
        moves on one seat each hand, so that in a round "each player draw[s] first three
        times"."""
        rules, n = self.rules, self.players
        if cards is None:
            cards = list(range(N_CARDS)) * (2 if rules.twins else 1)
            self.rng.shuffle(cards)
        self.chances += 1
        self.hand_no += 1
        self.pile = cards[::-1]
        self.drawer = (self.hand_no - 1) % n
        self.drawn_a = self.drawn_b = -1
        self.shown = False
        self.tabled = self.dead1 = self.dead2 = 0
        self.hand1, self.hand2, self.table1, self.table2 = [0] * n, [0] * n, [0] * n, [0] * n
        self.revealed, self.owned1, self.owned2 = [0] * n, [0] * n, [0] * n
        self.tricks = [0] * n
        self.trick = []
        self.from_table = False
        self.leader = self.actor = -1
        self.phase = DRAW
        # The handicap: "one if they won the last hand, two if they won the last two hands, and
        # three if they won the last three or more hands".
        self.random_draws = [min(s, 3) for s in self.streak] if rules.handicap else [0] * n
        self.emit(DEALT, self.drawer, self.hand_no)
        self.next_draw()

    def next_draw(self) -> None:
        """"Each player in turn ... picks up two cards" until the pile is gone; a handicapped
        draw is split "between hand and table at random" at once."""
        pile = self.pile
        while pile:
            seat = self.drawer
            a = pile.pop()
            b = pile.pop()
            self.drawn_a = a
            self.drawn_b = b
            self.actor = seat
            if self.rules.twins:
                tabled = self.tabled
                self.shown = a != b and tabled >> a & 1 == 1 and tabled >> b & 1 == 1
            if self.random_draws[seat] <= 0:
                return
            self.random_draws[seat] = self.random_draws[seat] - 1
            self.chances += 1
            self.place(seat, b if self.rng.below(2) else a, SPLIT)
        self.start_play()

    def draw_choices(self) -> list[int]:
        """Either card may go face up; in Viashilym "a player may never play to the table any
        card that is already on the table, unless both of his drawn cards are already on the
        table, in which case he must prove this by revealing both, and then may place them as
        desired"."""
        a, b = self.drawn_a, self.drawn_b
        if a == b:
            return [a]
        if self.rules.twins and not self.shown:
            if self.tabled >> a & 1:
                return [b]
            if self.tabled >> b & 1:
                return [a]
        return [a, b]

    def place(self, seat: int, up: int, kind: int = TABLED) -> None:
        """"... places one face up in front of them, and one face down": shown first, the face
        down card is known to all while it stays in the hand."""
        a = self.drawn_a
        down = self.drawn_b if up == a else a
        self.tabled |= 1 << up
        _put(self.table1, self.table2, seat, 1 << up)
        _put(self.hand1, self.hand2, seat, 1 << down)
        if self.shown:
            self.revealed[seat] = self.revealed[seat] | 1 << down
        self.emit(kind, seat, 1 if self.shown else 0, (up, down))
        self.drawn_a = self.drawn_b = -1
        self.shown = False
        self.drawer = self.next_seat(seat)

    def start_play(self) -> None:
        """"The last person to draw is the first person to play, and becomes the leader for the
        first capture.\""""
        self.phase = PLAY
        self.drawn_a = self.drawn_b = -1
        self.leader = self.actor = (self.drawer - 1) % self.players
        self.emit(LEAD, self.leader)

    # The contract ----------------------------------------------------------------------------
    def legal(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            seat, order = self.actor, self.rules.order
            trick = self.trick
            if trick:
                # "The remaining ... players, in order, must choose a card from their hands, if
                # the leader played from his hand, or from their table cards if the leader played
                # from his table cards. They must play the same suit as the leader played if they
                # have that suit, and if a god card is lead they must also play a god card."
                if self.from_table:
                    return listed(follow(self.table1[seat], trick[0] // 9), order, TABLE)
                return listed(follow(self.hand1[seat], trick[0] // 9), order, HAND)
            # "The leader chooses to play a card ... from his hand, or from his table cards."
            return listed(self.hand1[seat], order, HAND) + listed(self.table1[seat], order,
                                                                    TABLE)
        if phase == DRAW:
            return self.draw_choices()
        return []

    def why_not(self, action: int) -> int:
        """Why `action` (any number, -1 for a move of no kind) may not be made now, or LEGAL."""
        if self.phase == DRAW:
            if not 0 <= action < HAND:
                return WRONG_KIND
            if action not in (self.drawn_a, self.drawn_b):
                return NOT_DRAWN
            return LEGAL if action in self.draw_choices() else ALREADY_TABLED
        if self.phase != PLAY or not HAND <= action < ACTIONS:
            return WRONG_KIND
        table = action >= TABLE
        if self.trick and table != self.from_table:
            return WRONG_SOURCE
        seat = self.actor
        held = self.table1[seat] if table else self.hand1[seat]
        if not held >> (action % N_CARDS) & 1:
            return NOT_HELD
        return LEGAL if action in self.legal() else MUST_FOLLOW

    def step(self, action: int) -> None:
        seat = self.actor
        if self.phase == DRAW:
            self.place(seat, action)
            self.next_draw()
            return
        trick = self.trick
        table = action >= TABLE
        card = action - (TABLE if table else HAND)
        bit = 1 << card
        if table:
            _take(self.table1, self.table2, seat, bit)
        else:
            _take(self.hand1, self.hand2, seat, bit)
            if self.revealed[seat] & bit:
                self.revealed[seat] = self.revealed[seat] ^ bit  # shown: those still in the hand
        if not trick:
            self.from_table = table
        trick.append(card)
        if self.events is not None:
            self.emit(PLAYED, seat, 1 if table else 0, (card,))
        if len(trick) < self.players:
            self.actor = self.next_seat(seat)
        else:
            self.end_trick()

    # The captures ----------------------------------------------------------------------------
    def end_trick(self) -> None:
        """"The player who makes the capture becomes the new leader", and owns the trick's cards.
        Viashilym: a trick nobody can take is "removed from play, and not scored for that game"
        (GAMES.md: the same leader leads again)."""
        trick = self.trick
        best = self.rules.taker(trick)
        leader = self.leader
        if self.events is not None:
            self.tell_exceptions(best, (leader + trick.index(best)) % self.players if best >= 0
                                 else -1)
        if best < 0:
            for card in trick:
                bit = 1 << card
                if self.dead1 & bit:
                    self.dead2 |= bit
                else:
                    self.dead1 |= bit
            self.emit(DEAD, -1, leader, tuple(trick))
        else:
            winner = (leader + trick.index(best)) % self.players
            for card in trick:
                _put(self.owned1, self.owned2, winner, 1 << card)
            self.tricks[winner] = self.tricks[winner] + 1
            self.emit(TAKEN, winner, leader, tuple(trick))
            self.leader = leader = winner
        self.trick = []
        self.actor = leader
        if not self.hand1[leader] and not self.table1[leader]:
            self.end_hand()

    def tell_exceptions(self, best: int, seat: int) -> None:
        """For the lab: which of the capture's exceptions made this one."""
        once, twice = _copies(self.trick)
        live = once ^ twice
        if twice:
            self.emit(TWINS, -1, -1, tuple(listed(twice, ORDER[0], 0)))
        if best == N_CARDS - 1 and live >> FIRST_GOD & 1:
            self.emit(CHANGELING_TAKES, seat)
        elif 0 <= best < FIRST_GOD and best % 9 == 8 and live >> (
                best - 8 + (1 if self.rules.king_high else 0)) & 1:
            self.emit(FOOL, seat)

    # The scoring -----------------------------------------------------------------------------
    def hand_parts(self) -> list[tuple[int, ...]]:
        """Each seat's points this hand by what earned them (Viashilym: its team's)."""
        n, tricks, owned1, owned2 = self.players, self.tricks, self.owned1, self.owned2
        variant = self.rules.variant
        if variant == VASHY:
            # "the scoring is by trick rather than by capture, a simple bonus of two for most
            # tricks is used ..., the magician/scholar bonuses are not used".
            bonus = most_bonus(tricks, 2, 2, self.rules.tie_bonus)
            return [(tricks[s], bonus[s]) for s in range(n)]
        if variant == VIASHILYM:
            # "Scoring is by team, five points per "trick", plus five for the most captives and
            # ten for taking more than both opposing teams combined. Each team also scores one
            # point for every set of twins (two copies of the same card) they own."
            teams = n // 2
            taken = [tricks[t] + tricks[t + teams] for t in range(teams)]
            bonus = most_bonus([(n - 1) * t for t in taken], 5, 10)
            parts: list[tuple[int, ...]] = [(5 * taken[t], bonus[t], (owned2[t] | owned2[t + teams]
                                               | owned1[t] & owned1[t + teams]).bit_count())
                     for t in range(teams)]
            return parts + parts
        # "Each card captured is worth one point ... The person who take the most captives scores
        # an extra three points, nine if he takes more captives than both his opponents added
        # together. Every player scores one point for each magician/scholar that they own."
        captives = [(n - 1) * t for t in tricks]
        bonus = most_bonus(captives, 3, 9)
        return [(captives[s], bonus[s], (owned1[s] & SCHOLARS).bit_count()) for s in range(n)]

    def hand_points(self) -> list[int]:
        return [sum(parts) for parts in self.hand_parts()]

    def end_hand(self) -> None:
        """The hand's points are added up; a round (a set) deals again until its hands are
        played. Ruling (rules page): every seat with the hand's top score won it, ties included,
        for the handicap; Viashi's handicap_tie=none reads a tie as nobody's win."""
        parts = self.hand_parts()
        points = [sum(p) for p in parts]
        top = max(points)
        won = [p == top for p in points]
        if self.rules.handicap_tie_none and sum(won) > 1:
            won = [False] * self.players
        for s in range(self.players):
            self.scores[s] = self.scores[s] + points[s]
            self.streak[s] = self.streak[s] + 1 if won[s] else 0
        if self.events is not None:
            self.emit(SCORED, -1, len(parts[0]), (), tuple(x for p in parts for x in p))
        if self.hand_no >= self.rules.hands_total:
            self.phase = OVER
            self.actor = NOBODY
            self.emit(GAME_OVER)
        else:
            self.deal(None)

    def round_count(self) -> int:
        return self.hand_no  # the hands of the round (set), the one under way counted

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # The heuristic (medium) -------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        seat, n = self.actor, self.players
        if legal[0] < HAND:  # the draw: what is unseen does not matter
            return heuristic_choice(self.rules, legal, seat, [], -1, [], 0)
        # In the play every card is in sight (a hand, a table, a capture, the dead, the trick) but
        # the others' hands: a card is unseen while a copy of it is there.
        unseen = 0
        for s in range(n):
            if s != seat:
                unseen |= self.hand1[s]
        return heuristic_choice(self.rules, legal, seat, self.trick, self.leader, self.table1,
                                unseen)

    # What a seat may know ---------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> ViashiFast:
        """The pile, the other hands (their shown cards kept) and another drawer's pair (unless
        shown) dealt afresh; under the elvish rule, while the draw lasts, the seat's own hand
        too (he has not looked at it)."""
        det = ViashiFast(self.rules, Rng(rng.seed()), self)
        n, hand1, hand2, revealed = self.players, det.hand1, det.hand2, self.revealed
        own_too = self.phase == DRAW and self.rules.elvish
        pair = self.drawn_a >= 0 and self.drawer != seat and not self.shown
        # The unseen cards gathered as a multiset (`once`, `twice`), so that where they really
        # lie cannot steer the deal.
        once = twice = 0
        for card in self.pile + ([self.drawn_a, self.drawn_b] if pair else []):
            twice |= once & 1 << card
            once |= 1 << card
        for s in range(n):
            if s != seat or own_too:
                hidden = hand1[s] ^ revealed[s]
                twice |= hand2[s] | once & hidden
                once |= hidden
        pool = listed(once, ORDER[0], 0) + listed(twice, ORDER[0], 0)
        rng.shuffle(pool)
        i = 0
        for s in range(n):
            if s != seat or own_too:
                end = i + hand1[s].bit_count() + hand2[s].bit_count() - revealed[s].bit_count()
                hand1[s], hand2[s] = revealed[s], 0  # a shown card's twin is never in the pool
                for card in pool[i:end]:
                    _put(hand1, hand2, s, 1 << card)
                i = end
        if pair:
            det.drawn_a, det.drawn_b = pool[i], pool[i + 1]
            i += 2
        det.pile = pool[i:]
        return det

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ViashiFast) and self.key() == other.key()


# Every field of a position but its rules, generator and events: what equal positions share, and
# what a pickled readable state keeps (a compiled position does not pickle).
FIELDS: Final = ("chances", "phase", "actor", "hand_no", "drawer", "drawn_a", "drawn_b", "shown",
                 "pile", "tabled", "hand1", "hand2", "table1", "table2", "revealed", "owned1",
                 "owned2", "dead1", "dead2", "tricks", "trick", "leader", "from_table", "scores",
                 "streak", "random_draws")


def start(rules: Rules, rng: Rng, cards: list[int] | None,
          events: list[Event] | None = None) -> ViashiFast:
    """A new game, its first hand piled from `cards` (top first) or a shuffle."""
    position = ViashiFast(rules, rng)
    position.events = events
    position.deal(cards)
    return position


def most_bonus(captives: list[int], most: int, more_than_all: int,
               tie: str = "none") -> list[int]:
    """Each side's bonus: `most` for the most captives (tricks), or `more_than_all` instead for
    more than all the others together. A tie for most gives nothing (GAMES.md), unless Vashy's
    `tie_bonus` gives `most` to each tied side or shares it out in whole points."""
    bonus = [0] * len(captives)
    top = max(captives)
    leaders = [i for i, c in enumerate(captives) if c == top]
    if len(leaders) == 1:
        bonus[leaders[0]] = more_than_all if top > sum(captives) - top else most
    elif tie != "none":
        # A tied side never has more than all the others together: only `most` is at stake.
        for i in leaders:
            bonus[i] = most if tie == "each" else most // len(leaders)
    return bonus


# The heuristic (medium) -----------------------------------------------------------------------
def worth(card: int, king_high: bool) -> int:
    """How costly a card is to give up: its power in its suit, the gods above every suit card."""
    rank = card % 9
    if card >= FIRST_GOD:
        return 19 - rank
    if king_high and rank < 2:
        return 8 + rank  # the King 9, the Queen 8
    return 9 - rank


def _holds(rules: Rules, plays: list[int], threats: int) -> bool:
    """Whether the last of `plays`, which captures so far, still does whichever one of the cards
    `threats` is added (a twin of a live card kills it)."""
    once, twice = _copies(plays)
    live, lead, mine = once ^ twice, plays[0] // 9, plays[-1]
    while threats:
        bit = threats & -threats
        threats ^= bit
        if rules.captures(lead, live & ~bit if once & bit else live | bit) != mine:
            return False
    return True


def heuristic_choice(rules: Rules, legal: list[int], seat: int, trick: list[int], leader: int,
                     tables: list[int], unseen: int) -> int:
    """In the draw, tables the weaker card (hidden strength is worth more: nobody can plan for
    it). Leads the weakest card nobody still to play can beat (on a table lead every answer is
    in sight; from the hands, any unseen card of the suit, and of the gods for a god), else its
    weakest, keeping Scholars. Follows with the cheapest card that takes the capture when that
    card holds (or it plays last), else with its strongest taker when that holds or it must take;
    else with its weakest card, a Scholar only to a partner's capture. A capture a partner
    already holds is left to him."""
    king = rules.king_high
    if legal[0] < HAND:
        return min(legal, key=lambda a: (worth(a, king), SCHOLARS >> a & 1))
    n = rules.players
    partner = (seat + n // 2) % n if rules.twins else -1
    # The seats still to play after this one, but a partner.
    later = [(seat + k) % n for k in range(1, n - len(trick))]
    later = [s for s in later if s != partner]

    def holds(action: int) -> bool:
        card = action % N_CARDS
        lead = trick[0] // 9 if trick else card // 9
        if not later:
            return True
        threats = 0
        if action >= TABLE:
            for s in later:
                threats |= follow(tables[s], lead)
        else:
            threats = unseen & (SUIT_MASK[lead] | (SUIT_MASK[GODS] if card >= FIRST_GOD else 0))
        return _holds(rules, trick + [card], threats)

    if not trick:
        safe = [a for a in legal if holds(a)]
        if safe:  # the weakest sure winner first: the strong ones stay sure
            return min(safe, key=lambda a: worth(a % N_CARDS, king))
        return min(legal, key=lambda a: (SCHOLARS >> (a % N_CARDS) & 1, worth(a % N_CARDS, king)))
    once, twice = _copies(trick)
    live, lead = once ^ twice, trick[0] // 9
    best = rules.captures(lead, live)
    holder = -1 if best < 0 else (leader + trick.index(best)) % n
    ours = holder >= 0 and holder == partner
    if not ours:
        takers = [a for a in legal if rules.captures(
            lead, live & ~(1 << a % N_CARDS) if once >> a % N_CARDS & 1 else
            live | 1 << a % N_CARDS) == a % N_CARDS]
        if takers:
            cheapest = min(takers, key=lambda a: worth(a % N_CARDS, king))
            if not later or holds(cheapest):
                return cheapest
            strongest = max(takers, key=lambda a: worth(a % N_CARDS, king))
            if holds(strongest) or len(takers) == len(legal):
                return strongest
    # A Scholar goes only where a partner takes it.
    return min(legal, key=lambda a: (not ours and SCHOLARS >> (a % N_CARDS) & 1 == 1,
                                     worth(a % N_CARDS, king)))


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, ViashiFast, seed)


def census(fast: ViashiFast) -> list[int]:
    """Every card of the position: the pile, the drawn pair, hands, tables, owned, dead, trick."""
    cards = fast.pile + fast.trick + ([fast.drawn_a, fast.drawn_b] if fast.drawn_a >= 0 else [])
    masks = [fast.dead1, fast.dead2] + fast.hand1 + fast.hand2 + fast.table1 + fast.table2
    for mask in masks + fast.owned1 + fast.owned2:
        cards += listed(mask, ORDER[0], 0)
    return cards
