"""District types, part of the move notation (`spy PLAYER TYPE`) and of `--colour`."""

from __future__ import annotations

from functools import lru_cache

from referee.text import name_key

TYPES = ("noble", "religious", "trade", "military", "unique")
COLOURS = {"noble": "yellow", "religious": "blue", "trade": "green", "military": "red", "unique": "purple"}

_TYPE_WORDS = {
    "noble": ["noble", "yellow", "gold", "貴族", "贵族", "皇家", "皇室", "黃", "黄", "黃色", "黄色"],
    "religious": ["religious", "blue", "宗教", "宗室", "藍", "蓝", "藍色", "蓝色"],
    "trade": ["trade", "green", "commercial", "商業", "商业", "商務", "商务", "綠", "绿", "綠色", "绿色"],
    "military": ["military", "red", "軍事", "军事", "軍用", "军用", "紅", "红", "紅色", "红色"],
    "unique": ["unique", "purple", "special", "特別", "特别", "特殊", "獨特", "独特", "紫", "紫色"],
}


@lru_cache(maxsize=None)
def _lookup() -> dict[str, str]:
    return {name_key(word): kind for kind, words in _TYPE_WORDS.items() for word in words}


def parse_district_type(text: str) -> str | None:
    return _lookup().get(name_key(text))
