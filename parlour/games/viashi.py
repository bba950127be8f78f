"""Viashi, the elves' game of the Viashi deck, with its human simplification Vashy and its
six-player two-deck form Viashilym (Double-Viashi): three game ids sharing one set of rules.

The rules are parlour/fast/viashi.py's, the integer core, and only there (the three games are
options of one trick game). This is the readable layer on it: the options, the actions and their
notation, the words of a refusal, the views, the table's scene and the terminal's picture, and the
log told from the core's events. Rule text: shared/seeds/003 (the Viashi, Vashy and Viashilym
sections); rulings: shared/GAMES.md; the rules pages: docs/rules/viashi.md, vashy.md and
viashilym.md. Seats are numbered in the order of play: in Viashi and Viashilym that is
counterclockwise, in Vashy clockwise.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..agents.base import CoreHeuristic
from ..core.cards import VIASHI_CARDS, VIASHI_SUITS
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import viashi as core
from ..fast.core import Rng, SourceRng
from ..fast.tricks import mask_of
from .tricks import (
    CARD_INDEX as CARD,  # a card's number, in the core too
    GOD,
    SCHOLARS,
    SUIT_OF,
    TrickRecord,
    by_suit,
    count_cards,
    read_card,
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
    """Index of the play [(seat, card), ...] that makes the capture, or None when no card can (a
    Viashilym trick of dead cards): the core's `taker`. A `strength` goes with its Fool: the
    elves' (the Fool takes the Queen, 1) or the humans' (the Fool takes the King, 2)."""
    n = len(plays)
    variant = core.VASHY if fool_takes == 2 else core.VIASHILYM if twins else core.VIASHI
    cards = [CARD[card] for _, card in plays]
    best = core.rules_for(variant, n).taker(cards)
    return None if best < 0 else cards.index(best)


def action_id(action) -> int:
    if isinstance(action, Up):
        return CARD[action.card]
    if isinstance(action, Play):
        return CARD[action.card] + (core.TABLE if action.table else core.HAND)
    raise ValueError(f"{action!r} is not a Viashi action")


def action_of(number: int):
    kind, index = divmod(number, N_CARDS)
    return (UP, FROM_HAND, FROM_TABLE)[kind][VIASHI_CARDS[index]]


# The games -------------------------------------------------------------------------------------
EIGHTS = Option("eights", "scholar", "what the 8s are called: scholar or magician (names only, "
                                     "no effect on play)", choices=("scholar", "magician"))


def _elvish(default: bool) -> Option:
    return Option("elvish", default, "the elvish rule: a player may not look at his own "
                                     "face-down cards during the draw phase (they are hidden "
                                     "from him until the draw ends)")


class _ViashiFamily(Game):
    """What the three games share; each subclass sets its rules."""

    variant = core.VIASHI  # the core's options: Vashy and Viashilym set theirs
    direction = "counterclockwise"
    core_module = "viashi"

    def rules(self) -> core.Rules:
        options = self.options
        return core.rules_for(self.variant, self.players, self.hands_in_match(),
                              bool(options["elvish"]), bool(options.get("handicap")),
                              options.get("handicap_tie") == "none",
                              str(options.get("tie_bonus", "none")))

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

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ACTIONS
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)

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
                if s == me and self.variant == core.VIASHILYM:
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
            if self.variant == core.VASHY:  # the humans' order, worth a reminder
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
            if self.variant == core.VIASHILYM:
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
            if action.table and self.variant == core.VIASHILYM:
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
        peers={"open_spiel": ["hearts", "spades"]},
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
        peers={"open_spiel": ["hearts", "spades"]},
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
    variant = core.VASHY
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
        peers={"open_spiel": ["hearts", "spades"]},
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
    variant = core.VIASHILYM


# The readable position: a core position (parlour/fast/viashi.py) and what the log and the views
# show of it. Every rule is the core's; this only names, words and narrates.
def _names(cards) -> list[str]:
    return [VIASHI_CARDS[c] for c in cards]


def _place(position, once: int, twice: int) -> list[str]:
    """A place's cards (both copies of a twin) in the table order: by suit, strongest first."""
    order = position.rules.order
    return [VIASHI_CARDS[c] for c in core.listed(once, order, 0)
            for _ in range(1 + (twice >> c & 1))]


_PARTS = {core.VIASHI: ("captives", "bonus", None), core.VASHY: ("tricks", "bonus"),
          core.VIASHILYM: ("for tricks", "bonus", "twin sets")}


