"""Theater (2016): at the end of each selection phase its owner may exchange his chosen
character with another player's. He chooses the player blindly; the two may look at their new
cards, which stay hidden until called. With 2-3 players (two characters each) he chooses which
of his to give and takes one of the other player's two at random.

The moment is a step of the selection that the Theater adds after the last pick
(`selection_steps`), so the turns start only once it is answered:
  `use Theater PLAYER`                          swap (4-8 players)
  `use Theater PLAYER giving CH`                2-3 players: give CH, take one of PLAYER's at random
  `use Theater PLAYER giving CH taking CH2`     the same at a table, where the table drew the card
  `use Theater pass`                            no swap
What the engine knows: in a dealt game every character; at a table the picks were recorded
(`pick CH`), so the swap exchanges what was recorded, and the random card taken is the one the
table names. At a table whose picks are secret the swap is announced, not played
(`secret_selection_apply`); its slot of the state keeps the round of the last announcement."""

from __future__ import annotations

import re
from typing import TypedDict

from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, register

PASS_WORDS = ("pass", "no", "不換", "不换", "不交換", "不交换", "跳過", "跳过")
CITES = ("theater.swap",)
CITES_FEW = ("theater.two-three-players",)


def _owner(game) -> int | None:
    for seat, player in enumerate(game.state.players):
        if player.has_built("theater"):
            return seat
    return None


class TheaterState(TypedDict, total=False):
    announced: int                   # a secret table: the last round whose swap (or pass) was announced


def _swapped_this_round(game) -> bool:
    """A secret table: the owner already told the table of this round's swap (or pass)."""
    return game.state.card("theater").get("announced") == game.state.round


def _two_each(game) -> bool:
    return len(game.state.players) < int(game.rb.setup.get("two_characters_below", 4))


@register
class Theater(Behaviour):
    id = "theater"
    kind = "district"
    editions = ("2016",)
    refusals = (
        "theater_timing", "theater_owner", "theater_self", "theater_nothing", "theater_give", "theater_one_each",
        "theater_take", "theater_random",
    )

    # -- notation ------------------------------------------------------------------------------

    def parse_use(self, notation, rest: str) -> tuple:
        rest = rest.strip()
        if rest.casefold() in PASS_WORDS and notation.state.seat_of(rest) is None:
            return ("pass",)
        found = re.fullmatch(r"(.+?)\s+(?:giving|給出|给出)\s+(.+?)(?:\s+(?:taking|拿取)\s+(.+))?", rest, re.I)
        if found is None:
            return (notation.player(rest),)
        player, given, taken = found.groups()
        if taken is None:
            return (notation.player(player), notation.character(given))
        return (notation.player(player), notation.character(given), notation.character(taken))

    def format_use(self, notation, args: tuple) -> str:
        if args == ("pass",):
            return notation.keyword("pass")
        text = args[0]
        if len(args) > 1:
            text += f" {notation.keyword('giving')} " + notation.name(args[1])
        if len(args) > 2:
            text += f" {notation.keyword('taking')} " + notation.name(args[2])
        return text

    # -- during the turns: nothing ----------------------------------------------------------------

    def use(self, game, move: Move) -> None:
        raise IllegalMove("theater_timing", CITES)

    def generate_use(self, game) -> list[Move]:
        return []

    # -- a table with secret picks ----------------------------------------------------------------

    def secret_selection_apply(self, game, move: Move) -> bool:
        """At a table whose picks are secret the swap is seen (who with whom), not what changed
        hands: it is recorded, and each player still reveals what he holds when called."""
        if move.verb != "use" or move.args[:1] != ("theater",):
            return False
        state = game.state
        owner = _owner(game)
        actor = state.seat_of(move.actor)
        if owner is None or actor != owner:
            raise IllegalMove("not_owned", CITES, card="theater")
        if _swapped_this_round(game):
            raise IllegalMove("ability_once", CITES)
        args = move.args[1:]
        if args != ("pass",):
            if len(args) != 1 or state.seat_of(args[0]) in (None, owner):
                raise IllegalMove("theater_timing", CITES)
        state.set_card("theater", announced=state.round)
        game.event("theater_swap" if args != ("pass",) else "theater_pass", player=state.players[owner].name,
                   other=args[0] if args != ("pass",) else None, round=state.round)
        return True

    def secret_selection_moves(self, game) -> list[Move]:
        owner = _owner(game)
        if owner is None or _swapped_this_round(game):
            return []
        name = game.state.players[owner].name
        return [make_move((name, "use", ("theater", "pass")))] + [
            make_move((name, "use", ("theater", p.name))) for i, p in enumerate(game.state.players) if i != owner]

    # -- the selection's last step ----------------------------------------------------------------

    def selection_steps(self, game) -> list[tuple[int, str]]:
        owner = _owner(game)
        return [] if owner is None else [(owner, "theater")]

    def selection_apply(self, game, move: Move) -> None:
        state = game.state
        seat = state.draft.order[0][0]
        owner = state.players[seat]
        if move.verb != "use" or move.args[:1] != ("theater",) or move.actor != owner.name:
            raise IllegalMove("theater_owner", CITES, player=owner.name)
        args = move.args[1:]
        if args == ("pass",):
            game.event("theater_pass", player=owner.name)
            return
        other_seat = state.seat_of(args[0])
        other = state.players[other_seat]
        if other_seat == seat:
            raise IllegalMove("theater_self", CITES)
        if not other.characters:
            raise IllegalMove("theater_nothing", CITES, player=other.name)
        if not _two_each(game):
            if len(args) > 1:
                raise IllegalMove("theater_one_each", CITES)
            given, taken = owner.characters[0], other.characters[0]
        else:
            given = args[1] if len(args) > 1 else None
            if given not in owner.characters:
                raise IllegalMove("theater_give", CITES_FEW)
            if game.table:
                taken = args[2] if len(args) > 2 else None
                if taken not in other.characters:
                    raise IllegalMove("theater_take", CITES_FEW, player=other.name)
            else:
                if len(args) > 2:
                    raise IllegalMove("theater_random", CITES_FEW, player=other.name)
                taken = sorted(other.characters)[game.chance().randrange(len(other.characters))]
        owner.characters = [taken if c == given else c for c in owner.characters]
        other.characters = [given if c == taken else c for c in other.characters]
        game.event("theater_swap", player=owner.name, other=other.name)

    def selection_moves(self, game) -> list[Move]:
        state = game.state
        seat = state.draft.order[0][0]
        owner = state.players[seat]
        moves = [make_move((owner.name, "use", ("theater", "pass")))]
        for other in state.players:
            if other is owner or not other.characters:
                continue
            if not _two_each(game):
                moves.append(make_move((owner.name, "use", ("theater", other.name))))
            elif game.table:
                moves += [make_move((owner.name, "use", ("theater", other.name, given, taken)))
                          for given in sorted(owner.characters) for taken in sorted(other.characters)]
            else:
                moves += [make_move((owner.name, "use", ("theater", other.name, given))) for given in sorted(owner.characters)]
        return moves
