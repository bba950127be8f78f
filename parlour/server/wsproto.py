"""uvicorn's sans-I/O websocket protocol with back-pressure towards the peer: it stops reading
from a client that does not read what it is sent, and closes one that has too much queued.

uvicorn answers every PING with a PONG whatever is already queued, and keeps reading: a client
that sends pings and never reads grows the server's memory without bound."""

from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("parlour.server")

# Well below any sensible cap, so a slow reader is paused long before it is closed.
HIGH_WATER = 64 * 1024


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    """Set `outbound` by `protocol(outbound)`: the bytes that may wait for the peer."""

    outbound = 1 << 20

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.write_paused = False

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        transport.set_write_buffer_limits(high=HIGH_WATER)

    def pause_writing(self) -> None:
        super().pause_writing()
        self.write_paused = True
        # Every frame read may be a ping whose pong would queue behind the rest: leave the
        # bytes in the kernel, so TCP's window slows the peer down.
        self.transport.pause_reading()

    def resume_writing(self) -> None:
        super().resume_writing()
        self.write_paused = False
        # While the app has messages it has not taken, receive() resumes reading instead.
        if not self.read_paused:
            self.transport.resume_reading()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.check_outbound()

    async def receive(self):
        message = await super().receive()
        # The app caught up and super() resumed reading, but the peer still does not read.
        if self.write_paused:
            self.transport.pause_reading()
        return message

    async def send(self, message) -> None:
        await super().send(message)
        # A close resumes reading for the peer's answer; a peer that does not read waits on
        # the close timer without sending us more.
        if self.write_paused:
            self.transport.pause_reading()
        self.check_outbound()

    def check_outbound(self) -> None:
        if self.transport.is_closing():
            return
        queued = self.transport.get_write_buffer_size()
        if queued > self.outbound:
            log.warning("closing a websocket from %s that does not read: %d bytes queued",
                        self.client[0] if self.client else "?", queued)
            self.transport.abort()


def protocol(outbound: int) -> type[BoundedWebSocketProtocol]:
    """The class for uvicorn's `ws=`; uvicorn builds one a connection, so the cap rides on it."""
    return type("BoundedWebSocketProtocol", (BoundedWebSocketProtocol,), {"outbound": outbound})


def _from_env() -> type[BoundedWebSocketProtocol]:
    from .tables import Settings
    return protocol(Settings.from_env().ws_outbound)


# For `parlour serve --workers N`, whose processes name their protocol by import path.
FromEnv = _from_env()
