"""The command line as a person uses it: languages, JSON shapes, one-line errors with exit 2."""

from __future__ import annotations

import json

import pytest


def test_card_in_three_languages(cli):
    hant = cli("card", "軍閥")
    assert hant.returncode == 0 and "領主" in hant.stdout and "順位 8" in hant.stdout
    hans = cli("card", "军阀")
    assert hans.returncode == 0 and "领主" in hans.stdout and "顺位 8" in hans.stdout
    en = cli("card", "warlord")
    assert en.returncode == 0 and "Warlord" in en.stdout and "Rank 8" in en.stdout
    forced = cli("card", "warlord", "--lang", "zh-Hans")
    assert "领主" in forced.stdout


def test_card_json_and_edition(cli):
    data = json.loads(cli("card", "主教", "--edition", "classic", "--json").stdout)
    assert data["id"] == "bishop" and data["rank"] == 5 and data["edition"] == "classic"
    data = json.loads(cli("card", "主教", "--json").stdout)
    assert data["id"] == "cardinal"
    assert "bishop" in data["also_means"]
    observatory = json.loads(cli("card", "天文台", "-e", "classic", "--json").stdout)
    assert (observatory["cost"], observatory["colour"]) == (5, "purple")


def test_card_only_in_other_edition(cli):
    data = json.loads(cli("card", "Bell Tower", "--json").stdout)
    assert data["edition"] == "classic" and data["cost"] == 5


def test_cards_json(cli):
    rows = json.loads(cli("cards", "--json").stdout)
    for row in rows:
        assert {"kind", "name", "names", "edition", "cost", "copies"} <= set(row)
        assert set(row["names"]) == {"en", "zh-Hant", "zh-Hans"}
        assert ("rank" in row) if row["kind"] == "character" else ("colour" in row)
    assert len([r for r in rows if r["edition"] == "2016" and r["kind"] == "character"]) == 27
    eights = json.loads(cli("cards", "--rank", "8", "--edition", "2016", "--json").stdout)
    assert sorted(r["name"] for r in eights) == ["Diplomat", "Marshal", "Warlord"]
    reds = json.loads(cli("cards", "--colour", "紅", "--edition", "classic", "--json").stdout)
    assert sorted(r["name"] for r in reds) == ["Battlefield", "Fortress", "Prison", "Watchtower"]


def test_rules_draft_for_player_counts(cli):
    five = json.loads(cli("rules", "draft", "--players", "5", "--json").stdout)
    assert five and all(r["topic"] == "draft" for r in five)
    assert all(not r["players"] or 5 in r["players"] for r in five)
    two = cli("rules", "draft", "--players", "2", "--lang", "zh-Hant")
    assert two.returncode == 0 and two.stdout.strip()


@pytest.mark.parametrize("args, words", [
    (["card", "xyzzy"], "unknown card"),
    (["card", "warlord", "--edition", "1999"], "unknown edition"),
    (["card", "warlord", "--lang", "fr"], "unknown language"),
    (["cards", "--colour", "pink"], "unknown colour"),
    (["rules", "nonsense-topic"], "no rule"),
    (["rules", "draft", "--players", "9"], "between 2 and 8"),
    (["ask", "/nonexistent.toml"], "cannot read"),
    (["simulate", "--players", "1"], "between 2 and 8"),
])
def test_bad_input_is_one_line_and_exit_2(cli, args, words):
    result = cli(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert words in result.stderr
    assert "Traceback" not in result.stderr


def test_template_runs(cli):
    for n in (2, 3, 5, 8):
        template = cli("ask", "--template", str(n))
        assert template.returncode == 0
        result = cli("ask", "-", "--json", stdin=template.stdout)
        assert result.returncode == 0, result.stderr
        assert len(json.loads(result.stdout)["state"]["players"]) == n


def test_simulate_reports(cli):
    result = cli("simulate", "--games", "3", "--players", "4", "--seed", "7", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 3 and report["failures"] == [] and report["average_rounds"] > 3



def test_simulate_counts_one_game_as_one(cli):
    one = cli("simulate", "--games", "1", "--players", "3", "--no-check", "--lang", "en")
    two = cli("simulate", "--games", "2", "--players", "3", "--no-check", "--lang", "en")
    assert one.stdout.startswith("1 game · ") and two.stdout.startswith("2 games · ")


def test_simulate_without_checks_does_not_say_they_held(cli):
    # --no-check checks nothing but that every game could go on: it must not claim the invariants held.
    unchecked = cli("simulate", "--games", "2", "--players", "3", "--no-check", "--lang", "en")
    checked = cli("simulate", "--games", "2", "--players", "3", "--lang", "en")
    assert unchecked.returncode == 0 and checked.returncode == 0
    assert "All invariants held." not in unchecked.stdout and "were not checked" in unchecked.stdout
    assert "All invariants held." in checked.stdout

def test_global_options_before_the_command(cli):
    data = json.loads(cli("--edition", "classic", "--json", "card", "主教").stdout)
    assert data["id"] == "bishop" and data["edition"] == "classic"
    english = cli("--lang", "en", "card", "軍閥")
    assert english.returncode == 0 and "Rank 8" in english.stdout


def test_faq_says_which_entries_the_engine_checks(cli):
    shown = cli("faq", "general.tie-break", "--lang", "en")
    assert shown.returncode == 0 and "checked by the engine" in shown.stdout
    data = json.loads(cli("faq", "general.open-information", "--json").stdout)
    assert data["engine"].startswith("cannot decide: ")
    assert "checked by the engine" not in cli("faq", "general.open-information").stdout
    # Team play is checked since the engine seats and scores teams (tests/rulings/teams.toml).
    assert json.loads(cli("faq", "general.team-play", "--json").stdout)["engine"] == "checked"
