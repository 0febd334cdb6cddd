"""A fourth language is a catalog: with a `fr` catalog that holds only its header, every command
accepts `--lang fr` and answers in English (what the catalog lacks, and the card names, rules
and FAQ entries the data does not carry in French)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALES = ROOT / "referee" / "locale"


def compile_header_only(folder: Path, code: str) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import write_po

    catalog = Catalog(locale=None, domain="referee", project="referee", language_team=code)
    folder.mkdir(parents=True)
    with (folder / "referee.po").open("wb") as fp:
        write_po(fp, catalog)
    with (folder / "referee.mo").open("wb") as fp:
        write_mo(fp, catalog)


@pytest.fixture(scope="module")
def locales(tmp_path_factory):
    base = tmp_path_factory.mktemp("locale")
    for code in ("en", "zh_Hant", "zh_Hans"):
        shutil.copytree(LOCALES / code, base / code)
    compile_header_only(base / "fr" / "LC_MESSAGES", "fr")
    return base


@pytest.fixture(scope="module")
def french(locales, tmp_path_factory):
    tables = tmp_path_factory.mktemp("tables") / "tables.db"
    env = {**os.environ, "REFEREE_LOCALES": str(locales), "REFEREE_TABLES": str(tables), "COLUMNS": "100"}

    def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "referee", *args], input=stdin, capture_output=True,
                              text=True, env=env, cwd=ROOT)
    return run


def english(result: subprocess.CompletedProcess) -> str:
    """What a command printed (it answered: exit 0), its speed figures masked."""
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    return re.sub(r"\d+(?:\.\d+)? games/s", "N games/s", result.stdout)


def test_the_catalog_makes_the_language(french):
    result = french("--lang", "xx", "cards")
    assert result.returncode == 2 and "fr" in result.stderr


SITUATION = ROOT / "tests" / "situations" / "01-thief-robs-merchant.toml"


@pytest.mark.parametrize("args", [
    ("card", "Thief"), ("card", "School of Magic", "-e", "classic"), ("cards",), ("cards", "-e", "classic"),
    ("rules",), ("rules", "casts"), ("rules", "editions"), ("faq", "can the Warlord destroy the Keep?"),
    ("faq", "--list"), ("sources",), ("simulate", "--games", "2", "--seed", "1"),
    ("simulate", "--games", "2", "--teams", "Ann+Cid,Bob+Dan"),
    ("score", "-p", "Ann: Temple", "-p", "Bob: Manor", "-p", "Cid: Tavern", "-p", "Dan: Market", "--teams", "Ann+Cid,Bob+Dan"),
])
def test_every_command_answers_in_english(french, args):
    out = english(french(*args, "--lang", "fr"))
    assert out == english(french(*args, "--lang", "en"))


@pytest.mark.parametrize("command", ["ask", "score"])
def test_ask_and_score_answer_in_english(french, command):
    # The file's question is in Chinese: --lang fr still answers as English does.
    out = english(french(command, str(SITUATION), "--lang", "fr"))
    assert out == english(french(command, str(SITUATION), "--lang", "en"))


def test_a_tracked_table_in_english(french):
    def both(*args: str) -> str:
        out = english(french(*args, "--lang", "fr"))
        assert out == english(french(*args, "--lang", "en")), args
        return out

    english(french("table", "new", "fr1", "--players", "Ann,Bob,Cid,Dan", "--lang", "fr"))
    assert "Thief" in english(french("table", "do", "Ann: faceup Thief, Bishop", "--lang", "fr"))
    for args in (("show",), ("log",), ("score",), ("stats",)):
        both("table", *args)
    # The page says it is in French (its words are English, as the catalog has none of its own).
    sheet = english(french("sheet", "-o", "-", "--lang", "fr"))
    assert 'lang="fr"' in sheet
    english_page = sheet.replace('lang="fr"', 'lang="en"').replace('class="page fr"', 'class="page en"')
    assert english_page == english(french("sheet", "-o", "-", "--lang", "en"))
