"""The turn: gathering, income, building, ending, and every ability, found by verb and card.

Each verb has a checker-and-doer (`_verb_<name>`) that raises `IllegalMove` before it changes
anything it cannot finish, and a generator (`_gen_<name>`) for `legal_moves()`. Behaviour that
differs by edition is looked up by edition in the same function, so both readings sit together.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import chain, combinations, product
from typing import TYPE_CHECKING

from referee.engine.moves import Move
from referee.engine.state import UNKNOWN, Built
from referee.engine.support import SUPPORTED_BY_EDITION

if TYPE_CHECKING:
    from referee.engine.game import Game


def _illegal(key: str, citations: tuple[str, ...] = (), **values):
    from referee.engine.game import IllegalMove

    return IllegalMove(key, citations, **values)


# -- entry points ---------------------------------------------------------------------------


def apply(game: "Game", move: Move) -> None:
    state = game.state
    turn = state.turn
    if move.verb == "use" and move.args and move.args[0] == "graveyard":
        _use_graveyard(game, move)
        return
    if turn is None:
        raise _illegal("round_over", ("turn.calling-order",))
    character = game.acting_character(move)
    if character is None:
        raise _illegal("no_character", ("turn.calling-order",), actor=move.actor)
    if character != turn.character:
        holder = state.holder(character)
        if holder is None:
            raise _illegal("not_held", ("turn.calling-order",), character=game.rb.name(character))
        if character == state.killed:
            raise _illegal("killed_no_turn", ("assassin.killed-loses-turn", "turn.calling-order"),
                           character=game.rb.name(character))
        raise _illegal("turn_passed", ("turn.calling-order",), character=game.rb.name(character),
                       current=game.rb.name(turn.character))
    if move.actor not in game.rb.characters and state.seat_of(move.actor) != turn.seat:
        raise _illegal("not_your_turn", ("turn.calling-order",), actor=move.actor)
    if character not in SUPPORTED_BY_EDITION[game.rb.edition]:
        raise _illegal("not_supported", (), what=game.rb.name(character))
    turn.last_destroyed = None
    handler = _VERBS.get(move.verb)
    if handler is None:
        raise _illegal("not_supported", (), what=move.verb)
    handler(game, move)


def legal_moves(game: "Game") -> list[Move]:
    state = game.state
    turn = state.turn
    actor = turn.character
    moves: list[Move] = []
    if turn.last_destroyed is not None:
        moves.extend(_gen_graveyard(game))
    if not turn.gathered:
        moves.append(Move(actor, "gold"))
        moves.extend(_gen_draw(game))
    else:
        moves.append(Move(actor, "end"))
    if not turn.finished_actions:
        # Income and abilities may come at any time in the turn; building after gathering.
        moves.extend(_gen_income(game))
        moves.extend(_gen_build(game))
        moves.extend(_gen_character_ability(game))
        moves.extend(_gen_use(game))
    return moves


def end_turn(game: "Game", implicit: bool = False) -> None:
    """End the current turn (its end-of-turn effects), then call the next character.

    `implicit`: a later character's move in a situation file passes over this turn, whose own
    moves were not described (spec §1), so the duty to gather is not enforced on it."""
    state = game.state
    turn = state.turn
    if not turn.gathered and not implicit:
        raise _illegal("must_gather", ("turn.gather",), character=game.rb.name(turn.character))
    if game.rb.edition == "classic" and turn.character in state.built_by and "tax-collector" in state.revealed:
        _classic_tax(game, turn.seat, state.holder("tax-collector"))   # before the Poor House pays
    _end_of_turn_districts(game, turn.seat)
    game.event("turn_ended", character=game.rb.name(turn.character))
    game.call_next()


def end_of_round_heir(game: "Game", character: str, seat: int) -> None:
    """A killed King is revealed at the end of the round and takes the crown as heir."""
    if character == "king":
        _take_crown(game, seat)
    state = game.state
    queen = state.holder("queen")
    if queen is not None and "queen" in state.revealed and game.rb.characters[character].rank == 4:
        _queen(game, queen, [character])   # a killed rank 4 is revealed now: the Queen is paid now


# -- turn start -----------------------------------------------------------------------------


def reveal(game: "Game") -> None:
    state = game.state
    turn = state.turn
    turn.revealed = True
    state.revealed = state.revealed + [turn.character]
    game.event("revealed", character=game.rb.name(turn.character), player=state.players[turn.seat].name)
    if state.robbed == turn.character:
        thief = state.holder("thief")
        if thief is not None:
            amount = state.players[turn.seat].gold
            game.transfer(turn.seat, thief, amount, "robbed")
    if turn.character == "king":
        _take_crown(game, turn.seat)
    if turn.character == "queen":
        _queen(game, turn.seat, state.revealed)
    if turn.character == "tax-collector" and game.rb.edition == "classic":
        # Those who built before the Tax Collector was revealed (the rank 1 character) pay now.
        for character in state.built_by:
            _classic_tax(game, state.holder(character), turn.seat)


def _queen(game: "Game", seat: int, revealed: list[str]) -> None:
    """The Queen gains 3 gold beside the player who revealed rank 4 (5+ players)."""
    state = game.state
    n = len(state.players)
    queen = game.rb.characters["queen"]
    if n < queen.min_players:
        return
    rank4 = [c for c in revealed if game.rb.characters[c].rank == 4]
    if not rank4:
        return
    holder = state.holder(rank4[0])
    if holder is not None and (holder - seat) % n in (1, n - 1):
        game.gain(seat, queen.neighbour_gold, queen.name)


def _take_crown(game: "Game", seat: int) -> None:
    state = game.state
    if state.crown != seat:
        state.crown = seat
    game.event("crown", player=state.players[seat].name)


# -- gathering ------------------------------------------------------------------------------


def _after_gather(game: "Game") -> None:
    """The bonuses that come with any gathering: the Merchant's gold, the Architect's cards."""
    state = game.state
    turn = state.turn
    facts = game.rb.characters[turn.character]
    if facts.extra_gold:
        game.gain(turn.seat, facts.extra_gold, game.rb.name(turn.character))
    if facts.extra_cards:
        game.gain_cards(turn.seat, facts.extra_cards, game.rb.name(turn.character))
    turn.gathered = True


def _owns(game: "Game", seat: int, district: str) -> bool:
    return game.state.players[seat].has_built(district)


def _verb_gold(game: "Game", move: Move) -> None:
    turn = game.state.turn
    if turn.gathered:
        raise _illegal("already_gathered", ("turn.gather",))
    amount = 2
    game.gain(turn.seat, amount, "gather")
    mine = game.rb.districts.get("gold-mine")
    if mine and _owns(game, turn.seat, "gold-mine"):
        game.gain(turn.seat, mine.fact("extra_gold_on_gold", 1), game.rb.name("gold-mine"))
    _after_gather(game)


def _draw_plan(game: "Game") -> tuple[int, int]:
    """How many cards the draw action shows, and how many of them are kept."""
    seat = game.state.turn.seat
    count = int(game.rb.setup.get("draw", 2))
    observatory = game.rb.districts.get("observatory")
    if observatory and _owns(game, seat, "observatory"):
        count = observatory.fact("draw", 3)
    keep = 1
    library = game.rb.districts.get("library")
    if library and _owns(game, seat, "library"):
        keep = count if library.fact("keep_all") else min(count, library.fact("keep", 2))
    return count, keep


def _verb_draw(game: "Game", move: Move) -> None:
    state = game.state
    turn = state.turn
    if turn.gathered:
        raise _illegal("already_gathered", ("turn.gather",))
    count, keep = _draw_plan(game)
    shown = state.deck[:count]
    named = list(move.args)
    known = UNKNOWN not in shown
    if len(named) > keep:
        raise _illegal("keep_count", ("turn.gather", "library.with-observatory"), keep=keep)
    if known and keep >= len(shown) and named and sorted(named) != sorted(shown):
        raise _illegal("library_keeps_all", ("library.with-observatory",))
    if known and keep < len(shown) and len(named) != keep:
        # The cards are known (a dealt game, or a known top of the deck): the move names the keep.
        raise _illegal("name_keep", ("turn.gather",), keep=keep)
    pool = list(shown)
    for card in named:
        if card in pool:
            pool.remove(card)
        elif UNKNOWN in pool:
            pool.remove(UNKNOWN)             # the player showed what the unknown card was
        else:
            raise _illegal("not_drawn", ("turn.gather",), card=game.rb.name(card),
                           shown=", ".join(game.rb.name(c) for c in shown))
    drawn = game.draw_cards(count)
    kept = named + pool[: keep - len(named)]  # unnamed keeps: the first cards shown (unknown at a table)
    rest = list(drawn)
    for card in kept:
        rest.remove(card if card in rest else UNKNOWN)
    player = state.players[turn.seat]
    player.hand = player.hand + kept
    game.to_deck_bottom(rest)
    game.event("cards", player=state.players[turn.seat].name, count=len(kept), reason="draw", returned=len(rest))
    _after_gather(game)


def _gen_draw(game: "Game") -> list[Move]:
    state = game.state
    actor = state.turn.character
    count, keep = _draw_plan(game)
    shown = state.deck[:count]
    if UNKNOWN in shown or not shown:
        return [Move(actor, "draw")]
    if keep >= len(shown):
        # Every card is kept: `draw`, or the same move naming them all.
        return [Move(actor, "draw"), Move(actor, "draw", tuple(sorted(shown)))]
    return [Move(actor, "draw", kept) for kept in sorted(set(combinations(sorted(shown), keep)))]


# -- income ---------------------------------------------------------------------------------


def income_count(game: "Game", seat: int, character: str) -> int:
    """Districts of the character's type, with the School of Magic standing for any type."""
    facts = game.rb.characters[character]
    if not facts.income:
        return 0
    count = 0
    for built in game.state.players[seat].city:
        district = game.rb.districts[built.id]
        if district.type == facts.income or district.fact("counts_as_any_type_for_income"):
            count += 1
    return count


