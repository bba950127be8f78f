"""What every trick game's core does the same way on the Viashi deck as integers: a card is its
index in VIASHI_CARDS, suit * 9 + rank - 1 (the gods the sixth suit, 45 the Lady), so a suit is a
9-bit chunk of a hand's mask. Each game's own capture rules (the Fool over the Queen, the
Changeling over the Lady) stay in that game's core, as a table of its suit's best card.

mypyc: constants and tables are Final (see parlour/fast/arschloch.py).
"""

from __future__ import annotations

from typing import Final

SUITS: Final = 6  # W R P B G and the gods
GODS: Final = 5
CHUNK: Final = 511  # the nine cards of a suit, as bits of its chunk

# The ranks (0-based bit numbers) of a suit's chunk, lowest first.
RANKS: Final[list[tuple[int, ...]]] = [tuple(r for r in range(9) if chunk >> r & 1)
                                       for chunk in range(512)]
# A chunk's lowest rank: the strongest card of a suit ranked Queen (or Lady) first.
LOWEST: Final[list[int]] = [(chunk & -chunk).bit_length() - 1 for chunk in range(512)]
SUIT_MASK: Final[list[int]] = [CHUNK << (suit * 9) for suit in range(SUITS)]


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int, offset: int = 0) -> list[int]:
    """The cards of a mask in ascending order (suit by suit), each plus `offset`: a game's action
    numbers for playing them."""
    out: list[int] = []
    for suit in range(SUITS):
        chunk = (mask >> (suit * 9)) & CHUNK
        if chunk:
            base = offset + suit * 9
            for r in RANKS[chunk]:
                out.append(base + r)
    return out


def follow(hand: int, lead: int) -> int:
    """The cards of `hand` that may be played to a trick led in suit `lead`: "must follow suit
    if possible", else any."""
    same = hand & SUIT_MASK[lead]
    return same if same else hand


def trick_card(cards: int, lead: int, lead_best: list[int], trump: int,
               trump_best: list[int]) -> int:
    """The card that takes a trick of `cards` (a mask) led in suit `lead`: the best trump if any
    was played (trump -1: none), else the best of the suit led; `*_best[chunk]` is the rank that
    is best among a chunk's, in the game's own order and with its exceptions."""
    if trump >= 0:
        trumps = (cards >> (trump * 9)) & CHUNK
        if trumps:
            return trump * 9 + trump_best[trumps]
    return lead * 9 + lead_best[(cards >> (lead * 9)) & CHUNK]
