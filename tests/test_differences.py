"""What differs between the editions (data/differences.toml): built into the database, shown by
`referee rules editions` and `referee card`, found by the search."""

from __future__ import annotations

import copy
import json

import pytest


def _bundle():
    from referee.dbbuild import load_bundle

    return load_bundle()


def test_the_table_says_each_difference_with_its_sources(cli):
    done = cli("rules", "editions", "--lang", "en")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    for words in ("When a city is complete and the game ends", "The bank", "Breaking a tie for first place",
                  "Laboratory", "Haunted Quarter", "Warlord", "Chinese names of rank 5 and rank 8", "Tax Collector"):
        assert words in text
    blocks = [b for b in text.split("\n\n") if b.strip()][1:]
    assert len(blocks) >= 30 and all("Sources: " in b and "Classic edition: " in b and "2016 edition: " in b
                                     for b in blocks)
    assert "Classic edition: rank 2; a player who builds" in text.replace("Rank 2", "rank 2")


@pytest.mark.parametrize("lang, words", [
    ("zh-Hant", ["城市何時完成、遊戲何時結束", "經典版：8個地區", "2016年版：7個地區（2–3人時為8個）", "出處："]),
    ("zh-Hans", ["城市何时完成、游戏何时结束", "经典版：8个地区", "银行", "出处："]),
])
def test_the_table_speaks_chinese(cli, lang, words):
    done = cli("rules", "editions", "--lang", lang)
    assert done.returncode == 0 and all(w in done.stdout for w in words)
    assert "editions." not in done.stdout           # no internal ids
    assert max(len(line) for line in done.stdout.splitlines()) <= 80


def test_the_table_as_json(cli):
    rows = json.loads(cli("rules", "版本", "--json").stdout)
    ids = [r["id"] for r in rows]
    assert ids[:3] == ["end-trigger", "bank", "tie-break"]
    assert {"laboratory", "haunted-quarter", "warlord", "factory"} <= set(ids)
    assert all(r["sources"] for r in rows)
    lab = next(r for r in rows if r["id"] == "laboratory")
    assert "1 gold" in lab["editions"]["classic"]["en"] and "2 gold" in lab["editions"]["2016"]["en"]
    factory = next(r for r in rows if r["id"] == "factory")
    assert factory["changes"] == {"classic": {"cost": 6}, "2016": {"cost": 5}}


def test_numbers_come_from_the_facts_not_the_words():
    # One place per fact: the end of the game and the Laboratory's gold are read from the
    # editions and the cards, so changing them there changes the table.
    from referee import differences

    bundle = _bundle()
    changed = copy.deepcopy(bundle)
    changed.editions["classic"]["end_at"] = {str(n): 9 for n in range(2, 9)}
    lab = next(d for d in changed.districts if d["id"] == "laboratory")
    lab["editions"]["2016"]["facts"]["gold_per_discard"] = 3
    rows = {r["id"]: r for r in differences.table_rows(changed)}
    assert rows["end-trigger"]["classic_en"].startswith("at 9 districts")
    assert rows["laboratory"]["y2016_zh_hant"] == "每回合一次，棄一張牌換3枚金幣"


def test_the_build_refuses_a_card_that_differs_without_a_row():
    from referee import differences

    bundle = _bundle()
    assert differences.problems(bundle) == []
    broken = copy.deepcopy(bundle)
    broken.differences["difference"] = [r for r in broken.differences["difference"] if r.get("card") != "laboratory"]
    broken.differences["difference"][0]["refs"] = ["no.such-rule"]
    broken.differences["difference"][1]["classic"] = {"en": "{nothing}"}
    found = differences.problems(broken)
    assert "differences: 'laboratory' works differently in the two editions but has no row" in found
    assert any("unknown rule, FAQ entry or card 'no.such-rule'" in p for p in found)
    assert any("no classic text in zh-Hant" in p for p in found)
    assert any("no fact nothing for classic" in p for p in found)


def test_a_card_says_what_differs_in_the_other_edition(cli):
    shown = cli("card", "軍閥").stdout
    assert "經典版的不同之處：在回合結束時摧毀" in shown
    english = cli("card", "laboratory", "--edition", "classic", "--lang", "en").stdout
    assert "In the 2016 edition it works differently: discard a card for 2 gold" in english
    assert "works differently" not in cli("card", "Merchant", "--lang", "en").stdout
    data = json.loads(cli("card", "Wishing Well", "--json").stdout)
    assert data["differences"]["editions"]["classic"]["en"] == "1 point for each other purple district"
    assert "differences" not in json.loads(cli("card", "Merchant", "--json").stdout)


def test_every_rule_listing_leaves_the_comparison_to_its_own_topic(cli):
    every = json.loads(cli("rules", "--json").stdout)
    assert every and not any(r["id"].startswith("editions.") for r in every)
    one = json.loads(cli("rules", "editions.bank", "--json").stdout)
    assert [r["id"] for r in one] == ["editions.bank"]


@pytest.mark.parametrize("query, first", [
    ("新版跟舊版（黑暗之城擴充）有什麼不一樣？", "editions.overview"),
    ("old warlord vs new warlord difference", "editions.warlord"),
    ("經典版和新版鬼城差在哪", "editions.haunted-quarter"),
])
def test_the_search_finds_the_comparison(conn, query, first):
    from referee.search.query import search

    hits = search(conn, query, top=1)
    assert hits[0].id == first and hits[0].kind == "rule" and not hits[0].unsure
