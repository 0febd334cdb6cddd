"""Bishop (rank 5, both editions): his city is safe from the rank 8 character this round,
unless he was killed. His income (religious districts) is character data."""

from __future__ import annotations

from referee.engine.cards.common import power_seat
from referee.engine.registry import Behaviour, register


@register
class Bishop(Behaviour):
    id = "bishop"
    refusals = ("bishop",)

    def shield_city(self, game, owner: int) -> tuple | None:
        state = game.state
        # Bewitched, the Bishop shields the Witch's city instead of his holder's.
        if power_seat(game, "bishop") == owner and state.marks.killed != "bishop":
            return ("bishop", ("bishop.warlord-cannot-destroy", "bishop.killed-no-protection", "witch.bewitched-bishop"),
                    {"player": state.players[owner].name, "bishop": "bishop"})
        return None
