"""What a game night in Chinese read wrong to a new player: the acting character's moves listed
under another name than `do` says them back, a mistyped verb offered the verbs of characters
not in play, and Simplified words of Taiwan's usage (汇出纪录, 牌桌档案)."""

from __future__ import annotations


def _night(table):
    assert table("new", "周六夜", "--players", "小华,静香,大雄,胖虎", "--edition", "2016", "--crown", "小华").returncode == 0
    assert table("do", "小华：面朝上 建筑师、主教", "静香：刺杀 国王", "静香：拿金币").returncode == 0


def test_the_acting_characters_moves_are_listed_under_its_player(table):
    _night(table)
    moves = table("moves").stdout.splitlines()
    assert moves[0].startswith("静香：结束 · ") and not any(line.startswith("刺客：") for line in moves)
    assert table("moves", "--lang", "en").stdout.startswith("静香: end · ")
    assert '"Assassin: end"' in table("moves", "--json").stdout             # programs: canonical


def test_a_mistyped_verb_is_offered_only_the_verbs_of_this_game(table):
    _night(table)
    refused = table("do", "静香：拿金比")
    assert refused.returncode == 2 and refused.stderr.strip().endswith("是不是 拿金币？")    # not the Abbot's 讨金币
    assert table("do", "静香：taek-gold 大雄").stderr.strip().endswith("是不是 gold？")


def test_simplified_chinese_says_export_and_the_tables_file_in_its_own_words(table):
    _night(table)
    refused = table("export", "--csv")
    assert refused.returncode == 2 and "导出记录" in refused.stderr and "汇出" not in refused.stderr
    assert table("stats").stdout.strip() == "牌桌文件中还没有结束的游戏。"
    refused = table("score", "--hand", "小华 神庙")
    assert refused.stderr.strip() == 'referee: --hand「小华 神庙」：请写成 "小明：避难所，神庙"'


def test_a_mistyped_verb_is_offered_the_verbs_of_a_character_in_the_cast(table):
    cast = "Assassin,Thief,Magician,King,Abbot,Merchant,Architect,Warlord"
    assert table("new", "t", "--players", "小华,静香,大雄,胖虎", "--characters", cast).returncode == 0
    assert table("do", "小华：拿金必").stderr.strip().endswith("是不是 拿金币 或 讨金币？")
