"""Typed errors. Each becomes one line and exit code 2 at the CLI boundary, nowhere else."""

from __future__ import annotations


def card_mark(name: str) -> str:
    """A card's English name inside a Chinese message: the CLI puts the player's name for it."""
    return f"⟦{name}⟧"


def _names(text: str, name) -> str:
    import re

    return re.sub(r"⟦(.+?)⟧", lambda m: name(m.group(1)), text)


class Said:
    """A part of a message said in the language it is shown in: the catalog's `key`, filled in
    with `values` (which may be Said or Listed themselves)."""

    def __init__(self, key: str, /, **values):
        self.key, self.values = key, values

    def render(self, lang: str) -> str:
        from referee.messages import text

        return text(self.key, lang, **{k: _rendered(v, lang) for k, v in self.values.items()})


class Listed(tuple):
    """Items of a message joined as the language joins a list (`a, b`, `a、b`; with
    `joiner="punct.or"`: `2 or 3`, `2 或 3`)."""

    def __new__(cls, items=(), joiner: str = "punct.comma"):
        listed = super().__new__(cls, items)
        listed.joiner = joiner
        return listed

    def render(self, lang: str) -> str:
        from referee.messages import text

        return text(self.joiner, lang).join(str(_rendered(v, lang)) for v in self)


class Own:
    """Words that come in English from elsewhere (the system's message for an error number): a
    language whose catalog says `key` otherwise says its own words, English keeps `english`."""

    def __init__(self, key: str, english: str):
        self.key, self.english = key, english

    def render(self, lang: str) -> str:
        from referee.messages import text

        said = text(self.key, lang)
        return self.english if said in (self.key, text(self.key, "en")) else said


class Inner:
    """Another error's line inside a message, in the message's language (its card marks kept for
    the CLI to name the cards)."""

    def __init__(self, error: "RefereeError"):
        self.error = error

    def render(self, lang: str) -> str:
        return self.error.localized(lang, card_mark)


class Typed(str):
    """Words the player typed, inside a message: said as typed, except that Simplified Chinese
    writes them in its own script, as it did when the whole Traditional line was converted; and
    at most `text.CLIP` characters long, the cut marked: a refusal is one line, whatever was
    pasted where a name goes."""

    def render(self, lang: str) -> str:
        from referee.text import clipped

        if lang != "zh-Hans":
            return clipped(str(self))
        from referee.chinese import to_simplified

        return clipped(to_simplified(str(self)))


class Written(str):
    """Chinese words the program offers (a verb's word, kept by the registry in both scripts):
    written in the script of the language they are said in; as they are in any other."""

    def render(self, lang: str) -> str:
        if lang not in ("zh-Hant", "zh-Hans"):
            return str(self)
        from referee.chinese import to_simplified, to_traditional

        return (to_simplified if lang == "zh-Hans" else to_traditional)(str(self))


class Named(dict):
    """A name the data gives by language code (a preset's `names`): the shown language's, English
    where the data does not carry that language."""

    def render(self, lang: str) -> str:
        return self.get(lang) or self["en"]


def _rendered(value, lang: str):
    return value.render(lang) if hasattr(value, "render") else value


