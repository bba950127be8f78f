"""The search path in both builds: typed for mypyc, pure Python unless PARLOUR_FAST=1 built it."""

import os
import subprocess
import sys
from pathlib import Path

import parlour.fast

ROOT = Path(__file__).resolve().parents[2]


def test_the_search_path_passes_mypy_strict():
    """"The hot modules written to pass `mypy --strict`, so that an optional build compiles them
    with mypyc" (issue 31): pyproject.toml's [tool.mypy] names them."""
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout


def test_the_build_is_the_one_asked_for():
    """"The pure-Python install stays the default and needs no compiler; CI runs the suite both
    ways": the compiled run really runs compiled modules, the default run pure ones."""
    assert parlour.fast.compiled() == (os.environ.get("PARLOUR_FAST") == "1")
