"""`referee table serve`: show a table live on the phones at the table (referee/web/)."""

from __future__ import annotations

import errno
import sys
from typing import Optional

import typer

from referee.cli import completion
from referee.cli.output import console, escape
from referee.cli.table_common import local as _local, rulebook as _rulebook, store as _store
from referee.errors import RefereeError, Said
from referee.say.lang import choose, refusals_in
from referee.say.table_text import table_language as _language, words as _w


def serve(
    table: Optional[str] = typer.Option(None, "--table", "-t", help="The table to show (default: the current one, "
                                        "followed when referee table use changes it).",
                                        autocompletion=completion.table_names),
    port: int = typer.Option(8000, "--port", help="The port to listen on (0: any free one)."),
    host: str = typer.Option("0.0.0.0", "--host", help="The address to listen on (default: every network of this "
                             "computer; 127.0.0.1: this computer only)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The page's language (default: the table's; each phone "
                                       "may switch)."),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Print a QR code of the address for the phones to scan."),
    new_key: bool = typer.Option(False, "--new-key", help="Replace the table's keys: every link that could act "
                                 "before stops working."),
    seats: bool = typer.Option(False, "--seats", help="Also print one link per seat, for each player to act from "
                               "their own phone."),
    json_out: bool = typer.Option(False, "--json", help="Print the links as JSON on the first line."),
    timer: Optional[str] = typer.Option(None, "--timer", metavar="[PICK,GATHER,ACT]",
                                        help="Show a countdown for the player whose pick or turn it is (seconds; default "
                                        "45,15,30, each ability used adds 10 s up to ACT). It never acts by itself."),
) -> None:
    """Show the table live on the phones at the table: a watch link for everyone, a table link (and
    with --seats one per seat) for acting from a phone."""
    from referee.web import server as web

    store = _store()
    header = store.header(table) if table else None          # an unknown table is refused before listening
    current = store.current()
    shown_now = header or (store.header(current) if current in store.names() else None)
    spoken = None if lang else (_language(None, shown_now, table or "") if shown_now else None)
    lang = choose(lang) if lang else None                    # a mistyped --lang is refused before listening
    said = lang or spoken or choose(None)
    with refusals_in(spoken):
        if not 0 <= port <= 65535:
            raise RefereeError.say("error.table.port_port_any_free", port=port)
        times = None
        if timer is not None:
            from referee.errors import Typed
            from referee.table.timer import parse_times

            times = parse_times(timer)
            if times is None:
                raise RefereeError.say("error.table.timer_times", times=Typed(timer))
        shown_name = table or (current if shown_now else None)
        keys = store.make_links(shown_name, len(shown_now.players), replace=new_key) if shown_now else {}
        if shown_name:
            store.set_timer(shown_name, times.text() if times else None)
        timed = [shown_name] if times and shown_name else []     # the tables whose countdown this server shows
        hub = web.Hub(store.path, table, lang, _rulebook, _local)
        try:
            server = web.make_server(hub, host, port)
        except OSError as error:
            name = _LISTEN_ERRORS.get(error.errno)
            why = Said("error.table.listen." + name) if name else (error.strerror or str(error))
            raise RefereeError.say("error.table.cannot_listen", host=host, port=port, why=why) from None
    import signal

    # Ctrl+C (or a kill) asks the server to stop instead of raising KeyboardInterrupt wherever
    # the program happens to be: one raised inside a flush of stdout prints its lines again.
    # uvicorn puts its own handler in place while it serves, and gives the signal back to this
    # one when it has stopped.
    def stop_serving(signum, frame) -> None:
        server.stop()

    for stopping in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stopping, stop_serving)
    out = console()
    try:
        url, notes = _address(host, server.port, web.lan_address, said)
        links = {seat: f"{url}k/{key}/" for seat, key in keys.items()}
        if json_out:
            import json

            print(json.dumps({"watch": url, "table": links.get(-1),
                              "seats": {shown_now.players[s]: u for s, u in links.items() if s >= 0} if seats else {}},
                             ensure_ascii=False), flush=True)
        start = ("serving" if table else "serving_current") + ("_here" if _only_here(host) else "")
        out.print(_w(start, said, table=escape(table or ""), url=url), soft_wrap=True)
        if qr:
            import segno

            segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
        for note in notes:
            out.print(escape(note), style="dim" if note == notes[0] else "yellow", soft_wrap=True)
        if links:
            _print_links(out, said, shown_now.players, links, seats, qr)
        if times and shown_name:
            out.print(escape(_w("serve_timer", said, **times._asdict())), soft_wrap=True)
        sys.stdout.flush()
        server.share_svg = _share_code(url)          # the page's foot: the address printed, never the request's Host

        def tell(line: str) -> None:                 # a move tapped on a phone, said where the host sees it
            out.print(escape(line), soft_wrap=True)
            sys.stdout.flush()

        hub.announce = lambda table_lang: (lang or table_lang, tell)
        if table is None:                            # following the current table: a new one gets its keys
            hub.committed = _follower(store.path, shown_name, url, lang, seats, qr, json_out, times, timed, out)
        server.serve()                               # until a signal asks it to stop, even one that came first
        out.print(_w("stopped", said))
    finally:
        server.close()
        hub.committed = None
        from contextlib import suppress

        for name in timed:
            with suppress(RefereeError, OSError):       # no countdown once no server shows it
                store.set_timer(name, None)


