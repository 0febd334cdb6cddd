"""The table's smaller faults seen at the game nights: what players type at a real table (full-width
punctuation, a name alone) and what the tracker answers, in each language where it applies."""

from __future__ import annotations

import pytest


# -- full-width punctuation and spaces -----------------------------------------------------------

@pytest.mark.parametrize("lang, players, opening, typed, recorded", [
    ("zh-Hans", "胖虎,小夫,静香,大雄", ["胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客"], "小夫：抽牌，保留 神庙",
     "小夫：抽牌 保留 神庙"),
    ("zh-Hans", "胖虎,小夫,静香,大雄", ["胖虎：面朝上 商人，建筑师", "小夫：翻开 刺客"], "小夫：抽牌、保留、神庙",
     "小夫：抽牌 保留 神庙"),
    ("zh-Hans", "胖虎,小夫,静香,大雄", ["胖虎：面朝上　商人　建筑师", "小夫：翻开　刺客"], "小夫：抽牌\u3000保留\u3000神庙",
     "小夫：抽牌 保留 神庙"),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", ["胖虎：面朝上 商人，建築師", "小夫：翻開 刺客"], "小夫：抽牌，保留 神殿",
     "小夫：抽牌 保留 神殿"),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", ["胖虎：面朝上 商人、建築師", "小夫：翻開 刺客"], "小夫：抽牌 保留，神殿",
     "小夫：抽牌 保留 神殿"),
])
def test_a_chinese_typists_punctuation_between_words_is_read(table, lang, players, opening, typed, recorded):
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    assert table("do", *opening).returncode == 0
    result = table("do", typed)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"✓ {recorded}"


# -- a name and a colon, nothing else ------------------------------------------------------------

@pytest.mark.parametrize("typed", ["胖虎：", "胖虎:", "胖虎"])
def test_a_name_alone_says_what_is_missing_and_that_players_moves(table, typed):
    assert table("new", "t", "--players", "胖虎,小夫,静香,大雄", "--lang", "zh-Hans").returncode == 0
    assert table("do", "胖虎：面朝上 商人、建筑师").returncode == 0
    result = table("do", typed)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"referee: 「{typed.strip()}」没有写动作：要写成「胖虎：动作」。胖虎 现在可以：翻开 刺客 · 拿金币 · "
                             "抽牌 · 刺杀 盗贼 · 刺杀 魔术师 · 刺杀 国王 · 刺杀 住持 · 刺杀 商人 · 刺杀 建筑师 · 刺杀 领主\n")


def test_a_name_alone_at_a_traditional_table(table):
    assert table("new", "t", "--players", "胖虎,小夫,靜香,大雄", "--lang", "zh-Hant").returncode == 0
    assert table("do", "胖虎：面朝上 商人、建築師", "小夫：翻開 刺客", "小夫：拿金幣").returncode == 0
    result = table("do", "小夫：")
    assert result.returncode == 2
    assert result.stderr.startswith("referee: 「小夫：」沒有寫動作：要寫成「小夫：動作」。小夫 現在可以：結束 · ")
    # a player who has nothing to do now is told so, and what the table waits for
    assert table("new", "u", "--players", "胖虎,小夫,靜香,大雄", "--lang", "zh-Hant", "--recorded-picks").returncode == 0
    assert table("do", "胖虎：面朝上 商人、建築師").returncode == 0
    result = table("do", "大雄：")
    assert result.returncode == 2
    assert result.stderr == "referee: 「大雄：」沒有寫動作，大雄 現在也沒有可以做的事。下一步：胖虎 選角色。\n"


