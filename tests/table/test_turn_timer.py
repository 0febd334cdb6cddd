"""The turn timer (issue 17 §4, `serve --timer`): a countdown for the player whose pick or turn
it is, on every phone and on `table show`, with seed 003's times by default; it never acts."""

from __future__ import annotations

import json
import re
import signal
import time

from tests.table.test_phone_view import _serve, get, serving
from tests.table.test_table_cli import ROUND


def _timed(tables, times: str | None = "45,15,30") -> None:
    from referee.table.store import Store

    store = Store(tables)
    store.set_timer(store.current(), times)
    store.conn.close()


def test_the_times_of_a_turn(table, tables):
    """Gather within 15 s of the turn's start; then 30 s, each ability adding 10 s but never past 30."""
    from referee.catalog.facts import rulebook
    from referee.table import service, timer
    from referee.table.store import Store

    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    store = Store(tables)
    times = timer.Times()
    base = timer._epoch("2026-12-01 20:00:00")

    def clock():
        # the moves' times as the test says they were recorded (seconds after 20:00:00)
        for seq, after in enumerate([0, 5, 7, 12, 12, 20, 21, 50][:len(store.moves("friday"))], 1):
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(base + after))
            store.conn.execute("UPDATE moves SET at = ? WHERE game = 'friday' AND seq = ?", (stamp, seq))
        return timer.countdown(service.load(store, "friday", rulebook), times)

    service.record(store, "friday", ROUND[0], rulebook)                     # 20:00:00 Cid's face-up discards
    assert clock() == timer.Countdown("Cid", "pick", base + 45)            # secret picks: the crown's turn to pick
    service.record(store, "friday", ["Dan: kill Bishop"], rulebook)        # 20:00:05 the Assassin's turn begins
    assert clock() == timer.Countdown("Dan", "gather", base + 5 + 15)
    service.record(store, "friday", ["Dan: gold"], rulebook)               # 20:00:07 gathered: 30 s to act
    assert clock() == timer.Countdown("Dan", "act", base + 7 + 30)
    service.record(store, "friday", ["Dan: end", "pass"], rulebook)        # 20:00:12 nobody answers the Thief
    service.record(store, "friday", ["Ann: reveal Magician"], rulebook)   # 20:00:20 the Magician's turn
    service.record(store, "friday", ["Ann: gold"], rulebook)               # 20:00:21 gathered
    assert clock().deadline == base + 21 + 30
    service.record(store, "friday", ["Ann: swap Bob"], rulebook)           # 20:00:50 an ability: +10 s, at most 30 from now
    assert clock().deadline == min(base + 51 + 10, base + 50 + 30)
    store.conn.close()


def test_every_phone_and_table_show_count_down(table, tables):
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    assert table("do", *ROUND[0], "Dan: kill Bishop").returncode == 0
    assert "Timer" not in table("show").stdout                              # no timer while none runs
    _timed(tables)
    with serving(tables, lang="en") as base:
        page = get(base + "/")[1]
    found = re.search(r'<p class="timer" data-deadline="(\d+)" data-left="Dan: \{s\} s left" '
                      r'data-out="Time is up for Dan">Dan is gathering \(timer\)</p>', page)
    assert found and abs(int(found.group(1)) / 1000 - (time.time() + 15)) < 3
    assert re.search(r"^Timer: Dan has 1[0-5] s left\.$", table("show").stdout, re.M)
    assert "計時：Dan 還剩" in table("show", "--lang", "zh-Hant").stdout
    assert json.loads(table("log", "--json").stdout)[-1]["move"] == "Dan: kill Bishop"     # it never acts


def test_serve_timer_sets_and_clears_the_countdown_and_refuses_bad_times(table, tables):
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan").returncode == 0
    bad = table("serve", "--timer", "45,15", "--port", "0")
    assert bad.returncode == 2 and bad.stderr == ("referee: --timer takes PICK,GATHER,ACT in seconds (e.g. 45,15,30), "
                                                  "not 45,15.\n")
    process = _serve(tables, "--no-qr", "--timer")
    try:
        lines = [process.stdout.readline() for _ in range(5)]
        assert "Turn timer on: 45 s to pick, 15 s to gather, 30 s to act (+10 s per ability); it never acts by itself.\n" in lines
        assert "Timer: Ann has" in table("show").stdout
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=10)
    assert "Timer" not in table("show").stdout
