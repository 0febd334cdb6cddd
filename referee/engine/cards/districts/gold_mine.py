"""Gold Mine (2016): one more gold when the owner gathers gold."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class GoldMine(Behaviour):
    id = "gold-mine"
    kind = "district"

    def on_gather(self, game, seat: int, kind: str) -> None:
        # The city read directly (not game.owns): asked at every gathering of gold.
        if kind == "gold" and game.state.players[seat].has_built("gold-mine"):
            game.gain(seat, game.rb.districts["gold-mine"].fact("extra_gold_on_gold", 1), "gold-mine")
