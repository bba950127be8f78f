"""Mages Wild: Crazy Eights on the Viashi deck. Match the top card's rank or suit; a mage goes on
anything and names the suit to follow; a god goes on any card but a god; the King makes the next
player draw two, the Warrior skips him, the Fool turns the order round. First out wins.

The rules are parlour/fast/mages_wild.py's, the integer core, and only there. This is the readable
layer on it: the options, the moves and their notation, the words of a refusal, the views, the
table's scene and the terminal's picture, and the log told from the core's events. Rule text:
shared/seeds/003 (the Viashi deck, and "Mages Wild"); rulings: shared/GAMES.md; the rules page:
docs/rules/mages_wild.md. A turn is one decision: play a card (a mage or, with god_effects, the
Friend, together with the suit it names), draw one when no card can be played, or pass when there
is nothing left to draw.
"""

from __future__ import annotations

import random
from collections import deque

from ..agents.base import CoreHeuristic
from ..core.cards import (
    GOD_RANK,
    GODS,
    VIASHI_54,
    VIASHI_SUITS,
    viashi_name,
)
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import mages_wild as core
from ..fast.core import ChainRng, Rng, SourceRng

MAGE = core.MAGE
SUITS = tuple(VIASHI_SUITS)  # W R P B G
CARDS = VIASHI_54.cards

SUIT_WORDS: dict[str, str] = {}
for _letter, _name in VIASHI_SUITS.items():
    for _word in (_letter, _name, _name.rstrip("s")):
        SUIT_WORDS[_word.lower()] = _letter
for _letter, _color in (("W", "white"), ("R", "red"), ("P", "purple"), ("B", "blue"),
                        ("G", "green")):
    SUIT_WORDS[_color] = _letter


# Actions ---------------------------------------------------------------------------------------
class Move(int):
    """One action, as its number in the game's action space; str() is its notation: "draw",
    "pass", a card ("3W", "Thief"), or a mage or the Friend with the suit it names ("8W R").

    Every Move exists once (MOVES below), so comparing and hashing are an int's."""

    __slots__ = ()

    def __str__(self) -> str:
        return NOTATION[self]

    def __repr__(self) -> str:
        return f"Move({NOTATION[self]!r})"

    def __reduce__(self):
        return (_move, (int(self),))

    @property
    def card(self) -> str | None:
        return CARD_OF[self]

    @property
    def named(self) -> str | None:
        """The suit a mage (or the Friend) names, if it names one other than its own."""
        return NAMED[self]


NOTATION: list[str] = ["draw", "pass"]
CARD_OF: list[str | None] = [None, None]
NAMED: list[str | None] = [None, None]
for _card in CARDS:  # a card played as it is: a mage keeps its own suit, the Friend names none
    NOTATION.append(_card)
    CARD_OF.append(_card)
    NAMED.append(None)
for _card in [f"8{s}" for s in SUITS] + ["Friend"]:
    for _suit in SUITS:
        if _card[1:] != _suit:
            NOTATION.append(f"{_card} {_suit}")
            CARD_OF.append(_card)
            NAMED.append(_suit)
MOVES: tuple[Move, ...] = tuple(Move(i) for i in range(len(NOTATION)))
MOVE_OF: dict[tuple[str, str | None], Move] = {(CARD_OF[m], NAMED[m]): m for m in MOVES[2:]}
DRAW, PASS = MOVES[0], MOVES[1]


def _move(number: int) -> Move:
    return MOVES[number]


# A hand is a bit mask over the deck order (bit i is CARDS[i]), as the core holds it.
BIT = {card: 1 << i for i, card in enumerate(CARDS)}
assert CARDS == core.CARD_NAMES


def cards_in(mask: int) -> list[str]:
    """The cards of a mask, in deck order."""
    return [CARDS[c] for c in core.cards_in(mask)]


def mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def _suit(number: int) -> str | None:
    return None if number == core.NO_SUIT else SUITS[number]


