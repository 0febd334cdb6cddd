"""`referee sheet`: the PDF, read back with pdftotext, holds the cast and only the cast, in the
language asked for, on the paper asked for; bad input is one line, exit 2, and no file."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_in_process

PAPER_POINTS = {"a4": "595.276 x 841.89", "letter": "612 x 792"}


def _need_pdf_tools() -> None:
    """Skip with one line when WeasyPrint or poppler is missing here, except under CI, where the
    README's set-up installs them and a skip would hide a broken sheet."""
    missing = None
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as error:
        missing = f"WeasyPrint is not usable ({type(error).__name__})"
    if missing is None and not (shutil.which("pdftotext") and shutil.which("pdfinfo")):
        missing = "pdftotext/pdfinfo (poppler-utils) are not installed"
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}, under CI")
        pytest.skip(missing)


def _text(pdf) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def _info(pdf) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in out.splitlines())}


def _listed(text: str) -> list[tuple[int, str]]:
    """The characters table: (rank, name) of each row, as laid out on the page."""
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^\s*(\d)\s+(\S.*?)\s{2,}", text, re.M)]


def _names(conn, edition: str, lang: str) -> dict[str, str]:
    column = {"en": "name", "zh-Hant": "name_zh_hant", "zh-Hans": "name_zh_hans"}[lang]
    return {row[0]: row[1] for row in conn.execute(
        f"SELECT id, {column} FROM cards WHERE edition = ? AND kind = 'character'", (edition,))}


def _check_cast(conn, text: str, edition: str, lang: str, cast: list[str]) -> None:
    names = _names(conn, edition, lang)
    ranks = {row[0]: row[1] for row in conn.execute(
        "SELECT id, rank FROM cards WHERE edition = ? AND kind = 'character'", (edition,))}
    # The characters table, above the round (the rules quoted below it may name rank 8
    # characters, the preset's rank 9 options and so on): the cast, and no other character.
    table = text[:text.index({"en": "A round", "zh-Hant": "一輪的流程", "zh-Hans": "一轮的流程"}[lang])]
    assert _listed(table) == sorted((ranks[c], names[c]) for c in cast)
    for character, name in names.items():
        if character not in cast:
            assert not re.search(rf"^\s*\d\s+{re.escape(name)}\s", table, re.M), name


@pytest.fixture
def tables(tmp_path, monkeypatch):
    path = tmp_path / "tables.db"
    monkeypatch.setenv("REFEREE_TABLES", str(path))
    return path


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_a_preset_in_each_language(conn, rulebooks, tmp_path, tables, lang):
    _need_pdf_tools()
    pdf = tmp_path / "cast.pdf"
    code, out, err = run_in_process("sheet", "--characters", "Cunning Agents", "--lang", lang, "-o", str(pdf))
    assert (code, err, out.strip()) == (0, "", str(pdf))
    text = _text(pdf)
    preset = rulebooks["2016"].casts["cunning-agents"]
    _check_cast(conn, text, "2016", lang, [*preset.characters, preset.rank9])
    column = {"en": "name", "zh-Hant": "name_zh_hant", "zh-Hans": "name_zh_hans"}[lang]
    flat = re.sub(r"\s+", "", text)
    for unique in preset.uniques:
        name = conn.execute(f"SELECT {column} FROM cards WHERE id = ? AND edition = '2016'", (unique,)).fetchone()[0]
        assert re.sub(r"\s+", "", name) in flat
    assert preset.names[lang] in text
    info = _info(pdf)
    assert info["Pages"] == "1" and info["Page size"].startswith(PAPER_POINTS["a4"])
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    if lang != "en":
        assert "CJK" in fonts and " yes yes " in fonts.split("\n", 3)[2]       # the CJK font, embedded


