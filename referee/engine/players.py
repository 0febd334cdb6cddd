"""A random player for simulations: legal moves only, with a taste for building so that games
end in a sensible number of rounds (uniform choice among all moves rarely builds)."""

from __future__ import annotations

import random

from referee.engine.game import Game
from referee.engine.moves import Move


def choose_move(game: Game, moves: list[Move] | None, rng: random.Random) -> Move | None:
    """A move among `moves`; None: among the game's legal moves, asked verb by verb only as far
    as the choice needs them (the builds, else the way to gather, else all): the same move, from
    the same draws of `rng`, as from the whole list, which is then mostly never made. None when
    there is no move to choose."""
    known: dict = {}       # the moves listed verb by verb in this position (moves None)
    builds = _of(game, moves, "build", known)
    if builds and rng.random() < 0.9:
        return rng.choice(builds)
    turn = game.state.turn
    if turn is not None and not turn.gathered:
        hand = len(game.state.players[turn.seat].hand)
        wanted = "gold" if hand >= 3 or rng.random() < 0.3 else "draw"
        options = _of(game, moves, wanted, known) or (game.legal_moves(None, known) if moves is None else moves)
        # A table also accepts a draw that does not say what was kept; a player who knows
        # his cards names them (an unknown card could not be built by this policy).
        options = [m for m in options if m.verb != "draw" or m.args] or options
        return rng.choice(options) if options else None
    if moves is None:
        moves = game.legal_moves(None, known)
    if turn is not None:
        others = [m for m in moves if m.verb not in ("end", "redraw")]
        if others and rng.random() < 0.5:
            return rng.choice(others)
        ends = [m for m in moves if m.verb == "end"]
        if ends:
            return ends[0]
    return rng.choice(moves) if moves else None


def _of(game: Game, moves: list[Move] | None, verb: str, known: dict) -> list[Move]:
    """The moves of `verb` among `moves`, or among the legal moves (None) without listing others."""
    return game.legal_moves(verb, known) if moves is None else [m for m in moves if m.verb == verb]
