"""A table in play: its state, seats, computer players, clock and connections. Only the core
contract is used: a table never knows which game it runs.

What leaves the server is `state.view(seat)` for the connection's own seat (`view(None)` for a
spectator), the legal moves of the seat to act (to that seat only), the public seat list and, at
the end, `state.returns()`. A move is parsed and applied on a copy of the state; the copy becomes
the table's state only after the move is committed to the store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.agents import ISMCTSAgent, RandomAgent, make_agent
from parlour.core.errors import IllegalAction
from parlour.core.scene import at_table
from parlour.search import HINT, MOVE, jobs

from . import auth, i18n
from .connection import Connection
from .errors import RoomError
from .lobby import entry as lobby_entry
from .store import Conflict
from .validate import bounded_agent, clean_name, parse_json, strict_int

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("parlour.server")

# A stored seat from before the room held to the levels plays the level nearest to it.
NEAREST_LEVEL = {"random": "easy", "heuristic": "medium"}


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
    timeouts: int = 0  # how often this seat's clock ran out in this game
    left: bool = False  # timed out too often: the computer keeps the seat until its person moves

    def public_dict(self) -> dict:
        return {"seat": self.number, "kind": self.kind, "name": self.name,
                "agent": self.agent_spec, "public": self.public, "claimed": self.claimed,
                "online": bool(self.conns) if self.kind == "person" else True,
                "away": self.away, "left": self.left, "timeouts": self.timeouts}


class Table:
    def __init__(self, room: Room, row: dict, state):
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
        return lobby_entry(self.id, self.game.info.id, self.game.players, self.game.options,
                           self.status, self.clock, self.ply, self.state.current_player,
                           [s.public_dict() for s in self.seats], self.created, self.updated,
                           self.next_table, tr)

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
    def attach(self, conn: Connection) -> bool:
        """A new socket watches until it joins a seat. Past the watchers' caps (of the table,
        and of one address at it) it is let in only to take a seat: a seated person coming back
        and an invited friend always get in, however many watch."""
        settings = self.room.settings
        watchers = [c for c in self.conns if c.seat is None and c.waiting is None]
        if len(self.conns) >= settings.sockets_per_table:
            self._turn_away(conn)
            return False
        self.conns.add(conn)
        conn.send(self.welcome(None, conn.tr))
        if len(watchers) >= settings.watchers_per_table or sum(
                c.address == conn.address for c in watchers) >= settings.watchers_per_address:
            conn.waiting = asyncio.get_running_loop().call_later(
                settings.watcher_grace, self._no_seat_taken, conn)
        else:
            conn.refresh()
        return True

    def _turn_away(self, conn: Connection) -> None:
        conn.send({"type": "error", "code": "full",
                   "message": conn.tr.gettext("this table has as many watchers as it can take")})
        conn.close(flush=True)

    def _no_seat_taken(self, conn: Connection) -> None:
        conn.waiting = None
        if conn in self.conns and conn.seat is None:
            self._turn_away(conn)

    def detach(self, conn: Connection) -> None:
        self.conns.discard(conn)
        if conn.waiting is not None:
            conn.waiting.cancel()
            conn.waiting = None
        conn.close()
        if conn.seat is not None:
            self.seats[conn.seat].conns.discard(conn)
            self._changed(presence=True)
        if not self.conns:
            self.room.forget(self)

    async def handle(self, conn: Connection, text: str | bytes | None) -> None:
        """One message from a connection. Every refusal is an error frame; nothing changes."""
        try:
            self.room.limits.admit(conn.bucket, conn.address)
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
            elif kind == "open_seat":
                await self.open_seat(conn, message)
            else:
                raise RoomError("unknown_type", f"unknown message type {kind[:40]!r}; types: "
                                "join, move, hint, rematch, state, ping, leave, back, open_seat")
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
        if conn.waiting is not None:
            conn.waiting.cancel()
            conn.waiting = None
        name = message.get("name")
        renamed = isinstance(name, str) and clean_name(name, seat.name) != seat.name
        if renamed:
            seat.name = clean_name(name, seat.name)
        if not seat.claimed or renamed:
            seat.claimed = True
            await self.room.store.update_seat(self.id, seat.number, claimed=True, name=seat.name)
            self.room.tell("meta", self.id)
        conn.send(self.welcome(seat.number, conn.tr))
        if not seat.left:
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
        seat = self.seats[conn.seat]
        if not seat.left:
            self._return(seat)
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
        if seat.left:
            # "until its person moves": a move of their own takes the seat back.
            seat.left = False
            self.set_away(seat, False)

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

    def _revoke(self, seat: Seat, opened: bool = False) -> None:
        for conn in list(seat.conns):
            self._unseat(conn)
            conn.send({"type": "error", "code": "bad_token", "message": conn.tr.gettext(
                "the other players opened this seat to someone else; you are watching")
                if opened else conn.tr.gettext("the host issued a new invite link for this seat")})
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
            self.deadline = time.time() + self.seat_clock(self.seats[seat_number])
            self._timed_ply = self.ply
            if self.driving:
                self._timer = asyncio.get_running_loop().call_later(
                    self.deadline - time.time(), self._time_up, self.ply)

    def seat_clock(self, seat: Seat) -> float:
        """The seat's time bank: the table's clock, shrunk for each time-out in this game."""
        return self.clock * self.room.settings.clock_shrink ** seat.timeouts

    def _time_up(self, ply: int) -> None:
        self._timer, self.deadline = None, None
        if ply != self.ply or self.status != "playing":
            return
        seat = self.seats[self.state.current_player]
        if seat.kind == "person" and not seat.away:
            seat.timeouts += 1
            seat.left = seat.timeouts >= self.room.settings.timeouts_to_leave
            log.info("table %s: seat %d's clock ran out (%d times); the computer plays for it",
                     self.id, seat.number, seat.timeouts)
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
            self.room.tell("away", self.id, seat=seat.number, away=away,
                           timeouts=seat.timeouts, left=seat.left)
        self.wake()

    def back(self, conn: Connection) -> None:
        if conn.seat is None:
            raise RoomError("not_seated", "only a seated player can come back to a seat")
        seat = self.seats[conn.seat]
        if seat.left:
            # Said without the count, which would need plural forms (one time, 3 times).
            raise RoomError("left", "your time ran out too often: the computer keeps your seat "
                            "until you make a move yourself")
        self._return(seat)

    async def open_seat(self, conn: Connection, message: dict) -> None:
        """Another person at the table gives a seat its person left to the computer to anyone
        who takes it: the old invite link stops working, the computer plays until then."""
        number = message.get("seat")
        if conn.seat is None or self.seats[conn.seat].kind != "person":
            raise RoomError("not_seated", "only the players at this table can open a seat")
        if not strict_int(number) or not 0 <= number < len(self.seats) or number == conn.seat:
            raise RoomError("bad_seat", "name another player's seat")
        seat = self.seats[number]
        if seat.kind != "person" or not seat.left:
            raise RoomError("not_left", "a seat can be opened once its player has left it to "
                            "the computer")
        seat.public, seat.claimed, seat.token_hash = True, False, None
        await self.room.store.update_seat(self.id, number, public=True, claimed=False,
                                          token_hash=None)
        self._revoke(seat, opened=True)
        self.room.tell("meta", self.id)
        self._changed(presence=True)
        self.room.lobby_changed()

    def seat_taken(self, seat: Seat) -> None:
        """A newcomer took an opened seat: theirs, with the table's own clock."""
        seat.timeouts, seat.left = 0, False
        self.set_away(seat, False)

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
        settings = self.room.settings
        while True:
            state = self.state
            seat = state.current_player
            if self.status != "playing" or seat is None or not self.driven(seat):
                return
            # A seat left to the computer whose person watches: a moment to move themselves,
            # the one way it becomes theirs again.
            delay = max(settings.bot_delay, settings.left_pause) \
                if self.seats[seat].left and self.seats[seat].conns else settings.bot_delay
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
                # A search runs in the room's search workers, in this table's turn.
                action, after = await self.room.searches.run(
                    MOVE, self.id, self.creator, jobs.choose, (agent, state.clone(), seat.number),
                    agent.seconds or self.room.settings.agent_seconds)
                agent.rng.setstate(after)
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
                found = await self.room.searches.run(
                    HINT, self.id, self.creator, jobs.hint, (state, seat, ply),
                    settings.hint_seconds)
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
