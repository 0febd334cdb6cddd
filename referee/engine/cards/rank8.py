"""What every rank 8 character's action on another city shares (the Warlord's destruction, the
Diplomat's exchange, the Marshal's seizure): the price of a district, and the protections —
a completed city, and the shields of the cards in play (the Bishop's city, the Keep)."""

from __future__ import annotations

from functools import lru_cache

from referee.engine.errors import refuse
from referee.engine.scoring import city_size
from referee.engine.state import Built


def district_price(game, owner: int, district: str, built: Built | None = None,
                   full_value: str = "warlord-full-value") -> int:
    """A district's value for rank 8 actions before its modifiers: its cost (classic values the
    University and the Dragon Gate at their printed 6 by the FAQ, or 8 with the variant
    `full_value` — warlord-full-value, diplomat-full-value), +1 if the Artist beautified it."""
    value = _values(game, full_value)[district]
    built = built or game.state.players[owner].built(district)
    return value + (1 if built is not None and built.beautified else 0)


def _values(game, full_value: str) -> dict[str, int]:
    """The rulebook's table of district values the edition's rule (or the variant `full_value`)
    prices by: printed costs in classic, full values (`points`) in 2016."""
    rb = game.rb
    printed = rb.edition == "classic" and full_value not in game.state.variants
    return rb.printed_values if printed else rb.full_values


def valued_at_most(game, most: int, full_value: str = "warlord-full-value") -> frozenset[str]:
    """The districts whose value in the table `_values()` reads is at most `most`: a price is
    that value and more (the Artist's coin, the surcharges), so no other district's can be
    `most` or less. For a move generator whose price may not pass a figure (the Marshal's most
    and gold), which then looks for these names in a city instead of pricing all of it."""
    rb = game.rb
    return _valued_at_most(rb, _values(game, full_value) is rb.printed_values, most)


@lru_cache(maxsize=32)
def _valued_at_most(rb, printed: bool, most: int) -> frozenset[str]:
    """valued_at_most() of a rulebook's table: a function of the rulebook (its tables are made
    with it and never change), asked at every step of the Marshal's turn with a few figures."""
    values = rb.printed_values if printed else rb.full_values
    return frozenset([district for district, value in values.items() if value <= most])


def prices(game, builts, full_value: str = "warlord-full-value") -> list[int]:
    """district_price() of each of `builts` (Builts, each its own as its city holds it), the
    edition's way of valuing asked once: for the move generators, which price every district of
    a city at every step of the turn, in one call per city rather than one per district."""
    values = _values(game, full_value)
    found = []
    for built in builts:
        found.append(values[built.id] + built.beautified)     # (a bool: the Artist's coin, 1 or 0)
    return found


def surcharges(game, owner: int) -> list[tuple[int, tuple[str, ...]]]:
    """What the cards in play make a rank 8 character pay more for seat `owner`'s districts (the
    Great Wall's), each (gold, the districts of the city it leaves out): a city's, asked once for
    all its districts (the move generators price every district in play)."""
    found = []
    for surcharge in game.hooks.destroy_surcharge:
        charged = surcharge(game, owner)
        if charged:
            found.append(charged)
    return found


def with_surcharges(charged, district: str, price: int) -> int:
    """`price` raised by those of a city's `surcharges()` that cover `district`."""
    for gold, exempt in charged:
        if district not in exempt:
            price += gold
    return price


def destroy_cost(game, owner: int, district: str, built: Built | None = None) -> int:
    """What destroying `district` of seat `owner` costs: its value less one, then the surcharges
    of the cards in play (the Great Wall)."""
    cost = district_price(game, owner, district, built) - 1
    return max(0, with_surcharges(surcharges(game, owner), district, cost))


def within_means(game, owner: int, builts, gold: int) -> list:
    """Those of `builts` (districts of seat `owner`'s city, each its own Built) whose
    destroy_cost() is at most `gold`, in their order: for the Warlord's move generator, which
    prices every district in play at every step of his turn — each city's values by prices() (the
    one place a district is priced for a whole city), less one, then the city's surcharges, asked
    once (a cost below 0 is 0, which any gold pays: compared as it is)."""
    charged = surcharges(game, owner) if game.hooks.destroy_surcharge else ()
    within = []
    for built, price in zip(builts, prices(game, builts)):
        if (with_surcharges(charged, built.id, price - 1) if charged else price - 1) <= gold:
            within.append(built)
    return within


def city_problem(game, owner: int) -> tuple | None:
    """Protections of a whole city: completed, or a shield that covers every district in it."""
    state = game.state
    if game.city_complete(owner):
        return ("completed_city", ("warlord.completed-city",), {"player": state.players[owner].name})
    for shielded in game.hooks.shielded_city:
        found = shielded(game)
        if found and found[0] == owner:
            return found[1]
    return None


