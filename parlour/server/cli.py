"""`parlour serve`: the card room on http://127.0.0.1:8000 with an embedded SQLite store."""

from __future__ import annotations

import os

import typer


def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="ADDRESS",
                             help="address to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, "--port", metavar="PORT", help="port to listen on"),
    db: str = typer.Option(None, "--db", metavar="URL", show_default="./data/parlour.db",
                           help="SQLAlchemy URL of the store, e.g. sqlite:///room.db or "
                                "postgresql://user@host/parlour"),
    # --pace: what `parlour play` calls the same wait.
    bot_delay: float = typer.Option(None, "--bot-delay", "--pace", metavar="SECONDS",
                                    show_default="0.7",
                                    help="seconds a computer player waits before it moves"),
    log_level: str = typer.Option("info", "--log-level", metavar="LEVEL",
                                  help="uvicorn log level"),
    workers: int = typer.Option(1, "--workers", "-j", metavar="N", min=1,
                                help="room processes sharing the port (more than one needs a "
                                     "PostgreSQL store)"),
) -> None:
    """Start the card room: lobby, tables against the computer and friends, replays.

    Every limit of the room (docs/server.md) can be set by an environment variable, e.g.
    PARLOUR_MAX_TABLES=200 or PARLOUR_TURN_CLOCK=90."""
    import uvicorn

    from .app import create_app
    from .tables import Settings
    from .wsproto import protocol

    settings = Settings.from_env(db=db, bot_delay=bot_delay)
    shared = (settings.db or "").startswith(("postgresql", "postgres:"))
    if workers > 1 and not shared:
        raise typer.BadParameter("several room processes share a PostgreSQL store: give --db "
                                 "postgresql+psycopg://user@host/parlour", param_hint="--workers")
    typer.echo(f"Parlour card room on http://{host}:{port}/" +
               (f" ({workers} processes)" if workers > 1 else ""))
    # uvicorn's own websockets-sansio answers pings without back-pressure: ours stops reading
    # from a client that does not read, and closes one with ws_outbound bytes queued.
    ws = os.environ.get("PARLOUR_WS", "websockets-sansio")
    if workers > 1:
        # Each worker process builds the app and the protocol from the environment.
        os.environ.update({"PARLOUR_DB": settings.db, "PARLOUR_BOT_DELAY": str(settings.bot_delay)})
        app = "parlour.server.app:app_from_env"
        if ws == "websockets-sansio":
            ws = "parlour.server.wsproto:FromEnv"
    else:
        app = create_app(settings)
        if ws == "websockets-sansio":
            ws = protocol(settings.ws_outbound)
    # ws_max_size above the room's own limit: an oversized move gets an error frame, not a drop.
    # Frames are a few kilobytes of JSON: compressing them costs more CPU than it saves time.
    uvicorn.run(app, host=host, port=port, log_level=log_level, workers=workers,
                factory=workers > 1, ws=ws, ws_max_size=1 << 20,
                ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20,
                access_log=log_level == "debug")  # lobbies poll: a line per poll is noise


if __name__ == "__main__":
    from ..terminal import CONTEXT, Command

    alone = typer.Typer(add_completion=False, context_settings=CONTEXT)
    alone.command(cls=Command)(serve)
    alone()
