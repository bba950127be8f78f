"""Real-browser tests: Playwright drives Debian's chromium against the room running as a process.
For every registered game: create a table against computer seats from the lobby form, play moves
by clicking cards and buttons, check the page shows what the server sent, save a screenshot under
artifacts/screenshots/. Also: two browsers by invite link, the replay viewer, phone width, every
deck's card faces (through the test-only showcase game, registered in the server process only)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import parlour
from conftest import free_port
from parlour.core.cards import DECKS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"


# What sticks out: of the page sideways, or of the panel an element is drawn in.
LAYOUT = """() => {
  const W = document.documentElement.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string"
      ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const bad = [];
  const width = document.documentElement.scrollWidth;
  if (width > W + 1) bad.push(`the page is ${width} px wide`);
  for (const el of document.querySelectorAll("main *")) {
    // Only a card's own svg: what is drawn inside it is clipped to it (a back's pattern runs past).
    if (el.parentElement && el.parentElement.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < -1 || r.right > W + 1) {
      bad.push(`${name(el)} leaves the screen (${Math.round(r.left)}..${Math.round(r.right)})`);
    }
    const panel = el.parentElement &&
      el.parentElement.closest(".seat, .actions, .turn, .how, .log-box, .over, .say, .info");
    if (panel && !el.closest(".hand-area")) {
      const p = panel.getBoundingClientRect();
      if (r.left < p.left - 2 || r.right > p.right + 2) {
        bad.push(`${name(el)} sticks out of ${name(panel)}`);
      }
    }
  }
  return bad.slice(0, 8);
}"""



@pytest.fixture(scope="session")
def room_url(tmp_path_factory, browser_type_launch_args):
    folder = tmp_path_factory.mktemp("browser-room")
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "serve.py"), str(port),
         f"sqlite:///{folder / 'room.db'}", "0.03", "--showcase"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(folder / "server.log", "w"))
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
def watch_errors(page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def frame_of(page):
    return page.evaluate("window.parlour && window.parlour.frame")


def wait_for_turn_or_end(page, after_ply=None, timeout=15000):
    """Until this seat has moves (a newer position than after_ply) or the game is over."""
    page.wait_for_function(
        """(after) => {
            const p = window.parlour;
            if (!p || !p.frame) return false;
            if (p.frame.status === "over") return !document.getElementById("over").hidden;
            if (after !== null && p.frame.ply <= after) return false;
            return p.frame.legal.length > 0 && !document.getElementById("actions").hidden
                && document.querySelector("#actions").dataset.legal
                   === JSON.stringify(p.frame.legal);
        }""", arg=after_ply, timeout=timeout)
    return frame_of(page)


def click_picks(page, move, made):
    """Tap `move`'s picks on the table as a person would: each slot's card (near its top left
    corner, which a fanned hand leaves in view), place or choice, then Play unless `made()` says
    the move went already (a place or choice that settles it sends it)."""
    for slot in move["picks"]:
        if made():
            return
        for key in slot:
            if key.startswith("="):
                target = page.locator(f'#actions [data-pick="{key}"]')
            elif key.startswith("@"):
                target = page.locator(f'#felt [data-pick="{key}"].pickable')
            else:
                target = page.locator(f'#hand .card.pickable[data-card="{key}"], '
                                      f'#felt .card.pickable[data-card="{key}"]')
            if target.count():
                target.first.click(position={"x": 4, "y": 6})
                break
        else:
            raise AssertionError(f"nothing to pick for {move['text']!r}: {slot}")
    play = page.locator("#actions .btn.move.primary:not([disabled])")
    if play.count() and not made():
        play.first.click()


def play_by_clicking(page, action: str, cards: set[str] | None = None):
    """Play `action` as a person would: its picks on the table (as the frame's moves say it is
    picked); a move without picks is its button."""
    move = next(m for m in frame_of(page)["moves"] if m["text"] == action)
    if not move["picks"]:
        page.locator(f'#actions .btn.move[data-action="{action}"]').first.click()
        return
    before = frame_of(page)["ply"]
    click_picks(page, move, lambda: page.evaluate("(p) => window.parlour.frame.ply !== p", before))


def check_page_shows_the_frame(page, frame, players):
    view = frame["view"]
    assert page.locator("#felt .seat").count() == players
    to_act = frame["to_act"]
    if to_act is not None and frame["status"] != "over":
        assert "to-act" in page.locator(f'#felt .seat[data-seat="{to_act}"]').get_attribute("class")
    hand = (frame["scene"].get("hand") or {}).get("items")
    if hand is not None and frame["status"] != "over":
        shown = page.eval_on_selector_all("#hand .card",
                                          "els => els.map(e => e.dataset.card || null)")
        assert shown == [c for i in hand for c in i["cards"]]
    log = view.get("log")
    if isinstance(log, list):
        assert page.locator("#log li").count() == len(log)
    # Every card element has a drawn face (or back).
    assert page.evaluate("[...document.querySelectorAll('main .card')]"
                         ".every(c => c.querySelector('svg'))")


def create_from_lobby(page, url, game_id, seats=None):
    page.goto(f"{url}/?game={game_id}")
    page.wait_for_selector(f'form.table-form[data-game="{game_id}"]')
    selects = page.locator(".seat-rows select")
    for i in range(selects.count()):
        value = (seats or {}).get(i, "me" if i == 0 else "computer:easy")
        selects.nth(i).select_option(value)
    page.click("#start")


@pytest.mark.parametrize("game_id", parlour.games())
def test_every_game_in_the_browser(room_url, page, watch_errors, game_id):
    game = parlour.load(game_id)
    cards = set(game.deck().cards)
    page.set_viewport_size({"width": 1280, "height": 900})
    create_from_lobby(page, room_url, game_id)
    page.wait_for_url("**/t/*")
    rng = random.Random(game_id)
    frame = wait_for_turn_or_end(page)
    assert frame["seat"] == 0
    moves = 0
    while frame["status"] != "over" and moves < 8:
        check_page_shows_the_frame(page, frame, game.players)
        action = rng.choice(frame["legal"])
        play_by_clicking(page, action, cards)
        moves += 1
        frame = wait_for_turn_or_end(page, after_ply=frame["ply"])
    check_page_shows_the_frame(page, frame, game.players)
    assert moves > 0
    # The table is drawn from the game's scene: its middle and every seat.
    assert (page.locator("#centre .zone").count()
            + page.locator("#felt .seat-zones .zone").count()) > 0
    page.screenshot(path=str(SHOTS / f"{game_id}.png"), full_page=True)
    # The same table at phone width: nothing sticks out sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.wait_for_function("document.documentElement.scrollWidth <= 390", timeout=10_000)
    except PlaywrightTimeout:
        page.screenshot(path=str(SHOTS / f"{game_id}-phone.png"), full_page=True)
        raise AssertionError(page.evaluate(LAYOUT)) from None
    page.screenshot(path=str(SHOTS / f"{game_id}-phone.png"))
    assert not watch_errors


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_deck_draws_its_faces(room_url, page, watch_errors, deck):
    """The showcase game (test only) deals any deck into a hand, a grid, towers and piles."""
    answer = httpx.post(f"{room_url}/api/tables", json={
        "game": "showcase", "players": 3, "options": {"deck": deck, "bids": deck == "viashi"},
        "seats": [{"kind": "me"}, {"kind": "computer"}, {"kind": "computer"}]}).json()
    table, token = answer["table"], answer["seats"][0]["token"]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('parlour.v1.name', JSON.stringify('Tess'))")
    page.goto(f"{room_url}/t/{table}#seat=0&token={token}")
    frame = wait_for_turn_or_end(page)
    cards = set(DECKS[deck].cards)
    rng = random.Random(deck)
    for _ in range(4):
        check_page_shows_the_frame(page, frame, 3)
        legal = frame["legal"]
        pairs = [a for a in legal if len(a.split()) == 2 and all(t in cards for t in a.split())]
        plays = [a for a in legal if a.startswith("play ")]
        bids = [a for a in legal if a.startswith("bid ")]
        action = (pairs or plays or legal)[0] if rng.random() < 0.8 else rng.choice(legal)
        if bids and frame["ply"] % 2:
            action = bids[-1]  # only in the list of every move
        play_by_clicking(page, action, cards)
        frame = wait_for_turn_or_end(page, after_ply=frame["ply"])
    # The address bar no longer holds the secret.
    assert "token" not in page.url
    # The scene's grid cells and each seat's lanes are drawn.
    assert page.locator("#centre .zone-grid .item").count() == 9
    assert page.locator("#felt .seat .zone-lanes").count() == 3
    faces = page.eval_on_selector_all("main .card[data-card]",
                                      "els => els.map(e => e.dataset.card)")
    assert faces and set(faces) <= cards
    page.screenshot(path=str(SHOTS / f"showcase-{deck}.png"), full_page=True)
    assert not watch_errors


def test_two_browsers_play_each_other_by_invite_link(room_url, browser):
    first_game = parlour.games()[0]
    game = parlour.load(first_game)
    cards = set(game.deck().cards)
    host = browser.new_context(viewport={"width": 1100, "height": 850})
    friend = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        a = host.new_page()
        create_from_lobby(a, room_url, first_game, seats={1: "invite"})
        a.wait_for_selector(".invite-list input")
        link = a.locator(".invite-list input").first.input_value()
        assert "#seat=1&token=" in link
        a.click("#go-table")
        b = friend.new_page()
        b.goto(link)
        # Issue 28: "an invited friend chooses a name on arrival".
        b.wait_for_selector("#name-dialog input")
        b.fill("#name-dialog input", "Omar")
        b.click("#name-dialog button")
        a.wait_for_function("window.parlour.frame.seats[1].name === 'Omar'")
        b.wait_for_function("window.parlour && window.parlour.frame "
                            "&& window.parlour.frame.seat === 1")
        a.wait_for_function("window.parlour && window.parlour.frame "
                            "&& window.parlour.frame.seat === 0")
        a.wait_for_function("window.parlour.frame.seats[1].online")
        played = {0: 0, 1: 0}
        rng = random.Random(5)
        deadline = time.time() + 60
        while min(played.values()) < 2 and time.time() < deadline:
            for seat, page in ((0, a), (1, b)):
                frame = frame_of(page)
                if frame["status"] == "over":
                    break
                if frame["legal"] and not page.locator("#actions").is_hidden():
                    try:
                        wait_for_turn_or_end(page, timeout=2000)
                    except Exception:
                        continue
                    frame = frame_of(page)
                    play_by_clicking(page, rng.choice(frame["legal"]), cards)
                    page.wait_for_function("(p) => window.parlour.frame.ply > p", arg=frame["ply"])
                    played[seat] += 1
            if frame_of(a)["status"] == "over":
                break
            time.sleep(0.05)
        assert played[0] + played[1] >= 2
        # Each browser sees its own hand only; the other's is not on its page.
        fa, fb = frame_of(a), frame_of(b)
        if fa["status"] != "over":
            assert fa["seat"] == 0 and fb["seat"] == 1
            assert fa["view"] != fb["view"]
        b.screenshot(path=str(SHOTS / "invite-phone.png"), full_page=True)
    finally:
        host.close()
        friend.close()


def test_the_replay_viewer_steps_and_downloads(room_url, page, watch_errors):
    # A game the computers finish in a few seconds (an Ahzchim game runs to a thousand moves).
    game_id = "arschloch" if "arschloch" in parlour.games() else parlour.games()[0]
    n = parlour.game_class(game_id).info.default_players
    table = httpx.post(f"{room_url}/api/tables", json={
        "game": game_id, "seats": [{"kind": "computer"}] * n}).json()["table"]
    deadline = time.time() + 60
    while httpx.get(f"{room_url}/api/tables/{table}").json()["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.2)
    record = httpx.get(f"{room_url}/api/tables/{table}/record").json()
    total = len(record["actions"])
    page.goto(f"{room_url}/replay/{table}")
    page.wait_for_function("document.getElementById('step-text').textContent.startsWith('0 /')")
    assert page.locator("#step-text").text_content() == f"0 / {total}"
    page.click("#next")
    page.click("#next")
    page.wait_for_function("document.getElementById('step-text').textContent.startsWith('2 /')")
    assert record["actions"][1].split()[0] in page.locator("#move-line").text_content() or \
        page.locator("#move-line .glyph").count() > 0
    page.click("#prev")
    page.wait_for_function("document.getElementById('step-text').textContent.startsWith('1 /')")
    page.select_option("#view-as", "0")
    page.wait_for_function("new URL(location.href).searchParams.get('seat') === '0'")
    page.click("#last")
    page.wait_for_function("document.getElementById('step-text').textContent "
                           f"=== '{total} / {total}'")
    assert not page.locator("#over").is_hidden()
    href = page.get_attribute("#download", "href")
    with page.expect_download() as download:
        page.click("#download")
    saved = json.loads(Path(download.value.path()).read_text())
    assert href.endswith(f"/api/tables/{table}/record") and saved["actions"] == record["actions"]
    page.screenshot(path=str(SHOTS / "replay.png"), full_page=True)
    assert not watch_errors


def test_a_phone_asks_for_a_hint_and_plays_it(room_url, browser):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True,
                                  has_touch=True, reduced_motion="reduce")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(room_url + "/")
        page.wait_for_selector(".game")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.screenshot(path=str(SHOTS / "lobby-phone.png"), full_page=True)
        game_id = "arschloch" if "arschloch" in parlour.games() else parlour.games()[0]
        create_from_lobby(page, room_url, game_id)
        page.wait_for_url("**/t/*")
        frame = wait_for_turn_or_end(page)
        while frame["status"] != "over" and len(frame["legal"]) < 2:  # a forced move: no hint
            play_by_clicking(page, frame["legal"][0], set())
            frame = wait_for_turn_or_end(page, after_ply=frame["ply"])
        if frame["status"] != "over":
            page.click("#hint")
            page.wait_for_selector("#actions .hint-line")
            hint = page.evaluate("window.parlour.hint")
            assert hint["action"] in frame["legal"] and hint["ply"] == frame["ply"]
            assert "% wins" in page.locator("#actions .hint-line").text_content()
            cards = set(parlour.load(game_id).deck().cards)
            # The hinted move stands out: its first cards in the hand, or its button.
            move = next(m for m in frame["moves"] if m["text"] == hint["action"])
            hinted = [slot[0] for slot in move["picks"]]
            shown = page.eval_on_selector_all("#hand .card.hinted",
                                              "els => els.map(e => e.dataset.card)")
            button = page.locator(f'#actions .btn.move.hinted[data-action="{hint["action"]}"]')
            assert set(shown) == set(hinted) if hinted else button.count()
            play_by_clicking(page, hint["action"], cards)
            frame = wait_for_turn_or_end(page, after_ply=frame["ply"])
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.screenshot(path=str(SHOTS / f"{game_id}-phone.png"), full_page=True)
        assert not errors
    finally:
        context.close()


def test_the_lobby_form_refuses_a_bad_value_with_the_reason(room_url, page):
    game_id = "arschloch" if "arschloch" in parlour.games() else parlour.games()[0]
    info = parlour.game_class(game_id).info
    numeric = next((o for o in info.options if o.kind is int and not o.choices
                    and o.minimum is not None), None)
    if numeric is None:
        pytest.skip("no whole-number option to get wrong")
    create_from_lobby(page, room_url, game_id)  # submits the defaults: that table is fine
    page.wait_for_url("**/t/*")
    page.goto(f"{room_url}/?game={game_id}")
    page.fill(f"#opt-{numeric.name}", str(numeric.minimum - 1))
    page.evaluate(f"document.getElementById('opt-{numeric.name}').removeAttribute('min')")
    page.click("#start")
    error = page.locator(f'[data-field="{numeric.name}"] .field-error')
    error.wait_for()
    assert "not allowed" in error.text_content()
    assert "/t/" not in page.url
