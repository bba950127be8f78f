"""The one error of the room: a request it refuses, said to programs and to people."""

from __future__ import annotations


class RoomError(Exception):
    """A request the room refuses: `code` for programs, `message` for people; `retry_after`
    (seconds) when trying again later will do."""

    def __init__(self, code: str, message: str, status: int = 400, field: str | None = None,
                 retry_after: float | None = None):
        super().__init__(message)
        self.code, self.message, self.status, self.field = code, message, status, field
        self.retry_after = retry_after
