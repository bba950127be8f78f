"""The room's card faces, print-and-play PDFs and scorer page.

  GET  /cards/faces.json       every face of every deck, the back and the suit inks (cards.js)
  GET  /cards/<card>.svg       one face ("back" for the back)
  GET  /print/<deck>.pdf       the deck to print (?paper=a4 or letter), from the same faces
  GET  /score                  the scorer page; GET /api/scorers lists the games that offer one
  POST /api/score              {"game", "hand": [...], "table": [...], "options": {...}}
                               (scored in a worker process, one hand at a time, within a limit;
                               a few more wait their turn, any more get 503 and Retry-After)

The faces are drawn once, in Python (parlour/faces.py), so the room and the paper show the very
same cards. Nothing here names a game: a game offers a scorer through `Game.scorer`.
"""

from __future__ import annotations

import asyncio
import atexit
import gzip
import hashlib
import json
import multiprocessing
import threading
from functools import lru_cache

import anyio
from fastapi import FastAPI, Request
from fastapi.responses import Response

import parlour
from parlour import faces, printing
from parlour.core.errors import ParlourError

from . import i18n
from .tables import RoomError


def _faces_payload(lang: str = i18n.DEFAULT) -> tuple[bytes, bytes, str]:
    """The faces as JSON, gzipped, and their ETag. The words on them are in the language
    (i18n.localize_face)."""
    tr = i18n.translator(lang)
    all_faces = {name: i18n.localize_face(svg, tr) for name, svg in faces.all_faces().items()}
    body = json.dumps({"back": faces.back(), "faces": all_faces,
                       "colors": faces.colors()}, separators=(",", ":")).encode("utf-8")
    return body, gzip.compress(body, 9, mtime=0), '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


# The faces never change in a run: made once per language. A dict rather than lru_cache so the
# route can tell, on the event loop, whether a language still has to be made (most of a second).
_FACES: dict[str, tuple[bytes, bytes, str]] = {}


def scorer_of(game_id: str):
    """The game's scorer, or None."""
    return getattr(parlour.game_class(game_id), "scorer", None)


@lru_cache(maxsize=None)
def decks_of(game_id: str) -> tuple[str, ...]:
    """The printable decks a game is played with: its default deck, then those of its variants
    (as the conformance suite's option sets load them: Ahzchim's chips, Izind's maunwe pack)."""
    cls = parlour.game_class(game_id)
    names = [cls.info.deck]
    for options in getattr(cls, "sample_options", ()):
        try:
            names.append(cls(None, **options).deck().name)
        except ParlourError:
            continue
    return tuple(dict.fromkeys(name for name in names if name in parlour.DECKS))


def print_links(game_id: str) -> list[dict]:
    return [{"deck": deck, "title": parlour.DECKS[deck].title,
             **{paper: f"/print/{deck}.pdf?paper={paper}" for paper in printing.PAPERS}}
            for deck in decks_of(game_id)]


# The scorer ------------------------------------------------------------------------------------
# The exact solver's time grows fast with the hand and with cards that may change rank or color
# (fifteen such cards in Treasure run for many minutes), so the room scores in a process of its
# own, one hand at a time, and gives up on a hand after settings.score_seconds. Hands waiting
# their turn wait on the event loop, not on a worker thread: the threads serve the rest of the
# room (the PDFs, the store). `parlour score` has no limit.

def _score(game_id: str, hand, table, options) -> dict:
    return scorer_of(game_id).run(hand, table, options)


def _warm() -> None:
    parlour.games()  # import every game before the first hand is timed


class _Solver:
    """One worker process for every room in this process; replaced when a hand overruns. A room
    sends it one hand at a time (_Queue), so a hand's time is its own scoring, not its wait."""

    def __init__(self):
        self.lock = threading.Lock()  # two rooms on two loops (tests) may start it at once
        self.pool = None

    def _started(self):
        with self.lock:
            if self.pool is None:
                pool = multiprocessing.get_context("spawn").Pool(1)
                pool.apply(_warm)
                self.pool = pool
            return self.pool

    async def run(self, game_id: str, hand, table, options, score_seconds: float) -> dict:
        # Spawning and warming the worker takes about half a second: on a thread, untimed.
        pool = self.pool or await anyio.to_thread.run_sync(self._started)
        loop = asyncio.get_running_loop()
        done = loop.create_future()

        def settle(value=None, error=None):
            # On the pool's result thread. An exception here would kill that thread, and the
            # loop may be closed by now (a test's client gone): then nobody waits for the hand.
            def resolve():
                if done.done():  # given up on already
                    return
                if error is not None:
                    done.set_exception(error)
                else:
                    done.set_result(value)
            try:
                loop.call_soon_threadsafe(resolve)
            except RuntimeError:
                pass

        pool.apply_async(_score, (game_id, hand, table, options),
                         callback=settle,
                         error_callback=lambda error: settle(error=error))
        try:
            return await asyncio.wait_for(done, score_seconds)
        except TimeoutError:
            self.drop(pool)
            raise RoomError("too_slow", f"this hand takes more than {score_seconds:g} s to score "
                                        f"here; parlour score takes the time it needs",
                            400, "hand") from None
        except asyncio.CancelledError:
            # Nobody waits for this hand any more; left running, it would eat into the next
            # hand's time.
            self.drop(pool)
            raise

    def drop(self, pool) -> None:
        """Kill a worker that is busy with a hand nobody wants; the next hand starts another.
        terminate() joins the pool's threads and the process: on a thread, not the loop's."""
        if self.pool is pool:
            self.pool = None
        threading.Thread(target=pool.terminate, name="scorer-terminate", daemon=True).start()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None


