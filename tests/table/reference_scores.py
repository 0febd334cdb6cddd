"""Scores worked out by hand from the rulebooks, apart from `referee.engine.scoring`: the
expectation the recorded-game, replay and cache tests check the engine's scores against (when
they compared the engine with itself, five planted scoring bugs went unseen).

Each rule below is written from the cards' and rulebooks' texts, not from the engine's facts:
only the printed costs and types are read from data/districts.toml. What depends on a hidden
hand (the Secret Vault in hand, the Map Room's cards) is left out, as the tests leave it out.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

TYPES = ("noble", "religious", "trade", "military", "unique")


@lru_cache(maxsize=None)
def _printed(edition: str) -> dict[str, tuple[int, str]]:
    data = tomllib.loads((Path(__file__).resolve().parents[2] / "data" / "districts.toml").read_text(encoding="utf-8"))
    return {d["id"]: (d["editions"][edition]["cost"], d["type"]) for d in data["district"] if edition in d["editions"]}


def _value(edition: str, built) -> int:
    """A district's points: its printed cost, +1 when beautified (2016's Artist); the classic
    Dragon Gate and University are worth 8 (printed on the card)."""
    if edition == "classic" and built.id in ("dragon-gate", "university"):
        return 8
    return _printed(edition)[built.id][0] + (1 if getattr(built, "beautified", 0) else 0)


def _player(edition: str, state, seat: int, final_round: int, haunted_as: str | None) -> int:
    player = state.players[seat]
    city = list(player.city)
    types = [_printed(edition)[b.id][1] for b in city]
    for i, built in enumerate(city):
        if built.id == "haunted-quarter" and haunted_as is not None:
            # Classic: not if built in the last round; 2016: any round.
            if not (edition == "classic" and built.built_round >= final_round):
                types[i] = haunted_as
    total = sum(_value(edition, b) for b in city)
    if all(t in types for t in TYPES):
        total += 3
    if seat in state.completed:
        first = state.completed[0] == seat if state.first_bonus is None else seat in state.first_bonus
        total += 4 if first else 2
    uniques = types.count("unique")
    ids = {b.id for b in city}
    if "basilica" in ids and edition == "2016":
        total += sum(1 for b in city if _value(edition, b) % 2 == 1)
    if "capitol" in ids and edition == "2016" and max(types.count(t) for t in TYPES) >= 3:
        total += 3
    if "dragon-gate" in ids and edition == "2016":
        total += 2
    if "imperial-treasury" in ids:
        total += player.gold
    if "ivory-tower" in ids and edition == "2016" and uniques == 1:
        total += 5
    if "museum" in ids:
        total += sum(len(b.stored) for b in city if b.id == "museum")
    if "statue" in ids and edition == "2016" and state.crown == seat:
        total += 5
    if "wishing-well" in ids:
        total += uniques if edition == "2016" else uniques - 1
    return total


def reference_scores(edition: str, state, final_round: int | None = None) -> dict[str, int]:
    """Each player's score without the hidden hand's part (the Haunted Quarter counted as the
    type that scores best, the owner's choice)."""
    final_round = state.round if final_round is None else final_round
    return {p.name: max(_player(edition, state, seat, final_round, choice) for choice in (None, *TYPES))
            for seat, p in enumerate(state.players)}