def test_a_name_alone_in_english(table):
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--lang", "en").returncode == 0
    assert table("do", "Ann: faceup Merchant, Architect").returncode == 0
    result = table("do", "Ann:")
    assert result.returncode == 2
    assert result.stderr == ("referee: 'Ann:' names no move: type it after the colon (Ann: MOVE). Ann can now: "
                             "reveal Assassin · gold · draw · kill Thief · kill Magician · kill King · kill Bishop · "
                             "kill Merchant · kill Architect · kill Warlord\n")
    # a character's name alone: its player's moves once it is known
    assert table("do", "Bob: reveal Assassin").returncode == 0
    assert table("do", "assassin").stderr.startswith("referee: 'assassin' names no move: type it after the colon "
                                                     "(Bob: MOVE). Bob can now: gold · draw · ")
    # words that are not a name keep the notation's own answer
    assert table("do", "gold").stderr == "referee: a move is 'ACTOR: VERB ARGS', got 'gold'\n"


# -- the export carries the table's language ---------------------------------------------------------

@pytest.mark.parametrize("lang, faceup, speaks", [
    ("zh-Hans", "胖虎：面朝上 商人、建筑师", "下一步：从 胖虎 开始秘密选角；第一个行动即结束选角。"),
    ("zh-Hant", "胖虎：面朝上 商人、建築師", "下一步：從 胖虎 開始秘密選角；第一個行動即結束選角。"),
])
def test_an_export_speaks_the_language_the_first_move_decided(table, tmp_path, lang, faceup, speaks):
    # 胖虎, 小夫, 阿花, 老王 are written alike in both scripts: the table is undecided until its first move.
    assert table("new", "t", "--players", "胖虎,小夫,阿花,老王").returncode == 0
    import json

    assert json.loads(table("export", "--format", "json").stdout)["language"] is None      # undecided
    assert table("do", faceup).returncode == 0
    exported = table("export").stdout
    assert exported.splitlines()[0] == f'language = "{lang}"'
    assert json.loads(table("export", "--format", "json").stdout)["language"] == lang
    path = tmp_path / "t.toml"
    path.write_text(exported, encoding="utf-8")
    assert table("new", "again", "--from", str(path)).stdout.splitlines()[-1] == speaks
    assert table("show").stdout.splitlines()[-1] == speaks
    # and the situation file is read in it by `ask` too (a line of its report in that language)
    from tests.conftest import run_cli

    asked = run_cli("ask", str(path)).stdout
    assert ("金币" if lang == "zh-Hans" else "金幣") in asked


def test_an_english_table_of_chinese_names_exports_english(table, tmp_path):
    assert table("new", "t", "--players", "胖虎,小夫,阿花,老王", "--lang", "en").returncode == 0
    path = tmp_path / "t.toml"
    path.write_text(table("export").stdout, encoding="utf-8")
    assert table("new", "again", "--from", str(path)).stdout.splitlines()[0].startswith("Table again: 4 players")


