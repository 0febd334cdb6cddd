"""`referee table undo N`: the count as a player types it — digits of either width, a Chinese
numeral — and anything else refused in one line in the table's language (exit 2, nothing undone)."""

from __future__ import annotations

import pytest

from referee.text import parse_count

_TABLES = {
    "en": ("Ann,Bob,Cid,Dan", ["Ann: faceup Merchant, Architect", "Bob: reveal Assassin", "Bob: gold", "Bob: end"]),
    "zh-Hant": ("胖虎,小夫,靜香,大雄", ["胖虎：面朝上 商人、建築師", "小夫：翻開 刺客", "小夫：拿金幣", "小夫：結束"]),
    "zh-Hans": ("胖虎,小夫,静香,大雄", ["胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客", "小夫：拿金币", "小夫：结束"]),
}


def _four_moves(table, lang):
    players, moves = _TABLES[lang]
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    assert table("do", *moves).returncode == 0


@pytest.mark.parametrize("lang, typed, count", [
    ("zh-Hans", "两", 2), ("zh-Hans", "三", 3), ("zh-Hans", "２", 2), ("zh-Hans", "两步", 2),
    ("zh-Hant", "兩", 2), ("zh-Hant", "三", 3), ("zh-Hant", "１", 1),
    ("en", "２", 2), ("en", "3", 3),
])
def test_a_count_as_typed_takes_back_that_many(table, tables, lang, typed, count):
    _four_moves(table, lang)
    result = table("undo", typed)
    assert result.returncode == 0, result.stderr
    taken = [line for line in result.stdout.splitlines() if line.startswith(("Undone", "已撤"))]
    assert len(taken) == count


@pytest.mark.parametrize("lang, said", [
    ("en", "referee: 'abc' is not a number of moves: type “referee table undo” to take back the last move, "
           "or “referee table undo N” for the last N\n"),
    ("zh-Hant", "referee: 「abc」不是步數：撤銷上一步請輸入「referee table undo」，撤銷最後 N 步請輸入"
                "「referee table undo N」（寫 2、２ 或 兩 都可以）\n"),
    ("zh-Hans", "referee: 「abc」不是步数：撤销上一步请输入「referee table undo」，撤销最后 N 步请输入"
                "「referee table undo N」（写 2、２ 或 两 都可以）\n"),
])
def test_anything_else_is_one_line_in_the_tables_language(table, shown, lang, said):
    _four_moves(table, lang)
    before = shown()
    result = table("undo", "abc")
    assert (result.returncode, result.stdout, result.stderr) == (2, "", said)
    assert shown() == before                         # nothing undone


def test_counts_players_write():
    assert [parse_count(t) for t in ("1", "３", "一", "两", "兩", "十", "十二", "二十", "二十三", "3步")] == \
        [1, 3, 1, 2, 2, 10, 12, 20, 23, 3]
    assert [parse_count(t) for t in ("", "abc", "-1", "1.5", "十十", "一百", "〇十", "²", "两个")] == [None] * 9