SOLVER = _Solver()
atexit.register(SOLVER.close)


class _Queue:
    """One room's hands: one scored at a time, `settings.score_queue` more waiting on the event
    loop, any more refused at once (503)."""

    def __init__(self):
        self.turn = asyncio.Lock()  # bound to the room's loop on first use
        self.hands = 0  # the one being scored and those waiting


def add_routes(app: FastAPI, page, read_json, translator) -> None:
    """`page(name, request)` answers a static page, `read_json(request)` a request's JSON object
    (or RoomError), `translator(request)` the reader's i18n.Translator."""

    queue = _Queue()

    # The faces and the scorer's hands are async: they never wait for a worker thread.
    @app.get("/cards/faces.json")
    async def cards_faces(request: Request):
        lang = translator(request).lang
        made = _FACES.get(lang)
        if made is None:
            made = _FACES[lang] = await anyio.to_thread.run_sync(_faces_payload, lang)
        body, zipped, etag = made
        headers = {"ETag": etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(zipped, media_type="application/json",
                            headers={**headers, "Content-Encoding": "gzip"})
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/cards/{card}.svg")
    async def card_svg(card: str):
        try:
            svg = faces.back() if card == "back" else faces.face(card)
        except ValueError:
            raise RoomError("no_card", f"no card {card!r} in any deck", 404) from None
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/print/{deck}.pdf")
    def print_deck(deck: str, paper: str = "a4"):
        # A plain def: FastAPI runs it on a worker thread, and a first PDF takes a second.
        if deck not in parlour.DECKS:
            raise RoomError("no_deck", f"no deck {deck!r}; the decks are "
                                       f"{', '.join(parlour.DECKS)}", 404, "deck")
        try:
            data = printing.deck_pdf(deck, paper.lower())
        except ParlourError as error:
            raise RoomError("bad_paper", str(error), 400, "paper") from None
        name = f"parlour-{deck}-{paper.lower()}.pdf"
        return Response(data, media_type="application/pdf", headers={
            "Content-Disposition": f'inline; filename="{name}"',
            "Cache-Control": "public, max-age=3600"})

    @app.get("/score", include_in_schema=False)
    async def score_page(request: Request):
        return page("score.html", request)

    @app.get("/api/scorers")
    async def api_scorers(request: Request):
        tr = translator(request)
        return {"scorers": [tr.scorer_info({
            "game": game_id, "title": parlour.game_class(game_id).info.title,
            "rules": f"/rules/{game_id}", **scorer.to_dict(),
            "cards": list(dict.fromkeys(parlour.DECKS[scorer.deck].cards))})
            for game_id in parlour.games() if (scorer := scorer_of(game_id))]}

    @app.post("/api/score")
    async def api_score(request: Request):
        body = await read_json(request)
        game_id = body.get("game")
        try:
            scorer = scorer_of(game_id) if isinstance(game_id, str) else None
        except ParlourError:
            scorer = None
        if scorer is None:
            raise RoomError("no_scorer", "pick a game that has a scorer", 400, "game")
        hand, table, options = body.get("hand"), body.get("table", []), body.get("options", {})
        if not _words(hand) or not _words(table) or not isinstance(options, dict):
            raise RoomError("malformed", 'send {"game", "hand": [cards], "table": [cards], '
                                         '"options": {}}')
        if len(hand) > scorer.max_cards:
            raise RoomError("too_many", f"the room scores hands of up to {scorer.max_cards} "
                                        f"cards; use parlour score for more", 400, "hand")
        if not hand:
            raise RoomError("empty", "pick the cards of the hand", 400, "hand")
        settings = request.app.state.room.settings
        score_seconds = settings.score_seconds
        if queue.hands > settings.score_queue:
            raise RoomError("busy", "the scorer is busy; try again in a few seconds", 503,
                            retry_after=score_seconds)
        queue.hands += 1
        try:
            async with queue.turn:
                result = await SOLVER.run(game_id, hand, table, options, score_seconds)
        except ParlourError as error:
            raise RoomError("bad_hand", str(error), 400) from None
        finally:
            queue.hands -= 1
        tr = translator(request)
        result["notes"] = [tr.show(note, None, game_id) for note in result.get("notes", [])]
        return result


def _words(value) -> bool:
    return isinstance(value, list) and len(value) <= 200 and all(
        isinstance(word, str) and len(word) <= 40 for word in value)
