"""The tables file and the command line under faults (issue 16): each fault is one line on
stderr, exit 2, nothing on stdout and nothing changed — never a traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT, run_in_process

NEW = ["table", "new", "g", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid"]


def _refused(code: int, out: str, err: str) -> str:
    assert code == 2, (code, out, err)
    assert out == "", out
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


def _bytes_run(*args: bytes | str, env: dict | None = None) -> subprocess.CompletedProcess:
    """`referee ARGS…` with arguments as raw bytes (what a shell passes for $'\\xff')."""
    argv = [sys.executable, "-m", "referee", *(a if isinstance(a, bytes) else a.encode() for a in args)]
    return subprocess.run(argv, capture_output=True, env={**os.environ, "LANG": "C.UTF-8", **(env or {})}, cwd=ROOT)


def _log(path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT game, seq, notation FROM moves ORDER BY game, seq").fetchall()


@pytest.fixture
def game(tables):
    assert run_in_process(*NEW)[0] == 0
    assert run_in_process("table", "do", "Cid: faceup Merchant, Architect")[0] == 0
    return tables


# -- arguments ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    [b"table", b"new", b"\xff\xfe", b"--players", b"Ann,Bob,Cid"],
    [b"table", b"new", b"x", b"--players", b"\xff,\xfe"],
    [b"table", b"do", b"--table", b"\xff", b"Ann: gold"],
    [b"table", b"show", b"--table", b"\xff"],
    [b"table", b"use", b"\xff"],
    [b"table", b"delete", b"\xff", b"--yes"],
    [b"table", b"serve", b"--host", b"\xff"],
    [b"card", b"\xff"],
])
def test_arguments_that_are_not_utf8_are_refused_in_one_line(game, args):
    before = _log(game)
    result = _bytes_run(*args)
    err = _refused(result.returncode, result.stdout.decode(), result.stderr.decode())
    assert "not UTF-8 text (\\xff" in err
    assert _log(game) == before


@pytest.mark.parametrize("args", [
    ["table", "do", "--table", "", "Ann: gold"], ["table", "show", "--table", ""], ["table", "show", "--table="],
    ["table", "new", "h", "--players", "Ann,Bob,Cid", "--crown", ""], ["table", "new", "h", "--from", ""],
    ["table", "show", "--lang", ""], ["card", "8", "--lang", ""],
])
def test_empty_option_values_are_refused_not_taken_as_the_default(game, args):
    before = _log(game)
    err = _refused(*run_in_process(*args))
    assert "needs a value" in err and args[-1 if args[-1].endswith("=") else -2].rstrip("=") in err
    assert _log(game) == before
    with sqlite3.connect(game) as conn:
        assert [row[0] for row in conn.execute("SELECT name FROM games")] == ["g"]


def test_an_empty_option_value_is_refused_in_the_language_typed(game):
    err = _refused(*run_in_process("table", "do", "--table", "", "小明：拿金幣"))
    assert "--table 需要一個值" in err


def test_global_options_may_stand_before_a_table_command(game):
    code, out, err = run_in_process("--json", "table", "show")
    assert code == 0, err
    assert json.loads(out)["table"] == "g"
    code, out, _ = run_in_process("--lang", "zh-Hant", "table", "show")
    assert code == 0 and "第 1 輪" in out


def test_table_without_a_sub_command_is_one_line_on_stderr(tables):
    err = _refused(*run_in_process("table"))
    assert err.startswith("referee: referee table needs a command: new, do, undo, show, moves, log, score, export, stats, list")
    assert "referee table --help" in err
    assert _refused(*run_in_process("table", "--json")) == err
    from referee.messages import text

    said = text("error.no_sub_command", "zh-Hant", command="table", commands="new、do")
    assert said == "referee table 後面要接指令：new、do（referee table --help 有各指令的說明）"


# -- names --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["t\x1b[2J", "bell\x07", "nul\x00x", "a\u202eb", "a\u2066b", "two\nlines"])
def test_control_characters_and_direction_overrides_are_refused_in_table_names(tables, name):
    err = _refused(*run_in_process("table", "new", name, "--players", "Ann,Bob,Cid"))
    assert "control characters" in err and "\x1b" not in err
    assert not tables.exists() or run_in_process("table", "list", "--json")[1].strip() == "[]"


@pytest.mark.parametrize("players", ["A\x1bn,Bob,Cid", "Ann,B\u202eob,Cid", "Ann,Bob,Ci\x07d"])
def test_control_characters_are_refused_in_player_names(tables, players):
    err = _refused(*run_in_process("table", "new", "t", "--players", players))
    assert "a player's name may not hold control characters" in err


def test_player_names_from_a_situation_file_are_checked_too(tables, tmp_path):
    situation = tmp_path / "s.toml"
    situation.write_text('edition = "2016"\n[[players]]\nname = "Ann\\u001b[2J"\n[[players]]\nname = "Bob"\n'
                         '[[players]]\nname = "Cid"\n', encoding="utf-8")
    err = _refused(*run_in_process("table", "new", "t", "--from", str(situation)))
    assert "a player's name may not hold control characters" in err


def test_names_have_a_length_limit_that_the_refusal_states(tables):
    err = _refused(*run_in_process("table", "new", "x" * 131_000, "--players", "Ann,Bob,Cid"))
    assert err.startswith("referee: a table's name has at most 40 characters (131000 typed)")
    err = _refused(*run_in_process("table", "new", "t", "--players", "Ann,Bob," + "C" * 41))
    assert "a player's name has at most 40 characters (41 typed)" in err
    assert run_in_process("table", "new", "x" * 40, "--players", "Ann,Bob," + "C" * 40)[0] == 0


def test_a_stored_overlong_move_is_never_echoed_whole(game):
    with sqlite3.connect(game) as conn:
        conn.execute("INSERT INTO moves (game, seq, notation, round, at) VALUES ('g', 2, ?, 1, 'x')", ("Ann: gold " * 3000,))
    code, out, err = run_in_process("table", "show")
    assert code == 0, err
    assert "Ann: gold Ann: gold" in out and len(out) < 2000
    err = _refused(*run_in_process("table", "do", "Dan: kill Bishop"))
    assert len(err) < 400
    code, out, err = run_in_process("table", "log")
    assert code == 0 and len(out.splitlines()[-1]) < 200, err
    code, out, err = run_in_process("table", "undo")
    assert code == 0 and len(out) < 1000 and "Ann: gold Ann: gold" in out, err


def test_a_legal_move_typed_after_a_refused_one_is_not_recorded_and_the_table_is_told(game):
    """Issue 16: `"Dan: draw keep Temple" "Dan: gold" "Dan: end"` — the gold is refused (he has
    gathered), and the end typed after it must not be recorded (it was meant to follow the gold);
    the answer says so."""
    code, out, err = run_in_process("table", "do", "Dan: kill Bishop", "Dan: draw keep Temple", "Dan: gold", "Dan: end")
    assert code == 1, (out, err)
    notations = [row[2] for row in _log(game)]
    assert notations[-2:] == ["Dan: kill Bishop", "Dan: draw keep Temple"]
    assert "Dan: end" not in notations
    assert "Not recorded either (1 typed after it): Dan: end." in out
    code, out, _ = run_in_process("table", "do", "--json", "Dan: gold", "Dan: end", "Dan: build Temple")
    assert code == 1 and json.loads(out)["not_recorded"] == ["Dan: end", "Dan: build Temple"]
    code, out, _ = run_in_process("table", "do", "--lang", "zh-Hant", "Dan: gold", "Dan: end")
    assert "之後輸入的 1 步也沒有記錄：Dan: end。" in out
    assert [row[2] for row in _log(game)][-1] == "Dan: draw keep Temple"


def test_a_null_move_in_the_log_is_named_not_a_traceback(game):
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE moves SET notation = NULL")
    code, out, err = run_in_process("table", "show")
    assert code == 0 and "Move 1 (None) no longer replays" in out, (out, err)
    err = _refused(*run_in_process("table", "do", "Dan: kill Bishop"))
    assert "move 1" in err.lower()


# -- a tampered header ----------------------------------------------------------------------------------


@pytest.mark.parametrize("column, value, field", [
    ("players", "Ann,Bob", "players"), ("players", '{"a": 1}', "players"), ("variants", "[1]", "variants"),
    ("edition", "1999", "edition"), ("crown", "9", "crown"), ("characters", None, "characters"),
])
def test_a_tampered_header_is_one_line_naming_what_is_damaged(game, column, value, field):
    with sqlite3.connect(game) as conn:
        conn.execute(f"UPDATE games SET {column} = ?", (value,))
    for args in (["table", "show"], ["table", "do", "Dan: kill Bishop"], ["table", "list"], ["table", "log"]):
        err = _refused(*run_in_process(*args))
        assert f"the field {field} of its header in the tables file is not as referee writes it" in err, (args, err)


# -- the file ---------------------------------------------------------------------------------------------


def test_a_parent_path_that_is_a_file(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("REFEREE_TABLES", str(blocker / "sub" / "tables.db"))
    err = _refused(*run_in_process("table", "list"))
    assert f"{blocker} is a file, not a folder" in err


def test_a_write_lock_held_by_another_program_says_busy(game, monkeypatch):
    from referee.table import store

    original = store.Store._open

    def short_wait(self):
        conn = original(self)
        conn.execute("PRAGMA busy_timeout = 200")         # the 30 s wait, shortened
        return conn

    monkeypatch.setattr(store.Store, "_open", short_wait)
    holder = sqlite3.connect(game, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        before = time.monotonic()
        err = _refused(*run_in_process("table", "do", "Dan: kill Bishop"))
        assert "is busy: another program is writing to it" in err
        assert "not a tables file" not in err
        assert time.monotonic() - before < 10
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(_log(game)) == 1


def test_a_read_only_tables_file_says_it_cannot_be_written(game, monkeypatch):
    """Opened read-only, as SQLite opens a file the user may not write (root may write any file,
    so the test does not rely on permissions)."""
    connect = sqlite3.connect

    def read_only(path, *args, **kwargs):
        if str(path) != str(game):
            return connect(path, *args, **kwargs)
        return connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", read_only)
    err = _refused(*run_in_process("table", "do", "Dan: kill Bishop"))
    assert "cannot be written (a read-only file or folder)" in err
    monkeypatch.setattr(sqlite3, "connect", connect)
    assert len(_log(game)) == 1


def test_permission_denied_says_so(game, monkeypatch):
    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setenv("REFEREE_TABLES", str(game.parent / "new" / "tables.db"))
    monkeypatch.setattr("pathlib.Path.mkdir", denied)
    err = _refused(*run_in_process("table", "list"))
    assert "permission denied" in err


_FULL = """
import sqlite3, sys
from referee.table import store
original = store.Store._open
def full(self):
    conn = original(self)
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")      # the disk is full: the file cannot grow
    return conn
