"""What a tracked table says to the people at it, in their language: the words of `referee
table` and of the phones' view (`referee/web/`), and the sentence for what the table waits for."""

from __future__ import annotations

from referee.say.labels import comma
from referee.text import in_language

WORDS = {
    "created": ("Table {table}: {count} players, {edition}, crown {crown}.", "牌桌 {table}：{count} 位玩家，{edition}，皇冠在 {crown}。",
                "牌桌 {table}：{count} 位玩家，{edition}，皇冠在 {crown}。"),
    "round": ("Round {round}", "第 {round} 輪", "第 {round} 轮"),
    "selection": ("selection", "選角階段", "选角阶段"),
    "turns": ("turns", "行動階段", "行动阶段"),
    "over": ("game over", "遊戲結束", "游戏结束"),
    "bank": ("bank", "銀行", "银行"),
    "ends_at": ("a city of {size} ends the game", "城市蓋到 {size} 座即觸發結束", "城市盖到 {size} 座即触发结束"),
    "last_round": ("last round", "最後一輪", "最后一轮"),
    "tax_pool": ("tax pool {gold}", "稅金 {gold}", "税金 {gold}"),
    "next_faceup": ("Next: {player} records the face-up discards ({player}: faceup CHARACTER, CHARACTER), then the turns begin.",
                    "下一步：{player} 記錄面朝上棄掉的角色（{player}：面朝上 角色、角色），然後開始行動。",
                    "下一步：{player} 记录面朝上弃掉的角色（{player}：面朝上 角色、角色），然后开始行动。"),
    "moves_count": ("{count} moves", "{count} 步", "{count} 步"),
    "next_pick": ("Next: {player} picks a character.", "下一步：{player} 選角色。", "下一步：{player} 选角色。"),
    "next_secret": ("Next: the secret picks, from {player}; the first move of a turn ends the selection.",
                    "下一步：從 {player} 開始秘密選角；第一個行動即結束選角。", "下一步：从 {player} 开始秘密选角；第一个行动即结束选角。"),
    "next_discard": ("Next: {player} discards a character face down.", "下一步：{player} 面朝下棄一張角色。",
                     "下一步：{player} 面朝下弃一张角色。"),
    "next_reveal": ("Called: {character} (rank {rank}). Who reveals?", "叫到：{character}（{rank}號）。誰亮出？",
                    "叫到：{character}（{rank}号）。谁亮出？"),
    "or_killed": (" If nobody answers, the holder of the killed {character} shows it (reveal {character}).",
                  "若沒有人回應，被刺殺的{character}的持有者亮出它（翻開 {character}）。",
                  "若没有人回应，被刺杀的{character}的持有者亮出它（翻开 {character}）。"),
    "next_reveal_end": ("End of the round: who held the killed {character}? (reveal {character})",
                        "本輪結束：被刺殺的{character}是誰的？（翻開 {character}）",
                        "本轮结束：被刺杀的{character}是谁的？（翻开 {character}）"),
    "next_gather": ("Next: {player} ({character}): gather — gold or draw.", "下一步：{player}（{character}）：拿資源——金幣或抽牌。",
                    "下一步：{player}（{character}）：拿资源——金币或抽牌。"),
    "next_act": ("Next: {player} ({character}): build, use abilities, or end.", "下一步：{player}（{character}）：建造、使用能力或結束回合。",
                 "下一步：{player}（{character}）：建造、使用能力或结束回合。"),
    "next_decision": ("Next: {player} answers the {card}.", "下一步：{player} 回應{card}。", "下一步：{player} 回应{card}。"),
    "next_seer": ("Next: {player} ({character}) gives a card back to each of: {players} ({player}: give PLAYER CARD).",
                  "下一步：{player}（{character}）還給每位被拿牌的玩家一張牌：{players}（{player}：給牌 玩家 卡牌）。",
                  "下一步：{player}（{character}）还给每位被拿牌的玩家一张牌：{players}（{player}：给牌 玩家 卡牌）。"),
    "next_over": ("The game is over: referee table score.", "遊戲結束：referee table score。", "游戏结束：referee table score。"),
    "refused": ("Not recorded.", "未記錄。", "未记录。"),
    "undone": ("Undone: {move}", "已撤銷：{move}", "已撤销：{move}"),
    "broken": ("Move {seq} ({move}) no longer replays: {reason}. The log keeps it; undo it or use an older referee.",
               "第 {seq} 步（{move}）無法重播：{reason}。紀錄仍保留；可撤銷它。", "第 {seq} 步（{move}）无法重播：{reason}。记录仍保留；可撤销它。"),
    "no_tables": ("No table yet: referee table new NAME --players \"Ann,Bob,Cid,Dan\"",
                  "還沒有牌桌：referee table new 名稱 --players \"Ann,Bob,Cid,Dan\"",
                  "还没有牌桌：referee table new 名称 --players \"Ann,Bob,Cid,Dan\""),
    "deleted": ("Table {table} deleted.", "已刪除牌桌 {table}。", "已删除牌桌 {table}。"),
    "confirm_delete": ("Delete table {table} and its {count} recorded moves? [y/N]",
                       "要刪除牌桌 {table} 和它記錄的 {count} 步嗎？[y/N]", "要删除牌桌 {table} 和它记录的 {count} 步吗？[y/N]"),
    "kept": ("Table {table} kept.", "牌桌 {table} 保留未刪。", "牌桌 {table} 保留未删。"),
    "using": ("Current table: {table}.", "目前牌桌：{table}。", "目前牌桌：{table}。"),
    "turn_of": ("turn", "回合", "回合"),
    "revealed": ("revealed", "已亮出", "已亮出"),
    "known": ("known", "已知", "已知"),
    "hidden_hands": ("Provisional for {players}: an unknown card in hand could score (a card that scores from the hand); show the hand with --hand.",
                     "{players} 的分數為暫定：手牌中未知的牌可能計分（從手牌計分的卡）；請用 --hand 出示手牌。",
                     "{players} 的分数为暂定：手牌中未知的牌可能计分（从手牌计分的卡）；请用 --hand 出示手牌。"),
    "provisional": ("Provisional: the game is not over.", "暫定：遊戲尚未結束。", "暂定：游戏尚未结束。"),
    "serving": ("Table {table} is live: anyone on this network can watch it (read-only): open {url}",
                "牌桌 {table} 即時顯示中，同一個網路上的任何人都能觀看（唯讀）：請開啟 {url}",
                "牌桌 {table} 实时显示中，同一个网络上的任何人都能观看（只读）：请打开 {url}"),
    "serving_current": ("The current table is live: anyone on this network can watch it (read-only; it follows referee table use): open {url}",
                        "目前的牌桌即時顯示中，同一個網路上的任何人都能觀看（唯讀；跟隨 referee table use 切換）：請開啟 {url}",
                        "当前的牌桌实时显示中，同一个网络上的任何人都能观看（只读；跟随 referee table use 切换）：请打开 {url}"),
    "serving_here": ("Table {table} is live on this computer only (read-only): open {url}",
                     "牌桌 {table} 只在這台電腦上即時顯示（唯讀）：請開啟 {url}",
                     "牌桌 {table} 只在这台电脑上实时显示（只读）：请打开 {url}"),
    "serving_current_here": ("The current table is live on this computer only (read-only; it follows referee table use): open {url}",
                             "目前的牌桌只在這台電腦上即時顯示（唯讀；跟隨 referee table use 切換）：請開啟 {url}",
                             "当前的牌桌只在这台电脑上实时显示（只读；跟随 referee table use 切换）：请打开 {url}"),
    "only_here": ("No phone can reach {host}: only this computer's own browser can open the page (--host 0.0.0.0 lets the phones in). Ctrl+C stops it.",
                  "手機連不到 {host}：只有這台電腦自己的瀏覽器能開啟這個頁面（用 --host 0.0.0.0 才能讓手機連線）。按 Ctrl+C 停止。",
                  "手机连不到 {host}：只有这台电脑自己的浏览器能打开这个页面（用 --host 0.0.0.0 才能让手机连接）。按 Ctrl+C 停止。"),
    "no_current": ("No current table; the tables: {tables}. Choose one: referee table use NAME",
                   "沒有目前的牌桌；現有牌桌：{tables}。請選一張：referee table use 名稱",
                   "没有当前的牌桌；现有牌桌：{tables}。请选一张：referee table use 名称"),
    "same_network": ("The phones must be on the same network as this computer. Ctrl+C stops it.",
                     "手機須與這台電腦在同一個網路。按 Ctrl+C 停止。", "手机须与这台电脑在同一个网络。按 Ctrl+C 停止。"),
    "no_network": ("This computer seems to have no network: only its own browser can open the page.",
                   "這台電腦似乎沒有連上網路：只有它自己的瀏覽器能開啟這個頁面。", "这台电脑似乎没有连上网络：只有它自己的浏览器能打开这个页面。"),
    "stopped": ("Stopped.", "已停止。", "已停止。"),
}


