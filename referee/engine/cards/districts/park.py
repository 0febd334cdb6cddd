"""Park: a player with no cards at the end of his turn draws two."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Park(Behaviour):
    id = "park"
    kind = "district"

    def on_turn_end(self, game, seat: int) -> None:
        player = game.state.players[seat]
        if not player.hand and player.has_built("park"):
            game.gain_cards(seat, game.rb.districts["park"].fact("park_cards", 2), "park")
