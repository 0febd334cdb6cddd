"""`table show --json` says how the table records its picks (`picks`: secret, recorded, private,
known), the header's field that decides what each face hides; `/state.json` is the same object."""

from __future__ import annotations

import json

import pytest

KNOWN = """edition = "2016"
[table]                 # 3 players: a rank 9 character, as a table deals them
characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Tax Collector"]
[[players]]
name = "Ann"
characters = ["King"]
[[players]]
name = "Bob"
characters = ["Thief"]
[[players]]
name = "Cid"
characters = ["Bishop"]
"""


@pytest.mark.parametrize("options, picks", [
    ([], "secret"), (["--recorded-picks"], "recorded"), (["--private-picks"], "private"),
])
def test_show_json_names_how_picks_are_recorded(table, options, picks):
    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", *options).returncode == 0
    result = table("show", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["picks"] == picks


def test_a_file_that_declares_the_holders_is_known(table, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(KNOWN, encoding="utf-8")
    assert table("new", "k", "--from", str(path)).returncode == 0
    assert json.loads(table("show", "--json").stdout)["picks"] == "known"
    assert json.loads(table("new", "n", "--players", "Ann,Bob,Cid", "--json").stdout)["picks"] == "secret"


def test_the_key_is_documented_where_the_json_is():
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "table.md").read_text(encoding="utf-8")
    part = doc[doc.index("**`table show --json`**"):doc.index("**Team play**")]
    assert all(f'`"{mode}"`' in part for mode in ("secret", "recorded", "private", "known"))
