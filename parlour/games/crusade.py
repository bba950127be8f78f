"""Crusade, Ben's trick game for 3 to 5 on the Viashi deck: a face-down trump bid, then tricks
where the lowest number takes.

The rules are parlour/fast/crusade.py's, the integer core, and only there. This is the readable
layer on it: the options, the actions and their notation, the words of a refusal, the views, the
table's scene and the terminal's picture, and the log told from the core's events. Rule text:
shared/seeds/003 (the Crusade section); rulings: shared/GAMES.md (the seed gives no scoring); the
rules page: docs/rules/crusade.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..agents.base import CoreHeuristic
from ..core.cards import VIASHI_CARDS, VIASHI_SUITS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import crusade as core
from ..fast.core import Rng, SourceRng
from ..fast.tricks import cards_of, mask_of
from .tricks import (
    CARD_INDEX as CARD,  # a card's number, in the core too
    GOD,
    SUIT_LETTERS,
    SUIT_OF,
    TrickRecord,
    by_suit,
    can_follow,
    count_cards,
    read_card,
)

LOG_SHOWN = 30


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


def action_id(action) -> int:
    if isinstance(action, Bid):
        return CARD[action.card]
    if isinstance(action, Play):
        return core.PLAY + CARD[action.card]
    if isinstance(action, Pick):
        return core.PICK + SUIT_LETTERS.index(action.suit)
    if isinstance(action, Pass):
        return core.PASS
    raise ValueError(f"{action!r} is not a Crusade action")


def action_of(number: int):
    if number < core.PLAY:
        return BID[VIASHI_CARDS[number]]
    if number < core.PICK:
        return PLAY[VIASHI_CARDS[number - core.PLAY]]
    if number < core.PASS:
        return PICK[SUIT_LETTERS[number - core.PICK]]
    if number == core.PASS:
        return PASS
    raise ValueError(f"{number} is not a Crusade action id")


def _trump_number(trump: str | None) -> int:
    return -1 if trump is None else SUIT_LETTERS.index(trump)


def trick_winner(plays, trump: str | None) -> int:
    """Index of the play [(seat, card), ...] that takes the trick: the core's `taker`."""
    cards = [CARD[card] for _, card in plays]
    return cards.index(core.taker(cards, _trump_number(trump)))


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
        peers={"open_spiel": ["hearts", "spades"]},
    )
    sample_options = ({}, {"match": True, "eights": "magician"})
    core_module = "crusade"

    def max_decisions(self) -> int:
        n = self.players
        per_hand = n + n + 54  # bids, the tie-break round, the tricks
        return per_hand * (n if self.options["match"] else 1)

    # Notation: "bid 5W", "pick W" (or "pick winds"), "pass", and a card to play ("5W",
    # "lady"); in the bid a bare card means "bid" it.
    def parse_action(self, state: CrusadeState, text: str):
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

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ACTIONS
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)

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


# The readable position: a core position (parlour/fast/crusade.py) and what the log and the views
# show of it. Every rule is the core's; this only names, words and narrates.
def _names(cards) -> list[str]:
    return [VIASHI_CARDS[c] for c in cards]


def _hand(mask: int) -> list[str]:
    """A hand's cards in the table order: by suit, lowest number first, gods last."""
    return _names(cards_of(mask))


def _name(card: int) -> str | None:
    return None if card < 0 else VIASHI_CARDS[card]


def _seat(seat: int) -> int | None:
    return None if seat < 0 else seat


