"""Mages Wild's rules, the only copy: the deal, what may be played on what, a turn (play, draw or
pass), the special cards, the reshuffle, the end and the returns, in the order of
docs/rules/mages_wild.md (the seed's "Mages Wild"). parlour/games/mages_wild.py is the readable
layer on top: moves and their notation, the words of a refusal, views, the table's scene and the
log, narrated from the events a step emits here.

Cards are numbers in the Viashi deck's order: the card of suit s (0 Winds, 1 Flames, 2 Stones,
3 Waves, 4 Leaves) and rank r (1 Queen .. 9 Fool) is 9*s + r - 1; the nine gods, Lady (rank 1) ..
Changeling (rank 9), are 45..53. A hand is a bit mask over those numbers, so the cards a player
can play are one `&` and list themselves in deck order.

Moves, the game's one numbering (Game.action_id, records, search): 0 draw, 1 pass, 2 + card for a
card played as it is, then 56..75 the mages naming each other suit in turn and 76..80 the Friend
naming a suit (god_effects only).

The position: `hands` (masks), the `draw` pile and the `discard` pile (lists of cards, the top
card last), `top` (the move that put the top card there: with the suit a mage named it fixes
`playable`, the mask of what may follow), `direction` (+1 or -1, turned by the Fool; `after`
lists the next seat that way), `current` (the seat to act, -1 when over), `turn` (the decisions
so far, for the turn limit), `winners`, and per seat what the public log shows of his hand, for
`determinize`: `lacked`, the cards he was seen not to hold when he drew or passed, and `since`,
how many cards he has taken in since then that may be among them. `chances` counts the deal and
the reshuffles of the discards into a new draw pile, the only draws of the game's generator.
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, Event, FastState, Rng, core_copy

# Cards ------------------------------------------------------------------------------------------
SUIT_LETTERS = "WRPBG"
GODS = ("Lady", "DarkLord", "Builder", "Thief", "Protectress", "Seductress", "Minion", "Friend",
        "Changeling")
CARD_NAMES: tuple[str, ...] = tuple(f"{r}{s}" for s in SUIT_LETTERS for r in range(1, 10)) + GODS
CARD_NUMBER: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
# The constants are Final: mypyc inlines them (or keeps them in C statics), where a plain module
# global is a dictionary look-up at every use.
DECK: Final = 54
assert len(CARD_NAMES) == DECK
HAND_SIZE: Final = 9
FIRST_GOD: Final = 45
FRIEND: Final = FIRST_GOD + 7
MAGE: Final = 8  # "Scholar/Magician": in this game the 8s are the mages
KING: Final = 2
WARRIOR: Final = 5
FOOL: Final = 9
NO_SUIT: Final = -1
# A look-up beats a shift past 30 bits.
CARD_BIT: Final[list[int]] = [1 << card for card in range(DECK)]


def rank_of(card: int) -> int:
    """1..9; a god counts as its equivalent rank."""
    return card - FIRST_GOD + 1 if card >= FIRST_GOD else card % 9 + 1


def suit_of(card: int) -> int:
    return NO_SUIT if card >= FIRST_GOD else card // 9


def is_mage(card: int) -> bool:
    return card < FIRST_GOD and card % 9 + 1 == MAGE


GOD_CARDS: Final = sum(CARD_BIT[c] for c in range(FIRST_GOD, DECK))
MAGE_CARDS: Final = sum(CARD_BIT[c] for c in range(DECK) if is_mage(c))
PLAIN_CARDS: Final = (1 << DECK) - 1 ^ GOD_CARDS ^ MAGE_CARDS  # neither a god nor a mage
SUIT_CARDS: Final[list[int]] = [sum(CARD_BIT[9 * s + i] for i in range(9)) for s in range(5)]

# The cards of each byte of a mask, per byte: a mask lists itself in seven look-ups.
BYTE_CARDS: Final[list[list[list[int]]]] = [[[base + i for i in range(8) if byte >> i & 1
                                              and base + i < DECK] for byte in range(256)]
                                            for base in range(0, DECK, 8)]


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, in deck order."""
    cards: list[int] = []
    for table in BYTE_CARDS:
        if not mask:
            break
        cards += table[mask & 255]
        mask >>= 8
    return cards