def test_a_situation_files_language_must_be_one_spoken(tmp_path):
    from tests.conftest import run_cli

    path = tmp_path / "s.toml"
    path.write_text('language = "fr"\n\n[[players]]\nname = "Ann"\n\n[[players]]\nname = "Bob"\n', encoding="utf-8")
    result = run_cli("ask", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith("referee: language must be one of en")


# -- a team game's JSON names a winner only at the end ------------------------------------------

def test_a_team_game_mid_game_has_a_leading_team_not_a_winner(table, shown):
    import json

    from tests.table.test_table_cli import ROUND

    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid", "--teams", "Ann+Cid,Bob+Dan").returncode == 0
    tied = {"teams": [{"players": ["Ann", "Cid"], "score": 0}, {"players": ["Bob", "Dan"], "score": 0}],
            "leading_team": None, "winning_team": None,
            "team_tie": {"score": 0, "rule": None, "favours": [], "team": None}}
    assert shown()["teams"] == tied
    for moves in ROUND[:5]:
        assert table("do", *moves).returncode == 0, moves
    for standing in (shown()["teams"], json.loads(table("score", "--json").stdout)):
        assert standing["leading_team"] == ["Ann", "Cid"]
        assert standing["winning_team"] is None and standing["team_tie"] is None


def test_a_finished_team_game_keeps_its_winning_team(tables, rulebooks, table, shown):
    from tests.table.finished import record_finished

    record_finished(tables, "g", rulebooks["2016"], 4, seed=3, teams="P0+P2,P1+P3")
    standing = shown()["teams"]
    assert "leading_team" not in standing
    totals = [team["score"] for team in standing["teams"]]
    if totals[0] != totals[1]:
        assert standing["winning_team"] == standing["teams"][totals.index(max(totals))]["players"]
    else:
        assert standing["team_tie"]["rule"] is not None


# -- the log at a narrow terminal -----------------------------------------------------------------

@pytest.mark.parametrize("lang, players, moves, said", [
    ("en", "Ann,Bob,Cid,Dan", ["Ann: faceup Merchant, Architect", "Bob: reveal Assassin", "Bob: draw keep Temple"],
     ["Ann: faceup Merchant, Architect", "Bob: reveal Assassin", "Bob: draw keep Temple"]),
    ("zh-Hant", "阿美,小明,小華,大雄", ["阿美：面朝上 商人、建築師", "小明：翻開 刺客", "小明：抽牌 保留 神殿"],
     ["阿美：面朝上 商人、建築師", "小明：翻開 刺客", "小明：抽牌 保留 神殿"]),
    ("zh-Hans", "胖虎,小夫,静香,大雄", ["胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客", "小夫：抽牌 保留 神庙"],
     ["胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客", "小夫：抽牌 保留 神庙"]),
])
@pytest.mark.parametrize("columns", [40, 60])
def test_the_log_wraps_a_move_under_itself_at_a_narrow_terminal(table, monkeypatch, lang, players, moves, said, columns):
    import re

    from rich.cells import cell_len

    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    assert table("do", *moves).returncode == 0
    monkeypatch.setenv("COLUMNS", str(columns))
    lines = table("log").stdout.splitlines()
    assert all(cell_len(line) <= columns for line in lines)
    # Each move's lines: its numbered line, then the lines it wraps onto, each with the same
    # hanging indent — under the move where it has room beside the time (60), else under the time.
    entries: list[list[str]] = []
    for line in lines:
        if re.match(r"^ *\d+  ", line):
            entries.append([line])
        else:
            entries[-1].append(line)
    assert len(entries) == len(said)
    for entry, move in zip(entries, said):
        first = entry[0]
        time_ends = re.search(r"\d\d:\d\d:\d\d", first).end() + 2
        hang = cell_len(first[:time_ends]) if columns == 60 else 6
        assert all(line.startswith(" " * hang) and line[hang] != " " for line in entry[1:])
        shown = " ".join([first[time_ends:]] + [line.strip() for line in entry[1:]])
        assert " ".join(shown.split()) == move
    assert any(len(entry) > 1 for entry in entries)          # something did wrap


# -- a new user's half hour at the table (part 6) --------------------------------------------------

@pytest.mark.parametrize("lang, players, typed, hint", [
    ("zh-Hans", "胖虎,小夫,静香,大雄", "胖虎 拿金币", "；名字后面要加冒号：「胖虎：拿金币」"),
    ("zh-Hans", "胖虎,小夫,静香,大雄", "胖虎拿金币", "；名字后面要加冒号：「胖虎：拿金币」"),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", "胖虎 拿金幣", "；名字後面要加冒號：「胖虎：拿金幣」"),
    ("en", "Ann,Bob,Cid,Dan", "Bob reveal Assassin", " — a colon goes after the name: “Bob: reveal Assassin”"),
])
def test_a_move_without_the_colon_after_the_name_says_where_it_goes(table, lang, players, typed, hint):
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    result = table("do", typed)
    assert result.returncode == 2
    assert result.stderr.endswith(f"{hint}\n")
    other = table("do", "nobody reveal Assassin").stderr         # not a name: no colon offered
    assert other.endswith("nobody reveal Assassin'\n" if lang == "en" else "「nobody reveal Assassin」\n")


@pytest.mark.parametrize("lang, players, faceup, typed, said", [
    ("zh-Hans", "胖虎,小夫,静香,大雄", "胖虎：面朝上 商人、建筑师", "小夫：国王",
     "referee: 「小夫：国王」中没有「国王」这个动作；要亮出角色，请输入「小夫：翻开 国王」\n"),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", "胖虎：面朝上 商人、建築師", "小夫：國王",
     "referee: 「小夫：國王」中沒有「國王」這個動作；要亮出角色，請輸入「小夫：翻開 國王」\n"),
    ("en", "Ann,Bob,Cid,Dan", "Ann: faceup Merchant, Architect", "Bob: Assassin",
     "referee: unknown verb 'Assassin' in 'Bob: Assassin' — to show a character, type “Bob: reveal Assassin”\n"),
])
def test_a_character_typed_as_the_verb_says_how_to_show_it(table, lang, players, faceup, typed, said):
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    assert table("do", faceup).returncode == 0
    result = table("do", typed)
    assert result.returncode == 2 and result.stderr == said


