"""Build `referee.db` from the reviewed text files in `data/` and `faq/`.

The database is a derived artefact: it is rebuilt whenever it is missing or older than any
text file, and never edited by hand. The build checks the files against each other (every
card a FAQ entry names exists, every variant a reading selects is defined, ids are unique)
and refuses to write a database from inconsistent data.
"""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from referee import paths
from referee.text import EDITIONS, DATA_LANGS, name_key

SCHEMA_VERSION = "1"

# Where a card's alias is used (data/SCHEMA.md, `characters.toml`): which printed edition or
# rules text, or players, fan code, English or our own translation.
ALIAS_USES = frozenset({"zh-Hant-2016", "zh-Hant-classic", "zh-Hans-rules", "faq-zh", "posts", "code", "en",
                        "other-language", "ours"})


class DataError(Exception):
    """The text files contradict each other or break the schema."""


@dataclass
class Bundle:
    """Everything read from the text files, before it goes into SQLite."""

    characters: list[dict] = field(default_factory=list)
    districts: list[dict] = field(default_factory=list)
    editions: dict = field(default_factory=dict)
    rules: list[dict] = field(default_factory=list)
    variants: list[dict] = field(default_factory=list)
    sources: list[dict] = field(default_factory=list)
    faq: list[dict] = field(default_factory=list)
    casts: list[dict] = field(default_factory=list)
    substitutes: dict = field(default_factory=dict)
    lexicon: dict = field(default_factory=dict)
    questions: list[dict] = field(default_factory=list)   # faq/questions/: how players asked, labelled
    differences: dict = field(default_factory=dict)       # data/differences.toml: the editions compared
    places: list[dict] = field(default_factory=list)      # data/places.toml: the headings citations point to


def _read(path: Path) -> dict:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path}: {error}") from error


_RULE_FILES = ("setup", "draft", "turn", "end", "scoring", "team", "house-rules")


def _rules_file_order(path: Path) -> tuple[int, str]:
    """Rules files in the order of a game: set-up, selection, turn, end, scoring, then the rest."""
    return (_RULE_FILES.index(path.stem) if path.stem in _RULE_FILES else len(_RULE_FILES), path.name)


def load_bundle(data: Path | None = None, faq: Path | None = None, held_out: set[str] = frozenset()) -> Bundle:
    """Everything in the text files; `held_out` names question sets (faq/questions/NAME.toml)
    to leave out, to measure the search on questions it has not indexed."""
    data = data or paths.data_dir()
    faq = faq or paths.faq_dir()
    bundle = Bundle()
    bundle.editions = _read(data / "editions.toml")["edition"]
    if (data / "characters.toml").is_file():
        bundle.characters = _read(data / "characters.toml").get("character", [])
    if (data / "districts.toml").is_file():
        bundle.districts = _read(data / "districts.toml").get("district", [])
    if (data / "casts.toml").is_file():
        casts = _read(data / "casts.toml")
        bundle.casts = casts.get("cast", [])
        bundle.substitutes = casts.get("substitutes", {})
    if (data / "lexicon.toml").is_file():
        bundle.lexicon = _read(data / "lexicon.toml")
    if (data / "differences.toml").is_file():
        bundle.differences = _read(data / "differences.toml")
    if (data / "places.toml").is_file():
        bundle.places = _read(data / "places.toml").get("place", [])
    if (data / "sources.toml").is_file():
        bundle.sources = _read(data / "sources.toml").get("source", [])
    for path in sorted((data / "rules").glob("*.toml"), key=_rules_file_order):
        for rule in _read(path).get("rule", []):
            rule["_file"] = path.name
            bundle.rules.append(rule)
    for path in sorted((data / "variants").glob("*.toml")):
        for variant in _read(path).get("variant", []):
            variant["_file"] = path.name
            bundle.variants.append(variant)
    for path in sorted(faq.glob("*.toml")):
        for entry in _read(path).get("entry", []):
            entry["_file"] = path.name
            bundle.faq.append(entry)
    for path in sorted((faq / "questions").glob("*.toml")):
        if path.stem not in held_out:
            for question in _read(path).get("query", []):
                question["_file"] = path.name
                bundle.questions.append(question)
    return bundle