# Moves ------------------------------------------------------------------------------------------
DRAW: Final = 0
PASS: Final = 1
MOVE_CARD: Final[list[int]] = [-1, -1] + list(range(DECK))
MOVE_NAMED: Final[list[int]] = [NO_SUIT, NO_SUIT] + [NO_SUIT] * DECK
for _suit in range(5):
    for _named in range(5):
        if _named != _suit:
            MOVE_CARD.append(9 * _suit + MAGE - 1)
            MOVE_NAMED.append(_named)
for _named in range(5):
    MOVE_CARD.append(FRIEND)
    MOVE_NAMED.append(_named)
MOVES: Final = len(MOVE_CARD)  # 81


# What may be played on what ----------------------------------------------------------------------
def playable_on(rank: int, suit: int, gods: bool) -> int:
    """"Players must either match the rank or the suit of the top card on the discard pile,
    unless they play a mage, or a god card": a match, a mage, a god if allowed."""
    mask = 0
    for card in range(DECK):
        if card >= FIRST_GOD:
            fits = gods
        else:
            fits = rank_of(card) in (MAGE, rank) or suit_of(card) == suit
        if fits:
            mask |= 1 << card
    return mask


def _requirement(move: int) -> tuple[int, int, bool]:
    """What the next card must match once `move` is played: (rank, suit, gods allowed). Ruling:
    after a god its equivalent rank or a mage, and gods cannot be played on gods (a Friend that
    named a suit asks for that suit too); after any other card its rank or its suit (the named
    one for a mage that named one)."""
    card, named = MOVE_CARD[move], MOVE_NAMED[move]
    if card >= FIRST_GOD:
        return rank_of(card), named, False
    return rank_of(card), named if named != NO_SUIT else suit_of(card), True


REQUIREMENT: Final[list[tuple[int, int, bool]]] = (
    [(0, NO_SUIT, False)] * 2 + [_requirement(m) for m in range(2, MOVES)])
BIT: Final[list[int]] = [0, 0] + [1 << MOVE_CARD[m] for m in range(2, MOVES)]
NEED: Final[list[int]] = [0, 0] + [playable_on(*REQUIREMENT[m]) for m in range(2, MOVES)]
# The Dark Lord, the Protectress and the Changeling act as King, Warrior and Fool only with
# god_effects; the Friend's part there is to name a suit, which is a move of its own.
EFFECT_GODS = {FIRST_GOD + KING - 1, FIRST_GOD + WARRIOR - 1, FIRST_GOD + FOOL - 1}


def _effects(god_effects: bool) -> list[int]:
    table = [0, 0]
    for m in range(2, MOVES):
        card = MOVE_CARD[m]
        rank = rank_of(card) if card < FIRST_GOD or (god_effects and card in EFFECT_GODS) else 0
        table.append(rank if rank in (KING, WARRIOR, FOOL) else 0)
    return table


EFFECTS: Final[tuple[list[int], list[int]]] = (_effects(False), _effects(True))


def _plays(god_effects: bool) -> list[list[int]]:
    """Per card, every way to play it: as it is, then a mage (or, with god_effects, the Friend)
    naming each other suit."""
    table: list[list[int]] = [[2 + card] for card in range(DECK)]
    for m in range(2 + DECK, MOVES):
        card = MOVE_CARD[m]
        if card != FRIEND or god_effects:
            table[card].append(m)
    return table


PLAYS: Final[tuple[list[list[int]], list[list[int]]]] = (_plays(False), _plays(True))
# The same per suit of a mask of cards (nine bits, the gods a sixth), for each option: a set of
# cards offers its plays in a look-up per suit it holds. (A cache of the moves per set held grew
# to some 100,000 lists in a search: its look-ups missed the processor's caches and the
# collector walked every list. Six look-ups in small tables cost a quarter of the compiled
# search less, and as much as the cache in pure Python.)
def _suit_plays(plays: list[list[int]]) -> list[list[list[int]]]:
    return [[[m for i in range(9) if chunk >> i & 1 for m in plays[9 * suit + i]]
             for chunk in range(512)] for suit in range(6)]


SUIT_PLAYS: Final[tuple[list[list[list[int]]], list[list[list[int]]]]] = (
    _suit_plays(PLAYS[False]), _suit_plays(PLAYS[True]))


