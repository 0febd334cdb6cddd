"""Serve the phones' view of a table over HTTP on the local network, and push a new view to
every open page as soon as a move is recorded.

One watcher thread asks the tables file whether anything was committed since it last asked
(`PRAGMA data_version`: another connection's commit changes it, whatever the clock or the file
system's time stamps) and whether the file itself was replaced (a `mv` over it: a new inode,
which a connection to the old file would never see); each change bumps a version that wakes the
pages' event streams. A view is rendered once per version and language, however many phones
show it. The server only reads: `do`, `undo` and `use` from the terminal are what change the page.

The HTTP side is Starlette (`app.py`: the routes and the headers of every answer) under uvicorn,
with uvicorn's h11 protocol held to deadlines and sizes (`protocol.py`, `Limits`). This module,
like the rest of the web stack, is imported by `referee table serve` alone.
"""

from __future__ import annotations

import asyncio
import os
import socket
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
        self._views: dict[str, tuple[int, str, str, str]] = {}   # lang → (version, language, title, view)
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

    def render(self, lang: str | None) -> tuple[str, str, str]:
        """(language, page title, view) of the table now, rendered once per version and language."""
        with self._render:
            version = self.version
            cached = self._views.get(lang or "")
            if cached is None or cached[0] != version:
                cached = (version, *self._fresh(lang))
                self._views[lang or ""] = cached
            return cached[1:]

    def rendered(self, lang: str | None) -> tuple[str, str, str] | None:
        """The view of this version if it is rendered already (without waiting for a render)."""
        cached = self._views.get(lang or "")
        return cached[1:] if cached is not None and cached[0] == self.version else None

    def _fresh(self, lang: str | None) -> tuple[str, str, str]:
        from referee.say.labels import comma
        from referee.say.table_text import table_language, words
        from referee.table import service
        from referee.table.store import Store

        spoken = lang or self.lang
        store = None
        try:
            store = Store(self.tables)
            name = self.table or store.current()
            if name is None:
                spoken = spoken or _locale_language()
                others = store.names()
                if others:                       # the current one deleted: say what there is to use
                    return spoken, "referee", page.message(words("no_current", spoken, tables=comma(spoken).join(others)))
                return spoken, "referee", page.message(words("no_tables", spoken))
            header = store.header(name)
            spoken = spoken or table_language(None, header)
            tracked = service.load(store, name, self.rulebook_for)
            local = self.names_for(header.edition, spoken)
            return spoken, page.word("title", spoken, table=name), page.view(tracked, spoken, local)
        except RefereeError as error:         # the table deleted, a damaged file: said on the page
            spoken = spoken or _locale_language()
            return spoken, "referee", page.message(error.localized(spoken))
        except sqlite3.Error as error:        # a file damaged after it was opened: likewise
            spoken = spoken or _locale_language()
            return spoken, "referee", page.message(page.word("unreadable", spoken, why=error))
        finally:
            if store is not None:
                store.conn.close()

    def state_json(self) -> dict:
        from referee.table import service
        from referee.table.store import Store
        from referee.table.view import show_json

        store = Store(self.tables)
        try:
            tracked = service.load(store, store.named_or_current(self.table), self.rulebook_for, play=False)
            return show_json(tracked)
        finally:
            store.conn.close()


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


class WebServer:
    """A listening socket and the uvicorn server that will answer on it (`serve`, until `stop`)."""

    def __init__(self, hub: Hub, listener: socket.socket, limits: Limits):
        import logging

        import uvicorn

        from referee.web.app import make_app
        from referee.web.protocol import guarded

        self.hub = hub
        self.listener = listener
        self.port = listener.getsockname()[1]
        self.share_svg = ""              # the printed address as a QR code, at the page's foot
        # The stack's own log: a phone's every request, or a bad one refused, is not news at the
        # table; an error in the server itself still is.
        logging.getLogger("uvicorn.error").setLevel(logging.ERROR)
        config = uvicorn.Config(
            make_app(hub, limits, lambda: self.share_svg),
            http=guarded(limits), ws="none", lifespan="on", interface="asgi3",   # the loop: serve()
            log_config=None, access_log=False, server_header=False, proxy_headers=False,
            backlog=limits.backlog,
            timeout_keep_alive=limits.idle_seconds, timeout_graceful_shutdown=3,
            h11_max_incomplete_event_size=limits.header_bytes)
        self._uvicorn = _uvicorn_server(config, hub)
        self._most = config.http.most

    def serve(self) -> None:
        """Answer until `stop` (or Ctrl+C, in the main thread): the open pages' streams end."""
        from referee.web.protocol import event_loop

        connections = self._uvicorn.server_state.connections
        with asyncio.Runner(loop_factory=lambda: event_loop(lambda: self._most - len(connections))) as runner:
            runner.run(self._uvicorn.serve(sockets=[self.listener]))

    def started(self) -> bool:
        """Is `serve` answering yet?"""
        return self._uvicorn.started

    def stop(self) -> None:
        """Ask `serve`, running in another thread or about to, to stop (from any thread)."""
        self._uvicorn.should_exit = True

    def close(self) -> None:
        """The pages' streams and the watcher end; the port is free again."""
        self.hub.stop()
        self.listener.close()


def _uvicorn_server(config, hub: Hub):
    """uvicorn's server, ending the pages' streams when it stops (it would wait for them)."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets=None) -> None:
            hub.stop()                   # the streams end first, or uvicorn would wait for them
            await super().shutdown(sockets)

    return Server(config)


def make_server(hub: Hub, host: str, port: int, limits: Limits = Limits()) -> WebServer:
    """The server, listening but not yet answering; its watcher thread starts with it. A port
    in use or an address this computer lacks raises OSError here, before anything answers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET     # an IPv6 address (`::`: every network)
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # a restart need not wait for TIME_WAIT
        listener.bind((host, port))
        listener.listen(limits.backlog)
        listener.setblocking(False)
        server = WebServer(hub, listener, limits)
    except BaseException:
        listener.close()
        raise
    threading.Thread(target=hub.watch, name="referee-watch", daemon=True).start()
    return server


def lan_address() -> str:
    """This machine's address on the local network (the route a packet would take; none is
    sent), for the URL the phones open; 127.0.0.1 without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
