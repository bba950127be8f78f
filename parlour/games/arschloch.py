"""Arschloch (President): shed your cards in climbing tricks; the last one holding cards is the
Arschloch and gives his best cards to the President next round.

The rules are parlour/fast/arschloch.py's, the integer core, and only there. This is the readable
layer on it: the game's options, the actions and their notation, the words of a refusal, the
views, the table's scene and the terminal's picture, and the log told from the core's events.
Rule text: shared/seeds/004 (Arabic), sections 2-8; rulings: shared/GAMES.md; the rules page:
docs/rules/arschloch.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..agents.base import CoreHeuristic
from ..core.cards import FRENCH_52, FRENCH_RANKS, FRENCH_SUITS, SKAT_32
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import row, seat_entry
from ..core.wrapped import WrappedState
from ..fast import arschloch as core
from ..fast.core import Rng, SourceRng


# Actions ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    """Cards of one rank put on the trick, in hand order."""
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Give:
    """A card handed over in the exchange (the President's and Vice-President's choice)."""
    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Take a face-up extra card and put a card of one's hand face down in its place."""
    take: str
    put: str

    def __str__(self) -> str:
        return f"take {self.take} put {self.put}"


PASS = Pass()
_PLAYS: dict[tuple[str, ...], Play] = {}


def _play(cards: tuple[str, ...]) -> Play:
    # Plays are interned: a view's trick and the play to beat build the same few again and again.
    play = _PLAYS.get(cards)
    if play is None:
        play = _PLAYS[cards] = Play(cards)
    return play


LOG_SHOWN = 40
TITLES_3 = ("President", "Citizen", "Arschloch")


def titles(players: int) -> list[str]:
    """The ranks by finishing place (seed section 4)."""
    if players == 3:
        return list(TITLES_3)
    middle = ["Citizen"] * (players - 4)
    return ["President", "Vice-President", *middle, "Vice-Arschloch", "Arschloch"]


# The one numbering, the core's ----------------------------------------------------------------
def action_id(action) -> int:
    if isinstance(action, Pass):
        return core.PASS
    if isinstance(action, Play):
        suits = sum(1 << FRENCH_SUITS.index(c[1]) for c in action.cards)
        return core.play_number(FRENCH_RANKS.index(action.cards[0][0]), suits)
    if isinstance(action, Give):
        return core.GIVE + CARD[action.card]
    if isinstance(action, Swap):
        return core.SWAP + CARD[action.take] * 52 + CARD[action.put]
    raise ValueError(f"{action!r} is not an Arschloch action")


NAME = FRENCH_52.cards  # an outside card's name: its index in the 52-card deck
CARD = {name: i for i, name in enumerate(NAME)}
_ACTIONS: list = [None] * core.ACTIONS  # each number's action, made once


def action_of(number: int):
    action = _ACTIONS[number]
    if action is None:
        if number == core.PASS:
            action = PASS
        elif number < core.GIVE:
            rank, suits = FRENCH_RANKS[core.PLAY_FRENCH[number]], core.PLAY_SUITS[number]
            action = _play(tuple(rank + s for i, s in enumerate(FRENCH_SUITS) if suits >> i & 1))
        elif number < core.SWAP:
            action = Give(NAME[number - core.GIVE])
        else:
            take, put = divmod(number - core.SWAP, 52)
            action = Swap(NAME[take], NAME[put])
        _ACTIONS[number] = action
    return action