def _duplicates(ids: list[str]) -> list[str]:
    seen: set[str] = set()
    return sorted({i for i in ids if i in seen or seen.add(i)})


def validate(bundle: Bundle) -> list[str]:
    """Every inconsistency between the files, as readable lines (empty when all is well)."""
    from referee import differences

    problems: list[str] = []
    card_ids = [c["id"] for c in bundle.characters] + [d["id"] for d in bundle.districts]
    for kind, ids in (
        ("card", card_ids),
        ("rule", [i for r in bundle.rules for i in [r["id"], *r.get("aliases", [])]]),
        ("variant", [i for v in bundle.variants for i in [v["id"], *v.get("aliases", [])]]),
        ("faq entry", [i for e in bundle.faq for i in [e["id"], *e.get("aliases", [])]]),
        ("source", [s["id"] for s in bundle.sources]),
    ):
        for dup in _duplicates(ids):
            problems.append(f"duplicate {kind} id {dup!r}")
    problems += _shared_ids(bundle, card_ids)
    known_cards = set(card_ids)
    known_variants = {v["id"] for v in bundle.variants}
    for card in bundle.characters + bundle.districts:
        for edition in card.get("editions", {}):
            if edition not in EDITIONS:
                problems.append(f"card {card['id']}: unknown edition {edition!r}")
        for lang in DATA_LANGS:
            if lang not in card.get("names", {}):
                problems.append(f"card {card['id']}: no {lang} name")
    for card in bundle.characters + bundle.districts:
        for alias in card.get("aliases", []):
            text = alias if isinstance(alias, str) else alias["text"]
            used = [] if isinstance(alias, str) else alias.get("used", [])
            if not used or set(used) - ALIAS_USES:
                problems.append(f"card {card['id']}: alias {text!r} must say where it is used"
                                f" (used = one or more of {', '.join(sorted(ALIAS_USES))})")
    for entry in bundle.faq:
        for card in entry.get("cards", []):
            if card not in known_cards:
                problems.append(f"faq {entry['id']}: unknown card {card!r}")
        for reading in entry.get("readings", []):
            variant = reading.get("variant")
            if variant and variant not in known_variants:
                problems.append(f"faq {entry['id']}: unknown variant {variant!r}")
        restated = entry.get("restates")
        if restated is not None and restated not in {r["id"] for r in bundle.rules}:
            problems.append(f"faq {entry['id']}: restates an unknown rule {restated!r}")
        engine = entry.get("engine")
        if engine is not None and engine != "checked" and not str(engine).startswith("cannot decide: "):
            problems.append(f"faq {entry['id']}: engine must be \"checked\" or \"cannot decide: WHY\", not {engine!r}")
        for part in ("question", "answer"):
            for lang in DATA_LANGS:
                if not entry.get(part, {}).get(lang):
                    problems.append(f"faq {entry['id']}: {part} has no {lang} text")
    problems += _cast_problems(bundle)
    problems += differences.problems(bundle)
    documents = set(card_ids) | {i for items in (bundle.faq, bundle.rules) for e in items
                                 for i in [e["id"], *e.get("aliases", [])]} | differences.rule_ids(bundle)
    for question in bundle.questions:
        expect = question.get("expect", [])
        for ident in [expect] if isinstance(expect, str) else expect:
            if ident not in documents:
                problems.append(f"{question['_file']}: {question['q']!r} expects an unknown document {ident!r}")
        if question.get("lang") not in DATA_LANGS:
            problems.append(f"{question['_file']}: {question['q']!r} has no lang (en, zh-Hant or zh-Hans)")
    for rule in bundle.rules:
        variant = rule.get("variant")
        if variant and variant not in known_variants:
            problems.append(f"rule {rule['id']}: unknown variant {variant!r}")
    return problems


