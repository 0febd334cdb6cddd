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
