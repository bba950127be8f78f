"""Ahzchim (Tribe) on integers: the rules, once, for the 52 cards and for the chips.

The readable layer (parlour/games/ahzchim.py) names, words and narrates what is here. Rule text:
shared/seeds/000; rulings: shared/GAMES.md (Ahzchim); the rules page: docs/rules/ahzchim.md.

A piece is its type: the index of its name in `Rules.names`, the readable sort order (the
Zahahnie, the Pelmeahe, the Rahziembiz, the Roke Zibahl, each by value; the spy and the Reshpel
first of their kinds). With cards every type is one card; with chips seventeen Z1 share a type.
A hand is a sorted list of types; a Zahahnie on the table is an entry, its type, its Roke Zibahl
and the Reshpel on it packed so that entries sort as the table shows them (`entry`). A seat's
village is its list of entries in the table's order.

An action is the game's action id (`Game.action_id`), one block per kind of action, mixed radix
inside (`Rules.start`): the fixed words and draws, buy, defend, rebuild, attack, raze, build,
exchange, Reshpel, offer. A Zahahnie is aimed at by its spot: the entry itself with chips (its fort
and Reshpel tell it apart), its type with cards (a heart is unique). An offer's items are the hand
types, then the spots.

`chances` counts the deal, the reshuffles of a Pord deck that has cards to shuffle and the razed
Zahahnie shuffled into the Pord (option razed_to = pord).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from math import exp
from operator import itemgetter
from typing import Any, Final

from ..core.cards import AHZCHIM_CHIPS, FRENCH_52, FRENCH_RANKS
from .core import NOBODY, Event, FastState, Rng, SourceRng, core_copy

HAND_SIZE: Final = 5
RESHPEL_BONUS: Final = 2
ZAH: Final = 0  # Zahahnie (hearts, food)
PEL: Final = 1  # Pelmeahe (diamonds, labor)
RAH: Final = 2  # Rahziembiz (spades, fighters)
ROKE: Final = 3  # Roke Zibahl (clubs, safehouses)

# The win model behind estimate(): a seat's odds of winning are exp of WIN_WEIGHTS times its
# win_features() (Zahahnie held, their worth squared / 20, its hand's size, the spades in it, the
# worth of the diamonds in it and the clubs in it), against the other seats' odds. Fitted by
# scripts/fit_ahzchim_estimate.py to who went on to win from each turn of 4000 games of four
# medium players (cards, default options): fitted on half of them, it names the winner at 75% of
# the other half's turns, where the most Zahahnie held names 71%. A spade in hand counts for
# four fifths of a Zahahnie held; the chips are weighed as the cards are.
WIN_WEIGHTS: Final = (0.431, 0.115, -0.054, 0.346, 0.148, -0.097)

# The fixed action ids.
PASS: Final = 0
YIELD: Final = 1
ACCEPT: Final = 2
REFUSE: Final = 3
DRAW: Final = 4  # + the count, 0 to 3
FIXED: Final = 8

# Phases.
TURN: Final = 0
ANSWER: Final = 1
OFFERED: Final = 2
DRAWING: Final = 3
OVER: Final = 4
# What is pending.
NONE: Final = 0
ATTACKED: Final = 1
RAZED: Final = 2
TRADE: Final = 3

# How a game ended (`result`), for the log's words.
HOLDS_EVERY: Final = 0
LAST_IN_PLAY: Final = 1
OUT_TOGETHER: Final = 2
TURN_CAP: Final = 3

# What a step did, for the readable layer's log and the lab's counts.
DEALT: Final = 0
LAID_OUT: Final = 1  # seat lays out the Zahahnie cards[0]
TOOK: Final = 2  # seat took cards from the Pord; other 0 buying, 1 drawing
EXHAUSTED: Final = 3  # seat took the Pord's last card
BOUGHT: Final = 4  # seat buys with cards[0]
ATTACK_MADE: Final = 5  # seat attacks other's spot more[0] with cards[0]
FORT_HELD: Final = 6  # the Roke Zibahl held: cards[0] discarded
FORT_OVERCOME: Final = 7
RAZE_MADE: Final = 8  # seat razes other's spot more[0] with cards[0]
BUILT: Final = 9  # seat builds cards[0] on the Zahahnie cards[1]
EXCHANGED: Final = 10  # seat exchanges the fort cards[0] on cards[1] for cards[2]
RESHPEL_ADDED: Final = 11  # seat adds the Reshpel to the fort cards[0] on cards[1]
OFFER_MADE: Final = 12  # seat offers item more[0] for other's item more[1]
PASSED: Final = 13
ZAHAHNIE_WON: Final = 14  # seat yields: other wins cards[0]
RAZED_INTO_PORD: Final = 15  # seat yields: cards[0] is razed into the Pord
RAZED_AWAY: Final = 16  # seat yields: cards[0] is razed and discarded
DEFENDED: Final = 17  # seat defends cards[0] with cards[1]
REBUILT: Final = 18  # seat rebuilds cards[0] with cards[1]
REFUSED: Final = 19  # seat refuses the trade
ACCEPTED: Final = 20  # seat accepts: item more[0] for more[1]
WENT_OUT: Final = 21  # seat has no Zahahnie and no cards
WON: Final = 22  # seat wins; other how (`result`)
DRAWN_GAME: Final = 23  # nobody wins; other how
DREW_NOTHING: Final = 24
RESHUFFLED: Final = 25  # seat shuffles the discard pile into a new Pord of other cards
PORD_WAITS: Final = 26  # nothing to reshuffle: the Pord waits another round
EVENT_NAMES: Final = (
    "dealt", "laid out", "took from the Pord", "Pord exhausted", "bought", "attacked",
    "fort held", "fort overcome", "razed", "built", "exchanged", "Reshpel added", "offered",
    "passed", "Zahahnie won", "razed into the Pord", "razed away", "defended", "rebuilt",
    "trade refused", "trade accepted", "went out", "won", "drawn", "drew nothing", "reshuffled",
    "Pord waits")


# The pieces ---------------------------------------------------------------------------------------
def _kind_and_value(name: str, chips: bool) -> tuple[int, int]:
    if chips:
        if name == "spy":
            return RAH, 0
        if name == "reshpel":
            return ROKE, 0
        return "ZPRK".index(name[0]), int(name[1:])
    return "HDSC".index(name[1]), FRENCH_RANKS.index(name[0]) + 2


class Rules:
    """What the options and player count fix: the pieces, their values and the action blocks,
    shared by every position."""

    def __init__(self, players: int, chips: bool, count_by_cards: bool, razed_to_pord: bool,
                 round_cap: int) -> None:
        self.players = players
        self.chips = chips
        self.count_by_cards = count_by_cards
        self.razed_to_pord = razed_to_pord
        self.round_cap = round_cap
        pack = AHZCHIM_CHIPS.cards if chips else FRENCH_52.cards
        spy_name, reshpel_name = ("spy", "reshpel") if chips else ("2S", "2C")
        of: dict[str, tuple[int, int]] = {c: _kind_and_value(c, chips) for c in pack}
        self.names: list[str] = sorted(of, key=lambda c: (of[c][0], of[c][1], c == reshpel_name))
        number = {c: i for i, c in enumerate(self.names)}
        self.number = number
        self.deck: list[int] = [number[c] for c in pack]
        self.kind: list[int] = [of[c][0] for c in self.names]
        self.value: list[int] = [of[c][1] for c in self.names]
        self.count: list[int] = [pack.count(c) for c in self.names]
        self.spy = number[spy_name]
        self.reshpel = number[reshpel_name]
        # A Zahahnie's worth, a Pelmeahe's buying power: 1, 2 or 3 (2-9, 10-Q, K-A; the chips'
        # own value).
        self.worth: list[int] = [
            (v if chips else 1 if v <= 9 else 2 if v <= 12 else 3) if k in (ZAH, PEL) else 0
            for k, v in zip(self.kind, self.value)]
        types = range(len(self.names))
        self.zahahnie: list[int] = [t for t in types if self.kind[t] == ZAH]
        self.pel: list[int] = [t for t in types if self.kind[t] == PEL]
        self.rah: list[int] = [t for t in types if self.kind[t] == RAH]
        self.forts: list[int] = [t for t in types if self.kind[t] == ROKE and t != self.reshpel]
        self.hand_types: list[int] = [t for t in types if self.kind[t] != ZAH]
        self.hand_set = frozenset(self.hand_types)
        self.several = [t for t in self.hand_types if self.count[t] > 1]
        self.top_spade = max(self.value[t] for t in self.rah)
        self.zahahnie_total = sum(self.count[t] for t in self.zahahnie)
        index: list[int] = [-1] * len(self.names)
        for table in (self.pel, self.rah, self.forts):
            for i, t in enumerate(table):
                index[t] = i
        self.index = index  # a type's place among its kind's (the forts without the Reshpel)
        item: list[int] = [-1] * len(self.names)
        for i, t in enumerate(self.hand_types):
            item[t] = i
        self.item = item  # a hand type's item number in an offer
        self.block = 1 + 2 * len(self.forts)  # entries of one Zahahnie type
        self.spots = len(self.zahahnie) * (self.block if chips else 1)
        self.items = len(self.hand_types) + self.spots
        # A partner's places in a row of offers (`row`): seat * items + the item asked for.
        self.places: list[list[int]] = [list(range(o * self.items, (o + 1) * self.items))
                                        for o in range(players)]
        n, s = players, self.spots
        sizes = (FIXED, len(self.pel), len(self.rah), len(self.pel), len(self.rah) * n * s,
                 len(self.pel) * n * s, len(self.forts) * s, len(self.forts) * s, s,
                 self.items * n * self.items)
        start: list[int] = []
        total = 0
        for size in sizes:
            start.append(total)
            total += size
        self.start = start
        self.size = total
        empty: list[int] = []
        self.rows: list[list[list[int]]] = [
            [empty] * len(self.rah), [empty] * len(self.pel), [empty] * self.items]

    # A Zahahnie on the table ---------------------------------------------------------------------
    def entry(self, zah: int, fort: int, reshpel: bool) -> int:
        """The entry of Zahahnie `zah` under the Roke Zibahl `fort` (-1: none), with the Reshpel."""
        if fort < 0:
            return zah * self.block
        return zah * self.block + 1 + 2 * self.index[fort] + reshpel

    def zah_of(self, entry: int) -> int:
        return entry // self.block

    def fort_of(self, entry: int) -> int:
        """The entry's Roke Zibahl, or -1."""
        rest = entry % self.block
        return -1 if rest == 0 else self.forts[(rest - 1) >> 1]

    def reshpel_on(self, entry: int) -> bool:
        rest = entry % self.block
        return rest > 0 and (rest - 1) & 1 == 1

    def fort_value(self, entry: int) -> int:
        """What an attacker must beat: the Roke Zibahl's value, +2 with the Reshpel on it."""
        fort = self.fort_of(entry)
        if fort < 0:
            return 0
        return self.value[fort] + (RESHPEL_BONUS if self.reshpel_on(entry) else 0)

    def spot(self, entry: int) -> int:
        """What the rules can tell apart on the table: a heart is unique; a chip is told by its
        worth, its fort and its Reshpel."""
        return entry if self.chips else entry // self.block

    def spot_entry(self, spot: int) -> int:
        """The entry a spot names (with cards: the bare heart, the fort unknown)."""
        return spot if self.chips else spot * self.block

    def item_type(self, item: int) -> int:
        """The piece an offer's item is: a hand type, or a spot's Zahahnie."""
        hand_types = self.hand_types
        if item < len(hand_types):
            return hand_types[item]
        return self.zah_of(self.spot_entry(item - len(hand_types)))

    # The action blocks ---------------------------------------------------------------------------
    def buy(self, card: int) -> int:
        return self.start[1] + self.index[card]

    def defend(self, card: int) -> int:
        return self.start[2] + self.index[card]

    def rebuild(self, card: int) -> int:
        return self.start[3] + self.index[card]

    def attack(self, card: int, owner: int, spot: int) -> int:
        return self.start[4] + (self.index[card] * self.players + owner) * self.spots + spot

    def raze(self, card: int, owner: int, spot: int) -> int:
        return self.start[5] + (self.index[card] * self.players + owner) * self.spots + spot

    def build(self, card: int, spot: int) -> int:
        return self.start[6] + self.index[card] * self.spots + spot

    def exchange(self, card: int, spot: int) -> int:
        return self.start[7] + self.index[card] * self.spots + spot

    def add_reshpel(self, spot: int) -> int:
        return self.start[8] + spot

    def offer(self, give: int, owner: int, take: int) -> int:
        return self.start[9] + (give * self.players + owner) * self.items + take

    def row(self, block: int, first: int) -> list[int]:
        """The action ids of `block` (attack, raze or offer) made with card or item number
        `first`: at seat * spots + spot, or seat * items + item asked for. Made as first asked
        for."""
        rows = self.rows[block - 4] if block < 9 else self.rows[2]
        got = rows[first]
        if not got:
            width = self.players * (self.items if block == 9 else self.spots)
            base = self.start[block] + first * width
            got = rows[first] = list(range(base, base + width))
        return got

    def block_of(self, action: int) -> int:
        """Which block an action id is in: 0 the fixed ones .. 9 the offers."""
        start = self.start
        block = 9
        while action < start[block]:
            block -= 1
        return block

    def decode(self, action: int) -> tuple[int, int, int, int]:
        """An action id as (block, card or item given, owner, spot or item taken)."""
        block = self.block_of(action)
        k = action - self.start[block]
        n, s = self.players, self.spots
        if block == 0:
            return 0, k, -1, -1
        if block in (1, 3):
            return block, self.pel[k], -1, -1
        if block == 2:
            return block, self.rah[k], -1, -1
        if block in (4, 5):
            rest, spot = divmod(k, s)
            card, owner = divmod(rest, n)
            return block, (self.rah if block == 4 else self.pel)[card], owner, spot
        if block in (6, 7):
            card, spot = divmod(k, s)
            return block, self.forts[card], -1, spot
        if block == 8:
            return block, self.reshpel, -1, k
        rest, take = divmod(k, self.items)
        give, owner = divmod(rest, n)
        return block, give, owner, take


