"""Unique districts whose whole effect is data the rest of the engine reads by name — their
end-of-game points (`scoring.py`), an income type (School of Magic), a build-limit or
city-size fact (Stables, Monument), the Haunted City/Quarter's type at scoring. Registered so
that "supported" stays "registered"."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register

_DATA_ONLY = (
    "dragon-gate", "university", "haunted-quarter", "imperial-treasury", "map-room", "wishing-well",
    "statue", "ivory-tower", "basilica", "capitol", "secret-vault", "school-of-magic", "stables", "monument",
)

for _card in _DATA_ONLY:
    register(type(_card.title().replace("-", ""), (Behaviour,), {"id": _card, "kind": "district"}))
