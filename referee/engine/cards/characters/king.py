"""King (rank 4, both editions): takes the crown when revealed; killed, he takes it as heir
when revealed at the end of the round. His income (noble districts) is character data."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


def take_crown(game, seat: int) -> None:
    game.pass_crown(seat)


@register
class King(Behaviour):
    id = "king"
    own_turn_hooks = ("on_reveal",)       # the crown, at his reveal only

    def on_reveal(self, game, character: str, seat: int) -> None:
        # The crown goes with the card: a bewitched King's holder still takes it, the Witch
        # resuming his turn (another seat) does not. (The seat's own characters asked, not
        # every seat's for the King's holder: one player holds him.)
        if character == "king" and "king" in game.state.players[seat].characters:
            take_crown(game, seat)

    def on_round_end(self, game) -> None:
        state = game.state
        if state.marks.killed == "king":
            seat = state.holder("king")
            if seat is not None:
                take_crown(game, seat)
