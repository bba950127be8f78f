"""Ahzchim (Tribe): gather every Zahahnie of the tribe. Hearts are the Zahahnie (food), diamonds
the Pelmeahe (labor) that buy and raze, spades the Rahziembiz (fighters) that attack and defend,
clubs the Roke Zibahl (safehouses) that fortify a Zahahnie.

The rules are parlour/fast/ahzchim.py's, the integer core, and only there. This is the readable
layer on it: the game's options, the pieces' names, the actions and their notation, the words of a
refusal, the views, the table's scene and the terminal's picture, and the log told from the core's
events. Rule text: shared/seeds/000; rulings: shared/GAMES.md (Ahzchim); the rules page:
docs/rules/ahzchim.md. The same rules play with the chips (option `chips`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..agents.base import CoreHeuristic
from ..core.cards import AHZCHIM_CHIPS, FRENCH_52, FRENCH_RANKS
from ..core.errors import IllegalAction
from ..core.game import Game, GameInfo, Option
from ..core.registry import register
from ..core.scene import item, pile, row, seat_entry, zone
from ..core.wrapped import WrappedState
from ..fast import ahzchim as core
from ..fast.core import Rng

WIN_WEIGHTS = core.WIN_WEIGHTS

ZAH, PEL, RAH, ROKE = "Z", "P", "R", "K"  # Zahahnie, Pelmeahe, Rahziembiz, Roke Zibahl
KINDS = (ZAH, PEL, RAH, ROKE)  # by the core's kind numbers
KIND_NAMES = {ZAH: "Zahahnie", PEL: "Pelmeahe", RAH: "Rahziembiz", ROKE: "Roke Zibahl"}


# The pieces: what each card or chip is and is worth -----------------------------------------------
class Pieces:
    """The four kinds and their values, for the cards or for the chips: the core's tables
    (parlour/fast/ahzchim.py, Rules) under the pieces' names. One object per piece set, shared by
    every state (it is never changed)."""

    def __init__(self, chips: bool):
        self.chips = chips
        rules = self.rules = core.Rules(2, chips, False, False, 1)
        names = self.types = list(rules.names)
        self.order = dict(rules.number)
        self.kind = {c: KINDS[rules.kind[t]] for t, c in enumerate(names)}
        self.value = {c: rules.value[t] for t, c in enumerate(names)}
        self.count = {c: rules.count[t] for t, c in enumerate(names)}
        self.worth_of = {c: rules.worth[t] for t, c in enumerate(names) if rules.worth[t]}
        self.spy, self.reshpel = names[rules.spy], names[rules.reshpel]
        self.zahahnie_total = rules.zahahnie_total
        self.of_kind = {k: [c for c in names if self.kind[c] == k] for k in KINDS}
        self.hand_types = [names[t] for t in rules.hand_types]
        self.forts = [names[t] for t in rules.forts]
        # The spots in the core's numbering.
        if chips:
            self.spots = [Spot(*self.entry(rules.spot_entry(k))) for k in range(rules.spots)]
        else:
            self.spots = [Spot(names[z]) for z in rules.zahahnie]
        self.spot_no = {spot: k for k, spot in enumerate(self.spots)}

    def entry(self, entry: int) -> tuple:
        """A core entry as the table shows it: (Zahahnie, its Roke Zibahl or None, Reshpel)."""
        rules, names = self.rules, self.types
        fort = rules.fort_of(entry)
        return (names[rules.zah_of(entry)], names[fort] if fort >= 0 else None,
                rules.reshpel_on(entry))

    def core_entry(self, card: str, fort: str | None, reshpel: bool) -> int:
        return self.rules.entry(self.order[card], -1 if fort is None else self.order[fort],
                                reshpel)

    def worth(self, card: str) -> int:
        """A Zahahnie's worth, a Pelmeahe's buying power: 1, 2 or 3 (2-9, 10-Q, K-A)."""
        return self.worth_of[card]

    def spot(self, entry: tuple) -> Spot:
        return Spot(*entry) if self.chips else Spot(entry[0])

    def fort_value(self, entry: tuple) -> int:
        return self.rules.fort_value(self.core_entry(*entry))

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
        peers={},
    )
    core_module = "ahzchim"
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
        self.rules = core.rules_of(self.players, self.options)
        self._actions: dict[int, object] = {}

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
        return self.rules.size

    def action_id(self, action) -> int:
        return action_id(self.pieces, self.rules, action)

    def action_from_id(self, number: int):
        """The one shared object for an action id: legal_actions hands out the same objects
        again and again instead of making thousands each turn."""
        action = self._actions.get(number)
        if action is None:
            action = self._actions[number] = _decode(self.pieces, self.rules, number)
        return action

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
        order = p.order
        hidden = core.unseen(p.rules, [order[c] for c in view["hand"] or ()],
                             [order[c] for c in view["discard"]], _village(p, view))
        return [p.types[c] for c in hidden]

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
            spades, rebuild = core.answers(p.rules, [p.order[c] for c in view["hand"] or ()],
                                           p.order[card], pending["kind"] == "raze")
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


def _village(p: Pieces, view: dict) -> list[list[int]]:
    """The tables a view shows, as the core's entries."""
    return [[p.core_entry(e["card"], e["fort"], e["reshpel"]) for e in row_]
            for row_ in view["zahahnie"]]


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



