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
        from referee.say.catalog import text

        return text(self.key, lang, **{k: _rendered(v, lang) for k, v in self.values.items()})


class Listed(tuple):
    """Items of a message joined as the language joins a list (`a, b`, `a、b`)."""

    def render(self, lang: str) -> str:
        from referee.say.catalog import text

        return text("punct.comma", lang).join(str(_rendered(v, lang)) for v in self)


def _rendered(value, lang: str):
    return value.render(lang) if isinstance(value, (Said, Listed)) else value


class RefereeError(Exception):
    """A bad input: the message is the one line the user sees. Said by key (`RefereeError.say(
    "error.unknown_edition", edition=…)`): the catalog's text, rendered in the language decided
    when it is shown (`refusals_in` may set it after the raise); values that are `Said` or
    `Listed` are rendered in that language too. Card names inside the texts carry `⟦…⟧` marks
    that the CLI replaces with the player's names (str(): the English text, marks taken off).

    The older form `RefereeError(english, traditional)` (Simplified converted from it at run
    time) stays while the engine still raises it."""

    # The player's language when the command knows it better than its command line does (a
    # situation file written in Chinese: referee.say.lang.refusals_in); None: the command line says.
    lang: str | None = None
    # Likewise the edition whose names the refusal's cards go by (the edition a situation file or
    # a tracked table declares: refusals_in); None: the command line's --edition, else 2016.
    edition: str | None = None
    key: str | None = None
    values: dict = {}

    def __init__(self, message: str = "", zh: str | None = None):
        super().__init__(message)
        self._zh = zh

    @property
    def zh(self) -> str | None:
        """The Traditional Chinese line (marks kept) for code that still wraps errors the older
        way (`f"{path}：{error.zh}"`); a keyed error renders it from the catalog."""
        return self.render("zh-Hant") if self.key else self._zh

    @zh.setter
    def zh(self, value: str | None) -> None:
        self._zh = value

    @classmethod
    def say(cls, key: str, /, **values):
        """The error whose text is the catalog's `key` (str() is its English text)."""
        error = cls.__new__(cls)
        error.key, error.values = key, values
        RefereeError.__init__(error, _names(error.render("en"), lambda n: n))
        return error

    def render(self, lang: str) -> str:
        return Said(self.key, **self.values).render(lang)

    def localized(self, lang: str, name=lambda n: n) -> str:
        if self.key:
            return _names(self.render(lang), name)
        if lang not in ("zh-Hant", "zh-Hans") or not self._zh:
            return str(self)
        if lang == "zh-Hant":
            return _names(self._zh, name)
        from referee.catalog.chinese import to_simplified

        return _names(to_simplified(self._zh), name)


# What a name was meant to name, for the Chinese form of the two name errors.
_WHAT = {"card": ("卡牌", "卡牌"), "character": ("角色", "角色"), "district": ("地區", "地区"),
         "player": ("玩家", "玩家"), "variant": ("變體", "变体")}


def _what(what: str, lang: str) -> str:
    words = _WHAT.get(what.split()[-1])
    if not words:
        return what
    return words[0] if lang == "zh-Hant" else words[1]


class UnknownName(RefereeError):
    def __init__(self, what: str, text: str, closest: list[str]):
        hint = f"; closest: {', '.join(closest)}" if closest else ""
        super().__init__(f"unknown {what} {text!r}{hint}")
        self.what = what
        self.text = text
        self.closest = closest

    def localized(self, lang: str, name=lambda n: n) -> str:
        """The message in `lang`; `name` turns a card's English name into the player's."""
        if lang not in ("zh-Hant", "zh-Hans"):
            return str(self)
        close = "、".join(name(n) for n in self.closest)
        hint = ("；最接近的：" if lang == "zh-Hant" else "；最接近的：") + close if close else ""
        return f"找不到{_what(self.what, lang)}「{self.text}」{hint}"


class AmbiguousName(RefereeError):
    def __init__(self, what: str, text: str, choices: list[str]):
        super().__init__(f"ambiguous {what} {text!r}: it can mean {', '.join(choices)}")
        self.what = what
        self.text = text
        self.choices = choices

    def localized(self, lang: str, name=lambda n: n) -> str:
        if lang not in ("zh-Hant", "zh-Hans"):
            return str(self)
        # Both names: the same Chinese word is what made it ambiguous.
        choices = "、".join(f"{name(n)}（{n}）" if name(n) != n else n for n in self.choices)
        return (f"「{self.text}」可以指不同的{_what(self.what, lang)}：{choices}" if lang == "zh-Hant"
                else f"「{self.text}」可以指不同的{_what(self.what, lang)}：{choices}")


class BadSituation(RefereeError):
    """A situation file that cannot be read or describes a position that cannot exist."""


class BadMove(RefereeError):
    """A move that cannot be parsed (as opposed to a parsed move that is illegal)."""
