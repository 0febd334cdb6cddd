"""The small writer the lookups print through: markup, escaping, wrapping by terminal cells."""

from __future__ import annotations

import io

from referee.cli.output import Writer, cells, escape, wrap


def test_cells_count_chinese_as_two():
    assert cells("軍閥 ab") == 7


def test_wrap_breaks_latin_at_spaces_and_chinese_anywhere():
    assert wrap("Gain 1 gold for each military district", 15) == ["Gain 1 gold for", "each military", "district"]
    assert wrap("主教在場時不行亮出主教", 8) == ["主教在場", "時不行亮", "出主教"]
    assert all(cells(line) <= 8 for line in wrap("答：主教在場時不行。亮出 the Bishop 主教的那一輪", 8))


def test_markup_plain_and_coloured():
    plain, colour = io.StringIO(), io.StringIO()
    Writer(plain, colour=False, width=80).print("[bold]Warlord[/bold] [dim]rank 8[/dim] " + escape("[x]"))
    Writer(colour, colour=True, width=80).print("[bold]Warlord[/bold]")
    assert plain.getvalue() == "Warlord rank 8 [x]\n"
    assert colour.getvalue() == "\x1b[0m\x1b[1mWarlord\x1b[0m\n"


def test_events_for_people():
    from referee.cli.events import describe

    local = {"Merchant": "商人", "Bob": "Bob"}
    assert describe({"event": "gold", "player": "Ann", "amount": 3, "source": "Bob", "reason": "robbed"}, "en", {}) \
        == "Ann +3 gold from Bob (robbed)"
    assert describe({"event": "revealed", "character": "Merchant", "player": "Bob"}, "zh-Hant", local) == "Bob 亮出 商人"
    assert describe({"event": "unknown-kind", "x": 1}, "en", {}) == "event=unknown-kind, x=1"
