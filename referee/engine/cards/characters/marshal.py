"""Marshal (rank 8, 2016): once in his turn he may seize one district costing 3 or less (the
Artist's extra 1 included; the 3 is character data) from another player's city, paying its
owner its cost — plus 1 if the owner has the Great Wall — and it goes into his own city, with
what it holds (a Museum keeps its cards). He meets the protections of every rank 8 character
(`rank8.py`: a completed city, the Bishop's city, the Keep) and may not take a district
identical to one in his city; the Quarry does not help (rulebook), except with the variant
quarry-allows-rank8-duplicates. At any time in the turn, or at its end with the variant
rank8-end-of-turn. A seizure is not a build: no build limit, no tax; it may complete his city.
His military income is character data."""

from __future__ import annotations

from referee.engine.cards import rank8
from referee.engine.cards.common import format_player_district, once, parse_player_district, require
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register

# The FAQ entries that name the Marshal beside a protection every rank 8 character meets.
_MORE_CITES = {"bishop": ("bishop.marshal-cannot-seize",), "completed_city": ("marshal.completed-city-and-duplicates",)}


def _most(game) -> int:
    return int(game.rb.characters["marshal"].fact("seize_max_cost", 3))


def seize_problem(game, owner: int, district: str) -> tuple | None:
    """Why the acting Marshal cannot seize `district` from seat `owner`, or None."""
    state = game.state
    seat = state.turn.seat
    if owner == seat:
        return ("seize_own", ("marshal.seize-cost-three-or-less",), {})
    problem = rank8.district_problem(game, owner, district)
    if problem:
        return rank8.taking_problem(problem, _MORE_CITES)
    value = rank8.district_price(game, owner, district)
    most = _most(game)
    if value > most:
        values = {"card": district, "cost": value, "most": most}
        if district == "dragon-gate":
            return ("seize_too_costly", ("marshal.seize-cost-three-or-less", "marshal.dragon-gate"), values)
        return ("seize_too_costly", ("marshal.seize-cost-three-or-less",), values)
    if state.players[seat].has_built(district) and not rank8.duplicate_allowed(game, seat, district):
        return ("rank8_duplicate", ("marshal.completed-city-and-duplicates", "turn.no-duplicates"), {"card": district})
    price = rank8.with_surcharge(game, owner, district, value)
    if state.players[seat].gold < price:
        return ("too_poor_seize", ("marshal.seize-cost-three-or-less",),
                {"card": district, "cost": price, "gold": state.players[seat].gold})
    return None


def _apply_seize(game, move: Move) -> None:
    require(game, "marshal")
    rank8.apply_checked(game, move, seize_problem, _seize)


def _apply_listed_seize(game, move: Move) -> None:
    """A seizure just listed: `_generate_seize` listed it only where the timing and
    seize_problem() had nothing against it, so they are not asked again
    (tests/engine/test_properties.py: the same position and events as `_apply_seize`)."""
    _seize(game, game.state.seat_of(move.args[0]), move.args[1])


def _seize(game, owner: int, district: str) -> None:
    state = game.state
    seat = state.turn.seat
    once(game, "seize")
    built = state.players[owner].built(district)
    price = rank8.with_surcharge(game, owner, district, rank8.district_price(game, owner, district, built))
    game.transfer(seat, owner, price, "marshal")
    victim = state.players[owner]
    victim.city = [b for b in victim.city if b is not built]
    state.players[seat].city = state.players[seat].city + [built]
    if game.says:
        game.event("seized", player=state.players[seat].name, owner=victim.name, district=district, cost=price)
    game.note_completion(seat)
    rank8.acted(game)


def _generate_seize(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "seize" in turn.used or turn.finished_actions or rank8.timing_problem(game):
        return []
    seat = turn.seat
    me = state.players[seat]
    gold, his = me.gold, me.built_names()
    most = _most(game)
    # A price is the district's value and more (the Artist's coin, the Great Wall): only the
    # names valued at most his most and his gold can pass both. Only the cities that hold one
    # (most hold none; none at all when he has no gold) are asked for their protections and
    # looked at, and only those names priced.
    wanted = rank8.valued_at_most(game, min(most, gold))
    shields = game.hooks.shield_district
    walls = game.hooks.destroy_surcharge
    actor = turn.character
    moves = []
    for owner, player in rank8.open_cities(game, skip=seat, holding=wanted):
        charged = rank8.surcharges(game, owner) if walls else ()
        for district in sorted(wanted & player.built_names()):
            # seize_problem() in parts, those that refuse most first (all must pass: their
            # order changes nothing but the time): the value of the name's first Built (the
            # one seize_problem() finds) against his most, a second of a name of his, the price
            # with the city's surcharges (none without a card that raises it: the Great Wall),
            # then the district's own shield (the Keep).
            value = rank8.district_price(game, owner, district, player.built(district))
            if value > most or (district in his and not rank8.duplicate_allowed(game, seat, district)):
                continue
            if (rank8.with_surcharges(charged, district, value) if charged else value) > gold:
                continue
            for shield in shields:
                if shield(game, owner, district):
                    break
            else:
                moves.append(make_move((actor, "seize", (player.name, district))))
    return moves


@register
class Marshal(Behaviour):
    id = "marshal"
    editions = ("2016",)
    verbs = (Verb("seize", ("奪取", "夺取", "搶", "抢"), parse_player_district, _apply_seize, _generate_seize,
                  format_player_district, apply_listed=_apply_listed_seize),)
    # rank8_duplicate, completed_city_taken, keep_taken: rank8.REFUSALS, shared with the Diplomat.
    refusals = ("seize_own", "seize_too_costly", "too_poor_seize")
