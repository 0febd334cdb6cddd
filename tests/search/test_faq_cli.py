"""`referee faq` end to end, in a fresh process (the `cli` fixture of tests/conftest.py)."""

from __future__ import annotations

import json

import pytest


def test_search_json_shape_and_first_hit(cli):
    done = cli("faq", "军阀 主教", "--json", "--top", "2")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["query"] == "军阀 主教"
    assert len(data["hits"]) == 2
    first = data["hits"][0]
    assert first["id"] == "bishop.warlord-cannot-destroy"
    assert set(first) >= {"id", "score", "question", "answer", "cards", "editions", "sources", "readings"}
    assert first["cards"] == ["Bishop", "Warlord"]
    assert first["question"] == "军阀可以拆主教（住持）的建筑吗？"      # the query's script
    assert first["editions"] == ["classic", "2016"]
    assert data["hits"][0]["score"] >= data["hits"][1]["score"]


def test_traditional_query_answers_in_traditional(cli):
    data = json.loads(cli("faq", "軍閥 主教", "--json", "-n", "1").stdout)
    assert data["hits"][0]["question"] == "軍閥可以拆主教（住持）的建築嗎？"


def test_readings_carry_sources_defaults_and_variants(cli):
    data = json.loads(cli("faq", "女巫一定要施咒嗎", "--json", "-n", "1", "--lang", "en").stdout)
    hit = data["hits"][0]
    assert hit["id"] == "witch.must-bewitch"
    readings = {r["id"]: r for r in hit["readings"]}
    assert readings["compulsory"]["default_for"] == ["classic", "2016"]
    assert readings["may-decline"]["variant"] == "witch-may-decline"
    assert readings["may-decline"]["sources"][0]["seed"] == "001"
    assert readings["may-decline"]["text"].startswith("Optional")


def test_text_output_shows_question_answer_and_readings(cli):
    done = cli("faq", "witch.must-bewitch", "--lang", "zh-Hant")
    assert done.returncode == 0, done.stderr
    assert "問：" in done.stdout and "答：" in done.stdout
    assert "各來源說法不同" in done.stdout
    assert "witch-may-decline" in done.stdout
    assert "預設" in done.stdout


def test_entry_by_id(cli):
    data = json.loads(cli("faq", "armory.completed-city", "--json").stdout)
    assert data["id"] == "armory.completed-city"
    assert data["card_ids"][0] == "armory"


def test_unknown_id_is_one_line_with_a_hint(cli):
    done = cli("faq", "witch.must-bewich")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "no FAQ entry or rule with id 'witch.must-bewich'" in done.stderr
    assert "witch.must-bewitch" in done.stderr


def test_bad_card_name_exits_2_with_one_line(cli):
    done = cli("faq", "拆", "--card", "不存在的卡")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().count("\n") == 0
    assert done.stderr.startswith("referee: 找不到卡牌「不存在的卡」")   # a Chinese query gets a Chinese refusal


def test_bad_edition_and_top(cli):
    assert cli("faq", "拆", "--edition", "1999").returncode == 2
    assert cli("faq", "拆", "--top", "0").returncode == 2
    assert cli("faq").returncode == 2


