"""No message ends a sentence twice ("Gather resources first..", "。。"): a value that is itself a
sentence (a refusal inside "Move 3 no longer replays: {reason}.") keeps its own full stop and the
message's is left out (messages.fill). Checked over every message of every catalog, each
placeholder given a sentence in that language, and on the messages the program really nests."""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter

import pytest

from referee import messages

LOCALE = Path(messages.__file__).parent / "locale"
DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)|。。|\.。|。\.")
SENTENCE = {"en": "Gather resources first.", "zh-Hant": "請先拿資源。", "zh-Hans": "请先拿资源。"}


def _catalog(lang: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    with open(LOCALE / messages.folder(lang) / "LC_MESSAGES" / "referee.po", "rb") as fp:
        return {m.id: m.string for m in read_po(fp) if m.id}


@pytest.mark.parametrize("lang", sorted(SENTENCE))
def test_no_message_doubles_a_full_stop_around_a_sentence(lang):
    checked = 0
    for key, template in _catalog(lang).items():
        fields = {re.match(r"\w+", f).group(): 1 if spec else SENTENCE[lang]       # a number where a format wants one
                  for _, f, spec, _ in Formatter().parse(template) if f}
        if not fields:
            assert not DOUBLED.search(template), (key, template)
            continue
        if any(f.isdigit() for f in fields):
            continue        # click's usage lines (usage.*): filled by position with click's own words

        said = messages.text(key, lang, **fields)
        assert not DOUBLED.search(said), (key, said)
        checked += 1
    assert checked > 300


def test_a_refusal_nested_in_a_message_keeps_one_full_stop():
    from referee.refusals import reason

    said = reason("gather_first", {}, "en")
    assert said.endswith(".") and not said.endswith("..")
    assert messages.text("table.broken", "en", seq=3, move="Bob: build Temple", reason=said) == (
        "Move 3 (Bob: build Temple) no longer replays: Gather resources first. The log keeps it; undo it or use an older referee.")
    zh = reason("gather_first", {}, "zh-Hant")
    assert messages.text("table.broken", "zh-Hant", seq=3, move="m", reason=zh) == f"第 3 步（m）無法重播：{zh}紀錄仍保留；可撤銷它。"


def test_fill_is_format_otherwise():
    assert messages.fill("{a} and {b!r}: {n:>3}.", {"a": "x", "b": "y", "n": 7}) == "x and 'y':   7."
    assert messages.fill("Wait{a}.", {"a": "..."}) == "Wait...."       # an ellipsis is not a full stop
    assert messages.fill("{{literal}} {a}.", {"a": "done."}) == "{literal} done."