class CrusadeState(WrappedState):
    core_module = core
    copied = ("log", "history_tricks", "hand_results")

    def __init__(self, game: Crusade, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)  # the hand's, from its deal
        self.history_tricks: list[TrickRecord] = []  # the hand's
        self.hand_results: list[list[int]] = []  # tricks per seat in each finished hand
        cards = [CARD[c] for c in deck] if deck is not None else None
        events: list = []
        hands_total = n if game.options["match"] else 1
        self._start(core.start(n, hands_total, SourceRng(self._generator), cards, events), events)

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: core.PHASE_NAMES[self.core.phase])
    to_act = WrappedState.current_player
    hand_no = property(lambda self: self.core.hand_no)
    dealer = property(lambda self: self.core.dealer)
    hands = property(lambda self: [_hand(mask) for mask in self.core.hands])
    extras = property(lambda self: _names(self.core.extras))
    bids = property(lambda self: [_name(c) for c in self.core.bids])
    tie_god = property(lambda self: _name(self.core.tie_god))
    trump = property(lambda self: None if self.core.trump < 0 else SUIT_LETTERS[self.core.trump])
    bid_winner = property(lambda self: _seat(self.core.bid_winner))
    leader = property(lambda self: _seat(self.core.leader))
    scores = property(lambda self: list(self.core.scores))

    @property
    def revealed(self) -> tuple[int, str] | None:
        """(seat, god): the god shown at the tie by its holder."""
        position = self.core
        return None if position.revealed < 0 else (position.revealed, self.tie_god)

    @property
    def trick(self) -> list[tuple[int, str]]:
        position = self.core
        n = position.players
        return [((position.leader + i) % n, VIASHI_CARDS[c]) for i, c in enumerate(position.trick)]

    @property
    def tricks(self) -> list[int]:
        return list(self.core.tricks)

    def round_count(self) -> int:
        return self.core.hand_no  # the hands of the match

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [action_of(a) for a in self.core.legal()]

    def _check(self, action) -> str | None:
        position = self.core
        known = isinstance(action, (Bid, Play, Pick, Pass))
        why = position.why_not(action_id(action) if known else -1)
        if why == core.LEGAL:
            return None
        if why == core.WRONG_KIND:
            if position.phase == core.BIDDING:
                return "it is the trump bid: lay a card face down, e.g. 'bid 5W'"
            if position.phase == core.TIE:
                return f"the bids tie: reveal the {self.tie_god} and 'pick' a suit, or 'pass'"
            return "it is the play: play a card, e.g. '5W'"
        if why == core.NOT_HELD:
            return f"you do not hold {action.card}"
        if why == core.GOD_BID:
            return "a god card cannot be the trump bid"
        if why == core.NOT_HOLDER:
            return f"only the holder of the {self.tie_god} may pick the trump"
        if why == core.NOT_TIED:
            suits = " ".join(SUIT_LETTERS[s] for s in position.tie_suits())
            return f"pick one of the tied suits: {suits}"
        lead = VIASHI_CARDS[position.trick[0]]
        return f"follow suit: you must play a card of the suit of {lead}"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind = e.kind
        if kind == core.DEALT:
            self.log.clear()
            self.history_tricks = []
            log(f"hand {e.other}: seat {e.seat} deals; {len(e.cards)} extra cards out unseen")
        elif kind == core.BID:
            log(f"seat {e.seat} lays a trump bid face down")
        elif kind == core.BIDS_UP:
            log("the bids are turned over: "
                + ", ".join(f"seat {s} {VIASHI_CARDS[c]}" for s, c in zip(e.more, e.cards)))
        elif kind == core.TIED:
            log(f"{' and '.join(_names(e.cards))} tie: the holder of the {VIASHI_CARDS[e.other]} "
                "may pick")
        elif kind == core.PICKED:
            log(f"seat {e.seat} reveals the {VIASHI_CARDS[e.cards[0]]} and picks "
                f"{VIASHI_SUITS[SUIT_LETTERS[e.other]]}")
        elif kind == core.PASSED:
            log(f"seat {e.seat} does not reveal the god")
        elif kind == core.TRUMP:
            trump = f"{VIASHI_SUITS[SUIT_LETTERS[e.other]]} are trump" if e.other >= 0 else None
            log(f"{trump or 'no trump'}; seat {e.seat} leads")
        elif kind == core.PLAYED:
            log(f"seat {e.seat} plays {VIASHI_CARDS[e.cards[0]]}")
        elif kind == core.TRICK_WON:
            cards = _names(e.cards)
            n = self.core.players
            plays = tuple(((e.other + i) % n, c) for i, c in enumerate(cards))
            self.history_tricks.append(TrickRecord(e.other, plays, e.seat))
            log(f"seat {e.seat} takes {' '.join(cards)}")
        elif kind == core.SCORED:
            tricks = list(e.more)
            self.hand_results.append(tricks)
            log("tricks this hand: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(tricks))
                + f"; the hand goes to {_most(tricks)}")

    # What a seat may see ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        position = self.core
        bids = self.bids
        if position.phase == core.BIDDING:
            # A hidden simultaneous choice: a seat sees only its own bid until all have bid.
            bids = [c if s == seat else None for s, c in enumerate(bids)]
        tricks = self.tricks
        best = max(tricks)
        return {
            "game": "crusade",
            "seat": seat,
            "phase": self.phase,
            "hand_no": position.hand_no,
            "hands_in_match": position.hands_total,
            "dealer": position.dealer,
            "to_act": self.current_player,
            "hand": _hand(position.hands[seat]) if seat is not None else None,
            "hand_counts": [mask.bit_count() for mask in position.hands],
            "extras_count": len(position.extras),
            "bid_order": position.bid_order(),
            "has_bid": [c >= 0 for c in position.bids],
            "bids": bids,
            "tied": [VIASHI_CARDS[position.bids[s]] for s in position.tied],
            "tie_god": self.tie_god,
            "revealed": list(self.revealed) if self.revealed else None,
            "trump": self.trump,
            "bid_winner": self.bid_winner,
            "leader": self.leader,
            "trick": [[s, c] for s, c in self.trick],
            "tricks_played": [t.to_json() for t in self.history_tricks],
            "tricks": tricks,
            "hand_leaders": ([s for s, t in enumerate(tricks) if t == best]
                             if self.history_tricks else []),
            "hand_results": [list(r) for r in self.hand_results],
            "scores": self.scores,
            "log": list(self.log),
        }

    def card_census(self) -> list[str]:
        return _names(core.census(self.core))

    def _blank(self) -> core.CrusadeFast:
        return core.CrusadeFast(self.game.players, 1, Rng(0))



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
class CrusadeHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/crusade.py, heuristic_choice): bids for trump in its
    longest suit; leads a card nobody can beat when it has one, else its weakest; follows with the
    cheapest card that takes the trick when that card will hold (or it plays last), else with its
    weakest; trumps in when void and the trump will hold."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows.
        numbers = [action_id(a) for a in legal_actions]
        trick = [CARD[c] for _, c in view["trick"]]
        seen = view["hand"] + [c for c in view["bids"] if c] + [c for _, c in view["trick"]]
        seen += [p["card"] for t in view["tricks_played"] for p in t["plays"]]
        unseen = core.ALL ^ mask_of([CARD[c] for c in seen])
        pick = core.heuristic_choice(numbers, mask_of([CARD[c] for c in view["hand"]]), trick,
                                     _trump_number(view["trump"]), len(view["hand_counts"]),
                                     unseen)
        return legal_actions[numbers.index(pick)]


Crusade.state_class = CrusadeState
Crusade.heuristic = CrusadeHeuristic