def _verb_income(game: "Game", move: Move) -> None:
    turn = game.state.turn
    facts = game.rb.characters[turn.character]
    if not facts.income:
        raise _illegal("no_income", ("turn.district-income",), character=game.rb.name(turn.character))
    if turn.income:
        raise _illegal("income_once", ("turn.district-income", "general.income-once"))
    if turn.finished_actions:
        raise _illegal("after_destroy", ("warlord.when-to-use-ability",))
    if facts.income_kind != "gold":
        raise _illegal("not_supported", (), what=f"{game.rb.name(turn.character)} income")
    turn.income = True
    count = income_count(game, turn.seat, turn.character)
    game.gain(turn.seat, count, "income")
    if not count:
        game.event("gold", player=game.state.players[turn.seat].name, amount=0, reason="income")


def _gen_income(game: "Game") -> list[Move]:
    turn = game.state.turn
    facts = game.rb.characters[turn.character]
    if facts.income and not turn.income and facts.income_kind == "gold":
        return [Move(turn.character, "income")]
    return []


# -- building -------------------------------------------------------------------------------


def build_cost(game: "Game", seat: int, district: str) -> int:
    facts = game.rb.districts[district]
    cost = facts.cost
    factory = game.rb.districts.get("factory")
    if factory and facts.type == "unique" and district != "factory" and _owns(game, seat, "factory"):
        cost = max(0, cost - factory.fact("unique_discount", 1))
    return cost


