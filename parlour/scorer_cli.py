"""`parlour score`: the best arrangement and score of a hand of real cards, for people playing
Loot or Treasure at a table. Both commands call the game's `scorer` (parlour/core/scorer.py), the
very call the room's scorer page makes. The lead mounts `app` on the main CLI as `parlour score`."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

import parlour

from .core.errors import ParlourError
from .terminal import CONTEXT, Command, Group

app = typer.Typer(cls=Group, help="Score a hand of real cards at its best arrangement.",
                  no_args_is_help=True, context_settings=CONTEXT)


def _split(words: list[str]) -> list[str]:
    return [w for word in words for w in word.replace(",", " ").split()]


def _show(title: str, result: dict) -> None:
    console = Console()
    table = Table(title=title)
    table.add_column("combination")
    table.add_column("cards")
    table.add_column("points", justify="right")
    for meld in result["melds"]:
        cards = " ".join(c if c == i else f"{c} (as {i})"
                         for c, i in zip(meld["cards"], meld["as"]))
        kind = meld["kind"]
        if meld["runs"]:
            kind += " holding a run"
        if meld["bonus"]:
            kind += " of six colors"
        table.add_row(kind, cards, f"{meld['points']:+g}")
    for loose in result["loose"]:
        table.add_row("uncombined", loose["card"], f"{loose['points']:+g}")
    table.add_row("[bold]total[/bold]", "", f"[bold]{result['score']:+g}[/bold]")
    console.print(table)
    for note in result["notes"]:
        console.print(note)


def _score(game_id: str, title: str, hand: list[str], gods: list[str], options: dict) -> None:
    scorer = parlour.game_class(game_id).scorer
    try:
        result = scorer.run(_split(hand), _split(gods), options)
    except ParlourError as error:
        Console(stderr=True).print(f"[red]{error}[/red]")
        raise typer.Exit(2) from None
    _show(title, result)


@app.command("loot", cls=Command)
def loot(hand: list[str] = typer.Argument(..., metavar="CARD",
                                          help="the cards: 1W .. 9G, gods by name",
                                          show_default=False),
         gods: list[str] = typer.Option([], "--gods", "-g", metavar="GODS",
                                        help="gods in the other hands (Lady,Thief or repeat)",
                                        show_default=False),
         run_bonus: str = typer.Option("scaled", "--run-bonus", metavar="scaled|flat",
                                       help="the six-color bonus")) -> None:
    """A Loot hand at the firing of the village: every god in any hand is in play."""
    _score("loot", "Loot", hand, gods, {"run_bonus": run_bonus})


@app.command("treasure", cls=Command)
def treasure(hand: list[str] = typer.Argument(..., metavar="CARD",
                                              help="the cards: 1W .. 9G, gods by name",
                                              show_default=False),
             gods: list[str] = typer.Option([], "--gods", "-g", metavar="GODS",
                                            show_default=False,
                                            help="gods on the table with the kind of meld: "
                                                 "Lady:set, Thief:run, Friend:color (a god "
                                                 "color holding a run: Builder:color+run)"),
             six_color_bonus: bool = typer.Option(False, "--six-color-bonus/--no-six-color-bonus",
                                                  help="count Loot's six-color bonus")
             ) -> None:
    """Treasure cards as if tabled (4 a card), the rest in hand, under the effects in force."""
    _score("treasure", "Treasure", hand, gods, {"six_color_bonus": six_color_bonus})


if __name__ == "__main__":
    app()
