"""Printing: JSON for programs straight to stdout; lines for people through a small writer.

The writer understands the few rich markup tags the commands use ([bold], [dim], colours) and
wraps by terminal cells (a Chinese character is two cells). It exists because importing
rich.console costs about 27 ms at every start — a third of the start-up budget the benchmarks
hold the lookups to; rich still draws what needs it (help, the simulation's progress bar).
"""

from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
from functools import lru_cache

_TAG = re.compile(r"(?<!\\)\[(/?)([a-z ]+)\]")
_ANSI = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35",
         "cyan": "36", "white": "37"}


def print_json(value) -> None:
    """Indented for a person at a terminal, compact for a program reading a pipe."""
    indent = 2 if sys.stdout.isatty() else None
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=indent) + "\n")


def escape(text: str) -> str:
    """Make text safe inside markup (as rich.markup.escape does)."""
    return _TAG.sub(lambda m: "\\" + m.group(0), text)


def cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int) -> list[str]:
    """Greedy wrapping by cells: Latin words break at spaces, Chinese (and over-long words)
    anywhere."""
    lines: list[str] = []
    line, used = "", 0
    for token in re.findall(r"\S+\s*|\s+", text):
        size = cells(token.rstrip())
        if used + size <= width:
            line += token
            used += cells(token)
            continue
        splittable = size > width or any(unicodedata.east_asian_width(c) in "WF" for c in token)
        if not splittable:
            lines.append(line.rstrip())
            line, used = token, cells(token)
            continue
        for char in token:
            char_size = cells(char)
            if used + char_size > width and line.strip():
                lines.append(line.rstrip())
                line, used = "", 0
            line += char
            used += char_size
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


class Writer:
    def __init__(self, stream, colour: bool, width: int):
        self.stream = stream
        self.colour = colour
        self.width = width

    def _render(self, markup: str) -> tuple[str, str]:
        """(text with ANSI codes or none, plain text) from markup."""
        styled, plain, stack, at = [], [], [], 0
        for match in _TAG.finditer(markup):
            chunk = markup[at:match.start()].replace("\\[", "[")
            styled.append(chunk)
            plain.append(chunk)
            closing, names = match.group(1), match.group(2).split()
            if closing:
                stack = stack[:-1]
            elif all(name in _ANSI for name in names):
                stack.append(";".join(_ANSI[name] for name in names))
            else:
                styled.append(match.group(0))
                plain.append(match.group(0))
            if self.colour:
                styled.append("\x1b[0m" + "".join(f"\x1b[{codes}m" for codes in stack))
            at = match.end()
        tail = markup[at:].replace("\\[", "[")
        styled.append(tail)
        plain.append(tail)
        return "".join(styled), "".join(plain)

    def print(self, markup: str = "") -> None:
        for line in markup.split("\n"):
            styled, plain = self._render(line)
            if cells(plain) > self.width:
                # An overflowing line is wrapped as plain text: only long running text overflows,
                # and it carries no styles.
                self.stream.write("\n".join(wrap(plain, self.width)) + "\n")
            else:
                self.stream.write(styled + "\n")


@lru_cache(maxsize=None)
def console() -> Writer:
    stream = sys.stdout
    tty = stream.isatty()
    colour = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    width = os.get_terminal_size().columns if tty else int(os.environ.get("COLUMNS", 80))
    return Writer(stream, colour, max(20, width))
