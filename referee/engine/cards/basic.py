"""The turn's own verbs, which every character has: gather (gold or cards), district income,
build, end. The rules here read the acting character's facts (income type, build limit, the
Merchant's and the Architect's extras) and ask the cards in play for their modifiers (the
Factory's discount, the Observatory's and the Library's draw, the Quarry's duplicates)."""

from __future__ import annotations

import re
from functools import lru_cache, partial
from itertools import combinations
from types import MethodType
from typing import TYPE_CHECKING, NamedTuple

from referee.engine.cards.common import has_power, kept_move, parse_nothing
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, first_word, make_move
from referee.engine import registry
from referee.engine.registry import Verb, register_verb
from referee.engine.state import UNKNOWN, Built

if TYPE_CHECKING:
    from referee.engine.ops import Operations
    from referee.engine.moves import Notation


# -- gathering ----------------------------------------------------------------------------------


def gather_extras(game: "Operations") -> None:
    """The character's extra resources, whatever was gathered (the Merchant's gold, the
    Architect's cards): for whoever has its abilities — not a bewitched character's holder; the
    Witch when she resumes that turn."""
    turn = game.state.turn
    facts = game.rb.characters[turn.character]
    if not (facts.extra_gold or facts.extra_cards) or not has_power(game, turn.character):
        return                  # (most characters have no extras: their powers are not asked)
    if facts.extra_gold:
        game.gain(turn.seat, facts.extra_gold, turn.character)
    if facts.extra_cards:
        game.gain_cards(turn.seat, facts.extra_cards, turn.character)


def after_gather(game: "Operations", kind: str) -> None:
    """The bonuses that come with any gathering: the character's extras, then the cards that
    listen (the Gold Mine)."""
    turn = game.state.turn
    facts = game.rb.characters[turn.character]
    if facts.extra_gold or facts.extra_cards:
        gather_extras(game)     # (most characters have no extras: not even called — at every gathering)
    turn.gathered = True
    for hook in game.hooks.on_gather:
        hook(game, turn.seat, kind)


def _apply_gold(game: "Operations", move: Move) -> None:
    turn = game.state.turn
    if turn.gathered:
        raise IllegalMove("already_gathered", ("turn.gather",))
    game.gain(turn.seat, int(game.rb.setup.get("gold", 2)), "gather")
    after_gather(game, "gold")


def _generate_gold(game: "Operations") -> list[Move]:
    turn = game.state.turn
    return [] if turn.gathered else [_gold_of(turn.character)]


def bare_moves(verb: str):
    """character -> `CHARACTER: VERB` without arguments (`gold`, `end`, a fixed `income`): a
    function of the character, and a move is never changed, so each made once rather than at
    every turn that lists it (one cache per verb: a key of one string is the cheapest)."""
    return lru_cache(maxsize=None)(lambda character: make_move((character, verb, ())))


_gold_of, _income_of, _end_of = bare_moves("gold"), bare_moves("income"), bare_moves("end")


def draw_plan(game: "Operations", seat: int) -> tuple[int, int]:
    """How many cards the draw action shows, and how many of them are kept."""
    count, keep = int(game.rb.setup.get("draw", 2)), 1
    for modify in game.hooks.draw_plan:
        count, keep = modify(game, seat, count, keep)
    return count, keep


def _apply_draw(game: "Operations", move: Move) -> None:
    turn = game.state.turn
    if turn.gathered:
        raise IllegalMove("already_gathered", ("turn.gather",))
    draw_action(game, turn.seat, list(move.args))
    after_gather(game, "cards")


