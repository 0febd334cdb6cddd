"""`table show` lays out a long player line between its facts and the items of its lists, never
inside a fact: rich broke it at the space after 「手牌」, leaving the label alone at the end of a
line and its count and cards on the next, and the lines after the first lost their indent."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tests.conftest import run_in_process

START = """edition = "2016"
[[players]]
name = "小明"
gold = 3
hand = ["神殿", "城堡", "莊園", "酒館", "市場", "港口", "教堂", "修道院", "要塞", "監獄"]
city = ["神殿", "城堡", "莊園", "酒館", "市場"]
[[players]]
name = "小華"
gold = 2
hand = ["神殿", "城堡"]
"""


@pytest.fixture
def shown(tables, database, tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    path = tmp_path / "start.toml"
    path.write_text(START, encoding="utf-8")
    assert run_in_process("table", "new", "h", "--from", str(path))[0] == 0

    def show(columns: int, *args: str) -> list[str]:
        monkeypatch.setenv("COLUMNS", str(columns))
        code, out, err = run_in_process("table", "show", *args)
        assert (code, err) == (0, "")
        return out.splitlines()

    return show


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize("lang, hand", [("zh-Hant", "手牌 10（已知：神殿、"), ("zh-Hans", "手牌 10（已知：神庙、"),
                                        ("en", "hand 10 (known: Temple,")])
def test_a_long_hand_keeps_its_label_with_its_cards(shown, columns, lang, hand):
    lines = shown(columns, "--lang", lang)
    assert all(cell_len(line) <= columns for line in lines)
    first = next(i for i, line in enumerate(lines) if line.startswith("  小明 · "))
    second = next(i for i, line in enumerate(lines) if line.startswith("  小華 · "))
    at = next(i for i, line in enumerate(lines) if hand.split(" ")[0] in line)
    assert hand in lines[at]                             # the label, its count and its first card together
    assert not lines[at].rstrip().endswith(("手牌", "hand"))
    # The lines after a player's first are indented under it; each breaks after a list's item or a fact.
    following = lines[first + 1:second]
    assert following and all(line.startswith("    ") and line[4] != " " for line in following)
    for line in lines[first:second - 1]:
        assert line.endswith(("、", ",", "·")), line


def test_a_line_that_fits_prints_as_before_and_one_that_does_not_breaks_after_an_item(shown):
    assert shown(80)[-2] == "  小華 · 金幣 2 · 手牌 2（已知：神殿、城堡） · 城市：- · 分數 0"
    assert shown(80)[1:3] == ["  小明 · 金幣 3 · 手牌 10（已知：神殿、城堡、莊園、酒館、市場、海港、教堂、",
                              "    修道院、要塞、監獄） · 城市：神殿、城堡、莊園、酒館、市場 · 分數 11"]


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_moves_break_between_moves_never_inside_one(tables, database, monkeypatch, lang):
    """`table moves` at 40 columns cut 「建造 酒/館」 and 「交/換手牌」 in two."""
    from tests.table.test_table_cli import ROUND

    monkeypatch.setenv("LANG", "C.UTF-8")
    run_in_process("table", "new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    for moves in ROUND[:4]:
        assert run_in_process("table", "do", *moves)[0] == 0
    monkeypatch.setenv("COLUMNS", "200")
    wide = run_in_process("table", "moves", "--lang", lang)[1].splitlines()
    monkeypatch.setenv("COLUMNS", "40")
    narrow = run_in_process("table", "moves", "--lang", lang)[1].splitlines()
    assert len(narrow) > len(wide) and all(cell_len(line) <= 40 for line in narrow)
    joined = []
    for line in narrow:
        if line.startswith("  "):
            assert joined and joined[-1].endswith(" ·")       # a group's lines end after a move
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    assert joined == wide


def test_the_heading_and_the_marks_break_between_facts(shown):
    lines = shown(24)
    assert lines[:2] == ["h · 第 1 輪 · 選角階段 ·", "  皇冠 小明"]     # not 「皇冠」 alone, 「小明」 below
    lines = shown(24, "--lang", "en")
    assert lines[:2] == ["h · Round 1 ·", "  selection · crown 小明"]
