"""Every limit of the room and what it does, in one place: `Settings`, read from PARLOUR_*
variables by `parlour serve` (docs/server.md lists them all)."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path

import parlour
from parlour.core.errors import OptionError


@dataclass
class Settings:
    """What the room does and every limit it holds to. `parlour serve` sets a few by option; any
    field can be set by an environment variable named PARLOUR_ and the field's name in capitals
    (PARLOUR_MAX_TABLES=200), read by `Settings.from_env`. docs/server.md lists them all."""

    db: str | None = None  # SQLAlchemy URL; None: ./data/parlour.db
    # Other sites whose pages may open tables and play here ("https://a.example,https://b.example");
    # the room's own origin is always allowed, every other one refused.
    origins: str = ""
    bot_delay: float = 0.7  # seconds a computer waits before it moves, so people can follow
    max_message: int = 8192  # bytes; a longer websocket message is refused
    hint_seconds: float = 1.0  # how long the hard computer searches for a hint
    docs: Path = field(default_factory=lambda: Path(parlour.__file__).resolve().parent.parent
                       / "docs" / "rules")
    finished_listed: int = 30
    idle_listed: float = 86400.0  # seconds; a table untouched this long leaves "In progress"
    idle_close: float = 3 * 86400.0  # seconds; a table with no move this long is closed, kept
    # Computer seats: the lobby's levels only; hard may be given these at most.
    agent_seconds: float = 5.0  # seconds a move
    agent_iters: int = 100_000  # search iterations a move
    # Searches (hard computers' moves, stand-ins, hints): worker processes of the room's, taken
    # table by table in turn (parlour/search/). 0: one a core.
    search_processes: int = 0
    # Where: "local" (processes here), "ray" (a Ray of the room's own here), "ray://HOST:PORT"
    # (a Ray cluster's actors; docs/server.md).
    search: str = "local"
    hint_searches: int = 1  # of those, how many hints may take at once
    # Under load a search's seconds are shared out, down to this floor (docs/strength.md: hard's
    # strength there).
    search_floor: float = 0.3
    search_nice: int = 10  # the workers' niceness (0-19): pages and quick computers first
    # The scorer: one hand at a time in a process of its own; a few more may wait.
    score_seconds: float = 10.0
    score_queue: int = 4  # hands waiting beyond the one being scored; more: 503, try again
    score_per_address: int = 2  # hands one address may have scored or waiting; more: 429
    score_shared_seconds: float = 2.0  # a hand's seconds once another address's hand waits
    score_nice: int = 10  # the scorer process's niceness (0-19): the room's pages go first
    # Websockets.
    ws_outbound: int = 1 << 20  # bytes queued for a client that does not read: it is closed
    messages_per_second: float = 20.0  # per connection, on average...
    message_burst: int = 60  # ...with this many at once
    address_messages_per_second: float = 100.0  # all connections of one address together
    address_message_burst: int = 300
    connections_per_address: int = 64  # open websockets of one address
    # Transport (wsproto.py, httpproto.py): bytes queued for clients, slow and large requests.
    # Queued bytes are the room's and the kernel's, not yet read by the client.
    address_outbound: int = 4 << 20  # all websockets of one address: its heaviest is closed
    room_outbound: int = 64 << 20  # every websocket: the heaviest address's heaviest is closed
    ws_pings_per_second: float = 1.0  # websocket PINGs one connection may send, on average...
    ws_ping_burst: int = 10  # ...with this many at once; beyond, the connection is closed
    header_timeout: float = 10.0  # seconds for a request's line and headers, from its first byte
    body_timeout: float = 30.0  # seconds for a request's body, from the end of its headers
    max_header_bytes: int = 16384  # a request's line and headers; beyond, 431 and closed
    http_per_address: int = 64  # open HTTP connections of one address; beyond, 503 and closed
    http_connections: int = 4096  # open HTTP connections in all (websockets not counted)
    # Tables.
    creates_per_minute: float = 10.0  # new tables (and rematches) an address may open
    tables_per_address: int = 30  # tables in play an address has opened
    max_tables: int = 5000  # tables in play in the whole room
    turn_clock: float = 60.0  # seconds a move, the default for tables with seats open to anyone
    stand_in: str = "medium"  # the computer that plays for a person whose clock ran out
    # The time bank: each time-out shrinks the seat's clock by this factor for the rest of the
    # game, and after this many the seat stays with the computer until its person moves (the
    # other people at the table may then open it to someone else).
    clock_shrink: float = 0.75
    timeouts_to_leave: int = 3
    left_pause: float = 3.0  # seconds the computer waits on a left seat whose person is there
    # Watchers: at most this many at a table, and from one address at a table; a socket past
    # either may only take a seat, within watcher_grace seconds. sockets_per_table caps them all.
    watchers_per_table: int = 200
    watchers_per_address: int = 16
    watcher_grace: float = 10.0
    sockets_per_table: int = 1000

    @classmethod
    def from_env(cls, environ=None, **given) -> Settings:
        """Settings from PARLOUR_<FIELD> variables; `given` (the command line's) wins."""
        import os
        environ = os.environ if environ is None else environ
        values = {}
        for spec in fields(cls):
            raw = environ.get("PARLOUR_" + spec.name.upper())
            if raw is None or given.get(spec.name) is not None:
                continue
            kind = type(spec.default) if spec.default is not MISSING else str
            if spec.name == "db":
                kind = str
            try:
                value = Path(raw) if kind is Path or spec.name == "docs" else kind(raw)
            except ValueError:
                raise OptionError(f"PARLOUR_{spec.name.upper()}={raw!r}: give a "
                                  f"{kind.__name__}") from None
            if isinstance(value, (int, float)) and not (0 <= value < float("inf")):
                raise OptionError(f"PARLOUR_{spec.name.upper()}={raw!r}: give a number of 0 "
                                  f"or more")
            values[spec.name] = value
        return cls(**values, **{k: v for k, v in given.items() if v is not None})