def _duplicate_allowed(game: "Game", seat: int, district: str) -> bool:
    player = game.state.players[seat]
    quarry = game.rb.districts.get("quarry")
    if quarry and player.has_built("quarry"):
        ids = [b.id for b in player.city]
        if "quarry-one-duplicate" in game.state.variants:
            return len(ids) == len(set(ids))          # one duplicate in the city at a time
        limit = quarry.fact("max_same_name")           # classic: two of a name; 2016: no limit
        return limit is None or ids.count(district) < limit
    return False


def build_problem(game: "Game", seat: int, district: str) -> tuple | None:
    """Why `district` cannot be built now, as (key, citations, values), or None."""
    state = game.state
    turn = state.turn
    rb = game.rb
    facts = rb.characters[turn.character]
    player = state.players[seat]
    if not turn.gathered:
        return ("gather_first", ("turn.gather",), {})
    if turn.finished_actions:
        return ("after_destroy", ("warlord.when-to-use-ability",), {})
    if not facts.can_build:
        return ("cannot_build", ("turn.build",), {"character": rb.name(turn.character)})
    target = rb.districts[district].facts
    if not target.get("no_build_limit") and turn.builds >= facts.build_limit:
        return ("build_limit", ("turn.build-limit",), {"limit": facts.build_limit})
    if not game.in_hand(seat, district):
        return ("not_in_hand", ("turn.build",), {"card": rb.name(district)})
    if target.get("unbuildable"):
        return ("unbuildable", (), {"card": rb.name(district)})
    if player.has_built(district) and not _duplicate_allowed(game, seat, district):
        return ("duplicate", ("turn.build", "general.no-duplicate-districts"), {"card": rb.name(district)})
    limit = target.get("max_city_before_build")
    if limit is not None and len(player.city) > limit:
        return ("monument_late", (), {"card": rb.name(district)})
    cost = build_cost(game, seat, district)
    if player.gold < cost:
        return ("too_poor", ("turn.build",), {"card": rb.name(district), "cost": cost, "gold": player.gold})
    return None


