"""Abbot (rank 5; classic The Dark City and 2016, different rules).

Income: religious districts (character data). The 2016 Abbot takes each as gold or a card, in a
split he declares (`income N gold M cards`, the income kind "gold-or-cards" of his data); the
classic Abbot takes gold.

The richest player's gold: once in his turn, if the Abbot is not the player with the most gold,
that player gives him 1 gold. If he is the richest or tied for it, nothing. On a tie among the
others, the 2016 Abbot chooses who pays (`take-gold PLAYER`); the classic one gets nothing (and
so does the 2016 one under the variant `abbot-tie-nothing`).

When: at any moment of his turn, judged at that moment (the rulebooks; FAQ
abbot.when-richest-pays). `take-gold PLAYER` claims it now; an untied richest player who has not
been asked pays by himself at the end of the turn, if the Abbot is still not the richest then.
Under the variant `reveal-time-choice` the Abbot decides as soon as he is revealed: an untied
richest player pays then, a tie is settled by `take-gold` before anything else, and the chance
lapses with his first other move.

Variant `abbot-gold-and-card` (seed 000's house rule, both editions): the income is gold or
cards as in 2016, a tie for richest pays nothing, and the player with the most cards in hand
(alone, and more than the Abbot) also gives him one card at random when the gold is given by
itself.
"""

from __future__ import annotations

from referee.engine.cards import basic
from referee.engine.cards.common import has_power, kept_move, once, parse_player, require
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move
from referee.engine.registry import Behaviour, Verb, register

_USED = "abbot-gold"          # the ability's mark in Turn.used
_GOLD_AND_CARD = "abbot-gold-and-card"   # seed 000's house rule: also a card from the biggest hand


def _ties_pay_nothing(game) -> bool:
    variants = game.state.variants
    return game.rb.edition == "classic" or "abbot-tie-nothing" in variants or _GOLD_AND_CARD in variants


def _on_reveal_only(game) -> bool:
    return "reveal-time-choice" in game.state.variants


def richest_others(game, seat: int) -> list[int]:
    """The other players with the most gold, if they have more than the Abbot (else none)."""
    # One pass (asked at every step of his turn and at its end): the most gold seen so far,
    # starting from the Abbot's own, and who has it once it is more than his. The Abbot's own
    # seat needs no test: his gold is never more than `top`, and equals it only while nobody
    # richer has been found (`richest` empty), so he is never added.
    players = game.state.players
    top = players[seat].gold
    richest = []
    for other, player in enumerate(players):
        gold = player.gold
        if gold > top:
            top, richest = gold, [other]
        elif gold == top and richest:
            richest.append(other)
    return richest


def payers(game, seat: int) -> list[int]:
    """Who may be made to give the Abbot his gold now: the richest other player, or those tied
    for it when the Abbot chooses among them."""
    richest = richest_others(game, seat)
    if len(richest) > 1 and _ties_pay_nothing(game):
        return []
    return richest


def _untouched(turn) -> bool:
    """Nothing has happened yet in the turn (the moment the reveal-time variant allows). The
    Witch resuming a bewitched Abbot's turn has gathered already: her part starts untouched."""
    return not ((turn.gathered and not turn.acting) or turn.income or turn.builds or turn.used)


def _problem(game, payer: int | None) -> tuple | None:
    """Why `payer` cannot be made to give the Abbot his gold now, as (key, citations, values)."""
    state = game.state
    turn = state.turn
    seat = turn.seat
    if payer == seat:
        return ("abbot_self", ("abbot.richest-tie",), {"abbot": "abbot"})
    if _on_reveal_only(game) and not _untouched(turn):
        return ("abbot_on_reveal", ("abbot.when-richest-pays", "variant.reveal-time-choice"), {"abbot": "abbot"})
    richest = richest_others(game, seat)
    if not richest:
        return ("abbot_richest", ("abbot.richest-tie", "abbot.when-richest-pays"),
                {"gold": state.players[seat].gold, "abbot": "abbot"})
    names = ", ".join(state.players[i].name for i in richest)
    if len(richest) > 1 and _ties_pay_nothing(game):
        if game.rb.edition == "classic":
            return ("abbot_tie_nothing", ("abbot.richest-tie",), {"players": names, "abbot": "abbot"})
        if _GOLD_AND_CARD in state.variants:
            return ("abbot_tie_nothing", ("abbot.richest-tie", "variant.abbot-gold-and-card"),
                    {"players": names, "abbot": "abbot"})
        return ("abbot_tie_nothing", ("abbot.richest-tie", "variant.abbot-tie-nothing"),
                {"players": names, "abbot": "abbot"})
    if payer not in richest:
        name = state.players[payer].name if payer is not None else "?"
        return ("abbot_not_richest", ("abbot.richest-tie", "abbot.when-richest-pays"),
                {"player": name, "richest": names})
    return None