# The one numbering: the core's action ids ------------------------------------------------------
FIXED = (PASS, YIELD, ACCEPT, REFUSE, *DRAWS)
WORDS = {"pass": core.PASS, "yield": core.YIELD, "accept": core.ACCEPT, "refuse": core.REFUSE}


def _typed(p: Pieces, card: str, kind: str) -> int:
    """The core's type of `card`, which must be of `kind` (a Roke Zibahl: not the Reshpel)."""
    if p.kind[card] != kind or (kind == ROKE and card == p.reshpel):
        raise ValueError(f"{card} is not a {KIND_NAMES[kind]} here")
    return p.order[card]


def _item_no(p: Pieces, rules: core.Rules, item) -> int:
    if isinstance(item, Spot):
        return len(rules.hand_types) + p.spot_no[item]
    number = rules.item[p.order[item]]
    if number < 0:
        raise ValueError(f"{item} is never in a hand")
    return number


def action_id(p: Pieces, rules: core.Rules, a) -> int:
    if isinstance(a, Word):
        return WORDS[a.word]
    if isinstance(a, Draw):
        if not 0 <= a.count < len(DRAWS):
            raise ValueError(f"{a} draws too many")
        return core.DRAW + a.count
    if isinstance(a, Buy):
        return rules.buy(_typed(p, a.card, PEL))
    if isinstance(a, Defend):
        return rules.defend(_typed(p, a.card, RAH))
    if isinstance(a, Rebuild):
        return rules.rebuild(_typed(p, a.card, PEL))
    if isinstance(a, (Attack, Raze, Offer)) and not 0 <= a.owner < rules.players:
        raise ValueError(f"there is no seat {a.owner}")
    if isinstance(a, Attack):
        return rules.attack(_typed(p, a.card, RAH), a.owner, p.spot_no[a.spot])
    if isinstance(a, Raze):
        return rules.raze(_typed(p, a.card, PEL), a.owner, p.spot_no[a.spot])
    if isinstance(a, Build):
        return rules.build(_typed(p, a.card, ROKE), p.spot_no[a.spot])
    if isinstance(a, Exchange):
        return rules.exchange(_typed(p, a.card, ROKE), p.spot_no[a.spot])
    if isinstance(a, AddReshpel):
        return rules.add_reshpel(p.spot_no[a.spot])
    if isinstance(a, Offer):
        return rules.offer(_item_no(p, rules, a.give), a.owner, _item_no(p, rules, a.take))
    raise ValueError(f"{a!r} is not an Ahzchim action")


def _item(p: Pieces, rules: core.Rules, number: int):
    hand_types = rules.hand_types
    if number < len(hand_types):
        return p.types[hand_types[number]]
    return p.spots[number - len(hand_types)]


