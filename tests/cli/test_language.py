"""Every line a player reads speaks the player's language: headings and punctuation of the
language, one name per card, refusals in Chinese for a player who asked in Chinese, the locale
when nothing else says, and no blanks at the ends of lines. Run in process (tests/cli/test_fuzz.py)."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import pytest

from tests.conftest import run_in_process

SITUATIONS = Path(__file__).resolve().parent.parent / "situations"


def run(*argv: str, stdin: str | bytes = "") -> tuple[int, str, str]:
    return run_in_process(*argv, stdin=stdin)


def said(*argv: str, stdin: str = "") -> str:
    code, out, err = run(*argv, stdin=stdin)
    assert (code, err) == (0, ""), (code, err)
    return out


def refusal(*argv: str, stdin: str = "") -> str:
    code, out, err = run(*argv, stdin=stdin)
    assert (code, out) == (2, ""), (code, out, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err.removeprefix("referee: ").rstrip("\n")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch, database):
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("COLUMNS", "80")


# -- faq: readings by a name a player reads, the language's punctuation ------------------------

def test_faq_readings_have_player_readable_headings():
    out = said("faq", "bell-tower.destroyed", "--lang", "zh-Hant")
    lines = out.splitlines()
    assert "各來源說法不同：" in lines
    assert "  • 讀法一（經典版的預設）：觸發前被拆：恢復8個。已有人蓋到7個之後才被拆：遊戲仍" in lines
    assert "    要採用這個讀法：--variant bell-tower-reverts · 出處：網頁版規則（含組隊規" in lines
    assert "trigger-stands" not in out and "reverts-any-time" not in out
    assert lines[4].startswith("版本：經典版 · 出處：網頁版規則（含組隊規則）（鐘塔、遊戲結束）；")
    assert ": " not in out.replace("--variant", "")


def test_faq_readings_in_english():
    out = said("faq", "bell-tower.destroyed", "--lang", "en")
    assert "  • Reading 1 (default in the classic edition): Destroyed before the" in out.splitlines()
    assert "    To play by this reading: --variant bell-tower-reverts · Sources: Web game" in out.splitlines()


def test_faq_list_shows_the_questions_without_their_ids():
    # An entry's id is for programs (--json) and for opening it: a player reads the question (issue 16).
    first = said("faq", "--list", "--lang", "zh-Hans").splitlines()[0]
    assert first == "刺客可以杀谁？要指定玩家还是角色？可以杀没有人选的角色或自己吗？（经典版、2016年"


@pytest.mark.parametrize("argv", [
    ["faq", "鐘樓"], ["faq", "--list", "--lang", "zh-Hant"], ["cards", "--rank", "5", "--lang", "zh-Hant"],
    ["rules", "casts", "--lang", "zh-Hant"], ["rules", "ties"], ["card", "Warlord"],
    ["faq", "what happens if the king is killed"],
])
def test_no_line_ends_in_a_blank(argv):
    out = said(*argv)
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


# -- the locale decides when nothing else does -------------------------------------------------------

@pytest.mark.parametrize("locale, first", [
    ("zh_TW.UTF-8", "平手（2016年版）"), ("zh_CN.UTF-8", "平手（2016年版）"),
    ("en_US.UTF-8", "Ties (2016)"),
])
def test_the_locale_decides_for_a_topic_name(monkeypatch, locale, first):
    monkeypatch.setenv("LANG", locale)
    assert said("rules", "ties").splitlines()[0] == first


@pytest.mark.parametrize("locale, card, listing, faq, question", [
    ("zh_TW.UTF-8", "領主  Warlord / 领主", "經典版     刺客     1", "問：鐘塔被拆掉會怎樣？", "刺客可以殺誰"),
    ("zh_CN.UTF-8", "领主  Warlord / 領主", "经典版     刺客     1", "问：钟塔被拆掉会怎样？", "刺客可以杀谁"),
    ("en_US.UTF-8", "Warlord", "classic edition   Assassin     1",
     "Q: What happens if the Bell Tower is destroyed?", "Whom can the Assassin"),
])
def test_the_locale_decides_for_digits_lists_and_ids(monkeypatch, locale, card, listing, faq, question):
    monkeypatch.setenv("LANG", locale)
    assert said("card", "8").splitlines()[0] == card
    assert said("cards", "--rank", "1").splitlines()[2] == listing
    assert said("faq", "bell-tower.destroyed").splitlines()[0] == faq
    assert said("faq", "--list").splitlines()[0].startswith(question)        # an id opens it; none is shown


# A refusal raised before a command knows its language: the command's own name, its options, a
# file's name and a number are not the player's words, so the locale decides, as the command would.
# Each command's early refusal, and the same line in each language (C: English).
EARLY = [
    (["card", "8", "-e", "1999"], "unknown edition '1999'; choose one of: 2016 (the new edition), classic (the old one)",
     "沒有「1999」這個版本；請選 2016（新版）或 classic（經典版）", "没有「1999」这个版本；请选 2016（新版）或 classic（经典版）"),
    (["cards", "--rank", "12"], "--rank must be between 1 and 9 (the characters' ranks), not 12",
     "--rank 是角色的順位，要在 1 到 9 之間，不是 12", "--rank 是角色的顺位，要在 1 到 9 之间，不是 12"),
    (["rules", "--players", "9"], "--players must be between 2 and 8, not 9",
     "--players 要在 2 到 8 之間，不是 9", "--players 要在 2 到 8 之间，不是 9"),
    (["faq", "--top", "3"], "give a question, an entry id, or --list",
     "請給一個問題、條目編號，或用 --list", "请给一个问题、条目编号，或用 --list"),
    (["ask", "missing.toml"], "cannot read missing.toml: No such file or directory",
     "無法讀取 missing.toml：沒有這個檔案", "无法读取 missing.toml：没有这个文件"),
    (["ask", "--template", "9"], "--template takes 2 to 8 players, not 9",
     "--template 要 2 到 8 位玩家，不是 9", "--template 要 2 到 8 位玩家，不是 9"),
    (["score", "missing.toml"], "cannot read missing.toml: No such file or directory",
     "無法讀取 missing.toml：沒有這個檔案", "无法读取 missing.toml：没有这个文件"),
    (["simulate", "-e", "1999"],
     "unknown edition '1999'; choose one of: 2016 (the new edition), classic (the old one), both (drawn per game)",
     "沒有「1999」這個版本；請選 2016（新版）、classic（經典版）或 both（每局抽一個版本）",
     "没有「1999」这个版本；请选 2016（新版）、classic（经典版）或 both（每局抽一个版本）"),
    (["simulate", "--games", "0"], "--games must be between 1 and 100000, not 0",
     "--games 要在 1 到 100000 之間，不是 0", "--games 要在 1 到 100000 之间，不是 0"),
    (["sources", "--lang", "xx"], "unknown language 'xx'; choose one of: en, zh-Hant, zh-Hans",
     "沒有「xx」這種語言；請選 en、zh-Hant、zh-Hans", "没有「xx」这种语言；请选 en、zh-Hant、zh-Hans"),
    (["sheet", "-o", "cast.doc"], "-o cast.doc: the sheet is written as .pdf or .html",
     "-o cast.doc：只能寫成 .pdf 或 .html", "-o cast.doc：只能写成 .pdf 或 .html"),
    (["build-db", "--fast"], "No such option: --fast", "沒有 --fast 這個選項", "没有 --fast 这个选项"),
    (["simulate", "-c", ""], "-c needs a value: an empty one is refused (leave the option out for its default)",
     "-c 需要一個值，不能留空（要用預設值就不寫這個選項）", "-c 需要一个值，不能留空（要用默认值就不写这个选项）"),
    (["crad", "8"], "no command 'crad'; did you mean card or cards?",
     "沒有「crad」這個指令；是不是 card 或 cards？", "没有「crad」这个指令；是不是 card 或 cards？"),
    (["table", "show", "-t", "nope"], "no table named 'nope' (there is no table yet: referee table new NAME --players \"Ann,Bob,Cid,Dan\")",
     "沒有名為「nope」的牌桌（還沒有牌桌：referee table new 名稱 --players \"Ann,Bob,Cid,Dan\"）",
     "没有名为「nope」的牌桌（还没有牌桌：referee table new 名称 --players \"Ann,Bob,Cid,Dan\"）"),
]


@pytest.mark.parametrize("argv, en, hant, hans", EARLY, ids=[" ".join(e[0]) for e in EARLY])
def test_an_early_refusal_speaks_the_locale_not_the_commands_name(tables, monkeypatch, argv, en, hant, hans):
    for locale, line in (("zh_TW.UTF-8", hant), ("zh_CN.UTF-8", hans), ("C.UTF-8", en), ("en_US.UTF-8", en)):
        monkeypatch.setenv("LANG", locale)
        assert refusal(*argv) == line, locale
    if "--lang" not in argv:
        monkeypatch.setenv("LANG", "zh_TW.UTF-8")
        assert refusal(*argv, "--lang", "en") == en


def test_the_players_own_words_still_speak_over_the_locale(monkeypatch):
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    # A query, a quick entry's names, teams: in Latin letters they are English, as the command answers.
    assert refusal("card", "Xyzzy").startswith("unknown card 'Xyzzy'; closest: ")
    assert refusal("score", "-p", "Ann: Temple") == "players: 1 player; a game has 2 to 8"
    assert refusal("score", "-p", "小明: 神殿", "--lang", "zh-Hans") == "players：1 位玩家；一局游戏要 2 到 8 位"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert refusal("score", "-p", "小明: 神殿") == "players：1 位玩家；一局遊戲要 2 到 8 位"
    assert refusal("simulate", "--teams=小明+小華,小強", "-g", "1").startswith("3 人不能組隊：")


# -- rules -----------------------------------------------------------------------------------------

def test_rules_for_another_player_count_say_which():
    assert refusal("rules", "team", "-p", "5") == "the rules on 'team' are for 4 or 6 players, not 5"
    assert refusal("rules", "組隊", "-p", "3") == "「組隊」的規則只適用於 4 或 6 人，不適用於 3 人"
    assert refusal("rules", "bell", "-p", "3") == "no rule on 'bell' in the 2016 edition; try --edition classic"


# -- one name per card ---------------------------------------------------------------------------

def test_the_keep_is_one_name_in_each_script(conn):
    """The Keep is 堡壘/堡垒 in every Chinese line but the entry that explains the name clash; 要塞
    is the Fortress."""
    import json as _json

    texts = [(row[0], t) for row in conn.execute(
        "SELECT id, q_zh_hant, a_zh_hant, q_zh_hans, a_zh_hans, readings FROM faq WHERE cards LIKE '%keep%'")
        if row[0] != "keep.which-card"
        for t in [*row[1:5], *(r["text"].get(l, "") for r in _json.loads(row[5] or "[]") for l in ("zh-Hant", "zh-Hans"))]]
    texts += [(row[0], t) for row in conn.execute("SELECT id, ability_zh_hant, ability_zh_hans FROM cards") for t in row[1:]]
    assert [(i, t) for i, t in texts if t and "要塞" in t] == []
    out = said("faq", "keep.rank-8", "--lang", "zh-Hant")
    assert out.startswith("問：軍閥可以拆堡壘嗎？堡壘防得了什麼？\n")
    keep = said("card", "要塞", "--lang", "zh-Hant").splitlines()
    assert keep[0] == "要塞  Fortress" and "在部分譯本中「要塞」指 堡壘（Keep） · 特殊 · 費用 3" in keep


def test_a_2016_game_calls_the_bishop_by_its_2016_name():
    situation = """edition = "2016"
