"""Laboratory: once per turn, discard a card from the hand for one gold."""

from __future__ import annotations

import re

from referee.engine.cards.common import once
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import UNKNOWN


@register
class Laboratory(Behaviour):
    id = "laboratory"
    kind = "district"

    def parse_use(self, notation, rest: str) -> tuple:
        return (notation.district(re.sub(r"^(discard|棄|弃)\s*", "", rest, flags=re.I)),)

    def format_use(self, notation, args: tuple) -> str:
        return notation.keyword("discard") + " " + notation.name(args[0])

    def use(self, game, move: Move) -> None:
        turn = game.state.turn
        card = move.args[1]
        once(game, "laboratory")
        game.take_from_hand(turn.seat, card, "laboratory.discard")
        game.to_deck_bottom([card])
        game.gain(turn.seat, game.rb.districts["laboratory"].fact("gold_per_discard", 1), "laboratory")

    def generate_use(self, game) -> list[Move]:
        turn = game.state.turn
        if "laboratory" in turn.used:
            return []
        cards = sorted({c for c in game.state.players[turn.seat].hand if c != UNKNOWN})
        return [make_move((turn.character, "use", ("laboratory", c))) for c in cards]