def test_an_explicit_list_in_chinese_on_letter_paper(conn, tmp_path, tables):
    _need_pdf_tools()
    pdf = tmp_path / "cast.pdf"
    code, out, err = run_in_process("sheet", "-c", "刺客,小偷,魔法師,國王,主教,商人,建築師,軍閥,王后", "-e", "classic",
                                    "-p", "8", "--paper", "letter", "-o", str(pdf))
    assert (code, err) == (0, "")
    text = _text(pdf)
    _check_cast(conn, text, "classic", "zh-Hant", ["assassin", "thief", "magician", "king", "bishop", "merchant",
                                                   "architect", "warlord", "queen"])
    assert "8 人" in text
    info = _info(pdf)
    assert info["Pages"] == "1" and info["Page size"].startswith(PAPER_POINTS["letter"])


def test_a_tracked_table(conn, rulebooks, tmp_path, tables):
    _need_pdf_tools()
    code, _, err = run_in_process("table", "new", "週五", "--players", "小明,小華,阿美,阿強", "--characters", "顯赫使節")
    assert (code, err) == (0, "")
    pdf = tmp_path / "table.pdf"
    code, out, err = run_in_process("sheet", "-o", str(pdf))          # the current table, in its language
    assert (code, err) == (0, "")
    text = _text(pdf)
    from referee.table.store import Store

    cast = list(Store(tables).header("週五").characters)
    assert len(cast) == 8                              # 4 players: no rank 9 unless asked for
    _check_cast(conn, text, "2016", "zh-Hant", cast)
    assert "週五 · 顯赫使節" in text and "4 人" in text
    flat = re.sub(r"\s+", "", text)
    for unique in rulebooks["2016"].casts["illustrious-emissaries"].uniques:   # the preset's, known by its cast
        name = conn.execute("SELECT name_zh_hant FROM cards WHERE id = ? AND edition = '2016'", (unique,)).fetchone()[0]
        assert name in flat


