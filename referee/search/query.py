"""Answer a FAQ query from the tables `referee.search.index` wrote.

1. Fold the query (Simplified, lower case) and cut it into terms; repair same-sounding slips
   (a bigram the corpus hardly uses → a same-sounding one it uses often: 回盒 → 回合).
2. Detect the cards it names (longest alias first; an alias that means several cards in
   different editions pulls in all of them).
3. Score: bm25 over the FTS5 terms (scaled to the best entry), plus the cards shared with the
   entry, minus a little for an entry about a card when the query names none; re-rank the best
   candidates by how closely the query reads like the entry's question (rapidfuzz).

No OpenCC and no pypinyin here: the build precomputed what a query needs (character forms,
readings, vocabulary, folded card names).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from referee.search.normalise import CJK, RUNS, compact, fold, latin_words, runs, terms, words

# bm25 weights of the FTS columns: question, keywords, answer, readings.
WEIGHTS = (3.0, 2.0, 1.0, 0.5)

# The ranking's knobs, tuned on tests/search/queries-*.toml (scripts/search_quality.py).
PARAMS = {
    "text": 25.0,       # bm25, scaled so that the best entry has this (0: unscaled)
    "card": 8.0,        # per matched card (see _card_score)
    "fuzzy": 20.0,      # question similarity, 0..1
    "pool": 25,         # candidates re-ranked with the fuzzy matcher
    "subject": 0.5,     # ... the entry's subject card counts this much more
    "missing": 0.2,     # ... each card of the entry the query does not name, against
    "no_card": 4.0,     # an entry about a card, for a query naming none
    "house": 20.0,      # an entry that holds only under a house-rule variant
    "rare_df": 2,       # a query bigram in at most this many entries may be a same-sound slip
    "repair_df": 5,     # ... repaired to a same-sounding bigram in at least this many entries
    "repair_ratio": 4,  # ... and this many times as many as the slip
}


@dataclass
class Parsed:
    """What the search understood of a query."""

    text: str                                   # folded (Simplified, lower case), slips repaired
    terms: list[str]
    cards: dict[str, float] = field(default_factory=dict)   # card id → weight
    repaired: dict[str, str] = field(default_factory=dict)   # typo bigram → corpus bigram


@dataclass
class Hit:
    id: str
    score: float


def char_rows(conn: sqlite3.Connection, text: str) -> dict[str, tuple[str, str]]:
    """char → (Simplified form, readings) for the CJK characters of `text` the build knows."""
    chars = sorted(set(CJK.findall(text)))
    if not chars:
        return {}
    marks = ",".join("?" * len(chars))
    return {r[0]: (r[1], r[2]) for r in conn.execute(
        f"SELECT char, simp, pinyin FROM search_chars WHERE char IN ({marks})", chars)}


def _names(conn: sqlite3.Connection, edition: str | None) -> dict[str, dict[str, int]]:
    sql = "SELECT key, card_id, priority FROM search_names"
    args: tuple = ()
    if edition:
        sql += " WHERE edition = ?"
        args = (edition,)
    names: dict[str, dict[str, int]] = {}
    for key, card, priority in conn.execute(sql, args):
        slot = names.setdefault(key, {})
        slot[card] = min(priority, slot.get(card, 9))
    return names


def _spans(text: str, names: dict, longest: int) -> list[tuple[int, str]]:
    """The names in a Chinese run, leftmost longest first (魔法师 rather than 法师 inside it)."""
    found, i = [], 0
    while i < len(text):
        for j in range(min(len(text), i + longest), i + 1, -1):
            if text[i:j] in names:
                found.append((i, text[i:j]))
                i = j
                break
        else:
            i += 1
    return found


def detect_cards(folded: str, names: dict[str, dict[str, int]], spoken: list[str] | None = None) -> dict[str, float]:
    """Cards the query names, in the order it names them: leftmost longest alias in Chinese runs,
    word sequences in English. An alias that means several cards pulls in all of them."""
    cards: dict[str, float] = {}
    longest = max((len(k) for k in names), default=0)

    def add(key: str) -> None:
        for card, priority in sorted(names[key].items(), key=lambda item: item[1]):
            weight = 1.0 if priority <= 1 else 0.8
            cards[card] = max(cards.get(card, 0.0), weight)

    found: list[tuple[int, str]] = []   # (position in the folded text, key)
    for match in RUNS.finditer(folded):
        run = match.group()
        if CJK.match(run):
            found.extend((match.start() + at, key) for at, key in _spans(run, names, longest))
    latin = [(m.start(), w) for m, w in latin_words(folded)]
    used = [False] * len(latin)
    for size in (4, 3, 2, 1):
        for i in range(len(latin) - size + 1):
            if any(used[i:i + size]):
                continue
            key = "".join(w for _, w in latin[i:i + size])
            if key in names:
                found.append((latin[i][0], key))
                for k in range(i, i + size):
                    used[k] = True
    for _, key in sorted(found):
        add(key)
    if spoken is not None:
        spoken.extend(key for _, key in sorted(found))
    return cards


def parse(conn: sqlite3.Connection, query: str, edition: str | None = None) -> Parsed:
    rows = char_rows(conn, fold(query))
    simplify = {c: r[0] for c, r in rows.items() if r[0] != c}
    folded = fold(query, simplify)
    names = _names(conn, edition)
    query_terms = terms(folded)
    repaired = _repair(conn, folded, {c: r[1].split() for c, r in rows.items()} | _readings(conn, folded, rows))
    spoken: list[str] = []
    cards = detect_cards(folded, names, spoken)
    fixed = folded
    for typo, right in repaired.items():
        fixed = fixed.replace(typo, right)
    if repaired:
        for card, weight in detect_cards(fixed, names).items():
            cards.setdefault(card, weight)
        query_terms += list(repaired.values())
    query_terms += _canonical_terms(conn, spoken, names, query_terms)
    return Parsed(fixed, query_terms, cards, repaired)


def _canonical_terms(conn: sqlite3.Connection, spoken: list[str], names: dict, known: list[str]) -> list[str]:
    """The terms of the canonical names of cards the query names in words the FAQ (almost) never
    uses: a query that says 钟楼 finds the entries written with 钟塔. (Names the FAQ does use
    already match as they are; expanding them would only add noise.)"""
    unused = [key for key in spoken
              if max(_df(conn, set(terms(key)) or {key}).values(), default=0) <= PARAMS["rare_df"]]
    cards = sorted({card for key in unused for card in names[key]})
    if not cards:
        return []
    marks = ",".join("?" * len(cards))
    extra: list[str] = []
    for zh, en in conn.execute(f"SELECT DISTINCT name_zh_hans, name FROM cards WHERE id IN ({marks})", cards):
        for name in (zh, en):
            for term in terms(fold(name)):
                if term not in known and term not in extra:
                    extra.append(term)
    return extra


def _readings(conn, folded: str, rows: dict) -> dict[str, list[str]]:
    """Readings of the folded characters that the raw query did not spell (its Simplified forms)."""
    missing = set(CJK.findall(folded)) - set(rows)
    if not missing:
        return {}
    return {c: r[1].split() for c, r in char_rows(conn, "".join(missing)).items()}


def _repair(conn: sqlite3.Connection, folded: str, readings: dict[str, list[str]]) -> dict[str, str]:
    """Same-sounding slips: a query bigram the corpus (nearly) never uses, one character of which
    can be swapped for a same-sounding one to give a bigram the corpus uses often (回盒 → 回合)."""
    grams = {run[i:i + 2] for run in runs(folded) if CJK.match(run) for i in range(len(run) - 1)}
    if not grams:
        return {}
    df = _df(conn, grams)
    rare = [g for g in grams if df.get(g, 0) <= PARAMS["rare_df"]]
    if not rare:
        return {}
    sounds = {r for g in rare for c in g for r in readings.get(c, [])}
    if not sounds:
        return {}
    marks = ",".join("?" * len(sounds))
    alike: dict[str, set[str]] = {}
    for pinyin, char in conn.execute(f"SELECT pinyin, char FROM search_pinyin WHERE pinyin IN ({marks})", sorted(sounds)):
        alike.setdefault(pinyin, set()).add(char)
    variants: dict[str, set[str]] = {}
    for g in rare:
        for pos in (0, 1):
            for reading in readings.get(g[pos], []):
                for char in alike.get(reading, ()):
                    if char != g[pos]:
                        variants.setdefault(g, set()).add(g[:pos] + char + g[pos + 1:])
    if not variants:
        return {}
    vdf = _df(conn, set().union(*variants.values()))
    out = {}
    for g, options in variants.items():
        best = max(options, key=lambda v: (vdf.get(v, 0), v))
        if vdf.get(best, 0) >= max(PARAMS["repair_df"], PARAMS["repair_ratio"] * df.get(g, 0)):
            out[g] = best
    return out


def _df(conn: sqlite3.Connection, grams: set[str]) -> dict[str, int]:
    grams = sorted(grams)
    marks = ",".join("?" * len(grams))
    return dict(conn.execute(f"SELECT term, df FROM search_vocab WHERE term IN ({marks})", grams))


def _match_expr(query_terms: list[str]) -> str:
    """Any of the terms; a lone Chinese character matches the bigrams it starts."""
    unique = dict.fromkeys(query_terms)
    return " OR ".join('"' + t.replace('"', '""') + '"' + ("*" if len(t) == 1 and CJK.match(t) else "")
                       for t in unique)


def entry_meta(conn: sqlite3.Connection) -> dict[str, tuple[list[str], list[str], str | None]]:
    """id → (cards, editions, subject): the subject is the card the id starts with (`witch.…`),
    None for general entries (`general.…`, `draft.…`)."""
    meta = {}
    for entry_id, cards, editions in conn.execute("SELECT id, cards, editions FROM faq"):
        cards = cards.split()
        head = entry_id.split(".")[0]
        meta[entry_id] = (cards, editions.split(), head if head in cards else None)
    return meta


def house_only(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Entries that hold only under a house-rule variant, with their keywords: they rank below
    the rulings of the game itself unless the query uses one of their keywords (a house
    character's name)."""
    return {entry_id: keywords.split()
            for entry_id, keywords in conn.execute("SELECT id, keywords FROM faq WHERE house_only = 1")}


