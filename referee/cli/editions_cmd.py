"""`referee rules editions`: what differs between the classic and the 2016 editions, rule by rule
and card by card, each row with its sources; and the line `referee card` prints for a card whose
rules differ in the other edition. The words are data (data/differences.toml)."""

from __future__ import annotations

import sqlite3

from referee.catalog import differences
from referee.say.labels import colon, label, semicolon
from referee.cli.output import Page, console, escape, paragraph, print_json


def _side(row: dict, side: str, lang: str) -> str:
    """One edition's cell: what changed in rank, cost or copies (read from the cards), then the words."""
    changes = [f"{label(key, lang)} {value}" for key, value in row["changes"].get(side, {}).items()]
    text = row["editions"][side][lang]
    return semicolon(lang).join([*changes, *([text] if text else [])])


def _edition(side: str, lang: str) -> str:
    name = label(side, lang)
    return name[0].upper() + name[1:]


def sources_text(conn: sqlite3.Connection, sources: list[dict], lang: str) -> str:
    """`2016 規則書（遊戲結束）；經典版規則書`: each document once, with the places in it a reader
    can find, in the reader's language."""
    from referee.catalog import sources as source_data

    places: dict[str, list[str]] = {}
    for ref in sources:
        found = source_data.stored(conn, ref, lang)       # (the database's, as a ruling's citation names it)
        name = found[0] if found else str(source_data.source_id(ref))
        found = places.setdefault(name, [])
        found += [place for place in source_data.places(conn, ref, lang) if place not in found]
    texts = [source_data.in_parens(name, w, lang) if w else name for name, w in places.items()]
    return semicolon(lang).join(texts)


def show(conn: sqlite3.Connection, lang: str, json_out: bool) -> None:
    rows = differences.all_rows(conn)
    if json_out:
        print_json(rows)
        return
    out = Page(console())
    from referee.text import data_lang

    column = "title_" + data_lang(lang).replace("-", "_").lower()
    title = conn.execute(f"SELECT {column} FROM rules WHERE id = ?", (differences.OVERVIEW,)).fetchone()
    if title:
        out.print(f"[bold]{escape(title[0])}[/bold]")
        out.print()
    print_rows(out, conn, rows, lang)
    out.show()


def print_rows(out, conn: sqlite3.Connection, rows: list[dict], lang: str) -> None:
    """Each row: what differs, each edition's side, its sources (also `referee faq editions.overview`)."""
    for row in rows:
        out.print(f"[bold]{escape(row['what'][lang])}[/bold]")
        for side in differences.SIDES:
            paragraph(out, f"{_edition(side, lang)}{colon(lang)}{_side(row, side, lang)}", lang, indent=2, hang=4)
        if row["sources"]:
            paragraph(out, f"[dim]{escape(label('sources', lang) + colon(lang) + sources_text(conn, row['sources'], lang))}[/dim]",
                      lang, markup=True, indent=2, hang=4)
        out.print()


def card_differences(conn: sqlite3.Connection, card_id: str) -> dict | None:
    """What differs about one card between the editions (for `referee card`, its JSON too)."""
    row = differences.for_card(conn, card_id)
    return {"what": row["what"], "editions": row["editions"], "changes": row["changes"]} if row else None


def differs_line(found: dict | None, other: str, lang: str) -> str | None:
    """`In the classic edition it works differently: …` for a card whose rules differ in the
    other edition (a change of cost or rank alone is already on the other-edition line)."""
    if not found or not found["editions"][other][lang]:
        return None
    return label("differs", lang).format(edition=label(other, lang)) + colon(lang) + found["editions"][other][lang]
