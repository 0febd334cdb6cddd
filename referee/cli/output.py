"""Printing: JSON for programs straight to stdout; text for people through rich.

rich knows what a person's terminal needs (cell widths of Chinese text, wrapping, colours only
on a terminal that wants them, NO_COLOR); it is imported only when a command prints for people,
so `--json` runs never pay for it.
"""

from __future__ import annotations

import json
import os
import re
import sys
from functools import lru_cache


def print_json(value) -> None:
    """Indented for a person at a terminal, compact for a program reading a pipe."""
    indent = 2 if sys.stdout.isatty() else None
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=indent) + "\n")


def escape(text: str) -> str:
    """Make text safe inside rich markup (a player may be called `[Ann]`)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def console():
    """A rich console on the current standard output (tests swap it between runs)."""
    return _console(sys.stdout)


@lru_cache(maxsize=4)
def _console(stream):
    from rich.console import Console

    # No highlighting or emoji codes: names and numbers print exactly as the data has them.
    # The width is measured once: rich otherwise asks the terminal again at every print.
    return Console(file=stream, highlight=False, emoji=False, width=_width(stream))


def _width(stream) -> int:
    """COLUMNS if set (as rich reads it), else the terminal's width, else 80 for a pipe."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return 80


def indented(out, markup: str, by: int = 4) -> None:
    """A line under a heading; when it wraps, the following lines keep the indent."""
    from rich.padding import Padding

    out.print(Padding(markup, (0, 0, 0, by), expand=False))


def table(*headers: str):
    """A borderless table that lines up Chinese and Latin names by cell width."""
    from rich import box
    from rich.table import Table

    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for header in headers:
        grid.add_column(header)
    return grid


# Where Chinese text may break: between any two characters, except before closing punctuation,
# and never inside a Latin word or a number. (A pattern, compiled by `re` on first use and kept
# in its cache: most commands never set a Chinese paragraph, and compiling costs at every start.)
_TOKEN = r"[A-Za-z0-9][A-Za-z0-9.'’%-]*|\s+|."
_NO_BREAK_BEFORE = set("。，、；：？！）」』〉》】…,.;:?!)%")


def paragraph(out, text: str, lang: str) -> None:
    """Running text. rich breaks lines at spaces, which suits English; Chinese is set without
    spaces and breaks between characters, so a Chinese paragraph gets its break points here
    (measured in cells by rich) instead of half a line left empty before each Latin word."""
    if lang == "en":
        out.print(escape(text))
        return
    from rich.cells import cell_len

    tokens: list[str] = []
    for token in re.findall(_TOKEN, text):
        if tokens and token[0] in _NO_BREAK_BEFORE:
            tokens[-1] += token
        else:
            tokens.append(token)
    width, lines, line, used = max(10, out.width), [], "", 0
    for token in tokens:
        size = cell_len(token)
        if line and used + size - (len(token) - len(token.rstrip())) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
            used = cell_len(line)
        else:
            line += token
            used += size
    if line.strip():
        lines.append(line.rstrip())
    out.print(escape("\n".join(lines)), overflow="fold")
