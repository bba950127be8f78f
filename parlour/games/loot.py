"""Loot (also called Plunder): draw or take the discard, discard one, and fire the village when
your hand is good; every hand is then scored at its best arrangement, with the effects of every
god held by anyone.

The rules are parlour/fast/loot.py's, the integer core, and only there (the best score of a hand
is parlour/fast/melds.py's). This is the readable layer on it: the game's options, the actions and
their notation, the words of a refusal, the views, the table's scene and the terminal's picture,
the log told from the core's events, and the scorer for real cards, which names the arrangement
behind a score (parlour/games/melds.py's solve). Rule text: shared/seeds/003 (Loot); rulings:
shared/GAMES.md (Loot / Plunder); the rules page: docs/rules/loot.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from ..agents.base import CoreHeuristic
from ..core.cards import GODS, VIASHI_54, VIASHI_CARDS, is_god
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, seat_entry, zone
from ..core.scorer import Scorer, to_result
from ..core.wrapped import WrappedState
from ..fast import loot as core
from ..fast.core import Rng, SourceRng
from .melds import CARD_INDEX, Arrangement, Scoring, read_card, solve, sort_cards

HAND_SIZE = core.HAND_SIZE
ROUND_LIMIT = core.ROUND_LIMIT
HAND_LIMIT = core.HAND_LIMIT
LOG_SHOWN = 30
KNOWN = -1  # (Treasure's) tag of a card everyone saw go into a hand, taken from the discard pile


def gods_mask(gods) -> int:
    """The core's mask of these gods (the Lady bit 0)."""
    mask = 0
    for god in gods:
        mask |= 1 << (CARD_INDEX[god] - core.GODS_SHIFT)
    return mask


def god_names(mask: int) -> list[str]:
    return [god for k, god in enumerate(GODS) if mask >> k & 1]


def hand_mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << CARD_INDEX[card]
    return mask


# Scoring for the arrangement solver: the core's god effects as parlour/games/melds.py's Scoring.
def loot_scoring(gods, run_bonus: str = "scaled") -> Scoring:
    """The Scoring in force when these gods are in the hands (parlour/fast/loot.py, Effects)."""
    e = core.Effects(gods_mask(gods), run_bonus == "flat")
    return Scoring(base=2, run_mult=e.run_mult, color_min=e.color_min, hand_zero=e.hand_zero,
                   color_mult=e.color_mult, set_mult=e.set_mult, fool_mult=e.fool_mult,
                   bonus=core.BONUS, bonus_scaled=e.bonus_scaled)


def score_hand(cards, gods=(), run_bonus: str = "scaled") -> Arrangement:
    """The scorer for people playing with real cards: the best arrangement of a hand and its
    score. `gods` are the gods in the other hands; the hand's own gods are in play anyway."""
    cards = [read_card(c) for c in cards]
    in_play = {read_card(g) for g in gods} | {c for c in cards if is_god(c)}
    for god in in_play:
        if not is_god(god):
            raise IllegalAction(f"{god} is not a god; the gods are {', '.join(GODS)}")
    return solve(cards, loot_scoring(in_play, run_bonus))


def score_at_firing(cards, gods, options) -> dict:
    """The scorer of `parlour score loot` and the room's scorer page (Loot.scorer)."""
    arrangement = score_hand(cards, gods, options["run_bonus"])
    in_play = sort_cards({read_card(g) for g in gods} | {c for c in cards if is_god(c)})
    return to_result(arrangement, ["gods in play: " + (", ".join(in_play) or "none")])


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of the discard pile."""
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Discard:
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Fire:
    def __str__(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not fire the village now."""
    def __str__(self) -> str:
        return "pass"


DRAW, TAKE, FIRE, PASS = Draw(), Take(), Fire(), Pass()
DISCARDS = {card: Discard(card) for card in VIASHI_CARDS}
# By the core's action number: draw, take, fire, pass, then a discard of each card.
ACTIONS = [DRAW, TAKE, FIRE, PASS] + [DISCARDS[card] for card in VIASHI_CARDS]


