"""uvicorn's HTTP/1.1 protocol (h11), held to the deadlines a server open to a whole network needs.

uvicorn closes a kept-alive connection that stays idle after an answer, but waits for ever on a
connection that never sends a request, on a request sent a byte at a time, and on a client that
reads nothing of what it is sent. Here each costs at most its time in `Limits`:

- a connection with no request under way is closed after `idle_seconds` (uvicorn's keep-alive
  timeout covers the time after an answer; this covers the time before the first request);
- a request, once begun, must arrive whole (head and body) within `request_seconds`;
- a client whose unread answers fill the buffers is dropped after `stalled_seconds`;
- past `connections` open at once (or what `ulimit -n` leaves), the one idle longest is closed.

A request head that arrives in parts and outgrows `header_bytes` is refused by h11 (uvicorn
says 400; this says 431, Request Header Fields Too Large) and the connection closed, so no head
costs more than that plus one read; a head that arrives whole is measured by `app.Guard`.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


def guarded(limits):
    """The protocol class for one server's `Limits`, and as many connections at once as this
    process may open files for (`ulimit -n`), less those the server itself needs."""
    most = limits.connections
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and hard != resource.RLIM_INFINITY and soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))     # what the system allows anyway
            soft = hard
        if soft != resource.RLIM_INFINITY:
            most = max(1, min(most, soft - _FILES_KEPT))
    except (ImportError, ValueError, OSError):
        pass
    return type("Guarded", (GuardedH11,), {"limits": limits, "most": most})


# The server's own files: the tables file and its journal (the watcher's and each render's),
# referee.db, standard streams, the event loop's, the listening socket, threads' pipes.
_FILES_KEPT = 24


def event_loop(room) -> asyncio.AbstractEventLoop:
    """An asyncio loop that accepts at most `room()` new connections at a time (at least one).
    asyncio's own accepts up to the listen backlog at once, so a crowd of connections reaches
    the limit of open files before any of them can be closed; and at that limit (CPython 3.11)
    it logs and re-schedules each of its remaining tries, spinning the processor."""

    class Loop(asyncio.SelectorEventLoop):
        accepting = 0                # accepted, not yet a connection (its protocol not yet made)

        def _accept_connection(self, protocol_factory, sock, sslcontext=None, server=None, backlog=100, *rest):
            most = max(1, min(backlog, room() - self.accepting))
            super()._accept_connection(protocol_factory, sock, sslcontext, server, most, *rest)

        def _accept_connection2(self, *args, **kwargs):
            self.accepting += 1      # called as each socket is accepted; the coroutine runs later
            return self._made(super()._accept_connection2(*args, **kwargs))

        async def _made(self, making) -> None:
            try:
                await making
            finally:
                self.accepting -= 1

    return Loop()


class GuardedH11(H11Protocol):
    limits = None                    # set on the subclass `guarded` makes
    most = 0                         # connections open at once

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._stalled: asyncio.TimerHandle | None = None
        self._begun = False              # has this connection sent anything yet?
        self._since = self.loop.time()
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(self.limits.idle_seconds, self._too_slow)
        if len(self.connections) > self.most:
            self._make_room()

    def _make_room(self) -> None:
        """Too many connections: the one idle longest goes (none sending or awaiting an answer,
        such as an open page's stream), else this new one. Past the process's limit of open
        files the system would refuse every new phone, and asyncio would spin on the refusals."""
        idle = [other for other in self.connections
                if other is not self and isinstance(other, GuardedH11) and other._idle()]
        gone = min(idle, key=lambda other: other._since) if idle else self
        gone.transport.close()
        self.connections.discard(gone)

    def _idle(self) -> bool:
        """No request under way or being answered (a head half-sent counts as idle)."""
        return not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete)

    def data_received(self, data: bytes) -> None:
        self._since = self.loop.time()
        if not self._begun:              # the first bytes: from the idle time to the request's time
            self._begun = True
            self._cancel_deadline()
        super().data_received(data)
        if self.transport.is_closing():
            return
        # IDLE with data received: a head under way; SEND_BODY: a body under way. DONE: the
        # request is whole (a next one sent meanwhile waits, unread, until this one is answered;
        # after the answer, uvicorn's keep-alive timeout runs until more comes).
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            if self._deadline is None:
                self._deadline = self.loop.call_later(self.limits.request_seconds, self._too_slow)
        else:
            self._cancel_deadline()

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stalled is None:
            self._stalled = self.loop.call_later(self.limits.stalled_seconds, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadline()
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        if len(self.conn.trailing_data[0]) <= self.limits.header_bytes:
            super().send_400_response(msg)
            return
        self.logger.warning("Request header fields too large.")
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
        for event in (h11.Response(status_code=431, headers=headers, reason=b"Request Header Fields Too Large"),
                      h11.Data(data=b"request headers too large\n"), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()
