"""Treasure (Religion in Niontes): Loot's elder. Take the discard or the whole pile, table runs,
sets and colors and extend them, and go out; every god tabled changes the rules at once, by the
kind of meld it is tabled in.

Rule text: shared/seeds/003 (Treasure, and Loot for what Treasure keeps); rulings: shared/GAMES.md
(Treasure). Read this module beside docs/rules/treasure.md. A turn: draw, take the top discard or
take the whole pile; table melds and add to them (one card at a time, so a meld is opened, laid
card by card and closed); discard one. Play ends when a hand empties; table cards score 4 each,
hand cards minus their rank.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..agents.base import Agent
from ..core.cards import (
    GOD_RANK,
    GODS,
    VIASHI_54,
    VIASHI_CARDS,
    VIASHI_DOUBLE,
    Deck,
    is_god,
    viashi_rank,
    viashi_suit,
)
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, seat_entry, zone
from ..core.scorer import Scorer, to_result
from .loot import (  # Treasure is Loot with more to do
    KNOWN,
    Discard,
    Draw,
    Take,
    hand_zone,
    last_discards,
    match_info,
    played_zone,
)
from .melds import (
    CARD_INDEX,
    KINDS,
    SUITS,
    Arrangement,
    Scoring,
    best_score,
    ident,
    identities,
    read_card,
    six_colors,
    solve,
    sort_cards,
    valid,
)

HAND_SIZE = 9
# Engine limits, not rules: a hand in which nobody goes out is called after this many rounds of
# turns, and a match stops after this many hands (highest total wins).
ROUND_LIMIT = 50
HAND_LIMIT = 40
MAX_MELDS = 36  # 108 cards make at most 36 melds
SUIT_CARDS = VIASHI_CARDS[:45]  # what a changing card may stand for
RANK = {card: viashi_rank(card) for card in VIASHI_CARDS}
SUIT = {card: viashi_suit(card) for card in VIASHI_CARDS}
SUIT_CARD_INDEX = {c: i for i, c in enumerate(SUIT_CARDS)}
VIASHI_DOUBLE_ONE_GODS = Deck("viashi_double_one_gods", "Viashi double deck, one set of gods",
                              SUIT_CARDS * 2 + GODS)

# The 27 effects: (god, kind of meld it is tabled in) -> what it does (seed 003, Treasure).
EFFECTS = {
    ("Lady", "set"): "runs are worth double points",
    ("Lady", "run"): "cards may be added to other players' runs",
    ("Lady", "color"): "wind cards (white) are worth double points",
    ("DarkLord", "set"): "runs are worth half points",
    ("DarkLord", "run"): "the Lady's effects are cancelled",
    ("DarkLord", "color"): "wind cards (white) are worth half points",
    ("Builder", "set"): "colors may be built of only three cards",
    ("Builder", "run"): "all players draw three cards",
    ("Builder", "color"): "runs may be built of only three cards",
    ("Thief", "set"): "warriors (5) may change color",
    ("Thief", "run"): "stone cards (purple) may change rank",
    ("Thief", "color"): "hand cards are worth 0",
    ("Protectress", "set"): "leaf cards (green) are worth double",
    ("Protectress", "run"): "colors are worth double points",
    ("Protectress", "color"): "cards may be added to other players' colors",
    ("Seductress", "set"): "leaf cards (green) are worth half points",
    ("Seductress", "run"): "colors are worth half points",
    ("Seductress", "color"): "the Protectress's effects are cancelled",
    ("Minion", "set"): "the Friend's effects are cancelled",
    ("Minion", "run"): "flame cards (red) are worth half points",
    ("Minion", "color"): "sets are worth half points",
    ("Friend", "set"): "cards may be added to other players' sets",
    ("Friend", "run"): "flame cards (red) are worth double points",
    ("Friend", "color"): "sets are worth double points",
    ("Changeling", "set"): "wave cards (blue) may change rank",
    ("Changeling", "run"): "fools (9) are worth double points",
    ("Changeling", "color"): "queens (1) may change their color",
}
# The cancellers: god tabled in this kind cancels all effects of the named god.
CANCELS = {("DarkLord", "run"): "Lady", ("Seductress", "color"): "Protectress",
           ("Minion", "set"): "Friend"}
CANCELLED_BY = {named: canceller for canceller, named in CANCELS.items()}
LAY_OFF = {"run": ("Lady", "run"), "color": ("Protectress", "color"), "set": ("Friend", "set")}


def active_effects(copies) -> tuple[frozenset, frozenset]:
    """The effects in force, from the gods on the table: `copies` lists, for each god card
    tabled, (god, kinds it is tabled in). No effect applies twice; a canceller cancels every
    effect of both copies of the named god, a second canceller cancels the cancellation.
    Returns (active effects, cancelled gods)."""
    counts: dict[tuple[str, str], int] = {}
    for god, kinds in copies:
        for kind in kinds:
            counts[(god, kind)] = counts.get((god, kind), 0) + 1
    cancelled = frozenset(named for named, canceller in CANCELLED_BY.items()
                          if counts.get(canceller, 0) % 2 == 1)
    active = frozenset(key for key in counts if key[0] not in cancelled)
    return active, cancelled


def treasure_scoring(active, six_color_bonus: bool = False) -> Scoring:
    """The Scoring in force under these effects (a set of (god, kind))."""
    def on(god, kind):
        return (god, kind) in active

    def mult(double, half):
        return (2 if on(*double) else 1) * (0.5 if on(*half) else 1)

    wind = mult(("Lady", "color"), ("DarkLord", "color"))
    flame = mult(("Friend", "run"), ("Minion", "run"))
    leaf = mult(("Protectress", "set"), ("Seductress", "set"))
    return Scoring(
        base=4,
        run_min=3 if on("Builder", "color") else 4,
        color_min=3 if on("Builder", "set") else 4,
        run_mult=mult(("Lady", "set"), ("DarkLord", "set")),
        color_mult=mult(("Protectress", "run"), ("Seductress", "run")),
        set_mult=mult(("Friend", "color"), ("Minion", "color")),
        suit_mult=(wind, flame, 1, 1, leaf, 1),
        fool_mult=2 if on("Changeling", "run") else 1,
        hand_zero=on("Thief", "color"),
        hand_nine=True,
        rank_wild_suits=frozenset(s for s, e in (("P", ("Thief", "run")),
                                                  ("B", ("Changeling", "set"))) if on(*e)),
        color_wild_ranks=frozenset(r for r, e in ((5, ("Thief", "set")),
                                                   (1, ("Changeling", "color"))) if on(*e)),
        bonus=5 if six_color_bonus else 0)


def parse_gods(words) -> list[tuple[str, tuple[str, ...]]]:
    """'Lady:set', 'DarkLord:run+color' (a god color holding a run) -> copies for
    active_effects."""
    copies = []
    for word in words:
        name, _, kinds = word.partition(":")
        god = read_card(name)
        if not is_god(god):
            raise IllegalAction(f"{name} is not a god; the gods are {', '.join(GODS)}")
        kinds = tuple(k.strip().lower() for k in kinds.replace("+", ",").split(",") if k.strip())
        if not kinds or any(k not in KINDS for k in kinds):
            raise IllegalAction(f"write a god with the kind of meld it is tabled in: "
                                f"{god}:set, {god}:run or {god}:color")
        copies.append((god, kinds))
    return copies


def score_hand(cards, gods=(), six_color_bonus: bool = False) -> Arrangement:
    """The scorer for people playing with real cards: the best arrangement of these cards as if
    tabled (4 points a card) with the rest in hand, under the effects of the gods on the table
    (`gods` as 'Lady:set', 'Thief:run' ...; the cards' own gods take no effect)."""
    cards = [read_card(c) for c in cards]
    active, _ = active_effects(parse_gods(gods))
    return solve(cards, treasure_scoring(active, six_color_bonus))


def score_at_end(cards, gods, options) -> dict:
    """The scorer of `parlour score treasure` and the room's scorer page (Treasure.scorer)."""
    arrangement = score_hand(cards, gods, options["six_color_bonus"])
    active, cancelled = active_effects(parse_gods(gods))
    notes = [f"{g} in a {k}: {EFFECTS[(g, k)]}" for g, k in sorted(active)]
    if cancelled:
        notes.append("cancelled: " + ", ".join(sorted(cancelled)))
    return to_result(arrangement, notes or ["no effects in force"])


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TakePile:
    """The entire discard pile."""
    def __str__(self) -> str:
        return "take pile"


@dataclass(frozen=True, slots=True)
class Open:
    """Begin tabling a new meld of this kind (its cards follow one by one, then close)."""
    kind: str

    def __str__(self) -> str:
        return f"open {self.kind}"


@dataclass(frozen=True, slots=True)
class Lay:
    """A card into the meld being tabled; `as_` names what a changing card stands for."""
    card: str
    as_: str | None = None

    def __str__(self) -> str:
        return f"lay {_with(self.card, self.as_)}"


@dataclass(frozen=True, slots=True)
class Close:
    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True, slots=True)
