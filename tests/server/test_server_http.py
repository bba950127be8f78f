"""The lobby over HTTP: games and their options from game.info, rules pages, creating tables with
person and computer seats, refusing bad values with the reason, listing tables."""

import json
import time

import pytest

import parlour
from conftest import create, me_and_computers, query, wait_for


def test_lobby_lists_every_registered_game_with_its_options(client):
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == parlour.games()
    for entry in games:
        info = parlour.game_class(entry["id"]).info
        assert entry["title"] == info.title
        assert (entry["min_players"], entry["max_players"]) == (info.min_players, info.max_players)
        assert entry["rules"] == f"/rules/{info.id}"
        assert [o["name"] for o in entry["options"]] == [o.name for o in info.options]
        assert [o["default"] for o in entry["options"]] == [o.default for o in info.options]
        # A computer seat is one of the bots' levels.
        assert entry["agents"] == list(parlour.agents.LEVELS)


def test_pages_are_served_locally(client):
    for path in ("/", "/t/abc", "/replay/abc", "/static/room.css", "/static/js/cards.js",
                 "/static/js/view.js", "/static/js/table.js", "/static/js/lobby.js",
                 "/static/js/replay.js", "/favicon.ico"):
        response = client.get(path)
        assert response.status_code == 200, path
        # Nothing from a CDN: every script and sheet is ours.
        assert "https://" not in response.text and "http://" not in response.text.replace(
            "http://www.w3.org/2000/svg", ""), path


def test_rules_page_renders_the_markdown(client, docs):
    (docs / "arschloch.md").write_text("# Arschloch\n\n## Interpretations\n\n- **Ruling:** the "
                                       "ace is `A`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    page = client.get("/rules/arschloch")
    assert page.status_code == 200
    assert "<h2" in page.text and "Interpretations" in page.text
    assert "<strong>Ruling:</strong>" in page.text and "<table>" in page.text
    assert "<code>A</code>" in page.text


def test_rules_page_without_markdown_shows_the_options(client):
    page = client.get("/rules/arschloch")
    assert page.status_code == 200
    for option in parlour.game_class("arschloch").info.options:
        assert option.name in page.text
    assert client.get("/rules/no_such_game").status_code == 404


@pytest.mark.parametrize("options, field, words", [
    ({"deck": 40}, "deck", "valid values: 32, 52"),
    ({"deck": "forty"}, "deck", "not allowed"),
    ({"ten_high": "maybe"}, "ten_high", "not allowed"),
    ({"points": 0}, "points", "1..1000"),
    ({"points": 5000}, "points", "not allowed"),
    ({"colour": "red"}, "colour", "unknown option"),
    ({"two_high": True}, None, "set deck=52"),
])
def test_bad_options_are_refused_with_the_reason(client, options, field, words):
    answer = client.post("/api/tables", json={"game": "arschloch", "options": options})
    assert answer.status_code == 400
    body = answer.json()
    assert words in body["error"]
    assert body["field"] == field
    assert client.get("/api/tables").json()["counts"] == {"open": 0, "playing": 0}


def test_options_typed_as_text_are_read_like_the_terminal(client):
    answer = create(client, options={"deck": "52", "two_high": "true", "points": "15"},
                    players=7, seats=me_and_computers(7))
    table = client.get(f"/api/tables/{answer['table']}").json()
    assert table["options"]["deck"] == 52 and table["options"]["two_high"] is True
    assert table["options"]["points"] == 15 and table["players"] == 7


@pytest.mark.parametrize("body, code", [
    ({"game": "nope"}, 404),
    ({"game": "arschloch", "players": 2}, 400),
    ({"game": "arschloch", "players": "many"}, 400),
    ({"game": "arschloch", "players": 3, "seats": [{"kind": "me"}]}, 400),
    ({"game": "arschloch", "players": 3, "seats": [{"kind": "me"}, {"kind": "me"},
                                                    {"kind": "invite"}]}, 400),
    ({"game": "arschloch", "players": 3, "seats": [{"kind": "me"}, {"kind": "robot"},
                                                    {"kind": "invite"}]}, 400),
    ({"game": "arschloch", "players": 3, "seats": [{"kind": "me"}, {"kind": "invite"}, {
        "kind": "computer", "agent": "grandmaster"}]}, 400),
])
def test_bad_tables_are_refused(client, body, code):
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == code, answer.text
    assert answer.json()["error"]


def test_malformed_requests_are_refused(client):
    assert client.post("/api/tables", content=b"{not json").status_code == 400
    assert client.post("/api/tables", content=b"[1, 2]").status_code == 400
    assert client.post("/api/tables", content=b"x" * 100_000).status_code == 413
    assert client.get("/api/tables/" + "z" * 40).status_code == 404


def test_a_table_with_people_and_computers(client):
    seats = [{"kind": "me", "name": "Ann"}, {"kind": "invite"},
             {"kind": "computer", "agent": "medium"}, {"kind": "open"}]
    answer = create(client, seats=seats)
    assert answer["you"] == 0
    tokens = [s["token"] for s in answer["seats"]]
    assert tokens[0] and tokens[1] and tokens[2] is None and tokens[3] is None
    assert len(set(tokens[:2])) == 2
    table = client.get(f"/api/tables/{answer['table']}").json()
    assert [s["kind"] for s in table["seats"]] == ["person", "person", "computer", "person"]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][2]["agent"] == "medium"
    assert table["open_seats"] == [3]
    # No secret leaves in the table's public description.
    text = json.dumps(table)
    assert all(token not in text for token in tokens[:2]) and "hash" not in text
    listing = client.get("/api/tables").json()
    assert [t["id"] for t in listing["open"]] == [answer["table"]]


