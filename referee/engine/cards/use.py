"""`use DISTRICT ARGS`: the action of a unique district in the acting player's city. Each
district's module gives the argument parser and printer and the rules (`Behaviour.use`)."""

from __future__ import annotations

from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Verb, behaviour, register_verb


def _parse_use(notation, tail: str) -> tuple:
    """The district name may have spaces: try the longest prefix that names one."""
    from referee.errors import BadMove, UnknownName, card_mark, Typed

    words = tail.split()
    for cut in range(len(words), 0, -1):
        found = notation.rb.lookup(" ".join(words[:cut]), "district")
        if len(found) == 1:
            district, rest = found[0], " ".join(words[cut:])
            card = behaviour(district)
            if card is not None and card.parse_use is not None:
                return (district, *card.parse_use(notation, rest))
            if rest:
                raise BadMove.say("error.move.after_use", rest=Typed(rest), district=card_mark(notation.name(district)))
            return (district,)
    raise UnknownName("district", tail, [])


def _format_use(notation, move: Move) -> str:
    district, *rest = move.args
    card = behaviour(district)
    text = notation.name(district)
    if rest and card is not None and card.format_use is not None:
        text += " " + card.format_use(notation, tuple(rest))
    return text


def _apply_use(game, move: Move) -> None:
    district = move.args[0]
    card = game.hooks.uses.get(district)
    if card is None:
        raise IllegalMove("no_action", (), card=district)
    if not game.owns(game.state.turn.seat, district):
        raise IllegalMove("not_owned", (), card=district)
    card.use(game, move)


def generate_use(game) -> list[Move]:
    turn = game.state.turn
    uses = game.hooks.uses
    owned = game.state.players[turn.seat].built_names()
    # Most cities hold no district with an action, and this runs at every step of every turn.
    if owned.isdisjoint(uses):
        return []
    moves: list[Move] = []
    for district, card in uses.items():
        if district in owned:
            moves += card.generate_use(game)
    return moves


register_verb(Verb("use", ("使用",), _parse_use, _apply_use, generate_use, _format_use))
