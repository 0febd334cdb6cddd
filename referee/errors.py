"""Typed errors. Each becomes one line and exit code 2 at the CLI boundary, nowhere else."""

from __future__ import annotations


class RefereeError(Exception):
    """A bad input: the message is the one line the user sees."""


class UnknownName(RefereeError):
    def __init__(self, what: str, text: str, closest: list[str]):
        hint = f"; closest: {', '.join(closest)}" if closest else ""
        super().__init__(f"unknown {what} {text!r}{hint}")
        self.text = text
        self.closest = closest


class AmbiguousName(RefereeError):
    def __init__(self, what: str, text: str, choices: list[str]):
        super().__init__(f"ambiguous {what} {text!r}: it can mean {', '.join(choices)}")
        self.text = text
        self.choices = choices


class BadSituation(RefereeError):
    """A situation file that cannot be read or describes a position that cannot exist."""


class BadMove(RefereeError):
    """A move that cannot be parsed (as opposed to a parsed move that is illegal)."""
