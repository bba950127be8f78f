"""uvicorn's sans-I/O websocket protocol with back-pressure towards the peer: it stops reading
from a client that does not read what it is sent, and closes one that has too much queued.

uvicorn answers every PING with a PONG whatever is already queued, and keeps reading: a client
that sends pings and never reads grows the server's memory without bound.

One connection's cap does not bound many: 240 sockets that never read, each just under it, hold
240 times as much, and parsing their pings took the event loop from everyone. So the bytes queued
for every websocket of the process are kept in one ledger, by address (`Ledger`): past an
address's budget its heaviest connection is closed, past the room's the heaviest address's
heaviest is. Queued bytes are the transport's and the kernel's send queue (TIOCOUTQ): a kernel
buffer grows to megabytes on its own before the transport holds a byte. And a connection may send
PINGs at a bounded rate only (each costs the event loop a frame parsed and a pong written);
past it, it is closed."""

from __future__ import annotations

import asyncio
import fcntl
import struct
import termios

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limits import Bucket, Quiet, forwarded_client, proxies
from .settings import Settings

# Well below any sensible cap, so a slow reader is paused long before it is closed.
HIGH_WATER = 64 * 1024
# What is fed to the websocket parser at a time, the budgets checked between: a read is up to
# 256 KiB, 2,000 pings, and a connection closed after the first few is not parsed further (240
# sockets' first reads come in one turn of the event loop: each costs the others its parsing).
PIECE = 1024
_INT = struct.calcsize("i")


def kernel_queued(fd: int) -> int:
    """Bytes the kernel holds for the peer: not yet sent, or sent and not acknowledged."""
    if fd < 0:
        return 0
    try:
        return struct.unpack("i", fcntl.ioctl(fd, termios.TIOCOUTQ, b"\0" * _INT))[0]
    except OSError:
        return 0


class Ledger:
    """The bytes queued for every websocket of this process, by connection and by address.

    A socket closed keeps its kernel buffers until the event loop's turn ends (uvloop closes it
    then), so the bytes of those closed in this turn still count (`closing`) until then, and
    while they push an address (or the room) over its budget, none of its other connections is
    read for the rest of the turn (`hold`): they cannot grow in the closed ones' place."""

    def __init__(self) -> None:
        self.total = 0
        self.addresses: dict[str, dict[BoundedWebSocketProtocol, int]] = {}
        self.of_address: dict[str, int] = {}
        self.closing = 0
        self.closing_of: dict[str, int] = {}
        self.turn = 0  # drops so far: the last one's callback clears `closing`
        self.held: list[BoundedWebSocketProtocol] = []

    def set(self, conn: BoundedWebSocketProtocol, queued: int) -> None:
        conns = self.addresses.setdefault(conn.address, {})
        delta = queued - conns.get(conn, 0)
        conns[conn] = queued
        self.total += delta
        self.of_address[conn.address] = self.of_address.get(conn.address, 0) + delta

    def remove(self, conn: BoundedWebSocketProtocol) -> None:
        conns = self.addresses.get(conn.address)
        if conns is None or conn not in conns:
            return
        queued = conns.pop(conn)
        self.total -= queued
        self.of_address[conn.address] -= queued
        if not conns:
            del self.addresses[conn.address]
            del self.of_address[conn.address]

    def dropped(self, conn: BoundedWebSocketProtocol, queued: int) -> None:
        """`conn` is closed with `queued` bytes, which the kernel frees when the turn ends."""
        self.remove(conn)
        self.closing += queued
        self.closing_of[conn.address] = self.closing_of.get(conn.address, 0) + queued
        self.turn += 1
        # After the transport's own close, which abort() has just asked for.
        asyncio.get_running_loop().call_soon(self.closed, self.turn)

    def closed(self, turn: int) -> None:
        if turn == self.turn:
            self.closing = 0
            self.closing_of.clear()

    def refresh(self, address: str | None = None) -> None:
        """What is queued now: the counts of connections that drained quietly were stale."""
        for where in ([address] if address is not None else list(self.addresses)):
            for conn in list(self.addresses.get(where, ())):
                self.set(conn, conn.queued())

    def heaviest(self, address: str) -> BoundedWebSocketProtocol:
        return max(self.addresses[address].items(), key=lambda kv: kv[1])[0]

    def enforce(self, conn: BoundedWebSocketProtocol) -> None:
        """Within the address's and the room's budgets, closing the heaviest until so."""
        address, budget = conn.address, conn.address_outbound
        if self.of_address.get(address, 0) > budget:
            self.refresh(address)
            while self.of_address.get(address, 0) > budget:
                self.heaviest(address).drop(f"its address has {self.of_address[address]} bytes "
                                            "queued in all")
        if self.of_address.get(address, 0) + self.closing_of.get(address, 0) > budget:
            self.hold(list(self.addresses.get(address, ())))
        budget = conn.room_outbound
        if self.total > budget:
            self.refresh()
            while self.total > budget:
                address = max(self.of_address, key=self.of_address.__getitem__)
                self.heaviest(address).drop(f"the room has {self.total} bytes queued in all, "
                                            f"its address {self.of_address[address]}")
        if self.total + self.closing > budget:
            self.hold([c for conns in self.addresses.values() for c in conns])

    def hold(self, conns) -> None:
        """Read nothing more from `conns` for the rest of this turn of the event loop."""
        for conn in conns:
            if not conn.held and not conn.transport.is_closing():
                conn.held = True
                conn.transport.pause_reading()
                self.held.append(conn)
                if len(self.held) == 1:
                    asyncio.get_running_loop().call_soon(self.release)

    def release(self) -> None:
        held, self.held = self.held, []
        for conn in held:
            conn.unhold()


