"""Tables in play: the room holds every table in memory, each with its state, seats, computer
players and connections. Only the core contract is used: a table never knows which game it runs.

What leaves the server is `state.view(seat)` for the connection's own seat (`view(None)` for a
spectator), the legal moves of the seat to act (to that seat only), the public seat list and, at
the end, `state.returns()`. A move is parsed and applied on a copy of the state; the copy becomes the
table's state only after the move is committed to the store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections import OrderedDict, deque
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

import parlour
from parlour.agents import RandomAgent, make_agent
from parlour.agents.hints import hints as best_moves
from parlour.core.errors import IllegalAction, OptionError
from parlour.core.scene import as_sent, at_table

from . import auth, i18n
from .store import Store

log = logging.getLogger("parlour.server")

# What the lobby offers for a computer seat: the bots' levels (easy, medium, hard) where they
# exist, else the agents there are. Any make_agent spec is accepted through the API.
AGENT_CANDIDATES = ("random", "heuristic")
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
    """A request the room refuses: `code` for programs, `message` for people."""

    def __init__(self, code: str, message: str, status: int = 400, field: str | None = None):
        super().__init__(message)
        self.code, self.message, self.status, self.field = code, message, status, field


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
    if isinstance(players, bool) or not isinstance(players, int) or not (
            info.min_players <= players <= info.max_players):
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

    def __init__(self, websocket, table: "Table", tr: i18n.Translator | None = None):
        self.ws = websocket
        self.table = table
        self.tr = tr or i18n.translator(i18n.DEFAULT)  # the reader's language
        self.seat: int | None = None
        self._frames: deque[str] = deque()
        self._dirty = False
        self._wake = asyncio.Event()
        self.closed = False
        self._closing = False
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
        if flush:
            self._dirty = False
            self._closing = True
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
                if self._closing:
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

    def public_dict(self) -> dict:
        return {"seat": self.number, "kind": self.kind, "name": self.name,
                "agent": self.agent_spec, "public": self.public, "claimed": self.claimed,
                "online": bool(self.conns) if self.kind == "person" else True}


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
        self.status = "over" if state.is_terminal else "playing"
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

    def _make_agent(self, seat: Seat):
        seed = (self.state.seed * 31 + seat.number * 7919 + len(self.state.history)) % 2**63
        try:
            return make_agent(seat.agent_spec, self.game, seed=seed)
        except Exception:
            log.exception("table %s: no agent %r for seat %d; it plays at random", self.id,
                          seat.agent_spec, seat.number)
            return RandomAgent(seed=seed)

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
                     "to_act": to_act, "status": self.status, "view": view,
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
        if not self.conns and self.status == "over":
            self.room.forget(self)

    async def handle(self, conn: Connection, text: str | bytes | None) -> None:
        """One message from a connection. Every refusal is an error frame; nothing changes."""
        try:
            if text is None:
                raise RoomError("malformed", "send text frames holding one JSON object")
            if len(text) > self.room.settings.max_message:
                raise RoomError("too_large", f"messages are limited to "
                                f"{self.room.settings.max_message} bytes")
            try:
                message = json.loads(text)
            except (ValueError, UnicodeDecodeError):
                raise RoomError("malformed", "that is not JSON") from None
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
            else:
                raise RoomError("unknown_type", f"unknown message type {kind[:40]!r}; types: "
                                "join, move, hint, rematch, state, ping, leave")
        except RoomError as error:
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
        if isinstance(seat_number, int) and not isinstance(seat_number, bool):
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
        conn.send(self.welcome(seat.number, conn.tr))
        self._changed(presence=True)
        self.room.lobby_changed()

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
        async with self.lock:
            state = self.state
            if state.is_terminal:
                raise RoomError("game_over", "the game is over")
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
        except Exception:
            raise RoomError("store", "the move could not be stored; try again", 503) from None
        self.state = twin
        self.status = status
        self.updated = time.time()
        self._changed()
        if status == "over":
            self.room.lobby_changed()
            if not self.conns:
                self.room.forget(self)
        else:
            self.wake()

    def wake(self) -> None:
        """Let the computers move if one of them is to act."""
        if self._bot is None or self._bot.done():
            seat = self.state.current_player
            if not self.state.is_terminal and seat is not None and \
                    self.seats[seat].kind == "computer":
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
            if state.is_terminal or seat is None or self.seats[seat].kind != "computer":
                return
            if delay:
                await asyncio.sleep(delay)
            ply = self.ply
            action = await self._choose(self.seats[seat], state)
            async with self.lock:
                if self.ply != ply:
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
        def timed(position):
            start = time.thread_time()
            action = seat.agent.choose(position, seat.number)
            return action, time.thread_time() - start

        try:
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
                found = await asyncio.to_thread(best_moves, state, seat, settings.hint_seconds,
                                                None, 3, ply)
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

    async def start(self) -> None:
        await self.store.open()
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
        log.info("room open: %d tables in play rebuilt", len(self.tables))

    async def stop(self) -> None:
        for table in self.tables.values():
            if table._bot is not None:
                table._bot.cancel()
            for conn in list(table.conns):
                conn.close()
        await self.store.close()

    def lobby_changed(self) -> None:
        self.lobby_version += 1

    def forget(self, table: Table) -> None:
        """A finished table nobody looks at leaves memory; its record stays in the store."""
        if table.status == "over" and not table.conns and not (
                table._bot is not None and not table._bot.done()):
            self.tables.pop(table.id, None)

    async def table(self, table_id: str) -> Table:
        """A table in play, or a finished one loaded back from its record."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise RoomError("not_found", "no such table", 404)
        rows = await self.store.load_tables(table_id=table_id)
        if not rows or rows[0]["status"] != "over":
            raise RoomError("not_found", "no such table", 404)
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = Table(self, rows[0], parlour.replay(_record(rows[0])))
            self.tables[table_id] = table
        return table

    # Creating tables -----------------------------------------------------------------------
    async def create(self, body: Any) -> dict:
        if not isinstance(body, dict):
            raise RoomError("malformed", "send a JSON object")
        game = parse_options(str(body.get("game", "")), body.get("players"), body.get("options"))
        seats_in = body.get("seats")
        n = game.players
        if seats_in is None:
            seats_in = [{"kind": "me"}] + [{"kind": "computer", "agent": "random"}] * (n - 1)
        if not isinstance(seats_in, list) or len(seats_in) != n:
            raise RoomError("bad_seats", f"give exactly {n} seats", field="seats")
        seats, tokens, you = [], {}, None
        for i, spec in enumerate(seats_in):
            if not isinstance(spec, dict):
                raise RoomError("bad_seats", f"seat {i}: give its kind", field=f"seat{i}")
            kind = spec.get("kind")
            name = spec.get("name")
            if kind == "computer":
                agent = spec.get("agent", "random")
                if not isinstance(agent, str) or len(agent) > 64:
                    raise RoomError("bad_agent", f"seat {i}: name a computer player",
                                    field=f"seat{i}")
                try:
                    make_agent(agent, game, seed=0)
                except Exception as error:
                    raise RoomError("bad_agent", f"seat {i}: {error}", field=f"seat{i}") from None
                seats.append({"seat": i, "kind": "computer", "agent": agent.strip().lower(),
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
        host = auth.new_token()
        table_id = await self._new_id()
        seed = random.SystemRandom().randrange(2**63)
        row = {"id": table_id, "game": game.info.id, "players": n,
               "options": dict(game.options), "seed": seed, "deck": None,
               "host_hash": auth.token_hash(host), "next_table": None}
        state = game.new_state(seed=seed)
        await self.store.create_table(row, seats)
        table = Table(self, dict(row, seats=seats), state)
        self.tables[table_id] = table
        table.wake()
        self.lobby_changed()
        return {"table": table_id, "host": host, "you": you,
                "seats": [{"seat": i, "kind": s["kind"], "public": s["public"],
                           "token": tokens.get(i)} for i, s in enumerate(seats)]}

    async def _new_id(self) -> str:
        while True:
            table_id = auth.new_table_id()
            if table_id not in self.tables and not await self.store.load_tables(
                    table_id=table_id):
                return table_id

    async def rematch(self, table: Table) -> str:
        """The next game at the same table: same seats (each seat's invite link still opens it),
        same options, a new deal."""
        table_id = await self._new_id()
        seed = random.SystemRandom().randrange(2**63)
        row = {"id": table_id, "game": table.game.info.id, "players": table.game.players,
               "options": dict(table.game.options), "seed": seed, "deck": None,
               "host_hash": table.host_hash, "next_table": None}
        seats = [{"seat": s.number, "kind": s.kind, "agent": s.agent_spec, "name": s.name,
                  "token_hash": s.token_hash, "public": s.public, "claimed": s.claimed}
                 for s in table.seats]
        await self.store.create_table(row, seats)
        await self.store.update_table(table.id, next_table=table_id)
        new = Table(self, dict(row, seats=seats), table.game.new_state(seed=seed))
        self.tables[table_id] = new
        new.wake()
        self.lobby_changed()
        return table_id

    async def take_open_seat(self, table_id: str, name: Any) -> dict:
        table = self.tables.get(table_id)
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
                    table._changed(presence=True)
                    self.lobby_changed()
                    return {"table": table_id, "seat": seat.number, "token": token}
        raise RoomError("seat_taken", "every seat at this table is taken", 409)

    async def reissue(self, table_id: str, host: Any, seat_number: Any) -> dict:
        """A new invite link for a person's seat; the old one stops working."""
        table = self.tables.get(table_id)
        if table is None:
            raise RoomError("not_found", "no such table in play", 404)
        if not auth.matches(host, table.host_hash):
            raise RoomError("not_host", "only the table's host can issue invite links", 403)
        if not isinstance(seat_number, int) or not 0 <= seat_number < len(table.seats) or \
                table.seats[seat_number].kind != "person":
            raise RoomError("bad_seat", "name a person's seat")
        seat = table.seats[seat_number]
        token = auth.new_token()
        seat.token_hash = auth.token_hash(token)
        seat.public = False
        await self.store.update_seat(table_id, seat_number, token_hash=seat.token_hash,
                                     public=False)
        for conn in list(seat.conns):
            table._unseat(conn)
            conn.send({"type": "error", "code": "bad_token", "message": conn.tr.gettext(
                "the host issued a new invite link for this seat")})
            conn.send(table.welcome(None, conn.tr))
            conn.refresh()
        return {"table": table_id, "seat": seat_number, "token": token}

    # The lobby -----------------------------------------------------------------------------
    async def listing(self) -> dict:
        open_, playing = [], []
        # Abandoned tables stay in the store as records, but no longer crowd the lobby.
        since = time.time() - self.settings.idle_listed
        for table in sorted(self.tables.values(), key=lambda t: -t.updated):
            if table.status != "playing" or table.updated < since:
                continue
            meta = table.meta()
            waiting = any(s.kind == "person" and not s.claimed for s in table.seats)
            (open_ if waiting else playing).append(meta)
        finished = []
        for row in await self.store.finished(self.settings.finished_listed):
            cls = _maybe_class(row["game"])
            finished.append({"id": row["id"], "game": row["game"],
                             "title": cls.info.title if cls else row["game"],
                             "players": row["players"], "moves": row["moves"],
                             "result": row["result"], "updated": row["updated"],
                             "seats": row["seats"]})
        return {"open": open_[:100], "playing": playing[:100], "finished": finished,
                "counts": {"open": len(open_), "playing": len(playing)}}

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
        if row["status"] != "over":
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


def _maybe_class(game_id: str):
    try:
        return parlour.game_class(game_id)
    except OptionError:
        return None
