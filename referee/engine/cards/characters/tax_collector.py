"""Tax Collector (rank 9; both editions, different rules).

2016: every player who builds puts 1 gold on the tax token (not the Tax Collector on his own
turn); the Tax Collector takes the pile on his turn (`take-taxes`).
Classic: a player who built this turn gives the revealed Tax Collector 1 gold at the end of his
turn (once per turn, whatever he built, if he has any); those who built before he was revealed
pay when he is revealed. His own player never pays.

Confiscated by the 2016 Magistrate, a district's tax is the Magistrate's to pay, not its
builder's (FAQ tax-collector.2016-magistrate-pays: `on_confiscated`).

His slot of the state (`State.card`, `TaxState`): the 2016 pool (`State.tax_pool` for the
situation files and the tracker's words), who was taxed on the last build, and the characters
that built this round (classic).
"""

from __future__ import annotations

from typing import TypedDict

from referee.engine.cards.common import has_power, once, parse_nothing, power_seat, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register

ID = "tax-collector"


class TaxState(TypedDict, total=False):
    pool: int                        # 2016: the gold on the tax token
    taxed: int | None                # 2016: the seat taxed on the last build (None: nobody)
    built_round: int                 # classic: the round `built_by` belongs to
    built_by: tuple[str, ...]        # classic: the characters that built in that round, in order


def _built_by(state) -> tuple[str, ...]:
    slot = state.card(ID)
    return slot.get("built_by", ()) if slot.get("built_round") == state.round else ()


def _tax(game, seat: int, taxed: int | None) -> None:
    """`seat` puts 1 gold on the tax token (2016); `taxed`: the seat the slot then names as taxed
    on the last build (one new slot for both: one is made at every build of a cast with him)."""
    state = game.state
    state.players[seat].gold -= 1
    state.set_card(ID, pool=state.card(ID).get("pool", 0) + 1, taxed=taxed)
    if game.says:
        game.event("tax", player=state.players[seat].name, amount=1)


def _apply_take_taxes(game, move: Move) -> None:
    require(game, "tax-collector")
    if game.rb.edition != "2016":
        raise IllegalMove("taxes_2016", ("tax-collector.classic-when-pay",))
    once(game, "taxes")
    state = game.state
    amount = state.card(ID).get("pool", 0)
    state.set_card(ID, pool=0)
    state.players[state.turn.seat].gold += amount
    if game.says:
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
    own_turn_hooks = ("on_reveal",)       # the classic tax of earlier builds, at his reveal
    hook_editions = {"on_reveal": ("classic",), "on_turn_end": ("classic",)}   # the classic tax
    verbs = (Verb("take-taxes", ("收稅金", "收税金", "拿稅金", "拿税金"), parse_nothing, _apply_take_taxes,
                  _generate_take_taxes),)
    refusals = ("taxes_2016", "no_income_take_taxes")
    no_income_refusal = "no_income_take_taxes"     # `收税` typed at his call: say `收税金` (basic.py)

    def on_build(self, game, seat: int, district: str, paid: int) -> None:
        state = game.state
        if game.rb.edition != "2016":
            built_by = _built_by(state)
            if state.turn.character not in built_by:
                state.set_card(ID, built_round=state.round, built_by=built_by + (state.turn.character,))
            return
        turn = state.turn
        # The Tax Collector (or the Witch playing his turn) is not taxed.
        exempt = turn.character == ID and seat == turn.seat and has_power(game, ID)
        if not exempt and state.players[seat].gold > 0:
            _tax(game, seat, seat)
        elif state.card(ID).get("taxed") is not None:
            state.set_card(ID, taxed=None)       # nobody was taxed on this build

    def on_confiscated(self, game, owner: int, seat: int, district: str) -> None:
        """2016: the builder's tax on the confiscated district comes back from the token, and the
        Magistrate (`seat`) pays it if he has gold."""
        state = game.state
        if game.rb.edition != "2016":
            return
        slot = state.card(ID)
        if slot.get("taxed") == owner and slot.get("pool", 0) > 0:
            state.set_card(ID, pool=slot["pool"] - 1)
            state.players[owner].gold += 1
            game.event("gold", player=state.players[owner].name, amount=1, reason="taxes")
        if state.players[seat].gold > 0:
            _tax(game, seat, state.card(ID).get("taxed"))

    def on_reveal(self, game, character: str, seat: int) -> None:
        state = game.state
        if character == "tax-collector" and game.rb.edition == "classic" and has_power(game, "tax-collector"):
            # Those who built before the Tax Collector was revealed (the rank 1 character) pay now.
            for builder in _built_by(state):
                _classic_tax(game, state.holder(builder), seat)

    def on_turn_end(self, game, seat: int) -> None:
        state = game.state
        if game.rb.edition == "classic" and state.turn.character in _built_by(state) and "tax-collector" in state.revealed:
            _classic_tax(game, seat, power_seat(game, "tax-collector"))   # bewitched: to the Witch
