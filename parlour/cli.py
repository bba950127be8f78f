"""The `parlour` command: list games, read rules, play in the terminal, simulate, replay."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

import parlour
from parlour.agents import make_agent
from parlour.core.errors import ParlourError
from parlour.terminal import (
    CONTEXT,
    Command,
    Group,
    agents_option,
    game_argument,
    games_option,
    json_option,
    players_option,
    rule_options,
    seed_option,
    unwritable,
    version,
    write_json,
)

app = typer.Typer(cls=Group, help="Parlour: rare card games in the terminal.",
                  no_args_is_help=True, add_completion=False, context_settings=CONTEXT)
console = Console()
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
MOVES_SHOWN = 40  # longer lists (placing markers, say) are shown on request
# Seconds at least between two computer moves at a terminal: time to read each line as it comes.
PACE = 0.6
QUIT = ("quit", "exit", "q")


def _fail(message: str) -> None:
    console.print(f"[red]error:[/red] {escape(message)}")
    raise typer.Exit(2)


def _show_version(value: bool) -> None:
    if value:
        console.print(f"parlour {version()}", highlight=False)
        raise typer.Exit()


@app.callback()
def main_options(show_version: bool = typer.Option(False, "--version", "-V", is_eager=True,
                                                   callback=_show_version,
                                                   help="print the version and stop")) -> None:
    """Parlour: rare card games in the terminal."""


def load_game(game_id: str, players: int | None, option: list[str]):
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


def _read(prompt: str) -> str | None:
    """A line typed by the person; None when the input ends or Ctrl-C is pressed."""
    try:
        return console.input(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        console.print()
        return None


@app.command(cls=Command)
def games() -> None:
    """List every game with its players and options."""
    table = Table("id", "title", "players", "options")
    for game_id in parlour.games():
        info = parlour.game_class(game_id).info
        table.add_row(info.id, info.title, _players(info), ", ".join(o.name for o in info.options))
    console.print(table)


def _players(info) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}-{info.max_players}"


@app.command(cls=Command)
def rules(game: str = game_argument()) -> None:
    """Show the rules page of a game."""
    from parlour.rulespage import for_players

    try:
        info = parlour.game_class(game).info
    except ParlourError as error:
        _fail(str(error))
    page = DOCS / f"{game}.md"
    if not page.exists():
        _fail(f"no rules page for {game} yet")
    text = for_players(page.read_text(encoding="utf-8"), [o.name for o in info.options])
    console.print(Markdown(text))


@app.command(cls=Command)
def deck(name: str | None = typer.Argument(None, metavar="DECK",
                                           help="the deck (default: list them)"),
         pdf: Path | None = typer.Option(None, "--pdf", metavar="PATH",
                                         help="write the print-and-play PDF here"),
         paper: str = typer.Option("a4", "--paper", metavar="a4|letter", help="paper size"),
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


@app.command(cls=Command)
def play(game: str = game_argument(),
         players: int | None = players_option(),
         seat: int = typer.Option(0, "--seat", metavar="SEAT", help="your seat (0 plays first)"),
         opponents: str = typer.Option("heuristic", "--opponents", "-a", metavar="SPEC",
                                       help="the computer seats' agent: easy, medium, hard, "
                                            "heuristic, random or ismcts:..."),
         seed: int | None = seed_option(None, "seed of the deal (default: a new deal)"),
         option: list[str] = rule_options(),
         save: Path | None = typer.Option(None, "--save", metavar="PATH",
                                          help="write the record here when the game ends or "
                                               "you quit"),
         hints: bool = typer.Option(False, "--hints/--no-hints",
                                    help="allow 'hint': the hard computer player's best moves "
                                         "for you"),
         pace: float | None = typer.Option(None, "--pace", metavar="SECONDS", min=0,
                                           help="at least this long between computer "
                                                "moves; 0: no pause",
                                           show_default=f"{PACE} at a terminal, 0 when the "
                                                        f"output is piped")) -> None:
    """Play a game in the terminal against computer seats."""
    loaded = load_game(game, players, option)
    if not 0 <= seat < loaded.players:
        _fail(f"seat must be 0..{loaded.players - 1}")
    if unwritable(save):
        _fail(unwritable(save))
    try:
        agents = {s: make_agent(opponents, loaded, seed=(seed or 0) + s)
                  for s in loaded.seats if s != seat}
    except ParlourError as error:
        _fail(str(error))
    if pace is None:
        pace = PACE if console.is_terminal else 0.0
    state = loaded.new_state(seed=seed)
    words = ["'moves'"] + (["'hint'"] if hints else []) + ["'help'"]
    console.print(f"[bold]{escape(loaded.info.title)}[/bold]: you are seat {seat}. Type a move "
                  f"or its number, or {', '.join(words)} or 'quit'.")
    seen: list[str] = []
    while not state.is_terminal:
        to_act = state.current_player
        if to_act != seat:
            started = time.monotonic()
            try:
                with console.status(f"seat {to_act} is thinking…"):
                    action = agents[to_act].choose(state, to_act)
                    left = pace - (time.monotonic() - started)
                    if left > 0:
                        time.sleep(left)
            except KeyboardInterrupt:
                _leave(state, save)
            state.apply(action, seat=to_act)
            seen = _show_log(state.view(seat), seen)
            continue
        view = state.view(seat)
        seen = _show_log(view, seen)
        console.rule()
        console.print(loaded.render(view), markup=False)
        legal = state.legal_actions()
        console.print("moves: " + _list_moves(legal, MOVES_SHOWN))
        action = _your_move(loaded, state, legal, hints, save, seed, seat)
        if action is None:
            _leave(state, save)
        # Your own move shows at once, before the computers think about theirs.
        before = seen
        seen = _show_log(state.view(seat), seen)
        if seen == before:
            console.print(f"[dim]you: {escape(str(action))}[/dim]")
    view = state.view(seat)
    _show_log(view, seen)
    console.rule("game over")
    console.print(loaded.render(view), markup=False)
    console.print("returns: "
                  + ", ".join(f"seat {s}: {r:g}" for s, r in enumerate(state.returns())))
    _save(state, save, "the record")


def _leave(state, save: Path | None) -> None:
    console.print("you left the game")
    _save(state, save, "the game so far")
    raise typer.Exit(0)


def _list_moves(legal: list, shown: int | None = None) -> str:
    text = "  ".join(f"[cyan]{i}[/cyan] {escape(str(a))}" for i, a in enumerate(legal[:shown]))
    if shown is not None and len(legal) > shown:
        text += f"  … {len(legal) - shown} more ('moves' lists them all)"
    return text


def _your_move(game, state, legal: list, hints: bool, save: Path | None, seed, seat: int):
    """Ask for the person's move, again with the reason until the rules take one, and play it.
    Returns the move, or None when the person quits."""
    while True:
        text = _read("[bold]your move> [/bold]")
        if text is None or text.lower() in QUIT:
            return None
        word = text.lower()
        if word in ("help", "?"):
            console.print(_help(legal, hints, save))
            continue
        if word == "hint":
            if not hints:
                console.print("hints are off: start with --hints")
                continue
            from parlour.agents.hints import format_hints, hints as best_moves
            try:
                with console.status("thinking…"):
                    found = best_moves(state, seat, seed=seed)
            except KeyboardInterrupt:
                console.print("no hint: stopped")
                continue
            console.print(format_hints(found), markup=False)
            continue
        if word == "moves":
            console.print(_list_moves(legal))
            continue
        if text.isdecimal() and int(text) >= len(legal):
            console.print(f"[red]no such move number: the moves are numbered 0 to "
                          f"{len(legal) - 1}[/red]")
            continue
        try:
            action = legal[int(text)] if text.isdecimal() else game.parse_action(state, text)
            state.apply(action, seat=seat)
            return action
        except (ParlourError, ValueError) as error:
            console.print(f"[red]{escape(str(error))}[/red]")


def _help(legal: list, hints: bool, save: Path | None) -> str:
    """What the person may type now, with this game's own moves as the examples."""
    picks = [legal[0], legal[len(legal) // 2], legal[-1]]
    examples = ", ".join(f"'{escape(str(a))}'" for a in dict.fromkeys(map(str, picks)))
    hint = "the hard computer player's best moves" + ("" if hints else " (start with --hints)")
    leave = "leave the game" + (f" (the game so far is written to {escape(str(save))})"
                                if save else " (start with --save PATH to keep a record)")
    return "\n".join([
        f"Type a move as the list writes it, e.g. {examples}, or its number "
        f"(0 to {len(legal) - 1}).",
        "  [cyan]moves[/cyan]  list every legal move",
        f"  [cyan]hint[/cyan]   {hint}",
        "  [cyan]help[/cyan]   this text",
        f"  [cyan]quit[/cyan]   {leave}"])


def _save(state, path: Path | None, what: str) -> None:
    if path is None:
        return
    try:
        path.write_text(json.dumps(state.record(), indent=1))
    except OSError as error:
        _fail(f"cannot write {path}: {error.strerror}")
    console.print(f"{what} written to {escape(str(path))}")


def _show_log(view: dict, seen: list[str]) -> list[str]:
    """Print the log lines that are new since the seat last looked (the others' moves). Views
    carry only the log's tail, so the new lines start after the longest overlap with the last."""
    log = view.get("log") or []
    overlap = next((k for k in range(min(len(seen), len(log)), 0, -1)
                    if seen[-k:] == log[:k]), 0)
    for line in log[overlap:]:
        console.print(f"[dim]{escape(line)}[/dim]")
    return log


def play_out(game, agent_specs: list[str], seed: int):
    """One game between agents; seats take the specs in order. Returns the final state."""
    agents = [make_agent(spec, game, seed=seed * 1000 + s) for s, spec in enumerate(agent_specs)]
    state = game.new_state(seed=seed)
    while not state.is_terminal:
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
    return state


@app.command(cls=Command)
def simulate(game: str = game_argument(),
             n: int = games_option(100),
             agents: str = agents_option("random", "agent specs, comma separated, one per seat "
                                                   "(the last repeats)"),
             players: int | None = players_option(),
             seed: int = seed_option(0, "game i uses seed SEED+i"),
             option: list[str] = rule_options(),
             json_out: str | None = json_option()) -> None:
    """Play N games between computer players and print placements and game length."""
    loaded = load_game(game, players, option)
    if unwritable(json_out):
        _fail(unwritable(json_out))
    specs = [s.strip() for s in agents.split(",") if s.strip()]
    if not specs:
        _fail("give at least one agent, e.g. --agents random")
    specs = (specs + [specs[-1]] * loaded.players)[:loaded.players]
    try:
        for spec in set(specs):
            make_agent(spec, loaded)
    except ParlourError as error:
        _fail(str(error))
    only_json = json_out == "-"
    places = [[0] * loaded.players for _ in loaded.seats]
    lengths, totals = [], [0.0] * loaded.players
    with Progress(console=console, transient=True, disable=only_json) as progress:
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
              "mean_length": statistics.fmean(lengths)}
    if only_json:
        write_json(result, "-")
        return
    table = Table("seat", "agent", "mean return",
                  *[f"place {p + 1}" for p in range(loaded.players)])
    for s in loaded.seats:
        table.add_row(str(s), specs[s], f"{result['mean_return'][s]:.2f}",
                      *map(str, places[s]))
    console.print(table)
    console.print(f"mean game length: {result['mean_length']:.1f} decisions over {n} games")
    if json_out:
        try:
            write_json(result, json_out)
        except OSError as error:
            _fail(f"cannot write {json_out}: {error.strerror}")
        console.print(f"results written to {escape(json_out)}")


@app.command(cls=Command)
def replay(record: Path = typer.Argument(..., metavar="RECORD",
                                         help="a game record (JSON), as 'play --save' writes it",
                                         show_default=False),
           seat: int | None = typer.Option(None, "--seat", metavar="SEAT",
                                           help="see the table as this seat saw it, its "
                                                "hidden cards too (default: as an onlooker)",
                                           show_default=False),
           step: bool = typer.Option(True, "--step/--no-step",
                                     help="wait for Enter before each move ('q' stops)")) -> None:
    """Step through a game record (JSON), drawing the table after each move as 'play' does."""
    try:
        data = json.loads(record.read_text())
        game = parlour.load(data["game"], data.get("players"), **data.get("options", {}))
        state = game.new_state(seed=data["seed"], deck=data.get("deck"))
        actions = list(data.get("actions", []))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, ParlourError) as error:
        _fail(f"cannot read {record}: {error}")
    if seat is not None and not 0 <= seat < game.players:
        _fail(f"seat must be 0..{game.players - 1}")
    who = "an onlooker" if seat is None else f"seat {seat}"
    console.print(f"[bold]{escape(game.info.title)}[/bold]: {len(actions)} moves, seen by {who}.")
    view = state.view(seat)
    seen = _show_log(view, [])
    console.print(game.render(view), markup=False)
    for number, text in enumerate(actions, start=1):
        if step:
            answer = _read("[dim]Enter: next move, q: quit [/dim]")
            if answer is None or answer.lower() in QUIT:
                console.print(f"stopped before move {number} of {len(actions)}")
                return
        actor = state.current_player
        try:
            state.apply(game.parse_action(state, text))
        except (ParlourError, ValueError) as error:
            _fail(f"move {number} ({text!r}) does not replay: {error}")
        # The move itself is named only to the seat that made it: the others see what the log
        # tells them, as at the table.
        own = f": {escape(text)}" if seat is not None and actor == seat else ""
        console.rule(f"move {number} of {len(actions)}, seat {actor}{own}")
        view = state.view(seat)
        seen = _show_log(view, seen)
        console.print(game.render(view), markup=False)
    console.rule("end of record")
    if state.is_terminal:
        console.print("returns: " + ", ".join(f"seat {s}: {r:g}"
                                              for s, r in enumerate(state.returns())))
    else:
        console.print("the record stops before the end of the game")


from parlour.agents.arena_cli import arena  # noqa: E402  (a command of its own, like the rest)

app.command("arena", cls=Command)(arena)

from parlour.scorer_cli import app as scorer  # noqa: E402
from parlour.server.cli import serve  # noqa: E402

app.command("serve", cls=Command)(serve)

from parlour.lab.cli import lab  # noqa: E402

app.command("lab", cls=Command)(lab)

app.add_typer(scorer, name="score", help="Score a hand of real cards: Loot or Treasure.")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
