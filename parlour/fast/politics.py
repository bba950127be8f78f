"""Politics on integers (the twin of parlour/games/politics.py), for 3 or 4 players and every
option: points, round cap, either distance limit, revolts by card or by place, the secret cup.

A card is its index in VIASHI_CARDS (suit * 9 + rank - 1, suits W R P B G), but in play the row
holds each card as its owner's seat * 16 + its rank: one card of each rank lies in the row, so
the rank names it, two neighbours share a suit exactly when they share a code's high bits, and
then the difference of their codes is their rank difference. A hand is never stored: it is its
seat's suit less that seat's cards in the row (`own`, a 9-bit mask of places per seat), and the
cards of no chosen suit and the gods lie set aside.

Markers are one flat list, markers[place * players + seat]. An action is the readable game's
`action_id`: choose 0-4 (the suit), place 5 + place * 12 + count - 1 (place 0..8), done 113,
put 114 + count, take over 127, swap left 128, swap right 129, leave 130. The ability phase
never stops for anyone while the table of abilities is empty (the twin covers only that), so
the twin has none.

`chances` counts the deal (the shuffle and the die for the first player, in one step) and the
markers drawn from the cup: each draw is followed by one take over, swap or leave.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.cards import VIASHI_CARDS, VIASHI_SUITS
from .core import NOBODY, FastState, Rng

# Constants and tables are Final: mypyc inlines a Final int and keeps a Final table in a C
# static, where a plain module global is a dict lookup (and an unboxing) at every use.
# A list item is updated as `xs[i] = xs[i] + n`, never `xs[i] += n`: mypyc compiles the
# augmented form to generic arithmetic on boxed ints.
SUIT_LETTERS: Final = "".join(VIASHI_SUITS)  # WRPBG
CARD: Final[dict[str, int]] = {name: i for i, name in enumerate(VIASHI_CARDS)}
N_CARDS: Final = len(VIASHI_CARDS)
PLACES: Final = 9
MARKERS: Final = 12


def card_of(suit: int, rank: int) -> int:
    """The VIASHI_CARDS index of the numbered card of `suit` (0..4) and `rank` (1..9)."""
    return suit * 9 + rank - 1


PLACE_BASE: Final = 5
DONE: Final = 113
PUT_BASE: Final = 114
TAKE_OVER: Final = 127
SWAP_LEFT: Final = 128
SWAP_RIGHT: Final = 129
LEAVE: Final = 130

CHOOSE: Final = 0
INFLUENCE: Final = 1
CUP: Final = 2
REVOLT: Final = 3
OVER: Final = 4

FAR: Final = 100  # no limit: more than any seat's markers


def _limits() -> list[tuple[int, ...]]:
    """Per mask of a seat's own places: how many of its markers each place takes (per round, or
    held at once), before the allotment: any on its own cards, none beside them, elsewhere its
    distance to the nearest; any anywhere with no card of its own in the row."""
    table: list[tuple[int, ...]] = []
    for mask in range(1 << PLACES):
        own = [j for j in range(PLACES) if mask >> j & 1]
        row: list[int] = []
        for i in range(PLACES):
            if not own or mask >> i & 1:
                row.append(FAR)
                continue
            distance = min(abs(i - j) for j in own)
            row.append(0 if distance == 1 else distance)
        table.append(tuple(row))
    return table


LIMITS: Final = _limits()
# The placements of 1..count markers on a place, in the readable order: PLACE_RUNS[place][count].
PLACE_RUNS: Final[list[list[list[int]]]] = [
    [[PLACE_BASE + i * MARKERS + c for c in range(count)] for count in range(MARKERS + 1)]
    for i in range(PLACES)]
PUTS: Final[list[int]] = [PUT_BASE + c for c in range(MARKERS + 1)]
PLACE_AT: Final[list[int]] = [0] * DONE  # the place of a placement action
PLACE_COUNT: Final[list[int]] = [0] * DONE  # its count
for _a in range(PLACE_BASE, DONE):
    PLACE_AT[_a], PLACE_COUNT[_a] = divmod(_a - PLACE_BASE, MARKERS)
    PLACE_COUNT[_a] += 1
# ORDER[players][first]: the seats in turn from the first player.
ORDER: Final[list[list[tuple[int, ...]]]] = [
    [tuple((first + i) % n for i in range(n)) for first in range(n)] for n in range(5)]


def _points(row: list[int], players: int) -> list[int]:
    """What the row scores each seat: same-suit neighbours, the difference of their ranks."""
    points = [0] * players
    left = row[0]
    for right in row[1:]:
        if (left ^ right) < 16:
            points[left >> 4] = points[left >> 4] + abs(left - right)
        left = right
    return points


class PoliticsFast(FastState):
    players: int
    chances: int
    rng: Rng

    def __init__(self, players: int, target: int, round_cap: int, on_card: bool,
                 by_card: bool, secret_cup: bool, rng: Rng, chances: int, phase: int,
                 actor: int, suits: list[int], row: list[int], own: list[int],
                 markers: list[int], pools: list[int], scores: list[int], round_no: int,
                 first: int, waiting: list[int], allot: int, placed: list[int],
                 revolts: list[int], at: int, cup: list[int], put_in: list[int]) -> None:
        self.players = players
        self.target = target
        self.round_cap = round_cap
        self.on_card = on_card  # the distance limit counts the markers on the card
        self.by_card = by_card  # revolts go card by card (else place by place)
        self.secret_cup = secret_cup
        self.rng = rng
        self.chances = chances
        self.phase = phase
        self.actor = actor  # NOBODY when over
        self.suits = suits  # per seat, -1 before it chooses
        self.row = row  # owner * 16 + rank per place (empty before the deal)
        self.own = own  # per seat, the mask of places holding its cards
        self.markers = markers  # [place * players + seat]
        self.pools = pools
        self.scores = scores
        self.round_no = round_no
        self.first = first  # the first player, -1 before the die
        self.waiting = waiting  # seats still to place, or to fill the cup, in order
        self.allot = allot  # markers the placer may still place this round
        self.placed = placed  # markers the placer put on each place this round
        # Still to revolt, the next last: the codes of the cards (by card) or the places.
        self.revolts = revolts
        self.at = at  # the revolting place, -1 for none
        self.cup = cup  # per seat
        self.put_in = put_in  # seats that have filled the cup for this card, in order

    # The suits and the deal ------------------------------------------------------------------
    def _deal(self) -> None:
        """The twin's own deal: of each rank one of the chosen suits' cards, at random, goes to
        the row; the die, rolled again on ties, makes each seat first alike."""
        n = self.players
        rng = self.rng
        row: list[int] = []
        own = [0] * n
        for rank in range(1, PLACES + 1):
            seat = rng.below(n)
            row.append(seat * 16 + rank)
            own[seat] = own[seat] | 1 << (rank - 1)
        self.row = row
        self.own = own
        self.first = rng.below(n)
        self.chances += 1
        self.round_no = 1
        self._start_round()

    # A round ---------------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.phase = INFLUENCE
        n = self.players
        first = self.first
        self.waiting = [(first + i) % n for i in range(n)]
        self._next_placer()

    def _next_placer(self) -> None:
        """A seat places as many markers as it has cards in hand (its suit less its row cards),
        or its whole pool if that is short."""
        waiting = self.waiting
        own = self.own
        pools = self.pools
        while waiting:
            seat = waiting.pop(0)
            allot = PLACES - own[seat].bit_count()
            if pools[seat] < allot:
                allot = pools[seat]
            self.allot = allot
            if allot:
                self.actor = seat
                self.placed = [0] * PLACES
                return
        # The abilities: with no abilities in the table nobody has one to use.
        self.phase = CUP
        if self.by_card:
            self.revolts = self.row[:]
        else:
            self.revolts = list(range(PLACES))
        self._next_revolt()

    def _next_revolt(self) -> None:
        """From the Fool's end: the holders of markers on the card fill the cup in turn from
        the first player."""
        revolts = self.revolts
        markers = self.markers
        n = self.players
        first = self.first
        while revolts:
            item = revolts.pop()
            at = self.row.index(item) if self.by_card else item
            base = at * n
            holders = [s for s in ORDER[n][first] if markers[base + s]]
            if not holders:
                continue
            self.phase = CUP
            self.at = at
            self.cup = [0] * n
            self.put_in = []
            self.actor = holders.pop(0)
            self.waiting = holders
            return
        self.at = -1
        self._score()

    def _draw(self) -> None:
        """One marker drawn from the cup: its owner decides; the cup goes back to the pools."""
        cup = self.cup
        total = sum(cup)
        if total == 0:
            self.put_in = []
            self._next_revolt()
            return
        pick = self.rng.below(total)
        self.chances += 1
        pools = self.pools
        seat = 0
        for s in range(self.players):
            count = cup[s]
            pools[s] = pools[s] + count
            if 0 <= pick < count:
                seat = s
            pick -= count
        self.cup = [0] * self.players
        self.phase = REVOLT
        self.actor = seat

    def _score(self) -> None:
        """The first round is not scored; then the seat on the first player's left is first."""
        scores = self.scores
        n = self.players
        if self.round_no > 1:
            points = _points(self.row, n)
            for s in range(n):
                scores[s] = scores[s] + points[s]
        if max(scores) >= self.target or self.round_no >= self.round_cap:
            self.phase = OVER
            self.actor = NOBODY
            self.at = -1
            return
        self.first = (self.first + 1) % n
        self.round_no += 1
        self._start_round()

    # The contract ----------------------------------------------------------------------------
    def to_act(self) -> int:
        return self.actor

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == CUP:
            return PUTS[:self.markers[self.at * self.players + self.actor] + 1]
        if phase == INFLUENCE:
            seat = self.actor
            allot = self.allot
            limits = LIMITS[self.own[seat]]
            had = self.markers[seat::self.players] if self.on_card else self.placed
            actions: list[int] = []
            for i in range(PLACES):
                cap = limits[i] - had[i]
                if cap > 0:
                    actions += PLACE_RUNS[i][cap if cap < allot else allot]
            actions.append(DONE)
            return actions
        if phase == REVOLT:
            at = self.at
            actions = []
            if self.row[at] >> 4 != self.actor:
                actions.append(TAKE_OVER)
            if at > 0:
                actions.append(SWAP_LEFT)
            if at < PLACES - 1:
                actions.append(SWAP_RIGHT)
            actions.append(LEAVE)
            return actions
        if phase == CHOOSE:
            suits = self.suits
            return [s for s in range(5) if s not in suits]
        return []

    def step(self, action: int) -> None:
        phase = self.phase
        seat = self.actor
        if phase == CUP:
            count = action - PUT_BASE
            markers = self.markers
            j = self.at * self.players + seat
            markers[j] = markers[j] - count
            cup = self.cup
            cup[seat] = cup[seat] + count
            self.put_in.append(seat)
            if self.waiting:
                self.actor = self.waiting.pop(0)
            else:
                self._draw()
            return
        if phase == INFLUENCE:
            if action == DONE:
                self._next_placer()
                return
            i = PLACE_AT[action]
            count = PLACE_COUNT[action]
            markers = self.markers
            j = i * self.players + seat
            markers[j] = markers[j] + count
            placed = self.placed
            placed[i] = placed[i] + count
            pools = self.pools
            pools[seat] = pools[seat] - count
            self.allot -= count
            if self.allot == 0:
                self._next_placer()
            return
        if phase == REVOLT:
            at = self.at
            row = self.row
            if action == TAKE_OVER:
                # The card replaced goes back to its owner's hand; the markers stay on the place.
                own = self.own
                card = row[at]
                own[card >> 4] = own[card >> 4] ^ 1 << at
                own[seat] = own[seat] | 1 << at
                row[at] = seat * 16 + (card & 15)
            elif action != LEAVE:
                other = at - 1 if action == SWAP_LEFT else at + 1
                left = row[at]
                right = row[other]
                row[at] = right
                row[other] = left
                if (left ^ right) >= 16:
                    own = self.own
                    both = 1 << at | 1 << other
                    own[left >> 4] = own[left >> 4] ^ both
                    own[right >> 4] = own[right >> 4] ^ both
                n = self.players
                markers = self.markers
                a = at * n
                b = other * n
                markers[a:a + n], markers[b:b + n] = markers[b:b + n], markers[a:a + n]
            self.put_in = []
            self._next_revolt()
            return
        # Choosing a suit.
        self.suits[seat] = action
        if -1 in self.suits:
            self.actor = seat + 1
        else:
            self._deal()

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # Search ------------------------------------------------------------------------------------
    def copy(self) -> PoliticsFast:
        return PoliticsFast(self.players, self.target, self.round_cap, self.on_card, self.by_card,
                            self.secret_cup, self.rng, self.chances, self.phase, self.actor,
                            self.suits[:], self.row[:], self.own[:], self.markers[:],
                            self.pools[:], self.scores[:], self.round_no, self.first,
                            self.waiting[:], self.allot, self.placed[:], self.revolts[:],
                            self.at, self.cup[:], self.put_in[:])

    def determinize(self, seat: int, rng: Rng) -> PoliticsFast:
        """Every card is open once dealt, so only the future is drawn afresh (the generator),
        and with the secret cup how many markers the others have put in from this card."""
        twin = self.copy()
        twin.rng = Rng(rng.seed())
        if self.secret_cup and self.phase == CUP:
            n = self.players
            base = self.at * n
            cup = twin.cup
            markers = twin.markers
            for s in self.put_in:
                if s != seat:
                    total = cup[s] + markers[base + s]
                    share = rng.below(total + 1)
                    cup[s] = share
                    markers[base + s] = total - share
        return twin

    def estimate(self) -> list[float] | None:
        scores = self.scores
        if not self.row:
            return [float(s) for s in scores]
        points = _points(self.row, self.players)
        return [float(scores[s] + points[s]) for s in range(self.players)]

    def key(self) -> tuple[object, ...]:
        influence = self.phase == INFLUENCE
        return (self.players, self.target, self.round_cap, self.on_card, self.by_card,
                self.secret_cup, self.chances, self.phase, self.actor, tuple(self.suits),
                tuple(self.row), tuple(self.own), tuple(self.markers), tuple(self.pools),
                tuple(self.scores), self.round_no, self.first, tuple(self.waiting),
                # Left over from the last placer outside the influence phase: not compared.
                self.allot if influence else 0, tuple(self.placed) if influence else (),
                tuple(self.revolts), self.at, tuple(self.cup), tuple(self.put_in))



