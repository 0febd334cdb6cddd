"""Who may act from a phone: the secret keys in the links `serve` prints, checked in constant
time, and the addresses that guess at them held off.

A link's key is 128 bits from `secrets` (the store makes and keeps them: `Store.make_links`).
Every key is compared with every known one through `hmac.compare_digest`, so that how long a
refusal takes says nothing about how much of a key was right. Ten wrong keys from one address
within a minute block that address for a minute (a right key too, meanwhile): a phone that
mistypes nothing never comes near it, a script trying keys gets ten a minute.
"""

from __future__ import annotations

import hmac
import threading
import time
from typing import Callable, NamedTuple

TABLE_SEAT = -1                  # the table link's "seat": it acts for every seat and may undo


class Link(NamedTuple):
    """What a key opens: a table, and the seat it acts for (TABLE_SEAT: every seat)."""

    table: str
    seat: int

    @property
    def is_table(self) -> bool:
        return self.seat == TABLE_SEAT


class Blocked(Exception):
    """Too many wrong keys from this address lately."""


class Gate:
    def __init__(self, links: Callable[[], list[tuple[str, int, str]]], tries: int = 10, window: float = 60.0,
                 block: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.links = links               # (table, seat, key) of every key there is now
        self.tries, self.window, self.block = tries, window, block
        self.clock = clock
        self._wrong: dict[str, list[float]] = {}      # address → times of its recent wrong keys
        self._blocked: dict[str, float] = {}          # address → until when
        self._lock = threading.Lock()

    def open(self, address: str, key: str) -> Link | None:
        """The link `key` opens for a request from `address`, None for a wrong key (counted);
        raises Blocked while the address is blocked."""
        now = self.clock()
        with self._lock:
            until = self._blocked.get(address)
            if until is not None:
                if now < until:
                    raise Blocked()
                del self._blocked[address]
        given = key.encode("utf-8", "replace")
        found = None
        for table, seat, known in self.links():       # every key compared, whichever matches
            if hmac.compare_digest(given, known.encode("ascii")):
                found = Link(table, seat)
        if found is not None:
            return found
        with self._lock:
            recent = [t for t in self._wrong.get(address, []) if now - t < self.window] + [now]
            if len(recent) >= self.tries:
                self._blocked[address] = now + self.block
                self._wrong.pop(address, None)
            else:
                self._wrong[address] = recent
            if len(self._wrong) > 10_000:             # addresses that gave up: forget the oldest
                for stale in list(self._wrong)[:5_000]:
                    del self._wrong[stale]
        return None
