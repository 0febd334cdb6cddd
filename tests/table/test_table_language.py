"""A table speaks one script: the one its name or players' names are written in, or --lang at
`new`; when neither says (胖虎, 阿花, 老王 are written alike in both scripts) the first move
typed in one script decides, stored in the same transaction as that move, and later moves in
the other script do not change it. Run in process."""

from __future__ import annotations

import sqlite3

import pytest

from tests.conftest import run_in_process

NEUTRAL = "胖虎,小夫,阿花,老王"            # no character of these is written differently in the two scripts


@pytest.fixture(autouse=True)
def locale(monkeypatch, database):
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("COLUMNS", "80")


def said(*argv: str) -> str:
    code, out, err = run_in_process(*argv)
    assert (code, err) == (0, ""), (code, out, err)
    return out


def stored(tables, name: str) -> str:
    """The language a fresh reader finds in the tables file."""
    conn = sqlite3.connect(tables)
    try:
        return conn.execute("SELECT lang FROM games WHERE name = ?", (name,)).fetchone()[0]
    finally:
        conn.close()


def test_a_table_of_shared_names_takes_the_script_of_its_first_move_typed_in_one(tables):
    said("table", "new", "周六", "--players", NEUTRAL)
    assert stored(tables, "周六") == ""                          # undecided: nothing typed said which
    assert said("table", "show").splitlines()[0] == "周六 · 第 1 輪 · 選角階段 · 皇冠 胖虎"   # the guess
    # Typed alike in both scripts (面朝上 商人、刺客): still undecided.
    said("table", "do", "胖虎：面朝上 商人、刺客")
    assert stored(tables, "周六") == ""
    said("table", "undo")
    out = said("table", "do", "胖虎：面朝上 商人、建筑师").splitlines()
    assert out[:3] == ["✓ 胖虎：面朝上 商人、建筑师", "    面朝上弃掉：商人、建筑师", "本桌此后使用简体中文，依输入的文字而定。"]
    assert stored(tables, "周六") == "zh-Hans"
    # Every later command speaks it, the moves typed in the other script included, told no more.
    out = said("table", "do", "胖虎：拿金幣")
    assert out.splitlines()[0] == "✓ 胖虎：拿金币" and "本桌" not in out
    assert stored(tables, "周六") == "zh-Hans"
    assert said("table", "show").splitlines()[0] == "周六 · 第 1 轮 · 行动阶段 · 皇冠 胖虎"
    assert "第 1 轮" in said("table", "log")
    assert said("table", "list").startswith("* 周六  2016年版 · 胖虎、小夫、阿花、老王 · ")
    assert "分数" in said("table", "score")
    # Undoing the move that decided it keeps the language: it is the players' script, not the move's.
    said("table", "undo", "2")
    assert stored(tables, "周六") == "zh-Hans"
    assert said("table", "show").splitlines()[0] == "周六 · 第 1 轮 · 选角阶段 · 皇冠 胖虎"


def test_names_in_one_script_decide_whatever_is_typed(tables):
    said("table", "new", "t", "--players", "小明,小華,阿花,老王")          # 華: Traditional
    assert stored(tables, "t") == "zh-Hant"
    out = said("table", "do", "小明：面朝上 商人、建筑师")
    assert out.splitlines()[0] == "✓ 小明：面朝上 商人、建築師" and "本桌" not in out
    assert stored(tables, "t") == "zh-Hant"
    # A table's name says it too (週: Traditional only).
    said("table", "new", "週六", "--players", NEUTRAL)
    assert stored(tables, "週六") == "zh-Hant"
    said("table", "do", "胖虎：面朝上 商人、建筑师")
    assert stored(tables, "週六") == "zh-Hant"


def test_lang_at_new_wins_and_lang_elsewhere_speaks_for_its_command(tables):
    said("table", "new", "t", "--players", NEUTRAL, "--lang", "zh-Hant")
    assert stored(tables, "t") == "zh-Hant"
    assert said("table", "do", "胖虎：面朝上 商人、建筑师").splitlines()[0] == "✓ 胖虎：面朝上 商人、建築師"
    assert stored(tables, "t") == "zh-Hant"
    # An undecided table: --lang answers this command, the script typed still decides the table's.
    said("table", "new", "u", "--players", NEUTRAL)
    out = said("table", "do", "胖虎：面朝上 商人、建筑师", "--lang", "en").splitlines()
    assert out[0] == "✓ 胖虎: faceup Merchant, Architect"
    assert " ".join(out[2:4]) == "From now on this table speaks Simplified Chinese, the script its moves are typed in."
    assert stored(tables, "u") == "zh-Hans"


