"""Magician (rank 3, both editions): swap hands with a player, or put any cards of his hand
under the deck and draw as many."""

from __future__ import annotations

from referee.engine.cards.common import format_names, moves_naming, once, parse_districts, parse_player, require
from referee.engine.errors import IllegalMove
from referee.engine.listing import Subsets
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import UNKNOWN


def _apply_swap(game, move: Move) -> None:
    require(game, "magician")
    state = game.state
    seat = state.turn.seat
    other = state.seat_of(move.args[0])
    if other == seat:
        raise IllegalMove("swap_self", ("magician.target-player",))
    once(game, "magic")
    me, them = state.players[seat], state.players[other]
    me.hand, them.hand = them.hand, me.hand
    game.event("hands_swapped", players=[me.name, them.name], counts=[len(me.hand), len(them.hand)])


def _generate_swap(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "magic" in turn.used:
        return []
    players = state.players
    return list(moves_naming(turn.character, "swap", tuple([p.name for p in players]), players[turn.seat].name))


def _apply_redraw(game, move: Move) -> None:
    require(game, "magician")
    once(game, "magic")
    seat = game.state.turn.seat
    for card in move.args:
        game.take_from_hand(seat, card, "magician.discarded-cards")
    game.to_deck_bottom(list(move.args))
    # Said whole: the cards go under the deck and as many come (the hand keeps its size).
    game.event("redrawn", player=game.state.players[seat].name, count=len(move.args))
    game.gain_cards(seat, len(move.args), "magician")


def _generate_redraw(game) -> "list[Move] | Subsets":
    state = game.state
    turn = state.turn
    hand = state.players[turn.seat].hand
    if "magic" in turn.used or not hand:
        return []
    if UNKNOWN in hand:
        # A table that does not know the hand: as many unknown cards as it holds (`redraw ?, ?`).
        return [make_move((turn.character, "redraw", (UNKNOWN,) * n)) for n in range(1, hand.count(UNKNOWN) + 1)]
    # Every non-empty part of the hand, not listed: a hand of n cards has up to 2**n of them (a
    # two-player classic game can give him 20 cards), and this runs at each of his steps. The
    # view counts them, makes the one asked for, and tells whether a move is one of them.
    return Subsets(turn.character, "redraw", hand)


@register
class Magician(Behaviour):
    id = "magician"
    verbs = (
        # 換牌 ("change cards") is said of both exchanges: with a player's name it is the swap.
        Verb("swap", ("交換手牌", "交换手牌"), parse_player, _apply_swap, _generate_swap, instead=("redraw",)),
        Verb("redraw", ("換牌", "换牌", "重抽", "棄牌重抽", "弃牌重抽"), parse_districts, _apply_redraw, _generate_redraw, format_names, instead=("swap",)),
    )
    refusals = ("swap_self",)
