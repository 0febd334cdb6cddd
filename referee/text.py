"""One normal form for names and search text, shared by the database build and every lookup."""

from __future__ import annotations

import re
import unicodedata

LANGS = ("en", "zh-Hant", "zh-Hans")


def in_language(texts: tuple[str, str, str], lang: str) -> str:
    """The text for `lang` from an (en, zh-Hant, zh-Hans) triple, English for anything else."""
    return texts[LANGS.index(lang)] if lang in LANGS else texts[0]
EDITIONS = ("2016", "classic")

# Apostrophes, hyphens, dots and spaces vary between sources ("Thieves' Den", "Thieves Den",
# "thieves-den"); none of them tells two cards apart. (str.translate: no regex to compile at
# start-up, which every command pays for.)
_NOISE = str.maketrans("", "", " \t\n\r'’‘`-_.·・,，、:：;；!?！？「」『』()（）[]【】\"“”*")


def name_key(text: str) -> str:
    """The key a name is stored and looked up under."""
    return unicodedata.normalize("NFKC", text).casefold().translate(_NOISE)


def has_cjk(text: str) -> bool:
    return any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in text)


def slug(name: str) -> str:
    """The id of a card from its English name: `Thieves' Den` → `thieves-den`."""
    text = unicodedata.normalize("NFKC", name).casefold().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