def _decode(p: Pieces, rules: core.Rules, number: int):
    if not 0 <= number < rules.size:
        raise ValueError(f"action id {number} is out of range")
    block, card, owner, spot = rules.decode(number)
    if block == 0:
        return FIXED[card]
    if block == 9:
        return Offer(_item(p, rules, card), owner, _item(p, rules, spot))
    name = p.types[card]
    if block == 1:
        return Buy(name)
    if block == 2:
        return Defend(name)
    if block == 3:
        return Rebuild(name)
    if block in (4, 5):
        return (Attack if block == 4 else Raze)(name, owner, p.spots[spot])
    if block in (6, 7):
        return (Build if block == 6 else Exchange)(name, p.spots[spot])
    return AddReshpel(p.spots[spot])


PHASES = ("turn", "answer", "offer", "draw", "over")
RESULTS = ("holds every Zahahnie", "last in play", "the last players went out together")
LOG_SHOWN = 30

# The log lines of the events that name at most a seat, another seat or a count, and cards.
PLAIN = {
    core.DEALT: "each player is dealt five; the rest is the Pord deck",
    core.LAID_OUT: "seat {seat} lays out the Zahahnie {c0}",
    core.EXHAUSTED: "seat {seat} took the last card: the Pord deck is exhausted until his next "
                    "turn is over",
    core.BOUGHT: "seat {seat} buys with {c0}",
    core.FORT_HELD: "the Roke Zibahl holds: {c0} is defeated and discarded",
    core.FORT_OVERCOME: "the attack overcomes the Roke Zibahl",
    core.BUILT: "seat {seat} builds the Roke Zibahl {c0} on {c1}",
    core.EXCHANGED: "seat {seat} exchanges the Roke Zibahl {c0} on {c1} for {c2}",
    core.RESHPEL_ADDED: "seat {seat} adds the Reshpel to the Roke Zibahl {c0} on {c1}",
    core.PASSED: "seat {seat} has no possible action and passes",
    core.ZAHAHNIE_WON: "seat {seat} yields: seat {other} wins {c0}",
    core.RAZED_INTO_PORD: "seat {seat} yields: {c0} is razed into the Pord deck",
    core.RAZED_AWAY: "seat {seat} yields: {c0} is razed and discarded",
    core.DEFENDED: "seat {seat} defends {c0} with {c1}",
    core.REBUILT: "seat {seat} rebuilds {c0} with {c1}",
    core.REFUSED: "seat {seat} refuses the trade",
    core.WENT_OUT: "seat {seat} has no Zahahnie and no cards: out of play",
    core.DREW_NOTHING: "seat {seat} draws nothing",
    core.RESHUFFLED: "seat {seat} shuffles the discard pile: a new Pord deck of {other}",
    core.PORD_WAITS: "the discard pile is empty: the Pord deck waits another round",
}


