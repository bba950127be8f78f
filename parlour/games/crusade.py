"""Crusade, Ben's trick game for 3 to 5 on the Viashi deck: a face-down trump bid, then tricks
where the lowest number takes.

Rule text: shared/seeds/003 (the Crusade section); rulings: shared/GAMES.md (the seed gives no
scoring). Read this module beside docs/rules/crusade.md. A hand: the deal (all cards, the extras
out unseen), the bid (each seat lays one non-god card face down; they are turned up together),
a tie-break by the holder of the god of the tied number, then the tricks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..agents.base import Agent
from ..core.cards import GODS, VIASHI_CARDS, VIASHI_SUITS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, seat_entry, zone
from .tricks import (CARD_INDEX, ELVISH_STRENGTH, GOD, NUMBER_OF, SUIT_LETTERS, SUIT_OF,
                     TrickRecord, by_suit, can_follow, count_cards, follow, read_card, sort_cards,
                     strongest, unseen)

# "The card with the lowest number takes the trick": the elvish strength (1 strongest, and the
# gods by their order, the Lady first) is exactly lowest-number-first.
LOWEST_FIRST = ELVISH_STRENGTH


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bid:
    """Lay this card face down as the trump bid (never a god)."""
    card: str

    def __str__(self) -> str:
        return f"bid {self.card}"


@dataclass(frozen=True, slots=True)
class Pick:
    """The holder of the tied number's god reveals it and picks this suit as trump."""
    suit: str

    def __str__(self) -> str:
        return f"pick {self.suit}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not reveal a god at the tie (or hold none): the hand is played without trump unless
    another seat reveals it."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Play:
    card: str

    def __str__(self) -> str:
        return self.card


BID = {card: Bid(card) for card in VIASHI_CARDS}
PLAY = {card: Play(card) for card in VIASHI_CARDS}
PICK = {suit: Pick(suit) for suit in SUIT_LETTERS}
PASS = Pass()
N_CARDS = len(VIASHI_CARDS)


def trick_winner(plays, trump: str | None) -> int:
    """Index of the play that takes the trick. "The card with the lowest number takes the trick,
    unless that card is a Queen (1), and a Fool (9) was played"; a player who cannot follow may
    play a trump, which takes it "unless a lower numbered trump was played, a Fool of trump was
    played on the Queen of trump, or the lead suit was god cards". A god trick goes to the
    lowest-numbered god (GAMES.md)."""
    lead = SUIT_OF[plays[0][1]]
    suit = lead
    if lead != GOD and trump is not None and any(SUIT_OF[c] == trump for _, c in plays):
        suit = trump
    best = strongest(plays, suit, LOWEST_FIRST)
    if suit != GOD and NUMBER_OF[plays[best][1]] == 1:
        fool = f"9{suit}"
        for i, (_, card) in enumerate(plays):
            if card == fool:
                return i
    return best