[[players]]
name = "Ann"
characters = ["Bishop"]
city = ["Temple"]
[[players]]
name = "Bob"
characters = ["Warlord"]
gold = 5
[play]
moves = ["Ann: gold", "Bob: gold", "Bob: destroy Ann Temple"]
"""
    out = said("ask", "-", "--lang", "zh-Hant", stdin=situation)
    assert "    Ann是本輪存活的住持，8 號角色不能對其城市使用能力。" in out.splitlines()
    assert "主教" not in "".join(line.strip() for line in out.splitlines()).replace("主教（住持）", "")


def test_a_rank_lists_the_other_characters_of_the_rank():
    assert said("card", "8", "--lang", "zh-Hans").splitlines()[-2] == "同为 8 号的角色：外交官（Diplomat）、元帅（Marshal）"
    assert said("card", "8").splitlines()[-2] == "Also rank 8: Diplomat, Marshal"


# -- the table in the player's language ---------------------------------------------------------------

@pytest.fixture
def tables(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_TABLES", str(tmp_path / "tables.db"))


def test_an_unknown_actor_lists_the_players(tables):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")
    # Every player, the closest first (issue 16): Cid and Dan share Zed's "d".
    assert refusal("table", "do", "Zed: gold") == "unknown player 'Zed'; closest: Cid, Dan, Ann, Bob"
    assert refusal("table", "do", "小Z: gold") == "找不到玩家「小Z」；最接近的：Ann、Bob、Cid、Dan"


# Every kind of name is offered closest first, by the names the reader sees (letters and sound):
# cards, characters, districts, verbs and tables, as players are.

def test_a_mistyped_card_is_offered_its_closest_name_first(tables, tmp_path):
    said("table", "new", "t", "--players", "小明,小華,小強,小美,阿美")
    assert refusal("table", "do", "小明: pick 國王王").startswith("找不到角色「國王王」；最接近的：國王、")
    assert refusal("table", "do", "小明: pick 国王王", "--lang", "zh-Hans").startswith("找不到角色「国王王」；最接近的：国王、")
    assert refusal("table", "do", "小明: pick guowang").startswith("找不到角色「guowang」；最接近的：國王、")
    # English words at a Chinese table: the English names count too (Kign → King: 國王).
    assert refusal("table", "do", "小明: pick Kign").startswith("找不到角色「Kign」；最接近的：國王、")
    assert refusal("table", "do", "小明: pick Kign", "--lang", "en").startswith("unknown character 'Kign'; closest: King, ")
    # A district: three of them all, the closest first (the English names alone gave 莊園、城堡、宮殿).
    assert refusal("table", "do", "小明：建 神店") == "找不到地區「神店」；最接近的：神殿、城牆、宮殿"
    assert refusal("table", "do", "小明：建 神店", "--lang", "zh-Hans") == "找不到地区「神店」；最接近的：神庙、城墙、宫殿"
    assert refusal("table", "do", "小明: build Templ").startswith("找不到地區「Templ」；最接近的：神殿、")
    # A situation file's characters, as `ask` reads them.
    text = _two_hold("國王王", None).replace("小華", "小強")
    assert refusal("ask", "-", stdin=text).startswith("players[0].characters[0]：找不到角色「國王王」；最接近的：國王、")


def test_a_mistyped_card_is_offered_by_its_aliases_under_the_name_the_reader_sees(tables):
    """君閥王 is nothing like the 2016 Warlord's name 領主, but 軍閥, one of his aliases, sounds
    like it: he is offered first, by the name the reader sees (was 國王、皇后、行政官、女巫、間諜)."""
    assert refusal("card", "君閥王").startswith("找不到卡牌「君閥王」；最接近的：領主、")
    assert refusal("card", "君阀王").startswith("找不到卡牌「君阀王」；最接近的：领主、")
    assert refusal("card", "君閥王", "--lang", "en").startswith("unknown card '君閥王'; closest: Warlord, ")
    assert refusal("card", "君閥", "-e", "classic").startswith("找不到卡牌「君閥」；最接近的：軍閥、")
    # A move's character, and a situation file's cast, the same way.
    said("table", "new", "t", "--players", "小明,小華,小強,小美,阿美")
    assert refusal("table", "do", "小明: pick 君閥").startswith("找不到角色「君閥」；最接近的：領主、")
    text = _two_hold("君閥王", None).replace("小華", "小強")
    assert refusal("ask", "-", stdin=text).startswith("players[0].characters[0]：找不到角色「君閥王」；最接近的：領主、")


def test_a_mistyped_verb_is_offered_the_closest_verbs_in_the_readers_script(tables, tmp_path):
    said("table", "new", "t", "--players", "小明,小華,小強,小美,阿美")
    assert refusal("table", "do", "小明：抽排") == "「小明：抽排」中沒有「抽排」這個動作；是不是 抽牌 或 重抽？"
    # Only this game's verbs: not the Abbot's 討金幣 nor the Tax Collector's 拿稅金, not in its cast.
    assert refusal("table", "do", "小明：拿金必") == "「小明：拿金必」中沒有「拿金必」這個動作；是不是 拿金幣？"
    assert refusal("table", "do", "小明：拿金必", "--lang", "zh-Hans") == \
        "「小明：拿金必」中没有「拿金必」这个动作；是不是 拿金币？"
    # A situation file's moves: the same verbs (they were 弃牌重抽、棄牌重抽, one word twice, and
    # in a Traditional line the Simplified one), the typed words in the reader's script.
    moves = '[[players]]\nname = "小明"\ncharacters = ["刺客"]\n[[players]]\nname = "小華"\n[play]\nmoves = ["刺客：{}"]\n'
    assert refusal("ask", "-", stdin=moves.format("抽排")) == "「刺客：抽排」中沒有「抽排」這個動作；是不是 抽牌、重抽？"
    assert refusal("ask", "-", "--lang", "zh-Hans", stdin=moves.format("暗殺 住持")) == \
        "「刺客：暗杀 住持」中没有「暗杀」这个动作；是不是 杀？"


def test_a_name_left_out_is_said_missing_not_unknown(tables):
    said("table", "new", "t", "--players", "老王,小李,小张,阿红,小刘")
    # `table do 小刘：建造 神店` unquoted: two moves, the first with no district (was 找不到地区「」).
    assert refusal("table", "do", "小刘：建造", "神店") == "没有写地区"
    assert refusal("table", "do", "小刘：建造", "--lang", "en") == "no district given"
    assert refusal("table", "do", "小李：刺杀") == "没有写角色；可以是：刺客、盗贼、魔术师、国王、住持、商人、建筑师、领主"    # in calling order (was by the English names)
    assert refusal("table", "do", "：结束") == "没有写玩家；可以是：老王、小李、小张、阿红、小刘"
    assert refusal("card", " ") == "no card given"


def test_a_table_name_in_shared_characters_is_refused_in_the_current_tables_script(tables):
    said("table", "new", "周六", "--players", "老王,小张")          # 张: a Simplified table
    assert refusal("table", "use", "周日") == "没有名为「周日」的牌桌；现有的牌桌：周六"
    assert refusal("table", "show", "-t", "周6") == "没有名为「周6」的牌桌；现有的牌桌：周六"
    assert refusal("table", "use", "周日", "--lang", "zh-Hant") == "沒有名為「周日」的牌桌；現有的牌桌：周六"


def test_a_mistyped_table_is_offered_the_closest_tables_first(tables):
    for name in ("friday", "週五", "saturday"):
        said("table", "new", name, "--players", "Ann,Bob")
    assert refusal("table", "use", "周午", "--lang", "zh-Hant") == "沒有名為「周午」的牌桌；現有的牌桌：週五、friday、saturday"
    assert refusal("table", "use", "fridy", "--lang", "en") == "no table named 'fridy'; tables: friday, saturday, 週五"


@pytest.mark.parametrize("argv, line", [
    (["table", "use", "nope", "--lang", "zh-Hant"], "沒有名為「nope」的牌桌；現有的牌桌：t"),
    (["table", "new", "t", "--players", "Ann,Bob", "--lang", "zh-Hans"], "已经有名为「t」的牌桌（referee table delete t）"),
    (["table", "new", "u", "--players", "Ann", "--lang", "zh-Hant"], '--players：1 位玩家；一局要 2 到 8 人（"Ann,Bob,Cid,Dan"）'),
    (["table", "new", "u", "--players", "Ann,ann", "--lang", "zh-Hant"], "--players：有兩位玩家同名"),
    (["table", "new", "u", "--players", "Ann,Bob", "--variant", "tie-shraed", "--lang", "zh-Hant"],
     "沒有「tie-shraed」這個變體；最接近的：tie-shared、tie-district-value、tie-highest-rank"),
    (["table", "undo", "9", "--lang", "zh-Hant"], "沒有可撤銷的：這張牌桌還沒有記錄任何一步"),
    (["table", "undo", "0", "--lang", "zh-Hant"], "undo 要撤銷的步數至少是 1"),
    (["table", "score", "--hand", "Ann Temple", "--lang", "zh-Hant"], '--hand「Ann Temple」：請寫成 "小明：避難所，神殿"'),
    (["table", "score", "--hand", "Ann: Temple", "--lang", "zh-Hant"], "--hand「Ann: Temple」：Ann 手上有 4 張牌，不是 1 張"),
    (["table", "new", "u", "--players", "甲,乙,丙,丁,戊", "--characters", "狡猾特務"],
     "--characters：「狡猾特務」不是2016年版的建議角色組合（組合有：第一局、野心貴族、狡猾密探、顯赫使節、詭詐權貴、堅毅代表、兇狠權臣）；或列出角色"),
])
def test_table_refusals_speak_chinese(tables, argv, line):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")
    assert refusal(*argv) == line


def test_no_current_table_in_chinese(tables):
    assert refusal("table", "show", "--lang", "zh-Hant") == \
        '沒有目前的牌桌：referee table new 名稱 --players "Ann,Bob,Cid,Dan"，或用 --table 名稱'


def test_table_show_uses_the_languages_punctuation(tables):
    said("table", "new", "t", "--players", "小明,小華,阿Cid,Dan")
    lines = said("table", "show").splitlines()
    assert lines[1] == "  小明 · 金幣 2 · 手牌 4 · 城市：- · 分數 0"
    assert "".join(lines[-2:]) == "下一步：小明 記錄面朝上棄掉的角色（小明：面朝上 〈角色〉、〈角色〉），然後開始行動。"   # 80 columns
    assert said("table", "list", "--lang", "zh-Hant").splitlines() == ["* t  2016年版 · 小明、小華、阿Cid、Dan · 0 步"]


@pytest.mark.parametrize("players, move, why", [
    ("Ann,Bob,Cid,Dan", "Ann: faceup Thief, Thief", "盜賊寫了兩次：要寫 2 個不同的角色。"),
    ("Ann,Bob,Cid,Dan", "Bob: faceup Thief, Bishop", "面朝上棄掉的角色由持有皇冠的Ann記錄。"),
    ("Ann,Bob,Cid,Dan", "Ann: faceup Thief, Queen", "皇后不在本局的角色中。"),
    ("Ann,Bob,Cid,Dan", "Ann: faceup Thief", "4 人遊戲要正好面朝上棄 2 張角色，不是 1 張。"),
    ("Ann,Bob,Cid,Dan,Eve,Fay", "Ann: faceup Thief", "6 人遊戲不面朝上棄角色：直接開始選角。"),
])
def test_faceup_refusals_say_what_is_wrong(tables, players, move, why):
    said("table", "new", "t", "--players", players)
    code, out, _ = run("table", "do", move, "--lang", "zh-Hant")
    assert code == 1 and out.splitlines()[1] == "    " + why


def test_faceup_twice_and_picks_out_of_order(tables):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan", "--recorded-picks")
    said("table", "do", "Ann: faceup Thief, Bishop")
    for move, why in [("Ann: faceup Thief, Magician", "The face-up discards are already recorded (Thief, Bishop); the picks"),
                      ("Bob: pick King", "It is Ann's pick."),
                      ("Ann: discard King", "Ann now picks a character (pick), not discards one.")]:
        code, out, _ = run("table", "do", move)
        assert code == 1 and out.splitlines()[1].startswith("    " + why)


def test_the_seer_owes_cards_back(tables, tmp_path):
    start = tmp_path / "seer.toml"
    start.write_text("""edition = "2016"
