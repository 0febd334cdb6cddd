"""`referee faq`: answer a question from the FAQ rulings, the rules and the card texts; show one
FAQ entry or rule by id (old ids of merged or renamed entries still open them); or list entries.

The path stays lean: no OpenCC and no pypinyin (the database build precomputed what they give),
rapidfuzz only when a word needs mending (the re-ranking is plain set arithmetic; see
referee/search/query.py; scripts/bench_faq.py measures it).
"""

from __future__ import annotations

import json
import re
import sqlite3

from referee.catalog.db import connect
from referee.cli.output import Page, console, escape, paragraph, print_json
from referee.errors import RefereeError, Typed
from referee.say.labels import colon, comma, label, parens, semicolon
from referee.say.lang import check_edition, choose
from referee.text import EDITIONS, data_lang

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")
_COLUMN = {"en": "en", "zh-Hant": "zh_hant", "zh-Hans": "zh_hans"}


def _word(key: str, lang: str) -> str:
    """The catalog's `faq.<key>`: the words of this command only."""
    from referee.messages import text

    return text("faq." + key, lang)


def run(query, top, card_name, edition, list_all, lang, json_out) -> None:
    """`query` is the text, or the words of it (a list, when the command takes several)."""
    if isinstance(query, (list, tuple)):
        query = " ".join(query)
    asked = {"edition": edition, "card": card_name, "lang": lang}     # as typed: for the command that shows a hit whole
    edition = check_edition(edition)
    if top < 1:
        raise RefereeError.say("error.faq.top_must_be_at", top=top)
    query = (query or "").strip()
    if not query and not list_all:
        raise RefereeError.say("error.faq.give_question_entry_id")
    conn = connect()
    # An entry's id is the same in every language: then the locale decides.
    lang = choose(lang, None if _by_id(conn, query) else query)
    card_ids = _cards_named(conn, card_name, edition) if card_name else None

    if list_all and not query:
        rows = _faq_entries(conn, _filtered_ids(conn, card_ids, edition), lang, edition)
        if json_out:
            print_json([{k: e[k] for k in ("id", "cards", "card_ids", "editions", "question")} for e in rows])
            return
        out = Page(console())
        for entry in rows:        # ids are for programs (--json) and for opening an entry, never shown
            paragraph(out, f"{_escape(entry['question'])}"
                           f"[dim]{parens(_editions_text(entry['editions'], lang), lang)}[/dim]", lang, markup=True)
        if not rows:
            out.print(label("no_results", lang))
        out.show()
        return

    named = _by_id(conn, query)
    if named:
        kind, ident = named
        entry = (_faq_entries if kind == "faq" else _rule_entries)(conn, [ident], lang, edition)[0]
        if json_out:
            print_json(entry)
        else:
            _show(entry, lang)
        return
    if _ID.match(query):
        raise _unknown_id(conn, query)

    from referee.search.query import EmptyQuery, search

    try:
        hits = search(conn, query, top, set(card_ids) if card_ids else None, edition)
    except EmptyQuery:
        raise RefereeError.say("faq.empty") from None
    if not hits:
        from referee.cli.no_answer import nothing_found

        raise nothing_found(conn, query, edition)
    entries = _hit_entries(conn, hits, lang, edition)
    unsure = bool(hits) and hits[0].unsure
    if json_out:
        print_json({"query": query, "unsure": unsure, "hits": [_hit_json(e) for e in entries]})
        return
    out = Page(console())
    if not entries:
        out.print(label("no_results", lang))
        out.show()
        return
    if unsure:
        out.print(f"[yellow]{_escape(_word('unsure', lang))}[/yellow]")
        out.print()
    for number, entry in enumerate(entries, 1):
        if number > 1:
            out.print()
        if number == 1 and len(entries) > 1:     # a list of hits: a long first one does not hide the others
            out.show()                           # (measured in lines as printed: the page so far goes first)
            _show_bounded(console(), entry, lang, _whole_command(query, asked))
        else:
            _show(entry, lang, number, out)
    out.show()


# --- choosing ---------------------------------------------------------------------------------


def _by_id(conn: sqlite3.Connection, text: str) -> tuple[str, str] | None:
    """(kind, id) of the FAQ entry or rule an id (or an old id of one) names."""
    if conn.execute("SELECT 1 FROM faq WHERE id = ?", (text,)).fetchone():
        return ("faq", text)
    if conn.execute("SELECT 1 FROM rules WHERE id = ?", (text,)).fetchone():
        return ("rule", text)
    row = conn.execute("SELECT kind, id FROM id_aliases WHERE alias = ? AND kind IN ('faq', 'rule')"
                       " ORDER BY kind", (text,)).fetchone()
    return (row[0], row[1]) if row else None


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
        raise error or RefereeError.say("error.faq.unknown_card", name=Typed(name))
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


