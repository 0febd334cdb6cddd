"""Cardinal (rank 5, 2016).

Income: one card per religious district (the income kind "cards" of his data).

Borrowing: when he wants to build a district and lacks the gold, he takes exactly the missing gold
from one other player, who cannot refuse, and gives that player one card from his hand for each
gold taken; then he must build that district. The notation makes it one move:
`build C from PLAYER giving C1[, C2]` (the build form "from", routed here by `basic.py`). At a
physical table the cards given may be named `?` (cards of the hand the referee does not know).
"""

from __future__ import annotations

from itertools import combinations

from referee.engine.cards import basic
from referee.engine.cards.common import has_power, require
from referee.engine.errors import refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import UNKNOWN


def _rest_of_hand(hand: list[str], district: str) -> list[str] | None:
    """The hand once the district to build has left it (an unknown card standing for it)."""
    rest = list(hand)
    taken = district if district in rest else UNKNOWN if UNKNOWN in rest else None
    if taken is None:
        return None
    rest.remove(taken)
    return rest


def borrow_problem(game, district: str, payer: int | None, giving: tuple[str, ...]) -> tuple | None:
    """Why the Cardinal cannot build `district` with gold taken from `payer` for `giving`, as
    (key, citations, values); None if he can."""
    state = game.state
    seat = state.turn.seat
    problem = basic.build_problem(game, seat, district, paying=False)
    if problem:
        return problem
    me = state.players[seat]
    cost = basic.build_cost(game, seat, district)
    missing = cost - me.gold
    if missing <= 0:
        return ("cardinal_not_short", ("cardinal.take-shortfall",), {"card": district, "cost": cost, "gold": me.gold})
    if payer is None or payer == seat:
        return ("cardinal_other_player", ("cardinal.take-shortfall",), {})
    them = state.players[payer]
    if them.gold < missing:
        return ("cardinal_payer_short", ("cardinal.take-shortfall",),
                {"player": them.name, "gold": them.gold, "missing": missing})
    if len(giving) != missing:
        return ("cardinal_card_count", ("cardinal.take-shortfall", "cardinal.no-refusal-no-extra"),
                {"missing": missing, "count": len(giving)})
    rest = _rest_of_hand(me.hand, district) or []
    for card in giving:
        taken = card if card in rest else UNKNOWN if UNKNOWN in rest else None
        if taken is None:
            return ("cardinal_card_not_in_hand", ("cardinal.take-shortfall",), {"card": card})
        rest.remove(taken)
    return None


@register
class Cardinal(Behaviour):
    id = "cardinal"
    editions = ("2016",)
    build_forms = ("from",)
    # His borrowing builds: listed only in a turn using his powers (basic.build_generator).
    own_turn_hooks = ("build_moves",)
    refusals = (
        "cardinal_not_short", "cardinal_other_player", "cardinal_payer_short", "cardinal_card_count",
        "cardinal_card_not_in_hand",
    )

    def build_with(self, game, move: Move) -> None:
        require(game, "cardinal")
        state = game.state
        seat = state.turn.seat
        district, _, payer_name, giving = move.args
        payer = state.seat_of(payer_name)
        problem = borrow_problem(game, district, payer, giving)
        if problem:
            raise refuse(problem)
        cost = basic.build_cost(game, seat, district)
        missing = cost - state.players[seat].gold
        game.take_from_hand(seat, district)
        for card in giving:
            game.take_from_hand(seat, card, "cardinal.take-shortfall")
        game.transfer(payer, seat, missing, "cardinal")
        them = state.players[payer]
        them.hand = them.hand + list(giving)
        if game.says:
            game.event("cards", player=them.name, count=len(giving), cards=list(giving), reason="cardinal")
        game.pay(seat, cost, "build")
        basic.place_district(game, seat, district, cost)

    def build_moves(self, game) -> list[Move]:
        """Every district he can build only by borrowing, from every player able to pay, for
        every choice of cards (as sorted tuples: the order given does not matter). At a table an
        unknown card is offered as `?`, not as every card it might be."""
        if not has_power(game, "cardinal"):
            return []
        state = game.state
        turn = state.turn
        seat = turn.seat
        me = state.players[seat]
        if not turn.gathered or turn.finished_actions:
            return []
        actor = turn.character
        moves = []
        # A district is built by name; the cards given may be unknown ones (`?`, a table).
        for district in sorted(set(me.hand) - {UNKNOWN}):
            missing = basic.build_cost(game, seat, district) - me.gold
            if missing <= 0 or len(me.hand) - 1 < missing:
                continue
            if basic.build_problem(game, seat, district, paying=False):
                continue
            lenders = [p.name for i, p in enumerate(state.players) if i != seat and p.gold >= missing]
            if not lenders:
                continue
            rest = sorted(_rest_of_hand(me.hand, district))
            moves += [make_move((actor, "build", (district, "from", name, giving)))
                      for giving in sorted(set(combinations(rest, missing))) for name in lenders]
        return moves
