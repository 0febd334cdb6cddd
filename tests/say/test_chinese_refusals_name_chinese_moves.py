"""A refusal said in Chinese writes the move to type in Chinese: the verbs and their inner words
as the Chinese notation reads them (「皇冠 玩家 拿 金幣」, 「刺探 玩家 類型 找到 N」), never the
English notation's (`crown PLAYER take gold`). The game nights met `exchange`, `crown`, `navigate`,
`give`, `seer`, `spy` and `look` inside Chinese answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest


LOCALE = Path(__file__).resolve().parents[2] / "referee" / "locale"
# The keys of what a player is told about a move: refusals and the errors of a move's words.
MOVE_KEYS = re.compile(r"^([a-z-]+\.)?(refusal|error)\.|^error\.move\.")
# Words of the English notation (verbs, their inner words) that must not appear in Chinese answers.
NOTATION_WORDS = {"exchange", "crown", "navigate", "give", "seer", "spy", "look", "take", "gold", "cards",
                  "card", "nothing", "found", "keep", "draw", "income", "build", "use", "using", "destroying",
                  "giving", "taking", "flowers", "blank", "signed", "threaten", "warrant", "expose", "discard",
                  "pick", "with", "variant", "edition"}


def catalog(lang: str) -> dict[str, str]:
    text = (LOCALE / lang / "LC_MESSAGES" / "referee.po").read_text(encoding="utf-8")
    return dict(re.findall(r'msgid "([^"]+)"\nmsgstr "((?:[^"\\]|\\.)*)"', text))


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_no_english_notation_word_in_a_chinese_refusal(lang):
    said = {}
    for key, message in catalog(lang).items():
        if not MOVE_KEYS.search(key) or key.startswith("error.situation."):   # a situation file's keys are TOML's
            continue
        plain = re.sub(r"\{[^}]*\}|--[a-z-]+|referee [a-z ]+", "", message)
        english = {w.lower() for w in re.findall(r"[A-Za-z]+", plain)} & NOTATION_WORDS
        if english:
            said[key] = sorted(english)
    assert said == {}
