"""Team play at a tracked table and in `referee score`: two equal teams seated alternately, each
player's score, each team's total and the winning team (seed 003; engine/teams.py)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from tests.table.finished import record_finished

QUICK = ["-p", "Ann: Temple, Castle", "-p", "Bob: Palace, Market", "-p", "Cid: Manor", "-p", "Dan: Tavern, Market"]


def test_new_table_seats_the_teams_alternately_and_shows_their_totals(table, shown):
    created = table("new", "g", "--teams", "Ann+Cid,Bob+Dan")
    assert created.returncode == 0 and "Teams: Ann + Cid against Bob + Dan." in created.stdout
    assert "隊伍：小明 + 阿美 對 小華 + 大雄。" in table("new", "h", "--teams", "小明+阿美,小華+大雄").stdout
    table("use", "g")
    state = shown()
    assert [p["name"] for p in state["state"]["players"]] == ["Ann", "Bob", "Cid", "Dan"]
    assert [t["players"] for t in state["teams"]["teams"]] == [["Ann", "Cid"], ["Bob", "Dan"]]
    assert [t["score"] for t in state["teams"]["teams"]] == [0, 0]


@pytest.mark.parametrize("args, words", [
    (["--players", "Ann,Bob,Cid,Dan", "--teams", "Ann+Bob,Cid+Dan"], "Ann and Bob are teammates seated side by side"),
    (["--players", "Ann,Bob,Cid,Dan,Eve", "--teams", "Ann+Cid,Bob+Dan"], "No team play with 5 players"),
    (["--teams", "Ann+Cid+Eve,Bob+Dan"], "No team play with 5 players"),
    (["--players", "A,B,C,D,E,F", "--teams", "A+C+E+B,D+F"], "Teams of 4 and 2 players"),
    (["--players", "A,B,C,D,E,F", "--teams", "A+D,B+E,C+F"], "--teams gives 3 teams"),
    (["--players", "Ann,Bob,Cid,Dan", "--teams", "Ann+Cid,Bob"], "Dan on no team"),
    (["--players", "Ann,Bob,Cid,Dan", "--teams", "Ann+Cid,Bob+Ann"], "Ann is on --teams twice"),
])
def test_a_seating_the_rule_refuses_is_one_line_citing_it(table, args, words):
    result = table("new", "g", *args)
    assert result.returncode == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line and words in line
    assert "seated alternately (one team in seats 1, 3, 5, the other in 2, 4, 6)" in line
    assert table("list", "--json").stdout.strip() == "[]"          # nothing stored


def test_refusals_speak_chinese():
    result = run_cli("score", "-p", "小明: 神殿", "-p", "小華: 神殿", "-p", "阿美: 教堂", "-p", "大雄: 教堂",
                     "--teams", "小明+小華,阿美+大雄")
    assert result.returncode == 2
    assert result.stderr.strip() == ("referee: 小明 和 小華 是隊友卻相鄰而坐：組隊遊戲須 4 或 6 人，分成人數相同的兩隊，"
                                     "隊友隔位而坐（一隊坐 1、3、5 號位，另一隊坐 2、4、6 號位）。")


def test_score_quick_entry_with_teams():
    result = run_cli("score", *QUICK, "--teams", "Ann+Cid,Bob+Dan", "--json")
    report = json.loads(result.stdout)
    # Ann 1+4, Bob 5+2, Cid 3, Dan 1+2: Ann+Cid 8, Bob+Dan 10.
    assert {t["score"] for t in report["teams"]} == {8, 10}
    assert report["winning_team"] == ["Bob", "Dan"]
    text = run_cli("score", *QUICK, "--teams", "Ann+Cid,Bob+Dan", "--lang", "zh-Hant").stdout
    assert "隊伍 Bob + Dan：10 分" in text and "隊伍 Ann + Cid：8 分" in text and "獲勝隊伍：Bob + Dan" in text
    assert "勝者" not in text                    # the teams decide, not the best player


def test_a_tie_between_teams_says_so_and_what_the_tie_break_would_say():
    tied = ["-p", "Ann: Temple, Castle; character Warlord", "-p", "Bob: Palace; character King",
            "-p", "Cid: Manor; character Thief", "-p", "Dan: Tavern, Market; character Bishop"]
    report = json.loads(run_cli("score", *tied, "--teams", "Ann+Cid,Bob+Dan", "--json").stdout)
    assert report["winning_team"] is None
    assert report["team_tie"] == {"score": 8, "rule": "highest-rank-revealed", "favours": ["Ann"], "team": ["Ann", "Cid"]}
    text = run_cli("score", *tied, "--teams", "Ann+Cid,Bob+Dan").stdout
    assert "The teams are tied at 8." in text
    assert "would favour Ann, of team Ann + Cid." in " ".join(text.split())


def test_a_finished_team_game_at_the_table(tables, rulebooks, table, shown):
    rb = rulebooks["2016"]
    full = record_finished(tables, "g", rb, 4, seed=3, teams="P0+P2,P1+P3")
    final = json.loads(table("score", "--json").stdout)
    by_name = {r["name"]: r["score"] for r in final["players"]}
    totals = {tuple(t["players"]): t["score"] for t in final["teams"]}
    assert totals == {("P0", "P2"): by_name["P0"] + by_name["P2"], ("P1", "P3"): by_name["P1"] + by_name["P3"]}
    best = max(totals.values())
    if list(totals.values()).count(best) == 1:
        assert tuple(final["winning_team"]) == next(t for t, s in totals.items() if s == best)
    text = table("score").stdout
    assert "Team P0 + P2" in text and "Team P1 + P3" in text
    # The phones' state (table show --json, /state.json) says the same standing.
    assert shown()["teams"] == {k: final[k] for k in ("teams", "winning_team", "team_tie")}
    assert full.is_over


def test_simulate_plays_team_games():
    result = run_cli("simulate", "--games", "6", "--teams", "Ann+Cid+Eve,Bob+Dan+Fay", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["players"] == 6
    assert [t["players"] for t in report["teams"]] == [["Ann", "Cid", "Eve"], ["Bob", "Dan", "Fay"]]
    assert sum(t["wins"] for t in report["teams"]) + report["team_ties"] == 6
    assert all(t["average_score"] > 0 for t in report["teams"])
    text = run_cli("simulate", "--games", "2", "--teams", "小明+阿美,小華+大雄").stdout
    assert "隊伍 小明 + 阿美：勝" in text and "兩隊同分" in text
    refused = run_cli("simulate", "--teams", "Ann+Cid,Bob+Dan", "--players", "6")
    assert refused.returncode == 2 and "--players 6 does not fit --teams" in refused.stderr


def test_teams_typed_in_the_other_script_are_the_players(table, shown):
    assert table("new", "g", "--players", "小明,小華,阿美,大雄", "--teams", "小明+阿美,小华+大雄").returncode == 0
    assert [t["players"] for t in shown()["teams"]["teams"]] == [["小明", "阿美"], ["小華", "大雄"]]
    report = json.loads(run_cli("score", "-p", "小明: 神殿", "-p", "小華: 教堂", "-p", "阿美: 神殿", "-p", "大雄: 教堂",
                                "--teams", "小明+阿美,小华+大雄", "--json").stdout)
    assert report["winning_team"] == ["小華", "大雄"]