store.Store._open = full
from referee.cli.app import run
sys.exit(run(sys.argv[1:]))
"""


ROUND = ["Dan: kill Bishop", "Dan: gold", "Dan: end", "pass", "Ann: reveal Magician", "Ann: swap Bob", "Ann: gold",
         "Ann: build Tavern", "Ann: end", "Cid: reveal King", "Cid: gold", "Cid: build Manor", "Cid: end",
         "Bob: reveal Warlord", "Bob: gold", "Bob: destroy Ann Tavern", "Bob: end"]


def test_a_full_disk_records_nothing_and_says_so(game):
    conn = sqlite3.connect(game, isolation_level=None)
    conn.execute("PRAGMA page_size = 512")                 # small pages, packed: a round's steps need more
    conn.execute("VACUUM")
    conn.close()
    result = subprocess.run([sys.executable, "-c", _FULL, "table", "do", *ROUND], capture_output=True,
                            text=True, env={**os.environ, "LANG": "C.UTF-8"}, cwd=ROOT)
    err = _refused(result.returncode, result.stdout, result.stderr)
    assert "the disk is full: nothing was recorded" in err
    assert len(_log(game)) == 1
    assert run_in_process("table", "do", *ROUND)[0] == 0          # with room again, it records
    assert len(_log(game)) == 1 + len(ROUND)


def test_a_read_only_checkout_with_an_unwritable_home_builds_its_database_elsewhere(tmp_path, monkeypatch):
    from referee import paths

    blocker = tmp_path / "home"
    blocker.write_text("not a folder")
    monkeypatch.delenv("REFEREE_DB")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(blocker))
    monkeypatch.setattr(paths, "_writable", lambda folder: False)
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    found = paths.db_path()
    assert found.parent.parent == tmp_path / "tmp" and found.name == "referee.db"
