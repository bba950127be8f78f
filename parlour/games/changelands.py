"""Changelands: a race across a 5x5 field of Viashi cards. Each card points the way a marker may
step from it (winds north, leaves south, stones east, waves west, gods any one way); flames are
never landed on. Each turn a player changes one card of the field and moves up to three steps.

The rules are parlour/fast/changelands.py's, the integer core, and only there. This is the readable
layer on it: the game's option, the actions and their notation, the words of a refusal, the views,
the table's scene and the terminal's picture, and the log told from the core's events.
Rule text: shared/seeds/003 (Racciman's World, section Changelands); rulings: shared/GAMES.md,
Viashi deck games, Changelands; the rules page: docs/rules/changelands.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..agents.base import CoreHeuristic
from ..core.cards import VIASHI_54, VIASHI_CARDS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import changelands as core
from ..fast.core import Rng, SourceRng

SIZE = core.SIZE
FILES = "abcde"  # west to east; ranks 1 (south) to 5 (north), as on a chess board
STEPS = core.STEPS
DIRECTIONS = "nesw"  # the step actions 1-4
DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
SIDES = ("south", "north", "east", "west")  # the seats, in the order of GAMES.md's ruling
NAME = VIASHI_CARDS  # a card's name, by its number in the core
CARD = {name: i for i, name in enumerate(NAME)}
LOG_SHOWN = 12


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


def is_flame(card: str) -> bool:
    return core.FLAME[CARD[card]]


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
# Each action, by its number (the core's, Game.action_id's): made once.
ACTIONS = [STOP, *STEP.values(),
           *(Replace(c, q) for c in VIASHI_CARDS for q in range(core.SQUARES))]


def action_id(action) -> int:
    if isinstance(action, Stop):
        return core.STOP
    if isinstance(action, Step):
        return 1 + DIRECTIONS.index(action.direction)
    if isinstance(action, Replace):
        return core.CHANGE + CARD[action.card] * core.SQUARES + action.square
    raise ValueError(f"{action!r} is not a Changelands action")


def action_of(number: int):
    return ACTIONS[number]


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
        peers={},  # no peer engine has a game close enough to benchmark against
    )
    core_module = "changelands"
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
        seats = []
        for s in range(n):
            badges = ["wins"] if view["winner"] == s else []
            change = view["last_changes"][s]
            played = zone([item([change["card"]], label=f"on {change['square']}")]) \
                if change else None
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
            target = core.beside(at, 1 + DIRECTIONS.index(action.direction))
            if target >= 0:
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
    def parse_action(self, state: ChangelandsState, text: str):
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
        return ACTIONS[core.CHANGE + CARD[card] * core.SQUARES + parse_cell(words[1])]

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ACTIONS
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)

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
        for r in range(SIZE):
            top, bottom = [], []
            for col in range(SIZE):
                index = cell(r, col)
                card = field[index]
                here = " ".join(str(s) for s, at in enumerate(markers) if at == cell_name(index))
                top.append("[" + card.center(11) + "]")
                bottom.append("[" + f"{_arrow(card)} {here}".center(11) + "]")
            middle = r == SIZE // 2
            lines.append(f"  {SIZE - r}  " + " ".join(top))
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
    ways = core.ways(CARD[card])
    return "+" if len(ways) > 1 else "##" if not ways else "^>v<"[ways[0] - 1]


def _card(word: str) -> str:
    for card in NAME:
        if card.lower() == word.lower():
            return card
    if word.lower() in ("dark", "darklord", "dark_lord"):
        return "DarkLord"
    raise IllegalAction(f"{word!r} is not a card; write rank then color (7W, 1R, 9G) or a "
                        f"god's name (Lady, DarkLord, ...)")


# The log line of each event, by kind.
LINES = {
    core.CORNERS_SWAPPED: "flames on the corners ({cards}) are swapped out and shuffled into the "
                          "deck",
    core.RESHUFFLED: "the discard pile is shuffled into a new draw pile",
    core.CHANGED: "seat {seat} puts {card} on {square} for {other}",
    core.STEPPED: "seat {seat} steps {way} to {square}",
    core.STOPPED: "seat {seat} stops on {square}",
    core.WON: "seat {seat} reaches the goal and wins",
    core.SENT_BACK: "{card} points off the grid: seat {seat} goes back to {square}",
    core.BLOCKED: "{card} points to a flame: the turn ends",
    core.MENDED: "the flame {card} on seat {seat}'s start corner is discarded for {other}",
    core.DRAWN: "the round limit is reached: the game is drawn",
}


# The words of a refusal, by the core's why_not.
REFUSALS = {
    core.CHANGED_ALREADY: "you have changed a card already this turn: step (n, e, s, w) or stop",
    core.NOT_HELD: "you do not hold {action.card}",
    core.MARKED: "{square} has a marker on it: replace a card without a marker",
    core.CHANGE_FIRST: "first replace a card of the field with one from your hand (e.g. '7W c3')",
    core.WRONG_WAY: "a marker on {card} may only step {way}",
    core.OFF_GRID: "a marker may not step off the grid",
    core.ON_FLAME: "a marker may not land on a flame ({card})",
    core.GAME_OVER: "the game is over",
}


# The readable position: a core position (parlour/fast/changelands.py) and what the log and the
# views show of it. Every rule is the core's; this only names, words and narrates.
class ChangelandsState(WrappedState):
    core_module = core
    copied = ("log", "last_changes")

    def __init__(self, game: Changelands, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)
        # Each seat's last change of the field as the table shows it, (card put, square): kept
        # from the events, as the log keeps only its last lines.
        self.last_changes: list[tuple[str, str] | None] = [None] * game.players
        cards = [CARD[c] for c in deck] if deck is not None else None
        events: list = []
        self._start(core.start(game.players, game.options["round_limit"],
                               SourceRng(self._generator), cards, events), events)

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: core.PHASE_NAMES[self.core.phase])
    reached_cap = property(lambda self: self.core.drawn)
    winner = property(lambda self: None if self.core.winner < 0 else self.core.winner)
    markers = property(lambda self: list(self.core.markers))
    starts = property(lambda self: list(core.STARTS[:self.game.players]))
    goals = property(lambda self: list(core.GOALS[:self.game.players]))
    sides = property(lambda self: SIDES[:self.game.players])
    field = property(lambda self: [NAME[c] for c in self.core.field])
    hands = property(lambda self: [[NAME[c] for c in h] for h in self.core.hands])
    pile = property(lambda self: [NAME[c] for c in self.core.pile])
    discard = property(lambda self: [NAME[c] for c in self.core.discard])

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [action_of(a) for a in self.core.legal()]

    def _check(self, action) -> str | None:
        if not isinstance(action, (Replace, Step, Stop)):
            return f"{action!r} is not a Changelands move"
        if isinstance(action, Replace) and not 0 <= action.square < core.SQUARES:
            return "there is no such square"
        position = self.core
        why = position.why_not(action_id(action))
        if why == core.LEGAL:
            return None
        at = position.markers[position.actor] if position.actor >= 0 else 0
        card, way = position.field[at], ""
        if why == core.WRONG_WAY:
            (step,) = core.ways(card)  # a flame has none: then it is no move of this game
            way = DIRECTION_NAMES[DIRECTIONS[step - 1]]
        elif why == core.ON_FLAME:
            card = position.field[core.beside(at, action_id(action))]
        square = cell_name(action.square) if isinstance(action, Replace) else ""
        return REFUSALS[why].format(action=action, card=NAME[card], way=way, square=square)

    def estimate(self) -> list[float]:
        return self.core.estimate()

    def round_count(self) -> int:
        # the counter has moved on to the round after the limit when the limit ends the game
        return min(self.core.round, self.core.limit)

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        names = [NAME[c] for c in e.cards] + ["", ""]
        way = e.more[0] if e.more else 0
        square = cell_name(e.other) if e.other >= 0 else ""
        self.log.append(LINES[e.kind].format(
            seat=e.seat, square=square,
            cards=" ".join(names[:min(4, len(e.cards))]), card=names[0], other=names[1],
            way=DIRECTION_NAMES[DIRECTIONS[way - 1]] if way else ""))
        if e.kind == core.CHANGED:
            self.last_changes[e.seat] = (names[0], square)

    # What a seat may know: the whole field, the markers, the discard pile (face up); its own
    # hand only.
    def view(self, seat: int | None) -> dict:
        position = self.core
        field = self.field
        return {
            "game": "changelands",
            "seat": seat,
            "to_act": self.current_player,
            "phase": self.phase,
            "steps": position.steps,
            "round": position.round,
            "round_limit": position.limit,
            "field": [field[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
            "sides": list(self.sides),
            "markers": [cell_name(m) for m in position.markers],
            "starts": [cell_name(m) for m in self.starts],
            "goals": [cell_name(m) for m in self.goals],
            "hand": self.hands[seat] if seat is not None else None,
            "hand_counts": [len(h) for h in position.hands],
            "draw_count": len(position.pile),
            "discard": self.discard,
            "winner": self.winner,
            "drawn": position.drawn,
            # each seat's last change of the field: the card put and its square
            "last_changes": [None if change is None else
                             {"card": change[0], "square": change[1]}
                             for change in self.last_changes],
            "log": list(self.log),
        }

    def card_census(self) -> list[str]:
        return self.field + [c for h in self.hands for c in h] + self.pile + self.discard

    def _blank(self) -> core.ChangelandsFast:
        return core.ChangelandsFast(self.game.players, self.game.options["round_limit"], Rng(0))



# A computer player ------------------------------------------------------------------------------
class ChangelandsHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/changelands.py, heuristic_choice): change the card that
    lets you run furthest toward your goal this turn, and spoil the field for whoever is closest
    to winning; then take the steps that end nearest the goal."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows: the field, the markers, the steps taken.
        field = [CARD[c] for line in view["field"] for c in line]
        markers = [parse_cell(m) for m in view["markers"]]
        phase = core.MOVE if view["phase"] == "move" else core.REPLACE
        numbers = [action_id(a) for a in legal_actions]
        pick = core.heuristic_choice(numbers, field, markers, view["seat"], phase, view["steps"])
        return legal_actions[numbers.index(pick)]


Changelands.state_class = ChangelandsState
Changelands.heuristic = ChangelandsHeuristic
