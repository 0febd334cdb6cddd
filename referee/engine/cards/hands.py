"""Cards taken from another player's hand (the Seer's random cards, the 2016 Emperor's random
card, a card the Wizard or the crowned player names), in a dealt game and at a physical table.

In a dealt game the engine knows every hand and draws a random card itself (a chance event, so
undo and replays give the same card). At a table the referee does not see the card: it is a
`?` taken from the hand, unless the players name it — and a hand the referee knows in full but
holding different cards cannot lose an unnamed card (nobody could say which one left it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.state import UNKNOWN

if TYPE_CHECKING:
    from referee.engine.ops import Operations


def unnamed_card(game: "Operations", seat: int) -> str | None:
    """The card an unnamed random take removes from `seat`'s hand, or None when it cannot be
    told (an empty hand, or a table's fully known hand of different cards)."""
    hand = game.state.players[seat].hand
    if not hand:
        return None
    if not game.table:
        return game.chance().choice(hand)
    if UNKNOWN in hand:
        return UNKNOWN
    return hand[0] if len(set(hand)) == 1 else None


def remove_card(game: "Operations", seat: int, card: str) -> None:
    """Take one `card` out of a hand (the caller checked it is there, or a `?` stands for it).
    The hand is a new list (one copy, the card deleted from it): a hand is never changed in place,
    the undo snapshot keeps the old one."""
    player = game.state.players[seat]
    hand = player.hand
    rest = hand.copy()
    rest.remove(card if card in hand else UNKNOWN)
    player.hand = rest


def give_card(game: "Operations", seat: int, card: str) -> None:
    player = game.state.players[seat]
    player.hand = player.hand + [card]


def give_cards(game: "Operations", seat: int, cards: list[str]) -> None:
    """Add `cards` to a hand in their order: one new hand for all of them (the Seer's take)."""
    player = game.state.players[seat]
    player.hand = player.hand + cards


def may_name(game: "Operations", seat: int, card: str) -> bool:
    """A named card can come from the hand: it is there, or (at a table) an unknown card is, or
    the name is `?` and an unknown card is there."""
    hand = game.state.players[seat].hand
    return card in hand or UNKNOWN in hand


def distinct_cards(game: "Operations", seat: int) -> list[str]:
    """The different cards of a hand, `?` included once if the hand holds unknown cards."""
    return sorted(set(game.state.players[seat].hand))
