"""Diplomat (rank 8; classic Dark City and 2016): once in his turn he may exchange one district
of his city for one of another player's (`exchange C PLAYER C2`: gives C, takes C2). If the
district he takes is worth more, he pays that player the difference; if less, nobody pays him.
The districts move with what they hold (a Museum's cards, an Artist's coin). He meets every
rank 8 protection (`rank8.py`): not from a completed city (his own may be complete), not the
Bishop's city, not the Keep. No exchange leaves a city with two districts of one name:
classic, unless that city's owner has a Quarry (FAQ); 2016 never (variant
quarry-allows-rank8-duplicates: as classic). An exchange destroys nothing: the Graveyard
does not come into it. His military income is character data.

Values: the district's cost, +1 beautified. The Great Wall of the other player raises the
district taken — 2016: its cost +1 before the difference; classic: the difference +1 (FAQ: "the
normal difference plus 1") — never the district given. Classic values the University and the
Dragon Gate at 6 (variant diplomat-full-value: 8); variant museum-cards-add-value adds a
point for each card under a Museum.

Timing: classic at the end of the turn (after gathering; nothing follows), variant
rank8-any-time; 2016 at any time, variant rank8-end-of-turn.
"""

from __future__ import annotations

from referee.engine.cards import rank8
from referee.engine.cards.common import once, require
from referee.engine.errors import refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register

_MORE_CITES = {"bishop": ("bishop.diplomat-cannot-exchange",), "completed_city": ("diplomat.completed-city-target",)}


def value(game, owner: int, built) -> int:
    """What a district counts for in the difference, before the Great Wall."""
    worth = rank8.district_price(game, owner, built.id, built, full_value="diplomat-full-value")
    if built.stored and "museum-cards-add-value" in game.state.variants:
        worth += len(built.stored)
    return worth


def difference(game, owner: int, given, taken) -> int:
    """The gold the Diplomat pays `owner` for taking `taken` and giving `given`."""
    return owed(taken_worth(game, owner, taken), value(game, game.state.turn.seat, given))


def values(game, builts) -> list[int]:
    """value() of each of `builts` (one city's), for the move generator: one call per city."""
    worths = rank8.prices(game, builts, full_value="diplomat-full-value")
    if "museum-cards-add-value" in game.state.variants:
        return [worth + len(built.stored) for worth, built in zip(worths, builts)]
    return worths


def taken_worth(game, owner: int, taken) -> tuple[int, int]:
    """(value, extra) of the district taken from `owner`: the Great Wall raises the value in
    2016 and the difference in classic (its `extra`)."""
    return surcharged(game, rank8.surcharges(game, owner), taken.id, value(game, owner, taken))


def surcharged(game, charged, taken: str, take: int) -> tuple[int, int]:
    """taken_worth() of a district `taken` of value `take` of a city whose `rank8.surcharges()`
    are `charged`. The move generator asks it once per district taken, not once per pair."""
    if game.rb.edition == "classic":
        return take, rank8.with_surcharges(charged, taken, 0)
    return rank8.with_surcharges(charged, taken, take), 0


def owed(worth: tuple[int, int], give: int) -> int:
    """The difference paid for a district taken (`taken_worth`) against one given worth `give`."""
    take, extra = worth
    return max(0, take - give) + extra


def least_given(worth: tuple[int, int], gold: int) -> int | None:
    """The least value given for which owed(worth, give) is within `gold` (the difference only
    falls as the value given rises), or None if none is: for the move generator, which then
    compares values instead of asking owed() for every pair."""
    take, extra = worth
    return None if extra > gold else take + extra - gold


def _counted(player) -> dict[str, int]:
    """The districts of `player`'s city counted by name."""
    counts: dict[str, int] = {}
    for built in player.city:
        counts[built.id] = counts.get(built.id, 0) + 1
    return counts


def exchange_problem(game, given: str, owner: int, taken: str) -> tuple | None:
    """Why the acting Diplomat cannot give `given` for `taken` of seat `owner`, or None."""
    state = game.state
    seat = state.turn.seat
    me = state.players[seat]
    if owner == seat:
        return ("exchange_own", ("diplomat.cost-difference",), {})
    mine = me.built(given)
    if mine is None:
        return ("not_in_city", ("diplomat.cost-difference",), {"player": me.name, "card": given})
    problem = rank8.district_problem(game, owner, taken)
    if problem:
        return rank8.taking_problem(problem, _MORE_CITES)
    return _pair_problem(game, mine, owner, taken)


