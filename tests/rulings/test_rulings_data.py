"""FAQ rulings checked by the engine, as data: each `[[check]]` in tests/rulings/*.toml names a
FAQ entry, gives a situation, and states what the engine must answer. Every FAQ entry about
cards the engine plays has a check, or a `[[skip]]` saying why it cannot be checked by moves."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BASIC = {"manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern", "market",
         "trading-post", "docks", "harbor", "town-hall", "watchtower", "prison", "barracks", "fortress"}


def load():
    checks, skips = [], []
    for path in sorted(HERE.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        checks += [(path.name, c) for c in data.get("check", [])]
        skips += data.get("skip", [])
    return checks, skips


CHECKS, SKIPS = load()


def _player(report, name):
    return next(p for p in report["state"]["players"] if p["name"] == name)


@pytest.mark.parametrize("source, check", CHECKS, ids=[f"{c['faq']}#{i}" for i, (_, c) in enumerate(CHECKS)])
def test_ruling(situation, conn, source, check):
    assert conn.execute("SELECT 1 FROM faq WHERE id = ?", (check["faq"],)).fetchone(), f"no FAQ entry {check['faq']}"
    report = situation(check["situation"])
    expect = check.get("expect", {})
    if "legal" in expect:
        assert [s["legal"] for s in report["steps"]] == expect["legal"], [s["reason"] for s in report["steps"]]
    for key in ("gold", "hand_count", "score"):
        for name, value in expect.get(key, {}).items():
            assert _player(report, name)[key] == value, (key, name)
    for name, value in expect.get("city", {}).items():
        assert _player(report, name)["city"] == value
    for name, value in expect.get("hand", {}).items():
        assert _player(report, name)["hand"] == value
    if "crown" in expect:
        assert report["state"]["crown"] == expect["crown"]
    if "game_over" in expect:
        assert report["state"]["game_over"] is expect["game_over"]
    if "bank" in expect:
        assert report["state"]["bank"] == expect["bank"]
    cited = {c for s in report["steps"] for c in s["citations"]}
    assert set(expect.get("cites", [])) <= cited


def test_every_ruling_about_played_cards_is_checked(conn):
    import referee.engine.cards  # noqa: F401  (registers every card)
    from referee.engine.registry import behaviours

    played = set(behaviours()) | BASIC
    covered = {c["faq"] for _, c in CHECKS} | {s["faq"] for s in SKIPS}
    for skip in SKIPS:
        assert skip.get("why"), f"skip of {skip['faq']} gives no reason"
    missing = [
        entry_id for entry_id, cards in conn.execute("SELECT id, cards FROM faq")
        if cards and set(cards.split()) <= played and entry_id not in covered
    ]
    assert missing == []