@pytest.mark.parametrize("args, line", [
    (["-c", "no such preset"], "referee: --characters: 'no such preset' is not a preset cast of the 2016 edition"),
    (["-c", "assassin,thief,magician,king,bishop,merchant,architect,nobody"], "referee: --characters: unknown character 'nobody'"),
    (["-c", "assassin,thief,magician,king,bishop,merchant,architect,warlord", "--paper", "a3"],
     "referee: --paper a3: choose a4 or letter"),
    (["-c", "basic", "-o", None, "--lang", "xx"], "referee: unknown language 'xx'"),
])
def test_bad_input_is_one_line_and_no_file(tmp_path, tables, args, line):
    pdf = tmp_path / "cast.pdf"
    argv = [str(pdf) if a is None else a for a in args]
    if "-o" not in argv:
        argv += ["-o", str(pdf)]
    code, out, err = run_in_process("sheet", *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and err.startswith(line), err
    assert not pdf.exists()


def test_an_unknown_card_is_refused_in_the_players_language(tmp_path, tables):
    pdf = tmp_path / "cast.pdf"
    code, out, err = run_in_process("sheet", "-c", "刺客,小偷,魔法師,國王,主教,商人,建築師,路人", "-o", str(pdf))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "路人" in err and "找不到" in err
    assert not pdf.exists()


def test_without_o_nothing_is_written_and_one_line_says_how(tmp_path, tables):
    code, out, err = run_in_process("sheet", "-c", "basic")
    assert code == 2 and out == "" and err.startswith("referee: say where to write the sheet: -o cast.pdf")


def test_html_on_standard_output_never_loads_the_pdf_library(tmp_path, tables):
    script = ("import sys; from referee.cli.app import run; "
              "code = run(['sheet', '-c', 'basic', '--lang', 'en', '-o', '-']); "
              "print('weasyprint' in sys.modules, code, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                            env={**os.environ, "LANG": "C.UTF-8"})
    assert result.stderr.strip() == "False 0"
    assert result.stdout.startswith("<!DOCTYPE html>") and "Cast sheet" in result.stdout


def test_both_scripts_gives_a_second_page_in_the_other_script(tmp_path, tables):
    _need_pdf_tools()
    pdf = tmp_path / "both.pdf"
    code, _, err = run_in_process("sheet", "-c", "Cunning Agents", "--lang", "zh-Hans", "--both-scripts", "-o", str(pdf))
    assert (code, err) == (0, "")
    assert _info(pdf)["Pages"] == "2"
    first, second = _text(pdf).split("\f")[:2]
    assert "税务官" in first and "稅務官" not in first
    assert "稅務官" in second and "税务官" not in second


def test_with_no_table_the_editions_standard_cast_and_its_rank9_for_the_count(tables):
    code, out, err = run_in_process("sheet", "-p", "8", "--lang", "en", "-o", "-")
    assert (code, err) == (0, "")
    rows = re.findall(r'<td class="rank">(\d)</td><td class="name">([^<]+)</td>', out)
    assert rows == [("1", "Assassin"), ("2", "Thief"), ("3", "Magician"), ("4", "King"), ("5", "Bishop"),
                    ("6", "Merchant"), ("7", "Architect"), ("8", "Warlord"), ("9", "Queen")]
    assert "With 8 players a city is complete at 7 districts." in out
    code, out, err = run_in_process("sheet", "--table", "friday", "-p", "4", "-o", "-")
    assert code == 2 and out == "" and err == "referee: --players: a table has its own players\n"


def test_a_table_keeps_its_edition(tables):
    assert run_in_process("table", "new", "t", "--players", "Ann,Bob,Cid,Dan")[0] == 0
    code, out, err = run_in_process("sheet", "--table", "t", "-e", "classic", "-o", "-")
    assert (code, out, err) == (2, "", "referee: --edition classic: table t plays the 2016 edition\n")


@pytest.mark.parametrize("preset", ["first-game", "ambitious-aristocrats", "cunning-agents", "illustrious-emissaries",
                                    "devious-dignitaries", "tenacious-delegates", "vicious-nobles"])
def test_every_preset_fits_one_letter_page_in_english(rulebooks, tmp_path, tables, preset):
    _need_pdf_tools()       # English is the longest of the three; letter the shorter paper
    assert preset in rulebooks["2016"].casts
    pdf = tmp_path / "cast.pdf"
    assert run_in_process("sheet", "-c", preset, "--lang", "en", "--paper", "letter", "-o", str(pdf))[0] == 0
    assert _info(pdf)["Pages"] == "1"


def test_an_html_file_and_the_refusals_of_where_and_how(tmp_path, tables):
    page = tmp_path / "cast.html"
    code, out, err = run_in_process("sheet", "-c", "basic", "--lang", "zh-Hans", "-o", str(page))
    assert (code, out, err) == (0, f"{page}\n", "")
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "角色速查表" in html and "第一局" in html
    missing = tmp_path / "no" / "such" / "cast.html"
    code, out, err = run_in_process("sheet", "-c", "basic", "-o", str(missing))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and err.startswith(f"referee: -o {missing}: ")
    code, out, err = run_in_process("sheet", "-c", "basic", "--lang", "en", "--both-scripts", "-o", str(page))
    assert code == 2 and err.startswith("referee: --both-scripts: the second page is the other Chinese script")


def test_a_table_with_house_rules_still_fits_one_letter_page(tmp_path, tables):
    _need_pdf_tools()         # the longest sheet: 8 players, a preset with its 9th, three house rules, English
    assert run_in_process("table", "new", "w", "--players", "A,B,C,D,E,F,G,H", "-c", "Cunning Agents",
                          "--variant", "tie-gold", "--variant", "finite-bank", "--variant", "abbot-gold-and-card")[0] == 0
    pdf = tmp_path / "w.pdf"
    assert run_in_process("sheet", "--lang", "en", "--paper", "letter", "-o", str(pdf))[0] == 0
    text = _text(pdf)
    assert _info(pdf)["Pages"] == "1"
    assert "House rules of this table" in text and "Ties by gold" in text and "Theater" in text