# The game --------------------------------------------------------------------------------------
@register
class Arschloch(Game):
    info = GameInfo(
        id="arschloch",
        title="Arschloch (President)",
        summary="Play the same number of cards of a higher rank or pass; first out is President, "
                "last holding cards is the Arschloch.",
        min_players=3, max_players=10, default_players=4, deck="skat32",
        options=(
            Option("deck", 32, "32: the Skat deck 7..A; 52: the plain 52-card game",
                   choices=(32, 52)),
            Option("ten_high", False, "the 10 is the highest card, even above the ace"),
            Option("two_high", False, "with deck=52 (President): the 2 is the highest card"),
            Option("equality", False, "equal ranks may be played; the next player is skipped"),
            Option("bomb", False, "a four-of-a-kind beats any play"),
            Option("bomb_on_bomb", "higher", "with bomb, which four-of-a-kind beats a "
                   "four-of-a-kind: higher (only a higher one, like any play) or any (any four, "
                   "lower ones too: a four beats any play, a four included)",
                   choices=("higher", "any")),
            Option("revolution", False, "a four-of-a-kind reverses the rank order"),
            Option("seat_change", False, "players re-seat clockwise in rank order from the "
                                         "President after each round"),
            Option("points", None, "play to this many points (the seed's target is 15)",
                   minimum=1, maximum=1000, allow_none=True),
            Option("rounds", None, "a match of this many rounds (most points wins)",
                   minimum=1, maximum=1000, allow_none=True),
        ),
        peers={"open_spiel": ["dou_dizhu"], "rlcard": ["doudizhu"]},
    )
    core_module = "arschloch"
    sample_options = (
        {},
        {"ten_high": True, "equality": True},
        {"bomb": True, "revolution": True},
        {"bomb": True, "bomb_on_bomb": "any", "revolution": True},
        {"deck": 52, "bomb": True, "bomb_on_bomb": "any", "equality": True},
        {"deck": 52, "two_high": True, "bomb": True},
        {"rounds": 3, "seat_change": True},
        {"points": 8, "revolution": True, "equality": True},
        {"deck": 52, "ten_high": True, "rounds": 2},
    )

    how_to_play = {
        "goal": "Get rid of your cards first: the first out is President, the last the Arschloch.",
        "turn": ["Play as many cards of one rank as the play to beat, of a higher rank, or pass.",
                 "Whoever leads may play any number of cards of one rank.",
                 "When all the others pass, the last to play leads the next trick.",
                 "You may not go out on the highest rank.",
                 "From round 2 the Arschloch gives his best cards to the President."],
    }

    # The table: a climbing game, the play to beat in the middle, each seat's last play before it.
    def scene(self, view: dict) -> dict:
        n = self.players
        me = view["seat"]
        names = titles(n)
        played = {entry["seat"]: entry["play"] for entry in view["trick"]}
        counted = self.options["points"] is not None or self.options["rounds"] is not None
        seats = []
        for s in range(n):
            play = played.get(s)
            place = view["places"].index(s) if s in view["places"] else None
            seats.append(seat_entry(
                count=view["hand_counts"][s],
                played=row(play.split()) if play and play != "pass" else None,
                note="passes" if play == "pass" else ("out" if place is not None else None),
                badges=[names[place]] if place is not None else
                [f"was {e['title']}" for e in view["last_ranking"] or () if e["seat"] == s],
                score=view["scores"][s] if counted else None))
        centre = []
        beat = view["to_beat"]
        centre.append(row(beat["cards"] if beat else [], label="To beat" if beat else "Lead"))
        if any(card is not None for card in view["extras"]) or view["phase"] == "swap":
            centre.append(row(view["extras"], label="Extra cards"))
        info = [{"label": "Round", "text": str(view["round"])}]
        if view["revolution"]:
            info.append({"label": "Revolution", "text": "the rank order is reversed"})
        if view["points_target"]:
            info.append({"label": "Play to", "text": f"{view['points_target']} points"})
        return {"family": "climb", "info": info, "say": self._say(view, me), "centre": centre,
                "seats": seats, "hand": row(view["hand"]) if view["hand"] is not None else None}

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me:
            return None
        if view["phase"] == "exchange":
            owed = [o for o in view["owed"] if o["giver"] == me]
            if owed:
                o = owed[0]
                return f"Give {o['count']} of your cards to seat {o['receiver']}"
            return None
        if view["phase"] == "swap":
            return "Take a face-up extra card and put one of yours face down in its place"
        beat = view["to_beat"]
        if beat is None:
            return "Lead any cards of one rank"
        return f"Beat {' '.join(beat['cards'])} with as many higher cards, or pass"

    def move_picks(self, view: dict, action) -> list[list[str]]:
        # Suits do not matter in play: any held card of the rank fills a slot.
        if isinstance(action, Play):
            hand = view["hand"]
            return [[c for c in hand if c[0] == card[0]] for card in action.cards]
        if isinstance(action, Give):
            return [[action.card]]
        if isinstance(action, Swap):
            return [[action.take]] if action.take == action.put else [[action.take], [action.put]]
        return []

    def send_cards(self, action) -> bool:
        return isinstance(action, Play)

    def check_options(self) -> None:
        o = self.options
        if o["deck"] == 32 and self.players > 6:
            raise OptionError("the Skat deck takes 3 to 6 players; use deck=52 for more")
        if o["two_high"] and o["deck"] != 52:
            raise OptionError("two_high is the 52-card President game: set deck=52")
        if o["two_high"] and o["ten_high"]:
            raise OptionError("two_high and ten_high cannot both be the highest card")
        if o["bomb_on_bomb"] != "higher" and not o["bomb"]:
            raise OptionError("bomb_on_bomb says which four beats a four under bomb: set bomb=true")


    def __init__(self, players: int | None = None, **options):
        super().__init__(players, **options)
        o = self.options
        self.ranks = core.normal_order(o["deck"], o["ten_high"], o["two_high"])
        self.rank_of = {card: self.ranks.index(card[0]) for card in self.deck().cards}

    def deck(self):
        return FRENCH_52 if self.options["deck"] == 52 else SKAT_32

    def max_decisions(self) -> int:
        n = self.players
        per_round = len(self.deck()) * (n + 1) + 2 * n
        rounds = self.options["rounds"] or 1
        if self.options["points"]:
            # Each round hands out n(n-1)/2 points, so someone reaches the target in time.
            rounds = min(self.options["rounds"] or 10**6,
                         2 * self.options["points"] // (n - 1) + 2)
        return per_round * rounds

    # Notation: "8H 8D", "pass", "give QH", "take TH put 7D". In play, suits do not matter:
    # any held cards of the ranks written are accepted (GAMES.md, notation).
    def parse_action(self, state: ArschlochState, text: str):
        words = text.replace(",", " ").split()
        lowered = [w.lower() for w in words]
        if lowered == ["pass"]:
            return PASS
        if len(words) == 2 and lowered[0] == "give":
            return Give(_card(words[1]))
        if len(words) == 4 and lowered[0] == "take" and lowered[2] == "put":
            return Swap(_card(words[1]), _card(words[3]))
        # Without this, 'give 7D 8D' would be read as cards and refuse 'GIVE' as one.
        if lowered[:1] == ["give"]:
            raise IllegalAction("give one card at a time, e.g. 'give 7D'")
        if lowered[:1] == ["take"]:
            raise IllegalAction("write a swap as 'take 9H put 7D'")
        if not words:
            raise IllegalAction("write cards such as '8H 8D', or 'pass'")
        seat = state.current_player
        hand = state.hand(seat) if seat is not None else []
        wanted = [_card(w) if len(w) > 1 and not w.isdigit() else None for w in words]
        ranks = [_rank(w) for w in words]
        chosen = [c for c in wanted if c is not None and c in hand]
        for r in ranks:
            if sum(1 for c in chosen if c[0] == r) < ranks.count(r):
                spare = [c for c in hand if c[0] == r and c not in chosen]
                if not spare:
                    have = sum(1 for c in hand if c[0] == r)
                    raise IllegalAction(f"you hold no card of rank {r}" if not have else
                                        f"you hold {have} of rank {r}, not {ranks.count(r)}")
                chosen.append(spare[0])
        order = {c: i for i, c in enumerate(hand)}
        return _play(tuple(sorted(chosen, key=order.__getitem__)))

    def render(self, view: dict) -> str:
        seat, n = view["seat"], self.players
        over = view["phase"] == "over"
        places = {s: i for i, s in enumerate(view["places"]) if s is not None}
        names = titles(n)
        match = (f"round {view['round']} of {view['rounds']}" if view["rounds"]
                 else f"round {view['round']}")
        if view["points_target"]:
            match += f", playing to {view['points_target']} points"
        lines = [f"{match} · {view['phase']}"
                 + (" · REVOLUTION: the order is reversed" if view["revolution"] else ""),
                 "ranks low to high: " + " ".join(view["rank_order"])]
        plays = [i for i, p in enumerate(view["trick"]) if p["play"] != "pass"]
        since_last_play = view["trick"][plays[-1] + 1:] if plays else []
        passed = {p["seat"] for p in since_last_play}
        last_title = {r["seat"]: r["title"] for r in view["last_ranking"] or []}
        marks = {s: ("you" if s == seat else f"seat {s}")
                 + (f" ({last_title[s]})" if s in last_title and not over else "")
                 for s in view["order"]}
        width = max(map(len, marks.values())) + 2
        for s in view["order"]:
            count = view["hand_counts"][s]
            state = f"{count} card{'s' if count != 1 else ''}"
            if s in places:
                state = f"out: {names[places[s]]}"
            elif s in passed:
                state += ", passed"
            turn = "  <- to act" if view["to_act"] == s else ""
            points = view["scores"][s]
            lines.append(f"{marks[s]:>{width}}: {state}, {points} pt{'s' if points != 1 else ''}"
                         f"{turn}")
        if view["trick"]:
            lines.append("trick: " + " · ".join(f"{p['seat']}: {p['play']}" for p in view["trick"]))
        if view["to_beat"]:
            lines.append(f"to beat: {' '.join(view['to_beat']['cards'])} "
                         f"(seat {view['to_beat']['seat']}): the same number of a higher rank, "
                         "or pass")
        elif view["phase"] == "play":
            lines.append("you lead: any single card or several of one rank"
                         if view["to_act"] == seat else "a new trick starts")
        if view["extras"]:
            lines.append("extra cards: " + " ".join(c or "??" for c in view["extras"]))
        if view["phase"] == "swap" and view["to_act"] == seat:
            lines.append("take one face-up extra card and put a card of your hand face down in "
                         "its place (you may put back the card you take)")
        if view["phase"] == "exchange" and view["to_act"] == seat and view["owed"]:
            owed = view["owed"][0]
            count = owed["count"]
            lines.append(f"give seat {owed['receiver']} {count} card{'s' if count > 1 else ''} "
                         "of your choice")
        if view["exchange"] and (view["exchange"]["gave"] or view["exchange"]["got"]):
            lines.append(f"exchange: gave {' '.join(view['exchange']['gave']) or '-'}, "
                         f"got {' '.join(view['exchange']['got']) or '-'}")
        if view["hand"] is not None and not over:
            lines.append("your hand: " + " ".join(view["hand"]))
        if view["winners"] is not None:
            who = ", ".join("you" if s == seat else f"seat {s}" for s in view["winners"])
            best = view["scores"][view["winners"][0]]
            label = "winners (shared)" if len(view["winners"]) > 1 else "winner"
            lines.append(f"{label}: {who} with {best} point{'s' if best != 1 else ''}")
        return "\n".join(lines)


    # One numbering of the actions, the core's: records, adapters and search use it alike.
    action_space_size = core.ACTIONS
    action_id = staticmethod(action_id)
    action_from_id = staticmethod(action_of)


def _rank(word: str) -> str:
    word = word.upper()
    if word.startswith("10"):
        return "T"
    if not word or word[0] not in FRENCH_RANKS:
        raise IllegalAction(f"{word!r} is not a card; write rank then suit, e.g. 8H, TD, AS")
    return word[0]


def _card(word: str) -> str:
    word = word.upper().replace("10", "T")
    if len(word) != 2 or word[0] not in FRENCH_RANKS or word[1] not in FRENCH_SUITS:
        raise IllegalAction(f"{word!r} is not a card; write rank then suit, e.g. 8H, TD, AS")
    return word


# The log lines of the events that name at most their seat.
PLAIN = {core.WENT_OUT: "seat {} is out", core.SKIPPED: "seat {} is skipped",
         core.EXCHANGED: "seat {}, the Arschloch, leads",
         core.REVOLUTION: "revolution: the rank order is reversed",
         core.UNBEATABLE: "nobody can beat the highest card still in play",
         core.MATCH_OVER: "the match is over"}


# The readable position: a core position (parlour/fast/arschloch.py) and what the log and the
# views show of it. Every rule is the core's; this only names, words and narrates.
class ArschlochState(WrappedState):
    core_module = core
    copied = ("log", "trick", "last_trick")

    def __init__(self, game: Arschloch, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.log: deque[tuple] = deque(maxlen=LOG_SHOWN)
        self.trick: list[tuple[int, Play | None]] = []  # this trick's plays (None: a pass)
        self.last_trick: list[tuple[int, Play | None]] = []
        rules = core.rules_of(game.players, game.options)
        cards = [rules.inside[CARD[c]] for c in deck] if deck is not None else None
        events: list = []
        self._start(core.start(rules, SourceRng(self._generator), cards, events), events)

    # What the tests and the table read --------------------------------------------------------
    @property
    def phase(self) -> str:
        return core.PHASE_NAMES[self.core.phase]

    @property
    def to_act(self) -> int:
        return self.core.turn

    @to_act.setter
    def to_act(self, seat: int) -> None:
        self.core.turn = seat

    round = property(lambda self: self.core.round)
    order = property(lambda self: list(self.core.order))
    scores = property(lambda self: list(self.core.scores))
    ranking = property(lambda self: list(self.core.ranking) if self.core.ranking else None)
    finished = property(lambda self: list(self.core.finished))
    stuck = property(lambda self: list(self.core.stuck))
    sizes = property(lambda self: list(self.core.sizes))
    revolution = property(lambda self: self.core.revolution)
    top = property(lambda self: self.core.top)

    def _names(self, cards) -> list[str]:
        outside = self.core.rules.outside
        return [NAME[outside[c]] for c in cards]

    def hand(self, seat: int) -> list[str]:
        """The seat's cards, weakest first in the normal order, suits in order."""
        position = self.core
        R, cards = position.rules.R, position.rules.cards
        return self._names(c for r in range(R) for c in cards[r][position.hands[seat * R + r]])

    @property
    def beat(self) -> tuple[int, Play] | None:
        """The play to beat and who made it."""
        position = self.core
        if position.beat_seat < 0:
            return None
        cards = position.rules.cards[position.beat_rank][position.beat_suits]
        return position.beat_seat, _play(tuple(self._names(cards)))

    @property
    def gave(self) -> list[dict[str, int]]:
        """Per seat: the cards it gave in the exchange and to whom."""
        return [{name: receiver for name, (_, receiver) in zip(self._names(c for c, _ in g), g)}
                for g in self.core.gave]

    @property
    def got(self) -> list[list[str]]:
        got: list[list[str]] = [[] for _ in self.core.sizes]
        for g in self.gave:
            for name, receiver in g.items():
                got[receiver].append(name)
        return got

    @property
    def extras(self) -> list[str]:
        return self._names(self.core.extras)

    @property
    def out_of_play(self) -> list[str]:
        out = self.core.out
        return self._names(c for c in range(self.core.rules.deck_size) if out >> c & 1)

    # A position set up by hand (scenario tests): these write the core's fields.
    @extras.setter
    def extras(self, names: list[str]) -> None:
        self.core.extras = tuple(self.core.rules.inside[CARD[c]] for c in names)

    @property
    def extras_up(self) -> list[bool]:
        return list(self.core.extras_up)

    @extras_up.setter
    def extras_up(self, ups: list[bool]) -> None:
        self.core.extras_up = tuple(ups)

    @property
    def extras_put_by(self) -> list[int | None]:
        return [None if by < 0 else by for by in self.core.put_by]

    @extras_put_by.setter
    def extras_put_by(self, seats: list[int | None]) -> None:
        self.core.put_by = tuple(-1 if by is None else by for by in seats)

    @out_of_play.setter
    def out_of_play(self, names: list[str]) -> None:
        inside = self.core.rules.inside
        self.core.out = sum(1 << inside[CARD[c]] for c in names)

    def _set_hand(self, seat: int, names: list[str]) -> None:
        position = self.core
        R = position.rules.R
        hands = [0] * R
        for c in (position.rules.inside[CARD[name]] for name in names):
            hands[c >> 2] |= 1 << (c & 3)
        position.hands[seat * R:seat * R + R] = hands
        position.sizes[seat] = len(names)

    def _count_held(self) -> None:
        position = self.core
        R = position.rules.R
        seats = range(len(position.sizes))
        position.held = [sum(core.POP[position.hands[s * R + r]] for s in seats) for r in range(R)]

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return [action_of(a) for a in self.core.legal()]

    def _check(self, action) -> str | None:
        position = self.core
        phase = position.phase
        if phase == core.PLAY:
            if isinstance(action, Play):
                cards = action.cards
                if not cards or len(set(cards)) != len(cards):
                    return "play one card or several different cards of one rank"
                hand = self.hand(position.turn)
                if any(c not in hand for c in cards):
                    return f"you do not hold {' '.join(c for c in cards if c not in hand)}"
                if any(c[0] != cards[0][0] for c in cards):
                    return "all cards of a play must have the same rank"
            elif not isinstance(action, Pass):
                return f"{action} is not a play: play cards or pass"
        elif phase == core.EXCHANGE and not isinstance(action, Give):
            return "it is the exchange: give a card (e.g. 'give 7H')"
        elif phase == core.SWAPPING and not isinstance(action, Swap):
            return "take a face-up extra card and put one face down (e.g. 'take TH put 7D')"
        why = position.why_not(action_id(action))
        if why == core.LEGAL:
            return None
        if why == core.MUST_LEAD:
            return "you lead: open the trick with one or more cards"
        if why == core.TOP_OUT:
            return f"you may not go out on the highest rank ({action.cards[0][0]})"
        if why == core.WRONG_COUNT:
            need = core.POP[position.beat_suits]
            return f"play exactly {need} card{'s' if need > 1 else ''}, or pass"
        if why == core.EQUAL_RANK:
            return "equal ranks may not be played: play a higher rank or pass"
        if why == core.NOT_HIGHER:
            return (f"{action.cards[0][0]} does not beat {self.beat[1].cards[0][0]}: "
                    "play higher or pass")
        if why == core.NOT_FACE_UP:
            ups = [c for c, up in zip(self.extras, position.extras_up) if up]
            return f"{action.take} is not a face-up extra card; they are {' '.join(ups)}"
        if why == core.NOT_HELD:
            return f"you do not hold {action.card if isinstance(action, Give) else action.put}"
        return "the game is over"

    # The log, told from the core's events -----------------------------------------------------
    # It keeps templates and formats them only when a view is asked for; a view shows the last
    # LOG_SHOWN lines, so no more are kept.
    def _tell(self, e) -> None:
        log = self.log.append
        kind, seat = e.kind, e.seat
        cards = [NAME[c] for c in e.cards]
        if kind in PLAIN:
            log((PLAIN[kind], (seat,)))
        elif kind == core.PLAYED:
            play = _play(tuple(cards))
            self.trick.append((seat, play))
            log(("seat {} plays {}", (seat, play)))
        elif kind == core.PASSED:
            self.trick.append((seat, None))
            log(("seat {} passes", (seat,)))
        elif kind == core.TRICK_WON:
            self.last_trick, self.trick = self.trick, []
            log(("seat {} wins the trick; seat {} leads", (seat, e.other)))
        elif kind == core.STUCK:
            log(("seat {} holds only {}s and is placed last", (seat, cards[0][0])))
        elif kind == core.GAVE:
            # Only the two seats may read which card.
            log(("seat {} gives a card to seat {}", (seat, e.other),
                 "seat {} gives {} to seat {}", (seat, cards[0], e.other), (seat, e.other)))
        elif kind == core.SWAPPED:
            log(("seat {} takes {} and puts a card face down", (seat, cards[0]),
                 "seat {} takes {} and puts {} face down", (seat, cards[0], cards[1]),
                 (seat,)))
        elif kind == core.DEALT:
            self.trick, self.last_trick = [], []
            if seat >= 0:
                log(("round {}: seat {} deals", (e.other, seat)))
        elif kind == core.OPENS:
            log(("seat {} holds {} and leads", (seat, cards[0])))
        elif kind == core.ROUND_OVER:
            self.trick = []
            names = titles(self.game.players)
            log(("ranks: " + ", ".join(f"seat {s} {names[i]}" for i, s in enumerate(e.more)),
                 ()))

    def log_lines(self, seat: int | None) -> list[str]:
        lines = []
        for text, args, *secret in self.log:
            if secret and seat in secret[2]:
                text, args = secret[0], secret[1]
            lines.append(text.format(*args))
        return lines

    # What a seat may see ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        position = self.core
        n = self.game.players
        names = titles(n)
        finished, stuck = list(position.finished), list(position.stuck)
        places = finished + [None] * (n - len(finished) - len(stuck)) + stuck[::-1]
        extras = [card if up or by == seat else None for card, up, by in
                  zip(self.extras, position.extras_up, position.put_by)]
        over = position.phase == core.OVER
        best = max(position.scores)
        ranks = self.game.ranks
        beat = self.beat
        return {
            "game": "arschloch",
            "seat": seat,
            "phase": self.phase,
            "round": position.round,
            "to_act": self.current_player,
            "order": list(position.order),
            "rank_order": list(ranks[::-1] if position.revolution else ranks),
            "revolution": position.revolution,
            "hand": self.hand(seat) if seat is not None else None,
            "hand_counts": list(position.sizes),
            "trick": [{"seat": s, "play": str(p) if p else "pass"} for s, p in self.trick],
            "to_beat": {"seat": beat[0], "cards": list(beat[1].cards)} if beat else None,
            "last_trick": [{"seat": s, "play": str(p) if p else "pass"}
                           for s, p in self.last_trick],
            "places": places,
            "extras": extras,
            "exchange": ({"gave": list(self.gave[seat]), "got": self.got[seat]}
                         if seat is not None else None),
            "owed": [{"giver": g, "receiver": r, "count": c} for g, r, c in position.owed],
            "last_ranking": ([{"seat": s, "title": names[i]}
                              for i, s in enumerate(position.ranking)]
                             if position.ranking else None),
            "scores": list(position.scores),
            "points_target": self.game.options["points"],
            "rounds": self.game.options["rounds"],
            "winners": [s for s in range(n) if position.scores[s] == best] if over else None,
            "log": self.log_lines(seat),
        }

    def card_census(self) -> list[str]:
        return [NAME[c] for c in core.census(self.core)]

    def _blank(self) -> core.ArschlochFast:
        return core.ArschlochFast(core.rules_of(self.game.players, self.game.options), Rng(0))



# A computer player after the seed's beginner tips -------------------------------------------------
class ArschlochHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/arschloch.py, heuristic_choice): shed low cards early,
    as pairs or triples when leading; do not break up sets; play the top cards in time, since you
    may not go out on them (seed section 9)."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows: the hand, the order in force, the lead.
        in_force = view["rank_order"]
        ranks = in_force[::-1] if view["revolution"] else in_force
        of_french = [ranks.index(r) if r in ranks else -1 for r in FRENCH_RANKS]
        hand = [0] * len(ranks)
        for card in view["hand"]:
            hand[ranks.index(card[0])] |= 1 << FRENCH_SUITS.index(card[1])
        numbers = [action_id(a) for a in legal_actions]
        pick = core.heuristic_choice(numbers, of_french, hand, 0, len(ranks), view["revolution"],
                                     view["to_beat"] is None, len(view["hand"]))
        return legal_actions[numbers.index(pick)]


Arschloch.state_class = ArschlochState
Arschloch.heuristic = ArschlochHeuristic
