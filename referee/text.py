"""One normal form for names and search text, shared by the database build and every lookup."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# The languages the data files carry (card names, rules, FAQ entries, presets, sources: data/
# and faq/). The program's own words are in the catalogs (referee.messages), which may hold more.
DATA_LANGS = ("en", "zh-Hant", "zh-Hans")


def data_lang(lang: str) -> str:
    """The language to read the data in for a player of `lang`: English where it does not carry `lang`."""
    return lang if lang in DATA_LANGS else "en"


class ByLanguage(dict):
    """Texts the data gives by language code: a language the data does not carry reads English."""

    def __missing__(self, lang: str) -> str:
        return dict.get(self, "en")


EDITIONS = ("2016", "classic")


def edition_name(edition: str, lang: str) -> str:
    """What a player calls an edition (the catalog's `edition.<id>`): labels, refusals, situation checks."""
    if edition not in EDITIONS:
        return edition
    from referee.messages import text

    return text("edition." + edition, lang)

# Apostrophes, hyphens, dots and spaces vary between sources ("Thieves' Den", "Thieves Den",
# "thieves-den"); none of them tells two cards apart. (str.translate: no regex to compile at
# start-up, which every command pays for.)
_NOISE = str.maketrans("", "", " \t\n\r'’‘`-_.·・,，、:：;；!?！？「」『』()（）[]【】\"“”*")


# name_key and parse_rank are pure and asked the same few hundred names again and again (a
# checked game prints every listed move and reads it back: about a million names in 200 games):
# each answer is kept, as many as a game's cards and a table's typing could need.
@lru_cache(maxsize=4096)
def name_key(text: str) -> str:
    """The key a name is stored and looked up under."""
    return unicodedata.normalize("NFKC", text).casefold().translate(_NOISE)


def has_cjk(text: str) -> bool:
    return any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in text)


def slug(name: str) -> str:
    """The id of a card from its English name: `Thieves' Den` → `thieves-den`."""
    text = unicodedata.normalize("NFKC", name).casefold().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


_RANK_WORDS = ("rank", "#", "no.", "no", "r")
_RANK_SUFFIXES = ("號角色", "号角色", "號", "号")
_CN_DIGITS = {c: i for i, c in enumerate("一二三四五六七八九", start=1)}


_WIDE_DIGITS = str.maketrans("０１２３４５６７８９＃", "0123456789#")


@lru_cache(maxsize=4096)
def parse_rank(text: str) -> int | None:
    """1-9 from `8`, `8號`, `八号`, `#8`, `rank 8`, `No. 8`; None for anything else. The one
    rank parser: card lookups, situation files and moves all use it."""
    text = text.strip().lower().translate(_WIDE_DIGITS)       # ８ as a Chinese keyboard types it
    for word in _RANK_WORDS:
        if text.startswith(word):
            text = text[len(word):].strip()
            break
    for suffix in _RANK_SUFFIXES:
        if text.endswith(suffix):
            text = text[: -len(suffix)].strip()
            break
    if len(text) == 1 and text in "123456789":
        return int(text)
    return _CN_DIGITS.get(text) if len(text) == 1 else None


_COUNT_DIGITS = {**_CN_DIGITS, "〇": 0, "零": 0, "两": 2, "兩": 2}


def parse_count(text: str) -> int | None:
    """A count as a player types it: `3`, `３` (a Chinese keyboard's digits), `三`, `两`/`兩`,
    `十二`, `二十`, with or without 步 after it; None for anything else (up to 99 in numerals)."""
    text = text.strip().translate(_WIDE_DIGITS).removesuffix("步").strip()
    if text.isascii() and text.isdigit():
        return int(text)
    if len(text) == 1 and text in _COUNT_DIGITS:
        return _COUNT_DIGITS[text]
    tens, ten, ones = text.partition("十")
    if not ten or len(tens) > 1 or len(ones) > 1 or (tens and tens not in _COUNT_DIGITS) or (ones and ones not in _COUNT_DIGITS):
        return None
    if tens in ("〇", "零") or ones in ("〇", "零"):        # 〇十, 十〇: no count is written so
        return None
    return (_COUNT_DIGITS[tens] if tens else 1) * 10 + (_COUNT_DIGITS[ones] if ones else 0)


CLIP = 80


def clipped(text: str, limit: int = CLIP) -> str:
    """Words stored or typed, as echoed in a line: at most `limit` characters (a stored move
    could be any length), the cut marked."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
