"""The table a person sees: each game turns a seat's view into a scene, and each legal move into
the picks that make it; the room's table page draws the scene and lets a player make a move by
picking cards and places on it. Both are built from `view(seat)` alone, so they can show nothing
the seat may not know.

A scene is plain JSON:

    {"family": "trick",                 # how the table is laid out: trick, climb, meld, lanes,
                                        #   grid, village or row
     "info": [{"label": "Trump", "text": "Flames", "suit": "R"}],   # a few facts, game's words
     "say": "Beat 7C with higher cards, or pass",   # what this seat is asked, or why it can't play
     "centre": [zone, ...],             # what lies in the middle of the table
     "seats": [{"count": 7,             # cards held (drawn as backs); None: not shown
                "played": zone,         # what the seat last played, before it on the table
                "note": "passed",       # a word under the seat
                "badges": ["President"],
                "score": "12",
                "zones": [zone, ...]},  # what the seat has laid out (tables, melds, towers)
               ...],                    # one per seat, in seat order
     "hand": zone}                      # this seat's hand, if it has one

    zone  = {"label": "Discard", "kind": "row" | "pile" | "grid" | "lanes", "items": [item, ...],
             "columns": 5,             # grid only
             "axes": {"columns": ["a", ...], "rows": ["5", ...]}}   # a grid's coordinates
    item  = {"cards": ["7C", None],     # None is a card face down; a pile shows its top card
             "count": 12,               # a pile: how many cards it holds
             "pick": "@discard",        # picking this item (a pile, a cell, a tower) for a move
             "label": "b", "badges": ["fort 9"], "marks": [{"seat": 0, "kind": "marker"}],
             "seat": 1}                 # whose it is, where that is not the zone's seat

Texts are the games' English; the room translates them. A text may name a seat as "seat 2" and
cards by their names: the page draws the seat's name and the cards.

A move's picks are slots, each a list of the keys that can fill it: a card's name (one of the
seat's hand, or one shown on the table), a place ("@a5", matching an item's "pick") or a choice
("=W"). A card of the hand picks the slot whose alternatives name it, so a game where any card of
a rank will do lists every such card in the slot and sends the cards picked ("send": "cards").
A move with no slots is a button.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

# The words of a scene the room shows (and translates): under these keys, and each badge.
TEXT_KEYS = ("label", "text", "say", "note")


def item(cards=(), *, count: int | None = None, pick: str | None = None, label: str | None = None,
         badges=(), marks=(), seat: int | None = None, **extra) -> dict:
    out: dict[str, Any] = {"cards": list(cards)}
    if count is not None:
        out["count"] = count
    for key, value in (("pick", pick), ("label", label), ("seat", seat)):
        if value is not None:
            out[key] = value
    if badges:
        out["badges"] = [b for b in badges if b]
    if marks:
        out["marks"] = list(marks)
    out.update(extra)
    return out


def zone(items, *, label: str | None = None, kind: str = "row", **extra) -> dict:
    out: dict[str, Any] = {"kind": kind, "items": list(items)}
    if label is not None:
        out["label"] = label
    out.update(extra)
    return out


def row(cards, label: str | None = None, **extra) -> dict:
    """One row of cards, each its own item (a hand, a trick, a table of face-up cards)."""
    return zone([item([c]) for c in cards], label=label, **extra)


def pile(label: str | None, count: int, top: str | None = None, pick: str | None = None,
         **extra) -> dict:
    """A squared pile: its top card (None: face down) and how many it holds."""
    shown = [top] if (top is not None or count) else []
    return zone([item(shown, count=count, pick=pick)], label=label, kind="pile", **extra)


def seat_entry(count: int | None = None, played: dict | None = None, note: str | None = None,
               badges=(), score: Any = None, zones=()) -> dict:
    return {"count": count, "played": played, "note": note, "badges": [b for b in badges if b],
            "score": None if score is None else _number(score), "zones": list(zones)}


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


# The defaults, for a game that draws nothing of its own ------------------------------------------
def default_scene(view: dict, players: int) -> dict:
    counts = view.get("hand_counts")
    seats = [seat_entry(count=counts[i] if isinstance(counts, list) and len(counts) == players
                        else None) for i in range(players)]
    hand = view.get("hand")
    return {"family": "climb", "info": [], "say": None, "centre": [], "seats": seats,
            "hand": row(hand) if isinstance(hand, list) else None}


def default_picks(view: dict, action: Any, cards: frozenset[str]) -> list[list[str]]:
    """Every card named in the move is a slot of its own; a move naming no card is a button."""
    return [[token] for token in str(action).split() if token in cards]


def table_moves(game, view: dict, actions: list) -> list[dict]:
    """The legal moves as the table page picks them: text, slots, and a choice (by the move's
    first word) where moves of the same picks would otherwise be alike ("discard 4W", "lay 4W")."""
    moves, seen = [], set()
    for action in actions:
        text = str(action)
        if text in seen:
            continue  # the room sends a move by its text: two actions of one text are one move
        seen.add(text)
        picks = game.move_picks(view, action)
        entry = {"text": text, "picks": [list(slot) for slot in picks]}
        if game.send_cards(action):
            entry["send"] = "cards"
        moves.append(entry)
    alike: dict[tuple, list[dict]] = defaultdict(list)
    for move in moves:
        if move["picks"]:
            alike[tuple(sorted(tuple(sorted(s)) for s in move["picks"]))].append(move)
    for group in alike.values():
        if len(group) > 1:
            words = Counter(m["text"].split()[0] for m in group)
            for move in group:
                word = move["text"].split()[0]
                # Each its own word: the word is the choice; else the whole text.
                move["picks"].append(["=" + (word if words[word] == 1 else move["text"])])
    return moves


# What the room sends a seat ---------------------------------------------------------------------
def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def as_sent(view: dict) -> dict:
    """A view as the room sends it: through JSON (tuples and sets become lists)."""
    return json.loads(json.dumps(view, default=_json_default))


def at_table(state, seat: int | None) -> tuple[dict, dict, list, list[dict]]:
    """What the room shows `seat` of this position: the view as sent, the scene, the legal
    actions and the table's moves (the seat to act has them; every other seat none)."""
    game = state.game
    actions = state.legal_actions() \
        if seat is not None and seat == state.current_player and not state.is_terminal else []
    view = as_sent(state.view(seat))
    return view, game.scene(view), actions, table_moves(game, view, actions)


# Reading a scene (the translations' harvest, the tests) -----------------------------------------
def scene_texts(scene: Any) -> Iterator[str]:
    """Every text of a scene the page shows."""
    if isinstance(scene, dict):
        for key, value in scene.items():
            if key in TEXT_KEYS and isinstance(value, str):
                yield value
            elif key == "badges":
                yield from (b for b in value if isinstance(b, str))
            else:
                yield from scene_texts(value)
    elif isinstance(scene, list):
        for value in scene:
            yield from scene_texts(value)


def scene_cards(scene: Any) -> Iterator[str | None]:
    """Every card a scene draws (None: face down)."""
    if isinstance(scene, dict):
        for key, value in scene.items():
            if key == "cards":
                yield from value
            else:
                yield from scene_cards(value)
    elif isinstance(scene, list):
        for value in scene:
            yield from scene_cards(value)


def scene_places(scene: Any) -> Iterator[str]:
    """Every place ("@a5") a scene offers to be picked."""
    if isinstance(scene, dict):
        if isinstance(scene.get("pick"), str):
            yield scene["pick"]
        for value in scene.values():
            yield from scene_places(value)
    elif isinstance(scene, list):
        for value in scene:
            yield from scene_places(value)
