"""`parlour serve`: the card room on http://127.0.0.1:8000 with an embedded SQLite store."""

from __future__ import annotations

import os

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option(None, help="SQLAlchemy URL of the store, e.g. sqlite:///room.db or "
                                      "postgresql://user@host/parlour [default: ./data/parlour.db]"),
    bot_delay: float = typer.Option(None, help="seconds a computer player waits before it moves [default: 0.7]"),
    log_level: str = typer.Option("info", help="uvicorn log level"),
) -> None:
    """Start the card room: lobby, tables against the computer and friends, replays.

    Every limit of the room (docs/server.md) can be set by an environment variable, e.g.
    PARLOUR_MAX_TABLES=200 or PARLOUR_TURN_CLOCK=90."""
    import uvicorn

    from .app import create_app
    from .tables import Settings
    from .wsproto import protocol

    settings = Settings.from_env(db=db, bot_delay=bot_delay)
    app = create_app(settings)
    typer.echo(f"Parlour card room on http://{host}:{port}/")
    # uvicorn's own websockets-sansio answers pings without back-pressure: ours stops reading
    # from a client that does not read, and closes one with ws_outbound bytes queued.
    ws = os.environ.get("PARLOUR_WS", "websockets-sansio")
    if ws == "websockets-sansio":
        ws = protocol(settings.ws_outbound)
    # ws_max_size above the room's own limit: an oversized move gets an error frame, not a drop.
    # Frames are a few kilobytes of JSON: compressing them costs more CPU than it saves time.
    uvicorn.run(app, host=host, port=port, log_level=log_level,
                ws=ws, ws_max_size=1 << 20,
                ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20,
                access_log=log_level == "debug")  # lobbies poll: a line per poll is noise


if __name__ == "__main__":
    typer.run(serve)
