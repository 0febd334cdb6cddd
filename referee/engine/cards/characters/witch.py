"""Witch (rank 1; classic The Dark City and 2016). Both editions give her the same rule (the
2016 rulebook, "Character Abilities in Detail"; the classic card text and FAQ in the seeds):

1. She gathers first, then must name another character to bewitch (`bewitch CH`), and her turn
   is put on hold: no building, no district action; only the effects that come with gathering
   (Gold Mine, Library, Observatory) apply. With the variant `witch-may-decline` (the translated
   classic FAQ) she may instead play an ordinary turn.
2. When the bewitched character is called, its holder reveals it and only gathers (no ability,
   no extra resource, no income, no building); his part ends at once. The crown still goes to a
   bewitched King's or Patrician's holder (their modules check that the seat is the holder's).
3. She then plays the rest of that turn as the bewitched character, at her own seat: its
   abilities, its extra resources (the Merchant's gold, the Architect's cards), its passive
   effects and restrictions (build limit, the Navigator's no-building), with her own hand, gold
   and city. Effects of that character later in the round go to her (`common.power_seat`: the
   Thief's take, the Bishop's shield, the Blackmailer's bribes, the classic Tax Collector's tax).
4. If nobody holds the bewitched character, she never resumes: the rest of her turn, and her
   end-of-turn districts (Park, Poor House), are lost.

The turn is split with the flow's generic parts (`Turn.only`, `partial`, `then`, `acting`; see
flow.py): her first part is partial; the holder's part is partial and is followed by hers.
"""

from __future__ import annotations

from referee.engine.cards import basic
from referee.engine.cards.common import format_names, mark_used, moves_naming, once, parse_character, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import Turn

DECLINE = "witch-may-decline"


def _apply_bewitch(game, move: Move) -> None:
    require(game, "witch")
    state = game.state
    turn = state.turn
    target = move.args[0]
    if not turn.gathered:
        raise IllegalMove("bewitch_gather_first", ("turn.bewitched", "witch.how-it-works"))
    if target == "witch":
        raise IllegalMove("bewitch_self", ("witch.how-it-works",))
    if target not in state.characters:
        raise IllegalMove("not_in_set", ("witch.how-it-works",), character=target)
    if turn.used - {"bewitch"}:
        # Only with the variant can anything come before the spell: once she has built or used
        # something, she plays an ordinary turn.
        raise IllegalMove("bewitch_too_late", ("witch.must-bewitch", "witch.first-half-limits"))
    once(game, "bewitch")
    _bewitch(game, target)


def _apply_listed_bewitch(game, move: Move) -> None:
    """A spell just listed: `_generate_bewitch` lists it only once she has gathered, before
    anything else of her turn, on another character of the cast, so it is not checked again
    (tests/engine/test_properties.py: the same position and events as `_apply_bewitch`)."""
    mark_used(game, "bewitch")
    _bewitch(game, move.args[0])


def _bewitch(game, target: str) -> None:
    state = game.state
    state.marks = state.marks._replace(bewitched=target)
    if game.says:
        game.event("bewitched", character=target)
    turn = state.turn
    turn.partial = True          # on hold: her end-of-turn effects wait for the resumed part
    turn.ended = True


def _generate_bewitch(game) -> list[Move]:
    turn = game.state.turn
    if not turn.gathered or turn.used:
        return []
    return list(moves_naming(turn.character, "bewitch", game.state.characters, "witch"))


@register
class Witch(Behaviour):
    id = "witch"

    def power_seat(self, game, character: str, holder: int) -> int:
        """The bewitched character's abilities are hers this round (unless she was killed)."""
        state = game.state
        if state.marks.bewitched == character:
            witch = state.holder("witch")
            if witch is not None and state.marks.killed != "witch":
                return witch
        return holder
    verbs = (Verb("bewitch", ("施咒", "施法", "詛咒", "诅咒"), parse_character, _apply_bewitch, _generate_bewitch,
                  format_names, apply_listed=_apply_listed_bewitch),)
    refusals = (
        "bewitch_gather_first", "bewitch_self", "bewitch_too_late", "witch_spell_first", "bewitched_gathers",
        "bewitched_part_over",
    )

    def on_reveal(self, game, character: str, seat: int) -> None:
        state = game.state
        turn = state.turn
        if turn.acting == "witch" and character == turn.character:
            basic.gather_extras(game)        # she resumes: the character's extra resources are hers
        elif character == "witch" and not turn.acting and DECLINE not in state.variants:
            turn.only = ("gold", "draw", "bewitch")
            turn.only_problem = ("witch_spell_first", ("turn.bewitched", "witch.first-half-limits"), {})
        elif character == state.marks.bewitched and seat == state.holder(character) and not turn.acting:
            witch = state.holder("witch")
            if witch is None or state.marks.killed == "witch":
                return
            turn.powers = ()
            turn.only = ("gold", "draw")
            turn.only_problem = ("bewitched_gathers", ("turn.bewitched", "witch.bewitched-player-options"), {})
            turn.partial = True
            turn.then = Turn(character, witch, gathered=True, acting="witch")

    def on_gather(self, game, seat: int, kind: str) -> None:
        turn = game.state.turn
        if turn.then is not None and turn.then.acting == "witch":
            turn.ended = True                # the holder's part is the gathering alone