def action_id(action) -> int:
    """The core's number of an action: draw, take, fire, pass, then DISCARD + the card."""
    if isinstance(action, Discard):
        return core.DISCARD + CARD_INDEX[action.card]
    for number, simple in enumerate((DRAW, TAKE, FIRE, PASS)):
        if action == simple:
            return number
    raise ValueError(f"{action!r} is not a Loot action")


# The room's "How to play" panel.
LOOT_HOW_TO_PLAY = {
    "goal": "Hold the best hand when the village is fired: runs, sets and colors score, "
            "uncombined cards cost their rank; the match ends at 100 points or -100.",
    "turn": [
        "Take the top card of the draw pile or of the discard pile.",
        "Discard one card onto the discard pile.",
        "Runs: four ranks in a row; sets: three of a rank; colors: four of a suit.",
        "Once everyone has had a turn, anyone may fire the village: all hands are scored.",
        "Every god in any hand at the firing changes the scoring for everyone.",
    ],
}


# The game --------------------------------------------------------------------------------------
@register
class Loot(Game):
    info = GameInfo(
        id="loot",
        title="Loot (Plunder)",
        summary="Draw or take the discard, discard one; fire the village when your runs, sets "
                "and colors are ready. Every god in any hand changes the scoring.",
        min_players=2, max_players=4, default_players=3, deck="viashi",
        options=(
            Option("fire", "any", "any: once everyone has had a turn, any player may fire at "
                   "the start of his turn, after his discard or right after another player's "
                   "discard; own_turn: only at the start of one's own turn",
                   choices=("any", "own_turn")),
            Option("points", 100, "the match ends after the hand in which someone reaches this "
                   "many points or as many below zero; none: a single hand",
                   minimum=1, maximum=1000, allow_none=True),
            Option("run_bonus", "scaled", "scaled: the six-color bonus is part of the run's "
                   "points, so the Lady doubles it and the Dark Lord halves it; flat: always 5",
                   choices=("scaled", "flat")),
        ),
        peers={"open_spiel": ["gin_rummy"], "rlcard": ["gin-rummy"]},
    )
    # A hand of real cards scored for people at a table: nine cards, ten with a card drawn.
    scorer = Scorer(score_at_firing, read_card, deck="viashi", copies=1,
                    table_label="Gods in the other hands", table_cards=GODS,
                    options=(info.option("run_bonus"),), max_cards=12)
    core_module = "loot"
    sample_options = (
        {},
        {"fire": "own_turn"},
        {"points": None, "run_bonus": "flat"},
        {"points": 30, "fire": "own_turn"},
    )

    def deck(self):
        return VIASHI_54

    def max_decisions(self) -> int:
        n = self.players
        per_hand = ROUND_LIMIT * n * (n + 2) + 1
        return per_hand * (HAND_LIMIT if self.options["points"] else 1)

    # Notation: "draw", "take", "discard 7W" (or just "7W"), "fire", "pass".
    def parse_action(self, state: LootState, text: str):
        words = text.split()
        if not words:
            raise IllegalAction("write draw, take, discard CARD, fire or pass")
        head = words[0].lower()
        simple = {"draw": DRAW, "take": TAKE, "fire": FIRE, "pass": PASS}
        if len(words) == 1 and head in simple:
            return simple[head]
        if head == "discard":
            words = words[1:]
        if words:
            try:
                return DISCARDS[read_card(" ".join(words))]
            except IllegalAction:
                pass
        raise IllegalAction(f"{text!r} is not a Loot move; write draw, take, discard CARD "
                            f"(e.g. discard 7W), fire or pass")

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    @property
    def action_space_size(self) -> int:
        return core.ACTIONS

    def action_id(self, action) -> int:
        return action_id(action)

    def action_from_id(self, number: int):
        return ACTIONS[number]

    # The table: the draw and discard piles in the middle, each seat's last discard before it.
    how_to_play = LOOT_HOW_TO_PLAY

    def scene(self, view: dict) -> dict:
        return _loot_scene(self, view)

    def move_picks(self, view: dict, action) -> list[list[str]]:
        return _loot_picks(view, action)

    def render(self, view: dict) -> str:
        lines = [f"Loot, hand {view['hand_number']}: " + "  ".join(
            f"seat {s} {t:g}" for s, t in enumerate(view["totals"]))]
        last = view["last_hand"]
        if last:
            lines.append(f"last hand ({last['how']}), gods in play: "
                         + (", ".join(last["gods"]) or "none"))
            for s, (melds, points) in enumerate(zip(last["melds"], last["scores"])):
                lines.append(f"  seat {s}: {points:+g}  " + "; ".join(melds))
        if view["phase"] == "over":
            lines.append("the match is over; winners: "
                         + ", ".join(f"seat {s}" for s in view["winners"]))
            return "\n".join(lines)
        pile = view["discard"]
        lines.append(f"draw pile {view['draw_count']}, discard pile {len(pile)}, top: "
                     f"{pile[-1] if pile else '-'}")
        for s, count in enumerate(view["hand_counts"]):
            known = view["known"][s]
            extra = f" (took {' '.join(known)})" if known and s != view["seat"] else ""
            lines.append(f"seat {s}: {count} cards{extra}")
        if view["hand"] is not None:
            lines.append("your hand: " + " ".join(view["hand"]))
            if view["best"] is not None:
                now = "best after your discard" if len(view["hand"]) > HAND_SIZE else "best now"
                lines.append(f"{now}: {view['best']:+g}  (gods you know of: "
                             + (", ".join(view["gods_known"]) or "none") + ")")
        lines.append(_prompt(view))
        return "\n".join(lines)