def words(key: str, lang: str, **values) -> str:
    return in_language(WORDS[key], lang).format(**values)


def table_language(lang: str | None, header, typed: str = "") -> str:
    """The language a table speaks: --lang; else Chinese typed on the command line (moves, a
    hand, a table's name: the player's own words, in their script; the notation's verbs and
    names in Latin letters say nothing); else the language of the situation file the table
    started from, by the rule of `ask` and `score` (lang.file_language), which `table new --from`
    answered in. The table stores no language of its own: its header keeps that file. A table
    set up with --players started from a file referee wrote, whose only words of a language are
    the players' names: Chinese names speak Chinese in their script, names in Latin letters
    leave it to the locale. Chinese typed in characters both scripts share (阿美：面朝上 商人)
    says Chinese but not which: the table's own script, if it speaks Chinese."""
    from referee.say.lang import choose, file_language, script_of
    from referee.text import has_cjk

    if lang:
        return choose(lang)
    if has_cjk(typed):
        script = script_of(typed)
        if script:
            return script
        own = table_language(None, header) if header is not None else "en"
        return own if own != "en" else choose(None, typed)
    question = None
    # Parsed only when it may hold a question: importing tomllib would add a sixth to `show`'s time.
    if "question" in header.start:
        import tomllib

        try:
            question = tomllib.loads(header.start).get("question")
        except tomllib.TOMLDecodeError:     # a damaged tables file: the replay refuses it, in words
            pass
    return file_language(header.start, question)