def test_moves_in_latin_letters_leave_a_table_undecided(tables, monkeypatch):
    said("table", "new", "t", "--players", NEUTRAL)
    said("table", "do", "胖虎: faceup Merchant, Architect")
    assert stored(tables, "t") == ""
    said("table", "new", "u", "--players", "Ann,Bob,Cid,Dan")
    said("table", "do", "Ann: faceup Merchant, Architect")
    assert stored(tables, "u") == ""
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")                    # ... which then follows the locale
    assert said("table", "show").splitlines()[0] == "u · 第 1 轮 · 选角阶段 · 皇冠 Ann"


def test_a_refused_move_decides_nothing(tables):
    said("table", "new", "t", "--players", NEUTRAL)
    code, out, _ = run_in_process("table", "do", "胖虎：结束")      # nothing gathered: refused
    assert code == 1 and "本桌" not in out and "未记录" in out
    assert stored(tables, "t") == ""


def test_the_language_and_the_move_that_decides_it_are_one_transaction(tables, monkeypatch):
    """The write fails after the move's insert, before the commit: neither the move nor the
    language is stored, for this reader and every later one; typed again, both are."""
    from referee.table import store

    said("table", "new", "t", "--players", NEUTRAL)
    original = store.Store.put_position

    def failing(*args, **kwargs):            # after the move's insert and the language's update
        error = sqlite3.OperationalError("disk I/O error (simulated)")
        error.sqlite_errorname = "SQLITE_IOERR"
        raise error

    monkeypatch.setattr(store.Store, "put_position", staticmethod(failing))
    code, out, err = run_in_process("table", "do", "胖虎：面朝上 商人、建筑师")
    assert code == 2 and out == "" and "disk I/O error" in err
    assert stored(tables, "t") == ""
    conn = sqlite3.connect(tables)
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 0
    conn.close()
    monkeypatch.setattr(store.Store, "put_position", staticmethod(original))
    assert "本桌此后使用简体中文" in said("table", "do", "胖虎：面朝上 商人、建筑师")
    assert stored(tables, "t") == "zh-Hans"


def test_the_language_is_stored_only_inside_the_write_transaction(tables):
    from referee.table.store import Store

    said("table", "new", "t", "--players", NEUTRAL)
    store = Store(tables)
    try:
        with pytest.raises(RuntimeError):
            store.decide_language(store.conn, "t", "zh-Hans")
        with store.writing() as conn:
            assert store.decide_language(conn, "t", "zh-Hans")
            assert not store.decide_language(conn, "t", "zh-Hant")     # decided once
    finally:
        store.conn.close()
    assert stored(tables, "t") == "zh-Hans"


def test_the_phones_follow_the_decided_language(tables):
    from referee.catalog.facts import rulebook
    from referee.cli.table_cmd import _local
    from referee.web.server import Hub

    said("table", "new", "t", "--players", NEUTRAL)
    hub = Hub(tables, None, None, rulebook, _local)
    spoken, _, html = hub._fresh(None)
    assert spoken == "zh-Hant" and "選角階段" in html              # undecided: the guess
    said("table", "do", "胖虎：面朝上 商人、建筑师")
    spoken, _, html = hub._fresh(None)
    assert spoken == "zh-Hans" and "选角阶段" in html and "選角" not in html


def test_a_usage_error_at_an_undecided_table_is_said_as_the_table_shows(tables):
    # Undecided (names alike in both scripts): `show` speaks its guess, Traditional under a locale
    # without Chinese; a usage error of a command on that table is said the same way, not in English.
    said("table", "new", "周六", "--players", NEUTRAL)
    assert said("table", "show").splitlines()[0].startswith("周六 · 第 1 輪")
    code, out, err = run_in_process("table", "serve", "--port", "abc")
    assert code == 2 and err.strip() == "referee: --port 的值「abc」不是整數"
    code, out, err = run_in_process("table", "undo", "abc")
    assert code == 2 and err.strip().startswith("referee: 「abc」不是步數：")