def draw_action(game: "Operations", seat: int, named: list[str]) -> None:
    """The draw action of `seat`: show the cards, keep those named (the first shown where the
    move names fewer, unknown at a table), the rest to the bottom of the deck."""
    state = game.state
    count, keep = draw_plan(game, seat)
    shown = state.deck[:count]
    known = UNKNOWN not in shown
    if len(named) > keep:
        raise IllegalMove("keep_count", ("turn.gather", "library.with-observatory"), keep=keep)
    if known and keep >= len(shown) and named and sorted(named) != sorted(shown):
        raise IllegalMove("library_keeps_all", ("library.with-observatory",))
    # A table where the keep is not said: the referee no longer knows which card went where.
    forget = game.table and keep < len(shown) and not named
    if known and keep < len(shown) and len(named) != keep and not forget:
        # The cards are known (a dealt game, or a known top of the deck): the move names the keep.
        raise IllegalMove("name_keep", ("turn.gather",), keep=keep)
    pool = list(shown)
    for card in named:
        if card in pool:
            pool.remove(card)
        elif UNKNOWN in pool:
            pool.remove(UNKNOWN)             # the player showed what the unknown card was
        else:
            raise IllegalMove("not_drawn", ("turn.gather",), card=card, shown=list(shown))
    drawn = game.draw_cards(count)
    kept = named + pool[: keep - len(named)]  # unnamed keeps: the first cards shown (unknown at a table)
    rest = list(drawn)
    for card in kept:
        rest.remove(card if card in rest else UNKNOWN)
    if forget:
        kept, rest = [UNKNOWN] * len(kept), [UNKNOWN] * len(rest)
    player = state.players[seat]
    player.hand = player.hand + kept
    game.to_deck_bottom(rest)
    if game.says:
        game.event("cards", player=player.name, count=len(kept), reason="draw", returned=len(rest))


def _generate_draw(game: "Operations") -> list[Move]:
    state = game.state
    if state.turn.gathered:
        return []
    moves = []
    actor = state.turn.character
    for args in draw_choices(game, state.turn.seat):     # (a loop: a comprehension would make `actor` a cell at every call)
        moves.append(make_move((actor, "draw", args)))
    return moves


def draw_choices(game: "Operations", seat: int) -> list[tuple]:
    """The arguments of every legal draw action of `seat`: () or the cards kept."""
    count, keep = draw_plan(game, seat)
    shown = game.state.deck[:count]
    if UNKNOWN in shown or not shown:
        return [()]
    if keep >= len(shown):
        # Every card is kept: `draw`, or the same move naming them all.
        return [(), tuple(sorted(shown))]
    # The keeps of the cards shown, sorted, come in sorted order; two copies of a card shown
    # give the same keep twice: each kept once.
    named = list(combinations(sorted(shown), keep))
    if len(set(shown)) < len(shown):
        named = list(dict.fromkeys(named))
    return [()] + named if game.table else named          # a table may leave the keep unsaid


# The words that say which drawn cards are kept (`draw keep Temple`, 「抽牌 保留 神廟」): the one
# list, read by every move that keeps a card (the Scholar's, the Hospital's draw) and by the
# hint to a keep typed as a move of its own (`registry.Verb.inner`).
KEEP_WORDS = ("keep", "留", "保留")


def without_keep(tail: str) -> str:
    """`keep Temple, Castle` → `Temple, Castle`: the cards after a keep word, or `tail` as it is."""
    keyword, cards = first_word(tail)
    return cards if keyword.casefold() in KEEP_WORDS and cards else tail.strip()


def _parse_draw(notation: "Notation", tail: str) -> tuple:
    if not tail:
        return ()
    keyword, cards = first_word(tail)
    if keyword.casefold() not in KEEP_WORDS:
        from referee.errors import BadMove, Typed

        raise BadMove.say("error.move.draw_args", tail=Typed(tail))
    return notation.districts(cards)


def _format_draw(notation: "Notation", move: Move) -> str:
    return "keep " + ", ".join(notation.name(a) for a in move.args)


# -- income -------------------------------------------------------------------------------------


class Income(NamedTuple):
    """A character's district income: the district type it counts, the kind of resource it
    pays ("gold" | "cards" | "gold-or-cards"), and how many districts make one resource."""

    type: str | None
    kind: str = "gold"
    per: int = 1


_NO_INCOME = Income(None)


def _card_rule(character: str):
    """The character card's `income_rule` (a house rule such as the Alchemist's trade income),
    or None."""
    return getattr(registry.behaviour(character), "income_rule", None)


