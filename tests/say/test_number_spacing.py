"""Chinese text puts a space between a number and the characters beside it (`金幣 2`, `第 1 輪`,
`{count} 位玩家`): every message of the Chinese catalogs does, as the table's lines do. A refusal
said 「大雄已經亮出本輪持有的全部1張角色」 beside 「叫到：盜賊（2 號）」."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT, run_in_process

HAN = "\u4e00-\u9fff"
# The placeholders that stand for numbers (the others are names: {player}, {card}, {cards} of a
# cast, which follow the names' own spacing).
NUMBERS = {"gold", "most", "count", "missing", "cost", "value", "n", "span", "limit", "given", "total", "keep",
           "copies", "rank", "least", "have", "score"}
COUNTED_CARDS = ("refusal.income_split_sum", "thieves-den.")      # where {cards} is how many
# Words set inside the data's reviewed texts, which write numbers close (`rules editions`: 8個地區
# beside 宣告鐘塔後為7個), and 讀法{n}, whose {n} is a numeral word (讀法一).
DATA_WORDS = ("differences.", "faq.reading")


def _messages(code: str) -> dict[str, str]:
    text = (ROOT / "referee" / "locale" / code / "LC_MESSAGES" / "referee.po").read_text(encoding="utf-8")
    return dict(re.findall(r'msgid "([^"]+)"\nmsgstr "(.*)"', text))


def _joined(key: str, text: str) -> list[str]:
    found = []
    for match in re.finditer(r"\{([a-z_]+)\}|\d+", text):
        name = match.group(1)
        if name and not (name in NUMBERS or (name == "cards" and key.startswith(COUNTED_CARDS))):
            continue
        before, after = text[match.start() - 1:match.start()], text[match.end():match.end() + 1]
        if not name and (after == "年" and match.group(0).startswith("20") or before in "區区色" and before):
            continue                    # 2016年版 is the edition's name; 地區2, 角色1 name a template's parts
        if re.match(f"[{HAN}]", before) or re.match(f"[{HAN}]", after):
            found.append(text[max(match.start() - 2, 0):match.end() + 2])
    return found


@pytest.mark.parametrize("code", ["zh_Hant", "zh_Hans"])
def test_a_number_is_spaced_from_the_characters_beside_it(code):
    joined = {key: found for key, text in _messages(code).items()
              if not key.startswith(DATA_WORDS) and (found := _joined(key, text))}
    assert joined == {}


def test_the_joins_are_found():
    assert _joined("secret.refusal.reveal_all_known", "{player}已經亮出本輪持有的全部{count}張角色。") == ["全部{count}張角"]
    assert _joined("teams.rule", "須4或6人") == ["須4或6", "4或6人"]
    assert _joined("edition.2016", "2016年版") == [] and _joined("x", "{player}不是") == []


def test_a_refusal_says_its_count_spaced(tmp_path, database, monkeypatch):
    monkeypatch.setenv("REFEREE_TABLES", str(tmp_path / "tables.db"))
    monkeypatch.setenv("COLUMNS", "100")
    assert run_in_process("table", "new", "t", "--players", "小明,小华,阿美,大雄", "--crown", "阿美")[0] == 0
    assert run_in_process("table", "do", "阿美：面朝上 商人、建筑师", "大雄：刺杀 主教", "大雄：拿金币", "大雄：结束")[0] == 0
    code, out, _ = run_in_process("table", "do", "大雄：翻开 魔术师")
    assert code == 1 and "    大雄已经亮出本轮持有的全部 1 张角色。" in out.splitlines()