# The readable game's side ------------------------------------------------------------------------
_PHASES: Final = {"choose": CHOOSE, "influence": INFLUENCE, "cup": CUP, "revolt": REVOLT,
                  "over": OVER}


def twin(state: Any, seed: int) -> PoliticsFast | None:
    game = state.game
    if game.info.id != "politics" or game.ability_table or state.phase not in _PHASES:
        return None
    n = game.players
    options = game.options
    phase = _PHASES[state.phase]
    suits = [-1 if s is None else SUIT_LETTERS.index(s) for s in state.suits]
    owner: dict[str, int] = state.owner
    row = [owner[card[1]] * 16 + int(card[0]) for card in state.row]
    own = [0] * n
    for i, code in enumerate(row):
        own[code >> 4] |= 1 << i
    markers = [state.markers[i][s] for i in range(PLACES) for s in range(n)]
    revolts = [owner[c[1]] * 16 + int(c[0]) if isinstance(c, str) else c
               for c in reversed(state.revolts)]
    draws = sum(1 for a in state.history if type(a).__name__ in ("TakeOver", "Swap", "Leave"))
    chances = (1 if state.row else 0) + draws + (1 if phase == REVOLT else 0)
    return PoliticsFast(
        n, game.target(), options["round_cap"], options["distance_limit"] == "on_card",
        options["revolt_by"] == "card", bool(options["secret_cup"]), Rng(seed), chances, phase,
        NOBODY if phase == OVER else state.to_act, suits, row, own, markers, list(state.pools),
        list(state.scores), state.round, -1 if state.first is None else state.first,
        list(state.waiting), state.allot, list(state.placed), revolts,
        -1 if state.at is None else state.at, list(state.cup), list(state.put_in))


def encode(action: Any) -> int:
    kind = type(action).__name__
    if kind == "Place":
        return PLACE_BASE + (int(action.place) - 1) * MARKERS + int(action.count) - 1
    if kind == "Put":
        return PUT_BASE + int(action.count)
    if kind == "Swap":
        return SWAP_LEFT if action.side < 0 else SWAP_RIGHT
    if kind == "TakeOver":
        return TAKE_OVER
    if kind == "Leave":
        return LEAVE
    if kind == "Done":
        return DONE
    if kind == "Choose":
        return SUIT_LETTERS.index(action.suit)
    raise ValueError(f"{action!r} is not a Politics action the twin knows")


def census(fast: PoliticsFast) -> list[int]:
    """The row, the hands (each seat's suit less its row cards), and the rest set aside; before
    the deal every card is undealt."""
    if not fast.row:
        return list(range(N_CARDS))
    cards = [card_of(fast.suits[code >> 4], code & 15) for code in fast.row]
    dealt = set(cards)
    for s in range(fast.players):
        for rank in range(1, PLACES + 1):
            card = card_of(fast.suits[s], rank)
            if card not in dealt:
                cards.append(card)
    chosen = set(cards)
    cards += [c for c in range(N_CARDS) if c not in chosen]
    return cards
