"""The `parlour` command: list games, read rules, play in the terminal, simulate, replay."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import Progress
from rich.table import Table

import parlour
from parlour.agents import make_agent
from parlour.core.errors import IllegalAction, ParlourError

app = typer.Typer(help="Parlour: rare card games in the terminal.", no_args_is_help=True,
                  add_completion=False)
console = Console()
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
MOVES_SHOWN = 40  # longer lists (placing markers, say) are shown on request


def _fail(message: str) -> None:
    console.print(f"[red]error:[/red] {message}")
    raise typer.Exit(2)


def load_game(game_id: str, players: Optional[int], option: list[str]):
    """A game from command-line words; bad names and values are reported, not raised."""
    try:
        cls = parlour.game_class(game_id)
        options = {}
        for item in option:
            if "=" not in item:
                raise parlour.OptionError(f"write options as key=value, not {item!r}")
            key, value = item.split("=", 1)
            options[key.strip()] = cls.info.option(key.strip()).parse(value)
        return cls(players, **options)
    except ParlourError as error:
        _fail(str(error))


@app.command()
def games() -> None:
    """List every game with its players and options."""
    table = Table("id", "title", "players", "options")
    for game_id in parlour.games():
        info = parlour.game_class(game_id).info
        table.add_row(info.id, info.title, f"{info.min_players}-{info.max_players}",
                      ", ".join(o.name for o in info.options))
    console.print(table)


@app.command()
def rules(game: str) -> None:
    """Show the rules page of a game."""
    try:
        parlour.game_class(game)
    except ParlourError as error:
        _fail(str(error))
    page = DOCS / f"{game}.md"
    if not page.exists():
        _fail(f"no rules page for {game} yet")
    console.print(Markdown(page.read_text(encoding="utf-8")))


@app.command()
def deck(name: Optional[str] = typer.Argument(None, help="the deck (see --list)"),
         pdf: Optional[Path] = typer.Option(None, "--pdf", help="write the print-and-play PDF here"),
         paper: str = typer.Option("a4", help="a4 or letter"),
         list_: bool = typer.Option(False, "--list", help="list the decks")) -> None:
    """Print-and-play: a deck's faces at real size on A4 or Letter, with cut marks."""
    from parlour import printing  # cairo is loaded only when a deck is printed

    if list_ or name is None:
        table = Table(title="Decks (cards a page on A4 and Letter)")
        for column in ("deck", "title", "cards", "size", "A4", "Letter"):
            table.add_column(column, no_wrap=column == "deck")
        for deck_name in parlour.DECKS:
            a4, letter = printing.sheet(deck_name, "a4"), printing.sheet(deck_name, "letter")
            table.add_row(deck_name, a4.deck.title, str(len(a4.deck)), printing.size_text(a4),
                          str(a4.per_page), str(letter.per_page))
        console.print(table)
        return
    try:
        sheet = printing.sheet(name, paper)
    except ParlourError as error:
        _fail(str(error))
    if pdf is None:
        console.print(f"{sheet.deck.title}: {len(sheet.deck)} cards, {sheet.per_page} a page, "
                      f"{sheet.pages} {sheet.paper.name} pages. Write them with --pdf FILE.")
        return
    try:
        pdf.write_bytes(printing.deck_pdf(name, paper))
    except OSError as error:
        _fail(f"cannot write {pdf}: {error.strerror}")
    console.print(f"{pdf}: {sheet.deck.title}, {len(sheet.deck)} cards on {sheet.pages} "
                  f"{sheet.paper.name} pages")


@app.command()
def play(game: str,
         players: Optional[int] = typer.Option(None, help="number of players"),
         seat: int = typer.Option(0, help="your seat (0 plays first)"),
         opponents: str = typer.Option("heuristic", help="agent for the computer seats"),
         seed: Optional[int] = typer.Option(None, help="seed of the deal"),
         option: list[str] = typer.Option([], "--option", "-o", help="rule option key=value"),
         save: Optional[Path] = typer.Option(None, help="write the record here at the end"),
         hints: bool = typer.Option(False, "--hints", help="allow 'hint': the hard computer "
                                                             "player's best moves for you")):
    """Play a game in the terminal against computer seats."""
    loaded = load_game(game, players, option)
    if not 0 <= seat < loaded.players:
        _fail(f"seat must be 0..{loaded.players - 1}")
    try:
        agents = {s: make_agent(opponents, loaded, seed=(seed or 0) + s)
                  for s in loaded.seats if s != seat}
    except ParlourError as error:
        _fail(str(error))
    state = loaded.new_state(seed=seed)
    console.print(f"[bold]{loaded.info.title}[/bold]: you are seat {seat}. "
                  "Type a move, its number, " + ("'hint', " if hints else "") + "'help' or 'quit'.")
    seen: list[str] = []
    while not state.is_terminal:
        to_act = state.current_player
        if to_act != seat:
            state.apply(agents[to_act].choose(state, to_act), seat=to_act)
            continue
        view = state.view(seat)
        seen = _show_log(view, seen)
        console.rule()
        console.print(loaded.render(view))
        legal = state.legal_actions()
        shown = "  ".join(f"[cyan]{i}[/cyan] {a}" for i, a in enumerate(legal[:MOVES_SHOWN]))
        if len(legal) > MOVES_SHOWN:
            shown += f"  … {len(legal) - MOVES_SHOWN} more ('moves' lists them all)"
        console.print("moves: " + shown)
        while True:
            text = console.input("[bold]your move> [/bold]").strip()
            if text in ("quit", "exit"):
                raise typer.Exit(0)
            if text == "help":
                console.print("type the move as shown (e.g. '8H 8D', 'pass') or its number")
                continue
            if text == "hint":
                if not hints:
                    console.print("hints are off: start with --hints")
                    continue
                from parlour.agents.hints import format_hints, hints as best_moves
                with console.status("thinking…"):
                    console.print(format_hints(best_moves(state, seat, seed=seed)))
                continue
            if text == "moves":
                console.print("  ".join(f"[cyan]{i}[/cyan] {a}" for i, a in enumerate(legal)))
                continue
            try:
                action = legal[int(text)] if text.isdigit() else loaded.parse_action(state, text)
                state.apply(action, seat=seat)
                break
            except (IndexError, ValueError) as error:
                console.print(f"[red]{error if isinstance(error, IllegalAction) else 'no such move number'}[/red]")
    view = state.view(seat)
    _show_log(view, seen)
    console.rule("game over")
    console.print(loaded.render(view))
    console.print("returns: " + ", ".join(f"seat {s}: {r:g}" for s, r in enumerate(state.returns())))
    if save:
        save.write_text(json.dumps(state.record(), indent=1))
        console.print(f"record written to {save}")


