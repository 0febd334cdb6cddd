"""Answer a question from the tables `referee.search.index` wrote: FAQ entries, rules and cards.

1. Read the query (`parse`): fold it (Simplified, lower case), mend spelling and same-sound
   slips (repair.py: warlrod → warlord, 回盒 → 回合); find the cards it names in order
   (cards.py; the first is the one that acts: in "can the Warlord destroy the Keep" the Warlord
   acts on the Keep), the concepts of the lexicon (拆 = 摧毀 = destroy) and the form of the
   question (can …? / what happens if …? / how many …?).
2. Score each document: bm25 over its terms and concepts (scaled to the best document), plus the
   cards it shares with the query, plus a little when the card acting in its question is the
   query's, minus when that card is one the query does not name; plus a little when its question
   has the query's form; minus for a house-rule-only document and for card texts (a ruling or
   rule answers better than the card), unless the query is nothing but the card's name (钟楼:
   the card itself first); minus for a rule comparing the editions, unless the query asks how
   the editions differ. Re-rank the best by how closely the query reads like the
   document's question, title or the ways players ask for it.
3. A query with no meaningful word is refused (`EmptyQuery`); a weak best hit is flagged unsure.

No OpenCC and no pypinyin here: the build precomputed what a query needs (character forms,
readings, vocabulary, folded card names, the folded lexicon).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from referee.search import lexicon as lexicon_mod
from referee.search.cards import detect_cards, names as card_names, undergoing
from referee.search.lexicon import concept_term
from referee.search.normalise import CJK, compact, fold, latin_words, likeness_words, pairs, runs, terms, words
from referee.search.repair import (PARAMS as REPAIR, char_rows, doc_freq, known_word_chars, name_slips,
                                   named_chars, readings_of, repair, replace_word, simplify_table, spell)

# bm25 weights of the FTS columns: question, keywords, answer, readings, concepts, asked (the ways
# players ask for the document: its `asked` phrasings and the questions of faq/questions/).
WEIGHTS = (3.0, 2.0, 1.0, 0.5, 2.0, 2.0)

# The ranking's knobs, tuned on tests/search/queries-*.toml and on faq/questions/ held out
# (scripts/search_quality.py --held-out), never on the blind set in tests/search/blind/.
PARAMS = {
    "text": 25.0,       # bm25, scaled so that the best document has this (0: unscaled)
    "card": 4.0,        # per matched card (see _card_score)
    "fuzzy": 30.0,      # question similarity, 0..1
    "pool": 25,         # candidates re-ranked with the fuzzy matcher
    "text_pool": 80,    # the best text matches that are candidates at all (speed)
    "subject": 0.85,    # ... the document's subject card counts this much more
    "missing": 0.2,     # ... each card of the document the query does not name, against
    "no_card": 8.0,     # a document about a card, for a query naming none
    "actor": 4.0,       # the card acting in the document's question is the query's first card
    "reversed": 7.0,    # ... is another card the query names (roles reversed), against
    "stranger": 14.0,   # the document's acting card and subject are both cards the query does not name
    "concept": 25.0,    # the share of the query's concepts its question asks about (0..1)
    "answered": 0.8,    # ... a concept only its answer mentions counts this much
    "same_cards": 3.0,  # the document concerns no card but those the query names
    "all_cards": 6.0,   # the document concerns every card the query names (two or more)
    "form": 2.25,       # the document's question has the query's form (can …? how …?)
    "form_specific": 8.0,  # ... a form few questions have (when …? who …? how many …? what if …?)
    "house": 20.0,      # a document that holds only under a house rule
    "other_edition": 15.0,  # a document of the other edition than the one the query names
    "every_edition": 3.0,   # a document for every edition, when the query names none
    "card_text": 3.0,   # a card's own text, against (rulings and rules answer questions)
    "rule_text": 0.0,   # a rule, against (the FAQ answers the question as asked, when it has one)
    "unsure": 55.0,     # a best score below this is flagged as unsure
    "close": 3.0,       # ... and so is a best score this close to the second
    "close_below": 70.0,  # ... when it is below this (a strong pair of siblings is not a doubt)
    "implied": 0.5,     # weight of a card the query's concepts imply when it names none
    "implied_too": 0.3,  # ... and beside the cards it names (鷹架 … 課稅: the Tax Collector too)
    "foreign_subject": 3.0,  # the document is a ruling on a card the query does not name
    "unasked": 0.0,     # the share of the document's asked concepts the query does not ask, against
    "overview": 3.0,    # a card's own text, for a question about nothing but that card (for)
    "terse": 5.0,       # a card's own text, for a card named with a word or two and no question (diplomat swap)
    "deed": 1.5,        # ... when it names a deed: a concept at least this rare (idf; gold, cards and build are not)
    "main_entry": 8.0,  # ... and the card's ruling asked as "how does it work", for that query
    "name_alone": 30.0,  # a card's own text, for a query that is nothing but one of its names (钟楼, 兵工厂)
    "comparison": 15.0,  # a rule comparing the editions, for a query that asks for no comparison (against)
    "second": 0.2,      # the question similarity counts the second closest phrasing this much
    "literal": 0.9,     # ... unless the closest is at least this similar
    "foreign_actor": 6.0,  # the document's acting card is none of the two or more the query names (against)
    "whole_for_card": 10.0,  # ... the whole table of them, for a question comparing one card (against)
    "card_row": 5.0,    # a card's row of the comparison, for a query comparing that card's editions
    "opposite": 15.0,   # a document asked of the opposite of what the query asks (face up, for face down)
    "same_rank": 30.0,  # a rule on ranks naming no card, for a query naming two characters of one rank
    "other_count": 6.0,  # a document asked about another number of players than the query's (against)
    "absent": 10.0,     # the whole table, for a question naming a card one edition lacks ("no Bell Tower in 2016")
    "narrower": 6.0,    # a rule's row of the editions compared, for a question on the editions as a whole (against)
}


_COMMON_FORMS = {"yes-no", "how"}   # the forms most questions have
# Concepts that ask nothing of a card beyond what it is or does (its ability, that it is a character).
_OVERVIEW_CONCEPTS = {"ability", "character", "district", "unique"}
# The concept of a question that compares the editions (新舊版差別, "what changed"): the rules
# that compare them (`referee rules editions`) answer it, and no other question.
_COMPARE = lexicon_mod.COMPARE
# What a card's own text states, asked of it in a word (「大學 分數」, "keep cost").
_CARD_FACTS = {"score", "cost"}
# The lexicon's concepts of a number of players.
_COUNTS = {f"{n}-players" for n in ("two", "three", "four", "five", "six", "seven", "eight")}
# What a card's own facts say (its rank, its cost), which its two editions' texts compare.
_ONE_CARD_FACTS = {"rank", "cost", "duplicate", "cards"}


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
    editions: list[str] = field(default_factory=list)        # the editions it names (新版: 2016)
    alone: set[str] = field(default_factory=set)   # the cards a query that is only a name means
    absent: set[str] = field(default_factory=set)  # cards it names that an edition it names lacks
    same_rank: bool = False   # it names two characters of one rank (the Witch and the Assassin)
    implied: set[str] = field(default_factory=set)   # the cards its concepts imply (拆: the Warlord)
    aside: set[str] = field(default_factory=set)     # the cards it sets aside ("without the Architect")
    undergoes: set[str] = field(default_factory=set)  # the cards it says something is done to (國王被殺)

    @property
    def actor(self) -> str | None:
        return next((card for card in self.cards if card not in self.aside), None)


@dataclass
class Hit:
    id: str
    score: float
    kind: str = "faq"          # faq | rule | card
    unsure: bool = False


def parse(conn: sqlite3.Connection, query: str, edition: str | None = None) -> Parsed:
    rows = char_rows(conn, fold(query))
    simplify = simplify_table(rows)
    lex = lexicon_mod.load(conn)
    # Colloquial forms first (係咪 → 是不是, 冇 → 沒有): what follows reads the written words.
    folded = lex.standard(fold(query, simplify))
    names = card_names(conn, edition)
    folded = _join_split_names(folded, names)
    spelled = spell(conn, folded, names)
    fixed = folded
    for typo, right in spelled.items():
        fixed = replace_word(fixed, typo, right)
    readings = {c: r[1].split() for c, r in rows.items()} | readings_of(conn, fixed, rows)
    repaired = repair(conn, fixed, readings, named_chars(fixed, names), known_word_chars(lex, fixed, names),
                      name_bigrams(names), lex.steady)
    for typo, right in repaired.items():
        fixed = fixed.replace(typo, right)
    # What the pair-by-pair repair left: a longer name misheard where a pair looked sound (象牙他).
    misheard = name_slips(conn, fixed, names, readings)
    for typo, right in misheard.items():
        fixed = fixed.replace(typo, right)
    repaired.update(misheard)
    spoken: list[str] = []
    cards = detect_cards(fixed, names, spoken, lex)
    # The words that say what is asked (can …? 怎麼辦) steer by form, not by matching text.
    query_terms = terms(lex.content(fixed, names))
    query_terms += _canonical_terms(conn, spoken, names, query_terms)
    concepts = lex.concepts(fixed, names)
    # An English question's form is in the first words of a clause ("poor house, when do you get
    # the gold" asks when, not yes or no); one without a form there has the form of any word.
    forms = lex.forms(fixed, names) if CJK.search(fixed) else (
        lex.head_forms(fixed, names, r"[.?!,;:]+|\s[-–—]\s") or lex.forms(fixed, names))
    meaningful = bool(cards or concepts) or any(not lex.is_stop(t) for t in query_terms)
    both = Parsed(fixed, [], editions=lex.editions(fixed, names))
    if (_COMPARE not in concepts and not forms and _both_editions(both)
            and len(set(concepts) - _OVERVIEW_CONCEPTS) <= 1):
        # 「新舊版」, "warlord classic 2016", 「銀行 新舊版」: the two editions named and nothing
        # asked of them but one card or one thing (how it differs).
        concepts.append(_COMPARE)
    keys = list(dict.fromkeys(spoken))
    groups = [set(names[key]) for key in keys]
    cards, groups = _modifier_first(fixed, cards, groups, keys, lex)
    aside = _without(fixed, groups, keys)
    if aside:
        cards = {c: w for c, w in cards.items() if c not in aside} | {c: PARAMS["implied_too"] for c in cards if c in aside}
        groups = [g for g in groups if not g <= aside]
    editions = lex.editions(fixed, names)
    if (_COMPARE not in concepts and len(editions) > 1 and len(groups) == 1
            and not {c for c in concepts if not groups[0] & set(lex.implies.get(c, ()))}
            - _OVERVIEW_CONCEPTS - _ONE_CARD_FACTS):
        # "Is the Tax Collector rank 2 or 9? My Dark City card says 2 but the new box …": one
        # card and both editions named, nothing asked of it but what it is.
        concepts.append(_COMPARE)
    if _COMPARE not in concepts and _mixes(fixed, concepts, both):
        # 「舊版的卡跟新版的混在一起玩」: whether the two editions' cards go together is the
        # comparison's to say (which cards each has), not the rules of cards kept apart in one game.
        concepts = [c for c in concepts if c not in _MIXED] + [_COMPARE]
    elif _COMPARE not in concepts and _only_one_edition(fixed, concepts, editions, groups):
        # "characters that are only in the 2016 edition": the cards one edition lacks.
        concepts.append(_COMPARE)
    absent = _absent(conn, groups, editions)
    if absent and _COMPARE not in concepts:
        # "why is there no Bell Tower in the new edition", 「新版里还有钟楼吗」: a card one edition
        # lacks, asked of that edition, asks how the editions differ (which cards each has).
        concepts.append(_COMPARE)
    query_terms += [concept_term(c) for c in concepts]
    if not cards:   # 房屋稅 is the Tax Collector's, 美化 the Artist's: cards the question implies
        cards = {card: PARAMS["implied"] for c in concepts for card in lex.implies.get(c, [])}
    else:   # 「鷹架…會被課稅嗎」: the Tax Collector too, after the cards named
        cards.update({card: PARAMS["implied_too"] for c in concepts for card in lex.implies.get(c, []) if card not in cards})
    return Parsed(fixed, query_terms, cards, {**spelled, **repaired}, concepts, forms, meaningful, groups,
                  editions, _named_alone(fixed, spoken, names), absent, _same_rank(conn, groups),
                  {card for c in concepts for card in lex.implies.get(c, [])}, aside, undergoing(fixed, names, lex))


_RANK = "rank"   # the lexicon's concept of a character's number


def _without(folded: str, groups: list[set[str]], keys: list[str]) -> set[str]:
    """The cards named after "without" ("build two districts without the Architect"): what the
    question sets aside. They neither act nor are asked about (the rule for everyone answers),
    and count only a little, as cards its words imply."""
    said = [w for _, w in latin_words(folded)]
    gone: set[str] = set()
    for i, word in enumerate(said):
        if word == "without":
            following = "".join(w for w in said[i + 1:i + 4] if w not in ("the", "a", "an", "any"))
            gone.update(c for key, group in zip(keys, groups) if key.isascii() and following.startswith(key) for c in group)
    return gone


def _modifier_first(folded: str, cards: dict[str, float], groups: list[set[str]], keys: list[str],
                    lex) -> tuple[dict[str, float], list[set[str]]]:
    """The card that acts first, when the card named first only says which district is meant:
    「藝術家美化過的建築元帥能搶嗎」 (the Artist's own deed, then 的, before the Marshal is named):
    the Marshal acts. (English puts such a clause after its noun, "a district the Artist
    beautified", and the card named first acts.)"""
    if len(keys) < 2:
        return cards, groups
    first, second = keys[0], keys[1]
    start, end = folded.find(first), folded.find(second)
    if not (CJK.match(first) and CJK.match(second) and 0 <= start < end):
        return cards, groups
    between = folded[start + len(first):end]
    own = [at for at, concept in lex.find(between, "concept") if groups[0] & set(lex.implies.get(concept, ()))]
    if not own or "的" not in between[own[0]:]:
        return cards, groups
    lead = groups[1]
    ordered = {c: w for c, w in cards.items() if c in lead} | {c: w for c, w in cards.items() if c not in lead}
    return ordered, [lead, groups[0], *groups[2:]]

# Words that put the two editions' cards into one game ("mix", 混在一起, 混進); the lexicon's
# "same-game" holds its Chinese forms, but 混 alone also mixes gold and cards (航海家混著拿).
_MIX_WORDS = {"mix", "mixing", "mixed", "combine", "combining"}
_MIX_ZH = ("混进", "混入", "混合", "混着玩", "混起来")
_SAME_GAME = "same-game"
# What one edition alone has ("only in the 2016 edition", 「新版才有」, 「新版獨有」): with
# characters, districts or cards asked of and no card named, the list of the cards one edition lacks.
_ONLY_WORDS = {"only", "exclusive", "exclusively"}
_ONLY_ZH = ("才有", "独有", "专属", "特有", "只有")
_KINDS_OF_CARD = {"character", "district", "unique", "cards"}
_MIXED = {_SAME_GAME, "cards"}   # what mixing the editions' cards says besides the comparison


def _mixes(folded: str, concepts: list[str], both: Parsed) -> bool:
    """Whether a question puts both editions' district cards into one game."""
    mixing = _says(folded, _MIX_WORDS, _MIX_ZH) or (_SAME_GAME in concepts and "混" in folded)
    # (Characters mixed in are the cast's rules: the 2016 box holds the Dark City's characters,
    # and `setup.characters.*` say which play.)
    return mixing and _both_editions(both) and "character" not in concepts


def _only_one_edition(folded: str, concepts: list[str], editions: list[str], groups: list) -> bool:
    """Whether a question asks for the cards only one edition has (no card named)."""
    if len(editions) != 1 or groups or not _KINDS_OF_CARD & set(concepts):
        return False
    return _says(folded, _ONLY_WORDS, _ONLY_ZH)


def _says(folded: str, english: set[str], chinese: tuple[str, ...]) -> bool:
    """Whether a question says one of these English words or holds one of these Chinese ones."""
    return bool(set(words(folded)) & english) or any(w in folded for w in chinese)


def _same_rank(conn: sqlite3.Connection, groups: list[set[str]]) -> bool:
    """Whether two names the query says are characters of one rank in some edition (the Witch
    and the Assassin; a name that may mean several cards counts by each of them)."""
    if len(groups) < 2:
        return False
    cache = _cache(conn)
    if "ranks" not in cache:
        ranks: dict[str, set[tuple[str, int]]] = {}
        for card, edition, rank in conn.execute("SELECT id, edition, rank FROM cards WHERE kind = 'character'"):
            if rank is not None:
                ranks.setdefault(card, set()).add((edition, rank))
        cache["ranks"] = ranks
    ranks = cache["ranks"]
    for at, group in enumerate(groups):
        for other in groups[at + 1:]:
            if group & other:
                continue   # (皇帝 may be the King: 國王 皇帝 names one card twice)
            held = {slot for card in group for slot in ranks.get(card, ())}
            if held & {slot for card in other for slot in ranks.get(card, ())}:
                return True
    return False


def _absent(conn: sqlite3.Connection, groups: list[set[str]], editions: list[str]) -> set[str]:
    """The cards named that an edition the query names does not have (a name that may mean
    several cards counts only when none of them is in it: 主教 is in both)."""
    if not groups or not editions:
        return set()
    cache = _cache(conn)
    if "card_editions" not in cache:
        held: dict[str, set[str]] = {}
        for card, edition in conn.execute("SELECT id, edition FROM cards"):
            held.setdefault(card, set()).add(edition)
        cache["card_editions"] = held
    held = cache["card_editions"]
    return {card for group in groups for edition in editions
            if not any(edition in held.get(c, ()) for c in group) for card in group}


def _join_split_names(folded: str, names: dict) -> str:
    """A one-word English card name typed as two words ("light house", "grave yard"), joined.
    (Names of two words are read as typed: their keys are written without the blank, and the
    question's likeness compares the words "wishing well" with the phrasings' words.)"""
    said = latin_words(folded)
    for (first, a), (second, b) in reversed(list(zip(said, said[1:]))):
        first_end, second_end = first.start() + len(first.group()), second.start() + len(second.group())
        one_word = a + b in names and all("-" not in card for card in names[a + b])   # ids are the English names
        if one_word and a not in names and b not in names and not folded[first_end:second.start()].strip():
            folded = folded[:first.start()] + a + b + folded[second_end:]
    return folded


def _named_alone(fixed: str, spoken: list[str], names: dict) -> set[str]:
    """The cards meant when the query is one card name and nothing else (「钟楼」, "the armory"):
    the player wants the card itself, which no phrasing of a side ruling matches as well as the
    card's printed name does when the name typed is an alias."""
    if len(set(spoken)) != 1:
        return set()
    rest = compact(fixed, "").replace(spoken[0], "", 1)
    return set(names[spoken[0]]) if rest in _ONLY_A_NAME else set()


# What may stand beside a card's name in a query that asks for nothing but the card: an article,
# "what is …" (「鐘樓是什麼」, "what's the bell tower") or "how does … work" (「巫師怎麼用」),
# folded and without blanks.
_ONLY_A_NAME = {"", "the", "a", "an", "whatis", "whatisthe", "whatisa", "whats", "whatsthe", "what", "whatthe",
                "howdoesthework", "howdoeswork", "howdoestheworks", "whatdoesthedo", "whatdoesdo", "howtousethe",
                "howtouse", "howtoplaythe", "howtoplay", "explainthe", "explain",
                "是什么", "是啥", "是谁", "什么是", "是什么牌", "是什么卡", "是什么角色", "是什么建筑", "是哪张牌", "是哪张",
                "是干嘛的", "是做什么的", "干嘛的", "做什么的", "怎么用", "怎么玩", "能力", "的能力", "能力是什么",
                "的能力是什么", "有什么用", "有啥用", "怎么运作", "的功能", "功能", "效果", "的效果", "是什么效果"}


def name_bigrams(names: dict) -> set[str]:
    """The bigrams of the Chinese card names (folded), which a same-sound slip may be mended to."""
    grams = set()
    for key in names:
        if len(key) >= 2 and CJK.match(key):
            grams.update(key[i:i + 2] for i in range(len(key) - 1))
    return grams


def _canonical_terms(conn: sqlite3.Connection, spoken: list[str], names: dict, known: list[str]) -> list[str]:
    """The terms of the canonical names of cards the query names in words the corpus (almost)
    never uses: a query that says 钟楼 finds the entries written with 钟塔. (Names the corpus does
    use already match as they are; expanding them would only add noise.)"""
    unused = [key for key in spoken
              if max(doc_freq(conn, set(terms(key)) or {key}).values(), default=0) <= REPAIR["rare_df"]]
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


def _match_expr(query_terms: list[str]) -> str:
    """Any of the terms; a lone Chinese character matches the bigrams it starts."""
    unique = dict.fromkeys(query_terms)
    return " OR ".join('"' + t.replace('"', '""') + '"' + ("*" if len(t) == 1 and CJK.match(t) else "")
                       for t in unique)


class Doc:
    """What the ranking needs of one document (a row of `search_docs`)."""

    __slots__ = ("key", "kind", "id", "cards", "editions", "subject", "actor", "forms", "asked", "answered", "house",
                 "undergoes")

    def __init__(self, key, kind, ident, cards, editions, subject, actor, forms, asked, answered, house, undergoes):
        self.key, self.kind, self.id = key, kind, ident
        self.cards, self.editions = cards.split(), editions.split()
        self.subject, self.actor, self.forms, self.house = subject, actor, forms.split(), bool(house)
        self.asked, self.answered = set(asked.split()), set(answered.split())
        self.undergoes = set(undergoes.split())   # the cards its question says something is done to


_CACHE: dict = {}   # per connection: {"conn", "docs": {key: Doc}, "idf": {concept: idf}}


def _cache(conn: sqlite3.Connection) -> dict:
    if _CACHE.get("conn") is not conn:
        _CACHE.clear()
        _CACHE.update(conn=conn, docs={}, idf=dict(conn.execute("SELECT concept, idf FROM search_concept_idf")))
    return _CACHE


def _restated(conn: sqlite3.Connection) -> dict[str, str]:
    """FAQ entry id → the rule it restates, read once per connection."""
    cache = _cache(conn)
    if "restated" not in cache:
        try:
            cache["restated"] = dict(conn.execute("SELECT id, restates FROM faq WHERE restates IS NOT NULL"))
        except sqlite3.OperationalError:     # a database built without FAQ entries
            cache["restated"] = {}
    return cache["restated"]


def documents(conn: sqlite3.Connection, keys) -> dict[str, Doc]:
    """The metadata of the documents `keys`, read once per connection: a search reads only its
    candidates (a command answers one query; tests and tuning answer hundreds)."""
    docs = _cache(conn)["docs"]
    missing = [key for key in keys if key not in docs]
    for start in range(0, len(missing), 500):
        chunk = missing[start:start + 500]
        docs.update((row[0], Doc(*row)) for row in conn.execute(
            "SELECT key, kind, id, cards, editions, subject, actor, forms, asked, answered, house, undergoes FROM search_docs"
            f" WHERE key IN ({','.join('?' * len(chunk))})", chunk))
    return docs


def _counterpart(conn: sqlite3.Connection, parsed: Parsed, doc: Doc) -> bool:
    """Whether a ruling is on another card of the one rank the query's single card has, and
    lists that card among its own (the King's crown, "the same holds for the Patrician")."""
    if len(parsed.groups) != 1 or not doc.subject or doc.subject in parsed.cards:
        return False
    named = [card for card in parsed.groups[0] if card in doc.cards]
    return bool(named) and _same_rank(conn, [{doc.subject}, set(named)])


def _rank_documents(conn: sqlite3.Connection) -> list[str]:
    """The documents asked about ranks that name no card (one character of each rank)."""
    return _documents_asking(conn, "rank_docs", "cards = ''", _RANK)


def _comparison_documents(conn: sqlite3.Connection) -> list[str]:
    """The rules comparing the editions (the overview and its rows)."""
    return _documents_asking(conn, "compare_docs", "kind = 'rule'", _COMPARE)


def _documents_asking(conn: sqlite3.Connection, name: str, where: str, concept: str) -> list[str]:
    """The documents (of those `where` selects) asked about `concept`, read once per database."""
    cache = _cache(conn)
    if name not in cache:
        cache[name] = [key for key, asked in conn.execute(
            f"SELECT key, asked FROM search_docs WHERE {where}") if concept in asked.split()]
    return cache[name]


def _card_documents(conn: sqlite3.Connection, cards) -> list[str]:
    cards = list(cards)
    if not cards:
        return []
    return [key for (key,) in conn.execute(
        f"SELECT key FROM search_doc_cards WHERE card IN ({','.join('?' * len(cards))})", cards)]


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
    idf = _cache(conn)["idf"]
    scores: dict[str, float] = {}
    if parsed.terms:
        sql = (f"SELECT key, bm25(search_fts, 0, {', '.join(map(str, WEIGHTS))}) FROM search_fts"
               " WHERE search_fts MATCH ? ORDER BY 2 LIMIT ?")
        for key, rank in conn.execute(sql, (_match_expr(parsed.terms), PARAMS["text_pool"])):
            scores[key] = -rank
        if PARAMS["text"] and scores:
            # On a scale of its own: a long query's bm25 sums would outweigh everything else.
            top_score = max(scores.values()) or 1.0
            scores = {k: PARAMS["text"] * v / top_score for k, v in scores.items()}
    # One pass over the candidates, the score kept in parts only when explained (speed: ~200 a query).
    candidates = set(scores)
    candidates.update(_card_documents(conn, parsed.cards))  # a document about a card the query names
    if parsed.same_rank:   # (the rules on ranks, whatever words the question uses)
        candidates.update(_rank_documents(conn))
    # 「新舊版差別」, "old warlord vs new warlord difference", 「領主跟軍閥差在哪」: a difference
    # asked of the editions (one named, old and new, or a card by its two editions' names), not
    # of two things in one game (天文台和普通抽牌有啥区别).
    compares = _COMPARE in parsed.concepts and bool(
        parsed.editions or _both_editions(parsed) or (len(parsed.groups) > 1 and len(parsed.cards) == 1)
        or _changed(parsed.text) or _one_thing_compared(parsed))
    if compares:   # (the comparison's rows, whatever words the question uses: 「舊版的卡…混在一起」)
        candidates.update(_comparison_documents(conn))
    docs = documents(conn, candidates)
    weights = {c: idf.get(c, 0.0) for c in parsed.concepts}
    total = sum(weights.values())
    forms = set(parsed.forms)
    counts = _COUNTS & set(parsed.concepts)
    # "How does the Witch work?", 「經典版巫師 能力」, "haunted quarter": one card and nothing asked
    # of it but what it is or does, which its own text answers best.
    overview = (len(parsed.cards) == 1 or len(parsed.groups) == 1) and not (
        set(parsed.concepts) - _OVERVIEW_CONCEPTS - (_CARD_FACTS if not forms else set())) and forms <= {"how", "yes-no"}
    # "diplomat swap", 「魔術師 換牌」: a card and a word or two of what it does, no question asked:
    # the card's own text is among the answers, beside the rulings on that word.
    # (A deed is a rare concept: 「住持 最有錢」 asks about gold, which every other ruling mentions.)
    terse = (len(parsed.groups) == 1 and not forms and len(parsed.concepts) <= 2 and _few_words(parsed.text)
             and any(idf.get(c, 0.0) >= PARAMS["deed"] for c in parsed.concepts))
    # "classic vs 2016", 「新舊版差別」: the editions as a whole, no card or rule asked of them.
    whole = compares and not parsed.cards and not set(parsed.concepts) - _OVERVIEW_CONCEPTS - {_COMPARE}
    # "in the new edition", 「舊版」: that edition's rule, unless the table plays it anyway.
    named_edition = (parsed.editions[0] if len(parsed.editions) == 1 and not edition
                     and not _old_and_new(parsed.text) else None)   # (新舊版 names both)
    parts: dict[str, dict[str, float]] = {}
    text_scores, scores = scores, {}
    for key in candidates:
        doc = docs[key]
        part = {"text": text_scores.get(key, 0.0)}
        if total:
            shared = sum(w * (1.0 if c in doc.asked else PARAMS["answered"] if c in doc.answered else 0.0)
                         for c, w in weights.items())
            if compares and doc.kind == "faq" and _COMPARE in weights and (_COMPARE in doc.asked or _COMPARE in doc.answered):
                # How the editions differ is the comparison's to say (its rows, a card's two
                # texts); a ruling that words a difference (the Diplomat's difference in cost,
                # 「差價」) or is asked with "new edition" in it does not answer it.
                shared -= weights[_COMPARE] * (1.0 if _COMPARE in doc.asked else PARAMS["answered"])
            if (compares and doc.kind == "card" and doc.id in parsed.cards
                    and _COMPARE not in doc.asked and _COMPARE not in doc.answered):
                # A card's own text shows both editions' texts: it answers whether they differ
                # (the Assassin's did not change, and has no row of its own), as its row does better.
                shared += PARAMS["answered"] * weights.get(_COMPARE, 0.0)
            part["concept"] = PARAMS["concept"] * shared / total
        opposed = {_OPPOSITE[c] for c in weights if c in _OPPOSITE and c not in doc.asked} & doc.asked
        if opposed:
            # "the face down discarded character": the ruling asked of the face-up discard answers
            # the other card.
            part["opposite"] = -PARAMS["opposite"]
        if doc.asked and PARAMS["unasked"]:
            # A question about more than the query asks (the Magician with an empty hand, for
            # "can the Magician swap with another player") answers a narrower case.
            extra = sum(idf.get(c, 0.0) for c in doc.asked if c not in weights)
            part["unasked"] = -PARAMS["unasked"] * extra / sum(idf.get(c, 0.0) for c in doc.asked)
        if parsed.cards:
            part["card"] = PARAMS["card"] * _card_score(parsed.cards, doc.cards, doc.subject, parsed.groups)
            if doc.kind == "card" and _names_only(parsed):
                # 「刺客 國王」: one card's own text says nothing of the other; what the two do to
                # each other is a ruling's (the crown of a killed King).
                part["role"] = 0.0
            elif _counterpart(conn, parsed, doc):
                # 「貴族被刺殺了，皇冠還給他嗎」: the ruling on the King's crown, which says the same
                # holds for the Patrician (it lists him), answers for him: no stranger's ruling.
                part["role"] = 0.0
            else:
                part["role"] = _role_score(parsed, doc)
                if doc.cards and all(c in parsed.cards for c in doc.cards):
                    part["role"] += PARAMS["same_cards"]
        elif doc.subject or (compares and doc.cards and _COMPARE in doc.asked):
            part["no_card"] = -PARAMS["no_card"]   # (how the editions differ: the table, not one card's row)
        if doc.subject in parsed.aside:   # (a ruling on the Architect, for "… without the Architect")
            part["no_card"] = -PARAMS["no_card"]
        if parsed.same_rank and _RANK in doc.asked and not doc.cards:
            # 「女巫被刺客殺掉的話…」, "Spy and Blackmailer in the same game": two characters of
            # one rank never play together, which answers it whatever else is asked.
            part["same_rank"] = PARAMS["same_rank"]
        if key not in text_scores and not any(part.values()):
            continue
        shared_forms = forms.intersection(doc.forms) if forms else ()
        if shared_forms:   # "when …?" is asked by fewer questions than "can …?": it tells more
            part["form"] = PARAMS["form_specific"] if shared_forms - _COMMON_FORMS else PARAMS["form"]
        asked_counts = _COUNTS & doc.asked
        if asked_counts and counts and not asked_counts & counts:
            # 「三人局每人兩個角色…」: the two-player rules answer no question about three players.
            part["count"] = -PARAMS["other_count"]
        if doc.house:
            part["house"] = -PARAMS["house"]
        if named_edition and named_edition not in doc.editions:
            part["edition"] = -PARAMS["other_edition"]
        elif not named_edition and not edition and len(doc.editions) > 1 and PARAMS["every_edition"]:
            part["edition"] = PARAMS["every_edition"]   # no edition named: the answer for both first
        if doc.kind == "card":
            part["card_text"] = (PARAMS["overview"] if overview else PARAMS["terse"] if terse and doc.id in parsed.cards
                                 else -PARAMS["card_text"])
            if doc.id in parsed.alone:
                part["name_alone"] = PARAMS["name_alone"]
        elif doc.subject in parsed.alone and "how" in doc.forms and doc.kind == "faq":
            # 「間諜」 alone: after the card, the ruling on how it works (a question of the form
            # "how does …"), before the side rulings.
            part["name_alone"] = PARAMS["main_entry"]
        elif doc.kind == "rule":
            part["rule_text"] = -PARAMS["rule_text"]
            # A comparison of the editions answers a question comparing them; one comparing a
            # card's (the Wizard, whose rules did not change) is answered by its row or the card.
            if _COMPARE in doc.asked and compares and parsed.absent and doc.asked == {_COMPARE} and not doc.cards:
                # The whole table lists the cards only one edition has.
                part["comparison"] = PARAMS["absent"]
            elif _COMPARE in doc.asked and compares and parsed.cards and doc.asked == {_COMPARE} and not doc.cards:
                # The whole table, for a card compared: below the card's row (or its text, when
                # its rules did not change), above other cards' rows.
                part["comparison"] = -PARAMS["whole_for_card"]
            elif _COMPARE in doc.asked and (not compares or (parsed.cards and not doc.cards)):
                part["comparison"] = -PARAMS["comparison"]
            elif compares and whole == bool(doc.asked - {_COMPARE} or doc.cards):
                # The bank's row, for "classic vs 2016"; the editions as a whole, for "tie break old vs new".
                part["comparison"] = -PARAMS["narrower"]
            elif compares and _COMPARE in doc.asked and doc.cards and set(doc.cards) <= set(parsed.cards):
                # The row of the card compared (「老版皇后和新版女王…拿錢條件一樣嗎」): before the
                # rulings on what the card does in one edition.
                part["comparison"] = PARAMS["card_row"]
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
    # Equal scores: the FAQ's answer, then the closer text match, then the id (stable output).
    text_of = {(docs[key].kind, docs[key].id): text_scores.get(key, 0.0) for key in pool}
    hits.sort(key=lambda h: (-h.score, h.kind != "faq", -text_of[(h.kind, h.id)], h.id))
    # A FAQ entry and the rule it restates (draft.eight-players-rank9, draft.eight-players): one hit.
    same = _restated(conn)
    seen: set[str] = set()
    hits = [h for h in hits if not (same.get(h.id, h.id) in seen or seen.add(same.get(h.id, h.id)))][:top]
    # Unsure: a weak best hit, or a middling one with a runner-up so close that the two could
    # swap (on the question sets held out, 28 % of the wrong first hits are flagged and 8 % of
    # the right ones: a flagged first hit is wrong about one time in four, an unflagged one
    # about one in thirteen).
    if hits and (hits[0].score < PARAMS["unsure"] or (
            len(hits) > 1 and hits[0].score < PARAMS["close_below"]
            and hits[0].score - hits[1].score < PARAMS["close"])):
        for hit in hits:
            hit.unsure = True
    return hits


# Concepts that exclude each other: a question asked of one is not answered by a ruling asked of the other.
_OPPOSITE = {"face-up": "face-down", "face-down": "face-up"}


_OLD = {"old", "older", "original", "旧", "老"}
_NEW = {"new", "newer", "revised", "新"}


_BOTH = {"editions", "versions", "版本", "两版", "两个版"}   # the editions together, neither named


# Words that say a rule changed over time, which only the editions did ("what changed about the
# Witch", 「女巫改了什麼」); a difference alone may be between two things of one game (天文台和
# 普通抽牌有啥区别).
_CHANGED_WORDS = {"changed"}
_CHANGE_ASKED = ({"change"}, {"did", "has", "have"})   # "did the Witch change", "has the bank change(d)"
_CHANGED_ZH = ("改了", "变了", "改动", "改过", "有改", "有没有改", "有变", "有没有变")


def _changed(folded: str) -> bool:
    said = set(words(folded))
    return (bool(said & _CHANGED_WORDS) or all(said & group for group in _CHANGE_ASKED)
            or any(w in folded for w in _CHANGED_ZH))


def _one_thing_compared(parsed: Parsed) -> bool:
    """"warlord differences", "bank differences": a difference asked of one thing alone, which
    only the editions can differ in (天文台和普通抽牌有啥区别 asks of two things in one game)."""
    others = set(parsed.concepts) - _OVERVIEW_CONCEPTS - {_COMPARE}
    return not parsed.forms and len(others) + len(parsed.groups) == 1


def _old_and_new(folded: str) -> bool:
    """Whether a question speaks of an old and a new version of something (旧…新, old … new)."""
    said = set(words(folded)) | set(CJK.findall(folded))
    return bool(said & _OLD) and bool(said & _NEW)


def _both_editions(parsed: Parsed) -> bool:
    """Whether a question speaks of both editions: names each (classic vs 2016), an old and a new
    version of something (新舊版), or the editions together ("editions", 版本)."""
    return (len(parsed.editions) > 1 or _old_and_new(parsed.text)
            or bool(set(words(parsed.text)) & _BOTH) or any(w in parsed.text for w in _BOTH if CJK.match(w)))


def _role_score(parsed: Parsed, doc: Doc) -> float:
    """The card acting in the document's question against the query's cards: the same actor
    helps; a document whose actor and subject are both cards the query never names hurts (the
    Armory's ruling on the Keep does not answer whether the Warlord may destroy it); a document
    about every card the query names helps."""
    if doc.actor and not {doc.actor, doc.subject} & (set(parsed.cards) | parsed.implied):
        # (「龍門拆掉要幾塊錢」: 拆 is the Warlord's, whose ruling on the Dragon Gate answers it)
        return -PARAMS["stranger"]
    score = 0.0
    if doc.subject and doc.subject not in parsed.cards:
        score -= PARAMS["foreign_subject"]   # a ruling on another card, which mentions this one
    if len(parsed.groups) >= 2 and all(group & set(doc.cards) for group in parsed.groups):
        score += PARAMS["all_cards"]
    if doc.actor and doc.actor not in parsed.cards and len(parsed.groups) >= 2:
        score -= PARAMS["foreign_actor"]   # the query names who acts; the Warlord is not the Armory
    if _SHIELDED in parsed.concepts and len(parsed.groups) >= 2:
        return score   # "does the Bishop protect against the Armory": the card named first acts on nothing
    if _names_only(parsed):
        return score   # 「刺客 國王」 says what meets what, not who acts: the killed King's crown answers it
    if doc.actor and doc.actor == parsed.actor:
        score += PARAMS["actor"]
    elif (doc.actor and doc.actor in parsed.cards and len(parsed.groups) >= 2
          and doc.actor not in doc.undergoes & parsed.undergoes):
        # The query's target acts in the document (the robbed Thief robbing); unless the document
        # too only does something to it ("the King next to me was assassinated", for "the King got killed").
        score -= PARAMS["reversed"]
    return score


def _few_words(folded: str) -> bool:
    """Whether a query is a few words, as typed in a search box (three English words, or eight
    Chinese characters)."""
    return len(words(folded)) <= 3 and len(compact(folded, "")) <= (8 if CJK.search(folded) else 30)


def _names_only(parsed: Parsed) -> bool:
    """A query of two or more card names and nothing asked of them (「刺客 國王」, "warlord great wall")."""
    return len(parsed.groups) >= 2 and not parsed.concepts and not parsed.forms


# The concept of a card shielding from another ("the Bishop protects against the Warlord",
# 「主教防軍閥」): the first card named is the one shielded, and the other acts.
_SHIELDED = "protect"


def _similarity(conn: sqlite3.Connection, parsed: Parsed, keys: list[str]) -> dict[str, float]:
    """How closely the query reads like each document's question or one of the ways players ask
    for it (0..1): the Dice coefficient of their character pairs in Chinese, of their words in
    English. Set arithmetic, cheap enough for a dozen phrasings of two dozen candidates; on the
    tuning sets it ranks as well as rapidfuzz's ratios did, whose import would cost every
    `referee faq` about 10 ms (rapidfuzz still mends misspelt words: repair.spell)."""
    zh = pairs(_in_chinese(conn, parsed)) if CJK.search(parsed.text) else set()
    en = set(likeness_words(parsed.text))
    if zh:   # "Emperor 皇帝 assassinated 皇冠" is not 「皇帝 皇冠」 alone: its other English words count, unmatched
        zh |= _latin_words_left(conn, parsed)
    if not any(w.isalpha() for w in en):   # (a Chinese question's "+4" is no English phrasing's 4)
        en = set()
    elif zh:   # "wizard 拿牌" is not the word "wizard" alone: its Chinese words count, unmatched
        en |= {run for run in runs(parsed.text) if CJK.match(run)}
    zh_phrasings = _phrasings(conn, keys, "zh") if zh else {}
    en_phrasings = _phrasings(conn, keys, "en") if en else {}
    out = {}
    for key in keys:
        lines = [(zh, line) for line in zh_phrasings.get(key, ())]
        lines += [(en, line) for line in en_phrasings.get(key, ())]
        # The closest phrasing, and a little of the next: a document that two players' ways of
        # asking resemble answers more surely than one whose single look-alike shares a few words
        # (held out, each set gains or holds top-1 against the closest alone).
        best = second = 0.0
        for ours, theirs in lines:
            score = _dice(ours, theirs)
            if score > best:
                best, second = score, best
            elif score > second:
                second = score
        # (A phrasing the query all but repeats is that very question: it stands alone.)
        out[key] = best if best >= PARAMS["literal"] else (best + PARAMS["second"] * second) / (1 + PARAMS["second"])
    return out


def _in_chinese(conn: sqlite3.Connection, parsed: Parsed) -> str:
    """A Chinese question as its Chinese phrasings would say it: a card named in English
    ("Warlord 拆 城牆") in its Chinese name, other Latin words left out."""
    whole = compact(parsed.text, "")
    if not parsed.cards or not any(run.isascii() and run.isalpha() for run in runs(parsed.text)):
        return whole
    text = "".join(run for run in runs(parsed.text) if not (run.isascii() and run.isalpha()))
    latin = set(words(parsed.text))
    named = _cache(conn).setdefault("zh_names", {})
    for card in parsed.cards:
        if card not in named:
            row = conn.execute("SELECT name, name_zh_hans FROM cards WHERE id = ? LIMIT 1", (card,)).fetchone()
            named[card] = (set(words(fold(row[0]))), fold(row[1])) if row else (set(), "")
        english, chinese = named[card]
        if english and english <= latin and chinese not in text:
            text += chinese
    return text


def _latin_words_left(conn: sqlite3.Connection, parsed: Parsed) -> set[str]:
    """The English words of a mixed question that `_in_chinese` leaves out: all but the cards'
    names, which it writes in Chinese."""
    latin = {w for w in words(parsed.text) if w.isascii() and w.isalpha()}
    if latin:
        _in_chinese(conn, parsed)   # (fills the cache of the cards' names)
        named = _cache(conn).get("zh_names", {})
        for card in parsed.cards:
            latin -= named.get(card, (set(), ""))[0]
    return latin


def _phrasings(conn: sqlite3.Connection, keys: list[str], script: str) -> dict[str, list[set[str]]]:
    """Each document's question and the ways players ask for it (one a line in `search_docs`) in
    one script: word sets (en), character-pair sets (zh: the build wrote each line's pairs).
    Read once per connection, and only in the script the query is in."""
    cache = _cache(conn).setdefault("phrasings_" + script, {})
    missing = [key for key in keys if key not in cache]
    if missing:
        marks = ",".join("?" * len(missing))
        column = "en" if script == "en" else "zh_pairs"
        for key, lines in conn.execute(f"SELECT key, {column} FROM search_docs WHERE key IN ({marks})", missing):
            cache[key] = [set(line.split()) for line in lines.split("\n") if line]
    return cache


def _dice(ours: set[str], theirs: set[str]) -> float:
    """Shared items against both sides' items: a short query matches a short phrasing better
    than a long question that merely contains its words."""
    return 2 * len(ours & theirs) / (len(ours) + len(theirs)) if ours and theirs else 0.0


def _card_score(wanted: dict[str, float], cards: list[str], subject: str | None,
                groups: list[set[str]] = ()) -> float:
    """The cards the query names against a document's: each shared card counts, the document's
    subject card more, each card of the document the query does not name a little against. A
    name that means several cards (主教: the Bishop or the Cardinal) counts once: the Cardinal's
    ruling that mentions the Bishop answers 「主教」 no better than the Bishop's own."""
    present = [c for c in cards if c in wanted]
    matched, counted = 0.0, set()
    for group in groups:
        meant = [wanted[c] for c in present if c in group]
        if len(group) > 1 and meant:
            matched += max(meant)
            counted |= group
    matched += sum(wanted[c] for c in present if c not in counted)
    if not matched:
        return 0.0
    lead = wanted.get(subject, 0.0) if subject else 0.0
    missing = sum(1 for c in cards if c not in wanted)
    return matched + PARAMS["subject"] * lead - PARAMS["missing"] * missing
