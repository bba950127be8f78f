"""What each address may still do: its message and table-opening rates, its sockets. A person
behind one address and a crowd behind another get the same share of the room."""

from __future__ import annotations

import logging
import math
import time
from collections import Counter

from .errors import RoomError
from .settings import Settings


def proxies(config):
    """The proxies whose X-Forwarded-For the room believes (uvicorn's --forwarded-allow-ips, as
    its own middleware reads it), kept on the uvicorn config; None without proxy headers."""
    trusted = getattr(config, "_parlour_proxies", False)
    if trusted is False:
        try:
            from uvicorn.middleware.proxy_headers import _TrustedHosts
        except ImportError:  # pragma: no cover - uvicorn moved it: count proxies' addresses
            _TrustedHosts = None
        trusted = _TrustedHosts(config.forwarded_allow_ips) \
            if _TrustedHosts is not None and config.proxy_headers else None
        config._parlour_proxies = trusted
    return trusted


def forwarded_client(trusted, peer: str, forwarded_for: list[str]) -> str:
    """The address a connection from `peer` speaks for: the client a trusted proxy names (as
    uvicorn's middleware reads X-Forwarded-For), else the peer itself."""
    if trusted is None or not forwarded_for or peer not in trusted:
        return peer
    host, _ = trusted.get_trusted_client_address(", ".join(forwarded_for)[:1024])
    return host or peer


class Quiet:
    """A warning at most every `every` seconds of each kind, saying how many there were since
    the last: an attack of thousands of connections writes a few lines, not thousands."""

    def __init__(self, every: float = 10.0) -> None:
        self.every, self.last, self.counts = every, {}, Counter()

    def warn(self, kind: str, message: str, *args) -> None:
        self.counts[kind] += 1
        now = time.monotonic()
        if now - self.last.get(kind, -self.every) >= self.every:
            logging.getLogger("parlour.server").warning(
                message + " (%d such since the last line)", *args, self.counts[kind])
            self.last[kind], self.counts[kind] = now, 0


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


class Limits:
    """The room's per-address counters; an address that went quiet is forgotten."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._messages: dict[str, Bucket] = {}
        self._creates: dict[str, Bucket] = {}
        self.connections: Counter[str] = Counter()

    def admit(self, conn_bucket: Bucket, address: str) -> None:
        """A websocket message may be handled: within its connection's rate and its address's."""
        settings = self.settings
        wait = conn_bucket.take()
        if not wait:
            bucket = self._messages.get(address)
            if bucket is None:
                bucket = self._messages[address] = Bucket(
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

    def may_open(self, address: str | None, playing: int, of_address: int) -> None:
        """A new table within the room's caps (`playing` tables in play, `of_address` of them
        opened by this address) and the address's rate."""
        settings = self.settings
        if playing >= settings.max_tables:
            raise RoomError("room_full", "the room has as many tables in play as it can hold; "
                            "try again later", 503, retry_after=60)
        if address is None:
            return
        if of_address >= settings.tables_per_address:
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

    def forget_quiet(self) -> None:
        for buckets in (self._messages, self._creates):
            for address in [a for a, b in buckets.items() if b.full()]:
                del buckets[address]
