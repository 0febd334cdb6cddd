"""Situation files that describe impossible positions or break the format are refused: exit 2."""

from __future__ import annotations

import pytest

GOOD = """
[[players]]
name = "Ann"
characters = ["King"]
[[players]]
name = "Bob"
characters = ["Thief"]
[play]
moves = ["Bob: gold"]
"""


@pytest.mark.parametrize("text, words", [
    ("bogus = 1\n" + GOOD, "unknown key 'bogus'"),
    (GOOD.replace('name = "Ann"', 'name = "Ann"\ncolour = "red"'), "unknown key 'players[0].colour'"),
    ('[[players]]\nname = "Ann"\n', "a game has 2 to 8"),
    ("".join(f'[[players]]\nname = "P{i}"\n' for i in range(9)), "a game has 2 to 8"),
    (GOOD.replace('name = "Bob"', 'name = "ann"'), "two players are called"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["King"]'), "held by 2 players"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Queen"]'), "not in the character set"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Thief"]\ngold = -1'), "negative gold"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Thief"]\ncity = ["Temple", "Temple"]'), "no power allows"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Thief"]\nhand = ["Cathedral", "Cathedral", "Cathedral"]'), "has 2"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Thieff"]'), "players[1].characters[0]: unknown character 'Thieff'; closest: Thief"),
    # (which entry: a name misspelled in the cast, in a city, in one player's list given twice)
    ("[table]\ncharacters = ['Assassin', 'Thief', 'Magician', 'King', 'Bishop', 'Merchent', 'Architect', 'Warlord']\n" + GOOD,
     "table.characters[5]: unknown character 'Merchent'"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Thief"]\ncity = ["Temple", "Tavrn"]'),
     "players[1].city[1]: unknown district 'Tavrn'"),
    (GOOD.replace('characters = ["Thief"]', 'characters = ["Thief", "Thief"]'), "players[1].characters: the Thief is listed twice"),
    (GOOD.replace('"Bob: gold"', '"Bob: build Castel"'), "unknown district"),
    (GOOD.replace('"Bob: gold"', '"Zed: gold"'), "Zed"),
    ("edition = 1999\n" + GOOD, "edition"),
    ("[[players]\n", "not valid TOML"),
])
def test_bad_situations(cli, text, words):
    result = cli("ask", "-", stdin=text)
    assert result.returncode == 2, result.stdout
    assert result.stdout == ""
    assert words in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_illegal_move_is_reported_and_not_applied(situation):
    report = situation(GOOD.replace('["Bob: gold"]', '["Bob: build Palace", "Bob: gold", "Bob: gold"]'))
    assert [s["legal"] for s in report["steps"]] == [False, True, False]
    assert report["state"]["players"][1]["gold"] == 2


def test_chinese_moves_and_names(situation):
    report = situation(GOOD.replace('["Bob: gold"]', '["盜賊: 偷 國王", "Bob: 拿金幣", "2: end", "Ann: 收入"]'))
    assert [s["move"] for s in report["steps"]] == ["Thief: rob King", "Thief: gold", "Thief: end", "King: income"]
    assert all(s["legal"] for s in report["steps"])


FOUR = """
[table]
crown = "Ann"
[[players]]
name = "Ann"
characters = ["King"]
[[players]]
name = "Bob"
characters = ["Thief"]
[[players]]
name = "Cid"
characters = ["Warlord"]
[[players]]
name = "Dee"
characters = ["Bishop"]
[play]
moves = %s
"""


def test_next_round_selection_is_recorded_at_the_table(situation):
    moves = ["Bob: gold", "Ann: gold", "Dee: gold", "Cid: gold", "Cid: end",
             "Ann: pick Warlord",                     # the face-up discards come first
             "Ann: faceup King, Thief",               # rank 4 is never face up
             "Ann: faceup Thief, Bishop",
             "Ann: pick Bishop",                      # shown face up: not in the pile
             "Ann: pick Warlord", "Bob: pick Warlord", "Bob: pick Assassin", "Cid: pick Magician", "Dee: pick King",
             "Dee: gold"]                             # the King's turn: the uncalled Assassin is passed over
    report = situation(FOUR % moves)
    assert [s["legal"] for s in report["steps"]] == [True] * 5 + [False, False, True, False, True, False, True, True,
                                                                   True, True]
    assert report["state"]["round"] == 2
    assert [p["characters"] for p in report["state"]["players"]] == [["Warlord"], ["Assassin"], ["Magician"], ["King"]]
    assert report["state"]["crown"] == "Dee"
    assert "draft.rank4-faceup.2016" in report["steps"][6]["citations"]


def test_bell_tower_announced_earlier(situation):
    text = """
edition = "classic"
[table]
bell_tower = true
[[players]]
name = "Ann"
characters = ["King"]
city = ["Bell Tower"]
[[players]]
name = "Bob"
characters = ["Warlord"]
gold = 5
[[players]]
name = "Cid"
characters = ["Merchant"]
gold = 5
hand = ["Prison"]
city = ["Temple", "Church", "Manor", "Castle", "Tavern", "Market"]
[[players]]
name = "Dee"
characters = ["Assassin"]
[play]
moves = ["Cid: gold", "Cid: build Prison", "Bob: gold", "Bob: destroy Cid Prison"]
"""
    report = situation(text)
    assert [s["legal"] for s in report["steps"]] == [True, True, True, False]   # 7 is complete: protected
    assert report["steps"][-1]["citations"] == ["warlord.completed-city"]


def test_a_toml_reason_without_a_place_is_said_without_its_english(monkeypatch):
    """A tomllib whose reason names no place (another Python's wording) still says no English
    words to a Chinese player: the refusal is then only that the file is not TOML."""
    import tomllib

    from referee import situation
    from referee.errors import BadSituation

    def refuse(text):
        raise tomllib.TOMLDecodeError("Invalid statement")

    monkeypatch.setattr(situation.tomllib, "loads", refuse)
    with pytest.raises(BadSituation) as caught:
        situation.read_text("x")
    assert [caught.value.render(lang) for lang in ("en", "zh-Hant", "zh-Hans")] == [
        "not valid TOML", "不是有效的 TOML", "不是有效的 TOML"]
