"""Print-and-play: every card of a deck at real size on A4 or Letter pages, with cut marks and a
footer naming the deck and page, drawn from the very SVG faces the room shows (parlour/faces.py).

Cards are poker size, 63 x 88 mm; chips round tokens of 38 mm, about a casino chip. They sit edge
to edge in a grid centred on the page, so one cut separates two neighbours; the cut marks extend
each grid line into the margins. Pages are SVG in millimetres, turned into one PDF by CairoSVG on a
single cairo PDF surface (a page each).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from . import faces
from .core.cards import DECKS, Deck
from .core.errors import OptionError

CARD_MM = (63.0, 88.0)  # poker size
CHIP_MM = (38.0, 38.0)
MARGIN = 5.0  # nothing is drawn nearer the paper's edge than this (but cut marks, down to EDGE)
EDGE = 1.5
FOOTER = 5.0  # the band under the grid kept for the footer
MARK = 5.0  # the longest cut mark
MARK_GAP = 1.0  # between the grid and its cut marks, so a mark never shows on a card
PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm
    height: float

    @property
    def points(self) -> tuple[float, float]:
        return self.width * PT_PER_MM, self.height * PT_PER_MM


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}


@dataclass(frozen=True)
class Sheet:
    """How a deck lies on a paper: the size of one item, the grid, and where the grid starts."""

    deck: Deck
    paper: Paper
    item: tuple[float, float]
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def pages(self) -> int:
        return -(-len(self.deck) // self.per_page)

    @property
    def origin(self) -> tuple[float, float]:
        """The grid's top left corner: centred in the page less its margins and footer band."""
        width, height = self.item[0] * self.columns, self.item[1] * self.rows
        return ((self.paper.width - width) / 2,
                MARGIN + (self.paper.height - 2 * MARGIN - FOOTER - height) / 2)


def deck_of(name: str) -> Deck:
    deck = DECKS.get(name)
    if deck is None:
        raise OptionError(f"no deck {name!r}; the decks are {', '.join(DECKS)}")
    return deck


def paper_of(name: str) -> Paper:
    paper = PAPERS.get(str(name).lower())
    if paper is None:
        raise OptionError(f"no paper {name!r}; the papers are {', '.join(PAPERS)}")
    return paper


def sheet(deck_name: str, paper_name: str = "a4") -> Sheet:
    deck, paper = deck_of(deck_name), paper_of(paper_name)
    item = CHIP_MM if all(faces.is_chip(card) for card in deck) else CARD_MM
    columns = int((paper.width - 2 * MARGIN) // item[0])
    rows = int((paper.height - 2 * MARGIN - FOOTER) // item[1])
    return Sheet(deck, paper, item, columns, rows)


# Pages as SVG -----------------------------------------------------------------------------------
def _n(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".")


def _placed(card: str, x: float, y: float, width: float, height: float) -> str:
    box_w, box_h = faces.box(card)
    return (f'<svg x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="0 0 {box_w} {box_h}">{faces.body(card)}</svg>')


def _cut_marks(s: Sheet, count: int) -> str:
    """Each line of the grid of `count` items carried into the margins on both sides, short of
    the footer band."""
    (x0, y0), (w, h) = s.origin, s.item
    columns, rows = min(count, s.columns), -(-count // s.columns)
    x1, y1 = x0 + w * columns, y0 + h * rows
    page_w, page_h = s.paper.width, s.paper.height
    segments = []

    def segment(ax, ay, bx, by):
        if abs(bx - ax) + abs(by - ay) >= 1.0:
            segments.append(f"M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}")

    for c in range(columns + 1):
        x = x0 + c * w
        segment(x, y0 - MARK_GAP, x, max(y0 - MARK_GAP - MARK, EDGE))
        segment(x, y1 + MARK_GAP, x, min(y1 + MARK_GAP + MARK, page_h - FOOTER - 0.5))
    for r in range(rows + 1):
        y = y0 + r * h
        segment(x0 - MARK_GAP, y, max(x0 - MARK_GAP - MARK, EDGE), y)
        segment(x1 + MARK_GAP, y, min(x1 + MARK_GAP + MARK, page_w - EDGE), y)
    return (f'<path d="{"".join(segments)}" fill="none" stroke="#000" stroke-width="0.2" '
            f'stroke-linecap="butt"/>')


def size_text(s: Sheet) -> str:
    if s.item == CHIP_MM:
        return f"{_n(s.item[0])} mm round"
    return f"{_n(s.item[0])} x {_n(s.item[1])} mm"


def footer_text(s: Sheet, page: int) -> str:
    return (f"Parlour \u00b7 {s.deck.title} ({len(s.deck)}) \u00b7 page {page} of {s.pages} "
            f"\u00b7 {size_text(s)}: cut on the marks")


def page_svgs(deck_name: str, paper_name: str = "a4") -> list[str]:
    """One SVG document per page, sized in millimetres."""
    s = sheet(deck_name, paper_name)
    (x0, y0), (w, h) = s.origin, s.item
    cards = list(s.deck)
    pages = []
    for number, start in enumerate(range(0, len(cards), s.per_page), start=1):
        on_page = cards[start:start + s.per_page]
        parts = [_cut_marks(s, len(on_page))]
        for i, card in enumerate(on_page):
            row, column = divmod(i, s.columns)
            parts.append(_placed(card, x0 + column * w, y0 + row * h, w, h))
        footer = (f'<text x="{_n(s.paper.width / 2)}" y="{_n(s.paper.height - 3.5)}" '
                  f'text-anchor="middle" font-family="DejaVu Sans" font-size="2.6" '
                  f'fill="#555">{footer_text(s, number)}</text>')
        pages.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(s.paper.width)}mm" '
            f'height="{_n(s.paper.height)}mm" viewBox="0 0 {_n(s.paper.width)} '
            f'{_n(s.paper.height)}">{"".join(parts)}{footer}</svg>')
    return pages


# The PDF -----------------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def deck_pdf(deck_name: str, paper_name: str = "a4") -> bytes:
    """The deck as a PDF, one page per sheet. Cached: a deck's pages never change in a process."""
    # Imported here: the rest of Parlour runs without cairo.
    import cairocffi
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    paper = paper_of(paper_name)
    width, height = paper.points
    out = io.BytesIO()
    target = cairocffi.PDFSurface(out, width, height)

    class Page(PDFSurface):
        # CairoSVG makes a surface per document; this draws each document on the one PDF surface.
        def _create_surface(self, width, height):
            return target, width, height

    for svg in page_svgs(deck_name, paper_name):
        Page(Tree(bytestring=svg.encode("utf-8")), None, 72)
        target.show_page()
    target.finish()
    return out.getvalue()
