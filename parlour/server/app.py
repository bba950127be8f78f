"""The card room over HTTP and websockets: lobby, rules pages, tables, replays.

Pages are static files (no build step, nothing from a CDN); they talk to /api/* and /ws/<table>.
The websocket protocol, one JSON object per text frame:
  client: {"type": "join", "token": T, "name": N, "takeover": false}   sit at your seat
          {"type": "move", "action": "8H 8D", "ply": 12}              a move in the game's notation
          {"type": "hint"} {"type": "rematch"} {"type": "state"} {"type": "ping"} {"type": "leave"}
  server: {"type": "welcome", "table": ..., "seat": S, "game": info, "cards": [...]}
          {"type": "state", "ply": N, "view": view(S), "legal": [...], "seats": [...], ...}
          {"type": "error", "code": ..., "message": ...}   (nothing changed; the socket stays open)
          {"type": "hint" | "rematch" | "pong", ...}
"""

from __future__ import annotations

import html
import json
from contextlib import asynccontextmanager
from pathlib import Path

import markdown
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import parlour

from . import cards
from .tables import Connection, Room, RoomError, Settings, agent_specs

STATIC = Path(__file__).resolve().parent / "static"


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

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, error: RoomError):
        return JSONResponse({"error": error.message, "code": error.code, "field": error.field},
                            status_code=error.status)

    # Pages ---------------------------------------------------------------------------------
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return page("lobby.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str):
        return page("replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules_page(game_id: str):
        try:
            cls = parlour.game_class(game_id)
        except parlour.OptionError:
            return HTMLResponse(_shell("Unknown game", "<p>There is no such game here.</p>"),
                                status_code=404)
        return HTMLResponse(_shell(cls.info.title, rules_html(cls, room.settings.docs)))

    cards.add_routes(app, page, lambda request: _json_body(request, room))

    # The API -------------------------------------------------------------------------------
    agents_of: dict[str, list[str]] = {}

    @app.get("/api/games")
    async def api_games():
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
            result.append(entry)
        return {"games": result}

    @app.get("/api/tables")
    async def api_tables():
        return await room.listing()

    @app.post("/api/tables")
    async def api_create(request: Request):
        return await room.create(await _json_body(request, room))

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str):
        table = await room.table(table_id)
        meta = table.meta()
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
    async def api_replay(table_id: str, step: int | None = None, seat: int | None = None):
        return await room.replay_step(table_id, step, seat)

    # Play ----------------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str):
        await websocket.accept()
        try:
            table = await room.table(table_id)
        except RoomError as error:
            await websocket.send_json({"type": "error", "code": error.code,
                                       "message": error.message})
            await websocket.close(code=4404)
            return
        conn = Connection(websocket, table)
        if not table.attach(conn):
            await conn.writer
            return
        try:
            while not conn.closed:
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

    return app


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
    try:
        body = json.loads(raw)
    except ValueError:
        raise RoomError("malformed", "that is not JSON") from None
    if not isinstance(body, dict):
        raise RoomError("malformed", "send a JSON object")
    return body


def _show_values(option) -> str:
    return option.describe_values()


# Rules pages -------------------------------------------------------------------------------------
def rules_html(cls, docs: Path) -> str:
    info = cls.info
    path = Path(docs) / f"{info.id}.md"
    head = (f'<p class="rules-meta">{info.min_players}&ndash;{info.max_players} players'
            f' &middot; {html.escape(parlour.DECKS[info.deck].title)}'
            f' &middot; <a href="/?game={html.escape(info.id)}">Start a table</a></p>')
    if path.is_file():
        body = markdown.markdown(path.read_text(encoding="utf-8"),
                                 extensions=["tables", "fenced_code", "sane_lists", "toc"])
        return head + body
    # No rules page yet: what game.info says, so the link never leads nowhere.
    rows = "".join(
        f"<tr><td><code>{html.escape(o.name)}</code></td><td>{html.escape(_value(o.default))}"
        f"</td><td>{html.escape(o.doc)}<br><small>{html.escape(o.describe_values())}</small>"
        f"</td></tr>" for o in info.options)
    table = (f"<h2>Options</h2><table><tr><th>option</th><th>default</th><th>meaning</th></tr>"
             f"{rows}</table>") if rows else ""
    return (f"<h1>{html.escape(info.title)}</h1>{head}<p>{html.escape(info.summary)}</p>{table}"
            f"<p><em>The full rules page (docs/rules/{html.escape(info.id)}.md) is not written "
            f"yet.</em></p>")


def _value(value) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _shell(title: str, body: str) -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} &middot; Parlour</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/room.css">
</head><body class="page-rules">
<header class="topbar"><a class="brand" href="/"><span class="brand-mark">&#9824;</span> Parlour</a>
<nav><a href="/">Lobby</a></nav></header>
<main class="rules">{body}</main>
</body></html>"""
