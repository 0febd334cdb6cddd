"""Answer a question from the tables `referee.search.index` wrote: FAQ entries, rules and cards.

1. Read the query (`parse`): fold it (Simplified, lower case), repair spelling (an English word
   the corpus does not know → the closest one it does: warlrod → warlord) and same-sounding
   slips (a bigram the corpus hardly uses → a same-sounding one it uses often: 回盒 → 回合);
   find the cards it names in order (the first is the one that acts: in "can the Warlord
   destroy the Keep" the Warlord acts on the Keep), the concepts of the lexicon (拆 = 摧毀 =
   destroy) and the form of the question (can …? / what happens if …? / how many …?).
2. Score each document: bm25 over its terms and concepts (scaled to the best document), plus the
   cards it shares with the query, plus a little when the card acting in its question is the
   query's, minus when that card is one the query does not name; plus a little when its question
   has the query's form; minus for a house-rule-only document and for card texts (a ruling or
   rule answers better than the card). Re-rank the best by how closely the query reads like the
   document's question or title (rapidfuzz).
3. A query with no meaningful word is refused (`EmptyQuery`); a weak best hit is flagged unsure.

No OpenCC and no pypinyin here: the build precomputed what a query needs (character forms,
readings, vocabulary, folded card names, the folded lexicon).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from referee.search import lexicon as lexicon_mod
from referee.search.lexicon import concept_term
from referee.search.normalise import CJK, RUNS, compact, fold, latin_words, runs, terms, words

# bm25 weights of the FTS columns: question, keywords, answer, readings, concepts.
WEIGHTS = (3.0, 2.0, 1.0, 0.5, 2.0)

# The ranking's knobs, tuned on tests/search/queries-*.toml (scripts/search_quality.py), never
# on the blind set in tests/search/blind/.
PARAMS = {
    "text": 15.0,       # bm25, scaled so that the best document has this (0: unscaled)
    "card": 6.0,        # per matched card (see _card_score)
    "fuzzy": 30.0,      # question similarity, 0..1
    "pool": 25,         # candidates re-ranked with the fuzzy matcher
    "subject": 0.5,     # ... the document's subject card counts this much more
    "missing": 0.2,     # ... each card of the document the query does not name, against
    "no_card": 6.0,     # a document about a card, for a query naming none
    "actor": 4.0,       # the card acting in the document's question is the query's first card
    "stranger": 14.0,   # the document's acting card and subject are both cards the query does not name
    "concept": 25.0,    # the share of the query's concepts its question asks about (0..1)
    "answered": 0.6,    # ... a concept only its answer mentions counts this much
    "same_cards": 3.0,  # the document concerns no card but those the query names
    "all_cards": 6.0,   # the document concerns every card the query names (two or more)
    "form": 3.0,        # the document's question has the query's form (can …? how …?)
    "form_specific": 8.0,  # ... a form few questions have (when …? who …? how many …? what if …?)
    "house": 20.0,      # a document that holds only under a house rule
    "card_text": 16.0,  # a card's own text, against (rulings and rules answer questions)
    "rule_text": 4.0,   # a rule, against (the FAQ answers the question as asked, when it has one)
    "unsure": 30.0,     # a best score below this is flagged as unsure
    "rare_df": 2,       # a query bigram in at most this many documents may be a same-sound slip
    "repair_df": 5,     # ... repaired to a same-sounding bigram in at least this many documents
    "repair_ratio": 4,  # ... and this many times as many as the slip
    "implied": 0.5,     # weight of a card the query's concepts imply when it names none
    "spell": 80,        # an unknown English word is read as the closest known one this similar
}


_COMMON_FORMS = {"yes-no", "how"}   # the forms most questions have


class EmptyQuery(ValueError):
    """The query has no word that means anything alone (「的」, "the", "?")."""


@dataclass
class Parsed:
    """What the search understood of a query."""

    text: str                                   # folded (Simplified, lower case), slips repaired
    terms: list[str]
    cards: dict[str, float] = field(default_factory=dict)   # card id → weight, in the order named
    repaired: dict[str, str] = field(default_factory=dict)   # typo → corpus word
    concepts: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    meaningful: bool = True
    groups: list[set[str]] = field(default_factory=list)   # the cards each name spoken may mean

    @property
    def actor(self) -> str | None:
        return next(iter(self.cards), None)


@dataclass
class Hit:
    id: str
    score: float
    kind: str = "faq"          # faq | rule | card
    unsure: bool = False


def char_rows(conn: sqlite3.Connection, text: str) -> dict[str, tuple[str, str]]:
    """char → (Simplified form, readings) for the CJK characters of `text` the build knows."""
    chars = sorted(set(CJK.findall(text)))
    if not chars:
        return {}
    marks = ",".join("?" * len(chars))
    return {r[0]: (r[1], r[2]) for r in conn.execute(
        f"SELECT char, simp, pinyin FROM search_chars WHERE char IN ({marks})", chars)}


_NAMES: dict = {}   # (connection, edition) → names, for a warm connection


def _names(conn: sqlite3.Connection, edition: str | None) -> dict[str, dict[str, int]]:
    cached = _NAMES.get((id(conn), edition))
    if cached and cached[0] is conn:
        return cached[1]
    names = _read_names(conn, edition)
    _NAMES.clear() if len(_NAMES) > 4 else None
    _NAMES[(id(conn), edition)] = (conn, names)
    return names


def _read_names(conn: sqlite3.Connection, edition: str | None) -> dict[str, dict[str, int]]:
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


def detect_cards(folded: str, names: dict[str, dict[str, int]], spoken: list[str] | None = None,
                 lex=None) -> dict[str, float]:
    """Cards the query names, in the order it names them: leftmost longest alias in Chinese runs,
    word sequences in English. An alias that means several cards pulls in all of them. With the
    lexicon, an English name that is an everyday word ("keep one card") counts only after an
    article or a possessive ("the Keep")."""
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
            if key not in names and key.endswith("s") and key[:-1] in names:
                key = key[:-1]   # "the bishops districts": a plural or a possessive without its apostrophe
            if size == 1 and lex and key in lex.ambiguous and not _names_the_card(latin, i, lex):
                continue
            if key in names:
                found.append((latin[i][0], key))
                for k in range(i, i + size):
                    used[k] = True
    for _, key in sorted(found):
        add(key)
    if spoken is not None:
        spoken.extend(key for _, key in sorted(found))
    return cards


def _names_the_card(latin: list[tuple[int, str]], i: int, lex) -> bool:
    """Whether an everyday word that is also a card name ("keep") names the card here: after an
    article or a possessive, or alone."""
    if i > 0:
        return terms(latin[i - 1][1])[0] in lex.after
    return len(latin) == 1


def parse(conn: sqlite3.Connection, query: str, edition: str | None = None) -> Parsed:
    rows = char_rows(conn, fold(query))
    simplify = {c: r[0] for c, r in rows.items() if r[0] != c}
    folded = fold(query, simplify)
    names = _names(conn, edition)
    spelled = _spell(conn, folded, names)
    fixed = folded
    for typo, right in spelled.items():
        fixed = _replace_word(fixed, typo, right)
    lex = lexicon_mod.load(conn)
    repaired = _repair(conn, fixed, {c: r[1].split() for c, r in rows.items()} | _readings(conn, fixed, rows),
                       _named_chars(fixed, names) | _known_word_chars(lex, fixed, names))
    for typo, right in repaired.items():
        fixed = fixed.replace(typo, right)
    spoken: list[str] = []
    cards = detect_cards(fixed, names, spoken, lex)
    # The words that say what is asked (can …? 怎麼辦) steer by form, not by matching text.
    query_terms = terms(lex.content(fixed, names))
    query_terms += _canonical_terms(conn, spoken, names, query_terms)
    concepts = lex.concepts(fixed, names)
    forms = lex.forms(fixed, names)
    meaningful = bool(cards or concepts) or any(not lex.is_stop(t) for t in query_terms)
    query_terms += [concept_term(c) for c in concepts]
    groups = [set(names[key]) for key in dict.fromkeys(spoken)]
    if not cards:   # 房屋稅 is the Tax Collector's, 美化 the Artist's: cards the question implies
        cards = {card: PARAMS["implied"] for c in concepts for card in lex.implies.get(c, [])}
    return Parsed(fixed, query_terms, cards, {**spelled, **repaired}, concepts, forms, meaningful, groups)


def _replace_word(text: str, word: str, right: str) -> str:
    out, at = [], 0
    for match, plain in latin_words(text):
        if plain == word:
            out.append(text[at:match.start()])
            out.append(right)
            at = match.start() + len(match.group())
    out.append(text[at:])
    return "".join(out)


def _spell(conn: sqlite3.Connection, folded: str, names: dict) -> dict[str, str]:
    """English words the corpus and the card names do not know, read as the closest word they
    do know (warlrod → warlord, asassin → assassin), as `referee card` forgives a name's typo."""
    plain = {w for w in words(folded) if len(w) >= 4 and w.isascii()}
    if not plain:
        return {}
    stems = {w: terms(w)[0] for w in plain}
    known = _df(conn, set(stems.values()))
    unknown = [w for w in plain if stems[w] not in known and w not in names]
    if not unknown:
        return {}
    from rapidfuzz import fuzz, process

    shortest = min(len(w) for w in unknown) - 2
    longest = max(len(w) for w in unknown) + 2
    choices = [t for (t,) in conn.execute(
        "SELECT term FROM search_vocab WHERE length(term) BETWEEN ? AND ? AND term GLOB '[a-z]*'",
        (shortest, longest))]
    choices += [k for k in names if k.isascii() and shortest <= len(k) <= longest]
    out = {}
    for word in unknown:
        best = process.extractOne(word, choices, scorer=fuzz.ratio, score_cutoff=PARAMS["spell"])
        if best:
            out[word] = best[0]
    return out


