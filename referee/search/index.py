"""The search tables, written at database build time: one index over everything a player may ask
about — FAQ entries, rules and card texts.

Everything that needs OpenCC or pypinyin is computed here, once, so that a query needs neither:

- `search_chars`   every CJK character of the corpus and of the card names, plus every character
                   pypinyin knows: its Simplified form (character by character) and its toneless
                   readings. Queries fold through it.
- `search_pinyin`  reading → character (and whether it is the character's usual reading), for the characters the corpus uses (the candidates when a
                   query character is a same-sounding slip: 回盒 → 回合).
- `search_vocab`   every term of the corpus and of the card names with its document frequency
                   (a query bigram that is not in it is a candidate for repair; an English word
                   that is not in it, for spelling repair).
- `search_names`   the card aliases, folded like the queries, for card-name detection (and, as
                   a query reads them, in one JSON value per edition: `search_names_packed`).
- `search_lexicon` data/lexicon.toml folded: concepts, question forms, empty words (and, shaped
                   as a query reads them, in one JSON value: `search_lexicon_packed`).
- `search_docs`    one row per document: kind (faq, rule, card), id, cards, editions, the card it
                   is about (subject) and the card that acts in its question (actor), the forms
                   of its question, the cards its question says something is done to ("the
                   King was assassinated"), whether it holds only under a house rule, and its question
                   or title folded for the fuzzy matcher, with the ways players ask for it (its
                   `asked` phrasings and the questions of faq/questions/ labelled with it), one a
                   line: in English its words (`en`), in Chinese its character pairs (`zh_pairs`).
- `search_fts`     FTS5 over the folded terms (Chinese bigrams, stemmed English words) and the
                   concepts of each document, one column per part, ranked with bm25().
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter

from referee.search.lexicon import Lexicon, concept_term, lexicon_rows, shaped
from referee.search.normalise import CJK, compact, fold, likeness_words, pairs, terms, words

_LANG_COLUMNS = ("en", "zh_hant", "zh_hans")


def _toneless(reading: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFD", reading) if not unicodedata.combining(c))
    return plain.replace("ü", "v")


def _char_table(conn, convert, corpus_chars: set[str]) -> dict[str, str]:
    """Write `search_chars` and `search_pinyin`; return the Traditional → Simplified map."""
    from pypinyin.pinyin_dict import pinyin_dict

    known = {chr(code): value for code, value in pinyin_dict.items() if CJK.match(chr(code))}
    chars = sorted(set(known) | corpus_chars)
    # One character per line: OpenCC converts phrases, and a line break ends every phrase.
    simp = convert("t2s", "\n".join(chars)).split("\n")
    simplify: dict[str, str] = {}
    rows = []
    for char, s in zip(chars, simp):
        s = s if len(s) == 1 else char
        if s != char:
            simplify[char] = s
        # In pypinyin's order, the usual reading first (前 is qian, and only rarely jian).
        readings = list(dict.fromkeys(_toneless(r) for r in known.get(char, "").split(",") if r))
        rows.append((char, s, " ".join(readings)))
    conn.execute("CREATE TABLE search_chars (char TEXT PRIMARY KEY, simp TEXT, pinyin TEXT) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_chars VALUES (?, ?, ?)", rows)
    readings_of = {char: pinyin.split() for char, _, pinyin in rows}
    folded_corpus = {simplify.get(c, c) for c in corpus_chars}
    # usual: 1 when the reading is the character's first (钱 is qian; 不 is fu only rarely).
    pairs = sorted({(r, c, int(n == 0)) for c in folded_corpus for n, r in enumerate(readings_of.get(c, []))})
    conn.execute("CREATE TABLE search_pinyin (pinyin TEXT, char TEXT, usual INTEGER, PRIMARY KEY (pinyin, char))"
                 " WITHOUT ROWID")
    conn.executemany("INSERT INTO search_pinyin VALUES (?, ?, ?)", pairs)
    return simplify


def _texts(row: dict, prefix: str) -> str:
    return " ".join(row[f"{prefix}_{c}"] or "" for c in _LANG_COLUMNS)


class _Doc:
    """A document before indexing: its parts as raw text, and what the search needs to know of it."""

    def __init__(self, kind, ident, question, keywords, answer, readings, cards, editions, subject,
                 house, q_en, q_zh, asked=None):
        self.kind, self.id = kind, ident
        # `asked`: how players ask for this document (language → phrasings; see data/SCHEMA.md).
        self.asked = asked or {}
        self.heard: dict[str, list[str]] = {}   # questions players asked (faq/questions/), by language
        phrasings = " ".join(p for ps in self.asked.values() for p in ps)
        self.parts = {"question": question, "keywords": keywords, "answer": answer, "readings": readings,
                      "asked": phrasings}
        self.cards, self.editions, self.subject, self.house = cards, editions, subject, house
        self.q_en, self.q_zh = q_en, q_zh
        self.restates: str | None = None   # a FAQ entry's rule it asks as a question


def _faq_docs(conn) -> list[_Doc]:
    cols = ["id", "cards", "editions", "house_only", "keywords", "readings", "asked", "restates",
            *(f"q_{c}" for c in _LANG_COLUMNS), *(f"a_{c}" for c in _LANG_COLUMNS)]
    docs = []
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'faq'").fetchone():
        return docs
    for values in conn.execute(f"SELECT {', '.join(cols)} FROM faq ORDER BY id"):
        row = dict(zip(cols, values))
        cards = row["cards"].split()
        head = row["id"].split(".")[0]
        readings = " ".join(" ".join((r.get("text") or {}).values()) for r in json.loads(row["readings"] or "[]"))
        docs.append(_Doc("faq", row["id"], _texts(row, "q"), row["keywords"] or "", _texts(row, "a"), readings,
                         cards, row["editions"].split(), head if head in cards else None,
                         bool(row["house_only"]), row["q_en"] or "", row["q_zh_hans"] or "",
                         json.loads(row["asked"] or "{}")))
        docs[-1].restates = row["restates"]
    return docs


def _rule_docs(conn) -> list[_Doc]:
    cols = ["id", "topic", "editions", "variant", "keywords", "asked", *(f"title_{c}" for c in _LANG_COLUMNS),
            *(f"text_{c}" for c in _LANG_COLUMNS)]
    docs = []
    for values in conn.execute(f"SELECT {', '.join(cols)} FROM rules ORDER BY position"):
        row = dict(zip(cols, values))
        docs.append(_Doc("rule", row["id"], _texts(row, "title"), row["keywords"] or "", _texts(row, "text"), "",
                         [], row["editions"].split(), None, row["variant"] is not None,
                         row["title_en"] or "", row["title_zh_hans"] or "", json.loads(row["asked"] or "{}")))
    return docs


def _card_docs(conn) -> list[_Doc]:
    by_id: dict[str, dict] = {}
    for card_id, edition, name, hant, hans, a_en, a_hant, a_hans in conn.execute(
            "SELECT id, edition, name, name_zh_hant, name_zh_hans, ability_en, ability_zh_hant, ability_zh_hans"
            " FROM cards ORDER BY id, edition"):
        card = by_id.setdefault(card_id, {"editions": [], "names": [], "abilities": [], "en": name, "zh": hans})
        card["editions"].append(edition)
        card["names"] += [name, hant, hans]
        card["abilities"] += [a or "" for a in (a_en, a_hant, a_hans)]
    for card_id, text in conn.execute("SELECT card_id, text FROM aliases"):
        if card_id in by_id:
            by_id[card_id]["names"].append(text)
    return [
        _Doc("card", card_id, " ".join(dict.fromkeys(c["names"])), "", " ".join(dict.fromkeys(c["abilities"])), "",
             [card_id], c["editions"], card_id, False, c["en"], c["zh"])
        for card_id, c in by_id.items()
    ]


def _generic(lex: Lexicon, question: str, name_words: set[str]) -> bool:
    """Whether an English question names only a card and asks how it works or scores."""
    content = lex.content(fold(question))
    return all(t in name_words or lex.is_stop(t) or t in ("work", "scor", "doe")
               for t in terms(content))


def _index_cards_and_concepts(conn) -> None:
    """What a query needs of the whole corpus, computed once here so that a search reads only its
    candidates: the documents about each card, and each concept's inverse document frequency."""
    import math

    rows = conn.execute("SELECT key, cards, asked, answered FROM search_docs").fetchall()
    conn.execute("CREATE TABLE search_doc_cards (card TEXT, key TEXT, PRIMARY KEY (card, key)) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_doc_cards VALUES (?, ?)",
                     [(card, key) for key, cards, _, _ in rows for card in dict.fromkeys(cards.split())])
    df: Counter[str] = Counter()
    for _, _, asked, answered in rows:
        df.update(set(asked.split()) | set(answered.split()))
    conn.execute("CREATE TABLE search_concept_idf (concept TEXT PRIMARY KEY, idf REAL) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_concept_idf VALUES (?, ?)",
                     [(c, math.log(1 + len(rows) / n)) for c, n in sorted(df.items())])


