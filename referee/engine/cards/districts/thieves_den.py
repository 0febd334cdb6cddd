"""Thieves' Den (2016): its builder may pay any part of its cost — all of it, even — with cards
from his hand instead of gold, one card per gold; the cards go face down to the bottom of the
deck. (Confiscated by the Magistrate, only the gold comes back: the gold paid is the `cost` of
the build's "built" event.)

Notation: `build "Thieves' Den" with cards C1, C2` (at a table a card may be `?`)."""

from __future__ import annotations

from itertools import combinations

from referee.engine.cards.basic import build_cost, build_problem, place_district
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import UNKNOWN

DEN = "thieves-den"


@register
class ThievesDen(Behaviour):
    id = DEN
    kind = "district"
    editions = ("2016",)
    build_forms = ("with",)
    refusals = ("den_only", "den_too_many", "den_gold")

    def build_with(self, game, move: Move) -> None:
        state = game.state
        seat = state.turn.seat
        district, _, cards = move.args
        if district != DEN:
            raise IllegalMove("den_only", ("thieves-den.pay-with-cards",))
        problem = build_problem(game, seat, DEN, paying=False)
        if problem:
            raise refuse(problem)
        cost = build_cost(game, seat, DEN)
        if len(cards) > cost:
            raise IllegalMove("den_too_many", ("thieves-den.pay-with-cards",), cost=cost)
        gold = cost - len(cards)
        player = state.players[seat]
        if player.gold < gold:
            raise IllegalMove("den_gold", ("thieves-den.pay-with-cards", "turn.build"), cards=len(cards), gold=gold,
                              have=player.gold)
        game.take_from_hand(seat, DEN)
        for card in cards:        # the den itself is out of the hand: it cannot pay for itself
            game.take_from_hand(seat, card, "thieves-den.pay-with-cards")
        game.to_deck_bottom(list(cards))
        game.event("paid_with_cards", player=player.name, district=DEN, count=len(cards))
        game.pay(seat, gold, "build")
        place_district(game, seat, DEN, gold)

    def build_moves(self, game) -> list[Move]:
        state = game.state
        turn = state.turn
        player = state.players[turn.seat]
        if DEN not in player.hand or not turn.gathered or build_problem(game, turn.seat, DEN, paying=False):
            return []
        cost = build_cost(game, turn.seat, DEN)
        rest = sorted(player.hand)
        rest.remove(DEN)
        rest = [c for c in rest if c != UNKNOWN]
        fewest = max(1, cost - player.gold)
        return [make_move((turn.character, "build", (DEN, "with", cards)))
                for count in range(fewest, min(cost, len(rest)) + 1)
                for cards in sorted(set(combinations(rest, count)))]
