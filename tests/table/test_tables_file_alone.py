"""After every table command the tables file stands alone: the connection is closed at exit,
so SQLite has checkpointed its write-ahead log into the file (a copy of the file is the whole
of it), even though `referee` leaves its objects to the end of the process (gc.freeze)."""

from __future__ import annotations

import gc

from referee.table.store import Store


def test_no_write_ahead_log_is_left_after_commands(table, tables):
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    for args in (["do", "Cid: faceup Merchant, Architect"], ["do", "Dan: kill Bishop"], ["undo"], ["show"],
                 ["do", "Ann: fly"], ["show", "--table", "nope"]):
        table(*args)
        leftovers = sorted(p.name for p in tables.parent.iterdir() if p.name.startswith(tables.name + "-"))
        assert leftovers == [], (args, leftovers)
    assert table("log", "--json").stdout.count('"move"') == 1      # faceup (the kill undone, fly unreadable)


def test_a_store_closes_its_connection_when_it_goes_away(tables):
    store = Store(tables)
    conn = store.conn
    del store
    gc.collect()
    try:
        conn.execute("SELECT 1")
    except Exception as error:           # sqlite3.ProgrammingError: a closed database
        assert "closed" in str(error)
    else:
        raise AssertionError("the connection is still open")
