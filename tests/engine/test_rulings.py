"""FAQ rulings about the base characters and the base game, each run through the engine."""

from __future__ import annotations

import pytest


def three(edition="2016", ann="", bob="", cid="", moves=(), table="", variants=()):
    """A three-player situation; each player line is TOML for the [[players]] table."""
    return f"""
edition = "{edition}"
variants = {list(variants)!r}
[table]
{table}
[[players]]
name = "Ann"
{ann}
[[players]]
name = "Bob"
{bob}
[[players]]
name = "Cid"
{cid}
[play]
moves = {list(moves)!r}
""".replace("'", '"')


def verdicts(report):
    return [s["legal"] for s in report["steps"]]


def player(report, name):
    return next(p for p in report["state"]["players"] if p["name"] == name)


def test_thief_cannot_rob_the_killed_character(situation):
    report = situation(three(ann='characters = ["Assassin"]', bob='characters = ["Thief"]', cid='characters = ["King"]',
                             moves=["Ann: kill King", "Ann: gold", "Bob: rob King", "Bob: rob Merchant"]))
    assert verdicts(report) == [True, True, False, True]
    assert "thief.rob-killed-character" in report["steps"][2]["citations"]


def test_thief_cannot_rob_rank_one_or_himself(situation):
    report = situation(three(ann='characters = ["Thief"]', bob='characters = ["King"]', cid='characters = ["Bishop"]',
                             moves=["Ann: rob Assassin", "Ann: rob Thief", "Ann: rob 4"]))
    assert verdicts(report) == [False, False, True]


def test_robbed_gold_is_taken_on_reveal_before_income(situation):
    report = situation(three(ann='characters = ["Thief"]\ngold = 0', bob='characters = ["King"]\ngold = 3\ncity = ["Manor", "Castle"]',
                             cid='characters = ["Bishop"]', moves=["Ann: rob King", "Ann: gold", "Bob: income", "Bob: gold"]))
    assert verdicts(report) == [True, True, True, True]
    assert player(report, "Ann")["gold"] == 2 + 3      # only what Bob had when revealed
    assert player(report, "Bob")["gold"] == 2 + 2      # income and gathering after the theft


def test_killed_character_loses_turn_and_king_heir_takes_crown(situation):
    report = situation(three(table='crown = "Cid"', ann='characters = ["Assassin"]', bob='characters = ["King"]\ngold = 1',
                             cid='characters = ["Warlord"]',
                             moves=["Ann: kill King", "Ann: gold", "Bob: gold", "Cid: gold", "Cid: end"]))
    assert verdicts(report) == [True, True, False, True, True]
    assert player(report, "Bob")["gold"] == 1
    assert report["state"]["crown"] == "Bob"          # the heir takes the crown at the end of the round
    assert "assassin.killed-loses-turn" in report["steps"][2]["citations"]


def test_crown_stays_when_nobody_is_king(situation):
    report = situation(three(table='crown = "Cid"', ann='characters = ["Assassin"]', bob='characters = ["Bishop"]',
                             cid='characters = ["Warlord"]', moves=["Ann: gold", "Bob: gold", "Cid: gold", "Cid: end"]))
    assert all(verdicts(report))
    assert report["state"]["crown"] == "Cid"


def test_warlord_cannot_destroy_living_bishop(situation):
    report = situation(three(ann='characters = ["Bishop"]\ncity = ["Temple"]', bob='characters = ["Warlord"]\ngold = 5',
                             cid='characters = ["King"]\ncity = ["Manor"]',
                             moves=["Ann: gold", "Bob: gold", "Bob: destroy Ann Temple", "Bob: destroy Cid Manor"]))
    assert verdicts(report) == [True, True, False, True]
    assert player(report, "Bob")["gold"] == 5 + 2 - 2
    assert "bishop.killed-no-protection" in report["steps"][2]["citations"]


def test_warlord_may_destroy_killed_bishop(situation):
    report = situation(three(ann='characters = ["Assassin"]', bob='characters = ["Bishop"]\ncity = ["Church"]',
                             cid='characters = ["Warlord"]\ngold = 1',
                             moves=["Ann: kill Bishop", "Ann: gold", "Cid: gold", "Cid: destroy Bob Church"]))
    assert verdicts(report) == [True, True, True, True]
    assert player(report, "Bob")["city"] == []
    assert player(report, "Cid")["gold"] == 1 + 2 - 1


