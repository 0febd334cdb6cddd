"""`referee ask --template N`: a starting situation file for N players."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.messages import text
_CAST = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"]


def situation_template(players: int, lang: str = "en") -> str:
    """The file in the player's language: names, characters and the question (keys stay English)."""
    if not 2 <= players <= 8:
        raise RefereeError.say("error.templates.template_takes_players", players=players)
    names = text("template.players", lang).split()
    question, other = text("template.question", lang), text("template.other_edition", lang)
    local = lambda card: card  # noqa: E731
    from referee.text import data_lang

    if data_lang(lang) != "en":          # the card names in the player's language, where the data has them
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect

        table = localized_names(connect(), "2016", lang)
        local = lambda card: table.get(card, card)  # noqa: E731
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

