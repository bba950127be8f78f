"""Both builds of the search path side by side, for the benches: a copy of the source tree as pure
Python and one with parlour/fast/ compiled by mypyc, under build/bench/, and a way to run a bench
function in each (a process of its own with that copy first on its path).

    python bench/builds.py          # make both copies and say which modules each imports

A copy is kept per state of the sources (or per commit, for a copy of the engine as it was at
one); `rm -rf build/bench` clears old ones.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILDS = ROOT / "build" / "bench"


def _sources_hash() -> str:
    digest = hashlib.sha1()
    for path in sorted((ROOT / "parlour").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    digest.update((ROOT / "setup.py").read_bytes())
    return digest.hexdigest()[:12]


def _revision(rev: str) -> str:
    return subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()


def _copy_sources(aside: Path, rev: str | None) -> None:
    """parlour/ and setup.py as they are now, or as they were at commit `rev`."""
    if rev is None:
        shutil.copytree(ROOT / "parlour", aside / "parlour",
                        ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        shutil.copy(ROOT / "setup.py", aside / "setup.py")
        return
    archive = subprocess.run(["git", "archive", "--format=tar", rev, "parlour", "setup.py"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(aside)], input=archive, check=True)


def tree(build: str, rev: str | None = None) -> Path | None:
    """The copy for `build` ("pure" or "compiled") of the sources as they are now, made if it is
    missing; None (with the reason printed) where the compiled build cannot be made here (no
    mypy, no compiler). Each copy is named by the sources' hash and made aside, then renamed into
    place, so that benches running at once never build into each other's copy."""
    target = BUILDS / (f"{build}-{_sources_hash()}" if rev is None
                       else f"{build}-at-{_revision(rev)[:12]}")
    if target.exists():
        return target
    BUILDS.mkdir(parents=True, exist_ok=True)
    aside = Path(tempfile.mkdtemp(prefix=f"{build}-", dir=BUILDS))
    _copy_sources(aside, rev)
    if build == "compiled":
        done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                              cwd=aside, capture_output=True, text=True,
                              env={**os.environ, "PARLOUR_FAST": "1"})
        if done.returncode != 0:
            print(f"   (no compiled build: {done.stderr.strip().splitlines()[-1:]})")
            shutil.rmtree(aside, ignore_errors=True)
            return None
    try:
        aside.rename(target)
    except OSError:  # another bench made the same copy meanwhile
        shutil.rmtree(aside, ignore_errors=True)
    return target


def run_in(build: str, module: str, function: str, *args, rev: str | None = None) -> object | None:
    """`module.function(*args)` (JSON in, JSON out) in a process on `build`'s copy of the sources
    (as they are now, or at commit `rev`: the engine before a rewrite, to measure it against)."""
    where = tree(build, rev)
    if where is None:
        return None
    code = (f"import json, sys; sys.path.insert(0, {str(where)!r}); sys.path.insert(1, "
            f"{str(ROOT / 'bench')!r}); import parlour.fast, {module} as m; "
            f"print(json.dumps(m.{function}(*json.loads(sys.argv[1]))))")
    env = {**os.environ, "PYTHONPATH": str(where)}
    done = subprocess.run([sys.executable, "-c", code, json.dumps(args)], env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{module}.{function} on the {build} build failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def which() -> dict:
    import parlour.fast
    return {"fast": parlour.fast.__file__, "compiled": parlour.fast.compiled()}


if __name__ == "__main__":
    for name in ("pure", "compiled"):
        print(name, run_in(name, "builds", "which"))
