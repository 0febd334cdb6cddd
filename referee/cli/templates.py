"""`referee ask --template N`: a starting situation file for N players."""

from __future__ import annotations

from referee.errors import RefereeError

_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
_CAST = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"]


def situation_template(players: int, lang: str = "en") -> str:
    """The file in the player's language: names, characters and the question (keys stay English)."""
    if not 2 <= players <= 8:
        raise RefereeError.say("error.templates.template_takes_players", players=players)
    names, local, question, other = _NAMES, (lambda card: card), "What happens when …?", 'or "classic"'
    if lang != "en":
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect

        table = localized_names(connect(), "2016", lang)
        names = _NAMES_ZH[lang]
        local = lambda card: table.get(card, card)  # noqa: E731
        question = "…的時候會怎樣？" if lang == "zh-Hant" else "…的时候会怎样？"
        other = '或 "classic"（經典版）' if lang == "zh-Hant" else '或 "classic"（经典版）'
    two_each = players < 4
    lines = [
        f'edition = "2016"                 # {other}',
        f'question = "{question}"',
        "variants = []",
        "",
        "[table]",
        f'crown = "{names[0]}"',
        "round = 1",
    ]
    if players in (3, 8):
        cast = _CAST + ["Queen" if players == 8 else "Tax Collector"]
        lines.append("characters = [" + ", ".join(f'"{local(c)}"' for c in cast) + "]")
    cast = iter(_CAST + ["Queen"])
    for seat in range(players):
        held = [next(cast)] + ([next(cast)] if two_each else [])
        lines += ["", "[[players]]", f'name = "{names[seat]}"',
                  "characters = [" + ", ".join(f'"{local(c)}"' for c in held) + "]",
                  "gold = 2", 'hand = ["?", "?", "?", "?"]', "city = []"]
    lines += ["", "[play]", "history = []", "moves = [", f'  "{local(_CAST[0])}: gold",', "]", ""]
    return "\n".join(lines)


_NAMES_ZH = {"zh-Hant": ["小明", "小華", "阿傑", "小美", "阿宏", "小芳", "阿強", "小玲"],
             "zh-Hans": ["小明", "小华", "阿杰", "小美", "阿宏", "小芳", "阿强", "小玲"]}
