"""Every word the program says, in every language: one gettext catalog per language code.

`referee/locale/<code>/LC_MESSAGES/referee.po` is the reviewed source (msgid: a namespaced
key such as `label.rank`, `event.gold` or `thief.event.robbed`; msgstr: the text, with
`{placeholder}` fields for str.format) and `referee.mo` its compiled form, written by
`scripts/compile_catalogs.py`. The folder of a code spells `-` as `_` (zh-Hant: `zh_Hant`).
Adding a language is adding a catalog: what it lacks falls back to English.

A catalog is read the first time its language speaks, once per process: a command in English
never opens the Chinese ones. `REFEREE_LOCALES` points at another locale folder (tests).

Each .po is compiled in parts, one gettext domain each (`part`): the bad inputs (`error.*`: a
quarter of the messages), the rules' refusals (`refusal.*` and every card's `*.refusal.*`: a
move the rules forbid reads none of the bad inputs), the phones' pages (`page.*`), the table
tracker's words (`table.*`: `ask` and `score` never say them), the words of single commands
(the cast sheet, `rules`, `simulate`, `faq`…), and the rest (`referee.mo`), each read the
first time one of its messages is said. gettext decodes every message of a catalog it opens
(some 13,000 instructions each): a `table do` that refuses nothing reads a third of them. A language whose catalog is one whole `referee.mo` (a
translator's own, compiled by hand) is read whole for every part.
"""

from __future__ import annotations

import os

DOMAIN = "referee"
# The order `--lang`'s choices are listed in; any other catalog follows, by code.
FIRST = ("en", "zh-Hant", "zh-Hans")
_HERE = os.path.join(os.path.dirname(__file__), "locale")
_loaded: dict[tuple[str, str, str], object] = {}


def locale_dir() -> str:
    return os.environ.get("REFEREE_LOCALES") or _HERE


def folder(lang: str) -> str:
    """The folder of a language code: `zh-Hant` → `zh_Hant` (gettext's spelling)."""
    return lang.replace("-", "_")


def languages() -> tuple[str, ...]:
    """The codes that have a catalog: the languages `--lang` accepts."""
    base = locale_dir()
    try:
        names = os.listdir(base)
    except FileNotFoundError:
        names = []
    found = [name.replace("_", "-") for name in names
             if os.path.isfile(os.path.join(base, name, "LC_MESSAGES", DOMAIN + ".mo"))]
    return tuple(sorted(found, key=lambda code: (FIRST.index(code) if code in FIRST else len(FIRST), code)))


# The namespaces of the words of a single command (the first part of their keys).
# (`layout`, how a language breaks its lines, is in the main part: every paragraph asks it.)
_COMMANDS = frozenset({"sheet", "usage", "topic", "stats", "differences", "template", "simulate", "faq",
                       "teams", "language", "completion"})


def part(key: str) -> str:
    """The domain (the compiled file's name) that holds `key`: see the module's notes."""
    head, _, rest = key.partition(".")
    if head == "error":
        return DOMAIN + "-errors"
    if head == "refusal" or rest.startswith("refusal."):
        return DOMAIN + "-refusals"
    if head == "page":
        return DOMAIN + "-pages"
    if head == "table":
        return DOMAIN + "-table"
    if head in _COMMANDS:
        return DOMAIN + "-commands"
    return DOMAIN


PARTS = (DOMAIN, DOMAIN + "-errors", DOMAIN + "-refusals", DOMAIN + "-pages", DOMAIN + "-table", DOMAIN + "-commands")


def _translations(lang: str, domain: str = DOMAIN):
    base = locale_dir()
    found = _loaded.get((base, lang, domain))
    if found is None:
        import gettext

        try:
            with open(os.path.join(base, folder(lang), "LC_MESSAGES", domain + ".mo"), "rb") as fp:
                found = gettext.GNUTranslations(fp)
        except FileNotFoundError:
            # No such part: the language's catalog is one whole file, or there is none at all.
            found = _translations(lang) if domain != DOMAIN else gettext.NullTranslations()
        _loaded[(base, lang, domain)] = found
    return found


def text(key: str, lang: str, /, **values) -> str:
    """The text of `key` in `lang` (English when that catalog lacks it; the key itself when no
    catalog has it), with `values` filled in when any are given. English is read only when a
    message is missing: gettext's own fallback chain would parse its catalog up front."""
    domain = part(key)
    message = _translations(lang, domain).gettext(key)
    if message == key and lang != "en":
        message = _translations("en", domain).gettext(key)
    return fill(message, values) if values else message


_ENDS = (".", "。", "!", "！", "?", "？")        # what ends a sentence, in every script
_STOPS = (".", "。")


def fill(template: str, values: dict) -> str:
    """`template.format(**values)`, except that a full stop the template puts right after a value
    that already ends its sentence is left out: a refusal ("Gather resources first.") said inside
    another message ("Move 3 no longer replays: {reason}.") must not end in "..", nor "。。"."""
    if "{" not in template:
        return template.format(**values)
    # str.format's own parser (what string.Formatter.parse calls): importing `string` would
    # compile string.Template's pattern, a cost every command paid.
    from _string import formatter_parser

    parts: list[str] = []
    ended = False
    for literal, field, spec, conversion in formatter_parser(template):
        if ended and literal[:1] in _STOPS:
            literal = literal[1:]
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        ended = False
        if field is None:
            continue
        shown = ("{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}").format(**values)
        ended = shown.endswith(_ENDS) and not shown.endswith("...")
        parts.append(shown.replace("{", "{{").replace("}", "}}"))
    return "".join(parts).format()


def own(key: str, lang: str) -> str | None:
    """The text of `key` in `lang`'s own catalog, None where it has none: for words a language may
    give or leave to a rule (how the notation shows a verb), where English is no fallback — and
    would be a whole catalog read, by a command in Chinese, to find it has none either."""
    message = _translations(lang, part(key)).gettext(key)
    return None if message == key else message


def has(key: str, lang: str = "en") -> bool:
    """Whether a catalog (or English, its fallback) holds `key`."""
    return text(key, lang) != key
