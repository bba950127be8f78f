"""Viashi, the elves' game of the Viashi deck, with its human simplification Vashy and its
six-player two-deck form Viashilym (Double-Viashi): three game ids sharing one set of rules.

Rule text: shared/seeds/003 (the Viashi, Vashy and Viashilym sections); rulings: shared/GAMES.md.
Read this module beside docs/rules/viashi.md, vashy.md and viashilym.md. A hand has two phases:
the draw (each in turn takes two cards, one to his table face up, one to his hand face down,
until the pile is gone) and the play (18 captures, each led from hand or table, the others
playing from the same source). Seats are numbered in the order of play: in Viashi and
Viashilym that is counterclockwise, in Vashy clockwise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..agents.base import Agent
from ..core.cards import VIASHI_54, VIASHI_CARDS, VIASHI_DOUBLE, VIASHI_SUITS
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from .tricks import (
    CARD_INDEX,
    ELVISH_STRENGTH,
    GOD,
    HUMAN_STRENGTH,
    NUMBER_OF,
    SCHOLARS,
    SUIT_OF,
    TrickRecord,
    by_suit,
    can_follow,
    count_cards,
    follow,
    read_card,
    sort_cards,
    unseen,
)


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Up:
    """In the draw: put this one of the two drawn cards face up on the table, the other face
    down in the hand."""
    card: str

    def __str__(self) -> str:
        return f"up {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the capture, from the hand (face-down cards) or from the table."""
    card: str
    table: bool

    def __str__(self) -> str:
        return f"{'table' if self.table else 'hand'} {self.card}"


# Actions are interned: legal_actions hands out the same few objects again and again.
UP = {card: Up(card) for card in VIASHI_CARDS}
FROM_HAND = {card: Play(card, False) for card in VIASHI_CARDS}
FROM_TABLE = {card: Play(card, True) for card in VIASHI_CARDS}
N_CARDS = len(VIASHI_CARDS)


def capture(plays, strength: dict[str, int], fool_takes: int, twins: bool) -> int | None:
    """Index of the play that makes the capture, or None when no card can (a Viashilym trick of
    dead cards). `fool_takes` is the rank the Fool of the lead suit takes (1 the Queen in
    Viashi and Viashilym, 2 the King in Vashy)."""
    cards = [card for _, card in plays]
    if twins:
        # "When two identical cards are played as part of the same trick they cancel themselves
        # out and become dead cards that cannot take captives themselves."
        live = [i for i, card in enumerate(cards) if cards.count(card) == 1]
    else:
        live = range(len(cards))
    lady = changeling = best_god = None
    for i in live:
        card = cards[i]
        if SUIT_OF[card] == GOD:
            if card == "Lady":
                lady = i
            elif card == "Changeling":
                changeling = i
            if best_god is None or strength[card] > strength[cards[best_god]]:
                best_god = i
    if best_god is not None:
        # "the top-ranking god card makes the capture ... Likewise, the Changeling can capture
        # the Lady" (GAMES.md: also when both are in one trick).
        if lady is not None and changeling is not None:
            return changeling
        return best_god
    lead = SUIT_OF[cards[0]]
    best = fool = None
    for i in live:
        card = cards[i]
        if SUIT_OF[card] == lead:
            if best is None or strength[card] > strength[cards[best]]:
                best = i
            if NUMBER_OF[card] == 9:
                fool = i
    if best is not None and fool is not None and NUMBER_OF[cards[best]] == fool_takes:
        return fool  # "the fool makes the capture, not the queen" (in Vashy: not the king)
    return best


# The games -------------------------------------------------------------------------------------
EIGHTS = Option("eights", "scholar", "what the 8s are called: scholar or magician (names only, "
                                     "no effect on play)", choices=("scholar", "magician"))


def _elvish(default: bool) -> Option:
    return Option("elvish", default, "the elvish rule: a player may not look at his own "
                                     "face-down cards during the draw phase (they are hidden "
                                     "from him until the draw ends)")


