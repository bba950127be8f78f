"""Changelands: a race across a 5x5 field of Viashi cards. Each card points the way a marker may
step from it (winds north, leaves south, stones east, waves west, gods any one way); flames are
never landed on. Each turn a player changes one card of the field and moves up to three steps.

Rule text: shared/seeds/003 (Racciman's World, section Changelands); rulings: shared/GAMES.md,
Viashi deck games, Changelands. Read this module beside docs/rules/changelands.md. A turn: draw a
card, replace one card of the field that has no marker on it with a card from the hand (the old
one is discarded face up), then step the marker up to three times.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..agents.base import Agent
from ..core.cards import GOD_RANK, VIASHI_CARDS, VIASHI_54
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option, State
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone

SIZE = 5
FILES = "abcde"  # west to east; ranks 1 (south) to 5 (north), as on a chess board
CARD_INDEX = {card: i for i, card in enumerate(VIASHI_CARDS)}
HAND_SIZE = 4
STEPS = 3

# Directions as (row, column) offsets; row 0 is the north edge, column 0 the west edge.
DIRECTIONS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
# A marker on a wind card steps north, leaf south, stone east, wave west; gods any one way.
SUIT_DIRECTION = {"W": "n", "G": "s", "P": "e", "B": "w"}

# Seats in the order of GAMES.md's ruling: south, north, east, west. Each player's marker starts
# on the rightmost card of the row nearest him and must reach the leftmost card of the row
# furthest from him, as he faces the field from his side.
SIDES = ("south", "north", "east", "west")
START = {"south": (4, 4), "north": (0, 0), "east": (0, 4), "west": (4, 0)}
GOAL = {"south": (0, 0), "north": (4, 4), "east": (4, 0), "west": (0, 4)}
CORNERS = (0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1)


def cell(row: int, col: int) -> int:
    return row * SIZE + col


def cell_name(index: int) -> str:
    row, col = divmod(index, SIZE)
    return f"{FILES[col]}{SIZE - row}"


def parse_cell(text: str) -> int:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345":
        raise IllegalAction(f"{text!r} is not a square of the field; write a file a-e and a "
                            f"rank 1-5, e.g. c3 (a1 is the south-west corner)")
    return cell(SIZE - int(text[1]), FILES.index(text[0]))


FLAMES = frozenset(c for c in VIASHI_CARDS if c not in GOD_RANK and c[1] == "R")
# The ways a marker may step from each card (tables: bots call these in every playout).
WAYS = {c: "nesw" if c in GOD_RANK else "" if c in FLAMES else SUIT_DIRECTION[c[1]]
        for c in VIASHI_CARDS}


def is_flame(card: str) -> bool:
    return card in FLAMES


def is_god(card: str) -> bool:
    return card in GOD_RANK


def _neighbour(index: int, direction: str) -> int | None:
    row, col = divmod(index, SIZE)
    dr, dc = DIRECTIONS[direction]
    row, col = row + dr, col + dc
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return cell(row, col)
    return None


NEIGHBOURS = [{d: _neighbour(q, d) for d in "nesw"} for q in range(SIZE * SIZE)]
# A square and those beside it: the cards that say where a marker standing there may go next.
AROUND = [frozenset({q, *(n for n in NEIGHBOURS[q].values() if n is not None)})
          for q in range(SIZE * SIZE)]


def neighbour(index: int, direction: str) -> int | None:
    """The square one step away, or None off the grid."""
    return NEIGHBOURS[index][direction]


# The movement rules, shared by the state and the computer player (which sees only the view) --
def steps_from(field: list[str], index: int) -> list[tuple[str, int]]:
    """The steps a marker on `index` may take: (direction, square). A step follows the card
    stood on (a god: any one way), never leaves the grid and never lands on a flame."""
    near = NEIGHBOURS[index]
    result = []
    for direction in WAYS[field[index]]:
        target = near[direction]
        if target is not None and field[target] not in FLAMES:
            result.append((direction, target))
    return result


def landing(field: list[str], index: int) -> str:
    """What landing on a square does: "off" (its card points off the grid: back to start, the
    turn ends), "flame" (it points to a flame: the turn ends) or "on". A god points wherever
    its player chooses, so it never ends a move."""
    ways = WAYS[field[index]]
    if len(ways) != 1:
        return "on"  # a god (a flame is never landed on)
    target = NEIGHBOURS[index][ways]
    if target is None:
        return "off"
    return "flame" if field[target] in FLAMES else "on"


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Replace:
    """Put `card` from the hand on square `square`; the card there goes to the discard pile."""
    card: str
    square: int

    def __str__(self) -> str:
        return f"{self.card} {cell_name(self.square)}"


@dataclass(frozen=True, slots=True)
class Step:
    direction: str  # n e s w

    def __str__(self) -> str:
        return self.direction


@dataclass(frozen=True, slots=True)
class Stop:
    def __str__(self) -> str:
        return "stop"


STEP = {d: Step(d) for d in "nesw"}
STOP = Stop()
_REPLACES: dict[tuple[str, int], Replace] = {}


def _replace(card: str, square: int) -> Replace:
    key = (card, square)
    action = _REPLACES.get(key)
    if action is None:
        action = _REPLACES[key] = Replace(card, square)
    return action


# The game --------------------------------------------------------------------------------------
@register
class Changelands(Game):
    info = GameInfo(
        id="changelands",
        title="Changelands",
        summary="Race your marker across a 5x5 field of cards to the far corner: each card "
                "points the way (winds north, leaves south, stones east, waves west, gods any); "
                "change one card a turn and step up to three times.",
        min_players=2, max_players=4, default_players=2, deck="viashi",
        options=(
            Option("round_limit", 150, "the game is drawn after this many rounds (each player "
                                       "one turn) without a winner",
                   minimum=1, maximum=10_000),
        ),
        twins={},  # no peer engine has a game close enough to benchmark against
    )
    # A random walk over the field takes hundreds of moves to reach a goal.
    playout_depth = 12
    fast_twin = "changelands"
    # A turn offers dozens of changes: hard spends its second judging its own by the heuristic's
    # playouts rather than spreading it over a tree of barely tried replies.
    search_tree = 1
    sample_options = ({}, {"round_limit": 20})
    # A flame dealt to a corner is shuffled back into the deck, and an empty draw pile is made
    # of the shuffled discards: the generator takes part in the deal.
    deck_decides_deal = False

    how_to_play = {
        "goal": "Be the first to bring your marker from your start corner to your goal, the "
                "far corner of the field.",
        "turn": ["Draw a card (this is done for you).",
                 "Change one card of the field without a marker on it for a card from your "
                 "hand.",
                 "Step your marker up to three times, each step the way the card under it "
                 "points: winds north, leaves south, stones east, waves west, gods any way.",
                 "Never step off the field or onto a flame.",
                 "Landing on a card that points off the field sends you back to your start; "
                 "one that points to a flame ends your turn."],
    }

    # The table: the field as a 5x5 grid, north (rank 5) at the top, the markers and goals on
    # it; the draw and discard piles beside it; each seat's side of the field under its name.
    def scene(self, view: dict) -> dict:
        me = view["seat"]
        n = len(view["sides"])
        marks: dict[str, list] = {}
        for s, at in enumerate(view["goals"]):
            marks.setdefault(at, []).append({"seat": s, "kind": "goal"})
        for s, at in enumerate(view["markers"]):
            marks.setdefault(at, []).append({"seat": s, "kind": "marker"})
        cells = []
        for r, line in enumerate(view["field"]):
            for c, card in enumerate(line):
                name = cell_name(cell(r, c))
                cells.append(item([card], pick="@" + name, marks=marks.get(name, ())))
        field = zone(cells, label="The field, north at the top", kind="grid", columns=SIZE,
                     axes={"columns": list(FILES[:SIZE]),
                           "rows": [str(SIZE - r) for r in range(SIZE)]})
        last = _last_changes(view["log"])
        seats = []
        for s in range(n):
            badges = ["wins"] if view["winner"] == s else []
            change = last.get(s)
            played = zone([item([change[0]], label=f"on {change[1]}")]) if change else None
            seats.append(seat_entry(count=view["hand_counts"][s], played=played,
                                    note=f"sits {view['sides'][s]}", badges=badges))
        discard = view["discard"]
        centre = [field, pile("Draw pile", view["draw_count"]),
                  pile("Discard pile", len(discard), discard[-1] if discard else None)]
        info = [{"label": "Winds", "text": "north", "suit": "W"},
                {"label": "Leaves", "text": "south", "suit": "G"},
                {"label": "Stones", "text": "east", "suit": "P"},
                {"label": "Waves", "text": "west", "suit": "B"},
                {"label": "Flames", "text": "never landed on", "suit": "R"}]
        if view["drawn"]:
            info.insert(0, {"label": "Drawn", "text": "no one reached the goal in time"})
        hand = view["hand"]
        return {"family": "grid", "info": info, "say": self._say(view, me), "centre": centre,
                "seats": seats, "hand": row(hand) if hand is not None else None}

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me:
            return None
        if view["phase"] == "replace":
            return "Put a card from your hand on a square without a marker"
        left = STEPS - view["steps"]
        if left == STEPS:
            return f"Step your marker up to {STEPS} times, or stop"
        more = "once more" if left == 1 else f"up to {left} more times"
        return f"Step your marker {more}, or stop"

    def move_picks(self, view: dict, action) -> list[list[str]]:
        # A change: tap the card, then the square. A step: tap the square the marker steps to.
        if isinstance(action, Replace):
            return [[action.card], ["@" + cell_name(action.square)]]
        if isinstance(action, Step):
            at = parse_cell(view["markers"][view["seat"]])
            target = neighbour(at, action.direction)
            if target is not None:
                return [["@" + cell_name(target)]]
        return []

    def deck(self):
        return VIASHI_54

    def max_decisions(self) -> int:
        # A turn is one replacement and at most three steps and a stop.
        return self.options["round_limit"] * self.players * (2 + STEPS)

    # Notation: "7W c3" (put 7W from the hand on square c3), "n" "e" "s" "w" (a step), "stop".
    # Also accepted: "put 7W on c3", "7W at c3", "north", "step n", and "step" alone when only
    # one step is possible.
    def parse_action(self, state: "ChangelandsState", text: str):
        words = text.lower().replace(",", " ").split()
        if words and words[0] in ("put", "replace", "place"):
            words = words[1:]
        if words and words[0] in ("step", "move", "go"):
            if len(words) == 1:
                steps = [a for a in state.legal_actions() if isinstance(a, Step)]
                if len(steps) == 1:
                    return steps[0]
                raise IllegalAction("say which way to step: n, e, s or w")
            words = words[1:]
        if words in (["stop"], ["end"], ["done"]):
            return STOP
        if len(words) == 1:
            word = words[0]
            for d, name in DIRECTION_NAMES.items():
                if word in (d, name):
                    return STEP[d]
        if len(words) == 3 and words[1] in ("on", "at", "to"):
            words = [words[0], words[2]]
        if len(words) != 2:
            raise IllegalAction("write a card and a square (e.g. '7W c3'), a step (n, e, s, w) "
                                "or 'stop'")
        card = _card(words[0])
        return _replace(card, parse_cell(words[1]))

    @property
    def action_space_size(self) -> int:
        return len(VIASHI_CARDS) * SIZE * SIZE + 5

    def action_id(self, action) -> int:
        if isinstance(action, Stop):
            return 0
        if isinstance(action, Step):
            return 1 + "nesw".index(action.direction)
        if isinstance(action, Replace):
            return 5 + CARD_INDEX[action.card] * SIZE * SIZE + action.square
        raise ValueError(f"{action!r} is not a Changelands action")

    def action_from_id(self, number: int):
        if number == 0:
            return STOP
        if number < 5:
            return STEP["nesw"[number - 1]]
        card, square = divmod(number - 5, SIZE * SIZE)
        return _replace(VIASHI_CARDS[card], square)

    # The terminal: the field as a grid, north at the top, each square's card, the way it points
    # and the markers on it.
    def render(self, view: dict) -> str:
        seat = view["seat"]
        lines = []
        if view["winner"] is not None:
            status = f"seat {view['winner']} wins"
        elif view["to_act"] is None:
            status = "drawn: the round limit is reached"
        else:
            status = (f"seat {view['to_act']} to {view['phase']}, round {view['round']}/"
                      f"{view['round_limit']}")
        lines.append(f"Changelands - {status}" + (f" (you are seat {seat})"
                                                   if seat is not None else ""))
        width = 5 + SIZE * 14 - 1
        lines.append("north".center(width).rstrip())
        lines.append("     " + " ".join(f.center(13) for f in FILES).rstrip())
        field = [c for row in view["field"] for c in row]
        markers = view["markers"]
        for row in range(SIZE):
            top, bottom = [], []
            for col in range(SIZE):
                index = cell(row, col)
                card = field[index]
                here = " ".join(str(s) for s, at in enumerate(markers) if at == cell_name(index))
                top.append("[" + card.center(11) + "]")
                bottom.append("[" + f"{_arrow(card)} {here}".center(11) + "]")
            middle = row == SIZE // 2
            lines.append(f"  {SIZE - row}  " + " ".join(top))
            lines.append(("west " if middle else "     ") + " ".join(bottom)
                         + (" east" if middle else ""))
        lines.append("south".center(width).rstrip())
        lines.append("  ^ north (wind)  v south (leaf)  > east (stone)  < west (wave)")
        lines.append("  + god: any one way  ## flame: never landed on  digits: the seats' markers")
        for s, side in enumerate(view["sides"]):
            who = "you" if s == seat else f"seat {s}"
            lines.append(f"  {who} ({side}): on {markers[s]}, start {view['starts'][s]}, "
                         f"goal {view['goals'][s]}, {view['hand_counts'][s]} cards in hand")
        lines.append(f"  draw pile {view['draw_count']}, discard pile {len(view['discard'])}"
                     + (f" (top {view['discard'][-1]})" if view["discard"] else ""))
        if view["hand"] is not None:
            lines.append("  your hand: " + " ".join(view["hand"]))
        if view["phase"] == "move" and view["to_act"] is not None:
            lines.append(f"  steps taken {view['steps']}/{STEPS}")
        if view["log"]:
            lines.append("  last: " + "; ".join(view["log"][-3:]))
        return "\n".join(lines)


def _arrow(card: str) -> str:
    if is_god(card):
        return "+"
    if is_flame(card):
        return "##"
    return {"n": "^", "s": "v", "e": ">", "w": "<"}[SUIT_DIRECTION[card[1]]]


def _card(word: str) -> str:
    for card in VIASHI_CARDS:
        if card.lower() == word.lower():
            return card
    if word.lower() in ("dark", "darklord", "dark_lord"):
        return "DarkLord"
    raise IllegalAction(f"{word!r} is not a card; write rank then color (7W, 1R, 9G) or a "
                        f"god's name (Lady, DarkLord, ...)")


def _last_changes(log: list[str]) -> dict[int, tuple[str, str]]:
    """Each seat's last change of the field in the log: (the card put, its square)."""
    last = {}
    for line in log:
        words = line.split()
        if len(words) >= 6 and words[0] == "seat" and words[2] == "puts" and words[4] == "on":
            last[int(words[1])] = (words[3], words[5])
    return last


