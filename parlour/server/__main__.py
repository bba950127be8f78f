"""python -m parlour.server: the same as `parlour serve`."""

import typer

from .cli import serve

typer.run(serve)
