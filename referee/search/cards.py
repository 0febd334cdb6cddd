"""Which cards a question names, in the order it names them (the first is the one that acts).

Chinese: the leftmost longest alias in each run of characters (魔法師 rather than 法師 inside
it); English: word sequences, a trailing s forgiven, everyday words that are also card names
("keep") only where they name the card. An alias that means several cards pulls in all of them.
"""

from __future__ import annotations

import re
import sqlite3

from referee.search.normalise import CJK, RUNS, latin_words, terms

_NAMES: dict = {}   # (connection, edition) → names, for a warm connection


def names(conn: sqlite3.Connection, edition: str | None) -> dict[str, dict[str, int]]:
    """Folded alias → {card: priority} in an edition (every edition for None), read once per
    connection."""
    cached = _NAMES.get((id(conn), edition))
    if cached and cached[0] is conn:
        return cached[1]
    if len(_NAMES) > 4:
        _NAMES.clear()
    found = _read_names(conn, edition)
    _NAMES[(id(conn), edition)] = (conn, found)
    return found


def _read_names(conn: sqlite3.Connection, edition: str | None) -> dict[str, dict[str, int]]:
    """The names of an edition ("" for every edition) from the one JSON value the build stored
    for it (`search_names_packed`): a query needs them all, and some 400 rows of
    `search_names` took it some 4 M instructions to read one by one."""
    import json

    row = conn.execute("SELECT names FROM search_names_packed WHERE edition = ?", (edition or "",)).fetchone()
    return json.loads(row[0]) if row else {}


def name_table(rows) -> dict[str, dict[str, int]]:
    """Folded alias → {card: priority} from (key, card, priority) rows of `search_names` (the
    build packs it for `_read_names`)."""
    names: dict[str, dict[str, int]] = {}
    for key, card, priority in rows:
        slot = names.setdefault(key, {})
        slot[card] = min(priority, slot.get(card, 9))
    return names


def spans(text: str, names: dict, longest: int) -> list[tuple[int, str]]:
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
            found.extend((match.start() + at, key) for at, key in spans(run, names, longest)
                         if not (lex and lex.concept_beyond(run, at, at + len(key))))
    latin = [(m.start(), w) for m, w in latin_words(folded)]
    used = [False] * len(latin)
    for size in (4, 3, 2, 1):
        for i in range(len(latin) - size + 1):
            if any(used[i:i + size]):
                continue
            key = "".join(w for _, w in latin[i:i + size])
            if key not in names and key.endswith("s") and key[:-1] in names:
                key = key[:-1]   # "the bishops districts": a plural or a possessive without its apostrophe
            if (size == 1 and lex and key in lex.ambiguous and not _names_the_card(latin, i, lex, names)
                    and not (i == 0 and _is_heading(folded, latin[0]))):
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


# What follows a card's name when the sentence does something to it: 被 (國王被刺殺, 也被偷),
# "was / got / is … -ed" ("the King next to me was assassinated"). Patterns, not compiled ones:
# `re` compiles them on first use, which only a query with 被 or a passive's verb reaches
# (compiling them at import cost every `referee faq` some 2 M instructions).
_PASSIVE_ZH = r"^[也又已就都还]?被"
_PASSIVE_EN = r"^(?:\s+\w+){0,3}?\s+(?:was|is|got|gets|has been|had been)\s+(?:\w+ed|stolen|taken)\b"


def undergoing(folded: str, names: dict[str, dict[str, int]], lex=None) -> set[str]:
    """The cards a text names that something is done to (a passive follows the name): 「國王被
    刺殺了」, "the King got killed"."""
    if "被" not in folded and not any(w in folded for w in (" was ", " is ", " got ", " gets ", " been ")):
        return set()
    ends: list[tuple[str, int]] = []
    longest = max((len(k) for k in names), default=0)
    for match in RUNS.finditer(folded):
        if CJK.match(match.group()):
            ends += [(key, match.start() + at + len(key)) for at, key in spans(match.group(), names, longest)]
    said = latin_words(folded)
    for at in range(len(said)):
        for size in range(min(3, len(said) - at), 0, -1):
            key = "".join(w for _, w in said[at:at + size])
            if key in names and (size > 1 or not lex or key not in lex.ambiguous):
                last = said[at + size - 1][0]
                ends.append((key, last.start() + len(last.group())))
                break
    return {card for key, end in ends if re.match(_PASSIVE_ZH, folded[end:]) or re.match(_PASSIVE_EN, folded[end:])
            for card in names[key]}


def _is_heading(folded: str, first: tuple[int, str]) -> bool:
    """Whether the query's first word heads it, set apart by a colon or a dash ("Keep: there
    were two copies…"): a card's name, as players title a question."""
    at, word = first
    rest = folded[at + len(word):].lstrip()
    return not folded[:at].strip() and rest[:1] in (":", "-", "–", "—", "：")


def _names_the_card(latin: list[tuple[int, str]], i: int, lex, names: dict) -> bool:
    """Whether an everyday word that is also a card name ("keep") names the card here: after an
    article or a possessive, alone, or at either end of a query of card names ("warlord keep",
    "keep marshal": keywords, not "keep one card")."""
    if i > 0 and terms(latin[i - 1][1])[0] in lex.after:
        return True
    if len(latin) == 1:
        return True
    if i == len(latin) - 1:
        return latin[i - 1][1] in names
    return i == 0 and latin[1][1] in names


