"""What `referee faq` shows a reader: the comparison of the editions as a table, ids that name one
thing only, and every title (the places in a source) in the reader's language and script."""

from __future__ import annotations

import json

import pytest

from referee.text import DATA_LANGS

LANGS = list(DATA_LANGS)


# --- the comparison of the editions ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_overview_shows_each_side_of_the_comparison(cli, conn, lang):
    from referee.catalog.differences import OVERVIEW, all_rows

    done = cli("faq", OVERVIEW, "--lang", lang)
    assert done.returncode == 0, done.stderr
    flat = "".join(done.stdout.split())
    rows = all_rows(conn)
    assert len(rows) > 20
    for row in rows:       # what `referee rules editions` shows: each edition's side of each row
        for side in ("classic", "2016"):
            text = row["editions"][side][lang]
            assert "".join(text.split())[:12] in flat, (row["id"], side)
    data = json.loads(cli("faq", OVERVIEW, "--lang", lang, "--json").stdout)
    assert [row["id"] for row in data["differences"]] == [row["id"] for row in rows]


# --- one id, one thing ---------------------------------------------------------------------------


def test_no_id_names_both_an_entry_and_a_rule(conn):
    faq = {i for (i,) in conn.execute("SELECT id FROM faq")} | {
        a for (a,) in conn.execute("SELECT alias FROM id_aliases WHERE kind = 'faq'")}
    rules = {i for (i,) in conn.execute("SELECT id FROM rules")} | {
        a for (a,) in conn.execute("SELECT alias FROM id_aliases WHERE kind = 'rule'")}
    assert faq & rules == set()


@pytest.mark.parametrize("lang, rule_word, faq_word", [("en", "Rule", "Q"), ("zh-Hant", "規則", "問"),
                                                        ("zh-Hans", "规则", "问")])
@pytest.mark.parametrize("rule_id, entry_id", [("draft.eight-players", "draft.eight-players-rank9"),
                                               ("draft.last-player-facedown", "draft.last-player-choice")])
def test_the_rule_and_the_entry_that_restates_it_open_apart(cli, lang, rule_word, faq_word, rule_id, entry_id):
    rule = cli("faq", rule_id, "--lang", lang)
    entry = cli("faq", entry_id, "--lang", lang)
    assert rule.returncode == entry.returncode == 0, rule.stderr + entry.stderr
    assert rule.stdout.startswith(rule_word)
    assert entry.stdout.startswith(faq_word)
    assert json.loads(cli("faq", rule_id, "--json").stdout)["kind"] == "rule"
    assert json.loads(cli("faq", entry_id, "--json").stdout)["kind"] == "faq"


def test_the_build_refuses_an_id_that_names_two_things(tmp_path):
    from referee.dbbuild import DataError, build, load_bundle, validate

    bundle = load_bundle()
    bundle.faq[0]["id"] = bundle.rules[0]["id"]
    assert f"the id {bundle.rules[0]['id']!r} names a faq entry and a rule" in validate(bundle)
    bundle = load_bundle()
    bundle.faq[0].setdefault("aliases", []).append("armory")       # a card's id
    assert "the id 'armory' names a card and a faq entry" in validate(bundle)
    with pytest.raises(DataError, match="names a card and a faq entry"):
        build(tmp_path / "referee.db", bundle)
    bundle = load_bundle()
    bundle.faq[0]["restates"] = "no-such.rule"
    assert any("restates an unknown rule" in p for p in validate(bundle))


# --- every title in the reader's language and script ------------------------------------------------

# Words of proper names that stay as written in Chinese text (a blog's, a publisher's, a site's).
_PROPER = {"SWAG", "Brunch", "FAQ", "FFG", "BoardGameGeek", "BGG", "Board", "Game", "One", "Pagers", "Q", "p",
           "CharlesTaylor", "xdghcnt", "vic", "trouble", "lovepc", "Markdown", "Mia", "Michi", "Dark", "City"}


def _wrong_script(conn, text: str, lang: str) -> list[str]:
    """What a reader of `lang` would find in another language or script in `text`."""
    import re

    from referee.text import has_cjk

    from referee import chinese

    if lang == "en":
        return [c for c in text if has_cjk(c)]
    # OpenCC reads phrases (皇后 is Traditional too): the text as its script writes it is itself
    # (台 is how Taiwan writes 臺: 台灣, 天文台).
    if lang == "zh-Hant":
        text, converted = text.replace("臺", "台"), chinese.to_traditional(text).replace("臺", "台")
    else:
        converted = chinese.to_simplified(text)
    return [c for c, d in zip(text, converted) if c != d] + [
        w for w in re.findall(r"[A-Za-z]+", text) if w not in _PROPER and not w.isupper()]


def _every_citation(conn) -> list[tuple[str, list[dict]]]:
    out = []
    for entry_id, sources, readings in conn.execute("SELECT id, sources, readings FROM faq"):
        out.append((entry_id, json.loads(sources or "[]")))
        out += [(entry_id, r.get("sources", [])) for r in json.loads(readings or "[]")]
    out += [(rule_id, json.loads(sources or "[]")) for rule_id, sources in conn.execute("SELECT id, sources FROM rules")]
    out += [(row_id, json.loads(sources or "[]")) for row_id, sources in conn.execute("SELECT id, sources FROM differences")]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_place_a_citation_names_is_in_the_readers_language(conn, lang):
    from referee.catalog.sources import places

    citations = _every_citation(conn)
    assert len(citations) > 400
    wrong = {}
    for ident, refs in citations:
        for ref in refs:
            for place in places(conn, ref, lang):
                found = _wrong_script(conn, place, lang)
                if found:
                    wrong[(ident, place)] = found
    assert wrong == {}