def test_list_json_shape(cli, conn):
    done = cli("faq", "--list", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert len(rows) == conn.execute("SELECT COUNT(*) FROM faq").fetchone()[0] >= 150
    assert all({"id", "cards", "editions"} <= set(row) for row in rows)
    assert len({row["id"] for row in rows}) == len(rows)


def test_list_by_card_and_edition(cli):
    rows = json.loads(cli("faq", "--list", "--json", "--card", "博物館", "--edition", "classic").stdout)
    assert rows
    assert all("museum" in row["card_ids"] and "classic" in row["editions"] for row in rows)
    ids = {row["id"] for row in rows}
    assert {"museum.price", "museum.destroyed"} <= ids


def test_list_edition_filter_excludes_the_other_edition(cli):
    classic = {r["id"] for r in json.loads(cli("faq", "--list", "--json", "-e", "classic").stdout)}
    new = {r["id"] for r in json.loads(cli("faq", "--list", "--json", "-e", "2016").stdout)}
    assert "tax-collector.assassin-pays" in classic and "tax-collector.assassin-pays" not in new
    assert "cardinal.income-is-cards" in new and "cardinal.income-is-cards" not in classic


def test_card_name_meaning_two_cards_lists_both(cli):
    # 主教 is the Bishop in the classic game and the Cardinal in 2016
    rows = json.loads(cli("faq", "--list", "--json", "--card", "主教").stdout)
    cards = {c for row in rows for c in row["card_ids"]}
    assert {"bishop", "cardinal"} <= cards


def test_search_with_card_and_edition(cli):
    data = json.loads(cli("faq", "被拆", "--card", "Museum", "--edition", "classic", "--json", "-n", "10").stdout)
    assert data["hits"]
    assert all("Museum" in hit["cards"] and "classic" in hit["editions"] for hit in data["hits"])


def test_rules_answer_too_and_each_hit_says_its_kind(cli):
    data = json.loads(cli("faq", "开局几张牌", "--json", "-n", "3").stdout)
    first = data["hits"][0]
    assert (first["kind"], first["id"]) == ("rule", "setup.deal")
    assert first["question"] == "起始手牌与金币" and "4张" in first["answer"]
    assert {hit["kind"] for hit in data["hits"]} <= {"faq", "rule", "card"}
    assert data["unsure"] is False


def test_rule_hit_prints_like_an_answer(cli):
    done = cli("faq", "开局几张牌", "-n", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1. 规则：起始手牌与金币")
    assert "台湾玩家规则整理" in done.stdout.replace("\n", "")   # the source as a player knows it
    assert "seed" not in done.stdout and "setup.deal ·" not in done.stdout   # no score after the id


def test_merged_entry_opens_by_its_old_id(cli):
    data = json.loads(cli("faq", "museum.exchanged", "--json").stdout)
    assert data["id"] == "museum.destroyed"
    assert "museum.exchanged" in data["aliases"]


def test_renamed_rule_opens_by_its_old_id(cli):
    data = json.loads(cli("faq", "ties.cascade-000", "--json").stdout)
    assert (data["kind"], data["id"]) == ("rule", "ties.cascade")


@pytest.mark.parametrize("query, lang, words", [
    ("的", "zh-Hant", "請輸入一個問題"),
    ("the", "en", "ask a question"),
    ("?", "en", "ask a question"),
])
def test_a_query_without_meaning_asks_for_a_question(cli, query, lang, words):
    done = cli("faq", query, "--lang", lang)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and words in done.stderr


def test_a_weak_best_hit_says_it_is_unsure(cli):
    data = json.loads(cli("faq", "how old are you", "--json").stdout)
    assert data["unsure"] is True
    done = cli("faq", "how old are you", "--lang", "en")
    assert done.stdout.startswith("Not sure which of these answers your question")


@pytest.mark.parametrize("lang, name", [("en", "Warlord"), ("zh-Hant", "領主"), ("zh-Hans", "领主")])
def test_card_hit_shows_the_card_text_in_the_players_language(cli, lang, name):
    data = json.loads(cli("faq", "warlrod bishop killed", "--top", "10", "--json", "--lang", lang).stdout)
    card = next(hit for hit in data["hits"] if hit["kind"] == "card")
    assert (card["id"], card["question"]) == ("warlord", name)
    assert card["answer"] and card["card_ids"] == ["warlord"]
    text = cli("faq", "warlrod bishop killed", "--top", "10", "--lang", lang).stdout
    assert name in text


@pytest.mark.parametrize("query, lang, words", [
    ("框框", None, "找不到回答「框框」的條目"),
    ("xyzzy plugh", None, "nothing answers 'xyzzy plugh'"),
    ("框框", "zh-Hans", "找不到回答「框框」的条目"),
])
def test_a_question_that_finds_nothing_is_one_line_and_exit_2(cli, query, lang, words):
    done = cli("faq", query, *(["--lang", lang] if lang else []))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and words in done.stderr
    assert cli("faq", query, "--json").returncode == 2


def test_nothing_found_names_the_closest_card_names(conn):
    # 框架 was the Framework's name at one table before it became an alias: a name that close
    # to a card's is offered, in the words of the edition and language asked in.
    from referee.cli.no_answer import nothing_found

    error = nothing_found(conn, "框架子", None)
    assert "closest names: Framework" in str(error)
    assert "最接近的名稱：⟦Framework⟧" in error.zh
    assert "closest" not in str(nothing_found(conn, "xyzzy plugh", None))
