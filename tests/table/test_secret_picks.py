"""A table whose picks are secret (the default, docs/table.md "Nobody types the picks"): nothing
the terminal or a phone shows invites a pick, and a typed pick is refused with what to do. A pick
typed there showed the terminal who held what (`show`: 「小明 國王」) and bound the table to typing
every pick of the round; `moves` listed every 「選 X」. A log an older version recorded with typed
picks at such a table still replays, and its round goes on as it was recorded."""

from __future__ import annotations

import json
import sqlite3

import pytest

SECRET_PICKS = ("The picks are secret at this table: nobody types them, and the first move of a turn ends the "
                "selection. To record every pick, start the table with “referee table new --recorded-picks”.")


def _moves(table, *args) -> list[str]:
    result = table("moves", "--json", *args)
    assert result.returncode == 0, result.stderr
    return [m if isinstance(m, str) else m["move"] for m in json.loads(result.stdout)]


@pytest.mark.parametrize("players, typed", [
    ("Ann,Bob,Cid,Dan", ["Cid: faceup Merchant, Architect", "Cid: pick King"]),
    ("Ann,Bob,Cid,Dan", ["Cid: pick King"]),                  # before the face-up discards too
    ("Ann,Bob", ["Cid: pick King"]),
])
def test_a_typed_pick_at_a_secret_table_is_refused_with_what_to_do(table, shown, players, typed):
    players = players if "Cid" in players else "Ann,Bob,Cid"
    assert table("new", "t", "--players", players, "--crown", "Cid").returncode == 0
    *before, pick = typed
    for move in before:
        assert table("do", move).returncode == 0
    position = shown()
    result = table("do", "--json", pick)
    assert result.returncode == 1
    assert json.loads(result.stdout)["refused"]["reason"] == SECRET_PICKS
    assert shown() == position and len(json.loads(table("log", "--json").stdout)) == len(before)
    assert not [m for m in _moves(table) if m.split(": ")[1].startswith(("pick", "discard"))]


def test_a_face_down_discard_is_refused_alike_and_said_in_chinese(table):
    assert table("new", "t", "--players", "小明,小華").returncode == 0
    result = table("do", "小明：棄 國王")
    assert result.returncode == 1
    assert "這張牌桌秘密選角：選角不必輸入，第一個行動即結束選角。要逐一記錄選角，請用" in result.stdout
    assert "選 " not in "".join(_moves(table, "--lang", "zh-Hant"))
    result = table("do", "小明：选 国王", "--lang", "zh-Hans")
    assert result.returncode == 1 and "这张牌桌秘密选角：选角不必输入" in result.stdout


def test_a_recorded_picks_table_still_types_its_picks(table):
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid", "--recorded-picks").returncode == 0
    assert table("do", "Cid: faceup Merchant, Architect").returncode == 0
    assert "Cid: pick King" in _moves(table)
    assert table("do", "Cid: pick King", "Dan: pick Thief").returncode == 0


def test_no_phone_offers_or_asks_for_a_secret_pick(table, tables):
    from referee.catalog.facts import rulebook
    from referee.cli.table_common import local
    from referee.table import service
    from referee.table.store import Store
    from referee.web.buttons import actions, reader_next
    from referee.web.gate import Link

    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    assert table("do", "Cid: faceup Merchant, Architect").returncode == 0
    store = Store(tables)
    try:
        tracked = service.load(store, "t", rulebook)
    finally:
        store.conn.close()
    names = local("2016", "en")
    for seat in (-1, 0, 1, 2, 3):
        page = actions(tracked, "en", names, Link("t", seat))
        assert "pick " not in page and "discard " not in page, page
    # Cid picks first, from the cards: his phone says what the table does, not "Pick your character."
    assert reader_next(tracked.game, "en", names, Link("t", 2)) == \
        "Next: the secret picks, from Cid; the first move of a turn ends the selection."


def test_a_log_with_picks_typed_at_a_secret_table_replays_as_recorded(table, shown, tables):
    """Recorded before typed picks were refused there: the log replays (every pick of that round was
    typed), and the round's selection goes on recording picks to its end."""
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid", "--recorded-picks").returncode == 0
    assert table("do", "Cid: faceup Merchant, Architect", "Cid: pick King", "Dan: pick Thief").returncode == 0
    with sqlite3.connect(tables) as conn:
        # A table made without --recorded-picks then: its header said secret (how it records its
        # picks, schema 7, as the migration reads such a header), its start file too.
        conn.execute("UPDATE games SET start = replace(start, 'secret = false', 'secret = true'), secret = 1, "
                     "picks = 'secret'")
    conn.close()
    position = shown()
    assert position["state"]["players"][2]["characters"] == ["King"] and "broken" not in json.dumps(position)
    assert "Ann: pick Assassin" in _moves(table)
    assert table("do", "Ann: pick Assassin", "Bob: pick Bishop").returncode == 0
    assert table("do", "Bob: pick Warlord").returncode == 1       # the selection is over, as before
