"""What a sheet is about (Cast) and the sheet of a tracked table: the one call `referee sheet`
and the phones' view (`referee table serve`, at /sheet) share."""

from __future__ import annotations

from typing import NamedTuple

OTHER_SCRIPT = {"zh-Hant": "zh-Hans", "zh-Hans": "zh-Hant"}


class Cast(NamedTuple):
    """The edition and characters (ids) of a sheet, and what else is known: the player count, the
    unique districts in play, the cast's name by language, else the player counts that may play
    it."""

    edition: str
    characters: list[str]
    players: int | None = None
    uniques: tuple[str, ...] = ()
    names: dict | None = None
    counts: tuple[int, ...] = ()
    variants: tuple[str, ...] = ()          # a table's house rules


def preset_of(rb, characters, players: int):
    """The preset `characters` are, as the rulebook deals it for `players` (its unique districts
    are then the ones in play), or None."""
    from referee.engine.casts import IllegalCast, preset_cast

    for preset in rb.casts.values():
        for nine in (False, True):
            try:
                if sorted(preset_cast(rb, preset, players, nine)) == sorted(characters):
                    return preset
            except IllegalCast:
                pass
    return None


def table_cast(header, rb) -> Cast:
    """A tracked table's cast (referee.table.store.Header; `rb` its edition's rulebook), named
    after the table and, when its cast is a preset's, the preset."""
    preset = preset_of(rb, header.characters, len(header.players))
    names = {lang: f"{header.name} · {preset.names[lang]}" if preset else header.name
             for lang in ("en", *OTHER_SCRIPT)}
    return Cast(header.edition, list(header.characters), len(header.players),
                tuple(preset.uniques) if preset else (), names, variants=tuple(header.variants))


def sheet_page(conn, cast: Cast, langs, paper: str = "a4", scale: float = 1.0) -> str:
    """The whole HTML page of `cast`: one sheet per language of `langs` (in that order)."""
    from referee.sheet.content import build_sheet
    from referee.sheet.html import sheet_html

    from referee.text import ByLanguage

    names = ByLanguage(cast.names or {})     # a language the data does not carry: the English name
    return sheet_html([build_sheet(conn, cast.edition, cast.characters, lang, players=cast.players,
                                   uniques=cast.uniques, cast_name=names[lang], player_counts=cast.counts,
                                   variants=cast.variants)
                       for lang in langs], paper, scale)