def _verb_build(game: "Game", move: Move) -> None:
    state = game.state
    turn = state.turn
    district = move.args[0]
    if len(move.args) > 1:
        raise _illegal("not_supported", (), what=f"build … {move.args[1]}")
    problem = build_problem(game, turn.seat, district)
    if problem:
        key, citations, values = problem
        raise _illegal(key, citations, **values)
    cost = build_cost(game, turn.seat, district)
    game.take_from_hand(turn.seat, district)
    game.pay(turn.seat, cost, "build")
    player = state.players[turn.seat]
    player.city = player.city + [Built(district, state.round)]
    if not game.rb.districts[district].fact("no_build_limit", False):
        turn.builds += 1
    turn.used.add("built:" + district)      # "on the turn it is built" powers (Bell Tower)
    game.event("built", player=player.name, district=game.rb.name(district), cost=cost)
    if turn.character not in state.built_by:
        state.built_by = state.built_by + [turn.character]
    _charge_tax(game, turn.seat)
    game.note_completion(turn.seat)


def _charge_tax(game: "Game", seat: int) -> None:
    """2016: with the Tax Collector in the cast, a builder puts 1 gold on its token."""
    state = game.state
    if game.rb.edition != "2016" or "tax-collector" not in state.characters:
        return
    if "tax-collector" in state.players[seat].characters and state.turn.character == "tax-collector":
        return
    if state.players[seat].gold > 0:
        state.players[seat].gold -= 1
        state.tax_pool += 1
        game.event("tax", player=state.players[seat].name, amount=1)


def _classic_tax(game: "Game", payer: int | None, collector: int | None) -> None:
    """Classic: a player who built this turn gives the revealed Tax Collector 1 gold, if he has
    any (once per turn, whatever he built); the Tax Collector's own player never pays."""
    state = game.state
    if payer is None or collector is None or payer == collector or state.players[payer].gold <= 0:
        return
    game.transfer(payer, collector, 1, game.rb.name("tax-collector"))


def _gen_build(game: "Game") -> list[Move]:
    turn = game.state.turn
    facts = game.rb.characters[turn.character]
    if not turn.gathered or turn.finished_actions or not facts.can_build:
        return []
    # Once the limit is reached only districts outside it (the Stables) remain candidates:
    # skip the full check for the others (this runs at every move of a turn).
    full = turn.builds >= facts.build_limit
    districts = game.rb.districts
    player = game.state.players[turn.seat]
    owned = {b.id for b in player.city}
    quarry = "quarry" in owned
    discount = districts["factory"].fact("unique_discount", 1) if "factory" in owned else 0
    # Cheap necessary conditions first (limit, affordable at the best discount, duplicates),
    # then the full check that apply() makes.
    return [Move(turn.character, "build", (card,)) for card in sorted(set(player.hand))
            if card != UNKNOWN and not (full and not districts[card].facts.get("no_build_limit"))
            and districts[card].cost - discount <= player.gold and (quarry or card not in owned)
            and build_problem(game, turn.seat, card) is None]


# -- ending the turn ------------------------------------------------------------------------


def _verb_end(game: "Game", move: Move) -> None:
    end_turn(game)


def _end_of_turn_districts(game: "Game", seat: int) -> None:
    player = game.state.players[seat]
    poor = game.rb.districts.get("poor-house")
    if poor and player.has_built("poor-house") and player.gold == 0:
        game.gain(seat, poor.fact("poor_house_gold", 1), game.rb.name("poor-house"))
    park = game.rb.districts.get("park")
    if park and player.has_built("park") and not player.hand:
        game.gain_cards(seat, park.fact("park_cards", 2), game.rb.name("park"))


# -- character abilities ----------------------------------------------------------------------


