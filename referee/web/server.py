"""Serve the phones' view of a table over HTTP on the local network, and push a new view to
every open page as soon as a move is recorded.

One watcher thread asks the tables file whether anything was committed since it last asked
(`PRAGMA data_version`: another connection's commit changes it, whatever the clock or the file
system's time stamps); each change bumps a version that wakes the pages' event streams. A view
is rendered once per version and language, however many phones show it. The server only reads:
`do`, `undo` and `use` from the terminal are what change the page.

Routes (GET only): `/` the page, `/view` the view alone, `/events` the views as server-sent
events, `/state.json` what `referee table show --json` prints. `?lang=en|zh-Hant|zh-Hans` picks
a phone's language; without it the table's own.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, urlsplit

from referee.errors import RefereeError
from referee.web import page

POLL_SECONDS = 0.1               # how soon a recorded move reaches the phones (a query of ~20 µs)
KEEPALIVE_SECONDS = 15           # a comment line now and then keeps idle connections open


class Hub:
    """What the pages share: the version of the tables file and the views rendered for it."""

    def __init__(self, tables: Path, table: str | None, lang: str | None, rulebook_for, names_for):
        self.tables = tables
        self.table = table               # None: follow the current table (`referee table use`)
        self.lang = lang                 # None: each table's own language
        self.rulebook_for = rulebook_for
        self.names_for = names_for       # (edition, lang) → card id → name
        self.version = 0
        self.changed = threading.Condition()
        self.stopping = threading.Event()
        self._views: dict[str, tuple[int, str, str, str]] = {}   # lang → (version, language, title, view)
        self._render = threading.Lock()

    # -- watching ----------------------------------------------------------------------------

    def watch(self) -> None:
        conn = sqlite3.connect(self.tables, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            seen = None
            while not self.stopping.wait(POLL_SECONDS):
                try:
                    now = conn.execute("PRAGMA data_version").fetchone()[0]
                except sqlite3.Error:
                    continue                 # busy a moment: ask again at the next tick
                if now != seen:
                    seen = now
                    self.bump()
        finally:
            conn.close()

    def bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait_for_change(self, version: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.version != version or self.stopping.is_set(), timeout)
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

    def _fresh(self, lang: str | None) -> tuple[str, str, str]:
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


def _locale_language() -> str:
    from referee.say.lang import choose

    return choose(None)


class _Handler(BaseHTTPRequestHandler):
    hub: Hub                         # set on the subclass the server makes, with share_svg
    share_svg: Callable[[str | None], str]
    server_version = "referee"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args) -> None:      # noqa: A002 — the base class's name
        pass                         # a phone's every request is not news at the table

    def do_GET(self) -> None:        # noqa: N802 — the base class's name
        url = urlsplit(self.path)
        lang = parse_qs(url.query).get("lang", [None])[0]
        if lang is not None:
            from referee.say.catalog import languages

            if lang not in languages():           # only a language with a catalog
                lang = None
        route = url.path
        try:
            if route == "/":
                spoken, title, html = self.hub.render(lang)
                self._send(HTTPStatus.OK, "text/html; charset=utf-8",
                           page.document(html, spoken, title, self.share_svg(self.headers.get("Host"))))
            elif route == "/view":
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", self.hub.render(lang)[2])
            elif route == "/state.json":
                try:
                    body = json.dumps(self.hub.state_json(), ensure_ascii=False)
                except RefereeError as error:
                    self._send(HTTPStatus.NOT_FOUND, "application/json", json.dumps({"error": str(error)}))
                    return
                self._send(HTTPStatus.OK, "application/json", body)
            elif route == "/events":
                self._events(lang)
            else:
                self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", "not found\n")
        except (BrokenPipeError, ConnectionResetError):
            pass                     # the phone went away

    def do_POST(self) -> None:       # noqa: N802
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, "text/plain; charset=utf-8", "this view only reads the table\n",
                   {"Allow": "GET"})

    do_PUT = do_DELETE = do_PATCH = do_POST

    def _send(self, status: HTTPStatus, kind: str, body: str, extra: dict | None = None) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def _events(self, lang: str | None) -> None:
        """The view now, then each new one, until the phone leaves or the server stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        hub = self.hub
        version = hub.version
        sent = None
        while not hub.stopping.is_set():
            _, title, html = hub.render(lang)
            if html != sent:
                self.wfile.write(f"data: {json.dumps({'html': html, 'title': title}, ensure_ascii=False)}\n\n".encode("utf-8"))
                sent = html
            else:
                self.wfile.write(b": still here\n\n")
            self.wfile.flush()
            version = hub.wait_for_change(version, KEEPALIVE_SECONDS)


def make_server(hub: Hub, host: str, port: int, share_svg=lambda host: "") -> ThreadingHTTPServer:
    """The HTTP server (not yet serving); its watcher thread starts with it."""
    import socket

    handler = type("Handler", (_Handler,), {"hub": hub, "share_svg": staticmethod(share_svg)})
    kind = ThreadingHTTPServer
    if ":" in host:                                   # an IPv6 address (`::` for every network)
        kind = type("Server6", (ThreadingHTTPServer,), {"address_family": socket.AF_INET6})
    server = kind((host, port), handler)
    server.daemon_threads = True
    threading.Thread(target=hub.watch, name="referee-watch", daemon=True).start()
    return server


def lan_address() -> str:
    """This machine's address on the local network (the route a packet would take; none is
    sent), for the URL the phones open; 127.0.0.1 without a network."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def stop(server: ThreadingHTTPServer, hub: Hub) -> None:
    """Stop a server whose `serve_forever` runs in another thread, and close it."""
    server.shutdown()
    close(server, hub)


def close(server: ThreadingHTTPServer, hub: Hub) -> None:
    """Close a server that is not serving (any more): the pages' streams and the watcher end."""
    hub.stopping.set()
    with hub.changed:
        hub.changed.notify_all()
    server.server_close()
