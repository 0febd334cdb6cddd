"""`referee faq`: search the FAQ rulings, show one entry by id, or list them.

The path stays lean: no OpenCC and no pypinyin (the database build precomputed what they give),
rapidfuzz only to re-rank the candidates (see referee/search/query.py; scripts/bench_faq.py
measures it).
"""

from __future__ import annotations

import json
import re
import sqlite3

from referee.catalog.db import connect
from referee.cli.labels import label
from referee.cli.lang import check_edition, choose
from referee.cli.output import console, escape, print_json
from referee.errors import RefereeError
from referee.text import EDITIONS

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")
_COLUMN = {"en": "en", "zh-Hant": "zh_hant", "zh-Hans": "zh_hans"}


def run(query, top, card_name, edition, list_all, lang, json_out) -> None:
    """`query` is the text, or the words of it (a list, when the command takes several)."""
    if isinstance(query, (list, tuple)):
        query = " ".join(query)
    edition = check_edition(edition)
    if top < 1:
        raise RefereeError(f"--top must be at least 1, not {top}")
    query = (query or "").strip()
    if not query and not list_all:
        raise RefereeError("give a question, an entry id, or --list")
    conn = connect()
    lang = choose(lang, query)
    card_ids = _cards_named(conn, card_name, edition) if card_name else None

    if list_all and not query:
        rows = _entries(conn, _filtered_ids(conn, card_ids, edition), lang, edition)
        if json_out:
            print_json([{k: e[k] for k in ("id", "cards", "card_ids", "editions", "question")} for e in rows])
            return
        out = console()
        for entry in rows:
            out.print(f"[bold]{_escape(entry['id'])}[/bold]  {_escape(entry['question'])} "
                      f"[dim]({_editions_text(entry['editions'], lang)})[/dim]")
        if not rows:
            out.print(label("no_results", lang))
        return

    exact = conn.execute("SELECT id FROM faq WHERE id = ?", (query,)).fetchone()
    if exact:
        entry = _entries(conn, [exact[0]], lang, edition)[0]
        if json_out:
            print_json(entry)
        else:
            _show(entry, lang)
        return
    if _ID.match(query):
        raise RefereeError(_unknown_id(conn, query))

    from referee.search.query import search

    hits = search(conn, query, top, set(card_ids) if card_ids else None, edition)
    entries = _entries(conn, [h.id for h in hits], lang, edition)
    for entry, hit in zip(entries, hits):
        entry["score"] = hit.score
    if json_out:
        print_json({"query": query, "hits": [_hit_json(e) for e in entries]})
        return
    if not entries:
        console().print(label("no_results", lang))
        return
    for number, entry in enumerate(entries, 1):
        if number > 1:
            console().print()
        _show(entry, lang, number)


# --- choosing ---------------------------------------------------------------------------------


def _cards_named(conn: sqlite3.Connection, name: str, edition: str | None) -> list[str]:
    """The cards `name` means in the edition (every edition when none is given)."""
    from referee.catalog.names import resolve
    from referee.errors import AmbiguousName, UnknownName

    found: list[str] = []
    error: RefereeError | None = None
    for ed in [edition] if edition else list(EDITIONS):
        try:
            match = resolve(conn, name, ed)
            found.append(match.id)
        except AmbiguousName as ambiguous:
            found.extend(ambiguous.choices)
        except UnknownName as unknown:
            error = error or unknown
    if not found:
        raise error or RefereeError(f"unknown card {name!r}")
    return list(dict.fromkeys(found))


def _filtered_ids(conn: sqlite3.Connection, card_ids: list[str] | None, edition: str | None) -> list[str]:
    ids = []
    for entry_id, cards, editions in conn.execute("SELECT id, cards, editions FROM faq ORDER BY file, rowid"):
        if edition and edition not in editions.split():
            continue
        if card_ids and not set(card_ids) & set(cards.split()):
            continue
        ids.append(entry_id)
    return ids


def _unknown_id(conn: sqlite3.Connection, text: str) -> str:
    from rapidfuzz import fuzz, process

    ids = [r[0] for r in conn.execute("SELECT id FROM faq")]
    close = [i for i, score, _ in process.extract(text, ids, scorer=fuzz.ratio, limit=3) if score >= 60]
    hint = f"; closest: {', '.join(close)}" if close else "; search with words instead, or see referee faq --list"
    return f"no FAQ entry with id {text!r}{hint}"


