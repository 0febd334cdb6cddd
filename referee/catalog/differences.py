"""What differs between the two editions, as the database holds it (built from
data/differences.toml by referee/differences.py): the rows of `referee rules editions` and the
line `referee card` prints for a card whose rules differ."""

from __future__ import annotations

import json
import sqlite3

from referee.text import DATA_LANGS, ByLanguage, name_key

# The words that ask `referee rules` for the comparison instead of a topic's rules.
TOPICS = {name_key(w) for w in ("editions", "edition", "differences", "diff", "版本", "版本差異", "版本差异",
                                "新舊版", "新旧版", "差異", "差异")}
SIDES = ("classic", "2016")
# The rule that stands for the whole comparison (its text lists the rows' titles; it is shown as the table).
OVERVIEW = "editions.overview"


def is_editions_topic(topic: str | None) -> bool:
    return bool(topic) and name_key(topic) in TOPICS


def _column(lang: str) -> str:
    from referee.text import data_lang

    return data_lang(lang).replace("-", "_").lower()


def _view(row: sqlite3.Row) -> dict:
    sides = {"classic": "classic", "2016": "y2016"}
    return {
        "id": row["id"],
        "card": row["card"],
        "what": ByLanguage({lang: row[f"what_{_column(lang)}"] for lang in DATA_LANGS}),
        "editions": {side: ByLanguage({lang: row[f"{sides[side]}_{_column(lang)}"] for lang in DATA_LANGS}) for side in SIDES},
        "changes": json.loads(row["changes"] or "{}"),
        "refs": row["refs"].split(),
        "sources": json.loads(row["sources"] or "[]"),
    }


def _has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'differences'").fetchone() is not None


def all_rows(conn: sqlite3.Connection) -> list[dict]:
    """Every row, rules first, then the cards, in the file's order."""
    if not _has_table(conn):
        return []
    return [_view(r) for r in conn.execute("SELECT * FROM differences ORDER BY position")]


def for_card(conn: sqlite3.Connection, card_id: str) -> dict | None:
    """The row on one card, when its rules differ between the editions."""
    if not _has_table(conn):
        return None
    row = conn.execute("SELECT * FROM differences WHERE card = ?", (card_id,)).fetchone()
    return _view(row) if row else None
