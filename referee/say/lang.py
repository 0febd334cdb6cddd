"""Which language to answer in: the --lang option, else the script of the query (or of a
situation file: file_language), else the locale."""

from __future__ import annotations

import os
from contextlib import contextmanager

from referee import messages as catalog
from referee.text import EDITIONS, has_cjk
from referee.errors import BadSituation, Listed, RefereeError, Said, Typed

_ALIASES = {"zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "tc": "zh-Hant", "trad": "zh-Hant",
            "zh-hans": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "sc": "zh-Hans", "simp": "zh-Hans",
            "en": "en", "english": "en", "zh": "zh-Hant"}


def check_edition(edition: str | None) -> str | None:
    if edition is None:
        return None
    value = edition.strip().lower()
    if value in EDITIONS:
        return value
    # Any other word for an edition (新版, 經典, "old") is read the way search reads it.
    from referee.catalog.db import connect
    from referee.search.lexicon import edition_named

    named = edition_named(connect(), edition.strip())
    if named is None:
        raise RefereeError.say("error.unknown_edition", edition=Typed(str(edition)))
    return named


def file_edition(asked: str | None, declared: str) -> str:
    """The edition of a situation file: the one it declares. An --edition given beside it must
    say the same: it cannot change the game the file describes, and is not silently ignored."""
    if asked is not None and check_edition(asked) != declared:
        raise BadSituation.say("error.edition_of_file", asked=asked, declared=Said("edition.bare." + declared))
    return declared


def _locale() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").lower()
        if value.startswith("zh"):
            return "zh-Hans" if any(t in value for t in ("cn", "sg", "hans")) else "zh-Hant"
        if value and value not in ("c", "posix", "c.utf-8"):
            return "en"
    return "en"


def script_of(text: str) -> str | None:
    """zh-Hant or zh-Hans by the characters of `text` that belong to one script only (a table
    the database build fills with OpenCC for every character, 週 of 週日 too: no OpenCC loads
    here), or None when every character is shared."""
    from referee.catalog.db import connect

    chars = sorted({c for c in text if has_cjk(c)})
    marks = ",".join("?" * len(chars))
    votes = connect().execute(
        f"SELECT script, COUNT(*) FROM char_scripts WHERE char IN ({marks}) GROUP BY script ORDER BY 2 DESC", chars
    ).fetchall()
    return votes[0][0] if votes else None


def choose(lang: str | None, *queries: str | None) -> str:
    if lang:
        value = _ALIASES.get(lang.strip().lower())
        if value:
            return value
        # Any language with a catalog, by its code in any case (a catalog added later: `fr`).
        codes = catalog.languages()
        value = next((code for code in codes if code.lower() == lang.strip().lower()), None)
        if not value:
            raise RefereeError.say("error.unknown_language", lang=lang,
                                   choices=Listed(codes))
        return value
    text = " ".join(q for q in queries if q)
    if has_cjk(text):
        script = script_of(text)
        if script:
            return script
        locale = _locale()
        return locale if locale != "en" else "zh-Hant"
    # A query in Latin letters is English; digits, ids and punctuation say nothing (`card 8`).
    return "en" if _latin(text) else _locale()


def _latin(text: str) -> bool:
    return any(c.isascii() and c.isalpha() for c in text)


def declared(language: object) -> str | None:
    """The language a situation file declares (`language = "zh-Hans"`, docs/situations.md), by
    its code in any case, when a catalog speaks it; None otherwise (the file's reader refuses a
    code it does not know: `situation.load`)."""
    if not isinstance(language, str):
        return None
    return next((code for code in catalog.languages() if code.lower() == language.strip().lower()), None)


def file_language(text: str, question: object = None, language: object = None) -> str:
    """The language to answer a situation file in when --lang is not given. The language it
    declares (`language`, written by `table export` for a table whose language is set) decides.
    Else its question is the player's own sentence: it decides when it is in one language. Else
    the Chinese written anywhere in the file (player and card names, moves, comments) decides,
    by its script. Its Latin letters say nothing: the keys are English whatever the player's
    language, and names in Latin letters are common at Chinese tables. Else the locale, as for a
    query of digits."""
    said = declared(language)
    if said:
        return said
    asked = question if isinstance(question, str) else ""
    if has_cjk(asked):
        script = script_of(asked)
        if script:
            return script
    elif _latin(asked):
        return "en"
    return choose(None, "".join(c for c in text if has_cjk(c)))


@contextmanager
def refusals_in(lang: str | None, edition: str | None = None):
    """A refusal raised inside speaks `lang` and names cards as `edition` does (each unless None,
    or set closer to where it was raised): the command line alone cannot tell that a situation
    file is written in Chinese, nor that it is a classic game (主教 is the classic Bishop but the
    2016 Cardinal)."""
    try:
        yield
    except RefereeError as error:
        if lang and error.lang is None:
            error.lang = lang
        if edition and error.edition is None:
            error.edition = edition
        raise