def _once(game: "Game", ability: str) -> None:
    turn = game.state.turn
    if ability in turn.used:
        raise _illegal("ability_once", ("general.ability-once-per-turn",))
    if turn.finished_actions:
        raise _illegal("after_destroy", ("warlord.when-to-use-ability",))
    turn.used.add(ability)


def _require(game: "Game", character: str) -> None:
    turn = game.state.turn
    if turn.character != character:
        raise _illegal("wrong_character", ("general.ability-once-per-turn",), character=game.rb.name(turn.character),
                       needed=game.rb.name(character))


def _verb_kill(game: "Game", move: Move) -> None:
    _require(game, "assassin")
    target = move.args[0]
    if target == "assassin":
        raise _illegal("kill_self", ("assassin.name-a-character",))
    if target not in game.state.characters:
        raise _illegal("not_in_set", ("assassin.name-a-character",), character=game.rb.name(target))
    _once(game, "kill")
    game.state.killed = target
    game.event("killed", character=game.rb.name(target))


def rob_problem(game: "Game", target: str) -> tuple | None:
    state = game.state
    if game.rb.characters[target].rank == 1:
        return ("rob_rank_one", ("thief.rob-rank-1",), {"character": game.rb.name(target)})
    if target == state.killed:
        return ("rob_killed", ("thief.rob-killed-character",), {"character": game.rb.name(target)})
    if target == "thief":
        return ("rob_self", ("thief.name-a-character",), {})
    if target not in state.characters:
        return ("not_in_set", (), {"character": game.rb.name(target)})
    return None


def _verb_rob(game: "Game", move: Move) -> None:
    _require(game, "thief")
    problem = rob_problem(game, move.args[0])
    if problem:
        raise _illegal(problem[0], problem[1], **problem[2])
    _once(game, "rob")
    game.state.robbed = move.args[0]
    game.event("robbed", character=game.rb.name(move.args[0]))


def _verb_take_taxes(game: "Game", move: Move) -> None:
    _require(game, "tax-collector")
    if game.rb.edition != "2016":
        raise _illegal("not_supported", (), what="classic Tax Collector")
    _once(game, "taxes")
    state = game.state
    amount, state.tax_pool = state.tax_pool, 0
    state.players[state.turn.seat].gold += amount
    game.event("gold", player=state.players[state.turn.seat].name, amount=amount, reason="taxes")


def _verb_swap(game: "Game", move: Move) -> None:
    _require(game, "magician")
    state = game.state
    seat = state.turn.seat
    other = state.seat_of(move.args[0])
    if other == seat:
        raise _illegal("swap_self", ("magician.target-player",))
    _once(game, "magic")
    me, them = state.players[seat], state.players[other]
    me.hand, them.hand = them.hand, me.hand
    game.event("hands_swapped", players=[me.name, them.name], counts=[len(me.hand), len(them.hand)])


def _verb_redraw(game: "Game", move: Move) -> None:
    _require(game, "magician")
    _once(game, "magic")
    seat = game.state.turn.seat
    for card in move.args:
        game.take_from_hand(seat, card, "magician.discarded-cards")
    game.to_deck_bottom(list(move.args))
    game.gain_cards(seat, len(move.args), game.rb.name("magician"))


def protected_by_bishop(game: "Game", seat: int) -> bool:
    """The Bishop's city is safe from rank 8 this round, unless the Bishop was killed."""
    state = game.state
    bishop = state.holder("bishop")
    return bishop == seat and state.killed != "bishop" and "bishop" in state.characters


def destroy_cost(game: "Game", owner: int, district: str, built: Built | None = None,
                 walled: bool | None = None) -> int:
    """What the rank 8 character pays to destroy `district` of seat `owner`: its cost less one
    (+1 beautified), +1 behind the owner's Great Wall. Classic values the University and the
    Dragon Gate at their printed 6 (FAQ), or 8 with the variant warlord-full-value."""
    rb = game.rb
    state = game.state
    player = state.players[owner]
    built = built or player.built(district)
    facts = rb.districts[district]
    if rb.edition == "classic" and "warlord-full-value" not in state.variants:
        value = facts.cost
    else:
        value = facts.facts.get("points", facts.cost)
    cost = value + built.beautified - 1
    if walled is None:
        walled = player.has_built("great-wall")
    if walled and (district != "great-wall" or "great-wall-includes-itself" in state.variants):
        cost += rb.districts["great-wall"].facts.get("destroy_surcharge", 1)
    return max(0, cost)


