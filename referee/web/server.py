"""Serve the phones' view of a table over HTTP on the local network, and push a new view to
every open page as soon as a move is recorded.

One watcher thread asks the tables file whether anything was committed since it last asked
(`PRAGMA data_version`: another connection's commit changes it, whatever the clock or the file
system's time stamps) and whether the file itself was replaced (a `mv` over it: a new inode,
which a connection to the old file would never see); each change bumps a version that wakes the
pages' event streams. A view is rendered once per version and language, however many phones
show it. A page changes when a move is recorded, from the terminal (`do`, `undo`, `use`) or from a
phone holding a key link (`POST <link>/act`, `acting.py`).

What the pages share is `hub.py`. The HTTP side is Starlette (`app.py`: the routes and the headers of every answer) under uvicorn,
with uvicorn's h11 protocol held to deadlines and sizes (`protocol.py`, `Limits`). This module,
like the rest of the web stack, is imported by `referee table serve` alone.
"""

from __future__ import annotations

import asyncio
import socket
import threading

from referee.web.hub import Hub, Limits  # (callers make a server from both: web.Hub, web.Limits)


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
