"""Why a move is illegal, in the three languages. Keys are the `IllegalMove.key` values: the
turn's and the selection's own here, each card's with the card (`Behaviour.refusals`)."""

from __future__ import annotations

import referee.engine.cards  # noqa: F401  (the cards' refusals)
from referee.engine import registry
from referee.engine.cards.rank8 import REFUSALS as TAKING
from referee.engine.secret import REFUSALS as SECRET_TABLE
from referee.text import in_language

GENERAL = {
    "game_over": ("The game is over.", "遊戲已經結束。", "游戏已经结束。"),
    "not_supported": ("Not supported yet: {what}. The referee does not rule on it rather than guess.",
                      "尚未支援：{what}。裁判不作猜測。", "尚未支持：{what}。裁判不作猜测。"),
    "selection_phase": ("It is the selection phase: only pick or discard.", "現在是選角階段：只能選或棄角色。", "现在是选角阶段：只能选或弃角色。"),
    "not_selection_phase": ("The selection phase is over: characters are no longer picked or discarded.",
                            "選角階段已經結束，不能再選或棄角色。", "选角阶段已经结束，不能再选或弃角色。"),
    "not_your_pick": ("It is {player}'s pick.", "現在輪到{player}選角色。", "现在轮到{player}选角色。"),
    "not_your_discard": ("It is {player}'s turn to discard a character face down.", "現在輪到{player}面朝下棄一張角色。",
                         "现在轮到{player}面朝下弃一张角色。"),
    "faceup_by_crown": ("{player} holds the crown and records the face-up discards.",
                        "面朝上棄掉的角色由持有皇冠的{player}記錄。", "面朝上弃掉的角色由持有皇冠的{player}记录。"),
    "next_is_faceup": ("First the face-up discards: {player}: faceup CHARACTER, CHARACTER.",
                       "要先記錄面朝上棄掉的角色：{player}：面朝上 角色、角色。", "要先记录面朝上弃掉的角色：{player}：面朝上 角色、角色。"),
    "next_is_pick": ("{player} now picks a character (pick), not discards one.", "現在是{player}選角色（pick），不是棄角色。",
                     "现在是{player}选角色（pick），不是弃角色。"),
    "next_is_discard": ("{player} now discards a character face down (discard), not picks one.",
                        "現在是{player}面朝下棄一張角色（discard），不是選角色。", "现在是{player}面朝下弃一张角色（discard），不是选角色。"),
    "faceup_none": ("With {count} players no character is discarded face up: the picks begin at once.",
                    "{count} 人遊戲不面朝上棄角色：直接開始選角。", "{count} 人游戏不面朝上弃角色：直接开始选角。"),
    "faceup_done": ("The face-up discards are already recorded ({characters}); the picks come next.",
                    "面朝上棄掉的角色已經記錄了（{characters}）；接下來是選角。", "面朝上弃掉的角色已经记录了（{characters}）；接下来是选角。"),
    "faceup_past": ("The face-up discards come before the picks, and the picks have begun.",
                    "面朝上棄角色是在選角之前，而選角已經開始了。", "面朝上弃角色是在选角之前，而选角已经开始了。"),
    "faceup_twice": ("{character} is named twice: name {count} different characters.",
                     "{character}寫了兩次：要寫{count}個不同的角色。", "{character}写了两次：要写{count}个不同的角色。"),
    "not_available": ("{character} is not among the cards to choose from.", "{character}不在可選的角色中。", "{character}不在可选的角色中。"),
    "faceup_count": ("With {players} players exactly {count} characters are discarded face up, not {given}.",
                     "{players} 人遊戲要正好面朝上棄{count}張角色，不是{given}張。", "{players} 人游戏要正好面朝上弃{count}张角色，不是{given}张。"),
    "rank4_faceup": ("{character} (rank 4) is never discarded face up: draw another card instead.",
                     "4號角色{character}不能面朝上棄掉，須另抽一張取代。", "4号角色{character}不能面朝上弃掉，须另抽一张取代。"),
    "round_over": ("No character is taking a turn now.", "目前沒有角色在行動。", "目前没有角色在行动。"),
    "no_character": ("{actor} holds no character that can act now.", "{actor}沒有可以行動的角色。", "{actor}没有可以行动的角色。"),
    "not_held": ("Nobody holds {character} this round.", "本輪沒有人持有{character}。", "本轮没有人持有{character}。"),
    "killed_no_turn": ("{character} was killed: a killed character skips the whole turn.",
                       "{character}已被刺殺：被殺的角色整個回合都不能行動。", "{character}已被刺杀：被杀的角色整个回合都不能行动。"),
    "turn_passed": ("{character} cannot act during {current}'s turn, and its own turn has passed or is not yet due.",
                    "{character}不能在{current}的回合中行動。", "{character}不能在{current}的回合中行动。"),
    "not_your_turn": ("It is not {actor}'s turn.", "現在不是{actor}的回合。", "现在不是{actor}的回合。"),
    "decision_pending": ("{player} must first answer the {card}.", "{player}必須先回應{card}。", "{player}必须先回应{card}。"),
    "must_gather": ("{character} must gather resources (gold or cards) before the turn can end.",
                    "{character}必須先拿資源（金幣或卡牌）才能結束回合。", "{character}必须先拿资源（金币或卡牌）才能结束回合。"),
    "already_gathered": ("Resources are gathered once per turn.", "每回合只能拿一次資源。", "每回合只能拿一次资源。"),
    "library_keeps_all": ("With the Library every drawn card is kept.", "有圖書館時抽到的牌全部保留。", "有图书馆时抽到的牌全部保留。"),
    "name_keep": ("The drawn cards are known: name the {keep} you keep (draw keep C).",
                  "抽到的牌是已知的：請說明保留哪{keep}張（draw keep C）。", "抽到的牌是已知的：请说明保留哪{keep}张（draw keep C）。"),
    "keep_count": ("Only {keep} of the drawn cards may be kept.", "抽到的牌只能保留{keep}張。", "抽到的牌只能保留{keep}张。"),
    "not_drawn": ("{card} is not among the drawn cards ({shown}).", "{card}不在抽到的牌中（{shown}）。", "{card}不在抽到的牌中（{shown}）。"),
    "no_income": ("{character} collects no income from districts.", "{character}不能從地區收入。", "{character}不能从地区收入。"),
    "income_once": ("District income is collected once per turn.", "地區收入每回合只能收一次。", "地区收入每回合只能收一次。"),
    "gather_first": ("Gather resources first.", "請先拿資源。", "请先拿资源。"),
    "after_destroy": ("A rank 8 ability used at the end of the turn (the classic Warlord's, the classic Diplomat's) ends it: nothing else may follow.",
                      "在回合結束時使用的8號角色能力（經典版軍閥、外交官）結束了回合，之後不能再做其他事。",
                      "在回合结束时使用的8号角色能力（经典版军阀、外交官）结束了回合，之后不能再做其他事。"),
    "cannot_build": ("{character} cannot build this turn.", "{character}本回合不能建造。", "{character}本回合不能建造。"),
    "build_limit": ("The build limit this turn is {limit}.", "本回合最多只能建造{limit}座地區。", "本回合最多只能建造{limit}座地区。"),
    "not_in_hand": ("{card} is not in the hand.", "手牌中沒有{card}。", "手牌中没有{card}。"),
    "name_built": ("A district is built face up: name the card (build C).", "建築是正面朝上蓋出的：請說明是哪一張（build C）。",
                   "建筑是正面朝上盖出的：请说明是哪一张（build C）。"),
    "no_copy_left": ("All {copies} copies of {card} are accounted for (cities, known hands, deck, discard pile): "
                     "no unknown card can be one.", "{card}的{copies}張牌都已知去向（城市、已知手牌、牌庫、棄牌堆）：未知的手牌不可能是它。",
                     "{card}的{copies}张牌都已知去向（城市、已知手牌、牌库、弃牌堆）：未知的手牌不可能是它。"),
    "unbuildable": ("{card} can never be built.", "{card}不能被建造。", "{card}不能被建造。"),
    "duplicate": ("There is already a {card} in this city, and no power allows a duplicate.",
                  "城市中已經有{card}，沒有能力允許重複建造。", "城市中已经有{card}，没有能力允许重复建造。"),
    "monument_late": ("{card} cannot be built in a city of five or more districts.", "城市已有5座以上地區時不能建造{card}。", "城市已有5座以上地区时不能建造{card}。"),
    "too_poor": ("{card} costs {cost} gold; there are only {gold}.", "{card}需要{cost}金幣，只有{gold}。", "{card}需要{cost}金币，只有{gold}。"),
    "ability_once": ("Each ability is used once per turn.", "每個能力每回合只能用一次。", "每个能力每回合只能用一次。"),
    "wrong_character": ("{character} does not have that ability ({needed} does).", "{character}沒有這個能力（{needed}才有）。", "{character}没有这个能力（{needed}才有）。"),
    "not_in_set": ("{character} is not in the character set of this game.", "{character}不在本局的角色中。", "{character}不在本局的角色中。"),
    "not_owned": ("{card} is not in the acting player's city.", "行動玩家的城市中沒有{card}。", "行动玩家的城市中没有{card}。"),
    "no_action": ("{card} has no action to use.", "{card}沒有可以使用的能力。", "{card}没有可以使用的能力。"),
    # -- income kinds (gold, cards, gold-or-cards) ---------------------------------------------
    "income_no_split": ("{character} takes one kind of resource for districts: write just `income`.",
                        "{character}的地區收入只有一種資源：只寫 `income`（收入）即可。",
                        "{character}的地区收入只有一种资源：只写 `income`（收入）即可。"),
    "income_name_split": ("Declare the split before taking it: `income N gold M cards`, N + M = {count}.",
                          "拿取前須宣告組合：`income N gold M cards`，N + M = {count}。",
                          "拿取前须宣告组合：`income N gold M cards`，N + M = {count}。"),
    "income_split_sum": ("{gold} gold and {cards} cards make {total}; the districts give exactly {count}.",
                         "{gold}金幣加{cards}張牌共{total}，但地區正好給{count}份。",
                         "{gold}金币加{cards}张牌共{total}，但地区正好给{count}份。"),
}


def texts() -> dict[str, tuple[str, str, str]]:
    """Every refusal key with its three texts: the general ones and every card's."""
    return {**GENERAL, **SECRET_TABLE, **TAKING, **registry.refusal_texts()}


def reason(key: str, values: dict, lang: str = "en") -> str:
    found = (GENERAL.get(key) or SECRET_TABLE.get(key) or TAKING.get(key) or registry.refusal_texts().get(key)
             or (key, key, key))
    template = in_language(found, lang)
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return template
