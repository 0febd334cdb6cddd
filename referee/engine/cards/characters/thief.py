"""Thief (rank 2, both editions): names a character; when it is revealed, the Thief takes all
its holder's gold. Not the rank 1 character, not the killed one, not himself."""

from __future__ import annotations

from referee.engine.cards.common import format_names, once, parse_character, power_seat, require
from referee.engine.errors import refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register


def rob_problem(game, target: str) -> tuple | None:
    state = game.state
    if game.rb.characters[target].rank == 1:
        return ("rob_rank_one", ("thief.rob-rank-1",), {"character": target})
    if target == state.marks.killed:
        return ("rob_killed", ("thief.rob-killed-character",), {"character": target})
    if target == state.marks.bewitched:
        return ("rob_bewitched", ("thief.rob-witch-or-bewitched",), {"character": target})
    if target == "thief":
        return ("rob_self", ("thief.name-a-character",), {})
    if target not in state.characters:
        return ("not_in_set", (), {"character": target})
    return None


def _apply_rob(game, move: Move) -> None:
    require(game, "thief")
    problem = rob_problem(game, move.args[0])
    if problem:
        raise refuse(problem)
    once(game, "rob")
    game.state.marks = game.state.marks._replace(robbed=move.args[0])
    game.event("robbed", character=move.args[0])


def _generate_rob(game) -> list[Move]:
    turn = game.state.turn
    if "rob" in turn.used:
        return []
    return [make_move((turn.character, "rob", (c,))) for c in game.state.characters if rob_problem(game, c) is None]


@register
class Thief(Behaviour):
    id = "thief"
    verbs = (Verb("rob", ("偷", "偷竊", "偷窃"), parse_character, _apply_rob, _generate_rob, format_names),)
    refusals = ("rob_rank_one", "rob_killed", "rob_self", "rob_bewitched")

    def on_reveal(self, game, character: str, seat: int) -> None:
        """The robbed character's gold goes to the Thief the moment it is revealed."""
        state = game.state
        if state.marks.robbed != character:
            return
        thief = power_seat(game, "thief")     # the Witch's player if she played the Thief
        if thief is not None:
            game.transfer(seat, thief, state.players[seat].gold, "robbed")
