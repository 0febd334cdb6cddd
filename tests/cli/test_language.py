"""Every line a player reads speaks the player's language: headings and punctuation of the
language, one name per card, refusals in Chinese for a player who asked in Chinese, the locale
when nothing else says, and no blanks at the ends of lines. Run in process (tests/cli/test_fuzz.py)."""

from __future__ import annotations

import contextlib
import io
import sys

import pytest


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    from referee.cli.app import run as run_command

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_command(list(argv))
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


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
    assert lines[4].startswith("版本：經典版 · 出處：網頁版規則（含組隊規則）（钟塔、游戏结束）；")
    assert ": " not in out.replace("--variant", "")


def test_faq_readings_in_english():
    out = said("faq", "bell-tower.destroyed", "--lang", "en")
    assert "  • Reading 1 (default in the classic edition): Destroyed before the" in out.splitlines()
    assert "    To play by this reading: --variant bell-tower-reverts · Sources: Web game" in out.splitlines()


def test_faq_list_keeps_the_question_beside_its_id():
    first = said("faq", "--list", "--lang", "zh-Hans").splitlines()[0]
    assert first == "assassin.name-a-character  刺客可以杀谁？要指定玩家还是角色？可以杀没有人选的角"


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
    ("zh_TW.UTF-8", "平手（2016年版） ties.2016"), ("zh_CN.UTF-8", "平手（2016年版） ties.2016"),
    ("en_US.UTF-8", "Ties (2016) ties.2016"),
])
def test_the_locale_decides_for_a_topic_name(monkeypatch, locale, first):
    monkeypatch.setenv("LANG", locale)
    assert said("rules", "ties").splitlines()[0] == first


@pytest.mark.parametrize("locale, card, listing, faq, question", [
    ("zh_TW.UTF-8", "領主  Warlord / 领主", "經典版     刺客     1", "問：鐘塔被拆掉會怎樣？  bell-tower.destroyed", "刺客可以殺誰"),
    ("zh_CN.UTF-8", "领主  Warlord / 領主", "经典版     刺客     1", "问：钟塔被拆掉会怎样？  bell-tower.destroyed", "刺客可以杀谁"),
    ("en_US.UTF-8", "Warlord", "classic edition   Assassin     1",
     "Q: What happens if the Bell Tower is destroyed?  bell-tower.destroyed", "Whom can the Assassin"),
])
def test_the_locale_decides_for_digits_lists_and_ids(monkeypatch, locale, card, listing, faq, question):
    monkeypatch.setenv("LANG", locale)
    assert said("card", "8").splitlines()[0] == card
    assert said("cards", "--rank", "1").splitlines()[2] == listing
    assert said("faq", "bell-tower.destroyed").splitlines()[0] == faq
    assert said("faq", "--list").splitlines()[0].startswith("assassin.name-a-character  " + question)


# -- rules -----------------------------------------------------------------------------------------

def test_rules_for_another_player_count_say_which():
    assert refusal("rules", "team", "-p", "5") == "the rules on 'team' are for 4 or 6 players, not 5"
    assert refusal("rules", "組隊", "-p", "3") == "「組隊」的規則只適用於 4 或 6 人，不適用於 3 人"
    assert refusal("rules", "bell", "-p", "3") == "no rule on 'bell' in the 2016 edition; try --edition classic"
