"""Graveyard (classic): when the Warlord destroys a district — in any city — the Graveyard's
owner, unless he is the Warlord, may pay 1 gold to take it into his hand. The Warlord's
destruction (`on_destroyed`, by the Warlord) leaves the offer in `state.pending`; it lapses at
the next other move."""

from __future__ import annotations

from referee.engine.cards.common import mover_seat
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import Pending


@register
class Graveyard(Behaviour):
    id = "graveyard"
    kind = "district"
    refusals = ("graveyard_timing", "graveyard_warlord", "graveyard_by_name")

    def on_destroyed(self, game, owner: int, district: str, by: str) -> None:
        if by != "warlord":
            return                       # only what the Warlord destroys can be bought back
        state = game.state
        # Whoever owns a Graveyard may now buy the district back (an offer, not a duty).
        for seat, player in enumerate(state.players):
            if seat != state.turn.seat and player.has_built("graveyard"):
                state.pending = Pending("graveyard", seat, (owner, district))
                break

    answers_to = ("use",)

    def is_answer(self, move: Move) -> bool:
        return move.verb == "use" and move.args[:1] == ("graveyard",)

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        actor = mover_seat(game, move)
        if pending is None or pending.kind != "graveyard":
            if state.turn is not None and actor == state.turn.seat and game.owns(actor, "graveyard"):
                raise IllegalMove("graveyard_warlord", ("graveyard.warlord-destroys",))
            raise IllegalMove("graveyard_timing", ("graveyard.warlord-destroys",))
        owner, district = pending.data
        if actor != pending.seat:
            if state.turn is not None and actor == state.turn.seat and game.owns(actor, "graveyard"):
                raise IllegalMove("graveyard_warlord", ("graveyard.warlord-destroys",))
            raise IllegalMove("not_owned", ("graveyard.warlord-destroys",), card="graveyard")
        if move.actor in game.rb.characters:
            # The owner answers as himself, out of turn (`Bob: use Graveyard`, as listed): a
            # character's name (`King: use Graveyard`) would read as that character's own move.
            raise IllegalMove("graveyard_by_name", ("graveyard.warlord-destroys",), player=state.players[actor].name)
        if state.players[actor].gold < 1:
            raise IllegalMove("too_poor", ("graveyard.warlord-destroys",), card=district, cost=1,
                              gold=state.players[actor].gold)
        # The last copy put on the pile is the destroyed one.
        if district in state.discard:
            at = len(state.discard) - 1 - state.discard[::-1].index(district)
            state.discard = state.discard[:at] + state.discard[at + 1:]
        else:
            at = len(state.deck) - 1 - state.deck[::-1].index(district)
            state.deck = state.deck[:at] + state.deck[at + 1:]
        game.pay(actor, 1, "graveyard")
        state.players[actor].hand = state.players[actor].hand + [district]
        state.pending = None
        game.event("recovered", player=state.players[actor].name, district=district)

    def answers(self, game) -> list[Move]:
        state = game.state
        seat = state.pending.seat
        if state.players[seat].gold >= 1:
            return [make_move((state.players[seat].name, "use", ("graveyard",)))]
        return []