def income_of(game: "Operations", character: str) -> Income:
    """The character's income: its data, unless its card says otherwise in this game (a house
    rule such as the Alchemist's trade income defines `income_rule(game)` on the card)."""
    facts = game.rb.characters[character]
    # The card's rule and the data's Income, looked up and made once per character's facts:
    # asked at every step of a turn.
    known = _INCOMES.get(character)
    if known is None or known[0] is not facts:
        known = _INCOMES[character] = (facts, _card_rule(character), Income(facts.income, facts.income_kind))
    rule = known[1]
    if rule is not None:
        found = rule(game)
        if found is not None:
            return found
    return known[2]


_INCOMES: dict[str, tuple] = {}     # character id -> (its facts, its card's income_rule, the data's Income)


def income_count(game: "Operations", seat: int, character: str, income: Income | None = None) -> int:
    """Districts of the character's type, with the School of Magic standing for any type."""
    income = income or income_of(game, character)
    if not income.type:
        return 0
    districts = game.rb.districts
    wild = game.rb.any_type_for_income
    count = 0
    for built in game.state.players[seat].city:
        if districts[built.id].type == income.type or built.id in wild:
            count += 1
    return count // income.per


def acting_income(game: "Operations") -> tuple[str, Income]:
    """The character whose district income the turn collects, and that income: the acting
    character's, or, when the turn uses other characters' abilities (the Witch playing the
    bewitched), the first of those that has an income."""
    turn = game.state.turn
    if turn.powers is None:
        # Its own powers (most turns): powers() would be the one character, not asked.
        income = income_of(game, turn.character)
        return turn.character, (income if income.type else _NO_INCOME)
    for character in turn.powers:
        income = income_of(game, character)
        if income.type:
            return character, income
    return turn.character, _NO_INCOME     # none (a bewitched character's holder has no ability)


_INCOME_KINDS = ("gold", "cards", "gold-or-cards")


def income_split(move: Move, kind: str, character: str, count: int) -> tuple[int, int]:
    """(gold, cards) the income move takes, checked against the character's income kind: one
    kind takes bare `income`; "gold-or-cards" names its split, declared before taking."""
    if kind not in _INCOME_KINDS:
        raise IllegalMove("not_supported", (), what=f"income {kind}")
    if kind != "gold-or-cards":
        if move.args:
            raise IllegalMove("income_no_split", ("turn.district-income",), character=character)
        return (count, 0) if kind == "gold" else (0, count)
    if not move.args:
        raise IllegalMove("income_name_split", ("turn.district-income", "abbot.gold-or-cards"), count=count)
    gold, cards = move.args
    if gold + cards != count:
        raise IllegalMove("income_split_sum", ("turn.district-income", "abbot.gold-or-cards"), gold=gold,
                          cards=cards, total=gold + cards, count=count)
    return gold, cards


def _apply_income(game: "Operations", move: Move) -> None:
    turn = game.state.turn
    character, income = acting_income(game)
    if not income.type:
        # A character whose own verb is said like income (the Tax Collector's taxes: 收税 is
        # both) names that verb in the refusal instead of leaving the player to guess it.
        key = getattr(registry.behaviour(turn.character), "no_income_refusal", "no_income")
        raise IllegalMove(key, ("turn.district-income",), character=turn.character,
                          player=game.state.players[turn.seat].name)
    if turn.income:
        raise IllegalMove("income_once", ("turn.district-income", "general.income-once"))
    if turn.finished_actions:
        raise IllegalMove("after_destroy", ("warlord.when-to-use-ability",))
    count = income_count(game, turn.seat, character, income)
    gold, cards = income_split(move, income.kind, character, count)
    turn.income = True
    game.gain(turn.seat, gold, "income")
    if cards:
        game.gain_cards(turn.seat, cards, "income")
    if not gold and not cards and game.says:
        game.event("gold", player=game.state.players[turn.seat].name, amount=0, reason="income")


