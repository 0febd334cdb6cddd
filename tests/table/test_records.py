"""A finished game's record for score-keeping apps (`table export --bgstats`, `--csv`) and the
standing over every finished table (`table stats`): read back, they give the scores and winners
of `table score --json`."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.table.finished import record_finished


def _score(table, name):
    result = table("score", "--json", "--table", name)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("edition, players, seed, teams", [("2016", 4, 3, None), ("classic", 5, 8, None),
                                                           ("2016", 4, 5, "P0+P2,P1+P3")])
def test_bgstats_export_reads_back_to_the_scores_and_winner(tables, rulebooks, table, edition, players, seed, teams):
    record_finished(tables, "g", rulebooks[edition], players, seed, teams)
    scored = _score(table, "g")
    result = table("export", "--bgstats")
    assert result.returncode == 0, result.stderr
    exported = json.loads(result.stdout)
    assert set(exported) >= {"games", "players", "plays"}
    (game,) = exported["games"]
    assert game["bggId"] == {"2016": 205398, "classic": 478}[edition]
    names = {p["id"]: p["name"] for p in exported["players"]}
    (play,) = exported["plays"]
    assert play["gameRefId"] == game["id"] and edition in play["comments"]
    by_seat = sorted(play["playerScores"], key=lambda s: s["seatOrder"])
    assert [names[s["playerRefId"]] for s in by_seat] == [p["name"] for p in scored["players"]]
    assert {names[s["playerRefId"]]: int(s["score"]) for s in by_seat} == {p["name"]: p["score"] for p in scored["players"]}
    won = sorted(names[s["playerRefId"]] for s in by_seat if s["winner"])
    expected = scored["winning_team"] if teams else scored["winners"]
    assert won == sorted(expected or [p for t in scored["teams"] for p in t["players"]])
    assert [s["startPlayer"] for s in by_seat] == [seat == 0 for seat in range(players)]      # the crown at set-up
    assert play["durationMin"] >= 0 and len(play["playDate"]) == 19
    if teams:
        assert play["usesTeams"] and {s["team"] for s in by_seat} == {"P0 + P2", "P1 + P3"}


def test_csv_export_gives_each_category_and_the_total(tables, rulebooks, table):
    record_finished(tables, "g", rulebooks["2016"], 4, 3)
    scored = _score(table, "g")
    rows = list(csv.DictReader(io.StringIO(table("export", "--csv").stdout)))
    assert [r["player"] for r in rows] == [p["name"] for p in scored["players"]]
    for row, player in zip(rows, scored["players"]):
        parts = {k: int(v) for k, v in row.items() if k not in ("seat", "player", "total", "winner")}
        assert sum(parts.values()) == int(row["total"]) == player["score"]
        assert parts["districts"] == player["breakdown"]["districts"]
        assert (row["winner"] == "yes") == (player["name"] in scored["winners"])


def test_a_game_not_finished_is_refused_in_one_line(table):
    table("new", "g", "--players", "小明,小華,阿美")
    for flag in ("--bgstats", "--csv"):
        result = table("export", flag)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.strip() == "referee: 牌桌 g：遊戲還沒結束；結束後才能匯出紀錄。"
    result = table("export", "--bgstats", "--csv")
    assert result.returncode == 2 and "--format" in result.stderr


def test_stats_over_the_finished_tables(tables, rulebooks, table):
    from collections import Counter

    games = [record_finished(tables, "a", rulebooks["2016"], 4, 3), record_finished(tables, "b", rulebooks["2016"], 4, 5)]
    assert table("new", "open", "--players", "P0,P1,P2,P3").returncode == 0        # not finished: left out
    found = json.loads(table("stats", "--json").stdout)
    assert found["tables"] == 2
    wins, points = Counter(), Counter()
    for name in ("a", "b"):
        scored = _score(table, name)
        wins.update(scored["winners"])
        points.update({p["name"]: p["score"] for p in scored["players"]})
    assert {p["name"]: (p["games"], p["wins"], p["average_score"]) for p in found["players"]} == {
        name: (2, wins[name], round(points[name] / 2, 2)) for name in ("P0", "P1", "P2", "P3")}
    # Every character revealed in the full game was seen by the table; a killed one only when the
    # table asked for it.
    shown, killed = Counter(), Counter()
    for full in games:
        for step in full.history:
            for event in step.events:
                if event.get("event") == "revealed":
                    (killed if event.get("killed") else shown)[event["character"]] += 1
    picked = {c["id"]: c["picks"] for c in found["characters"]}
    for character in set(shown) | set(killed):
        assert shown[character] <= picked.get(character, 0) <= shown[character] + killed[character]
    text = table("stats", "--lang", "zh-Hant").stdout
    assert "已結束的遊戲：2 局" in text and "█" in text and "國王" in text


def test_stats_of_a_file_without_finished_games(table):
    assert table("stats").stdout.strip() == "No finished game in the tables file yet."
    assert json.loads(table("stats", "--json").stdout) == {"tables": 0, "players": [], "characters": []}


def test_stats_speaks_the_current_tables_language(table):
    """Like `list`, `stats` is typed at the current table: a Chinese table's, not the locale's."""
    assert table("new", "夜", "--players", "甲,乙,丙,丁").returncode == 0
    assert table("stats").stdout.strip() == "牌桌檔案中還沒有結束的遊戲。"
    assert table("stats", "--lang", "en").stdout.strip() == "No finished game in the tables file yet."


def test_the_cached_history_read_as_values_is_the_games(tables, rulebooks):
    from referee.table import cache, service
    from referee.table.store import Store

    rb = rulebooks["2016"]
    record_finished(tables, "g", rb, 4, 3)
    store = Store(tables)
    header, log = store.header("g"), store.moves("g")
    plain = cache.plain_history(store, header, log)
    replayed = service.replay(header, log, rb).game.history
    assert len(plain) == len(replayed) > 100
    assert [(tuple(s.move), s.events) for s in plain] == [(tuple(s.move), s.events) for s in replayed]
    assert cache.plain_history(store, header, log[:-1]) is None          # not the log's: nothing read
