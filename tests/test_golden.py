"""Golden traces: today's engine must play every stored game exactly as the engine that recorded
them.

The traces in tests/golden/ (one xz file of JSON lines per game, written by scripts/golden.py,
whose docstring gives the format) were recorded before the rewrite of the games as one integer core
each, so that the rewrite could be checked move for move: for every game, its sample option sets
and player counts, hundreds of seeded games with every legal-move list and its action ids, every
seat's view and the onlooker's (the log lines are in them), the returns and the record. They stay
as the regression suite: any change to what a game offers, shows, logs or scores fails here.

By default each game's check plays, of each option set, player count and move policy, the first
game stored in full and the first stored as digests, and replays every stored record through
parlour.replay; PARLOUR_GOLDEN=all plays every stored game step by step (minutes).
`python scripts/golden.py check [--all] [GAME ...]` does the same from the command line and
`python scripts/golden.py show GAME NUMBER STEP` prints one position.

Re-record (`python scripts/golden.py record [GAME ...]`) only for a rule change that is intended,
and say so in the commit; never to make this test pass.
"""

import importlib.util
import os
from pathlib import Path

import pytest

import parlour

_SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "golden.py"
_spec = importlib.util.spec_from_file_location("golden", _SCRIPT)
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

EVERY = os.environ.get("PARLOUR_GOLDEN", "").lower() == "all"


def test_every_game_has_traces_and_every_trace_a_game():
    stored = sorted(p.name.removesuffix(".jsonl.xz") for p in golden.GOLDEN.glob("*.jsonl.xz"))
    assert stored == parlour.games()


@pytest.mark.parametrize("game_id", parlour.games())
def test_the_engine_plays_the_stored_games_exactly(game_id):
    problem = golden.check_game(game_id, every=EVERY)
    if problem:
        pytest.fail(problem, pytrace=False)


@pytest.mark.parametrize("game_id", parlour.games())
def test_every_stored_record_replays_to_its_returns(game_id):
    problem = golden.check_replays(game_id)
    if problem:
        pytest.fail(problem, pytrace=False)
