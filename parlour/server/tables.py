"""Tables in play: the room holds every table in memory, each with its state, seats, computer
players and connections. Only the core contract is used: a table never knows which game it runs.

What leaves the server is `state.view(seat)` for the connection's own seat (`view(None)` for a
spectator), the legal moves of the seat to act (to that seat only), the public seat list and, at
the end, `state.returns()`. A move is parsed and applied on a copy of the state; the copy becomes the
table's state only after the move is committed to the store.
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
import logging
import random
import time
from collections import Counter, OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

import parlour
from parlour.agents import LEVELS, ISMCTSAgent, RandomAgent, make_agent, parse_spec
from parlour.agents.hints import hints as best_moves
from parlour.core.errors import IllegalAction, OptionError
from parlour.core.scene import as_sent, at_table

from . import auth, i18n
from .store import Conflict, Store

log = logging.getLogger("parlour.server")

# What the lobby offers for a computer seat, and all a table accepts: the bots' levels.
AGENT_CANDIDATES = ("random", "heuristic")
# A stored seat from before the room held to the levels plays the level nearest to it.
NEAREST_LEVEL = {"random": "easy", "heuristic": "medium"}
CLOCK_RANGE = (5.0, 86400.0)  # seconds a move a turn clock may be set to (0: no clock)
NAME_LIMIT = 24
REPLAY_EVERY = 25


@dataclass
class Settings:
    """What the room does and every limit it holds to. `parlour serve` sets a few by option; any
    field can be set by an environment variable named PARLOUR_ and the field's name in capitals
    (PARLOUR_MAX_TABLES=200), read by `Settings.from_env`. docs/server.md lists them all."""

    db: str | None = None  # SQLAlchemy URL; None: ./data/parlour.db
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
    search_threads: int = 2  # threads for every search of the room: computers' and hints
    hint_threads: int = 1  # of those, how many hints may take at once
    # The scorer: one hand at a time in a process of its own; a few more may wait.
    score_seconds: float = 10.0
    score_queue: int = 4  # hands waiting beyond the one being scored; more: 503, try again
    # Websockets.
    ws_outbound: int = 1 << 20  # bytes queued for a client that does not read: it is closed
    messages_per_second: float = 20.0  # per connection, on average...
    message_burst: int = 60  # ...with this many at once
    address_messages_per_second: float = 100.0  # all connections of one address together
    address_message_burst: int = 300
    connections_per_address: int = 64  # open websockets of one address
    # Tables.
    creates_per_minute: float = 10.0  # new tables (and rematches) an address may open
    tables_per_address: int = 30  # tables in play an address has opened
    max_tables: int = 5000  # tables in play in the whole room
    turn_clock: float = 60.0  # seconds a move, the default for tables with seats open to anyone
    stand_in: str = "medium"  # the computer that plays for a person whose clock ran out

    @classmethod
    def from_env(cls, environ=None, **given) -> "Settings":
        """Settings from PARLOUR_<FIELD> variables; `given` (the command line's) wins."""
        import os
        environ = os.environ if environ is None else environ
        values = {}
        for spec in fields(cls):
            raw = environ.get("PARLOUR_" + spec.name.upper())
            if raw is None or spec.name in given:
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


class RoomError(Exception):
    """A request the room refuses: `code` for programs, `message` for people; `retry_after`
    (seconds) when trying again later will do."""

    def __init__(self, code: str, message: str, status: int = 400, field: str | None = None,
                 retry_after: float | None = None):
        super().__init__(message)
        self.code, self.message, self.status, self.field = code, message, status, field
        self.retry_after = retry_after


class Bucket:
    """A token bucket: `rate` a second on average, `burst` at once."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, max(1.0, burst)
        self.tokens, self.stamp = self.burst, time.monotonic()

    def take(self) -> float:
        """0 if a token was taken, else the seconds until one will be there."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate if self.rate > 0 else math.inf

    def full(self) -> bool:
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.burst


def strict_int(value: Any) -> bool:
    """JSON's true and false are not numbers, though Python counts them as ints."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse_json(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise RoomError("malformed", "that is not JSON") from None
    except RecursionError:
        raise RoomError("malformed", "that JSON is nested too deeply") from None


def _clean_name(name: Any, fallback: str) -> str:
    if not isinstance(name, str):
        return fallback
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LIMIT]
    return name or fallback


def agent_specs(game) -> list[str]:
    """The computer players the lobby offers for this game, those make_agent builds."""
    specs = list(getattr(parlour.agents, "LEVELS", ()) or AGENT_CANDIDATES)
    usable = []
    for spec in specs:
        try:
            make_agent(spec, game, seed=0)
        except Exception:
            continue
        usable.append(spec)
    return usable


def bounded_agent(spec: Any, game, settings: Settings) -> str:
    """A computer seat's spec as the room plays it: a level the lobby offers, and hard's seconds
    and iterations within the room's ceilings. A search the room cannot afford is refused here,
    before any table holds it."""
    levels = ", ".join(LEVELS)
    if not isinstance(spec, str) or len(spec) > 64:
        raise RoomError("bad_agent", f"name a computer player: {levels}")
    try:
        kind, params = parse_spec(spec)
    except OptionError as error:
        raise RoomError("bad_agent", str(error)) from None
    if kind not in LEVELS:
        raise RoomError("bad_agent", f"the computer players here are {levels}, not {kind!r}")
    seconds, iters = params.get("seconds"), params.get("iters")
    if seconds is not None and not 0 < seconds <= settings.agent_seconds:
        raise RoomError("bad_agent", f"a computer thinks at most {settings.agent_seconds:g} "
                        f"seconds a move here")
    if iters is not None and not 1 <= iters <= settings.agent_iters:
        raise RoomError("bad_agent", f"a computer searches at most {settings.agent_iters} "
                        f"iterations a move here")
    try:
        make_agent(spec, game, seed=0)
    except Exception as error:
        raise RoomError("bad_agent", str(error)) from None
    return spec.strip().lower()


def parse_clock(value: Any, default: float) -> float:
    """A turn clock in seconds a move: null for the room's default, 0 for none."""
    if value is None:
        return default
    shortest, longest = CLOCK_RANGE
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not (
            value == 0 or shortest <= value <= longest):
        raise RoomError("bad_clock", f"a turn clock is 0 (none) or {shortest:g} to "
                        f"{longest:g} seconds a move", field="clock")
    return float(value)


def parse_options(game_id: str, players: Any, raw: Any):
    """A loaded game from form input: typed JSON values, or text as typed by a person."""
    try:
        cls = parlour.game_class(game_id)
    except OptionError as error:
        raise RoomError("unknown_game", str(error), 404) from None
    info = cls.info
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if players is None:
        players = info.default_players
    if not strict_int(players) or not (
            info.min_players <= players <= info.max_players):
        if info.min_players == info.max_players:
            raise RoomError("bad_players", f"{info.title} takes {info.min_players} players",
                            field="players")
        raise RoomError("bad_players", f"{info.title} takes {info.min_players} to "
                        f"{info.max_players} players", field="players")
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RoomError("bad_options", "options must be an object of name: value")
    options = {}
    for name, value in raw.items():
        try:
            option = info.option(str(name))
            options[option.name] = option.parse(value) if isinstance(value, str) \
                else option.validate(value)
        except OptionError as error:
            raise RoomError("bad_option", str(error), field=str(name)) from None
    try:
        return cls(players, **options)
    except OptionError as error:
        raise RoomError("bad_option", str(error)) from None


# Connections -------------------------------------------------------------------------------------
class Connection:
    """One websocket. Frames go out through one writer task; the state frame is built when it is
    sent, so a slow reader gets the latest position, not a backlog of old ones."""

    QUEUE_LIMIT = 200

    def __init__(self, websocket, table: "Table", tr: i18n.Translator | None = None,
                 address: str = ""):
        self.ws = websocket
        self.table = table
        self.address = address
        settings = table.room.settings
        self.bucket = Bucket(settings.messages_per_second, settings.message_burst)
        self.refused = 0  # messages refused for coming too fast
        self.tr = tr or i18n.translator(i18n.DEFAULT)  # the reader's language
        self.seat: int | None = None
        self._frames: deque[str] = deque()
        self._dirty = False
        self._wake = asyncio.Event()
        self.closed = False
        self.closing = False
        self.writer = asyncio.create_task(self._write_loop())

    def send(self, frame: dict) -> None:
        if self.closed:
            return
        if len(self._frames) >= self.QUEUE_LIMIT:
            self.close()  # it reads nothing: drop it rather than hold its backlog
            return
        self._frames.append(json.dumps(frame, separators=(",", ":")))
        self._wake.set()

    def refresh(self) -> None:
        """Send the table's current position (coalesced with any not yet sent)."""
        if not self.closed:
            self._dirty = True
            self._wake.set()

    def close(self, flush: bool = False) -> None:
        """Stop sending; with flush, after the frames already queued (a last error frame)."""
        if flush or self.closing:
            self._dirty = False
            self.closing = True  # a last frame is on its way: let it go out
        else:
            self.closed = True
        self._wake.set()

    async def _write_loop(self) -> None:
        try:
            while not self.closed:
                await self._wake.wait()
                self._wake.clear()
                while not self.closed and (self._frames or self._dirty):
                    if self._frames:
                        text = self._frames.popleft()
                    else:
                        self._dirty = False
                        text = self.table.state_frame(self.seat, self.tr)
                    await self.ws.send_text(text)
                if self.closing:
                    self.closed = True
        except Exception:
            self.closed = True
        if self.closed:
            try:
                await self.ws.close()
            except Exception:
                pass


# Seats and tables --------------------------------------------------------------------------------
@dataclass
class Seat:
    number: int
    kind: str  # person or computer
    name: str
    agent_spec: str | None = None
    token_hash: str | None = None
    public: bool = False
    claimed: bool = False
    agent: Any = None
    slow: bool = True  # run the agent in a thread until it proves quick
    conns: set = field(default_factory=set)
    away: bool = False  # a person whose turn clock ran out: the computer plays until they return
    stand_in: Any = None  # the agent that plays for them meanwhile

    def public_dict(self) -> dict:
        return {"seat": self.number, "kind": self.kind, "name": self.name,
                "agent": self.agent_spec, "public": self.public, "claimed": self.claimed,
                "online": bool(self.conns) if self.kind == "person" else True,
                "away": self.away}


class Table:
    def __init__(self, room: "Room", row: dict, state):
        self.room = room
        self.id: str = row["id"]
        self.game = state.game
        self.state = state
        self.created: float = row.get("created") or time.time()
        self.updated: float = row.get("updated") or self.created
        self.host_hash: str | None = row.get("host_hash")
        self.next_table: str | None = row.get("next_table")
        self.status = "over" if state.is_terminal else \
            "closed" if row.get("status") == "closed" else "playing"
        self.clock: float = float(row.get("clock") or 0)  # seconds a person has for a move
        self.deadline: float | None = None  # when the clock of the seat to act runs out
        self._timer: asyncio.TimerHandle | None = None
        self._timed_ply: int | None = None
        self.creator: str | None = row.get("creator")  # the address that opened it (in memory)
        self.seats: list[Seat] = []
        for s in sorted(row["seats"], key=lambda s: s["seat"]):
            seat = Seat(s["seat"], s["kind"], s["name"], s.get("agent"), s.get("token_hash"),
                        bool(s.get("public")), bool(s.get("claimed")))
            if seat.kind == "computer":
                seat.agent = self._make_agent(seat)
            self.seats.append(seat)
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self._frame_cache: dict[Any, str] = {}
        self._presence = 0
        self._bot: asyncio.Task | None = None
        self._cards = sorted(set(self.game.deck().cards))
        self._hint: tuple[int, asyncio.Task] | None = None  # the position hinted and its search
        # This process plays the computers and runs the clock: always with one process; with
        # several on one PostgreSQL, while it holds the table's lease.
        self.driving = not room.store.shared

    def _make_agent(self, seat: Seat, spec: str | None = None):
        seed = (self.state.seed * 31 + seat.number * 7919 + len(self.state.history)) % 2**63
        spec = spec or seat.agent_spec
        try:
            spec = bounded_agent(spec, self.game, self.room.settings)
        except RoomError as error:
            # Stored before the room held to its levels (or its ceilings were lowered).
            kind = spec.partition(":")[0].strip().lower() if isinstance(spec, str) else ""
            nearest = NEAREST_LEVEL.get(kind, "hard")
            log.warning("table %s: seat %d's computer %r is not allowed (%s); it plays %s",
                        self.id, seat.number, spec, error.message, nearest)
            spec = nearest
        try:
            return make_agent(spec, self.game, seed=seed)
        except Exception:
            log.exception("table %s: no agent %r for seat %d; it plays at random", self.id,
                          spec, seat.number)
            return RandomAgent(seed=seed)

    def driven(self, number: int) -> bool:
        """Whether the computer plays this seat now: a computer's, or a person's who is away."""
        seat = self.seats[number]
        return seat.kind == "computer" or seat.away

    # What the table shows ------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return len(self.state.history)

    def meta(self, tr: i18n.Translator | None = None) -> dict:
        info = self.game.info
        changed = {k: v for k, v in self.game.options.items() if v != info.option(k).default}
        title = tr.show(info.title, None, info.id) if tr else info.title
        return {"id": self.id, "game": info.id, "title": title, "players": self.game.players,
                "options": dict(self.game.options), "changed": changed, "status": self.status,
                "clock": self.clock,
                "moves": self.ply, "to_act": self.state.current_player,
                "seats": [s.public_dict() for s in self.seats], "created": self.created,
                "updated": self.updated, "next_table": self.next_table,
                "open_seats": [s.number for s in self.seats
                               if s.kind == "person" and not s.claimed and s.public]}

    def welcome(self, seat: int | None, tr: i18n.Translator) -> dict:
        return {"type": "welcome", "table": self.meta(tr), "seat": seat,
                "game": tr.game_info(self.game.info.to_dict()), "cards": self._cards,
                "how": self._how(tr), "rules": f"/rules/{self.game.info.id}"}

    def _how(self, tr: i18n.Translator) -> dict:
        game_id = self.game.info.id
        how = self.game.how_to_play or {"goal": self.game.info.summary, "turn": []}
        return {"goal": tr.show(how["goal"], None, game_id),
                "turn": [tr.show(line, None, game_id) for line in how["turn"]]}

    def state_frame(self, seat: int | None, tr: i18n.Translator) -> str:
        key = (self.ply, self._presence, seat, tr.lang)
        text = self._frame_cache.get(key)
        if text is None:
            if len(self._frame_cache) > 4 * len(self.seats) + 8:
                self._frame_cache.clear()
            state = self.state
            to_act = state.current_player
            view, scene, _, moves = at_table(state, seat)
            legal = [move["text"] for move in moves]
            game_id = self.game.info.id
            frame = {"type": "state", "table": self.id, "ply": self.ply, "seat": seat,
                     "to_act": to_act, "status": self.status, "clock": self.clock,
                     "view": view,
                     "legal": legal, "seats": [s.public_dict() for s in self.seats],
                     "result": state.returns() if state.is_terminal else None,
                     "next_table": self.next_table,
                     # What the frame says in the reader's language; the view keeps notation.
                     "tr": tr.frame(view, legal, game_id),
                     # The table as drawn and the moves as picked on it (parlour/core/scene.py).
                     "scene": tr.scene(scene, game_id),
                     "moves": moves, "choices": self._choices(moves, tr)}
            text = json.dumps(frame, separators=(",", ":"))
            self._frame_cache[key] = text
        if self.deadline is not None:
            # The time left is as of sending, so it stays out of the cached frame.
            text = f'{text[:-1]},"clock_left":{max(0.0, self.deadline - time.time()):.1f}}}'
        return text

    def _choices(self, moves: list[dict], tr: i18n.Translator) -> dict:
        keys = {key for move in moves for slot in move["picks"] for key in slot
                if key.startswith("=")}
        out = {}
        for key in sorted(keys):
            choice = dict(self.game.choice_text(key))
            choice["text"] = tr.show(choice["text"], None, self.game.info.id)
            out[key] = choice
        return out

    def _changed(self, presence: bool = False) -> None:
        if presence:
            self._presence += 1
        for conn in list(self.conns):
            conn.refresh()

    # Connections ---------------------------------------------------------------------------
    CONNECTION_LIMIT = 256

    def attach(self, conn: Connection) -> bool:
        if len(self.conns) >= self.CONNECTION_LIMIT:
            conn.send({"type": "error", "code": "full",
                       "message": conn.tr.gettext("this table has as many watchers as it can take")})
            conn.close(flush=True)
            return False
        self.conns.add(conn)
        conn.send(self.welcome(None, conn.tr))
        conn.refresh()
        return True

    def detach(self, conn: Connection) -> None:
        self.conns.discard(conn)
        conn.close()
        if conn.seat is not None:
            self.seats[conn.seat].conns.discard(conn)
            self._changed(presence=True)
        if not self.conns:
            self.room.forget(self)

    async def handle(self, conn: Connection, text: str | bytes | None) -> None:
        """One message from a connection. Every refusal is an error frame; nothing changes."""
        try:
            self.room.admit(conn)
            if text is None:
                raise RoomError("malformed", "send text frames holding one JSON object")
            if len(text) > self.room.settings.max_message:
                raise RoomError("too_large", f"messages are limited to "
                                f"{self.room.settings.max_message} bytes")
            message = parse_json(text)
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                raise RoomError("malformed", 'send an object with a "type", e.g. '
                                '{"type": "move", "action": "pass"}')
            kind = message["type"]
            if kind == "move":
                await self.move(conn, message)
            elif kind == "join":
                await self.join(conn, message)
            elif kind == "leave":
                self._unseat(conn)
                conn.send(self.welcome(None, conn.tr))
                conn.refresh()
            elif kind == "ping":
                conn.send({"type": "pong"})
            elif kind == "state":
                conn.refresh()
            elif kind == "hint":
                await self.hint(conn)
            elif kind == "rematch":
                await self.rematch(conn)
            elif kind == "back":
                self.back(conn)
            else:
                raise RoomError("unknown_type", f"unknown message type {kind[:40]!r}; types: "
                                "join, move, hint, rematch, state, ping, leave, back")
        except RoomError as error:
            if error.code == "rate_limited":
                conn.refused += 1
                if conn.refused > self.room.settings.message_burst:
                    # It keeps sending faster than it is answered: it is not a person's page.
                    conn.send({"type": "error", "code": "flood", "message": conn.tr.gettext(
                        "too many messages: this connection is closed")})
                    conn.close(flush=True)
                    return
            conn.send({"type": "error", "code": error.code, "ply": self.ply,
                       "message": conn.tr.message(error.message, self.game.info.id)})
            if error.code in ("stale", "not_your_turn"):
                conn.refresh()
        except Exception:
            # A fault of ours or of a game's code: say so, keep the connection and the table.
            log.exception("table %s: a message could not be handled", self.id)
            conn.send({"type": "error", "code": "server", "ply": self.ply,
                       "message": conn.tr.gettext("the room could not handle that; nothing "
                                                  "changed")})

    async def join(self, conn: Connection, message: dict) -> None:
        token = message.get("token")
        seat_number = message.get("seat")
        candidates = self.seats
        if seat_number is not None and not strict_int(seat_number):
            raise RoomError("malformed", '"seat" is a seat\'s number')
        if not isinstance(message.get("takeover", False), bool):
            raise RoomError("malformed", '"takeover" is true or false')
        if seat_number is not None:
            candidates = [s for s in self.seats if s.number == seat_number]
        seat = next((s for s in candidates
                     if s.kind == "person" and auth.matches(token, s.token_hash)), None)
        if seat is None:
            raise RoomError("bad_token", "this invite link does not open a seat at this table "
                            "(it may have been replaced by a new one); you are watching")
        others = [c for c in seat.conns if c is not conn]
        if others and not message.get("takeover"):
            raise RoomError("seat_taken", f"seat {seat.number} is already open in another "
                            "window; take it over from here or keep watching")
        for other in others:
            self._unseat(other)
            other.send({"type": "error", "code": "taken_over", "message": other.tr.gettext(
                "this seat was opened in another window; you are watching")})
            other.send(self.welcome(None, other.tr))
            other.refresh()
        self._unseat(conn)
        conn.seat = seat.number
        seat.conns.add(conn)
        name = message.get("name")
        renamed = isinstance(name, str) and _clean_name(name, seat.name) != seat.name
        if renamed:
            seat.name = _clean_name(name, seat.name)
        if not seat.claimed or renamed:
            seat.claimed = True
            await self.room.store.update_seat(self.id, seat.number, claimed=True, name=seat.name)
            self.room.tell("meta", self.id)
        conn.send(self.welcome(seat.number, conn.tr))
        self._return(seat)
        self._changed(presence=True)
        self.room.lobby_changed()
        self.wake()  # a first claim starts the clock of a seat to act

    def _unseat(self, conn: Connection) -> None:
        if conn.seat is not None:
            self.seats[conn.seat].conns.discard(conn)
            conn.seat = None
            self._changed(presence=True)

    # Moves ---------------------------------------------------------------------------------
    async def move(self, conn: Connection, message: dict) -> None:
        text = message.get("action")
        if not isinstance(text, str) or not text.strip() or len(text) > 500:
            raise RoomError("malformed", 'a move needs "action": the move in the game\'s notation')
        if conn.seat is None:
            raise RoomError("not_seated", "spectators cannot move; open your invite link to sit")
        ply = message.get("ply")
        if ply is not None and not strict_int(ply):
            raise RoomError("malformed", '"ply" is the number of moves made so far')
        self._return(self.seats[conn.seat])
        async with self.lock:
            state = self.state
            if state.is_terminal:
                raise RoomError("game_over", "the game is over")
            if self.status == "closed":
                raise RoomError("closed", "this table was closed after a long time without a "
                                "move; its record is kept")
            if ply is not None and ply != self.ply:
                raise RoomError("stale", "the game has moved on since that move was chosen; "
                                "here is the position now")
            if state.current_player != conn.seat:
                raise RoomError("not_your_turn", f"it is not your turn: "
                                f"{self.seats[state.current_player].name} is to act")
            twin = state.clone()
            try:
                action = self.game.parse_action(twin, text)
                twin.apply(action, seat=conn.seat)
            except IllegalAction as error:
                raise RoomError("illegal", str(error)) from None
            except Exception:
                log.exception("table %s: %r could not be read", self.id, text)
                raise RoomError("illegal", f"{text[:80]!r} is not a move of this game") from None
            await self._commit(twin, action, conn.seat)

    async def _commit(self, twin, action, seat: int) -> None:
        """Store the move; only then does the applied copy become the table's state."""
        ply = self.ply
        status = "over" if twin.is_terminal else "playing"
        result = twin.returns() if twin.is_terminal else None
        try:
            await self.room.store.append_move(self.id, ply, seat, str(action), status, result)
        except asyncio.CancelledError:
            raise
        except Conflict:
            # Another room process stored a move here first: take the table as stored.
            self.room.reload_soon(self)
            raise RoomError("stale", "the game has moved on since that move was chosen; "
                            "here is the position now", 409) from None
        except Exception:
            raise RoomError("store", "the move could not be stored; try again", 503) from None
        self._took(twin, status)

    def _took(self, twin, status: str) -> None:
        """The position after a stored move (this process's, or another's it was told of)."""
        self.state = twin
        self.status = status
        self.updated = time.time()
        self._arm_clock()
        self._changed()
        if status == "over":
            self.room.lobby_changed()
            self.room.table_ended(self)
        else:
            self.wake()

    def moved_elsewhere(self, ply: int, text: str, status: str) -> None:
        """Another process stored move `ply`: follow it, or reload if a notice was missed."""
        if ply < self.ply:
            return
        if ply > self.ply:
            self.room.reload_soon(self)
            return
        twin = self.state.clone()
        try:
            twin.apply(self.game.parse_action(twin, text))
        except Exception:
            log.exception("table %s: the move %r another process stored does not apply here",
                          self.id, text)
            self.room.reload_soon(self)
            return
        self._took(twin, status)

    def follow(self, row: dict) -> None:
        """The table's stored seats and settings, changed by another process."""
        self.next_table = row.get("next_table")
        self.clock = float(row.get("clock") or 0)
        if row["status"] == "closed" and self.status == "playing":
            self.status = "closed"
        for s in row["seats"]:
            seat = self.seats[s["seat"]]
            seat.name, seat.claimed, seat.public = s["name"], bool(s["claimed"]), bool(s["public"])
            if s.get("token_hash") != seat.token_hash:
                seat.token_hash = s.get("token_hash")
                self._revoke(seat)
        self._frame_cache.clear()
        self._changed(presence=True)

    def _revoke(self, seat: Seat) -> None:
        for conn in list(seat.conns):
            self._unseat(conn)
            conn.send({"type": "error", "code": "bad_token", "message": conn.tr.gettext(
                "the host issued a new invite link for this seat")})
            conn.send(self.welcome(None, conn.tr))
            conn.refresh()

    # The turn clock ------------------------------------------------------------------------
    def _arm_clock(self, restart: bool = False) -> None:
        """Start the clock of the person to act, once per move (reconnecting does not restart
        it); `restart` when they come back from being away."""
        seat_number = self.state.current_player
        person = self.clock > 0 and self.status == "playing" and seat_number is not None and \
            self.seats[seat_number].kind == "person" and self.seats[seat_number].claimed and \
            not self.seats[seat_number].away
        if person and self._timer is not None and self._timed_ply == self.ply and not restart:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self.deadline, self._timed_ply = None, None, None
        if person:
            self.deadline = time.time() + self.clock
            self._timed_ply = self.ply
            if self.driving:
                self._timer = asyncio.get_running_loop().call_later(self.clock, self._time_up,
                                                                    self.ply)

    def _time_up(self, ply: int) -> None:
        self._timer, self.deadline = None, None
        if ply != self.ply or self.status != "playing":
            return
        seat = self.seats[self.state.current_player]
        if seat.kind == "person" and not seat.away:
            log.info("table %s: seat %d's clock ran out; the computer plays for it", self.id,
                     seat.number)
            self.set_away(seat, True)

    def _return(self, seat: Seat) -> None:
        """The person of an away seat is back: the seat is theirs again, with a fresh clock."""
        if seat.away:
            self.set_away(seat, False)

    def set_away(self, seat: Seat, away: bool, told: bool = False) -> None:
        """Whether the computer plays for this person; `told`: another process said so."""
        seat.away = away
        self._arm_clock(restart=not away)
        self._changed(presence=True)
        if not told:
            self.room.tell("away", self.id, seat=seat.number, away=away)
        self.wake()

    def back(self, conn: Connection) -> None:
        if conn.seat is None:
            raise RoomError("not_seated", "only a seated player can come back to a seat")
        self._return(self.seats[conn.seat])

    def wake(self) -> None:
        """Let the computers move if one of them is to act; start a person's clock."""
        self._arm_clock()
        if not self.driving:
            return
        if self._bot is None or self._bot.done():
            seat = self.state.current_player
            if self.status == "playing" and seat is not None and self.driven(seat):
                self._bot = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        try:
            await self._drive_on()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the computers stopped", self.id)

    async def _drive_on(self) -> None:
        delay = self.room.settings.bot_delay
        while True:
            state = self.state
            seat = state.current_player
            if self.status != "playing" or seat is None or not self.driven(seat):
                return
            if delay:
                await asyncio.sleep(delay)
            if self.state is not state or not self.driven(seat):
                continue  # a person moved or came back meanwhile
            ply = self.ply
            action = await self._choose(self.seats[seat], state)
            async with self.lock:
                if self.ply != ply or not self.driven(seat):
                    continue
                twin = self.state.clone()
                try:
                    twin.apply(action, seat=seat)
                except Exception as error:
                    log.error("table %s: the %s agent of seat %d chose %s (%s); it plays at "
                              "random this move", self.id, self.seats[seat].agent_spec, seat,
                              action, error)
                    twin = self.state.clone()
                    action = RandomAgent(seed=ply).choose(twin, seat)
                    twin.apply(action, seat=seat)
                try:
                    await self._commit(twin, action, seat)
                except RoomError:
                    await asyncio.sleep(1.0)  # the store failed: try again shortly

    async def _choose(self, seat: Seat, state):
        """The agent's move. An agent runs in a thread, on a copy of the state, until it has
        shown it decides in a few milliseconds; a slow one (a search) never blocks the room. A
        quick one then runs on the loop, where nothing else touches the state meanwhile (agents
        only read it: view, legal actions, determinize). Quick is measured in the processor
        time of the deciding thread: on a busy machine the wall clock also counts the time the
        thread waited for the processor or the GIL, and a quick agent kept in a thread makes the
        loop wait for the GIL behind it."""
        if seat.kind == "computer":
            agent = seat.agent
        else:
            if seat.stand_in is None:
                seat.stand_in = self._make_agent(seat, self.room.settings.stand_in)
            agent = seat.stand_in

        def timed(position):
            start = time.thread_time()
            action = agent.choose(position, seat.number)
            return action, time.thread_time() - start

        try:
            if isinstance(agent, ISMCTSAgent):
                # Searches share the room's few search threads, never the loop's own pool.
                action, _ = await asyncio.get_running_loop().run_in_executor(
                    self.room.searches, timed, state.clone())
                return action
            if seat.slow:
                action, spent = await asyncio.to_thread(timed, state.clone())
            else:
                action, spent = timed(state)
            seat.slow = spent > 0.003
            return action
        except Exception:
            log.exception("table %s: the agent of seat %d failed; it plays at random this move",
                          self.id, seat.number)
            return RandomAgent(seed=len(state.history)).choose(state.clone(), seat.number)

    async def hint(self, conn: Connection) -> None:
        """The hard computer's best moves for the seat to act (the bots' hints: a search that
        sees only what this seat may know), with the share of playouts each won. One search per
        position, however often it is asked for; the room runs a few at a time."""
        state = self.state
        if conn.seat is None or state.is_terminal or state.current_player != conn.seat:
            raise RoomError("not_your_turn", "hints are for the seat to act")
        ply, seat = self.ply, conn.seat
        if self._hint is None or self._hint[0] != ply:
            self._hint = (ply, asyncio.create_task(self._search(state.clone(), seat, ply)))
        answer = await asyncio.shield(self._hint[1])
        if self.ply == ply and conn.seat == seat:
            conn.send({"type": "hint", "ply": ply, **answer})

    async def _search(self, state, seat: int, ply: int) -> dict:
        settings = self.room.settings
        async with self.room.hint_slots:
            try:
                found = await asyncio.get_running_loop().run_in_executor(
                    self.room.searches, functools.partial(
                        best_moves, state, seat, settings.hint_seconds, None, 3, ply))
                best, others = found["best"], found["alternatives"]
            except Exception:
                log.exception("table %s: no hint at move %d; the heuristic's move instead",
                              self.id, ply)
                try:
                    agent = make_agent("medium", self.game, seed=ply)
                except Exception:
                    agent = RandomAgent(seed=ply)
                best, others = {"action": str(agent.choose(state, seat)), "win": None}, []
        return {"action": best["action"], "win": best.get("win"),
                "alternatives": [{"action": m["action"], "win": m.get("win")} for m in others]}

    async def rematch(self, conn: Connection) -> None:
        if self.status != "over":
            raise RoomError("not_over", "a new game starts when this one is over")
        if conn.seat is None:
            raise RoomError("not_seated", "only the players can start the next game")
        if self.next_table is None:
            self.next_table = await self.room.rematch(self)
            self.room.tell("meta", self.id)
            self._changed()
        conn.send({"type": "rematch", "table": self.next_table})


# The room ----------------------------------------------------------------------------------------
class Room:
    def __init__(self, settings: Settings | None = None):
        self.settings = settings or Settings()
        self.store = Store(self.settings.db)
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}
        self._replays: OrderedDict[str, tuple[dict, list]] = OrderedDict()
        self.lobby_version = 0
        self.hint_slots = asyncio.Semaphore(max(1, self.settings.hint_threads))
        self.searches = ThreadPoolExecutor(max(1, self.settings.search_threads),
                                           thread_name_prefix="parlour-search")
        # What each address may still do: its message and table-opening buckets, its sockets.
        self._messages: dict[str, Bucket] = {}
        self._creates: dict[str, Bucket] = {}
        self.connections: Counter[str] = Counter()
        self._listing: tuple[tuple[int, int], dict] | None = None
        self._housekeeping: asyncio.Task | None = None
        self.store.origin = auth.new_table_id()  # this process, in the notices it sends
        self._reloading: dict[str, asyncio.Task] = {}
        self._loading: dict[str, list[dict]] = {}  # tables being loaded: notices meanwhile
        self._leasing: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        await self.store.open()
        if self.store.shared:
            # Several processes may share the store: this one plays the tables whose leases it
            # takes, follows the others' moves by their notices and loads a table when asked.
            self.store.listen(self._notice)
            # At a start, every table in play that no process plays is this one's, however new.
            for table_id in await self.store.lease(since=time.time()):
                await self._drive(table_id)
            self._leasing = asyncio.create_task(self._keep_leases())
            self._housekeeping = asyncio.create_task(self._keep_house())
            log.info("room open on a shared store")
            return
        for row in await self.store.load_tables(status="playing"):
            try:
                table = Table(self, row, parlour.replay(_record(row)))
            except Exception as error:
                # A table whose record no longer replays (a game's rules changed) waits, stored.
                log.exception("table %s could not be rebuilt from its record", row["id"])
                self.broken[row["id"]] = str(error)
                continue
            self.tables[table.id] = table
        for table in self.tables.values():
            table.wake()
        self._housekeeping = asyncio.create_task(self._keep_house())
        log.info("room open: %d tables in play rebuilt", len(self.tables))

    async def stop(self) -> None:
        for task in (self._housekeeping, self._leasing, *self._reloading.values(), *self._tasks):
            if task is not None:
                task.cancel()
        for table in self.tables.values():
            if table._bot is not None:
                table._bot.cancel()
            if table._timer is not None:
                table._timer.cancel()
            for conn in list(table.conns):
                conn.close()
        self.searches.shutdown(wait=False, cancel_futures=True)
        await self.store.close()

    # Limits --------------------------------------------------------------------------------
    def admit(self, conn: Connection) -> None:
        """A websocket message may be handled: within its connection's rate and its address's."""
        settings = self.settings
        wait = conn.bucket.take()
        if not wait:
            bucket = self._messages.get(conn.address)
            if bucket is None:
                bucket = self._messages[conn.address] = Bucket(
                    settings.address_messages_per_second, settings.address_message_burst)
            wait = bucket.take()
        if wait:
            raise RoomError("rate_limited", "too many messages; slow down", 429,
                            retry_after=wait)

    def connect(self, address: str) -> None:
        """A websocket from `address` opens: within the sockets an address may hold."""
        if self.connections[address] >= self.settings.connections_per_address:
            raise RoomError("too_many_connections", "too many open connections from your "
                            "address; close some tables' pages first", 429, retry_after=10)
        self.connections[address] += 1

    def disconnect(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def _may_open(self, address: str | None) -> None:
        """A new table within the room's caps and the address's rate and share."""
        settings = self.settings
        playing = [t for t in self.tables.values() if t.status == "playing"]
        if len(playing) >= settings.max_tables:
            raise RoomError("room_full", "the room has as many tables in play as it can hold; "
                            "try again later", 503, retry_after=60)
        if address is None:
            return
        if sum(1 for t in playing if t.creator == address) >= settings.tables_per_address:
            raise RoomError("too_many_tables", f"you have {settings.tables_per_address} tables "
                            f"in play; finish or leave one before opening another", 429,
                            retry_after=60)
        bucket = self._creates.get(address)
        if bucket is None:
            bucket = self._creates[address] = Bucket(settings.creates_per_minute / 60,
                                                     settings.creates_per_minute)
        wait = bucket.take()
        if wait:
            seconds = math.ceil(wait)
            raise RoomError("rate_limited", f"you have opened tables quickly; try again in "
                            f"{seconds} seconds", 429, retry_after=wait)

    async def _keep_house(self) -> None:
        """Close tables idle for `idle_close` (they stay as records) and forget the limits of
        addresses that went quiet."""
        every = min(60.0, max(0.5, self.settings.idle_close / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.close_idle()
            except Exception:
                log.exception("closing idle tables failed")
            for buckets in (self._messages, self._creates):
                for address in [a for a, b in buckets.items() if b.full()]:
                    del buckets[address]

    async def close_idle(self) -> None:
        since = time.time() - self.settings.idle_close
        for table in [t for t in self.tables.values()
                      if t.status == "playing" and t.updated < since and t.driving]:
            async with table.lock:
                if table.status != "playing" or table.updated >= since:
                    continue
                await self.store.update_table(table.id, status="closed")
                table.status = "closed"
                table._arm_clock()
                if table._bot is not None:
                    table._bot.cancel()
            log.info("table %s closed after %.0f s without a move", table.id,
                     self.settings.idle_close)
            self.tell("meta", table.id)
            table._changed()
            self.lobby_changed()
            self.table_ended(table)

    def lobby_changed(self) -> None:
        self.lobby_version += 1

    def forget(self, table: Table) -> None:
        """A finished table nobody looks at leaves memory; its record stays in the store. With
        several processes, so does a table in play that this one neither plays nor shows."""
        if table.conns or (table._bot is not None and not table._bot.done()):
            return
        if table.status in ("over", "closed") or (self.store.shared and not table.driving):
            self.tables.pop(table.id, None)

    def table_ended(self, table: Table) -> None:
        if table.driving and self.store.shared:
            self.spawn(self.store.release(table.id))
        table.driving = not self.store.shared
        self.forget(table)

    # Several processes on one store --------------------------------------------------------
    def spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def tell(self, kind: str, table_id: str, **data) -> None:
        """Tell the other processes (if any) that this table changed."""
        if self.store.shared:
            self.spawn(self.store.notify(kind, table_id, **data))

    def _notice(self, message: dict) -> None:
        kind = message.get("k")
        if kind == "listening":
            # (Re)connected: notices may have been missed meanwhile.
            for table in list(self.tables.values()):
                self.reload_soon(table)
            return
        table = self.tables.get(message.get("t"))
        if table is None:
            if message.get("t") in self._loading:
                self._loading[message["t"]].append(message)
            return
        if kind == "move":
            table.moved_elsewhere(message["p"], message["a"], message["st"])
        elif kind == "meta":
            self.reload_soon(table)
        elif kind == "away":
            number = message.get("seat")
            if strict_int(number) and 0 <= number < len(table.seats):
                table.set_away(table.seats[number], bool(message.get("away")), told=True)

    def reload_soon(self, table: Table) -> None:
        if table.id not in self._reloading:
            self._reloading[table.id] = asyncio.create_task(self._reload(table))

    async def _reload(self, table: Table) -> None:
        """The table as stored: its moves replayed, its seats and settings read again."""
        try:
            rows = await self.store.load_tables(table_id=table.id)
            if rows:
                row = rows[0]
                async with table.lock:
                    if len(row["actions"]) != table.ply:
                        table.state = parlour.replay(_record(row))
                        table.status = "over" if table.state.is_terminal else row["status"]
                        table.updated = row["updated"]
                    table.follow(row)
                    table._arm_clock()
                if table.status == "playing":
                    table.wake()
                else:
                    self.table_ended(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s could not be read again", table.id)
        finally:
            self._reloading.pop(table.id, None)

    async def _keep_leases(self) -> None:
        """Take over every table in play that no process plays (its process died), once a
        second; a table another process has just made is left to it for a moment."""
        while True:
            try:
                for table_id in await self.store.lease(since=time.time() - 2, held=[
                        t.id for t in self.tables.values() if t.driving]):
                    await self._drive(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("taking over tables failed; again in a second")
            await asyncio.sleep(1.0)

    async def _drive(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None:
            rows = await self.store.load_tables(table_id=table_id)
            if not rows:
                await self.store.release(table_id)
                return
            table = self.tables.get(table_id) or Table(self, rows[0],
                                                       parlour.replay(_record(rows[0])))
            self.tables[table_id] = table
        else:
            await self._reload(table)
        log.info("table %s: this process plays its computers now", table_id)
        table.driving = True
        table.wake()

    async def table(self, table_id: str) -> Table:
        """A table in play, or a finished one loaded back from its record."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise RoomError("not_found", "no such table", 404)
        # Another process's moves told of while the table loads are followed once it is here.
        told = self._loading.setdefault(table_id, [])
        try:
            rows = await self.store.load_tables(table_id=table_id)
        finally:
            if self._loading.get(table_id) is told:
                del self._loading[table_id]
        if not rows or (rows[0]["status"] not in ("over", "closed") and not self.store.shared):
            raise RoomError("not_found", "no such table", 404)
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = Table(self, rows[0], parlour.replay(_record(rows[0])))
            self.tables[table_id] = table
        for message in told:
            self._notice(message)
        return table

    # Creating tables -----------------------------------------------------------------------
    async def create(self, body: Any, address: str | None = None) -> dict:
        """A new table from the lobby's form; `address`, the client's, for its limits."""
        if not isinstance(body, dict):
            raise RoomError("malformed", "send a JSON object")
        game_id = body.get("game")
        if not isinstance(game_id, str):
            raise RoomError("unknown_game", "name a game", 404, field="game")
        game = parse_options(game_id, body.get("players"), body.get("options"))
        seats_in = body.get("seats")
        n = game.players
        if seats_in is None:
            seats_in = [{"kind": "me"}] + [{"kind": "computer", "agent": "easy"}] * (n - 1)
        if not isinstance(seats_in, list) or len(seats_in) != n:
            raise RoomError("bad_seats", f"give exactly {n} seats", field="seats")
        seats, tokens, you = [], {}, None
        for i, spec in enumerate(seats_in):
            if not isinstance(spec, dict):
                raise RoomError("bad_seats", f"seat {i}: give its kind", field=f"seat{i}")
            kind = spec.get("kind")
            name = spec.get("name")
            if name is not None and not isinstance(name, str):
                raise RoomError("bad_seats", f"seat {i}: a name is text", field=f"seat{i}")
            if kind == "computer":
                try:
                    agent = bounded_agent(spec.get("agent", "easy"), game, self.settings)
                except RoomError as error:
                    raise RoomError("bad_agent", f"seat {i}: {error.message}",
                                    field=f"seat{i}") from None
                seats.append({"seat": i, "kind": "computer", "agent": agent,
                              "name": _clean_name(name, f"Computer {i}"), "token_hash": None,
                              "public": False, "claimed": True})
            elif kind in ("me", "invite", "open"):
                if kind == "me":
                    if you is not None:
                        raise RoomError("bad_seats", "you can take only one seat",
                                        field=f"seat{i}")
                    you = i
                token = None
                if kind != "open":
                    token = tokens[i] = auth.new_token()
                seats.append({"seat": i, "kind": "person", "agent": None,
                              "name": _clean_name(name, f"Player {i}"),
                              "token_hash": auth.token_hash(token) if token else None,
                              "public": kind == "open", "claimed": kind == "me"})
            else:
                raise RoomError("bad_seats", f"seat {i}: kind must be me, invite, open or "
                                "computer", field=f"seat{i}")
        # Tables anyone may join get a clock by default, so no one can hold strangers up.
        clock = parse_clock(body.get("clock"), self.settings.turn_clock if any(
            s["public"] for s in seats) else 0.0)
        self._may_open(address)
        host = auth.new_token()
        table_id = await self._new_id()
        seed = random.SystemRandom().randrange(2**63)
        row = {"id": table_id, "game": game.info.id, "players": n,
               "options": dict(game.options), "seed": seed, "deck": None,
               "host_hash": auth.token_hash(host), "next_table": None, "clock": clock}
        state = game.new_state(seed=seed)
        await self.store.create_table(row, seats)
        table = Table(self, dict(row, seats=seats, creator=address), state)
        self.tables[table_id] = table
        await self._lease_new(table)
        table.wake()
        self.lobby_changed()
        return {"table": table_id, "host": host, "you": you,
                "seats": [{"seat": i, "kind": s["kind"], "public": s["public"],
                           "token": tokens.get(i)} for i, s in enumerate(seats)]}

    async def _lease_new(self, table: Table) -> None:
        if self.store.shared:
            table.driving = bool(await self.store.lease([table.id]))

    async def _new_id(self) -> str:
        while True:
            table_id = auth.new_table_id()
            if table_id not in self.tables and not await self.store.load_tables(
                    table_id=table_id):
                return table_id

    async def rematch(self, table: Table) -> str:
        """The next game at the same table: same seats (each seat's invite link still opens it),
        same options, a new deal."""
        self._may_open(None)
        table_id = await self._new_id()
        seed = random.SystemRandom().randrange(2**63)
        row = {"id": table_id, "game": table.game.info.id, "players": table.game.players,
               "options": dict(table.game.options), "seed": seed, "deck": None,
               "host_hash": table.host_hash, "next_table": None, "clock": table.clock}
        seats = [{"seat": s.number, "kind": s.kind, "agent": s.agent_spec, "name": s.name,
                  "token_hash": s.token_hash, "public": s.public, "claimed": s.claimed}
                 for s in table.seats]
        await self.store.create_table(row, seats)
        await self.store.update_table(table.id, next_table=table_id)
        new = Table(self, dict(row, seats=seats, creator=table.creator),
                    table.game.new_state(seed=seed))
        self.tables[table_id] = new
        await self._lease_new(new)
        new.wake()
        self.lobby_changed()
        return table_id

    async def _in_play(self, table_id: Any) -> Table | None:
        try:
            return await self.table(table_id)
        except RoomError:
            return None

    async def take_open_seat(self, table_id: str, name: Any) -> dict:
        table = await self._in_play(table_id)
        if table is None or table.status != "playing":
            raise RoomError("not_found", "no such table in play", 404)
        for seat in table.seats:
            if seat.kind == "person" and seat.public and not seat.claimed:
                token = auth.new_token()
                hashed = auth.token_hash(token)
                if await self.store.claim_seat(table_id, seat.number, hashed):
                    seat.claimed, seat.token_hash = True, hashed
                    seat.name = _clean_name(name, seat.name)
                    await self.store.update_seat(table_id, seat.number, name=seat.name)
                    self.tell("meta", table_id)
                    table._changed(presence=True)
                    self.lobby_changed()
                    return {"table": table_id, "seat": seat.number, "token": token}
        raise RoomError("seat_taken", "every seat at this table is taken", 409)

    async def reissue(self, table_id: str, host: Any, seat_number: Any) -> dict:
        """A new invite link for a person's seat; the old one stops working."""
        table = await self._in_play(table_id)
        if table is None:
            raise RoomError("not_found", "no such table in play", 404)
        if not auth.matches(host, table.host_hash):
            raise RoomError("not_host", "only the table's host can issue invite links", 403)
        if not strict_int(seat_number) or not 0 <= seat_number < len(table.seats) or \
                table.seats[seat_number].kind != "person":
            raise RoomError("bad_seat", "name a person's seat")
        seat = table.seats[seat_number]
        token = auth.new_token()
        seat.token_hash = auth.token_hash(token)
        seat.public = False
        await self.store.update_seat(table_id, seat_number, token_hash=seat.token_hash,
                                     public=False)
        self.tell("meta", table_id)
        table._revoke(seat)
        return {"table": table_id, "seat": seat_number, "token": token}

    # The lobby -----------------------------------------------------------------------------
    async def listing(self) -> dict:
        # Lobbies poll every few seconds: made at most four times a second, only what is shown.
        key = (self.lobby_version, int(time.time() * 4))
        if self._listing is not None and self._listing[0] == key:
            return json.loads(self._listing[1])
        open_, playing, counts = [], [], {"open": 0, "playing": 0}
        # Abandoned tables stay in the store as records, but no longer crowd the lobby.
        since = time.time() - self.settings.idle_listed
        if self.store.shared:
            # Other processes hold tables this one does not: the store lists them all.
            metas = [_stored_meta(row) for row in await self.store.in_play(since)]
        else:
            metas = (table.meta() for table in sorted(self.tables.values(),
                                                      key=lambda t: -t.updated)
                     if table.status == "playing" and table.updated >= since)
        for meta in metas:
            waiting = any(s["kind"] == "person" and not s["claimed"] for s in meta["seats"])
            group = "open" if waiting else "playing"
            counts[group] += 1
            if counts[group] <= 100:
                (open_ if waiting else playing).append(meta)
        finished = []
        for row in await self.store.finished(self.settings.finished_listed):
            cls = _maybe_class(row["game"])
            finished.append({"id": row["id"], "game": row["game"],
                             "title": cls.info.title if cls else row["game"],
                             "players": row["players"], "moves": row["moves"],
                             "result": row["result"], "updated": row["updated"],
                             "seats": row["seats"]})
        listing = {"open": open_, "playing": playing, "finished": finished, "counts": counts}
        self._listing = (key, json.dumps(listing))
        return listing

    # Replays of finished games -------------------------------------------------------------
    async def _replay_entry(self, table_id: str) -> dict:
        entry = self._replays.get(table_id)
        if entry is not None:
            self._replays.move_to_end(table_id)
            return entry
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise RoomError("not_found", "no such table", 404)
        rows = await self.store.load_tables(table_id=table_id)
        if not rows:
            raise RoomError("not_found", "no such table", 404)
        row = rows[0]
        if row["status"] not in ("over", "closed"):
            raise RoomError("in_play", "the record is shown once the game is over", 403)
        record = _record(row)
        record["table"] = row["id"]
        record["seats"] = [{"seat": s["seat"], "kind": s["kind"], "name": s["name"],
                            "agent": s["agent"]} for s in row["seats"]]
        record["result"] = row["result"]
        game = parlour.load(record["game"], record["players"], **record["options"])
        # Snapshots every 25 moves, so stepping through a long game never replays it whole.
        state = game.new_state(seed=record["seed"], deck=record.get("deck"))
        snapshots, movers = [state.clone()], []
        for i, text in enumerate(record["actions"]):
            movers.append(state.current_player)
            state.apply(game.parse_action(state, text))
            if (i + 1) % REPLAY_EVERY == 0:
                snapshots.append(state.clone())
        entry = {"record": record, "game": game, "snapshots": snapshots, "movers": movers}
        self._replays[table_id] = entry
        while len(self._replays) > 16:
            self._replays.popitem(last=False)
        return entry

    async def finished_record(self, table_id: str) -> dict:
        return (await self._replay_entry(table_id))["record"]

    async def replay_step(self, table_id: str, step: Any, seat: Any,
                          tr: i18n.Translator | None = None) -> dict:
        entry = await self._replay_entry(table_id)
        record, game = entry["record"], entry["game"]
        actions = record["actions"]
        total = len(actions)
        if not isinstance(step, int) or isinstance(step, bool):
            step = total
        step = max(0, min(total, step))
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < game.players):
            raise RoomError("bad_seat", f"seat must be 0 to {game.players - 1}")
        base = step // REPLAY_EVERY
        state = entry["snapshots"][base].clone()
        for i in range(base * REPLAY_EVERY, step):
            state.apply(game.parse_action(state, actions[i]))
        tr = tr or i18n.translator(i18n.DEFAULT)
        view = as_sent(state.view(seat))
        action = actions[step - 1] if step else None
        game_id = game.info.id
        return {"step": step, "total": total, "action": action,
                "action_label": tr.show(action, "move", game_id) if action else None,
                "mover": entry["movers"][step - 1] if step else None,
                "to_act": state.current_player, "seat": seat,
                "view": view, "tr": tr.frame(view, [], game_id),
                "scene": tr.scene(game.scene(view), game_id),
                "terminal": state.is_terminal,
                "result": state.returns() if state.is_terminal else None,
                "seats": record["seats"], "game": tr.game_info(game.info.to_dict()),
                "cards": sorted(set(game.deck().cards))}


def _record(row: dict) -> dict:
    record = {"game": row["game"], "players": row["players"], "options": row["options"],
              "seed": row["seed"], "actions": list(row["actions"])}
    if row.get("deck") is not None:
        record["deck"] = row["deck"]
    return record


def _stored_meta(row: dict) -> dict:
    """What the lobby lists of a table, from its stored row (Table.meta's keys)."""
    cls = _maybe_class(row["game"])
    info = cls.info if cls else None
    changed = {}
    if info is not None:
        for name, value in row["options"].items():
            try:
                if value != info.option(name).default:
                    changed[name] = value
            except OptionError:
                continue
    seats = [{"seat": s["seat"], "kind": s["kind"], "name": s["name"], "agent": s["agent"],
              "public": bool(s["public"]), "claimed": bool(s["claimed"]),
              "online": s["kind"] != "person", "away": False} for s in row["seats"]]
    return {"id": row["id"], "game": row["game"], "title": info.title if info else row["game"],
            "players": row["players"], "options": row["options"], "changed": changed,
            "status": row["status"], "clock": float(row.get("clock") or 0),
            "moves": row["moves"], "to_act": None, "seats": seats, "created": row["created"],
            "updated": row["updated"], "next_table": row["next_table"],
            "open_seats": [s["seat"] for s in seats
                           if s["kind"] == "person" and not s["claimed"] and s["public"]]}


def _maybe_class(game_id: str):
    try:
        return parlour.game_class(game_id)
    except OptionError:
        return None
