"""Navigator (rank 7; classic Dark City and 2016): after gathering, once, he gains either 4 gold
or 4 cards (`navigate gold` / `navigate cards`; the amounts are character data), and he cannot
build in his turn — not even a district outside the build limit (the Stables). Whoever uses his
power (a Witch who bewitched him) inherits both the bonus and the ban: the hooks ask whose
powers the turn uses, not who the character is.

Classic: the power comes after the action and is compulsory (the designer's FAQ, the default
here), so the turn cannot end before he takes it. Variant navigator-may-decline (the translated
FAQ): the power is optional, and a Navigator who has not used it may build as usual — once he
has built, the bonus is gone.
2016: the bonus is optional and he never builds. The rulebook adds that he may take it whatever
resource he gathered; like the Merchant's and the Architect's bonus, it comes after gathering.
"""

from __future__ import annotations

from referee.engine.cards.common import has_power, once, require
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register

RESOURCES = {"gold": "gold", "金幣": "gold", "金币": "gold", "錢": "gold", "钱": "gold",
             "cards": "cards", "card": "cards", "牌": "cards", "卡": "cards", "卡牌": "cards", "地區牌": "cards",
             "地区牌": "cards", "張牌": "cards", "张牌": "cards"}


def _may_decline(game) -> bool:
    return game.rb.edition == "classic" and "navigator-may-decline" in game.state.variants


def _built_this_turn(turn) -> bool:
    return any(used.startswith("built:") for used in turn.used)


def _parse_navigate(notation, tail: str) -> tuple:
    resource = RESOURCES.get(tail.strip().casefold())
    if resource is None:
        from referee.errors import BadMove, Typed

        raise BadMove.say("navigator.error.navigate_args", tail=Typed(tail))
    return (resource,)


def _apply_navigate(game, move: Move) -> None:
    require(game, "navigator")
    state = game.state
    turn = state.turn
    if not turn.gathered:
        if game.rb.edition == "classic":
            raise IllegalMove("gather_first", ("turn.ability-timing.classic", "turn.gather"))
        raise IllegalMove("gather_first", ("turn.ability-timing.2016", "turn.gather"))
    if _may_decline(game) and _built_this_turn(turn):
        raise IllegalMove("navigate_after_build", ("turn.navigator-may-decline", "navigator.build-without-power"))
    once(game, "navigate")
    facts = game.rb.characters["navigator"]
    if move.args[0] == "gold":
        game.gain(turn.seat, int(facts.fact("navigate_gold", 4)), "navigator")
    else:
        game.gain_cards(turn.seat, int(facts.fact("navigate_cards", 4)), "navigator")


def _generate_navigate(game) -> list[Move]:
    turn = game.state.turn
    if not turn.gathered or "navigate" in turn.used or turn.finished_actions:
        return []
    if _may_decline(game) and _built_this_turn(turn):
        return []
    return [make_move((turn.character, "navigate", ("cards",))), make_move((turn.character, "navigate", ("gold",)))]


@register
class Navigator(Behaviour):
    id = "navigator"
    hook_editions = {"end_problem": ("classic",)}      # the classic bonus owed before the end
    # Who may build: his own turns' rule (the build listing asks it only there, basic.build_generator).
    own_turn_hooks = ("can_build",)
    verbs = (Verb("navigate", ("航海", "領航", "领航"), _parse_navigate, _apply_navigate, _generate_navigate,
                  lambda notation, move: notation.keyword(move.args[0])),)
    refusals = ("navigate_after_build", "navigate_first")

    def can_build(self, game, allowed: bool) -> bool:
        if not has_power(game, "navigator"):
            return allowed
        # Variant: only a Navigator who leaves his bonus untaken builds (one district, as usual).
        return _may_decline(game) and "navigate" not in game.state.turn.used

    def end_problem(self, game) -> tuple | None:
        turn = game.state.turn
        if (game.rb.edition == "classic" and has_power(game, "navigator") and "navigate" not in turn.used
                and not _may_decline(game)):
            return ("navigate_first", ("turn.abilities.classic", "general.powers-optional"), {})
        return None
