"""Queen (rank 9; 5+ players): 3 gold when the player beside her reveals the rank 4
character — at the start of his turn, or at the end of the round if he was killed. Her
player minimum and her gold are character data. Variant queen-beside-crowned (classic): beside
the player the Emperor gave the crown to, instead of beside the Emperor's player."""

from __future__ import annotations

from referee.engine.registry import Behaviour, register


def _pay_queen(game, revealed: list[str]) -> None:
    state = game.state
    seat = state.holder("queen")
    if seat is None or "queen" not in state.revealed:
        return
    queen = game.rb.characters["queen"]
    n = len(state.players)
    if n < queen.min_players:
        return
    rank4 = [c for c in revealed if game.rb.characters[c].rank == 4]
    if not rank4:
        return
    holder = _beside_whom(game, rank4[0])
    if holder is not None and (holder - seat) % n in (1, n - 1):
        game.gain(seat, queen.neighbour_gold, "queen")


def _beside_whom(game, rank4: str) -> int | None:
    """The seat the Queen must sit beside: the rank 4 character's player; with the variant
    queen-beside-crowned (classic), the player the Emperor gave the crown to (he holds it when
    the Queen, rank 9, is revealed: the Emperor's turn cannot end before he moves it) — nobody
    when the Emperor was killed (classic: the crown stays)."""
    state = game.state
    if rank4 == "emperor" and "queen-beside-crowned" in state.variants:
        crowned = state.marks.killed != "emperor" and "emperor" in state.revealed
        return state.crown if crowned else None
    return state.holder(rank4)


@register
class Queen(Behaviour):
    id = "queen"

    def on_reveal(self, game, character: str, seat: int) -> None:
        # Her own reveal looks back at a rank 4 revealed earlier in the round.
        if character == "queen":
            _pay_queen(game, game.state.revealed)

    def on_round_end(self, game) -> None:
        killed = game.state.marks.killed
        if killed and game.rb.characters[killed].rank == 4 and game.state.holder(killed) is not None:
            _pay_queen(game, [killed])   # a killed rank 4 is revealed now: the Queen is paid now
