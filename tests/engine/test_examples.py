"""The shared examples give exactly the results their comments state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent.parent / "situations"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "examples"


def example(name: str) -> str:
    path = SHARED / name if (SHARED / name).exists() else HERE / name
    return path.read_text(encoding="utf-8")


def gold(report, name):
    return next(p for p in report["state"]["players"] if p["name"] == name)["gold"]


def test_thief_robs_merchant(situation):
    report = situation(example("01-thief-robs-merchant.toml"))
    assert [s["legal"] for s in report["steps"]] == [True] * 5
    assert (gold(report, "Ann"), gold(report, "Bob"), gold(report, "Cid")) == (6, 5, 4)
    assert report["state"]["crown"] == "Cid"
    assert report["steps"][0]["move"] == "Thief: rob Merchant"


def test_architect_build_limit(situation):
    report = situation(example("02-architect-build-limit.toml"))
    assert [s["legal"] for s in report["steps"]] == [True, True, True, True, False]
    ann = report["state"]["players"][0]
    assert ann["gold"] == 4
    assert ann["city"] == ["Temple", "Tavern", "Market"]
    assert ann["hand_count"] == 2
    assert "turn.build-limit" in report["steps"][-1]["citations"]


def test_final_score(cli):
    result = cli("score", str(HERE / "03-final-score.toml"), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    scores = {p["name"]: p["score"] for p in report["players"]}
    assert scores == {"Ann": 27, "Bob": 26, "Cid": 5, "Dan": 3}
    ann = report["players"][0]["breakdown"]
    assert ann == {"districts": 18, "five_types": 3, "first_complete": 4, "dragon-gate": 2}
    assert report["winners"] == ["Ann"]


@pytest.mark.parametrize("name", ["01-thief-robs-merchant.toml", "02-architect-build-limit.toml"])
def test_ask_cli_json_shape(cli, name):
    result = cli("ask", str(HERE / name), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report) >= {"edition", "question", "steps", "state"}
    for step in report["steps"]:
        assert set(step) >= {"input", "move", "actor", "character", "legal", "reason", "citations", "events"}
    assert set(report["state"]) >= {"round", "crown", "bank", "game_over", "players"}
    for player in report["state"]["players"]:
        assert set(player) >= {"name", "characters", "gold", "hand", "hand_count", "city", "score"}