def _prompt(view: dict) -> str:
    """Who is to act and what he may do."""
    seat, phase = view["to_act"], view["phase"]
    who = f"you (seat {seat})" if seat == view["seat"] else f"seat {seat}"
    if phase == "start":
        return f"to act: {who}: draw or take the top discard" + \
            (", or fire the village" if view["can_fire"] else "")
    if phase == "discard":
        drawn = f" (drew {view['drawn']})" if view.get("drawn") else ""
        return f"to act: {who}{drawn}: discard a card"
    return f"to act: {who}: fire the village now, right after that discard, or pass"


# The words of a refusal, by the core's reason.
REFUSALS = {
    core.NOTHING_TO_DRAW: "the draw pile is empty and there is nothing to reshuffle: take",
    core.NOT_EVERYONE_PLAYED: "the village may be fired only after every player has had a turn",
    core.DRAW_FIRST: "draw or take a card first",
    core.YOUR_TURN: "it is your turn: draw, take (the top discard) or fire",
    core.DISCARD_NOW: "discard a card (e.g. 'discard 7W')",
    core.FIRE_OR_PASS: "a card has just been discarded: fire the village now or pass",
    core.GAME_OVER: "the game is over",
}
PHASES = ("start", "discard", "fire", "over")  # by the core's phase


def _names(cards) -> list[str]:
    return [VIASHI_CARDS[c] for c in cards]