[table]
characters = ["Assassin", "Thief", "Seer", "King", "Bishop", "Merchant", "Architect", "Warlord", "Artist"]
[[players]]
name = "Ann"
characters = ["Seer"]
hand = ["Temple"]
[[players]]
name = "Bob"
characters = ["Warlord"]
hand = ["Palace", "Castle"]
[[players]]
name = "Cid"
characters = ["King"]
hand = ["Manor"]
""", encoding="utf-8")
    said("table", "new", "s", "--from", str(start))
    out = said("table", "do", "Ann: gold", "Ann: seer Bob Palace, Cid Manor")
    assert out.splitlines()[-1] == "Next: Ann (Seer) gives a card back to each of: Bob, Cid (Ann: give PLAYER CARD)."
    code, out, _ = run("table", "do", "Ann: end", "--lang", "zh-Hant")
    assert code == 1 and out.splitlines()[1] == "    Ann必須先還給每位被拿牌的玩家一張牌：Bob、Cid（給牌 玩家 卡牌）。"
    assert said("table", "do", "Ann: give Bob Palace").splitlines()[-1] == \
        "Next: Ann (Seer) gives a card back to each of: Cid (Ann: give PLAYER CARD)."


@pytest.mark.parametrize("preset", ["Cunning Agents", "狡猾密探", "cunning agents", "cunning-agents"])
def test_a_table_takes_a_preset_cast_by_name(tables, preset):
    said("table", "new", "t", "--players", "A,B,C,D,E", "--characters", preset)
    cast = 'characters = ["Witch", "Blackmailer", "Magician", "Emperor", "Abbot", "Alchemist", "Architect", "Warlord"]'
    assert cast in said("table", "export").splitlines()


def test_delete_asks_first(tables, monkeypatch):
    said("table", "new", "t", "--players", "Ann,Bob")
    assert refusal("table", "delete", "t", "--lang", "zh-Hant") == \
        "要刪除牌桌「t」和它記錄的 0 步嗎？未刪除任何東西：加上 --yes 即可直接刪除"
    assert said("table", "list", "--json") != "[]\n"
    assert refusal("table", "delete", "nope") == "no table named 'nope'; tables: t"
    assert said("table", "delete", "t", "--yes") == "Table t deleted.\n"
    assert said("table", "list", "--json") == "[]\n"


def test_the_artists_coins_are_a_gold_event():
    situation = """edition = "2016"
