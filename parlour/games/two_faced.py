"""Two-Faced, Ben's and Michelle Bottorff's trick game for two on the Viashi deck: each player
drafts a hand and plays it together with a face-up dummy, but only tricks taken in his own hand
count.

The rules are parlour/fast/two_faced.py's, the integer core, and only there (its docstring
numbers the four hands). This is the readable layer on it: the option, the actions and their
notation, the words of a refusal, the views, the table's scene and the terminal's picture, and
the log told from the core's events. Rule text: shared/seeds/003 (the Two-Faced section);
rulings: shared/GAMES.md; the rules page: docs/rules/two_faced.md.
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
from ..fast import two_faced as core
from ..fast.core import Rng, SourceRng
from ..fast.tricks import cards_of, mask_of
from .tricks import (
    CARD_INDEX as CARD,  # a card's number, in the core too
    GOD,
    SUIT_OF,
    TrickRecord,
    by_suit,
    can_follow,
    count_cards,
    read_card,
)

DEALER, OPPONENT, DEALER_DUMMY, OPPONENT_DUMMY = 0, 1, 2, 3
HAND_NAMES = ("dealer", "opponent", "dealer's dummy", "opponent's dummy")
LOG_SHOWN = 30


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Keep:
    """In the draft: keep this one of the two drawn cards, discard the other face down."""
    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand whose turn it is (your own or your dummy)."""
    card: str

    def __str__(self) -> str:
        return self.card


KEEP = {card: Keep(card) for card in VIASHI_CARDS}
PLAY = {card: Play(card) for card in VIASHI_CARDS}


def action_id(action) -> int:
    if isinstance(action, Keep):
        return CARD[action.card]
    if isinstance(action, Play):
        return core.PLAY + CARD[action.card]
    raise ValueError(f"{action!r} is not a Two-Faced action")


def action_of(number: int):
    kind, index = divmod(number, core.PLAY)
    return (KEEP, PLAY)[kind][VIASHI_CARDS[index]]


