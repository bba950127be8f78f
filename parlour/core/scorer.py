"""A game's scorer for people playing with real cards: the best arrangement of a hand and its
score, given what else is in play. A game offers one by setting `scorer` on its Game class (a
`Scorer`); `parlour score` and the room's scorer page (/score, POST /api/score) both call
`Scorer.run`, so they give the same answer, and neither names a game.

What a scorer takes:
  hand     the cards of the hand, in the game's notation;
  table    the cards in play elsewhere that change the scoring (Loot: the gods in the other hands;
           Treasure: the gods on the table, each with the kind of meld it lies in, "Lady:set");
  options  the scorer's own rule options (core `Option`s).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, OptionError
from .game import Option


@dataclass(frozen=True)
class Scorer:
    # (hand cards, table words, options) -> {"score", "melds", "loose", "notes"}; see to_result.
    score: Callable[[list[str], list[str], dict], dict]
    read_card: Callable[[str], str]  # a card as a person types it -> its name; IllegalAction
    deck: str  # the deck whose cards a hand holds (parlour.core.cards.DECKS)
    copies: int = 1  # how many of each card the game's deck(s) hold, hand and table together
    table_label: str = ""  # what the table list is, for people
    table_cards: tuple[str, ...] = ()  # the cards that may be named on the table list
    # If any, each table card comes with one ("Lady:set"); the game's score reads them.
    table_kinds: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    # The largest hand the room scores: the exact solver's time grows fast with the hand, and the
    # room must stay quick for everyone. The CLI takes any hand.
    max_cards: int = 15

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise OptionError(f"unknown option {name!r}; valid options: "
                          + (", ".join(o.name for o in self.options) or "none"))

    def run(self, hand: Sequence[str], table: Sequence[str] = (),
            options: dict[str, Any] | None = None) -> dict:
        """The best arrangement and its score. Bad cards, a card named more often than the deck
        holds it, a bad table entry or option raise IllegalAction / OptionError."""
        cards = [self.read_card(word) for word in hand]
        if not cards:
            raise IllegalAction("pick the cards of the hand")
        table = [str(word).strip() for word in table]
        named = []
        for word in table:
            card, colon, kinds = word.partition(":")
            card = self.read_card(card)
            if card not in self.table_cards:
                raise IllegalAction(f"{card} cannot be named here; these can: "
                                    f"{', '.join(self.table_cards)}")
            if self.table_kinds and not kinds.strip():
                raise IllegalAction(f"name {card} with one of: "
                                    + ", ".join(f"{card}:{k}" for k in self.table_kinds))
            if colon and not self.table_kinds:
                raise IllegalAction(f"write {card} alone, without {':' + kinds!r}")
            named.append(card)
        for card, count in Counter(cards + named).items():
            if count > self.copies:
                raise IllegalAction(f"{card} is named {count} times; the deck holds "
                                    f"{'one' if self.copies == 1 else self.copies}")
        chosen = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            chosen[name] = self.option(name).validate(value)
        return self.score(cards, table, chosen)

    def to_dict(self) -> dict:
        """What the scorer page needs to offer the choices."""
        return {"deck": self.deck, "copies": self.copies, "table_label": self.table_label,
                "table_cards": list(self.table_cards), "table_kinds": list(self.table_kinds),
                "options": [o.to_dict() for o in self.options], "max_cards": self.max_cards}


def to_result(arrangement, notes: Sequence[str]) -> dict:
    """An arrangement of melds (parlour.games.melds.Arrangement or alike) as JSON-ready data."""
    melds = [{"kind": m.kind, "cards": list(m.cards), "as": list(m.idents), "points": m.points,
              "runs": [list(run) for run in m.runs], "bonus": m.bonus}
             for m in arrangement.melds]
    loose = [{"card": card, "points": points}
             for card, points in zip(arrangement.loose, arrangement.loose_points)]
    return {"score": arrangement.score, "melds": melds, "loose": loose, "notes": list(notes)}