[table]
characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Artist"]
[[players]]
name = "Ann"
characters = ["Artist"]
gold = 3
city = ["Temple", "Castle"]
[[players]]
name = "Bob"
characters = ["Warlord", "King"]
[[players]]
name = "Cid"
characters = ["Thief"]
[play]
moves = ["Ann: gold", "Ann: beautify Temple, Castle"]
"""
    import json as _json

    report = _json.loads(said("ask", "-", "--json", stdin=situation))
    assert report["steps"][1]["events"][0] == {"event": "gold", "player": "Ann", "amount": -2, "reason": "beautify"}
    out = said("ask", "-", "--lang", "zh-Hant", stdin=situation).splitlines()
    assert out[out.index("✓ 藝術家：美化 神殿、城堡  （Ann）") + 1] == "    Ann -2 金幣（放到美化的地區上）"


# -- refusals in the player's language -------------------------------------------------------------

@pytest.mark.parametrize("argv, line", [
    (["cards", "--rank", "x", "--lang", "zh-Hant"], "--rank 的值「x」不是整數"),
    (["cards", "--rnak", "3", "--lang", "zh-Hans"], "没有 --rnak 这个选项（可用的选项：--rank）"),
    (["card", "軍閥", "--foo"], "沒有 --foo 這個選項"),
    (["card", "軍閥", "--lang"], "選項 --lang 後面要有值"),
    (["card", "軍閥", "多出", "主教"], "多出的參數：多出 主教"),
    (["table", "dox", "--lang", "zh-Hant"], "沒有「dox」這個指令；是不是 do？"),
    (["simulate", "--games", "x", "--lang", "zh-Hant"], "--games / -g 的值「x」不是整數"),
    (["faq", "軍閥", "--top", "0"], "--top 至少要是 1，不是 0"),
    (["faq", "軍閥", "--lang", "xx"], "沒有「xx」這種語言；請選 en、zh-Hant、zh-Hans"),
    (["faq", "ab.cd", "--lang", "zh-Hant"], "沒有編號為「ab.cd」的 FAQ 條目或規則；請改用文字搜尋，或看 referee faq --list"),
    (["simulate", "-p", "9", "--lang", "zh-Hans"], "--players 要在 2 到 8 之间，不是 9"),
    (["ask", "/nonexistent/s.toml", "--lang", "zh-Hant"], "無法讀取 /nonexistent/s.toml：沒有這個檔案"),
    (["score", "-p", "小明：神殿；皇冠 是", "-p", "小華：城堡"], "--player '小明：神殿；皇冠 是'：皇冠後面不用寫東西，卻寫了「是」"),
    (["score", "-p", "小明：神殿，神殿", "-p", "小華：城堡"], "--player '小明：神殿，神殿'：神殿 出現兩次，沒有能力允許重複"),
    (["score", "-p", "小明：神殿；角色 國王", "-p", "小華：城堡；角色 國王", "--lang", "zh-Hans"], "players：国王 同时在 2 位玩家手上"),
    (["score", "-p", "小明：神殿；手牌 200", "-p", "小華：城堡"], "--player '小明：神殿；手牌 200'：200 張牌，但2016年版牌堆只有 68 張地區牌"),
    (["score", "--bell-tower", "-p", "小明：神殿", "-p", "小華：城堡"], "--bell-tower：鐘塔是經典版（黑暗城市）的卡；請加上 -e classic"),
    (["score", "--bell-tower", "-p", "Ann: Temple", "-p", "Bob: Docks"],
     "--bell-tower: the Bell Tower is a card of the classic edition (The Dark City); add -e classic"),
    (["score", "-e", "classic", "--bell-tower", "-p", "小明：神殿", "-p", "小華：城堡"], "--bell-tower：要有城市裡有鐘塔才行（經典版）"),
])
def test_refusals_in_chinese(argv, line):
    assert refusal(*argv) == line


@pytest.mark.parametrize("move, line", [
    ("Ann: glod", "「Ann: glod」中沒有「glod」這個動作；是不是 gold？"),
    ("Ann gold", "一步要寫成「行動者：動作 對象」，不是「Ann gold」；名字後面要加冒號：「Ann: gold」"),
    ("Eve gold", "一步要寫成「行動者：動作 對象」，不是「Eve gold」"),
    ("Ann: gold 多", "多出的字「多」"),
])
def test_move_refusals_in_chinese(tables, move, line):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")
    assert refusal("table", "do", move, "--lang", "zh-Hant") == line


def test_casts_and_simulations_in_chinese_punctuation():
    out = said("rules", "casts", "--lang", "zh-Hant").splitlines()
    first = out.index("第一局")
    assert out[first + 2] == "  角色：刺客、盜賊、魔術師、國王、住持、商人、建築師、領主"
    assert out[first + 3] == "  獨特地區：龍門、工廠、鬼城、藏寶庫、堡壘、實驗室、圖書館、地圖室、採石場、魔法"
    sim = said("simulate", "--games", "2", "--players", "2-8", "--lang", "zh-Hant").splitlines()
    assert sim[1] == "牌桌：2016年版 6 人 1、2016年版 8 人 1"      # the tables game 1 and 2 of seed 0 draw
    assert sim[2].startswith("出場角色：") and ", " not in "".join(sim)


def test_a_count_stays_beside_its_chinese_word(monkeypatch):
    from rich.console import Console

    from referee.cli.output import paragraph

    stream = io.StringIO()
    paragraph(Console(file=stream, width=12, highlight=False), "出場角色：外交官 1、皇后 1", "zh-Hant")
    lines = stream.getvalue().splitlines()
    assert "".join(lines) == "出場角色：外交官 1、皇后 1" and not any(line[:1].isdigit() for line in lines)


def test_a_template_in_chinese_reads_back(tmp_path):
    text = said("ask", "--template", "3", "--lang", "zh-Hant")
    assert 'characters = ["刺客", "盜賊", "魔術師", "國王", "住持", "商人", "建築師", "領主", "稅務官"]' in text.splitlines()
    assert 'question = "…的時候會怎樣？"' in text.splitlines()
    out = said("ask", "-", stdin=text).splitlines()
    assert out[0] == "…的時候會怎樣？" and "小明 刺客、盜賊 · 金幣 4 · 手牌 4 · 城市：- · 分數 0" in out
    assert said("ask", "--template", "4").splitlines()[1] == 'question = "What happens when …?"'


def test_no_line_ends_with_an_opening_bracket():
    out = said("faq", "開局幾張牌", "-n", "3")
    assert [line for line in out.splitlines() if line.endswith(("（", "「"))] == []


def test_a_table_of_latin_names_follows_the_locale(tables, monkeypatch):
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan").startswith("牌桌 t：4 位玩家，2016年版，皇冠在 Ann。")
    assert said("table", "do", "Ann: faceup Thief, Bishop").splitlines()[1] == "    面朝上棄掉：盜賊、住持"
    assert said("table", "show").splitlines()[0] == "t · 第 1 輪 · 選角階段 · 皇冠 Ann"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert said("table", "show").splitlines()[0] == "t · Round 1 · selection · crown Ann"


@pytest.mark.parametrize("locale", ["zh_CN.UTF-8", "en_US.UTF-8"])
def test_every_rule_follows_the_locale(monkeypatch, locale):
    monkeypatch.setenv("LANG", locale)
    assert said("rules").splitlines()[0] == said("rules", "--lang", "zh-Hans" if locale.startswith("zh") else "en").splitlines()[0]


def test_an_unknown_command_in_chinese():
    assert refusal("卡牌", "軍閥") == "沒有「卡牌」這個指令；指令有：card、cards、rules、faq、ask、score、simulate、sources、sheet、build-db、table"
    assert refusal("crad", "軍閥") == "沒有「crad」這個指令；是不是 card 或 cards？"
    assert refusal("crad", "8") == "no command 'crad'; did you mean card or cards?"


def test_an_empty_move_in_chinese(tables):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")
    assert refusal("table", "do", " ", "--lang", "zh-Hant") == "空白的一步：請寫成「行動者：動作 對象」"


def test_moves_are_shown_in_the_players_language():
    out = said("ask", str(SITUATIONS / "01-thief-robs-merchant.toml"), "--lang", "zh-Hant").splitlines()
    assert out[3:6] == ["✓ 盜賊：偷 商人  （Ann）", "    商人 被偷", "✓ 盜賊：拿金幣  （Ann）"]
    english = said("ask", str(SITUATIONS / "01-thief-robs-merchant.toml"), "--lang", "en").splitlines()
    assert english[3] == "✓ Thief: rob Merchant  (Ann)"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_ruling_move_in_chinese_reads_back(rulebooks, lang):
    """The FAQ rulings' situations (tests/rulings): each move said in Chinese parses back to the
    move itself (else the canonical form would be shown), and none needs the fallback."""
    import glob
    import tomllib

    from referee.cli.ask_cmd import rule_on_moves
    from referee.errors import RefereeError
    from referee.situation import edition_of, load, read_text

    steps = []
    for path in sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "rulings" / "*.toml"))):
        with open(path, "rb") as handle:
            checks = tomllib.load(handle).get("check", [])
        for check in checks:
            if not isinstance(check.get("situation"), str):
                continue
            data = read_text(check["situation"])
            try:
                steps += rule_on_moves(load(data, rulebooks[edition_of(data)]), lang)["steps"]
            except RefereeError:
                continue
    assert len(steps) > 1000
    assert [s["move"] for s in steps if s["said"] == s["move"]] == []


def test_table_moves_are_shown_in_the_players_language(tables):
    said("table", "new", "t", "--players", "小明,小華,阿強,大衛", "--crown", "阿強")
    out = said("table", "do", "阿強: faceup Merchant, Architect", "大衛: kill Bishop").splitlines()
    assert out[0] == "✓ 阿強：面朝上 商人、建築師" and out[2] == "✓ 大衛：刺殺 住持"
    log = said("table", "log", "--json")
    assert '"move": "Dave: kill Bishop"' not in log and '"move": "大衛: kill Bishop"' in log


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("answer, kept", [("n\n", True), ("是\n", False), ("y\n", False), ("\n", True)])
def test_delete_asks_on_a_terminal(tables, monkeypatch, answer, kept):
    said("table", "new", "t", "--players", "小明,小華")
    from referee.cli.app import run as run_command

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", _Terminal(answer))
    with contextlib.redirect_stdout(out):
        assert run_command(["table", "delete", "t"]) == 0
    question = "要刪除牌桌 t 和它記錄的 0 步嗎？[y/N] "
    assert out.getvalue() == question + ("牌桌 t 保留未刪。\n" if kept else "已刪除牌桌 t。\n")
    assert (said("table", "list", "--json") != "[]\n") == kept


TWO_PLAYERS = '[[players]]\nname = "A"\ncharacters = ["Thief"]\n[[players]]\nname = "B"\ncharacters = ["King"]\n'


@pytest.mark.parametrize("text, line", [
    ('edition = "2017"\n', "edition：沒有「2017」這個版本；請選 2016 或 classic"),
    ("foo = 1\n", "不認得「foo」這個鍵；這裡可用：edition、language、play、players、question、table、variants"),
    ('[table]\nphase = "x"\n' + TWO_PLAYERS, "table.phase：「x」不是 turns 或 selection"),
    (TWO_PLAYERS + '[play]\nhistory = ["B: rob King"]\n', "play.history：「B: rob King」在這裡不合法：國王沒有這個能力（盜賊才有）。"),
    (TWO_PLAYERS + '[play]\nhistory = ["A: glod"]\n', "play.history：「A: glod」中沒有「glod」這個動作；是不是 gold、take-gold？"),
    ('variants = ["tie-shared", "tie-shared"]\n' + TWO_PLAYERS, "variants：有變體列了兩次"),
    (TWO_PLAYERS.replace('"A"', "3"), "players[0].name：應該是文字，不是 3"),
])
def test_situation_refusals_in_chinese(text, line):
    assert refusal("ask", "-", "--lang", "zh-Hant", stdin=text) == line


def test_the_legal_moves_in_the_players_language(tables):
    said("table", "new", "t", "--players", "小明,小華,阿強,大衛", "--crown", "阿強")
    said("table", "do", "阿強: faceup Merchant, Architect", "大衛: kill Bishop", "大衛: gold")
    # The acting character's moves under its player, as `do` says them back (大衛：拿金幣).
    assert said("table", "moves").splitlines()[0].startswith("大衛：結束 · 建造 軍械庫 · ")
    assert said("table", "moves", "--lang", "en").splitlines()[0].startswith("大衛: end · build Armory · ")
    assert '"Assassin: end"' in said("table", "moves", "--json")


def test_a_table_refusal_follows_the_locale_like_its_lines(tables, monkeypatch):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert refusal("table", "do", "Ann: glod") == "「Ann: glod」中沒有「glod」這個動作；是不是 gold？"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert refusal("table", "do", "Ann: glod") == "unknown verb 'glod' in 'Ann: glod' (did you mean 'gold'?)"


# -- a cast the rules refuse, in the player's language ----------------------------------------------


@pytest.mark.parametrize("argv, line", [
    (["table", "new", "c", "--players", "小明,小華", "--characters", "刺客,盜賊"],
     "--characters：每個順位都要有一個角色：缺少 3、4、5、6、7、8 號"),
    (["table", "new", "c", "--players", "小明,小華,小張", "--characters",
      "刺客,盜賊,魔術師,國王,主教,商人,建築師,軍閥,皇后"], "--characters：皇后至少要 5 人才能用，不是 3 人"),
    (["simulate", "-g", "1", "-p", "4", "--characters", "刺客,盗贼,魔术师,国王,主教,商人,建筑师,军阀,刺客"],
     "--characters：刺客列了两次"),
    (["simulate", "-g", "1", "-p", "2", "--characters", "assassin,thief"],
     "--characters: one character per rank: no rank 3, 4, 5, 6, 7, 8 character"),
])
def test_a_refused_cast_speaks_the_players_language(tables, argv, line):
    assert refusal(*argv) == line


def test_a_situation_check_speaks_chinese(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('[[players]]\nname = "小明"\ncity = [{ name = "神殿", stored = 2 }]\n'
                    '[[players]]\nname = "小華"\n', encoding="utf-8")
    assert refusal("score", str(path), "--lang", "zh-Hant") == "players[0].city[0].stored：只有博物館能存放卡牌"


# -- an edition by the name players call it, never by its id ------------------------------------

def _hands(count: int) -> str:
    return "[" + ", ".join(['"?"'] * count) + "]"


@pytest.mark.parametrize("text, lang, line", [
    ('edition = "classic"\n[[players]]\nname = "A"\ncity = ["Temple", "Temple"]\nhand = ["Temple", "Temple"]\n'
     '[[players]]\nname = "B"\n', "zh-Hant", "神殿：場上有 4 張，但經典版只有 3 張"),
    ('edition = "classic"\n[[players]]\nname = "A"\ncity = ["Temple", "Temple"]\nhand = ["Temple", "Temple"]\n'
     '[[players]]\nname = "B"\n', "zh-Hans", "神庙：场上有 4 张，但经典版只有 3 张"),
    (f'edition = "classic"\n[[players]]\nname = "A"\nhand = {_hands(45)}\n[[players]]\nname = "B"\nhand = {_hands(45)}\n',
     "zh-Hant", "players：手牌、城市、博物館下與牌堆頂共有 90 張地區牌，但經典版牌堆只有 80 張"),
    (f'edition = "classic"\n[[players]]\nname = "A"\nhand = {_hands(90)}\n[[players]]\nname = "B"\n',
     "zh-Hant", "players[0].hand：90 張牌，但經典版牌堆只有 80 張地區牌"),
    (f'[[players]]\nname = "A"\ncity = {_hands(90)}\n[[players]]\nname = "B"\n',
     "zh-Hans", "players[0].city：90 座地区，但2016年版牌堆只有 68 张地区牌"),
    ('edition = "classic"\n[table]\nfirst_complete = "A"\n[[players]]\nname = "A"\ncity = ["Temple"]\n'
     '[[players]]\nname = "B"\n', "zh-Hant", "table.first_complete：A 的城市只有 1 座建築，但要 8 座才算完成（經典版，2 位玩家）"),
])
def test_situation_checks_name_the_edition(text, lang, line):
    assert refusal("ask", "-", "--lang", lang, stdin=text) == line


def test_lookups_and_scores_name_the_edition(tmp_path):
    assert refusal("rules", "鐘塔") == "2016年版沒有關於「鐘塔」的規則；請試 --edition classic"
    assert refusal("rules", "钟塔", "--lang", "zh-Hans") == "2016年版没有关于「钟塔」的规则；请试 --edition classic"
    path = tmp_path / "s.toml"
    path.write_text('edition = "classic"\n[[players]]\nname = "小明"\n[[players]]\nname = "小華"\n', encoding="utf-8")
    assert refusal("score", str(path), "-e", "2016", "--lang", "zh-Hant") == "--edition 2016：檔案寫的是經典版"


def test_the_simulation_progress_names_the_editions():
    from referee.cli.simulate_cmd import _progress_title

    assert _progress_title("both", ["2016", "classic"], "2-8", "zh-Hant") == "2016年版、經典版 · 2-8 人"
    assert _progress_title("classic", ["classic"], "5", "zh-Hans") == "经典版 · 5 人"
    assert _progress_title("both", ["2016", "classic"], "2-8", "en") == "both · 2-8 players"


def test_no_chinese_line_puts_an_edition_id_before_版():
    # `{edition} 版` printed `classic 版`, `2016 版`: the edition's name is referee.text.edition_name.
    import re

    package = Path(__file__).resolve().parents[2] / "referee"
    found = [f"{path.relative_to(package)}: {match.group(0)}"
             for path in package.rglob("*.py") if "search" not in path.relative_to(package).parts
             for match in re.finditer(r"\{[^{}]*edition[^{}]*\}\s*版", path.read_text(encoding="utf-8"))]
    assert found == []


# -- a situation file speaks the language it is written in ----------------------------------------

TRADITIONAL_GAME = """\
# 小明先偷商人
[[players]]
name = "小明"
characters = ["盜賊"]
gold = 1

