"""Mending what was mistyped: English words the corpus does not know (warlrod → warlord) and
Chinese same-sound slips (回盒 → 回合), never a card name or a word of the lexicon.

Everything it needs was computed at build time (`search_chars`, `search_pinyin`, `search_vocab`):
no OpenCC, no pypinyin here.
"""

from __future__ import annotations

import sqlite3

from referee.search.cards import spans
from referee.search.normalise import CJK, RUNS, is_cjk, latin_words, terms, words

# Knobs of the repairs (tuned with the ranking's, scripts/search_quality.py).
PARAMS = {
    "rare_df": 2,       # a query bigram in at most this many documents may be a same-sound slip
    "repair_df": 5,     # ... repaired to a same-sounding bigram in at least this many documents
    "repair_ratio": 4,  # ... and this many times as many as the slip
    "other_reading": 0.2,  # ... a character's other readings counting this much of its usual one
    "spell": 80,        # an unknown English word is read as the closest known one this similar
    "name_bonus": 5,    # ... a card's name counting this much closer
    "name_spell": 70,   # ... or, when none is, the closest card name this similar
    "name_end": 80,     # a three-letter word read as the end of the card name the word before begins (or the start of the one the word after ends)
    "name_pair": 20,    # ... a word that makes a card's name with the next or the last counting this much closer
}


def char_rows(conn: sqlite3.Connection, text: str) -> dict[str, tuple[str, str]]:
    """char → (Simplified form, readings) for the CJK characters of `text` the build knows."""
    chars = sorted(set(CJK.findall(text)))
    if not chars:
        return {}
    marks = ",".join("?" * len(chars))
    return {r[0]: (r[1], r[2]) for r in conn.execute(
        f"SELECT char, simp, pinyin FROM search_chars WHERE char IN ({marks})", chars)}