# The rules -------------------------------------------------------------------------------------
class ChangelandsState(State):
    def __init__(self, game: Changelands, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        cards = list(deck) if deck is not None else list(game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        self.log: list[str] = []
        # The top 25 cards make the field, row by row from the north-west corner.
        self.field = cards[:SIZE * SIZE]
        rest = cards[SIZE * SIZE:]
        # A flame on a corner is swapped for the next card of the deck that is not a flame, and
        # the flames are shuffled back into the deck.
        aside = []
        for corner in CORNERS:
            if is_flame(self.field[corner]):
                aside.append(self.field[corner])
                while is_flame(rest[0]):
                    aside.append(rest.pop(0))
                self.field[corner] = rest.pop(0)
        if aside:
            rest.extend(aside)
            self.rng.shuffle(rest)
            self.log.append(f"flames on the corners ({' '.join(aside[:4])}) are swapped out "
                            f"and shuffled into the deck")
        self.pile = rest[::-1]  # top card last
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            self.hands[i % n].append(self.pile.pop())
        for hand in self.hands:
            hand.sort(key=CARD_INDEX.__getitem__)
        self.sides = SIDES[:n]
        self.starts = [cell(*START[side]) for side in self.sides]
        self.goals = [cell(*GOAL[side]) for side in self.sides]
        self.markers = list(self.starts)
        self.round = 1
        self.winner: int | None = None
        self.drawn = False
        self._start_turn(0)

    # Turns -----------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.to_act: int | None = seat
        self.phase = "replace"
        self.steps = 0
        if not self.pile and self.discard:
            # Ruling: an empty draw pile is made again of the discards, shuffled.
            self.pile = self.discard
            self.discard = []
            self.rng.shuffle(self.pile)
            self.log.append("the discard pile is shuffled into a new draw pile")
        if self.pile:
            hand = self.hands[seat]
            hand.append(self.pile.pop())
            hand.sort(key=CARD_INDEX.__getitem__)

    def _end_turn(self) -> None:
        seat = self.to_act
        nxt = (seat + 1) % self.game.players
        if nxt == 0:
            self.round += 1
            if self.round > self.game.options["round_limit"]:
                self.drawn = True
                self.reached_cap = True
                self.to_act = None
                self.phase = "over"
                self.log.append("the round limit is reached: the game is drawn")
                return
        self._start_turn(nxt)

    def _back_to_start(self, seat: int) -> None:
        self.markers[seat] = self.starts[seat]
        self._mend_start(seat)

    def _mend_start(self, seat: int) -> None:
        """A flame on the start corner under a marker is discarded and replaced by the top card
        of the discard pile that is not a flame (the draw pile's if there is none)."""
        start = self.starts[seat]
        if self.markers[seat] != start or not is_flame(self.field[start]):
            return
        flame = self.field[start]
        for pile in (self.discard, self.pile):
            for i in range(len(pile) - 1, -1, -1):
                if not is_flame(pile[i]):
                    self.field[start] = pile.pop(i)
                    self.discard.append(flame)
                    self.log.append(f"the flame {flame} on seat {seat}'s start corner is "
                                    f"discarded for {self.field[start]}")
                    return

    # The contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.to_act is None

    def _replaceable(self, seat: int, square: int) -> bool:
        """A card without a marker on it; or, by ruling, the owner's own start corner while
        only his marker stands there."""
        mine = self.markers[seat] == square
        for s, at in enumerate(self.markers):
            if at == square and s != seat:
                return False
        return not mine or square == self.starts[seat]

    def legal_actions(self) -> list:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == "replace":
            squares = [q for q in range(SIZE * SIZE) if self._replaceable(seat, q)]
            actions = []
            seen = set()
            for card in self.hands[seat]:
                if card in seen:
                    continue
                seen.add(card)
                actions.extend(_replace(card, q) for q in squares)
            return actions
        steps = [STEP[d] for d, _ in steps_from(self.field, self.markers[seat])]
        return steps + [STOP]

    def _check(self, action) -> str | None:
        seat = self.to_act
        if isinstance(action, Replace):
            if self.phase != "replace":
                return "you have changed a card already this turn: step (n, e, s, w) or stop"
            if action.card not in self.hands[seat]:
                return f"you do not hold {action.card}"
            if not 0 <= action.square < SIZE * SIZE:
                return "there is no such square"
            if not self._replaceable(seat, action.square):
                return (f"{cell_name(action.square)} has a marker on it: replace a card "
                        f"without a marker")
            return None
        if isinstance(action, (Step, Stop)):
            if self.phase != "move":
                return "first replace a card of the field with one from your hand (e.g. '7W c3')"
            if isinstance(action, Stop):
                return None
            at = self.markers[seat]
            card = self.field[at]
            target = neighbour(at, action.direction) if action.direction in DIRECTIONS else None
            if not is_god(card) and action.direction != SUIT_DIRECTION[card[1]]:
                way = DIRECTION_NAMES[SUIT_DIRECTION[card[1]]]
                return f"a marker on {card} may only step {way}"
            if target is None:
                return "a marker may not step off the grid"
            if is_flame(self.field[target]):
                return f"a marker may not land on a flame ({self.field[target]})"
            return None
        return f"{action!r} is not a Changelands move"

    def _apply(self, action) -> None:
        seat = self.to_act
        if isinstance(action, Replace):
            old = self.field[action.square]
            self.hands[seat].remove(action.card)
            self.field[action.square] = action.card
            self.discard.append(old)
            self.log.append(f"seat {seat} puts {action.card} on {cell_name(action.square)} "
                            f"for {old}")
            if self.markers[seat] == action.square and is_flame(action.card):
                # A marker that ends up on a flame goes back to start: it is on its start, so
                # the flame there is discarded and replaced.
                self._back_to_start(seat)
            self.phase = "move"
            if not steps_from(self.field, self.markers[seat]):
                self._end_turn()
            return
        if isinstance(action, Stop):
            self.log.append(f"seat {seat} stops on {cell_name(self.markers[seat])}")
            self._end_turn()
            return
        target = neighbour(self.markers[seat], action.direction)
        self.markers[seat] = target
        self.steps += 1
        self.log.append(f"seat {seat} steps {DIRECTION_NAMES[action.direction]} to "
                        f"{cell_name(target)}")
        if target == self.goals[seat]:
            self.winner = seat
            self.to_act = None
            self.phase = "over"
            self.log.append(f"seat {seat} reaches the goal and wins")
            return
        result = landing(self.field, target)
        if result == "off":
            self.log.append(f"{self.field[target]} points off the grid: seat {seat} goes back "
                            f"to {cell_name(self.starts[seat])}")
            self._back_to_start(seat)
            self._end_turn()
        elif result == "flame":
            self.log.append(f"{self.field[target]} points to a flame: the turn ends")
            self._end_turn()
        elif self.steps >= STEPS or not steps_from(self.field, target):
            self._end_turn()

    def estimate(self) -> list[float]:
        """For search that stops early: how near each marker stands to its goal (1 at it)."""
        far = 2 * (SIZE - 1)
        return [1.0 - DISTANCE[goal][at] / far for at, goal in zip(self.markers, self.goals)]

    def round_count(self) -> int:
        # the counter has moved on to the round after the limit when the limit ends the game
        return min(self.round, self.game.options["round_limit"])

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.game.players)]

    # What a seat may know: the whole field, the markers, the discard pile (face up); its own
    # hand only.
    def view(self, seat: int | None) -> dict:
        return {
            "game": "changelands",
            "seat": seat,
            "to_act": self.to_act,
            "phase": self.phase,
            "steps": self.steps,
            "round": self.round,
            "round_limit": self.game.options["round_limit"],
            "field": [self.field[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
            "sides": list(self.sides),
            "markers": [cell_name(m) for m in self.markers],
            "starts": [cell_name(m) for m in self.starts],
            "goals": [cell_name(m) for m in self.goals],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "draw_count": len(self.pile),
            "discard": list(self.discard),
            "winner": self.winner,
            "drawn": self.drawn,
            "log": self.log[-12:],
        }

    def card_census(self) -> list[str]:
        return self.field + [c for h in self.hands for c in h] + self.pile + self.discard

    def clone(self) -> "ChangelandsState":
        twin = self._clone_base()
        twin.field = list(self.field)
        twin.pile = list(self.pile)
        twin.discard = list(self.discard)
        twin.hands = [list(h) for h in self.hands]
        twin.markers = list(self.markers)
        twin.log = list(self.log)
        return twin

    def determinize(self, seat: int, rng: random.Random) -> "ChangelandsState":
        """Other hands and the order of the draw pile resampled; the field and the discard
        pile are face up."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        others = [s for s in range(self.game.players) if s != seat]
        places = [self.hands[s] for s in others] + [self.pile]
        fresh = redeal(places, [set() for _ in places], rng)
        for s, hand in zip(others, fresh):
            hand.sort(key=CARD_INDEX.__getitem__)
            twin.hands[s] = hand
        twin.pile = fresh[-1]
        return twin


# A computer player ------------------------------------------------------------------------------
DISTANCE = [[abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE) for b in range(SIZE * SIZE)]
            for a in range(SIZE * SIZE)]


def best_reach(field: list[str], at: int, left: int, start: int, goal: int,
               seen: set | None = None) -> float:
    """The best a marker on `at` can end this turn with `left` steps (stopping is allowed):
    its distance to the goal, less a little if the card it ends on points the right way;
    -100 for reaching the goal. `seen`, if given, gets every square whose card the answer
    depends on (a square it ends or stands on, and those beside it)."""
    if seen is not None:
        seen |= AROUND[at]
    best = _ending(field, at, goal)
    if left <= 0:
        return best
    for _, target in steps_from(field, at):
        if target == goal:
            return -100.0
        result = landing(field, target)
        if result == "off":
            if seen is not None:
                seen |= AROUND[start]
            value = _ending(field, start, goal)
        elif result == "flame" or left == 1:
            if seen is not None:
                seen |= AROUND[target]
            value = _ending(field, target, goal)
        else:
            value = best_reach(field, target, left - 1, start, goal, seen)
        best = min(best, value)
    return best


def _ending(field: list[str], at: int, goal: int) -> float:
    """How good a square is to end a turn on: its distance to the goal, adjusted for the way
    its card points (a marker's own card cannot be changed, so it decides the next step)."""
    to_goal = DISTANCE[goal]
    value = float(to_goal[at])
    steps = steps_from(field, at)
    if not steps:
        return value + 1.5  # pointing at a flame: a turn's change is spent freeing it
    for _, target in steps:
        if to_goal[target] < value:
            return value - 0.4  # next turn starts with a step the right way
    return value + 0.6


class ChangelandsHeuristic(Agent):
    """Change the card that lets you run furthest toward your goal this turn, and spoil the
    field for whoever is closest to winning; then take the steps that end nearest the goal."""

    name = "heuristic"

    def act(self, view, legal_actions):
        me = view["seat"]
        field = [c for row in view["field"] for c in row]
        markers = [parse_cell(m) for m in view["markers"]]
        starts = [parse_cell(m) for m in view["starts"]]
        goals = [parse_cell(m) for m in view["goals"]]
        if view["phase"] == "move":
            left = STEPS - view["steps"]
            best, choice = _ending(field, markers[me], goals[me]), STOP
            for action in legal_actions:
                if not isinstance(action, Step):
                    continue
                target = neighbour(markers[me], action.direction)
                if target == goals[me]:
                    return action
                result = landing(field, target)
                if result == "off":
                    value = _ending(field, starts[me], goals[me])
                elif result == "flame" or left == 1:
                    value = _ending(field, target, goals[me])
                else:
                    value = best_reach(field, target, left - 1, starts[me], goals[me])
                if value < best - 1e-9:
                    best, choice = value, action
            return choice
        others = [s for s in range(len(markers)) if s != me]
        seats = range(len(markers))

        def reach(s: int, seen: set | None = None) -> float:
            return best_reach(field, markers[s], STEPS, starts[s], goals[s], seen)

        def score(reaches) -> float:
            theirs = min(reaches[s] for s in others)
            return -reaches[me] + 0.5 * min(theirs, 4.0) + (30.0 if theirs > -100 else 0.0)

        # A changed square matters to a marker's turn only if its best reach looked at that
        # square's card: every other marker's best reach is what it was.
        depends = [set() for _ in seats]
        unchanged = [reach(s, depends[s]) for s in seats]
        as_is = score(unchanged)
        cache: dict[tuple[str, int], float] = {}
        best_score, choice = None, legal_actions[0]
        for action in legal_actions:
            square = action.square
            touched = [square in depends[s] for s in seats]
            if not any(touched):
                value = as_is
            else:
                kind = "god" if is_god(action.card) else action.card[1]
                key = (kind, square)
                value = cache.get(key)
                if value is None:
                    old = field[square]
                    field[square] = action.card
                    value = cache[key] = score([reach(s) if touched[s] else unchanged[s]
                                                for s in seats])
                    field[square] = old
            if best_score is None or value > best_score + 1e-9:
                best_score, choice = value, action
        return choice


Changelands.state_class = ChangelandsState
Changelands.heuristic = ChangelandsHeuristic
