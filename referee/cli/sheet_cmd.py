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
from referee.errors import RefereeError

from referee.sheet.casts import OTHER_SCRIPT, Cast

FORMATS = {".pdf": "pdf", ".html": "html", ".htm": "html"}


def _output(path: str | None) -> str:
    if path is None:
        raise RefereeError("say where to write the sheet: -o cast.pdf (to print), -o cast.html, or -o - for the HTML",
                           "請指定要寫到哪裡：-o 角色表.pdf（列印用）、-o 角色表.html，或 -o - 輸出 HTML")
    if path == "-":
        return "html"
    found = FORMATS.get(Path(path).suffix.lower())
    if found is None:
        raise RefereeError(f"-o {path}: the sheet is written as .pdf or .html", f"-o {path}：只能寫成 .pdf 或 .html")
    return found


def _paper(paper: str) -> str:
    value = paper.strip().lower()
    if value not in ("a4", "letter"):
        raise RefereeError(f"--paper {paper}: choose a4 or letter", f"--paper {paper}：請選 a4 或 letter")
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
        from referee.text import edition_name

        raise RefereeError(f"--edition {edition}: table {chosen} plays the {edition_name(header.edition, 'en')}",
                           f"--edition {edition}：牌桌 {chosen} 玩的是{edition_name(header.edition, 'zh-Hant')}")
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
        raise RefereeError("--table or --characters, not both", "--table 和 --characters 只能擇一")
    if players is not None and not 2 <= players <= 8:
        raise RefereeError(f"--players must be between 2 and 8, not {players}", f"--players 要在 2 到 8 之間，不是 {players}")
    cast, spoken = None, None
    if characters:
        cast = _from_characters(characters, check_edition(edition) or "2016", players)
    else:
        if table and players is not None:
            raise RefereeError("--players: a table has its own players", "--players：牌桌有自己的玩家")
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
            raise RefereeError("--both-scripts: the second page is the other Chinese script; ask for --lang zh-Hant or zh-Hans",
                               "--both-scripts：第二頁是另一種中文字體；請用 --lang zh-Hant 或 zh-Hans")
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
        raise RefereeError(f"-o {output}: {error.strerror or error}", f"-o {output}：無法寫入（{error.strerror or error}）") from None
    print(target)
