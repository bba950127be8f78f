"""Politics: a row of nine cards, one of each rank, fought over with influence markers. Revolts
drawn from a cup take cards over and swap them along the row; two cards of one suit lying side by
side score their suit's owner the difference of their ranks.

Rule text: shared/seeds/003 (Politics, rev. 3); rulings: shared/GAMES.md. Read this module beside
docs/rules/politics.md. The game: suits chosen, the row dealt rank by rank, the die for the first
player; then rounds of four phases: placing influence markers, using card abilities, revolts and
rumpuses, scoring.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..agents.base import Agent
from ..core.cards import VIASHI_54, VIASHI_SUITS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.registry import register
from ..core.scene import item, row, seat_entry, zone

SUITS = tuple(VIASHI_SUITS)  # W R P B G: the five regular suits a player may choose
MARKERS = 12  # "a dozen counters" each
PLACES = 9  # one card of each rank; place 1 is the Queen's end, place 9 the Fool's end
DIE = 10


def rank_of(card: str) -> int:
    return int(card[0])


def suit_of(card: str) -> str:
    return card[1]


# Card abilities --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ability:
    """One card's special ability. `cost` markers of the user's are taken off the card used and
    go back to his pool; `effect(state, seat, place, target)` does the rest; `targets(state,
    seat, place)` lists the places it may aim at (None: it aims at nothing)."""
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


# Interned: legal_actions hands out the same few hundred values again and again.
CHOOSE = {s: Choose(s) for s in SUITS}
PLACE = {(p, c): Place(p, c) for p in range(1, PLACES + 1) for c in range(1, MARKERS + 1)}
PUT = [Put(c) for c in range(MARKERS + 1)]
DONE, TAKE_OVER, LEAVE = Done(), TakeOver(), Leave()
SWAP_LEFT, SWAP_RIGHT = Swap(-1), Swap(+1)
USE = {(p, t): Use(p, t) for p in range(1, PLACES + 1) for t in (None, *range(1, PLACES + 1))}

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
        twins={},
    )
    sample_options = (
        {},
        {"secret_cup": True, "revolt_by": "place", "points": 10},
        {"distance_limit": "on_card", "round_cap": 12},
    )
    deck_decides_deal = False  # the die picks the first player; the cup draws come later
    fast_twin = "politics"
    ability_table: ClassVar[dict] = ABILITIES

    def target(self) -> int:
        points = self.options["points"]
        if points is not None:
            return points
        return 20 if self.players == 3 else 12

    def max_decisions(self) -> int:
        n = self.players
        placing = n * (MARKERS + 1)
        abilities = n * (PLACES + MARKERS + 1)
        revolts = PLACES * (n + 1)
        return n + self.options["round_cap"] * (placing + abilities + revolts)

    # Notation: "choose W", "place 2 on 5" (or on a card: "place 2 on 3R"), "done", "put 3",
    # "take over", "swap left", "swap right", "leave", "use 5", "use 5 on 3".
    def parse_action(self, state: PoliticsState, text: str):
        words = text.lower().replace(",", " ").split()
        if not words:
            raise IllegalAction("write a move, e.g. 'place 2 on 5', 'put 1', 'swap left'")
        head, rest = words[0], words[1:]
        if head == "choose" and len(rest) == 1:
            return CHOOSE[_suit(rest[0])]
        if head == "place" and len(rest) in (2, 3):
            count = _number(rest[0], 1, MARKERS, "markers")
            if len(rest) == 3 and rest[1] not in ("on", "at"):
                raise IllegalAction("write 'place 2 on 5'")
            return PLACE[(_where(state, rest[-1]), count)]
        if words == ["done"] or words == ["pass"]:
            return DONE
        if head == "put" and len(rest) == 1:
            return PUT[_number(rest[0], 0, MARKERS, "markers")]
        if words in (["take", "over"], ["takeover"], ["take"]):
            return TAKE_OVER
        if head == "swap" and len(rest) == 1 and rest[0] in ("left", "l", "right", "r"):
            return SWAP_LEFT if rest[0].startswith("l") else SWAP_RIGHT
        if words in (["leave"], ["stay"]):
            return LEAVE
        if head == "use" and len(rest) in (1, 3):
            if len(rest) == 3 and rest[1] not in ("on", "at"):
                raise IllegalAction("write 'use 5' or 'use 5 on 3'")
            target = _where(state, rest[2]) if len(rest) == 3 else None
            return USE[(_where(state, rest[0]), target)]
        if len(words) == 1 and words[0].upper() in SUITS:
            return CHOOSE[words[0].upper()]
        raise IllegalAction(f"{text!r} is not a Politics move; moves: choose W, place 2 on 5, "
                            "done, put 1, take over, swap left, swap right, leave, use 5")

    # Action ids: choose 0-4, place 5-112, done 113, put 114-126, take over 127, swap 128-129,
    # leave 130, use 131-220.
    @property
    def action_space_size(self) -> int:
        return 131 + PLACES * (PLACES + 1)

    def action_id(self, action) -> int:
        if isinstance(action, Choose):
            return SUITS.index(action.suit)
        if isinstance(action, Place):
            return 5 + (action.place - 1) * MARKERS + action.count - 1
        if isinstance(action, Done):
            return 113
        if isinstance(action, Put):
            return 114 + action.count
        if isinstance(action, TakeOver):
            return 127
        if isinstance(action, Swap):
            return 128 if action.side < 0 else 129
        if isinstance(action, Leave):
            return 130
        if isinstance(action, Use):
            return 131 + (action.place - 1) * (PLACES + 1) + (action.target or 0)
        raise ValueError(f"{action!r} is not a Politics action")

    def action_from_id(self, number: int):
        if not 0 <= number < self.action_space_size:
            raise ValueError(f"no Politics action has id {number}")
        if number < 5:
            return CHOOSE[SUITS[number]]
        if number < 113:
            place, count = divmod(number - 5, MARKERS)
            return PLACE[(place + 1, count + 1)]
        if number == 113:
            return DONE
        if number < 127:
            return PUT[number - 114]
        if number == 127:
            return TAKE_OVER
        if number < 130:
            return SWAP_LEFT if number == 128 else SWAP_RIGHT
        if number == 130:
            return LEAVE
        place, target = divmod(number - 131, PLACES + 1)
        return USE[(place + 1, target or None)]

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
    """Points the row scores each seat: every two same-suit neighbours, their rank difference."""
    points = [0] * players
    for left, right in zip(row, row[1:]):
        if left[1] == right[1]:
            points[owner[left[1]]] += abs(int(left[0]) - int(right[0]))
    return points


# The rules -------------------------------------------------------------------------------------
class PoliticsState(PhasedState):
    def __init__(self, game: Politics, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.deal_from = list(deck) if deck is not None else None  # a stacked deal, top first
        self.undealt = list(VIASHI_54.cards)
        self.suits: list[str | None] = [None] * n
        self.owner: dict[str, int] = {}
        self.row: list[str] = []
        self.markers = [[0] * n for _ in range(PLACES)]  # markers[place - 1][seat]
        self.pools = [MARKERS] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.set_aside: list[str] = []
        self.scores = [0] * n
        self.round = 0
        self.first: int | None = None
        self.rolls: list[list[int | None]] = []  # the die rolled for the first player
        self.phase = "choose"
        self.to_act: int | None = 0
        self.waiting: list[int] = []  # seats still to act in this phase, in order
        self.allot = 0  # markers the placer may still place this round
        self.placed = [0] * PLACES  # markers the placer put on each place this round
        self.used: set[str] = set()  # cards whose ability was used this round
        self.revolts: list = []  # cards (or places) still to revolt this round
        self.at: int | None = None  # index of the revolting place
        self.cup = [0] * n
        self.put_in: list[int] = []  # seats that have filled the cup for this card
        self.drawn: int | None = None
        self.drawn_cup: list[int] | None = None  # what the cup held when the marker was drawn
        self.winners: list[int] | None = None
        self.log: list[tuple[str, str | None, tuple[int, ...]]] = []

    # Setup -----------------------------------------------------------------------------------
    def _deal(self) -> None:
        """The row dealt rank by rank: of each rank's cards in the chosen suits one goes to the
        table at random, the others to the players who chose their suits."""
        chosen = set(self.suits)
        cards = self.deal_from
        if cards is None:
            cards = list(self.undealt)
            self.rng.shuffle(cards)
        self.undealt = []
        for card in cards:
            if card[0].isdigit() and card[1] in chosen:
                continue
            self.set_aside.append(card)
        for rank in range(1, PLACES + 1):
            # The stacked deck's first card of the rank comes out on top, as if shuffled.
            of_rank = [c for c in cards if c[0] == str(rank) and c[1] in chosen]
            table = of_rank[0]
            self.row.append(table)
            for card in of_rank[1:]:
                self.hands[self.owner[card[1]]].append(card)
        self._log("the row: " + " ".join(self.row))
        self._roll_for_first()
        self.round = 1
        self._start_round()

    def _roll_for_first(self) -> None:
        """Roll the die to see who goes first: everyone rolls, the highest goes first, and
        those tied for highest roll again."""
        n = self.game.players
        rolling = list(range(n))
        while True:
            rolls: list[int | None] = [None] * n
            for seat in rolling:
                rolls[seat] = self.rng.randint(1, DIE)
            self.rolls.append(rolls)
            self._log("die: " + ", ".join(f"seat {s} rolls {rolls[s]}" for s in rolling))
            best = max(r for r in rolls if r is not None)
            rolling = [s for s in rolling if rolls[s] == best]
            if len(rolling) == 1:
                break
        self.first = rolling[0]
        self._log(f"seat {self.first} goes first")

    def _clockwise(self) -> list[int]:
        n = self.game.players
        return [(self.first + i) % n for i in range(n)]

    # A round ---------------------------------------------------------------------------------
    def _start_round(self) -> None:
        self._log(f"round {self.round}" + (" (not scored)" if self.round == 1 else "")
                  + f": seat {self.first} is first player")
        self.used = set()
        self.phase = "influence"
        self.waiting = self._clockwise()
        self._next_placer()

    def _next_placer(self) -> None:
        """Each player gets as many influence markers as he has cards in his hand, or all his
        pool if it is short; then they place them in turn from the first player."""
        while self.waiting:
            seat = self.waiting.pop(0)
            self.allot = min(len(self.hands[seat]), self.pools[seat])
            if self.allot:
                self.to_act = seat
                self.placed = [0] * PLACES
                return
            self._log(f"seat {seat} has no markers to place")
        self._start_abilities()

    def caps(self, seat: int) -> list[int]:
        """How many markers `seat` may still put on each place now: any number on his own
        suit's cards; none next to one of them; elsewhere at most the distance to his nearest
        card (Ruling: with none of his cards in the row, no limit)."""
        suit = self.suits[seat]
        row, allot = self.row, self.allot
        own = [i for i, card in enumerate(row) if card[1] == suit]
        on_card = self.game.options["distance_limit"] == "on_card"
        caps = []
        for i, card in enumerate(row):
            if card[1] == suit or not own:
                caps.append(allot)
                continue
            distance = min(abs(i - j) for j in own)
            if distance == 1:
                caps.append(0)
                continue
            had = self.markers[i][seat] if on_card else self.placed[i]
            caps.append(max(0, min(allot, distance - had)))
        return caps

    def _start_abilities(self) -> None:
        self.phase = "abilities"
        self.waiting = self._clockwise()
        self._next_ability_user()

    def _table(self) -> dict:
        return self.game.ability_table

    def ability(self, card: str) -> Ability | None:
        table = self._table()
        if not table:
            return None
        return table.get(card) or table.get(rank_of(card))

    def _uses(self, seat: int) -> list[Use]:
        """Abilities of `seat`'s cards in the row he may use now: once a round each, warriors
        (5s) excepted, paying the cost from his markers on that card."""
        if not self._table():
            return []
        uses = []
        suit = self.suits[seat]
        for i, card in enumerate(self.row):
            if card[1] != suit:
                continue
            ability = self.ability(card)
            if ability is None or self.markers[i][seat] < ability.cost:
                continue
            again = rank_of(card) == 5 and ability.cost > 0
            if card in self.used and not again:
                continue
            if ability.targets is None:
                uses.append(USE[(i + 1, None)])
            else:
                uses.extend(USE[(i + 1, t)] for t in ability.targets(self, seat, i + 1))
        return uses

    def _next_ability_user(self) -> None:
        """Each player in turn from the first player has a chance to use his cards' abilities;
        a player with none to use is passed over."""
        while self.waiting:
            seat = self.waiting.pop(0)
            if self._uses(seat):
                self.to_act = seat
                return
        if not self._table():
            self._log("no card abilities to use (the rules name none)")
        self._start_revolts()

    def _start_revolts(self) -> None:
        """Start at the lowest card (where the Fool started) and work towards the highest."""
        self.phase = "cup"
        if self.game.options["revolt_by"] == "card":
            self.revolts = self.row[::-1]
        else:
            self.revolts = list(range(PLACES - 1, -1, -1))
        self._next_revolt()

    def _next_revolt(self) -> None:
        """Everyone with markers on the card may put as many of them as he likes in the cup,
        in turn from the first player."""
        while self.revolts:
            item = self.revolts.pop(0)
            at = self.row.index(item) if isinstance(item, str) else item
            holders = [s for s in self._clockwise() if self.markers[at][s]]
            if not holders:
                continue
            self.phase = "cup"
            self.at = at
            self.cup = [0] * self.game.players
            self.put_in = []
            self.waiting = holders
            self.to_act = self.waiting.pop(0)
            return
        self.at = None
        self._score()

    def _draw(self) -> None:
        """One marker is drawn from the cup; its owner decides. The rest go back to the pools."""
        at, card = self.at, self.row[self.at]
        told = ", ".join(f"seat {s} {c}" for s, c in enumerate(self.cup) if c)
        total = sum(self.cup)
        if total == 0:
            self._log(f"nobody puts a marker in the cup for {card}: it stays")
            self._end_revolt()
            return
        pick = self.rng.randrange(total)
        for seat, count in enumerate(self.cup):  # noqa: B007 - read after the loop
            if pick < count:
                break
            pick -= count
        for s, count in enumerate(self.cup):
            self.pools[s] += count  # Ruling: markers put in the cup go back to their pools
        self.drawn_cup, self.cup = self.cup, [0] * self.game.players
        self.drawn = seat
        self.phase = "revolt"
        self.to_act = seat
        self._log(f"revolt at place {at + 1} ({card}): the cup holds {told}; "
                  f"seat {seat}'s marker is drawn")

    def _end_revolt(self) -> None:
        self.drawn = None
        self.drawn_cup = None
        self.put_in = []
        self.cup = [0] * self.game.players
        self._next_revolt()

    def _score(self) -> None:
        """Same-suit neighbours score their owner the difference of their ranks; the first round
        is not scored. Then the player to the left of the first player becomes first."""
        self.to_act = None
        if self.round > 1:
            points = row_points(self.row, self.owner, self.game.players)
            for seat, gained in enumerate(points):
                self.scores[seat] += gained
            self._log(f"round {self.round} scores "
                      + ", ".join(f"seat {s} +{p}" for s, p in enumerate(points))
                      + "; totals " + " ".join(map(str, self.scores)))
        else:
            self._log("round 1 is not scored")
        target = self.game.target()
        best = max(self.scores)
        if best >= target:
            self.winners = [s for s, p in enumerate(self.scores) if p == best]
            self._log("winner: " + ", ".join(f"seat {s}" for s in self.winners))
            self._finish()
            return
        if self.round >= self.game.options["round_cap"]:
            self.winners = []
            self.reached_cap = True
            self._log(f"the round cap ({self.round}) is reached: the game is drawn")
            self._finish()
            return
        self.first = (self.first + 1) % self.game.players
        self.round += 1
        self._start_round()

    def _finish(self) -> None:
        self.phase = "over"
        self.to_act = None
        self.at = None

    # The contract ----------------------------------------------------------------------------

    def legal_actions(self) -> list:
        phase, seat = self.phase, self.to_act
        if phase == "influence":
            actions = []
            for place, cap in enumerate(self.caps(seat), start=1):
                actions.extend(PLACE[(place, c)] for c in range(1, cap + 1))
            actions.append(DONE)
            return actions
        if phase == "cup":
            return PUT[:self.markers[self.at][seat] + 1]
        if phase == "revolt":
            actions = []
            if suit_of(self.row[self.at]) != self.suits[seat]:
                actions.append(TAKE_OVER)
            if self.at > 0:
                actions.append(SWAP_LEFT)
            if self.at < PLACES - 1:
                actions.append(SWAP_RIGHT)
            actions.append(LEAVE)
            return actions
        if phase == "choose":
            return [CHOOSE[s] for s in SUITS if s not in self.suits]
        if phase == "abilities":
            return self._uses(seat) + [DONE]
        return []

    def _check(self, action) -> str | None:
        phase, seat = self.phase, self.to_act
        if phase == "choose":
            if not isinstance(action, Choose):
                return "first choose a suit: choose W, R, P, B or G"
            if action.suit not in SUITS:
                return f"{action.suit!r} is not a suit; choose W, R, P, B or G"
            if action.suit in self.suits:
                return (f"seat {self.suits.index(action.suit)} has chosen "
                        f"{VIASHI_SUITS[action.suit]} already")
            return None
        if phase == "influence":
            if isinstance(action, Done):
                return None
            if not isinstance(action, Place):
                return "it is the influence phase: 'place 2 on 5' or 'done'"
            return self._why_not_place(seat, action)
        if phase == "abilities":
            if isinstance(action, Done):
                return None
            if not isinstance(action, Use):
                return "it is the abilities phase: 'use 5' or 'done'"
            if action not in self._uses(seat):
                return self._why_not_use(seat, action)
            return None
        if phase == "cup":
            if not isinstance(action, Put):
                return "a revolt: put some of your markers on this card in the cup ('put 2')"
            have = self.markers[self.at][seat]
            if not 0 <= action.count <= have:
                return (f"you have {have} marker{'s' if have != 1 else ''} on "
                        f"{self.row[self.at]}: put 0 to {have}")
            return None
        if phase == "revolt":
            card = self.row[self.at]
            if isinstance(action, Leave):
                return None
            if isinstance(action, TakeOver):
                if suit_of(card) == self.suits[seat]:
                    return f"{card} is your own card: there is nothing to take over"
                return None
            if isinstance(action, Swap):
                if action.side not in (-1, 1):
                    return "swap left or swap right"
                if not 0 <= self.at + action.side < PLACES:
                    return f"there is no card to the {'left' if action.side < 0 else 'right'}" \
                           f" of place {self.at + 1}"
                return None
            return "your marker was drawn: take over, swap left, swap right or leave"
        return "the game is over"

    def _why_not_place(self, seat: int, action: Place) -> str | None:
        if not 1 <= action.place <= PLACES:
            return f"there is no place {action.place}: the row has places 1 to {PLACES}"
        if action.count < 1:
            return "place at least one marker, or say 'done'"
        if action.count > self.allot:
            return f"you may place only {self.allot} more marker{'s' if self.allot != 1 else ''}" \
                   " this round"
        cap = self.caps(seat)[action.place - 1]
        if action.count <= cap:
            return None
        card = self.row[action.place - 1]
        suit = self.suits[seat]
        own = [i for i, c in enumerate(self.row) if c[1] == suit]
        distance = min(abs(action.place - 1 - j) for j in own)
        if distance == 1:
            return f"{card} lies next to one of your own cards: it takes no markers of yours"
        if self.game.options["distance_limit"] == "on_card":
            return (f"{card} is {distance} places from your nearest card: it holds at most "
                    f"{distance} of your markers, and has {self.markers[action.place - 1][seat]}")
        return (f"{card} is {distance} places from your nearest card: at most {distance} of "
                f"your markers this round, and you have put {self.placed[action.place - 1]}")

    def _why_not_use(self, seat: int, action: Use) -> str:
        if not 1 <= action.place <= PLACES:
            return f"there is no place {action.place}"
        card = self.row[action.place - 1]
        if card[1] != self.suits[seat]:
            return f"{card} is not a card of your suit"
        ability = self.ability(card)
        if ability is None:
            return f"{card} has no ability (the rules name none)"
        if self.markers[action.place - 1][seat] < ability.cost:
            return f"{ability.name} costs {ability.cost} of your markers on {card}"
        if card in self.used:
            return f"{card}'s ability has been used this round"
        return f"{ability.name} cannot be aimed at place {action.target}"

    def _apply(self, action) -> None:
        seat = self.to_act
        phase = self.phase
        if phase == "choose":
            self.suits[seat] = action.suit
            self.owner[action.suit] = seat
            self._log(f"seat {seat} chooses {VIASHI_SUITS[action.suit]}")
            if None in self.suits:
                self.to_act = seat + 1
            else:
                self._deal()
        elif phase == "influence":
            if isinstance(action, Done):
                self._log(f"seat {seat} is done placing")
                self._next_placer()
                return
            i = action.place - 1
            self.markers[i][seat] += action.count
            self.placed[i] += action.count
            self.pools[seat] -= action.count
            self.allot -= action.count
            self._log(f"seat {seat} places {action.count} on {self.row[i]}")
            if self.allot == 0:
                self._next_placer()
        elif phase == "abilities":
            if isinstance(action, Done):
                self._next_ability_user()
                return
            self._use(seat, action)
            if not self._uses(seat):
                self._next_ability_user()
        elif phase == "cup":
            at = self.at
            self.markers[at][seat] -= action.count
            self.cup[seat] += action.count
            self.put_in.append(seat)
            self._log(f"seat {seat} puts markers in the cup" if self.game.options["secret_cup"]
                      else f"seat {seat} puts {action.count} in the cup",
                      f"seat {seat} puts {action.count} in the cup", (seat,))
            if self.waiting:
                self.to_act = self.waiting.pop(0)
            else:
                self._draw()
        elif phase == "revolt":
            self._revolt(seat, action)
            self._end_revolt()

    def _use(self, seat: int, action: Use) -> None:
        i = action.place - 1
        card = self.row[i]
        ability = self.ability(card)
        self.markers[i][seat] -= ability.cost
        self.pools[seat] += ability.cost  # Ruling: spent markers go back to their owner's pool
        self.used.add(card)
        self._log(f"seat {seat} uses {card}'s {ability.name}"
                  + ("" if action.target is None else f" on place {action.target}"))
        ability.effect(self, seat, action.place, action.target)

    def _revolt(self, seat: int, action) -> None:
        at = self.at
        card = self.row[at]
        if isinstance(action, TakeOver):
            mine = f"{card[0]}{self.suits[seat]}"
            self.hands[seat].remove(mine)
            # Ruling: the card replaced goes back to its suit's owner.
            owner_hand = self.hands[self.owner[card[1]]]
            owner_hand.append(card)
            owner_hand.sort()
            self.row[at] = mine
            self._log(f"seat {seat} takes over place {at + 1}: {mine} replaces {card}")
        elif isinstance(action, Swap):
            other = at + action.side
            row, markers = self.row, self.markers
            row[at], row[other] = row[other], row[at]
            markers[at], markers[other] = markers[other], markers[at]
            self._log(f"seat {seat} swaps {card} with its neighbour {row[at]}")
        else:
            self._log(f"seat {seat} leaves {card} where it is")

    def estimate(self) -> list[float]:
        """For search that stops early: the scores, plus what the row would score now."""
        now = row_points(self.row, self.owner, self.game.players)
        return [float(s + p) for s, p in zip(self.scores, now)]

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # What a seat may know --------------------------------------------------------------------
    def _log(self, public: str, private: str | None = None, seats: tuple[int, ...] = ()):
        self.log.append((public, private, seats))

    def _hidden_cup(self, seat: int | None) -> list[int]:
        """Seats whose cup share `seat` may not see yet (the secret_cup option)."""
        if not self.game.options["secret_cup"] or self.phase != "cup":
            return []
        return [s for s in self.put_in if s != seat]

    def view(self, seat: int | None) -> dict:
        markers = [list(m) for m in self.markers]
        revolt = None
        if self.at is not None and self.phase in ("cup", "revolt"):
            cup: list[int | None] = list(self.drawn_cup or self.cup)
            for s in self._hidden_cup(seat):
                markers[self.at][s] += cup[s]
                cup[s] = None
            revolt = {"place": self.at + 1, "card": self.row[self.at], "cup": cup,
                      "put_in": list(self.put_in), "waiting": list(self.waiting),
                      "drawn": self.drawn}
        placing = self.phase == "influence"
        abilities = {}
        for card in self.row:
            ability = self.ability(card)
            if ability is not None:
                abilities[card] = {"name": ability.name, "cost": ability.cost,
                                   "text": ability.text}
        return {
            "game": "politics",
            "seat": seat,
            "phase": self.phase,
            "round": self.round,
            "scored_round": self.round > 1,
            "first_player": self.first,
            "to_act": self.current_player,
            "suits": list(self.suits),
            "row": list(self.row),
            "owners": [self.owner[c[1]] for c in self.row],
            "markers": markers,
            "pools": list(self.pools),
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "target": self.game.target(),
            "round_cap": self.game.options["round_cap"],
            "allotment": self.allot if placing else None,
            "placed": list(self.placed) if placing else None,
            "caps": self.caps(self.to_act) if placing else None,
            "abilities": abilities,
            "used": sorted(self.used),
            "revolt": revolt,
            "revolts_left": ([c if isinstance(c, str) else self.row[c] for c in self.revolts]
                             if self.phase in ("cup", "revolt") else []),
            "rolls": [list(r) for r in self.rolls],
            "winners": list(self.winners) if self.winners is not None else None,
            "log": [private if private and seat in seats else public
                    for public, private, seats in self.log[-40:]],
        }

    def card_census(self) -> list[str]:
        return self.undealt + self.row + [c for h in self.hands for c in h] + self.set_aside

    def clone(self) -> PoliticsState:
        twin = self._clone_base()
        twin.undealt = list(self.undealt)
        twin.suits = list(self.suits)
        twin.owner = dict(self.owner)
        twin.row = list(self.row)
        twin.markers = [list(m) for m in self.markers]
        twin.pools = list(self.pools)
        twin.hands = [list(h) for h in self.hands]
        twin.set_aside = list(self.set_aside)
        twin.scores = list(self.scores)
        twin.rolls = [list(r) for r in self.rolls]
        twin.waiting = list(self.waiting)
        twin.placed = list(self.placed)
        twin.used = set(self.used)
        twin.revolts = list(self.revolts)
        twin.cup = list(self.cup)
        twin.put_in = list(self.put_in)
        if self.drawn_cup is not None:
            twin.drawn_cup = list(self.drawn_cup)
        twin.winners = list(self.winners) if self.winners is not None else None
        twin.log = list(self.log)
        return twin

    def determinize(self, seat: int, rng: random.Random) -> PoliticsState:
        """Every card is open once dealt (a hand is its suit less the row), so only what has not
        happened is resampled: a fresh generator for the cup draws and the die, the deal if it is
        still to come, and, with secret_cup, the shares other seats put in this cup."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        twin.deal_from = None
        for s in self._hidden_cup(seat):
            total = self.cup[s] + self.markers[self.at][s]
            share = rng.randint(0, total)
            twin.cup[s] = share
            twin.markers[self.at][s] = total - share
        return twin


