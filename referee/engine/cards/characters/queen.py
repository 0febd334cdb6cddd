"""Queen (rank 9; 5+ players; classic Dark City and 2016): 3 gold when the player beside her
holds and reveals the rank 4 character (the King; the Emperor, and in 2016 the Patrician, count
the same) — paid at her turn, or at the end of the round if he was killed. Who holds the crown
does not matter (FAQ); classic variant queen-beside-crowned: with the Emperor, she must sit
beside the player he gave the crown to. Her player minimum and her gold are character data."""

from __future__ import annotations

from referee.engine.cards.common import has_power, power_seat
from referee.engine.registry import Behaviour, register


def _pay_queen(game, revealed: list[str], seat: int | None) -> None:
    """`seat`: whoever has the Queen's ability (the Witch's player if she bewitched the Queen:
    her seat decides, FAQ witch.bewitched-queen)."""
    state = game.state
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
    own_turn_hooks = ("on_reveal",)       # her gold, at her reveal only

    def on_reveal(self, game, character: str, seat: int) -> None:
        # Her own reveal looks back at a rank 4 revealed earlier in the round.
        if character == "queen" and has_power(game, "queen"):
            _pay_queen(game, game.state.revealed, seat)

    def waits_at_round_end(self, game, killed: str) -> bool:
        """A secret table: a killed rank 4 character's holder shows it at the round's end when
        the Queen was revealed (she may be owed her gold)."""
        return game.rb.characters[killed].rank == 4 and "queen" in game.state.revealed

    def on_round_end(self, game) -> None:
        killed = game.state.marks.killed
        if killed and game.rb.characters[killed].rank == 4 and game.state.holder(killed) is not None:
            _pay_queen(game, [killed], power_seat(game, "queen"))   # a killed rank 4 is revealed now: the Queen is paid now
