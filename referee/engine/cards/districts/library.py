"""Library: the draw action keeps every card shown (2016) or two of them (classic, also with
the Observatory). Its hook runs after the Observatory's (`order`), so it sees the number of
cards shown."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Library(Behaviour):
    id = "library"
    kind = "district"
    order = 1

    def draw_plan(self, game, seat: int, count: int, keep: int) -> tuple[int, int]:
        # The city read directly (not game.owns): asked at every step before gathering.
        if game.state.players[seat].has_built("library"):
            library = game.rb.districts["library"]
            keep = count if library.fact("keep_all") else min(count, library.fact("keep", 2))
        return count, keep
