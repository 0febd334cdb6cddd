"""Interface words in the three languages (not rules: those live in data/)."""

from __future__ import annotations

from referee.text import EDITION_NAMES, in_language

LABELS = {
    "rank": ("Rank", "順位", "顺位"),
    "characters": ("Characters", "角色", "角色"),
    "engine_checked": ("checked by the engine", "已由規則引擎驗證", "已由规则引擎验证"),
    "uniques": ("Unique districts", "獨特地區", "独特地区"),
    "no_presets": ("This edition has no named casts: choose one character of each rank freely.",
                   "此版本沒有建議的角色組合：每個號碼自由選一個角色。", "此版本没有建议的角色组合：每个号码自由选一个角色。"),
    "cost": ("Cost", "費用", "费用"),
    "copies": ("Copies", "張數", "张数"),
    "type": ("Type", "類型", "类型"),
    "edition": ("Edition", "版本", "版本"),
    "set": ("Set", "來源", "来源"),
    "ability": ("Ability", "能力", "能力"),
    "aliases": ("Also called", "別名", "别名"),
    "also": ("In some translations “{word}” names", "在部分譯本中「{word}」指", "在部分译本中「{word}」指"),
    "in_edition": ("In the {edition}, “{word}” names", "在{edition}中「{word}」指", "在{edition}中「{word}」指"),
    "same_rank": ("Also rank {rank}", "同為 {rank} 號的角色", "同为 {rank} 号的角色"),
    "close": ("Close name: ", "相近的名稱：", "相近的名称："),
    "sources": ("Sources", "出處", "出处"),
    "other_edition": ("In the other edition", "另一版本", "另一版本"),
    "not_in_edition": ("not in this edition", "本版本沒有此卡", "本版本没有此卡"),
    "differs": ("In the {edition} it works differently", "{edition}的不同之處", "{edition}的不同之处"),
    "question": ("Q", "問", "问"),
    "answer": ("A", "答", "答"),
    "readings": ("Sources disagree", "各來源說法不同", "各来源说法不同"),
    "default": ("default", "預設", "默认"),
    "default_in": ("default in the {editions}", "{editions}的預設", "{editions}的默认"),
    "play_reading": ("To play by this reading", "要採用這個讀法", "要采用这个读法"),
    "variant": ("variant", "變體", "变体"),
    "legal": ("legal", "合法", "合法"),
    "illegal": ("illegal", "不合法", "不合法"),
    "score": ("Score", "分數", "分数"),
    "winner": ("Winner", "勝者", "胜者"),
    "counted_as": ("{card} counted as {type}", "{card}算作{type}", "{card}算作{type}"),
    "tie_break": ("tie-break", "平手時", "平手时"),
    "tie.highest-rank-revealed": ("highest rank revealed in the last round", "最後一輪亮出的角色順位最高者勝",
                                  "最后一轮亮出的角色顺位最高者胜"),
    "tie.district-value-then-gold": ("higher district value, then more gold", "建築價值較高者勝，再比金幣",
                                     "建筑价值较高者胜，再比金币"),
    "tie.gold": ("more gold", "金幣較多者勝", "金币较多者胜"),
    "tie.shared": ("the win is shared", "共享勝利", "共享胜利"),
    "tie_stands": ("still tied: the win is shared", "仍然平手：共享勝利", "仍然平手：共享胜利"),
    "gold": ("gold", "金幣", "金币"),
    "hand": ("hand", "手牌", "手牌"),
    "city": ("city", "城市", "城市"),
    "crown": ("crown", "皇冠", "皇冠"),
    "round": ("round {n}", "第 {n} 輪", "第 {n} 轮"),
    "bank": ("bank {n} gold", "銀行 {n} 金幣", "银行 {n} 金币"),
    "unsupported": ("Not supported yet in this situation", "此情境中尚未支援", "此情境中尚未支持"),
    "opening": ("Before the first move", "第一步之前", "第一步之前"),
    "legal_move": ("Legal.", "合法。", "合法。"),
    "districts": ("districts", "建築", "建筑"),
    "five_types": ("five types", "五種類型", "五种类型"),
    "first_complete": ("first complete", "首先完成", "首先完成"),
    "completed": ("completed", "完成城市", "完成城市"),
    "no_cards": ("No card matches.", "沒有相符的卡。", "没有相符的卡。"),
    "name": ("Name", "名稱", "名称"),
    "no_results": ("No matching entry.", "找不到相符的條目。", "找不到相符的条目。"),
    "noble": ("noble", "貴族", "贵族"),
    "religious": ("religious", "宗教", "宗教"),
    "trade": ("trade", "商業", "商业"),
    "military": ("military", "軍事", "军事"),
    "unique": ("unique", "特殊", "特殊"),
    "character": ("character", "角色", "角色"),
    "district": ("district", "地區", "地区"),
    "base": ("base game", "基本版", "基本版"),
    "dark-city": ("The Dark City", "黑暗城市", "黑暗城市"),
    **EDITION_NAMES,
    "sim.summary": ("{games} games · {rate} games/s · {moves} moves/game · {rounds} rounds on average · "
                    "average score {score}", "{games} 局 · 每秒 {rate} 局 · 每局 {moves} 步 · 平均 {rounds} 輪 · 平均 {score} 分",
                    "{games} 局 · 每秒 {rate} 局 · 每局 {moves} 步 · 平均 {rounds} 轮 · 平均 {score} 分"),
    "sim.winners": ("Winning characters (last round): ", "勝者最後一輪的角色：", "胜者最后一轮的角色："),
    "sim.tables": ("Tables: ", "牌桌：", "牌桌："),
    "sim.casts": ("Characters in the casts: ", "出場角色：", "出场角色："),
    "sim.ok": ("All invariants held.", "所有檢查都通過。", "所有检查都通过。"),
    "sim.problems": ("{count} problems:", "{count} 個問題：", "{count} 个问题："),
}


def label(key: str, lang: str) -> str:
    words = LABELS.get(key)
    return in_language(words, lang) if words else key


def colon(lang: str) -> str:
    """`Winner: Ann`, `勝者：小明`: Chinese takes the full-width colon and no space."""
    return ": " if lang == "en" else "："


def comma(lang: str) -> str:
    """Items of a list: `Temple, Castle`, `神殿、城堡`."""
    return ", " if lang == "en" else "、"


def semicolon(lang: str) -> str:
    """Between the parts of a list whose parts have commas: `A (x, y); B`, `A（x、y）；B`."""
    return "; " if lang == "en" else "；"


def parens(text: str, lang: str) -> str:
    return f" ({text})" if lang == "en" else f"（{text}）"


def winners_line(names: list[str], rule: str, lang: str) -> str:
    """`Winner: Ann (tie-break: …)`: the winners after the tie-break, and which rule decided
    ('score', or a tie-break's name; `still tied` when it did not separate them)."""
    tie = "" if rule == "score" else f"{label('tie_break', lang)}{colon(lang)}{label('tie.' + rule, lang)}"
    if rule not in ("score", "shared") and len(names) > 1:
        tie += semicolon(lang) + label("tie_stands", lang)      # the tie-break did not separate them
    return f"{label('winner', lang)}{colon(lang)}{comma(lang).join(names)}" + (parens(tie, lang) if tie else "")

