"""Armory: during his turn its owner destroys it to destroy any other district. Whether it may
hit its owner's city and a completed city differs by edition; each side has a variant."""

from __future__ import annotations

from referee.engine.cards.common import once
from referee.engine.errors import refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register


def _own_city_allowed(game) -> bool:
    """The 2016 card names any district (its own city included); classic FAQ says other cities."""
    return bool(game.rb.districts["armory"].fact("may_target_own_city")) or "armory-own-district" in game.state.variants


def armory_problem(game, owner: int, district: str) -> tuple | None:
    """Why the Armory may not destroy `district` of seat `owner`: the district's checks, then
    the whole city's."""
    return armory_district_problem(game, owner, district) or armory_city_problem(game, owner)


def armory_district_problem(game, owner: int, district: str) -> tuple | None:
    state = game.state
    if not state.players[owner].has_built(district):
        return ("not_in_city", (), {"player": state.players[owner].name, "card": district})
    if owner == state.turn.seat and (district == "armory" or not _own_city_allowed(game)):
        return ("armory_own", ("armory.own-district",), {})
    return None


def armory_city_problem(game, owner: int) -> tuple | None:
    """What protects every district of seat `owner`'s city from the Armory (a completed city,
    by edition and variant): asked once per city by the move generator."""
    state = game.state
    if game.rb.edition == "2016":
        completed_blocks = "armory-hits-completed-city" not in state.variants
    else:
        completed_blocks = "armory-spares-completed-city" in state.variants
    if completed_blocks and game.city_complete(owner):
        return ("completed_city", ("armory.completed-city",), {"player": state.players[owner].name})
    return None


@register
class Armory(Behaviour):
    id = "armory"
    kind = "district"
    refusals = ("armory_own",)

    def parse_use(self, notation, rest: str) -> tuple:
        player, card = notation.player_then(rest)
        return (player, notation.district(card))

    def format_use(self, notation, args: tuple) -> str:
        return f"{args[0]} {notation.name(args[1])}"

    def use(self, game, move: Move) -> None:
        state = game.state
        owner = state.seat_of(move.args[1])
        district = move.args[2]
        problem = armory_problem(game, owner, district)
        if problem:
            raise refuse(problem)
        once(game, "armory")
        game.destroy_district(state.turn.seat, "armory", "armory")
        game.destroy_district(owner, district, "armory")
        game.event("destroyed", player=state.players[owner].name, district=district, cost=0)

    def generate_use(self, game) -> list[Move]:
        state = game.state
        turn = state.turn
        if "armory" in turn.used:
            return []
        # The whole city's protection once per city, then each district's own checks.
        return [make_move((turn.character, "use", ("armory", other.name, district)))
                for owner, other in enumerate(state.players) if other.city and armory_city_problem(game, owner) is None
                for district in sorted(other.built_names())
                if armory_district_problem(game, owner, district) is None]
