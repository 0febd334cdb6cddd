"""Artist (rank 9; classic Dark City and 2016): once in his turn, at any time, he may beautify
one or two of his own districts by putting 1 gold from his stash on each. A district holds one
such coin at most; a beautified district is worth 1 more for good (scoring, the rank 8 prices:
`Built.beautified`, read by `scoring.py` and `rank8.py`). The coin is no longer in his stash
(the Poor House and the Imperial Treasury do not see it); destroyed, it goes back to the bank.
How many districts a turn is character data (`beautify_max`)."""

from __future__ import annotations

from itertools import combinations

from referee.engine.cards.common import format_names, once, parse_districts, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register



def _most(game) -> int:
    return int(game.rb.characters["artist"].fact("beautify_max", 2))


def _apply_beautify(game, move: Move) -> None:
    require(game, "artist")
    state = game.state
    seat = state.turn.seat
    player = state.players[seat]
    chosen = list(move.args)
    if not chosen:
        raise IllegalMove("beautify_none", ("artist.how-many-districts",))
    if len(chosen) > _most(game):
        raise IllegalMove("beautify_too_many", ("artist.how-many-districts",), most=_most(game))
    if player.gold < len(chosen):
        raise IllegalMove("beautify_too_poor", ("artist.how-many-districts", "artist.gold-on-district-not-stash"),
                          count=len(chosen), gold=player.gold)
    once(game, "beautify")
    city = list(player.city)
    for district in chosen:
        # The first copy of that name still bare (two copies only with a Quarry).
        at = next((i for i, b in enumerate(city) if b.id == district and not b.beautified), None)
        if at is None:
            if any(b.id == district for b in city):
                raise IllegalMove("already_beautified", ("artist.how-many-districts",), card=district)
            raise IllegalMove("not_in_city", ("artist.how-many-districts",), player=player.name, card=district)
        city[at] = city[at]._replace(beautified=True)
    player.city = city
    player.gold -= len(chosen)        # onto the cards: out of the stash, not to the bank
    if game.says:
        game.event("gold", player=player.name, amount=-len(chosen), reason="beautify")
        game.event("beautified", player=player.name, districts=chosen)


def _generate_beautify(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "beautify" in turn.used or turn.finished_actions:
        return []
    player = state.players[turn.seat]
    bare = sorted(b.id for b in player.city if not b.beautified)   # a name twice: two bare copies
    moves: set[Move] = set()
    for count in range(1, min(_most(game), player.gold, len(bare)) + 1):
        for chosen in combinations(bare, count):
            moves.add(make_move((turn.character, "beautify", chosen)))
    return sorted(moves)


@register
class Artist(Behaviour):
    id = "artist"
    verbs = (Verb("beautify", ("美化", "裝飾", "装饰"), parse_districts, _apply_beautify, _generate_beautify,
                  format_names),)
    refusals = ("beautify_none", "beautify_too_many", "beautify_too_poor", "already_beautified")
