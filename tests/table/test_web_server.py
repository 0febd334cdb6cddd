"""`referee table serve` as a server open to a whole network: what a test of the old server
(http.server) found it must not do, each checked here on loopback, with the server's times
shortened through its `Limits`."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import socket
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT
from tests.table.test_phone_view import _events, get, serving

QUICK = dict(idle_seconds=0.5, request_seconds=0.5, stalled_seconds=0.5)


def _limits(**changed):
    from referee.web.server import Limits

    return Limits(**{**QUICK, **changed})


def _connect(base: str) -> socket.socket:
    host, port = base.rsplit("/", 1)[1].rsplit(":", 1)
    connection = socket.create_connection((host, int(port)), timeout=5)
    return connection


def _closed_within(connection: socket.socket, seconds: float) -> bool:
    """Does the server close `connection` within `seconds` (reading whatever it sends first)?"""
    connection.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not connection.recv(65536):
                return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False
    return False


def _answers(connection: socket.socket, seconds: float = 5) -> bytes:
    """Everything the server sends until it closes the connection (or `seconds` pass)."""
    return _until_closed(connection, seconds)[0]


def _until_closed(connection: socket.socket, seconds: float) -> tuple[bytes, bool]:
    """What the server sends within `seconds`, and whether it closed the connection by then."""
    connection.settimeout(seconds)
    received = b""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            chunk = connection.recv(65536)
            if not chunk:
                return received, True
            received += chunk
    except ConnectionResetError:
        return received, True
    except socket.timeout:
        pass
    return received, False


def _request(base: str, head: str, body: bytes = b"") -> bytes:
    with _connect(base) as connection:
        connection.sendall(head.encode("latin-1") + body)
        return _answers(connection)


def _status_lines(received: bytes) -> list[str]:
    return re.findall(r"^HTTP/1\.1 (\d{3})", received.decode("latin-1"), re.M)


def _friday(table) -> None:
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan").returncode == 0


# -- idle and slow clients -----------------------------------------------------------------------


def test_idle_and_half_sent_requests_are_closed_and_never_stall_the_others(table, tables):
    _friday(table)
    with serving(tables, limits=_limits()) as base:
        silent = [_connect(base) for _ in range(10)]              # connect, send nothing
        half = [_connect(base) for _ in range(10)]                # a request head never finished
        for connection in half:
            connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        assert "<h1>Table friday</h1>" in get(base + "/view")[1]  # meanwhile, a phone is answered at once
        assert time.monotonic() - started < 0.5
        trickle = _connect(base)                                  # a head sent a byte at a time, for ever
        started = time.monotonic()
        closed = False
        for byte in b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 100:
            try:
                trickle.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            trickle.settimeout(0.05)
            try:
                if trickle.recv(1024) == b"":
                    closed = True
                    break
            except socket.timeout:
                pass
        assert closed and time.monotonic() - started < 2           # closed at its deadline, however busy
        for connection in silent + half:
            assert _closed_within(connection, 2)
            connection.close()
        trickle.close()
        assert "<h1>Table friday</h1>" in get(base + "/view")[1]


def test_a_phone_that_reads_nothing_is_dropped_and_the_others_go_on(table, tables):
    from referee.web.server import Hub

    class Long(Hub):                 # a view larger than every buffer between server and phone (≤ 4 MB)
        def _fresh(self, lang):
            return "en", "long", "<p>" + "x" * 6_000_000 + "</p>"

    _friday(table)
    with serving(tables, limits=_limits(), hub_class=Long) as base:
        deaf = socket.socket()
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)      # before connecting: its window
        deaf.connect(("127.0.0.1", int(base.rsplit(":", 1)[1])))
        deaf.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(0.3)
        started = time.monotonic()
        assert get(base + "/view")[0] == 200 and time.monotonic() - started < 0.5     # the others go on
        time.sleep(1.5)                                            # the deaf one's stall outlasts its time
        received, closed = _until_closed(deaf, 3)                  # what was in flight, then the end
        deaf.close()
    assert closed and 0 < len(received) < 6_000_000                # dropped part-way, never finished


_FEW_FILES = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
from referee.catalog.facts import rulebook
from referee.cli.table_cmd import _local
from referee.web import server as web
hub = web.Hub(Path(sys.argv[1]), None, "en", rulebook, _local)
server = web.make_server(hub, "127.0.0.1", 0, web.Limits(idle_seconds=0.5, request_seconds=0.5))
print(server.port, flush=True)
server.serve()
"""


