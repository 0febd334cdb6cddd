"""What a tracked table says to the people at it, in their language: the words of `referee
table` and of the phones' view (`referee/web/`), and the sentence for what the table waits for."""

from __future__ import annotations

from referee import messages as catalog
from referee.say.labels import comma


def words(key: str, lang: str, **values) -> str:
    """The catalog's `table.<key>`, filled in."""
    return catalog.text("table." + key, lang).format(**values)


def source_text(source: str, players: list[str], lang: str) -> str:
    """Where a recorded move came from, for `table log` and the phones ("" for the terminal)."""
    if source == "table":
        return words("source_table", lang)
    if source.startswith("seat:") and source[5:].isdigit() and int(source[5:]) < len(players):
        return words("source_seat", lang, player=players[int(source[5:])])
    return ""


def table_language(lang: str | None, header, typed: str = "") -> str:
    """The language a table speaks: --lang (for that command only); else the language stored
    with the table at `new` (`Header.lang`, `new_language`): one script for every command, whatever
    script a move is typed in.

    A table that stored none yet (made before schema 3, or whose name, players' names and file
    said no script: `new_language`) is undecided until a command records a move typed in one
    script (`deciding_language`); until then it speaks as tables did: Chinese typed on the command line (moves, a hand, a table's
    name: the player's own words, in their script; the notation's verbs and names in Latin
    letters say nothing); else the language of the situation file the table started from, by the
    rule of `ask` and `score` (lang.file_language). A table set up with --players started from a
    file referee wrote, whose only words of a language are the players' names: Chinese names
    speak Chinese in their script, names in Latin letters leave it to the locale. Chinese typed
    in characters both scripts share (阿美：面朝上 商人) says Chinese but not which: the table's own
    script, if it speaks Chinese."""
    from referee.say.lang import choose, file_language, script_of
    from referee.text import has_cjk

    if lang:
        return choose(lang)
    if header is not None and getattr(header, "lang", ""):
        return header.lang
    if has_cjk(typed):
        script = script_of(typed)
        if script:
            return script
        own = table_language(None, header) if header is not None else "en"
        return own if own != "en" else choose(None, typed)
    return file_language(header.start, *_declared(header.start))


def _declared(start: str) -> tuple[object, object]:
    """The question and the language a starting file declares (None, None without them). Parsed
    only when it may hold one: importing tomllib would add a sixth to `show`'s time."""
    if "question" not in start and "language" not in start:
        return None, None
    import tomllib

    try:
        data = tomllib.loads(start)
    except tomllib.TOMLDecodeError:         # a damaged tables file: the replay refuses it, in words
        return None, None
    return data.get("question"), data.get("language")


def new_language(lang: str | None, start: str, name: str = "") -> str:
    """The language stored with a new table: --lang; else what its starting file says (a question
    in one language, else the script of its Chinese: the players' names of `--players`) or its
    name (週六, 周六); "" — undecided — when neither says which: names in Latin letters (each
    command then asks the locale) or Chinese that both scripts write alike (胖虎, 阿花, 老王),
    which the first move typed in one script decides (`deciding_language`)."""
    from referee.say.lang import choose, script_of
    from referee.text import has_cjk

    from referee.say.lang import declared

    if lang:
        return choose(lang)
    question, language = _declared(start)
    if declared(language):              # a file that says its language (`table export` writes it)
        return declared(language)
    asked = question if isinstance(question, str) else ""
    if has_cjk(asked):                  # the player's own sentence, when in one script
        script = script_of(asked)
        if script:
            return script
    elif any(c.isascii() and c.isalpha() for c in asked):
        return "en"
    # Names the cards' words do not hold (小华, 静香) are told by the database's scripts, which
    # know every character (`say.lang.script_of`). A guess (the locale, else Traditional) is not
    # stored: it would outrank the script the players then type.
    chinese = "".join(c for c in start + name if has_cjk(c))
    return (script_of(chinese) or "") if chinese else ""