@pytest.mark.parametrize("lang, place", [("zh-Hant", "回合完結"), ("zh-Hans", "回合完结"), ("en", "End of the round")])
def test_a_traditional_answer_cites_in_traditional(cli, lang, place):
    done = cli("faq", "turn.round-end", "--lang", lang)
    flat = "".join(done.stdout.split())
    assert "".join(place.split()) in flat
    assert ("回合完结" in flat) == (lang == "zh-Hans")


@pytest.mark.parametrize("lang", LANGS)
def test_shown_sources_of_every_entry_are_in_the_readers_script(cli, conn, lang):
    """What `referee faq` prints under each entry (its sources and its readings' sources), for all
    entries, and what `referee rules editions` prints under each row."""
    from referee.cli.faq_cmd import _faq_entries, _sources_text

    ids = [i for (i,) in conn.execute("SELECT id FROM faq")]
    wrong = {}
    for entry in _faq_entries(conn, ids, lang, None):
        for sources in [entry["sources"], *(r["sources"] for r in entry["readings"])]:
            text = _sources_text(sources, lang)
            names = {s["name"] for s in sources}
            for name in names:            # a source's own name is its name in the reader's language
                text = text.replace(name, "")
            found = _wrong_script(conn, text, lang)
            if found:
                wrong[entry["id"]] = (text, found)
    assert wrong == {}
    from referee.catalog.differences import all_rows
    from referee.cli.editions_cmd import sources_text

    names = {n for (n,) in conn.execute(f"SELECT name_{lang.replace('-', '_').lower()} FROM sources")}
    for row in all_rows(conn):
        text = sources_text(conn, row["sources"], lang)
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        assert _wrong_script(conn, text, lang) == [], (row["id"], text)


def test_no_answer_names_an_id(conn):
    """A reader is pointed to another ruling by its question, never by its id."""
    import re

    ids = {i for (i,) in conn.execute("SELECT id FROM faq UNION SELECT id FROM rules")}
    texts = [(i, t) for i, *ts in conn.execute(
        "SELECT id, q_en, a_en, q_zh_hant, a_zh_hant, q_zh_hans, a_zh_hans FROM faq") for t in ts]
    texts += [(i, t) for i, *ts in conn.execute(
        "SELECT id, title_en, text_en, title_zh_hant, text_zh_hant, title_zh_hans, text_zh_hans FROM rules") for t in ts]
    texts += [(i, t) for i, readings in conn.execute("SELECT id, readings FROM faq")
              for r in json.loads(readings or "[]") for t in (r.get("text") or {}).values()]
    named = [(i, word) for i, t in texts for word in re.findall(r"[a-z0-9.-]+", t or "") if word in ids]
    assert named == []


@pytest.mark.parametrize("lang, word", [("en", "variant"), ("zh-Hant", "變體"), ("zh-Hans", "变体")])
def test_a_house_rule_says_so_and_how_to_play_it(cli, lang, word):
    """As `referee rules` tags it: a house rule found by `referee faq` is not read as the rule."""
    done = cli("faq", "draft.three-player.single-character", "--lang", lang)
    head = "".join("".join(done.stdout.splitlines()[:2]).split())
    assert word in head and "--variantthree-player-one-character" in head


@pytest.mark.parametrize("lang, query, shown, other", [("en", "Quarry", "2016 edition", "classic edition"),
                                                       ("zh-Hant", "採石場", "2016年版", "經典版"),
                                                       ("zh-Hans", "采石场", "2016年版", "经典版")])
def test_a_card_hit_names_the_edition_of_the_text_it_shows(cli, lang, query, shown, other):
    """The Quarry works differently in the classic edition: its 2016 text is not said to be both's."""
    done = cli("faq", query, "-n", "1", "--lang", lang)
    first = done.stdout.split("\n\n")[0]
    facts = "".join(first.split("·")[0].splitlines()[-2:])
    assert json.loads(cli("faq", query, "-n", "1", "--json").stdout)["hits"][0]["kind"] == "card"
    assert shown in facts and other not in facts, first


def test_a_place_is_said_in_each_language_from_its_pieces(tmp_path):
    from referee import chinese
    from referee.dbbuild import DataError, _place_rows, build, load_bundle
    from referee.places import Translator

    bundle = load_bundle()

    def convert(direction, text):
        return chinese.to_simplified(text) if direction == "t2s" else chinese.to_traditional(text)

    said = Translator(bundle.places, bundle.characters + bundle.districts, convert).say
    assert said("回合完结") == {"en": "End of the round", "zh-Hant": "回合完結", "zh-Hans": "回合完结"}
    assert said("Character Abilities in Detail: Thief", "2016") == {
        "en": "Character Abilities in Detail: Thief", "zh-Hant": "角色能力詳解：盜賊", "zh-Hans": "角色能力详解：盗贼"}
    assert said("FAQ 9☆.皇后")["en"] == "FAQ 9☆. Queen"
    assert said("墓地", "classic")["en"] == "Graveyard" and said("墓地", "2016")["en"] == "Necropolis"
    assert said("districts: Library, Observatory")["zh-Hant"] == "地區牌：圖書館、天文台"
    assert said("A heading nobody wrote down") is None
    bundle.faq[0]["sources"] = [{"doc": "R16", "where": "A heading nobody wrote down"}]
    with pytest.raises(DataError, match="A heading nobody wrote down"):
        _place_rows(bundle, convert)
    with pytest.raises(DataError, match="A heading nobody wrote down"):
        build(tmp_path / "referee.db", bundle)
