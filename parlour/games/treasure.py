"""Treasure (Religion in Niontes): Loot's elder. Take the discard or the whole pile, table runs,
sets and colors and extend them, and go out; every god tabled changes the rules at once, by the
kind of meld it is tabled in.

The rules are parlour/fast/treasure.py's, the integer core, and only there. This is the readable
layer on it: the game's options, the actions and their notation, the words of a refusal, the
views, the scorer for real cards, the table's scene and the terminal's picture, and the log told
from the core's events. Rule text: shared/seeds/003 (Treasure, and Loot for what Treasure keeps);
rulings: shared/GAMES.md (Treasure); the rules page: docs/rules/treasure.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..agents.base import CoreHeuristic
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
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, seat_entry, zone
from ..core.scorer import Scorer, to_result
from ..core.wrapped import WrappedState
from ..fast import treasure as core
from ..fast.core import Rng, SourceRng
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
    ident,
    read_card,
    solve,
)

HAND_SIZE = core.HAND_SIZE
ROUND_LIMIT = core.ROUND_LIMIT
HAND_LIMIT = core.HAND_LIMIT
MAX_MELDS = core.MAX_MELDS
SUIT_CARDS = VIASHI_CARDS[:45]  # what a changing card may stand for
RANK = {card: viashi_rank(card) for card in VIASHI_CARDS}
SUIT = {card: viashi_suit(card) for card in VIASHI_CARDS}
SUIT_CARD_INDEX = {c: i for i, c in enumerate(SUIT_CARDS)}
LOG_SHOWN = 30
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


def _effect_bits(effects) -> int:
    """(god, kind) names as the core's effect bits."""
    bits = 0
    for god, kind in effects:
        bits |= 1 << core.effect(GODS.index(god), KINDS.index(kind))
    return bits