def may_take_income(rb, character: str, powers: tuple[str, ...] | None) -> bool:
    """Whether a turn of `character` using `powers` (None: its own) may have a district income
    at all: not when it has its own powers, no income in its data and no card rule to change
    it (most characters) — what acting_income() would find, without asking. A fact of the turn
    that never changes during it: the turn's generators leave `income` out where it is False."""
    return powers is not None or bool(rb.characters[character].income) or _card_rule(character) is not None


def _generate_income(game: "Operations") -> list[Move]:
    turn = game.state.turn
    if turn.income or turn.finished_actions:
        return []
    if turn.powers is None:
        character = turn.character     # acting_income() for a turn with its own powers
        income = income_of(game, character)
    else:
        character, income = acting_income(game)
    if not income.type or income.kind not in _INCOME_KINDS:
        return []
    if income.kind != "gold-or-cards":
        return [_income_of(turn.character)]
    return _income_splits(turn.character, income_count(game, turn.seat, character, income))


def _income_splits(actor: str, count: int) -> list[Move]:
    """`ACTOR: income G gold C cards` for every split of `count`, the most gold first (a function
    of its own: a comprehension in _generate_income would make its names closure cells at every
    call, CPython 3.11)."""
    return [make_move((actor, "income", (gold, count - gold))) for gold in range(count, -1, -1)]


# Compiled by `re` when an income split is first read (and kept in its cache), not at every start.
_SPLIT = r"(\d+)\s*(?:gold|金幣|金币|金)\s*[,，、]?\s*(\d+)\s*(?:cards?|張牌|张牌|張|张|牌)"


def _parse_income(notation: "Notation", tail: str) -> tuple:
    if not tail:
        return ()
    found = re.fullmatch(_SPLIT, tail.strip(), re.I)
    if not found:
        from referee.errors import BadMove, Typed

        raise BadMove.say("error.move.income_args", tail=Typed(tail))
    return (int(found.group(1)), int(found.group(2)))


def _format_income(notation: "Notation", move: Move) -> str:
    return f"{move.args[0]} {notation.keyword('gold')} {move.args[1]} {notation.keyword('cards')}"


# -- building -----------------------------------------------------------------------------------


def build_cost(game: "Operations", seat: int, district: str) -> int:
    cost = game.rb.districts[district].cost
    for modify in game.hooks.build_cost:
        cost = modify(game, seat, district, cost)
    return cost


def build_reach(game: "Operations", seat: int) -> int:
    """The most a district may cost for `seat` to build it now: his gold and the best discount
    any card in play gives (the Factory's): a necessary condition the listings ask of each card
    before its own checks."""
    most = game.state.players[seat].gold
    for discount in game.hooks.build_discount:
        most += discount(game, seat)
    return most


def build_limit(game: "Operations") -> int:
    limit = game.rb.characters[game.state.turn.character].build_limit
    for modify in game.hooks.build_limit:
        limit = modify(game, limit)
    return limit


def counts_toward_limit(game: "Operations", seat: int, district: str) -> bool:
    """Whether building `district` uses up one of the turn's builds (the Stables do not; the
    cards in play may say otherwise, e.g. the Trader's trade districts)."""
    if district in game.rb.outside_limit:      # the `no_build_limit` fact, gathered once
        return False
    for counts in game.hooks.counts_toward_limit:
        verdict = counts(game, seat, district)
        if verdict is not None:
            return verdict
    return True


def _duplicate_allowed(game: "Operations", seat: int, district: str) -> bool:
    for allows in game.hooks.allows_duplicate:
        verdict = allows(game, seat, district)
        if verdict is not None:
            return verdict
    return False


def copies_accounted_for(game: "Operations", district: str) -> bool:
    """Whether every copy of `district` the edition has is already seen: in a city (or under a
    Museum), in a known hand, in the known part of the deck or the discard pile."""
    state = game.state
    seen = state.deck.count(district) + state.discard.count(district)
    for other in state.players:
        seen += other.hand.count(district)
        for built in other.city:
            seen += (built.id == district) + built.stored.count(district)
    return seen >= game.rb.districts[district].copies


