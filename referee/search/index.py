"""The FAQ's search tables, written at database build time.

Everything that needs OpenCC or pypinyin is computed here, once, so that a query needs neither:

- `search_chars`   every CJK character of the corpus and of the card names, plus every character
                   pypinyin knows: its Simplified form (character by character) and its toneless
                   readings. Queries fold through it.
- `search_pinyin`  reading → character, for the characters the corpus uses (the candidates when a
                   query character is a same-sounding slip: 回盒 → 回合).
- `search_vocab`   every term of the corpus and of the card names with its document frequency
                   (a query bigram that is not in it is a candidate for repair).
- `search_names`   the card aliases, folded like the queries, for card-name detection.
- `faq_fts`        FTS5 over the folded terms (Chinese bigrams, stemmed English words) of each
                   entry, one column per part, ranked with bm25().
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter

from referee.search.normalise import CJK, compact, fold, terms

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
        readings = sorted({_toneless(r) for r in known.get(char, "").split(",") if r})
        rows.append((char, s, " ".join(readings)))
    conn.execute("CREATE TABLE search_chars (char TEXT PRIMARY KEY, simp TEXT, pinyin TEXT) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_chars VALUES (?, ?, ?)", rows)
    readings_of = {char: pinyin.split() for char, _, pinyin in rows}
    folded_corpus = {simplify.get(c, c) for c in corpus_chars}
    pairs = sorted({(r, c) for c in folded_corpus for r in readings_of.get(c, [])})
    conn.execute("CREATE TABLE search_pinyin (pinyin TEXT, char TEXT, PRIMARY KEY (pinyin, char)) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_pinyin VALUES (?, ?)", pairs)
    return simplify


def _entry_parts(row) -> dict[str, str]:
    question = " ".join(row[f"q_{c}"] or "" for c in _LANG_COLUMNS)
    answer = " ".join(row[f"a_{c}"] or "" for c in _LANG_COLUMNS)
    readings = " ".join(
        " ".join((r.get("text") or {}).values()) for r in json.loads(row["readings"] or "[]")
    )
    return {"question": question, "keywords": row["keywords"] or "", "answer": answer, "readings": readings}


def index_faq(conn, convert) -> None:
    cols = ["id", "q_en", "q_zh_hant", "q_zh_hans", "a_en", "a_zh_hant", "a_zh_hans", "keywords", "readings"]
    rows = [dict(zip(cols, r)) for r in conn.execute(f"SELECT {', '.join(cols)} FROM faq ORDER BY id")]
    entries = [(r["id"], _entry_parts(r)) for r in rows]
    aliases = conn.execute("SELECT key, text, card_id, edition, priority FROM aliases").fetchall()

    corpus_chars: set[str] = set()
    for _, parts in entries:
        for text in parts.values():
            corpus_chars.update(CJK.findall(unicodedata.normalize("NFKC", text)))
    for key, text, *_ in aliases:
        corpus_chars.update(CJK.findall(key + text))
    simplify = _char_table(conn, convert, corpus_chars)

    conn.execute(
        "CREATE VIRTUAL TABLE faq_fts USING fts5(id UNINDEXED, question, keywords, answer, readings,"
        " tokenize='unicode61 remove_diacritics 0')"
    )
    df: Counter[str] = Counter()
    for entry_id, parts in entries:
        cut = {part: terms(fold(text, simplify)) for part, text in parts.items()}
        # Keywords hold the typos people make (黃冠, 回盒): they count as matches, not as usage.
        df.update(set(t for part, ts in cut.items() if part != "keywords" for t in ts))
        conn.execute(
            "INSERT INTO faq_fts (id, question, keywords, answer, readings) VALUES (?, ?, ?, ?, ?)",
            (entry_id, *(" ".join(cut[p]) for p in ("question", "keywords", "answer", "readings"))),
        )

    names = {}
    for key, text, card_id, edition, priority in aliases:
        folded = fold(key, simplify)
        slot = (folded, card_id, edition)
        if slot not in names or names[slot] > priority:
            names[slot] = priority
        for term in terms(fold(text, simplify)):
            df[term] += 0   # a card name is a known word even when no entry uses it
    conn.execute(
        "CREATE TABLE search_names (key TEXT, card_id TEXT, edition TEXT, priority INTEGER,"
        " PRIMARY KEY (key, card_id, edition)) WITHOUT ROWID"
    )
    conn.executemany("INSERT INTO search_names VALUES (?, ?, ?, ?)", [(*slot, p) for slot, p in names.items()])
    conn.execute("CREATE TABLE search_vocab (term TEXT PRIMARY KEY, df INTEGER) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_vocab VALUES (?, ?)", sorted(df.items()))
    conn.execute("INSERT INTO faq_fts (faq_fts) VALUES ('optimize')")
    conn.execute("CREATE TABLE search_questions (id TEXT PRIMARY KEY, en TEXT, zh TEXT) WITHOUT ROWID")
    conn.executemany("INSERT INTO search_questions VALUES (?, ?, ?)", [
        (r["id"], compact(fold(r["q_en"] or "")), compact(fold(r["q_zh_hans"] or "", simplify), "")) for r in rows
    ])

