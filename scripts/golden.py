"""Golden traces of the engine: seeded games of every game, recorded move by move, that a rewrite of
the rules must reproduce exactly (DESIGN.md, "Where the engine is heading").

    python scripts/golden.py record [GAME ...]          # write tests/golden/GAME.jsonl.xz
    python scripts/golden.py check [GAME ...] [--all]   # compare the engine with them
    python scripts/golden.py show GAME NUMBER STEP      # one position of stored game NUMBER

Only the public contract is used (parlour.load, new_state, legal_actions, apply, view, returns,
record, action_id), so the traces hold whatever engine sits behind it.

What is played: for every game, every entry of its `sample_options` and the player counts min,
default and max where the options allow, games of seeds 0, 1, 2, ... Moves are chosen uniformly
from the legal list by `random.Random(MOVES_SEED + seed)` ("random"), and for the games whose random
play seldom meets some rules also by the game's medium agent, one a seat seeded `1000 * seed + seat`
("medium"). Checking never asks an agent again: it plays the stored moves, so the traces do not
depend on the agents, which the rewrite may change.

A position (a "step") is `[current_player, legal moves as str, their action ids, [view of every
seat], onlooker view]`, canonical JSON (sorted keys, no spaces, ASCII); the position after the last
move, where the game is over, is the last step. The log lines are in the views; the view keys a
game added after its traces were recorded (ADDED_VIEW_KEYS) are not.

A file is xz-compressed JSON lines: a first line {"format", "game", "games"}, then for each stored
game a line {"game", "options", "players", "seed", "policy", "full", "positions", "returns",
"record", "digest", "step_digests"}. `digest` is the SHA-256 of every step's canonical JSON, each
followed by a newline; `step_digests` gives the first 8 hex digits of each step's own SHA-256, so
that a difference is found at its step. The first FULL_GAMES games of each case and policy are
stored "full": their line is followed by one line per step holding the step itself.

Re-recording is for a rule change that is intended and said in the commit, never to make a failing
check pass.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import random
import sys
import time
from pathlib import Path

import parlour
from parlour.agents import make_agent

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
FORMAT = 1
MOVES_SEED = 1_000_000  # apart from the seeds the states deal with, so moves and deals differ
FULL_GAMES = 2  # the first seeds of each case and policy, stored step by step

# Games a case (option set and player count) for each policy. Medium plays where random play
# seldom meets some rules: Ahzchim's random players only offer trades and nobody wins, Izind's
# end by passes, Changelands' seldom reach a goal, Loot's and Treasure's barely score, and the
# heuristics play the bombs, revolutions, gods and revolts more often than chance does. The long
# games (Ahzchim with ten, Viashi's rounds, Viashilym) have fewer.
PLAN = {
    "ahzchim": {"random": 12, "medium": 8},
    "arschloch": {"random": 16, "medium": 8},
    "changelands": {"random": 40, "medium": 30},
    "crusade": {"random": 40},
    "izind": {"random": 40, "medium": 40},
    "loot": {"random": 20, "medium": 10},
    "mages_wild": {"random": 24, "medium": 8},
    "politics": {"random": 30, "medium": 15},
    "treasure": {"random": 24, "medium": 12},
    "two_faced": {"random": 150},
    "vashy": {"random": 80},
    "viashi": {"random": 50},
    "viashilym": {"random": 100},
}


# View keys added since a game's traces were recorded, each with why. Checking (and recording, so
# that a trace and its check never disagree) leaves them out of the engine's views; everything
# else in a view is still compared byte for byte. Scenario tests check these keys instead.
ADDED_VIEW_KEYS: dict[str, tuple[str, ...]] = {
    # Issue 40, "nothing is parsed back out of log text": the table's scene reads each seat's
    # last play from these, kept from the core's events, not from the log's last lines.
    "changelands": ("last_changes",),
    "izind": ("last_plays",),
    "mages_wild": ("last_plays", "since_played"),
}


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def path_of(game_id: str) -> Path:
    return GOLDEN / f"{game_id}.jsonl.xz"


def cases(game_id: str):
    """(options, players, game) for every sample option set and player count the options allow,
    as tests/test_conformance.py makes them."""
    cls = parlour.game_class(game_id)
    info = cls.info
    for options in cls.sample_options:
        for players in sorted({info.min_players, info.default_players, info.max_players}):
            try:
                game = parlour.load(game_id, players, **options)
            except parlour.OptionError:
                continue  # e.g. an option that needs more players
            yield options, players, game


def traced_view(state, seat: int | None) -> dict:
    """A seat's view as the traces hold it: without the keys added since they were recorded."""
    view = state.view(seat)
    for key in ADDED_VIEW_KEYS.get(state.game.info.id, ()):
        del view[key]  # a KeyError here: the table names a key the game no longer has
    return view