def _unknown_id(conn: sqlite3.Connection, text: str) -> RefereeError:
    from rapidfuzz import fuzz, process

    from referee.errors import Listed, Named, Said
    from referee.text import DATA_LANGS

    # Each id offered with what it is in the reader's language (its question, its rule's title):
    # an id alone says nothing to a reader of Chinese.
    columns = [lang.replace("-", "_").lower() for lang in DATA_LANGS]
    titles = {row[0]: Named({lang: value for lang, value in zip(DATA_LANGS, row[1:]) if value})
              for row in conn.execute(f"SELECT id, {', '.join('q_' + c for c in columns)} FROM faq UNION ALL "
                                      f"SELECT id, {', '.join('title_' + c for c in columns)} FROM rules")}
    close = [i for i, score, _ in process.extract(text, list(titles), scorer=fuzz.ratio, limit=3) if score >= 60]
    hint = (Said("error.closest", names=Listed(Said("error.faq.id_titled", id=i, title=titles[i]) for i in close))
            if close else Said("error.faq.search_instead"))
    return RefereeError.say("error.faq.unknown_id", text=Typed(text), hint=hint)


# --- entries ----------------------------------------------------------------------------------


def _card_names(conn: sqlite3.Connection, edition: str | None, lang: str = "en") -> dict[str, str]:
    """Card id → name in `lang`, the edition's when one is chosen (2016 before classic otherwise)."""
    column = "name" if data_lang(lang) == "en" else "name_" + _COLUMN[data_lang(lang)]
    names: dict[str, str] = {}
    order = [edition] if edition else []
    order += [e for e in EDITIONS if e not in order]
    for ed in reversed(order):
        names.update(conn.execute(f"SELECT id, {column} FROM cards WHERE edition = ?", (ed,)).fetchall())
    return names


def _hit_entries(conn: sqlite3.Connection, hits, lang: str, edition: str | None) -> list[dict]:
    by_kind: dict[str, list[str]] = {}
    for hit in hits:
        by_kind.setdefault(hit.kind, []).append(hit.id)
    loaders = {"faq": _faq_entries, "rule": _rule_entries, "card": _card_entries}
    found = {(kind, e["id"]): e for kind, ids in by_kind.items() for e in loaders[kind](conn, ids, lang, edition)}
    out = []
    for hit in hits:
        entry = dict(found[(hit.kind, hit.id)])
        entry["score"] = hit.score
        out.append(entry)
    return out


def _faq_entries(conn: sqlite3.Connection, ids: list[str], lang: str, edition: str | None) -> list[dict]:
    if not ids:
        return []
    col = _COLUMN[data_lang(lang)]
    marks = ",".join("?" * len(ids))
    rows = {r[0]: r for r in conn.execute(
        f"SELECT id, cards, editions, q_{col}, a_{col}, sources, readings, aliases, engine FROM faq WHERE id IN ({marks})", ids)}
    names = _card_names(conn, edition)
    out = []
    for entry_id in ids:
        _, cards, editions, question, answer, sources, readings, aliases, engine = rows[entry_id]
        card_ids = cards.split()
        out.append({
            "id": entry_id,
            "kind": "faq",
            "question": question,
            "answer": answer,
            "cards": [names.get(c, c) for c in card_ids],
            "card_ids": card_ids,
            "editions": editions.split(),
            "sources": _named_sources(conn, json.loads(sources or "[]"), lang),
            "engine": engine,           # "checked", "cannot decide: WHY" or None (not yet asked)
            "readings": [
                {
                    "id": r["id"],
                    "text": (r.get("text") or {}).get(lang, ""),
                    "sources": _named_sources(conn, r.get("sources", []), lang),
                    "default_for": r.get("default_for", []),
                    "variant": r.get("variant"),
                }
                for r in json.loads(readings or "[]")
            ],
            "aliases": (aliases or "").split(),
        })
    return out


