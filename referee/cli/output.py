"""Printing: JSON for programs straight to stdout, rich text for people."""

from __future__ import annotations

import json
import sys
from functools import lru_cache


def print_json(value) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def escape(text: str) -> str:
    """rich's markup escape, imported only by commands that print for people."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


@lru_cache(maxsize=None)
def console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)
