"""The room's records: tables, seats and every accepted move, in any SQLAlchemy database.

SQLite (a file under ./data/) by default; any SQLAlchemy URL works, so a hosted room can point at
PostgreSQL. A move is accepted only when the transaction holding it commits: the table applies it
to a copy of its state, waits here, and only then takes the copy. Writes from every table queue
into one writer that commits them together (a group commit), so many tables moving at once cost one
commit between them, not one each.

Several room processes may share one PostgreSQL database (`Store.shared`): a move is then stored
only if the table's stored move count is still the move's number (a guard that makes two
processes' moves for one position one winner and one `Conflict`), every change is announced to the
other processes by NOTIFY on the channel `parlour` (`listen`), and the process that plays a table's
computers holds the table's lease, a session advisory lock that PostgreSQL releases when the
process dies, so another takes the table over (`lease`).

The database is used through SQLAlchemy's synchronous Core. With SQLite a commit (WAL,
synchronous=NORMAL) is a fraction of a millisecond of work, so writes run right on the event loop:
handing them to a thread costs more in thread switches than the write itself (an async driver,
aiosqlite, hops threads on every statement: four times the cost per commit, measured). The WAL is
checkpointed by a background thread, so the loop never waits for the disk. Other databases
(PostgreSQL) answer over the network: there every call runs on the store's worker thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)

log = logging.getLogger("parlour.server")

metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("deck", JSON, nullable=True),
    Column("status", String(16), nullable=False, index=True),  # playing, over, closed
    Column("moves", Integer, nullable=False, default=0),
    Column("result", JSON, nullable=True),
    Column("host_hash", String(64), nullable=True),
    Column("next_table", String(32), nullable=True),  # the rematch, once someone asked for one
    Column("clock", Float, nullable=True),  # seconds a person has for a move; 0 or none: no clock
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # person or computer
    Column("agent", String(64), nullable=True),  # make_agent spec of a computer seat
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("public", Boolean, nullable=False, default=False),  # anyone may take it from the lobby
    Column("claimed", Boolean, nullable=False, default=False),  # someone has sat down
)

moves_t = Table(
    "moves", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


def database_url(url: str | None) -> str:
    """A SQLAlchemy URL for a synchronous driver; async driver names are mapped to theirs."""
    if not url:
        folder = Path("data")
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'parlour.db'}"
    url = url.replace("sqlite+aiosqlite://", "sqlite://")
    url = url.replace("postgresql+asyncpg://", "postgresql+psycopg://")
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    return url


CHANNEL = "parlour"
LEASES = 7151  # the first key of every table's advisory lock: the room's own space of locks


class Conflict(Exception):
    """Another process stored a move at this position first."""


@dataclass
class _Write:
    table_id: str
    ply: int
    seat: int | None
    action: str
    status: str
    result: Any
    done: asyncio.Future


class Store:
    def __init__(self, url: str | None = None):
        self.url = database_url(url)
        self.engine: Engine | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._inline = False
        self._checkpoints: asyncio.Task | None = None
        self._queue: asyncio.Queue[_Write] | None = None
        self._writer: asyncio.Task | None = None
        self.shared = False  # PostgreSQL: other processes may hold the same tables
        self.origin = ""  # this process, in its notices (set by the room)
        self._leases = None  # the connection holding this process's leases
        self._listener: asyncio.Task | None = None

    async def _run(self, fn, *args, write: bool = False):
        if write and self._inline:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    def _checkpoint(self) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    async def _checkpoint_loop(self) -> None:
        while True:
            await asyncio.sleep(2.0)
            try:
                await self._run(self._checkpoint)
            except Exception:
                log.exception("checkpointing the store failed")

    async def open(self) -> None:
        # One thread does every database call, in order: SQLite has one writer anyway.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-store")
        self.engine = create_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            @event.listens_for(self.engine, "connect")
            def _pragmas(connection, _record):
                cursor = connection.cursor()
                # WAL: readers never block the writer; a process killed mid-write loses nothing
                # committed. synchronous=NORMAL keeps every commit across a crash of the server
                # (only a power cut may lose the last commits) at a fraction of FULL's cost.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.execute("PRAGMA wal_autocheckpoint=0")  # _checkpoint_loop does it
                cursor.close()
        await self._run(self._create_schema)
        self._inline = self.engine.dialect.name == "sqlite"
        self.shared = self.engine.dialect.name == "postgresql"
        self._queue = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())
        if self._inline:
            self._checkpoints = asyncio.create_task(self._checkpoint_loop())

    def _create_schema(self) -> None:
        if self.engine.dialect.name == "postgresql":
            # Several processes start at once: one makes the schema, the others wait for it.
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_advisory_xact_lock(:a, 0)"), {"a": LEASES})
                metadata.create_all(conn)
        else:
            metadata.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        """Columns added since a store was made: a room's existing database gains them."""
        have = {c["name"] for c in inspect(self.engine).get_columns("tables")}
        with self.engine.begin() as conn:
            if "clock" not in have:
                conn.exec_driver_sql("ALTER TABLE tables ADD COLUMN clock FLOAT")

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            self._listener = None
        if self._leases is not None:
            await self._leases.close()
            self._leases = None
        if self._checkpoints is not None:
            self._checkpoints.cancel()
            self._checkpoints = None
        if self._writer is not None:
            self._writer.cancel()
            try:
                await self._writer
            except asyncio.CancelledError:
                pass
            self._writer = None
        if self.engine is not None:
            await self._run(self.engine.dispose)
            self.engine = None
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None

    # Tables ------------------------------------------------------------------------------------
    async def create_table(self, row: dict, seats: list[dict]) -> None:
        def work():
            now = time.time()
            with self.engine.begin() as conn:
                conn.execute(insert(tables_t).values(
                    **row, moves=0, status="playing", created=now, updated=now))
                if seats:
                    conn.execute(insert(seats_t), [dict(s, table_id=row["id"]) for s in seats])
        await self._run(work, write=True)

    async def load_tables(self, status: str | None = None,
                          table_id: str | None = None) -> list[dict]:
        """Tables with their seats and moves, oldest first."""
        query = select(tables_t).order_by(tables_t.c.created)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        if table_id is not None:
            query = query.where(tables_t.c.id == table_id)

        def work():
            with self.engine.connect() as conn:
                rows = [dict(r._mapping) for r in conn.execute(query)]
                ids = [r["id"] for r in rows]
                by_id = {r["id"]: dict(r, seats=[], actions=[]) for r in rows}
                for chunk in _chunks(ids, 500):
                    for s in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(chunk))
                                          .order_by(seats_t.c.table_id, seats_t.c.seat)):
                        by_id[s.table_id]["seats"].append(dict(s._mapping))
                    for m in conn.execute(
                            select(moves_t.c.table_id, moves_t.c.action)
                            .where(moves_t.c.table_id.in_(chunk))
                            .order_by(moves_t.c.table_id, moves_t.c.ply)):
                        by_id[m.table_id]["actions"].append(m.action)
            return [by_id[i] for i in ids]
        return await self._run(work)

    async def in_play(self, since: float, limit: int = 500) -> list[dict]:
        """Tables in play moved since `since`, newest first, with their seats (not moves)."""
        query = (select(tables_t).where(tables_t.c.status == "playing")
                 .where(tables_t.c.updated >= since)
                 .order_by(tables_t.c.updated.desc()).limit(limit))

        def work():
            with self.engine.connect() as conn:
                rows = [dict(r._mapping, seats=[]) for r in conn.execute(query)]
                by_id = {r["id"]: r for r in rows}
                for chunk in _chunks(list(by_id), 500):
                    for s in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(chunk))
                                          .order_by(seats_t.c.table_id, seats_t.c.seat)):
                        by_id[s.table_id]["seats"].append(dict(s._mapping))
                return rows
        return await self._run(work)

    async def finished(self, limit: int = 30) -> list[dict]:
        query = (select(tables_t).where(tables_t.c.status == "over")
                 .order_by(tables_t.c.updated.desc()).limit(limit))

        def work():
            with self.engine.connect() as conn:
                rows = [dict(r._mapping, seats=[]) for r in conn.execute(query)]
                by_id = {r["id"]: r for r in rows}
                if by_id:
                    for s in conn.execute(select(seats_t.c.table_id, seats_t.c.seat,
                                                 seats_t.c.kind, seats_t.c.name)
                                          .where(seats_t.c.table_id.in_(list(by_id)))
                                          .order_by(seats_t.c.table_id, seats_t.c.seat)):
                        by_id[s.table_id]["seats"].append(
                            {"seat": s.seat, "kind": s.kind, "name": s.name})
                return rows
        return await self._run(work)

    async def _write(self, statement) -> int:
        def work():
            with self.engine.begin() as conn:
                return conn.execute(statement).rowcount
        return await self._run(work, write=True)

    async def update_table(self, table_id: str, **values) -> None:
        await self._write(update(tables_t).where(tables_t.c.id == table_id)
                          .values(**values, updated=time.time()))

    async def update_seat(self, table_id: str, seat: int, **values) -> None:
        await self._write(update(seats_t).where(seats_t.c.table_id == table_id)
                          .where(seats_t.c.seat == seat).values(**values))

    async def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Take an unclaimed seat for a newcomer; False if someone was quicker."""
        return await self._write(
            update(seats_t).where(seats_t.c.table_id == table_id)
            .where(seats_t.c.seat == seat).where(seats_t.c.claimed.is_(False))
            .values(claimed=True, token_hash=token_hash)) == 1

    # Moves -------------------------------------------------------------------------------------
    async def append_move(self, table_id: str, ply: int, seat: int | None, action: str,
                          status: str, result: Any = None) -> None:
        """Store move number `ply` (counting from 0) and the table's status after it; returns once
        committed. Raises if the write failed: the move is then not accepted."""
        done = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Write(table_id, ply, seat, action, status, result, done))
        await done

    async def _write_loop(self) -> None:
        queue = self._queue
        while True:
            batch = [await queue.get()]
            while not queue.empty() and len(batch) < 2000:
                batch.append(queue.get_nowait())
            # A write whose table stopped waiting (the server is shutting down) is not stored.
            batch = [w for w in batch if not w.done.done()]
            if not batch:
                continue
            try:
                await self._run(self._commit, batch, write=True)
            except asyncio.CancelledError:
                for write in batch:
                    if not write.done.done():
                        write.done.set_exception(RuntimeError("the store is closing"))
                raise
            except Exception:
                # One bad write must not sink the others: retry them one by one.
                for write in batch:
                    try:
                        await self._run(self._commit, [write], write=True)
                    except Exception as error:
                        log.exception("storing move %s of table %s failed", write.ply,
                                      write.table_id)
                        if not write.done.done():
                            write.done.set_exception(error)
                    else:
                        if not write.done.done():
                            write.done.set_result(None)
                continue
            for write in batch:
                if not write.done.done():
                    write.done.set_result(None)

    def _commit(self, batch: list[_Write]) -> None:
        now = time.time()
        if self.shared:
            self._commit_guarded(batch, now)
            return
        last: dict[str, _Write] = {}
        for write in batch:
            last[write.table_id] = write
        with self.engine.begin() as conn:
            conn.execute(insert(moves_t), [
                {"table_id": w.table_id, "ply": w.ply, "seat": w.seat, "action": w.action,
                 "at": now} for w in batch])
            conn.execute(_MOVED, [{"id_": w.table_id, "moves": w.ply + 1, "status": w.status,
                                   "result": w.result, "updated": now} for w in last.values()])


    def _commit_guarded(self, batch: list[_Write], now: float) -> None:
        """Each table's moves only if it still stands at the first one's number; the winners
        announced. Three statements a batch, whatever its size (the guard, the moves, the
        notices), as the store's one thread carries every process's moves to its tables. A
        loser's future gets Conflict here, on the store's thread, before the others' results."""
        by_table: dict[str, list[_Write]] = {}
        for write in batch:
            by_table.setdefault(write.table_id, []).append(write)
        rows = []
        for table_id, writes in by_table.items():
            writes.sort(key=lambda w: w.ply)
            if any(b.ply != a.ply + 1 for a, b in zip(writes, writes[1:])):
                continue  # not one run of moves: none of them can be right
            rows.append({"id": table_id, "first": writes[0].ply, "next": writes[-1].ply + 1,
                         "status": writes[-1].status, "result": writes[-1].result})
        with self.engine.begin() as conn:
            won = {row[0] for row in conn.execute(_GUARD_MANY, {"rows": json.dumps(rows),
                                                                "now": now})} if rows else set()
            kept = [w for w in batch if w.table_id in won]
            if kept:
                conn.execute(insert(moves_t), [
                    {"table_id": w.table_id, "ply": w.ply, "seat": w.seat, "action": w.action,
                     "at": now} for w in kept])
                conn.execute(_NOTIFY_MANY, {"channel": CHANNEL, "payloads": [json.dumps(
                    {"k": "move", "t": w.table_id, "p": w.ply, "a": w.action, "s": w.seat,
                     "st": w.status, "o": self.origin}) for w in kept]})
        for write in [w for w in batch if w.table_id not in won]:
            batch.remove(write)
            loop = write.done.get_loop()
            loop.call_soon_threadsafe(_settle, write.done, Conflict(write.table_id))

    # Several processes ---------------------------------------------------------------------------
    async def notify(self, kind: str, table_id: str, **data) -> None:
        """Tell the other processes that a table changed (nothing to tell with SQLite)."""
        if not self.shared:
            return
        payload = json.dumps({"k": kind, "t": table_id, "o": self.origin, **data})

        def work():
            with self.engine.begin() as conn:
                conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})
        await self._run(work)

    def _conninfo(self) -> str:
        from sqlalchemy.engine import make_url
        return make_url(self.url).set(drivername="postgresql").render_as_string(
            hide_password=False)

    def listen(self, on_notice) -> None:
        """Call `on_notice(dict)` on the loop for every other process's notice."""
        async def run():
            import psycopg
            while True:
                try:
                    async with await psycopg.AsyncConnection.connect(
                            self._conninfo(), autocommit=True) as conn:
                        await conn.execute(f"LISTEN {CHANNEL}")
                        on_notice({"k": "listening", "o": ""})
                        async for notice in conn.notifies():
                            try:
                                message = json.loads(notice.payload)
                            except ValueError:
                                continue
                            if message.get("o") != self.origin:
                                on_notice(message)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("listening to the store failed; again in a second")
                    await asyncio.sleep(1.0)
        self._listener = asyncio.create_task(run())

    async def lease(self, table_ids: list[str] | None = None, since: float | None = None,
                    held: list[str] = ()) -> list[str]:
        """Take the leases of these tables (None: of every table in play made before `since`,
        but those `held` already) that no process holds; the ids taken. A lock taken twice must
        be let go twice, so a table held is never asked for again. A lease lasts while this
        process's connection does: PostgreSQL drops it when the process dies."""
        import psycopg
        if self._leases is None or self._leases.closed:
            self._leases = await psycopg.AsyncConnection.connect(self._conninfo(),
                                                                 autocommit=True)
        if table_ids is not None:
            query = ("SELECT id FROM unnest(%(ids)s::text[]) AS id "
                     "WHERE pg_try_advisory_lock(%(space)s, hashtext(id))")
            params = {"ids": table_ids, "space": LEASES}
        else:
            query = ("SELECT id FROM tables WHERE status = 'playing' AND created < %(since)s "
                     "AND NOT (id = ANY(%(held)s::text[])) "
                     "AND pg_try_advisory_lock(%(space)s, hashtext(id))")
            params = {"since": since or time.time(), "space": LEASES, "held": list(held)}
        cursor = await self._leases.execute(query, params)
        return [row[0] for row in await cursor.fetchall()]

    async def release(self, table_id: str) -> None:
        if self._leases is not None and not self._leases.closed:
            await self._leases.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))",
                                       (LEASES, table_id))