# The seat after each, per player count: AFTER in the order of play, BEFORE the other way round
# (after a Fool). A look-up where (seat + direction) % players is three operations.
AFTER: Final[list[list[int]]] = [[(s + 1) % n for s in range(n)] for n in range(9)]
BEFORE: Final[list[list[int]]] = [[(s - 1) % n for s in range(n)] for n in range(9)]


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts.
TURNED_UP: Final = 0  # cards[0] was turned up to start the discard pile
PLAYED: Final = 1  # seat played move `other`
DREW: Final = 2  # seat drew `other` cards (the King's two among them)
PASSED: Final = 3  # seat could neither play nor draw
SKIPPED: Final = 4  # seat loses his turn to a Warrior
RESHUFFLED: Final = 5  # `other` cards under the top card made a new draw pile
WENT_OUT: Final = 6  # seat ran out of cards and wins
TURN_LIMIT: Final = 7  # the engine's turn limit: more, the seats with the fewest cards, win
EVENT_NAMES: Final = ("turned up", "played", "drew", "passed", "skipped", "reshuffled",
                      "went out", "turn limit")

# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
CAN_PLAY: Final = 1  # a draw or a pass by a seat holding a card that fits
NOTHING_TO_DRAW: Final = 2
MUST_DRAW: Final = 3  # a pass while there is a card to draw
NOT_HELD: Final = 4
FRIEND_NAMES_NONE: Final = 5  # the Friend naming a suit without god_effects
GOD_ON_GOD: Final = 6
NOT_GOD_RANK: Final = 7  # on a god only its equivalent rank or a mage
NOT_NAMED_SUIT: Final = 8  # a mage (or the Friend) asks for its suit
NO_MATCH: Final = 9
OVER: Final = 10


