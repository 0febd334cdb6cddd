"""The generator of one chance event: a shuffle, a random discard, a card taken at random.

Each chance event draws from its own generator, made from the game's seed and the event's number
(`Operations.chance`; the deal of a game's unique districts is event 0), so that undo needs no
generator state and a replayed game deals the same cards. A Mersenne Twister (`random.Random`)
costs ~31,000 instructions to seed, whatever the seed (its 624 words are gone over three times),
while an event draws a few bytes: the seeding was ~3 % of a simulated game's instructions.

`Draws` is a `random.Random` with another source of bits (the subclassing the `random` module
documents): the bytes of BLAKE2b digests of (seed, event, block 0, 1, …), computed as they are
drawn, 64 bytes a block. The library's `shuffle`, `choice`, `randrange` and `sample` draw every
integer through `_randbelow(n)`, which a subclass may define (`random.Random.__init_subclass__`
keeps it): here it takes the next byte's low bits — as many as n - 1 needs — and draws again while
they make n or more, so every value is equally likely; the library's own `_randbelow` would call
a Python `getrandbits` for each try, which cost more per draw than the seeding saved on a deck's
shuffle. `getrandbits` and `random` read the same bytes (nothing in the engine calls them).
tests/engine/test_chance.py pins the draws and checks that the library's shuffle comes here.

Loaded by the first chance event (a table's game has none), with BLAKE2b from the interpreter's
own module where there is one: `hashlib` would load OpenSSL first (as table/cache.py says)."""

from __future__ import annotations

import random

try:
    from _blake2 import blake2b
except ImportError:                      # (an interpreter without it: the same function, slower to load)
    from hashlib import blake2b


# The bits a draw below n takes from a byte, for n up to 256: as many as n - 1 needs (a table, not
# worked out at every draw).
_MASKS = (0, *((1 << (n - 1).bit_length()) - 1 for n in range(1, 257)))


class Draws(random.Random):
    """The draws of chance event `event` of the game seeded `seed`."""

    # (Slots, not the instance's dict: read at every draw. `gauss_next`, which random.Random's
    # seed() sets for gauss(), is a class attribute: no dict made for each event.)
    __slots__ = ("_key", "_block", "_bytes")
    gauss_next = None

    def __init__(self, seed: int, event: int) -> None:
        self._key = key = b"%d:%d:" % (seed, event)
        # The bytes not drawn yet, the next the last: block 0's, as `_refill` makes them (not
        # called for it: a call is a sizeable part of a short event's cost).
        self._bytes: list[int] = [*blake2b(key + b"0").digest()]
        self._block = 1

    def seed(self, a: tuple[int, int] = (0, 0), version: int = 2) -> None:
        """Start over as the generator of the event `a` = (the game's seed, the event's number)."""
        self.__init__(*a)

    def _refill(self) -> None:
        self._bytes += blake2b(self._key + b"%d" % self._block).digest()
        self._block += 1

    def _randbelow(self, n: int) -> int:
        """An int in [0, n), n > 0: what shuffle, choice, randrange and sample draw."""
        if n > 256:
            bits = (n - 1).bit_length()
            found = self.getrandbits(bits)
            while found >= n:
                found = self.getrandbits(bits)
            return found
        mask = _MASKS[n]
        while True:
            try:
                found = self._bytes.pop() & mask
            except IndexError:
                self._refill()
                continue
            if found < n:
                return found

    def getrandbits(self, k: int) -> int:
        """k random bits: the next (k + 7) // 8 bytes, the first drawn the highest."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        found = 0
        for _ in range((k + 7) // 8):
            if not self._bytes:
                self._refill()
            found = found << 8 | self._bytes.pop()
        return found >> (-k % 8)

    def random(self) -> float:
        """A float in [0.0, 1.0): 53 random bits, as the library's."""
        return self.getrandbits(53) * 2.0 ** -53

    def getstate(self) -> tuple:
        return self._key, self._block, tuple(self._bytes)

    def setstate(self, state: tuple) -> None:
        self._key, self._block, drawn = state
        self._bytes = list(drawn)