# The game --------------------------------------------------------------------------------------
@register
class TwoFaced(Game):
    info = GameInfo(
        id="two_faced",
        title="Two-Faced",
        summary="Draft a hand of nine and play it beside a face-up dummy; gods are trump, the Fool "
                "takes the Queen; only tricks in your own hand count.",
        min_players=2, max_players=2, default_players=2, deck="viashi",
        options=(
            Option("eights", "scholar", "what the 8s are called: scholar or magician (names "
                                        "only, no effect on play)",
                   choices=("scholar", "magician")),
        ),
        peers={"open_spiel": ["hearts", "spades"]},
    )
    core_module = "two_faced"
    sample_options = ({}, {"eights": "magician"})

    def max_decisions(self) -> int:
        return 2 * core.DUMMY_SIZE + 4 * core.DUMMY_SIZE

    # Notation: "keep 5W" in the draft (a bare card also means keep it), a card to play ("5W",
    # "lady") in the tricks.
    def parse_action(self, state: TwoFacedState, text: str):
        words = text.split()
        if not words:
            raise IllegalAction("type 'keep CARD' in the draft, or a card to play")
        if words[0].lower() == "keep" and len(words) > 1:
            return KEEP[read_card(" ".join(words[1:]))]
        card = read_card(text)
        return KEEP[card] if state.phase == "draft" else PLAY[card]

    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ACTIONS
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)

    def render(self, view: dict) -> str:
        me = view["seat"]
        eights = self.options["eights"].capitalize()
        lines = [f"Two-Faced - {view['phase']}; gods are trump; ranks 1 Queen .. 8 {eights}, "
                 "9 Fool (the Fool takes the Queen)"]
        names = [n + ((" (you)" if i < 2 else " (yours)") if me is not None and i % 2 == me else "")
                 for i, n in enumerate(view["hand_names"])]
        dummies = view["dummies"]
        for h in (OPPONENT, OPPONENT_DUMMY, DEALER, DEALER_DUMMY):
            if h == me and view["hand"] is not None:
                cards = by_suit(view["hand"])
            elif h >= 2 and dummies is not None:
                cards = by_suit(dummies[h - 2])
            else:
                cards = count_cards(view["hand_counts"][h]) + (" face down" if h >= 2 else "")
            lines.append(f"{names[h]:>24}: {cards}   tricks {view['tricks'][h]}")
        if view["phase"] == "draft":
            lines.append(f"{view['pile_count']} cards in the middle")
            if view["drawn"]:
                a, b = view["drawn"]
                lines.append(f"you drew {a} and {b}: 'keep {a}' or 'keep {b}' (the other is "
                             "discarded face down)")
            if view["discards"]:
                lines.append(f"your discards: {' '.join(view['discards'])}")
        elif view["phase"] == "play":
            if view["trick"]:
                lines.append("trick: " + ", ".join(f"{view['hand_names'][h]} {c}"
                                                   for h, c in view["trick"]))
            lines.append(f"to play: the {view['hand_names'][view['to_play']]}")
        if view["tricks_played"]:
            last = view["tricks_played"][-1]
            lines.append(f"last trick: {' '.join(p['card'] for p in last['plays'])} - "
                         f"{view['hand_names'][last['winner']]}")
        if view["result"]:
            outcome = {1.0: "seat 0 (dealer) wins", -1.0: "seat 1 (opponent) wins"}.get(
                view["result"][0], "a draw")
            lines.append(f"game over: {outcome}")
        return "\n".join(lines)

    # The card room ---------------------------------------------------------------------------
    how_to_play = {
        "goal": "Take more tricks with your own hand than your opponent takes with his: the "
                "dummies' tricks do not count.",
        "turn": [
            "The draft: draw two cards, keep one and discard the other face down.",
            "Then the dummies turn face up: you play your hand and the dummy on your left.",
            "The opponent leads, then his dummy, the dealer, the dealer's dummy.",
            "Follow suit if you can; the gods are trump, the Lady highest.",
            "The Fool takes its Queen; the hand taking a trick leads the next.",
        ],
    }

    def scene(self, view: dict) -> dict:
        """Each seat's box holds the dummy it plays (face down in the draft, then face up by
        suit), its tricks and its discards; both of a seat's plays lie before it."""
        dummies = view["dummies"]
        plays = _played_zones(view)
        seats = []
        for s in (DEALER, OPPONENT):
            zones = []
            dummy = s + 2
            if dummies is None:
                zones.append(pile("Dummy", view["hand_counts"][dummy], None))
            elif dummies[s]:
                zones.append(zone(_by_suit(dummies[s]), label="Dummy"))
            won = [item([None], count=view["tricks"][h], label=word)
                   for h, word in ((s, "hand"), (dummy, "dummy")) if view["tricks"][h]]
            if won:
                zones.append(zone(won, label="Tricks", kind="pile"))
            note = None
            if view["phase"] == "play" and view["to_act"] == s:
                note = "plays the dummy" if view["to_play"] == dummy else "plays his hand"
            seats.append(seat_entry(count=view["hand_counts"][s], played=plays[s], note=note,
                                    badges=["dealer" if s == DEALER else "opponent"],
                                    zones=zones))
        centre = []
        if view["phase"] == "draft":
            if view["drawn"]:
                centre.append(zone([item([c], pick=_keep_place(c)) for c in view["drawn"]],
                                   label="Drawn"))
            centre.append(pile("Middle", view["pile_count"], None))
        if view["discards"]:
            # Face down, but each player knows his own.
            centre.append(zone([item(view["discards"])], label="Your discards", dim=True))
        return {"family": "trick", "info": _info(view), "say": _ask(view), "centre": centre,
                "seats": seats,
                "hand": zone([item([c]) for c in view["hand"]])
                if view["hand"] is not None else None}

    def move_picks(self, view: dict, action) -> list[list[str]]:
        if isinstance(action, Keep):
            return [[_keep_place(action.card)]]
        if isinstance(action, Play):
            return [[action.card]]
        return []


def _keep_place(card: str) -> str:
    return f"@keep-{card}"