def destroy_problem(game: "Game", owner: int, district: str) -> tuple | None:
    state = game.state
    rb = game.rb
    seat = state.turn.seat
    if not state.players[owner].has_built(district):
        return ("not_in_city", (), {"player": state.players[owner].name, "card": rb.name(district)})
    if rb.districts[district].fact("protected_from_rank8"):
        return ("keep", ("keep.rank-8",), {"card": rb.name(district)})
    if game.city_complete(owner):
        return ("completed_city", ("warlord.completed-city",), {"player": state.players[owner].name})
    if protected_by_bishop(game, owner):
        return ("bishop", ("bishop.warlord-cannot-destroy", "bishop.killed-no-protection",), {"player": state.players[owner].name})
    cost = destroy_cost(game, owner, district)
    if state.players[seat].gold < cost:
        return ("too_poor_destroy", ("warlord.destroy-cost",), {"cost": cost, "gold": state.players[seat].gold})
    return None


def _verb_destroy(game: "Game", move: Move) -> None:
    _require(game, "warlord")
    state = game.state
    turn = state.turn
    if game.rb.edition == "classic" and not turn.gathered:
        raise _illegal("gather_first", ("turn.gather",))
    owner = state.seat_of(move.args[0])
    district = move.args[1]
    problem = destroy_problem(game, owner, district)
    if problem:
        raise _illegal(problem[0], problem[1], **problem[2])
    _once(game, "destroy")
    cost = destroy_cost(game, owner, district)
    game.pay(turn.seat, cost, "destroy")
    _remove_district(game, owner, district)
    turn.last_destroyed = (owner, district)
    if game.rb.edition == "classic":
        turn.finished_actions = True     # classic: the Warlord destroys at the end of his turn
    game.event("destroyed", player=state.players[owner].name, district=game.rb.name(district), cost=cost)


def _remove_district(game: "Game", owner: int, district: str) -> None:
    player = game.state.players[owner]
    built = next(b for b in player.city if b.id == district)
    player.city = [b for b in player.city if b is not built]
    game.discard_destroyed([built.id, *built.stored])
    if district == "bell-tower" and game.state.bell_tower:
        _bell_tower_falls(game)


def _use_bell_tower(game: "Game", move: Move) -> None:
    """Classic: on the turn it is built, the owner may announce that 7 districts now complete a
    city. Cities that already have 7 complete at once; their owners (and a builder whose 7th
    district it is) get the +4, those who reach 7 later +2 (FAQ reading)."""
    state = game.state
    turn = state.turn
    if "built:bell-tower" not in turn.used:
        raise _illegal("bell_tower_timing", ("bell-tower.seven-ends-game",))
    _once(game, "bell-tower")
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


def _bell_tower_falls(game: "Game") -> None:
    """The Bell Tower is destroyed: 8 districts again. An end already triggered stands (FAQ,
    Faidutti); with the variant bell-tower-reverts, cities of 7 stop counting as complete."""
    state = game.state
    state.bell_tower = False
    game.event("bell_tower_fallen", end_at=game.end_at)
    if "bell-tower-reverts" in state.variants:
        state.completed = [s for s in state.completed if game.city_complete(s)]
        state.first_bonus = None
        state.ending = bool(state.completed)


def _gen_destroy(game: "Game") -> list[Move]:
    """The Warlord's targets: destroy_problem() per district, with the checks that concern a
    whole city (completed, the Bishop's) made once per city."""
    state = game.state
    gold = state.players[state.turn.seat].gold
    moves = []
    for owner, player in enumerate(state.players):
        if not player.city or game.city_complete(owner) or protected_by_bishop(game, owner):
            continue
        seen = set()
        walled = player.has_built("great-wall")
        for built in sorted(player.city, key=lambda b: b.id):
            if built.id in seen or game.rb.districts[built.id].facts.get("protected_from_rank8"):
                continue
            seen.add(built.id)
            if destroy_cost(game, owner, built.id, built, walled) <= gold:
                moves.append(Move("warlord", "destroy", (player.name, built.id)))
    return moves


