"""What players type at a live table besides the notation (table/typed.py): the connecting words
of a sentence, a Chinese verb glued to its card, and two moves typed in one string — each read,
or refused in one line, never read as something else silently."""

from __future__ import annotations

import pytest

WARLORD = """edition = "2016"
[table]
round = 2
characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Artist"]
[[players]]
name = "Ann"
characters = ["Warlord"]
gold = 6
[[players]]
name = "Bob"
characters = []
gold = 3
city = ["Temple", "Manor", "School of Magic"]
[[players]]
name = "Cid"
characters = []
gold = 6
city = ["Temple"]
"""


def _english(table):
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--lang", "en").returncode == 0
    assert table("do", "Ann: faceup Merchant, Architect", "Bob: reveal Assassin").returncode == 0


@pytest.mark.parametrize("typed, read", [
    ("Bob: kill the King", "Bob: kill King"),
    ("Bob: kill a King", "Bob: kill King"),
    ("Assassin: kill the Thief", "Assassin: kill Thief"),
])
def test_an_article_before_a_character_is_read(table, typed, read):
    _english(table)
    result = table("do", typed)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"✓ {read}"


def test_an_article_before_a_district_is_read(table):
    _english(table)
    assert table("do", "Bob: gold").returncode == 0
    result = table("do", "Bob: build the Temple")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "✓ Bob: build Temple"


@pytest.mark.parametrize("typed, read", [
    ("Ann: destroy Bob's Temple", "Ann: destroy Bob Temple"),
    ("Ann: destroy Bob’s Temple", "Ann: destroy Bob Temple"),
    ("Ann: destroy the Temple of Bob", "Ann: destroy Bob Temple"),
    ("Ann: destroy the School of Magic of Bob", "Ann: destroy Bob School of Magic"),
    ("Ann: destroy Bob's School of Magic", "Ann: destroy Bob School of Magic"),
])
def test_whose_district_in_english_words(table, tmp_path, typed, read):
    (tmp_path / "w.toml").write_text(WARLORD, encoding="utf-8")
    assert table("new", "w", "--from", str(tmp_path / "w.toml"), "--lang", "en").returncode == 0
    assert table("do", "Ann: gold").returncode == 0
    result = table("do", typed)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"✓ {read}"


def test_words_that_are_no_card_are_still_refused(table):
    _english(table)
    result = table("do", "Bob: kill the Kingdom")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("referee: unknown character 'the Kingdom'")


# -- a Chinese verb glued to its card ------------------------------------------------------------

_CHINESE = {
    "zh-Hant": ("胖虎,小夫,靜香,大雄", ["胖虎：面朝上 商人、建築師", "小夫：翻開 刺客"]),
    "zh-Hans": ("胖虎,小夫,静香,大雄", ["胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客"]),
}


def _chinese(table, lang):
    players, opening = _CHINESE[lang]
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    assert table("do", *opening).returncode == 0


@pytest.mark.parametrize("lang, typed, read", [
    ("zh-Hant", "小夫：刺殺國王", "小夫：刺殺 國王"),
    ("zh-Hans", "小夫：刺杀国王", "小夫：刺杀 国王"),
    ("zh-Hans", "刺客：刺杀盗贼", "刺客：刺杀 盗贼"),
])
def test_a_verb_glued_to_its_character(table, lang, typed, read):
    _chinese(table, lang)
    result = table("do", typed)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"✓ {read}"


@pytest.mark.parametrize("lang, gold, typed, read", [
    ("zh-Hant", "小夫：拿金幣", "小夫：建造神殿", "小夫：建造 神殿"),
    ("zh-Hans", "小夫：拿金币", "小夫：建造神庙", "小夫：建造 神庙"),
])
def test_a_verb_glued_to_its_district(table, lang, gold, typed, read):
    _chinese(table, lang)
    assert table("do", gold).returncode == 0
    result = table("do", typed)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"✓ {read}"


def test_a_glued_verb_whose_rest_is_no_card_is_not_guessed(table):
    _chinese(table, "zh-Hans")
    result = table("do", "小夫：刺杀王")              # 王 is no character: no reading is chosen
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "referee: 「小夫：刺杀王」中没有「刺杀王」这个动作；是不是 刺杀？\n"


def test_a_glued_rob_at_a_thiefs_turn(table):
    assert table("new", "t", "--players", "胖虎,小夫,静香,大雄", "--lang", "zh-Hans").returncode == 0
    assert table("do", "胖虎：面朝上 刺客、建筑师", "小夫：翻开 盗贼", "小夫：拿金币").returncode == 0
    result = table("do", "小夫：偷商人")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "✓ 小夫：偷 商人"


# -- two moves in one string ---------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["Bob: gold, build Temple", "Bob: gold; build Temple", "Bob: gold build Temple"])
def test_two_moves_in_one_string_in_english(table, shown, typed):
    _english(table)
    before = shown()["state"]
    result = table("do", typed)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ('referee: two moves typed as one: “Bob: gold” and “Bob: build Temple”; type them apart, '
                             'each in its own quotes: referee table do "Bob: gold" "Bob: build Temple"\n')
    assert shown()["state"] == before                # nothing recorded


@pytest.mark.parametrize("lang, typed, said", [
    ("zh-Hant", "小夫：拿金幣，建造 神殿",
     'referee: 一次打了兩步：「小夫：拿金幣」和「小夫：建造 神殿」；請分開打，各用一對引號：'
     'referee table do "小夫：拿金幣" "小夫：建造 神殿"\n'),
    ("zh-Hans", "小夫：拿金币，建造 神庙",
     'referee: 一次打了两步：「小夫：拿金币」和「小夫：建造 神庙」；请分开打，各用一对引号：'
     'referee table do "小夫：拿金币" "小夫：建造 神庙"\n'),
    ("zh-Hans", "小夫：拿金币；建造神庙",
     'referee: 一次打了两步：「小夫：拿金币」和「小夫：建造神庙」；请分开打，各用一对引号：'
     'referee table do "小夫：拿金币" "小夫：建造神庙"\n'),
])
def test_two_moves_in_one_string_in_chinese(table, shown, lang, typed, said):
    _chinese(table, lang)
    before = shown()["state"]
    result = table("do", typed)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == said
    assert shown()["state"] == before


def test_a_list_of_names_is_still_one_move(table):
    # `faceup A, B` and `draw keep` take commas of their own: one move, read as before
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--lang", "en").returncode == 0
    result = table("do", "Ann: faceup Merchant, Architect")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == "✓ Ann: faceup Merchant, Architect"
