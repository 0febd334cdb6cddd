"""Warlord (rank 8, both editions): destroys a district of any city for its cost less one.
Classic: only after gathering, and it ends his actions (he destroys at the end of his turn);
the variants rank8-any-time (classic) and rank8-end-of-turn (2016) change the timing of every
rank 8 ability alike (`rank8.timing_problem`).
The protections he meets are the rank 8 rules of `cards/rank8.py`."""

from __future__ import annotations

from referee.engine.cards import rank8
from referee.engine.cards.common import format_player_district, once, parse_player_district, require
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register


def destroy_problem(game, owner: int, district: str) -> tuple | None:
    problem = rank8.district_problem(game, owner, district)
    if problem:
        return problem
    cost = rank8.destroy_cost(game, owner, district)
    gold = game.state.players[game.state.turn.seat].gold
    if gold < cost:
        return ("too_poor_destroy", ("warlord.destroy-cost",), {"cost": cost, "gold": gold})
    return None


def _apply_destroy(game, move: Move) -> None:
    require(game, "warlord")
    # Classic: at the end of the turn (the variants change it).
    rank8.apply_checked(game, move, destroy_problem, _destroy)


def _apply_listed_destroy(game, move: Move) -> None:
    """A destruction just listed: `_generate_destroy` listed it only where the timing and
    destroy_problem() had nothing against it, so they are not asked again
    (tests/engine/test_properties.py: the same position and events as `_apply_destroy`)."""
    _destroy(game, game.state.seat_of(move.args[0]), move.args[1])


def _destroy(game, owner: int, district: str) -> None:
    state = game.state
    once(game, "destroy")
    cost = rank8.destroy_cost(game, owner, district)
    game.pay(state.turn.seat, cost, "destroy")
    game.destroy_district(owner, district, "warlord")
    rank8.acted(game)                    # at the end of the turn: nothing follows
    game.event("destroyed", player=state.players[owner].name, district=district, cost=cost)


def _generate_destroy(game) -> list[Move]:
    """The Warlord's targets: the checks that concern a whole city made once per city."""
    state = game.state
    turn = state.turn
    if "destroy" in turn.used or rank8.timing_problem(game):
        return []
    gold = state.players[turn.seat].gold
    shields = game.hooks.shield_district
    actor = turn.character
    moves = []
    for owner, player in rank8.open_cities(game):
        # The price first: it rules out most districts in a random game, and both checks
        # only read the position, so their order changes nothing but the time.
        for built in rank8.within_means(game, owner, rank8.targets(player), gold):
            district = built.id
            for shield in shields:           # a plain loop: this runs for every district in play
                if shield(game, owner, district):
                    break
            else:
                moves.append(make_move((actor, "destroy", (player.name, district))))
    return moves


@register
class Warlord(Behaviour):
    id = "warlord"
    verbs = (Verb("destroy", ("摧毀", "摧毁", "拆"), parse_player_district, _apply_destroy, _generate_destroy,
                  format_player_district, apply_listed=_apply_listed_destroy),)
    refusals = ("too_poor_destroy", "completed_city", "not_in_city")