# The position -----------------------------------------------------------------------------------
class MagesWildFast(FastState):
    players: int
    chances: int
    rng: Rng
    god_effects: bool
    limit: int
    hands: list[int]
    draw: list[int]
    discard: list[int]
    top: int
    playable: int
    direction: int
    after: list[int]
    current: int
    turn: int
    winners: list[int]
    lacked: list[int]
    since: list[int]
    effects: list[int]
    suit_plays: list[list[list[int]]]
    heuristic = True  # heuristic_action below

    def __init__(self, players: int, god_effects: bool, limit: int, rng: Rng, chances: int,
                 hands: list[int], draw: list[int], discard: list[int], top: int,
                 direction: int, current: int, turn: int, winners: list[int],
                 lacked: list[int], since: list[int]) -> None:
        self.players = players
        self.god_effects = god_effects
        self.limit = limit
        self.rng = rng
        self.events = None
        self.chances = chances
        self.hands = hands
        self.draw = draw
        self.discard = discard
        self.top = top
        self.playable = NEED[top]
        self.direction = direction
        self.after = (AFTER if direction > 0 else BEFORE)[players]  # follows `direction`
        self.current = current
        self.turn = turn
        self.winners = winners
        self.lacked = lacked
        self.since = since
        self.effects = EFFECTS[god_effects]
        self.suit_plays = SUIT_PLAYS[god_effects]

    def to_act(self) -> int:
        return self.current

    # A turn: play a card that fits, else draw one, else pass ---------------------------------
    def legal(self) -> list[int]:
        seat = self.current
        if seat < 0:
            return []
        held = self.hands[seat] & self.playable
        if held:
            moves: list[int] = []
            for table in self.suit_plays:
                chunk = held & 511
                if chunk:
                    moves += table[chunk]
                held >>= 9
                if not held:
                    break
            return moves
        # "If none of his cards can be played he draws one card from the top of the draw pile."
        # Nothing to draw means every other card is in a hand, and so are at least four mages:
        # someone will play, and play never blocks.
        return [DRAW] if self.draw or len(self.discard) > 1 else [PASS]

    def why_not(self, action: int) -> int:
        """Why `action` (any move number) may not be made now, or LEGAL."""
        seat = self.current
        if seat < 0:
            return OVER
        hand = self.hands[seat]
        if action == DRAW or action == PASS:
            if hand & self.playable:
                return CAN_PLAY
            can_draw = bool(self.draw) or len(self.discard) > 1
            if action == DRAW and not can_draw:
                return NOTHING_TO_DRAW
            if action == PASS and can_draw:
                return MUST_DRAW
            return LEGAL
        card = MOVE_CARD[action]
        if not hand & CARD_BIT[card]:
            return NOT_HELD
        if action not in PLAYS[self.god_effects][card]:
            return FRIEND_NAMES_NONE
        if self.playable & CARD_BIT[card]:
            return LEGAL
        top = self.discard[-1]
        if card >= FIRST_GOD:
            return GOD_ON_GOD
        if top >= FIRST_GOD and MOVE_NAMED[self.top] == NO_SUIT:
            return NOT_GOD_RANK
        if is_mage(top) or top == FRIEND:
            return NOT_NAMED_SUIT
        return NO_MATCH

    def step(self, action: int) -> None:
        # Written for the playouts, where it runs a hundred times a game: fields are read once
        # and only where the move needs them, and a list's item is read, changed and written
        # back in plain steps (mypyc leaves `items[i] |= x` to the generic number protocol).
        seat = self.current
        turn = self.turn + 1
        self.turn = turn
        if action > 1:
            bit = BIT[action]
            hands = self.hands
            left = hands[seat] ^ bit
            hands[seat] = left
            self.discard.append(MOVE_CARD[action])
            self.top = action
            self.playable = NEED[action]
            if self.events is not None:
                self.emit(PLAYED, seat, action)
            # Each card played that he was seen to lack must be one of those he took in since.
            if bit & self.lacked[seat]:
                since = self.since
                taken = since[seat]
                if taken:
                    since[seat] = taken - 1
            if not left:  # "The first player to run out of cards wins.", whatever the turn
                self.winners = [seat]
                self.current = NOBODY
                self.emit(WENT_OUT, seat)
                return
            effect = self.effects[action]
            if not effect:
                self.current = self.after[seat]
            elif effect == FOOL:
                # The Fool turns the order of play round; with two players it changes nothing.
                after = self.after
                if self.players > 2:
                    direction = -self.direction
                    self.direction = direction
                    after = (AFTER if direction > 0 else BEFORE)[self.players]
                    self.after = after
                self.current = after[seat]
            elif effect == WARRIOR:
                # "the player who would normally play next loses his turn"
                after = self.after
                self.emit(SKIPPED, after[seat])
                self.current = after[after[seat]]
            else:
                # "the next player to play must pick up two cards before taking his regular
                # turn": forced on him, so they show nothing of his hand.
                nxt = self.after[seat]
                taken = self._take(nxt, 2)
                self.emit(DREW, nxt, taken)
                since = self.since
                since[nxt] = since[nxt] + taken
                self.current = nxt
        else:
            if action == DRAW:
                pile = self.draw
                if len(pile) > 1:
                    hands = self.hands
                    hands[seat] = hands[seat] | CARD_BIT[pile.pop()]
                else:
                    self._take(seat, 1)
                if self.events is not None:
                    self.emit(DREW, seat, 1)
            elif self.events is not None:
                self.emit(PASSED, seat)
            # Drawing or passing shows he held none of the cards then playable; a second such
            # turn with nothing taken in since adds to what he lacks.
            since = self.since
            lacked = self.lacked
            if since[seat]:
                lacked[seat] = self.playable
            else:
                lacked[seat] = lacked[seat] | self.playable
            since[seat] = 1 if action == DRAW else 0
            # "Play then moves to the next player."
            self.current = self.after[seat]
        if turn >= self.limit:
            self._end_by_count()

    def _take(self, seat: int, count: int) -> int:
        """Up to `count` cards from the draw pile, which is made anew from the discards under
        the top card as soon as it runs out (or, left empty by a reshuffle with nothing under the
        top card, once cards played since can make one)."""
        pile = self.draw
        hands = self.hands
        got = 0
        for _ in range(count):
            if not pile:
                self._reshuffle()
                if not pile:
                    break
            hands[seat] = hands[seat] | CARD_BIT[pile.pop()]
            got += 1
            if not pile:
                self._reshuffle()
        return got

    def _reshuffle(self) -> None:
        """"When the last card of the draw pile is taken, the top card of the discard pile is
        taken to form a new discard pile, and the remainder of the cards are shuffled, and
        placed face down to form a new draw pile.\""""
        discard = self.discard
        if len(discard) < 2:
            return
        rest = discard[:-1]
        del discard[:-1]
        self.rng.shuffle(rest)
        self.draw.extend(rest)
        self.chances += 1
        self.emit(RESHUFFLED, -1, len(rest))

    def _end_by_count(self) -> None:
        """The engine's turn limit (the seed has none): the fewest cards in hand win."""
        counts = [hand.bit_count() for hand in self.hands]
        fewest = min(counts)
        self.winners = [s for s in range(self.players) if counts[s] == fewest]
        self.current = NOBODY
        self.emit(TURN_LIMIT, -1, -1, (), tuple(self.winners))

    def returns(self) -> list[float]:
        """The winner 1, everyone else 0; at the turn limit the 1 is shared among the players
        holding the fewest cards."""
        winners = self.winners
        if not winners:
            return [0.0] * self.players
        share = 1.0 / len(winners)
        return [share if s in winners else 0.0 for s in range(self.players)]

    def reached_cap(self) -> bool:
        """Whether the game ended at the turn limit rather than with a player out."""
        return bool(self.winners) and self.hands[self.winners[0]] != 0

    # The heuristic (medium) -------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        seat, n = self.current, self.players
        hands = self.hands
        before = (AFTER if self.direction < 0 else BEFORE)[n]
        return heuristic_choice(legal, hands[seat], [hand.bit_count() for hand in hands],
                                self.after[seat], before[seat], n, self.effects)

    # Copies and what a seat may know --------------------------------------------------------
    def copy(self) -> MagesWildFast:
        return MagesWildFast(self.players, self.god_effects, self.limit, self.rng, self.chances,
                             self.hands[:], self.draw[:], self.discard[:], self.top,
                             self.direction, self.current, self.turn, self.winners[:],
                             self.lacked[:], self.since[:])

    def determinize(self, seat: int, rng: Rng) -> MagesWildFast:
        """The other hands and the draw pile dealt afresh from the cards `seat` cannot see, each
        the same size; a hand gets none of the cards its seat was seen to lack, but for as many
        as it has taken in since. The copy reshuffles with `rng` itself, the search's generator:
        it knows no more of the real deals than a new one would, and most playouts reshuffle,
        where a new one seeded at its first draw costs a tenth of a search iteration."""
        players = self.players
        hands = self.hands[:]
        lacked, since = self.lacked, self.since
        hidden = 0
        # The seats that lack cards first, then those with the fewest cards dealt freely: the
        # greedy deal then rarely runs short. Each seat sorts as one int, (lacks nothing,
        # since - size, seat) in fields of their own (since - size stays far inside 2**20: a
        # seat takes in at most two cards a turn).
        sizes_by_seat = [0] * players
        order: list[int] = []
        for s in range(players):
            if s != seat:
                hand = hands[s]
                hidden |= hand
                size = hand.bit_count()
                sizes_by_seat[s] = size
                order.append((0 if lacked[s] else 1 << 40)
                             | (since[s] - size + (1 << 20)) << 4 | s)
        order.sort()
        seats: list[int] = []
        sizes: list[int] = []
        lacks: list[int] = []
        sinces: list[int] = []
        for key in order:
            s = key & 15
            seats.append(s)
            sizes.append(sizes_by_seat[s])
            lacks.append(lacked[s])
            sinces.append(since[s])
        for card in self.draw:
            hidden |= CARD_BIT[card]
        # In deck order: where the hidden cards really lie must not steer the deal.
        pool = cards_in(hidden)
        dealt: list[int] | None = None
        for _ in range(20):
            rng.shuffle(pool)
            dealt = _deal_short(pool, sizes, lacks, sinces)
            if dealt is not None:
                break
        if dealt is None:  # never fall back on the real hands: deal as if nothing were known
            nothing = [0] * len(seats)
            dealt = _deal_short(pool, sizes, nothing, nothing)
            assert dealt is not None
        taken = 0
        for i in range(len(seats)):
            hand = dealt[i]
            hands[seats[i]] = hand
            taken |= hand
        draw = [card for card in pool if not CARD_BIT[card] & taken]
        return MagesWildFast(players, self.god_effects, self.limit, rng, self.chances, hands,
                             draw, self.discard[:], self.top, self.direction, self.current,
                             self.turn, self.winners[:], lacked[:], since[:])

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MagesWildFast) and self.key() == other.key()


