"""A recorded game is never lost: `referee table do` killed with SIGKILL at random moments
leaves every acknowledged move recorded and no half-recorded `do`; two writers at once are
serialized, the second checked against what the first recorded."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.conftest import ROOT
from tests.table.public import play_and_transcribe, typed_at_the_table

KILLS_PER_TABLE = 50
TABLES = 4                       # 200 kills in all, four tables written at once in one file


def _run(env, *args, timeout=120):
    return subprocess.run([sys.executable, "-m", "referee", "table", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=timeout)


def _log(env, name) -> list[str]:
    """The log as a fresh reader sees it (in process: a subprocess per look would double the
    test's time)."""
    from referee.table.store import Store

    store = Store(Path(env["REFEREE_TABLES"]))
    try:
        return [m.notation for m in store.moves(name)]
    finally:
        store.conn.close()


def _public_moves(rulebook, seed) -> list[str]:
    """Legal moves for a 4-player table: what a table would type for a random game."""
    full, public = play_and_transcribe(rulebook, 4, seed)
    return typed_at_the_table(rulebook, full, public)[1]


def _kill_loop(env, name: str, moves: list[str], seed: int) -> list[str]:
    rng = random.Random(seed)
    problems = []
    done = 0
    for attempt in range(KILLS_PER_TABLE):
        batch = moves[done:done + 3]
        if not batch:
            break
        before = _log(env, name)
        process = subprocess.Popen([sys.executable, "-m", "referee", "table", "do", "--table", name, *batch],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        if attempt % 5 == 4:
            process.wait(120)        # now and then one runs to its end, however slow the machine: the table moves on
        else:
            time.sleep(rng.uniform(0.0, 0.4))
        acknowledged = process.poll() == 0
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait()
        after = _log(env, name)
        if after == before + batch:
            done += len(batch)
        elif after != before:
            problems.append(f"half-recorded: {before[-2:]} → {after[-4:]} for {batch}")
        elif acknowledged:
            problems.append(f"acknowledged but lost: {batch}")
        if process.returncode not in (0, -signal.SIGKILL):     # legal moves: only a kill may stop them
            problems.append(f"refused (exit {process.returncode}) {batch}: {process.stderr.read().decode()[-300:]}")
    if done == 0:
        problems.append(f"{name}: not one batch recorded in {KILLS_PER_TABLE} tries")
    return problems


def test_sigkill_never_loses_or_splits_a_recorded_do(tmp_path, rulebooks):
    env = {**os.environ, "REFEREE_TABLES": str(tmp_path / "tables.db"), "LANG": "C.UTF-8"}
    names = [f"game{i}" for i in range(TABLES)]
    for name in names:
        assert _run(env, "new", name, "--players", "P0,P1,P2,P3").returncode == 0
    moves = {name: _public_moves(rulebooks["2016"], 11 + i) for i, name in enumerate(names)}
    with ThreadPoolExecutor(TABLES) as pool:
        # Fixed seeds (a string's hash() changes from run to run): the same kills every run.
        found = list(pool.map(lambda n: _kill_loop(env, n, moves[n], 1000 + names.index(n)), names))
    assert [p for problems in found for p in problems] == []
    for name in names:                       # every log still replays: nothing broken, nothing lost
        shown = json.loads(_run(env, "show", "--json", "--table", name).stdout)
        assert "broken" not in shown and shown["moves_recorded"] == len(_log(env, name))


def test_two_writers_at_once_are_serialized(tmp_path):
    env = {**os.environ, "REFEREE_TABLES": str(tmp_path / "tables.db"), "LANG": "C.UTF-8"}
    _run(env, "new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    assert _run(env, "do", "Cid: faceup Merchant, Architect", "Dan: kill Bishop").returncode == 0
    for _ in range(4):
        first = subprocess.Popen([sys.executable, "-m", "referee", "table", "do", "Dan: gold"], env=env, cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        second = subprocess.Popen([sys.executable, "-m", "referee", "table", "do", "Dan: draw"], env=env, cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        codes = sorted([first.wait(60), second.wait(60)])
        assert codes == [0, 1]                # one gathers; the other is checked against it and refused
        log = _log(env, "t")
        assert log[:2] == ["Cid: faceup Merchant, Architect", "Dan: kill Bishop"]
        assert len(log) == 3 and log[2] in ("Dan: gold", "Dan: draw")
        assert _run(env, "undo").returncode == 0


def _journal_mode(path: Path) -> str:
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        conn.close()


def test_the_tables_file_keeps_a_rollback_journal_and_leaves_wal_mode(tmp_path):
    """WAL mode can leave a killed commit visible to some readers and not to others (see
    referee/table/store.py); a file an earlier version left in WAL mode is switched back by the
    first command that has it to itself, and works meanwhile."""
    import sqlite3

    path = tmp_path / "tables.db"
    env = {**os.environ, "REFEREE_TABLES": str(path), "LANG": "C.UTF-8"}
    assert _run(env, "new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    assert _journal_mode(path) == "delete" and not Path(f"{path}-wal").exists()

    old = sqlite3.connect(path)
    assert old.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    old.execute("SELECT count(*) FROM moves").fetchall()         # another command has the file open
    assert _run(env, "do", "Cid: faceup Merchant, Architect").returncode == 0
    assert _journal_mode(path) == "wal"                          # not switched under another reader
    old.close()
    assert _run(env, "do", "Dan: kill Bishop").returncode == 0
    assert _journal_mode(path) == "delete"
    assert _log(env, "t") == ["Cid: faceup Merchant, Architect", "Dan: kill Bishop"]


def _failing_after(monkeypatch, method: str, calls: int):
    """Make `Store.<method>` fail on its call number `calls + 1` (the write after the first
    `calls`), as a disk error would, inside the transaction of a `do`."""
    import sqlite3

    from referee.table import store

    original = getattr(store.Store, method)
    count = {"n": 0}

    def failing(*args, **kwargs):
        count["n"] += 1
        if count["n"] > calls:
            raise sqlite3.OperationalError("disk I/O error (simulated)")
        return original(*args, **kwargs)

    monkeypatch.setattr(store.Store, method, staticmethod(failing))
    count["restore"] = lambda: monkeypatch.setattr(store.Store, method, staticmethod(original))
    return count


def test_a_write_that_fails_after_the_first_insert_records_nothing(tables, monkeypatch):
    """Deterministic: the second move's insert fails, after the first move's went in. The whole
    `do` is one transaction, so the first is not recorded either — for this reader and every
    later one (a log written outside its transaction would keep it)."""
    from tests.conftest import run_in_process

    assert run_in_process("table", "new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")[0] == 0
    assert run_in_process("table", "do", "Cid: faceup Merchant, Architect")[0] == 0
    count = _failing_after(monkeypatch, "append", 1)
    code, out, err = run_in_process("table", "do", "Dan: kill Bishop", "Dan: gold", "Dan: end")
    assert count["n"] == 2                      # the first insert was made, the second failed
    assert code == 2 and out == "" and "could not be read or written (disk I/O error" in err
    count["restore"]()
    assert _log({"REFEREE_TABLES": str(tables)}, "t") == ["Cid: faceup Merchant, Architect"]
    code, out, _ = run_in_process("table", "show", "--json")
    assert json.loads(out)["moves_recorded"] == 1
    # ... and the same moves, typed again, are recorded once.
    assert run_in_process("table", "do", "Dan: kill Bishop", "Dan: gold", "Dan: end")[0] == 0
    assert _log({"REFEREE_TABLES": str(tables)}, "t")[1:] == ["Dan: kill Bishop", "Dan: gold", "Dan: end"]


def test_a_write_that_fails_while_caching_the_position_records_nothing(tables, monkeypatch):
    """The cached position is written in the same transaction, after the moves: a failure there
    takes the moves back too (a disk full or failing is the command's failure)."""
    from tests.conftest import run_in_process

    assert run_in_process("table", "new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")[0] == 0
    import sqlite3

    from referee.table import store

    def full(*args, **kwargs):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error

    original = store.Store.put_position
    monkeypatch.setattr(store.Store, "put_position", staticmethod(full))
    code, out, err = run_in_process("table", "do", "Cid: faceup Merchant, Architect")
    assert code == 2 and out == "" and "the disk is full" in err
    monkeypatch.setattr(store.Store, "put_position", original)
    assert _log({"REFEREE_TABLES": str(tables)}, "t") == []
