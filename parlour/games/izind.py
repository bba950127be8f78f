"""Izind (Dxínch): two players race to build a tower from 1 to 10 out of the Xuni deck, each card
one number higher than the last and of the same suit or the next in the cycle.

Rule text: shared/seeds/001 (CWS Planet, "Izind"); rulings: shared/GAMES.md, section Izind. Read
this module beside docs/rules/izind.md. A turn: play one card on any tower (yours or the
opponent's); with no valid play, discard the hand and draw a new one (at most twice a turn), or
pass; a fourth pass loses. The hand is refilled to 3 at the end of every turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..agents.base import Agent
from ..core.cards import MAUNWE, XUNI_42, XUNI_NUMBERED, XUNI_SUITS
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option, State
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone

ELEPHANTS = ("white", "black", "devil")
BLOCKERS = ("black", "devil")  # played on anything; nothing is played on them
CARDS = XUNI_NUMBERED + ELEPHANTS  # every card name of both packs, in action-id order
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
NUMBER: dict[str, int] = {}
SUIT: dict[str, str] = {}
for _suit in XUNI_SUITS:
    for _n in range(1, 11):
        NUMBER[f"{_n}{_suit}"] = _n
        SUIT[f"{_n}{_suit}"] = _suit
# The suit cycle: bat -> tapir -> snake -> shark -> bat.
NEXT_SUIT = {s: XUNI_SUITS[(i + 1) % 4] for i, s in enumerate(XUNI_SUITS)}
LANE_LETTERS = "abcde"
HAND_SIZE = 3
REDRAWS = 2  # new hands a turn, at most
PASSES = 3  # passes allowed a game; the next one loses


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
_PLAYS: dict[tuple[str, int, int], Play] = {}


def _play(card: str, owner: int, lane: int) -> Play:
    # Interned: legal_actions builds the same few plays again and again in playouts.
    key = (card, owner, lane)
    play = _PLAYS.get(key)
    if play is None:
        play = _PLAYS[key] = Play(card, owner, lane)
    return play


def tower_name(owner: int, lane: int) -> str:
    return f"{owner}{LANE_LETTERS[lane]}"


# The play rules, shared by the state and the computer player (which sees only the view) ------
def why_not(card: str, tower: list[str], complete: bool) -> str | None:
    """Why `card` may not go on `tower` (bottom first; empty = the wildcard), or None."""
    if complete:
        return "that tower is complete: a completed tower takes no more cards"
    top = tower[-1] if tower else None
    if top in BLOCKERS:
        return f"nothing may be played on the {_name(top)}"
    if card in ELEPHANTS:
        return None  # an elephant (or the devil) goes on any card, and on a wildcard lane
    if top == "white":
        return None  # anything may be played on the white elephant
    number = NUMBER[card]
    if top is None:
        return None if number == 2 else "only a 2 (of any suit) or an elephant goes on a wildcard"
    if number != NUMBER[top] + 1:
        return f"{card} does not follow {top}: the card must be one number higher"
    suit = SUIT[top]
    if SUIT[card] not in (suit, NEXT_SUIT[suit]):
        return (f"{card} does not follow {top}: the suit must be {suit} or the next in the "
                f"cycle, {NEXT_SUIT[suit]}")
    return None


def completes(card: str, tower: list[str], options: dict) -> bool:
    """A 10 completes a tower; with the options, an elephant played on a 9 does too."""
    if NUMBER.get(card) == 10:
        return True
    if card in ELEPHANTS and tower and NUMBER.get(tower[-1]) == 9:
        if options["elephants_complete"]:
            return True
        return options["white_completes"] and card == "white"
    return False


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
        twins={},  # no peer engine has a game close enough to benchmark against
    )
    # Hard judges each of its moves by playouts of the heuristic: a deeper tree answered for the
    # opponent with its own barely tried moves and lost to medium (docs/strength.md).
    search_tree = 1
    fast_twin = "izind"
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
        last = _last_plays(view["log"])
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
            if last.get(s):
                card, owner, lane = last[s]
                where = (f"on {lane}" if owner == s else f"on seat {owner}'s {lane}")
                played = zone([item([card], label=where)])
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
        rules = view["rules"]
        plays = []  # (play helps the opponent complete a tower)
        for card in view["hand"]:
            for owner in (me, 1 - me):
                for lane, tower in enumerate(view["towers"][owner]):
                    done = view["completed"][owner][lane] is not None
                    if why_not(card, tower, done) is None:
                        plays.append(owner != me and completes(card, tower, rules))
        if any(not helps for helps in plays):
            return "Play a card on a tower, yours or your opponent's"
        left = PASSES - view["passes"][me]
        passing = "pass" if left > 0 else "pass (a fourth pass loses)"
        redraw = view["redraws"] < REDRAWS and bool(
            view["hand"] or view["deck_count"] or view["discard"])
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
        return (REDRAWS + 1) * (plays + 2 * PASSES + 1)

    # Notation: "3bat on 1a" (card, then the tower: owner's seat and lane letter), "redraw",
    # "pass". Also accepted: "3bat 1a", "play 3bat on 1a".
    def parse_action(self, state: "IzindState", text: str):
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
        return _play(card, int(tower[0]), lanes.index(tower[1]))

    @property
    def action_space_size(self) -> int:
        return len(CARDS) * 2 * self.lanes + 2

    def action_id(self, action) -> int:
        if isinstance(action, Pass):
            return 0
        if isinstance(action, Redraw):
            return 1
        if isinstance(action, Play):
            return 2 + (CARD_INDEX[action.card] * 2 + action.owner) * self.lanes + action.lane
        raise ValueError(f"{action!r} is not an Izind action")

    def action_from_id(self, number: int):
        if number == 0:
            return PASS
        if number == 1:
            return REDRAW
        rest, lane = divmod(number - 2, self.lanes)
        card, owner = divmod(rest, 2)
        return _play(CARDS[card], owner, lane)

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
        if not done[lane] and tower and tower[-1] in BLOCKERS:
            mark = "x"
        labels.append((tower_name(owner, lane) + mark).center(width))
    rows.append("  " + "".join(labels).rstrip() + "   (* complete, x blocked)")
    return rows


def _last_plays(log: list[str]) -> dict[int, tuple[str, int, str] | None]:
    """Each seat's last play in the log: (card, tower owner, lane letter); None after a pass."""
    last: dict[int, tuple[str, int, str] | None] = {}
    for line in log:
        words = line.split()
        if len(words) >= 3 and words[0] == "seat" and words[1].isdigit():
            seat = int(words[1])
            if words[2] == "plays" and len(words) == 6:
                tower = words[5]
                last[seat] = (words[3], int(tower[0]), tower[1])
            elif words[2] == "passes":
                last[seat] = None
    return last


