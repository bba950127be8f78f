"""The room's records: tables, seats and every accepted move, in any SQLAlchemy database.

SQLite (a file under ./data/) by default, through aiosqlite; any async SQLAlchemy URL works, so a
hosted room can point at PostgreSQL. A move is accepted only when the transaction holding it
commits: the table applies it to a copy of its state, waits here, and only then takes the copy.
Writes from every table queue into one writer that commits them together (a group commit), so many
tables moving at once cost one commit between them, not one each.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (JSON, BigInteger, Boolean, Column, Float, Integer, MetaData, String, Table,
                        Text, event, insert, select, update)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

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
    Column("status", String(16), nullable=False, index=True),  # playing, over, broken
    Column("moves", Integer, nullable=False, default=0),
    Column("result", JSON, nullable=True),
    Column("host_hash", String(64), nullable=True),
    Column("next_table", String(32), nullable=True),  # the rematch, once someone asked for one
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
    """An async SQLAlchemy URL; plain sqlite:// and postgresql:// get their async drivers."""
    if not url:
        folder = Path("data")
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{folder / 'parlour.db'}"
    if url.startswith("sqlite://"):
        url = "sqlite+aiosqlite://" + url[len("sqlite://"):]
    elif url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+asyncpg://" + url.split("://", 1)[1]
    if url.startswith("sqlite+aiosqlite:///"):
        path = url[len("sqlite+aiosqlite:///"):]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    return url


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
        self.engine: AsyncEngine | None = None
        self._queue: asyncio.Queue[_Write] | None = None
        self._writer: asyncio.Task | None = None

    async def open(self) -> None:
        self.engine = create_async_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            @event.listens_for(self.engine.sync_engine, "connect")
            def _pragmas(connection, _record):
                cursor = connection.cursor()
                # WAL: readers never block the writer; a process killed mid-write loses nothing
                # committed. synchronous=NORMAL keeps every commit across a crash of the server
                # (only a power cut may lose the last commits) at a fraction of FULL's cost.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.close()
        async with self.engine.begin() as conn:
            await conn.run_sync(metadata.create_all)
        self._queue = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            try:
                await self._writer
            except asyncio.CancelledError:
                pass
            self._writer = None
        if self.engine is not None:
            await self.engine.dispose()
            self.engine = None

    # Tables ------------------------------------------------------------------------------------
    async def create_table(self, row: dict, seats: list[dict]) -> None:
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(insert(tables_t).values(
                **row, moves=0, status="playing", created=now, updated=now))
            await conn.execute(insert(seats_t), [dict(s, table_id=row["id"]) for s in seats])

    async def table_ids(self) -> set[str]:
        async with self.engine.connect() as conn:
            return set((await conn.execute(select(tables_t.c.id))).scalars())

    async def load_tables(self, status: str | None = None, table_id: str | None = None) -> list[dict]:
        """Tables with their seats and moves, oldest first."""
        query = select(tables_t).order_by(tables_t.c.created)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        if table_id is not None:
            query = query.where(tables_t.c.id == table_id)
        async with self.engine.connect() as conn:
            rows = [dict(r._mapping) for r in await conn.execute(query)]
            if not rows:
                return []
            ids = [r["id"] for r in rows]
            by_id = {r["id"]: dict(r, seats=[], actions=[]) for r in rows}
            for chunk in _chunks(ids, 500):
                seats = await conn.execute(select(seats_t).where(seats_t.c.table_id.in_(chunk))
                                           .order_by(seats_t.c.table_id, seats_t.c.seat))
                for s in seats:
                    by_id[s.table_id]["seats"].append(dict(s._mapping))
                moves = await conn.execute(
                    select(moves_t.c.table_id, moves_t.c.ply, moves_t.c.action)
                    .where(moves_t.c.table_id.in_(chunk))
                    .order_by(moves_t.c.table_id, moves_t.c.ply))
                for m in moves:
                    by_id[m.table_id]["actions"].append(m.action)
        return [by_id[i] for i in ids]

    async def finished(self, limit: int = 30) -> list[dict]:
        query = (select(tables_t).where(tables_t.c.status == "over")
                 .order_by(tables_t.c.updated.desc()).limit(limit))
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(query)]

    async def update_table(self, table_id: str, **values) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                               .values(**values, updated=time.time()))

    async def update_seat(self, table_id: str, seat: int, **values) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(seats_t).where(seats_t.c.table_id == table_id)
                               .where(seats_t.c.seat == seat).values(**values))

    async def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Take an unclaimed seat for a newcomer; False if someone was quicker."""
        async with self.engine.begin() as conn:
            result = await conn.execute(
                update(seats_t).where(seats_t.c.table_id == table_id)
                .where(seats_t.c.seat == seat).where(seats_t.c.claimed.is_(False))
                .values(claimed=True, token_hash=token_hash))
            return result.rowcount == 1

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
            try:
                await self._commit(batch)
            except asyncio.CancelledError:
                for write in batch:
                    if not write.done.done():
                        write.done.set_exception(RuntimeError("the store is closing"))
                raise
            except Exception:
                # One bad write must not sink the others: retry them one by one.
                for write in batch:
                    try:
                        await self._commit([write])
                    except Exception as error:
                        log.exception("storing move %s of table %s failed", write.ply,
                                      write.table_id)
                        if not write.done.done():
                            write.done.set_exception(error)
                continue
            for write in batch:
                if not write.done.done():
                    write.done.set_result(None)

    async def _commit(self, batch: list[_Write]) -> None:
        # A write whose table stopped waiting (the server is shutting down) is not stored.
        batch = [w for w in batch if not w.done.done()]
        if not batch:
            return
        now = time.time()
        last: dict[str, _Write] = {}
        for write in batch:
            last[write.table_id] = write
        async with self.engine.begin() as conn:
            await conn.execute(insert(moves_t), [
                {"table_id": w.table_id, "ply": w.ply, "seat": w.seat, "action": w.action,
                 "at": now} for w in batch])
            for w in last.values():
                await conn.execute(update(tables_t).where(tables_t.c.id == w.table_id).values(
                    moves=w.ply + 1, status=w.status, result=w.result, updated=now))


def _chunks(items: list, size: int):
    for i in range(0, len(items), size):
        yield items[i:i + size]
