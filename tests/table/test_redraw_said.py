"""The Magician's redraw has one word wherever a player reads it (重抽, redraw), a redraw of cards
the table does not know is told by their count (the log keeps the notation), its draw is said
once, and every way players type it still reads."""

from __future__ import annotations

import json
from html import unescape

from tests.table.test_phone_acting import _links, post
from tests.table.test_phone_view import get, serving

# Up to the Magician's call: the Thief's card lies face down.
UP_TO_MAGICIAN = ["阿美：面朝上 商人、建築師", "阿強：刺殺 主教", "阿強：拿金幣", "阿強：結束", "跳過"]


def _new(table, *extra):
    assert table("new", "週六", "--players", "阿明,阿華,阿美,阿強", "--crown", "阿美", *extra).returncode == 0
    assert table("do", *UP_TO_MAGICIAN).returncode == 0


def test_the_redraw_is_one_word_in_moves_said_back_undone_and_logged(table):
    _new(table)
    moves = table("moves").stdout
    assert "阿明：翻開 魔術師" in moves and "重抽 ?、?" in moves and "換牌" not in moves
    assert "重抽 ?、?" in table("moves", "--lang", "zh-Hans").stdout
    result = table("do", "阿明：換牌 ?, ?")                      # typed as some players say it
    lines = result.stdout.splitlines()
    assert lines[0] == "✓ 阿明：重抽 2 張"                       # told by the count, not 「?、?」
    # The draw said once: the cards go under the deck, then as many come.
    assert lines[2:4] == ["    阿明 把 2 張牌放到牌堆底（魔術師）", "    阿明 +2 張牌（魔術師）"]
    assert "再抽" not in result.stdout
    assert table("log").stdout.splitlines()[-1].endswith("阿明：重抽 ?、?")   # the log keeps the notation
    assert json.loads(table("log", "--json").stdout)[-1]["move"] == "阿明: redraw ?, ?"
    assert table("undo").stdout.splitlines()[0] == "已撤銷：阿明：重抽 2 張"
    result = table("do", "阿明：重抽 ?", "--lang", "zh-Hans")
    assert result.stdout.splitlines()[0] == "✓ 阿明：重抽 1 张"
    table("undo")
    result = table("do", "阿明：redraw ?, ?, ?", "--lang", "en")
    assert result.stdout.splitlines()[:4] == ["✓ 阿明: redraw 3 cards", "    阿明 reveals Magician",
                                              "    阿明 puts 3 card(s) under the deck (Magician)",
                                              "    阿明 +3 cards (Magician)"]
    assert table("undo", "--lang", "en").stdout.splitlines()[0] == "Undone: 阿明: redraw 3 cards"


def test_every_typed_form_of_the_redraw_still_reads(table):
    _new(table)
    for typed in ("阿明：換牌 ?", "阿明：换牌 ?", "阿明：重抽 ?", "阿明：棄牌重抽 ?", "阿明：弃牌重抽 ?",
                  "阿明：redraw ?", "阿明：exchange ?", "阿明：換 ?"):
        result = table("do", typed)
        assert result.returncode == 0, (typed, result.stdout, result.stderr)
        assert json.loads(table("log", "--json").stdout)[-1]["move"] == "阿明: redraw ?", typed
        assert table("undo").returncode == 0
    for typed in ("阿明：exchange 阿華", "阿明：換牌 阿華", "阿明：交換手牌 阿華"):     # with a player: the swap
        assert table("do", typed).returncode == 0, typed
        assert json.loads(table("log", "--json").stdout)[-1]["move"] == "阿明: swap 阿華", typed
        assert table("undo").returncode == 0


def test_a_phone_shows_and_says_back_the_redraw_by_its_count(table, tables):
    _new(table)
    links = _links(tables, "週六")
    with serving(tables) as base:
        page = unescape(get(f"{base}/k/{links[-1]}/")[1])
        assert ">重抽 2 張</button>" in page and "換牌" not in page
        status, reply = post(f"{base}/k/{links[-1]}/act", {"move": "阿明: redraw ?, ?", "version": 5})
        assert status == 200 and reply["said"].splitlines()[0] == "阿明：重抽 2 張", reply
        page = unescape(get(f"{base}/k/{links[-1]}/")[1])
        assert "阿明 把 2 張牌放到牌堆底（魔術師）" in page and "再抽" not in page
        page = unescape(get(f"{base}/k/{links[-1]}/?lang=en")[1])
        assert ">redraw 1 card</button>" not in page              # the Magician has acted: no more redraws