def _pair_problem(game, mine, owner: int, taken: str) -> tuple | None:
    """The checks of exchange_problem() that concern both districts (`mine`: the Built given):
    no city left with two of a name, then the price."""
    state = game.state
    seat = state.turn.seat
    me, other = state.players[seat], state.players[owner]
    problem = _duplicate_problem(game, mine.id, _counted(me), owner, taken, _counted(other))
    if problem:
        return problem
    cost = difference(game, owner, mine, other.built(taken))
    if me.gold < cost:
        return ("too_poor_exchange", ("diplomat.cost-difference",),
                {"cost": cost, "gold": me.gold, "player": other.name})
    return None


def _duplicate_problem(game, given: str, mine_counted: dict, owner: int, taken: str,
                       theirs_counted: dict) -> tuple | None:
    """Why giving `given` for `taken` of seat `owner` would leave a city with two of a name, or
    None (`mine_counted`, `theirs_counted`: the Diplomat's city and the owner's counted by
    name, which the move generator counts once per listing and once per city)."""
    # Copies of the same name left in each city once the two districts have changed hands: those
    # counted there, less the one leaving if it has that name.
    if mine_counted.get(taken, 0) - (taken == given) and \
            not rank8.duplicate_allowed(game, game.state.turn.seat, taken):
        return ("rank8_duplicate", ("diplomat.take-duplicate", "turn.no-duplicates"), {"card": taken})
    if theirs_counted.get(given, 0) - (given == taken) and not rank8.duplicate_allowed(game, owner, given):
        return ("rank8_duplicate", ("diplomat.give-duplicate", "turn.no-duplicates"), {"card": given})
    return None


def _parse_exchange(notation, tail: str) -> tuple:
    """`C PLAYER C2`: district names and player names may have spaces; the one reading where
    both districts are names and the middle is a seated player."""
    from referee.errors import AmbiguousName, BadMove, UnknownName, Typed

    words = tail.split()
    first_error = None
    for cut in range(1, len(words) - 1):
        for end in range(cut + 1, len(words)):
            if notation.state.seat_of(" ".join(words[cut:end])) is None:
                continue
            try:
                return (notation.district(" ".join(words[:cut])), notation.player(" ".join(words[cut:end])),
                        notation.district(" ".join(words[end:])))
            except (UnknownName, AmbiguousName) as error:     # not names: try the next reading
                first_error = first_error or error
    if first_error is not None:
        raise first_error
    raise BadMove.say("diplomat.error.exchange_args", tail=Typed(tail))


def _format_exchange(notation, move: Move) -> str:
    given, player, taken = move.args
    return f"{notation.name(given)} {player} {notation.name(taken)}"


def _apply_exchange(game, move: Move) -> None:
    require(game, "diplomat")
    problem = rank8.timing_problem(game)
    if problem:
        raise refuse(problem)
    given, name, taken = move.args
    owner = game.state.seat_of(name)
    problem = exchange_problem(game, given, owner, taken)
    if problem:
        raise refuse(problem)
    _exchange(game, given, owner, taken)


def _apply_listed_exchange(game, move: Move) -> None:
    """An exchange just listed: `_generate_exchange` listed it only where the timing and
    exchange_problem() had nothing against it, so they are not asked again
    (tests/engine/test_properties.py: the same position and events as `_apply_exchange`)."""
    given, name, taken = move.args
    _exchange(game, given, game.state.seat_of(name), taken)


def _exchange(game, given: str, owner: int, taken: str) -> None:
    state = game.state
    seat = state.turn.seat
    once(game, "exchange")
    me, other = state.players[seat], state.players[owner]
    mine, theirs = me.built(given), other.built(taken)
    cost = difference(game, owner, mine, theirs)
    game.transfer(seat, owner, cost, "diplomat")
    me.city = [b for b in me.city if b is not mine] + [theirs]
    other.city = [b for b in other.city if b is not theirs] + [mine]
    if game.says:
        game.event("exchanged", player=me.name, gave=given, owner=other.name, took=taken, cost=cost)
    game.note_completion(seat)
    game.note_completion(owner)
    rank8.acted(game)