def open_cities(game, skip: int | None = None, holding: frozenset[str] | None = None) -> list:
    """(seat, player) of every non-empty city a rank 8 character may act on now (city_problem()
    finds nothing), except seat `skip`: for the move generators, which ask at every step of the
    turn, with the city size that ends the game and the shielded cities asked once instead of
    once per city. `holding`: only the cities that hold one of those names (for a generator
    that looks for a few: the others' size and shields are not asked)."""
    state = game.state
    cities = enumerate(state.players)
    if holding is not None:
        cities = [(owner, player) for owner, player in cities if not holding.isdisjoint(player.built_names())]
        if not cities:
            return cities
    rb = game.rb
    end_at = game.end_at
    shut = {skip}
    for shielded in game.hooks.shielded_city:
        found = shielded(game)
        if found:
            shut.add(found[0])
    return [(owner, player) for owner, player in cities
            if player.city and owner not in shut and city_size(rb, player.city) < end_at]


def targets(player) -> list:
    """Each name of `player`'s city once, with its first Built (the one `Player.built` finds and
    district_price() values: the city gone over from its end, a first one written last), sorted
    by name: what the Warlord may act on, a district named once. A city without a second of any
    name (its set of names as long as it: the usual case) sorts as it is."""
    city = player.city
    if len(player.built_names()) == len(city):
        return sorted(city)
    return sorted({built.id: built for built in reversed(city)}.values())


def district_problem(game, owner: int, district: str, city_open: bool = False) -> tuple | None:
    """Why a rank 8 character cannot act on `district` of seat `owner`, or None. `city_open`:
    the city is one of open_cities() (its whole-city protections found nothing: the move
    generators ask them once per city, not again for each district)."""
    state = game.state
    if not state.players[owner].has_built(district):
        return ("not_in_city", (), {"player": state.players[owner].name, "card": district})
    for shield in game.hooks.shield_district:
        problem = shield(game, owner, district)
        if problem:
            return problem                    # the district's own protection (the Keep) first
    return None if city_open else city_problem(game, owner)


def with_surcharge(game, owner: int, district: str, price: int) -> int:
    """A price raised by the cards in play that make the rank 8 character pay more for a
    district of `owner`'s (the Great Wall's 1)."""
    return with_surcharges(surcharges(game, owner), district, price)


def at_end_of_turn(game) -> bool:
    """Whether the rank 8 ability is used at the end of the turn (classic; variant
    rank8-end-of-turn in 2016) rather than at any time (2016; variant rank8-any-time in classic)."""
    variants = game.state.variants
    if game.rb.edition == "classic":
        return "rank8-any-time" not in variants
    return "rank8-end-of-turn" in variants


def timing_problem(game) -> tuple | None:
    """At the end of the turn means after gathering; what follows ends the turn's actions."""
    if at_end_of_turn(game) and not game.state.turn.gathered:
        return ("gather_first", ("warlord.when-to-use-ability", "turn.gather"), {})
    return None


def apply_checked(game, move, problem_of, act) -> None:
    """A rank 8 action on one district as typed (`ACTOR: VERB PLAYER DISTRICT`): its timing, then
    its rule's checks, `problem_of(game, owner, district)`, refused with the first problem found;
    else `act(game, owner, district)` — the same act the listed move plays without the checks."""
    problem = timing_problem(game)
    if problem:
        raise refuse(problem)
    owner = game.state.seat_of(move.args[0])
    district = move.args[1]
    problem = problem_of(game, owner, district)
    if problem:
        raise refuse(problem)
    act(game, owner, district)


def acted(game) -> None:
    """After an end-of-turn rank 8 ability only `end` remains (as the classic Warlord's)."""
    if at_end_of_turn(game):
        game.state.turn.finished_actions = True


def duplicate_allowed(game, seat: int, district: str) -> bool:
    """Whether a rank 8 action may give seat `seat` a second `district`: classic, when his
    Quarry allows it (FAQ); 2016 never (the Quarry does not help), unless the variant
    quarry-allows-rank8-duplicates."""
    if game.rb.edition == "2016" and "quarry-allows-rank8-duplicates" not in game.state.variants:
        return False
    for allows in game.hooks.allows_duplicate:
        verdict = allows(game, seat, district)
        if verdict is not None:
            return verdict
    return False


# The Warlord's wording of two protections speaks of destroying; a district taken (the
# Diplomat's exchange, the Marshal's seizure) is refused in words of its own (REFUSALS, shared
# by the two).
_TAKING = {"completed_city": "completed_city_taken", "keep": "keep_taken"}

# The refusals every rank 8 character that takes a district may raise (reasons.py lists them).
REFUSALS = ("completed_city_taken", "keep_taken", "rank8_duplicate")   # worded as rank8.refusal.* in the catalogs


def taking_problem(problem: tuple | None, more_cites: dict[str, tuple[str, ...]]) -> tuple | None:
    """A protection's problem reworded for taking a district, with the FAQ ids that name the
    card beside it (`more_cites`: key -> ids)."""
    if problem is None:
        return None
    key, cites, values = problem
    return (_TAKING.get(key, key), cites + more_cites.get(key, ()), values)
