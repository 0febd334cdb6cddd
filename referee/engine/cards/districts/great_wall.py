"""Great Wall: the rank 8 character pays one more for its owner's other districts (variant
great-wall-includes-itself: for the Great Wall too)."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class GreatWall(Behaviour):
    id = "great-wall"
    kind = "district"

    def destroy_cost(self, game, owner: int, district: str, cost: int) -> int:
        # Asked for every district the rank 8 character may act on: the city is read directly.
        if not game.state.players[owner].has_built("great-wall"):
            return cost
        if district != "great-wall" or "great-wall-includes-itself" in game.state.variants:
            cost += game.rb.districts["great-wall"].facts.get("destroy_surcharge", 1)
        return cost
