"""Faults met tracking a whole game night in Simplified Chinese (issue 16), each as the table met
it: the move typed as the players say it, and what the tracker must answer."""

from __future__ import annotations

# A 3-player 2016 table (the Tax Collector is its rank 9): the calls up to the Tax Collector's.
THREE = ["跳过", "小夫：偷 国王", "小夫：拿金币", "小夫：结束", "跳过", "胖虎：拿金币", "胖虎：结束", "跳过",
         "小夫：拿金币", "小夫：建造 神庙", "小夫：结束", "阿花：翻开 建筑师", "阿花：抽牌", "阿花：结束",
         "胖虎：翻开 领主", "胖虎：拿金币", "胖虎：结束"]


def test_collecting_taxes_said_as_players_say_it_names_the_tax_collectors_verb(table):
    # 收税 is also how players say a character's district income: at the Tax Collector's call it
    # is refused as income, and the refusal must say what takes the taxes.
    assert table("new", "周日", "--players", "胖虎,小夫,阿花").returncode == 0
    assert table("do", *THREE).returncode == 0
    result = table("do", "阿花：收税")
    assert result.returncode == 1
    assert "    税务官不能从地区收入；要拿走税金，请输入「阿花：收税金」。" in result.stdout.splitlines()
    assert table("do", "阿花：收税金").returncode == 0


def test_the_face_up_prompt_says_the_picks_come_next_where_they_are_typed(table):
    # At a table that types its picks the face-up discards are followed by the picks, not the
    # turns; at a secret table the first turn ends the selection, as the prompt says.
    assert table("new", "周六", "--players", "胖虎,小夫,阿花,老王", "--edition", "classic", "--recorded-picks",
                 "--lang", "zh-Hans").returncode == 0
    said = "".join(table("show").stdout.splitlines()[-2:])
    assert said == "下一步：胖虎 记录面朝上弃掉的角色（胖虎：面朝上 〈角色〉、〈角色〉），然后开始选角。"
    assert table("do", "胖虎：面朝上 军阀、商人").stdout.splitlines()[-1] == "下一步：胖虎 选角色。"
    assert table("new", "周五", "--players", "胖虎,小夫,阿花,老王,小明", "--lang", "zh-Hans").returncode == 0
    assert table("show").stdout.splitlines()[-1] == "下一步：胖虎 记录面朝上弃掉的角色（胖虎：面朝上 〈角色〉），然后开始行动。"


def test_a_draw_typed_without_its_keep_is_refused_in_the_players_words(table):
    # 「胖虎：抽牌 神庙」 (the kept card without 保留) was answered 「draw 后面要写「keep 卡牌」…」:
    # the notation's English words in a Chinese answer.
    assert table("new", "周五", "--players", "胖虎,小夫,阿花,老王,小明", "--lang", "zh-Hans").returncode == 0
    assert table("do", "胖虎：面朝上 住持", "胖虎：刺杀 国王").returncode == 0
    result = table("do", "胖虎：抽牌 神庙")
    assert result.returncode == 2
    assert result.stderr == "referee: 「抽牌」后面要写「保留 卡牌」（例如「抽牌 保留 神庙」），不是「神庙」\n"


def test_an_income_split_typed_wrong_is_refused_in_the_players_words(table):
    assert table("new", "周六", "--players", "胖虎,小夫,阿花,老王", "--edition", "classic", "--lang", "zh-Hans").returncode == 0
    result = table("do", "胖虎：面朝上 军阀、商人", "胖虎：收入 1 金")
    assert result.returncode == 2
    assert result.stderr == "referee: 「收入」后面要写「N 金币 M 张牌」（例如「收入 1 金币 2 张牌」），不是「1 金」\n"
    # the example it gives reads as the split it names
    from referee.catalog.facts import rulebook
    from referee.engine import Game

    game = Game.new(rulebook("2016"), ["Ann", "Bob", "Cid", "Dee"], seed=3)
    assert game.format(game.parse("Ann：收入 1 金币 2 张牌")) == "Ann: income 1 gold 2 cards"


def test_the_hospitals_action_takes_the_gold_verb_as_typed_everywhere_and_refuses_in_chinese(table):
    # 拿金币 is how a Simplified table types gold; under 使用 医院 it was refused with
    # 「use Hospital 后面要写 gold 或 draw [keep 卡牌]」: unread, and answered in the notation's English.
    from referee.catalog.facts import rulebook
    from referee.engine import Game

    game = Game.new(rulebook("classic"), ["Ann", "Bob", "Cid", "Dee"], seed=3)
    assert game.format(game.parse("Ann：使用 医院 拿金币")) == "Ann: use Hospital gold"
    assert table("new", "周六", "--players", "胖虎,小夫,阿花,老王", "--edition", "classic", "--lang", "zh-Hans").returncode == 0
    result = table("do", "胖虎：面朝上 军阀、商人", "胖虎：使用 医院 拿钱币")
    assert result.returncode == 2
    assert result.stderr == "referee: 「使用 医院」后面要写「拿金币」或「抽牌 [保留 卡牌]」，不是「拿钱币」\n"
