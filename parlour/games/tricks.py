"""Helpers shared by the trick-taking games (Viashi, Vashy, Viashilym, Crusade, Two-Faced, and
any later game that takes tricks), and the conventions of the Viashi deck that the core deck data
leaves to the games: the elvish (Queen high) and human (King high) rank orders, the
Scholar/Magician naming, reading a typed card, and the table order for sorting.

What lives here is only what every trick game does the same way: following suit, picking the
strongest card of a set of plays, and keeping the trick history. Each game's own capture rules
(the Fool over the Queen, the Changeling over the Lady, twins cancelling, trump) stay in that
game's module, written beside its rule text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ..core.cards import (
    GOD_RANK,
    GODS,
    VIASHI_CARDS,
    VIASHI_RANKS,
    VIASHI_SUITS,
    viashi_name,
    viashi_rank,
    viashi_suit,
)
from ..core.errors import IllegalAction

# The Viashi deck ---------------------------------------------------------------------------------
GOD = "god"  # the gods' "suit": the sixth color
SUIT_LETTERS = tuple(VIASHI_SUITS)  # W R P B G, the order cards are sorted in
SUIT_OF: dict[str, str] = {card: viashi_suit(card) for card in VIASHI_CARDS}
NUMBER_OF: dict[str, int] = {card: viashi_rank(card) for card in VIASHI_CARDS}
CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(VIASHI_CARDS)}
SCHOLARS = frozenset(card for card in VIASHI_CARDS if SUIT_OF[card] != GOD and NUMBER_OF[card] == 8)

# Rank orders, strongest first. "The elves always have the queen as the highest rank, whereas most
# humans assume that the king is the highest rank (this does not change the order of the god
# cards, where the Lady is always higher than the Dark Lord)."
ELVISH_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9)
HUMAN_ORDER = (2, 1, 3, 4, 5, 6, 7, 8, 9)


def strength_table(king_high: bool = False) -> dict[str, int]:
    """Card -> power within its own suit, higher is stronger (9 the top rank, 1 the Fool). Gods
    keep their own order under both conventions: the Lady 9 .. the Changeling 1."""
    order = HUMAN_ORDER if king_high else ELVISH_ORDER
    power = {number: 9 - i for i, number in enumerate(order)}
    return {card: (10 - GOD_RANK[card] if SUIT_OF[card] == GOD else power[NUMBER_OF[card]])
            for card in VIASHI_CARDS}


ELVISH_STRENGTH = strength_table(False)
HUMAN_STRENGTH = strength_table(True)


def card_name(card: str, eights: str = "scholar") -> str:
    """The card's full name: 'Queen of Winds', 'Magician of Leaves', 'Dark Lord' (`eights` is
    the games' option of that name)."""
    return viashi_name(card, scholar=eights == "scholar")


_GOD_WORDS = {god.lower(): god for god in GODS} | {"dark lord": "DarkLord", "dark_lord": "DarkLord"}
_RANK_WORDS = {name.lower(): number for number, name in VIASHI_RANKS.items()} | {"magician": 8}
_SUIT_WORDS = {name.lower(): letter for letter, name in VIASHI_SUITS.items()}


def read_card(text: str) -> str:
    """A card typed by a person: '1W', '1w', 'lady', 'Dark Lord', 'queen of winds'."""
    word = " ".join(text.split()).lower()
    if word in _GOD_WORDS:
        return _GOD_WORDS[word]
    if len(word) == 2 and word[0] in "123456789" and word[1].upper() in VIASHI_SUITS:
        return word[0] + word[1].upper()
    if " of " in word:
        rank, _, suit = word.partition(" of ")
        if rank in _RANK_WORDS and suit in _SUIT_WORDS:
            return f"{_RANK_WORDS[rank]}{_SUIT_WORDS[suit]}"
    raise IllegalAction(f"{text!r} is not a Viashi card; write rank then color letter (1W is the "
                        "Queen of Winds, 9G the Fool of Leaves) or a god's name (Lady, DarkLord)")


