"""Requests from other sites: a page elsewhere must not use its visitors' browsers to open
tables, take seats or play in this room. Browsers say where a request comes from (Origin, and
Sec-Fetch-Site where Origin is left out); a request naming another site is refused unless that
site is one the room was told to trust (`Settings.origins`). Programs that say nothing (curl, the
tests, a bot of the player's own) are no one's visitors and pass.

A JSON body must also say so (`application/json`): a cross-site form or a `text/plain` fetch
cannot, without a preflight the room never answers."""

from __future__ import annotations

from urllib.parse import urlsplit

from .errors import RoomError

# Longer headers than this are not anyone's real origin or host.
HEADER_LIMIT = 512
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def trusted_origins(setting: str) -> frozenset[str]:
    """`Settings.origins`, "https://a.example, https://b.example", as normalised origins."""
    return frozenset(filter(None, (_origin(part) for part in setting.split(","))))


def check(headers, scheme: str, trusted: frozenset[str]) -> None:
    """Refuse a request from another site (RoomError `cross_site`); `headers` as Starlette's."""
    origin = headers.get("origin")
    if origin is not None:
        if origin == "null" or _origin(origin) is None:
            raise RoomError("cross_site", "requests from other sites are not accepted here", 403)
        wanted = _origin(origin)
        if wanted in trusted or wanted == _own(headers, scheme, wanted):
            return
        raise RoomError("cross_site", "requests from other sites are not accepted here", 403)
    # No Origin: an older or a privacy-minded browser still says whether it is another site.
    if headers.get("sec-fetch-site", "")[:HEADER_LIMIT].strip().lower() == "cross-site":
        raise RoomError("cross_site", "requests from other sites are not accepted here", 403)


def check_json(headers) -> None:
    """A body is read as JSON only when its sender says it is JSON."""
    kind = headers.get("content-type", "")[:HEADER_LIMIT].split(";")[0].strip().lower()
    if kind != "application/json":
        raise RoomError("not_json", "send the body as JSON (Content-Type: application/json)",
                        415)


def _own(headers, scheme: str, wanted: str) -> str | None:
    """This room's own origin as the browser addressed it (the Host it sent)."""
    host = headers.get("host", "")[:HEADER_LIMIT].strip().lower()
    if not host:
        return None
    # A websocket's scheme is ws/wss, the page's http/https; behind a TLS proxy the room sees
    # http while the page says https: the host and port decide.
    page_scheme = urlsplit(wanted).scheme
    forwarded = headers.get("x-forwarded-proto", "")[:HEADER_LIMIT].strip().lower()
    default = {"http": "80", "https": "443"}
    name, _, port = host.partition(":")
    for candidate in {_plain(scheme), forwarded, page_scheme} - {""}:
        if candidate not in default:
            continue
        own = f"{candidate}://{name}" + (f":{port}" if port and port != default[candidate]
                                         else "")
        if own == wanted:
            return own
    return None


def _plain(scheme: str) -> str:
    return {"ws": "http", "wss": "https"}.get(scheme, scheme)


def _origin(text: str) -> str | None:
    """scheme://host[:port], lower case, the default port left out; None if not an origin."""
    text = text.strip()[:HEADER_LIMIT].lower()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    default = {"http": 80, "https": 443}[parts.scheme]
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port and port != default else "")
