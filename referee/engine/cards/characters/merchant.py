"""The Merchant: his whole ability is data (`data/characters.toml`: the extra gold and the trade
income). Registered so that "supported" stays "registered"."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Merchant(Behaviour):
    id = "merchant"