def _by_suit(cards: list[str]) -> list[dict]:
    """A dummy "arranged by suit": one overlapped item per suit."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(SUIT_OF[card], []).append(card)
    return [item(group) for group in groups.values()]


def _played_zones(view: dict) -> list:
    """What each player last played from his hand and his dummy: from the trick, else (dimmed)
    from the last trick."""
    out: list = [None, None]
    last = view["tricks_played"][-1] if view["tricks_played"] else None
    for s in (DEALER, OPPONENT):
        now = [(h, c) for h, c in view["trick"] if h % 2 == s]
        if now:
            out[s] = zone([item([c], label="dummy" if h >= 2 else None) for h, c in now])
        elif last is not None:
            mine = [p for p in last["plays"] if p["hand"] % 2 == s]
            out[s] = zone([item([p["card"]], label="dummy" if p["hand"] >= 2 else None,
                                badges=["takes"] if last["winner"] == p["hand"] else ())
                           for p in mine], dim=True)
    return out


def _suit_words(card: str) -> str:
    suit = SUIT_OF[card]
    return "gods" if suit == GOD else VIASHI_SUITS[suit]


def _info(view: dict) -> list:
    info = [{"label": "Trump", "text": "the gods"}]
    if view["result"]:
        a = view["result"][0]
        text = "seat 0 wins" if a > 0 else "seat 1 wins" if a < 0 else "a draw"
        info.append({"label": "Result", "text": text})
    return info


def _ask(view: dict) -> str | None:
    me = view["seat"]
    if me is None or view["to_act"] != me:
        return None
    if view["phase"] == "draft":
        return "Tap the card to keep; the other is discarded face down"
    if view["phase"] != "play":
        return None
    dummy = view["to_play"] >= 2
    cards = view["dummies"][me] if dummy else view["hand"]
    where = "your dummy" if dummy else "your hand"
    if not view["trick"]:
        return f"Lead from {where}"
    lead = view["trick"][0][1]
    if can_follow(cards, SUIT_OF[lead]):
        return f"Follow {_suit_words(lead)} from {where}"
    return f"No {_suit_words(lead)} in {where}: play any card"


# The readable position: a core position (parlour/fast/two_faced.py) and what the log and the
# views show of it. Every rule is the core's; this only names, words and narrates.
def _names(cards) -> list[str]:
    return [VIASHI_CARDS[c] for c in cards]


def _hand(mask: int) -> list[str]:
    """A hand's cards in the table order: by suit, strongest first."""
    return _names(cards_of(mask))


