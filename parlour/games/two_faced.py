"""Two-Faced, Ben's and Michelle Bottorff's trick game for two on the Viashi deck: each player
drafts a hand and plays it together with a face-up dummy, but only tricks taken in his own hand
count.

Rule text: shared/seeds/003 (the Two-Faced section); rulings: shared/GAMES.md. Read this module
beside docs/rules/two_faced.md. Seat 0 is the dealer (he draws first), seat 1 his opponent (he
leads the first trick). The four hands, by number: 0 the dealer's own, 1 the opponent's own,
2 the dealer's dummy (the pile on the dealer's left), 3 the opponent's dummy (the pile on the
dealer's right, which is the opponent's left). A player controls hand s and hand s + 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..agents.base import Agent
from ..core.cards import VIASHI_CARDS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, seat_entry, zone
from ..core.cards import VIASHI_SUITS
from .tricks import (CARD_INDEX, ELVISH_STRENGTH, GOD, NUMBER_OF, SUIT_OF, TrickRecord, by_suit,
                     can_follow, count_cards, follow, plain_winner, read_card, sort_cards,
                     unseen)

DEALER, OPPONENT, DEALER_DUMMY, OPPONENT_DUMMY = 0, 1, 2, 3
HAND_NAMES = ("dealer", "opponent", "dealer's dummy", "opponent's dummy")
# "The opponent leads first. Then his dummy plays, then the dealer, then the dealer's dummy."
NEXT = {OPPONENT: OPPONENT_DUMMY, OPPONENT_DUMMY: DEALER, DEALER: DEALER_DUMMY,
        DEALER_DUMMY: OPPONENT}
DUMMY_SIZE = 9
DRAWS_EACH = 9


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
N_CARDS = len(VIASHI_CARDS)


def trick_winner(plays) -> int:
    """Index of the play that takes the trick: "The god cards act as trump" (the Lady highest);
    otherwise the highest card of the suit led, except "If a queen would normally take a trick,
    but the fool of that suit was also played then the fool takes the trick"."""
    best = plain_winner(plays, ELVISH_STRENGTH, trump=GOD)
    card = plays[best][1]
    if SUIT_OF[card] != GOD and NUMBER_OF[card] == 1:
        fool = f"9{SUIT_OF[card]}"
        for i, (_, played) in enumerate(plays):
            if played == fool:
                return i
    return best


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
        twins={"open_spiel": ["hearts", "spades"]},
    )
    fast_twin = "two_faced"
    sample_options = ({}, {"eights": "magician"})

    def max_decisions(self) -> int:
        return 2 * DRAWS_EACH + 4 * DUMMY_SIZE

    # Notation: "keep 5W" in the draft (a bare card also means keep it), a card to play ("5W",
    # "lady") in the tricks.
    def parse_action(self, state: "TwoFacedState", text: str):
        words = text.split()
        if not words:
            raise IllegalAction("type 'keep CARD' in the draft, or a card to play")
        if words[0].lower() == "keep" and len(words) > 1:
            return KEEP[read_card(" ".join(words[1:]))]
        card = read_card(text)
        return KEEP[card] if state.phase == "draft" else PLAY[card]

    @property
    def action_space_size(self) -> int:
        return 2 * N_CARDS

    def action_id(self, action) -> int:
        if isinstance(action, Keep):
            return CARD_INDEX[action.card]
        if isinstance(action, Play):
            return N_CARDS + CARD_INDEX[action.card]
        raise ValueError(f"{action!r} is not a Two-Faced action")

    def action_from_id(self, number: int):
        kind, index = divmod(number, N_CARDS)
        return (KEEP, PLAY)[kind][VIASHI_CARDS[index]]

    def render(self, view: dict) -> str:
        return render(self, view)

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