class RefereeError(Exception):
    """A bad input: the message is the one line the user sees. Said by key (`RefereeError.say(
    "error.unknown_edition", edition=…)`): the catalog's text, rendered in the language decided
    when it is shown (`refusals_in` may set it after the raise); values that are `Said` or
    `Listed` are rendered in that language too. Card names inside the texts carry `⟦…⟧` marks
    that the CLI replaces with the player's names (str(): the English text, marks taken off)."""

    # The player's language when the command knows it better than its command line does (a
    # situation file written in Chinese: referee.say.lang.refusals_in); None: the command line says.
    lang: str | None = None
    # Likewise the edition whose names the refusal's cards go by (the edition a situation file or
    # a tracked table declares: refusals_in); None: the command line's --edition, else 2016.
    edition: str | None = None
    key: str | None = None
    values: dict = {}
    # Where the bad input is (`players[1].characters[0]` in a file, `--characters` on the command
    # line), said before the line; None: nowhere to name (a move typed at a table is all there is).
    where: str | None = None

    def at(self, where: str):
        """This error, said at `where` (what the error itself cannot place: which list of a
        situation file a misspelled card is in, which option of a command line)."""
        self.where = where
        return self

    def __str__(self) -> str:
        # Placed, the English line with its place, worked out when shown (as UnknownName's is).
        return self.localized("en") if self.where is not None and self.key else super().__str__()

    def _placed(self, line: str, lang: str) -> str:
        """`line` said at the error's place, where it has one."""
        if self.where is None:
            return line
        return Said("error.at", path=self.where, line=line).render(lang)

    @property
    def zh(self) -> str | None:
        """The Traditional Chinese line, marks kept (None for a line said in English only)."""
        return self.render("zh-Hant") if self.key else None

    @classmethod
    def say(cls, key: str, /, **values):
        """The error whose text is the catalog's `key` (str() is its English text)."""
        error = cls.__new__(cls)
        error.key, error.values = key, values
        RefereeError.__init__(error, _names(error.render("en"), lambda n: n))
        return error

    def render(self, lang: str) -> str:
        return self._placed(Said(self.key, **self.values).render(lang), lang)

    def localized(self, lang: str, name=lambda n: n) -> str:
        return _names(self.render(lang), name) if self.key else str(self)


class _What:
    """What a name was meant to name (`card`, `rank 8 character`): the English words as given;
    a language that has its own word for the last one (error.what.<word>) says that word."""

    def __init__(self, what: str):
        self.what = what

    def render(self, lang: str) -> str:
        from referee.messages import text

        key = "error.what." + self.what.split()[-1]
        said = text(key, lang)
        return self.what if said in (key, text(key, "en")) else said


_READINGS: list = []       # how Chinese characters read: set by the program's entry (set_readings)


def set_readings(readings) -> None:
    """The function that gives the readings of the Chinese characters of a text ({char: "hua kua"}):
    the program's entry hands over the database's (the errors know no database). Without one, names
    are compared by their characters alone."""
    _READINGS[:] = [readings]


def closeness(text: str, names) -> dict[str, float]:
    """How close each of `names` is to `text` (0-100): by their letters or characters, and by
    their sound where the readings are known, so that 小花 is as close to 小華 (both hua) as to
    itself, and guowang to 國王."""
    from rapidfuzz import fuzz

    from referee.text import has_cjk

    names = list(names)
    readings: dict[str, str] = {}
    if _READINGS and has_cjk(text + "".join(names)):
        try:
            readings = _READINGS[0](text + "".join(names))
        except Exception:          # a refusal is said whatever the database's state: by characters then
            readings = {}

    def sound(word: str) -> str:
        if not has_cjk(word):
            return word.casefold()
        return " ".join((readings.get(c) or c).split()[0] for c in word if not c.isspace())

    typed, heard = text.casefold(), sound(text)
    return {n: max(fuzz.ratio(typed, n.casefold()), fuzz.ratio(heard, sound(n))) for n in names}


# A name written in another script than the typed words is like them only from this much up:
# below it is what pinyin read against an English card name shares by chance (the finder's
# own order stands then). Within one script any likeness counts (Zed: Cid and Dan share its d).
_UNLIKE = 50


def _counted(text: str, name: str, score: float) -> float:
    from referee.text import has_cjk

    return score if score >= _UNLIKE or has_cjk(text) == has_cjk(name) else 0


# A card goes by many names: one of its aliases makes it closer only from this much up (軍閥 to
# 君閥王: 71); below it is what some alias among a dozen shares with any word by chance (Foo and
# Condottiere: 29), which must not reorder the names the reader sees.
_ALIAS_LIKE = 60