def _shared_ids(bundle: Bundle, card_ids: list[str]) -> list[str]:
    """An id (or a former id) that names things of two kinds: `referee faq ID` would open one of
    them and a citation (`referee ask`, a hit's JSON) could mean either."""
    from referee import differences

    generated = differences.rules(bundle, differences.table_rows(bundle)) if bundle.differences else []
    kinds: dict[str, set[str]] = {}
    for kind, items in (("rule", [*bundle.rules, *generated]), ("variant", bundle.variants), ("faq entry", bundle.faq)):
        for item in items:
            for ident in [item["id"], *item.get("aliases", [])]:
                kinds.setdefault(ident, set()).add(kind)
    for ident in card_ids:
        kinds.setdefault(ident, set()).add("card")
    return [f"the id {ident!r} names a {' and a '.join(sorted(found))}"
            for ident, found in sorted(kinds.items()) if len(found) > 1]


def _cast_problems(bundle: Bundle) -> list[str]:
    """A preset must be what the rulebook prints: ranks 1-8 in order, an optional rank 9, and
    the edition's number of distinct unique districts, all cards of its edition."""
    problems: list[str] = []
    ranks = {(c["id"], ed): facts["rank"] for c in bundle.characters for ed, facts in c.get("editions", {}).items()}
    uniques = {(d["id"], ed) for d in bundle.districts if d.get("type") == "unique" for ed in d.get("editions", {})}
    for cast in bundle.casts:
        where, edition = f"cast {cast.get('id')}", cast.get("edition")
        if edition not in bundle.editions:
            problems.append(f"{where}: unknown edition {edition!r}")
            continue
        for lang in DATA_LANGS:
            if not cast.get("names", {}).get(lang) or not cast.get("about", {}).get(lang):
                problems.append(f"{where}: no {lang} name or description")
        characters = cast.get("characters", [])
        if [ranks.get((c, edition)) for c in characters] != list(range(1, 9)):
            problems.append(f"{where}: characters must be one of each rank 1-8 of the {edition} edition, in order")
        if cast.get("rank9") and ranks.get((cast["rank9"], edition)) != 9:
            problems.append(f"{where}: rank9 {cast['rank9']!r} is not a rank 9 character of the {edition} edition")
        chosen = cast.get("uniques", [])
        wanted = int(bundle.editions[edition]["uniques_in_deck"])
        if len(set(chosen)) != len(chosen) or len(chosen) != wanted:
            problems.append(f"{where}: needs {wanted} different unique districts, has {len(set(chosen))}")
        problems += [f"{where}: {d!r} is not a unique district of the {edition} edition"
                     for d in chosen if (d, edition) not in uniques]
    for character, options in bundle.substitutes.items():
        if any(ranks.get((o, "2016"), 0) == 0 for o in [character, *options]):
            problems.append(f"substitutes: unknown character among {character}, {', '.join(options)}")
    return problems


# --- rows -----------------------------------------------------------------------------------


def _texts(prefix: str, text: dict | None) -> dict:
    text = text or {}
    return {f"{prefix}_{lang.replace('-', '_').lower()}": text.get(lang) for lang in DATA_LANGS}


def _names_for(card: dict, edition: str) -> dict:
    names = dict(card["names"])
    names.update(card["editions"][edition].get("names", {}))
    return names


_CHARACTER_DEFAULTS = {
    "income": None,
    "income_kind": "gold",
    "build_limit": 1,
    "extra_gold": 0,
    "extra_cards": 0,
    "can_build": True,
    "min_players": 2,
    "excluded_players": [],
    "neighbour_gold": 0,
}


def card_rows(bundle: Bundle) -> list[dict]:
    rows = []
    for kind, cards in (("character", bundle.characters), ("district", bundle.districts)):
        for card in cards:
            for edition, facts in card.get("editions", {}).items():
                names = _names_for(card, edition)
                row = {
                    "id": card["id"],
                    "edition": edition,
                    "kind": kind,
                    "name": names["en"],
                    "name_zh_hant": names["zh-Hant"],
                    "name_zh_hans": names["zh-Hans"],
                    "rank": facts.get("rank"),
                    "type": card.get("type"),
                    "cost": facts.get("cost"),
                    "copies": facts.get("copies"),
                    "card_set": facts.get("set"),
                    **_texts("ability", facts.get("ability")),
                    **_texts("short", facts.get("short")),     # the ability in a line (the printed sheet)
                    "sources": json.dumps(facts.get("sources", []) + card.get("sources", []), ensure_ascii=False),
                    "note": facts.get("note") or card.get("note"),
                }
                if kind == "character":
                    engine = {key: facts.get(key, default) for key, default in _CHARACTER_DEFAULTS.items()}
                    engine["facts"] = dict(facts.get("facts", {}))   # an ability's own parameters
                else:
                    engine = dict(facts.get("facts", {}))
                row["facts"] = json.dumps(engine, ensure_ascii=False)
                rows.append(row)
    return rows