def playable_on(need: dict) -> int:
    """The mask of the cards that may go on a view's `need` (the core's rule)."""
    suit = need["suit"]
    return core.playable_on(need["rank"], SUITS.index(suit) if suit else core.NO_SUIT,
                            need["gods"])


DECK_ORDER = {card: i for i, card in enumerate(CARDS)}


def card_name(card: str) -> str:
    return viashi_name(card, scholar=False)


# What the log says of each move, made once: views are built at every decision of a bot.
PLAY_TEXT = [""] * 2 + [f"plays {CARD_OF[m]}" + (f" naming {VIASHI_SUITS[NAMED[m]]}"
                                                   if NAMED[m] else "") for m in MOVES[2:]]


# The game --------------------------------------------------------------------------------------
@register
class MagesWild(Game):
    info = GameInfo(
        id="mages_wild",
        title="Mages Wild",
        summary="Crazy Eights on the Viashi deck: match rank or suit, mages are wild and name a "
                "suit, gods go on any non-god; King: draw two, Warrior: skip, Fool: reverse. "
                "First out wins.",
        min_players=2, max_players=5, default_players=4, deck="viashi",
        options=(
            Option("god_effects", False,
                   "gods act as their equivalent rank's special card: the Dark Lord as a King "
                   "(next draws two), the Protectress as a Warrior (skip), the Changeling as a "
                   "Fool (reverse), the Friend as a mage (may name a suit). Off by the ruling: "
                   "gods carry no rank effect"),
            Option("turn_limit", 1000,
                   "the engine's cap (the seed has none): after this many turns the game ends "
                   "and the fewest cards in hand win",
                   minimum=20, maximum=100_000),
        ),
        peers={"open_spiel": ["crazy_eights"], "rlcard": ["uno"]},
    )
    sample_options = (
        {},
        {"god_effects": True},
        {"turn_limit": 30},
        {"god_effects": True, "turn_limit": 200},
    )
    core_module = "mages_wild"

    def max_decisions(self) -> int:
        return self.options["turn_limit"]

    # Notation: "3W", "Thief", "Dark Lord", "8W" (the mage keeps Winds), "8W R" or "8W flames"
    # (the Magician of Winds names Flames), "Friend G" (god_effects), "draw", "pass".
    def parse_action(self, state: MagesWildState, text: str) -> Move:
        words = text.replace(",", " ").replace("=", " ").split()
        lowered = [w.lower() for w in words]
        if lowered in (["draw"], ["pass"]):
            return DRAW if lowered[0] == "draw" else PASS
        if lowered[:1] == ["play"]:
            words, lowered = words[1:], lowered[1:]
        named = None
        if len(words) >= 2 and lowered[-1] in SUIT_WORDS:
            named = SUIT_WORDS[lowered[-1]]
            words = words[:-1]
        joined = "".join(words)
        # Words are joined only to spell a god ('Dark Lord'); else the text is quoted as typed.
        if len(words) > 1 and joined.lower() not in {god.lower() for god in GODS}:
            raise IllegalAction(f"{' '.join(words)!r} is not a move; write one card (3W, 8R, "
                                "or a god's name such as Dark Lord), then for a mage the suit "
                                "it names (8W R), or 'draw' / 'pass'")
        card = _card(joined)
        if named is not None and card[0] != "8" and card != "Friend":
            raise IllegalAction(f"only a mage (8) names a suit, not {card}")
        if named == card[1:]:
            named = None  # a mage naming its own suit is the mage played as it is
        return MOVE_OF[card, named]

    @property
    def action_space_size(self) -> int:
        return len(MOVES)

    def action_id(self, action) -> int:
        if type(action) is not Move:
            raise ValueError(f"{action!r} is not a Mages Wild move")
        return int(action)

    def action_from_id(self, number: int) -> Move:
        return MOVES[number]

    def render(self, view: dict) -> str:
        seat, n = view["seat"], view["players"]
        arrow = " -> ".join(str(s) for s in view["order"])
        over = view["winners"] is not None
        lines = [f"Mages Wild, turn {view['turn']}"
                 + ("" if over else f": play goes {arrow}")
                 + ("  (gods have rank effects)" if view["god_effects"] else "")]
        top = view["top"]
        name = "" if top in GOD_RANK else f" ({card_name(top)})"
        lines.append(f"Top card: {top}{name}."
                     + ("" if over else " " + _describe_need(view["need"])))
        lines.append(f"Draw pile: {_cards(view['draw_count'])}; discard pile: "
                     f"{_cards(len(view['discard']))}")
        for s in range(n):
            marks = []
            if s == seat:
                marks.append("you")
            if s == view["to_act"]:
                marks.append("to play")
            if view["winners"] and s in view["winners"]:
                marks.append("WINS")
            lines.append(f"  seat {s}: {_cards(view['hand_counts'][s])}"
                         + (f"  ({', '.join(marks)})" if marks else ""))
        if view["hand"] is not None:
            hand = sorted(view["hand"], key=DECK_ORDER.__getitem__)
            lines.append("Your hand: " + " ".join(hand))
        if view["winners"] is not None:
            lines.append(view["result"])
        return "\n".join(lines)

    # The table (parlour/core/scene.py) ----------------------------------------------------
    how_to_play = {
        "goal": "Be the first to run out of cards.",
        "turn": ["Play a card of the top card's rank or suit onto the discard pile.",
                 "A mage (8) goes on anything and may name the suit to follow.",
                 "A god goes on any card but a god.",
                 "King: the next player draws two; Warrior: he loses his turn; "
                 "Fool: play reverses.",
                 "If no card fits, draw one from the draw pile; play moves on."],
    }

    def scene(self, view: dict) -> dict:
        n = view["players"]
        me = view["seat"]
        over = view["winners"] is not None
        seats = []
        for s in range(n):
            last = view["last_plays"][s]
            since = view["since_played"][s]
            note = _since_words(since)
            if last is not None and last["named_suit"]:
                note = note or f"named {VIASHI_SUITS[last['named_suit']]}"
            seats.append(seat_entry(
                count=view["hand_counts"][s],
                played=(zone([item([last["card"]])], dim=since is not None) if last else None),
                note=note,
                badges=["winner"] if over and s in view["winners"] else ()))
        top = view["top"]
        centre = [
            pile("Draw pile", view["draw_count"], None, pick="@stock"),
            pile("Discard pile", len(view["discard"]), top),
        ]
        info = []
        need = view["need"]
        if over:
            winners = " and ".join(f"seat {s}" for s in view["winners"])
            out = view["hand_counts"][view["winners"][0]] == 0
            info.append({"label": "Winner" if len(view["winners"]) == 1 else "Winners",
                         "text": winners + (" ran out of cards" if out
                                            else " with the fewest cards")})
        else:
            named = view["named_suit"]
            if named:
                info.append({"label": "Suit named", "text": VIASHI_SUITS[named], "suit": named})
            elif need["suit"]:
                info.append({"label": "Suit", "text": VIASHI_SUITS[need["suit"]],
                             "suit": need["suit"]})
            if view["to_act"] != me:  # the seat to act reads it in its say line
                info.append({"label": "Play on it", "text": _need_words(need)})
            if n > 2:
                info.append({"label": "Play goes",
                             "text": "clockwise" if view["direction"] == 1
                             else "counterclockwise (reversed by a Fool)"})
            if view["god_effects"]:
                info.append({"label": "Gods", "text": "act as their rank's special card"})
        return {"family": "climb", "info": info, "say": self._say(view, me),
                "centre": centre, "seats": seats,
                "hand": row(view["hand"]) if view["hand"] is not None else None}

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me or view["winners"] is not None:
            return None
        need = view["need"]
        hand = view["hand"] or []
        fits = mask_of(hand) & playable_on(need)
        # The King's two cards are the last thing that happened to the seat to act: nothing
        # comes between them and his regular turn.
        since = view["since_played"][me]
        king = "The King made you draw two cards. " if since and since.get("for_the_king") \
            else ""
        if fits:
            return f"{king}Play {_need_words(need)}"
        if view["draw_count"] or len(view["discard"]) > 1:
            return f"{king}No card fits: draw from the pile"
        return f"{king}No card fits and there is nothing to draw: pass"

    def move_picks(self, view: dict, action) -> list[list[str]]:
        if action == DRAW:
            return [["@stock"]]
        if action == PASS:
            return []
        card, named = CARD_OF[action], NAMED[action]
        return [[card]] if named is None else [[card], ["=" + named]]

    def choice_text(self, key: str) -> dict:
        suit = key[1:]
        if suit in VIASHI_SUITS:
            return {"text": VIASHI_SUITS[suit], "suit": suit}
        return {"text": suit}


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _describe_need(need: dict) -> str:
    rank, suit, gods = need["rank"], need["suit"], need["gods"]
    parts = []
    if suit is not None:
        parts.append(f"a {VIASHI_SUITS[suit]} card")
    if rank != MAGE:
        parts.append(f"a {rank}")
    parts.append("a mage")
    if gods:
        parts.append("a god")
    if len(parts) == 1:
        return "Play a mage."
    return "Play " + ", ".join(parts[:-1]) + " or " + parts[-1] + "."


