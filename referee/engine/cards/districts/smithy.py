"""Smithy: once per turn, pay two gold to draw three cards."""

from __future__ import annotations

from referee.engine.cards.common import once
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register


@register
class Smithy(Behaviour):
    id = "smithy"
    kind = "district"
    refusals = ("too_poor_smithy",)

    def use(self, game, move: Move) -> None:
        turn = game.state.turn
        smithy = game.rb.districts["smithy"]
        price = smithy.fact("smithy_cost", 2)
        if game.state.players[turn.seat].gold < price:
            raise IllegalMove("too_poor_smithy", ("smithy.once-per-turn",), cost=price)
        once(game, "smithy")
        game.pay(turn.seat, price, "smithy")
        game.gain_cards(turn.seat, smithy.fact("smithy_cards", 3), "smithy")

    def generate_use(self, game) -> list[Move]:
        turn = game.state.turn
        if "smithy" in turn.used or game.state.players[turn.seat].gold < game.rb.districts["smithy"].fact("smithy_cost", 2):
            return []
        return [make_move((turn.character, "use", ("smithy",)))]
