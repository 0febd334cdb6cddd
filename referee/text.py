"""One normal form for names and search text, shared by the database build and every lookup."""

from __future__ import annotations

import re
import unicodedata

LANGS = ("en", "zh-Hant", "zh-Hans")
EDITIONS = ("2016", "classic")

# Apostrophes, hyphens, dots and spaces vary between sources ("Thieves' Den", "Thieves Den",
# "thieves-den"); none of them tells two cards apart.
_NOISE = re.compile(r"[\s'’‘`\-_.·・,，、:：;；!?！？「」『』()（）\[\]【】\"“”*]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def name_key(text: str) -> str:
    """The key a name is stored and looked up under."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _NOISE.sub("", text)


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


def slug(name: str) -> str:
    """The id of a card from its English name: `Thieves' Den` → `thieves-den`."""
    text = unicodedata.normalize("NFKC", name).casefold().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
