"""The room in more than one language, through gettext catalogues (.po files read with Babel).

Two domains per language, in parlour/server/locale/<lang>/LC_MESSAGES/:
  room.po    the room's own words: pages, buttons, the server's refusals
  games.po   what the games show: view keys, values, log lines, move labels, reasons, titles,
             summaries and options

The games are not touched: they keep writing English and their notation (records and the protocol
use it). What they write is matched here against the catalogue's message templates, harvested from
playing them (parlour/server/i18n_tools.py). A msgid may hold placeholders:

  {seat}    a seat number                      kept (the page draws the seat's name)
  {cards}   one or more card names             kept: notation, the page draws the cards
  {card}    one card name                      kept
  {n}       a number                           kept
  {square}  a square of a grid, such as b3     kept: notation
  {other}   any other name: any text, itself translated, first in the context "other", then
            as a sentence (a suit, a place, a list "a, b, c" item by item)

A digit after the name tells repeated placeholders apart: {seat2}, {cards2}.
Contexts: none for sentences and values; "key" for view keys (labels); "move" for move labels;
"value:<key>" for short values read by their key (a suit letter under "trump"); "option" for
option names; "choice" for option values; "<game>|<context>" (or "<game>" alone) for one game.

Text that is notation only (card names, numbers, squares, punctuation) is the same in every
language.
"""

from __future__ import annotations

import html
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from parlour.core.cards import DECKS
from parlour.core.scene import TEXT_KEYS

LOCALE = Path(__file__).resolve().parent / "locale"
DEFAULT = "en"
# The languages offered, in their own names; the catalogues of a language live in LOCALE/<code>.
LANGUAGES = {"en": "English", "ar": "العربية"}
RTL = {"ar", "fa", "he", "ur"}
COOKIE = "parlour_lang"

CARD_NAMES = frozenset(card for deck in DECKS.values() for card in deck.cards)
_NAME = "(?:" + "|".join(re.escape(c) for c in sorted(CARD_NAMES, key=len, reverse=True)) + ")"
# A card, or cards joined in one token: a fort "Z1/K7", a card standing for another "8P=3P".
_CARD = _NAME + r"(?:[/=]" + _NAME + r")*\+?"
TYPED = {
    "seat": r"\d+",
    "cards": _CARD + r"(?: " + _CARD + r")*",
    "card": _CARD,
    "n": r"[-+]?\d+(?:\.\d+)?",
    "square": r"[a-z]\d{1,2}|\d[a-z]",
}
PLACEHOLDER = re.compile(r"\{([a-z_]+?)(\d*)\}")
_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?%?")
_SQUARE = re.compile(r"[a-z]\d{1,2}|\d[a-z]")
_PUNCT = "()[]{}.,;:!?·…–—-+=/×|'\"«»،؛"


def is_card_token(token: str) -> bool:
    """A card name, or card names joined in one token ("Z1/K7", "8P=3P", "K7+")."""
    parts = token.rstrip("+").replace("=", "/").split("/")
    return all(part in CARD_NAMES for part in parts)


@lru_cache(maxsize=65536)
def is_notation(text: str) -> bool:
    """Text made only of card names, numbers, squares and punctuation reads the same in any
    language (the page draws the cards)."""
    for token in text.split():
        core = token.strip(_PUNCT)
        if core and not is_card_token(core) and not _NUMBER.fullmatch(core) and \
                not _SQUARE.fullmatch(core):
            return False
    return True


def kind_of(name: str) -> str:
    """A placeholder's kind: its name without the digits that tell repeats apart."""
    return PLACEHOLDER.fullmatch("{" + name + "}").group(1)


def literals(msgid: str) -> tuple[str, ...]:
    """A template's text between its placeholders, in order: what a matching text must hold."""
    return tuple(PLACEHOLDER.split(msgid)[::3])