# The game --------------------------------------------------------------------------------------
@register
class Crusade(Game):
    info = GameInfo(
        id="crusade",
        title="Crusade",
        summary="Bid a card face down for trump; the lowest number takes the trick, the Fool "
                "takes the Queen, gods are immune to trump; most tricks wins.",
        min_players=3, max_players=5, default_players=4, deck="viashi",
        options=(
            Option("match", False, "a match of one hand per player as dealer, the points (one a "
                                   "trick) added up; otherwise one hand is the game"),
            Option("eights", "scholar", "what the 8s are called: scholar or magician (names "
                                        "only, no effect on play)",
                   choices=("scholar", "magician")),
        ),
        twins={"open_spiel": ["hearts", "spades"]},
    )
    sample_options = ({}, {"match": True, "eights": "magician"})
    fast_twin = "crusade"

    def max_decisions(self) -> int:
        n = self.players
        per_hand = n + n + 54  # bids, the tie-break round, the tricks
        return per_hand * (n if self.options["match"] else 1)

    # Notation: "bid 5W", "pick W" (or "pick winds"), "pass", and a card to play ("5W",
    # "lady"); in the bid a bare card means "bid" it.
    def parse_action(self, state: "CrusadeState", text: str):
        words = text.split()
        if not words:
            raise IllegalAction("type a card to play, 'bid 5W', 'pick W' or 'pass'")
        verb = words[0].lower()
        if verb == "pass" and len(words) == 1:
            return PASS
        if verb == "pick" and len(words) == 2:
            suit = words[1].upper()[:1] if len(words[1]) == 1 else _SUIT_NAMES.get(words[1].lower())
            if suit not in PICK:
                raise IllegalAction(f"{words[1]!r} is not a suit; write W R P B or G")
            return PICK[suit]
        if verb == "bid" and len(words) > 1:
            return BID[read_card(" ".join(words[1:]))]
        card = read_card(text)
        return BID[card] if state.phase == "bid" else PLAY[card]

    @property
    def action_space_size(self) -> int:
        return 2 * N_CARDS + len(PICK) + 1

    def action_id(self, action) -> int:
        if isinstance(action, Bid):
            return CARD_INDEX[action.card]
        if isinstance(action, Play):
            return N_CARDS + CARD_INDEX[action.card]
        if isinstance(action, Pick):
            return 2 * N_CARDS + SUIT_LETTERS.index(action.suit)
        if isinstance(action, Pass):
            return 2 * N_CARDS + len(PICK)
        raise ValueError(f"{action!r} is not a Crusade action")

    def action_from_id(self, number: int):
        if number < N_CARDS:
            return BID[VIASHI_CARDS[number]]
        if number < 2 * N_CARDS:
            return PLAY[VIASHI_CARDS[number - N_CARDS]]
        if number < 2 * N_CARDS + len(PICK):
            return PICK[SUIT_LETTERS[number - 2 * N_CARDS]]
        if number == 2 * N_CARDS + len(PICK):
            return PASS
        raise ValueError(f"{number} is not a Crusade action id")

    def render(self, view: dict) -> str:
        return render(self, view)

    # The card room ---------------------------------------------------------------------------
    how_to_play = {
        "goal": "Take the most tricks: each trick you take is a point.",
        "turn": [
            "Lay one card face down as your trump bid (never a god); the bids turn up together.",
            "The lowest number names trump, but a Fool beats a Queen; a tie goes to the holder "
            "of the god of that number, who may reveal it and pick the suit.",
            "The bid winner leads; follow suit if you can.",
            "The lowest number takes the trick, but the Fool takes its Queen.",
            "If you cannot follow, sluff or play a trump; gods are immune to trump.",
        ],
    }

    def scene(self, view: dict) -> dict:
        """Each seat's trump bid lies before it (a back until all have bid), then its plays to
        the trick; the bids are set aside in the middle once trump is known; won tricks are a
        pile in each seat's box."""
        n = self.players
        phase = view["phase"]
        match = view["hands_in_match"] > 1
        revealed = view["revealed"]
        played = _played_zones(view, n)
        seats = []
        for s in range(n):
            badges = ["dealer"] if s == view["dealer"] else []
            if revealed and revealed[0] == s:
                badges.append(f"shows the {revealed[1]}")
            zones = []
            if view["tricks"][s]:
                zones.append(pile("Tricks", view["tricks"][s], None))
            seats.append(seat_entry(count=view["hand_counts"][s], played=played[s],
                                    note=_tie_note(view, s), badges=badges,
                                    score=view["scores"][s] if match else None, zones=zones))
        centre = []
        if phase in ("play", "over") and all(c is not None for c in view["bids"]):
            # "The trump bids are set to one side, with the winning card on top."
            order = list(view["bid_order"])
            won = view["bid_winner"] if view["trump"] is not None else None
            if won is not None:
                order.remove(won)
                order.insert(0, won)
            centre.append(zone([item([view["bids"][s]], seat=s,
                                     badges=["trump"] if s == won else ())
                                for s in order], label="Trump bids"))
        return {"family": "trick", "info": _info(view), "say": _ask(view),
                "centre": centre, "seats": seats,
                "hand": zone([item([c]) for c in view["hand"]])
                if view["hand"] is not None else None}

    def move_picks(self, view: dict, action) -> list[list[str]]:
        if isinstance(action, (Bid, Play)):
            return [[action.card]]
        if isinstance(action, Pick):
            return [["=" + action.suit]]
        return []

    def choice_text(self, key: str) -> dict:
        suit = key[1:]
        if suit in VIASHI_SUITS:
            return {"text": VIASHI_SUITS[suit], "suit": suit}
        return {"text": suit}


def _suit_words(card: str) -> str:
    suit = SUIT_OF[card]
    return "gods" if suit == GOD else VIASHI_SUITS[suit]


