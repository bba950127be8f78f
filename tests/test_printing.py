"""Print-and-play decks (issue 11): every card of a deck at real size on A4 or Letter pages, from
the faces the room draws; `parlour deck DECK --pdf FILE`. The PDFs are opened with pypdf."""

from __future__ import annotations

import io
import math
import re

import pypdf
import pytest
from typer.testing import CliRunner

from parlour import OptionError, faces, printing
from parlour.cli import app
from parlour.core.cards import DECKS

PAPER_POINTS = {"a4": (595, 842), "letter": (612, 792)}
MM = 72 / 25.4


def read(data: bytes) -> pypdf.PdfReader:
    assert data.startswith(b"%PDF-")
    return pypdf.PdfReader(io.BytesIO(data))


def test_a_card_is_poker_size_and_a_chip_a_round_token():
    assert printing.sheet("viashi").item == (63, 88)
    assert printing.sheet("ahzchim_chips").item == (38, 38)


@pytest.mark.parametrize("deck,paper,per_page", [
    ("viashi", "a4", 9), ("viashi", "letter", 9),
    ("ahzchim_chips", "a4", 35), ("ahzchim_chips", "letter", 30)])
def test_how_many_fit_a_page(deck, paper, per_page):
    """Cards 3 x 3 on both papers; 38 mm chips 5 x 7 on A4 and 5 x 6 on Letter, inside 5 mm
    margins and the footer band."""
    sheet = printing.sheet(deck, paper)
    assert sheet.per_page == per_page
    width, height = sheet.item[0] * sheet.columns, sheet.item[1] * sheet.rows
    x0, y0 = sheet.origin
    assert x0 >= printing.MARGIN and x0 + width <= sheet.paper.width - printing.MARGIN
    assert y0 >= printing.MARGIN
    assert y0 + height <= sheet.paper.height - printing.MARGIN - printing.FOOTER


@pytest.mark.parametrize("deck", ["viashi", "ahzchim_chips", "maunwe"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pdf_has_a_page_per_sheet_of_the_paper_size(deck, paper):
    reader = read(printing.deck_pdf(deck, paper))
    sheet = printing.sheet(deck, paper)
    assert len(reader.pages) == math.ceil(len(DECKS[deck]) / sheet.per_page)
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width), round(height)) == PAPER_POINTS[paper]
    # The footer names the deck and the page.
    first, last = reader.pages[0].extract_text(), reader.pages[-1].extract_text()
    assert DECKS[deck].title in first and f"page 1 of {len(reader.pages)}" in first
    assert f"page {len(reader.pages)} of {len(reader.pages)}" in last


def test_every_card_of_the_deck_is_on_the_pages_once():
    """The page SVGs place each card of the deck (both copies in a double deck) with the room's
    own face drawing, at 63 x 88 mm."""
    pages = printing.page_svgs("viashi_double", "a4")
    placed = [re.findall(r'<svg x="[\d.]+" y="[\d.]+" width="63" height="88" '
                         r'viewBox="0 0 100 140">', page) for page in pages]
    assert sum(map(len, placed)) == 108
    text = "".join(pages)
    for card in set(DECKS["viashi_double"].cards):
        assert text.count(faces.body(card)) == 2


def test_cut_marks_stay_off_the_cards():
    """Marks run from the grid lines outwards, never across a card."""
    sheet = printing.sheet("french52", "letter")
    (x0, y0), (w, h) = sheet.origin, sheet.item
    x1, y1 = x0 + 3 * w, y0 + 3 * h
    page = printing.page_svgs("french52", "letter")[0]
    marks = re.search(r'<path d="([^"]+)" fill="none" stroke="#000"', page).group(1)
    segments = re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", marks)
    assert len(segments) == 2 * 4 + 2 * 4  # four lines each way, both ends
    for ax, ay, bx, by in (map(float, s) for s in segments):
        for x, y in ((ax, ay), (bx, by)):
            inside = x0 < x < x1 and y0 < y < y1
            assert not inside
            assert 0 < x < sheet.paper.width and 0 < y < sheet.paper.height


def test_unknown_deck_or_paper_is_refused_with_the_choices():
    with pytest.raises(OptionError, match="the decks are french52"):
        printing.deck_pdf("tarot", "a4")
    with pytest.raises(OptionError, match="the papers are a4, letter"):
        printing.deck_pdf("viashi", "a3")


runner = CliRunner()


def test_cli_writes_the_pdf(tmp_path):
    target = tmp_path / "skat.pdf"
    result = runner.invoke(app, ["deck", "skat32", "--pdf", str(target), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    reader = read(target.read_bytes())
    assert len(reader.pages) == 4  # 32 cards, 9 a page
    assert (round(float(reader.pages[0].mediabox.width)),
            round(float(reader.pages[0].mediabox.height))) == (612, 792)


def test_cli_lists_the_decks_and_refuses_bad_names(tmp_path):
    result = runner.invoke(app, ["deck", "--list"])
    assert result.exit_code == 0
    for name in DECKS:
        assert name in result.output
    result = runner.invoke(app, ["deck", "tarot", "--pdf", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "no deck 'tarot'" in result.output
    result = runner.invoke(app, ["deck", "viashi", "--pdf", str(tmp_path / "x.pdf"),
                                 "--paper", "a3"])
    assert result.exit_code == 2 and "no paper 'a3'" in result.output
    assert not (tmp_path / "x.pdf").exists()