def _canonical_terms(conn: sqlite3.Connection, spoken: list[str], names: dict, known: list[str]) -> list[str]:
    """The terms of the canonical names of cards the query names in words the corpus (almost)
    never uses: a query that says 钟楼 finds the entries written with 钟塔. (Names the corpus does
    use already match as they are; expanding them would only add noise.)"""
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


def _named_chars(folded: str, names: dict) -> set[int]:
    """Positions of the characters that spell a card name (a name is never a slip: 要塞 stays)."""
    longest = max((len(k) for k in names), default=0)
    out: set[int] = set()
    for match in RUNS.finditer(folded):
        if CJK.match(match.group()):
            for at, key in _spans(match.group(), names, longest):
                out.update(range(match.start() + at, match.start() + at + len(key)))
    return out


def _known_word_chars(lex, folded: str, names: dict) -> set[int]:
    """Positions of the Chinese characters that spell a word of two or more characters of the
    lexicon (七個建築, 怎麼辦)."""
    out: set[int] = set()
    for kind in ("concept", "form"):
        for at, _ in lex.find(folded, kind, names):
            length = lex._length(folded, at, kind) if CJK.match(folded[at]) else 0
            if length >= 2:   # a lone character (牌) may itself be the slip (守牌)
                out.update(range(at, at + length))
    return out


