"""Lighthouse (classic): on the turn it is built, its owner may look through the district deck,
take one card of his choice into his hand, then shuffle the deck. Any district by default (the
card text, seed 000); variant lighthouse-purple-only: a purple one (seed 003's web game).

Notation: `use Lighthouse take C`. At a table the deck is unknown: the player names the card he
took (or `take ?`, keeping it secret), which must be a district with a copy not already seen
elsewhere; after the shuffle nobody knows the order of the deck, so the engine forgets the cards
it knew there. (A deck the engine dealt itself, all known, it shuffles with the game's chance.)"""

from __future__ import annotations

import re

from referee.engine.cards.basic import copies_accounted_for
from referee.engine.cards.common import once
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import UNKNOWN

CITES = ("lighthouse.search",)


def _candidates(game) -> list[str]:
    """The cards the deck may give: those known to be in it, and, where part of the deck is
    unknown, every district with a copy not seen anywhere else."""
    deck = game.state.deck
    found = {c for c in deck if c != UNKNOWN}
    if UNKNOWN in deck:
        found |= {d for d in game.rb.districts if not copies_accounted_for(game, d)}
    if "lighthouse-purple-only" in game.state.variants:
        found = {c for c in found if game.rb.districts[c].type == "unique"}
    # At a table the card may stay secret (`take ?`): the search is private.
    return sorted(found) + ([UNKNOWN] if UNKNOWN in deck else [])


@register
class Lighthouse(Behaviour):
    id = "lighthouse"
    kind = "district"
    editions = ("classic",)
    refusals = ("lighthouse_timing", "lighthouse_not_in_deck", "lighthouse_purple")

    def parse_use(self, notation, rest: str) -> tuple:
        return (notation.district(re.sub(r"^(take|拿|取)\s*", "", rest, flags=re.I)),)

    def format_use(self, notation, args: tuple) -> str:
        return notation.keyword("take") + " " + notation.name(args[0])

    def use(self, game, move: Move) -> None:
        state = game.state
        turn = state.turn
        card = move.args[1]
        if "built:lighthouse" not in turn.used:
            raise IllegalMove("lighthouse_timing", CITES + ("general.district-power-timing",))
        if card != UNKNOWN and "lighthouse-purple-only" in state.variants and game.rb.districts[card].type != "unique":
            raise IllegalMove("lighthouse_purple", CITES)
        deck = state.deck
        if card in deck:
            taken = card                         # a known card, or `?`: the player keeps it secret
        elif UNKNOWN in deck and not copies_accounted_for(game, card):
            taken = UNKNOWN
        else:
            raise IllegalMove("lighthouse_not_in_deck", CITES, card=card)
        once(game, "lighthouse")
        at = deck.index(taken)
        rest = deck[:at] + deck[at + 1:]
        if UNKNOWN in deck:
            rest = [UNKNOWN] * len(rest)         # a table's deck, shuffled: nobody knows the order any more
        else:
            game.chance().shuffle(rest)
        state.deck = rest
        player = state.players[turn.seat]
        player.hand = player.hand + [card]
        game.event("cards", player=player.name, count=1, reason="lighthouse")

    def generate_use(self, game) -> list[Move]:
        turn = game.state.turn
        if "built:lighthouse" not in turn.used or "lighthouse" in turn.used:
            return []
        return [make_move((turn.character, "use", ("lighthouse", card))) for card in _candidates(game)]