def alias_rows(bundle: Bundle, convert) -> list[dict]:
    """One row per (lookup key, card, edition), with a priority: canonical names of the edition
    beat aliases meant for the edition, which beat aliases from any source."""
    rows: dict[tuple, dict] = {}

    def add(text: str, card: str, kind: str, edition: str, priority: int, note: str | None,
            used: str = "printed") -> None:
        for form in {text, convert("t2s", text), convert("s2t", text)}:
            key = name_key(form)
            if not key:
                continue
            slot = (key, card, edition)
            if slot not in rows or rows[slot]["priority"] > priority:
                rows[slot] = {"key": key, "text": form, "card_id": card, "kind": kind,
                              "edition": edition, "priority": priority, "note": note, "used": used}

    for kind, cards in (("character", bundle.characters), ("district", bundle.districts)):
        for card in cards:
            editions = list(card.get("editions", {}))
            for edition in editions:
                for name in _names_for(card, edition).values():
                    add(name, card["id"], kind, edition, 0, None)
                add(card["id"], card["id"], kind, edition, 0, None)
                for other in card["names"].values():   # names of another edition still mean it
                    add(other, card["id"], kind, edition, 1, None)
            for alias in card.get("aliases", []):
                alias = {"text": alias} if isinstance(alias, str) else alias
                scoped = alias.get("editions")
                for edition in editions:
                    priority = 1 if scoped and edition in scoped else 2
                    if scoped and edition not in scoped:
                        priority = 3   # the alias means this card in another edition only
                    add(alias["text"], card["id"], kind, edition, priority, alias.get("note"),
                        " ".join(alias.get("used", [])))
    return list(rows.values())


def rule_rows(bundle: Bundle, generated: list[dict] = ()) -> list[dict]:
    """The rules of the files, then those made from other data (`generated`: the editions compared)."""
    return [
        {
            "id": rule["id"],
            "position": position,     # the reviewed files' reading order
            "topic": rule.get("topic", ""),
            "editions": " ".join(rule.get("editions", EDITIONS)),
            "players": " ".join(str(p) for p in rule.get("players", [])),
            "variant": rule.get("variant"),
            "aliases": " ".join(rule.get("aliases", [])),
            "keywords": " ".join(rule.get("keywords", [])),
            "asked": json.dumps(rule.get("asked", {}), ensure_ascii=False),
            **_texts("title", rule.get("title")),
            **_texts("text", rule.get("text")),
            "sources": json.dumps(rule.get("sources", []), ensure_ascii=False),
        }
        for position, rule in enumerate([*bundle.rules, *generated])
    ]


def variant_rows(bundle: Bundle) -> list[dict]:
    return [
        {
            "id": v["id"],
            "editions": " ".join(v.get("editions", EDITIONS)),
            "aliases": " ".join(v.get("aliases", [])),
            **_texts("title", v.get("title")),
            **_texts("text", v.get("text")),
            "sources": json.dumps(v.get("sources", []), ensure_ascii=False),
        }
        for v in bundle.variants
    ]


