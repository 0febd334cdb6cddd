"""The rules engine: pure Python, no I/O, no database.

It is handed the card facts of one edition (a `Rulebook`, plain values) and keeps a `Game`:
state, moves with a notation that round-trips, `legal_moves()`, a checked `apply()` that leaves
the state untouched when it refuses, and `undo()`.

The names below load on first use, so that importing a small part (`referee.engine.types`)
does not load the whole engine on a command's start-up path.
"""

from importlib import import_module

_EXPORTS = {
    "CharacterFacts": "referee.engine.facts",
    "DistrictFacts": "referee.engine.facts",
    "Rulebook": "referee.engine.facts",
    "Game": "referee.engine.game",
    "IllegalMove": "referee.engine.game",
    "Move": "referee.engine.moves",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'referee.engine' has no attribute {name!r}")
