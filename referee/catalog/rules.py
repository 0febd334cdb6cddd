"""Rules text: by topic, edition and player count."""

from __future__ import annotations

import json
import sqlite3

from referee.text import DATA_LANGS, ByLanguage, name_key


def rule_view(row: sqlite3.Row) -> dict:
    return {
        "id": row["id"],
        "topic": row["topic"],
        "editions": row["editions"].split(),
        "players": [int(p) for p in row["players"].split()],
        "variant": row["variant"],
        "title": ByLanguage({lang: row[f"title_{lang.replace('-', '_').lower()}"] for lang in DATA_LANGS}),
        "text": ByLanguage({lang: row[f"text_{lang.replace('-', '_').lower()}"] for lang in DATA_LANGS}),
        "sources": json.loads(row["sources"] or "[]"),
    }


def topics(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT DISTINCT topic FROM rules ORDER BY topic")]


# The topic a reader may ask for besides the rules' own (`referee rules casts`).
CASTS = "casts"


def topic_names(conn: sqlite3.Connection) -> list[str]:
    """The catalog keys of the topics (`topic.draft`: 選角色), the casts included: what a reader
    is offered, in the reader's language, where a topic is not found."""
    return ["topic." + t for t in sorted({*topics(conn), CASTS})]


def topic_named(conn: sqlite3.Connection, text: str) -> str | None:
    """The topic whose name, in any language with a catalog, `text` is (計分 → scoring), or None."""
    from referee.messages import languages, text as said

    key = name_key(text)
    return next((t for t in (*topics(conn), CASTS) for lang in languages()
                 if name_key(said("topic." + t, lang)) == key), None)


def find_rules(
    conn: sqlite3.Connection, topic: str | None, edition: str | None, players: int | None
) -> list[dict]:
    """Rules on `topic` (a topic name, an id prefix, or words of a title in any language)."""
    # The rules as the files order them, the official ones before the named variants; filtered
    # on the rows, so that only the rules returned are turned into views.
    rows = [r for r in conn.execute("SELECT * FROM rules ORDER BY variant IS NOT NULL, position")
            if (not edition or edition in r["editions"].split())
            and (players is None or not r["players"].split() or players in [int(p) for p in r["players"].split()])]
    if not topic:   # every rule of the files; the editions compared are `referee rules editions`
        return [rule_view(r) for r in rows if r["topic"] != "editions"]
    renamed = conn.execute("SELECT id FROM id_aliases WHERE kind = 'rule' AND alias = ?", (topic,)).fetchone()
    if renamed:   # an old id of a renamed rule still opens it
        topic = renamed[0]
    key = name_key(topic)
    exact = [r for r in rows if name_key(r["topic"]) == key or r["id"] == topic or r["id"].startswith(topic + ".")]
    if exact:
        return [rule_view(r) for r in exact]
    named = topic_named(conn, topic)          # a topic by its name in a reader's language (計分)
    if named:
        return [rule_view(r) for r in rows if r["topic"] == named]
    titles = [f"title_{lang.replace('-', '_').lower()}" for lang in DATA_LANGS]
    return [
        rule_view(r) for r in rows
        if any(key in name_key(t or "") for t in (*(r[column] for column in titles), r["id"]))
    ]


# -- casts ---------------------------------------------------------------------------------------

CAST_TOPICS = {name_key(w) for w in ("casts", "cast", "presets", "preset", "角色組合", "角色组合", "預設組合", "预设组合")}
# The rules on choosing a cast, shown before the presets (`referee rules casts`).
CAST_RULES = ("setup.one-character-per-rank", "setup.characters.", "draft.rank9.", "setup.incompatible-cards.")


def is_cast_topic(topic: str | None) -> bool:
    return bool(topic) and name_key(topic) in CAST_TOPICS


def find_casts(conn: sqlite3.Connection, edition: str) -> dict:
    """The rules on choosing characters for `edition`, and its named casts with the names of
    their cards in every language."""
    rules = [r for r in find_rules(conn, None, edition, None) if not r["variant"]
             and any(r["id"] == p or (p.endswith(".") and r["id"] == p + edition) for p in CAST_RULES)]
    names = {row["id"]: ByLanguage({lang: row[f"name{'' if lang == 'en' else '_' + lang.replace('-', '_').lower()}"] for lang in DATA_LANGS})
             for row in conn.execute("SELECT * FROM cards WHERE edition = ?", (edition,))}
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    presets = []
    if "casts" in tables:
        for row in conn.execute("SELECT * FROM casts WHERE edition = ? ORDER BY position", (edition,)):
            presets.append({
                "id": row["id"],
                "name": ByLanguage({lang: row[f"name_{lang.replace('-', '_').lower()}"] for lang in DATA_LANGS}),
                "about": ByLanguage({lang: row[f"about_{lang.replace('-', '_').lower()}"] for lang in DATA_LANGS}),
                "aliases": json.loads(row["aliases"]),
                "characters": [{"id": c, "names": names[c]} for c in row["characters"].split()],
                "rank9": {"id": row["rank9"], "names": names[row["rank9"]]} if row["rank9"] else None,
                "uniques": [{"id": d, "names": names[d]} for d in row["uniques"].split()],
                "sources": json.loads(row["sources"] or "[]"),
            })
    return {"edition": edition, "rules": rules, "presets": presets}
