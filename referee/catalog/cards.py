"""Card rows as plain dictionaries, in the shape the CLI prints and `--json` promises."""

from __future__ import annotations

import json
import sqlite3

from referee.engine.types import COLOURS
from referee.text import DATA_LANGS, ByLanguage, data_lang


def _lang_column(prefix: str, lang: str) -> str:
    return f"{prefix}_{lang.replace('-', '_').lower()}"


def _name_column(lang: str) -> str:
    return "name" if lang == "en" else _lang_column("name", lang)


def card_view(row: sqlite3.Row) -> dict:
    view = {
        "kind": row["kind"],
        "id": row["id"],
        "name": row["name"],
        "names": ByLanguage({lang: row[_name_column(lang)] for lang in DATA_LANGS}),
        "edition": row["edition"],
        "set": row["card_set"],
        "ability": ByLanguage({lang: row[_lang_column("ability", lang)] for lang in DATA_LANGS}),
        "sources": json.loads(row["sources"] or "[]"),
    }
    if row["kind"] == "character":
        # A character card has no cost and exists once; the keys are there so every row of
        # `referee cards --json` has the same shape.
        view.update(rank=row["rank"], cost=None, copies=1, facts=json.loads(row["facts"]))
    else:
        view.update(
            type=row["type"], colour=COLOURS.get(row["type"]), cost=row["cost"], copies=row["copies"],
            facts=json.loads(row["facts"]),
        )
    if row["note"]:
        view["note"] = row["note"]
    return view


def get_card(conn: sqlite3.Connection, card_id: str, edition: str) -> dict | None:
    row = conn.execute("SELECT * FROM cards WHERE id = ? AND edition = ?", (card_id, edition)).fetchone()
    return card_view(row) if row else None


def editions_of(conn: sqlite3.Connection, card_id: str) -> list[str]:
    return [r[0] for r in conn.execute("SELECT edition FROM cards WHERE id = ? ORDER BY edition", (card_id,))]


def list_cards(
    conn: sqlite3.Connection,
    edition: str | None = None,
    rank: int | None = None,
    colour: str | None = None,
    kind: str | None = None,
) -> list[dict]:
    clauses, args = [], []
    if edition:
        clauses.append("edition = ?")
        args.append(edition)
    if rank is not None:
        clauses.append("rank = ?")
        args.append(rank)
    if colour:
        clauses.append("type = ?")
        args.append(colour)
    if kind:
        clauses.append("kind = ?")
        args.append(kind)
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    rows = conn.execute(
        f"SELECT * FROM cards {where} ORDER BY edition DESC, kind, rank, "
        "CASE type WHEN 'noble' THEN 0 WHEN 'religious' THEN 1 WHEN 'trade' THEN 2 "
        "WHEN 'military' THEN 3 ELSE 4 END, cost, name",
        args,
    ).fetchall()
    return [card_view(r) for r in rows]


def edition_facts(conn: sqlite3.Connection, edition: str) -> dict:
    row = conn.execute("SELECT facts FROM editions WHERE id = ?", (edition,)).fetchone()
    return json.loads(row[0])


def standard_characters(conn: sqlite3.Connection, edition: str) -> list[str]:
    """The edition's default character set (the 8 base characters)."""
    return edition_facts(conn, edition)["characters"]


def localized_names(conn: sqlite3.Connection, edition: str, lang: str) -> dict[str, str]:
    """English canonical name and id → the name in `lang`, for translating engine messages."""
    column = _name_column(data_lang(lang))
    names: dict[str, str] = {}
    for row in conn.execute(f"SELECT id, name, {column} FROM cards WHERE edition = ?", (edition,)):
        names[row[0]] = row[2]
        names[row[1]] = row[2]
    return names