# The readable position: a core position (parlour/fast/loot.py) and what the log and the views
# show of it. Every rule is the core's; this only names, words and narrates.
class LootState(WrappedState):
    core_module = core
    copied = ("log", "results")

    def __init__(self, game: Loot, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)
        self.results: list[dict] = []  # each hand scored: how it ended, the hands, the scores
        self._newest: int | None = None  # the card that came into a hand last (shown last)
        # The hands revealed at a firing, until the firing is told (a tuple: clones share it).
        self._revealed: tuple[tuple[tuple[int, ...], float], ...] = ()
        cards = [CARD_INDEX[c] for c in deck] if deck is not None else None
        events: list = []
        self._start(self._new_core(SourceRng(self._generator), cards, events), events)

    def _new_core(self, rng: Rng, cards: list[int] | None, events: list | None):
        options, n = self.game.options, self.game.players
        points = options["points"]
        args = (n, options["fire"] == "any", 0.0 if points is None else float(points),
                options["run_bonus"] == "flat", rng)
        if cards is None and events is None:
            return core.LootFast(*args)
        return core.start(*args, cards, events)

    def _blank(self) -> core.LootFast:
        return self._new_core(Rng(0), None, None)

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: PHASES[self.core.phase])
    to_act = property(lambda self: self.current_player)
    totals = property(lambda self: list(self.core.totals))
    hand_number = property(lambda self: self.core.hand_number)
    starter = property(lambda self: self.core.starter)
    turns = property(lambda self: list(self.core.turns))
    turns_in_hand = property(lambda self: self.core.turns_in_hand)
    discard = property(lambda self: _names(self.core.discard))  # the top card last
    draw = property(lambda self: _names(self.core.draw[::-1]))  # the top card first
    drawn = property(lambda self: None if self.core.drawn < 0 else VIASHI_CARDS[self.core.drawn])
    winners = property(lambda self: self.core.winners() if self.core.phase == core.OVER
                       else None)

    @property
    def hands(self) -> list[list[str]]:
        """Each hand in card order, but the card that came into it last, last."""
        out = []
        for h in self.core.hands:
            cards = core.cards_of(h)
            newest = self._newest
            if newest is not None and h >> newest & 1:
                cards.remove(newest)
                cards.append(newest)
            out.append(_names(cards))
        return out

    def gods_in_play(self) -> list[str]:
        return god_names(self.core.gods_in_play())

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [ACTIONS[a] for a in self.core.legal()]

    def _check(self, action) -> str | None:
        why = self.core.why_not(self.game.action_id(action))
        if why == core.LEGAL:
            return None
        if why == core.NOT_HELD:
            return f"you do not hold {action.card}"
        return REFUSALS[why]

    def estimate(self) -> list[float]:
        return self.core.estimate()

    def round_count(self) -> int:
        return self.core.round_count()

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind, seat = e.kind, e.seat
        if kind == core.DEALT:
            self._newest = None
            log(f"hand {e.other}: seat {seat} starts; {VIASHI_CARDS[e.cards[0]]} is turned up")
        elif kind == core.DREW:
            self._newest = e.cards[0]
            log(f"seat {seat} draws")
        elif kind == core.TOOK:
            self._newest = e.cards[0]
            log(f"seat {seat} takes {VIASHI_CARDS[e.cards[0]]}")
        elif kind == core.DISCARDED:
            log(f"seat {seat} discards {VIASHI_CARDS[e.cards[0]]}")
        elif kind == core.RESHUFFLED:
            log("the discard pile is shuffled into a new draw pile")
        elif kind == core.REVEALED:
            self._revealed += ((e.cards, e.more[0] / 2),)
        elif kind == core.FIRED:
            how = f"seat {seat} fired the village" if seat >= 0 else \
                f"nobody fired in {ROUND_LIMIT} rounds: the hand is called"
            scores = [points for _, points in self._revealed]
            self.results = self.results + [{
                "hand": e.more[0], "how": how, "fired_by": seat if seat >= 0 else None,
                "gods": god_names(e.other), "hands": [_names(h) for h, _ in self._revealed],
                "scores": scores}]
            self._revealed = ()
            log(how + "; scores " + ", ".join(f"seat {s} {x:+g}" for s, x in enumerate(scores)))
        elif kind == core.MATCH_OVER:
            log("the match is over")

    # What a seat may know --------------------------------------------------------------------
    def known_cards(self, seat: int) -> list[str]:
        """Cards everyone saw go into this hand (taken from the discard pile) and still there."""
        return _names(core.cards_of(self.core.hands[seat] & self.core.known))

    def view(self, seat: int | None) -> dict:
        position = self.core
        n = self.game.players
        hand = gods_known = best = None
        if seat is not None:
            mine = position.hands[seat]
            hand = _names(core.cards_of(mine))
            gods = core.gods_in(mine | position.known)
            gods_known = god_names(gods)
            if position.phase != core.OVER:
                # Before its discard: the best nine it can keep.
                best = core.best_nine(mine, core.scoring_for(gods, position.flat_bonus))
        options = self.game.options
        return {
            "game": "loot",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.current_player,
            "hand_number": position.hand_number,
            "starter": position.starter,
            "hand": hand,
            "hand_counts": [h.bit_count() for h in position.hands],
            "known": [self.known_cards(s) for s in range(n)],
            "discard": self.discard,
            "draw_count": len(position.draw),
            "turns": list(position.turns),
            "can_fire": position.phase in (core.START, core.FIRING)
            and position.everyone_played(),
            # The card this seat has just drawn, before it discards (only it saw the card).
            "drawn": self.drawn if seat is not None and seat == position.actor else None,
            "fire": options["fire"],
            "run_bonus": options["run_bonus"],
            "gods_known": gods_known,
            "best": best,
            "totals": list(position.totals),
            "points_target": options["points"],
            "last_hand": self._last_hand(),
            "winners": self.winners,
            "log": list(self.log),
        }

    def _last_hand(self) -> dict | None:
        """The last hand scored, with each hand's best arrangement described."""
        if not self.results:
            return None
        last = self.results[-1]
        scoring = loot_scoring(last["gods"], self.game.options["run_bonus"])
        return dict(last, melds=[list(_described(tuple(h), scoring)) for h in last["hands"]])

    def card_census(self) -> list[str]:
        return _names(core.census(self.core))