def _settle(future: asyncio.Future, error: Exception) -> None:
    if not future.done():
        future.set_exception(error)


_GUARD_MANY = text(
    "UPDATE tables AS t SET moves = v.next, status = v.status, result = v.result::json, "
    "updated = :now FROM jsonb_to_recordset(CAST(:rows AS jsonb)) "
    "AS v(id text, first int, next int, status text, result jsonb) "
    "WHERE t.id = v.id AND t.moves = v.first RETURNING t.id")
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
_NOTIFY_MANY = text("SELECT pg_notify(:channel, payload) "
                    "FROM unnest(CAST(:payloads AS text[])) AS payload")

_MOVED = (update(tables_t).where(tables_t.c.id == bindparam("id_"))
          .values(moves=bindparam("moves"), status=bindparam("status"),
                  result=bindparam("result"), updated=bindparam("updated")))


def store_finished(url: str, games: list[dict]) -> None:
    """Write finished games into a room's database, where `parlour serve --db URL` shows each
    on its replay page, /replay/<id>. Each game: "id", "record" (a state's record), "seats"
    ({"name", "agent"} of the computer in each seat), "movers" (the seat of each action) and
    "result" (its returns). A table already stored under an id is replaced. The lab uses this
    to put its extreme games in the web room."""
    engine = create_engine(database_url(url))
    try:
        metadata.create_all(engine)
        now = time.time()
        with engine.begin() as conn:
            for game in games:
                record, table_id = game["record"], game["id"]
                for table in (moves_t, seats_t):
                    conn.execute(table.delete().where(table.c.table_id == table_id))
                conn.execute(tables_t.delete().where(tables_t.c.id == table_id))
                conn.execute(insert(tables_t).values(
                    id=table_id, game=record["game"], players=record["players"],
                    options=record["options"], seed=record["seed"], deck=record.get("deck"),
                    status="over", moves=len(record["actions"]), result=game["result"],
                    host_hash=None, next_table=None, created=now, updated=now))
                conn.execute(insert(seats_t), [
                    {"table_id": table_id, "seat": seat, "kind": "computer",
                     "agent": s["agent"], "name": s["name"], "token_hash": None,
                     "public": False, "claimed": True} for seat, s in enumerate(game["seats"])])
                if record["actions"]:
                    conn.execute(insert(moves_t), [
                        {"table_id": table_id, "ply": ply, "seat": seat, "action": action,
                         "at": now}
                        for ply, (seat, action) in enumerate(zip(game["movers"],
                                                                 record["actions"]))])
    finally:
        engine.dispose()


def _chunks(items: list, size: int):
    for i in range(0, len(items), size):
        yield items[i:i + size]
