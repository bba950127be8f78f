"""The optional compiled build: PARLOUR_FAST=1 compiles the search path (parlour/fast/) with
mypyc. Without it this is a plain pure-Python install (pyproject.toml says the rest)."""

import os
from pathlib import Path

from setuptools import setup

ext_modules = []
if os.environ.get("PARLOUR_FAST") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("PARLOUR_FAST=1 compiles parlour/fast/ with mypyc: install mypy first "
                         "(pip install -e '.[fast]'), then build in place with "
                         "PARLOUR_FAST=1 python setup.py build_ext --inplace, or use "
                         "PARLOUR_FAST=1 scripts/setup, which does both")

    here = Path(__file__).resolve().parent
    modules = sorted(str(p.relative_to(here)) for p in (here / "parlour" / "fast").glob("*.py")
                     if p.name != "__init__.py")
    ext_modules = mypycify(["--strict", "--follow-imports=silent", *modules],
                           opt_level="3", group_name="parlour.fast.native")

setup(ext_modules=ext_modules)
