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
    assert report["tie_break"] == "district-value-then-gold"
    assert report["winners"] == ["Bob"]   # same district value (5): Bob has more gold
    # The same tie the other way round: the gold decides, not the seat.
    report = score(cli, "Ann: Castle, Temple; gold 6", "Bob: Palace; gold 5", edition="classic")
    assert report["players"][0]["score"] == report["players"][1]["score"] == 5
    assert report["winners"] == ["Ann"]


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


_TIE_2016 = """
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
characters = ["%s"]
gold = 3
hand = ["Manor"]
city = ["Temple", "Watchtower"]
"""


def test_2016_tie_break_highest_rank_revealed(rulebooks):
    from referee.engine.scoring import scores, winners
    from referee.situation import load, read_text

    game = load(read_text(_TIE_2016 % "Thief"), rulebooks["2016"]).game
    for text in ("Cid: gold", "Cid: build Manor", "Ann: gold", "Bob: gold", "Bob: end"):
        game.apply(game.parse(text))
    assert game.is_over
    assert [r["score"] for r in game.scores()] == [10, 10, 9]
    assert winners(game.rb, game.state, scores(game.rb, game.state)) == (["Bob"], "highest-rank-revealed")


@pytest.mark.parametrize("cid, first, winner", [
    # The Warlord (8) killed: Bob never reveals him, so the King (4) is the highest revealed.
    ("Assassin", "Cid: kill Warlord", ["Ann"]),
    # Robbed, the Warlord is still revealed and plays: Bob's rank 8 wins the tie.
    ("Thief", "Cid: rob Warlord", ["Bob"]),
])
def test_2016_tie_break_with_the_highest_rank_killed_or_robbed(rulebooks, cid, first, winner):
    """Worked by hand: Ann and Bob both score 10 (Cathedral 5, Palace 5), Cid 9 (Temple 1,
    Watchtower 1, Manor 3, the first complete city 4); the tie goes to the highest rank revealed
    in the last round, and a killed character is never revealed."""
    from referee.engine.scoring import scores, winners
    from referee.situation import load, read_text

    game = load(read_text(_TIE_2016 % cid), rulebooks["2016"]).game
    moves = [first, "Cid: gold", "Cid: build Manor", "Ann: gold", "Ann: end"]
    if winner == ["Bob"]:
        moves += ["Bob: gold", "Bob: end"]
    for text in moves:
        game.apply(game.parse(text))
    assert game.is_over
    assert [r["score"] for r in game.scores()] == [10, 10, 9]
    assert winners(game.rb, game.state, scores(game.rb, game.state)) == (winner, "highest-rank-revealed")


def test_2016_tie_break_with_the_highest_rank_never_called(rulebooks):
    """Nobody holds the Warlord (8), the cast's highest rank: it is never called and counts for
    nobody; Bob's Merchant (6) beats Ann's King (4)."""
    from referee.engine.scoring import scores, winners
    from referee.situation import load, read_text

    text = (_TIE_2016 % "Thief").replace('characters = ["Warlord"]', 'characters = ["Merchant"]')
    game = load(read_text(text), rulebooks["2016"]).game
    for move in ("Cid: gold", "Cid: build Manor", "Ann: gold", "Ann: end", "Bob: gold", "Bob: end"):
        game.apply(game.parse(move))
    assert game.is_over
    results = scores(game.rb, game.state)
    assert [r["score"] for r in results] == [10, 10, 9]
    assert winners(game.rb, game.state, results) == (["Bob"], "highest-rank-revealed")
    assert "warlord" not in game.state.last_round_revealed
