"""Seat tokens: the secret in an invite link. Only their hashes are stored, so a copy of the
database seats nobody. Tokens are long random strings, so a plain SHA-256 is enough (no salt or
slow hash is needed against guessing a 128-bit secret)."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: object, stored_hash: str | None) -> bool:
    if not isinstance(token, str) or not stored_hash or len(token) > 200:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)
