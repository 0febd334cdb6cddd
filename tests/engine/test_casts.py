"""Casts: the rulebook's presets, free casts checked against the rules, random legal casts for
simulations, and the places that use them (Game.new, situation files, the CLI)."""

from __future__ import annotations

import json
import random

import pytest

from referee.engine import Game
from referee.engine.casts import (IllegalCast, character_problem, check_cast, excluded_uniques, preset_cast,
                                  preset_named, random_cast, rank9_allowed, rank9_required, require_legal)
from referee.errors import BadSituation

BASE = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def test_the_presets_are_the_rulebooks(rulebooks):
    rb = rulebooks["2016"]
    assert set(rb.casts) == {"first-game", "ambitious-aristocrats", "cunning-agents", "illustrious-emissaries",
                             "devious-dignitaries", "tenacious-delegates", "vicious-nobles"}
    assert rulebooks["classic"].casts == {}
    agents = rb.casts["cunning-agents"]
    assert agents.characters[3] == "emperor" and agents.rank9 == "tax-collector"
    assert "theater" in agents.uniques and len(agents.uniques) == 14
    assert preset_named(rb, "尔虞我诈") is agents and preset_named(rb, "cunning agents") is agents
    assert preset_named(rb, "狡猾密探") is agents and preset_named(rb, "Sneaky Folk") is None


@pytest.mark.parametrize("players", range(2, 9))
def test_every_preset_gives_a_legal_cast_for_every_player_count(rulebooks, players):
    rb = rulebooks["2016"]
    for preset in rb.casts.values():
        for nine in (False, True):
            cast = preset_cast(rb, preset, players, nine)
            assert check_cast(rb, players, cast) is None
            assert len(cast) == (9 if players in (3, 8) or (nine and 4 <= players <= 7) else 8)


def test_presets_replace_what_the_player_count_forbids(rulebooks):
    rb = rulebooks["2016"]
    emissaries = rb.casts["illustrious-emissaries"]
    assert preset_cast(rb, emissaries, 2)[3] == "king"                  # no Emperor with 2 players
    assert preset_cast(rb, emissaries, 3)[3] == "emperor"
    assert {preset_cast(rb, emissaries, 2, rng=random.Random(s))[3] for s in range(20)} == {"king", "patrician"}
    aristocrats = rb.casts["ambitious-aristocrats"]
    assert preset_cast(rb, aristocrats, 3)[-1] == "artist"              # no Queen with 3-4 players
    assert preset_cast(rb, aristocrats, 4, nine=True)[-1] == "artist"
    assert preset_cast(rb, aristocrats, 5, nine=True)[-1] == "queen"
    assert preset_cast(rb, aristocrats, 5)[-1] == "marshal"              # optional: left out unless asked
    assert preset_cast(rb, aristocrats, 2, nine=True)[-1] == "marshal"   # never with 2 players


@pytest.mark.parametrize("edition, players, cast, problem", [
    ("2016", 5, BASE[:7], "no rank 8"),
    ("2016", 5, BASE + ("diplomat",), "Warlord and Diplomat are both rank 8"),
    ("2016", 5, BASE + ("king",), "listed twice"),
    ("2016", 3, BASE, "3 players need a rank 9"),
    ("2016", 8, BASE, "8 players need a rank 9"),
    ("classic", 8, BASE, "8 players need a rank 9"),
    ("2016", 2, BASE + ("artist",), "no rank 9 character with 2 players"),
    ("classic", 3, BASE + ("artist",), "no rank 9 character with 3 players"),
    ("2016", 4, BASE + ("queen",), "Queen needs at least 5 players"),
    ("2016", 3, BASE + ("queen",), "Queen needs at least 5 players"),
    ("2016", 2, ("assassin", "thief", "magician", "emperor", *BASE[4:]), "Emperor is not used with 2 players"),
    ("classic", 5, ("magistrate", *BASE[1:]), "not a character of the classic edition"),
])
def test_illegal_casts_are_named(rulebooks, edition, players, cast, problem):
    found = check_cast(rulebooks[edition], players, cast)
    assert found is not None and problem in found