[[players]]
name = "小華"
characters = ["商人"]
gold = 3

[play]
moves = ["小明: 偷 商人", "小明: 拿金幣"]
"""

FINAL_POSITION = """\
[table]
first_complete = "小明"

[[players]]
name = "小明"
characters = ["軍閥"]
city = ["神殿", "瞭望塔", "莊園", "酒館", "市場", "港口", "龍門", "城堡"]

[[players]]
name = "小華"
characters = ["國王"]
gold = 3
city = ["城堡", "宮殿"]
"""


@pytest.fixture(params=[{"LANG": "C.UTF-8"}, {"LC_ALL": "C"}, {"LANG": "en_US.UTF-8"}], ids=["C.UTF-8", "LC_ALL=C", "en_US"])
def english(request, monkeypatch):
    for name, value in request.param.items():
        monkeypatch.setenv(name, value)


def _file(tmp_path, text: str) -> str:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_chinese_file_is_answered_in_chinese(english, tmp_path):
    assert said("ask", _file(tmp_path, TRADITIONAL_GAME)).splitlines() == [
        "第一步之前：",
        "    小明 亮出 盜賊",
        "✓ 盜賊：偷 商人  （小明）",
        "    商人 被偷",
        "✓ 盜賊：拿金幣  （小明）",
        "    小明 +2 金幣（拿資源）",
        "",
        "皇冠：小明 · 第 1 輪",
        "小明 盜賊 · 金幣 3 · 手牌 0 · 城市：- · 分數 0",
        "小華 商人 · 金幣 3 · 手牌 0 · 城市：- · 分數 0",
    ]
    assert said("score", _file(tmp_path, FINAL_POSITION)).splitlines() == [
        "小明 31  建築 22、五種類型 3、首先完成 4、龍門 2", "小華 9  建築 9", "勝者：小明"]


def test_a_simplified_file_is_answered_in_simplified(english):
    text = TRADITIONAL_GAME.replace("盜賊", "盗贼").replace("拿金幣", "拿金币")
    assert said("ask", "-", stdin=text).splitlines()[-2:] == [
        "小明 盗贼 · 金币 3 · 手牌 0 · 城市：- · 分数 0", "小華 商人 · 金币 3 · 手牌 0 · 城市：- · 分数 0"]


@pytest.mark.parametrize("command", ["ask", "score"])
def test_a_chinese_file_is_refused_in_chinese(english, command):
    assert refusal(command, "-", stdin='[[players]]\nname = "小明"\n') == "players：1 位玩家；一局遊戲要 2 到 8 位"
    assert refusal(command, "-", stdin='[[players]]\nname = "小明"\n[[players]]\nname = "小华"\ncity = ["神殿", "龙门", "龙门"]\n'
                   ) == "龙门：场上有 2 张，但2016年版只有 1 张"
    assert refusal(command, "-", stdin='[[players]\nname = "小明"\n') == "不是有效的 TOML（第 1 行第 10 欄）"


@pytest.mark.parametrize("text, lang, words", [
    ('[[players]\nname = "小明"\n', "zh-Hant", "不是有效的 TOML（第 1 行第 10 欄）"),
    ('[[players]]\nname = "小明"\ngold = 3 3\n', "zh-Hans", "不是有效的 TOML（第 3 行第 10 列）"),
    ('[[players]]\nname = "小明', "zh-Hant", "不是有效的 TOML（檔案結尾）"),
    ('[[players]]\nname = "小明', "zh-Hans", "不是有效的 TOML（文件结尾）"),
    ('[[players]\nname = "Ann"\n', "en", "not valid TOML (line 1, column 10)"),
    ('[[players]]\nname = "Ann', "en", "not valid TOML (at the end of the file)"),
])
def test_a_file_that_is_not_toml_says_where_in_the_players_language(text, lang, words):
    """tomllib's reason is English (「不是有效的 TOML：Invalid statement (at line 1, column 1)」):
    only the place it names is said, in the player's words."""
    assert refusal("ask", "-", "--lang", lang, stdin=text) == words


