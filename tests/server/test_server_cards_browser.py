"""Real-browser tests of issue 11's first parts: the room draws the faces the server serves (the
ones the PDFs are printed from), each game's lobby entry links its decks to print, and the scorer
page scores a hand of real cards picked by clicking their faces exactly as `parlour score` does.
Playwright drives Debian's chromium against the room running as a process; screenshots go to
artifacts/screenshots/."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pypdf
import pytest
from typer.testing import CliRunner

import parlour
from conftest import free_port
from parlour import faces
from parlour.scorer_cli import app as score_cli

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="module")
def room(tmp_path_factory, browser_type_launch_args):
    folder = tmp_path_factory.mktemp("cards-room")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "serve.py"), str(port),
         f"sqlite:///{folder / 'room.db'}", "0.03"],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL,
        stderr=open(folder / "server.log", "w"))
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        try:
            httpx.get(url + "/api/games", timeout=1)
            break
        except httpx.HTTPError:
            if time.time() > deadline or process.poll() is not None:
                process.kill()
                raise AssertionError((folder / "server.log").read_text()) from None
            time.sleep(0.1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield url
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
def errors(page):
    seen = []
    page.on("pageerror", lambda error: seen.append(str(error)))
    page.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    return seen


def cli_total(game: str, words: list[str]) -> float:
    result = CliRunner().invoke(score_cli, [game, *words])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "total" in line)
    return float(re.search(r"([+-]\d+(?:\.\d+)?)", row.split("total")[1]).group(1))


def test_the_room_draws_the_served_faces_and_links_the_pdfs(room, page, errors):
    page.goto(room + "/")
    page.wait_for_selector(".game .card svg")
    # The faces in the page are the server's, the very SVGs of the PDFs.
    drawn = page.evaluate("""async (names) => {
        const cards = await import('/static/js/cards.js');
        return names.map((n) => cards.cardSVG(n));
    }""", ["7C", "Lady", "3bat", "devil", "R12", None])
    assert drawn == [faces.face(c) for c in ["7C", "Lady", "3bat", "devil", "R12"]] + [faces.back()]
    assert page.locator('.game[data-game="loot"] .card').first.locator("svg path").count() > 0
    # Every game offers its deck on both papers, and a scorer where it has one.
    for game_id in parlour.games():
        tile = page.locator(f'.game[data-game="{game_id}"]')
        deck = parlour.game_class(game_id).info.deck
        for paper in ("a4", "letter"):
            link = tile.locator(f'.print-deck[data-deck="{deck}"] a[data-paper="{paper}"]')
            assert link.get_attribute("href") == f"/print/{deck}.pdf?paper={paper}"
        has_scorer = getattr(parlour.game_class(game_id), "scorer", None) is not None
        assert tile.locator(".scorer-link").count() == (1 if has_scorer else 0)
    assert page.locator('.game[data-game="ahzchim"] .print-deck[data-deck="ahzchim_chips"]').count()
    page.screenshot(path=str(SHOTS / "lobby-print-links.png"), full_page=True)
    # Following a link gives the PDF of that deck at that paper size.
    href = page.locator('.game[data-game="izind"] .print-deck[data-deck="xuni"] '
                        'a[data-paper="letter"]').get_attribute("href")
    response = page.request.get(room + href)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.body()))
    assert len(reader.pages) == 5
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert errors == []


def test_the_scorer_page_scores_real_cards_as_parlour_score(room, page, errors):
    page.goto(room + "/")
    page.locator('.game[data-game="loot"] .scorer-link').click()
    page.wait_for_url(re.compile(r"/score\?game=loot"))
    page.wait_for_selector("#deck .card")
    hand = ["1W", "2W", "3W", "4W", "5R", "5P", "5B", "9G", "Lady"]
    for card in hand:
        page.click(f'#deck .card[data-card="{card}"]')
    page.click('#table-cards .card[data-card="Thief"]')
    page.click('#table-cards .card[data-card="Friend"]')
    page.click('#table-cards .card[data-card="Friend"]')  # and out again
    expected = cli_total("loot", hand + ["--gods", "Thief"])
    total = page.locator(".score-total")
    page.wait_for_function("(want) => { const t = document.querySelector('.score-total');"
                           " return t && Number(t.dataset.score) === want; }", arg=expected)
    assert float(total.get_attribute("data-score")) == expected
    assert page.locator("#hand .card").count() == len(hand)
    # A card already in the hand cannot be picked again from a one-deck game.
    page.click('#deck .card[data-card="1W"]')
    assert page.locator("#hand .card").count() == len(hand)
    assert "gods in play: Lady, Thief" in page.locator(".score-notes").inner_text()
    page.screenshot(path=str(SHOTS / "scorer-loot.png"), full_page=True)

    # Treasure: the gods on the table with the kind of meld they lie in; two decks.
    page.click('#games button[data-game="treasure"]')
    page.wait_for_url(re.compile(r"game=treasure"))
    page.click('#deck .card[data-card="3P"]')
    page.click('#deck .card[data-card="5R"]')  # the second 5R of two decks
    page.click('#table-cards .card[data-card="Thief"]')
    page.select_option('#table select[data-card="Thief"]', "run")
    page.click('#table-cards .card[data-card="Lady"]')
    page.select_option('#table select[data-card="Lady"]', "set")
    page.check("#opt-six_color_bonus")
    treasure_hand = hand + ["3P", "5R"]
    gods = ["Thief:run", "Lady:set"]
    expected = cli_total("treasure", treasure_hand + ["-g", gods[0], "-g", gods[1],
                                                      "--six-color-bonus"])
    page.wait_for_function("(want) => { const t = document.querySelector('.score-total');"
                           " return t && Number(t.dataset.score) === want; }", arg=expected)
    # Each card that changed rank or color says what it stands for (the Thief in a run lets the
    # stone cards change rank).
    result = parlour.game_class("treasure").scorer.run(treasure_hand, gods,
                                                        {"six_color_bonus": True})
    changed = [f"as {i}" for m in result["melds"] for c, i in zip(m["cards"], m["as"]) if c != i]
    assert changed
    assert page.locator(".score-melds figcaption").all_inner_texts() == changed
    page.screenshot(path=str(SHOTS / "scorer-treasure.png"), full_page=True)
    # The address keeps the picks: a reload scores the same hand again.
    page.reload()
    page.wait_for_function("(want) => { const t = document.querySelector('.score-total');"
                           " return t && Number(t.dataset.score) === want; }", arg=expected)
    assert errors == []
