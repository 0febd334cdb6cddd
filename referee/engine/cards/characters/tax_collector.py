"""Tax Collector (rank 9; both editions, different rules).

2016: every player who builds puts 1 gold on the tax token (not the Tax Collector on his own
turn); the Tax Collector takes the pile on his turn (`take-taxes`).
Classic: a player who built this turn gives the revealed Tax Collector 1 gold at the end of his
turn (once per turn, whatever he built, if he has any); those who built before he was revealed
pay when he is revealed. His own player never pays.
"""

from __future__ import annotations

from referee.engine.cards.common import has_power, once, parse_nothing, power_seat, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register


def _apply_take_taxes(game, move: Move) -> None:
    require(game, "tax-collector")
    if game.rb.edition != "2016":
        raise IllegalMove("taxes_2016", ("tax-collector.classic-when-pay",))
    once(game, "taxes")
    state = game.state
    amount, state.tax_pool = state.tax_pool, 0
    state.players[state.turn.seat].gold += amount
    game.event("gold", player=state.players[state.turn.seat].name, amount=amount, reason="taxes")


def _generate_take_taxes(game) -> list[Move]:
    turn = game.state.turn
    if "taxes" in turn.used or game.rb.edition != "2016":
        return []
    return [Move(turn.character, "take-taxes")]


def _classic_tax(game, payer: int | None, collector: int | None) -> None:
    state = game.state
    if payer is None or collector is None or payer == collector or state.players[payer].gold <= 0:
        return
    game.transfer(payer, collector, 1, "tax-collector")


@register
class TaxCollector(Behaviour):
    id = "tax-collector"
    verbs = (Verb("take-taxes", ("收稅金", "收税金", "拿稅金", "拿税金"), parse_nothing, _apply_take_taxes,
                  _generate_take_taxes),)
    refusals = ("taxes_2016",)

    def on_build(self, game, seat: int, district: str) -> None:
        state = game.state
        if game.rb.edition != "2016":
            return
        if state.turn.character == "tax-collector" and seat == state.turn.seat and has_power(game, "tax-collector"):
            return                   # the Tax Collector (or the Witch playing his turn) is not taxed
        if state.players[seat].gold > 0:
            state.players[seat].gold -= 1
            state.tax_pool += 1
            game.event("tax", player=state.players[seat].name, amount=1)

    def on_reveal(self, game, character: str, seat: int) -> None:
        state = game.state
        if character == "tax-collector" and game.rb.edition == "classic" and has_power(game, "tax-collector"):
            # Those who built before the Tax Collector was revealed (the rank 1 character) pay now.
            for builder in state.built_by:
                _classic_tax(game, state.holder(builder), seat)

    def on_turn_end(self, game, seat: int) -> None:
        state = game.state
        if game.rb.edition == "classic" and state.turn.character in state.built_by and "tax-collector" in state.revealed:
            _classic_tax(game, seat, power_seat(game, "tax-collector"))   # bewitched: to the Witch
