"""Throne Room (classic): each time the crown passes from one player to another — whoever moves
it (the King taking it, a killed King's heir at the round's end, the Emperor giving it) — the
Throne Room's owner takes 1 gold from the bank. A King who already holds the crown does not
move it, so nothing is paid."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


@register
class ThroneRoom(Behaviour):
    id = "throne-room"
    kind = "district"
    editions = ("classic",)

    def on_crown_passed(self, game, old: int, new: int) -> None:
        gold = game.rb.districts["throne-room"].fact("gold_on_crown_change", 1)
        for seat, player in enumerate(game.state.players):
            if player.has_built("throne-room"):
                game.gain(seat, gold, "throne-room")