# The readable position: a core position (parlour/fast/ahzchim.py) and what the log and the views
# show of it. Every rule is the core's; this only names, words and narrates.
class AhzchimState(WrappedState):
    core_module = core
    copied = ("log",)

    def __init__(self, game: Ahzchim, seed: int, deck: list[str] | None):
        super().__init__(game, seed, deck)
        self.p = game.pieces
        self.log: list[tuple[str, str | None, int | None]] = []
        number = self.p.order
        cards = [number[c] for c in deck] if deck is not None else None
        events: list = []
        self._start(core.start(game.rules, core.RecordRng(self._generator), cards, events), events)

    def _core_rng(self, position) -> Rng:
        return core.RecordRng(self._generator)

    # What the tests and the table read --------------------------------------------------------
    phase = property(lambda self: PHASES[self.core.phase])
    turn_seat = property(lambda self: self.core.turn_seat)
    round = property(lambda self: self.core.round_no)
    turns = property(lambda self: self.core.turns)
    in_play = property(lambda self: self.core.in_play)
    winner = property(lambda self: None if self.core.winner < 0 else self.core.winner)
    drawn = property(lambda self: list(self.core.drawn))
    reached_cap = property(lambda self: self.core.reached_cap)
    hands = property(lambda self: [self._names(h) for h in self.core.hands])
    known = property(lambda self: [self._names(k) for k in self.core.known])
    discard = property(lambda self: self._names(self.core.discard))
    pord = property(lambda self: self._names(self.core.pord))  # the top card last
    # A Zahahnie on the table: (card, its Roke Zibahl or None, Reshpel on it).
    zah = property(lambda self: [[self.p.entry(e) for e in row] for row in self.core.village])

    def _names(self, cards: list[int]) -> list[str]:
        names = self.p.types
        return [names[c] for c in cards]

    @property
    def exhausted(self) -> tuple[int, int] | None:
        """(the seat who took the Pord's last card, his turn then), while it is exhausted."""
        position = self.core
        return (position.taker, position.when) if position.taker >= 0 else None

    @property
    def result(self) -> str | None:
        why = self.core.result
        if why < 0:
            return None
        if why == core.TURN_CAP:
            return f"no winner after {self.game.options['round_cap']} rounds"
        return RESULTS[why]

    def worth(self, seat: int) -> int:
        return self.core.worth(seat)

    def win_features(self, seat: int) -> tuple:
        return self.core.win_features(seat)

    def estimate(self) -> list[float]:
        return self.core.estimate()

    def _allowance(self, seat: int) -> int:
        return self.core.allowance(seat)

    def _draw_limit(self) -> int:
        return self.core.draw_limit()

    def round_count(self) -> int:
        # the counter has moved on to the round after the cap when the cap ends the game
        return min(self.round, self.game.options["round_cap"])

    def _item_name(self, number: int) -> str:
        return str(_item(self.p, self.game.rules, number))

    def _locate(self, owner: int, spot: Spot) -> int | None:
        if not 0 <= owner < self.game.players:
            return None
        index = self.core._locate(owner, self.p.spot_no[spot])
        return None if index < 0 else index

    def _owner_of(self, spot: Spot) -> int:
        """Whose Zahahnie a written target is, when the writer did not say ('of N')."""
        me = self.current_player
        owners = [s for s in range(self.game.players) if self._locate(s, spot) is not None]
        if len(owners) > 1:
            owners = [s for s in owners if s != me]
        if len(owners) == 1:
            return owners[0]
        if not owners:
            raise IllegalAction(f"no Zahahnie {spot} is on the table")
        raise IllegalAction(f"several players hold {spot}: say whose with 'of N'")

    # The contract ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        actions = self.game._actions
        act = self.game.action_from_id
        out = []
        for number in self.core.legal():
            action = actions.get(number)
            out.append(action if action is not None else act(number))
        return out

    # Why a move is refused ---------------------------------------------------------------------
    def _check(self, action) -> str | None:
        if self.core.phase == core.OVER:
            return "the game is over"
        try:
            number = self.game.action_id(action)
        except (KeyError, ValueError):
            number = -1
        if number in self.core.legal():
            return None
        return self._why_not(action) or f"{action} is not a legal move now"

    def _why_not(self, action) -> str | None:
        """The words for an action the core does not offer."""
        phase = self.phase
        if phase == "answer":
            return self._why_not_answer(action)
        if phase == "offer":
            if action == ACCEPT:
                return f"you do not hold {self._item_name(self.core.target)}: you can only refuse"
            return f"seat {self.core.by} offers a trade: accept or refuse"
        if phase == "draw":
            if not isinstance(action, Draw):
                return "your action is done: draw cards ('draw 0' .. 'draw N')"
            return f"you may draw 0 to {self._draw_limit()} cards now"
        return self._why_not_turn(action)

    def _why_not_answer(self, action) -> str | None:
        p, position = self.p, self.core
        attack = position.pending == core.ATTACKED
        attacker, card, owner = position.by, p.types[position.card], position.owner
        if not isinstance(action, (Defend, Rebuild)):
            verb = "attacks" if attack else "razes"
            return (f"seat {attacker} {verb} your Zahahnie: defend, "
                    f"{'' if attack else 'rebuild, '}or yield")
        if action.card not in self.hands[owner]:
            return f"you do not hold {action.card}"
        if isinstance(action, Rebuild):
            if attack:
                return "a diamond rebuilds a razed Zahahnie; against an attack only a spade defends"
            if p.kind[action.card] != PEL:
                return f"{action.card} is not a Pelmeahe (diamond): rebuild with a higher diamond"
        elif p.kind[action.card] != RAH:
            return f"{action.card} is not a Rahziembiz (spade): defend with a higher spade"
        if action.card == p.spy:
            return "the spy cannot defeat any Rahziembiz: it does not defend"
        return f"{action.card} is not higher than {card}"

    def _why_not_turn(self, action) -> str | None:
        p, seat = self.p, self.turn_seat
        if action == PASS:
            return "you may pass only when you have no possible action"
        if isinstance(action, (Word, Draw, Defend, Rebuild)):
            return f"it is your turn: {action} is not an action now"
        if isinstance(action, Offer):
            return self._why_not_offer(action)
        card = action.card if not isinstance(action, AddReshpel) else p.reshpel
        if card not in self.hands[seat]:
            return f"you do not hold {card}"
        kind = p.kind[card]
        if isinstance(action, Buy):
            if kind != PEL:
                return f"{card} is not a Pelmeahe (diamond): only diamonds buy"
            return "the Pord deck is exhausted: no buying until it is reshuffled"
        if isinstance(action, (Attack, Raze)):
            want = RAH if isinstance(action, Attack) else PEL
            if kind != want:
                return (f"{card} is not a Rahziembiz (spade): attack with a spade"
                        if want == RAH else
                        f"{card} is not a Pelmeahe (diamond): raze with a diamond")
            if action.owner == seat:
                return "you cannot attack or raze your own Zahahnie"
            if not 0 <= action.owner < self.game.players or not self.in_play[action.owner]:
                return f"seat {action.owner} is not in play"
            if self._locate(action.owner, action.spot) is None:
                return f"seat {action.owner} has no Zahahnie {action.spot}"
            return f"{action.spot} has a Roke Zibahl on it: it cannot be razed"
        index = self._locate(seat, action.spot)
        if index is None:
            return f"you have no Zahahnie {action.spot}"
        _, fort, reshpel = self.zah[seat][index]
        if isinstance(action, AddReshpel):
            if fort is None:
                return "the Reshpel adds onto a Roke Zibahl: build one there first"
            return "that Roke Zibahl already has the Reshpel"
        if kind != ROKE:
            return f"{card} is not a Roke Zibahl (club)"
        if card == p.reshpel:
            return "the Reshpel is not a Roke Zibahl: add it onto one ('reshpel on 7H')"
        if isinstance(action, Build):
            return (f"only one Roke Zibahl may be built on a Zahahnie; exchange it "
                    f"('exchange {card} on {action.spot}')")
        if fort is None:
            return f"there is no Roke Zibahl on {action.spot} to exchange: build one"
        return f"{card} is already the Roke Zibahl there"

    def _why_not_offer(self, offer: Offer) -> str | None:
        p, seat = self.p, self.turn_seat
        owner = offer.owner
        if owner == seat:
            return "trade with another player"
        if not 0 <= owner < self.game.players or not self.in_play[owner]:
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
        return f"you can see every {take}: seat {owner} cannot be holding it"

    # The log, told from the core's events -----------------------------------------------------
    def _tell(self, e) -> None:
        kind, seat = e.kind, e.seat
        names = self.p.types
        log = self.log.append
        if kind == core.TOOK:
            why = "draws" if e.other else "buys"
            count = len(e.cards)
            log((f"seat {seat} {why} {count}",
                 f"seat {seat} {why} {count}: {' '.join(names[c] for c in e.cards)}", seat))
        elif kind in (core.ATTACK_MADE, core.RAZE_MADE):
            verb = "attacks" if kind == core.ATTACK_MADE else "razes"
            log((f"seat {seat} {verb} seat {e.other}'s {self.p.spots[e.more[0]]} with "
                 f"{names[e.cards[0]]}", None, None))
        elif kind in (core.OFFER_MADE, core.ACCEPTED):
            give, take = (self._item_name(i) for i in e.more)
            log((f"seat {seat} offers {give} for seat {e.other}'s {take}"
                 if kind == core.OFFER_MADE else f"seat {seat} accepts: {give} for {take}",
                 None, None))
        elif kind in (core.WON, core.DRAWN_GAME):
            why = self.result
            log((f"seat {seat} wins: {why}" if kind == core.WON else f"a draw: {why}", None, None))
        else:
            c = [names[card] for card in e.cards] + ["", "", ""]
            log((PLAIN[kind].format(seat=seat, other=e.other, c0=c[0], c1=c[1], c2=c[2]),
                 None, None))

    # What a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        p, n, position = self.p, self.game.players, self.core
        zah = self.zah
        pending = None
        if position.pending == core.TRADE:
            pending = {"kind": "offer", "proposer": position.by,
                       "give": self._item_name(position.card), "owner": position.owner,
                       "take": self._item_name(position.target)}
        elif position.pending != core.NONE:
            owner = position.owner
            pending = {"kind": "attack" if position.pending == core.ATTACKED else "raze",
                       "attacker": position.by, "card": p.types[position.card], "owner": owner,
                       "target": str(p.spot(zah[owner][position.target]))}
        exhausted = self.exhausted
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
                         for row in zah],
            "worth": [position.worth(s) for s in range(n)],
            "fort_values": [[p.fort_value(e) if e[1] else 0 for e in row] for row in zah],
            "in_play": list(self.in_play),
            "hand": self._names(position.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in position.hands],
            "known_cards": self.known,
            "pord_count": len(position.pord),
            "discard": self.discard,
            "exhausted": exhausted is not None,
            "reshuffler": exhausted[0] if exhausted else None,
            "pending": pending,
            "draw_limit": position.draw_limit() if position.phase == core.DRAWING else 0,
            "allowance": [position.allowance(s) for s in range(n)],
            "winner": self.winner,
            "drawn": self.drawn,
            "result": self.result,
            "log": [private if private is not None and who == seat else public
                    for public, private, who in self.log[-LOG_SHOWN:]],
        }

    def card_census(self) -> list[str]:
        return self._names(core.census(self.core))

    def _blank(self) -> core.AhzchimFast:
        return core.AhzchimFast(self.game.rules, Rng(0))



