"""The sheet's own words (headings and short phrases): `sheet.<key>` in the catalogs. Every fact
on the sheet comes from the database; these are only the words around the facts."""

from __future__ import annotations

from referee.messages import text


def word(key: str, lang: str, **values) -> str:
    return text("sheet." + key, lang, **values)