def faq_rows(bundle: Bundle) -> list[dict]:
    return [
        {
            "id": e["id"],
            "file": e["_file"],
            "editions": " ".join(e.get("editions", EDITIONS)),
            "cards": " ".join(e.get("cards", [])),
            **_texts("q", e.get("question")),
            **_texts("a", e.get("answer")),
            "keywords": " ".join(e.get("keywords", [])),
            "asked": json.dumps(e.get("asked", {}), ensure_ascii=False),
            "aliases": " ".join(e.get("aliases", [])),
            "restates": e.get("restates"),     # the rule this entry asks as a question
            "sources": json.dumps(e.get("sources", []), ensure_ascii=False),
            "readings": json.dumps(e.get("readings", []), ensure_ascii=False),
            # Holds only under a house-rule variant: no reading is any edition's default.
            "house_only": int(bool(e.get("readings")) and all(not r.get("default_for") for r in e["readings"])),
            # "checked" (the engine checks it), "cannot decide: WHY", or None (not yet asked).
            "engine": e.get("engine"),
        }
        for e in bundle.faq
    ]


def cast_rows(bundle: Bundle) -> list[dict]:
    return [
        {
            "id": cast["id"],
            "position": position,
            "edition": cast["edition"],
            **_texts("name", cast["names"]),
            **_texts("about", cast["about"]),
            "aliases": json.dumps(cast.get("aliases", []), ensure_ascii=False),
            "characters": " ".join(cast["characters"]),
            "rank9": cast.get("rank9"),
            "uniques": " ".join(cast["uniques"]),
            "sources": json.dumps(cast.get("sources", []), ensure_ascii=False),
        }
        for position, cast in enumerate(bundle.casts)
    ]


# The Chinese characters `text.has_cjk` knows (CJK Unified Ideographs, Extension A and the
# compatibility block): every one of them, not only the corpus's, may be typed (週 of 週日).
_CJK_BLOCKS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))


def char_script_rows(conn, convert) -> list[dict]:
    """Which script each Chinese character belongs to — of the corpus and of every block a
    player types in —, so that telling a player's script needs no OpenCC at query time (OpenCC's
    tables would cost every command that reads Chinese its start-up). Characters common to both
    are left out."""
    from referee.text import has_cjk

    chars: set[str] = {chr(code) for first, last in _CJK_BLOCKS for code in range(first, last + 1)}
    for table in ("cards", "aliases", "rules", "faq"):
        for row in conn.execute(f"SELECT * FROM {table}"):
            for value in row:
                if isinstance(value, str) and has_cjk(value):
                    chars.update(value)
    chars = sorted(c for c in chars if has_cjk(c))

    def each(direction: str) -> list[str]:
        # One conversion of all the characters, a line each (OpenCC's phrases never span lines):
        # a character's conversion alone, as if converted by itself.
        converted = convert(direction, "\n".join(chars)).split("\n")
        return converted if len(converted) == len(chars) else [convert(direction, c) for c in chars]

    rows = []
    for char, simplified, traditional in zip(chars, each("t2s"), each("s2t")):
        if simplified != char:
            rows.append({"char": char, "script": "zh-Hant"})
        elif traditional != char:
            rows.append({"char": char, "script": "zh-Hans"})
    return rows


