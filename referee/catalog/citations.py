"""A citation (a rule or FAQ id the engine gives) as people read it: its title and its source."""

from __future__ import annotations

import json
import sqlite3

from referee.catalog import sources


def citation_text(conn: sqlite3.Connection, citation_id: str, lang: str) -> str:
    """`Game End (2016 rulebook)` for a rule, the question for a FAQ entry; the id only when
    the database does not know it."""
    from referee.text import data_lang

    column = data_lang(lang).replace("-", "_").lower()
    row = conn.execute(f"SELECT title_{column}, sources FROM rules WHERE id = ?", (citation_id,)).fetchone()
    if row is None:
        row = conn.execute(f"SELECT q_{column}, sources FROM faq WHERE id = ?", (citation_id,)).fetchone()
    if row is None or not row[0]:
        return citation_id
    refs = json.loads(row[1] or "[]")
    names = []
    for ref in refs:
        found = sources.by_id().get(sources.source_id(ref) or "")
        name = sources.name(found, lang) if found else None
        if name and name not in names:
            names.append(name)
    if not names:
        return row[0]
    return sources.in_parens(row[0], names[:2], lang)