def _gen_character_ability(game: "Game") -> list[Move]:
    state = game.state
    turn = state.turn
    actor = turn.character
    moves: list[Move] = []
    if actor == "assassin" and "kill" not in turn.used:
        moves += [Move(actor, "kill", (c,)) for c in state.characters if c != "assassin"]
    elif actor == "thief" and "rob" not in turn.used:
        moves += [Move(actor, "rob", (c,)) for c in state.characters if rob_problem(game, c) is None]
    elif actor == "magician" and "magic" not in turn.used:
        moves += [Move(actor, "swap", (p.name,)) for i, p in enumerate(state.players) if i != turn.seat]
        hand = state.players[turn.seat].hand
        if UNKNOWN not in hand:
            counts: dict[str, int] = {}
            for card in hand:
                counts[card] = counts.get(card, 0) + 1
            # Every non-empty sub-multiset of the hand, as sorted tuples.
            options = [[(card,) * n for n in range(counts[card] + 1)] for card in sorted(counts)]
            chosen = [tuple(chain.from_iterable(parts)) for parts in product(*options)]
            moves += [Move(actor, "redraw", cards) for cards in chosen[1:]]
    elif actor == "tax-collector" and "taxes" not in turn.used and game.rb.edition == "2016":
        moves.append(Move(actor, "take-taxes"))
    elif actor == "warlord" and "destroy" not in turn.used and (turn.gathered or game.rb.edition != "classic"):
        moves += _gen_destroy(game)
    return moves


# -- unique districts with an action --------------------------------------------------------


def _verb_use(game: "Game", move: Move) -> None:
    district = move.args[0]
    handler = _USES.get(district)
    if handler is None:
        raise _illegal("not_supported", (), what=f"use {game.rb.name(district)}")
    turn = game.state.turn
    if not _owns(game, turn.seat, district):
        raise _illegal("not_owned", (), card=game.rb.name(district))
    handler(game, move)


def _use_laboratory(game: "Game", move: Move) -> None:
    turn = game.state.turn
    card = move.args[1]
    _once(game, "laboratory")
    game.take_from_hand(turn.seat, card, "laboratory.discard")
    game.to_deck_bottom([card])
    game.gain(turn.seat, game.rb.districts["laboratory"].fact("gold_per_discard", 1), game.rb.name("laboratory"))


def _use_smithy(game: "Game", move: Move) -> None:
    turn = game.state.turn
    smithy = game.rb.districts["smithy"]
    price = smithy.fact("smithy_cost", 2)
    if game.state.players[turn.seat].gold < price:
        raise _illegal("too_poor_smithy", ("smithy.once-per-turn",), cost=price)
    _once(game, "smithy")
    game.pay(turn.seat, price, game.rb.name("smithy"))
    game.gain_cards(turn.seat, smithy.fact("smithy_cards", 3), game.rb.name("smithy"))


def _use_museum(game: "Game", move: Move) -> None:
    turn = game.state.turn
    card = move.args[1]
    _once(game, "museum")
    game.take_from_hand(turn.seat, card, "museum.tuck")
    player = game.state.players[turn.seat]
    player.city = [replace(b, stored=b.stored + (card,)) if b.id == "museum" else b for b in player.city]
    game.event("stored", player=game.state.players[turn.seat].name, district=game.rb.name("museum"))


def _armory_own_allowed(game: "Game") -> bool:
    """The 2016 card names any district (its own city included); classic FAQ says other cities."""
    armory = game.rb.districts["armory"]
    return bool(armory.fact("may_target_own_city")) or "armory-own-district" in game.state.variants


def armory_problem(game: "Game", owner: int, district: str) -> tuple | None:
    """Why the Armory cannot destroy `district` of seat `owner` now, as (key, citations,
    values), or None. The completed-city rule differs by edition; each side has a variant."""
    state = game.state
    if not state.players[owner].has_built(district):
        return ("not_in_city", (), {"player": state.players[owner].name, "card": game.rb.name(district)})
    if owner == state.turn.seat and (district == "armory" or not _armory_own_allowed(game)):
        return ("armory_own", ("armory.own-district",), {})
    if game.rb.edition == "2016":
        completed_blocks = "armory-hits-completed-city" not in state.variants
    else:
        completed_blocks = "armory-spares-completed-city" in state.variants
    if completed_blocks and game.city_complete(owner):
        return ("completed_city", ("armory.completed-city",), {"player": state.players[owner].name})
    return None


