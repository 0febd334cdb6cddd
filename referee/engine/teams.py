"""Team play (seed 003, 组队规则; data/rules/team.toml): 4 or 6 players in two teams of equal
size, seated alternately — one team in seats 1, 3, 5, the other in 2, 4, 6 — each player
playing and scoring as usual, a team scoring the sum of its players' scores; the higher total
wins. Pure functions over names, seats and the scores `scoring.py` gives.

The rule says nothing of a tie between the teams: it is said as a tie, together with what the
game's own tie-break (the edition's, or a house rule's) would say when asked about the players of
both teams, so that a table that wants a winner can take that one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from referee.errors import Listed, RefereeError, Said, Typed

if TYPE_CHECKING:
    from referee.engine.facts import Rulebook
    from referee.engine.state import State

MEMBERS = " + "          # between the players of one team, in every language: `Ann + Cid`, `小明 + 阿美`
PLAYER_COUNTS = (4, 6)
TEAMS = 2
# Patterns, not compiled ones: `re` compiles them on first use (a module's compiled patterns cost
# every command that imports it).
_BETWEEN_TEAMS = r"\s*[,，;；/]\s*"
_WITHIN_TEAM = r"\s*[+＋&、]\s*"


def members(players: list[str]) -> str:
    """A team as it is named: its players joined by ` + `."""
    return MEMBERS.join(players)


def _refused(key: str, **values) -> RefereeError:
    """A team refusal: what is wrong, then the rule it breaks."""
    return RefereeError.say(key, **values, rule=Said("teams.rule"))


def read_teams(text: str) -> list[list[str]]:
    """`Ann+Cid,Bob+Dan` (or `小明＋小華，阿美＋大雄`, `;` between teams, `&` or `、` within one) as
    the names of each team, as typed."""
    teams = [[name for name in re.split(_WITHIN_TEAM, part.strip()) if name]
             for part in re.split(_BETWEEN_TEAMS, text.strip()) if part.strip()]
    if not teams or any(not team for team in teams):
        raise _refused("error.teams.write_as", text=Typed(text))
    return teams


def seating(teams: list[list[str]]) -> list[str]:
    """The players in their seats when only the teams are given: the first team's players in
    seats 1, 3, 5, the second's in 2, 4, 6 (each team in the order written)."""
    check_shape(teams, sum(len(team) for team in teams))
    return [team[i] for i in range(len(teams[0])) for team in teams]


def check_shape(teams: list[list[str]], players: int) -> None:
    """Two teams of equal size at a table of 4 or 6."""
    if players not in PLAYER_COUNTS:
        raise _refused("error.teams.player_count", count=players)
    if len(teams) != TEAMS:
        raise _refused("error.teams.two_teams", count=len(teams))
    sizes = [len(team) for team in teams]
    if sizes[0] != sizes[1]:
        raise _refused("error.teams.unequal", a=sizes[0], b=sizes[1])


def check_teams(teams: list[list[str]], players: list[str]) -> tuple[tuple[int, ...], ...]:
    """The seats of each team (numbered from 0, in seat order), when `teams` names every one of
    `players` once in two equal teams seated alternately; else the rule they break, refused."""
    if len(players) not in PLAYER_COUNTS:
        raise _refused("error.teams.player_count", count=len(players))
    seats: list[list[int]] = []
    placed: dict[int, str] = {}
    for team in teams:
        found = []
        for name in team:
            seat = next((i for i, p in enumerate(players) if p.casefold() == name.casefold()), None)
            if seat is None:
                from referee.errors import UnknownName

                raise UnknownName("player", name, players)
            if seat in placed:
                raise _refused("error.teams.twice", player=players[seat])
            placed[seat] = name
            found.append(seat)
        seats.append(sorted(found))
    missing = [p for i, p in enumerate(players) if i not in placed]
    if missing:
        raise _refused("error.teams.missing", players=Listed(missing))
    check_shape(teams, len(players))
    for team in seats:
        for seat in team:
            beside = (seat + 1) % len(players)
            if beside in team:
                raise _refused("error.teams.side_by_side", a=players[seat], b=players[beside])
    return tuple(tuple(team) for team in sorted(seats))


def team_results(rb: "Rulebook", state: "State", results: list[dict], teams: tuple[tuple[int, ...], ...],
                 final: bool | None = None) -> dict:
    """Each team's players and total, the winning team (None on a tie), and for a tie what the
    game's tie-break says of the players of the tied teams (`favours`: those it puts first, and
    `team`: theirs when they are all on one team).

    `final`: whether the scores are the game's last (default: whether the game is over; `referee
    score` scores a position as if the game ended there). Before the end nobody has won: the team
    ahead is `leading_team` (None on a tie), `winning_team` is None, and a tie for the lead is
    `team_tie` with its score only (`rule` None, `favours` [], `team` None): the tie-break reads
    the last round's reveals, which have not come."""
    from referee.engine.scoring import tie_break, tie_break_rule

    names = [r["name"] for r in results]
    totals = [sum(results[s]["score"] for s in team) for team in teams]
    found: dict = {"teams": [{"players": [names[s] for s in team], "score": total}
                             for team, total in zip(teams, totals)],
                   "winning_team": None, "team_tie": None}
    best = max(totals)
    tied = [i for i, total in enumerate(totals) if total == best]
    if not (state.phase == "over" if final is None else final):
        found["leading_team"] = found["teams"][tied[0]]["players"] if len(tied) == 1 else None
        if len(tied) > 1:
            found["team_tie"] = {"score": best, "rule": None, "favours": [], "team": None}
        return found
    if len(tied) == 1:
        found["winning_team"] = found["teams"][tied[0]]["players"]
        return found
    rule = tie_break_rule(rb, state)
    favoured = tie_break(rb, state, results, [s for i in tied for s in teams[i]], rule)
    sides = {i for i in tied for s in favoured if s in teams[i]}
    found["team_tie"] = {"score": best, "rule": rule, "favours": [names[s] for s in favoured],
                         "team": found["teams"][sides.pop()]["players"] if len(sides) == 1 else None}
    return found
