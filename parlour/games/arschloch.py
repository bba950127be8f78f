"""Arschloch (President): shed your cards in climbing tricks; the last one holding cards is the
Arschloch and gives his best cards to the President next round.

Rule text: shared/seeds/004 (Arabic), sections 2-8; rulings: shared/GAMES.md. Read this module
beside docs/rules/arschloch.md. Phases of a round: deal, swap of the two extra cards (round 2 on),
exchange between ranks (round 2 on), play, ranking and points.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..agents.base import Agent
from ..core.cards import FRENCH_52, FRENCH_RANKS, FRENCH_SUITS, SKAT_32
from ..core.errors import IllegalAction, OptionError
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import row, seat_entry


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
    # Plays are interned: legal_actions builds the same few dozen again and again.
    play = _PLAYS.get(cards)
    if play is None:
        play = _PLAYS[cards] = Play(cards)
    return play


class _Runs(dict):
    """RUNS[cards]: the plays of the first one, two, ... of these cards of one rank."""

    def __missing__(self, cards: tuple[str, ...]) -> tuple[Play, ...]:
        runs = self[cards] = tuple(_play(cards[:k]) for k in range(1, len(cards) + 1))
        return runs


RUNS = _Runs()


LOG_SHOWN = 40
TITLES_3 = ("President", "Citizen", "Arschloch")


def titles(players: int) -> list[str]:
    """The ranks by finishing place (seed section 4)."""
    if players == 3:
        return list(TITLES_3)
    middle = ["Citizen"] * (players - 4)
    return ["President", "Vice-President", *middle, "Vice-Arschloch", "Arschloch"]


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
        twins={"open_spiel": ["dou_dizhu"], "rlcard": ["doudizhu"]},
    )
    fast_twin = "arschloch"
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
        self.ranks = self.rank_order()
        self.rank_of = {card: self.ranks.index(card[0]) for card in self.deck().cards}
        self.cards_by_rank = sorted(self.deck().cards, key=lambda c: (self.rank_of[c], c[1]))

    def deck(self):
        return FRENCH_52 if self.options["deck"] == 52 else SKAT_32

    def rank_order(self) -> str:
        """Ranks from lowest to highest in the normal order of these options."""
        ranks = "23456789TJQKA" if self.options["deck"] == 52 else "789TJQKA"
        if self.options["ten_high"]:
            ranks = ranks.replace("T", "") + "T"
        if self.options["two_high"]:
            ranks = ranks.replace("2", "") + "2"
        return ranks

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
    def parse_action(self, state: "ArschlochState", text: str):
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

    @property
    def action_space_size(self) -> int:
        return 1 + 13 * 15 + 52 + 52 * 52

    def action_id(self, action) -> int:
        if isinstance(action, Pass):
            return 0
        if isinstance(action, Play):
            mask = sum(1 << FRENCH_SUITS.index(c[1]) for c in action.cards)
            return 1 + FRENCH_RANKS.index(action.cards[0][0]) * 15 + mask - 1
        if isinstance(action, Give):
            return 196 + FRENCH_52.cards.index(action.card)
        if isinstance(action, Swap):
            index = FRENCH_52.cards.index
            return 248 + index(action.take) * 52 + index(action.put)
        raise ValueError(f"{action!r} is not an Arschloch action")

    def action_from_id(self, number: int):
        if number == 0:
            return PASS
        if number < 196:
            rank, mask = FRENCH_RANKS[(number - 1) // 15], (number - 1) % 15 + 1
            cards = tuple(rank + s for i, s in enumerate(FRENCH_SUITS) if mask >> i & 1)
            return Play(cards)
        if number < 248:
            return Give(FRENCH_52.cards[number - 196])
        take, put = divmod(number - 248, 52)
        return Swap(FRENCH_52.cards[take], FRENCH_52.cards[put])


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


# The rules -------------------------------------------------------------------------------------
# Ranks are numbers 0, 1, 2, ... in the normal order of the options (0 the lowest), so "higher" is a
# comparison of numbers and a revolution only turns the comparison round. A hand is one tuple of
# cards per rank, suits in order: the counts a trick asks for, the plays of a rank and the highest
# card come straight from it, and `held` counts each rank in the players' hands.
class ArschlochState(PhasedState):
    def __init__(self, game: Arschloch, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.normal_order = game.ranks
        self.order = list(range(n))  # seats clockwise; seat_change reorders it
        self.scores = [0] * n
        self.round = 0
        self.ranking: list[int] | None = None  # last round's seats, President first
        self.log: deque[tuple] = deque(maxlen=LOG_SHOWN)
        self._deal(deck)

    # Deal ----------------------------------------------------------------------------------
    def _deal(self, deck: list[str] | None) -> None:
        """One by one clockwise until everyone has the same number; the rest are the extras."""
        game, n = self.game, self.game.players
        cards = list(deck) if deck is not None else list(game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        self.round += 1
        per = len(cards) // n
        # Round 1 deals from seat 0; later rounds the Arschloch deals, starting on his left.
        first = 0 if self.ranking is None else (self.order.index(self.ranking[-1]) + 1) % n
        seats = self.order[first:] + self.order[:first]
        # Each seat's left-hand neighbour, who plays after him.
        self.left = tuple(self.order[(self.order.index(s) + 1) % n] for s in range(n))
        receiver = dict(zip(cards, seats * per))  # the card i goes to seats[i % n]
        # Each hand sorted into its ranks: going through the deck rank by rank, suits in order,
        # every rank's cards arrive sorted.
        rank_of = game.rank_of
        hands: list[list[list[str]]] = [[[] for _ in game.ranks] for _ in range(n)]
        for card in game.cards_by_rank:
            seat = receiver.get(card)
            if seat is not None:
                hands[seat][rank_of[card]].append(card)
        self.hands = [[tuple(same) for same in hand] for hand in hands]
        self.sizes = [per] * n  # cards in each hand
        self._count_held()
        self.extras = cards[per * n:]
        skat_extras = game.options["deck"] == 32 and self.extras
        # Round 1 the extras stay face down; from round 2 they are turned face up (the Skat deal).
        self.extras_up = [bool(skat_extras) and self.ranking is not None] * len(self.extras)
        self.extras_put_by: list[int | None] = [None] * len(self.extras)
        self.taken: dict[str, int] = {}  # face-up extras taken, public
        self.gave: list[dict[str, int]] = [{} for _ in range(n)]  # card -> receiver, private
        self.got: list[list[str]] = [[] for _ in range(n)]
        self.revolution = False
        self.top = len(self.normal_order) - 1  # the top rank of the order in force
        self.finished: list[int] = []  # out, from the President down
        self.stuck: list[int] = []  # left only top cards: placed from the bottom up
        self.trick: list[tuple[int, Play | None]] = []  # this trick's plays (None: a pass)
        self.beat: tuple[int, Play] | None = None  # the play to beat, and who made it
        self.last_trick: list[tuple[int, Play | None]] = []
        self.passes = 0
        self.out_of_play: list[str] = []  # every card played, and the cards of stuck players
        self.swaps: list[int] = []
        self.gives: list[tuple[int, int, int]] = []  # (giver, receiver, cards still owed)
        if self.ranking is None:
            opener, club = self._round_one_opener()
            self._log("seat {} holds {} and leads", opener, club)
            self._start_play(opener)
            return
        self._log("round {}: seat {} deals", self.round, self.ranking[-1])
        if skat_extras and n >= 5:
            # 3rd place takes one extra and puts a card face down, then 4th place the other.
            self.swaps = [self.ranking[2], self.ranking[3]]
            self.phase = "swap"
            self.to_act = self.swaps[0]
        else:
            self._start_exchange()

    def hand(self, seat: int) -> list[str]:
        """The seat's cards, weakest first in the normal order."""
        return [card for same in self.hands[seat] for card in same]

    def _set_hand(self, seat: int, cards: list[str]) -> None:
        rank_of = self.game.rank_of
        by_rank: list[list[str]] = [[] for _ in self.normal_order]
        for card in cards:
            by_rank[rank_of[card]].append(card)
        self.hands[seat] = [tuple(sorted(same)) for same in by_rank]
        self.sizes[seat] = len(cards)

    def _count_held(self) -> None:
        """Cards of each rank in the players' hands: what is "still in play" (GAMES.md: set-aside
        extra cards are not)."""
        self.held = [sum(map(len, ranks)) for ranks in zip(*self.hands)]

    def _into_hand(self, seat: int, card: str) -> None:
        rank = self.game.rank_of[card]
        self.hands[seat][rank] = tuple(sorted(self.hands[seat][rank] + (card,)))
        self.sizes[seat] += 1
        self.held[rank] += 1

    def _out_of_hand(self, seat: int, card: str) -> None:
        rank = self.game.rank_of[card]
        self.hands[seat][rank] = tuple(c for c in self.hands[seat][rank] if c != card)
        self.sizes[seat] -= 1
        self.held[rank] -= 1

    def _round_one_opener(self) -> tuple[int, str]:
        """The holder of 7 of clubs opens round 1; if it is set aside, the lowest club in play."""
        for rank, name in enumerate(self.normal_order):
            for seat, hand in enumerate(self.hands):
                if name + "C" in hand[rank]:
                    return seat, name + "C"
        raise AssertionError("no club was dealt")

    # Swap and exchange (round 2 on) -----------------------------------------------------------
    def _start_exchange(self) -> None:
        """The Arschloch gives the President his two highest, the President returns any two;
        Vice-Arschloch and Vice-President one card the same way; with 3 players one card only."""
        r, n = self.ranking, self.game.players
        pairs = [(r[-1], r[0], 1 if n == 3 else 2)]
        if n >= 4:
            pairs.append((r[-2], r[1], 1))
        for low, high, count in pairs:
            for _ in range(count):
                self._hand_over(low, high, self.hand(low)[-1])  # the highest card
        self.gives = [(high, low, count) for low, high, count in pairs]
        self.phase = "exchange"
        self.to_act = self.gives[0][0]

    def _hand_over(self, giver: int, receiver: int, card: str) -> None:
        self._out_of_hand(giver, card)
        self._into_hand(receiver, card)
        self.gave[giver][card] = receiver
        self.got[receiver].append(card)
        self._secret("seat {} gives a card to seat {}", (giver, receiver),
                     "seat {} gives {} to seat {}", (giver, card, receiver), (giver, receiver))

    def _start_play(self, leader: int) -> None:
        self.phase = "play"
        self.to_act = leader

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "play":
            return self._plays()
        seat = self.to_act
        if phase == "exchange":
            return [Give(c) for c in self.hand(seat)]
        if phase == "swap":
            hand = self.hand(seat)
            ups = [c for c, up in zip(self.extras, self.extras_up) if up]
            return [Swap(take, put) for take in ups for put in [take, *hand]]
        return []

    def _weakest_first(self, hand: list) -> list:
        """A hand's ranks weakest first in the order in force."""
        return hand[::-1] if self.revolution else hand

    def _beats(self, rank: int, floor: int) -> bool:
        """`rank` may be played on `floor`: higher in the order in force, or equal under equality."""
        if rank == floor:
            return self.game.options["equality"]
        return (rank > floor) != self.revolution

    def _higher(self, hand: list, floor: int) -> list:
        """The hand's ranks that may be played on `floor` (see _beats), weakest first."""
        equal = self.game.options["equality"]
        if self.revolution:
            return hand[:floor + equal][::-1]
        return hand[floor + 1 - equal:]

    def _plays(self) -> list:
        """Same count exactly, strictly higher rank, or pass; no going out on the top rank."""
        seat = self.to_act
        hand = self.hands[seat]
        if self.beat is None:
            # One card, two, ... of any rank.
            plays = [play for same in self._weakest_first(hand) if same for play in RUNS[same]]
        else:
            cards = self.beat[1].cards
            need = len(cards)
            floor = self.game.rank_of[cards[0]]
            if self._bombs_beat(need):
                plays = self._plays_and_bombs(hand, need, floor)
            else:
                plays = [RUNS[same][need - 1] for same in self._higher(hand, floor)
                         if len(same) >= need]
            plays.append(PASS)  # passing is always allowed, but a new trick must be opened
        size = self.sizes[seat]
        if len(hand[self.top]) == size:
            # A hand of only top cards has left play already (_settle_stuck), but a position set
            # up by hand may hold one: it may not go out.
            plays = [play for play in plays if play is PASS or len(play.cards) < size]
        return plays

    def _bombs_beat(self, need: int) -> bool:
        """Under bomb "a four-of-a-kind beats any play": a single, a pair or a triple whatever
        their ranks; a four only with bomb_on_bomb=any (by default a four is beaten as any play
        is, by a higher four)."""
        options = self.game.options
        return options["bomb"] and (need != 4 or options["bomb_on_bomb"] == "any")

    def _plays_and_bombs(self, hand: list, need: int, floor: int) -> list:
        plays = []
        for rank in self._weakest_first(range(len(hand))):
            same = hand[rank]
            if need != 4 and len(same) >= need and self._beats(rank, floor):
                plays.append(RUNS[same][need - 1])
            if len(same) == 4:
                plays.append(RUNS[same][3])  # a four-of-a-kind beats any play
        return plays

    def _check(self, action) -> str | None:
        phase, seat = self.phase, self.to_act
        hand = self.hand(seat)
        if phase == "play":
            if isinstance(action, Pass):
                # Passing is always allowed, even when you could play; but the leader opens.
                return None if self.beat else "you lead: open the trick with one or more cards"
            if not isinstance(action, Play):
                return f"{action} is not a play: play cards or pass"
            return self._why_not(action, hand)
        if phase == "exchange":
            if not isinstance(action, Give):
                return "it is the exchange: give a card (e.g. 'give 7H')"
            return None if action.card in hand else f"you do not hold {action.card}"
        if phase == "swap":
            if not isinstance(action, Swap):
                return "take a face-up extra card and put one face down (e.g. 'take TH put 7D')"
            ups = [c for c, up in zip(self.extras, self.extras_up) if up]
            if action.take not in ups:
                return f"{action.take} is not a face-up extra card; they are {' '.join(ups)}"
            if action.put not in hand and action.put != action.take:
                return f"you do not hold {action.put}"
            return None
        return "the game is over"

    def _why_not(self, play: Play, hand: list[str]) -> str | None:
        cards = play.cards
        if not cards or len(set(cards)) != len(cards):
            return "play one card or several different cards of one rank"
        if any(c not in hand for c in cards):
            return f"you do not hold {' '.join(c for c in cards if c not in hand)}"
        rank_of = self.game.rank_of
        rank = rank_of[cards[0]]
        if any(rank_of[c] != rank for c in cards):
            return "all cards of a play must have the same rank"
        if len(cards) == len(hand) and rank == self.top:
            return f"you may not go out on the highest rank ({cards[0][0]})"
        if self.beat is None:
            return None
        beaten = self.beat[1].cards
        need = len(beaten)
        if len(cards) == 4 and self._bombs_beat(need):
            return None  # a four-of-a-kind beats any play
        if len(cards) != need:
            return f"play exactly {need} card{'s' if need > 1 else ''}, or pass"
        if not self._beats(rank, rank_of[beaten[0]]):
            if rank == rank_of[beaten[0]]:
                return "equal ranks may not be played: play a higher rank or pass"
            return f"{cards[0][0]} does not beat {beaten[0][0]}: play higher or pass"
        return None

    def _apply(self, action) -> None:
        seat = self.to_act
        if isinstance(action, Play):
            self._play_cards(seat, action)
        elif isinstance(action, Pass):
            self.trick.append((seat, None))
            self._log("seat {} passes", seat)
            self._turn_passes(seat)
        elif isinstance(action, Give):
            owed = self.gives[0]
            self._hand_over(seat, owed[1], action.card)
            self.gives[0] = (owed[0], owed[1], owed[2] - 1)
            if self.gives[0][2] == 0:
                self.gives.pop(0)
            if self.gives:
                self.to_act = self.gives[0][0]
            else:
                self._log("seat {}, the Arschloch, leads", self.ranking[-1])
                self._start_play(self.ranking[-1])  # the Arschloch opens from round 2
        elif isinstance(action, Swap):
            self._swap(seat, action)

    def _swap(self, seat: int, swap: Swap) -> None:
        i = next(i for i, c in enumerate(self.extras) if c == swap.take and self.extras_up[i])
        self._into_hand(seat, swap.take)
        self._out_of_hand(seat, swap.put)
        self.extras[i], self.extras_up[i], self.extras_put_by[i] = swap.put, False, seat
        self.taken[swap.take] = seat
        self._secret("seat {} takes {} and puts a card face down", (seat, swap.take),
                     "seat {} takes {} and puts {} face down", (seat, swap.take, swap.put), (seat,))
        self.swaps.pop(0)
        if self.swaps:
            self.to_act = self.swaps[0]
        else:
            self._start_exchange()

    # Play ------------------------------------------------------------------------------------
    def _play_cards(self, seat: int, play: Play) -> None:
        options = self.game.options
        cards = play.cards
        count = len(cards)
        rank = self.game.rank_of[cards[0]]
        same = self.hands[seat][rank]
        # A play offered by legal_actions is the first cards of its rank; a typed one may not be.
        rest = same[count:] if same[:count] == cards else tuple(c for c in same if c not in cards)
        self.hands[seat][rank] = rest
        self.sizes[seat] -= count
        self.held[rank] -= count
        self.out_of_play.extend(cards)
        equal = (options["equality"] and self.beat is not None
                 and rank == self.game.rank_of[self.beat[1].cards[0]])
        self.trick.append((seat, play))
        self.beat = (seat, play)
        self.passes = 0
        self._log("seat {} plays {}", seat, play)
        turned = options["revolution"] and count == 4
        if turned:
            self.revolution = not self.revolution
            self.top = len(self.normal_order) - 1 - self.top
            self._log("revolution: the rank order is reversed")
        if not self.sizes[seat]:
            self.finished.append(seat)
            self._log("seat {} is out", seat)
        # After a revolution anyone may hold only the new top rank: they are placed in turn from
        # the player who made it, the first one lowest (see _settle_stuck).
        self._settle_stuck(self._clockwise_from(seat) if turned else (seat,))
        if self._players_in() <= 1:
            self._end_round()
            return
        if not (options["equality"] or options["bomb"]) and self._unbeatable(rank):
            self._log("nobody can beat the highest card still in play")
            self._end_trick()
            return
        nxt = self._next_active(seat)
        if equal:
            self._log("seat {} is skipped", nxt)
            self._turn_passes(nxt)
        else:
            self.to_act = nxt

    def _settle_stuck(self, seats) -> None:
        """A player left holding only top-rank cards is placed last at once (a second one just
        above him) and his cards leave play."""
        top = self.top
        for seat in seats:
            tops = self.hands[seat][top]
            if tops and len(tops) == self.sizes[seat]:
                self.stuck.append(seat)
                self.out_of_play.extend(tops)
                self.hands[seat][top] = ()
                self.sizes[seat] = 0
                self.held[top] -= len(tops)
                self._log("seat {} holds only {}s and is placed last", seat,
                          self.normal_order[top])

    def _unbeatable(self, rank: int) -> bool:
        """The highest card still in play (in a player's hand) was played: the trick ends."""
        return not any(self.held[:rank] if self.revolution else self.held[rank + 1:])

    def _clockwise_from(self, seat: int) -> list[int]:
        i = self.order.index(seat)
        return self.order[i:] + self.order[:i]

    def _next_active(self, seat: int) -> int:
        """The next player on the left who still holds cards."""
        left, sizes = self.left, self.sizes
        candidate = left[seat]
        while not sizes[candidate] and candidate != seat:
            candidate = left[candidate]
        return candidate

    def _turn_passes(self, seat: int) -> None:
        """After a pass (or a skip): the trick ends when all the others passed in a row."""
        self.passes += 1
        owner = self.beat[0]
        rivals = self._players_in() - (1 if self.sizes[owner] else 0)
        if self.passes >= rivals:
            self._end_trick()
        else:
            self.to_act = self._next_active(seat)

    def _end_trick(self) -> None:
        """The cards leave play; the last to play leads, or the next player on his left with
        cards if he has gone out."""
        owner = self.beat[0]
        self.last_trick = self.trick
        self.trick, self.beat, self.passes = [], None, 0
        leader = owner if self.sizes[owner] else self._next_active(owner)
        self._log("seat {} wins the trick; seat {} leads", owner, leader)
        self.to_act = leader

    # Ranking and points ----------------------------------------------------------------------
    def _players_in(self) -> int:
        """Players still holding cards."""
        return len(self.hands) - len(self.finished) - len(self.stuck)

    def _end_round(self) -> None:
        """The round ends when only one player has cards: he is the Arschloch (or takes the
        place left between those out and those stuck with top cards)."""
        rest = [s for s in self.order if self.sizes[s]]
        ranking = self.finished + rest + self.stuck[::-1]
        for seat in rest:
            self.out_of_play.extend(self.hand(seat))
            self._set_hand(seat, [])
        self._count_held()
        self.trick, self.beat = [], None
        self.finished, self.stuck = ranking, []
        n = self.game.players
        for place, seat in enumerate(ranking):
            self.scores[seat] += n - 1 - place  # a point for every player finishing after you
        self.ranking = ranking
        names = titles(n)
        self._log("ranks: " + ", ".join(f"seat {s} {names[i]}" for i, s in enumerate(ranking)))
        self.rounds_played = self.round
        options = self.game.options
        target, rounds = options["points"], options["rounds"]
        if target is not None and max(self.scores) >= target:
            self.phase = "over"
        elif rounds is not None and self.round >= rounds:
            self.phase = "over"
        elif target is None and rounds is None:
            self.phase = "over"
        if self.phase == "over":
            self.to_act = None
            self._log("the match is over")
            return
        if options["seat_change"]:
            self.order = list(ranking)  # clockwise in rank order from the President
        self._deal(None)

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    # What a seat may know --------------------------------------------------------------------
    # The log keeps templates and formats them only when a view is asked for; a view shows the
    # last LOG_SHOWN lines, so no more are kept.
    def _log(self, text: str, *args) -> None:
        self.log.append((text, args))

    def _secret(self, text, args, private, private_args, seats) -> None:
        """A log line whose details only `seats` may read."""
        self.log.append((text, args, private, private_args, seats))

    def log_lines(self, seat: int | None) -> list[str]:
        lines = []
        for text, args, *secret in self.log:
            if secret and seat in secret[2]:
                text, args = secret[0], secret[1]
            lines.append(text.format(*args))
        return lines

    def view(self, seat: int | None) -> dict:
        n = self.game.players
        names = titles(n)
        places = self.finished + [None] * (n - len(self.finished) - len(self.stuck)) + \
            self.stuck[::-1]
        extras = []
        for card, up, put_by in zip(self.extras, self.extras_up, self.extras_put_by):
            extras.append(card if up or (put_by is not None and put_by == seat) else None)
        over = self.phase == "over"
        best = max(self.scores)
        return {
            "game": "arschloch",
            "seat": seat,
            "phase": self.phase,
            "round": self.round,
            "to_act": self.current_player,
            "order": list(self.order),
            "rank_order": list(self.normal_order[::-1] if self.revolution else self.normal_order),
            "revolution": self.revolution,
            "hand": self.hand(seat) if seat is not None else None,
            "hand_counts": list(self.sizes),
            "trick": [{"seat": s, "play": str(p) if p else "pass"} for s, p in self.trick],
            "to_beat": ({"seat": self.beat[0], "cards": list(self.beat[1].cards)}
                        if self.beat else None),
            "last_trick": [{"seat": s, "play": str(p) if p else "pass"}
                           for s, p in self.last_trick],
            "places": places,
            "extras": extras,
            "exchange": ({"gave": list(self.gave[seat]), "got": list(self.got[seat])}
                         if seat is not None else None),
            "owed": [{"giver": g, "receiver": r, "count": c} for g, r, c in self.gives],
            "last_ranking": ([{"seat": s, "title": names[i]} for i, s in enumerate(self.ranking)]
                             if self.ranking else None),
            "scores": list(self.scores),
            "points_target": self.game.options["points"],
            "rounds": self.game.options["rounds"],
            "winners": [s for s in range(n) if self.scores[s] == best] if over else None,
            "log": self.log_lines(seat),
        }

    def card_census(self) -> list[str]:
        cards = [c for hand in self.hands for same in hand for c in same]
        cards += self.extras + self.out_of_play
        return cards

    def clone(self) -> "ArschlochState":
        # `order` is replaced, never changed in place, so the twin shares it.
        twin = self._clone_base()
        twin.scores = list(self.scores)
        twin.log = self.log.copy()
        twin.hands = [list(h) for h in self.hands]
        twin.sizes = list(self.sizes)
        twin.held = list(self.held)
        twin.finished = list(self.finished)
        twin.stuck = list(self.stuck)
        twin.trick = list(self.trick)
        twin.out_of_play = list(self.out_of_play)
        if self.phase in ("swap", "exchange"):
            # The swap and the exchange change these in place; in play they are only read, and
            # the next deal makes new ones, so a clone in play shares them.
            twin.extras = list(self.extras)
            twin.extras_up = list(self.extras_up)
            twin.extras_put_by = list(self.extras_put_by)
            twin.taken = dict(self.taken)
            twin.gave = [dict(g) for g in self.gave]
            twin.got = [list(g) for g in self.got]
            twin.swaps = list(self.swaps)
            twin.gives = list(self.gives)
        return twin

    def determinize(self, seat: int, rng) -> "ArschlochState":
        """Other hands and face-down extras redealt, keeping every card the seat has seen
        where it is: cards it gave away, face-up extras taken, the card it put face down."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        others = [s for s in range(self.game.players) if s != seat]
        hands = [self.hand(s) for s in others]
        known = []
        for s, hand in zip(others, hands):
            known.append({c for c in hand
                          if self.taken.get(c) == s or self.gave[seat].get(c) == s})
        known.append({c for c, up, by in zip(self.extras, self.extras_up, self.extras_put_by)
                      if up or by == seat})
        # The seat knows that no one still playing holds only top cards: he would have been
        # placed last at once.
        rank_of, top = self.game.rank_of, self.top

        def possible(deal):
            return self.phase != "play" or not any(
                hand and all(rank_of[c] == top for c in hand) for hand in deal[:-1])

        fresh = redeal(hands + [self.extras], known, rng, possible)
        for s, hand in zip(others, fresh):
            twin._set_hand(s, hand)
        twin.extras = fresh[-1]
        twin._count_held()  # the extras are out of play: a swap with them changes what is held
        return twin


# A computer player after the seed's beginner tips -------------------------------------------------
class ArschlochHeuristic(Agent):
    """Shed low cards early, as pairs or triples when leading; do not break up sets; play the
    top cards in time, since you may not go out on them (seed section 9)."""

    name = "heuristic"

    def act(self, view, legal_actions):
        order = {r: i for i, r in enumerate(view["rank_order"])}
        hand = view["hand"]
        first = legal_actions[0]
        if isinstance(first, Give):  # return the lowest cards
            return min(legal_actions, key=lambda a: order[a.card[0]])
        if isinstance(first, Swap):  # take the better extra, put down the weakest card
            return max(legal_actions, key=lambda a: (order[a.take[0]] - order[a.put[0]]))
        counts: dict[str, int] = {}
        for card in hand:
            counts[card[0]] = counts.get(card[0], 0) + 1
        top = view["rank_order"][-1]
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return PASS
        # Top cards win a trick at once; play them before they are all that is left, since a
        # hand of only top cards is placed last.
        tops = [p for p in plays if p.cards[0][0] == top]
        others = len([r for r in counts if r != top])
        if tops and others <= counts.get(top, 0) + 1:
            return max(tops, key=lambda p: len(p.cards))
        whole = [p for p in plays if len(p.cards) == counts[p.cards[0][0]]]
        if view["to_beat"] is None and not whole:
            return plays[0]
        if view["to_beat"] is None:
            # Lead the lowest rank, all of it (a pair or triple is hard to beat).
            low = min(whole, key=lambda p: (order[p.cards[0][0]], -len(p.cards)))
            return low
        if whole:
            cheapest = min(whole, key=lambda p: order[p.cards[0][0]])
            # Do not spend a top card on a trick of low cards early in the round.
            if cheapest.cards[0][0] != top or len(hand) <= 4:
                return cheapest
        return PASS


Arschloch.state_class = ArschlochState
Arschloch.heuristic = ArschlochHeuristic
