"""The rules engine: pure Python, no I/O, no database.

It is handed the card facts of one edition (a `Rulebook`, plain values) and keeps a `Game`:
state, moves with a notation that round-trips, `legal_moves()`, a checked `apply()` that leaves
the state untouched when it refuses, and `undo()`.
"""

from referee.engine.facts import CharacterFacts, DistrictFacts, Rulebook
from referee.engine.game import Game, IllegalMove
from referee.engine.moves import Move

__all__ = ["CharacterFacts", "DistrictFacts", "Rulebook", "Game", "IllegalMove", "Move"]
