"""Issue 16, "Said right": what the table is told says what is true, in the player's words."""

from __future__ import annotations

import json

from tests.conftest import run_cli


def test_not_provisional_once_the_one_secret_vault_is_known(table):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    assert json.loads(table("score", "--json").stdout)["provisional_for"] == ["Ann", "Bob", "Cid", "Dan"]
    hand = ["--hand", "Ann: Secret Vault, Temple, Manor, Tavern"]
    # The 2016 deck has one Secret Vault: known in Ann's hand, no unknown card elsewhere can score.
    assert json.loads(table("score", "--json", *hand).stdout)["provisional_for"] == []
    text = table("score", *hand).stdout
    assert "unknown card in hand could score" not in " ".join(text.split())
    assert "unknown card in hand could score" in " ".join(table("score").stdout.split())


def test_a_mistyped_player_is_offered_the_closest_names_first(table):
    table("new", "g", "--players", "小明,小華,阿美,大雄,靜香")
    result = table("do", "小花：刺殺 商人")
    assert result.returncode == 2
    assert result.stderr.strip() == "referee: 找不到玩家「小花」；最接近的：小華、小明、大雄、靜香、阿美"
    table("new", "h", "--players", "Ann,Bob,Cid,Dan")
    assert table("do", "Dna: gold").stderr.strip() == "referee: unknown player 'Dna'; closest: Dan, Ann, Cid, Bob"


def test_quick_entry_gives_the_museums_cards():
    for museum in ("博物館 3", "博物館（3）", "博物館3", "Museum (3)", "Museum 3"):
        report = json.loads(run_cli("score", "-p", f"小明：{museum}，神殿", "-p", "小華：神殿", "--json").stdout)
        assert report["players"][0]["breakdown"] == {"districts": 5, "museum": 3}, museum
    result = run_cli("score", "-p", "Ann: Temple 2", "-p", "Bob: Manor")
    assert result.returncode == 2 and "only the Museum holds cards" in result.stderr


def test_a_score_before_the_end_names_who_leads_not_a_winner(table):
    """Nobody has won mid-game: `table score` said 「勝者：」 of every player before anyone built.
    It says who leads (the tie-break reads the last round, which has not come); at the end, the
    winner (tests/table/test_records.py, test_teams.py)."""
    from tests.table.test_table_cli import ROUND

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    lines = table("score").stdout.splitlines()
    assert "Everyone is tied at 0." in lines and not any(line.startswith("Winner") for line in lines)
    assert "全員同分（各 0 分）。" in table("score", "--lang", "zh-Hant").stdout.splitlines()
    assert "全员同分（各 0 分）。" in table("score", "--lang", "zh-Hans").stdout.splitlines()
    report = json.loads(table("score", "--json").stdout)
    assert (report["final"], report["winners"], report["tie_break"]) == (False, [], None)
    assert report["leading"] == ["Ann", "Bob", "Cid", "Dan"]
    for moves in ROUND[:5]:                                    # Ann builds the Tavern
        assert table("do", *moves).returncode == 0, moves
    assert "Leading: Ann" in table("score").stdout.splitlines()
    assert "領先：Ann" in table("score", "--lang", "zh-Hant").stdout.splitlines()
    assert table("do", "Cid: reveal King", "Cid: gold", "Cid: build Tavern").returncode == 0
    assert "Tied for the lead: Ann, Cid" in table("score").stdout.splitlines()
    assert "并列领先：Ann、Cid" in table("score", "--lang", "zh-Hans").stdout.splitlines()
    assert json.loads(table("score", "--json").stdout)["leading"] == ["Ann", "Cid"]


def test_a_team_game_before_the_end_names_the_leading_team(table):
    from tests.table.test_table_cli import ROUND

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid", "--teams", "Ann+Cid,Bob+Dan")
    text = table("score").stdout
    assert "The teams are tied at 0." in text and "Winning team" not in text and "tie-break" not in text
    for moves in ROUND[:5]:
        assert table("do", *moves).returncode == 0, moves
    text = table("score").stdout
    assert "Leading team: Ann + Cid" in text.splitlines() and "Winning team" not in text
    assert "領先隊伍：Ann + Cid" in table("score", "--lang", "zh-Hant").stdout.splitlines()
