"""Card faces as SVG, for every deck of parlour/core/cards.py, from the card's name alone (GAMES.md
notation): French/Skat "7C", Viashi "1W" and the gods by name, Xuni "3bat", "white"/"black"/"devil",
Ahzchim chips "Z2" "R5" "spy" "reshpel".

The one drawing of the cards: the room fetches these faces (GET /cards/faces.json) and the
print-and-play PDFs (parlour/printing.py) lay the very same SVGs out on paper. A card is drawn in a
100 x 140 box, a chip in a 100 x 100 box. No gradients, ids or CSS: many faces share one page (ids
would collide) and the PDF renderer reads plain SVG only.
"""

from __future__ import annotations

import math
import re
from functools import cache

from .core.cards import DECKS, GODS, VIASHI_RANKS

FONT = "DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif"
SERIF = "DejaVu Serif, Liberation Serif, Georgia, serif"
CARD_BOX = (100, 140)
CHIP_BOX = (100, 100)

# Suit and emblem outlines, each drawn in a 100 x 100 box.
PATH = {
    "H": "M50 90C22 70 4 52 4 31 4 15 16 5 29 5c10 0 17 6 21 14 4-8 11-14 21-14 13 0 25 10 25 26 "
         "0 21-18 39-46 59z",
    "D": "M50 2 88 50 50 98 12 50z",
    "S": "M50 3c20 24 46 36 46 58 0 15-11 25-24 25-9 0-16-4-19-10 1 11 5 17 13 22H34c8-5 12-11 "
         "13-22-3 6-10 10-19 10C15 86 4 76 4 61 4 39 30 27 50 3z",
    "C": "M50 6a21 21 0 0 1 17 34 21 21 0 1 1-13 30c1 12 5 19 14 26H32c9-7 13-14 14-26a21 21 0 1 "
         "1-13-30A21 21 0 0 1 50 6z",
    "flame": "M50 4c6 22 30 32 30 60 0 20-14 32-30 32S20 84 20 64c0-16 10-24 14-38 6 12 6 20 12 "
             "24 6-12 6-28 4-46z",
    "flameInner": "M50 52c4 10 14 14 14 26 0 9-6 14-14 14s-14-5-14-14c0-10 10-14 14-26z",
    "stone": "M28 12h44l22 38-22 38H28L6 50z",
    "stoneFacets": "M28 12 40 50 28 88M72 12 60 50 72 88M40 50h20M6 50h34M60 50h34",
    "leaf": "M50 4c34 18 42 62 0 92C8 66 16 22 50 4z",
    "leafVeins": "M50 14v78M50 40 32 28M50 40l18-12M50 58 30 46M50 58l20-12M50 76 34 64M50 "
                 "76l16-12",
    "winds": "M8 34c22-10 44-10 60-2 12 6 12 20 0 20-8 0-10-8-4-10M8 54c26-8 54-6 72 2 12 6 10 "
             "22-2 22-10 0-12-10-4-12M16 74c14-4 28-4 40 0",
    "waves": "M4 30c12-12 20-12 32 0s20 12 32 0 20-12 28-4M4 52c12-12 20-12 32 0s20 12 32 0 "
             "20-12 28-4M4 74c12-12 20-12 32 0s20 12 32 0 20-12 28-4",
    "star": "M50 4l10 30h32L66 52l10 32-26-20-26 20 10-32L8 34h32z",
    "bat": "M50 40c-3-8-8-10-13-6-5-12-20-16-33-6 10 2 14 10 11 20 10-6 18 0 21 8 5-6 10-4 14 4 "
           "4-8 9-10 14-4 3-8 11-14 21-8-3-10 1-18 11-20-13-10-28-6-33 6-5-4-10-2-13 6zM44 "
           "34l2-8 4 6 4-6 2 8",
    "tapir": "M12 62c0-20 18-30 40-30 14 0 24 4 30 12 6 1 12 6 14 14l-6 2c-3-3-5-3-7-1l-1 "
             "19h-8l-2-12c-10 2-22 2-32 0l-2 13h-8l-2-14c-8-1-16-2-16-3z",
    "snake": "M22 88c-8-20 8-28 28-32 22-4 34-12 32-26-2-16-24-18-36-8",
    "shark": "M4 64c20-14 40-18 56-17l4-26 16 28c8 3 14 8 18 13-8 6-22 9-40 9-20 0-38-2-54-7zM4 "
             "64 0 50l10 10z",
    "elephant": "M18 70c-6-22 6-42 32-42 14 0 24 6 28 16 8 2 12 10 10 22-1 10 2 18 6 20l-6 "
                "2c-6-4-8-12-8-20l-2 12h-8l-2-12H40l-2 12h-8l-2-12c-4 2-8 3-10 2z",
    "ear": "M46 34c-12 0-18 10-14 22 4 8 14 8 18 2",
    "devil": "M50 24c18 0 30 14 30 32S68 92 50 92 20 74 20 56s12-32 30-32zM26 34 18 6l20 20M74 "
             "34l8-28-20 20",
    "eye": "M8 50c20-26 64-26 84 0-20 26-64 26-84 0z",
    "tower": "M30 88V36h-6V20h10v8h8v-8h16v8h8v-8h10v16h-6v52z",
}

