"""One normal form for FAQ search text, shared by the index build and every query.

Text is folded (NFKC, lower case, Traditional → Simplified character by character through the
`search_chars` table the build writes, so a query never needs OpenCC) and cut into terms:
Chinese becomes overlapping character bigrams (a lone character stays itself), English becomes
lightly stemmed words without stop words, numbers stay numbers. This module imports nothing
heavy: it runs on every `referee faq`.
"""

from __future__ import annotations

import re
import unicodedata

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Runs of Chinese characters, of Latin letters (with inner apostrophes), of digits.
_RUNS = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+|[a-z]+(?:['’][a-z]+)*|[0-9]+")

# Words that say nothing about which ruling is meant.
STOP = frozenset("""
a an the and or of to in on at by for from with without into onto as is are was were be been being am do does did
done can could may might must shall should will would i me my mine you your he him his she her it its we our us they
them their this that these those what which who whom whose when where why how if then than so not no yes there here
any some all also just only still again still get gets got take takes took make makes made use uses used using let
about after before over under up down out off per each every other another same such own very too much many more most
way case happen happens happened please rule rules ruling card cards player players game
""".split())

# Chinese function bigrams that occur in almost every question (kept out of the query terms).
ZH_STOP = frozenset("""
可以 还是 是否 什么 怎么 怎样 如何 吗 呢 的话 时候 一个 这个 那个 哪个 能不 不能 要不 还能 还要 会不 可不 以吗 以再 么办
""".split())


def fold(text: str, simplify: dict[str, str] | None = None) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    if simplify:
        text = "".join(simplify.get(ch, ch) for ch in text)
    return text


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
    return _RUNS.findall(folded)


def terms(folded: str, stop: bool = True) -> list[str]:
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
            word = _stem(run)
            if not stop or (word not in STOP and len(word) > 1):
                out.append(word)
    if stop:
        out = [t for t in out if t not in ZH_STOP]
    return out


def latin_words(folded: str) -> list[tuple[re.Match, str]]:
    """Latin words of folded text with their matches (unstemmed, without apostrophe or
    possessive), for name matching."""
    out = []
    for match in _RUNS.finditer(folded):
        run = match.group()
        if not CJK.match(run) and not run[0].isdigit():
            run = run.replace("’", "'")
            if run.endswith("'s"):
                run = run[:-2]
            out.append((match, run.replace("'", "")))
    return out


def words(folded: str) -> list[str]:
    return [word for _, word in latin_words(folded)]


def compact(folded: str, sep: str = " ") -> str:
    """Folded text as the fuzzy matcher sees it: its runs without punctuation, joined by `sep`."""
    return sep.join(runs(folded)).replace("’", "'")
