"""Text for people goes through rich: Chinese names line up by cell width, markup never leaks."""

from __future__ import annotations

import io

from rich.cells import cell_len


def test_cards_table_lines_up_chinese_names(cli):
    result = cli("cards", "--edition", "classic", "--kind", "district", "--lang", "zh-Hant")
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if "經典版" in line]
    assert len(rows) > 40
    # The copies column starts at the same cell in every row, however wide the name.
    columns = {cell_len(line[:line.index("×")]) for line in rows}
    assert len(columns) == 1, columns


def test_markup_in_names_is_printed_as_text(monkeypatch):
    from referee.cli import output

    stream = io.StringIO()
    monkeypatch.setattr("sys.stdout", stream)
    output.console().print("[bold]" + output.escape("[Ann]") + "[/bold] [dim]8[/dim]")
    assert stream.getvalue() == "[Ann] 8\n"


def test_events_for_people():
    from referee.say.events import describe

    local = {"Merchant": "商人", "Bob": "Bob"}
    assert describe({"event": "gold", "player": "Ann", "amount": 3, "source": "Bob", "reason": "robbed"}, "en", {}) \
        == "Ann +3 gold from Bob (robbed)"
    assert describe({"event": "revealed", "character": "Merchant", "player": "Bob"}, "zh-Hant", local) == "Bob 亮出 商人"


def test_chinese_paragraphs_break_between_characters_not_inside_numbers(monkeypatch):
    from rich.console import Console

    from referee.cli.output import paragraph

    stream = io.StringIO()
    out = Console(file=stream, width=20, highlight=False, emoji=False)
    paragraph(out, "注意：SWAG Brunch 2016 台灣版規則寫已完成城市為8座，即使4人以上也是。", "zh-Hant")
    lines = stream.getvalue().splitlines()
    assert all(cell_len(line) <= 20 for line in lines), lines
    assert not any(line[0] in "。，；" for line in lines)
    assert "".join(lines).replace(" ", "") == "注意：SWAGBrunch2016台灣版規則寫已完成城市為8座，即使4人以上也是。"
    assert any("2016" in line for line in lines) and lines[0] == "注意：SWAG Brunch"


def test_an_option_in_a_chinese_paragraph_is_never_cut():
    """「请用 --」 / 「hand 出示手牌」: `table score` cut its --hand in two at 80 columns."""
    from rich.console import Console

    from referee.cli.output import paragraph

    text = "P0、P1、P2、P3 的分数为暂定：手牌中未知的牌可能计分（从手牌计分的卡）；请用 --hand 出示手牌。"
    stream = io.StringIO()
    paragraph(Console(file=stream, width=80, highlight=False, emoji=False), text, "zh-Hans")
    lines = stream.getvalue().splitlines()
    assert lines == ["P0、P1、P2、P3 的分数为暂定：手牌中未知的牌可能计分（从手牌计分的卡）；请用",
                     "--hand 出示手牌。"]
    assert all(cell_len(line) <= 80 for line in lines)