# The rules -------------------------------------------------------------------------------------
class IzindState(State):
    def __init__(self, game: Izind, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.options = game.options
        lanes = game.lanes
        self.need = 3 if game.options["maunwe"] else 1
        cards = list(deck) if deck is not None else list(game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        # Every 1 starts a tower: in deck order, round robin, seat 0 first (so a shuffled deck
        # deals them at random); each player's last lane holds the wildcard (an empty list).
        ones = [c for c in cards if NUMBER.get(c) == 1]
        self.towers: list[list[list[str]]] = [[[] for _ in range(lanes)] for _ in range(2)]
        for i, card in enumerate(ones):
            self.towers[i % 2][i // 2].append(card)
        # The draw pile, top card last.
        self.pile = [c for c in cards if NUMBER.get(c) != 1][::-1]
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[], []]
        for i in range(2 * HAND_SIZE):
            self.hands[i % 2].append(self.pile.pop())
        for hand in self.hands:
            hand.sort(key=CARD_INDEX.__getitem__)
        self.completed: list[list[int | None]] = [[None] * lanes for _ in range(2)]  # credited to
        self.credits = [0, 0]
        self.passes = [0, 0]
        self.redraws = 0
        self.to_act: int | None = 0
        self.winner: int | None = None
        self.lost_by_passes = False
        self.log: list[str] = []

    # The contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    def _valid_plays(self, seat: int) -> list[Play]:
        plays = []
        seen = set()
        for card in self.hands[seat]:
            if card in seen:
                continue  # the maunwe pack holds two of each numbered card
            seen.add(card)
            for owner in (seat, 1 - seat):
                for lane, tower in enumerate(self.towers[owner]):
                    if why_not(card, tower, self.completed[owner][lane] is not None) is None:
                        plays.append(_play(card, owner, lane))
        return plays

    def _helps_opponent(self, seat: int, play: Play) -> bool:
        """Ruling: a play that would complete the opponent's tower is never compulsory."""
        return play.owner != seat and completes(play.card, self.towers[play.owner][play.lane],
                                                self.options)

    def _can_redraw(self, seat: int) -> bool:
        return self.redraws < REDRAWS and bool(self.hands[seat] or self.pile or self.discard)

    def legal_actions(self) -> list:
        seat = self.to_act
        if seat is None:
            return []
        plays = self._valid_plays(seat)
        if any(not self._helps_opponent(seat, p) for p in plays):
            return plays  # a valid play must be made
        actions = list(plays)
        if self._can_redraw(seat):
            actions.append(REDRAW)
        actions.append(PASS)
        return actions

    def _check(self, action) -> str | None:
        seat = self.to_act
        if isinstance(action, Play):
            if action.card not in self.hands[seat]:
                return f"you do not hold {action.card}"
            if action.owner not in (0, 1) or not 0 <= action.lane < len(self.towers[0]):
                return f"there is no tower {action.owner}{action.lane}"
            tower = self.towers[action.owner][action.lane]
            reason = why_not(action.card, tower,
                             self.completed[action.owner][action.lane] is not None)
            if reason:
                return f"{action.card} on {tower_name(action.owner, action.lane)}: {reason}"
            return None
        if isinstance(action, (Redraw, Pass)):
            forced = [p for p in self._valid_plays(seat) if not self._helps_opponent(seat, p)]
            if forced:
                return (f"you have a valid play ({forced[0]}): you must play a card, not "
                        f"{action}")
            if isinstance(action, Redraw):
                if self.redraws >= REDRAWS:
                    return f"you have drawn a new hand {REDRAWS} times this turn: pass"
                if not self._can_redraw(seat):
                    return "there are no cards to draw"
            return None
        return f"{action!r} is not an Izind move"

    def _apply(self, action) -> None:
        seat = self.to_act
        if isinstance(action, Play):
            self.hands[seat].remove(action.card)
            tower = self.towers[action.owner][action.lane]
            done = completes(action.card, tower, self.options)
            tower.append(action.card)
            self.log.append(f"seat {seat} plays {action}")
            if done:
                credit = action.owner if self.options["ten_wins"] == "owner" else seat
                self.completed[action.owner][action.lane] = credit
                self.credits[credit] += 1
                self.log.append(f"tower {tower_name(action.owner, action.lane)} is complete "
                                f"(for seat {credit})")
                if self.credits[credit] >= self.need:
                    self._end(credit)
                    return
            self._end_turn(seat)
        elif isinstance(action, Redraw):
            hand = self.hands[seat]
            self.log.append(f"seat {seat} discards {' '.join(hand)} and draws a new hand")
            self.discard.extend(hand)
            hand.clear()
            self.redraws += 1
            for _ in range(HAND_SIZE):
                self._draw(seat)
            hand.sort(key=CARD_INDEX.__getitem__)
        elif isinstance(action, Pass):
            self.passes[seat] += 1
            if self.passes[seat] > PASSES:
                self.log.append(f"seat {seat} passes a fourth time and loses")
                self.lost_by_passes = True
                self._end(1 - seat)
                return
            self.log.append(f"seat {seat} passes ({self.passes[seat]}/{PASSES})")
            self._end_turn(seat)

    def _draw(self, seat: int) -> None:
        if not self.pile and self.discard:
            # The empty deck is replaced by the whole discard pile, shuffled (never the towers).
            self.pile = self.discard
            self.discard = []
            self.rng.shuffle(self.pile)
            self.log.append("the discard pile is shuffled and becomes the new deck")
        if self.pile:
            self.hands[seat].append(self.pile.pop())

    def _end_turn(self, seat: int) -> None:
        hand = self.hands[seat]
        while len(hand) < HAND_SIZE and (self.pile or self.discard):
            self._draw(seat)
        hand.sort(key=CARD_INDEX.__getitem__)
        self.redraws = 0
        self.to_act = 1 - seat

    def _end(self, winner: int) -> None:
        self.winner = winner
        self.to_act = None
        self.log.append(f"seat {winner} wins")

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else 0.0 for s in range(2)]

    # What a seat may know: towers, the discard pile (face up), counts; its own hand only.
    def view(self, seat: int | None) -> dict:
        return {
            "game": "izind",
            "seat": seat,
            "to_act": self.to_act,
            "rules": dict(self.options),
            "need": self.need,
            "towers": [[list(t) for t in towers] for towers in self.towers],
            "completed": [list(c) for c in self.completed],
            "credits": list(self.credits),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "deck_count": len(self.pile),
            "discard": list(self.discard),
            "passes": list(self.passes),
            "redraws": self.redraws,
            "winner": self.winner,
            "lost_by_passes": self.lost_by_passes,
            "log": self.log[-12:],
        }

    def card_census(self) -> list[str]:
        cards = [c for towers in self.towers for t in towers for c in t]
        return cards + [c for h in self.hands for c in h] + self.pile + self.discard

    def clone(self) -> "IzindState":
        twin = self._clone_base()
        twin.towers = [[list(t) for t in towers] for towers in self.towers]
        twin.pile = list(self.pile)
        twin.discard = list(self.discard)
        twin.hands = [list(h) for h in self.hands]
        twin.completed = [list(c) for c in self.completed]
        twin.credits = list(self.credits)
        twin.passes = list(self.passes)
        twin.log = list(self.log)
        return twin

    def determinize(self, seat: int, rng: random.Random) -> "IzindState":
        """The opponent's hand and the order of the deck resampled; towers and the discard
        pile are face up."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        other = 1 - seat
        hand, pile = redeal([self.hands[other], self.pile], [set(), set()], rng)
        hand.sort(key=CARD_INDEX.__getitem__)
        twin.hands[other] = hand
        twin.pile = pile
        return twin


# A computer player ------------------------------------------------------------------------------
WHITE_WORTH = 7  # a white elephant on top: the next card may be anything


def _height(tower: list[str], complete: bool) -> int:
    """How far a tower has come, as a number: its top card's, the wildcard 1, blocked -1."""
    if complete:
        return 10
    if not tower:
        return 1
    top = tower[-1]
    if top in BLOCKERS:
        return -1
    if top == "white":
        return WHITE_WORTH
    return NUMBER[top]


def _worth(height: int) -> int:
    # Squared, so that raising a tall tower counts for more than a short one.
    return 0 if height < 0 else height * height


class IzindHeuristic(Agent):
    """Raise your own tallest towers, advance the opponent's only when you must (and then his
    shortest), block his tallest with the black elephant, never hand him a completed tower, and
    redraw before passing. With ten_wins=player, never leave a tower one card from done."""

    name = "heuristic"

    def act(self, view, legal_actions):
        me = view["seat"]
        rules = view["rules"]
        plays = [a for a in legal_actions if isinstance(a, Play)]
        scored = [(self._score(view, me, rules, p), i, p) for i, p in enumerate(plays)]
        best = max(scored, key=lambda s: (s[0], -s[1])) if scored else None
        if REDRAW in legal_actions or PASS in legal_actions:
            # Only plays that complete the opponent's tower are left: take one only if it
            # wins for us (ten_wins=player), else look for a better hand.
            if best is not None and best[0] >= 1000:
                return best[2]
            return REDRAW if REDRAW in legal_actions else PASS
        return best[2]

    def _score(self, view, me, rules, play: Play) -> float:
        tower = view["towers"][play.owner][play.lane]
        done = view["completed"][play.owner][play.lane] is not None
        if completes(play.card, tower, rules):
            credit = play.owner if rules["ten_wins"] == "owner" else me
            if credit == me:
                return 1000 + (1000 if view["credits"][me] + 1 >= view["need"] else 0)
            return -1000
        before = _height(tower, done)
        after = _height(tower + [play.card], False)
        gain = _worth(after) - _worth(before)
        score = float(gain if play.owner == me else -gain)
        ready = play.card == "white" or NUMBER.get(play.card) == 9
        if rules["ten_wins"] == "player" and ready:
            score -= 60  # whoever plays the 10 wins: do not set it up for him
        # Small preference for keeping the white elephant for a tower that needs it.
        if play.card == "white" and play.owner == me and before >= WHITE_WORTH:
            score -= 5
        return score


Izind.state_class = IzindState
Izind.heuristic = IzindHeuristic