@pytest.mark.parametrize("lang, players, moves, recorded", [
    ("zh-Hans", "胖虎,小夫,静香,大雄", ["胖虎：面朝上 商人、建筑师", "小夫：揭示 刺客", "小夫：拿金币", "小夫：结束回合"],
     ["小夫：翻开 刺客", "小夫：拿金币", "小夫：结束"]),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", ["胖虎：面朝上 商人、建築師", "小夫：亮牌 刺客", "小夫：拿金幣", "小夫：回合結束"],
     ["小夫：翻開 刺客", "小夫：拿金幣", "小夫：結束"]),
    ("en", "Ann,Bob,Cid,Dan", ["Ann: faceup Merchant, Architect", "Bob: reveal Assassin", "Bob: gold", "Bob: end turn"],
     ["Bob: reveal Assassin", "Bob: gold", "Bob: end"]),
])
def test_the_words_players_say_for_showing_and_ending(table, lang, players, moves, recorded):
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    result = table("do", *moves)
    assert result.returncode == 0, result.stderr
    assert [line[2:] for line in result.stdout.splitlines() if line.startswith("✓ ")][1:] == recorded


@pytest.mark.parametrize("lang, players, faceup", [
    ("zh-Hans", "胖虎,小夫,静香,大雄", "胖虎：面朝上 商人、建筑师"),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", "胖虎：面朝上 商人、建築師"),
])
def test_a_full_width_question_mark_is_an_unknown_card(table, lang, players, faceup):
    # 「建造 ？」 was 「找不到地区「？」」: it is the unknown card, refused as the rules refuse it (a
    # build is made face up: the card must be named), as 「建造 ?」 is.
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    assert table("do", faceup, "小夫：翻开 刺客", "小夫：拿金币").returncode == 0
    full, half = table("do", "小夫：建造 ？"), table("do", "小夫：建造 ?")
    assert full.returncode == half.returncode == 1
    assert full.stdout == half.stdout


@pytest.mark.parametrize("lang, players, typed, said", [
    ("zh-Hans", "胖虎,小夫,静香,大雄", "撤销",
     "referee: 「撤销」不是要记录的一步：要撤销上一步，请输入「referee table undo」（撤销最后 N 步：「referee table undo N」）\n"),
    ("zh-Hant", "胖虎,小夫,靜香,大雄", "小夫：撤銷",
     "referee: 「小夫：撤銷」不是要記錄的一步：要撤銷上一步，請輸入「referee table undo」（撤銷最後 N 步：「referee table undo N」）\n"),
    ("en", "Ann,Bob,Cid,Dan", "undo",
     "referee: 'undo' is not a move: to take back the last move, type “referee table undo” (or “referee table undo N” "
     "for the last N)\n"),
])
def test_an_undo_typed_as_a_move_says_the_command(table, lang, players, typed, said):
    assert table("new", "t", "--players", players, "--lang", lang).returncode == 0
    result = table("do", typed)
    assert result.returncode == 2 and result.stderr == said