@lru_cache(maxsize=256)
def _described(hand: tuple[str, ...], scoring: Scoring) -> tuple[str, ...]:
    return tuple(_describe(solve(hand, scoring)))


def _describe(arrangement: Arrangement) -> list[str]:
    parts = [f"{m.describe()} {m.points:+g}" for m in arrangement.melds]
    parts += [f"{c} {p:+g}" for c, p in zip(arrangement.loose, arrangement.loose_points)]
    return parts


# A computer player -------------------------------------------------------------------------------
class LootHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/loot.py, heuristic_choice): keep the nine cards with the
    best arrangement, take the discard when it improves the hand, and fire the village when the
    hand's best score beats what the others are likely to hold by then."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows: the hand, the gods known, the top discard.
        numbers = [action_id(a) for a in legal_actions]
        pile = view["discard"]
        pick = core.heuristic_choice(numbers, hand_mask(view["hand"]),
                                     gods_mask(view["gods_known"]), view["run_bonus"] == "flat",
                                     CARD_INDEX[pile[-1]] if pile else -1, view["turns"])
        return legal_actions[numbers.index(pick)]


Loot.state_class = LootState
Loot.heuristic = LootHeuristic


# The table (parlour/core/scene.py) ---------------------------------------------------------------
# Each god's effect at the firing, in the seed's words, short enough for a fact on the table.
GOD_EFFECTS = {
    "Lady": "runs are worth double", "DarkLord": "runs are worth half",
    "Builder": "colors of only three cards", "Thief": "uncombined cards count 0",
    "Protectress": "colors are worth double", "Seductress": "colors are worth half",
    "Minion": "sets are worth half", "Friend": "sets are worth double",
    "Changeling": "fools are worth double",
}


def last_discards(view: dict) -> tuple[dict[int, str], int | None]:
    """Each seat's last discard in the hand under way, from the log, and the seat that made the
    last discard of all."""
    out: dict[int, str] = {}
    last = None
    for line in view.get("log") or ():
        words = line.split()
        if words[:1] == ["hand"] and len(words) > 2 and words[1].rstrip(":").isdigit():
            out, last = {}, None  # a new hand is dealt
        elif len(words) == 4 and words[0] == "seat" and words[2] == "discards" and \
                words[1].isdigit():
            out[int(words[1])] = words[3]
            last = int(words[1])
    return out, last


def played_zone(view: dict, seat: int, discards: dict[int, str]) -> dict | None:
    """What a seat last discarded, dimmed once it no longer lies on top of the discard pile."""
    card = discards.get(seat)
    if card is None:
        return None
    pile = view["discard"]
    on_top = bool(pile) and pile[-1] == card
    return zone([item([card])], label="discarded", dim=not on_top)


def hand_zone(view: dict) -> dict | None:
    """The seat's hand, the card it has just drawn marked."""
    hand = view.get("hand")
    if hand is None:
        return None
    drawn = view.get("drawn")
    items, marked = [], False
    for card in hand:
        if card == drawn and not marked:
            items.append(item([card], badges=["drawn"]))
            marked = True
        else:
            items.append(item([card]))
    return zone(items)


