"""Every citation of a refusal or a ruling comes from the edition in force (issue 16, item 4): a
2016 table never cites the classic face-up King rule nor a classic document, and the other way
round — `table do` (text and --json) and `ask` (the phones show no citations)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from tests.test_situations import FOUR

CLASSIC_DOCS = ("classic", "Classic", "FFG")
DOCS_2016 = ("2016",)


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_TABLES", str(tmp_path / "tables.db"))
    return lambda *args: run_cli("table", *args)


@pytest.mark.parametrize("edition,cited,other", [("2016", "draft.rank4-faceup.2016", CLASSIC_DOCS),
                                                 ("classic", "draft.rank4-faceup.classic", DOCS_2016)])
def test_a_table_cites_its_own_editions_rule_and_documents(table, edition, cited, other):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan,Eve", "--edition", edition)
    result = table("do", "--json", "Ann: faceup King")
    assert json.loads(result.stdout)["refused"]["citations"] == [cited]
    said = table("do", "Ann: faceup King").stdout
    sources = said[said.index("Sources:"):]
    assert not any(word in sources for word in other), sources
    # A rule of both editions (how characters are chosen) names only this edition's documents.
    table("do", "Ann: faceup Architect")
    said = table("do", "Ann: faceup Bishop").stdout
    sources = said[said.index("Sources:"):]
    assert "How characters are chosen" in sources and not any(word in sources for word in other), sources


@pytest.mark.parametrize("edition,cited,dropped", [("2016", "draft.rank4-faceup.2016", "draft.rank4-faceup.classic"),
                                                   ("classic", "draft.rank4-faceup.classic", "draft.rank4-faceup.2016")])
def test_ask_cites_its_own_editions_rule(situation, edition, cited, dropped):
    moves = ["Bob: gold", "Ann: gold", "Dee: gold", "Cid: gold", "Cid: end", "Ann: faceup King, Thief"]
    report = situation(f'edition = "{edition}"\n' + FOUR % json.dumps(moves))
    assert cited in report["steps"][-1]["citations"] and dropped not in report["steps"][-1]["citations"]


def test_the_citation_filter_keeps_what_the_database_does_not_know():
    from referee.catalog.citations import citation_text, of_edition
    from referee.catalog.db import connect

    conn = connect()
    ids = ["draft.rank4-faceup.2016", "draft.rank4-faceup.classic", "draft.procedure", "no.such.rule"]
    assert of_edition(conn, ids, "2016") == ["draft.rank4-faceup.2016", "draft.procedure", "no.such.rule"]
    assert of_edition(conn, ids, None) == ids
    assert "classic" in citation_text(conn, "draft.procedure", "en")          # no edition: every document
    assert "classic" not in citation_text(conn, "draft.procedure", "en", "2016")