def _repair(conn: sqlite3.Connection, folded: str, readings: dict[str, list[str]],
            named: set[int] = frozenset()) -> dict[str, str]:
    """Same-sounding slips: a query bigram the corpus (nearly) never uses, one character of which
    can be swapped for a same-sounding one to give a bigram the corpus uses often (回盒 → 回合).
    Bigrams touching a card name or a word of the lexicon (`named` positions) are left alone."""
    fixed_pos: dict[str, set[int]] = {}   # bigram → which of its two characters are in `named`
    for match in RUNS.finditer(folded):
        run = match.group()
        if CJK.match(run):
            for i in range(len(run) - 1):
                at = match.start() + i
                fixed_pos.setdefault(run[i:i + 2], set()).update(p - at for p in (at, at + 1) if p in named)
    grams = set(fixed_pos)
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
        if fixed_pos[g]:   # touches a card name or a word of the lexicon: a boundary, not a slip
            continue
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


class Doc:
    """What the ranking needs of one document (a row of `search_docs`)."""

    __slots__ = ("key", "kind", "id", "cards", "editions", "subject", "actor", "forms", "asked", "answered", "house")

    def __init__(self, key, kind, ident, cards, editions, subject, actor, forms, asked, answered, house):
        self.key, self.kind, self.id = key, kind, ident
        self.cards, self.editions = cards.split(), editions.split()
        self.subject, self.actor, self.forms, self.house = subject, actor, forms.split(), bool(house)
        self.asked, self.answered = set(asked.split()), set(answered.split())


