"""Poor House: a player with no gold at the end of his turn takes one."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class PoorHouse(Behaviour):
    id = "poor-house"
    kind = "district"

    def on_turn_end(self, game, seat: int) -> None:
        player = game.state.players[seat]
        if player.gold == 0 and player.has_built("poor-house"):
            game.gain(seat, game.rb.districts["poor-house"].fact("poor_house_gold", 1), "poor-house")
