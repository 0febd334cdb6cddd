"""Observatory: the draw action shows three cards instead of two."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Observatory(Behaviour):
    id = "observatory"
    kind = "district"

    def draw_plan(self, game, seat: int, count: int, keep: int) -> tuple[int, int]:
        # The city read directly (not game.owns): asked at every step before gathering.
        if game.state.players[seat].has_built("observatory"):
            count = game.rb.districts["observatory"].fact("draw", 3)
        return count, keep
