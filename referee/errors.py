"""Typed errors. Each becomes one line and exit code 2 at the CLI boundary, nowhere else."""

from __future__ import annotations


def card_mark(name: str) -> str:
    """A card's English name inside a Chinese message: the CLI puts the player's name for it."""
    return f"⟦{name}⟧"


def _names(text: str, name) -> str:
    import re

    return re.sub(r"⟦(.+?)⟧", lambda m: name(m.group(1)), text)


class RefereeError(Exception):
    """A bad input: the message is the one line the user sees. `zh` is the same line in
    Traditional Chinese, for a player who asked in Chinese (Simplified is converted from it)."""

    # The player's language when the command knows it better than its command line does (a
    # situation file written in Chinese: referee.say.lang.refusals_in); None: the command line says.
    lang: str | None = None
    # Likewise the edition whose names the refusal's cards go by (the edition a situation file or
    # a tracked table declares: refusals_in); None: the command line's --edition, else 2016.
    edition: str | None = None

    def __init__(self, message: str = "", zh: str | None = None):
        super().__init__(message)
        self.zh = zh

    def localized(self, lang: str, name=lambda n: n) -> str:
        if lang not in ("zh-Hant", "zh-Hans") or not getattr(self, "zh", None):
            return str(self)
        if lang == "zh-Hant":
            return _names(self.zh, name)
        from referee.chinese import to_simplified

        return _names(to_simplified(self.zh), name)


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
