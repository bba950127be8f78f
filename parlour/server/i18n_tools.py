"""Keeping the catalogues: harvest what the room and the games show, write the templates (.pot),
merge them into each language (.po), and list what a language does not say yet.

  python -m parlour.server.i18n_tools extract         # locale/room.pot and locale/games.pot
  python -m parlour.server.i18n_tools update          # merge the .pot files into every language
  python -m parlour.server.i18n_tools init fr         # start a language
  python -m parlour.server.i18n_tools check ar        # what the pages would show untranslated

The room's words come from its sources: the pages' elements marked data-i18n and their title,
placeholder and aria-label attributes, the scripts' t("...") calls, and the server's gettext("...")
calls and RoomError messages. The games' words come from playing them: random games of every game
and every sample option set, with everything a table page would show (view keys and strings, log
lines, legal moves, reasons a move is refused) and the lobby (titles, summaries, options). A shown
string that no template matches yet becomes a new template: card names become {cards}, "seat 2"
becomes "seat {seat}", numbers {n}, squares {square}. A template may then be refined by hand in
games.pot (say "{suit} are trump" for five sentences); extract keeps every template it finds there.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import parlour
from parlour.core.cards import DECKS
from parlour.core.errors import IllegalAction
from parlour.core.scene import as_sent, scene_texts, table_moves

from .i18n import (
    LANGUAGES,
    LOCALE,
    Catalogue,
    Translator,
    choice_text,
    compile_template,
    face_words,
    is_card_token,
    is_notation,
    value_context,
)

SERVER = Path(__file__).resolve().parent
STATIC = SERVER / "static"
DOMAINS = ("room", "games")
# Keys the harvest passes over: a view's game id is not shown.
HIDDEN_KEYS = {"game"}
ATTRIBUTES = ("title", "placeholder", "aria-label")
AUTO = "auto"  # the flag of a template extract made; a person's templates have none


# What the games show --------------------------------------------------------------------------
def sample_games() -> Iterator[tuple[str, dict, int]]:
    """Every game, every sample option set, at its fewest, default and most players."""
    for game_id in parlour.games():
        cls = parlour.game_class(game_id)
        info = cls.info
        for options in cls.sample_options:
            for players in sorted({info.min_players, info.default_players, info.max_players}):
                try:
                    cls(players, **options)
                except parlour.OptionError:
                    continue
                yield game_id, dict(options), players


def harvest_info(game_id: str) -> Iterator[tuple[str | None, str]]:
    """The lobby's and the rules page's words for one game: (context, text)."""
    cls = parlour.game_class(game_id)
    info = cls.info
    yield None, info.title
    if info.summary:
        yield None, info.summary
    how = cls.how_to_play or {}
    if how:
        yield None, how["goal"]
        for line in how["turn"]:
            yield None, line
    decks = [info.deck]  # the decks of its variants too: the lobby offers each to print
    for options in cls.sample_options:
        try:
            decks.append(cls(None, **options).deck().name)
        except parlour.OptionError:
            continue
    for deck in dict.fromkeys(decks):
        if deck in DECKS:
            yield None, DECKS[deck].title
    scorer = getattr(cls, "scorer", None)  # the scorer page's words for the game
    if scorer is not None and scorer.table_label:
        yield None, scorer.table_label
    for option in (*info.options, *(scorer.options if scorer is not None else ())):
        yield "option", option.name
        yield None, option.doc
        yield None, option.describe_values()
        for choice in option.choices or ():
            yield "choice", choice_text(choice)


def harvest_scene(scene) -> Iterator[tuple[str | None, str]]:
    """The words of a table's scene (parlour/core/scene.py)."""
    return ((None, text) for text in scene_texts(scene) if not is_notation(text))


def harvest_view(view, key=None) -> Iterator[tuple[str | None, str]]:
    """A view's keys (context "key") and its strings (their value context)."""
    if isinstance(view, dict):
        for k, v in view.items():
            k = str(k)
            if k in HIDDEN_KEYS:
                continue
            if not k.isdigit():
                yield "key", k
            yield from harvest_view(v, k)
    elif isinstance(view, (list, tuple)):
        for v in view:
            yield from harvest_view(v, key)
    elif isinstance(view, str) and not is_notation(view):
        yield value_context(view, key), view


