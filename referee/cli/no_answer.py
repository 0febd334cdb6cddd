"""What `referee faq` says when a question finds nothing: one line, with the card names closest
to what was typed (a player who typed 框框 may have meant a card's name), and exit code 2, as
for any input the referee cannot use."""

from __future__ import annotations

import sqlite3

from referee.errors import Listed, RefereeError, card_mark, Typed

# A closest name below this (rapidfuzz WRatio) is not a suggestion: 45 is what any two short
# Latin words share, 60 what 框架 shares with 脚手架 (the Framework).
_CLOSE = 50


def nothing_found(conn: sqlite3.Connection, query: str, edition: str | None) -> RefereeError:
    from referee.catalog.names import closest_names

    best: dict[str, tuple[float, str]] = {}
    for ed in [edition] if edition else ["2016", "classic"]:
        for name, score, card_id, _ in closest_names(conn, query, ed, ("character", "district"))[:5]:
            if score >= _CLOSE and score > best.get(card_id, (0, ""))[0]:
                best[card_id] = (score, name)
    names = [name for _, name in sorted(best.values(), key=lambda item: -item[0])[:3]]
    if names:
        return RefereeError.say("error.no_answer.closest", query=Typed(query), names=Listed(card_mark(n) for n in names))
    return RefereeError.say("error.no_answer.none", query=Typed(query))