def test_warlord_own_district_and_cost(situation):
    report = situation(three(ann='characters = ["Warlord"]\ngold = 3\ncity = ["Watchtower", "Fortress"]',
                             bob='characters = ["King"]', cid='characters = ["Bishop"]',
                             moves=["Ann: gold", "Ann: destroy Ann Fortress", "Ann: destroy Ann Watchtower"]))
    assert verdicts(report) == [True, True, False]      # 5 - 1 = 4 gold; once per turn
    assert player(report, "Ann")["gold"] == 1
    assert player(report, "Ann")["city"] == ["Watchtower"]


def test_warlord_cannot_touch_a_completed_city(situation):
    city = 'city = ["Temple", "Church", "Manor", "Castle", "Tavern", "Market", "Prison"]'
    report = situation(three(ann='characters = ["Warlord"]\ngold = 9', bob='characters = ["King"]\n' + city,
                             cid='characters = ["Magician"]\ncity = ["Temple"]',
                             moves=["Ann: gold", "Ann: destroy Bob Temple"], table="end_at = 7"))
    assert verdicts(report) == [True, False]
    assert "warlord.completed-city" in report["steps"][1]["citations"]


def test_keep_and_great_wall(situation):
    report = situation(three(ann='characters = ["Warlord"]\ngold = 9',
                             bob='characters = ["King"]\ncity = ["Keep", "Great Wall", "Manor"]',
                             cid='characters = ["Magician"]',
                             moves=["Ann: gold", "Ann: destroy Bob Keep", "Ann: destroy Bob Manor"]))
    assert verdicts(report) == [True, False, True]
    assert player(report, "Ann")["gold"] == 9 + 2 - 3   # Manor 3 - 1 + 1 for the Great Wall


def test_great_wall_itself_is_a_named_variant(situation):
    base = dict(ann='characters = ["Warlord"]\ngold = 9', bob='characters = ["King"]\ncity = ["Great Wall"]',
                cid='characters = ["Magician"]', moves=["Ann: gold", "Ann: destroy Bob Great Wall"])
    plain = situation(three(**base))
    variant = situation(three(**base, variants=["great-wall-includes-itself"]))
    assert player(plain, "Ann")["gold"] == 11 - 5
    assert player(variant, "Ann")["gold"] == 11 - 6


def test_classic_dragon_gate_costs_five_to_destroy_or_seven_by_variant(situation):
    base = dict(edition="classic", ann='characters = ["Warlord"]\ngold = 9', bob='characters = ["King"]\ncity = ["Dragon Gate"]',
                cid='characters = ["Magician"]', moves=["Ann: gold", "Ann: destroy Bob Dragon Gate"])
    assert player(situation(three(**base)), "Ann")["gold"] == 11 - 5
    assert player(situation(three(**base, variants=["warlord-full-value"])), "Ann")["gold"] == 11 - 7


def test_classic_warlord_destroys_at_end_of_turn(situation):
    report = situation(three(edition="classic", ann='characters = ["Warlord"]\ngold = 9\nhand = ["Temple"]',
                             bob='characters = ["King"]\ncity = ["Manor"]', cid='characters = ["Magician"]',
                             moves=["Ann: gold", "Ann: destroy Bob Manor", "Ann: build Temple"]))
    assert verdicts(report) == [True, True, False]
    assert "warlord.when-to-use-ability" in report["steps"][2]["citations"]


def test_build_limit_duplicates_cost_and_gathering(situation):
    report = situation(three(ann='characters = ["King"]\ngold = 3\nhand = ["Temple", "Temple", "Palace"]\ncity = ["Temple"]',
                             bob='characters = ["Bishop"]', cid='characters = ["Warlord"]',
                             moves=["Ann: build Palace", "Ann: gold", "Ann: build Temple", "Ann: build Palace",
                                    "Ann: income", "Ann: income"]))
    assert verdicts(report) == [False, True, False, True, True, False]
    ann = player(report, "Ann")
    assert ann["city"] == ["Temple", "Palace"]
    assert ann["gold"] == 3 + 2 - 5 + 1     # noble income counts the Palace built this turn