def search(
    conn: sqlite3.Connection,
    query: str,
    top: int = 3,
    card_ids: set[str] | None = None,
    edition: str | None = None,
) -> list[Hit]:
    parsed = parse(conn, query, edition)
    meta = entry_meta(conn)
    scores: dict[str, float] = {}
    if parsed.terms:
        sql = (f"SELECT id, bm25(faq_fts, 0, {', '.join(map(str, WEIGHTS))}) FROM faq_fts"
               " WHERE faq_fts MATCH ?")
        for entry_id, rank in conn.execute(sql, (_match_expr(parsed.terms),)):
            scores[entry_id] = -rank
        if PARAMS["text"] and scores:
            # On a scale of its own: a long query's bm25 sums would outweigh everything else.
            top_score = max(scores.values()) or 1.0
            scores = {i: PARAMS["text"] * v / top_score for i, v in scores.items()}
    for entry_id in list(scores) if not parsed.cards else meta:
        cards, _, subject = meta[entry_id]
        if parsed.cards:
            bonus = _card_score(parsed.cards, cards, subject)
            if bonus:
                scores[entry_id] = scores.get(entry_id, 0.0) + PARAMS["card"] * bonus
        elif subject:
            scores[entry_id] -= PARAMS["no_card"]
    for entry_id, keywords in house_only(conn).items():
        named = any(len(word) >= 2 and (word in query or word.casefold() in parsed.text) for word in keywords)
        if entry_id in scores and not named:
            scores[entry_id] -= PARAMS["house"]
    allowed = {
        entry_id for entry_id in scores
        if (not edition or edition in meta[entry_id][1]) and (not card_ids or card_ids & set(meta[entry_id][0]))
    }
    pool = sorted(allowed, key=lambda i: -scores[i])[: max(PARAMS["pool"], top)]
    if pool and PARAMS["fuzzy"]:
        for entry_id, similarity in _similarity(conn, parsed, pool).items():
            scores[entry_id] += PARAMS["fuzzy"] * similarity
    hits = [Hit(entry_id, round(scores[entry_id], 3)) for entry_id in pool]
    hits.sort(key=lambda h: (-h.score, h.id))
    return hits[:top]


