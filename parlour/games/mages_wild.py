"""Mages Wild: Crazy Eights on the Viashi deck. Match the top card's rank or suit; a mage goes on
anything and names the suit to follow; a god goes on any card but a god; the King makes the next
player draw two, the Warrior skips him, the Fool turns the order round. First out wins.

Rule text: shared/seeds/003 (the Viashi deck, and "Mages Wild"); rulings: shared/GAMES.md. Read this
module beside docs/rules/mages_wild.md. A turn is one decision: play a card (a mage or, with
god_effects, the Friend, together with the suit it names), draw one when no card can be played, or
pass when there is nothing left to draw.
"""

from __future__ import annotations

import random
import re

from ..agents.base import Agent
from ..core.cards import GOD_RANK, GODS, VIASHI_54, VIASHI_SUITS, is_god, viashi_name, \
    viashi_rank, viashi_suit
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option, State
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone

HAND_SIZE = 9
MAGE = 8  # "Scholar/Magician": in this game the 8s are the mages
KING, WARRIOR, FOOL = 2, 5, 9
SUITS = tuple(VIASHI_SUITS)  # W R P B G
CARDS = VIASHI_54.cards
# The gods that, with god_effects, act as their equivalent rank's special card.
EFFECT_GODS = {god: GOD_RANK[god] for god in ("DarkLord", "Protectress", "Friend", "Changeling")}

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


# Hands and sets of cards are bit masks over the deck order (bit i is CARDS[i]): what a player
# can play is then one `&`, and a hand lists itself in deck order.
BIT = {card: 1 << i for i, card in enumerate(CARDS)}
CARD_AT_BIT = {bit: card for card, bit in BIT.items()}


