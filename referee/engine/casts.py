"""Casts: which characters a game uses. Pure functions over the edition's facts, no I/O.

A cast is one character for each rank 1 to 8, plus a rank 9 character where the player count
requires or allows one (data: `rank9_required`, `rank9_allowed` in editions.toml), and only
characters the player count allows (data: each character's `min_players`, `excluded_players`).
The 2016 rulebook also names ready-made casts, "presets" (data/casts.toml), each with its
fourteen unique districts; a preset names a character a player count forbids (the Emperor with
2 players, the Queen with 3-4), and the rulebook says which characters may take its place.

`check_cast` is the one judge of a cast: situation files, `referee simulate --characters` and
`Game.new` all ask it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from referee.engine.facts import CastFacts
from referee.errors import Listed, RefereeError, Said, card_mark
from referee.text import name_key

if TYPE_CHECKING:      # annotations only: `random` is not loaded by a game that deals nothing
    import random

    from referee.engine.facts import Rulebook

RANKS = range(1, 9)                     # every cast has exactly one character of each
NINE = 9


class IllegalCast(ValueError):
    """A cast the rules do not allow: the message is one line naming the problem (its English
    text; `problem` says it in any language)."""

    def __init__(self, problem: "CastProblem"):
        super().__init__(problem)
        self.problem = problem


class CastProblem(str):
    """One line naming what is wrong with a cast: the catalog's `key` filled in with `values`
    (`said` renders it in the language it is shown in, card names ⟦marked⟧ for the CLI to write
    as the player does); the str is its English text."""

    def __new__(cls, key: str, /, **values):
        said = Said(key, **values)
        line = super().__new__(cls, str(RefereeError.say(key, **values)))
        line.said = said
        return line


def _mark(rb: "Rulebook", card: str) -> str:
    return card_mark(rb.name(card))


def _edition(rb: "Rulebook"):
    return Said("edition.bare." + rb.edition)


def _rank(rb: "Rulebook", character: str) -> int:
    return rb.characters[character].rank


def rank9_required(rb: "Rulebook", players: int) -> bool:
    return players in rb.setup.get("rank9_required", [])


def rank9_allowed(rb: "Rulebook", players: int) -> bool:
    return rank9_required(rb, players) or players in rb.setup.get("rank9_allowed", [])


def character_problem(rb: "Rulebook", character: str, players: int) -> str | None:
    """Why `character` may not play with `players` players, or None."""
    facts = rb.characters[character]
    if players < facts.min_players:
        return CastProblem("error.cast.too_few_players", card=_mark(rb, character), least=facts.min_players,
                           players=players)
    if players in facts.excluded_players:
        return CastProblem("error.cast.not_with_players", card=_mark(rb, character), players=players)
    return None


def listed_twice(rb: "Rulebook", characters) -> str | None:
    """The problem of a list of characters (ids) that names one twice, or None."""
    characters = tuple(characters)
    if len(set(characters)) == len(characters):
        return None
    return CastProblem("error.cast.listed_twice", card=_mark(rb, next(c for c in characters if characters.count(c) > 1)))


def check_cast(rb: "Rulebook", players: int, characters, rank9_optional: bool = False) -> str | None:
    """The first problem with using `characters` (ids) with `players` players, as one line, or
    None when the rules allow the cast. `rank9_optional`: a situation file may leave out the rank 9
    character a player count calls for (the situation contract's default cast is the standard
    eight for every count, so an explicit list of eight is as valid); everything else holds."""
    characters = tuple(characters)
    for character in characters:
        if character not in rb.characters:
            return CastProblem("error.cast.not_a_character", character=character, edition=_edition(rb))
    twice = listed_twice(rb, characters)
    if twice:
        return twice
    by_rank: dict[int, list[str]] = {}
    for character in characters:
        by_rank.setdefault(_rank(rb, character), []).append(character)
    for rank in sorted(by_rank):
        if len(by_rank[rank]) > 1:
            names = Listed((_mark(rb, c) for c in by_rank[rank]), joiner="punct.and")
            return CastProblem("error.cast.same_rank", cards=names, rank=rank)
    missing = [rank for rank in RANKS if rank not in by_rank]
    if missing:
        return CastProblem("error.cast.missing_rank", ranks=Listed(missing))
    if NINE in by_rank and not rank9_allowed(rb, players):
        return CastProblem("error.cast.no_rank_nine", players=players, edition=_edition(rb),
                           card=_mark(rb, by_rank[NINE][0]))
    if NINE not in by_rank and rank9_required(rb, players) and not rank9_optional:
        return CastProblem("error.cast.needs_rank_nine", players=players, edition=_edition(rb))
    for character in characters:
        problem = character_problem(rb, character, players)
        if problem:
            return problem
    return None


def require_legal(rb: "Rulebook", players: int, characters) -> tuple[str, ...]:
    characters = tuple(characters)
    key = (id(rb), players, characters)
    if _LEGAL.get(key) is not rb:
        problem = check_cast(rb, players, characters)
        if problem:
            raise IllegalCast(problem)
        if len(_LEGAL) > 256:
            _LEGAL.clear()
        _LEGAL[key] = rb
    return characters


# The casts found legal, by (rulebook, player count, cast): every dealt game's cast is judged at
# Game.new, and a simulation deals the same cast game after game (a random cast is judged when
# drawn, then again by its game). The judgement reads only the rulebook's facts, which never
# change; the rulebook is kept in the entry so that its id cannot be reused while the entry lives.
_LEGAL: dict[tuple, "Rulebook"] = {}


def default_rank9(rb: "Rulebook", players: int) -> str:
    """The rank 9 character the referee uses when none is named: the Queen where she may play
    (5+ players), else the Tax Collector."""
    return "queen" if character_problem(rb, "queen", players) is None else "tax-collector"


def default_cast(rb: "Rulebook", players: int) -> tuple[str, ...]:
    """The edition's standard eight, plus the default rank 9 character where the player count
    requires one."""
    cast = rb.standard_characters()
    return cast + (default_rank9(rb, players),) if rank9_required(rb, players) else cast


# -- presets ------------------------------------------------------------------------------------


def preset_named(rb: "Rulebook", text: str) -> CastFacts | None:
    """The preset `text` names (any of its names or aliases, in any script), or None."""
    key = name_key(text)
    return next((cast for cast in rb.casts.values() if key in cast.keys), None)


def preset_cast(rb: "Rulebook", preset: CastFacts, players: int, nine: bool | None = None,
                rng: random.Random | None = None) -> tuple[str, ...]:
    """The characters of `preset` for `players` players. The rank 9 character joins where the
    player count requires it, or when `nine` asks for it; a character the player count forbids
    gives way to one the rulebook names instead (the first, or a random one with `rng`)."""
    cast = list(preset.characters)
    if rank9_required(rb, players) or (nine and rank9_allowed(rb, players)):
        # The first game lists no rank 9 character: the referee's default one joins.
        cast.append(preset.rank9 or default_rank9(rb, players))
    for i, character in enumerate(cast):
        if character_problem(rb, character, players) is None:
            continue
        options = [c for c in rb.substitutes.get(character, ())
                   if c in rb.characters and c not in cast and character_problem(rb, c, players) is None]
        if options:
            cast[i] = rng.choice(options) if rng else options[0]
    return require_legal(rb, players, cast)


# -- random casts (simulations) ----------------------------------------------------------------


def random_cast(rb: "Rulebook", players: int, rng: random.Random,
                usable: Callable[[str], bool] = lambda character: True) -> tuple[str, ...]:
    """A random legal cast among the `usable` characters: one of each rank 1-8, and a rank 9
    where the player count requires one (where it is optional, one game in two has one)."""
    # Each rank's options in one pass over the characters the player count allows, in id order
    # (as `rb.by_rank` lists them: the draws depend on it).
    pools: dict[int, list[str]] = {}
    for rank, character in _allowed(rb, players):
        if usable(character):
            pools.setdefault(rank, []).append(character)
    cast = []
    for rank in RANKS:
        options = pools.get(rank)
        if not options:
            raise IllegalCast(CastProblem("error.cast.no_usable_rank", rank=rank, players=players))
        cast.append(rng.choice(options))
    nines = pools.get(NINE)
    if nines and (rank9_required(rb, players) or rng.random() < 0.5):
        cast.append(rng.choice(nines))
    return require_legal(rb, players, cast)


def _allowed(rb: "Rulebook", players: int) -> tuple[tuple[int, str], ...]:
    """(rank, character) for every character `players` players may use, in id order, rank 9
    only where it may play: what `random_cast` draws from before its `usable` filter. Made once
    per rulebook and player count (a simulation draws a cast per game; the facts never change)."""
    key = (id(rb), players)
    found = _ALLOWED.get(key)
    if found is None or found[0] is not rb:
        last = NINE if rank9_allowed(rb, players) else RANKS[-1]
        if len(_ALLOWED) > 64:
            _ALLOWED.clear()
        found = _ALLOWED[key] = (rb, tuple(
            (rb.characters[c].rank, c) for c in sorted(rb.characters)
            if rb.characters[c].rank <= last and character_problem(rb, c, players) is None))
    return found[1]


# (rulebook id, player count) -> (the rulebook, `_allowed`'s answer): the rulebook is kept in
# the entry so that its id cannot be reused while the entry lives (as in `_LEGAL`).
_ALLOWED: dict[tuple, tuple] = {}


def excluded_uniques(rb: "Rulebook", characters) -> set[str]:
    """Unique districts the cast takes out of the deck (data: `cast_excludes`; classic: no
    Hospital with the Witch, no Graveyard with the Diplomat)."""
    excludes = rb.setup.get("cast_excludes", {})
    return {d for c in characters for d in excludes.get(c, ())}
