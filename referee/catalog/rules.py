"""Rules text: by topic, edition and player count."""

from __future__ import annotations

import json
import sqlite3

from referee.text import LANGS, name_key


def rule_view(row: sqlite3.Row) -> dict:
    return {
        "id": row["id"],
        "topic": row["topic"],
        "editions": row["editions"].split(),
        "players": [int(p) for p in row["players"].split()],
        "variant": row["variant"],
        "title": {lang: row[f"title_{lang.replace('-', '_').lower()}"] for lang in LANGS},
        "text": {lang: row[f"text_{lang.replace('-', '_').lower()}"] for lang in LANGS},
        "sources": json.loads(row["sources"] or "[]"),
    }


def topics(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT DISTINCT topic FROM rules ORDER BY topic")]


def find_rules(
    conn: sqlite3.Connection, topic: str | None, edition: str | None, players: int | None
) -> list[dict]:
    """Rules on `topic` (a topic name, an id prefix, or words of a title in any language)."""
    # The rules as the files order them, the official ones before the named variants.
    rows = [rule_view(r) for r in conn.execute("SELECT * FROM rules ORDER BY variant IS NOT NULL, position")]
    if edition:
        rows = [r for r in rows if edition in r["editions"]]
    if players is not None:
        rows = [r for r in rows if not r["players"] or players in r["players"]]
    if not topic:
        return rows
    renamed = conn.execute("SELECT id FROM id_aliases WHERE kind = 'rule' AND alias = ?", (topic,)).fetchone()
    if renamed:   # an old id of a renamed rule still opens it
        topic = renamed[0]
    key = name_key(topic)
    exact = [r for r in rows if name_key(r["topic"]) == key or r["id"] == topic or r["id"].startswith(topic + ".")]
    if exact:
        return exact
    return [
        r for r in rows
        if any(key in name_key(t or "") for t in (*r["title"].values(), r["id"]))
    ]
