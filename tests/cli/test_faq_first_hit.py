"""`referee faq WORDS` shows its hits as a list: a long first hit (the editions' comparison, some
300 lines) is cut where a part of it ends, says so, and names the command that shows it whole —
the player's own words with `--top 1`, no entry id —; the other hits follow it."""

from __future__ import annotations

import json
import shlex

import pytest

from tests.conftest import run_cli

CASES = [
    ("en", ["differences", "between", "the", "editions"],
     "(shortened; to see it whole: referee faq differences between the editions --top 1 --lang en)", "2. Rule: "),
    ("zh-Hant", ["版本差異"], "（只列出開頭；看全文請輸入：referee faq 版本差異 --top 1 --lang zh-Hant）", "2. 規則："),
    ("zh-Hans", ["版本差异"], "（只列出开头；看全文请输入：referee faq 版本差异 --top 1 --lang zh-Hans）", "2. 规则："),
]


@pytest.mark.parametrize("lang, words, note, second", CASES)
def test_a_long_first_hit_is_cut_and_says_how_to_see_it_whole(lang, words, note, second):
    result = run_cli("faq", *words, "--lang", lang)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert note in lines
    at = lines.index(note)
    assert at <= 30 and lines[at - 1].strip()          # cut after a whole part, the note right under it
    assert lines[at + 2].startswith(second)              # the second hit follows at once
    assert any(line.startswith("3. ") for line in lines[at:])
    assert "editions.overview" not in result.stdout      # no internal id
    whole = run_cli(*shlex.split(note.strip("()（）").split("referee ", 1)[1]))
    assert whole.returncode == 0, whole.stderr
    shown = whole.stdout.splitlines()
    assert shown[:at] == lines[:at] and len(shown) > 150  # the same first hit, whole and alone
    assert not any(line.startswith("2. ") for line in shown)


def test_the_words_are_quoted_as_a_shell_needs():
    result = run_cli("faq", "what's different in 2016?")
    assert result.returncode == 0, result.stderr
    assert "(shortened; to see it whole: referee faq \"what's different in 2016?\" --top 1)" in result.stdout.splitlines()


def test_a_short_first_hit_is_whole_and_json_is_unchanged():
    result = run_cli("faq", "Can the Assassin kill the Thief?", "--lang", "en")
    assert result.returncode == 0
    assert "shortened" not in result.stdout
    found = json.loads(run_cli("faq", "differences", "between", "the", "editions", "--json").stdout)
    assert len(found["hits"]) == 3 and "shortened" not in json.dumps(found)
