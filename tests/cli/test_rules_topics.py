"""`referee rules` and `referee faq` offer what a reader may type in the reader's language: the
topics by their names (typed by name or by id), the closest ids with what each one is."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("typed, said", [
    ("组对", "referee: 找不到关于「组对」的规则；主题有：角色组合、选角色、版本差异、游戏结束、计分、游戏准备、组队、平手、回合、变体"),
    ("組對", "referee: 找不到關於「組對」的規則；主題有：角色組合、選角色、版本差異、遊戲結束、計分、遊戲準備、組隊、平手、回合、變體"),
    ("qqq", "referee: no rule on 'qqq'; topics: casts, draft, editions, end, scoring, setup, team, ties, turn, variant"),
])
def test_an_unknown_topic_lists_the_topics_by_their_names(cli, typed, said):
    result = cli("rules", typed)
    assert result.returncode == 2 and result.stderr.strip() == said


@pytest.mark.parametrize("name, topic", [("計分", "scoring"), ("计分", "scoring"), ("遊戲準備", "setup"),
                                         ("回合", "turn"), ("變體", "variant"), ("组队", "team")])
def test_a_topic_is_found_by_its_name_in_either_script_and_by_its_id(cli, name, topic):
    import json

    by_name = json.loads(cli("rules", name, "--json").stdout)
    assert by_name and {rule["topic"] for rule in by_name} == {topic}
    assert by_name == json.loads(cli("rules", topic, "--json").stdout)


def test_the_editions_and_the_casts_asked_in_chinese_are_said_in_its_script(cli):
    assert cli("rules", "版本").stdout.startswith("經典版與2016年版有什麼不同")
    assert cli("rules", "角色组合").stdout.startswith("每个号码只用一个角色")
    assert cli("rules", "editions").stdout.startswith("What differs")           # LANG=C: English


def test_an_unknown_faq_id_offers_the_closest_ids_with_what_each_is(cli):
    result = cli("faq", "turn.gathr", "--lang", "zh-Hans")
    assert result.returncode == 2
    assert result.stderr.strip() == "referee: 没有编号为「turn.gathr」的 FAQ 条目或规则；最接近的：turn.gather（获得资源）"
    result = cli("faq", "general.team", "--lang", "zh-Hant")
    assert "最接近的：general.team-play（組隊玩法怎麼玩？）、" in result.stderr
    assert cli("faq", "turn.gathr").stderr.strip().endswith("closest: turn.gather (Gathering resources)")
