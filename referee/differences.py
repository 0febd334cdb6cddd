"""What differs between the two editions (data/differences.toml), made ready at database build time.

The file says in words what differs, row by row; the numbers stay where they are kept — an
edition's facts (`{end_at}`, `{bank}`, `{uniques_in_deck}`: data/editions.toml) and a card's
facts (`{gold_per_discard}`: data/districts.toml) fill the placeholders of the text of their
edition, and a card's rank, cost and copies are compared here, never written twice. Each row
becomes a row of the `differences` table (`referee rules editions`, `referee card`) and, but
for the lists of cards only one edition has, a rule of topic "editions" (`editions.ROW`), so
that the search finds it like any rule.
"""

from __future__ import annotations

import json
import re

from referee.text import EDITIONS, DATA_LANGS

TOPIC = "editions"
_SIDES = ("classic", "2016")          # the order of the table: the older edition first
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_CHANGES = ("rank", "cost", "copies")
# The words of the generated text are the catalog's `differences.*`: a change of rank, cost or
# copies (`differences.change.<what>`; the CLI prints these with its own labels), each edition's
# name (`differences.side.<edition>`), the word that makes every row a comparison for the search
# (`differences.compares`: the lexicon's concept edition-difference, in every data language).


def _diff_word(key: str, lang: str, **values) -> str:
    from referee.messages import text

    return text("differences." + key, lang, **values)


def _punct(key: str, lang: str) -> str:
    from referee.messages import text

    return text("punct." + key, lang)


def _compares() -> list[str]:
    return [_diff_word("compares", lang) for lang in DATA_LANGS]


def _players(counts: dict, lang: str) -> str:
    """`end_at` per player count as a player reads it: `8 districts`, or `7 districts (8 with
    2–3 players)`."""
    by_value: dict[int, list[int]] = {}
    for players, value in sorted((int(p), v) for p, v in counts.items()):
        by_value.setdefault(value, []).append(players)
    main = max(by_value, key=lambda v: len(by_value[v]))
    rest = [(v, ps) for v, ps in by_value.items() if v != main]
    if not rest:
        return _diff_word("size", lang, n=main)
    parts = []
    for value, players in rest:
        span = f"{players[0]}–{players[-1]}" if len(players) > 1 else str(players[0])
        parts.append(_diff_word("size_with", lang, value=value, span=span))
    from referee.messages import text

    return _diff_word("size", lang, n=main) + text("punct.parens", lang, text=text("punct.semicolon", lang).join(parts))


def _values(bundle, edition: str, card: str | None, lang: str) -> dict[str, str]:
    facts = bundle.editions.get(edition, {})
    values = {key: str(value) for key, value in facts.items() if isinstance(value, (int, str))}
    values["end_at"] = _players(facts.get("end_at", {}), lang)
    if card:
        found = _cards(bundle).get(card, {}).get("editions", {}).get(edition, {})
        values.update({k: str(v) for k, v in found.get("facts", {}).items()})
    return values


def _cards(bundle) -> dict[str, dict]:
    return {c["id"]: c for c in bundle.characters + bundle.districts}