FRENCH_COLOR = {"C": "#1c1c22", "S": "#1c1c22", "H": "#c42a2a", "D": "#c42a2a"}

# Each Viashi suit in its color (GAMES.md: W white winds, R red flames, P purple stones, B blue
# waves, G green leaves).
VIASHI = {
    "W": {"ink": "#5b6b82", "paper": "#f6f7fb", "band": "#c9d2e0", "emblem": "winds"},
    "R": {"ink": "#c8361b", "paper": "#fff5ef", "band": "#e8673a", "emblem": "flame"},
    "P": {"ink": "#6b2a8c", "paper": "#f8f1fb", "band": "#8e4db0", "emblem": "stone"},
    "B": {"ink": "#145ea8", "paper": "#eff6fd", "band": "#2f80c9", "emblem": "waves"},
    "G": {"ink": "#2f7d32", "paper": "#f1f8ee", "band": "#4f9d4a", "emblem": "leaf"},
}
XUNI = {
    "bat": {"ink": "#4b2a73", "paper": "#f5f1fa"},
    "tapir": {"ink": "#7a5231", "paper": "#faf4ee"},
    "snake": {"ink": "#2e7a3c", "paper": "#f0f8f0"},
    "shark": {"ink": "#1b6a96", "paper": "#eef6fb"},
}
CHIP = {
    "Z": {"name": "Zahahnie", "fill": "#d9a521", "edge": "#8a6510", "ink": "#3b2a05"},
    "P": {"name": "Pelmeahe", "fill": "#2b9c8c", "edge": "#16594f", "ink": "#06231f"},
    "R": {"name": "Rahziembiz", "fill": "#c23b3b", "edge": "#6e1717", "ink": "#fff4f0"},
    "K": {"name": "Roke Zibahl", "fill": "#435a6e", "edge": "#1f2b36", "ink": "#f1f5f9"},
}

_FRENCH = re.compile(r"[2-9TJQKA][CDHS]")
_VIASHI = re.compile(r"[1-9][WRPBG]")
_XUNI = re.compile(r"(10|[1-9])(bat|tapir|snake|shark)")
_CHIP = re.compile(r"[ZP][1-3]|[RK]([1-9]|1[0-9]|20)|spy|reshpel")


def kind(name: str | None) -> str | None:
    """What a name is: back, french, viashi, god, xuni, xuni-special, chip; None if no card."""
    if name is None:
        return "back"
    if _FRENCH.fullmatch(name):
        return "french"
    if _VIASHI.fullmatch(name):
        return "viashi"
    if name in GODS:
        return "god"
    if _XUNI.fullmatch(name):
        return "xuni"
    if name in ("white", "black", "devil"):
        return "xuni-special"
    if _CHIP.fullmatch(name):
        return "chip"
    return None


