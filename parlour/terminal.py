"""What every `parlour` command shares on the command line: help that reads as plain words,
`-h` beside `--help`, the package's version, and `--json PATH` written the same way everywhere.

Typer's own help writes a required argument as `{game}`, every value as its Python type (`<str>`,
`<int>`, `<list[str]>`) and a flag as `<bool>`. A command made with `cls=Command` (a group with
`cls=Group`) names an argument by its metavar (`GAME`), a value by the option's metavar (`N`,
`PATH`, `KEY=VALUE`) and shows nothing after a flag.
"""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

CONTEXT = {"help_option_names": ["-h", "--help"]}


def version() -> str:
    try:
        return metadata.version("parlour")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


class _PlainArgument(TyperArgument):
    @property
    def display_name_raw(self) -> str:
        return self.metavar or self.name.upper()

    def _usage_display_name(self) -> str:
        name = self.display_name_raw + ("..." if self.nargs != 1 else "")
        return name if self.required else f"[{name}]"

    def display_type_rich(self, ctx) -> str | None:
        return None


class _PlainOption(TyperOption):
    def display_type_rich(self, ctx) -> str | None:
        if self.is_flag or self.count:
            return None
        return self.metavar or self.name.upper()


# Only methods change, so a parameter Typer made can take the plain class as it is.
_PLAIN = {TyperArgument: _PlainArgument, TyperOption: _PlainOption}


class _Plain:
    def get_params(self, ctx):
        params = super().get_params(ctx)
        for param in params:
            plain = _PLAIN.get(type(param))
            if plain is not None:
                param.__class__ = plain
        return params


class Command(_Plain, TyperCommand):
    """A command whose help names arguments and values in words."""


class Group(_Plain, TyperGroup):
    """A group of commands whose own help names its options in words."""


def unwritable(path) -> str | None:
    """Why a file cannot be written at `path`, found before any work is done for it; None if it
    can ('-' is standard output)."""
    if path is None or str(path) == "-":
        return None
    path = Path(path)
    if path.is_dir():
        return f"cannot write {path}: it is a folder"
    if not path.parent.is_dir():
        return f"cannot write {path}: there is no folder {path.parent}"
    return None


def write_json(data, path: str | Path) -> None:
    """`--json PATH`: the results as JSON in PATH, or on standard output for `-`."""
    if str(path) == "-":
        sys.stdout.write(json.dumps(data) + "\n")  # one line, for the next command in a pipe
    else:
        Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


# The options that mean the same in several commands, made in one place so that they are
# spelled the same everywhere.
def game_argument():
    return typer.Argument(..., metavar="GAME", help="the game's id (see 'parlour games')",
                          show_default=False)


def players_option(help: str = "number of players (default: the game's own)"):
    return typer.Option(None, "--players", "-p", metavar="N", help=help, show_default=False)


def seed_option(default, help: str):
    return typer.Option(default, "--seed", "-s", metavar="SEED", help=help)


def rule_options():
    return typer.Option([], "--option", "-o", metavar="KEY=VALUE",
                        help="a rule option, e.g. -o bomb=true (repeat for more; 'parlour "
                             "games' lists them)", show_default=False)


def agents_option(default: str, help: str):
    return typer.Option(default, "--agents", "-a", metavar="SPECS", help=help)


def games_option(default: int, help: str = "number of games"):
    return typer.Option(default, "--games", "-n", metavar="N", min=1, help=help)


def jobs_option(help: str):
    return typer.Option(1, "--jobs", "-j", metavar="N", min=1, help=help)


def json_option(help: str = "also write the results as JSON to PATH ('-': print only the JSON)"):
    return typer.Option(None, "--json", metavar="PATH", help=help, show_default=False)
