"""Scholar (rank 7, 2016): once in his turn, at any time, he draws seven cards, keeps one
(`scholar keep C`) and shuffles the other six back into the deck — shuffled in, not put at the
bottom (FAQ). His build limit of 2 and the seven and one are character data.

At a physical table the drawn cards are unknown: the player names the card he keeps, or `?`;
a deck the referee knows only in part (a known top, then unknown cards) is wholly unknown after
the shuffle — nobody knows where the known cards went. A fully known deck (a dealt game) is
shuffled by the game's seeded chance.
"""

from __future__ import annotations

from referee.engine.cards.basic import KEEP_WORDS
from referee.engine.cards.common import kept_move, once, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, first_word
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import UNKNOWN



def _plan(game) -> tuple[int, int]:
    facts = game.rb.characters["scholar"]
    return int(facts.fact("scholar_draw", 7)), int(facts.fact("scholar_keep", 1))


def _parse_scholar(notation, tail: str) -> tuple:
    keyword, card = first_word(tail)
    if keyword.casefold() not in KEEP_WORDS or not card:
        from referee.errors import BadMove, Typed

        raise BadMove.say("scholar.error.keep_args", tail=Typed(tail))
    return (notation.district(card),)


def _format_scholar(notation, move: Move) -> str:
    return "keep " + notation.name(move.args[0])


def _apply_scholar(game, move: Move) -> None:
    require(game, "scholar")
    state = game.state
    turn = state.turn
    count, _ = _plan(game)
    shown = state.deck[:count]
    if not shown:
        raise IllegalMove("scholar_empty_deck", ("scholar.other-six-shuffled",))
    card = move.args[0]
    if card == UNKNOWN and UNKNOWN not in shown:
        # Every card drawn is known (a dealt game, a known top of the deck): name the one kept.
        raise IllegalMove("name_keep", ("turn.gather", "scholar.other-six-shuffled"), keep=1)
    if card not in shown and UNKNOWN not in shown:
        raise IllegalMove("not_drawn", ("scholar.other-six-shuffled",), card=card, shown=list(shown))
    once(game, "scholar")
    drawn = game.draw_cards(count)
    rest = list(drawn)
    rest.remove(card if card in rest else UNKNOWN)   # a named unknown card: it was that one
    player = state.players[turn.seat]
    player.hand = player.hand + [card]
    if game.says:
        game.event("cards", player=player.name, count=1, reason="scholar", returned=len(rest))
    deck = state.deck + rest
    if UNKNOWN in deck:
        deck = [UNKNOWN] * len(deck)     # a table's deck: once shuffled, no card's place is known
    else:
        game.chance().shuffle(deck)
    state.deck = deck
    if game.says:
        game.event("deck_shuffled", count=len(rest))


def _generate_scholar(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "scholar" in turn.used or turn.finished_actions:
        return []
    count, _ = _plan(game)
    shown = state.deck[:count]
    actor = turn.character
    return [kept_move(actor, "scholar", card) for card in sorted(set(shown))]



@register
class Scholar(Behaviour):
    id = "scholar"
    editions = ("2016",)
    verbs = (Verb("scholar", ("學者", "学者", "研讀", "研读"), _parse_scholar, _apply_scholar, _generate_scholar,
                  _format_scholar),)
    refusals = ("scholar_empty_deck",)