def is_chip(name: str) -> bool:
    return kind(name) == "chip"


def box(name: str | None) -> tuple[int, int]:
    """The viewBox size of a face: chips are round, 100 x 100; cards 100 x 140."""
    return CHIP_BOX if kind(name) == "chip" else CARD_BOX


def _n(x: float) -> str:
    """A coordinate as short text: 23, 23.5, 65.588."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# Pieces ------------------------------------------------------------------------------------------
def _icon(path: str, x: float, y: float, size: float, attrs: str) -> str:
    return (f'<path transform="translate({_n(x - size / 2)} {_n(y - size / 2)}) '
            f'scale({_n(size / 100)})" d="{path}" {attrs}/>')


def _frame(paper: str, edge: str, inner: str | None = None) -> str:
    out = (f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{paper}" '
           f'stroke="{edge}" stroke-width="1.5"/>')
    if inner:
        out += (f'<rect x="7" y="7" width="86" height="126" rx="5" fill="none" '
                f'stroke="{inner}" stroke-width="1"/>')
    return out


def _corner_text(label: str, color: str, font: str, size: float) -> str:
    return (f'<text x="10" y="24" font-family="{font}" font-weight="700" font-size="{_n(size)}" '
            f'fill="{color}">{label}</text>')


def _corners(label: str, color: str, sub: str = "", font: str = FONT, size: float = 20) -> str:
    """The index in the top left corner and, upside down, in the bottom right."""
    text = _corner_text(label, color, font, size)
    return text + sub + f'<g transform="rotate(180 50 70)">{text}{sub}</g>'


# French and Skat -------------------------------------------------------------------------------
# Pip positions of the number cards (x, y, upside down).
PIPS = {
    "A": [(50, 70, 0)],
    "2": [(50, 32, 0), (50, 108, 1)],
    "3": [(50, 32, 0), (50, 70, 0), (50, 108, 1)],
    "4": [(34, 32, 0), (66, 32, 0), (34, 108, 1), (66, 108, 1)],
    "5": [(34, 32, 0), (66, 32, 0), (50, 70, 0), (34, 108, 1), (66, 108, 1)],
    "6": [(34, 32, 0), (66, 32, 0), (34, 70, 0), (66, 70, 0), (34, 108, 1), (66, 108, 1)],
    "7": [(34, 32, 0), (66, 32, 0), (50, 51, 0), (34, 70, 0), (66, 70, 0), (34, 108, 1),
          (66, 108, 1)],
    "8": [(34, 32, 0), (66, 32, 0), (50, 51, 0), (34, 70, 0), (66, 70, 0), (50, 89, 1),
          (34, 108, 1), (66, 108, 1)],
    "9": [(34, 30, 0), (66, 30, 0), (34, 56, 0), (66, 56, 0), (50, 70, 0), (34, 84, 1),
          (66, 84, 1), (34, 110, 1), (66, 110, 1)],
    "T": [(34, 30, 0), (66, 30, 0), (50, 43, 0), (34, 56, 0), (66, 56, 0), (34, 84, 1),
          (66, 84, 1), (50, 97, 1), (34, 110, 1), (66, 110, 1)],
}
COURT_CROWN = {
    "K": "M36 40l4-10 5 6 5-8 5 8 5-6 4 10z",
    "Q": "M38 40c4-8 8-10 12-10s8 2 12 10z",
    "J": "M40 40h20l-3-8h-14z",
}
GOLD = "#c9a227"


def _french(name: str) -> str:
    r, s = name[0], name[1]
    color = FRENCH_COLOR[s]
    label = "10" if r == "T" else r
    fill = f'fill="{color}"'
    body = _frame("#fffdf8", "#b9b2a4")
    body += _corners(label, color, _icon(PATH[s], 16, 36, 12, fill), FONT, 17 if r == "T" else 20)
    if r in PIPS:
        size = 46 if r == "A" else 17 if r in "9T" else 19
        for x, y, flip in PIPS[r]:
            pip = _icon(PATH[s], x, y, size, fill)
            body += f'<g transform="rotate(180 {x} {y})">{pip}</g>' if flip else pip
        return body
    # Court cards: a framed panel with the letter and the suit, in the old colors.
    panel = "#fbe9e4" if s in "HD" else "#e9edf3"
    body += (f'<rect x="24" y="22" width="52" height="96" rx="4" fill="{panel}" stroke="{GOLD}" '
             f'stroke-width="2"/>')
    body += (f'<rect x="28" y="26" width="44" height="88" rx="3" fill="none" stroke="{color}" '
             f'stroke-width="0.8" opacity="0.6"/>')
    body += (f'<text x="50" y="70" text-anchor="middle" font-family="{SERIF}" font-weight="700" '
             f'font-size="34" fill="{color}">{r}</text>')
    body += _icon(PATH[s], 50, 92, 20, fill)
    body += f'<g transform="rotate(180 50 48)">{_icon(PATH[s], 50, 52, 12, fill)}</g>'
    body += f'<path d="{COURT_CROWN[r]}" fill="{GOLD}" stroke="{color}" stroke-width="0.6"/>'
    return body


# Viashi ----------------------------------------------------------------------------------------
def _viashi(name: str) -> str:
    n, suit = int(name[0]), VIASHI[name[1]]
    body = _frame(suit["paper"], suit["band"])
    body += (f'<rect x="6" y="6" width="88" height="128" rx="6" fill="none" '
             f'stroke="{suit["band"]}" stroke-width="3"/>')
    body += _corners(str(n), suit["ink"], "", SERIF, 22)
    emblem, ink, band, paper = suit["emblem"], suit["ink"], suit["band"], suit["paper"]
    if emblem == "flame":
        body += _icon(PATH["flame"], 50, 62, 52, f'fill="{band}" stroke="{ink}" stroke-width="2"')
        body += _icon(PATH["flameInner"], 50, 62, 52, 'fill="#ffd27a"')
    elif emblem == "stone":
        body += _icon(PATH["stone"], 50, 62, 50, f'fill="{band}" stroke="{ink}" stroke-width="2.5"')
        body += _icon(PATH["stoneFacets"], 50, 62, 50,
                      f'fill="none" stroke="{paper}" stroke-width="2" opacity="0.7"')
    elif emblem == "leaf":
        body += _icon(PATH["leaf"], 50, 62, 50, f'fill="{band}" stroke="{ink}" stroke-width="2.5"')
        body += _icon(PATH["leafVeins"], 50, 62, 50,
                      f'fill="none" stroke="{paper}" stroke-width="2.5" stroke-linecap="round"')
    else:
        body += _icon(PATH[emblem], 50, 62, 54,
                      f'fill="none" stroke="{ink}" stroke-width="6" stroke-linecap="round"')
    if n <= 4:
        # The royal ranks (Queen, King, Prince, Princess) wear a small crown.
        body += (f'<path d="M38 30l4-9 5 5 3-7 3 7 5-5 4 9z" fill="#e2c25a" stroke="{ink}" '
                 f'stroke-width="0.8"/>')
    body += (f'<text x="50" y="114" text-anchor="middle" font-family="{SERIF}" font-size="12.5" '
             f'font-style="italic" fill="{ink}">{VIASHI_RANKS[n]}</text>')
    return body


def god_title(name: str) -> str:
    return "Dark Lord" if name == "DarkLord" else name


def _god(name: str) -> str:
    rank = GODS.index(name) + 1
    title = god_title(name)
    body = ('<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#1d1538" stroke="#c9a227" '
            'stroke-width="2"/>')
    body += ('<circle cx="50" cy="58" r="40" fill="#2e2257" opacity="0.9"/>'
             '<circle cx="50" cy="58" r="26" fill="#3a2b6b"/>')
    body += ('<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="#e2c25a" '
             'stroke-width="1" opacity="0.7"/>')
    body += _corners(str(rank), "#f3d36b", "", SERIF, 22)
    for i in range(12):
        a = i * math.pi / 6
        body += (f'<line x1="{_n(50 + 18 * math.cos(a))}" y1="{_n(58 + 18 * math.sin(a))}" '
                 f'x2="{_n(50 + 30 * math.cos(a))}" y2="{_n(58 + 30 * math.sin(a))}" '
                 f'stroke="#e2c25a" stroke-width="2" stroke-linecap="round" opacity="0.8"/>')
    body += _icon(PATH["star"], 50, 58, 30, 'fill="#f3d36b"')
    size = 10.5 if len(title) > 9 else 13
    body += (f'<text x="50" y="110" text-anchor="middle" font-family="{SERIF}" font-weight="700" '
             f'font-size="{_n(size)}" fill="#f3d36b" letter-spacing="0.5">{title}</text>')
    return body


# Xuni and maunwe -------------------------------------------------------------------------------
def _xuni(name: str) -> str:
    number, animal = _XUNI.fullmatch(name).groups()
    ink, paper = XUNI[animal]["ink"], XUNI[animal]["paper"]
    body = _frame(paper, ink, ink)
    body += _corners(number, ink, "", FONT, 17 if number == "10" else 21)
    if animal == "snake":
        body += _icon(PATH["snake"], 50, 60, 56,
                      f'fill="none" stroke="{ink}" stroke-width="9" stroke-linecap="round"')
        body += (f'<circle cx="{_n(50 - 28 + 0.46 * 56)}" cy="{_n(60 - 28 + 0.21 * 56)}" r="6" '
                 f'fill="{ink}"/>')
    else:
        body += _icon(PATH[animal], 50, 60, 66, f'fill="{ink}"')
    body += (f'<text x="50" y="114" text-anchor="middle" font-family="{FONT}" font-size="12" '
             f'letter-spacing="1.5" fill="{ink}">{animal.upper()}</text>')
    return body


def _xuni_special(name: str) -> str:
    if name == "devil":
        body = _frame("#5c0f12", "#2a0507", "#e0a43a")
        body += _icon(PATH["devil"], 50, 62, 60, 'fill="#c62828" stroke="#ffcf6b" stroke-width="2"')
        body += ('<circle cx="42" cy="64" r="3" fill="#ffcf6b"/>'
                 '<circle cx="58" cy="64" r="3" fill="#ffcf6b"/>')
        body += (f'<text x="50" y="120" text-anchor="middle" font-family="{SERIF}" font-size="13" '
                 f'font-weight="700" fill="#ffcf6b">DEVIL</text>')
        return body
    white = name == "white"
    paper, ink = ("#fbf8ef", "#8a7f66") if white else ("#22252b", "#d7d2c4")
    body = _frame(paper, "#c7bd9f" if white else "#0d0f12", ink)
    body += _icon(PATH["elephant"], 50, 62, 64,
                  f'fill="{"#ffffff" if white else "#0a0b0d"}" stroke="{ink}" stroke-width="2.5"')
    body += _icon(PATH["ear"], 50, 62, 64, f'fill="none" stroke="{ink}" stroke-width="2.5"')
    body += (f'<text x="50" y="110" text-anchor="middle" font-family="{SERIF}" font-size="11" '
             f'font-weight="700" letter-spacing="1" fill="{ink}">{"WHITE" if white else "BLACK"}'
             f'</text>')
    body += (f'<text x="50" y="123" text-anchor="middle" font-family="{SERIF}" font-size="9.5" '
             f'font-weight="700" letter-spacing="0.6" fill="{ink}">ELEPHANT</text>')
    return body


# Ahzchim chips ---------------------------------------------------------------------------------
def _chip(name: str) -> str:
    extra = ""
    if name == "spy":
        fill, edge, ink, big, small = "#1f1f24", "#000", "#f2e6c9", "", "SPY"
        extra = (_icon(PATH["eye"], 50, 50, 46, 'fill="#f2e6c9"')
                 + '<circle cx="50" cy="50" r="8" fill="#c23b3b"/>'
                 '<circle cx="50" cy="50" r="3.5" fill="#000"/>')
    elif name == "reshpel":
        fill, edge, ink, big, small = "#2d4a8a", "#142447", "#f1f5ff", "", "RESHPEL"
        extra = (_icon(PATH["tower"], 50, 48, 42, 'fill="#f1f5ff"')
                 + f'<text x="50" y="80" text-anchor="middle" font-family="{FONT}" '
                   f'font-weight="700" font-size="13" fill="#ffd36b">+2</text>')
    else:
        look = CHIP[name[0]]
        fill, edge, ink = look["fill"], look["edge"], look["ink"]
        big, small = name[1:], look["name"].upper()
    body = f'<circle cx="50" cy="50" r="47" fill="{fill}" stroke="{edge}" stroke-width="3"/>'
    body += ('<circle cx="50" cy="50" r="47" fill="none" stroke="#fff" stroke-width="7" '
             'stroke-dasharray="9 15.6" opacity="0.55"/>')
    body += (f'<circle cx="50" cy="50" r="33" fill="none" stroke="{ink}" stroke-width="1.2" '
             f'opacity="0.55"/>')
    if big:
        body += (f'<text x="50" y="62" text-anchor="middle" font-family="{FONT}" font-weight="700" '
                 f'font-size="{30 if len(big) > 1 else 34}" fill="{ink}">{big}</text>')
    body += extra
    body += (f'<text x="50" y="{31 if big else 28}" text-anchor="middle" font-family="{FONT}" '
             f'font-weight="700" font-size="{6.5 if len(small) > 8 else 8}" letter-spacing="0.6" '
             f'fill="{ink}" opacity="0.85">{small}</text>')
    return body


# The back --------------------------------------------------------------------------------------
def _back() -> str:
    lattice = "".join(f"M{i} 0l140 140M{i + 140} 0l-140 140" for i in range(-140, 140, 9))
    return ('<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#7b1f2e" stroke="#3f0d16" '
            'stroke-width="1.5"/>'
            '<rect x="7" y="7" width="86" height="126" rx="5" fill="#8e2436" stroke="#e2c25a" '
            'stroke-width="1.2"/>'
            # A nested svg clips the lattice to the panel without a clipPath id.
            f'<svg x="9" y="9" width="82" height="122" viewBox="0 0 82 122"><path d="{lattice}" '
            'stroke="#e2c25a" stroke-width="0.7" opacity="0.45"/></svg>'
            '<circle cx="50" cy="70" r="15" fill="#7b1f2e" stroke="#e2c25a" stroke-width="1.5"/>'
            f'<text x="50" y="76" text-anchor="middle" font-family="{SERIF}" font-size="17" '
            'fill="#e2c25a">\u2660</text>')


_DRAW = {"back": lambda _name: _back(), "french": _french, "viashi": _viashi, "god": _god,
         "xuni": _xuni, "xuni-special": _xuni_special, "chip": _chip}


@cache
def body(name: str | None) -> str:
    """The drawing inside a face's <svg> (in its box()). An unknown name raises ValueError."""
    what = kind(name)
    if what is None:
        raise ValueError(f"{name!r} is not a card of any deck")
    return _DRAW[what](name)


def face(name: str | None) -> str:
    """The SVG of a card's face (None: a card face down). An unknown name raises ValueError."""
    width, height = box(name)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'aria-hidden="true">{body(name)}</svg>')


def back() -> str:
    """The SVG of a card's back (every deck shares it)."""
    return face(None)


def all_faces() -> dict[str, str]:
    """Every face of every deck by card name (a name draws the same in every deck)."""
    return {name: face(name) for deck in DECKS.values() for name in deck.cards}


def colors() -> dict[str, str]:
    """The ink of each suit and chip kind, for the coloured card names in the room's text."""
    return {**{suit: look["ink"] for suit, look in VIASHI.items()},
            **{animal: look["ink"] for animal, look in XUNI.items()},
            **{f"chip{k}": look["fill"] for k, look in CHIP.items()}}
