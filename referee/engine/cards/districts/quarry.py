"""Quarry: its owner may build districts of a name already in his city — classic: two of a
name at most (seeds' FAQ); 2016: no limit; variant quarry-one-duplicate: one duplicate in the
city at a time."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Quarry(Behaviour):
    id = "quarry"
    kind = "district"

    def allows_duplicate(self, game, seat: int, district: str) -> bool | None:
        player = game.state.players[seat]
        if not player.has_built("quarry"):
            return None
        ids = [b.id for b in player.city]
        if "quarry-one-duplicate" in game.state.variants:
            return len(ids) == len(set(ids))
        limit = game.rb.districts["quarry"].fact("max_same_name")
        return limit is None or ids.count(district) < limit
