"""`referee card`, `referee cards`, `referee rules`."""

from __future__ import annotations

from referee.catalog import cards as card_data
from referee.catalog import rules as rule_data
from referee.catalog.db import connect
from referee.catalog.names import resolve
from referee.cli.output import Page, console, escape, paragraph, print_json, table
from referee.errors import Listed, RefereeError, Said, Typed
from referee.say.labels import clause, colon, comma, label, parens
from referee.say.lang import check_edition, choose
from referee.text import EDITIONS, data_lang

_TERMINAL = {"purple": "magenta"}   # the terminal's name for the card colour


def _aliases(conn, card_id: str, edition: str) -> list[str]:
    rows = conn.execute(
        "SELECT DISTINCT text FROM aliases WHERE card_id = ? AND edition = ? AND priority <= 2 ORDER BY priority, text",
        (card_id, edition),
    ).fetchall()
    return [r[0] for r in rows if r[0] != card_id]


def _resolve_any_edition(conn, name: str, edition: str):
    """The card in the chosen edition, else a card of the other edition (Bell Tower in 2016)."""
    from referee.errors import UnknownName

    try:
        return resolve(conn, name, edition, fuzzy=False)
    except UnknownName:
        pass
    for other in EDITIONS:
        if other != edition:
            try:
                return resolve(conn, name, other, fuzzy=False)
            except UnknownName:
                pass
    return resolve(conn, name, edition)


def show_card(name: str, edition: str, lang: str | None, json_out: bool) -> None:
    edition = check_edition(edition)
    conn = connect()
    lang = choose(lang, name)
    match = _resolve_any_edition(conn, name, edition)
    view = card_data.get_card(conn, match.id, edition)
    other_editions = [e for e in card_data.editions_of(conn, match.id) if e != edition]
    if view is None:   # the name is known, but only in the other edition
        edition = other_editions[0]
        view = card_data.get_card(conn, match.id, edition)
        view["note_edition"] = label("not_in_edition", lang)
    view["aliases"] = _aliases(conn, match.id, edition)
    view["also_means"] = list(match.others)
    view["matched_by"] = match.how
    from referee.cli import editions_cmd

    differs = editions_cmd.card_differences(conn, match.id) if other_editions else None
    if differs:              # what works differently in the other edition (data/differences.toml)
        view["differences"] = differs
    if json_out:
        print_json(view)
        return
    out = Page(console())
    names = view["names"]
    shown = data_lang(lang)        # the names the data carries: English for a language it does not
    title = f"[bold]{escape(names[shown])}[/bold]"
    if shown != "en":
        title += f"  {escape(names['en'])}"
        other_script = names["zh-Hans"] if shown == "zh-Hant" else names["zh-Hant"]
        if other_script != names[shown]:
            title += f" / {escape(other_script)}"
    out.print(title)
    if view["kind"] == "character":
        facts = f"{label('rank', lang)} {view['rank']}"
    else:
        colour = _TERMINAL.get(view["colour"], view["colour"])
        facts = (f"[{colour}]{label(view['type'], lang).capitalize()}[/{colour}] · {label('cost', lang)} {view['cost']}"
                 f" · {label('copies', lang)} {view['copies']}")
    facts += f" · {label(edition, lang)}"
    if view["set"] and view["set"] != edition:      # a 2016 card in the 2016 edition says nothing more
        facts += parens(label(view["set"], lang), lang)
    if view.get("note_edition"):
        facts += f" · {view['note_edition']}"
    out.print(facts)
    ability = view["ability"][lang]
    if ability:
        # A full-width colon in Chinese: rich then wraps the ability right after the label instead of
        # moving the whole unspaced sentence to a line of its own.
        paragraph(out, f"{label('ability', lang)}{colon(lang)}{ability}", lang)
    for other in other_editions:        # the rules that differ, right under the card's own
        line = editions_cmd.differs_line(differs, other, lang)
        if line:
            paragraph(out, line, lang)
    if view["aliases"]:
        out.print(f"[dim]{label('aliases', lang)}{colon(lang)}{escape(comma(lang).join(view['aliases'][:16]))}[/dim]")
    for line in _same_words(conn, name, match, edition, other_editions, lang):
        out.print(f"[dim]{escape(line)}[/dim]")
    for other in other_editions:
        alt = card_data.get_card(conn, match.id, other)
        detail = f"{label('rank', lang)} {alt['rank']}" if alt["kind"] == "character" else f"{label('cost', lang)} {alt['cost']}"
        out.print(f"[dim]{label('other_edition', lang)}{parens(label(other, lang), lang)}{colon(lang)}"
                  f"{escape(alt['names'][lang])}{clause(lang)}{detail}[/dim]")
    out.show()


def _card_line(card: dict, lang: str) -> str:
    """`堡壘（Keep） · 特殊 · 費用 3`: enough to tell two cards of the same name apart."""
    text = card["names"][lang] + (parens(card["names"]["en"], lang).strip() if data_lang(lang) != "en" else "")
    if card["kind"] == "character":
        return f"{text} · {label('rank', lang)} {card['rank']}"
    return f"{text} · {label(card['type'], lang)} · {label('cost', lang)} {card['cost']}"