class TwoFacedState(WrappedState):
    core_module = core
    copied = ("log", "history_tricks")

    def __init__(self, game: TwoFaced, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)
        self.history_tricks: list[TrickRecord] = []
        cards = [CARD[c] for c in deck] if deck is not None else None
        events: list = []
        self._start(core.start(SourceRng(self._generator), cards, events), events)

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: core.PHASE_NAMES[self.core.phase])
    to_act = WrappedState.current_player
    to_play = property(lambda self: None if self.core.to_play < 0 else self.core.to_play)
    pile = property(lambda self: _names(self.core.deck[self.core.next:][::-1]))  # top last
    discards = property(lambda self: [_names(d) for d in self.core.discards])

    @property
    def hands(self) -> list[list[str]]:
        """The four hands; in the draft the dummies are the piles as dealt."""
        position = self.core
        hands = [_hand(mask) for mask in position.hands]
        if position.phase == core.DRAFT:
            hands[2:] = [_names(position.deck[h:core.MIDDLE:2]) for h in (0, 1)]
        return hands

    @property
    def drawn(self) -> tuple[str, str] | None:
        position = self.core
        return None if position.drawn_a < 0 else tuple(_names((position.drawn_a, position.drawn_b)))

    @property
    def tricks(self) -> list[int]:
        return list(self.core.tricks)

    @tricks.setter
    def tricks(self, counts: list[int]) -> None:  # a position set up by hand (scenario tests)
        self.core.tricks = list(counts)

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [action_of(a) for a in self.core.legal()]

    def _check(self, action) -> str | None:
        position = self.core
        why = position.why_not(action_id(action) if isinstance(action, (Keep, Play)) else -1)
        if why == core.LEGAL:
            return None
        if why == core.WRONG_KIND:
            if position.phase == core.DRAFT:
                return "it is the draft: keep one of your two drawn cards, e.g. 'keep 5W'"
            return "it is the play: play a card, e.g. '5W'"
        if why == core.NOT_DRAWN:
            return f"you drew {' and '.join(self.drawn)}, not {action.card}"
        hand = HAND_NAMES[position.to_play]
        if why == core.NOT_HELD:
            return f"the {hand} has no {action.card}"
        return f"follow suit: the {hand} must play a card of the suit of " \
               f"{VIASHI_CARDS[position.trick[0]]}"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind = e.kind
        if kind == core.KEPT:
            log(f"seat {e.seat} keeps a card and discards one face down")
        elif kind == core.FACE_UP:
            log("the draft is over: the dummies are turned face up; the opponent leads")
        elif kind == core.PLAYED:
            log(f"{HAND_NAMES[e.seat]} plays {VIASHI_CARDS[e.cards[0]]}")
        elif kind == core.TRICK_WON:
            cards = _names(e.cards)
            plays = tuple(zip(core.ROTATION[e.other], cards))
            self.history_tricks.append(TrickRecord(e.other, plays, e.seat))
            log(f"{HAND_NAMES[e.seat]} takes {' '.join(cards)}")

    # What a seat may see ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        position = self.core
        drafting = position.phase == core.DRAFT
        hands = position.hands
        over = position.phase == core.OVER
        return {
            "game": "two_faced",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.current_player,
            "to_play": self.to_play,
            "hand_names": list(HAND_NAMES),
            "hand": _hand(hands[seat]) if seat is not None else None,
            "hand_counts": [mask.bit_count() for mask in hands],
            # The dummies lie face down until the draft is over, then face up to all.
            "dummies": None if drafting else [_hand(hands[DEALER_DUMMY]),
                                              _hand(hands[OPPONENT_DUMMY])],
            "drawn": list(self.drawn) if drafting and seat == position.actor else None,
            "pile_count": core.N_CARDS - position.next,
            "discards": self.discards[seat] if seat is not None else None,
            "discard_counts": [len(d) for d in position.discards],
            "leader": None if position.leader < 0 else position.leader,
            "trick": [list(p) for p in zip(core.ROTATION[position.leader], _names(position.trick))],
            "tricks_played": [t.to_json("hand") for t in self.history_tricks],
            "tricks": list(position.tricks),
            "result": self.returns() if over else None,
            "log": list(self.log),
        }

    def card_census(self) -> list[str]:
        return [VIASHI_CARDS[c] for c in core.census(self.core)]

    def _blank(self) -> core.TwoFacedFast:
        return core.TwoFacedFast(Rng(0))



# A computer player -------------------------------------------------------------------------------
class TwoFacedHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/two_faced.py, heuristic_choice): drafts the stronger
    card; in play its own hand takes with the cheapest card that will hold, its dummy beats the
    opponent's hand when it can and otherwise keeps out of its own hand's way."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows.
        numbers = [action_id(a) for a in legal_actions]
        hands, trick, unseen = [0, 0, 0, 0], [CARD[c] for _, c in view["trick"]], 0
        hand = leader = 0  # the draft looks at neither, and has no hand to play (to_play is None)
        if view["phase"] == "play":
            hand = view["to_play"]
            hands[2:] = [mask_of([CARD[c] for c in d]) for d in view["dummies"]]
            seen = view["hand"] + view["discards"] + [c for _, c in view["trick"]]
            seen += [p["card"] for t in view["tricks_played"] for p in t["plays"]]
            unseen = core.ALL & ~(mask_of([CARD[c] for c in seen]) | hands[2] | hands[3])
            leader = view["trick"][0][0] if view["trick"] else hand
        pick = core.heuristic_choice(numbers, view["seat"], hand, leader, trick, hands, unseen)
        return legal_actions[numbers.index(pick)]


TwoFaced.state_class = TwoFacedState
TwoFaced.heuristic = TwoFacedHeuristic
