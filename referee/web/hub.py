"""What the open pages share: the tables file watched for commits (and for being replaced), the
views rendered once per version and language, and the limits every connection is held to.
Imported by the server (web/server.py) and by the routes (web/app.py), which import neither each
other's module at import time."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from referee.errors import RefereeError
from referee.web import page

POLL_SECONDS = 0.1               # how soon a recorded move reaches the phones (a query of ~20 µs)
KEEPALIVE_SECONDS = 15           # a comment line now and then keeps idle connections open


@dataclass(frozen=True)
class Limits:
    """What one client may take of the server. A phone at the table sends a few hundred bytes
    of headers and no body, and reads what it is sent; anything far from that is closed, so that
    a stuck or hostile client never holds the others up (tests shorten the times)."""

    request_seconds: float = 10.0        # to send a whole request, head and body, once begun
    idle_seconds: float = 5.0            # a connection with no request under way (and none begun)
    stalled_seconds: float = 30.0        # a client that reads nothing of what it is sent
    header_bytes: int = 16 * 1024        # a request's head (431 past it)
    body_bytes: int = 64 * 1024          # a request's body (413 past it; no route reads one)
    backlog: int = 256                   # connections the system holds before they are accepted
    connections: int = 256               # open at once; past it the one idle longest is closed


class Hub:
    """What the pages share: the version of the tables file and the views rendered for it."""

    def __init__(self, tables: Path, table: str | None, lang: str | None, rulebook_for, names_for):
        self.tables = Path(tables)
        self.table = table               # None: follow the current table (`referee table use`)
        self.lang = lang                 # None: each table's own language
        self.rulebook_for = rulebook_for
        self.names_for = names_for       # (edition, lang) → card id → name
        self.version = 0
        self.stopping = threading.Event()
        self._views: dict[tuple, tuple[int, str, str, str]] = {}   # (lang, link) → (version, language, title, view)
        self._links: tuple[int, list] = (-1, [])                  # (version, the links then)
        self._renderer = None
        # `serve` hears what the phones record: announce(table's language) -> (language, print).
        self.announce = None
        # `serve` hears each commit to the tables file (None: nobody): run on the watcher's thread.
        self.committed = None
        self._tracked = None                                      # (version, table, Tracked): the last one loaded
        self._render = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None      # the server's, where the streams wait
        self._wakeup: asyncio.Event | None = None

    # -- watching ----------------------------------------------------------------------------

    def watch(self) -> None:
        conn: sqlite3.Connection | None = None
        opened: object = ()              # which file `conn` reads (device, inode); () before the first look
        seen = None
        try:
            while not self.stopping.wait(POLL_SECONDS):
                now = _identity(self.tables)
                if now != opened:                # replaced, removed or back: read the file there now
                    if conn is not None:
                        conn.close()
                        conn = None
                    if opened != ():
                        self.bump()
                    opened, seen = now, None
                    if now is not None:
                        with suppress(sqlite3.Error):      # mode=rw: never create a file that is not there
                            conn = sqlite3.connect(f"{self.tables.resolve().as_uri()}?mode=rw", uri=True, timeout=30,
                                                   isolation_level=None, check_same_thread=False)
                        if conn is None:
                            opened = ()          # not openable now: try again at the next tick
                if conn is None:
                    continue
                try:
                    version = conn.execute("PRAGMA data_version").fetchone()[0]
                except sqlite3.Error:
                    continue                 # busy a moment: ask again at the next tick
                if version != seen:
                    seen = version
                    self.bump()
                    heard = self.committed
                    if heard is not None:
                        heard()
        finally:
            if conn is not None:
                conn.close()

    def bump(self) -> None:
        """A new version (called by the watcher's thread); the streams wake on the server's loop."""
        self.version += 1
        self._wake_soon()

    def stop(self) -> None:
        """The watcher and every stream end."""
        self.stopping.set()
        self._wake_soon()
        if self._renderer is not None:
            self._renderer.shutdown(wait=False)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The streams will wait on `loop` (called on it, when the server starts)."""
        self._loop = loop
        self._wakeup = asyncio.Event()

    def _wake_soon(self) -> None:
        loop = self._loop
        if loop is not None:
            with suppress(RuntimeError):                  # the loop already closed: nobody waits
                loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        if self._wakeup is not None:
            self._wakeup.set()
            self._wakeup = asyncio.Event()

    async def changed(self, version: int, timeout: float) -> int:
        """The version once it differs from `version` (or after `timeout`), on the server's loop."""
        wakeup = self._wakeup
        if wakeup is not None and self.version == version and not self.stopping.is_set():
            with suppress(asyncio.TimeoutError):
                await asyncio.wait_for(wakeup.wait(), timeout)
        return self.version

    # -- rendering ---------------------------------------------------------------------------

    def render(self, lang: str | None, link=None) -> tuple[str, str, str]:
        """(language, page title, view) of the table now, rendered once per version, language
        and link (None: the watch link's view; a `gate.Link`: that link's, with its buttons)."""
        with self._render:
            version = self.version
            cached = self._views.get((lang or "", link))
            if cached is None or cached[0] != version:
                cached = (version, *(self._fresh(lang) if link is None else self._fresh(lang, link)))
                self._views[(lang or "", link)] = cached
            return cached[1:]

    def renderer(self):
        """The one thread that renders views. Renders take turns anyway (one per version, language
        and link); were each waiting page's render a thread of the shared pool, thirty-eight
        pages woken by one move would hold as many threads, each growing its own heap."""
        if self._renderer is None:
            from concurrent.futures import ThreadPoolExecutor

            self._renderer = ThreadPoolExecutor(1, thread_name_prefix="referee-render")
        return self._renderer

    def rendered(self, lang: str | None, link=None) -> tuple[str, str, str] | None:
        """The view of this version if it is rendered already (without waiting for a render)."""
        cached = self._views.get((lang or "", link))
        return cached[1:] if cached is not None and cached[0] == self.version else None

    def links(self) -> list[tuple[str, int, str]]:
        """(table, seat, key) of every link that may act, read once per version of the file."""
        version = self.version
        if self._links[0] != version:
            from referee.table.store import Store

            try:
                store = Store(self.tables)
            except (RefereeError, sqlite3.Error):
                return []                        # no file (yet), or a damaged one: no key opens anything
            try:
                self._links = (version, store.links())
            finally:
                store.conn.close()
        return self._links[1]

    def _loaded(self, store, name: str, version: int):
        """The table at this version, loaded once for every page that shows it (each link and
        language renders from the same position: only the render thread reads it)."""
        from referee.table import service

        kept = self._tracked
        if kept is not None and kept[0] == version and kept[1] == name and kept[2].log == store.moves(name):
            return kept[2]
        tracked = service.load(store, name, self.rulebook_for)
        self._tracked = (version, name, tracked)
        return tracked

    def _fresh(self, lang: str | None, link=None) -> tuple[str, str, str]:
        from referee.say.labels import comma
        from referee.say.table_text import table_language, words
        from referee.table.store import Store

        version = self.version
        spoken = lang or self.lang
        store = None
        try:
            store = Store(self.tables)
            name = link.table if link is not None else (self.table or store.current())
            if name is None:
                spoken = spoken or _locale_language()
                others = store.names()
                if others:                       # the current one deleted: say what there is to use
                    return spoken, "referee", page.message(words("no_current", spoken, tables=comma(spoken).join(others)))
                return spoken, "referee", page.message(words("no_tables", spoken))
            header = store.header(name)
            spoken = spoken or table_language(None, header)
            tracked = self._loaded(store, name, version)
            local = self.names_for(header.edition, spoken)
            from referee.table.view import table_viewer

            viewer = table_viewer(header, None if link is None or link.is_table else link.seat, tracked.game.state.round)
            clock = _countdown(store, name, tracked)
            return spoken, page.word("title", spoken, table=name), page.view(tracked, spoken, local, viewer, link=link,
                                                                              clock=clock)
        except RefereeError as error:         # the table deleted, a damaged file: said on the page
            spoken = spoken or _locale_language()
            return spoken, "referee", page.message(error.localized(spoken))
        except sqlite3.Error as error:        # a file damaged after it was opened: likewise
            spoken = spoken or _locale_language()
            return spoken, "referee", page.message(page.word("unreadable", spoken, why=error))
        finally:
            if store is not None:
                store.conn.close()

    def sheet(self, lang: str | None) -> str:
        """The shown table's cast sheet (`referee sheet`'s page) in `lang` (None: the table's)."""
        from referee.catalog.db import connect
        from referee.say.table_text import table_language
        from referee.sheet.casts import sheet_page, table_cast
        from referee.table.store import Store

        store = Store(self.tables)
        try:
            name = store.named_or_current(self.table)
            header = store.header(name)
        except RefereeError as error:
            spoken = lang or self.lang or _locale_language()
            return page.document(page.message(error.localized(spoken)), spoken, "referee")
        finally:
            store.conn.close()
        spoken = lang or self.lang or table_language(None, header)
        return sheet_page(connect(), table_cast(header, self.rulebook_for(header.edition)), [spoken])

    def state_json(self) -> dict:
        from referee.table import service
        from referee.table.store import Store
        from referee.table.view import show_json, table_viewer

        store = Store(self.tables)
        try:
            tracked = service.load(store, store.named_or_current(self.table), self.rulebook_for, play=False)
            return show_json(tracked, table_viewer(tracked.header, round_now=tracked.game.state.round))
        finally:
            store.conn.close()


def _countdown(store, name: str, tracked):
    """The turn timer's countdown when `serve --timer` runs for the table (None otherwise)."""
    times = store.timer(name)
    if not times:
        return None
    from referee.table.timer import countdown, parse_times

    parsed = parse_times(times)
    return countdown(tracked, parsed) if parsed else None


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file `path` is now (device and inode), None if there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _locale_language() -> str:
    from referee.say.lang import choose

    return choose(None)