def _add_questions(docs: list[_Doc], questions: list[dict], renamed: dict[str, str]) -> None:
    """Each question players asked (faq/questions/) becomes one more way of asking for every
    document labelled as its answer, as if the document's `asked` listed it."""
    by_id: dict[str, list[_Doc]] = {}
    for doc in docs:
        by_id.setdefault(doc.id, []).append(doc)
    # A FAQ entry that restates a rule is asked for as the rule is (they shared an id once).
    for doc in docs:
        if doc.restates:
            by_id.setdefault(doc.restates, []).append(doc)
    for question in questions:
        expect = question.get("expect", [])
        for ident in dict.fromkeys(renamed.get(e, e) for e in ([expect] if isinstance(expect, str) else expect)):
            for doc in by_id.get(ident, []):
                doc.heard.setdefault(question["lang"], []).append(question["q"])
    for doc in docs:
        doc.parts["heard"] = " ".join(q for qs in doc.heard.values() for q in qs)


def index_search(conn, convert, lexicon: dict, questions: list[dict] = ()) -> None:
    from referee.search.cards import detect_cards, name_table, undergoing

    docs = _faq_docs(conn) + _rule_docs(conn) + _card_docs(conn)
    _add_questions(docs, list(questions), dict(conn.execute("SELECT alias, id FROM id_aliases")))
    aliases = conn.execute("SELECT key, text, card_id, edition, priority FROM aliases").fetchall()

    corpus_chars: set[str] = set()
    for doc in docs:
        for text in doc.parts.values():
            corpus_chars.update(CJK.findall(unicodedata.normalize("NFKC", text)))
    for key, text, *_ in aliases:
        corpus_chars.update(CJK.findall(key + text))
    for table in ("concept", "form", "edition"):
        for item in lexicon.get(table, []):
            for lang in ("zh-Hant", "zh-Hans"):
                corpus_chars.update(CJK.findall("".join(item.get(lang, []))))
    corpus_chars.update(CJK.findall("".join(t for pair in lexicon.get("spoken", {}).get("zh", []) for t in pair)))
    simplify = _char_table(conn, convert, corpus_chars)

    lex_rows = lexicon_rows(lexicon, simplify)
    conn.execute("CREATE TABLE search_lexicon (form TEXT, script TEXT, kind TEXT, id TEXT)")
    conn.executemany("INSERT INTO search_lexicon VALUES (?, ?, ?, ?)", lex_rows)
    # The same, shaped as a Lexicon reads it, in one JSON value (lexicon.load): a query needs
    # the lexicon whole, and reading 1,400 rows through sqlite3 cost it some 10 M instructions.
    tables = shaped(lex_rows)
    conn.execute("CREATE TABLE search_lexicon_packed (tables TEXT)")
    conn.execute("INSERT INTO search_lexicon_packed VALUES (?)", (json.dumps(tables, ensure_ascii=False),))
    lex = Lexicon(tables)

    names: dict[tuple, int] = {}
    for key, text, card_id, edition, priority in aliases:
        slot = (fold(key, simplify), card_id, edition)
        if slot not in names or names[slot] > priority:
            names[slot] = priority
    conn.execute(
        "CREATE TABLE search_names (key TEXT, card_id TEXT, edition TEXT, priority INTEGER,"
        " PRIMARY KEY (key, card_id, edition)) WITHOUT ROWID"
    )
    conn.executemany("INSERT INTO search_names VALUES (?, ?, ?, ?)", [(*slot, p) for slot, p in names.items()])
    # The same for each edition and for every edition (""), as a query reads them (cards.names),
    # in one JSON value each, read in the table's own order.
    conn.execute("CREATE TABLE search_names_packed (edition TEXT PRIMARY KEY, names TEXT) WITHOUT ROWID")
    for edition in ("", *sorted({slot[2] for slot in names})):
        rows = conn.execute("SELECT key, card_id, priority FROM search_names" + (" WHERE edition = ?" if edition else ""),
                            (edition,) if edition else ())
        conn.execute("INSERT INTO search_names_packed VALUES (?, ?)",
                     (edition, json.dumps(name_table(rows), ensure_ascii=False)))
    name_map = name_table((key, card, priority) for (key, card, _), priority in names.items())

    conn.execute(
        "CREATE VIRTUAL TABLE search_fts USING fts5(key UNINDEXED, question, keywords, answer, readings, concepts, asked,"
        " tokenize='unicode61 remove_diacritics 0')"
    )
    conn.execute(
        "CREATE TABLE search_docs (key TEXT PRIMARY KEY, kind TEXT, id TEXT, cards TEXT, editions TEXT,"
        " subject TEXT, actor TEXT, forms TEXT, asked TEXT, answered TEXT, house INTEGER, en TEXT, zh_pairs TEXT,"
        " undergoes TEXT) WITHOUT ROWID"
    )
    df: Counter[str] = Counter()
    name_words = {t for (name,) in conn.execute("SELECT name FROM cards") for t in terms(fold(name))}
    for doc in docs:
        if doc.kind == "rule":   # the cards a rule's title names (國王 in "the King is never discarded")
            doc.cards = list(detect_cards(fold(doc.q_en, simplify), name_map, lex=lex))
        # The ways players ask are read as a query is, colloquial forms in written words (冇 → 沒有).
        cut = {part: terms(lex.standard(fold(text, simplify)) if part in ("asked", "heard") else fold(text, simplify))
               for part, text in doc.parts.items()}
        if doc.kind == "faq" and _generic(lex, doc.q_en, name_words):
            # "How does the Poor House work?" says nothing of what it does: its answer does.
            cut["keywords"] += cut["answer"]
        # Keywords hold the typos people make (黃冠, 回盒), and so do the questions players asked:
        # they count as matches, not as usage (a typo the corpus "uses" would never be mended).
        df.update(set(t for part, ts in cut.items() if part not in ("keywords", "heard") for t in ts))
        cut["asked"] += cut.pop("heard", [])
        question = fold(doc.parts["question"], simplify)
        asked = lex.concepts(question + " " + fold(doc.parts["keywords"], simplify), name_map)
        answered = lex.concepts(fold(doc.parts["answer"], simplify), name_map)
        # The concepts of the ways players ask count as the answer's do: they say what the
        # document is about in more words than its one question, but were not written by its author.
        answered += [c for c in lex.concepts(lex.standard(fold(doc.parts["asked"] + " " + doc.parts.get("heard", ""), simplify)), name_map)
                     if c not in asked and c not in answered]
        cut["answer"] += [concept_term(c) for c in answered]
        cut["concepts"] = [concept_term(c) for c in asked]
        key = f"{doc.kind}:{doc.id}"
        conn.execute(
            "INSERT INTO search_fts (key, question, keywords, answer, readings, concepts, asked) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, *(" ".join(cut[p]) for p in ("question", "keywords", "answer", "readings", "concepts", "asked"))),
        )
        actor = doc.subject if doc.kind == "card" else next(iter(detect_cards(fold(doc.q_en, simplify), name_map, lex=lex)), None)
        forms = lex.head_forms(fold(doc.q_en, simplify)) + lex.forms(fold(doc.q_zh, simplify), name_map)
        # The cards its question says something is done to (the King "was assassinated").
        undergoes = (set() if doc.kind == "card" else
                     undergoing(fold(doc.q_en, simplify), name_map, lex) | undergoing(fold(doc.q_zh, simplify), name_map, lex))
        conn.execute("INSERT INTO search_docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (
            key, doc.kind, doc.id, " ".join(doc.cards), " ".join(doc.editions), doc.subject, actor,
            " ".join(dict.fromkeys(forms)), " ".join(asked), " ".join(answered), int(doc.house),
            # The question and each way players ask it, one per line: the query is compared with each.
            "\n".join(" ".join(likeness_words(fold(text))) for text in [doc.q_en, *doc.asked.get("en", []), *doc.heard.get("en", [])]),
            "\n".join(" ".join(sorted(pairs(compact(lex.standard(fold(text, simplify)), "")))) for text in
                      [doc.q_zh, *(q for lang in ("zh-Hant", "zh-Hans") for q in (*doc.asked.get(lang, []), *doc.heard.get(lang, [])))]),
            " ".join(sorted(undergoes)),
        ))

    _index_cards_and_concepts(conn)
    for key, text, *_ in aliases:
        for term in terms(fold(text, simplify)):
            df[term] += 0   # a card name is a known word even when no document uses it
    # So is an English word of a question players asked without a deliberate typo ("heard",
    # "story"): never mended into a corpus word that looks like it ("ahead", "stor").
    for question in questions:
        if question.get("lang") == "en" and not question.get("typo"):
            for word in words(fold(question["q"])):
                df[terms(word)[0]] += 0
    conn.execute("CREATE TABLE search_vocab (term TEXT PRIMARY KEY, df INTEGER) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_vocab VALUES (?, ?)", sorted(df.items()))
    conn.execute("INSERT INTO search_fts (search_fts) VALUES ('optimize')")
