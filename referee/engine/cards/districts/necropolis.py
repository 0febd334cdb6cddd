"""Necropolis (2016): it may be built, instead of paying its cost, by destroying one district of
its builder's own city (face down to the bottom of the deck). Built that way it cannot be
confiscated by the Magistrate (marked "unpaid:necropolis" in the turn's `used`); it still pays
the 2016 Tax Collector's tax (FAQ).

Notation: `build Necropolis destroying C`."""

from __future__ import annotations

from referee.engine.cards.basic import build_problem, place_district
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register


def necropolis_problem(game, seat: int, victim: str) -> tuple | None:
    problem = build_problem(game, seat, "necropolis", paying=False)
    if problem:
        return problem
    if not game.owns(seat, victim):
        return ("necropolis_victim", ("necropolis.build-by-destroying",), {"card": victim})
    return None


@register
class Necropolis(Behaviour):
    id = "necropolis"
    kind = "district"
    editions = ("2016",)
    build_forms = ("destroying",)
    refusals = ("necropolis_only", "necropolis_victim")

    def build_with(self, game, move: Move) -> None:
        seat = game.state.turn.seat
        district, _, victim = move.args
        if district != "necropolis":
            raise IllegalMove("necropolis_only", ("necropolis.build-by-destroying",))
        problem = necropolis_problem(game, seat, victim)
        if problem:
            raise refuse(problem)
        game.take_from_hand(seat, "necropolis")
        game.destroy_district(seat, victim, "necropolis")
        game.event("destroyed_to_build", player=game.state.players[seat].name, district=victim, built="necropolis")
        game.state.turn.used = game.state.turn.used | {"unpaid:necropolis"}
        place_district(game, seat, "necropolis", 0)

    def build_moves(self, game) -> list[Move]:
        turn = game.state.turn
        player = game.state.players[turn.seat]
        if "necropolis" not in player.hand or not turn.gathered or not player.city:
            return []
        if build_problem(game, turn.seat, "necropolis", paying=False) is not None:
            return []
        return [make_move((turn.character, "build", ("necropolis", "destroying", victim)))
                for victim in sorted({b.id for b in player.city})]