def test_merchant_and_architect_bonuses(situation):
    report = situation(three(ann='characters = ["Merchant"]\ncity = ["Market"]', bob='characters = ["Architect"]\nhand = []',
                             cid='characters = ["Warlord"]', moves=["Ann: draw", "Ann: income", "Bob: gold"]))
    assert all(verdicts(report))
    assert player(report, "Ann")["gold"] == 0 + 1 + 1
    assert player(report, "Ann")["hand_count"] == 1
    assert player(report, "Bob")["hand_count"] == 2


def test_magician_swaps_and_redraws(situation):
    report = situation(three(ann='characters = ["Magician"]\nhand = ["Temple", "Manor"]', bob='characters = ["King"]\nhand = ["Castle"]',
                             cid='characters = ["Warlord"]', moves=["Ann: swap Ann", "Ann: swap Bob", "Ann: redraw Castle"]))
    assert verdicts(report) == [False, True, False]
    assert player(report, "Ann")["hand"] == ["Castle"]
    assert player(report, "Bob")["hand"] == ["Temple", "Manor"]


def test_library_and_observatory_draws(situation):
    report = situation(three(table='deck = ["Temple", "Manor", "Castle", "Palace", "Tavern"]',
                             ann='characters = ["King"]\ncity = ["Library", "Observatory"]', bob='characters = ["Bishop"]',
                             cid='characters = ["Warlord"]',
                             moves=["Ann: draw", "Bob: draw keep Castle", "Bob: draw keep Palace", "Cid: draw"]))
    assert verdicts(report) == [True, False, True, True]
    assert player(report, "Ann")["hand"] == ["Temple", "Manor", "Castle"]   # 2016: draw 3, keep all
    assert player(report, "Bob")["hand"] == ["Palace"]
    assert player(report, "Cid")["hand"] == ["?"]      # beyond the known top the deck is unknown


def test_laboratory_pays_by_edition(situation):
    for edition, gold in (("classic", 1), ("2016", 2)):
        report = situation(three(edition=edition, ann='characters = ["King"]\ncity = ["Laboratory"]\nhand = ["Temple"]',
                                 bob='characters = ["Bishop"]', cid='characters = ["Warlord"]',
                                 moves=["Ann: gold", "Ann: use Laboratory discard Temple", "Ann: use Laboratory discard Temple"]))
        assert verdicts(report) == [True, True, False]
        assert player(report, "Ann")["gold"] == 2 + gold


def test_smithy(situation):
    report = situation(three(ann='characters = ["King"]\ncity = ["Smithy"]\ngold = 1', bob='characters = ["Bishop"]',
                             cid='characters = ["Warlord"]', moves=["Ann: gold", "Ann: use Smithy", "Ann: use Smithy"]))
    assert verdicts(report) == [True, True, False]
    assert player(report, "Ann")["gold"] == 1 and player(report, "Ann")["hand_count"] == 3


def test_graveyard_buys_back_destroyed_district(situation):
    report = situation(three(edition="classic", ann='characters = ["Warlord"]\ngold = 4',
                             bob='characters = ["King"]\ncity = ["Graveyard", "Manor"]\ngold = 1', cid='characters = ["Magician"]',
                             moves=["Ann: gold", "Ann: destroy Bob Manor", "Bob: use Graveyard"]))
    assert verdicts(report) == [True, True, True]
    assert player(report, "Bob")["hand"] == ["Manor"] and player(report, "Bob")["gold"] == 0


def test_armory_own_city_and_completed_city(situation):
    full = 'city = ["Temple", "Church", "Manor", "Castle", "Tavern", "Market", "Prison"]'
    classic = situation(three(edition="classic", ann='characters = ["King"]\ncity = ["Armory", "Manor"]',
                              bob='characters = ["Bishop"]\n' + full, cid='characters = ["Warlord"]', table="end_at = 7",
                              moves=["Ann: gold", "Ann: use Armory Ann Manor", "Ann: use Armory Bob Temple"]))
    assert verdicts(classic) == [True, False, True]       # not its own city; a completed city, yes (classic)
    new = situation(three(table="end_at = 7", ann='characters = ["King"]\ncity = ["Armory", "Manor"]', bob='characters = ["Bishop"]\n' + full,
                          cid='characters = ["Warlord"]', moves=["Ann: gold", "Ann: use Armory Bob Temple"]))
    assert verdicts(new) == [True, False]
    assert "armory.completed-city" in new["steps"][1]["citations"]