def _played_zones(view: dict, n: int) -> list:
    """What each seat last laid before it: its bid in the bid and the tie, then its card in the
    trick, else (dimmed) in the last trick."""
    phase = view["phase"]
    out: list = [None] * n
    if phase in ("bid", "tie"):
        tied = set(view["tied"])
        for s in range(n):
            if not view["has_bid"][s]:
                continue
            card = view["bids"][s]
            out[s] = zone([item([card], badges=["tie"] if card in tied else ())], label="Bid")
        return out
    now = {s: c for s, c in view["trick"]}
    last = view["tricks_played"][-1] if view["tricks_played"] else None
    for s in range(n):
        if s in now:
            out[s] = zone([item([now[s]])])
        elif last is not None:
            card = next(p["card"] for p in last["plays"] if p["seat"] == s)
            out[s] = zone([item([card], badges=["takes"] if last["winner"] == s else ())],
                          dim=True)
    return out


def _tie_note(view: dict, s: int) -> str | None:
    """At a tie every seat is asked in turn from the dealer's left: those asked before the seat to
    act have not revealed the god."""
    if view["phase"] != "tie" or view["to_act"] is None:
        return None
    order = view["bid_order"]
    return "does not reveal" if order.index(s) < order.index(view["to_act"]) else None


def _info(view: dict) -> list:
    info = []
    if view["hands_in_match"] > 1:
        info.append({"label": "Hand", "text": f"{view['hand_no']} of {view['hands_in_match']}"})
    phase = view["phase"]
    trump = view["trump"]
    if phase in ("play", "over"):
        if trump is not None:
            info.append({"label": "Trump", "text": VIASHI_SUITS[trump], "suit": trump})
        else:
            info.append({"label": "Trump", "text": "none: the god was not revealed"})
    elif phase == "bid":
        info.append({"label": "Trump", "text": "bid face down"})
    elif phase == "tie":
        info.append({"label": "Tie", "text": f"{' and '.join(view['tied'])}: the holder of the "
                                             f"{view['tie_god']} may pick the trump"})
    if phase == "over":
        tricks = view["tricks"]
        what = "match" if view["hands_in_match"] > 1 else "hand"
        info.append({"label": f"The {what} goes to",
                     "text": _most(view["scores"] if view["hands_in_match"] > 1 else tricks)})
    return info


def _ask(view: dict) -> str | None:
    """What the seat to act is asked now."""
    me = view["seat"]
    if me is None or view["to_act"] != me:
        return None
    phase = view["phase"]
    hand = view["hand"]
    if phase == "bid":
        return "Lay a card face down as your trump bid (not a god)"
    if phase == "tie":
        god = view["tie_god"]
        if god in hand:
            return f"The bids tie: reveal the {god} and pick a suit, or pass"
        return f"The bids tie and you do not hold the {god}: pass"
    if phase != "play":
        return None
    if not view["trick"]:
        return "Lead any card"
    lead = view["trick"][0][1]
    if can_follow(hand, SUIT_OF[lead]):
        return f"Follow {_suit_words(lead)}"
    trump = view["trump"]
    if trump is not None and SUIT_OF[lead] != GOD and any(SUIT_OF[c] == trump for c in hand):
        return f"No {_suit_words(lead)}: sluff, or play a trump to take the trick"
    return f"No {_suit_words(lead)}: sluff any card"


_SUIT_NAMES = {name.lower(): letter for letter, name in VIASHI_SUITS.items()}


