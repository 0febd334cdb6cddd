"""Factory (2016): other unique districts cost its owner one gold less to build."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Factory(Behaviour):
    id = "factory"
    kind = "district"

    def build_discount(self, game, seat: int) -> int:
        if game.state.players[seat].has_built("factory"):
            return game.rb.districts["factory"].fact("unique_discount", 1)
        return 0

    def build_cost(self, game, seat: int, district: str, cost: int) -> int:
        # The city read directly (not game.owns): asked for every affordable card in hand.
        if (district != "factory" and game.rb.districts[district].type == "unique"
                and game.state.players[seat].has_built("factory")):
            cost = max(0, cost - game.rb.districts["factory"].fact("unique_discount", 1))
        return cost
