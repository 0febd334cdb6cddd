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
    return Console(file=_LineEnds(stream), highlight=False, emoji=False, width=_width(stream))


class _LineEnds:
    """The stream rich writes to, without the spaces rich leaves at the end of a line (a table's
    last column is padded to its width; a line wrapped at a space keeps the space): a player
    who copies a ruling gets no trailing blanks. Everything else is the stream's own."""

    # A pattern, not a compiled one: `re` compiles it on first use and caches it (compiling this
    # module's patterns at import cost every command, even those that never need them).
    _TRAILING = r"[ \t]+((?:\x1b\[[0-9;]*m)*)(?=\n)"

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(re.sub(self._TRAILING, r"\1", text))
        return len(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _width(stream) -> int:
    """COLUMNS if set (as rich reads it), else the terminal's width, else 80 for a pipe."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return 80


class Page:
    """What a command prints for people, gathered and handed to rich as one group (`show`): each
    `print` costs rich as much again as drawing a short line, so a report of many lines is
    printed once. It prints what printing each line would; `print`, `paragraph`, `indented` and
    `facts_line` take it as they take the console."""

    def __init__(self, out):
        self._out = out
        self._parts: list = []
        self._crop = True

    def print(self, renderable="", *, overflow: str | None = None, crop: bool = True) -> None:
        """As the console's `print`: `overflow` of this line; `crop=False`, a line longer than the
        width is not cut (then no line of the page is: the others are wrapped to the width, so
        nothing else changes: a link printed whole)."""
        if overflow:
            if isinstance(renderable, str):       # what the console does with markup it prints
                from rich.text import Text

                renderable = Text.from_markup(renderable, emoji=False)
            renderable.overflow = overflow
        self._crop = self._crop and crop
        self._parts.append(renderable)

    def show(self) -> None:
        from rich.console import Group

        if self._parts:
            self._out.print(Group(*self._parts), crop=self._crop)
        self._parts = []
        self._crop = True

    def __getattr__(self, name):                # the width, the tab size: the console's
        return getattr(self._out, name)


def indented(out, markup: str, by: int = 4) -> None:
    """A line under a heading; when it wraps, the following lines keep the indent. A line that
    fits is the indent and the text (what rich's Padding draws then, at a third of its cost)."""
    from rich.cells import cell_len
    from rich.text import Text

    body = Text.from_markup(markup, emoji=False)
    if by + cell_len(body.plain) <= out.width and "\n" not in body.plain:
        out.print(Text(" " * by) + body)
        return
    from rich.padding import Padding

    out.print(Padding(markup, (0, 0, 0, by), expand=False))


def facts_line(out, markup: str, lang: str, *, hang: int = 4, lists: bool = True) -> None:
    """A line of facts (`  Ann · gold 3 · hand 4 (known: Temple, Manor) · city: - · score 1`)
    that breaks only after a fact's ` · ` and after an item of a list (the language's comma),
    never inside a fact: a label stays with its number and the first of its cards (rich broke
    `手牌` from `10（已知：…）`, the label alone at a line's end). A line that fits prints as
    written; the lines after the first are indented by `hang`; a single item wider than the line
    is folded. `lists=False`: only after a fact (a list's items belong together: a move's cards)."""
    from rich.cells import cell_len
    from rich.text import Text

    from referee.messages import text as said

    body = Text.from_markup(markup, emoji=False)
    plain = body.plain
    if cell_len(plain) <= out.width:
        out.print(body, overflow="fold")
        return
    item = said("punct.comma", lang)
    ends = [m.end() for m in re.finditer(" · " + ("|" + re.escape(item.rstrip()) + " *" if lists else ""), plain)]
    cuts, used, room = [], 0, out.width
    for start, end in zip([0] + ends, ends + [len(plain)]):
        piece = plain[start:end]
        size = cell_len(piece.rstrip() if used else piece.strip())
        if used and used + size > room:
            cuts.append(start)
            used, room = cell_len(piece.lstrip()), out.width - hang
        else:
            used += cell_len(piece)
    lines = []
    for number, line in enumerate(body.divide(cuts)):
        line.rstrip()
        if number:
            line = Text(" " * hang) + line[len(line.plain) - len(line.plain.lstrip()):]
        lines.append(line)
    out.print(Text("\n").join(lines), overflow="fold")


def table(*headers: str):
    """A borderless table that lines up Chinese and Latin names by cell width."""
    from rich import box
    from rich.table import Table

    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for header in headers:
        grid.add_column(header)
    return grid


# Where Chinese text may break: between any two characters, except before closing punctuation,
# and never inside a Latin word, a number or an option (`--hand`).
_TOKEN = r"--?[A-Za-z][A-Za-z0-9-]*|[A-Za-z0-9][A-Za-z0-9.'’%-]*|\s+|."        # compiled by `re` on first use
_NO_BREAK_AFTER = set("（「『〈《【“‘")
_NO_BREAK_BEFORE = set("。，、；：？！）」』〉》】…,.;:?!)%")


def paragraph(out, text: str, lang: str, *, markup: bool = False, indent: int = 0, hang: int | None = None) -> None:
    """Running text. rich breaks lines at spaces, which suits English; Chinese is set without
    spaces and breaks between characters, so a Chinese paragraph gets its break points here
    (measured in cells by rich) instead of half a line left empty before each Latin word.
    `markup`: the text is rich markup (its styles are kept across the breaks); `indent`: cells
    before the first line, `hang`: before the lines after it (default: the same)."""
    from rich.text import Text

    # No emoji codes, as the console has none: `:name:` in a ruling prints as written (and rich's
    # table of emoji codes, some 2 ms to load, is never read).
    body = Text.from_markup(text, emoji=False) if markup else Text(text)
    hang = indent if hang is None else hang
    if _breaks_at_spaces(lang):
        if not (indent or hang):
            out.print(body)
            return
        # rich wraps at spaces; the indents go before the lines it makes.
        wrapped = body.wrap(out, max(10, out.width - max(indent, hang)))
        lines = []
        for number, line in enumerate(wrapped):
            line.rstrip()
            lines.append(Text(" " * (hang if number else indent)) + line)
        out.print(Text("\n").join(lines), overflow="fold")
        return
    out.print(Text("\n").join(_chinese_lines(body, out.width, indent, hang)), overflow="fold")


def _breaks_at_spaces(lang: str) -> bool:
    """Whether the language's lines break at spaces (its catalog's `layout.breaks`: `spaces`, as
    in English, or `characters`, as in Chinese); a language that does not say breaks as English."""
    from referee.messages import text

    return text("layout.breaks", lang) == "spaces"


def _chinese_lines(body, width: int, indent: int, hang: int) -> list:
    """`body` (a rich Text) cut into lines of at most `width` cells, each line's indent included."""
    from rich.cells import cell_len
    from rich.text import Text

    from referee.text import has_cjk

    lines: list = []
    for part in body.split("\n", allow_blank=True):
        tokens: list[tuple[int, str]] = []        # (offset in the line, token)
        offset = 0
        for token in re.findall(_TOKEN, part.plain):
            if tokens and (token[0] in _NO_BREAK_BEFORE or tokens[-1][1][-1] in _NO_BREAK_AFTER):
                tokens[-1] = (tokens[-1][0], tokens[-1][1] + token)
            elif (token[0].isdigit() and len(tokens) > 1 and tokens[-1][1].isspace()
                  and has_cjk(tokens[-2][1][-1:])):   # (no regex: a Unicode-range pattern costs ~1 ms to compile)
                # `外交官 1`, `順位 8`: a number stays beside the Chinese word it counts.
                start, space = tokens.pop()
                tokens[-1] = (tokens[-1][0], tokens[-1][1] + space + token)
            else:
                tokens.append((offset, token))
            offset += len(token)
        cuts, used = [], 0
        room = max(10, width - (hang if lines else indent))
        for start, token in tokens:
            size = cell_len(token)
            if used and used + size - (len(token) - len(token.rstrip())) > room:
                cuts.append(start)
                used, room = cell_len(token.lstrip()), max(10, width - hang)
            else:
                used += size
        for piece in part.divide(cuts):
            piece.rstrip()
            if lines:
                piece = piece[len(piece.plain) - len(piece.plain.lstrip()):]
            lines.append(Text(" " * (hang if lines else indent)) + piece)
    return lines
