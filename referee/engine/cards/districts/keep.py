"""Keep: the rank 8 character cannot act on it (destroy, exchange, seize)."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Keep(Behaviour):
    id = "keep"
    kind = "district"
    refusals = ("keep",)

    def shield_district(self, game, owner: int, district: str) -> tuple | None:
        if game.rb.districts[district].facts.get("protected_from_rank8"):
            return ("keep", ("keep.rank-8",), {"card": district})
        return None
