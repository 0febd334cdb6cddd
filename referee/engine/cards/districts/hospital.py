"""Hospital (classic): a player whose character was killed, and who owns the Hospital, still
takes his action when that character is called — 2 gold or the draw — but may not build nor use
the character's power (so no income, no Merchant's gold, no King's crown before the round's
end). The classic FAQ leaves the Hospital out of games with the Witch (a cast rule).

When the flow calls the killed character (`killed_turn`), the Hospital opens a required
decision for its owner: `PLAYER: use Hospital gold` or `PLAYER: use Hospital draw [keep C]` (or
`PLAYER: gold`, `PLAYER: draw`; the killed character may name the Hospital too, `King: use
Hospital gold`, but the owner's other character may not: his moves are his own); then the next
character is called. The Library and the Observatory (district powers) still
apply to the draw."""

from __future__ import annotations

from referee.engine.cards.basic import draw_action, draw_choices, without_keep
from referee.engine.cards.common import mover_seat
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, first_word, make_move
from referee.engine.registry import Behaviour, register
from referee.engine.state import Pending

CITES = ("hospital.killed",)


@register
class Hospital(Behaviour):
    id = "hospital"
    kind = "district"
    editions = ("classic",)
    refusals = ("hospital_timing", "hospital_action", "hospital_answer")

    def killed_turn(self, game, character: str, seat: int) -> bool:
        if not game.owns(seat, "hospital"):
            return False
        game.state.pending = Pending("hospital", seat, (character,), required=True)
        game.event("hospital", player=game.state.players[seat].name, character=character)
        return True

    # -- the answer: gold or draw -----------------------------------------------------------------

    def parse_use(self, notation, rest: str) -> tuple:
        from referee.errors import BadMove, Typed

        word, tail = first_word(rest)
        if word.casefold() in ("gold", "金幣", "金币", "拿金幣", "拿金币", "拿錢", "拿钱"):     # 拿金币: the gold verb as typed
            if tail:
                raise BadMove.say("hospital.error.after_gold", tail=Typed(tail))
            return ("gold",)
        if word.casefold() in ("draw", "抽牌", "摸牌"):
            tail = without_keep(tail)
            return ("draw", *(notation.districts(tail) if tail else ()))
        raise BadMove.say("hospital.error.use_args", rest=Typed(rest))

    def format_use(self, notation, args: tuple) -> str:
        if args[0] == "draw" and len(args) > 1:
            return f"{notation.keyword('draw')} {notation.keyword('keep')} " + ", ".join(notation.name(a) for a in args[1:])
        return notation.keyword(args[0])

    answers_to = ("use",)

    def is_answer(self, move: Move) -> bool:
        return move.verb == "use" and move.args[:1] == ("hospital",)

    def read_as_answer(self, move: Move) -> Move | None:
        """The action as the killed owner says it (`Bob: gold`, `Bob: draw keep Temple`), read as
        the Hospital's answer; only while it is the one decision open and only when said by his
        name (`turn.apply`, the flow): `Wizard: draw` is the Wizard's own move, never this one."""
        if move.verb == "gold" and not move.args:
            return make_move((move.actor, "use", ("hospital", "gold")))
        if move.verb == "draw":
            return make_move((move.actor, "use", ("hospital", "draw", *move.args)))
        return None

    def waiting_refusal(self, game) -> IllegalMove:
        pending = game.state.pending
        return IllegalMove("hospital_answer", CITES, player=game.state.players[pending.seat].name,
                           character=pending.data[0])

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        actor = mover_seat(game, move)
        if pending is None or pending.kind != "hospital" or actor != pending.seat:
            raise IllegalMove("hospital_timing", CITES)
        if move.actor in game.rb.characters and move.actor != pending.data[0]:
            # The owner speaking as his other character (`Wizard: use Hospital gold`): the action
            # is the killed character's, said by the owner's name or by that character's.
            raise self.waiting_refusal(game)
        if len(move.args) < 2:
            raise IllegalMove("hospital_action", CITES)
        state.pending = None
        if move.args[1] == "gold":
            game.gain(actor, int(game.rb.setup.get("gold", 2)), "hospital")
        else:
            draw_action(game, actor, list(move.args[2:]))

    def answers(self, game) -> list[Move]:
        state = game.state
        name = state.players[state.pending.seat].name
        return [make_move((name, "use", ("hospital", "gold")))] + [
            make_move((name, "use", ("hospital", "draw", *kept))) for kept in draw_choices(game, state.pending.seat)]
