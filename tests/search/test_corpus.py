"""The corpus a player reads (FAQ answers, rules, variants): no internal labels, no house cast
named after real people, verdicts first, and every old id still resolving."""

from __future__ import annotations

import json
import re

import pytest

# What a player must never read: seed numbers, links, line numbers, what "was not available".
INTERNAL = re.compile(r"[Ss]eeds? ?\d{3}|種子|种子|來源\d{3}|来源\d{3}|連結\d|连结\d|链接\d|\blinks? \d|"
                      r"\bl\.\s?\d|第\d+行|not available to us")
HOUSE_CAST = ["楊若歆", "林裕庭", "簡妤芯", "陳奕如", "董梓甯", "楊曉帆", "林亞萱", "陳妍潔", "胡馨儀",
              "警察局", "滑雪場", "健身房"]


def _texts(conn):
    for table in ("faq", "rules", "variants"):
        for row in conn.execute(f"SELECT * FROM {table}"):
            for column in row.keys():
                if isinstance(row[column], str) and column != "aliases":   # old ids are kept on purpose
                    yield f"{table} {row[0]} {column}", row[column]


def test_no_internal_labels_in_what_players_read(conn):
    found = [(where, INTERNAL.search(text).group()) for where, text in _texts(conn) if INTERNAL.search(text)]
    assert found == []


def test_public_ids_carry_no_internal_labels(conn):
    ids = [r[0] for t in ("faq", "rules", "variants") for r in conn.execute(f"SELECT id FROM {t}")]
    assert [i for i in ids if re.search(r"seed|-00\d(?![\d])", i)] == []


def test_no_house_characters_named_after_people(conn):
    assert [(w, n) for w, text in _texts(conn) for n in HOUSE_CAST if n in text] == []
    assert conn.execute("SELECT COUNT(*) FROM variants WHERE id LIKE 'house-%'").fetchone()[0] == 0


_YES_NO = re.compile(r"(Can|Does|Do|Is|Are|Must|May|Will|Should|Could|Has|Have)\b")
_VERDICT_EN = re.compile(r"(Yes|No|Neither|Both|It depends|The sources disagree|Sources disagree)\b")
_VERDICT_ZH = re.compile(r"(可以|不行|不可以|不能|能|會|不會|会|不会|要|不用|不必|是|不是|有|沒有|没有|對|对|"
                         r"都不行|都可以|兩者|两者|看版本|看情況|看情况|還不用|还不用|不算|算|不包括|包括|"
                         r"不要|需要|不需要|仍然|依然|一樣|一样|除了自己|各來源|各来源|來源說法不|来源说法不|依版本而定)")


def _first_question(text: str) -> str:
    return next((s for s in re.split(r"(?<=[.?!])\s+", text.strip()) if s.endswith("?")), text)


def test_yes_no_answers_open_with_the_verdict(conn):
    late = []
    for entry_id, q_en, a_en, a_hant, a_hans in conn.execute(
            "SELECT id, q_en, a_en, a_zh_hant, a_zh_hans FROM faq"):
        question = _first_question(q_en)
        if not _YES_NO.match(question) or " or " in question:
            continue
        if not _VERDICT_EN.match(a_en) or not _VERDICT_ZH.match(a_hant) or not _VERDICT_ZH.match(a_hans):
            late.append(entry_id)
    assert late == []


@pytest.mark.parametrize("old, kind, new", [
    ("great-wall.diplomat-own-district", "faq", "great-wall.diplomat"),
    ("museum.exchanged", "faq", "museum.destroyed"),
    ("ties.cascade-000", "rule", "ties.cascade"),
    ("draft.three-player.nine-characters-000", "rule", "draft.three-player.nine-characters"),
    ("draft.web-game-003", "rule", "draft.web-game"),
    ("three-player-seed000-method3", "variant", "three-player-nine-characters"),
])
def test_old_ids_still_resolve(conn, old, kind, new):
    assert conn.execute("SELECT id FROM id_aliases WHERE alias = ? AND kind = ?", (old, kind)).fetchone()[0] == new


def test_every_source_has_a_players_name(conn):
    cited = {f"seed-{s['seed']}" if "seed" in s else s["doc"]
             for (sources,) in conn.execute("SELECT sources FROM faq UNION ALL SELECT sources FROM rules")
             for s in json.loads(sources or "[]")}
    named = {r[0] for r in conn.execute("SELECT id FROM sources WHERE name_en <> '' AND name_zh_hant <> ''")}
    assert cited - named == set()


def test_each_word_of_the_lexicon_means_one_thing(conn):
    clashes = conn.execute(
        "SELECT kind, form FROM search_lexicon WHERE kind IN ('concept', 'form')"
        " GROUP BY kind, form, script HAVING COUNT(DISTINCT id) > 1").fetchall()
    assert [tuple(c) for c in clashes] == []
