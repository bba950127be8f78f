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
import collections
import contextlib
import gzip
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import signal
import threading
import time
from functools import cache
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.responses import Response

import parlour
from parlour import faces, printing
from parlour.core.errors import ParlourError

from . import i18n
from .errors import RoomError


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


@cache
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
# own, at a lower priority than its pages (settings.score_nice), one hand at a time, and gives up
# on a hand after settings.score_seconds. The hands wait their turn on the event loop, not on a
# worker thread, in a queue per address served in turn (_Turns): an address may have
# score_per_address hands in at once, and once another address's hand waits, the hand being
# scored is given score_shared_seconds at most. `parlour score` has no limit.
#
# A hand given up on is stopped inside the worker (a signal its handler turns into an exception
# the solver unwinds from), so the worker goes on with the next hand at once: no new process to
# start, whose imports would take a second or two of processor from the room. A worker that does
# not stop within STOP_GRACE is killed and started again at the next hand.

STOP_GRACE = 2.0  # seconds a stopped hand has to unwind before its worker is killed


def _score(game_id: str, hand, table, options) -> dict:
    return scorer_of(game_id).run(hand, table, options)


class _Stopped(BaseException):
    """Raised in the worker when the room gives up on its hand. Not an Exception, so that no
    `except Exception` in a game's scorer takes it for a failure of its own."""


def _worker(conn, stop, room_pid: int) -> None:  # the worker process's main
    """Hands from `conn` one at a time: (number, game, hand, table, options) -> (number, (what,
    value)). SIGUSR1 stops hand `stop.value` if that is the one being scored (a late signal for a
    finished hand stops nothing)."""
    scoring: list[int | None] = [None]

    def on_stop(signum, frame):
        if scoring[0] is not None and scoring[0] == stop.value:
            scoring[0] = None  # one exception per hand, never a second inside the first's except
            raise _Stopped

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the room; it ends the worker
    signal.signal(signal.SIGUSR1, on_stop)

    def orphaned():
        # A room killed outright (SIGKILL, the OOM killer) cannot end its worker, which would go
        # on solving a slow hand for minutes: the worker ends itself when its room is gone.
        while os.getppid() == room_pid:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=orphaned, name="scorer-orphaned", daemon=True).start()
    parlour.games()  # import every game before the first hand is timed
    conn.send(None)  # ready

    def attempt(game_id, hand, table, options):
        try:
            return "scored", _score(game_id, hand, table, options)
        except ParlourError as error:
            return "refused", str(error)
        except Exception as error:  # the room answers 500, the worker goes on
            return "failed", f"{type(error).__name__}: {error}"

    while True:
        try:
            number, *args = conn.recv()
        except (EOFError, OSError):
            return  # the room is gone
        try:
            scoring[0] = number
            answer = attempt(*args)
            scoring[0] = None
        except _Stopped:  # the handler let go of the hand already
            answer = ("stopped", None)
        conn.send((number, answer))


