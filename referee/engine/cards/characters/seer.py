"""Seer (rank 3, 2016): `seer` takes one random card from each other player who has any; then
she gives one card of her hand back to each of them (`give PLAYER C`, once per player): the
same card, one taken from someone else, or one of her own. Players with empty hands neither give
nor receive. Her building limit of 2 is character data.

Until every card is given back the turn waits: the gives are a required `state.pending`
decision of hers, so nothing else is legal in between (the rulebook: take, *then* give).

In a dealt game the engine draws the random cards. At a physical table they are unknown (`?`)
unless the move names them (`seer Ann Temple, Bob ?`); a hand the referee knows in full but
holding different cards must be named (nobody could tell which card left it).
"""

from __future__ import annotations

from referee.engine.cards import hands
from referee.engine.cards.common import moves_by_last, once, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import Pending
from referee.errors import BadMove, Typed

_SPLIT = (",", "，", "、")


def _parse_seer(notation, tail: str) -> tuple:
    """`seer`, or `seer PLAYER C[, PLAYER C]` naming the random cards (at a table)."""
    if not tail:
        return ()
    for comma in _SPLIT[1:]:
        tail = tail.replace(comma, ",")
    named = []
    for part in (p.strip() for p in tail.split(",")):
        player, card = notation.player_then(part)
        if not card:
            raise BadMove.say("seer.error.pairs", part=Typed(part))
        named.append((player, notation.district(card)))
    return tuple(named)


def _format_seer(notation, move: Move) -> str:
    return ", ".join(f"{player} {notation.name(card)}" for player, card in move.args)


def _takes(game, named: dict[str, str]) -> list[tuple[int, str | None]]:
    """(seat, card to take or None if it cannot be told) for every other player with cards, in
    seating order from the Seer's left."""
    state = game.state
    seat = state.turn.seat
    n = len(state.players)
    found = []
    for step in range(1, n):
        other = (seat + step) % n
        player = state.players[other]
        if not player.hand:
            continue
        card = named.get(player.name)
        found.append((other, card if card is not None else hands.unnamed_card(game, other)))
    return found


def _apply_seer(game, move: Move) -> None:
    require(game, "seer")
    state = game.state
    seat = state.turn.seat
    named = dict(move.args)
    if named and not game.table:
        raise IllegalMove("seer_random", ("seer.take-and-give",))
    if len(named) != len(move.args):
        raise IllegalMove("seer_one_each", ("seer.take-and-give",))
    for name, card in named.items():
        other = state.seat_of(name)
        if other == seat:
            raise IllegalMove("seer_one_each", ("seer.take-and-give",))
        if not state.players[other].hand:
            raise IllegalMove("seer_empty_hand", ("seer.take-and-give",), player=name)
        if not hands.may_name(game, other, card):
            raise IllegalMove("not_in_hand", ("seer.take-and-give",), card=card)
    once(game, "seer")
    taken_from, taken = [], []
    for other, card in _takes(game, named):
        name = state.players[other].name
        if card is None:
            raise IllegalMove("seer_name_card", ("seer.take-and-give",), player=name)
        hands.remove_card(game, other, card)
        taken.append(card)
        taken_from.append(name)
    hands.give_cards(game, seat, taken)      # (her new hand made once, not once per card taken)
    if game.says:
        game.event("seer_took", player=state.players[seat].name, players=taken_from)
    if taken_from:
        state.pending = Pending("seer", seat, tuple(taken_from), required=True)


def _generate_seer(game) -> list[Move]:
    turn = game.state.turn
    if "seer" in turn.used or turn.finished_actions:
        return []
    if game.table and any(card is None for _, card in _takes(game, {})):
        return []             # a known mixed hand: the move must name what was taken
    return [Move(turn.character, "seer")]


def _parse_give(notation, tail: str) -> tuple:
    player, card = notation.player_then(tail)
    if not card:
        raise BadMove.say("seer.error.give_args", tail=Typed(tail))
    return (player, notation.district(card))


def _format_give(notation, move: Move) -> str:
    return f"{move.args[0]} {notation.name(move.args[1])}"


def _give_out_of_place(game, move: Move) -> None:
    raise IllegalMove("give_timing", ("seer.take-and-give",))


@register
class Seer(Behaviour):
    id = "seer"
    editions = ("2016",)
    verbs = (
        Verb("seer", ("預言家", "预言家", "預言", "预言"), _parse_seer, _apply_seer, _generate_seer, _format_seer),
        Verb("give", ("給牌", "给牌", "還牌", "还牌"), _parse_give, _give_out_of_place, None, _format_give),
    )
    refusals = ("seer_random", "seer_one_each", "seer_empty_hand", "seer_name_card", "give_timing", "give_not_owed",
                "seer_gives_first")

    def waiting_refusal(self, game) -> IllegalMove:
        """Her own decision is open: the cards she owes back come before any other move."""
        pending = game.state.pending
        return IllegalMove("seer_gives_first", (), player=game.state.players[pending.seat].name,
                           players=list(pending.data))

    # -- the gives: the Seer's required decision after `seer` -----------------------------------

    answers_to = ("give",)

    def is_answer(self, move: Move) -> bool:
        return move.verb == "give"

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        if pending is None or pending.kind != "seer" or state.turn is None:
            raise IllegalMove("give_timing", ("seer.take-and-give",))
        # The Seer's character, whoever plays it (the Witch resuming a bewitched Seer), or her player.
        turn = state.turn
        if move.actor != turn.character and move.actor != turn.acting and state.seat_of(move.actor) != pending.seat:
            raise IllegalMove("give_timing", ("seer.take-and-give",))
        target, card = move.args
        if target not in pending.data:
            raise IllegalMove("give_not_owed", ("seer.take-and-give",), player=target)
        if not hands.may_name(game, pending.seat, card):
            raise IllegalMove("not_in_hand", ("seer.give-back-options",), card=card)
        hands.remove_card(game, pending.seat, card)
        hands.give_card(game, state.seat_of(target), card)
        if game.says:
            game.event("card_given", player=state.players[pending.seat].name, target=target, card=card)
        owed = pending.data
        at = owed.index(target)             # (the others in their order: two slices, not a comprehension)
        owed = owed[:at] + owed[at + 1:]
        state.pending = Pending("seer", pending.seat, owed, required=True) if owed else None

    def answers(self, game) -> list[Move]:
        state = game.state
        pending = state.pending
        actor = state.turn.character
        cards = hands.distinct_cards(game, pending.seat)
        moves = []
        for name in pending.data:
            kept = moves_by_last(actor, "give", name)
            for card in cards:
                moves.append(kept[card])
        return moves