# The rules -------------------------------------------------------------------------------------
class TwoFacedState(PhasedState):
    def __init__(self, game: TwoFaced, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        cards = list(deck) if deck is not None else list(game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        # "Start by dealing out two piles of nine cards each, one to the left and one to the
        # right of the dealer": one card at a time, the first to the left (the dealer's dummy).
        self.hands: list[list[str]] = [[], [], [], []]
        for i in range(2 * DUMMY_SIZE):
            self.hands[DEALER_DUMMY if i % 2 == 0 else OPPONENT_DUMMY].append(cards[i])
        self.pile = cards[2 * DUMMY_SIZE:][::-1]  # the middle; pop() draws the top
        self.discards: list[list[str]] = [[], []]  # face down, each known to its discarder
        self.phase = "draft"
        self.to_act = DEALER  # "The dealer draws two cards"
        self.drawn = (self.pile.pop(), self.pile.pop())
        self.trick: list[tuple[int, str]] = []  # (hand, card)
        self.to_play: int | None = None  # the hand whose turn it is
        self.leader: int | None = None
        self.tricks = [0, 0, 0, 0]  # per hand
        self.taken: list[str] = []
        self.history_tricks: list[TrickRecord] = []
        self.log: list[tuple] = []

    # The contract ----------------------------------------------------------------------------

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "play":
            cards = self.hands[self.to_play]
            if self.trick:
                cards = follow(cards, SUIT_OF[self.trick[0][1]])
            return [PLAY[c] for c in cards]
        if phase == "draft":
            return [KEEP[c] for c in self.drawn]
        return []

    def _check(self, action) -> str | None:
        if self.phase == "draft":
            if not isinstance(action, Keep):
                return "it is the draft: keep one of your two drawn cards, e.g. 'keep 5W'"
            if action.card not in self.drawn:
                return f"you drew {' and '.join(self.drawn)}, not {action.card}"
            return None
        if not isinstance(action, Play):
            return "it is the play: play a card, e.g. '5W'"
        cards = self.hands[self.to_play]
        if action.card not in cards:
            return f"the {HAND_NAMES[self.to_play]} has no {action.card}"
        if self.trick:
            lead_card = self.trick[0][1]
            lead = SUIT_OF[lead_card]
            if SUIT_OF[action.card] != lead and can_follow(cards, lead):
                return f"follow suit: the {HAND_NAMES[self.to_play]} must play a card of the " \
                       f"suit of {lead_card}"
        return None

    def _apply(self, action) -> None:
        if self.phase == "draft":
            seat = self.to_act
            a, b = self.drawn
            drop = b if action.card == a else a
            self.hands[seat].append(action.card)
            self.discards[seat].append(drop)
            self.log.append(("keep", seat))
            if self.pile:
                self.to_act = 1 - seat
                self.drawn = (self.pile.pop(), self.pile.pop())
            else:
                self._start_play()
            return
        hand = self.to_play
        self.hands[hand].remove(action.card)
        self.trick.append((hand, action.card))
        self.log.append(("play", hand, action.card))
        if len(self.trick) < 4:
            self._turn(NEXT[hand])
        else:
            self._end_trick()

    def _start_play(self) -> None:
        """"Then the two piles of 9 cards are turned face up and the cards are arranged by
        suit." The opponent leads."""
        self.drawn = None
        self.phase = "play"
        for cards in self.hands:
            sort_cards(cards)
        self.log.append(("dummies",))
        self.leader = OPPONENT
        self._turn(OPPONENT)

    def _turn(self, hand: int) -> None:
        self.to_play = hand
        self.to_act = hand % 2  # the dummy on his left is played by its player

    def _end_trick(self) -> None:
        """"After the first trick, the hand taking the trick leads, whether it is a player hand,
        or a dummy hand.\""""
        trick = self.trick
        winner = trick[trick_winner(trick)][0]
        self.tricks[winner] += 1
        self.taken.extend(c for _, c in trick)
        self.history_tricks.append(TrickRecord(trick[0][0], tuple(trick), winner))
        self.log.append(("take", winner, tuple(c for _, c in trick)))
        self.trick = []
        self.leader = winner
        if self.hands[winner]:
            self._turn(winner)
        else:
            self.phase = "over"
            self.to_act = self.to_play = None

    def returns(self) -> list[float]:
        """"The player who takes the most tricks wins. Tricks taken by the dummy hands do not
        count towards their player's win." Win 1, loss -1, equal tricks a draw (GAMES.md)."""
        a, b = self.tricks[DEALER], self.tricks[OPPONENT]
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    # What a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        drafting = self.phase == "draft"
        hand = None
        if seat is not None:
            hand = list(self.hands[seat])
            if drafting:
                sort_cards(hand)
        over = self.phase == "over"
        return {
            "game": "two_faced",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.current_player,
            "to_play": self.to_play,
            "hand_names": list(HAND_NAMES),
            "hand": hand,
            "hand_counts": [len(h) for h in self.hands],
            # The dummies lie face down until the draft is over, then face up to all.
            "dummies": None if drafting else [list(self.hands[DEALER_DUMMY]),
                                              list(self.hands[OPPONENT_DUMMY])],
            "drawn": list(self.drawn) if drafting and seat == self.to_act else None,
            "pile_count": len(self.pile),
            "discards": list(self.discards[seat]) if seat is not None else None,
            "discard_counts": [len(d) for d in self.discards],
            "leader": self.leader,
            "trick": [[h, c] for h, c in self.trick],
            "tricks_played": [t.to_json("hand") for t in self.history_tricks],
            "tricks": list(self.tricks),
            "result": self.returns() if over else None,
            "log": [_say(e) for e in self.log[-30:]],
        }

    def card_census(self) -> list[str]:
        cards = [c for h in self.hands for c in h] + self.discards[0] + self.discards[1]
        cards += list(self.pile) + list(self.drawn or ()) + self.taken
        return cards + [c for _, c in self.trick]

    def clone(self) -> "TwoFacedState":
        twin = self._clone_base()
        twin.hands = [list(h) for h in self.hands]
        twin.pile = list(self.pile)
        twin.discards = [list(d) for d in self.discards]
        twin.trick = list(self.trick)
        twin.tricks = list(self.tricks)
        twin.taken = list(self.taken)
        twin.history_tricks = list(self.history_tricks)
        twin.log = list(self.log)
        return twin

    def determinize(self, seat: int, rng: random.Random) -> "TwoFacedState":
        """The other player's hand and discards redealt; during the draft also the pile, the
        face-down dummies and the other player's drawn pair."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        other = 1 - seat
        places = [self.hands[other], self.discards[other]]
        drafting = self.phase == "draft"
        if drafting:
            places += [self.hands[DEALER_DUMMY], self.hands[OPPONENT_DUMMY], self.pile]
            if self.to_act != seat:
                places.append(list(self.drawn))
        fresh = redeal(places, [set() for _ in places], rng)
        if self.phase == "play":
            sort_cards(fresh[0])
        twin.hands[other], twin.discards[other] = fresh[0], fresh[1]
        if drafting:
            twin.hands[DEALER_DUMMY], twin.hands[OPPONENT_DUMMY], twin.pile = fresh[2:5]
            if self.to_act != seat:
                twin.drawn = tuple(fresh[5])
        return twin



def _say(entry: tuple) -> str:
    kind = entry[0]
    if kind == "keep":
        return f"seat {entry[1]} keeps a card and discards one face down"
    if kind == "dummies":
        return "the draft is over: the dummies are turned face up; the opponent leads"
    if kind == "play":
        return f"{HAND_NAMES[entry[1]]} plays {entry[2]}"
    if kind == "take":
        return f"{HAND_NAMES[entry[1]]} takes {' '.join(entry[2])}"
    return ""


def render(game: TwoFaced, view: dict) -> str:
    me = view["seat"]
    eights = game.options["eights"].capitalize()
    lines = [f"Two-Faced - {view['phase']}; gods are trump; ranks 1 Queen .. 8 {eights}, 9 Fool "
             "(the Fool takes the Queen)"]
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


# A computer player -------------------------------------------------------------------------------
class TwoFacedHeuristic(Agent):
    """Drafts the stronger card. In play it wants its own hand to take tricks and the opponent's
    own hand not to: its own hand takes with the cheapest card that will hold; its dummy beats
    the opponent's hand when it can and otherwise keeps out of its own hand's way; the rest is
    played as cheaply as possible."""

    name = "heuristic"

    def act(self, view, legal_actions):
        if isinstance(legal_actions[0], Keep):
            return max(legal_actions, key=lambda a: _value(a.card))
        seat = view["seat"]
        me, rival = seat, 1 - seat
        hand = view["to_play"]
        trick = [(h, c) for h, c in view["trick"]]
        cheapest = min(legal_actions, key=lambda a: _value(a.card))
        if not trick:
            if hand == me:
                safe = [a for a in legal_actions if self._holds(view, [(hand, a.card)], hand)]
                if safe:
                    return min(safe, key=lambda a: _value(a.card))
            return cheapest
        holder = trick[trick_winner(trick)][0]
        takers = sorted((a for a in legal_actions
                         if trick_winner(trick + [(hand, a.card)]) == len(trick)),
                        key=lambda a: _value(a.card))
        if hand == me:
            for a in takers:
                if self._holds(view, trick + [(hand, a.card)], hand):
                    return a
            return cheapest
        # The dummy: deny the opponent's own hand, never overtake its own player's.
        if holder == me:
            quiet = [a for a in legal_actions
                     if trick_winner(trick + [(hand, a.card)]) != len(trick)]
            return min(quiet or legal_actions, key=lambda a: _value(a.card))
        if holder == rival or rival in self._still_to_play(view, hand):
            for a in takers:
                if self._holds(view, trick + [(hand, a.card)], hand, ignore=me):
                    return a
        return cheapest

    def _still_to_play(self, view, hand) -> list[int]:
        order, h = [], NEXT[hand]
        leader = view["trick"][0][0] if view["trick"] else hand
        while h != leader:
            order.append(h)
            h = NEXT[h]
        return order

    def _holds(self, view, plays, hand, ignore=None) -> bool:
        """Whether the play just made keeps the trick against every card the hands still to play
        might answer with (a dummy's cards are in sight; the other player's are not)."""
        lead = SUIT_OF[plays[0][1]]
        index = len(plays) - 1
        for h in self._still_to_play(view, hand):
            if h == ignore:
                continue
            if h >= 2:
                cards = view["dummies"][h - 2]
                same = [c for c in cards if SUIT_OF[c] == lead]
                answers = same or cards
            else:
                # A void player might trump in with a god: a risk worth taking.
                answers = [c for c in self._unseen(view) if SUIT_OF[c] == lead]
            for card in answers:
                if trick_winner(plays + [(h, card)]) != index:
                    return False
        return True

    def _unseen(self, view) -> list[str]:
        seen = list(view["hand"]) + view["discards"] + [c for d in view["dummies"] for c in d]
        seen += [p["card"] for t in view["tricks_played"] for p in t["plays"]]
        seen += [c for _, c in view["trick"]]
        return unseen(VIASHI_CARDS, seen)


def _value(card: str) -> int:
    return ELVISH_STRENGTH[card] + (10 if SUIT_OF[card] == GOD else 0)


TwoFaced.state_class = TwoFacedState
TwoFaced.heuristic = TwoFacedHeuristic