class _Worker:
    """The scorer's process, one for every room in this process (tests run several rooms on
    several loops); started at the first hand, again after it was killed. A thread of its own
    reads the answers and hands each to the loop that waits for it."""

    def __init__(self):
        self.lock = threading.Lock()  # starting, sending and the table of waiting hands
        self.process = None
        self.conn = None
        self.stop_at = None  # shared with the worker: the number of the hand to stop
        self.numbers = itertools.count(1)
        # number -> (the process it was sent to, the loop waiting for it, its answer's future)
        self.waiting: dict[int, tuple[Any, asyncio.AbstractEventLoop, asyncio.Future]] = {}

    def _started(self, nice: int):
        """The running worker; started and warmed first if there is none (about a second:
        called on a thread, never on the loop)."""
        with self.lock:
            if self.process is not None and self.process.is_alive():
                return self.process
            context = multiprocessing.get_context("spawn")  # never fork a process with threads
            ours, theirs = context.Pipe()
            stop_at = context.RawValue("q", 0)
            process = context.Process(target=_worker, args=(theirs, stop_at, os.getpid()),
                                      name="parlour-scorer", daemon=True)
            process.start()
            theirs.close()
            if not ours.poll(120):
                process.kill()
                raise RuntimeError("the scorer's process did not start")
            ours.recv()
            # Lowered once warm: its imports (a second of processor, once) at the room's own
            # priority, or on a loaded machine the first hand would wait many seconds for them.
            try:
                os.setpriority(os.PRIO_PROCESS, process.pid,
                               min(19, os.getpriority(os.PRIO_PROCESS, 0) + nice))
            except OSError:
                pass
            self.process, self.conn, self.stop_at = process, ours, stop_at
            threading.Thread(target=self._answers, args=(process, ours), name="scorer-answers",
                             daemon=True).start()
            return process

    def _answers(self, process, conn) -> None:
        """The worker's answers, until it is gone; then whatever it held fails."""
        while True:
            try:
                number, answer = conn.recv()
            except (EOFError, OSError):
                break
            self._settle(number, answer)
        with self.lock:
            if self.process is process:
                self.process = self.conn = None
            lost = [number for number, (sent_to, _, _) in self.waiting.items()
                    if sent_to is process]
        for number in lost:
            self._settle(number, ("failed", "the scorer's process ended"))
        conn.close()

    def _settle(self, number: int, answer) -> None:
        with self.lock:
            _, loop, future = self.waiting.pop(number, (None, None, None))
        if future is None:
            return  # given up on already

        def resolve():
            if not future.done():
                future.set_result(answer)
        try:
            loop.call_soon_threadsafe(resolve)
        except RuntimeError:
            pass  # that loop is closed (a test's room gone): nobody waits for the hand

    async def start(self, nice: int) -> None:
        if self.process is None:
            await anyio.to_thread.run_sync(self._started, nice)

    def send(self, args) -> tuple[int, asyncio.Future]:
        """Send a hand (the worker is started); its number and the future of its answer. The
        hand is a few hundred bytes (api_score bounds its shape): its pickle is no work."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self.lock:
            if self.process is None:
                raise RuntimeError("the scorer's process ended")
            number = next(self.numbers)
            self.waiting[number] = (self.process, loop, future)
            self.conn.send((number, *args))
        return number, future

    def stop(self, number: int) -> None:
        """Stop hand `number` if its worker is still on it."""
        with self.lock:
            process = self.waiting.get(number, (None,))[0]
            if process is None or process is not self.process:
                return
            self.stop_at.value = number
        try:
            os.kill(process.pid, signal.SIGUSR1)
        except OSError:
            pass

    def kill(self, number: int) -> None:
        """End the worker of hand `number`, which did not stop; the next hand starts another."""
        with self.lock:
            process = self.waiting.pop(number, (None,))[0]
            if process is None:
                return
            if self.process is process:
                self.process = self.conn = None
        process.kill()  # its answers' thread sees the pipe close and fails what it held

    def close(self) -> None:
        with self.lock:
            process, self.process = self.process, None
        if process is not None:
            process.terminate()
            process.join(2)
            if process.is_alive():
                process.kill()


SOLVER = _Worker()
atexit.register(SOLVER.close)


class _Turn:
    """A hand's turn at the scorer: how long it may take, cut short once another address waits."""

    def __init__(self, address: str, loop: asyncio.AbstractEventLoop):
        self.address, self.loop = address, loop
        self.limit = math.inf  # seconds from its start
        self.shared = False  # whether the limit was cut for another address
        self.started: float | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.time_up = loop.create_future()
        self.released_later = False  # given up while scored: the turn ends once it has stopped

    def begin(self, seconds: float) -> None:
        self.started = self.loop.time()
        self.limit = min(self.limit, seconds)
        self._schedule()

    def hurry(self, seconds: float) -> None:
        if seconds < self.limit:
            self.limit, self.shared = seconds, True
            self._schedule()

    def _schedule(self) -> None:
        if self.started is None:
            return
        if self.timer is not None:
            self.timer.cancel()
        self.timer = self.loop.call_at(self.started + self.limit, self._up)

    def _up(self) -> None:
        if not self.time_up.done():
            self.time_up.set_result(None)

    def end(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


class _Turns:
    """One room's hands: one scored at a time. Each address has a queue of its own, and when
    the scorer is free the waiting address served longest ago goes next: an address that sends
    hand after hand waits behind every other address's one. An address holds score_per_address
    hands at most (429), the room score_queue waiting beyond the one being scored (503)."""

    def __init__(self, settings):
        self.settings = settings
        self.held: dict[str, int] = {}  # address -> its hands scored or waiting
        # address -> its waiting hands in order: (arrival, future woken at its turn, _Turn)
        self.waiting: dict[str, collections.deque] = {}
        self.served: dict[str, int] = {}  # address -> when its last turn began (addresses held)
        self.clock = itertools.count()
        self.current: _Turn | None = None

    def _admit(self, address: str) -> None:
        settings = self.settings
        if self.held.get(address, 0) >= settings.score_per_address:
            raise RoomError("busy", "your hands are being scored; wait for their answers",
                            429, retry_after=settings.score_seconds)
        if sum(self.held.values()) > settings.score_queue:
            raise RoomError("busy", "the scorer is busy; try again in a few seconds", 503,
                            retry_after=settings.score_seconds)

    @contextlib.asynccontextmanager
    async def turn(self, address: str):
        self._admit(address)
        self.held[address] = self.held.get(address, 0) + 1
        loop = asyncio.get_running_loop()
        turn = _Turn(address, loop)
        try:
            if self.current is not None or self.waiting:
                future = loop.create_future()
                self.waiting.setdefault(address, collections.deque()).append(
                    (next(self.clock), future, turn))
                if self.current is not None and self.current.address != address:
                    self.current.hurry(self.settings.score_shared_seconds)
                try:
                    await future
                except asyncio.CancelledError:
                    if future.done() and not future.cancelled():
                        self._next()  # the turn came as the wait was given up: pass it on
                    else:
                        self._unqueue(address, future)
                    raise
            else:
                self._start(turn)
            yield turn
        finally:
            if not turn.released_later:
                self.done(turn)
            self.held[address] -= 1
            if not self.held[address]:
                del self.held[address]
                self.served.pop(address, None)

    def _start(self, turn: _Turn) -> None:
        self.current = turn
        self.served[turn.address] = next(self.clock)
        if any(address != turn.address for address in self.waiting):
            turn.hurry(self.settings.score_shared_seconds)

    def _unqueue(self, address: str, future) -> None:
        queue = self.waiting.get(address)
        if queue is None:
            return
        for entry in queue:
            if entry[1] is future:
                queue.remove(entry)
                break
        if not queue:
            del self.waiting[address]

    def done(self, turn: _Turn) -> None:
        """The hand of `turn` is answered (or given up and stopped): the next address's turn."""
        turn.end()
        if self.current is turn:
            self.current = None
            self._next()

    def _next(self) -> None:
        self.current = None
        while self.waiting:
            address = min(self.waiting, key=lambda a: (self.served.get(a, -1),
                                                       self.waiting[a][0][0]))
            queue = self.waiting[address]
            _, future, turn = queue.popleft()
            if not queue:
                del self.waiting[address]
            if future.done():  # its wait was given up
                continue
            self._start(turn)
            future.set_result(None)
            return


_STARTING: set[asyncio.Task] = set()  # held, so that a start under way is not collected


def _start_soon(nice: int) -> None:
    """Start the worker in the background, if none is running or starting."""
    if SOLVER.process is None and not SOLVER.lock.locked():
        task = asyncio.ensure_future(SOLVER.start(nice))
        _STARTING.add(task)
        task.add_done_callback(_started_soon)


def _started_soon(task: asyncio.Task) -> None:
    _STARTING.discard(task)
    if not task.cancelled():
        task.exception()  # a failed start is tried again by the first hand, which says why


async def _scored(turns: _Turns, turn: _Turn, args, settings) -> tuple[str, Any]:
    """A hand scored in its turn: the worker's answer, or ("stopped", None) when its time ran
    out (the worker stopped on it, or was killed if it would not)."""
    await SOLVER.start(settings.score_nice)
    number, answer = SOLVER.send(args)
    try:
        turn.begin(settings.score_seconds)
        await asyncio.wait({answer, turn.time_up}, return_when=asyncio.FIRST_COMPLETED)
        if answer.done():
            return answer.result()
        # Time is up: the worker stops on it, and the next hand waits until it has.
        await _stopped(number, answer)
        return "stopped", None
    except asyncio.CancelledError:
        # Nobody waits for this hand any more; left running, it would eat into the next hand's
        # time. It is stopped, and the turn passes on once the worker has let it go.
        if not answer.done():
            turn.released_later = True
            asyncio.ensure_future(_release_after(turns, turn, number, answer))
        raise


async def _stopped(number: int, answer: asyncio.Future) -> None:
    SOLVER.stop(number)
    try:
        await asyncio.wait_for(asyncio.shield(answer), STOP_GRACE)
    except TimeoutError:
        SOLVER.kill(number)


async def _release_after(turns: _Turns, turn: _Turn, number: int, answer) -> None:
    try:
        await _stopped(number, answer)
    finally:
        turns.done(turn)


def add_routes(app: FastAPI, page, read_json, translator, address_of) -> None:
    """`page(name, request)` answers a static page, `read_json(request)` a request's JSON object
    (or RoomError), `translator(request)` the reader's i18n.Translator, `address_of(request)` the
    client's address, whose turn at the scorer a hand waits for."""

    turns = _Turns(app.state.room.settings)

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
        # The scorer page asks this first: its hands will not wait for the worker to start.
        _start_soon(request.app.state.room.settings.score_nice)
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
        # Only short words and a flat object of short scalars go on to the worker: nothing deep
        # or large is pickled on the loop.
        if not _words(hand) or not _words(table) or not _flat(options):
            raise RoomError("malformed", 'send {"game", "hand": [cards], "table": [cards], '
                                         '"options": {}}')
        if len(hand) > scorer.max_cards:
            raise RoomError("too_many", f"the room scores hands of up to {scorer.max_cards} "
                                        f"cards; use parlour score for more", 400, "hand")
        if not hand:
            raise RoomError("empty", "pick the cards of the hand", 400, "hand")
        settings = request.app.state.room.settings
        async with turns.turn(address_of(request)) as turn:
            what, value = await _scored(turns, turn, (game_id, hand, table, options), settings)
        if what == "stopped":
            if turn.shared:
                raise RoomError("too_slow", f"this hand takes more than {turn.limit:g} s to score "
                                            f"while others wait their turn; try again later, or "
                                            f"use parlour score", 400, "hand")
            raise RoomError("too_slow", f"this hand takes more than {turn.limit:g} s to score "
                                        f"here; parlour score takes the time it needs",
                            400, "hand")
        if what == "refused":
            raise RoomError("bad_hand", value, 400)
        if what == "failed":
            raise RuntimeError(f"the scorer failed: {value}")
        tr = translator(request)
        value["notes"] = [tr.show(note, None, game_id) for note in value.get("notes", [])]
        return value


def _words(value) -> bool:
    return isinstance(value, list) and len(value) <= 200 and all(
        isinstance(word, str) and len(word) <= 40 for word in value)


def _flat(options) -> bool:
    """A scorer's options: a few names, each with a number, a short word, true, false or null."""
    return isinstance(options, dict) and len(options) <= 32 and all(
        isinstance(name, str) and len(name) <= 40 and (
            value is None or isinstance(value, (bool, int, float))
            or isinstance(value, str) and len(value) <= 40)
        for name, value in options.items())