def table_order(card: str, strength: dict[str, int] = ELVISH_STRENGTH) -> tuple[int, int]:
    """Sort key: suits in the order W R P B G then the gods, strongest first within each."""
    suit = SUIT_OF[card]
    return (5 if suit == GOD else SUIT_LETTERS.index(suit), -strength[card])


_ORDER_KEYS: dict[int, tuple[dict, dict[str, tuple[int, int]]]] = {}


def sort_cards(cards: list[str], strength: dict[str, int] = ELVISH_STRENGTH) -> None:
    # Every deal sorts every hand: look each card's place up in a table made once per strength
    # table (kept beside it, so that its id cannot be reused) rather than work it out each time.
    entry = _ORDER_KEYS.get(id(strength))
    if entry is None or entry[0] is not strength:
        entry = _ORDER_KEYS[id(strength)] = (
            strength, {card: table_order(card, strength) for card in VIASHI_CARDS})
    cards.sort(key=entry[1].__getitem__)


def by_suit(cards: Iterable[str]) -> str:
    """Cards grouped by suit for the terminal: '1W 5W | 3R | Lady'."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(SUIT_OF[card], []).append(card)
    return " | ".join(" ".join(group) for group in groups.values()) or "-"


def count_cards(number: int) -> str:
    return "1 card" if number == 1 else f"{number} cards"


# Following suit and taking tricks ---------------------------------------------------------------
def follow(cards: Sequence[str], lead_suit: str, suit_of: dict[str, str] = SUIT_OF) -> list[str]:
    """The cards that may be played to a trick led in `lead_suit`: those of that suit if there
    are any, else every card (the usual "must follow suit if you can")."""
    same = [card for card in cards if suit_of[card] == lead_suit]
    return same if same else list(cards)


def can_follow(cards: Iterable[str], lead_suit: str, suit_of: dict[str, str] = SUIT_OF) -> bool:
    return any(suit_of[card] == lead_suit for card in cards)


def strongest(plays: Sequence[tuple], suit: str, strength: dict[str, int],
              suit_of: dict[str, str] = SUIT_OF, skip: Callable[[str], bool] | None = None):
    """Index of the strongest play of `suit` among `plays` [(who, card), ...], or None when no
    play is of that suit. The first of equal cards wins (a later copy does not beat it)."""
    best, best_power = None, -1
    for i, (_, card) in enumerate(plays):
        if suit_of[card] == suit and (skip is None or not skip(card)):
            power = strength[card]
            if power > best_power:
                best, best_power = i, power
    return best


def plain_winner(plays: Sequence[tuple], strength: dict[str, int], trump: str | None = None,
                 suit_of: dict[str, str] = SUIT_OF) -> int:
    """Index of the winning play by the plain rule: the strongest trump if any trump was played,
    else the strongest card of the suit led. Games add their own exceptions around this."""
    if trump is not None:
        best = strongest(plays, trump, strength, suit_of)
        if best is not None:
            return best
    return strongest(plays, suit_of[plays[0][1]], strength, suit_of)


class TrickRecord(NamedTuple):
    """One finished trick: who led, the plays in order [(who, card), ...], who took it (None:
    nobody, e.g. a Viashilym trick of dead cards). A named tuple: one is made every trick, and a
    tuple is made faster than a frozen dataclass."""
    leader: int
    plays: tuple
    winner: int | None

    def to_json(self, who: str = "seat") -> dict:
        return {"leader": self.leader, "winner": self.winner,
                "plays": [{who: w, "card": card} for w, card in self.plays]}


def unseen(all_cards: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The cards of `all_cards` not in `seen`, counting copies (a double deck holds two of each)."""
    left: dict[str, int] = {}
    for card in all_cards:
        left[card] = left.get(card, 0) + 1
    for card in seen:
        if left.get(card):
            left[card] -= 1
    return [card for card, count in left.items() for _ in range(count)]
