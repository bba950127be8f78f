"""Every deck as plain data. A card is its name in the shared notation (GAMES.md): a short string
such as "7C", "1W", "Lady", "3bat" or "Z2". Strings are immutable, hashable, JSON-ready and read the
same in a record, a test and the terminal, so the rules never translate between forms."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    cards: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)


# French and Skat: rank character then suit character.
FRENCH_RANKS = "23456789TJQKA"
SKAT_RANKS = "789TJQKA"
FRENCH_SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def rank(card: str) -> str:
    """Rank character of a French or Skat card."""
    return card[0]


def suit(card: str) -> str:
    """Suit character of a French or Skat card."""
    return card[1]


def french_cards(ranks: str) -> tuple[str, ...]:
    return tuple(r + s for s in FRENCH_SUITS for r in ranks)


FRENCH_52 = Deck("french52", "French 52", french_cards(FRENCH_RANKS))
SKAT_32 = Deck("skat32", "Skat 32", french_cards(SKAT_RANKS))

# Viashi: rank digit (1 Queen .. 9 Fool) then the suit's color letter; gods by name, in their order.
VIASHI_SUITS = {"W": "Winds", "R": "Flames", "P": "Stones", "B": "Waves", "G": "Leaves"}
VIASHI_COLORS = {"W": "white", "R": "red", "P": "purple", "B": "blue", "G": "green"}
VIASHI_RANKS = {1: "Queen", 2: "King", 3: "Prince", 4: "Princess", 5: "Warrior",
                6: "Merchant", 7: "Worker", 8: "Scholar", 9: "Fool"}
GODS = ("Lady", "DarkLord", "Builder", "Thief", "Protectress", "Seductress", "Minion",
        "Friend", "Changeling")
GOD_RANK = {god: number for number, god in enumerate(GODS, start=1)}
VIASHI_CARDS = tuple(f"{r}{s}" for s in VIASHI_SUITS for r in range(1, 10)) + GODS
VIASHI_54 = Deck("viashi", "Viashi 54", VIASHI_CARDS)
VIASHI_DOUBLE = Deck("viashi_double", "Viashi double deck", VIASHI_CARDS * 2)


def is_god(card: str) -> bool:
    return card in GOD_RANK


def viashi_rank(card: str) -> int:
    """1 (Queen) .. 9 (Fool); a god counts as its equivalent rank (Lady 1 .. Changeling 9)."""
    god = GOD_RANK.get(card)
    return god if god is not None else int(card[0])


def viashi_suit(card: str) -> str:
    """The suit letter; gods are the sixth color, "god"."""
    return "god" if card in GOD_RANK else card[1]


def viashi_name(card: str, scholar: bool = True) -> str:
    if card in GOD_RANK:
        return {"DarkLord": "Dark Lord"}.get(card, card)
    number = int(card[0])
    title = "Scholar" if scholar else "Magician"
    return f"{title if number == 8 else VIASHI_RANKS[number]} of {VIASHI_SUITS[card[1]]}"


# Xuni: number then animal; the suits form the cycle bat -> tapir -> snake -> shark -> bat.
XUNI_SUITS = ("bat", "tapir", "snake", "shark")
XUNI_NUMBERED = tuple(f"{n}{s}" for s in XUNI_SUITS for n in range(1, 11))
XUNI_42 = Deck("xuni", "Xuni 42", XUNI_NUMBERED + ("white", "black"))
# Ruling (GAMES.md): the maunwe pack is two copies of the Xuni suits, one white elephant, one devil.
MAUNWE = Deck("maunwe", "Maunwe", XUNI_NUMBERED * 2 + ("white", "devil"))

# Ahzchim chips: four kinds in place of the four suits.
AHZCHIM_CHIPS = Deck(
    "ahzchim_chips", "Ahzchim chips",
    tuple(f"{kind}{worth}" for kind in "ZP" for worth in [1] * 17 + [2] * 2 + [3])
    + tuple(f"R{n}" for n in range(1, 21)) + ("spy",)
    + tuple(f"K{n}" for n in range(1, 21)) + ("reshpel",),
)

DECKS = {deck.name: deck for deck in
         (FRENCH_52, SKAT_32, VIASHI_54, VIASHI_DOUBLE, XUNI_42, MAUNWE, AHZCHIM_CHIPS)}

# Every card name of every deck: what the table page draws as a card.
CARD_NAMES = frozenset(card for deck in DECKS.values() for card in deck.cards)