def _generate_exchange(game) -> list[Move]:
    """Every exchange allowed now: exchange_problem() in parts, what concerns his city once per
    listing, what concerns another city once per city, what concerns a district taken once per
    district, then what concerns the pair."""
    state = game.state
    turn = state.turn
    if "exchange" in turn.used or turn.finished_actions or rank8.timing_problem(game):
        return []
    seat = turn.seat
    me = state.players[seat]
    mine = rank8.targets(me)            # each name's first Built (the one given), by name
    if not mine:
        return []                       # nothing to give
    given_names = [built.id for built in mine]
    gives = values(game, mine)
    least = min(gives)
    his = me.built_names()
    mine_counted = None                 # his city counted by name: asked only beside a city sharing a name
    gold = me.gold
    # The names he may give where the difference asks a value `need` or more of the district
    # given (the difference only falls as the value given rises), in name order: a function of
    # his city and gold, made once per listing for each `need` asked, not for each district taken.
    givers: dict[int, list[str]] = {}
    shields = game.hooks.shield_district
    walls = game.hooks.destroy_surcharge
    actor = turn.character
    moves = []
    for owner, player in rank8.open_cities(game, skip=seat):
        name = player.name
        # A duplicate needs a name of one city in the other: the usual pair of cities has none.
        # Those of his he may not give this city (a second there), for a district taken that
        # is not one of his own names (the district given then never has its name).
        shared = his & player.built_names()
        barred = {given for given in shared if not rank8.duplicate_allowed(game, owner, given)} if shared else None
        theirs_counted = None
        targets = rank8.targets(player)
        charged = rank8.surcharges(game, owner) if walls else ()
        for built, take in zip(targets, values(game, targets)):
            taken = built.id
            # The price, then the district's own protection (the Keep): both only read the
            # position. Without a card that raises the city's prices (the Great Wall), the
            # worth is the value and the least value given `take - gold` (least_given()).
            if charged:
                need = least_given(surcharged(game, charged, taken, take), gold)
                if need is None:
                    continue                 # beyond his gold whatever he gives
            else:
                need = take - gold
            for shield in shields:
                if shield(game, owner, taken):
                    break
            else:
                if taken not in shared:
                    # Every name he may give for its price (all of them where his least valued
                    # district pays it: the usual case), less those barred from this city.
                    if need <= least:
                        fit = given_names
                    else:
                        fit = givers.get(need)
                        if fit is None:
                            fit = givers[need] = [given for given, give in zip(given_names, gives) if give >= need]
                    for given in fit:            # (a loop: a comprehension is a call in 3.11)
                        if not barred or given not in barred:
                            moves.append(make_move((actor, "exchange", (given, name, taken))))
                    continue
                # A name of his taken: for each district given the price and the duplicates
                # (all must pass: their order changes nothing but the time). A `taken` he may
                # not have twice leaves one pair at most: his only `taken` given for it.
                if mine_counted is None:
                    mine_counted = _counted(me)
                if theirs_counted is None:
                    theirs_counted = _counted(player)
                pairs = zip(given_names, gives)
                if not rank8.duplicate_allowed(game, seat, taken):
                    if mine_counted[taken] > 1:
                        continue
                    pairs = ((taken, gives[given_names.index(taken)]),)
                for given, give in pairs:
                    if give >= need and not _duplicate_problem(game, given, mine_counted, owner, taken,
                                                               theirs_counted):
                        moves.append(make_move((actor, "exchange", (given, name, taken))))
    return moves


@register
class Diplomat(Behaviour):
    id = "diplomat"
    # "Exchange" is also what the rules call the Magician's two moves: without the Diplomat's
    # three arguments, a hand swapped with a player's (`exchange Bob`) or cards redrawn.
    verbs = (Verb("exchange", ("交換", "交换", "換", "换"), _parse_exchange, _apply_exchange, _generate_exchange,
                  _format_exchange, instead=("swap", "redraw"), apply_listed=_apply_listed_exchange),)
    refusals = ("exchange_own", "too_poor_exchange")