def position_facts(game, lang: str, until_end: bool = False) -> list[str]:
    """The line over the players, in parts: round, phase, crown, the bank (classic), the Tax
    Collector's pool, and "last round" once a city is complete — or, with `until_end`, the city
    size that ends the game until then (a `Game`: a cached `Position` has no end rule)."""
    from referee.say.cards import POSITION_FIGURES
    from referee.say.labels import label
    from referee.table.view import phase_of

    state = game.state
    facts = [words("round", lang, round=state.round), words(phase_of(state), lang),
             f"{label('crown', lang)} {state.players[state.crown].name}"]
    if not game.unlimited_bank:
        facts.append(f"{words('bank', lang)} {state.bank}")
    for character, (key, values) in POSITION_FIGURES.items():
        if character in state.characters:
            facts.append(words(key, lang, **values(game, lang)))
    if state.phase != "over" and state.ending:
        facts.append(words("last_round", lang))
    elif state.phase != "over" and until_end:
        facts.append(words("ends_at", lang, size=game.end_at))
    return facts


def hand_text(player, lang: str, local: dict[str, str]) -> str:
    """`hand 4 (known: Temple)`: how many cards, and those the table has seen named."""
    from referee.say.labels import colon, label, parens

    known = [local.get(c, c) for c in player.hand if c != "?"]
    return f"{label('hand', lang)} {len(player.hand)}" + (
        parens(words("known", lang) + colon(lang) + comma(lang).join(known), lang) if known else "")


def broken_text(broken, lang: str) -> str:
    """A recorded move that no longer replays, and why."""
    from referee.say.refusals import reason

    return words("broken", lang, seq=broken.seq, move=broken.notation, reason=reason(broken.key, broken.values, lang))


def next_text(game, lang: str, local: dict[str, str]) -> str | None:
    """What the table waits for now, as a sentence in `lang` (`local`: card id → name)."""
    from referee.say.cards import DECISIONS
    from referee.table import service

    nxt = service.expected_next(game)
    kind = nxt["kind"]
    name = lambda key: local.get(nxt[key], nxt[key])  # noqa: E731
    if kind == "faceup":
        text = words("next_faceup", lang, player=nxt["player"])
    elif kind == "pick":
        text = words("next_secret" if nxt["secret"] else "next_pick", lang, player=nxt["player"])
    elif kind == "discard":
        text = words("next_discard", lang, player=nxt["player"])
    elif kind == "reveal":
        text = words("next_reveal_end" if nxt["round_end"] else "next_reveal", lang, character=name("character"), rank=nxt["rank"])
        if nxt.get("killed"):
            text += words("or_killed", lang, character=name("killed"))
    elif kind == "turn":
        text = words("next_act" if nxt["gathered"] else "next_gather", lang, player=nxt["player"], character=name("character"))
    elif kind == "decision" and nxt["card"] in DECISIONS:      # a decision with a sentence of its own
        key, values = DECISIONS[nxt["card"]]
        text = words(key, lang, player=nxt["player"], character=name("card"), **values(game, lang))
    elif kind == "decision":
        text = words("next_decision", lang, player=nxt["player"], card=name("card"))
    elif kind == "over":
        text = words("next_over", lang)
    else:
        return None
    return text
