"""Assassin (rank 1, both editions): names a character, who loses the whole turn."""

from __future__ import annotations

from referee.engine.cards.common import format_names, moves_naming, once, parse_character, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register


def _apply_kill(game, move: Move) -> None:
    require(game, "assassin")
    target = move.args[0]
    if target == "assassin":
        raise IllegalMove("kill_self", ("assassin.name-a-character",))
    if target not in game.state.characters:
        raise IllegalMove("not_in_set", ("assassin.name-a-character",), character=target)
    once(game, "kill")
    game.state.marks = game.state.marks._replace(killed=target)
    game.event("killed", character=target)


def _generate_kill(game) -> list[Move]:
    turn = game.state.turn
    if "kill" in turn.used:
        return []
    return list(moves_naming(turn.character, "kill", game.state.characters, "assassin"))


@register
class Assassin(Behaviour):
    id = "assassin"
    verbs = (Verb("kill", ("刺殺", "刺杀", "殺", "杀"), parse_character, _apply_kill, _generate_kill, format_names),)
    refusals = ("kill_self",)