def test_lang_still_wins_over_the_file(english, tmp_path):
    assert said("ask", _file(tmp_path, TRADITIONAL_GAME), "--lang", "en").splitlines()[-2:] == [
        "小明 Thief · gold 3 · hand 0 · city: - · score 0", "小華 Merchant · gold 3 · hand 0 · city: - · score 0"]
    assert said("score", _file(tmp_path, FINAL_POSITION), "--lang", "en").splitlines()[-1] == "Winner: 小明"
    assert refusal("score", "-", "--lang", "en", stdin='[[players]]\nname = "小明"\n') == "players: 1 player; a game has 2 to 8"
    assert refusal("ask", "-", "--lang", "zh-Hans", stdin='[[players]]\nname = "小明"\n') == "players：1 位玩家；一局游戏要 2 到 8 位"


def test_the_question_speaks_before_the_names(english):
    # The question is the player's own sentence; the names may be copied from a Chinese box.
    text = 'question = "Who wins?"\n' + FINAL_POSITION
    assert said("score", "-", stdin=text).splitlines()[-1] == "Winner: 小明"


def test_a_file_in_latin_letters_leaves_it_to_the_locale(monkeypatch):
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    text = '[[players]]\nname = "Ann"\ncity = ["Temple"]\n[[players]]\nname = "Bob"\n'
    assert said("score", "-", stdin=text).splitlines()[-1] == "勝者：Ann"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert said("score", "-", stdin=text).splitlines()[-1] == "Winner: Ann"


# -- a refusal names cards as the edition in play does ----------------------------------------------
# 主教 is the classic Bishop but the 2016 Cardinal (the 2016 Bishop is 住持); the Warlord is 軍閥 in
# the classic edition, 領主 in 2016. The command line alone cannot tell a file's or a table's edition.

def _two_hold(character: str, edition: str | None) -> str:
    head = f'edition = "{edition}"\n' if edition else ""
    return head + "".join(f'[[players]]\nname = "{name}"\ncharacters = ["{character}"]\n' for name in ("小明", "小華"))


@pytest.mark.parametrize("command", ["ask", "score"])
def test_a_classic_file_is_refused_with_classic_names(english, command):
    assert refusal(command, "-", stdin=_two_hold("主教", "classic")) == "players：主教 同時在 2 位玩家手上"
    assert refusal(command, "-", "--lang", "zh-Hans", stdin=_two_hold("Bishop", "classic")) == "players：主教 同时在 2 位玩家手上"
    assert refusal(command, "-", stdin=_two_hold("軍閥", "classic")) == "players：軍閥 同時在 2 位玩家手上"
    assert refusal(command, "-", "--lang", "zh-Hans", stdin=_two_hold("Warlord", "classic")) == "players：军阀 同时在 2 位玩家手上"
    assert refusal(command, "-", stdin=_two_hold("主教", "classic").replace("主教", "主叫", 1)) == \
        "players[0].characters[0]：找不到角色「主叫」；最接近的：主教、軍閥、國王"


@pytest.mark.parametrize("command", ["ask", "score"])
def test_a_2016_file_is_refused_with_2016_names(english, command):
    for edition in ("2016", None):
        assert refusal(command, "-", "--lang", "zh-Hant", stdin=_two_hold("Bishop", edition)) == "players：住持 同時在 2 位玩家手上"
        assert refusal(command, "-", stdin=_two_hold("領主", edition)) == "players：領主 同時在 2 位玩家手上"
        assert refusal(command, "-", "--lang", "zh-Hans", stdin=_two_hold("Warlord", edition)) == "players：领主 同时在 2 位玩家手上"


def test_the_command_lines_edition_still_decides(tmp_path):
    path = _file(tmp_path, _two_hold("主教", "classic"))
    assert refusal("score", path, "--edition", "classic", "--lang", "zh-Hans") == "players：主教 同时在 2 位玩家手上"
    assert refusal("score", path, "-e", "2016") == "--edition 2016：檔案寫的是經典版"
    quick = ["-p", "小明: 神殿; 角色 主教", "-p", "小華: 城堡; 角色 主教"]
    for edition in (["-e", "classic"], ["--edition=classic"], ["-e", "old"], ["--edition", "classic", "--lang", "zh-Hant"]):
        assert refusal("score", *quick, *edition) == "players：主教 同時在 2 位玩家手上", edition
    quick = ["-p", "小明: 神殿; 角色 領主", "-p", "小華: 城堡; 角色 領主"]
    assert refusal("score", *quick, "-e", "2016") == "players：領主 同時在 2 位玩家手上"
    assert refusal("score", *quick, "-e", "classic") == "players：軍閥 同時在 2 位玩家手上"


