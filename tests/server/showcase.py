"""A test-only game that shows every shape a view can take (hands, a grid, towers per seat,
face-down piles, nested sections) in every deck, so the generic table page is checked beyond the
games registered today. It is registered only inside the server process the browser tests start
(tests/server/serve.py), never in the test process: parlour.games() stays the real registry.

Rules (not a real game): each turn the seat to act plays a card from hand onto the field, plays a
pair of equal cards onto its tower, draws, or passes; the game ends after `turns` decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.agents.base import Agent
from parlour.core.cards import DECKS
from parlour.core.game import Game, GameInfo, Option, State
from parlour.core.scene import item, pile, row, seat_entry, zone


@dataclass(frozen=True, slots=True)
class Play:
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Pair:
    cards: tuple[str, str]

    def __str__(self) -> str:
        return " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Bid:
    number: int

    def __str__(self) -> str:
        return f"bid {self.number}"


@dataclass(frozen=True, slots=True)
class Word:
    word: str

    def __str__(self) -> str:
        return self.word


def key(card: str) -> str:
    """Cards pair when their names agree but for the last character (rank for French, suit...)."""
    return card[:-1] if len(card) > 1 else card


class Showcase(Game):
    info = GameInfo(
        id="showcase", title="Showcase (test only)", min_players=2, max_players=4,
        default_players=3, deck="viashi", summary="Every shape a view can take.",
        options=(Option("deck", "viashi", "which deck to draw",
                        choices=tuple(DECKS)),
                 Option("turns", 14, "decisions before the end", minimum=2, maximum=200),
                 Option("bids", False, "offer twenty-one bids every turn (many buttons)")),
    )


    def deck(self):
        return DECKS[self.options["deck"]]

    # Every kind of zone the table draws: a grid, lanes per seat, a pile, a zone picked whole.
    def scene(self, view):
        n = self.players
        seats = [seat_entry(count=view["hand_counts"][s], score=view["scores"][s],
                            badges=([f"bid {view['bids'][str(s)]}"]
                                    if view["bids"][str(s)] is not None else []),
                            zones=[zone([item(lane, label=name) for lane, name in
                                         zip(view["towers"][s], "ab")], kind="lanes")])
                 for s in range(n)]
        field = zone([item([c] if c else []) for row in view["field"] for c in row],
                     kind="grid", columns=3, pick="@field", label="Field")
        centre = [field, pile("Stock", len(view["stock"]), None, pick="@stock")]
        if self.options["bids"]:
            centre.append(zone([], label="Bids", pick="@bids"))
        return {"family": "grid", "info": [{"label": "Turn", "text": str(view["turn"])}],
                "say": None, "centre": centre, "seats": seats,
                "hand": row(view["hand"]) if view["hand"] is not None else None}

    def move_picks(self, view, action):
        if isinstance(action, Play):
            return [[action.card], ["@field"]]
        if isinstance(action, Pair):
            return [[action.cards[0]], [action.cards[1]]]
        if isinstance(action, Bid):
            return [["@bids"], [f"={action.number}"]]
        if str(action) == "draw":
            return [["@stock"]]
        return []

    def max_decisions(self) -> int:
        return self.options["turns"]


class ShowcaseState(State):
    def __init__(self, game, seed, deck):
        super().__init__(game, seed, deck)
        cards = list(deck) if deck is not None else list(game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        n = game.players
        self.hands = [cards[i * 6:(i + 1) * 6] for i in range(n)]
        self.stock = cards[n * 6:]
        self.field: list[list[str | None]] = [[None] * 3 for _ in range(3)]
        self.towers: list[list[list[str]]] = [[[], []] for _ in range(n)]
        self.discard: list[str] = []
        self.scores = [0] * n
        self.to_act = 0
        self.turn = 0
        self.log: list[str] = []
        self.last: dict | None = None
        self.bids: dict[str, int | None] = {str(s): None for s in range(n)}
        self.markers = [[s, 0] for s in range(n)]

    @property
    def current_player(self):
        return None if self.is_terminal else self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.turn >= self.game.options["turns"]

    def legal_actions(self):
        if self.is_terminal:
            return []
        hand = self.hands[self.to_act]
        actions = []
        free = any(c is None for row in self.field for c in row)
        if free:
            actions += [Play(c) for c in hand]
        for i, a in enumerate(hand):
            for b in hand[i + 1:]:
                if key(a) == key(b):
                    actions.append(Pair((a, b)))
        if self.game.options["bids"]:
            actions += [Bid(b) for b in range(21)]
        if self.stock:
            actions.append(Word("draw"))
        actions.append(Word("pass"))
        return actions

    def _apply(self, action) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        if isinstance(action, Play):
            hand.remove(action.card)
            for row in self.field:
                if None in row:
                    row[row.index(None)] = action.card
                    break
            self.scores[seat] += 1
            self.log.append(f"seat {seat} plays {action.card}")
        elif isinstance(action, Pair):
            for card in action.cards:
                hand.remove(card)
            self.towers[seat][self.turn % 2].extend(action.cards)
            self.scores[seat] += 3
            self.log.append(f"seat {seat} builds {' '.join(action.cards)}")
        elif isinstance(action, Bid):
            self.bids[str(seat)] = action.number
            self.log.append(f"seat {seat} bids {action.number}")
        elif action.word == "draw":
            hand.append(self.stock.pop())
            self.log.append(f"seat {seat} draws")
        else:
            self.log.append(f"seat {seat} passes")
        self.last = {"seat": seat, "move": str(action)}
        self.markers[seat] = [self.markers[seat][0], (self.markers[seat][1] + 1) % 3]
        self.turn += 1
        self.to_act = (seat + 1) % self.game.players

    def returns(self):
        return [float(s) for s in self.scores]

    def view(self, seat):
        n = self.game.players
        return {
            "game": "showcase", "seat": seat, "phase": "over" if self.is_terminal else "play",
            "turn": self.turn, "to_act": self.current_player,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "field": [list(row) for row in self.field],
            "towers": [[list(lane) for lane in self.towers[s]] for s in range(n)],
            "stock": [None] * min(len(self.stock), 5),
            "discard": list(self.discard),
            "scores": list(self.scores),
            "last_move": dict(self.last) if self.last else None,
            "table_talk": {"round": 1, "dealer": 0, "note": "every shape of a view"},
            "bids": dict(self.bids),
            "markers": [list(m) for m in self.markers],
            "log": list(self.log[-30:]),
        }

    def card_census(self):
        cards = [c for h in self.hands for c in h] + self.stock + self.discard
        cards += [c for row in self.field for c in row if c is not None]
        cards += [c for t in self.towers for lane in t for c in lane]
        return cards

    def determinize(self, seat, rng):
        return self.clone()

    def clone(self):
        twin = object.__new__(ShowcaseState)
        twin.__dict__.update(self.__dict__)
        import random
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.history = list(self.history)
        twin.hands = [list(h) for h in self.hands]
        twin.stock = list(self.stock)
        twin.field = [list(r) for r in self.field]
        twin.towers = [[list(lane) for lane in t] for t in self.towers]
        twin.discard = list(self.discard)
        twin.scores = list(self.scores)
        twin.log = list(self.log)
        twin.last = dict(self.last) if self.last else None
        twin.bids = dict(self.bids)
        twin.markers = [list(m) for m in self.markers]
        return twin


class ShowcaseAgent(Agent):
    name = "heuristic"

    def act(self, view, legal_actions):
        return legal_actions[0]


Showcase.state_class = ShowcaseState
Showcase.heuristic = ShowcaseAgent