# Every field of a position but its generator, events and the option's tables: what equal positions
# share, and what a pickled readable state keeps (a compiled position does not pickle).
FIELDS: Final = ("players", "god_effects", "limit", "chances", "hands", "draw", "discard", "top",
                 "playable", "direction", "after", "current", "turn", "winners", "lacked",
                 "since")


def _deal_short(pool: list[int], sizes: list[int], lacks: list[int],
                sinces: list[int]) -> list[int] | None:
    """Hands from the shuffled pool for seats of these sizes, lacked masks and since counts:
    the cards a seat held when it last showed what it lacked come from the front of the pool,
    none of those; the `since` it took in after, any, from the back. None if the pool runs
    short."""
    hands: list[int] = []
    used = 0
    front, back = 0, len(pool) - 1  # the pool outside them is all dealt
    for i in range(len(sizes)):
        size = sizes[i]
        lacked = lacks[i]
        later = min(sinces[i], size)
        kept = size - later
        hand = 0
        if kept:
            block = used | lacked
            for j in range(front, back + 1):
                bit = CARD_BIT[pool[j]]
                if not bit & block:
                    hand |= bit
                    block |= bit
                    kept -= 1
                    if not kept:
                        break
            if kept:
                return None
            used |= hand
            while front <= back and CARD_BIT[pool[front]] & used:
                front += 1
        if later:
            for j in range(back, front - 1, -1):
                bit = CARD_BIT[pool[j]]
                if not bit & used:
                    hand |= bit
                    used |= bit
                    later -= 1
                    if not later:
                        break
            while back >= front and CARD_BIT[pool[back]] & used:
                back -= 1
        hands.append(hand)
    return hands


