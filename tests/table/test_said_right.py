"""What a tracked table says (issue 16, "Said right"): the log puts a round's last move in that
round, the Magician's redraw is said whole and listed, `show` says the round's marks and its
end, and a table speaks the one language it was set up in."""

from __future__ import annotations

import json
import sqlite3

from referee.table.store import SCHEMA_VERSION

ROUND = ["阿美：面朝上 商人、建築師", "阿強：刺殺 主教", "阿強：拿金幣", "阿強：結束", "跳過", "阿明：翻開 魔術師",
         "阿明：拿金幣", "阿明：結束", "阿美：翻開 國王", "阿美：拿金幣", "阿美：結束", "阿華：翻開 軍閥", "阿華：拿金幣"]


def _new(table, *extra):
    assert table("new", "週六", "--players", "阿明,阿華,阿美,阿強", "--crown", "阿美", *extra).returncode == 0


def test_the_move_that_ends_a_round_is_logged_in_that_round(table):
    _new(table)
    table("do", *ROUND)
    result = table("do", "阿華：結束")
    assert "    第 1 輪結束：皇冠 → 阿美" in result.stdout.splitlines()
    logged = json.loads(table("log", "--json").stdout)
    assert (logged[-1]["move"], logged[-1]["round"]) == ("阿華: end", 1)
    assert "  第 1 輪 · " in table("log").stdout.splitlines()[-1]
    assert table("do", "阿美：面朝上 商人、建築師").returncode == 0
    assert json.loads(table("log", "--json").stdout)[-1]["round"] == 2


def test_show_says_the_rounds_marks_and_its_end(table):
    _new(table)
    table("do", *ROUND[:4])
    lines = table("show").stdout.splitlines()
    assert lines[1] == "  面朝上棄掉：商人、建築師 · 住持 被刺殺"
    table("do", *ROUND[4:], "阿華：結束")
    lines = table("show").stdout.splitlines()
    assert lines[0].startswith("週六 · 第 2 輪") and lines[1] == "  第 1 輪結束：皇冠 → 阿美"


def test_the_magicians_redraw_is_said_whole_listed_and_found_by_its_words(table):
    _new(table)
    table("do", *ROUND[:5])
    moves = json.loads(table("moves", "--json").stdout)
    assert "Magician: redraw ?, ?" in [m.replace("阿明", "Magician") for m in moves] or "Magician: redraw ?, ?" in moves
    result = table("do", "阿明：翻開 魔術師", "阿明：重抽 ?, ?")           # 重抽: what players say
    assert result.returncode == 0, result.stdout
    assert "    阿明 把 2 張牌放到牌堆底（魔術師）" in result.stdout.splitlines()
    hand = {p["name"]: p["hand_count"] for p in json.loads(table("show", "--json").stdout)["state"]["players"]}
    assert hand["阿明"] == 4
    result = table("do", "阿明：再抽 ?, ?")        # the Magician's 重抽 first: it sounds closer
    assert result.returncode == 2 and "是不是 重抽 或 抽牌" in result.stderr


def test_a_table_speaks_the_script_it_was_set_up_in(table):
    _new(table)                                   # Traditional names: a Traditional table
    result = table("do", "阿美：面朝上 商人、建筑师", "阿强：刺杀 主教")         # typed in Simplified
    assert "    住持 被刺殺" in result.stdout.splitlines()
    assert "下一步：阿強（刺客）：拿資源——金幣或抽牌。" in result.stdout
    assert table("show").stdout.splitlines()[0].startswith("週六 · 第 1 輪")
    assert table("show", "--lang", "zh-Hans").stdout.splitlines()[0].startswith("週六 · 第 1 轮")   # once
    assert table("show").stdout.splitlines()[0].startswith("週六 · 第 1 輪")
    assert "2016年版" in table("list").stdout                    # the current table's language
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--lang", "zh-Hans").returncode == 0
    assert "下一步" in table("show").stdout and "2016年版" in table("list").stdout


def test_a_schema_2_file_gains_the_tables_language(tables, table):
    _new(table)
    conn = sqlite3.connect(tables)
    conn.execute("ALTER TABLE games DROP COLUMN lang")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'table_language'")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    assert table("show").stdout.startswith("週六 · 第 1 輪")             # speaks as before: the names' script
    conn = sqlite3.connect(tables)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("SELECT lang FROM games").fetchall() == [("",)]
    conn.close()
    # Undecided, as a new table whose names say no script: its first move typed in one decides.
    assert table("do", "阿美：面朝上 商人、建築師").returncode == 0
    conn = sqlite3.connect(tables)
    assert conn.execute("SELECT lang FROM games").fetchall() == [("zh-Hant",)]