# A computer player -------------------------------------------------------------------------------
class PoliticsHeuristic(Agent):
    """Weighs each row by the points it scores him less the best rival's, and looks one step
    ahead: own cards one gap from a card of his suit (a swap away from scoring) count a little.
    Places markers where a won revolt would gain or save the most, fills the cup when the card's
    revolt matters, and chooses the revolt outcome with the best row."""

    name = "heuristic"

    def act(self, view, legal_actions):
        first = legal_actions[0]
        if isinstance(first, Choose):
            return first
        me = view["seat"]
        owner = {view["suits"][s]: s for s in range(len(view["suits"]))}
        n = len(view["suits"])
        if view["phase"] == "influence":
            return self._place(view, legal_actions, me, owner, n)
        if view["phase"] == "cup":
            at = view["revolt"]["place"] - 1
            stake = self._stake(view["row"], at, me, owner, n, view["suits"][me])
            have = max(a.count for a in legal_actions)
            if stake > 0.5:
                return PUT[have]
            # Nothing to win here: take the markers home for the next round.
            return PUT[have] if view["pools"][me] < 3 else PUT[0]
        if view["phase"] == "revolt":
            at = view["revolt"]["place"] - 1
            best, best_value = LEAVE, self._value(view["row"], me, owner, n)
            for action in legal_actions:
                row = _after(view["row"], at, action, view["suits"][me])
                value = self._value(row, me, owner, n)
                if value > best_value + 1e-9:
                    best, best_value = action, value
            return best
        return DONE

    @staticmethod
    def _value(row, me, owner, n) -> float:
        points = row_points(row, owner, n)
        soon = [0.0] * n
        for left, right in zip(row, row[2:]):
            if left[1] == right[1]:
                soon[owner[left[1]]] += 0.4 * abs(int(left[0]) - int(right[0]))
        mine = points[me] + soon[me]
        rivals = max(points[s] + soon[s] for s in range(n) if s != me)
        return mine - rivals

    def _stake(self, row, at, me, owner, n, suit, here=None) -> float:
        """What winning this card's revolt is worth to me against a rival winning it. (Leaving
        the row as it is changes nothing, so it is `here`, the row's value now.)"""
        if here is None:
            here = self._value(row, me, owner, n)
        mine = worst = here
        for action in (TAKE_OVER, SWAP_LEFT, SWAP_RIGHT):
            if isinstance(action, Swap) and not 0 <= at + action.side < PLACES:
                continue
            if action is TAKE_OVER and row[at][1] == suit:
                continue
            value = self._value(_after(row, at, action, suit), me, owner, n)
            mine = max(mine, value)
            if action is not TAKE_OVER:
                worst = min(worst, value)
        return mine - worst

    def _place(self, view, legal_actions, me, owner, n):
        row, suit = view["row"], view["suits"][me]
        caps = view["caps"]
        markers = view["markers"]
        best, best_value = None, 0.0
        here = self._value(row, me, owner, n)
        for i in range(PLACES):
            if not caps[i]:
                continue
            stake = self._stake(row, i, me, owner, n, suit, here)
            if row[i][1] == suit:
                stake += 0.5
            rivals = sum(markers[i]) - markers[i][me]
            value = stake / (1 + markers[i][me]) * (1 + 0.2 * rivals)
            if value > best_value:
                best, best_value = i, value
        if best is None:
            return DONE
        return PLACE[(best + 1, min(caps[best], max(1, view["allotment"] // 2)))]


def _after(row, at, action, suit) -> list[str]:
    row = list(row)
    if action is TAKE_OVER:
        row[at] = row[at][0] + suit
    elif isinstance(action, Swap):
        other = at + action.side
        row[at], row[other] = row[other], row[at]
    return row


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