def simplify_table(rows: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Of `char_rows`: each Traditional character to its Simplified form, as `fold` takes them."""
    return {c: r[0] for c, r in rows.items() if r[0] != c}


def replace_word(text: str, word: str, right: str) -> str:
    out, at = [], 0
    for match, plain in latin_words(text):
        if plain == word:
            out.append(text[at:match.start()])
            out.append(right)
            at = match.start() + len(match.group())
    out.append(text[at:])
    return "".join(out)


_STEMS: dict[int, tuple[dict, dict[str, str]]] = {}


def _name_stems(names: dict) -> dict[str, str]:
    """Stem → one-word English card name, worked out once per names table (read once per connection)."""
    cached = _STEMS.get(id(names))
    if cached and cached[0] is names:
        return cached[1]
    if len(_STEMS) > 4:
        _STEMS.clear()
    stems = {terms(k)[0]: k for k in names if k.isascii() and k.isalpha() and len(k) >= 4}
    _STEMS[id(names)] = (names, stems)
    return stems


def _name_ends(conn: sqlite3.Connection, said: list[str], names: dict) -> dict[str, str]:
    out = {}
    for before, word in zip(said, said[1:]):
        if len(word) != 3 or not word.isascii() or before + word in names or word in names:
            continue
        # (only names whose first word is the word before: ids are the English names, hyphenated)
        ends = [key[len(before):] for key in names if key.isascii() and key.startswith(before)
                and len(key) > len(before) and any(card.startswith(before + "-") for card in names[key])]
        if not ends:
            continue
        from rapidfuzz import fuzz, process

        best = process.extractOne(word, ends, scorer=fuzz.ratio, score_cutoff=PARAMS["name_end"])
        if best:
            out[word] = best[0]
    # ... or begins the two-word name the word after ends ("bel tower": the Bell Tower).
    for word, after in zip(said, said[1:]):
        if len(word) != 3 or not word.isascii() or word in out or word + after in names or word in names:
            continue
        starts = [key[:-len(after)] for key in names if key.isascii() and key.endswith(after)
                  and len(key) > len(after) and any(card.endswith("-" + after) for card in names[key])]
        if not starts:
            continue
        from rapidfuzz import fuzz, process

        best = process.extractOne(word, starts, scorer=fuzz.ratio, score_cutoff=PARAMS["name_end"])
        if best:
            out[word] = best[0]
    return out


def spell(conn: sqlite3.Connection, folded: str, names: dict) -> dict[str, str]:
    """English words the corpus and the card names do not know, read as the closest word they
    do know (warlrod → warlord, asassin → assassin), as `referee card` forgives a name's typo."""
    said = words(folded)
    plain = {w for w in said if len(w) >= 4 and w.isascii()}
    # A short word that ends a two-word card name begun by the word before it ("wishing wel",
    # "map rom"): too short to mend against the whole corpus, not against that name.
    ends = _name_ends(conn, said, names)
    if not plain:
        return ends
    stems = {w: terms(w)[0] for w in plain}
    # A card's name cut short or inflected ("magistrat", "warlords") has the stem of the name,
    # which the corpus knows: it is the card, not an unknown word.
    named = _name_stems(names)
    out = {**ends, **{w: named[stems[w]] for w in plain if w not in names and stems[w] in named}}
    known = doc_freq(conn, set(stems.values()))
    unknown = [w for w in plain if stems[w] not in known and w not in names and w not in out]
    if not unknown:
        return out
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import Levenshtein

    shortest = min(len(w) for w in unknown) - 2
    longest = max(len(w) for w in unknown) + 2
    choices = [t for (t,) in conn.execute(
        "SELECT term FROM search_vocab WHERE length(term) BETWEEN ? AND ? AND term GLOB '[a-z]*'",
        (shortest, longest))]
    choices += [k for k in names if k.isascii() and shortest <= len(k) <= longest]
    # The words of the cards' names too ("hanted quarter": haunted, not hand).
    name_words = {w for (name,) in conn.execute("SELECT DISTINCT name FROM cards") for w in words(name.casefold())
                  if shortest <= len(w) <= longest}
    choices += sorted(name_words)
    name_choices = [k for k in names if k.isascii() and shortest <= len(k) <= longest] + sorted(name_words)
    said = words(folded)
    for word in unknown:
        # A card's name counts closer by its bonus, at the cut-off too ("sear": the Seer, 75 + 5,
        # as close as "search", 80, which only needs letters added).
        close = [c for c in process.extract(word, choices, scorer=fuzz.ratio,
                                            score_cutoff=PARAMS["spell"] - PARAMS["name_bonus"], limit=8)
                 if c[1] >= PARAMS["spell"] or c[0] in names or c[0] in name_words]
        if not close:   # "emporer": a card's name is what players misspell most, and more loosely
            close = process.extract(word, name_choices, scorer=fuzz.ratio, score_cutoff=PARAMS["name_spell"], limit=5)
        if close:
            at = said.index(word)
            around = (said[at - 1] if at else "", said[at + 1] if at + 1 < len(said) else "")

            def rank(choice):
                """A card's name wins a tie ("theif" is the Thief, not "their"), and a word that
                makes a card's name with its neighbour wins ("grate wall": the Great Wall)."""
                bonus = PARAMS["name_bonus"] if choice in names or choice in name_words else 0
                if around[0] + choice in names or choice + around[1] in names:
                    bonus += PARAMS["name_pair"]
                return bonus
            # Equally close: fewer letters changed (sear is one from seer, two from search).
            out[word] = max(close, key=lambda c: (c[1] + rank(c[0]), -Levenshtein.distance(word, c[0]), c[0]))[0]
    return out


_PATTERNS: dict[int, tuple[dict, dict[str, str]]] = {}


def _name_patterns(names: dict) -> dict[str, str]:
    """Each Chinese card name of three or more characters with one character left open
    ("象牙?" → 象牙塔), worked out once per names table."""
    cached = _PATTERNS.get(id(names))
    if cached and cached[0] is names:
        return cached[1]
    if len(_PATTERNS) > 4:
        _PATTERNS.clear()
    patterns: dict[str, str] = {}
    for key in names:
        if len(key) >= 3 and all(is_cjk(c) for c in key):
            for at in range(len(key)):
                patterns.setdefault(key[:at] + "?" + key[at + 1:], key)
    _PATTERNS[id(names)] = (names, patterns)
    return patterns


def name_slips(conn: sqlite3.Connection, folded: str, names: dict, readings: dict[str, list[str]]) -> dict[str, str]:
    """A card's name of three or more characters with one character misheard (修道院张 for
    修道院长, 象牙他 for 象牙塔, 天蚊台 for 天文台): the slip sounds like the name's character and
    makes a pair of characters the corpus (nearly) never uses. A shorter name inside it (教堂 in
    搭教堂) does not stand in the way of the longer one."""
    patterns = _name_patterns(names)
    if not patterns:
        return {}
    longest = max(len(p) for p in patterns)
    out: dict[str, str] = {}
    for match in RUNS.finditer(folded):
        run = match.group()
        if not CJK.match(run) or len(run) < 3:
            continue
        start = 0
        while start < len(run) - 2:
            found = _name_slip_at(conn, run, start, longest, names, patterns, readings)
            if found:
                out[found[0]] = found[1]
                start += len(found[0])
            else:
                start += 1
    return out


def _name_slip_at(conn, run, start, longest, names, patterns, readings):
    for size in range(min(longest, len(run) - start), 2, -1):
        window = run[start:start + size]
        if window in names:
            return None   # the name itself, as typed
        for at in range(size):
            name = patterns.get(window[:at] + "?" + window[at + 1:])
            if not name:
                continue
            typed, meant = window[at], name[at]
            meant_reads = set(readings.get(meant) or (char_rows(conn, meant).get(meant, ("", ""))[1].split()))
            if not meant_reads & set(readings.get(typed, [])):
                continue
            pairs = {window[i:i + 2] for i in (at - 1, at) if 0 <= i <= size - 2}
            if min(doc_freq(conn, pairs).get(pair, 0) for pair in pairs) <= PARAMS["rare_df"]:
                return window, name
    return None


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
    lexicon (七個建築, 怎麼辦, 為什麼)."""
    out: set[int] = set()
    for kind in ("concept", "form", "edition", "stop"):
        for at, _ in lex.find(folded, kind, names):
            length = lex._length(folded, at, kind) if CJK.match(folded[at]) else 0
            if length >= 2:   # a lone character (牌) may itself be the slip (守牌)
                out.update(range(at, at + length))
    return out


def repair(conn: sqlite3.Connection, folded: str, readings: dict[str, list[str]],
            named: set[int] = frozenset(), known: set[int] = frozenset(),
            name_grams: set[str] = frozenset(), steady: set[str] = frozenset()) -> dict[str, str]:
    """Same-sounding slips: a query bigram the corpus (nearly) never uses, one character of which
    can be swapped for a same-sounding one to give a bigram the corpus uses often (回盒 → 回合),
    or a bigram of a card's name (`name_grams`: 賊哭 → 賊窟, however rarely the corpus names it).

    Left alone: a bigram touching a card name (`named` positions: 時 in 有鐘塔時軍閥 is no slip)
    or inside a word of the lexicon (`known`: 七個建築); a character of `steady` (a function
    word: 也, 有); a character whose other bigram the corpus uses (市 in 城市要 is sound, 市要
    is only where two words meet). The surest repair is made first and the rest judged again on
    the mended text (in 軍伐拆有, once 軍閥 is mended, 閥拆 is common and 拆 stays); a
    character changes at most once and a mended bigram is not mended again (墓地能 stays)."""
    out: dict[str, str] = {}
    taken: set[int] = set()
    for _ in range(4):   # a query has a slip or two, rarely more
        slip = _surest_slip(conn, folded, readings, named, known | taken, name_grams, steady)
        if not slip:
            break
        at, gram, mended = slip
        out[gram] = mended
        taken.update((at, at + 1))
        folded = folded[:at] + mended + folded[at + 2:]
    return out


def _surest_slip(conn, folded, readings, named, known, name_grams, steady):
    """(position, slip, mended) of the surest same-sound repair of `folded`, or None."""
    slots = []   # (position, bigram) of each bigram of the Chinese runs
    for match in RUNS.finditer(folded):
        run = match.group()
        if CJK.match(run):
            slots += [(match.start() + i, run[i:i + 2]) for i in range(len(run) - 1)]
    if not slots:
        return None
    at_gram = dict(slots)
    df = doc_freq(conn, set(at_gram.values()))
    rare = [(at, g) for at, g in slots if df.get(g, 0) <= PARAMS["rare_df"]
            and not ({at, at + 1} & named) and not (at in known and at + 1 in known)]
    if not rare:
        return None
    sounds = {r for _, g in rare for c in g for r in readings.get(c, [])}
    if not sounds:
        return None
    marks = ",".join("?" * len(sounds))
    alike: dict[str, dict[str, int]] = {}   # reading → {character: 1 when it is its usual reading}
    for pinyin, char, usual in conn.execute(
            f"SELECT pinyin, char, usual FROM search_pinyin WHERE pinyin IN ({marks})", sorted(sounds)):
        alike.setdefault(pinyin, {})[char] = usual

    def sound(char_at: int) -> bool:
        """The character at this position reads as meant: a function word, inside a word of the
        lexicon, already mended, or its other bigram is common."""
        if folded[char_at] in steady or char_at in known:   # (known holds the mended ones too)
            return True
        # (A bigram reaching into a card name is no evidence: 巫師 in 女巫師去 is 女巫 + 師.)
        return any(df.get(at_gram.get(at), 0) > PARAMS["rare_df"] for at in (char_at - 1, char_at)
                   if not {at, at + 1} & named)

    # Each variant with how likely its sound is: a slip sounds as both characters usually read
    # (前 for 錢, qian), rarely by another reading of either (前 as jian would make it 建, 还 as
    # fu 付).
    variants: dict[tuple[int, str], dict[str, float]] = {}
    for at, g in rare:
        for pos in (0, 1):
            # A function word misheard inside a card's name unheard of (们 in 龙们 for 龙门) is
            # mended to the name only.
            name_only = (folded[at + pos] in steady and at + pos not in known and not df.get(g, 0)
                         and not sound(at + 1 - pos))
            if sound(at + pos) and not name_only:
                continue
            for n, reading in enumerate(readings.get(g[pos], [])):
                for char, usual in alike.get(reading, {}).items():
                    likely = (1.0 if n == 0 else PARAMS["other_reading"]) * (1.0 if usual else PARAMS["other_reading"])
                    variant = g[:pos] + char + g[pos + 1:]
                    if char != g[pos] and (not name_only or variant in name_grams):
                        options = variants.setdefault((at, g), {})
                        options[variant] = max(options.get(variant, 0.0), likely)
    if not variants:
        return None
    vdf = doc_freq(conn, set().union(*variants.values()))
    chosen = []   # (priority, position, slip, mended)
    for (at, g), options in variants.items():
        names = sorted(v for v in options if v in name_grams)
        if names and not df.get(g, 0):        # a card's name misheard: mended before anything else
            chosen.append(((1, 0), at, g, max(names, key=lambda v: (vdf.get(v, 0), v))))
            continue
        best = max(options, key=lambda v: (vdf.get(v, 0) * options[v], v))
        if vdf.get(best, 0) * options[best] >= max(PARAMS["repair_df"], PARAMS["repair_ratio"] * df.get(g, 0)):
            chosen.append(((0, vdf[best]), at, g, best))
    if not chosen:
        return None
    _, at, g, best = max(chosen, key=lambda c: (c[0], -c[1]))
    return at, g, best


def doc_freq(conn: sqlite3.Connection, grams: set[str]) -> dict[str, int]:
    grams = sorted(grams)
    marks = ",".join("?" * len(grams))
    return dict(conn.execute(f"SELECT term, df FROM search_vocab WHERE term IN ({marks})", grams))


