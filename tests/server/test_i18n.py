"""The room in two languages (issue 11, parts 3 and 4): the catalogues, the translator that reads
what the games write, the pages, and the guarantee that a table page in Arabic has no English left:
random games of every game and every sample option set, everything a table page would show of them
(view keys, strings, log lines, legal moves, titles, summaries, options), each with its Arabic."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import parlour
from conftest import Socket, create, me_and_computers
from parlour.server import i18n
from parlour.server.i18n import PLACEHOLDER, Translator, choose, is_notation
from parlour.server.i18n_tools import harvest_info, harvest_play, po_path, sample_games

LANGS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
KEPT = {"seat", "cards", "card", "square"}


@pytest.fixture(scope="module")
def ar():
    return Translator("ar")


@pytest.fixture
def docs():
    """The real rules pages (the server tests' own fixture gives an empty folder)."""
    return Path(parlour.__file__).resolve().parent.parent / "docs" / "rules"


# The catalogues -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", ["room", "games"])
def test_translations_keep_the_seats_and_cards_of_their_message(lang, domain):
    """A translation may move a placeholder, never lose a seat, a card or a square, nor name one
    its message does not have, nor glue a letter to one."""
    with po_path(lang, domain).open("rb") as handle:
        catalog = read_po(handle)
    seat_word = Translator(lang).gettext("seat")  # as the page says it (view.js SEAT_WORD)
    checked = 0
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        names = {m.group(1) + m.group(2) for m in PLACEHOLDER.finditer(message.id)}
        used = {m.group(1) + m.group(2) for m in PLACEHOLDER.finditer(message.string)}
        assert used <= names, (message.id, message.string)
        kept = {n for n in names if PLACEHOLDER.fullmatch("{" + n + "}").group(1) in KEPT}
        assert kept <= used, (message.id, message.string)
        # A kept name stands alone: the page finds "8H" or "seat 2" as words, not "و8H".
        assert not re.search(r"\w\{(seat|cards|card|square)\d*\}|\{(seat|cards|card|square)\d*\}\w",
                             message.string), (message.id, message.string)
        # The page shows "seat 2" as that seat's name only where the language's word for seat
        # stands alone before the number (not "للمقعد 2", "for-the-seat 2").
        if re.search(r"\bseat \{seat\d*\}", message.id):
            before = {m.group(1) for m in re.finditer(r"(\S*) \{seat\d*\}", message.string)}
            assert before <= {seat_word}, (message.id, message.string)
        checked += 1
    assert checked > 100


# The translator -----------------------------------------------------------------------------------
def test_a_log_line_keeps_its_notation_and_seats(ar):
    assert ar.text("seat 2 plays 8H 8D", None, "arschloch") == "يلعب المقعد 2 8H 8D"
    assert ar.text("seat 0 wins the trick; seat 3 leads") == "يكسب المقعد 0 اللمّة؛ ويفتح المقعد 3"


def test_words_inside_a_template_are_translated_in_their_context(ar):
    assert ar.text("Flames are trump; seat 1 leads") == "الحكم اللهب؛ ويفتح المقعد 1"
    assert ar.text("seat 0 steps north to b3") == "يتقدّم المقعد 0 شمالًا إلى b3"
    # A list, item by item, with the language's comma.
    assert ar.text("ranks: seat 2 President, seat 0 Citizen, seat 1 Arschloch") == \
        "المراتب: المقعد 2 الرئيس، المقعد 0 المواطن، المقعد 1 الخاسر الأخير"


def test_short_values_are_read_by_their_key(ar):
    assert ar.value("R", "trump") == "اللهب"
    assert ar.value("K", "rank_order") == "ملك"
    assert ar.value("R", "no_such_key") is None


def test_notation_needs_no_translation_and_unknown_text_is_said_to_be_missing(ar):
    for text in ("8H 8D", "Lady", "Z1/K7", "8P=3P", "b3", "+15", "1B -1", "0 2 4"):
        assert is_notation(text) and ar.text(text) == text
    assert ar.text("the moon is made of cheese") is None
    assert Translator("en").text("the moon is made of cheese") == "the moon is made of cheese"


def test_moves_keep_their_notation_and_only_their_label_changes(ar):
    assert ar.move("pass") == "مرّر"
    assert ar.move("attack 5H of 0 with JS") == "هاجم 5H لدى المقعد 0 بـ JS"
    frame = ar.frame({"hand": ["8H"], "phase": "play", "trump": "R"}, ["8H", "pass"], "crusade")
    assert frame["moves"] == {"pass": "مرّر"}  # "8H" is notation: no label needed
    assert frame["keys"]["hand"] == "اليد" and frame["keys"]["trump"] == "الحكم"
    assert frame["values"] == {"play": "اللعب", "trump\x04R": "اللهب"}
    assert Translator("en").frame({"phase": "play"}, ["pass"], "crusade") is None


def test_a_refusal_reaches_the_reader_in_his_language(ar):
    # The name the room gave a computer seat is the room's words too.
    assert ar.message("it is not your turn: Computer 1 is to act") == \
        "ليس دورك: الدور على الحاسوب 1"
    assert ar.message("it is not your turn: Fatima is to act") == "ليس دورك: الدور على Fatima"
    assert ar.message("Arschloch (President) takes 3 to 10 players") == \
        "تُلعب أرشلوخ (الخاسر الأخير) بعدد من 3 إلى 10 لاعبين"
    assert ar.message("K does not beat A: play higher or pass", "arschloch") == \
        "الملك لا يعلو على الآس: العب أعلى أو مرّر"


def test_the_language_comes_from_the_address_the_cookie_then_the_browser():
    assert choose(None, None, "ar-EG,ar;q=0.9,en;q=0.8") == "ar"
    assert choose(None, None, "de-DE,de;q=0.9,ar;q=0.5,en;q=0.8") == "en"
    assert choose(None, None, "de, ar;q=0") == "en"
    assert choose(None, "ar", "en") == "ar"
    assert choose("en", "ar", "ar") == "en"
    assert choose("xx", None, None) == "en"


# No English left: everything a table page shows, for every game --------------------------------
def _option_sets():
    for game_id in parlour.games():
        for i, options in enumerate(parlour.game_class(game_id).sample_options):
            yield pytest.param(game_id, options, id=f"{game_id}-{i}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id, options", list(_option_sets()))
def test_every_string_a_table_shows_has_a_translation(lang, game_id, options):
    """A random game at the fewest, the usual and the most players: every view key and string,
    log line, legal move label and scene text (seats, zones, badges, what a seat is asked) a table
    page would show, and the lobby's words for the game."""
    tr = Translator(lang)
    shown = set(harvest_info(game_id))
    for gid, sample, players in sample_games():
        if gid == game_id and sample == options:
            shown |= set(harvest_play(game_id, options, players, seed=1, limit=400, errors=False))
    missing = sorted((pair for pair in shown if tr.text(pair[1], pair[0], game_id) is None),
                     key=str)
    assert not missing, f"{lang} cannot say, in {game_id} {options}:\n" + "\n".join(
        f"  [{context or ''}] {text}" for context, text in missing)


# The pages and the protocol ---------------------------------------------------------------------
def test_the_lobby_in_arabic_is_right_to_left_and_translated(client):
    page = client.get("/", headers={"Accept-Language": "ar,en;q=0.5"}).text
    assert '<html lang="ar" dir="rtl">' in page
    embedded = re.search(r'<script id="i18n" type="application/json">(.*?)</script>', page)
    shown = page.replace(embedded.group(0), "")
    assert "ألعاب ورق نادرة، بتوزيع عادل." in shown and "Rare card games" not in shown
    data = json.loads(embedded.group(1))
    assert data["lang"] == "ar" and data["messages"]["New table"] == "طاولة جديدة"
    english = client.get("/", headers={"Accept-Language": "en"}).text
    assert '<html lang="en" dir="ltr">' in english and "Rare card games" in english


def test_lang_in_the_address_is_remembered(client):
    response = client.get("/?lang=ar")
    assert response.cookies.get(i18n.COOKIE) == "ar"
    assert 'dir="rtl"' in client.get("/t/abc", headers={"Accept-Language": "en"}).text
    client.cookies.set(i18n.COOKIE, "en")
    assert 'dir="ltr"' in client.get("/", headers={"Accept-Language": "ar"}).text


def test_the_api_speaks_the_readers_language(client):
    games = client.get("/api/games", headers={"Accept-Language": "ar"}).json()["games"]
    arschloch = next(g for g in games if g["id"] == "arschloch")
    assert arschloch["title"] == "أرشلوخ (الخاسر الأخير)"
    deck = next(o for o in arschloch["options"] if o["name"] == "deck")
    assert deck["label"] == "المجموعة" and deck["choices"] == [32, 52]  # values stay
    refused = client.post("/api/tables", json={"game": "arschloch", "players": 2},
                          headers={"Accept-Language": "ar"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "تُلعب أرشلوخ (الخاسر الأخير) بعدد من 3 إلى 10 لاعبين"


def test_the_arschloch_rules_page_in_both_languages(client):
    arabic = client.get("/rules/arschloch?lang=ar").text
    assert '<html lang="ar" dir="rtl">' in arabic
    # The seed's own words for the places and the ranks.
    for word in ("الخاسر الأخير", "نائب الرئيس", "المواطن", "اللمّة", "الولد", "البنت", "السباتي"):
        assert word in arabic
    assert "Vice-President" not in arabic
    english = client.get("/rules/arschloch?lang=en").text
    assert "Vice-President" in english and 'dir="ltr"' in english
    # Another game: its English page, marked as such, under an Arabic note.
    izind = client.get("/rules/izind?lang=ar").text
    assert "لم تُترجم صفحة القواعد هذه بعد" in izind and '<div lang="en" dir="ltr">' in izind


def test_card_faces_carry_the_words_of_the_language(client):
    arabic = client.get("/cards/faces.json?lang=ar").json()["faces"]
    assert ">ملكة</text>" in arabic["1W"] and ">السيد المظلم</text>" in arabic["DarkLord"]
    # The two lines of the elephant in Arabic reading order; no letter spacing in Arabic script.
    assert arabic["white"].index(">الفيل</text>") < arabic["white"].index(">الأبيض</text>")
    assert "letter-spacing" not in arabic["3bat"]
    english = client.get("/cards/faces.json?lang=en").json()["faces"]
    assert ">Queen</text>" in english["1W"] and "letter-spacing" in english["3bat"]
    assert arabic["7C"] == english["7C"]  # a French card has no words, only its index


def test_the_scorer_speaks_arabic(client):
    scorers = client.get("/api/scorers", headers={"Accept-Language": "ar"}).json()["scorers"]
    loot = next(s for s in scorers if s["game"] == "loot")
    assert loot["title"] == "الغنيمة (النهب)" and loot["table_label"] == "الآلهة في الأيدي الأخرى"
    result = client.post("/api/score", headers={"Accept-Language": "ar"}, json={
        "game": "loot", "hand": ["1W", "2W", "3W", "4W"], "table": [], "options": {}}).json()
    assert result["notes"] == ["الآلهة في اللعب: لا شيء"]


def test_a_state_frame_carries_its_arabic_beside_the_notation(client):
    table = create(client, seats=me_and_computers(3), players=3)
    with client.websocket_connect(f"/ws/{table['table']}?lang=ar") as raw:
        ws = Socket(raw)
        ws.join(table["seats"][0]["token"])
        assert ws.welcome["game"]["title"] == "أرشلوخ (الخاسر الأخير)"
        frame = ws.my_turn()
        tr = frame["tr"]
        assert tr["keys"]["hand"] == "اليد"
        # The legal moves stay notation; "pass" has a label beside it.
        assert all(move in tr["moves"] or is_notation(move) for move in frame["legal"])
        for line in frame["view"]["log"]:
            assert line in tr["values"], line
        ws.send({"type": "move", "action": "7C 7C 7C 7C 7C", "ply": frame["ply"]})
        error = ws.expect_error("illegal")
        assert not re.search(r"\b(you|not|play|hold)\b", error["message"]), error["message"]
