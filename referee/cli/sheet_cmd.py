"""`referee sheet`: a printable page for the cast a table plays (referee/sheet/).

The cast comes from a tracked table (--table, or the current table when nothing else is named),
from a preset or a list of characters (--characters), or is the edition's standard set. The page
is written as PDF or HTML by the name given to -o (`-o -`: the HTML on standard output); without
-o nothing is written and one line says how to ask for it, since a PDF is not for a terminal.
"""

from __future__ import annotations

import sys
from pathlib import Path

from referee.say.lang import check_edition, choose
from referee.errors import RefereeError, Typed

from referee.sheet.casts import OTHER_SCRIPT, Cast

FORMATS = {".pdf": "pdf", ".html": "html", ".htm": "html"}


def _output(path: str | None) -> str:
    if path is None:
        raise RefereeError.say("error.sheet.no_output")
    if path == "-":
        return "html"
    found = FORMATS.get(Path(path).suffix.lower())
    if found is None:
        raise RefereeError.say("error.sheet.output_kind", path=Typed(path))
    return found


def _paper(paper: str) -> str:
    value = paper.strip().lower()
    if value not in ("a4", "letter"):
        raise RefereeError.say("error.sheet.paper", paper=paper)
    return value


def _rulebook(edition: str):
    from referee.catalog.facts import rulebook

    return rulebook(edition)


def _player_counts(rb) -> list[int]:
    """The player counts the edition is played with (the data's city sizes, one per count)."""
    return sorted(int(count) for count in rb.setup["end_at"])


def _from_table(name: str | None, edition: str | None) -> tuple[Cast, str] | None:
    """The table's cast and its language, or None when no table is named and none is current."""
    from referee.say.table_text import table_language
    from referee.table.store import Store

    store = Store()
    chosen = name or store.current()
    if chosen is None:
        return None
    header = store.header(chosen)
    if edition and check_edition(edition) != header.edition:
        from referee.errors import Said

        raise RefereeError.say("error.sheet.table_edition", edition=edition, table=Typed(chosen),
                               plays=Said("edition." + header.edition))
    from referee.sheet.casts import table_cast

    return table_cast(header, _rulebook(header.edition)), table_language(None, header)


def _from_characters(text: str, edition: str, players: int | None) -> Cast:
    from referee.engine.casts import check_cast, preset_named
    from referee.casting import read_cast

    rb = _rulebook(edition)
    parts = [p for p in text.replace("，", ",").replace("、", ",").split(",") if p.strip()]
    value = parts[0] if len(parts) == 1 else parts
    if players is not None:
        cast, preset = read_cast(rb, value, players, "--characters")
        return Cast(edition, cast, players, tuple(preset.uniques) if preset else (), preset.names if preset else None)
    bare = value.strip().removesuffix("+9").strip() if isinstance(value, str) else None
    preset = preset_named(rb, bare) if bare else None
    if preset is not None:          # every character it may use: the rank 9 rule says when the ninth plays
        cast = list(preset.characters) + ([preset.rank9] if preset.rank9 else [])
        return Cast(edition, cast, None, tuple(preset.uniques), preset.names)
    # A list, for no player count in particular: the counts that may play it are shown.
    tried = {}
    for count in _player_counts(rb):
        try:
            tried[count] = read_cast(rb, value, count, "--characters")[0]
        except RefereeError as error:
            tried[count] = error
    cast = next((found for found in tried.values() if not isinstance(found, RefereeError)), None)
    if cast is None:                 # no count may play it: the refusal at a middling count says why
        raise list(tried.values())[len(tried) // 2]
    counts = [n for n in tried if check_cast(rb, n, cast) is None]
    return Cast(edition, cast, None, (), None, tuple(counts))


def run(table: str | None, characters: str | None, players: int | None, edition: str | None, lang: str | None,
        paper: str, both_scripts: bool, output: str | None) -> None:
    kind, paper = _output(output), _paper(paper)
    asked = choose(lang) if lang else None
    if table and characters:
        raise RefereeError.say("error.sheet.table_and_characters")
    if players is not None and not 2 <= players <= 8:
        raise RefereeError.say("error.sheet.players_range", players=players)
    cast, spoken = None, None
    if characters:
        cast = _from_characters(characters, check_edition(edition) or "2016", players)
    else:
        if table and players is not None:
            raise RefereeError.say("error.sheet.table_players")
        if table or (players is None and edition is None):      # the current table, if there is one
            cast, spoken = _from_table(table, edition) or (None, None)
        if cast is None:
            from referee.engine.casts import check_cast, default_cast

            chosen = check_edition(edition) or "2016"
            rb = _rulebook(chosen)
            standard = default_cast(rb, players) if players else rb.standard_characters()
            counts = () if players else [n for n in _player_counts(rb) if check_cast(rb, n, standard) is None]
            cast = Cast(chosen, list(standard), players, counts=tuple(counts))
    lang = asked or spoken or choose(None, characters or "")
    langs = [lang]
    if both_scripts:
        if lang not in OTHER_SCRIPT:
            raise RefereeError.say("error.sheet.both_scripts")
        langs.append(OTHER_SCRIPT[lang])

    from referee.catalog.db import connect
    from referee.sheet.casts import sheet_page

    html = sheet_page(connect(), cast, langs, paper)
    if output == "-":
        sys.stdout.write(html + "\n")
        return
    target = Path(output)
    try:
        if kind == "html":
            target.write_text(html + "\n", encoding="utf-8")
        else:
            from referee.sheet.pdf import write_pdf

            write_pdf(lambda scale: sheet_page(connect(), cast, langs, paper, scale), target, len(langs))
    except OSError as error:
        raise RefereeError.say("error.sheet.cannot_write", output=Typed(output), why=error.strerror or error) from None
    print(target)
