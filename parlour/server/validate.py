"""What the room accepts from a request before anything acts on it: JSON, names, computer
specs, clocks and a game's options. Each refusal is a RoomError saying what would be accepted."""

from __future__ import annotations

import json
import operator
import re
from itertools import accumulate
from typing import Any

import parlour
from parlour.agents import LEVELS, make_agent, parse_spec
from parlour.core.errors import OptionError

from .errors import RoomError
from .settings import Settings

# What the lobby offers for a computer seat, and all a table accepts: the bots' levels.
AGENT_CANDIDATES = ("random", "heuristic")
CLOCK_RANGE = (5.0, 86400.0)  # seconds a move a turn clock may be set to (0: no clock)
NAME_LIMIT = 24


def strict_int(value: Any) -> bool:
    """JSON's true and false are not numbers, though Python counts them as ints."""
    return isinstance(value, int) and not isinstance(value, bool)


# No request of the room nests deeper than a few levels (a table's seats: 3). Deeper JSON is
# refused before it is parsed: Python's parser gives up near 1,000 levels, and a few hundred that
# it takes would break later, where the value is pickled (the scorer's worker) or walked.
MAX_DEPTH = 32
# A JSON string, to its closing quote or, if it has none, to the end of the text: one pass over
# the text however its quotes and backslashes fall (never a scan from each quote to the end).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = str.maketrans({"[": "\x02", "{": "\x02", "]": "\x00", "}": "\x00"})


def json_depth(text: str) -> int:
    """How deep the brackets of `text` outside its strings nest: the most brackets open at once.
    In C loops only (a Python loop over 64 KiB of brackets would hold the event loop for tens of
    milliseconds; this takes 5 ms): each bracket becomes 2 (opens) or 0 (closes), and the depth
    after k brackets is the sum of the first k less k. Unbalanced brackets are the parser's to
    refuse: it stops at the first, never deeper than the depth counted up to there."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= 1:
        return len(brackets)
    steps = brackets.translate(_STEP).encode("latin-1")
    return max(map(operator.sub, accumulate(steps), range(1, len(steps) + 1)))


def parse_json(text: str | bytes) -> Any:
    """A request's JSON, or RoomError "malformed": not JSON, or nested more than MAX_DEPTH deep
    (checked on the text, before the parser sees it)."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode(json.detect_encoding(text))
        if json_depth(text) > MAX_DEPTH:
            raise RoomError("malformed", "that JSON is nested too deeply")
        return json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise RoomError("malformed", "that is not JSON") from None
    except RecursionError:  # not reached within MAX_DEPTH; kept as the last word
        raise RoomError("malformed", "that JSON is nested too deeply") from None


def clean_name(name: Any, fallback: str) -> str:
    if not isinstance(name, str):
        return fallback
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LIMIT]
    return name or fallback


def agent_specs(game) -> list[str]:
    """The computer players the lobby offers for this game, those make_agent builds."""
    specs = list(getattr(parlour.agents, "LEVELS", ()) or AGENT_CANDIDATES)
    usable = []
    for spec in specs:
        try:
            make_agent(spec, game, seed=0)
        except Exception:
            continue
        usable.append(spec)
    return usable


def bounded_agent(spec: Any, game, settings: Settings) -> str:
    """A computer seat's spec as the room plays it: a level the lobby offers, and hard's seconds
    and iterations within the room's ceilings. A search the room cannot afford is refused here,
    before any table holds it."""
    levels = ", ".join(LEVELS)
    if not isinstance(spec, str) or len(spec) > 64:
        raise RoomError("bad_agent", f"name a computer player: {levels}")
    try:
        kind, params = parse_spec(spec)
    except OptionError as error:
        if "seconds=" in spec.lower() or "iters=" in spec.lower():
            # Whatever was wrong with it, say what the room allows.
            raise RoomError("bad_agent", f"{error}; a computer thinks at most "
                            f"{settings.agent_seconds:g} seconds and {settings.agent_iters} "
                            f"iterations a move here") from None
        raise RoomError("bad_agent", str(error)) from None
    if kind not in LEVELS:
        raise RoomError("bad_agent", f"the computer players here are {levels}, not {kind!r}")
    seconds, iters = params.get("seconds"), params.get("iters")
    if seconds is not None and not 0 < seconds <= settings.agent_seconds:
        raise RoomError("bad_agent", f"a computer thinks at most {settings.agent_seconds:g} "
                        f"seconds a move here")
    if iters is not None and not 1 <= iters <= settings.agent_iters:
        raise RoomError("bad_agent", f"a computer searches at most {settings.agent_iters} "
                        f"iterations a move here")
    try:
        make_agent(spec, game, seed=0)
    except Exception as error:
        raise RoomError("bad_agent", str(error)) from None
    return spec.strip().lower()


def parse_clock(value: Any, default: float) -> float:
    """A turn clock in seconds a move: null for the room's default, 0 for none."""
    if value is None:
        return default
    shortest, longest = CLOCK_RANGE
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not (
            value == 0 or shortest <= value <= longest):
        raise RoomError("bad_clock", f"a turn clock is 0 (none) or {shortest:g} to "
                        f"{longest:g} seconds a move", field="clock")
    return float(value)


def parse_options(game_id: str, players: Any, raw: Any):
    """A loaded game from form input: typed JSON values, or text as typed by a person."""
    try:
        cls = parlour.game_class(game_id)
    except OptionError as error:
        raise RoomError("unknown_game", str(error), 404) from None
    info = cls.info
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if players is None:
        players = info.default_players
    if not strict_int(players) or not (
            info.min_players <= players <= info.max_players):
        if info.min_players == info.max_players:
            raise RoomError("bad_players", f"{info.title} takes {info.min_players} players",
                            field="players")
        raise RoomError("bad_players", f"{info.title} takes {info.min_players} to "
                        f"{info.max_players} players", field="players")
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RoomError("bad_options", "options must be an object of name: value")
    options = {}
    for name, value in raw.items():
        try:
            option = info.option(str(name))
            options[option.name] = option.parse(value) if isinstance(value, str) \
                else option.validate(value)
        except OptionError as error:
            raise RoomError("bad_option", str(error), field=str(name)) from None
    try:
        return cls(players, **options)
    except OptionError as error:
        raise RoomError("bad_option", str(error)) from None
