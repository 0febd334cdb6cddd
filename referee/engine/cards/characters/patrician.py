"""Patrician (rank 4, 2016): takes the crown when revealed, as the King does; killed, his
player takes it as heir when the Patrician is revealed at the end of the round; bewitched, he
still takes it (the Witch only inherits his income). His income — one card per noble district —
is character data (`income_kind = "cards"`), collected by the turn's `income` verb."""

from __future__ import annotations

from referee.engine.cards.characters.king import take_crown
from referee.engine.registry import Behaviour, register


@register
class Patrician(Behaviour):
    id = "patrician"
    own_turn_hooks = ("on_reveal",)       # the crown, at his reveal only
    editions = ("2016",)

    def on_reveal(self, game, character: str, seat: int) -> None:
        # The crown goes with the card: a bewitched Patrician's holder still takes it; a Witch
        # resuming his turn at another seat does not.
        if character == "patrician" and seat == game.state.holder("patrician"):
            take_crown(game, seat)

    def on_round_end(self, game) -> None:
        state = game.state
        if state.marks.killed == "patrician":
            seat = state.holder("patrician")
            if seat is not None:
                take_crown(game, seat)