@pytest.mark.parametrize("edition, players, cast", [
    ("2016", 3, BASE + ("tax-collector",)),
    ("2016", 5, BASE + ("queen",)),
    ("2016", 6, BASE),
    ("2016", 2, ("witch", "spy", "seer", "patrician", "cardinal", "trader", "scholar", "marshal")),
    ("classic", 2, ("assassin", "thief", "magician", "emperor", *BASE[4:])),   # only the 2016 Emperor is barred
    ("classic", 5, ("witch", "tax-collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat", "artist")),
    ("classic", 8, BASE + ("queen",)),
])
def test_legal_casts_pass(rulebooks, edition, players, cast):
    assert check_cast(rulebooks[edition], players, cast) is None


def test_random_casts_are_legal_and_reach_every_usable_character(rulebooks):
    for edition, rb in rulebooks.items():
        seen = set()
        for players in range(2, 9):
            for seed in range(60):
                cast = random_cast(rb, players, random.Random(seed))
                assert check_cast(rb, players, cast) is None
                seen.update(cast)
        assert seen == set(rb.characters), edition
    only_base = random_cast(rulebooks["2016"], 5, random.Random(1), usable=lambda c: c in BASE)
    assert only_base == BASE


def test_random_casts_draw_among_each_ranks_options_in_id_order(rulebooks):
    """The draws of random_cast are those of choosing among `rb.by_rank(rank)`'s usable and
    allowed characters, rank by rank (then the rank 9 where it may play): the casts a seed gives
    (simulations, the bench) stay those it gave."""
    def drawn(rb, players, rng, usable):
        def pool(rank):
            return [c for c in rb.by_rank(rank) if usable(c) and character_problem(rb, c, players) is None]
        cast = [rng.choice(pool(rank)) for rank in range(1, 9)]
        nines = pool(9) if rank9_allowed(rb, players) else []
        if nines and (rank9_required(rb, players) or rng.random() < 0.5):
            cast.append(rng.choice(nines))
        return tuple(cast)

    for edition, rb in rulebooks.items():
        for players in range(2, 9):
            for seed in range(30):
                usable = (lambda c: True) if seed % 3 else (lambda c: c not in ("witch", "thief", "queen"))
                assert random_cast(rb, players, random.Random(seed), usable) == \
                    drawn(rb, players, random.Random(seed), usable), (edition, players, seed)


def test_a_cast_judged_once_is_judged_alike_again(rulebooks):
    """require_legal keeps the casts it found legal (Game.new judges each dealt game's cast):
    asked again, for any player count and either edition, it answers as check_cast does."""
    casts = [BASE, BASE + ("queen",), BASE + ("tax-collector",), ("assassin", "thief", "magician", "emperor", *BASE[4:]),
             ("magistrate", *BASE[1:]), ("witch", "spy", "seer", "patrician", "cardinal", "trader", "scholar", "marshal")]
    casts += [random_cast(rulebooks["2016"], players, random.Random(seed)) for players in (2, 5, 8) for seed in range(5)]
    for _ in range(2):
        for edition, rb in rulebooks.items():
            for players in range(2, 9):
                for cast in casts:
                    problem = check_cast(rb, players, cast)
                    if problem is None:
                        assert require_legal(rb, players, list(cast)) == cast
                    else:
                        with pytest.raises(IllegalCast) as refused:
                            require_legal(rb, players, cast)
                        assert str(refused.value) == problem


def test_game_new_refuses_an_illegal_cast(rulebooks):
    with pytest.raises(IllegalCast, match="Queen needs at least 5 players"):
        Game.new(rulebooks["2016"], ["A", "B", "C", "D"], characters=BASE + ("queen",))


def test_a_classic_cast_takes_its_excluded_uniques_out_of_the_deck(rulebooks):
    rb = rulebooks["classic"]
    cast = BASE[:7] + ("diplomat",)
    assert excluded_uniques(rb, cast) == {"graveyard"}
    assert excluded_uniques(rulebooks["2016"], cast) == set()
    for seed in range(5):
        game = Game.new(rb, ["A", "B", "C", "D"], seed=seed, characters=cast)
        cards = game.state.deck + [c for p in game.state.players for c in p.hand]
        assert "graveyard" not in cards
    with_warlord = Game.new(rb, ["A", "B", "C", "D"], seed=0, characters=BASE)
    assert "graveyard" in with_warlord.state.deck + [c for p in with_warlord.state.players for c in p.hand]


SITUATION = """
edition = "{edition}"
[table]
characters = {characters}
{players}
[play]
moves = ["Ann: gold"]
"""