def _same_words(conn, text: str, match, edition: str, other_editions: list[str], lang: str) -> list[str]:
    """Other cards the words may mean: in some translations (要塞: the Keep or the Fortress), in
    the other edition (墓地: the 2016 Necropolis, the classic Graveyard), or a close name when the
    words matched nothing exactly (兵工廠: the Armory, or the Factory's 工廠)."""
    from referee.catalog.names import closest_names
    from referee.text import name_key

    lines, shown = [], {match.id}
    if match.how == "rank":       # `card 8`: the other characters of the rank, not other meanings of "8"
        cards = [card_data.get_card(conn, other, edition) for other in match.others]
        names = [_card_line(card, lang).split(" · ")[0] for card in cards if card]
        if names:
            lines.append(label("same_rank", lang).format(rank=text.strip()) + colon(lang) + comma(lang).join(names))
        return lines
    for other in match.others:
        card = card_data.get_card(conn, other, edition) or next(
            (card_data.get_card(conn, other, e) for e in card_data.editions_of(conn, other)), None)
        if not card:
            continue
        meant_in = _edition_meaning(conn, text, other, edition)
        if meant_in:       # 主教 in 2016 is the Cardinal; the classic Bishop is the other edition's
            card = card_data.get_card(conn, other, meant_in) or card
            lines.append(label("in_edition", lang).format(edition=label(meant_in, lang), word=text)
                         + " " + _card_line(card, lang))
        else:
            lines.append(label("also", lang).format(word=text) + " " + _card_line(card, lang))
        shown.add(other)
    rows = conn.execute("SELECT DISTINCT card_id, edition FROM aliases WHERE key = ? AND edition != ? ORDER BY priority",
                        (name_key(text), edition)).fetchall()
    for card_id, other_edition in rows:
        if card_id not in shown:
            card = card_data.get_card(conn, card_id, other_edition)
            lines.append(label("in_edition", lang).format(edition=label(other_edition, lang), word=text)
                         + " " + _card_line(card, lang))
            shown.add(card_id)
    if match.how in ("fuzzy", "exact") and (match.how == "fuzzy" or _weak_alias(conn, text, match.id, edition)):
        for _, score, card_id, kind in closest_names(conn, text, edition, (match.kind,))[:4]:
            if card_id not in shown and score >= 80:
                lines.append(label("close", lang) + _card_line(card_data.get_card(conn, card_id, edition), lang))
                shown.add(card_id)
    return lines


def _edition_meaning(conn, text: str, card_id: str, edition: str) -> str | None:
    """The other edition, when the words are this card's printed name there but not here
    (主教: the classic Bishop; in 2016 the Cardinal)."""
    from referee.text import name_key

    rows = dict(conn.execute("SELECT edition, MIN(priority) FROM aliases WHERE key = ? AND card_id = ? GROUP BY edition",
                             (name_key(text), card_id)).fetchall())
    if rows.get(edition, 0) == 0:
        return None
    return next((e for e, priority in rows.items() if e != edition and priority == 0), None)


def _weak_alias(conn, text: str, card_id: str, edition: str) -> bool:
    """The words are only an alias some players use, not a printed name."""
    from referee.text import name_key

    row = conn.execute("SELECT MIN(priority) FROM aliases WHERE key = ? AND edition = ? AND card_id = ?",
                       (name_key(text), edition, card_id)).fetchone()
    return row[0] is not None and row[0] >= 2


def _check_colour(colour: str | None) -> str | None:
    if colour is None:
        return None
    from referee.engine.types import parse_district_type

    found = parse_district_type(colour)
    if not found:
        raise RefereeError.say("error.lookup.unknown_colour_choose_one", colour=colour)
    return found


def list_cards(edition, rank, colour, kind, lang, json_out) -> None:
    edition = check_edition(edition)
    if rank is not None and not 1 <= rank <= 9:
        raise RefereeError.say("error.lookup.rank_must_be_between", rank=rank)
    colour = _check_colour(colour)
    if rank is not None and kind == "district":
        raise RefereeError.say("error.lookup.rank_for_characters_districts")
    # The words the refusal below offers work too.
    kind = {"角色": "character", "地區": "district", "地区": "district", "建築": "district", "建筑": "district"}.get(
        (kind or "").strip(), kind)
    if kind and kind not in ("character", "district"):
        raise RefereeError.say("error.lookup.unknown_kind_choose_one", kind=kind)
    rows = card_data.list_cards(connect(), edition, rank, colour, kind)
    if json_out:
        print_json(rows)
        return
    lang = choose(lang)
    if not rows:
        console().print(label("no_cards", lang))
        return
    only_characters = all(row["kind"] == "character" for row in rows)
    headers = [label("edition", lang), label("name", lang)]
    only_districts = all(row["kind"] == "district" for row in rows)
    kind_header = label("type", lang) if only_districts else label("rank", lang) + " / " + label("type", lang)
    headers += [label("rank", lang)] if only_characters else [kind_header, label("cost", lang), label("copies", lang)]
    grid = table(*headers)
    for row in rows:
        if row["kind"] == "character":
            cells = [str(row["rank"])] if only_characters else [f"{label('rank', lang)} {row['rank']}", "", ""]
        else:
            colour = _TERMINAL.get(row["colour"], row["colour"])
            cells = [f"[{colour}]{label(row['type'], lang)}[/{colour}]", str(row["cost"]), f"×{row['copies']}"]
        grid.add_row(label(row["edition"], lang), escape(row["names"][lang]), *cells)
    console().print(grid)