_DOCS: list = [None] * 4   # [connection, {key: Doc}, {concept: idf}, {card: [key]}]


def documents(conn: sqlite3.Connection) -> dict[str, Doc]:
    """Every document's metadata, read once per connection."""
    if _DOCS[0] is not conn:
        import math

        docs = {row[0]: Doc(*row) for row in conn.execute(
            "SELECT key, kind, id, cards, editions, subject, actor, forms, asked, answered, house FROM search_docs")}
        df: dict[str, int] = {}
        for doc in docs.values():
            for concept in doc.asked | doc.answered:
                df[concept] = df.get(concept, 0) + 1
        idf = {c: math.log(1 + len(docs) / n) for c, n in df.items()}
        by_card: dict[str, list[str]] = {}
        for key, doc in docs.items():
            for card in doc.cards:
                by_card.setdefault(card, []).append(key)
        _DOCS[:] = [conn, docs, idf, by_card]
    return _DOCS[1]


def search(
    conn: sqlite3.Connection,
    query: str,
    top: int = 3,
    card_ids: set[str] | None = None,
    edition: str | None = None,
    kinds: set[str] | None = None,
    explain: dict | None = None,
) -> list[Hit]:
    """The best `top` documents for a query; raises EmptyQuery when it has no meaningful word.
    `explain`, when given, receives each candidate's score parts (for tuning)."""
    parsed = parse(conn, query, edition)
    if not parsed.meaningful:
        raise EmptyQuery(query)
    docs = documents(conn)
    idf = _DOCS[2]
    scores: dict[str, float] = {}
    if parsed.terms:
        sql = (f"SELECT key, bm25(search_fts, 0, {', '.join(map(str, WEIGHTS))}) FROM search_fts"
               " WHERE search_fts MATCH ?")
        for key, rank in conn.execute(sql, (_match_expr(parsed.terms),)):
            scores[key] = -rank
        if PARAMS["text"] and scores:
            # On a scale of its own: a long query's bm25 sums would outweigh everything else.
            top_score = max(scores.values()) or 1.0
            scores = {k: PARAMS["text"] * v / top_score for k, v in scores.items()}
    # One pass over the candidates, the score kept in parts only when explained (speed: ~200 a query).
    candidates = set(scores)
    for card in parsed.cards:   # a document about a card the query names is a candidate too
        candidates.update(_DOCS[3].get(card, ()))
    weights = {c: idf.get(c, 0.0) for c in parsed.concepts}
    total = sum(weights.values())
    forms = set(parsed.forms)
    parts: dict[str, dict[str, float]] = {}
    text_scores, scores = scores, {}
    for key in candidates:
        doc = docs[key]
        part = {"text": text_scores.get(key, 0.0)}
        if total:
            shared = sum(w * (1.0 if c in doc.asked else PARAMS["answered"] if c in doc.answered else 0.0)
                         for c, w in weights.items())
            part["concept"] = PARAMS["concept"] * shared / total
        if parsed.cards:
            part["card"] = PARAMS["card"] * _card_score(parsed.cards, doc.cards, doc.subject)
            part["role"] = _role_score(parsed, doc)
            if doc.cards and all(c in parsed.cards for c in doc.cards):
                part["role"] += PARAMS["same_cards"]
        elif doc.subject:
            part["no_card"] = -PARAMS["no_card"]
        if key not in text_scores and not any(part.values()):
            continue
        shared_forms = forms.intersection(doc.forms) if forms else ()
        if shared_forms:   # "when …?" is asked by fewer questions than "can …?": it tells more
            part["form"] = PARAMS["form_specific"] if shared_forms - _COMMON_FORMS else PARAMS["form"]
        if doc.house:
            part["house"] = -PARAMS["house"]
        if doc.kind == "card":
            part["card_text"] = -PARAMS["card_text"]
        elif doc.kind == "rule":
            part["rule_text"] = -PARAMS["rule_text"]
        scores[key] = sum(part.values())
        if explain is not None:
            parts[key] = part
    allowed = [
        key for key in scores
        if (not edition or edition in docs[key].editions)
        and (not card_ids or card_ids & set(docs[key].cards))
        and (not kinds or docs[key].kind in kinds)
    ]
    pool = sorted(allowed, key=lambda k: -scores[k])[: max(PARAMS["pool"], top)]
    if pool and PARAMS["fuzzy"]:
        for key, similarity in _similarity(conn, parsed, pool).items():
            scores[key] += PARAMS["fuzzy"] * similarity
            if explain is not None:
                parts[key]["fuzzy"] = PARAMS["fuzzy"] * similarity
    if explain is not None:
        explain.update({key: parts[key] for key in pool})
    hits = [Hit(docs[key].id, round(scores[key], 3), docs[key].kind) for key in pool]
    hits.sort(key=lambda h: (-h.score, h.kind != "faq", h.id))
    hits = hits[:top]
    if hits and hits[0].score < PARAMS["unsure"]:
        for hit in hits:
            hit.unsure = True
    return hits


