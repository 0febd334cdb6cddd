"""Magistrate (rank 1, 2016): puts three warrants face down on three different characters; one
is signed. If the character with the signed warrant pays to build a district, the Magistrate
may reveal the warrant (`confiscate`, an offer right after that build, lapsing at the next other
move): the district goes into his city for free instead, and the builder gets back the gold he
paid (not cards paid through the Thieves' Den). Only the first district that character pays to
build can be taken (one built without paying — Framework, Necropolis — is not, and leaves the
next paid one open). Not a district already in the Magistrate's city, Quarry or not.

The confiscated district still counts toward the builder's building limit (rulebook); with the
variant `magistrate-victim-builds-again` (the seeds' reading) it does not. With the 2016 Tax
Collector the Magistrate pays the tax on it instead of the builder (the cards that care hear of
the confiscation: `on_confiscated`).

At a physical table the signed warrant is known only when revealed: `warrant CH1 CH2 CH3`
leaves it unknown (docs/situations.md), and a confiscation shows which one it was.

"Paid to build": the gold of the build, as `place_district` hands it to `on_build` (builds paid
another way say what they paid in gold; Framework and Necropolis 0).
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee.engine.cards import basic
from referee.engine.cards.common import by_rank, mark_used, once, parse_nothing, require, split_characters
from referee.engine.errors import IllegalMove
from referee.engine.listing import Triples
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import Built, Pending

_SIGNED = r"\s+(?:signed|簽署|签署|蓋章|盖章)\s+"
BUILDS_AGAIN = "magistrate-victim-builds-again"


def _parse_warrant(notation, tail: str) -> tuple:
    three, *signed = re.split(_SIGNED, tail.strip(), maxsplit=1, flags=re.I)
    return (*by_rank(notation, split_characters(notation, three, 3)), notation.character(signed[0]) if signed else "")


def _format_warrant(notation, move: Move) -> str:
    *three, signed = move.args
    return " ".join(notation.name(c) for c in three) + (f" {notation.keyword('signed')} {notation.name(signed)}" if signed else "")


def _apply_warrant(game, move: Move) -> None:
    require(game, "magistrate")
    state = game.state
    *three, signed = move.args
    if len(set(three)) < 3:
        raise IllegalMove("warrant_distinct", ("magistrate.warrants",))
    for target in three:
        if target not in state.characters:
            raise IllegalMove("not_in_set", ("magistrate.warrants",), character=target)
    if signed and signed not in three:
        raise IllegalMove("signed_elsewhere", ("magistrate.warrants",), character=signed)
    if not signed and not game.table:
        raise IllegalMove("name_signed", ("magistrate.warrants",))
    once(game, "warrant")
    _warrant(game, by_rank(game, three), signed)


def _apply_listed_warrant(game, move: Move) -> None:
    """A warrant just listed: `_every_warrant` lists only three different characters of the
    cast, in calling order, the signed one among them (or none at a table), in a Magistrate's
    turn that has not used it nor ended its actions: not checked nor put in rank order again
    (tests/engine/test_properties.py: the same position and events as `_apply_warrant`)."""
    mark_used(game, "warrant")
    args = move.args
    _warrant(game, args[:3], args[3])


def _warrant(game, three: tuple[str, ...], signed: str) -> None:
    """The warrants on `three` (in calling order), `signed` the signed one ("" unknown)."""
    state = game.state
    state.marks = state.marks._replace(warrants=three, signed_warrant=signed or None)
    if game.says:
        game.event("warrants", characters=list(three))


def _generate_warrant(game) -> "list[Move] | Triples":
    turn = game.state.turn
    if "warrant" in turn.used or turn.finished_actions:
        return []
    return _every_warrant(game.hooks.calling_order, turn.character, game.table)


@lru_cache(maxsize=8)
def _every_warrant(calling_order: tuple[tuple[int, str], ...], actor: str, table: bool) -> Triples:
    """Every warrant of a cast (in its calling order, the game's `hooks.calling_order`: (rank,
    character)): three characters, each of them the signed one, and at a table also none.
    A virtual part (`listing.Triples`), each warrant made only when drawn or asked for: made as
    moves, 168 with eight characters, they cost ~600,000 instructions at each new cast, for a
    turn that plays one of them. (A function of the cast alone: the same part at each step of the
    Magistrate's turn until he acts, and in each of his turns of a game, so kept.)"""
    return Triples(actor, "warrant", tuple([character for _, character in calling_order]), table)


def _confiscate(game, seat: int, builder: int, district: str, paid: int) -> None:
    state = game.state
    victim, magistrate = state.players[builder], state.players[seat]
    at = max(i for i, b in enumerate(victim.city) if b.id == district)
    victim.city = victim.city[:at] + victim.city[at + 1:]
    magistrate.city = magistrate.city + [Built(district, state.round)]
    if game.says:
        game.event("confiscated", player=magistrate.name, source=victim.name, district=district)
    game.gain(builder, paid, "magistrate")
    turn = state.turn
    if turn.seat == builder:
        # That gold is back already: the Alchemist's end-of-turn refund must not pay it twice.
        turn.paid_to_build = max(0, turn.paid_to_build - paid)
    if BUILDS_AGAIN in state.variants and basic.counts_toward_limit(game, builder, district) and turn.builds:
        turn.builds -= 1
    for hook in game.hooks.on_confiscated:
        hook(game, builder, seat, district)
    if builder in state.completed and not game.city_complete(builder):
        state.completed = [s for s in state.completed if s != builder]
        state.ending = bool(state.completed)
    game.note_completion(seat)


def _answered_elsewhere(game, move: Move) -> None:
    raise IllegalMove("confiscate_timing", ("magistrate.warrants",))


@register
class Magistrate(Behaviour):
    id = "magistrate"
    editions = ("2016",)
    verbs = (
        Verb("warrant", ("逮捕令", "發逮捕令", "发逮捕令", "通緝", "通缉"), _parse_warrant, _apply_warrant, _generate_warrant,
             _format_warrant, apply_listed=_apply_listed_warrant),
        # Played through `answer` (turn.answering_card): the verb's own apply never runs.
        Verb("confiscate", ("沒收", "没收", "充公"), parse_nothing, _answered_elsewhere),
    )
    refusals = (
        "warrant_distinct", "signed_elsewhere", "name_signed", "confiscate_timing", "not_magistrate",
        "confiscate_duplicate",
    )

    def on_build(self, game, seat: int, district: str, paid: int) -> None:
        state = game.state
        turn = state.turn
        marks = state.marks
        if turn.character not in marks.warrants or "warrant-checked" in turn.used:
            return
        paid = int(paid or 0)
        if paid <= 0:
            return                       # not paid for: the next paid district is still open
        turn.used = turn.used | {"warrant-checked"}  # only the first district he pays to build
        if marks.signed_warrant not in (None, turn.character):
            return
        magistrate = state.holder("magistrate")
        if magistrate is None or magistrate == seat:
            return
        state.pending = Pending("magistrate", magistrate, (seat, district, paid, turn.character))

    answers_to = ("confiscate",)

    def is_answer(self, move: Move) -> bool:
        return move.verb == "confiscate"

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        if pending is None or pending.kind != "magistrate":
            raise IllegalMove("confiscate_timing", ("magistrate.warrants", "magistrate.first-district-only"))
        seat = state.holder(move.actor) if move.actor in game.rb.characters else state.seat_of(move.actor)
        if seat != pending.seat or (move.actor in game.rb.characters and move.actor != "magistrate"):
            raise IllegalMove("not_magistrate", ("magistrate.warrants",))
        builder, district, paid, character = pending.data
        if game.owns(seat, district):
            raise IllegalMove("confiscate_duplicate", ("magistrate.no-duplicate",), card=district)
        state.pending = None
        state.marks = state.marks._replace(signed_warrant=character)      # the warrant is revealed
        _confiscate(game, seat, builder, district, paid)

    def answers(self, game) -> list[Move]:
        pending = game.state.pending
        if game.owns(pending.seat, pending.data[1]):
            return []
        return [Move("magistrate", "confiscate")]