def test_a_classic_table_is_refused_with_classic_names(tables, tmp_path):
    said("table", "new", "t", "-e", "classic", "-p", "小明,小華,小強,小美")
    assert refusal("table", "do", "小明: pick 主叫") == "找不到角色「主叫」；最接近的：主教、建築師、魔術師、軍閥、國王、盜賊、商人、刺客"
    said("table", "new", "n", "-p", "小明,小華,小強,小美")
    assert refusal("table", "do", "小明: pick 主叫", "-t", "n") == \
        "找不到角色「主叫」；最接近的：住持、建築師、領主、魔術師、國王、盜賊、商人、刺客"
    path = _file(tmp_path, _two_hold("主教", "classic"))
    assert refusal("table", "new", "f", "--from", path, "--lang", "zh-Hant") == "players：主教 同時在 2 位玩家手上"
    # --edition beside a file is the file's edition, or refused as `score` refuses it.
    assert refusal("table", "new", "f", "--from", path, "-e", "old", "--lang", "zh-Hans") == "players：主教 同时在 2 位玩家手上"
    assert refusal("table", "new", "f", "--from", path, "-e", "2016", "--lang", "zh-Hant") == "--edition 2016：檔案寫的是經典版"


def test_a_simulation_of_both_editions_names_the_refusing_editions_cards():
    cast = "刺客,盜賊,魔術師,國王,住持,商人,建築師,軍閥"
    # 住持 is the 2016 Bishop; in the classic edition it could also be the Abbot (修道院長).
    assert refusal("simulate", "-g", "1", "-e", "both", "-c", cast, "--lang", "zh-Hant") == \
        "--characters：「住持」可以指不同的角色：修道院長（Abbot）、主教（Bishop）"


# -- a table started from a file speaks the file's language -----------------------------------------
# `table new --from` reads the file's language as `ask` does (lang.file_language), and the table keeps
# it: its header holds the file, so show, do, undo… read the same language from it.

TRADITIONAL_TABLE = TRADITIONAL_GAME.partition("\n[play]")[0] + "\n"

# Names in Latin letters say nothing of the language: the cards and the comment are Simplified.
SIMPLIFIED_TABLE = """\
# 安先拿金币，再盖神庙
[[players]]
name = "Ann"
characters = ["盗贼"]
gold = 1
hand = ["神庙"]

[[players]]
name = "Bob"
characters = ["商人"]
gold = 3
"""


def test_a_table_from_a_traditional_file_speaks_traditional(english, tables, tmp_path):
    assert said("table", "new", "t", "--from", _file(tmp_path, TRADITIONAL_TABLE)).splitlines() == [
        "牌桌 t：2 位玩家，2016年版，皇冠在 小明。", "下一步：小明（盜賊）：拿資源——金幣或抽牌。"]
    assert said("table", "do", "小明: gold").splitlines() == [
        "✓ 小明：拿金幣", "    小明 +2 金幣（拿資源）", "下一步：小明（盜賊）：建造、使用能力或結束回合。"]
    assert said("table", "show").splitlines() == [
        "t · 第 1 輪 · 行動階段 · 皇冠 小明",
        "  小明 盜賊 · 金幣 3 · 手牌 0 · 城市：- · 分數 0",
        "  小華 商人 · 金幣 3 · 手牌 0 · 城市：- · 分數 0",
        "下一步：小明（盜賊）：建造、使用能力或結束回合。",
    ]


def test_a_table_from_a_simplified_file_speaks_simplified(english, tables, tmp_path):
    assert said("table", "new", "s", "--from", _file(tmp_path, SIMPLIFIED_TABLE)).splitlines() == [
        "牌桌 s：2 位玩家，2016年版，皇冠在 Ann。", "下一步：Ann（盗贼）：拿资源——金币或抽牌。"]
    # The moves are typed in Latin letters (the notation's verbs say nothing): the file decides.
    assert said("table", "do", "Ann: gold", "Ann: build Temple").splitlines() == [
        "✓ Ann：拿金币", "    Ann +2 金币（拿资源）",
        "✓ Ann：建造 神庙", "    Ann -1 金币（建造）", "    Ann 建造 神庙，花费 1",
        "下一步：Ann（盗贼）：建造、使用能力或结束回合。",
    ]
    assert said("table", "show").splitlines() == [
        "s · 第 1 轮 · 行动阶段 · 皇冠 Ann",
        "  Ann 盗贼 · 金币 2 · 手牌 0 · 城市：神庙 · 分数 1",
        "  Bob 商人 · 金币 3 · 手牌 0 · 城市：- · 分数 0",
        "下一步：Ann（盗贼）：建造、使用能力或结束回合。",
    ]
    assert said("table", "score").splitlines() == ["Ann 1  建筑 1", "Bob 0  建筑 0", "领先：Ann", "暂定：游戏尚未结束。"]
    assert [line.split("  ")[-1] for line in said("table", "log").splitlines()] == ["Ann：拿金币", "Ann：建造 神庙"]
    assert said("table", "log").splitlines()[0].startswith("   1  第 1 轮 · ")
    assert said("table", "moves").splitlines()[0].startswith("Ann：结束 · 偷 魔术师 · ")
    assert said("table", "undo").splitlines() == ["已撤销：Ann：建造 神庙", "下一步：Ann（盗贼）：建造、使用能力或结束回合。"]
    assert said("table", "use", "s").splitlines() == ["目前牌桌：s。"]
    # ... and refuses in it.
    assert refusal("table", "do", "Ann: rob Foo") == "找不到角色「Foo」；最接近的：盗贼、住持、领主、刺客、魔术师、国王、商人、建筑师"
    assert refusal("table", "undo", "3") == "这张牌桌只记录了 1 步"
    assert refusal("table", "delete", "s") == "要删除牌桌「s」和它记录的 1 步吗？未删除任何东西：加上 --yes 即可直接删除"
    assert refusal("table", "score", "--hand", "Bob: Temple") == "--hand「Bob: Temple」：Bob 手上有 0 张牌，不是 1 张"


def test_lang_still_wins_over_the_tables_file(english, tables, tmp_path):
    assert said("table", "new", "s", "--from", _file(tmp_path, SIMPLIFIED_TABLE), "--lang", "en").splitlines() == [
        "Table s: 2 players, 2016 edition, crown Ann.", "Next: Ann (Thief): gather — gold or draw."]
    assert said("table", "do", "Ann: gold", "--lang", "en").splitlines()[:2] == ["✓ Ann: gold", "    Ann +2 gold (gathering)"]
    assert said("table", "show", "--lang", "en").splitlines()[1] == "  Ann Thief · gold 3 · hand 1 (known: Temple) · city: - · score 0"
    assert refusal("table", "undo", "2", "--lang", "en") == "only 1 move is recorded on this table"
    assert refusal("table", "do", "Ann: rob Foo", "--lang", "en") == \
        "unknown character 'Foo'; closest: Thief, Bishop, Warlord, Assassin, Magician, King, Merchant, Architect"
    # --lang at `new` is the table's language, kept by every command on it.
    assert said("table", "show").splitlines()[1] == "  Ann Thief · gold 3 · hand 1 (known: Temple) · city: - · score 0"
    # Without it, the file's: --lang elsewhere speaks for its own command only.
    said("table", "new", "s2", "--from", _file(tmp_path, SIMPLIFIED_TABLE))
    said("table", "do", "Ann: gold")
    assert said("table", "show").splitlines()[1] == "  Ann 盗贼 · 金币 3 · 手牌 1（已知：神庙） · 城市：- · 分数 0"
    assert said("table", "show", "--lang", "zh-Hant").splitlines()[1] == "  Ann 盜賊 · 金幣 3 · 手牌 1（已知：神殿） · 城市：- · 分數 0"
    # One script: Chinese typed in the other (蓋 is traditional) is answered in the table's.
    assert said("table", "do", "Ann: 蓋 神殿").splitlines()[0] == "✓ Ann：建造 神庙"
    assert said("table", "undo").splitlines()[0] == "已撤销：Ann：建造 神庙"
    assert said("table", "do", "Ann: 建造 神殿").splitlines()[0] == "✓ Ann：建造 神庙"
    assert said("table", "new", "t", "--from", _file(tmp_path, TRADITIONAL_TABLE), "--lang", "zh-Hans").splitlines() == [
        "牌桌 t：2 位玩家，2016年版，皇冠在 小明。", "下一步：小明（盗贼）：拿资源——金币或抽牌。"]


