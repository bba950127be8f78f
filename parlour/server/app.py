"""The card room over HTTP and websockets: lobby, rules pages, tables, replays.

Pages are static files (no build step, nothing from a CDN); they talk to /api/* and /ws/<table>.
The websocket protocol, one JSON object per text frame:
  client: {"type": "join", "token": T, "name": N, "takeover": false}   sit at your seat
          {"type": "move", "action": "8H 8D", "ply": 12}              a move in the game's notation
          {"type": "hint"} {"type": "rematch"} {"type": "state"} {"type": "ping"} {"type": "leave"}
          {"type": "back"}                                              take the seat back
  server: {"type": "welcome", "table": ..., "seat": S, "game": info, "cards": [...]}
          {"type": "state", "ply": N, "view": view(S), "legal": [...], "seats": [...], ...}
          {"type": "error", "code": ..., "message": ...}   (nothing changed; the socket stays open)
          {"type": "hint" | "rematch" | "pong", ...}
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import math
from contextlib import asynccontextmanager
from pathlib import Path

import markdown
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import parlour
from parlour.rulespage import for_players

from . import cards, i18n, origins
from .connection import Connection
from .errors import RoomError
from .room import Room
from .settings import Settings
from .validate import agent_specs, parse_json

STATIC = Path(__file__).resolve().parent / "static"


def language(request) -> str:
    """The reader's language (a Request or a WebSocket): ?lang=, the cookie, Accept-Language,
    each read only as far as a bound (an 11 MB Accept-Language once froze every table)."""
    return i18n.choose(request.query_params.get("lang"),
                       cookie(request, i18n.COOKIE),
                       header(request, b"accept-language", i18n.ACCEPT_READ))


def header(connection, name: bytes, limit: int) -> str | None:
    """The first `limit` bytes of a request's header `name` (lower case), or None."""
    for key, value in connection.scope["headers"]:
        if key.lower() == name:
            return value[:limit].decode("latin-1")
    return None


COOKIES_READ = 8192  # bytes of the Cookie header looked through for the room's own


