"""Politics: a row of nine cards, one of each rank, fought over with influence markers. Revolts
drawn from a cup take cards over and swap them along the row; two cards of one suit lying side by
side score their suit's owner the difference of their ranks.

The rules are parlour/fast/politics.py's, the integer core, and only there. This is the readable
layer on it: the options, the table of card abilities (empty: the seed names none), the actions
and their notation, the words of a refusal, the views, the table's scene and the terminal's
picture, and the log told from the core's events. Rule text: shared/seeds/003 (Politics, rev. 3);
rulings: shared/GAMES.md; the rules page: docs/rules/politics.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..agents.base import CoreHeuristic
from ..core.cards import VIASHI_CARDS, VIASHI_SUITS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, row, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import politics as core
from ..fast.core import Rng

SUITS = tuple(VIASHI_SUITS)  # W R P B G: the five regular suits a player may choose
CARD = {card: i for i, card in enumerate(VIASHI_CARDS)}  # a card's number, in the core too
MARKERS = core.MARKERS
PLACES = core.PLACES  # place 1 is the Queen's end, place 9 the Fool's end
LOG_SHOWN = 40


# Card abilities --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ability:
    """One card's special ability. `cost` markers of the user's are taken off the card used and
    go back to his pool; `effect(position, seat, place, target)` does the rest, on the core's
    position (its scores, markers, pools); `targets(position, seat, place)` lists the places it
    may aim at (None: it aims at nothing)."""
    name: str
    cost: int
    text: str
    effect: Callable
    targets: Callable | None = None


# Ruling (GAMES.md): the seed names no card abilities. The phase exists and reads this table,
# keyed by card ("5W") or by rank (5); it is empty, so the phase passes with nothing to do.
ABILITIES: dict = {}


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Choose:
    """Take a suit at the start."""
    suit: str

    def __str__(self) -> str:
        return f"choose {self.suit}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put `count` influence markers from the pool on the card at `place` (1..9)."""
    place: int
    count: int

    def __str__(self) -> str:
        return f"place {self.count} on {self.place}"


@dataclass(frozen=True, slots=True)
class Done:
    """End one's placing of markers, or one's use of abilities, for this round."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Use:
    """Use the ability of one's own card at `place`, aimed at `target` if it aims."""
    place: int
    target: int | None = None

    def __str__(self) -> str:
        return f"use {self.place}" + ("" if self.target is None else f" on {self.target}")


@dataclass(frozen=True, slots=True)
class Put:
    """Put `count` of one's markers from the revolting card into the cup (0: none)."""
    count: int

    def __str__(self) -> str:
        return f"put {self.count}"


