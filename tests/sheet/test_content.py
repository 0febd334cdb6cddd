"""The sheet's content and HTML, without a PDF: what each section holds comes from the data."""

from __future__ import annotations

import re

import pytest

from referee.sheet.content import build_sheet, counts_text, in_short
from referee.sheet.html import sheet_html
from referee.text import DATA_LANGS


def test_every_character_has_a_short_ability_in_every_language(conn):
    rows = conn.execute("SELECT * FROM cards WHERE kind = 'character'").fetchall()
    assert len(rows) == 45
    for row in rows:
        for lang in DATA_LANGS:
            short = row[f"short_{lang.replace('-', '_').lower()}"]
            assert short and len(short) < len(row[f"ability_{lang.replace('-', '_').lower()}"]), (row["id"], lang)


def test_a_unique_without_its_own_line_is_its_first_sentence(conn):
    row = conn.execute("SELECT * FROM cards WHERE id = 'smithy' AND edition = '2016'").fetchone()
    assert row["short_en"] is None
    assert in_short(row, "en") == row["ability_en"].split(". ")[0] + "."
    assert in_short(row, "zh-Hant") == row["ability_zh_hant"].split("。")[0] + "。"
    vault = conn.execute("SELECT * FROM cards WHERE id = 'secret-vault' AND edition = '2016'").fetchone()
    assert in_short(vault, "en") == vault["short_en"] and "0" not in vault["short_en"]


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("players", [2, 3, 4, 8])
def test_the_end_is_stated_for_the_player_count_from_the_editions_figures(conn, rulebooks, edition, players):
    rb = rulebooks[edition]
    sheet = build_sheet(conn, edition, rb.standard_characters(), "en", players=players)
    assert f"With {players} players a city is complete at {rb.end_at(players)} districts." in [r.text for r in sheet.end]
    assert f"{players} players" in sheet.subtitle


def test_without_a_player_count_the_rank9_rule_joins_when_the_cast_has_a_ninth(conn, rulebooks):
    rb = rulebooks["2016"]
    cast = rb.casts["cunning-agents"]
    with_nine = build_sheet(conn, "2016", cast.characters + (cast.rank9,), "en")
    eight = build_sheet(conn, "2016", cast.characters, "en")
    assert "draft.rank9.2016" in [r.id for r in with_nine.round]
    assert "draft.rank9.2016" not in [r.id for r in eight.round]
    assert [c.rank for c in with_nine.characters] == list(range(1, 10))
    assert with_nine.order.startswith("1 Witch → 2 Blackmailer")


def test_scoring_quotes_the_editions_rules(conn):
    for edition in ("2016", "classic"):
        sheet = build_sheet(conn, edition, ["assassin", "thief", "magician", "king", "bishop", "merchant",
                                            "architect", "warlord"], "zh-Hant")
        ids = [r.id for r in sheet.scoring]
        assert ids[-1] == f"ties.{edition}" and "scoring.first-complete" in ids
        title = conn.execute("SELECT title_zh_hant FROM rules WHERE id = 'scoring.first-complete'").fetchone()[0]
        assert title in [r.title for r in sheet.scoring]


def test_counts_as_runs():
    assert counts_text([2, 4, 5, 6, 7]) == "2, 4–7"
    assert counts_text([5]) == "5"


def test_the_html_escapes_every_text_and_names_the_paper(conn):
    sheet = build_sheet(conn, "2016", ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                                       "warlord"], "en", cast_name="<b>Ann & Bob</b>", uniques=["keep"])
    html = sheet_html([sheet], "letter")
    assert "&lt;b&gt;Ann &amp; Bob&lt;/b&gt;" in html and "<b>Ann" not in html
    assert "size: letter" in html and "size: A4" not in html
    assert "Keep" in html and "(cost 3)" in html
    text = re.sub(r"<[^>]+>", "", html)
    assert "Assassin" in text and "Cast sheet" in text


def test_a_tracked_tables_page_for_the_phones(conn, rulebooks, tmp_path, monkeypatch):
    # What `referee table serve` will serve at /sheet: one call from the table's header.
    from referee.sheet.casts import sheet_page, table_cast
    from referee.table.store import Store
    from tests.conftest import run_in_process

    monkeypatch.setenv("REFEREE_TABLES", str(tmp_path / "tables.db"))
    assert run_in_process("table", "new", "Fri", "--players", "Ann,Bob,Cid", "-c", "Ambitious Aristocrats")[0] == 0
    header = Store(tmp_path / "tables.db").header("Fri")
    cast = table_cast(header, rulebooks["2016"])
    assert cast.players == 3 and len(cast.characters) == 9          # 3 players: the rank 9 joins
    assert cast.uniques == rulebooks["2016"].casts["ambitious-aristocrats"].uniques
    page = sheet_page(conn, cast, ["zh-Hans"])
    assert "Fri · 野心贵族" in page and "3 人" in page and 'name="viewport"' in page
    names = dict(conn.execute("SELECT id, name_zh_hans FROM cards WHERE edition = '2016'").fetchall())
    rows = re.findall(r'<td class="name">([^<]+)</td>', page)
    assert rows == [names[c] for c in sorted(cast.characters, key=lambda c: rulebooks["2016"].characters[c].rank)]


def test_a_tables_house_rules_replace_the_rules_they_change(conn, rulebooks):
    cast = rulebooks["classic"].standard_characters()
    plain = build_sheet(conn, "classic", cast, "en", players=4)
    house = build_sheet(conn, "classic", cast, "en", players=4, variants=("tie-gold", "short-game"))
    assert "ties.classic" in [r.id for r in plain.scoring] and not plain.house
    assert [r.id for r in house.house] == ["end.short-game", "ties.gold"]
    assert "ties.classic" not in [r.id for r in house.scoring]
    # The short game ends at another size than the edition's figure: the house rule says which.
    assert any(r.id == "" for r in plain.end) and not any(r.id == "" for r in house.end)
    html = sheet_html([house])
    assert "House rules of this table" in html and "Ties by gold" in html