def step_of(game, state) -> tuple[str, list]:
    """The position as its canonical JSON (built field by field, byte for byte what
    canonical() gives of the whole) and the legal actions."""
    legal = state.legal_actions()
    try:
        ids = [game.action_id(a) for a in legal]
    except NotImplementedError:  # a game without an integer action numbering
        ids = None
    views = "[" + ",".join(canonical(traced_view(state, seat)) for seat in game.seats) + "]"
    parts = [canonical(state.current_player), canonical([str(a) for a in legal]), canonical(ids),
             views, canonical(traced_view(state, None))]
    return "[" + ",".join(parts) + "]", legal


def short(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


# Recording -------------------------------------------------------------------------------------

def chooser(game, seed: int, policy: str):
    if policy == "random":
        rng = random.Random(MOVES_SEED + seed)
        return lambda state, legal: legal[rng.randrange(len(legal))]
    agents = [make_agent("medium", game, seed=1000 * seed + seat) for seat in game.seats]
    return lambda state, legal: agents[state.current_player].choose(state, state.current_player)


def play(game, seed: int, policy: str) -> tuple[list[str], object]:
    """Every step of one game, and its final state."""
    state = game.new_state(seed=seed)
    choose = chooser(game, seed, policy)
    steps = []
    while True:
        step, legal = step_of(game, state)
        steps.append(step)
        if state.is_terminal:
            return steps, state
        if len(steps) > game.max_decisions():
            raise RuntimeError(f"{game!r} seed {seed} ran past its cap")
        state.apply(choose(state, legal))


def record_game(game_id: str) -> tuple[int, int]:
    lines = []
    stored = full_count = 0
    plan = PLAN[game_id]
    for options, players, game in cases(game_id):
        for policy, count in plan.items():
            for seed in range(count):
                steps, state = play(game, seed, policy)
                full = seed < FULL_GAMES
                digest = hashlib.sha256("".join(s + "\n" for s in steps).encode()).hexdigest()
                head = {"game": game_id, "options": options, "players": players, "seed": seed,
                        "policy": policy, "full": full, "positions": len(steps),
                        "returns": state.returns(), "record": state.record(), "digest": digest,
                        "step_digests": "" if full else "".join(map(short, steps))}
                lines.append(canonical(head))
                if full:
                    lines.extend(steps)
                stored += 1
                full_count += full
    first = canonical({"format": FORMAT, "game": game_id, "games": stored})
    data = "".join(line + "\n" for line in [first] + lines).encode()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    # xz rather than gzip: a full game's steps repeat each other over megabytes, further back than
    # gzip's 32 KB window reaches (an Ahzchim game of ten: 2.5 MB gzipped, 0.12 MB xz). The xz
    # format holds no time stamp: the same engine gives the same bytes.
    path_of(game_id).write_bytes(lzma.compress(data, preset=6))
    return stored, full_count


# Checking --------------------------------------------------------------------------------------

def stored_games(game_id: str):
    """(number, head, steps or None) for each stored game, read a line at a time (the full games
    of the long games are hundreds of megabytes of text together)."""
    with lzma.open(path_of(game_id), "rt") as lines:
        first = json.loads(next(lines))
        if first.get("format") != FORMAT or first.get("game") != game_id:
            raise ValueError(f"{path_of(game_id)} is not a format {FORMAT} trace of {game_id}")
        for number in range(first["games"]):
            head = json.loads(next(lines))
            steps = [next(lines).rstrip("\n") for _ in range(head["positions"])] \
                if head["full"] else None
            yield number, head, steps


def quick_key(head: dict) -> tuple:
    """The quick check plays, of each case and policy, the first game stored in full and the first
    stored as digests."""
    return canonical(head["options"]), head["players"], head["policy"], head["full"]


FIELDS = ("current player", "legal list", "action ids", "views", "onlooker view")


def where(head: dict, number: int) -> str:
    options = ", ".join(f"{k}={v!r}" for k, v in head["options"].items()) or "default options"
    kind = "stored in full" if head["full"] else "stored as digests"
    return (f"{head['game']} game #{number} ({options}; {head['players']} players; seed "
            f"{head['seed']}; {head['policy']} moves; {kind})")


def clip(value, limit: int = 1500) -> str:
    text = canonical(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def differences(stored, now, path: str = "") -> list[str]:
    """What differs between two JSON values, as `path: stored ... now ...` lines, descending into
    dicts and lists of the same length so that a view's changed entry is named, not the view."""
    if isinstance(stored, dict) and isinstance(now, dict):
        lines = []
        for key in sorted(set(stored) | set(now)):
            if key not in now:
                lines.append(f"{path}[{key!r}]: stored {clip(stored[key])}, now missing")
            elif key not in stored:
                lines.append(f"{path}[{key!r}]: not stored, now {clip(now[key])}")
            elif stored[key] != now[key]:
                lines += differences(stored[key], now[key], f"{path}[{key!r}]")
        return lines
    if isinstance(stored, list) and isinstance(now, list) and len(stored) == len(now) \
            and any(isinstance(v, (dict, list)) for v in stored):
        lines = []
        for index, (a, b) in enumerate(zip(stored, now)):
            if a != b:
                lines += differences(a, b, f"{path}[{index}]")
        return lines
    return [f"{path or 'value'}:\n      stored {clip(stored)}\n      now    {clip(now)}"]


def step_difference(stored_step: str, now_step: str) -> str:
    stored, now = json.loads(stored_step), json.loads(now_step)
    for index, name in enumerate(FIELDS):
        if stored[index] == now[index]:
            continue
        if name == "views":
            for seat, (a, b) in enumerate(zip(stored[index], now[index])):
                if a != b:
                    return f"view of seat {seat} differs:\n    " + "\n    ".join(differences(a, b))
            return f"views differ in number: stored {len(stored[index])}, now {len(now[index])}"
        if name == "legal list":
            gone = [m for m in stored[index] if m not in now[index]]
            new = [m for m in now[index] if m not in stored[index]]
            return (f"legal list differs (missing now: {clip(gone)}; new: {clip(new)}):\n"
                    f"      stored {clip(stored[index])}\n      now    {clip(now[index])}")
        return f"{name} differs:\n    " + "\n    ".join(differences(stored[index], now[index]))
    return "the step's text differs though its values are equal (canonical JSON changed?)"


def check_one(head: dict, steps: list[str] | None, number: int) -> str | None:
    """Play a stored game's moves with today's engine: None if every step, the returns and the
    record are as stored, else the first difference, named precisely."""
    place = where(head, number)
    game = parlour.load(head["game"], head["players"], **head["options"])
    state = game.new_state(seed=head["seed"])
    moves = head["record"]["actions"]
    hasher = hashlib.sha256()
    for index in range(head["positions"]):
        text, legal = step_of(game, state)
        if steps is not None:
            if text != steps[index]:
                return f"{place}, step {index}: {step_difference(steps[index], text)}"
        elif short(text) != head["step_digests"][8 * index:8 * index + 8]:
            return (f"{place}, step {index}: the step's digest differs (only digests are stored; "
                    f"run `python scripts/golden.py show {head['game']} {number} {index}` on the "
                    f"recording commit and on this one to see both)\n    now: "
                    f"{clip(json.loads(text)[:3])}")
        hasher.update((text + "\n").encode())
        if index == len(moves):
            break
        if state.is_terminal:
            return f"{place}, step {index}: the game is over, but {len(moves) - index} recorded " \
                   f"moves remain"
        by_text = {str(a): a for a in legal}
        if moves[index] not in by_text:
            return f"{place}, step {index}: recorded move {moves[index]!r} is not legal now; " \
                   f"legal: {clip(list(by_text))}"
        state.apply(by_text[moves[index]])
    if not state.is_terminal:
        return f"{place}: the game is not over after its {len(moves)} recorded moves"
    if hasher.hexdigest() != head["digest"]:
        return f"{place}: the digest of all steps differs though each step's digest agrees"
    returns = state.returns()
    if canonical(returns) != canonical(head["returns"]):  # 1 for 1.0 is a difference, too
        return f"{place}: returns differ:\n    stored {head['returns']}\n    now    {returns}"
    record = json.loads(canonical(state.record()))
    if record != head["record"]:
        lines = differences(head["record"], record)
        return f"{place}: record differs:\n    " + "\n    ".join(lines)
    return None


def check_game(game_id: str, every: bool = False) -> str | None:
    """The first difference between the stored games of `game_id` (every one, or the quick check's
    choice) and today's engine, or None."""
    if not path_of(game_id).exists():
        return f"{game_id}: no golden traces at {path_of(game_id)}"
    seen = set()
    for number, head, steps in stored_games(game_id):
        if not every:
            if quick_key(head) in seen:
                continue
            seen.add(quick_key(head))
        problem = check_one(head, steps, number)
        if problem:
            return problem
    return None


def check_replays(game_id: str) -> str | None:
    """Every stored record replays through parlour.replay to the stored returns and to itself
    (cheap without the views, so it runs for every stored game)."""
    for number, head, _ in stored_games(game_id):
        state = parlour.replay(head["record"])
        if not state.is_terminal or canonical(state.returns()) != canonical(head["returns"]):
            return (f"{where(head, number)}: parlour.replay(record) gives "
                    f"{state.returns() if state.is_terminal else 'a game not over'}, stored "
                    f"returns {head['returns']}")
        if json.loads(canonical(state.record())) != head["record"]:
            return f"{where(head, number)}: parlour.replay(record).record() is not the record"
    return None


def named_fields(step: str):
    player, legal, ids, views, onlooker = json.loads(step)
    yield from [("current player", player), ("legal list", legal), ("action ids", ids)]
    yield from ((f"view of seat {seat}", view) for seat, view in enumerate(views))
    yield "onlooker view", onlooker


def show(game_id: str, number: int, index: int) -> None:
    """Print stored game `number`'s step `index` as today's engine plays it, beside the stored step
    where the game is stored in full."""
    for at, head, steps in stored_games(game_id):
        if at != number:
            continue
        game = parlour.load(game_id, head["players"], **head["options"])
        state = game.new_state(seed=head["seed"])
        for move in head["record"]["actions"][:index]:
            state.apply(game.parse_action(state, move))
        text, _ = step_of(game, state)
        print(where(head, number), f"step {index}")
        # A field a line, so that this commit's output and the recording commit's can be diffed.
        for label, value in named_fields(text):
            print(f"now {label}: {canonical(value)}")
        if steps is not None:
            for label, value in named_fields(steps[index]):
                print(f"stored {label}: {canonical(value)}")
        return
    raise SystemExit(f"{game_id} has no stored game #{number}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    record = commands.add_parser("record", help="play the games and write tests/golden/")
    record.add_argument("games", nargs="*", help="game ids (default: every game)")
    check = commands.add_parser("check", help="compare today's engine with tests/golden/")
    check.add_argument("games", nargs="*", help="game ids (default: every game)")
    check.add_argument("--all", action="store_true",
                       help="every stored game, not only the first stored in full and the first "
                            "stored as digests of each case and policy")
    show_one = commands.add_parser("show", help="print one position of a stored game")
    show_one.add_argument("game")
    show_one.add_argument("number", type=int, help="the stored game's number (#N in messages)")
    show_one.add_argument("step", type=int)
    args = parser.parse_args(argv)
    if args.command == "show":
        show(args.game, args.number, args.step)
        return 0
    game_ids = args.games or parlour.games()
    unknown = [g for g in game_ids if g not in PLAN]
    if unknown:
        parser.error(f"no plan for {', '.join(unknown)}; games: {', '.join(PLAN)}")
    failed = 0
    for game_id in game_ids:
        started = time.perf_counter()
        if args.command == "record":
            stored, full = record_game(game_id)
            size = path_of(game_id).stat().st_size
            print(f"{game_id}: {stored} games ({full} full, {stored - full} digests), "
                  f"{size / 1e6:.2f} MB, {time.perf_counter() - started:.0f} s", flush=True)
        else:
            problem = check_game(game_id, every=args.all) or check_replays(game_id)
            failed += problem is not None
            print(problem or f"{game_id}: as stored ({time.perf_counter() - started:.1f} s)",
                  flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