def test_completing_a_city_ends_the_game_after_the_round(situation):
    city = 'city = ["Temple", "Church", "Manor", "Castle", "Tavern", "Market"]'
    report = situation(three(ann='characters = ["Assassin"]\ngold = 5\nhand = ["Prison"]\n' + city, bob='characters = ["King"]',
                             cid='characters = ["Warlord"]\ngold = 9',
                             moves=["Ann: gold", "Ann: build Prison", "Cid: gold", "Cid: destroy Ann Prison", "Cid: end"]))
    # 3 players in 2016 complete at 8: the Prison makes 7, not complete; the Warlord may destroy it.
    assert verdicts(report) == [True, True, True, True, True]
    assert report["state"]["game_over"] is False
    four = situation(three(ann='characters = ["Assassin"]\ngold = 5\nhand = ["Prison"]\n' + city, bob='characters = ["King"]',
                           cid='characters = ["Warlord"]\ngold = 9', table="end_at = 7",
                           moves=["Ann: gold", "Ann: build Prison", "Cid: gold", "Cid: destroy Ann Prison", "Cid: end"]))
    assert [s["legal"] for s in four["steps"]] == [True, True, True, False, True]
    assert four["state"]["game_over"] is True
    ann = player(four, "Ann")
    assert ann["score"] == 1 + 2 + 3 + 4 + 1 + 2 + 2 + 4    # districts 15, first to complete +4 (four types only)


def test_short_game_variant_ends_classic_at_seven(situation):
    city = 'city = ["Temple", "Church", "Manor", "Castle", "Tavern", "Market"]'
    moves = ["Ann: gold", "Ann: build Prison", "Cid: gold", "Cid: end"]
    base = dict(edition="classic", ann='characters = ["Assassin"]\ngold = 5\nhand = ["Prison"]\n' + city,
                bob='characters = ["King"]', cid='characters = ["Warlord"]', moves=moves)
    assert situation(three(**base))["state"]["game_over"] is False
    assert situation(three(**base, variants=["short-game"]))["state"]["game_over"] is True


QUEEN = """
[table]
characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Queen"]
crown = "Ann"
[[players]]
name = "Ann"
characters = ["Assassin"]
[[players]]
name = "Bob"
characters = ["King"]
[[players]]
name = "Cid"
characters = ["Queen"]
[[players]]
name = "Dee"
characters = ["Bishop"]
[[players]]
name = "Eve"
characters = ["Warlord"]
[play]
moves = %s
"""


def test_queen_beside_the_king_gains_three(situation):
    report = situation(QUEEN % ["Ann: gold", "Bob: gold", "Cid: gold"])
    assert player(report, "Cid")["gold"] == 3 + 2       # players start with no gold here


def test_queen_beside_a_killed_king_is_paid_at_the_end_of_the_round(situation):
    report = situation(QUEEN % ["Ann: kill King", "Ann: gold", "Cid: gold", "Cid: end"])
    assert [s["legal"] for s in report["steps"]] == [True] * 4
    assert player(report, "Cid")["gold"] == 2 + 3
    assert report["state"]["crown"] == "Bob"


def test_queen_not_beside_the_king_gains_nothing(situation):
    text = (QUEEN % ["Ann: gold", "Bob: gold", "Eve: gold", "Eve: end"]).replace('characters = ["Queen"]', 'characters = ["Warlord"]', 1)
    text = text.replace('name = "Eve"\ncharacters = ["Warlord"]', 'name = "Eve"\ncharacters = ["Queen"]')
    report = situation(text.replace('"Eve: gold", "Eve: end"', '"Eve: gold"'))
    assert player(report, "Eve")["gold"] == 2
