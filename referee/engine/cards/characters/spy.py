"""Spy (rank 2, 2016): chooses another player and names a district type, then looks at that
player's hand. For each card of that type he takes 1 gold from the player (as far as the player
has gold) and draws 1 card from the deck.

At a physical table the referee does not know the hand: the move says how many cards matched,
as the Spy announces it (`spy PLAYER TYPE found N`, docs/situations.md); the number must fit
what is known of the hand. With a fully known hand (a dealt game) the count is the engine's. The variant
`spy-takes-from-hand` (a seed's house rule) takes the cards at random from the spied hand instead
of the deck.
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee.engine.cards.common import moves_by_last, once, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import UNKNOWN
from referee.engine.types import TYPES, parse_district_type

FROM_HAND = "spy-takes-from-hand"
_FOUND = r"^(.*?)\s+(?:found|找到|發現|发现)\s*(\d+)$"      # compiled by `re` on first use, not at every start


def _parse_spy(notation, tail: str) -> tuple:
    from referee.errors import BadMove, Listed, Typed

    player, rest = notation.player_then(tail)
    found = re.match(_FOUND, rest.strip(), re.I)
    kind_text, count = (found.group(1), int(found.group(2))) if found else (rest.strip(), None)
    kind = parse_district_type(kind_text)
    if kind is None:
        raise BadMove.say("spy.error.spy_args", types=Listed(TYPES), kind_text=Typed(kind_text))
    return (player, kind) if count is None else (player, kind, count)


def _format_spy(notation, move: Move) -> str:
    text = f"{move.args[0]} {notation.keyword(move.args[1])}"
    return text + (f" {notation.keyword('found')} {move.args[2]}" if len(move.args) > 2 else "")


def _matches(game, seat: int, kind: str) -> tuple[int, int]:
    """(cards of the type known to be in the hand, unknown cards in the hand)."""
    kinds, unknown = _hand_types(game, seat)
    return kinds.count(kind), unknown


def _hand_types(game, seat: int) -> tuple[list[str], int]:
    """(the type of each card known to be in the hand, unknown cards in the hand): the move
    generator asks it once per hand, not once per type, and counts each type in it."""
    hand = game.state.players[seat].hand
    districts = game.rb.districts
    return [districts[card].type for card in hand if card != UNKNOWN], hand.count(UNKNOWN)


def _apply_spy(game, move: Move) -> None:
    require(game, "spy")
    state = game.state
    turn = state.turn
    target = state.seat_of(move.args[0])
    kind = move.args[1]
    if target == turn.seat:
        raise IllegalMove("spy_self", ("spy.player-or-character",))
    known, unknown = _matches(game, target, kind)
    if len(move.args) > 2:
        count = move.args[2]
        if not known <= count <= known + unknown:
            raise IllegalMove("spy_count", ("spy.how-it-works",), player=move.args[0], count=count,
                              least=known, most=known + unknown)
    elif unknown:
        raise IllegalMove("spy_say_count", ("spy.how-it-works",), player=move.args[0])
    else:
        count = known
    once(game, "spy")
    taken = min(count, state.players[target].gold)
    game.transfer(target, turn.seat, taken, "spy")
    if game.says:
        game.event("spied", player=state.players[turn.seat].name, target=move.args[0], type=kind, count=count)
    if FROM_HAND in state.variants:
        _take_from_hand(game, target, turn.seat, count)
    else:
        game.gain_cards(turn.seat, count, "spy")


def _take_from_hand(game, target: int, seat: int, count: int) -> None:
    """The variant `spy-takes-from-hand`: the cards come at random from the spied hand. Dealt,
    the engine draws them; at a table only the two players see which cards moved, so what the
    referee knew of that hand is lost (both hands' moved cards become unknown)."""
    state = game.state
    victim, spy = state.players[target], state.players[seat]
    hand = list(victim.hand)
    if game.table:
        victim.hand = [UNKNOWN] * (len(hand) - count)
        spy.hand = spy.hand + [UNKNOWN] * count
    else:
        rng = game.chance()
        taken = [hand.pop(rng.randrange(len(hand))) for _ in range(count)]
        victim.hand = hand
        spy.hand = spy.hand + taken
    if count:
        if game.says:
            game.event("cards", player=spy.name, count=count, source=victim.name, reason="spy")


def _generate_spy(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "spy" in turn.used or turn.finished_actions:
        return []
    actor = turn.character
    moves = []
    for seat, player in enumerate(state.players):
        if seat == turn.seat:
            continue
        kinds, unknown = _hand_types(game, seat)
        name = player.name
        if unknown:
            # Each count the hand allows (the Spy says how many matched).
            moves += [make_move((actor, "spy", (name, kind, n))) for kind in TYPES
                      for n in range(kinds.count(kind), kinds.count(kind) + unknown + 1)]
        else:
            # A known hand: the count is the engine's, left out or said. (A loop adding each
            # type's two moves: a comprehension over them costs a fifth more.)
            for kind, uncounted, counted in _known_hand_moves(actor, name):
                moves.append(uncounted)
                moves.append(counted[kinds.count(kind)])
    return moves


@lru_cache(maxsize=64)
def _known_hand_moves(actor: str, name: str) -> tuple[tuple[str, Move, dict], ...]:
    """For each type, as said of a known hand: the type, `spy NAME TYPE` (the count left to the
    engine) and `spy NAME TYPE N` by count N (`moves_by_last`): the same moves at every listing
    of the game, whatever the hand holds, so kept."""
    return tuple([(kind, make_move((actor, "spy", (name, kind))), moves_by_last(actor, "spy", name, kind))
                  for kind in TYPES])



@register
class Spy(Behaviour):
    id = "spy"
    editions = ("2016",)
    verbs = (Verb("spy", ("刺探", "偵查", "侦查", "窺探", "窥探"), _parse_spy, _apply_spy, _generate_spy, _format_spy),)
    refusals = ("spy_self", "spy_count", "spy_say_count")