def closest_first(text: str, names: list[str]) -> list[str]:
    """`names` with the closest to `text` first (their given order among equals)."""
    score = closeness(text, names)
    return sorted(names, key=lambda n: -_counted(text, n, score[n]))


class UnknownName(RefereeError):
    """A name that names nothing: `closest` are the names it might have meant, in the finder's
    order (a card's by its English name; a player's as typed at set-up); the reader is offered
    the first `limit` of them (all: None) closest first by the names the reader sees (letters
    and sound, in the language the refusal is said in), 國王王 → 國王 first. `aliases` gives, for
    a name among `closest`, the other names it goes by (a card's aliases in every script): a name
    is as close as the closest of its names, so that 君閥王 offers the Warlord, whose 2016 name
    領主 is nothing like it but whose alias 軍閥 is; it is still offered by the name the reader sees."""

    def __init__(self, what: str, text: str, closest: list[str], limit: int | None = None,
                 aliases: dict[str, list[str]] | None = None):
        self.key = "error.unknown_name"
        self.values = {"what": _What(what), "text": Typed(text), "hint": ""}
        self.what = what
        self.text = text
        self.closest = closest
        self.limit = limit
        self.aliases = aliases or {}
        super().__init__(text)

    def __str__(self) -> str:
        # Worked out when shown: a name tried and given up (the Diplomat's readings) costs nothing.
        return self.localized("en")

    def offered(self, lang: str, name=lambda n: n) -> list[str]:
        """The names offered to a reader of `lang`, closest first: by the name the reader sees, or
        by the name given (English for a card) when the words were typed in it (Templ → 神殿)."""
        seen = {n: _names(name(n), lambda m: m) for n in self.closest}
        known = {n: (seen[n], n, *self.aliases.get(n, ())) for n in self.closest}
        typed = Typed(self.text).render(lang)
        score = closeness(typed, {m for names in known.values() for m in names})
        close = {n: max(_counted(typed, m, score[m]) if i < 2 or score[m] >= _ALIAS_LIKE else 0
                        for i, m in enumerate(known[n])) for n in self.closest}
        return sorted(self.closest, key=lambda n: -close[n])[:self.limit]

    def _said(self, lang: str, name) -> Said:
        if not self.text.strip():
            # Nothing typed where the name goes (`小明：建造`): said so, with the names it may be
            # when they are few enough to list (the characters in play, the players), in order.
            choices = self.closest if self.limit is None else []
            hint = Said("error.name_choices", names=Listed(card_mark(n) for n in choices)) if choices else ""
            return Said("error.name_missing", what=self.values["what"], hint=hint)
        closest = self.offered(lang, name)
        hint = Said("error.closest", names=Listed(card_mark(n) for n in closest)) if closest else ""
        return Said(self.key, **{**self.values, "hint": hint})

    def render(self, lang: str) -> str:
        return self._placed(self._said(lang, lambda n: n).render(lang), lang)

    def localized(self, lang: str, name=lambda n: n) -> str:
        return _names(self._placed(self._said(lang, name).render(lang), lang), name)


class AmbiguousName(RefereeError):
    def __init__(self, what: str, text: str, choices: list[str]):
        self.key = "error.ambiguous_name"
        self.values = {"what": _What(what), "text": Typed(text), "choices": Listed(choices)}
        super().__init__(_names(self.render("en"), lambda n: n))
        self.what = what
        self.text = text
        self.choices = choices

    def localized(self, lang: str, name=lambda n: n) -> str:
        # Both names where the player's differs: the same word is what made it ambiguous.
        both = Listed(Said("error.both_names", name=name(n), english=n) if name(n) != n else n for n in self.choices)
        return _names(self._placed(Said(self.key, **{**self.values, "choices": both}).render(lang), lang), name)


class BadSituation(RefereeError):
    """A situation file that cannot be read or describes a position that cannot exist."""


class BadMove(RefereeError):
    """A move that cannot be parsed (as opposed to a parsed move that is illegal)."""
