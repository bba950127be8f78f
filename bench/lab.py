"""Games per second of the lab with 1 and 2 local worker processes and with Ray, as ratios.

    python bench/lab.py                    # ahzchim, 200 heuristic games per backend, best of 2
    python bench/lab.py viashi -n 200 --option round=true

Targets (issue 9): 2 workers at least 1.8x one worker; Ray within 10% of 2 local processes.
Ray's start-up is left out of its time (it is started once, warmed up, then timed). Each figure
is the best of --repeat runs. On a machine shared with other work the ratios fall short of what
two idle cores give (the load average is printed first), so the CPU each game costs is printed
too: about equal with one worker and with two means the pool itself adds little. Prints figures
only; this is not a test.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from parlour.lab.run import Plan, run  # noqa: E402


def timed(plan: Plan, repeat: int, **kwargs) -> tuple[float, float]:
    """Games per second (the best of `repeat` runs: other work on the machine only slows a run)
    and CPU seconds per game of this process and its worker processes (Ray's workers are not
    ours to count)."""
    best, cpu = 0.0, float("nan")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            before = _cpu()
            start = time.perf_counter()
            run(plan, Path(out), **kwargs)
            speed = plan.n / (time.perf_counter() - start)
            if speed > best:
                best, cpu = speed, (_cpu() - before) / plan.n
    return best, cpu


def _cpu() -> float:
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                          resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="ahzchim")
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--repeat", type=int, default=2, help="runs per figure; the best counts")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    cls = parlour.game_class(args.game)
    options = {k: cls.info.option(k).parse(v)
               for k, v in (item.split("=", 1) for item in args.option)}
    plan = Plan(args.game, args.n, args.agents.split(","), options=options)
    # other work on the machine takes cores from the workers: the ratios are read beside it
    print(f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.1f}")
    one, cpu_one = timed(plan, args.repeat, jobs=1)
    # the pool's start-up is part of a real run, so it stays in the time
    two, cpu_two = timed(plan, args.repeat, jobs=2)
    print(f"{args.game}: {args.n} games of {args.agents}")
    print(f"1 worker:  {one:8.1f} games/s   {cpu_one * 1000:7.2f} ms of CPU a game")
    print(f"2 workers: {two:8.1f} games/s   {cpu_two * 1000:7.2f} ms of CPU a game   "
          f"ratio to 1 worker {two / one:.2f} (target >= 1.8)")
    if args.no_ray:
        return
    try:
        import ray
    except ImportError:
        print("ray: not installed (pip install ray)")
        return
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _temp_dir=tempfile.mkdtemp(prefix="parlour-ray-"))
    try:
        timed(Plan(args.game, 4, plan.agents, options=options), 1, jobs=2,
              backend="ray")  # warm-up
        on_ray, _ = timed(plan, args.repeat, jobs=2, backend="ray")
    finally:
        ray.shutdown()
    print(f"ray (2):   {on_ray:8.1f} games/s   ratio to 2 local workers {on_ray / two:.2f} "
          "(target >= 0.9)")


if __name__ == "__main__":
    main()