def _use_armory(game: "Game", move: Move) -> None:
    state = game.state
    owner = state.seat_of(move.args[1])
    district = move.args[2]
    problem = armory_problem(game, owner, district)
    if problem:
        raise _illegal(problem[0], problem[1], **problem[2])
    _once(game, "armory")
    _remove_district(game, state.turn.seat, "armory")
    _remove_district(game, owner, district)
    game.event("destroyed", player=state.players[owner].name, district=game.rb.name(district), cost=0)


def _use_graveyard(game: "Game", move: Move) -> None:
    """Classic: right after a Warlord destroys a district, its owner may buy it back for 1 gold."""
    state = game.state
    turn = state.turn
    if turn is None or turn.last_destroyed is None:
        raise _illegal("graveyard_timing", ("graveyard.warlord-destroys",))
    owner, district = turn.last_destroyed
    actor = state.seat_of(move.actor)
    if actor is None and move.actor in game.rb.characters:
        actor = state.holder(move.actor)
    if actor != owner or not _owns(game, owner, "graveyard"):
        raise _illegal("not_owned", ("graveyard.warlord-destroys",), card=game.rb.name("graveyard"))
    if actor == turn.seat:
        raise _illegal("graveyard_warlord", ("graveyard.warlord-destroys",))
    if state.players[owner].gold < 1:
        raise _illegal("too_poor", ("graveyard.warlord-destroys",), card=game.rb.name(district), cost=1,
                       gold=state.players[owner].gold)
    # The last copy put on the pile is the destroyed one.
    if district in state.discard:
        at = len(state.discard) - 1 - state.discard[::-1].index(district)
        state.discard = state.discard[:at] + state.discard[at + 1:]
    else:
        at = len(state.deck) - 1 - state.deck[::-1].index(district)
        state.deck = state.deck[:at] + state.deck[at + 1:]
    game.pay(owner, 1, game.rb.name("graveyard"))
    state.players[owner].hand = state.players[owner].hand + [district]
    turn.last_destroyed = None
    game.event("recovered", player=state.players[owner].name, district=game.rb.name(district))


def _gen_graveyard(game: "Game") -> list[Move]:
    state = game.state
    owner, _ = state.turn.last_destroyed
    if owner != state.turn.seat and _owns(game, owner, "graveyard") and state.players[owner].gold >= 1:
        return [Move(state.players[owner].name, "use", ("graveyard",))]
    return []


def _gen_use(game: "Game") -> list[Move]:
    state = game.state
    turn = state.turn
    player = state.players[turn.seat]
    owned = {b.id for b in player.city}
    if owned.isdisjoint(_USES):
        return []
    actor = turn.character
    moves: list[Move] = []
    cards = sorted({c for c in player.hand if c != UNKNOWN})
    if "laboratory" in owned and "laboratory" not in turn.used:
        moves += [Move(actor, "use", ("laboratory", c)) for c in cards]
    if "built:bell-tower" in turn.used and "bell-tower" not in turn.used and "bell-tower" in owned:
        moves.append(Move(actor, "use", ("bell-tower",)))
    if "smithy" in owned and "smithy" not in turn.used:
        if player.gold >= game.rb.districts["smithy"].fact("smithy_cost", 2):
            moves.append(Move(actor, "use", ("smithy",)))
    if "museum" in owned and "museum" not in turn.used:
        moves += [Move(actor, "use", ("museum", c)) for c in cards]
    if "armory" in owned and "armory" not in turn.used:
        for owner, other in enumerate(state.players):
            for district in sorted({b.id for b in other.city}):
                if armory_problem(game, owner, district) is None:
                    moves.append(Move(actor, "use", ("armory", other.name, district)))
    return moves


_USES = {
    "bell-tower": _use_bell_tower,
    "laboratory": _use_laboratory,
    "smithy": _use_smithy,
    "museum": _use_museum,
    "armory": _use_armory,
}

_VERBS = {
    "gold": _verb_gold,
    "draw": _verb_draw,
    "income": _verb_income,
    "build": _verb_build,
    "end": _verb_end,
    "kill": _verb_kill,
    "rob": _verb_rob,
    "swap": _verb_swap,
    "redraw": _verb_redraw,
    "destroy": _verb_destroy,
    "use": _verb_use,
    "take-taxes": _verb_take_taxes,
}