def build_turn_problem(game: "Operations") -> tuple | None:
    """Why the turn may build no district now, whatever the card, as (key, citations, values),
    or None: resources not gathered, the classic Warlord's destruction done, a character that
    may not build at all (its data, then the cards in play: the Navigator forbids it to whoever
    uses his power, the Witch included). The part of build_problem() the card does not change:
    the build listing asks it once, not again for every card in hand."""
    turn = game.state.turn
    if not turn.gathered:
        return ("gather_first", ("turn.gather",), {})
    if turn.finished_actions:
        return ("after_destroy", ("warlord.when-to-use-ability",), {})
    allowed = game.rb.characters[turn.character].can_build
    for modify in game.hooks.can_build:
        allowed = modify(game, allowed)
    if not allowed:
        return ("cannot_build", ("turn.build", "turn.build-limit"), {"character": turn.character})
    return None


def card_build_problem(game: "Operations", seat: int, district: str, limit: int,
                       built: frozenset[str], paying: bool = True) -> tuple | None:
    """Why `district` cannot be built now in a turn that may build (build_turn_problem() found
    nothing), or None: the checks of build_problem() that concern the card. `limit`: the turn's
    build_limit(); `built`: the names in the player's city (`Player.built_names()`): both asked
    once by the caller, not again for every card of a listing."""
    state = game.state
    rb = game.rb
    player = state.players[seat]
    if district == UNKNOWN:
        return ("name_built", ("turn.build",), {})       # a district enters the city face up
    target = rb.districts[district].facts
    if state.turn.builds >= limit and counts_toward_limit(game, seat, district):
        return ("build_limit", ("turn.build-limit",), {"limit": limit})
    held = district in player.hand           # (known to be there: the usual case, asked first)
    if not held and not game.in_hand(seat, district):
        return ("not_in_hand", ("turn.build",), {"card": district})
    if not held and copies_accounted_for(game, district):
        # An unknown card can be this district only while a copy of it is unaccounted for.
        return ("no_copy_left", ("setup.deck.classic", "setup.deck.2016"),
                {"card": district, "copies": rb.districts[district].copies})
    if target.get("unbuildable"):
        return ("unbuildable", (), {"card": district})
    if district in built and not _duplicate_allowed(game, seat, district):
        return ("duplicate", ("turn.build", "general.no-duplicate-districts"), {"card": district})
    most = target.get("max_city_before_build")
    if most is not None and len(player.city) > most:
        return ("monument_late", (), {"card": district})
    if paying:
        cost = build_cost(game, seat, district)
        if player.gold < cost:
            return ("too_poor", ("turn.build",), {"card": district, "cost": cost, "gold": player.gold})
    return None


def build_problem(game: "Operations", seat: int, district: str, paying: bool = True) -> tuple | None:
    """Why `district` cannot be built now, as (key, citations, values), or None: the turn's
    checks, then the card's. `paying`: the price is paid in gold (False for the cards that pay
    another way check their own)."""
    return build_turn_problem(game) or card_build_problem(game, seat, district, build_limit(game),
                                                         game.state.players[seat].built_names(), paying)


def _apply_build(game: "Operations", move: Move) -> None:
    state = game.state
    turn = state.turn
    district = move.args[0]
    if len(move.args) > 1:
        card = registry.build_form(move.args[1])
        if card is None or not registry.supported(card.id, game.rb.edition):
            raise IllegalMove("not_supported", (), what=f"build … {move.args[1]}")
        card.build_with(game, move)      # its own checks and payment, then place_district()
        return
    problem = build_problem(game, turn.seat, district)
    if problem:
        raise refuse(problem)
    _build(game, turn.seat, district)


def _apply_listed_build(game: "Operations", move: Move) -> None:
    """A build just listed: `_generate_build` listed it only where build_problem() had nothing
    against it, so it is not asked again (tests/engine/test_properties.py: the same position
    and events as `_apply_build`). A build paid another way keeps its card's own checks."""
    if len(move.args) > 1:
        _apply_build(game, move)
        return
    _build(game, game.state.turn.seat, move.args[0])


