"""The search measured on every labelled query of the tuning set (tests/search/queries-*.toml and
the questions it indexes, faq/questions/*.toml), in process, against a database built from the
real data/ and faq/ (the session fixture in tests/conftest.py). The blind set
(tests/search/blind/) is measured by scripts/search_quality.py --blind, never here: tests must
not steer the ranking toward it. What the search does with the indexed questions when it has
not seen them is measured by scripts/search_quality.py --held-out NAME."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from referee.search.query import EmptyQuery, parse, search

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE.parent.parent / "faq" / "questions"


def _queries() -> list[dict]:
    out = []
    for path in sorted(HERE.glob("queries-*.toml")) + sorted(QUESTIONS.glob("*.toml")):
        with path.open("rb") as handle:
            for query in tomllib.load(handle).get("query", []):
                expect = query["expect"]
                if not expect:      # no answer in the corpus (noted in the file)
                    continue
                out.append({**query, "expect": [expect] if isinstance(expect, str) else expect, "file": path.name})
    return out


QUERIES = _queries()
INDEXED = ("set-1.toml", "set-2.toml", "set-3.toml", "set-4.toml", "set-5.toml", "set-6.toml", "set-7.toml")   # faq/questions/: the search has seen them
ISSUE_9 = ("queries-natural.toml", "queries-table-talk.toml", *INDEXED)
LOOSE = ("queries-table-talk.toml", *INDEXED)   # colloquial sets with their own floors
FAQ_SET = [q for q in QUERIES if q["file"] not in ISSUE_9]   # labelled before issue 9


def _current(conn) -> dict[str, str]:
    """Old id → id of the entry or rule it was merged into or renamed to."""
    return dict(conn.execute("SELECT alias, id FROM id_aliases WHERE kind IN ('faq', 'rule')"))


def _restating(conn) -> dict[str, str]:
    """A FAQ entry → the rule it restates, and back: they shared an id when the sets were
    labelled, so a label naming one accepts the other."""
    pairs = dict(conn.execute("SELECT id, restates FROM faq WHERE restates IS NOT NULL"))
    return {**pairs, **{rule: entry for entry, rule in pairs.items()}}


@pytest.fixture(scope="module")
def ranks(conn) -> list[tuple[dict, int | None]]:
    current = _current(conn)
    pairs = _restating(conn)
    out = []
    for query in QUERIES:
        expect = {current.get(e, e) for e in query["expect"]}
        expect |= {pairs[e] for e in expect if e in pairs}
        hits = [h.id for h in search(conn, query["q"], top=3)]
        out.append((query, next((n for n, h in enumerate(hits, 1) if h in expect), None)))
    return out


def test_labels_name_real_documents(conn):
    ids = {r[0] for r in conn.execute("SELECT id FROM search_docs")} | set(_current(conn))
    assert len(FAQ_SET) >= 220
    assert [e for q in QUERIES for e in q["expect"] if e not in ids] == []


def test_faq_set_top1_does_not_fall(ranks):
    # Before issue 9 the FAQ-only search put 219 of these 227 first (220 now, all 227 in the top 3).
    faq = [(q, r) for q, r in ranks if q in FAQ_SET]
    misses = [f"{q['q']} → expected {q['expect']} (rank {r})" for q, r in faq if r != 1]
    assert len(faq) - len(misses) >= 220, "\n".join(misses)


def test_faq_set_and_issue_examples_all_in_top3(ranks):
    misses = [f"{q['q']} → expected {q['expect']}" for q, r in ranks
              if r is None and q["file"] not in LOOSE]
    assert misses == []


def test_table_talk(ranks):
    # Colloquial questions added for issue 9 (measured 49 of 60 first, 56 in the top 3).
    table = [r for q, r in ranks if q["file"] == "queries-table-talk.toml"]
    assert sum(r == 1 for r in table) >= 47 and sum(r is not None for r in table) >= 54


@pytest.mark.parametrize("name, count", [("set-1.toml", 338), ("set-2.toml", 329), ("set-3.toml", 342),
                                         ("set-4.toml", 348), ("set-5.toml", 356), ("set-6.toml", 350),
                                         ("set-7.toml", 330)])
def test_indexed_questions_find_what_they_were_labelled_with(ranks, name, count):
    # faq/questions/ is indexed: a player who asks as one of its writers did gets the answer its
    # labellers chose (2385 of 2393 first, all in the top 3, with seven sets indexed). How the
    # search does on such questions unseen: scripts/search_quality.py --held-out NAME (93.1 %
    # top-1 and 99.0 % top-3 over the seven sets, each held out in turn; 87.0 %, 91.8 % and 78.9 %
    # top-1 for sets 1-3 before any set was indexed; sets 4-7, measured before they were
    # indexed: 89.7 %, 90.2 %, 89.1 %, 89.4 %).
    found = [r for q, r in ranks if q["file"] == name]
    assert len(found) == count
    assert sum(r == 1 for r in found) >= count - 6 and sum(r is not None for r in found) >= count - 1


def test_every_kind_is_mostly_first(ranks):
    total, first = Counter(), Counter()
    for query, rank in ranks:
        if query["file"] not in LOOSE:
            total[query.get("kind")] += 1
            first[query.get("kind")] += rank == 1
    assert {k: first[k] / total[k] for k in total if first[k] / total[k] < 0.8} == {}


# --- the pieces, with exact outcomes ------------------------------------------------------------


@pytest.mark.parametrize("query, expected", [
    ("军阀 主教", "bishop.warlord-cannot-destroy"),
    ("軍閥 主教", "bishop.warlord-cannot-destroy"),
    ("Condottiere destroy Dragon Gate 5 or 7", "warlord.university-dragon-gate-cost"),
])
def test_exact_first_hit(conn, query, expected):
    assert search(conn, query, top=1)[0].id == expected


def test_a_bare_tie_finds_the_tie_breaks(conn):
    # 「平手」 says nothing of the edition: the general ruling and each edition's rule answer it.
    ties = {"general.tie-break", "ties.2016", "ties.classic"}
    assert {h.id for h in search(conn, "平手", top=3)} == ties


def test_ambiguous_alias_pulls_in_every_card(conn):
    assert set(parse(conn, "主教").cards) == {"bishop", "cardinal"}
    assert set(parse(conn, "住持").cards) == {"bishop", "abbot"}
    assert set(parse(conn, "領主").cards) == {"warlord"}


def test_edition_narrows_the_aliases(conn):
    assert set(parse(conn, "主教", edition="classic").cards) == {"bishop"}
    assert "cardinal" in parse(conn, "主教", edition="2016").cards


def test_longest_alias_wins(conn):
    # 魔法師 (Magician) contains 法師 (2016 Wizard): the longer name is the one meant
    assert set(parse(conn, "魔法師什麼時候可以用能力").cards) == {"magician"}


@pytest.mark.parametrize("query, cards", [
    ("warlord keep", {"warlord", "keep"}), ("keep marshal", {"marshal", "keep"}),
    ("keep one card", set()), ("library keep both cards", {"library"}),
])
def test_keep_beside_a_card_name_is_the_keep(conn, query, cards):
    # Keywords typed as card names ("warlord keep") name the Keep; "keep one card" does not.
    assert set(parse(conn, query).cards) == cards


def test_english_names_are_whole_words(conn):
    assert set(parse(conn, "Can the Thief rob the Witch?").cards) == {"thief", "witch"}
    assert "king" not in parse(conn, "taking gold").cards
    assert "tax-collector" in parse(conn, "the Tax Collector's tax").cards


@pytest.mark.parametrize("query, slip, repaired", [
    ("一回盒可以蓋幾座建築", "回盒", "回合"),
    ("沒人選國王 黃冠給誰", "黄冠", "皇冠"),
    ("魔術師自己沒有守牌還能換嗎", "守牌", "手牌"),
    ("女巫師去下半回合", "师去", "失去"),
    ("对建筑饰施咒", "筑饰", "筑师"),
])
def test_same_sound_slips_are_repaired(conn, query, slip, repaired):
    assert parse(conn, query).repaired.get(slip) == repaired


@pytest.mark.parametrize("query, card", [("賊哭可以用手牌付錢嗎", "thieves-den"), ("次客可以殺自己嗎", "assassin"),
                                         ("說務官收稅", "tax-collector")])
def test_a_misheard_card_name_is_mended_however_rare(conn, query, card):
    # 賊窟 is named by few documents, too few for the corpus-wide repair: a card's name is enough.
    assert card in parse(conn, query).cards


@pytest.mark.parametrize("query, slips", [
    # 幕地 → 墓地; then 地能 is rare, but 地 was just mended (it once became 墓的能).
    ("幕地能不能把被拆的建筑拿回手里", {"幕地": "墓地"}),
    # 市要 is rare only because two words meet there: 城市 is common, so 市 stays.
    ("新版城市要幾座才算完成", {}),
    # 同意 is common: 意 is no slip in 意吗.
    ("魔朮师跟别人换牌要对方同意吗", {}),
    # 也 is a function word; 书管 → 书馆 and no more.
    ("图书管和建筑师一起，多摸的两张也留？", {"书管": "书馆"}),
    # once 军伐 is mended, 阀拆 is common and 拆 stays (it had become 持有).
    ("军伐拆有城墙的人的建筑要多付吗", {"军伐": "军阀"}),
])
def test_repairs_touch_only_the_slip(conn, query, slips):
    assert parse(conn, query).repaired == slips


@pytest.mark.parametrize("query, edition", [
    ("新版城市要幾座才算完成", "2016"), ("can you play 3 players in the original citadels", "classic"),
    ("旧版刺客", "classic"), ("军阀拆城墙", None),
])
def test_a_named_edition_is_read(conn, query, edition):
    assert parse(conn, query).editions == ([edition] if edition else [])


def test_a_named_edition_ranks_its_documents_first(conn):
    hits = search(conn, "新版城市要幾座才算完成", top=3)
    editions = dict(conn.execute("SELECT id, editions FROM search_docs"))
    assert "2016" in editions[hits[0].id].split()
    assert "end.trigger.classic" not in [h.id for h in hits]
    assert "end.trigger.classic" in [h.id for h in search(conn, "經典版城市要幾座才算完成", top=3)]


def test_repair_finds_the_card_behind_a_slip(conn):
    assert "architect" in parse(conn, "女巫 对建筑饰施咒 可以盖三栋吗").cards


def test_traditional_and_simplified_give_the_same_ranking(conn):
    hant = [h.id for h in search(conn, "軍閥可以拆自己的建築嗎", top=3)]
    hans = [h.id for h in search(conn, "军阀可以拆自己的建筑吗", top=3)]
    assert hant == hans
    assert hant[0] == "warlord.own-district"


def test_filters(conn):
    docs = {(kind, i): (cards, editions) for kind, i, cards, editions in
            conn.execute("SELECT kind, id, cards, editions FROM search_docs")}
    hits = search(conn, "龍門", top=50, edition="classic")
    assert hits
    assert all("classic" in docs[(h.kind, h.id)][1].split() for h in hits)
    only = search(conn, "拆", top=50, card_ids={"museum"})
    assert only and all("museum" in docs[(h.kind, h.id)][0].split() for h in only)
    rules = search(conn, "平手", top=5, kinds={"rule"})
    assert rules and {h.kind for h in rules} == {"rule"}


def test_search_imports_neither_opencc_nor_pypinyin(conn):
    import subprocess
    import sys

    code = ("import sys; from referee.catalog.db import connect; from referee.search.query import search;"
            "search(connect(), '女巫師去下半回合 軍閥 魔術師'); "
            "print(sorted(m for m in ('opencc', 'pypinyin') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# --- understanding the question (issue 9) ---------------------------------------------------------


@pytest.mark.parametrize("query, expected", [
    ("軍閥可以拆堡壘嗎", "keep.rank-8"),                    # the Warlord acts: not the Armory's ruling
    ("can the warlord destroy the keep", "keep.rank-8"),
    ("what happens if the king is killed", "king.killed-crown"),
    ("刺客可以殺國王嗎", "assassin.name-a-character"),
    ("同分怎麼辦", "general.tie-break"),
    ("warlrod bishop", "bishop.warlord-cannot-destroy"),      # spelling mended
    ("how many cards do I start with", "setup.deal"),          # a rule answers
])
def test_natural_question_first_hit(conn, query, expected):
    assert search(conn, query, top=1)[0].id == expected


def test_lexicon_concepts_and_forms(conn):
    parsed = parse(conn, "軍閥可以拆堡壘嗎")
    assert parsed.concepts == ["destroy"] and "yes-no" in parsed.forms
    assert parse(conn, "军阀能摧毁要塞吗").concepts == ["destroy"]          # 拆 = 摧毀 = destroy
    assert "what-happens" in parse(conn, "what happens if the king is killed").forms
    assert "tie" in parse(conn, "打平了怎麼辦").concepts


def test_the_first_card_named_is_the_actor(conn):
    assert parse(conn, "can the warlord destroy the keep").actor == "warlord"
    ranked = [h.id for h in search(conn, "軍閥可以拆堡壘嗎", top=10)]
    assert ranked.index("keep.rank-8") < ranked.index("armory.keep")


def test_everyday_word_that_names_a_card(conn):
    assert "keep" not in parse(conn, "draw two keep one").cards
    assert "keep" in parse(conn, "can the warlord destroy the keep").cards


def test_english_spelling_is_mended(conn):
    parsed = parse(conn, "warlrod bishop")
    assert parsed.repaired == {"warlrod": "warlord"} and set(parsed.cards) == {"warlord", "bishop"}


def test_a_misspelt_card_name_beats_a_word_as_close(conn):
    # "theif" is as close to "their" as to "thief": the card's name wins.
    assert parse(conn, "theif rob king").repaired == {"theif": "thief"}


def test_words_players_write_are_not_mended(conn):
    # "heard" is not in the rulings, but questions players asked without a typo use it: it is a
    # word, not a slip for "ahead". A question flagged as a typo teaches nothing ("warlrod").
    assert parse(conn, "Heard there is a team variant?").repaired == {}
    assert parse(conn, "can warlrod destroy his own district").repaired == {"warlrod": "warlord"}


def test_a_concept_implies_its_card(conn):
    assert set(parse(conn, "房屋稅什麼時候繳").cards) == {"tax-collector"}


@pytest.mark.parametrize("query", ["的", "the", "?", "可以嗎"])
def test_no_meaningful_word_is_refused(conn, query):
    with pytest.raises(EmptyQuery):
        search(conn, query)


def test_plural_or_possessive_without_apostrophe_names_the_card(conn):
    assert set(parse(conn, "can the warlord destroy the bishops districts").cards) == {"warlord", "bishop"}


def test_a_generic_question_is_found_by_its_answer(conn):
    # "How does the Poor House work?" names nothing of what it does: its answer's words count
    keywords, answer = conn.execute(
        "SELECT keywords, answer FROM search_fts WHERE key = 'faq:poor-house.end-of-turn'").fetchone()
    assert answer and answer.split()[0] in keywords.split()
    keywords = conn.execute("SELECT keywords FROM search_fts WHERE key = 'faq:poor-house.witch'").fetchone()[0]
    assert "zzgold" not in keywords.split()


def test_unsure_when_weak_or_when_the_runner_up_is_close(conn):
    weak = search(conn, "how old are you")
    assert weak and all(h.unsure for h in weak)
    sure = search(conn, "軍閥可以拆堡壘嗎")
    assert sure[0].score - sure[1].score >= 3.0 and not sure[0].unsure
    # Three rulings on ties, all strong and close together: siblings, not a doubt.
    ties = search(conn, "同分怎麼辦")
    assert ties[0].id == "general.tie-break" and ties[0].score - ties[1].score < 3.0
    assert ties[0].score >= 70.0 and not ties[0].unsure


def test_an_entry_and_the_rule_it_restates_one_hit(conn):
    # draft.eight-players-rank9 asks the rule draft.eight-players as a question: one of the two is listed.
    restated = dict(conn.execute("SELECT id, restates FROM faq WHERE restates IS NOT NULL"))
    assert restated["draft.eight-players-rank9"] == "draft.eight-players"
    for query in ("8個人可以玩嗎", "7人局8个角色够用吗", "eight players ninth character"):
        hits = search(conn, query, top=5)
        ids = [restated.get(h.id, h.id) for h in hits]
        assert len(ids) == len(set(ids)) == 5, ids
        assert ids.count("draft.eight-players") == 1, ids


# --- a card's name alone (issue 18) -------------------------------------------------------------


@pytest.mark.parametrize("query, card", [
    ("钟楼", "bell-tower"), ("兵工厂", "armory"), ("收税官", "tax-collector"), ("收稅官", "tax-collector"),
    ("先知", "seer"), ("框架", "framework"), ("許願池", "wishing-well"), ("许愿池", "wishing-well"),
    ("the armory", "armory"), ("鐘塔", "bell-tower"), ("Haunted City", "haunted-quarter"),
])
def test_a_card_name_alone_finds_the_card_first(conn, query, card):
    # Whatever name is typed, printed or an alias players use: the card's own text (what it
    # does) comes before any side ruling on it, and it is no doubt.
    hits = search(conn, query, top=3)
    assert hits[0].id == card and hits[0].kind == "card" and not hits[0].unsure


def test_a_name_among_other_words_is_not_a_name_alone(conn):
    assert parse(conn, "钟楼被拆了怎么办").alone == set()
    assert search(conn, "钟楼被拆了怎么办", top=1)[0].id == "bell-tower.destroyed"
    assert parse(conn, "要塞").alone == {"keep", "fortress"}


def test_a_name_that_means_two_cards_shows_both_then_the_naming_note(conn):
    ids = [h.id for h in search(conn, "要塞", top=3)]
    assert set(ids[:2]) == {"keep", "fortress"} and ids[2] == "keep.which-card"


def test_the_naming_note_comes_before_the_ruling_it_explains(conn):
    # 要塞 names the Keep in some translations, the Fortress in others: which card is meant
    # decides the answer, so the note on the names comes first.
    ids = [h.id for h in search(conn, "要塞可以被拆嗎", top=2)]
    assert ids == ["keep.which-card", "keep.rank-8"]


# --- orderings issue 18 reported ------------------------------------------------------------------


def test_the_first_to_complete_gets_the_four_before_the_others_two(conn):
    ids = [h.id for h in search(conn, "第一个盖满的人加几分", top=3)]
    assert ids[0] == "scoring.first-complete" and "scoring.other-complete" in ids[1:]


def test_two_player_rules_are_the_two_player_draft(conn):
    # "Two players tie" in the tie-break's question once read as the two-player game.
    ids = [h.id for h in search(conn, "2 player rules", top=3)]
    assert ids[0] in ("draft.two-players", "draft.two-player") and "general.tie-break" not in ids
    assert "two-players" not in parse(conn, "Two or more players tie for the most points. Who wins?").concepts


def test_how_many_cards_the_wizard_takes(conn):
    ids = [h.id for h in search(conn, "巫师可以从别人手里拿几张牌", top=2)]
    assert ids == ["wizard.take-card", "wizard.extra-build"]


@pytest.mark.parametrize("typed, written", [
    ("軍閥可唔可以拆堡壘", "軍閥可不可以拆堡壘"),       # Cantonese
    ("刺客殺咗國王點算", "刺客殺了國王怎麼辦"),
    ("邊個先揀角色", "誰先選角色"),
    ("刺客甚麼時候用能力", "刺客什麼時候用能力"),        # Taiwanese spelling
    ("主教會被軍閥拆ㄇ", "主教會被軍閥拆嗎"),            # a zhuyin letter for the particle
    ("can u destroy the keep w/ the warlord", "can you destroy the keep with the warlord"),
])
def test_everyday_spellings_read_as_the_written_words(conn, typed, written):
    assert parse(conn, typed).text == parse(conn, written).text
    assert [h.id for h in search(conn, typed)] == [h.id for h in search(conn, written)]


def test_a_word_that_holds_a_colloquial_form_is_left_alone(conn):
    assert "关系" in parse(conn, "主教跟軍閥有什麼關係").text     # 係 alone is 是, not inside 關係
    assert parse(conn, "keep your gold").text == "keep your gold"   # "u", "r" only as whole words


@pytest.mark.parametrize("query", ["classic vs 2016", "新舊版", "版本差異", "compare editions"])
def test_the_editions_as_a_whole_find_the_overview_before_any_row(conn, query):
    assert search(conn, query, top=1)[0].id == "editions.overview"


def test_one_rule_compared_finds_its_row_before_the_overview(conn):
    ranked = [h.id for h in search(conn, "tie break old vs new", top=10)]
    assert ranked.index("editions.tie-break") < ranked.index("editions.overview")


def test_both_editions_named_in_a_question_that_asks_something_else_is_no_comparison(conn):
    assert "edition-difference" not in parse(conn, "可以把舊版黑暗城市的角色混進2016版一起玩嗎").concepts
    assert "edition-difference" in parse(conn, "新舊版 軍閥").concepts


def test_a_card_that_did_not_change_is_its_own_answer(conn):
    assert search(conn, "新舊版 刺客", top=1)[0].id == "assassin"
    assert search(conn, "新舊版 軍閥", top=1)[0].id == "editions.warlord"   # a card that changed: its row


@pytest.mark.parametrize("query, repaired", [
    ("emporer", {"emporer": "emperor"}),              # too far from any word: a card's name, looser
    ("the grate wall", {"grate": "great"}),           # gate is closer, but great makes the Great Wall
    ("thrown room", {"thrown": "throne"}),
    ("hanted quarter", {"hanted": "haunted"}),        # a word of a two-word name
])
def test_a_misspelt_word_of_a_card_name_is_mended_to_the_name(conn, query, repaired):
    assert parse(conn, query).repaired == repaired


def test_a_slip_is_mended_by_the_usual_readings(conn):
    # 前 reads qian (錢) and only rarely jian (建); 还 reads hai or huan, and only rarely fu (付).
    assert "钱" in parse(conn, "盜賊可以偷國王的前嗎").text and "建" not in parse(conn, "盜賊可以偷國王的前嗎").text
    assert "付" not in parse(conn, "預言家抽一張再還一張，可以還剛剛拿到的那張嗎").text


def test_the_character_a_phone_offers_for_the_particle_is_the_particle(conn):
    assert parse(conn, "刺客可以殺國王媽").text == parse(conn, "刺客可以殺國王嗎").text


def test_the_card_shielded_is_named_first_and_the_other_acts(conn):
    # "does the Bishop protect against the Armory": the Armory acts, and the Warlord's ruling on
    # the Bishop (a card the query does not name acting) is not the answer.
    ranked = [h.id for h in search(conn, "does the bishop protect against the armory", top=3)]
    assert ranked[0] == "armory.bishop"


# --- the fourth set's lessons (issue 18, i-search3) -------------------------------------------------


@pytest.mark.parametrize("query", ["領主 城牆", "warlord great wall", "王座廳 皇帝"])
def test_card_names_alone_find_a_ruling_on_both(conn, query):
    # Nothing asked but two names: what the two do to each other, not one card's own text
    # (「領主 城牆」 found the Warlord's card first).
    first = search(conn, query, top=1)[0]
    docs = dict(conn.execute("SELECT id, cards FROM search_docs WHERE kind = 'faq'"))
    assert first.kind == "faq" and set(parse(conn, query).cards) <= set(docs[first.id].split())


@pytest.mark.parametrize("query, absent", [
    ("why is there no Graveyard in the 2016 edition", {"graveyard"}), ("新版還有醫院嗎", {"hospital"}),
])
def test_a_card_the_named_edition_lacks_finds_the_editions_compared(conn, query, absent):
    assert parse(conn, query).absent == absent
    assert search(conn, query, top=1)[0].id == "editions.overview"


def test_a_card_of_both_editions_is_not_absent(conn):
    assert parse(conn, "新版的軍閥可以拆城牆嗎").absent == set()
    assert parse(conn, "新版的主教").absent == set()     # the Cardinal is 2016's 主教


def test_a_function_word_misheard_in_a_card_name_is_mended_to_the_name(conn):
    # 們 is a function word, never a slip in 我們; in 龍們, which no document says, it is 門.
    assert parse(conn, "龍們").repaired == {"龙们": "龙门"}
    assert search(conn, "龙们", top=1)[0].id == "dragon-gate"
    assert parse(conn, "我們可以拆嗎").repaired == {}


@pytest.mark.parametrize("query, card", [("象牙他", "ivory-tower"), ("修道院张", "abbot"), ("搭教堂", "cathedral")])
def test_a_longer_name_with_one_character_misheard_is_the_name(conn, query, card):
    # 他 is a function word and 牙他 is no slip the pair-by-pair repair sees; 教堂 inside 搭教堂 is
    # another card (the Church), but 大教堂 is the whole name misheard.
    assert card in parse(conn, query).cards
    assert search(conn, query, top=1)[0].id == card


def test_a_difference_in_cost_is_no_difference_between_editions(conn):
    assert parse(conn, "Diplomat pays the difference in cost?").concepts == ["cost"]
    assert search(conn, "Diplomat pays the difference in cost?", top=1)[0].id == "diplomat.cost-difference"
    # Asked how the Diplomat differs between the editions, his ruling on paying the difference
    # (whose keywords once said "diplomat difference") is not the answer: his row is.
    assert search(conn, "old diplomat vs new diplomat, does it work the same way", top=1)[0].id == "editions.diplomat"


def test_the_same_way_in_both_editions_compares_them(conn):
    assert "edition-difference" in parse(conn, "does the 2016 thief work the same way as in the first edition").concepts


def test_two_characters_of_one_rank_find_that_one_plays_per_rank(conn):
    assert parse(conn, "刺客 女巫").same_rank and parse(conn, "Spy and Blackmailer").same_rank
    assert not parse(conn, "國王 皇帝").same_rank      # 皇帝 may name the King itself
    assert not parse(conn, "刺客 國王").same_rank
    ranked = [h.id for h in search(conn, "Spy and Blackmailer both in one game, who goes first?", top=3)]
    assert ranked[0] in ("setup.one-character-per-rank", "draft.one-character-per-rank")


def test_the_games_name_says_nothing(conn):
    # 富饒之城 算分 asks for the scoring, not for whatever else says 之城.
    assert parse(conn, "富饒之城 算分").terms == parse(conn, "算分").terms
    first = search(conn, "富饶之城 算分", top=1)[0].id
    assert first == "general.scoring-summary" or first.startswith("scoring.")


def test_one_card_and_both_boxes_named_ask_what_differs(conn):
    parsed = parse(conn, "Is the Navigator rank 7 in the new box too? My old copy says 7")
    assert sorted(parsed.editions) == ["2016", "classic"] and "edition-difference" in parsed.concepts
    # (mixing the boxes names no card: no comparison)
    assert "edition-difference" not in parse(conn, "可以把舊版黑暗城市的角色混進2016版一起玩嗎").concepts


def test_two_characters_of_one_rank_bring_the_rank_rules_whatever_the_words(conn):
    # The rules on ranks share no word with "threat tokens": they are candidates all the same.
    ranked = [h.id for h in search(conn, "Spy and Blackmailer in the same game, can the spy see the threat tokens?", top=3)]
    assert {"setup.one-character-per-rank", "draft.one-character-per-rank"} & set(ranked)
    assert "same-game" in parse(conn, "刺客跟女巫可以同一局嗎").concepts


def test_a_ruling_on_the_king_that_lists_the_patrician_answers_for_him(conn):
    # "The same holds for the 2016 Patrician": not a stranger's ruling for a question on him.
    assert search(conn, "貴族被刺殺的話皇冠還歸他嗎", top=1)[0].id == "king.killed-crown"


def test_a_card_and_its_score_in_a_word_is_the_card(conn):
    assert search(conn, "大學 分數", top=1)[0].id == "university"


def test_putting_a_card_back_is_not_building(conn):
    assert "build" not in parse(conn, "另一張是放牌堆底還是棄牌堆").concepts
    assert "build" in parse(conn, "這回合可以蓋幾座").concepts


def test_a_name_heading_the_question_names_the_card(conn):
    # "keep" is an everyday word; set apart at the head of a question it is the card's name.
    assert set(parse(conn, "Keep: there were two copies in the old game, is there only one now?").cards) == {"keep"}
    assert parse(conn, "keep the gold: can I").cards == {}


def test_a_card_the_question_implies_is_no_stranger(conn):
    # 拆 is the Warlord's act: his ruling on the University's cost is not a stranger's ruling.
    parsed = parse(conn, "拆大學要付幾塊")
    assert "warlord" in parsed.implied and parsed.cards["warlord"] < parsed.cards["university"] == 1.0
    assert parsed.groups == [{"university"}] and parsed.actor == "university"
    assert search(conn, "拆大學要付幾塊", top=1)[0].id == "warlord.university-dragon-gate-cost"


def test_the_rules_for_another_number_of_players_come_after(conn):
    ranked = [h.id for h in search(conn, "三人局每人拿兩個角色，蓋到幾座結束", top=10)]
    assert ranked.index("draft.three-players") < ranked.index("draft.two-players")
