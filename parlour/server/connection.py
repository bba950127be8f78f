"""One websocket of the room: its frames go out through one writer task."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import TYPE_CHECKING

from . import i18n
from .limits import Bucket

if TYPE_CHECKING:
    from .table import Table


class Connection:
    """One websocket. Frames go out through one writer task; the state frame is built when it is
    sent, so a slow reader gets the latest position, not a backlog of old ones."""

    QUEUE_LIMIT = 200

    def __init__(self, websocket, table: Table, tr: i18n.Translator | None = None,
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
        # A socket past the table's watchers' caps: it may take its seat within a grace time,
        # and is shown nothing of the game meanwhile.
        self.waiting: asyncio.TimerHandle | None = None
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
        if not self.closed and self.waiting is None:
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
