"""What this version of the engine plays; anything else gets a "not supported yet" verdict."""

from __future__ import annotations

# Cards whose behaviour this version plays. Anything else in play gets an explicit
# "not supported yet" instead of a silent wrong answer.
SUPPORTED_CHARACTERS = frozenset(
    {"assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "queen"}
)
# Unique districts whose effects the engine plays (every district's end-of-game score is
# supported); the others are reported as "not supported yet" when they are in play.
SUPPORTED_UNIQUES = frozenset({
    "keep", "haunted-quarter", "laboratory", "smithy", "observatory", "library", "graveyard", "great-wall",
    "school-of-magic", "dragon-gate", "university", "armory", "museum", "factory", "quarry", "gold-mine",
    "stables", "poor-house", "park", "monument", "imperial-treasury", "map-room", "wishing-well", "statue",
    "ivory-tower", "basilica", "capitol", "secret-vault", "bell-tower",
})
SUPPORTED_BY_EDITION = {"2016": SUPPORTED_CHARACTERS | {"tax-collector"},
                        "classic": SUPPORTED_CHARACTERS | {"tax-collector"}}
