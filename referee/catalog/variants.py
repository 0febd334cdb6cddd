"""The house rules and readings a situation may switch on, by id, with the editions they fit."""

from __future__ import annotations

from functools import lru_cache

from referee.catalog.db import connect


@lru_cache(maxsize=None)
def variant_editions() -> dict[str, list[str]]:
    return {row[0]: row[1].split() for row in connect().execute("SELECT id, editions FROM variants")}