def test_a_bad_chinese_file_is_refused_in_chinese(english, tables, tmp_path):
    assert refusal("table", "new", "t", "--from", _file(tmp_path, '[[players]]\nname = "小明"\n')) == \
        "players：1 位玩家；一局遊戲要 2 到 8 位"
    assert refusal("table", "new", "t", "--from", _file(tmp_path, '[[players]]\nname = "小明"\n[[players]]\nname = "小华"\n'
                                                        'city = ["神殿", "龙门", "龙门"]\n')) == "龙门：场上有 2 张，但2016年版只有 1 张"
    assert refusal("table", "new", "t", "--from", _file(tmp_path, '[[players]\nname = "小明"\n')) == "不是有效的 TOML（第 1 行第 10 欄）"
    assert refusal("table", "new", "t", "--from", _file(tmp_path, TRADITIONAL_TABLE), "-e", "classic") == \
        "--edition classic：檔案寫的是2016年版"
    assert refusal("table", "new", "t", "--from", _file(tmp_path, '[[players]]\nname = "小明"\n'), "--lang", "en") == \
        "players: 1 player; a game has 2 to 8"
    assert said("table", "list") == "No table yet: referee table new NAME --players \"Ann,Bob,Cid,Dan\"\n"
    said("table", "new", "t", "--from", _file(tmp_path, TRADITIONAL_TABLE))
    assert refusal("table", "new", "t", "--from", _file(tmp_path, TRADITIONAL_TABLE)) == \
        "已經有名為「t」的牌桌（referee table delete t）"


def test_a_mistyped_lang_records_nothing(tables):
    said("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")
    assert refusal("table", "do", "Ann: faceup Thief, Bishop", "--lang", "xx") == \
        "unknown language 'xx'; choose one of: en, zh-Hant, zh-Hans"
    said("table", "do", "Ann: faceup Thief, Bishop")
    assert refusal("table", "undo", "--lang", "xx") == "unknown language 'xx'; choose one of: en, zh-Hant, zh-Hans"
    assert said("table", "log").count("\n") == 1


def test_a_tables_question_speaks_before_its_names(english, tables, tmp_path):
    # As for `ask`: the question is the player's own sentence; the names may be copied from a box.
    path = _file(tmp_path, 'question = "Who gathers first?"\n' + TRADITIONAL_TABLE)
    assert said("table", "new", "t", "--from", path).splitlines()[0] == "Table t: 2 players, 2016 edition, crown 小明."
    assert said("table", "show").splitlines()[0] == "t · Round 1 · turns · crown 小明"
    path = _file(tmp_path, 'question = "谁先拿资源？"\n' + TRADITIONAL_TABLE)
    assert said("table", "new", "u", "--from", path).splitlines()[0] == "牌桌 u：2 位玩家，2016年版，皇冠在 小明。"
    assert said("table", "show").splitlines()[0] == "u · 第 1 轮 · 行动阶段 · 皇冠 小明"


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("argv", [["faq", "軍閥可以拆堡壘嗎"], ["faq", "how many cards do I start with"],
                                  ["faq", "bell-tower.destroyed"], ["faq", "--list"], ["rules"], ["rules", "casts"],
                                  ["rules", "variant"], ["card", "軍閥"], ["card", "Bell Tower"]])
def test_no_internal_id_is_shown_to_a_player(argv, lang):
    """FAQ entries', rules' and casts' ids were printed beside their titles (「問：…  keep.rank-8」):
    they are for programs (--json) and for opening an entry, never in what a player reads. A house
    rule says the one id a player types, as `--variant ID`."""
    from referee.catalog.db import connect

    conn = connect()
    ids = {row[0] for row in conn.execute("SELECT id FROM faq UNION SELECT id FROM rules UNION SELECT id FROM casts")}
    out = said(*argv, "--lang", lang)
    words = set(re.findall(r"[a-z0-9][a-z0-9.-]*[a-z0-9]", out.replace("--variant ", "--variant=")))
    assert words & ids == set()
    if argv == ["rules", "variant"]:
        assert "--variant finite-bank" in out


def test_players_typed_as_the_tables_name_are_shown_the_players_option(tables):
    """`table new Ann Bob Cid` (the players where the table's one name goes): click said only that
    words were left over; the line to type instead names them all, in the language they are in,
    and no table is made."""
    assert refusal("table", "new", "Ann", "Bob", "Cid") == (
        "the players are named with --players, in seating order (table new takes one name, the table's): "
        'referee table new --players "Ann,Bob,Cid"')
    assert refusal("table", "new", "小明", "小华", "小红", "-e", "2016") == (
        '玩家要用 --players 依座位顺序列出（table new 只接受一个名称：牌桌的名称）：referee table new --players "小明,小华,小红"')
    assert refusal("table", "new", "小明", "小華", "--lang", "zh-Hant", "阿美").endswith('--players "小明,小華,阿美"')
    # With --players given, a word left over is not a player: click's line.
    assert refusal("table", "new", "t", "--players", "Ann,Bob,Cid", "more") == "Got unexpected extra argument(s) (more)"
    assert said("table", "list").startswith("No table yet")


def test_a_tables_name_typed_as_an_argument_is_shown_the_table_option(tables):
    """`table show 週五` (the table's name where `table delete` takes it): click said only that a
    word was left over; the line to type instead, in the table's language. A word that is no table
    is left to click's line."""
    said("table", "new", "週五", "--players", "小明,小華,阿美")
    said("table", "new", "sunday", "--players", "Ann,Bob,Cid")
    assert refusal("table", "moves", "週五") == (
        "「週五」是牌桌的名字：牌桌要用 --table 指定（不寫就是目前的牌桌）：referee table moves --table 週五")
    assert refusal("table", "show", "sunday", "--lang", "en") == (
        "sunday is a table: a table is chosen with --table (without it, the current one): referee table show --table sunday")
    assert refusal("table", "show", "monday", "--lang", "en") == "Got unexpected extra argument(s) (monday)"


def test_a_usage_error_at_a_table_speaks_the_tables_language(tables, tmp_path, monkeypatch):
    """click's refusals of a command line (`table serve --port abc`, `table do` without a move) were in
    English at a Chinese table, whose moves were not there to tell the language: the table's own."""
    said("table", "new", "週五", "--players", "小明,小華,阿美")
    assert refusal("table", "serve", "--port", "abc") == "--port 的值「abc」不是整數"
    assert refusal("table", "do") == "缺少參數 MOVE..."
    assert refusal("table", "undo", "abc").startswith("「abc」不是步數：")      # undo reads its count itself
    assert refusal("table", "moves", "--lang") == "選項 --lang 後面要有值"
    assert refusal("table", "serve", "--port", "abc", "--lang", "en") == "Invalid value for '--port': 'abc' is not a valid int."
    said("table", "new", "sat", "--players", "Ann,Bob,Cid")          # Latin names: the locale's
    assert refusal("table", "serve", "--port", "abc") == "Invalid value for '--port': 'abc' is not a valid int."
    assert refusal("table", "serve", "--port", "abc", "--table", "週五") == "--port 的值「abc」不是整數"
    # No tables file yet: nothing is made to find out.
    monkeypatch.setenv("REFEREE_TABLES", str(tmp_path / "none" / "tables.db"))
    assert refusal("table", "serve", "--port", "abc") == "Invalid value for '--port': 'abc' is not a valid int."
    assert not (tmp_path / "none").exists()


def test_undo_beyond_the_log_says_how_many_moves_there_are(english, tables, tmp_path):
    """`undo N` past the log's start: the moves counted as a player says them ("move(s)" was read
    aloud as it stood, and "0 moves recorded" where nothing can be undone)."""
    said("table", "new", "u", "--from", _file(tmp_path, SIMPLIFIED_TABLE), "--lang", "en")
    assert refusal("table", "undo") == "nothing to undo: no move is recorded on this table yet"
    said("table", "do", "Ann: gold")
    assert refusal("table", "undo", "2") == "only 1 move is recorded on this table"
    said("table", "do", "Ann: build Temple")
    assert refusal("table", "undo", "3") == "only 2 moves are recorded on this table"
    assert refusal("table", "undo", "3", "--lang", "zh-Hans") == "这张牌桌只记录了 2 步"


# --edition takes the words players call an edition by (data/lexicon.toml's edition forms, bare
# or with 版 / "edition"), the way search reads them; a word for both editions names neither.
@pytest.mark.parametrize("word, edition", [
    ("經典", "classic"), ("经典", "classic"), ("舊版", "classic"), ("old", "classic"), ("2000", "classic"),
    ("新版", "2016"), ("新", "2016"), ("2016版", "2016"), ("revised", "2016"), ("New", "2016"),
])
def test_an_edition_is_taken_by_the_words_players_use(word, edition):
    shown = {"classic": "classic edition", "2016": "2016 edition"}[edition]
    assert said("card", "8", "-e", word).splitlines()[1] == f"Rank 8 · {shown} (base game)"


def test_a_word_for_both_editions_names_neither():
    assert refusal("card", "8", "-e", "新舊版") == (
        "unknown edition '新舊版'; choose one of: 2016 (the new edition), classic (the old one)")
