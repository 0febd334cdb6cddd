"""Wizard (rank 3; classic The Dark City and 2016 — the same ability in both): look at another
player's hand and take the card he chooses (not at random). He keeps it, or pays to build it at
once: that build is outside his building limit, so he may still build as usual. All his turn he
may build districts identical to ones in his city, as many copies as he likes (the classic FAQ;
the 2016 text sets no number either).

At a physical table the referee does not see the looked-at hand: the move names the card taken
(`?` keeps it unknown, unless it is built). Variant name-characters-not-players: he names a
character (`look CH take C`) and looks at its holder's hand; `look CH` when nobody holds it or
the holder has no cards (nothing is taken)."""

from __future__ import annotations

from referee.engine.cards import hands
from referee.engine.cards.basic import build_cost, build_reach, place_district
from referee.engine.cards.common import has_power, once, require
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import UNKNOWN
from referee.errors import BadMove, Typed

NAME_CHARACTERS = "name-characters-not-players"
_TAKE = ("take", "拿", "取")
_BUILD = ("build", "建造", "建", "蓋", "盖")


def _by_character(state) -> bool:
    """The variant name-characters-not-players: the Wizard names a character, and looks at the
    hand of whoever holds it."""
    return NAME_CHARACTERS in state.variants


def _character_then(notation, tail: str) -> tuple[str, str]:
    """Split 'CHARACTER rest' where the character's name may have several words."""
    words = tail.split()
    for cut in range(len(words), 0, -1):
        found = notation.character_or_none(" ".join(words[:cut]))
        if found is not None:
            return found, " ".join(words[cut:])
    raise BadMove.say("wizard.error.look_character", name_characters=NAME_CHARACTERS, tail=Typed(tail))


def _parse_look(notation, tail: str) -> tuple:
    by_character = _by_character(notation.state)
    target, rest = _character_then(notation, tail) if by_character else notation.player_then(tail)
    words = rest.split()
    if by_character and not words:
        return (target,)          # the named character's holder had nothing to take (or nobody holds it)
    if len(words) < 2 or words[0].casefold() not in _TAKE:
        raise BadMove.say("wizard.error.look_args", tail=Typed(tail))
    words = words[1:]
    build = words[-1].casefold() in _BUILD
    card = notation.district(" ".join(words[:-1] if build else words))
    return (target, card, "build") if build else (target, card)


def _format_look(notation, move: Move) -> str:
    target = notation.name(move.args[0]) if _by_character(notation.state) else move.args[0]
    if len(move.args) == 1:
        return target
    text = f"{target} {notation.keyword('take')} {notation.name(move.args[1])}"
    return text + f" {notation.keyword('build')}" if len(move.args) > 2 else text


def _build_problem(game, seat: int, card: str) -> tuple | None:
    """Why the taken card cannot be built at once (duplicates are the Wizard's right)."""
    return _turn_build_problem(game) or _card_build_problem(game, seat, card)


def _turn_build_problem(game) -> tuple | None:
    """The part of _build_problem the card does not change: the move generator asks it once,
    not again for every card of every hand he may look at."""
    turn = game.state.turn
    if turn.finished_actions:
        return ("after_destroy", ("warlord.when-to-use-ability",), {})
    if not game.rb.characters[turn.character].can_build:
        return ("cannot_build", ("turn.build",), {"character": turn.character})
    return None


def _card_build_problem(game, seat: int, card: str) -> tuple | None:
    """The part of _build_problem that concerns the card (the turn may build)."""
    state = game.state
    facts = game.rb.districts[card].facts
    if facts.get("unbuildable"):
        return ("unbuildable", (), {"card": card})
    most = facts.get("max_city_before_build")
    if most is not None and len(state.players[seat].city) > most:
        return ("monument_late", (), {"card": card})
    cost = build_cost(game, seat, card)
    gold = state.players[seat].gold
    if gold < cost:
        return ("too_poor", ("wizard.extra-build",), {"card": card, "cost": cost, "gold": gold})
    return None


def _looked_at(game, target: str) -> int | None:
    """The seat whose hand the Wizard looks at: the named player, or with the variant the
    holder of the named character (None: nobody holds it)."""
    state = game.state
    return state.holder(target) if _by_character(state) else state.seat_of(target)


def _apply_look(game, move: Move) -> None:
    require(game, "wizard")
    state = game.state
    seat = state.turn.seat
    other = _looked_at(game, move.args[0])
    if other == seat or (_by_character(state) and move.args[0] == "wizard"):
        raise IllegalMove("wizard_self", ("wizard.take-card",), wizard="wizard")
    if len(move.args) == 1:
        # The variant: a character nobody holds, or whose holder has no cards, gives nothing.
        if other is not None and state.players[other].hand:
            raise IllegalMove("wizard_name_take", ("wizard.take-card",), wizard="wizard")
        once(game, "wizard")
        return
    if other is None:
        raise IllegalMove("not_held", ("wizard.take-card",), character=move.args[0])
    card = move.args[1]
    build = len(move.args) > 2
    if not state.players[other].hand:
        raise IllegalMove("wizard_empty_hand", ("wizard.take-card",), player=state.players[other].name)
    if not hands.may_name(game, other, card):
        raise IllegalMove("not_in_hand", ("wizard.take-card",), card=card)
    if build and card == UNKNOWN:
        raise IllegalMove("wizard_name_build", ("wizard.take-card",), wizard="wizard")
    problem = _build_problem(game, seat, card) if build else None
    if problem:
        raise refuse(problem)
    once(game, "wizard")
    hands.remove_card(game, other, card)
    if game.says:
        game.event("card_taken", player=state.players[seat].name, source=state.players[other].name, card=card)
    if not build:
        hands.give_card(game, seat, card)
        return
    cost = build_cost(game, seat, card)
    game.pay(seat, cost, "build")
    builds = state.turn.builds
    place_district(game, seat, card, cost)
    state.turn.builds = builds         # outside the building limit


def _generate_look(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "wizard" in turn.used or turn.finished_actions:
        return []
    if _by_character(state):
        targets = [(c, state.holder(c)) for c in state.characters if c != "wizard"]
    else:
        targets = [(p.name, seat) for seat, p in enumerate(state.players)]
    # Whether he may build a taken card: the turn's part once; then, for each card, a cheap
    # necessary condition first (affordable at the best discount any card gives: the
    # `build_discount` hooks, as the build listing filters), then the card's part.
    seat = turn.seat
    may_build = _turn_build_problem(game) is None
    most = build_reach(game, seat)
    districts = game.rb.districts
    moves = []
    for target, other in targets:
        if other == seat:
            continue
        if other is None or not state.players[other].hand:
            if _by_character(state):
                moves.append(make_move((turn.character, "look", (target,))))
            continue
        for card in hands.distinct_cards(game, other):
            moves.append(make_move((turn.character, "look", (target, card))))
            if (may_build and card != UNKNOWN and districts[card].cost <= most
                    and _card_build_problem(game, seat, card) is None):
                moves.append(make_move((turn.character, "look", (target, card, "build"))))
    return moves


@register
class Wizard(Behaviour):
    id = "wizard"
    verbs = (Verb("look", ("查看手牌", "看手牌", "偷看"), _parse_look, _apply_look, _generate_look, _format_look),)
    refusals = ("wizard_self", "wizard_empty_hand", "wizard_name_take", "wizard_name_build")

    def allows_duplicate(self, game, seat: int, district: str) -> bool | None:
        # All the Wizard's turn, districts identical to his own are allowed, in any number.
        turn = game.state.turn
        if turn is not None and seat == turn.seat and has_power(game, "wizard"):
            return True
        return None
