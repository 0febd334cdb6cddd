"""Bishop (rank 5, both editions): his city is safe from the rank 8 character this round,
unless he was killed. His income (religious districts) is character data."""

from __future__ import annotations

from referee.engine.cards.common import power_seat
from referee.engine.registry import Behaviour, register


@register
class Bishop(Behaviour):
    id = "bishop"
    refusals = ("bishop",)

    def shielded_city(self, game) -> tuple | None:
        state = game.state
        if state.marks.killed == "bishop":
            return None
        # Bewitched, the Bishop shields the Witch's city instead of his holder's.
        seat = power_seat(game, "bishop")
        if seat is None:
            return None
        return seat, ("bishop", ("bishop.warlord-cannot-destroy", "bishop.killed-no-protection", "witch.bewitched-bishop"),
                      {"player": state.players[seat].name, "bishop": "bishop"})
