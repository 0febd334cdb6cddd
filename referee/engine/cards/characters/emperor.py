"""Emperor (rank 4; classic The Dark City and 2016). His noble income is character data; not
used with 2 players (data: excluded_players).

During his turn he must take the crown from its holder and give it to another player — neither
himself nor the holder — and is paid by the new holder: `crown PLAYER take gold` or `crown
PLAYER take card` (the notation of docs/situations.md). 2016: the Emperor chooses, and the card is random.
Classic: the new holder chooses gold or card, and which card; the move names the choice made.
`crown PLAYER take nothing` (an extension) when the new holder has neither gold nor cards. The
turn cannot end before the crown has moved (when someone can receive it).

Killed: classic, the crown stays where it is. 2016, at the end of the round his player, as the
Emperor's advisor, still moves it (`Emperor: crown PLAYER`, an extension: a required decision
the round waits for), taking nothing. Bewitched: whoever has his power this turn (the Witch)
moves the crown and takes the payment, and may give it to the Emperor's player."""

from __future__ import annotations

from functools import lru_cache

from referee.engine.cards import hands
from referee.engine.cards.characters.king import take_crown
from referee.engine.cards.common import has_power, once, require
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import UNKNOWN, Pending
from referee.errors import BadMove, Typed

_TAKE = ("take", "拿", "取")
_RESOURCES = {"gold": "gold", "金幣": "gold", "金币": "gold", "card": "card", "牌": "card", "卡": "card",
              "nothing": "nothing", "無": "nothing", "无": "nothing"}


def _parse_crown(notation, tail: str) -> tuple:
    player, rest = notation.player_then(tail)
    words = rest.split()
    if not words:
        return (player,)
    if len(words) < 2 or words[0].casefold() not in _TAKE or words[1].casefold() not in _RESOURCES:
        raise BadMove.say("emperor.error.crown_args", tail=Typed(tail))
    resource = _RESOURCES[words[1].casefold()]
    if len(words) > 2:
        if resource != "card":
            raise BadMove.say("emperor.error.card_after_take_card", tail=Typed(tail))
        return (player, resource, notation.district(" ".join(words[2:])))
    return (player, resource)


def _format_crown(notation, move: Move) -> str:
    args = move.args
    text = args[0] if len(args) == 1 else f"{args[0]} {notation.keyword('take')} {notation.keyword(args[1])}"
    return text + f" {notation.name(args[2])}" if len(args) > 2 else text


def receivers(game, giver: int) -> list[int]:
    """Who may receive the crown from `giver`: anyone but himself and its present holder."""
    state = game.state
    neither = (giver, state.crown)
    return [seat for seat in range(len(state.players)) if seat not in neither]


def may_crown(game, giver: int) -> bool:
    """Whether anyone may receive the crown from `giver` (receivers() is not empty): a seat
    besides his own and the holder's, counted, not listed (the duty asked at each `end`)."""
    state = game.state
    return len(state.players) > (1 if giver == state.crown else 2)


def _receiver_problem(game, giver: int, name: str) -> tuple | None:
    state = game.state
    seat = state.seat_of(name)
    if seat == giver:
        return ("crown_self", ("emperor.crown-recipient",), {})
    if seat == state.crown:
        return ("crown_holder", ("emperor.crown-recipient",), {"player": name})
    return None


def _payment_problem(game, receiver: int, resource: str, card: str | None) -> tuple | None:
    """Why the new holder cannot pay this way (the choice, its maker and its randomness by edition)."""
    player = game.state.players[receiver]
    if resource == "nothing":
        if player.gold or player.hand:
            return ("crown_must_take", ("emperor.payment",), {"player": player.name})
    elif resource == "gold":
        if not player.gold:
            return ("crown_no_gold", ("emperor.payment",), {"player": player.name})
    elif not player.hand:
        return ("crown_no_card", ("emperor.payment",), {"player": player.name})
    elif card is not None:
        if game.rb.edition != "classic" and not game.table:
            return ("crown_random_card", ("emperor.payment",), {})
        if not hands.may_name(game, receiver, card):
            return ("not_in_hand", ("emperor.payment",), {"card": card})
    elif game.rb.edition == "classic" and not game.table:
        return ("crown_which_card", ("emperor.payment",), {"player": player.name})
    elif game.table and hands.unnamed_card(game, receiver) is None:     # (at a table nothing is drawn)
        return ("crown_which_card", ("emperor.payment",), {"player": player.name})
    return None


def _apply_crown(game, move: Move) -> None:
    require(game, "emperor")
    state = game.state
    seat = state.turn.seat
    name, resource = move.args[0], move.args[1]
    card = move.args[2] if len(move.args) > 2 else None
    receiver = state.seat_of(name)
    problem = _receiver_problem(game, seat, name) or _payment_problem(game, receiver, resource, card)
    if problem:
        raise refuse(problem)
    _crown(game, seat, receiver, name, resource, card)


