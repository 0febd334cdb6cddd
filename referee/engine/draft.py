"""The selection phase: discards, then picks around the table, for every player count 2-8.

The shuffles and random discards are chance, drawn from the game's seeded random generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.moves import Move
from referee.engine.state import Draft

if TYPE_CHECKING:
    from referee.engine.game import Game

CHANCE = "chance"


def begin(game: "Game") -> None:
    state, rb, rng = game.state, game.rb, game.chance()
    state.phase = "draft"
    state.turn = None
    n = len(state.players)
    deck = list(state.characters)
    rng.shuffle(deck)
    facedown = [deck.pop()]
    faceup: list[str] = []
    wanted = rb.faceup_discards(n, len(state.characters)) if n >= 4 else 0
    while len(faceup) < wanted:
        card = deck.pop()
        if rb.characters[card].rank == 4:
            # Rank 4 is never discarded face up: another card replaces it, and it goes back in.
            deck.insert(rng.randrange(len(deck) + 1), card)
            continue
        faceup.append(card)
    seats = [(state.crown + i) % n for i in range(n)]
    if n == 2:
        a, b = seats
        order = [(a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick"), (b, "discard")]
    elif n == 3:
        order = [(s, "pick") for s in seats]
        extra = len(deck) - 3 - 3 - 1     # cards beyond the second picks and the last discard
        order += [(seats[-1], CHANCE)] * max(0, extra)
        order += [(s, "pick") for s in seats]
    else:
        order = [(s, "pick") for s in seats]
    state.draft = Draft(deck, faceup, facedown, order, last_gets_facedown=(n >= 4 and len(deck) == n))
    if faceup:
        game.event("faceup", characters=[rb.name(c) for c in faceup])
    _run_chance(game)


def _choices(game: "Game") -> list[str]:
    d = game.state.draft
    if d.last_gets_facedown and len(d.order) == 1 and len(d.available) == 1:
        return d.available + d.facedown[:1]
    return d.available


def legal_moves(game: "Game") -> list[Move]:
    d = game.state.draft
    if not d or not d.order:
        return []
    seat, step = d.order[0]
    name = game.state.players[seat].name
    return [Move(name, step, (c,)) for c in sorted(set(_choices(game)))]


def apply(game: "Game", move: Move) -> None:
    from referee.engine.game import IllegalMove

    state = game.state
    d = state.draft
    if move.verb not in ("pick", "discard"):
        if move.verb == "faceup":
            raise IllegalMove("not_supported", (), what="faceup")
        raise IllegalMove("selection_phase", ("draft.procedure",))
    seat, step = d.order[0]
    if move.actor != state.players[seat].name:
        raise IllegalMove("not_your_pick", ("draft.procedure",), player=state.players[seat].name)
    if move.verb != step:
        raise IllegalMove("wrong_draft_step", ("draft.two-player",), step=step)
    card = move.args[0]
    choices = _choices(game)
    if card not in choices:
        raise IllegalMove("not_available", ("draft.procedure",), character=game.rb.name(card))
    if len(choices) > len(d.available):          # the 7-player rule: two cards, keep one
        pool = choices
        pool.remove(card)
        d.available = []
        d.facedown = pool + d.facedown[1:]
    else:
        d.available.remove(card)
    if step == "pick":
        state.players[seat].characters.append(card)
        game.event("picked", player=state.players[seat].name)
    else:
        d.facedown.append(card)
        game.event("discarded", player=state.players[seat].name)
    d.order.pop(0)
    _run_chance(game)
    if not d.order:
        d.facedown.extend(d.available)
        d.available = []
        game.start_turns()


def _run_chance(game: "Game") -> None:
    d = game.state.draft
    while d.order and d.order[0][1] == CHANCE:
        d.order.pop(0)
        card = d.available.pop(game.chance().randrange(len(d.available)))
        d.facedown.append(card)
        game.event("discarded", player="(random)")