def test_tokens_are_stored_hashed(client, store_url):
    answer = create(client, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "computer"},
                                   {"kind": "computer"}])
    stored = " ".join(str(v) for row in query(store_url, "select * from seats") for v in row)
    stored += " ".join(str(v) for row in query(store_url, "select * from tables") for v in row)
    for secret in [s["token"] for s in answer["seats"] if s["token"]] + [answer["host"]]:
        assert secret not in stored


def test_an_open_seat_is_taken_once(client):
    answer = create(client, seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "computer"},
                                   {"kind": "computer"}])
    table_id = answer["table"]
    first = client.post(f"/api/tables/{table_id}/join", json={"name": "Bea"})
    assert first.status_code == 200 and first.json()["seat"] == 1 and first.json()["token"]
    second = client.post(f"/api/tables/{table_id}/join", json={"name": "Cid"})
    assert second.status_code == 409
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["seats"][1]["name"] == "Bea" and table["open_seats"] == []
    listing = client.get("/api/tables").json()
    assert [t["id"] for t in listing["playing"]] == [table_id]


def test_only_the_host_issues_invite_links(client):
    answer = create(client, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "computer"},
                                   {"kind": "computer"}])
    url = f"/api/tables/{answer['table']}/invite"
    assert client.post(url, json={"host": "forged", "seat": 1}).status_code == 403
    assert client.post(url, json={"host": answer["host"], "seat": 2}).status_code == 400
    fresh = client.post(url, json={"host": answer["host"], "seat": 1})
    assert fresh.status_code == 200 and fresh.json()["token"] != answer["seats"][1]["token"]


def test_finished_games_are_listed_with_their_record(client):
    answer = create(client, seats=[{"kind": "computer"}] * 4)
    table_id = answer["table"]
    wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["status"] == "over")
    listing = client.get("/api/tables").json()
    assert [t["id"] for t in listing["finished"]] == [table_id]
    response = client.get(f"/api/tables/{table_id}/record")
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    state = parlour.replay(record)
    assert state.is_terminal and record["result"] == state.returns()
    assert listing["finished"][0]["result"] == state.returns()


def test_tables_nobody_touched_for_a_day_leave_the_lobby_but_stay_records(make_client):
    """Issue 28: "tables nobody has touched for a day leave 'In progress' (kept as records)"."""
    client = make_client(idle_listed=0.5)
    answer = create(client, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "computer"},
                                   {"kind": "computer"}])
    assert [t["id"] for t in client.get("/api/tables").json()["open"]] == [answer["table"]]
    time.sleep(0.7)
    listing = client.get("/api/tables").json()
    assert listing["open"] == [] and listing["playing"] == []
    # Still a record: the table answers and its link still works.
    assert client.get(f"/api/tables/{answer['table']}").status_code == 200
