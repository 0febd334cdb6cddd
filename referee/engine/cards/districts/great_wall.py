"""Great Wall: the rank 8 character pays one more for its owner's other districts (variant
great-wall-includes-itself: for the Great Wall too)."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class GreatWall(Behaviour):
    id = "great-wall"
    kind = "district"

    def destroy_surcharge(self, game, owner: int) -> tuple[int, tuple[str, ...]] | None:
        # Asked once for each city the rank 8 character looks at: its owner's districts but itself.
        if not game.state.players[owner].has_built("great-wall"):
            return None
        exempt = () if "great-wall-includes-itself" in game.state.variants else ("great-wall",)
        return game.rb.districts["great-wall"].facts.get("destroy_surcharge", 1), exempt
