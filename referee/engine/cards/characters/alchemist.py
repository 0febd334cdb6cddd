"""Alchemist (rank 6; classic The Dark City and 2016, the same rule).

At the end of his turn he gets back all the gold he paid this turn to build districts — not gold
paid for anything else (a tax, the Smithy, the Graveyard…). He builds only what he can pay when
he builds: the refund comes after the turn. `ops.pay` counts the gold paid with the reason
"build" on the turn (`Turn.paid_to_build`). He has no district income (character data).

Order at the end of the turn: the Poor House first (the rulebook's clarification of the Poor
House; FAQ poor-house.alchemist), then the refund — so an Alchemist at 0 gold with a Poor House
takes its gold and then his refund.
"""

from __future__ import annotations

from referee.engine import registry
from referee.engine.cards import basic
from referee.engine.cards.common import has_power
from referee.engine.registry import Behaviour, register


def _poor_house_first(game, seat: int) -> None:
    """Resolve the Poor House before the refund (it would see the refunded gold otherwise: the
    characters' hooks run before the districts'). Its own hook then finds gold and does nothing."""
    poor_house = registry.behaviour("poor-house")
    if poor_house is not None and poor_house.on_turn_end in game.hooks.on_turn_end:
        poor_house.on_turn_end(game, seat)


@register
class Alchemist(Behaviour):
    id = "alchemist"

    def on_turn_end(self, game, seat: int) -> None:
        turn = game.state.turn
        if not has_power(game, "alchemist") or not turn.paid_to_build:
            return
        _poor_house_first(game, seat)
        game.gain(seat, turn.paid_to_build, "alchemist")

    def income_rule(self, game):
        """The house rule of seed 000 (variant `alchemist-trade-income`): 1 gold per two trade
        districts, rounded down. Without it the Alchemist has no district income (data)."""
        if "alchemist-trade-income" in game.state.variants:
            return basic.Income("trade", "gold", 2)
        return None