def _rule_entries(conn: sqlite3.Connection, ids: list[str], lang: str, edition: str | None) -> list[dict]:
    """Rules shaped like FAQ entries: the title is the question, the text the answer."""
    if not ids:
        return []
    from referee.catalog.differences import OVERVIEW, all_rows

    col = _COLUMN[data_lang(lang)]
    marks = ",".join("?" * len(ids))
    rows = {r[0]: r for r in conn.execute(
        f"SELECT id, editions, variant, title_{col}, text_{col}, sources, aliases FROM rules WHERE id IN ({marks})", ids)}
    cards = dict(conn.execute(f"SELECT id, cards FROM search_docs WHERE kind = 'rule' AND id IN ({marks})", ids))
    names = _card_names(conn, edition)
    out = []
    for rule_id in ids:
        _, editions, variant, title, text, sources, aliases = rows[rule_id]
        card_ids = (cards.get(rule_id) or "").split()
        titled = conn.execute(f"SELECT title_{col} FROM variants WHERE id = ?", (variant,)).fetchone() if variant else None
        out.append({
            "id": rule_id, "kind": "rule", "question": title, "answer": text,
            # A house rule, named as `referee rules` names it: its title and how to play it.
            **({"variant_title": titled[0] if titled and titled[0] else variant} if variant else {}),
            "cards": [names.get(c, c) for c in card_ids], "card_ids": card_ids,
            "editions": editions.split(), "sources": _named_sources(conn, json.loads(sources or "[]"), lang),
            "readings": [], "variant": variant, "aliases": (aliases or "").split(),
        })
        if rule_id == OVERVIEW:
            # Its text only lists what differs: the reader is shown the comparison itself.
            out[-1]["differences"] = all_rows(conn)
    return out


def _card_entries(conn: sqlite3.Connection, ids: list[str], lang: str, edition: str | None) -> list[dict]:
    """Cards shaped like FAQ entries: the name is the question, the ability of the edition in
    play (the chosen one, else 2016 where the card exists) the answer."""
    name_col = "name" if data_lang(lang) == "en" else f"name_{_COLUMN[data_lang(lang)]}"
    out = []
    for card_id in ids:
        rows = {r[0]: r for r in conn.execute(
            f"SELECT edition, name, {name_col}, ability_{_COLUMN[data_lang(lang)]}, sources FROM cards WHERE id = ?", (card_id,))}
        ed = edition if edition in rows else ("2016" if "2016" in rows else next(iter(rows)))
        _, name_en, name, ability, sources = rows[ed]
        out.append({
            "id": card_id, "kind": "card", "question": name, "answer": ability or "",
            "cards": [name_en], "card_ids": [card_id], "editions": sorted(rows, key=EDITIONS.index),
            # The editions whose text this is: a card that works differently in the other edition
            # (the classic Quarry) is not shown as if its 2016 text held in both.
            "text_editions": sorted((e for e, row in rows.items() if row[3] == ability), key=EDITIONS.index),
            "sources": _named_sources(conn, json.loads(sources or "[]"), lang), "readings": [], "aliases": [],
        })
    return out


def _named_sources(conn: sqlite3.Connection, sources: list[dict], lang: str) -> list[dict]:
    """Each source with the short name a player recognises (`name`) and the places in it a reader
    can find (`places`), in the player's language."""
    from referee.catalog.sources import places, source_id, stored

    out = []
    for source in sources:
        found = stored(conn, source, lang)
        out.append({**source, "name": found[0] if found else str(source_id(source)),
                    "places": places(conn, source, lang)})
    return out


def _hit_json(entry: dict) -> dict:
    keys = ("id", "kind", "score", "question", "answer", "cards", "card_ids", "editions", "sources", "engine",
            "readings", "aliases")
    return {k: entry[k] for k in keys if k in entry}


# --- text for people --------------------------------------------------------------------------



def _escape(text: str) -> str:
    return escape(text or "")


def _editions_text(editions: list[str], lang: str) -> str:
    return comma(lang).join(label(e, lang) for e in editions)


def _sources_text(sources: list[dict], lang: str) -> str:
    """`2016 規則書（遊戲結束）；台灣玩家規則整理（Q5、Q18）`: each source once, with the places
    in it a reader can find (never our line numbers or file paths), in the reader's language."""
    places: dict[str, list[str]] = {}
    for source in sources:
        found = places.setdefault(source["name"], [])
        found += [place for place in source["places"] if place not in found]
    texts = [name + (parens(comma(lang).join(where), lang) if where else "") for name, where in places.items()]
    return semicolon(lang).join(texts)


def _reading_name(number: int, lang: str) -> str:
    """Reading 1, 讀法一: the reading's name for people (its id is for programs)."""
    numerals = _word("numerals", lang).split()     # how the language counts readings: 1 2 3, 一 二 三
    return _word("reading", lang).format(n=numerals[number - 1] if number <= len(numerals) else number)


# The lines the first of several hits may take: a FAQ entry with all its readings fits; the
# editions' comparison (some 300 lines) is cut after its last whole row that fits.
FIRST_HIT_LINES = 30