def _print_links(out, said: str, players: list[str], links: dict[int, str], seats: bool, qr: bool) -> None:
    """The links that act: the table link, and with --seats one per seat, each with its QR code
    (drawn as the watch link's is) for the phone that is to hold it."""
    def code(url: str) -> None:
        if qr:
            import segno

            sys.stdout.flush()
            segno.make(url, error="m").terminal(out=sys.stdout, compact=True)

    out.print(escape(_w("serve_who_acts", said)), soft_wrap=True)
    out.print(escape(_w("serve_table_link", said, url=links[-1])), soft_wrap=True)
    code(links[-1])
    for seat in range(len(players)) if seats else ():
        out.print(escape(_w("serve_seat_link", said, player=players[seat], url=links[seat])), soft_wrap=True)
        code(links[seat])


def _follower(path, shown: str | None, url: str, lang: str | None, seats: bool, qr: bool, json_out: bool, times,
              timed: list[str], out):
    """What the server does after each commit while it follows the current table: when another
    table has become current (`referee table new` or `use` while it serves), that table gets its
    keys (made where missing) and its links are printed, so that the phones can act at the next
    game without a restart. Runs on the watcher's thread, with its own connection."""
    import sqlite3

    from referee.table.store import Store

    followed = [shown]

    def committed() -> None:
        try:
            store = Store(path)
        except (RefereeError, sqlite3.Error, OSError):
            return                                     # no file now, or a damaged one: the page says so
        try:
            current = store.current()
            if current is None or current == followed[0] or current not in store.names():
                return
            header = store.header(current)
            keys = store.make_links(current, len(header.players))
            if times is not None:
                store.set_timer(current, times.text())
                timed.append(current)
        except (RefereeError, sqlite3.Error, OSError):
            return                                     # busy or changed under it: the next commit tries again
        finally:
            store.conn.close()
        followed[0] = current
        said = lang or _language(None, header, "")
        links = {seat: f"{url}k/{key}/" for seat, key in keys.items()}
        if json_out:
            import json

            print(json.dumps({"watch": url, "table": links[-1], "name": current,
                              "seats": {header.players[s]: u for s, u in links.items() if s >= 0} if seats else {}},
                             ensure_ascii=False), flush=True)
        out.print(escape(_w("serve_followed", said, table=current)), soft_wrap=True)
        _print_links(out, said, header.players, links, seats, qr)
        sys.stdout.flush()

    return committed


# Why a server cannot listen, in words (the system's own message is English only).
_LISTEN_ERRORS = {errno.EADDRINUSE: "in_use", errno.EADDRNOTAVAIL: "no_address", errno.EACCES: "privileged"}


def _address(host: str, port: int, lan_address, said: str) -> tuple[str, list[str]]:
    """The address the phones open, and what to tell the person who started the server: on every
    network it is this computer's address on the local one; without a network, or on an address
    only this computer has (127.0.0.1), no phone can reach it."""
    everywhere = host in ("0.0.0.0", "", "::")
    shown = lan_address() if everywhere else (f"[{host}]" if ":" in host else host)
    if _only_here(host):
        return f"http://{shown}:{port}/", [_w("only_here", said, host=host)]
    notes = [_w("same_network", said)]
    if everywhere and shown == "127.0.0.1":          # no route out: the phones cannot reach it
        notes.append(_w("no_network", said))
    return f"http://{shown}:{port}/", notes


def _only_here(host: str) -> bool:
    """Is `host` an address of this computer alone (loopback), out of every phone's reach?"""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _share_code(url: str) -> str:
    """The printed address as a QR code (SVG), for one phone to pass the page to the next."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=4)
