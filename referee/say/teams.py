"""A team game's standing in the player's language (engine/teams.py gives it as names and
numbers): each team's total, then the winning team, or the tie and what the players' tie-break
says of it. `referee score`, `referee table score` and the phones say the same lines."""

from __future__ import annotations

from referee.engine.teams import members
from referee.messages import text
from referee.say.labels import comma, label


def team_lines(standing: dict, lang: str, final: bool = True) -> list[str]:
    """`final=False`: a game not over, whose leading team is no winner and whose tie the
    players' tie-break (which reads the last round) does not yet break."""
    lines = [text("teams.line", lang, players=members(team["players"]), score=team["score"])
             for team in sorted(standing["teams"], key=lambda t: -t["score"])]
    if not final:
        if standing.get("leading_team") is not None:
            lines.append(text("teams.leading", lang, players=members(standing["leading_team"])))
        else:
            lines.append(text("teams.tie", lang, score=standing["team_tie"]["score"]))
        return lines
    if standing["winning_team"] is not None:
        lines.append(text("teams.winner", lang, players=members(standing["winning_team"])))
        return lines
    tie = standing["team_tie"]
    lines.append(text("teams.tie", lang, score=tie["score"]))
    rule = label("tie." + tie["rule"], lang)
    if tie["team"] is not None:
        lines.append(text("teams.tie_break", lang, rule=rule, players=comma(lang).join(tie["favours"]),
                          team=members(tie["team"])))
    else:
        lines.append(text("teams.tie_break_even", lang, rule=rule))
    return lines