def could_match(pieces: tuple[str, ...], text: str) -> bool:
    """Whether `text` holds a template's literal pieces in order, from its start to its end: a
    necessary condition for its pattern to match, far cheaper than compiling that pattern."""
    first, last = pieces[0], pieces[-1]
    if not text.startswith(first) or not text.endswith(last) or len(text) < len(first) + len(last):
        return False
    at, end = len(first), len(text) - len(last)
    for piece in pieces[1:-1]:
        at = text.find(piece, at, end)
        if at < 0:
            return False
        at += len(piece)
    return True


@cache
def compile_template(msgid: str) -> tuple[re.Pattern, list[str]] | None:
    """The regular expression matching what a template stands for, and its placeholder names;
    None for a msgid without placeholders."""
    parts, names, last = [], [], 0
    for match in PLACEHOLDER.finditer(msgid):
        parts.append(re.escape(msgid[last:match.start()]))
        name = match.group(1) + match.group(2)
        if name in names:  # the same placeholder twice: the same text twice
            parts.append(f"(?P={name})")
        else:
            names.append(name)
            parts.append(f"(?P<{name}>{TYPED.get(match.group(1), '.+?')})")
        last = match.end()
    if not names:
        return None
    parts.append(re.escape(msgid[last:]))
    return re.compile("".join(parts), re.S), names


class Catalogue:
    """One domain of one language: exact messages and templates, by context."""

    def __init__(self, path: Path | None = None, entries=()):
        """From a .po file (translated entries that are not fuzzy), or from (context, msgid,
        translation) triples."""
        self.exact: dict[tuple[str | None, str], str] = {}
        self.templates: dict[str | None, list] = {}
        self.messages: dict[tuple[str | None, str], str] = {}  # every translated entry
        if path is not None and path.is_file():
            with path.open("rb") as handle:
                entries = [(m.context, m.id, m.string) for m in read_po(handle)
                           if isinstance(m.id, str) and not m.fuzzy]
        for context, msgid, text in entries:
            self.add(context, msgid, text)

    def add(self, context: str | None, msgid: str, text: str) -> None:
        if not msgid or not text:
            return
        context = context or None
        self.messages[(context, msgid)] = text
        if not PLACEHOLDER.search(msgid):
            self.exact[(context, msgid)] = text
            return
        # A template's pattern is compiled when a text first holds its literal pieces: compiling
        # all of a language's (hundreds, with every card name in each) took the first page in
        # that language seconds, on the event loop.
        entries = self.templates.setdefault(context, [])
        entries.append((len(PLACEHOLDER.sub("", msgid)), msgid, literals(msgid), text))
        entries.sort(key=lambda e: (-e[0], e[1]))  # the most specific template first

    def __len__(self) -> int:
        return len(self.exact) + sum(map(len, self.templates.values()))


def contexts(context: str | None, game: str | None) -> list[str | None]:
    """Where a message is looked for, the game's own entries first."""
    chain: list[str | None] = []
    if context in ("key", "move", "option", "choice", "punctuation"):
        if game:
            chain.append(f"{game}|{context}")
        chain.append(context)
        return chain
    if context is not None:
        if game:
            chain.append(f"{game}|{context}")
        chain.append(context)
    if game:
        chain.append(game)
    chain.append(None)
    return chain


