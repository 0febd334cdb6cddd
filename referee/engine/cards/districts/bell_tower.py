"""Bell Tower (classic): on the turn it is built, its owner may announce that 7 districts now
complete a city. Cities that already have 7 complete at once; their owners (and a builder whose
7th district it is) get the +4, those who reach 7 later +2 (FAQ reading). Destroyed, it takes
the 8 back; an end already triggered stands (FAQ, Faidutti) unless the variant
bell-tower-reverts is on."""

from __future__ import annotations

from referee.engine.cards.common import once
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, register


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
        state.bell_tower = True
        game.event("bell_tower", player=state.players[turn.seat].name, end_at=game.end_at)
        already = [seat for seat in range(len(state.players)) if game.city_complete(seat)]
        for seat in already:
            if seat not in state.completed:
                state.completed = state.completed + [seat]
                game.event("city_completed", player=state.players[seat].name, first=True)
        state.first_bonus = list(already)
        if already:
            state.ending = True

    def generate_use(self, game) -> list[Move]:
        turn = game.state.turn
        if "built:bell-tower" in turn.used and "bell-tower" not in turn.used:
            return [Move(turn.character, "use", ("bell-tower",))]
        return []

    def on_destroyed(self, game, owner: int, district: str) -> None:
        state = game.state
        if district != "bell-tower" or not state.bell_tower:
            return
        state.bell_tower = False
        game.event("bell_tower_fallen", end_at=game.end_at)
        if "bell-tower-reverts" in state.variants:
            state.completed = [s for s in state.completed if game.city_complete(s)]
            state.first_bonus = None
            state.ending = bool(state.completed)
