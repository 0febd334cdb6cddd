"""What every `referee table` command shares: the tables file, the rulebook of an edition and
the cards' names in a language."""

from __future__ import annotations


def store():
    from referee.table.store import Store

    return Store()


def rulebook(edition: str):
    from referee.catalog.facts import rulebook

    return rulebook(edition)


def local(edition: str, lang: str) -> dict[str, str]:
    from referee.catalog.cards import localized_names
    from referee.catalog.db import connect

    return localized_names(connect(), edition, lang)
