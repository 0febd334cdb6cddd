"""`referee table stats` for people: the players' wins and average scores, and the characters'
known picks and how their players fared, each drawn as bars (rich)."""

from __future__ import annotations

from referee.cli.output import Page, console, escape, table
from referee.messages import text

BAR = 24             # cells of the longest bar
_EIGHTHS = " ▏▎▍▌▋▊▉"


def _bar(value: int, most: int) -> str:
    """A bar of `value` against `most` in BAR cells, to an eighth of a cell (rich markup: the
    table draws it; a plain string renders far faster than rich's Bar in a table of 30 rows)."""
    eighths = round(8 * BAR * value / max(most, 1))
    full, part = divmod(eighths, 8)
    return f"[cyan]{'█' * full}{_EIGHTHS[part].strip()}[/cyan]"


def show_stats(found: dict, lang: str) -> None:
    out = Page(console())
    if not found["tables"]:
        out.print(text("stats.none", lang))
        out.show()
        return
    out.print(text("stats.heading", lang, count=found["tables"]))
    players = table(text("stats.player", lang), text("stats.games", lang), text("stats.wins", lang), "",
                    text("stats.average", lang))
    most = max(p["wins"] for p in found["players"])
    for p in found["players"]:
        players.add_row(escape(p["name"]), str(p["games"]), str(p["wins"]), _bar(p["wins"], most), f"{p['average_score']:.1f}")
    out.print(players)
    if not found["characters"]:
        out.print(text("stats.no_picks", lang))
        out.show()
        return
    from referee.catalog.cards import localized_names
    from referee.catalog.db import connect

    by_edition = {edition: localized_names(connect(), edition, lang) for edition in ("2016", "classic")}

    def named(c: dict) -> str:
        # a character is named as the edition of its games names it (the classic Warlord is 軍閥,
        # the 2016 one 領主); picked in both editions, by both names where they differ
        found = dict.fromkeys(by_edition[e].get(c["id"], c["character"]) for e in c.get("editions") or ("2016",))
        return "／".join(found)

    characters = table(text("stats.character", lang), text("stats.picks", lang), "", text("stats.won", lang),
                       text("stats.average", lang))
    most = max(c["picks"] for c in found["characters"])
    for c in found["characters"]:
        characters.add_row(escape(named(c)), str(c["picks"]), _bar(c["picks"], most),
                           f"{c['wins']} ({round(100 * c['wins'] / c['picks'])}%)", f"{c['average_score']:.1f}")
    out.print(characters)
    out.show()