def _card(word: str) -> str:
    lowered = word.lower()
    for god in GODS:
        if lowered == god.lower():
            return god
    card = word.upper()
    if card in DECK_ORDER:
        return card
    raise IllegalAction(f"{word!r} is not a card; write rank then suit letter (3W, 8R, 9G) or a "
                        "god's name (Lady, DarkLord, Thief...), then for a mage the suit it "
                        "names (8W R), or 'draw' / 'pass'")


LOG_SHOWN = 12  # the last lines of the log a view shows, and all that is kept
# The log lines of the events, by the core's kind.
SAID = {core.PASSED: "seat {} cannot play or draw and passes",
        core.SKIPPED: "seat {} loses his turn"}


# The readable position: a core position (parlour/fast/mages_wild.py) and what the log and the
# views show of it. Every rule is the core's; this only names, words and narrates.
class MagesWildState(WrappedState):
    core_module = core
    copied = ("log", "last_plays", "since_played", "king_played")

    def __init__(self, game: MagesWild, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.n = game.players
        if deck is None:
            # A uniform shuffle by sorting on random keys: three times quicker than
            # random.shuffle, and a new game is a fifth of a random playout's time.
            rand = self.rng.random
            cards = [card for _, card in sorted([(rand(), card) for card in range(core.DECK)])]
        else:
            cards = [core.CARD_NUMBER[card] for card in deck]
        # Reshuffles draw on a chain of generators of their own, begun from self.rng here, so
        # that self.rng is never drawn on again and clones can share it.
        chain = ChainRng(self.rng.getrandbits(64))
        self.log: deque[str] = deque(maxlen=LOG_SHOWN)
        # What the table shows of each seat, kept from the events (the log keeps only its last
        # lines): his last card played with the suit it named, and what befell him since (the
        # core's event name, and for a draw the cards taken and whether the King made him).
        self.last_plays: list[tuple[str, str | None] | None] = [None] * self.n
        self.since_played: list[tuple[str, int, bool] | None] = [None] * self.n
        self.king_played = False  # the last thing told, a reshuffle aside, was a King played
        events: list = []
        self._start(core.start(game.players, game.options["god_effects"],
                               game.options["turn_limit"], chain, cards, events), events)

    def _core_rng(self, position: core.MagesWildFast) -> ChainRng:
        return ChainRng(position.rng.chain)

    def _rng_copy(self) -> ChainRng:
        return ChainRng(self.core.rng.chain)

    def _rng_state(self) -> int:
        return self.core.rng.chain

    def _rng_revived(self, chain: int) -> ChainRng:
        return ChainRng(chain)

    def _blank(self) -> core.MagesWildFast:
        options = self.game.options
        return core.start(self.n, options["god_effects"], options["turn_limit"], Rng(0),
                          list(range(core.DECK)))

    # What the tests and the table read --------------------------------------------------------
    @property
    def reached_cap(self) -> bool:
        return self.core.reached_cap()

    @property
    def ending(self) -> str:
        """"out", or "limit" for the engine's turn limit ("" while the game goes on)."""
        if not self.core.winners:
            return ""
        return "limit" if self.core.reached_cap() else "out"

    hands = property(lambda self: self.core.hands)
    draw = property(lambda self: [CARDS[c] for c in self.core.draw])
    discard = property(lambda self: [CARDS[c] for c in self.core.discard])
    playable = property(lambda self: self.core.playable)
    direction = property(lambda self: self.core.direction)
    turn = property(lambda self: self.core.turn)
    limit = property(lambda self: self.core.limit)
    god_effects = property(lambda self: self.core.god_effects)
    winners = property(lambda self: list(self.core.winners) if self.core.winners else None)

    @property
    def need(self) -> tuple[int, str | None, bool]:
        """What the next card must match: (rank, suit, gods allowed)."""
        rank, suit, gods = core.REQUIREMENT[self.core.top]
        return rank, _suit(suit), gods

    def shortages(self) -> list[tuple[int, int]]:
        """For each seat, from the public log: (cards he is known to have lacked, how many cards
        he has taken in since): what the core's determinize deals by."""
        return list(zip(self.core.lacked, self.core.since))

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [MOVES[m] for m in self.core.legal()]

    def _check(self, action) -> str | None:
        if type(action) is not Move:
            return f"{action!r} is not a Mages Wild move: play a card, 'draw' or 'pass'"
        why = self.core.why_not(action)
        if why == core.LEGAL:
            return None
        if why == core.CAN_PLAY:
            able = cards_in(self.core.hands[self.core.current] & self.core.playable)
            return f"you can play ({' '.join(able)}), so you may not {action}"
        if why == core.NOTHING_TO_DRAW:
            return "there is no card left to draw: pass"
        if why == core.MUST_DRAW:
            return "you cannot play, so you draw one card"
        card = CARD_OF[action]
        if why == core.NOT_HELD:
            return f"you hold no {card}"
        if why == core.FRIEND_NAMES_NONE:
            return "the Friend names no suit unless the option god_effects is on"
        top = self.discard[-1]
        rank, suit, gods = self.need
        if why == core.GOD_ON_GOD:
            return f"a god cannot be played on a god ({top})"
        if why == core.NOT_GOD_RANK:
            return (f"on the {card_name(top)} play a card of its equivalent rank {rank} or a "
                    f"mage; {card} is neither")
        if why == core.NOT_NAMED_SUIT:
            return (f"the {card_name(top)} asks for {VIASHI_SUITS[suit]}: play a "
                    f"{VIASHI_SUITS[suit]} card, a mage{' or a god' if gods else ''}")
        if why == core.NO_MATCH:
            return (f"{card} matches neither the rank ({rank}) nor the suit "
                    f"({VIASHI_SUITS[suit]}) of {top}: play a match, a mage or a god")
        return "the game is over"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        log = self.log.append
        kind = e.kind
        if kind == core.PLAYED:
            log(f"seat {e.seat} {PLAY_TEXT[e.other]}")
            self.last_plays[e.seat] = (CARD_OF[e.other], NAMED[e.other])
            self.since_played[e.seat] = None
            self.king_played = self.core.effects[e.other] == core.KING
        elif kind == core.DREW:
            log(f"seat {e.seat} draws {e.other} card{'s' if e.other != 1 else ''}")
            self.since_played[e.seat] = (core.EVENT_NAMES[kind], e.other, self.king_played)
            self.king_played = False
        elif kind in SAID:
            log(SAID[kind].format(e.seat))
            self.since_played[e.seat] = (core.EVENT_NAMES[kind], 0, False)
            self.king_played = False
        elif kind == core.RESHUFFLED:  # it may come between a King and the two cards drawn
            log("the discard pile under the top card is shuffled into a new draw pile "
                f"({e.other} cards)")
        elif kind == core.TURNED_UP:
            log(f"{CARDS[e.cards[0]]} is turned up")

    # What a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        n = self.n
        position = self.core
        rank, suit, gods = self.need
        top = CARDS[position.discard[-1]]
        to_act = self.current_player
        start = to_act if to_act is not None else 0
        winners = self.winners
        return {
            "game": "mages_wild",
            "seat": seat,
            "players": n,
            "to_act": to_act,
            "direction": position.direction,
            "order": [(start + i * position.direction) % n for i in range(n)],
            "god_effects": position.god_effects,
            "hand": self.hand(seat) if seat is not None else None,
            "hand_counts": [h.bit_count() for h in position.hands],  # "may not conceal" them
            "top": top,
            "named_suit": suit if (top[0] == "8" and suit != top[1]) or (
                top == "Friend" and suit) else None,
            "need": {"rank": rank, "suit": suit, "gods": gods},
            "discard": self.discard,
            "draw_count": len(position.draw),
            "turn": position.turn,
            "turn_limit": position.limit,
            "winners": winners,
            "result": self._result_text(winners),
            # each seat's last card played (named_suit: the suit a mage or the Friend named, if
            # not its own), and what befell him since: "drew" (count, for_the_king), "skipped"
            # (lost his turn) or "passed"
            "last_plays": [None if play is None else {"card": play[0], "named_suit": play[1]}
                           for play in self.last_plays],
            "since_played": [None if since is None else
                             {"kind": since[0], "count": since[1], "for_the_king": since[2]}
                             if since[0] == "drew" else {"kind": since[0]}
                             for since in self.since_played],
            "log": list(self.log),
        }

    def _result_text(self, winners: list[int] | None) -> str | None:
        if winners is None:
            return None
        seats = " and ".join(f"seat {s}" for s in winners)
        if self.ending == "out":
            return f"{seats} ran out of cards and wins"
        why = f"the turn limit ({self.core.limit}) is reached"
        return f"{why}: {seats} {'win' if len(winners) > 1 else 'wins'} with the fewest cards"

    def hand(self, seat: int) -> list[str]:
        """A seat's cards, in deck order."""
        return cards_in(self.core.hands[seat])

    def card_census(self) -> list[str]:
        return [CARDS[c] for c in core.census(self.core)]

    def determinize(self, seat: int, rng: random.Random) -> MagesWildState:
        """The core's determinization (docs/rules/mages_wild.md, "What the computer knows"): the
        other hands and the draw pile dealt afresh, each keeping its size, a hand none of the
        cards its seat was seen to lack but for as many as it has taken in since; with a chain of
        its own for the reshuffles to come."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        twin._own(self.core.determinize(seat, SourceRng(lambda: rng)),
                  ChainRng(twin.rng.getrandbits(64)))
        return twin


# A computer player ------------------------------------------------------------------------------
class MagesWildHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/mages_wild.py, heuristic_choice): keep the mages and the
    gods for later; play the King and the Warrior when they hurt the player next in turn, the Fool
    when it turns play away from the player closest to going out; otherwise shed the card that
    leaves the most follow-ups in hand, and name the suit one holds most of."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows: the hand, the hands' sizes, the direction.
        seat, n, direction = view["seat"], view["players"], view["direction"]
        pick = core.heuristic_choice([int(m) for m in legal_actions], mask_of(view["hand"]),
                                     view["hand_counts"], (seat + direction) % n,
                                     (seat - direction) % n, n,
                                     core.EFFECTS[view["god_effects"]])
        return MOVES[pick]


MagesWild.state_class = MagesWildState
MagesWild.heuristic = MagesWildHeuristic


# The table (parlour/core/scene.py) -------------------------------------------------------------
SINCE_WORDS = {"skipped": "lost his turn", "passed": "passed"}


def _since_words(since: dict | None) -> str | None:
    """What befell a seat since his last card played, as his note says it."""
    if since is None:
        return None
    if since["kind"] == "drew":
        return f"drew {since['count']}" + (" for the King" if since["for_the_king"] else "")
    return SINCE_WORDS[since["kind"]]


def _need_words(need: dict) -> str:
    """What may go on the discard pile now, in words: "a Flames card, a 3, a mage or a god"."""
    return _describe_need(need)[len("Play "):].rstrip(".")
