"""What a cast's sheet says, gathered from the database in one language: the characters by rank
with their abilities in short, the calling order, the round, the game's end, the scoring and the
unique districts in play. Every fact is the data's (cards, rules, the edition's figures); this
module only chooses and orders them. No I/O beyond the read-only database connection it is given.
"""

from __future__ import annotations

import re
import sqlite3
from typing import NamedTuple

from referee.sheet.words import word
from referee.text import data_lang, edition_name

# The rules the sheet quotes, by section; `{edition}` is the edition's id. A rule missing from the
# edition is left out (the classic Bell Tower, say, has its own rules the sheet does not need).
ROUND_RULES = ("draft.procedure", "turn.gather", "turn.build")
RANK9_RULE = "draft.rank9.{edition}"            # quoted when the sheet does not know the player count
END_RULES = ("end.trigger.{edition}", "end.finish-round")
SCORING_RULES = ("scoring.districts", "scoring.five-types", "scoring.first-complete",
                 "scoring.other-complete", "scoring.unique-bonuses", "ties.{edition}")
# Rules whose title already says all a player aid needs (the bonus and its number).
TITLE_ONLY = {"scoring.five-types", "scoring.first-complete", "scoring.other-complete"}

# An ability "in short" is the card's own line (data: `short`; every character has one), else the
# first sentence of its text: a unique district's text opens with its effect and goes on with the
# rulings a player aid leaves out.


class Rule(NamedTuple):
    id: str
    title: str
    text: str          # "" when the title says it all


class Character(NamedTuple):
    id: str
    rank: int
    name: str
    ability: str


class District(NamedTuple):
    id: str
    name: str
    cost: int
    cost_text: str          # " (cost 3)"
    effect: str


class Sheet(NamedTuple):
    lang: str
    edition: str
    title: str              # "Cast sheet"
    subtitle: str           # the cast's name, the edition, the player count
    characters: list[Character]
    order: str              # "1 Assassin → 2 Thief → …"
    round: list[Rule]
    end: list[Rule]
    scoring: list[Rule]
    uniques: list[District]  # empty when the sheet does not know them
    headings: dict[str, str]
    house: list[Rule] = []   # the table's house rules (variants), as the rules data words them


def _column(prefix: str, lang: str) -> str:
    return f"{prefix}_{data_lang(lang).replace('-', '_').lower()}"


def _name_column(lang: str) -> str:
    return "name" if data_lang(lang) == "en" else _column("name", lang)


def in_short(row: sqlite3.Row, lang: str) -> str:
    """A card's ability in short (see above)."""
    own = row[_column("short", lang)]
    if own:
        return own
    text = (row[_column("ability", lang)] or "").strip()
    if data_lang(lang) == "en":     # the data's English text: its first sentence
        return re.split(r"(?<=[.!?])\s+(?=[A-Z(])", text)[0]
    return text.split("。")[0] + "。" if "。" in text else text


def _rules(conn: sqlite3.Connection, ids, edition: str, lang: str) -> list[Rule]:
    found = []
    for pattern in ids:
        rule_id = pattern.format(edition=edition)
        row = conn.execute(f"SELECT id, editions, {_column('title', lang)}, {_column('text', lang)} "
                           "FROM rules WHERE id = ?", (rule_id,)).fetchone()
        if row is None or edition not in row[1].split():
            continue
        found.append(Rule(row[0], row[2], "" if row[0] in TITLE_ONLY else row[3]))
    return found


def _edition_figures(conn: sqlite3.Connection, edition: str) -> dict:
    import json

    return json.loads(conn.execute("SELECT facts FROM editions WHERE id = ?", (edition,)).fetchone()[0])


def counts_text(counts) -> str:
    """Player counts as runs: 2, 4–7."""
    counts, runs = sorted(set(counts)), []
    for count in counts:
        if runs and count == runs[-1][1] + 1:
            runs[-1][1] = count
        else:
            runs.append([count, count])
    return ", ".join(str(low) if low == high else f"{low}–{high}" for low, high in runs)


def _house_rules(conn: sqlite3.Connection, variants, edition: str, lang: str) -> list[tuple[str, Rule]]:
    """The rules of the table's variants for `edition`, with their topics."""
    if not variants:
        return []
    marks = ",".join("?" * len(variants))
    rows = conn.execute(f"SELECT id, topic, editions, {_column('title', lang)}, {_column('text', lang)} FROM rules "
                        f"WHERE variant IN ({marks}) ORDER BY position", tuple(variants)).fetchall()
    return [(row[1], Rule(row[0], row[3], row[4])) for row in rows if edition in row[2].split()]


def build_sheet(conn: sqlite3.Connection, edition: str, characters, lang: str, *, players: int | None = None,
                uniques=(), cast_name: str | None = None, player_counts=(), variants=()) -> Sheet:
    """The sheet of `characters` (ids) of `edition` in `lang`. `players`: the table's player count
    when known (the city size that ends the game is then stated for it); `player_counts`: else
    the counts the cast may be played with; `uniques`: the unique districts in play, when known;
    `cast_name`: the preset's name in `lang`, or the table's; `variants`: the table's house rules
    (a house rule on ties replaces the edition's, one on the end the city size stated here)."""
    cards = {row["id"]: row for row in conn.execute("SELECT * FROM cards WHERE edition = ?", (edition,))}
    cast = sorted((cards[c] for c in characters), key=lambda row: row["rank"])
    people = [Character(row["id"], row["rank"], row[_name_column(lang)], in_short(row, lang)) for row in cast]
    order = word("then", lang).join(f"{c.rank} {c.name}" for c in people)
    districts = sorted((cards[d] for d in uniques), key=lambda row: (row["cost"], row[_name_column(lang)]))
    in_play = [District(row["id"], row[_name_column(lang)], row["cost"],
                        word("cost", lang, n=row["cost"]), in_short(row, lang)) for row in districts]

    round_rules = _rules(conn, ROUND_RULES, edition, lang)
    if players is None and any(c.rank == 9 for c in people):
        round_rules += _rules(conn, (RANK9_RULE,), edition, lang)
    house = _house_rules(conn, variants, edition, lang)
    end = _rules(conn, END_RULES, edition, lang)
    if players is not None and not any(topic == "end" for topic, _ in house):
        figures = _edition_figures(conn, edition)
        end.insert(0, Rule("", "", word("complete_at", lang, n=players, k=figures["end_at"][str(players)])))
    scoring = _rules(conn, SCORING_RULES, edition, lang)
    if any(topic == "ties" for topic, _ in house):
        scoring = [rule for rule in scoring if not rule.id.startswith("ties.")]

    parts = [cast_name] if cast_name else []
    parts.append(edition_name(edition, lang))
    if players is not None:
        parts.append(word("players", lang, n=players))
    elif player_counts:
        parts.append(word("players", lang, n=counts_text(player_counts)))
    headings = {key: word(key, lang) for key in ("characters", "round", "order", "end", "scoring", "uniques", "rank",
                                                 "house")}
    return Sheet(lang, edition, word("title", lang), " · ".join(parts), people, order, round_rules, end, scoring,
                 in_play, headings, [rule for _, rule in house])
