"""Soak: many random games of every game and option set, reporting what went wrong.

    python bench/soak.py [-n 10000] [--games arschloch]

For each game, each option set of its `sample_options` and its default number of players, plays N
random games with the cards-conserved check at every step, and prints games played, failures (with
the first failing seed and error), mean and longest game, and how often the length cap was hit.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402


def soak(game, n: int, first_seed: int = 10_000) -> dict:
    deck = Counter(game.deck().cards)
    failures, lengths, capped = [], [], 0
    for seed in range(first_seed, first_seed + n):
        rng = random.Random(seed)
        try:
            state = game.new_state(seed=seed)
            steps = 0
            while not state.is_terminal:
                if Counter(state.card_census()) != deck:
                    raise AssertionError("cards not conserved")
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
                if steps > game.max_decisions():
                    capped += 1
                    break
            lengths.append(steps)
        except Exception as error:  # a soak reports every failure instead of stopping
            failures.append((seed, f"{type(error).__name__}: {error}",
                             traceback.format_exc(limit=3)))
    return {"failures": failures, "lengths": lengths, "capped": capped}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000)
    parser.add_argument("--games", default="")
    args = parser.parse_args()
    ids = [g for g in args.games.split(",") if g] or parlour.games()
    bad = 0
    for game_id in ids:
        cls = parlour.game_class(game_id)
        for options in cls.sample_options:
            game = cls(None, **options)
            start = time.process_time()
            result = soak(game, args.n)
            lengths = result["lengths"] or [0]
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
            print(f"{game_id:<12} {label:<40} games {len(result['lengths']):>6}  "
                  f"failures {len(result['failures']):>3}  mean {sum(lengths) / len(lengths):6.1f}"
                  f"  longest {max(lengths):>5}  capped {result['capped']}  "
                  f"({time.process_time() - start:.0f} s)")
            for seed, message, trace in result["failures"][:1]:
                print(f"    first failure, seed {seed}: {message}\n{trace}")
            bad += len(result["failures"]) + result["capped"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
