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


SITUATION_CHECKS = [(s, c) for s, c in CHECKS if "situation" in c]
DEAL_CHECKS = [(s, c) for s, c in CHECKS if "deal" in c]


@pytest.mark.parametrize("source, check", SITUATION_CHECKS,
                         ids=[f"{c['faq']}#{i}" for i, (_, c) in enumerate(SITUATION_CHECKS)])
def test_ruling(rulebooks, conn, source, check):
    from referee.cli.ask_cmd import rule_on_moves
    from referee.errors import BadSituation
    from referee.situation import edition_of, load, read_text

    assert conn.execute("SELECT 1 FROM faq WHERE id = ?", (check["faq"],)).fetchone(), f"no FAQ entry {check['faq']}"
    expect = check.get("expect", {})
    data = read_text(check["situation"])
    if "bad" in expect:             # a position the rules do not allow: the file is refused
        with pytest.raises(BadSituation, match=expect["bad"]):
            load(data, rulebooks[edition_of(data)])
        return
    if "teams" in check:
        _check_teams(rulebooks[edition_of(data)], data, check["teams"], expect)
    situation = load(data, rulebooks[edition_of(data)])
    report = rule_on_moves(situation, "en")
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
    if "bank" in expect:             # "unlimited": the report's null
        assert report["state"]["bank"] == (None if expect["bank"] == "unlimited" else expect["bank"])
    if "winners" in expect:
        assert situation.game.winners()[0] == expect["winners"]
    cited = {c for s in report["steps"] for c in s["citations"]}
    assert set(expect.get("cites", [])) <= cited


def _check_teams(rb, data, teams, expect):
    """A team game (`teams` as `--teams` writes them) scored as `referee score --teams` scores
    it: each team's total, the winning team ([] for a tie) and whom the tie-break favours; or,
    with `bad_teams`, the seating refused."""
    from referee.cli.score_cmd import final_scores
    from referee.errors import RefereeError

    if "bad_teams" in expect:
        with pytest.raises(RefereeError, match=expect["bad_teams"]):
            final_scores(dict(data), rb, [], teams)
        return
    report = final_scores(dict(data), rb, [], teams)
    totals = {"+".join(team["players"]): team["score"] for team in report["teams"]}
    assert totals == expect["team_scores"]
    assert (report["winning_team"] or []) == expect["winning_team"]
    if "tie_favours" in expect:
        assert report["team_tie"]["favours"] == expect["tie_favours"]
        assert report["team_tie"]["team"] is not None and expect["tie_favours"][0] in report["team_tie"]["team"]


@pytest.mark.parametrize("source, check", DEAL_CHECKS, ids=[f"{c['faq']}#{i}" for i, (_, c) in enumerate(DEAL_CHECKS)])
def test_dealt_selection(rulebooks, conn, source, check):
    """A dealt game's selection phase (`deal = { edition, players, seed, characters }`): the
    discards, then every step's kind and how many characters the chooser may take; or, with
    `expect.bad`, the cast the rules refuse for a dealt game (the message must match)."""
    from referee.engine import Game
    from referee.engine.casts import IllegalCast

    assert conn.execute("SELECT 1 FROM faq WHERE id = ?", (check["faq"],)).fetchone(), f"no FAQ entry {check['faq']}"
    deal, expect = check["deal"], check["expect"]
    rb = rulebooks[deal["edition"]]
    characters = tuple(rb.lookup(c, "character")[0] for c in deal["characters"]) if "characters" in deal else None
    if "bad" in expect:
        with pytest.raises(IllegalCast, match=expect["bad"]):
            Game.new(rb, [f"P{i + 1}" for i in range(deal["players"])], seed=deal.get("seed", 0), characters=characters)
        return
    game = Game.new(rb, [f"P{i + 1}" for i in range(deal["players"])], seed=deal.get("seed", 0), characters=characters)
    draft = game.state.draft
    assert (len(draft.faceup), len(draft.facedown)) == (expect["faceup"], expect["facedown"])
    assert all(rb.characters[c].rank != 4 for c in draft.faceup)
    steps = []
    while game.state.phase == "draft":
        moves = game.legal_moves()
        steps.append(f"{moves[0].actor} {moves[0].verb} {len(moves)}")
        game.apply(moves[0])
    assert steps == expect["steps"]
    held = [len(p.characters) for p in game.state.players]
    assert held == [expect["held"]] * deal["players"]
    if "cards" in expect:             # district cards in the whole game
        from referee.engine.invariants import totals

        assert totals(game)[1] == expect["cards"]
    if "facedown_after" in expect:        # what nobody chose went face down
        assert len(game.state.draft.facedown) == expect["facedown_after"]


def test_every_ruling_about_played_cards_is_checked(conn):
    import referee.engine.cards  # noqa: F401  (registers every card)
    from referee.engine.registry import behaviours

    played = set(behaviours()) | BASIC
    covered = {c["faq"] for _, c in CHECKS} | {s["faq"] for s in SKIPS}
    for skip in SKIPS:
        assert skip.get("why"), f"skip of {skip['faq']} gives no reason"
    missing = [
        entry_id for entry_id, cards in conn.execute("SELECT id, cards FROM faq")
        if set(cards.split()) <= played and entry_id not in covered
    ]
    assert missing == []


def test_the_faq_marks_agree_with_the_checks(conn):
    """Each FAQ entry says whether the engine checks it (`engine` in faq/*.toml, which the
    database and `referee faq` show): exactly the entries a check names are "checked", exactly
    those only a skip names "cannot decide: WHY" (scripts/faq_engine_marks.py writes the lines)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("faq_engine_marks", HERE.parent.parent / "scripts" / "faq_engine_marks.py")
    marks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(marks)
    wanted = marks.wanted_marks(HERE)
    stored = {entry_id: engine for entry_id, engine in conn.execute("SELECT id, engine FROM faq") if engine}
    assert stored == wanted, "run scripts/faq_engine_marks.py"