def _effect_names(bits: int) -> frozenset:
    return frozenset((GODS[k // 3], KINDS[k % 3]) for k in range(27) if bits >> k & 1)


def _god_names(bits: int) -> frozenset:
    return frozenset(god for g, god in enumerate(GODS) if bits >> g & 1)


def active_effects(copies) -> tuple[frozenset, frozenset]:
    """The effects in force, from the gods on the table (the core's in_force): `copies` lists,
    for each god card tabled, (god, kinds it is tabled in). Returns (active effects, cancelled
    gods)."""
    given = odd = 0
    for god, kinds in copies:
        for kind in kinds:
            bit = 1 << core.effect(GODS.index(god), KINDS.index(kind))
            given |= bit
            odd ^= bit
    active, cancelled = core.in_force(given, odd)
    return _effect_names(active), _god_names(cancelled)


def treasure_scoring(active, six_color_bonus: bool = False) -> Scoring:
    """The Scoring in force under these effects (a set of (god, kind)): the core's."""
    return core.scoring_of(_effect_bits(active), six_color_bonus)


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


def action_id(action) -> int:
    """The core's number of an action (parlour/fast/treasure.py: the one numbering)."""
    for number, simple in enumerate((DRAW, TAKE, TAKE_PILE, CLOSE)):
        if action == simple:
            return number
    if isinstance(action, Open):
        return core.OPEN + KINDS.index(action.kind)
    if isinstance(action, Discard):
        return core.DISCARD + CARD_INDEX[action.card]
    as_number = core.ITSELF if action.as_ is None else SUIT_CARD_INDEX[action.as_]
    if isinstance(action, Lay):
        return core.LAY + CARD_INDEX[action.card] * 46 + as_number
    if isinstance(action, Add):
        if not 0 <= action.meld < MAX_MELDS:
            raise ValueError("no such meld")
        return core.ADD + (action.meld * 54 + CARD_INDEX[action.card]) * 46 + as_number
    raise ValueError(f"{action!r} is not a Treasure action")


def action_of(number: int):
    """The action the core numbers so."""
    if number < core.OPEN:
        return (DRAW, TAKE, TAKE_PILE, CLOSE)[number]
    if number < core.DISCARD:
        return OPENS[KINDS[number - core.OPEN]]
    if number < core.LAY:
        return DISCARDS[VIASHI_CARDS[number - core.DISCARD]]
    if number < core.ADD:
        card, stand = divmod(number - core.LAY, 46)
        return Lay(VIASHI_CARDS[card], None if stand == core.ITSELF else SUIT_CARDS[stand])
    rest, stand = divmod(number - core.ADD, 46)
    meld, card = divmod(rest, 54)
    return Add(VIASHI_CARDS[card], meld, None if stand == core.ITSELF else SUIT_CARDS[stand])


@dataclass(slots=True)
class TableMeld:
    owner: int
    kind: str
    cards: list  # card names
    stands: list  # (rank, suit) each card stands for
    owners: list  # who tabled each card (lay-offs score for the one who laid them)


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
        peers={"open_spiel": ["gin_rummy"], "rlcard": ["gin-rummy"]},
    )
    # The cards of one player, tabled and in hand, from two decks at most; the gods on the table
    # with the kind of meld each lies in ("color+run": a god color holding a run).
    scorer = Scorer(score_at_end, read_card, deck="viashi", copies=2,
                    table_label="Gods on the table", table_cards=GODS,
                    table_kinds=("set", "run", "color", "color+run"),
                    options=(info.option("six_color_bonus"),), max_cards=15)
    core_module = "treasure"
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

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ADD + MAX_MELDS * 54 * 46
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)

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


# The readable position: a core position (parlour/fast/treasure.py) and what the log and the
# views show of it. Every rule is the core's; this only names, words and narrates.
PHASE_NAMES = core.PHASES


def _names(mask: int) -> list[str]:
    """The cards of a hand mask, in deck order (both copies of a card with two decks)."""
    names = []
    for copy in (mask & core.ALL, mask >> core.COPY):
        while copy:
            low = copy & -copy
            names.append(low.bit_length() - 1)
            copy ^= low
    return [VIASHI_CARDS[c] for c in sorted(names)]


def _stands(stands) -> list[tuple[int, str]]:
    return [(RANK[VIASHI_CARDS[i]], SUIT[VIASHI_CARDS[i]]) for i in stands]


def _table_meld(meld) -> TableMeld:
    return TableMeld(meld.owner, KINDS[meld.kind],
                     [VIASHI_CARDS[p % core.COPY] for p in meld.cards], _stands(meld.stands),
                     list(meld.owners))


class TreasureState(WrappedState):
    core_module = core
    copied = ("log",)

    def __init__(self, game: Treasure, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        options = game.options
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)
        cards = None
        if deck is not None:
            seen: set[int] = set()  # the second copy of a card is card + COPY
            cards = []
            for name in deck:
                c = CARD_INDEX[name]
                cards.append(c + core.COPY if c in seen else c)
                seen.add(c)
        points = options["points"]
        events: list = []
        self._start(core.start(game.players, options["decks"], bool(options["second_gods"]),
                               0.0 if points is None else float(points),
                               bool(options["six_color_bonus"]), SourceRng(self._generator),
                               cards, events), events)

    # What the tests, the views and the table read -------------------------------------------
    phase = property(lambda self: PHASE_NAMES[self.core.phase])
    to_act = property(lambda self: self.current_player)
    hand_number = property(lambda self: self.core.hand_number)
    totals = property(lambda self: list(self.core.totals))

    @property
    def hands(self) -> list[list[str]]:
        """Each hand in deck order, but the card the seat to act drew this turn last (as it
        came)."""
        position = self.core
        hands = [_names(h) for h in position.hands]
        if position.drawn >= 0 and position.actor >= 0:
            hand = hands[position.actor]
            drawn = VIASHI_CARDS[position.drawn]
            if drawn in hand:
                hand.remove(drawn)
                hand.append(drawn)
        return hands
    discard = property(lambda self: [VIASHI_CARDS[p % core.COPY] for p in self.core.discard])
    draw = property(lambda self: [VIASHI_CARDS[p % core.COPY] for p in self.core.draw])
    table = property(lambda self: [_table_meld(m) for m in self.core.table])
    pending = property(lambda self: None if self.core.pending is None
                       else _table_meld(self.core.pending))
    drawn = property(lambda self: None if self.core.drawn < 0 else VIASHI_CARDS[self.core.drawn])
    active = property(lambda self: _effect_names(self.core.active))
    cancelled = property(lambda self: _god_names(self.core.cancelled))
    scoring = property(lambda self: self.core.rules.scoring)

    @property
    def winners(self) -> list[int] | None:
        if self.core.phase != core.OVER:
            return None
        best = max(self.core.totals)
        return [s for s, t in enumerate(self.core.totals) if t == best]

    @property
    def results(self) -> list[dict]:
        """The last hand's result (what the views show; the totals hold the hands before)."""
        position = self.core
        out = position.last_out
        if out == core.NO_HAND:
            return []
        how = f"seat {out} went out" if out >= 0 else \
            f"nobody went out in {ROUND_LIMIT} rounds: the hand is called"
        ended = position.hand_number - (position.phase != core.OVER)
        return [{"hand": ended, "how": how, "out": None if out < 0 else out,
                 "hands": [_names(h) for h in position.last_hands],
                 "table_points": list(position.last_table), "scores": list(position.last_scores)}]

    def table_points(self) -> list[float]:
        return self.core.table_points()

    def hand_points(self, seat: int) -> float:
        return self.core.hand_points(seat)

    def estimate(self) -> list[float]:
        """For search that stops early: the totals as if the hand ended now."""
        return self.core.estimate()

    def round_count(self) -> int:
        return self.core.round_count()

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        action = self.game.action_from_id
        return [action(a) for a in self.core.legal()]

    def _offers(self, action) -> bool:
        try:
            number = self.game.action_id(action)
        except (KeyError, ValueError):
            return False
        return number in self.core.legal()

    def _check(self, action) -> str | None:
        """Why the core does not offer this action, in words."""
        position = self.core
        phase = position.phase
        if phase == core.OVER:
            return "the game is over"
        offered = self._offers(action)
        if phase == core.DRAWING:
            if action == DRAW and not offered:
                return "the draw pile is empty and there is nothing to reshuffle"
            if action == TAKE_PILE and not offered:
                return "the discard pile is a single card: take it"
            if action in (DRAW, TAKE, TAKE_PILE):
                return None if offered else "the discard pile is empty"
            return "first draw, take the top discard, or take the whole pile"
        hand = self.hands[position.actor]
        kind = None if position.pending is None else KINDS[position.pending.kind]
        if phase == core.BUILDING:
            if action == CLOSE:
                return None if offered else f"this {kind} is not complete yet"
            if isinstance(action, Lay):
                if action.card not in hand:
                    return f"you do not hold {action.card}"
                return None if offered else f"{action.card} cannot go into this {kind}" + \
                    (f" as {action.as_}" if action.as_ else "")
            return f"finish the {kind} you are tabling: lay a card or close"
        if isinstance(action, Discard):
            return None if action.card in hand else f"you do not hold {action.card}"
        if isinstance(action, Open):
            return None if offered else f"you hold no {action.kind} to table"
        if isinstance(action, Add):
            if action.card not in hand:
                return f"you do not hold {action.card}"
            if not 0 <= action.meld < len(position.table):
                return f"there is no meld {action.meld + 1} on the table"
            meld = position.table[action.meld]
            if meld.owner != position.actor and not position.rules.lay_off >> meld.kind & 1:
                (god, god_kind), = _effect_names(1 << core.LAY_OFF[meld.kind])
                return f"you may add only to your own melds (another player's " \
                       f"{KINDS[meld.kind]}s need the {god} tabled in a {god_kind})"
            return None if offered else \
                f"{_with(action.card, action.as_)} does not fit meld {action.meld + 1}"
        if isinstance(action, (Lay, Draw, Take, TakePile)) or action == CLOSE:
            return "you have drawn: table melds (open KIND), add to them, or discard"
        return f"{action!r} is not a Treasure move"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind, seat = e.kind, e.seat
        if kind == core.DEALT:
            log(f"hand {e.other}: seat {seat} starts; {VIASHI_CARDS[e.cards[0]]} is turned up")
        elif kind == core.DREW:
            log(f"seat {seat} draws")
        elif kind == core.TOOK:
            log(f"seat {seat} takes {VIASHI_CARDS[e.cards[0]]}")
        elif kind == core.TOOK_PILE:
            log(f"seat {seat} takes the discard pile ({e.other} cards)")
        elif kind == core.TABLED:
            log(f"seat {seat} tables a {KINDS[e.other]}: "
                + " ".join(_laid(c, i) for c, i in zip(e.cards, e.more)))
        elif kind == core.ADDED:
            log(f"seat {seat} adds {_laid(e.cards[0], e.more[0])} to meld {e.other + 1}")
        elif kind == core.DISCARDED:
            log(f"seat {seat} discards {VIASHI_CARDS[e.cards[0]]}")
        elif kind == core.RESHUFFLED:
            log("the discard pile is shuffled into a new draw pile")
        elif kind == core.ALL_DRAW_THREE:
            log("the Builder is tabled in a run: every player draws three cards")
        else:
            last = self.results[-1]
            log(last["how"] + "; scores " + ", ".join(f"seat {s} {x:+g}"
                                                      for s, x in enumerate(last["scores"])))

    # What a seat may know --------------------------------------------------------------------
    def known_cards(self, seat: int) -> list[str]:
        """The cards of a hand everyone saw it take from the discard pile."""
        position = self.core
        hand, tag = position.hands[seat], position.tag
        return _names(sum(1 << p for p in range(2 * core.N_CARDS)
                          if hand >> p & 1 and tag[p] == KNOWN))

    def view(self, seat: int | None) -> dict:
        n = self.game.players
        position = self.core
        active = self.active
        results = self.results
        table = self.table
        pending = self.pending
        return {
            "game": "treasure",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.current_player,
            "hand_number": position.hand_number,
            "hand": _names(position.hands[seat]) if seat is not None else None,
            "hand_counts": [h.bit_count() for h in position.hands],
            "known": [self.known_cards(s) for s in range(n)],
            "discard": self.discard,
            "draw_count": len(position.draw),
            "table": [_meld_view(m) for m in table],
            "table_points": self.table_points(),
            # The card this seat drew this turn (only it saw the card).
            "drawn": self.drawn if seat is not None and seat == position.actor else None,
            "pending": _meld_view(pending) if pending else None,
            "active": sorted(f"{g}:{k}" for g, k in active),
            "effects": [f"{g} in a {k}: {EFFECTS[(g, k)]}" for g, k in
                        sorted(active, key=lambda e: (GOD_RANK[e[0]], e[1]))],
            "cancelled": sorted(self.cancelled),
            "six_color_bonus": self.game.options["six_color_bonus"],
            "totals": self.totals,
            "points_target": self.game.options["points"],
            "last_hand": results[-1] if results else None,
            "winners": self.winners,
            "log": list(self.log),
        }

    def card_census(self) -> list[str]:
        return [VIASHI_CARDS[c] for c in core.census(self.core)]

    # Copies ----------------------------------------------------------------------------------
    def _blank(self) -> core.TreasureFast:
        options = self.game.options
        points = options["points"]
        return core.TreasureFast(self.game.players, options["decks"],
                                 bool(options["second_gods"]),
                                 0.0 if points is None else float(points),
                                 bool(options["six_color_bonus"]), Rng(0))

    def __getstate__(self) -> dict:
        fields = super().__getstate__()
        saved = fields["core"]
        saved["table"] = [core.meld_fields(m) for m in saved["table"]]
        saved["pending"] = None if saved["pending"] is None else core.meld_fields(saved["pending"])
        return fields

    def __setstate__(self, fields: dict) -> None:
        fields = dict(fields)
        saved = fields["core"] = dict(fields["core"])
        saved["table"] = [core.make_meld(*m) for m in saved["table"]]
        saved["pending"] = None if saved["pending"] is None else core.make_meld(*saved["pending"])
        super().__setstate__(fields)
        self.core.effects()  # the effects in force and their rules, from the table



def _laid(card: int, stand: int) -> str:
    """A card as tabled: '3P', or '3P=9P' for a changing card standing for another."""
    return VIASHI_CARDS[card] if card == stand else f"{VIASHI_CARDS[card]}={VIASHI_CARDS[stand]}"


def _meld_view(meld: TableMeld) -> dict:
    return {"owner": meld.owner, "kind": meld.kind, "cards": list(meld.cards),
            "stands": [ident(r, s) for r, s in meld.stands], "owners": list(meld.owners)}


# A computer player -------------------------------------------------------------------------------
class TreasureHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/treasure.py, heuristic_choice): plans with the meld
    solver, takes the discard or the pile when it improves the hand's best arrangement, tables
    a meld of it when the effects of its gods pay, adds loose cards to melds, and discards the
    card it misses least."""

    CORE = core.CORE  # the most cards it plans from

    def act(self, view, legal_actions):
        # The same choice from what the view shows.
        numbers = [action_id(a) for a in legal_actions]
        pending = view["pending"]
        pick = core.heuristic_choice(
            numbers, view["seat"], [CARD_INDEX[c] for c in view["hand"]],
            [CARD_INDEX[c] for c in view["discard"]],
            [(KINDS.index(m["kind"]), [CARD_INDEX[i] for i in m["stands"]], m["owners"])
             for m in view["table"]],
            None if pending is None else (KINDS.index(pending["kind"]),
                                          [CARD_INDEX[c] for c in pending["cards"]],
                                          [CARD_INDEX[i] for i in pending["stands"]]),
            _effect_bits(_active(view)), view["six_color_bonus"], len(view["hand_counts"]))
        return legal_actions[numbers.index(pick)]


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