def _card_from_biggest_hand(game) -> None:
    """Variant abbot-gold-and-card: the player with the most cards in hand (alone, and more
    than the Abbot) gives him one of them, at random; checked when the gold would be given
    by itself."""
    if _GOLD_AND_CARD not in game.state.variants:
        return
    state = game.state
    seat = state.turn.seat
    others = [i for i in range(len(state.players)) if i != seat]
    if not others:
        return
    most = max(len(state.players[i].hand) for i in others)
    biggest = [i for i in others if len(state.players[i].hand) == most]
    if len(biggest) != 1 or most <= len(state.players[seat].hand):
        return
    giver, receiver = state.players[biggest[0]], state.players[seat]
    at = game.chance().randrange(most)
    card = giver.hand[at]
    giver.hand = giver.hand[:at] + giver.hand[at + 1:]
    receiver.hand = receiver.hand + [card]
    if game.says:
        game.event("cards", player=receiver.name, count=1, source=giver.name, reason="abbot")


def _take(game, payer: int) -> None:
    game.transfer(payer, game.state.turn.seat, 1, "abbot")


def _apply_take_gold(game, move: Move) -> None:
    require(game, "abbot")
    if _USED in game.state.turn.used:
        raise IllegalMove("ability_once", ("general.ability-once-per-turn",))
    payer = game.state.seat_of(move.args[0])
    problem = _problem(game, payer)
    if problem:
        raise refuse(problem)
    once(game, _USED)
    _take(game, payer)


def _apply_listed_take_gold(game, move: Move) -> None:
    """A `take-gold` just listed: `_generate_take_gold` listed it only for a payer `_problem()`
    allows, in a turn that has not used the ability nor ended its actions, so the checks (the
    richest players found again, their names joined) are not made again
    (tests/engine/test_properties.py: the same position and events as `_apply_take_gold`)."""
    turn = game.state.turn
    turn.used = turn.used | {_USED}
    _take(game, game.state.seat_of(move.args[0]))


def _generate_take_gold(game) -> list[Move]:
    turn = game.state.turn
    if _USED in turn.used or (_on_reveal_only(game) and not _untouched(turn)):
        return []
    players = game.state.players
    return [kept_move(turn.character, "take-gold", players[i].name) for i in payers(game, turn.seat)]


@register
class Abbot(Behaviour):
    id = "abbot"
    own_turn_hooks = ("on_reveal",)       # his reveal-time variant: in a turn using his powers
    verbs = (Verb("take-gold", ("索取金幣", "索取金币", "討金幣", "讨金币"), parse_player, _apply_take_gold,
                  _generate_take_gold, apply_listed=_apply_listed_take_gold),)
    refusals = ("abbot_richest", "abbot_tie_nothing", "abbot_not_richest", "abbot_self", "abbot_on_reveal")

    def on_reveal(self, game, character: str, seat: int) -> None:
        # Under the reveal-time variant an untied richest player pays at once; a tie waits for
        # the Abbot's first move.
        if _on_reveal_only(game) and has_power(game, "abbot"):
            self._pay_if_untied(game)
            _card_from_biggest_hand(game)

    def on_turn_end(self, game, seat: int) -> None:
        # No choice to make (a single richest player): the gold is given by itself, at the last
        # moment of the turn, unless the Abbot already claimed it. (Asked at every turn's end:
        # whether the turn is the Abbot's first, which rules most of them out.)
        if has_power(game, "abbot") and not _on_reveal_only(game):
            self._pay_if_untied(game)
            _card_from_biggest_hand(game)

    def income_rule(self, game):
        """Seed 000's house rule gives the classic Abbot the 2016 income too (gold or cards)."""
        if _GOLD_AND_CARD in game.state.variants:
            return basic.Income("religious", "gold-or-cards")
        return None

    @staticmethod
    def _pay_if_untied(game) -> None:
        turn = game.state.turn
        if _USED in turn.used:
            return
        found = payers(game, turn.seat)
        if len(found) == 1:
            turn.used = turn.used | {_USED}
            _take(game, found[0])
