"""Finished games: their records and step-by-step replays, each rebuilt once and kept (the most
recent few), so that reading a long game again costs nothing."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import parlour
from parlour.core.scene import as_sent

from . import i18n
from .errors import RoomError
from .store import Store

REPLAY_EVERY = 25
KEPT = 16  # finished games kept rebuilt


def record_of(row: dict) -> dict:
    record = {"game": row["game"], "players": row["players"], "options": row["options"],
              "seed": row["seed"], "actions": list(row["actions"])}
    if row.get("deck") is not None:
        record["deck"] = row["deck"]
    return record


class Replays:
    def __init__(self, store: Store):
        self.store = store
        self._kept: OrderedDict[str, dict] = OrderedDict()

    def kept(self, table_id: str) -> dict | None:
        """The finished game if it is rebuilt already."""
        entry = self._kept.get(table_id)
        if entry is not None:
            self._kept.move_to_end(table_id)
        return entry

    async def entry(self, table_id: str, row: dict | None = None) -> dict:
        """The finished game rebuilt (`row`: its stored row, where the caller has read it)."""
        entry = self.kept(table_id)
        if entry is not None:
            return entry
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise RoomError("not_found", "no such table", 404)
        if row is None:
            rows = await self.store.load_tables(table_id=table_id)
            if not rows:
                raise RoomError("not_found", "no such table", 404)
            row = rows[0]
        if row["status"] not in ("over", "closed"):
            raise RoomError("in_play", "the record is shown once the game is over", 403)
        record = record_of(row)
        record["table"] = row["id"]
        record["seats"] = [{"seat": s["seat"], "kind": s["kind"], "name": s["name"],
                            "agent": s["agent"]} for s in row["seats"]]
        record["result"] = row["result"]
        game = parlour.load(record["game"], record["players"], **record["options"])
        # Snapshots every 25 moves, so stepping through a long game never replays it whole.
        state = game.new_state(seed=record["seed"], deck=record.get("deck"))
        snapshots, movers = [state.clone()], []
        for i, text in enumerate(record["actions"]):
            movers.append(state.current_player)
            state.apply(game.parse_action(state, text))
            if (i + 1) % REPLAY_EVERY == 0:
                snapshots.append(state.clone())
        # The last position too: a finished table's page and watchers are shown it.
        entry = {"record": record, "game": game, "snapshots": snapshots, "movers": movers,
                 "row": row, "final": state}
        self._kept[table_id] = entry
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return entry

    async def step(self, table_id: str, step: Any, seat: Any,
                          tr: i18n.Translator | None = None) -> dict:
        entry = await self.entry(table_id)
        record, game = entry["record"], entry["game"]
        actions = record["actions"]
        total = len(actions)
        if not isinstance(step, int) or isinstance(step, bool):
            step = total
        step = max(0, min(total, step))
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < game.players):
            raise RoomError("bad_seat", f"seat must be 0 to {game.players - 1}")
        base = step // REPLAY_EVERY
        state = entry["snapshots"][base].clone()
        for i in range(base * REPLAY_EVERY, step):
            state.apply(game.parse_action(state, actions[i]))
        tr = tr or i18n.translator(i18n.DEFAULT)
        view = as_sent(state.view(seat))
        action = actions[step - 1] if step else None
        game_id = game.info.id
        return {"step": step, "total": total, "action": action,
                "action_label": tr.show(action, "move", game_id) if action else None,
                "mover": entry["movers"][step - 1] if step else None,
                "to_act": state.current_player, "seat": seat,
                "view": view, "tr": tr.frame(view, [], game_id),
                "scene": tr.scene(game.scene(view), game_id),
                "terminal": state.is_terminal,
                "result": state.returns() if state.is_terminal else None,
                "seats": record["seats"], "game": tr.game_info(game.info.to_dict()),
                "cards": sorted(set(game.deck().cards))}
