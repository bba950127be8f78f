"""The room in Arabic in a real browser (issue 11): pages right to left, no English word left on
them (card notation aside), a whole game played through the Arabic interface, the language switch
remembered. Screenshots go to artifacts/screenshots/*-ar.png."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.cards import DECKS

# room_url and watch_errors are fixtures (the tests take them: F811): the same room process setup
# as the English tests.
from test_server_browser import (  # noqa: F401
    SHOTS,
    play_by_clicking,
    room_url,
    wait_for_turn_or_end,
    watch_errors,
)

CARDS = sorted({card for deck in DECKS.values() for card in deck.cards})

# Every visible text and title, aria-label and placeholder of the page: the words with a Latin
# letter that are not card notation (card names, "Z1/K7", "8P=3P"), a square ("b3"), a French
# rank on a card glyph ("J♠"), code (the rules page's notation), or marked as another language
# (lang="en": the switch's "English").
ENGLISH_LEFT = """([cards, extra]) => {
  const allowed = new Set([...cards, ...extra]);
  const card = (t) => t.replace(/\\+$/, "").split(/[\\/=]/).every((p) => allowed.has(p));
  const found = [];
  const visible = (el) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const foreign = (el) => { const l = el.closest("[lang]"); return l && !l.lang.startsWith("ar"); };
  const check = (text, el, where) => {
    for (let token of text.split(/\\s+/)) {
      token = token.replace(/^[(\\[«"'،؛:.,!?+\\-]+|[)\\]»"'،؛:.,!?…]+$/g, "");
      if (!/[A-Za-z]/.test(token)) continue;
      if (card(token) || /^([a-z]\\d{1,2}|\\d[a-z])$/.test(token)) continue;
      if (el.closest(".glyph") && /^(10|[2-9JQKA])[♣♦♥♠]?$/.test(token)) continue;
      found.push(`${where}: ${token} (in "${text.trim().slice(0, 80)}")`);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!el || el.closest("script, style, svg, code") || foreign(el) || !visible(el)) continue;
    check(node.textContent, el, el.tagName.toLowerCase());
  }
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (el.closest("svg") || foreign(el) || !visible(el)) continue;
    for (const name of ["title", "aria-label", "placeholder"]) {
      if (el.hasAttribute(name)) check(el.getAttribute(name), el, `@${name}`);
    }
  }
  check(document.title, document.body, "title");
  return found;
}"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "ar-EG", "viewport": {"width": 1280, "height": 900}}


def english_left(page, *extra):
    return page.evaluate(ENGLISH_LEFT, [CARDS, list(extra)])


def assert_arabic_page(page, *extra):
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == \
        ["ar", "rtl"]
    left = english_left(page, *extra)
    assert not left, "English left on the page:\n" + "\n".join(left)


def test_the_lobby_is_arabic_and_mirrored(room_url, page, watch_errors):  # noqa: F811
    page.goto(room_url)
    page.wait_for_selector("#games .game")
    # The browser tests' server also offers a test-only game (showcase) that no language has.
    page.evaluate("document.querySelector('.game[data-game=showcase]')?.remove()")
    assert_arabic_page(page, "A4")  # the paper's name, as printed on its packets
    # Right to left: the brand sits at the right edge, the language switch at the left.
    brand = page.locator(".brand").bounding_box()
    switch = page.locator("#lang-switch").bounding_box()
    assert brand["x"] > 640 > switch["x"]
    # The new-table form, with the Arschloch options and their values in Arabic.
    page.locator('.game[data-game="arschloch"] button.new').click()
    page.wait_for_selector('form.table-form[data-game="arschloch"]')
    page.evaluate("document.querySelector('.game[data-game=showcase]')?.remove()")
    assert_arabic_page(page, "A4")
    assert page.locator('[data-field="ten_high"] .opt-name').inner_text() == "العشرة العليا"
    page.screenshot(path=str(SHOTS / "lobby-ar.png"), full_page=True)
    assert not watch_errors


def test_a_whole_game_in_arabic(room_url, page, watch_errors):  # noqa: F811
    """Arschloch for three against two computers, from the lobby to the last card, each position
    checked for English; the moves sent stay the notation."""
    page.goto(f"{room_url}/?game=arschloch")
    page.wait_for_selector('form.table-form[data-game="arschloch"]')
    page.select_option("#players", "3")
    page.click("#start")
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[-1]
    cards = set(parlour.load("arschloch", 3).deck().cards)
    frame = wait_for_turn_or_end(page)
    moves = 0
    while frame["status"] != "over":
        assert_arabic_page(page, table)
        # The pass button says so in Arabic; its move is still "pass".
        if "pass" in frame["legal"]:
            assert page.locator('#actions .btn.move[data-action="pass"]').inner_text() == "مرّر"
        if moves == 2:
            page.screenshot(path=str(SHOTS / "table-ar.png"), full_page=True)
        # Shed cards fast: the play with the most cards.
        action = max(frame["legal"], key=lambda a: (a != "pass", len(a.split())))
        play_by_clicking(page, action, cards)
        moves += 1
        assert moves < 40
        frame = wait_for_turn_or_end(page, after_ply=frame["ply"], timeout=20000)
    assert moves > 0
    page.wait_for_selector("#over h2")
    assert page.locator("#over h2").inner_text() == "انتهت اللعبة"
    assert page.locator("#turn .turn-text").inner_text() == "انتهت اللعبة"
    # The log of the end: the places in the seed's words.
    log = page.locator("#log").inner_text()
    assert "المراتب:" in log and "الخاسر الأخير" in log
    assert_arabic_page(page, table)
    page.screenshot(path=str(SHOTS / "table-ar-over.png"), full_page=True)
    # The record keeps the notation.
    record = page.request.get(f"{room_url}/api/tables/{table}/record").json()
    assert all(a == "pass" or all(t in cards for t in a.split()) for a in record["actions"])
    page.goto(f"{room_url}/replay/{table}?step=3")
    page.wait_for_function("document.getElementById('step-text').textContent.startsWith('3 /')")
    assert_arabic_page(page, table)
    assert not watch_errors


def test_the_scorer_page_in_arabic(room_url, page, watch_errors):  # noqa: F811
    page.goto(f"{room_url}/score?game=treasure&hand=1W,2W,3W,Lady&table=Builder:run")
    page.wait_for_selector("#total")
    assert_arabic_page(page)
    # The Builder's effect, the god named in Arabic.
    assert page.locator(".score-notes li").first.inner_text() == \
        "البنّاء في متتالية: يسحب كل اللاعبين ثلاث أوراق"
    page.screenshot(path=str(SHOTS / "score-ar.png"), full_page=True)
    assert not watch_errors


def test_the_switch_is_remembered(room_url, browser):  # noqa: F811
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(room_url)
        page.wait_for_selector("#games .game")
        assert page.evaluate("document.documentElement.dir") == "ltr"
        assert "Rare card games" in page.locator(".hero h1").inner_text()
        with page.expect_navigation():
            page.select_option("#lang-switch", "ar")
        assert page.evaluate("document.documentElement.dir") == "rtl"
        # Another page, later: still Arabic, the rules of Arschloch in Arabic.
        page.goto(f"{room_url}/rules/arschloch")
        assert page.locator("main.rules h1").inner_text() == "أرشلوخ (الخاسر الأخير)"
        assert_arabic_page(page)
        page.screenshot(path=str(SHOTS / "rules-ar.png"), full_page=True)
        with page.expect_navigation():
            page.select_option("#lang-switch", "en")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert "Vice-President" in page.locator("main.rules").inner_text()
    finally:
        context.close()