class Add:
    """A card added to a meld on the table (number `meld`, from 0; written from 1)."""
    card: str
    meld: int
    as_: str | None = None

    def __str__(self) -> str:
        return f"add {_with(self.card, self.as_)} to {self.meld + 1}"


def _with(card: str, as_: str | None) -> str:
    return card if as_ is None else f"{card}={as_}"


DRAW, TAKE, TAKE_PILE, CLOSE = Draw(), Take(), TakePile(), Close()
OPENS = {kind: Open(kind) for kind in KINDS}
DISCARDS = {card: Discard(card) for card in VIASHI_CARDS}


def _stand(card: str, as_: str | None) -> tuple[int, str]:
    target = card if as_ is None else as_
    return viashi_rank(target), viashi_suit(target)


def _as(card: str, rank: int, suit: str) -> str | None:
    name = ident(rank, suit)
    return None if name == card else name


@dataclass(slots=True)
class TableMeld:
    owner: int
    kind: str
    cards: list  # card names
    stands: list  # (rank, suit) each card stands for
    owners: list  # who tabled each card (lay-offs score for the one who laid them)

    def copy(self) -> TableMeld:
        return TableMeld(self.owner, self.kind, list(self.cards), list(self.stands),
                         list(self.owners))


# The game --------------------------------------------------------------------------------------
@register
class Treasure(Game):
    info = GameInfo(
        id="treasure",
        title="Treasure (Religion)",
        summary="Loot's elder: take the discard or the whole pile, table runs, sets and colors "
                "and go out; every god tabled changes the rules by the meld it is tabled in.",
        min_players=2, max_players=8, default_players=3, deck="viashi",
        options=(
            Option("decks", 1, "1: one Viashi deck (2-4 players); 2: two decks, for more "
                   "players (up to 8)", choices=(1, 2)),
            Option("second_gods", True, "with two decks: the second set of gods is in play too "
                   "(false: two decks without the second set of gods)"),
            Option("points", None, "play a match: it ends after the hand in which someone "
                   "reaches this many points or as many below zero (as Loot: 100); none: one "
                   "hand", minimum=1, maximum=1000, allow_none=True),
            Option("six_color_bonus", False, "Loot's extra five for a run with six colors in a "
                   "row also counts on the table, for the player who opened the run"),
        ),
        twins={"open_spiel": ["gin_rummy"], "rlcard": ["gin-rummy"]},
    )
    # The cards of one player, tabled and in hand, from two decks at most; the gods on the table
    # with the kind of meld each lies in ("color+run": a god color holding a run).
    scorer = Scorer(score_at_end, read_card, deck="viashi", copies=2,
                    table_label="Gods on the table", table_cards=GODS,
                    table_kinds=("set", "run", "color", "color+run"),
                    options=(info.option("six_color_bonus"),), max_cards=15)
    fast_twin = "treasure"
    sample_options = (
        {},
        {"points": 40, "six_color_bonus": True},
        {"decks": 2},
        {"decks": 2, "second_gods": False},
    )

    def check_options(self) -> None:
        if self.players > 4 and self.options["decks"] == 1:
            raise OptionError("Treasure takes 2 to 4 players with one deck; use decks=2 for more")
        if self.options["decks"] == 1 and not self.options["second_gods"]:
            raise OptionError("second_gods=false is the two-deck game without the second set "
                              "of gods: set decks=2")

    def deck(self):
        if self.options["decks"] == 1:
            return VIASHI_54
        return VIASHI_DOUBLE if self.options["second_gods"] else VIASHI_DOUBLE_ONE_GODS

    def max_decisions(self) -> int:
        per_turn = 3 + 2 * len(self.deck())
        per_hand = ROUND_LIMIT * self.players * per_turn + 1
        return per_hand * (HAND_LIMIT if self.options["points"] else 1)

    # Notation: draw, take, take pile, open run|set|color, lay 4W, lay 3P=9P, close,
    # add 8W to 2, add 5R=5W to 3, discard 7W.
    def parse_action(self, state: TreasureState, text: str):
        words = text.lower().split()
        if not words:
            raise IllegalAction("write draw, take, take pile, open KIND, lay CARD, close, "
                                "add CARD to N or discard CARD")
        simple = {("draw",): DRAW, ("take",): TAKE, ("take", "pile"): TAKE_PILE,
                  ("close",): CLOSE}
        if tuple(words) in simple:
            return simple[tuple(words)]
        head, rest = words[0], words[1:]
        try:
            if head == "open" and len(rest) == 1 and rest[0] in KINDS:
                return OPENS[rest[0]]
            if head == "discard" and rest:
                return DISCARDS[read_card(" ".join(rest))]
            if head == "lay" and rest:
                card, as_ = _card_as(" ".join(rest))
                return Lay(card, as_)
            if head == "add" and len(rest) >= 3 and rest[-2] == "to" and rest[-1].isdigit():
                card, as_ = _card_as(" ".join(rest[:-2]))
                return Add(card, int(rest[-1]) - 1, as_)
        except IllegalAction:
            pass
        raise IllegalAction(f"{text!r} is not a Treasure move; write draw, take, take pile, "
                            f"open run|set|color, lay CARD (lay 3P=9P for a changing card), "
                            f"close, add CARD to N or discard CARD")

    @property
    def action_space_size(self) -> int:
        return 7 + 54 + 54 * 46 + MAX_MELDS * 54 * 46

    def action_id(self, action) -> int:
        for number, simple in enumerate((DRAW, TAKE, TAKE_PILE, CLOSE)):
            if action == simple:
                return number
        if isinstance(action, Open):
            return 4 + KINDS.index(action.kind)
        if isinstance(action, Discard):
            return 7 + CARD_INDEX[action.card]
        as_number = 45 if action.as_ is None else SUIT_CARD_INDEX[action.as_]
        if isinstance(action, Lay):
            return 61 + CARD_INDEX[action.card] * 46 + as_number
        if isinstance(action, Add):
            if not 0 <= action.meld < MAX_MELDS:
                raise ValueError("no such meld")
            return 61 + 54 * 46 + (action.meld * 54 + CARD_INDEX[action.card]) * 46 + as_number
        raise ValueError(f"{action!r} is not a Treasure action")

    def action_from_id(self, number: int):
        if number < 4:
            return (DRAW, TAKE, TAKE_PILE, CLOSE)[number]
        if number < 7:
            return OPENS[KINDS[number - 4]]
        if number < 61:
            return DISCARDS[VIASHI_CARDS[number - 7]]
        number -= 61
        if number < 54 * 46:
            card, as_number = divmod(number, 46)
            return Lay(VIASHI_CARDS[card], None if as_number == 45 else SUIT_CARDS[as_number])
        number -= 54 * 46
        rest, as_number = divmod(number, 46)
        meld, card = divmod(rest, 54)
        return Add(VIASHI_CARDS[card], meld, None if as_number == 45 else SUIT_CARDS[as_number])

    # The table: the piles in the middle, each seat's melds before it with the gods' effects.
    how_to_play = {
        "goal": "Table runs, sets and colors and empty your hand first: cards on the table "
                "score 4 each, cards left in hand cost their rank.",
        "turn": [
            "Draw, take the top discard, or take the whole discard pile.",
            "Table a run (four ranks in a row), a set (three of a rank) or a color (four of a "
            "suit), card by card, then close it.",
            "Add cards from your hand to your melds on the table.",
            "Discard one card; play ends when a player's hand is empty.",
            "A god tabled changes the rules at once, by the kind of meld it lies in.",
        ],
    }

    def scene(self, view: dict) -> dict:
        return _treasure_scene(self, view)

    def move_picks(self, view: dict, action) -> list[list[str]]:
        return _treasure_picks(view, action)

    def choice_text(self, key: str) -> dict:
        if key == "=top":
            return {"text": "the top card"}
        if key == "=pile":
            return {"text": "the whole pile"}
        card = key[1:]
        if card in SUIT:
            return {"text": f"as {card}", "suit": SUIT[card]}
        return {"text": card}

    def render(self, view: dict) -> str:
        lines = [f"Treasure, hand {view['hand_number']}"
                 + (": " + "  ".join(f"seat {s} {t:g}" for s, t in enumerate(view["totals"]))
                    if view["points_target"] else "")]
        last = view["last_hand"]
        if last:
            lines.append(f"last hand: {last['how']}")
            for s, (cards, table, score) in enumerate(zip(last["hands"], last["table_points"],
                                                          last["scores"])):
                lines.append(f"  seat {s}: {score:+g} (table {table:+g}, hand "
                             f"{score - table:+g}{': ' + ' '.join(cards) if cards else ''})")
        if view["effects"]:
            lines.append("in force: " + "; ".join(view["effects"]))
        if view["cancelled"]:
            lines.append("cancelled: " + ", ".join(view["cancelled"]))
        if view["table"]:
            lines.append("on the table:")
        for number, meld in enumerate(view["table"], start=1):
            cards = " ".join(c if s == c else f"{c}={s}" for c, s in
                             zip(meld["cards"], meld["stands"]))
            lines.append(f"  {number}. seat {meld['owner']} {meld['kind']}: {cards}")
        if view["phase"] == "over":
            lines.append("the game is over; winners: "
                         + ", ".join(f"seat {s}" for s in view["winners"]))
            return "\n".join(lines)
        pile = view["discard"]
        lines.append(f"draw pile {view['draw_count']}; discard pile: {' '.join(pile) or '-'}")
        for s, count in enumerate(view["hand_counts"]):
            known = view["known"][s]
            extra = f" (known: {' '.join(known)})" if known and s != view["seat"] else ""
            lines.append(f"seat {s}: {count} card{'s' * (count != 1)} in hand, "
                         f"{view['table_points'][s]:g} points on the table{extra}")
        if view["pending"]:
            p = view["pending"]
            lines.append(f"seat {view['to_act']} is tabling a {p['kind']}: " + " ".join(
                c if s == c else f"{c}={s}" for c, s in zip(p["cards"], p["stands"])))
        if view["hand"] is not None:
            lines.append("your hand: " + " ".join(view["hand"]))
        lines.append(_prompt(view))
        return "\n".join(lines)


