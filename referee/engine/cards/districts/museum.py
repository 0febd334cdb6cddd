"""Museum: once per turn, put a card from the hand under it (a point each at the end)."""

from __future__ import annotations

from referee.engine.cards.common import once
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import UNKNOWN


@register
class Museum(Behaviour):
    id = "museum"
    kind = "district"

    def parse_use(self, notation, rest: str) -> tuple:
        return (notation.district(rest),)

    def format_use(self, notation, args: tuple) -> str:
        return notation.name(args[0])

    def use(self, game, move: Move) -> None:
        turn = game.state.turn
        card = move.args[1]
        once(game, "museum")
        game.take_from_hand(turn.seat, card, "museum.tuck")
        player = game.state.players[turn.seat]
        player.city = [b._replace(stored=b.stored + (card,)) if b.id == "museum" else b for b in player.city]
        game.event("stored", player=player.name, district="museum")

    def generate_use(self, game) -> list[Move]:
        turn = game.state.turn
        if "museum" in turn.used:
            return []
        cards = sorted({c for c in game.state.players[turn.seat].hand if c != UNKNOWN})
        return [make_move((turn.character, "use", ("museum", c))) for c in cards]
