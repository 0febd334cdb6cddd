"""Hand the engine one edition's facts as plain values, read once from the database."""

from __future__ import annotations

import json
import sqlite3
from functools import lru_cache

from referee.catalog.db import connect
from referee.engine.facts import CastFacts, CharacterFacts, DistrictFacts, Rulebook
from referee.text import DATA_LANGS, ByLanguage, name_key


def load_rulebook(conn: sqlite3.Connection, edition: str) -> Rulebook:
    """The edition's rulebook from the one JSON value the build stored for it (`rulebooks`):
    this runs at the start of every command that plays or shows a game, and the 700 rows of
    cards, aliases and casts it is made from took some 5 M instructions to read one by one."""
    (data,) = conn.execute("SELECT data FROM rulebooks WHERE edition = ?", (edition,)).fetchone()
    return _rulebook(edition, json.loads(data))


def rulebook_data(conn: sqlite3.Connection, edition: str) -> dict:
    """What an edition's rulebook is made of, as JSON values, read from the tables of the cards,
    their aliases, the editions and the casts (the build stores it: `load_rulebook`)."""
    rows = conn.execute("SELECT id, kind, name, rank, type, cost, copies, facts FROM cards WHERE edition = ?",
                        (edition,)).fetchall()
    aliases: dict[str, list[tuple[str, int]]] = {}
    for key, card, priority in conn.execute("SELECT key, card_id, priority FROM aliases WHERE edition = ?", (edition,)):
        aliases.setdefault(key, []).append((card, priority))
    setup = json.loads(conn.execute("SELECT facts FROM editions WHERE id = ?", (edition,)).fetchone()[0])
    casts, substitutes = load_casts(conn, edition)
    return {"cards": [[*row[:7], json.loads(row[7])] for row in rows], "aliases": aliases, "setup": setup,
            "casts": [[c.id, dict(c.names), c.characters, c.rank9, c.uniques, sorted(c.keys)] for c in casts.values()],
            "substitutes": substitutes}


def _rulebook(edition: str, data: dict) -> Rulebook:
    characters: dict[str, CharacterFacts] = {}
    districts: dict[str, DistrictFacts] = {}
    for card, kind, name, rank, type_, cost, copies, facts in data["cards"]:
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
    aliases = {key: [(card, priority) for card, priority in named] for key, named in data["aliases"].items()}
    casts = {cast: CastFacts(cast, ByLanguage(names), tuple(members), rank9, tuple(uniques), frozenset(keys))
             for cast, names, members, rank9, uniques, keys in data["casts"]}
    substitutes = {character: tuple(options) for character, options in data["substitutes"].items()}
    return Rulebook(edition, characters, districts, data["setup"], aliases, casts, substitutes)


def load_casts(conn: sqlite3.Connection, edition: str) -> tuple[dict[str, CastFacts], dict[str, tuple[str, ...]]]:
    """The edition's named casts, and the characters that may replace one a player count forbids."""
    casts: dict[str, CastFacts] = {}
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "casts" in tables:
        columns = [f"name_{lang.replace('-', '_').lower()}" for lang in DATA_LANGS]
        for cast, *names, aliases, characters, rank9, uniques in conn.execute(
                f"SELECT id, {', '.join(columns)}, aliases, characters, rank9, uniques FROM casts"
                " WHERE edition = ? ORDER BY position", (edition,)):
            names = ByLanguage(zip(DATA_LANGS, names))
            keys = {name_key(text) for text in (cast, *names.values(), *json.loads(aliases))}
            casts[cast] = CastFacts(cast, names, tuple(characters.split()), rank9, tuple(uniques.split()), frozenset(keys))
    substitutes: dict[str, tuple[str, ...]] = {}
    if "cast_substitutes" in tables:
        for character, substitute in conn.execute("SELECT character, substitute FROM cast_substitutes ORDER BY position"):
            substitutes[character] = substitutes.get(character, ()) + (substitute,)
    return casts, substitutes


@lru_cache(maxsize=None)
def rulebook(edition: str) -> Rulebook:
    return load_rulebook(connect(), edition)