def cookie(connection, name: str) -> str | None:
    """The value of one cookie, from the first COOKIES_READ bytes of the Cookie header (the
    last of that name, as Starlette's parser has it)."""
    raw = header(connection, b"cookie", COOKIES_READ)
    found = None
    for part in (raw or "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            found = value.strip().strip('"')
    return found


def translator(request) -> i18n.Translator:
    return i18n.translator(language(request))


def remember(response, request):
    """A ?lang= in a page's address is remembered like the language switch."""
    wanted = request.query_params.get("lang")
    if wanted in i18n.LANGUAGES:
        response.set_cookie(i18n.COOKIE, wanted, max_age=365 * 86400, samesite="lax")
    return response


def create_app(settings: Settings | None = None) -> FastAPI:
    room = Room(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await room.start()
        try:
            yield
        finally:
            await room.stop()

    app = FastAPI(title="Parlour", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.room = room
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.middleware("http")
    async def revalidate_static(request: Request, call_next):
        # No build step, so no hashed file names: have browsers check for a newer file each time.
        response = await call_next(request)
        if request.url.path.startswith("/static/"):
            response.headers["Cache-Control"] = "no-cache"
        return response

    trusted = origins.trusted_origins(room.settings.origins)

    @app.middleware("http")
    async def same_site(request: Request, call_next):
        # Before any route reads the body: another site's page gets nowhere, not even a parse.
        if request.method in origins.STATE_CHANGING:
            try:
                origins.check(request.headers, request.url.scheme, trusted)
            except RoomError as error:
                return refusal(request, error)
        return await call_next(request)

    @app.exception_handler(RoomError)
    async def room_error(request: Request, error: RoomError):
        return refusal(request, error)

    # Pages ---------------------------------------------------------------------------------
    pages: dict[tuple[str, str], tuple[float, str]] = {}

    def page(name: str, request: Request) -> HTMLResponse:
        """A static page in the reader's language (made once per language and file version)."""
        tr = translator(request)
        path = STATIC / name
        stamp = path.stat().st_mtime
        cached = pages.get((name, tr.lang))
        if cached is None or cached[0] != stamp:
            cached = (stamp, i18n.localize_page(path.read_text(encoding="utf-8"), tr))
            pages[(name, tr.lang)] = cached
        return remember(HTMLResponse(cached[1], headers={"Cache-Control": "no-cache",
                                                         "Vary": "Cookie, Accept-Language"}),
                        request)

    @app.get("/", include_in_schema=False)
    async def lobby_page(request: Request):
        return page("lobby.html", request)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str, request: Request):
        return page("table.html", request)

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str, request: Request):
        return page("replay.html", request)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules_page(game_id: str, request: Request):
        tr = translator(request)
        try:
            cls = parlour.game_class(game_id)
        except parlour.OptionError:
            return remember(HTMLResponse(_shell(tr.gettext("Unknown game"), "<p>" + html.escape(
                tr.gettext("There is no such game here.")) + "</p>", tr), status_code=404), request)
        title = tr.show(cls.info.title, None, cls.info.id)
        return remember(HTMLResponse(_shell(title, rules_html(cls, room.settings.docs, tr), tr)),
                        request)

    cards.add_routes(app, page, lambda request: _json_body(request, room), translator, _address)

    # The API -------------------------------------------------------------------------------
    agents_of: dict[str, list[str]] = {}

    @app.get("/api/games")
    async def api_games(request: Request):
        tr = translator(request)
        result = []
        for game_id in parlour.games():
            cls = parlour.game_class(game_id)
            info = cls.info
            entry = info.to_dict()
            entry["rules"] = f"/rules/{game_id}"
            entry["print"] = cards.print_links(game_id)
            entry["scorer"] = f"/score?game={game_id}" if cards.scorer_of(game_id) else None
            if game_id not in agents_of:
                try:
                    agents_of[game_id] = agent_specs(cls())
                except Exception:
                    agents_of[game_id] = ["random"]
            entry["agents"] = agents_of[game_id]
            for option in entry["options"]:
                option["values"] = _show_values(info.option(option["name"]))
            result.append(tr.game_info(entry))
        return {"games": result, "turn_clock": room.settings.turn_clock}

    @app.get("/api/tables")
    async def api_tables(request: Request):
        tr = translator(request)
        listing = await room.listing()
        for group in ("open", "playing", "finished"):
            for entry in listing[group]:
                entry["title"] = tr.show(entry["title"], None, entry["game"])
        return listing

    @app.post("/api/tables")
    async def api_create(request: Request):
        return await room.create(await _json_body(request, room), _address(request))

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str, request: Request):
        table = await room.table(table_id)
        meta = table.meta(translator(request))
        room.forget(table)  # a finished table loaded just to describe it leaves memory again
        return meta

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, request: Request):
        body = await _json_body(request, room, optional=True)
        return await room.take_open_seat(table_id, (body or {}).get("name"))

    @app.post("/api/tables/{table_id}/invite")
    async def api_invite(table_id: str, request: Request):
        body = await _json_body(request, room)
        return await room.reissue(table_id, body.get("host"), body.get("seat"))

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str):
        record = await room.finished_record(table_id)
        text = json.dumps(record, indent=1)
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="parlour-{record["game"]}-'
                                   f'{table_id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(table_id: str, request: Request, step: int | None = None,
                         seat: int | None = None):
        return await room.replay_step(table_id, step, seat, translator(request))

    # Play ----------------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str):
        await websocket.accept()
        tr = translator(websocket)
        address = _address(websocket)
        try:
            origins.check(websocket.headers, websocket.url.scheme, trusted)
        except RoomError as error:
            await websocket.send_json({"type": "error", "code": error.code,
                                       "message": tr.message(error.message)})
            await websocket.close(code=4403)
            return
        try:
            room.connect(address)
        except RoomError as error:
            await websocket.send_json({"type": "error", "code": error.code,
                                       "message": tr.message(error.message)})
            await websocket.close(code=1013)  # try again later
            return
        try:
            await _play(websocket, table_id, tr, address)
        finally:
            room.disconnect(address)

    async def _play(websocket: WebSocket, table_id: str, tr, address: str):
        try:
            table = await room.table(table_id)
        except RoomError as error:
            await websocket.send_json({"type": "error", "code": error.code,
                                       "message": tr.message(error.message)})
            await websocket.close(code=4404)
            return
        conn = Connection(websocket, table, tr, address)
        if not table.attach(conn):
            await conn.writer
            return
        try:
            while not conn.closed and not conn.closing:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None and message.get("bytes") is not None:
                    data = message["bytes"]
                    text = data if len(data) > room.settings.max_message else \
                        data.decode("utf-8", "replace")
                await table.handle(conn, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.detach(conn)
        if conn.closing:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(conn.writer, 5)  # its last error frame goes out first

    return app


def refusal(request: Request, error: RoomError) -> JSONResponse:
    headers = {"Retry-After": str(max(1, math.ceil(error.retry_after)))} \
        if error.retry_after is not None else None
    return JSONResponse({"error": translator(request).message(error.message), "code":
                         error.code, "field": error.field}, status_code=error.status,
                        headers=headers)


def app_from_env() -> FastAPI:
    """The app of one of `parlour serve --workers N`'s processes: settings from PARLOUR_*."""
    return create_app(Settings.from_env())


async def _json_body(request: Request, room: Room, optional: bool = False):
    chunks, size = [], 0
    async for chunk in request.stream():  # read no more than the limit, however much is sent
        size += len(chunk)
        if size > 64 * 1024:
            raise RoomError("too_large", "that request is too large", 413)
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        if optional:
            return None
        raise RoomError("malformed", "send a JSON object")
    body = parse_json(raw)
    if not isinstance(body, dict):
        raise RoomError("malformed", "send a JSON object")
    # Well-formed JSON that does not say it is JSON: what a cross-site form or text/plain fetch
    # sends, which no page of the room does.
    origins.check_json(request.headers)
    return body


def _address(connection) -> str:
    """The client's address, whose limits a request counts against (behind a proxy, start
    uvicorn with --forwarded-allow-ips so this is the client's, not the proxy's)."""
    return connection.client.host if connection.client else ""


def _show_values(option) -> str:
    return option.describe_values()


# Rules pages -------------------------------------------------------------------------------------
def rules_html(cls, docs: Path, tr: i18n.Translator | None = None) -> str:
    """A game's rules page: docs/rules/<id>.<lang>.md where it is written in the reader's
    language, else docs/rules/<id>.md (in English, marked so, with a note in the reader's
    language saying it is not translated yet)."""
    tr = tr or i18n.translator(i18n.DEFAULT)
    info = cls.info
    esc = html.escape
    players = tr.gettext("{min}\u2013{max} players", min=info.min_players, max=info.max_players) \
        if info.min_players != info.max_players else tr.gettext("{n} players", n=info.min_players)
    head = (f'<p class="rules-meta">{esc(players)}'
            f' &middot; {esc(tr.show(parlour.DECKS[info.deck].title, None, info.id))}'
            f' &middot; <a href="/?game={esc(info.id)}">{esc(tr.gettext("Start a table"))}</a></p>')
    own = Path(docs) / f"{info.id}.{tr.lang}.md"
    path = Path(docs) / f"{info.id}.md"
    if not tr.english and own.is_file():
        return head + _markdown(own)
    untranslated = tr.gettext("This rules page is not translated yet; here it is in English.")
    note = "" if tr.english else f'<p class="rules-note">{esc(untranslated)}</p>'
    if path.is_file():
        body = _markdown(path)
        return head + note + (body if tr.english else f'<div lang="en" dir="ltr">{body}</div>')
    # No rules page yet: what game.info says, so the link never leads nowhere.
    rows = "".join(
        f"<tr><td><code>{esc(o.name)}</code></td><td>{esc(_value(o.default))}"
        f"</td><td>{esc(tr.show(o.doc, None, info.id))}<br><small>"
        f"{esc(tr.show(o.describe_values(), None, info.id))}</small>"
        f"</td></tr>" for o in info.options)
    table = (f"<h2>{esc(tr.gettext('Options'))}</h2><table><tr><th>{esc(tr.gettext('option'))}"
             f"</th><th>{esc(tr.gettext('default'))}</th><th>{esc(tr.gettext('meaning'))}</th>"
             f"</tr>{rows}</table>") if rows else ""
    missing = tr.gettext("The full rules page (docs/rules/{id}.md) is not written yet.",
                         id=info.id)
    return (f"<h1>{esc(tr.show(info.title, None, info.id))}</h1>{head}"
            f"<p>{esc(tr.show(info.summary, None, info.id))}</p>{table}"
            f"<p><em>{esc(missing)}</em></p>")


def _markdown(path: Path) -> str:
    return markdown.markdown(for_players(path.read_text(encoding="utf-8")),
                             extensions=["tables", "fenced_code", "sane_lists", "toc"])


def _value(value) -> str:
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _shell(title: str, body: str, tr: i18n.Translator) -> str:
    brand = html.escape(tr.gettext("Parlour"))
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} &middot; {brand}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/room.css">
</head><body class="page-rules">
<header class="topbar"><a class="brand" href="/"><span class="brand-mark">&#9824;</span> {brand}</a>
<nav><a href="/">{html.escape(tr.gettext("Lobby"))}</a></nav></header>
<main class="rules">{body}</main>
<script type="module" src="/static/js/i18n.js"></script>
</body></html>"""
    return i18n.localize_page(page, tr)