def _show_bounded(out, entry: dict, lang: str, whole: str) -> None:
    """The first hit of a list, at most FIRST_HIT_LINES lines (cut where a blank line ends a part
    of it, when one does in the second half), then the words that say so and the command that
    shows it whole."""
    with out.capture() as captured:
        _show(entry, lang, 1)
    lines = captured.get().splitlines()
    if len(lines) <= FIRST_HIT_LINES:
        out.file.write("".join(line + "\n" for line in lines))
        return
    blanks = [i for i in range(FIRST_HIT_LINES // 2, FIRST_HIT_LINES + 1) if not lines[i].strip()]
    kept = lines[:blanks[-1] if blanks else FIRST_HIT_LINES]
    out.file.write("".join(line + "\n" for line in kept))
    from referee.messages import text

    # One line however wide (the terminal wraps it): the command is copied whole.
    out.print(f"[dim]{_escape(text('faq.shortened', lang, command=whole))}[/dim]", soft_wrap=True)


def _whole_command(query: str, asked: dict) -> str:
    """`referee faq WORDS --top 1` as the player typed the words (quoted for the shell where a
    word needs it), with the options that chose the hits: what shows the first hit alone, whole."""
    def typed(words: str) -> str:         # 版本差異 as typed; `what's … 2016?` quoted (a shell's ' and ?)
        if all(re.fullmatch(r"[\w@%+=:,./-]+", word) for word in words.split()):
            return words
        if not re.search(r'["$`\\!]', words):
            return f'"{words}"'
        import shlex

        return shlex.quote(words)

    options = "".join(f" --{name} {typed(value)}" for name, value in asked.items() if value)
    words = typed(" ".join(query.split()))
    return f"referee faq {words} --top 1{options}"


def _show(entry: dict, lang: str, number: int | None = None, page: Page | None = None) -> None:
    """One entry, on `page` (shown by its owner), else on a page of its own shown here."""
    out = page or Page(console())
    head = f"{number}. " if number else ""
    if entry["kind"] == "faq":
        first, second = label("question", lang), label("answer", lang)
        paragraph(out, f"[bold]{head}{first}{colon(lang)}{_escape(entry['question'])}[/bold]", lang, markup=True)
        paragraph(out, f"{second}{colon(lang)}{entry['answer']}", lang)
    else:
        # A house rule says so, and how to play it (`--variant ID`), as `referee rules` does.
        tag = (f"[dim]{parens(label('variant', lang) + colon(lang) + _escape(entry['variant_title']) + ' · --variant ' + _escape(entry['variant']), lang)}[/dim]"
               if entry.get("variant") else "")
        paragraph(out, f"[bold]{head}{_word(entry['kind'], lang)}{colon(lang)}{_escape(entry['question'])}[/bold]{tag}",
                  lang, markup=True)
        if entry.get("differences"):
            from referee.cli.editions_cmd import print_rows

            print_rows(out, connect(), entry["differences"], lang)
        else:
            paragraph(out, entry["answer"], lang)
    facts = f"{label('edition', lang)}{colon(lang)}{_editions_text(entry.get('text_editions') or entry['editions'], lang)}"
    if entry["sources"]:
        facts += f" · {label('sources', lang)}{colon(lang)}{_sources_text(entry['sources'], lang)}"
    paragraph(out, f"[dim]{_escape(facts)}[/dim]", lang, markup=True)
    if entry.get("engine") == "checked":
        out.print(f"[green]✓ {label('engine_checked', lang)}[/green]")
    if entry["readings"]:
        out.print(f"[yellow]{label('readings', lang)}{colon(lang).rstrip()}[/yellow]")
        for index, reading in enumerate(entry["readings"], 1):
            name = _reading_name(index, lang)
            if reading["default_for"]:
                name += parens(label("default_in", lang).format(editions=_editions_text(reading["default_for"], lang)),
                               lang)
            paragraph(out, f"  • [bold]{_escape(name)}[/bold]{colon(lang)}{_escape(reading['text'])}", lang,
                      markup=True, hang=4)
            tags = []
            if reading["variant"]:
                tags.append(f"{label('play_reading', lang)}{colon(lang)}--variant {reading['variant']}")
            if reading["sources"]:
                tags.append(f"{label('sources', lang)}{colon(lang)}{_sources_text(reading['sources'], lang)}")
            if tags:
                paragraph(out, f"[dim]{_escape(' · '.join(tags))}[/dim]", lang, markup=True, indent=4)
    if page is None:
        out.show()
