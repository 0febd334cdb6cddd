"""What many cards' rules share: "once per turn", "only this character", and the argument
parsers and printers of the notation's common shapes."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.engine.errors import IllegalMove
from referee.engine.moves import make_move

if TYPE_CHECKING:
    from referee.engine.ops import Operations
    from referee.engine.moves import Move, Notation


def once(game: "Operations", ability: str) -> None:
    """Mark an ability used this turn; refuse a second use (and anything after the classic
    Warlord's destruction, which ends his actions)."""
    turn = game.state.turn
    if ability in turn.used:
        raise IllegalMove("ability_once", ("general.ability-once-per-turn",))
    if turn.finished_actions:
        raise IllegalMove("after_destroy", ("warlord.when-to-use-ability",))
    turn.used = turn.used | {ability}


def mark_used(game: "Operations", ability: str) -> None:
    """Mark an ability used this turn where once()'s checks are known to pass: a move just listed
    (its generator lists it only while the ability is unused and the turn's actions are not over)."""
    turn = game.state.turn
    turn.used = turn.used | {ability}


def powers(game: "Operations") -> tuple[str, ...]:
    """The characters whose abilities the current turn uses: its own, unless a card took them
    (a bewitched character's holder has none; the Witch resuming that turn has its)."""
    turn = game.state.turn
    return (turn.character,) if turn.powers is None else turn.powers


def power_seat(game: "Operations", character: str) -> int | None:
    """The seat that has `character`'s abilities this round: its holder's, unless a card moved
    them (`power_seat` hooks: the Witch's player when she bewitched it — its holder only gathers;
    she plays the rest of its turn). Effects that come later in the round go there: the Thief's
    take, the Bishop's shield, the taxes."""
    holder = game.state.holder(character)
    if holder is not None:
        for moved in game.hooks.power_seat:
            holder = moved(game, character, holder)
    return holder


def require(game: "Operations", character: str) -> None:
    """Refuse a verb that is not the acting character's ability."""
    if character not in powers(game):
        turn = game.state.turn
        raise IllegalMove("wrong_character", ("general.ability-once-per-turn",), character=turn.character,
                          needed=character)


def has_power(game: "Operations", character: str) -> bool:
    """Whether the current turn uses `character`'s abilities (`powers`; asked by the generators
    at every step of a turn)."""
    turn = game.state.turn
    return character == turn.character if turn.powers is None else character in turn.powers


def mover_seat(game: "Operations", move: "Move") -> int | None:
    """The seat of whoever typed an answer out of turn: a player by name, or by the character he
    revealed (`Bob: use Hospital …`, the killed `King: use Hospital gold`); a card whose answer
    is only its owner's, by his name (the Graveyard, the Ball Room), refuses the second form."""
    state = game.state
    seat = state.seat_of(move.actor)
    if seat is None and move.actor in game.rb.characters:
        seat = state.holder(move.actor)
    return seat


@lru_cache(maxsize=1024)
def kept_move(actor: str, verb: str, *args) -> "Move":
    """`actor: verb ARG…`, made once while it is asked for again: a move is never changed, and a
    listing offers the same moves at step after step (a build, a give, a keep, a spy's count; a
    cache lookup costs a third of a move made). Bounded: the objects a cache keeps are traversed by
    every full collection of the garbage collector."""
    return make_move((actor, verb, args))      # (the arguments given one by one: a flat key, hashed at once)


class _ByLast(dict):
    """The moves `actor: verb ARGS… X` by their last argument X, each made when first read."""

    __slots__ = ("_head",)

    def __init__(self, head: tuple) -> None:
        super().__init__()
        self._head = head

    def __missing__(self, last) -> "Move":
        actor, verb, args = self._head
        move = self[last] = make_move((actor, verb, (*args, last)))
        return move


@lru_cache(maxsize=64)
def moves_by_last(actor: str, verb: str, *args) -> dict:
    """`actor: verb ARGS… X` read by X (`moves_by_last(…)[X]`), made when first read and kept: a
    move is never changed, and a listing offers the same moves at step after step (the Seer's
    gives by card, the Spy's counts by number). Reading a kept table by its last argument costs
    about half of `kept_move`'s lookup, whose key of every argument is made and hashed for each
    move. Bounded: a few (actor, player) heads, each holding at most a move per card or count."""
    return _ByLast((actor, verb, args))


@lru_cache(maxsize=64)
def moves_naming(actor: str, verb: str, names: tuple[str, ...], but: str = "") -> tuple["Move", ...]:
    """`actor: verb NAME` for each of `names` but `but`, in their order (a character to kill,
    rob or bewitch, a player to swap hands with): a function of its arguments (a move is never changed), the same at each
    listing of a turn and in every game of a cast (of those players), so made once for each (a few casts kept: the
    objects a cache keeps are traversed by every full collection of the garbage collector)."""
    return tuple([make_move((actor, verb, (name,))) for name in names if name != but])


# -- notation shapes ----------------------------------------------------------------------------


def parse_nothing(notation: "Notation", tail: str) -> tuple:
    return notation.nothing(tail)


def parse_character(notation: "Notation", tail: str) -> tuple:
    return (notation.character(tail),)


def parse_player(notation: "Notation", tail: str) -> tuple:
    return (notation.player(tail),)


def parse_districts(notation: "Notation", tail: str) -> tuple:
    return notation.districts(tail)


def parse_player_district(notation: "Notation", tail: str) -> tuple:
    player, card = notation.player_then(tail)
    return (player, notation.district(card))


def format_names(notation: "Notation", move: "Move") -> str:
    """Card ids as names, a comma between them; anything else as it is (players, numbers)."""
    return ", ".join(notation.name(a) for a in move.args)


def format_player_district(notation: "Notation", move: "Move") -> str:
    return f"{move.args[0]} {notation.name(move.args[1])}"


def split_characters(notation: "Notation", text: str, count: int) -> tuple[str, ...]:
    """`count` characters written one after the other (`King Bishop Warlord`, names with spaces
    such as `Tax Collector` allowed, commas optional), in the order written."""
    from referee.errors import BadMove, Typed

    text = text.replace(",", " ").replace("，", " ").replace("、", " ")
    words = text.split()

    def split(start: int, left: int) -> tuple[str, ...] | None:
        if left == 0:
            return () if start == len(words) else None
        for end in range(len(words) - left + 1, start, -1):
            first = notation.character_or_none(" ".join(words[start:end]))
            if first is None:
                continue
            rest = split(end, left - 1)
            if rest is not None:
                return (first, *rest)
        return None

    found = split(0, count)
    if found is None:
        raise BadMove.say("error.move.character_count", count=count, text=Typed(text))
    return found


def by_rank(game_or_notation, characters) -> tuple[str, ...]:
    """Characters in calling order (the canonical order of a move's list)."""
    rb = game_or_notation.rb
    return tuple(sorted(characters, key=lambda c: rb.characters[c].rank))
