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
    search: str = typer.Option(None, "--search", metavar="WHERE", show_default="local",
                               help="where the computers search: local (processes here), ray "
                                    "(a Ray here) or ray://HOST:PORT (a Ray cluster)"),
    forwarded_allow_ips: str = typer.Option(
        None, "--forwarded-allow-ips", metavar="ADDRESSES",
        show_default="$FORWARDED_ALLOW_IPS, else 127.0.0.1,::1",
        help="proxies (comma-separated addresses or networks, * for any) whose "
             "X-Forwarded-For names the client: the room counts that client's limits "
             "(docs/deploy.md)"),
) -> None:
    """Start the card room: lobby, tables against the computer and friends, replays.

    Every limit of the room (docs/server.md) can be set by an environment variable, e.g.
    PARLOUR_MAX_TABLES=200 or PARLOUR_TURN_CLOCK=90."""
    from parlour.search.pool import where

    from .settings import Settings

    settings = Settings.from_env(db=db, bot_delay=bot_delay, search=search)
    try:
        where(settings.search)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--search") from None
    shared = (settings.db or "").startswith(("postgresql", "postgres:"))
    if workers > 1 and not shared:
        raise typer.BadParameter("several room processes share a PostgreSQL store: give --db "
                                 "postgresql+psycopg://user@host/parlour", param_hint="--workers")
    typer.echo(f"Parlour card room on http://{host}:{port}/" +
               (f" ({workers} processes)" if workers > 1 else ""))
    # Slow requests hold open files: have all the process may (its workers inherit the limit).
    before, after = raise_open_files()
    if after != before:
        typer.echo(f"Open files: the limit raised from {before} to {after}")
    if after < settings.http_connections + 1024:
        typer.echo(f"Open files: the limit is {after}, below http_connections "
                   f"({settings.http_connections}) and the room's own; lower "
                   f"PARLOUR_HTTP_CONNECTIONS or raise the hard limit (ulimit -Hn)", err=True)
    run(settings, host, port, log_level, workers, forwarded_allow_ips)


def run(settings, host: str, port: int, log_level: str, workers: int = 1,
        forwarded_allow_ips: str | None = None) -> None:
    """uvicorn serving the room with its own protocols and options: `parlour serve`, and the
    browser tests' room (tests/server/serve.py), which so meets the bounds of the real one."""
    import uvicorn

    from . import httpproto, wsproto
    from .app import create_app

    # uvicorn's own websockets-sansio answers pings without back-pressure: ours stops reading
    # from a client that does not read, and closes one with ws_outbound bytes queued (or whose
    # address or room is over its budget, or that floods pings).
    ws = os.environ.get("PARLOUR_WS", "websockets-sansio")
    # uvicorn's httptools protocol has no header timeout, header size cap or per-address
    # connection cap: ours adds them (httpproto.py).
    http = os.environ.get("PARLOUR_HTTP", "httptools")
    if workers > 1:
        # Each worker process builds the app and the protocols from the environment.
        os.environ.update({"PARLOUR_DB": settings.db, "PARLOUR_BOT_DELAY": str(settings.bot_delay)})
        app = "parlour.server.app:app_from_env"
        if ws == "websockets-sansio":
            ws = "parlour.server.wsproto:FromEnv"
        if http == "httptools":
            http = "parlour.server.httpproto:FromEnv"
    else:
        app = create_app(settings)
        if ws == "websockets-sansio":
            ws = wsproto.for_settings(settings)
        if http == "httptools":
            http = httpproto.for_settings(settings)
    # ws_max_size above the room's own limit: an oversized move gets an error frame, not a drop.
    # Frames are a few kilobytes of JSON: compressing them costs more CPU than it saves time.
    uvicorn.run(app, host=host, port=port, log_level=log_level, workers=workers,
                factory=workers > 1, http=http, ws=ws, ws_max_size=1 << 20,
                ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20,
                forwarded_allow_ips=forwarded_allow_ips,
                access_log=log_level == "debug")  # lobbies poll: a line per poll is noise


def raise_open_files() -> tuple[int, int]:
    """The soft limit on open files raised to the hard one: (before, after)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft, soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft, soft
    return soft, wanted


if __name__ == "__main__":
    from ..terminal import CONTEXT, Command

    alone = typer.Typer(add_completion=False, context_settings=CONTEXT)
    alone.command(cls=Command)(serve)
    alone()