class _ViashiFamily(Game):
    """What the three games share; each subclass sets its rules."""

    strength: dict[str, int] = ELVISH_STRENGTH
    fool_takes = 1  # the rank the Fool of the lead suit captures
    twins = False  # Viashilym: identical cards in one trick cancel
    no_duplicates = False  # Viashilym: no card to the table that is already on the table
    direction = "counterclockwise"
    fast_twin = "viashi"

    def hands_in_match(self) -> int:
        return 1

    def max_decisions(self) -> int:
        cards = len(self.deck())
        return (cards // 2 + cards) * self.hands_in_match()

    # Notation: "up 5W" in the draw (5W face up, the other face down; "down 5W" puts 5W face
    # down), "hand 5W" or "table 5W" in the play; a bare card ("5W", "lady") where it says
    # enough.
    def parse_action(self, state: ViashiState, text: str):
        words = text.split()
        if not words:
            raise IllegalAction("type a card, e.g. 'up 5W', 'hand 5W' or 'table Lady'")
        verb = words[0].lower()
        if verb in ("up", "down", "hand", "table") and len(words) > 1:
            card = read_card(" ".join(words[1:]))
        else:
            verb, card = None, read_card(text)
        if verb in ("up", "down") or (verb is None and state.phase == "draw"):
            if verb == "down" and state.drawn is not None and card in state.drawn:
                a, b = state.drawn
                return UP[b if card == a else a]
            return UP[card]
        if verb == "hand":
            return FROM_HAND[card]
        if verb == "table":
            return FROM_TABLE[card]
        return state.play_of(card)

    @property
    def action_space_size(self) -> int:
        return 3 * N_CARDS

    def action_id(self, action) -> int:
        if isinstance(action, Up):
            return CARD_INDEX[action.card]
        if isinstance(action, Play):
            return CARD_INDEX[action.card] + (2 if action.table else 1) * N_CARDS
        raise ValueError(f"{action!r} is not a {self.info.title} action")

    def action_from_id(self, number: int):
        kind, index = divmod(number, N_CARDS)
        card = VIASHI_CARDS[index]
        return (UP, FROM_HAND, FROM_TABLE)[kind][card]

    def render(self, view: dict) -> str:
        return render(self, view)

    # The table (parlour/core/scene.py) ----------------------------------------------------------
    # A trick game: each seat's table of face-up cards, its owned cards as a pile and its tricks
    # as a badge; the capture as each seat's `played` card (dim from the last capture until the
    # seat plays again); in the draw the pile and the two drawn cards in the middle.
    def scene(self, view: dict) -> dict:
        n = self.players
        me = view["seat"]
        phase = view["phase"]
        teams = bool(view["teams"])
        current = {s: c for s, c in view["trick"]}
        last = view["tricks_played"][-1] if view["tricks_played"] else None
        seats = []
        for s in range(n):
            if s in current:
                played = row([current[s]])
            elif last is not None:
                plays = {p["seat"]: p["card"] for p in last["plays"]}
                played = None
                if s in plays:
                    played = zone([item([plays[s]], label="took" if last["winner"] == s
                                        else None)], dim=True)
            else:
                played = None
            zones = []
            table = view["tables"][s]
            if table:
                if s == me and self.twins:
                    # A twin of a table card may be in the hand or elsewhere: the table card
                    # is picked as its place.
                    zones.append(zone([item([c], pick=f"@table-{c}") for c in table],
                                      label="Table"))
                else:
                    zones.append(row(table, label="Table"))
            shown = view["revealed"][s]
            if shown and s != me:
                zones.append(row(shown, label="Shown"))
            owned = view["owned"][s]
            if owned:
                zones.append(pile("Owned", len(owned), top=owned[-1]))
            tricks = view["tricks"][s]
            badges = []
            if teams:
                badges.append(f"team with seat {(s + n // 2) % n}")
            if tricks:
                badges.append(f"{tricks} trick{'s' if tricks != 1 else ''}")
            if phase == "draw" and view["random_draws"][s]:
                k = view["random_draws"][s]
                badges.append(f"handicap: {k} draw{'s' if k != 1 else ''} at random")
            counted = view["hands_in_match"] > 1 or phase == "over"
            seats.append(seat_entry(
                count=view["hand_counts"][s], played=played, badges=badges,
                note="draws" if phase == "draw" and view["drawer"] == s else None,
                score=view["scores"][s] if counted else None, zones=zones))
        info = [{"label": "Play goes", "text": view["direction"]}]
        if view["hands_in_match"] > 1:
            info.append({"label": "Hand", "text": f"{view['hand_no']} of {view['hands_in_match']}"})
        centre = []
        if phase == "draw":
            centre.append(pile("Pile", view["pile_count"]))
            drawn = view["drawn"]
            drawer = view["drawer"]
            if drawn is not None:
                mine = drawer == me
                label = ("Drawn, both shown: already on a table" if view["drawn_revealed"]
                         else "Drawn")
                if not mine:
                    label += f" by seat {drawer}"
                centre.append(zone([item([c], pick=f"@up-{c}" if mine else None) for c in drawn],
                                   label=label))
            elif drawer is not None:
                centre.append(zone([item([None]), item([None])], label=f"Drawn by seat {drawer}"))
            if self.options["elvish"]:
                info.append({"label": "Elvish rule",
                             "text": "your secret cards stay hidden until the draw ends"})
        elif phase == "play":
            if self.fool_takes == 2:  # the humans' order, worth a reminder
                info.append({"label": "King high", "text": "the Fool takes the King"})
            if view["trick"]:
                lead = SUIT_OF[view["trick"][0][1]]
                info.append({"label": "Capture from",
                             "text": "the tables" if view["source"] == "table" else "the hands"})
                if lead == GOD:
                    info.append({"label": "Lead", "text": "a god"})
                else:
                    info.append({"label": "Lead suit", "text": VIASHI_SUITS[lead], "suit": lead})
        if view["dead"]:
            centre.append(pile("Dead cards", len(view["dead"]), top=view["dead"][-1]))
        if view["hand_scores"] and (phase != "play" or not view["tricks_played"]):
            points = view["hand_scores"][-1]
            sides = range(n // 2) if teams else range(n)
            info.append({"label": "Last hand", "text": "; ".join(
                f"{_side_name(s, n, teams)}: {points[s]}" for s in sides)})
        hand = None
        if me is not None and view["hand_counts"][me]:
            if view["hand"] is None:
                hand = row([None] * view["hand_counts"][me],
                           label="Secret cards: hidden until the draw ends")
            else:
                shown = list(view["revealed"][me])
                items = []
                for c in view["hand"]:
                    if c in shown:
                        shown.remove(c)
                        items.append(item([c], badges=["shown"]))
                    else:
                        items.append(item([c]))
                hand = zone(items)
        return {"family": "trick", "info": info, "say": self._say(view, me), "centre": centre,
                "seats": seats, "hand": hand}

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me:
            return None
        if view["phase"] == "draw":
            drawn = view["drawn"]
            if not drawn:
                return None
            a, b = drawn
            if a == b:
                return f"You drew two {a}: one goes face up, the other to your hand"
            if view["drawn_revealed"]:
                return "Both cards are already on a table: tap the one to put face up"
            if self.no_duplicates:
                tabled = {c for t in view["tables"] for c in t}
                for x, y in ((a, b), (b, a)):
                    if x in tabled:
                        return f"{x} is already on a table: it goes to your hand, {y} face up"
            return "Tap the card to put face up; the other goes to your hand"
        if view["phase"] != "play":
            return None
        trick = view["trick"]
        if not trick:
            return "Lead a card from your hand or from your table"
        where = "table" if view["source"] == "table" else "hand"
        cards = view["tables"][me] if where == "table" else (view["hand"] or [])
        lead = SUIT_OF[trick[0][1]]
        can = any(SUIT_OF[c] == lead for c in cards)
        if lead == GOD:
            if can:
                return f"A god was led: play a god from your {where}"
            return f"A god was led and you have none: play any card from your {where}"
        suit = VIASHI_SUITS[lead]
        if can:
            return f"Follow {suit}: play one from your {where}"
        return f"No {suit} on your {where}: play any card from it" if where == "table" else \
            f"No {suit} in your hand: play any card from it"

    def move_picks(self, view: dict, action) -> list[list[str]]:
        if isinstance(action, Up):
            return [[f"@up-{action.card}"]]  # tap the drawn card that goes face up
        if isinstance(action, Play):
            if action.table and self.twins:
                return [[f"@table-{action.card}"]]
            return [[action.card]]
        return []


@register
class Viashi(_ViashiFamily):
    info = GameInfo(
        id="viashi",
        title="Viashi",
        summary="The elves' three-handed capture game: draw two, table one, keep one; lead from "
                "hand or table, follow suit, gods call for gods, the Fool takes the Queen.",
        min_players=3, max_players=3, default_players=3, deck="viashi",
        options=(
            Option("round", False, "play a round of nine hands with a running score, each "
                                   "player drawing first three times"),
            Option("handicap", False, "the tournament handicap (with round): a player who won "
                                      "the last hand has his first draw split between hand and "
                                      "table at random, two draws after two wins in a row, "
                                      "three after three or more"),
            Option("handicap_tie", "each", "with handicap, after a tie for a hand's top score: "
                                           "each (every tied player won the hand) or none (a "
                                           "tie is nobody's win, and it ends the tied players' "
                                           "winning streaks)",
                   choices=("each", "none")),
            _elvish(True),
            EIGHTS,
        ),
        twins={"open_spiel": ["hearts", "spades"]},
    )
    sample_options = (
        {},
        {"elvish": False, "eights": "magician"},
        {"round": True, "handicap": True},
        {"round": True, "handicap": True, "handicap_tie": "none", "eights": "magician"},
        {"round": True, "elvish": False},
    )

    how_to_play = {
        "goal": "Capture the most cards: a point per captive, a bonus for the most captives and "
                "a point per Scholar owned.",
        "turn": ["Draw: take two cards, one face up to your table, one face down to your hand.",
                 "The leader plays from his hand or his table; the others play from the same.",
                 "Follow the suit led if you can; when a god is led, play a god if you have one.",
                 "The highest card of the suit led captures, unless a god is played: the top god "
                 "captures.",
                 "The Fool captures the Queen of its suit; the Changeling captures the Lady."],
    }

    def check_options(self) -> None:
        if self.options["handicap"] and not self.options["round"]:
            raise OptionError("the handicap works across the hands of a round: set round=true")
        if self.options["handicap_tie"] != "each" and not self.options["handicap"]:
            raise OptionError("handicap_tie says who the handicap falls on after a tie: set "
                              "handicap=true")

    def hands_in_match(self) -> int:
        return 9 if self.options["round"] else 1


@register
class Vashy(_ViashiFamily):
    info = GameInfo(
        id="vashy",
        title="Vashy",
        summary="The humans' Viashi: clockwise, King high (the Fool takes the King), a point a "
                "trick and two for the most tricks.",
        min_players=3, max_players=3, default_players=3, deck="viashi",
        options=(
            Option("set", False, "play a set of three hands with a running score, each player "
                                 "drawing first once (otherwise each hand is a game)"),
            Option("tie_bonus", "none", "the bonus of two for most tricks after a tie for "
                                        "most: none (nobody gets it), each (every tied player "
                                        "gets two) or shared (the two split in whole points: "
                                        "one each when two tie, none when all three tie at 6)",
                   choices=("none", "each", "shared")),
            _elvish(False),
            EIGHTS,
        ),
        twins={"open_spiel": ["hearts", "spades"]},
    )
    sample_options = ({}, {"tie_bonus": "each"},
                      {"set": True, "tie_bonus": "shared", "elvish": True, "eights": "magician"})
    how_to_play = {
        "goal": "Take the most tricks: a point per trick and two more for the most tricks.",
        "turn": ["Draw: take two cards, one face up to your table, one face down to your hand.",
                 "The leader plays from his hand or his table; the others play from the same.",
                 "Follow the suit led if you can; when a god is led, play a god if you have one.",
                 "The highest card of the suit led takes the trick (King high), unless a god is "
                 "played: the top god takes it.",
                 "The Fool takes the King of its suit; the Changeling takes the Lady."],
    }
    strength = HUMAN_STRENGTH
    fool_takes = 2
    direction = "clockwise"

    def hands_in_match(self) -> int:
        return 3 if self.options["set"] else 1


@register
class Viashilym(_ViashiFamily):
    info = GameInfo(
        id="viashilym",
        title="Viashilym (Double-Viashi)",
        summary="Viashi for six with two decks in three teams of partners seated opposite: no "
                "duplicate on the table, twins in a trick cancel.",
        min_players=6, max_players=6, default_players=6, deck="viashi_double",
        options=(_elvish(True), EIGHTS),
        twins={"open_spiel": ["hearts", "spades"]},
    )
    sample_options = ({}, {"elvish": False, "eights": "magician"})
    how_to_play = {
        "goal": "With your partner opposite, take the most tricks: five points a trick, a bonus "
                "for the most captives and a point per twin set owned.",
        "turn": ["Draw two: one face up to your table, one to your hand; never table a card "
                 "already on a table (unless both are: show them).",
                 "The leader plays from his hand or his table; the others play from the same.",
                 "Follow the suit led if you can; when a god is led, play a god if you have one.",
                 "The highest card of the suit led captures, unless a god is played: the top god "
                 "captures; the Fool captures the Queen, the Changeling the Lady.",
                 "Two identical cards in one trick cancel: dead cards, they capture nothing."],
    }
    twins = True
    no_duplicates = True
    fast_twin = "viashilym"


# The rules -------------------------------------------------------------------------------------
class ViashiState(PhasedState):
    def __init__(self, game: _ViashiFamily, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.n = n
        self.elvish = game.options["elvish"]
        self.hands_total = game.hands_in_match()
        self.hand_no = 0  # hands started
        self.scores = [0] * n  # running score
        self.hand_scores: list[list[int]] = []  # each finished hand's scores
        self.last_parts: list[dict[str, int]] | None = None  # the last hand's, by what earned them
        self.streak = [0] * n  # hands won in a row, for the handicap
        self.log: list[tuple] = []  # public events, formatted only when a view asks
        self._deal(deck)

    # The draw phase --------------------------------------------------------------------------
    def _deal(self, deck: list[str] | None) -> None:
        """The cards are shuffled and piled; the first drawer moves on one seat each hand."""
        n = self.n
        cards = list(deck) if deck is not None else list(self.game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        self.hand_no += 1
        self.pile = cards[::-1]  # top card last, so pop() draws it
        self.first_drawer = (self.hand_no - 1) % n
        self.drawer = self.first_drawer
        self.drawn: tuple[str, str] | None = None
        self.drawn_public = False  # Viashilym: both drawn cards shown to prove the tabling
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.tables: list[list[str]] = [[] for _ in range(n)]
        self.tabled: set[str] = set()  # every card put on a table this hand (tables only grow
        # during the draw, when Viashilym's no-duplicate rule asks)
        self.revealed: list[list[str]] = [[] for _ in range(n)]  # hand cards shown to all
        self.owned: list[list[str]] = [[] for _ in range(n)]  # captured and capturing cards
        self.tricks = [0] * n
        self.dead: list[str] = []  # Viashilym: cards of tricks nobody could take
        self.trick: list[tuple[int, str]] = []
        self.source_table = False  # where the current capture is played from
        self.history_tricks: list[TrickRecord] = []
        self.leader = self.to_act = None
        self.phase = "draw"
        if self.game.options.get("handicap"):
            self.random_draws = [min(s, 3) for s in self.streak]
        else:
            self.random_draws = [0] * n
        self.log.append(("hand", self.hand_no, self.first_drawer))
        self._next_draw()

    def _next_draw(self) -> None:
        """Draw two for the drawer; a handicapped draw is split at random at once."""
        while True:
            if not self.pile:
                self._start_play()
                return
            seat = self.drawer
            a, b = self.pile.pop(), self.pile.pop()
            self.drawn = (a, b)
            self.to_act = seat
            if self.game.no_duplicates:
                tabled = self.tabled
                self.drawn_public = a != b and a in tabled and b in tabled
            if self.random_draws[seat] > 0:
                self.random_draws[seat] -= 1
                up = a if self.rng.random() < 0.5 else b
                self._place(seat, up, random_split=True)
                continue
            return

    def _draw_choices(self) -> list[Up]:
        """Either card may go face up; in Viashilym "a player may never play to the table any
        card that is already on the table, unless both of his drawn cards are already on the
        table"."""
        a, b = self.drawn
        if a == b:
            return [UP[a]]
        if self.game.no_duplicates and not self.drawn_public:
            if a in self.tabled:
                return [UP[b]]
            if b in self.tabled:
                return [UP[a]]
        return [UP[a], UP[b]]

    def _place(self, seat: int, up: str, random_split: bool = False) -> None:
        a, b = self.drawn
        down = b if up == a else a
        self.tables[seat].append(up)
        self.tabled.add(up)
        self.hands[seat].append(down)
        if self.drawn_public:
            self.revealed[seat].append(down)
        self.log.append(("draw", seat, up, down if self.drawn_public else None, random_split))
        self.drawn = None
        self.drawn_public = False
        self.drawer = (seat + 1) % self.n

    def _start_play(self) -> None:
        """"The last person to draw is the first person to play"."""
        strength = self.game.strength
        for cards in self.hands + self.tables:
            sort_cards(cards, strength)
        self.phase = "play"
        self.drawn = None
        self.leader = self.to_act = (self.drawer - 1) % self.n
        self.log.append(("lead", self.leader))

    # The contract ----------------------------------------------------------------------------
    # The hands are drawn a card at a time before the first lead.
    hand_forms_in_play = True

    def opening_hand(self, seat: int) -> list[str] | None:
        """A player holds his hand and his table once the draw is done."""
        if self.phase == "draw":
            return None
        return sorted(self.hands[seat] + self.tables[seat])

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "play":
            seat = self.to_act
            trick = self.trick
            twins = self.game.twins  # a double deck's twin cards are one move, not two
            if not trick:
                # The leader plays from his hand or from his table.
                hand, table = self.hands[seat], self.tables[seat]
                if twins:
                    hand, table = dict.fromkeys(hand), dict.fromkeys(table)
                return [FROM_HAND[c] for c in hand] + [FROM_TABLE[c] for c in table]
            if self.source_table:
                cards, pick = self.tables[seat], FROM_TABLE
            else:
                cards, pick = self.hands[seat], FROM_HAND
            cards = follow(cards, SUIT_OF[trick[0][1]])
            return [pick[c] for c in (dict.fromkeys(cards) if twins else cards)]
        if phase == "draw":
            return self._draw_choices()
        return []

    def play_of(self, card: str) -> Play:
        """The play of `card` a bare card name means now (for parse_action)."""
        seat = self.to_act
        if self.phase != "play" or seat is None:
            return FROM_HAND[card]
        if self.trick:
            return (FROM_TABLE if self.source_table else FROM_HAND)[card]
        in_hand, on_table = card in self.hands[seat], card in self.tables[seat]
        if in_hand and on_table:
            raise IllegalAction(f"you have {card} in your hand and on your table: type "
                                f"'hand {card}' or 'table {card}'")
        return FROM_TABLE[card] if on_table else FROM_HAND[card]

    def _check(self, action) -> str | None:
        if self.phase == "draw":
            if not isinstance(action, Up):
                return "it is the draw: put one of your two drawn cards face up, e.g. 'up 5W'"
            if action.card not in self.drawn:
                return f"you drew {' and '.join(self.drawn)}, not {action.card}"
            if action not in self._draw_choices():
                return (f"{action.card} is already on the table: it must go face down (only "
                        "when both drawn cards are on the table may you choose)")
            return None
        if not isinstance(action, Play):
            return "it is the play: play a card, e.g. 'hand 5W' or 'table 5W'"
        seat = self.to_act
        cards = self.tables[seat] if action.table else self.hands[seat]
        trick = self.trick
        if trick and action.table != self.source_table:
            where = "table" if self.source_table else "hand"
            return f"the leader played from his {where}: play from your {where}"
        if action.card not in cards:
            where = "on your table" if action.table else "in your hand"
            return f"you have no {action.card} {where}"
        if trick:
            lead_card = trick[0][1]
            lead = SUIT_OF[lead_card]
            if SUIT_OF[action.card] != lead and can_follow(cards, lead):
                if lead == GOD:
                    return "a god was led: you must play a god if you have one"
                return f"follow suit: you must play a card of the suit of {lead_card}"
        return None

    def _apply(self, action) -> None:
        seat = self.to_act
        if self.phase == "draw":
            self._place(seat, action.card)
            self._next_draw()
            return
        card = action.card
        if not self.trick:
            self.source_table = action.table
        if action.table:
            self.tables[seat].remove(card)
        else:
            self.hands[seat].remove(card)
            if card in self.revealed[seat]:
                self.revealed[seat].remove(card)  # shown cards are those still in the hand
        self.trick.append((seat, card))
        self.log.append(("play", seat, card, action.table))
        if len(self.trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return
        self._end_trick()

    def _end_trick(self) -> None:
        """The capturer owns every card of the trick and leads next. In Viashilym a trick no
        live card can take leaves play unscored and the same leader leads again."""
        game = self.game
        trick = self.trick
        i = capture(trick, game.strength, game.fool_takes, game.twins)
        cards = [card for _, card in trick]
        if i is None:
            winner = None
            self.dead.extend(cards)
        else:
            winner = trick[i][0]
            self.owned[winner].extend(cards)
            self.tricks[winner] += 1
            self.leader = winner
        self.history_tricks.append(TrickRecord(trick[0][0], tuple(trick), winner))
        self.log.append(("take", winner, tuple(cards)))
        self.trick = []
        self.to_act = self.leader
        if not self.hands[self.leader] and not self.tables[self.leader]:
            self._end_hand()

    # Scoring ---------------------------------------------------------------------------------
    def score_parts(self) -> list[dict[str, int]]:
        """This hand's points per seat by what earned them (Viashilym: each seat gets its
        team's)."""
        game, n = self.game, self.n
        if game.info.id == "vashy":
            # "the scoring is by trick rather than by capture, a simple bonus of two for most
            # tricks"; the Scholar bonus is not used.
            bonus = _bonus(self.tricks, 2, 2, tie=game.options["tie_bonus"])
            return [{"tricks": self.tricks[s], "bonus": bonus[s]} for s in range(n)]
        if game.info.id == "viashilym":
            teams = n // 2
            tricks = [self.tricks[t] + self.tricks[t + teams] for t in range(teams)]
            bonus = _bonus([(n - 1) * t for t in tricks], 5, 10)
            parts = []
            for t in range(teams):
                # "one point for every set of twins (two copies of the same card) they own"
                owned = self.owned[t] + self.owned[t + teams]
                twins = sum(owned.count(c) // 2 for c in set(owned))
                # "five points per trick"
                parts.append({"for tricks": 5 * tricks[t], "bonus": bonus[t], "twin sets": twins})
            return [parts[s % teams] for s in range(n)]
        # Viashi: "Each card captured is worth one point" (the two taken, not the capturer's
        # own), the bonus for most captives, and "one point for each magician/scholar".
        captives = [(n - 1) * t for t in self.tricks]
        bonus = _bonus(captives, 3, 9)
        scholars = game.options["eights"] + "s"
        return [{"captives": captives[s], "bonus": bonus[s],
                 scholars: sum(1 for c in self.owned[s] if c in SCHOLARS)} for s in range(n)]

    def hand_score(self) -> list[int]:
        return [sum(parts.values()) for parts in self.score_parts()]

    def _end_hand(self) -> None:
        parts = self.score_parts()
        points = [sum(p.values()) for p in parts]
        self.hand_scores.append(points)
        self.last_parts = parts
        for s in range(self.n):
            self.scores[s] += points[s]
        top = max(points)
        won = [points[s] == top for s in range(self.n)]
        # Ruling (rules page): every seat with the hand's top score won it, ties included;
        # Viashi's handicap_tie=none reads a tie as nobody's win.
        if sum(won) > 1 and self.game.options.get("handicap_tie") == "none":
            won = [False] * self.n
        for s in range(self.n):
            self.streak[s] = self.streak[s] + 1 if won[s] else 0
        sides = self.n // 2 if self.game.twins else self.n
        self.log.append(("score", tuple(
            (_side_name(s, self.n, self.game.twins), points[s], tuple(parts[s].items()))
            for s in range(sides))))
        if self.hand_no >= self.hands_total:
            self.phase = "over"
            self.to_act = None
            self.log.append(("over",))
            return
        self._deal(None)

    def round_count(self) -> int:
        return self.hand_no  # the hands of the match

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # What a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        n, game = self.n, self.game
        draw = self.phase == "draw"
        strength = game.strength
        hand = None
        if seat is not None and not (draw and self.elvish):
            hand = list(self.hands[seat])
            if draw:
                sort_cards(hand, strength)
        tables = [list(t) for t in self.tables]
        if draw:
            for t in tables:
                sort_cards(t, strength)
        drawn = None
        if self.drawn is not None and (seat == self.drawer or self.drawn_public):
            drawn = list(self.drawn)
        teams = [[s, s + n // 2] for s in range(n // 2)] if game.twins else None
        return {
            "game": game.info.id,
            "seat": seat,
            "phase": self.phase,
            "hand_no": self.hand_no,
            "hands_in_match": self.hands_total,
            "direction": game.direction,
            "to_act": self.current_player,
            "first_drawer": self.first_drawer,
            "pile_count": len(self.pile),
            "drawer": self.drawer if draw else None,
            "drawn": drawn,
            "drawn_revealed": self.drawn_public,
            "random_draws": list(self.random_draws),
            "hand": hand,
            "hand_counts": [len(h) for h in self.hands],
            "tables": tables,
            "revealed": [list(r) for r in self.revealed],
            "leader": self.leader,
            "source": None if not self.trick else ("table" if self.source_table else "hand"),
            "trick": [[s, c] for s, c in self.trick],
            "tricks_played": [t.to_json() for t in self.history_tricks],
            "tricks": list(self.tricks),
            "owned": [list(o) for o in self.owned],
            "dead": list(self.dead),
            "teams": teams,
            "hand_scores": [list(p) for p in self.hand_scores],
            "last_hand": [dict(p) for p in self.last_parts] if self.last_parts else None,
            "scores": list(self.scores),
            "log": [_say(entry) for entry in self.log[-30:]],
        }

    def card_census(self) -> list[str]:
        cards = list(self.pile) + list(self.drawn or ()) + self.dead
        for s in range(self.n):
            cards += self.hands[s] + self.tables[s] + self.owned[s]
        cards += [c for _, c in self.trick]
        return cards

    def clone(self) -> ViashiState:
        twin = self._clone_base()
        twin.scores = list(self.scores)
        twin.hand_scores = list(self.hand_scores)
        twin.streak = list(self.streak)
        twin.random_draws = list(self.random_draws)
        twin.pile = list(self.pile)
        twin.hands = [list(h) for h in self.hands]
        twin.tables = [list(t) for t in self.tables]
        if self.phase == "draw":  # it changes only during the draw
            twin.tabled = set(self.tabled)
        twin.revealed = [list(r) for r in self.revealed]
        twin.owned = [list(o) for o in self.owned]
        twin.tricks = list(self.tricks)
        twin.dead = list(self.dead)
        twin.trick = list(self.trick)
        twin.history_tricks = list(self.history_tricks)
        twin.log = list(self.log)
        return twin

    def determinize(self, seat: int, rng: random.Random) -> ViashiState:
        """The pile, the other hands (their revealed cards kept) and another drawer's pair are
        redealt; under the elvish rule so is the seat's own hand while the draw lasts."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        places, known, owners = [], [], []
        for s in range(self.n):
            if s != seat or (self.phase == "draw" and self.elvish):
                places.append(self.hands[s])
                known.append(set(self.revealed[s]))
                owners.append(s)
        hidden_pair = self.drawn is not None and self.drawer != seat and not self.drawn_public
        if hidden_pair:
            places.append(list(self.drawn))
            known.append(set())
        places.append(self.pile)
        known.append(set())
        fresh = redeal(places, known, rng)
        for s, cards in zip(owners, fresh):
            if self.phase == "play":
                sort_cards(cards, self.game.strength)
            twin.hands[s] = cards
        if hidden_pair:
            twin.drawn = tuple(fresh[len(owners)])
        twin.pile = fresh[-1]
        return twin


def _bonus(captives: list[int], most: int, more_than_all: int, tie: str = "none") -> list[int]:
    """Each side's bonus: `most` for the most captives, or `more_than_all` instead for more than
    all the others together. A tie for most gives nothing (GAMES.md), unless Vashy's `tie_bonus`
    gives `most` to each tied side or shares it out in whole points."""
    bonus = [0] * len(captives)
    top = max(captives)
    leaders = [i for i, c in enumerate(captives) if c == top]
    if len(leaders) == 1:
        i = leaders[0]
        bonus[i] = more_than_all if top > sum(captives) - top else most
    elif tie != "none":
        # A tied side never has more than all the others together: only `most` is at stake.
        share = most if tie == "each" else most // len(leaders)
        for i in leaders:
            bonus[i] = share
    return bonus


def _say(entry: tuple) -> str:
    kind = entry[0]
    if kind == "draw":
        _, seat, up, down, random_split = entry
        text = f"seat {seat} puts {up} on the table"
        if down:
            text = (f"seat {seat} shows both cards already on the table, puts {up} up and "
                    f"{down} down")
        return text + (" (handicap: split at random)" if random_split else "")
    if kind == "play":
        _, seat, card, table = entry
        return f"seat {seat} plays {card} from his {'table' if table else 'hand'}"
    if kind == "take":
        _, winner, cards = entry
        if winner is None:
            return f"nobody can take {' '.join(cards)}: the cards leave play unscored"
        return f"seat {winner} captures {' '.join(cards)}"
    if kind == "lead":
        return f"the draw is over: seat {entry[1]}, the last to draw, leads"
    if kind == "hand":
        return f"hand {entry[1]}: seat {entry[2]} draws first"
    if kind == "score":
        return "hand scores: " + ", ".join(f"{side} {points} ({_earned(dict(parts))})"
                                           for side, points, parts in entry[1])
    return "the game is over"


def _side_name(seat: int, n: int, teams: bool) -> str:
    # Each seat by itself, so the room can show each one's name.
    return f"seat {seat} and seat {seat + n // 2}" if teams else f"seat {seat}"


def _earned(parts: dict[str, int]) -> str:
    """'22 captives + 9 bonus + 1 scholars': what made a hand's score (zero parts left out)."""
    words = [f"{points} {what}" for what, points in parts.items() if points]
    return " + ".join(words) or "nothing"


def render(game: _ViashiFamily, view: dict) -> str:
    """The table as text: every seat's table cards, the seat's own hand, the capture, scores."""
    eights = game.options["eights"]
    me = view["seat"]
    lines = [f"{game.info.title} - hand {view['hand_no']} of {view['hands_in_match']} - "
             f"{view['phase']} ({view['direction']}); ranks 1 Queen 2 King 3 Prince 4 Princess "
             f"5 Warrior 6 Merchant 7 Worker 8 {eights.capitalize()} 9 Fool"]
    if game.info.id == "vashy":
        lines[0] += "; King high"
    if view["teams"]:
        lines.append("teams: " + ", ".join(f"seats {a}+{b}" for a, b in view["teams"]))
    for s, table in enumerate(view["tables"]):
        who = f"seat {s}" + (" (you)" if s == me else "")
        row = f"{who:>14}  table: {by_suit(table)}"
        if s == me and view["hand"] is not None:
            row += f"   hand: {by_suit(view['hand'])}"
        else:
            row += f"   hand: {count_cards(view['hand_counts'][s])}"
            if s == me and view["phase"] == "draw":
                row += " (hidden: the elvish rule)"
        if view["revealed"][s]:
            row += f" incl. shown {' '.join(view['revealed'][s])}"
        row += f"   tricks {view['tricks'][s]}"
        if game.info.id == "viashi":
            # A Scholar owned is a point: worth seeing who holds which.
            scholars = [c for c in view["owned"][s] if c in SCHOLARS]
            if scholars:
                row += f" ({eights}s {' '.join(scholars)})"
        lines.append(row)
    if view["phase"] == "draw":
        lines.append(f"{view['pile_count']} cards left to draw; seat {view['drawer']} draws")
        handicapped = [f"seat {s} {n}" for s, n in enumerate(view["random_draws"]) if n]
        if handicapped:
            lines.append("handicap, draws still to be split at random: " + ", ".join(handicapped))
        if view["drawn"]:
            a, b = view["drawn"]
            who = "you drew" if view["drawer"] == me else f"seat {view['drawer']} shows"
            lines.append(f"{who} {a} and {b}: 'up {a}' or 'up {b}' puts that card face up")
    elif view["phase"] == "play":
        if view["trick"]:
            plays = ", ".join(f"seat {s} {c}" for s, c in view["trick"])
            lines.append(f"capture from the {view['source']}s: {plays}")
        else:
            lines.append(f"seat {view['leader']} leads: 'hand CARD' or 'table CARD'")
    if view["tricks_played"]:
        last = view["tricks_played"][-1]
        cards = " ".join(p["card"] for p in last["plays"])
        took = "nobody" if last["winner"] is None else f"seat {last['winner']}"
        lines.append(f"last capture: {cards} - {took}")
    if view["dead"]:
        lines.append(f"dead (unscored): {' '.join(view['dead'])}")
    if view["last_hand"]:
        points = view["hand_scores"][-1]
        teams = bool(view["teams"])
        sides = len(points) // 2 if teams else len(points)
        lines.append("last hand: " + "; ".join(
            f"{_side_name(s, len(points), teams)} {points[s]} = {_earned(view['last_hand'][s])}"
            for s in range(sides)))
    n = len(view["scores"])
    teams = bool(view["teams"])
    sides = range(n // 2 if teams else n)
    if view["hands_in_match"] > 1 and len(view["hand_scores"]) > 1:
        lines.append("hand by hand: " + " | ".join(
            f"#{k} " + " ".join(str(points[s]) for s in sides)
            for k, points in enumerate(view["hand_scores"], start=1)))
    lines.append("scores: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(view["scores"])))
    if view["phase"] == "over":
        top = max(view["scores"])
        best = [_side_name(s, n, teams) for s in sides if view["scores"][s] == top]
        lines.append(f"{' and '.join(best)} {'win' if teams or len(best) > 1 else 'wins'} "
                     f"with {top}" + (" (a tie)" if len(best) > 1 else ""))
    return "\n".join(lines)


# A computer player -------------------------------------------------------------------------------
class ViashiHeuristic(Agent):
    """Follows cheaply and takes captures worth taking. Leads a card no one can beat when it has
    one (on a table lead every answer is in sight); otherwise leads its weakest card. Follows
    with the cheapest card that takes the capture when the capture is worth it (it is not when a
    partner already holds it), else with its weakest card, keeping Scholars out of others' hands.
    In the draw it tables the weaker card and keeps the stronger one hidden."""

    name = "heuristic"

    def act(self, view, legal_actions):
        game = view["game"]
        rules = _RULES[game]
        first = legal_actions[0]
        if isinstance(first, Up):
            return self._draw(view, legal_actions, rules)
        return self._play(view, legal_actions, rules)

    def _draw(self, view, legal, rules):
        if len(legal) == 1:
            return legal[0]
        strength = rules.strength
        # Table the weaker card: hidden strength is worth more, since nobody can plan for it.
        return min(legal, key=lambda a: (_value(a.card, strength), a.card in SCHOLARS))

    def _play(self, view, legal, rules):
        seat, n = view["seat"], len(view["tables"])
        strength = rules.strength
        partner = (seat + n // 2) % n if rules.twins else None
        trick = [(s, c) for s, c in view["trick"]]
        if not trick:
            return self._lead(view, legal, rules)
        # Who holds it now, and can we take it?
        i = capture(trick, strength, rules.fool_takes, rules.twins)
        holder = None if i is None else trick[i][0]
        still_to_play = n - len(trick) - 1
        takers = []
        for action in legal:
            j = capture(trick + [(seat, action.card)], strength, rules.fool_takes, rules.twins)
            if j is not None and trick_owner(trick, j, seat) == seat:
                takers.append(action)
        if holder is not None and holder == partner:
            takers = []  # the capture is already ours
        if takers:
            cheapest = min(takers, key=lambda a: _value(a.card, strength))
            if still_to_play == 0 or self._safe(view, cheapest, rules):
                return cheapest
            best = max(takers, key=lambda a: _value(a.card, strength))
            if self._safe(view, best, rules) or len(takers) == len(legal):
                return best
        return self._dump(legal, strength, holder, partner, seat)

    def _dump(self, legal, strength, holder, partner, seat):
        """The weakest card; a Scholar goes only where a partner takes it."""
        def cost(a):
            scholar = a.card in SCHOLARS and holder not in (partner, seat)
            return (scholar, _value(a.card, strength))
        return min(legal, key=cost)

    def _safe(self, view, action, rules) -> bool:
        """No card the players still to play might answer with beats this one."""
        card = action.card
        strength = rules.strength
        suit = SUIT_OF[card]
        lead = SUIT_OF[view["trick"][0][1]] if view["trick"] else suit
        exact = action.table
        for other in self._threats(view, action.table, lead):
            osuit = SUIT_OF[other]
            if other == card and rules.twins:
                return False  # its twin would kill it
            if suit == GOD:
                if osuit == GOD and (strength[other] > strength[card]
                                     or (card == "Lady" and other == "Changeling")):
                    return False
            elif osuit == GOD:
                if exact or lead == GOD:
                    return False  # any god played takes it (a void player may play one)
            elif osuit == suit == lead and strength[other] > strength[card]:
                return False
            elif (osuit == suit == lead and NUMBER_OF[other] == 9
                  and NUMBER_OF[card] == rules.fool_takes):
                return False
        return True

    def _threats(self, view, table: bool, lead: str) -> list[str]:
        """Cards the opponents still to play might answer with: from their tables exactly what
        following suit lets them play; for a hand capture every card this seat has not seen."""
        seat = view["seat"]
        n = len(view["tables"])
        played = {s for s, _ in view["trick"]}
        others = [s for s in range(n) if s != seat and s not in played
                  and not (view["teams"] and (s - seat) % n == n // 2)]
        if not others:
            return []
        if table:
            threats = []
            for s in others:
                cards = view["tables"][s]
                same = [c for c in cards if SUIT_OF[c] == lead]
                threats += same or cards
            return threats
        seen = list(view["hand"] or []) + [c for t in view["tables"] for c in t]
        seen += [c for o in view["owned"] for c in o] + view["dead"] + [c for _, c in view["trick"]]
        deck = VIASHI_DOUBLE.cards if view["teams"] else VIASHI_54.cards
        return unseen(deck, seen)

    def _lead(self, view, legal, rules):
        strength = rules.strength
        safe = [a for a in legal if self._safe(view, a, rules)]
        if safe:
            # Cash the weakest sure winner first: the strong ones stay sure.
            return min(safe, key=lambda a: _value(a.card, strength))
        return min(legal, key=lambda a: (a.card in SCHOLARS, _value(a.card, strength)))


def trick_owner(trick, index, seat):
    return seat if index == len(trick) else trick[index][0]


def _value(card: str, strength: dict[str, int]) -> int:
    """How costly a card is to give up: gods above every suit card."""
    return strength[card] + (10 if SUIT_OF[card] == GOD else 0)


_RULES = {"viashi": Viashi, "vashy": Vashy, "viashilym": Viashilym}

for _cls in (Viashi, Vashy, Viashilym):
    _cls.state_class = ViashiState
    _cls.heuristic = ViashiHeuristic
