"""A secret table whose first move of the turns comes before the face-up discards were recorded:
the selection ends there and the face-up cards stay unknown for the round. The tracker says so on
its marked line (nothing decided silently); with them recorded, or at 2-3 players where none are
laid face up, it says nothing. Run in process."""

from __future__ import annotations

import pytest

from tests.conftest import run_in_process


@pytest.fixture(autouse=True)
def locale(monkeypatch, database):
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("COLUMNS", "100")


def said(*argv: str) -> str:
    code, out, err = run_in_process(*argv)
    assert (code, err) == (0, ""), (code, out, err)
    return out


def test_the_turns_begun_before_the_faceup_discards_say_they_stay_unknown(tables):
    said("table", "new", "周六", "--players", "胖虎,小夫,阿花,老王", "--edition", "2016")
    out = said("table", "do", "胖虎：刺杀 国王").splitlines()
    assert out[:2] == ["✓ 胖虎：刺杀 国王", "  » 推定：选角已经结束，面朝上弃掉的角色没有记录：本轮不再记录"]
    # Too late now: the selection is over.
    code, out, _ = run_in_process("table", "do", "胖虎：面朝上 商人、建筑师")
    assert code == 1 and "选角阶段已经结束" in out          # refused by the rules: not recorded


def test_recorded_faceup_discards_or_none_to_record_say_nothing(tables):
    said("table", "new", "Sat", "--players", "Ann,Bob,Cid,Dan", "--edition", "2016", "--lang", "en")
    said("table", "do", "Ann: faceup Merchant, Architect")
    assert "»" not in said("table", "do", "Ann: kill King")
    said("table", "new", "Sun", "--players", "Ann,Bob,Cid", "--edition", "2016", "--lang", "en")
    assert "»" not in said("table", "do", "Ann: kill King")
