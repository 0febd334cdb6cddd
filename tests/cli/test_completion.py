"""The shell's completion (issue 16, "typing less"): what a Tab offers, through the protocol the
installed scripts use (click's, carried by typer: bash, zsh, fish)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_in_process


def _tab(words: str, shell: str = "bash", env: dict | None = None) -> list[str]:
    """What `referee` answers to a Tab after `words` (the word being completed last)."""
    variables = {"_REFEREE_COMPLETE": f"complete_{shell}"}
    if shell == "bash":
        split = words.split(" ")
        variables.update(COMP_WORDS=words, COMP_CWORD=str(len(split) - 1))
    else:
        variables.update(_TYPER_COMPLETE_ARGS=words, _TYPER_COMPLETE_FISH_ACTION="get-args")
    result = subprocess.run([sys.executable, "-m", "referee"], capture_output=True, text=True, cwd=ROOT,
                            env={**os.environ, "LANG": "C.UTF-8", **variables, **(env or {})})
    assert result.returncode == 0 and result.stderr == "", result.stderr
    lines = [line for line in result.stdout.splitlines() if line]
    if shell == "bash":                      # bash inserts a line as it is: one with spaces comes quoted
        assert all(line[0] == "'" for line in lines if " " in line), lines
        lines = [shlex.split(line)[0] for line in lines]
    return lines


@pytest.fixture
def tables(tmp_path, monkeypatch):
    path = tmp_path / "tables.db"
    monkeypatch.setenv("REFEREE_TABLES", str(path))
    assert run_in_process("table", "new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")[0] == 0
    assert run_in_process("table", "do", "Cid: faceup Merchant, Architect", "Dan: kill Bishop", "Dan: gold")[0] == 0
    assert run_in_process("table", "new", "週五", "--players", "小明,小華,阿美,大雄")[0] == 0
    return path


def test_card_names_in_every_script_and_any_case():
    assert "King" in _tab("referee card Ki")
    assert "king" in _tab("referee card ki")                  # read in any case, as typed
    assert _tab("referee card 國") == ["國王", "國會"] or "國王" in _tab("referee card 國")
    assert "国王" in _tab("referee card 国")
    assert "Warlord" in _tab("referee faq --card War")


def test_card_names_follow_the_edition_asked_for():
    assert "Cardinal" in _tab("referee card --edition 2016 Car")
    assert "Cardinal" not in _tab("referee card --edition classic Car")


def test_table_names_and_the_players_for_the_crown(tables):
    assert _tab("referee table show --table f") == ["friday"]
    assert _tab("referee table do --table 週") == ["週五"]
    assert _tab("referee table new x --players Ann,Bob,Cid --crown ") == ["Ann", "Bob", "Cid"]
    assert _tab("referee table new x --players Ann,Bob,Cid --crown B") == ["Bob"]


def test_table_do_offers_the_legal_moves_now_in_the_tables_language(tables):
    offered = _tab("referee table do --table friday Dan")
    assert "Dan: end" in offered and "Dan: build Temple" in offered     # from unknown cards
    assert "Dan: kill Magician" not in offered                 # he has killed this round
    assert "Dan: gold" not in offered                          # he has gathered: no longer legal
    chinese = _tab("referee table do 小明：")                     # the current table, spoken in Chinese
    assert "小明：面朝上 建築師、刺客" in chinese
    assert not any(": faceup" in move for move in chinese)
    # A move begun in a quote (it holds spaces), in English at a Chinese table: the notation.
    assert _tab("referee table do '小明: faceup Arch", shell="fish")[0] == "小明: faceup Architect, Assassin"


def test_zsh_and_fish_are_answered_too(tables):
    assert any("friday" in line for line in _tab("referee table show --table fr", shell="zsh"))
    assert "friday" in _tab("referee table show --table fr", shell="fish")


def test_a_completion_never_creates_a_tables_file(tmp_path, monkeypatch):
    path = tmp_path / "none" / "tables.db"
    assert _tab("referee table show --table ", env={"REFEREE_TABLES": str(path)}) == []
    assert _tab("referee table do ", env={"REFEREE_TABLES": str(path)}) == []
    assert not path.parent.exists()


def test_the_completion_script_names_referee():
    code, out, _ = run_in_process("--show-completion", "bash")
    assert code == 0 and "_REFEREE_COMPLETE=complete_bash" in out and "complete -o default" in out
    code, out, _ = run_in_process("--show-completion", "fish")
    assert code == 0 and "complete --command referee" in out
    code, _, err = run_in_process("--install-completion", "tcsh")
    assert code == 2 and "not 'tcsh'" in err and len(err.splitlines()) == 1