def _build(game: "Operations", seat: int, district: str) -> None:
    cost = build_cost(game, seat, district)
    game.take_from_hand(seat, district)
    game.pay(seat, cost, "build")
    place_district(game, seat, district, cost)


# Built((district, round, (), False)) without the named tuple's Python-level __new__ (as
# moves.make_move: tuple.__new__ bound to the class, its arguments handed on without a copy):
# one per build. A new field of Built is added here too.
_built = MethodType(tuple.__new__, Built)


def place_district(game: "Operations", seat: int, district: str, cost: int) -> None:
    """The district (already paid for and out of the hand) enters the city: the build counts
    toward the limit, the cards that listen hear of it, a completed city is noted."""
    state = game.state
    turn = state.turn
    player = state.players[seat]
    player.city = player.city + [_built((district, state.round, (), False))]
    if counts_toward_limit(game, seat, district):
        turn.builds += 1
    turn.used = {*turn.used, "built:" + district}      # "on the turn it is built" powers (Bell Tower)
    if game.says:
        game.event("built", player=player.name, district=district, cost=cost)
    for hook in game.hooks.on_build:
        hook(game, seat, district, cost)
    game.note_completion(seat)


# No district type taken out of the limit (the build listing of a turn whose powers take none out).
_NO_TYPES: frozenset[str] = frozenset()


def build_generator(rb, character: str, powers: tuple[str, ...] | None):
    """The build listing of a turn of `character` using `powers` (None: its own), as the turn's
    generators list it once gathered (turn._generators, kept per rulebook: a fact of the turn
    that never changes during it). A character's build hooks act only in a turn using its powers
    (`own_turn_hooks`, registry: the Cardinal's borrowing, the Navigator's ban, the Trader's
    trade districts outside the limit), so the listing asks them only there, given here:
    `_generate_build` with their `build_moves`, with the turn's checks (build_turn_problem) where
    a `can_build` hook or the character's data may forbid building, and with the types their
    `counts_toward_limit` takes out of the limit. Any other turn may build (it has gathered, has
    not ended its actions, and its character's data allows it): `_generate_build` as it is,
    asking none of these (the base cast's every turn)."""
    edition = rb.edition
    own_moves = []
    checks = not rb.characters[character].can_build
    free_types = set()
    for power in sorted((character,) if powers is None else powers, key=lambda c: rb.characters[c].rank):
        card = registry.behaviour(power)
        for hook, entry in card.entries_in.get(edition, ()) if card is not None else ():
            if hook not in card.own_turn_hooks:
                continue
            if hook == "build_moves":
                own_moves.append(entry)
            elif hook == "can_build":
                checks = True
            elif hook == "counts_toward_limit":
                free_types.update(card.limit_free_types)
    if not (own_moves or checks or free_types):
        return _generate_build
    return _build_listing(tuple(own_moves), checks, frozenset(free_types))


@lru_cache(maxsize=None)
def _build_listing(own_moves: tuple, checks: bool, free_types: frozenset[str]):
    """`_generate_build` with these arguments: one object for each (a few: they are the
    characters' own), so that a turn's generators made again are equal to those kept."""
    return partial(_generate_build, own_moves=own_moves, checks=checks, free_types=free_types)


