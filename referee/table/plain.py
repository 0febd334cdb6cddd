"""The cached history read as values (`cache.plain_history`), for a reader that plays nothing
(`referee table stats`): the engine's moves and steps without the engine. Its own module, so
that the commands that read or record a position (every `do` and `show`) do not declare them."""

from __future__ import annotations

from typing import NamedTuple


class PlainMove(NamedTuple):
    """A move of the cached history read as values (the engine's `Move`, without its module)."""

    actor: str
    verb: str
    args: tuple


class PlainStep(NamedTuple):
    move: PlainMove
    events: list