def _show_log(view: dict, seen: list[str]) -> list[str]:
    """Print the log lines that are new since the seat last looked (the others' moves). Views
    carry only the log's tail, so the new lines start after the longest overlap with the last."""
    log = view.get("log") or []
    overlap = next((k for k in range(min(len(seen), len(log)), 0, -1)
                    if seen[-k:] == log[:k]), 0)
    for line in log[overlap:]:
        console.print(f"[dim]{line}[/dim]")
    return log


def play_out(game, agent_specs: list[str], seed: int):
    """One game between agents; seats take the specs in order. Returns the final state."""
    agents = [make_agent(spec, game, seed=seed * 1000 + s) for s, spec in enumerate(agent_specs)]
    state = game.new_state(seed=seed)
    while not state.is_terminal:
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
    return state


@app.command()
def simulate(game: str,
             n: int = typer.Option(100, "-n", help="number of games"),
             agents: str = typer.Option("random", help="agent specs, comma separated, one per "
                                                       "seat (the last repeats)"),
             players: Optional[int] = typer.Option(None),
             seed: int = typer.Option(0),
             option: list[str] = typer.Option([], "--option", "-o"),
             as_json: bool = typer.Option(False, "--json", help="print JSON")):
    """Play N games between computer players and print placements and game length."""
    loaded = load_game(game, players, option)
    specs = [s.strip() for s in agents.split(",") if s.strip()]
    specs = (specs + [specs[-1]] * loaded.players)[:loaded.players]
    try:
        for spec in set(specs):
            make_agent(spec, loaded)
    except ParlourError as error:
        _fail(str(error))
    places = [[0] * loaded.players for _ in loaded.seats]
    lengths, totals = [], [0.0] * loaded.players
    with Progress(console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{loaded.info.id}", total=n)
        for i in range(n):
            state = play_out(loaded, specs, seed + i)
            returns = state.returns()
            for s, r in enumerate(returns):
                totals[s] += r
                places[s][sum(1 for other in returns if other > r)] += 1
            lengths.append(len(state.history))
            progress.advance(task)
    result = {"game": loaded.info.id, "games": n, "agents": specs, "seed": seed,
              "placements": places, "mean_return": [t / n for t in totals],
              "mean_length": statistics.fmean(lengths) if lengths else 0}
    if as_json:
        print(json.dumps(result))
        return
    table = Table("seat", "agent", "mean return",
                  *[f"place {p + 1}" for p in range(loaded.players)])
    for s in loaded.seats:
        table.add_row(str(s), specs[s], f"{result['mean_return'][s]:.2f}",
                      *map(str, places[s]))
    console.print(table)
    console.print(f"mean game length: {result['mean_length']:.1f} decisions over {n} games")


@app.command()
def replay(record: Path, step: bool = typer.Option(True, help="wait for Enter between moves"),
           seat: Optional[int] = typer.Option(None, help="show this seat's view (default: "
                                                         "spectator)")):
    """Step through a game record (JSON)."""
    try:
        data = json.loads(record.read_text())
        game = parlour.load(data["game"], data.get("players"), **data.get("options", {}))
        state = game.new_state(seed=data["seed"], deck=data.get("deck"))
    except (OSError, ValueError, KeyError, ParlourError) as error:
        _fail(f"cannot read {record}: {error}")
    actions = data.get("actions", [])
    for number, text in enumerate(actions, start=1):
        actor = state.current_player
        try:
            state.apply(game.parse_action(state, text))
        except ParlourError as error:
            _fail(f"move {number} ({text!r}) does not replay: {error}")
        console.print(f"[cyan]{number}[/cyan] seat {actor}: {text}")
        if step and number < len(actions):
            console.input("")
    console.rule("end of record")
    console.print(game.render(state.view(seat)))
    if state.is_terminal:
        console.print("returns: " + ", ".join(f"seat {s}: {r:g}"
                                              for s, r in enumerate(state.returns())))


from parlour.agents.arena_cli import arena  # noqa: E402  (a command of its own, like the rest)

app.command("arena")(arena)

from parlour.scorer_cli import app as scorer  # noqa: E402
from parlour.server.cli import serve  # noqa: E402

app.command("serve")(serve)

from parlour.lab.cli import lab  # noqa: E402

app.command("lab")(lab)

app.add_typer(scorer, name="score", help="Score a hand of real cards: Loot or Treasure.")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