def match_info(view: dict) -> list[dict]:
    """The facts of a match to a target (the hand, the target) and, at the end, how it ended."""
    info = []
    match = view["points_target"] is not None
    if match:
        info.append({"label": "Hand", "text": str(view["hand_number"])})
        info.append({"label": "Play to", "text": f"{view['points_target']} points"})
    last = view["last_hand"]
    if view["phase"] == "over" and last:
        info.append({"label": "Last hand" if match else "Play ended", "text": last["how"]})
    return info


def _meld_items(parts: list[str]) -> list[dict]:
    """A revealed hand's arrangement ("run: 4W 5W 6W 7W +8", "3P -7") as items on the table."""
    items, loose, loose_points = [], [], 0.0
    for part in parts:
        words = part.split()
        points = float(words[-1])
        if words[0].endswith(":"):
            cards = []
            for word in words[1:-1]:  # the cards, up to "holding the run ..." or "(six colors"
                card = word.split("=")[0]
                if card not in VIASHI_CARDS:
                    break
                cards.append(card)
            extra = (["holding a run"] if "holding" in words else []) + \
                (["six colors"] if "(six" in words else [])
            items.append(item(cards, label=words[0].rstrip(":"),
                              badges=[f"{points:+g}"] + extra))
        else:
            loose.append(words[0])
            loose_points += points
    if loose:
        items.append(item(loose, label="uncombined", badges=[f"{loose_points:+g}"]))
    return items


def _loot_scene(game: Loot, view: dict) -> dict:
    n = game.players
    me = view["seat"]
    over = view["phase"] == "over"
    discards, _ = last_discards(view)
    last = view["last_hand"]
    match = view["points_target"] is not None
    first_round = sum(view["turns"]) < n
    seats = []
    for s in range(n):
        zones = []
        if over and last:
            zones.append(zone(_meld_items(last["melds"][s]), label="hand"))
        elif s != me and view["known"][s]:
            zones.append(zone([item(view["known"][s])], label="took"))
        note = None
        if over:
            note = "wins" if s in (view["winners"] or ()) else None
        elif last and first_round:
            note = f"{last['scores'][s]:+g} last hand"
        seats.append(seat_entry(
            count=None if over else view["hand_counts"][s],
            played=None if over else played_zone(view, s, discards),
            note=note,
            badges=["fired the village"] if last and last["fired_by"] == s and
            (over or first_round) else (),
            score=view["totals"][s] if match or over else None,
            zones=zones))
    centre = []
    if not over:
        pile_cards = view["discard"]
        centre.append(pile("Draw pile", view["draw_count"], None, pick="@stock"))
        centre.append(pile("Discard pile", len(pile_cards), pile_cards[-1] if pile_cards else None,
                           pick="@discard"))
    info = match_info(view)
    for god in view["gods_known"] or ():
        if not over:
            info.append({"label": god, "text": GOD_EFFECTS[god]})
    if over and last:
        for god in last["gods"]:
            info.append({"label": god, "text": GOD_EFFECTS[god]})
    if me is not None and view["best"] is not None:
        after = len(view["hand"]) > HAND_SIZE
        info.append({"label": "Your hand scores",
                     "text": f"{view['best']:+g}" + (" after your best discard" if after else "")})
    return {"family": "meld", "info": info, "say": _loot_say(view), "centre": centre,
            "seats": seats, "hand": None if over else hand_zone(view)}


def _loot_say(view: dict) -> str | None:
    me = view["seat"]
    if me is None or view["to_act"] != me:
        return None
    phase = view["phase"]
    if phase == "start":
        if view["can_fire"]:
            return "Draw or take the top discard, or fire the village"
        return "Draw a card or take the top discard"
    if phase == "discard":
        return "Discard a card: tap it, then the discard pile"
    if phase == "fire":
        _, seat = last_discards(view)
        pile = view["discard"]
        if seat is not None and seat != me and pile:
            return f"Seat {seat} discarded {pile[-1]}: fire the village now, or pass"
        return "Fire the village now, or pass"
    return None


def _loot_picks(view: dict, action) -> list[list[str]]:
    if action == DRAW:
        return [["@stock"]]
    if action == TAKE:
        return [["@discard"]]
    if isinstance(action, Discard):
        return [[action.card], ["@discard"]]
    return []  # fire the village, pass: buttons