def _situation(characters: str, players: int = 2, edition: str = "2016", extra: str = "") -> str:
    seats = "\n".join(f'[[players]]\nname = "{n}"\n' + (extra if i == 0 else "")
                      for i, n in enumerate(["Ann", "Bob", "Cid", "Dee", "Eve"][:players]))
    return SITUATION.format(edition=edition, characters=characters, players=seats)


def _load(text: str, rulebooks):
    from referee.situation import edition_of, load, read_text

    data = read_text(text)
    return load(data, rulebooks[edition_of(data)])


def test_a_situation_names_a_preset(rulebooks):
    found = _load(_situation('"Illustrious Emissaries"'), rulebooks)
    assert found.game.state.characters[3] == "king"        # 2 players: the Emperor gives way
    nine = _load(_situation('"名声显赫 +9"', players=5), rulebooks)
    assert nine.game.state.characters[-1] == "artist"


@pytest.mark.parametrize("characters, players, extra, words", [
    ('"Sneaky Folk"', 2, "", "not a preset cast"),
    ('["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Queen"]', 4, "",
     "Queen needs at least 5 players"),
    ('["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect"]', 4, "", "no rank 8"),
    ('"Cunning Agents"', 4, 'city = ["Library"]\n', "Library is not one of the unique districts of Cunning Agents"),
])
def test_a_situation_with_an_illegal_cast_is_a_bad_input(rulebooks, characters, players, extra, words):
    with pytest.raises(BadSituation, match=words):
        _load(_situation(characters, players, extra=extra), rulebooks)


def test_a_classic_situation_refuses_a_district_its_cast_excludes(rulebooks):
    cast = '["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Diplomat"]'
    with pytest.raises(BadSituation, match="Graveyard is not used when the Diplomat is in the cast"):
        _load(_situation(cast, 4, "classic", 'hand = ["Graveyard"]\n'), rulebooks)


def test_rules_casts_lists_the_presets(cli):
    data = json.loads(cli("rules", "casts", "--json").stdout)
    assert [p["id"] for p in data["presets"]][:2] == ["first-game", "ambitious-aristocrats"]
    agents = next(p for p in data["presets"] if p["id"] == "cunning-agents")
    assert agents["characters"][0]["names"]["zh-Hant"] and agents["rank9"]["id"] == "tax-collector"
    assert len(agents["uniques"]) == 14
    assert any(r["id"] == "draft.rank9.2016" for r in data["rules"])
    text = cli("rules", "預設組合", "--lang", "zh-Hant").stdout
    assert "狡猾密探" in text
    classic = json.loads(cli("rules", "casts", "-e", "classic", "--json").stdout)
    assert classic["presets"] == [] and any(r["id"] == "setup.characters.classic" for r in classic["rules"])


def test_simulate_over_editions_player_counts_and_casts(cli):
    result = cli("simulate", "--games", "6", "--players", "2-8", "--edition", "both", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["failures"] == [] and report["players"] == "2-8" and report["edition"] == "both"
    assert sum(report["tables"].values()) == 6
    fixed = json.loads(cli("simulate", "--games", "2", "--players", "3", "--characters", "first-game", "--json").stdout)
    assert fixed["characters_in_casts"]["Tax Collector"] == 2


@pytest.mark.parametrize("args, words", [
    (["--characters", "Sneaky Folk"], "not a preset cast"),
    (["--characters", "Assassin,Thief,Magician,King,Bishop,Merchant,Architect,Warlord,Queen", "--players", "4"],
     "Queen needs at least 5 players"),
    (["--players", "2-9"], "between 2 and 8"),
    (["--players", "many"], "a number or a range"),
])
def test_simulate_refuses_an_illegal_cast_in_one_line(cli, args, words):
    result = cli("simulate", "--games", "1", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_build_refuses_a_preset_that_breaks_the_rules():
    from referee.dbbuild import load_bundle, validate

    bundle = load_bundle()
    assert validate(bundle) == []
    preset = bundle.casts[1]
    preset["uniques"] = preset["uniques"][:13]
    preset["characters"] = list(reversed(preset["characters"]))
    problems = validate(bundle)
    assert any("14 different unique districts" in p for p in problems)
    assert any("one of each rank 1-8" in p for p in problems)


def test_ask_refuses_an_illegal_cast_in_one_line(cli):
    text = _situation('["Assassin", "Thief", "Magician", "Emperor", "Bishop", "Merchant", "Architect", "Warlord"]', 2)
    result = cli("ask", "-", stdin=text)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == "referee: table.characters: the Emperor is not used with 2 players"
