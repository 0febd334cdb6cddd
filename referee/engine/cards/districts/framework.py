"""Framework (2016): instead of paying for a district he builds, its owner may destroy the
Framework (face down to the bottom of the deck). The build still counts toward the limit and
still pays the 2016 Tax Collector's tax (FAQ); the Magistrate cannot confiscate it, so the build
is marked "unpaid:<district>" in the turn's `used` for the Magistrate's card to read.

Notation: `build C using Framework`."""

from __future__ import annotations

from referee.engine.cards.basic import build_problem, place_district
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import UNKNOWN


def framework_problem(game, seat: int, district: str) -> tuple | None:
    if not game.owns(seat, "framework"):
        return ("framework_needed", ("framework.build-free",), {})
    if district == "framework":
        return ("framework_itself", ("framework.build-free",), {})
    return build_problem(game, seat, district, paying=False)


@register
class Framework(Behaviour):
    id = "framework"
    kind = "district"
    editions = ("2016",)
    build_forms = ("using",)
    refusals = ("framework_needed", "framework_itself", "framework_form")

    def build_with(self, game, move: Move) -> None:
        seat = game.state.turn.seat
        district, _, payer = move.args
        if payer != "framework":
            raise IllegalMove("framework_form", ("framework.build-free",))
        problem = framework_problem(game, seat, district)
        if problem:
            raise refuse(problem)
        game.take_from_hand(seat, district)
        game.destroy_district(seat, "framework", "framework")
        game.event("destroyed_to_build", player=game.state.players[seat].name, district="framework", built=district)
        game.state.turn.used = game.state.turn.used | {"unpaid:" + district}
        place_district(game, seat, district, 0)

    def build_moves(self, game) -> list[Move]:
        turn = game.state.turn
        player = game.state.players[turn.seat]
        if not turn.gathered or not player.has_built("framework"):
            return []
        hand = sorted({c for c in player.hand if c != UNKNOWN})
        return [make_move((turn.character, "build", (card, "using", "framework"))) for card in hand
                if framework_problem(game, turn.seat, card) is None]
