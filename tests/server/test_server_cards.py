"""The room's card faces, print-and-play PDFs and scorer API over HTTP (issue 11)."""

from __future__ import annotations

import io

import pypdf
from typer.testing import CliRunner

import parlour
from parlour import faces
from parlour.core.cards import DECKS
from parlour.scorer_cli import app as score_cli


def test_the_room_serves_every_face_the_printer_draws(client):
    response = client.get("/cards/faces.json")
    assert response.status_code == 200
    data = response.json()
    assert data["back"] == faces.back()
    for deck in DECKS.values():
        for card in deck:
            assert data["faces"][card] == faces.face(card)
    assert data["colors"]["W"] == faces.VIASHI["W"]["ink"]
    # Cached by the browser: the same ETag answers 304; sent gzipped to those who take it.
    again = client.get("/cards/faces.json", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304
    raw = client.get("/cards/faces.json", headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"


def test_one_face_as_svg(client):
    response = client.get("/cards/DarkLord.svg")
    assert response.status_code == 200 and response.headers["content-type"] == "image/svg+xml"
    assert response.text == faces.face("DarkLord") and "Dark Lord" in response.text
    assert client.get("/cards/back.svg").text == faces.back()
    missing = client.get("/cards/1X.svg")
    assert missing.status_code == 404 and "no card '1X'" in missing.json()["error"]


def test_the_room_serves_the_print_and_play_pdf(client):
    response = client.get("/print/xuni.pdf?paper=letter")
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 5  # 42 cards, 9 a page
    assert (round(float(reader.pages[0].mediabox.width)),
            round(float(reader.pages[0].mediabox.height))) == (612, 792)
    unknown = client.get("/print/tarot.pdf")
    assert unknown.status_code == 404 and "the decks are french52" in unknown.json()["error"]
    paper = client.get("/print/xuni.pdf?paper=a3")
    assert paper.status_code == 400 and "the papers are a4, letter" in paper.json()["error"]


def test_each_game_in_the_lobby_links_its_decks_and_its_scorer(client):
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for game_id, entry in games.items():
        cls = parlour.game_class(game_id)
        assert entry["print"][0]["deck"] == cls.info.deck
        assert entry["print"][0]["a4"] == f"/print/{cls.info.deck}.pdf?paper=a4"
        assert entry["print"][0]["letter"] == f"/print/{cls.info.deck}.pdf?paper=letter"
        has_scorer = getattr(cls, "scorer", None) is not None
        assert entry["scorer"] == (f"/score?game={game_id}" if has_scorer else None)
    # Variants played with another deck print it too: Ahzchim's chips.
    assert [p["deck"] for p in games["ahzchim"]["print"]] == ["french52", "ahzchim_chips"]
    assert games["loot"]["scorer"] == "/score?game=loot"
    scorers = client.get("/api/scorers").json()["scorers"]
    assert {s["game"] for s in scorers} == {g for g, e in games.items() if e["scorer"]}


def test_the_score_api_answers_what_parlour_score_prints(client):
    hand = ["1W", "2W", "3W", "4W", "5R", "5P", "5B", "Lady"]
    answer = client.post("/api/score", json={"game": "loot", "hand": hand, "table": ["Thief"],
                                             "options": {"run_bonus": "flat"}})
    assert answer.status_code == 200, answer.text
    result = answer.json()
    printed = CliRunner().invoke(score_cli, ["loot", *hand, "--gods", "Thief",
                                             "--run-bonus", "flat"])
    assert printed.exit_code == 0
    assert f"{result['score']:+g}" in printed.output.splitlines()[-3]  # the total row
    assert result == parlour.game_class("loot").scorer.run(hand, ["Thief"], {"run_bonus": "flat"})
    assert "gods in play: Lady, Thief" in result["notes"]


def test_the_score_api_refuses_bad_input_with_a_reason(client):
    def refused(body, status=400):
        response = client.post("/api/score", json=body)
        assert response.status_code == status, response.text
        return response.json()["error"]

    assert "has a scorer" in refused({"game": "arschloch", "hand": ["7C"]})
    assert "has a scorer" in refused({"game": "nope", "hand": ["1W"]})
    assert "is not a Viashi card" in refused({"game": "loot", "hand": ["1W", "0Q"]})
    assert "the deck holds one" in refused({"game": "loot", "hand": ["1W", "1W"]})
    assert "Lady:set" in refused({"game": "treasure", "hand": ["1W"], "table": ["Lady"]})
    assert "up to 12 cards" in refused({"game": "loot", "hand": [f"{r}W" for r in range(1, 10)]
                                        + ["1R", "2R", "3R", "4R"]})
    assert "pick the cards" in refused({"game": "loot", "hand": []})
    assert "send" in refused({"game": "loot", "hand": "1W 2W"})
    assert "run_bonus" in refused({"game": "loot", "hand": ["1W"], "options": {"run_bonus": 3}})
    response = client.post("/api/score", content=b"{not json")
    assert response.status_code == 400



def test_a_hand_too_slow_to_score_is_given_up_and_the_scorer_goes_on(make_client):
    """Fifteen cards that may all change rank or color keep the exact solver busy for minutes:
    the room stops it at its limit, says so, and scores the next hand."""
    client = make_client(score_seconds=1.0)
    slow = {"game": "treasure",
            "hand": [f"{r}P" for r in range(1, 10)] + [f"{r}B" for r in range(1, 7)],
            "table": ["Thief:run", "Changeling:set", "Thief:set", "Changeling:color",
                      "Builder:color", "Builder:set"]}
    response = client.post("/api/score", json=slow)
    assert response.status_code == 400 and response.json()["code"] == "too_slow"
    quick = client.post("/api/score", json={"game": "loot", "hand": ["1W", "2W", "3W", "4W"]})
    # 1W..4W: a color holding a run, 4 x 2 points each way.
    assert quick.status_code == 200 and quick.json()["score"] == 16
