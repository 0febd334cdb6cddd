"""The FAQ's full-text index, written at database build time."""

from __future__ import annotations


def index_faq(conn, convert) -> None:
    """Create `faq_fts` (FTS5, trigram) over every language of each entry, folded to Simplified
    lower case so that one index serves queries in either script."""
    conn.execute("CREATE VIRTUAL TABLE faq_fts USING fts5(id UNINDEXED, body, tokenize='trigram')")
    rows = conn.execute(
        "SELECT id, q_en, q_zh_hant, q_zh_hans, a_en, a_zh_hant, a_zh_hans, keywords FROM faq"
    ).fetchall()
    for entry_id, *texts in rows:
        body = convert("t2s", " ".join(t or "" for t in texts)).casefold()
        conn.execute("INSERT INTO faq_fts (id, body) VALUES (?, ?)", (entry_id, body))