# The deal -----------------------------------------------------------------------------------------
def start(players: int, god_effects: bool, limit: int, rng: Rng, cards: list[int],
          events: list[Event] | None = None) -> MagesWildFast:
    """A new game from the deck `cards`, top first: "Nine Cards are dealt to each player", one
    at a time round the table from seat 0; "the remaining cards are placed face down in a draw
    pile. The top card of the draw pile is flipped over to form a discard pile." Ruling: that
    card has no effect (no draw two, skip, reverse or named suit), but what it asks for stands.
    "The player to the left of the dealer" plays first: seat 0."""
    dealt = HAND_SIZE * players
    hands = [0] * players
    for i in range(dealt):
        hands[i % players] = hands[i % players] | CARD_BIT[cards[i]]
    top = cards[dealt]
    position = MagesWildFast(players, god_effects, limit, rng, 1, hands, cards[:dealt:-1], [top],
                             2 + top, 1, 0, 0, [], [0] * players, [0] * players)
    position.events = events
    position.emit(TURNED_UP, -1, -1, (top,))
    return position


# The heuristic (medium) ---------------------------------------------------------------------------
def heuristic_choice(legal: list[int], hand: int, counts: list[int], nxt: int, prev: int,
                     players: int, effects: list[int]) -> int:
    """Keep the mages (always playable: the sure last card) and the gods for later; play the King
    and the Warrior when they hurt the player next in turn, the Fool when it turns play away from
    the player closest to going out; otherwise shed the card that leaves the most follow-ups in
    hand, and name the suit one holds most of. From what the seat to act sees: its hand, every
    hand's size, who plays after it and who before."""
    if len(legal) == 1 or hand.bit_count() == 1:
        return legal[0]
    best, best_score = legal[0], 0.0
    danger = counts[nxt] <= 2
    for i, move in enumerate(legal):
        card = MOVE_CARD[move]
        rest = hand & ~CARD_BIT[card]
        plain = rest & PLAIN_CARDS
        # Cards left that would follow this one: worth keeping the table on our suit and rank.
        score = 1.5 * (plain & NEED[move]).bit_count()
        wild = is_mage(card) or card >= FIRST_GOD
        if is_mage(card):
            score -= 10  # the mage is the card that can always be played: keep it
        elif card >= FIRST_GOD:
            # A god is nearly as free as a mage, and after it only its rank or a mage follows:
            # keep it, unless the next player is close to going out and must be stopped.
            score += 3 if danger else -6
        if not wild and rest and not plain:
            score += 5  # only wild cards left after this: a sure finish
        effect = effects[move]
        if effect == KING:
            score += 4 + (4 if danger else 0)
        elif effect == WARRIOR:
            score += 8 if players == 2 else 3 + (4 if danger else 0)
        elif effect == FOOL and players > 2:
            score += max(-4, min(4, counts[prev] - counts[nxt]))
        named = MOVE_NAMED[move]
        if named != NO_SUIT or is_mage(card):
            suit = named if named != NO_SUIT else suit_of(card)
            score += 0.5 * (plain & SUIT_CARDS[suit]).bit_count()
        if i == 0 or score > best_score:
            best, best_score = move, score
    return best


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, MagesWildFast, seed)


def census(fast: MagesWildFast) -> list[int]:
    cards: list[int] = []
    for hand in fast.hands:
        cards += cards_in(hand)
    return cards + fast.draw + fast.discard
