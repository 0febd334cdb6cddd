"""The phones' view as an ASGI application (Starlette): its routes, and what every answer says
about itself.

Routes: `/` the page, `/view` the view alone, `/events` the views as server-sent events,
`/state.json` what `referee table show --json` prints, `/sheet` the cast sheet; `/k/KEY/` and its
`view` and `events`: a key link's (with its buttons), and `POST /k/KEY/act` a move from it
(`acting.py`: the contract). `?lang=en|zh-Hant|zh-Hans` picks a phone's language; without it the
table's own. A request head over `Limits.header_bytes` gets 431 and the connection closes. A POST
anywhere but `act`, and every other method but GET, is refused with 405 (HEAD too: nothing here
needs it), before any route runs and without reading the request's body; a body declared larger
than `Limits.body_bytes` gets 413 and the connection closes. A POST to `act` that is not JSON, or
whose Origin is another site's, is refused before it is read (cross-site request forgery).

Every answer carries `Cache-Control: no-store` (a page is the table now, never a copy), a
Content-Security-Policy that allows only the page's own style and script (by their hashes) and
its own event stream, `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`; no
`Server` header names the software. Nothing is taken from the request's `Host` header: the QR code
at the page's foot is the address `serve` printed.
"""

from __future__ import annotations

import json
import re
from typing import Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from referee.errors import RefereeError
from referee.web import page
from referee.web.hub import KEEPALIVE_SECONDS, Hub, Limits



def make_app(hub: Hub, limits: Limits, share_svg: Callable[[], str]):
    """The application: the routes inside `Guard`, which refuses what no route takes and sets
    the headers of every answer. `share_svg()`: the printed address as a QR code (SVG)."""
    from referee.web.gate import Blocked, Gate

    gate = Gate(hub.links)

    async def opened(request: Request):
        """The link the request's key opens; a refusal (403, or 429 for a blocked address) instead.
        (In a worker thread: the keys are read from the tables file once per version of it.)"""
        key = request.path_params["key"]
        address = request.client.host if request.client else ""
        try:
            link = await run_in_threadpool(gate.open, address, key)
        except Blocked:
            return None, await refusal(request, 429, "act_blocked")
        return (link, None) if link is not None else (None, await refusal(request, 403, "act_wrong_key"))

    async def refusal(request: Request, status: int, key: str) -> Response:
        """A key refused, in the phone's language (?lang), else the watch link's page's: the
        table's, as everything else the server says (was the server's locale)."""
        return _refusal(request, status, key, _lang(request) or (await _render(hub, None))[0])

    async def home(request: Request) -> Response:
        spoken, title, html = await _render(hub, _lang(request))
        return HTMLResponse(page.document(html, spoken, title, share_svg()))

    async def view(request: Request) -> Response:
        return HTMLResponse((await _render(hub, _lang(request)))[2])

    async def link_home(request: Request) -> Response:
        link, refused = await opened(request)
        if refused:
            return refused
        spoken, title, html = await _render(hub, _lang(request), link)
        return HTMLResponse(page.document(html, spoken, title, ""))     # no QR code: the key is this phone's

    async def link_view(request: Request) -> Response:
        link, refused = await opened(request)
        return refused or HTMLResponse((await _render(hub, _lang(request), link))[2])

    async def link_events(request: Request) -> Response:
        link, refused = await opened(request)
        return refused or StreamingResponse(_stream(hub, _lang(request), link), media_type="text/event-stream; charset=utf-8")

    async def act(request: Request) -> Response:
        from referee.web.acting import act as record

        link, refused = await opened(request)
        if refused:
            return refused
        try:
            body = json.loads(await request.body())
        except ValueError:
            body = None
        reply = await run_in_threadpool(record, hub.tables, link, body, _lang(request) or hub.lang, hub.rulebook_for,
                                        hub.names_for, hub.announce)
        if reply.recorded:
            hub.bump()                       # the other phones need not wait for the watcher's next look
        return _json(reply.json(), reply.status)

    async def link_bare(request: Request) -> Response:
        # A link typed without its last slash: on to the page, by a relative address (never
        # one built from the request's Host header: the key must not travel anywhere else).
        from starlette.responses import RedirectResponse

        return RedirectResponse(request.path_params["key"] + "/", 308)

    async def watch_act(request: Request) -> Response:
        return await refusal(request, 403, "act_watch_only")

    async def sheet(request: Request) -> Response:
        html = await run_in_threadpool(hub.sheet, _lang(request))
        styles = re.findall(r"<style>(.*?)</style>", html, re.S)      # the sheet's own style, by its hash
        return HTMLResponse(html, headers={"content-security-policy": page.content_security_policy(styles)})

    async def state(request: Request) -> Response:
        import sqlite3

        try:
            shown, status = await run_in_threadpool(hub.state_json), 200
        except RefereeError as error:
            shown, status = {"error": str(error)}, 404
        except sqlite3.Error as error:             # a damaged file: said, not a traceback
            shown, status = {"error": f"the tables file cannot be read now ({error})"}, 503
        return _json(shown, status)

    async def events(request: Request) -> Response:
        return StreamingResponse(_stream(hub, _lang(request)), media_type="text/event-stream; charset=utf-8")

    async def lifespan(app):
        import asyncio

        hub.attach(asyncio.get_running_loop())
        yield

    from contextlib import asynccontextmanager

    routes = [Route("/", home), Route("/view", view), Route("/state.json", state), Route("/events", events),
              Route("/sheet", sheet), Route("/act", watch_act, methods=["POST"]),
              Route("/k/{key}", link_bare), Route("/k/{key}/", link_home), Route("/k/{key}/view", link_view), Route("/k/{key}/events", link_events),
              Route("/k/{key}/act", act, methods=["POST"])]
    return Guard(Starlette(routes=routes, lifespan=asynccontextmanager(lifespan)), limits)


