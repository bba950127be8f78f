"""The room: every table in memory, the store behind them, and with several processes on one
PostgreSQL store, the leases that say which process plays which table and the notices that keep
the others following."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from typing import Any

import parlour
from parlour.search import SearchPool

from . import auth, i18n
from .errors import RoomError
from .limits import Limits
from .lobby import Lobby
from .replays import Replays, record_of
from .settings import Settings
from .store import Store
from .table import Table
from .validate import bounded_agent, clean_name, parse_clock, parse_options, strict_int

log = logging.getLogger("parlour.server")


class Room:
    def __init__(self, settings: Settings | None = None):
        self.settings = settings or Settings()
        self.store = Store(self.settings.db)
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}
        self.replays = Replays(self.store)
        self.lobby = Lobby(self)
        self.hint_slots = asyncio.Semaphore(max(1, self.settings.hint_searches))
        self.searches = SearchPool(self.settings.search_processes or os.cpu_count() or 1,
                                   floor=self.settings.search_floor,
                                   niceness=self.settings.search_nice, on=self.settings.search)
        self.limits = Limits(self.settings)
        self._housekeeping: asyncio.Task | None = None
        self.store.origin = auth.new_table_id()  # this process, in the notices it sends
        self._reloading: dict[str, asyncio.Task] = {}
        self._loading: dict[str, list[dict]] = {}  # tables being loaded: notices meanwhile
        self._leasing: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        # The workers warm up while the room opens; a search asked for meanwhile waits for one.
        self.spawn(self._start_searches())
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
                table = Table(self, row, parlour.replay(record_of(row)))
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

    async def _start_searches(self) -> None:
        try:
            await self.searches.start()
        except Exception:
            log.exception("the search workers did not start: computers and hints will wait")

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
        self.searches.stop()
        await self.store.close()

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
            self.limits.forget_quiet()

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
        self.lobby.changed()

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
                seat = table.seats[number]
                if strict_int(message.get("timeouts")):
                    seat.timeouts, seat.left = message["timeouts"], bool(message.get("left"))
                table.set_away(seat, bool(message.get("away")), told=True)

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
                        table.state = parlour.replay(record_of(row))
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
                                                       parlour.replay(record_of(rows[0])))
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
        kept = self.replays.kept(table_id)
        if kept is not None:
            # A finished game looked at again: neither read from the store nor played through.
            table = self.tables[table_id] = Table(self, kept["row"], kept["final"])
            return table
        # Another process's moves told of while the table loads are followed once it is here.
        told = self._loading.setdefault(table_id, [])
        try:
            rows = await self.store.load_tables(table_id=table_id)
        finally:
            if self._loading.get(table_id) is told:
                del self._loading[table_id]
        if not rows or (rows[0]["status"] not in ("over", "closed") and not self.store.shared):
            raise RoomError("not_found", "no such table", 404)
        row = rows[0]
        if row["status"] in ("over", "closed"):
            # Rebuilt once and kept with its replay: a long finished game is not played through
            # again for every look at it.
            final = (await self.replays.entry(table_id, row))["final"]
        else:
            final = parlour.replay(record_of(row))
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = Table(self, row, final)
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
                              "name": clean_name(name, f"Computer {i}"), "token_hash": None,
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
                              "name": clean_name(name, f"Player {i}"),
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
        table = await self._open(game, seats, auth.token_hash(host), clock, address)
        return {"table": table.id, "host": host, "you": you,
                "seats": [{"seat": i, "kind": s["kind"], "public": s["public"],
                           "token": tokens.get(i)} for i, s in enumerate(seats)]}

    def _may_open(self, address: str | None) -> None:
        playing = [t for t in self.tables.values() if t.status == "playing"]
        self.limits.may_open(address, len(playing),
                             sum(1 for t in playing if t.creator == address))

    async def _open(self, game, seats: list[dict], host_hash: str | None, clock: float,
                    creator: str | None) -> Table:
        """A new table, stored, in memory and leased: the one way a table opens, for a new one
        and for a rematch alike."""
        table_id = await self._new_id()
        seed = random.SystemRandom().randrange(2**63)
        row = {"id": table_id, "game": game.info.id, "players": game.players,
               "options": dict(game.options), "seed": seed, "deck": None,
               "host_hash": host_hash, "next_table": None, "clock": clock}
        await self.store.create_table(row, seats)
        table = Table(self, dict(row, seats=seats, creator=creator), game.new_state(seed=seed))
        self.tables[table_id] = table
        if self.store.shared:
            table.driving = bool(await self.store.lease([table.id]))
        table.wake()
        self.lobby_changed()
        return table

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
        seats = [{"seat": s.number, "kind": s.kind, "agent": s.agent_spec, "name": s.name,
                  "token_hash": s.token_hash, "public": s.public, "claimed": s.claimed}
                 for s in table.seats]
        new = await self._open(table.game, seats, table.host_hash, table.clock, table.creator)
        await self.store.update_table(table.id, next_table=new.id)
        return new.id

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
                    seat.name = clean_name(name, seat.name)
                    await self.store.update_seat(table_id, seat.number, name=seat.name)
                    if seat.left:
                        table.seat_taken(seat)
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


    # The lobby and the replays ---------------------------------------------------------------
    async def listing(self) -> dict:
        return await self.lobby.listing()

    async def finished_record(self, table_id: str) -> dict:
        return (await self.replays.entry(table_id))["record"]

    async def replay_step(self, table_id: str, step: Any, seat: Any,
                          tr: i18n.Translator | None = None) -> dict:
        return await self.replays.step(table_id, step, seat, tr)

    # Limits -----------------------------------------------------------------------------------
    def connect(self, address: str) -> None:
        self.limits.connect(address)

    def disconnect(self, address: str) -> None:
        self.limits.disconnect(address)
