"""`parlour score`: the best arrangement and score of a hand of real cards, for people playing
Loot or Treasure at a table. The lead mounts `app` on the main CLI as `parlour score`."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from .core.errors import IllegalAction
from .games import loot as loot_game
from .games import treasure as treasure_game
from .core.cards import is_god
from .games.melds import Arrangement, read_card, sort_cards

app = typer.Typer(help="Score a hand of real cards at its best arrangement.", no_args_is_help=True)


def _split(words: list[str]) -> list[str]:
    return [w for word in words for w in word.replace(",", " ").split()]


def _show(title: str, arrangement: Arrangement, notes: list[str]) -> None:
    console = Console()
    table = Table(title=title)
    table.add_column("combination")
    table.add_column("cards")
    table.add_column("points", justify="right")
    for meld in arrangement.melds:
        cards = " ".join(c if c == i else f"{c} (as {i})" for c, i in zip(meld.cards, meld.idents))
        kind = meld.kind
        if meld.runs:
            kind += " holding a run"
        if meld.bonus:
            kind += " of six colors"
        table.add_row(kind, cards, f"{meld.points:+g}")
    for card, points in zip(arrangement.loose, arrangement.loose_points):
        table.add_row("uncombined", card, f"{points:+g}")
    table.add_row("[bold]total[/bold]", "", f"[bold]{arrangement.score:+g}[/bold]")
    console.print(table)
    for note in notes:
        console.print(note)


def _fail(error: IllegalAction) -> None:
    Console(stderr=True).print(f"[red]{error}[/red]")
    raise typer.Exit(2)


@app.command("loot")
def loot(hand: list[str] = typer.Argument(..., help="the cards: 1W .. 9G, gods by name"),
         gods: list[str] = typer.Option([], "--gods", "-g",
                                        help="gods in the other hands (Lady,Thief or repeat)"),
         run_bonus: str = typer.Option("scaled", help="scaled or flat six-color bonus")) -> None:
    """A Loot hand at the firing of the village: every god in any hand is in play."""
    try:
        arrangement = loot_game.score_hand(_split(hand), _split(gods), run_bonus)
        in_play = sort_cards({read_card(g) for g in _split(gods) + _split(hand)
                              if is_god(read_card(g))})
    except IllegalAction as error:
        _fail(error)
    _show("Loot", arrangement, ["gods in play: " + (", ".join(in_play) or "none")])


@app.command("treasure")
def treasure(hand: list[str] = typer.Argument(..., help="the cards: 1W .. 9G, gods by name"),
             gods: list[str] = typer.Option([], "--gods", "-g",
                                            help="gods on the table with the kind of meld: "
                                                 "Lady:set, Thief:run, Friend:color (a god "
                                                 "color holding a run: Builder:color+run)"),
             six_color_bonus: bool = typer.Option(False, help="count Loot's six-color bonus")
             ) -> None:
    """Treasure cards as if tabled (4 a card), the rest in hand, under the effects in force."""
    try:
        arrangement = treasure_game.score_hand(_split(hand), _split(gods), six_color_bonus)
        active, cancelled = treasure_game.active_effects(
            treasure_game.parse_gods(_split(gods)))
    except IllegalAction as error:
        _fail(error)
    notes = [f"{g} in a {k}: {treasure_game.EFFECTS[(g, k)]}" for g, k in sorted(active)]
    if cancelled:
        notes.append("cancelled: " + ", ".join(sorted(cancelled)))
    _show("Treasure", arrangement, notes or ["no effects in force"])


if __name__ == "__main__":
    app()
