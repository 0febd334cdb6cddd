"""What the engine's plain-data records (`state.py`, `facts.py`) share: they are dataclasses
whose methods are written out instead of generated.

dataclasses compiles each method it generates (`__init__`, `__eq__`, `__repr__`, a frozen
record's `__setattr__` …) from source when its module loads: some 35 million instructions at the
start of every command that plays or shows a game, more than the rest of the engine's import.
So each record is declared `@dataclass(init=False, repr=False, eq=False)` — its fields and
slots stay dataclasses' (`fields()`, `replace()` and pytest's comparisons work on it) — and
writes the methods dataclasses would make; a frozen one refuses assignment with these functions.
tests/engine/test_records.py checks every record against what dataclasses makes of its fields:
a new field goes in the annotations and in the methods.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError

set_field = object.__setattr__          # how a frozen record's own __init__ sets its fields


class _Factory:
    """The default of a field that a factory fills (a fresh list, set or dict), as dataclasses shows it."""

    def __repr__(self) -> str:
        return "<factory>"


FACTORY = _Factory()


def refuse_assignment(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def refuse_deletion(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def getstate(self) -> list:
    """A frozen record with slots, as copy and pickle take it: its fields' values, in order (its
    slots are its fields)."""
    return [getattr(self, name) for name in self.__slots__]


def setstate(self, state: list) -> None:
    for name, value in zip(self.__slots__, state):
        set_field(self, name, value)