def deciding_language(header, typed: str) -> str | None:
    """The language a command's typed words give an undecided table (`Header.lang` ""), to be
    stored with what the command records: the script of Chinese written in one script (結束 or
    结束). Words in Latin letters decide nothing: the notation is English whatever the table
    speaks, and a table of Latin names follows the locale. None when the table has its language
    or the words do not say."""
    from referee.say.lang import script_of
    from referee.text import has_cjk

    if header.lang or not has_cjk(typed):
        return None
    return script_of(typed)


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
    from referee.refusals import reason

    from referee.text import clipped

    return words("broken", lang, seq=broken.seq, move=clipped(broken.notation), reason=reason(broken.key, broken.values, lang))


def next_text(game, lang: str, local: dict[str, str]) -> str | None:
    """What the table waits for now, as a sentence in `lang` (`local`: card id → name)."""
    from referee.say.cards import DECISIONS
    from referee.table import service

    nxt = service.expected_next(game)
    kind = nxt["kind"]
    name = lambda key: local.get(nxt[key], nxt[key])  # noqa: E731
    if kind == "faceup":
        cards = comma(lang).join([words("character_slot", lang)] * nxt.get("count", 1))
        # Where the picks are typed (or made on the phones) they, not the turns, come next.
        text = words("next_faceup" if nxt["secret"] else "next_faceup_picks", lang, player=nxt["player"], cards=cards)
    elif kind == "pick":
        text = words("next_secret" if nxt["secret"] else "next_pick", lang, player=nxt["player"])
    elif kind == "discard":
        text = words("next_discard", lang, player=nxt["player"])
    elif kind == "reveal":
        key = "next_reveal_end" if nxt["round_end"] else "next_killed_call" if nxt.get("killed") else "next_reveal"
        if key == "next_reveal_end" and nxt.get("held"):
            key = "next_reveal_end_held"
        text = words(key, lang, character=name("character"), rank=nxt["rank"])
        if key == "next_reveal" and not nxt.get("held"):
            text += words("or_pass", lang)
    elif kind == "turn":
        # (after the classic Warlord's destroy only `end` is left: his actions are over)
        key = "next_end" if nxt.get("finished") else "next_act" if nxt["gathered"] else "next_gather"
        text = words(key, lang, player=nxt["player"], character=name("character"))
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


def round_marks(marks, lang: str, local: dict[str, str]) -> list[str]:
    """What this round put on the characters (a `view.RoundMarks`), in the words of its events:
    the face-up discards, the killed, the robbed, the bewitched, warrants and threats (who holds
    them stays unknown). `table show` and the phones' page say the same."""
    from referee.say.events import describe

    found = []
    if marks.faceup:
        found.append(describe({"event": "faceup", "characters": list(marks.faceup)}, lang, local))
    if marks.killed:
        found.append(describe({"event": "killed", "character": marks.killed}, lang, local))
    if marks.bewitched:      # (the page's words: the phones said it first)
        found.append(catalog.text("page.bewitched", lang).format(character=local.get(marks.bewitched, marks.bewitched)))
    if marks.robbed:
        found.append(describe({"event": "robbed", "character": marks.robbed}, lang, local))
    if marks.warrants:
        found.append(describe({"event": "warrants", "characters": list(marks.warrants)}, lang, local))
    if marks.threats:
        found.append(describe({"event": "threatened", "characters": list(marks.threats)}, lang, local))
    return found


def hidden_pick_text(notation: str, header, lang: str) -> str:
    """A recorded pick (or face-down discard) a reader may not see yet, said without its
    character: at a table of private picks that the player chose on their phone, at a table of
    recorded picks what `do` says of it ("Bob picks a character")."""
    player, _, body = notation.partition(": ")
    if header.private:
        return words("private_pick", lang, player=player)
    return catalog.text("event.discarded" if body.startswith("discard") else "event.picked", lang, player=player)