def _apply_listed_crown(game, move: Move) -> None:
    """A crown just listed: `_generate_crown` listed it only for a receiver and a payment that
    _receiver_problem() and _payment_problem() allow, so they are not asked again
    (tests/engine/test_properties.py: the same position and events as `_apply_crown`)."""
    args = move.args
    _crown(game, game.state.turn.seat, game.state.seat_of(args[0]), args[0], args[1], args[2] if len(args) > 2 else None)


def _crown(game, seat: int, receiver: int, name: str, resource: str, card: str | None) -> None:
    state = game.state
    once(game, "crown")
    take_crown(game, receiver)
    if resource == "gold":
        game.transfer(receiver, seat, 1, "emperor")
    elif resource == "card":
        taken = card if card is not None else hands.unnamed_card(game, receiver)
        hands.remove_card(game, receiver, taken)
        hands.give_card(game, seat, taken)
        if game.says:
            game.event("card_taken", player=state.players[seat].name, source=name, card=taken)


def _generate_crown(game) -> list[Move]:
    state = game.state
    turn = state.turn
    if "crown" in turn.used or turn.finished_actions:
        return []
    actor = turn.character
    players = state.players
    named = game.rb.edition == "classic" or game.table       # the card taken may be named
    # _payment_problem()'s answer for an unnamed card, the same for every new holder with a hand
    # away from a table: allowed in 2016 (the card is random), not in classic (he names it); at
    # a table (None) asked of each, as his hand may hold an unknown card.
    unnamed = None if game.table else game.rb.edition != "classic"
    moves = []
    for receiver in receivers(game, turn.seat):
        player = players[receiver]
        name = player.name
        # _payment_problem()'s answers in its order (gold, card, nothing), asked only where
        # they can differ: the gold and the nothing are the new holder's gold and hand read
        # as it reads them (this lists at every step of the Emperor's turn); the card, which
        # depends on the edition and the table, is asked.
        for_gold, for_card, for_nothing = _crowns(actor, name)
        if player.gold:
            moves.append(for_gold)
        if player.hand:
            if unnamed or (unnamed is None and _payment_problem(game, receiver, "card", None) is None):
                moves.append(for_card)
            if named:
                for card in hands.distinct_cards(game, receiver):
                    if card != UNKNOWN and _payment_problem(game, receiver, "card", card) is None:
                        moves.append(make_move((actor, "crown", (name, "card", card))))
        elif not player.gold:
            moves.append(for_nothing)
    return moves


@lru_cache(maxsize=64)
def _crowns(actor: str, name: str) -> tuple[Move, Move, Move]:
    """`crown NAME take gold`, `take card` (unnamed) and `take nothing`: the same moves at every
    listing of his turn and in every game of those players, so made once (one lookup a
    receiver, not two moves made)."""
    return tuple([make_move((actor, "crown", (name, paid))) for paid in ("gold", "card", "nothing")])


@register
class Emperor(Behaviour):
    id = "emperor"
    hook_editions = {"on_round_end": ("2016",)}       # the killed Emperor's advisor
    verbs = (Verb("crown", ("皇冠", "給皇冠", "给皇冠", "加冕"), _parse_crown, _apply_crown, _generate_crown, _format_crown,
                  apply_listed=_apply_listed_crown),)
    refusals = (
        "crown_self", "crown_holder", "crown_must_take", "crown_no_gold", "crown_no_card", "crown_random_card",
        "crown_which_card", "crown_say_take", "crown_first", "crown_timing", "crown_advisor",
    )

    def end_problem(self, game) -> tuple | None:
        turn = game.state.turn
        if has_power(game, "emperor") and "crown" not in turn.used and may_crown(game, turn.seat):
            return ("crown_first", ("emperor.crown-recipient", "general.powers-optional"), {})
        return None

    def on_round_end(self, game) -> None:
        """2016: a killed Emperor's player still moves the crown, as the Emperor's advisor."""
        state = game.state
        if game.rb.edition != "2016" or state.marks.killed != "emperor":
            return
        seat = state.holder("emperor")
        if seat is not None and may_crown(game, seat):
            state.pending = Pending("emperor", seat, (), required=True)

    # -- the advisor's decision at the end of the round -----------------------------------------

    answers_to = ("crown",)

    def is_answer(self, move: Move) -> bool:
        return move.verb == "crown" and len(move.args) == 1

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        if pending is None or pending.kind != "emperor":
            if state.turn is not None and has_power(game, "emperor"):
                raise IllegalMove("crown_say_take", ("emperor.payment",))
            raise IllegalMove("crown_timing", ("emperor.killed",))
        if move.actor != "emperor" and state.seat_of(move.actor) != pending.seat:
            raise IllegalMove("crown_advisor", ("emperor.killed",))
        problem = _receiver_problem(game, pending.seat, move.args[0])
        if problem:
            raise refuse(problem)
        state.pending = None
        take_crown(game, state.seat_of(move.args[0]))

    def answers(self, game) -> list[Move]:
        state = game.state
        return [make_move(("emperor", "crown", (state.players[seat].name,))) for seat in receivers(game, state.pending.seat)]
