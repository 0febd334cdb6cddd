"""Characters whose whole ability is data (`data/characters.toml`): the Merchant's extra gold
and trade income, the Architect's extra cards and build limit. Registered so that "supported"
stays "registered"."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Merchant(Behaviour):
    id = "merchant"


@register
class Architect(Behaviour):
    id = "architect"
