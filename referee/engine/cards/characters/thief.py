"""Thief (rank 2, both editions): names a character; when it is revealed, the Thief takes all
its holder's gold. Not the rank 1 character, not the killed one, not himself."""

from __future__ import annotations

from functools import lru_cache

from referee.engine.cards.common import format_names, moves_naming, once, parse_character, power_seat, require
from referee.engine.errors import refuse
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register


def rob_problem(game, target: str) -> tuple | None:
    state = game.state
    if game.rb.characters[target].rank == 1:
        return ("rob_rank_one", ("thief.rob-rank-1",), {"character": target})
    spared = _spared(state).get(target)
    if spared:
        return spared
    if target == "thief":
        return ("rob_self", ("thief.name-a-character",), {})
    if target not in state.characters:
        return ("not_in_set", (), {"character": target})
    return None


def _spared(state) -> dict[str, tuple]:
    """The characters this round's marks spare from the Thief, each with why: the killed one
    and the bewitched one (asked once per listing)."""
    marks = state.marks
    spared = {}
    if marks.bewitched:
        spared[marks.bewitched] = ("rob_bewitched", ("thief.rob-witch-or-bewitched",), {"character": marks.bewitched})
    if marks.killed:           # (this refusal comes first)
        spared[marks.killed] = ("rob_killed", ("thief.rob-killed-character",), {"character": marks.killed})
    return spared


@lru_cache(maxsize=64)
def _cast_targets(calling_order: tuple[tuple[int, str], ...]) -> frozenset[str]:
    """The characters of a cast (`hooks.calling_order`: (rank, character)) the Thief may rob in
    some round: all but the rank 1 character and himself (rob_problem's checks of the cast); a
    function of the cast, made once. The round's part is `_spared`."""
    return frozenset([character for rank, character in calling_order if rank != 1 and character != "thief"])


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
    # The cast's part once per cast, the round's once per listing (rob_problem asks both, for
    # the refusal; tests/engine/test_properties.py checks that they allow the same).
    spared = _spared(game.state)
    targets = _cast_targets(game.hooks.calling_order)
    return list(moves_naming(turn.character, "rob", tuple([c for c in game.state.characters
                                                           if c in targets and c not in spared])))


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
