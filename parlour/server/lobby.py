"""The lobby: the tables open to join, in play and finished, and the one shape of a table's
entry in it, made alike from a table in memory and from a stored row."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import parlour
from parlour.core.errors import OptionError

from . import i18n

if TYPE_CHECKING:
    from .room import Room


def entry(table_id: str, game_id: str, players: int, options: dict, status: str, clock: float,
          moves: int, to_act: int | None, seats: list[dict], created: float, updated: float,
          next_table: str | None, tr: i18n.Translator | None = None) -> dict:
    """What the lobby and a table's page say of a table (`seats`: each seat's public_dict)."""
    cls = game_class(game_id)
    info = cls.info if cls else None
    changed = {}
    if info is not None:
        for name, value in options.items():
            try:
                if value != info.option(name).default:
                    changed[name] = value
            except OptionError:
                continue
    title = info.title if info else game_id
    if tr is not None and info is not None:
        title = tr.show(title, None, game_id)
    return {"id": table_id, "game": game_id, "title": title, "players": players,
            "options": dict(options), "changed": changed, "status": status, "clock": clock,
            "moves": moves, "to_act": to_act, "seats": seats, "created": created,
            "updated": updated, "next_table": next_table,
            "open_seats": [s["seat"] for s in seats
                           if s["kind"] == "person" and not s["claimed"] and s["public"]]}


def stored_entry(row: dict) -> dict:
    """A table's entry from its stored row, for a table another process plays."""
    seats = [{"seat": s["seat"], "kind": s["kind"], "name": s["name"], "agent": s["agent"],
              "public": bool(s["public"]), "claimed": bool(s["claimed"]),
              "online": s["kind"] != "person", "away": False} for s in row["seats"]]
    return entry(row["id"], row["game"], row["players"], row["options"], row["status"],
                 float(row.get("clock") or 0), row["moves"], None, seats, row["created"],
                 row["updated"], row["next_table"])


def game_class(game_id: str):
    try:
        return parlour.game_class(game_id)
    except OptionError:
        return None


class Lobby:
    def __init__(self, room: Room):
        self.room = room
        self.version = 0
        self._listing: tuple[tuple[int, int], str] | None = None

    def changed(self) -> None:
        self.version += 1

    async def listing(self) -> dict[str, Any]:
        # Lobbies poll every few seconds: made at most four times a second, only what is shown.
        room = self.room
        key = (self.version, int(time.time() * 4))
        if self._listing is not None and self._listing[0] == key:
            return json.loads(self._listing[1])
        open_, playing, counts = [], [], {"open": 0, "playing": 0}
        # Abandoned tables stay in the store as records, but no longer crowd the lobby.
        since = time.time() - room.settings.idle_listed
        if room.store.shared:
            # Other processes hold tables this one does not: the store lists them all.
            metas = [stored_entry(row) for row in await room.store.in_play(since)]
        else:
            metas = (table.meta() for table in sorted(room.tables.values(),
                                                      key=lambda t: -t.updated)
                     if table.status == "playing" and table.updated >= since)
        for meta in metas:
            waiting = any(s["kind"] == "person" and not s["claimed"] for s in meta["seats"])
            group = "open" if waiting else "playing"
            counts[group] += 1
            if counts[group] <= 100:
                (open_ if waiting else playing).append(meta)
        finished = []
        for row in await room.store.finished(room.settings.finished_listed):
            cls = game_class(row["game"])
            finished.append({"id": row["id"], "game": row["game"],
                             "title": cls.info.title if cls else row["game"],
                             "players": row["players"], "moves": row["moves"],
                             "result": row["result"], "updated": row["updated"],
                             "seats": row["seats"]})
        listing = {"open": open_, "playing": playing, "finished": finished, "counts": counts}
        self._listing = (key, json.dumps(listing))
        return listing
