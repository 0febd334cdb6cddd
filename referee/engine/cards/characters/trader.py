"""Trader (rank 6, 2016): one gold per trade district (character data); during his turn trade
districts do not count toward his building limit, so he may build any number of them besides
his one other district."""

from __future__ import annotations

from referee.engine.cards.common import has_power
from referee.engine.registry import Behaviour, register


@register
class Trader(Behaviour):
    id = "trader"
    editions = ("2016",)
    # The only districts counts_toward_limit takes out of the limit, and only in his turn
    # (`own_turn_hooks`): once the limit is reached, the build listing of his turn looks at no
    # other type, and that of another turn at none (basic.build_generator).
    limit_free_types = ("trade",)
    own_turn_hooks = ("counts_toward_limit",)

    def counts_toward_limit(self, game, seat: int, district: str) -> bool | None:
        # The district's type first: asked at every build (basic.place_district) and for each
        # card a build listing checks once the limit is reached, most of them not trade districts.
        if game.rb.districts[district].type != "trade":
            return None
        turn = game.state.turn
        if turn is not None and seat == turn.seat and has_power(game, "trader"):
            return False
        return None
