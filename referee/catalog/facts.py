"""Hand the engine one edition's facts as plain values, read once from the database."""

from __future__ import annotations

import json
import sqlite3
from functools import lru_cache

from referee.catalog.db import connect
from referee.engine.facts import CharacterFacts, DistrictFacts, Rulebook


def load_rulebook(conn: sqlite3.Connection, edition: str) -> Rulebook:
    characters: dict[str, CharacterFacts] = {}
    districts: dict[str, DistrictFacts] = {}
    for row in conn.execute("SELECT * FROM cards WHERE edition = ?", (edition,)):
        facts = json.loads(row["facts"])
        if row["kind"] == "character":
            characters[row["id"]] = CharacterFacts(
                id=row["id"], name=row["name"], rank=row["rank"], income=facts["income"],
                income_kind=facts["income_kind"], build_limit=facts["build_limit"],
                extra_gold=facts["extra_gold"], extra_cards=facts["extra_cards"], can_build=facts["can_build"],
                min_players=facts["min_players"], excluded_players=tuple(facts["excluded_players"]),
                neighbour_gold=facts["neighbour_gold"], facts=facts.get("facts", {}),
            )
        else:
            districts[row["id"]] = DistrictFacts(
                id=row["id"], name=row["name"], type=row["type"], cost=row["cost"], copies=row["copies"], facts=facts
            )
    aliases: dict[str, list[tuple[str, int]]] = {}
    for row in conn.execute("SELECT key, card_id, priority FROM aliases WHERE edition = ?", (edition,)):
        aliases.setdefault(row["key"], []).append((row["card_id"], row["priority"]))
    setup = json.loads(conn.execute("SELECT facts FROM editions WHERE id = ?", (edition,)).fetchone()[0])
    return Rulebook(edition, characters, districts, setup, aliases)


@lru_cache(maxsize=None)
def rulebook(edition: str) -> Rulebook:
    return load_rulebook(connect(), edition)
