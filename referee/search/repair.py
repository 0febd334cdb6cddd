"""Mending what was mistyped: English words the corpus does not know (warlrod → warlord) and
Chinese same-sound slips (回盒 → 回合), never a card name or a word of the lexicon.

Everything it needs was computed at build time (`search_chars`, `search_pinyin`, `search_vocab`):
no OpenCC, no pypinyin here.
"""

from __future__ import annotations

import sqlite3

from referee.search.cards import spans
from referee.search.normalise import CJK, RUNS, latin_words, terms, words

# Knobs of the repairs (tuned with the ranking's, scripts/search_quality.py).
PARAMS = {
    "rare_df": 2,       # a query bigram in at most this many documents may be a same-sound slip
    "repair_df": 5,     # ... repaired to a same-sounding bigram in at least this many documents
    "repair_ratio": 4,  # ... and this many times as many as the slip
    "spell": 80,        # an unknown English word is read as the closest known one this similar
}


def char_rows(conn: sqlite3.Connection, text: str) -> dict[str, tuple[str, str]]:
    """char → (Simplified form, readings) for the CJK characters of `text` the build knows."""
    chars = sorted(set(CJK.findall(text)))
    if not chars:
        return {}
    marks = ",".join("?" * len(chars))
    return {r[0]: (r[1], r[2]) for r in conn.execute(
        f"SELECT char, simp, pinyin FROM search_chars WHERE char IN ({marks})", chars)}


def replace_word(text: str, word: str, right: str) -> str:
    out, at = [], 0
    for match, plain in latin_words(text):
        if plain == word:
            out.append(text[at:match.start()])
            out.append(right)
            at = match.start() + len(match.group())
    out.append(text[at:])
    return "".join(out)


def spell(conn: sqlite3.Connection, folded: str, names: dict) -> dict[str, str]:
    """English words the corpus and the card names do not know, read as the closest word they
    do know (warlrod → warlord, asassin → assassin), as `referee card` forgives a name's typo."""
    plain = {w for w in words(folded) if len(w) >= 4 and w.isascii()}
    if not plain:
        return {}
    stems = {w: terms(w)[0] for w in plain}
    known = doc_freq(conn, set(stems.values()))
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


def readings_of(conn, folded: str, rows: dict) -> dict[str, list[str]]:
    """Readings of the folded characters that the raw query did not spell (its Simplified forms)."""
    missing = set(CJK.findall(folded)) - set(rows)
    if not missing:
        return {}
    return {c: r[1].split() for c, r in char_rows(conn, "".join(missing)).items()}


def named_chars(folded: str, names: dict) -> set[int]:
    """Positions of the characters that spell a card name (a name is never a slip: 要塞 stays)."""
    longest = max((len(k) for k in names), default=0)
    out: set[int] = set()
    for match in RUNS.finditer(folded):
        if CJK.match(match.group()):
            for at, key in spans(match.group(), names, longest):
                out.update(range(match.start() + at, match.start() + at + len(key)))
    return out


def known_word_chars(lex, folded: str, names: dict) -> set[int]:
    """Positions of the Chinese characters that spell a word of two or more characters of the
    lexicon (七個建築, 怎麼辦)."""
    out: set[int] = set()
    for kind in ("concept", "form"):
        for at, _ in lex.find(folded, kind, names):
            length = lex._length(folded, at, kind) if CJK.match(folded[at]) else 0
            if length >= 2:   # a lone character (牌) may itself be the slip (守牌)
                out.update(range(at, at + length))
    return out


def repair(conn: sqlite3.Connection, folded: str, readings: dict[str, list[str]],
            named: set[int] = frozenset(), known: set[int] = frozenset(),
            name_grams: set[str] = frozenset()) -> dict[str, str]:
    """Same-sounding slips: a query bigram the corpus (nearly) never uses, one character of which
    can be swapped for a same-sounding one to give a bigram the corpus uses often (回盒 → 回合),
    or a bigram of a card's name (`name_grams`: 賊哭 → 賊窟, however rarely the corpus names it).
    A bigram touching a card name (`named` positions: 時 in 有鐘塔時軍閥 is no slip) or lying
    inside a word of the lexicon (`known`: 七個建築) is left alone."""
    fixed_pos: dict[str, set[int]] = {}   # bigram → its characters that may not change (0, 1)
    for match in RUNS.finditer(folded):
        run = match.group()
        if CJK.match(run):
            for i in range(len(run) - 1):
                at = match.start() + i
                slot = fixed_pos.setdefault(run[i:i + 2], set())
                if at in named or at + 1 in named or (at in known and at + 1 in known):
                    slot.update((0, 1))
    grams = set(fixed_pos)
    if not grams:
        return {}
    df = doc_freq(conn, grams)
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
        if fixed_pos[g]:   # a card name's edge or a word of the lexicon: not a slip
            continue
        for pos in (0, 1):
            for reading in readings.get(g[pos], []):
                for char in alike.get(reading, ()):
                    if char != g[pos]:
                        variants.setdefault(g, set()).add(g[:pos] + char + g[pos + 1:])
    if not variants:
        return {}
    vdf = doc_freq(conn, set().union(*variants.values()))
    out = {}
    for g, options in variants.items():
        names = sorted(v for v in options if v in name_grams)
        if names and not df.get(g, 0):        # a card's name misheard: mended before anything else
            out = {g: max(names, key=lambda v: (vdf.get(v, 0), v)), **out}
            continue
        best = max(options, key=lambda v: (vdf.get(v, 0), v))
        if vdf.get(best, 0) >= max(PARAMS["repair_df"], PARAMS["repair_ratio"] * df.get(g, 0)):
            out[g] = best
    return out


def doc_freq(conn: sqlite3.Connection, grams: set[str]) -> dict[str, int]:
    grams = sorted(grams)
    marks = ",".join("?" * len(grams))
    return dict(conn.execute(f"SELECT term, df FROM search_vocab WHERE term IN ({marks})", grams))


