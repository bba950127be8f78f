"""`parlour arena GAME --agents hard,medium,easy,easy -n 500 --seed S`: the arena on the command
line. The main CLI mounts `app` (or calls `arena` as a command of its own)."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..core.errors import OptionError
from ..core.registry import game_class, load
from ..terminal import (
    CONTEXT,
    Command,
    Group,
    agents_option,
    game_argument,
    games_option,
    jobs_option,
    json_option,
    players_option,
    rule_options,
    seed_option,
    unwritable,
    write_json,
)
from . import parse_spec

app = typer.Typer(cls=Group, help="Computer players against each other.", no_args_is_help=True,
                  context_settings=CONTEXT)


@app.command(cls=Command)
def arena(
    game: str = game_argument(),
    agents: str = agents_option("hard,medium,easy",
                                "one agent spec per seat, comma-separated: easy, medium, hard, "
                                "random, heuristic, ismcts:iters=2000 (parameters of one spec "
                                "are separated by '/', e.g. ismcts:seconds=0.5/rollout=heuristic)"),
    games: int = games_option(100),
    seed: int = seed_option(0, "seed of the deals and of the agents"),
    players: int | None = players_option("seats (default: one per agent)"),
    option: list[str] = rule_options(),
    json_out: str | None = json_option(),
    markdown: bool = typer.Option(False, "--markdown/--no-markdown",
                                  help="also print the tables as Markdown"),
    jobs: int = jobs_option("worker processes (the results do not depend on it)"),
    journal: str | None = typer.Option(None, "--journal", metavar="PATH",
                                       help="add each game's outcome to this file as it "
                                            "ends; run again with it to go on after a stop",
                                       show_default=False),
) -> None:
    """Play GAME many times with seats rotated and report each agent's mean return and place
    (95% intervals), paired differences between the agents listed, and an openskill rating."""
    from .arena import markdown_table, run_arena

    console = Console()
    if not console.is_terminal:
        console = Console(width=120)  # a log file or pipe: keep the table on one line a row
    try:
        specs = split_agents(agents)
        for spec in specs:
            parse_spec(spec)  # a misspelt agent is named before anything else
        options = parse_options(game, option)
        if unwritable(json_out):
            raise OptionError(unwritable(json_out))
        loaded = load(game, players if players is not None else len(specs), **options)
        if len(specs) != loaded.players:
            raise OptionError(f"give one agent per seat: {loaded.players} seats, "
                              f"{len(specs)} agents")
        with Progress(TextColumn(f"{game}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                      transient=True) as bar:
            task = bar.add_task("games", total=games)
            result = run_arena(loaded, specs, games, seed=seed, jobs=jobs, journal=journal,
                               progress=lambda done, total: bar.update(task, completed=done))
    except (OptionError, ValueError) as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(2) from None
    if json_out == "-":
        write_json(result.to_dict(), "-")
        return
    console.print(rich_table(result))
    for row in result.differences():
        verdict = "separated" if row["separated"] else "not separated"
        console.print(f"{row['better']} - {row['worse']}: {row['difference']:+.2f} "
                      f"({row['ci'][0]:+.2f}, {row['ci'][1]:+.2f}) {verdict}")
    if markdown:
        typer.echo("\n" + markdown_table(result.to_dict()) + "\n")
    again = f" ({result.resumed} read from {journal})" if result.resumed else ""
    console.print(f"{result.games} games{again} in {result.seconds:.0f} s, seed {seed}, "
                  f"{loaded!r}", highlight=False)
    if json_out:
        try:
            write_json(result.to_dict(), json_out)
        except OSError as error:
            console.print(f"[red]error:[/red] cannot write {json_out}: {error.strerror}")
            raise typer.Exit(2) from None


def split_agents(text: str) -> list[str]:
    """Agents are comma-separated; inside one spec, '/' may stand for the comma between its
    parameters ("ismcts:iters=500/rollout=heuristic"). A comma followed by key=value without a
    kind of its own also continues the spec before it ("ismcts:iters=500,rollout=heuristic")."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise OptionError(f"empty agent in {text!r}")
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part.replace("/", ","))
    return specs


def parse_options(game: str, items: list[str]) -> dict:
    info = game_class(game).info
    options = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq:
            raise OptionError(f"write options as name=value, not {item!r}")
        options[name.strip()] = info.option(name.strip()).parse(value)
    return options


def rich_table(result) -> Table:
    table = Table(title=f"{result.game}: {result.games} games, seats rotated")
    for column in ("agent", "mean return (95% CI)", "mean place (95% CI)", "openskill",
                   "think s mean/max/cpu"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for row in result.summary():
        table.add_row(row["agent"],
                      f"{row['return']:.2f} ({row['return_ci'][0]:.2f}, {row['return_ci'][1]:.2f})",
                      f"{row['place']:.2f} ({row['place_ci'][0]:.2f}, {row['place_ci'][1]:.2f})",
                      f"{row['rating']:.1f}",
                      f"{row['think_mean']:.2f}/{row['think_max']:.2f}/{row['think_cpu_max']:.2f}")
    return table


if __name__ == "__main__":
    app()
