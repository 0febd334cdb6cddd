"""The sheet's own words (headings and short phrases) in the three languages. Every fact on the
sheet comes from the database; these are only the words around the facts."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "Cast sheet", "zh-Hant": "角色速查表", "zh-Hans": "角色速查表"},
    "characters": {"en": "Characters", "zh-Hant": "角色", "zh-Hans": "角色"},
    "round": {"en": "A round", "zh-Hant": "一輪的流程", "zh-Hans": "一轮的流程"},
    "order": {"en": "Characters are called in this order", "zh-Hant": "角色依此順序被叫到",
              "zh-Hans": "角色依此顺序被叫到"},
    "end": {"en": "End of the game", "zh-Hant": "遊戲結束", "zh-Hans": "游戏结束"},
    "scoring": {"en": "Scoring", "zh-Hant": "計分", "zh-Hans": "计分"},
    "house": {"en": "House rules of this table", "zh-Hant": "本桌的自訂規則", "zh-Hans": "本桌的自订规则"},
    "uniques": {"en": "Unique districts in play", "zh-Hant": "本局的獨特地區", "zh-Hans": "本局的独特地区"},
    "players": {"en": "{n} players", "zh-Hant": "{n} 人", "zh-Hans": "{n} 人"},
    "complete_at": {"en": "With {n} players a city is complete at {k} districts.",
                    "zh-Hant": "{n} 人遊戲：城市有 {k} 個地區就算完成。",
                    "zh-Hans": "{n} 人游戏：城市有 {k} 个地区就算完成。"},
    "cost": {"en": " (cost {n})", "zh-Hant": "（費用 {n}）", "zh-Hans": "（费用 {n}）"},
    "rank": {"en": "Rank", "zh-Hant": "順位", "zh-Hans": "顺位"},
    "then": {"en": " → ", "zh-Hant": " → ", "zh-Hans": " → "},
    "colon": {"en": ": ", "zh-Hant": "：", "zh-Hans": "："},
}


def word(key: str, lang: str, **values) -> str:
    return WORDS[key][lang].format(**values)
