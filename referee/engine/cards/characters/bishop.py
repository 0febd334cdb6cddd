"""Bishop (rank 5, both editions): his city is safe from the rank 8 character this round,
unless he was killed. His income (religious districts) is character data."""

from __future__ import annotations

from referee.engine.cards.common import power_seat
from referee.engine.registry import Behaviour, register


@register
class Bishop(Behaviour):
    id = "bishop"
    refusals = {
        "bishop": ("{player} is the {bishop}, alive this round: the rank 8 character cannot touch that city.",
                   "{player}是本輪存活的{bishop}，8號角色不能對其城市使用能力。",
                   "{player}是本轮存活的{bishop}，8号角色不能对其城市使用能力。"),
    }

    def shield_city(self, game, owner: int) -> tuple | None:
        state = game.state
        # Bewitched, the Bishop shields the Witch's city instead of his holder's.
        if power_seat(game, "bishop") == owner and state.marks.killed != "bishop":
            return ("bishop", ("bishop.warlord-cannot-destroy", "bishop.killed-no-protection", "witch.bewitched-bishop"),
                    {"player": state.players[owner].name, "bishop": "bishop"})
        return None
