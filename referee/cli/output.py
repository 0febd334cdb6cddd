"""Printing: JSON for programs straight to stdout; text for people through rich.

rich knows what a person's terminal needs (cell widths of Chinese text, wrapping, colours only
on a terminal that wants them, NO_COLOR); it is imported only when a command prints for people,
so `--json` runs never pay for it.
"""

from __future__ import annotations

import json
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
    return Console(file=stream, highlight=False, emoji=False)


def table(*headers: str):
    """A borderless table that lines up Chinese and Latin names by cell width."""
    from rich import box
    from rich.table import Table

    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for header in headers:
        grid.add_column(header)
    return grid