# A computer player ------------------------------------------------------------------------------
class AhzchimHeuristic(CoreHeuristic):
    """The core's heuristic (parlour/fast/ahzchim.py, heuristic_choice): take Zahahnie with spades
    that pass the fort, fortify one's best Zahahnie, buy when short of cards, raze a rival down to
    nothing, defend with the cheapest card that wins, accept only trades that bring in more than
    they cost, and always draw."""

    def act(self, view, legal_actions):
        # The same choice from what the view shows: the hand, the tables, the pending trade.
        p = CHIP_PIECES if view["chips"] else CARD_PIECES
        rules = core.rules_of(len(view["hand_counts"]), {
            "chips": view["chips"], "count_by": "worth", "razed_to": "discard",
            "round_cap": view["round_cap"]})
        numbers = [action_id(p, rules, a) for a in legal_actions]
        village = _village(p, view)
        give = take = -1
        pending = view["pending"]
        if pending is not None and pending["kind"] == "offer":
            give = _item_no(p, rules, _parse_item(p, pending["give"]))
            take = _item_no(p, rules, _parse_item(p, pending["take"]))
        hand = [p.order[c] for c in view["hand"]]
        pick = core.heuristic_choice(rules, numbers, PHASES.index(view["phase"]), view["seat"],
                                     hand, village, view["hand_counts"], give, take)
        return legal_actions[numbers.index(pick)]


Ahzchim.state_class = AhzchimState
Ahzchim.heuristic = AhzchimHeuristic
