"""Engine events as sentences for people, in the three languages (JSON keeps the raw events)."""

from __future__ import annotations

from referee.text import in_language

_TEMPLATES = {
    "gold": ("{player} {amount:+d} gold ({reason})", "{player} {amount:+d} 金幣（{reason}）", "{player} {amount:+d} 金币（{reason}）"),
    "gold_from": ("{player} {amount:+d} gold from {source} ({reason})", "{player} 從 {source} 拿到 {amount} 金幣（{reason}）",
                  "{player} 从 {source} 拿到 {amount} 金币（{reason}）"),
    "cards": ("{player} +{count} card(s) ({reason})", "{player} +{count} 張牌（{reason}）", "{player} +{count} 张牌（{reason}）"),
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
    "discarded": ("{player} discards a character face down", "{player} 面朝下棄掉一張角色", "{player} 面朝下弃掉一张角色"),
    "game_over": ("game over: {scores}; winner {winners}", "遊戲結束：{scores}；勝者 {winners}", "游戏结束：{scores}；胜者 {winners}"),
    # -- ranks 1-2: Witch, Magistrate, Spy, Blackmailer ----------------------------------------
    "bewitched": ("{character} is bewitched; the Witch's turn is on hold", "{character} 被施咒，女巫的回合暫停",
                  "{character} 被施咒，女巫的回合暂停"),
    "resumed": ("{player} ({by}) plays the rest of {character}'s turn", "{player}（{by}）接手 {character} 的回合",
                "{player}（{by}）接手 {character} 的回合"),
    "warrants": ("warrants on {characters}", "逮捕令放在 {characters}", "逮捕令放在 {characters}"),
    "confiscated": ("{player} confiscates {district} from {source}", "{player} 沒收了 {source} 的 {district}",
                    "{player} 没收了 {source} 的 {district}"),
    "spied": ("{player} looks at {target}'s hand: {count} {type} card(s)", "{player} 查看 {target} 的手牌：{count} 張{type}",
              "{player} 查看 {target} 的手牌：{count} 张{type}"),
    "threatened": ("threats on {characters}", "威脅標記放在 {characters}", "威胁标记放在 {characters}"),
    "bribed": ("{player} bribes the Blackmailer with {amount} gold", "{player} 付給勒索者 {amount} 金幣賄賂",
               "{player} 付给勒索者 {amount} 金币贿赂"),
    "refused": ("{player} refuses to bribe", "{player} 拒付賄賂", "{player} 拒付贿赂"),
    "exposed": ("the threat on {character} is exposed: {shown}", "{character} 的威脅標記翻開：{shown}",
                "{character} 的威胁标记翻开：{shown}"),
    # -- ranks 7-9: Scholar, Diplomat, Marshal, Artist --
    "deck_shuffled": ("{count} card(s) shuffled back into the deck", "{count} 張牌洗回牌堆", "{count} 张牌洗回牌堆"),
    "exchanged": ("{player} gives {gave} to {owner} for {took} (pays {cost})", "{player} 用 {gave} 交換 {owner} 的 {took}（付 {cost}）",
                  "{player} 用 {gave} 交换 {owner} 的 {took}（付 {cost}）"),
    "seized": ("{player} seizes {district} from {owner} (pays {cost})", "{player} 奪取 {owner} 的 {district}（付 {cost}）",
               "{player} 夺取 {owner} 的 {district}（付 {cost}）"),
    "beautified": ("{player} beautifies {districts}", "{player} 美化了 {districts}", "{player} 美化了 {districts}"),
    # Wizard, Seer, Emperor (ranks 3-4)
    "card_taken": ("{player} takes {card} from {source}'s hand", "{player} 從 {source} 的手牌拿走 {card}",
                   "{player} 从 {source} 的手牌拿走 {card}"),
    "seer_took": ("{player} takes a random card from each of: {players}", "{player} 從以下玩家各隨機拿一張牌：{players}",
                  "{player} 从以下玩家各随机拿一张牌：{players}"),
    "card_given": ("{player} gives {card} to {target}", "{player} 把 {card} 給 {target}", "{player} 把 {card} 给 {target}"),
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
            values[key] = ", ".join(f"{k} {v}" for k, v in value.items())
        else:
            values[key] = value
    kind = "gold_from" if event["event"] == "gold" and "source" in event else event["event"]
    template = _TEMPLATES.get(kind)
    if template is None:
        return ", ".join(f"{k}={v}" for k, v in event.items())
    try:
        return in_language(template, lang).format(**values)
    except (KeyError, ValueError):
        return ", ".join(f"{k}={v}" for k, v in event.items())
