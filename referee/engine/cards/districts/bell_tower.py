"""Bell Tower (classic): on the turn it is built, its owner may announce that 7 districts now
complete a city. Cities that already have 7 complete at once; their owners (and a builder whose
7th district it is) get the +4, those who reach 7 later +2 (FAQ reading). Destroyed, it takes
the 8 back; an end already triggered stands (FAQ, Faidutti) unless the variant
bell-tower-reverts is on.

Its slot of the state (`State.card`): whether it was announced and stands, and the seats that
share the first-completion bonus (read by scoring as `State.first_bonus`)."""

from __future__ import annotations

from typing import TypedDict

from referee.engine.cards.common import once
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register

ID = "bell-tower"


class BellTowerState(TypedDict, total=False):
    standing: bool                   # announced, and not destroyed since
    first_bonus: list[int] | None    # the seats that share the first-completion bonus; None: the first



@register
class BellTower(Behaviour):
    id = "bell-tower"
    kind = "district"
    refusals = ("bell_tower_timing",)

    def use(self, game, move: Move) -> None:
        state = game.state
        turn = state.turn
        if "built:bell-tower" not in turn.used:
            raise IllegalMove("bell_tower_timing", ("bell-tower.seven-ends-game",))
        once(game, "bell-tower")
        state.set_card(ID, standing=True)
        game.event("bell_tower", player=state.players[turn.seat].name, end_at=game.end_at)
        already = [seat for seat in range(len(state.players)) if game.city_complete(seat)]
        for seat in already:
            if seat not in state.completed:
                state.completed = state.completed + [seat]
                game.event("city_completed", player=state.players[seat].name, first=True)
        state.set_card(ID, first_bonus=list(already))
        if already:
            state.ending = True

    def generate_use(self, game) -> list[Move]:
        turn = game.state.turn
        if "built:bell-tower" in turn.used and "bell-tower" not in turn.used:
            return [make_move((turn.character, "use", ("bell-tower",)))]
        return []

    def end_size(self, game, size: int) -> int:
        if game.state.card(ID).get("standing"):
            size -= game.rb.districts[ID].fact("completion_reduction", 1)
        return size

    def on_destroyed(self, game, owner: int, district: str, by: str) -> None:
        state = game.state
        if district != ID or not state.card(ID).get("standing"):
            return
        state.set_card(ID, standing=False)
        game.event("bell_tower_fallen", end_at=game.end_at)
        if "bell-tower-reverts" in state.variants:
            state.completed = [s for s in state.completed if game.city_complete(s)]
            state.set_card(ID, first_bonus=None)
            state.ending = bool(state.completed)