def test_a_tables_name_typed_where_a_move_goes_says_the_option(table, shown):
    # `table do t2 "Ann: …"` named the table as `show t2` would: it says how to choose one, records nothing.
    assert table("new", "t1", "--players", "Ann,Bob,Cid,Dan", "--lang", "en").returncode == 0
    assert table("new", "t2", "--players", "胖虎,小夫,静香,大雄", "--lang", "zh-Hans").returncode == 0
    english = table("do", "t1", "Ann: faceup Merchant, Architect", "--lang", "en")
    assert english.returncode == 2 and english.stderr == (
        "referee: 't1' is a table, not a move: choose a table with --table t1 (without it, the current one)\n")
    chinese = table("do", "t2", "胖虎：面朝上 商人、建筑师")
    assert chinese.returncode == 2
    assert chinese.stderr == "referee: 「t2」是牌桌的名字，不是一步棋：用 --table t2 选牌桌（不写就是当前的牌桌）\n"
    assert shown("t1")["moves_recorded"] == shown("t2")["moves_recorded"] == 0
    # A word that names no table is still a move without its colon.
    assert "is a table" not in table("do", "t3", "--lang", "en").stderr


def test_chinese_kept_cards_written_with_a_space_between(table):
    # 「抽牌 保留 神庙 市场」 was 「找不到地区「神庙 市场」」: two cards, as a Chinese typist lists them.
    assert table("new", "t", "--players", "胖虎,小夫,静香,大雄", "--lang", "zh-Hans").returncode == 0
    assert table("do", "胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客").returncode == 0
    spaced, listed = table("do", "小夫：抽牌 保留 神庙 集市"), table("do", "小夫：抽牌 保留 神庙、集市")
    assert spaced.returncode == listed.returncode == 1 and spaced.stdout == listed.stdout
    assert "抽到的牌只能保留 1 张。" in spaced.stdout


def test_the_warlords_target_as_a_chinese_typist_writes_it(table):
    assert table("new", "t", "--players", "胖虎,小夫,静香,大雄", "--lang", "zh-Hans").returncode == 0
    opening = ["胖虎：面朝上 商人、建筑师", "小夫：翻开 刺客", "小夫：拿金币", "小夫：建造 神庙", "小夫：结束", "跳过", "跳过",
               "静香：翻开 国王", "静香：拿金币", "静香：结束",
               "胖虎：翻开 住持", "胖虎：拿金币", "胖虎：结束", "大雄：翻开 领主", "大雄：拿金币"]
    assert table("do", *opening).returncode == 0
    for typed in ("大雄：摧毁 小夫，神庙", "大雄：摧毁 小夫的神庙"):
        result = table("do", typed)
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines()[0] == "✓ 大雄：摧毁 小夫 神庙"
        assert table("undo").returncode == 0


def test_shows_facts_of_a_player_are_written_alike(table):
    # `Ann · gold 2 · hand 4 · city: - · Score 0`: the score was the one fact capitalised.
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--lang", "en").returncode == 0
    assert table("show").stdout.splitlines()[1] == "  Ann · gold 2 · hand 4 · city: - · score 0"


def test_a_call_passed_by_its_rank_in_full_width_digits(table):
    assert table("new", "t", "--players", "阿美,小明,小華,大雄", "--lang", "zh-Hant").returncode == 0
    assert table("do", "阿美：面朝上 商人，建築師", "小明：翻開 刺客", "小明：拿金幣", "小明：結束").returncode == 0
    result = table("do", "跳過 ２")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "✓ 跳過 盜賊"