def test_with_few_file_descriptors_idle_sockets_time_out_and_a_new_phone_is_answered(table, tables):
    """The old server, with `ulimit -n 64`, stopped answering anyone behind 57 idle sockets."""
    _friday(table)
    process = subprocess.Popen([sys.executable, "-c", _FEW_FILES, str(tables)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        base = f"http://127.0.0.1:{process.stdout.readline().strip()}"
        deadline = time.monotonic() + 10
        while get(base + "/view")[0] != 200:
            assert time.monotonic() < deadline
        idle = [_connect(base) for _ in range(57)]                 # more than its files allow
        started = time.monotonic()
        status, html = get(base + "/view")
        assert status == 200 and "<h1>Table friday</h1>" in html
        assert time.monotonic() - started < 1                      # the one idle longest made room
        for connection in idle:
            connection.close()
        assert process.poll() is None
    finally:
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert "out of system resource" not in err and "Too many open files" not in err


# -- sizes -----------------------------------------------------------------------------------------


def test_headers_and_bodies_are_bounded_and_memory_returns(table, tables):
    _friday(table)
    with serving(tables, limits=_limits()) as base:
        big = _request(base, "GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + "a" * 17_000 + "\r\n\r\n")
        assert _status_lines(big) == ["431"]                       # and closed: _request read to the end
        with _connect(base) as connection:                         # a body declared too large: never read
            connection.sendall(b"GET /view HTTP/1.1\r\nHost: x\r\nContent-Length: 65537\r\n\r\n")
            answer = _answers(connection)
        assert _status_lines(answer) == ["413"] and b"connection: close" in answer.lower()
        small = _request(base, "GET /view HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nConnection: close\r\n\r\n", b"0123456789")
        assert _status_lines(small) == ["200"] and b"<h1>Table friday</h1>" in small

        def rss() -> int:
            with open("/proc/self/status") as status:
                return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1)) * 1024

        before = rss()
        pad = b"X-Pad: " + b"a" * (6 * 1024 * 1024)               # the old server kept ~17 MB per connection
        for _ in range(30):
            with _connect(base) as connection:
                connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
                try:
                    connection.sendall(pad)
                except (BrokenPipeError, ConnectionResetError):
                    pass                                       # refused part-way: as it should be
                _answers(connection, 2)
        del pad
        assert rss() - before < 40 * 1024 * 1024                   # loosely: the server kept none of it
        assert "<h1>Table friday</h1>" in get(base + "/view")[1]


# -- the address on the page -------------------------------------------------------------------------


def test_the_qr_code_is_the_printed_address_whatever_the_host_header(table, tables):
    _friday(table)
    printed = '<svg class="segno">the printed address</svg>'
    with serving(tables, limits=_limits(), share=printed) as base:
        started = time.monotonic()
        answer = _request(base, "GET / HTTP/1.1\r\nHost: " + "h" * 3000 + "\r\nConnection: close\r\n\r\n")
        took = time.monotonic() - started
    page = answer.decode("utf-8")
    assert _status_lines(answer) == ["200"] and "<h1>Table friday</h1>" in page
    assert printed in page and "hhhhhhhhhh" not in page
    assert took < 0.5


def test_the_printed_address_as_the_pages_qr_code():
    from referee.cli.table_serve import _share_code

    svg = _share_code("http://192.168.1.23:8000/")
    assert svg.startswith("<svg") and "style=" not in svg          # nothing the page's policy would block


# -- many phones at once -------------------------------------------------------------------------------


def test_fifty_page_loads_at_once_are_all_answered_within_a_second(table, tables):
    import selectors

    _friday(table)
    with serving(tables) as base:
        assert get(base + "/")[0] == 200                           # the view rendered once, as after a move
        started = time.monotonic()
        connections = [_connect(base) for _ in range(50)]          # the old server's backlog was 5
        for connection in connections:
            connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        waiting = selectors.DefaultSelector()
        received = {}
        for connection in connections:
            connection.setblocking(False)
            waiting.register(connection, selectors.EVENT_READ)
            received[connection] = b""
        done = 0
        while done < 50 and time.monotonic() - started < 5:
            for key, _ in waiting.select(timeout=0.1):
                chunk = key.fileobj.recv(65536)
                received[key.fileobj] += chunk
                if not chunk:
                    waiting.unregister(key.fileobj)
                    done += 1
        took = time.monotonic() - started
        for connection in connections:
            connection.close()
    assert done == 50 and took < 1.0, (done, took)
    assert all(_status_lines(answer) == ["200"] and b"<h1>Table friday</h1>" in answer for answer in received.values())


# -- one request, one answer ---------------------------------------------------------------------------


def test_a_body_is_never_read_as_a_second_request(table, tables):
    _friday(table)
    smuggled = b"GET /state.json HTTP/1.1\r\nHost: x\r\n\r\n"
    with serving(tables, limits=_limits()) as base:
        with _connect(base) as connection:
            connection.sendall(f"POST /view HTTP/1.1\r\nHost: x\r\nContent-Length: {len(smuggled)}\r\n\r\n".encode() + smuggled)
            connection.sendall(b"GET /nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answers = _answers(connection)
    assert _status_lines(answers) == ["405", "404"]                # the POST refused, then the next request
    assert b'"players"' not in answers


# -- methods and headers -------------------------------------------------------------------------------


def test_only_get_and_every_answer_says_what_it_is(table, tables):
    _friday(table)
    with serving(tables, limits=_limits()) as base:
        for method in ("HEAD", "OPTIONS", "TRACE", "CONNECT", "PATCH"):
            target = "x:1" if method == "CONNECT" else "/"
            answer = _request(base, f"{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").decode()
            assert _status_lines(answer.encode()) == ["405"], method
            assert re.search(r"^allow: GET\r$", answer, re.M | re.I)
        answers = {route: _request(base, f"GET {route} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").decode("utf-8")
                   for route in ("/", "/view", "/state.json", "/missing")}
        events = _connect(base)
        events.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        events.settimeout(5)
        answers["/events"] = events.recv(65536).decode("utf-8")
        events.close()
        answers["POST /"] = _request(base, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").decode()
    kinds = {"/": "text/html; charset=utf-8", "/view": "text/html; charset=utf-8",
             "/state.json": "application/json; charset=utf-8", "/events": "text/event-stream; charset=utf-8"}
    for route, answer in answers.items():
        head = answer.split("\r\n\r\n", 1)[0].lower()
        headers = dict(line.split(": ", 1) for line in head.split("\r\n")[1:])
        assert "server" not in headers, route                      # no software or version named
        assert headers["cache-control"] == "no-store", route
        assert headers["x-content-type-options"] == "nosniff", route
        assert headers["referrer-policy"] == "no-referrer", route
        assert "'unsafe-inline'" not in headers["content-security-policy"], route
        if route in kinds:
            assert headers["content-type"] == kinds[route], route
    page = answers["/"].split("\r\n\r\n", 1)[1]
    policy = re.search(r"^content-security-policy: (.*)\r$", answers["/"], re.M | re.I).group(1)
    assert policy.startswith("default-src 'none'; ")
    for inline in re.findall(r"<(?:script|style)>(.*?)</(?:script|style)>", page, re.S):
        digest = base64.b64encode(hashlib.sha256(inline.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in policy                      # the page's own script and style run
    assert json.loads(answers["/state.json"].split("\r\n\r\n", 1)[1])["table"] == "friday"


# -- the tables file replaced ---------------------------------------------------------------------------


def test_a_tables_file_replaced_while_serving_is_followed_everywhere(table, tables, tmp_path, monkeypatch):
    _friday(table)
    other = tmp_path / "other.db"
    monkeypatch.setenv("REFEREE_TABLES", str(other))
    assert table("new", "saturday", "--players", "Eve,Fay,Gus").returncode == 0
    monkeypatch.setenv("REFEREE_TABLES", str(tables))
    with serving(tables, limits=_limits()) as base:
        views = _events(base + "/events")
        assert next(views)["title"] == "Table friday"
        assert "<h1>Table friday</h1>" in get(base + "/")[1]
        os.replace(other, tables)                                  # `mv other.db tables.db`
        assert next(views)["title"] == "Table saturday"            # the stream follows
        assert "<h1>Table saturday</h1>" in get(base + "/view")[1]
        assert "<h1>Table saturday</h1>" in get(base + "/")[1]
        assert json.loads(get(base + "/state.json")[1])["table"] == "saturday"


# -- the current table deleted ---------------------------------------------------------------------------


def test_after_the_current_table_is_deleted_the_page_names_the_tables_left(table, tables):
    from html import unescape

    table("new", "first", "--players", "Ann,Bob,Cid,Dan")
    table("new", "second", "--players", "Eve,Fay,Gus")
    table("new", "third", "--players", "Hal,Ivy,Jon")
    assert table("delete", "third", "--yes").returncode == 0
    with serving(tables) as base:
        said = {lang: unescape(get(base + f"/view?lang={lang}")[1]) for lang in ("en", "zh-Hant", "zh-Hans")}
    assert said == {
        "en": '<p class="message">No current table; the tables: first, second. Choose one: referee table use NAME</p>',
        "zh-Hant": '<p class="message">沒有目前的牌桌；現有牌桌：first、second。請選一張：referee table use 名稱</p>',
        "zh-Hans": '<p class="message">没有当前的牌桌；现有牌桌：first、second。请选一张：referee table use 名称</p>'}


def test_a_tables_file_made_after_the_server_started_is_followed(table, tables):
    assert not tables.exists()
    with serving(tables, lang="en") as base:
        assert get(base + "/view")[1].startswith('<p class="message">No table yet')
        _friday(table)
        deadline = time.monotonic() + 5
        while "<h1>Table friday</h1>" not in get(base + "/view")[1]:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_only_serve_imports_the_web_stack(table, tables):
    _friday(table)
    env = {**os.environ, "REFEREE_TABLES": str(tables), "LANG": "C.UTF-8"}
    stack = {"starlette", "uvicorn", "h11", "anyio"}
    for command, unwanted in ((["show"], stack | {"asyncio"}), (["do", "Ann: faceup Merchant, Architect"], stack | {"asyncio"}),
                              (["log"], stack | {"asyncio"}), (["serve", "--port", "70000"], stack)):   # refused first
        result = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", "table", *command],
                                capture_output=True, text=True, env=env, cwd=ROOT)
        imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
        assert "referee" in imported and not imported & unwanted, command