@dataclass(frozen=True, slots=True)
class TakeOver:
    """Replace the card with one's own card of the same rank; the markers move onto it."""

    def __str__(self) -> str:
        return "take over"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the card with its neighbour to the left (-1, toward the Queen's end) or the right
    (+1, toward the Fool's end); the markers stay on their cards."""
    side: int

    def __str__(self) -> str:
        return "swap left" if self.side < 0 else "swap right"


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the card where it is."""

    def __str__(self) -> str:
        return "leave"


DONE, TAKE_OVER, LEAVE = Done(), TakeOver(), Leave()
SWAP_LEFT, SWAP_RIGHT = Swap(-1), Swap(+1)
# Every action by its id, the core's number (parlour/fast/politics.py says the numbering).
ACTIONS: list = ([Choose(s) for s in SUITS]
                 + [Place(p, c) for p in range(1, PLACES + 1) for c in range(1, MARKERS + 1)]
                 + [DONE] + [Put(c) for c in range(MARKERS + 1)]
                 + [TAKE_OVER, SWAP_LEFT, SWAP_RIGHT, LEAVE]
                 + [Use(p, t or None) for p in range(1, PLACES + 1) for t in range(PLACES + 1)])
ID = {action: number for number, action in enumerate(ACTIONS)}
assert len(ACTIONS) == core.ACTIONS


def action_id(action) -> int:
    number = ID.get(action)
    if number is None:
        raise ValueError(f"{action!r} is not a Politics action")
    return number


def action_of(number: int):
    if not 0 <= number < core.ACTIONS:
        raise ValueError(f"no Politics action has id {number}")
    return ACTIONS[number]

PHASE_NAMES = {"choose": "choosing suits", "influence": "placing influence markers",
               "abilities": "using card abilities", "cup": "revolts: filling the cup",
               "revolt": "revolts: the drawn player decides", "over": "game over"}


# The game --------------------------------------------------------------------------------------
@register
class Politics(Game):
    info = GameInfo(
        id="politics",
        title="Politics",
        summary="Spread influence markers over a row of nine cards; revolts drawn from a cup take "
                "cards over and swap them; same-suit neighbours score their rank difference.",
        min_players=3, max_players=4, default_players=3, deck="viashi",
        options=(
            Option("points", None, "points to win; none: the seed's 20 with 3 players, 12 with 4",
                   minimum=1, maximum=200, allow_none=True),
            Option("round_cap", 60, "the game stops after this many rounds, drawn, if nobody has "
                                    "won (the engine's guard; the seed has no limit)",
                   minimum=2, maximum=1000),
            Option("distance_limit", "per_round",
                   "per round: a card away from your own takes at most its distance in markers "
                   "of yours each round; on card: it holds at most that many of yours at once",
                   choices=("per_round", "on_card")),
            Option("revolt_by", "card",
                   "card: every card revolts once, in the order the row lay when the revolts "
                   "began; place: every place once, whatever card lies there when reached",
                   choices=("card", "place")),
            Option("secret_cup", False,
                   "how many markers each player puts in the cup stays hidden until the draw"),
        ),
        peers={},
    )
    sample_options = (
        {},
        {"secret_cup": True, "revolt_by": "place", "points": 10},
        {"distance_limit": "on_card", "round_cap": 12},
    )
    deck_decides_deal = False  # the die picks the first player; the cup draws come later
    core_module = "politics"
    ability_table: ClassVar[dict] = ABILITIES

    def target(self) -> int:
        points = self.options["points"]
        if points is not None:
            return points
        return 20 if self.players == 3 else 12

    def rules(self) -> core.Rules:
        """What the core takes of the options and the ability table (by card, None: none)."""
        table = self.ability_table
        abilities = [table.get(name) or table.get(int(name[0])) if c < core.NUMBERED else None
                     for c, name in enumerate(VIASHI_CARDS)] if table else None
        options = self.options
        return core.Rules(self.players, self.target(), options["round_cap"],
                          options["distance_limit"] == "on_card", options["revolt_by"] == "card",
                          bool(options["secret_cup"]), abilities)

    def max_decisions(self) -> int:
        n = self.players
        placing = n * (MARKERS + 1)
        abilities = n * (PLACES + MARKERS + 1)
        revolts = PLACES * (n + 1)
        return n + self.options["round_cap"] * (placing + abilities + revolts)

    # Notation: "choose W", "place 2 on 5" (or on a card: "place 2 on 3R"), "done", "put 3",
    # "take over", "swap left", "swap right", "leave", "use 5", "use 5 on 3". A move read is the
    # very object legal_actions offers (ACTIONS).
    def parse_action(self, state: PoliticsState, text: str):
        words = text.lower().replace(",", " ").split()
        if not words:
            raise IllegalAction("write a move, e.g. 'place 2 on 5', 'put 1', 'swap left'")
        head, rest = words[0], words[1:]
        if head == "choose" and len(rest) == 1:
            return ACTIONS[SUITS.index(_suit(rest[0]))]
        if head == "place" and len(rest) in (2, 3):
            count = _number(rest[0], 1, MARKERS, "markers")
            if len(rest) == 3 and rest[1] not in ("on", "at"):
                raise IllegalAction("write 'place 2 on 5'")
            return ACTIONS[core.place_action(_where(state, rest[-1]) - 1, count)]
        if words == ["done"] or words == ["pass"]:
            return DONE
        if head == "put" and len(rest) == 1:
            return ACTIONS[core.PUT_BASE + _number(rest[0], 0, MARKERS, "markers")]
        if words in (["take", "over"], ["takeover"], ["take"]):
            return TAKE_OVER
        if head == "swap" and len(rest) == 1 and rest[0] in ("left", "l", "right", "r"):
            return SWAP_LEFT if rest[0].startswith("l") else SWAP_RIGHT
        if words in (["leave"], ["stay"]):
            return LEAVE
        if head == "use" and len(rest) in (1, 3):
            if len(rest) == 3 and rest[1] not in ("on", "at"):
                raise IllegalAction("write 'use 5' or 'use 5 on 3'")
            target = _where(state, rest[2]) if len(rest) == 3 else 0
            return ACTIONS[core.USE_BASE + (_where(state, rest[0]) - 1) * (PLACES + 1) + target]
        if len(words) == 1 and words[0].upper() in SUITS:
            return ACTIONS[SUITS.index(words[0].upper())]
        raise IllegalAction(f"{text!r} is not a Politics move; moves: choose W, place 2 on 5, "
                            "done, put 1, take over, swap left, swap right, leave, use 5")

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ACTIONS
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)

    # The table (parlour/core/scene.py) ----------------------------------------------------
    how_to_play = {
        "goal": "Score points first to 20 (12 with four players): two cards of your suit lying "
                "side by side in the row score you the difference of their ranks.",
        "turn": ["Place influence markers on the row: as many as the cards in your hand.",
                 "Next to your own cards you may place none; farther off, at most their "
                 "distance.",
                 "Revolts, from the Fool's end: put markers from the card in the cup.",
                 "The owner of the marker drawn takes the card over with his own of that rank, "
                 "swaps it with a neighbour, or leaves it.",
                 "Then the row is scored (not the first round)."],
    }

    def scene(self, view: dict) -> dict:
        n = len(view["scores"])
        me = view["seat"]
        phase = view["phase"]
        revolt = view["revolt"]
        suits = view["suits"]
        seats = []
        for s in range(n):
            hand = view["hands"][s]
            seats.append(seat_entry(
                count=None,
                note=_seat_note(view, s),
                badges=[VIASHI_SUITS[suits[s]] if suits[s] else None,
                        f"{view['pools'][s]} in pool" if view["row"] else None,
                        "winner" if view["winners"] and s in view["winners"] else None],
                score=view["scores"][s] if view["row"] else None,
                zones=[zone([item(hand)], label="Hand")] if hand and s != me else ()))
        centre = []
        if phase == "choose":
            centre.append(zone(
                [item([], badges=[VIASHI_SUITS[x]], pick=f"@{x}",
                      **({"seat": suits.index(x), "dim": True,
                          "label": f"seat {suits.index(x)}"} if x in suits else {}))
                 for x in SUITS], label="The suits"))
        if view["row"]:
            centre.append(zone(_row_items(view), label="The row"))
        if revolt is not None:
            cup = revolt["cup"]
            known = all(c is not None for c in cup)
            shares = [f"seat {s}: {'?' if c is None else c}" for s, c in enumerate(cup)
                      if c != 0]
            centre.append(zone([item([], pick="@cup", badges=shares,
                                     **({"count": sum(cup)} if known else {}))],
                               label="Cup", kind="pile"))
        return {"family": "row", "info": _info(view), "say": self._say(view, me),
                "centre": centre, "seats": seats,
                "hand": row(view["hands"][me]) if me is not None and view["hands"][me] else None}

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me:
            return None
        phase = view["phase"]
        if phase == "choose":
            return "Choose your suit"
        if phase == "influence":
            left = view["allotment"]
            return (f"Tap a card to place markers on it ({left} left this round), or done")
        if phase == "abilities":
            return "Tap your card to use its ability, or done"
        revolt = view["revolt"]
        card = revolt["card"]
        if phase == "cup":
            mine = view["markers"][revolt["place"] - 1][me]
            return (f"Revolt at {card}: tap the cup to put in markers from it "
                    f"(you have {mine} there)")
        if phase == "revolt":
            return f"Your marker is drawn: take over {card}, swap it with a neighbour, or leave it"
        return None

    def move_picks(self, view: dict, action) -> list[list[str]]:
        if isinstance(action, Place):
            return [[f"@{action.place}"], [f"={action.count}"]]
        if isinstance(action, Put):
            return [["@cup"], [f"={action.count}"]]
        if isinstance(action, Choose):
            return [[f"@{action.suit}"]]
        if isinstance(action, Use):
            picks = [[f"@{action.place}"]]
            if action.target is not None:
                picks.append([f"=on {action.target}"])
            return picks
        return []  # done, take over, swap left, swap right, leave: buttons

    def choice_text(self, key: str) -> dict:
        word = key[1:]
        if word.isdigit():
            count = int(word)
            return {"text": "none" if count == 0 else
                    f"{count} marker{'s' if count != 1 else ''}"}
        if word.startswith("on "):
            return {"text": f"on place {word[3:]}"}
        return {"text": word}

    # The terminal ----------------------------------------------------------------------------
    def render(self, view: dict) -> str:
        n = len(view["scores"])
        lines = [f"Politics, round {view['round']}"
                 + ("" if view["round"] == 0 else
                    " (not scored)" if not view["scored_round"] else " (scored)")
                 + f"; first to {view['target']} points wins"]
        if view["first_player"] is not None:
            lines[0] += f"; first player: seat {view['first_player']}"
        who = view["to_act"]
        lines.append(f"Phase: {PHASE_NAMES[view['phase']]}"
                     + ("" if who is None else f"; seat {who} to act")
                     + ("" if view["seat"] is None else f"; you are seat {view['seat']}"))
        row = view["row"]
        if row:
            lines.append("")
            lines.append("place   " + "".join(f"{p:>5}" for p in range(1, PLACES + 1)))
            lines.append("card    " + "".join(f"{c:>5}" for c in row))
            owners = view["owners"]
            lines.append("owner   " + "".join(f"{'s' + str(o):>5}" for o in owners))
            for s in range(n):
                cells = []
                for p in range(PLACES):
                    count = view["markers"][p][s]
                    cells.append(f"{'.' if count == 0 else count:>5}")
                lines.append(f"seat {s}  " + "".join(cells))
            caps = view.get("caps")
            if caps:
                lines.append("may put  " + "".join(f"{c:>5}" for c in caps)[1:])
        lines.append("")
        for s in range(n):
            suit = view["suits"][s]
            name = f"{VIASHI_SUITS[suit]} ({suit})" if suit else "no suit yet"
            hand = " ".join(view["hands"][s]) or "-"
            lines.append(f"seat {s}: {name:<13} pool {view['pools'][s]:>2}  "
                         f"score {view['scores'][s]:>3}  hand {hand}")
        if view["phase"] == "influence" and view["allotment"] is not None:
            lines.append(f"seat {who} may still place {view['allotment']} markers this round")
        revolt = view["revolt"]
        if revolt:
            cup = ", ".join(f"seat {s}: {'?' if c is None else c}"
                            for s, c in enumerate(revolt["cup"]) if c != 0)
            lines.append(f"Revolt at place {revolt['place']} ({revolt['card']}); "
                         f"cup: {cup or 'empty'}"
                         + ("" if revolt["drawn"] is None else
                            f"; drawn: seat {revolt['drawn']}'s marker"))
        if view["winners"] is not None:
            lines.append("Winner: " + (", ".join(f"seat {s}" for s in view["winners"])
                                       or "none (the round cap was reached)"))
        return "\n".join(lines)


def _suit(word: str) -> str:
    word = word.strip().upper()
    for letter, name in VIASHI_SUITS.items():
        if word in (letter, name.upper()):
            return letter
    raise IllegalAction(f"{word!r} is not a suit; choose W, R, P, B or G")


def _number(word: str, low: int, high: int, what: str) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise IllegalAction(f"{word!r} is not a number of {what} ({low}..{high})")
    return int(word)


def _where(state: PoliticsState, word: str) -> int:
    """A place 1..9, or the place of the card named."""
    if word.isdigit():
        return _number(word, 1, PLACES, "a place")
    card = word.upper()
    for place, held in enumerate(state.row, start=1):
        if held.upper() == card:
            return place
    raise IllegalAction(f"{word!r} is neither a place 1..9 nor a card in the row")


def row_points(row: list[str], owner: dict[str, int], players: int) -> list[int]:
    """Points the row (card names) scores each seat: the core's row_points."""
    return core.row_points([owner[c[1]] * 16 + int(c[0]) for c in row], players)


def _plural(count: int) -> str:
    return f"{count} marker{'s' if count != 1 else ''}"


# The words of a move of the wrong kind, by phase.
WRONG_KIND = {"choose": "first choose a suit: choose W, R, P, B or G",
              "influence": "it is the influence phase: 'place 2 on 5' or 'done'",
              "abilities": "it is the abilities phase: 'use 5' or 'done'",
              "cup": "a revolt: put some of your markers on this card in the cup ('put 2')",
              "revolt": "your marker was drawn: take over, swap left, swap right or leave",
              "over": "the game is over"}

# The log lines of the events told by their seat, `other`, place (other + 1) and cards.
PLAIN = {core.FIRST: "seat {seat} goes first",
         core.NO_MARKERS: "seat {seat} has no markers to place",
         core.PLACED: "seat {seat} places {other} on {c0}",
         core.DONE_PLACING: "seat {seat} is done placing",
         core.NO_ABILITIES: "no card abilities to use (the rules name none)",
         core.STAYED: "nobody puts a marker in the cup for {c0}: it stays",
         core.TOOK_OVER: "seat {seat} takes over place {place}: {c0} replaces {c1}",
         core.SWAPPED: "seat {seat} swaps {c0} with its neighbour {c1}",
         core.LEFT: "seat {seat} leaves {c0} where it is",
         core.UNSCORED: "round 1 is not scored",
         core.CAPPED: "the round cap ({other}) is reached: the game is drawn"}


# The readable position: a core position (parlour/fast/politics.py) and what the log and the
# views show of it. Every rule is the core's; this only names, words and narrates.
class PoliticsState(WrappedState):
    core_module = core
    copied = ("log", "rolls")

    def __init__(self, game: Politics, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        # (public line, private line, the seats that read the private one)
        self.log: list[tuple[str, str | None, tuple[int, ...]]] = []
        self.rolls: list[list[int | None]] = []  # the die rolled for the first player
        cards = [CARD[c] for c in deck] if deck is not None else None
        self._start(core.PoliticsFast(game.rules(), Rng(0), cards=cards), [])

    def _core_rng(self, position) -> Rng:
        # The readable game drew the die and the cup with randrange: so do its records.
        return core.PoliticsRng(self._generator)

    def _blank(self) -> core.PoliticsFast:
        return core.PoliticsFast(self.game.rules(), Rng(0))

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: core.PHASE_NAMES[self.core.phase])
    suits = property(lambda self: [None if s < 0 else SUITS[s] for s in self.core.suits])
    row = property(lambda self: [VIASHI_CARDS[c] for c in self.core.row_cards()])
    pools = property(lambda self: list(self.core.pools))
    scores = property(lambda self: list(self.core.scores))
    cup = property(lambda self: list(self.core.cup))
    round = property(lambda self: self.core.round_no)
    allot = property(lambda self: self.core.allot)
    first = property(lambda self: _seat(self.core.first))
    at = property(lambda self: _seat(self.core.at))
    drawn = property(lambda self: self.core.actor if self.core.phase == core.REVOLT else None)
    winners = property(lambda self: self.core.winners() if self.core.phase == core.OVER else None)
    reached_cap = property(lambda self: self.winners == [])

    @property
    def markers(self) -> list[list[int]]:
        """markers[place - 1][seat]"""
        n, flat = self.core.players, self.core.markers
        return [flat[i * n:(i + 1) * n] for i in range(PLACES)]

    @property
    def hands(self) -> list[list[str]]:
        """A hand is its suit less the row."""
        in_row = self.core.row_cards()  # none before the deal, nor any hands
        return [[VIASHI_CARDS[c] for c in range(s * 9, s * 9 + PLACES) if c not in in_row]
                if in_row else [] for s in self.core.suits]

    @property
    def set_aside(self) -> list[str]:
        """The other suits and the gods, once the row is dealt."""
        suits = self.core.suits
        return [c for i, c in enumerate(VIASHI_CARDS)
                if i >= core.NUMBERED or i // 9 not in suits] if self.core.row else []

    def estimate(self) -> list[float]:
        return self.core.estimate()

    def round_count(self) -> int:
        return self.core.round_count()

    def card_census(self) -> list[str]:
        return [VIASHI_CARDS[c] for c in core.census(self.core)]

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [ACTIONS[a] for a in self.core.legal()]

    def _check(self, action) -> str | None:
        position = self.core
        why = position.why_not(ID[action]) if action in ID else core.WRONG_KIND
        if why == core.LEGAL:
            return None
        seat = position.actor
        if why == core.WRONG_KIND:
            return WRONG_KIND[self.phase]
        if why == core.TAKEN:
            suit = action.suit
            return f"seat {self.suits.index(suit)} has chosen {VIASHI_SUITS[suit]} already"
        if position.phase == core.CUP:
            have = position.markers[position.at * position.players + seat]
            return f"you have {_plural(have)} on {self.row[position.at]}: put 0 to {have}"
        if position.phase == core.REVOLT:
            if why == core.OWN_CARD:
                return f"{self.row[position.at]} is your own card: there is nothing to take over"
            return (f"there is no card to the {'left' if action.side < 0 else 'right'} of place "
                    f"{position.at + 1}")
        card = self.row[action.place - 1]
        if why == core.TOO_MANY:
            more = _plural(position.allot).replace(" ", " more ")
            return f"you may place only {more} this round"
        if why == core.NEXT_TO_OWN:
            return f"{card} lies next to one of your own cards: it takes no markers of yours"
        i = action.place - 1
        distance = core.LIMITS[position.own(seat)][i]
        if why == core.TOO_FAR and position.rules.on_card:
            return (f"{card} is {distance} places from your nearest card: it holds at most "
                    f"{distance} of your markers, and has {self.markers[i][seat]}")
        if why == core.TOO_FAR:
            return (f"{card} is {distance} places from your nearest card: at most {distance} of "
                    f"your markers this round, and you have put {position.placed[i]}")
        if why == core.NOT_YOURS:
            return f"{card} is not a card of your suit"
        if why == core.NO_ABILITY:
            return f"{card} has no ability (the rules name none)"
        ability = position.rules.abilities[CARD[card]]
        if why == core.CANNOT_PAY:
            return f"{ability.name} costs {ability.cost} of your markers on {card}"
        if why == core.USED_UP:
            return f"{card}'s ability has been used this round"
        return f"{ability.name} cannot be aimed at place {action.target}"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        kind, seat, other = e.kind, e.seat, e.other
        names = [VIASHI_CARDS[c] for c in e.cards]
        private = None
        if kind in PLAIN:
            c0, c1 = (names + ["", ""])[:2]
            line = PLAIN[kind].format(seat=seat, other=other, place=other + 1, c0=c0, c1=c1)
        elif kind == core.CHOSE:
            line = f"seat {seat} chooses {VIASHI_SUITS[SUITS[other]]}"
        elif kind == core.DEALT:
            line = "the row: " + " ".join(names)
        elif kind == core.ROLLED:
            self.rolls.append([None if r < 0 else r for r in e.more])
            line = "die: " + ", ".join(f"seat {s} rolls {r}" for s, r in enumerate(e.more) if r > 0)
        elif kind == core.ROUND:
            line = (f"round {other}" + (" (not scored)" if other == 1 else "")
                    + f": seat {seat} is first player")
        elif kind == core.USED:
            line = (f"seat {seat} uses {names[0]}'s {self.core.rules.abilities[e.cards[0]].name}"
                    + "".join(f" on place {t}" for t in e.more))
        elif kind == core.PUT:
            private = f"seat {seat} puts {other} in the cup"
            line = f"seat {seat} puts markers in the cup" if self.core.rules.secret_cup else private
        elif kind == core.DRAWN:
            told = ", ".join(f"seat {s} {c}" for s, c in enumerate(e.more) if c)
            line = (f"revolt at place {other + 1} ({names[0]}): the cup holds {told}; "
                    f"seat {seat}'s marker is drawn")
        elif kind == core.SCORED:
            n = len(e.more) // 2
            line = (f"round {other} scores "
                    + ", ".join(f"seat {s} +{p}" for s, p in enumerate(e.more[:n]))
                    + "; totals " + " ".join(map(str, e.more[n:])))
        else:  # core.WON
            line = "winner: " + ", ".join(f"seat {s}" for s in e.more)
        self.log.append((line, private, (seat,) if private else ()))

    # What a seat may know: everything but the cup's shares under secret_cup -------------------
    def view(self, seat: int | None) -> dict:
        position = self.core
        phase = position.phase
        markers = self.markers
        row = self.row
        revolt = None
        if position.at >= 0 and phase in (core.CUP, core.REVOLT):
            cup: list[int | None] = list(position.cup)
            for s in position.hidden_shares(-1 if seat is None else seat):
                markers[position.at][s] += position.cup[s]
                cup[s] = None
            revolt = {"place": position.at + 1, "card": row[position.at], "cup": cup,
                      "put_in": list(position.put_in), "waiting": list(position.waiting),
                      "drawn": self.drawn}
        placing = phase == core.INFLUENCE
        table = position.rules.abilities
        abilities = {card: {"name": a.name, "cost": a.cost, "text": a.text} for card in row
                     if table and (a := table[CARD[card]]) is not None}
        return {
            "game": "politics",
            "seat": seat,
            "phase": self.phase,
            "round": position.round_no,
            "scored_round": position.round_no > 1,
            "first_player": self.first,
            "to_act": self.current_player,
            "suits": self.suits,
            "row": row,
            "owners": [code >> 4 for code in position.row],
            "markers": markers,
            "pools": self.pools,
            "hands": self.hands,
            "scores": self.scores,
            "target": position.rules.target,
            "round_cap": position.rules.round_cap,
            "allotment": position.allot if placing else None,
            "placed": list(position.placed) if placing else None,
            "caps": position.caps(position.actor) if placing else None,
            "abilities": abilities,
            "used": sorted(c for i, c in enumerate(VIASHI_CARDS) if position.used >> i & 1),
            "revolt": revolt,
            "revolts_left": [row[position.place_of(r)] for r in reversed(position.revolts)]
            if phase in (core.CUP, core.REVOLT) else [],
            "rolls": [list(r) for r in self.rolls],
            "winners": self.winners,
            "log": [private if private and seat in seats else public
                    for public, private, seats in self.log[-LOG_SHOWN:]],
        }

    determinize_rng = core.PoliticsRng  # the deal, the die and the cup drawn as the core draws them


def _seat(number: int) -> int | None:
    return None if number < 0 else number


# A computer player -------------------------------------------------------------------------------
class PoliticsHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/politics.py, heuristic_choice): weighs each row by the
    points it scores him less the best rival's, places markers where a won revolt would gain or
    save the most, fills the cup when the card's revolt matters, and chooses the revolt outcome
    with the best row."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows.
        numbers = [ID[a] for a in legal_actions]
        me, revolt = view["seat"], view["revolt"]
        row = [o * 16 + int(c[0]) for o, c in zip(view["owners"], view["row"])]
        pick = core.heuristic_choice(
            numbers, core.PHASE_NAMES.index(view["phase"]), me, len(view["scores"]), row,
            [m for place in view["markers"] for m in place], view["caps"] or [],
            view["allotment"] or 0, view["pools"][me], revolt["place"] - 1 if revolt else -1)
        return legal_actions[numbers.index(pick)]


Politics.state_class = PoliticsState
Politics.heuristic = PoliticsHeuristic


# The table (parlour/core/scene.py) -------------------------------------------------------------
SCENE_PHASES = {"choose": "choosing suits", "influence": "placing influence markers",
                "abilities": "using card abilities", "cup": "revolts and ruckuses",
                "revolt": "revolts and ruckuses", "over": "game over"}


def _row_items(view: dict) -> list[dict]:
    """The nine places: each card with its owner's colour, every seat's markers on it, and the
    place's number as the notation names it."""
    revolt = view["revolt"]
    at = revolt["place"] if revolt else None
    caps = view["caps"] if view["phase"] == "influence" else None
    items = []
    for p, card in enumerate(view["row"], start=1):
        counts = view["markers"][p - 1]
        marks = [{"seat": s, "kind": "marker"} for s, c in enumerate(counts) if c]
        # The dots give each seat's colour, the badge their counts in the same order: "4 · 2".
        badges = [" · ".join(str(c) for c in counts if c)] if any(counts) else []
        label = f"{p} · revolt" if p == at else str(p)
        items.append(item([card], pick=f"@{p}", label=label, badges=badges, marks=marks,
                          seat=view["owners"][p - 1],
                          **({"dim": True} if caps is not None and not caps[p - 1] else {})))
    return items


def _info(view: dict) -> list[dict]:
    phase = view["phase"]
    info = []
    if view["winners"] is not None:
        winners = view["winners"]
        info.append({"label": "Winner" if len(winners) == 1 else "Winners",
                     "text": " and ".join(f"seat {s}" for s in winners) if winners
                     else "none: the game is drawn"})
        return info
    if view["round"]:
        info.append({"label": "Round", "text": str(view["round"])
                     + (" (not scored)" if not view["scored_round"] else "")})
    info.append({"label": "Phase", "text": SCENE_PHASES[phase]})
    info.append({"label": "Play to", "text": f"{view['target']} points"})
    if view["first_player"] is not None:
        info.append({"label": "First player", "text": f"seat {view['first_player']}"})
    if view["round"] == 1 and phase == "influence" and view["rolls"]:
        rolls = "; then ".join(", ".join(f"seat {s} {r}" for s, r in enumerate(rolled)
                                         if r is not None) for rolled in view["rolls"])
        info.append({"label": "Die", "text": rolls})
    if phase == "influence" and view["allotment"] and view["to_act"] != view["seat"]:
        info.append({"label": "Markers to place",
                     "text": f"seat {view['to_act']}: {view['allotment']}"})
    revolt = view["revolt"]
    if revolt is not None:
        info.append({"label": "Revolt", "text": f"{revolt['card']} at place {revolt['place']}"})
        if revolt["drawn"] is not None:
            info.append({"label": "Drawn", "text": f"a marker of seat {revolt['drawn']}"})
    if view["row"] and view["owners"]:
        owner = {suit: s for s, suit in enumerate(view["suits"]) if suit}
        points = row_points(view["row"], owner, len(view["scores"]))
        if any(points):
            info.append({"label": "The row scores now",
                         "text": ", ".join(f"seat {s} +{p}" for s, p in enumerate(points) if p)})
    return info


def _seat_note(view: dict, seat: int) -> str | None:
    revolt = view["revolt"]
    if revolt is not None:
        if revolt["drawn"] == seat:
            return "marker drawn"
        if seat in revolt["put_in"]:
            put = revolt["cup"][seat]
            return "put markers in the cup" if put is None else f"put {put} in the cup"
    return None
