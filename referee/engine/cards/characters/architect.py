"""The Architect: his whole ability is data (`data/characters.toml`: the extra cards and the
build limit of three). Registered so that "supported" stays "registered"."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class Architect(Behaviour):
    id = "architect"