def _generate_build(game: "Operations", own_moves: tuple = (), checks: bool = False,
                    free_types: frozenset[str] = _NO_TYPES) -> list[Move]:
    """Every build of the turn's player: the builds paid another way (the `build_moves` hooks:
    `own_moves`, those of the characters whose powers the turn uses (the Cardinal), then the
    game's: the Framework, the Necropolis, the Thieves' Den), then each card of the hand that
    card_build_problem() allows, by name. Each of them builds a card of the hand within the
    limit: where none of the hand is left to build, none is asked. Listed by the turn's
    generators, once gathered and while its actions go on (`build_generator` says which turns
    ask the turn's checks, `checks`, and which district types the turn's powers take out of the
    limit, `free_types`)."""
    state = game.state
    turn = state.turn
    player = state.players[turn.seat]
    hand = player.hand
    if not hand:
        return []
    rb = game.rb
    # The limit is asked of the hooks once here. Once it is reached (after a build, most steps
    # of a turn) only the districts outside it remain: the Stables, and those of the types the
    # turn's powers take out of it (`free_types`: the Trader's trade districts). Where the hand
    # has none (nor an unknown card, which may be one), nothing is built, in gold or another
    # way, and nothing else is asked.
    limit = build_limit(game)
    reached = turn.builds >= limit
    if reached and rb.outside_limit.isdisjoint(hand) and UNKNOWN not in hand and not free_types:
        return []
    districts = rb.districts
    candidates = set(hand)
    if UNKNOWN in candidates:
        # An unknown card may be any district a copy of which is not yet seen (build_problem
        # checks the copies): a table lists every such build. (Over `items()`: a comprehension
        # naming `districts` inside would make it a closure cell, made at every listing.)
        candidates |= {d for d, card in districts.items() if not card.facts.get("unbuildable")}
        candidates.discard(UNKNOWN)
    if reached:
        candidates = _outside_limit(rb, candidates, free_types)
        if not candidates:
            return []
    # The turn's own checks once where something may forbid building (`checks`), then only the
    # card's for each card.
    if checks and build_turn_problem(game) is not None:
        return []
    # Builds paid another way: a plain loop, as each usually has nothing to offer. (The turn's
    # own asked only where there are some: the iterator of an empty loop cost the base cast's
    # listings 0.2 %.)
    moves: list[Move] = []
    if own_moves:
        for generate in own_moves:
            moves += generate(game)
    for generate in game.hooks.build_moves:
        found = generate(game)
        if found:
            moves += found
    most = build_reach(game, turn.seat)
    # A cheap necessary condition first (affordable at the best discount), then the card's
    # checks that apply() makes.
    actor, seat = turn.character, turn.seat
    built = None        # the city's names, asked at the first card within reach (a third have none)
    for card in sorted(candidates):
        if districts[card].cost <= most:
            if built is None:
                built = player.built_names()
            if card_build_problem(game, seat, card, limit, built) is None:
                moves.append(kept_move(actor, "build", card))
    return moves


def _outside_limit(rb, candidates: set[str], free_types: frozenset[str]) -> set[str]:
    """Those of `candidates` a build may still use once the turn's limit is reached: the Stables
    (`rb.outside_limit`) and the districts of the types the turn's powers take out of its limit
    (`free_types`: the Trader's trade districts, in his turn): no other is."""
    kept = candidates & rb.outside_limit
    if free_types:
        # (a loop, not a comprehension: one naming this function's locals would make them
        # closure cells, made at each call)
        districts = rb.districts
        for card in candidates:
            if districts[card].type in free_types:
                kept.add(card)
    return kept


# The words of a build's special forms, in English and Chinese (建造 神殿 用 框架, 建造 墓地 拆除 神殿,
# 建造 賊窩 用牌 神殿、市場, 建造 神殿 向 小明 給 市場): each as a word of its own, between spaces — or
# commas, as a Chinese typist separates words (建造 神殿，用 框架): the card before the word is one
# card, so a comma there separates no list.
_BUILD_FORMS = (("using", "using"), ("用", "using"), ("destroying", "destroying"), ("拆除", "destroying"),
                ("with cards", "with"), ("用牌", "with"), ("from", "from"), ("向", "from"))
_APART = r"(?:\s*[,，、]\s*|\s+)"
_GIVING = r"(?:giving|給出|给出|給|给)"


