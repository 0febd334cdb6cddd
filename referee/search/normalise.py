"""One normal form for FAQ search text, shared by the index build and every query.

Text is folded (NFKC, lower case, Traditional → Simplified character by character through the
`search_chars` table the build writes, so a query never needs OpenCC) and cut into terms:
Chinese becomes overlapping character bigrams (a lone character stays itself), English becomes
lightly stemmed words (no stop words: bm25's weights already discount
the words every entry uses, and a natural question's small words help its fuzzy match), numbers stay numbers. This module imports nothing
heavy: it runs on every `referee faq`.
"""

from __future__ import annotations

import unicodedata

_NUMERALS = "零一二三四五六七八九"


# Hand-written scanners instead of regular expressions: compiling the Unicode-range patterns
# cost about 3 ms at every `referee faq` start. They offer the few regex methods the search uses.


def is_cjk(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


class _Span:
    """A found run: `group()` and `start()` as on a regex match."""

    __slots__ = ("_text", "_start")

    def __init__(self, text: str, start: int):
        self._text = text
        self._start = start

    def group(self) -> str:
        return self._text

    def start(self) -> int:
        return self._start


class _Cjk:
    """Chinese characters (the CJK unified and compatibility ideographs)."""

    def match(self, text: str) -> _Span | None:
        return _Span(text[0], 0) if text and is_cjk(text[0]) else None

    def search(self, text: str) -> _Span | None:
        for at, char in enumerate(text):
            if is_cjk(char):
                return _Span(char, at)
        return None

    def findall(self, text: str) -> list[str]:
        return [char for char in text if is_cjk(char)]


class _Runs:
    """Runs of Chinese characters, of Latin letters (with inner apostrophes), of digits."""

    def finditer(self, text: str):
        at, end = 0, len(text)
        while at < end:
            char = text[at]
            start = at
            if is_cjk(char):
                while at < end and is_cjk(text[at]):
                    at += 1
            elif "a" <= char <= "z":
                while at < end and ("a" <= text[at] <= "z" or (
                        text[at] in "'’" and at + 1 < end and "a" <= text[at + 1] <= "z" and at > start)):
                    at += 1
            elif "0" <= char <= "9":
                while at < end and "0" <= text[at] <= "9":
                    at += 1
            else:
                at += 1
                continue
            yield _Span(text[start:at], start)

    def findall(self, text: str) -> list[str]:
        return [span.group() for span in self.finditer(text)]


CJK = _Cjk()
RUNS = _Runs()


def _numerals(text: str) -> str:
    """A lone digit written next to Chinese reads as a Chinese numeral (抽2选1 = 抽二选一)."""
    chars = list(text)
    for at, char in enumerate(text):
        if not "0" <= char <= "9":
            continue
        before, after = text[at - 1:at], text[at + 1:at + 2]
        if before.isdigit() or after.isdigit():
            continue
        if (before and is_cjk(before)) or (after and is_cjk(after)):
            chars[at] = _NUMERALS[int(char)]
    return "".join(chars)


def fold(text: str, simplify: dict[str, str] | None = None) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    if simplify:
        text = "".join(simplify.get(ch, ch) for ch in text)
    return _numerals(text)


def _stem(word: str) -> str:
    word = _suffix(word)
    return word[:-1] if len(word) > 4 and word.endswith("e") else word


def _suffix(word: str) -> str:
    word = word.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2] if word[-3] != "i" else word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def runs(folded: str) -> list[str]:
    """The Chinese, Latin and digit runs of folded text, in order."""
    return RUNS.findall(folded)


def terms(folded: str) -> list[str]:
    """The search terms of folded text (duplicates kept, in order)."""
    out: list[str] = []
    for run in runs(folded):
        if CJK.match(run):
            if len(run) == 1:
                out.append(run)
            else:
                out.extend(run[i:i + 2] for i in range(len(run) - 1))
        elif run[0].isdigit():
            out.append(run)
        else:
            out.append(_stem(run))
    return out


def latin_words(folded: str) -> list[tuple[_Span, str]]:
    """Latin words of folded text with their matches (unstemmed, without apostrophe or
    possessive), for name matching."""
    out = []
    for match in RUNS.finditer(folded):
        run = match.group()
        if not CJK.match(run) and not run[0].isdigit():
            run = run.replace("’", "'")
            if run.endswith("'s"):
                run = run[:-2]
            out.append((match, run.replace("'", "")))
    return out


def words(folded: str) -> list[str]:
    return [word for _, word in latin_words(folded)]


# A player count said in words is the same count in digits: "three players" asks what "3 players" asks.
_COUNTS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}


def likeness_words(folded: str) -> list[str]:
    """English words as the question similarity compares them: as written (stemming them made
    more near-misses than it mended), but with numbers kept and counts as digits ("3 players" is
    "three players")."""
    return [run if run[0].isdigit() else _COUNTS.get(run, run.replace("’", "'").removesuffix("'s").replace("'", ""))
            for run in RUNS.findall(folded) if not CJK.match(run)]


def pairs(text: str) -> set[str]:
    """The character pairs of a run of Chinese (the run itself when it is one character): what
    the question similarity compares of a Chinese query and of each phrasing (the build stores
    the phrasings' pairs, so that a query does not cut some 700 of them)."""
    return {text[i:i + 2] for i in range(len(text) - 1)} or {text}


def compact(folded: str, sep: str = " ") -> str:
    """Folded text as the fuzzy matcher sees it: its runs without punctuation, joined by `sep`."""
    return sep.join(runs(folded)).replace("’", "'")
