"""uvicorn's httptools protocol with the bounds a room on the open internet needs and uvicorn
does not have (0.55: a keep-alive timeout that any byte resets, a global `limit_concurrency` that
answers 503 only after reading the request, and no cap on a request's head at all):

- a request's line and headers must arrive within `header_timeout` seconds of its first byte
  (of the connection, for the first): a client sending a byte now and then is closed (408);
- its body within `body_timeout` of the end of its headers;
- the line and headers are at most `max_header_bytes`: past it the request is answered 431 and
  closed before anything more is read (httptools itself takes headers of any length); of a
  Cookie header only the first 8 KiB are kept, whatever the cap (every request parses it);
- an address holds at most `http_per_address` open HTTP connections and the process at most
  `http_connections`: a connection past either is answered 503 and closed at once, before it
  is read, so slow requests from one address cannot take the open files everyone needs.
  A trusted proxy (`--forwarded-allow-ips`) is exempt from the per-address cap: it speaks for
  many clients and bounds each itself (docs/deploy.md).

A websocket upgrade leaves these counts: websockets have their own caps (wsproto.py, limits.py)."""

from __future__ import annotations

from collections import Counter

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .limits import Quiet, proxies
from .settings import Settings


def _answer(status: str, text: str, retry_after: int | None = None) -> bytes:
    body = text.encode()
    head = [f"HTTP/1.1 {status}", "content-type: text/plain; charset=utf-8",
            f"content-length: {len(body)}", "connection: close"]
    if retry_after is not None:
        head.append(f"retry-after: {retry_after}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


COOKIE_BYTES = 8192

BUSY = _answer("503 Service Unavailable", "too many open connections; try again later\n", 10)
TOO_SLOW = _answer("408 Request Timeout", "the request came too slowly\n")
TOO_LARGE = _answer("431 Request Header Fields Too Large", "the request's headers are too "
                    "large\n")


class Open:
    """The HTTP connections open in this process, by address."""

    def __init__(self) -> None:
        self.total = 0
        self.of_address: Counter[str] = Counter()

    def add(self, address: str) -> None:
        self.total += 1
        self.of_address[address] += 1

    def remove(self, address: str) -> None:
        self.total -= 1
        self.of_address[address] -= 1
        if self.of_address[address] <= 0:
            del self.of_address[address]


OPEN = Open()


QUIET = Quiet()


class BoundedHttpProtocol(HttpToolsProtocol):
    """Set the bounds by `protocol(...)` (or `for_settings`); uvicorn builds one a connection."""

    header_timeout = Settings.header_timeout
    body_timeout = Settings.body_timeout
    max_header_bytes = Settings.max_header_bytes
    per_address = Settings.http_per_address
    in_all = Settings.http_connections
    open = OPEN

    def __init__(self, config, *args, **kwargs) -> None:
        super().__init__(config, *args, **kwargs)
        self.counted: str | None = None  # the address counted in `open`, while it is
        self.refused = False
        self.timer = None
        self.in_head = True  # reading a request's line and headers (or waiting for one)
        self.head_bytes = 0
        self.trusted = proxies(config)

    # The connection --------------------------------------------------------------------------
    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        proxy = self.trusted is not None and address in self.trusted
        if self.open.total >= self.in_all:
            QUIET.warn("all", "refused an HTTP connection: %d open in all", self.open.total)
            self.refuse(BUSY)
            return
        if not proxy and self.open.of_address[address] >= self.per_address:
            QUIET.warn("address", "refused an HTTP connection from %s: %d open from it",
                       address, self.open.of_address[address])
            self.refuse(BUSY)
            return
        self.open.add(address)
        self.counted = address
        self.arm(self.header_timeout, self.head_too_slow)

    def connection_lost(self, exc) -> None:
        self.disarm()
        self.release()
        super().connection_lost(exc)

    def release(self) -> None:
        if self.counted is not None:
            self.open.remove(self.counted)
            self.counted = None

    def refuse(self, answer: bytes) -> None:
        """Answer and close, reading nothing more."""
        self.refused = True
        self.disarm()
        self.transport.pause_reading()
        self.transport.write(answer)
        self.transport.close()

    def handle_websocket_upgrade(self) -> None:
        self.disarm()
        self.release()
        super().handle_websocket_upgrade()

    # Timers ----------------------------------------------------------------------------------
    def arm(self, seconds: float, then) -> None:
        self.disarm()
        if seconds > 0:
            self.timer = self.loop.call_later(seconds, then)

    def disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def head_too_slow(self) -> None:
        self.timer = None
        if self.transport.is_closing():
            return
        QUIET.warn("head", "closed an HTTP connection from %s whose request's headers took "
                   "more than %g s", self.client[0] if self.client else "?", self.header_timeout)
        if self.cycle is not None and not self.cycle.response_complete:
            self.transport.abort()  # a response under way: nothing may be written after it
        else:
            self.refuse(TOO_SLOW)

    def body_too_slow(self) -> None:
        self.timer = None
        if self.transport.is_closing():
            return
        QUIET.warn("body", "closed an HTTP connection from %s whose request's body took more "
                   "than %g s", self.client[0] if self.client else "?", self.body_timeout)
        self.transport.abort()  # the app is reading the body: it sees a disconnect

    # Reading ---------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        while data:
            if self.in_head:
                room = self.max_header_bytes - self.head_bytes
                if room <= 0:
                    QUIET.warn("large", "refused a request from %s whose headers are larger "
                               "than %d bytes", self.client[0] if self.client else "?",
                               self.max_header_bytes)
                    if self.cycle is not None and not self.cycle.response_complete:
                        self.transport.abort()  # a response under way: nothing after it
                    else:
                        self.refuse(TOO_LARGE)
                    return
                piece, data = data[:room], data[room:]
                self.head_bytes += len(piece)
            else:
                piece, data = data, b""
            super().data_received(piece)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # refused, or now a websocket

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.timer is None:  # the next request on a kept-alive connection: its own clock
            self.arm(self.header_timeout, self.head_too_slow)

    def on_header(self, name: bytes, value: bytes) -> None:
        # FastAPI parses every cookie of every request (on the event loop, 1 s for 2 MB of
        # them): what the room reads of a Cookie header is its first COOKIE_BYTES, cut after
        # the last whole cookie.
        if len(value) > COOKIE_BYTES and name.lower() == b"cookie":
            value = value[:max(0, value.rfind(b";", 0, COOKIE_BYTES))]
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.in_head = False
        self.disarm()
        super().on_headers_complete()
        if not (self.parser.should_upgrade() and self._should_upgrade()):
            self.arm(self.body_timeout, self.body_too_slow)

    def on_message_complete(self) -> None:
        self.disarm()
        self.in_head, self.head_bytes = True, 0
        super().on_message_complete()


def protocol(header_timeout: float = Settings.header_timeout,
             body_timeout: float = Settings.body_timeout,
             max_header_bytes: int = Settings.max_header_bytes,
             per_address: int = Settings.http_per_address,
             in_all: int = Settings.http_connections) -> type[BoundedHttpProtocol]:
    """The class for uvicorn's `http=`, the bounds riding on it."""
    return type("BoundedHttpProtocol", (BoundedHttpProtocol,), {
        "header_timeout": header_timeout, "body_timeout": body_timeout,
        "max_header_bytes": max_header_bytes, "per_address": per_address, "in_all": in_all})


def for_settings(settings: Settings) -> type[BoundedHttpProtocol]:
    return protocol(settings.header_timeout, settings.body_timeout, settings.max_header_bytes,
                    settings.http_per_address, settings.http_connections)


def _from_env() -> type[BoundedHttpProtocol]:
    return for_settings(Settings.from_env())


# For `parlour serve --workers N`, whose processes name their protocol by import path.
FromEnv = _from_env()