LEDGER = Ledger()
QUIET = Quiet()


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    """Set the caps by `protocol(...)`: the bytes that may wait for one peer (`outbound`), for
    all of one address's (`address_outbound`) and for everyone's (`room_outbound`), and the
    pings a connection may send."""

    outbound = Settings.ws_outbound
    address_outbound = Settings.address_outbound
    room_outbound = Settings.room_outbound
    pings_per_second = Settings.ws_pings_per_second
    ping_burst = Settings.ws_ping_burst
    ledger = LEDGER

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.write_paused = False
        self.held = False  # by the ledger, for a turn of the event loop
        self.pending = b""  # what was read but not parsed while held
        self.address = ""
        self.fd = -1
        self.pings = Bucket(self.pings_per_second, self.ping_burst)

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        transport.set_write_buffer_limits(high=HIGH_WATER)
        self.address = self.client[0] if self.client else ""
        sock = transport.get_extra_info("socket")
        self.fd = sock.fileno() if sock is not None else -1
        self.ledger.set(self, 0)  # held with its address from the start

    def handle_connect(self, event) -> None:
        # Behind a trusted proxy every socket comes from the proxy: the budget of an address
        # is that of the client the proxy names, as the room's own limits count it.
        client = forwarded_client(proxies(self.config), self.address,
                                  event.headers.get_all("X-Forwarded-For"))
        if client != self.address:
            self.ledger.remove(self)
            self.address = client
            self.ledger.set(self, 0)
        super().handle_connect(event)

    def connection_lost(self, exc) -> None:
        self.ledger.remove(self)
        super().connection_lost(exc)

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
        if not self.transport.is_closing():
            self.ledger.set(self, self.queued())

    def data_received(self, data: bytes) -> None:
        for start in range(0, len(data), PIECE):
            if self.held:
                self.pending += data[start:]
                return
            super().data_received(data[start:start + PIECE])
            if self.transport.is_closing():
                return
            self.check_outbound()
            if self.transport.is_closing():
                return

    def unhold(self) -> None:
        self.held = False
        pending, self.pending = self.pending, b""
        if pending and not self.transport.is_closing():
            self.data_received(pending)
        if not (self.held or self.write_paused or self.read_paused or
                self.transport.is_closing()):
            self.transport.resume_reading()

    def handle_ping(self) -> None:
        if self.transport.is_closing():
            return
        if self.pings.take():
            self.drop(f"it sends pings faster than {self.pings_per_second:g} a second")
            return
        super().handle_ping()

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

    def queued(self) -> int:
        """Bytes waiting for the peer: in the transport and in the kernel."""
        if self.transport.is_closing():
            return 0
        return self.transport.get_write_buffer_size() + kernel_queued(self.fd)

    def check_outbound(self) -> None:
        if self.transport.is_closing():
            return
        queued = self.queued()
        if queued > self.outbound:
            self.drop(f"it does not read: {queued} bytes queued")
        else:
            self.ledger.set(self, queued)
        self.ledger.enforce(self)

    def drop(self, why: str) -> None:
        """Close at once: nothing more is read from the peer or written to it."""
        QUIET.warn("ws", "closed a websocket from %s: %s", self.address or "?", why)
        queued = self.queued()
        self.transport.abort()
        self.ledger.dropped(self, queued)


def protocol(outbound: int = Settings.ws_outbound, *, address_outbound: int =
             Settings.address_outbound, room_outbound: int = Settings.room_outbound,
             pings_per_second: float = Settings.ws_pings_per_second,
             ping_burst: int = Settings.ws_ping_burst) -> type[BoundedWebSocketProtocol]:
    """The class for uvicorn's `ws=`; uvicorn builds one a connection, so the caps ride on it."""
    return type("BoundedWebSocketProtocol", (BoundedWebSocketProtocol,), {
        "outbound": outbound, "address_outbound": address_outbound,
        "room_outbound": room_outbound, "pings_per_second": pings_per_second,
        "ping_burst": ping_burst})


def for_settings(settings: Settings) -> type[BoundedWebSocketProtocol]:
    return protocol(settings.ws_outbound, address_outbound=settings.address_outbound,
                    room_outbound=settings.room_outbound,
                    pings_per_second=settings.ws_pings_per_second,
                    ping_burst=settings.ws_ping_burst)


def _from_env() -> type[BoundedWebSocketProtocol]:
    return for_settings(Settings.from_env())


# For `parlour serve --workers N`, whose processes name their protocol by import path.
FromEnv = _from_env()
