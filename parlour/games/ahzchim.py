"""Ahzchim (Tribe): gather every Zahahnie of the tribe. Hearts are the Zahahnie (food), diamonds
the Pelmeahe (labor) that buy and raze, spades the Rahziembiz (fighters) that attack and defend,
clubs the Roke Zibahl (safehouses) that fortify a Zahahnie.

Rule text: shared/seeds/000; rulings: shared/GAMES.md (Ahzchim). Read this module beside
docs/rules/ahzchim.md. A turn: one action (buy, attack, raze, build / exchange / add the Reshpel to
a Roke Zibahl, trade), the defender's or trade partner's answer out of turn, then the optional
draws by Zahahnie worth, then the Pord deck's reshuffle if its last taker's waiting turn is over.
The same rules play with the chips (option `chips`), their values taken from the chips.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat
from math import exp
from operator import is_, itemgetter

from ..agents.base import Agent
from ..core.cards import AHZCHIM_CHIPS, FRENCH_52, FRENCH_RANKS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option, PhasedState
from ..core.hidden import redeal
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from ..fast.ahzchim import WIN_WEIGHTS

HAND_SIZE = 5
ZAH, PEL, RAH, ROKE = "Z", "P", "R", "K"  # Zahahnie, Pelmeahe, Rahziembiz, Roke Zibahl
KIND_NAMES = {ZAH: "Zahahnie", PEL: "Pelmeahe", RAH: "Rahziembiz", ROKE: "Roke Zibahl"}
RESHPEL_BONUS = 2
# The win model behind estimate(): a seat's odds of winning are exp of WIN_WEIGHTS times its
# win_features() (Zahahnie held, their worth squared / 20, its hand's size, the spades in it, the
# worth of the diamonds in it and the clubs in it), against the other seats' odds. Fitted by
# scripts/fit_ahzchim_estimate.py to who went on to win from each turn of 4000 games of four
# medium players (cards, default options): fitted on half of them, it names the winner at 75% of
# the other half's turns, where the most Zahahnie held names 71%. A spade in hand counts for
# four fifths of a Zahahnie held; the chips are weighed as the cards are. The weights are written
# once, in the integer twin (imported above), whose estimate weighs the same features on masks.


# The pieces: what each card or chip is and is worth -----------------------------------------------
class Pieces:
    """The four kinds and their values, for the cards or for the chips. One object per piece set,
    shared by every state (it is never changed)."""

    def __init__(self, chips: bool):
        self.chips = chips
        deck = AHZCHIM_CHIPS if chips else FRENCH_52
        self.kind: dict[str, str] = {}
        self.value: dict[str, int] = {}
        for card in deck.cards:
            if chips:
                if card == "spy":
                    self.kind[card], self.value[card] = RAH, 0
                elif card == "reshpel":
                    self.kind[card], self.value[card] = ROKE, 0
                else:
                    self.kind[card], self.value[card] = card[0], int(card[1:])
            else:
                self.kind[card] = {"H": ZAH, "D": PEL, "S": RAH, "C": ROKE}[card[1]]
                self.value[card] = FRENCH_RANKS.index(card[0]) + 2
        self.spy = "spy" if chips else "2S"
        self.reshpel = "reshpel" if chips else "2C"
        order = {ZAH: 0, PEL: 1, RAH: 2, ROKE: 3}
        self.types = sorted(set(deck.cards), key=lambda c: (order[self.kind[c]], self.value[c],
                                                             c == self.reshpel))
        self.order = {c: i for i, c in enumerate(self.types)}
        self.count = {c: deck.cards.count(c) for c in self.types}
        self.zahahnie_total = sum(1 for c in deck.cards if self.kind[c] == ZAH)
        self.of_kind = {k: [c for c in self.types if self.kind[c] == k] for k in order}
        self.hand_types = [c for c in self.types if self.kind[c] != ZAH]
        self.forts = [c for c in self.of_kind[ROKE] if c != self.reshpel]
        # What the rules can tell apart on the table: a heart is unique, a chip is told by its
        # worth, its fort and its Reshpel.
        if chips:
            self.spots = [Spot(z, f, r) for z in self.of_kind[ZAH] for f in [None, *self.forts]
                          for r in ((False,) if f is None else (False, True))]
        else:
            self.spots = [Spot(z) for z in self.of_kind[ZAH]]
        self._spot_no: dict[tuple, int] = {}
        self.worth_of = {c: self.worth(c) for c in self.types if self.kind[c] in (ZAH, PEL)}

    def worth(self, card: str) -> int:
        """A Zahahnie's worth, a Pelmeahe's buying power: 1, 2 or 3 (2-9, 10-Q, K-A)."""
        if self.chips:
            return self.value[card]
        v = self.value[card]
        return 1 if v <= 9 else 2 if v <= 12 else 3

    def spot(self, entry: tuple) -> Spot:
        return self.spots[self.spot_no(entry)]

    def spot_no(self, entry: tuple) -> int:
        """The index in `spots` of a table entry (card, fort, Reshpel)."""
        number = self._spot_no.get(entry)
        if number is None:
            spot = Spot(*entry) if self.chips else Spot(entry[0])
            number = self._spot_no[entry] = self.spots.index(spot)
        return number

    def fort_value(self, entry: tuple) -> int:
        return self.value[entry[1]] + (RESHPEL_BONUS if entry[2] else 0)

    def normal(self, word: str) -> str:
        """A card or chip as typed by a person, in the shared notation; IllegalAction if none."""
        if self.chips:
            w = word.strip().lower()
            if w in ("spy", "reshpel"):
                return w
            if len(w) >= 2 and w[0] in "zprk" and w[1:].isdigit():
                card = w[0].upper() + str(int(w[1:]))
                if card in self.kind:
                    return card
            raise IllegalAction(f"{word!r} is not a chip; write Z1-Z3, P1-P3, R1-R20, spy, "
                                f"K1-K20 or reshpel")
        w = word.strip().upper().replace("10", "T")
        if w in self.kind:
            return w
        raise IllegalAction(f"{word!r} is not a card; write rank then suit, e.g. 7H, TD, AS")


# Actions ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, eq=False)
class Spot:
    """A Zahahnie on the table as the rules tell it apart. With cards the heart says it all; with
    chips (seventeen Z1) the fort and Reshpel on it say which: `Z1`, `Z1/K5`, `Z1/K5+`."""
    zah: str
    fort: str | None = None
    reshpel: bool = False

    def __str__(self) -> str:
        return self.zah + (f"/{self.fort}" if self.fort else "") + ("+" if self.reshpel else "")

    # Written out: bots and the conformance suite compare thousands of these a turn, and the
    # generated method builds two tuples for every comparison.
    def __eq__(self, other) -> bool:
        return self is other or (other.__class__ is Spot and self.zah == other.zah and
                                 self.fort == other.fort and self.reshpel == other.reshpel)

    def __hash__(self) -> int:
        return hash((self.zah, self.fort, self.reshpel))


@dataclass(frozen=True, slots=True)
class Buy:
    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, slots=True, eq=False)
class Attack:
    card: str
    owner: int
    spot: Spot

    def __eq__(self, other) -> bool:  # written out for speed, as Spot's
        return self is other or (other.__class__ is Attack and self.spot == other.spot and
                                 self.owner == other.owner and self.card == other.card)

    def __hash__(self) -> int:
        return hash(('A', self.card, self.owner, self.spot))

    def __str__(self) -> str:
        return f"attack {self.spot} of {self.owner} with {self.card}"


@dataclass(frozen=True, slots=True, eq=False)
class Raze:
    card: str
    owner: int
    spot: Spot

    def __eq__(self, other) -> bool:  # written out for speed, as Spot's
        return self is other or (other.__class__ is Raze and self.spot == other.spot and
                                 self.owner == other.owner and self.card == other.card)

    def __hash__(self) -> int:
        return hash(('R', self.card, self.owner, self.spot))

    def __str__(self) -> str:
        return f"raze {self.spot} of {self.owner} with {self.card}"


@dataclass(frozen=True, slots=True)
class Build:
    card: str
    spot: Spot

    def __str__(self) -> str:
        return f"build {self.card} on {self.spot}"


@dataclass(frozen=True, slots=True)
class Exchange:
    card: str
    spot: Spot

    def __str__(self) -> str:
        return f"exchange {self.card} on {self.spot}"


@dataclass(frozen=True, slots=True)
class AddReshpel:
    spot: Spot

    def __str__(self) -> str:
        return f"reshpel on {self.spot}"


@dataclass(frozen=True, slots=True, eq=False)
class Offer:
    """Shaho: give one card (from hand, or a Zahahnie of one's own as a Spot) for one card of
    `owner` (from his hand, or a Zahahnie of his as a Spot)."""
    give: str | Spot
    owner: int
    take: str | Spot
    # Written once: a turn offers well over a thousand trades, and records, the terminal and
    # the conformance suite print every one of them.
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"offer {self.give} for {self.take} of {self.owner}")

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other) -> bool:  # written out for speed, as Spot's
        return self is other or (other.__class__ is Offer and self.take == other.take and
                                 self.owner == other.owner and self.give == other.give)

    def __hash__(self) -> int:
        return hash(("O", self.give, self.owner, self.take))


@dataclass(frozen=True, slots=True)
class Defend:
    card: str

    def __str__(self) -> str:
        return f"defend with {self.card}"


@dataclass(frozen=True, slots=True)
class Rebuild:
    card: str

    def __str__(self) -> str:
        return f"rebuild with {self.card}"


@dataclass(frozen=True, slots=True)
class Draw:
    count: int

    def __str__(self) -> str:
        return f"draw {self.count}"


@dataclass(frozen=True, slots=True)
class Word:
    """The answers and moves of one word: pass, yield, accept, refuse."""
    word: str

    def __str__(self) -> str:
        return self.word


CARD_PIECES = Pieces(chips=False)
CHIP_PIECES = Pieces(chips=True)
PASS, YIELD, ACCEPT, REFUSE = Word("pass"), Word("yield"), Word("accept"), Word("refuse")
DRAWS = tuple(Draw(k) for k in range(4))


# The game ---------------------------------------------------------------------------------------
@register
class Ahzchim(Game):
    info = GameInfo(
        id="ahzchim",
        title="Ahzchim (Tribe)",
        summary="Buy, attack, raze, fortify and trade until one player holds every Zahahnie "
                "(hearts) or is the last in play.",
        min_players=2, max_players=10, default_players=4, deck="french52",
        options=(
            Option("count_by", "worth", "what the draw thresholds 9 and 12 count: the Zahahnie's "
                                        "worth (1/2/3) or the number of Zahahnie cards",
                   choices=("worth", "cards")),
            Option("razed_to", "discard", "where a razed Zahahnie goes: the discard pile with the "
                                          "diamond, or shuffled into the Pord deck",
                   choices=("discard", "pord")),
            Option("chips", False, "play with the Scimrahn chips (20 Zahahnie, 20 Pelmeahe, "
                                   "Rahziembiz 1-20 and the spy, Roke Zibahl 1-20 and the "
                                   "Reshpel) in place of the 52 cards"),
            Option("round_cap", 200, "the turn cap: a game with no winner after this many rounds "
                                     "(every player in play has a turn each round) is a draw",
                   minimum=1, maximum=100_000),
        ),
        # No peer engine has a take-that card game of this shape; nothing to benchmark against.
        twins={},
    )
    fast_twin = "ahzchim"
    return_bounds = (-1.0, 1.0)
    sample_options = (
        {"round_cap": 25},
        {"count_by": "cards", "razed_to": "pord", "round_cap": 25},
        {"chips": True, "round_cap": 20},
        {"chips": True, "count_by": "cards", "razed_to": "pord", "round_cap": 20},
    )

    def __init__(self, players: int | None = None, **options):
        super().__init__(players, **options)
        self.pieces = CHIP_PIECES if self.options["chips"] else CARD_PIECES
        self._codec = _Codec(self.pieces, self.players)

    def deck(self):
        return AHZCHIM_CHIPS if self.options["chips"] else FRENCH_52

    def __deepcopy__(self, memo):
        # A game never changes once made. A deep copy of a state (OpenSpiel copies states so)
        # would otherwise copy the action cache too, tens of thousands of actions after a while.
        return self

    def max_decisions(self) -> int:
        # A turn is at most an action, an answer to it and the draw.
        return 3 * self.players * self.options["round_cap"] + 3 * self.players

    # Notation (docs/rules/ahzchim.md): "buy KD", "attack 7H of 2 with 9S", "raze 7H of 2 with 5D",
    # "build 9C on 7H", "exchange JC on 7H", "reshpel on 7H", "offer 3C for 9S of 2",
    # "defend with JS", "rebuild with QD", "yield", "accept", "refuse", "draw 2", "pass".
    # With chips a Zahahnie is written with its fort: "attack Z1/K5+ of 2 with R9".
    def parse_action(self, state: AhzchimState, text: str):
        # Read afresh every time: a reading kept from another position once made the web room's
        # game drift from its own record.
        return self._parse(state, text, [])

    def _parse(self, state: AhzchimState, text: str, asked: list):
        p = self.pieces
        raw = text.replace(",", " ").split()
        if not raw:
            raise IllegalAction("write a move, e.g. 'buy KD', 'attack 7H of 2 with 9S', 'yield'")
        verb, words, owner = raw[0].lower(), [], None
        rest = raw[1:]
        i = 0
        while i < len(rest):
            w = rest[i].lower()
            if w == "of" and i + 1 < len(rest):
                j = i + 1
                if rest[j].lower() == "seat" and j + 1 < len(rest):
                    j += 1
                if not rest[j].isdigit():
                    raise IllegalAction(f"'of' takes a seat number, not {rest[j]!r}")
                owner = int(rest[j])
                i = j + 1
                continue
            if w not in ("with", "on", "for", "to"):
                words.append(rest[i])
            i += 1
        simple = {"pass": PASS, "yield": YIELD, "accept": ACCEPT, "yes": ACCEPT,
                  "refuse": REFUSE, "no": REFUSE}
        if verb in simple and not words:
            return simple[verb]
        if verb == "draw":
            if not words:
                asked.append(True)
                return DRAWS[state._draw_limit()] if state.phase == "draw" else DRAWS[0]
            if len(words) == 1 and words[0].isdigit() and int(words[0]) < len(DRAWS):
                return DRAWS[int(words[0])]
            raise IllegalAction("write 'draw 0' up to 'draw 3'")
        if verb in ("buy", "defend", "rebuild") and len(words) == 1:
            card = p.normal(words[0])
            return {"buy": Buy, "defend": Defend, "rebuild": Rebuild}[verb](card)
        if verb in ("attack", "raze") and len(words) == 2:
            spot = _parse_spot(p, words[0])
            card = p.normal(words[1])
            if owner is None:
                asked.append(True)
                owner = state._owner_of(spot)
            return (Attack if verb == "attack" else Raze)(card, owner, spot)
        if verb in ("build", "exchange") and len(words) == 2:
            card = p.normal(words[0])
            return (Build if verb == "build" else Exchange)(card, _parse_spot(p, words[1]))
        if verb == "reshpel" and len(words) in (1, 2):
            return AddReshpel(_parse_spot(p, words[-1]))
        if verb in ("offer", "trade") and len(words) == 2:
            give = _parse_item(p, words[0])
            take = _parse_item(p, words[1])
            if owner is None:
                if not isinstance(take, Spot):
                    raise IllegalAction(
                        f"say whose {take} you want: 'offer {give} for {take} of N'")
                asked.append(True)
                owner = state._owner_of(take)
            return Offer(give, owner, take)
        raise IllegalAction(f"{text!r} is not a move; e.g. 'buy KD', 'attack 7H of 2 with 9S', "
                            "'build 9C on 7H', 'offer 3C for 9S of 2', 'defend with JS', 'yield', "
                            "'draw 1'")

    @property
    def action_space_size(self) -> int:
        return self._codec.size

    def action_id(self, action) -> int:
        return self._codec.encode(action)

    def action_from_id(self, number: int):
        return self._codec.action(number)

    # The table page (parlour/core/scene.py) --------------------------------------------------
    how_to_play = {
        "goal": "Gather every Zahahnie (hearts) of the tribe, or be the last player in play.",
        "turn": [
            "A Zahahnie you get is laid out in your village at once.",
            "One action: buy from the Pord with a Pelmeahe (diamond), attack a Zahahnie with a "
            "Rahziembiz (spade), or raze an unfortified one with a Pelmeahe.",
            "Or build a Roke Zibahl (club) on your Zahahnie: an attacker must beat it; the "
            "Reshpel adds +2.",
            "Or trade (Shaho): offer a card or Zahahnie for another player's.",
            "Then draw from the Pord: 1 card, 2 at worth nine, 3 at twelve.",
        ],
    }

    def scene(self, view: dict) -> dict:
        n = self.players
        me = view["seat"]
        pending = view["pending"]
        over = view["phase"] == "over"
        target = None  # (owner, index) of the Zahahnie under attack or asked for
        if pending:
            owner = pending["owner"]
            wanted = pending["target"] if pending["kind"] != "offer" else pending["take"]
            for i, e in enumerate(view["zahahnie"][owner]):
                if self._spot_text(e) == wanted:
                    target = (owner, i)
                    break
        played = self._played(view)
        seats = []
        for s in range(n):
            zones = []
            row_ = view["zahahnie"][s]
            if row_ or view["in_play"][s]:
                items = []
                for i, e in enumerate(row_):
                    fv = view["fort_values"][s][i]
                    badges = [f"fort {fv}" if e["fort"] else None,
                              "Reshpel +2" if e["reshpel"] else None]
                    marks = []
                    if target == (s, i):
                        who = pending["attacker"] if pending["kind"] != "offer" \
                            else pending["proposer"]
                        marks = [{"seat": who, "kind": "marker"}]
                    cards = [e["card"]] + ([e["fort"]] if e["fort"] else [])
                    items.append(item(cards, pick=f"@{s}:{self._spot_text(e)}", badges=badges,
                                      marks=marks))
                if items:
                    zones.append(zone(items, label=f"worth {view['worth'][s]}"))
            if s != me and view["in_play"][s]:
                known = view["known_cards"][s]
                count = view["hand_counts"][s]
                zones.append(zone([item([None] if count else [], count=count,
                                        pick=f"@{s}:hand",
                                        badges=[("shown: " + " ".join(known)) if known
                                                else None])],
                                  label="hand", kind="pile"))
            note = None
            badges = []
            if over and (view["winner"] == s or s in view["drawn"]):
                badges.append("wins" if view["winner"] == s else "draw")
            elif not view["in_play"][s]:
                note = "out of play"
            elif not over and s == view["turn_seat"] and view["to_act"] != s:
                note = "waits for an answer"
            seats.append(seat_entry(count=None, played=played.get(s), note=note, badges=badges,
                                    zones=zones))
        centre = [pile("Pord", view["pord_count"], None, pick="@pord"),
                  pile("Discard", len(view["discard"]),
                       view["discard"][-1] if view["discard"] else None)]
        asks = self._ask_values(view)
        if asks:
            centre.append(zone([item([], pick=f"@ask:{key}", label=text) for key, text in asks],
                               label="Shaho: ask for", kind="grid",
                               columns=len(asks) if len(asks) <= 13 else (len(asks) + 1) // 2))
        info = []
        if view["exhausted"]:
            info.append({"label": "Pord", "text": "exhausted: no buying or drawing until seat "
                         f"{view['reshuffler']} reshuffles the discard pile after his next turn"})
        if me is not None and view["to_act"] == me and view["phase"] == "turn":
            draws = view["allowance"][me]
            if draws and not view["exhausted"]:
                info.append({"label": "After your action", "text": f"draw up to {draws}"})
        if over:
            if view["winner"] is not None:
                why = "holds every Zahahnie" if "every" in (view["result"] or "") \
                    else "the last in play"
                info.append({"label": "Game over", "text": f"seat {view['winner']} wins: {why}"})
            else:
                info.append({"label": "Game over", "text": "a draw"})
        hand = row(view["hand"]) if view["hand"] is not None else None
        return {"family": "village", "info": info, "say": self._say(view, me),
                "centre": centre, "seats": seats, "hand": hand}

    def _spot_text(self, entry: dict) -> str:
        """A Zahahnie as the moves name it: the heart; with chips its fort and Reshpel too."""
        return _show_entry(entry) if self.pieces.chips else entry["card"]

    def _played(self, view: dict) -> dict:
        """What each seat last did, from the log: the card it played (or offered)."""
        out: dict[int, dict] = {}
        pending = view["pending"]
        if pending and pending["kind"] != "offer":
            zah = pending["target"].split("/")[0]
            verb = "attacks" if pending["kind"] == "attack" else "razes"
            out[pending["attacker"]] = row([pending["card"]], label=f"{verb} {zah}")
        elif pending:
            give, take = pending["give"], pending["take"].split("/")[0]
            out[pending["proposer"]] = row([give.split("/")[0]], label=f"offers for {take}")
        seen: set[int] = set()
        for line in reversed(view["log"]):
            words = line.split()
            if len(words) < 3 or words[0] != "seat" or not words[1].isdigit():
                continue
            s = int(words[1])
            if s in out or s in seen:
                continue
            verb, card = words[2], None
            if verb == "buys" and words[3:4] == ["with"]:
                card, text = words[4], "bought"
            elif verb in ("attacks", "razes") and "with" in words:
                card, text = words[-1], ("attacked " if verb == "attacks" else "razed ") + \
                    words[5].split("/")[0]
            elif verb == "builds":
                card, text = words[5], "built"
            elif verb == "exchanges":
                card, text = words[-1], "exchanged"
            elif verb in ("defends", "rebuilds"):
                card, text = words[-1], "defended" if verb == "defends" else "rebuilt"
            elif verb in ("adds", "offers"):
                seen.add(s)  # a play that leaves no card of his to show
                continue
            else:
                continue  # an answer, a draw, a Zahahnie laid out: not a play of his turn
            if card is not None and card.rstrip("+") in self.pieces.kind:
                out[s] = row([card.rstrip("+")], label=text, dim=True)
            seen.add(s)
        return out

    def _ask_values(self, view: dict) -> list[tuple[str, str]]:
        """The values of hand cards this seat may ask another for in a trade (cards it cannot see
        anywhere), as (key, label); only for the seat on turn."""
        me = view["seat"]
        if me is None or view["to_act"] != me or view["phase"] != "turn":
            return []
        if not any(view["in_play"][s] for s in range(self.players) if s != me):
            return []
        values = {self._value_key(card) for card in self._unseen(view)}
        order = (lambda k: FRENCH_RANKS.index(k)) if not self.pieces.chips else \
            (lambda k: int(k) if k.isdigit() else 21 + (k == "reshpel"))
        return [(k, self._value_label(k)) for k in sorted(values, key=order)]

    def _unseen(self, view: dict) -> list[str]:
        p = self.pieces
        left = dict(p.count)
        for card in list(view["hand"] or ()) + list(view["discard"]):
            left[card] -= 1
        for row_ in view["zahahnie"]:
            for e in row_:
                if e["fort"]:
                    left[e["fort"]] -= 1
                if e["reshpel"]:
                    left[p.reshpel] -= 1
        return [c for c in p.hand_types if left[c] > 0]

    def _value_key(self, card: str) -> str:
        """What the ask panel names a hand card by: its rank (the kind is a choice); the chips'
        spy and Reshpel by name."""
        p = self.pieces
        if not p.chips:
            return card[0]
        if card in (p.spy, p.reshpel):
            return "spy" if card == p.spy else "reshpel"
        return card[1:]

    def _value_label(self, key: str) -> str:
        return {"T": "10", "spy": "spy", "reshpel": "Reshpel"}.get(key, key)

    def _say(self, view: dict, me: int | None) -> str | None:
        if me is None or view["to_act"] != me or view["phase"] == "over":
            return None
        pending = view["pending"]
        phase = view["phase"]
        p = self.pieces
        if phase == "answer":
            zah, card = pending["target"].split("/")[0], pending["card"]
            verb = "attacks" if pending["kind"] == "attack" else "razes"
            bar = p.value[card]
            hand = view["hand"] or []
            spades = any(p.kind[c] == RAH and c != p.spy and p.value[c] > bar for c in hand)
            rebuild = pending["kind"] == "raze" and any(
                p.kind[c] == PEL and p.value[c] > bar for c in hand)
            head = f"Seat {pending['attacker']} {verb} your {zah} with {card}"
            if not spades and not rebuild:
                return head + ": nothing beats it, yield"
            ways = (["defend with a higher spade"] if spades else []) + \
                (["rebuild with a higher diamond"] if rebuild else [])
            return head + ": " + " or ".join(ways) + " (tap it, then your Zahahnie), or yield"
        if phase == "offer":
            give, take = pending["give"].split("/")[0], pending["take"].split("/")[0]
            text = f"Seat {pending['proposer']} offers {give} for your {take}"
            if p.kind[take] != ZAH and take not in (view["hand"] or []):
                return text + ": you do not hold it, refuse"
            return text + ": accept or refuse"
        if phase == "draw":
            limit = view["draw_limit"]
            if limit == 1:
                return "Tap the Pord to draw a card, or draw 0"
            return f"Tap the Pord to draw up to {limit}, or draw 0"
        hand = view["hand"] or []
        others = [s for s in range(self.players) if s != me and view["in_play"][s]]
        if not hand and not others:
            return "No possible action: pass"
        if not hand:
            return "Trade (Shaho): tap your Zahahnie, then what you want"
        return "Play a card onto the Pord or a Zahahnie, or trade (Shaho)"

    def move_picks(self, view: dict, action) -> list[list[str]]:
        me = view["seat"]
        if isinstance(action, Buy):
            return [[action.card], ["@pord"]]
        if isinstance(action, Attack):
            return [[action.card], [f"@{action.owner}:{action.spot}"], ["=attack"]]
        if isinstance(action, Raze):
            return [[action.card], [f"@{action.owner}:{action.spot}"], ["=raze"]]
        if isinstance(action, (Build, Exchange)):
            return [[action.card], [f"@{me}:{action.spot}"]]
        if isinstance(action, AddReshpel):
            return [[self.pieces.reshpel], [f"@{me}:{action.spot}"]]
        if isinstance(action, Offer):
            give = [f"@{me}:{action.give}"] if isinstance(action.give, Spot) else [action.give]
            if isinstance(action.take, Spot):
                return [give, [f"@{action.owner}:{action.take}"], ["=trade"]]
            key = self._value_key(action.take)
            picks = [give, [f"@{action.owner}:hand"], [f"@ask:{key}"]]
            if key not in ("spy", "reshpel"):
                picks.append(["=kind:" + self.pieces.kind[action.take]])
            return picks
        if isinstance(action, (Defend, Rebuild)):
            pending = view["pending"]
            return [[action.card], [f"@{pending['owner']}:{pending['target']}"]]
        if isinstance(action, Draw) and action.count:
            if view["draw_limit"] == 1:
                return [["@pord"]]
            return [["@pord"], [f"=draw:{action.count}"]]
        return []

    def choice_text(self, key: str) -> dict:
        if key.startswith("=kind:"):
            kind = key[6:]
            out = {"text": KIND_NAMES[kind]}
            if not self.pieces.chips:
                out["suit"] = {PEL: "D", RAH: "S", ROKE: "C"}[kind]
            return out
        if key.startswith("=draw:"):
            return {"text": f"draw {key[6:]}"}
        return {"text": {"=attack": "Attack", "=raze": "Raze",
                         "=trade": "Offer in trade (Shaho)"}.get(key, key[1:])}

    # The terminal ------------------------------------------------------------------------------
    def render(self, view: dict) -> str:
        seat = view["seat"]
        lines = [f"Ahzchim{' (chips)' if view['chips'] else ''} - round {view['round']} of "
                 f"{view['round_cap']}, turn of seat {view['turn_seat']}"]
        pord = f"Pord deck: {view['pord_count']} face down"
        if view["exhausted"]:
            pord += (f" (exhausted: no draws, no buys; seat {view['reshuffler']} reshuffles the "
                     f"discard after his next turn)")
        lines.append(pord)
        discard = view["discard"]
        lines.append(f"Discard pile ({len(discard)}): "
                     + (" ".join(discard[-12:]) + (" (top last)" if discard else "") if discard
                        else "empty"))
        for s, entries in enumerate(view["zahahnie"]):
            name = f"seat {s}" + (" (you)" if s == seat else "")
            status = "" if view["in_play"][s] else "  OUT OF PLAY"
            forts = " ".join(_show_entry(e) for e in entries) or "no Zahahnie"
            known = view["known_cards"][s]
            seen = f"  known in hand: {' '.join(known)}" if known and s != seat else ""
            lines.append(f"  {name:<12} worth {view['worth'][s]:>2}  hand {view['hand_counts'][s]}"
                         f"  | {forts}{status}{seen}")
        lines.append("  (Zahahnie/Roke Zibahl, + the Reshpel on it: 7H/9C+ is 7H under 9C and "
                     "the Reshpel)" if not view["chips"] else
                     "  (Zahahnie/Roke Zibahl, + the Reshpel on it: Z1/K5+ is Z1 under K5 and "
                     "the Reshpel)")
        if seat is not None:
            lines.append("Your hand: " + (" ".join(view["hand"]) or "empty"))
        pending = view["pending"]
        if pending:
            lines.append(_show_pending(pending, seat))
        if view["phase"] == "draw":
            lines.append(f"seat {view['to_act']} may draw up to {view['draw_limit']} "
                         f"(type 'draw N', 0..{view['draw_limit']})")
        if view["result"]:
            if view["winner"] is not None:
                lines.append(f"Game over: seat {view['winner']} wins ({view['result']}).")
            else:
                lines.append(f"Game over: a draw ({view['result']}) between seats "
                             + ", ".join(map(str, view["drawn"])))
        elif view["to_act"] == seat and seat is not None:
            lines.append("Your move.")
        lines.extend("  . " + line for line in view["log"][-6:])
        return "\n".join(lines)


def _show_entry(entry: dict) -> str:
    # As the notation writes a Zahahnie: 7H/9C is 7H under the fort 9C, a + the Reshpel on it.
    return entry["card"] + (f"/{entry['fort']}" if entry["fort"] else "") + \
        ("+" if entry["reshpel"] else "")


def _show_pending(pending: dict, seat) -> str:
    kind = pending["kind"]
    you = pending["owner"] == seat
    if kind == "offer":
        text = (f"seat {pending['proposer']} offers {pending['give']} for "
                f"{'your' if you else 'seat ' + str(pending['owner']) + chr(39) + 's'} "
                f"{pending['take']}")
        return text + (" - accept or refuse" if you else "")
    whose = "your" if you else f"seat {pending['owner']}'s"
    verb = "attacks" if kind == "attack" else "razes"
    text = f"seat {pending['attacker']} {verb} {whose} {pending['target']} with {pending['card']}"
    if you:
        text += (" - defend with a higher spade, or yield" if kind == "attack" else
                 " - defend with a higher spade, rebuild with a higher diamond, or yield")
    return text


def _parse_spot(p: Pieces, word: str) -> Spot:
    plus = word.endswith("+")
    body = word[:-1] if plus else word
    zah, _, fort = body.partition("/")
    zah = p.normal(zah)
    if p.kind[zah] != ZAH:
        raise IllegalAction(f"{zah} is not a Zahahnie (a heart)")
    if not p.chips:
        return Spot(zah)  # a heart is unique: whatever fort was written, it names that heart
    fort_card = p.normal(fort) if fort else None
    if fort_card is not None and fort_card not in p.forts:
        raise IllegalAction(f"{fort_card} is not a Roke Zibahl")
    if plus and fort_card is None:
        raise IllegalAction("a Reshpel (+) sits only on a Roke Zibahl: write e.g. Z1/K5+")
    return Spot(zah, fort_card, plus)


def _parse_item(p: Pieces, word: str):
    head = word.split("/")[0].rstrip("+")
    card = p.normal(head)
    return _parse_spot(p, word) if p.kind[card] == ZAH else card


class _Codec:
    """The fixed integer action space: one block per kind of action, mixed radix inside."""

    def __init__(self, p: Pieces, players: int):
        self.p, self.n = p, players
        self.fixed = [PASS, YIELD, ACCEPT, REFUSE, *DRAWS]
        self.pel = p.of_kind[PEL]
        self.rah = p.of_kind[RAH]
        self.forts = p.forts
        self.spots = p.spots
        self.items = list(p.hand_types) + list(p.spots)
        self.pel_no = {c: i for i, c in enumerate(self.pel)}
        self.rah_no = {c: i for i, c in enumerate(self.rah)}
        self.fort_no = {c: i for i, c in enumerate(self.forts)}
        # Numbers by table name (not by the lists' identity, which a deep copy changes).
        self.index = {name: {x: i for i, x in enumerate(getattr(self, name))}
                      for name in ("pel", "rah", "forts", "spots", "items")}
        n, s = players, len(self.spots)
        self.blocks = [
            ("fixed", len(self.fixed)), ("buy", len(self.pel)), ("defend", len(self.rah)),
            ("rebuild", len(self.pel)), ("attack", len(self.rah) * n * s),
            ("raze", len(self.pel) * n * s), ("build", len(self.forts) * s),
            ("exchange", len(self.forts) * s), ("reshpel", s),
            ("offer", len(self.items) * n * len(self.items)),
        ]
        self.start = {}
        total = 0
        for name, size in self.blocks:
            self.start[name] = total
            total += size
        self.size = total
        self.cache: dict[int, object] = {}
        self.item_no = {x: i for i, x in enumerate(self.items)}
        self.rows: list[list | None] = [None] * (len(self.items) * players)

    def offers(self, give: int, owner: int, asked: list[int], pick) -> tuple:
        """The offers of item `give` to `owner` for each item in `asked` (`pick` takes those
        places of a row). A turn offers over a thousand trades: it takes them from a row of
        offers kept for each giver and partner, made as they are first asked for."""
        key = give * self.n + owner
        row = self.rows[key]
        if row is None:
            row = self.rows[key] = [None] * len(self.items)
        got = pick(row)
        if any(map(is_, got, repeat(None))):
            base = self.start["offer"] + key * len(self.items)
            for t in asked:
                if row[t] is None:
                    row[t] = self.action(base + t)
            got = pick(row)
        return got

    def action(self, number: int):
        """The one shared object for an action id: legal_actions hands out the same objects
        again and again instead of making thousands each turn."""
        action = self.cache.get(number)
        if action is None:
            action = self.cache[number] = self.decode(number)
        return action

    def _i(self, table: str, x) -> int:
        return self.index[table][x]

    def encode(self, a) -> int:
        st, n, s = self.start, self.n, len(self.spots)
        if isinstance(a, (Word, Draw)):
            return st["fixed"] + self.fixed.index(a)
        if isinstance(a, Buy):
            return st["buy"] + self._i("pel", a.card)
        if isinstance(a, Defend):
            return st["defend"] + self._i("rah", a.card)
        if isinstance(a, Rebuild):
            return st["rebuild"] + self._i("pel", a.card)
        if isinstance(a, Attack):
            return st["attack"] + (self._i("rah", a.card) * n + a.owner) * s + \
                self._i("spots", a.spot)
        if isinstance(a, Raze):
            return st["raze"] + (self._i("pel", a.card) * n + a.owner) * s + \
                self._i("spots", a.spot)
        if isinstance(a, Build):
            return st["build"] + self._i("forts", a.card) * s + self._i("spots", a.spot)
        if isinstance(a, Exchange):
            return st["exchange"] + self._i("forts", a.card) * s + self._i("spots", a.spot)
        if isinstance(a, AddReshpel):
            return st["reshpel"] + self._i("spots", a.spot)
        if isinstance(a, Offer):
            m = len(self.items)
            return st["offer"] + (self._i("items", a.give) * n + a.owner) * m + \
                self._i("items", a.take)
        raise ValueError(f"{a!r} is not an Ahzchim action")

    def decode(self, number: int):
        if not 0 <= number < self.size:
            raise ValueError(f"action id {number} is out of range")
        name = next(b for b, _ in reversed(self.blocks) if number >= self.start[b])
        k = number - self.start[name]
        n, s = self.n, len(self.spots)
        if name == "fixed":
            return self.fixed[k]
        if name == "buy":
            return Buy(self.pel[k])
        if name == "defend":
            return Defend(self.rah[k])
        if name == "rebuild":
            return Rebuild(self.pel[k])
        if name in ("attack", "raze"):
            rest, spot = divmod(k, s)
            card, owner = divmod(rest, n)
            table = self.rah if name == "attack" else self.pel
            return (Attack if name == "attack" else Raze)(table[card], owner, self.spots[spot])
        if name in ("build", "exchange"):
            card, spot = divmod(k, s)
            return (Build if name == "build" else Exchange)(self.forts[card], self.spots[spot])
        if name == "reshpel":
            return AddReshpel(self.spots[k])
        m = len(self.items)
        rest, take = divmod(k, m)
        give, owner = divmod(rest, n)
        return Offer(self.items[give], owner, self.items[take])


def _picker(indices: list[int]):
    """A function taking those items of a list, as a tuple, in C (itemgetter) where it can."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        only = indices[0]
        return lambda row: (row[only],)
    return lambda row: ()


# The rules --------------------------------------------------------------------------------------
class AhzchimState(PhasedState):
    def __init__(self, game: Ahzchim, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        n = game.players
        self.p = game.pieces
        cards = list(deck) if deck is not None else list(game.deck().cards)
        if deck is None:
            self.rng.shuffle(cards)
        self.log: list[tuple[str, str | None, int | None]] = []
        # The generator's draws since the deal (a reshuffle, a Zahahnie razed into the Pord):
        # chance events, for search.
        self.chances_since_deal = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        # A Zahahnie on the table: (card, its Roke Zibahl or None, Reshpel on it).
        self.zah: list[list[tuple]] = [[] for _ in range(n)]
        # Cards everybody knows to be in a hand: received in a trade, or a fort taken back.
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.in_play = [True] * n
        self.discard: list[str] = []
        self.pord = cards[HAND_SIZE * n:][::-1]  # the top card is the last of the list
        # Five each, one at a time from seat 0; a heart dealt is laid face up at once.
        for i in range(HAND_SIZE * n):
            self._gain(i % n, cards[i])
        self._log("each player is dealt five; the rest is the Pord deck")
        self.turn_seat = 0
        self.to_act: int | None = 0
        self.phase = "turn"  # turn, answer, offer, draw, over
        self.round = 1
        self.turns = 1
        self.pending: tuple | None = None
        self.exhausted: tuple[int, int] | None = None  # (seat who took the last card, his turn)
        self.winner: int | None = None
        self.drawn: list[int] = []
        self.result: str | None = None
        self.reached_cap = False  # read by bench/ and the lab: the game ended at the turn cap

    # Pieces moving ------------------------------------------------------------------------------
    def _gain(self, seat: int, card: str) -> None:
        """A card comes to a player: a Zahahnie is laid face up at once (no turn used)."""
        p = self.p
        if p.kind[card] == ZAH:
            row = self.zah[seat]
            row.append((card, None, False))
            row.sort(key=lambda e: (p.order[e[0]], p.order.get(e[1], -1), e[2]))
            self._log(f"seat {seat} lays out the Zahahnie {card}")
        else:
            hand = self.hands[seat]
            hand.append(card)
            hand.sort(key=p.order.__getitem__)

    def _lose(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _take_from_pord(self, seat: int, count: int, why: str) -> None:
        cards = [self.pord.pop() for _ in range(count)]
        self._log(f"seat {seat} {why} {count}",
                  f"seat {seat} {why} {count}: {' '.join(cards)}", seat)
        for card in cards:
            self._gain(seat, card)
        if not self.pord:
            self.exhausted = (seat, self.turns)
            self._log(f"seat {seat} took the last card: the Pord deck is exhausted until his "
                      f"next turn is over")

    def _remove_entry(self, seat: int, index: int) -> str:
        """A Zahahnie leaves the table; any fort and Reshpel on it go to the discard pile."""
        card, fort, reshpel = self.zah[seat].pop(index)
        if fort:
            self.discard.append(fort)
        if reshpel:
            self.discard.append(self.p.reshpel)
        return card

    def _locate(self, owner: int, spot: Spot) -> int | None:
        if not 0 <= owner < len(self.zah):
            return None
        spot_of = self.p.spot
        for i, entry in enumerate(self.zah[owner]):
            if spot_of(entry) == spot:
                return i
        return None

    def _owner_of(self, spot: Spot) -> int:
        """Whose Zahahnie a written target is, when the writer did not say ('of N')."""
        me = self.current_player
        owners = [s for s in range(len(self.zah)) if self._locate(s, spot) is not None]
        if len(owners) > 1:
            owners = [s for s in owners if s != me]
        if len(owners) == 1:
            return owners[0]
        if not owners:
            raise IllegalAction(f"no Zahahnie {spot} is on the table")
        raise IllegalAction(f"several players hold {spot}: say whose with 'of N'")

    # Values ---------------------------------------------------------------------------------
    def worth(self, seat: int) -> int:
        worth_of = self.p.worth_of
        return sum(worth_of[e[0]] for e in self.zah[seat])

    def _allowance(self, seat: int) -> int:
        """Draws at the end of a turn: 1 with a Zahahnie, 2 at nine, 3 at twelve."""
        if not self.zah[seat]:
            return 0
        count = len(self.zah[seat]) if self.game.options["count_by"] == "cards" \
            else self.worth(seat)
        return 3 if count >= 12 else 2 if count >= 9 else 1

    def _draw_limit(self) -> int:
        if self.exhausted is not None:
            return 0
        return min(self._allowance(self.turn_seat), len(self.pord))

    def _unseen(self, seat: int) -> list[str]:
        """Hand cards `seat` cannot see anywhere: the ones he may ask another player for."""
        p = self.p
        left = dict(p.count)
        for card in self.hands[seat]:
            left[card] -= 1
        for card in self.discard:
            left[card] -= 1
        for entries in self.zah:
            for _, fort, reshpel in entries:
                if fort:
                    left[fort] -= 1
                if reshpel:
                    left[p.reshpel] -= 1
        return [c for c in p.hand_types if left[c] > 0]

    # The contract ----------------------------------------------------------------------------

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "turn":
            return self._turn_actions()
        if phase == "answer":
            return self._answers()
        if phase == "offer":
            _, proposer, give, owner, take = self.pending
            ok = take in self.hands[owner] if isinstance(take, str) else True
            return [ACCEPT, REFUSE] if ok else [REFUSE]
        if phase == "draw":
            return list(DRAWS[:self._draw_limit() + 1])
        return []

    def _spot_numbers(self, seat: int) -> list[tuple[int, tuple]]:
        """Each different Zahahnie of a seat (by spot index), with its table entry."""
        seen, out, spot_no = set(), [], self.p.spot_no
        for entry in self.zah[seat]:
            number = spot_no(entry)
            if number not in seen:
                seen.add(number)
                out.append((number, entry))
        return out

    def _turn_actions(self) -> list:
        p, seat, n = self.p, self.turn_seat, self.game.players
        codec = self.game._codec
        act, start, s = codec.action, codec.start, len(codec.spots)
        hand = self.hands[seat]
        cards = sorted(set(hand), key=p.order.__getitem__)
        others = [o for o in range(n) if o != seat and self.in_play[o]]
        theirs = {o: self._spot_numbers(o) for o in others}
        own = self._spot_numbers(seat)
        can_buy = self.exhausted is None and bool(self.pord)
        pel_no, rah_no, fort_no = codec.pel_no, codec.rah_no, codec.fort_no
        buys, attacks, razes, builds, changes, reshpels = [], [], [], [], [], []
        for card in cards:
            kind = p.kind[card]
            if kind == PEL:
                c = pel_no[card]
                if can_buy:
                    buys.append(act(start["buy"] + c))
                for o in others:
                    base = start["raze"] + (c * n + o) * s
                    razes.extend(act(base + k) for k, entry in theirs[o] if entry[1] is None)
            elif kind == RAH:
                c = rah_no[card]
                for o in others:
                    base = start["attack"] + (c * n + o) * s
                    attacks.extend(act(base + k) for k, _ in theirs[o])
            elif kind == ROKE:
                if card == p.reshpel:
                    reshpels.extend(act(start["reshpel"] + k) for k, entry in own
                                    if entry[1] and not entry[2])
                    continue
                c = fort_no[card]
                for k, entry in own:
                    if entry[1] is None:
                        builds.append(act(start["build"] + c * s + k))
                    elif entry[1] != card:
                        changes.append(act(start["exchange"] + c * s + k))
        offers = []
        if others:
            item_no, h = codec.item_no, len(p.hand_types)
            gives = [item_no[c] for c in cards] + [h + k for k, _ in own]
            # Asked for: any hand card he cannot see (item numbers below h), then the other
            # player's Zahahnie.
            unseen = [item_no[c] for c in self._unseen(seat)]
            asks = {o: unseen + [h + k for k, _ in theirs[o]] for o in others}
            picks = {o: _picker(asks[o]) for o in others}
            offers_of = codec.offers
            for g in gives:
                for o in others:
                    offers.extend(offers_of(g, o, asks[o], picks[o]))
        actions = buys + attacks + razes + builds + changes + reshpels + offers
        return actions or [PASS]

    def _answers(self) -> list:
        p = self.p
        kind, attacker, card, owner, index = self.pending
        hand = self.hands[owner]
        bar = p.value[card]
        cards = sorted(set(hand), key=p.order.__getitem__)
        codec = self.game._codec
        act, start = codec.action, codec.start
        spades = [act(start["defend"] + codec.rah_no[c]) for c in cards
                  if p.kind[c] == RAH and c != p.spy and p.value[c] > bar]
        rebuilds = [] if kind == "attack" else [
            act(start["rebuild"] + codec.pel_no[c]) for c in cards
            if p.kind[c] == PEL and p.value[c] > bar]
        return spades + rebuilds + [YIELD]

    # Why a move is refused ---------------------------------------------------------------------
    def _check(self, action) -> str | None:
        phase = self.phase
        if phase == "over":
            return "the game is over"
        if phase == "answer":
            return self._check_answer(action)
        if phase == "offer":
            if action == ACCEPT:
                _, proposer, give, owner, take = self.pending
                if isinstance(take, str) and take not in self.hands[owner]:
                    return f"you do not hold {take}: you can only refuse"
                return None
            if action == REFUSE:
                return None
            return f"seat {self.pending[1]} offers a trade: accept or refuse"
        if phase == "draw":
            if not isinstance(action, Draw):
                return "your action is done: draw cards ('draw 0' .. 'draw N')"
            limit = self._draw_limit()
            if not 0 <= action.count <= limit:
                return f"you may draw 0 to {limit} cards now"
            return None
        return self._check_turn(action)

    def _check_answer(self, action) -> str | None:
        p = self.p
        kind, attacker, card, owner, index = self.pending
        if action == YIELD:
            return None
        if not isinstance(action, (Defend, Rebuild)):
            verb = "attacks" if kind == "attack" else "razes"
            return (f"seat {attacker} {verb} your Zahahnie: defend, "
                    f"{'rebuild, ' if kind == 'raze' else ''}or yield")
        if action.card not in self.hands[owner]:
            return f"you do not hold {action.card}"
        if isinstance(action, Rebuild):
            if kind == "attack":
                return "a diamond rebuilds a razed Zahahnie; against an attack only a spade defends"
            if p.kind[action.card] != PEL:
                return f"{action.card} is not a Pelmeahe (diamond): rebuild with a higher diamond"
        elif p.kind[action.card] != RAH:
            return f"{action.card} is not a Rahziembiz (spade): defend with a higher spade"
        if action.card == p.spy:
            return "the spy cannot defeat any Rahziembiz: it does not defend"
        if p.value[action.card] <= p.value[card]:
            return f"{action.card} is not higher than {card}"
        return None

    def _check_turn(self, action) -> str | None:
        p, seat = self.p, self.turn_seat
        hand = self.hands[seat]
        if action == PASS:
            return None if self._turn_actions() == [PASS] else \
                "you may pass only when you have no possible action"
        if isinstance(action, (Word, Draw, Defend, Rebuild)):
            return f"it is your turn: {action} is not an action now"
        if isinstance(action, Offer):
            return self._check_offer(action)
        card = action.card if not isinstance(action, AddReshpel) else p.reshpel
        if card not in hand:
            return f"you do not hold {card}"
        kind = p.kind[card]
        if isinstance(action, Buy):
            if kind != PEL:
                return f"{card} is not a Pelmeahe (diamond): only diamonds buy"
            if self.exhausted is not None or not self.pord:
                return "the Pord deck is exhausted: no buying until it is reshuffled"
            return None
        if isinstance(action, (Attack, Raze)):
            want = RAH if isinstance(action, Attack) else PEL
            if kind != want:
                return (f"{card} is not a Rahziembiz (spade): attack with a spade"
                        if want == RAH else
                        f"{card} is not a Pelmeahe (diamond): raze with a diamond")
            if action.owner == seat:
                return "you cannot attack or raze your own Zahahnie"
            if not 0 <= action.owner < len(self.zah) or not self.in_play[action.owner]:
                return f"seat {action.owner} is not in play"
            index = self._locate(action.owner, action.spot)
            if index is None:
                return f"seat {action.owner} has no Zahahnie {action.spot}"
            if isinstance(action, Raze) and self.zah[action.owner][index][1] is not None:
                return f"{action.spot} has a Roke Zibahl on it: it cannot be razed"
            return None
        index = self._locate(seat, action.spot)
        if index is None:
            return f"you have no Zahahnie {action.spot}"
        _, fort, reshpel = self.zah[seat][index]
        if isinstance(action, AddReshpel):
            if fort is None:
                return "the Reshpel adds onto a Roke Zibahl: build one there first"
            if reshpel:
                return "that Roke Zibahl already has the Reshpel"
            return None
        if kind != ROKE:
            return f"{card} is not a Roke Zibahl (club)"
        if card == p.reshpel:
            return "the Reshpel is not a Roke Zibahl: add it onto one ('reshpel on 7H')"
        if isinstance(action, Build):
            if fort is not None:
                return (f"only one Roke Zibahl may be built on a Zahahnie; exchange it "
                        f"('exchange {card} on {action.spot}')")
            return None
        if fort is None:
            return f"there is no Roke Zibahl on {action.spot} to exchange: build one"
        if fort == card:
            return f"{card} is already the Roke Zibahl there"
        return None

    def _check_offer(self, offer: Offer) -> str | None:
        p, seat = self.p, self.turn_seat
        owner = offer.owner
        if owner == seat:
            return "trade with another player"
        if not 0 <= owner < len(self.zah) or not self.in_play[owner]:
            return f"seat {owner} is not in play"
        give, take = offer.give, offer.take
        if isinstance(give, Spot):
            if self._locate(seat, give) is None:
                return f"you have no Zahahnie {give}"
        elif give not in self.hands[seat]:
            return f"you do not hold {give}"
        if isinstance(take, Spot):
            if self._locate(owner, take) is None:
                return f"seat {owner} has no Zahahnie {take}"
        elif p.kind.get(take) == ZAH:
            return f"a Zahahnie is never held in hand: ask for one on seat {owner}'s table"
        elif take not in self._unseen(seat):
            return f"you can see every {take}: seat {owner} cannot be holding it"
        return None

    # Playing a move ---------------------------------------------------------------------------
    def _apply(self, action) -> None:
        phase = self.phase
        if phase == "turn":
            self._act(action)
        elif phase == "answer":
            self._answer(action)
        elif phase == "offer":
            self._answer_offer(action)
        elif phase == "draw":
            if action.count:
                self._take_from_pord(self.turn_seat, action.count, "draws")
            else:
                self._log(f"seat {self.turn_seat} draws nothing")
            if self._settle():
                return
            self._end_turn()

    def _act(self, action) -> None:
        p, seat = self.p, self.turn_seat
        if isinstance(action, Buy):
            self._lose(seat, action.card)
            self.discard.append(action.card)
            count = min(p.worth(action.card), len(self.pord))
            self._log(f"seat {seat} buys with {action.card}")
            self._take_from_pord(seat, count, "buys")
        elif isinstance(action, Attack):
            self._lose(seat, action.card)
            index = self._locate(action.owner, action.spot)
            entry = self.zah[action.owner][index]
            self._log(f"seat {seat} attacks seat {action.owner}'s {action.spot} with {action.card}")
            if entry[1] and action.card != p.spy and p.value[action.card] <= p.fort_value(entry):
                self.discard.append(action.card)
                self._log(f"the Roke Zibahl holds: {action.card} is defeated and discarded")
            else:
                if entry[1]:
                    self._log("the attack overcomes the Roke Zibahl")
                self._ask(("attack", seat, action.card, action.owner, index))
                return
        elif isinstance(action, Raze):
            self._lose(seat, action.card)
            index = self._locate(action.owner, action.spot)
            self._log(f"seat {seat} razes seat {action.owner}'s {action.spot} with {action.card}")
            self._ask(("raze", seat, action.card, action.owner, index))
            return
        elif isinstance(action, Build):
            self._lose(seat, action.card)
            index = self._locate(seat, action.spot)
            zah, _, _ = self.zah[seat][index]
            self.zah[seat][index] = (zah, action.card, False)
            self._log(f"seat {seat} builds the Roke Zibahl {action.card} on {zah}")
        elif isinstance(action, Exchange):
            self._lose(seat, action.card)
            index = self._locate(seat, action.spot)
            zah, old, reshpel = self.zah[seat][index]
            self.zah[seat][index] = (zah, action.card, reshpel)
            self._gain(seat, old)
            self.known[seat].append(old)
            self._log(f"seat {seat} exchanges the Roke Zibahl {old} on {zah} for {action.card}")
        elif isinstance(action, AddReshpel):
            self._lose(seat, p.reshpel)
            index = self._locate(seat, action.spot)
            zah, fort, _ = self.zah[seat][index]
            self.zah[seat][index] = (zah, fort, True)
            self._log(f"seat {seat} adds the Reshpel to the Roke Zibahl {fort} on {zah}")
        elif isinstance(action, Offer):
            self._log(f"seat {seat} offers {action.give} for seat {action.owner}'s {action.take}")
            self.pending = ("offer", seat, action.give, action.owner, action.take)
            self.phase, self.to_act = "offer", action.owner
            return
        else:
            self._log(f"seat {seat} has no possible action and passes")
        self._after_action()

    def _ask(self, pending: tuple) -> None:
        self.pending = pending
        self.phase, self.to_act = "answer", pending[3]

    def _answer(self, action) -> None:
        kind, attacker, card, owner, index = self.pending
        self.pending = None
        zah, fort, reshpel = self.zah[owner][index]
        if action == YIELD:
            if kind == "attack":
                self.discard.append(card)
                self._remove_entry(owner, index)
                self._log(f"seat {owner} yields: seat {attacker} wins {zah}")
                self._gain(attacker, zah)
            else:
                self.discard.append(card)
                self._remove_entry(owner, index)
                if self.game.options["razed_to"] == "pord":
                    self.pord.insert(self.rng.randrange(len(self.pord) + 1), zah)
                    self.chances_since_deal += 1
                    self._log(f"seat {owner} yields: {zah} is razed into the Pord deck")
                else:
                    self.discard.append(zah)
                    self._log(f"seat {owner} yields: {zah} is razed and discarded")
        else:
            self._lose(owner, action.card)
            self.discard.append(card)
            self.discard.append(action.card)
            verb = "rebuilds" if isinstance(action, Rebuild) else "defends"
            self._log(f"seat {owner} {verb} {zah} with {action.card}")
            if kind == "attack" and fort:
                # The fort was beaten before the defence: it goes with both spades.
                self.zah[owner][index] = (zah, None, False)
                self.discard.append(fort)
                if reshpel:
                    self.discard.append(self.p.reshpel)
        self._after_action()

    def _answer_offer(self, action) -> None:
        _, proposer, give, owner, take = self.pending
        self.pending = None
        if action == REFUSE:
            self._log(f"seat {owner} refuses the trade")
        else:
            self._log(f"seat {owner} accepts: {give} for {take}")
            got_by_owner = self._hand_over(proposer, give)
            got_by_proposer = self._hand_over(owner, take)
            self._gain(owner, got_by_owner)
            self._gain(proposer, got_by_proposer)
            for seat, card in ((owner, got_by_owner), (proposer, got_by_proposer)):
                if self.p.kind[card] != ZAH:
                    self.known[seat].append(card)
        self._after_action()

    def _hand_over(self, seat: int, item) -> str:
        if isinstance(item, Spot):
            return self._remove_entry(seat, self._locate(seat, item))
        self._lose(seat, item)
        return item

    def _after_action(self) -> None:
        """The action is done: the optional draws, or the end of the turn."""
        if self._settle():
            return
        seat = self.turn_seat
        if self.in_play[seat] and self._draw_limit() > 0:
            self.phase, self.to_act = "draw", seat
            return
        self._end_turn()

    def _settle(self) -> bool:
        """Players without Zahahnie and cards go out; the game ends on a win. True if over."""
        n = self.game.players
        gone = []
        for s in range(n):
            if self.in_play[s] and not self.zah[s] and not self.hands[s]:
                self.in_play[s] = False
                gone.append(s)
                self._log(f"seat {s} has no Zahahnie and no cards: out of play")
        for s in range(n):
            if len(self.zah[s]) == self.p.zahahnie_total:
                return self._finish(s, "holds every Zahahnie")
        alive = [s for s in range(n) if self.in_play[s]]
        if len(alive) == 1:
            return self._finish(alive[0], "last in play")
        if not alive:
            self.drawn = gone
            return self._finish(None, "the last players went out together")
        return False

    def _finish(self, winner: int | None, why: str) -> bool:
        self.winner, self.result = winner, why
        self.phase, self.to_act, self.pending = "over", None, None
        self._log(f"seat {winner} wins: {why}" if winner is not None else f"a draw: {why}")
        return True

    def _end_turn(self) -> None:
        n, seat = self.game.players, self.turn_seat
        if self.exhausted is not None:
            taker, when = self.exhausted
            if (seat == taker and self.turns > when) or not self.in_play[taker]:
                self._reshuffle(taker)
        nxt = next((seat + k) % n for k in range(1, n + 1) if self.in_play[(seat + k) % n])
        if nxt <= seat:
            self.round += 1
            if self.round > self.game.options["round_cap"]:
                self.reached_cap = True
                self.drawn = [s for s in range(n) if self.in_play[s]]
                self._finish(None, f"no winner after {self.game.options['round_cap']} rounds")
                return
        self.turns += 1
        self.turn_seat, self.to_act, self.phase = nxt, nxt, "turn"

    def _reshuffle(self, taker: int) -> None:
        cards = self.discard + self.pord
        self.rng.shuffle(cards)
        self.pord, self.discard = cards, []
        if cards:
            self.exhausted = None
            self.chances_since_deal += 1
            self._log(f"seat {taker} shuffles the discard pile: a new Pord deck of {len(cards)}")
        else:
            # Nothing to shuffle: the wait starts again, as the seed says "the process of waiting
            # a round and reshuffling is repeated".
            self.exhausted = (taker, self.turns)
            self._log("the discard pile is empty: the Pord deck waits another round")

    def win_features(self, seat: int) -> tuple:
        """What the win model weighs (WIN_WEIGHTS): Zahahnie held, their worth squared / 20, the
        hand's size, the spades in it, the worth of its diamonds and its clubs."""
        p = self.p
        kind, worth_of = p.kind, p.worth_of
        row, hand = self.zah[seat], self.hands[seat]
        worth = sum(worth_of[e[0]] for e in row)
        spades = pelmeahe = roke = 0
        for card in hand:
            k = kind[card]
            if k == RAH:
                spades += 1
            elif k == PEL:
                pelmeahe += worth_of[card]
            else:
                roke += 1
        return len(row), worth * worth / 20.0, len(hand), spades, pelmeahe, roke

    def estimate(self) -> list[float]:
        """For search that stops early: each seat's expected return, from its chance to win by
        the win model over the seats in play; -1 for a seat out of play."""
        odds = [exp(sum(w * f for w, f in zip(WIN_WEIGHTS, self.win_features(s))))
                if self.in_play[s] else 0.0 for s in range(self.game.players)]
        total = sum(odds)
        return [2.0 * o / total - 1.0 for o in odds]

    def round_count(self) -> int:
        # the counter has moved on to the round after the cap when the cap ends the game
        return min(self.round, self.game.options["round_cap"])

    def returns(self) -> list[float]:
        """A win: +1 the winner, -1 everyone else. A draw (the turn cap, or the last players
        going out together): 0 to each player in it, -1 to those already out."""
        n = self.game.players
        if self.winner is not None:
            return [1.0 if s == self.winner else -1.0 for s in range(n)]
        if self.phase == "over":
            return [0.0 if s in self.drawn else -1.0 for s in range(n)]
        return [0.0] * n

    # What a seat may know --------------------------------------------------------------------
    def _log(self, public: str, private: str | None = None, seat: int | None = None) -> None:
        self.log.append((public, private, seat))

    def view(self, seat: int | None) -> dict:
        p, n = self.p, self.game.players
        pending = None
        if self.pending is not None:
            if self.pending[0] == "offer":
                _, proposer, give, owner, take = self.pending
                pending = {"kind": "offer", "proposer": proposer, "give": str(give),
                           "owner": owner, "take": str(take)}
            else:
                kind, attacker, card, owner, index = self.pending
                pending = {"kind": kind, "attacker": attacker, "card": card, "owner": owner,
                           "target": str(p.spot(self.zah[owner][index]))}
        return {
            "game": "ahzchim",
            "seat": seat,
            "chips": p.chips,
            "phase": self.phase,
            "to_act": self.current_player,
            "turn_seat": self.turn_seat,
            "round": self.round,
            "round_cap": self.game.options["round_cap"],
            "zahahnie": [[{"card": c, "fort": f, "reshpel": r} for c, f, r in row]
                         for row in self.zah],
            "worth": [self.worth(s) for s in range(n)],
            "fort_values": [[p.fort_value(e) if e[1] else 0 for e in row] for row in self.zah],
            "in_play": list(self.in_play),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "known_cards": [list(k) for k in self.known],
            "pord_count": len(self.pord),
            "discard": list(self.discard),
            "exhausted": self.exhausted is not None,
            "reshuffler": self.exhausted[0] if self.exhausted else None,
            "pending": pending,
            "draw_limit": self._draw_limit() if self.phase == "draw" else 0,
            "allowance": [self._allowance(s) for s in range(n)],
            "winner": self.winner,
            "drawn": list(self.drawn),
            "result": self.result,
            "log": [private if private is not None and who == seat else public
                    for public, private, who in self.log[-30:]],
        }

    def card_census(self) -> list[str]:
        cards = [c for hand in self.hands for c in hand] + self.pord + self.discard
        for entries in self.zah:
            for zah, fort, reshpel in entries:
                cards.append(zah)
                if fort:
                    cards.append(fort)
                if reshpel:
                    cards.append(self.p.reshpel)
        pending = self.pending
        if pending is not None and pending[0] != "offer":
            cards.append(pending[2])  # the attacking card, on the table until answered
        return cards

    def clone(self) -> AhzchimState:
        twin = self._clone_base()
        twin.log = list(self.log)
        twin.hands = [list(h) for h in self.hands]
        twin.zah = [list(row) for row in self.zah]
        twin.known = [list(k) for k in self.known]
        twin.in_play = list(self.in_play)
        twin.discard = list(self.discard)
        twin.pord = list(self.pord)
        twin.drawn = list(self.drawn)
        return twin

    def determinize(self, seat: int, rng) -> AhzchimState:
        """Other hands and the Pord redealt. Cards known to be in a hand stay there; a Zahahnie
        in the Pord stays in the Pord (a heart in hand would have been laid out); the Pord's
        order is unknown, so it is shuffled."""
        twin = self.clone()
        twin.rng = self._fresh_rng(rng)
        p = self.p
        others = [s for s in range(self.game.players) if s != seat]
        pord_zah = [c for c in self.pord if p.kind[c] == ZAH]
        pord_rest = [c for c in self.pord if p.kind[c] != ZAH]
        places = [self.hands[s] for s in others] + [pord_rest]
        known = [set(self.known[s]) for s in others] + [set()]
        if self.pending and self.pending[0] == "offer" and isinstance(self.pending[2], str):
            # A card offered in a trade was shown: it stays in the proposer's hand.
            proposer = self.pending[1]
            if proposer != seat:
                known[others.index(proposer)].add(self.pending[2])
        fresh = redeal(places, known, rng)
        for s, hand in zip(others, fresh):
            hand.sort(key=p.order.__getitem__)
            twin.hands[s] = hand
        pord = fresh[-1] + pord_zah
        rng.shuffle(pord)
        twin.pord = pord
        return twin


# A computer player ------------------------------------------------------------------------------
class AhzchimHeuristic(Agent):
    """Take Zahahnie with spades that pass the fort, fortify one's best Zahahnie, buy when short
    of cards, raze a rival down to nothing, defend with the cheapest card that wins, accept only
    trades that bring in more than they cost, and always draw."""

    name = "heuristic"

    def act(self, view, legal_actions):
        p = CHIP_PIECES if view["chips"] else CARD_PIECES
        first = legal_actions[0]
        if isinstance(first, Draw):
            return legal_actions[-1]
        if view["phase"] == "answer":
            return self._answer(p, view, legal_actions)
        if view["phase"] == "offer":
            return self._accept(p, view, legal_actions)
        return self._turn(p, view, legal_actions)

    def _answer(self, p, view, legal):
        answers = [a for a in legal if a != YIELD]
        if not answers:
            return YIELD
        # The cheapest card that wins; keep spades for attack when a diamond will do.
        return min(answers, key=lambda a: (p.value[a.card], isinstance(a, Defend)))

    def _accept(self, p, view, legal):
        if ACCEPT not in legal:
            return REFUSE
        pending = view["pending"]
        give, take = pending["give"], pending["take"]  # what I get, what I give
        mine = self._item_value(p, take)
        theirs = self._item_value(p, give)
        return ACCEPT if theirs > mine + 0.5 else REFUSE

    @staticmethod
    def _item_value(p, text):
        card = text.split("/")[0].rstrip("+")
        kind = p.kind[card]
        if kind == ZAH:
            return 10 + 4 * p.worth(card)
        if kind == RAH:
            return 6 if card == p.spy else 1 + p.value[card] / (2 if p.chips else 1.5)
        if kind == PEL:
            return 3 * p.worth(card)
        return 5 if card == p.reshpel else 1 + p.value[card] / (3 if p.chips else 2.5)

    def _turn(self, p, view, legal):
        me = view["seat"]
        hand = view["hand"]
        rows = view["zahahnie"]
        fort_at = {}
        for s, entries in enumerate(rows):
            for e, fv in zip(entries, view["fort_values"][s]):
                fort_at.setdefault((s, e["card"], e["fort"], e["reshpel"]), fv)
        # A turn has hundreds of trade offers and this runs at every move of the search's
        # playouts: _turn_actions lists the offers last, so they are taken as one slice.
        of_type = {Attack: [], Raze: [], Build: [], Exchange: [], AddReshpel: [], Buy: []}
        offers = []
        for i, a in enumerate(legal):
            kind = type(a)
            if kind is Offer:
                offers = legal[i:]
                break
            group = of_type.get(kind)
            if group is not None:
                group.append(a)
        attacks, razes, builds, changes = (of_type[Attack], of_type[Raze], of_type[Build],
                                           of_type[Exchange])
        reshpels, buys = of_type[AddReshpel], of_type[Buy]
        top = max(p.value[c] for c in p.of_kind[RAH])

        def fort_of(owner, spot):
            if not p.chips:
                for e, fv in zip(rows[owner], view["fort_values"][owner]):
                    if e["card"] == spot.zah:
                        return fv, e["fort"] is not None
            fv = fort_at.get((owner, spot.zah, spot.fort, spot.reshpel), 0)
            return fv, spot.fort is not None

        best, best_score = None, 0.0
        for a in attacks:
            fv, fortified = fort_of(a.owner, a.spot)
            spy = a.card == p.spy
            if fortified and not spy and p.value[a.card] <= fv:
                continue  # the fort would hold
            strength = p.value[a.card] if not spy else 0
            if spy and not fortified:
                continue  # waste of the spy
            # A strong spade is rarely outbid; a fort beaten by the spy still leaves a defence.
            chance = (strength / top) ** 2 if not spy else 0.5
            score = p.worth(a.spot.zah) * (0.5 + chance) + (0.6 if fortified else 0)
            if score > best_score:
                best, best_score = a, score
        if best is not None and best_score >= 1.0:
            return best
        unfortified = [e for e in rows[me] if e["fort"] is None]
        if builds:
            # The best club on the best unfortified Zahahnie.
            return max(builds, key=lambda a: (p.worth(a.spot.zah), p.value[a.card]))
        if reshpels:
            return max(reshpels, key=lambda a: p.worth(a.spot.zah))
        if changes:
            gain = [a for a in changes if p.value[a.card] > p.value[a.spot.fort or self._fort(
                rows[me], a.spot.zah)]]
            if gain:
                return max(gain, key=lambda a: (p.worth(a.spot.zah), p.value[a.card]))
        diamonds = [c for c in hand if p.kind[c] == PEL]
        if buys and (len(hand) <= 4 or not rows[me] or len(diamonds) > 1):
            return max(buys, key=lambda a: p.worth(a.card))
        if best is not None:
            return best
        if razes:
            # Raze the Zahahnie of the player closest to going out, or the most valuable.
            def raze_key(a):
                left = len(rows[a.owner])
                return (left == 1 and view["hand_counts"][a.owner] == 0, -left,
                        p.worth(a.spot.zah), -p.value[a.card])
            target = max(razes, key=raze_key)
            if len(rows[target.owner]) <= 2 or p.worth(target.spot.zah) >= 2:
                return target
        if buys:
            return max(buys, key=lambda a: p.worth(a.card))
        if offers:
            # Junk for a rival's best Zahahnie: a partner who accepts gives the game away.
            good = [a for a in offers if isinstance(a.take, Spot) and not isinstance(a.give, Spot)]
            if good:
                return max(good, key=lambda a: (self._item_value(p, str(a.take))
                                                - self._item_value(p, str(a.give)),
                                                -a.owner))
        if unfortified and attacks:
            return attacks[0]
        return legal[0]

    @staticmethod
    def _fort(row, zah):
        for e in row:
            if e["card"] == zah:
                return e["fort"]
        return None


Ahzchim.state_class = AhzchimState
Ahzchim.heuristic = AhzchimHeuristic
