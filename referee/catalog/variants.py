"""The house rules and readings a game may switch on, by id, with the editions they fit; and
the one check of a list of them (a situation file's `variants`, `referee table new --variant`)."""

from __future__ import annotations

from functools import lru_cache

from referee.catalog.db import connect
from referee.errors import BadSituation, Listed, RefereeError, UnknownName


@lru_cache(maxsize=None)
def variant_editions() -> dict[str, list[str]]:
    return {row[0]: row[1].split() for row in connect().execute("SELECT id, editions FROM variants")}


def check_variants(ids: list, edition: str, known: dict[str, list[str]] | None = None, *, entry=None,
                   option: bool = False) -> frozenset[str]:
    """House rules by id. A mistyped id would silently play the default rule and can change the
    winner: every id must name a variant of `edition`, once (`entry(i, id)` checks each entry as
    it comes, before its id is looked up). `option`: the ids typed as --variant on the command
    line, each said once however often it is typed, an unknown one refused in the option's
    words with the closest ids of every edition; which edition they fit is checked when the
    set-up they go into is loaded (this check, without `option`)."""
    if known is None:
        known = variant_editions()
    for i, variant in enumerate(ids):
        if entry is not None:
            entry(i, variant)
        if variant not in known:
            from rapidfuzz import process

            if option:
                close = [v for v, _, _ in process.extract(variant, sorted(known), limit=3)]
                raise RefereeError.say("error.variants.unknown_option", variant=variant, value=Listed(close))
            close = [c for c, _, _ in process.extract(variant, [k for k, e in known.items() if edition in e], limit=3)]
            raise UnknownName("variant", variant, close)
        if option:
            continue
        if edition not in known[variant]:
            raise BadSituation.say("error.variants.other_edition", i=i, variant=variant,
                                   editions=" and ".join(known[variant]), edition=edition)
    if len(set(ids)) != len(ids) and not option:
        raise BadSituation.say("error.variants.listed_twice")
    return frozenset(ids)