def cards_in(mask: int) -> list[str]:
    """The cards of a mask, in deck order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(CARD_AT_BIT[low])
        mask ^= low
    return cards


def mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


# What may be played on what. A requirement is (rank, suit, gods allowed): a card is playable if
# it is a god and gods are allowed, or a mage, or of that rank, or of that suit.
def _playable(rank: int, suit: str | None, gods: bool) -> int:
    return mask_of(c for c in CARDS if (gods if is_god(c) else viashi_rank(c) in (MAGE, rank)
                                        or viashi_suit(c) == suit))


PLAYABLE = {(rank, suit, gods): _playable(rank, suit, gods)
            for rank in range(1, 10) for suit in (*SUITS, None) for gods in (True, False)}


def requirement(card: str, named: str | None = None) -> tuple[int, str | None, bool]:
    """What the next card must match once `card` is on top (with the suit a mage named)."""
    if is_god(card):
        # Ruling: after a god the next card must match its equivalent rank or be a mage; gods
        # cannot be played on gods. A Friend that named a suit (god_effects) asks for that suit.
        return (viashi_rank(card), named, False)
    return (viashi_rank(card), named or viashi_suit(card), True)


# Per move: the requirement it leaves, and its special effect with and without god_effects.
NEED = [None, None] + [PLAYABLE[requirement(CARD_OF[m], NAMED[m])] for m in MOVES[2:]]
NEED_OF = [None, None] + [requirement(CARD_OF[m], NAMED[m]) for m in MOVES[2:]]
BIT_OF = [0, 0] + [BIT[CARD_OF[m]] for m in MOVES[2:]]
# All a play changes, in one look-up: the card's bit and name, and what may follow it.
PLAYED = [None, None] + [(BIT_OF[m], CARD_OF[m], NEED[m], NEED_OF[m]) for m in MOVES[2:]]


def _effects(god_effects: bool) -> list[int | None]:
    table: list[int | None] = [None, None]
    for m in MOVES[2:]:
        card = CARD_OF[m]
        rank = EFFECT_GODS.get(card) if god_effects else None
        if card not in GOD_RANK:
            rank = int(card[0])
        table.append(rank if rank in (KING, WARRIOR, FOOL) else None)
    return table


EFFECTS = {False: _effects(False), True: _effects(True)}


def _plays(god_effects: bool) -> dict[str, tuple[Move, ...]]:
    """Every way to play each card: a mage as itself or naming one of the four other suits."""
    table = {}
    for card in CARDS:
        moves = [MOVE_OF[card, None]]
        if card[0] == "8" or (card == "Friend" and god_effects):
            moves += [MOVE_OF[card, s] for s in SUITS if s != card[1:]]
        table[card] = tuple(moves)
    return table


PLAYS = {False: _plays(False), True: _plays(True)}
# The plays offered for each set of playable cards held, made once per set met: a memo (the
# answer depends only on the key, which carries the god_effects option as bit 60), cleared when
# it grows large. It lives here rather than on the states, which stay small to copy and pickle.
LEGAL_MEMO: dict[int, list[Move]] = {}
MEMO_LIMIT = 200_000
GOD_EFFECTS_BIT = 1 << 60
DECK_MASK = (1 << len(CARDS)) - 1


def _offer(key: int) -> list[Move]:
    plays = PLAYS[bool(key & GOD_EFFECTS_BIT)]
    moves: list[Move] = []
    for card in cards_in(key & DECK_MASK):
        moves += plays[card]
    if len(LEGAL_MEMO) >= MEMO_LIMIT:
        LEGAL_MEMO.clear()
    LEGAL_MEMO[key] = moves
    return moves


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
        twins={"open_spiel": ["crazy_eights"], "rlcard": ["uno"]},
    )
    sample_options = (
        {},
        {"god_effects": True},
        {"turn_limit": 30},
        {"god_effects": True, "turn_limit": 200},
    )
    fast_twin = "mages_wild"

    def max_decisions(self) -> int:
        return self.options["turn_limit"]

    # Notation: "3W", "Thief", "Dark Lord", "8W" (the mage keeps Winds), "8W R" or "8W flames"
    # (the Magician of Winds names Flames), "Friend G" (god_effects), "draw", "pass".
    def parse_action(self, state: "MagesWildState", text: str) -> Move:
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
        played, since, king_draw = _table_events(view)
        seats = []
        for s in range(n):
            last = played.get(s)
            note = since.get(s)
            if last is not None and last[1]:
                note = note or f"named {last[1]}"
            seats.append(seat_entry(
                count=view["hand_counts"][s],
                played=(zone([item([last[0]])], dim=s in since) if last else None),
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
        return {"family": "climb", "info": info, "say": self._say(view, me, king_draw),
                "centre": centre, "seats": seats,
                "hand": row(view["hand"]) if view["hand"] is not None else None}

    def _say(self, view: dict, me: int | None, king_draw: int | None = None) -> str | None:
        if me is None or view["to_act"] != me or view["winners"] is not None:
            return None
        need = view["need"]
        hand = view["hand"] or []
        fits = mask_of(hand) & PLAYABLE[(need["rank"], need["suit"], need["gods"])]
        king = "The King made you draw two cards. " if king_draw == me else ""
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


# The rules -------------------------------------------------------------------------------------
class MagesWildState(State):
    def __init__(self, game: MagesWild, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.n = n
        if deck is None:
            # A uniform shuffle by sorting on random keys: three times quicker than
            # random.shuffle, and a new game is a fifth of a random playout's time.
            rand = self.rng.random
            cards = [card for _, card in sorted([(rand(), card) for card in CARDS])]
        else:
            cards = list(deck)
        # Reshuffles draw on their own seed, taken from self.rng here, so that self.rng is never
        # drawn on again and clone() can share it (copying a Random costs more than a turn).
        self.shuffle_seed = self.rng.getrandbits(64)
        # "Nine Cards are dealt to each player": one at a time round the table from seat 0.
        bits = [BIT[card] for card in cards]
        self.hands: list[int] = [sum(bits[s:HAND_SIZE * n:n]) for s in range(n)]
        # "The top card of the draw pile is flipped over to form a discard pile."
        top = cards[HAND_SIZE * n]
        self.discard: list[str] = [top]
        self.draw: list[str] = cards[:HAND_SIZE * n:-1]  # face down, top card last
        # Ruling: the first turned-up card has no effect (no draw two, skip, reverse or named
        # suit), but what it asks for stands: a mage its own suit, a god its equivalent rank.
        self.need = requirement(top)
        self.playable = PLAYABLE[self.need]
        god_effects = game.options["god_effects"]
        self.god_effects = god_effects
        self.effects = EFFECTS[god_effects]
        self.plays = PLAYS[god_effects]
        self.memo_flag = GOD_EFFECTS_BIT if god_effects else 0
        self.limit = game.options["turn_limit"]
        self.direction = 1
        self.current_player = 0  # "The player to the left of the dealer" plays first
        self.is_terminal = False
        self.turn = 0
        self.winners: list[int] | None = None
        self.ending = ""  # "out", or "limit" for the engine's turn limit
        self.log: list[tuple] = [(None, "top", top)]

    # The contract ----------------------------------------------------------------------------
    # current_player and is_terminal are plain attributes here, not the base class's properties:
    # every playout reads them at every decision.
    current_player: int | None = None
    is_terminal: bool = False

    def legal_actions(self) -> list:
        seat = self.current_player
        if seat is None:
            return []
        key = self.hands[seat] & self.playable
        if key:
            key |= self.memo_flag
            try:
                return LEGAL_MEMO[key][:]  # a copy: the memo's own list is never handed out
            except KeyError:
                return _offer(key)[:]
        # "If none of his cards can be played he draws one card from the top of the draw pile."
        return [DRAW] if self.draw or len(self.discard) > 1 else [PASS]

    def _check(self, action) -> str | None:
        if type(action) is not Move:
            return f"{action!r} is not a Mages Wild move: play a card, 'draw' or 'pass'"
        hand = self.hands[self.current_player]
        ok = self.playable
        if action == DRAW or action == PASS:
            able = cards_in(hand & ok)
            if able:
                return f"you can play ({' '.join(able)}), so you may not {action}"
            can_draw = bool(self.draw) or len(self.discard) > 1
            if action == DRAW and not can_draw:
                return "there is no card left to draw: pass"
            if action == PASS and can_draw:
                return "you cannot play, so you draw one card"
            return None
        card = CARD_OF[action]
        if not hand & BIT[card]:
            return f"you hold no {card}"
        if action not in self.plays[card]:
            return "the Friend names no suit unless the option god_effects is on"
        if not ok & BIT[card]:
            return self._why_not(card)
        return None

    def _why_not(self, card: str) -> str:
        top = self.discard[-1]
        rank, suit, gods = self.need
        if card in GOD_RANK:
            return f"a god cannot be played on a god ({top})"
        if top in GOD_RANK and suit is None:
            return (f"on the {card_name(top)} play a card of its equivalent rank {rank} or a "
                    f"mage; {card} is neither")
        if top[0] == "8" or top == "Friend":
            return (f"the {card_name(top)} asks for {VIASHI_SUITS[suit]}: play a "
                    f"{VIASHI_SUITS[suit]} card, a mage{' or a god' if gods else ''}")
        return (f"{card} matches neither the rank ({rank}) nor the suit "
                f"({VIASHI_SUITS[suit]}) of {top}: play a match, a mage or a god")

    def _apply(self, action) -> None:
        seat = self.current_player
        self.turn += 1
        if action > 1:  # a card played
            bit, card, self.playable, self.need = PLAYED[action]
            hands = self.hands
            hands[seat] = left = hands[seat] ^ bit
            self.discard.append(card)
            self.log.append((seat, "play", action))
            if not left:  # "The first player to run out of cards wins."
                self.winners = [seat]
                self.ending = "out"
                self.current_player = None
                self.is_terminal = True
                return
            effect = self.effects[action]
            if effect is None:
                self.current_player = (seat + self.direction) % self.n
            else:
                self._special(seat, effect)
        elif action == DRAW:
            pile = self.draw
            if len(pile) > 1:
                self.hands[seat] |= BIT[pile.pop()]
            else:
                self._draw(seat, 1)
            self.log.append((seat, "draw", 1))
            self.current_player = (seat + self.direction) % self.n  # "Play then moves to the next player."
        else:
            # Nothing to draw means every other card is in a hand, and so are at least four
            # mages: someone will play, and play never blocks.
            self.log.append((seat, "pass", None))
            self.current_player = (seat + self.direction) % self.n
        if self.turn >= self.limit:
            self._end_by_count("limit")

    def _special(self, seat: int, effect: int) -> None:
        n = self.n
        if effect == FOOL and n > 2:  # Ruling: with two players the Fool changes nothing
            self.direction = -self.direction
        step = self.direction
        nxt = (seat + step) % n
        if effect == WARRIOR:
            # "the player who would normally play next loses his turn"
            self.log.append((nxt, "skip", None))
            nxt = (nxt + step) % n
        elif effect == KING:
            # "the next player to play must pick up two cards before taking his regular turn"
            got = self._draw(nxt, 2)
            self.log.append((nxt, "draw", got))
        self.current_player = nxt

    def _draw(self, seat: int, count: int) -> int:
        pile = self.draw
        got = 0
        for _ in range(count):
            if not pile:
                # Left empty by a reshuffle with nothing under the top card: cards played since
                # make a new draw pile now.
                self._reshuffle()
                if not pile:
                    break
            self.hands[seat] |= BIT[pile.pop()]
            got += 1
            if not pile:
                # "When the last card of the draw pile is taken, the top card of the discard pile
                # is taken to form a new discard pile, and the remainder of the cards are
                # shuffled, and placed face down to form a new draw pile."
                self._reshuffle()
        return got

    def _reshuffle(self) -> None:
        if len(self.discard) < 2:
            return
        rest = self.discard[:-1]
        del self.discard[:-1]
        shuffler = random.Random(self.shuffle_seed)
        shuffler.shuffle(rest)
        self.shuffle_seed = shuffler.getrandbits(64)
        self.draw.extend(rest)
        self.log.append((None, "reshuffle", len(rest)))

    def _end_by_count(self, why: str) -> None:
        """The engine's end at the turn limit: the fewest cards in hand win (shared)."""
        counts = [hand.bit_count() for hand in self.hands]
        self.winners = [s for s in range(self.n) if counts[s] == min(counts)]
        self.ending = why
        self.reached_cap = True
        self.current_player = None
        self.is_terminal = True

    def returns(self) -> list[float]:
        """The winner 1, everyone else 0; at the engine's turn limit the 1 is shared among the
        players holding the fewest cards."""
        if self.winners is None:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.n)]

    # What a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        n = self.n
        rank, suit, gods = self.need
        top = self.discard[-1]
        to_act = self.current_player
        start = to_act if to_act is not None else 0
        return {
            "game": "mages_wild",
            "seat": seat,
            "players": n,
            "to_act": to_act,
            "direction": self.direction,
            "order": [(start + i * self.direction) % n for i in range(n)],
            "god_effects": self.god_effects,
            "hand": self.hand(seat) if seat is not None else None,
            "hand_counts": [h.bit_count() for h in self.hands],  # "may not conceal" them
            "top": top,
            "named_suit": suit if (top[0] == "8" and suit != top[1]) or (
                top == "Friend" and suit) else None,
            "need": {"rank": rank, "suit": suit, "gods": gods},
            "discard": list(self.discard),
            "draw_count": len(self.draw),
            "turn": self.turn,
            "turn_limit": self.limit,
            "winners": list(self.winners) if self.winners is not None else None,
            "result": self._result_text(),
            "log": [self._say(entry) for entry in self.log[-12:]],
        }

    def _result_text(self) -> str | None:
        if self.winners is None:
            return None
        seats = " and ".join(f"seat {s}" for s in self.winners)
        if self.ending == "out":
            return f"{seats} ran out of cards and wins"
        why = f"the turn limit ({self.limit}) is reached"
        return f"{why}: {seats} {'win' if len(self.winners) > 1 else 'wins'} with the fewest cards"

    def _say(self, entry: tuple) -> str:
        seat, what, detail = entry
        if what == "top":
            return f"{detail} is turned up"
        if what == "play":
            return f"seat {seat} {PLAY_TEXT[detail]}"
        if what == "draw":
            return f"seat {seat} draws {detail} card{'s' if detail != 1 else ''}"
        if what == "pass":
            return f"seat {seat} cannot play or draw and passes"
        if what == "skip":
            return f"seat {seat} loses his turn"
        return f"the discard pile under the top card is shuffled into a new draw pile " \
               f"({detail} cards)"

    def hand(self, seat: int) -> list[str]:
        """A seat's cards, in deck order."""
        return cards_in(self.hands[seat])

    def card_census(self) -> list[str]:
        return [c for h in self.hands for c in cards_in(h)] + self.draw + self.discard

    def clone(self) -> "MagesWildState":
        twin = object.__new__(MagesWildState)
        twin.__dict__ = self.__dict__.copy()  # self.rng is shared: it is never drawn on again
        twin.history = self.history[:]
        twin.log = self.log[:]
        twin.hands = self.hands[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        if self.winners is not None:
            twin.winners = self.winners[:]
        return twin

    def determinize(self, seat: int, rng: random.Random) -> "MagesWildState":
        """The other hands and the draw pile dealt afresh from the cards the seat cannot see,
        each keeping its size; the discard pile and the seat's own hand stay. A player who drew
        because he could not play held none of the cards then playable, so a hand is dealt at
        most as many of those as he has taken in since (`shortages`)."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        twin.shuffle_seed = twin.rng.getrandbits(64)
        others = [s for s in range(self.n) if s != seat]
        pool = [c for s in others for c in cards_in(self.hands[s])] + self.draw
        short = self.shortages()
        seats = [(self.hands[s].bit_count(), *short[s]) for s in others]
        for _ in range(20):
            rng.shuffle(pool)
            hands = _deal_short(pool, seats)
            if hands is not None:
                break
        else:  # the greedy deal missed a fit 20 times: deal as if nothing were known, which
            # can show nothing (never fall back on the real hands)
            hands = _deal_short(pool, [(size, 0, 0) for size, _, _ in seats])
        taken = 0
        for s, hand in zip(others, hands):
            twin.hands[s] = hand
            taken |= hand
        twin.draw = [c for c in pool if not BIT[c] & taken]
        return twin

    def shortages(self) -> list[tuple[int, int]]:
        """For each seat, from the public log: (cards he is known to have lacked, how many cards
        he has taken in since). "If none of his cards can be played he draws one card": a draw
        or a pass shows that none of the cards then playable was in his hand; only cards drawn
        after it can be among them, and each of those he plays shows one fewer."""
        cached = self.__dict__.get("_shortages")
        if cached is not None and cached[0] == len(self.log):
            return cached[1]
        lacked, since = [0] * self.n, [0] * self.n
        playable, king = 0, False
        effects = self.effects
        for seat, what, detail in self.log:
            if what == "play":
                bit, _, playable, _ = PLAYED[detail]
                if bit & lacked[seat] and since[seat]:
                    since[seat] -= 1
                king = effects[detail] == KING
            elif what == "draw" and king:
                since[seat] += detail  # the King's two: not a choice, so they show nothing
                king = False
            elif what == "draw" or what == "pass":
                lacked[seat] = lacked[seat] | playable if not since[seat] else playable
                since[seat] = detail or 0
            elif what == "top":
                playable = PLAYABLE[requirement(detail)]
        result = list(zip(lacked, since))
        self._shortages = (len(self.log), result)
        return result


def _deal_short(pool: list[str], seats: list[tuple[int, int, int]]) -> list[int] | None:
    """Hands from the shuffled pool for seats given as (size, lacked, since), the most
    constrained seat first: each holds the cards it had when it last showed what it lacked (none
    of those), taken from the front of the pool, and the `since` cards it took in after, any,
    from the back. None if the pool runs short."""
    hands = [0] * len(seats)
    used = 0
    for i in sorted(range(len(seats)), key=lambda i: (not seats[i][1], seats[i][2] - seats[i][0])):
        size, lacked, since = seats[i]
        later = min(since, size)
        kept = size - later
        hand = 0
        for card in pool:
            if not kept:
                break
            bit = BIT[card]
            if not bit & (used | lacked):
                hand |= bit
                used |= bit
                kept -= 1
        if kept:
            return None
        for card in reversed(pool):
            if not later:
                break
            bit = BIT[card]
            if not bit & used:
                hand |= bit
                used |= bit
                later -= 1
        hands[i] = hand
    return hands


# A computer player ------------------------------------------------------------------------------
class MagesWildHeuristic(Agent):
    """Keep the mages (always playable: the sure last card) and the gods for later; play the King
    and the Warrior when they hurt the player next in turn, the Fool when it turns play away from
    the player closest to going out; otherwise shed the card that leaves the most follow-ups in
    hand, and name the suit one holds most of."""

    name = "heuristic"

    def act(self, view, legal_actions):
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = view["hand"]
        if len(hand) == 1:
            return legal_actions[0]
        counts = view["hand_counts"]
        seat, n, direction = view["seat"], view["players"], view["direction"]
        effects = EFFECTS[view["god_effects"]]
        nxt, prev = (seat + direction) % n, (seat - direction) % n
        best, best_score = legal_actions[0], None
        for move in legal_actions:
            score = self._score(move, hand, counts, n, nxt, prev, effects)
            if best_score is None or score > best_score:
                best, best_score = move, score
        return best

    @staticmethod
    def _score(move, hand, counts, n, nxt, prev, effects) -> float:
        card = CARD_OF[move]
        rest = list(hand)
        rest.remove(card)
        playable = NEED[move]
        # Cards left that would follow this one: worth keeping the table on our suit and rank.
        plain = [c for c in rest if c not in GOD_RANK and c[0] != "8"]
        score = 1.5 * sum(1 for c in plain if BIT[c] & playable)
        wild = card[0] == "8" or card in GOD_RANK
        if card[0] == "8":
            score -= 10  # the mage is the card that can always be played: keep it
        elif card in GOD_RANK:
            # A god is nearly as free as a mage, and after it only its rank or a mage follows:
            # keep it, unless the next player is close to going out and must be stopped.
            score -= 6 if counts[nxt] > 2 else 0
            score += 3 if counts[nxt] <= 2 else 0
        if not wild and rest and all(c[0] == "8" or c in GOD_RANK for c in rest):
            score += 5  # only wild cards left after this: a sure finish
        effect = effects[move]
        danger = counts[nxt] <= 2
        if effect == KING:
            score += 4 + (4 if danger else 0)
        elif effect == WARRIOR:
            score += 8 if n == 2 else 3 + (4 if danger else 0)
        elif effect == FOOL and n > 2:
            score += max(-4, min(4, counts[prev] - counts[nxt]))
        if NAMED[move] is not None or card[0] == "8":
            suit = NAMED[move] or card[1]
            score += 0.5 * sum(1 for c in plain if c[1] == suit)
        return score


MagesWild.state_class = MagesWildState
MagesWild.heuristic = MagesWildHeuristic


# The table (parlour/core/scene.py) -------------------------------------------------------------
_PLAY_LINE = re.compile(r"^seat (\d+) plays (\S+)(?: naming (\w+))?$")
_DRAW_LINE = re.compile(r"^seat (\d+) draws (\d+) cards?$")


def _kings(god_effects: bool) -> set[str]:
    """The cards that make the next player draw two."""
    return {f"2{s}" for s in SUITS} | ({"DarkLord"} if god_effects else set())


def _table_events(view: dict) -> tuple[dict, dict, int | None]:
    """From the public log: each seat's last card played (with the suit it named), what happened
    to it since (a draw, a lost turn, a pass), and who last drew the King's two cards (the seat,
    if that is the latest thing that happened)."""
    played: dict[int, tuple[str, str | None]] = {}
    since: dict[int, str] = {}
    kings = _kings(view["god_effects"])
    king_draw = None
    previous = None
    for line in view["log"]:
        if line.startswith("the discard pile") or line.endswith("is turned up"):
            continue  # a reshuffle comes between the King and the two cards it makes one draw
        king_draw = None
        match = _PLAY_LINE.match(line)
        if match:
            seat = int(match.group(1))
            played[seat] = (match.group(2), match.group(3))
            since.pop(seat, None)
            previous = match.group(2)
            continue
        match = _DRAW_LINE.match(line)
        if match:
            seat, got = int(match.group(1)), int(match.group(2))
            forced = previous in kings
            if forced:
                king_draw = seat
                since[seat] = f"drew {got} for the King"
            else:
                since[seat] = f"drew {got}"
        elif line.endswith("loses his turn"):
            since[int(line.split()[1])] = "lost his turn"
        elif line.endswith("cannot play or draw and passes"):
            since[int(line.split()[1])] = "passed"
        previous = None
    return played, since, king_draw


def _need_words(need: dict) -> str:
    """What may go on the discard pile now, in words: "a Flames card, a 3, a mage or a god"."""
    return _describe_need(need)[len("Play "):].rstrip(".")