# --- entries ----------------------------------------------------------------------------------


def _card_names(conn: sqlite3.Connection, edition: str | None) -> dict[str, str]:
    """Card id → English name, the edition's when one is chosen (2016 before classic otherwise)."""
    names: dict[str, str] = {}
    order = [edition] if edition else []
    order += [e for e in EDITIONS if e not in order]
    for ed in reversed(order):
        names.update(conn.execute("SELECT id, name FROM cards WHERE edition = ?", (ed,)).fetchall())
    return names


def _entries(conn: sqlite3.Connection, ids: list[str], lang: str, edition: str | None) -> list[dict]:
    if not ids:
        return []
    col = _COLUMN[lang]
    marks = ",".join("?" * len(ids))
    rows = {r[0]: r for r in conn.execute(
        f"SELECT id, cards, editions, q_{col}, a_{col}, sources, readings, engine FROM faq WHERE id IN ({marks})", ids)}
    names = _card_names(conn, edition)
    out = []
    for entry_id in ids:
        _, cards, editions, question, answer, sources, readings, engine = rows[entry_id]
        card_ids = cards.split()
        out.append({
            "id": entry_id,
            "question": question,
            "answer": answer,
            "cards": [names.get(c, c) for c in card_ids],
            "card_ids": card_ids,
            "editions": editions.split(),
            "sources": json.loads(sources or "[]"),
            "engine": engine,           # "checked", "cannot decide: WHY" or None (not yet asked)
            "readings": [
                {
                    "id": r["id"],
                    "text": (r.get("text") or {}).get(lang, ""),
                    "sources": r.get("sources", []),
                    "default_for": r.get("default_for", []),
                    "variant": r.get("variant"),
                }
                for r in json.loads(readings or "[]")
            ],
        })
    return out


def _hit_json(entry: dict) -> dict:
    keys = ("id", "score", "question", "answer", "cards", "card_ids", "editions", "sources", "engine", "readings")
    return {k: entry[k] for k in keys if k in entry}


# --- text for people --------------------------------------------------------------------------


def _escape(text: str) -> str:
    return escape(text or "")


def _editions_text(editions: list[str], lang: str) -> str:
    return ", ".join(label(e, lang) for e in editions)


def _source_text(source: dict) -> str:
    if "seed" in source:
        text = f"seed {source['seed']}"
        if source.get("links"):
            text += " #" + ",".join(str(n) for n in source["links"])
    else:
        text = str(source.get("doc", "?"))
    if source.get("where"):
        text += f" ({source['where']})"
    return text


def _show(entry: dict, lang: str, number: int | None = None) -> None:
    out = console()
    head = f"{number}. " if number else ""
    score = f" · {entry['score']:.1f}" if "score" in entry else ""
    colon = ": " if lang == "en" else "："   # no space to break at before a long Chinese line
    out.print(f"[bold]{head}{label('question', lang)}{colon}{_escape(entry['question'])}[/bold]  "
              f"[dim]{_escape(entry['id'])}{score}[/dim]")
    out.print(f"{label('answer', lang)}{colon}{_escape(entry['answer'])}")
    out.print(f"[dim]{label('edition', lang)}: {_editions_text(entry['editions'], lang)}"
              f" · {label('sources', lang)}: {_escape('; '.join(_source_text(s) for s in entry['sources']))}[/dim]")
    if entry.get("engine") == "checked":
        out.print(f"[green]✓ {label('engine_checked', lang)}[/green]")
    if entry["readings"]:
        out.print(f"[yellow]{label('readings', lang)}:[/yellow]")
        for reading in entry["readings"]:
            tags = []
            if reading["default_for"]:
                tags.append(f"{label('default', lang)}: {_editions_text(reading['default_for'], lang)}")
            if reading["variant"]:
                tags.append(f"{label('variant', lang)}: {reading['variant']}")
            tags.append(f"{label('sources', lang)}: {'; '.join(_source_text(s) for s in reading['sources'])}")
            out.print(f"  • [bold]{_escape(reading['id'])}[/bold]: {_escape(reading['text'])}")
            out.print(f"    [dim]{_escape(' · '.join(tags))}[/dim]")