def _similarity(conn: sqlite3.Connection, parsed: Parsed, ids: list[str]) -> dict[str, float]:
    """How closely the query reads like each entry's question (0..1), in the query's language(s)."""
    from rapidfuzz import fuzz

    zh = compact(parsed.text, "") if CJK.search(parsed.text) else ""
    en = " ".join(words(parsed.text))
    marks = ",".join("?" * len(ids))
    out = {}
    for entry_id, q_en, q_zh in conn.execute(f"SELECT id, en, zh FROM search_questions WHERE id IN ({marks})", ids):
        best = 0.0
        if zh:
            best = max(best, fuzz.partial_ratio(zh, q_zh) if len(zh) < len(q_zh) else fuzz.ratio(zh, q_zh))
        if en:
            best = max(best, fuzz.token_set_ratio(en, q_en))
        out[entry_id] = best / 100
    return out


def _card_score(wanted: dict[str, float], cards: list[str], subject: str | None) -> float:
    """The cards the query names against an entry's: each shared card counts, the entry's subject
    card more, each card of the entry the query does not name a little against."""
    matched = sum(wanted.get(c, 0.0) for c in cards)
    if not matched:
        return 0.0
    lead = wanted.get(subject, 0.0) if subject else 0.0
    missing = sum(1 for c in cards if c not in wanted)
    return matched + PARAMS["subject"] * lead - PARAMS["missing"] * missing