# The rules -------------------------------------------------------------------------------------
class CrusadeState(PhasedState):
    def __init__(self, game: Crusade, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.n = n
        self.hands_total = n if game.options["match"] else 1
        self.hand_no = 0
        self.scores = [0] * n
        self.hand_results: list[list[int]] = []  # tricks per seat in each finished hand
        self._deal(deck)

    def _deal(self, deck: list[str] | None) -> None:
        """"The cards are shuffled and dealt to all players. Extra cards are removed from play
        without being looked at." The deal starts on the dealer's left, one card at a time."""
        n = self.n
        cards = list(deck) if deck is not None else list(self.game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        self.hand_no += 1
        # Seat 0 sits on the first dealer's left, so the first dealer is the last seat.
        self.dealer = (n - 1 + self.hand_no - 1) % n
        first = (self.dealer + 1) % n
        per = len(cards) // n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for k in range(n):  # the k-th player from the dealer's left gets cards k, k + n, ...
            self.hands[(first + k) % n] = cards[k:per * n:n]
        for hand in self.hands:
            sort_cards(hand)
        self.extras = cards[per * n:]
        self.bids: list[str | None] = [None] * n
        self.bid_order = [(first + k) % n for k in range(n)]
        self.phase = "bid"
        self.to_act = first
        self.trump: str | None = None
        self.bid_winner: int | None = None
        self.tied: list[tuple[int, str]] = []  # the disputing bids, in bid order
        self.tie_god: str | None = None
        self.asked: list[int] = []  # seats still to answer the tie, in order
        self.revealed: tuple[int, str] | None = None  # (seat, god) shown at the tie
        self.trick: list[tuple[int, str]] = []
        self.leader: int | None = None
        self.tricks = [0] * n
        self.taken: list[list[str]] = [[] for _ in range(n)]
        self.history_tricks: list[TrickRecord] = []
        self.log: list[tuple] = [("deal", self.hand_no, self.dealer, len(self.extras))]

    # The bid ---------------------------------------------------------------------------------
    def _reveal_bids(self) -> None:
        """"The suit of the lowest numbered card becomes trump, unless that card is a Queen (1)
        card, and there is a Fool (9) card showing, in which case the Fool's suit becomes
        trump." A tie goes to the holder of the god of that number, who may reveal it and pick."""
        bids = [(s, self.bids[s]) for s in self.bid_order]
        self.log.append(("bids", tuple(bids)))
        low = min(NUMBER_OF[c] for _, c in bids)
        if low == 1 and any(NUMBER_OF[c] == 9 for _, c in bids):
            low = 9
        tied = [(s, c) for s, c in bids if NUMBER_OF[c] == low]
        if len(tied) == 1:
            self._start_play(tied[0][0], SUIT_OF[tied[0][1]])
            return
        self.tied = tied
        self.tie_god = GODS[low - 1]
        # Every seat is asked in turn from the dealer's left, so that passing does not tell who
        # holds the god (it may also be out with the extras).
        self.asked = list(self.bid_order)
        self.phase = "tie"
        self.to_act = self.asked[0]
        self.log.append(("tie", tuple(c for _, c in tied), self.tie_god))

    def _start_play(self, leader: int, trump: str | None) -> None:
        """"Play starts with the player winning the trump bid"."""
        self.trump = trump
        self.bid_winner = leader
        self.leader = self.to_act = leader
        self.phase = "play"
        self.log.append(("trump", trump, leader))

    # The contract ----------------------------------------------------------------------------

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "play":
            hand = self.hands[self.to_act]
            if self.trick:
                hand = follow(hand, SUIT_OF[self.trick[0][1]])
            return [PLAY[c] for c in hand]
        if phase == "bid":
            return [BID[c] for c in self.hands[self.to_act] if SUIT_OF[c] != GOD]
        if phase == "tie":
            if self.tie_god in self.hands[self.to_act]:
                return [PICK[SUIT_OF[c]] for _, c in self.tied] + [PASS]
            return [PASS]
        return []

    def _check(self, action) -> str | None:
        phase, seat = self.phase, self.to_act
        hand = self.hands[seat]
        if phase == "bid":
            if not isinstance(action, Bid):
                return "it is the trump bid: lay a card face down, e.g. 'bid 5W'"
            if action.card not in hand:
                return f"you do not hold {action.card}"
            if SUIT_OF[action.card] == GOD:
                return "a god card cannot be the trump bid"
            return None
        if phase == "tie":
            if isinstance(action, Pass):
                return None
            if not isinstance(action, Pick):
                return f"the bids tie: reveal the {self.tie_god} and 'pick' a suit, or 'pass'"
            if self.tie_god not in hand:
                return f"only the holder of the {self.tie_god} may pick the trump"
            suits = [SUIT_OF[c] for _, c in self.tied]
            if action.suit not in suits:
                return f"pick one of the tied suits: {' '.join(suits)}"
            return None
        if not isinstance(action, Play):
            return "it is the play: play a card, e.g. '5W'"
        if action.card not in hand:
            return f"you do not hold {action.card}"
        if self.trick:
            lead_card = self.trick[0][1]
            lead = SUIT_OF[lead_card]
            if SUIT_OF[action.card] != lead and can_follow(hand, lead):
                return f"follow suit: you must play a card of the suit of {lead_card}"
        return None

    def _apply(self, action) -> None:
        seat = self.to_act
        phase = self.phase
        if phase == "play":
            self.hands[seat].remove(action.card)
            self.trick.append((seat, action.card))
            self.log.append(("play", seat, action.card))
            if len(self.trick) < self.n:
                self.to_act = (seat + 1) % self.n
            else:
                self._end_trick()
        elif phase == "bid":
            self.hands[seat].remove(action.card)
            self.bids[seat] = action.card
            self.log.append(("bid", seat))
            i = self.bid_order.index(seat)
            if i + 1 < self.n:
                self.to_act = self.bid_order[i + 1]
            else:
                self._reveal_bids()
        elif isinstance(action, Pick):
            # GAMES.md: the player who bid the picked suit leads.
            self.revealed = (seat, self.tie_god)
            self.log.append(("pick", seat, self.tie_god, action.suit))
            leader = next(s for s, c in self.tied if SUIT_OF[c] == action.suit)
            self._start_play(leader, action.suit)
        else:
            self.log.append(("pass", seat))
            self.asked.pop(0)
            if self.asked:
                self.to_act = self.asked[0]
            else:
                # "If the god card is not revealed the game is played without a trump suit";
                # GAMES.md: the first tied bidder from the dealer's left leads.
                self._start_play(self.tied[0][0], None)

    def _end_trick(self) -> None:
        trick = self.trick
        i = trick_winner(trick, self.trump)
        winner = trick[i][0]
        self.tricks[winner] += 1
        self.taken[winner].extend(c for _, c in trick)
        self.history_tricks.append(TrickRecord(trick[0][0], tuple(trick), winner))
        self.log.append(("take", winner, tuple(c for _, c in trick)))
        self.trick = []
        self.leader = self.to_act = winner
        if not self.hands[winner]:
            self._end_hand()

    def _end_hand(self) -> None:
        """GAMES.md: a trick is a point; the hand goes to the most tricks; a match is one hand
        per player as dealer."""
        self.hand_results.append(list(self.tricks))
        for s in range(self.n):
            self.scores[s] += self.tricks[s]
        self.log.append(("score", tuple(self.tricks)))
        if self.hand_no >= self.hands_total:
            self.phase = "over"
            self.to_act = None
            return
        self._deal(None)

    def round_count(self) -> int:
        return self.hand_no  # the hands of the match

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # What a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        bidding = self.phase == "bid"
        if bidding:
            # A hidden simultaneous choice: a seat sees only its own bid until all have bid.
            bids = [c if s == seat else None for s, c in enumerate(self.bids)]
        else:
            bids = list(self.bids)
        best = max(self.tricks)
        return {
            "game": "crusade",
            "seat": seat,
            "phase": self.phase,
            "hand_no": self.hand_no,
            "hands_in_match": self.hands_total,
            "dealer": self.dealer,
            "to_act": self.current_player,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "extras_count": len(self.extras),
            "bid_order": list(self.bid_order),
            "has_bid": [c is not None for c in self.bids],
            "bids": bids,
            "tied": [c for _, c in self.tied],
            "tie_god": self.tie_god,
            "revealed": list(self.revealed) if self.revealed else None,
            "trump": self.trump,
            "bid_winner": self.bid_winner,
            "leader": self.leader,
            "trick": [[s, c] for s, c in self.trick],
            "tricks_played": [t.to_json() for t in self.history_tricks],
            "tricks": list(self.tricks),
            "hand_leaders": ([s for s in range(self.n) if self.tricks[s] == best]
                             if self.history_tricks else []),
            "hand_results": [list(r) for r in self.hand_results],
            "scores": list(self.scores),
            "log": [_say(e) for e in self.log[-30:]],
        }

    def card_census(self) -> list[str]:
        cards = list(self.extras) + [c for c in self.bids if c is not None]
        for s in range(self.n):
            cards += self.hands[s] + self.taken[s]
        return cards + [c for _, c in self.trick]

    def clone(self) -> "CrusadeState":
        twin = self._clone_base()
        twin.scores = list(self.scores)
        twin.hand_results = list(self.hand_results)
        twin.hands = [list(h) for h in self.hands]
        twin.extras = list(self.extras)
        twin.bids = list(self.bids)
        twin.asked = list(self.asked)
        twin.trick = list(self.trick)
        twin.tricks = list(self.tricks)
        twin.taken = [list(t) for t in self.taken]
        twin.history_tricks = list(self.history_tricks)
        twin.log = list(self.log)
        return twin

    def determinize(self, seat: int, rng: random.Random) -> "CrusadeState":
        """Other hands, the extras and (while the bid lasts) others' face-down bids redealt; a
        god revealed at the tie stays with its holder, and no bid becomes a god."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        others = [s for s in range(self.n) if s != seat]
        places, known = [], []
        for s in others:
            places.append(self.hands[s])
            shown = {self.revealed[1]} if self.revealed and self.revealed[0] == s else set()
            known.append(shown)
        hidden_bids = [s for s in others if self.phase == "bid" and self.bids[s] is not None]
        for s in hidden_bids:
            places.append([self.bids[s]])
            known.append(set())
        places.append(self.extras)
        known.append(set())
        fresh = redeal(places, known, rng)
        # A god dealt into a bid slot trades places with a suit card from a hand or the extras.
        bid_slots = range(len(others), len(others) + len(hidden_bids))
        for k in bid_slots:
            slot = fresh[k]
            if SUIT_OF[slot[0]] != GOD:
                continue
            spots = [(p, j) for p, place in enumerate(fresh) if p not in bid_slots
                     for j, card in enumerate(place) if SUIT_OF[card] != GOD]
            p, j = spots[rng.randrange(len(spots))]
            slot[0], fresh[p][j] = fresh[p][j], slot[0]
        for s, cards in zip(others, fresh):
            sort_cards(cards)
            twin.hands[s] = cards
        for k, s in zip(bid_slots, hidden_bids):
            twin.bids[s] = fresh[k][0]
        twin.extras = fresh[-1]
        return twin



def _say(entry: tuple) -> str:
    kind = entry[0]
    if kind == "deal":
        _, hand_no, dealer, extras = entry
        return f"hand {hand_no}: seat {dealer} deals; {extras} extra cards out unseen"
    if kind == "bid":
        return f"seat {entry[1]} lays a trump bid face down"
    if kind == "bids":
        return "the bids are turned over: " + ", ".join(f"seat {s} {c}" for s, c in entry[1])
    if kind == "tie":
        return f"{' and '.join(entry[1])} tie: the holder of the {entry[2]} may pick"
    if kind == "pick":
        _, seat, god, suit = entry
        return f"seat {seat} reveals the {god} and picks {VIASHI_SUITS[suit]}"
    if kind == "pass":
        return f"seat {entry[1]} does not reveal the god"
    if kind == "trump":
        _, trump, leader = entry
        what = f"{VIASHI_SUITS[trump]} are trump" if trump else "no trump"
        return f"{what}; seat {leader} leads"
    if kind == "play":
        return f"seat {entry[1]} plays {entry[2]}"
    if kind == "take":
        return f"seat {entry[1]} takes {' '.join(entry[2])}"
    if kind == "score":
        tricks = entry[1]
        return ("tricks this hand: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(tricks))
                + f"; the hand goes to {_most(tricks)}")
    return ""


def _most(points) -> str:
    """'seat 2', or 'seat 0 and seat 2' when they tie for the most."""
    top = max(points)
    return " and ".join(f"seat {s}" for s, p in enumerate(points) if p == top)


def render(game: Crusade, view: dict) -> str:
    me = view["seat"]
    eights = game.options["eights"].capitalize()
    trump = view["trump"]
    lines = [f"Crusade - hand {view['hand_no']} of {view['hands_in_match']} - {view['phase']}; "
             f"seat {view['dealer']} dealt; lowest number takes (1 Queen .. 8 {eights}, 9 Fool)",
             "trump: " + (VIASHI_SUITS[trump] if trump else
                          ("none" if view["phase"] in ("play", "over") else "not yet decided"))]
    for s in range(len(view["hand_counts"])):
        who = f"seat {s}" + (" (you)" if s == me else "")
        bid = view["bids"][s] or ("laid face down" if view["has_bid"][s] else "-")
        row = f"{who:>14}  bid {bid}   tricks {view['tricks'][s]}   score {view['scores'][s]}"
        if s == me:
            row += f"   hand: {by_suit(view['hand'])}"
        else:
            row += f"   {count_cards(view['hand_counts'][s])}"
        lines.append(row)
    if view["phase"] == "bid":
        lines.append("lay a trump bid face down: 'bid CARD' (not a god)")
    elif view["phase"] == "tie":
        lines.append(f"the bids {' '.join(view['tied'])} tie: the holder of the "
                     f"{view['tie_god']} may 'pick SUIT'; anyone else 'pass'")
    elif view["phase"] == "play":
        if view["trick"]:
            lines.append("trick: " + ", ".join(f"seat {s} {c}" for s, c in view["trick"]))
        else:
            lines.append(f"seat {view['leader']} leads")
    if view["tricks_played"]:
        last = view["tricks_played"][-1]
        lines.append(f"last trick: {' '.join(p['card'] for p in last['plays'])} - "
                     f"seat {last['winner']}")
    if view["phase"] == "over":
        what = "the match" if view["hands_in_match"] > 1 else "the hand"
        top = max(view["scores"])
        lines.append(f"{what} goes to {_most(view['scores'])} with {top} "
                     f"point{'' if top == 1 else 's'} (a point a trick)")
    return "\n".join(lines)


# A computer player -------------------------------------------------------------------------------
class CrusadeHeuristic(Agent):
    """Bids for trump in its longest suit; leads a card nobody can beat when it has one, else its
    weakest; follows with the cheapest card that takes the trick when that card will hold (or it
    plays last), else with its weakest; trumps in when void and the trump will hold."""

    name = "heuristic"

    def act(self, view, legal_actions):
        first = legal_actions[0]
        if isinstance(first, Bid):
            return self._bid(view, legal_actions)
        if isinstance(first, (Pick, Pass)):
            picks = [a for a in legal_actions if isinstance(a, Pick)]
            if not picks:
                return PASS
            hand = view["hand"]
            return max(picks, key=lambda a: _suit_worth(hand, a.suit))
        return self._play(view, legal_actions)

    def _bid(self, view, legal):
        hand = view["hand"]
        suit = max(SUIT_LETTERS, key=lambda s: _suit_worth(hand, s))
        mine = sorted((a for a in legal if SUIT_OF[a.card] == suit),
                      key=lambda a: NUMBER_OF[a.card])
        if not mine:
            return max(legal, key=lambda a: NUMBER_OF[a.card])
        # Keep the Queen to rule the trumps; bid the next card down.
        return mine[1] if len(mine) > 2 and NUMBER_OF[mine[0].card] == 1 else mine[0]

    def _play(self, view, legal):
        seat = view["seat"]
        n = len(view["hand_counts"])
        trick = [(s, c) for s, c in view["trick"]]
        trump = view["trump"]
        threats = self._unseen(view)
        if not trick:
            safe = [a for a in legal if _holds(trick + [(seat, a.card)], len(trick), trump,
                                                threats)]
            if safe:
                return min(safe, key=lambda a: _worth(a.card, trump))
            return min(legal, key=lambda a: _worth(a.card, trump))
        takers = [a for a in legal
                  if trick_winner(trick + [(seat, a.card)], trump) == len(trick)]
        last = len(trick) == n - 1
        if takers:
            takers.sort(key=lambda a: _worth(a.card, trump))
            for a in takers:
                if last or _holds(trick + [(seat, a.card)], len(trick), trump, threats):
                    return a
        return min(legal, key=lambda a: _worth(a.card, trump))

    def _unseen(self, view) -> list[str]:
        seen = list(view["hand"]) + [c for c in view["bids"] if c]
        seen += [c for t in view["tricks_played"] for c in (p["card"] for p in t["plays"])]
        seen += [c for _, c in view["trick"]]
        return unseen(VIASHI_CARDS, seen)


def _holds(plays, index, trump, threats) -> bool:
    """Whether the play at `index` stays the winner against any one unseen card of the suit led
    (or a god on a god lead) added. Trumping in by a void player is a risk it takes."""
    lead = SUIT_OF[plays[0][1]]
    for card in threats:
        if SUIT_OF[card] != lead:
            continue
        if trick_winner(plays + [(-1, card)], trump) != index:
            return False
    return True


def _worth(card: str, trump: str | None) -> int:
    """How much a card is worth keeping: trumps above plain cards, low numbers above high."""
    suit = SUIT_OF[card]
    return LOWEST_FIRST[card] + (10 if suit == trump else 0) + (5 if suit == GOD else 0)


def _suit_worth(hand: list[str], suit: str) -> int:
    return sum(10 + LOWEST_FIRST[c] for c in hand if SUIT_OF[c] == suit)


Crusade.state_class = CrusadeState
Crusade.heuristic = CrusadeHeuristic