def _prompt(view: dict) -> str:
    """Who is to act and what he may do."""
    seat, phase = view["to_act"], view["phase"]
    who = f"you (seat {seat})" if seat == view["seat"] else f"seat {seat}"
    if phase == "draw":
        return f"to act: {who}: draw, take the top discard" + \
            (" or take the whole pile" if len(view["discard"]) > 1 else "")
    if phase == "build":
        return f"to act: {who}: lay cards into the {view['pending']['kind']}, then close"
    drawn = f" (drew {view['drawn']})" if view.get("drawn") else ""
    return f"to act: {who}{drawn}: table a meld (open run|set|color), add to one, or discard"


def _card_as(text: str) -> tuple[str, str | None]:
    card, _, as_ = text.partition("=")
    card = read_card(card)
    if not as_:
        return card, None
    target = read_card(as_)
    if target not in SUIT_CARD_INDEX:
        raise IllegalAction(f"a card may stand for a suit card (1W .. 9G), not {target}")
    return card, None if target == card else target


# The rules -------------------------------------------------------------------------------------
class TreasureState(PhasedState):
    def __init__(self, game: Treasure, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.totals = [0.0] * n
        self.hand_number = 0
        self.starter = 0
        self.results: list[dict] = []
        self.log: list[str] = []
        self.reshuffles = 0  # of a discard pile, in every hand so far: chance events, for search
        self.winners: list[int] | None = None
        self._deal(deck)

    def _deal(self, deck: list[str] | None) -> None:
        n = self.game.players
        cards = list(deck) if deck is not None else list(self.game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        self.hand_number += 1
        self.hands: list[list[str]] = [[] for _ in range(n)]
        # Where each hand card came from as everyone saw it (as in Loot): KNOWN, or the number
        # of the draw pile it came from. Parallel to the hands.
        self.tags: list[list[int]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            seat = (self.starter + i) % n
            self.hands[seat].append(cards[i])
            self.tags[seat].append(0)
        rest = cards[HAND_SIZE * n:]
        self.discard = [rest[0]]
        self.draw = rest[1:][::-1]  # top of the pile last
        self.pile_number = 0
        self.table: list[TableMeld] = []
        self.pending: TableMeld | None = None
        self.builder_drawn = False
        self.drawn: str | None = None  # the card the seat to act drew this turn
        self._effects()
        self.turns_in_hand = 0
        self.phase = "draw"
        self.to_act = self.starter
        self._log(f"hand {self.hand_number}: seat {self.starter} starts; {rest[0]} is "
                  f"turned up")

    def _log(self, text: str) -> None:
        self.log.append(text)

    # The effects in force ----------------------------------------------------------------------
    def _effects(self) -> None:
        """Recompute the effects from the table (they only ever grow, except by cancelling)."""
        run_min = 4
        while True:
            copies = []
            for meld in self.table:
                # Only a color of gods holding a run gives its gods a second effect.
                within = _runs_within(meld, run_min) if meld.kind == "color" and \
                    meld.stands[0][1] == "god" else ()
                for j, card in enumerate(meld.cards):
                    if is_god(card):
                        kinds = (meld.kind, "run") if j in within else (meld.kind,)
                        copies.append((card, kinds))
            active, cancelled = active_effects(copies)
            scoring = treasure_scoring(active, self.game.options["six_color_bonus"])
            if scoring.run_min == run_min:
                break
            run_min = scoring.run_min  # the Builder in a color: god colors may hold more runs
        self.active, self.cancelled, self.scoring = active, cancelled, scoring
        # The cards that may change rank, and color, under these effects.
        self._rank_wild = frozenset(c for c in SUIT_CARDS if scoring.rank_wild(c)) \
            if scoring.rank_wild_suits else frozenset()
        self._color_wild = frozenset(c for c in SUIT_CARDS if scoring.color_wild(c)) \
            if scoring.color_wild_ranks else frozenset()

    def _table_changed(self) -> None:
        self._effects()
        if ("Builder", "run") in self.active and not self.builder_drawn:
            # "as soon as the builder is placed on the table all players draw three additional
            # cards" (GAMES.md: this is the Builder in a run). Once: no effect applies twice.
            self.builder_drawn = True
            n = self.game.players
            self._log("the Builder is tabled in a run: every player draws three cards")
            for k in range(n):
                seat = (self.to_act + k) % n
                for _ in range(3):
                    if not self._draw_one(seat):
                        break

    # The contract ----------------------------------------------------------------------------

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "draw":
            actions = []
            if self.draw or len(self.discard) > 1:
                actions.append(DRAW)
            if self.discard:
                actions.append(TAKE)
            if len(self.discard) > 1:
                actions.append(TAKE_PILE)
            return actions
        if phase == "over":
            return []
        seat = self.to_act
        hand = self.hands[seat]
        if phase == "build":
            actions = self._lays(hand)
            if valid(self.pending.kind, self.pending.stands, self.scoring):
                actions.append(CLOSE)
            return actions
        if phase == "play":
            distinct = sort_cards(set(hand))
            actions = [OPENS[k] for k in KINDS if self._can_complete(k, [], hand)]
            actions += self._adds(seat, distinct)
            actions += [DISCARDS[c] for c in distinct]
            return actions
        return []

    def _can_complete(self, kind: str, stands: list, hand: list[str]) -> bool:
        """Can these cards (already standing as `stands`) grow from the hand into a valid meld
        of this kind? A meld is only opened, and a card only laid, if it can."""
        need = self.scoring.minimum(kind) - len(stands)
        if kind == "set":
            changing, wild = self._rank_wild, 0
            counts = dict.fromkeys(range(1, 10), 0)
            for c in hand:
                if c in changing:
                    wild += 1
                else:
                    counts[RANK[c]] += 1
            most = counts[stands[0][0]] if stands else max(counts.values())
            return most + wild >= need
        if kind == "color":
            # Cards that may change color take one of the five suits, never the gods'.
            changing, wild = self._color_wild, 0
            counts = dict.fromkeys(SUITS, 0)
            for c in hand:
                if c in changing:
                    wild += 1
                else:
                    counts[SUIT[c]] += 1
            gods = counts.pop("god")
            if stands:
                return (gods if stands[0][1] == "god" else counts[stands[0][1]] + wild) >= need
            return max(gods, max(counts.values()) + wild) >= need
        changing = self._rank_wild
        held = {r for r, _ in stands}
        fixed = {RANK[c] for c in hand if c not in changing}
        wild = sum(1 for c in hand if c in changing)
        need += len(stands)
        low, high = (min(held), max(held)) if held else (1, 1)
        length = max(need, high - low + 1) if held else need
        if length > 9:
            return False
        starts = range(max(1, high - length + 1), min(low, 10 - length) + 1) if held else \
            range(1, 11 - length)
        for start in starts:
            missing = [r for r in range(start, start + length) if r not in held]
            if sum(1 for r in missing if r not in fixed) <= wild:
                return True
        return False

    def _lays(self, hand: list[str]) -> list:
        pending = self.pending
        kind, stands = pending.kind, pending.stands
        actions = []
        seen = set()
        # A set or a color can be completed or not whichever card is laid as a given card: the
        # answer is asked once for each.
        known: dict[tuple[int, str], bool] = {}
        for i, card in enumerate(hand):
            if card in seen:
                continue
            seen.add(card)
            rest = hand[:i] + hand[i + 1:]
            for rank, suit in self._fits(card, kind, stands):
                ok = known.get((rank, suit))
                if ok is None:
                    ok = self._can_complete(kind, stands + [(rank, suit)], rest)
                    if kind != "run":
                        known[(rank, suit)] = ok
                if ok:
                    actions.append(Lay(card, _as(card, rank, suit)))
        return sorted(actions, key=_order)

    def _fits(self, card: str, kind: str, stands: list) -> list[tuple[int, str]]:
        """What this card may stand for in a meld of this kind beside these cards."""
        if card in self._rank_wild or card in self._color_wild:
            options = identities(card, self.scoring)
        else:
            options = ((RANK[card], SUIT[card]),)
        if kind == "set":
            return [(r, s) for r, s in options if not stands or r == stands[0][0]]
        if kind == "color":
            return [(r, s) for r, s in options if not stands or s == stands[0][1]]
        held = {r for r, _ in stands}
        return [(r, s) for r, s in options if r not in held]

    def _may_add_to(self, seat: int, meld: TableMeld) -> bool:
        return meld.owner == seat or LAY_OFF[meld.kind] in self.active

    def _adds(self, seat: int, distinct: list[str]) -> list:
        actions = []
        changing = self._rank_wild | self._color_wild
        for number, meld in enumerate(self.table):
            if not self._may_add_to(seat, meld):
                continue
            fits = _fit_test(meld)
            for card in distinct:
                if card in changing:
                    for rank, suit in self._extends(card, meld):
                        actions.append(Add(card, number, _as(card, rank, suit)))
                elif fits(RANK[card], SUIT[card]):
                    actions.append(Add(card, number))
        return actions

    def _extends(self, card: str, meld: TableMeld) -> list[tuple[int, str]]:
        """What this card may stand for, added to this meld."""
        fits = _fit_test(meld)
        return [(r, s) for r, s in identities(card, self.scoring) if fits(r, s)]

    def _check(self, action) -> str | None:
        phase = self.phase
        seat = self.to_act
        if phase == "over":
            return "the game is over"
        if phase == "draw":
            if action in (DRAW, TAKE, TAKE_PILE):
                if action == DRAW and not self.draw and len(self.discard) <= 1:
                    return "the draw pile is empty and there is nothing to reshuffle"
                if action == TAKE_PILE and len(self.discard) < 2:
                    return "the discard pile is a single card: take it"
                return None
            return "first draw, take the top discard, or take the whole pile"
        hand = self.hands[seat]
        if phase == "build":
            if action == CLOSE:
                return None if valid(self.pending.kind, self.pending.stands, self.scoring) else \
                    f"this {self.pending.kind} is not complete yet"
            if isinstance(action, Lay):
                if action.card not in hand:
                    return f"you do not hold {action.card}"
                return None if action in self._lays(hand) else \
                    f"{action.card} cannot go into this {self.pending.kind}" + \
                    (f" as {action.as_}" if action.as_ else "")
            return f"finish the {self.pending.kind} you are tabling: lay a card or close"
        # play
        if isinstance(action, Discard):
            return None if action.card in hand else f"you do not hold {action.card}"
        if isinstance(action, Open):
            return None if action.kind in KINDS and self._can_complete(action.kind, [], hand) \
                else f"you hold no {action.kind} to table"
        if isinstance(action, Add):
            if action.card not in hand:
                return f"you do not hold {action.card}"
            if not 0 <= action.meld < len(self.table):
                return f"there is no meld {action.meld + 1} on the table"
            meld = self.table[action.meld]
            if not self._may_add_to(seat, meld):
                god, kind = LAY_OFF[meld.kind]
                return f"you may add only to your own melds (another player's {meld.kind}s " \
                       f"need the {god} tabled in a {kind})"
            stand = _stand(action.card, action.as_)
            if stand not in self._extends(action.card, meld):
                return f"{_with(action.card, action.as_)} does not fit meld {action.meld + 1}"
            return None
        if isinstance(action, (Lay, Draw, Take, TakePile)) or action == CLOSE:
            return "you have drawn: table melds (open KIND), add to them, or discard"
        return f"{action!r} is not a Treasure move"

    def _apply(self, action) -> None:
        seat = self.to_act
        if self.phase == "draw":
            if action == DRAW:
                self._draw_one(seat)
                self.drawn = self.hands[seat][-1]
                self._log(f"seat {seat} draws")
            elif action == TAKE:
                card = self.discard.pop()
                self._give(seat, card, KNOWN)
                self._log(f"seat {seat} takes {card}")
            else:
                pile, self.discard = self.discard, []
                for card in pile:
                    self._give(seat, card, KNOWN)
                self._log(f"seat {seat} takes the discard pile ({len(pile)} cards)")
            self.phase = "play"
            return
        if self.phase == "build":
            if action == CLOSE:
                meld, self.pending = self.pending, None
                self.table.append(meld)
                self._log(f"seat {seat} tables a {meld.kind}: "
                          + " ".join(_with(c, _as(c, *s)) for c, s in zip(meld.cards, meld.stands)))
                self._table_changed()
                self.phase = "play"
                self._maybe_out(seat)
            else:
                self._take_from_hand(seat, action.card)
                self.pending.cards.append(action.card)
                self.pending.stands.append(_stand(action.card, action.as_))
                self.pending.owners.append(seat)
            return
        if isinstance(action, Open):
            self.pending = TableMeld(seat, action.kind, [], [], [])
            self.phase = "build"
        elif isinstance(action, Add):
            meld = self.table[action.meld]
            self._take_from_hand(seat, action.card)
            meld.cards.append(action.card)
            meld.stands.append(_stand(action.card, action.as_))
            meld.owners.append(seat)
            self._log(f"seat {seat} adds {_with(action.card, action.as_)} to meld "
                      f"{action.meld + 1}")
            self._table_changed()
            self._maybe_out(seat)
        elif isinstance(action, Discard):
            self.drawn = None
            self._take_from_hand(seat, action.card)
            self.discard.append(action.card)
            self._log(f"seat {seat} discards {action.card}")
            if not self._maybe_out(seat):
                self.turns_in_hand += 1
                if self.turns_in_hand >= ROUND_LIMIT * self.game.players:
                    self._end_hand(None)
                else:
                    self.to_act = (seat + 1) % self.game.players
                    self.phase = "draw"

    def _give(self, seat: int, card: str, tag: int) -> None:
        self.hands[seat].append(card)
        self.tags[seat].append(tag)

    def _take_from_hand(self, seat: int, card: str) -> None:
        """One copy leaves the hand; of two copies, the one everyone knew of goes first."""
        hand, tags = self.hands[seat], self.tags[seat]
        places = [i for i, c in enumerate(hand) if c == card]
        i = min(places, key=lambda i: tags[i] != KNOWN)
        del hand[i]
        del tags[i]

    def _draw_one(self, seat: int) -> bool:
        if not self.draw:
            if len(self.discard) <= 1:
                return False
            self.draw = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.draw)
            self.pile_number += 1
            self.reshuffles += 1
            self._log("the discard pile is shuffled into a new draw pile")
        self._give(seat, self.draw.pop(), self.pile_number)
        return True

    def _maybe_out(self, seat: int) -> bool:
        """'Play ends when one player empties his hand of cards'."""
        if self.hands[seat] or self.phase == "build":
            return False
        self._end_hand(seat)
        return True

    # Scoring ---------------------------------------------------------------------------------
    def table_points(self) -> list[float]:
        """Table cards 4 each (a color holding a run: 4 in each), with the effects in force,
        for the player who tabled each card."""
        sc = self.scoring
        points = [0.0] * self.game.players
        for meld in self.table:
            for _, (r, s), owner in zip(meld.cards, meld.stands, meld.owners):
                points[owner] += sc.card_value(meld.kind, r, s)
            if meld.kind == "color":
                for j in _runs_within(meld, sc.run_min):
                    r, s = meld.stands[j]
                    points[meld.owners[j]] += sc.card_value("run", r, s)
            elif meld.kind == "run" and sc.bonus and six_colors(meld.stands):
                points[meld.owner] += sc.bonus * sc.run_mult
        return points

    def hand_points(self, seat: int) -> float:
        """'Cards in the hand (whether they can be combined or not!) are worth negative their
        rank number, unless they are changing cards or god cards, in which case they are worth
        -9.'"""
        return sum(self.scoring.loose_value(c) for c in self.hands[seat])

    def _end_hand(self, out: int | None) -> None:
        table = self.table_points()
        scores = [table[s] + self.hand_points(s) for s in range(self.game.players)]
        for s, score in enumerate(scores):
            self.totals[s] += score
        how = f"seat {out} went out" if out is not None else \
            f"nobody went out in {ROUND_LIMIT} rounds: the hand is called"
        self.results.append({"hand": self.hand_number, "how": how, "out": out,
                             "hands": [sort_cards(h) for h in self.hands],
                             "table_points": table, "scores": scores})
        self._log(how + "; scores " + ", ".join(f"seat {s} {x:+g}" for s, x in enumerate(scores)))
        target = self.game.options["points"]
        if target is None or self.hand_number >= HAND_LIMIT or any(
                abs(t) >= target for t in self.totals):
            self.phase, self.to_act = "over", None
            best = max(self.totals)
            self.winners = [s for s, t in enumerate(self.totals) if t == best]
            return
        self.starter = (self.starter + 1) % self.game.players
        self._deal(None)

    def estimate(self) -> list[float]:
        """For search that stops early: the totals as if the hand ended now."""
        table = self.table_points()
        return [total + table[s] + self.hand_points(s) for s, total in enumerate(self.totals)]

    def round_count(self) -> int:
        return self.hand_number  # a match is hands played to the points target

    def returns(self) -> list[float]:
        return list(self.totals)

    # What a seat may know --------------------------------------------------------------------
    def known_cards(self, seat: int) -> list[str]:
        return sort_cards(c for c, t in zip(self.hands[seat], self.tags[seat]) if t == KNOWN)

    def view(self, seat: int | None) -> dict:
        n = self.game.players
        return {
            "game": "treasure",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.current_player,
            "hand_number": self.hand_number,
            "hand": sort_cards(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "known": [self.known_cards(s) for s in range(n)],
            "discard": list(self.discard),
            "draw_count": len(self.draw),
            "table": [_meld_view(m) for m in self.table],
            "table_points": self.table_points(),
            # The card this seat drew this turn (only it saw the card).
            "drawn": self.drawn if seat is not None and seat == self.to_act else None,
            "pending": _meld_view(self.pending) if self.pending else None,
            "active": sorted(f"{g}:{k}" for g, k in self.active),
            "effects": [f"{g} in a {k}: {EFFECTS[(g, k)]}" for g, k in
                        sorted(self.active, key=lambda e: (GOD_RANK[e[0]], e[1]))],
            "cancelled": sorted(self.cancelled),
            "six_color_bonus": self.game.options["six_color_bonus"],
            "totals": list(self.totals),
            "points_target": self.game.options["points"],
            "last_hand": self.results[-1] if self.results else None,
            "winners": self.winners,
            "log": self.log[-30:],
        }

    def card_census(self) -> list[str]:
        cards = [c for h in self.hands for c in h] + self.draw + self.discard
        cards += [c for m in self.table for c in m.cards]
        if self.pending:
            cards += self.pending.cards
        return cards

    def clone(self) -> TreasureState:
        twin = self._clone_base()
        twin.totals = list(self.totals)
        twin.results = list(self.results)
        twin.log = list(self.log)
        twin.hands = [list(h) for h in self.hands]
        twin.tags = [list(t) for t in self.tags]
        twin.discard = list(self.discard)
        twin.draw = list(self.draw)
        twin.table = [m.copy() for m in self.table]
        twin.pending = self.pending.copy() if self.pending else None
        return twin

    def determinize(self, seat: int, rng) -> TreasureState:
        """Other hands and the draw pile redealt, as in Loot: known cards stay, the others are
        shuffled among the places that drew from the same pile."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        others = [s for s in range(self.game.players) if s != seat]
        numbers = {t for s in others for t in self.tags[s] if t != KNOWN}
        numbers.add(self.pile_number)
        for number in sorted(numbers):
            places = [[c for c, t in zip(self.hands[s], self.tags[s]) if t == number]
                      for s in others]
            places.append(list(self.draw) if number == self.pile_number else [])
            fresh = redeal(places, [set()] * len(places), rng, self._can_finish(twin, others,
                                                                           number))
            for s, new in zip(others, fresh):
                keep = [(c, t) for c, t in zip(twin.hands[s], twin.tags[s]) if t != number]
                twin.hands[s] = [c for c, _ in keep] + new
                twin.tags[s] = [t for _, t in keep] + [number] * len(new)
            if number == self.pile_number:
                twin.draw = fresh[-1]
        if self.to_act != seat:
            twin.drawn = None  # a card of a hand redealt: which one is not known
        return twin

    def _can_finish(self, twin, others, number):
        """A player part-way through tabling a meld holds the cards to finish it (he could not
        have opened it otherwise): a redeal of his hand must leave him those."""
        builder = self.to_act
        if self.phase != "build" or builder not in others:
            return None
        at = others.index(builder)
        keep = [c for c, t in zip(twin.hands[builder], twin.tags[builder]) if t != number]
        pending = self.pending
        return lambda deal: self._can_complete(pending.kind, pending.stands, keep + deal[at])


def _fit_test(meld: TableMeld):
    """Whether a card standing as (rank, suit) may be added to this meld: a set takes its rank,
    a color its suit, a run the rank just below or above its ends."""
    if meld.kind == "set":
        rank = meld.stands[0][0]
        return lambda r, s: r == rank
    if meld.kind == "color":
        suit = meld.stands[0][1]
        return lambda r, s: s == suit
    ranks = [r for r, _ in meld.stands]
    ends = (min(ranks) - 1, max(ranks) + 1)
    return lambda r, s: r in ends


def _order(action) -> tuple:
    return (CARD_INDEX[action.card], -1 if action.as_ is None else SUIT_CARD_INDEX[action.as_])


def _meld_view(meld: TableMeld) -> dict:
    return {"owner": meld.owner, "kind": meld.kind, "cards": list(meld.cards),
            "stands": [ident(r, s) for r, s in meld.stands], "owners": list(meld.owners)}


_RUNS_ONLY: dict[tuple, Scoring] = {}


def _runs_within(meld: TableMeld, run_min: int) -> frozenset[int]:
    """Which cards of a tabled color lie in runs within it (the most cards such runs can
    hold; with two copies of a card, the one tabled first)."""
    if len(meld.cards) < run_min:
        return frozenset()
    return _inside_runs(tuple(ident(r, s) for r, s in meld.stands), run_min)


@lru_cache(maxsize=4096)
def _inside_runs(names: tuple[str, ...], run_min: int) -> frozenset[int]:
    scoring = _RUNS_ONLY.get(run_min)
    if scoring is None:
        scoring = _RUNS_ONLY[run_min] = Scoring(base=1, run_min=run_min, set_min=99,
                                                color_min=99, hand_zero=True, bonus=0)
    arrangement = solve(names, scoring)
    inside: set[int] = set()
    for run in arrangement.melds:
        for name in run.cards:
            j = next(j for j, n in enumerate(names) if n == name and j not in inside)
            inside.add(j)
    return frozenset(inside)


# A computer player -------------------------------------------------------------------------------
def _partners(card: str, hand: list[str]) -> int:
    """How many other cards of the hand could meld with this one: the same rank, or the same
    suit within two ranks."""
    rank, suit = viashi_rank(card), viashi_suit(card)
    return sum(1 for c in hand if viashi_rank(c) == rank or (
        viashi_suit(c) == suit and abs(viashi_rank(c) - rank) <= 2)) - 1


def _core(hand: list[str], size: int) -> tuple[list[str], list[str]]:
    """The `size` cards of a big hand with the most partners, and the rest."""
    order = sorted(range(len(hand)), key=lambda i: -_partners(hand[i], hand))
    keep = set(order[:size])
    return ([c for i, c in enumerate(hand) if i in keep],
            [c for i, c in enumerate(hand) if i not in keep])


class TreasureHeuristic(Agent):
    """Plans with the solver: takes the discard (or the pile) when it improves the hand's best
    arrangement, tables a meld of that arrangement when doing so pays (the effects of its gods
    cost the others at least as much as they cost us), adds loose cards to melds, and discards
    the card it misses least."""

    name = "heuristic"
    WILD_PLAN = 9  # hands above this plan as if no card could change rank or color
    WILD_MOST = 2  # and so do hands with more changing cards than this
    # The solver's time grows steeply past this many cards (under a millisecond at 12, seconds
    # at 24, and search calls this player at every move of its playouts): the pile is taken
    # only into a hand of at most CORE cards, and a bigger hand is planned from its CORE
    # best-connected cards and discards from the rest.
    CORE = 12

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.plan: list[Lay] = []

    def act(self, view, legal_actions):
        hand = view["hand"]
        active = frozenset(tuple(e.split(":")) for e in view["active"])
        sc = treasure_scoring(active, view["six_color_bonus"])
        sc = self._plannable(sc, hand)
        first = legal_actions[0]
        if isinstance(first, (Draw, Take, TakePile)) or TAKE in legal_actions:
            if len(hand) >= self.CORE:
                return DRAW if DRAW in legal_actions else legal_actions[0]
            return self._draw(view, hand, sc, legal_actions)
        spare: list[str] = []
        if len(hand) > self.CORE:
            hand, spare = _core(hand, self.CORE)
        if view["pending"] is not None:
            if CLOSE in legal_actions and not any(a in legal_actions for a in self.plan):
                return CLOSE
            for lay in self.plan:
                if lay in legal_actions:
                    self.plan.remove(lay)
                    return lay
            lays = [a for a in legal_actions if isinstance(a, Lay)]
            return CLOSE if CLOSE in legal_actions else lays[0]
        now = best_score(hand, sc)
        # Add a card to a meld when it is worth more there than in the hand's best plan.
        for action in legal_actions:
            if isinstance(action, Add) and action.card in hand:
                meld = view["table"][action.meld]
                r, s = _stand(action.card, action.as_)
                rest = list(hand)
                rest.remove(action.card)
                if sc.card_value(meld["kind"], r, s) + best_score(rest, sc) > now:
                    return action
        opens = [a for a in legal_actions if isinstance(a, Open)]
        if opens:
            arrangement = solve(hand, sc)
            for meld in arrangement.melds:
                if OPENS[meld.kind] in opens and self._pays(view, meld, active, hand):
                    self.plan = [Lay(c, None if c == i else i)
                                 for c, i in zip(meld.cards, meld.idents)]
                    return OPENS[meld.kind]
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        if spare:
            return max((a for a in discards if a.card in spare),
                       key=lambda a: (-_partners(a.card, spare + hand), viashi_rank(a.card)))

        def keep_value(action):
            rest = list(hand)
            rest.remove(action.card)
            return best_score(rest, sc), viashi_rank(action.card)
        return max(discards, key=keep_value)

    def _plannable(self, sc: Scoring, hand: list[str]) -> Scoring:
        """The scoring to plan this hand with. Changing cards multiply the solver's work (a
        third in a hand of nine: up to tens of ms a solve, a fourth: hundreds): a big hand, or
        one with many of them, is planned as if no card could change (the moves offered still
        allow them)."""
        if (sc.rank_wild_suits or sc.color_wild_ranks) and (
                len(hand) > self.WILD_PLAN
                or sum(1 for c in hand if sc.rank_wild(c) or sc.color_wild(c)) > self.WILD_MOST):
            return replace(sc, rank_wild_suits=frozenset(), color_wild_ranks=frozenset())
        return sc

    def _draw(self, view, hand, sc, legal_actions):
        now = best_score(hand, sc)
        pile = view["discard"]
        if TAKE_PILE in legal_actions and len(hand) + len(pile) <= self.CORE:
            # The pile brings its worst cards too: take it for a clear gain only.
            if best_score(hand + pile, sc) - now > 4 + len(pile):
                return TAKE_PILE
        if TAKE in legal_actions and pile:
            with_top = max(best_score([c for c in hand + [pile[-1]] if c != out], sc)
                           for out in set(hand))
            if with_top > now:
                return TAKE
        return DRAW if DRAW in legal_actions else legal_actions[0]

    def _pays(self, view, meld, active, hand) -> bool:
        """Tabling this meld pays unless the effects of its gods help the others' tables more
        than they help our table and hand."""
        gods = [c for c in meld.cards if is_god(c)]
        if not gods:
            return True
        kinds = (meld.kind, "run") if meld.kind == "color" and meld.runs else (meld.kind,)
        copies = [(g, (k,)) for g, k in active]
        after, _ = active_effects(copies + [(g, kinds) for g in gods])
        bonus = view["six_color_bonus"]
        before_sc, after_sc = treasure_scoring(active, bonus), treasure_scoring(after, bonus)
        rest = list(hand)
        for c in meld.cards:
            rest.remove(c)
        tabled = sum(after_sc.card_value(meld.kind, *_stand(c, None if c == i else i))
                     for c, i in zip(meld.cards, meld.idents))
        mine = (best_score(rest, self._plannable(after_sc, rest)) + tabled
                - best_score(hand, self._plannable(before_sc, hand)))
        theirs = []
        for s in range(len(view["hand_counts"])):
            cards = [(m["kind"], st) for m in view["table"]
                     for st, o in zip(m["stands"], m["owners"]) if o == s]
            change = sum(after_sc.card_value(k, viashi_rank(st), viashi_suit(st))
                         - before_sc.card_value(k, viashi_rank(st), viashi_suit(st))
                         for k, st in cards)
            if s == view["seat"]:
                mine += change
            else:
                theirs.append(change)
        return mine >= max(theirs, default=0) - 2


Treasure.state_class = TreasureState
Treasure.heuristic = TreasureHeuristic


# The table (parlour/core/scene.py) ---------------------------------------------------------------
# Each effect in a few of the seed's words, for a badge on the meld that holds the god.
SHORT_EFFECTS = {
    ("Lady", "set"): "runs double", ("Lady", "run"): "add to others' runs",
    ("Lady", "color"): "winds double",
    ("DarkLord", "set"): "runs half", ("DarkLord", "run"): "cancels the Lady",
    ("DarkLord", "color"): "winds half",
    ("Builder", "set"): "colors of three", ("Builder", "run"): "all draw three",
    ("Builder", "color"): "runs of three",
    ("Thief", "set"): "warriors change color", ("Thief", "run"): "stones change rank",
    ("Thief", "color"): "hand cards 0",
    ("Protectress", "set"): "leaves double", ("Protectress", "run"): "colors double",
    ("Protectress", "color"): "add to others' colors",
    ("Seductress", "set"): "leaves half", ("Seductress", "run"): "colors half",
    ("Seductress", "color"): "cancels the Protectress",
    ("Minion", "set"): "cancels the Friend", ("Minion", "run"): "flames half",
    ("Minion", "color"): "sets half",
    ("Friend", "set"): "add to others' sets", ("Friend", "run"): "flames double",
    ("Friend", "color"): "sets double",
    ("Changeling", "set"): "waves change rank", ("Changeling", "run"): "fools double",
    ("Changeling", "color"): "queens change color",
}


def _active(view: dict) -> set[tuple[str, str]]:
    return {tuple(e.split(":", 1)) for e in view["active"]}


def _scoring(view: dict) -> Scoring:
    """The scoring in force as the seat sees it: what may change, how long a meld must be."""
    return treasure_scoring(_active(view), view["six_color_bonus"])


def _changing(view: dict, card: str) -> bool:
    """May this card change rank or color under the effects in force (so that what it stands
    for is a choice)?"""
    scoring = _scoring(view)
    return scoring.rank_wild(card) or scoring.color_wild(card)


def _meld_badges(view: dict, meld: dict) -> list[str]:
    """The effects of the gods in this meld, and what its changing cards stand for."""
    active = _active(view)
    cancelled = set(view["cancelled"])
    god_color = meld["kind"] == "color" and all(c in GODS for c in meld["stands"])
    badges = []
    for card in meld["cards"]:
        if card not in GODS:
            continue
        if card in cancelled:
            badges.append(f"{card}: cancelled")
            continue
        kinds = [meld["kind"]] + (["run"] if god_color and (card, "run") in active else [])
        for kind in kinds:
            if (card, kind) in active:
                badges.append(f"{card}: {SHORT_EFFECTS[(card, kind)]}")
    return list(dict.fromkeys(badges))


def _meld_item(view: dict, meld: dict, pick: str, label: str) -> dict:
    """A meld as one item, its cards in rank order by what each stands for (so that a changing
    card shows where it stands in a run; a set keeps the order it was laid in)."""
    pairs = list(zip(meld["cards"], meld["stands"]))
    if meld["kind"] != "set":
        pairs.sort(key=lambda p: (RANK[p[1]], SUITS.index(SUIT[p[1]])))
    return item([c for c, _ in pairs], pick=pick, label=label, badges=_meld_badges(view, meld))


def _treasure_scene(game: Treasure, view: dict) -> dict:
    n = game.players
    me = view["seat"]
    over = view["phase"] == "over"
    discards, _ = last_discards(view)
    last = view["last_hand"]
    match = view["points_target"] is not None
    fresh = last is not None and not view["table"] and sum(
        view["hand_counts"]) == HAND_SIZE * n and not over
    melds: dict[int, list[dict]] = {s: [] for s in range(n)}
    for number, meld in enumerate(view["table"], start=1):
        melds[meld["owner"]].append(_meld_item(view, meld, f"@meld{number}", meld["kind"]))
    pending = view["pending"]
    if pending is not None and view["to_act"] is not None:
        melds[view["to_act"]].append(_meld_item(view, pending, "@new", "new " + pending["kind"]))
    seats = []
    for s in range(n):
        # One row, to keep a seat's box low: its melds, then the cards it is known to hold
        # (taken from the discard pile), or at the end the cards left in its hand.
        laid = list(melds[s])
        if over and last and last["hands"][s]:
            laid.append(item(last["hands"][s], label="left in hand"))
        elif not over and s != me and view["known"][s]:
            laid.append(item(view["known"][s], label="took"))
        zones = [zone(laid)] if laid else []
        table = view["table_points"][s]
        note = None
        if over:
            note = "wins" if s in (view["winners"] or ()) else None
            if last and last["out"] == s:
                note = "went out" + (", wins" if note else "")
        elif fresh:
            note = f"{last['scores'][s]:+g} last hand"
        elif match and table:
            note = f"{table:g} on the table"
        seats.append(seat_entry(
            count=None if over else view["hand_counts"][s],
            played=None if over else played_zone(view, s, discards),
            note=note,
            score=view["totals"][s] if match or over else table,
            zones=zones))
    centre = []
    if not over:
        cards = view["discard"]
        centre.append(pile("Draw pile", view["draw_count"], None, pick="@stock"))
        # The whole discard pile may be taken: every card of it is shown, overlapped.
        centre.append(zone([item(cards, count=len(cards), pick="@discard")], label="Discard pile"))
    info = match_info(view)
    for god in view["cancelled"]:
        info.append({"label": "Cancelled", "text": f"every effect of the {god}"})
    return {"family": "meld", "info": info, "say": _treasure_say(view), "centre": centre,
            "seats": seats, "hand": None if over else hand_zone(view)}


def _treasure_say(view: dict) -> str | None:
    me = view["seat"]
    if me is None or view["to_act"] != me:
        return None
    phase = view["phase"]
    if phase == "draw":
        if len(view["discard"]) > 1:
            return "Draw, or tap the discard pile to take its top card or the whole pile"
        return "Draw a card or take the top discard"
    if phase == "build":
        pending = view["pending"]
        kind, laid = pending["kind"], len(pending["cards"])
        need = _scoring(view).minimum(kind) - laid
        if need > 0:
            return f"Lay {need} more card{'s' * (need != 1)} into your new {kind}: tap a card, " \
                   f"then the {kind}"
        return f"Lay more cards into your new {kind}, or close it"
    if phase == "play":
        return "Table a run, set or color, add cards to your melds, or discard to end your turn"
    return None


def _treasure_picks(view: dict, action) -> list[list[str]]:
    if action == DRAW:
        return [["@stock"]]
    if action == TAKE:
        return [["@discard"], ["=top"]] if len(view["discard"]) > 1 else [["@discard"]]
    if action == TAKE_PILE:
        return [["@discard"], ["=pile"]]
    if isinstance(action, Discard):
        return [[action.card], ["@discard"]]
    if isinstance(action, (Lay, Add)):
        place = "@new" if isinstance(action, Lay) else f"@meld{action.meld + 1}"
        picks = [[action.card], [place]]
        if _changing(view, action.card):
            picks.append(["=" + (action.as_ or action.card)])
        return picks
    return []  # open a run, set or color; close: buttons