def _fill(text: str, values: dict[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def card_changes(card: dict) -> dict[str, dict[str, int]]:
    """The rank, cost and copies that differ between the editions: {edition: {what: value}}."""
    sides = card.get("editions", {})
    if not all(e in sides for e in EDITIONS):
        return {}
    changed = [k for k in _CHANGES if sides["classic"].get(k) != sides["2016"].get(k)
               and k in sides["classic"] and k in sides["2016"]]
    return {e: {k: sides[e][k] for k in changed} for e in _SIDES} if changed else {}


def _rule_facts(card: dict, edition: str) -> dict:
    """What the engine reads of a card in an edition, besides its rank, cost and copies."""
    facts = dict(card["editions"][edition])
    for key in ("rank", "cost", "copies", "set", "ability", "short", "sources", "names", "note"):
        facts.pop(key, None)
    return facts


def problems(bundle) -> list[str]:
    """Every way the file contradicts the other data files."""
    out: list[str] = []
    rows = bundle.differences.get("difference", [])
    cards = _cards(bundle)
    known = set(cards) | {i for items in (bundle.faq, bundle.rules) for e in items for i in [e["id"], *e.get("aliases", [])]}
    seen: set[str] = set()
    for row in rows:
        where = f"differences {row.get('id')!r}"
        if row.get("id") in seen:
            out.append(f"{where}: duplicate id")
        seen.add(row.get("id"))
        card = row.get("card")
        if card and not all(e in cards.get(card, {}).get("editions", {}) for e in EDITIONS):
            out.append(f"{where}: {card!r} is not a card of both editions")
        if not card and any(not row.get("what", {}).get(lang) for lang in DATA_LANGS):
            out.append(f"{where}: a row about no card needs `what` in {', '.join(DATA_LANGS)}")
        for side in _SIDES if not row.get("only_in_edition") else ():
            for lang in DATA_LANGS:
                text = row.get(side, {}).get(lang)
                if not text:
                    out.append(f"{where}: no {side} text in {lang}")
                    continue
                values = _values(bundle, side, card, lang)
                missing = [m for m in _PLACEHOLDER.findall(text) if m not in values]
                if missing:
                    out.append(f"{where}: no fact {', '.join(missing)} for {side}")
        out += [f"{where}: unknown rule, FAQ entry or card {ref!r}" for ref in row.get("refs", []) if ref not in known]
    # Every card whose rules the engine reads differently in the two editions has a row: the
    # player who looks it up is told (rank, cost and copies are compared without one).
    listed = {row.get("card") for row in rows} | set(bundle.differences.get("same_rules", []))
    for card_id, card in cards.items():
        if all(e in card.get("editions", {}) for e in EDITIONS) and card_id not in listed \
                and _rule_facts(card, "classic") != _rule_facts(card, "2016"):
            out.append(f"differences: {card_id!r} works differently in the two editions but has no row")
    return out


def rule_ids(bundle) -> set[str]:
    """The ids of the rules `rules` makes (a question may be labelled with them)."""
    if not bundle.differences.get("difference"):
        return set()
    listings = {row["id"] for row in bundle.differences["difference"] if row.get("only_in_edition")}
    return {f"{TOPIC}.overview"} | {f"{TOPIC}.{row['id']}" for row in table_rows(bundle) if row["id"] not in listings}


def table_rows(bundle) -> list[dict]:
    """The rows of the `differences` table, in the file's order, then the cards whose rank, cost
    or copies alone differ."""
    cards = _cards(bundle)
    out = []
    rows = list(bundle.differences.get("difference", []))
    listed = {row.get("card") for row in rows}
    rows += [{"id": card_id, "card": card_id} for card_id, card in cards.items()
             if card_id not in listed and card_changes(card)]
    for position, row in enumerate(rows):
        card = row.get("card")
        record = {"id": row["id"], "position": position, "card": card,
                  "changes": json.dumps(card_changes(cards[card]) if card else {}),
                  "refs": " ".join(row.get("refs", [])),
                  "sources": json.dumps(_sources(bundle, row, cards), ensure_ascii=False)}
        for lang in DATA_LANGS:
            column = lang.replace("-", "_").lower()
            record[f"what_{column}"] = row.get("what", {}).get(lang) or (_name(cards[card], lang) if card else "")
            for side in _SIDES:
                if row.get("only_in_edition"):
                    text = _punct("comma", lang).join(
                        _name(c, lang, side) for c in cards.values() if list(c.get("editions", {})) == [side])
                else:
                    text = _fill(row.get(side, {}).get(lang, ""), _values(bundle, side, card, lang))
                record[f"{'y2016' if side == '2016' else side}_{column}"] = text
        out.append(record)
    return out


def _name(card: dict, lang: str, edition: str | None = None) -> str:
    names = dict(card["names"])
    if edition:
        names.update(card["editions"][edition].get("names", {}))
    return names[lang]


def _sources(bundle, row: dict, cards: dict) -> list[dict]:
    """The sources of what the row refers to, each once: a rule's or an entry's, a card's."""
    by_id = {e["id"]: e for items in (bundle.rules, bundle.faq) for e in items}
    refs = row.get("refs", []) or ([row["card"]] if row.get("card") else [])
    found: list[dict] = list(row.get("sources", []))
    for ref in refs:
        found += by_id.get(ref, {}).get("sources", [])
    if not found:   # a card's own sources only when no rule or ruling says it (they are many)
        for ref in refs:
            for facts in cards.get(ref, {}).get("editions", {}).values():
                found += facts.get("sources", [])[:2]
    from referee.catalog.sources import readable_where

    unique = []
    for source in found:
        # A player reads these: the places in a document a reader can find, not our line numbers.
        source = {k: v for k, v in source.items() if k != "where"} | (
            {"where": readable_where(source["where"])} if readable_where(source.get("where")) else {})
        if source not in unique:
            unique.append(source)
    return unique


def rules(bundle, table: list[dict]) -> list[dict]:
    """The rows as rules of topic "editions" (`editions.ROW`), with an overview, for the search
    and for `referee faq editions.warlord`: the title says what differs, the text each side."""
    overview = bundle.differences.get("overview", {})
    if not table:
        return []
    cards = _cards(bundle)
    asked = bundle.differences.get("asked", {})
    listings = {row["id"] for row in bundle.differences.get("difference", []) if row.get("only_in_edition")}
    # A rule's row has no card names to ask by: it says how players ask for it (「銀行 新舊版」).
    own_asked = {row["id"]: row.get("asked", {}) for row in bundle.differences.get("difference", [])}
    out = [{
        "id": f"{TOPIC}.overview", "topic": TOPIC, "editions": list(EDITIONS),
        # The name issue 18's blind labellers were given for the comparison as a whole.
        "aliases": [f"{TOPIC}.compare"],
        "title": overview.get("title", {}),
        "text": {lang: "\n".join(
            row[f"what_{lang.replace('-', '_').lower()}"] for row in table) for lang in DATA_LANGS},
        "sources": overview.get("sources", []), "asked": overview.get("asked", {}), "keywords": _compares(),
    }]
    for row in table:
        if row["id"] in listings:
            # A list of some thirty card names would make each name a commoner word for the
            # search, and every question naming one of those cards rank worse (王座廳 in 2 人局).
            continue
        column = {lang: lang.replace("-", "_").lower() for lang in DATA_LANGS}
        what = {lang: row[f"what_{column[lang]}"] for lang in DATA_LANGS}
        card = cards.get(row["card"]) if row["card"] else None
        changes = json.loads(row["changes"])
        text = {}
        for lang in DATA_LANGS:
            lines = []
            for side in _SIDES:
                cell = row[f"{'y2016' if side == '2016' else side}_{column[lang]}"]
                change = ", ".join(f"{_diff_word('change.' + k, lang)} {v}" for k, v in changes.get(side, {}).items())
                cell = _punct("semicolon", lang).join(part for part in (change, cell) if part)
                lines.append(f"{_diff_word('side.' + side, lang)}{_punct('colon', lang)}{cell}")
            text[lang] = "\n".join(lines)
        phrasings = {}
        if card:
            for lang in DATA_LANGS:
                names = dict.fromkeys([card["names"][lang], *(e.get("names", {}).get(lang) for e in card["editions"].values())])
                # The names players use too (巫婆新舊版): an alias asks for the card's row as well.
                # Chinese ones once, under zh-Hant (the search folds both scripts alike).
                names.update(dict.fromkeys(
                    a["text"] for a in card.get("aliases", [])
                    if (a["text"].isascii() if lang == "en" else lang == "zh-Hant" and not a["text"].isascii())))
                phrasings[lang] = [template.format(name=name) for name in names if name
                                   for template in asked.get(lang, [])]
        for lang, lines in own_asked.get(row["id"], {}).items():
            phrasings[lang] = phrasings.get(lang, []) + list(lines)
        out.append({
            "id": f"{TOPIC}.{row['id']}", "topic": TOPIC, "editions": list(EDITIONS),
            # "The Keep": an English card name that is an everyday word names the card after "the".
            "title": {lang: _diff_word("title.card" if card else "title.rule", lang, what=what[lang]) for lang in DATA_LANGS},
            "text": text, "sources": json.loads(row["sources"]), "asked": phrasings, "keywords": _compares(),
        })
    return out
