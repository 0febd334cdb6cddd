"""A finished game's record for the group's score-keeping: the play as BG Stats exports and
imports it (JSON: `games`, `players`, `plays` with `playerScores`), or each player's score by
category as CSV; and the standing of every finished table in a file (`referee table stats`).

The scores are those of `referee table score --json`: the same function scores both
(`final`), so an export read back gives the same scores and winner.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import NamedTuple

from referee.errors import RefereeError
from referee.table.store import Store

STAMP = "%Y-%m-%d %H:%M:%S"              # how the store writes a move's time (local time)
_NAMESPACE = uuid.UUID("5c0b8f0e-5a52-4f0e-9a63-0e5f3c1d7a19")   # referee's: ids stay the same on every export


class Final(NamedTuple):
    """A finished table's result: what `table score --json` reports, and the times of its moves."""

    name: str
    edition: str
    players: list[dict]          # name, score, breakdown (scoring.py), in seat order
    winners: list[str]           # the players who won: the winning team's in a team game
    tie_break: str
    teams: dict | None           # engine/teams.py's standing, for a team game
    crown: int                   # the seat that held the crown at the start: the start player
    characters: list[list[str]]  # each seat's characters of the last round (ids), where known
    first: str                   # the times of the first and last moves (or the set-up's)
    last: str


def final(store: Store, name: str, rulebook_for, tracked=None) -> Final:
    """The result of the finished table `name` (`tracked`: the table, when already loaded); a game
    not over is refused (one line)."""
    from referee.engine.scoring import scores, winners
    from referee.table import service

    tracked = tracked or service.load(store, name, rulebook_for, play=False)     # only read: no cards needed
    game = tracked.game
    if not game.is_over:
        raise RefereeError.say("error.records.not_finished", table=name)
    results = scores(game.rb, game.state, final_round=game.state.round)
    names, rule = winners(game.rb, game.state, results)
    standing = None
    if tracked.header.teams:
        from referee.table.view import team_standing

        standing = team_standing(tracked.header, game, results)
        names = standing["winning_team"] or [p for team in standing["teams"] for p in team["players"]]
    times = [m.at for m in tracked.log] or [tracked.header.created]
    return Final(name, tracked.header.edition, results, names, rule, standing, tracked.header.crown,
                 [list(p.characters) for p in game.state.players], times[0], times[-1])


def _id(*parts: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, "\x1f".join(parts)))


def bgstats(found: Final, created: str, bgg: dict) -> dict:
    """The play in BG Stats' export form: one game (Citadels of the table's edition), its
    players, one play with each player's score, winner, start player and seat order, its date
    and its minutes from the first move to the last, and the edition as a note. `bgg`: the
    edition's BoardGameGeek entry (data/editions.toml)."""
    bgg_id, bgg_name, year = bgg["id"], bgg["name"], bgg["year"]
    team_of = {}
    if found.teams:
        from referee.engine.teams import members

        team_of = {p: members(team["players"]) for team in found.teams["teams"] for p in team["players"]}
    minutes = max(0, round((datetime.strptime(found.last, STAMP) - datetime.strptime(found.first, STAMP)).total_seconds() / 60))
    ranked = sorted({r["score"] for r in found.players}, reverse=True)
    game = {"id": 1, "uuid": _id("game", found.edition), "name": bgg_name, "bggId": bgg_id, "bggName": bgg_name,
            "bggYear": year, "highestWins": True, "noPoints": False, "cooperative": False,
            "usesTeams": bool(found.teams), "modificationDate": found.last}
    players = [{"id": seat + 1, "uuid": _id("player", r["name"]), "name": r["name"], "isAnonymous": False,
                "modificationDate": found.last} for seat, r in enumerate(found.players)]
    scores = [{"playerRefId": seat + 1, "score": str(r["score"]), "winner": r["name"] in found.winners,
               "newPlayer": False, "startPlayer": seat == found.crown, "seatOrder": seat + 1,
               "rank": ranked.index(r["score"]) + 1, "team": team_of.get(r["name"], "")}
              for seat, r in enumerate(found.players)]
    note = f"referee table {found.name}: Citadels, {bgg_name} ({found.edition} edition)"
    play = {"uuid": _id("play", found.name, created), "gameRefId": 1, "playDate": found.first,
            "entryDate": found.last, "modificationDate": found.last, "durationMin": minutes,
            "ignored": False, "manualWinner": False, "usesTeams": bool(found.teams), "rounds": 0,
            "comments": note, "playerScores": scores}
    return {"games": [game], "players": players, "plays": [play]}