def build(target: Path | None = None, bundle: Bundle | None = None) -> Path:
    """Write a fresh database atomically; a failed build leaves the old one in place."""
    import sqlite_utils

    from referee import chinese

    bundle = bundle or load_bundle()
    problems = validate(bundle)
    if problems:
        raise DataError("; ".join(problems[:20]) + (f" (+{len(problems) - 20} more)" if len(problems) > 20 else ""))
    target = target or paths.db_path()
    target.parent.mkdir(parents=True, exist_ok=True)

    def convert(direction: str, text: str) -> str:
        return chinese.to_simplified(text) if direction == "t2s" else chinese.to_traditional(text)

    place_rows = _place_rows(bundle, convert)

    handle, temp = tempfile.mkstemp(prefix=".referee-", suffix=".db", dir=target.parent)
    os.close(handle)
    try:
        db = sqlite_utils.Database(temp)
        db["cards"].insert_all(card_rows(bundle), pk=("id", "edition"))
        db["cards"].create_index(["kind", "edition"])
        db["aliases"].insert_all(alias_rows(bundle, convert))
        db["aliases"].create_index(["key", "edition"])
        # What differs between the editions: its table, and each row but the lists of cards as a rule the search finds.
        from referee import differences

        compared = differences.table_rows(bundle)
        if compared:
            db["differences"].insert_all(compared, pk="id")
        generated = differences.rules(bundle, compared)
        db["rules"].insert_all(rule_rows(bundle, generated), pk="id")
        db["variants"].insert_all(variant_rows(bundle), pk="id")
        db["sources"].insert_all(
            [{"id": s["id"], **_texts("name", s.get("name")), "title": s.get("title"), "url": s.get("url"),
              "editions": " ".join(s.get("editions", [])),       # blank: a document of both editions
              "links": json.dumps(s.get("links", {}), ensure_ascii=False)} for s in bundle.sources],
            pk="id",
        )
        db["places"].create({"source": str, "place": str, **{c: str for c in _texts("text", {})}},
                            pk=("source", "place"))
        db["places"].insert_all(place_rows)
        db["editions"].insert_all(
            [{"id": k, "facts": json.dumps(v, ensure_ascii=False)} for k, v in bundle.editions.items()], pk="id"
        )
        db["casts"].insert_all(cast_rows(bundle), pk="id")
        db["cast_substitutes"].insert_all(
            [{"character": c, "substitute": s, "position": i}
             for c, options in bundle.substitutes.items() for i, s in enumerate(options)])
        # Old ids of renamed or merged entries, rules and variants: they still open what they named.
        db["id_aliases"].create({"alias": str, "kind": str, "id": str}, pk=("kind", "alias"))
        db["id_aliases"].insert_all(
            [{"alias": a, "kind": kind, "id": item["id"]}
             for kind, items in (("faq", bundle.faq), ("rule", [*bundle.rules, *generated]), ("variant", bundle.variants))
             for item in items for a in item.get("aliases", [])])
        faq = faq_rows(bundle)
        if faq:
            db["faq"].insert_all(faq, pk="id")
            # One row per (entry, card) and (entry, edition): counts per card and per edition are
            # a GROUP BY away (datasette, sqlite-utils), and --card/--edition filters use them.
            db["faq_cards"].insert_all(
                [{"faq_id": e["id"], "card_id": c} for e in bundle.faq for c in e.get("cards", [])])
            db["faq_cards"].create_index(["card_id"])
            db["faq_editions"].insert_all(
                [{"faq_id": e["id"], "edition": ed} for e in bundle.faq for ed in e.get("editions", EDITIONS)])
        from referee.search.index import index_search

        index_search(db.conn, convert, bundle.lexicon, bundle.questions)
        db["char_scripts"].insert_all(char_script_rows(db.conn, convert), pk="char")
        # Each edition's rulebook as the engine is handed it, in one JSON value (catalog/facts.py).
        from referee.catalog.facts import rulebook_data

        db["rulebooks"].insert_all([{"edition": edition, "data": json.dumps(rulebook_data(db.conn, edition), ensure_ascii=False)}
                                    for edition in EDITIONS if edition in bundle.editions], pk="edition")
        db["meta"].insert_all([{"key": "schema", "value": SCHEMA_VERSION}], pk="key")
        db.conn.commit()
        db.conn.close()
        os.replace(temp, target)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
    return target


def _place_rows(bundle: Bundle, convert) -> list[dict]:
    """Each place a citation points to, said in every language (referee/places.py); a place that
    cannot be is refused, as a reader would see it in a language they may not read."""
    from referee import places

    editions = {s["id"]: s.get("editions", []) for s in bundle.sources}
    refs = places.every_ref([bundle.characters, bundle.districts, bundle.rules, bundle.variants, bundle.faq,
                             bundle.casts, bundle.differences])
    translator = places.Translator(bundle.places, bundle.characters + bundle.districts, convert)

    def edition_of(source: str) -> str | None:
        found = editions.get(source, [])
        return found[0] if len(found) == 1 else None

    rows, problems = places.place_rows(refs, translator, edition_of)
    if problems:
        raise DataError("; ".join(problems[:20]) + (f" (+{len(problems) - 20} more)" if len(problems) > 20 else ""))
    return rows


def register() -> None:
    """Let the catalog build the database on first use and whenever a text file is newer
    (`referee.catalog.db` sits below this module and never imports it)."""
    from referee.catalog.db import set_builder

    set_builder(build)
