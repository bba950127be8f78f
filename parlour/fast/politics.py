"""Politics' rules, the only copy: the suits, the row dealt rank by rank, the die for the first
player, then rounds of placing influence markers, using card abilities, revolts and scoring, for
3 or 4 players and every option, in the order of docs/rules/politics.md (seed 003; GAMES.md's
rulings). parlour/games/politics.py is the readable layer on top: action objects, notation, views
and the log, narrated from the events a step emits.

A card is its index in VIASHI_CARDS (suit * 9 + rank - 1, suits W R P B G; the gods 45 on). In
the row a card is held as its owner's seat * 16 + its rank: one card of each rank lies there, so
the rank names it, two neighbours share a suit exactly when their codes share the high bits, and
then the difference of their codes is their rank difference. A hand is never stored: it is its
seat's suit less that seat's cards in the row, and the cards of no chosen suit and the gods lie
set aside. Markers are one flat list, markers[place * players + seat], places 0..8 from the
Queen's end.

Actions, the game's one numbering (Game.action_id, records, search): choose suit s is s (0-4),
place c markers on place p is 5 + p * 12 + c - 1, done 113, put c in the cup 114 + c, take over
127, swap left 128, swap right 129, leave 130, use the card at place p on place t (1..9, 0: no
aim) 131 + p * 10 + t.

`chances` counts the deal (the shuffle and the die, in one step) and the markers drawn from the
cup. The abilities are the readable game's table (empty by default: the seed names none), each
with a cost, an effect(position, seat, place, target) and maybe targets(position, seat, place).
"""

from __future__ import annotations

from typing import Any, Final

