"""Engine events as sentences for people, in the three languages (JSON keeps the raw events)."""

from __future__ import annotations

from referee.text import in_language

_TEMPLATES = {
    "gold": ("{player} {amount:+d} gold ({reason})", "{player} {amount:+d} 金幣（{reason}）", "{player} {amount:+d} 金币（{reason}）"),
    "gold_from": ("{player} {amount:+d} gold from {source} ({reason})", "{player} 從 {source} 拿到 {amount} 金幣（{reason}）",
                  "{player} 从 {source} 拿到 {amount} 金币（{reason}）"),
    "card": ("{player} +1 card ({reason})", "{player} +1 張牌（{reason}）", "{player} +1 张牌（{reason}）"),
    "cards": ("{player} +{count} cards ({reason})", "{player} +{count} 張牌（{reason}）", "{player} +{count} 张牌（{reason}）"),
    "built": ("{player} builds {district} for {cost}", "{player} 建造 {district}，花費 {cost}", "{player} 建造 {district}，花费 {cost}"),
    "destroyed": ("{district} of {player} is destroyed (cost {cost})", "{player} 的 {district} 被摧毀（花費 {cost}）",
                  "{player} 的 {district} 被摧毁（花费 {cost}）"),
    "city_completed": ("{player} completes a city", "{player} 完成了城市", "{player} 完成了城市"),
    "crown": ("{player} takes the crown", "{player} 拿到皇冠", "{player} 拿到皇冠"),
    "revealed": ("{player} reveals {character}", "{player} 亮出 {character}", "{player} 亮出 {character}"),
    "killed": ("{character} is killed", "{character} 被刺殺", "{character} 被刺杀"),
    "robbed": ("{character} is robbed", "{character} 被偷", "{character} 被偷"),
    "turn_ended": ("{character}'s turn ends", "{character} 的回合結束", "{character} 的回合结束"),
    "hands_swapped": ("hands swapped: {players}", "交換手牌：{players}", "交换手牌：{players}"),
    "tax": ("{player} pays {amount} tax", "{player} 繳稅 {amount}", "{player} 缴税 {amount}"),
    "stored": ("{player} stores a card under the {district}", "{player} 把一張牌放到 {district} 下", "{player} 把一张牌放到 {district} 下"),
    "recovered": ("{player} takes {district} back into hand", "{player} 把 {district} 收回手牌", "{player} 把 {district} 收回手牌"),
    "faceup": ("face up: {characters}", "面朝上棄掉：{characters}", "面朝上弃掉：{characters}"),
    "picked": ("{player} picks a character", "{player} 選了角色", "{player} 选了角色"),
    "discarded_random": ("a character is discarded face down at random", "隨機面朝下棄掉一張角色", "随机面朝下弃掉一张角色"),
    "discarded": ("{player} discards a character face down", "{player} 面朝下棄掉一張角色", "{player} 面朝下弃掉一张角色"),
    "bell_tower": ("{player} announces the Bell Tower: a city of {end_at} districts now ends the game",
                   "{player} 宣告鐘塔：城市達到 {end_at} 座建築即觸發遊戲結束", "{player} 宣告钟塔：城市达到 {end_at} 座建筑即触发游戏结束"),
    "bell_tower_fallen": ("the Bell Tower is gone: a city now needs {end_at} districts",
                          "鐘塔已不在：城市需要 {end_at} 座建築", "钟塔已不在：城市需要 {end_at} 座建筑"),
    "game_over": ("game over: {scores}; winner {winners}", "遊戲結束：{scores}；勝者 {winners}", "游戏结束：{scores}；胜者 {winners}"),
}
_REASONS = {
    "gather": ("gathering", "拿資源", "拿资源"), "income": ("income", "收入", "收入"), "draw": ("drawing", "抽牌", "抽牌"),
    "build": ("building", "建造", "建造"), "destroy": ("destroying", "摧毀", "摧毁"), "robbed": ("robbed", "被偷", "被偷"),
    "taxes": ("taxes", "稅金", "税金"),
}


def describe(event: dict, lang: str, local: dict[str, str]) -> str:
    """One line for an event; card names in `lang` through `local`."""
    values = {}
    for key, value in event.items():
        if isinstance(value, str):
            values[key] = in_language(_REASONS[value], lang) if key == "reason" and value in _REASONS \
                else local.get(value, value)
        elif isinstance(value, list):
            values[key] = "、".join(local.get(v, str(v)) for v in value) if lang != "en" else ", ".join(
                local.get(v, str(v)) for v in value)
        elif isinstance(value, dict):
            values[key] = ("、" if lang != "en" else ", ").join(f"{local.get(k, k)} {v}" for k, v in value.items())
        else:
            values[key] = value
    kind = event["event"]
    if kind == "gold" and "source" in event:
        kind = "gold_from"
    elif kind == "cards" and event.get("count") == 1:
        kind = "card"
    elif kind == "discarded" and event.get("player") == "(random)":   # the engine's mark for the deck's own discard
        kind = "discarded_random"
    template = _TEMPLATES.get(kind)
    try:
        return in_language(template, lang).format(**values)
    except (TypeError, KeyError, ValueError):
        # An event this version has no sentence for yet: its values, without our key names.
        return " · ".join(str(v) for k, v in values.items() if k != "event")
