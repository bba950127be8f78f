"""Izind (Dxínch): two players race to build a tower from 1 to 10 out of the Xuni deck, each card
one number higher than the last and of the same suit or the next in the cycle.

The rules are parlour/fast/izind.py's, the integer core, and only there. This is the readable layer
on it: the game's options, the actions and their notation, the words of a refusal, the views, the
table's scene and the terminal's picture, and the log told from the core's events. Rule text:
shared/seeds/001 (CWS Planet, "Izind"); rulings: shared/GAMES.md, section Izind; the rules page:
docs/rules/izind.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..agents.base import CoreHeuristic
from ..core.cards import MAUNWE, XUNI_42, XUNI_NUMBERED, XUNI_SUITS
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import izind as core
from ..fast.core import Rng, SourceRng

ELEPHANTS = ("white", "black", "devil")
CARDS = XUNI_NUMBERED + ELEPHANTS  # every card name of both packs: the core's card numbers
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
BLOCKERS = tuple(CARDS[c] for c in core.BLOCKERS)
NUMBER = {card: core.number(i) for i, card in enumerate(CARDS) if core.number(i)}
NEXT_SUIT = {s: XUNI_SUITS[(i + 1) % 4] for i, s in enumerate(XUNI_SUITS)}
LANE_LETTERS = "abcde"
LOG_SHOWN = 12
PASSES = core.PASSES
REDRAWS = core.REDRAWS


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    """A card from the hand onto the tower in lane `lane` of seat `owner`."""
    card: str
    owner: int
    lane: int

    def __str__(self) -> str:
        return f"{self.card} on {self.owner}{LANE_LETTERS[self.lane]}"


@dataclass(frozen=True, slots=True)
class Redraw:
    """Discard the hand and draw a new one (no valid play)."""

    def __str__(self) -> str:
        return "redraw"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


REDRAW = Redraw()
PASS = Pass()


def tower_name(owner: int, lane: int) -> str:
    return f"{owner}{LANE_LETTERS[lane]}"


def _name(card: str) -> str:
    return {"white": "white elephant", "black": "black elephant", "devil": "devil card"}.get(
        card, card)


# The game --------------------------------------------------------------------------------------
@register
class Izind(Game):
    info = GameInfo(
        id="izind",
        title="Izind",
        summary="Build a tower from 1 to 10 first: each card one higher, same suit or the next "
                "in the cycle bat, tapir, snake, shark; play on your towers or your opponent's.",
        min_players=2, max_players=2, default_players=2, deck="xuni",
        options=(
            Option("ten_wins", "owner", "who wins when a tower is completed: owner (the "
                                        "tower's owner) or player (the player who completed it)",
                   choices=("owner", "player")),
            Option("elephants_complete", False, "an elephant (or the devil card) played on a 9 "
                                                "completes the tower"),
            Option("white_completes", False, "only the white elephant played on a 9 completes "
                                             "the tower"),
            Option("maunwe", False, "maunwe cards: 5 lanes (four on a 1, one wildcard), "
                                    "complete 3 of your 5 towers; the devil card plays the "
                                    "black elephant's role"),
        ),
        peers={},  # no peer engine has a game close enough to benchmark against
    )
    core_module = "izind"
    sample_options = (
        {},
        {"ten_wins": "player", "elephants_complete": True},
        {"white_completes": True},
        {"maunwe": True},
        {"maunwe": True, "ten_wins": "player", "white_completes": True},
        {"maunwe": True, "elephants_complete": True},
    )

    how_to_play = {
        "goal": "Be the first to complete a tower from 1 to 10 (with the maunwe pack: 3 of your "
                "5 towers).",
        "turn": ["Play one card on any tower, yours or your opponent's: one number higher, of "
                 "the same suit or the next in the cycle bat, tapir, snake, shark, bat.",
                 "A 2 of any suit starts a wildcard lane.",
                 "The white elephant goes on anything, and anything on it; nothing goes on the "
                 "black elephant.",
                 "No card fits: discard your hand and draw a new one, at most twice; else pass. "
                 "A fourth pass loses.",
                 "At the end of your turn, draw back up to 3 cards."],
    }

    # The table: each seat's towers as lanes in its box, the deck and the discard pile between.
    def scene(self, view: dict) -> dict:
        me = view["seat"]
        rules = view["rules"]
        need = view["need"]
        seats = []
        for s in range(2):
            badges = []
            if view["winner"] == s:
                badges.append("wins")
            elif view["winner"] is not None and view["lost_by_passes"]:
                badges.append("lost by a fourth pass")
            if need > 1:
                badges.append(f"{view['credits'][s]} of {need} towers")
            passes = view["passes"][s]
            note = (f"{passes} pass of {PASSES}" if passes == 1 else
                    f"{passes} passes of {PASSES}") if passes else None
            played = None
            play = view["last_plays"][s]
            if play:
                lane, owner = LANE_LETTERS[play["lane"]], play["owner"]
                where = (f"on {lane}" if owner == s else f"on seat {owner}'s {lane}")
                played = zone([item([play["card"]], label=where)])
            seats.append(seat_entry(count=view["hand_counts"][s], played=played, note=note,
                                    badges=badges, zones=[self._towers(view, s)]))
        discard = view["discard"]
        centre = [pile("Deck", view["deck_count"]),
                  pile("Discard pile", len(discard), discard[-1] if discard else None)]
        info = [{"label": "Suit cycle", "text": "bat, tapir, snake, shark, bat"}]
        if rules["ten_wins"] == "player":
            info.append({"label": "A completed tower", "text": "wins for the player who "
                                                               "completes it"})
        if rules["elephants_complete"]:
            info.append({"label": "An elephant on a 9", "text": "completes the tower"})
        elif rules["white_completes"]:
            info.append({"label": "The white elephant on a 9", "text": "completes the tower"})
        if need > 1:
            info.append({"label": "To win", "text": f"complete {need} towers"})
        hand = view["hand"]
        return {"family": "lanes", "info": info, "say": self._say(view, me), "centre": centre,
                "seats": seats, "hand": row(hand) if hand is not None else None}

    def _towers(self, view: dict, owner: int) -> dict:
        items = []
        lanes = view["towers"][owner]
        for lane, tower in enumerate(lanes):
            done = view["completed"][owner][lane]
            badges = []
            if done is not None:
                badges.append("complete" if done == owner or view["rules"]["ten_wins"] == "owner"
                              else f"complete for seat {done}")
            elif tower and tower[-1] in BLOCKERS:
                badges.append("blocked")
            elif not tower:
                badges.append("wildcard")
            items.append(item(tower, pick="@" + tower_name(owner, lane),
                              label=LANE_LETTERS[lane], badges=badges))
        return zone(items, label="Towers", kind="lanes")

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me:
            return None
        hand = [CARD_INDEX[c] for c in view["hand"]]
        plays: list[int] = []
        if core.valid_plays(core.rules_of(view["rules"]), me, hand, _tops(view), plays):
            return "Play a card on a tower, yours or your opponent's"
        left = PASSES - view["passes"][me]
        passing = "pass" if left > 0 else "pass (a fourth pass loses)"
        redraw = core.may_redraw(view["redraws"],
                                 len(hand) + view["deck_count"] + len(view["discard"]))
        others = "redraw or " + passing if redraw else passing
        if plays:
            return f"Only plays that complete your opponent's tower fit: make one, {others}"
        return f"No card fits: {others}"

    def move_picks(self, view: dict, action) -> list[list[str]]:
        # Tap the card, then the tower; redraw and pass are buttons.
        if isinstance(action, Play):
            return [[action.card], ["@" + tower_name(action.owner, action.lane)]]
        return []

    def check_options(self) -> None:
        if self.options["elephants_complete"] and self.options["white_completes"]:
            raise OptionError("elephants_complete and white_completes exclude each other: "
                              "white_completes means only the white elephant completes")

    def deck(self):
        return MAUNWE if self.options["maunwe"] else XUNI_42

    @property
    def lanes(self) -> int:
        return 5 if self.options["maunwe"] else 3

    def max_decisions(self) -> int:
        # Every play puts a card in a tower for good, and the passes run out: a turn is at most
        # two redraws and a play or a pass, and there are at most 3 + 3 + 1 passes.
        plays = sum(1 for c in self.deck().cards if NUMBER.get(c) != 1)
        return (core.REDRAWS + 1) * (plays + 2 * core.PASSES + 1)

    # Notation: "3bat on 1a" (card, then the tower: owner's seat and lane letter), "redraw",
    # "pass". Also accepted: "3bat 1a", "play 3bat on 1a".
    def parse_action(self, state: IzindState, text: str):
        words = text.lower().replace(",", " ").split()
        if words and words[0] == "play":
            words = words[1:]
        if words == ["pass"]:
            return PASS
        if words in (["redraw"], ["discard"], ["new", "hand"]):
            return REDRAW
        if len(words) == 3 and words[1] in ("on", "to", "at"):
            words = [words[0], words[2]]
        if len(words) != 2:
            raise IllegalAction("write a card and a tower, e.g. '3bat on 1a', or 'redraw' or "
                                "'pass'")
        card, tower = words
        card = {"elephant": "white", "whiteelephant": "white", "blackelephant": "black"}.get(
            card, card)
        if card not in CARD_INDEX:
            raise IllegalAction(f"{card!r} is not a card; write number then animal (3bat, "
                                f"10shark) or white, black, devil")
        lanes = LANE_LETTERS[:self.lanes]
        if len(tower) != 2 or tower[0] not in "01" or tower[1] not in lanes:
            raise IllegalAction(f"{tower!r} is not a tower; write the owner's seat and the "
                                f"lane, e.g. 0a or 1{lanes[-1]}")
        # The very object legal_actions offers: apply then needs no check of it.
        return self.action_from_id(action_id(Play(card, int(tower[0]), lanes.index(tower[1])),
                                             self.lanes))

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    @property
    def action_space_size(self) -> int:
        return core.PLAY + core.CARDS * 2 * self.lanes

    def action_id(self, action) -> int:
        return action_id(action, self.lanes)

    def action_from_id(self, number: int):
        return actions(self.lanes)[number]

    # The terminal: each player's towers drawn upright, bottom card on the base line.
    def render(self, view: dict) -> str:
        seat = view["seat"]
        lines = []
        status = (f"seat {view['winner']} wins" if view["winner"] is not None
                  else f"seat {view['to_act']} to play")
        lines.append(f"Izind - {status}" + (f" (you are seat {seat})" if seat is not None else ""))
        lines.append(f"deck {view['deck_count']}   discard pile {len(view['discard'])}"
                     + (f" (top {view['discard'][-1]})" if view["discard"] else ""))
        order = [1 - seat, seat] if seat is not None else [1, 0]
        for owner in order:
            who = "you" if owner == seat else f"seat {owner}"
            done = view["completed"][owner]
            lines.append("")
            lines.append(f"{who}: passes {view['passes'][owner]}/{PASSES}, "
                         f"towers completed {view['credits'][owner]}/{view['need']}, "
                         f"{view['hand_counts'][owner]} cards in hand")
            lines.extend(_draw_towers(owner, view["towers"][owner], done))
        lines.append("")
        if view["hand"] is not None:
            lines.append("your hand: " + (" ".join(view["hand"]) or "(empty)")
                         + f"   redraws this turn {view['redraws']}/{REDRAWS}")
        if view["log"]:
            lines.append("last: " + "; ".join(view["log"][-3:]))
        return "\n".join(lines)


def _draw_towers(owner: int, towers: list[list[str]], done: list) -> list[str]:
    width = 9
    height = max(1, max(len(t) for t in towers))
    rows = []
    for level in range(height - 1, -1, -1):
        cells = []
        for tower in towers:
            if level < len(tower):
                cells.append(tower[level].center(width))
            elif level == 0:
                cells.append("(wild)".center(width))
            else:
                cells.append(" " * width)
        rows.append("  " + "".join(cells).rstrip())
    rows.append("  " + "-" * (width * len(towers)))
    labels = []
    for lane, tower in enumerate(towers):
        mark = "*" if done[lane] is not None else ""
        if done[lane] is None and tower and tower[-1] in BLOCKERS:
            mark = "x"
        labels.append((tower_name(owner, lane) + mark).center(width))
    rows.append("  " + "".join(labels).rstrip() + "   (* complete, x blocked)")
    return rows


# The one numbering -----------------------------------------------------------------------------
def action_id(action, lanes: int) -> int:
    """The core's number of an action (core.PLAY + card * towers + owner * lanes + lane)."""
    if isinstance(action, Pass):
        return core.PASS
    if isinstance(action, Redraw):
        return core.REDRAW
    if isinstance(action, Play):
        return core.PLAY + (CARD_INDEX[action.card] * 2 + action.owner) * lanes + action.lane
    raise ValueError(f"{action!r} is not an Izind action")


