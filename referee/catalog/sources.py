"""The documents behind the rules and rulings, named as a player would recognise them.

Data files cite a source as `{ doc = "R16", where = "Game End" }` or, for the seed documents,
`{ seed = "000", links = [5], where = "Q5" }`. A player reads a short name in their language
(「2016 規則書」), never the code, and a locator only when it is one a reader can find in the
document: line numbers and file paths of our transcriptions are dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee import paths
from referee.text import DATA_LANGS, data_lang

# Locators that only help us: `l.107-108`, `doc/district cards.csv`, `districts.rs …()`.
# Patterns, not compiled ones: `re` compiles them at first use (a ruling's citation, which
# imports this module, never needs them).
_LINE_NUMBERS = r"\s*\bl\.\s*\d+(?:\s*-\s*\d+)?"
_MACHINE = r"[/\\]|\.(?:csv|rs|py|js|json|md|txt|toml)\b|\(\)"


@lru_cache(maxsize=None)
def all_sources() -> tuple[dict, ...]:
    import tomllib   # (here: `referee faq` names its sources from the database, and never reads this file)

    with open(paths.data_dir() / "sources.toml", "rb") as handle:
        return tuple(tomllib.load(handle).get("source", []))


def by_id() -> dict[str, dict]:
    return {source["id"]: source for source in all_sources()}


def source_id(ref: dict) -> str | None:
    if "seed" in ref:
        return f"seed-{ref['seed']}"
    return ref.get("doc")


def name(source: dict, lang: str) -> str:
    names = source.get("name") or {}
    return names.get(lang) or names.get("en") or source.get("title") or source["id"]


def readable_where(where: str | None) -> str:
    """The locator a reader can find in the document, or '' when it is ours only."""
    if not where:
        return ""
    where = re.sub(_LINE_NUMBERS, "", where).strip(" ,;")
    return "" if re.search(_MACHINE, where) else where


def split(where: str | None) -> list[str]:
    """The places a reader can find, one per section (`Game End; 2-Player Rule Changes`), in
    the document's own words; line numbers and file paths are dropped."""
    return [part for part in (p.strip(" ,") for p in readable_where(where).split(";")) if part]


def stored(conn, ref: dict, lang: str) -> tuple[str, list[str]] | None:
    """The cited document as the database holds it: its short name in `lang` (English, then its
    title, where `lang` has none, as `name`) and its editions (none: both); None when unknown.
    (What a ruling's citation needs, without data/sources.toml read whole by tomllib.)"""
    key = source_id(ref) or ""
    column = data_lang(lang).replace("-", "_").lower()
    row = conn.execute(f"SELECT name_{column}, name_en, title, editions FROM sources WHERE id = ?", (key,)).fetchone()
    if row is None:
        return None
    return next((text for text in row[:3] if text), key), (row[3] or "").split()


def places(conn, ref: dict, lang: str) -> list[str]:
    """The places a citation points to, each in the reader's language and script (the database
    holds each place said in every language: referee/places.py)."""
    column = "text_" + data_lang(lang).replace("-", "_").lower()
    out = []
    for place in split(ref.get("where")):
        row = conn.execute(f"SELECT {column} FROM places WHERE source = ? AND place = ?",
                           (source_id(ref), place)).fetchone()
        out.append(row[0] if row else place)
    return out


def in_parens(text: str, details: list[str], lang: str) -> str:
    """`text (a, b)` as the language writes it: `text（a、b）` in Chinese."""
    from referee.messages import text as said

    return text + said("punct.parens", lang, text=said("punct.comma", lang).join(details))


def listing(lang: str) -> list[dict]:
    """Every source for `referee sources`: its names, title and links."""
    rows = []
    for source in all_sources():
        links = [source["url"]] if source.get("url") else []
        links += [url for _, url in sorted(source.get("links", {}).items(), key=lambda item: int(item[0]))]
        rows.append({"id": source["id"], "name": {lg: name(source, lg) for lg in DATA_LANGS},
                     "title": source.get("title", ""), "links": links, "shown": name(source, lang)})
    return rows
