"""How players ask: concepts, question forms and empty words, from data/lexicon.toml.

The build folds every form the way a query is folded and writes them to `search_lexicon`; a
query and every document are read with the same `Lexicon`, so 拆, 摧毀 and "destroy" all
become the concept `destroy`, and 「…怎麼辦」 and "what happens if …" the form `what-happens`.

Chinese forms are found by a leftmost-longest scan of each run of characters, after the card
names in it are taken out (元 is gold, but not inside 元帥); English forms are sequences of
stemmed words.
"""

from __future__ import annotations

import sqlite3

from referee.search.normalise import CJK, fold, runs, terms
from referee.text import DATA_LANGS

CONCEPT_PREFIX = "zz"   # a concept's search term: zz + its id without hyphens (zzdestroy)

def concept_term(concept: str) -> str:
    return CONCEPT_PREFIX + concept.replace("-", "")

# The concept of a question that asks how the editions differ (新舊版差別, "what changed").
COMPARE = "edition-difference"


def lexicon_rows(lexicon: dict, simplify: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """(form, script, kind, id) rows for `search_lexicon`: script is zh or en, kind is concept,
    form or stop. Forms are folded like queries (Chinese to Simplified, English stemmed)."""
    rows: set[tuple[str, str, str, str]] = set()
    for kind, table in (("concept", "concept"), ("form", "form"), ("edition", "edition")):
        for item in lexicon.get(table, []):
            for lang in DATA_LANGS:
                for text in item.get(lang, []):
                    rows.add(_row(text, kind, item["id"], simplify))
    for lang in DATA_LANGS:
        for text in lexicon.get("stopwords", {}).get(lang, []):
            rows.add(_row(text, "stop", "", simplify))
    for text in lexicon.get("stopwords", {}).get("particles", []):
        rows.add(_row(text, "particle", "", simplify))
    for item in lexicon.get("concept", []):
        for card in item.get("cards", []):
            rows.add((item["id"], "en", "implies", card))
    for key, kind in (("en", "ambiguous"), ("after", "after")):
        for text in lexicon.get("ambiguous", {}).get(key, []):
            rows.add(_row(text, kind, "", simplify))
    for script in ("zh", "en"):   # [typed, written]: folded whole (a zhuyin letter is no run)
        for typed, written in lexicon.get("spoken", {}).get(script, []):
            rows.add((fold(typed, simplify).strip(), script, "spoken", fold(written, simplify)))
    return sorted(r for r in rows if r[0])


def _row(text: str, kind: str, ident: str, simplify: dict[str, str]) -> tuple[str, str, str, str]:
    folded = fold(text, simplify)
    if CJK.search(folded):
        return ("".join(runs(folded)), "zh", kind, ident)
    return (" ".join(terms(folded)), "en", kind, ident)


_KINDS = ("concept", "form", "edition", "stop", "particle", "ambiguous", "after")


def shaped(rows) -> dict:
    """The `search_lexicon` rows as the tables a Lexicon reads: zh[kind] and en[kind] map a form
    (English: its stems, joined by blanks) to its id; implies, a concept to its cards; spoken, a
    colloquial form to the written words. The build stores this as one JSON value."""
    tables: dict = {"zh": {kind: {} for kind in _KINDS}, "en": {kind: {} for kind in _KINDS},
                    "implies": {}, "spoken": {}}
    for form, script, kind, ident in rows:
        if kind == "implies":
            tables["implies"].setdefault(form, []).append(ident)
        elif kind == "spoken":
            tables["spoken"][form] = ident
        else:
            tables[script][kind][form] = ident
    return tables


class Lexicon:
    """The folded forms, by script and kind: zh[kind] maps a string, en[kind] a tuple of stems."""

    def __init__(self, tables: dict):
        self.zh: dict[str, dict[str, str]] = tables["zh"]
        self.en: dict[str, dict[tuple[str, ...], str]] = {
            kind: {tuple(form.split()): ident for form, ident in table.items()} for kind, table in tables["en"].items()}
        self.implies: dict[str, list[str]] = tables["implies"]   # concept → the cards it implies
        self.spoken: dict[str, str] = tables["spoken"]           # a colloquial form → the standard written words
        self._spoken_len: int | None = None
        self._found: dict = {}                     # recent find() results (a query reads them thrice)
        self.ambiguous = {key[0] for key in self.en["ambiguous"]}   # card names that are everyday words
        self.after = {key[0] for key in self.en["after"]}           # ... that name the card after these
        # Function words of one character (也, 有, 吗): never a same-sound slip of another.
        self.steady = {k for kind in ("stop", "particle") for k in self.zh[kind] if len(k) == 1}
        self.longest_zh = max((len(k) for table in self.zh.values() for k in table), default=1)
        self.longest_en = max((len(k) for table in self.en.values() for k in table), default=1)

    def standard(self, folded: str) -> str:
        """Folded text with its colloquial forms in standard written words (係咪 → 是不是, 冇 →
        沒有, ㄇ → 嗎, "u" → "you"): leftmost longest; a Latin form only as a whole word."""
        spoken = self.spoken
        if not spoken:
            return folded
        longest = self._longest_spoken
        out, i, n = [], 0, len(folded)
        while i < n:
            for j in range(min(n, i + longest), i, -1):
                form = folded[i:j]
                if form in spoken and (not form[0].isascii() or (
                        (i == 0 or not folded[i - 1].isalnum()) and (j == n or not folded[j].isalnum()))):
                    out.append(spoken[form])
                    i = j
                    break
            else:
                out.append(folded[i])
                i += 1
        return "".join(out)

    @property
    def _longest_spoken(self) -> int:
        if self._spoken_len is None:
            self._spoken_len = max((len(k) for k in self.spoken), default=1)
        return self._spoken_len

    def find(self, folded: str, kind: str, names: dict | None = None) -> list[tuple[int, str]]:
        """(position, id) of each form of `kind` in folded text, in order; for stop words the id
        is the matched text. Card names (keys of `names`) are skipped in Chinese runs."""
        key = (folded, kind, id(names))
        if key not in self._found:
            if len(self._found) > 64:
                self._found.clear()
            self._found[key] = self._find(folded, kind, names)
        return self._found[key]

    def _find(self, folded: str, kind: str, names: dict | None) -> list[tuple[int, str]]:
        found: list[tuple[int, str]] = []
        table = self.zh[kind]
        longest_name = max((len(k) for k in names), default=0) if names else 0
        at = 0
        for run in runs(folded):
            start = folded.find(run, at)
            at = start + len(run)
            if CJK.match(run):
                found.extend((start + i, ident) for i, ident in self._scan_zh(run, table, names, longest_name, kind))
        stems = _stems_with_positions(folded)
        found.extend(self._scan_en(stems, self.en[kind], kind))
        return sorted(found)

    def _scan_zh(self, run: str, table: dict, names: dict | None, longest_name: int, kind: str):
        i = 0
        while i < len(run):
            if names:
                name_end = next((j for j in range(min(len(run), i + longest_name), i + 1, -1) if run[i:j] in names), 0)
                if name_end and not self.concept_beyond(run, i, name_end):
                    i = name_end
                    continue
            for j in range(min(len(run), i + self.longest_zh), i, -1):
                if run[i:j] in table:
                    yield i, (run[i:j] if kind in ("stop", "particle") else table[run[i:j]])
                    i = j
                    break
            else:
                i += 1

    def concept_beyond(self, run: str, start: int, end: int) -> bool:
        """Whether a concept's Chinese form begins where a card's name does and runs past it:
        貴族建築 and 貴族地區 are the noble districts, not the Patrician's."""
        table = self.zh["concept"]
        return any(run[start:j] in table for j in range(end + 1, min(len(run), start + self.longest_zh) + 1))

    def _scan_en(self, stems: list[tuple[int, str]], table: dict, kind: str):
        i = 0
        while i < len(stems):
            for size in range(min(self.longest_en, len(stems) - i), 0, -1):
                key = tuple(s for _, s in stems[i:i + size])
                if key in table:
                    yield stems[i][0], (" ".join(key) if kind in ("stop", "particle") else table[key])
                    i += size
                    break
            else:
                i += 1

    def content(self, folded: str, names: dict | None = None) -> str:
        """The query without the words of its form and its particles (怎麼辦, "what happens if",
        的): what is left says what it is about. Positions are kept (blanks replace words)."""
        chars = list(folded)
        for kind in ("form", "particle"):
            for at, ident in self.find(folded, kind, names):
                length = self._length(folded, at, kind)
                chars[at:at + length] = " " * length
        # 「一樣嗎」, "what changed": asking how the editions differ is matched as a concept, which
        # the comparisons are indexed with; as text it finds whatever else is 一樣 (一樣多: ties).
        for at, ident in self.find(folded, "concept", names):
            if ident == COMPARE and CJK.match(folded[at]):   # ("vs" is no noise in English)
                length = self._length(folded, at, "concept")
                chars[at:at + length] = " " * length
        for at, stem in _stems_with_positions(folded):
            if (stem,) in self.en["stop"]:
                end = at
                while end < len(folded) and (folded[end].isalnum() or folded[end] in "'’"):
                    end += 1
                chars[at:end] = " " * (end - at)
        # A concept's word is a word of its own: no bigram straddles it (始每 in 一開始每人).
        for at, _ in self.find(folded, "concept", names):
            if CJK.match(folded[at]):
                end = at + self._length(folded, at, "concept")
                chars[at] = " " + chars[at]
                chars[end - 1] = chars[end - 1] + " "
        text = "".join(chars)
        if names:   # so is a card name (拆堡 in 拆堡壘)
            text = _set_apart(text, names)
        return text

    def _length(self, folded: str, at: int, kind: str) -> int:
        """The length of the form of `kind` found at `at` (the longest that matches there)."""
        if CJK.match(folded[at]):
            for j in range(min(len(folded), at + self.longest_zh), at, -1):
                if folded[at:j] in self.zh[kind]:
                    return j - at
            return 1
        stems = [(p, s) for p, s in _stems_with_positions(folded) if p >= at]
        for size in range(min(self.longest_en, len(stems)), 0, -1):
            if tuple(s for _, s in stems[:size]) in self.en[kind]:
                last = stems[size - 1][0]
                end = last
                while end < len(folded) and (folded[end].isalnum() or folded[end] in "'’-"):
                    end += 1
                return end - at
        return 1

    def concepts(self, folded: str, names: dict | None = None) -> list[str]:
        return list(dict.fromkeys(ident for _, ident in self.find(folded, "concept", names)))

    def forms(self, folded: str, names: dict | None = None) -> list[str]:
        return list(dict.fromkeys(ident for _, ident in self.find(folded, "form", names)))

    def head_forms(self, folded: str, names: dict | None = None, clauses: str = r"(?<=[.?!])\s+") -> list[str]:
        """The forms of English text read from the first three words of each clause (split on
        the pattern `clauses`; sentences by default): "Can … when …?" asks yes or no, not when."""
        import re

        forms: list[str] = []
        for clause in re.split(clauses, folded.strip()):
            forms += [f for f in self.forms(" ".join(clause.split()[:3]), names) if f not in forms]
        return forms

    def editions(self, folded: str, names: dict | None = None) -> list[str]:
        return list(dict.fromkeys(ident for _, ident in self.find(folded, "edition", names)))

    def is_stop(self, term: str) -> bool:
        """A query term (a Chinese character or bigram, an English stem) that means nothing alone."""
        if CJK.match(term):
            return term in self.zh["stop"] or all(c in self.zh["stop"] for c in term)
        return (term,) in self.en["stop"]

    def is_form_word(self, term: str) -> bool:
        if CJK.match(term):
            return term in self.zh["form"] or all(c in self.zh["form"] or c in self.zh["stop"] for c in term)
        return (term,) in self.en["form"]


def _set_apart(text: str, names: dict) -> str:
    longest = max((len(k) for k in names), default=0)
    out, i = [], 0
    while i < len(text):
        if CJK.match(text[i]):
            end = next((j for j in range(min(len(text), i + longest), i + 1, -1) if text[i:j] in names), 0)
            if end:
                out.append(" " + text[i:end] + " ")
                i = end
                continue
        out.append(text[i])
        i += 1
    return "".join(out)


def _stems_with_positions(folded: str) -> list[tuple[int, str]]:
    from referee.search.normalise import RUNS

    out = []
    for match in RUNS.finditer(folded):
        run = match.group()
        if not CJK.match(run):
            out.extend((match.start(), t) for t in terms(run))
    return out


_CACHE: list = [None, None]   # [connection, its Lexicon]


def edition_named(conn: sqlite3.Connection, typed: str) -> str | None:
    """The edition a whole word names as players say it (新版, 經典版, "old edition"), from the
    edition forms of data/lexicon.toml, folded as the build folds them; typed bare (經典, "old")
    it names one too. None for anything else, a word naming both editions included."""
    from referee.search.repair import char_rows, simplify_table

    lex = load(conn)
    simplify = simplify_table(char_rows(conn, fold(typed)))
    for candidate in (typed, typed + "版", typed + " edition"):
        form, script, _, _ = _row(candidate, "edition", "", simplify)
        named = lex.zh["edition"].get(form) if script == "zh" else lex.en["edition"].get(tuple(form.split()))
        if named:
            return named
    return None


def load(conn: sqlite3.Connection) -> Lexicon:
    """The lexicon of a database, read once per connection (a warm connection answers faster)."""
    if _CACHE[0] is not conn:
        import json

        (packed,) = conn.execute("SELECT tables FROM search_lexicon_packed").fetchone()
        _CACHE[:] = [conn, Lexicon(json.loads(packed))]
    return _CACHE[1]