_ACTIONS: dict[int, list] = {}  # by lanes: each number's action, made once


def actions(lanes: int) -> list:
    if lanes not in _ACTIONS:
        _ACTIONS[lanes] = [PASS, REDRAW] + [Play(CARDS[card], owner, lane) for card in
                                            range(core.CARDS) for owner in (0, 1)
                                            for lane in range(lanes)]
    return _ACTIONS[lanes]


def _tops(view: dict) -> bytearray:
    """The towers' tops as the core reads them, from what a view shows."""
    return bytearray(core.CLOSED if done is not None else
                     CARD_INDEX[tower[-1]] if tower else core.EMPTY
                     for towers, dones in zip(view["towers"], view["completed"])
                     for tower, done in zip(towers, dones))


# The log lines of the events that name at most a seat and a count.
PLAIN = {core.WON: "seat {} wins", core.PASSED: "seat {} passes ({}/{})",
         core.RESHUFFLED: "the discard pile is shuffled and becomes the new deck",
         core.LOST_BY_PASSES: "seat {} passes a fourth time and loses"}


# The readable position: a core position (parlour/fast/izind.py) and what the log and the views
# show of it. Every rule is the core's; this only names, words and narrates.
class IzindState(WrappedState):
    core_module = core
    copied = ("log", "last_plays")

    def __init__(self, game: Izind, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.options = game.options
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)
        # Each seat's last play as the table shows it, (card, tower owner, lane), None after a
        # pass: kept from the events, as the log keeps only its last lines.
        self.last_plays: list[tuple[str, int, int] | None] = [None, None]
        cards = [CARD_INDEX[c] for c in deck] if deck is not None else None
        events: list = []
        self._start(core.start(core.rules_of(game.options), SourceRng(self._generator), cards,
                               events), events)

    # What the tests and the table read --------------------------------------------------------
    winner = property(lambda self: None if self.core.winner < 0 else self.core.winner)
    hands = property(lambda self: [[CARDS[c] for c in hand] for hand in self.core.hands])
    pile = property(lambda self: [CARDS[c] for c in self.core.pile])  # the top card last
    discard = property(lambda self: [CARDS[c] for c in self.core.discard])

    def _by_owner(self, per_tower: list) -> list[list]:
        lanes = self.core.rules.lanes
        return [per_tower[:lanes], per_tower[lanes:]]

    towers = property(lambda self: self._by_owner([[CARDS[c] for c in t]
                                                   for t in self.core.towers]))
    # By owner and lane: the seat a complete tower counts for.
    completed = property(lambda self: self._by_owner([None if s < 0 else s
                                                      for s in self.core.completed]))

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        table = actions(self.core.rules.lanes)
        return [table[a] for a in self.core.legal()]

    def _check(self, action) -> str | None:
        position = self.core
        seat = position.actor
        lanes = position.rules.lanes
        if isinstance(action, Play):
            if action.card not in self.hands[seat]:
                return f"you do not hold {action.card}"
            if action.owner not in (0, 1) or not 0 <= action.lane < lanes:
                return f"there is no tower {action.owner}{action.lane}"
            why = position.why_not(action_id(action, lanes))
            if why == core.LEGAL:
                return None
            tower = self.towers[action.owner][action.lane]
            top = tower[-1] if tower else None
            if why == core.COMPLETE:
                reason = "that tower is complete: a completed tower takes no more cards"
            elif why == core.BLOCKED:
                reason = f"nothing may be played on the {_name(top)}"
            elif why == core.WILDCARD:
                reason = "only a 2 (of any suit) or an elephant goes on a wildcard"
            elif why == core.NOT_ONE_HIGHER:
                reason = f"{action.card} does not follow {top}: the card must be one number higher"
            else:
                suit = top[len(str(NUMBER[top])):]
                reason = (f"{action.card} does not follow {top}: the suit must be {suit} or the "
                          f"next in the cycle, {NEXT_SUIT[suit]}")
            return f"{action.card} on {tower_name(action.owner, action.lane)}: {reason}"
        if isinstance(action, (Redraw, Pass)):
            why = position.why_not(action_id(action, lanes))
            if why == core.MUST_PLAY:
                forced = actions(lanes)[position.compulsory()]
                return f"you have a valid play ({forced}): you must play a card, not {action}"
            if why == core.REDRAWN_ENOUGH:
                return f"you have drawn a new hand {core.REDRAWS} times this turn: pass"
            if why == core.NOTHING_TO_DRAW:
                return "there are no cards to draw"
            return None
        return f"{action!r} is not an Izind move"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind, seat = e.kind, e.seat
        lanes = self.core.rules.lanes
        if kind == core.PLAYED:
            owner, lane = divmod(e.other, lanes)
            log(f"seat {seat} plays {CARDS[e.cards[0]]} on {tower_name(owner, lane)}")
            self.last_plays[seat] = (CARDS[e.cards[0]], owner, lane)
        elif kind == core.COMPLETED:
            log(f"tower {tower_name(*divmod(e.other, lanes))} is complete (for seat {seat})")
        elif kind == core.REDREW:
            log(f"seat {seat} discards {' '.join(CARDS[c] for c in e.cards)} and draws a new hand")
        else:
            log(PLAIN[kind].format(seat, e.other, core.PASSES))
            if kind in (core.PASSED, core.LOST_BY_PASSES):
                self.last_plays[seat] = None

    # What a seat may know: towers, the discard pile (face up), counts; its own hand only.
    def view(self, seat: int | None) -> dict:
        position = self.core
        return {
            "game": "izind",
            "seat": seat,
            "to_act": self.current_player,
            "rules": dict(self.options),
            "need": position.rules.need,
            "towers": self.towers,
            "completed": self.completed,
            "credits": list(position.credits),
            "hand": [CARDS[c] for c in position.hands[seat]] if seat is not None else None,
            "hand_counts": [len(h) for h in position.hands],
            "deck_count": len(position.pile),
            "discard": self.discard,
            "passes": list(position.passes),
            "redraws": position.redraws,
            "winner": self.winner,
            "lost_by_passes": position.lost_by_passes,
            # each seat's last play, null after a pass: lane counts from 0, as in "towers"
            "last_plays": [None if play is None else
                           {"card": play[0], "owner": play[1], "lane": play[2]}
                           for play in self.last_plays],
            "log": list(self.log),
        }

    def card_census(self) -> list[str]:
        return [CARDS[c] for c in core.census(self.core)]

    def _blank(self) -> core.IzindFast:
        return core.IzindFast(core.rules_of(self.game.options), Rng(0))



# A computer player ------------------------------------------------------------------------------
class IzindHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/izind.py, heuristic_choice): raise your own towers,
    never hand the opponent a completed one, redraw before passing."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows: the towers' tops and the complete ones.
        me = view["seat"]
        rules = core.rules_of(view["rules"])
        numbers = [action_id(a, rules.lanes) for a in legal_actions]
        pick = core.heuristic_choice(numbers, rules, me, _tops(view), view["credits"][me])
        return legal_actions[numbers.index(pick)]


Izind.state_class = IzindState
Izind.heuristic = IzindHeuristic
