"""Ball Room (classic): while its owner holds the crown, every other player must thank him
("thank you, your Excellency") as soon as his character is revealed, before anything else; a
player who forgets loses his turn (seed 000 Q21: a Ball Room built this round, or a crown taken
later in the round, counts only for the characters called after both hold).

The referee cannot hear the table, so the table tells it: when a character of another player is
revealed while the rule applies, the owner may answer out of turn `OWNER: use Ball Room`
("he forgot"): that character's turn ends at once. The offer waits in `state.pending` and lapses
at the revealed player's first move (he thanked, or nobody noticed in time)."""

from __future__ import annotations

from referee.engine.cards.common import mover_seat
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import Pending

CITES = ("ball-room.thanks",)


def _in_force(game, owner: int) -> bool:
    """The owner holds the crown and his Ball Room stood before this round began."""
    state = game.state
    built = state.players[owner].built("ball-room")
    return built is not None and state.crown == owner and built.built_round < state.round


@register
class BallRoom(Behaviour):
    id = "ball-room"
    kind = "district"
    editions = ("classic",)
    refusals = ("ball_room_timing", "ball_room_new", "ball_room_by_name")

    def on_reveal(self, game, character: str, seat: int) -> None:
        state = game.state
        if state.pending is not None:
            return                          # another card's decision comes first (a threat's bribe)
        for owner, player in enumerate(state.players):
            if owner != seat and _in_force(game, owner):
                state.pending = Pending("ball-room", owner, (character,))
                return

    answers_to = ("use",)

    def is_answer(self, move: Move) -> bool:
        return move.verb == "use" and move.args[:1] == ("ball-room",)

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        actor = mover_seat(game, move)
        if pending is None or pending.kind != "ball-room" or actor != pending.seat:
            if actor is not None and game.owns(actor, "ball-room") and state.crown == actor \
                    and not _in_force(game, actor):
                raise IllegalMove("ball_room_new", CITES + ("ball-room.just-built",))
            raise IllegalMove("ball_room_timing", CITES)
        if move.actor in game.rb.characters:
            # The owner speaks as himself, out of turn (`Ann: use Ball Room`, as listed), never as
            # a character he holds.
            raise IllegalMove("ball_room_by_name", CITES, player=state.players[actor].name)
        turn = state.turn
        state.pending = None
        turn.ended = True                   # the turn is lost: the flow calls the next character
        game.event("ball_room", player=state.players[turn.seat].name, owner=state.players[actor].name,
                   character=turn.character)

    def answers(self, game) -> list[Move]:
        state = game.state
        return [make_move((state.players[state.pending.seat].name, "use", ("ball-room",)))]