def score_csv(found: Final, name_of) -> str:
    """Each player's score by category, one row per player in seat order: the categories every
    player may score (districts, the five types, completion) and each card that scored, then the
    total and whether the player won. `name_of`: a card's name by id."""
    import csv
    import io

    fixed = ["districts", "five_types", "first_complete", "completed"]
    cards = sorted({k for r in found.players for k in r["breakdown"] if k not in fixed}, key=name_of)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["seat", "player", *(["team"] if found.teams else []), *fixed, *map(name_of, cards), "total", "winner"])
    from referee.engine.teams import members

    team_of = {p: members(t["players"]) for t in (found.teams or {}).get("teams", []) for p in t["players"]}
    for seat, r in enumerate(found.players):
        writer.writerow([seat + 1, r["name"], *([team_of[r["name"]]] if found.teams else []),
                         *(r["breakdown"].get(k, 0) for k in fixed + cards), r["score"],
                         "yes" if r["name"] in found.winners else "no"])
    return out.getvalue()


def picks(history, log) -> list[tuple[int, str, str]]:
    """(round, player, character) for every character a player is known to have held: revealed
    when called (or shown at the round's end when killed), or picked at a table that records
    the picks. A secret table's character that was never shown stays unknown. `history`: the
    steps played (a game's, or the cached ones read as values), the log's the last of them."""
    steps = list(history)[-len(log):] if log else []
    found: dict[tuple[int, str, str], None] = {}
    for logged, step in zip(log, steps):
        move, events = step
        if move.verb == "pick" and move.args:
            found[(logged.round, move.actor, move.args[0])] = None
        for event in events:
            if event.get("event") == "revealed":
                found[(logged.round, event["player"], event["character"])] = None
    return list(found)


def standing(store: Store, rulebook_for) -> dict:
    """Every finished table of the file: each player's games, wins and average score, and each
    character's known picks and how its players fared (the games its holder went on to win,
    the average final score), for `referee table stats`."""
    from referee.table import cache, service

    players: dict[str, dict] = {}
    characters: dict[str, dict] = {}
    tables = 0
    for name in store.names():
        tracked = service.load(store, name, rulebook_for, play=False)     # a cached Position: no cards loaded
        if not tracked.game.is_over or tracked.broken:
            continue
        history = getattr(tracked.game, "history", None)
        if history is None:
            history = cache.plain_history(store, tracked.header, tracked.log) or ()
        tables += 1
        found = final(store, name, rulebook_for, tracked)
        score = {r["name"]: r["score"] for r in found.players}
        for r in found.players:
            entry = players.setdefault(r["name"], {"name": r["name"], "games": 0, "wins": 0, "points": 0})
            entry["games"] += 1
            entry["wins"] += r["name"] in found.winners
            entry["points"] += r["score"]
        for _, player, character in picks(history, tracked.log):
            entry = characters.setdefault(character, {"id": character, "character": tracked.game.rb.name(character),
                                                      "picks": 0, "wins": 0, "points": 0, "editions": []})
            entry["picks"] += 1
            if tracked.header.edition not in entry["editions"]:    # its name goes by the edition
                entry["editions"] = sorted([*entry["editions"], tracked.header.edition])
            entry["wins"] += player in found.winners
            entry["points"] += score.get(player, 0)
    for entry in [*players.values(), *characters.values()]:
        count = entry.get("games", entry.get("picks"))
        entry["average_score"] = round(entry.pop("points") / count, 2)
    return {"tables": tables,
            "players": sorted(players.values(), key=lambda e: (-e["wins"], -e["average_score"], e["name"])),
            "characters": sorted(characters.values(), key=lambda e: (-e["picks"], -e["wins"], e["id"]))}
