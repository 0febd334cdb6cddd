"""End-of-game scoring: every bonus category and the tie-breaks of each edition."""

from __future__ import annotations

import json

import pytest


def score(cli, *players, edition="2016", first=None):
    args = ["score", "--json", "--edition", edition]
    for p in players:
        args += ["-p", p]
    if first:
        args += ["--first", first]
    result = cli(*args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def breakdown(report, name):
    return next(p for p in report["players"] if p["name"] == name)["breakdown"]


@pytest.mark.parametrize("city, extra, expected", [
    ("Imperial Treasury", "; gold 4", {"districts": 5, "imperial-treasury": 4}),
    ("Map Room", "; hand 3", {"districts": 5, "map-room": 3}),
    ("Wishing Well, Keep, Statue", "", {"districts": 11, "wishing-well": 3}),
    ("Statue", "; crown", {"districts": 3, "statue": 5}),
    ("Statue", "", {"districts": 3}),
    ("Ivory Tower, Temple", "", {"districts": 6, "ivory-tower": 5}),
    ("Ivory Tower, Keep", "", {"districts": 8}),
    ("Basilica, Temple, Manor, Castle", "", {"districts": 12, "basilica": 2}),
    ("Capitol, Temple, Church, Monastery", "", {"districts": 11, "capitol": 3}),
    ("Capitol, Temple, Church", "", {"districts": 8}),
    ("Dragon Gate", "", {"districts": 6, "dragon-gate": 2}),
    ("Temple", "; cards Secret Vault", {"districts": 1, "secret-vault": 3}),
])
def test_unique_bonuses_2016(cli, city, extra, expected):
    report = score(cli, "Bob: Manor", f"Ann: {city}{extra}")   # Bob first: he holds the crown by default
    assert breakdown(report, "Ann") == expected


def test_classic_wishing_well_counts_other_purples_and_university_is_worth_eight(cli):
    report = score(cli, "Ann: Wishing Well, Keep, University", "Bob: Manor", edition="classic")
    assert breakdown(report, "Ann") == {"districts": 5 + 3 + 8, "wishing-well": 2}


def test_museum_counts_stored_cards(situation):
    from referee.situation import load, read_text  # noqa: F401 (the fixture runs the file)

    report = situation("""
[[players]]
name = "Ann"
city = [{ name = "Museum", stored = 3 }, { name = "Temple", beautified = true }]
[[players]]
name = "Bob"
""")
    assert report["state"]["players"][0]["score"] == 4 + 3 + 2


def test_haunted_quarter_completes_five_types(cli):
    report = score(cli, "Ann: Temple, Manor, Tavern, Watchtower, Haunted Quarter", "Bob: Manor")
    assert breakdown(report, "Ann") == {"districts": 1 + 3 + 1 + 1 + 2, "five_types": 3}


def test_monument_counts_twice_toward_completion(cli):
    report = score(cli, "Ann: Monument, Temple, Manor, Tavern, Watchtower, Castle", "Bob: Manor", "Cid: Docks",
                   "Dee: Prison", first="Ann")
    assert breakdown(report, "Ann")["first_complete"] == 4


def test_second_completed_city_scores_two(cli):
    city = "Temple, Church, Manor, Castle, Tavern, Market, Prison"
    report = score(cli, f"Ann: {city}", f"Bob: {city}", "Cid: Docks", "Dee: Keep", first="Bob")
    assert breakdown(report, "Bob")["first_complete"] == 4
    assert breakdown(report, "Ann")["completed"] == 2


def test_classic_tie_break_is_district_value_then_gold(cli):
    report = score(cli, "Ann: Castle, Temple; gold 1", "Bob: Palace; gold 5", edition="classic")
    assert report["players"][0]["score"] == report["players"][1]["score"] == 5
    assert report["winners"] == ["Bob"] or report["winners"] == ["Ann"]
    assert report["tie_break"] == "district-value-then-gold"
    assert report["winners"] == ["Bob"]   # same district value (5): Bob has more gold


def test_tie_break_variants(situation, rulebooks):
    from referee.engine.scoring import scores, winners
    from referee.situation import load, read_text

    text = """
edition = "classic"
variants = [%s]
[[players]]
name = "Ann"
gold = 1
city = ["Castle", "Temple"]
[[players]]
name = "Bob"
gold = 5
city = ["Palace"]
"""
    for variant, expected in (('"tie-shared"', ["Ann", "Bob"]), ('"tie-gold"', ["Bob"]), ("", ["Bob"])):
        game = load(read_text(text % variant), rulebooks["classic"]).game
        assert winners(game.rb, game.state, scores(game.rb, game.state))[0] == expected


def test_2016_tie_break_highest_rank_revealed(rulebooks):
    from referee.engine.scoring import scores, winners
    from referee.situation import load, read_text

    game = load(read_text("""
[table]
end_at = 3
[[players]]
name = "Ann"
characters = ["King"]
city = ["Cathedral", "Palace"]
[[players]]
name = "Bob"
characters = ["Warlord"]
city = ["Cathedral", "Palace"]
[[players]]
name = "Cid"
characters = ["Thief"]
gold = 3
hand = ["Manor"]
city = ["Temple", "Watchtower"]
"""), rulebooks["2016"]).game
    for text in ("Cid: gold", "Cid: build Manor", "Ann: gold", "Bob: gold", "Bob: end"):
        game.apply(game.parse(text))
    assert game.is_over
    assert [r["score"] for r in game.scores()] == [10, 10, 9]
    assert winners(game.rb, game.state, scores(game.rb, game.state)) == (["Bob"], "highest-rank-revealed")
