"""python -m parlour.server: the same as `parlour serve`."""

import typer

from ..terminal import CONTEXT, Command
from .cli import serve

app = typer.Typer(add_completion=False, context_settings=CONTEXT)
app.command(cls=Command)(serve)
app()
