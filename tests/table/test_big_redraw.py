"""The Magician's redraw of a big known hand (2**n moves for n cards) is shown to people whole:
one line in `table moves` with how to type it (in each language), one form on the phones, its
verb then the hand's cards on Tab — never a million moves; a hand of four cards is listed move by
move as always. `ask` rules on such a hand's redraw at once."""

from __future__ import annotations

import json
import re
import time
from html import unescape

import pytest

from tests.engine.test_listing import TWENTY, _brute
from tests.table.test_phone_acting import _links, post
from tests.table.test_phone_view import get, serving


@pytest.fixture
def big(table, tmp_path):
    """A classic two-player table from a situation: Ann, the Magician, holds 20 known cards."""
    start = tmp_path / "big.toml"
    start.write_text(TWENTY, encoding="utf-8")
    assert table("new", "big", "--from", str(start)).returncode == 0
    return start


SUMMARY = {
    "en": "redraw CARD, CARD… (any of the 20 cards in hand: discard them, draw as many)",
    "zh-Hant": "重抽 牌名、牌名……（手上 20 張牌任選幾張：棄掉，再抽同樣張數）",
    "zh-Hans": "重抽 牌名、牌名……（手上 20 张牌任选几张：弃掉，再抽同样张数）",
}


@pytest.mark.parametrize("lang", list(SUMMARY))
def test_table_moves_says_a_huge_redraw_in_one_line(big, table, lang):
    result = table("moves", "--lang", lang)
    assert result.returncode == 0, result.stderr
    # (rich breaks the paragraph to the terminal's width: between words in English, anywhere in Chinese)
    text = result.stdout.replace("\n", " " if lang == "en" else "")
    assert SUMMARY[lang] in text and text.count("·") == 3
    assert len(result.stdout) < 400


def test_table_moves_json_gives_a_huge_redraw_as_its_move_and_cards(big, table):
    moves = json.loads(table("moves", "--json").stdout)
    assert moves[:3] == ["Magician: gold", "Magician: draw", "Magician: swap Bob"]
    assert moves[3]["move"] == "Magician: redraw" and len(moves) == 4
    assert sorted(moves[3]["any_of"]) == sorted(
        ["Temple", "Temple", "Castle", "Manor", "Palace", "Tavern", "Market", "Trading Post", "Docks", "Harbor", "Town Hall",
         "Watchtower", "Prison", "Battlefield", "Fortress", "Church", "Monastery", "Cathedral", "Market", "Castle"])
    assert table("do", "Ann: redraw Temple, Castle, Market, Temple").returncode == 0


def test_a_hand_of_four_lists_its_redraws_move_by_move_as_before(table, tmp_path, rulebooks):
    start = tmp_path / "four.toml"
    start.write_text(re.sub(r"hand = \[.*?\]", 'hand = ["Temple", "Temple", "Castle", "Manor"]', TWENTY, count=1, flags=re.S),
                     encoding="utf-8")
    assert table("new", "four", "--from", str(start)).returncode == 0
    moves = json.loads(table("moves", "--json").stdout)
    from referee.engine import Game

    game = Game.new(rulebooks["classic"], ["Ann", "Bob"])
    listed = [game.format(m) for m in _brute("magician", ["temple", "temple", "castle", "manor"])]
    assert len(listed) == 11 and moves == ["Magician: gold", "Magician: draw", "Magician: swap Bob"] + listed
    assert "redraw Castle, Manor · redraw Castle, Manor, Temple ·" in table("moves").stdout.replace("\n", " ").replace("  ", " ")


def test_the_phone_shows_one_form_a_box_per_card_and_records_the_ticked(big, table, tables):
    links = _links(tables, "big", 2)
    version = len(json.loads(table("log", "--json").stdout))
    with serving(tables, lang="en") as base:
        page = get(f"{base}/k/{links[0]}/")[1]
        forms = re.findall(r'<form class="whole" data-whole="([^"]*)">(.*?)</form>', page)
        assert len(forms) == 1 and unescape(forms[0][0]) == "Magician: redraw"
        assert forms[0][1].count('type="checkbox"') == 20 and 'value="Trading Post"' in forms[0][1]
        assert "Tick any of your 20 cards to put under the deck; as many are drawn." in forms[0][1]
        assert len(page) < 20_000 and "redraw Temple" not in page
        # What the page's script sends for the boxes ticked: the form's move, then the cards.
        status, reply = post(f"{base}/k/{links[0]}/act", {"move": "Magician: redraw Trading Post, Castle", "version": version})
    assert status == 200, reply
    assert reply["said"].splitlines()[0] == "Ann: redraw Trading Post, Castle"


def test_tab_offers_the_redraw_then_the_cards_of_the_hand(big, tables):
    from tests.cli.test_completion import _tab

    assert "Ann: redraw " in _tab("referee table do Ann", shell="fish")
    assert len(_tab("referee table do Ann", shell="fish")) == 4
    offered = _tab("referee table do 'Ann: redraw Temple, Temple, C", shell="fish")
    assert offered == ["Ann: redraw Temple, Temple, Castle", "Ann: redraw Temple, Temple, Cathedral",
                       "Ann: redraw Temple, Temple, Church"]
    assert _tab("referee table do 'Ann: redraw Temple, Temple, Te", shell="fish") == []     # both Temples named
    assert _tab("referee table do 'Ann：換牌 神殿、城", shell="fish") == ["Ann：換牌 神殿、城堡"]        # in Chinese
    assert _tab("referee table do 'Ann：重抽 神殿、城", shell="fish") == ["Ann：重抽 神殿、城堡"]        # its word
    assert _tab("referee table do 'Ann：换牌 神殿、神", shell="fish") == ["Ann：换牌 神殿、神庙"]        # 神殿 is 神庙 too


def test_ask_rules_on_a_big_hands_redraw_in_one_line(tmp_path, cli):
    start = tmp_path / "ask.toml"
    start.write_text(TWENTY + '[play]\nmoves = ["Ann: redraw Temple, Castle, Market", "Ann: gold"]\n', encoding="utf-8")
    began = time.perf_counter()
    result = cli("ask", str(start), "--lang", "en")
    assert result.returncode == 0 and time.perf_counter() - began < 20
    lines = result.stdout.splitlines()
    assert "✓ Magician: redraw Temple, Castle, Market  (Ann)" in lines
    assert sum("redraw" in line for line in lines) == 1