def harvest_play(game_id: str, options: dict, players: int, seed: int = 0, limit: int = 2500,
                 errors: bool = True, scenes: bool = True) -> Iterator[tuple[str | None, str]]:
    """One random game: every (context, text) a table page would show of it, for every seat and
    a spectator, and (errors) the reasons the game gives when a move of an earlier position is
    sent."""
    game = parlour.load(game_id, players, **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    earlier: list[str] = []
    steps = 0
    seen: set = set()
    while True:
        seats = [None, state.current_player] if not state.is_terminal else \
            [None, *range(players)]
        for seat in seats:
            view = as_sent(state.view(seat))
            for pair in (*harvest_view(view), *(harvest_scene(game.scene(view)) if scenes else ())):
                if pair not in seen:
                    seen.add(pair)
                    yield pair
        if state.is_terminal or steps >= limit:
            return
        legal = state.legal_actions()
        # Hundreds of moves (Ahzchim's trades) come in a few shapes: a sample of them each turn.
        shown = legal if len(legal) <= 60 else rng.sample(legal, 60)
        texts = [str(a) for a in shown]
        for move in table_moves(game, view, shown):  # `view`: the seat to act's, the loop's last
            for slot in move["picks"]:
                for key in slot:
                    if key.startswith("=") and (None, key) not in seen:
                        seen.add((None, key))
                        text = game.choice_text(key)["text"]
                        if not is_notation(text):
                            yield None, text
        for text in texts:
            if ("move", text) not in seen and not is_notation(text):
                seen.add(("move", text))
                yield "move", text
        # A move chosen on an earlier position (a slow click, a typed move): the game's reason.
        for text in rng.sample(earlier, min(2, len(earlier))) if errors else ():
            if text in texts:
                continue
            try:
                game.parse_action(state.clone(), text)
                twin = state.clone()
                twin.apply(game.parse_action(twin, text), seat=state.current_player)
            except IllegalAction as error:
                yield "error", str(error)
            except Exception:
                pass
        earlier = (earlier + rng.sample(texts, min(3, len(texts))))[-30:]
        state.apply(rng.choice(legal))
        steps += 1


def generalize(text: str) -> str:
    """A template for a shown string: card names {cards}, "seat 2" "seat {seat}", numbers {n},
    squares {square}; repeats numbered ({seat2})."""
    counts: dict[str, int] = {}

    def slot(kind: str) -> str:
        counts[kind] = counts.get(kind, 0) + 1
        return "{" + kind + (str(counts[kind]) if counts[kind] > 1 else "") + "}"

    tokens = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(tokens):
        head, core, tail = _split(tokens[i])
        if core and is_card_token(core):
            j = i
            while not tail and j + 1 < len(tokens) and _split(tokens[j + 1])[1] and \
                    is_card_token(_split(tokens[j + 1])[1]) and not _split(tokens[j + 1])[0]:
                j += 1
                tail = _split(tokens[j])[2]
            out.append(head + slot("cards") + tail)
            i = j + 1
            continue
        if re.fullmatch(r"\d+", core) and out and out[-1].lower() == "seat":
            out.append(head + slot("seat") + tail)
        elif re.fullmatch(r"[-+]?\d+(?:\.\d+)?", core):
            out.append(head + slot("n") + tail)
        elif re.fullmatch(r"[a-z]\d{1,2}|\d[a-z]", core):
            out.append(head + slot("square") + tail)
        else:
            out.append(tokens[i])
        i += 1
    return " ".join(out)


def _split(token: str) -> tuple[str, str, str]:
    match = re.fullmatch(r"([(\[]?)(.*?)((?:'s)?[.,;:!?)\]]*)", token, re.S)
    return match.group(1), match.group(2), match.group(3)


# What the room shows --------------------------------------------------------------------------
def harvest_room() -> Iterator[tuple[str, str, str | None]]:
    """(msgid, where, context) of the room's own words."""
    attributes = "|".join(ATTRIBUTES)
    for path in sorted(STATIC.glob("*.html")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"<(\w+)[^>]*\bdata-i18n\b[^>]*>(.*?)</\1>", text, re.S):
            yield _plain(match.group(2)), path.name, None
        for match in re.finditer(rf'\b(?:{attributes})="([^"]*[A-Za-z][^"]*)"', text):
            yield _plain(match.group(1)), path.name, None
    string = r'"((?:[^"\\]|\\.)*)"'
    for path in sorted((STATIC / "js").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"\bt\(\s*" + string, text):
            yield json.loads('"' + match.group(1) + '"'), f"js/{path.name}", None
        for match in re.finditer(r"\btc\(\s*" + string + r"\s*,\s*" + string, text):
            yield (json.loads('"' + match.group(2) + '"'), f"js/{path.name}",
                   json.loads('"' + match.group(1) + '"'))
    from parlour import faces
    for svg in [faces.back(), *faces.all_faces().values()]:
        words = face_words(svg)
        if words:
            yield "|".join(words), "parlour/faces.py", "face"
            for word in words if len(words) > 1 else ():
                yield word, "parlour/faces.py", "face"
    for path in sorted(SERVER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                getattr(node.func, "id", None)
            if name == "gettext" and node.args:
                arg = node.args[0]
            elif name == "RoomError" and len(node.args) >= 2:
                arg = node.args[1]
            else:
                continue
            msgid = _python_template(arg)
            if msgid:
                yield msgid, f"{path.name}:{node.lineno}", None


def _plain(markup: str) -> str:
    import html
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


def _python_template(node) -> str | None:
    """A string constant, or an f-string as a template ({name} from each expression)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            else:
                expr = value.value
                while isinstance(expr, (ast.Call, ast.Subscript)):
                    expr = expr.func if isinstance(expr, ast.Call) else expr.value
                name = expr.attr if isinstance(expr, ast.Attribute) else \
                    getattr(expr, "id", "x")
                name = re.sub(r"[^a-z_]", "", name.lower()) or "x"
                parts.append("{" + name + "}")
        return "".join(parts)
    return None


# The catalogues ---------------------------------------------------------------------------------
def pot_path(domain: str, locale: Path = LOCALE) -> Path:
    return locale / f"{domain}.pot"


def po_path(lang: str, domain: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{domain}.po"


def _new(domain: str) -> Catalog:
    return Catalog(project="Parlour", domain=domain, copyright_holder="the Parlour authors",
                   msgid_bugs_address=None, fuzzy=False)


def _read(path: Path, **kwargs) -> Catalog:
    if not path.is_file():
        return Catalog(project="Parlour", **kwargs)
    with path.open("rb") as handle:
        return read_po(handle, **kwargs)


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, omit_header=False,
                 ignore_obsolete=True)


def extract_room(locale: Path = LOCALE) -> Catalog:
    catalog = _new("room")
    for msgid, where, context in harvest_room():
        if msgid and msgid.strip():
            flags = ("python-brace-format",) if "{" in msgid else ()
            catalog.add(msgid, context=context, flags=flags,
                        locations=[(where, None)] if ":" not in where else
                        [(where.split(":")[0], int(where.split(":")[1]))])
    _write(catalog, pot_path("room", locale))
    return catalog


def extract_games(seeds: int = 1, locale: Path = LOCALE, log=print) -> Catalog:
    """games.pot: the templates already there, and a new one (flagged "auto") for each shown
    string they cannot say. An auto template is dropped when the templates written by hand say its
    example by themselves (a person wrote "{suit} are trump; seat {seat} leads" for five)."""
    old = _read(pot_path("games", locale))
    catalog = _new("games")
    if old.creation_date:
        catalog.creation_date = old.creation_date
    for message in old:
        if message.id:
            catalog.add(message.id, context=message.context, auto_comments=message.auto_comments,
                        flags=message.flags)
    said = _english(catalog)
    seen: set = set()

    def add(context, text, game_id, exact=False):
        if (context, text) in seen or is_notation(text):
            return
        seen.add((context, text))
        if said.text(text, context, game_id) is not None:
            return
        msgid = text if exact or context in ("key", "option", "choice") else generalize(text)
        if catalog.get(msgid, context=context) is None:
            flags = (AUTO, "python-brace-format") if compile_template(msgid) else (AUTO,)
            catalog.add(msgid, context=context, auto_comments=[f"{game_id}: {text}"[:300]],
                        flags=flags)
            said.learn(context, msgid, msgid)

    for game_id in parlour.games():
        for context, text in harvest_info(game_id):
            add(context, text, game_id, exact=True)
    for game_id, options, players in sample_games():
        log(f"  {game_id} {players} players {options or ''}")
        for seed in range(seeds):
            for context, text in harvest_play(game_id, options, players, seed):
                add(context, text, game_id)
    others: dict = {}  # context: the templates of the others and those written by hand
    for message in list(catalog):
        if message.id and AUTO in message.flags and message.auto_comments:
            game_id, _, example = " ".join(message.auto_comments).partition(": ")
            if message.context not in others:
                others[message.context] = _english(catalog, but=message.context)
            if others[message.context].text(example, message.context, game_id) is not None:
                catalog.delete(message.id, context=message.context)
    _write(catalog, pot_path("games", locale))
    return catalog


def _english(catalog: Catalog, but: str | None | bool = False) -> Translator:
    """The templates as an English catalogue (every message says itself): what they can say is
    what they cover. `but`: without the auto templates of that context."""
    entries = [(m.context, m.id, m.id) for m in catalog
               if m.id and not (AUTO in m.flags and but is not False and m.context == but)]
    return Translator("en", games=Catalogue(entries=entries))


def update(locale: Path = LOCALE, languages=None) -> None:
    """Merge the templates into every language's catalogue (new entries empty, changed ones fuzzy,
    gone ones obsolete), as `pybabel update` does."""
    for lang in languages or [p.name for p in locale.iterdir() if p.is_dir()]:
        for domain in DOMAINS:
            template = _read(pot_path(domain, locale))
            path = po_path(lang, domain, locale)
            catalog = _read(path, locale=lang)
            catalog.update(template, update_header_comment=False)
            _write(catalog, path)


def init(lang: str, locale: Path = LOCALE) -> None:
    for domain in DOMAINS:
        path = po_path(lang, domain, locale)
        if path.exists():
            raise SystemExit(f"{path} exists already")
        catalog = Catalog(locale=lang, domain=domain, project="Parlour")
        catalog.update(_read(pot_path(domain, locale)))
        _write(catalog, path)


def missing(lang: str, seeds: int = 1, games=None) -> list[tuple[str, str | None, str]]:
    """(game, context, text) of everything shown that the language cannot say."""
    tr = Translator(lang)
    gaps, seen = [], set()
    for game_id, options, players in sample_games():
        if games and game_id not in games:
            continue
        pairs = list(harvest_info(game_id))
        for seed in range(seeds):
            pairs += list(harvest_play(game_id, options, players, seed))
        for context, text in pairs:
            if context == "error" or (context, text) in seen:
                continue
            seen.add((context, text))
            if tr.text(text, context, game_id) is None:
                gaps.append((game_id, context, text))
    return gaps


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m parlour.server.i18n_tools")
    sub = parser.add_subparsers(dest="command", required=True)
    extract = sub.add_parser("extract", help="write locale/room.pot and locale/games.pot")
    extract.add_argument("--seeds", type=int, default=1, help="random games per option set")
    sub.add_parser("update", help="merge the .pot files into every language's .po files")
    start = sub.add_parser("init", help="start a language's catalogues")
    start.add_argument("lang")
    check = sub.add_parser("check", help="list what a language leaves untranslated")
    check.add_argument("lang")
    check.add_argument("--game", action="append")
    args = parser.parse_args(argv)
    if args.command == "extract":
        room = extract_room()
        print(f"room.pot: {len(room)} messages")
        games = extract_games(args.seeds)
        print(f"games.pot: {len(games)} messages")
    elif args.command == "update":
        update()
    elif args.command == "init":
        if args.lang not in LANGUAGES:
            print(f"note: add {args.lang!r} to LANGUAGES in parlour/server/i18n.py to offer it")
        init(args.lang)
    elif args.command == "check":
        gaps = missing(args.lang, games=args.game)
        for game_id, context, text in gaps:
            print(f"{game_id}\t{context or ''}\t{text}")
        print(f"{len(gaps)} untranslated", file=sys.stderr)
        sys.exit(1 if gaps else 0)


if __name__ == "__main__":
    main()