class Translator:
    """Everything the room shows, in one language. English needs no catalogue: every method
    gives its text back as it is."""

    def __init__(self, lang: str = DEFAULT, locale: Path = LOCALE,
                 games: Catalogue | None = None):
        """`games`: a catalogue of the games' messages in place of the language's own (the
        tools read the templates themselves as an English catalogue, to see what they cover)."""
        self.lang = lang
        self.rtl = lang in RTL
        folder = locale / lang / "LC_MESSAGES"
        self.english = lang == DEFAULT and games is None
        self.room = Catalogue(None if self.english else folder / "room.po")
        self.games = games or Catalogue(None if self.english else folder / "games.po")
        self._cache: dict[tuple, str | None] = {}

    # The room's own words --------------------------------------------------------------------
    def gettext(self, msgid: str, **params: Any) -> str:
        """A room message, its {placeholders} filled from params."""
        text = self.room.messages.get((None, msgid), msgid)
        return PLACEHOLDER.sub(lambda m: str(params.get(m.group(1) + m.group(2), m.group(0))),
                               text) if params else text

    def room_messages(self) -> dict[str, str]:
        """The room's messages for the pages' scripts: msgid, or context U+0004 msgid, to its
        translation."""
        return {msgid if context is None else f"{context}\x04{msgid}": text
                for (context, msgid), text in self.room.messages.items()}

    def message(self, text: str, game: str | None = None) -> str:
        """A refusal or notice the room sends (a RoomError, a game's reason): room templates,
        then the games' sentences; English when the catalogue has nothing for it."""
        if self.english:
            return text
        found = self._find((self.room, self.games), text, "error", game, 0, lenient=True)
        return text if found is None else found

    # What the games say -------------------------------------------------------------------
    def text(self, text: str, context: str | None = None, game: str | None = None) -> str | None:
        """`text` in this language, or None when the catalogue cannot say it."""
        if self.english:
            return text
        key = (text, context, game)
        found = self._cache.get(key, self)
        if found is not self:
            return found
        found = self._find((self.games,), text, context, game, 0)
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[key] = found
        return found

    def learn(self, context: str | None, msgid: str, text: str) -> None:
        """One more message of the games (the tools, while they harvest)."""
        self.games.add(context, msgid, text)
        self._cache.clear()

    def show(self, text: str, context: str | None = None, game: str | None = None) -> str:
        found = self.text(text, context, game)
        return text if found is None else found

    def key(self, key: str, game: str | None = None) -> str | None:
        return self.text(key, "key", game)

    def value(self, value: str, key: str | None, game: str | None = None) -> str | None:
        return self.text(value, value_context(value, key), game)

    def move(self, move: str, game: str | None = None) -> str | None:
        return self.text(move, "move", game)

    def _find(self, catalogues: tuple[Catalogue, ...], text: str, context, game,
              depth: int, lenient: bool = False) -> str | None:
        """The translation, or None. Lenient (the room's messages): an open placeholder whose
        text the catalogues cannot say (a player's name, an error of a library) stays as it is."""
        if is_notation(text):
            return text
        if depth > 6:
            return None
        chain = contexts(context, game)
        for catalogue in catalogues:
            for where in chain:
                found = catalogue.exact.get((where, text))
                if found is not None:
                    return found
        for catalogue in catalogues:
            found = self._match(catalogues, catalogue, text, chain, game, depth, lenient)
            if found is not None:
                return found
        # A list: each item on its own ("seat 0 President, seat 1 Citizen").
        for separator in ("; ", ", "):
            if separator in text:
                items = [self._find(catalogues, item, context, game, depth + 1)
                         for item in text.split(separator)]
                if all(item is not None for item in items):
                    joint = catalogues[-1].exact.get(("punctuation", separator), separator)
                    return joint.join(items)
        return None

    def _match(self, catalogues, catalogue, text, chain, game, depth, lenient) -> str | None:
        # Placeholders other than the typed ones are translated too, in any of the catalogues
        # (a room refusal may name a game's title).
        for where in chain:
            for _literal, msgid, pieces, translation in catalogue.templates.get(where, ()):
                if not could_match(pieces, text):
                    continue
                pattern, names = compile_template(msgid)
                match = pattern.fullmatch(text)
                if match is None:
                    continue
                values = {}
                for name in names:
                    part = match.group(name)
                    kind = kind_of(name)
                    if kind not in TYPED:
                        found = self._find(catalogues, part, kind, game, depth + 1)
                        if found is None and not lenient:
                            break
                        part = part if found is None else found
                    values[name] = part
                else:
                    # sub calls the lambda at once, with this match's values (B023)
                    return PLACEHOLDER.sub(lambda m: values.get(m.group(1) + m.group(2),  # noqa: B023
                                                                m.group(0)), translation)
        return None

    # A state frame ------------------------------------------------------------------------
    def frame(self, view: Any, legal: list[str], game: str | None) -> dict | None:
        """What the table page needs to show a frame in this language: labels for the view's
        keys, its strings, and the legal moves. The frame itself keeps the notation."""
        if self.english:
            return None
        keys: dict[str, str] = {}
        values: dict[str, str] = {}

        def walk(value: Any, key: str | None) -> None:
            if isinstance(value, dict):
                for k, v in value.items():
                    k = str(k)
                    if k not in keys and not k.isdigit():
                        label = self.key(k, game)
                        if label is not None:
                            keys[k] = label
                    walk(v, k)
            elif isinstance(value, (list, tuple)):
                for v in value:
                    walk(v, key)
            elif isinstance(value, str) and not is_notation(value):
                name = value_name(value, key)
                if name not in values:
                    found = self.value(value, key, game)
                    if found is not None:
                        values[name] = found

        walk(view, None)
        moves = {}
        for move in legal:
            if not is_notation(move):
                found = self.move(move, game)
                if found is not None:
                    moves[move] = found
        return {"keys": keys, "values": values, "moves": moves}

    def scene(self, scene: Any, game: str | None) -> Any:
        """The scene with its words in this language; cards, seats and picks stay as they are."""
        if self.english:
            return scene
        if isinstance(scene, list):
            return [self.scene(v, game) for v in scene]
        if not isinstance(scene, dict):
            return scene
        out = {}
        for k, v in scene.items():
            if k in TEXT_KEYS and isinstance(v, str):
                out[k] = self.show(v, None, game)
            elif k == "badges" and isinstance(v, list):
                out[k] = [self.show(b, None, game) if isinstance(b, str) else b for b in v]
            else:
                out[k] = self.scene(v, game)
        return out

    def game_info(self, info: dict) -> dict:
        """A game's info (GameInfo.to_dict()) with its title, summary and options' texts in
        this language; names and values stay as they are, with labels beside them."""
        if self.english:
            return info
        game = info["id"]
        info = dict(info)
        info["title"] = self.show(info["title"], None, game)
        info["summary"] = self.show(info.get("summary") or "", None, game)
        options = []
        for option in info.get("options", []):
            option = dict(option)
            option["label"] = self.show(option["name"], "option", game)
            option["doc"] = self.show(option["doc"], None, game)
            if option.get("values"):
                option["values"] = self.show(option["values"], None, game)
            if option.get("choices"):
                option["choice_labels"] = [self.show(choice_text(c), "choice", game)
                                           for c in option["choices"]]
            options.append(option)
        info["options"] = options
        for deck in info.get("print") or ():  # the decks to print (their titles)
            deck["title"] = self.show(deck["title"], None, game)
        return info


    def scorer_info(self, info: dict) -> dict:
        """A scorer's description (GET /api/scorers) with its title, what its table list is
        and its options in this language."""
        if self.english:
            return info
        game = info.get("game")
        info = dict(info, title=self.show(info["title"], None, game),
                    table_label=self.show(info.get("table_label") or "", None, game))
        info["options"] = self.game_info({"id": game, "title": "", "options":
                                          info.get("options", [])})["options"]
        return info

    def face_words(self, words: list[str]) -> list[str]:
        """The words printed on a card face, in this language: all of them at once where the
        catalogue says them together ("WHITE|ELEPHANT", two lines in reading order), else each."""
        together = self.room.messages.get(("face", "|".join(words)))
        if together is not None and len(together.split("|")) == len(words):
            return together.split("|")
        return [self.room.messages.get(("face", word), word) for word in words]