_RULES: dict[tuple[int, bool, bool, bool, int], Rules] = {}


def _none(row: list[int]) -> tuple[int, ...]:
    return ()


def _picker(indices: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """Takes those places of a row, as a tuple."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if not indices:
        return _none
    only = indices[0]
    return lambda row: (row[only],)


def rules_of(players: int, options: dict[str, Any]) -> Rules:
    key = (players, bool(options["chips"]), options["count_by"] == "cards",
           options["razed_to"] == "pord", int(options["round_cap"]))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules(*key)
    return rules


def unseen(rules: Rules, hand: list[int], discard: list[int],
           village: list[list[int]]) -> list[int]:
    """Hand types a seat holding `hand` cannot see anywhere: the ones he may ask another player
    for in a trade."""
    seen = hand + discard
    block = rules.block
    for row in village:
        for entry in row:
            if entry % block:  # a Roke Zibahl on it
                seen.append(rules.fort_of(entry))
                if rules.reshpel_on(entry):
                    seen.append(rules.reshpel)
    # As sets, in C: then the types of several pieces (with chips, P1 and P2) still unseen.
    left = set(rules.hand_set)
    left -= set(seen)
    count = rules.count
    for c in rules.several:
        if count[c] > seen.count(c):
            left.add(c)
    return sorted(left)


def answers(rules: Rules, hand: list[int], card: int, razed: bool) -> tuple[list[int], list[int]]:
    """What answers an attack or raze with `card`: the higher spades in `hand` (never the spy,
    which beats no Rahziembiz), and against a raze the higher diamonds (rebuild)."""
    kind, value = rules.kind, rules.value
    bar = value[card]
    cards = sorted(set(hand))
    spades = [c for c in cards if kind[c] == RAH and c != rules.spy and value[c] > bar]
    diamonds = [c for c in cards if kind[c] == PEL and value[c] > bar] if razed else []
    return spades, diamonds


# The game -----------------------------------------------------------------------------------------
class AhzchimFast(FastState):
    """A game of Ahzchim: the turn's action, the defender's or trade partner's answer, the draw by
    Zahahnie worth, the Pord deck's reshuffle, until one holds every Zahahnie, is the last in
    play, or the round cap."""

    rules: Rules
    events: list[Event] | None
    phase: int
    actor: int  # NOBODY when over
    turn_seat: int
    round_no: int
    turns: int
    hands: list[list[int]]  # sorted types
    known: list[list[int]]  # cards everybody knows to be in a hand, as they became known
    village: list[list[int]]  # each seat's Zahahnie, entries in the table's order
    in_play: list[bool]
    discard: list[int]
    pord: list[int]  # the top card last
    pending: int  # NONE, ATTACKED, RAZED or TRADE, then:
    by: int  # the attacker or proposer
    card: int  # the attacking card, or the item given
    owner: int  # who answers
    target: int  # the index in his village of the Zahahnie attacked or razed, or the item asked
    taker: int  # who took the Pord's last card (-1: not exhausted)
    when: int  # on which turn
    winner: int
    result: int  # how the game ended, -1 while it goes on
    drawn: list[int]
    reached_cap: bool
    heuristic = True

    def __init__(self, rules: Rules, rng: Rng, src: AhzchimFast | None = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.rng = rng
        self.events = None
        if src is None:
            return  # deal() or a saved position sets the fields
        self.chances = src.chances
        self.phase = src.phase
        self.actor = src.actor
        self.turn_seat = src.turn_seat
        self.round_no = src.round_no
        self.turns = src.turns
        self.hands = [h[:] for h in src.hands]
        self.known = [k[:] for k in src.known]
        self.village = [v[:] for v in src.village]
        self.in_play = src.in_play[:]
        self.discard = src.discard[:]
        self.pord = src.pord[:]
        self.pending = src.pending
        self.by = src.by
        self.card = src.card
        self.owner = src.owner
        self.target = src.target
        self.taker = src.taker
        self.when = src.when
        self.winner = src.winner
        self.result = src.result
        self.drawn = src.drawn[:]
        self.reached_cap = src.reached_cap

    def copy(self) -> AhzchimFast:
        return AhzchimFast(self.rules, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    def emit(self, kind: int, seat: int = -1, other: int = -1, cards: tuple[int, ...] = (),
             more: tuple[int, ...] = ()) -> None:
        events = self.events
        if events is not None:
            events.append(Event(kind, seat, other, cards, more))

    # The deal: five each, one at a time from seat 0; a heart dealt is laid out at once --------
    def deal(self, cards: list[int] | None) -> None:
        rules = self.rules
        n = rules.players
        if cards is None:
            cards = rules.deck[:]
            self.rng.shuffle(cards)
        self.chances = 1
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.village = [[] for _ in range(n)]
        self.in_play = [True] * n
        self.discard = []
        self.pord = cards[HAND_SIZE * n:][::-1]
        for i in range(HAND_SIZE * n):
            self._gain(i % n, cards[i])
        self.emit(DEALT)
        self.phase = TURN
        self.actor = self.turn_seat = 0
        self.round_no = self.turns = 1
        self.pending = NONE
        self.by = self.card = self.owner = self.target = -1
        self.taker = -1
        self.when = 0
        self.winner = self.result = -1
        self.drawn = []
        self.reached_cap = False

    # Pieces moving ------------------------------------------------------------------------------
    def _gain(self, seat: int, card: int) -> None:
        """A card comes to a player: a Zahahnie is laid face up at once (no turn used)."""
        rules = self.rules
        if rules.kind[card] == ZAH:
            row = self.village[seat]
            row.append(rules.entry(card, -1, False))
            row.sort()
            self.emit(LAID_OUT, seat, -1, (card,))
        else:
            insort(self.hands[seat], card)

    def _lose(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        known = self.known[seat]
        if card in known:
            known.remove(card)

    def _take_from_pord(self, seat: int, count: int, drawing: bool) -> None:
        pord = self.pord
        cards = [pord.pop() for _ in range(count)]
        self.emit(TOOK, seat, int(drawing), tuple(cards))
        for card in cards:
            self._gain(seat, card)
        if not pord:
            self.taker, self.when = seat, self.turns
            self.emit(EXHAUSTED, seat)

    def _remove_entry(self, seat: int, index: int) -> int:
        """A Zahahnie leaves the table; any fort and Reshpel on it go to the discard pile."""
        rules = self.rules
        entry = self.village[seat].pop(index)
        fort = rules.fort_of(entry)
        if fort >= 0:
            self.discard.append(fort)
        if rules.reshpel_on(entry):
            self.discard.append(rules.reshpel)
        return rules.zah_of(entry)

    def _locate(self, owner: int, spot: int) -> int:
        """The index in `owner`'s village of the first Zahahnie at `spot`, or -1."""
        at = self.rules.spot
        for i, entry in enumerate(self.village[owner]):
            if at(entry) == spot:
                return i
        return -1

    # Values ---------------------------------------------------------------------------------
    def worth(self, seat: int) -> int:
        rules = self.rules
        worth, block = rules.worth, rules.block
        return sum(worth[e // block] for e in self.village[seat])

    def allowance(self, seat: int) -> int:
        """Draws at the end of a turn: 1 with a Zahahnie, 2 at nine, 3 at twelve."""
        row = self.village[seat]
        if not row:
            return 0
        count = len(row) if self.rules.count_by_cards else self.worth(seat)
        return 3 if count >= 12 else 2 if count >= 9 else 1

    def draw_limit(self) -> int:
        """The Pord exhausted: no draws."""
        if self.taker >= 0:
            return 0
        return min(self.allowance(self.turn_seat), len(self.pord))

    def unseen(self, seat: int) -> list[int]:
        return unseen(self.rules, self.hands[seat], self.discard, self.village)

    def _spots(self, seat: int) -> list[tuple[int, int]]:
        """Each different Zahahnie of a seat: (spot, entry), in the table's order."""
        rules = self.rules
        if not rules.chips:  # a heart is unique: its own spot
            block = rules.block
            return [(e // block, e) for e in self.village[seat]]
        at = rules.spot
        seen: set[int] = set()
        out: list[tuple[int, int]] = []
        for entry in self.village[seat]:
            spot = at(entry)
            if spot not in seen:
                seen.add(spot)
                out.append((spot, entry))
        return out

    # The moves ----------------------------------------------------------------------------------
    def legal(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == ANSWER:
            return self._answers()
        if phase == OFFERED:
            return [ACCEPT, REFUSE] if self._offer_holds() else [REFUSE]
        if phase == DRAWING:
            return list(range(DRAW, DRAW + self.draw_limit() + 1))
        return []

    def _offer_holds(self) -> bool:
        """A trade of a hand card can be accepted only by a partner who holds it."""
        rules = self.rules
        take = self.target
        return take >= len(rules.hand_types) or rules.hand_types[take] in self.hands[self.owner]

    def _turn_actions(self) -> list[int]:
        """One action a turn: buy (diamond), attack (spade), raze an unfortified Zahahnie
        (diamond), build, exchange or add the Reshpel to a Roke Zibahl (club), or trade."""
        rules = self.rules
        seat = self.turn_seat
        kind, fort_of, reshpel = rules.kind, rules.fort_of, rules.reshpel
        cards = sorted(set(self.hands[seat]))
        others = [o for o in range(rules.players) if o != seat and self.in_play[o]]
        theirs = {o: self._spots(o) for o in others}
        own = self._spots(seat)
        can_buy = self.taker < 0 and bool(self.pord)
        # Taken from rows of action ids made once (an itemgetter, in C): a turn has hundreds of
        # attacks and trade offers, and this runs at every move of a playout.
        spots = rules.spots
        aimed = _picker([o * spots + spot for o in others for spot, _ in theirs[o]])
        bare = _picker([o * spots + spot for o in others for spot, entry in theirs[o]
                        if fort_of(entry) < 0])
        index = rules.index
        forts = [(spot, fort_of(entry)) for spot, entry in own]
        buys: list[int] = []
        attacks: list[int] = []
        razes: list[int] = []
        builds: list[int] = []
        changes: list[int] = []
        reshpels: list[int] = []
        for card in cards:
            k = kind[card]
            if k == PEL:
                if can_buy:
                    buys.append(rules.buy(card))
                razes += bare(rules.row(5, index[card]))
            elif k == RAH:
                attacks += aimed(rules.row(4, index[card]))
            elif k == ROKE:
                if card == reshpel:
                    reshpels += [rules.add_reshpel(spot) for spot, entry in own
                                 if fort_of(entry) >= 0 and not rules.reshpel_on(entry)]
                    continue
                for spot, fort in forts:
                    if fort < 0:
                        builds.append(rules.build(card, spot))
                    elif fort != card:
                        changes.append(rules.exchange(card, spot))
        actions = buys + attacks + razes + builds + changes + reshpels
        if others:
            hand_count = len(rules.hand_types)
            item = rules.item
            gives = [item[c] for c in cards] + [hand_count + spot for spot, _ in own]
            # Asked for: any hand card he cannot see, then the other player's Zahahnie.
            unseen = [item[c] for c in self.unseen(seat)]
            pick_unseen = _picker(unseen)
            asked: list[int] = []  # the places in a giver's row of offers
            for o in others:
                places = rules.places[o]
                asked += pick_unseen(places)
                asked += [places[hand_count + spot] for spot, _ in theirs[o]]
            asks = _picker(asked)
            rows = rules.rows[2]
            for g in gives:
                actions += asks(rows[g] or rules.row(9, g))
        return actions or [PASS]

    def _answers(self) -> list[int]:
        """Against an attack that passed the fort, a higher spade (never the spy); against a
        raze, a higher spade or a higher diamond (rebuild); or he yields."""
        rules = self.rules
        spades, diamonds = answers(rules, self.hands[self.owner], self.card,
                                   self.pending == RAZED)
        return [rules.defend(c) for c in spades] + [rules.rebuild(c) for c in diamonds] + [YIELD]

    def step(self, action: int) -> None:
        phase = self.phase
        if phase == TURN:
            self._act(action)
        elif phase == ANSWER:
            self._answer(action)
        elif phase == OFFERED:
            self._answer_offer(action)
        elif phase == DRAWING:
            if action > DRAW:
                self._take_from_pord(self.turn_seat, action - DRAW, True)
            else:
                self.emit(DREW_NOTHING, self.turn_seat)
            if not self._settle():
                self._end_turn()

    def _act(self, action: int) -> None:
        rules = self.rules
        seat = self.turn_seat
        block, card, owner, spot = rules.decode(action)
        if block == 1:
            # Buy: the diamond is discarded face up; 2-9 buys 1 card, 10-Q 2, K-A 3.
            self._lose(seat, card)
            self.discard.append(card)
            self.emit(BOUGHT, seat, -1, (card,))
            self._take_from_pord(seat, min(rules.worth[card], len(self.pord)), False)
        elif block == 4:
            self._lose(seat, card)
            index = self._locate(owner, spot)
            entry = self.village[owner][index]
            self.emit(ATTACK_MADE, seat, owner, (card,), (spot,))
            fortified = rules.fort_of(entry) >= 0
            # A fort defeats attackers of equal or lesser value; the spy beats any fort.
            if fortified and card != rules.spy and rules.value[card] <= rules.fort_value(entry):
                self.discard.append(card)
                self.emit(FORT_HELD, seat, -1, (card,))
            else:
                if fortified:
                    self.emit(FORT_OVERCOME, seat)
                self._ask(ATTACKED, seat, card, owner, index)
                return
        elif block == 5:
            self._lose(seat, card)
            index = self._locate(owner, spot)
            self.emit(RAZE_MADE, seat, owner, (card,), (spot,))
            self._ask(RAZED, seat, card, owner, index)
            return
        elif block == 6:
            self._lose(seat, card)
            row = self.village[seat]
            index = self._locate(seat, spot)
            zah = rules.zah_of(row[index])
            row[index] = rules.entry(zah, card, False)
            self.emit(BUILT, seat, -1, (card, zah))
        elif block == 7:
            # Exchange: the old Roke Zibahl comes back to the hand, seen by all.
            self._lose(seat, card)
            row = self.village[seat]
            index = self._locate(seat, spot)
            entry = row[index]
            zah, old = rules.zah_of(entry), rules.fort_of(entry)
            row[index] = rules.entry(zah, card, rules.reshpel_on(entry))
            self._gain(seat, old)
            self.known[seat].append(old)
            self.emit(EXCHANGED, seat, -1, (old, zah, card))
        elif block == 8:
            # The Reshpel adds +2 onto one Roke Zibahl.
            self._lose(seat, rules.reshpel)
            row = self.village[seat]
            index = self._locate(seat, spot)
            entry = row[index]
            zah, fort = rules.zah_of(entry), rules.fort_of(entry)
            row[index] = rules.entry(zah, fort, True)
            self.emit(RESHPEL_ADDED, seat, -1, (fort, zah))
        elif block == 9:
            # Shaho: the partner answers out of turn.
            self.emit(OFFER_MADE, seat, owner, (), (card, spot))
            self.pending, self.by, self.card, self.owner, self.target = \
                TRADE, seat, card, owner, spot
            self.phase, self.actor = OFFERED, owner
            return
        else:
            self.emit(PASSED, seat)
        self._after_action()

    def _ask(self, pending: int, seat: int, card: int, owner: int, index: int) -> None:
        self.pending, self.by, self.card, self.owner, self.target = \
            pending, seat, card, owner, index
        self.phase, self.actor = ANSWER, owner

    def _answer(self, action: int) -> None:
        rules = self.rules
        attacked = self.pending == ATTACKED
        attacker, card, owner, index = self.by, self.card, self.owner, self.target
        self.pending = NONE
        row = self.village[owner]
        entry = row[index]
        zah = rules.zah_of(entry)
        if action == YIELD:
            self.discard.append(card)
            self._remove_entry(owner, index)
            if attacked:
                self.emit(ZAHAHNIE_WON, owner, attacker, (zah,))
                self._gain(attacker, zah)
            elif rules.razed_to_pord:
                self.pord.insert(self.rng.below(len(self.pord) + 1), zah)
                self.chances += 1
                self.emit(RAZED_INTO_PORD, owner, attacker, (zah,))
            else:
                self.discard.append(zah)
                self.emit(RAZED_AWAY, owner, attacker, (zah,))
        else:
            answer = rules.decode(action)[1]
            self._lose(owner, answer)
            self.discard.append(card)
            self.discard.append(answer)
            self.emit(DEFENDED if rules.block_of(action) == 2 else REBUILT, owner, attacker,
                      (zah, answer))
            fort = rules.fort_of(entry)
            if attacked and fort >= 0:
                # The fort was beaten before the defence: it goes with both spades.
                row[index] = rules.entry(zah, -1, False)
                self.discard.append(fort)
                if rules.reshpel_on(entry):
                    self.discard.append(rules.reshpel)
        self._after_action()

    def _answer_offer(self, action: int) -> None:
        rules = self.rules
        proposer, give, owner, take = self.by, self.card, self.owner, self.target
        self.pending = NONE
        if action == REFUSE:
            self.emit(REFUSED, owner, proposer)
        else:
            self.emit(ACCEPTED, owner, proposer, (), (give, take))
            got_by_owner = self._hand_over(proposer, give)
            got_by_proposer = self._hand_over(owner, take)
            self._gain(owner, got_by_owner)
            self._gain(proposer, got_by_proposer)
            for seat, card in ((owner, got_by_owner), (proposer, got_by_proposer)):
                if rules.kind[card] != ZAH:
                    self.known[seat].append(card)
        self._after_action()

    def _hand_over(self, seat: int, item: int) -> int:
        rules = self.rules
        hand_count = len(rules.hand_types)
        if item >= hand_count:
            return self._remove_entry(seat, self._locate(seat, item - hand_count))
        card = rules.hand_types[item]
        self._lose(seat, card)
        return card

    def _after_action(self) -> None:
        """The action is done: the optional draws, or the end of the turn."""
        if self._settle():
            return
        seat = self.turn_seat
        if self.in_play[seat] and self.draw_limit() > 0:
            self.phase, self.actor = DRAWING, seat
            return
        self._end_turn()

    def _settle(self) -> bool:
        """A player with no Zahahnie and no cards is out; the game ends on a win. True if over."""
        n = self.players
        in_play, village, hands = self.in_play, self.village, self.hands
        gone: list[int] = []
        for s in range(n):
            if in_play[s] and not village[s] and not hands[s]:
                in_play[s] = False
                gone.append(s)
                self.emit(WENT_OUT, s)
        total = self.rules.zahahnie_total
        for s in range(n):
            if len(village[s]) == total:
                return self._finish(s, HOLDS_EVERY)
        alive = [s for s in range(n) if in_play[s]]
        if len(alive) == 1:
            return self._finish(alive[0], LAST_IN_PLAY)
        if not alive:
            self.drawn = gone
            return self._finish(NOBODY, OUT_TOGETHER)
        return False

    def _finish(self, winner: int, why: int) -> bool:
        self.winner, self.result = winner, why
        self.phase, self.actor, self.pending = OVER, NOBODY, NONE
        if winner >= 0:
            self.emit(WON, winner, why)
        else:
            self.emit(DRAWN_GAME, -1, why)
        return True

    def _end_turn(self) -> None:
        """The Pord's last taker reshuffles after his next turn; the turn passes on; the round
        cap ends the game drawn."""
        n, seat = self.players, self.turn_seat
        in_play = self.in_play
        taker = self.taker
        if taker >= 0 and ((seat == taker and self.turns > self.when) or not in_play[taker]):
            self._reshuffle(taker)
        nxt = next((seat + k) % n for k in range(1, n + 1) if in_play[(seat + k) % n])
        if nxt <= seat:
            self.round_no += 1
            if self.round_no > self.rules.round_cap:
                self.reached_cap = True
                self.drawn = [s for s in range(n) if in_play[s]]
                self._finish(NOBODY, TURN_CAP)
                return
        self.turns += 1
        self.turn_seat = self.actor = nxt
        self.phase = TURN

    def _reshuffle(self, taker: int) -> None:
        cards = self.discard + self.pord
        self.rng.shuffle(cards)
        self.pord, self.discard = cards, []
        if cards:
            self.taker = -1
            self.chances += 1
            self.emit(RESHUFFLED, taker, len(cards))
        else:
            # Nothing to shuffle: the wait starts again, as the seed says "the process of waiting
            # a round and reshuffling is repeated".
            self.when = self.turns
            self.emit(PORD_WAITS, taker)

    def returns(self) -> list[float]:
        """A win: +1 the winner, -1 everyone else. A draw (the turn cap, or the last players
        going out together): 0 to each player in it, -1 to those already out."""
        n = self.players
        winner = self.winner
        if winner >= 0:
            return [1.0 if s == winner else -1.0 for s in range(n)]
        if self.phase == OVER:
            drawn = self.drawn
            return [0.0 if s in drawn else -1.0 for s in range(n)]
        return [0.0] * n

    # The win model ------------------------------------------------------------------------------
    def win_features(self, seat: int) -> tuple[int, float, int, int, int, int]:
        """What the win model weighs (WIN_WEIGHTS): Zahahnie held, their worth squared / 20, the
        hand's size, the spades in it, the worth of its diamonds and its clubs."""
        rules = self.rules
        kind, worth = rules.kind, rules.worth
        hand = self.hands[seat]
        total = self.worth(seat)
        spades = pelmeahe = roke = 0
        for card in hand:
            k = kind[card]
            if k == RAH:
                spades += 1
            elif k == PEL:
                pelmeahe += worth[card]
            else:
                roke += 1
        return len(self.village[seat]), total * total / 20.0, len(hand), spades, pelmeahe, roke

    def estimate(self) -> list[float] | None:
        """Each seat's expected return, from its chance to win by the win model over the seats in
        play; -1 for a seat out of play."""
        odds: list[float] = []
        for s in range(self.players):
            if not self.in_play[s]:
                odds.append(0.0)
                continue
            features = self.win_features(s)
            total = 0.0
            for w, f in zip(WIN_WEIGHTS, features):
                total += w * f
            odds.append(exp(total))
        whole = sum(odds)
        return [2.0 * o / whole - 1.0 for o in odds]

    def heuristic_action(self, legal: list[int]) -> int:
        seat = self.actor
        give = take = -1
        if self.pending == TRADE:
            give, take = self.card, self.target
        return heuristic_choice(self.rules, legal, self.phase, seat, self.hands[seat],
                                self.village, [len(h) for h in self.hands], give, take)

    # What a seat may know -----------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> AhzchimFast:
        """The other hands and the Pord dealt afresh. Cards known in a hand stay there (and a card
        offered in a pending trade, which was named aloud); a Zahahnie in the Pord stays in the
        Pord (a heart in hand would have been laid out); the Pord is shuffled."""
        rules = self.rules
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        hands = twin.hands
        keep: list[list[int]] = [[] for _ in range(self.players)]
        pool: list[int] = []
        for s in range(self.players):
            if s == seat:
                continue
            shown = list(self.known[s])
            if self.pending == TRADE and s == self.by and self.card < len(rules.hand_types):
                shown.append(rules.hand_types[self.card])
            rest = hands[s][:]
            for card in shown:
                if card in rest:
                    rest.remove(card)
                    keep[s].append(card)
            pool += rest
        hearts = [c for c in self.pord if rules.kind[c] == ZAH]
        pool += [c for c in self.pord if rules.kind[c] != ZAH]
        # Gathered in order of type, so that where the unseen cards really lie cannot steer it.
        pool.sort()
        rng.shuffle(pool)
        i = 0
        for s in range(self.players):
            if s != seat:
                end = i + len(hands[s]) - len(keep[s])
                hands[s] = sorted(keep[s] + pool[i:end])
                i = end
        pord = pool[i:] + hearts
        rng.shuffle(pord)
        twin.pord = pord
        return twin

    def key(self) -> tuple[object, ...]:
        return tuple(_freeze(getattr(self, name)) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AhzchimFast) and self.key() == other.key()


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


# Every field of a position but its rules, generator and events: what equal positions share, and
# what a pickled readable state keeps.
FIELDS: Final = ("chances", "phase", "actor", "turn_seat", "round_no", "turns", "hands", "known",
                 "village", "in_play", "discard", "pord", "pending", "by", "card", "owner",
                 "target", "taker", "when", "winner", "result", "drawn", "reached_cap")


def start(rules: Rules, rng: Rng, cards: list[int] | None,
          events: list[Event] | None = None) -> AhzchimFast:
    """A new game dealt from `cards` (top first) or a shuffle."""
    position = AhzchimFast(rules, rng)
    position.events = events
    position.deal(cards)
    return position


# The computer player --------------------------------------------------------------------------
def item_value(rules: Rules, item: int) -> float:
    """What a trade's item is worth to the heuristic."""
    card = rules.item_type(item)
    kind, value = rules.kind[card], rules.value[card]
    if kind == ZAH:
        return 10 + 4 * rules.worth[card]
    if kind == RAH:
        return 6 if card == rules.spy else 1 + value / (2 if rules.chips else 1.5)
    if kind == PEL:
        return 3 * rules.worth[card]
    return 5 if card == rules.reshpel else 1 + value / (3 if rules.chips else 2.5)


def _first_at(rules: Rules, row: list[int], spot: int) -> int:
    """The first entry of a village at `spot`."""
    for entry in row:
        if rules.spot(entry) == spot:
            return entry
    return rules.spot_entry(spot)


def heuristic_choice(rules: Rules, legal: list[int], phase: int, seat: int, hand: list[int],
                     village: list[list[int]], hand_counts: list[int], give: int,
                     take: int) -> int:
    """Take Zahahnie with spades that pass the fort, fortify one's best Zahahnie, buy when short
    of cards, raze a rival down to nothing, defend with the cheapest card that wins, accept only
    trades that bring in more than they cost, and always draw. `give` and `take` are the items
    of a pending trade."""
    value, worth = rules.value, rules.worth
    if phase == DRAWING:
        return legal[-1]
    if phase == ANSWER:
        answers = [a for a in legal if a != YIELD]
        if not answers:
            return YIELD
        # The cheapest card that wins; keep spades for attack when a diamond will do.
        return min(answers, key=lambda a: (value[rules.decode(a)[1]], rules.block_of(a) == 2))
    if phase == OFFERED:
        if ACCEPT not in legal:
            return REFUSE
        mine = item_value(rules, take)
        theirs = item_value(rules, give)
        return ACCEPT if theirs > mine + 0.5 else REFUSE
    attacks: list[tuple[int, int, int, int]] = []
    razes: list[tuple[int, int, int, int]] = []
    builds: list[tuple[int, int, int, int]] = []
    changes: list[tuple[int, int, int, int]] = []
    reshpels: list[tuple[int, int, int, int]] = []
    buys: list[tuple[int, int, int, int]] = []
    groups = (None, buys, None, None, attacks, razes, builds, changes, reshpels)
    offer_start = rules.start[9]
    offers: list[int] = []  # the turn lists its many offers last: taken as one slice
    for i, a in enumerate(legal):
        if a >= offer_start:
            offers = legal[i:]
            break
        block, card, owner, spot = rules.decode(a)
        group = groups[block]
        if group is not None:
            group.append((a, card, owner, spot))
    top = rules.top_spade
    zah_of, fort_of = rules.zah_of, rules.fort_of
    best, best_score = -1, 0.0
    for a, card, owner, spot in attacks:
        entry = _first_at(rules, village[owner], spot)
        fortified = fort_of(entry) >= 0
        fv = rules.fort_value(entry)
        spy = card == rules.spy
        if fortified and not spy and value[card] <= fv:
            continue  # the fort would hold
        strength = value[card] if not spy else 0
        if spy and not fortified:
            continue  # waste of the spy
        # A strong spade is rarely outbid; a fort beaten by the spy still leaves a defence.
        chance = (strength / top) ** 2 if not spy else 0.5
        score = worth[zah_of(entry)] * (0.5 + chance) + (0.6 if fortified else 0)
        if score > best_score:
            best, best_score = a, score
    if best >= 0 and best_score >= 1.0:
        return best
    row = village[seat]

    def zah_worth(spot: int) -> int:
        return worth[zah_of(rules.spot_entry(spot))]

    if builds:
        # The best club on the best unfortified Zahahnie.
        return max(builds, key=lambda x: (zah_worth(x[3]), value[x[1]]))[0]
    if reshpels:
        return max(reshpels, key=lambda x: zah_worth(x[3]))[0]
    if changes:
        gain = [x for x in changes if value[x[1]] > value[fort_of(_first_at(rules, row, x[3]))]]
        if gain:
            return max(gain, key=lambda x: (zah_worth(x[3]), value[x[1]]))[0]
    diamonds = sum(1 for c in hand if rules.kind[c] == PEL)
    if buys and (len(hand) <= 4 or not row or diamonds > 1):
        return max(buys, key=lambda x: worth[x[1]])[0]
    if best >= 0:
        return best
    if razes:
        # Raze the Zahahnie of the player closest to going out, or the most valuable.
        def raze_key(x: tuple[int, int, int, int]) -> tuple[bool, int, int, int]:
            left = len(village[x[2]])
            return (left == 1 and hand_counts[x[2]] == 0, -left, zah_worth(x[3]), -value[x[1]])
        target = max(razes, key=raze_key)
        if len(village[target[2]]) <= 2 or zah_worth(target[3]) >= 2:
            return target[0]
    if buys:
        return max(buys, key=lambda x: worth[x[1]])[0]
    if offers:
        # Junk for a rival's best Zahahnie: a partner who accepts gives the game away.
        hand_count = len(rules.hand_types)
        good: list[tuple[int, int, int, int]] = []
        for b in offers:
            _, g, o, t = rules.decode(b)
            if t >= hand_count and g < hand_count:
                good.append((b, g, o, t))
        if good:
            return max(good, key=lambda x: (item_value(rules, x[3]) - item_value(rules, x[1]),
                                            -x[2]))[0]
    if attacks and any(fort_of(e) < 0 for e in row):
        return attacks[0][0]
    return legal[0]


class RecordRng(SourceRng):
    """A readable state's generator as its core draws from it: a razed Zahahnie goes into the Pord
    at randrange's place, as the records were dealt. (Here, not in the layer: an interpreted class
    cannot inherit from a compiled one.)"""

    def below(self, n: int) -> int:
        return self.source().randrange(n)


# For the search and the tests ---------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, AhzchimFast, seed)


def census(fast: AhzchimFast) -> list[int]:
    """Every piece of the position: hands, table, piles, and an attacking card until answered."""
    rules = fast.rules
    out = fast.pord + fast.discard
    for s in range(fast.players):
        out += fast.hands[s]
        for entry in fast.village[s]:
            out.append(rules.zah_of(entry))
            fort = rules.fort_of(entry)
            if fort >= 0:
                out.append(fort)
            if rules.reshpel_on(entry):
                out.append(rules.reshpel)
    if fast.pending in (ATTACKED, RAZED):
        out.append(fast.card)
    return out
