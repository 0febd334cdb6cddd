"""Engine events as sentences for people, in the three languages (JSON keeps the raw events)."""

from __future__ import annotations

from referee.say.catalog import text
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
    # -- districts (issue 7): Framework, Necropolis, Thieves' Den, Lighthouse, Theater, Ball Room --
    "destroyed_to_build": ("{player} destroys {district} to build {built}", "{player} 拆掉 {district} 來建造 {built}",
                           "{player} 拆掉 {district} 来建造 {built}"),
    "paid_with_cards": ("{player} pays {count} of the {district}'s cost with cards", "{player} 用 {count} 張手牌支付 {district} 的費用",
                        "{player} 用 {count} 张手牌支付 {district} 的费用"),
    "theater_swap": ("{player} swaps characters with {other} (Theater)", "{player} 用劇院和 {other} 交換角色",
                     "{player} 用剧院和 {other} 交换角色"),
    "theater_pass": ("{player} keeps his character (Theater)", "{player} 不用劇院交換角色", "{player} 不用剧院交换角色"),
    "hospital": ("{character} was killed: with the Hospital, {player} still takes gold or draws",
                 "{character} 已被刺殺：{player} 因醫院仍可拿金幣或抽牌", "{character} 已被刺杀：{player} 因医院仍可拿金币或抽牌"),
    "ball_room": ("{player} forgot to thank {owner} (Ball Room): {character} loses the turn",
                  "{player} 忘了向 {owner} 道謝（舞廳）：{character} 失去回合", "{player} 忘了向 {owner} 道谢（舞厅）：{character} 失去回合"),
}
# Words the engine puts in events as values (a district type: the Spy; what a threat marker
# showed: the Blackmailer) and the reasons for gold and cards it names: their texts are the
# catalog's `event.word.<value>` and `event.reason.<reason>`. Any other value is a card id.
_WORDS = frozenset({"noble", "religious", "trade", "military", "unique", "flowers", "blank"})
_REASONS = frozenset({"gather", "income", "draw", "build", "destroy", "robbed", "taxes", "beautify"})


def describe(event: dict, lang: str, local: dict[str, str]) -> str:
    """One line for an event; card names in `lang` through `local`."""
    values = {}
    for key, value in event.items():
        if isinstance(value, str):
            if key == "reason" and value in _REASONS:
                values[key] = text("event.reason." + value, lang)
            elif key in ("type", "shown") and value in _WORDS:
                values[key] = text("event.word." + value, lang)
            else:
                values[key] = local.get(value, value)
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