def _variant_titles(conn, lang: str) -> dict[str, str]:
    """A house rule by its title in the player's language (its id is for files)."""
    from referee.text import data_lang

    column = data_lang(lang).replace("-", "_").lower()
    return {row[0]: row[1] for row in conn.execute(f"SELECT id, title_{column} FROM variants") if row[1]}


def show_rules(topic, players, edition, lang, json_out) -> None:
    edition = check_edition(edition)
    if players is not None and not 2 <= players <= 8:
        raise RefereeError.say("error.lookup.players_must_be_between", players=players)
    if topic is not None and not topic.strip():
        raise RefereeError.say("error.lookup.give_topic_rule_id")
    conn = connect()
    from referee.text import has_cjk

    # A topic named in Chinese speaks its script (版本, 角色組合); its English name says nothing.
    asked_in = topic if topic and has_cjk(topic) else None
    if rule_data.is_cast_topic(topic):
        return show_casts(conn, edition, choose(lang, asked_in), json_out)
    from referee.catalog.differences import is_editions_topic

    if is_editions_topic(topic):       # both editions side by side: --edition does not choose one
        from referee.cli import editions_cmd

        return editions_cmd.show(conn, choose(lang, asked_in), json_out)
    found = rule_data.find_rules(conn, topic, edition, players)
    if topic and not found and players is not None and rule_data.find_rules(conn, topic, edition, None):
        counts = sorted({n for r in rule_data.find_rules(conn, topic, edition, None) for n in r["players"]})
        raise RefereeError.say("error.lookup.rules_for_players", topic=Typed(topic), counts=Listed(counts, joiner="punct.or"), players=players)
    if topic and not found and edition and rule_data.find_rules(conn, topic, None, players):
        other = next(e for e in EDITIONS if e != edition)
        raise RefereeError.say("error.lookup.no_rule_in_edition", topic=Typed(topic), edition=Said("edition.bare." + edition), other=other)
    if topic and not found:
        raise RefereeError.say("error.lookup.no_rule_on_topics", topic=Typed(topic),
                               topics=Listed(Said(key) for key in rule_data.topic_names(conn)))
    if json_out:
        print_json(found)
        return
    # A topic's name or a rule id is the same in every language: then the locale decides.
    named = topic and (topic.strip().lower() in rule_data.topics(conn)
                       or any(r["id"] == topic.strip() or r["id"].startswith(topic.strip() + ".") for r in found))
    lang = choose(lang, None if named else topic)
    out = Page(console())
    titles = _variant_titles(conn, lang)
    for rule in found:
        variant = titles.get(rule["variant"], rule["variant"])
        # A house rule says how to play it (`--variant ID`, what table new, ask and score take):
        # the one id a player types; the rule's own id is for programs (--json).
        tag = (f"[dim]{parens(label('variant', lang) + colon(lang) + escape(variant) + ' · --variant ' + escape(rule['variant']), lang)}[/dim]"
               if rule["variant"] else "")
        out.print(f"[bold]{escape(rule['title'][lang] or rule['id'])}[/bold]{tag}")    # its id: --json only
        paragraph(out, rule["text"][lang] or "", lang)
        out.print()
    out.show()


def show_casts(conn, edition, lang, json_out) -> None:
    """`referee rules casts`: how a cast is chosen, then the rulebook's named casts."""
    found = rule_data.find_casts(conn, edition)
    if json_out:
        print_json(found)
        return
    lang = choose(lang)
    out = Page(console())
    for rule in found["rules"]:
        out.print(f"[bold]{escape(rule['title'][lang] or rule['id'])}[/bold]")
        paragraph(out, rule["text"][lang] or "", lang)
        out.print()
    for preset in found["presets"]:
        out.print(f"[bold]{escape(preset['name'][lang])}[/bold]")
        paragraph(out, preset["about"][lang], lang)
        nine = parens(escape(preset["rank9"]["names"][lang]), lang) if preset["rank9"] else ""
        paragraph(out, f"{label('characters', lang)}{colon(lang)}"
                       + comma(lang).join(escape(c["names"][lang]) for c in preset["characters"]) + nine, lang, indent=2, hang=4)
        paragraph(out, f"{label('uniques', lang)}{colon(lang)}"
                       + comma(lang).join(escape(d["names"][lang]) for d in preset["uniques"]), lang, indent=2, hang=4)
        out.print()
    if not found["presets"]:
        out.print(f"[dim]{label('no_presets', lang)}[/dim]")
    out.show()