def _role_score(parsed: Parsed, doc: Doc) -> float:
    """The card acting in the document's question against the query's cards: the same actor
    helps; a document whose actor and subject are both cards the query never names hurts (the
    Armory's ruling on the Keep does not answer whether the Warlord may destroy it); a document
    about every card the query names helps."""
    if doc.actor and not {doc.actor, doc.subject} & set(parsed.cards):
        return -PARAMS["stranger"]
    score = 0.0
    if len(parsed.groups) >= 2 and all(group & set(doc.cards) for group in parsed.groups):
        score += PARAMS["all_cards"]
    if doc.actor and doc.actor == parsed.actor:
        score += PARAMS["actor"]
    return score


def _similarity(conn: sqlite3.Connection, parsed: Parsed, keys: list[str]) -> dict[str, float]:
    """How closely the query reads like each document's question (0..1), in the query's language(s)."""
    from rapidfuzz import fuzz

    zh = compact(parsed.text, "") if CJK.search(parsed.text) else ""
    en = " ".join(words(parsed.text))
    marks = ",".join("?" * len(keys))
    out = {}
    for key, q_en, q_zh in conn.execute(f"SELECT key, en, zh FROM search_docs WHERE key IN ({marks})", keys):
        best = 0.0
        if zh and q_zh:
            best = max(best, fuzz.partial_ratio(zh, q_zh) if len(zh) < len(q_zh) else fuzz.ratio(zh, q_zh))
        if en and q_en:
            best = max(best, fuzz.token_set_ratio(en, q_en))
        out[key] = best / 100
    return out


def _card_score(wanted: dict[str, float], cards: list[str], subject: str | None) -> float:
    """The cards the query names against a document's: each shared card counts, the document's
    subject card more, each card of the document the query does not name a little against."""
    matched = sum(wanted.get(c, 0.0) for c in cards)
    if not matched:
        return 0.0
    lead = wanted.get(subject, 0.0) if subject else 0.0
    missing = sum(1 for c in cards if c not in wanted)
    return matched + PARAMS["subject"] * lead - PARAMS["missing"] * missing
