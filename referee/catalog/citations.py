"""A citation (a rule or FAQ id the engine gives) as people read it: its title and its source."""

from __future__ import annotations

import json
import sqlite3

from referee.catalog import sources


def of_edition(conn: sqlite3.Connection, citation_ids, edition: str | None) -> list[str]:
    """The citations that belong to `edition` (a rule or FAQ entry of the other edition only —
    the classic face-up King rule at a 2016 table — is left out; an id the database does not
    know is kept); all of them when no edition is given."""
    ids = list(citation_ids)
    if edition is None:
        return ids
    kept = []
    for citation_id in ids:
        row = conn.execute("SELECT editions FROM rules WHERE id = ?", (citation_id,)).fetchone() \
            or conn.execute("SELECT editions FROM faq WHERE id = ?", (citation_id,)).fetchone()
        if row is None or not row[0] or edition in row[0].split():
            kept.append(citation_id)
    return kept


def citation_text(conn: sqlite3.Connection, citation_id: str, lang: str, edition: str | None = None) -> str:
    """`Game End (2016 rulebook)` for a rule, the question for a FAQ entry; the id only when
    the database does not know it. `edition`: only the documents of that edition (or of both)
    are named."""
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
        found = sources.stored(conn, ref, lang)
        if found is not None and edition is not None and found[1] and edition not in found[1]:
            continue                     # a document of the other edition
        name = found[0] if found else None
        if name and name not in names:
            names.append(name)
    if not names:
        return row[0]
    return sources.in_parens(row[0], names[:2], lang)