class ViashiState(WrappedState):
    core_module = core
    copied = ("log", "history_tricks", "hand_scores", "owned", "dead", "shown")

    # The hands are drawn a card at a time before the first lead.
    hand_forms_in_play = True

    def __init__(self, game: _ViashiFamily, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.n = game.players
        self.elvish = game.options["elvish"]
        self.hand_scores: list[list[int]] = []  # each finished hand's scores
        self.last_parts: list[dict[str, int]] | None = None  # the last hand's, by what earned them
        self.log: list[tuple] = []  # public events, formatted only when a view asks
        cards = [CARD[c] for c in deck] if deck is not None else None
        events: list = []
        self._start(core.start(game.rules(), SourceRng(self._generator), cards, events), events)

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: core.PHASE_NAMES[self.core.phase])
    to_act = WrappedState.current_player
    hand_no = property(lambda self: self.core.hand_no)
    first_drawer = property(lambda self: (self.core.hand_no - 1) % self.n)
    drawer = property(lambda self: self.core.drawer)
    drawn_public = property(lambda self: self.core.shown)
    source_table = property(lambda self: self.core.from_table)
    pile = property(lambda self: _names(self.core.pile))
    tricks = property(lambda self: list(self.core.tricks))
    scores = property(lambda self: list(self.core.scores))
    streak = property(lambda self: list(self.core.streak))
    random_draws = property(lambda self: list(self.core.random_draws))

    @property
    def drawn(self) -> tuple[str, str] | None:
        position = self.core
        if position.drawn_a < 0:
            return None
        return VIASHI_CARDS[position.drawn_a], VIASHI_CARDS[position.drawn_b]

    @property
    def hands(self) -> list[list[str]]:
        position = self.core
        return [_place(position, position.hand1[s], position.hand2[s]) for s in range(self.n)]

    @property
    def tables(self) -> list[list[str]]:
        position = self.core
        return [_place(position, position.table1[s], position.table2[s]) for s in range(self.n)]

    @property
    def revealed(self) -> list[list[str]]:
        """The hand cards shown to all, in the order shown, while they stay in the hand."""
        shown = self.core.revealed
        return [[c for c in self.shown[s] if shown[s] >> CARD[c] & 1] for s in range(self.n)]

    @property
    def leader(self) -> int | None:
        return None if self.core.leader < 0 else self.core.leader

    @property
    def trick(self) -> list[tuple[int, str]]:
        position = self.core
        return [((position.leader + i) % self.n, VIASHI_CARDS[c])
                for i, c in enumerate(position.trick)]

    def hand_score(self) -> list[int]:
        return self.core.hand_points()

    def round_count(self) -> int:
        return self.core.hand_no  # the hands of the match

    def opening_hand(self, seat: int) -> list[str] | None:
        """A player holds his hand and his table once the draw is done."""
        if self.phase == "draw":
            return None
        return sorted(self.hands[seat] + self.tables[seat])

    def play_of(self, card: str) -> Play:
        """The play of `card` a bare card name means now (for parse_action)."""
        position, seat = self.core, self.current_player
        if position.phase != core.PLAY or seat is None:
            return FROM_HAND[card]
        if position.trick:
            return (FROM_TABLE if position.from_table else FROM_HAND)[card]
        in_hand = position.hand1[seat] >> CARD[card] & 1
        on_table = position.table1[seat] >> CARD[card] & 1
        if in_hand and on_table:
            raise IllegalAction(f"you have {card} in your hand and on your table: type "
                                f"'hand {card}' or 'table {card}'")
        return FROM_TABLE[card] if on_table else FROM_HAND[card]

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [action_of(a) for a in self.core.legal()]

    def _check(self, action) -> str | None:
        position = self.core
        known = isinstance(action, (Up, Play))
        why = position.why_not(action_id(action) if known else -1)
        if why == core.LEGAL:
            return None
        if why == core.WRONG_KIND:
            if position.phase == core.DRAW:
                return "it is the draw: put one of your two drawn cards face up, e.g. 'up 5W'"
            return "it is the play: play a card, e.g. 'hand 5W' or 'table 5W'"
        if why == core.NOT_DRAWN:
            return f"you drew {' and '.join(self.drawn)}, not {action.card}"
        if why == core.ALREADY_TABLED:
            return (f"{action.card} is already on the table: it must go face down (only when "
                    "both drawn cards are on the table may you choose)")
        if why == core.WRONG_SOURCE:
            where = "table" if position.from_table else "hand"
            return f"the leader played from his {where}: play from your {where}"
        if why == core.NOT_HELD:
            where = "on your table" if action.table else "in your hand"
            return f"you have no {action.card} {where}"
        lead = VIASHI_CARDS[position.trick[0]]
        if SUIT_OF[lead] == GOD:
            return "a god was led: you must play a god if you have one"
        return f"follow suit: you must play a card of the suit of {lead}"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind = e.kind
        if kind == core.DEALT:
            n = self.n
            self.history_tricks: list[TrickRecord] = []  # the hand's
            self.owned: list[list[str]] = [[] for _ in range(n)]  # captured and capturing cards
            self.dead: list[str] = []  # Viashilym: cards of tricks nobody could take
            self.shown: list[list[str]] = [[] for _ in range(n)]  # hand cards shown, in order
            log(("hand", e.other, e.seat))
        elif kind in (core.TABLED, core.SPLIT):
            up, down = _names(e.cards)
            if e.other:
                self.shown[e.seat] = self.shown[e.seat] + [down]
            log(("draw", e.seat, up, down if e.other else None, kind == core.SPLIT))
        elif kind == core.LEAD:
            log(("lead", e.seat))
        elif kind == core.PLAYED:
            log(("play", e.seat, VIASHI_CARDS[e.cards[0]], bool(e.other)))
        elif kind in (core.TAKEN, core.DEAD):
            cards = tuple(_names(e.cards))
            winner = e.seat if kind == core.TAKEN else None
            plays = tuple(((e.other + i) % self.n, c) for i, c in enumerate(cards))
            self.history_tricks.append(TrickRecord(e.other, plays, winner))
            if winner is None:
                self.dead.extend(cards)
            else:
                self.owned[winner] = self.owned[winner] + list(cards)
            log(("take", winner, cards))
        elif kind == core.SCORED:
            names = list(_PARTS[self.game.variant])
            names[-1] = names[-1] or self.game.options["eights"] + "s"
            k, n = e.other, self.n
            parts = [dict(zip(names, e.more[s * k:s * k + k])) for s in range(n)]
            points = [sum(p.values()) for p in parts]
            self.hand_scores.append(points)
            self.last_parts = parts
            teams = self.game.variant == core.VIASHILYM
            log(("score", tuple((_side_name(s, n, teams), points[s], tuple(parts[s].items()))
                                for s in range(n // 2 if teams else n))))
        elif kind == core.GAME_OVER:
            log(("over",))

    # What a seat may see ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        n, game, position = self.n, self.game, self.core
        draw = position.phase == core.DRAW
        hand = None
        if seat is not None and not (draw and self.elvish):
            hand = _place(position, position.hand1[seat], position.hand2[seat])
        drawn = None
        if self.drawn is not None and (seat == position.drawer or position.shown):
            drawn = list(self.drawn)
        return {
            "game": game.info.id,
            "seat": seat,
            "phase": self.phase,
            "hand_no": position.hand_no,
            "hands_in_match": position.rules.hands_total,
            "direction": game.direction,
            "to_act": self.current_player,
            "first_drawer": self.first_drawer,
            "pile_count": len(position.pile),
            "drawer": position.drawer if draw else None,
            "drawn": drawn,
            "drawn_revealed": position.shown,
            "random_draws": self.random_draws,
            "hand": hand,
            "hand_counts": [position.hand1[s].bit_count() + position.hand2[s].bit_count()
                            for s in range(n)],
            "tables": self.tables,
            "revealed": self.revealed,
            "leader": self.leader,
            "source": None if not position.trick else ("table" if position.from_table else "hand"),
            "trick": [[s, c] for s, c in self.trick],
            "tricks_played": [t.to_json() for t in self.history_tricks],
            "tricks": self.tricks,
            "owned": [list(o) for o in self.owned],
            "dead": list(self.dead),
            "teams": [[s, s + n // 2] for s in range(n // 2)] if position.rules.twins else None,
            "hand_scores": [list(p) for p in self.hand_scores],
            "last_hand": [dict(p) for p in self.last_parts] if self.last_parts else None,
            "scores": self.scores,
            "log": [_say(entry) for entry in self.log[-30:]],
        }

    def card_census(self) -> list[str]:
        return _names(core.census(self.core))

    def _blank(self) -> core.ViashiFast:
        return core.ViashiFast(self.game.rules(), Rng(0))



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
class ViashiHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/viashi.py, heuristic_choice): in the draw it tables the
    weaker card; it leads a card no one can beat when it has one (on a table lead every answer is
    in sight), else its weakest; it follows with the cheapest card that takes a capture worth
    taking (not one a partner holds), else with its weakest, keeping Scholars out of others'
    hands."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows.
        game = _GAMES[view["game"]]
        numbers = [action_id(a) for a in legal_actions]
        n = len(view["tables"])
        trick = [CARD[c] for _, c in view["trick"]]
        seen = Counter(CARD[c] for c in (view["hand"] or []) + view["dead"] + [
            c for place in view["tables"] + view["owned"] for c in place] + [
            c for _, c in view["trick"]])
        copies = 2 if view["teams"] else 1
        unseen = mask_of([c for c in range(len(VIASHI_CARDS)) if seen[c] < copies])
        tables = [mask_of([CARD[c] for c in t]) for t in view["tables"]]
        pick = core.heuristic_choice(core.rules_for(game.variant, n), numbers, view["seat"],
                                     trick, view["trick"][0][0] if trick else -1, tables, unseen)
        return legal_actions[numbers.index(pick)]


_GAMES = {"viashi": Viashi, "vashy": Vashy, "viashilym": Viashilym}

for _cls in (Viashi, Vashy, Viashilym):
    _cls.state_class = ViashiState
    _cls.heuristic = ViashiHeuristic