def _json(shown: dict, status: int) -> Response:
    return Response(json.dumps(shown, ensure_ascii=False), status, media_type="application/json; charset=utf-8")


def _refusal(request: Request, status: int, key: str, lang: str) -> Response:
    """A key refused: JSON in the contract's shape for `act`, a sentence on a page otherwise."""
    reason = page.word(key, lang)
    if request.method == "POST":
        return _json({"recorded": False, "version": None, "said": "", "reason": reason}, status)
    return HTMLResponse(page.document(page.message(reason), lang, "referee"), status)


def _lang(request: Request) -> str | None:
    asked = (request.query_params.getlist("lang") or [None])[0]
    from referee.messages import languages

    return asked if asked in languages() else None          # a language with no catalog: the table's own


async def _render(hub: Hub, lang: str | None, link=None) -> tuple[str, str, str]:
    """The view now: from the cache without leaving the loop, else rendered in a worker thread
    (reading the tables file and replaying must not hold up the other connections)."""
    found = hub.rendered(lang, link)
    if found is not None:
        return found
    import asyncio

    return await asyncio.get_running_loop().run_in_executor(hub.renderer(), hub.render, lang, link)


async def _stream(hub: Hub, lang: str | None, link=None):
    """The view now, then each new one, until the phone leaves or the server stops."""
    version = hub.version
    sent = None
    while not hub.stopping.is_set():
        _, title, html = await _render(hub, lang, link)
        if html != sent:
            shown = {'html': html, 'title': title, 'digest': page.digest(html)}
            yield f"data: {json.dumps(shown, ensure_ascii=False)}\n\n".encode("utf-8")
            sent = html
        else:
            yield b": still here\n\n"
        version = await hub.changed(version, KEEPALIVE_SECONDS)


class Guard:
    """Refuses before routing what no route takes; adds the headers every answer carries."""

    def __init__(self, app, limits: Limits):
        self.app = app
        self.limits = limits
        self.headers = [(b"cache-control", b"no-store"),
                        (b"content-security-policy", page.content_security_policy().encode("ascii")),
                        (b"x-content-type-options", b"nosniff"),
                        (b"referrer-policy", b"no-referrer")]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)      # the lifespan
            return
        ours = {name for name, _ in self.headers}

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                given = message.get("headers", [])
                # A route may state its own policy (the cast sheet: its own style); none is laxer than the page's.
                own = [(name, value) for name, value in given if name.lower() == b"content-security-policy"]
                kept = [(name, value) for name, value in given if name.lower() not in ours]
                message = {**message, "headers": kept + [h for h in self.headers if not (own and h[0] == own[0][0].lower())] + own}
            await send(message)

        head = len(scope["raw_path"]) + len(scope["query_string"]) + sum(len(name) + len(value) + 4 for name, value in scope["headers"])
        length = next((value for name, value in scope["headers"] if name == b"content-length"), b"0")
        if head > self.limits.header_bytes:            # a head that came whole (h11 refuses one that comes in parts)
            await PlainTextResponse("request headers too large\n", 431, {"Connection": "close"})(scope, receive, send_with_headers)
        elif int(length) > self.limits.body_bytes:     # h11 lets only digits through
            # Closed after the answer: the body is never read, so the connection cannot go on.
            await PlainTextResponse("request body too large\n", 413, {"Connection": "close"})(scope, receive, send_with_headers)
        elif scope["method"] == "POST" and _ACT.fullmatch(scope["path"]):
            refused = _forged(scope)
            if refused:
                await PlainTextResponse(refused[1], refused[0])(scope, receive, send_with_headers)
            else:
                await self.app(scope, receive, send_with_headers)
        elif scope["method"] != "GET":
            await PlainTextResponse("this view only reads the table\n", 405, {"Allow": "GET"})(scope, receive, send_with_headers)
        else:
            await self.app(scope, receive, send_with_headers)


_ACT = re.compile(r"(/k/[^/]*)?/act")        # the only routes that take a POST (a move)


def _forged(scope) -> tuple[int, str] | None:
    """A POST that a page of another site could have made a browser send (cross-site request
    forgery): one that is not JSON (a plain form can send no other type without the browser
    asking first), or whose Origin, when the browser says one, is not this server's own."""
    headers = {name.lower(): value for name, value in scope["headers"]}
    kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
    if kind != b"application/json":
        return 415, "send the move as application/json\n"
    origin = headers.get(b"origin")
    if origin is not None:
        host = headers.get(b"host", b"")
        if origin.split(b"://", 1)[-1].rstrip(b"/").lower() != host.lower():
            return 403, "a move is taken only from this server's own pages\n"
    return None