_FACE_TEXT = re.compile(r"(<text\b[^>]*>)([^<]*)(</text>)")


def face_words(svg: str) -> list[str]:
    """The words on a card face: its texts of two letters or more (not "K", "10", "+2")."""
    return [m.group(2) for m in _FACE_TEXT.finditer(svg) if re.search(r"[A-Za-z]{2}", m.group(2))]


def localize_face(svg: str, tr: Translator) -> str:
    """A card face (parlour/faces.py draws it in English) with its words in the reader's
    language; right to left, without the letter spacing that would pull joined letters apart."""
    words = face_words(svg)
    if tr.english or not words:
        return svg
    said = iter(tr.face_words(words))

    def text(match):
        if not re.search(r"[A-Za-z]{2}", match.group(2)):
            return match.group(0)
        head = re.sub(r' letter-spacing="[^"]*"', "", match.group(1)) if tr.rtl else match.group(1)
        return head + html.escape(next(said), quote=False) + match.group(3)

    return _FACE_TEXT.sub(text, svg)


def choice_text(value: Any) -> str:
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def value_context(value: str, key: str | None) -> str | None:
    """Short values (a suit letter, a rank) mean something only beside their key."""
    return f"value:{key}" if key and len(value) <= 2 else None


def value_name(value: str, key: str | None) -> str:
    """How a frame names a value's translation: short values with their key (U+0004 between,
    as gettext joins a context to its message)."""
    return f"{key}\x04{value}" if key and len(value) <= 2 else value


