"""Reading a cast and card names as a player writes them (a situation file, a command line): a
list of characters by name or rank, or a preset's name. Apart from the engine's casts and facts,
so that a command that only names a cast (`referee sheet`) does not load the engine's cards.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from referee.engine.casts import IllegalCast, check_cast, preset_cast, preset_named
from referee.errors import AmbiguousName, BadSituation, Listed, Named, Said, UnknownName, Typed

if TYPE_CHECKING:
    from referee.engine.facts import CastFacts, Rulebook


def type_checked(value, kind, path: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = {int: "whole_number", str: "text", list: "list", dict: "table", bool: "boolean"}[kind]
        raise BadSituation.say("error.situation.type", path=path, value=value,
                               expected=Said("error.situation.kind." + name))
    return value


def card_id(rb: Rulebook, text: str, kind: str, path: str, in_play: set[str] | None = None) -> str:
    if not isinstance(text, str):
        raise BadSituation.say("error.situation.expected_name", path=path, text=Typed(text))
    rank = unicodedata.normalize("NFKC", text).strip()          # ８ typed on a Chinese keyboard is 8
    if kind == "character" and rank.isascii() and rank.isdigit() and len(rank) <= 2:  # a rank (², ٣ are not)
        found = [c for c in rb.by_rank(int(rank)) if in_play is None or c in in_play]
    else:
        found = rb.lookup(text, kind)
        if in_play and len(found) > 1:
            found = [c for c in found if c in in_play] or found
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise AmbiguousName(kind, text, [rb.name(c) for c in found]).at(path)
    # The nearest names through every alias in both scripts (a Chinese slip gets Chinese
    # neighbours), shown by the edition's English names.
    from referee.catalog.db import connect
    from referee.catalog.names import aliases_of, closest_names

    conn = connect()
    close = [found for found in closest_names(conn, text, rb.edition, (kind,))
             if found[2] in rb.characters or found[2] in rb.districts][:6]
    raise UnknownName(kind, text, [name for name, _, _, _ in close], limit=3,
                      aliases=aliases_of(conn, close, rb.edition)).at(path)


def read_cast(rb: Rulebook, value, players: int, path: str,
              rank9_optional: bool = True) -> tuple[list[str], CastFacts | None]:
    """A cast from a situation file or the command line, checked against the rules: a list of
    characters (names or ranks), or the name of one of the rulebook's presets, optionally
    followed by `+9` to add its rank 9 character where it is optional. Returns the character
    ids and the preset (None for a free cast). `rank9_optional`: a list may leave out the rank 9
    character the player count calls for (check_cast; False for a game dealt by the rules)."""
    if isinstance(value, str):
        text, nine = value.strip(), False
        if text.endswith("+9"):
            text, nine = text[:-2].strip(), True
        preset = preset_named(rb, text)
        if preset is None:
            names = Listed(Named(c.names) for c in rb.casts.values()) if rb.casts else Said("error.situation.no_presets")
            raise BadSituation.say("error.situation.not_a_preset", path=path, value=Typed(value),
                                   edition=Said("edition.bare." + rb.edition), names=names)
        try:
            return list(preset_cast(rb, preset, players, nine)), preset
        except IllegalCast as error:
            raise BadSituation.say("error.situation.cast", path=path, problem=error.problem.said) from error
    # (A file's entry by its place in the list; a command line's by its option: its place there is
    # the name typed.)
    place = path if path.startswith("--") else None
    cast = [card_id(rb, c, "character", place or f"{path}[{i}]") for i, c in enumerate(type_checked(value, list, path))]
    problem = check_cast(rb, players, cast, rank9_optional=rank9_optional)
    if problem:
        raise BadSituation.say("error.situation.cast", path=path, problem=problem.said)
    return cast, None
