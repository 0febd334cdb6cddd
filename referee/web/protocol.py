"""uvicorn's HTTP/1.1 protocol (h11), held to the deadlines a server open to a whole network needs.

uvicorn closes a kept-alive connection that stays idle after an answer, but waits for ever on a
connection that never sends a request, on a request sent a byte at a time, and on a client that
reads nothing of what it is sent. Here each costs at most its time in `Limits`:

- a connection with no request under way is closed after `idle_seconds` (uvicorn's keep-alive
  timeout covers the time after an answer; this covers the time before the first request);
- a request, once begun, must arrive whole (head and body) within `request_seconds`;
- a client whose unread answers fill the buffers is dropped after `stalled_seconds`.

A request head larger than `header_bytes` is refused by h11; uvicorn says 400, this says 431
(Request Header Fields Too Large) and closes the connection, as uvicorn does.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


def guarded(limits):
    """The protocol class for one server's `Limits`."""
    return type("Guarded", (GuardedH11,), {"limits": limits})


class GuardedH11(H11Protocol):
    limits = None                    # set on the subclass `guarded` makes

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._stalled: asyncio.TimerHandle | None = None
        self._begun = False              # has this connection sent anything yet?
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(self.limits.idle_seconds, self._too_slow)

    def data_received(self, data: bytes) -> None:
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