from .core import NOBODY, FastState, Rng, SourceRng, core_copy

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] + n`, never `xs[i] += n`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
N_CARDS: Final = 54
NUMBERED: Final = 45  # the suits' cards; the gods follow
PLACES: Final = 9
MARKERS: Final = 12  # "a dozen counters" each
DIE: Final = 10

PLACE_BASE: Final = 5
DONE: Final = 113
PUT_BASE: Final = 114
TAKE_OVER: Final = 127
SWAP_LEFT: Final = 128
SWAP_RIGHT: Final = 129
LEAVE: Final = 130
USE_BASE: Final = 131
ACTIONS: Final = USE_BASE + PLACES * (PLACES + 1)

CHOOSE: Final = 0
INFLUENCE: Final = 1
ABILITIES: Final = 2
CUP: Final = 3
REVOLT: Final = 4
OVER: Final = 5
PHASE_NAMES: Final = ("choose", "influence", "abilities", "cup", "revolt", "over")

FAR: Final = 100  # no limit: more than any seat's markers


def card_of(code: int, suits: list[int]) -> int:
    """The VIASHI_CARDS index of a row code."""
    return suits[code >> 4] * 9 + (code & 15) - 1


def place_action(place: int, count: int) -> int:
    return PLACE_BASE + place * MARKERS + count - 1


def _limits(mask: int) -> tuple[int, ...]:
    """For a seat whose cards lie at the places of `mask`: how many of its markers each place
    takes (per round, or held at once), before the allotment: any number on its own cards, none
    next to one of them, elsewhere the distance to the nearest (one card between: 2); with none
    of its cards in the row, any anywhere (Ruling)."""
    own = [j for j in range(PLACES) if mask >> j & 1]
    limits: list[int] = []
    for i in range(PLACES):
        distance = min([abs(i - j) for j in own]) if own and not mask >> i & 1 else FAR
        limits.append(0 if distance == 1 else distance)
    return tuple(limits)


LIMITS: Final = [_limits(mask) for mask in range(1 << PLACES)]
# The placings of 1 to `cap` markers at each place, made once: the moves of every turn of placing.
PLACINGS: Final[list[list[list[int]]]] = [
    [[place_action(i, c) for c in range(1, cap + 1)] for cap in range(MARKERS + 1)]
    for i in range(PLACES)]
PUTS: Final[list[int]] = [PUT_BASE + c for c in range(MARKERS + 1)]


def row_points(row: list[int], players: int) -> list[int]:
    """"Points are scored when two cards of the same suit lie next to each other ... equal to the
    difference between the two ranks": what the row scores each seat."""
    points = [0] * players
    for i in range(len(row) - 1):
        left, right = row[i], row[i + 1]
        if (left ^ right) < 16:
            points[left >> 4] = points[left >> 4] + abs(left - right)
    return points


# Events -------------------------------------------------------------------------------------------
# What a step did, for the readable layer's log and the lab's counts. Search leaves `events` None
# and none are made.
CHOSE: Final = 0  # seat chose suit `other`
DEALT: Final = 1  # cards: the row
ROLLED: Final = 2  # more: each seat's roll of the die, -1 for one not rolling
FIRST: Final = 3  # seat goes first
ROUND: Final = 4  # round `other` begins, seat first player
NO_MARKERS: Final = 5  # seat has no markers to place
PLACED: Final = 6  # seat placed `other` markers on cards[0]
DONE_PLACING: Final = 7
NO_ABILITIES: Final = 8  # the table of abilities is empty
USED: Final = 9  # seat used the ability of cards[0]; more: the target place (1..9) if it aims
PUT: Final = 10  # seat put `other` markers in the cup
STAYED: Final = 11  # nobody put a marker in the cup for cards[0]
DRAWN: Final = 12  # seat's marker drawn in the revolt at place `other` of cards[0]; more: the cup
TOOK_OVER: Final = 13  # seat took over place `other`: cards[0] replaces cards[1]
SWAPPED: Final = 14  # seat swapped cards[0] with its neighbour cards[1]
LEFT: Final = 15  # seat left cards[0] where it is
SCORED: Final = 16  # round `other` scored; more: the points, then the totals
UNSCORED: Final = 17  # the first round is not scored
WON: Final = 18  # more: the winners
CAPPED: Final = 19  # the round cap `other` is reached: drawn
EVENT_NAMES: Final = ("chose", "dealt", "rolled", "first", "round", "no markers", "placed",
                      "done placing", "no abilities", "used", "put", "stayed", "drawn",
                      "took over", "swapped", "left", "scored", "unscored", "won", "capped")

# Why a move is refused: the readable layer words each.
LEGAL: Final = 0
WRONG_KIND: Final = 1  # not a move of this phase
TAKEN: Final = 2  # the suit is chosen already
TOO_MANY: Final = 3  # more markers than the seat may place, or has on the card
NEXT_TO_OWN: Final = 4
TOO_FAR: Final = 5  # beyond the distance limit
NOT_YOURS: Final = 6  # not a card of one's suit
NO_ABILITY: Final = 7
CANNOT_PAY: Final = 8
USED_UP: Final = 9  # used this round
NO_AIM: Final = 10  # not a target of the ability
OWN_CARD: Final = 11  # nothing to take over
NO_NEIGHBOUR: Final = 12


class PoliticsRng(SourceRng):
    """The readable game's generator, drawn as it drew the die and the cup, with randrange: a
    core behind it deals what its records and golden traces hold (playouts keep the fast Rng)."""

    def below(self, n: int) -> int:
        return self.source().randrange(n)


class Rules:
    """What the options fix, shared by every position of a game."""

    def __init__(self, players: int, target: int, round_cap: int, on_card: bool, by_card: bool,
                 secret_cup: bool, abilities: list[Any] | None) -> None:
        self.players = players
        self.target = target
        self.round_cap = round_cap
        self.on_card = on_card  # the distance limit counts the markers on the card
        self.by_card = by_card  # revolts go card by card (else place by place)
        self.secret_cup = secret_cup
        self.abilities = abilities  # by card, the ability or None; None: an empty table


class PoliticsFast(FastState):
    """A position: the suits, the row, the markers, pools and scores, the round and its phase."""

    rules: Rules
    actor: int  # NOBODY when over
    phase: int
    stacked: list[int]  # a stacked deck still to deal (top first); empty: shuffle
    suits: list[int]  # per seat, -1 before it chooses
    row: list[int]  # owner * 16 + rank per place, empty before the deal
    markers: list[int]
    pools: list[int]
    scores: list[int]
    round_no: int
    first: int  # the first player, -1 before the die
    waiting: list[int]  # seats still to act in this phase, in turn
    allot: int  # markers the placer may still place this round
    placed: list[int]  # markers the placer put on each place this round
    used: int  # mask of the cards whose ability was used this round
    revolts: list[int]  # still to revolt, the next last: ranks (by card) or places
    at: int  # the revolting place, -1 for none
    cup: list[int]  # per seat: put in, then as drawn until the revolt ends
    put_in: list[int]  # seats that have filled the cup for this card, in turn
    heuristic = True  # heuristic_action below

    def __init__(self, rules: Rules, rng: Rng, src: PoliticsFast | None = None,
                 cards: list[int] | None = None) -> None:
        """A copy of `src`, or a new game, the suits to choose, the deck stacked as `cards` (top
        first) or to be shuffled."""
        self.rules = rules
        n = self.players = rules.players
        self.rng = rng
        self.events = None
        if src is None:
            self.chances = self.actor = self.round_no = self.allot = self.used = 0
            self.phase = CHOOSE
            self.stacked = list(cards) if cards is not None else []
            self.suits = [-1] * n
            self.row, self.waiting, self.revolts, self.put_in = [], [], [], []
            self.markers = [0] * (PLACES * n)
            self.pools = [MARKERS] * n
            self.scores = [0] * n
            self.cup = [0] * n
            self.placed = [0] * PLACES
            self.first = self.at = -1
            return
        self.chances = src.chances
        self.actor = src.actor
        self.phase = src.phase
        self.stacked = src.stacked
        self.suits = src.suits[:]
        self.row = src.row[:]
        self.markers = src.markers[:]
        self.pools = src.pools[:]
        self.scores = src.scores[:]
        self.round_no = src.round_no
        self.first = src.first
        self.waiting = src.waiting[:]
        self.allot = src.allot
        self.placed = src.placed[:]
        self.used = src.used
        self.revolts = src.revolts[:]
        self.at = src.at
        self.cup = src.cup[:]
        self.put_in = src.put_in[:]

    def copy(self) -> PoliticsFast:
        return PoliticsFast(self.rules, self.rng, self)

    def to_act(self) -> int:
        return self.actor

    def card(self, place: int) -> int:
        return card_of(self.row[place], self.suits)

    def row_cards(self) -> list[int]:
        return [card_of(code, self.suits) for code in self.row]

    def clockwise(self) -> list[int]:
        """"Starting with the first player and moving clockwise around the table"."""
        n = self.players
        return [(self.first + i) % n for i in range(n)]

    # Setting up -------------------------------------------------------------------------------
    def choose(self, seat: int, suit: int) -> None:
        """Each player chooses a suit, seat 0 first; the last choice deals."""
        self.suits[seat] = suit
        self.emit(CHOSE, seat, suit)
        if -1 in self.suits:
            self.actor = seat + 1
        else:
            self.deal()

    def deal(self) -> None:
        """"One of them is drawn and placed on the table, the remaining ... given to the players
        who have chosen those suits ... until one card of each rank is laid out in order": of
        each rank, the first card of a chosen suit in the shuffled (or stacked) deck."""
        cards = self.stacked
        if not cards:
            cards = list(range(N_CARDS))
            self.rng.shuffle(cards)
        self.stacked = []
        suits = self.suits
        row = [-1] * PLACES
        for card in cards:
            rank = card % 9
            if card < NUMBERED and card // 9 in suits and row[rank] < 0:
                row[rank] = suits.index(card // 9) * 16 + rank + 1
        self.row = row
        self.emit(DEALT, cards=tuple(self.row_cards()))
        self.roll_for_first()
        self.chances += 1
        self.round_no = 1
        self.start_round()

    def roll_for_first(self) -> None:
        """"Roll the die to see who goes first": everyone rolls, those tied for highest again."""
        rolling = list(range(self.players))
        while len(rolling) > 1:
            rolls = [-1] * self.players
            for seat in rolling:
                rolls[seat] = self.rng.below(DIE) + 1
            self.emit(ROLLED, more=tuple(rolls))
            best = max(rolls)
            rolling = [s for s in rolling if rolls[s] == best]
        self.first = rolling[0]
        self.emit(FIRST, self.first)

    # 1. Placing influence markers -------------------------------------------------------------
    def start_round(self) -> None:
        self.emit(ROUND, self.first, self.round_no)
        self.used = 0
        self.phase = INFLUENCE
        self.waiting = self.clockwise()
        self.next_placer()

    def own(self, seat: int) -> int:
        """The mask of the places holding the seat's cards."""
        mask = 0
        for i in range(PLACES):
            if self.row[i] >> 4 == seat:
                mask |= 1 << i
        return mask

    def next_placer(self) -> None:
        """"Each player gets as many influence markers as they have cards in their hand", all
        the pool if it is short; they place them in turn from the first player."""
        while self.waiting:
            seat = self.waiting.pop(0)
            self.allot = min(PLACES - self.own(seat).bit_count(), self.pools[seat])
            if self.allot:
                self.actor = seat
                self.placed = [0] * PLACES
                return
            self.emit(NO_MARKERS, seat)
        self.start_abilities()

    def caps(self, seat: int) -> list[int]:
        """How many markers `seat` may still put on each place now: the limits of _limits, less
        what he has put there this round (distance_limit=on_card: what he holds there)."""
        limits = LIMITS[self.own(seat)]
        allot = self.allot
        had = self.markers[seat::self.players] if self.rules.on_card else self.placed
        caps = [0] * PLACES
        for i in range(PLACES):
            cap = limits[i] - had[i]
            if cap > 0:
                caps[i] = cap if cap < allot else allot
        return caps

    def place(self, seat: int, action: int) -> None:
        i, count = divmod(action - PLACE_BASE, MARKERS)
        count += 1
        j = i * self.players + seat
        self.markers[j] = self.markers[j] + count
        self.placed[i] = self.placed[i] + count
        self.pools[seat] = self.pools[seat] - count
        self.allot -= count
        if self.events is not None:  # a search's playouts tell nobody: no card to name
            self.emit(PLACED, seat, count, (self.card(i),))
        if self.allot == 0:
            self.next_placer()

    # 2. Using card abilities ------------------------------------------------------------------
    def start_abilities(self) -> None:
        self.phase = ABILITIES
        self.waiting = self.clockwise()
        self.next_ability_user()

    def uses(self, seat: int) -> list[int]:
        """The abilities of `seat`'s cards in the row he may use now: "each ability can only be
        used once per turn except for the warriors (5s)", paid from his markers on the card."""
        table = self.rules.abilities
        if table is None:
            return []
        uses: list[int] = []
        for i in range(PLACES):
            code = self.row[i]
            ability = table[card_of(code, self.suits)]
            if code >> 4 != seat or ability is None or (
                    self.markers[i * self.players + seat] < ability.cost):
                continue
            again = code & 15 == 5 and ability.cost > 0
            if self.used >> card_of(code, self.suits) & 1 and not again:
                continue
            base = USE_BASE + i * (PLACES + 1)
            if ability.targets is None:
                uses.append(base)
            else:
                uses += [base + t for t in ability.targets(self, seat, i + 1)]
        return uses

    def next_ability_user(self) -> None:
        """Each player in turn from the first player; one with none to use is passed over."""
        while self.waiting:
            seat = self.waiting.pop(0)
            if self.uses(seat):
                self.actor = seat
                return
        if self.rules.abilities is None:
            self.emit(NO_ABILITIES)
        self.start_revolts()

    def use(self, seat: int, action: int) -> None:
        """The cost comes off the card used and goes back to his pool (Ruling)."""
        i, target = divmod(action - USE_BASE, PLACES + 1)
        card = self.card(i)
        table = self.rules.abilities
        assert table is not None
        ability = table[card]
        j = i * self.players + seat
        self.markers[j] = self.markers[j] - ability.cost
        self.pools[seat] = self.pools[seat] + ability.cost
        self.used |= 1 << card
        self.emit(USED, seat, i, (card,), (target,) if target else ())
        ability.effect(self, seat, i + 1, target or None)
        if not self.uses(seat):
            self.next_ability_user()

    # 3. Revolts and rumpuses ------------------------------------------------------------------
    def start_revolts(self) -> None:
        """"Start at the lowest card (where the fool started) and work towards the highest"."""
        self.phase = CUP
        self.revolts = [c & 15 for c in self.row] if self.rules.by_card else list(range(PLACES))
        self.next_revolt()

    def place_of(self, revolt: int) -> int:
        """Where the card (the rank) or the place still to revolt lies now."""
        return [c & 15 for c in self.row].index(revolt) if self.rules.by_card else revolt

    def next_revolt(self) -> None:
        """"Everyone with markers on each card can chose as many markers as they desire into the
        cup", in turn from the first player; a card nobody has markers on is passed over."""
        n = self.players
        while self.revolts:
            at = self.place_of(self.revolts.pop())
            holders = [s for s in self.clockwise() if self.markers[at * n + s]]
            if holders:
                self.phase = CUP
                self.at = at
                self.actor = holders.pop(0)
                self.waiting = holders
                return
        self.at = -1
        self.score()

    def put(self, seat: int, count: int) -> None:
        j = self.at * self.players + seat
        self.markers[j] = self.markers[j] - count
        self.cup[seat] = self.cup[seat] + count
        self.put_in.append(seat)
        self.emit(PUT, seat, count)
        if self.waiting:
            self.actor = self.waiting.pop(0)
        else:
            self.draw()

    def draw(self) -> None:
        """"One marker is drawn, and the player that owns that marker decides"; all the markers
        in the cup, the drawn one too, go back to their owners' pools (Ruling). An empty cup
        draws nothing and the card stays."""
        cup = self.cup
        total = sum(cup)
        if total == 0:
            self.emit(STAYED, cards=(self.card(self.at),))
            self.end_revolt()
            return
        pick = self.rng.below(total)
        self.chances += 1
        seat = 0
        while pick >= cup[seat]:
            pick -= cup[seat]
            seat += 1
        for s in range(self.players):
            self.pools[s] = self.pools[s] + cup[s]
        self.phase = REVOLT
        self.actor = seat
        if self.events is not None:  # a search's playouts tell nobody: no card to name
            self.emit(DRAWN, seat, self.at, (self.card(self.at),), tuple(cup))

    def revolt(self, seat: int, action: int) -> None:
        """"Take over that card (swap the current card with one of the same rank from that
        player's hand -- all markers still on the card are moved to the new card)" (the card
        replaced goes back to its suit's owner), "swap the card with either one of its neighbors
        (markers stay on the card when it swaps)", or "leave it where it is"."""
        at, row = self.at, self.row
        card = self.card(at)
        if action == TAKE_OVER:
            row[at] = seat * 16 + (row[at] & 15)
            self.emit(TOOK_OVER, seat, at, (self.card(at), card))
        elif action == LEAVE:
            self.emit(LEFT, seat, cards=(card,))
        else:
            other = at - 1 if action == SWAP_LEFT else at + 1
            row[at], row[other] = row[other], row[at]
            n = self.players
            markers = self.markers
            a, b = at * n, other * n
            markers[a:a + n], markers[b:b + n] = markers[b:b + n], markers[a:a + n]
            self.emit(SWAPPED, seat, cards=(card, self.card(at)))
        self.end_revolt()

    def end_revolt(self) -> None:
        self.cup = [0] * self.players
        self.put_in = []
        self.next_revolt()

    # 4. Scoring and the end -------------------------------------------------------------------
    def score(self) -> None:
        """"The first turn is a non-scoring round"; the first to the target wins (the highest
        score, equals sharing); then "the player to the left of the first player is designated
        the new first player"."""
        scores = self.scores
        if self.round_no > 1:
            points = row_points(self.row, self.players)
            for s in range(self.players):
                scores[s] = scores[s] + points[s]
            self.emit(SCORED, other=self.round_no, more=tuple(points) + tuple(scores))
        else:
            self.emit(UNSCORED)
        if max(scores) >= self.rules.target:
            self.emit(WON, more=tuple(self.winners()))
            self.finish()
        elif self.round_no >= self.rules.round_cap:
            self.emit(CAPPED, other=self.round_no)
            self.finish()
        else:
            self.first = (self.first + 1) % self.players
            self.round_no += 1
            self.start_round()

    def finish(self) -> None:
        self.phase = OVER
        self.actor = NOBODY

    def winners(self) -> list[int]:
        """The highest scores at the target; none at the round cap (drawn)."""
        best = max(self.scores)
        if best < self.rules.target:
            return []
        return [s for s in range(self.players) if self.scores[s] == best]

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def round_count(self) -> int:
        return self.round_no

    def estimate(self) -> list[float] | None:
        """For search that stops early: the scores, plus what the row would score now."""
        if not self.row:
            return self.returns()
        points = row_points(self.row, self.players)
        return [float(s + p) for s, p in zip(self.scores, points)]

    # The moves ----------------------------------------------------------------------------------
    def legal(self) -> list[int]:
        phase, seat = self.phase, self.actor
        if phase == INFLUENCE:
            actions: list[int] = []
            for i, cap in enumerate(self.caps(seat)):
                if cap:
                    actions += PLACINGS[i][cap]
            actions.append(DONE)
            return actions
        if phase == CUP:
            return PUTS[:self.markers[self.at * self.players + seat] + 1]
        if phase == REVOLT:
            actions = [TAKE_OVER] if self.row[self.at] >> 4 != seat else []
            if self.at > 0:
                actions.append(SWAP_LEFT)
            if self.at < PLACES - 1:
                actions.append(SWAP_RIGHT)
            return actions + [LEAVE]
        if phase == CHOOSE:
            return [s for s in range(5) if s not in self.suits]
        if phase == ABILITIES:
            return self.uses(seat) + [DONE]
        return []

    def why_not(self, action: int) -> int:
        """Why `action` may not be made now, or LEGAL: only names the rule it breaks, for the
        readable layer's words."""
        if action in self.legal():
            return LEGAL
        phase, seat = self.phase, self.actor
        if phase == CHOOSE:
            return TAKEN if action < 5 else WRONG_KIND
        if phase == INFLUENCE and PLACE_BASE <= action < DONE:
            i, more = divmod(action - PLACE_BASE, MARKERS)
            if more + 1 > self.allot:
                return TOO_MANY
            return NEXT_TO_OWN if LIMITS[self.own(seat)][i] == 0 else TOO_FAR
        if phase == ABILITIES and action >= USE_BASE:
            i = (action - USE_BASE) // (PLACES + 1)
            code = self.row[i]
            table = self.rules.abilities
            ability = None if table is None else table[card_of(code, self.suits)]
            if code >> 4 != seat:
                return NOT_YOURS
            if ability is None:
                return NO_ABILITY
            if self.markers[i * self.players + seat] < ability.cost:
                return CANNOT_PAY
            return USED_UP if self.used >> card_of(code, self.suits) & 1 else NO_AIM
        if phase == CUP and PUT_BASE <= action < TAKE_OVER:
            return TOO_MANY
        if phase == REVOLT and action == TAKE_OVER:
            return OWN_CARD
        if phase == REVOLT and action in (SWAP_LEFT, SWAP_RIGHT):
            return NO_NEIGHBOUR
        return WRONG_KIND

    def step(self, action: int) -> None:
        phase, seat = self.phase, self.actor
        if phase == INFLUENCE:
            if action == DONE:
                self.emit(DONE_PLACING, seat)
                self.next_placer()
            else:
                self.place(seat, action)
        elif phase == CUP:
            self.put(seat, action - PUT_BASE)
        elif phase == REVOLT:
            self.revolt(seat, action)
        elif phase == CHOOSE:
            self.choose(seat, action)
        elif action == DONE:
            self.next_ability_user()
        else:
            self.use(seat, action)

    # The heuristic (medium) ---------------------------------------------------------------------
    def heuristic_action(self, legal: list[int]) -> int:
        seat = self.actor
        caps = self.caps(seat) if self.phase == INFLUENCE else []
        return heuristic_choice(legal, self.phase, seat, self.players, self.row, self.markers,
                                caps, self.allot, self.pools[seat], self.at)

    # What a seat may know -----------------------------------------------------------------------
    def hidden_shares(self, seat: int) -> list[int]:
        """The seats whose share of the cup `seat` may not see yet (secret_cup)."""
        if not self.rules.secret_cup or self.phase != CUP:
            return []
        return [s for s in self.put_in if s != seat]

    def determinize(self, seat: int, rng: Rng) -> PoliticsFast:
        """Every card is open once dealt (a hand is its suit less the row), so only what has not
        happened is drawn afresh: the generator (the deal still to come, the die, the cup), and
        with the secret cup the others' shares, each uniform from none to all their markers
        on the card."""
        det = self.copy()
        det.rng = Rng(rng.seed())
        det.stacked = []
        base = self.at * self.players
        for s in self.hidden_shares(seat):
            total = det.cup[s] + det.markers[base + s]
            share = rng.below(total + 1)
            det.cup[s] = share
            det.markers[base + s] = total - share
        return det

    def key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PoliticsFast) and self.key() == other.key()


# Every field of a position but its rules, generator and events: what equal positions share, and
# what a pickled readable state keeps (a compiled position does not pickle).
FIELDS: Final = ("chances", "actor", "phase", "stacked", "suits", "row", "markers", "pools",
                 "scores", "round_no", "first", "waiting", "allot", "placed", "used", "revolts",
                 "at", "cup", "put_in")


# The heuristic (medium) -------------------------------------------------------------------------
def row_value(row: list[int], me: int, players: int) -> float:
    """What a row is worth to `me`: the points it scores him less the best rival's, and a little
    for own cards one gap from another of the suit (a swap away from scoring)."""
    points = row_points(row, players)
    soon = [0.0] * players
    for i in range(PLACES - 2):
        left, right = row[i], row[i + 2]
        if (left ^ right) < 16:
            soon[left >> 4] = soon[left >> 4] + 0.4 * abs(left - right)
    return points[me] + soon[me] - max([points[s] + soon[s] for s in range(players) if s != me])


def after(row: list[int], at: int, action: int, me: int) -> list[int]:
    """The row after a revolt at `at` ends in `action`, won by `me`."""
    row = row[:]
    if action == TAKE_OVER:
        row[at] = me * 16 + (row[at] & 15)
    elif action != LEAVE:
        other = at - 1 if action == SWAP_LEFT else at + 1
        row[at], row[other] = row[other], row[at]
    return row


# What a row is worth to a seat, and what each place's revolt could make of it: a playout asks at
# every placing, cup and revolt, mostly of the same few rows (the row changes only in revolts),
# and each judgement is some twenty row_value calls. So they are kept, keyed by the seat, the
# player count and the row: public and complete inputs of a pure function, so a judgement is the
# same whichever position asks and tells it nothing. Bounded: emptied when full. A judgement
# is shared: read it, never change it.
JUDGED: Final = 1 << 12
_JUDGEMENTS: dict[tuple[int, ...], list[float]] = {}
# In a judgement: [0] row_value of the row, [1 + at] the stake of the revolt at `at`, and
# [OUTCOMES + 3 * at + k] row_value after that revolt ends in TAKE_OVER, SWAP_LEFT, SWAP_RIGHT
# (k 0, 1, 2), where the seat could end it so (0.0 where not: no neighbour there, or his own
# card, which he cannot take over).
OUTCOMES: Final = 1 + PLACES


def judgement(row: list[int], me: int, players: int) -> list[float]:
    """What `row` is worth to `me` and the stake of every place's revolt, as _judge makes
    them."""
    key = (me, players, *row)
    found = _JUDGEMENTS.get(key)
    if found is None:
        if len(_JUDGEMENTS) >= JUDGED:
            _JUDGEMENTS.clear()
        found = _JUDGEMENTS[key] = _judge(row, me, players)
    return found


def _judge(row: list[int], me: int, players: int) -> list[float]:
    """The stake of each place's revolt: what winning it is worth to me against a rival
    winning it, the best row I could make of it (taking over, swapping either way, or leaving
    the row as it is) less the worst of leaving it and the swaps (a rival's take-over is not
    counted). Each swap of two neighbours is valued once: swapping right from one place is
    swapping left from the next."""
    here = row_value(row, me, players)
    judged = [here] + [0.0] * (PLACES + 3 * PLACES)
    for at in range(PLACES):
        mine = worst = here
        if row[at] >> 4 != me:
            value = judged[OUTCOMES + 3 * at] = row_value(after(row, at, TAKE_OVER, me), me,
                                                         players)
            mine = max(mine, value)
        if at > 0:
            value = judged[OUTCOMES + 3 * at + 1] = judged[OUTCOMES + 3 * at - 1]
            mine = max(mine, value)
            worst = min(worst, value)
        if at < PLACES - 1:
            value = judged[OUTCOMES + 3 * at + 2] = row_value(after(row, at, SWAP_RIGHT, me),
                                                             me, players)
            mine = max(mine, value)
            worst = min(worst, value)
        judged[1 + at] = mine - worst
    return judged


def heuristic_choice(legal: list[int], phase: int, me: int, players: int, row: list[int],
                     markers: list[int], caps: list[int], allot: int, pool: int, at: int) -> int:
    """Places markers where a won revolt would gain or save the most, fills the cup when the
    card's revolt matters (or his pool is low), and chooses the revolt outcome with the best
    row. From what the seat to act sees: the row, the markers, the caps on placing."""
    if phase == INFLUENCE:
        judged = judgement(row, me, players)
        best, best_value = -1, 0.0
        for i in range(PLACES):
            if not caps[i]:
                continue
            worth = judged[1 + i] + (0.5 if row[i] >> 4 == me else 0.0)
            mine = markers[i * players + me]
            rivals = sum(markers[i * players:(i + 1) * players]) - mine
            value = worth / (1 + mine) * (1 + 0.2 * rivals)
            if value > best_value:
                best, best_value = i, value
        if best < 0:
            return DONE
        return place_action(best, min(caps[best], max(1, allot // 2)))
    if phase == CUP:
        # Nothing to win here: take the markers home for the next round.
        if judgement(row, me, players)[1 + at] > 0.5 or pool < 3:
            return legal[-1]
        return legal[0]
    if phase == REVOLT:
        judged = judgement(row, me, players)
        best, best_value = LEAVE, judged[0]
        for action in legal:
            if action == LEAVE:
                value = judged[0]
            elif (action == TAKE_OVER and row[at] >> 4 != me or action == SWAP_LEFT and at > 0
                  or action == SWAP_RIGHT and at < PLACES - 1):
                value = judged[OUTCOMES + 3 * at + action - TAKE_OVER]
            else:
                value = row_value(after(row, at, action, me), me, players)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best
    return legal[0] if phase == CHOOSE else DONE


# For the search ---------------------------------------------------------------------------------
def position(state: Any, seed: int) -> FastState | None:
    """The core position of a readable state, for the search."""
    return core_copy(state, PoliticsFast, seed)


def census(fast: PoliticsFast) -> list[int]:
    """Every card: the row, the hands (each seat's suit less its row cards) and the rest set
    aside; before the deal every card is undealt."""
    if not fast.row:
        return list(range(N_CARDS))
    cards = fast.row_cards()
    return cards + [c for c in range(N_CARDS) if c not in cards]