@cache
def translator(lang: str) -> Translator:
    return Translator(lang if lang in LANGUAGES else DEFAULT)


ACCEPT_READ = 256  # characters of Accept-Language read: a browser's is well under 100


def choose(query: str | None = None, cookie: str | None = None,
           accept: str | None = None) -> str:
    """The reader's language: ?lang=, then the remembered choice (cookie), then the browser's
    Accept-Language (its first ACCEPT_READ characters), then English."""
    for wanted in (query, cookie):
        if wanted and wanted in LANGUAGES:
            return wanted
    if accept:
        ranked = []
        for i, part in enumerate(accept[:ACCEPT_READ].split(",")):
            piece = part.strip().split(";")
            tag = piece[0].strip().lower()
            q = 1.0
            for param in piece[1:]:
                name, _, number = param.strip().partition("=")
                if name == "q":
                    try:
                        q = float(number)
                    except ValueError:
                        q = 0.0
            if q > 0:
                ranked.append((-q, i, tag))
        for _q, _i, tag in sorted(ranked):
            base = tag.split("-")[0]
            if base in LANGUAGES:
                return base
    return DEFAULT


# Pages -------------------------------------------------------------------------------------------
_MARKED = re.compile(r"(<(\w+)\b[^>]*\bdata-i18n\b[^>]*>)(.*?)(</\2>)", re.S)
_ATTRIBUTE = re.compile(r'\b(title|placeholder|aria-label)="([^"]*)"')


def localize_page(page: str, tr: Translator) -> str:
    """A static page in the reader's language: <html lang dir>, the text of the elements marked
    data-i18n and their title, placeholder and aria-label attributes, and the room's messages
    for the page's scripts (#i18n)."""
    import json

    direction = "rtl" if tr.rtl else "ltr"
    page = re.sub(r"<html\b[^>]*>", f'<html lang="{tr.lang}" dir="{direction}">', page, count=1)
    if not tr.english:
        def element(match):
            msgid = " ".join(html.unescape(match.group(3)).split())
            text = tr.gettext(msgid)
            return match.group(1) + html.escape(text, quote=False) + match.group(4)

        def attribute(match):
            msgid = html.unescape(match.group(2))
            return f'{match.group(1)}="{html.escape(tr.gettext(msgid))}"'

        page = _MARKED.sub(element, page)
        page = _ATTRIBUTE.sub(attribute, page)
    data = json.dumps({"lang": tr.lang, "languages": LANGUAGES, "messages": tr.room_messages()},
                      ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return page.replace("</head>", f'<script id="i18n" type="application/json">{data}</script>\n'
                                   "</head>", 1)
