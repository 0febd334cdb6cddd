"""Hand the engine one edition's facts as plain values, read once from the database."""

from __future__ import annotations

import json
import sqlite3
from functools import lru_cache

from referee.catalog.db import connect
from referee.engine.facts import CastFacts, CharacterFacts, DistrictFacts, Rulebook
from referee.text import DATA_LANGS, ByLanguage, name_key


def load_rulebook(conn: sqlite3.Connection, edition: str) -> Rulebook:
    characters: dict[str, CharacterFacts] = {}
    districts: dict[str, DistrictFacts] = {}
    # Columns by position and every card's facts in one json.loads: this runs at the start of
    # every command that plays or shows a game.
    rows = conn.execute("SELECT id, kind, name, rank, type, cost, copies, facts FROM cards WHERE edition = ?",
                        (edition,)).fetchall()
    all_facts = json.loads("[" + ",".join(row[7] for row in rows) + "]")
    for (card, kind, name, rank, type_, cost, copies, _), facts in zip(rows, all_facts):
        if kind == "character":
            characters[card] = CharacterFacts(
                id=card, name=name, rank=rank, income=facts["income"],
                income_kind=facts["income_kind"], build_limit=facts["build_limit"],
                extra_gold=facts["extra_gold"], extra_cards=facts["extra_cards"], can_build=facts["can_build"],
                min_players=facts["min_players"], excluded_players=tuple(facts["excluded_players"]),
                neighbour_gold=facts["neighbour_gold"], facts=facts.get("facts", {}),
            )
        else:
            districts[card] = DistrictFacts(id=card, name=name, type=type_, cost=cost, copies=copies, facts=facts)
    aliases: dict[str, list[tuple[str, int]]] = {}
    for key, card, priority in conn.execute("SELECT key, card_id, priority FROM aliases WHERE edition = ?", (edition,)):
        found = aliases.get(key)
        if found is None:
            aliases[key] = [(card, priority)]
        else:
            found.append((card, priority))
    setup = json.loads(conn.execute("SELECT facts FROM editions WHERE id = ?", (edition,)).fetchone()[0])
    casts, substitutes = load_casts(conn, edition)
    return Rulebook(edition, characters, districts, setup, aliases, casts, substitutes)


def load_casts(conn: sqlite3.Connection, edition: str) -> tuple[dict[str, CastFacts], dict[str, tuple[str, ...]]]:
    """The edition's named casts, and the characters that may replace one a player count forbids."""
    casts: dict[str, CastFacts] = {}
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "casts" in tables:
        for row in conn.execute("SELECT * FROM casts WHERE edition = ? ORDER BY position", (edition,)):
            names = ByLanguage({lang: row[f"name_{lang.replace('-', '_').lower()}"] for lang in DATA_LANGS})
            keys = {name_key(text) for text in (row["id"], *names.values(), *json.loads(row["aliases"]))}
            casts[row["id"]] = CastFacts(row["id"], names, tuple(row["characters"].split()), row["rank9"],
                                         tuple(row["uniques"].split()), frozenset(keys))
    substitutes: dict[str, tuple[str, ...]] = {}
    if "cast_substitutes" in tables:
        for row in conn.execute("SELECT character, substitute FROM cast_substitutes ORDER BY position"):
            substitutes[row["character"]] = substitutes.get(row["character"], ()) + (row["substitute"],)
    return casts, substitutes


@lru_cache(maxsize=None)
def rulebook(edition: str) -> Rulebook:
    return load_rulebook(connect(), edition)