def _parse_build(notation: "Notation", tail: str) -> tuple:
    import re

    folded = tail.casefold()
    for keyword, form in _BUILD_FORMS:
        if keyword not in folded:
            continue        # the common build names no form: no pattern to compile and try
        found = re.search(_APART + re.escape(keyword) + _APART, tail, re.I)
        if found and found.start() > 0:
            card = notation.district(tail[:found.start()])
            rest = tail[found.end():]
            if form in ("using", "destroying"):
                return (card, form, notation.district(rest))
            if form == "with":
                return (card, "with", notation.districts(rest))
            rest = re.sub(r"\s*[,，、]\s*(?=" + _GIVING + _APART + ")", " ", rest, flags=re.I)
            player, giving = notation.player_then(rest)
            giving = re.sub(r"^" + _GIVING + _APART, "", giving, flags=re.I)
            return (card, "from", player, notation.districts(giving))
    return (notation.district(tail),)


def _format_build(notation: "Notation", move: Move) -> str:
    args = move.args
    body = notation.name(args[0])
    if len(args) > 1:
        if args[1] in ("using", "destroying"):
            body += f" {notation.keyword(args[1])} {notation.name(args[2])}"
        elif args[1] == "with":
            body += f" {notation.keyword('with cards')} " + ", ".join(notation.name(a) for a in args[2])
        elif args[1] == "from":
            body += f" {notation.keyword('from')} {args[2]} {notation.keyword('giving')} " + ", ".join(notation.name(a) for a in args[3])
    return body


# -- ending the turn ----------------------------------------------------------------------------


def end_problem(game: "Operations") -> tuple | None:
    """Why the turn may not end yet: resources not gathered, or a duty a card still owes (the
    Emperor must move the crown, the classic Navigator must take his bonus)."""
    turn = game.state.turn
    if not turn.gathered:
        return ("must_gather", ("turn.gather",), {"character": turn.character})
    for duty in game.hooks.end_problem:
        problem = duty(game)
        if problem:
            return problem
    return None


def _apply_end(game: "Operations", move: Move) -> None:
    problem = end_problem(game)
    if problem:
        raise refuse(problem)
    game.state.turn.ended = True    # the flow runs the end-of-turn effects and calls the next


def _apply_listed_end(game: "Operations", move: Move) -> None:
    """`end` just listed: `_generate_end` listed it only where end_problem() had nothing against
    it (the duties the cards' hooks owe are not asked again)."""
    game.state.turn.ended = True


def _generate_end(game: "Operations") -> list[Move]:
    """`end`, once gathered, in a turn that owes no duty before it: a duty is owed only where the
    turn uses the powers of a card with an `end_problem` hook (the Emperor's, the classic
    Navigator's), and such a turn lists its end with `_generate_owed_end` instead
    (turn._generators): end_problem() is not asked here (at nearly every step of a turn)."""
    turn = game.state.turn
    return [_end_of(turn.character)] if turn.gathered else []


def _generate_owed_end(game: "Operations") -> list[Move]:
    """`end` in a turn using the powers of a card that may owe a duty before it: where
    end_problem() has nothing against it."""
    if end_problem(game):
        return []
    return [_end_of(game.state.turn.character)]


register_verb(Verb("gold", ("金幣", "金币", "拿錢", "拿钱", "拿金幣", "拿金币", "拿金", "拿兩金", "拿两金", "拿2金", "拿兩塊", "拿两块", "拿2塊", "拿2块"), parse_nothing, _apply_gold, _generate_gold))
register_verb(Verb("draw", ("抽牌", "摸牌"), _parse_draw, _apply_draw, _generate_draw, _format_draw, inner=KEEP_WORDS))
register_verb(Verb("income", ("收入", "收稅", "收税", "徵稅", "征税"), _parse_income, _apply_income, _generate_income,
                   _format_income))
register_verb(Verb("build", ("建造", "建", "蓋", "盖"), _parse_build, _apply_build, _generate_build, _format_build,
                   apply_listed=_apply_listed_build))


def _parse_end(notation: "Notation", tail: str) -> tuple:
    """`end`, and as players say it `end turn` (`結束 回合`; 結束回合 is a word of its own)."""
    return () if tail.casefold() in ("turn", "回合") else notation.nothing(tail)


register_verb(Verb("end", ("done", "結束", "结束", "結束回合", "结束回合", "回合結束", "回合结束"), _parse_end, _apply_end,
                   _generate_end, apply_listed=_apply_listed_end))
